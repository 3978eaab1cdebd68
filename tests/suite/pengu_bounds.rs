//! Pengu's heuristic (with the tour bound over exact eat-then-eat distances) never
//! overestimates: checked against the exact cost to go of every state of many random
//! fields and of the course fields whose state graph is small; and what an A* stopped
//! at a limit reports (a lower bound at most the optimum, the best plan found) in the
//! library, the JSON and the command line.

use gridlab::games::pengu::{self, replay, Cost, Level, SolveOptions, Status};
use gridlab::search::{
    Algorithm, GraphLimits, Outcome, Problem, ProblemVisitor, Solver, StateGraph, DEAD_END, NO_GOAL,
};

use crate::common;

/// Largest state graph checked exhaustively.
const MAX_GRAPH: usize = 150_000;

/// Checks h ≤ h* at every state of the problem's graph; returns the states checked (0
/// when the graph is too large) and how many had h = h* (to show the bound is tight
/// somewhere, not just 0).
struct Admissible<'a>(&'a str);

impl ProblemVisitor for Admissible<'_> {
    type Output = (usize, usize);
    fn visit<P: Problem>(self, problem: &P) -> (usize, usize) {
        let limits = GraphLimits {
            max_states: MAX_GRAPH,
            ..GraphLimits::default()
        };
        let Ok(graph) = StateGraph::explore(problem, limits) else {
            return (0, 0);
        };
        let h_star = graph.cost_to_go();
        let mut tight = 0;
        for i in 0..graph.len() as u32 {
            let h = problem.heuristic(graph.state(i));
            let exact = h_star[i as usize];
            if exact == NO_GOAL {
                continue;
            }
            assert!(
                h != DEAD_END && u64::from(h) <= exact,
                "{}: state {i}: h = {h} > h* = {exact}",
                self.0
            );
            tight += usize::from(u64::from(h) == exact);
        }
        (graph.len(), tight)
    }
}

fn check(name: &str, level: &Level) -> (usize, usize) {
    let mut total = (0, 0);
    for cost in [Cost::Moves, Cost::Cells] {
        let options = SolveOptions {
            cost,
            ..SolveOptions::default()
        };
        if let Ok((states, tight)) = pengu::visit_problem(level, &options, Admissible(name)) {
            total = (total.0 + states, total.1 + tight);
        }
    }
    total
}

#[test]
fn the_heuristic_never_overestimates_on_random_fields() {
    let (mut fields, mut states, mut tight) = (0, 0, 0);
    for seed in 0..300 {
        let level = Level::parse(&common::random_pengu_field(seed, &common::FISHY)).unwrap();
        let (n, t) = check(&format!("seed {seed}"), &level);
        fields += usize::from(n > 0);
        states += n;
        tight += t;
    }
    assert!(fields >= 200, "only {fields} fields checked");
    assert!(tight * 8 > states, "h = h* at {tight} of {states} states");
}

#[test]
fn the_heuristic_never_overestimates_on_small_course_fields() {
    let mut fields = 0;
    for path in common::files_ending("levels/pengu/course", "txt") {
        let Ok(level) = Level::parse(&std::fs::read_to_string(&path).unwrap()) else {
            continue;
        };
        let (n, _) = check(&path.display().to_string(), &level);
        fields += usize::from(n > 0);
    }
    assert!(fields >= 8, "only {fields} course fields checked");
}

fn solve_limited(path: &str, algo: Algorithm, max_states: usize) -> pengu::Solution {
    let level = Level::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let options = SolveOptions {
        solver: Solver::Search(algo),
        max_states,
        ..SolveOptions::default()
    };
    pengu::solve(&level, &options, None, None)
}

const HARD_29: &str = "levels/pengu/course/testcase-11-8x17.txt";
/// The optimum of [`HARD_29`] (A* = BFS, `tests/suite/search_algorithms.rs`).
const HARD_29_OPTIMUM: u32 = 25;

