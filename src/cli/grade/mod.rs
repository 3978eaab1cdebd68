//! `gridlab pengu grade` and `gridlab actman grade`: run a student's solver on levels
//! and say for each whether its output passes (it reads, its moves are legal, its lines
//! are exact, it meets the goal, it is optimal: `gridlab::games::<game>::grade`) and
//! whether the run kept its limits (time, memory, exit code). `--class DIR` grades
//! every submission folder of DIR and writes a gradebook; `--plan`, `--job` and
//! `--merge` spread a class over machines ([`crate::cli::batch`], as Arena's
//! tournaments). See docs/grading.md.

pub mod class;
pub mod levels;
pub mod run;
pub mod table;

use super::{CliError, EXIT_NOT_MET, EXIT_OK};
use clap::Args;
use gridlab::games::actman::{self, ActmanGrading as Actman};
use gridlab::games::grade::Grading;
use gridlab::games::pengu::{self, PenguGrading as Pengu};
use gridlab::games::tools::{Host, ToolOptions};
use gridlab::search::Solver;
use std::path::PathBuf;

/// Most levels graded in one command (files, folders' files and generated ones).
pub const MAX_LEVELS: usize = 10_000;
/// Most levels `--generate` makes.
pub const MAX_GENERATE: u32 = 1_000;
/// Most programs run at once (`--parallel`).
pub const MAX_PARALLEL: u32 = 64;
/// Longest `--time-limit`, in seconds (an hour).
pub use crate::cli::sandbox::run::MAX_TIME_LIMIT_SECS;
/// Shortest `--time-limit`, in seconds.
pub const MIN_TIME_LIMIT_SECS: f64 = 0.1;
/// Largest `--memory-limit`, in MB (1 TB).
pub const MAX_MEMORY_MB: u64 = 1 << 20;
/// Smallest `--memory-limit`, in MB.
pub const MIN_MEMORY_MB: u64 = 16;

/// The options every game's `grade` takes.
#[derive(Args, Clone, Debug)]
pub struct CommonArgs {
    /// The solver: a shell command (run by `sh -c`) with `{in}` for the level file and
    /// `{out}` for the output file (without them both paths are appended); when it
    /// writes no output file, its standard output is graded.
    #[arg(long, required_unless_present_any = ["class", "job", "merge"],
          conflicts_with_all = ["class", "job", "merge"])]
    pub solver: Option<String>,
    /// The assignment's algorithm: random, bfs, iddfs, greedy or astar (BFS, ID-DFS and
    /// A* must be optimal; the other searches are no assignment and are refused).
    #[arg(long, default_value = "astar")]
    pub algo: Solver,
    /// Wall-clock seconds a run may take (0.1 to 3,600); its CPU limit is one second
    /// more.
    #[arg(long, default_value_t = 10.0, value_parser = parse_time_limit)]
    pub time_limit: f64,
    /// Address space of a run, in MB (16 to 1,048,576).
    #[arg(long, default_value_t = 4096,
          value_parser = clap::value_parser!(u64).range(MIN_MEMORY_MB..=MAX_MEMORY_MB))]
    pub memory_limit: u64,
    /// Runs at once (1 to 64); the proofs of the levels' optima too.
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PARALLEL)))]
    pub parallel: u32,
    /// Also grade on N fresh levels from the game's generator (1 to 1,000), seeds
    /// --seed, --seed + 1, ...
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_GENERATE)))]
    pub generate: Option<u32>,
    /// The first seed of --generate.
    #[arg(long, default_value_t = 0, requires = "generate")]
    pub seed: u64,
    /// Write every result in detail as JSON here (`-`: standard output).
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Grade every submission folder of DIR (each with a one-line `run` file holding
    /// its command, run in that folder) on the same levels.
    #[arg(long, value_name = "DIR")]
    pub class: Option<PathBuf>,
    /// Write the gradebook CSV here (`-`: standard output, the default with --class).
    #[arg(long)]
    pub gradebook: Option<PathBuf>,
    /// Write the jobs (one line each: a submission on a level) instead of running them
    /// (`-`: standard output); run each with --job and build the result with --merge.
    #[arg(long, conflicts_with_all = ["json", "gradebook", "job", "merge"])]
    pub plan: Option<PathBuf>,
    /// Run one line of a --plan and write its result file into --out.
    #[arg(long, value_name = "LINE", allow_hyphen_values = true, requires = "out",
          conflicts_with_all = ["class", "merge", "generate", "json", "gradebook"])]
    pub job: Option<String>,
    /// The folder of --job's result file (`job-NNNNNN.json`; `-`: standard output).
    #[arg(long, requires = "job")]
    pub out: Option<PathBuf>,
    /// Build the table or gradebook (and --json) from the result files --job wrote into
    /// this folder.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["class", "generate"])]
    pub merge: Option<PathBuf>,
    /// Level files, or folders whose `.txt` files are levels.
    #[arg(value_name = "LEVEL|DIR")]
    pub levels: Vec<String>,
}

