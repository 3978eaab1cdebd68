//! The C++ sample client (`examples/arena_client.cpp`) builds with `g++ -O2 -std=c++17`
//! (warnings as errors) and plays a lock-step game against three bots: it answers
//! every tick (a 300-step game with a 2 s step timeout ends in seconds only if it
//! does), its commands are in the server's replay, and it eats pellets; in a
//! tournament it takes its seats with their tokens and has no fault. Skipped, with a
//! message, where no C++ compiler exists.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::common;
use common::{arena_serve, gridlab, ok, tournament, TempDir};

#[test]
fn the_cpp_client_builds_and_plays_a_lockstep_game() {
    let compiler = std::env::var("CXX").unwrap_or_else(|_| "g++".into());
    if Command::new(&compiler).arg("--version").output().is_err() {
        eprintln!("skipped: no C++ compiler ({compiler}) on this machine");
        return;
    }
    let dir = TempDir::new("cpp");
    let client = dir.0.join("arena_client");
    let built = Command::new(&compiler)
        .args(["-O2", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&client)
        .arg("examples/arena_client.cpp")
        .output()
        .unwrap();
    ok(&built);

    let mut server = arena_serve(
        "--steps 300 --wait 30 --lockstep --step-timeout 2000 --bots 3",
        Some(&dir),
    );
    let port = server.port().to_string();
    let started = Instant::now();
    let played = Command::new(&client)
        .args(["127.0.0.1", &port, "cpp"])
        .output()
        .unwrap();
    ok(&played);
    assert!(
        started.elapsed() < Duration::from_secs(300),
        "the client did not answer its ticks"
    );
    assert!(server.wait().success());
    let report = server.rest_of_output();

    // The server's result line: "game 0: cpp 150 (1 pts); bot:miner ...".
    let line = report
        .lines()
        .find(|l| l.starts_with("game 0:"))
        .expect(&report);
    let score: u64 = line
        .split("cpp ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .expect(line);
    assert!(score > 0, "the client ate no pellet: {line}");
    let stderr = String::from_utf8_lossy(&played.stderr);
    assert!(
        stderr.contains(&format!("game over: scores {score}")),
        "{stderr}"
    );

    // Its seat's commands are in the replay.
    let log = dir.json_files().pop().expect("a replay file");
    let seat = log["names"]
        .as_array()
        .unwrap()
        .iter()
        .position(|n| n == "cpp")
        .unwrap();
    let commands = log["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|step| !step[seat].is_null())
        .count();
    assert!(commands > 5, "{commands} commands from the client");

    // In a tournament it says hello with its seat's token (ARENA_TOKEN) and plays
    // every game without a fault.
    let entrant = format!("cpp={}", client.display());
    let table = ok(&gridlab(&tournament(
        "--steps 60 --step-timeout 2000",
        &["bot:greedy", &entrant],
    )));
    let row = table.lines().find(|l| l.contains("| cpp |")).expect(&table);
    assert_eq!(row.split('|').nth(6).map(str::trim), Some("0"), "{table}");
}
