//! The players: a small [`Player`] trait and the built-in strategies of both sides.

use super::analysis::{Analysis, AnalysisError};
use super::cycle::CycleRogue;
use super::level::{Dungeon, Site};
use crate::grid::distance::{DistanceMap, Visit};
use crate::grid::{Dir, Pos};
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// A side's strategy: given the dungeon and both positions, the site to move to.
///
/// The referee checks every answer with [`Dungeon::is_legal_move`] and ends the game
/// with a cheating report when it is not legal, so an external strategy may be wrong.
///
/// ```
/// use gridlab::games::rogue::{BfsMonster, Dungeon, Player};
/// let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
/// let next = BfsMonster.next_move(&d, d.monster, d.rogue);
/// assert_eq!((next.row, next.col), (1, 1));
/// ```
pub trait Player {
    /// The site to move to from the player's own site (staying put is legal).
    fn next_move(&mut self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Pos;
}

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The monster, who moves first.
    Monster,
    /// The rogue `@`.
    Rogue,
}

impl Side {
    /// `Monster` or `Rogue`, as the referee's messages name the side.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Monster => "Monster",
            Side::Rogue => "Rogue",
        }
    }
}

/// The monster's built-in strategies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MonsterStrategy {
    /// One step along a BFS shortest path; ties go to the step nearest the rogue
    /// (squared Euclidean), then to compass order.
    Bfs,
    /// The exact solution: the fastest capture.
    Optimal,
}

/// The rogue's built-in strategies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RogueStrategy {
    /// The adjacent site farthest (by BFS) from the monster.
    Naive,
    /// The coursework's approach: reach a cycle through a corridor ahead of the
    /// monster and run around it; otherwise flee as `naive` does.
    Cycle,
    /// The exact solution: never a losing state; else the longest delay.
    Optimal,
}

crate::names!(MonsterStrategy, "monster strategy", {
    MonsterStrategy::Bfs => "bfs",
    MonsterStrategy::Optimal => "optimal",
});

crate::names!(RogueStrategy, "rogue strategy", {
    RogueStrategy::Naive => "naive",
    RogueStrategy::Cycle => "cycle",
    RogueStrategy::Optimal => "optimal",
});

/// The exact solution, computed at most once for the strategies that need it.
#[derive(Default)]
pub struct SharedAnalysis(Option<Rc<Analysis>>);

impl SharedAnalysis {
    /// The analysis of `dungeon`, computed on first use (an error when the dungeon is
    /// too large for it; nothing is kept then).
    pub fn get(&mut self, dungeon: &Dungeon) -> Result<Rc<Analysis>, AnalysisError> {
        if let Some(analysis) = &self.0 {
            return Ok(analysis.clone());
        }
        let analysis = Rc::new(Analysis::new(dungeon)?);
        self.0 = Some(analysis.clone());
        Ok(analysis)
    }
}

impl MonsterStrategy {
    /// This strategy where the exact solution is affordable: `Optimal` needs it, so on
    /// a dungeon of more than `max_sites` open sites it falls back to `Bfs`.
    pub fn affordable(self, open_sites: usize, max_sites: usize) -> Self {
        match self {
            MonsterStrategy::Optimal if open_sites > max_sites => MonsterStrategy::Bfs,
            other => other,
        }
    }

    /// The player for this strategy; `optimal` needs the exact solution, an error on a
    /// dungeon too large for it.
    pub fn player(
        self,
        dungeon: &Dungeon,
        shared: &mut SharedAnalysis,
    ) -> Result<Box<dyn Player>, AnalysisError> {
        Ok(match self {
            MonsterStrategy::Bfs => Box::new(BfsMonster),
            MonsterStrategy::Optimal => Box::new(OptimalMonster(shared.get(dungeon)?)),
        })
    }
}

impl RogueStrategy {
    /// This strategy where the exact solution is affordable: `Optimal` needs it, so on
    /// a dungeon of more than `max_sites` open sites it falls back to `Cycle`.
    pub fn affordable(self, open_sites: usize, max_sites: usize) -> Self {
        match self {
            RogueStrategy::Optimal if open_sites > max_sites => RogueStrategy::Cycle,
            other => other,
        }
    }

    /// The player for this strategy; `optimal` needs the exact solution, an error on a
    /// dungeon too large for it.
    pub fn player(
        self,
        dungeon: &Dungeon,
        shared: &mut SharedAnalysis,
    ) -> Result<Box<dyn Player>, AnalysisError> {
        Ok(match self {
            RogueStrategy::Naive => Box::new(NaiveRogue),
            RogueStrategy::Cycle => Box::new(CycleRogue::new(dungeon)),
            RogueStrategy::Optimal => Box::new(OptimalRogue(shared.get(dungeon)?)),
        })
    }
}

