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

use crate::common;

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

/// A valid A* order on the first field with a weaker consistent heuristic than
/// gridlab's (its own before the tour bound, which now walks straight to the goal):
/// a student's trace, the one the planted A* faults below are made from.
const A1_ASTAR: [&str; 16] = [
    "- 0 7",
    "9 1 6",
    "94 2 5",
    "92 2 5",
    "6 1 6",
    "67 2 5",
    "2 1 6",
    "941 3 5",
    "9412 4 4",
    "677 3 5",
    "674 3 5",
    "6742 4 4",
    "67422 5 3",
    "674229 6 2",
    "6742293 7 1",
    "67422932 8 0",
];

/// [`A1_ASTAR`] as owned lines.
fn a1_astar() -> Vec<String> {
    A1_ASTAR.iter().map(|l| l.to_string()).collect()
}

/// The verdict on `lines` (joined into a trace) on the first course field.
fn verdict(algo: Algorithm, goal: Goal, lines: &[String]) -> TraceReport {
    check(&level(A1), algo, goal, &(lines.join("\n") + "\n"))
}

/// The fault of an invalid verdict: its kind and its words.
fn fault(report: &TraceReport) -> (FaultKind, String) {
    let f = report
        .fault
        .clone()
        .unwrap_or_else(|| panic!("valid: {report}"));
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
    // gridlab's heuristic is exact along the optimal plan here: A* walks straight to it.
    let astar = a1_trace(Algorithm::Astar, Goal::All);
    assert_eq!(
        astar,
        [
            "- 0 8",
            "6 1 7",
            "67 2 6",
            "674 3 5",
            "6742 4 4",
            "67422 5 3",
            "674229 6 2",
            "6742293 7 1",
            "67422932 8 0"
        ]
    );
    let optimal = solve(&level(A1), &SolveOptions::default(), None, None);
    assert_eq!(optimal.moves, "67422932");
    let report = verdict(Algorithm::Astar, Goal::All, &astar);
    assert_eq!(
        report.to_string(),
        "valid A* expansion order (9 lines, goal reached at line 9)"
    );
    let report = verdict(Algorithm::Astar, Goal::All, &a1_astar());
    assert_eq!(
        report.to_string(),
        "valid A* expansion order (16 lines, goal reached at line 16)"
    );
    let report = verdict(Algorithm::Bfs, Goal::AtLeast(3), &bfs);
    assert_eq!(
        report.to_string(),
        "valid BFS expansion order (30 lines, goal generated at line 30)"
    );
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
            "line 5: depth 1 after depth 2: BFS never expands a shallower state after a deeper one"
                .into()
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
        (
            FaultKind::IllegalMove,
            "line 2, move 1: '4': a wall is in the way".into()
        )
    );
    assert_eq!(
        planted(&|l| l.insert(1, "8".into())).1,
        "line 2, move 1: '8': Pengu slides into a hazard and dies: a search never expands that state"
    );
    assert_eq!(
        planted(&|l| l[1] = "9 2 0".into()),
        (
            FaultKind::WrongG,
            "line 2: g is 2, but its moves cost 1".into()
        )
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
    let (a, b) = (
        replay(&level(A1), "942").unwrap(),
        replay(&level(A1), other).unwrap(),
    );
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

#[test]
fn iddfs_faults_are_named_at_their_line() {
    let goal = Goal::AtLeast(3);
    let iddfs = a1_trace(Algorithm::Iddfs, goal);
    let starts: Vec<usize> = (0..iddfs.len())
        .filter(|&i| iddfs[i].starts_with('-'))
        .collect();
    assert_eq!(starts, [0, 1, 5, 16, 42]);
    let planted = |edit: &dyn Fn(&mut Vec<String>)| {
        let mut lines = iddfs.clone();
        edit(&mut lines);
        fault(&verdict(Algorithm::Iddfs, goal, &lines))
    };
    // Iteration 3 (lines 6-16) twice: the fourth goes no deeper than the third.
    assert_eq!(
        planted(&|l| {
            let third: Vec<String> = l[5..16].to_vec();
            l.splice(16..16, third);
        }),
        (
            FaultKind::LimitNotGrowing,
            "line 28: iteration 5 starts here, but iteration 4 went no deeper than depth 2 (iteration 3 reached 2): the depth limit grows by one each iteration".into()
        )
    );
    assert_eq!(
        planted(&|l| l.insert(8, "941 3 0".into())),
        (
            FaultKind::LimitExceeded,
            "line 9: depth 3 in iteration 3, whose limit allows at most depth 2 (one more than iteration 2 reached)".into()
        )
    );
    // 67 moved up below 92: its parent 6 is not on the path.
    assert_eq!(
        planted(&|l| {
            let moved = l.remove(10);
            l.insert(9, moved);
        }),
        (
            FaultKind::NotOnPath,
            "line 10: its parent 6 is not on the current depth-first path (which ends at 92): ID-DFS expands a state only below the path it is on".into()
        )
    );
    assert_eq!(
        planted(&|l| l.insert(3, "94".into())).0,
        FaultKind::LimitExceeded,
        "94 right after 9 is on the path, but too deep for iteration 2"
    );
    assert_eq!(
        planted(&|l| l.insert(4, "94".into())).1,
        "line 5: its parent 9 is not on the current depth-first path (which ends at 6): ID-DFS expands a state only below the path it is on"
    );
    assert_eq!(
        planted(&|l| l.insert(7, "94 3 0".into())),
        (
            FaultKind::WrongG,
            "line 8: g is 3, but its moves cost 2".into()
        )
    );
}

#[test]
fn astar_faults_are_named_at_their_line() {
    let astar = a1_astar();
    let planted = |edit: &dyn Fn(&mut Vec<String>)| {
        let mut lines = astar.clone();
        edit(&mut lines);
        fault(&verdict(Algorithm::Astar, Goal::All, &lines))
    };
    assert_eq!(
        planted(&|l| l.swap(6, 7)),
        (
            FaultKind::FDecrease,
            "line 8: f = 7 (g 1 + h 6) after f = 8 at line 7: A* never expands a state with a smaller f after a larger one (with a consistent h)".into()
        )
    );
    // The optimal plan is 8 moves: h at the start may be 8, not 9.
    let mut lines = astar.clone();
    lines[0] = "- 0 8".into();
    lines.truncate(1);
    assert!(verdict(Algorithm::Astar, Goal::All, &lines).valid);
    assert_eq!(
        planted(&|l| l[0] = "- 0 9".into()),
        (
            FaultKind::Inadmissible,
            "line 1: h = 9, but the true cost to the goal from here is 8: an admissible h never overestimates it".into()
        )
    );
    // 6742 is 4 moves into the optimal plan 67422932: 4 moves from the goal.
    assert_eq!(
        planted(&|l| l[11] = "6742 5".into()),
        (
            FaultKind::Inadmissible,
            "line 12: h = 5, but the true cost to the goal from here is 4: an admissible h never overestimates it".into()
        )
    );
    assert_eq!(
        planted(&|l| l.insert(2, "9 1 6".into())),
        (
            FaultKind::Duplicate,
            "line 3: the same state as line 2 (9), expanded there at g 1, here at g 1: A* expands a state again only when it reaches it more cheaply".into()
        )
    );
    assert_eq!(
        planted(&|l| l.push("2 1 6".into())),
        (
            FaultKind::AfterGoal,
            "line 17: line 16 expanded a goal: A* stops there".into()
        )
    );
    assert_eq!(
        planted(&|l| l[2] = "94 3 5".into()),
        (
            FaultKind::WrongG,
            "line 3: g is 3, but its moves cost 2".into()
        )
    );
    // Line 15 generates the goal at cost 8: a state with f = 9 cannot come before it.
    let child = children(&level(A1), "9412").remove(0);
    assert_eq!(
        planted(&|l| l[15] = format!("{child} 5 4")),
        (
            FaultKind::PastGoal,
            "line 16: f = 9 (g 5 + h 4), but line 15 generated a goal at cost 8: A* expands that goal before any state with a larger f".into()
        )
    );
    // h alone is enough (g is the number of moves).
    let bare: Vec<String> = astar
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            format!("{} {}", f[0], f[2])
        })
        .collect();
    assert!(verdict(Algorithm::Astar, Goal::All, &bare).valid);
    // Without h, A* cannot be checked: bad input, at the column after the moves.
    let e = check_trace(&level(A1), Goal::All, Algorithm::Astar, "- 0 7\n9\n").unwrap_err();
    assert_eq!(
        e,
        TraceError::Syntax(gridlab::error::ParseError::new(
            2,
            2,
            "A* needs h on every line (moves [g] h)"
        ))
    );
}

