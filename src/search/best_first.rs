//! Best-first searches (A* and greedy) and the packed node store they share with BFS.

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
        let mut map = IndexMap::with_hasher(FxBuildHasher);
        map.insert(
            start,
            Node {
                parent: u32::MAX,
                action: None,
                g: 0,
            },
        );
        Self { map }
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
    best_first(problem, limits, true)
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
    best_first(problem, limits, false)
}

fn best_first<P: Problem>(
    problem: &P,
    limits: &mut Limits,
    optimal: bool,
) -> SearchResult<P::Action> {
    let mut mon = Monitor::new(limits);
    let start = problem.start();
    // Open-list key, smaller first. A*: f in the high half, h in the low half (ties
    // go to the state closer to the goal); greedy: the problem's key. Equal keys pop
    // in id order, which is insertion order.
    let key = |s: &P::State, g: u32| -> Option<u64> {
        if optimal {
            match problem.heuristic(s) {
                DEAD_END => None,
                h => Some((u64::from(g) + u64::from(h)) << 32 | u64::from(h)),
            }
        } else {
            Some(problem.greedy_key(s)).filter(|&k| k != u64::MAX)
        }
    };
    let mut open: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    mon.generate(problem.cell(&start));
    let mut best = (problem.progress(&start, 0), 0usize);
    let Some(k0) = key(&start, 0) else {
        return mon.finish(Outcome::NoPlan, Vec::new(), 1);
    };
    if mon.recording() {
        let (h, cell) = (problem.heuristic(&start), problem.cell(&start));
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
            return mon.finish(Outcome::Found, store.plan(id), store.len());
        }
        if !mon.expand(problem.cell(&state), open.len() + 1, store.len()) {
            return mon.finish(Outcome::Cancelled, store.plan(best.1), store.len());
        }
        mon.stats.depth = mon.stats.depth.max(g);
        if g >= mon.max_depth() {
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
                    let (h, cell) = (problem.heuristic(s), problem.cell(s));
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
            return mon.finish(Outcome::LimitReached, store.plan(best.1), store.len());
        }
    }
    mon.finish(Outcome::NoPlan, store.plan(best.1), store.len())
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
