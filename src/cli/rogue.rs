//! `gridlab rogue analyze|play|cycles|generate`.

use super::generated::{run_batch, Failure, LevelFiles, MAX_COUNT};
use super::{cancel_on_ctrl_c, emit, load, EXIT_BAD_INPUT, EXIT_NOT_MET, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::games::rogue::{
    direction_name, generate, parse_steps, report, Analysis, CycleRogue, Duel, Dungeon, Ending,
    GenerateError, GenerateOptions, Goal, MonsterStrategy, Outcome, Referee, RogueStrategy,
    Scripted, SharedAnalysis, Side, FOREVER, MAX_MOVES,
};
use std::path::PathBuf;
use std::rc::Rc;

#[derive(Subcommand)]
pub enum RogueCommand {
    /// Solve the game exactly: who wins from the start, in how many monster moves, the
    /// winning first moves, and how many start pairs the monster wins.
    Analyze(AnalyzeArgs),
    /// Referee a game and print what the coursework's stock Game.java prints (the
    /// starting board, `Move t`, the boards, `Caught by monster`; on an illegal move
    /// `Monster caught cheating` / `Rogue caught cheating`, the detail on standard
    /// error, exit 1), with a move limit.
    Play(PlayArgs),
    /// Show the cycles through a corridor that the `cycle` rogue runs around.
    Cycles(DungeonArgs),
    /// Generate rooms-and-corridors dungeons with a proved outcome: the monster wins
    /// in at least K moves, or the rogue escapes forever but the naive rogue does not.
    Generate(GenerateArgs),
}

#[derive(Args)]
#[group(id = "goal", required = true, multiple = false)]
pub struct GoalArgs {
    /// The monster captures the rogue under optimal play, in at least --min-moves
    /// monster moves.
    #[arg(long, group = "goal")]
    monster_wins: bool,
    /// The rogue survives forever under optimal play, but the naive rogue is caught
    /// by the optimal monster (in turn --min-moves or later).
    #[arg(long, group = "goal")]
    rogue_escapes: bool,
}

#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    goal: GoalArgs,
    /// The dungeon's side N (5 to 24).
    #[arg(long, default_value_t = 10)]
    size: usize,
    /// --monster-wins: the fewest moves to capture; --rogue-escapes: the earliest
    /// turn at which the naive rogue may be caught (1 to 200).
    #[arg(long, default_value_t = 6)]
    min_moves: u32,
    /// Seed of the first dungeon; dungeon k of --count uses seed + k.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Dungeons to generate (1 to 10,000).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_COUNT as i64))]
    count: u32,
    /// Most candidate dungeons scored per dungeon (1 to 1,000,000).
    #[arg(long, default_value_t = 200_000)]
    max_candidates: u64,
    /// Score all the candidates and keep the dungeon of the largest measure.
    #[arg(long)]
    longest: bool,
    /// Write NAME.txt, .plan (the half-moves of optimal play), .out (the referee's
    /// transcript of optimal play) and .json (outcome and features) here.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Turns of the optimal game written for a dungeon the rogue survives.
const SURVIVAL_TRANSCRIPT_TURNS: u32 = 100;

/// The dungeon file and how strictly to read it.
#[derive(Args)]
pub struct DungeonArgs {
    /// Dungeon file in the coursework format, or - for standard input.
    file: String,
    /// Pad short or missing rows with walls (with a warning) instead of failing.
    #[arg(long)]
    lenient: bool,
}

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    dungeon: DungeonArgs,
    /// The monster's strategy: bfs (a step along a shortest path) or optimal.
    #[arg(long, default_value = "bfs")]
    monster: MonsterStrategy,
    /// The rogue's strategy: naive (farthest adjacent site), cycle (run around a
    /// cycle through a corridor) or optimal.
    #[arg(long, default_value = "naive")]
    rogue: RogueStrategy,
    /// Moves the monster plays first, before its strategy takes over: compass names
    /// (N, NE, ..., stay) or numpad digits, e.g. "NE,E" or "96". Illegal ones are
    /// reported as cheating.
    #[arg(long, value_name = "STEPS", allow_hyphen_values = true)]
    monster_moves: Option<String>,
    /// Moves the rogue plays first, as for --monster-moves.
    #[arg(long, value_name = "STEPS", allow_hyphen_values = true)]
    rogue_moves: Option<String>,
    /// Turns after which the rogue has survived (the stock Game.java has no limit;
    /// gridlab prints `Rogue survived N moves` after the N-th turn's boards); at most
    /// 1000000.
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(0..=MAX_MOVES as i64))]
    max_moves: u32,
    /// Print only the final line.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    dungeon: DungeonArgs,
    /// Print the numbers as JSON: sites, states, value (null: the rogue survives),
    /// monsterWinPairs, pairs, and elapsedMs of the analysis.
    #[arg(long)]
    json: bool,
}

pub fn run(command: RogueCommand) -> u8 {
    match command {
        RogueCommand::Analyze(args) => run_analyze(args),
        RogueCommand::Play(args) => run_play(args),
        RogueCommand::Cycles(args) => run_cycles(args),
        RogueCommand::Generate(args) => run_generate(args),
    }
}

