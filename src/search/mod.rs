//! One search module for every game: breadth-first, iterative-deepening depth-first,
//! greedy best-first, A*, uniform-cost, weighted A*, IDA*, beam search and
//! bidirectional breadth-first search, over the small [`Problem`] trait.
//!
//! Every run takes [`Limits`] (states stored, memory, depth, a cancel flag, a progress
//! callback)
//! and returns a [`SearchResult`]: the plan (or the best partial plan when a limit was
//! reached), [`Stats`], and on request a bounded [`Trace`] of the expansion order for
//! the visualiser.
//!
//! [`check_trace`] reads the other way: whether a trace a solver printed (one expanded
//! state a line, [`parse_trace`]) is a valid BFS, ID-DFS or A* expansion order.
//!
//! ```
//! use gridlab::search::{bfs, astar, Limits, Outcome, Problem};
//!
//! /// Count from 0 up to a target by +1 or +3.
//! struct Count(u32);
//! impl Problem for Count {
//!     type State = u32;
//!     type Action = u32;
//!     fn start(&self) -> u32 { 0 }
//!     fn is_goal(&self, s: &u32) -> bool { *s == self.0 }
//!     fn successors(&self, s: &u32, out: &mut Vec<(u32, u32, u32)>) {
//!         for step in [1, 3] {
//!             if s + step <= self.0 { out.push((step, s + step, 1)); }
//!         }
//!     }
//!     fn heuristic(&self, s: &u32) -> u32 { (self.0 - s).div_ceil(3) }
//! }
//!
//! let r = bfs(&Count(10), &mut Limits::default());
//! assert_eq!(r.outcome, Outcome::Found);
//! assert_eq!(r.plan.len(), 4); // 3 + 3 + 3 + 1
//! assert_eq!(astar(&Count(10), &mut Limits::default()).plan.len(), 4);
//! ```

mod beam;
mod best_first;
mod bfs;
mod bibfs;
mod budget;
mod cost_to_go;
mod exact_cost;
mod heuristic_lab;
mod idastar;
mod iddfs;
mod record;
mod state_graph;
mod trace_check;
mod trace_format;
mod trace_report;
mod visitor;

pub use beam::beam;
pub use best_first::{astar, greedy, ucs, wastar};
pub use bfs::bfs;
pub use bibfs::bibfs;
pub use budget::{grown_capacity, Table};
pub use cost_to_go::{cost_to_go, CostToGo};
pub use exact_cost::{Bounded, ExactCosts};
pub use heuristic_lab::{
    check_lab_options, run_lab, Admissibility, AnyProblem, BadEdge, Consistency, LabData, LabError,
    LabHeuristic, LabOptions, LabProblem, LabReport, LabRun, LabVisitor, Overestimate, RunSummary,
    MAX_EXACT_STATES, MAX_LAB_EDGES, MAX_LAB_GRAPH_STATES, MAX_LAB_STATES, MAX_LISTED, MAX_USER_H,
    SMALL_GRAPH,
};
pub use idastar::idastar;
pub use iddfs::iddfs;
pub use record::{event_id, Last, Record, Taken, BACKWARD, EXPANDED, LAST_SHIFT, TAKEN};
pub use state_graph::{GraphError, GraphLimits, Indexed, StateGraph, MAX_GRAPH_STATES, NO_GOAL};
pub use trace_check::{
    check_trace, ProblemGame, TraceGame, MAX_COST_TO_GO_SEARCHES, MAX_COST_TO_GO_STATES,
};
pub use trace_format::{parse_trace, TraceLine, MAX_TRACE_LINES, MAX_TRACE_LINE_CHARS, START_MARK};
pub use trace_report::{Fault, FaultKind, GoalSeen, TraceError, TraceReport};
pub use visitor::ProblemVisitor;

use crate::error::{FieldError, NameError};
use serde::{Deserialize, Serialize};
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

/// A search problem: a start state, successors with costs, a goal test and a heuristic.
///
/// States should be small `Copy`-like values (packed positions and bit sets) so that the
/// solvers can store millions of them.
pub trait Problem {
    /// A state of the search space.
    type State: Clone + Eq + Hash;
    /// The move that leads from one state to the next.
    type Action: Copy;

