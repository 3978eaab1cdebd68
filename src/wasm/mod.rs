//! WebAssembly bindings: thin conversions between JavaScript values and the pure game
//! code, one file per game. No rule is decided here.
//!
//! Errors are thrown as plain objects: `{ line, column, message }` for level text and
//! `{ index, symbol, message }` for moves.

mod actman;
mod arena;
mod gpac;
mod pengu;
mod rogue;

use crate::error::{MoveError, ParseError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Install the panic hook so that a Rust panic reaches the console with its message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

pub(crate) fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

pub(crate) fn parse_error(e: ParseError) -> JsValue {
    to_js(&e)
}

pub(crate) fn move_error(e: MoveError) -> JsValue {
    to_js(&e)
}

pub(crate) fn message(text: String) -> JsValue {
    to_js(&serde_json::json!({ "message": text }))
}

/// Play `moves` from the start with `replay` (which restarts the game first); on an
/// illegal move, play the legal prefix again so the session stands just before it.
/// Returns the reports of the moves played and the error, if any.
pub(crate) fn replay_legal_prefix<R>(
    moves: &str,
    mut replay: impl FnMut(&str) -> Result<Vec<R>, MoveError>,
) -> (Vec<R>, Option<MoveError>) {
    match replay(moves) {
        Ok(reports) => (reports, None),
        Err(e) => {
            let keep: String = moves.chars().take(e.index).collect();
            (replay(&keep).unwrap_or_default(), Some(e))
        }
    }
}

/// Solver options from JavaScript: the defaults for `undefined`/`null`, else the
/// object's fields (a clear message when they do not fit).
pub(crate) fn solve_options<T: serde::de::DeserializeOwned + Default>(
    options: JsValue,
) -> Result<T, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(T::default());
    }
    serde_wasm_bindgen::from_value(options).map_err(|e| message(format!("bad solver options: {e}")))
}

/// A progress callback for the search that calls the JavaScript function, if any,
/// with the statistics object.
pub(crate) fn progress_reporter(
    progress: &Option<js_sys::Function>,
) -> impl FnMut(&crate::search::Stats) + '_ {
    move |stats| {
        if let Some(f) = progress {
            let _ = f.call1(&JsValue::NULL, &to_js(stats));
        }
    }
}

/// `view` as a JavaScript object with the search trace attached as a `Uint32Array`.
pub(crate) fn with_trace<T: Serialize>(view: &T, events: &[u32]) -> Result<JsValue, JsValue> {
    let result = to_js(view);
    let trace = js_sys::Uint32Array::from(events);
    js_sys::Reflect::set(&result, &"trace".into(), &trace)?;
    Ok(result)
}

/// The module's linear memory, for zero-copy views of boards.
#[wasm_bindgen]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// A random seed (32 bits) from the browser's crypto source.
#[wasm_bindgen]
pub fn random_seed() -> f64 {
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes).unwrap_or(());
    f64::from(u32::from_le_bytes(bytes))
}
