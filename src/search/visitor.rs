//! A game's search problem handed to generic code: a game builds its [`Problem`] for a
//! level (its state type depends on the level, e.g. how many words of fish bits) and
//! calls a [`ProblemVisitor`] with it, so one generic function serves every game.

use super::Problem;

/// Generic code run on a game's [`Problem`], whatever its state type.
///
/// ```
/// use gridlab::search::{Problem, ProblemVisitor};
/// /// The start's heuristic, for any problem.
/// struct StartH;
/// impl ProblemVisitor for StartH {
///     type Output = u32;
///     fn visit<P: Problem>(self, problem: &P) -> u32 {
///         problem.heuristic(&problem.start())
///     }
/// }
/// struct Zero;
/// impl Problem for Zero {
///     type State = u8;
///     type Action = u8;
///     fn start(&self) -> u8 { 0 }
///     fn is_goal(&self, s: &u8) -> bool { *s == 0 }
///     fn successors(&self, _: &u8, _: &mut Vec<(u8, u8, u32)>) {}
/// }
/// assert_eq!(StartH.visit(&Zero), 0);
/// ```
pub trait ProblemVisitor {
    /// What the visit returns.
    type Output;
    /// Run on `problem`.
    fn visit<P: Problem>(self, problem: &P) -> Self::Output;
}
