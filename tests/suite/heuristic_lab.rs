//! The heuristic lab: the built-in heuristics of Pengu and Act-Man judged admissible on
//! every course field (against exact costs to go computed without them), a planted
//! inadmissible heuristic flagged at exactly the states where it exceeds h* (compared
//! with the whole state graph), admissible ones passing, a user function's error
//! naming its state, and the consistency count on a hand-built problem.

use gridlab::games::{actman, pengu};
use gridlab::search::{
    run_lab, Algorithm, GraphLimits, LabError, LabHeuristic, LabOptions, LabProblem, LabReport,
    LabVisitor, Outcome, Problem, SolverBudget, StateGraph, MAX_EXACT_STATES, MAX_LAB_GRAPH_STATES,
    NO_GOAL,
};
use std::collections::HashMap;
use std::fs;

use crate::common;
use common::files_ending as files;

const BUDGET: SolverBudget = SolverBudget {
    max_states: 4_000_000,
    max_memory: 1 << 30,
    max_depth: 1000,
    trace_limit: 0,
    record_limit: 0,
    weight: 2.0,
    beam_width: 100,
};

/// Act-Man's A* with the score's costs (a step 1, the shot 20) or with a step a turn.
fn actman_options(cost_based: bool) -> actman::SolveOptions {
    let objective = if cost_based {
        actman::Objective::Score
    } else {
        actman::Objective::Turns
    };
    actman::SolveOptions {
        objective,
        ..actman::SolveOptions::default()
    }
}

fn options(algorithm: Algorithm, trust_builtin: bool) -> LabOptions {
    LabOptions {
        algorithm,
        budget: BUDGET,
        compare: false,
        trust_builtin,
        max_graph_states: MAX_LAB_GRAPH_STATES,
        exact_budget: MAX_EXACT_STATES,
    }
}

/// The built-in check on a field whose whole graph is larger than the lab's limit:
/// a search of at most this many states, judged by searches from single states
/// (with `h = 0`) storing at most [`LARGE_FIELD_EXACT`] states in all.
const LARGE_FIELD_STATES: usize = 2_000;
/// See [`LARGE_FIELD_STATES`].
const LARGE_FIELD_EXACT: usize = 300_000;

/// The built-in heuristic through the lab, every stored state's h* computed without it.
/// On a field whose whole graph is over the lab's limit, the search stores at most
/// [`LARGE_FIELD_STATES`] states.
struct JudgeBuiltIn;

impl LabVisitor for JudgeBuiltIn {
    type Output = LabReport;
    fn visit<P: LabProblem>(self, problem: &P) -> LabReport {
        let mut o = options(Algorithm::Astar, false);
        let limits = GraphLimits {
            max_states: MAX_LAB_GRAPH_STATES,
            ..GraphLimits::default()
        };
        if StateGraph::explore(problem, limits).is_err() {
            o.budget.max_states = LARGE_FIELD_STATES;
            o.exact_budget = LARGE_FIELD_EXACT;
        }
        run_lab(problem, LabHeuristic::BuiltIn, &o, None, None)
            .expect("the built-in heuristic never fails")
    }
}

/// The goal of a course field: all fish, or as many as can be eaten.
fn pengu_lab<V: LabVisitor>(level: &pengu::Level, visitor: impl Fn() -> V) -> V::Output {
    let eatable = level.fish_count();
    (0..=eatable)
        .rev()
        .map(|n| {
            if n == eatable {
                pengu::Goal::All
            } else {
                pengu::Goal::AtLeast(n)
            }
        })
        .find_map(|goal| {
            let o = pengu::SolveOptions {
                goal,
                max_states: BUDGET.max_states,
                ..pengu::SolveOptions::default()
            };
            pengu::visit_lab(level, &o, visitor()).ok()
        })
        .expect("a problem for at least 0 fish")
}

fn assert_admissible(name: &str, r: &LabReport) {
    let a = &r.admissible;
    eprintln!(
        "{name}: {:?}, {} stored, h* of {} by {} ({} graph states, {} searches), {} over, \
         {} unknown, {:.0} ms; consistent: {} of {} edges bad",
        r.outcome,
        a.states,
        a.exact,
        a.method,
        a.graph_states,
        a.searches,
        a.over,
        a.unknown,
        a.elapsed_ms,
        r.consistent.bad,
        r.consistent.edges
    );
    assert_eq!(a.by_builtin, 0, "{name}: nothing trusted");
    assert_eq!(a.over, 0, "{name}: {:?}", a.listed.first());
    assert_eq!(a.exact + a.unknown, a.states, "{name}");
    if a.method == "graph" {
        assert_eq!(a.unknown, 0, "{name}");
        assert_eq!(r.outcome, Outcome::Found, "{name}");
    } else {
        assert_eq!(a.method, "search", "{name}");
        assert!(a.exact >= 1, "{name}: {} states judged exactly", a.exact);
    }
}

