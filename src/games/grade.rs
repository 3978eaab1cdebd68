//! Checking a student's solver output against the rules: what every search game's
//! grader shares. A game reads the output's first line as its moves, replays them
//! with its own rules, and this module compares the rest of the output with what the
//! replay prints, line by line; the game then checks its goal and, for the optimal
//! algorithms, the plan against the optimum it proved. The first problem found is
//! the verdict, named by its line or move ([`Problem`]).

use crate::error::FieldError;
use crate::games::tools::{Control, Host, Report, Tool, ToolError, ToolInput, ToolOptions};
use crate::search::{Algorithm, Solver};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// Check that `algo` is one of the course assignments (random, or
/// [`Algorithm::COURSE`]): only they have a goal, a turn limit and a measure to grade
/// against. The error names the field `algo`.
///
/// ```
/// use gridlab::games::grade::check_course_solver;
/// use gridlab::search::{Algorithm, Solver};
/// assert!(check_course_solver(Solver::Search(Algorithm::Iddfs)).is_ok());
/// let e = check_course_solver(Solver::Search(Algorithm::Ucs)).unwrap_err();
/// assert_eq!(e.to_string(), "algo: ucs is not a course assignment: grading knows random, bfs, iddfs, greedy and astar");
/// ```
pub fn check_course_solver(algo: Solver) -> Result<(), FieldError> {
    match algo {
        Solver::Search(a) if !Algorithm::COURSE.contains(&a) => Err(FieldError::new(
            "algo",
            format!(
                "{a} is not a course assignment: grading knows random, bfs, iddfs, greedy and astar"
            ),
        )),
        _ => Ok(()),
    }
}

/// Longest solver output read, in bytes (a course output is a line of moves, a score
/// and the grid: a 2,500 × 2,500 field is 6.3 MB).
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;

/// What an optimal plan is measured by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// Fewest moves (Pengu).
    Moves,
    /// Fewest turns to victory (Act-Man's BFS and ID-DFS).
    Turns,
    /// Highest final score of a victory (Act-Man's A*).
    Score,
}

impl Measure {
    /// The measure's unit for `n` ("25 moves", "1 turn", "a score of 46").
    pub fn amount(self, n: i64) -> String {
        let plural = if n == 1 { "" } else { "s" };
        match self {
            Measure::Moves => format!("{n} move{plural}"),
            Measure::Turns => format!("{n} turn{plural}"),
            Measure::Score => format!("a score of {n}"),
        }
    }
}

/// The first thing wrong with an output, named by its line (1-based) or move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Problem {
    /// Nothing was printed where a plan exists.
    #[error("the output is empty")]
    Empty,
    /// The output does not read in the course format.
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// What was expected and what was found.
        message: String,
    },
    /// A move the rules do not allow.
    #[error("move {index} ('{symbol}') is illegal: {message}")]
    IllegalMove {
        /// 1-based index of the move in the plan.
        index: usize,
        /// The move's symbol.
        symbol: char,
        /// Why it is illegal.
        message: String,
    },
    /// A move after the game ended (won, or lost).
    #[error("move {index} ('{symbol}') comes after the game is over ({ended})")]
    MoveAfterEnd {
        /// 1-based index of the first move after the end.
        index: usize,
        /// Its symbol.
        symbol: char,
        /// How the game had ended.
        ended: String,
    },
    /// A line of the output differs from what replaying the moves prints.
    #[error("line {line}: the output has {}, replaying the moves gives {}", shown(.got), shown(.expected))]
    Mismatch {
        /// 1-based line.
        line: usize,
        /// The line replaying gives (`None`: the output should end before it).
        expected: Option<String>,
        /// The line printed (`None`: the output ended before it).
        got: Option<String>,
    },
    /// The plan does not meet the assignment's goal.
    #[error("{message}")]
    GoalNotMet {
        /// What the plan achieves and what was asked.
        message: String,
    },
    /// A valid plan that is not optimal by the assignment's measure.
    #[error("{}; optimal is {}", .measure.amount(*.value), .measure.amount(*.optimal))]
    NotOptimal {
        /// The plan's value (its length, or its score).
        value: i64,
        /// The proved optimum.
        optimal: i64,
        /// What is measured.
        measure: Measure,
    },
}

