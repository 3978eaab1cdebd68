//! What a level tells its author: the optimal number of moves for "all fish", how many
//! distinct optimal plans there are (1: the intended solution is the only one), which
//! fish can never be eaten, where Pengu can never come to rest, and a few measured
//! features of its difficulty. The editor shows them after every edit and the
//! generator scores its candidates with them.
//!
//! [`analyze`] (the editor's verdict) proves the optimum with the solver's A* and its
//! heuristic, then counts the optimal plans with a breadth-first count that keeps only
//! the states whose depth plus heuristic is at most the optimum
//! ([`crate::games::plan_count`]): exact, and far smaller than the exhaustive count.
//! The generator scores small candidates with the exhaustive [`PlanCounter`], which
//! keeps its buffers between levels.

use super::graph::{SlideGraph, BLOCKED};
use super::level::{Level, Tile};
use super::solver::{solve, visit_problem, Goal, SolveOptions};
use crate::games::plan_count::{count_plans, Counted};
use crate::games::verdict::{memory_note, CellMark, LevelVerdict, MarkKind, Verdict};
use crate::grid::Dir;
use crate::search::{astar, Algorithm, Outcome, Problem, ProblemVisitor, Solver, Table};
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
    /// A* proved the fewest moves, but the plan count after it passed its limits: the
    /// optimal plans were not counted.
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

/// One state of a plan count, in breadth-first order.
#[derive(Clone, Copy)]
struct Node {
    /// Fish eaten (bit `f`: fish `f`).
    eaten: u64,
    /// Shortest paths to it (capped).
    count: u64,
    /// Rest position id.
    pos: u32,
    /// Moves from the start.
    depth: u32,
    /// The node it was first reached from.
    parent: u32,
    /// The move from the parent (index in `Dir::ALL`).
    dir: u8,
}

/// A breadth-first search over (rest position, fish eaten) that counts the shortest
/// paths to a state with every fish eaten: each state's count is the sum of its
/// parents' over the moves between them, so states on the last layer add up to the
/// number of distinct optimal move strings. Buffers are kept between calls (the
/// generator counts hundreds of thousands of levels).
#[derive(Default)]
pub struct PlanCounter {
    nodes: Vec<Node>,
    dense: Vec<u32>,
    hashed: FxHashMap<(u32, u64), u32>,
    /// Per position and direction: the surviving slide's end and the fish it eats.
    moves: Vec<(u32, u64)>,
}

