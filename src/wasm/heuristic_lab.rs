//! The heuristic lab's bindings: `heuristic_lab_data(game, text, options)` (the data of
//! the page's helpers) and `heuristic_lab(game, text, options, h, progress)` (the run
//! and its verdicts, see [`crate::search::run_lab`]).

use super::{field_error, function_arg, message, options_arg, parse_error, text_arg, try_js};
use crate::games::{actman, pengu};
use crate::search::{LabData, LabError, LabHeuristic, LabOptions, LabRun, LabVisitor, Stats};
use wasm_bindgen::prelude::*;

/// A level of a game the lab serves, with the solve tool's options.
enum LabGame {
    Pengu(pengu::Level, pengu::SolveOptions),
    Actman(actman::Dungeon, actman::SolveOptions),
}

impl LabGame {
    /// Parse `text` for `game` (`pengu` or `actman`) and its options (the solve tool's).
    fn parse(
        game: &JsValue,
        text: &JsValue,
        options: &JsValue,
    ) -> Result<(Self, usize, usize), JsValue> {
        let text = text_arg(text, "text")?;
        match text_arg(game, "game")?.as_str() {
            "pengu" => {
                let level = pengu::Level::parse(&text).map_err(parse_error)?;
                let o: pengu::SolveOptions = options_arg(options.clone(), "heuristic lab")?;
                o.check().map_err(|e| field_error(e.field, e.to_string()))?;
                let (rows, cols) = (level.tiles.rows(), level.tiles.cols());
                Ok((LabGame::Pengu(level, o), rows, cols))
            }
            "actman" => {
                let d = actman::Dungeon::parse(&text).map_err(parse_error)?;
                let o: actman::SolveOptions = options_arg(options.clone(), "heuristic lab")?;
                o.check().map_err(|e| field_error(e.field, e.to_string()))?;
                let (rows, cols) = (d.walls.rows(), d.walls.cols());
                Ok((LabGame::Actman(d, o), rows, cols))
            }
            other => Err(message(format!(
                "the heuristic lab serves pengu and actman, not '{other}'"
            ))),
        }
    }

    fn solver_and_budget(&self) -> (crate::search::Solver, crate::search::SolverBudget) {
        match self {
            LabGame::Pengu(_, o) => (o.solver, o.budget()),
            LabGame::Actman(_, o) => (o.solver, o.budget()),
        }
    }

    fn visit<V: LabVisitor>(&self, visitor: V) -> Result<V::Output, JsValue> {
        match self {
            LabGame::Pengu(level, o) => pengu::visit_lab(level, o, visitor).map_err(message),
            LabGame::Actman(d, o) => actman::visit_lab(d, o, visitor).map_err(message),
        }
    }
}

/// The data of the lab's helpers for `game`'s level `text` with the solve tool's
/// `options`: `{rows, cols, data}` (`data`: see each game's `LabProblem`). Throws a
/// level's `{line, column, message}`, an option's `{field, message}`, or `{message}`.
#[wasm_bindgen]
pub fn heuristic_lab_data(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | null | undefined")]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let (game, rows, cols) = LabGame::parse(&game, &text, &options)?;
    let data = game.visit(LabData)?;
    try_js(&serde_json::json!({ "rows": rows, "cols": cols, "data": data }))
}

/// The text of a thrown JavaScript value (an `Error`'s message).
fn thrown_text(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

/// Run the heuristic lab on `game`'s level `text`. `options`: the solve tool's
/// (`solver`: `astar` or `greedy`, the goal or turns, the limits, `recordLimit`,
/// `traceLimit`) and `compare` (default true: also run the built-in heuristic and
/// `h = 0`). `h`: a function of the state's numbers (a `Uint32Array`, the game's
/// layout) returning a whole number from 0 to 10^9, or `"builtin"` or `"zero"`.
/// Returns the report (`admissible`, `consistent`, `runs`, `optimum`, `moves`,
/// `stats`, ...) with the trace and record as typed arrays. Throws `{message, state,
/// moves}` when h throws or returns anything else (the state's numbers and the moves
/// that reach it), an option's `{field, message}`, a level's `{line, column, message}`.
#[wasm_bindgen]
pub fn heuristic_lab(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | null | undefined")]
    options: JsValue,
    #[wasm_bindgen(unchecked_param_type = "((state: Uint32Array) => number) | 'builtin' | 'zero'")]
    h: JsValue,
    #[wasm_bindgen(unchecked_param_type = "((stats: any) => void) | null | undefined")]
    progress: JsValue,
) -> Result<JsValue, JsValue> {
    let (lab_game, _, _) = LabGame::parse(&game, &text, &options)?;
    let compare = js_sys::Reflect::get(&options, &"compare".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(true);
    let (solver, budget) = lab_game.solver_and_budget();
    let lab_options = LabOptions::new(solver, budget, compare).map_err(lab_error)?;
    let progress = function_arg(progress, "progress")?;
    let mut report = |stats: &Stats| {
        if let (Some(f), Ok(value)) = (&progress, try_js(stats)) {
            let _ = f.call1(&JsValue::NULL, &value);
        }
    };
    let function = if h.is_function() {
        Some(js_sys::Function::from(h.clone()))
    } else {
        None
    };
    let mut call = |numbers: &[u32]| -> Result<f64, String> {
        let f = function.as_ref().expect("a function");
        match f.call1(&JsValue::NULL, &js_sys::Uint32Array::from(numbers)) {
            Ok(v) => v
                .as_f64()
                .ok_or_else(|| format!("h returned {}, not a number", super::type_name(&v))),
            Err(e) => Err(thrown_text(&e)),
        }
    };
    let heuristic = match (&function, h.as_string().as_deref()) {
        (Some(_), _) => LabHeuristic::User(&mut call),
        (None, Some("builtin")) => LabHeuristic::BuiltIn,
        (None, Some("zero")) => LabHeuristic::Zero,
        _ => {
            return Err(super::type_error(
                "h",
                "a function, 'builtin' or 'zero'",
                &h,
            ))
        }
    };
    let run = LabRun {
        heuristic,
        options: lab_options,
        progress: Some(&mut report),
    };
    let out = lab_game.visit(run)?.map_err(lab_error)?;
    let result = try_js(&out)?;
    super::attach_search(&result, &out.trace, &out.record)?;
    Ok(result)
}

/// A lab error as thrown: `{field, message}` for an option; `{message, state, moves}`
/// for the user's function.
fn lab_error(e: LabError) -> JsValue {
    let text = e.to_string();
    match e {
        LabError::Options { field, .. } => field_error(field, text),
        LabError::User { state, moves, .. } => {
            let error = message(text);
            let _ = js_sys::Reflect::set(
                &error,
                &"state".into(),
                &js_sys::Uint32Array::from(&state[..]),
            );
            let _ = js_sys::Reflect::set(&error, &"moves".into(), &moves.into());
            error
        }
    }
}
