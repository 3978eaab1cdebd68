//! Hostile input on the command line: every case ends with a clear message and exit
//! code 0, 1 or 2 (never a panic's 101 or an allocation abort's 134), run under a
//! 2 GB address-space cap (`ulimit -v`) as a laptop would have it.

#![cfg(unix)]

use crate::common;
use common::{actman_hall, command, grid_text, pengu_field, texts, under_shell, walled};
use common::{Run, TempDir};
use std::path::Path;

/// Run gridlab with `args` under a 2 GB address-space cap: (exit code, stdout, stderr).
fn capped(args: &[&str]) -> Run {
    texts(
        under_shell("ulimit -v 2097152", &command(args))
            .output()
            .unwrap(),
    )
}

/// A new empty temporary folder.
fn temp(name: &str) -> TempDir {
    TempDir::new(&format!("hostile-{name}"))
}

/// Exit code 2 with a message holding every one of `needles`.
#[track_caller]
fn assert_bad_input(result: Run, needles: &[&str]) {
    let (code, _, err) = result;
    assert_eq!(code, Some(2), "{err}");
    for needle in needles {
        assert!(err.contains(needle), "expected '{needle}' in: {err}");
    }
}

/// The course's green 1b config with `replace` applied to its text.
fn config(dir: &TempDir, name: &str, replace: &[(&str, &str)]) -> String {
    let mut text =
        std::fs::read_to_string("configs/gpac/fall2021_series1_mapgen/green1b_config.txt").unwrap();
    for (from, to) in replace {
        assert!(text.contains(from), "{from}");
        text = text.replace(from, to);
    }
    dir.write(name, &text)
}

