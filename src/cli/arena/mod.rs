//! `gridlab arena serve|play|tournament`.

use super::{emit, EXIT_BAD_INPUT, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::games::arena::{play_game, tournament_points, BotKind, Config};
use std::path::PathBuf;
use std::time::Duration;

mod server;

/// Longest `--wait`, in seconds (a day).
pub const MAX_WAIT_SECS: f64 = 86_400.0;
/// Most steps in a game (`--steps`): 1,000,000 steps are 14 hours of real time.
pub use gridlab::games::arena::MAX_STEPS;
/// Longest `--step-timeout`, in milliseconds (a minute).
pub const MAX_STEP_TIMEOUT_MS: u64 = 60_000;
/// Most games `arena serve --games` plays (0 is for ever).
pub const MAX_SERVE_GAMES: u32 = 1_000_000;
/// Most games per entrant and seat in a tournament (`tournament --games`).
pub const MAX_TOURNAMENT_GAMES: u32 = 10_000;
/// Most entrants in a tournament.
pub const MAX_ENTRANTS: usize = 256;

/// `--wait`: a number of seconds, finite, from 0 to [`MAX_WAIT_SECS`].
fn parse_wait(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !secs.is_finite() || !(0.0..=MAX_WAIT_SECS).contains(&secs) {
        return Err(format!(
            "the wait must be from 0 to {MAX_WAIT_SECS} seconds, not {text}"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// `--steps`: 1 to [`MAX_STEPS`].
/// `--join-wait`: seconds from 0.1 to 600.
fn parse_join_wait(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.1..=600.0).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "'{text}' is not a number of seconds from 0.1 to 600"
        )),
    }
}

fn steps_parser() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=i64::from(MAX_STEPS))
}

/// `--step-timeout`: 0 to [`MAX_STEP_TIMEOUT_MS`] milliseconds.
fn step_timeout_parser() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(0..=MAX_STEP_TIMEOUT_MS)
}

#[derive(Subcommand)]
pub enum ArenaCommand {
    /// Run the TCP game server (JSON lines; see docs/arena-protocol.md).
    Serve(ServeArgs),
    /// Play a game between built-in bots and write its replay.
    Play(PlayArgs),
    /// Play a tournament between client programs and bots.
    Tournament(TournamentArgs),
}

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
    /// Seconds a new connection has to say hello before it is closed (for tests).
    #[arg(long, default_value = "30", value_parser = parse_wait, hide = true)]
    join_timeout: Duration,
}

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

#[derive(Args)]
pub struct TournamentArgs {
    /// An entrant: `bot:greedy|hunter|miner`, or a command that starts a client (run
    /// by `sh -c` in a process group of its own, with ARENA_HOST, ARENA_PORT and
    /// ARENA_NAME set; it must say hello with ARENA_NAME), either as `NAME=...` to name
    /// it in the standings. Give from two to 256. A client that does not connect, or
    /// exits with an error during a game, forfeits that game (0 points, a fault).
    #[arg(long = "entrant", required = true)]
    entrants: Vec<String>,
    /// Games per entrant and start position (each entrant plays this many games from
    /// each of the four seats; 1 to 10000).
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_TOURNAMENT_GAMES)))]
    games: u32,
    /// Seed of the pairings and games.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Steps per game (1 to 1000000).
    #[arg(long, default_value_t = 6000, value_parser = steps_parser())]
    steps: u32,
    /// Lock-step: the longest wait for a client, in milliseconds (at most 60000).
    #[arg(long, default_value_t = 200, value_parser = step_timeout_parser())]
    step_timeout: u64,
    /// Folder for the replays.
    #[arg(long)]
    replays: Option<PathBuf>,
    /// How long a game waits for its clients to connect, in seconds (0.1 to 600); a
    /// client still absent then forfeits the game.
    #[arg(long, default_value = "10", value_parser = parse_join_wait)]
    join_wait: Duration,
}

pub fn run(command: ArenaCommand) -> u8 {
    match command {
        ArenaCommand::Serve(args) => run_serve(args),
        ArenaCommand::Play(args) => run_play(args),
        ArenaCommand::Tournament(args) => run_tournament(args),
    }
}

