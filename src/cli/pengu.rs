//! `gridlab pengu replay`; `solve`, `analyze`, `verdict` and `generate` are Pengu's
//! tools (`games::pengu::TOOLS`, made subcommands by `cli::tools`).

use super::{emit, load, CliError, EXIT_NOT_MET, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::games::pengu::{replay, Goal, Level};
use gridlab::games::tools::ToolError;

/// Pengu's commands besides its tools.
#[derive(Subcommand)]
pub enum PenguCommand {
    /// Replay a move string and print the course output.
    Replay(ReplayArgs),
    /// Run a solver on levels and grade its outputs (see docs/grading.md).
    Grade(Box<super::grade::PenguGradeArgs>),
    /// Check a solver's printed expansion order (docs/trace-format.md) as BFS, ID-DFS
    /// or A* on a level; exit 0 valid, 1 the first line that breaks it, 2 bad input.
    CheckTrace(super::trace::CheckTraceArgs),
}

/// `gridlab pengu replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// Field file in the course format, or - for standard input.
    file: String,
    /// Moves as numpad digits (7 8 9 / 4 6 / 1 2 3), e.g. 74184261683927.
    moves: String,
    /// Goal that decides the exit code: all, or a number of fish.
    #[arg(long, default_value = "all")]
    goal: Goal,
}

/// Run a Pengu command; the exit code.
pub fn run(command: PenguCommand) -> Result<u8, CliError> {
    match command {
        PenguCommand::Replay(args) => run_replay(args),
        PenguCommand::Grade(args) => super::grade::run_pengu(*args),
        PenguCommand::CheckTrace(args) => super::trace::run_check_trace(args),
    }
}

fn run_replay(args: ReplayArgs) -> Result<u8, CliError> {
    let level = load(&args.file, Level::parse)?;
    for warning in level.warnings() {
        eprintln!("{warning}");
    }
    let game = replay(&level, args.moves.trim()).map_err(|e| CliError::Tool(ToolError::Move(e)))?;
    emit(&game.output());
    Ok(if args.goal.is_met(&game) {
        EXIT_OK
    } else {
        EXIT_NOT_MET
    })
}
