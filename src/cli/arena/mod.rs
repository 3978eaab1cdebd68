//! `gridlab arena serve|play|tournament`.

use super::{emit, EXIT_BAD_INPUT, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::error::NameError;
use gridlab::games::arena::{play_game, tournament_points, BotKind, Config};
use std::path::PathBuf;
use std::time::Duration;

pub mod connection;
pub mod play;
pub mod rating;
pub mod replays;
pub mod results;
pub mod schedule;
pub mod seats;
pub mod server;
pub mod table;
pub mod timing;
pub mod tournament;

use tournament::{run_match, run_tournament, MatchArgs, TournamentArgs};

/// Longest `--wait`, in seconds (a day).
pub const MAX_WAIT_SECS: f64 = 86_400.0;
/// Most steps in a game (`--steps`): 1,000,000 steps are 14 hours of real time.
pub use gridlab::games::arena::MAX_STEPS;
/// Longest `--step-timeout`, in milliseconds (a minute).
pub const MAX_STEP_TIMEOUT_MS: u64 = 60_000;
/// Most games `arena serve --games` plays (0 is for ever).
pub const MAX_SERVE_GAMES: u32 = 1_000_000;
/// Most replays a server playing for ever (`serve --games 0`) keeps: the oldest it
/// wrote are deleted (and a game no client played in is not written).
pub const KEEP_REPLAYS: u32 = 1000;
/// Most games per entrant and seat in a tournament (`tournament --games`).
pub const MAX_TOURNAMENT_GAMES: u32 = 10_000;
/// Most entrants in a tournament.
pub const MAX_ENTRANTS: usize = 256;

/// Write `text` to `path` through a new file of a random name in the same folder,
/// then renamed over `path`: a link an entrant left at `path` (or at the temporary
/// name) is replaced, never followed, and a reader never sees half a file.
pub fn write_replacing(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    let suffix = seats::new_token().map_err(std::io::Error::other)?;
    let name = path
        .file_name()
        .map_or_else(Default::default, |n| n.to_string_lossy());
    let temp = dir.join(format!(".{name}.{suffix}.tmp"));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .and_then(|()| std::fs::rename(&temp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// What is wrong with an option's value (clap names the option).
#[derive(Debug, thiserror::Error)]
pub enum ArgError {
    /// Not a number of seconds.
    #[error("'{0}' is not a number of seconds")]
    NotSeconds(String),
    /// `--wait` out of its range.
    #[error("the wait must be from 0 to {MAX_WAIT_SECS} seconds, not {0}")]
    Wait(String),
    /// `--join-wait` not a number in its range.
    #[error("'{0}' is not a number of seconds from 0.1 to 600")]
    JoinWait(String),
    /// `--bots` more than four.
    #[error("{0} bots: there are four seats")]
    TooManyBots(usize),
    /// `--bots` names no bot.
    #[error(transparent)]
    Bot(#[from] NameError),
    /// `--bots` neither a number nor four kinds.
    #[error("give a number of bots or four bot kinds")]
    BotCount,
}

/// `--wait`: a number of seconds, finite, from 0 to [`MAX_WAIT_SECS`].
fn parse_wait(text: &str) -> Result<Duration, ArgError> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| ArgError::NotSeconds(text.into()))?;
    if !secs.is_finite() || !(0.0..=MAX_WAIT_SECS).contains(&secs) {
        return Err(ArgError::Wait(text.into()));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// `--join-wait`: seconds from 0.1 to 600.
fn parse_join_wait(text: &str) -> Result<Duration, ArgError> {
    match text.parse::<f64>() {
        Ok(s) if (0.1..=600.0).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(ArgError::JoinWait(text.into())),
    }
}

/// `--steps`: 1 to [`MAX_STEPS`].
fn steps_parser() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=i64::from(MAX_STEPS))
}

/// `--step-timeout`: 0 to [`MAX_STEP_TIMEOUT_MS`] milliseconds.
fn step_timeout_parser() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(0..=MAX_STEP_TIMEOUT_MS)
}

/// `gridlab arena`'s subcommands.
#[derive(Subcommand)]
pub enum ArenaCommand {
    /// Run the TCP game server (JSON lines; see docs/arena-protocol.md).
    Serve(ServeArgs),
    /// Play a game between built-in bots and write its replay.
    Play(PlayArgs),
    /// Play a tournament between client programs and bots (or write its plan, or
    /// merge the results of its games played elsewhere).
    Tournament(TournamentArgs),
    /// Play one game of a tournament's plan and write its result file.
    Match(MatchArgs),
}

/// The options of `gridlab arena serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the first line printed names it).
    #[arg(long, default_value_t = 7777)]
    port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Real time: a step every 50 ms (the default).
    #[arg(long, conflicts_with = "lockstep")]
    realtime: bool,
    /// Lock-step: a step as soon as every client has answered (or after --step-timeout).
    #[arg(long)]
    lockstep: bool,
    /// Lock-step: the longest wait for a client, in milliseconds (at most 60000).
    #[arg(long, default_value_t = 200, value_parser = step_timeout_parser())]
    step_timeout: u64,
    /// Games to play, then stop (0: for ever; at most 1000000).
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_SERVE_GAMES)))]
    games: u32,
    /// The bots: a number K (the last K seats are bots, and the first game starts as
    /// soon as 4 − K clients have joined), or the bots that keep each seat warm until
    /// a client takes it (comma-separated: greedy, hunter, miner).
    #[arg(long, default_value = "greedy,hunter,miner,hunter")]
    bots: String,
    /// Seconds to wait for clients before the first game (0 to 86400).
    #[arg(long, default_value = "5", value_parser = parse_wait, allow_negative_numbers = true)]
    wait: Duration,
    /// Steps in a game (1 to 1000000).
    #[arg(long, default_value_t = 6000, value_parser = steps_parser())]
    steps: u32,
    /// Seed of the first game.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Folder for a replay per game (command logs the browser can open).
    #[arg(long, default_value = "replays")]
    replays: PathBuf,
    /// With --games 0: the most replays kept (the oldest are deleted; for tests).
    #[arg(long, default_value_t = KEEP_REPLAYS, hide = true,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    keep_replays: u32,
    /// Seconds a new connection has to say hello before it is closed (for tests).
    #[arg(long, default_value = "30", value_parser = parse_wait, hide = true)]
    join_timeout: Duration,
}

