//! A tournament's entrants and its schedule: which entrant sits where in each game,
//! and the self-contained line (`--plan`) that `gridlab arena match` plays one game
//! from.

use super::{
    parse_join_wait, step_timeout_parser, steps_parser, MAX_ENTRANTS, MAX_TOURNAMENT_GAMES,
};
use clap::{Args, Parser};
use std::time::Duration;

/// Most warnings a policy allows (`--warnings`).
pub const MAX_WARNINGS: u32 = 1_000_000;
/// Longest `--forfeit-after`, in milliseconds (10 minutes).
pub const MAX_FORFEIT_AFTER_MS: u64 = 600_000;
/// Most CPU seconds an entrant process may use in a game (`--cpu-limit`, a day).
pub const MAX_CPU_LIMIT_SECS: u64 = 86_400;
/// Most memory an entrant process may map, in MB (`--memory-limit`, 1 TB).
pub const MAX_MEMORY_LIMIT_MB: u64 = 1_048_576;
/// Least memory an entrant process may be given, in MB.
pub const MIN_MEMORY_LIMIT_MB: u64 = 16;

/// How every game of a tournament is played (the same for each game).
#[derive(Args, Clone, Debug, PartialEq)]
pub struct GameOptions {
    /// Steps per game (1 to 1000000).
    #[arg(long, default_value_t = 6000, value_parser = steps_parser())]
    pub steps: u32,
    /// Real time: a step every 50 ms whatever the clients do (default: lock-step).
    #[arg(long)]
    pub realtime: bool,
    /// Lock-step: the longest wait for a client, in milliseconds (at most 60000).
    #[arg(long, default_value_t = 200, value_parser = step_timeout_parser())]
    pub step_timeout: u64,
    /// How long a game waits for its clients to connect, in seconds (0.1 to 600); a
    /// client still absent then forfeits the game.
    #[arg(long, default_value = "10", value_parser = parse_join_wait)]
    pub join_wait: Duration,
    /// An answer slower than this many milliseconds is a warning; in lock-step a tick
    /// still unanswered this long after its state was sent is one too (1 to 600000).
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_FORFEIT_AFTER_MS))]
    pub forfeit_after: u64,
    /// More warnings than this in a game forfeit it (0 to 1000000).
    #[arg(long, default_value_t = 3,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_WARNINGS)))]
    pub warnings: u32,
    /// CPU seconds each entrant process may use in a game (setrlimit RLIMIT_CPU;
    /// 1 to 86400).
    #[arg(long, default_value_t = 900,
          value_parser = clap::value_parser!(u64).range(1..=MAX_CPU_LIMIT_SECS))]
    pub cpu_limit: u64,
    /// Memory each entrant process may map, in MB (setrlimit RLIMIT_AS; 16 to
    /// 1048576).
    #[arg(long, default_value_t = 4096,
          value_parser = clap::value_parser!(u64)
              .range(MIN_MEMORY_LIMIT_MB..=MAX_MEMORY_LIMIT_MB))]
    pub memory_limit: u64,
}

impl GameOptions {
    /// The options as command-line words (what `--plan` writes).
    fn words(&self) -> Vec<String> {
        let mut w: Vec<String> = vec![
            "--steps".into(),
            self.steps.to_string(),
            "--step-timeout".into(),
            self.step_timeout.to_string(),
            "--join-wait".into(),
            self.join_wait.as_secs_f64().to_string(),
            "--forfeit-after".into(),
            self.forfeit_after.to_string(),
            "--warnings".into(),
            self.warnings.to_string(),
            "--cpu-limit".into(),
            self.cpu_limit.to_string(),
            "--memory-limit".into(),
            self.memory_limit.to_string(),
        ];
        if self.realtime {
            w.push("--realtime".into());
        }
        w
    }
}

/// An entrant: its index (in the order given), name in the standings, and what plays
/// it (`bot:KIND` or a shell command).
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// Its place in the order the entrants were given.
    pub index: usize,
    /// Its name in the standings.
    pub name: String,
    /// `bot:KIND` or a command run by `sh -c`.
    pub command: String,
}

/// `NAME=COMMAND` or `COMMAND` (then named by the command), names made unique with
/// ` #2`, ` #3`, ... in the order given.
pub fn entrants(specs: &[String]) -> Vec<Entrant> {
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
        out.push(Entrant {
            index: out.len(),
            name,
            command,
        });
    }
    out
}