impl PlanCounter {
    /// Count the optimal plans for "every fish, alive" on `graph`: plans capped at
    /// `limits.plan_cap`, at most `limits.max_states` states, and the counter's tables
    /// (counted as they grow, see [`Table`]) at most `limits.max_memory` bytes;
    /// `cancel` is checked every 1,024 states.
    ///
    /// ```
    /// use gridlab::games::pengu::{AnalysisLimits, Level, PlanCount, PlanCounter, SlideGraph};
    /// // Two fish in a row: one move east eats both, and nothing else does.
    /// let level = Level::parse("4 5\n#####\n#P**#\n#   #\n#####").unwrap();
    /// let limits = AnalysisLimits::default();
    /// let count = PlanCounter::default().count(&SlideGraph::new(&level), limits, None);
    /// assert!(matches!(count, PlanCount::Found { moves: 1, plans: 1, .. }));
    /// ```
    pub fn count(
        &mut self,
        graph: &SlideGraph,
        limits: AnalysisLimits,
        cancel: Option<&AtomicBool>,
    ) -> PlanCount {
        let (cap, max_states, budget) = (limits.plan_cap, limits.max_states, limits.max_memory);
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
        let over = |states| PlanCount::LimitReached {
            note: memory_note(states, budget),
        };
        if !self.prepare(graph, budget) {
            return over(0);
        }
        let dense = fish < 32 && graph.positions() << fish <= DENSE_LIMIT;
        self.dense.clear();
        self.hashed.clear();
        self.nodes.clear();
        if dense {
            let len = graph.positions() << fish;
            let others = self.bytes() - self.dense.bytes();
            if len.saturating_mul(4).saturating_add(others) > budget
                || self.dense.try_reserve_exact(len).is_err()
            {
                return over(0);
            }
            self.dense.resize(len, u32::MAX);
        }
        if !self.make_room(budget, dense) {
            return over(0);
        }
        self.push(
            Node {
                eaten: 0,
                count: 1,
                pos: 0,
                depth: 0,
                parent: 0,
                dir: 0,
            },
            dense,
            fish,
        );
        let mut goal_depth = u32::MAX;
        let mut head = 0;
        while head < self.nodes.len() {
            let Node {
                pos: p,
                eaten: e,
                depth: d,
                count: c,
                ..
            } = self.nodes[head];
            if d + 1 > goal_depth || e == full {
                head += 1;
                continue;
            }
            if head % 1024 == 0 && cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
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
                        let node = &mut self.nodes[n];
                        if node.depth == d + 1 {
                            node.count = node.count.saturating_add(c).min(cap);
                        }
                    }
                    None => {
                        if self.nodes.len() >= max_states {
                            return PlanCount::LimitReached {
                                note: format!("more than {max_states} states"),
                            };
                        }
                        if !self.make_room(budget, dense) {
                            return over(self.nodes.len());
                        }
                        if e2 == full {
                            goal_depth = goal_depth.min(d + 1);
                        }
                        let node = Node {
                            eaten: e2,
                            count: c.min(cap),
                            pos: to,
                            depth: d + 1,
                            parent: head as u32,
                            dir: k as u8,
                        };
                        self.push(node, dense, fish);
                    }
                }
            }
            head += 1;
        }
        if goal_depth == u32::MAX {
            return PlanCount::NoPlan {
                states: self.nodes.len(),
            };
        }
        let mut plans = 0u64;
        let mut first = None;
        for (n, node) in self.nodes.iter().enumerate() {
            if node.eaten == full && node.depth == goal_depth {
                plans = plans.saturating_add(node.count).min(cap);
                first.get_or_insert(n);
            }
        }
        let mut plan = Vec::new();
        let mut n = first.expect("a goal at the goal depth");
        while n != 0 {
            let node = self.nodes[n];
            plan.push(Dir::ALL[node.dir as usize].digit());
            n = node.parent as usize;
        }
        PlanCount::Found {
            moves: goal_depth,
            plans,
            plan: plan.iter().rev().collect(),
            states: self.nodes.len(),
        }
    }

    /// Bytes the counter's tables hold.
    fn bytes(&self) -> usize {
        self.nodes.bytes() + self.dense.bytes() + self.hashed.bytes() + self.moves.bytes()
    }

    /// Room for one more state within `budget` bytes (the `dense` table has a slot
    /// for every state already); `false` when it does not fit.
    fn make_room(&mut self, budget: usize, dense: bool) -> bool {
        let others = self.bytes() - self.nodes.bytes();
        if !self.nodes.make_room(others, budget) {
            return false;
        }
        dense || {
            let others = self.bytes() - self.hashed.bytes();
            self.hashed.make_room(others, budget)
        }
    }

    /// Per position and direction: where a surviving slide ends and the fish it eats;
    /// `false` when the table does not fit in `budget` bytes.
    fn prepare(&mut self, graph: &SlideGraph, budget: usize) -> bool {
        self.moves.clear();
        let len = graph.positions() * 8;
        let bytes = len.saturating_mul(std::mem::size_of::<(u32, u64)>());
        let others = self.bytes() - self.moves.bytes();
        if bytes.saturating_add(others) > budget || self.moves.try_reserve_exact(len).is_err() {
            return false;
        }
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
        true
    }

    fn find(&self, pos: u32, eaten: u64, dense: bool, fish: usize) -> Option<usize> {
        let n = if dense {
            self.dense[(pos as usize) << fish | eaten as usize]
        } else {
            *self.hashed.get(&(pos, eaten))?
        };
        (n != u32::MAX).then_some(n as usize)
    }

    fn push(&mut self, node: Node, dense: bool, fish: usize) {
        let n = self.nodes.len() as u32;
        if dense {
            self.dense[(node.pos as usize) << fish | node.eaten as usize] = n;
        } else {
            self.hashed.insert((node.pos, node.eaten), n);
        }
        self.nodes.push(node);
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
    let graph = match SlideGraph::bounded(level, limits.max_states, limits.max_memory) {
        Ok(graph) => graph,
        Err(limit) => {
            return Analysis {
                count: PlanCount::LimitReached {
                    note: limit.to_string(),
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
    // The graph stays while the searches run: its bytes come out of the budget.
    let limits = AnalysisLimits {
        max_memory: limits.max_memory.saturating_sub(graph.bytes()),
        ..limits
    };
    let count = if uneatable.is_empty() {
        count_by_astar(level, limits, cancel)
    } else {
        PlanCount::NoPlan { states: 0 }
    };
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

/// The optimum by A* on the solver's problem (its own heuristic: [`super::PenguProblem`];
/// states limited to ten times `limits.max_states`), then the optimal plans counted by
/// the breadth-first count that keeps only the states that A*'s heuristic allows on a
/// plan of that length ([`count_plans`]: exact, as the heuristic is admissible; at most
/// twice the states A* stored, or `limits.max_states` if more). When the count passes
/// its limits, the optimum stands and the plans are not counted.
fn count_by_astar(level: &Level, limits: AnalysisLimits, cancel: Option<&AtomicBool>) -> PlanCount {
    struct Count<'c> {
        limits: AnalysisLimits,
        cancel: Option<&'c AtomicBool>,
    }
    impl ProblemVisitor for Count<'_> {
        type Output = PlanCount;
        fn visit<P: Problem>(self, problem: &P) -> PlanCount {
            let options = SolveOptions {
                max_states: self.limits.max_states.saturating_mul(10),
                max_memory: self.limits.max_memory,
                ..SolveOptions::default()
            };
            let found = astar(problem, &mut options.budget().limits(self.cancel, None));
            let symbols = |plan: &[P::Action]| plan.iter().map(|a| problem.symbol(a)).collect();
            match found.outcome {
                Outcome::Found => {}
                Outcome::NoPlan => return PlanCount::NoPlan { states: 0 },
                Outcome::Cancelled => {
                    return PlanCount::LimitReached {
                        note: "cancelled".into(),
                    }
                }
                Outcome::LimitReached => {
                    let stored = found.stats.stored as usize;
                    return PlanCount::LimitReached {
                        note: if stored >= options.max_states {
                            format!(
                                "A* reached its limit of {} states before proving the optimum",
                                options.max_states
                            )
                        } else {
                            format!("A*: {}", memory_note(stored, options.max_memory))
                        },
                    };
                }
            }
            let moves = found.plan.len() as u32;
            // The count is the second half of the A* phase: it keeps the states with
            // g + h at most the optimum (about A*'s closed states and their ties), so
            // it may store up to twice what A* stored, within A*'s allowance; a field
            // whose ties are far more (independent zones) keeps A*'s optimum uncounted
            // rather than spend much longer than A* did.
            let allowance = self.limits.max_states.saturating_mul(10);
            let limits = AnalysisLimits {
                max_states: (found.stats.stored as usize)
                    .saturating_mul(2)
                    .max(self.limits.max_states)
                    .min(allowance),
                ..self.limits
            };
            match count_plans(problem, Some(moves), limits, self.cancel) {
                Counted::Found {
                    depth,
                    plans,
                    plan,
                    states,
                } => PlanCount::Found {
                    moves: depth,
                    plans,
                    plan: symbols(&plan),
                    states,
                },
                Counted::LimitReached { note } if note == "cancelled" => {
                    PlanCount::LimitReached { note }
                }
                Counted::LimitReached { note } => PlanCount::Optimal {
                    moves,
                    plan: symbols(&found.plan),
                    note: format!("optimal by A*; the optimal plans were not counted ({note})"),
                },
                Counted::NoPlan { .. } => unreachable!("A*'s plan is within its own length"),
            }
        }
    }
    let options = SolveOptions {
        max_states: limits.max_states.saturating_mul(10),
        max_memory: limits.max_memory,
        ..SolveOptions::default()
    };
    visit_problem(level, &options, Count { limits, cancel }).unwrap_or_else(|why| {
        match why.outcome {
            Outcome::NoPlan => PlanCount::NoPlan { states: 0 },
            _ => PlanCount::LimitReached { note: why.note },
        }
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
