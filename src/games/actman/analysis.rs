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
use super::rules::{score, Action};
use super::solver::{ActProblem, Restriction, SolveOptions, MAX_TURNS};
use crate::games::plan_count::{self, Counted};
use crate::search::{self, Limits, Outcome, Problem};
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
    Counts::new(dungeon, limits, cancel).count(restriction)
}

/// One dungeon's plan counts, proofs of need and plan walks under any restriction:
/// its problems share the board's tables ([`ActProblem::with_restriction`]) and the
/// reach tables (built on first use), so that a verdict builds each once.
pub(super) struct Counts<'a> {
    /// The problem in the narrowest state that holds the monsters (`None`: too many).
    problem: Option<Box<dyn Restricted + 'a>>,
    monsters: usize,
    limits: AnalysisLimits,
    cancel: Option<&'a AtomicBool>,
}

/// A dungeon's problem at one state width, for [`Counts`].
trait Restricted {
    /// [`count_bounded`] under `restriction`.
    fn count(
        &self,
        restriction: Restriction,
        limits: AnalysisLimits,
        cancel: Option<&AtomicBool>,
    ) -> PlanCount;
    /// [`walk`] under `restriction`.
    fn walk(&self, restriction: Restriction, plan: &str) -> Option<(bool, usize)>;
    /// The turns of greedy best-first search's victory (at most [`GREEDY_STATES`]
    /// states), if it finds one.
    fn greedy_turns(&self, cancel: Option<&AtomicBool>) -> Option<u32>;
}

/// Most states of the greedy search whose victory the features compare.
const GREEDY_STATES: usize = 200_000;

/// An [`ActProblem`] and its reach tables.
struct Shared<const N: usize> {
    problem: ActProblem<N>,
    reach: OnceCell<Option<Reach>>,
}

impl<const N: usize> Restricted for Shared<N> {
    fn count(
        &self,
        restriction: Restriction,
        limits: AnalysisLimits,
        cancel: Option<&AtomicBool>,
    ) -> PlanCount {
        let problem = self.problem.with_restriction(restriction);
        count_bounded(&problem, limits, cancel, &self.reach)
    }

    fn walk(&self, restriction: Restriction, plan: &str) -> Option<(bool, usize)> {
        walk(&self.problem.with_restriction(restriction), plan)
    }

    fn greedy_turns(&self, cancel: Option<&AtomicBool>) -> Option<u32> {
        let options = SolveOptions {
            max_states: GREEDY_STATES,
            max_turns: MAX_TURNS,
            trace_limit: 0,
            record_limit: 0,
            ..SolveOptions::default()
        };
        let found = search::greedy(&self.problem, &mut options.budget().limits(cancel, None));
        (found.outcome == Outcome::Found).then_some(found.plan.len() as u32)
    }
}

impl<'a> Counts<'a> {
    /// The counts of `dungeon` within `limits`; `cancel` stops them.
    pub(super) fn new(
        dungeon: &Dungeon,
        limits: AnalysisLimits,
        cancel: Option<&'a AtomicBool>,
    ) -> Counts<'a> {
        let problem = with_problem!(dungeon, Restriction::default(), |p| Box::new(Shared {
            problem: p,
            reach: OnceCell::new(),
        })
            as Box<dyn Restricted>);
        Counts {
            problem,
            monsters: dungeon.monsters.len(),
            limits,
            cancel,
        }
    }

    /// The optimal plan count under `restriction` (see [`count_optimal`]).
    pub(super) fn count(&self, restriction: Restriction) -> PlanCount {
        self.count_within(restriction, self.limits)
    }

    fn count_within(&self, restriction: Restriction, limits: AnalysisLimits) -> PlanCount {
        match &self.problem {
            Some(p) => p.count(restriction, limits, self.cancel),
            None => PlanCount::LimitReached {
                note: format!(
                    "{} monsters: more than the {} a search supports",
                    self.monsters,
                    super::solver::MAX_MONSTERS
                ),
            },
        }
    }

    /// Whether the restricted game has no victory (see [`needs`]).
    pub(super) fn needs(&self, restriction: Restriction) -> Option<bool> {
        let limits = AnalysisLimits {
            plan_cap: 1,
            ..self.limits
        };
        match self.count_within(restriction, limits) {
            PlanCount::Found { .. } => Some(false),
            PlanCount::NoPlan { .. } => Some(true),
            PlanCount::LimitReached { .. } => None,
        }
    }

    /// Whether `plan` wins under `restriction` (see [`wins_under`]).
    pub(super) fn wins(&self, restriction: Restriction, plan: &str) -> bool {
        self.problem
            .as_ref()
            .is_some_and(|p| p.walk(restriction, plan).is_some_and(|(goal, _)| goal))
    }

    /// Whether the restricted game has no victory, proved at once when `plan` (a
    /// victory of the whole game) wins it too.
    pub(super) fn needs_beyond(&self, restriction: Restriction, plan: &str) -> Option<bool> {
        if self.wins(restriction, plan) {
            Some(false)
        } else {
            self.needs(restriction)
        }
    }

    /// Mean number of successors at the states `plan` passes (rounded to 0.01).
    fn branching(&self, plan: &str) -> f64 {
        let steps = plan.chars().count();
        match self
            .problem
            .as_ref()
            .and_then(|p| p.walk(Restriction::default(), plan))
        {
            Some((_, options)) if steps > 0 => {
                (options as f64 / steps as f64 * 100.0).round() / 100.0
            }
            _ => 0.0,
        }
    }

    /// [`features`], walking the plan on the shared problem.
    pub(super) fn features(
        &self,
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
        // A victory kills every monster.
        let cost = plan
            .chars()
            .filter_map(Action::from_symbol)
            .map(Action::cost)
            .sum();
        let greedy_turns = self
            .problem
            .as_ref()
            .and_then(|p| p.greedy_turns(self.cancel));
        Features {
            optimal_turns: *turns,
            optimal_plans: *plans,
            unique: *plans == 1,
            branching: self.branching(plan),
            states: *states,
            monsters: dungeon.monsters.len(),
            score: score(cost, dungeon.monsters.len() as i32),
            needs_bullet,
            needs_lure,
            greedy_turns,
            greedy_excess: greedy_turns.map(|g| g.saturating_sub(*turns)),
        }
    }
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
    Counts::new(dungeon, limits, cancel).needs(restriction)
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
    let counts = Counts::new(dungeon, limits, cancel);
    let count = counts.count(Restriction::default());
    let (mut needs_bullet, mut needs_lure, mut features) = (None, None, None);
    if let PlanCount::Found { plan, .. } = &count {
        // An optimal plan that wins the restricted game answers at once.
        needs_bullet = counts.needs_beyond(Restriction::NO_BULLET, plan);
        needs_lure = counts.needs_beyond(Restriction::NO_LURE, plan);
        features = Some(counts.features(
            dungeon,
            &count,
            needs_bullet == Some(true),
            needs_lure == Some(true),
        ));
    }
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
    Counts::new(dungeon, AnalysisLimits::default(), None).features(
        dungeon,
        count,
        needs_bullet,
        needs_lure,
    )
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
    Counts::new(dungeon, AnalysisLimits::default(), None).wins(restriction, plan)
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
