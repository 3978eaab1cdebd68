//! The Arena TCP game server: JSON lines, seats for up to four clients (free seats
//! played by bots), real-time (50 ms ticks) or lock-step, a replay file per game.
//! A client's garbage, silence, slowness or departure never stops a game, and no
//! client holds more than bounded resources: a line is at most [`MAX_LINE`] bytes,
//! connections are capped per kind ([`MAX_PENDING`] without a hello, [`MAX_PLAYERS`],
//! [`MAX_SPECTATORS`]), a connection that has not said hello within
//! [`Options::join_timeout`] is closed. A lock-step game with no client seated does
//! not spin (see [`NoClient`]).

use super::connection::{accept_loop, Event};
#[cfg(doc)]
use super::connection::{MAX_PENDING, MAX_PLAYERS, MAX_SPECTATORS};
use super::replays::Replays;
use super::seats::Reservations;
use super::table::Table;
use super::timing::{Policy, SeatTiming};
#[cfg(doc)]
use gridlab::games::arena::MAX_LINE;
use gridlab::games::arena::{tournament_points, BotKind, CommandLog, Config};
use std::path::PathBuf;
use std::time::Duration;
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
    let (events_tx, events) = mpsc::channel::<Event>(1024);
    let (played_tx, played) = watch::channel(0u32);
    let accept = tokio::spawn(accept_loop(
        listener,
        events_tx,
        options.join_timeout,
        played,
        options.reserved.clone(),
    ));
    let mut table = Table::new(&options, events);
    table.lobby().await;
    let mut results = Vec::new();
    let mut game = 0;
    let mut replays = options
        .replays
        .clone()
        .map(|dir| Replays::new(dir, options.keep_replays));
    while options.games == 0 || game < options.games {
        let result = table.play(game).await;
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
    table.hang_up();
    tokio::time::sleep(Duration::from_millis(300)).await;
    results
}
