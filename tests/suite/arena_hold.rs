//! The Arena server under attack: an empty lock-step server neither spins nor fills the
//! disk (the game pauses until a client joins, and joins and spectators are answered);
//! a server playing for ever keeps a bounded number of replays; spectators and
//! connections that never say hello cannot lock players out.

use crate::common;
use common::{arena_serve, Server, TempDir};

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A server with its replay folder (the server goes first when dropped).
struct Hold {
    server: Server,
    dir: TempDir,
}

/// `gridlab arena serve --port 0 --replays DIR` with `options` (a line of words).
fn server(options: &str) -> Hold {
    let dir = TempDir::new("hold");
    Hold {
        server: arena_serve(options, Some(&dir)),
        dir,
    }
}

impl Hold {
    /// A connection that sends `first` (a hello or a spectate line).
    fn open(&self, first: &str) -> (TcpStream, BufReader<TcpStream>) {
        self.server.open(first)
    }

    /// The files in the replay folder, sorted.
    fn replays(&self) -> Vec<String> {
        self.dir.files()
    }
}

/// The next line as JSON.
fn next(r: &mut BufReader<TcpStream>) -> serde_json::Value {
    let mut line = String::new();
    assert!(r.read_line(&mut line).unwrap() > 0, "closed");
    serde_json::from_str(&line).unwrap()
}

/// Answer every tick until the game is over; the number of ticks seen.
fn play_game(w: &mut TcpStream, r: &mut BufReader<TcpStream>) -> usize {
    let mut ticks = 0;
    loop {
        let v = next(r);
        if let Some(t) = v.get("tick") {
            ticks += 1;
            writeln!(w, "{{\"tick\": {t}}}").unwrap();
        }
        if v.get("gameOver").is_some() {
            return ticks;
        }
    }
}

/// CPU ticks the server uses in `secs` seconds of wall time.
fn cpu_over(hold: &Hold, secs: u64) -> u64 {
    let before = hold.server.cpu_ticks();
    std::thread::sleep(Duration::from_secs(secs));
    hold.server.cpu_ticks() - before
}

#[cfg(target_os = "linux")]
#[test]
fn an_empty_lock_step_server_pauses_answers_and_writes_nothing() {
    let s = server("--lockstep --games 0 --wait 0 --steps 5");
    // Nobody seated: the game pauses, a spectator is answered at once (with the
    // paused state), the process sleeps and writes no replay.
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    let (_watch_w, mut watch) = s.open(r#"{"spectate": true}"#);
    let hello = next(&mut watch);
    assert_eq!(hello["spectating"], true, "{hello}");
    assert_eq!(next(&mut watch)["tick"], 0);
    assert!(asked.elapsed() < Duration::from_secs(15));
    // A spinning loop takes about 200 ticks in 2 s; an idle one next to none.
    let ticks = cpu_over(&s, 2);
    assert!(ticks < 60, "{ticks} ticks of CPU in 2 s with nobody seated");
    assert_eq!(s.replays(), Vec::<String>::new());
    // A player joins: the paused game goes on with it, and the next one too.
    let (mut w, mut r) = s.open(r#"{"hello": "ada"}"#);
    assert_eq!(next(&mut r)["welcome"], 0);
    assert_eq!(play_game(&mut w, &mut r), 5);
    assert_eq!(play_game(&mut w, &mut r), 5);
    // It leaves: the game pauses again, and nothing more is written.
    drop(w);
    drop(r);
    std::thread::sleep(Duration::from_millis(500));
    let written = s.replays();
    assert!((2..=3).contains(&written.len()), "{written:?}");
    let ticks = cpu_over(&s, 2);
    assert!(
        ticks < 60,
        "{ticks} ticks of CPU in 2 s after the player left"
    );
    assert_eq!(s.replays(), written);
    // The spectator saw the games played.
    let mut overs = 0;
    while overs < 2 {
        if next(&mut watch).get("gameOver").is_some() {
            overs += 1;
        }
    }
}

#[cfg(target_os = "linux")]
#[test]
fn an_all_bot_lock_step_server_plays_at_the_tick_rate_and_keeps_no_replay() {
    // --bots 4: no client expected; a lock-step step then waits a tick (50 ms).
    let s = server("--lockstep --bots 4 --games 0 --wait 0 --steps 20");
    let (_w, mut watch) = s.open(r#"{"spectate": true}"#);
    assert_eq!(next(&mut watch)["spectating"], true);
    let started = Instant::now();
    let mut ticks = 0;
    loop {
        let v = next(&mut watch);
        if v.get("tick").is_some() {
            ticks += 1;
        }
        if v.get("gameOver").is_some() && ticks >= 20 {
            break;
        }
    }
    // 20 or more steps at 50 ms each (the first game may have begun before we came).
    assert!(
        started.elapsed() >= Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
    let ticks = cpu_over(&s, 2);
    assert!(ticks < 100, "{ticks} ticks of CPU in 2 s");
    // A server playing for ever writes no replay of a game no client played in.
    assert_eq!(s.replays(), Vec::<String>::new());
}

#[test]
fn a_server_playing_for_ever_keeps_the_newest_replays() {
    let s = server("--lockstep --games 0 --wait 0 --steps 2 --keep-replays 3");
    let (mut w, mut r) = s.open(r#"{"hello": "ada"}"#);
    assert_eq!(next(&mut r)["welcome"], 0);
    for _ in 0..10 {
        assert_eq!(play_game(&mut w, &mut r), 2);
    }
    // The next game's first state: game 9's replay is written by then.
    assert_eq!(next(&mut r)["tick"], 0);
    let names: Vec<String> = s
        .replays()
        .iter()
        .map(|n| n.split("-seed").next().unwrap().to_string())
        .collect();
    assert_eq!(names, ["game-007", "game-008", "game-009"]);
}

#[test]
fn spectators_filling_their_pool_do_not_lock_out_a_player() {
    // Three bots and a seat for a client: the lobby waits for it.
    let s = server("--lockstep --bots 3 --wait 120 --steps 5");
    let mut watchers = Vec::new();
    for _ in 0..256 {
        let (w, mut r) = s.open(r#"{"spectate": true}"#);
        assert_eq!(next(&mut r)["spectating"], true);
        watchers.push((w, r));
    }
    // One spectator more is told the server is full and closed.
    let (_w, mut r) = s.open(r#"{"spectate": true}"#);
    let full = next(&mut r);
    assert!(
        full["error"]
            .as_str()
            .unwrap()
            .contains("256 spectators at most"),
        "{full}"
    );
    let mut rest = String::new();
    assert_eq!(r.read_line(&mut rest).unwrap(), 0, "closed after the error");
    // A player still gets its seat and plays.
    let (mut w, mut r) = s.open(r#"{"hello": "ada"}"#);
    assert_eq!(next(&mut r)["welcome"], 0);
    assert_eq!(play_game(&mut w, &mut r), 5);
}

#[test]
fn connections_that_never_say_hello_cannot_keep_a_player_out() {
    let s = server("--lockstep --bots 3 --wait 120 --steps 5");
    // More silent connections than the server holds at once.
    let silent: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(&s.server.addr).unwrap())
        .collect();
    // The oldest were closed to make room, with a reason.
    let mut said = String::new();
    silent[0]
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    BufReader::new(&silent[0]).read_line(&mut said).unwrap();
    assert!(said.contains("had not said hello"), "{said}");
    // A player who says hello at once is seated and plays.
    let (mut w, mut r) = s.open(r#"{"hello": "ada"}"#);
    assert_eq!(next(&mut r)["welcome"], 0);
    assert_eq!(play_game(&mut w, &mut r), 5);
}
