//! **Pengu** (CS 5400, Spring 2022): slide on ice in 8 directions, eat every fish,
//! avoid the bears and sharks.
//!
//! - [`Level`]: the field and the course's text format;
//! - [`Game`], [`slide`], [`replay`]: the rules and the course's output format;
//! - [`SlideGraph`]: the precomputed moves between rest cells;
//! - [`solve`]: random play and the shared searches with a slide-distance heuristic;
//! - [`analyze`], [`PlanCounter`]: optimal length, plan count, dead cells, features;
//! - [`generate`]: levels with a proved optimal length (and uniqueness);
//! - [`grade`]: a student solver's output checked against the rules and the optimum;
//! - [`check_trace`]: whether a solver's printed expansion order is valid BFS, ID-DFS or A*.
//!
//! ```
//! use gridlab::games::pengu::{replay, solve, Level, SolveOptions};
//! let level = Level::parse("4 6\n######\n#P * #\n#*   #\n######").unwrap();
//! let plan = solve(&level, &SolveOptions::default(), None, None);
//! let game = replay(&level, &plan.moves).unwrap();
//! assert_eq!(game.score(), 2);
//! ```

mod analysis;
mod bound;
mod generate;
mod grade;
mod graph;
mod level;
mod problem;
mod rules;
mod session;
mod solver;
mod tools;
mod trace;
mod zones;

pub use crate::search::Solver;
pub use analysis::{
    analyze, features, Analysis, AnalysisLimits, Features, PlanCount, PlanCounter,
    MAX_ANALYSIS_STATES, MAX_COUNTED_FISH,
};
pub use generate::{
    generate, GenerateError, GenerateOptions, GenerateProgress, Generated, MAX_CANDIDATES,
    MAX_FISH, MAX_MIN_MOVES, SIDES,
};
pub use grade::{
    grade, grade_solution, reference, GradeOptions, Optimum, PenguGrading, Reference,
    RANDOM_ASSIGNMENT_MOVES,
};
pub use graph::{Edge, GraphLimit, SlideGraph, BLOCKED, DIES};
pub use level::{Level, Tile, MAX_CELLS, MAX_RESIZED_SIDE};
pub use problem::{FishSet, PenguProblem, PenguState, MAX_REVERSE_COVER, ZONES_AFTER};
pub use rules::{replay, slide, Game, IllegalMove, MoveReport, SlideEnd, Status};
pub use session::{PenguRules, PenguSession, PenguView};
pub use solver::{
    cells_slid, outcome_game, solve, tracked_fish, visit_lab, visit_problem, Cost, Goal, GoalError,
    NoPlan, NoProblem, Solution, SolveOptions, MAX_RANDOM_MOVES, MAX_TRACKED_FISH,
};
pub use tools::{
    Analyze, Analyzed, Generate, GeneratedLevel, PenguVerdict, Solve, Solved, Verdict, TOOLS,
};
pub use trace::{check_trace, PenguTrace, PENGU_MOVES};
pub use zones::{MAX_ZONE_BYTES, MAX_ZONE_FISH};
