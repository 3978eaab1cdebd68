//! **Rogue** (XJTLU CPT204 coursework 3, after Princeton COS 226): a monster chases a
//! rogue through rooms and corridors.
//!
//! - [`Dungeon`]: the coursework's format and `isLegalMove`;
//! - [`Analysis`]: the exact solution by backward induction (up to [`MAX_SITES`] open
//!   sites);
//! - [`Referee`]: the coursework's referee, running any two [`Player`]s: the BFS and
//!   optimal monsters, the naive, cycle and optimal rogues, or scripted moves;
//! - [`analyze`]: the editor's verdict (monster wins in k, or rogue safe forever), the
//!   sites from which the rogue is lost, features;
//! - [`generate`]: rooms-and-corridors dungeons with a proved outcome;
//! - [`Bout`] and [`judge`]: a student's player program (the line protocol of
//!   `docs/rogue-player-protocol.md`) graded against the exact solution;
//! - [`read_transcript`] and [`value_game`]: a game the stock referee recorded, read
//!   back and each move valued by the exact solution;
//! - [`TOOLS`]: `analyze`, `verdict`, `generate` and `value-game` as tools of the
//!   command line and the page.
//!
//! ```
//! use gridlab::games::rogue::{Analysis, Dungeon};
//! let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
//! assert_eq!(Analysis::new(&d).unwrap().monster_to_move(d.monster, d.rogue), 2);
//! ```

mod analysis;
mod cycle;
mod game;
mod generate;
mod grade;
mod graph;
mod level;
mod referee;
mod report;
mod session;
mod strategy;
mod tools;
mod transcript;

pub use analysis::{
    Analysis, AnalysisError, Summary, BROWSER_MAX_SITES, FOREVER, MAX_SITES, MAX_STATES,
};
pub use cycle::CycleRogue;
pub use game::{step_digit, Ending, Game, HalfMove, PlayError, MAX_MOVES};
pub use generate::{
    generate, GenerateError, GenerateOptions, GenerateProgress, Generated, Goal, MAX_CANDIDATES,
    MAX_MIN_MOVES, SIDES,
};
pub use grade::{
    greeting, judge, parse_reply, question, Bout, Failure, Fault, GradeOutcome, GradeVerdict,
    Question, Reference, HELLO, MAX_REPLY_BYTES,
};
pub use level::{direction_name, Dungeon, PaintError, Site, MAX_SIDE};
pub use referee::Referee;
pub use report::{analyze, duel, report, Duel, Features, Outcome, Report, MAX_DUEL_TURNS};
pub use session::{
    ExactView, MoveValue, PlayersError, RogueSession, RogueView, HUMAN, OUTCOME_WALL,
};
pub use strategy::{
    distances, parse_steps, BfsMonster, MonsterStrategy, NaiveRogue, OptimalMonster, OptimalRogue,
    Player, RogueStrategy, Scripted, SharedAnalysis, Side, StepsError,
};
pub use tools::{
    Analyze, AnalyzeOptions, Analyzed, DungeonText, Generate, GenerateToolOptions,
    GeneratedDungeon, RogueVerdict, SafeReplies, Verdict, VerdictOptions, TOOLS,
};
pub use transcript::{
    read_transcript, value_game, MoveVerdict, SideTotals, Transcript, TranscriptEnd, ValueGame,
    ValueGameOptions, ValuedGame, ValuedMove, MAX_TRANSCRIPT_BYTES, MAX_TRANSCRIPT_MOVES,
};