/// A line quoted for a message, or what stands in for a missing one.
fn shown(line: &Option<String>) -> String {
    match line {
        Some(l) => format!("`{}`", crate::error::excerpt(l)),
        None => "no line".to_string(),
    }
}

/// The verdict on one output.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Graded {
    /// Whether the output passes every check.
    pub pass: bool,
    /// The first problem found (none when it passes).
    pub problem: Option<Problem>,
    /// One line for a table: "optimal: 25 moves", or the problem.
    pub message: String,
    /// The plan read from the output's first line.
    pub plan: Option<String>,
    /// Its length in moves (or turns).
    pub length: Option<usize>,
    /// Its value by the measure (its length, or its final score), when it replays.
    pub value: Option<i64>,
    /// The proved optimum by the measure, when the algorithm must be optimal (or
    /// where it was proved anyway).
    pub optimal: Option<i64>,
    /// What is measured.
    pub measure: Option<Measure>,
    /// An optimal plan (the one gridlab proved), to play beside the student's.
    pub optimal_plan: Option<String>,
    /// What replaying the plan prints (the exact course output), when it replays.
    pub expected: Option<String>,
    /// Things said besides the verdict (line endings read as LF, the optimum unknown).
    pub warnings: Vec<String>,
}

impl Graded {
    /// A failing verdict: `problem`, with what was read so far.
    pub fn fail(mut self, problem: Problem) -> Graded {
        self.pass = false;
        self.message = problem.to_string();
        self.problem = Some(problem);
        self
    }

    /// A passing verdict saying `message`.
    pub fn pass(mut self, message: impl Into<String>) -> Graded {
        self.pass = true;
        self.problem = None;
        self.message = message.into();
        self
    }
}

impl Report for Graded {
    fn text(&self) -> Option<String> {
        let verdict = if self.pass { "pass" } else { "fail" };
        Some(format!("{verdict}: {}\n", self.message))
    }
    fn notes(&self) -> Vec<String> {
        self.warnings.clone()
    }
    fn met(&self) -> bool {
        self.pass
    }
}

/// The options of a game's `judge` tool: what to grade against, and the solution.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
#[serde(bound = "G: Serialize + DeserializeOwned + Default")]
#[schemars(bound = "G: JsonSchema + Serialize + Default")]
pub struct JudgeOptions<G> {
    /// What the output is graded against.
    #[serde(flatten)]
    pub grade: G,
    /// The solver's output in the course format (plan, score, final grid), or a plan
    /// alone (then only the plan is checked). On the command line, a file (- for
    /// standard input).
    #[schemars(extend("x-file" = true))]
    pub solution: String,
}

impl<G> JudgeOptions<G> {
    /// Check the solution's size; the error names the field.
    pub fn check_solution(&self) -> Result<(), FieldError> {
        if self.solution.len() > MAX_OUTPUT_BYTES {
            return Err(FieldError::new(
                "solution",
                format!(
                    "{} bytes, more than the {} MiB a solution may have",
                    self.solution.len(),
                    MAX_OUTPUT_BYTES >> 20
                ),
            ));
        }
        Ok(())
    }
}

impl<O: ToolOptions> ToolOptions for JudgeOptions<O> {
    fn check(&self, host: Host) -> Result<(), FieldError> {
        self.grade.check(host)?;
        self.check_solution()
    }
}

/// A game whose solvers' outputs can be graded (Pengu, Act-Man): the one contract of
/// the `judge` tool and of `gridlab <game> grade`.
pub trait Grading: Send + Sync + 'static {
    /// The game's id (`pengu`).
    const GAME: &'static str;
    /// A level, read in the course format.
    type Level: ToolInput + Send + Sync + 'static;
    /// What an output is graded against: the algorithm, the goal or turn limit, the
    /// proof's budget.
    type Options: ToolOptions + Clone + PartialEq + Send + Sync + 'static;
    /// What is proved once per level (its optimum).
    type Reference: Send + Sync + 'static;
    /// Prove the reference of `level` (the slow part, once per level).
    fn reference(
        level: &Self::Level,
        options: &Self::Options,
        cancel: Option<&AtomicBool>,
    ) -> Self::Reference;
    /// Grade one output against `reference` (fast); `expect` says whether a plan alone
    /// will do.
    fn grade(
        level: &Self::Level,
        reference: &Self::Reference,
        output: &str,
        expect: Expect,
    ) -> Graded;
    /// A fresh proved level from the game's generator (its default options, `seed`):
    /// a file name and the level's text.
    fn generate(seed: u64) -> Result<(String, String), String>;
}

