//! The heuristic lab: run A* or greedy best-first search on a game's [`Problem`] with
//! a heuristic someone wrote (a fallible function, called once a state), keep the
//! search's record for the debugger, and judge the heuristic on every state the search
//! stored:
//!
//! - **admissible?** where `h(s)` is at most the problem's own heuristic (proven
//!   admissible by the tests) it is admissible there with no search; only where it is
//!   larger is the exact cost to go `h*(s)` computed: from the whole [`StateGraph`]
//!   when the level has at most [`MAX_LAB_GRAPH_STATES`] states, else by A* from the
//!   state with a shared cache of exact values ([`ExactCosts`]), at most
//!   [`MAX_EXACT_STATES`] states stored by all those searches;
//! - **consistent?** every edge between two stored states the search expanded:
//!   `h(s) ≤ cost(s, s') + h(s')`;
//! - **how good?** the search against the same search with the problem's heuristic and
//!   with `h = 0`, and the optimum (A* with the problem's heuristic).

use super::{
    run, Algorithm, Bounded, CostToGo, ExactCosts, GraphLimits, Limits, Outcome, Problem, Record,
    Solver, SolverBudget, StateGraph, Stats, Trace, DEAD_END, NO_GOAL,
};
use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;
use serde::Serialize;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

/// Most states a lab search may store (the page's and the CLI's limit).
pub const MAX_LAB_STATES: usize = 4_000_000;

/// The whole state graph is explored for the exact costs to go when the level has at
/// most this many states; above it, A* from each state that needs one.
pub const MAX_LAB_GRAPH_STATES: usize = 1_000_000;

/// Most states the exact searches from single states store in all; states left
/// without an exact cost count as "unknown".
pub const MAX_EXACT_STATES: usize = 4_000_000;

/// The whole graph is explored only when it has at most this many states for each
/// state to judge (or at most [`SMALL_GRAPH`] states): otherwise the searches from
/// single states cost less.
pub const GRAPH_PER_STATE: usize = 50;

/// See [`GRAPH_PER_STATE`].
pub const SMALL_GRAPH: usize = 20_000;

/// Most edges between stored states kept for the consistency check.
pub const MAX_LAB_EDGES: usize = 16_000_000;

/// Most states (and edges) listed in a verdict; the counts cover all of them.
pub const MAX_LISTED: usize = 100;

/// The largest value a user's heuristic may return.
pub const MAX_USER_H: u32 = 1_000_000_000;

/// A game's problem as the lab needs it: a state written as numbers for the user's
/// function, and the data the page's helpers use.
pub trait LabProblem: Problem {
    /// Whether [`Problem::viable`] ignores the cost so far (so a state's cost to go
    /// does not depend on how it was reached).
    const G_FREE: bool;

    /// Append the numbers of `state` (the game's layout, see its docs) to `out`.
    fn write_state(&self, state: &Self::State, out: &mut Vec<u32>);

    /// The data of the page's helpers (a JSON object).
    fn lab_data(&self) -> serde_json::Value;
}

/// Generic code run on a game's [`LabProblem`], whatever its state type.
pub trait LabVisitor {
    /// What the visit returns.
    type Output;
    /// Run on `problem`.
    fn visit<P: LabProblem>(self, problem: &P) -> Self::Output;
}

/// A [`ProblemVisitor`](super::ProblemVisitor) where a [`LabVisitor`] is asked: a game
/// builds its problem in one place (its `visit_lab`) for both kinds of visit.
pub struct AnyProblem<V>(pub V);

impl<V: super::ProblemVisitor> LabVisitor for AnyProblem<V> {
    type Output = V::Output;
    fn visit<P: LabProblem>(self, problem: &P) -> V::Output {
        self.0.visit(problem)
    }
}

/// The heuristic a lab run searches with.
pub enum LabHeuristic<'f> {
    /// `h = 0`.
    Zero,
    /// The problem's own heuristic, natively.
    BuiltIn,
    /// A user's function of the state's numbers ([`LabProblem::write_state`]): a whole
    /// number from 0 to [`MAX_USER_H`], or an error message.
    User(&'f mut dyn FnMut(&[u32]) -> Result<f64, String>),
}