    /// The initial state.
    fn start(&self) -> Self::State;

    /// Whether `state` satisfies the goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Append `(action, next_state, cost)` for every useful move from `state` to `out`
    /// (without clearing it: depth-first search keeps several levels in one buffer).
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Action, Self::State, u32)>);

    /// A lower bound on the remaining cost (admissible for A*), or [`DEAD_END`] when
    /// the goal cannot be reached from `state` (best-first searches then drop it).
    /// Defaults to 0.
    fn heuristic(&self, _state: &Self::State) -> u32 {
        0
    }

    /// The ordering key of greedy best-first search (smaller first; `u64::MAX` drops the
    /// state). Defaults to the heuristic.
    fn greedy_key(&self, state: &Self::State) -> u64 {
        match self.heuristic(state) {
            DEAD_END => u64::MAX,
            h => u64::from(h),
        }
    }

    /// Whether `state`, reached at cost `g`, can still lead anywhere (e.g. a budget
    /// that `g` has used up); states that are not viable are dropped when generated.
    /// Defaults to `true`.
    fn viable(&self, _state: &Self::State, _g: u32) -> bool {
        true
    }

    /// How good a partial result `state` reached at cost `g` is (larger is better);
    /// when a search ends without a goal, the plan to the best such state is returned.
    fn progress(&self, _state: &Self::State, _g: u32) -> u64 {
        0
    }

    /// The board cell a state is drawn at in a search trace.
    fn cell(&self, _state: &Self::State) -> u32 {
        0
    }

    /// How the game writes an action (a numpad digit, a fire letter), for a search's
    /// [`Record`]. Defaults to `?`.
    fn symbol(&self, _action: &Self::Action) -> char {
        '?'
    }

    /// For bidirectional search ([`bibfs`]): append every goal state to `out`, or say
    /// why the moves cannot be searched backwards (the default: a problem that does
    /// not implement [`Problem::predecessors`]). The error is a sentence that the
    /// solver shows as its note.
    fn goal_states(&self, _out: &mut Vec<Self::State>) -> Result<(), String> {
        Err("bidirectional search needs moves that can be reversed, and this problem does not say how".into())
    }

    /// For bidirectional search: append `(action, previous, cost)` for every move
    /// `action` that leads from a state `previous` to `state` (the exact inverse of
    /// [`Problem::successors`]: `(action, state, cost)` is among the successors of
    /// `previous`). Only called when [`Problem::goal_states`] succeeded.
    fn predecessors(&self, _state: &Self::State, _out: &mut Vec<(Self::Action, Self::State, u32)>) {
    }
}

/// The heuristic value of a state from which the goal cannot be reached.
pub const DEAD_END: u32 = u32::MAX;

/// The search algorithms, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Breadth-first search: fewest moves.
    Bfs,
    /// Iterative-deepening depth-first search: fewest moves, little memory.
    Iddfs,
    /// Greedy best-first search on the heuristic: some plan, quickly.
    Greedy,
    /// A*: cheapest plan, guided by an admissible heuristic.
    Astar,
    /// Uniform-cost search: cheapest plan under the problem's step costs, no heuristic.
    Ucs,
    /// Weighted A* (f = g + w·h, [`Limits::weight`]): a plan costing at most w times
    /// the cheapest, usually after fewer expansions.
    Wastar,
    /// IDA*: cheapest plan by depth-first searches with growing f-limits, little memory.
    Idastar,
    /// Beam search: breadth-first, keeping only the [`Limits::beam_width`] best states
    /// (by f = g + h) of each layer; may miss every plan.
    Beam,
    /// Bidirectional breadth-first search: fewest moves, searching from the start and
    /// back from the goal states; only for problems whose moves can be reversed.
    Bibfs,
}

