//! Act-Man II bindings.

use super::{
    message, move_error, parse_error, progress_reporter, replay_legal_prefix, solve_options, to_js,
    with_trace,
};
use crate::error::MoveError;
use crate::games::actman::{self, Action, Dungeon, Game, Kind, SolveOptions, TurnReport};
use crate::grid::Pos;
use crate::search::{Outcome, Stats};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// An Act-Man dungeon and a game on it. `tiles_ptr()`/`tiles_len()` give a zero-copy
/// view of the current grid: one byte per cell, the course symbol (`#`, ` `, `@`, `G`,
/// `D`, and `A` or `X` for Act-Man), row-major.
#[wasm_bindgen]
pub struct ActmanSession {
    dungeon: Dungeon,
    game: Game,
    board: Vec<u8>,
    history: Vec<TurnReport>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Chase {
    kind: Kind,
    from: Pos,
    to: Pos,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SessionView<'a> {
    rows: usize,
    cols: usize,
    actman: Pos,
    status: actman::Status,
    score: i32,
    bullet_used: bool,
    actions: &'a str,
    legal: String,
    monsters: Vec<(Pos, Kind)>,
    corpses: Vec<Pos>,
    next_chases: Vec<Chase>,
    output: String,
    verdict: String,
}

#[wasm_bindgen]
impl ActmanSession {
    /// Parse a dungeon in the course format (throws `{line, column, message}`).
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<ActmanSession, JsValue> {
        let dungeon = Dungeon::parse(text).map_err(parse_error)?;
        let game = Game::new(&dungeon);
        let mut session = ActmanSession {
            dungeon,
            game,
            board: Vec::new(),
            history: Vec::new(),
        };
        session.refresh_board();
        Ok(session)
    }

    fn refresh_board(&mut self) {
        self.board.clear();
        let output = self.game.output();
        self.board.extend(
            output
                .lines()
                .skip(2)
                .flat_map(|line| line.chars().map(|c| c as u8)),
        );
    }

    /// Rows of the dungeon.
    pub fn rows(&self) -> usize {
        self.dungeon.walls.rows()
    }

    /// Columns of the dungeon.
    pub fn cols(&self) -> usize {
        self.dungeon.walls.cols()
    }

    /// Pointer to the current grid bytes in wasm memory.
    pub fn tiles_ptr(&self) -> *const u8 {
        self.board.as_ptr()
    }

    /// Number of grid bytes (rows × cols).
    pub fn tiles_len(&self) -> usize {
        self.board.len()
    }

    /// The dungeon in the course text format.
    pub fn level_text(&self) -> String {
        self.dungeon.to_text()
    }

    /// Everything the page shows about the game now, including where each monster
    /// will step if Act-Man stays put (`nextChases`).
    pub fn view(&self) -> JsValue {
        to_js(&SessionView {
            rows: self.rows(),
            cols: self.cols(),
            actman: self.game.actman(),
            status: self.game.status(),
            score: self.game.score(),
            bullet_used: self.game.bullet_used(),
            actions: self.game.actions(),
            legal: self
                .game
                .legal_actions()
                .iter()
                .map(|a| a.symbol())
                .collect(),
            monsters: self.game.monsters(),
            corpses: self.game.corpses(),
            next_chases: self
                .game
                .next_chases()
                .into_iter()
                .map(|(kind, from, to)| Chase { kind, from, to })
                .collect(),
            output: self.game.output(),
            verdict: self.game.verdict(None),
        })
    }

    /// The grader's verdict line for the game so far as a plan of at most `limit`
    /// actions (`*** VICTORY ***`, `* Plan limit reached`, ...).
    pub fn verdict(&self, limit: Option<usize>) -> String {
        self.game.verdict(limit)
    }

    /// Where each monster would step if Act-Man moved to (`row`, `col`) now: the
    /// chase rule, for the arrows the page draws while the pointer hovers a cell.
    pub fn chases_towards(&self, row: usize, col: usize) -> Result<JsValue, JsValue> {
        let board = self.game.board();
        let target = board
            .cell_on_board(Pos::new(row, col))
            .ok_or_else(|| message(format!("({row}, {col}) is off the board")))?;
        let chases: Vec<Chase> = self
            .game
            .monsters()
            .into_iter()
            .map(|(from, kind)| Chase {
                kind,
                from,
                to: board.pos(board.chase(board.cell(from), kind, target)),
            })
            .collect();
        Ok(to_js(&chases))
    }

