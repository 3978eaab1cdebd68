//! The Arena TCP game server: JSON lines, seats for up to four clients (free seats
//! played by bots), real-time (50 ms ticks) or lock-step, a replay file per game.
//! A client's garbage, silence, slowness or departure never stops a game, and no
//! client holds more than bounded resources: a line is at most [`MAX_LINE`] bytes,
//! connections are capped per kind ([`MAX_PENDING`] without a hello, [`MAX_PLAYERS`],
//! [`MAX_SPECTATORS`]), a connection that has not said hello within
//! [`Options::join_timeout`] is closed. A lock-step game with no client seated does
//! not spin (see [`NoClient`]).

use super::complaints::Complaints;
use super::connection::{accept_loop, Event};
#[cfg(doc)]
use super::connection::{MAX_PENDING, MAX_PLAYERS, MAX_SPECTATORS};
use super::replays::Replays;
use super::seats::Reservations;
use super::timing::{Policy, SeatTiming};
#[cfg(doc)]
use gridlab::games::arena::MAX_LINE;
use gridlab::games::arena::{
    tick_line, tournament_points, Arena, Bot, BotKind, Command, CommandLog, Config,
};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};

/// How long a new connection has to say hello (or ask to spectate) by default.
pub const JOIN_TIMEOUT: Duration = Duration::from_secs(30);

/// What a lock-step step does when no client is seated (nobody to wait for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoClient {
    /// Step at once: a tournament's game, whose clients are its own programs (a seat
    /// whose program is gone must not hold up the others) and whose games are few.
    Run,
    /// Wait a tick length (`Options::tick`) per step, answering joins and spectators
    /// meanwhile: an all-bot lock-step game runs at the real-time rate.
    Tick,
    /// Pause the game (answering joins and spectators) until a client takes a seat.
    Pause,
}

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Real time (a tick every `tick`) or lock-step (a step as soon as every client
    /// has answered, or after `step_timeout`).
    pub realtime: bool,
    /// Tick length in real time.
    pub tick: Duration,
    /// Lock-step: what a step does with no client seated.
    pub no_client: NoClient,
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
    /// A server that plays for ever (`games` 0) keeps at most this many replays (the
    /// oldest it wrote are deleted; 0: no bound), and writes none for a game that no
    /// client played in.
    pub keep_replays: usize,
    /// Print per-game results and tick timing to standard output.
    pub report: bool,
    /// With a number of bots: how many clients the first game waits for (it starts
    /// as soon as they have joined, and their seats are never played by bots).
    pub expect_clients: Option<usize>,
    /// Seats kept for the entrants' programs (a hello with a seat's token takes it;
    /// with any seat kept, no other joiner is seated); the lobby ends as soon as all
    /// of them have joined.
    pub reserved: Reservations,
    /// How long a new connection has to say hello (or ask to spectate) before it is
    /// closed.
    pub join_timeout: Duration,
    /// Warnings for slow answers, and when they forfeit a seat.
    pub policy: Policy,
    /// Per seat, whether the client kept for it is gone for good (its program has
    /// exited): the lobby does not wait for it.
    pub gone: Option<watch::Receiver<[bool; 4]>>,
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
    /// Whether a client held a seat at some step of the game.
    pub clients_played: bool,
}

