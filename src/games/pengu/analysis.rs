//! What a level tells its author: the optimal number of moves for "all fish", how many
//! distinct optimal plans there are (1: the intended solution is the only one), which
//! fish can never be eaten, where Pengu can never come to rest, and a few measured
//! features of its difficulty. The editor shows them after every edit and the
//! generator scores its candidates with them.

use super::graph::{SlideGraph, BLOCKED};
use super::level::{Level, Tile};
use super::solver::{solve, Goal, SolveOptions};
use crate::games::verdict::{CellMark, LevelVerdict, MarkKind, Verdict};
use crate::grid::Dir;
use crate::search::{Algorithm, Outcome, Solver};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// Most fish whose plans are counted (the eaten set is one 64-bit word).
pub const MAX_COUNTED_FISH: usize = 64;

/// Largest table indexed directly by (rest position, fish eaten); beyond it, a hash
/// map bounded by the state limit.
const DENSE_LIMIT: usize = 1 << 22;

/// How a plan count ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "outcome")]
pub enum PlanCount {
    /// Every fish can be eaten alive: the fewest moves and how many move strings of
    /// that length do it (capped).
    Found {
        /// The fewest moves of a plan.
        moves: u32,
        /// Distinct optimal plans, at most the cap.
        plans: u64,
        /// One optimal plan (numpad digits).
        plan: String,
        /// States the count stored.
        states: usize,
    },
    /// The count passed its state limit, but A* proved the fewest moves: the optimal
    /// plans were not counted.
    Optimal {
        /// The fewest moves of a plan.
        moves: u32,
        /// One optimal plan (numpad digits).
        plan: String,
        /// Why the plans were not counted.
        note: String,
    },
    /// No sequence of moves eats every fish alive.
    NoPlan {
        /// States the count stored (all of them: the search was exhaustive).
        states: usize,
    },
    /// The state limit, the fish limit or a cancel stopped the count.
    LimitReached {
        /// Why.
        note: String,
    },
}

/// A breadth-first search over (rest position, fish eaten) that counts the shortest
/// paths to a state with every fish eaten: each state's count is the sum of its
/// parents' over the moves between them, so states on the last layer add up to the
/// number of distinct optimal move strings. Buffers are kept between calls (the
/// generator counts hundreds of thousands of levels).
#[derive(Default)]
pub struct PlanCounter {
    /// Per node in BFS order: position id, fish eaten, depth, path count, parent, move.
    pos: Vec<u32>,
    eaten: Vec<u64>,
    depth: Vec<u32>,
    count: Vec<u64>,
    parent: Vec<u32>,
    dir: Vec<u8>,
    dense: Vec<u32>,
    hashed: FxHashMap<(u32, u64), u32>,
    /// Per position and direction: the surviving slide's end and the fish it eats.
    moves: Vec<(u32, u64)>,
}

