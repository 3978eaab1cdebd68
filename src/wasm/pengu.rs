//! Pengu bindings.

use super::{
    message, move_error, parse_error, progress_reporter, replay_legal_prefix, solve_options, to_js,
    with_trace,
};
use crate::error::MoveError;
use crate::games::pengu::{self, Game, Level, SolveOptions, Tile};
use crate::grid::{Dir, Pos};
use crate::search::Stats;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A Pengu level and a game on it. `tiles_ptr()`/`tiles_len()` give a zero-copy view
/// of the current board: one byte per cell, the course symbol (`#`, ` `, `0`, `*`, `U`,
/// `S`), row-major.
#[wasm_bindgen]
pub struct PenguSession {
    level: Level,
    game: Game,
    board: Vec<u8>,
    history: Vec<pengu::MoveReport>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SessionView<'a> {
    rows: usize,
    cols: usize,
    pengu: Pos,
    start: Pos,
    status: pengu::Status,
    score: usize,
    fish_left: usize,
    total_fish: usize,
    moves: &'a str,
    legal: String,
    output: String,
}

#[wasm_bindgen]
impl PenguSession {
    /// Parse a level in the course format (throws `{line, column, message}`).
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<PenguSession, JsValue> {
        let level = Level::parse(text).map_err(parse_error)?;
        Ok(Self::from_level(level))
    }

    fn from_level(level: Level) -> PenguSession {
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
        self.board
            .extend(self.game.tiles().cells().iter().map(|t| t.symbol() as u8));
    }

    /// Rows of the field.
    pub fn rows(&self) -> usize {
        self.level.tiles.rows()
    }

    /// Columns of the field.
    pub fn cols(&self) -> usize {
        self.level.tiles.cols()
    }

    /// Pointer to the current board bytes in wasm memory.
    pub fn tiles_ptr(&self) -> *const u8 {
        self.board.as_ptr()
    }

    /// Number of board bytes (rows × cols).
    pub fn tiles_len(&self) -> usize {
        self.board.len()
    }

    /// The level's tiles (before any move) as a string of course symbols, row-major.
    pub fn level_tiles(&self) -> String {
        self.level
            .tiles
            .cells()
            .iter()
            .map(|t| t.symbol())
            .collect()
    }

    /// The level in the course text format.
    pub fn level_text(&self) -> String {
        self.level.to_text()
    }

    /// Everything the page shows about the game now.
    pub fn view(&self) -> JsValue {
        to_js(&SessionView {
            rows: self.rows(),
            cols: self.cols(),
            pengu: self.game.pos(),
            start: self.level.start,
            status: self.game.status(),
            score: self.game.score(),
            fish_left: self.game.fish_left(),
            total_fish: self.level.fish_count(),
            moves: self.game.moves(),
            legal: self.game.legal_moves().iter().map(|d| d.digit()).collect(),
            output: self.game.output(),
        })
    }

    /// Play one move given as a numpad digit; returns the move report
    /// `{dir, path, eaten, died}` or throws `{index, symbol, message}`.
    pub fn play(&mut self, digit: char) -> Result<JsValue, JsValue> {
        let index = self.game.moves().len();
        let dir = Dir::from_digit(digit)
            .ok_or_else(|| move_error(MoveError::new(index, digit, "not a direction")))?;
        let report = self
            .game
            .play(dir)
            .map_err(|m| move_error(MoveError::new(index, digit, m)))?;
        self.refresh_board();
        self.history.push(report.clone());
        Ok(to_js(&report))
    }

    /// Restart and play a whole move string (throws at the first illegal move, after
    /// playing the legal ones before it).
    pub fn replay(&mut self, digits: &str) -> Result<JsValue, JsValue> {
        let (reports, error) = replay_legal_prefix(digits, |moves| {
            self.game = Game::new(&self.level);
            self.game.play_digits(moves)
        });
        self.history = reports;
        self.refresh_board();
        match error {
            None => Ok(to_js(&self.history)),
            Some(e) => Err(move_error(e)),
        }
    }

    /// The report of every move played so far.
    pub fn history(&self) -> JsValue {
        to_js(&self.history)
    }

    /// Take back the last move.
    pub fn undo(&mut self) -> bool {
        let mut moves = self.game.moves().to_string();
        if moves.pop().is_none() {
            return false;
        }
        self.replay(&moves).is_ok()
    }

    /// Back to the level's start.
    pub fn restart(&mut self) {
        self.game = Game::new(&self.level);
        self.history.clear();
        self.refresh_board();
    }

    /// Paint a cell of the level (course symbol, `P` moves Pengu) and restart.
    pub fn paint(&mut self, row: usize, col: usize, symbol: char) -> Result<(), JsValue> {
        self.level
            .paint(Pos::new(row, col), symbol)
            .map_err(message)?;
        self.restart();
        Ok(())
    }

    /// Resize the level (border becomes wall) and restart.
    pub fn resize(&mut self, rows: usize, cols: usize) {
        self.level = self.level.resized(rows, cols);
        self.restart();
    }
}

/// The course symbols of Pengu's tiles, for the editor palette (`P` last).
#[wasm_bindgen]
pub fn pengu_palette() -> String {
    [
        Tile::Wall,
        Tile::Ice,
        Tile::Snow,
        Tile::Fish,
        Tile::Bear,
        Tile::Shark,
    ]
    .iter()
    .map(|t| t.symbol())
    .chain(std::iter::once('P'))
    .collect()
}

/// Check a level text: `null` when it parses, else `{line, column, message}`.
#[wasm_bindgen]
pub fn pengu_check(text: &str) -> JsValue {
    match Level::parse(text) {
        Ok(_) => JsValue::NULL,
        Err(e) => parse_error(e),
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SolveView {
    outcome: crate::search::Outcome,
    goal_met: bool,
    moves: String,
    score: usize,
    status: pengu::Status,
    stats: Stats,
    note: Option<String>,
    output: String,
    trace_truncated: bool,
}

/// Solve a level. `options` is `{solver, goal, maxStates, maxDepth, seed, randomMoves,
/// traceLimit}` (all optional; `solver` is "random", "bfs", "iddfs", "greedy" or
/// "astar"; `goal` is "all" or `{at_least: N}`); `progress` is called with the
/// statistics every few thousand expansions. Returns `{outcome, goalMet, moves, score,
/// status, stats, note, output, traceTruncated, trace}` with `trace` a `Uint32Array` of
/// cell indices (bit 31 set: generated; clear: expanded).
#[wasm_bindgen]
pub fn pengu_solve(
    text: &str,
    options: JsValue,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsValue> {
    let level = Level::parse(text).map_err(parse_error)?;
    let options: SolveOptions = solve_options(options)?;
    options
        .check()
        .map_err(|e| message(format!("bad solver options: {e}")))?;
    let mut report = progress_reporter(&progress);
    let solution = pengu::solve(&level, &options, None, Some(&mut report));
    let game = pengu::outcome_game(&level, &solution);
    let view = SolveView {
        outcome: solution.outcome,
        goal_met: solution.outcome == crate::search::Outcome::Found && options.goal.is_met(&game),
        moves: solution.moves.clone(),
        score: game.score(),
        status: game.status(),
        stats: solution.stats.clone(),
        note: solution.note.clone(),
        output: game.output(),
        trace_truncated: solution.trace.truncated,
    };
    with_trace(&view, &solution.trace.events)
}
