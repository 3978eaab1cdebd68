//! `gridlab actman check`; `solve`, `analyze`, `verdict` and `generate` are Act-Man's
//! tools (`games::actman::TOOLS`, made subcommands by `cli::tools`).

use super::{emit, load, CliError, EXIT_NOT_MET, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::games::actman::{Dungeon, Game, Status};

/// Act-Man's commands besides its tools.
#[derive(Subcommand)]
pub enum ActmanCommand {
    /// Replay an action string: the final state and the grader's verdict line.
    Check(CheckArgs),
    /// Run a solver on dungeons and grade its outputs (see docs/grading.md).
    Grade(Box<super::grade::ActmanGradeArgs>),
}

/// `gridlab actman check`.
#[derive(Args)]
pub struct CheckArgs {
    /// Dungeon file in the course format, or - for standard input.
    file: String,
    /// Actions: numpad digits to move (7 8 9 / 4 6 / 1 2 3), N S E W to fire.
    actions: String,
    /// The plan limit of the grader's verdict (default: the plan's own length).
    #[arg(long)]
    turns: Option<usize>,
}

/// Run an Act-Man command; the exit code.
pub fn run(command: ActmanCommand) -> Result<u8, CliError> {
    match command {
        ActmanCommand::Check(args) => run_check(args),
        ActmanCommand::Grade(args) => super::grade::run_actman(*args),
    }
}

fn run_check(args: CheckArgs) -> Result<u8, CliError> {
    let dungeon = load(&args.file, Dungeon::parse)?;
    for warning in dungeon.warnings() {
        eprintln!("{warning}");
    }
    let actions = args.actions.trim();
    let game = Game::replay(&dungeon, actions)
        .map_err(|e| CliError::Input(format!("illegal action {e}")))?;
    emit(&game.output());
    let limit = args.turns.unwrap_or(actions.len());
    emit(&format!("{}\n", game.verdict(Some(limit))));
    Ok(if game.status() == Status::Victory {
        EXIT_OK
    } else {
        EXIT_NOT_MET
    })
}
