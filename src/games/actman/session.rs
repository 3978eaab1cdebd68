//! Act-Man's playground session: a dungeon, a game on it played an action at a time,
//! and the board as the course output's grid (see [`crate::games::session`]).

use super::{Action, Dungeon, Game, Kind, Status, TurnReport};
use crate::error::MoveError;
use crate::games::session::{EditError, Session};
use crate::grid::Pos;
use serde::Serialize;

/// An Act-Man dungeon and a game on it.
#[derive(Clone, Debug)]
pub struct ActmanSession {
    dungeon: Dungeon,
    game: Game,
    board: Vec<u8>,
    history: Vec<TurnReport>,
}

/// Where a monster steps: its kind, its cell and the cell it chases to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Chase {
    kind: Kind,
    from: Pos,
    to: Pos,
}

/// Everything the page shows about an Act-Man game.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActmanView {
    rows: usize,
    cols: usize,
    actman: Pos,
    status: Status,
    score: i32,
    bullet_used: bool,
    actions: String,
    moves: String,
    legal: String,
    monsters: Vec<(Pos, Kind)>,
    corpses: Vec<Pos>,
    next_chases: Vec<Chase>,
    output: String,
    verdict: String,
}

impl ActmanSession {
    /// A session at the start of `dungeon`.
    pub fn new(dungeon: Dungeon) -> ActmanSession {
        let game = Game::new(&dungeon);
        let mut session = ActmanSession {
            dungeon,
            game,
            board: Vec::new(),
            history: Vec::new(),
        };
        session.refresh_board();
        session
    }

    fn refresh_board(&mut self) {
        self.board.clear();
        let grid = self.game.grid();
        self.board.extend(grid.cells().iter().map(|&c| c as u8));
    }

    /// The grader's verdict on the game so far as a plan of at most `limit` actions.
    pub fn verdict(&self, limit: Option<usize>) -> String {
        self.game.verdict(limit)
    }

    /// Where each monster would step if Act-Man moved to `target` now (the chase
    /// rule, for the arrows drawn while the pointer hovers a cell); an error off the
    /// board.
    pub fn chases_towards(&self, target: Pos) -> Result<Vec<Chase>, EditError> {
        let board = self.game.board();
        let cell = board
            .cell_on_board(target)
            .ok_or_else(|| format!("({}, {}) is off the board", target.row, target.col))?;
        Ok(self
            .game
            .monsters()
            .into_iter()
            .map(|(from, kind)| Chase {
                kind,
                from,
                to: board.pos(board.chase(board.cell(from), kind, cell)),
            })
            .collect())
    }
}

impl Session for ActmanSession {
    type View = ActmanView;
    type Report = TurnReport;

    fn rows(&self) -> usize {
        self.dungeon.walls.rows()
    }

    fn cols(&self) -> usize {
        self.dungeon.walls.cols()
    }

    fn board(&self) -> &[u8] {
        &self.board
    }

    fn level_text(&self) -> String {
        self.dungeon.to_text()
    }

    fn view(&self) -> ActmanView {
        ActmanView {
            rows: self.rows(),
            cols: self.cols(),
            actman: self.game.actman(),
            status: self.game.status(),
            score: self.game.score(),
            bullet_used: self.game.bullet_used(),
            actions: self.game.actions().to_string(),
            moves: self.game.actions().to_string(),
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
        }
    }

    fn moves(&self) -> String {
        self.game.actions().to_string()
    }

    fn play(&mut self, symbol: char) -> Result<TurnReport, MoveError> {
        let index = self.game.actions().len();
        let action = Action::from_symbol(symbol)
            .ok_or_else(|| MoveError::new(index, symbol, "not an action"))?;
        let report = self
            .game
            .play(action)
            .map_err(|m| MoveError::new(index, symbol, m))?;
        self.refresh_board();
        self.history.push(report.clone());
        Ok(report)
    }

    fn restart(&mut self) {
        self.game = Game::new(&self.dungeon);
        self.history.clear();
        self.refresh_board();
    }

    fn history(&self) -> Vec<TurnReport> {
        self.history.clone()
    }

    fn paint(&mut self, at: Pos, symbol: char) -> Result<(), EditError> {
        self.dungeon.paint(at, symbol)?;
        self.restart();
        Ok(())
    }

    fn resize(&mut self, rows: usize, cols: usize) -> Result<(), EditError> {
        self.dungeon = self.dungeon.resized(rows, cols);
        self.restart();
        Ok(())
    }
}
