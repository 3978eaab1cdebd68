//! Grading an Act-Man solver's output: it reads in the course format, its actions
//! are legal, its score and final grid are exactly what replaying them prints, it wins
//! within the assignment's turn limit (or, where no victory exists within it, survives
//! every turn, as the course's "plan limit reached"), and it is optimal by the
//! assignment's measure: fewest turns for BFS and ID-DFS, the best victory score for
//! A*. [`reference`] proves the optimum once per dungeon; [`grade`] checks one output.

use super::game::{Game, Status};
use super::generate::{generate, GenerateOptions};
use super::level::Dungeon;
use super::rules::Action;
use super::solver::{solve, Objective, SolveOptions, MAX_TURNS};
use crate::error::FieldError;
use crate::games::grade::{
    replay_plan, Expect, Graded, Grading, Measure, OutputLines, Problem, Replay,
};
use crate::games::tools::{Host, ToolOptions};
use crate::search::{Algorithm, Solver, DEFAULT_MAX_MEMORY};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// The turn limit where the assignment sets none (A*, greedy): the course's own A*
/// samples win in up to 9 turns; the proof considers plans up to this long.
pub const OPEN_TURN_LIMIT: u32 = 50;

/// What an Act-Man output is graded against.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GradeOptions {
    /// The assignment's algorithm: random, bfs, iddfs, greedy or astar (BFS and ID-DFS
    /// must win in the fewest turns, A* with the best score).
    #[schemars(extend("x-flag" = "algo"))]
    pub algo: Solver,
    /// The turn limit of a plan (default: the assignment's: 7 for BFS, 10 for ID-DFS;
    /// A* and greedy: [`OPEN_TURN_LIMIT`]; random play has none).
    #[schemars(extend("x-flag" = "turns"))]
    pub turns: Option<u32>,
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
            turns: None,
            max_states: 20_000_000,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

impl GradeOptions {
    /// The turn limit: the one given, or the assignment's (`None`: random play).
    pub fn turns(&self) -> Option<u32> {
        self.turns.or(match self.algo {
            Solver::Random => None,
            Solver::Search(Algorithm::Bfs) => Some(7),
            Solver::Search(Algorithm::Iddfs) => Some(10),
            Solver::Search(_) => Some(OPEN_TURN_LIMIT),
        })
    }

    /// What the algorithm must optimise (`None`: any victory will do).
    pub fn measure(&self) -> Option<Measure> {
        match self.algo {
            Solver::Search(Algorithm::Bfs | Algorithm::Iddfs) => Some(Measure::Turns),
            Solver::Search(Algorithm::Astar) => Some(Measure::Score),
            _ => None,
        }
    }

    /// Check the proof's budget and the turn limit; the error names the field.
    pub fn check(&self) -> Result<(), FieldError> {
        crate::games::grade::check_course_solver(self.algo)?;
        self.solve_options(MAX_TURNS).check()?;
        FieldError::check_count(
            "turns",
            self.turns.unwrap_or(0) as usize,
            0,
            MAX_TURNS as usize,
        )
    }

    fn solve_options(&self, turns: u32) -> SolveOptions {
        SolveOptions {
            solver: Solver::Search(Algorithm::Astar),
            objective: match self.measure() {
                Some(Measure::Score) => Objective::Score,
                _ => Objective::Turns,
            },
            max_turns: turns,
            max_states: self.max_states,
            max_memory: self.max_memory,
            ..SolveOptions::default()
        }
    }
}

/// What gridlab proved about a dungeon, once for every output graded on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// The options graded against.
    pub options: GradeOptions,
    /// The proof.
    pub optimum: Optimum,
}

/// An optimal victory: its actions and final score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Victory {
    /// The actions.
    pub actions: String,
    /// Its final score.
    pub score: i32,
}

/// The best victory within the turn limit, as far as A* could tell (`NoPlan`: no
/// victory within it).
pub type Optimum = crate::games::grade::Optimum<Victory>;

/// Prove the best victory of `dungeon` within `options`' turn limit (A*).
pub fn reference(
    dungeon: &Dungeon,
    options: &GradeOptions,
    cancel: Option<&AtomicBool>,
) -> Reference {
    let optimum = match options.turns() {
        None => Optimum::NoGoal,
        Some(turns) => {
            let solution = solve(dungeon, &options.solve_options(turns), cancel, None);
            Optimum::of(solution.outcome, solution.note, || Victory {
                score: Game::replay(dungeon, &solution.actions)
                    .map(|g| g.score())
                    .unwrap_or(0),
                actions: solution.actions,
            })
        }
    };
    Reference {
        options: options.clone(),
        optimum,
    }
}

/// How a game that is not a victory stands after `turns` turns.
fn how_it_ended(game: &Game, turns: usize) -> String {
    match game.status() {
        Status::Dead => format!("Act-Man dies at turn {turns}"),
        Status::OutOfPoints => format!("the score drops to zero at turn {turns}"),
        _ => format!(
            "the plan ends after {} with monsters alive",
            Measure::Turns.amount(turns as i64)
        ),
    }
}

/// Grade one output of a solver for `dungeon` against `reference`.
pub fn grade(dungeon: &Dungeon, reference: &Reference, output: &str) -> Graded {
    check(dungeon, reference, output, Expect::Output)
}

/// Grade a solution pasted by a person: the whole output, or a plan alone.
pub fn grade_solution(dungeon: &Dungeon, reference: &Reference, solution: &str) -> Graded {
    check(dungeon, reference, solution, Expect::OutputOrPlan)
}

