//! `gridlab pengu check-trace` and the checker under it: gridlab's own BFS, ID-DFS
//! and A* expansion orders (from the search's record, printed in the trace format) are
//! valid on the course fields; planted faults are named at the right line with the
//! exact reason; syntax errors name line and column; the CLI's exit codes.

use gridlab::games::pengu::{check_trace, replay, solve, Game, Goal, Level, SolveOptions, Status};
use gridlab::search::{
    event_id, Algorithm, FaultKind, GoalSeen, Record, Solver, TraceError, TraceReport, EXPANDED,
    MAX_TRACE_LINES, MAX_TRACE_LINE_CHARS, TAKEN,
};
use std::collections::{HashSet, VecDeque};

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
        max_states: 50_000,
        record_limit: 200_000,
        ..SolveOptions::default()
    };
    let s = solve(level, &options, None, None);
    let r = &s.record;
    if r.truncated || r.is_empty() {
        return None;
    }
    let mut text = format!("# gridlab {algo} trace\n");
    for (i, &e) in r.events.iter().enumerate() {
        if e & EXPANDED == 0 || e & TAKEN != 0 {
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


const A1: &str = "levels/pengu/course/a1-7x6.txt";

/// gridlab's own order on the course's first field, without its header line (so that
/// state k is on line k).
fn a1_trace(algo: Algorithm, goal: Goal) -> Vec<String> {
    let text = own_trace(&level(A1), algo, goal).unwrap();
    text.lines().skip(1).map(String::from).collect()
}

/// The verdict on `lines` (joined into a trace) on the first course field.
fn verdict(algo: Algorithm, goal: Goal, lines: &[String]) -> TraceReport {
    check(&level(A1), algo, goal, &(lines.join("\n") + "\n"))
}

/// The fault of an invalid verdict: its kind and its words.
fn fault(report: &TraceReport) -> (FaultKind, String) {
    let f = report.fault.clone().unwrap_or_else(|| panic!("valid: {report}"));
    assert!(!report.valid);
    (f.kind, report.to_string())
}

#[test]
fn the_first_fields_orders_as_gridlab_expands_them() {
    // The exact orders the planted faults below are made from.
    let bfs = a1_trace(Algorithm::Bfs, Goal::AtLeast(3));
    let moves: Vec<&str> = bfs.iter().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(
        moves[..12],
        ["-", "9", "6", "2", "94", "92", "67", "64", "62", "26", "22", "941"]
    );
    assert_eq!(bfs.len(), 30);
    let astar = a1_trace(Algorithm::Astar, Goal::All);
    assert_eq!(astar[..3], ["- 0 7", "9 1 6", "94 2 5"]);
    assert_eq!(astar[6..9], ["2 1 6", "941 3 5", "9412 4 4"]);
    assert_eq!(astar[11], "6742 4 4");
    assert_eq!(astar.last().unwrap(), "67422932 8 0");
    let optimal = solve(&level(A1), &SolveOptions::default(), None, None);
    assert_eq!(optimal.moves, "67422932");
    let report = verdict(Algorithm::Astar, Goal::All, &astar);
    assert_eq!(report.to_string(), "valid A* expansion order (16 lines, goal reached at line 16)");
    let report = verdict(Algorithm::Bfs, Goal::AtLeast(3), &bfs);
    assert_eq!(report.to_string(), "valid BFS expansion order (30 lines, goal generated at line 30)");
    assert_eq!(report.goal, GoalSeen::Generated(30));
    let iddfs = a1_trace(Algorithm::Iddfs, Goal::AtLeast(3));
    let report = verdict(Algorithm::Iddfs, Goal::AtLeast(3), &iddfs);
    assert_eq!(
        report.to_string(),
        "valid ID-DFS expansion order (74 lines, 5 iterations, goal generated at line 74)"
    );
}

#[test]
fn bfs_faults_are_named_at_their_line() {
    let goal = Goal::AtLeast(3);
    let bfs = a1_trace(Algorithm::Bfs, goal);
    let planted = |edit: &dyn Fn(&mut Vec<String>)| {
        let mut lines = bfs.clone();
        edit(&mut lines);
        fault(&verdict(Algorithm::Bfs, goal, &lines))
    };
    assert_eq!(
        planted(&|l| l.swap(3, 4)),
        (
            FaultKind::DepthDecrease,
            "line 5: depth 1 after depth 2: BFS never expands a shallower state after a deeper one".into()
        )
    );
    assert_eq!(
        planted(&|l| {
            l.remove(2);
        }),
        (
            FaultKind::UnknownParent,
            "line 6: its parent 6 was not expanded on an earlier line: a search generates a state only by expanding its parent".into()
        )
    );
    assert_eq!(
        planted(&|l| l.insert(5, "94 2".into())),
        (
            FaultKind::Duplicate,
            "line 6: the same state as line 5 (94): BFS expands every state once".into()
        )
    );
    assert_eq!(
        planted(&|l| l.insert(1, "4".into())),
        (FaultKind::IllegalMove, "line 2, move 1: '4': a wall is in the way".into())
    );
    assert_eq!(
        planted(&|l| l.insert(1, "8".into())).1,
        "line 2, move 1: '8': Pengu slides into a hazard and dies: a search never expands that state"
    );
    assert_eq!(
        planted(&|l| l[1] = "9 2 0".into()),
        (FaultKind::WrongG, "line 2: g is 2, but its moves cost 1".into())
    );
    assert_eq!(
        planted(&|l| {
            l.remove(0);
        }),
        (
            FaultKind::NotStart,
            "line 1: the first line must be the start state (-): BFS expands it first".into()
        )
    );
}

#[test]
fn bfs_names_both_move_strings_of_one_state() {
    // 942 is not in BFS's order: it reaches a state BFS expanded under other moves
    // (ID-DFS, which keeps no closed set across depths, expands it).
    let goal = Goal::AtLeast(3);
    let mut lines = a1_trace(Algorithm::Bfs, goal);
    lines.insert(12, "942".into());
    let report = verdict(Algorithm::Bfs, goal, &lines);
    let f = report.fault.clone().unwrap();
    assert_eq!((f.kind, f.line), (FaultKind::Duplicate, 13));
    let other = report.to_string();
    let other = other
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .unwrap()
        .0;
    assert_ne!(other, "942");
    let (a, b) = (replay(&level(A1), "942").unwrap(), replay(&level(A1), other).unwrap());
    assert_eq!((a.pos(), a.tiles()), (b.pos(), b.tiles()), "{other}");
}

/// The legal moves from `moves` that Pengu survives, as the strings they make.
fn children(level: &Level, moves: &str) -> Vec<String> {
    let game = replay(level, moves).unwrap();
    if game.status() != Status::Playing {
        return Vec::new();
    }
    game.legal_moves()
        .into_iter()
        .filter_map(|d| {
            let mut next = game.clone();
            next.play(d).unwrap();
            (next.status() != Status::Dead).then(|| format!("{moves}{}", d.digit()))
        })
        .collect()
}

#[test]
fn bfs_stops_at_a_generated_goal() {
    // Line 30 (6742) generates a goal at depth 5: more states of depth 5 may follow
    // (a BFS that tests the goal when it expands it), none of depth 6.
    let level = level(A1);
    let goal = Goal::AtLeast(3);
    let bfs = a1_trace(Algorithm::Bfs, goal);
    let (five, six) = bfs[21..30]
        .iter()
        .flat_map(|l| children(&level, l.split(' ').next().unwrap()))
        .find_map(|five| {
            let mut lines = bfs.clone();
            lines.push(five.clone());
            let ok = verdict(Algorithm::Bfs, goal, &lines).valid;
            let six = children(&level, &five).into_iter().next();
            ok.then_some(six).flatten().map(|six| (five, six))
        })
        .expect("a new state of depth 5 with a child");
    let mut lines = bfs.clone();
    lines.extend([five, six]);
    assert_eq!(
        fault(&verdict(Algorithm::Bfs, goal, &lines)),
        (
            FaultKind::PastGoal,
            "line 32: depth 6, but line 30 generated a goal at depth 5: BFS stops at that goal before any deeper state".into()
        )
    );
}