/// BFS distances (in moves) from `from` to every cell, row-major; `u32::MAX` where
/// unreachable.
pub fn distances(dungeon: &Dungeon, from: Pos) -> Vec<u32> {
    let mut dist = DistanceMap::new(0);
    bfs(dungeon, from, &[], &mut dist);
    dist.into_vec()
}

/// The steps of the eight directions as (row, column) deltas, and whether diagonal.
const STEPS: [(isize, isize, bool); 8] = [
    (-1, 0, false),
    (-1, 1, true),
    (0, 1, false),
    (1, 1, true),
    (1, 0, false),
    (1, -1, true),
    (0, -1, false),
    (-1, -1, true),
];

/// BFS distances from `from` into `dist` (row-major, `u32::MAX` where not reached).
/// With `targets`, the search stops as soon as every target has its distance: the
/// cells nearer than the farthest target have theirs, farther ones may be left
/// unreached. Each call costs at most one pass over the dungeon's open sites.
pub(super) fn bfs(dungeon: &Dungeon, from: Pos, targets: &[Pos], dist: &mut DistanceMap<u32>) {
    let n = dungeon.size();
    let cells = dungeon.sites.cells();
    dist.resize(n * n);
    let start = from.row * n + from.col;
    let mut wanted: Vec<usize> = targets
        .iter()
        .map(|p| p.row * n + p.col)
        .filter(|&i| i != start)
        .collect();
    wanted.sort_unstable();
    wanted.dedup();
    let stop_early = !targets.is_empty();
    if (stop_early && wanted.is_empty()) || cells.get(start).is_none_or(|&s| s == Site::Wall) {
        if start < dist.len() {
            dist.flood([start], |_| None::<usize>);
        }
        return;
    }
    let neighbours = |i: usize| {
        let (r, c) = (i / n, i % n);
        let room = cells[i] == Site::Room;
        STEPS.into_iter().filter_map(move |(dr, dc, diagonal)| {
            let (r2, c2) = (r.wrapping_add_signed(dr), c.wrapping_add_signed(dc));
            if r2 >= n || c2 >= n {
                return None;
            }
            let j = r2 * n + c2;
            let site = cells[j];
            (site != Site::Wall && !(diagonal && !(room && site == Site::Room))).then_some(j)
        })
    };
    dist.fill([start], neighbours, |j, _| {
        if stop_early {
            if let Some(k) = wanted.iter().position(|&w| w == j) {
                wanted.swap_remove(k);
                if wanted.is_empty() {
                    return Visit::Stop;
                }
            }
        }
        Visit::Enter
    });
}

/// Squared Euclidean distance, the monster's tie-break.
pub(super) fn euclid2(a: Pos, b: Pos) -> usize {
    a.row.abs_diff(b.row).pow(2) + a.col.abs_diff(b.col).pow(2)
}

/// The coursework's baseline monster: one step along a BFS shortest path to the rogue;
/// ties go to the step nearest the rogue by squared Euclidean distance, then to the
/// first in the order stay, N, NE, E, SE, S, SW, W, NW.
#[derive(Clone, Copy, Debug, Default)]
pub struct BfsMonster;

