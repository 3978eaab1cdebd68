//! Best-first searches (A*, greedy, uniform-cost, weighted A*) and the packed node
//! store they share with BFS, beam and bidirectional search.

use super::record::{Last, Pushed};
use super::{Limits, Monitor, Outcome, Problem, SearchResult, Table, DEAD_END};
use indexmap::map::Entry;
use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Parent link and cost of a stored state.
#[derive(Clone, Copy)]
struct Node<A> {
    parent: u32,
    action: Option<A>,
    g: u32,
}

/// Every state seen, stored once, addressed by a dense `usize` id (insertion order).
pub(crate) struct NodeStore<S, A> {
    map: IndexMap<S, Node<A>, FxBuildHasher>,
}

impl<S: Clone + Eq + std::hash::Hash, A: Copy> NodeStore<S, A> {
    /// A store holding only the start state (id 0).
    pub fn new(start: S) -> Self {
        Self::with_roots([start])
    }

    /// A store holding the given roots (ids from 0; a repeated one is stored once),
    /// each at cost 0 and without a parent.
    pub fn with_roots(roots: impl IntoIterator<Item = S>) -> Self {
        let mut map = IndexMap::with_hasher(FxBuildHasher);
        for root in roots {
            map.entry(root).or_insert(Node {
                parent: u32::MAX,
                action: None,
                g: 0,
            });
        }
        Self { map }
    }

