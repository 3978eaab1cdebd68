//! One scheduled game: a server on a free port, bots in their seats, the client
//! programs started under their limits, faults found, the record written.

use super::schedule::{MatchSpec, SpecError};
use super::seats::{new_token, NoRandom, Reservations, Reserved};
use super::server;
use super::timing::{Policy, SeatTiming};
use crate::cli::sandbox::reaper;
use crate::cli::sandbox::{self as limits, Limits};
use gridlab::error::NameError;
use gridlab::games::arena::{tournament_points, BotKind, CommandLog, Config};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::Duration;

/// One seat of a played game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeatRecord {
    /// The entrant's index in the tournament.
    pub entrant: usize,
    /// The entrant's name.
    pub name: String,
    /// The seat's final score (its warm-keeping bot's, if it forfeited).
    pub score: i64,
    /// The tournament points it earned (0 on a fault).
    pub points: f64,
    /// Why it forfeited, if it did.
    pub fault: Option<String>,
    /// Its answer times and warnings.
    pub timing: SeatTiming,
}

/// One played game: what `arena match` writes and `--merge` reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameRecord {
    /// The plan line it was played from.
    #[serde(rename = "match")]
    pub line: String,
    /// The game's number in the tournament.
    pub game: u32,
    /// The seed it was played on.
    pub seed: u64,
    /// The seats in order.
    pub seats: Vec<SeatRecord>,
    /// The command log: every seat's command at every step (a replay).
    pub replay: CommandLog,
}

/// Why a scheduled game could not be played.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// Its plan line does not seat four entrants.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// No port for its server.
    #[error("cannot listen on 127.0.0.1: {0}")]
    Listen(std::io::Error),
    /// Its server's port is unknown.
    #[error("no local address: {0}")]
    Address(std::io::Error),
    /// A `bot:` entrant names no bot.
    #[error("--command {index}:{command}: {error}")]
    Bot {
        /// The entrant's index.
        index: usize,
        /// Its command.
        command: String,
        /// What is wrong with the bot's name.
        error: NameError,
    },
    /// No seat token.
    #[error(transparent)]
    Token(#[from] NoRandom),
    /// The server ended without a game.
    #[error("the server played no game")]
    NoGame,
}

/// Play the game `spec` describes; `replays`: a folder for its replay file.
pub async fn play(spec: &MatchSpec, replays: Option<&Path>) -> Result<GameRecord, PlayError> {
    let seated = spec.seated()?;
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .map_err(PlayError::Listen)?;
    let port = listener.local_addr().map_err(PlayError::Address)?.port();
    let options = &spec.options;
    let limits = Limits {
        cpu_secs: options.cpu_limit,
        memory_bytes: options.memory_limit << 20,
    };
    let mut bots = Vec::new();
    let mut reserved = Vec::new();
    let mut processes = Vec::new();
    // Seats whose program could not be started: they forfeit, and nobody waits for them.
    let mut not_started: [Option<String>; 4] = Default::default();
    let _game = reaper::Game::start();
    for (s, entrant) in seated.iter().enumerate() {
        match entrant.command.strip_prefix("bot:") {
            Some(kind) => {
                bots.push(kind.parse::<BotKind>().map_err(|error| PlayError::Bot {
                    index: entrant.index,
                    command: entrant.command.clone(),
                    error,
                })?);
                reserved.push(None);
            }
            None => {
                bots.push(BotKind::Hunter);
                let name = format!("game-{}-seat-{s}-entrant-{}", spec.game, entrant.index);
                let token = new_token()?;
                let env = [
                    ("ARENA_HOST", "127.0.0.1".to_string()),
                    ("ARENA_PORT", port.to_string()),
                    ("ARENA_NAME", name.clone()),
                    ("ARENA_TOKEN", token.clone()),
                ];
                let who = format!("game {} seat {s} {}", spec.game, entrant.name);
                match limits::start(&entrant.command, &env, limits, &who) {
                    Ok(p) => processes.push((s, p)),
                    Err(e) => {
                        eprintln!("[{who}] could not start: {e}");
                        not_started[s] = Some(format!("could not start: {e}"));
                    }
                }
                reserved.push(Some(Reserved { name, token }));
            }
        }
    }
    let failed = not_started.clone().map(|f| f.is_some());
    let (gone_tx, gone_rx) = tokio::sync::watch::channel(failed);
    let server_options = server::Options {
        expect_clients: None,
        realtime: options.realtime,
        tick: Duration::from_millis(50),
        step_timeout: Duration::from_millis(options.step_timeout),
        games: 1,
        // Bots alone need no lobby.
        lobby: if reserved.iter().any(Option::is_some) {
            options.join_wait
        } else {
            Duration::ZERO
        },
        bots,
        config: Config {
            steps: options.steps,
            ..Config::default()
        },
        seed: spec.game_seed(),
        replays: None,
        keep_replays: 0,
        no_client: server::NoClient::Run,
        report: false,
        reserved: Reservations::new(reserved.clone()),
        join_timeout: server::JOIN_TIMEOUT,
        policy: Policy {
            forfeit_after: Duration::from_millis(options.forfeit_after),
            warnings: Some(options.warnings),
        },
        gone: Some(gone_rx),
    };
    // While the game runs, note which client programs have exited: the lobby stops
    // waiting for them.
    let serve = server::serve(listener, server_options);
    tokio::pin!(serve);
    let results = loop {
        tokio::select! {
            results = &mut serve => break results,
            () = tokio::time::sleep(Duration::from_millis(100)) => {
                let mut now = failed;
                for (s, process) in processes.iter_mut() {
                    now[*s] = process.exited().is_some();
                }
                gone_tx.send_if_modified(|gone| std::mem::replace(gone, now) != now);
            }
        }
    };
    let mut faults: Vec<Option<String>> = vec![None; 4];
    let Some(r) = results.into_iter().next() else {
        return Err(PlayError::NoGame);
    };
    for (s, why) in not_started.into_iter().enumerate() {
        faults[s] = why;
    }
    let name_of = |s: usize| reserved[s].as_ref().map(|r| r.name.as_str());
    for (s, mut process) in processes {
        if let Some(why) = &r.timing[s].forfeit {
            faults[s] = Some(why.clone());
        } else if name_of(s) != r.names.get(s).map(String::as_str) {
            faults[s] = Some("did not connect".into());
        } else if let Some(status) = process.exited() {
            if !status.success() {
                faults[s] = Some(format!("exited with {status}"));
            }
        }
        process.kill().await;
    }
    let points = tournament_points(&r.scores);
    let mut log = r.log;
    log.names = seated.iter().map(|e| e.name.clone()).collect();
    if let Some(dir) = replays {
        let path = dir.join(format!(
            "game-{:05}-seed-{}.json",
            spec.game,
            spec.game_seed()
        ));
        // The game was played: a replay that cannot be written costs only the file.
        if let Err(e) = std::fs::create_dir_all(dir).and_then(|()| {
            super::write_replacing(&path, &serde_json::to_string(&log).unwrap_or_default())
        }) {
            eprintln!("error: cannot write {}: {e}", path.display());
        }
    }
    let seats = (0..4)
        .map(|s| SeatRecord {
            entrant: seated[s].index,
            name: seated[s].name.clone(),
            score: r.scores[s],
            points: if faults[s].is_some() { 0.0 } else { points[s] },
            fault: faults[s].clone(),
            timing: r.timing[s].clone(),
        })
        .collect();
    Ok(GameRecord {
        line: spec.line(),
        game: spec.game,
        seed: spec.game_seed(),
        seats,
        replay: log,
    })
}