/// What a lab run may use and does.
#[derive(Clone, Copy, Debug)]
pub struct LabOptions {
    /// A* or greedy best-first search.
    pub algorithm: Algorithm,
    /// The search's budget (states at most [`MAX_LAB_STATES`]).
    pub budget: SolverBudget,
    /// Run the comparison searches (the problem's heuristic, `h = 0`, the optimum).
    pub compare: bool,
    /// Trust the problem's heuristic as admissible (the fast check); `false` computes
    /// h* of every stored state with no use of it (to check the built-in heuristic).
    pub trust_builtin: bool,
    /// The whole state graph is explored for h* when the level has at most this many
    /// states (at most [`MAX_LAB_GRAPH_STATES`]; 0: never).
    pub max_graph_states: usize,
    /// Most states the searches from single states store in all (at most
    /// [`MAX_EXACT_STATES`]).
    pub exact_budget: usize,
}

/// Why a lab run could not be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LabError {
    /// Options out of range, naming the field.
    #[error("{field}: {message}")]
    Options {
        /// The option.
        field: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The user's heuristic failed at a state.
    #[error("h failed at the state reached by moves '{moves}': {message}")]
    User {
        /// The state's numbers.
        state: Vec<u32>,
        /// The moves from the start to it.
        moves: String,
        /// The function's error, or why its value is not a whole number in range.
        message: String,
    },
}

/// A state where the heuristic overestimates.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Overestimate {
    /// The moves from the start to the state (the game's symbols).
    pub moves: String,
    /// The state's numbers.
    pub state: Vec<u32>,
    /// The heuristic's value.
    pub h: u32,
    /// The exact cost to go.
    pub h_star: u64,
}

/// The admissibility verdict over every state the search stored.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Admissibility {
    /// States judged (every state the search stored).
    pub states: usize,
    /// States where h is at most the problem's own (admissible) heuristic.
    pub by_builtin: usize,
    /// States above the problem's heuristic judged by h*: computed exactly, or shown
    /// to be at least h by a search that stops there.
    pub exact: usize,
    /// States above the problem's heuristic whose exact cost could not be computed
    /// within [`MAX_EXACT_STATES`].
    pub unknown: usize,
    /// States where h > h*.
    pub over: usize,
    /// The largest h − h*.
    pub worst: u64,
    /// Up to [`MAX_LISTED`] of them, the worst first.
    pub listed: Vec<Overestimate>,
    /// How h* was computed: `none` (not needed), `graph` or `search`.
    pub method: &'static str,
    /// States of the whole graph (method `graph`).
    pub graph_states: usize,
    /// Searches from single states (method `search`) and the states they stored.
    pub searches: usize,
    /// See [`Admissibility::searches`].
    pub search_states: usize,
    /// Time of the check in milliseconds.
    pub elapsed_ms: f64,
}

/// An edge where h drops by more than the move's cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BadEdge {
    /// The moves from the start to the edge's source.
    pub moves: String,
    /// The move along the edge.
    pub action: String,
    /// h of the source.
    pub h_from: u32,
    /// The move's cost.
    pub cost: u32,
    /// h of the target.
    pub h_to: u32,
}

/// The consistency verdict over the edges between stored states.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Consistency {
    /// Edges checked.
    pub edges: usize,
    /// Edges where h(s) > cost + h(s').
    pub bad: usize,
    /// The largest h(s) − cost − h(s').
    pub worst: u64,
    /// Up to [`MAX_LISTED`] of them, the worst first.
    pub listed: Vec<BadEdge>,
    /// Whether edges beyond [`MAX_LAB_EDGES`] were left out.
    pub truncated: bool,
}

/// One search of the comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RunSummary {
    /// `yours`, `built-in`, `zero` or `optimum`.
    pub heuristic: &'static str,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// How it ended.
    pub outcome: Outcome,
    /// Expansions, states stored, time.
    pub stats: Stats,
    /// The plan's moves (a goal found) and its cost.
    pub plan_length: Option<usize>,
    /// See [`RunSummary::plan_length`].
    pub cost: Option<u64>,
}

