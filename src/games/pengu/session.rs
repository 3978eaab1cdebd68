//! Pengu's playground session: a level, a game on it played a numpad digit at a time,
//! and the board as the course symbols (see [`crate::games::session`]).

use super::{Game, Level, MoveReport, Status};
use crate::error::MoveError;
use crate::games::session::{play_symbol, EditError, LevelRules, LevelSession};
use crate::grid::{Dir, Pos};
use serde::Serialize;

/// A Pengu level and a game on it.
pub type PenguSession = LevelSession<PenguRules>;

/// Pengu's rules as a [`LevelSession`] plays them.
pub struct PenguRules;

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
    /// What reading the field warned of (text after the grid read as notes).
    warnings: Vec<String>,
}

impl LevelRules for PenguRules {
    type Level = Level;
    type Game = Game;
    type Report = MoveReport;
    type View = PenguView;

    fn start(level: &Level) -> Game {
        Game::new(level)
    }

    fn size(level: &Level) -> (usize, usize) {
        (level.tiles.rows(), level.tiles.cols())
    }

    fn level_text(level: &Level) -> String {
        level.to_text()
    }

    fn moves(game: &Game) -> &str {
        game.moves()
    }

    fn play(game: &mut Game, index: usize, digit: char) -> Result<MoveReport, MoveError> {
        play_symbol(index, digit, Dir::from_digit, "not a direction", |d| {
            game.play(d)
        })
    }

    fn draw(game: &Game, board: &mut Vec<u8>) {
        board.clear();
        board.extend(game.tiles().cells().iter().map(|t| t.symbol() as u8));
    }

    fn view(level: &Level, game: &Game) -> PenguView {
        PenguView {
            rows: level.tiles.rows(),
            cols: level.tiles.cols(),
            pengu: game.pos(),
            start: level.start,
            status: game.status(),
            score: game.score(),
            fish_left: game.fish_left(),
            total_fish: level.fish_count(),
            moves: game.moves().to_string(),
            legal: game.legal_moves().iter().map(|d| d.digit()).collect(),
            output: game.output(),
            warnings: level.warnings(),
        }
    }

    fn paint(level: &mut Level, at: Pos, symbol: char) -> Result<(), EditError> {
        level.paint(at, symbol)
    }

    fn resized(level: &Level, rows: usize, cols: usize) -> Level {
        level.resized(rows, cols)
    }
}
