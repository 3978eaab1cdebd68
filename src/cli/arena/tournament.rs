//! `gridlab arena tournament` (on one machine, as a plan, or merged from result
//! files) and `gridlab arena match` (one scheduled game).

use super::play::{play, GameRecord, PlayError};
use super::results::{self, merge, standings, summary, table, MergeError};
use super::schedule::{entrants, schedule, Entrant, GameOptions, MatchSpec, SpecError};
use super::{emit, runtime, EXIT_BAD_INPUT, EXIT_OK, MAX_ENTRANTS, MAX_TOURNAMENT_GAMES};
use crate::cli::batch;
use crate::cli::sandbox::reaper;
use clap::Args;
use gridlab::error::NameError;
use gridlab::games::arena::BotKind;
use std::path::{Path, PathBuf};

/// Most games played at once (`--parallel`).
pub const MAX_PARALLEL: u32 = 64;
/// Most steps, over all games, whose replays a `--json` file holds (about 20 bytes
/// of JSON a step: some 400 MB).
pub const MAX_JSON_STEPS: u64 = 20_000_000;

/// The options of `gridlab arena tournament`.
#[derive(Args)]
pub struct TournamentArgs {
    /// An entrant: `bot:greedy|hunter|miner`, or a command that starts a client (run
    /// by `sh -c` in a process group of its own, under --cpu-limit and --memory-limit,
    /// with ARENA_HOST, ARENA_PORT, ARENA_NAME and ARENA_TOKEN set; it must say hello
    /// with its token: {"hello": NAME, "token": TOKEN}; one line), either as `NAME=...`
    /// to name it in the standings. Give from two to
    /// 256. A client that does not connect, exits with an error, or gets more than
    /// --warnings warnings in a game forfeits that game (0 points, a fault).
    #[arg(long = "entrant", required_unless_present = "merge")]
    entrants: Vec<String>,
    /// Games per entrant and start position (each entrant plays this many games from
    /// each of the four seats; 1 to 10000).
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_TOURNAMENT_GAMES)))]
    games: u32,
    /// Seed of the pairings and games.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How every game is played.
    #[command(flatten)]
    options: GameOptions,
    /// Games played at once on this machine, each on a port of its own (1 to 64).
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PARALLEL)))]
    parallel: u32,
    /// Folder for the replays.
    #[arg(long)]
    replays: Option<PathBuf>,
    /// Write the whole result (standings, every game with its replay) as JSON here
    /// (see docs/arena-tournament.md).
    #[arg(long, visible_alias = "results")]
    json: Option<PathBuf>,
    /// Write the schedule instead of playing it: one line per game, each the argument
    /// of `gridlab arena match` (`-`: standard output).
    #[arg(long, conflicts_with_all = ["merge", "json", "replays"])]
    plan: Option<PathBuf>,
    /// Build the standings (and --json) from the result files `arena match` wrote
    /// into this folder instead of playing (the games' options come from the files).
    #[arg(long, conflicts_with_all = [
        "entrants", "games", "seed", "steps", "realtime", "step_timeout", "join_wait",
        "forfeit_after", "warnings", "cpu_limit", "memory_limit", "parallel", "replays",
    ])]
    merge: Option<PathBuf>,
}

/// The options of `gridlab arena match`.
#[derive(Args)]
pub struct MatchArgs {
    /// One line of a tournament's `--plan` (one argument: quote it in a shell).
    #[arg(allow_hyphen_values = true)]
    line: String,
    /// Folder for the result file (`game-NNNNN.json`; `-`: standard output).
    #[arg(long)]
    out: PathBuf,
    /// Folder for the replay file.
    #[arg(long)]
    replays: Option<PathBuf>,
}

/// Why a tournament or a match was not played (or not written) whole.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// `--merge` found no whole tournament.
    #[error(transparent)]
    Merge(#[from] MergeError),
    /// Fewer than two entrants.
    #[error("a tournament needs at least two --entrant")]
    TooFewEntrants,
    /// More than [`MAX_ENTRANTS`] entrants.
    #[error("{0} --entrant: a tournament takes at most {MAX_ENTRANTS}")]
    TooManyEntrants(usize),
    /// A command with a control character (a tab aside).
    #[error(
        "--entrant {index}: a command is one line without control characters (found {found:?}); \
         put a longer script in a file"
    )]
    Control {
        /// The entrant's index.
        index: usize,
        /// The character.
        found: char,
    },
    /// A `bot:` entrant names no bot.
    #[error("--entrant {name}: {error}")]
    Bot {
        /// The entrant's name.
        name: String,
        /// What is wrong with the bot's name.
        error: NameError,
    },
    /// Replays too long for a `--json` file.
    #[error("--json: {games} games of {steps} steps are {total} steps of replay, more than {MAX_JSON_STEPS}")]
    TooLong {
        /// Games in the tournament.
        games: usize,
        /// Steps a game.
        steps: u32,
        /// Steps in all.
        total: u64,
    },
    /// An output file cannot be written.
    #[error("{option}cannot write {}: {error}", .path.display())]
    Write {
        /// The option that names it, with `: ` (empty for `--json` and `--plan`).
        option: &'static str,
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// No async runtime (the reason is already said).
    #[error("cannot start the async runtime")]
    Runtime,
    /// Games that could not be played (each already said).
    #[error("{failed} of {games} games not played: the standings hold the others")]
    NotPlayed {
        /// Games not played.
        failed: usize,
        /// Games in the tournament.
        games: usize,
    },
    /// `arena match`: the plan line does not parse.
    #[error("LINE: {0}")]
    Line(SpecError),
    /// `arena match`: the game could not be played.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// Print `result`'s error; the exit code.
fn exit_code(result: Result<u8, TournamentError>) -> u8 {
    result.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        EXIT_BAD_INPUT
    })
}

