//! Pengu's search traces: a student's solver prints the states it expands (one move
//! string a line, see docs/trace-format.md) and [`check_trace`] says whether that is a
//! valid BFS, ID-DFS or A* expansion order on the level, naming the first line that
//! breaks it.
//!
//! A state is Pengu's rest cell and the set of fish eaten (every fish of the level, so
//! that two move strings are the same state only when they eat the same fish); a move
//! that slides into a hazard is never expanded, and no move follows the last fish.

use super::graph::SlideGraph;
use super::level::Level;
use super::problem::{PenguProblem, PenguState};
use super::rules::{slide, IllegalMove, SlideEnd};
use super::solver::{Goal, MAX_TRACKED_FISH};
use crate::grid::Dir;
use crate::search::{self, Algorithm, Problem, TraceError, TraceGame, TraceReport};

/// Pengu's move symbols: the numpad digits.
pub const PENGU_MOVES: &str = "12346789";

/// Pengu as a [`TraceGame`]: the search problem over every fish of the level.
pub struct PenguTrace<'g, const W: usize> {
    level: &'g Level,
    fish: u64,
    problem: PenguProblem<'g, W>,
}

impl<'g, const W: usize> PenguTrace<'g, W> {
    /// The game of `level` (whose slide graph is `graph`) for `goal`, tracking every
    /// fish; `W` words must hold them.
    pub fn new(level: &'g Level, graph: &'g SlideGraph, goal: Goal) -> Self {
        let all: Vec<usize> = (0..graph.fish_cells.len()).collect();
        PenguTrace {
            level,
            fish: graph.fish_cells.len() as u64,
            problem: PenguProblem::new(graph, &all, goal),
        }
    }
}

impl<'g, const W: usize> TraceGame for PenguTrace<'g, W> {
    type Problem = PenguProblem<'g, W>;

    fn problem(&self) -> &PenguProblem<'g, W> {
        &self.problem
    }

    fn symbols(&self) -> &str {
        PENGU_MOVES
    }

    fn game_over(&self, state: &PenguState<W>) -> Option<String> {
        (self.problem.progress(state, 0) == self.fish).then(|| IllegalMove::Won.to_string())
    }

    fn why_illegal(&self, state: &PenguState<W>, symbol: char) -> String {
        let Some(dir) = Dir::from_digit(symbol) else {
            return "not a direction (use numpad digits 1-4, 6-9)".to_string();
        };
        let at = self.level.tiles.pos_of(self.problem.cell(state) as usize);
        match slide(&self.level.tiles, at, dir, |_| {}) {
            SlideEnd::Blocked => IllegalMove::Wall.to_string(),
            SlideEnd::Dies(_) => {
                "Pengu slides into a hazard and dies: a search never expands that state".to_string()
            }
            SlideEnd::Stops(_) => "no such move from this state".to_string(),
        }
    }
}

/// Check the trace `text` as an expansion order of `algorithm` (BFS, ID-DFS or A*) on
/// `level` for `goal`. Errors are bad input: a trace that does not read (its line and
/// column), greedy search, a level with more than [`MAX_TRACKED_FISH`] fish.
///
/// ```
/// use gridlab::games::pengu::{check_trace, Goal, Level};
/// use gridlab::search::Algorithm;
/// let level = Level::parse("4 6\n######\n#P * #\n#*   #\n######").unwrap();
/// let report = check_trace(&level, Goal::All, Algorithm::Bfs, "-\n6\n2\n").unwrap();
/// assert!(report.valid, "{report}");
/// let report = check_trace(&level, Goal::All, Algorithm::Bfs, "-\n6\n64\n2\n").unwrap();
/// assert_eq!(report.to_string(), "line 4: depth 1 after depth 2: BFS never expands a shallower state after a deeper one");
/// ```
pub fn check_trace(
    level: &Level,
    goal: Goal,
    algorithm: Algorithm,
    text: &str,
) -> Result<TraceReport, TraceError> {
    let lines = search::parse_trace(text, PENGU_MOVES).map_err(TraceError::Syntax)?;
    let graph = SlideGraph::new(level);
    let fish = graph.fish_cells.len();
    if fish > MAX_TRACKED_FISH {
        return Err(TraceError::Level(format!(
            "{fish} fish: more than the {MAX_TRACKED_FISH} a trace check tracks"
        )));
    }
    macro_rules! check_width {
        ($($w:literal),*) => {
            match fish.div_ceil(64).max(1) {
                $(n if n <= $w => {
                    let game = PenguTrace::<$w>::new(level, &graph, goal);
                    search::check_trace(&game, algorithm, &lines)
                })*
                _ => unreachable!("fish are bounded by MAX_TRACKED_FISH"),
            }
        };
    }
    check_width!(1, 2, 4, 16, 64)
}
