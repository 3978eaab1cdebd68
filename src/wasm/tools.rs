//! The tools of every game ([`crate::games::tools`]) for the page: `tools()` lists
//! them, `run_tool(game, tool, text, options, progress)` runs one. No game is named
//! here: a tool added to a game's list is in the page at once.

use super::{function_arg, message, parse_error, text_arg, try_js, type_name};
use crate::games::tools::{self, Control, Host, ToolError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The registry: `{games: [{id, palette, tools: [{name, summary, readsLevel,
/// defaults, schema}]}]}` (`schema`: the JSON schema of the tool's options).
#[wasm_bindgen(
    unchecked_return_type = "{games: Array<{id: string, palette: string, tools: \
    Array<{name: string, summary: string, readsLevel: boolean, defaults: Record<string, unknown>, \
    schema: object}>}>}"
)]
pub fn tools() -> Result<JsValue, JsValue> {
    try_js(&tools::describe())
}

/// A tool's error as the page gets it: `{line, column, message}` for the level text,
/// `{field, message}` for an option, `{index, symbol, message}` for a move, otherwise
/// `{message}`.
fn tool_error(e: ToolError) -> JsValue {
    match e {
        ToolError::Parse(e) => parse_error(e),
        ToolError::Move(e) => super::move_error(e),
        ToolError::Options { ref field, .. } => {
            let error = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&error, &"field".into(), &field.into());
            let _ = js_sys::Reflect::set(&error, &"message".into(), &e.to_string().into());
            error.into()
        }
        e => message(e),
    }
}

/// Run the tool `tool` of `game` on the level `text` (ignored by a generator) with
/// `options` (an object; missing fields take the defaults of `tools()`; `undefined`:
/// all of them). `progress`, if a function, is called now and then with the progress
/// (a search's statistics, a generator's `{candidates, best}`). A solver's result
/// carries its trace as a `Uint32Array` (`trace`: bit 31 set, generated; clear,
/// expanded) and, when asked for with `recordLimit`, the debugger's record as typed
/// arrays (`record`). Throws as `tool_error` says.
#[wasm_bindgen]
pub fn run_tool(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] tool: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | null | undefined")]
    options: JsValue,
    #[wasm_bindgen(unchecked_param_type = "((progress: any) => void) | null | undefined")]
    progress: JsValue,
) -> Result<JsValue, JsValue> {
    let game = tools::game(&text_arg(&game, "game")?).map_err(tool_error)?;
    let tool = game.tool(&text_arg(&tool, "tool")?).map_err(tool_error)?;
    let text = if tool.reads_level() {
        text_arg(&text, "text")?
    } else {
        String::new()
    };
    let progress = function_arg(progress, "progress")?;
    let options = if options.is_undefined() || options.is_null() {
        js_sys::Object::new().into()
    } else if !options.is_object() || js_sys::Array::is_array(&options) {
        return Err(tool_error(ToolError::Options {
            field: "options".into(),
            message: format!("must be an object, not {}", type_name(&options)),
        }));
    } else {
        options
    };
    let mut report = |value: &dyn erased_serde::Serialize| {
        if let Some(f) = &progress {
            if let Ok(value) = value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()) {
                let _ = f.call1(&JsValue::NULL, &value);
            }
        }
    };
    let mut control = Control {
        cancel: None,
        progress: Some(&mut report),
    };
    let mut options =
        <dyn erased_serde::Deserializer>::erase(serde_wasm_bindgen::Deserializer::from(options));
    let report = tool
        .run(&text, &mut options, Host::Browser, &mut control)
        .map_err(tool_error)?;
    let result = try_js(&report)?;
    if let Some(solved) = report.solve_report() {
        super::attach_search(&result, &solved.trace, &solved.record)?;
    }
    Ok(result)
}
