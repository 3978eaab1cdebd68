//! Exact costs to go of many states of one [`Problem`], sharing what earlier searches
//! found: A* from each state with the problem's admissible heuristic (raised to a
//! cached exact value where one is known), stopping as soon as the cheapest open
//! f-value reaches a plan already known (through a state whose exact cost is cached).
//! Every state on a plan found gets its exact cost; every state of an exhausted search
//! with no goal is marked unreachable.
//!
//! A problem whose [`Problem::viable`] depends on the cost so far (Act-Man's turn and
//! score budget) has costs to go that depend on how a state was reached: there the
//! cache is keyed by the state and the cost at which it was reached (its offset).

use super::{CostToGo, Problem, Table, DEAD_END, NO_GOAL};
use indexmap::map::Entry;
use indexmap::IndexMap;
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What [`ExactCosts::at_least`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounded {
    /// The cost to go (or why it is not known).
    Cost(CostToGo),
    /// The cost to go is at least this (at least the bound asked about).
    AtLeast(u64),
}

/// Exact costs to go, cached across searches.
pub struct ExactCosts<S> {
    /// `(state, offset)` → exact cost to go ([`NO_GOAL`]: no goal reachable).
    known: FxHashMap<(S, u32), u64>,
    /// `(state, offset)` → a proven lower bound on the cost to go.
    lower: FxHashMap<(S, u32), u64>,
    /// Whether the problem's viability ignores the cost so far (offsets all 0).
    g_free: bool,
    /// Whether the problem's heuristic guides the searches (else `h = 0`: no trust
    /// in it, for checking it).
    guided: bool,
    /// States the searches may still store, in all.
    budget: usize,
    /// Searches run.
    pub searches: usize,
    /// States stored by all searches.
    pub stored: usize,
    /// Searches that stopped early on a cached exact value.
    pub cache_stops: usize,
}

impl<S: Clone + Eq + std::hash::Hash> ExactCosts<S> {
    /// An empty cache; the searches store at most `budget` states in all. `g_free`:
    /// the problem's [`Problem::viable`] ignores the cost so far; `guided`: the
    /// problem's heuristic is admissible and guides the searches (else they run with
    /// `h = 0`, to check that heuristic).
    pub fn new(g_free: bool, guided: bool, budget: usize) -> Self {
        Self {
            known: FxHashMap::default(),
            lower: FxHashMap::default(),
            g_free,
            guided,
            budget,
            searches: 0,
            stored: 0,
            cache_stops: 0,
        }
    }

    fn key(&self, s: &S, offset: u32) -> (S, u32) {
        (s.clone(), if self.g_free { 0 } else { offset })
    }

    /// The cached exact cost of `s` reached at `offset`, if known.
    pub fn cached(&self, s: &S, offset: u32) -> Option<u64> {
        self.known.get(&self.key(s, offset)).copied()
    }

    /// The exact cost from `from` (reached at cost `offset`) to its nearest goal, or
    /// [`CostToGo::Unknown`] when the budget of states ran out.
    ///
    /// ```
    /// use gridlab::search::{CostToGo, ExactCosts, Problem};
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
    /// let mut costs = ExactCosts::new(true, true, 1000);
    /// assert_eq!(costs.exact(&Line, &0, 0), CostToGo::Exact(10));
    /// assert_eq!(costs.cached(&3, 0), Some(4)); // on the plan found
    /// assert_eq!(costs.exact(&Line, &7, 0), CostToGo::Unreachable);
    /// ```
    pub fn exact<P: Problem<State = S>>(&mut self, problem: &P, from: &S, offset: u32) -> CostToGo {
        match self.at_least(problem, from, offset, NO_GOAL) {
            Bounded::Cost(c) => c,
            Bounded::AtLeast(_) => CostToGo::Unreachable,
        }
    }

    /// Whether the cost from `from` (reached at `offset`) is below `bound`: its exact
    /// cost ([`Bounded::Cost`]) when it is, or when the search ends sooner; else
    /// [`Bounded::AtLeast`] with a proven lower bound of at least `bound`, found without
    /// searching further (the search stops when its cheapest open f-value reaches
    /// `bound`).
    ///
    /// ```
    /// use gridlab::search::{Bounded, CostToGo, ExactCosts, Problem};
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
    /// let mut costs = ExactCosts::new(true, false, 1000);
    /// assert_eq!(costs.at_least(&Line, &0, 0, 4), Bounded::AtLeast(4));
    /// assert_eq!(costs.at_least(&Line, &0, 0, 11), Bounded::Cost(CostToGo::Exact(10)));
    /// ```
    pub fn at_least<P: Problem<State = S>>(
        &mut self,
        problem: &P,
        from: &S,
        offset: u32,
        bound: u64,
    ) -> Bounded {
        Bounded::Cost(match self.search(problem, from, offset, bound) {
            Ok(c) => c,
            Err(lower) => return Bounded::AtLeast(lower),
        })
    }

    fn search<P: Problem<State = S>>(
        &mut self,
        problem: &P,
        from: &S,
        offset: u32,
        bound: u64,
    ) -> Result<CostToGo, u64> {
        let wrap = |c: u64| {
            if c == NO_GOAL {
                CostToGo::Unreachable
            } else {
                CostToGo::Exact(c)
            }
        };
        if let Some(c) = self.cached(from, offset) {
            return Ok(wrap(c));
        }
        if self.guided && problem.heuristic(from) == DEAD_END {
            self.known.insert(self.key(from, offset), NO_GOAL);
            return Ok(CostToGo::Unreachable);
        }
        self.searches += 1;
        // Per stored state: its cost from `from`, the state before it, its bound.
        let mut nodes: IndexMap<S, (u32, u32, u64), FxBuildHasher> =
            IndexMap::with_hasher(FxBuildHasher);
        let h0 = self.lower_bound(problem, from, offset);
        nodes.insert(from.clone(), (0, u32::MAX, h0));
        let mut open = BinaryHeap::new();
        open.push(Reverse((h0, 0u32)));
        // The cheapest plan known: its cost, and the node where it leaves the search
        // (a goal, or a state whose exact cost is cached).
        let mut best: Option<(u64, u32)> = None;
        let mut via_cache = false;
        let mut succ = Vec::new();
        while let Some(Reverse((f, id))) = open.pop() {
            if best.is_some_and(|(c, _)| f >= c) {
                break;
            }
            if f >= bound && best.is_none() {
                // h*(from) ≥ f ≥ bound: proven without going on.
                self.stored += nodes.len();
                let key = self.key(from, offset);
                self.lower.insert(key, f);
                return Err(f);
            }
            let (state, &(g, _, h)) = nodes.get_index(id as usize).expect("a node");
            let state = state.clone();
            if u64::from(g) + h != f {
                continue; // stale: reached again more cheaply
            }
            if problem.is_goal(&state) {
                best = Some((u64::from(g), id));
                via_cache = false;
                break;
            }
            if id != 0 {
                match self.cached(&state, offset.saturating_add(g)) {
                    Some(NO_GOAL) => continue,
                    Some(exact) => {
                        let total = u64::from(g) + exact;
                        if best.is_none_or(|(c, _)| total < c) {
                            best = Some((total, id));
                            via_cache = true;
                        }
                        continue;
                    }
                    None => {}
                }
            }
            succ.clear();
            problem.successors(&state, &mut succ);
            for (_, next, cost) in succ.drain(..) {
                let g2 = g.saturating_add(cost);
                if !problem.viable(&next, offset.saturating_add(g2)) {
                    continue;
                }
                let h2 = self.lower_bound(problem, &next, offset.saturating_add(g2));
                if h2 == NO_GOAL {
                    continue;
                }
                let nid = match nodes.entry(next) {
                    Entry::Occupied(mut o) if o.get().0 > g2 => {
                        *o.get_mut() = (g2, id, h2);
                        o.index()
                    }
                    Entry::Occupied(_) => continue,
                    Entry::Vacant(v) => {
                        if self.budget == 0 {
                            self.stored += v.index();
                            return Ok(CostToGo::Unknown);
                        }
                        self.budget -= 1;
                        let i = v.index();
                        v.insert((g2, id, h2));
                        i
                    }
                };
                if !open.make_room(0, usize::MAX) {
                    return Ok(CostToGo::Unknown);
                }
                open.push(Reverse((u64::from(g2) + h2, nid as u32)));
            }
        }
        self.stored += nodes.len();
        match best {
            Some((total, mut id)) => {
                self.cache_stops += usize::from(via_cache);
                // Every state on the plan found: its exact cost to go.
                while id != u32::MAX {
                    let (state, &(g, parent, _)) = nodes.get_index(id as usize).expect("a node");
                    let key = self.key(state, offset.saturating_add(g));
                    self.known.insert(key, total - u64::from(g));
                    id = parent;
                }
                Ok(CostToGo::Exact(total))
            }
            None => {
                // Exhausted with no goal: no state it reached can reach one.
                for (state, &(g, _, _)) in &nodes {
                    let key = self.key(state, offset.saturating_add(g));
                    self.known.insert(key, NO_GOAL);
                }
                Ok(CostToGo::Unreachable)
            }
        }
    }

    /// The problem's heuristic, raised to the cached exact cost where one is known
    /// ([`NO_GOAL`] for a dead end).
    fn lower_bound<P: Problem<State = S>>(&self, problem: &P, s: &S, offset: u32) -> u64 {
        let h = if self.guided { problem.heuristic(s) } else { 0 };
        match h {
            DEAD_END => NO_GOAL,
            h => self
                .cached(s, offset)
                .map_or(u64::from(h), |c| c.max(u64::from(h))),
        }
    }
}
