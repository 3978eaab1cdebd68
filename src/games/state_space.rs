//! The `state-space` tool of every game with a search [`Problem`]: a small level's whole
//! state graph (every state a node, every move an edge) with each state's depth, cost
//! from the start and exact cost to go (h*), the edges that lie on optimal plans, and a
//! search's record run on the graph's indexed problem, so that the page draws the
//! search debugger's steps on the graph.
//!
//! One report type for every game: a game's tool builds its problem as its solver does
//! (`visit_problem`), runs [`StateSpaceVisitor`] on it and wraps the result with
//! [`StateSpaceReport::new`].

use super::tools::{Report, SolveReport, ToolError};
use crate::search::{
    self, Algorithm, GraphError, GraphLimits, Outcome, Problem, ProblemVisitor, Record,
    SolverBudget, StateGraph, Stats, Trace, DEAD_END, NO_GOAL,
};
use serde::Serialize;
use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;

/// Most states the view draws: a level with more is refused (the view is for small
/// levels; a layout of more nodes is no longer readable).
pub const MAX_VIEW_STATES: usize = 2_000;

/// Most states counted to tell how large a refused level is (beyond: "more than").
pub const MAX_COUNTED_STATES: usize = 200_000;

/// The nodes of the graph, one entry per node in each array (node 0 is the start;
/// nodes in the order of their cheapest cost from the start).
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Nodes {
    /// Fewest moves from the start.
    pub depth: Vec<u32>,
    /// Cheapest cost from the start.
    pub g: Vec<u32>,
    /// Exact cheapest cost to a goal (null: no goal can be reached).
    pub h_star: Vec<Option<u64>>,
    /// The game's heuristic (null: the problem calls the state a dead end).
    pub h: Vec<Option<u32>>,
    /// Whether the state is a goal.
    pub goal: Vec<bool>,
    /// The board cell the state is drawn at (the game's `Problem::cell`).
    pub cell: Vec<u32>,
    /// The node before it on a cheapest path from the start (the start's: itself).
    pub parent: Vec<u32>,
    /// The move from the parent as the game writes it (the start's: `' '`); the
    /// moves of a cheapest path from the start follow `parent` back.
    #[serde(rename = "move")]
    pub action: Vec<char>,
}

/// The edges (moves) of the graph, one entry per edge in each array, grouped by the
/// node they leave, in the game's move order.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Edges {
    /// The node the move is made from.
    pub from: Vec<u32>,
    /// The node it leads to.
    pub to: Vec<u32>,
    /// The move as the game writes it.
    #[serde(rename = "move")]
    pub action: Vec<char>,
    /// Its cost.
    pub cost: Vec<u32>,
    /// Whether it lies on an optimal plan from the start: g(from) + cost + h*(to) =
    /// h*(start) and h*(from) = cost + h*(to).
    pub optimal: Vec<bool>,
}

/// A level's state graph and a search run on it (the generic part of the report).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StateSpace {
    /// States (nodes).
    pub states: usize,
    /// The optimal plan's cost from the start (null: no goal can be reached).
    pub optimum: Option<u64>,
    /// The nodes.
    pub nodes: Nodes,
    /// The edges.
    pub edges: Edges,
    /// Per state of the search's record (its ids): the graph node (`u32::MAX` for a
    /// placeholder the search stored but never pushed).
    pub record_node: Vec<u32>,
    /// The plan the search found (or its best partial plan), as the game writes it.
    pub plan: String,
    /// How the search ended.
    #[serde(skip)]
    pub outcome: Outcome,
    /// The search's statistics.
    #[serde(skip)]
    pub stats: Stats,
    /// The search's trace (board cells, as the solve tool's).
    #[serde(skip)]
    pub trace: Trace,
    /// The search's record, equal event for event to the solve tool's.
    #[serde(skip)]
    pub record: Record,
    /// The search's own note (a refusal, a beam's cuts).
    #[serde(skip)]
    pub note: Option<String>,
}

/// Explore a problem's state graph (at most [`MAX_VIEW_STATES`] states) and run
/// `algorithm` on it within `budget`, recording the search.
pub struct StateSpaceVisitor<'a> {
    /// The search to draw.
    pub algorithm: Algorithm,
    /// The search's limits (as the solve tool's options give them).
    pub budget: SolverBudget,
    /// Stops exploring and the search.
    pub cancel: Option<&'a AtomicBool>,
}

/// The error of a level with more states than the view draws.
fn too_large<P: Problem>(problem: &P, cancel: Option<&AtomicBool>) -> ToolError {
    let limits = GraphLimits {
        max_states: MAX_COUNTED_STATES,
        cancel,
        ..GraphLimits::default()
    };
    let count = match StateGraph::explore(problem, limits) {
        Ok(graph) => format!("{} states", thousands(graph.len())),
        Err(_) => format!("more than {} states", thousands(MAX_COUNTED_STATES)),
    };
    ToolError::Failed(format!(
        "the level has {count}: more than {}, the view is for small levels",
        thousands(MAX_VIEW_STATES)
    ))
}