/// `--bots`: a count K (seats 4−K.. are bots, rotating hunter, miner, greedy; 4 − K
/// clients expected) or a list of four kinds.
fn parse_bots(text: &str) -> Result<(Vec<BotKind>, Option<usize>), String> {
    if let Ok(k) = text.trim().parse::<usize>() {
        if k > 4 {
            return Err(format!("{k} bots: there are four seats"));
        }
        let cycle = [BotKind::Hunter, BotKind::Miner, BotKind::Greedy];
        let bots = (0..4).map(|s| cycle[s % 3]).collect();
        return Ok((bots, Some(4 - k)));
    }
    let bots: Vec<BotKind> = text
        .split(',')
        .map(|b| b.trim().parse::<BotKind>())
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    if bots.len() != 4 {
        return Err("give a number of bots or four bot kinds".into());
    }
    Ok((bots, None))
}

fn runtime() -> Option<tokio::runtime::Runtime> {
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
        report: true,
        reserved: Vec::new(),
        join_timeout: args.join_timeout,
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

/// One entrant's totals.
#[derive(Default, Clone)]
struct Standing {
    points: f64,
    score: i64,
    games: u32,
    faults: u32,
}

/// An entrant: its name in the standings and what plays it.
struct Entrant {
    name: String,
    command: String,
}

/// `NAME=COMMAND` or `COMMAND` (then named by the command), names made unique with
/// ` #2`, ` #3`, ... in the order given.
fn entrants(specs: &[String]) -> Vec<Entrant> {
    let mut out: Vec<Entrant> = Vec::new();
    for spec in specs {
        let named = spec.split_once('=').filter(|(name, _)| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
        });
        let (name, command) = match named {
            Some((name, command)) => (name.to_string(), command.to_string()),
            None => (spec.clone(), spec.clone()),
        };
        let same = out
            .iter()
            .filter(|e| e.name == name || e.name.starts_with(&format!("{name} #")))
            .count();
        let name = if same == 0 {
            name
        } else {
            format!("{name} #{}", same + 1)
        };
        out.push(Entrant { name, command });
    }
    out
}

