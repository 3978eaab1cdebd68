//! What a dungeon tells its author: the fewest turns to victory, how many distinct
//! optimal action strings reach it (1: the intended plan is the only one), whether
//! victory needs the bullet or a lure, and a few measured features of its
//! difficulty. The editor shows them after every edit; the generator scores its
//! candidates with them.
//!
//! Every answer is exact. The searches run over the solver's states
//! ([`ActProblem`]), whose successors are [`play_turn`](super::play_turn)'s, with its
//! budget: a plan ends when the score drops to zero, so no game lasts more than
//! `50 + 5·monsters` turns and an exhaustive search is a proof.
//!
//! - **needs bullet**: the game where the fire actions are never taken has no
//!   victory at all ([`Restriction::no_bullet`]).
//! - **needs lure**: the game where no turn may kill a monster by a collision (a
//!   monster stepping onto another monster or onto a corpse, stage 4 of the turn)
//!   has no victory at all ([`Restriction::no_collisions`]): every plan that wins
//!   makes a monster die on another one or on a corpse.

use super::level::Dungeon;
use super::reach::Reach;
use super::solver::{solve, ActProblem, Objective, Restriction, SolveOptions, MAX_TURNS};
use crate::games::plan_count::{self, Counted};
use crate::search::{self, Algorithm, Limits, Outcome, Problem, Solver};
use serde::Serialize;
use std::cell::OnceCell;
use std::sync::atomic::AtomicBool;

/// How a plan count ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "outcome")]
pub enum PlanCount {
    /// Victory is possible: the fewest turns and how many action strings of that
    /// length win (capped).
    Found {
        /// The fewest turns of a victory.
        turns: u32,
        /// Distinct optimal plans, at most the cap.
        plans: u64,
        /// One optimal plan (numpad digits, N S E W for the shot).
        plan: String,
        /// States the count stored.
        states: usize,
    },
    /// No sequence of actions wins (the search was exhaustive).
    NoPlan {
        /// States the search stored.
        states: usize,
    },
    /// The state limit, the monster limit or a cancel stopped the count.
    LimitReached {
        /// Why.
        note: String,
    },
}

/// Count the optimal plans of any search problem by a plain breadth-first count
/// ([`plan_count::count_plans`] with no bound): the goal states of the first goal
/// layer add up to the number of distinct shortest action strings. States failing
/// [`Problem::viable`] are dropped; plans are capped at `limits.plan_cap`, states at
/// `limits.max_states`, and the table's bytes at `limits.max_memory`; `cancel` is
/// checked every 1,024 states.
pub fn count_plans<P: Problem>(
    problem: &P,
    limits: AnalysisLimits,
    cancel: Option<&AtomicBool>,
) -> PlanCount {
    as_plan_count(
        problem,
        plan_count::count_plans(problem, None, limits, cancel),
    )
}

pub use crate::games::verdict::{AnalysisLimits, MAX_ANALYSIS_STATES};

/// Measured features of a dungeon's difficulty, for sorting a batch of levels.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Features {
    /// The fewest turns of a victory.
    pub optimal_turns: u32,
    /// Distinct optimal plans (at most the cap the analysis used).
    pub optimal_plans: u64,
    /// Whether the optimal plan is the only one.
    pub unique: bool,
    /// Mean number of actions Act-Man survives at the states along the optimal plan.
    pub branching: f64,
    /// States the exact count stored.
    pub states: usize,
    /// Monsters at the start.
    pub monsters: usize,
    /// The final score of the optimal plan found.
    pub score: i32,
    /// Proved: no victory without firing the bullet.
    pub needs_bullet: bool,
    /// Proved: no victory without a monster dying on another monster or a corpse.
    pub needs_lure: bool,
    /// Turns of greedy best-first search's victory (none if it found none).
    pub greedy_turns: Option<u32>,
    /// How many turns greedy's victory is longer than the optimum.
    pub greedy_excess: Option<u32>,
}

/// The editor's verdict on a dungeon.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The plan count (optimal turns, plans, or why there is none).
    pub count: PlanCount,
    /// Whether victory needs the bullet (`None`: not decided, a limit was reached or
    /// there is no victory at all).
    pub needs_bullet: Option<bool>,
    /// Whether victory needs a lure (as for `needs_bullet`).
    pub needs_lure: Option<bool>,
    /// The features, when a victory was found.
    pub features: Option<Features>,
}