impl PlanCounter {
    /// Count the optimal plans for "every fish, alive" on `graph` (plans capped at
    /// `cap`, at most `max_states` states; `cancel` is checked every 4,096 states).
    ///
    /// ```
    /// use gridlab::games::pengu::{Level, PlanCount, PlanCounter, SlideGraph};
    /// // Two fish in a row: one move east eats both, and nothing else does.
    /// let level = Level::parse("4 5\n#####\n#P**#\n#   #\n#####").unwrap();
    /// let count = PlanCounter::default().count(&SlideGraph::new(&level), 100, 1_000, None);
    /// assert!(matches!(count, PlanCount::Found { moves: 1, plans: 1, .. }));
    /// ```
    pub fn count(
        &mut self,
        graph: &SlideGraph,
        cap: u64,
        max_states: usize,
        cancel: Option<&AtomicBool>,
    ) -> PlanCount {
        let fish = graph.fish_cells.len();
        if fish > MAX_COUNTED_FISH {
            return PlanCount::LimitReached {
                note: format!("{fish} fish: plans are counted for at most {MAX_COUNTED_FISH}"),
            };
        }
        let full = if fish == 64 {
            u64::MAX
        } else {
            (1u64 << fish) - 1
        };
        if fish == 0 {
            return PlanCount::Found {
                moves: 0,
                plans: 1,
                plan: String::new(),
                states: 1,
            };
        }
        self.prepare(graph);
        let dense = fish < 32 && graph.positions() << fish <= DENSE_LIMIT;
        if dense {
            self.dense.clear();
            self.dense.resize(graph.positions() << fish, u32::MAX);
        } else {
            self.hashed.clear();
        }
        for v in [&mut self.pos, &mut self.parent, &mut self.depth] {
            v.clear();
        }
        self.eaten.clear();
        self.count.clear();
        self.dir.clear();
        self.push(0, 0, 0, 1, 0, 0, dense, fish);
        let mut goal_depth = u32::MAX;
        let mut head = 0;
        while head < self.pos.len() {
            let (p, e, d, c) = (
                self.pos[head],
                self.eaten[head],
                self.depth[head],
                self.count[head],
            );
            if d + 1 > goal_depth || e == full {
                head += 1;
                continue;
            }
            if head % 4096 == 0 && cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return PlanCount::LimitReached {
                    note: "cancelled".into(),
                };
            }
            for k in 0..8 {
                let (to, gain) = self.moves[p as usize * 8 + k];
                if to == BLOCKED {
                    continue;
                }
                let e2 = e | gain;
                match self.find(to, e2, dense, fish) {
                    Some(n) => {
                        if self.depth[n] == d + 1 {
                            self.count[n] = self.count[n].saturating_add(c).min(cap);
                        }
                    }
                    None => {
                        if self.pos.len() >= max_states {
                            return PlanCount::LimitReached {
                                note: format!("more than {max_states} states"),
                            };
                        }
                        if e2 == full {
                            goal_depth = goal_depth.min(d + 1);
                        }
                        self.push(to, e2, d + 1, c.min(cap), head as u32, k as u8, dense, fish);
                    }
                }
            }
            head += 1;
        }
        if goal_depth == u32::MAX {
            return PlanCount::NoPlan {
                states: self.pos.len(),
            };
        }
        let mut plans = 0u64;
        let mut first = None;
        for n in 0..self.pos.len() {
            if self.eaten[n] == full && self.depth[n] == goal_depth {
                plans = plans.saturating_add(self.count[n]).min(cap);
                first.get_or_insert(n);
            }
        }
        let mut plan = Vec::new();
        let mut n = first.expect("a goal at the goal depth");
        while n != 0 {
            plan.push(Dir::ALL[self.dir[n] as usize].digit());
            n = self.parent[n] as usize;
        }
        PlanCount::Found {
            moves: goal_depth,
            plans,
            plan: plan.iter().rev().collect(),
            states: self.pos.len(),
        }
    }

    /// Per position and direction: where a surviving slide ends and the fish it eats.
    fn prepare(&mut self, graph: &SlideGraph) {
        self.moves.clear();
        for id in 0..graph.positions() {
            for dir in Dir::ALL {
                let edge = graph.edge(id, dir);
                if !SlideGraph::is_alive(edge) {
                    self.moves.push((BLOCKED, 0));
                    continue;
                }
                let gain = graph.cover(edge).iter().fold(0u64, |m, &f| m | 1 << f);
                self.moves.push((edge.to, gain));
            }
        }
    }

    fn find(&self, pos: u32, eaten: u64, dense: bool, fish: usize) -> Option<usize> {
        let n = if dense {
            self.dense[(pos as usize) << fish | eaten as usize]
        } else {
            *self.hashed.get(&(pos, eaten))?
        };
        (n != u32::MAX).then_some(n as usize)
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        pos: u32,
        eaten: u64,
        depth: u32,
        count: u64,
        parent: u32,
        dir: u8,
        dense: bool,
        fish: usize,
    ) {
        let n = self.pos.len() as u32;
        if dense {
            self.dense[(pos as usize) << fish | eaten as usize] = n;
        } else {
            self.hashed.insert((pos, eaten), n);
        }
        self.pos.push(pos);
        self.eaten.push(eaten);
        self.depth.push(depth);
        self.count.push(count);
        self.parent.push(parent);
        self.dir.push(dir);
    }
}

