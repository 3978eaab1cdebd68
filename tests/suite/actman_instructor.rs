//! The course's own Act-Man II samples (`tests/data/actman/instructor/`, copied byte for
//! byte from the shared corpus, see `SOURCES.txt` there): every dungeon is read (the
//! stray line after `sampledungeon2`'s grid as notes, with a warning), all 8 sample
//! outputs are reproduced by replaying their own actions, and the ID-DFS set's plans
//! have the fewest turns gridlab proves.

use gridlab::games::actman::{solve, Dungeon, Game, Objective, SolveOptions, Status};
use gridlab::search::{Algorithm, Outcome, Solver};
use std::fs;

use crate::common;
use common::{run, text};

const DIR: &str = "tests/data/actman/instructor";

fn read(name: &str) -> String {
    let path = format!("{DIR}/{name}");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn dungeon(set: u32, n: u32) -> Dungeon {
    let name = format!("set{set}-sampledungeon{n}.txt");
    Dungeon::parse(&read(&name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Each sample's set, number, and how its game ends (sample 3 of the ID-DFS set has
/// no victory within the assignment's 10 turns: it prints the plan at the limit).
const SAMPLES: [(u32, u32, Status); 8] = [
    (2, 0, Status::Victory),
    (2, 1, Status::Victory),
    (2, 2, Status::Victory),
    (2, 3, Status::Playing),
    (3, 0, Status::Victory),
    (3, 1, Status::Victory),
    (3, 2, Status::Victory),
    (3, 3, Status::Victory),
];

#[test]
fn all_eight_instructor_outputs_are_reproduced_by_replaying_their_actions() {
    for (set, n, status) in SAMPLES {
        let name = format!("set{set}-sampleoutput{n}.txt");
        let expected = read(&name);
        let actions = expected.lines().next().unwrap();
        let game =
            Game::replay(&dungeon(set, n), actions).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(game.status(), status, "{name}");
        // The A* set's files end with one more empty line (as its dungeons do).
        let output = game.output();
        let tail = if set == 3 { "\n" } else { "" };
        assert_eq!(format!("{output}{tail}"), expected, "{name}");
    }
}

#[test]
fn the_stray_line_after_sampledungeon2_is_read_as_notes_with_a_warning() {
    for set in [2, 3] {
        let d = dungeon(set, 2);
        assert_eq!(d.notes.lines, ["64W41714"]);
        assert_eq!(
            d.warnings(),
            ["line 11: text after the grid, read as notes: `64W41714`"]
        );
        assert!(!d.to_text().contains("64W41714"), "notes are not grid text");
        for n in [0, 1, 3] {
            assert!(dungeon(set, n).notes.is_empty(), "set{set} dungeon {n}");
        }
    }
}

#[test]
fn text_right_under_the_grid_is_still_an_error() {
    let text = read("set2-sampledungeon2.txt").replace("\n\n64W41714", "\n64W41714");
    let e = Dungeon::parse(&text).unwrap_err();
    assert_eq!((e.line, e.column), (10, 1));
    assert_eq!(
        e.message,
        "unexpected text after the 8 rows of the grid (notes must follow a blank line)"
    );
}

#[test]
fn the_id_dfs_set_plans_have_the_fewest_turns_within_the_assignments_10() {
    for (n, turns) in [(0, Some(3)), (1, Some(6)), (2, Some(6)), (3, None)] {
        let options = SolveOptions {
            solver: Solver::Search(Algorithm::Iddfs),
            objective: Objective::Turns,
            max_turns: 10,
            ..SolveOptions::default()
        };
        let s = solve(&dungeon(2, n), &options, None, None);
        let sample = read(&format!("set2-sampleoutput{n}.txt"));
        let sample_turns = sample.lines().next().unwrap().len();
        match turns {
            Some(t) => {
                assert_eq!((s.outcome, s.actions.len()), (Outcome::Found, t), "{n}");
                assert_eq!(sample_turns, t, "{n}");
            }
            None => {
                assert_ne!(s.outcome, Outcome::Found, "{n}");
                assert_eq!(sample_turns, 10, "{n}: the plan at the limit");
            }
        }
    }
}

#[test]
fn the_commands_that_read_a_dungeon_warn_of_the_notes_on_standard_error() {
    let file = format!("{DIR}/set2-sampledungeon2.txt");
    let warning = "line 11: text after the grid, read as notes: `64W41714`\n";
    for args in [
        vec!["actman", "check", &file, "621W17"],
        vec!["actman", "solve", "--algo", "bfs", "--turns", "7", &file],
        vec!["actman", "verdict", &file],
        vec!["actman", "analyze", &file],
    ] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(stderr.starts_with(warning), "{args:?}: {stderr}");
        if args[1] == "check" {
            assert_eq!(
                stdout,
                format!("{}*** VICTORY ***\n", read("set2-sampleoutput2.txt"))
            );
        }
    }
    let out = common::gridlab(&["actman", "solve", "--json", &file]);
    let json: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(json["warnings"][0], warning.trim_end());
}

#[test]
fn the_page_s_session_view_carries_the_warning() {
    use gridlab::games::actman::ActmanSession;
    use gridlab::games::session::Session;
    let view = serde_json::to_value(ActmanSession::new(dungeon(3, 2)).view()).unwrap();
    assert_eq!(
        view["warnings"],
        serde_json::json!(["line 11: text after the grid, read as notes: `64W41714`"])
    );
    let view = serde_json::to_value(ActmanSession::new(dungeon(3, 1)).view()).unwrap();
    assert_eq!(view["warnings"], serde_json::json!([]));
}