fn evolve(config: &str, out: &Path, extra: &[&str]) -> Run {
    let mut args = vec![
        "gpac",
        "evolve",
        "--config",
        config,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    capped(&args)
}

#[test]
fn experiment_numbers_out_of_range_name_their_key_and_line() {
    let dir = temp("ini");
    let out = dir.0.join("out");
    for (replace, needles) in [
        (
            ("mu = 200", "mu = 1e12"),
            ["[EA_configs] mu", "between 1 and 10000"],
        ),
        (
            ("samples = 5", "samples = 1e15"),
            ["[fitness_kwargs] samples", "between 1 and 1000"],
        ),
        (
            ("width = 35\n", "width = 1e9\n"),
            ["[fitness_kwargs] width", "between 1 and 1000"],
        ),
        (
            ("fruit_prob=0.1", "fruit_prob=nan"),
            ["[fitness_kwargs] fruit_prob", "between 0 and 1"],
        ),
    ] {
        let path = config(&dir, "c.txt", &[replace]);
        let (code, _, err) = evolve(&path, &out, &["--runs", "1"]);
        assert_eq!(code, Some(2), "{err}");
        let line = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .position(|l| l.contains(replace.1.trim_end()))
            .unwrap()
            + 1;
        assert!(err.contains(&format!("c.txt:{line}:1: ")), "{err}");
        for needle in needles {
            assert!(err.contains(needle), "expected '{needle}' in: {err}");
        }
    }
    // The map may be tall: 35 × 1000 fits, and a tiny experiment on it runs.
    let tall = config(
        &dir,
        "tall.txt",
        &[
            ("height = 20", "height = 1000"),
            ("mu = 200", "mu = 2"),
            ("num_children = 100", "num_children = 1"),
            ("samples = 5", "samples = 1"),
        ],
    );
    let (code, _, err) = evolve(&tall, &out, &["--runs", "1", "--evals", "3"]);
    assert_eq!(code, Some(0), "{err}");
    // A population too large for its maps.
    let wide = config(&dir, "wide.txt", &[("height = 20", "height = 1000")]);
    let wide_mu = std::fs::read_to_string(&wide)
        .unwrap()
        .replace("width = 35\n", "width = 1000\n");
    let wide = dir.write("wide.txt", &wide_mu);
    assert_bad_input(
        evolve(&wide, &out, &["--runs", "1"]),
        &["[EA_configs] mu", "more than 20000000"],
    );
    assert_bad_input(
        evolve(&tall, &out, &["--runs", "1000000000"]),
        &["--runs", "1..=1000"],
    );
    let empty = dir.write("empty.txt", "");
    assert_bad_input(
        evolve(&empty, &out, &["--runs", "1"]),
        &["empty.txt:1:1: not a course config"],
    );
}

#[test]
fn references_that_fan_out_stop_at_the_expanded_size() {
    let dir = temp("fanout");
    // Nine levels of keys that each use the level below forty times: 40^9 bytes.
    let mut text = String::from("[fitness_kwargs]\nk0 = x\n");
    for level in 1..=9 {
        text.push_str(&format!("k{level} = "));
        text.push_str(&format!("${{k{}}}", level - 1).repeat(40));
        text.push('\n');
    }
    text.push_str("width = ${k9}\n");
    let path = dir.write("fanout.txt", &text);
    assert_bad_input(
        evolve(&path, &dir.0.join("out"), &["--runs", "1"]),
        &[
            "fanout.txt:12:1: [fitness_kwargs] width",
            "expands to more than 65536 bytes",
        ],
    );
}

#[test]
fn baselines_must_be_finite_numbers() {
    let dir = temp("baseline");
    let tiny = config(
        &dir,
        "tiny.txt",
        &[
            ("mu = 200", "mu = 2"),
            ("num_children = 100", "num_children = 1"),
        ],
    );
    for bad in ["NaN", "inf", "-inf"] {
        let baseline = dir.write("base.txt", format!("1.5\n{bad}\n2\n"));
        assert_bad_input(
            evolve(
                &tiny,
                &dir.0.join("out"),
                &["--runs", "2", "--evals", "3", "--baseline", &baseline],
            ),
            &["base.txt:2:1:", "is not a finite number"],
        );
    }
}

#[test]
fn game_settings_out_of_range_name_the_option() {
    let map = "levels/gpac/course/map00.txt";
    for (option, value, needle) in [
        ("--ghosts-count", "1000000000", "between 0 and 100"),
        ("--pill-density", "NaN", "between 0 and 1"),
        ("--fruit-prob", "2", "between 0 and 1"),
        ("--time-multiplier", "inf", "between"),
        ("--time-multiplier", "0", "between"),
        ("--fruit-score", "4000000000", "between 0 and 1000000"),
    ] {
        assert_bad_input(
            capped(&["gpac", "play", "--map", map, option, value]),
            &[option, needle],
        );
    }
    assert_bad_input(
        capped(&[
            "gpac",
            "play",
            "--random",
            "1000",
            "1000",
            "--time-multiplier",
            "10",
        ]),
        &["--time-multiplier", "more than the 5000000 a game may last"],
    );
    assert_bad_input(
        capped(&["gpac", "play", "--random", "5", "5", "--density", "1.5"]),
        &["--density", "not between 0 and 1"],
    );
}

/// Large maps play without the all-pairs distance table gridlab once built.
#[test]
fn a_large_gpac_map_plays_within_the_cap() {
    let (code, out, err) = capped(&["gpac", "play", "--random", "600", "600", "--seed", "3"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("turns "), "{out}");
    let (code, _, err) = capped(&["gpac", "play", "--random", "1001", "5"]);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn maps_with_text_after_their_rows_are_rejected() {
    let dir = temp("map");
    let map = dir.write("map.txt", "3 2\n~~~\n~~~\n~#~\n");
    assert_bad_input(
        capped(&["gpac", "play", "--map", &map]),
        &["map.txt:4:1:", "the map has 2 rows"],
    );
    let map = dir.write("header.txt", "3 2 7\n~~~\n~~~\n");
    assert_bad_input(
        capped(&["gpac", "play", "--map", &map]),
        &["header.txt:1:5:", "unexpected '7'"],
    );
    let blank_lines = dir.write("blank.txt", "3 2\n~~~\n~~~\n\n\n");
    assert_eq!(capped(&["gpac", "play", "--map", &blank_lines]).0, Some(0));
}

/// A world file of a 1000 × 1000 map with 20,000 pills and 20,000 snapshots: a copy
/// of the pill list per snapshot would take 6.4 GB.
#[test]
fn a_long_world_file_replays_within_the_cap() {
    let dir = temp("world");
    let mut text = String::from("1000\n1000\nm 0 0\n1 999 999\n");
    for i in 0..20_000 {
        text.push_str(&format!("p {} {}\n", i % 1000, 1 + i / 1000));
    }
    text.push_str("t 20000 0\n");
    let mut ghost = (999, 999);
    for turn in 1..20_000 {
        ghost.1 = if ghost.1 == 999 { 998 } else { 999 };
        let x = turn % 2;
        text.push_str(&format!(
            "m {x} 0\n1 {} {}\nt {} 0\n",
            ghost.0,
            ghost.1,
            20_000 - turn
        ));
    }
    let path = dir.write("long.world", &text);
    let (code, out, err) = capped(&["gpac", "replay", &path, "--frame", "-1"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("snapshot 19999: time 1 score 0 pills 20000\n"),
        "{}",
        &out[..80]
    );
    assert_eq!(out.lines().count(), 1 + 1000 + 1);
}

#[test]
fn searches_stop_at_their_memory_budget_with_a_partial_plan() {
    let dir = temp("search");
    // A 200 × 200 ice field with 500 fish, then 300 rocks to slide against.
    let field = dir.write("field.txt", pengu_field(200, 200, 500, 300, 0));
    let (code, _, err) = capped(&[
        "pengu",
        "solve",
        &field,
        "--algo",
        "bfs",
        "--max-memory",
        "16",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("limit reached: printed the best partial plan"),
        "{err}"
    );
    assert_bad_input(
        capped(&["pengu", "solve", &field, "--max-memory", "0"]),
        &["--max-memory"],
    );
    assert_bad_input(
        capped(&[
            "pengu",
            "solve",
            &field,
            "--algo",
            "random",
            "--random-moves",
            "1000000000000",
        ]),
        &["--random-moves", "between 0 and 1000000"],
    );
    // An Act-Man dungeon whose monsters roam a 40 × 40 hall: too many states for 4 MiB.
    let side = 40;
    let mut rows = walled(side, side);
    rows[1][1] = 'A';
    for (r, c, kind) in [
        (30, 30, 'G'),
        (35, 10, 'D'),
        (10, 35, 'G'),
        (20, 25, 'D'),
        (33, 33, 'G'),
    ] {
        rows[r][c] = kind;
    }
    let dungeon = dir.write("dungeon.txt", grid_text(&rows));
    let (code, _, err) = capped(&[
        "actman",
        "solve",
        &dungeon,
        "--algo",
        "bfs",
        "--turns",
        "60",
        "--max-memory",
        "4",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("limit reached"), "{err}");
}

#[test]
fn inputs_past_64_mib_are_refused_before_parsing() {
    let dir = temp("huge");
    let path = dir.0.join("huge.txt");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len((64 << 20) + 1).unwrap();
    assert_bad_input(
        capped(&["pengu", "solve", path.to_str().unwrap()]),
        &["larger than 64 MiB"],
    );
}

#[test]
fn a_huge_bad_token_is_quoted_short() {
    use gridlab::games::{actman, gpac, pengu, rogue};
    let token = "x".repeat(1_000_000);
    let messages = [
        pengu::Level::parse(&format!("{token} 3\n")).map(|_| ()),
        actman::Dungeon::parse(&format!("3 {token}\n")).map(|_| ()),
        rogue::Dungeon::parse(&format!("{token}\n")).map(|_| ()),
        gpac::WorldFile::parse(&format!("{token}\n")).map(|_| ()),
        gpac::Ini::parse(&format!("{token}\n")).map(|_| ()),
    ]
    .map(|r| r.expect_err("a bad header").to_string());
    for message in messages {
        assert!(
            message.contains(&format!("'{}…'", "x".repeat(40))),
            "{message}"
        );
        assert!(message.len() < 200, "{} bytes", message.len());
    }
}

#[test]
fn analyses_stop_at_their_memory_budget_under_the_cap() {
    let dir = temp("analyze");
    // 32 monsters in a 40 × 40 hall, at the stated most states: it used to take 1.9 GB
    // and abort. Its tables stop at the budget asked (the default is 1 GiB).
    let dungeon = dir.write("hall.txt", actman_hall(40, 32));
    let (code, out, err) = capped(&[
        "actman",
        "analyze",
        &dungeon,
        "--max-states",
        "20000000",
        "--max-memory",
        "64",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("limit reached: memory limit of 64 MiB reached at"),
        "{err}"
    );
    assert!(out.contains("\"outcome\": \"limit_reached\""), "{out}");
    // Under a cap tighter than the budget, the table's growth is refused and the
    // analysis stops the same way.
    let analyze = command(&["actman", "analyze", &dungeon, "--max-states", "20000000"]);
    let out = under_shell("ulimit -v 400000", &analyze).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("limit reached: memory limit of 1024 MiB"),
        "{err}"
    );
    // A 30 × 30 field with 40 fish: the plan count hashes its states, then A* tries.
    let field = dir.write("field.txt", pengu_field(30, 30, 40, 30, 7));
    let (code, _, err) = capped(&["pengu", "analyze", &field, "--max-memory", "32"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("limit reached: A*: memory limit of"), "{err}");
    // Limits out of range name their option.
    for (option, value) in [
        ("--max-states", "0"),
        ("--max-states", "20000001"),
        ("--max-states", "-5"),
        ("--max-memory", "0"),
        ("--plan-cap", "0"),
    ] {
        let arg = format!("{option}={value}");
        assert_bad_input(capped(&["pengu", "analyze", &field, &arg]), &[option]);
        assert_bad_input(capped(&["actman", "analyze", &dungeon, &arg]), &[option]);
    }
}
