//! The whole state graph of every course field: its exact cost to go (h*) agrees with
//! breadth-first search from the start and with A* from sampled states, and the
//! graph's node ids name the states of a search's record.

use gridlab::games::pengu::{visit_problem, Goal, Level, SolveOptions};
use gridlab::search::{
    astar, bfs, cost_to_go, CostToGo, GraphError, GraphLimits, Limits, Outcome, Problem,
    ProblemVisitor, StateGraph, NO_GOAL,
};
use std::fs;

use crate::common;
use common::files_ending as files;

/// The solver's options for `goal` (its budget bounds the slide graph, not the state
/// graph).
fn options(goal: Goal) -> SolveOptions {
    SolveOptions {
        goal,
        max_states: 4_000_000,
        ..SolveOptions::default()
    }
}

/// What a field's state graph says, checked against the searches.
#[derive(Debug)]
struct Checked {
    states: usize,
    optimum: Option<u64>,
}

/// Explore the graph, check h*(start) against BFS (unit costs) and h* of about 200
/// states against A* started there, and that every edge respects h*.
struct CheckGraph {
    max_states: usize,
}

impl ProblemVisitor for CheckGraph {
    type Output = Result<Checked, GraphError>;
    fn visit<P: Problem>(self, problem: &P) -> Result<Checked, GraphError> {
        let limits = GraphLimits {
            max_states: self.max_states,
            ..GraphLimits::default()
        };
        let graph = StateGraph::explore(problem, limits)?;
        let h = graph.cost_to_go();
        let found = bfs(problem, &mut Limits::default());
        let optimum = (h[0] != NO_GOAL).then_some(h[0]);
        assert_eq!(
            found.outcome == Outcome::Found,
            optimum.is_some(),
            "a plan exists exactly when h*(start) is finite"
        );
        if let Some(cost) = optimum {
            assert_eq!(found.plan.len() as u64, cost, "h*(start) is the BFS length");
        }
        let step = (graph.len() / 200).max(7);
        for i in (0..graph.len() as u32).step_by(step) {
            let expected = match cost_to_go(problem, graph.state(i), 2_000_000) {
                CostToGo::Exact(c) => c,
                CostToGo::Unreachable => NO_GOAL,
                CostToGo::Unknown => panic!("A* from state {i} reached its limit"),
            };
            assert_eq!(h[i as usize], expected, "h* of state {i}");
            assert!(
                problem.heuristic(graph.state(i)) as u64 <= expected,
                "the built-in heuristic is admissible at state {i}"
            );
        }
        for i in 0..graph.len() as u32 {
            for (to, cost, _) in graph.edges(i) {
                let (a, b) = (h[i as usize], h[to as usize]);
                assert!(a == NO_GOAL || a <= b.saturating_add(cost as u64));
            }
            if h[i as usize] == NO_GOAL {
                assert!(!graph.is_goal(i));
            }
        }
        Ok(Checked {
            states: graph.len(),
            optimum,
        })
    }
}

/// The field checked for all its fish, or (where some fish can never be eaten, as in
/// the course's fields for the 8- and 20-fish assignments) for as many as can be.
fn check(level: &Level, max_states: usize) -> Result<Checked, GraphError> {
    let visitor = || CheckGraph { max_states };
    let eatable = level.fish_count();
    (0..=eatable)
        .rev()
        .map(|n| {
            if n == eatable {
                Goal::All
            } else {
                Goal::AtLeast(n)
            }
        })
        .find_map(|goal| visit_problem(level, &options(goal), visitor()).ok())
        .expect("a problem for at least 0 fish")
}

#[test]
fn h_star_equals_bfs_on_every_course_field() {
    let mut checked = 0;
    for path in files("levels/pengu/course", "txt") {
        let level = Level::parse(&fs::read_to_string(&path).unwrap()).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        match check(&level, 250_000) {
            Ok(c) => {
                eprintln!("{name}: {} states, optimum {:?}", c.states, c.optimum);
                checked += 1;
            }
            Err(e) => eprintln!("{name}: {e}"),
        }
    }
    assert!(checked >= 20, "{checked} fields checked");
}

/// A* on the graph's indexed problem: its record's cells are node ids, every state
/// the search stored is on the graph, and the plan ends at a goal node at h*(start).
struct RecordNodes;

impl ProblemVisitor for RecordNodes {
    type Output = ();
    fn visit<P: Problem>(self, problem: &P) {
        let graph = StateGraph::explore(problem, GraphLimits::default()).unwrap();
        let h = graph.cost_to_go();
        let indexed = graph.indexed(problem);
        let mut limits = Limits {
            record_limit: 1 << 20,
            ..Limits::default()
        };
        let found = astar(&indexed, &mut limits);
        assert_eq!(found.outcome, Outcome::Found);
        assert_eq!(found.plan.len() as u64, h[0]);
        assert_eq!(found.record.cell[0], 0, "the start is node 0");
        assert!(found
            .record
            .cell
            .iter()
            .all(|&c| (c as usize) < graph.len()));
        let mut node = 0;
        for action in &found.plan {
            let (to, _, _) = graph
                .edges(node)
                .find(|(_, _, a)| indexed.symbol(a) == indexed.symbol(action))
                .expect("the plan's move is an edge");
            node = to;
        }
        assert!(graph.is_goal(node));
        assert_eq!(graph.path(node).len() as u64, h[0]);
    }
}

fn course(name: &str) -> Level {
    let text = fs::read_to_string(format!("levels/pengu/course/{name}.txt")).unwrap();
    Level::parse(&text).unwrap()
}

#[test]
fn a_search_record_names_graph_nodes() {
    visit_problem(&course("testcase-03-6x7"), &options(Goal::All), RecordNodes).unwrap();
}

#[test]
fn a_graph_larger_than_its_limit_is_refused_with_the_count() {
    let err = check(&course("testcase-07-8x7"), 1000).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the level has more than 1000 reachable states (the limit): the whole state graph is too large"
    );
}