#[test]
fn builtin_pengu_heuristic_is_admissible_on_every_course_field() {
    let mut judged = 0;
    for path in files("levels/pengu/course", "txt") {
        let level = pengu::Level::parse(&fs::read_to_string(&path).unwrap()).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let report = pengu_lab(&level, || JudgeBuiltIn);
        assert_admissible(&name, &report);
        judged += 1;
    }
    assert_eq!(judged, 27);
}

#[test]
fn builtin_actman_heuristic_is_admissible_on_every_course_and_bundled_dungeon() {
    let mut judged = 0;
    let dirs = ["levels/actman/course", "levels/actman"];
    for path in dirs.iter().flat_map(|d| files(d, "txt")) {
        let dungeon = actman::Dungeon::parse(&fs::read_to_string(&path).unwrap()).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        for cost_based in [false, true] {
            let o = actman_options(cost_based);
            let report = actman::visit_lab(&dungeon, &o, JudgeBuiltIn).unwrap();
            assert_admissible(&format!("{name} (cost-based {cost_based})"), &report);
        }
        judged += 1;
    }
    assert_eq!(judged, 17);
}

/// h = h* + 1 at every 7th node of the graph, h = h* at the next, 0 elsewhere: flagged
/// at exactly the planted states the search stored (by the whole graph, and by
/// searches from single states), each listed with moves that lead to it.
struct Planted {
    max_graph_states: usize,
}

impl LabVisitor for Planted {
    type Output = ();
    fn visit<P: LabProblem>(self, problem: &P) {
        let graph = StateGraph::explore(problem, GraphLimits::default()).unwrap();
        let h_star = graph.cost_to_go();
        let mut node_of = HashMap::new();
        for i in 0..graph.len() as u32 {
            let mut numbers = Vec::new();
            problem.write_state(graph.state(i), &mut numbers);
            node_of.insert(numbers, i);
        }
        let mut called = Vec::new();
        let mut h = |numbers: &[u32]| -> Result<f64, String> {
            let i = node_of[numbers];
            called.push(i);
            let exact = h_star[i as usize];
            Ok(match (i % 7, exact) {
                (_, NO_GOAL) => 0.0,
                (0, c) => (c + 1) as f64,
                (1, c) => c as f64,
                _ => 0.0,
            })
        };
        let o = LabOptions {
            max_graph_states: self.max_graph_states,
            ..options(Algorithm::Astar, true)
        };
        let report = run_lab(problem, LabHeuristic::User(&mut h), &o, None, None).unwrap();
        let mut expected: Vec<u32> = called
            .iter()
            .copied()
            .filter(|&i| i % 7 == 0 && h_star[i as usize] != NO_GOAL)
            .collect();
        expected.sort_unstable();
        expected.dedup();
        let a = &report.admissible;
        assert_eq!(a.states, called.len(), "h is called once a stored state");
        assert_eq!(a.over, expected.len());
        assert!(!expected.is_empty() && expected.len() <= 100);
        assert_eq!(a.worst, 1);
        let expected_method = if self.max_graph_states > 0 {
            "graph"
        } else {
            "search"
        };
        assert_eq!(a.method, expected_method);
        let mut listed: Vec<u32> = a
            .listed
            .iter()
            .map(|o| {
                assert_eq!(u64::from(o.h), o.h_star + 1);
                // The moves lead to the state.
                let mut s = problem.start();
                for symbol in o.moves.chars() {
                    let mut succ = Vec::new();
                    problem.successors(&s, &mut succ);
                    s = succ
                        .into_iter()
                        .find(|(a, _, _)| problem.symbol(a) == symbol)
                        .expect("a move of the path")
                        .1;
                }
                let mut numbers = Vec::new();
                problem.write_state(&s, &mut numbers);
                assert_eq!(numbers, o.state);
                node_of[&o.state]
            })
            .collect();
        listed.sort_unstable();
        assert_eq!(listed, expected);
    }
}

#[test]
fn planted_overestimates_are_flagged_exactly() {
    for field in ["testcase-02-6x7.txt", "testcase-05-7x7.txt", "a1-7x6.txt"] {
        let text = fs::read_to_string(format!("levels/pengu/course/{field}")).unwrap();
        let level = pengu::Level::parse(&text).unwrap();
        for max_graph_states in [MAX_LAB_GRAPH_STATES, 0] {
            pengu_lab(&level, || Planted { max_graph_states });
        }
    }
    let text = fs::read_to_string("levels/actman/06-corpse-field.txt").unwrap();
    let dungeon = actman::Dungeon::parse(&text).unwrap();
    let o = actman_options(true);
    actman::visit_lab(
        &dungeon,
        &o,
        Planted {
            max_graph_states: MAX_LAB_GRAPH_STATES,
        },
    )
    .unwrap();
}

/// Zero and the built-in heuristic pass (trusted, as the page runs them).
struct Passes;