impl Algorithm {
    /// Every algorithm, in teaching order.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Bfs,
        Algorithm::Iddfs,
        Algorithm::Greedy,
        Algorithm::Astar,
        Algorithm::Ucs,
        Algorithm::Wastar,
        Algorithm::Idastar,
        Algorithm::Beam,
        Algorithm::Bibfs,
    ];

    /// The algorithms of the course assignments (the only ones graded, see
    /// `games::grade`).
    pub const COURSE: [Algorithm; 4] = [
        Algorithm::Bfs,
        Algorithm::Iddfs,
        Algorithm::Greedy,
        Algorithm::Astar,
    ];

    /// Whether the algorithm always returns a cheapest plan when it finds one (BFS,
    /// ID-DFS and bidirectional BFS: the fewest moves; A*, UCS and IDA*: the cheapest
    /// under the step costs, A* and IDA* with an admissible heuristic).
    pub fn is_optimal(self) -> bool {
        !matches!(
            self,
            Algorithm::Greedy | Algorithm::Wastar | Algorithm::Beam
        )
    }

    /// Whether the algorithm counts moves rather than the problem's step costs.
    pub fn counts_moves(self) -> bool {
        matches!(self, Algorithm::Bfs | Algorithm::Iddfs | Algorithm::Bibfs)
    }
}

crate::names!(Algorithm, "algorithm", {
    Algorithm::Bfs => "bfs",
    Algorithm::Iddfs => "iddfs",
    Algorithm::Greedy => "greedy",
    Algorithm::Astar => "astar",
    Algorithm::Ucs => "ucs",
    Algorithm::Wastar => "wastar",
    Algorithm::Idastar => "idastar",
    Algorithm::Beam => "beam",
    Algorithm::Bibfs => "bibfs",
});

/// A solver: seeded random play, or one of the searches (the course assignments'
/// variants, and the others of the search module). Read by its name, as on the command
/// line, in any case (`random`, `bfs`, `iddfs`, `greedy`, `astar`, `ucs`, `wastar`,
/// `idastar`, `beam`, `bibfs`).
///
/// ```
/// use gridlab::search::{Algorithm, Solver};
/// assert_eq!("A*".parse::<Solver>().unwrap_err().to_string(),
///            "algorithm must be random, bfs, iddfs, greedy, astar, ucs, wastar, idastar, beam or bibfs, not 'A*'");
/// assert_eq!("AStar".parse::<Solver>(), Ok(Solver::Search(Algorithm::Astar)));
/// assert_eq!(Solver::Random.to_string(), "random");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", try_from = "String")]
pub enum Solver {
    /// Random legal moves from a seeded, portable generator.
    Random,
    /// One of the shared searches.
    #[serde(untagged)]
    Search(Algorithm),
}

impl Solver {
    /// The names of the solvers: `random`, then the algorithms.
    pub const NAMES: &'static [&'static str] = &[
        "random", "bfs", "iddfs", "greedy", "astar", "ucs", "wastar", "idastar", "beam", "bibfs",
    ];
}

impl TryFrom<String> for Solver {
    type Error = NameError;
    fn try_from(name: String) -> Result<Solver, NameError> {
        name.parse()
    }
}

impl std::str::FromStr for Solver {
    type Err = NameError;
    fn from_str(s: &str) -> Result<Solver, NameError> {
        if s.eq_ignore_ascii_case("random") {
            return Ok(Solver::Random);
        }
        s.parse().map(Solver::Search).map_err(|e| NameError {
            expected: Solver::NAMES,
            ..e
        })
    }
}

impl std::fmt::Display for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Solver::Random => f.write_str("random"),
            Solver::Search(algorithm) => algorithm.fmt(f),
        }
    }
}

impl schemars::JsonSchema for Solver {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Solver".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "enum": Solver::NAMES,
        })
    }
}

