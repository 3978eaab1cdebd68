//! The Arena TCP game server: JSON lines, seats for up to four clients (free seats
//! played by bots), real-time (50 ms ticks) or lock-step, a replay file per game.
//! A client's garbage, silence, slowness or departure never stops a game, and no
//! client holds more than bounded resources: a line is at most [`MAX_LINE`] bytes,
//! at most [`MAX_CONNECTIONS`] connections are open at once, a connection that has
//! not said hello within [`Options::join_timeout`] is closed.

use super::complaints::Complaints;
use super::timing::{Policy, SeatTiming};
use gridlab::games::arena::{
    parse_client_line, tick_line, tournament_points, Arena, Bot, BotKind, ClientMessage, Command,
    CommandLog, Config, MAX_LINE,
};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, Semaphore};

/// Connections open at once (players, waiting players, spectators and connections
/// that have not said hello yet); one more is told the server is full and closed.
pub const MAX_CONNECTIONS: usize = 256;

/// How long a new connection has to say hello (or ask to spectate) by default.
pub const JOIN_TIMEOUT: Duration = Duration::from_secs(30);

/// Lines queued for a client before it counts as a slow reader (later lines for it
/// are dropped until it catches up).
const QUEUE: usize = 64;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Real time (a tick every `tick`) or lock-step (a step as soon as every client
    /// has answered, or after `step_timeout`).
    pub realtime: bool,
    /// Tick length in real time.
    pub tick: Duration,
    /// Lock-step: the longest wait for a client's command.
    pub step_timeout: Duration,
    /// Games to play before the server stops (0: for ever).
    pub games: u32,
    /// How long to wait for clients before the first game.
    pub lobby: Duration,
    /// The bots that fill free seats, in seat order.
    pub bots: Vec<BotKind>,
    /// The game's numbers.
    pub config: Config,
    /// Seed of game 0 (game g uses seed + g).
    pub seed: u64,
    /// Folder for the replays (None: none written).
    pub replays: Option<PathBuf>,
    /// Print per-game results and tick timing to standard output.
    pub report: bool,
    /// With a number of bots: how many clients the first game waits for (it starts
    /// as soon as they have joined, and their seats are never played by bots).
    pub expect_clients: Option<usize>,
    /// Seats kept for named clients (a joiner whose hello names one takes it); the
    /// lobby ends as soon as all of them have joined.
    pub reserved: Vec<Option<String>>,
    /// How long a new connection has to say hello (or ask to spectate) before it is
    /// closed.
    pub join_timeout: Duration,
    /// Warnings for slow answers, and when they forfeit a seat.
    pub policy: Policy,
}

/// Messages from connection tasks to the game loop.
enum Event {
    Joined {
        id: u64,
        name: String,
        out: mpsc::Sender<String>,
        spectator: bool,
    },
    Command {
        id: u64,
        tick: Option<u32>,
        command: Option<Command>,
    },
    Left {
        id: u64,
    },
}

/// A seat's occupant.
enum Seat {
    Bot(Box<dyn Bot + Send>, BotKind),
    Client { id: u64, name: String },
    Idle { name: String },
}

/// What one game produced.
pub struct GameResult {
    /// Players' names by seat.
    pub names: Vec<String>,
    /// Final scores by seat.
    pub scores: [i64; 4],
    /// Tick intervals' deviation from the nominal tick (real time only).
    pub jitter: Vec<Duration>,
    /// Each seat's answer times and warnings.
    pub timing: [SeatTiming; 4],
    /// The game's command log (its replay).
    pub log: CommandLog,
}

