//! Tournaments with faulty entrants (crashing, hanging, garbage-printing, over their
//! CPU or memory limit), the same standings however the games are spread (`--parallel`,
//! a plan played by `xargs -P 2` and merged), and the JSON result. Lock-step games
//! with generous time limits keep these tests independent of the machine's speed.

use crate::common;
use common::table_rows as standings;
use common::TempDir as Dir;
use common::{gridlab, ok, run_ok, tournament};
use std::path::Path;

use std::process::Command;

/// The row of `name`, as (games, points, score, faults, warnings, timeouts).
fn row<'a>(rows: &'a [Vec<String>], name: &str) -> &'a [String] {
    rows.iter()
        .find(|r| r[1] == name)
        .unwrap_or_else(|| panic!("no {name} in {rows:?}"))
}

/// A crashing, a hanging and a garbage-printing entrant each cost only their own
/// seat: every game finishes, they forfeit all their games (0 points, a fault each),
/// the bots score normally, the garbage is logged counted rather than line by line,
/// and no process outlives the tournament.
#[test]
fn crashing_hanging_and_garbage_entrants_cost_only_their_own_seat() {
    let marker = format!("614.{}", std::process::id() % 1000);
    let hang = format!("hang=sleep {marker}");
    let (table, log) = run_ok(&tournament(
        "--steps 100 --step-timeout 50 --join-wait 5 --forfeit-after 200 --warnings 2",
        &[
            "crash=exit 3",
            &hang,
            "garbage=python3 tests/data/arena/garbage.py",
            "bot:greedy",
            "bot:hunter",
        ],
    ));
    let rows = standings(&table);
    assert_eq!(
        rows.len(),
        5,
        "the entrants' output stays out of the table: {table}"
    );
    for name in ["crash", "hang", "garbage"] {
        let r = row(&rows, name);
        // games, points, total score, faults
        assert_eq!(
            (&*r[2], &*r[3], &*r[4], &*r[5]),
            ("4", "0", "0", "4"),
            "{name}: {table}"
        );
    }
    // Five games, each with at least one faulty seat; the two bots play 4 each and
    // share the points of the places they take.
    for name in ["bot:greedy", "bot:hunter"] {
        let r = row(&rows, name);
        assert_eq!((&*r[2], &*r[5], &*r[7]), ("4", "0", "0"), "{table}");
    }
    let bot_points: f64 = ["bot:greedy", "bot:hunter"]
        .iter()
        .map(|n| row(&rows, n)[3].parse::<f64>().unwrap())
        .sum();
    assert!(bot_points >= 8.0, "{table}");
    // The rating (μ ± σ) puts every forfeiting entrant below both bots.
    let mu = |name: &str| -> f64 {
        row(&rows, name)[6]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    for faulty in ["crash", "hang", "garbage"] {
        assert!(
            mu(faulty) < mu("bot:greedy").min(mu("bot:hunter")),
            "{table}"
        );
    }
    assert!(log.contains("crash forfeits"), "{log}");
    assert!(log.contains("hang forfeits (did not connect)"), "{log}");
    // The garbage entrant never answers a tick: in each game it gets 3 warnings (more
    // than --warnings 2) and forfeits, and its seat's bot plays on.
    let garbage = row(&rows, "garbage");
    assert_eq!(garbage[7], "12", "3 warnings in each of 4 games: {table}");
    assert!(garbage[9].parse::<u32>().unwrap() >= 12, "{table}");
    assert_eq!(
        log.matches("garbage forfeits (3 warnings: answers over 200 ms)")
            .count(),
        4,
        "{log}"
    );
    // 2,000+ garbage lines and 1,000 lines of output per game: logged once each, then
    // counted.
    assert!(log.contains("not a message"), "{log}");
    assert!(log.contains("(… repeated 999 times)"), "{log}");
    assert!(
        log.matches("noise from the garbage entrant").count() <= 4,
        "{log}"
    );
    assert!(
        log.lines().count() < 150,
        "{} lines: {log}",
        log.lines().count()
    );
    if let Some(left) = common::processes(&format!("sleep {marker}")) {
        assert!(left.is_empty(), "processes left behind: {left}");
    }
}

/// Entrant processes run under --cpu-limit and --memory-limit: one that computes
/// for ever is stopped by its CPU limit, one that asks for 1 GB fails to get it;
/// both forfeit, and the game goes on for the others.
#[cfg(target_os = "linux")]
#[test]
fn entrants_over_their_cpu_or_memory_limit_forfeit() {
    let (table, log) = run_ok(&tournament(
        "--steps 400 --step-timeout 50 --join-wait 30 --warnings 1000000 --cpu-limit 1 \
         --memory-limit 256",
        &[
            "hog=python3 tests/data/arena/hog.py",
            "glutton=python3 tests/data/arena/glutton.py",
            "bot:greedy",
            "bot:miner",
        ],
    ));
    let rows = standings(&table);
    for name in ["hog", "glutton"] {
        assert_eq!(row(&rows, name)[5], "4", "{table}\n{log}");
    }
    assert!(log.contains("MemoryError"), "{log}");
    assert_eq!(log.matches("hog forfeits (exited with").count(), 4, "{log}");
    assert_eq!(
        log.matches("glutton forfeits (exited with").count(),
        4,
        "{log}"
    );
    assert_eq!(row(&rows, "bot:miner")[5], "0", "{table}");
}

/// The standings table without its last column (the slowest answer, a time).
fn without_times(table: &str) -> String {
    table
        .lines()
        .map(|l| {
            let cells: Vec<&str> = l.trim_end_matches('|').split('|').collect();
            cells[..cells.len() - 1].join("|")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A tournament JSON with the slowest answers (times) taken out.
fn json_without_times(path: &str) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                map.remove("slowestMs");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    strip(&mut v);
    v
}

/// A lock-step tournament gives the same standings and JSON whether its games run
/// one at a time, four at a time, or from a plan whose lines `xargs -P 2` hands to
/// `gridlab arena match`, merged afterwards.
#[test]
fn parallel_and_merged_plans_give_the_same_standings() {
    let dir = Dir::new("tournament-same");
    let common = tournament(
        "--seed 7 --steps 150 --step-timeout 20000 --forfeit-after 600000 --join-wait 60",
        &[
            "bot:greedy",
            "bot:hunter",
            "bot:miner",
            "py=python3 examples/arena_client.py",
            "py2=python3 examples/arena_client.py",
            // Named by its command: quotes, a dollar and a non-ASCII letter survive the
            // plan line's quoting.
            "printf '%s\\n' \"it's $HOME ü\"; exit 3",
        ],
    );
    let run = |extra: &[&str]| {
        let mut args = common.clone();
        args.extend(extra);
        ok(&gridlab(&args))
    };
    let one = run(&["--parallel", "1", "--json", &dir.path("one.json")]);
    let four = run(&["--parallel", "4", "--json", &dir.path("four.json")]);
    let plan = run(&["--plan", "-"]);
    assert_eq!(plan.lines().count(), 6, "{plan}");
    std::fs::write(dir.path("plan.txt"), &plan).unwrap();
    let played = Command::new("sh")
        .arg("-c")
        .arg("xargs -d '\\n' -n 1 -P 2 \"$0\" arena match --out \"$1\" < \"$2\"")
        .arg(env!("CARGO_BIN_EXE_gridlab"))
        .arg(dir.path("results"))
        .arg(dir.path("plan.txt"))
        .output()
        .unwrap();
    ok(&played);
    let merged = ok(&gridlab(&[
        "arena",
        "tournament",
        "--merge",
        &dir.path("results"),
        "--json",
        &dir.path("merged.json"),
    ]));
    let rows = standings(&one);
    assert_eq!(rows.len(), 6, "{one}");
    let weird = row(&rows, "printf '%s\\n' \"it's $HOME ü\"; exit 3");
    assert_eq!((&*weird[2], &*weird[5]), ("4", "4"), "{one}");
    assert_eq!(without_times(&one), without_times(&four));
    assert_eq!(without_times(&one), without_times(&merged));
    let json = json_without_times(&dir.path("one.json"));
    assert_eq!(json, json_without_times(&dir.path("four.json")));
    assert_eq!(json, json_without_times(&dir.path("merged.json")));
    // Every game's replay replays to the scores recorded beside it.
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), 6);
    for game in games {
        let log = gridlab::games::arena::CommandLog::parse(&game["replay"].to_string()).unwrap();
        let arena = gridlab::games::arena::replay(&log);
        for (s, seat) in game["seats"].as_array().unwrap().iter().enumerate() {
            assert_eq!(seat["score"], arena.players[s].score, "{game}");
            assert_eq!(log.names[s], seat["name"].as_str().unwrap());
        }
    }
    assert_eq!(json["standings"][0]["rank"], 1);
    assert!(json["standings"][0]["rating"].as_f64().unwrap() > 25.0);
}

/// `--merge` refuses an incomplete set of results, naming what is missing; `arena
/// match` refuses a line that is not a plan line, naming the option.
#[test]
fn merge_and_match_refuse_bad_input_clearly() {
    let dir = Dir::new("tournament-bad");
    let plan = ok(&gridlab(&tournament(
        "--steps 20 --plan -",
        &["bot:greedy", "bot:miner"],
    )));
    let first = plan.lines().next().unwrap();
    ok(&gridlab(&[
        "arena",
        "match",
        first,
        "--out",
        &dir.path("r"),
    ]));
    let out = gridlab(&["arena", "tournament", "--merge", &dir.path("r")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1 of 2 games missing: 1"), "{err}");
    // The options come from the result files: giving one with --merge is an error.
    let out = gridlab(&[
        "arena",
        "tournament",
        "--merge",
        &dir.path("r"),
        "--steps",
        "5",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--steps"));
    for (line, what) in [
        ("--game 0", "--of"),
        ("--game 5 --of 2 --seed 0 --entrants 2 --seat 0:a --seat 0:a --seat 0:a --seat 0:a --command 0:bot:greedy", "--game 5"),
        ("--game 0 --of 2 --seed 0 --entrants 2 --seat 0:a --command 0:bot:greedy", "--seat"),
        ("--game 0 --of 2 --seed 0 --entrants 2 --seat 3:a --seat 0:a --seat 0:a --seat 0:a --command 0:bot:greedy", "--seat 3:a"),
        ("--game 0 --of 2 --seed 0 --entrants 2 --seat 0:a --seat 0:a --seat 0:a --seat 0:a --command 0:bot:jumper", "jumper"),
        ("--game 0 --of 2 --seed 0 --entrants 2 --seat 0:a --seat 0:a --seat 0:a --seat 0:a --command 0:bot:greedy --steps 0", "--steps"),
        ("--game 0 --of 'unbalanced", "quotes"),
    ] {
        let out = gridlab(&["arena", "match", line, "--out", &dir.path("r")]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{line}: {err}");
        assert!(err.contains(what), "{line}: {err}");
        assert!(!err.contains("panicked"), "{line}: {err}");
    }
    assert!(!Path::new(&dir.path("r/game-00001.json")).exists());
}

#[test]
fn tournament_options_out_of_their_stated_range_are_refused() {
    for (option, value) in [
        ("--parallel", "0"),
        ("--parallel", "65"),
        ("--warnings", "1000001"),
        ("--forfeit-after", "0"),
        ("--forfeit-after", "600001"),
        ("--cpu-limit", "0"),
        ("--cpu-limit", "86401"),
        ("--memory-limit", "15"),
        ("--memory-limit", "1048577"),
    ] {
        let mut args = tournament("", &["bot:greedy", "bot:miner"]);
        args.extend([option, value]);
        let out = gridlab(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{option} {value}: {err}");
        assert!(err.contains(option), "{option} {value}: {err}");
    }
    // A --json of more replay steps than it may hold is refused before any game.
    let out = gridlab(&tournament(
        "--games 10000 --steps 1000000 --json /dev/null",
        &["bot:greedy", "bot:miner"],
    ));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--json"), "{err}");
}

/// In real time an answer that comes after its tick is counted late, and one slower
/// than --forfeit-after is a warning: an entrant that takes 120 ms to answer 50 ms
/// ticks is late every time and forfeits after --warnings 2; the game keeps time.
#[test]
fn real_time_late_answers_are_counted_and_slow_entrants_forfeit() {
    let (table, log) = run_ok(&tournament(
        "--realtime --steps 40 --join-wait 30 --forfeit-after 100 --warnings 2",
        &[
            "slow=python3 tests/data/arena/slow.py 0.12",
            "bot:greedy",
            "bot:hunter",
            "bot:miner",
        ],
    ));
    let rows = standings(&table);
    let slow = row(&rows, "slow");
    // games, points, faults, warnings (3 a game: the third is one too many), late
    assert_eq!(
        (&*slow[2], &*slow[3], &*slow[5], &*slow[7]),
        ("4", "0", "4", "12"),
        "{table}\n{log}"
    );
    assert!(slow[8].parse::<u32>().unwrap() >= 12, "{table}");
    assert_eq!(slow[9], "0", "no timeouts in real time: {table}");
    assert!(slow[10].parse::<f64>().unwrap() > 100.0, "{table}");
    assert_eq!(
        log.matches("slow forfeits (3 warnings: answers over 100 ms)")
            .count(),
        4,
        "{log}"
    );
}