/// Run `algorithm` on `problem`. When A*, UCS or weighted A* stops at a limit, it
/// reports the lower bound it proved ([`Stats::lower_bound`]), and greedy best-first
/// search then looks for a complete plan under the same limits: when it finds one, it
/// is the result's plan and [`Stats::best_plan`] its cost.
///
/// ```
/// use gridlab::search::{run, Algorithm, Limits, Outcome, Problem};
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = i32;
///     fn start(&self) -> i32 { 0 }
///     fn is_goal(&self, s: &i32) -> bool { *s == 5 }
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32, u32)>) {
///         out.push((1, s + 1, 1));
///         out.push((-1, s - 1, 1));
///     }
/// }
/// // (Bidirectional search needs the goal states and the moves into a state: see `bibfs`.)
/// for algo in Algorithm::ALL.into_iter().filter(|&a| a != Algorithm::Bibfs) {
///     let r = run(&Line, algo, &mut Limits { max_depth: 20, ..Limits::default() });
///     assert_eq!(r.outcome, Outcome::Found);
///     assert_eq!(r.plan, vec![1; 5]);
/// }
/// ```
pub fn run<P: Problem>(
    problem: &P,
    algorithm: Algorithm,
    limits: &mut Limits,
) -> SearchResult<P::Action> {
    match algorithm {
        Algorithm::Bfs => bfs(problem, limits),
        Algorithm::Iddfs => iddfs(problem, limits),
        Algorithm::Greedy => greedy(problem, limits),
        Algorithm::Astar | Algorithm::Ucs | Algorithm::Wastar => {
            let mut result = match algorithm {
                Algorithm::Astar => astar(problem, limits),
                Algorithm::Ucs => ucs(problem, limits),
                _ => wastar(problem, limits),
            };
            if result.outcome == Outcome::LimitReached && result.stats.lower_bound.is_some() {
                best_first::complete_plan(problem, limits, &mut result);
            }
            result
        }
        Algorithm::Idastar => idastar(problem, limits),
        Algorithm::Beam => beam(problem, limits),
        Algorithm::Bibfs => bibfs(problem, limits),
    }
}

/// The default of [`Limits::weight`] (weighted A*).
pub const DEFAULT_WEIGHT: f64 = 2.0;

/// The largest weight of weighted A*.
pub const MAX_WEIGHT: f64 = 1000.0;

/// The default of [`Limits::beam_width`].
pub const DEFAULT_BEAM_WIDTH: usize = 100;

/// The widest beam (states kept a layer).
pub const MAX_BEAM_WIDTH: usize = 1 << 20;

/// Check the settings of weighted A* and beam search that come from a user: a finite
/// weight from 1 to [`MAX_WEIGHT`], a beam width from 1 to [`MAX_BEAM_WIDTH`]. The
/// error names the field.
///
/// ```
/// use gridlab::search::check_settings;
/// assert!(check_settings(1.5, 3).is_ok());
/// assert_eq!(check_settings(0.5, 3).unwrap_err().field, "weight");
/// assert_eq!(check_settings(2.0, 0).unwrap_err().field, "beam_width");
/// ```
pub fn check_settings(weight: f64, beam_width: usize) -> Result<(), FieldError> {
    FieldError::check_number("weight", weight, 1.0, MAX_WEIGHT)?;
    FieldError::check_count("beam_width", beam_width, 1, MAX_BEAM_WIDTH)
}

/// The default of [`Limits::max_memory`]: 1 GiB, which fits a laptop.
pub const DEFAULT_MAX_MEMORY: usize = 1 << 30;

/// The most trace events a search records (64 MB of `u32`).
pub const MAX_TRACE_EVENTS: usize = 16 << 20;

/// Most events of a debugger's [`Record`] (16 bytes each, and 16 a state).
pub const MAX_RECORD_EVENTS: usize = 4 << 20;

/// The smallest memory budget a search may be given (1 MiB).
pub const MIN_MAX_MEMORY: usize = 1 << 20;

/// Check limits that come from a user: at least one state, a memory budget of at
/// least [`MIN_MAX_MEMORY`], at most [`MAX_TRACE_EVENTS`] trace events. The error names
/// the field.
///
/// ```
/// use gridlab::search::check_limits;
/// assert!(check_limits(20_000_000, 1 << 30, 0).is_ok());
/// assert_eq!(check_limits(0, 1 << 30, 0).unwrap_err().field, "max_states");
/// ```
pub fn check_limits(
    max_states: usize,
    max_memory: usize,
    trace_limit: usize,
) -> Result<(), FieldError> {
    FieldError::check_count("max_states", max_states, 1, usize::MAX)?;
    FieldError::check_count("max_memory", max_memory, MIN_MAX_MEMORY, usize::MAX)?;
    FieldError::check_count("trace_limit", trace_limit, 0, MAX_TRACE_EVENTS)
}

/// The budget every game's solver options carry (their `maxStates`, `maxMemory`,
/// `traceLimit`, `recordLimit`, `weight` and `beamWidth` fields, with the game's
/// deepest plan): checked in one place, and made into the search's [`Limits`].
///
/// ```
/// use gridlab::search::SolverBudget;
/// let budget = SolverBudget { max_states: 100, max_memory: 1 << 20, max_depth: 7, trace_limit: 0, record_limit: 0, weight: 2.0, beam_width: 10 };
/// assert!(budget.check().is_ok());
/// let too_many = SolverBudget { record_limit: usize::MAX, ..budget };
/// assert_eq!(too_many.check().unwrap_err().field, "record_limit");
/// assert_eq!(budget.limits(None, None).max_depth, 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverBudget {
    /// Most states a search may store.
    pub max_states: usize,
    /// Most bytes a search's tables may hold (see [`Limits::max_memory`]).
    pub max_memory: usize,
    /// Deepest plan considered, in the search's steps.
    pub max_depth: u32,
    /// Most search-trace events recorded (0: none).
    pub trace_limit: usize,
    /// Most events of the debugger's record (0: none).
    pub record_limit: usize,
    /// Weighted A*'s weight (see [`Limits::weight`]).
    pub weight: f64,
    /// Beam search's width (see [`Limits::beam_width`]).
    pub beam_width: usize,
}