/// `gridlab arena tournament`: play (or plan, or merge) and print the standings.
pub fn run_tournament(args: TournamentArgs) -> u8 {
    exit_code(tournament(args))
}

/// Play (or plan, or merge) and print the standings; the exit code.
fn tournament(args: TournamentArgs) -> Result<u8, TournamentError> {
    if let Some(dir) = &args.merge {
        let (spec, entrants, games) = merge(dir)?;
        return finish(&args, spec.seed, &spec.options, &entrants, &games);
    }
    if args.entrants.len() < 2 {
        return Err(TournamentError::TooFewEntrants);
    }
    if args.entrants.len() > MAX_ENTRANTS {
        return Err(TournamentError::TooManyEntrants(args.entrants.len()));
    }
    let entrants = entrants(&args.entrants);
    for e in &entrants {
        if let Some(found) = e.command.chars().find(|c| c.is_control() && *c != '\t') {
            return Err(TournamentError::Control {
                index: e.index,
                found,
            });
        }
        if let Some(kind) = e.command.strip_prefix("bot:") {
            kind.parse::<BotKind>()
                .map_err(|error| TournamentError::Bot {
                    name: e.name.clone(),
                    error,
                })?;
        }
    }
    let plan = schedule(&entrants, args.games, args.seed, &args.options);
    let total = plan.len() as u64 * u64::from(args.options.steps);
    if args.json.is_some() && total > MAX_JSON_STEPS {
        return Err(TournamentError::TooLong {
            games: plan.len(),
            steps: args.options.steps,
            total,
        });
    }
    if let Some(path) = &args.plan {
        let text = batch::plan_text(plan.iter().map(MatchSpec::line));
        write(path, &text)?;
        return Ok(EXIT_OK);
    }
    let rt = runtime().ok_or(TournamentError::Runtime)?;
    reaper::install();
    let (games, failed) = rt.block_on(play_all(plan, args.parallel, args.replays.clone()));
    reaper::kill_all_below_us();
    // What was played is always written, whatever went wrong with other games.
    let code = finish(&args, args.seed, &args.options, &entrants, &games)?;
    if !failed.is_empty() {
        for e in &failed {
            eprintln!("error: {e}");
        }
        return Err(TournamentError::NotPlayed {
            failed: failed.len(),
            games: failed.len() + games.len(),
        });
    }
    Ok(code)
}

/// Play every game, `parallel` at a time ([`batch::run_all`]); the records in game
/// order, and why the games that could not be played were not (a game's failure stops
/// no other).
async fn play_all(
    plan: Vec<MatchSpec>,
    parallel: u32,
    replays: Option<PathBuf>,
) -> (Vec<GameRecord>, Vec<String>) {
    let (records, failed) = batch::run_all(plan, parallel, move |spec: MatchSpec| {
        let replays = replays.clone();
        async move {
            match play(&spec, replays.as_deref()).await {
                Ok(record) => {
                    eprintln!("{}", summary(&record));
                    Ok(record)
                }
                Err(e) => {
                    eprintln!("game {}: not played: {e}", spec.game);
                    Err(format!("game {}: {e}", spec.game))
                }
            }
        }
    })
    .await;
    let mut records: Vec<GameRecord> = records.into_iter().flatten().collect();
    records.sort_by_key(|r| r.game);
    (records, failed)
}

/// Print the standings and write the JSON.
fn finish(
    args: &TournamentArgs,
    seed: u64,
    options: &GameOptions,
    entrants: &[Entrant],
    games: &[GameRecord],
) -> Result<u8, TournamentError> {
    let standings = standings(entrants, games);
    if let Some(path) = &args.json {
        write(path, &results::json(seed, options, &standings, games))?;
    }
    emit(&table(&standings));
    Ok(EXIT_OK)
}

/// Write `text` to `path` (`-`: standard output).
fn write(path: &Path, text: &str) -> Result<(), TournamentError> {
    batch::write_plan(path, text).map_err(|error| TournamentError::Write {
        option: "",
        path: path.to_path_buf(),
        error,
    })
}

/// `gridlab arena match`: play one game of a plan and write its result file.
pub fn run_match(args: MatchArgs) -> u8 {
    exit_code(play_match(&args))
}

/// Play the game of `args.line` and write its result file; the exit code.
fn play_match(args: &MatchArgs) -> Result<u8, TournamentError> {
    let spec = MatchSpec::parse(&args.line).map_err(TournamentError::Line)?;
    let rt = runtime().ok_or(TournamentError::Runtime)?;
    reaper::install();
    let record = rt.block_on(play(&spec, args.replays.as_deref()));
    reaper::kill_all_below_us();
    let record = record?;
    eprintln!("{}", summary(&record));
    let text = serde_json::to_string(&record).unwrap_or_default() + "\n";
    let name = format!("game-{:05}.json", record.game);
    batch::write_result(&args.out, &name, &text).map_err(|(path, error)| {
        TournamentError::Write {
            option: "--out: ",
            path,
            error,
        }
    })?;
    Ok(EXIT_OK)
}
