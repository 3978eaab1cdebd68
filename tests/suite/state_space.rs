//! The `state-space` tool (Pengu and Act-Man): its nodes and exact costs to go against
//! breadth-first search and A*, its optimal edges against the optimal plans, its
//! search record against the `solve` tool's, event for event, with every record state
//! mapped to the graph node it is, and the limit of a level too large to draw.

use gridlab::games::pengu::{self, Level};
use gridlab::games::state_space::MAX_VIEW_STATES;
use gridlab::games::tools::{game, Control, Host, Report, ToolError};
use gridlab::search::Record;
use gridlab::search::{astar, bfs, cost_to_go, CostToGo, Limits, Outcome, Problem, ProblemVisitor};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::fs;

use crate::common;
use common::files_ending as files;

/// Run a game's tool as the page does.
fn tool(
    game_id: &str,
    name: &str,
    text: &str,
    options: Value,
) -> Result<Box<dyn Report>, ToolError> {
    let tool = game(game_id)?.tool(name)?;
    let mut options = <dyn erased_serde::Deserializer>::erase(options);
    tool.run(text, &mut options, Host::Native, &mut Control::default())
}

/// The graph as the page gets it.
struct Graph {
    json: Value,
    record: Record,
}

impl Graph {
    fn of(game_id: &str, text: &str, options: Value) -> Result<Graph, ToolError> {
        let report = tool(game_id, "state-space", text, options)?;
        Ok(Graph {
            json: serde_json::to_value(&report).unwrap(),
            record: report.solve_report().unwrap().record.clone(),
        })
    }
    fn states(&self) -> usize {
        self.json["states"].as_u64().unwrap() as usize
    }
    fn nodes(&self, field: &str) -> &Vec<Value> {
        self.json["nodes"][field].as_array().unwrap()
    }
    fn edges(&self, field: &str) -> &Vec<Value> {
        self.json["edges"][field].as_array().unwrap()
    }
    fn u(&self, part: &str, field: &str, i: usize) -> u64 {
        self.json[part][field][i].as_u64().unwrap()
    }
    /// The node reached by the move `symbol` from `node`.
    fn step(&self, node: u64, symbol: char) -> Option<(usize, u64)> {
        let from = self.edges("from");
        let moves = self.edges("move");
        (0..from.len())
            .find(|&e| from[e] == node && moves[e].as_str() == Some(&symbol.to_string()))
            .map(|e| (e, self.u("edges", "to", e)))
    }
    /// Follow `plan` from the start: the edges taken and the node reached.
    fn follow(&self, plan: &str) -> (Vec<usize>, u64) {
        let mut node = 0;
        let mut taken = Vec::new();
        for symbol in plan.chars() {
            let (e, to) = self
                .step(node, symbol)
                .expect("each move of the plan is an edge");
            taken.push(e);
            node = to;
        }
        (taken, node)
    }
}

/// The records of two runs, field by field.
fn assert_same_record(a: &Record, b: &Record) {
    assert!(!a.is_empty());
    assert_eq!(a.events, b.events, "events");
    assert_eq!(a.parent, b.parent, "parents");
    assert_eq!(a.action, b.action, "moves");
    assert_eq!(a.h, b.h, "heuristics");
    assert_eq!(a.cell, b.cell, "cells");
    assert_eq!(a.g, b.g, "costs");
    assert_eq!(a.key_hi, b.key_hi, "keys");
    assert_eq!(a.key_lo, b.key_lo, "keys");
    assert_eq!(a.truncated, b.truncated);
}

/// Every state of the record maps to the node its moves from the start reach, drawn
/// at the same cell.
fn assert_record_nodes(graph: &Graph) {
    let r = &graph.record;
    let record_node = graph.json["recordNode"].as_array().unwrap();
    assert_eq!(record_node.len(), r.parent.len());
    for (id, node_id) in record_node.iter().enumerate() {
        if r.h[id] == u32::MAX {
            assert_eq!(*node_id, u32::MAX, "a placeholder has no node");
            continue;
        }
        let mut moves = String::new();
        let mut at = id;
        while r.parent[at] as usize != at {
            moves.insert(0, char::from_u32(r.action[at]).unwrap());
            at = r.parent[at] as usize;
        }
        let (_, node) = graph.follow(&moves);
        assert_eq!(
            record_node[id].as_u64(),
            Some(node),
            "record state {id} ({moves})"
        );
        assert_eq!(
            u64::from(r.cell[id]),
            graph.u("nodes", "cell", node as usize)
        );
    }
}

