//! Iterative-deepening depth-first search with a per-iteration transposition table.

use super::record::{Pushed, Taken};
use super::Table;
use super::{Limits, Monitor, Outcome, Problem, SearchResult};
use rustc_hash::FxHashMap;

/// One open DFS node: its successors are `buf[begin..end]`, the untried ones
/// `buf[next..end]`; in a [`super::Record`], `buf[i]` is tree node `first_id + i - begin`.
struct Frame {
    g: u32,
    begin: usize,
    next: usize,
    end: usize,
    first_id: usize,
}

/// Record the successors `buf[begin..]` of tree node `parent` (at depth `g`) as pushes
/// onto the stack, with new ids from `next_id`; returns the first one's id.
fn record_pushes<P: Problem>(
    problem: &P,
    mon: &mut Monitor,
    buf: &[(P::Action, P::State, u32)],
    parent: usize,
    g: u32,
    next_id: &mut usize,
) -> usize {
    let first = *next_id;
    if mon.recording() {
        for (action, state, _) in buf {
            mon.record_push(Pushed {
                id: *next_id,
                parent,
                action: problem.symbol(action),
                g: g + 1,
                h: 0,
                cell: problem.cell(state),
                key: stack_key(g + 1),
            });
            *next_id += 1;
        }
    }
    first
}

/// The record's key of a node at `depth` on the stack: deeper first (ID-DFS, IDA*).
pub(super) fn stack_key(depth: u32) -> u64 {
    u64::from(u32::MAX - depth) << 32
}

/// Iterative-deepening depth-first search: a plan with the fewest moves (costs are
/// ignored), found by depth-limited DFS with limits 0, 1, 2, ...
///
/// Each iteration keeps a table of the smallest depth at which every state was seen
/// and prunes a state reached again no shallower, which keeps the search linear in
/// the number of states per iteration while staying optimal. The table counts
/// against [`Limits::max_states`].
///
/// ```
/// use gridlab::search::{iddfs, Limits, Outcome, Problem};
/// struct Knight;
/// impl Problem for Knight {
///     type State = (i8, i8);
///     type Action = (i8, i8);
///     fn start(&self) -> (i8, i8) { (0, 0) }
///     fn is_goal(&self, s: &(i8, i8)) -> bool { *s == (3, 3) }
///     fn successors(&self, s: &(i8, i8), out: &mut Vec<((i8, i8), (i8, i8), u32)>) {
///         for d in [(1, 2), (2, 1), (-1, 2), (2, -1), (1, -2), (-2, 1), (-1, -2), (-2, -1)] {
///             let n = (s.0 + d.0, s.1 + d.1);
///             if (0..8).contains(&n.0) && (0..8).contains(&n.1) { out.push((d, n, 1)); }
///         }
///     }
/// }
/// let r = iddfs(&Knight, &mut Limits::default());
/// assert_eq!(r.outcome, Outcome::Found);
/// assert_eq!(r.plan.len(), 2);
/// ```
pub fn iddfs<P: Problem>(problem: &P, limits: &mut Limits) -> SearchResult<P::Action> {
    let mut mon = Monitor::new(limits);
    let start = problem.start();
    if problem.is_goal(&start) {
        return mon.finish(Outcome::Found, Vec::new(), 1);
    }
    let mut best: (u64, Vec<P::Action>) = (problem.progress(&start, 0), Vec::new());
    let mut seen: FxHashMap<P::State, u32> = FxHashMap::default();
    let mut buf: Vec<(P::Action, P::State, u32)> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut path: Vec<P::Action> = Vec::new();
    let mut stored = 1;
    // Tree-node ids of the record: new for every node of every iteration.
    let mut next_id = 0usize;
    for limit in 1..=mon.max_depth() {
        seen.clear();
        buf.clear();
        path.clear();
        seen.insert(start.clone(), 0);
        mon.generate(problem.cell(&start));
        let root = next_id;
        next_id += 1;
        mon.record_push(Pushed {
            id: root,
            parent: root,
            action: '?',
            g: 0,
            h: 0,
            cell: problem.cell(&start),
            key: stack_key(0),
        });
        mon.record_expand(root, 0);
        if !mon.expand(problem.cell(&start), 0, 1) {
            return mon.finish(Outcome::Cancelled, best.1, stored);
        }
        problem.successors(&start, &mut buf);
        let first_id = record_pushes(problem, &mut mon, &buf, root, 0, &mut next_id);
        stack.push(Frame {
            g: 0,
            begin: 0,
            next: 0,
            end: buf.len(),
            first_id,
        });
        let mut cut_off = false;
        while let Some(frame) = stack.last_mut() {
            if frame.next == frame.end {
                let done = stack.pop().expect("non-empty stack");
                buf.truncate(done.begin);
                if done.g > 0 {
                    path.pop();
                }
                continue;
            }
            let (action, next, _) = buf[frame.next].clone();
            let id = frame.first_id + frame.next - frame.begin;
            frame.next += 1;
            let g = frame.g + 1;
            mon.generate(problem.cell(&next));
            if !problem.viable(&next, g) {
                mon.record_taken(id, g, Taken::Pruned);
                continue;
            }
            match seen.get_mut(&next) {
                Some(depth) if *depth <= g => {
                    mon.stats.duplicates += 1;
                    mon.record_taken(id, g, Taken::Duplicate);
                    continue;
                }
                Some(depth) => *depth = g,
                None => {
                    if seen.len() >= mon.max_states() || !make_room(&mut seen, mon.max_memory()) {
                        stored = stored.max(seen.len());
                        return mon.finish(Outcome::LimitReached, best.1, stored);
                    }
                    seen.insert(next.clone(), g);
                }
            }
            path.push(action);
            if problem.is_goal(&next) {
                mon.record_taken(id, g, Taken::Goal);
                mon.stats.depth = limit;
                stored = stored.max(seen.len());
                return mon.finish(Outcome::Found, path, stored);
            }
            let progress = problem.progress(&next, g);
            if progress > best.0 {
                best = (progress, path.clone());
            }
            if g == limit {
                mon.record_taken(id, g, Taken::CutOff);
                cut_off = true;
                path.pop();
                continue;
            }
            mon.record_expand(id, g);
            if !mon.expand(problem.cell(&next), buf.len(), seen.len()) {
                return mon.finish(Outcome::Cancelled, best.1, stored.max(seen.len()));
            }
            let begin = buf.len();
            problem.successors(&next, &mut buf);
            let first_id = record_pushes(problem, &mut mon, &buf[begin..], id, g, &mut next_id);
            stack.push(Frame {
                g,
                begin,
                next: begin,
                end: buf.len(),
                first_id,
            });
        }
        stored = stored.max(seen.len());
        mon.stats.depth = limit;
        if !cut_off {
            return mon.finish(Outcome::NoPlan, best.1, stored);
        }
    }
    mon.finish(Outcome::LimitReached, best.1, stored)
}

/// Make room for one more state in the transposition table within `budget` bytes;
/// `false` when growing would pass it or the allocator refuses.
fn make_room<S: Eq + std::hash::Hash>(seen: &mut FxHashMap<S, u32>, budget: usize) -> bool {
    seen.make_room(0, budget)
}