/// What a lab run found.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LabReport {
    /// How the search ended.
    pub outcome: Outcome,
    /// The plan (or best partial plan), in the game's symbols.
    pub moves: String,
    /// The plan's cost.
    pub cost: u64,
    /// The search's statistics.
    pub stats: Stats,
    /// The heat-map's trace (not serialized: bindings hand it over as typed arrays).
    #[serde(skip)]
    pub trace: Trace,
    /// The debugger's record (not serialized, as the trace).
    #[serde(skip)]
    pub record: Record,
    /// Admissible?
    pub admissible: Admissibility,
    /// Consistent?
    pub consistent: Consistency,
    /// The search itself, then the comparison runs.
    pub runs: Vec<RunSummary>,
    /// The cheapest plan's cost, when the comparison found it.
    pub optimum: Option<u64>,
}

/// What the wrapper knows of a state: the heuristic (once computed), the cheapest
/// way the search reached it, and whether it was expanded.
struct Info<A> {
    h: Option<u32>,
    g: u32,
    parent: u32,
    action: Option<A>,
    expanded: bool,
}

/// Edges between stored states `(from, to, cost)`, and whether some were left out.
type Edges = (Vec<(u32, u32, u32)>, bool);

/// The problem with the lab's heuristic, each state's value computed once.
struct Lab<'p, 'f, P: Problem> {
    problem: &'p P,
    heuristic: RefCell<LabHeuristic<'f>>,
    states: RefCell<IndexMap<P::State, Info<P::Action>, FxBuildHasher>>,
    edges: RefCell<Edges>,
    failed: RefCell<Option<(u32, String)>>,
    stop: &'p AtomicBool,
    numbers: RefCell<Vec<u32>>,
}

impl<'p, 'f, P: LabProblem> Lab<'p, 'f, P> {
    fn new(problem: &'p P, heuristic: LabHeuristic<'f>, stop: &'p AtomicBool) -> Self {
        let mut states = IndexMap::with_hasher(FxBuildHasher);
        states.insert(
            problem.start(),
            Info {
                h: None,
                g: 0,
                parent: u32::MAX,
                action: None,
                expanded: false,
            },
        );
        Self {
            problem,
            heuristic: RefCell::new(heuristic),
            states: RefCell::new(states),
            edges: RefCell::new((Vec::new(), false)),
            failed: RefCell::new(None),
            stop,
            numbers: RefCell::new(Vec::new()),
        }
    }

    fn compute(&self, s: &P::State, id: u32) -> u32 {
        if self.failed.borrow().is_some() {
            return DEAD_END;
        }
        let value = match &mut *self.heuristic.borrow_mut() {
            LabHeuristic::Zero => Ok(0.0),
            LabHeuristic::BuiltIn => return self.problem.heuristic(s),
            LabHeuristic::User(f) => {
                let mut numbers = self.numbers.borrow_mut();
                numbers.clear();
                self.problem.write_state(s, &mut numbers);
                f(&numbers)
            }
        };
        match value.and_then(check_value) {
            Ok(h) => h,
            Err(message) => {
                *self.failed.borrow_mut() = Some((id, message));
                self.stop.store(true, Ordering::Relaxed);
                DEAD_END
            }
        }
    }

    /// The moves from the start to state `id`, as the game writes them.
    fn moves(&self, mut id: u32) -> String {
        let states = self.states.borrow();
        let mut moves = Vec::new();
        while let Some((_, info)) = states.get_index(id as usize) {
            match info.action {
                Some(a) => moves.push(self.problem.symbol(&a)),
                None => break,
            }
            id = info.parent;
        }
        moves.iter().rev().collect()
    }

    fn numbers(&self, id: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let states = self.states.borrow();
        self.problem
            .write_state(states.get_index(id as usize).expect("a state").0, &mut out);
        out
    }
}

/// A user's value as a heuristic value, or why it is not one.
fn check_value(v: f64) -> Result<u32, String> {
    if v.is_nan() || v.fract() != 0.0 || !(0.0..=f64::from(MAX_USER_H)).contains(&v) {
        Err(format!(
            "h returned {v}, not a whole number from 0 to {MAX_USER_H}"
        ))
    } else {
        Ok(v as u32)
    }
}