/// Measured features of a level's difficulty, for sorting a batch of levels.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Features {
    /// The fewest moves that eat every fish alive.
    pub optimal_moves: u32,
    /// Distinct optimal plans (at most the cap the analysis used).
    pub optimal_plans: u64,
    /// Whether the optimal plan is the only one.
    pub unique: bool,
    /// Mean number of surviving moves at the states along the optimal plan.
    pub branching: f64,
    /// States the exact count stored.
    pub states: usize,
    /// Rest cells Pengu can reach.
    pub rest_cells: usize,
    /// The number of moves of greedy best-first search's plan (none if it found none).
    pub greedy_moves: Option<u32>,
    /// How many moves greedy's plan is longer than the optimum.
    pub greedy_excess: Option<u32>,
}

/// The editor's verdict on a level.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The plan count (optimal length, plans, or why there is none).
    pub count: PlanCount,
    /// Grid indices of fish that no slide Pengu survives passes.
    pub uneatable: Vec<u32>,
    /// Grid indices of ice, snow and fish cells where Pengu never comes to rest.
    pub never_rests: Vec<u32>,
    /// The features, when a plan was found.
    pub features: Option<Features>,
}

impl Analysis {
    /// The editor's common form of this analysis (`level` names the places).
    pub fn verdict(&self, level: &Level, plan_cap: u64) -> LevelVerdict<Features> {
        let mut v = match &self.count {
            PlanCount::Found {
                moves, plans, plan, ..
            } => LevelVerdict::win(*moves, Some(*plans), plan.clone(), plan_cap),
            PlanCount::Optimal { moves, plan, note } => {
                LevelVerdict::win(*moves, None, plan.clone(), plan_cap).noted(note)
            }
            PlanCount::NoPlan { .. } => {
                LevelVerdict::new(Verdict::NoPlan, plan_cap).noted(match self.uneatable.first() {
                    Some(&cell) => {
                        let p = level.tiles.pos_of(cell as usize);
                        let more = match self.uneatable.len() {
                            1 => String::new(),
                            n => format!(" (and {} more)", n - 1),
                        };
                        format!(
                            "the fish at line {}, column {}{more} can never be eaten on a slide Pengu survives",
                            p.row + 2,
                            p.col + 1
                        )
                    }
                    None => "no sequence of moves eats every fish alive".into(),
                })
            }
            PlanCount::LimitReached { note } => {
                LevelVerdict::new(Verdict::LimitReached, plan_cap).noted(note)
            }
        };
        let mark = |kind| move |&cell: &u32| CellMark { cell, kind };
        v.marks
            .extend(self.uneatable.iter().map(mark(MarkKind::Unreachable)));
        v.marks
            .extend(self.never_rests.iter().map(mark(MarkKind::Dead)));
        v.features = self.features.clone();
        v
    }
}

pub use crate::games::verdict::{AnalysisLimits, MAX_ANALYSIS_STATES};