fn text(path: &str) -> String {
    fs::read_to_string(path).unwrap()
}

/// The states reachable from the start (a goal not expanded; a state kept when viable
/// at its cheapest cost), counted by a breadth-first walk of the problem itself.
struct CountStates;

impl ProblemVisitor for CountStates {
    type Output = (usize, Option<u64>);
    fn visit<P: Problem>(self, problem: &P) -> (usize, Option<u64>) {
        // Unit costs (Pengu): the first visit is the cheapest.
        let mut seen = std::collections::HashSet::new();
        let mut queue = VecDeque::from([(problem.start(), 0u32)]);
        seen.insert(problem.start());
        let mut out = Vec::new();
        while let Some((s, g)) = queue.pop_front() {
            if problem.is_goal(&s) {
                continue;
            }
            out.clear();
            problem.successors(&s, &mut out);
            for (_, next, cost) in out.drain(..) {
                if problem.viable(&next, g + cost) && seen.insert(next.clone()) {
                    queue.push_back((next, g + cost));
                }
            }
        }
        let plan = bfs(problem, &mut Limits::default());
        let optimum = (plan.outcome == Outcome::Found).then_some(plan.plan.len() as u64);
        let a = astar(problem, &mut Limits::default());
        assert_eq!(a.outcome, plan.outcome);
        assert_eq!(
            optimum,
            (a.outcome == Outcome::Found).then_some(a.plan.len() as u64)
        );
        (seen.len(), optimum)
    }
}

/// The exact cost to go of some states, by A* started at them.
struct CostsToGo(Vec<String>);

impl ProblemVisitor for CostsToGo {
    type Output = Vec<Option<u64>>;
    fn visit<P: Problem>(self, problem: &P) -> Vec<Option<u64>> {
        let mut out = Vec::new();
        self.0
            .iter()
            .map(|moves| {
                // The state the moves reach.
                let mut s = problem.start();
                for m in moves.chars() {
                    out.clear();
                    problem.successors(&s, &mut out);
                    s = out
                        .drain(..)
                        .find(|(a, _, _)| problem.symbol(a) == m)
                        .expect("a move")
                        .1;
                }
                match cost_to_go(problem, &s, 2_000_000) {
                    CostToGo::Exact(c) => Some(c),
                    CostToGo::Unreachable => None,
                    CostToGo::Unknown => panic!("A* reached its limit"),
                }
            })
            .collect()
    }
}

/// Pengu's solver options for every fish, with a budget for the slide graph.
fn options() -> pengu::SolveOptions {
    pengu::SolveOptions {
        max_states: 1_000_000,
        ..pengu::SolveOptions::default()
    }
}

/// The moves of a cheapest path to node `i` (following the parents).
fn moves_to(graph: &Graph, mut i: usize) -> String {
    let mut moves = String::new();
    while i != 0 {
        moves.insert_str(0, graph.nodes("move")[i].as_str().unwrap());
        i = graph.u("nodes", "parent", i) as usize;
    }
    moves
}

#[test]
fn nodes_and_costs_to_go_agree_with_bfs_and_astar_on_the_small_course_fields() {
    let mut checked = Vec::new();
    for path in files("levels/pengu/course", "txt") {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let level_text = text(path.to_str().unwrap());
        let level = Level::parse(&level_text).unwrap();
        let graph = match Graph::of("pengu", &level_text, json!({ "solver": "bfs" })) {
            Ok(graph) => graph,
            Err(e) => {
                let e = e.to_string();
                assert!(
                    e.contains("the view is for small levels") || e.starts_with("no plan"),
                    "{name}: {e}"
                );
                continue;
            }
        };
        let (states, optimum) = pengu::visit_problem(&level, &options(), CountStates).unwrap();
        assert_eq!(graph.states(), states, "{name}: the states");
        assert!(states <= MAX_VIEW_STATES);
        assert_eq!(
            graph.json["optimum"].as_u64(),
            optimum,
            "{name}: h*(start) is BFS's"
        );
        // h* of every 7th node against A* from it; the depth is the cheapest path's
        // length (unit costs), g too.
        let sample: Vec<usize> = (0..states).step_by(7).collect();
        let moves: Vec<String> = sample.iter().map(|&i| moves_to(&graph, i)).collect();
        let exact = pengu::visit_problem(&level, &options(), CostsToGo(moves.clone())).unwrap();
        for (k, &i) in sample.iter().enumerate() {
            assert_eq!(
                graph.nodes("hStar")[i].as_u64(),
                exact[k],
                "{name}: h* of node {i}"
            );
            assert_eq!(graph.u("nodes", "depth", i), moves[k].len() as u64);
            assert_eq!(graph.u("nodes", "g", i), moves[k].len() as u64);
            let (_, reached) = graph.follow(&moves[k]);
            assert_eq!(reached, i as u64, "{name}: node {i}'s moves lead to it");
        }
        eprintln!("{name}: {states} states");
        checked.push(name);
    }
    for name in [
        "testcase-03-6x7.txt",
        "testcase-04-7x7.txt",
        "a1-7x6.txt",
        "testcase-19-6x7.txt",
    ] {
        assert!(
            checked.iter().any(|c| c == name),
            "{name} checked: {checked:?}"
        );
    }
}

