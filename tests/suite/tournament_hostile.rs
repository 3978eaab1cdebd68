//! Tournaments against hostile entrants and hostile files: an entrant that tries to
//! take its opponents' and the bots' seats, one that escapes its process group with
//! `setsid`, a tournament ended by SIGTERM, SIGHUP or SIGINT, an entrant that cannot
//! be started, an entrant that plants links in the replay folder, result files that
//! lie to `--merge`, a command holding a newline, and a `--memory-limit` above the
//! tournament's own hard limit. Lock-step games of few steps keep them quick.

use crate::common;
use common::under_shell;
use common::TempDir as Dir;
use common::{command, gridlab, ok, processes, refused, run_ok, table_rows, tournament};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The standings row of `name`: (games, points, score, faults).
fn row(table: &str, name: &str) -> (u32, f64, i64, u32) {
    let rows = table_rows(table);
    let r = rows
        .iter()
        .find(|r| r[1] == name)
        .unwrap_or_else(|| panic!("no {name} in {table}"));
    (
        r[2].parse().unwrap(),
        r[3].parse().unwrap(),
        r[4].parse().unwrap(),
        r[5].parse().unwrap(),
    )
}

/// A number of seconds for `sleep` that no other test uses: a marker to find the
/// processes a test left behind.
fn marker(k: u32) -> String {
    format!("9{}{k}", std::process::id())
}