impl Analysis {
    /// The editor's common form of this analysis.
    pub fn verdict(&self, plan_cap: u64) -> crate::games::verdict::LevelVerdict<Features> {
        use crate::games::verdict::{LevelVerdict, Verdict};
        let mut v = match &self.count {
            PlanCount::Found {
                turns, plans, plan, ..
            } => {
                let v = LevelVerdict::win(*turns, Some(*plans), plan.clone(), plan_cap);
                let needs: Vec<&str> = [
                    (self.needs_bullet, "the bullet"),
                    (
                        self.needs_lure,
                        "a lure (a monster dying on another or on a corpse)",
                    ),
                ]
                .iter()
                .filter(|(need, _)| *need == Some(true))
                .map(|&(_, what)| what)
                .collect();
                if needs.is_empty() {
                    v
                } else {
                    v.noted(format!("no victory without {}", needs.join(" or without ")))
                }
            }
            PlanCount::NoPlan { .. } => LevelVerdict::new(Verdict::NoPlan, plan_cap)
                .noted("no sequence of actions kills every monster with Act-Man alive"),
            PlanCount::LimitReached { note } => {
                LevelVerdict::new(Verdict::LimitReached, plan_cap).noted(note)
            }
        };
        v.features = self.features.clone();
        v
    }
}

/// Run `body` with the dungeon's problem at the narrowest state width that holds its
/// monsters.
macro_rules! with_problem {
    ($dungeon:expr, $restriction:expr, |$p:ident| $body:expr) => {{
        let n = $dungeon.monsters.len();
        macro_rules! at {
            ($w:literal) => {{
                let $p = ActProblem::<$w>::restricted($dungeon, MAX_TURNS, false, $restriction);
                $body
            }};
        }
        match n {
            0..=4 => Some(at!(4)),
            5..=8 => Some(at!(8)),
            9..=12 => Some(at!(12)),
            13..=16 => Some(at!(16)),
            17..=32 => Some(at!(32)),
            _ => None,
        }
    }};
}

/// The optimal plan count of `dungeon` under `restriction`, in the narrowest state
/// that holds its monsters: the same answer as [`count_plans`]' plain breadth-first
/// count, found faster by [`count_bounded`].
///
/// ```
/// use gridlab::games::actman::{count_optimal, AnalysisLimits, Dungeon, PlanCount, Restriction};
/// let d = Dungeon::parse("3 7\n#######\n#A  G #\n#######").unwrap();
/// let count = count_optimal(&d, Restriction::default(), AnalysisLimits::default(), None);
/// assert!(matches!(count, PlanCount::Found { turns: 1, plans: 1, .. })); // fire east
/// ```
pub fn count_optimal(
    dungeon: &Dungeon,
    restriction: Restriction,
    limits: AnalysisLimits,
    cancel: Option<&AtomicBool>,
) -> PlanCount {
    count_sharing(dungeon, restriction, limits, cancel, &OnceCell::new())
}

/// [`count_optimal`] with the board's reach tables in `reach`, built on first use, so
/// that the counts of one dungeon (its verdict and its proofs of need) build them once.
pub(super) fn count_sharing(
    dungeon: &Dungeon,
    restriction: Restriction,
    limits: AnalysisLimits,
    cancel: Option<&AtomicBool>,
    reach: &OnceCell<Option<Reach>>,
) -> PlanCount {
    with_problem!(dungeon, restriction, |p| count_bounded(
        &p, limits, cancel, reach
    ))
    .unwrap_or_else(|| PlanCount::LimitReached {
        note: format!(
            "{} monsters: more than the {} a search supports",
            dungeon.monsters.len(),
            super::solver::MAX_MONSTERS
        ),
    })
}

/// Width of the beam whose plan bounds the count (see [`count_bounded`]).
const UPPER_BEAM_WIDTH: usize = 100;