/// Serve on `listener` until `options.games` games are played.
pub async fn serve(listener: TcpListener, options: Options) -> Vec<GameResult> {
    let (events_tx, mut events) = mpsc::channel::<Event>(1024);
    let accept = tokio::spawn(accept_loop(listener, events_tx, options.join_timeout));
    let mut clients: HashMap<u64, mpsc::Sender<String>> = HashMap::new();
    let mut spectators: HashMap<u64, mpsc::Sender<String>> = HashMap::new();
    let mut seats: Vec<Seat> = (0..4)
        .map(|i| bot_seat(options.bots.get(i).copied().unwrap_or(BotKind::Hunter)))
        .collect();
    let mut waiting: Vec<(u64, String)> = Vec::new();
    // Lobby: collect the first joiners.
    let lobby_end = Instant::now() + options.lobby;
    let all_reserved_in = |seats: &[Seat]| {
        options.reserved.iter().enumerate().all(|(i, r)| match r {
            None => true,
            Some(name) => matches!(&seats[i], Seat::Client { name: n, .. } if n == name),
        })
    };
    let enough = |seats: &[Seat]| match options.expect_clients {
        Some(n) => {
            seats
                .iter()
                .filter(|s| matches!(s, Seat::Client { .. }))
                .count()
                >= n
        }
        None => options.reserved.iter().any(Option::is_some) && all_reserved_in(seats),
    };
    // The client seats of a "--bots K" server idle rather than play as bots.
    if let Some(n) = options.expect_clients {
        for seat in seats.iter_mut().take(n) {
            *seat = Seat::Idle {
                name: "(free)".into(),
            };
        }
    }
    while Instant::now() < lobby_end && !enough(&seats) {
        let left = lobby_end.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, events.recv()).await {
            Ok(Some(event)) => handle_event(
                event,
                &mut clients,
                &mut spectators,
                &mut waiting,
                &mut seats,
                &options.reserved,
                &options.config,
                None,
                &mut [None; 4],
            ),
            _ => break,
        }
    }
    let mut results = Vec::new();
    let mut game = 0;
    while options.games == 0 || game < options.games {
        let result = play_one(
            &options,
            game,
            &mut events,
            &mut clients,
            &mut spectators,
            &mut waiting,
            &mut seats,
        )
        .await;
        if options.report {
            let points = tournament_points(&result.scores);
            let mut line = format!("game {game}:");
            for ((name, score), points) in result.names.iter().zip(result.scores).zip(points) {
                line.push_str(&format!(" {name} {score} ({points} pts);"));
            }
            println!("{line}");
        }
        // A server that plays for ever never returns its results: keep none.
        if options.games != 0 {
            results.push(result);
        }
        game += 1;
    }
    accept.abort();
    // Let the writers send what is queued (the last state, "gameOver").
    drop(clients);
    drop(spectators);
    tokio::time::sleep(Duration::from_millis(300)).await;
    results
}

fn bot_seat(kind: BotKind) -> Seat {
    Seat::Bot(kind.bot(), kind)
}

fn seat_name(seat: &Seat) -> String {
    match seat {
        Seat::Bot(_, kind) => format!("bot:{}", format!("{kind:?}").to_lowercase()),
        Seat::Client { name, .. } | Seat::Idle { name } => name.clone(),
    }
}