    /// Play one action (`7 8 9 4 6 1 2 3` to move, `N S E W` to fire); returns the turn
    /// report `{action, from, to, bullet, chases, killed, kills, score, status}` or
    /// throws `{index, symbol, message}`.
    pub fn play(&mut self, symbol: char) -> Result<JsValue, JsValue> {
        let index = self.game.actions().len();
        let action = Action::from_symbol(symbol)
            .ok_or_else(|| move_error(MoveError::new(index, symbol, "not an action")))?;
        let report = self
            .game
            .play(action)
            .map_err(|m| move_error(MoveError::new(index, symbol, m)))?;
        self.refresh_board();
        self.history.push(report.clone());
        Ok(to_js(&report))
    }

    /// Restart and play a whole action string (throws at the first illegal action,
    /// keeping the legal ones before it).
    pub fn replay(&mut self, actions: &str) -> Result<JsValue, JsValue> {
        let (reports, error) = replay_legal_prefix(actions, |moves| {
            self.game = Game::new(&self.dungeon);
            self.game.play_str(moves)
        });
        self.history = reports;
        self.refresh_board();
        match error {
            None => Ok(to_js(&self.history)),
            Some(e) => Err(move_error(e)),
        }
    }

    /// The report of every turn played so far.
    pub fn history(&self) -> JsValue {
        to_js(&self.history)
    }

    /// Take back the last action.
    pub fn undo(&mut self) -> bool {
        let mut actions = self.game.actions().to_string();
        if actions.pop().is_none() {
            return false;
        }
        self.replay(&actions).is_ok()
    }

    /// Back to the dungeon's start.
    pub fn restart(&mut self) {
        self.game = Game::new(&self.dungeon);
        self.history.clear();
        self.refresh_board();
    }

    /// Paint a cell (`#`, space, `G`, `D`, `@`, or `A` to move Act-Man) and restart.
    pub fn paint(&mut self, row: usize, col: usize, symbol: char) -> Result<(), JsValue> {
        self.dungeon
            .paint(Pos::new(row, col), symbol)
            .map_err(message)?;
        self.restart();
        Ok(())
    }

    /// Resize the dungeon (border becomes wall) and restart.
    pub fn resize(&mut self, rows: usize, cols: usize) {
        self.dungeon = self.dungeon.resized(rows, cols);
        self.restart();
    }
}

/// The course symbols of the editor palette: wall, space, ogre, demon, corpse, Act-Man.
#[wasm_bindgen]
pub fn actman_palette() -> String {
    "# GD@A".to_string()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SolveView {
    outcome: Outcome,
    victory: bool,
    actions: String,
    score: i32,
    status: actman::Status,
    stats: Stats,
    note: Option<String>,
    output: String,
    trace_truncated: bool,
}

/// Solve a dungeon. `options` is `{solver, objective, maxTurns, maxStates, seed,
/// traceLimit}` (all optional; `solver` is "random", "bfs", "iddfs", "greedy" or
/// "astar"; `objective` "turns" or "score"); `progress` is called with the statistics
/// every few thousand expansions. Returns `{outcome, victory, actions, score, status,
/// stats, note, output, traceTruncated, trace}`; `trace` is a `Uint32Array` of Act-Man's
/// cells (bit 31 set: generated; clear: expanded).
#[wasm_bindgen]
pub fn actman_solve(
    text: &str,
    options: JsValue,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsValue> {
    let dungeon = Dungeon::parse(text).map_err(parse_error)?;
    let options: SolveOptions = solve_options(options)?;
    options
        .check()
        .map_err(|e| message(format!("bad solver options: {e}")))?;
    let mut report = progress_reporter(&progress);
    let solution = actman::solve(&dungeon, &options, None, Some(&mut report));
    let game = Game::replay(&dungeon, &solution.actions).map_err(move_error)?;
    let view = SolveView {
        outcome: solution.outcome,
        victory: game.status() == actman::Status::Victory,
        actions: solution.actions.clone(),
        score: game.score(),
        status: game.status(),
        stats: solution.stats.clone(),
        note: solution.note.clone(),
        output: game.output(),
        trace_truncated: solution.trace.truncated,
    };
    with_trace(&view, &solution.trace.events)
}