/// A BFS as a student writes it: a queue of move strings, a set of states seen when
/// generated, the goal tested when a state is expanded; the states it expands.
fn student_bfs(level: &Level, goal: Goal) -> Vec<String> {
    let key = |g: &Game| (g.pos(), g.tiles().clone());
    let mut seen = HashSet::from([key(&Game::new(level))]);
    let mut queue = VecDeque::from([String::new()]);
    let mut out = Vec::new();
    while let Some(moves) = queue.pop_front() {
        let game = replay(level, &moves).unwrap();
        out.push(if moves.is_empty() {
            "-".to_string()
        } else {
            moves.clone()
        });
        if goal.is_met(&game) {
            break;
        }
        for child in children(level, &moves) {
            if seen.insert(key(&replay(level, &child).unwrap())) {
                queue.push_back(child);
            }
        }
    }
    out
}

/// An ID-DFS as a student writes it: a tree search (no closed set at all), the goal
/// tested when a state is expanded, limits 0, 1, 2, ...; the states it expands.
fn student_iddfs(level: &Level, goal: Goal) -> Vec<String> {
    fn dls(level: &Level, goal: Goal, moves: String, limit: usize, out: &mut Vec<String>) -> bool {
        let game = replay(level, &moves).unwrap();
        out.push(if moves.is_empty() {
            "-".to_string()
        } else {
            moves.clone()
        });
        if goal.is_met(&game) {
            return true;
        }
        moves.len() < limit
            && children(level, &moves)
                .into_iter()
                .any(|child| dls(level, goal, child, limit, out))
    }
    let mut out = Vec::new();
    for limit in 0.. {
        if dls(level, goal, String::new(), limit, &mut out) {
            return out;
        }
    }
    unreachable!()
}

