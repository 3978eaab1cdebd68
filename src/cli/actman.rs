//! `gridlab actman solve` and `gridlab actman check`.

use super::{cancel_on_ctrl_c, emit, load, print_stats, EXIT_BAD_INPUT, EXIT_NOT_MET, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::games::actman::{solve, Dungeon, Game, Objective, SolveOptions, Solver, Status};
use gridlab::search::Outcome;

#[derive(Subcommand)]
pub enum ActmanCommand {
    /// Solve a dungeon and print the course output (actions, score, final grid).
    Solve(SolveArgs),
    /// Replay an action string: the final state and the grader's verdict line.
    Check(CheckArgs),
}

#[derive(Args)]
pub struct SolveArgs {
    /// Dungeon file in the course format, or - for standard input.
    file: String,
    /// Solver: random, bfs, iddfs, greedy or astar.
    #[arg(long, default_value = "astar")]
    algo: Solver,
    /// What greedy and A* optimise: turns (fewest) or score (best victory score).
    /// BFS and ID-DFS always find the fewest turns.
    #[arg(long, default_value = "score")]
    objective: Objective,
    /// Most turns a plan may take (the course used 7 for BFS and A*, 10 for ID-DFS).
    #[arg(long, default_value_t = 50)]
    turns: u32,
    /// Most states a search may store before giving up (at least 1).
    #[arg(long, default_value_t = 20_000_000)]
    max_states: usize,
    /// Most memory a search's tables may take, in MiB (at least 1); the search then
    /// stops with "limit reached" and its best partial plan.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    max_memory: u64,
    /// Seed of the random solver.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print search statistics on standard error.
    #[arg(long)]
    stats: bool,
    /// Print one JSON object (outcome, actions, score, statistics, output) instead.
    #[arg(long)]
    json: bool,
}

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

pub fn run(command: ActmanCommand) -> u8 {
    match command {
        ActmanCommand::Solve(args) => run_solve(args),
        ActmanCommand::Check(args) => run_check(args),
    }
}

fn run_solve(args: SolveArgs) -> u8 {
    let dungeon = match load(&args.file, Dungeon::parse) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let options = SolveOptions {
        solver: args.algo,
        objective: args.objective,
        max_turns: args.turns,
        max_states: args.max_states,
        max_memory: usize::try_from(args.max_memory << 20).unwrap_or(usize::MAX),
        seed: args.seed,
        trace_limit: 0,
        record_limit: 0,
    };
    if let Err(e) = options.check() {
        let option = match e.field {
            "max_turns" => "turns".to_string(),
            field => field.replace('_', "-"),
        };
        eprintln!("error: --{option}: {}", e.message);
        return EXIT_BAD_INPUT;
    }
    let cancel = cancel_on_ctrl_c();
    let solution = solve(&dungeon, &options, Some(&cancel), None);
    let game = Game::replay(&dungeon, &solution.actions).expect("solver plans are legal");
    let won = game.status() == Status::Victory;
    if args.json {
        let json = serde_json::json!({
            "outcome": solution.outcome,
            "victory": won,
            "actions": solution.actions,
            "score": game.score(),
            "status": game.status(),
            "stats": solution.stats,
            "note": solution.note,
            "output": game.output(),
        });
        emit(&format!("{json:#}\n"));
    } else {
        emit(&game.output());
        if let Some(note) = &solution.note {
            eprintln!("{note}");
        }
        if args.stats {
            print_stats(options.solver, solution.outcome, &solution.stats);
        }
    }
    if won && solution.outcome == Outcome::Found {
        EXIT_OK
    } else {
        EXIT_NOT_MET
    }
}

fn run_check(args: CheckArgs) -> u8 {
    let dungeon = match load(&args.file, Dungeon::parse) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let actions = args.actions.trim();
    match Game::replay(&dungeon, actions) {
        Ok(game) => {
            emit(&game.output());
            let limit = args.turns.unwrap_or(actions.len());
            emit(&format!("{}\n", game.verdict(Some(limit))));
            if game.status() == Status::Victory {
                EXIT_OK
            } else {
                EXIT_NOT_MET
            }
        }
        Err(e) => {
            eprintln!("error: illegal action {e}");
            EXIT_BAD_INPUT
        }
    }
}
