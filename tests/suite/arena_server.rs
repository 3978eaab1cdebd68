//! The Arena server keeps playing whatever clients do: garbage, oversize lines,
//! unknown commands, silence, a client that never reads, one that leaves mid-game,
//! clients joining and leaving. Lock-step games keep these tests fast; the real-time
//! tick rate is measured by `cargo bench --bench arena` and the README.

use crate::common;
use common::table_rows as standings;
use common::{arena_serve, arena_serve_command, gridlab, ok, run_ok, tournament, Server, TempDir};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

use std::time::Duration;

/// A server playing lock-step games of `steps` steps, its lobby waiting `wait` seconds,
/// with `extra` options (a line of words); returns it and its replay folder.
fn server(steps: u32, wait: f64, extra: &str) -> (Server, TempDir) {
    let dir = TempDir::new("arena");
    let options = format!("--steps {steps} --wait {wait} {extra}");
    (arena_serve(&options, Some(&dir)), dir)
}

/// A connection that says hello as `name`.
fn connect(s: &Server, name: &str) -> (TcpStream, BufReader<TcpStream>) {
    s.open(&format!("{{\"hello\": \"{name}\"}}"))
}

/// Read lines until the game is over, answering every tick; counts the ticks seen.
fn play_along(w: &mut TcpStream, r: &mut BufReader<TcpStream>) -> (usize, String) {
    let mut ticks = 0;
    let mut line = String::new();
    loop {
        line.clear();
        if r.read_line(&mut line).unwrap() == 0 {
            panic!("the server closed the connection");
        }
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        if let Some(t) = v.get("tick") {
            ticks += 1;
            let _ = writeln!(
                w,
                "{{\"tick\": {t}, \"cmd\": \"{}\"}}",
                ["U", "R", "D", "L"][ticks % 4]
            );
        }
        if v.get("gameOver").is_some() {
            return (ticks, line.clone());
        }
    }
}

#[test]
fn garbage_oversize_and_unknown_commands_are_ignored() {
    let (mut s, dir) = server(150, 5.0, "--lockstep --step-timeout 50");
    let (mut bad, _bad_reader) = connect(&s, "bad");
    writeln!(bad, "this is not json").unwrap();
    bad.write_all(&vec![b'x'; 20_000]).unwrap();
    writeln!(bad).unwrap();
    writeln!(bad, "{{\"cmd\": \"JUMP\"}}").unwrap();
    writeln!(bad, "{{\"hello\": \"again\", \"extra\": 1}}").unwrap();
    writeln!(bad, "{{\"tick\": 0, \"cmd\": \"R\"}}").unwrap();
    let (mut good, mut reader) = connect(&s, "good");
    // The lobby waits for its time; the game then runs with both clients.
    let (ticks, over) = play_along(&mut good, &mut reader);
    assert_eq!(ticks, 150, "a state for every step");
    assert!(
        over.contains("\"bad\"") && over.contains("\"good\""),
        "{over}"
    );
    let status = s.wait();
    assert!(status.success());
    let err = s.whole_log();
    assert!(err.contains("not a message"), "{err}");
    assert!(err.contains("line longer than 4096 bytes"), "{err}");
    assert!(err.contains("unknown command 'JUMP'"), "{err}");
    // The replay is written and replays to the same scores.
    let log: gridlab::games::arena::CommandLog =
        serde_json::from_value(dir.json_files().remove(0)).unwrap();
    assert_eq!(log.steps.len(), 150);
    let arena = gridlab::games::arena::replay(&log);
    let scores: Vec<i64> = arena.players.iter().map(|p| p.score).collect();
    assert!(
        over.contains(&format!("\"scores\":{scores:?}").replace(' ', "")),
        "{over} vs {scores:?}"
    );
}

#[test]
fn silent_slow_and_departing_clients_do_not_stop_the_game() {
    let (mut s, _dir) = server(400, 5.0, "--lockstep --step-timeout 10");
    // Says hello and then never reads (with a small receive buffer): its queue fills
    // and states are dropped.
    let sleeper = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    sleeper.set_recv_buffer_size(4096).unwrap();
    sleeper
        .connect(&std::net::SocketAddr::from(([127, 0, 0, 1], s.port())).into())
        .unwrap();
    let mut sleeper: TcpStream = sleeper.into();
    writeln!(sleeper, "{{\"hello\": \"sleeper\"}}").unwrap();
    // Says hello, plays a little, leaves.
    let (mut leaver, mut leaver_reader) = connect(&s, "leaver");
    // Silent: connects and says nothing at all (no seat).
    let _silent = TcpStream::connect(&s.addr).unwrap();
    let (mut good, mut reader) = connect(&s, "good");
    let mut line = String::new();
    for _ in 0..20 {
        line.clear();
        leaver_reader.read_line(&mut line).unwrap();
        let _ = writeln!(leaver, "{{\"cmd\": \"L\"}}");
    }
    drop(leaver);
    drop(leaver_reader);
    let (ticks, over) = play_along(&mut good, &mut reader);
    assert_eq!(ticks, 400);
    assert!(
        over.contains("\"sleeper\"") && over.contains("\"leaver\""),
        "{over}"
    );
    assert!(s.wait().success());
    let err = s.whole_log();
    assert!(err.contains("reads too slowly"), "{err}");
    assert!(err.contains("leaver left: the player idles"), "{err}");
}