/// Paths along optimal edges from `node`: every one ends at a goal, after exactly
/// the optimum's cost; returns how many there are.
fn optimal_paths(graph: &Graph, node: u64, cost: u64, optimum: u64) -> u64 {
    if graph.json["nodes"]["goal"][node as usize] == true {
        assert_eq!(cost, optimum, "an optimal path ends at the optimum");
        return 1;
    }
    let from = graph.edges("from");
    let mut count = 0;
    for (e, edge_from) in from.iter().enumerate() {
        if *edge_from == node && graph.edges("optimal")[e] == true {
            let c = graph.u("edges", "cost", e);
            count += optimal_paths(graph, graph.u("edges", "to", e), cost + c, optimum);
        }
    }
    assert!(count > 0, "an optimal edge leads on to a goal");
    count
}

#[test]
fn optimal_edges_are_exactly_those_of_the_optimal_plans() {
    for name in [
        "testcase-03-6x7",
        "testcase-04-7x7",
        "a1-7x6",
        "testcase-19-6x7",
    ] {
        let level_text = text(&format!("levels/pengu/course/{name}.txt"));
        let graph = Graph::of("pengu", &level_text, json!({ "solver": "astar" })).unwrap();
        let optimum = graph.json["optimum"].as_u64().unwrap();
        // The plans BFS and A* return follow optimal edges only.
        for solver in ["bfs", "astar"] {
            let solved = tool("pengu", "solve", &level_text, json!({ "solver": solver })).unwrap();
            let moves = serde_json::to_value(&solved).unwrap()["moves"]
                .as_str()
                .unwrap()
                .to_string();
            let (taken, end) = graph.follow(&moves);
            assert_eq!(graph.json["nodes"]["goal"][end as usize], true);
            assert_eq!(taken.len() as u64, optimum);
            assert!(
                taken.iter().all(|&e| graph.edges("optimal")[e] == true),
                "{name} {solver}"
            );
        }
        // Every path along optimal edges is an optimal plan, and there are as many as
        // the analysis counts optimal plans.
        let plans = optimal_paths(&graph, 0, 0, optimum);
        let analyzed = tool("pengu", "analyze", &level_text, json!({})).unwrap();
        let count = &serde_json::to_value(&analyzed).unwrap()["count"];
        assert_eq!(count["plans"].as_u64(), Some(plans), "{name}: {count}");
        // An edge off the optimal plans is not marked.
        let optimal = graph
            .edges("optimal")
            .iter()
            .filter(|o| **o == true)
            .count();
        assert!(optimal < graph.edges("from").len());
    }
}

#[test]
fn the_record_is_the_solve_tools_with_every_state_on_its_node() {
    let level_text = text("levels/pengu/course/testcase-03-6x7.txt");
    for solver in ["bfs", "iddfs", "greedy", "astar"] {
        let options = json!({ "solver": solver, "recordLimit": 200_000, "traceLimit": 200_000 });
        let graph = Graph::of("pengu", &level_text, options.clone()).unwrap();
        let solved = tool("pengu", "solve", &level_text, options).unwrap();
        let s = solved.solve_report().unwrap();
        assert_same_record(&graph.record, &s.record);
        let space = tool(
            "pengu",
            "state-space",
            &level_text,
            json!({ "solver": solver, "recordLimit": 200_000, "traceLimit": 200_000 }),
        )
        .unwrap();
        assert_eq!(
            space.solve_report().unwrap().trace,
            s.trace,
            "{solver}: the trace"
        );
        assert_eq!(
            space.solve_report().unwrap().stats.expanded,
            s.stats.expanded
        );
        let solved_json = serde_json::to_value(&solved).unwrap();
        assert_eq!(
            graph.json["plan"], solved_json["moves"],
            "{solver}: the plan"
        );
        assert_eq!(graph.json["output"], solved_json["output"]);
        assert_record_nodes(&graph);
    }
}

