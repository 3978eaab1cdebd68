//! Rogue bindings.

use super::{char_arg, int_arg, message, parse_error, text_arg, try_js};
use crate::games::rogue::{self, CycleRogue, PlayersError, BROWSER_MAX_SITES};
use crate::grid::Pos;
use serde::Serialize;
use wasm_bindgen::prelude::*;

session_bindings!(
    RogueSession,
    rogue::RogueSession,
    "A Rogue dungeon and a game on it between two players, either of which may be \
     `human` (the session contract). The board bytes are the sites as the referee \
     prints them (` `, `.`, `+`, `@`, the monster's letter, `*`), row-major."
);

fn players_error(e: PlayersError) -> JsValue {
    message(e.to_string())
}

#[wasm_bindgen]
impl RogueSession {
    /// Parse a dungeon in the coursework format (throws `{line, column, message}`).
    /// With `lenient`, short rows are padded with walls (see `warnings()`).
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue, lenient: Option<bool>) -> Result<RogueSession, JsValue> {
        let text = text_arg(&text, "text")?;
        Ok(RogueSession {
            inner: rogue::RogueSession::read(&text, lenient.unwrap_or(false))
                .map_err(parse_error)?,
        })
    }

    /// The padding the lenient reading did: `[{line, column, message}]`.
    pub fn warnings(&self) -> Result<JsValue, JsValue> {
        try_js(&self.inner.warnings())
    }

    /// Choose the players: the monster `bfs`, `optimal` or `human`; the rogue `naive`,
    /// `cycle`, `optimal` or `human`. The game so far is kept. Throws `{message}` for
    /// an unknown name or when `optimal` needs an exact solution the dungeon is too
    /// large for; the players stay as they were then.
    pub fn set_players(&mut self, monster: JsValue, rogue: JsValue) -> Result<(), JsValue> {
        let monster = text_arg(&monster, "monster")?;
        let rogue = text_arg(&rogue, "rogue")?;
        self.inner
            .set_players(&monster, &rogue)
            .map_err(players_error)
    }

    /// The players `[monster, rogue]` this dungeon affords in the browser: an
    /// `optimal` side falls back to `bfs` (monster) or `cycle` (rogue) beyond
    /// [`BROWSER_MAX_SITES`] open sites (the rule is the strategies' `affordable`).
    /// Other names (`human`) pass through.
    pub fn affordable_players(
        &self,
        monster: JsValue,
        rogue: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let monster = text_arg(&monster, "monster")?;
        let rogue = text_arg(&rogue, "rogue")?;
        Ok(self
            .inner
            .affordable_players(&monster, &rogue, BROWSER_MAX_SITES)
            .to_vec())
    }

    /// Set the move limit (turns, 1 to `MAX_MOVES`) and restart; throws a
    /// `RangeError` beyond.
    pub fn set_max_moves(&mut self, turns: JsValue) -> Result<(), JsValue> {
        let turns = int_arg(&turns, "turns", 1, rogue::MAX_MOVES.into())?;
        self.inner.set_max_moves(turns);
        Ok(())
    }

    /// Rename the monster (a letter A–Z) where it stands, and restart; throws
    /// `{message}` for anything but a capital letter.
    pub fn set_monster_letter(&mut self, letter: JsValue) -> Result<(), JsValue> {
        let letter = char_arg(&letter, "letter")?;
        self.inner.set_monster_letter(letter).map_err(message)
    }

    /// Let the strategy of the side to move play one half-move; returns it, or `null`
    /// when the game is over or a human is to move.
    pub fn step(&mut self) -> Result<JsValue, JsValue> {
        match self.inner.step() {
            Some(half) => try_js(&half),
            None => Ok(JsValue::NULL),
        }
    }

    /// Let the strategies play until the game ends, a human is to move, or
    /// `max_half_moves` half-moves were played; returns the half-moves played.
    pub fn run(&mut self, max_half_moves: JsValue) -> Result<JsValue, JsValue> {
        let max_half_moves = int_arg(&max_half_moves, "max_half_moves", 0, u32::MAX.into())?;
        try_js(&self.inner.run(max_half_moves))
    }

    /// The positions `{monster, rogue}` at the start and after every half-move.
    pub fn positions(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct At {
            monster: Pos,
            rogue: Pos,
        }
        let at: Vec<At> = self
            .inner
            .positions()
            .iter()
            .map(|&(monster, rogue)| At { monster, rogue })
            .collect();
        try_js(&at)
    }

    /// The exact solution's value of every site as the rogue's, with the monster where
    /// it stands and the side to move now (the rogue when the game is over): monster
    /// moves to capture, `0xFFFFFFFF` for "safe forever", `0xFFFFFFFE` for a wall.
    /// Throws `{message}` when the dungeon has more than `MAX_SITES` open sites.
    pub fn outcome_map(&mut self) -> Result<Vec<u32>, JsValue> {
        self.inner.outcome_map().map_err(message)
    }

    /// The exact solution for the position now: `{value, best, sites, states}`
    /// (`value` null when the rogue survives forever; `best` the optimal steps of the
    /// side to move as digits). Throws `{message}` when the dungeon has more than
    /// `MAX_SITES` (8,000) open sites, before allocating anything; the session is
    /// unchanged then.
    pub fn exact(&mut self) -> Result<JsValue, JsValue> {
        try_js(&self.inner.exact().map_err(message)?)
    }

    /// The tablebase's move list for the position now: every legal move of the side
    /// to move as `{digit, to, value, best}` (`value`: monster moves to capture after
    /// it, `null` for safe forever), best first. Throws `{message}` when the dungeon
    /// is too large for the exact solution.
    pub fn move_values(&mut self) -> Result<JsValue, JsValue> {
        try_js(&self.inner.move_values().map_err(message)?)
    }

    /// The cycles the `cycle` rogue found, each a list of `{row, col}` in order.
    pub fn cycles(&self) -> Result<JsValue, JsValue> {
        try_js(&CycleRogue::new(self.inner.dungeon()).cycles())
    }
}

/// Most open sites the playground solves exactly ([`BROWSER_MAX_SITES`]).
#[wasm_bindgen]
pub fn rogue_exact_limit() -> usize {
    BROWSER_MAX_SITES
}