#[test]
fn clients_join_and_leave_between_and_during_games() {
    // Real time, 40 steps (2 s) a game, three games.
    let (mut s, _dir) = server(40, 0.2, "--realtime --games 3");
    // Nobody in the lobby: game 0 starts with bots; a client joins during it, takes
    // a bot's seat, plays to the end of game 0, and is seated again in game 1.
    std::thread::sleep(Duration::from_millis(500));
    let (mut w, mut r) = connect(&s, "late");
    let (ticks0, over0) = play_along(&mut w, &mut r);
    assert!((1..=41).contains(&ticks0), "{ticks0}");
    assert!(over0.contains("\"late\""), "{over0}");
    let (ticks1, over1) = play_along(&mut w, &mut r);
    assert_eq!(ticks1, 40, "a whole game");
    assert!(over1.contains("\"late\""), "{over1}");
    drop(w);
    drop(r);
    // Game 2 is played without it; the server reports three games and its ticks.
    assert!(s.wait().success());
    let out = s.rest_of_output();
    assert_eq!(out.matches("game ").count(), 3, "{out}");
    assert!(out.contains("tick lateness over 120 ticks"), "{out}");
}

#[test]
fn a_tournament_seats_everyone_equally_and_ranks_by_points() {
    let table = ok(&gridlab(&tournament(
        "--steps 200 --step-timeout 100",
        &[
            "bot:greedy",
            "bot:hunter",
            "python3 examples/arena_client.py",
            "bot:miner",
        ],
    )));
    let rows = standings(&table);
    assert_eq!(rows.len(), 4, "{table}");
    // Four games: every entrant once from each seat; 11 points shared a game (points
    // print with at most two decimals).
    let points: f64 = rows.iter().map(|r| r[3].parse::<f64>().unwrap()).sum();
    assert!((points - 44.0).abs() < 0.05, "{table}");
    assert!(
        rows.iter()
            .all(|r| r[3].split('.').nth(1).is_none_or(|d| d.len() <= 2)),
        "{table}"
    );
    assert!(rows.iter().all(|r| r[5] == "0"), "no faults: {table}");
    for (rank, row) in rows.iter().enumerate() {
        assert_eq!(row[0], (rank + 1).to_string());
        assert_eq!(row[2], "4", "{table}");
    }
    for pair in rows.windows(2) {
        let (a, b) = (
            pair[0][3].parse::<f64>().unwrap(),
            pair[1][3].parse::<f64>().unwrap(),
        );
        assert!(a >= b, "{table}");
    }
    assert!(table.contains("python3 examples/arena_client.py"));
}

#[test]
fn with_a_number_of_bots_the_game_starts_when_the_clients_are_in() {
    // Three bots, one client expected: the lobby would wait 60 s, but the game starts
    // as soon as the client has joined.
    let started = std::time::Instant::now();
    let (mut s, _dir) = server(50, 60.0, "--lockstep --step-timeout 50 --bots 3");
    let (mut w, mut r) = connect(&s, "solo");
    let (ticks, over) = play_along(&mut w, &mut r);
    assert_eq!(ticks, 50);
    assert!(over.contains("\"names\":[\"solo\",\"bot:"), "{over}");
    assert!(s.wait().success());
    assert!(
        started.elapsed() < Duration::from_secs(55),
        "it did not wait for the lobby"
    );
}

/// Run `gridlab` with `args` and return its exit code and standard error.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = gridlab(args);
    (out.status.code(), common::text(&out.stderr))
}

#[test]
fn a_wait_that_is_not_a_finite_number_of_seconds_up_to_a_day_is_refused() {
    for wait in ["inf", "NaN", "1e30", "-1", "86401", "soon"] {
        let (code, err) = run(&["arena", "serve", "--port", "0", "--wait", wait]);
        assert_eq!(code, Some(2), "--wait {wait}: {err}");
        assert!(err.contains("--wait"), "--wait {wait}: {err}");
        assert!(!err.contains("panicked"), "--wait {wait}: {err}");
    }
}

#[test]
fn numeric_options_out_of_their_stated_range_are_refused() {
    let cases = [
        "arena serve --port 0 --steps 0",
        "arena serve --port 0 --steps 4000000000",
        "arena serve --port 0 --step-timeout 18446744073709551615",
        "arena serve --port 0 --games 2000000",
        "arena play --steps 1000001",
        "arena tournament --entrant bot:greedy --entrant bot:miner --games 0",
        "arena tournament --entrant bot:greedy --entrant bot:miner --games 4294967295",
        "arena tournament --entrant bot:greedy --entrant bot:miner --step-timeout 60001",
    ];
    for line in cases {
        let args = common::words(line);
        let (code, err) = run(&args);
        let option = args[args.len() - 2];
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(option), "{args:?}: {err}");
    }
    let mut many = vec!["arena", "tournament"];
    for _ in 0..257 {
        many.extend(["--entrant", "bot:greedy"]);
    }
    let (code, err) = run(&many);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("at most 256"), "{err}");
}