fn run_generate(args: GenerateArgs) -> u8 {
    let cancel = cancel_on_ctrl_c();
    let goal = if args.goal.rogue_escapes {
        Goal::RogueEscapes
    } else {
        Goal::MonsterWins
    };
    run_batch(args.count, args.seed, args.out.as_deref(), |seed| {
        let options = GenerateOptions {
            size: args.size,
            goal,
            min_moves: args.min_moves,
            seed,
            max_candidates: args.max_candidates,
            longest: args.longest,
        };
        let generated = generate(&options, Some(&cancel), None).map_err(|e| match e {
            GenerateError::Options(e) => Failure::Options(e),
            e => Failure::NotFound(e.to_string()),
        })?;
        let d = &generated.dungeon;
        let mut referee = Referee::new(d, MonsterStrategy::Optimal, RogueStrategy::Optimal)
            .expect("a generated dungeon is small enough to solve");
        let game = referee.play_game(SURVIVAL_TRANSCRIPT_TURNS);
        let f = &generated.report.features;
        let verdict = match generated.report.outcome {
            Outcome::MonsterWins { moves } => format!("monster wins in {moves}"),
            Outcome::RogueSafeForever => match f.naive_rogue {
                Duel::Caught { turn } => {
                    format!("rogue safe forever, the naive rogue caught in turn {turn}")
                }
                _ => "rogue safe forever".to_string(),
            },
        };
        Ok(LevelFiles {
            name: format!(
                "rogue-{}-{}-s{seed}",
                options.size,
                match goal {
                    Goal::MonsterWins => "monster",
                    Goal::RogueEscapes => "escape",
                },
            ),
            level: generated.text.clone(),
            plan: game.moves().to_string(),
            expected: game.transcript(d),
            json: serde_json::json!({
                "game": "rogue",
                "seed": seed,
                "options": options,
                "outcome": generated.report.outcome,
                "features": f,
                "optimalPlay": game.moves(),
                "candidates": generated.candidates,
            }),
            summary: format!(
                "{verdict}, {} sites, {} candidates",
                f.sites, generated.candidates
            ),
        })
    })
}

/// The dungeon file's name in messages (`<stdin>` for `-`).
fn display_name(args: &DungeonArgs) -> &str {
    if args.file == "-" {
        "<stdin>"
    } else {
        &args.file
    }
}

/// Read the dungeon, printing lenient-mode warnings to standard error.
fn load_dungeon(args: &DungeonArgs) -> Result<Dungeon, u8> {
    let name = display_name(args);
    let loaded = if args.lenient {
        load(&args.file, Dungeon::parse_lenient).map(|(dungeon, warnings)| {
            for w in warnings {
                eprintln!("warning: {name}:{}:{}: {}", w.line, w.column, w.message);
            }
            dungeon
        })
    } else {
        load(&args.file, Dungeon::parse)
    };
    loaded.map_err(|e| {
        eprintln!("error: {e}");
        EXIT_BAD_INPUT
    })
}

fn names(from: gridlab::grid::Pos, to: &[gridlab::grid::Pos]) -> String {
    to.iter()
        .map(|&p| direction_name(from, p))
        .collect::<Vec<_>>()
        .join(", ")
}

fn run_analyze(args: AnalyzeArgs) -> u8 {
    let dungeon = match load_dungeon(&args.dungeon) {
        Ok(d) => d,
        Err(code) => return code,
    };
    let started = std::time::Instant::now();
    // Too many open sites is bad input for this command (nothing was solved): exit 2.
    let analysis = match Analysis::new(&dungeon) {
        Ok(analysis) => analysis,
        Err(e) => {
            eprintln!("error: {}: {e}", display_name(&args.dungeon));
            return EXIT_BAD_INPUT;
        }
    };
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    if args.json {
        let mut json = serde_json::to_value(analysis.summary(&dungeon)).unwrap_or_default();
        json["elapsedMs"] = serde_json::json!(elapsed_ms);
        let report = report(&dungeon, Rc::new(analysis));
        let n = dungeon.size();
        json["outcome"] = serde_json::to_value(report.outcome).unwrap_or_default();
        json["lostSites"] = report
            .lost_sites
            .iter()
            .map(|&i| format!("{}:{}", i as usize / n, i as usize % n))
            .collect();
        json["features"] = serde_json::to_value(&report.features).unwrap_or_default();
        emit(&format!("{json}\n"));
        return EXIT_OK;
    }
    let (m, r) = (dungeon.monster, dungeon.rogue);
    let letter = dungeon.monster_letter;
    let mut out = format!(
        "{n} × {n} dungeon, {} open sites, {} states\n",
        analysis.sites(),
        analysis.states(),
        n = dungeon.size()
    );
    let value = analysis.monster_to_move(m, r);
    if value == FOREVER {
        out.push_str("verdict: the rogue survives forever under optimal play\n");
        out.push_str("the rogue's safe replies to each first move of the monster:\n");
        for m1 in dungeon.moves(m) {
            let safe: Vec<_> = dungeon
                .moves(r)
                .into_iter()
                .filter(|&r1| r1 != m1 && analysis.monster_to_move(m1, r1) == FOREVER)
                .collect();
            out.push_str(&format!(
                "  monster {letter} {} -> rogue {}\n",
                direction_name(m, m1),
                if safe.is_empty() {
                    "(caught)".to_string()
                } else {
                    names(r, &safe)
                }
            ));
        }
    } else {
        out.push_str(&format!(
            "verdict: monster {letter} captures the rogue in {value} monster move{} under optimal play\n",
            if value == 1 { "" } else { "s" }
        ));
        out.push_str(&format!(
            "winning first moves of monster {letter}: {}\n",
            names(m, &analysis.best_monster_moves(&dungeon, m, r))
        ));
    }
    let (wins, total) = analysis.monster_win_pairs(&dungeon);
    out.push_str(&format!(
        "start pairs (distinct room sites, monster first) the monster wins: {wins} of {total} ({:.1}%)\n",
        if total == 0 { 0.0 } else { 100.0 * wins as f64 / total as f64 }
    ));
    emit(&out);
    EXIT_OK
}