/// Serve on `listener` until `options.games` games are played.
pub async fn serve(listener: TcpListener, options: Options) -> Vec<GameResult> {
    let (events_tx, mut events) = mpsc::channel::<Event>(1024);
    let (played_tx, played) = watch::channel(0u32);
    let accept = tokio::spawn(accept_loop(
        listener,
        events_tx,
        options.join_timeout,
        played,
        options.reserved.clone(),
    ));
    let mut clients: HashMap<u64, mpsc::Sender<String>> = HashMap::new();
    let mut spectators: HashMap<u64, mpsc::Sender<String>> = HashMap::new();
    let mut seats: Vec<Seat> = (0..4)
        .map(|i| bot_seat(options.bots.get(i).copied().unwrap_or(BotKind::Hunter)))
        .collect();
    let mut waiting: Vec<(u64, String)> = Vec::new();
    // Lobby: collect the first joiners.
    let lobby_end = Instant::now() + options.lobby;
    let mut gone = options.gone.clone();
    let all_reserved_in = |seats: &[Seat], gone: [bool; 4]| {
        options
            .reserved
            .seats()
            .iter()
            .enumerate()
            .all(|(i, r)| match r {
                None => true,
                Some(r) => {
                    gone[i] || matches!(&seats[i], Seat::Client { name: n, .. } if *n == r.name)
                }
            })
    };
    let enough = |seats: &[Seat], gone: [bool; 4]| match options.expect_clients {
        Some(n) => {
            seats
                .iter()
                .filter(|s| matches!(s, Seat::Client { .. }))
                .count()
                >= n
        }
        None => options.reserved.active() && all_reserved_in(seats, gone),
    };
    // The client seats of a "--bots K" server idle rather than play as bots.
    if let Some(n) = options.expect_clients {
        for seat in seats.iter_mut().take(n) {
            *seat = Seat::Idle {
                name: "(free)".into(),
            };
        }
    }
    let now_gone = |gone: &Option<watch::Receiver<[bool; 4]>>| {
        gone.as_ref().map_or([false; 4], |g| *g.borrow())
    };
    while Instant::now() < lobby_end && !enough(&seats, now_gone(&gone)) {
        let left = lobby_end.saturating_duration_since(Instant::now());
        let event = tokio::select! {
            event = tokio::time::timeout(left, events.recv()) => event,
            () = changed(&mut gone) => continue,
        };
        match event {
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
    let mut replays = options
        .replays
        .clone()
        .map(|dir| Replays::new(dir, options.keep_replays));
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
        // A server that plays for ever keeps the replays of games clients played in.
        if let Some(replays) = replays.as_mut() {
            if options.games != 0 || result.clients_played {
                let seed = options.seed.wrapping_add(u64::from(game));
                replays.write(&format!("game-{game:03}-seed-{seed}.json"), &result.log);
            }
        }
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
        played_tx.send_replace(game);
    }
    accept.abort();
    // Let the writers send what is queued (the last state, "gameOver").
    drop(clients);
    drop(spectators);
    tokio::time::sleep(Duration::from_millis(300)).await;
    results
}

/// Wait for a change of `gone` (for ever if there is none to watch).
async fn changed(gone: &mut Option<watch::Receiver<[bool; 4]>>) {
    let changed = match gone {
        Some(g) => g.changed().await.is_ok(),
        None => false,
    };
    if !changed {
        std::future::pending::<()>().await;
    }
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

/// Refuse a hello for a kept seat: log it, tell the client, and note a fault of the
/// seat's entrant when the token names one. The client is not seated (its later
/// lines are ignored).
fn refuse(
    id: u64,
    name: &str,
    why: &str,
    culprit: Option<usize>,
    reserved: &Reservations,
    out: &mpsc::Sender<String>,
) {
    let name: String = name.chars().take(40).collect();
    match culprit {
        Some(seat) => {
            eprintln!("[arena] client {id} ({name}) refused: {why}: a fault of seat {seat}");
            reserved.blame(seat, why);
        }
        None => eprintln!("[arena] client {id} ({name}) refused: {why}"),
    }
    let line = serde_json::json!({ "error": format!("refused: {why}") });
    let _ = out.try_send(line.to_string());
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
    reserved: &Reservations,
    config: &Config,
    arena: Option<&Arena>,
    commands: &mut [Option<(Option<u32>, Option<Command>)>; 4],
) {
    match event {
        Event::Joined {
            id,
            name,
            token,
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
            let free = if reserved.active() {
                // A kept seat, by its token only; the name said is not trusted.
                match reserved.admit(token.as_deref(), |s| {
                    matches!(seats.get(s), Some(Seat::Client { .. }))
                }) {
                    Ok(seat) => Some((seat, reserved.seats()[seat].clone().map(|r| r.name))),
                    Err((why, culprit)) => {
                        refuse(id, &name, &why, culprit, reserved, &out);
                        return;
                    }
                }
            } else {
                (0..seats.len())
                    .find(|&s| matches!(seats[s], Seat::Idle { .. }))
                    .or_else(|| (0..seats.len()).find(|&s| matches!(seats[s], Seat::Bot(..))))
                    .map(|s| (s, None))
            };
            match free {
                Some((seat, kept)) => {
                    seats[seat] = Seat::Client {
                        id,
                        name: kept.unwrap_or(name),
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
                // The last command for the step counts; a bare tick does not undo one.
                let kept = commands[seat].and_then(|(_, c)| c);
                commands[seat] = Some((tick, command.or(kept)));
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
    let mut dropped: HashMap<u64, Complaints> = HashMap::new();
    let mut clients_played = false;
    while !arena.over() {
        // Tell everyone the state of this tick.
        let line = tick_line(&arena, arena.round != last_round);
        last_round = arena.round;
        sent.push(Instant::now());
        for (id, out) in clients.iter().chain(spectators.iter()) {
            if out.try_send(line.clone()).is_err() {
                // Counted, not repeated: the count is printed at the game's end.
                dropped
                    .entry(*id)
                    .or_insert_with(|| {
                        let name = seats.iter().find_map(|s| match s {
                            Seat::Client { id: c, name } if c == id => Some(name.as_str()),
                            _ => None,
                        });
                        Complaints::new(format!("[arena] client {id} ({})", name.unwrap_or("-")))
                    })
                    .say("reads too slowly: a state dropped");
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
            // What has come is handled first: joins and spectators are answered even
            // when there is no client to wait for.
            while let Ok(event) = events.try_recv() {
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
            if !seats.iter().any(|s| matches!(s, Seat::Client { .. })) {
                let until = match options.no_client {
                    NoClient::Run => None,
                    NoClient::Tick => Some(Some(tokio::time::Instant::now() + options.tick)),
                    NoClient::Pause => Some(None),
                };
                if let Some(until) = until {
                    wait_for_client(
                        options, until, events, clients, spectators, waiting, seats, &arena,
                    )
                    .await;
                }
            }
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
        clients_played |= seats.iter().any(|s| matches!(s, Seat::Client { .. }));
        arena.step(&step);
        log.steps.push(step);
    }
    // Hellos caught taking a seat not their own forfeit their entrant's game.
    for (s, fault) in options.reserved.take_faults().into_iter().enumerate() {
        if let Some(why) = fault {
            timing[s].forfeit.get_or_insert(why);
        }
    }
    let scores = [0, 1, 2, 3].map(|s| arena.players[s].score);
    // Who sat where at the end (a client that joined during the game included).
    log.names = seats.iter().map(seat_name).collect();
    let over =
        serde_json::json!({ "gameOver": { "scores": scores, "names": log.names } }).to_string();
    for out in clients.values().chain(spectators.values()) {
        let _ = out.try_send(over.clone());
    }
    GameResult {
        names: log.names.clone(),
        scores,
        jitter,
        timing,
        log,
        clients_played,
    }
}

/// Lock-step with no client seated: handle events until `until` (None: until a client
/// takes a seat; a joiner gets the state at once and the step then waits for it).
#[allow(clippy::too_many_arguments)] // the game loop's state, passed down whole
async fn wait_for_client(
    options: &Options,
    until: Option<tokio::time::Instant>,
    events: &mut mpsc::Receiver<Event>,
    clients: &mut HashMap<u64, mpsc::Sender<String>>,
    spectators: &mut HashMap<u64, mpsc::Sender<String>>,
    waiting: &mut Vec<(u64, String)>,
    seats: &mut [Seat],
    arena: &Arena,
) {
    let mut paused = false;
    while !seats.iter().any(|s| matches!(s, Seat::Client { .. })) {
        if until.is_none() && !paused {
            paused = true;
            eprintln!(
                "[arena] no client seated: the game pauses at step {} until one joins",
                arena.tick
            );
        }
        let event = match until {
            Some(at) => match tokio::time::timeout_at(at, events.recv()).await {
                Ok(event) => event,
                Err(_) => return,
            },
            None => events.recv().await,
        };
        let Some(event) = event else {
            return;
        };
        handle_event(
            event,
            clients,
            spectators,
            waiting,
            seats,
            &options.reserved,
            &options.config,
            Some(arena),
            &mut [None; 4],
        );
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
