//! A game in progress, one half-move at a time, with the referee's rules: the monster
//! first, capture when both share a site, a move limit, illegal moves refused (for a
//! person) or reported as cheating (for a strategy).

use super::level::Dungeon;
use super::strategy::{Player, Side};
use crate::error::MoveError;
use crate::grid::{Dir, Pos};
use serde::Serialize;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Ending {
    /// The monster and the rogue share a site; `Caught by monster` is printed in this
    /// turn (the turn after the rogue's move if the rogue stepped onto the monster).
    Caught {
        /// The turn of the capture.
        turn: u32,
    },
    /// The move limit was reached with the rogue alive.
    Survived {
        /// Turns played.
        turns: u32,
    },
    /// A strategy answered with an illegal move.
    Cheated {
        /// Who cheated.
        side: Side,
        /// The turn of the illegal move.
        turn: u32,
        /// Where the cheat stood.
        from: Pos,
        /// Where it tried to go.
        to: Pos,
    },
}

impl Ending {
    /// The referee's last line (without the newline): `Caught by monster` as
    /// `Game.java` prints it, `Rogue survived N moves` at gridlab's move limit, or for
    /// cheating exactly the message of the stock referee's exception,
    /// `Monster caught cheating` / `Rogue caught cheating` (the move and the sites are
    /// in [`Ending::detail`]).
    ///
    /// ```
    /// use gridlab::games::rogue::{Ending, Side};
    /// use gridlab::grid::Pos;
    /// let cheat = Ending::Cheated {
    ///     side: Side::Rogue,
    ///     turn: 1,
    ///     from: Pos::new(2, 0),
    ///     to: Pos::new(2, usize::MAX), // a step off the board wraps around
    /// };
    /// assert_eq!(cheat.line(), "Rogue caught cheating");
    /// assert_eq!(
    ///     cheat.detail().unwrap(),
    ///     "Rogue caught cheating: move 1 from (2, 0) to (2, -1) is not legal"
    /// );
    /// assert_eq!(Ending::Caught { turn: 3 }.detail(), None);
    /// ```
    pub fn line(&self) -> String {
        match *self {
            Ending::Caught { .. } => "Caught by monster".to_string(),
            Ending::Survived { turns } => format!("Rogue survived {turns} moves"),
            Ending::Cheated { side, .. } => format!("{} caught cheating", side.name()),
        }
    }

    /// For cheating, the line with the move and the sites (`Rogue caught cheating:
    /// move 1 from (2, 0) to (2, -1) is not legal`); `None` for the other endings.
    pub fn detail(&self) -> Option<String> {
        match *self {
            Ending::Cheated {
                side,
                turn,
                from,
                to,
            } => Some(format!(
                // A step off the board wraps around; show it as a negative index.
                "{} caught cheating: move {turn} from ({}, {}) to ({}, {}) is not legal",
                side.name(),
                from.row,
                from.col,
                to.row as isize,
                to.col as isize
            )),
            _ => None,
        }
    }
}

/// One half-move: who moved, from where to where, in which turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HalfMove {
    /// The side that moved.
    pub side: Side,
    /// The turn (from 1).
    pub turn: u32,
    /// Where it stood.
    pub from: Pos,
    /// Where it went (the same site when it stayed).
    pub to: Pos,
}

/// Where a refused step went, as people read it: `to row R, column C` (1-based), or
/// `off the board` past the top or the left edge (its index wrapped around).
fn step_to(to: Pos) -> String {
    if (to.row as isize) < 0 || (to.col as isize) < 0 {
        "off the board".to_string()
    } else {
        format!("to {to}")
    }
}

/// Why a move of the side to move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game has ended: no side is to move.
    #[error("the game is over")]
    Over,
    /// A character that is not a numpad digit.
    #[error("'{0}' is not a numpad direction (1-9)")]
    NotADirection(char),
    /// A step the coursework's `isLegalMove` refuses.
    #[error("the {} cannot move from {from} {}", side.name().to_lowercase(), step_to(*to))]
    Illegal {
        /// The side that tried it.
        side: Side,
        /// Where it stands.
        from: Pos,
        /// Where it tried to go.
        to: Pos,
    },
}

/// Largest move limit, in turns: a game keeps every position (32 bytes a half-move,
/// 64 MB at this limit).
pub const MAX_MOVES: u32 = 1_000_000;

/// A game on a dungeon: the positions after every half-move, the moves as numpad
/// digits (`5` stays), and the ending once there is one.
///
/// ```
/// use gridlab::games::rogue::{Dungeon, Ending, Game};
/// let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
/// let mut game = Game::new(&d, 1000);
/// game.replay(&d, "348").unwrap();         // monster SE, rogue W, monster N
/// assert_eq!(game.ending(), None);
/// game.replay(&d, "3413").unwrap_err();    // the rogue cannot leave the board
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    /// Positions (monster, rogue) at the start and after every half-move.
    positions: Vec<(Pos, Pos)>,
    moves: String,
    max_moves: u32,
    ending: Option<Ending>,
}