impl SolverBudget {
    /// [`check_limits`], at most [`MAX_RECORD_EVENTS`] record events and
    /// [`check_settings`]; the error names the field.
    pub fn check(&self) -> Result<(), FieldError> {
        check_limits(self.max_states, self.max_memory, self.trace_limit)?;
        FieldError::check_count("record_limit", self.record_limit, 0, MAX_RECORD_EVENTS)?;
        check_settings(self.weight, self.beam_width)
    }

    /// The search's limits, with a cancel flag and a progress callback.
    pub fn limits<'a>(
        self,
        cancel: Option<&'a AtomicBool>,
        progress: Option<&'a mut ProgressFn<'a>>,
    ) -> Limits<'a> {
        Limits {
            max_states: self.max_states,
            max_memory: self.max_memory,
            max_depth: self.max_depth,
            trace_limit: self.trace_limit,
            record_limit: self.record_limit,
            weight: self.weight,
            beam_width: self.beam_width,
            cancel,
            progress,
            ..Limits::default()
        }
    }
}

/// A callback that receives statistics every few thousand expansions.
pub type ProgressFn<'a> = dyn FnMut(&Stats) + 'a;

/// What a search may use, and how it reports progress.
pub struct Limits<'a> {
    /// Most states stored at once (closed + open); reaching it stops the search.
    pub max_states: usize,
    /// Most bytes the search's tables may hold (states, parent links, hash index,
    /// frontier), estimated from the sizes of the types; the search stops with
    /// [`Outcome::LimitReached`] rather than grow past it. A table that cannot grow
    /// because the allocator refuses stops the search the same way.
    pub max_memory: usize,
    /// Deepest plan considered (moves).
    pub max_depth: u32,
    /// Most trace events recorded (0: no trace).
    pub trace_limit: usize,
    /// Most [`Record`] events kept for the debugger (0: no record).
    pub record_limit: usize,
    /// Checked every [`Limits::check_every`] expansions: when set, the search stops.
    pub cancel: Option<&'a AtomicBool>,
    /// Called every [`Limits::check_every`] expansions with the statistics so far.
    pub progress: Option<&'a mut ProgressFn<'a>>,
    /// Expansions between two checks of the cancel flag and progress calls.
    pub check_every: u64,
    /// Weighted A*'s w (at least 1): states are ordered by g + ⌊w·h⌋.
    pub weight: f64,
    /// Beam search's width: the states kept from each layer.
    pub beam_width: usize,
}