impl Player for BfsMonster {
    fn next_move(&mut self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Pos {
        let moves = dungeon.moves(monster);
        let mut to_rogue = DistanceMap::new(0);
        bfs(dungeon, rogue, &moves, &mut to_rogue);
        let n = dungeon.size();
        let d = |p: Pos| to_rogue.cells()[p.row * n + p.col];
        let best = moves.iter().map(|&p| d(p)).min().unwrap_or(u32::MAX);
        moves
            .into_iter()
            .filter(|&p| d(p) == best)
            .min_by_key(|&p| euclid2(p, rogue))
            .unwrap_or(monster)
    }
}

/// The exact monster: a move of the fastest capture (ties as [`BfsMonster`]). Where
/// the rogue survives forever whatever the monster does, it chases as [`BfsMonster`]
/// does (a rogue that errs is then caught).
#[derive(Clone, Debug)]
pub struct OptimalMonster(pub Rc<Analysis>);

impl Player for OptimalMonster {
    fn next_move(&mut self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Pos {
        if self.0.monster_to_move(monster, rogue) == super::analysis::FOREVER {
            return BfsMonster.next_move(dungeon, monster, rogue);
        }
        self.0
            .best_monster_moves(dungeon, monster, rogue)
            .into_iter()
            .min_by_key(|&p| euclid2(p, rogue))
            .unwrap_or(monster)
    }
}

/// The naive rogue: the adjacent site (or staying put) farthest from the monster by
/// BFS; ties go to the last in row-major order.
#[derive(Clone, Copy, Debug, Default)]
pub struct NaiveRogue;

impl NaiveRogue {
    /// The naive choice given the monster's BFS distances.
    pub(super) fn choose(dungeon: &Dungeon, from_monster: &[u32], rogue: Pos) -> Pos {
        let n = dungeon.size();
        dungeon
            .moves(rogue)
            .into_iter()
            .max_by_key(|&p| (from_monster[p.row * n + p.col], std::cmp::Reverse(p)))
            .unwrap_or(rogue)
    }
}

impl Player for NaiveRogue {
    fn next_move(&mut self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Pos {
        let mut from_monster = DistanceMap::new(0);
        let moves = dungeon.moves(rogue);
        bfs(dungeon, monster, &moves, &mut from_monster);
        NaiveRogue::choose(dungeon, from_monster.cells(), rogue)
    }
}

/// The exact rogue: a move that survives forever, else one that delays the capture
/// longest; ties go to the site farthest from the monster (squared Euclidean).
#[derive(Clone, Debug)]
pub struct OptimalRogue(pub Rc<Analysis>);

impl Player for OptimalRogue {
    fn next_move(&mut self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Pos {
        self.0
            .best_rogue_moves(dungeon, monster, rogue)
            .into_iter()
            .max_by_key(|&p| (euclid2(p, monster), std::cmp::Reverse(p)))
            .unwrap_or(rogue)
    }
}

/// A fixed list of steps played first (possibly illegal ones: the referee reports
/// them), then another strategy.
///
/// ```
/// use gridlab::games::rogue::{parse_steps, BfsMonster, Dungeon, Player, Scripted, Side};
/// let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
/// let mut monster = Scripted::new(Side::Monster, parse_steps("E").unwrap(), Box::new(BfsMonster));
/// let first = monster.next_move(&d, d.monster, d.rogue);
/// assert_eq!((first.row, first.col), (0, 1));
/// ```
pub struct Scripted {
    side: Side,
    steps: Vec<Option<Dir>>,
    played: usize,
    then: Box<dyn Player>,
}

impl Scripted {
    /// `side` plays `steps` (`None` stays put), then `then`.
    pub fn new(side: Side, steps: Vec<Option<Dir>>, then: Box<dyn Player>) -> Self {
        Scripted {
            side,
            steps,
            played: 0,
            then,
        }
    }
}

impl Player for Scripted {
    fn next_move(&mut self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Pos {
        let Some(&step) = self.steps.get(self.played) else {
            return self.then.next_move(dungeon, monster, rogue);
        };
        self.played += 1;
        let from = match self.side {
            Side::Monster => monster,
            Side::Rogue => rogue,
        };
        super::game::step(from, step)
    }
}

/// Why a list of steps does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepsError {
    /// A digit that is no numpad direction (`0`).
    #[error("step {step}: '{digit}' is not a numpad direction (1-9)")]
    Digit {
        /// The step, from 1.
        step: usize,
        /// The digit.
        digit: char,
    },
    /// A word that is no compass name.
    #[error("step {step}: '{token}' is not a direction (N, NE, E, SE, S, SW, W, NW, stay or 1-9)")]
    Name {
        /// The step, from 1.
        step: usize,
        /// The word (its first 40 characters).
        token: String,
    },
}

/// Parse steps as compass names (`N`, `NE`, …, `stay`, any case) or numpad digits
/// (`8` is N, `5` stays), separated by commas or spaces; a run of digits is one step
/// per digit.
///
/// ```
/// use gridlab::games::rogue::parse_steps;
/// use gridlab::grid::Dir;
/// assert_eq!(parse_steps("ne, stay 26").unwrap(), vec![Some(Dir::NE), None, Some(Dir::S), Some(Dir::E)]);
/// assert!(parse_steps("N, up").unwrap_err().to_string().contains("'up'"));
/// ```
pub fn parse_steps(text: &str) -> Result<Vec<Option<Dir>>, StepsError> {
    let mut steps = Vec::new();
    for (i, token) in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        if token.chars().all(|c| c.is_ascii_digit()) {
            for c in token.chars() {
                steps.push(match c {
                    '5' => None,
                    _ => Some(Dir::from_digit(c).ok_or(StepsError::Digit {
                        step: i + 1,
                        digit: c,
                    })?),
                });
            }
            continue;
        }
        let step = match token.to_ascii_uppercase().as_str() {
            "STAY" => None,
            "N" => Some(Dir::N),
            "NE" => Some(Dir::NE),
            "E" => Some(Dir::E),
            "SE" => Some(Dir::SE),
            "S" => Some(Dir::S),
            "SW" => Some(Dir::SW),
            "W" => Some(Dir::W),
            "NW" => Some(Dir::NW),
            _ => {
                return Err(StepsError::Name {
                    step: i + 1,
                    token: crate::error::excerpt(token),
                })
            }
        };
        steps.push(step);
    }
    Ok(steps)
}