/// The plan count of `problem`, cut by an upper bound on the optimum:
///
/// 1. a beam search ([`UPPER_BEAM_WIDTH`] states a layer, guided by the heuristic)
///    finds a victory in `U` turns, or none;
/// 2. the breadth-first count ([`plan_count::count_plans_pruned`]) runs with the bound
///    `U − 1`, then `U`, dropping the states that the heuristic or the reach test
///    ([`ActProblem::may_win_within`]) prove cannot win in the turns left; with no
///    victory within a bound, the next one; at last without a bound.
///
/// A count with a bound at least the optimum is exact (the module doc of
/// [`plan_count`]); one with a smaller bound finds no plan at all (a plan it found
/// would be shorter than the optimum), so the first count that finds a plan gives the
/// exact answer, and it is the same plan as the plain count's: an optimal plan's
/// states are never dropped, so the breadth-first order among them is the same.
fn count_bounded<const N: usize>(
    problem: &ActProblem<N>,
    limits: AnalysisLimits,
    cancel: Option<&AtomicBool>,
    reach: &OnceCell<Option<Reach>>,
) -> PlanCount {
    let mut beam_limits = Limits {
        beam_width: UPPER_BEAM_WIDTH,
        max_states: limits.max_states,
        max_memory: limits.max_memory,
        cancel,
        ..Limits::default()
    };
    let upper = search::beam(problem, &mut beam_limits);
    if upper.outcome == Outcome::Found {
        if let Some(reach) = reach.get_or_init(|| problem.reach()) {
            let u = upper.plan.len() as u32;
            for bound in [u.saturating_sub(1), u] {
                let hopeless = |s: &_, turns| !problem.may_win_within(reach, s, turns);
                match plan_count::count_plans_pruned(problem, Some(bound), hopeless, limits, cancel)
                {
                    Counted::NoPlan { .. } => {}
                    counted => return as_plan_count(problem, counted),
                }
            }
        }
    }
    count_plans(problem, limits, cancel)
}

/// A count's answer in Act-Man's terms.
fn as_plan_count<P: Problem>(problem: &P, counted: Counted<P::Action>) -> PlanCount {
    match counted {
        Counted::Found {
            depth,
            plans,
            plan,
            states,
        } => PlanCount::Found {
            turns: depth,
            plans,
            plan: plan.iter().map(|a| problem.symbol(a)).collect(),
            states,
        },
        Counted::NoPlan { states } => PlanCount::NoPlan { states },
        Counted::LimitReached { note } => PlanCount::LimitReached { note },
    }
}

/// Whether the restricted game has no victory: `Some(true)` proved (exhaustive),
/// `Some(false)` a victory exists, `None` a limit stopped the search (`limits`'
/// plan cap is not used).
pub fn needs(
    dungeon: &Dungeon,
    restriction: Restriction,
    limits: AnalysisLimits,
    cancel: Option<&AtomicBool>,
) -> Option<bool> {
    needs_sharing(dungeon, restriction, limits, cancel, &OnceCell::new())
}

/// [`needs`] with the board's reach tables shared (see [`count_sharing`]).
pub(super) fn needs_sharing(
    dungeon: &Dungeon,
    restriction: Restriction,
    limits: AnalysisLimits,
    cancel: Option<&AtomicBool>,
    reach: &OnceCell<Option<Reach>>,
) -> Option<bool> {
    let limits = AnalysisLimits {
        plan_cap: 1,
        ..limits
    };
    match count_sharing(dungeon, restriction, limits, cancel, reach) {
        PlanCount::Found { .. } => Some(false),
        PlanCount::NoPlan { .. } => Some(true),
        PlanCount::LimitReached { .. } => None,
    }
}

