//! The tour bound of Pengu's heuristic: a relaxation of the travelling-salesman path
//! through the fish still to eat, over exact "eat one, then the other" move distances.
//!
//! **Why it is admissible.** Take any plan from a state at position `p` with the
//! tracked fish `R` still to eat, and let `t(b)` be the move (1, 2, …) that first eats
//! fish `b`. Sort `R` by `t`: `f₁, f₂, …, f_k`. The plan has at least `t(f_k)` moves, and
//!
//! `t(f_k) = t(f₁) + Σ (t(f_{i+1}) − t(f_i))`.
//!
//! - `t(f₁) ≥ dist(p, f₁)`, the fewest moves from `p` that eat `f₁`.
//! - `t(f_{i+1}) − t(f_i) ≥ link(f_i, f_{i+1})`, where `link(a, b)` is 0 when some
//!   single move eats both `a` and `b`, and otherwise the least, over the moves `e` that
//!   eat `a`, of `dist(end of e, b)`: move `t(f_i)` eats `f_i`, so it is such an `e`,
//!   and `f_{i+1}` is eaten on it (then some move eats both) or on a later move, at
//!   least `dist(end of e, f_{i+1})` moves on.
//!
//! So the plan costs at least `dist(p, f₁) + Σ link(f_i, f_{i+1})`, the cost of the path
//! `p → f₁ → … → f_k` in the complete graph with these weights, and any lower bound on
//! the cheapest such path is admissible:
//!
//! - with at most [`MAX_EXACT_TOUR_FISH`] tracked fish, the exact cheapest path (a
//!   Held–Karp table over every subset of the fish, built once: `O(2^t · t²)`), so a
//!   state's bound is `min over f in R of dist(p, f) + path(R, f)`, `O(|R|)` a state;
//! - with more, `min over f in R of dist(p, f)` plus a minimum spanning tree of `R`
//!   under `min(link(a, b), link(b, a))` (the path from `f₁` on is a spanning tree of
//!   `R`, each of its edges no lighter than that weight), `O(|R|²)` a state.
//!
//! A weight of [`FAR`] (`b` can never be eaten after `a`) forbids that step of the
//! order; when no order is left the state is a dead end, as no plan can exist.
//!
//! Moves cost 1 here; with [`Cost::Cells`](super::Cost) a plan's cells are at least its
//! moves, so the bound stays admissible.

use super::graph::SlideGraph;

/// Unreachable entry of a distance table.
pub(super) const FAR: u16 = u16::MAX;

/// Most tracked fish for which the exact tour table (`2^t · t` entries of 4 bytes:
/// 4 MiB at 16) is built; more fall back to the spanning tree.
pub const MAX_EXACT_TOUR_FISH: usize = 16;

/// Most tracked fish for which the link table (`t²` entries) is built at all.
pub const MAX_TOUR_FISH: usize = 256;

/// Tour costs at or above this are "no order exists".
const NO_TOUR: u32 = u32::MAX / 4;

/// The tour bound's tables (see the module's documentation).
pub(super) struct TourBound {
    /// Tracked fish.
    t: usize,
    /// `link[a * t + b]`: the least moves from eating `a` to eating `b` (0 when one
    /// move eats both; [`FAR`] when `b` can never follow `a`).
    link: Vec<u16>,
    /// `path[remaining << log + f]`: the cheapest path from fish `f` through every fish
    /// of the bit set `remaining` (which holds `f`); empty above
    /// [`MAX_EXACT_TOUR_FISH`].
    path: Vec<u32>,
    /// `log2` of the row width of `path` (rows of `2^log ≥ t` entries).
    log: u32,
}

