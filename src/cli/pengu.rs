//! `gridlab pengu solve` and `gridlab pengu replay`.

use super::{cancel_on_ctrl_c, emit, load, print_stats, EXIT_BAD_INPUT, EXIT_NOT_MET, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::games::pengu::{replay, solve, Goal, Level, SolveOptions, Solver};
use gridlab::search::Outcome;

#[derive(Subcommand)]
pub enum PenguCommand {
    /// Solve a field and print the course output (moves, score, final field).
    Solve(SolveArgs),
    /// Replay a move string and print the course output.
    Replay(ReplayArgs),
}

#[derive(Args)]
pub struct SolveArgs {
    /// Field file in the course format, or - for standard input.
    file: String,
    /// Solver: random, bfs, iddfs, greedy or astar.
    #[arg(long, default_value = "astar")]
    algo: Solver,
    /// Goal: all, or the least number of fish to eat (Pengu must survive).
    #[arg(long, default_value = "all")]
    goal: Goal,
    /// Most states a search may store before giving up (at least 1).
    #[arg(long, default_value_t = 20_000_000)]
    max_states: usize,
    /// Most memory a search's tables may take, in MiB (at least 1); the search then
    /// stops with "limit reached" and its best partial plan.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    max_memory: u64,
    /// Longest plan considered.
    #[arg(long, default_value_t = 1_000)]
    max_depth: u32,
    /// Seed of the random solver.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Moves the random solver plays at most.
    #[arg(long, default_value_t = 6)]
    random_moves: usize,
    /// Print search statistics on standard error.
    #[arg(long)]
    stats: bool,
    /// Print one JSON object (outcome, moves, score, statistics, output) instead.
    #[arg(long)]
    json: bool,
}

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

pub fn run(command: PenguCommand) -> u8 {
    match command {
        PenguCommand::Solve(args) => run_solve(args),
        PenguCommand::Replay(args) => run_replay(args),
    }
}

fn run_solve(args: SolveArgs) -> u8 {
    let level = match load(&args.file, Level::parse) {
        Ok(level) => level,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let options = SolveOptions {
        solver: args.algo,
        goal: args.goal,
        max_states: args.max_states,
        max_memory: usize::try_from(args.max_memory << 20).unwrap_or(usize::MAX),
        max_depth: args.max_depth,
        seed: args.seed,
        random_moves: args.random_moves,
        trace_limit: 0,
        record_limit: 0,
    };
    if let Err(e) = options.check() {
        eprintln!("error: --{}: {}", e.field.replace('_', "-"), e.message);
        return EXIT_BAD_INPUT;
    }
    let cancel = cancel_on_ctrl_c();
    let solution = solve(&level, &options, Some(&cancel), None);
    let game = replay(&level, &solution.moves).expect("solver plans are legal");
    let met = solution.outcome == Outcome::Found && args.goal.is_met(&game);
    if args.json {
        let json = serde_json::json!({
            "outcome": solution.outcome,
            "goal_met": met,
            "moves": solution.moves,
            "score": game.score(),
            "status": game.status(),
            "stats": solution.stats,
            "note": solution.note,
            "output": game.output(),
        });
        emit(&format!("{json:#}\n"));
    } else {
        if solution.outcome != Outcome::NoPlan {
            emit(&game.output());
        }
        if let Some(note) = &solution.note {
            eprintln!("{note}");
        }
        match solution.outcome {
            Outcome::LimitReached if options.solver != Solver::Random => eprintln!(
                "limit reached: printed the best partial plan ({} fish)",
                game.score()
            ),
            Outcome::Cancelled => eprintln!(
                "cancelled: printed the best partial plan ({} fish)",
                game.score()
            ),
            Outcome::NoPlan if solution.note.is_none() => {
                eprintln!("no plan: no sequence of moves meets the goal")
            }
            _ => {}
        }
        if args.stats {
            print_stats(options.solver, solution.outcome, &solution.stats);
        }
    }
    if met {
        EXIT_OK
    } else {
        EXIT_NOT_MET
    }
}

fn run_replay(args: ReplayArgs) -> u8 {
    let level = match load(&args.file, Level::parse) {
        Ok(level) => level,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    match replay(&level, args.moves.trim()) {
        Ok(game) => {
            emit(&game.output());
            if args.goal.is_met(&game) {
                EXIT_OK
            } else {
                EXIT_NOT_MET
            }
        }
        Err(e) => {
            eprintln!("error: illegal move {e}");
            EXIT_BAD_INPUT
        }
    }
}
