//! `gridlab rogue analyze`.

use super::{emit, load, EXIT_BAD_INPUT, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::games::rogue::{
    direction_name, Analysis, Dungeon, MonsterStrategy, Referee, RogueStrategy, FOREVER,
};

#[derive(Subcommand)]
pub enum RogueCommand {
    /// Solve the game exactly: who wins from the start, in how many monster moves, the
    /// winning first moves, and how many start pairs the monster wins.
    Analyze(AnalyzeArgs),
    /// Referee a game as the coursework's Game.java does (monster first, `Move t`,
    /// the boards, `Caught by monster`), with a move limit.
    Play(PlayArgs),
}

#[derive(Args)]
pub struct PlayArgs {
    /// Dungeon file in the coursework format, or - for standard input.
    file: String,
    /// The monster's strategy: bfs (a step along a shortest path) or optimal.
    #[arg(long, default_value = "bfs")]
    monster: MonsterStrategy,
    /// The rogue's strategy: naive (farthest adjacent site) or optimal.
    #[arg(long, default_value = "naive")]
    rogue: RogueStrategy,
    /// Turns after which the rogue has survived.
    #[arg(long, default_value_t = 1000)]
    max_moves: u32,
    /// Print only the final line.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args)]
pub struct AnalyzeArgs {
    /// Dungeon file in the coursework format, or - for standard input.
    file: String,
}

pub fn run(command: RogueCommand) -> u8 {
    match command {
        RogueCommand::Analyze(args) => run_analyze(args),
        RogueCommand::Play(args) => run_play(args),
    }
}

fn names(from: gridlab::grid::Pos, to: &[gridlab::grid::Pos]) -> String {
    to.iter()
        .map(|&p| direction_name(from, p))
        .collect::<Vec<_>>()
        .join(", ")
}

fn run_analyze(args: AnalyzeArgs) -> u8 {
    let dungeon = match load(&args.file, Dungeon::parse) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let analysis = Analysis::new(&dungeon);
    let (m, r) = (dungeon.monster, dungeon.rogue);
    let letter = dungeon.monster_letter;
    let mut out = format!(
        "{n} × {n} dungeon, {} open sites, {} states\n",
        analysis.sites(),
        2 * analysis.sites() * analysis.sites(),
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
    let dungeon = match load(&args.file, Dungeon::parse) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let referee = Referee::new(&dungeon, args.monster, args.rogue);
    let mut out = String::new();
    referee.play(args.max_moves, args.quiet, &mut out);
    emit(&out);
    EXIT_OK
}