#[test]
fn a_search_stopped_at_a_limit_reports_a_lower_bound_and_the_best_plan_found() {
    let level = Level::parse(&std::fs::read_to_string(HARD_29).unwrap()).unwrap();
    for algo in [Algorithm::Astar, Algorithm::Ucs, Algorithm::Wastar] {
        let s = solve_limited(HARD_29, algo, 200);
        assert_eq!(s.outcome, Outcome::LimitReached, "{algo:?}");
        let lower = s.stats.lower_bound.expect("a lower bound");
        assert!(lower > 0 && lower <= HARD_29_OPTIMUM, "{algo:?}: {lower}");
        // Greedy search's complete plan is the result's plan.
        let best = s.stats.best_plan.expect("greedy finds a plan");
        assert_eq!(s.moves.len(), best as usize, "{algo:?}");
        assert!(best >= HARD_29_OPTIMUM, "{algo:?}: {best}");
        assert_eq!(replay(&level, &s.moves).unwrap().status(), Status::Victory);
    }
    // Greedy search too may find no plan within the limit: the plan is then partial.
    let tiny = solve_limited(HARD_29, Algorithm::Astar, 50);
    assert!(tiny.stats.lower_bound.is_some_and(|l| l <= HARD_29_OPTIMUM));
    assert_eq!(tiny.stats.best_plan, None);
    let line = tiny.stats.bounds_line().unwrap();
    assert!(line.ends_with(", no plan found"), "{line}");
    assert_ne!(
        replay(&level, &tiny.moves).unwrap().status(),
        Status::Victory
    );
    // A* proves more than UCS with the same states.
    let astar = solve_limited(HARD_29, Algorithm::Astar, 2_000);
    let ucs = solve_limited(HARD_29, Algorithm::Ucs, 2_000);
    assert!(astar.stats.lower_bound > ucs.stats.lower_bound);
    // Finished searches and greedy search say nothing of the kind.
    let done = solve_limited(HARD_29, Algorithm::Astar, 2_000_000);
    assert_eq!(done.moves.len(), HARD_29_OPTIMUM as usize);
    assert_eq!((done.stats.lower_bound, done.stats.best_plan), (None, None));
    let greedy = solve_limited(HARD_29, Algorithm::Greedy, 2_000_000);
    assert_eq!(greedy.outcome, Outcome::Found);
    assert_eq!(greedy.stats.best_plan, None);
}

#[test]
fn the_command_line_shows_the_lower_bound_and_the_best_plan() {
    let (code, out, err) = common::run(&["pengu", "solve", HARD_29, "--max-states", "2000"]);
    assert_ne!(code, Some(0), "{err}");
    assert!(
        err.contains("limit reached: printed the best plan found (29 fish)"),
        "{err}"
    );
    let line = err
        .lines()
        .find(|l| l.starts_with("optimum ≥ "))
        .unwrap_or_else(|| panic!("{err}"));
    let s = solve_limited(HARD_29, Algorithm::Astar, 2_000);
    assert_eq!(line, s.stats.bounds_line().unwrap());
    assert!(out.contains(&s.moves), "{out}");
    let (_, json, _) = common::run(&["pengu", "solve", HARD_29, "--max-states", "2000", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["stats"]["lowerBound"], s.stats.lower_bound.unwrap());
    assert_eq!(v["stats"]["bestPlan"], s.stats.best_plan.unwrap());
}

/// The glacier (84 fish, 15 tracked, nine rooms): the tour bound proves 77 after a
/// few thousand states.
#[test]
fn the_glacier_is_solved_optimally() {
    let path = "levels/pengu/12-glacier-100x100.txt";
    let level = Level::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let s = pengu::solve(&level, &SolveOptions::default(), None, None);
    assert_eq!(s.outcome, Outcome::Found);
    assert_eq!(s.moves.len(), 77);
    assert!(s.stats.stored < 100_000, "{}", s.stats.stored);
    assert_eq!(replay(&level, &s.moves).unwrap().status(), Status::Victory);
}
