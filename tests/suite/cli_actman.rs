//! `gridlab actman`: course output, the grader's verdict, exit codes, errors.

use crate::common;
use common::{gridlab, gridlab_with_input, text};

const DUNGEON0: &str = "levels/actman/course/dungeon0.txt";

#[test]
fn check_prints_the_final_state_and_the_verdict() {
    let out = gridlab(&["actman", "check", DUNGEON0, "86E"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "86E\n38\n###########\n# A@#  @  #\n# #     # #\n#   #     #\n###########\n*** VICTORY ***\n"
    );
    let out = gridlab(&["actman", "check", DUNGEON0, "86", "--turns", "2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).ends_with("* Plan limit reached\n"));
}

#[test]
fn check_rejects_an_illegal_action_with_its_index() {
    let out = gridlab(&["actman", "check", DUNGEON0, "8NN"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("action 3 ('N')"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn solve_finds_the_fewest_turns_and_the_best_score() {
    for algo in ["bfs", "iddfs"] {
        let out = gridlab(&["actman", "solve", DUNGEON0, "--algo", algo, "--turns", "7"]);
        assert_eq!(out.status.code(), Some(0));
        assert!(text(&out.stdout).starts_with("86E\n38\n"), "{algo}");
    }
    let out = gridlab(&[
        "actman",
        "solve",
        DUNGEON0,
        "--objective",
        "score",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["victory"], true);
    assert_eq!(json["score"], 50);
}

#[test]
fn no_victory_within_the_limit_exits_1_with_the_best_surviving_plan() {
    let out = gridlab(&["actman", "solve", DUNGEON0, "--algo", "bfs", "--turns", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no victory within 1 turns"));
}

#[test]
fn bad_input_exits_2_naming_the_place() {
    let out = gridlab_with_input(&["actman", "solve", "-"], "3 5\n#####\n#A?G#\n#####\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("<stdin>:3:3: unknown cell '?'"));
}
