//! IDA*: depth-first searches bounded by an f-limit that grows to the smallest f that
//! passed it, with a per-iteration transposition table.

use super::iddfs::stack_key;
use super::record::{Pushed, Taken};
use super::Table;
use super::{Limits, Monitor, Outcome, Problem, SearchResult, DEAD_END};
use rustc_hash::FxHashMap;

/// One open DFS node: its successors are `buf[begin..end]` (with their heuristics in
/// `hs`), the untried ones `buf[next..end]`; in a [`super::Record`], `buf[i]` is tree
/// node `first_id + i - begin`.
struct Frame {
    g: u32,
    depth: u32,
    begin: usize,
    next: usize,
    end: usize,
    first_id: usize,
}

/// IDA*: a cheapest plan when the heuristic is admissible, found by depth-first
/// searches that take only states with f = g + h within an f-limit: first h of the
/// start, then each time the smallest f that passed the limit before.
///
/// Each iteration keeps a table of the smallest g at which every state was seen and
/// prunes a state reached again at no smaller g (what it could reach within the limit
/// was searched already), which keeps an iteration linear in the states within the
/// limit. The table counts against [`Limits::max_states`]. A state at the depth limit
/// ([`Limits::max_depth`], in cost) is not expanded; when that cut off the search, it
/// ends with [`Outcome::LimitReached`].
///
/// ```
/// use gridlab::search::{idastar, Limits, Outcome, Problem};
/// /// Walk on a line from 0 to 7; steps of 2 cost 3.
/// struct Walk;
/// impl Problem for Walk {
///     type State = i32;
///     type Action = i32;
///     fn start(&self) -> i32 { 0 }
///     fn is_goal(&self, s: &i32) -> bool { *s == 7 }
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32, u32)>) {
///         if *s < 9 {
///             out.push((2, s + 2, 3));
///             out.push((1, s + 1, 1));
///         }
///     }
///     fn heuristic(&self, s: &i32) -> u32 { (7 - s).max(0) as u32 / 2 }
/// }
/// let r = idastar(&Walk, &mut Limits::default());
/// assert_eq!(r.outcome, Outcome::Found);
/// assert_eq!(r.plan, vec![1; 7]); // cost 7
/// ```
pub fn idastar<P: Problem>(problem: &P, limits: &mut Limits) -> SearchResult<P::Action> {
    let mut mon = Monitor::new(limits);
    let start = problem.start();
    if problem.is_goal(&start) {
        return mon.finish(Outcome::Found, Vec::new(), 1);
    }
    let mut bound = match problem.heuristic(&start) {
        DEAD_END => return mon.finish(Outcome::NoPlan, Vec::new(), 1),
        h => h,
    };
    let mut best: (u64, Vec<P::Action>) = (problem.progress(&start, 0), Vec::new());
    let mut seen: FxHashMap<P::State, u32> = FxHashMap::default();
    let mut buf: Vec<(P::Action, P::State, u32)> = Vec::new();
    let mut hs: Vec<u32> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut path: Vec<P::Action> = Vec::new();
    let mut stored = 1;
    let mut next_id = 0usize;
    loop {
        seen.clear();
        buf.clear();
        hs.clear();
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
            h: problem.heuristic(&start),
            cell: problem.cell(&start),
            key: stack_key(0) | u64::from(bound),
        });
        mon.record_expand(root, 0);
        if !mon.expand(problem.cell(&start), 0, 1) {
            return mon.finish(Outcome::Cancelled, best.1, stored);
        }
        let first_id = successors(
            problem,
            &mut mon,
            &start,
            &mut buf,
            &mut hs,
            root,
            0,
            0,
            &mut next_id,
        );
        stack.push(Frame {
            g: 0,
            depth: 0,
            begin: 0,
            next: 0,
            end: buf.len(),
            first_id,
        });
        // The smallest f past the limit, and whether the depth limit cut a state off.
        let mut next_bound = u32::MAX;
        let mut depth_cut = false;
        while let Some(frame) = stack.last_mut() {
            if frame.next == frame.end {
                let done = stack.pop().expect("non-empty stack");
                buf.truncate(done.begin);
                hs.truncate(done.begin);
                if done.depth > 0 {
                    path.pop();
                }
                continue;
            }
            let (action, next, cost) = buf[frame.next].clone();
            let h = hs[frame.next];
            let id = frame.first_id + frame.next - frame.begin;
            frame.next += 1;
            let (g, depth) = (frame.g.saturating_add(cost), frame.depth + 1);
            mon.generate(problem.cell(&next));
            if h == DEAD_END || !problem.viable(&next, g) {
                mon.record_taken(id, g, Taken::Pruned);
                continue;
            }
            let f = g.saturating_add(h);
            if f > bound {
                next_bound = next_bound.min(f);
                mon.record_taken(id, g, Taken::CutOff);
                continue;
            }
            match seen.get_mut(&next) {
                Some(seen_g) if *seen_g <= g => {
                    mon.stats.duplicates += 1;
                    mon.record_taken(id, g, Taken::Duplicate);
                    continue;
                }
                Some(seen_g) => *seen_g = g,
                None => {
                    if seen.len() >= mon.max_states() || !seen.make_room(0, mon.max_memory()) {
                        stored = stored.max(seen.len());
                        return mon.finish(Outcome::LimitReached, best.1, stored);
                    }
                    seen.insert(next.clone(), g);
                }
            }
            path.push(action);
            if problem.is_goal(&next) {
                mon.record_taken(id, g, Taken::Goal);
                mon.stats.depth = mon.stats.depth.max(g);
                stored = stored.max(seen.len());
                return mon.finish(Outcome::Found, path, stored);
            }
            let progress = problem.progress(&next, g);
            if progress > best.0 {
                best = (progress, path.clone());
            }
            if g >= mon.max_depth() {
                mon.record_taken(id, g, Taken::CutOff);
                depth_cut = true;
                path.pop();
                continue;
            }
            mon.record_expand(id, g);
            if !mon.expand(problem.cell(&next), buf.len(), seen.len()) {
                return mon.finish(Outcome::Cancelled, best.1, stored.max(seen.len()));
            }
            mon.stats.depth = mon.stats.depth.max(g);
            let begin = buf.len();
            let first_id = successors(
                problem,
                &mut mon,
                &next,
                &mut buf,
                &mut hs,
                id,
                g,
                depth,
                &mut next_id,
            );
            stack.push(Frame {
                g,
                depth,
                begin,
                next: begin,
                end: buf.len(),
                first_id,
            });
        }
        stored = stored.max(seen.len());
        if next_bound == u32::MAX {
            let outcome = if depth_cut {
                Outcome::LimitReached
            } else {
                Outcome::NoPlan
            };
            return mon.finish(outcome, best.1, stored);
        }
        bound = next_bound;
    }
}

/// Append the successors of `state` (tree node `parent` at cost `g` and `depth`) to
/// `buf` and their heuristics to `hs`, recording them as pushes with new ids from
/// `next_id`; returns the first one's id.
#[allow(clippy::too_many_arguments)]
fn successors<P: Problem>(
    problem: &P,
    mon: &mut Monitor,
    state: &P::State,
    buf: &mut Vec<(P::Action, P::State, u32)>,
    hs: &mut Vec<u32>,
    parent: usize,
    g: u32,
    depth: u32,
    next_id: &mut usize,
) -> usize {
    let begin = buf.len();
    problem.successors(state, buf);
    hs.extend(buf[begin..].iter().map(|(_, s, _)| problem.heuristic(s)));
    let first = *next_id;
    if mon.recording() {
        for ((action, next, cost), &h) in buf[begin..].iter().zip(&hs[begin..]) {
            mon.record_push(Pushed {
                id: *next_id,
                parent,
                action: problem.symbol(action),
                g: g.saturating_add(*cost),
                h,
                cell: problem.cell(next),
                key: stack_key(depth + 1),
            });
            *next_id += 1;
        }
    }
    first
}
