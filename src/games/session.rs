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

use crate::error::{MoveError, UnknownSymbol};
use crate::grid::Pos;
use serde::Serialize;

/// An edit the level refuses, with the reason.
///
/// ```
/// use gridlab::error::UnknownSymbol;
/// use gridlab::games::session::EditError;
/// use gridlab::grid::Pos;
/// let off = EditError::Outside { at: Pos::new(4, 7), board: "field" };
/// assert_eq!(off.to_string(), "row 5, column 8 is outside the field");
/// let taken = EditError::Occupied { piece: "Pengu", it: "Pengu" };
/// assert_eq!(taken.to_string(), "Pengu stands here: move Pengu first");
/// let unknown = EditError::from(UnknownSymbol::new("cell", 'x', "'#' or ' '"));
/// assert_eq!(unknown.to_string(), "unknown cell 'x' (expected '#' or ' ')");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
pub enum EditError {
    /// A cell off the board (`board`: what the game calls it, `field`, `dungeon`).
    #[error("{at} is outside the {board}")]
    Outside {
        /// The cell.
        at: Pos,
        /// The board's name in the message.
        board: &'static str,
    },
    /// A symbol that is not on the game's palette.
    #[error(transparent)]
    Unknown(#[from] UnknownSymbol),
    /// A piece stands on the cell: painting over it would lose it.
    #[error("{piece} stands here: move {it} first")]
    Occupied {
        /// The piece (`Pengu`, `the monster`).
        piece: &'static str,
        /// How the advice names it (`Pengu`, `it`).
        it: &'static str,
    },
    /// A reason of the game's own (the level's checks after the edit).
    #[error("{0}")]
    Refused(String),
}

/// A game's own reason, as its message says it (the games whose levels do not yet
/// give a typed reason).
impl From<String> for EditError {
    fn from(message: String) -> Self {
        EditError::Refused(message)
    }
}

/// One move given by its symbol: `read` turns the symbol into the game's move (`None`
/// when it is none; `not_one` says so), `apply` plays it. Either refusal is a
/// [`MoveError`] at `index`, the number of moves played before it.
pub fn play_symbol<M, R, E: std::fmt::Display>(
    index: usize,
    symbol: char,
    read: impl FnOnce(char) -> Option<M>,
    not_one: &str,
    apply: impl FnOnce(M) -> Result<R, E>,
) -> Result<R, MoveError> {
    let the_move = read(symbol).ok_or_else(|| MoveError::new(index, symbol, not_one))?;
    apply(the_move).map_err(|e| MoveError::new(index, symbol, e.to_string()))
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

/// The rules of a game whose session is a level and a game started from it, played a
/// symbol at a time (Pengu, Act-Man): what [`LevelSession`] needs to keep the contract.
pub trait LevelRules {
    /// The level the editor paints.
    type Level;
    /// A game in progress on it.
    type Game;
    /// What one move did.
    type Report: Serialize + Clone;
    /// Everything the page shows.
    type View: Serialize;

    /// A game at the level's start.
    fn start(level: &Self::Level) -> Self::Game;
    /// Rows and columns of the level.
    fn size(level: &Self::Level) -> (usize, usize);
    /// The level in its course format.
    fn level_text(level: &Self::Level) -> String;
    /// The moves played so far.
    fn moves(game: &Self::Game) -> &str;
    /// Play one move by its symbol (`index`: the moves before it).
    fn play(game: &mut Self::Game, index: usize, symbol: char) -> Result<Self::Report, MoveError>;
    /// Write the board, one tile code a cell, row-major.
    fn draw(game: &Self::Game, board: &mut Vec<u8>);
    /// The view of `game` on `level`.
    fn view(level: &Self::Level, game: &Self::Game) -> Self::View;
    /// Paint a cell of the level.
    fn paint(level: &mut Self::Level, at: Pos, symbol: char) -> Result<(), EditError>;
    /// The level resized (within its limits).
    fn resized(level: &Self::Level, rows: usize, cols: usize) -> Self::Level;
}

/// A [`Session`] over [`LevelRules`]: the level, the game on it, the board bytes and
/// the report of every move.
pub struct LevelSession<R: LevelRules> {
    level: R::Level,
    game: R::Game,
    board: Vec<u8>,
    history: Vec<R::Report>,
}

impl<R: LevelRules> LevelSession<R> {
    /// A session at the start of `level`.
    pub fn new(level: R::Level) -> Self {
        let game = R::start(&level);
        let mut board = Vec::new();
        R::draw(&game, &mut board);
        LevelSession {
            level,
            game,
            board,
            history: Vec::new(),
        }
    }

    /// The level as it was before any move.
    pub fn level(&self) -> &R::Level {
        &self.level
    }

    /// The game so far.
    pub fn game(&self) -> &R::Game {
        &self.game
    }
}

impl<R: LevelRules> Session for LevelSession<R> {
    type View = R::View;
    type Report = R::Report;

    fn rows(&self) -> usize {
        R::size(&self.level).0
    }

    fn cols(&self) -> usize {
        R::size(&self.level).1
    }

    fn board(&self) -> &[u8] {
        &self.board
    }

    fn level_text(&self) -> String {
        R::level_text(&self.level)
    }

    fn view(&self) -> R::View {
        R::view(&self.level, &self.game)
    }

    fn moves(&self) -> String {
        R::moves(&self.game).to_string()
    }

    fn play(&mut self, symbol: char) -> Result<R::Report, MoveError> {
        let index = R::moves(&self.game).chars().count();
        let report = R::play(&mut self.game, index, symbol)?;
        R::draw(&self.game, &mut self.board);
        self.history.push(report.clone());
        Ok(report)
    }

    fn restart(&mut self) {
        self.game = R::start(&self.level);
        self.history.clear();
        R::draw(&self.game, &mut self.board);
    }

    fn history(&self) -> Vec<R::Report> {
        self.history.clone()
    }

    fn paint(&mut self, at: Pos, symbol: char) -> Result<(), EditError> {
        R::paint(&mut self.level, at, symbol)?;
        self.restart();
        Ok(())
    }

    fn resize(&mut self, rows: usize, cols: usize) -> Result<(), EditError> {
        self.level = R::resized(&self.level, rows, cols);
        self.restart();
        Ok(())
    }
}
