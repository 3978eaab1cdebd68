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
            pub fn view(&self) -> Result<JsValue, JsValue> {
                $crate::wasm::try_js(&$crate::games::session::Session::view(&self.inner))
            }

            /// The moves played so far.
            pub fn moves(&self) -> String {
                $crate::games::session::Session::moves(&self.inner)
            }

            /// Play one move by its symbol: its report, or throws `{index, symbol,
            /// message}` and changes nothing.
            pub fn play(&mut self, symbol: JsValue) -> Result<JsValue, JsValue> {
                let symbol = $crate::wasm::char_arg(&symbol, "symbol")?;
                let report = $crate::games::session::Session::play(&mut self.inner, symbol)
                    .map_err($crate::wasm::move_error)?;
                $crate::wasm::try_js(&report)
            }

            /// Restart and play a move string: the reports of the moves, or throws
            /// `{index, symbol, message}` at the first illegal one, the legal moves
            /// before it played.
            pub fn replay(&mut self, moves: JsValue) -> Result<JsValue, JsValue> {
                let moves = $crate::wasm::text_arg(&moves, "moves")?;
                $crate::games::session::Session::replay(&mut self.inner, &moves)
                    .map_err($crate::wasm::move_error)?;
                self.history()
            }

            /// The report of every move played since the start.
            pub fn history(&self) -> Result<JsValue, JsValue> {
                $crate::wasm::try_js(&$crate::games::session::Session::history(&self.inner))
            }

            /// Take back the last move (false when there is none).
            pub fn undo(&mut self) -> bool {
                $crate::games::session::Session::undo(&mut self.inner)
            }

            /// Play the move of `line` after the moves so far (false when `line`
            /// does not continue them).
            pub fn redo(&mut self, line: JsValue) -> Result<bool, JsValue> {
                let line = $crate::wasm::text_arg(&line, "line")?;
                Ok($crate::games::session::Session::redo(
                    &mut self.inner,
                    &line,
                ))
            }

            /// Back to the level's start.
            pub fn restart(&mut self) {
                $crate::games::session::Session::restart(&mut self.inner)
            }

            /// Paint the cell at (`row`, `col`) with a palette symbol and restart;
            /// throws `{message}` off the board or for a refused edit.
            pub fn paint(
                &mut self,
                row: JsValue,
                col: JsValue,
                symbol: JsValue,
            ) -> Result<(), JsValue> {
                let row: usize = $crate::wasm::int_arg(&row, "row", 0, $crate::wasm::MAX_INDEX)?;
                let col: usize = $crate::wasm::int_arg(&col, "col", 0, $crate::wasm::MAX_INDEX)?;
                let symbol = $crate::wasm::char_arg(&symbol, "symbol")?;
                let at = $crate::grid::Pos::new(row, col);
                if !$crate::games::session::Session::contains(&self.inner, at) {
                    return Err($crate::wasm::message(format!("{at} is off the board")));
                }
                $crate::games::session::Session::paint(&mut self.inner, at, symbol)
                    .map_err($crate::wasm::message)
            }

            /// Resize the level and restart; throws `{message}` beyond the limits.
            pub fn resize(&mut self, rows: JsValue, cols: JsValue) -> Result<(), JsValue> {
                let rows = $crate::wasm::int_arg(&rows, "rows", 0, $crate::wasm::MAX_INDEX)?;
                let cols = $crate::wasm::int_arg(&cols, "cols", 0, $crate::wasm::MAX_INDEX)?;
                $crate::games::session::Session::resize(&mut self.inner, rows, cols)
                    .map_err($crate::wasm::message)
            }
        }
    };
}

mod actman;
mod arena;
mod gpac;
#[cfg(not(feature = "play"))]
mod heuristic_lab;
#[cfg(not(feature = "play"))]
mod media;
mod pengu;
mod rogue;
#[cfg(not(feature = "play"))]
mod tools;

use crate::error::{MoveError, ParseError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The message of the last panic, for the page's error bar ([`last_panic`]).
    static LAST_PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Install the panic hook: a Rust panic reaches the console with its message (and
/// stack), and [`last_panic`] keeps the message for the page to show.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string();
        LAST_PANIC.with(|last| {
            if let Ok(mut last) = last.try_borrow_mut() {
                *last = Some(text);
            }
        });
        console_error_panic_hook::hook(info);
    }));
}

/// The message of the last Rust panic (after which the module traps with
/// `RuntimeError: unreachable`), or `undefined` when none happened.
#[wasm_bindgen]
pub fn last_panic() -> Option<String> {
    LAST_PANIC.with(|last| last.try_borrow().ok().and_then(|l| l.clone()))
}

