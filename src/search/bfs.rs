//! Breadth-first search over a packed node store.

use super::best_first::NodeStore;
use super::record::{Last, Pushed};
use super::{Limits, Monitor, Outcome, Problem, SearchResult};

/// Breadth-first search: a plan with the fewest moves (costs are ignored).
///
/// The goal is tested when a state is generated, so the search stops one level
/// earlier than a textbook pop-time test would. States are stored once, in an
/// insertion-ordered hash map whose order *is* the FIFO queue. (Hashed states, not
/// cell indices: [`crate::grid::distance::DistanceMap`] is for the latter.)
///
/// ```
/// use gridlab::search::{bfs, Limits, Outcome, Problem};
/// struct Doubling;
/// impl Problem for Doubling {
///     type State = u64;
///     type Action = char;
///     fn start(&self) -> u64 { 1 }
///     fn is_goal(&self, s: &u64) -> bool { *s == 12 }
///     fn successors(&self, s: &u64, out: &mut Vec<(char, u64, u32)>) {
///         out.push(('d', s * 2, 1));
///         out.push(('i', s + 1, 1));
///     }
/// }
/// let r = bfs(&Doubling, &mut Limits::default());
/// assert_eq!(r.outcome, Outcome::Found);
/// assert_eq!(r.plan, vec!['d', 'i', 'd', 'd']); // 1 → 2 → 3 → 6 → 12
/// ```
pub fn bfs<P: Problem>(problem: &P, limits: &mut Limits) -> SearchResult<P::Action> {
    let mut mon = Monitor::new(limits);
    let mut store = NodeStore::new(problem.start());
    let mut best = (problem.progress(store.state(0), 0), 0usize);
    if problem.is_goal(store.state(0)) {
        return mon.finish(Outcome::Found, Vec::new(), 1);
    }
    mon.generate(problem.cell(store.state(0)));
    let start_cell = problem.cell(store.state(0));
    mon.record_push(Pushed {
        id: 0,
        parent: 0,
        action: '?',
        g: 0,
        h: 0,
        cell: start_cell,
        key: 0,
    });
    let mut succ = Vec::new();
    let mut head = 0usize;
    while head < store.len() {
        let g = store.g(head);
        if g >= mon.max_depth() {
            return mon.finish(Outcome::LimitReached, store.plan(best.1), store.len());
        }
        let state = store.state(head).clone();
        if !mon.expand(problem.cell(&state), store.len() - head, store.len()) {
            return mon.finish(Outcome::Cancelled, store.plan(best.1), store.len());
        }
        mon.record_expand(head, g);
        mon.stats.depth = g;
        succ.clear();
        problem.successors(&state, &mut succ);
        let (mut duplicates, mut pruned, mut last) = (0, 0, Last::Pushed);
        for (action, next, _) in succ.drain(..) {
            let cell = problem.cell(&next);
            mon.generate(cell);
            if !problem.viable(&next, g + 1) {
                pruned += 1;
                last = Last::Pruned;
                continue;
            }
            if !store.make_room(0, mon.max_memory()) {
                return mon.finish(Outcome::LimitReached, store.plan(best.1), store.len());
            }
            let goal = problem.is_goal(&next);
            let progress = problem.progress(&next, g + 1);
            match store.insert(next, head, action, g + 1) {
                None => {
                    mon.stats.duplicates += 1;
                    duplicates += 1;
                    last = Last::Duplicate;
                }
                Some(id) => {
                    last = Last::Pushed;
                    mon.record_push(Pushed {
                        id,
                        parent: head,
                        action: problem.symbol(&action),
                        g: g + 1,
                        h: 0,
                        cell,
                        key: 0,
                    });
                    if goal {
                        mon.record_tally(duplicates, pruned, last);
                        mon.stats.depth = g + 1;
                        return mon.finish(Outcome::Found, store.plan(id), store.len());
                    }
                    if progress > best.0 {
                        best = (progress, id);
                    }
                }
            }
        }
        mon.record_tally(duplicates, pruned, last);
        if store.len() >= mon.max_states() {
            return mon.finish(Outcome::LimitReached, store.plan(best.1), store.len());
        }
        head += 1;
    }
    mon.finish(Outcome::NoPlan, store.plan(best.1), store.len())
}
