//! The `gridlab` command line: course output, exit codes, errors that name the place.

use crate::common;
use common::{gridlab, gridlab_with_input, playground, serve, text, TempDir};

const A3: &str = "levels/pengu/course/a3-6x20.txt";
const A4: &str = "levels/pengu/course/a4-8x17.txt";

#[test]
fn replay_prints_the_course_sample_byte_for_byte() {
    let out = gridlab(&["pengu", "replay", A3, "74184261683927", "--goal", "20"]);
    assert_eq!(out.status.code(), Some(0));
    let expected = std::fs::read_to_string("tests/data/pengu/a3-6x20.course-sample.out").unwrap();
    assert_eq!(text(&out.stdout), expected + "\n");
}

#[test]
fn replay_rejects_an_illegal_move_with_its_index() {
    let out = gridlab(&["pengu", "replay", A3, "7418x"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("move 5 ('x')"), "{err}");
    let out = gridlab(&["pengu", "replay", A3, "77"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("move 2 ('7'): a wall is in the way"));
}

#[test]
fn replay_exit_code_says_whether_the_goal_is_met() {
    assert_eq!(
        gridlab(&["pengu", "replay", A3, "74184261683927"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        gridlab(&["pengu", "replay", A3, "7", "--goal", "1"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        gridlab(&["pengu", "replay", A3, "74", "--goal", "1"])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn solve_reads_standard_input_and_prints_an_optimal_plan() {
    let level = "4 6\n######\n#P * #\n#*   #\n######\n";
    let out = gridlab_with_input(&["pengu", "solve", "-", "--algo", "bfs"], level);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let moves = stdout.lines().next().unwrap().to_string();
    assert_eq!(moves.len(), 3, "{stdout}");
    let replayed = gridlab_with_input(&["pengu", "replay", "-", &moves], level);
    assert_eq!(text(&replayed.stdout), stdout);
}

#[test]
fn solve_with_stats_and_json() {
    let out = gridlab(&[
        "pengu", "solve", A3, "--algo", "iddfs", "--goal", "20", "--stats",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(
        err.contains("expanded:") && err.contains("peak frontier:"),
        "{err}"
    );
    let out = gridlab(&["pengu", "solve", A3, "--goal", "20", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["outcome"], "found");
    assert_eq!(json["goalMet"], true);
    assert_eq!(json["moves"].as_str().unwrap().len(), 14);
    assert!(json["stats"]["expanded"].as_u64().unwrap() > 0);
}

#[test]
fn impossible_goal_exits_1_with_the_reason() {
    let out = gridlab(&["pengu", "solve", A4]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).contains("line 7, column 2"));
}

#[test]
fn a_limit_prints_the_best_partial_plan_and_exits_1() {
    let out = gridlab(&[
        "pengu",
        "solve",
        "levels/pengu/course/testcase-11-8x17.txt",
        "--algo",
        "bfs",
        "--max-states",
        "2000",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("limit reached"));
    assert!(!out.stdout.is_empty());
}

#[test]
fn random_play_is_seeded() {
    let a = gridlab(&["pengu", "solve", A3, "--algo", "random", "--seed", "7"]);
    let b = gridlab(&["pengu", "solve", A3, "--algo", "random", "--seed", "7"]);
    assert_eq!(a.stdout, b.stdout);
    assert!(text(&a.stdout).lines().next().unwrap().len() <= 6);
}

#[test]
fn bad_input_exits_2_naming_the_place() {
    let out = gridlab_with_input(&["pengu", "solve", "-"], "3 4\n####\n#P?#\n####\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("<stdin>:3:3: unknown cell '?'"),
        "{}",
        text(&out.stderr)
    );
    let out = gridlab(&["pengu", "solve", "no/such/file.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read no/such/file.txt"));
    let out = gridlab(&["pengu", "solve", A3, "--algo", "dfs"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr)
        .contains("algorithm must be random, bfs, iddfs, greedy, astar, ucs, wastar, idastar, beam or bibfs, not 'dfs'"));
    let out = gridlab(&["pengu", "solve", A3, "--goal", "most"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `gridlab serve` serves www/ at /, pkg/ at /pkg/ with the wasm MIME type, and
/// levels/ at /levels/.
#[test]
fn serve_gives_wasm_its_mime_type() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    let root = playground("serve-test");
    root.write("pkg/gridlab_bg.wasm", b"\0asm\x01\0\0\0");
    let mut server = serve(Some(&root), "");
    let get = |path: &str| -> Option<String> {
        let mut stream = TcpStream::connect(&server.addr).ok()?;
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).ok()?;
        let mut response = String::new();
        stream.read_to_string(&mut response).ok()?;
        Some(response.to_lowercase())
    };
    // The server prints its address once it listens.
    let index = get("/");
    let wasm = get("/pkg/gridlab_bg.wasm");
    let level = get("/levels/pengu/a.txt");
    let missing = get("/nothing-here");
    server.child.kill().unwrap();
    server.wait();
    let index = index.expect("the server answers");
    assert!(index.starts_with("http/1.1 200") && index.contains("content-type: text/html"));
    let wasm = wasm.unwrap();
    assert!(wasm.starts_with("http/1.1 200"), "{wasm}");
    assert!(wasm.contains("content-type: application/wasm"), "{wasm}");
    assert!(level.unwrap().contains("#p#"));
    assert!(missing.unwrap().starts_with("http/1.1 404"));
}

#[test]
fn serve_refuses_a_folder_without_the_playground() {
    let out = gridlab(&["serve", "--root", "no/such/folder"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("www/index.html"));
}

#[test]
fn pengu_generate_writes_levels_that_replay_to_their_expected_output() {
    let dir = TempDir::new("gen");
    let out = gridlab(&[
        "pengu",
        "generate",
        "--size",
        "7x7",
        "--fish",
        "4",
        "--min-moves",
        "8",
        "--unique",
        "--seed",
        "3",
        "--count",
        "3",
        "--out",
        dir.to_str(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr)
            .lines()
            .filter(|l| l.contains("unique"))
            .count(),
        3
    );
    for seed in 3..6 {
        let stem = dir.0.join(format!("pengu-7x7-f4-s{seed}"));
        let level = stem.with_extension("txt");
        let plan = std::fs::read_to_string(stem.with_extension("plan")).unwrap();
        let expected = std::fs::read_to_string(stem.with_extension("out")).unwrap();
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(stem.with_extension("json")).unwrap())
                .unwrap();
        assert_eq!(
            json["features"]["optimal_moves"].as_u64().unwrap() as usize,
            plan.trim().len()
        );
        assert_eq!(json["features"]["unique"], true);
        assert!(plan.trim().len() >= 8);
        // The expected output is what the course's replay prints for the plan ...
        let replayed = gridlab(&["pengu", "replay", level.to_str().unwrap(), plan.trim()]);
        assert_eq!(replayed.status.code(), Some(0));
        assert_eq!(text(&replayed.stdout), expected);
        // ... and the solver finds a plan just as long.
        let solved = gridlab(&["pengu", "solve", level.to_str().unwrap(), "--algo", "bfs"]);
        assert_eq!(
            text(&solved.stdout).lines().next().unwrap().len(),
            plan.trim().len()
        );
    }
    // Out-of-range options name the option.
    let bad = gridlab(&["pengu", "generate", "--size", "3x30"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("--size"),
        "{}",
        text(&bad.stderr)
    );
    let bad = gridlab(&["pengu", "generate", "--size", "ten"]);
    assert_eq!(bad.status.code(), Some(2));
}