fn check(dungeon: &Dungeon, reference: &Reference, output: &str, expect: Expect) -> Graded {
    let options = &reference.options;
    let measure = options.measure();
    let lines = OutputLines::new(output);
    let mut graded = Graded {
        measure,
        warnings: lines.warnings.clone(),
        ..Graded::default()
    };
    if let Optimum::Plan(Victory { actions, score }) = &reference.optimum {
        graded.optimal = Some(match measure {
            Some(Measure::Score) => i64::from(*score),
            _ => actions.len() as i64,
        });
        graded.optimal_plan = Some(actions.clone());
    }
    if lines.is_empty() {
        return graded.fail(Problem::Empty);
    }
    let plan = match lines.plan(
        |c| Action::from_symbol(c).is_some(),
        "numpad digits 1-4, 6-9 to move; N, S, E, W to fire",
    ) {
        Ok(plan) => plan,
        Err(problem) => return graded.fail(problem),
    };
    let turns = plan.chars().count();
    graded.plan = Some(plan.to_string());
    graded.length = Some(turns);
    let mut game = Game::new(dungeon);
    if let Err(problem) = replay_plan(plan, &mut game) {
        return graded.fail(problem);
    }
    let expected = game.output();
    graded.expected = Some(expected.clone());
    graded.value = Some(match measure {
        Some(Measure::Score) => i64::from(game.score()),
        _ => turns as i64,
    });
    if let Some(problem) = lines.compare_as(&expected, expect, &mut graded.warnings) {
        return graded.fail(problem);
    }
    let Some(limit) = options.turns() else {
        return graded.pass(format!("valid: {turns} turns of play"));
    };
    let limit = limit as usize;
    if game.status() != Status::Victory {
        return match &reference.optimum {
            Optimum::NoPlan(_) if game.status() == Status::Playing && turns == limit => graded
                .pass(format!(
                    "no victory within {limit} turns exists, and the plan survives all {limit} \
                     (plan limit reached)"
                )),
            Optimum::NoPlan(_) => graded.fail(Problem::GoalNotMet {
                message: format!(
                    "{}; no victory within {limit} turns exists, so the course expects a plan \
                     that survives all {limit} turns",
                    how_it_ended(&game, turns)
                ),
            }),
            Optimum::Plan(Victory { actions, .. }) => graded.fail(Problem::GoalNotMet {
                message: format!(
                    "{}; a victory in {} turns exists",
                    how_it_ended(&game, turns),
                    actions.len()
                ),
            }),
            _ => graded.fail(Problem::GoalNotMet {
                message: format!("{} without victory", how_it_ended(&game, turns)),
            }),
        };
    }
    if turns > limit {
        return graded.fail(Problem::GoalNotMet {
            message: format!("victory in {turns} turns, over the limit of {limit}"),
        });
    }
    let value = graded.value.unwrap_or(0);
    match (&reference.optimum, measure, graded.optimal) {
        (Optimum::Plan(_), Some(measure), Some(optimal)) => {
            let worse = match measure {
                Measure::Score => value < optimal,
                _ => value > optimal,
            };
            if worse {
                graded.fail(Problem::NotOptimal {
                    value,
                    optimal,
                    measure,
                })
            } else {
                graded.pass(format!("optimal: victory with {}", measure.amount(optimal)))
            }
        }
        (Optimum::Unknown(why), _, _) => {
            graded.warnings.push(format!("optimum unknown: {why}"));
            graded.pass(format!("victory in {turns} turns; optimum unknown"))
        }
        _ => graded.pass(format!("victory in {turns} turns, score {}", game.score())),
    }
}

impl Replay for Game {
    fn ended(&self) -> Option<String> {
        match self.status() {
            Status::Playing => None,
            Status::Victory => Some("every monster is dead".to_string()),
            Status::Dead => Some("Act-Man is dead".to_string()),
            Status::OutOfPoints => Some("the score dropped to zero".to_string()),
        }
    }
    fn play_symbol(&mut self, symbol: char) -> Result<(), String> {
        let action = Action::from_symbol(symbol).ok_or_else(|| "not an action".to_string())?;
        self.play(action).map(|_| ()).map_err(str::to_string)
    }
}

impl ToolOptions for GradeOptions {
    fn check(&self, _: Host) -> Result<(), FieldError> {
        GradeOptions::check(self)
    }
}

/// Act-Man as a [`Grading`] game: the `judge` tool and `gridlab actman grade`.
pub struct ActmanGrading;

impl Grading for ActmanGrading {
    const GAME: &'static str = "actman";
    type Level = Dungeon;
    type Options = GradeOptions;
    type Reference = Reference;

    fn reference(
        dungeon: &Dungeon,
        options: &GradeOptions,
        cancel: Option<&AtomicBool>,
    ) -> Reference {
        reference(dungeon, options, cancel)
    }
    fn grade(dungeon: &Dungeon, reference: &Reference, output: &str, expect: Expect) -> Graded {
        check(dungeon, reference, output, expect)
    }
    fn generate(seed: u64) -> Result<(String, String), String> {
        let options = GenerateOptions {
            seed,
            ..GenerateOptions::default()
        };
        let generated = generate(&options, None, None).map_err(|e| e.to_string())?;
        let name = format!(
            "actman-{}x{}-m{}-s{seed}.txt",
            options.rows, options.cols, options.monsters
        );
        Ok((name, generated.dungeon.to_text()))
    }
}