impl LabVisitor for Passes {
    type Output = ();
    fn visit<P: LabProblem>(self, problem: &P) {
        for h in [LabHeuristic::Zero, LabHeuristic::BuiltIn] {
            let mut o = options(Algorithm::Astar, true);
            o.compare = true;
            let r = run_lab(problem, h, &o, None, None).unwrap();
            assert_eq!(r.admissible.over, 0);
            assert_eq!(r.admissible.by_builtin, r.admissible.states);
            assert_eq!(r.admissible.method, "none");
            assert_eq!(Some(r.cost), r.optimum);
            let names: Vec<_> = r.runs.iter().map(|x| x.heuristic).collect();
            assert_eq!(names, ["yours", "built-in", "zero"]);
        }
    }
}

#[test]
fn zero_and_builtin_pass_and_find_the_optimum() {
    let text = fs::read_to_string("levels/pengu/course/testcase-04-7x7.txt").unwrap();
    pengu_lab(&pengu::Level::parse(&text).unwrap(), || Passes);
    let text = fs::read_to_string("levels/actman/course/dungeon1.txt").unwrap();
    let d = actman::Dungeon::parse(&text).unwrap();
    actman::visit_lab(&d, &actman_options(true), Passes).unwrap();
}

/// A diamond: 0 → 1 (cost 1), 0 → 2 (cost 4), 1 → 3 (cost 1), 2 → 3 (cost 1); 3 is
/// the goal. States are written as their number.
struct Diamond;

impl Problem for Diamond {
    type State = u32;
    type Action = char;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, s: &u32) -> bool {
        *s == 3
    }
    fn successors(&self, s: &u32, out: &mut Vec<(char, u32, u32)>) {
        match s {
            0 => out.extend([('a', 1, 1), ('b', 2, 4)]),
            1 | 2 => out.push(('c', 3, 1)),
            _ => {}
        }
    }
    fn symbol(&self, a: &char) -> char {
        *a
    }
}

impl LabProblem for Diamond {
    const G_FREE: bool = true;
    fn write_state(&self, s: &u32, out: &mut Vec<u32>) {
        out.push(*s);
    }
    fn lab_data(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
}

#[test]
fn consistency_counts_the_edges_where_h_drops_too_fast() {
    // h* = [2, 1, 1, 0]. h = [2, 0, 1, 0]: admissible; 0 → 1 drops by 2 > 1.
    let values = [2.0, 0.0, 1.0, 0.0];
    let mut h = |n: &[u32]| Ok(values[n[0] as usize]);
    let o = options(Algorithm::Astar, true);
    let r = run_lab(&Diamond, LabHeuristic::User(&mut h), &o, None, None).unwrap();
    assert_eq!(r.admissible.over, 0);
    assert_eq!(r.consistent.edges, 3, "2 is never expanded");
    assert_eq!(r.consistent.bad, 1);
    assert_eq!(r.consistent.worst, 1);
    let bad = &r.consistent.listed[0];
    assert_eq!((bad.moves.as_str(), bad.action.as_str()), ("", "a"));
    assert_eq!((bad.h_from, bad.cost, bad.h_to), (2, 1, 0));
    assert_eq!(r.moves, "ac");
    // h = [5, 1, 1, 0]: inadmissible at the start only, by 3; 0 → 1 and 0 → 2 drop
    // too fast (by 3 and by 0: only the first).
    let values = [5.0, 1.0, 1.0, 0.0];
    let mut h = |n: &[u32]| Ok(values[n[0] as usize]);
    let r = run_lab(&Diamond, LabHeuristic::User(&mut h), &o, None, None).unwrap();
    assert_eq!((r.admissible.over, r.admissible.worst), (1, 3));
    assert_eq!(r.admissible.listed[0].moves, "");
    assert_eq!((r.consistent.bad, r.consistent.worst), (1, 3));
}

#[test]
fn a_failing_or_bad_h_names_the_state() {
    let o = options(Algorithm::Greedy, true);
    let mut h = |n: &[u32]| {
        if n[0] == 2 {
            Err("boom".to_string())
        } else {
            Ok(0.0)
        }
    };
    let e = run_lab(&Diamond, LabHeuristic::User(&mut h), &o, None, None).unwrap_err();
    assert_eq!(
        e,
        LabError::User {
            state: vec![2],
            moves: "b".into(),
            message: "boom".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "h failed at the state reached by moves 'b': boom"
    );
    for (bad, says) in [
        (-1.0, "-1"),
        (1.5, "1.5"),
        (f64::NAN, "NaN"),
        (2e9, "2000000000"),
    ] {
        let mut h = |_: &[u32]| Ok(bad);
        let e = run_lab(&Diamond, LabHeuristic::User(&mut h), &o, None, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("h failed at the state reached by moves '': h returned {says}, not a whole number from 0 to 1000000000")
        );
    }
    let mut wrong = o;
    wrong.algorithm = Algorithm::Bfs;
    let mut h = |_: &[u32]| Ok(0.0);
    let e = run_lab(&Diamond, LabHeuristic::User(&mut h), &wrong, None, None).unwrap_err();
    assert_eq!(e.to_string(), "algorithm: must be astar or greedy, not bfs");
}