/// `1234567` as `1,234,567`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl ProblemVisitor for StateSpaceVisitor<'_> {
    type Output = Result<StateSpace, ToolError>;

    fn visit<P: Problem>(self, problem: &P) -> Result<StateSpace, ToolError> {
        let limits = GraphLimits {
            max_states: MAX_VIEW_STATES,
            cancel: self.cancel,
            ..GraphLimits::default()
        };
        let graph = match StateGraph::explore(problem, limits) {
            Ok(graph) => graph,
            Err(GraphError::TooLarge { .. }) => return Err(too_large(problem, self.cancel)),
            Err(GraphError::Cancelled) => return Err(ToolError::Failed("cancelled".into())),
        };
        let n = graph.len() as u32;
        let h_star = graph.cost_to_go();
        let optimum = (h_star[0] != NO_GOAL).then_some(h_star[0]);
        // Fewest moves from the start (breadth first over the edges).
        let mut depth = vec![u32::MAX; n as usize];
        depth[0] = 0;
        let mut queue = VecDeque::from([0u32]);
        while let Some(i) = queue.pop_front() {
            for (to, _, _) in graph.edges(i) {
                if depth[to as usize] == u32::MAX {
                    depth[to as usize] = depth[i as usize] + 1;
                    queue.push_back(to);
                }
            }
        }
        let mut nodes = Nodes::default();
        let mut edges = Edges::default();
        for i in 0..n {
            let state = graph.state(i);
            let hs = h_star[i as usize];
            nodes.depth.push(depth[i as usize]);
            nodes.g.push(graph.cost_from_start(i));
            nodes.h_star.push((hs != NO_GOAL).then_some(hs));
            nodes
                .h
                .push(Some(problem.heuristic(state)).filter(|&h| h != DEAD_END));
            nodes.goal.push(graph.is_goal(i));
            nodes.cell.push(problem.cell(state));
            nodes.parent.push(graph.parent(i));
            nodes
                .action
                .push(graph.path(i).last().map_or(' ', |a| problem.symbol(a)));
            for (to, cost, action) in graph.edges(i) {
                let ht = h_star[to as usize];
                let optimal = match optimum {
                    Some(best) if ht != NO_GOAL && hs != NO_GOAL => {
                        let through = u64::from(cost) + ht;
                        u64::from(graph.cost_from_start(i)) + through == best && hs == through
                    }
                    _ => false,
                };
                edges.from.push(i);
                edges.to.push(to);
                edges.action.push(problem.symbol(&action));
                edges.cost.push(cost);
                edges.optimal.push(optimal);
            }
        }
        // The search on the indexed problem: its record's cells are node ids; then the
        // cells are the board's again, so that the record is the solve tool's.
        let indexed = graph.indexed(problem);
        let mut limits = self.budget.limits(self.cancel, None);
        let result = search::run(&indexed, self.algorithm, &mut limits);
        let mut record = result.record;
        let record_node: Vec<u32> = record
            .cell
            .iter()
            .zip(&record.h)
            .map(|(&node, &h)| if h == DEAD_END { u32::MAX } else { node })
            .collect();
        for (cell, &node) in record.cell.iter_mut().zip(&record_node) {
            if node < n {
                *cell = problem.cell(graph.state(node));
            }
        }
        let mut trace = result.trace;
        for event in &mut trace.events {
            let flag = *event & Trace::GENERATED;
            let node = *event & !Trace::GENERATED;
            if node < n {
                *event = problem.cell(graph.state(node)) | flag;
            }
        }
        Ok(StateSpace {
            states: n as usize,
            optimum,
            nodes,
            edges,
            record_node,
            plan: result.plan.iter().map(|a| problem.symbol(a)).collect(),
            outcome: result.outcome,
            stats: result.stats,
            trace,
            record,
            note: result.note,
        })
    }
}

/// What the `state-space` tool returns: the graph, the search's shared report (its
/// outcome, statistics, and for the page its record as typed arrays) and the plan.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StateSpaceReport {
    /// The graph and the record's node ids.
    #[serde(flatten)]
    pub space: StateSpace,
    /// The search, as the solve tool reports it.
    #[serde(flatten)]
    pub search: SolveReport,
}

impl StateSpaceReport {
    /// The report of `space`, searched by `solver`, with the game's note and the course
    /// output of its plan.
    pub fn new(
        mut space: StateSpace,
        solver: search::Solver,
        note: Option<String>,
        output: String,
    ) -> Self {
        let search = SolveReport {
            solver,
            outcome: space.outcome,
            stats: space.stats.clone(),
            note,
            output,
            trace_truncated: space.trace.truncated,
            trace: std::mem::take(&mut space.trace),
            record: std::mem::take(&mut space.record),
        };
        Self { space, search }
    }
}

impl Report for StateSpaceReport {
    fn notes(&self) -> Vec<String> {
        self.search.note.iter().cloned().collect()
    }
    fn solve_report(&self) -> Option<&SolveReport> {
        Some(&self.search)
    }
}

/// The algorithm of a solver, or the error of the random solver (the view draws a
/// search).
pub fn searched(solver: search::Solver) -> Result<Algorithm, ToolError> {
    match solver {
        search::Solver::Search(algorithm) => Ok(algorithm),
        search::Solver::Random => Err(ToolError::Options {
            field: "solver".into(),
            message: "the state-space view draws a search: bfs, iddfs, greedy or astar, not random"
                .into(),
        }),
    }
}