    /// The id of `state`, if stored.
    pub fn id_of(&self, state: &S) -> Option<usize> {
        self.map.get_index_of(state)
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Bytes the store holds now.
    pub fn bytes(&self) -> usize {
        self.map.bytes()
    }

    /// Make room for one more state while the search holds at most `budget` bytes,
    /// `other` of them outside the store; `false` when growing would pass the budget or
    /// the allocator refuses.
    pub fn make_room(&mut self, other: usize, budget: usize) -> bool {
        self.map.make_room(other, budget)
    }

    pub fn state(&self, id: usize) -> &S {
        self.map.get_index(id).expect("valid node id").0
    }

    pub fn g(&self, id: usize) -> u32 {
        self.map[id].g
    }

    /// Store `state` if it is new; `None` if it was already stored.
    pub fn insert(&mut self, state: S, parent: usize, action: A, g: u32) -> Option<usize> {
        match self.map.entry(state) {
            Entry::Occupied(_) => None,
            Entry::Vacant(v) => {
                let id = v.index();
                v.insert(Node {
                    parent: parent as u32,
                    action: Some(action),
                    g,
                });
                Some(id)
            }
        }
    }

    /// Store `state` if it is new or now reached more cheaply; `None` otherwise.
    pub fn insert_or_improve(
        &mut self,
        state: S,
        parent: usize,
        action: A,
        g: u32,
    ) -> Option<usize> {
        let node = Node {
            parent: parent as u32,
            action: Some(action),
            g,
        };
        match self.map.entry(state) {
            Entry::Occupied(mut o) if o.get().g > g => {
                *o.get_mut() = node;
                Some(o.index())
            }
            Entry::Occupied(_) => None,
            Entry::Vacant(v) => {
                let id = v.index();
                v.insert(node);
                Some(id)
            }
        }
    }

    /// The actions from the start to node `id`.
    pub fn plan(&self, mut id: usize) -> Vec<A> {
        let mut plan = Vec::new();
        loop {
            let node = &self.map[id];
            match node.action {
                Some(a) => plan.push(a),
                None => break,
            }
            id = node.parent as usize;
        }
        plan.reverse();
        plan
    }

    /// The actions on the way from node `id` up to its root, in that order.
    pub fn path_to_root(&self, mut id: usize) -> Vec<A> {
        let mut path = Vec::new();
        while let Some(a) = self.map[id].action {
            path.push(a);
            id = self.map[id].parent as usize;
        }
        path
    }
}

/// How a best-first search orders its open list.
#[derive(Clone, Copy, PartialEq)]
enum Order {
    /// A*: f = g + h, ties to the smaller h.
    Astar,
    /// Greedy: the problem's greedy key.
    Greedy,
    /// Uniform-cost: g alone (no heuristic).
    Uniform,
    /// Weighted A*: g + ⌊w·h⌋, ties to the smaller ⌊w·h⌋.
    Weighted(f64),
}

/// A*: a cheapest plan when the heuristic is admissible (states reached again more
/// cheaply are reopened, so consistency is not required).
///
/// ```
/// use gridlab::search::{astar, Limits, Outcome, Problem};
/// /// Walk on a line from 0 to 7; steps of 2 cost 3.
/// struct Walk;
/// impl Problem for Walk {
///     type State = i32;
///     type Action = i32;
///     fn start(&self) -> i32 { 0 }
///     fn is_goal(&self, s: &i32) -> bool { *s == 7 }
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32, u32)>) {
///         out.push((1, s + 1, 1));
///         out.push((2, s + 2, 3));
///     }
///     fn heuristic(&self, s: &i32) -> u32 { (7 - s).max(0) as u32 }
/// }
/// let r = astar(&Walk, &mut Limits::default());
/// assert_eq!(r.outcome, Outcome::Found);
/// assert_eq!(r.plan.iter().sum::<i32>(), 7);
/// assert_eq!(r.plan.len(), 7); // cost 7: single steps only
/// ```
pub fn astar<P: Problem>(problem: &P, limits: &mut Limits) -> SearchResult<P::Action> {
    best_first(problem, limits, Order::Astar)
}

/// Uniform-cost search (Dijkstra's algorithm): a cheapest plan under the problem's step
/// costs, in order of g alone (the heuristic is never called). States reached again
/// more cheaply are reopened, as in A*.
///
/// ```
/// use gridlab::search::{ucs, Limits, Outcome, Problem};
/// /// From 0 to 6: +1 costs 1, +3 costs 5.
/// struct Steps;
/// impl Problem for Steps {
///     type State = u32;
///     type Action = u32;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == 6 }
///     fn successors(&self, s: &u32, out: &mut Vec<(u32, u32, u32)>) {
///         out.push((1, s + 1, 1));
///         out.push((3, s + 3, 5));
///     }
/// }
/// let r = ucs(&Steps, &mut Limits::default());
/// assert_eq!(r.outcome, Outcome::Found);
/// assert_eq!(r.plan, vec![1; 6]); // cost 6, not 10 for two long steps
/// ```
pub fn ucs<P: Problem>(problem: &P, limits: &mut Limits) -> SearchResult<P::Action> {
    best_first(problem, limits, Order::Uniform)
}

/// Weighted A*: states in order of g + ⌊w·h⌋ with w = [`Limits::weight`] (at least 1,
/// else 1). With an admissible heuristic (0 at goals) its plan costs at most w times
/// the cheapest: when the goal is taken at cost C, a state of a cheapest plan was open
/// at g* + ⌊w·h⌋ ≤ w·(g* + h) ≤ w·C*, and C is no larger. States reached again more
/// cheaply are reopened.
///
/// ```
/// use gridlab::search::{wastar, Limits, Outcome, Problem};
/// struct Up;
/// impl Problem for Up {
///     type State = u32;
///     type Action = u32;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == 9 }
///     fn successors(&self, s: &u32, out: &mut Vec<(u32, u32, u32)>) {
///         for d in [1, 4] { if s + d <= 9 { out.push((d, s + d, 1)); } }
///     }
///     fn heuristic(&self, s: &u32) -> u32 { (9 - s).div_ceil(4) }
/// }
/// let r = wastar(&Up, &mut Limits { weight: 3.0, ..Limits::default() });
/// assert_eq!(r.outcome, Outcome::Found);
/// assert!(r.plan.len() <= 3 * 3);
/// ```
pub fn wastar<P: Problem>(problem: &P, limits: &mut Limits) -> SearchResult<P::Action> {
    let w = if limits.weight.is_finite() {
        limits.weight.max(1.0)
    } else {
        1.0
    };
    best_first(problem, limits, Order::Weighted(w))
}

/// Greedy best-first search ordered by [`Problem::greedy_key`]: some plan, usually fast,
/// not necessarily the cheapest.
///
/// ```
/// use gridlab::search::{greedy, Limits, Outcome, Problem};
/// struct Up;
/// impl Problem for Up {
///     type State = u32;
///     type Action = u32;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == 9 }
///     fn successors(&self, s: &u32, out: &mut Vec<(u32, u32, u32)>) {
///         for d in [1, 4] { if s + d <= 9 { out.push((d, s + d, 1)); } }
///     }
///     fn heuristic(&self, s: &u32) -> u32 { 9 - s }
/// }
/// let r = greedy(&Up, &mut Limits::default());
/// assert_eq!(r.outcome, Outcome::Found);
/// assert_eq!(r.plan, vec![4, 4, 1]);
/// ```
pub fn greedy<P: Problem>(problem: &P, limits: &mut Limits) -> SearchResult<P::Action> {
    let mut result = best_first(problem, limits, Order::Greedy);
    // Only kept when greedy search completes another's plan (see `complete_plan`).
    result.stats.best_plan = None;
    result
}

/// The open-list key of a state at cost `g` with heuristic part `part` (h, or ⌊w·h⌋):
/// `g + part` in the high half (at most `u32::MAX`), `part` in the low half, so that
/// high − low is g.
fn f_key(g: u32, part: u64) -> u64 {
    let part = part.min(u64::from(u32::MAX >> 1));
    let hi = (u64::from(g) + part).min(u64::from(u32::MAX));
    hi << 32 | part
}

fn best_first<P: Problem>(
    problem: &P,
    limits: &mut Limits,
    order: Order,
) -> SearchResult<P::Action> {
    let optimal = order != Order::Greedy;
    let mut mon = Monitor::new(limits);
    let start = problem.start();
    // Open-list key, smaller first. A*: f in the high half, h in the low half (ties
    // go to the state closer to the goal); greedy: the problem's key. Equal keys pop
    // in id order, which is insertion order.
    let key = |s: &P::State, g: u32| -> Option<u64> {
        match order {
            Order::Greedy => Some(problem.greedy_key(s)).filter(|&k| k != u64::MAX),
            Order::Uniform => Some(f_key(g, 0)),
            Order::Astar => match problem.heuristic(s) {
                DEAD_END => None,
                h => Some(f_key(g, u64::from(h))),
            },
            Order::Weighted(w) => match problem.heuristic(s) {
                DEAD_END => None,
                h => Some(f_key(g, (w * f64::from(h)).floor() as u64)),
            },
        }
    };
    // The heuristic the record shows (none for uniform-cost search).
    let shown_h = |s: &P::State| match order {
        Order::Uniform => 0,
        _ => problem.heuristic(s),
    };
    let mut open: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    // The least open-list key of the states set aside at the depth limit.
    let mut cut = u64::MAX;
    // What the search proved when it stops early (optimal orders only).
    let bound = |open: &BinaryHeap<Reverse<(u64, u32)>>, also: u64| -> Option<u32> {
        if !optimal {
            return None;
        }
        let least = open
            .iter()
            .map(|Reverse((k, _))| *k)
            .chain([also])
            .filter(|&k| k != u64::MAX)
            .map(|k| lower_of(k, order))
            .min();
        Some(least.unwrap_or(u32::MAX))
    };
    mon.generate(problem.cell(&start));
    let mut best = (problem.progress(&start, 0), 0usize);
    let Some(k0) = key(&start, 0) else {
        return mon.finish(Outcome::NoPlan, Vec::new(), 1);
    };
    if mon.recording() {
        let (h, cell) = (shown_h(&start), problem.cell(&start));
        mon.record_push(Pushed {
            id: 0,
            parent: 0,
            action: '?',
            g: 0,
            h,
            cell,
            key: k0,
        });
    }
    let mut store = NodeStore::new(start);
    open.push(Reverse((k0, 0)));
    let mut succ = Vec::new();
    while let Some(Reverse((k, id))) = open.pop() {
        let id = id as usize;
        let g = store.g(id);
        if optimal && (k >> 32) - (k & 0xffff_ffff) != u64::from(g) {
            continue; // stale entry: the state was reopened with a smaller g
        }
        let state = store.state(id).clone();
        mon.record_expand(id, g);
        if problem.is_goal(&state) {
            mon.stats.depth = mon.stats.depth.max(g);
            if !optimal {
                mon.stats.best_plan = Some(g); // the plan's cost, for `complete_plan`
            }
            return mon.finish(Outcome::Found, store.plan(id), store.len());
        }
        if !mon.expand(problem.cell(&state), open.len() + 1, store.len()) {
            mon.stats.lower_bound = bound(&open, k.min(cut));
            return mon.finish(Outcome::Cancelled, store.plan(best.1), store.len());
        }
        mon.stats.depth = mon.stats.depth.max(g);
        if g >= mon.max_depth() {
            cut = cut.min(k);
            continue;
        }
        succ.clear();
        problem.successors(&state, &mut succ);
        let (mut duplicates, mut pruned, mut last) = (0, 0, Last::Pushed);
        for (action, next, cost) in succ.drain(..) {
            mon.generate(problem.cell(&next));
            let g2 = g + cost;
            if !problem.viable(&next, g2) {
                pruned += 1;
                last = Last::Pruned;
                continue;
            }
            if !make_room(&mut store, &mut open, mon.max_memory()) {
                // The state being expanded is not done: it still counts.
                mon.stats.lower_bound = bound(&open, k.min(cut));
                return mon.finish(Outcome::LimitReached, store.plan(best.1), store.len());
            }
            let progress = problem.progress(&next, g2);
            let inserted = if optimal {
                store.insert_or_improve(next, id, action, g2)
            } else {
                store.insert(next, id, action, g2)
            };
            // The heuristic is computed for new (or improved) states only.
            let Some(nid) = inserted else {
                mon.stats.duplicates += 1;
                duplicates += 1;
                last = Last::Duplicate;
                continue;
            };
            if progress > best.0 {
                best = (progress, nid);
            }
            if let Some(k2) = key(store.state(nid), g2) {
                last = Last::Pushed;
                open.push(Reverse((k2, nid as u32)));
                if mon.recording() {
                    let s = store.state(nid);
                    let (h, cell) = (shown_h(s), problem.cell(s));
                    mon.record_push(Pushed {
                        id: nid,
                        parent: id,
                        action: problem.symbol(&action),
                        g: g2,
                        h,
                        cell,
                        key: k2,
                    });
                }
            } else {
                pruned += 1;
                last = Last::Pruned;
            }
        }
        mon.record_tally(duplicates, pruned, last);
        if store.len() >= mon.max_states() {
            mon.stats.lower_bound = bound(&open, cut);
            return mon.finish(Outcome::LimitReached, store.plan(best.1), store.len());
        }
    }
    mon.finish(Outcome::NoPlan, store.plan(best.1), store.len())
}

/// The least cost of a plan through a state with open-list key `key`: g + h for A*
/// (the high half), g for UCS, and g + ⌈⌊w·h⌋ / w⌉ ≤ g + h for weighted A*.
fn lower_of(key: u64, order: Order) -> u32 {
    let (hi, lo) = (key >> 32, key & 0xffff_ffff);
    let g = hi - lo;
    let h = match order {
        Order::Weighted(w) => (lo as f64 / w).ceil() as u64,
        _ => lo,
    };
    (g + h).min(u64::from(u32::MAX)) as u32
}

/// After an optimal best-first search stopped at a limit: greedy best-first search
/// under the same limits (its own count of states and memory), and when it finds a
/// plan, that plan becomes the result's and [`Stats::best_plan`](super::Stats) its
/// cost. Its statistics are not added to the result's.
pub(crate) fn complete_plan<P: Problem>(
    problem: &P,
    limits: &mut Limits,
    result: &mut SearchResult<P::Action>,
) {
    let (trace, record) = (limits.trace_limit, limits.record_limit);
    (limits.trace_limit, limits.record_limit) = (0, 0);
    let greedy = best_first(problem, limits, Order::Greedy);
    (limits.trace_limit, limits.record_limit) = (trace, record);
    if greedy.outcome == Outcome::Found {
        result.stats.best_plan = greedy.stats.best_plan;
        result.plan = greedy.plan;
    }
}

/// Make room for one more state in the store and one more entry in the open list
/// within `budget` bytes; `false` when either would pass it.
fn make_room<S: Clone + Eq + std::hash::Hash, A: Copy>(
    store: &mut NodeStore<S, A>,
    open: &mut BinaryHeap<Reverse<(u64, u32)>>,
    budget: usize,
) -> bool {
    store.make_room(open.bytes(), budget) && open.make_room(store.bytes(), budget)
}
