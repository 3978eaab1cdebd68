//! The one contract every turn-based game's playground session keeps: a level that can
//! be painted and resized, a game on it played a move symbol at a time, the moves so
//! far as a string that replays the game, each move's report, and the board as one
//! byte a cell. The wasm layer turns any [`Session`] into the same JavaScript class
//! shape (`crate::wasm`'s `session_bindings!`), so the page drives every game through
//! the same methods and no JavaScript adapter stands in for a missing one.
//!
//! Arena is not a [`Session`]: it is played in real time by four seats at once, on a
//! maze made from its seed, with no level to edit and no move string (its replay is a
//! command log, see `games::arena`).

use crate::error::MoveError;
use crate::grid::Pos;
use serde::Serialize;

/// An edit the level refuses (a cell off the board, a symbol the game does not know,
/// painting over a piece that must move first), with the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct EditError {
    /// Why the edit was refused.
    pub message: String,
}

impl From<String> for EditError {
    fn from(message: String) -> Self {
        EditError { message }
    }
}

/// A game's playground session.
pub trait Session {
    /// Everything the page shows about the game now.
    type View: Serialize;
    /// What one move did.
    type Report: Serialize;

    /// Rows of the board.
    fn rows(&self) -> usize;
    /// Columns of the board.
    fn cols(&self) -> usize;
    /// The board now, row-major, one tile code a cell (the game's exported tile enum).
    fn board(&self) -> &[u8];
    /// The level in its course format.
    fn level_text(&self) -> String;
    /// Everything the page shows about the game now.
    fn view(&self) -> Self::View;
    /// The moves played so far: replaying them from the start gives this game.
    fn moves(&self) -> String;
    /// Play one move given by its symbol; an illegal one changes nothing.
    fn play(&mut self, symbol: char) -> Result<Self::Report, MoveError>;
    /// Back to the level's start (same players, same seed).
    fn restart(&mut self);
    /// The report of every move played since the start.
    fn history(&self) -> Vec<Self::Report>;
    /// Paint the cell at `at` with a palette symbol, then restart.
    fn paint(&mut self, at: Pos, symbol: char) -> Result<(), EditError>;
    /// Resize the level (within the game's limits), then restart.
    fn resize(&mut self, rows: usize, cols: usize) -> Result<(), EditError>;

    /// Whether `at` is on the board.
    fn contains(&self, at: Pos) -> bool {
        at.row < self.rows() && at.col < self.cols()
    }

    /// Restart and play `moves`; at an illegal move, stop just before it (the legal
    /// moves before it stay played) and return its error.
    fn replay(&mut self, moves: &str) -> Result<(), MoveError> {
        self.restart();
        for (index, symbol) in moves.chars().enumerate() {
            self.play(symbol).map_err(|e| MoveError { index, ..e })?;
        }
        Ok(())
    }

    /// Take back the last move; false when there is none.
    fn undo(&mut self) -> bool {
        let mut moves = self.moves();
        if moves.pop().is_none() {
            return false;
        }
        self.replay(&moves).is_ok()
    }

    /// Play the move of `line` that follows the moves so far, when `line` continues
    /// them (the page keeps the undone moves as the rest of its line); false otherwise.
    fn redo(&mut self, line: &str) -> bool {
        let moves = self.moves();
        match line
            .strip_prefix(moves.as_str())
            .and_then(|r| r.chars().next())
        {
            Some(next) => self.play(next).is_ok(),
            None => false,
        }
    }
}