/// `judge`: a solver's output (or a plan) for a level, checked against the rules and
/// the proved optimum; one tool for every [`Grading`] game.
pub struct Judge<G>(std::marker::PhantomData<fn() -> G>);

impl<G: Grading> Tool for Judge<G> {
    const NAME: &'static str = "judge";
    const SUMMARY: &'static str = "Judge a solver's output (or a plan) for a level: it parses, \
                                   its moves are legal, its lines are exact, it meets the goal, \
                                   and (BFS, ID-DFS, A*) it is optimal.";
    type Input = G::Level;
    type Options = JudgeOptions<G::Options>;
    type Output = Graded;

    fn run(
        level: &G::Level,
        options: &JudgeOptions<G::Options>,
        control: &mut Control<'_>,
    ) -> Result<Graded, ToolError> {
        let reference = G::reference(level, &options.grade, control.cancel);
        Ok(G::grade(
            level,
            &reference,
            &options.solution,
            Expect::OutputOrPlan,
        ))
    }
}

/// What a proof of the optimum found, once per level. `P` is the optimal plan (and
/// what the game keeps of it).
#[derive(Clone, Debug, PartialEq)]
pub enum Optimum<P> {
    /// No goal to prove (random play).
    NoGoal,
    /// An optimal plan.
    Plan(P),
    /// No plan meets the goal (why).
    NoPlan(String),
    /// The search stopped at a limit (or was cancelled): unknown (why).
    Unknown(String),
}

impl<P> Optimum<P> {
    /// The optimum a search's `outcome` proves (`plan`: the plan it found).
    pub fn of(
        outcome: crate::search::Outcome,
        note: Option<String>,
        plan: impl FnOnce() -> P,
    ) -> Optimum<P> {
        use crate::search::Outcome;
        let note = note.unwrap_or_default();
        match outcome {
            Outcome::Found => Optimum::Plan(plan()),
            Outcome::NoPlan => Optimum::NoPlan(note),
            Outcome::LimitReached | Outcome::Cancelled if note.is_empty() => {
                Optimum::Unknown("the proof stopped at its limit".to_string())
            }
            Outcome::LimitReached | Outcome::Cancelled => Optimum::Unknown(note),
        }
    }
}

/// How much of the course output a check needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The whole output: plan, score and final grid (a grader).
    Output,
    /// The whole output, or a plan alone on one line (pasted in the page).
    OutputOrPlan,
}

/// An output split into lines: CR LF read as LF (with a warning), trailing empty
/// lines dropped (the course's own samples end with one).
pub struct OutputLines<'a> {
    /// The lines, without their line ends.
    pub lines: Vec<&'a str>,
    /// What was said while reading.
    pub warnings: Vec<String>,
}

impl<'a> OutputLines<'a> {
    /// Split `output` into lines.
    pub fn new(output: &'a str) -> OutputLines<'a> {
        let mut warnings = Vec::new();
        let mut lines: Vec<&str> = output.split('\n').collect();
        let mut crlf = false;
        for line in &mut lines {
            if let Some(stripped) = line.strip_suffix('\r') {
                *line = stripped;
                crlf = true;
            }
        }
        if crlf {
            warnings.push("the output's lines end in CR LF (Windows); read as LF".to_string());
        }
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        OutputLines { lines, warnings }
    }

    /// Whether nothing was printed.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The first line read as a plan: every character must be one of the game's
    /// moves (`is_move`); `moves` names them in the error ("numpad digits 1-4, 6-9").
    pub fn plan(&self, is_move: impl Fn(char) -> bool, moves: &str) -> Result<&'a str, Problem> {
        let first = self.lines.first().copied().unwrap_or("");
        match first.chars().position(|c| !is_move(c)) {
            None => Ok(first),
            Some(at) => {
                let found = first.chars().nth(at).unwrap_or(' ');
                let hint = if at == 0 && first.chars().any(char::is_alphabetic) {
                    " (the course output starts with the plan: is this a debug line?)"
                } else {
                    ""
                };
                Err(Problem::Parse {
                    line: 1,
                    column: at + 1,
                    message: format!(
                        "expected the plan ({moves}), found {}{hint}",
                        describe(found)
                    ),
                })
            }
        }
    }