impl Game {
    /// A new game from the dungeon's start, ending after `max_moves` turns at most
    /// (at most [`MAX_MOVES`]: a larger limit is lowered to it).
    pub fn new(dungeon: &Dungeon, max_moves: u32) -> Game {
        let max_moves = max_moves.min(MAX_MOVES);
        Game {
            positions: vec![(dungeon.monster, dungeon.rogue)],
            moves: String::new(),
            max_moves,
            ending: (max_moves == 0).then_some(Ending::Survived { turns: 0 }),
        }
    }

    /// The monster's site now.
    pub fn monster(&self) -> Pos {
        self.positions[self.positions.len() - 1].0
    }

    /// The rogue's site now.
    pub fn rogue(&self) -> Pos {
        self.positions[self.positions.len() - 1].1
    }

    /// The positions (monster, rogue) at the start and after every half-move.
    pub fn positions(&self) -> &[(Pos, Pos)] {
        &self.positions
    }

    /// The half-moves so far as numpad digits, the monster's first (`5` stays).
    pub fn moves(&self) -> &str {
        &self.moves
    }

    /// The turn being played (from 1).
    pub fn turn(&self) -> u32 {
        (self.moves.len() / 2) as u32 + 1
    }

    /// The ending, once the game is over.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The move limit in turns.
    pub fn max_moves(&self) -> u32 {
        self.max_moves
    }

    /// Who moves next, or `None` when the game is over.
    pub fn to_move(&self) -> Option<Side> {
        match (self.ending, self.moves.len() % 2) {
            (Some(_), _) => None,
            (None, 0) => Some(Side::Monster),
            (None, _) => Some(Side::Rogue),
        }
    }

    /// The legal steps of the side to move as numpad digits, staying put (`5`) first.
    pub fn legal_steps(&self, dungeon: &Dungeon) -> String {
        let Some(side) = self.to_move() else {
            return String::new();
        };
        let from = self.site_of(side);
        dungeon
            .moves(from)
            .into_iter()
            .map(|to| step_digit(from, to))
            .collect()
    }

    fn site_of(&self, side: Side) -> Pos {
        match side {
            Side::Monster => self.monster(),
            Side::Rogue => self.rogue(),
        }
    }

    /// Move the side to move to `to`; an illegal move (or any move after the end) is
    /// refused with a message and changes nothing.
    pub fn play(&mut self, dungeon: &Dungeon, to: Pos) -> Result<HalfMove, PlayError> {
        let side = self.to_move().ok_or(PlayError::Over)?;
        let from = self.site_of(side);
        if !dungeon.is_legal_move(from, to) {
            return Err(PlayError::Illegal { side, from, to });
        }
        Ok(self.apply(side, from, to))
    }

    /// Play a numpad digit (`5` stays) for the side to move.
    pub fn play_digit(&mut self, dungeon: &Dungeon, digit: char) -> Result<HalfMove, PlayError> {
        let side = self.to_move().ok_or(PlayError::Over)?;
        let from = self.site_of(side);
        let to = match digit {
            '5' => from,
            _ => step(
                from,
                Some(Dir::from_digit(digit).ok_or(PlayError::NotADirection(digit))?),
            ),
        };
        self.play(dungeon, to)
    }

    /// Let `player` move for the side to move. An illegal answer ends the game as
    /// cheating (and is returned as the half-move that was refused).
    pub fn play_player(&mut self, dungeon: &Dungeon, player: &mut dyn Player) -> Option<HalfMove> {
        let side = self.to_move()?;
        let from = self.site_of(side);
        let to = player.next_move(dungeon, self.monster(), self.rogue());
        if !dungeon.is_legal_move(from, to) {
            self.ending = Some(Ending::Cheated {
                side,
                turn: self.turn(),
                from,
                to,
            });
            return Some(HalfMove {
                side,
                turn: self.turn(),
                from,
                to,
            });
        }
        Some(self.apply(side, from, to))
    }

    fn apply(&mut self, side: Side, from: Pos, to: Pos) -> HalfMove {
        let turn = self.turn();
        let (m, r) = match side {
            Side::Monster => (to, self.rogue()),
            Side::Rogue => (self.monster(), to),
        };
        self.positions.push((m, r));
        self.moves.push(step_digit(from, to));
        if m == r {
            let turn = if side == Side::Rogue { turn + 1 } else { turn };
            self.ending = Some(Ending::Caught { turn });
        } else if side == Side::Rogue && turn >= self.max_moves {
            self.ending = Some(Ending::Survived { turns: turn });
        }
        HalfMove {
            side,
            turn,
            from,
            to,
        }
    }

