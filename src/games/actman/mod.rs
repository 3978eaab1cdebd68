//! **Act-Man II** (CS 5400, Spring 2024): move in 8 directions and fire one magic
//! bullet against ogres and demons that chase Act-Man by fixed rules.
//!
//! - [`Dungeon`]: the dungeon and the course's text format;
//! - [`play_turn`], [`Board`]: one turn in five stages on a compact state;
//! - [`Game`]: score, status, the course output and the grader's verdict;
//! - [`solve`]: random play and the shared searches, for fewest turns or best score;
//! - [`analyze`], [`count_plans`]: optimal turns, plan count, whether victory needs
//!   the bullet or a lure, features;
//! - [`generate`]: dungeons with a proved optimal length (and uniqueness, needs);
//! - [`grade`]: a student solver's output checked against the rules and the optimum;
//! - [`TOOLS`]: `solve`, `analyze`, `verdict` and `generate` as the command line's
//!   subcommands and the page's `run_tool` (the [`Tool`](crate::games::tools::Tool)
//!   contract).
//!
//! ```
//! use gridlab::games::actman::{Dungeon, Game};
//! let d = Dungeon::parse("5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########").unwrap();
//! let game = Game::replay(&d, "86E").unwrap();
//! assert_eq!(
//!     game.output(),
//!     "86E\n38\n###########\n# A@#  @  #\n# #     # #\n#   #     #\n###########\n"
//! );
//! ```

mod analysis;
mod game;
mod generate;
mod grade;
mod level;
mod reach;
mod rules;
mod session;
mod solver;
mod tools;

pub use crate::search::Solver;
pub use analysis::{
    analyze, count_optimal, count_plans, features, needs, wins_under, Analysis, AnalysisLimits,
    Features, PlanCount, MAX_ANALYSIS_STATES,
};
pub use game::{Death, DeathCause, Game, Status, TurnReport};
pub use generate::{
    generate, GenerateError, GenerateOptions, GenerateProgress, Generated, CANDIDATE_STATES,
    MAX_CANDIDATES, MAX_GENERATED_MONSTERS, MAX_MIN_TURNS, SIDES,
};
pub use grade::{
    grade, grade_solution, reference, ActmanGrading, GradeOptions, Optimum, Reference, Victory,
    OPEN_TURN_LIMIT,
};
pub use level::{Dungeon, Kind, PaintError, MAX_CELLS};
pub use reach::{Reach, HORIZON as REACH_HORIZON};
pub use rules::{
    play_turn, score, Action, Board, Event, Slot, TurnEnd, KILL_BONUS, MOVE_COST, SHOT_COST,
    START_SCORE,
};
pub use session::{ActmanRules, ActmanSession, ActmanView, Chase};
pub use solver::{
    one_shot_bound, solve, visit_lab, visit_problem, ActProblem, ActState, Objective, Restriction,
    Solution, SolveOptions, MAX_MONSTERS, MAX_TURNS,
};
pub use tools::{
    ActmanVerdict, Analyze, AnalyzeOptions, Generate, GeneratedDungeon, Solve, Solved, Verdict,
    TOOLS,
};
