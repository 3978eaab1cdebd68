//! Grading a Pengu solver's output: it reads in the course format, its moves are
//! legal, its score and final field are exactly what replaying the moves prints, it
//! meets the assignment's goal, and (BFS, ID-DFS, A*) it has the fewest moves A*
//! proves. [`reference`] proves the optimum once per level; [`grade`] checks one
//! output against it.

use super::generate::{generate, GenerateOptions};
use super::level::Level;
use super::rules::{Game, Status};
use super::solver::{solve, Goal, SolveOptions};
use crate::error::FieldError;
use crate::games::grade::{
    replay_plan, Expect, Graded, Grading, Measure, OutputLines, Problem, Replay,
};
use crate::games::tools::{Host, ToolOptions};
use crate::grid::Dir;
use crate::search::{Algorithm, Solver, DEFAULT_MAX_MEMORY};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// Most moves the random assignment plays (it stops early on death or victory).
pub const RANDOM_ASSIGNMENT_MOVES: usize = 6;

/// What a Pengu output is graded against.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GradeOptions {
    /// The assignment's algorithm: random, bfs, iddfs, greedy or astar (BFS, ID-DFS
    /// and A* must find a plan of the fewest moves).
    #[schemars(extend("x-flag" = "algo"))]
    pub algo: Solver,
    /// Goal: all, or a number of fish (default: the assignment's for the algorithm:
    /// BFS 8, ID-DFS and greedy 20, A* all; random has none).
    pub goal: Option<Goal>,
    /// Most states the proof of the optimum may store (at least 1).
    pub max_states: usize,
    /// Most memory the proof of the optimum may take.
    #[schemars(extend("x-mib" = true))]
    pub max_memory: usize,
}