/// `gridlab pengu grade`.
#[derive(Args, Clone, Debug)]
pub struct PenguGradeArgs {
    /// Options every game's grading takes.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Goal: all, or a number of fish (default: the assignment's for --algo: BFS 8,
    /// ID-DFS and greedy 20, A* all).
    #[arg(long)]
    pub goal: Option<pengu::Goal>,
}

/// `gridlab actman grade`.
#[derive(Args, Clone, Debug)]
pub struct ActmanGradeArgs {
    /// Options every game's grading takes.
    #[command(flatten)]
    pub common: CommonArgs,
    /// The turn limit of a plan (default: the assignment's for --algo: BFS 7, ID-DFS
    /// 10, A* and greedy 50).
    #[arg(long)]
    pub turns: Option<u32>,
}

/// Why `--time-limit` is refused.
#[derive(Debug, thiserror::Error)]
#[error("'{0}' is not a number of seconds from 0.1 to 3600")]
pub struct TimeLimitError(String);

/// `--time-limit`: seconds from [`MIN_TIME_LIMIT_SECS`] to [`MAX_TIME_LIMIT_SECS`].
fn parse_time_limit(text: &str) -> Result<f64, TimeLimitError> {
    match text.trim().parse::<f64>() {
        Ok(s) if (MIN_TIME_LIMIT_SECS..=MAX_TIME_LIMIT_SECS).contains(&s) => Ok(s),
        _ => Err(TimeLimitError(gridlab::error::excerpt(text))),
    }
}

/// `gridlab pengu grade`; the exit code.
pub fn run_pengu(args: PenguGradeArgs) -> Result<u8, CliError> {
    let options = pengu::GradeOptions {
        algo: args.common.algo,
        goal: args.goal,
        ..pengu::GradeOptions::default()
    };
    grade::<Pengu>(&args.common, options)
}

/// `gridlab actman grade`; the exit code.
pub fn run_actman(args: ActmanGradeArgs) -> Result<u8, CliError> {
    let options = actman::GradeOptions {
        algo: args.common.algo,
        turns: args.turns,
        ..actman::GradeOptions::default()
    };
    grade::<Actman>(&args.common, options)
}

/// Grade as `args` ask (run, plan, one job, or merge); the exit code.
fn grade<G: Grading>(args: &CommonArgs, options: G::Options) -> Result<u8, CliError> {
    if let Some(line) = &args.job {
        let out = args.out.clone().unwrap_or_else(|| PathBuf::from("-"));
        return class::run_job::<G>(line, &out);
    }
    if let Some(dir) = &args.merge {
        if !args.levels.is_empty() {
            return Err(CliError::Input(
                "--merge: the levels come from the result files; give none".into(),
            ));
        }
        let book = class::merge::<G>(dir)?;
        return finish(&book, args);
    }
    ToolOptions::check(&options, Host::Native)?;
    let submissions = match (&args.class, &args.solver) {
        (Some(dir), _) => class::submissions(dir)?,
        (None, Some(command)) => vec![class::Submission::solver(command)],
        (None, None) => return Err(CliError::Input("give --solver or --class".into())),
    };
    let levels = levels::collect::<G>(&args.levels, args.generate, args.seed)?;
    if submissions.len().saturating_mul(levels.len()) > class::MAX_JOBS {
        return Err(CliError::Input(format!(
            "{} submissions on {} levels: more than {} runs; grade them in parts",
            submissions.len(),
            levels.len(),
            class::MAX_JOBS
        )));
    }
    let settings = run::Settings {
        options: serde_json::to_value(&options).unwrap_or_default(),
        time_limit: args.time_limit,
        memory_limit: args.memory_limit,
        class: args.class.is_some(),
    };
    if let Some(path) = &args.plan {
        let lines = class::plan_lines::<G>(&settings, &submissions, &levels);
        crate::cli::batch::write_plan(path, &crate::cli::batch::plan_text(lines)).map_err(
            |source| CliError::Unwritable {
                action: "write",
                path: path.clone(),
                source,
            },
        )?;
        return Ok(EXIT_OK);
    }
    let book = run::run_all::<G>(&settings, options, submissions, levels, args.parallel)?;
    finish(&book, args)
}

/// Print the table (one solver) or the gradebook (a class), write the JSON and the
/// gradebook asked for; 0 when every level passed, else 1.
fn finish(book: &table::Book, args: &CommonArgs) -> Result<u8, CliError> {
    let write = |path: &PathBuf, text: &str| {
        crate::cli::batch::write_plan(path, text).map_err(|source| CliError::Unwritable {
            action: "write",
            path: path.clone(),
            source,
        })
    };
    if let Some(path) = &args.json {
        write(path, &table::json(book))?;
    }
    let csv = table::gradebook(book);
    match (&args.gradebook, book.settings.class) {
        (Some(path), _) => write(path, &csv)?,
        (None, true) => super::emit(&csv),
        (None, false) => {}
    }
    if !book.settings.class {
        super::emit(&table::table(book));
    }
    Ok(if book.all_pass() {
        EXIT_OK
    } else {
        EXIT_NOT_MET
    })
}
