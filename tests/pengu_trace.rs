//! `gridlab pengu check-trace` and the checker under it: gridlab's own BFS, ID-DFS
//! and A* expansion orders (from the search's record, printed in the trace format) are
//! valid on the course fields; planted faults are named at the right line with the
//! exact reason; syntax errors name line and column; the CLI's exit codes.

use gridlab::games::pengu::{self, check_trace, solve, Goal, Level, SolveOptions};
use gridlab::search::{
    event_id, Algorithm, FaultKind, GoalSeen, Record, Solver, TraceError, TraceReport, EXPANDED,
    MAX_TRACE_LINES, MAX_TRACE_LINE_CHARS,
};

mod common;

/// The moves from the start to state `id` of a record (a start is its own parent).
fn path(r: &Record, mut id: usize) -> String {
    let mut moves = Vec::new();
    while r.parent[id] as usize != id {
        moves.push(char::from_u32(r.action[id]).unwrap());
        id = r.parent[id] as usize;
    }
    moves.iter().rev().collect()
}

/// gridlab's own expansion order of `algo` on `level` for `goal`, as a trace (`moves g h`
/// a line, with a header comment); `None` when the record is cut short or the search
/// reopened a state (the record keeps only a state's last parent, so the order cannot
/// be printed).
fn own_trace(level: &Level, algo: Algorithm, goal: Goal) -> Option<String> {
    let options = SolveOptions {
        solver: Solver::Search(algo),
        goal,
        max_states: 200_000,
        record_limit: 400_000,
        ..SolveOptions::default()
    };
    let s = solve(level, &options, None, None);
    let r = &s.record;
    if r.truncated || r.is_empty() {
        return None;
    }
    let mut text = format!("# gridlab {algo} trace\n");
    for (i, &e) in r.events.iter().enumerate() {
        if e & EXPANDED == 0 || e & gridlab::search::TAKEN != 0 {
            continue;
        }
        let id = event_id(e) as usize;
        let moves = path(r, id);
        if moves.len() != r.g[i] as usize {
            return None;
        }
        let shown = if moves.is_empty() { "-" } else { &moves };
        text += &format!("{shown} {} {}\n", r.g[i], r.h[id]);
    }
    Some(text)
}

fn level(path: &str) -> Level {
    Level::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn check(level: &Level, algo: Algorithm, goal: Goal, text: &str) -> TraceReport {
    check_trace(level, goal, algo, text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn gridlabs_own_orders_are_valid_on_the_course_fields() {
    let mut checked = Vec::new();
    for file in common::files_ending("levels/pengu/course", "txt") {
        let level = level(file.to_str().unwrap());
        for (algo, goal) in [
            (Algorithm::Bfs, Goal::AtLeast(3)),
            (Algorithm::Iddfs, Goal::AtLeast(3)),
            (Algorithm::Astar, Goal::AtLeast(3)),
            (Algorithm::Astar, Goal::All),
        ] {
            let Some(text) = own_trace(&level, algo, goal) else {
                continue;
            };
            let report = check(&level, algo, goal, &text);
            let what = format!("{} {algo} {goal:?}", file.display());
            assert!(report.valid, "{what}: {report}");
            assert_eq!(report.lines, text.lines().count() - 1, "{what}");
            checked.push(format!("{what}: {report}"));
        }
    }
    eprintln!("{}", checked.join("\n"));
    assert!(checked.len() >= 40, "{}", checked.len());
}
