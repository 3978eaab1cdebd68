//! Pengu's playground session: a level, a game on it played a numpad digit at a time,
//! and the board as the course symbols (see [`crate::games::session`]).

use super::{Game, Level, MoveReport, Status};
use crate::error::MoveError;
use crate::games::session::{EditError, Session};
use crate::grid::{Dir, Pos};
use serde::Serialize;

/// A Pengu level and a game on it.
#[derive(Clone, Debug)]
pub struct PenguSession {
    level: Level,
    game: Game,
    board: Vec<u8>,
    history: Vec<MoveReport>,
}

/// Everything the page shows about a Pengu game.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PenguView {
    rows: usize,
    cols: usize,
    pengu: Pos,
    start: Pos,
    status: Status,
    score: usize,
    fish_left: usize,
    total_fish: usize,
    moves: String,
    legal: String,
    output: String,
}

impl PenguSession {
    /// A session at the start of `level`.
    pub fn new(level: Level) -> PenguSession {
        let game = Game::new(&level);
        let mut session = PenguSession {
            level,
            game,
            board: Vec::new(),
            history: Vec::new(),
        };
        session.refresh_board();
        session
    }

    fn refresh_board(&mut self) {
        self.board.clear();
        let tiles = self.game.tiles();
        self.board
            .extend(tiles.cells().iter().map(|t| t.symbol() as u8));
    }

    /// The level as it was before any move.
    pub fn level(&self) -> &Level {
        &self.level
    }
}

impl Session for PenguSession {
    type View = PenguView;
    type Report = MoveReport;

    fn rows(&self) -> usize {
        self.level.tiles.rows()
    }

    fn cols(&self) -> usize {
        self.level.tiles.cols()
    }

    fn board(&self) -> &[u8] {
        &self.board
    }

    fn level_text(&self) -> String {
        self.level.to_text()
    }

    fn view(&self) -> PenguView {
        PenguView {
            rows: self.rows(),
            cols: self.cols(),
            pengu: self.game.pos(),
            start: self.level.start,
            status: self.game.status(),
            score: self.game.score(),
            fish_left: self.game.fish_left(),
            total_fish: self.level.fish_count(),
            moves: self.game.moves().to_string(),
            legal: self.game.legal_moves().iter().map(|d| d.digit()).collect(),
            output: self.game.output(),
        }
    }

    fn moves(&self) -> String {
        self.game.moves().to_string()
    }

    fn play(&mut self, digit: char) -> Result<MoveReport, MoveError> {
        let index = self.game.moves().len();
        let dir = Dir::from_digit(digit)
            .ok_or_else(|| MoveError::new(index, digit, "not a direction"))?;
        let report = self
            .game
            .play(dir)
            .map_err(|m| MoveError::new(index, digit, m))?;
        self.refresh_board();
        self.history.push(report.clone());
        Ok(report)
    }

    fn restart(&mut self) {
        self.game = Game::new(&self.level);
        self.history.clear();
        self.refresh_board();
    }

    fn history(&self) -> Vec<MoveReport> {
        self.history.clone()
    }

    fn paint(&mut self, at: Pos, symbol: char) -> Result<(), EditError> {
        self.level.paint(at, symbol)?;
        self.restart();
        Ok(())
    }

    fn resize(&mut self, rows: usize, cols: usize) -> Result<(), EditError> {
        self.level = self.level.resized(rows, cols);
        self.restart();
        Ok(())
    }
}
