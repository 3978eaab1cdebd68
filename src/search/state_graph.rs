//! A level's whole state graph: every state reachable from the start (a goal is not
//! expanded: the game ends there), every move an edge, each state's cheapest cost from
//! the start and, by a backward search from the goals, its exact cost to go (h*).
//!
//! One graph serves the heuristic lab (h* of every state a search stored, and the edges
//! a consistent heuristic must respect), the state-space view (nodes, edges, depth, the
//! optimal plans) and the tests that check h* against breadth-first distances.

use super::{Problem, Table};
use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering};

/// Most states a graph may hold (the heuristic lab's and the tests' limit).
pub const MAX_GRAPH_STATES: usize = 8_000_000;

/// The cost to go of a state from which no goal can be reached.
pub const NO_GOAL: u64 = u64::MAX;

/// Why a graph could not be explored whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// More states are reachable than the limit (states, or bytes of the tables).
    #[error("the level has more than {states} reachable states (the limit{}): the whole state graph is too large", bytes_note(*.bytes))]
    TooLarge {
        /// States explored when the limit was reached.
        states: usize,
        /// The memory budget in bytes, when it was the limit.
        bytes: Option<usize>,
    },
    /// The cancel flag was set.
    #[error("cancelled")]
    Cancelled,
}

fn bytes_note(bytes: Option<usize>) -> String {
    bytes.map_or(String::new(), |b| format!(" of {} MiB", b >> 20))
}

/// What exploring may use.
#[derive(Clone, Copy, Debug)]
pub struct GraphLimits<'a> {
    /// Most states (at most [`MAX_GRAPH_STATES`]).
    pub max_states: usize,
    /// Most bytes the graph's tables may hold.
    pub max_memory: usize,
    /// Checked every few thousand states: when set, exploring stops.
    pub cancel: Option<&'a AtomicBool>,
}

impl Default for GraphLimits<'_> {
    fn default() -> Self {
        Self {
            max_states: MAX_GRAPH_STATES,
            max_memory: 1 << 30,
            cancel: None,
        }
    }
}

/// How a state was first reached while exploring: its cost, the discovery id of the
/// state before it, and the move.
type Reached<A> = (u32, u32, Option<A>);

/// The reachable state graph of a [`Problem`], nodes numbered in the order of their
/// cheapest cost from the start (the start is node 0).
pub struct StateGraph<S, A> {
    states: IndexMap<S, (), FxBuildHasher>,
    /// Cheapest cost from the start, per node.
    g: Vec<u32>,
    /// The node before it on a cheapest path from the start (the start's is itself).
    parent: Vec<u32>,
    /// The move from the parent.
    parent_action: Vec<Option<A>>,
    goal: Vec<bool>,
    /// Edges of node `i`: `edge_start[i]..edge_start[i + 1]`, in the problem's order.
    edge_start: Vec<u32>,
    edge_to: Vec<u32>,
    edge_cost: Vec<u32>,
    edge_action: Vec<A>,
}