#[test]
fn a_students_searches_that_test_the_goal_when_expanding_are_valid() {
    let level = level(A1);
    let goal = Goal::AtLeast(3);
    let bfs = student_bfs(&level, goal);
    let report = verdict(Algorithm::Bfs, goal, &bfs);
    assert_eq!(report.goal, GoalSeen::Expanded(bfs.len()), "{report}");
    assert!(report.valid, "{report}");
    let iddfs = student_iddfs(&level, goal);
    let report = verdict(Algorithm::Iddfs, goal, &iddfs);
    assert!(report.valid, "{report}");
    assert_eq!(report.goal, GoalSeen::Expanded(iddfs.len()));
    assert_eq!(report.iterations, 6);
    // A tree search expands some states twice in one iteration: allowed.
    let last = iddfs.iter().rposition(|l| l == "-").unwrap();
    let mut states = HashSet::new();
    let repeats = iddfs[last..]
        .iter()
        .filter(|m| {
            let g = replay(&level, m.trim_start_matches('-')).unwrap();
            !states.insert((g.pos(), g.tiles().clone()))
        })
        .count();
    assert!(repeats > 0);
    // The goal then is the last line: one more line is flagged.
    let mut more = bfs.clone();
    more.push(bfs[1].clone());
    let (kind, words) = fault(&verdict(Algorithm::Bfs, goal, &more));
    assert_eq!(kind, FaultKind::AfterGoal);
    assert_eq!(
        words,
        format!(
            "line {}: line {} expanded a goal: BFS stops there",
            bfs.len() + 1,
            bfs.len()
        )
    );
}