impl Default for Limits<'_> {
    fn default() -> Self {
        Self {
            max_states: 20_000_000,
            max_memory: DEFAULT_MAX_MEMORY,
            max_depth: 1_000,
            trace_limit: 0,
            record_limit: 0,
            cancel: None,
            progress: None,
            check_every: 16_384,
            weight: DEFAULT_WEIGHT,
            beam_width: DEFAULT_BEAM_WIDTH,
        }
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A plan reaching the goal was found.
    Found,
    /// The whole reachable space (within the depth limit) holds no goal.
    NoPlan,
    /// A state or depth limit stopped the search, or the algorithm could not finish
    /// (beam search dropped every path to a goal; bidirectional search on moves that
    /// cannot be reversed: [`SearchResult::note`] says why); the plan is the best
    /// partial one.
    LimitReached,
    /// The cancel flag stopped the search; the plan is the best partial one.
    Cancelled,
}

/// Counters of one search run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// States taken from the frontier and expanded.
    pub expanded: u64,
    /// Successor states generated.
    pub generated: u64,
    /// Frontier size (open list, or pending DFS successors) at the last expansion.
    pub frontier: u64,
    /// Largest frontier seen.
    pub peak_frontier: u64,
    /// Generated states dropped because they were seen before at no greater cost.
    pub duplicates: u64,
    /// States stored when the search ended.
    pub stored: u64,
    /// Deepest level completed (BFS/ID-DFS) or largest g expanded (best-first).
    pub depth: u32,
    /// Wall-clock time in milliseconds.
    pub elapsed_ms: f64,
    /// When an optimal best-first search (A*, UCS, and weighted A*'s g + ⌈key/w⌉) stopped
    /// at a limit or was cancelled: no plan costs less than this. It is the least
    /// g + h over the states on its open list (and those it set aside at the depth
    /// limit): one of them lies on every cheapest plan with its cheapest g, and h is
    /// admissible. `None` when the search finished or cannot say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u32>,
    /// When a search that stopped at a limit then found a complete plan (see [`run`]:
    /// A*, UCS and weighted A* run greedy best-first search under the same limits): its
    /// cost, and the result's plan is that plan.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_plan: Option<u32>,
}

impl Stats {
    /// "optimum ≥ L, best plan found N" (or "optimum ≥ L, no plan found") when a search
    /// stopped early with a lower bound; `None` otherwise.
    ///
    /// ```
    /// use gridlab::search::Stats;
    /// let s = Stats { lower_bound: Some(80), best_plan: Some(102), ..Stats::default() };
    /// assert_eq!(s.bounds_line().unwrap(), "optimum ≥ 80, best plan found 102");
    /// assert_eq!(Stats::default().bounds_line(), None);
    /// ```
    pub fn bounds_line(&self) -> Option<String> {
        let lower = self.lower_bound?;
        Some(match self.best_plan {
            Some(best) => format!("optimum ≥ {lower}, best plan found {best}"),
            None => format!("optimum ≥ {lower}, no plan found"),
        })
    }
}

/// The expansion order of a search, bounded: one `u32` per event, the board cell of
/// the state, with [`Trace::GENERATED`] set when the state entered the frontier and
/// clear when it was expanded.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    /// The events in order.
    pub events: Vec<u32>,
    /// Whether events were dropped because the limit was reached.
    pub truncated: bool,
}

impl Trace {
    /// Flag bit of a "generated" event.
    pub const GENERATED: u32 = 1 << 31;
}

/// The result of a search run.
#[derive(Clone, Debug)]
pub struct SearchResult<A> {
    /// How the search ended.
    pub outcome: Outcome,
    /// The plan found; otherwise the plan to the best partial result (by
    /// [`Problem::progress`], empty when nothing beats the start).
    pub plan: Vec<A>,
    /// Statistics.
    pub stats: Stats,
    /// The expansion trace (empty unless [`Limits::trace_limit`] > 0).
    pub trace: Trace,
    /// The debugger's record (empty unless [`Limits::record_limit`] > 0).
    pub record: Record,
    /// Why an algorithm could not finish (beam search, bidirectional search), as a
    /// sentence for the user.
    pub note: Option<String>,
}

