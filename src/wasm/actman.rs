//! Act-Man II bindings: the session; its tools (`solve`, `analyze`, `verdict`,
//! `generate`) and palette are the page's `run_tool` and `tools()`.

use super::{int_arg, message, opt_int_arg, parse_error, text_arg, try_js, MAX_INDEX};
use crate::games::actman::{self, Dungeon};
use crate::grid::Pos;
use wasm_bindgen::prelude::*;

session_bindings!(
    ActmanSession,
    actman::ActmanSession,
    "An Act-Man dungeon and a game on it (the session contract). The board bytes are \
     the course output's grid (`#`, ` `, `@`, `G`, `D`, and `A` or `X` for Act-Man), \
     row-major."
);

#[wasm_bindgen]
impl ActmanSession {
    /// Parse a dungeon in the course format (throws `{line, column, message}`).
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> Result<ActmanSession, JsValue> {
        let dungeon = Dungeon::parse(&text_arg(&text, "text")?).map_err(parse_error)?;
        Ok(ActmanSession {
            inner: actman::ActmanSession::new(dungeon),
        })
    }

    /// The grader's verdict line for the game so far as a plan of at most `limit`
    /// actions (`*** VICTORY ***`, `* Plan limit reached`, ...).
    pub fn verdict(&self, limit: JsValue) -> Result<String, JsValue> {
        let limit = opt_int_arg(&limit, "limit", 0, MAX_INDEX)?;
        Ok(self.inner.verdict(limit))
    }

    /// Where each monster would step if Act-Man moved to (`row`, `col`) now; throws
    /// `{message}` off the board.
    pub fn chases_towards(&self, row: JsValue, col: JsValue) -> Result<JsValue, JsValue> {
        let row = int_arg(&row, "row", 0, MAX_INDEX)?;
        let col = int_arg(&col, "col", 0, MAX_INDEX)?;
        let chases = self
            .inner
            .chases_towards(Pos::new(row, col))
            .map_err(message)?;
        try_js(&chases)
    }
}