/// Analyse `dungeon` for the editor and the generator.
///
/// ```
/// use gridlab::games::actman::{analyze, AnalysisLimits, Dungeon, PlanCount};
/// let d = Dungeon::parse("5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########").unwrap();
/// let a = analyze(&d, AnalysisLimits::default(), None);
/// assert!(matches!(a.count, PlanCount::Found { turns: 3, plans: 2, .. }));
/// // A plan without the shot wins too, but every victory makes a monster die on a
/// // corpse or on another monster.
/// assert_eq!((a.needs_bullet, a.needs_lure), (Some(false), Some(true)));
/// ```
pub fn analyze(dungeon: &Dungeon, limits: AnalysisLimits, cancel: Option<&AtomicBool>) -> Analysis {
    let reach = OnceCell::new();
    let count = count_sharing(dungeon, Restriction::default(), limits, cancel, &reach);
    let (mut needs_bullet, mut needs_lure) = (None, None);
    if matches!(count, PlanCount::Found { .. }) {
        let bullet = Restriction {
            no_bullet: true,
            ..Restriction::default()
        };
        let lure = Restriction {
            no_collisions: true,
            ..Restriction::default()
        };
        // An optimal plan that wins the restricted game answers at once.
        let plan = match &count {
            PlanCount::Found { plan, .. } => plan.as_str(),
            _ => "",
        };
        let need = |r| {
            if wins_under(dungeon, r, plan) {
                Some(false)
            } else {
                needs_sharing(dungeon, r, limits, cancel, &reach)
            }
        };
        needs_bullet = need(bullet);
        needs_lure = need(lure);
    }
    let features = match &count {
        PlanCount::Found { .. } => Some(features(
            dungeon,
            &count,
            needs_bullet == Some(true),
            needs_lure == Some(true),
        )),
        _ => None,
    };
    Analysis {
        count,
        needs_bullet,
        needs_lure,
        features,
    }
}

/// The features of a dungeon whose plans were counted (`count` is `Found`), with the
/// proved needs.
pub fn features(
    dungeon: &Dungeon,
    count: &PlanCount,
    needs_bullet: bool,
    needs_lure: bool,
) -> Features {
    let PlanCount::Found {
        turns,
        plans,
        plan,
        states,
    } = count
    else {
        return Features::default();
    };
    let branching =
        with_problem!(dungeon, Restriction::default(), |p| branching(&p, plan)).unwrap_or_default();
    let score = super::game::Game::replay(dungeon, plan).map_or(0, |g| g.score());
    let greedy = solve(
        dungeon,
        &SolveOptions {
            solver: Solver::Search(Algorithm::Greedy),
            objective: Objective::Turns,
            max_states: 200_000,
            max_turns: MAX_TURNS,
            ..SolveOptions::default()
        },
        None,
        None,
    );
    let greedy_turns = (greedy.outcome == Outcome::Found).then_some(greedy.actions.len() as u32);
    Features {
        optimal_turns: *turns,
        optimal_plans: *plans,
        unique: *plans == 1,
        branching,
        states: *states,
        monsters: dungeon.monsters.len(),
        score,
        needs_bullet,
        needs_lure,
        greedy_turns,
        greedy_excess: greedy_turns.map(|g| g.saturating_sub(*turns)),
    }
}

/// Whether `plan` wins the game of `dungeon` under `restriction`: every action is
/// one the restricted game allows, and the last kills the last monster.
///
/// ```
/// use gridlab::games::actman::{wins_under, Dungeon, Restriction};
/// let d = Dungeon::parse("3 7\n#######\n#A  G #\n#######").unwrap();
/// assert!(wins_under(&d, Restriction::default(), "E"));
/// assert!(!wins_under(&d, Restriction { no_bullet: true, ..Restriction::default() }, "E"));
/// ```
pub fn wins_under(dungeon: &Dungeon, restriction: Restriction, plan: &str) -> bool {
    with_problem!(dungeon, restriction, |p| walk(&p, plan)
        .is_some_and(|(goal, _)| goal))
    .unwrap_or(false)
}

/// Play `plan` on `problem`'s successors: whether it ends in a goal, and the number
/// of successors at the states it passes; `None` if an action is not a successor.
fn walk<P: Problem>(problem: &P, plan: &str) -> Option<(bool, usize)> {
    let mut state = problem.start();
    let mut succ = Vec::new();
    let mut options = 0usize;
    for symbol in plan.chars() {
        succ.clear();
        problem.successors(&state, &mut succ);
        options += succ.len();
        let k = succ
            .iter()
            .position(|(a, _, _)| problem.symbol(a) == symbol)?;
        state = succ.swap_remove(k).1;
    }
    Some((problem.is_goal(&state), options))
}

/// Mean number of successors at the states the plan passes (rounded to 0.01).
fn branching<P: Problem>(problem: &P, plan: &str) -> f64 {
    let steps = plan.chars().count();
    match walk(problem, plan) {
        Some((_, options)) if steps > 0 => (options as f64 / steps as f64 * 100.0).round() / 100.0,
        _ => 0.0,
    }
}