/// Points as a person reads them: at most two decimals, none when whole.
fn points_text(points: f64) -> String {
    let text = format!("{points:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn run_tournament(args: TournamentArgs) -> u8 {
    if args.entrants.len() < 2 {
        eprintln!("error: a tournament needs at least two --entrant");
        return EXIT_BAD_INPUT;
    }
    if args.entrants.len() > MAX_ENTRANTS {
        eprintln!(
            "error: {} --entrant: a tournament takes at most {MAX_ENTRANTS}",
            args.entrants.len()
        );
        return EXIT_BAD_INPUT;
    }
    let entrants = entrants(&args.entrants);
    for e in &entrants {
        if let Some(kind) = e.command.strip_prefix("bot:") {
            if let Err(err) = kind.parse::<BotKind>() {
                eprintln!("error: --entrant {}: {err}", e.name);
                return EXIT_BAD_INPUT;
            }
        }
    }
    let Some(rt) = runtime() else {
        return EXIT_BAD_INPUT;
    };
    // Every entrant plays `games` games from each seat: game k of round r seats
    // entrant (k + seat) mod n, over a seeded shuffle of the entrants.
    let n = args.entrants.len();
    let mut order: Vec<usize> = (0..n).collect();
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    order.shuffle(&mut rand_pcg::Pcg64Mcg::seed_from_u64(args.seed));
    let mut standings = vec![Standing::default(); n];
    let mut game = 0u32;
    for _ in 0..args.games {
        for k in 0..n {
            let seats: Vec<usize> = (0..4).map(|s| order[(k + s) % n]).collect();
            let result = rt.block_on(tournament_game(&args, &entrants, &seats, game));
            let Some((scores, faults)) = result else {
                return EXIT_BAD_INPUT;
            };
            let points = tournament_points(&scores);
            for s in 0..4 {
                let st = &mut standings[seats[s]];
                st.games += 1;
                if faults[s].is_some() {
                    st.faults += 1;
                } else {
                    st.points += points[s];
                    st.score += scores[s];
                }
            }
            eprintln!(
                "game {game}: {}",
                (0..4)
                    .map(|s| match &faults[s] {
                        Some(fault) => format!("{} forfeits ({fault})", entrants[seats[s]].name),
                        None => format!("{} {}", entrants[seats[s]].name, scores[s]),
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            game += 1;
        }
    }
    let mut ranking: Vec<usize> = (0..n).collect();
    ranking.sort_by(|&a, &b| {
        standings[b]
            .points
            .total_cmp(&standings[a].points)
            .then(standings[b].score.cmp(&standings[a].score))
    });
    let mut out = String::from(
        "| rank | entrant | games | points | total score | faults |\n|---|---|---|---|---|---|\n",
    );
    for (rank, &e) in ranking.iter().enumerate() {
        let s = &standings[e];
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            rank + 1,
            entrants[e].name,
            s.games,
            points_text(s.points),
            s.score,
            s.faults
        ));
    }
    emit(&out);
    EXIT_OK
}

/// One tournament game: a lock-step server on a free port, bots in their seats, the
/// client programs started with their seat's name, each in its own process group
/// (killed with its children after the game). Returns the scores and, per seat, why
/// its entrant forfeits (it never connected, or exited with an error).
async fn tournament_game(
    args: &TournamentArgs,
    entrants: &[Entrant],
    seats: &[usize],
    game: u32,
) -> Option<([i64; 4], Vec<Option<String>>)> {
    let listener = match tokio::net::TcpListener::bind(("127.0.0.1", 0)).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return None;
        }
    };
    let port = listener.local_addr().ok()?.port();
    let mut bots = Vec::new();
    let mut reserved = Vec::new();
    let mut children = Vec::new();
    for (s, &e) in seats.iter().enumerate() {
        let entrant = &entrants[e].command;
        match entrant.strip_prefix("bot:") {
            Some(kind) => {
                bots.push(kind.parse::<BotKind>().unwrap_or(BotKind::Hunter));
                reserved.push(None);
            }
            None => {
                bots.push(BotKind::Hunter);
                let name = format!("entrant-{e}-seat-{s}");
                let child = tokio::process::Command::new("sh")
                    .arg("-c")
                    .arg(entrant)
                    .env("ARENA_HOST", "127.0.0.1")
                    .env("ARENA_PORT", port.to_string())
                    .env("ARENA_NAME", &name)
                    .stdin(std::process::Stdio::null())
                    .process_group(0)
                    .kill_on_drop(true)
                    .spawn();
                match child {
                    Ok(c) => children.push((s, c)),
                    Err(e) => {
                        eprintln!("error: cannot start '{entrant}': {e}");
                        return None;
                    }
                }
                reserved.push(Some(name));
            }
        }
    }
    let options = server::Options {
        expect_clients: None,
        realtime: false,
        tick: Duration::from_millis(50),
        step_timeout: Duration::from_millis(args.step_timeout),
        games: 1,
        lobby: args.join_wait,
        bots,
        config: Config {
            steps: args.steps,
            ..Config::default()
        },
        seed: args.seed.wrapping_add(u64::from(game)),
        replays: args.replays.clone(),
        report: false,
        reserved,
        join_timeout: server::JOIN_TIMEOUT,
    };
    let reserved = options.reserved.clone();
    let results = server::serve(listener, options).await;
    let r = results.into_iter().next()?;
    let mut faults: Vec<Option<String>> = vec![None; 4];
    for (s, mut child) in children {
        if reserved[s].as_deref() != r.names.get(s).map(String::as_str) {
            faults[s] = Some("did not connect".into());
        } else if let Ok(Some(status)) = child.try_wait() {
            if !status.success() {
                faults[s] = Some(format!("exited with {status}"));
            }
        }
        // The whole process group: `sh -c` and whatever the command started.
        if let Some(pid) = child.id() {
            // SAFETY: kill(2) on our own child's process group, which we created.
            #[allow(unsafe_code)]
            unsafe {
                libc::kill(-(pid as i32), libc::SIGKILL);
            }
        }
        let _ = child.kill().await;
    }
    Some((r.scores, faults))
}
