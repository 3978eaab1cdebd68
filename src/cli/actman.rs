//! `gridlab actman solve`, `check`, `analyze` and `generate`.

use super::generated::{parse_size, run_batch, Failure, LevelFiles, MAX_COUNT};
use super::{
    cancel_on_ctrl_c, emit, load, option_error, print_stats, EXIT_BAD_INPUT, EXIT_NOT_MET, EXIT_OK,
};
use clap::{Args, Subcommand};
use gridlab::games::actman::{
    analyze, generate, solve, AnalysisLimits, Dungeon, Game, GenerateError, GenerateOptions,
    Objective, PlanCount, SolveOptions, Solver, Status,
};
use gridlab::search::Outcome;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum ActmanCommand {
    /// Solve a dungeon and print the course output (actions, score, final grid).
    Solve(SolveArgs),
    /// Replay an action string: the final state and the grader's verdict line.
    Check(CheckArgs),
    /// Prove a dungeon's difficulty: fewest turns, how many optimal plans, whether
    /// victory needs the bullet or a lure, features (JSON).
    Analyze(AnalyzeArgs),
    /// Generate dungeons with a proved optimal length (and, if asked, a unique plan,
    /// no victory without the bullet, no victory without a lure).
    Generate(GenerateArgs),
}

#[derive(Args)]
pub struct AnalyzeArgs {
    /// Dungeon file in the course format, or - for standard input.
    file: String,
    /// Most states of each exact search (1 to 20,000,000).
    #[arg(long, default_value_t = 5_000_000)]
    max_states: usize,
    #[command(flatten)]
    max_memory: super::MemoryArg,
    /// Most optimal plans counted (beyond: "at least").
    #[arg(long, default_value_t = 1_000_000)]
    plan_cap: u64,
}

#[derive(Args)]
pub struct GenerateArgs {
    /// Size as ROWSxCOLS, border included (the course format's first line), 4 to 14 a side.
    #[arg(long, default_value = "8x10", value_parser = parse_size)]
    size: (usize, usize),
    /// Monsters, ogres and demons (1 to 6).
    #[arg(long, default_value_t = 3)]
    monsters: usize,
    /// Victory takes at least this many turns (1 to 80).
    #[arg(long, default_value_t = 8)]
    min_turns: u32,
    /// The optimal plan is the only one.
    #[arg(long)]
    unique: bool,
    /// No victory without firing the bullet.
    #[arg(long)]
    needs_bullet: bool,
    /// No victory without a monster dying on another monster or on a corpse.
    #[arg(long)]
    needs_lure: bool,
    /// Seed of the first dungeon; dungeon k of --count uses seed + k.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Dungeons to generate (1 to 10,000).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_COUNT as i64))]
    count: u32,
    /// Most candidate dungeons scored per dungeon (1 to 10,000,000).
    #[arg(long, default_value_t = 1_000_000)]
    max_candidates: u64,
    /// Score all the candidates and keep the longest dungeon (at least --min-turns).
    #[arg(long)]
    longest: bool,
    /// Write NAME.txt, .plan, .out (course output and verdict) and .json (features) here.
    #[arg(long)]
    out: Option<PathBuf>,
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
    #[command(flatten)]
    max_memory: super::MemoryArg,
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
        ActmanCommand::Analyze(args) => run_analyze(args),
        ActmanCommand::Generate(args) => run_generate(args),
    }
}

fn run_analyze(args: AnalyzeArgs) -> u8 {
    let dungeon = match load(&args.file, Dungeon::parse) {
        Ok(d) => d,
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
    let analysis = analyze(&dungeon, limits, Some(&cancel));
    let json = serde_json::to_value(&analysis).unwrap_or_default();
    emit(&format!("{json:#}\n"));
    match analysis.count {
        PlanCount::Found { .. } => EXIT_OK,
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
            monsters: args.monsters,
            min_turns: args.min_turns,
            unique: args.unique,
            needs_bullet: args.needs_bullet,
            needs_lure: args.needs_lure,
            seed,
            max_candidates: args.max_candidates,
            longest: args.longest,
        };
        let generated = generate(&options, Some(&cancel), None).map_err(|e| match e {
            GenerateError::Options(e) => Failure::Options(e),
            e => Failure::NotFound(e.to_string()),
        })?;
        let game =
            Game::replay(&generated.dungeon, &generated.plan).expect("a proved plan replays");
        let f = &generated.features;
        let needs: String = [
            (f.needs_bullet, ", needs the bullet"),
            (f.needs_lure, ", needs a lure"),
        ]
        .into_iter()
        .filter_map(|(yes, what)| yes.then_some(what))
        .collect();
        Ok(LevelFiles {
            name: format!(
                "actman-{}x{}-m{}-s{seed}",
                options.rows, options.cols, options.monsters
            ),
            level: generated.text.clone(),
            plan: generated.plan.clone(),
            expected: format!("{}{}\n", game.output(), game.verdict(None)),
            json: serde_json::json!({
                "game": "actman",
                "seed": seed,
                "options": options,
                "plan": generated.plan,
                "features": f,
                "candidates": generated.candidates,
            }),
            summary: format!(
                "{} turns, {}{needs}, {} candidates",
                f.optimal_turns,
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
        max_memory: args.max_memory.bytes(),
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