/// Apply a connection event: seat a joiner (an idle seat, else a bot's), note a
/// command, free the seat of a client that left (the player idles).
#[allow(clippy::too_many_arguments)] // the game loop's state, passed down whole
fn handle_event(
    event: Event,
    clients: &mut HashMap<u64, mpsc::Sender<String>>,
    spectators: &mut HashMap<u64, mpsc::Sender<String>>,
    waiting: &mut Vec<(u64, String)>,
    seats: &mut [Seat],
    reserved: &[Option<String>],
    config: &Config,
    arena: Option<&Arena>,
    commands: &mut [Option<(Option<u32>, Option<Command>)>; 4],
) {
    match event {
        Event::Joined {
            id,
            name,
            out,
            spectator,
        } => {
            if spectator {
                // The config, the names by seat, and (during a game) the whole state
                // with the maze, as a player joining mid-game gets.
                let names: Vec<String> = seats.iter().map(seat_name).collect();
                let hello = serde_json::json!({
                    "spectating": true,
                    "config": arena.map_or(config, |a| &a.config),
                    "names": names,
                });
                let _ = out.try_send(hello.to_string());
                if let Some(a) = arena {
                    let _ = out.try_send(tick_line(a, true));
                }
                spectators.insert(id, out);
                return;
            }
            let kept = |s: usize| reserved.get(s).cloned().flatten();
            let open = |s: usize| kept(s).is_none() || kept(s).as_deref() == Some(name.as_str());
            let free = (0..seats.len())
                .find(|&s| {
                    kept(s).as_deref() == Some(name.as_str())
                        && !matches!(seats[s], Seat::Client { .. })
                })
                .or_else(|| {
                    (0..seats.len()).find(|&s| open(s) && matches!(seats[s], Seat::Idle { .. }))
                })
                .or_else(|| {
                    (0..seats.len()).find(|&s| open(s) && matches!(seats[s], Seat::Bot(..)))
                });
            match free {
                Some(seat) => {
                    seats[seat] = Seat::Client {
                        id,
                        name: name.clone(),
                    };
                    let config = serde_json::to_string(arena.map_or(config, |a| &a.config))
                        .unwrap_or_default();
                    let _ = out.try_send(format!("{{\"welcome\":{seat},\"config\":{config}}}"));
                    if let Some(a) = arena {
                        let _ = out.try_send(tick_line(a, true));
                    }
                    clients.insert(id, out);
                }
                None => {
                    let _ = out.try_send(
                        "{\"error\":\"all four seats are taken; wait for the next game\"}"
                            .to_string(),
                    );
                    clients.insert(id, out);
                    waiting.push((id, name));
                }
            }
        }
        Event::Command { id, tick, command } => {
            if let Some(seat) = seats
                .iter()
                .position(|s| matches!(s, Seat::Client { id: c, .. } if *c == id))
            {
                commands[seat] = Some((tick, command));
            }
        }
        Event::Left { id } => {
            clients.remove(&id);
            spectators.remove(&id);
            waiting.retain(|(w, _)| *w != id);
            for seat in seats.iter_mut() {
                if let Seat::Client { id: c, name } = seat {
                    if *c == id {
                        eprintln!("[arena] {name} left: the player idles");
                        *seat = Seat::Idle {
                            name: std::mem::take(name),
                        };
                    }
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)] // the game loop's state, passed down whole
async fn play_one(
    options: &Options,
    game: u32,
    events: &mut mpsc::Receiver<Event>,
    clients: &mut HashMap<u64, mpsc::Sender<String>>,
    spectators: &mut HashMap<u64, mpsc::Sender<String>>,
    waiting: &mut Vec<(u64, String)>,
    seats: &mut [Seat],
) -> GameResult {
    // Waiting clients take seats left idle by the last game.
    for seat in seats.iter_mut() {
        if let Seat::Idle { .. } = seat {
            *seat = bot_seat(BotKind::Hunter);
        }
    }
    while let Some((id, name)) = waiting.pop() {
        if let Some(seat) = seats.iter().position(|s| matches!(s, Seat::Bot(..))) {
            seats[seat] = Seat::Client { id, name };
            if let Some(out) = clients.get(&id) {
                let _ = out.try_send(format!(
                    "{{\"welcome\":{seat},\"config\":{}}}",
                    serde_json::to_string(&options.config).unwrap_or_default()
                ));
            }
        }
    }
    let seed = options.seed.wrapping_add(u64::from(game));
    let mut arena = Arena::new(options.config.clone(), seed);
    let mut log = CommandLog {
        seed,
        config: options.config.clone(),
        names: seats.iter().map(seat_name).collect(),
        steps: Vec::with_capacity(options.config.steps as usize),
    };
    let mut commands: [Option<(Option<u32>, Option<Command>)>; 4] = [None; 4];
    let mut timing: [SeatTiming; 4] = Default::default();
    let mut sent: Vec<Instant> = Vec::with_capacity(options.config.steps as usize);
    let mut jitter = Vec::new();
    let mut last_round = 0;
    let start = tokio::time::Instant::now();
    let mut dropped: HashMap<u64, u64> = HashMap::new();
    while !arena.over() {
        // Tell everyone the state of this tick.
        let line = tick_line(&arena, arena.round != last_round);
        last_round = arena.round;
        sent.push(Instant::now());
        for (id, out) in clients.iter().chain(spectators.iter()) {
            if out.try_send(line.clone()).is_err() {
                let n = dropped.entry(*id).or_default();
                *n += 1;
                if *n == 1 || n.is_power_of_two() {
                    eprintln!("[arena] client {id} reads too slowly: {n} states dropped");
                }
            }
        }
        // Collect commands until the step is due.
        let tick = arena.tick;
        if options.realtime {
            let due = start + options.tick * (tick + 1);
            while let Ok(Some(event)) = tokio::time::timeout_at(due, events.recv()).await {
                time_answer(&event, seats, &mut timing, tick, &sent, &options.policy);
                handle_event(
                    event,
                    clients,
                    spectators,
                    waiting,
                    seats,
                    &options.reserved,
                    &options.config,
                    Some(&arena),
                    &mut commands,
                );
            }
            let late = tokio::time::Instant::now().saturating_duration_since(due);
            jitter.push(late);
        } else {
            let deadline = tokio::time::Instant::now() + options.step_timeout;
            loop {
                let all_in = seats.iter().enumerate().all(|(s, seat)| {
                    !matches!(seat, Seat::Client { .. })
                        || commands[s].is_some_and(|(t, _)| t.is_none_or(|t| t >= tick))
                });
                if all_in {
                    break;
                }
                match tokio::time::timeout_at(deadline, events.recv()).await {
                    Ok(Some(event)) => {
                        time_answer(&event, seats, &mut timing, tick, &sent, &options.policy);
                        handle_event(
                            event,
                            clients,
                            spectators,
                            waiting,
                            seats,
                            &options.reserved,
                            &options.config,
                            Some(&arena),
                            &mut commands,
                        )
                    }
                    Ok(None) | Err(_) => break,
                }
            }
            for (s, seat) in seats.iter().enumerate() {
                if matches!(seat, Seat::Client { .. }) {
                    if !timing[s].has_answered(tick) {
                        timing[s].timeouts += 1;
                    }
                    timing[s].overdue(tick, &sent, &options.policy);
                }
            }
        }
        forfeit_seats(seats, &timing, clients, &options.bots);
        let mut step = [None; 4];
        for (s, seat) in seats.iter_mut().enumerate() {
            step[s] = match seat {
                Seat::Bot(bot, _) => bot.command(&arena, s),
                Seat::Client { .. } => commands[s].take().and_then(|(_, c)| c),
                Seat::Idle { .. } => None,
            };
        }
        arena.step(&step);
        log.steps.push(step);
    }
    let scores = [0, 1, 2, 3].map(|s| arena.players[s].score);
    // Who sat where at the end (a client that joined during the game included).
    log.names = seats.iter().map(seat_name).collect();
    let over =
        serde_json::json!({ "gameOver": { "scores": scores, "names": log.names } }).to_string();
    for out in clients.values().chain(spectators.values()) {
        let _ = out.try_send(over.clone());
    }
    if let Some(dir) = &options.replays {
        let path = dir.join(format!("game-{game:03}-seed-{seed}.json"));
        if let Err(e) = std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&path, serde_json::to_string(&log).unwrap_or_default()))
        {
            eprintln!("[arena] cannot write {}: {e}", path.display());
        }
    }
    GameResult {
        names: log.names.clone(),
        scores,
        jitter,
        timing,
        log,
    }
}

/// Note the answer time of a seated client's command.
fn time_answer(
    event: &Event,
    seats: &[Seat],
    timing: &mut [SeatTiming; 4],
    current: u32,
    sent: &[Instant],
    policy: &Policy,
) {
    if let Event::Command { id, tick, .. } = event {
        if let Some(s) = seats
            .iter()
            .position(|seat| matches!(seat, Seat::Client { id: c, .. } if c == id))
        {
            timing[s].answer(*tick, current, sent, policy);
        }
    }
}

/// A client whose seat has forfeited the game is told so, and the bot that kept the
/// seat warm plays it again (the game no longer waits for the client).
fn forfeit_seats(
    seats: &mut [Seat],
    timing: &[SeatTiming; 4],
    clients: &HashMap<u64, mpsc::Sender<String>>,
    bots: &[BotKind],
) {
    for (s, seat) in seats.iter_mut().enumerate() {
        let Seat::Client { id, name } = seat else {
            continue;
        };
        let Some(why) = &timing[s].forfeit else {
            continue;
        };
        eprintln!("[arena] {name} forfeits the game: {why}");
        if let Some(out) = clients.get(id) {
            let line = serde_json::json!({ "error": format!("you forfeit this game: {why}") });
            let _ = out.try_send(line.to_string());
        }
        *seat = bot_seat(bots.get(s).copied().unwrap_or(BotKind::Hunter));
    }
}

async fn accept_loop(listener: TcpListener, events: mpsc::Sender<Event>, join_timeout: Duration) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut backoff = crate::cli::accept::Backoff::new();
    let mut next_id = 0;
    loop {
        let (stream, peer) = crate::cli::accept::accept(&listener, &mut backoff, "[arena]").await;
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            // Full: say so (the line fits in a fresh socket's buffer) and close.
            let _ = stream.try_write(
                format!(
                    "{{\"error\":\"the server is full ({MAX_CONNECTIONS} connections); try again later\"}}\n"
                )
                .as_bytes(),
            );
            continue;
        };
        next_id += 1;
        let _ = stream.set_nodelay(true);
        // A small send buffer: a client that stops reading is noticed soon and holds
        // little kernel memory.
        let _ = socket2::SockRef::from(&stream).set_send_buffer_size(32 * 1024);
        let events = events.clone();
        tokio::spawn(async move {
            connection(stream, next_id, peer.to_string(), events, join_timeout).await;
            drop(slot);
        });
    }
}