/// The options of `gridlab arena play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The four bots by seat (comma-separated: greedy, hunter, miner).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "greedy,hunter,miner,hunter"
    )]
    bots: Vec<BotKind>,
    /// Seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Steps in the game (1 to 1000000).
    #[arg(long, default_value_t = 6000, value_parser = steps_parser())]
    steps: u32,
    /// Write the replay (command log, JSON) here.
    #[arg(long)]
    replay: Option<PathBuf>,
}

/// Run `gridlab arena COMMAND`; the exit code (an error is said on standard error).
pub fn run(command: ArenaCommand) -> u8 {
    match command {
        ArenaCommand::Serve(args) => run_serve(args),
        ArenaCommand::Play(args) => run_play(args),
        ArenaCommand::Tournament(args) => run_tournament(args),
        ArenaCommand::Match(args) => run_match(args),
    }
}

/// `--bots`: a count K (seats 4−K.. are bots, rotating hunter, miner, greedy; 4 − K
/// clients expected) or a list of four kinds.
fn parse_bots(text: &str) -> Result<(Vec<BotKind>, Option<usize>), ArgError> {
    if let Ok(k) = text.trim().parse::<usize>() {
        if k > 4 {
            return Err(ArgError::TooManyBots(k));
        }
        let cycle = [BotKind::Hunter, BotKind::Miner, BotKind::Greedy];
        let bots = (0..4).map(|s| cycle[s % 3]).collect();
        return Ok((bots, Some(4 - k)));
    }
    let bots: Vec<BotKind> = text
        .split(',')
        .map(|b| b.trim().parse::<BotKind>())
        .collect::<Result<_, _>>()?;
    if bots.len() != 4 {
        return Err(ArgError::BotCount);
    }
    Ok((bots, None))
}

