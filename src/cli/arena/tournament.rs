//! `gridlab arena tournament` (on one machine, as a plan, or merged from result
//! files) and `gridlab arena match` (one scheduled game).

use super::play::{play, GameRecord};
use super::reaper;
use super::results::{self, merge, standings, summary, table};
use super::schedule::{entrants, schedule, Entrant, GameOptions, MatchSpec};
use super::{emit, runtime, EXIT_BAD_INPUT, EXIT_OK, MAX_ENTRANTS, MAX_TOURNAMENT_GAMES};
use clap::Args;
use gridlab::games::arena::BotKind;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

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

/// `gridlab arena tournament`: play (or plan, or merge) and print the standings.
pub fn run_tournament(args: TournamentArgs) -> u8 {
    match tournament(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_BAD_INPUT
        }
    }
}

fn tournament(args: TournamentArgs) -> Result<u8, String> {
    if let Some(dir) = &args.merge {
        let (spec, entrants, games) = merge(dir)?;
        return finish(&args, spec.seed, &spec.options, &entrants, &games);
    }
    if args.entrants.len() < 2 {
        return Err("a tournament needs at least two --entrant".into());
    }
    if args.entrants.len() > MAX_ENTRANTS {
        return Err(format!(
            "{} --entrant: a tournament takes at most {MAX_ENTRANTS}",
            args.entrants.len()
        ));
    }
    let entrants = entrants(&args.entrants);
    for e in &entrants {
        if let Some(c) = e.command.chars().find(|c| c.is_control() && *c != '\t') {
            return Err(format!(
                "--entrant {}: a command is one line without control characters (found {c:?}); \
                 put a longer script in a file",
                e.index
            ));
        }
        if let Some(kind) = e.command.strip_prefix("bot:") {
            kind.parse::<BotKind>()
                .map_err(|err| format!("--entrant {}: {err}", e.name))?;
        }
    }
    let plan = schedule(&entrants, args.games, args.seed, &args.options);
    let steps = plan.len() as u64 * u64::from(args.options.steps);
    if args.json.is_some() && steps > MAX_JSON_STEPS {
        return Err(format!(
            "--json: {} games of {} steps are {steps} steps of replay, more than {MAX_JSON_STEPS}",
            plan.len(),
            args.options.steps
        ));
    }
    if let Some(path) = &args.plan {
        let text: String = plan.iter().map(|s| s.line() + "\n").collect();
        write(path, &text)?;
        return Ok(EXIT_OK);
    }
    let rt = runtime().ok_or("cannot start the async runtime")?;
    reaper::install();
    let (games, failed) = rt.block_on(play_all(plan, args.parallel, args.replays.clone()));
    reaper::kill_all_below_us();
    // What was played is always written, whatever went wrong with other games.
    let code = finish(&args, args.seed, &args.options, &entrants, &games)?;
    if !failed.is_empty() {
        for e in &failed {
            eprintln!("error: {e}");
        }
        return Err(format!(
            "{} of {} games not played: the standings hold the others",
            failed.len(),
            failed.len() + games.len()
        ));
    }
    Ok(code)
}

/// Play every game, `parallel` at a time; the records in game order, and why the
/// games that could not be played were not (a game's failure stops no other).
async fn play_all(
    plan: Vec<MatchSpec>,
    parallel: u32,
    replays: Option<PathBuf>,
) -> (Vec<GameRecord>, Vec<String>) {
    let count = plan.len();
    let queue = Arc::new(Mutex::new(plan.into_iter().rev().collect::<Vec<_>>()));
    let done: Arc<Mutex<Vec<Option<GameRecord>>>> = Arc::new(Mutex::new(vec![None; count]));
    let failed: Arc<Mutex<Vec<String>>> = Arc::default();
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..parallel {
        let (queue, done, failed, replays) = (
            Arc::clone(&queue),
            Arc::clone(&done),
            Arc::clone(&failed),
            replays.clone(),
        );
        workers.spawn(async move {
            loop {
                let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop();
                let Some(spec) = next else {
                    return;
                };
                match play(&spec, replays.as_deref()).await {
                    Ok(record) => {
                        eprintln!("{}", summary(&record));
                        let game = record.game as usize;
                        done.lock().unwrap_or_else(|e| e.into_inner())[game] = Some(record);
                    }
                    Err(e) => {
                        eprintln!("game {}: not played: {e}", spec.game);
                        failed
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(format!("game {}: {e}", spec.game));
                    }
                }
            }
        });
    }
    while let Some(worker) = workers.join_next().await {
        if let Err(e) = worker {
            failed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(format!("a game's task failed: {e}"));
        }
    }
    let done = std::mem::take(&mut *done.lock().unwrap_or_else(|e| e.into_inner()));
    let failed = std::mem::take(&mut *failed.lock().unwrap_or_else(|e| e.into_inner()));
    (done.into_iter().flatten().collect(), failed)
}

/// Print the standings and write the JSON.
fn finish(
    args: &TournamentArgs,
    seed: u64,
    options: &GameOptions,
    entrants: &[Entrant],
    games: &[GameRecord],
) -> Result<u8, String> {
    let standings = standings(entrants, games);
    if let Some(path) = &args.json {
        write(path, &results::json(seed, options, &standings, games))?;
    }
    emit(&table(&standings));
    Ok(EXIT_OK)
}

/// Write `text` to `path` (`-`: standard output).
fn write(path: &Path, text: &str) -> Result<(), String> {
    if path == Path::new("-") {
        emit(text);
        return Ok(());
    }
    super::write_replacing(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `gridlab arena match`: play one game of a plan and write its result file.
pub fn run_match(args: MatchArgs) -> u8 {
    let result = (|| {
        let spec = MatchSpec::parse(&args.line).map_err(|e| format!("LINE: {e}"))?;
        let rt = runtime().ok_or("cannot start the async runtime")?;
        reaper::install();
        let record = rt.block_on(play(&spec, args.replays.as_deref()));
        reaper::kill_all_below_us();
        let record = record?;
        eprintln!("{}", summary(&record));
        let text = serde_json::to_string(&record).unwrap_or_default() + "\n";
        if args.out == Path::new("-") {
            emit(&text);
            return Ok(());
        }
        let path = args.out.join(format!("game-{:05}.json", record.game));
        std::fs::create_dir_all(&args.out)
            .and_then(|()| super::write_replacing(&path, &text))
            .map_err(|e| format!("--out: cannot write {}: {e}", path.display()))
    })();
    match result {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_BAD_INPUT
        }
    }
}