/// What is wrong with a plan line (`gridlab arena match LINE`); each names its option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The line's quotes do not pair up.
    #[error("unbalanced quotes")]
    Quotes,
    /// The options do not parse (clap's message, on one line).
    #[error("{0}")]
    Options(String),
    /// `--game` is not below `--of`.
    #[error("--game {game}: the tournament has {of} games (0 to {})", .of - 1)]
    Game {
        /// The game's number.
        game: u32,
        /// The tournament's games.
        of: u32,
    },
    /// Not four `--seat`.
    #[error("--seat: {0} given, a game has 4")]
    Seats(usize),
    /// More than four `--command`.
    #[error("--command: {0} given, a game seats at most 4 entrants")]
    Commands(usize),
    /// A `--seat` or `--command` without `INDEX:`.
    #[error("{option} {text}: not INDEX:...")]
    NotIndexed {
        /// `--seat` or `--command`.
        option: &'static str,
        /// Its value.
        text: String,
    },
    /// An index that is not a number.
    #[error("{option} {text}: '{index}' is not an entrant index")]
    BadIndex {
        /// `--seat` or `--command`.
        option: &'static str,
        /// Its value.
        text: String,
        /// What stands for the index.
        index: String,
    },
    /// An index not below `--entrants`.
    #[error("{option} {text}: entrant {index}, but the tournament has {entrants}")]
    NoEntrant {
        /// `--seat` or `--command`.
        option: &'static str,
        /// Its value.
        text: String,
        /// The index.
        index: usize,
        /// The tournament's entrants.
        entrants: u32,
    },
    /// A name or command with a control character (a tab aside).
    #[error("{option} {index}:...: a control character ({found:?})")]
    Control {
        /// `--seat` or `--command`.
        option: &'static str,
        /// The entrant's index.
        index: usize,
        /// The character.
        found: char,
    },
    /// Two `--command` for one entrant.
    #[error("--command {text}: entrant {index} has two")]
    TwoCommands {
        /// The second one's value.
        text: String,
        /// The entrant's index.
        index: usize,
    },
    /// Two names for one entrant.
    #[error("--seat {text}: entrant {index} has two names")]
    TwoNames {
        /// The second seat's value.
        text: String,
        /// The entrant's index.
        index: usize,
    },
    /// A seated entrant without a `--command`.
    #[error("--seat {text}: no --command {index}:...")]
    NoCommand {
        /// The seat's value.
        text: String,
        /// The entrant's index.
        index: usize,
    },
    /// A `--command` for an entrant with no seat.
    #[error("--command {0}:...: entrant {0} has no seat")]
    NoSeat(usize),
}

/// One scheduled game, complete in itself: `gridlab arena match LINE` plays it.
#[derive(Parser, Clone, Debug, PartialEq)]
#[command(name = "LINE", no_binary_name = true)]
pub struct MatchSpec {
    /// The game's number in the tournament (from 0).
    #[arg(long)]
    pub game: u32,
    /// How many games the tournament has.
    #[arg(long = "of",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_TOURNAMENT_GAMES) * MAX_ENTRANTS as i64))]
    pub of: u32,
    /// The tournament's seed (game G is played on seed + G).
    #[arg(long)]
    pub seed: u64,
    /// How many entrants the tournament has.
    #[arg(long = "entrants", value_parser = clap::value_parser!(u32).range(2..=MAX_ENTRANTS as i64))]
    pub entrants: u32,
    /// A seat, in order: `INDEX:NAME` (four of them).
    #[arg(long = "seat")]
    pub seats: Vec<String>,
    /// An entrant's command: `INDEX:COMMAND` (one per entrant seated).
    #[arg(long = "command")]
    pub commands: Vec<String>,
    /// How the game is played.
    #[command(flatten)]
    pub options: GameOptions,
}

impl MatchSpec {
    /// The seed the game is played on.
    pub fn game_seed(&self) -> u64 {
        self.seed.wrapping_add(u64::from(self.game))
    }