/// A multi-threaded async runtime, or None (the reason said on standard error).
pub fn runtime() -> Option<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| eprintln!("error: {e}"))
        .ok()
}

fn run_serve(args: ServeArgs) -> u8 {
    let Some(rt) = runtime() else {
        return EXIT_BAD_INPUT;
    };
    let (bots, expect_clients) = match parse_bots(&args.bots) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: --bots: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let options = server::Options {
        expect_clients,
        realtime: !args.lockstep,
        tick: Duration::from_millis(50),
        // Lock-step waits for clients: with none seated the game pauses until one
        // joins; an all-bot server (--bots 4) plays at the real-time rate.
        no_client: if expect_clients == Some(0) {
            server::NoClient::Tick
        } else {
            server::NoClient::Pause
        },
        step_timeout: Duration::from_millis(args.step_timeout),
        games: args.games,
        lobby: args.wait,
        bots,
        config: Config {
            steps: args.steps,
            ..Config::default()
        },
        seed: args.seed,
        replays: Some(args.replays),
        keep_replays: args.keep_replays as usize,
        report: true,
        reserved: seats::Reservations::default(),
        join_timeout: args.join_timeout,
        policy: timing::Policy {
            forfeit_after: Duration::MAX,
            warnings: None,
        },
        gone: None,
    };
    rt.block_on(async move {
        let listener = match tokio::net::TcpListener::bind((args.host.as_str(), args.port)).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on {}:{}: {e}", args.host, args.port);
                return EXIT_BAD_INPUT;
            }
        };
        let addr = listener
            .local_addr()
            .map(|a| a.to_string())
            .unwrap_or_default();
        println!("listening on {addr}");
        let realtime = options.realtime;
        let results = server::serve(listener, options).await;
        if realtime {
            let mut jitter: Vec<Duration> = results.iter().flat_map(|r| r.jitter.clone()).collect();
            jitter.sort();
            if !jitter.is_empty() {
                let p = |q: f64| jitter[((jitter.len() - 1) as f64 * q) as usize];
                println!(
                    "tick lateness over {} ticks: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                    jitter.len(),
                    p(0.5).as_secs_f64() * 1000.0,
                    p(0.99).as_secs_f64() * 1000.0,
                    p(1.0).as_secs_f64() * 1000.0
                );
            }
        }
        EXIT_OK
    })
}

fn run_play(args: PlayArgs) -> u8 {
    if args.bots.len() != 4 {
        eprintln!("error: --bots needs four bots, one a seat");
        return EXIT_BAD_INPUT;
    }
    let config = Config {
        steps: args.steps,
        ..Config::default()
    };
    let mut bots: Vec<_> = args.bots.iter().map(|k| k.bot()).collect();
    let (arena, mut log) = play_game(config, args.seed, &mut bots);
    log.names = args
        .bots
        .iter()
        .map(|k| format!("bot:{}", format!("{k:?}").to_lowercase()))
        .collect();
    if let Some(path) = &args.replay {
        if let Err(e) = std::fs::write(path, serde_json::to_string(&log).unwrap_or_default()) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return EXIT_BAD_INPUT;
        }
    }
    let scores = [0, 1, 2, 3].map(|s| arena.players[s].score);
    let points = tournament_points(&scores);
    let mut out = format!("{} rounds, {} steps\n", arena.round, arena.tick);
    for s in 0..4 {
        out.push_str(&format!(
            "seat {s} {}: {} ({} points)\n",
            log.names[s], scores[s], points[s]
        ));
    }
    emit(&out);
    EXIT_OK
}
