//! The verdict of a trace check ([`super::check_trace`]): valid, or the first line at
//! fault and the rule it breaks; and why a trace cannot be checked at all.

use super::Algorithm;
use crate::error::ParseError;
use serde::Serialize;

/// Why a trace cannot be checked at all (bad input, not an invalid order).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TraceError {
    /// The trace does not read (or lacks what the algorithm needs), at a line and column.
    #[error("{0}")]
    Syntax(ParseError),
    /// An algorithm whose order the checker does not know (greedy, and the searches
    /// beyond the course: UCS, weighted A*, IDA*, beam, bidirectional BFS).
    #[error("check-trace checks bfs, iddfs and astar, not {0}")]
    Unsupported(Algorithm),
    /// The level cannot be checked (e.g. too many fish to track).
    #[error("{0}")]
    Level(String),
}

/// Where the trace met a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GoalSeen {
    /// The line whose state is a goal (the goal was tested when expanded).
    Expanded(usize),
    /// The line whose expansion generated a goal (tested when generated).
    Generated(usize),
    /// No goal was expanded or generated.
    NotReached,
}

/// What rule a line breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// A move that cannot be played.
    IllegalMove,
    /// The first line (or an ID-DFS iteration's) is not the start state.
    NotStart,
    /// A line after the goal was expanded.
    AfterGoal,
    /// The printed g is not the moves' cost.
    WrongG,
    /// A state whose parent was not expanded earlier.
    UnknownParent,
    /// BFS: a shallower state after a deeper one.
    DepthDecrease,
    /// A state that the goal already generated comes before (deeper, or a larger f).
    PastGoal,
    /// A state expanded a second time (A*: not more cheaply).
    Duplicate,
    /// ID-DFS: a line whose parent is not on the current path.
    NotOnPath,
    /// ID-DFS: a line deeper than the iteration's limit.
    LimitExceeded,
    /// ID-DFS: an iteration that did not go one deeper than the one before.
    LimitNotGrowing,
    /// A*: f smaller than the line before.
    FDecrease,
    /// A*: h above the true cost to the goal.
    Inadmissible,
}

/// The first line that breaks the algorithm's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fault {
    /// The 1-based line of the trace.
    pub line: usize,
    /// The 1-based move of the line at fault (for an illegal move).
    #[serde(rename = "move")]
    pub move_number: Option<usize>,
    /// The rule broken.
    pub kind: FaultKind,
    /// What is wrong, in words.
    pub message: String,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.move_number {
            Some(m) => write!(f, "line {}, move {m}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

/// The verdict on a trace: valid (no fault) or the first fault, with what was checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceReport {
    /// The algorithm checked against.
    pub algorithm: Algorithm,
    /// Whether the whole trace is a valid order.
    pub valid: bool,
    /// States (lines) read, up to and including the faulty one.
    pub lines: usize,
    /// Where the trace met a goal (up to the fault).
    pub goal: GoalSeen,
    /// ID-DFS iterations seen (0 for the others).
    pub iterations: usize,
    /// A*: lines whose h could not be checked within [`super::MAX_COST_TO_GO_STATES`] and
    /// [`super::MAX_COST_TO_GO_SEARCHES`].
    pub unchecked_h: usize,
    /// The first line at fault.
    pub fault: Option<Fault>,
}

/// The algorithm's name as the verdict writes it.
pub(crate) fn title(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Bfs => "BFS",
        Algorithm::Iddfs => "ID-DFS",
        Algorithm::Greedy => "greedy",
        Algorithm::Astar => "A*",
        Algorithm::Ucs => "UCS",
        Algorithm::Wastar => "weighted A*",
        Algorithm::Idastar => "IDA*",
        Algorithm::Beam => "beam",
        Algorithm::Bibfs => "bidirectional BFS",
    }
}

impl std::fmt::Display for TraceReport {
    /// `valid BFS expansion order (N lines, goal reached at line K)`, or the fault.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(fault) = &self.fault {
            return fault.fmt(f);
        }
        let plural = |n: usize, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
        write!(
            f,
            "valid {} expansion order ({}",
            title(self.algorithm),
            plural(self.lines, "line")
        )?;
        if self.algorithm == Algorithm::Iddfs {
            write!(f, ", {}", plural(self.iterations, "iteration"))?;
        }
        match self.goal {
            GoalSeen::Expanded(line) => write!(f, ", goal reached at line {line}")?,
            GoalSeen::Generated(line) => write!(f, ", goal generated at line {line}")?,
            GoalSeen::NotReached => write!(f, ", goal not reached")?,
        }
        if self.unchecked_h > 0 {
            let lines = plural(self.unchecked_h, "line");
            write!(
                f,
                "; h not checked at {lines}: the search for the true cost reached its limit"
            )?;
        }
        f.write_str(")")
    }
}