impl<S: Clone + Eq + std::hash::Hash, A: Copy> StateGraph<S, A> {
    /// Explore every state reachable from `problem`'s start, cheapest first (a state is
    /// kept when the problem finds it [`Problem::viable`] at its cheapest cost; a goal
    /// is not expanded). Fails when more than the limits allow are reachable.
    ///
    /// ```
    /// use gridlab::search::{GraphLimits, Problem, StateGraph, NO_GOAL};
    /// /// 0 → 1 → 2 (goal), and 0 → 3, a dead end.
    /// struct Tiny;
    /// impl Problem for Tiny {
    ///     type State = u8;
    ///     type Action = u8;
    ///     fn start(&self) -> u8 { 0 }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 2 }
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8, u32)>) {
    ///         match s { 0 => { out.push((1, 1, 1)); out.push((3, 3, 1)); } 1 => out.push((2, 2, 5)), _ => {} }
    ///     }
    /// }
    /// let graph = StateGraph::explore(&Tiny, GraphLimits::default()).unwrap();
    /// assert_eq!(graph.len(), 4);
    /// let h = graph.cost_to_go();
    /// assert_eq!(h[graph.node(&0).unwrap() as usize], 6);
    /// assert_eq!(h[graph.node(&3).unwrap() as usize], NO_GOAL);
    /// assert_eq!(graph.path(graph.node(&2).unwrap()), vec![1, 2]);
    /// ```
    pub fn explore<P>(problem: &P, limits: GraphLimits) -> Result<Self, GraphError>
    where
        P: Problem<State = S, Action = A>,
    {
        let max_states = limits.max_states.clamp(1, MAX_GRAPH_STATES);
        let too_large =
            |states: usize, bytes: Option<usize>| GraphError::TooLarge { states, bytes };
        // Dijkstra from the start over states found so far (ids in discovery order);
        // then renumbered so that node order is settle order.
        let mut found: IndexMap<S, Reached<A>, FxBuildHasher> =
            IndexMap::with_hasher(FxBuildHasher);
        found.insert(problem.start(), (0, 0, None));
        let mut open = BinaryHeap::new();
        open.push(Reverse((0u32, 0u32)));
        let mut settled = vec![false];
        let mut order: Vec<u32> = Vec::new();
        // Edges by discovery id, in settle order of their source.
        let mut edges: Vec<(u32, u32, A)> = Vec::new();
        let mut edge_count: Vec<u32> = Vec::new();
        let mut succ = Vec::new();
        while let Some(Reverse((g, id))) = open.pop() {
            let i = id as usize;
            if settled[i] || found[i].0 != g {
                continue;
            }
            settled[i] = true;
            order.push(id);
            if order.len() % 4096 == 0 && limits.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err(GraphError::Cancelled);
            }
            let state = found.get_index(i).expect("a found state").0.clone();
            let before = edges.len();
            if !problem.is_goal(&state) {
                succ.clear();
                problem.successors(&state, &mut succ);
                for (action, next, cost) in succ.drain(..) {
                    let g2 = g.saturating_add(cost);
                    if !problem.viable(&next, g2) {
                        continue;
                    }
                    let other = edges.bytes() + open.bytes() + settled.bytes();
                    if !found.make_room(other, limits.max_memory) {
                        return Err(too_large(found.len(), Some(limits.max_memory)));
                    }
                    let to = match found.entry(next) {
                        indexmap::map::Entry::Occupied(mut o) => {
                            if g2 < o.get().0 {
                                *o.get_mut() = (g2, id, Some(action));
                                open.push(Reverse((g2, o.index() as u32)));
                            }
                            o.index()
                        }
                        indexmap::map::Entry::Vacant(v) => {
                            let to = v.index();
                            if to >= max_states {
                                return Err(too_large(max_states, None));
                            }
                            v.insert((g2, id, Some(action)));
                            settled.push(false);
                            open.push(Reverse((g2, to as u32)));
                            to
                        }
                    };
                    let other = found.bytes() + open.bytes() + settled.bytes();
                    if !edges.make_room(other, limits.max_memory) {
                        return Err(too_large(found.len(), Some(limits.max_memory)));
                    }
                    edges.push((to as u32, cost, action));
                }
            }
            edge_count.push((edges.len() - before) as u32);
        }
        // Renumber: node k is the k-th state settled.
        let n = order.len();
        let mut node_of = vec![u32::MAX; found.len()];
        for (k, &id) in order.iter().enumerate() {
            node_of[id as usize] = k as u32;
        }
        let mut edge_start = Vec::with_capacity(n + 1);
        let (mut edge_to, mut edge_cost, mut edge_action) = (
            Vec::with_capacity(edges.len()),
            Vec::with_capacity(edges.len()),
            Vec::with_capacity(edges.len()),
        );
        let mut at = 0usize;
        for &count in &edge_count {
            edge_start.push(edge_to.len() as u32);
            for &(to, cost, action) in &edges[at..at + count as usize] {
                edge_to.push(node_of[to as usize]);
                edge_cost.push(cost);
                edge_action.push(action);
            }
            at += count as usize;
        }
        edge_start.push(edge_to.len() as u32);
        drop(edges);
        let mut states = IndexMap::with_capacity_and_hasher(n, FxBuildHasher);
        let (mut g, mut parent, mut parent_action, mut goal) = (
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
        );
        let mut entries: Vec<Option<(S, Reached<A>)>> = found.into_iter().map(Some).collect();
        for &id in &order {
            let (state, (cost, from, action)) = entries[id as usize].take().expect("settled once");
            goal.push(problem.is_goal(&state));
            states.insert(state, ());
            g.push(cost);
            parent.push(node_of[from as usize]);
            parent_action.push(action);
        }
        Ok(Self {
            states,
            g,
            parent,
            parent_action,
            goal,
            edge_start,
            edge_to,
            edge_cost,
            edge_action,
        })
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.g.len()
    }

    /// Whether the graph has no state (never: the start is always there).
    pub fn is_empty(&self) -> bool {
        self.g.is_empty()
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.edge_to.len()
    }

    /// The node of `state`, if it is reachable.
    pub fn node(&self, state: &S) -> Option<u32> {
        self.states.get_index_of(state).map(|i| i as u32)
    }

    /// The state of node `i`.
    pub fn state(&self, i: u32) -> &S {
        self.states.get_index(i as usize).expect("a node id").0
    }

    /// Whether node `i` is a goal.
    pub fn is_goal(&self, i: u32) -> bool {
        self.goal[i as usize]
    }

    /// The cheapest cost from the start to node `i`.
    pub fn cost_from_start(&self, i: u32) -> u32 {
        self.g[i as usize]
    }

    /// The node before `i` on a cheapest path from the start (the start's is itself).
    pub fn parent(&self, i: u32) -> u32 {
        self.parent[i as usize]
    }

    /// The edges out of node `i`: `(to, cost, action)`, in the problem's order.
    pub fn edges(&self, i: u32) -> impl Iterator<Item = (u32, u32, A)> + '_ {
        let range = self.edge_start[i as usize] as usize..self.edge_start[i as usize + 1] as usize;
        range.map(|e| (self.edge_to[e], self.edge_cost[e], self.edge_action[e]))
    }

    /// The moves of a cheapest path from the start to node `i`.
    pub fn path(&self, mut i: u32) -> Vec<A> {
        let mut moves = Vec::new();
        while let Some(action) = self.parent_action[i as usize] {
            moves.push(action);
            i = self.parent[i as usize];
        }
        moves.reverse();
        moves
    }

    /// The exact cost from every node to its nearest goal ([`NO_GOAL`] where none can be
    /// reached): a backward uniform-cost search from every goal over the reversed edges.
    pub fn cost_to_go(&self) -> Vec<u64> {
        let n = self.len();
        // Reversed edges, as a CSR table.
        let mut in_start = vec![0u32; n + 1];
        for &to in &self.edge_to {
            in_start[to as usize + 1] += 1;
        }
        for i in 0..n {
            in_start[i + 1] += in_start[i];
        }
        let mut fill = in_start.clone();
        let mut in_from = vec![0u32; self.edge_to.len()];
        let mut in_cost = vec![0u32; self.edge_to.len()];
        for from in 0..n {
            for e in self.edge_start[from] as usize..self.edge_start[from + 1] as usize {
                let slot = &mut fill[self.edge_to[e] as usize];
                in_from[*slot as usize] = from as u32;
                in_cost[*slot as usize] = self.edge_cost[e];
                *slot += 1;
            }
        }
        let mut h = vec![NO_GOAL; n];
        let mut open = BinaryHeap::new();
        for (i, &goal) in self.goal.iter().enumerate() {
            if goal {
                h[i] = 0;
                open.push(Reverse((0u64, i as u32)));
            }
        }
        while let Some(Reverse((d, i))) = open.pop() {
            if d != h[i as usize] {
                continue;
            }
            for e in in_start[i as usize] as usize..in_start[i as usize + 1] as usize {
                let from = in_from[e] as usize;
                let d2 = d + u64::from(in_cost[e]);
                if d2 < h[from] {
                    h[from] = d2;
                    open.push(Reverse((d2, from as u32)));
                }
            }
        }
        h
    }

    /// `problem` with its states drawn at their node ids ([`Problem::cell`]), so that a
    /// search's [`super::Record`] names graph nodes (a state off the graph: `u32::MAX`).
    pub fn indexed<'g, P>(&'g self, problem: &'g P) -> Indexed<'g, P, S, A>
    where
        P: Problem<State = S, Action = A>,
    {
        Indexed {
            graph: self,
            problem,
        }
    }
}