/// Book-keeping shared by the algorithms: statistics, trace, limits, clock.
pub(crate) struct Monitor<'l, 'a> {
    limits: &'l mut Limits<'a>,
    started: Instant,
    pub stats: Stats,
    pub trace: Trace,
    pub record: Record,
    next_check: u64,
}

impl<'l, 'a> Monitor<'l, 'a> {
    pub fn new(limits: &'l mut Limits<'a>) -> Self {
        let next_check = limits.check_every.max(1);
        Self {
            limits,
            started: Instant::now(),
            stats: Stats::default(),
            trace: Trace::default(),
            record: Record::default(),
            next_check,
        }
    }

    pub fn max_states(&self) -> usize {
        self.limits.max_states
    }

    pub fn max_depth(&self) -> u32 {
        self.limits.max_depth
    }

    pub fn max_memory(&self) -> usize {
        self.limits.max_memory
    }

    pub fn beam_width(&self) -> usize {
        self.limits.beam_width
    }

    /// Record an expansion (with the frontier size and the states stored now);
    /// returns `false` when the search must stop (cancelled).
    #[inline]
    pub fn expand(&mut self, cell: u32, frontier: usize, stored: usize) -> bool {
        self.stats.expanded += 1;
        self.stats.stored = stored as u64;
        self.stats.frontier = frontier as u64;
        self.stats.peak_frontier = self.stats.peak_frontier.max(frontier as u64);
        self.record(cell);
        if self.stats.expanded >= self.next_check {
            self.next_check += self.limits.check_every.max(1);
            return self.check();
        }
        true
    }

    /// Whether the search keeps a [`Record`].
    pub fn recording(&self) -> bool {
        self.limits.record_limit > 0
    }

    /// Record a push (when recording).
    pub(crate) fn record_push(&mut self, pushed: record::Pushed) {
        if self.recording() {
            self.record.push(self.limits.record_limit, pushed);
        }
    }

    /// Record an expansion (when recording).
    pub(crate) fn record_expand(&mut self, id: usize, g: u32) {
        if self.recording() {
            self.record.expand(self.limits.record_limit, id, g);
        }
    }

    /// Record the duplicates and pruned states the last expansion generated and what its
    /// last successor met.
    pub(crate) fn record_tally(&mut self, duplicates: u32, pruned: u32, last: record::Last) {
        if self.recording() {
            self.record.tally(duplicates, pruned, last);
        }
    }

    /// Record a state taken off the frontier without an expansion (when recording).
    pub(crate) fn record_taken(&mut self, id: usize, g: u32, why: record::Taken) {
        if self.recording() {
            self.record.take(self.limits.record_limit, id, g, why);
        }
    }

    #[inline]
    pub fn generate(&mut self, cell: u32) {
        self.stats.generated += 1;
        self.record(cell | Trace::GENERATED);
    }

    #[inline]
    fn record(&mut self, event: u32) {
        if self.limits.trace_limit == 0 {
            return;
        }
        if self.trace.events.len() < self.limits.trace_limit {
            self.trace.events.push(event);
        } else {
            self.trace.truncated = true;
        }
    }

    fn check(&mut self) -> bool {
        self.stats.elapsed_ms = self.started.elapsed().as_secs_f64() * 1000.0;
        if let Some(progress) = self.limits.progress.as_mut() {
            progress(&self.stats);
        }
        !self
            .limits
            .cancel
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    pub fn finish<A>(mut self, outcome: Outcome, plan: Vec<A>, stored: usize) -> SearchResult<A> {
        self.stats.stored = stored as u64;
        self.stats.elapsed_ms = self.started.elapsed().as_secs_f64() * 1000.0;
        SearchResult {
            outcome,
            plan,
            stats: self.stats,
            trace: self.trace,
            record: self.record,
            note: None,
        }
    }

    /// [`Monitor::finish`] with a note saying why the search ended so.
    pub fn finish_noted<A>(
        self,
        outcome: Outcome,
        plan: Vec<A>,
        stored: usize,
        note: String,
    ) -> SearchResult<A> {
        SearchResult {
            note: Some(note),
            ..self.finish(outcome, plan, stored)
        }
    }
}
