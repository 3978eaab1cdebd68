//! The gpac command line: play and its world file, replay and its checks, evolve and
//! what it writes, bench, the verdict tool; exit codes.

use crate::common;
use common::{run, TempDir};

/// The framework keeps pills off both spawns; `--pill-on-ghost-start` follows the
/// assignment text, which lets one lie on the ghosts' start (34, 0) of a 35×20 map.
#[test]
fn pills_stay_off_the_ghosts_start_unless_asked() {
    let dir = TempDir::new("cli-gpac-ghost-start");
    let pill_on_ghost_start = |extra: &[&str]| {
        let log = dir.0.join("world.txt");
        let log = log.to_str().unwrap();
        let mut args = vec![
            "gpac",
            "play",
            "--map",
            "levels/gpac/course/map00.txt",
            "--pill-density",
            "1",
            "--log",
            log,
        ];
        args.extend_from_slice(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(0), "{err}");
        let world = std::fs::read_to_string(log).unwrap();
        assert!(!world.lines().any(|l| l == "p 0 19"), "Pac-Man's start");
        world.lines().any(|l| l == "p 34 0")
    };
    assert!(!pill_on_ghost_start(&[]));
    assert!(pill_on_ghost_start(&["--pill-on-ghost-start"]));
}

#[test]
fn play_writes_a_world_file_that_replay_shows() {
    let dir = TempDir::new("cli-gpac-play");
    let log = dir.0.join("world.txt");
    let log = log.to_str().unwrap();
    let (code, out, _) = run(&[
        "gpac",
        "play",
        "--map",
        "levels/gpac/course/map00.txt",
        "--seed",
        "3",
        "--log",
        log,
    ]);
    assert_eq!(code, Some(0));
    let score: i64 = out
        .lines()
        .next()
        .unwrap()
        .strip_prefix("score ")
        .unwrap()
        .parse()
        .unwrap();
    let (code, out, _) = run(&["gpac", "replay", log, "--frame", "-1"]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("snapshot ") && out.contains(&format!(" score {score} ")),
        "{out}"
    );
    assert_eq!(
        out.lines().count(),
        1 + 20 + 1,
        "header, 20 rows, blank line"
    );
    // Zero-based ghost ids, as the framework writes them.
    let (code, _, _) = run(&[
        "gpac",
        "play",
        "--random",
        "12",
        "8",
        "--seed",
        "1",
        "--log",
        log,
        "--zero-based-ids",
    ]);
    assert_eq!(code, Some(0));
    let text = std::fs::read_to_string(log).unwrap();
    assert!(
        text.starts_with("12\n8\nm 0 7\n0 11 0\n1 11 0\n2 11 0\n"),
        "{}",
        &text[..40]
    );
    // A world file whose Pac-Man jumps is rejected at its line.
    std::fs::write(log, "3\n3\nm 0 2\n1 2 0\nt 18 0\nm 2 2\n1 2 1\nt 17 0\n").unwrap();
    let (code, _, err) = run(&["gpac", "replay", log]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("world.txt:6:1: Pac-Man jumped from (0, 2) to (2, 2)"),
        "{err}"
    );
}