impl<P: LabProblem> Problem for Lab<'_, '_, P> {
    type State = P::State;
    /// The move and its cost.
    type Action = (P::Action, u32);

    fn start(&self) -> P::State {
        self.problem.start()
    }

    fn is_goal(&self, s: &P::State) -> bool {
        self.problem.is_goal(s)
    }

    fn successors(&self, s: &P::State, out: &mut Vec<(Self::Action, P::State, u32)>) {
        let mut inner = Vec::new();
        self.problem.successors(s, &mut inner);
        let mut states = self.states.borrow_mut();
        let mut edges = self.edges.borrow_mut();
        let (from, g, first) = match states.get_full_mut(s) {
            Some((i, _, info)) => {
                let first = !info.expanded;
                info.expanded = true;
                (i as u32, info.g, first)
            }
            None => (u32::MAX, 0, false),
        };
        for (action, next, cost) in inner {
            let g2 = g.saturating_add(cost);
            if from != u32::MAX && self.problem.viable(&next, g2) {
                let entry = states.entry(next.clone());
                let to = entry.index() as u32;
                entry
                    .and_modify(|info| {
                        if g2 < info.g {
                            (info.g, info.parent, info.action) = (g2, from, Some(action));
                        }
                    })
                    .or_insert(Info {
                        h: None,
                        g: g2,
                        parent: from,
                        action: Some(action),
                        expanded: false,
                    });
                if first {
                    if edges.0.len() < MAX_LAB_EDGES {
                        edges.0.push((from, to, cost));
                    } else {
                        edges.1 = true;
                    }
                }
            }
            out.push(((action, cost), next, cost));
        }
    }

    fn heuristic(&self, s: &P::State) -> u32 {
        let id = {
            let states = self.states.borrow();
            match states.get_full(s) {
                Some((_, _, Info { h: Some(h), .. })) => return *h,
                Some((i, _, _)) => i as u32,
                None => u32::MAX,
            }
        };
        let h = self.compute(s, id);
        if let Some(info) = self.states.borrow_mut().get_mut(s) {
            info.h = Some(h);
        }
        h
    }

    fn greedy_key(&self, s: &P::State) -> u64 {
        if matches!(*self.heuristic.borrow(), LabHeuristic::BuiltIn) {
            return self.problem.greedy_key(s);
        }
        match self.heuristic(s) {
            DEAD_END => u64::MAX,
            h => u64::from(h),
        }
    }

    fn viable(&self, s: &P::State, g: u32) -> bool {
        self.problem.viable(s, g)
    }

    fn progress(&self, s: &P::State, g: u32) -> u64 {
        self.problem.progress(s, g)
    }

    fn cell(&self, s: &P::State) -> u32 {
        self.problem.cell(s)
    }

    fn symbol(&self, a: &Self::Action) -> char {
        self.problem.symbol(&a.0)
    }
}

impl LabOptions {
    /// The options of a lab run with a solver named as the solve tool's (`astar` or
    /// `greedy`), the solve tool's budget (its states lowered to [`MAX_LAB_STATES`]),
    /// and whether to compare; checked by [`check_lab_options`].
    ///
    /// ```
    /// use gridlab::search::{LabOptions, Solver, SolverBudget};
    /// let budget = SolverBudget { max_states: 100, max_memory: 1 << 20, max_depth: 9, trace_limit: 0, record_limit: 0, weight: 2.0, beam_width: 100 };
    /// assert!(LabOptions::new("astar".parse().unwrap(), budget, true).is_ok());
    /// let e = LabOptions::new(Solver::Random, budget, true).unwrap_err();
    /// assert_eq!(e.to_string(), "solver: the heuristic lab runs astar or greedy, not random");
    /// ```
    pub fn new(solver: Solver, budget: SolverBudget, compare: bool) -> Result<Self, LabError> {
        let algorithm = match solver {
            Solver::Search(a @ (Algorithm::Astar | Algorithm::Greedy)) => a,
            other => {
                return Err(LabError::Options {
                    field: "solver",
                    message: format!("the heuristic lab runs astar or greedy, not {other}"),
                })
            }
        };
        let options = LabOptions {
            algorithm,
            budget: SolverBudget {
                max_states: budget.max_states.min(MAX_LAB_STATES),
                ..budget
            },
            compare,
            trust_builtin: true,
            max_graph_states: MAX_LAB_GRAPH_STATES,
            exact_budget: MAX_EXACT_STATES,
        };
        check_lab_options(&options)?;
        Ok(options)
    }
}

