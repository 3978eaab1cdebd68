//! `gridlab rogue play|cycles|grade` (`grade` in [`super::rogue_grade`]); `analyze`,
//! `verdict`, `generate` and `value-game` are Rogue's tools (`games::rogue::TOOLS`,
//! made subcommands by `cli::tools`).

use super::{emit, load, CliError, EXIT_NOT_MET, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::games::rogue::{
    parse_steps, CycleRogue, Dungeon, Ending, MonsterStrategy, Referee, RogueStrategy, Scripted,
    SharedAnalysis, Side, MAX_MOVES,
};

/// Rogue's commands besides its tools.
#[derive(Subcommand)]
pub enum RogueCommand {
    /// Referee a game and print what the coursework's stock Game.java prints (the
    /// starting board, `Move t`, the boards, `Caught by monster`; on an illegal move
    /// `Monster caught cheating` / `Rogue caught cheating`, the detail on standard
    /// error, exit 1), with a move limit.
    Play(PlayArgs),
    /// Show the cycles through a corridor that the `cycle` rogue runs around.
    Cycles(DungeonArgs),
    /// Grade a student's monster (against the naive, cycle and optimal rogues) or rogue
    /// (against the bfs and optimal monsters), a program speaking the line protocol of
    /// docs/rogue-player-protocol.md, on every dungeon given, against the exact
    /// solution: a table, exit 0 when every game passes, 1 when any fails.
    Grade(super::rogue_grade::GradeArgs),
}

/// The dungeon file and how strictly to read it.
#[derive(Args)]
pub struct DungeonArgs {
    /// Dungeon file in the coursework format, or - for standard input.
    file: String,
    /// Pad short or missing rows with walls (with a warning) instead of failing.
    #[arg(long)]
    lenient: bool,
}

/// `gridlab rogue play`.
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

/// Run a Rogue command; the exit code.
pub fn run(command: RogueCommand) -> Result<u8, CliError> {
    match command {
        RogueCommand::Play(args) => run_play(args),
        RogueCommand::Cycles(args) => run_cycles(args),
        RogueCommand::Grade(args) => super::rogue_grade::run(args),
    }
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
fn load_dungeon(args: &DungeonArgs) -> Result<Dungeon, CliError> {
    let (dungeon, warnings) = load(&args.file, |text| Dungeon::read(text, args.lenient))?;
    let name = display_name(args);
    for w in warnings {
        eprintln!("warning: {name}:{}:{}: {}", w.line, w.column, w.message);
    }
    Ok(dungeon)
}

fn run_play(args: PlayArgs) -> Result<u8, CliError> {
    let dungeon = load_dungeon(&args.dungeon)?;
    let script = |flag: &str, steps: &Option<String>| {
        steps
            .as_deref()
            .map(parse_steps)
            .transpose()
            .map_err(|e| CliError::Option {
                flag: flag.into(),
                message: e.to_string(),
            })
    };
    let monster_steps = script("monster-moves", &args.monster_moves)?;
    let rogue_steps = script("rogue-moves", &args.rogue_moves)?;
    let mut shared = SharedAnalysis::default();
    let players = args
        .monster
        .player(&dungeon, &mut shared)
        .and_then(|m| Ok((m, args.rogue.player(&dungeon, &mut shared)?)));
    let (mut monster, mut rogue) = players.map_err(|e| {
        CliError::Input(format!(
            "{}: the optimal strategy needs the exact analysis: {e}",
            display_name(&args.dungeon)
        ))
    })?;
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
    Ok(match ending {
        Ending::Cheated { .. } => EXIT_NOT_MET,
        _ => EXIT_OK,
    })
}

fn run_cycles(args: DungeonArgs) -> Result<u8, CliError> {
    let dungeon = load_dungeon(&args)?;
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
    Ok(EXIT_OK)
}