/// The processes whose command line holds `sleep MARKER`, after giving killed ones a
/// moment to go.
fn left_behind(marker: &str) -> String {
    let pattern = format!("sleep {marker}");
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let found = processes(&pattern).expect("pgrep runs");
        if found.is_empty() || Instant::now() > deadline {
            return found;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Quick lock-step games: few steps, generous time limits.
const QUICK: &str = "--steps 60 --step-timeout 2000 --join-wait 20 --forfeit-after 5000";

/// An entrant that opens extra connections under its opponents' seat names (no
/// token, a guessed token) and a second one with its own token takes nothing: every
/// other seat is played by its owner, the bots score, the victims have no fault, and
/// the hijacker forfeits every game for its second hello (the token says who made it).
#[test]
fn a_hijacker_takes_no_seat_and_forfeits_for_trying() {
    let (table, err) = run_ok(&tournament(
        QUICK,
        &[
            "bot:greedy",
            "victim=python3 examples/arena_client.py",
            "hijack=python3 tests/data/arena/hijack.py",
        ],
    ));
    let (games, points, _, faults) = row(&table, "hijack");
    assert_eq!((faults, points), (games, 0.0), "{table}\n{err}");
    let (_, points, score, faults) = row(&table, "victim");
    assert_eq!(faults, 0, "{table}\n{err}");
    assert!(points > 0.0 && score > 0, "{table}");
    let (_, _, score, faults) = row(&table, "bot:greedy");
    assert_eq!(faults, 0, "{table}");
    assert!(score > 0, "{table}");
    assert!(err.contains("refused: a hello without a token"), "{err}");
    assert!(
        err.contains("refused: a hello with an unknown token"),
        "{err}"
    );
    assert!(err.contains("a second hello for seat"), "{err}");
    assert!(
        err.contains("hijack forfeits (tried to take a seat not its own"),
        "{err}"
    );
    // No token is ever logged (a token is 32 hex digits).
    let longest_hex = err
        .split(|c: char| !c.is_ascii_hexdigit())
        .map(str::len)
        .max();
    assert!(longest_hex < Some(32), "{err}");
}

/// An entrant that floods its game's server, once the game has started, with refused
/// hellos and silent connections, all held open, changes nothing for the others: the
/// standings are those of the same tournament without the flood (lock-step games are
/// the same for the same commands), so no seated client was closed, evicted or kept
/// out; and refused connections are closed (they hold no player slot).
#[test]
fn a_connection_flood_costs_the_others_nothing() {
    let standings = |flood_seconds: &str| {
        let flood =
            format!("flood=FLOOD_SECONDS={flood_seconds} python3 tests/data/arena/flood.py");
        // Games long enough for the flood (a second) to run while they are played.
        let options = QUICK.replace("--steps 60", "--steps 400");
        let (table, err) = run_ok(&tournament(
            &options,
            &["victim=python3 examples/arena_client.py", &flood],
        ));
        // Every column but the last (the slowest answer, a time).
        let rows: Vec<Vec<String>> = table_rows(&table)
            .into_iter()
            .map(|mut r| {
                r.pop();
                r
            })
            .collect();
        (rows, table, err)
    };
    let (calm, calm_table, _) = standings("0");
    let (flooded, table, err) = standings("1");
    assert_eq!(flooded, calm, "{calm_table}\n{table}\n{err}");
    assert!(
        err.contains("refused: a hello with an unknown token"),
        "{err}"
    );
    assert!(calm.iter().all(|r| r[5] == "0"), "{calm_table}");
}

/// Children that leave the process group and the session (`setsid`), whether their
/// parent still runs or has exited, die with their entrant's game.
#[test]
fn processes_that_setsid_away_are_killed_with_their_entrant() {
    let (live, orphan) = (marker(1), marker(2));
    let entrant = format!(
        "esc=setsid sleep {live} & (setsid sleep {orphan} &); exec python3 examples/arena_client.py"
    );
    let table = ok(&gridlab(&tournament(QUICK, &["bot:greedy", &entrant])));
    assert_eq!(row(&table, "esc").3, 0, "{table}");
    assert_eq!(left_behind(&live), "");
    assert_eq!(left_behind(&orphan), "");
}

/// SIGTERM, SIGHUP and SIGINT end a tournament (exit 130) with every entrant process
/// killed, those that left its process group included.
#[test]
fn sigterm_sighup_and_sigint_kill_every_entrant_process() {
    for (k, signal) in [(3, "TERM"), (4, "HUP"), (5, "INT")] {
        let m = marker(k);
        let a = format!("a=setsid sleep {m} & exec sleep {m}");
        let b = format!("b=(setsid sleep {m} &); exec sleep {m}");
        let mut child = command(&tournament("--join-wait 600", &[&a, &b]))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Wait for the entrants' four sleeps.
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let found = processes(&format!("sleep {m}")).expect("pgrep runs");
            if found.lines().count() >= 4 {
                break;
            }
            assert!(Instant::now() < deadline, "the entrants did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "SIG{signal} did not end the tournament"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        assert_eq!(status.code(), Some(130), "SIG{signal}");
        assert_eq!(left_behind(&m), "", "SIG{signal}");
    }
}

/// An entrant whose program cannot be started (here: no `sh` on the PATH) forfeits
/// its games with the reason; the others are played and the standings and the JSON
/// are written.
#[test]
fn an_entrant_that_cannot_start_forfeits_and_the_results_are_written() {
    let dir = Dir::new("hostile-nostart");
    let json = dir.path("t.json");
    let mut args = tournament(
        QUICK,
        &[
            "bot:greedy",
            "bot:hunter",
            "c=python3 examples/arena_client.py",
        ],
    );
    args.extend(["--json", &json]);
    let out = command(&args)
        .env("PATH", "/nonexistent-gridlab-test")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let table = ok(&out);
    let err = String::from_utf8_lossy(&out.stderr);
    let (games, points, score, faults) = row(&table, "c");
    assert_eq!((points, score, faults), (0.0, 0, games), "{table}");
    assert_eq!(row(&table, "bot:hunter").3, 0, "{table}");
    assert!(err.contains("c forfeits (could not start: "), "{err}");
    let result: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(result["games"].as_array().unwrap().len(), 3);
}

/// Links an entrant plants in the replay folder (under the names the replays will
/// take) are replaced, never followed: the file they point at is untouched.
#[test]
fn links_planted_in_the_replay_folder_are_not_followed() {
    let dir = Dir::new("hostile-links");
    let replays = dir.path("replays");
    std::fs::create_dir_all(&replays).unwrap();
    let precious = dir.path("precious.txt");
    std::fs::write(&precious, "precious").unwrap();
    let plant = format!(
        "evil=for g in 0 1 2; do ln -sf {precious} {replays}/game-0000$g-seed-$g.json; done; \
         exec python3 examples/arena_client.py"
    );
    let mut args = tournament(QUICK, &["bot:greedy", "bot:miner", &plant]);
    args.extend(["--replays", &replays]);
    ok(&gridlab(&args));
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "precious");
    // The last game's replay was written after the links were planted: over them.
    let path = Path::new(&replays).join("game-00002-seed-2.json");
    assert!(std::fs::symlink_metadata(&path).unwrap().is_file());
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .starts_with("{\"seed\":2"));
}

/// A played and merged tournament of bots: the result files of its games.
fn results(dir: &Dir) -> String {
    let plan = ok(&gridlab(&tournament(
        "--steps 40 --plan -",
        &["bot:greedy", "bot:hunter"],
    )));
    let out = dir.path("results");
    for line in plan.lines() {
        ok(&gridlab(&["arena", "match", line, "--out", &out]));
    }
    ok(&gridlab(&["arena", "tournament", "--merge", &out]));
    out
}

/// A change made to a result file.
type Mutation = fn(&mut serde_json::Value);

/// `--merge` checks every record against its own plan line and its replay: a lie in
/// any field is refused (exit 2) with the file, the game and the field named, never
/// a panic, an overflow or a NaN rating.
#[test]
fn merge_refuses_records_that_do_not_fit_their_plan_line() {
    let dir = Dir::new("hostile-merge");
    let out = results(&dir);
    let file = Path::new(&out).join("game-00000.json");
    let good = std::fs::read_to_string(&file).unwrap();
    let cases: [(&str, Mutation); 9] = [
        ("match: --command: 6 given", |r| {
            let line = r["match"].as_str().unwrap().to_string();
            r["match"] =
                format!("{line} --command 2:x --command 3:y --command 4:z --command 5:w").into();
        }),
        ("seats[0].entrant: entrant 999", |r| {
            r["seats"][0]["entrant"] = 999.into()
        }),
        ("seats[1].points: 1000000", |r| {
            r["seats"][1]["points"] = 1e6.into()
        }),
        ("seats[2].score: 9223372036854775807", |r| {
            r["seats"][2]["score"] = i64::MAX.into()
        }),
        ("seats: 20000 of them", |r| {
            let seat = r["seats"][0].clone();
            r["seats"] = serde_json::Value::Array(vec![seat; 20_000]);
        }),
        ("seed: 7", |r| r["seed"] = 7.into()),
        ("game: 1, but its match line has --game 0", |r| {
            r["game"] = 1.into()
        }),
        ("replay: not the game of its match line", |r| {
            r["replay"]["steps"].as_array_mut().unwrap().pop();
        }),
        // The seats' scores stay what the game gave: the replay no longer does.
        ("but its replay gives", |r| {
            for step in r["replay"]["steps"].as_array_mut().unwrap() {
                *step = serde_json::json!(["Reverse", "Reverse", "Reverse", "Reverse"]);
            }
        }),
    ];
    for (expected, mutate) in cases {
        let mut record: serde_json::Value = serde_json::from_str(&good).unwrap();
        mutate(&mut record);
        std::fs::write(&file, record.to_string()).unwrap();
        let err = refused(&gridlab(&["arena", "tournament", "--merge", &out]));
        assert!(err.contains("game-00000.json: game "), "{expected}: {err}");
        assert!(err.contains(expected), "{expected}: {err}");
    }
    std::fs::write(&file, &good).unwrap();
    ok(&gridlab(&["arena", "tournament", "--merge", &out]));
}

/// A command is one plan line: one holding a newline is refused before anything
/// runs; odd characters (quotes, `$`, `|`, `;`, a tab) go through a plan, `arena
/// match` and `--merge` unchanged.
#[test]
fn plan_lines_are_one_line_and_carry_odd_commands_unchanged() {
    let err = refused(&gridlab(&tournament(
        "--plan -",
        &["bot:greedy", "a=echo 1\necho 2"],
    )));
    assert!(err.contains("--entrant 1: a command is one line"), "{err}");
    let odd = "exit 0 # it's \"q\" $HOME \\ | ; \t`x` *";
    let entrant = format!("odd={odd}");
    let plan = ok(&gridlab(&tournament(
        "--steps 20 --join-wait 5 --plan -",
        &["bot:greedy", &entrant],
    )));
    assert_eq!(plan.lines().count(), 2, "{plan}");
    let dir = Dir::new("hostile-odd");
    let out = dir.path("results");
    for line in plan.lines() {
        ok(&gridlab(&["arena", "match", line, "--out", &out]));
    }
    let json = dir.path("t.json");
    ok(&gridlab(&[
        "arena",
        "tournament",
        "--merge",
        &out,
        "--json",
        &json,
    ]));
    let result: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let commands: Vec<&str> = result["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["command"].as_str().unwrap())
        .collect();
    assert!(commands.contains(&odd), "{commands:?}");
}

/// Under a hard address-space limit below `--memory-limit` (here `ulimit -v` 2 GB
/// against the default 4096 MB) the entrants get the hard limit, with a note, and
/// play.
#[test]
fn a_memory_limit_above_the_hard_limit_is_lowered_to_it() {
    let args = tournament(
        "--steps 40",
        &["bot:greedy", "py=python3 examples/arena_client.py"],
    );
    let out = under_shell("ulimit -v 2097152", &command(&args))
        .output()
        .unwrap();
    let table = ok(&out);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(row(&table, "py").3, 0, "{table}\n{err}");
    assert!(err.contains("--memory-limit 4096 MB"), "{err}");
    assert!(err.contains("entrants get 2048 MB"), "{err}");
}