/// A problem whose [`Problem::cell`] is the state's node in a [`StateGraph`]; see
/// [`StateGraph::indexed`].
pub struct Indexed<'g, P, S, A> {
    graph: &'g StateGraph<S, A>,
    problem: &'g P,
}

impl<P, S, A> Problem for Indexed<'_, P, S, A>
where
    P: Problem<State = S, Action = A>,
    S: Clone + Eq + std::hash::Hash,
    A: Copy,
{
    type State = S;
    type Action = A;
    fn start(&self) -> S {
        self.problem.start()
    }
    fn is_goal(&self, s: &S) -> bool {
        self.problem.is_goal(s)
    }
    fn successors(&self, s: &S, out: &mut Vec<(A, S, u32)>) {
        self.problem.successors(s, out)
    }
    fn heuristic(&self, s: &S) -> u32 {
        self.problem.heuristic(s)
    }
    fn greedy_key(&self, s: &S) -> u64 {
        self.problem.greedy_key(s)
    }
    fn viable(&self, s: &S, g: u32) -> bool {
        self.problem.viable(s, g)
    }
    fn progress(&self, s: &S, g: u32) -> u64 {
        self.problem.progress(s, g)
    }
    fn cell(&self, s: &S) -> u32 {
        self.graph.node(s).unwrap_or(u32::MAX)
    }
    fn symbol(&self, a: &A) -> char {
        self.problem.symbol(a)
    }
}
