//! The Arena server keeps playing whatever clients do: garbage, oversize lines,
//! unknown commands, silence, a client that never reads, one that leaves mid-game,
//! clients joining and leaving. Lock-step games keep these tests fast; the real-time
//! tick rate is measured by `cargo bench --bench arena` and the README.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A server playing one lock-step game of `steps` steps; returns it and its port.
fn server(steps: u32, wait: f64, extra: &[&str]) -> (Child, u16, tempfile_dir::Dir) {
    let dir = tempfile_dir::Dir::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridlab"))
        .args(["arena", "serve", "--port", "0"])
        .args(["--steps", &steps.to_string(), "--wait", &wait.to_string()])
        .arg("--replays")
        .arg(&dir.0)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    let port = first.trim().rsplit(':').next().unwrap().parse().unwrap();
    (child, port, dir)
}

/// A tiny temporary folder that removes itself.
mod tempfile_dir {
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new() -> Dir {
            use std::sync::atomic::{AtomicU32, Ordering};
            static N: AtomicU32 = AtomicU32::new(0);
            let p = std::env::temp_dir().join(format!(
                "gridlab-arena-{}-{}",
                std::process::id(),
                N.fetch_add(1, Ordering::Relaxed)
            ));
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn connect(port: u16, name: &str) -> (TcpStream, BufReader<TcpStream>) {
    let s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut w = s.try_clone().unwrap();
    writeln!(w, "{{\"hello\": \"{name}\"}}").unwrap();
    (w, BufReader::new(s))
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
    let (mut child, port, dir) = server(150, 5.0, &["--lockstep", "--step-timeout", "50"]);
    let (mut bad, _bad_reader) = connect(port, "bad");
    writeln!(bad, "this is not json").unwrap();
    bad.write_all(&vec![b'x'; 20_000]).unwrap();
    writeln!(bad).unwrap();
    writeln!(bad, "{{\"cmd\": \"JUMP\"}}").unwrap();
    writeln!(bad, "{{\"hello\": \"again\", \"extra\": 1}}").unwrap();
    writeln!(bad, "{{\"tick\": 0, \"cmd\": \"R\"}}").unwrap();
    let (mut good, mut reader) = connect(port, "good");
    // The lobby waits for its time; the game then runs with both clients.
    let (ticks, over) = play_along(&mut good, &mut reader);
    assert_eq!(ticks, 150, "a state for every step");
    assert!(
        over.contains("\"bad\"") && over.contains("\"good\""),
        "{over}"
    );
    let status = child.wait().unwrap();
    assert!(status.success());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(err.contains("not a message"), "{err}");
    assert!(err.contains("line longer than 4096 bytes"), "{err}");
    assert!(err.contains("unknown command 'JUMP'"), "{err}");
    // The replay is written and replays to the same scores.
    let replay = std::fs::read_dir(&dir.0)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let log: gridlab::games::arena::CommandLog =
        serde_json::from_str(&std::fs::read_to_string(replay).unwrap()).unwrap();
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
    let (mut child, port, _dir) = server(400, 5.0, &["--lockstep", "--step-timeout", "10"]);
    // Says hello and then never reads (with a small receive buffer): its queue fills
    // and states are dropped.
    let sleeper = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    sleeper.set_recv_buffer_size(4096).unwrap();
    sleeper
        .connect(&std::net::SocketAddr::from(([127, 0, 0, 1], port)).into())
        .unwrap();
    let mut sleeper: TcpStream = sleeper.into();
    writeln!(sleeper, "{{\"hello\": \"sleeper\"}}").unwrap();
    // Says hello, plays a little, leaves.
    let (mut leaver, mut leaver_reader) = connect(port, "leaver");
    // Silent: connects and says nothing at all (no seat).
    let _silent = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let (mut good, mut reader) = connect(port, "good");
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
    assert!(child.wait().unwrap().success());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(err.contains("reads too slowly"), "{err}");
    assert!(err.contains("leaver left: the player idles"), "{err}");
}

#[test]
fn clients_join_and_leave_between_and_during_games() {
    // Real time, 40 steps (2 s) a game, three games.
    let (mut child, port, _dir) = server(40, 0.2, &["--realtime", "--games", "3"]);
    // Nobody in the lobby: game 0 starts with bots; a client joins during it, takes
    // a bot's seat, plays to the end of game 0, and is seated again in game 1.
    std::thread::sleep(Duration::from_millis(500));
    let (mut w, mut r) = connect(port, "late");
    let (ticks0, over0) = play_along(&mut w, &mut r);
    assert!((1..=41).contains(&ticks0), "{ticks0}");
    assert!(over0.contains("\"late\""), "{over0}");
    let (ticks1, over1) = play_along(&mut w, &mut r);
    assert_eq!(ticks1, 40, "a whole game");
    assert!(over1.contains("\"late\""), "{over1}");
    drop(w);
    drop(r);
    // Game 2 is played without it; the server reports three games and its ticks.
    assert!(child.wait().unwrap().success());
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(out.matches("game ").count(), 3, "{out}");
    assert!(out.contains("tick lateness over 120 ticks"), "{out}");
}

#[test]
fn a_tournament_seats_everyone_equally_and_ranks_by_points() {
    let out = Command::new(env!("CARGO_BIN_EXE_gridlab"))
        .args([
            "arena",
            "tournament",
            "--steps",
            "200",
            "--step-timeout",
            "100",
        ])
        .args(["--entrant", "bot:greedy", "--entrant", "bot:hunter"])
        .args([
            "--entrant",
            "python3 examples/arena_client.py",
            "--entrant",
            "bot:miner",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<&str>> = table
        .lines()
        .skip(2)
        .map(|l| l.trim_matches('|').split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 4, "{table}");
    // Four games: every entrant once from each seat; 11 points shared a game.
    let points: f64 = rows.iter().map(|r| r[3].parse::<f64>().unwrap()).sum();
    assert_eq!(points, 44.0, "{table}");
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
    let (mut child, port, _dir) = server(
        50,
        60.0,
        &["--lockstep", "--step-timeout", "50", "--bots", "3"],
    );
    let (mut w, mut r) = connect(port, "solo");
    let (ticks, over) = play_along(&mut w, &mut r);
    assert_eq!(ticks, 50);
    assert!(over.contains("\"names\":[\"solo\",\"bot:"), "{over}");
    assert!(child.wait().unwrap().success());
    assert!(
        started.elapsed() < Duration::from_secs(55),
        "it did not wait for the lobby"
    );
}
