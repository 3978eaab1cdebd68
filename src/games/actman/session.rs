//! Act-Man's playground session: a dungeon, a game on it played an action at a time,
//! and the board as the course output's grid (see [`crate::games::session`]).

use super::{Action, Dungeon, Game, Kind, Status, TurnReport};
use crate::error::MoveError;
use crate::games::session::{play_symbol, EditError, LevelRules, LevelSession};
use crate::grid::Pos;
use serde::Serialize;

/// An Act-Man dungeon and a game on it.
pub type ActmanSession = LevelSession<ActmanRules>;

/// Act-Man's rules as a [`LevelSession`] plays them.
pub struct ActmanRules;

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
    /// What reading the dungeon warned of (text after the grid read as notes).
    warnings: Vec<String>,
}

impl ActmanSession {
    /// The grader's verdict on the game so far as a plan of at most `limit` actions.
    pub fn verdict(&self, limit: Option<usize>) -> String {
        self.game().verdict(limit)
    }

    /// Where each monster would step if Act-Man moved to `target` now (the chase
    /// rule, for the arrows drawn while the pointer hovers a cell); an error off the
    /// board.
    pub fn chases_towards(&self, target: Pos) -> Result<Vec<Chase>, EditError> {
        let game = self.game();
        let board = game.board();
        let cell = board
            .cell_on_board(target)
            .ok_or_else(|| format!("{target} is off the board"))?;
        Ok(game
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

// Same shape as Pengu's `LevelRules` (`duplicates` pairs them): the contract's methods,
// each a one-line call into this game's own rules.
impl LevelRules for ActmanRules {
    type Level = Dungeon;
    type Game = Game;
    type Report = TurnReport;
    type View = ActmanView;

    fn start(dungeon: &Dungeon) -> Game {
        Game::new(dungeon)
    }

    fn size(dungeon: &Dungeon) -> (usize, usize) {
        (dungeon.walls.rows(), dungeon.walls.cols())
    }

    fn level_text(dungeon: &Dungeon) -> String {
        dungeon.to_text()
    }

    fn moves(game: &Game) -> &str {
        game.actions()
    }

    fn play(game: &mut Game, index: usize, symbol: char) -> Result<TurnReport, MoveError> {
        play_symbol(index, symbol, Action::from_symbol, "not an action", |a| {
            game.play(a)
        })
    }

    fn draw(game: &Game, board: &mut Vec<u8>) {
        board.clear();
        board.extend(game.grid().cells().iter().map(|&c| c as u8));
    }

    fn view(dungeon: &Dungeon, game: &Game) -> ActmanView {
        ActmanView {
            rows: dungeon.walls.rows(),
            cols: dungeon.walls.cols(),
            actman: game.actman(),
            status: game.status(),
            score: game.score(),
            bullet_used: game.bullet_used(),
            actions: game.actions().to_string(),
            moves: game.actions().to_string(),
            legal: game.legal_actions().iter().map(|a| a.symbol()).collect(),
            monsters: game.monsters(),
            corpses: game.corpses(),
            next_chases: game
                .next_chases()
                .into_iter()
                .map(|(kind, from, to)| Chase { kind, from, to })
                .collect(),
            output: game.output(),
            verdict: game.verdict(None),
            warnings: dungeon.warnings(),
        }
    }

    fn paint(dungeon: &mut Dungeon, at: Pos, symbol: char) -> Result<(), EditError> {
        dungeon
            .paint(at, symbol)
            .map_err(|e| EditError::from(e.to_string()))
    }

    fn resized(dungeon: &Dungeon, rows: usize, cols: usize) -> Dungeon {
        dungeon.resized(rows, cols)
    }
}
