//! `gridlab pengu solve`, `replay`, `analyze` and `generate`.

use super::generated::{parse_size, run_batch, Failure, LevelFiles, MAX_COUNT};
use super::{
    cancel_on_ctrl_c, emit, load, option_error, print_stats, EXIT_BAD_INPUT, EXIT_NOT_MET, EXIT_OK,
};
use clap::{Args, Subcommand};
use gridlab::games::pengu::{
    analyze, generate, replay, solve, AnalysisLimits, GenerateError, GenerateOptions, Goal, Level,
    PlanCount, SolveOptions, Solver,
};
use gridlab::search::Outcome;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum PenguCommand {
    /// Solve a field and print the course output (moves, score, final field).
    Solve(SolveArgs),
    /// Replay a move string and print the course output.
    Replay(ReplayArgs),
    /// Prove a field's difficulty: optimal moves, how many optimal plans, uneatable
    /// fish, features (JSON).
    Analyze(AnalyzeArgs),
    /// Generate fields with a proved optimal length (and, if asked, a unique plan).
    Generate(GenerateArgs),
}

#[derive(Args)]
pub struct AnalyzeArgs {
    /// Field file in the course format, or - for standard input.
    file: String,
    /// Most states of the exact plan count (1 to 20,000,000; the A* that proves the
    /// optimum when the count stops stores ten times as many).
    #[arg(long, default_value_t = 20_000_000)]
    max_states: usize,
    #[command(flatten)]
    max_memory: super::MemoryArg,
    /// Most optimal plans counted (beyond: "at least").
    #[arg(long, default_value_t = 1_000_000)]
    plan_cap: u64,
}

#[derive(Args)]
pub struct GenerateArgs {
    /// Size as ROWSxCOLS, border included (the course format's first line), 4 to 16 a side.
    #[arg(long, default_value = "8x8", value_parser = parse_size)]
    size: (usize, usize),
    /// Fish on the field (1 to 12).
    #[arg(long, default_value_t = 6)]
    fish: usize,
    /// The optimal plan takes at least this many moves (1 to 200).
    #[arg(long, default_value_t = 10)]
    min_moves: u32,
    /// The optimal plan is the only one.
    #[arg(long)]
    unique: bool,
    /// Seed of the first level; level k of --count uses seed + k.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Levels to generate (1 to 10,000).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_COUNT as i64))]
    count: u32,
    /// Most candidate fields scored per level (1 to 100,000,000).
    #[arg(long, default_value_t = 20_000_000)]
    max_candidates: u64,
    /// Score all the candidates and keep the longest level (at least --min-moves).
    #[arg(long)]
    longest: bool,
    /// Write NAME.txt, .plan, .out (course output) and .json (features) here.
    #[arg(long)]
    out: Option<PathBuf>,
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
    #[command(flatten)]
    max_memory: super::MemoryArg,
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
        PenguCommand::Analyze(args) => run_analyze(args),
        PenguCommand::Generate(args) => run_generate(args),
    }
}

fn run_analyze(args: AnalyzeArgs) -> u8 {
    let level = match load(&args.file, Level::parse) {
        Ok(level) => level,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let cancel = cancel_on_ctrl_c();
    let limits = AnalysisLimits {
        max_states: args.max_states,
        max_memory: args.max_memory.bytes(),
        plan_cap: args.plan_cap,
    };
    if let Err(e) = limits.check() {
        return option_error(&e);
    }
    let analysis = analyze(&level, limits, Some(&cancel));
    let place = |i: &u32| {
        let p = level.tiles.pos_of(*i as usize);
        format!("{}:{}", p.row + 2, p.col + 1)
    };
    let json = serde_json::json!({
        "count": analysis.count,
        "uneatable_fish": analysis.uneatable.iter().map(place).collect::<Vec<_>>(),
        "never_rests": analysis.never_rests.len(),
        "features": analysis.features,
    });
    emit(&format!("{json:#}\n"));
    match analysis.count {
        PlanCount::Found { .. } | PlanCount::Optimal { .. } => EXIT_OK,
        PlanCount::LimitReached { note } => {
            eprintln!("limit reached: {note}");
            EXIT_NOT_MET
        }
        PlanCount::NoPlan { .. } => EXIT_NOT_MET,
    }
}

fn run_generate(args: GenerateArgs) -> u8 {
    let cancel = cancel_on_ctrl_c();
    run_batch(args.count, args.seed, args.out.as_deref(), |seed| {
        let options = GenerateOptions {
            rows: args.size.0,
            cols: args.size.1,
            fish: args.fish,
            min_moves: args.min_moves,
            unique: args.unique,
            seed,
            max_candidates: args.max_candidates,
            longest: args.longest,
        };
        let generated = generate(&options, Some(&cancel), None).map_err(|e| match e {
            GenerateError::Options(e) => Failure::Options(e),
            e => Failure::NotFound(e.to_string()),
        })?;
        let game = replay(&generated.level, &generated.plan).expect("a proved plan replays");
        let f = &generated.features;
        Ok(LevelFiles {
            name: format!(
                "pengu-{}x{}-f{}-s{seed}",
                options.rows, options.cols, options.fish
            ),
            level: generated.level.to_text(),
            plan: generated.plan.clone(),
            expected: game.output(),
            json: serde_json::json!({
                "game": "pengu",
                "seed": seed,
                "options": options,
                "plan": generated.plan,
                "features": f,
                "candidates": generated.candidates,
            }),
            summary: format!(
                "{} moves, {}, {} candidates",
                f.optimal_moves,
                if f.unique {
                    "unique".to_string()
                } else {
                    format!("{} optimal plans", f.optimal_plans)
                },
                generated.candidates,
            ),
        })
    })
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
        max_memory: args.max_memory.bytes(),
        max_depth: args.max_depth,
        seed: args.seed,
        random_moves: args.random_moves,
        trace_limit: 0,
        record_limit: 0,
    };
    if let Err(e) = options.check() {
        return option_error(&e);
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