/// One client: read lines (at most [`MAX_LINE`] bytes each), forward what they mean,
/// write what the game sends through a bounded queue; close a connection that has
/// not joined within `join_timeout`.
async fn connection(
    stream: TcpStream,
    id: u64,
    peer: String,
    events: mpsc::Sender<Event>,
    join_timeout: Duration,
) {
    let (mut reader, mut writer) = stream.into_split();
    let (out_tx, mut out_rx) = mpsc::channel::<String>(QUEUE);
    let writer_task = tokio::spawn(async move {
        while let Some(mut line) = out_rx.recv().await {
            line.push('\n');
            let write =
                tokio::time::timeout(Duration::from_secs(5), writer.write_all(line.as_bytes()));
            if !matches!(write.await, Ok(Ok(()))) {
                break;
            }
        }
    });
    let mut joined = false;
    let mut buffer: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let mut discarding = false;
    let mut log = Complaints::new(format!("[arena] client {id} ({peer})"));
    let join_deadline = tokio::time::Instant::now() + join_timeout;
    let mut timed_out = false;
    loop {
        let read = if joined {
            reader.read(&mut chunk).await
        } else {
            match tokio::time::timeout_at(join_deadline, reader.read(&mut chunk)).await {
                Ok(read) => read,
                Err(_) => {
                    timed_out = true;
                    break;
                }
            }
        };
        let n = match read {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        for &byte in &chunk[..n] {
            if byte != b'\n' {
                if discarding {
                    continue;
                }
                if buffer.len() >= MAX_LINE {
                    log.say(&format!("line longer than {MAX_LINE} bytes: ignored"));
                    buffer.clear();
                    discarding = true;
                    continue;
                }
                buffer.push(byte);
                continue;
            }
            if std::mem::take(&mut discarding) {
                continue;
            }
            let line = String::from_utf8_lossy(&buffer).into_owned();
            buffer.clear();
            if line.trim().is_empty() {
                continue;
            }
            let event = match parse_client_line(&line) {
                Ok(ClientMessage::Hello(name)) if !joined => {
                    joined = true;
                    log.finish();
                    log = Complaints::new(format!("[arena] client {id} ({name})"));
                    Event::Joined {
                        id,
                        name,
                        out: out_tx.clone(),
                        spectator: false,
                    }
                }
                Ok(ClientMessage::Spectate) if !joined => {
                    joined = true;
                    Event::Joined {
                        id,
                        name: String::new(),
                        out: out_tx.clone(),
                        spectator: true,
                    }
                }
                Ok(ClientMessage::Command(tick, command)) if joined => Event::Command {
                    id,
                    tick,
                    command: Some(command),
                },
                Ok(ClientMessage::Pass(tick)) if joined => Event::Command {
                    id,
                    tick: Some(tick),
                    command: None,
                },
                Ok(other) => {
                    log.say(&format!("unexpected {other:?}: ignored"));
                    continue;
                }
                Err(e) => {
                    log.say(&format!("{e}: ignored"));
                    continue;
                }
            };
            if events.send(event).await.is_err() {
                break;
            }
        }
    }
    let _ = events.send(Event::Left { id }).await;
    if timed_out {
        log.say(&format!(
            "no hello within {} s: closed",
            join_timeout.as_secs_f64()
        ));
        let _ = out_tx.try_send(format!(
            "{{\"error\":\"no hello within {} s: closing the connection\"}}",
            join_timeout.as_secs_f64()
        ));
        // Not joined, so the game holds no sender: the writer sends the line and ends.
        drop(out_tx);
        let _ = tokio::time::timeout(Duration::from_secs(1), writer_task).await;
        return;
    }
    drop(out_tx);
    writer_task.abort();
}