    /// Play a string of numpad digits from here; at the first illegal one, stop with
    /// its index in the whole move string.
    pub fn replay(&mut self, dungeon: &Dungeon, digits: &str) -> Result<(), MoveError> {
        for c in digits.chars() {
            let index = self.moves.len();
            self.play_digit(dungeon, c)
                .map_err(|m| MoveError::new(index, c, m.to_string()))?;
        }
        Ok(())
    }

    /// Take back the last half-move.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.positions.pop();
        self.ending = None;
        true
    }

    /// What the coursework's stock `Game.java` prints on standard output for the game
    /// so far, byte for byte: the starting board and a blank line (`main`), then per
    /// turn `Move t` and a blank line, and the board after each move (`toString`, then
    /// a blank line). After a capture comes `Caught by monster` (if the rogue stepped
    /// onto the monster, after the next turn's `Move t` and blank line, as the stock
    /// loop checks for the capture before asking the monster). When a side cheats, the
    /// stock referee stops with an exception after the last board (the rogue) or after
    /// `Move t` and its blank line (the monster); here one line follows with exactly
    /// the exception's message, `Monster caught cheating` / `Rogue caught cheating`.
    /// The stock referee has no move limit: at gridlab's, the output of the turns
    /// played is followed by `Rogue survived N moves`.
    ///
    /// ```
    /// use gridlab::games::rogue::{Dungeon, Game};
    /// let d = Dungeon::parse("2\nA .\n. @\n").unwrap();
    /// let mut game = Game::new(&d, 1000);
    /// assert_eq!(game.transcript(&d), "A . \n. @ \n\n");
    /// game.replay(&d, "3").unwrap();
    /// assert_eq!(
    ///     game.transcript(&d),
    ///     "A . \n. @ \n\nMove 1\n\n. . \n. * \n\nCaught by monster\n"
    /// );
    /// ```
    pub fn transcript(&self, dungeon: &Dungeon) -> String {
        let mut out = Vec::new();
        self.write_transcript(dungeon, &mut out)
            .expect("writing to memory cannot fail");
        String::from_utf8(out).expect("boards are UTF-8")
    }

    /// Write [`Game::transcript`] to `out` a board at a time (a long game on a large
    /// dungeon need not be held in memory).
    pub fn write_transcript(
        &self,
        dungeon: &Dungeon,
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        let (m0, r0) = self.positions[0];
        writeln!(out, "{}", board(dungeon, m0, r0))?;
        for (k, &(m, r)) in self.positions.iter().enumerate().skip(1) {
            if k % 2 == 1 {
                write!(out, "Move {}\n\n", k / 2 + 1)?;
            }
            writeln!(out, "{}", board(dungeon, m, r))?;
        }
        match self.ending {
            Some(ending @ Ending::Caught { turn }) if self.moves.len() % 2 == 0 => {
                write!(out, "Move {turn}\n\n{}\n", ending.line())
            }
            Some(ending @ Ending::Cheated { turn, .. }) if self.moves.len() % 2 == 0 => {
                write!(out, "Move {turn}\n\n{}\n", ending.line())
            }
            Some(ending) => writeln!(out, "{}", ending.line()),
            None => Ok(()),
        }
    }
}

/// `from` moved one step in `dir` (`None` stays); a step off the board wraps around to
/// an index no board has, so it stays illegal.
pub(super) fn step(from: Pos, dir: Option<Dir>) -> Pos {
    match dir {
        None => from,
        Some(dir) => {
            let (dr, dc) = dir.delta();
            Pos::new(
                from.row.wrapping_add_signed(dr as isize),
                from.col.wrapping_add_signed(dc as isize),
            )
        }
    }
}

/// The numpad digit of a one-site step (`5` to stay, `?` if not a step).
///
/// ```
/// use gridlab::games::rogue::step_digit;
/// use gridlab::grid::Pos;
/// assert_eq!(step_digit(Pos::new(1, 1), Pos::new(0, 2)), '9');
/// ```
pub fn step_digit(from: Pos, to: Pos) -> char {
    let dr = to.row as isize - from.row as isize;
    let dc = to.col as isize - from.col as isize;
    match (dr, dc) {
        (0, 0) => '5',
        _ => Dir::ALL
            .into_iter()
            .find(|d| d.delta() == (dr as i32, dc as i32))
            .map_or('?', Dir::digit),
    }
}

/// `Game.java`'s `toString`: each site's character and a space, `@`, the monster's
/// letter, `*` where both stand.
pub(super) fn board(d: &Dungeon, m: Pos, r: Pos) -> String {
    let mut s = String::new();
    for (row, sites) in d.sites.row_slices().enumerate() {
        for (col, site) in sites.iter().enumerate() {
            let p = Pos::new(row, col);
            s.push(match (p == r, p == m) {
                (true, true) => '*',
                (true, false) => '@',
                (false, true) => d.monster_letter,
                _ => site.symbol(),
            });
            s.push(' ');
        }
        s.push('\n');
    }
    s
}