fn run_play(args: PlayArgs) -> u8 {
    let dungeon = match load_dungeon(&args.dungeon) {
        Ok(d) => d,
        Err(code) => return code,
    };
    let script = |option: &str, steps: &Option<String>| match steps {
        None => Ok(None),
        Some(text) => parse_steps(text)
            .map(Some)
            .map_err(|e| format!("--{option}: {e}")),
    };
    let (monster_steps, rogue_steps) = match (
        script("monster-moves", &args.monster_moves),
        script("rogue-moves", &args.rogue_moves),
    ) {
        (Ok(m), Ok(r)) => (m, r),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let mut shared = SharedAnalysis::default();
    let players = args
        .monster
        .player(&dungeon, &mut shared)
        .and_then(|m| Ok((m, args.rogue.player(&dungeon, &mut shared)?)));
    let (mut monster, mut rogue) = match players {
        Ok(players) => players,
        Err(e) => {
            eprintln!(
                "error: {}: the optimal strategy needs the exact analysis: {e}",
                display_name(&args.dungeon)
            );
            return EXIT_BAD_INPUT;
        }
    };
    if let Some(steps) = monster_steps {
        monster = Box::new(Scripted::new(Side::Monster, steps, monster));
    }
    if let Some(steps) = rogue_steps {
        rogue = Box::new(Scripted::new(Side::Rogue, steps, rogue));
    }
    let mut referee = Referee::with_players(&dungeon, monster, rogue);
    let game = referee.play_game(args.max_moves);
    let ending = game.ending().expect("a finished game has an ending");
    if args.quiet {
        emit(&format!("{}\n", ending.line()));
    } else {
        // A board at a time: a long game on a large dungeon is never held in memory.
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        if game
            .write_transcript(&dungeon, &mut out)
            .and_then(|()| std::io::Write::flush(&mut out))
            .is_err()
        {
            std::process::exit(i32::from(EXIT_OK));
        }
    }
    // Standard output ends with the stock exception's message; the move and the sites
    // go to standard error.
    if let Some(detail) = ending.detail() {
        eprintln!("{detail}");
    }
    match ending {
        Ending::Cheated { .. } => EXIT_NOT_MET,
        _ => EXIT_OK,
    }
}

fn run_cycles(args: DungeonArgs) -> u8 {
    let dungeon = match load_dungeon(&args) {
        Ok(d) => d,
        Err(code) => return code,
    };
    let rogue = CycleRogue::new(&dungeon);
    let n = dungeon.size();
    let mut marks = vec![false; n * n];
    let mut out = format!(
        "{} cycle{} through a corridor\n",
        rogue.cycles().len(),
        if rogue.cycles().len() == 1 { "" } else { "s" }
    );
    for (i, cycle) in rogue.cycles().iter().enumerate() {
        let sites: Vec<String> = cycle
            .iter()
            .map(|p| format!("({}, {})", p.row, p.col))
            .collect();
        out.push_str(&format!(
            "cycle {}: {} sites: {}\n",
            i + 1,
            cycle.len(),
            sites.join(" ")
        ));
        for p in cycle {
            marks[p.row * n + p.col] = true;
        }
    }
    out.push('\n');
    for (row, line) in dungeon
        .board(dungeon.monster, dungeon.rogue)
        .lines()
        .enumerate()
    {
        let marked: String = line
            .chars()
            .enumerate()
            .map(|(at, c)| {
                let on_cycle = at % 2 == 0 && marks[row * n + at / 2];
                match c {
                    '.' | '+' if on_cycle => 'o',
                    c => c,
                }
            })
            .collect();
        out.push_str(&marked);
        out.push('\n');
    }
    out.push_str("(o marks a site on a cycle)\n");
    emit(&out);
    EXIT_OK
}
