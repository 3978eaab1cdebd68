//! The exact cost from any state of a [`Problem`] to its nearest goal: A* from that
//! state, for checking that a heuristic value is admissible.

use super::{astar, Limits, Outcome, Problem};

/// The exact cost from a state to the nearest goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CostToGo {
    /// The cheapest plan's cost.
    Exact(u64),
    /// No goal can be reached.
    Unreachable,
    /// The search reached its limit.
    Unknown,
}

/// `problem` started from another state.
struct FromState<'p, P: Problem> {
    problem: &'p P,
    start: P::State,
}

impl<P: Problem> Problem for FromState<'_, P> {
    type State = P::State;
    /// The move and its cost, so that the plan gives its cost.
    type Action = (P::Action, u32);
    fn start(&self) -> P::State {
        self.start.clone()
    }
    fn is_goal(&self, s: &P::State) -> bool {
        self.problem.is_goal(s)
    }
    fn successors(&self, s: &P::State, out: &mut Vec<(Self::Action, P::State, u32)>) {
        let mut inner = Vec::new();
        self.problem.successors(s, &mut inner);
        out.extend(inner.into_iter().map(|(a, n, c)| ((a, c), n, c)));
    }
    fn heuristic(&self, s: &P::State) -> u32 {
        self.problem.heuristic(s)
    }
    fn viable(&self, s: &P::State, g: u32) -> bool {
        self.problem.viable(s, g)
    }
}

/// The exact cost from `from` to the nearest goal of `problem` (A* with the problem's
/// admissible heuristic), storing at most `max_states` states.
///
/// ```
/// use gridlab::search::{cost_to_go, CostToGo, Problem};
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = i32;
///     fn start(&self) -> i32 { 0 }
///     fn is_goal(&self, s: &i32) -> bool { *s == 5 }
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32, u32)>) {
///         if *s < 5 { out.push((1, s + 1, 2)); }
///     }
/// }
/// assert_eq!(cost_to_go(&Line, &2, 100), CostToGo::Exact(6));
/// assert_eq!(cost_to_go(&Line, &7, 100), CostToGo::Unreachable);
/// ```
pub fn cost_to_go<P: Problem>(problem: &P, from: &P::State, max_states: usize) -> CostToGo {
    let adapted = FromState {
        problem,
        start: from.clone(),
    };
    let mut limits = Limits {
        max_states,
        max_depth: u32::MAX,
        ..Limits::default()
    };
    let result = astar(&adapted, &mut limits);
    match result.outcome {
        Outcome::Found => CostToGo::Exact(result.plan.iter().map(|&(_, c)| u64::from(c)).sum()),
        Outcome::NoPlan => CostToGo::Unreachable,
        Outcome::LimitReached | Outcome::Cancelled => CostToGo::Unknown,
    }
}