/// A lab run as a [`LabVisitor`]: the report, or why there is none.
pub struct LabRun<'f, 'p> {
    /// The heuristic.
    pub heuristic: LabHeuristic<'f>,
    /// The options.
    pub options: LabOptions,
    /// Called every few thousand expansions.
    pub progress: Option<&'p mut dyn FnMut(&Stats)>,
}

impl LabVisitor for LabRun<'_, '_> {
    type Output = Result<LabReport, LabError>;
    fn visit<P: LabProblem>(self, problem: &P) -> Self::Output {
        run_lab(problem, self.heuristic, &self.options, None, self.progress)
    }
}

/// The data of the page's helpers ([`LabProblem::lab_data`]) as a [`LabVisitor`].
pub struct LabData;

impl LabVisitor for LabData {
    type Output = serde_json::Value;
    fn visit<P: LabProblem>(self, problem: &P) -> serde_json::Value {
        problem.lab_data()
    }
}

/// Check a lab run's options: A* or greedy, the budget ([`SolverBudget::check`]) and
/// at most [`MAX_LAB_STATES`] states.
pub fn check_lab_options(options: &LabOptions) -> Result<(), LabError> {
    if !matches!(options.algorithm, Algorithm::Astar | Algorithm::Greedy) {
        return Err(LabError::Options {
            field: "algorithm",
            message: format!("must be astar or greedy, not {}", options.algorithm),
        });
    }
    options.budget.check().map_err(|e| LabError::Options {
        field: e.field,
        message: e.message.to_string(),
    })?;
    if options.budget.max_states > MAX_LAB_STATES {
        return Err(LabError::Options {
            field: "max_states",
            message: format!(
                "at most {MAX_LAB_STATES}, not {}",
                options.budget.max_states
            ),
        });
    }
    Ok(())
}

/// Run the lab on `problem` with `heuristic` and judge it (see the module's docs).
/// `progress` is called every few thousand expansions; `cancel` stops the run.
pub fn run_lab<P: LabProblem>(
    problem: &P,
    heuristic: LabHeuristic,
    options: &LabOptions,
    cancel: Option<&AtomicBool>,
    mut progress: Option<&mut dyn FnMut(&Stats)>,
) -> Result<LabReport, LabError> {
    check_lab_options(options)?;
    let stop = AtomicBool::new(false);
    let lab = Lab::new(problem, heuristic, &stop);
    let mut report_progress = |stats: &Stats| {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            stop.store(true, Ordering::Relaxed);
        }
        if let Some(p) = progress.as_deref_mut() {
            p(stats);
        }
    };
    let mut limits = options
        .budget
        .limits(Some(&stop), Some(&mut report_progress));
    limits.check_every = 1024;
    let result = run(&lab, options.algorithm, &mut limits);
    if let Some((id, message)) = lab.failed.borrow_mut().take() {
        return Err(LabError::User {
            state: lab.numbers(id),
            moves: lab.moves(id),
            message,
        });
    }
    let cost: u64 = result.plan.iter().map(|&(_, c)| u64::from(c)).sum();
    let moves: String = result.plan.iter().map(|a| lab.symbol(a)).collect();
    let mine = RunSummary {
        heuristic: "yours",
        algorithm: options.algorithm,
        outcome: result.outcome,
        stats: result.stats.clone(),
        plan_length: (result.outcome == Outcome::Found).then_some(result.plan.len()),
        cost: (result.outcome == Outcome::Found).then_some(cost),
    };
    let admissible = judge_admissible(&lab, options);
    let consistent = judge_consistent(&lab);
    let mut runs = vec![mine];
    let mut optimum = None;
    if options.compare {
        let budget = SolverBudget {
            trace_limit: 0,
            record_limit: 0,
            ..options.budget
        };
        for (name, h) in [
            ("built-in", LabHeuristic::BuiltIn),
            ("zero", LabHeuristic::Zero),
        ] {
            runs.push(summary(problem, name, h, options.algorithm, budget, cancel));
        }
        if options.algorithm == Algorithm::Astar {
            optimum = runs[1].cost;
        } else {
            let best = summary(
                problem,
                "optimum",
                LabHeuristic::BuiltIn,
                Algorithm::Astar,
                budget,
                cancel,
            );
            optimum = best.cost;
            runs.push(best);
        }
    }
    Ok(LabReport {
        outcome: result.outcome,
        moves,
        cost,
        stats: result.stats,
        trace: result.trace,
        record: result.record,
        admissible,
        consistent,
        runs,
        optimum,
    })
}