    /// The first line that differs from `expected` (the replay's exact output);
    /// nothing when `expect` accepts a plan alone and that is what was given (then
    /// `warnings` says so).
    pub fn compare_as(
        &self,
        expected: &str,
        expect: Expect,
        warnings: &mut Vec<String>,
    ) -> Option<Problem> {
        if expect == Expect::OutputOrPlan && self.lines.len() == 1 {
            warnings.push("a plan alone: its score and final grid were not checked".to_string());
            return None;
        }
        self.compare(expected)
    }

    /// The first line that differs from `expected` (the replay's exact output).
    pub fn compare(&self, expected: &str) -> Option<Problem> {
        let want = OutputLines::new(expected).lines;
        let longest = want.len().max(self.lines.len());
        (0..longest).find_map(|i| {
            let (w, g) = (want.get(i), self.lines.get(i));
            (w != g).then(|| Problem::Mismatch {
                line: i + 1,
                expected: w.map(|s| s.to_string()),
                got: g.map(|s| s.to_string()),
            })
        })
    }
}

/// A character as a message shows it.
fn describe(c: char) -> String {
    match c {
        ' ' => "a space".to_string(),
        '\t' => "a tab".to_string(),
        c if c.is_control() => format!("the control character U+{:04X}", c as u32),
        c => format!("'{c}'"),
    }
}

/// A game a plan is replayed on, one symbol at a time.
pub trait Replay {
    /// How the game ended (`None`: it goes on).
    fn ended(&self) -> Option<String>;
    /// Play one symbol; the error says why it is illegal.
    fn play_symbol(&mut self, symbol: char) -> Result<(), String>;
}

/// Replay `plan` on `game`: the first illegal move, or the first move after the game
/// ended, as a [`Problem`].
pub fn replay_plan(plan: &str, game: &mut impl Replay) -> Result<(), Problem> {
    for (i, symbol) in plan.chars().enumerate() {
        if let Some(ended) = game.ended() {
            return Err(Problem::MoveAfterEnd {
                index: i + 1,
                symbol,
                ended,
            });
        }
        game.play_symbol(symbol)
            .map_err(|message| Problem::IllegalMove {
                index: i + 1,
                symbol,
                message,
            })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_debug_line_first_is_named_with_its_column() {
        let out = OutputLines::new("Solving...\n7\n");
        let e = out.plan(|c| c.is_ascii_digit(), "digits").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 1: expected the plan (digits), found 'S' (the course output \
             starts with the plan: is this a debug line?)"
        );
    }

    #[test]
    fn crlf_and_trailing_blank_lines_are_read_with_a_warning() {
        let out = OutputLines::new("12\r\n3\r\n\r\n\n");
        assert_eq!(out.lines, ["12", "3"]);
        assert_eq!(out.warnings.len(), 1);
        assert_eq!(out.compare("12\n3\n"), None);
    }

    #[test]
    fn the_first_differing_line_is_named_with_both_versions() {
        let out = OutputLines::new("6\n19\n###\n");
        assert_eq!(
            out.compare("6\n20\n###\n").unwrap().to_string(),
            "line 2: the output has `19`, replaying the moves gives `20`"
        );
        assert_eq!(
            out.compare("6\n19\n###\n#P#\n").unwrap().to_string(),
            "line 4: the output has no line, replaying the moves gives `#P#`"
        );
    }

    #[test]
    fn a_move_after_the_end_is_named_as_such() {
        struct OneMove(bool);
        impl Replay for OneMove {
            fn ended(&self) -> Option<String> {
                self.0.then(|| "won".to_string())
            }
            fn play_symbol(&mut self, _: char) -> Result<(), String> {
                self.0 = true;
                Ok(())
            }
        }
        assert_eq!(
            replay_plan("66", &mut OneMove(false))
                .unwrap_err()
                .to_string(),
            "move 2 ('6') comes after the game is over (won)"
        );
    }
}