    /// The plan line: shell-quoted words.
    pub fn line(&self) -> String {
        let mut words: Vec<String> = vec![
            "--game".into(),
            self.game.to_string(),
            "--of".into(),
            self.of.to_string(),
            "--seed".into(),
            self.seed.to_string(),
            "--entrants".into(),
            self.entrants.to_string(),
        ];
        words.extend(self.options.words());
        for seat in &self.seats {
            words.extend(["--seat".into(), seat.clone()]);
        }
        for command in &self.commands {
            words.extend(["--command".into(), command.clone()]);
        }
        words
            .iter()
            .map(|w| shlex::try_quote(w).map_or_else(|_| w.replace('\0', ""), |q| q.into_owned()))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Read a plan line; errors name the option at fault.
    pub fn parse(line: &str) -> Result<MatchSpec, SpecError> {
        let words = shlex::split(line).ok_or(SpecError::Quotes)?;
        let spec = MatchSpec::try_parse_from(words).map_err(|e| {
            // Clap's message up to its usage note, on one line.
            let text = e.to_string();
            let text = text
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ");
            SpecError::Options(text.trim_start_matches("error: ").to_string())
        })?;
        spec.seated()?;
        if spec.game >= spec.of {
            return Err(SpecError::Game {
                game: spec.game,
                of: spec.of,
            });
        }
        Ok(spec)
    }

    /// The four seats' entrants, checked: `INDEX:NAME` with an index below
    /// `--entrants`, one name and exactly one `--command` per index.
    pub fn seated(&self) -> Result<Vec<Entrant>, SpecError> {
        if self.seats.len() != 4 {
            return Err(SpecError::Seats(self.seats.len()));
        }
        if self.commands.len() > 4 {
            return Err(SpecError::Commands(self.commands.len()));
        }
        let split = |option: &'static str, text: &str| -> Result<(usize, String), SpecError> {
            let (index, rest) = text.split_once(':').ok_or(SpecError::NotIndexed {
                option,
                text: text.into(),
            })?;
            let index: usize = index.parse().map_err(|_| SpecError::BadIndex {
                option,
                text: text.into(),
                index: index.into(),
            })?;
            if index >= self.entrants as usize {
                return Err(SpecError::NoEntrant {
                    option,
                    text: text.into(),
                    index,
                    entrants: self.entrants,
                });
            }
            if let Some(found) = rest.chars().find(|c| c.is_control() && *c != '\t') {
                return Err(SpecError::Control {
                    option,
                    index,
                    found,
                });
            }
            Ok((index, rest.to_string()))
        };
        let mut commands: Vec<(usize, String)> = Vec::new();
        for text in &self.commands {
            let (index, command) = split("--command", text)?;
            if commands.iter().any(|(i, _)| *i == index) {
                return Err(SpecError::TwoCommands {
                    text: text.clone(),
                    index,
                });
            }
            commands.push((index, command));
        }
        let mut seated: Vec<Entrant> = Vec::new();
        for text in &self.seats {
            let (index, name) = split("--seat", text)?;
            if seated.iter().any(|e| e.index == index && e.name != name) {
                return Err(SpecError::TwoNames {
                    text: text.clone(),
                    index,
                });
            }
            let command =
                commands
                    .iter()
                    .find(|(i, _)| *i == index)
                    .ok_or(SpecError::NoCommand {
                        text: text.clone(),
                        index,
                    })?;
            seated.push(Entrant {
                index,
                name,
                command: command.1.clone(),
            });
        }
        if let Some((i, _)) = commands
            .iter()
            .find(|(i, _)| !seated.iter().any(|e| e.index == *i))
        {
            return Err(SpecError::NoSeat(*i));
        }
        Ok(seated)
    }
}

/// The games of a tournament: every entrant plays `games` games from each seat;
/// game k of round r seats entrant (k + seat) mod n of a seeded shuffle.
pub fn schedule(
    entrants: &[Entrant],
    games: u32,
    seed: u64,
    options: &GameOptions,
) -> Vec<MatchSpec> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let n = entrants.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(&mut rand_pcg::Pcg64Mcg::seed_from_u64(seed));
    let of = games * n as u32;
    let mut out = Vec::with_capacity(of as usize);
    for _ in 0..games {
        for k in 0..n {
            let seats: Vec<&Entrant> = (0..4).map(|s| &entrants[order[(k + s) % n]]).collect();
            let mut commands: Vec<String> = Vec::new();
            let mut seen: Vec<usize> = Vec::new();
            for e in &seats {
                if !seen.contains(&e.index) {
                    seen.push(e.index);
                    commands.push(format!("{}:{}", e.index, e.command));
                }
            }
            out.push(MatchSpec {
                game: out.len() as u32,
                of,
                seed,
                entrants: n as u32,
                seats: seats
                    .iter()
                    .map(|e| format!("{}:{}", e.index, e.name))
                    .collect(),
                commands,
                options: options.clone(),
            });
        }
    }
    out
}