impl TourBound {
    /// The tables for the tracked fish whose bits each edge eats (`bits(edge)`), with
    /// `dist[bit * positions + pos]` the fewest moves from `pos` that eat `bit`. `None`
    /// with more than [`MAX_TOUR_FISH`] tracked fish or without a distance table.
    pub fn new<'a>(
        graph: &SlideGraph,
        t: usize,
        dist: &[u16],
        bits: impl Fn(usize) -> &'a [u16],
    ) -> Option<TourBound> {
        let n = graph.positions();
        if t == 0 || t > MAX_TOUR_FISH || dist.len() != t * n {
            return None;
        }
        let mut link = vec![FAR; t * t];
        for (e, edge) in graph.edges.iter().enumerate() {
            if !SlideGraph::is_alive(*edge) {
                continue;
            }
            let eaten = bits(e);
            let to = edge.to as usize;
            for &a in eaten {
                let row = &mut link[a as usize * t..(a as usize + 1) * t];
                for (b, slot) in row.iter_mut().enumerate() {
                    *slot = (*slot).min(dist[b * n + to]);
                }
                for &b in eaten {
                    row[b as usize] = 0;
                }
            }
        }
        for a in 0..t {
            link[a * t + a] = 0;
        }
        let mut bound = TourBound {
            t,
            link,
            path: Vec::new(),
            log: 0,
        };
        if t <= MAX_EXACT_TOUR_FISH {
            bound.build_paths();
        }
        Some(bound)
    }

    /// Held–Karp over every subset: `path(S, f) = min over g in S − f of link(f, g) +
    /// path(S − f, g)`, with `path({f}, f) = 0`. Subsets come in increasing order, so
    /// `S − f` (smaller) is done first.
    fn build_paths(&mut self) {
        let t = self.t;
        let log = t.next_power_of_two().trailing_zeros();
        let mut path = vec![NO_TOUR; (1usize << t) << log];
        for set in 1usize..1 << t {
            let mut firsts = set;
            while firsts != 0 {
                let f = firsts.trailing_zeros() as usize;
                firsts &= firsts - 1;
                let rest = set & !(1 << f);
                let best = if rest == 0 {
                    0
                } else {
                    let mut best = NO_TOUR;
                    let mut nexts = rest;
                    while nexts != 0 {
                        let g = nexts.trailing_zeros() as usize;
                        nexts &= nexts - 1;
                        let step = self.link[f * t + g];
                        if step != FAR {
                            best = best.min(u32::from(step) + path[(rest << log) + g]);
                        }
                    }
                    best
                };
                path[(set << log) + f] = best.min(NO_TOUR);
            }
        }
        self.path = path;
        self.log = log;
    }

    /// The bound for a state whose remaining fish are `missing` (bits, ascending), with
    /// `to_eat(b)` the fewest moves from its position that eat `b` (never 0 for a fish
    /// still there); `None` when no order of the fish is possible (a dead end).
    pub fn bound(&self, missing: &[u16], to_eat: impl Fn(usize) -> u16) -> Option<u32> {
        if missing.is_empty() {
            return Some(0);
        }
        if !self.path.is_empty() {
            let set = missing.iter().fold(0usize, |s, &b| s | 1 << b);
            let row = &self.path[set << self.log..(set + 1) << self.log];
            let best = missing
                .iter()
                .map(|&b| {
                    let d = to_eat(b as usize);
                    if d == FAR {
                        NO_TOUR
                    } else {
                        u32::from(d) + row[b as usize]
                    }
                })
                .min()
                .unwrap_or(NO_TOUR);
            return (best < NO_TOUR).then_some(best);
        }
        let first = missing
            .iter()
            .map(|&b| to_eat(b as usize))
            .min()
            .unwrap_or(FAR);
        if first == FAR {
            return None;
        }
        let tree = self.spanning_tree(missing)?;
        Some(u32::from(first) + tree)
    }

    /// Prim's minimum spanning tree of `missing` under `min(link(a, b), link(b, a))`;
    /// `None` when it needs a [`FAR`] edge (no order exists).
    fn spanning_tree(&self, missing: &[u16]) -> Option<u32> {
        let t = self.t;
        let k = missing.len();
        let mut near = [FAR; MAX_TOUR_FISH];
        let mut done = [false; MAX_TOUR_FISH];
        let near = &mut near[..k];
        let done = &mut done[..k];
        let mut total = 0u32;
        let mut cur = 0usize;
        done[0] = true;
        for _ in 1..k {
            let a = missing[cur] as usize;
            let (mut pick, mut pick_w) = (usize::MAX, u32::MAX);
            for j in 0..k {
                if done[j] {
                    continue;
                }
                let b = missing[j] as usize;
                let w = self.link[a * t + b].min(self.link[b * t + a]);
                near[j] = near[j].min(w);
                if u32::from(near[j]) < pick_w {
                    (pick, pick_w) = (j, u32::from(near[j]));
                }
            }
            if pick_w >= u32::from(FAR) {
                return None;
            }
            total += pick_w;
            done[pick] = true;
            cur = pick;
        }
        Some(total)
    }
}