#[test]
fn syntax_errors_name_line_and_column() {
    let a1 = level(A1);
    let error = |text: &str| match check_trace(&a1, Goal::All, Algorithm::Bfs, text) {
        Err(TraceError::Syntax(e)) => e.to_string(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        error("-\n9 1 x\n"),
        "line 2, column 5: expected g or h, a whole number from 0 to 4294967295, not 'x'"
    );
    assert_eq!(
        error("# solver v1\n-\n94 2 0 extra\n"),
        "line 3, column 8: unexpected 'extra' after g and h (a line is: moves [g] h)"
    );
    assert_eq!(
        error("-\nExpanding 94\n"),
        "line 2, column 1: 'E' is not a move (moves are 1 2 3 4 6 7 8 9; the start state is -)"
    );
    assert_eq!(
        error("-\n9 -1 0\n"),
        "line 2, column 3: expected g or h, a whole number from 0 to 4294967295, not '-1'"
    );
    assert_eq!(
        error("\n# nothing\n"),
        "line 1, column 1: no expanded state in the trace (a line is: moves [g] h, the start is -)"
    );
    // Comments, blank lines, a comment after the numbers, CRLF and tabs are fine.
    let report = check(
        &a1,
        Algorithm::Bfs,
        Goal::AtLeast(3),
        "# BFS\r\n\r\n-\t0 # start\r\n  9 1\r\n",
    );
    assert_eq!(
        report.to_string(),
        "valid BFS expansion order (2 lines, goal not reached)"
    );
}

#[test]
fn traces_past_the_limits_are_refused() {
    let a1 = level(A1);
    let long = format!("-\n{}\n", "6".repeat(MAX_TRACE_LINE_CHARS + 1));
    let Err(TraceError::Syntax(e)) = check_trace(&a1, Goal::All, Algorithm::Bfs, &long) else {
        panic!("a line of {} characters was read", MAX_TRACE_LINE_CHARS + 1);
    };
    assert_eq!(
        (e.line, e.column, e.message.as_str()),
        (
            2,
            MAX_TRACE_LINE_CHARS + 1,
            "line longer than 10000 characters: the most a trace line may have"
        )
    );
    let mut many = "-\n".to_string();
    many += &"#\n".repeat(MAX_TRACE_LINES - 1);
    assert!(
        check_trace(&a1, Goal::All, Algorithm::Bfs, &many)
            .unwrap()
            .valid
    );
    many += "#\n";
    let Err(TraceError::Syntax(e)) = check_trace(&a1, Goal::All, Algorithm::Bfs, &many) else {
        panic!("{} lines were read", MAX_TRACE_LINES + 1);
    };
    assert_eq!(
        e.to_string(),
        "line 1000001, column 1: more than 1000000 lines: the most a trace may have"
    );
}

#[test]
fn the_command_line_exits_0_valid_1_invalid_2_bad_input() {
    let dir = common::TempDir::new("pengu-trace");
    let write = |name: &str, text: &str| dir.write(name, text);
    let mut bfs = a1_trace(Algorithm::Bfs, Goal::AtLeast(3));
    let good = write("good.txt", &(bfs.join("\n") + "\n"));
    bfs.swap(3, 4);
    let bad = write("bad.txt", &(bfs.join("\n") + "\n"));
    let broken = write("broken.txt", "-\n9 1 x\n");
    let args = |trace: &str, more: &[&str]| -> common::Run {
        let mut a = vec!["pengu", "check-trace", "--algo", "bfs", "--goal", "3"];
        a.extend(more);
        a.extend([A1, trace]);
        common::run(&a)
    };
    assert_eq!(
        args(&good, &[]),
        (
            Some(0),
            "valid BFS expansion order (30 lines, goal generated at line 30)\n".into(),
            String::new()
        )
    );
    assert_eq!(
        args(&bad, &[]),
        (
            Some(1),
            "line 5: depth 1 after depth 2: BFS never expands a shallower state after a deeper one\n".into(),
            String::new()
        )
    );
    let (code, out, err) = args(&broken, &[]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        format!(
            "error: {broken}:2:5: expected g or h, a whole number from 0 to 4294967295, not 'x'\n"
        )
    );
    let missing = dir.path("missing.txt");
    let (code, _, err) = args(&missing, &[]);
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with(&format!("error: cannot read {missing}:")),
        "{err}"
    );
    let (code, _, err) = common::run(&["pengu", "check-trace", "--algo", "greedy", A1, &good]);
    assert_eq!(
        (code, err.as_str()),
        (
            Some(2),
            "error: --algo: greedy search has no order to check: use bfs, iddfs or astar\n"
        )
    );
    // JSON, and the trace on standard input.
    let (code, out, _) = args(&bad, &["--json"]);
    assert_eq!(code, Some(1));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["valid"], false);
    assert_eq!(json["algorithm"], "bfs");
    assert_eq!(json["fault"]["line"], 5);
    assert_eq!(json["fault"]["kind"], "depth_decrease");
    assert_eq!(json["fault"]["move"], serde_json::Value::Null);
    let (code, out, _) = common::run_with_input(
        &["pengu", "check-trace", "--algo", "astar", "--json", A1, "-"],
        &(A1_ASTAR.join("\n") + "\n"),
    );
    assert_eq!(code, Some(0));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (json["valid"].clone(), json["lines"].clone()),
        (true.into(), 16.into())
    );
    assert_eq!(json["goal"], serde_json::json!({ "expanded": 16 }));
}
