//! The coursework's referee (`Game.java`) and the strategies it can run: the monster
//! first, `Move t` lines, the boards, `Caught by monster`, plus a move limit.

use super::analysis::Analysis;
use super::level::Dungeon;
use crate::grid::Pos;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// How the monster chooses its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MonsterStrategy {
    /// One step along a BFS shortest path; ties go to the step nearest the rogue
    /// (squared Euclidean), then to compass order.
    Bfs,
    /// The exact solution: the fastest capture.
    Optimal,
}

/// How the rogue chooses its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RogueStrategy {
    /// The adjacent site farthest (by BFS) from the monster.
    Naive,
    /// The exact solution: never a losing state; else the longest delay.
    Optimal,
}

impl std::str::FromStr for MonsterStrategy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "bfs" => Ok(Self::Bfs),
            "optimal" => Ok(Self::Optimal),
            _ => Err(format!(
                "monster strategy must be bfs or optimal, not '{s}'"
            )),
        }
    }
}

impl std::str::FromStr for RogueStrategy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "naive" => Ok(Self::Naive),
            "optimal" => Ok(Self::Optimal),
            _ => Err(format!(
                "rogue strategy must be naive or optimal, not '{s}'"
            )),
        }
    }
}

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
}

/// BFS distances (in moves) from `from` to every site; `u32::MAX` where unreachable.
fn distances(dungeon: &Dungeon, from: Pos) -> Vec<u32> {
    let n = dungeon.size();
    let mut dist = vec![u32::MAX; n * n];
    dist[from.row * n + from.col] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let d = dist[p.row * n + p.col];
        for q in dungeon.moves(p) {
            if dist[q.row * n + q.col] == u32::MAX {
                dist[q.row * n + q.col] = d + 1;
                queue.push_back(q);
            }
        }
    }
    dist
}

fn euclid2(a: Pos, b: Pos) -> usize {
    a.row.abs_diff(b.row).pow(2) + a.col.abs_diff(b.col).pow(2)
}

/// The referee with its two strategies (the exact solution is computed once when a
/// strategy needs it).
pub struct Referee<'d> {
    dungeon: &'d Dungeon,
    monster: MonsterStrategy,
    rogue: RogueStrategy,
    analysis: Option<Analysis>,
}

impl<'d> Referee<'d> {
    /// A referee for `dungeon` with the given strategies.
    pub fn new(dungeon: &'d Dungeon, monster: MonsterStrategy, rogue: RogueStrategy) -> Self {
        let exact = monster == MonsterStrategy::Optimal || rogue == RogueStrategy::Optimal;
        Referee {
            dungeon,
            monster,
            rogue,
            analysis: exact.then(|| Analysis::new(dungeon)),
        }
    }

    /// The monster's move from `m` with the rogue at `r`.
    pub fn monster_move(&self, m: Pos, r: Pos) -> Pos {
        let candidates = match (self.monster, &self.analysis) {
            (MonsterStrategy::Optimal, Some(a)) => a.best_monster_moves(self.dungeon, m, r),
            _ => {
                let to_rogue = distances(self.dungeon, r);
                let n = self.dungeon.size();
                let d = |p: Pos| to_rogue[p.row * n + p.col];
                let moves = self.dungeon.moves(m);
                let best = moves.iter().map(|&p| d(p)).min().unwrap_or(u32::MAX);
                moves.into_iter().filter(|&p| d(p) == best).collect()
            }
        };
        candidates
            .into_iter()
            .min_by_key(|&p| euclid2(p, r))
            .unwrap_or(m)
    }

    /// The rogue's move from `r` with the monster at `m`.
    pub fn rogue_move(&self, m: Pos, r: Pos) -> Pos {
        match (self.rogue, &self.analysis) {
            (RogueStrategy::Optimal, Some(a)) => a
                .best_rogue_moves(self.dungeon, m, r)
                .into_iter()
                .max_by_key(|&p| (euclid2(p, m), std::cmp::Reverse(p)))
                .unwrap_or(r),
            _ => {
                let from_monster = distances(self.dungeon, m);
                let n = self.dungeon.size();
                self.dungeon
                    .moves(r)
                    .into_iter()
                    .max_by_key(|&p| (from_monster[p.row * n + p.col], std::cmp::Reverse(p)))
                    .unwrap_or(r)
            }
        }
    }

    /// Play a game of at most `max_moves` turns, writing the referee's transcript to
    /// `out` (the boards after every move, as `Game.java` prints them) unless `quiet`.
    ///
    /// ```
    /// use gridlab::games::rogue::{Dungeon, Ending, MonsterStrategy, Referee, RogueStrategy};
    /// let d = Dungeon::parse("2\nA .\n. @\n").unwrap();
    /// let referee = Referee::new(&d, MonsterStrategy::Bfs, RogueStrategy::Naive);
    /// let mut out = String::new();
    /// assert_eq!(referee.play(100, false, &mut out), Ending::Caught { turn: 1 });
    /// assert_eq!(out, "Move 1\n\n. . \n. * \n\nCaught by monster\n");
    /// ```
    pub fn play(&self, max_moves: u32, quiet: bool, out: &mut String) -> Ending {
        let (mut m, mut r) = (self.dungeon.monster, self.dungeon.rogue);
        let print = |out: &mut String, m: Pos, r: Pos| {
            if !quiet {
                out.push_str(&self.board(m, r));
                out.push('\n');
            }
        };
        for turn in 1..=max_moves {
            if !quiet {
                out.push_str(&format!("Move {turn}\n\n"));
            }
            if m == r {
                return self.caught(turn, out);
            }
            m = self.monster_move(m, r);
            print(out, m, r);
            if m == r {
                return self.caught(turn, out);
            }
            r = self.rogue_move(m, r);
            print(out, m, r);
        }
        out.push_str(&format!("Rogue survived {max_moves} moves\n"));
        Ending::Survived { turns: max_moves }
    }

    fn caught(&self, turn: u32, out: &mut String) -> Ending {
        out.push_str("Caught by monster\n");
        Ending::Caught { turn }
    }

    /// The board as `Game.java`'s `toString` prints it: a character and a space per
    /// site (`*` where both stand), each row ending in a newline.
    pub fn board(&self, m: Pos, r: Pos) -> String {
        let d = self.dungeon;
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
}
