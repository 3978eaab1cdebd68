//! Pengu bindings.

use super::{parse_error, text_arg};
use crate::games::pengu::{self, Level};
use wasm_bindgen::prelude::*;

session_bindings!(
    PenguSession,
    pengu::PenguSession,
    "A Pengu level and a game on it (the session contract). The board bytes are the \
     course symbols (`#`, ` `, `0`, `*`, `U`, `S`), row-major."
);

#[wasm_bindgen]
impl PenguSession {
    /// Parse a level in the course format (throws `{line, column, message}`).
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> Result<PenguSession, JsValue> {
        let level = Level::parse(&text_arg(&text, "text")?).map_err(parse_error)?;
        Ok(PenguSession {
            inner: pengu::PenguSession::new(level),
        })
    }

    /// The level's tiles (before any move) as a string of course symbols, row-major.
    pub fn level_tiles(&self) -> String {
        self.inner
            .level()
            .tiles
            .cells()
            .iter()
            .map(|t| t.symbol())
            .collect()
    }
}