/// How a JavaScript value is named in a type error: its `typeof`, with `null` and
/// arrays told apart.
pub(crate) fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if js_sys::Array::is_array(value) {
        "an array".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// A `TypeError` naming the argument, what it must be and what it was.
pub(crate) fn type_error(name: &str, expected: &str, value: &JsValue) -> JsValue {
    js_sys::TypeError::new(&format!(
        "{name} must be {expected}, not {}",
        type_name(value)
    ))
    .into()
}

/// A `RangeError` naming the argument.
pub(crate) fn range_error(name: &str, text: impl std::fmt::Display) -> JsValue {
    js_sys::RangeError::new(&format!("{name}: {text}")).into()
}

/// A string argument (the bindings take `JsValue` for every string: wasm-bindgen's
/// release glue passes any other value on unchecked, and the module traps). Throws a
/// `TypeError` naming `name` for anything but a string.
pub(crate) fn text_arg(value: &JsValue, name: &str) -> Result<String, JsValue> {
    value
        .as_string()
        .ok_or_else(|| type_error(name, "a string", value))
}

/// A one-character string argument (a move symbol, a palette symbol, a letter).
pub(crate) fn char_arg(value: &JsValue, name: &str) -> Result<char, JsValue> {
    let text = value
        .as_string()
        .ok_or_else(|| type_error(name, "a one-character string", value))?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(range_error(
            name,
            format!("one character, not {} characters", text.chars().count()),
        )),
    }
}

/// A whole-number argument from `min` to `max`: a `TypeError` naming `name` for
/// anything but a number, a `RangeError` for a fraction, NaN or a number out of range.
pub(crate) fn int_arg<T: TryFrom<u64>>(
    value: &JsValue,
    name: &str,
    min: u64,
    max: u64,
) -> Result<T, JsValue> {
    let n = value
        .as_f64()
        .ok_or_else(|| type_error(name, "a number", value))?;
    if n.fract() != 0.0 || !(min as f64..=max as f64).contains(&n) {
        return Err(range_error(
            name,
            format!("{n} is not a whole number from {min} to {max}"),
        ));
    }
    T::try_from(n as u64).map_err(|_| range_error(name, format!("{n} is too large")))
}

/// An optional whole-number argument: `None` for `undefined` or `null`, else as
/// [`int_arg`].
pub(crate) fn opt_int_arg<T: TryFrom<u64>>(
    value: &JsValue,
    name: &str,
    min: u64,
    max: u64,
) -> Result<Option<T>, JsValue> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        int_arg(value, name, min, max).map(Some)
    }
}

/// The largest index or size a binding takes before the game's own limits (which are
/// all far lower): what a `usize` holds in wasm32.
pub(crate) const MAX_INDEX: u64 = u32::MAX as u64;

/// The largest seed: every whole number JavaScript holds exactly (2^53).
pub(crate) const MAX_SEED: u64 = 1 << 53;

/// A seed: a whole number from 0 to 2^53.
pub(crate) fn seed_arg(value: &JsValue, name: &str) -> Result<u64, JsValue> {
    int_arg(value, name, 0, MAX_SEED)
}

/// A number argument (any number; its range is the game's to check).
pub(crate) fn number_arg(value: &JsValue, name: &str) -> Result<f64, JsValue> {
    value
        .as_f64()
        .ok_or_else(|| type_error(name, "a number", value))
}

/// An optional callback: `None` for `undefined` or `null`, a `TypeError` naming `name`
/// for anything but a function.
#[cfg_attr(feature = "play", allow(dead_code))] // used by the full module only
pub(crate) fn function_arg(
    value: JsValue,
    name: &str,
) -> Result<Option<js_sys::Function>, JsValue> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else if value.is_function() {
        Ok(Some(value.into()))
    } else {
        Err(type_error(name, "a function", &value))
    }
}

/// An array argument of `len` strings (or any length for `None`).
pub(crate) fn text_list_arg(
    value: &JsValue,
    name: &str,
    len: Option<usize>,
) -> Result<Vec<String>, JsValue> {
    list_arg(value, name, len, "strings", text_arg)
}

/// An array (or typed array) argument of `len` numbers (or any length for `None`).
pub(crate) fn number_list_arg(
    value: &JsValue,
    name: &str,
    len: Option<usize>,
) -> Result<Vec<f64>, JsValue> {
    list_arg(value, name, len, "numbers", number_arg)
}