#[test]
fn a_connection_that_never_says_hello_is_closed_with_a_reason() {
    // The lobby waits long for a client; a silent connection is closed after the
    // join timeout (1 s here) with an error line, and the server goes on.
    let (mut s, _dir) = server(20, 120.0, "--lockstep --bots 3 --join-timeout 1");
    let silent = TcpStream::connect(&s.addr).unwrap();
    silent
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut said = String::new();
    BufReader::new(&silent).read_to_string(&mut said).unwrap();
    assert!(
        said.contains("\"error\"") && said.contains("no hello"),
        "{said}"
    );
    // A client that says hello in time plays.
    let (mut w, mut r) = connect(&s, "prompt");
    let (ticks, _) = play_along(&mut w, &mut r);
    assert_eq!(ticks, 20);
    assert!(s.wait().success());
}

/// With its descriptor table full, the server neither spins nor logs every failed
/// `accept`: it backs off, says so once, and serves again when descriptors free up.
#[cfg(target_os = "linux")]
#[test]
fn a_full_descriptor_table_makes_the_server_back_off_not_spin() {
    let dir = TempDir::new("arena-fd");
    let command = arena_serve_command("--lockstep --bots 3 --steps 20 --wait 600", Some(&dir));
    let mut s = common::spawn_serving(common::under_shell("ulimit -n 32", &command));
    // More connections than descriptors: the last ones wait in the listen queue.
    let idle: Vec<TcpStream> = (0..48)
        .map(|_| TcpStream::connect(&s.addr).unwrap())
        .collect();
    let saw = |what: &str| s.log().contains(what);
    for _ in 0..600 {
        if saw("cannot accept connections") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(saw("cannot accept connections"), "{}", s.log());
    // While the table is full, the server sleeps rather than retrying flat out:
    // well under a second of CPU in two seconds (a spinning loop takes about two).
    let before = s.cpu_ticks();
    std::thread::sleep(Duration::from_secs(2));
    let ticks = s.cpu_ticks() - before; // clock ticks, usually 100 a second
    assert!(ticks < 100, "{ticks} ticks of CPU in 2 s");
    drop(idle);
    // Descriptors free up: a client is accepted, joins and plays.
    let (mut w, mut r) = connect(&s, "patient");
    let (steps, _) = play_along(&mut w, &mut r);
    assert_eq!(steps, 20);
    assert!(s.wait().success());
    let log = s.whole_log();
    assert!(log.contains("accepting connections again"), "{log}");
    // One line per burst, not one per failed accept.
    assert!(
        log.matches("cannot accept connections").count() <= 5,
        "{log}"
    );
}

/// A TA's tournament: a client that exits at once and one that never connects forfeit
/// every game (0 points, a fault each) instead of inheriting the bot that keeps their
/// seat warm; named entrants; and no client process (nor what it started) outlives the
/// tournament.
#[test]
fn faulty_entrants_forfeit_and_leave_no_process_behind() {
    let marker = format!("613.{}", std::process::id() % 1000);
    let sleeper = format!("sleeper=sleep {marker}");
    let (table, log) = run_ok(&tournament(
        "--steps 100 --step-timeout 50 --join-wait 0.5",
        &["crash=exit 3", &sleeper, "bot:greedy", "bot:hunter"],
    ));
    let rows = standings(&table);
    assert_eq!(rows.len(), 4, "{table}");
    for name in ["crash", "sleeper"] {
        let row = rows.iter().find(|r| r[1] == name).expect(&table);
        assert_eq!(
            (
                row[2].as_str(),
                row[3].as_str(),
                row[4].as_str(),
                row[5].as_str()
            ),
            ("4", "0", "0", "4"),
            "{table}"
        );
    }
    for name in ["bot:greedy", "bot:hunter"] {
        let row = rows.iter().find(|r| r[1] == name).expect(&table);
        assert!(row[3].parse::<f64>().unwrap() > 0.0, "{table}");
        assert_eq!(row[5], "0", "{table}");
    }
    assert!(["1", "2"].contains(&rows.iter().find(|r| r[1] == "bot:greedy").unwrap()[0].as_str()));
    assert!(
        log.contains("crash forfeits (exited with exit status: 3)")
            || log.contains("crash forfeits (did not connect)"),
        "{log}"
    );
    assert!(log.contains("sleeper forfeits (did not connect)"), "{log}");
    if let Some(left) = common::processes(&format!("sleep {marker}")) {
        assert!(left.is_empty(), "sleep processes left: {left}");
    }
}