impl Default for GradeOptions {
    fn default() -> Self {
        GradeOptions {
            algo: Solver::Search(Algorithm::Astar),
            goal: None,
            max_states: 20_000_000,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

impl GradeOptions {
    /// The goal a plan must meet: the one given, or the assignment's (`None`: the
    /// random assignment, which has none).
    pub fn goal(&self) -> Option<Goal> {
        self.goal.or(match self.algo {
            Solver::Random => None,
            Solver::Search(Algorithm::Bfs) => Some(Goal::AtLeast(8)),
            Solver::Search(Algorithm::Iddfs | Algorithm::Greedy) => Some(Goal::AtLeast(20)),
            Solver::Search(Algorithm::Astar) => Some(Goal::All),
            // Not a course assignment: `check` refuses it.
            Solver::Search(_) => None,
        })
    }

    /// Whether the algorithm must find a plan of the fewest moves.
    pub fn optimal(&self) -> bool {
        matches!(
            self.algo,
            Solver::Search(Algorithm::Bfs | Algorithm::Iddfs | Algorithm::Astar)
        )
    }

    /// Check the proof's budget; the error names the field.
    pub fn check(&self) -> Result<(), FieldError> {
        crate::games::grade::check_course_solver(self.algo)?;
        self.solve_options(Goal::All).check()
    }

    fn solve_options(&self, goal: Goal) -> SolveOptions {
        SolveOptions {
            solver: Solver::Search(Algorithm::Astar),
            goal,
            max_states: self.max_states,
            max_memory: self.max_memory,
            ..SolveOptions::default()
        }
    }
}

/// What gridlab proved about a level's goal, once for every output graded on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// The options graded against.
    pub options: GradeOptions,
    /// The proof.
    pub optimum: Optimum,
}

/// The fewest moves for the goal, as far as A* could tell: an optimal plan.
pub type Optimum = crate::games::grade::Optimum<String>;

/// Prove the optimum of `level` for `options`' goal (A*, within its budget).
pub fn reference(level: &Level, options: &GradeOptions, cancel: Option<&AtomicBool>) -> Reference {
    let optimum = match options.goal() {
        None => Optimum::NoGoal,
        Some(goal) => {
            let solution = solve(level, &options.solve_options(goal), cancel, None);
            Optimum::of(solution.outcome, solution.note, || solution.moves)
        }
    };
    Reference {
        options: options.clone(),
        optimum,
    }
}

/// Grade one output of a solver for `level` against `reference`.
pub fn grade(level: &Level, reference: &Reference, output: &str) -> Graded {
    check(level, reference, output, Expect::Output)
}

/// Grade a solution pasted by a person: the whole output, or a plan alone.
pub fn grade_solution(level: &Level, reference: &Reference, solution: &str) -> Graded {
    check(level, reference, solution, Expect::OutputOrPlan)
}

fn check(level: &Level, reference: &Reference, output: &str, expect: Expect) -> Graded {
    let options = &reference.options;
    let goal = options.goal();
    let lines = OutputLines::new(output);
    let mut graded = Graded {
        measure: Some(Measure::Moves),
        warnings: lines.warnings.clone(),
        ..Graded::default()
    };
    if let Optimum::Plan(plan) = &reference.optimum {
        graded.optimal = Some(plan.len() as i64);
        graded.optimal_plan = Some(plan.clone());
    }
    if lines.is_empty() {
        return match &reference.optimum {
            Optimum::NoPlan(why) => {
                graded.pass(format!("no plan exists, and none printed ({why})"))
            }
            _ => graded.fail(Problem::Empty),
        };
    }
    let plan = match lines.plan(|c| Dir::from_digit(c).is_some(), "numpad digits 1-4, 6-9") {
        Ok(plan) => plan,
        Err(problem) => return graded.fail(problem),
    };
    graded.plan = Some(plan.to_string());
    graded.length = Some(plan.chars().count());
    let mut game = Game::new(level);
    if let Err(problem) = replay_plan(plan, &mut game) {
        return graded.fail(problem);
    }
    let expected = game.output();
    graded.value = Some(plan.len() as i64);
    graded.expected = Some(expected.clone());
    if let Some(problem) = lines.compare_as(&expected, expect, &mut graded.warnings) {
        return graded.fail(problem);
    }
    let Some(goal) = goal else {
        if plan.len() > RANDOM_ASSIGNMENT_MOVES {
            return graded.fail(Problem::GoalNotMet {
                message: format!(
                    "{} moves: the random assignment plays at most {RANDOM_ASSIGNMENT_MOVES}",
                    plan.len()
                ),
            });
        }
        return graded.pass(format!("valid: {} moves of random play", plan.len()));
    };
    let eaten = game.score();
    if !goal.is_met(&game) {
        let wanted = match goal {
            Goal::All => "every fish".to_string(),
            Goal::AtLeast(n) => format!("at least {n} fish"),
        };
        let got = if game.status() == Status::Dead {
            format!("Pengu dies after eating {eaten} fish")
        } else {
            format!("{eaten} fish eaten")
        };
        return match &reference.optimum {
            Optimum::NoPlan(why) => graded.pass(format!(
                "valid; no plan eats {wanted} alive ({why}), and this one does not claim to"
            )),
            _ => graded.fail(Problem::GoalNotMet {
                message: format!("{got}; the goal is {wanted}, alive"),
            }),
        };
    }
    match &reference.optimum {
        Optimum::Plan(best) if options.optimal() && plan.len() > best.len() => {
            graded.fail(Problem::NotOptimal {
                value: plan.len() as i64,
                optimal: best.len() as i64,
                measure: Measure::Moves,
            })
        }
        Optimum::Plan(best) if options.optimal() => graded.pass(format!(
            "optimal: {}",
            Measure::Moves.amount(best.len() as i64)
        )),
        Optimum::Plan(best) => graded.pass(format!(
            "valid: {} (the fewest is {})",
            Measure::Moves.amount(plan.len() as i64),
            best.len()
        )),
        Optimum::Unknown(why) => {
            graded.warnings.push(format!("optimum unknown: {why}"));
            graded.pass(format!(
                "valid: {}; optimum unknown",
                Measure::Moves.amount(plan.len() as i64)
            ))
        }
        Optimum::NoPlan(_) | Optimum::NoGoal => graded.pass(format!(
            "valid: {}",
            Measure::Moves.amount(plan.len() as i64)
        )),
    }
}

impl Replay for Game {
    fn ended(&self) -> Option<String> {
        match self.status() {
            Status::Playing => None,
            Status::Dead => Some("Pengu is dead".to_string()),
            Status::Victory => Some("every fish is eaten".to_string()),
        }
    }
    fn play_symbol(&mut self, symbol: char) -> Result<(), String> {
        let dir = Dir::from_digit(symbol).ok_or_else(|| "not a move".to_string())?;
        self.play(dir).map(|_| ()).map_err(|e| e.to_string())
    }
}

impl ToolOptions for GradeOptions {
    fn check(&self, _: Host) -> Result<(), FieldError> {
        GradeOptions::check(self)
    }
}

/// Pengu as a [`Grading`] game: the `judge` tool and `gridlab pengu grade`.
pub struct PenguGrading;

impl Grading for PenguGrading {
    const GAME: &'static str = "pengu";
    type Level = Level;
    type Options = GradeOptions;
    type Reference = Reference;

    fn reference(level: &Level, options: &GradeOptions, cancel: Option<&AtomicBool>) -> Reference {
        reference(level, options, cancel)
    }
    fn grade(level: &Level, reference: &Reference, output: &str, expect: Expect) -> Graded {
        check(level, reference, output, expect)
    }
    fn generate(seed: u64) -> Result<(String, String), String> {
        let options = GenerateOptions {
            seed,
            ..GenerateOptions::default()
        };
        let generated = generate(&options, None, None).map_err(|e| e.to_string())?;
        let name = format!(
            "pengu-{}x{}-f{}-s{seed}.txt",
            options.rows, options.cols, options.fish
        );
        Ok((name, generated.level.to_text()))
    }
}