/// Analyse `level` for the editor and the generator.
///
/// ```
/// use gridlab::games::pengu::{analyze, AnalysisLimits, Level, PlanCount};
/// let level = Level::parse("3 6\n######\n#P**S#\n######").unwrap();
/// let a = analyze(&level, AnalysisLimits::default(), None);
/// assert!(matches!(a.count, PlanCount::NoPlan { .. }));
/// assert_eq!(a.uneatable, [8, 9]); // the only slide over them ends on the shark
/// ```
pub fn analyze(level: &Level, limits: AnalysisLimits, cancel: Option<&AtomicBool>) -> Analysis {
    let graph = match SlideGraph::with_limit(level, limits.max_states) {
        Ok(graph) => graph,
        Err(found) => {
            return Analysis {
                count: PlanCount::LimitReached {
                    note: format!("more than {found} rest cells"),
                },
                uneatable: Vec::new(),
                never_rests: Vec::new(),
                features: None,
            }
        }
    };
    let coverable = graph.coverable();
    let uneatable: Vec<u32> = (0..coverable.len())
        .filter(|&f| !coverable[f])
        .map(|f| graph.fish_cells[f])
        .collect();
    let mut rests = vec![false; level.tiles.len()];
    for &c in &graph.cells {
        rests[c as usize] = true;
    }
    let never_rests = level
        .tiles
        .cells()
        .iter()
        .enumerate()
        .filter(|&(i, &t)| matches!(t, Tile::Ice | Tile::Snow | Tile::Fish) && !rests[i])
        .map(|(i, _)| i as u32)
        .collect();
    let mut count = if uneatable.is_empty() {
        PlanCounter::default().count(&graph, limits.plan_cap, limits.max_states, cancel)
    } else {
        PlanCount::NoPlan { states: 0 }
    };
    if let PlanCount::LimitReached { note } = &count {
        if note != "cancelled" {
            count = optimum_by_astar(level, limits, note, cancel).unwrap_or(count);
        }
    }
    let features = match &count {
        PlanCount::Found { .. } => Some(features(level, &graph, &count)),
        _ => None,
    };
    Analysis {
        count,
        uneatable,
        never_rests,
        features,
    }
}

/// The fewest moves by A* (with its own state limit: ten times the count's), when the
/// plan count gave up at `why`.
fn optimum_by_astar(
    level: &Level,
    limits: AnalysisLimits,
    why: &str,
    cancel: Option<&AtomicBool>,
) -> Option<PlanCount> {
    let solution = solve(
        level,
        &SolveOptions {
            solver: Solver::Search(Algorithm::Astar),
            goal: Goal::All,
            max_states: limits.max_states.saturating_mul(10),
            ..SolveOptions::default()
        },
        cancel,
        None,
    );
    (solution.outcome == Outcome::Found).then(|| PlanCount::Optimal {
        moves: solution.moves.len() as u32,
        plan: solution.moves,
        note: format!("optimal by A*; the optimal plans were not counted ({why})"),
    })
}

/// The features of a level whose plans were counted (`count` is `Found`).
pub fn features(level: &Level, graph: &SlideGraph, count: &PlanCount) -> Features {
    let PlanCount::Found {
        moves,
        plans,
        plan,
        states,
    } = count
    else {
        return Features::default();
    };
    // Branching: the surviving moves at each rest cell the plan starts a move from.
    let mut id = 0usize;
    let mut options = 0usize;
    for digit in plan.chars() {
        let dir = Dir::from_digit(digit).expect("the counter writes digits");
        options += Dir::ALL
            .iter()
            .filter(|&&d| SlideGraph::is_alive(graph.edge(id, d)))
            .count();
        id = graph.edge(id, dir).to as usize;
    }
    let greedy = solve(
        level,
        &SolveOptions {
            solver: Solver::Search(Algorithm::Greedy),
            goal: Goal::All,
            max_states: 200_000,
            ..SolveOptions::default()
        },
        None,
        None,
    );
    let greedy_moves = (greedy.outcome == Outcome::Found).then_some(greedy.moves.len() as u32);
    Features {
        optimal_moves: *moves,
        optimal_plans: *plans,
        unique: *plans == 1,
        branching: if plan.is_empty() {
            0.0
        } else {
            (options as f64 / plan.len() as f64 * 100.0).round() / 100.0
        },
        states: *states,
        rest_cells: graph.positions(),
        greedy_moves,
        greedy_excess: greedy_moves.map(|g| g.saturating_sub(*moves)),
    }
}