#[test]
fn evolve_writes_logs_maps_plots_and_the_comparison() {
    let dir = TempDir::new("cli-gpac-evolve");
    let config = dir.0.join("small.txt");
    let text = std::fs::read_to_string("configs/gpac/fall2021_series1_mapgen/yellow1d_config.txt")
        .unwrap()
        .replace("mu = 200", "mu = 12")
        .replace("num_children = 100", "num_children = 6")
        .replace("samples = 5", "samples = 2");
    std::fs::write(&config, text).unwrap();
    let out_dir = dir.0.join("out");
    let (code, out, err) = run(&[
        "gpac",
        "evolve",
        "--config",
        config.to_str().unwrap(),
        "--runs",
        "3",
        "--evals",
        "30",
        "--seed",
        "4",
        "--out",
        out_dir.to_str().unwrap(),
        "--baseline",
        "configs/gpac/fall2021_series1_mapgen/mysteryAlgorithmResults.txt",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("runs 3 × 30 evaluations (EA), seeds 4..6"),
        "{out}"
    );
    assert!(out.contains("F-test (equal variances): F = "), "{out}");
    assert!(out.contains("Welch's t-test (equal means): t = "), "{out}");
    for r in 0..3 {
        let log = std::fs::read_to_string(out_dir.join(format!("run_{r:02}.log"))).unwrap();
        assert!(
            log.starts_with("evals\tmean_fitness\tbest_fitness\tmean_dead_ends\tbest_dead_ends\n"),
            "{log}"
        );
        assert_eq!(log.lines().last().unwrap().split('\t').next(), Some("30"));
        assert!(out_dir
            .join(format!("run_{r:02}_pareto_front.txt"))
            .is_file());
        let map =
            std::fs::read_to_string(out_dir.join(format!("run_{r:02}_best_map.txt"))).unwrap();
        gridlab::games::gpac::Map::parse(&map).unwrap();
        let world =
            std::fs::read_to_string(out_dir.join(format!("run_{r:02}_best_world.txt"))).unwrap();
        gridlab::games::gpac::Replay::new(gridlab::games::gpac::WorldFile::parse(&world).unwrap())
            .unwrap();
    }
    for file in ["fitness.svg", "pareto.svg"] {
        let svg = std::fs::read_to_string(out_dir.join(file)).unwrap();
        assert!(
            svg.starts_with("<svg") && (svg.contains("polyline") || svg.contains("circle")),
            "{file}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(out_dir.join("summary.txt")).unwrap(),
        out
    );
}

#[test]
fn bad_input_names_the_place_and_exits_with_2() {
    let (code, _, err) = run(&[
        "gpac",
        "evolve",
        "--config",
        "configs/gpac/fall2022_series2_controllers/green2b_config.txt",
        "--out",
        "/tmp/never",
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("green2b_config.txt:") && err.contains("TreeGenotype"),
        "{err}"
    );
    let (code, _, err) = run(&["gpac", "play", "--map", "tests/data/gpac/worldfile.txt"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("worldfile.txt:1:1:"), "{err}");
    let (code, out, _) = run(&[
        "gpac",
        "bench",
        "--map",
        "levels/gpac/course/map01.txt",
        "--games",
        "3",
        "--json",
    ]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 3);
}

/// The tool `verdict` plays the same seeded games as `bench`; its options are flags.
#[test]
fn the_verdict_tool_is_the_mean_score_of_the_benchs_games() {
    let map = "levels/gpac/course/map01.txt";
    let games = [
        "--games",
        "3",
        "--seed",
        "4",
        "--ghosts-count",
        "2",
        "--pill-density",
        "0.1",
    ];
    let (code, out, err) = run(&[&["gpac", "verdict", map][..], &games].concat());
    assert_eq!(code, Some(0), "{err}");
    let verdict: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (code, out, err) = run(&[&["gpac", "bench", "--map", map, "--json"][..], &games].concat());
    assert_eq!(code, Some(0), "{err}");
    let bench: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mean = bench["meanScore"].as_f64().unwrap();
    assert_eq!(
        verdict["score"].as_f64(),
        Some((mean * 10.0).round() / 10.0)
    );
    assert_eq!(verdict["features"]["games"], 3);
    let (code, _, err) = run(&["gpac", "verdict", map, "--ghosts-count", "101"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--ghosts-count: 101 is not between 0 and 100"),
        "{err}"
    );
}

/// A walled spawn cell is refused at its place; a random map's size names its limit.
#[test]
fn spawn_cells_and_random_sizes_are_checked_by_the_library() {
    let dir = TempDir::new("spawn");
    let map = dir.write("walled.txt", "3 2\n~~~\n~~#\n");
    let map = map.as_str();
    for args in [
        &["gpac", "play", "--map", map][..],
        &["gpac", "bench", "--map", map],
        &["gpac", "verdict", map],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(
            err.contains("walled.txt:3:3: the spawn cells (0, H-1) and (W-1, 0) must be open"),
            "{err}"
        );
    }
    let (code, _, err) = run(&["gpac", "play", "--random", "1001", "5"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--random: sides from 1 to 1000 and at least 2 cells, not 1001 × 5"),
        "{err}"
    );
}
