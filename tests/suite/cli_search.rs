//! The new searches on the command line: `--algo ucs --cost cells` prints the plan
//! sliding the fewest cells (longer than the shortest), weighted A* and beam search take
//! `--weight` and `--beam-width`, bidirectional BFS says where it cannot run, and
//! grading refuses an algorithm that is not a course assignment.

use crate::common;
use common::{gridlab, refused, text};

/// A course field.
const TC07: &str = "levels/pengu/course/testcase-07-8x7.txt";

/// The course output's first line: the moves.
fn moves_of(args: &[&str]) -> String {
    let out = gridlab(args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout).lines().next().unwrap_or("").to_string()
}

#[test]
fn ucs_with_cells_prints_the_cheapest_plan_in_cells() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = gridlab(args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let cheap = json(&[
        "pengu", "solve", TC07, "--algo", "ucs", "--cost", "cells", "--json",
    ]);
    let astar = json(&[
        "pengu", "solve", TC07, "--algo", "astar", "--cost", "cells", "--json",
    ]);
    let short = json(&["pengu", "solve", TC07, "--algo", "bfs", "--json"]);
    assert_eq!(cheap["cells"], astar["cells"]);
    assert!(
        cheap["cells"].as_u64() <= short["cells"].as_u64(),
        "{cheap} {short}"
    );
    assert_eq!(
        moves_of(&["pengu", "solve", TC07, "--algo", "bibfs"]).len(),
        short["moves"].as_str().unwrap().len()
    );
}

#[test]
fn weight_and_beam_width_are_flags_and_checked() {
    let plan = moves_of(&[
        "pengu", "solve", TC07, "--algo", "wastar", "--weight", "1.5",
    ]);
    assert!(!plan.is_empty());
    let out = gridlab(&[
        "pengu", "solve", TC07, "--algo", "wastar", "--weight", "0.5",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("weight: 0.5 is not between 1 and 1000"),
        "{}",
        text(&out.stderr)
    );
    // The course's hardest field: a beam of one state loses every plan there.
    let out = gridlab(&[
        "pengu",
        "solve",
        "levels/pengu/course/testcase-11-8x17.txt",
        "--algo",
        "beam",
        "--beam-width",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("the beam (width 1) dropped every path to a goal: "),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bidirectional_search_on_act_man_says_why_not() {
    let out = gridlab(&[
        "actman",
        "solve",
        "levels/actman/04-tie-breaks.txt",
        "--algo",
        "bibfs",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("the monsters' chase moves are not invertible"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn grading_refuses_an_algorithm_that_is_not_an_assignment() {
    let out = gridlab(&[
        "pengu", "grade", "--algo", "idastar", "--solver", "true", TC07,
    ]);
    let err = refused(&out);
    assert!(
        err.contains("algo: idastar is not a course assignment: grading knows random, bfs, iddfs, greedy and astar"),
        "{err}"
    );
}