/// A comparison search (native heuristics only).
fn summary<P: LabProblem>(
    problem: &P,
    name: &'static str,
    heuristic: LabHeuristic,
    algorithm: Algorithm,
    budget: SolverBudget,
    cancel: Option<&AtomicBool>,
) -> RunSummary {
    let stop = AtomicBool::new(false);
    let lab = Lab::new(problem, heuristic, &stop);
    let mut limits: Limits = budget.limits(cancel, None);
    let result = run(&lab, algorithm, &mut limits);
    let found = result.outcome == Outcome::Found;
    RunSummary {
        heuristic: name,
        algorithm,
        outcome: result.outcome,
        stats: result.stats,
        plan_length: found.then_some(result.plan.len()),
        cost: found.then(|| result.plan.iter().map(|&(_, c)| u64::from(c)).sum()),
    }
}

/// Admissible? (see the module's docs).
fn judge_admissible<P: LabProblem>(lab: &Lab<P>, options: &LabOptions) -> Admissibility {
    let started = Instant::now();
    let trust_builtin = options.trust_builtin;
    let builtin = matches!(*lab.heuristic.borrow(), LabHeuristic::BuiltIn);
    let problem = lab.problem;
    let mut verdict = Admissibility {
        method: "none",
        ..Admissibility::default()
    };
    // The stored states whose h is above the problem's own heuristic.
    let mut above: Vec<(u32, u32, u32)> = Vec::new(); // (id, h, g)
    {
        let states = lab.states.borrow();
        for (i, (s, info)) in states.iter().enumerate() {
            let Some(h) = info.h else { continue };
            verdict.states += 1;
            if builtin && trust_builtin {
                verdict.by_builtin += 1;
                continue;
            }
            match problem.heuristic(s) {
                DEAD_END if trust_builtin => verdict.by_builtin += 1,
                b if trust_builtin && h <= b => verdict.by_builtin += 1,
                _ => above.push((i as u32, h, info.g)),
            }
        }
    }
    if above.is_empty() {
        verdict.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        return verdict;
    }
    // A graph pays when it is not much larger than the states to judge: at most
    // GRAPH_PER_STATE states each (and always up to SMALL_GRAPH states).
    // (Checking the problem's own heuristic, the graph is always tried: it does not
    // use that heuristic.)
    let worth = if trust_builtin {
        above.len().saturating_mul(GRAPH_PER_STATE).max(SMALL_GRAPH)
    } else {
        MAX_LAB_GRAPH_STATES
    };
    let limits = GraphLimits {
        max_states: options
            .max_graph_states
            .min(MAX_LAB_GRAPH_STATES)
            .min(worth),
        ..GraphLimits::default()
    };
    let graph = (limits.max_states > 0)
        .then(|| StateGraph::explore(problem, limits).ok())
        .flatten();
    let h_graph = graph.as_ref().map(|g| g.cost_to_go());
    let mut exact = ExactCosts::new(
        P::G_FREE,
        trust_builtin,
        options.exact_budget.min(MAX_EXACT_STATES),
    );
    // Deepest first: the states near the goals give the others early stops.
    above.sort_by_key(|&(id, _, g)| (std::cmp::Reverse(g), id));
    let mut over = Vec::new();
    let states = lab.states.borrow();
    for &(id, h, g) in &above {
        let s = states.get_index(id as usize).expect("a state").0;
        let from_graph = match (&graph, &h_graph) {
            (Some(graph), Some(hs)) => graph.node(s).map(|n| hs[n as usize]),
            _ => None,
        };
        let h_star = match from_graph {
            Some(c) => {
                verdict.method = "graph";
                Some(c)
            }
            None => {
                if verdict.method != "graph" {
                    verdict.method = "search";
                }
                match exact.at_least(problem, s, g, u64::from(h)) {
                    Bounded::Cost(CostToGo::Exact(c)) => Some(c),
                    Bounded::Cost(CostToGo::Unreachable) => Some(NO_GOAL),
                    Bounded::Cost(CostToGo::Unknown) => None,
                    // h ≤ h*: all the verdict needs.
                    Bounded::AtLeast(c) => Some(c),
                }
            }
        };
        match h_star {
            None => verdict.unknown += 1,
            Some(c) => {
                verdict.exact += 1;
                if c != NO_GOAL && u64::from(h) > c {
                    over.push((u64::from(h) - c, id, h, c));
                }
            }
        }
    }
    drop(states);
    verdict.graph_states = graph.as_ref().map_or(0, |g| g.len());
    verdict.searches = exact.searches;
    verdict.search_states = exact.stored;
    verdict.over = over.len();
    over.sort_by_key(|&(by, id, _, _)| (std::cmp::Reverse(by), id));
    verdict.worst = over.first().map_or(0, |o| o.0);
    verdict.listed = over
        .iter()
        .take(MAX_LISTED)
        .map(|&(_, id, h, h_star)| Overestimate {
            moves: lab.moves(id),
            state: lab.numbers(id),
            h,
            h_star,
        })
        .collect();
    verdict.elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    verdict
}