#[test]
fn an_actman_dungeon_has_its_graph_and_the_solve_tools_record() {
    let dungeon = text("levels/actman/01-first-shot.txt");
    for (solver, objective) in [
        ("bfs", "turns"),
        ("astar", "score"),
        ("iddfs", "turns"),
        ("greedy", "turns"),
    ] {
        let options = json!({ "solver": solver, "objective": objective, "maxTurns": 10, "recordLimit": 200_000 });
        let graph = Graph::of("actman", &dungeon, options.clone()).unwrap();
        let solved = tool("actman", "solve", &dungeon, options).unwrap();
        assert_same_record(&graph.record, &solved.solve_report().unwrap().record);
        let solved_json = serde_json::to_value(&solved).unwrap();
        assert_eq!(graph.json["plan"], solved_json["actions"], "{solver}");
        assert_eq!(graph.json["note"], solved_json["note"]);
        assert_record_nodes(&graph);
        let plan = graph.json["plan"].as_str().unwrap();
        let (taken, end) = graph.follow(plan);
        assert_eq!(
            graph.json["nodes"]["goal"][end as usize], true,
            "{solver}: the plan wins"
        );
        if solver != "greedy" {
            // Optimal for its costs (turns, or score points for A* on the score).
            let cost: u64 = taken.iter().map(|&e| graph.u("edges", "cost", e)).sum();
            assert_eq!(Some(cost), graph.json["optimum"].as_u64(), "{solver}");
            assert!(taken.iter().all(|&e| graph.edges("optimal")[e] == true));
        }
    }
}

#[test]
fn a_level_with_more_states_than_the_view_draws_is_refused_with_its_count() {
    let level_text = text("levels/pengu/course/a3-6x20.txt");
    let err = Graph::of("pengu", &level_text, json!({})).err().unwrap();
    assert_eq!(
        err.to_string(),
        "the level has 4,006 states: more than 2,000, the view is for small levels"
    );
    let err = tool(
        "pengu",
        "state-space",
        &level_text,
        json!({ "solver": "random" }),
    )
    .err()
    .unwrap();
    assert_eq!(
        err.to_string(),
        "bad options: solver: the state-space view draws a search: bfs, iddfs, greedy or astar, not random"
    );
}

/// The benchmark's level (benches/state_space.mjs): testcase 3 with its hole walled,
/// just under the view's limit.
const BENCH_LEVEL: &str = "6 7\n#######\n#P# *0#\n#*0*#*#\n#0 S0##\n#***S*#\n#######\n";

#[test]
fn the_benchmark_level_has_just_under_the_limit_of_states() {
    let graph = Graph::of("pengu", BENCH_LEVEL, json!({ "solver": "astar" })).unwrap();
    assert_eq!(graph.states(), 1970);
    assert!(graph.states() <= MAX_VIEW_STATES);
    assert_eq!(
        graph.edges("from").len(),
        graph.json["edges"]["to"].as_array().unwrap().len()
    );
    eprintln!("{} edges", graph.edges("from").len());
}

#[test]
fn the_command_line_prints_the_graph_or_says_the_level_is_too_large() {
    let (stdout, _) = common::run_ok(&[
        "pengu",
        "state-space",
        "levels/pengu/course/testcase-19-6x7.txt",
        "--algo",
        "bfs",
    ]);
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["states"], 12);
    assert_eq!(report["outcome"], "found");
    assert_eq!(report["nodes"]["depth"][0], 0);
    let (code, stdout, stderr) =
        common::run(&["pengu", "state-space", "levels/pengu/course/a3-6x20.txt"]);
    assert_eq!(code, Some(1));
    assert_eq!(stdout, "");
    assert!(
        stderr
            .contains("the level has 4,006 states: more than 2,000, the view is for small levels"),
        "{stderr}"
    );
}
