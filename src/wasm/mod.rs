//! WebAssembly bindings: thin conversions between JavaScript values and the pure game
//! code, one file per game. No rule is decided here.
//!
//! Errors are thrown as plain objects: `{ line, column, message }` for level text and
//! `{ index, symbol, message }` for moves.

/// The `#[wasm_bindgen]` class of a game's [`Session`](crate::games::session::Session):
/// `session_bindings!(JsName, RustSession, "doc")` declares `JsName` holding one
/// `RustSession` (field `inner`) and gives it the contract's methods: `rows`, `cols`,
/// `tiles_ptr`/`tiles_len` (a zero-copy view of the board), `level_text`, `view`,
/// `moves`, `play`, `replay`, `history`, `undo`, `redo`, `restart`, `paint` and
/// `resize`. Constructors and a game's own methods go in an `impl` block of their own.
macro_rules! session_bindings {
    ($name:ident, $inner:ty, $doc:literal) => {
        #[doc = $doc]
        #[wasm_bindgen]
        pub struct $name {
            inner: $inner,
        }

        #[wasm_bindgen]
        impl $name {
            /// Rows of the board.
            pub fn rows(&self) -> usize {
                $crate::games::session::Session::rows(&self.inner)
            }

            /// Columns of the board.
            pub fn cols(&self) -> usize {
                $crate::games::session::Session::cols(&self.inner)
            }

            /// Pointer to the board bytes in wasm memory (one tile code a cell).
            pub fn tiles_ptr(&self) -> *const u8 {
                $crate::games::session::Session::board(&self.inner).as_ptr()
            }

            /// Number of board bytes (rows × cols).
            pub fn tiles_len(&self) -> usize {
                $crate::games::session::Session::board(&self.inner).len()
            }

            /// The level in its course format.
            pub fn level_text(&self) -> String {
                $crate::games::session::Session::level_text(&self.inner)
            }

            /// Everything the page shows about the game now.
            pub fn view(&self) -> JsValue {
                $crate::wasm::to_js(&$crate::games::session::Session::view(&self.inner))
            }

            /// The moves played so far.
            pub fn moves(&self) -> String {
                $crate::games::session::Session::moves(&self.inner)
            }

            /// Play one move by its symbol: its report, or throws `{index, symbol,
            /// message}` and changes nothing.
            pub fn play(&mut self, symbol: char) -> Result<JsValue, JsValue> {
                $crate::games::session::Session::play(&mut self.inner, symbol)
                    .map(|r| $crate::wasm::to_js(&r))
                    .map_err($crate::wasm::move_error)
            }

            /// Restart and play a move string: the reports of the moves, or throws
            /// `{index, symbol, message}` at the first illegal one, the legal moves
            /// before it played.
            pub fn replay(&mut self, moves: &str) -> Result<JsValue, JsValue> {
                $crate::games::session::Session::replay(&mut self.inner, moves)
                    .map_err($crate::wasm::move_error)?;
                Ok(self.history())
            }

            /// The report of every move played since the start.
            pub fn history(&self) -> JsValue {
                $crate::wasm::to_js(&$crate::games::session::Session::history(&self.inner))
            }

            /// Take back the last move (false when there is none).
            pub fn undo(&mut self) -> bool {
                $crate::games::session::Session::undo(&mut self.inner)
            }

            /// Play the move of `line` after the moves so far (false when `line`
            /// does not continue them).
            pub fn redo(&mut self, line: &str) -> bool {
                $crate::games::session::Session::redo(&mut self.inner, line)
            }

            /// Back to the level's start.
            pub fn restart(&mut self) {
                $crate::games::session::Session::restart(&mut self.inner)
            }

            /// Paint the cell at (`row`, `col`) with a palette symbol and restart;
            /// throws `{message}` off the board or for a refused edit.
            pub fn paint(&mut self, row: usize, col: usize, symbol: char) -> Result<(), JsValue> {
                let at = $crate::grid::Pos::new(row, col);
                if !$crate::games::session::Session::contains(&self.inner, at) {
                    return Err($crate::wasm::message(format!(
                        "({row}, {col}) is off the board"
                    )));
                }
                $crate::games::session::Session::paint(&mut self.inner, at, symbol)
                    .map_err(|e| $crate::wasm::message(e.message))
            }

            /// Resize the level and restart; throws `{message}` beyond the limits.
            pub fn resize(&mut self, rows: usize, cols: usize) -> Result<(), JsValue> {
                $crate::games::session::Session::resize(&mut self.inner, rows, cols)
                    .map_err(|e| $crate::wasm::message(e.message))
            }
        }
    };
}