fn list_arg<T>(
    value: &JsValue,
    name: &str,
    len: Option<usize>,
    what: &str,
    item: impl Fn(&JsValue, &str) -> Result<T, JsValue>,
) -> Result<Vec<T>, JsValue> {
    if !js_sys::Array::is_array(value) && !js_sys::ArrayBuffer::is_view(value) {
        return Err(type_error(name, &format!("an array of {what}"), value));
    }
    let array = js_sys::Array::from(value);
    let n = array.length() as usize;
    if let Some(len) = len.filter(|&len| len != n) {
        return Err(range_error(name, format!("{len} {what}, not {n}")));
    }
    (0..n)
        .map(|i| item(&array.get(i as u32), &format!("{name}[{i}]")))
        .collect()
}

/// A byte-array argument (a `Uint8Array` or `Uint8ClampedArray`, as a canvas gives).
#[cfg_attr(feature = "play", allow(dead_code))] // used by the full module only
pub(crate) fn bytes_arg(value: &JsValue, name: &str) -> Result<Vec<u8>, JsValue> {
    if value.is_instance_of::<js_sys::Uint8Array>()
        || value.is_instance_of::<js_sys::Uint8ClampedArray>()
    {
        Ok(js_sys::Uint8Array::new(value).to_vec())
    } else {
        Err(type_error(name, "a Uint8Array or Uint8ClampedArray", value))
    }
}

/// `value` as a JavaScript object, or a thrown `{message}` saying why it cannot be one
/// (a number beyond 2^53, a map with keys that are not strings).
pub(crate) fn try_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| message(format!("the result cannot be given to JavaScript: {e}")))
}

/// A plain object with these fields (setting a field of a new plain object cannot
/// fail).
fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (name, value) in fields {
        let _ = js_sys::Reflect::set(&object, &(*name).into(), value);
    }
    object.into()
}

/// `{line, column, message}`: a level text's error.
pub(crate) fn parse_error(e: ParseError) -> JsValue {
    object(&[
        ("line", (e.line as f64).into()),
        ("column", (e.column as f64).into()),
        ("message", e.message.into()),
    ])
}

/// `{index, symbol, message}`: an illegal move (`index` 0-based).
pub(crate) fn move_error(e: MoveError) -> JsValue {
    object(&[
        ("index", (e.index as f64).into()),
        ("symbol", e.symbol.to_string().into()),
        ("message", e.message.into()),
    ])
}

/// `{field, message}`: an option of the wrong type or out of range.
pub(crate) fn field_error(field: &str, message: String) -> JsValue {
    object(&[("field", field.into()), ("message", message.into())])
}

/// `{message}`: a refusal the page shows as it is.
pub(crate) fn message(text: impl std::fmt::Display) -> JsValue {
    object(&[("message", text.to_string().into())])
}

/// An options object from JavaScript: the defaults for `undefined`/`null`, else the
/// object's fields. A value that is not an object, or a field of the wrong type, throws
/// `{field, message}` with the field as JavaScript spells it (`maxStates`, `goal.at_least`)
/// and `what` before the message.
pub(crate) fn options_arg<T: serde::de::DeserializeOwned + Default>(
    options: JsValue,
    what: &str,
) -> Result<T, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(T::default());
    }
    if !options.is_object() || js_sys::Array::is_array(&options) {
        return Err(field_error(
            "options",
            format!(
                "{what}: options must be an object, not {}",
                type_name(&options)
            ),
        ));
    }
    let deserializer = serde_wasm_bindgen::Deserializer::from(options);
    serde_path_to_error::deserialize(deserializer).map_err(|e| {
        let field = e.path().to_string();
        let message = format!("{what}: {field}: {}", e.inner());
        field_error(&field, message)
    })
}

/// Attach a search's trace to `result` as a `Uint32Array` (`trace`) and, when one was
/// kept, the debugger's record as `record` (typed arrays: `parent`, `action`, `h`,
/// `cell` by state; `events`, `g`, `keyHi`, `keyLo` by event; and `truncated`).
#[cfg_attr(feature = "play", allow(dead_code))] // used by the full module only
pub(crate) fn attach_search(
    result: &JsValue,
    trace: &crate::search::Trace,
    record: &crate::search::Record,
) -> Result<(), JsValue> {
    {
        let trace = js_sys::Uint32Array::from(&trace.events[..]);
        js_sys::Reflect::set(result, &"trace".into(), &trace)?;
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
            js_sys::Reflect::set(result, &"record".into(), &r)?;
        }
        Ok(())
    }
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
