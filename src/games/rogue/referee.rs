//! The coursework's referee (`Game.java`) and the strategies it can run: the monster
//! first, `Move t` lines, the boards, `Caught by monster`, plus a move limit.

use super::level::Dungeon;
use super::strategy::{MonsterStrategy, Player, RogueStrategy, SharedAnalysis, Side};
use crate::grid::Pos;
use serde::Serialize;

/// How a refereed game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The monster reached the rogue during this turn.
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

/// The referee of one game, with the two players.
pub struct Referee<'d> {
    dungeon: &'d Dungeon,
    monster: Box<dyn Player>,
    rogue: Box<dyn Player>,
}

impl<'d> Referee<'d> {
    /// A referee for `dungeon` with built-in strategies (the exact solution is
    /// computed once if either needs it).
    pub fn new(dungeon: &'d Dungeon, monster: MonsterStrategy, rogue: RogueStrategy) -> Self {
        let mut shared = SharedAnalysis::default();
        let monster = monster.player(dungeon, &mut shared);
        let rogue = rogue.player(dungeon, &mut shared);
        Referee::with_players(dungeon, monster, rogue)
    }

    /// A referee for `dungeon` with any two players.
    pub fn with_players(
        dungeon: &'d Dungeon,
        monster: Box<dyn Player>,
        rogue: Box<dyn Player>,
    ) -> Self {
        Referee {
            dungeon,
            monster,
            rogue,
        }
    }

    /// Play a game of at most `max_moves` turns, writing the referee's transcript to
    /// `out` (the boards after every move, as `Game.java` prints them) unless `quiet`.
    ///
    /// ```
    /// use gridlab::games::rogue::{Dungeon, Ending, MonsterStrategy, Referee, RogueStrategy};
    /// let d = Dungeon::parse("2\nA .\n. @\n").unwrap();
    /// let mut referee = Referee::new(&d, MonsterStrategy::Bfs, RogueStrategy::Naive);
    /// let mut out = String::new();
    /// assert_eq!(referee.play(100, false, &mut out), Ending::Caught { turn: 1 });
    /// assert_eq!(out, "Move 1\n\n. . \n. * \n\nCaught by monster\n");
    /// ```
    pub fn play(&mut self, max_moves: u32, quiet: bool, out: &mut String) -> Ending {
        let (mut m, mut r) = (self.dungeon.monster, self.dungeon.rogue);
        let dungeon = self.dungeon;
        let print = |out: &mut String, m: Pos, r: Pos| {
            if !quiet {
                out.push_str(&board(dungeon, m, r));
                out.push('\n');
            }
        };
        for turn in 1..=max_moves {
            if !quiet {
                out.push_str(&format!("Move {turn}\n\n"));
            }
            if m == r {
                return caught(turn, out);
            }
            let next = self.monster.next_move(self.dungeon, m, r);
            if !self.dungeon.is_legal_move(m, next) {
                return cheated(Side::Monster, turn, m, next, out);
            }
            m = next;
            print(out, m, r);
            if m == r {
                return caught(turn, out);
            }
            let next = self.rogue.next_move(self.dungeon, m, r);
            if !self.dungeon.is_legal_move(r, next) {
                return cheated(Side::Rogue, turn, r, next, out);
            }
            r = next;
            print(out, m, r);
        }
        out.push_str(&format!("Rogue survived {max_moves} moves\n"));
        Ending::Survived { turns: max_moves }
    }

    /// The board as `Game.java`'s `toString` prints it: a character and a space per
    /// site (`*` where both stand), each row ending in a newline.
    pub fn board(&self, m: Pos, r: Pos) -> String {
        board(self.dungeon, m, r)
    }
}

fn caught(turn: u32, out: &mut String) -> Ending {
    out.push_str("Caught by monster\n");
    Ending::Caught { turn }
}

/// Game.java's cheating line, with the move that broke the rules.
fn cheated(side: Side, turn: u32, from: Pos, to: Pos, out: &mut String) -> Ending {
    // A scripted step off the board wraps around; show it as the negative index.
    out.push_str(&format!(
        "{} caught cheating: move {turn} from ({}, {}) to ({}, {}) is not legal\n",
        side.name(),
        from.row,
        from.col,
        to.row as isize,
        to.col as isize
    ));
    Ending::Cheated {
        side,
        turn,
        from,
        to,
    }
}

/// `Game.java`'s `toString`.
fn board(d: &Dungeon, m: Pos, r: Pos) -> String {
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