mod actman;
mod arena;
mod gpac;
mod media;
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

/// `{message}`: a refusal the page shows as it is.
pub(crate) fn message(text: impl std::fmt::Display) -> JsValue {
    to_js(&serde_json::json!({ "message": text.to_string() }))
}

/// A solve as the page asks for it: the level text read by `parse`, the options from
/// JavaScript held to their limits by `check`, then `run` with a progress reporter
/// that calls `progress` (if any) with the statistics.
pub(crate) fn solve_level<L, O: serde::de::DeserializeOwned + Default>(
    text: &str,
    options: JsValue,
    progress: Option<js_sys::Function>,
    parse: impl FnOnce(&str) -> Result<L, ParseError>,
    check: impl FnOnce(&O) -> Result<(), crate::error::FieldError>,
    run: impl FnOnce(&L, &O, &mut dyn FnMut(&crate::search::Stats)) -> Result<JsValue, JsValue>,
) -> Result<JsValue, JsValue> {
    let level = parse(text).map_err(parse_error)?;
    let options: O = solve_options(options, check)?;
    let mut report = progress_reporter(&progress);
    run(&level, &options, &mut report)
}

/// Solver options from JavaScript: the defaults for `undefined`/`null`, else the
/// object's fields; `check` then holds them to their limits (a clear message when they
/// do not fit either way).
pub(crate) fn solve_options<T: serde::de::DeserializeOwned + Default>(
    options: JsValue,
    check: impl FnOnce(&T) -> Result<(), crate::error::FieldError>,
) -> Result<T, JsValue> {
    let options = if options.is_undefined() || options.is_null() {
        T::default()
    } else {
        serde_wasm_bindgen::from_value(options)
            .map_err(|e| message(format!("bad solver options: {e}")))?
    };
    check(&options).map_err(|e| message(format!("bad solver options: {e}")))?;
    Ok(options)
}

/// What a solve returns to the page: the fields every game's search has, and the
/// game's own (`found`) flattened beside them.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Solved<'a, G: Serialize> {
    pub outcome: crate::search::Outcome,
    pub stats: &'a crate::search::Stats,
    pub note: &'a Option<String>,
    pub output: String,
    pub trace_truncated: bool,
    #[serde(flatten)]
    pub found: G,
}

impl<G: Serialize> Solved<'_, G> {
    /// As a JavaScript object with the search trace attached as a `Uint32Array` and,
    /// when one was kept, the debugger's record as `record` (typed arrays: `parent`,
    /// `action`, `h`, `cell` by state; `events`, `g`, `keyHi`, `keyLo` by event; and
    /// `truncated`).
    pub fn with_trace(
        &self,
        trace: &crate::search::Trace,
        record: &crate::search::Record,
    ) -> Result<JsValue, JsValue> {
        let result = with_trace(self, &trace.events)?;
        if !record.is_empty() {
            let r = js_sys::Object::new();
            let arrays: [(&str, &[u32]); 8] = [
                ("parent", &record.parent),
                ("action", &record.action),
                ("h", &record.h),
                ("cell", &record.cell),
                ("events", &record.events),
                ("g", &record.g),
                ("keyHi", &record.key_hi),
                ("keyLo", &record.key_lo),
            ];
            for (name, values) in arrays {
                js_sys::Reflect::set(&r, &name.into(), &js_sys::Uint32Array::from(values))?;
            }
            js_sys::Reflect::set(&r, &"truncated".into(), &record.truncated.into())?;
            js_sys::Reflect::set(&result, &"record".into(), &r)?;
        }
        Ok(result)
    }
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

/// A progress callback that calls the JavaScript function, if any, with `value` as a
/// JavaScript object (the generators' progress).
pub(crate) fn progress_callback<T: Serialize>(
    progress: &Option<js_sys::Function>,
) -> impl FnMut(T) + '_ {
    move |value| {
        if let Some(f) = progress {
            let _ = f.call1(&JsValue::NULL, &to_js(&value));
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