/// Consistent? (see the module's docs).
fn judge_consistent<P: LabProblem>(lab: &Lab<P>) -> Consistency {
    let states = lab.states.borrow();
    let edges = lab.edges.borrow();
    let mut verdict = Consistency {
        truncated: edges.1,
        ..Consistency::default()
    };
    let h = |id: u32| states.get_index(id as usize).and_then(|(_, info)| info.h);
    let mut bad = Vec::new();
    for &(from, to, cost) in &edges.0 {
        let (Some(a), Some(b)) = (h(from), h(to)) else {
            continue;
        };
        verdict.edges += 1;
        let allowed = u64::from(cost) + u64::from(b);
        if u64::from(a) > allowed {
            bad.push((u64::from(a) - allowed, from, to, cost));
        }
    }
    verdict.bad = bad.len();
    bad.sort_by_key(|&(by, from, to, _)| (std::cmp::Reverse(by), from, to));
    verdict.worst = bad.first().map_or(0, |b| b.0);
    drop(states);
    verdict.listed = bad
        .iter()
        .take(MAX_LISTED)
        .map(|&(_, from, to, cost)| {
            let states = lab.states.borrow();
            let h = |id: u32| {
                states
                    .get_index(id as usize)
                    .and_then(|(_, i)| i.h)
                    .unwrap_or(0)
            };
            let action = states
                .get_index(to as usize)
                .and_then(|(_, i)| i.action.filter(|_| i.parent == from))
                .map(|a| lab.problem.symbol(&a).to_string());
            BadEdge {
                moves: lab.moves(from),
                action: action.unwrap_or_else(|| edge_symbol(lab, from, to)),
                h_from: h(from),
                cost,
                h_to: h(to),
            }
        })
        .collect();
    verdict
}

/// The symbol of a move from state `from` to state `to` (found again by expanding).
fn edge_symbol<P: LabProblem>(lab: &Lab<P>, from: u32, to: u32) -> String {
    let states = lab.states.borrow();
    let (s, _) = states.get_index(from as usize).expect("a state");
    let (target, _) = states.get_index(to as usize).expect("a state");
    let mut succ = Vec::new();
    lab.problem.successors(s, &mut succ);
    succ.iter().find(|(_, n, _)| n == target).map_or_else(
        || "?".to_string(),
        |(a, _, _)| lab.problem.symbol(a).to_string(),
    )
}
