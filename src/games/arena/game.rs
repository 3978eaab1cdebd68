//! Whole games: bots in their seats, the command log that replays a game exactly, and
//! the tournament's points.

use super::bots::Bot;
use super::engine::{Arena, Command, Config};
use crate::error::FieldError;
use serde::{Deserialize, Serialize};

/// Every player's command at every step, with the seed and config: enough to replay
/// the game exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommandLog {
    /// The game's seed.
    pub seed: u64,
    /// The numbers.
    pub config: Config,
    /// The players' names, by seat.
    pub names: Vec<String>,
    /// Per step, each seat's command.
    pub steps: Vec<[Option<Command>; 4]>,
}

/// Why a text is not a command log.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// Not JSON, or not a command log's fields and types.
    #[error("not a replay: {0}")]
    NotJson(serde_json::Error),
    /// A number of the config out of its range.
    #[error("not a replay: config: {0}")]
    Config(FieldError),
    /// More than four names.
    #[error("not a replay: more than four names")]
    TooManyNames,
    /// More steps than the config's game has.
    #[error("not a replay: the log has more steps than its game")]
    TooManySteps,
}

impl CommandLog {
    /// Read a command log (a replay file, JSON): its config within limits
    /// ([`Config::check`]), at most four seats, and no more steps than its game has.
    ///
    /// ```
    /// use gridlab::games::arena::{CommandLog, ReplayError};
    /// let e = CommandLog::parse(r#"{"seed":1,"config":{"steps":0},"names":[],"steps":[]}"#);
    /// assert!(matches!(e, Err(ReplayError::Config(e)) if e.field == "steps"));
    /// let e = CommandLog::parse("[]").unwrap_err();
    /// assert!(e.to_string().starts_with("not a replay: "));
    /// ```
    pub fn parse(text: &str) -> Result<CommandLog, ReplayError> {
        let log: CommandLog = serde_json::from_str(text).map_err(ReplayError::NotJson)?;
        log.config.check().map_err(ReplayError::Config)?;
        if log.names.len() > 4 {
            return Err(ReplayError::TooManyNames);
        }
        if log.steps.len() > log.config.steps as usize {
            return Err(ReplayError::TooManySteps);
        }
        Ok(log)
    }
}

/// Play a whole game between four bots; returns the final state and its log.
///
/// ```
/// use gridlab::games::arena::{play_game, replay, BotKind, Config};
/// let config = Config { steps: 300, ..Config::default() };
/// let mut bots: Vec<_> = [BotKind::Greedy, BotKind::Hunter, BotKind::Miner, BotKind::Greedy]
///     .iter().map(|k| k.bot()).collect();
/// let (arena, log) = play_game(config, 3, &mut bots);
/// assert_eq!(arena.tick, 300);
/// assert_eq!(replay(&log), arena);
/// ```
pub fn play_game(
    config: Config,
    seed: u64,
    bots: &mut [Box<dyn Bot + Send>],
) -> (Arena, CommandLog) {
    let mut arena = Arena::new(config.clone(), seed);
    let mut log = CommandLog {
        seed,
        config,
        names: (0..bots.len()).map(|i| format!("bot {i}")).collect(),
        steps: Vec::new(),
    };
    while !arena.over() {
        let mut commands = [None; 4];
        for (seat, bot) in bots.iter_mut().enumerate().take(4) {
            commands[seat] = bot.command(&arena, seat);
        }
        arena.step(&commands);
        log.steps.push(commands);
    }
    (arena, log)
}

/// Replay a command log from the start: the same final state.
pub fn replay(log: &CommandLog) -> Arena {
    let mut arena = Arena::new(log.config.clone(), log.seed);
    for commands in &log.steps {
        arena.step(commands);
    }
    arena
}

/// Tournament points of one game from the four scores: 5, 3, 2, 1 by rank, tied
/// players sharing the points of the places they span evenly.
///
/// ```
/// use gridlab::games::arena::tournament_points;
/// assert_eq!(tournament_points(&[40, 90, 10, 20]), [3.0, 5.0, 1.0, 2.0]);
/// assert_eq!(tournament_points(&[50, 50, 10, 10]), [4.0, 4.0, 1.5, 1.5]);
/// ```
pub fn tournament_points(scores: &[i64; 4]) -> [f64; 4] {
    const PLACES: [f64; 4] = [5.0, 3.0, 2.0, 1.0];
    let mut points = [0.0; 4];
    for i in 0..4 {
        let above = scores.iter().filter(|&&s| s > scores[i]).count();
        let tied = scores.iter().filter(|&&s| s == scores[i]).count();
        points[i] = PLACES[above..above + tied].iter().sum::<f64>() / tied as f64;
    }
    points
}
