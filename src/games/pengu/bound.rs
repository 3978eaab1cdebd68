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
//! `p → f₁ → … → f_k` in the complete graph with these weights. The same argument holds
//! for any subset `S` of `R` (two fish `a`, `b` of `S` with `t(a) ≤ t(b)` have
//! `t(b) − t(a) ≥ link(a, b)`, consecutive in `R` or not; no triangle inequality is
//! needed), so the cheapest such path through `S ∩ R` is admissible too.
//!
//! The tables: a Held–Karp table of the cheapest path through every subset of at most
//! [`MAX_EXACT_TOUR_FISH`] fish, built once (`O(2^s · s²)`), so a state's bound is
//! `min over f in S ∩ R of dist(p, f) + path(S ∩ R, f)`, `O(|S|)` a state. With more
//! tracked fish, up to [`MAX_TOURS`] such subsets are picked far apart (farthest-point
//! order under `min(link(a, b), link(b, a))`) and the bound is the largest of them.
//!
//! A weight of [`FAR`] (`b` can never be eaten after `a`) forbids that step of the
//! order; when no order is left the state is a dead end, as no plan can exist.
//!
//! Moves cost 1 here; with [`Cost::Cells`](super::Cost) a plan's cells are at least its
//! moves, so the bound stays admissible.

use super::graph::SlideGraph;

/// Unreachable entry of a distance table.
pub(super) const FAR: u16 = u16::MAX;

/// Most fish of one tour table (`2^s · s` entries of 2 bytes: 2 MiB at 16).
pub const MAX_EXACT_TOUR_FISH: usize = 16;

/// Most tour tables (fish subsets) built.
pub const MAX_TOURS: usize = 2;

/// Most tracked fish for which the tour bound is built at all (the link table has
/// `t²` entries).
pub const MAX_TOUR_FISH: usize = 256;

/// Tour costs at or above this are "no order exists".
const NO_TOUR: u32 = u32::MAX / 4;

/// A stored path entry meaning "no order exists"; finite paths are stored at most
/// `NO_PATH - 1` (a smaller value is still a lower bound, so capping keeps the bound
/// admissible).
const NO_PATH: u16 = u16::MAX;

/// A path entry as a cost (`NO_TOUR` for [`NO_PATH`]).
fn widen(entry: u16) -> u32 {
    if entry == NO_PATH {
        NO_TOUR
    } else {
        u32::from(entry)
    }
}

/// A cost as a path entry (capped below [`NO_PATH`]).
fn narrow(cost: u32) -> u16 {
    if cost >= NO_TOUR {
        NO_PATH
    } else {
        cost.min(u32::from(NO_PATH - 1)) as u16
    }
}

/// One Held–Karp table over a subset of the tracked fish.
struct Tour {
    /// `slot[bit]`: the fish's index in the subset, or `u8::MAX` when not in it.
    slot: Vec<u8>,
    /// `path[(set << log) + i]`: the cheapest path from the subset's fish `i` through
    /// every fish of `set` (bits of subset indices, holding `i`).
    path: Vec<u16>,
    /// `log2` of the row width of `path`.
    log: u32,
}

/// The tour bound's tables (see the module's documentation).
pub(super) struct TourBound {
    tours: Vec<Tour>,
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
        // link[a * t + b]: the least moves from eating a to eating b.
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
        // Farthest-point order from the fish farthest from the start.
        let sym = |a: usize, b: usize| link[a * t + b].min(link[b * t + a]);
        let mut order = Vec::with_capacity(t);
        let mut near = vec![u16::MAX; t];
        // A fish at 0 from a chosen one (eaten on the same move) is not chosen.
        let mut next = (0..t).max_by_key(|&b| dist[b * n]);
        while let Some(f) = next.filter(|_| order.len() < MAX_EXACT_TOUR_FISH * MAX_TOURS) {
            order.push(f);
            near[f] = 0;
            for (b, d) in near.iter_mut().enumerate() {
                *d = (*d).min(sym(f, b));
            }
            next = (0..t).filter(|&b| near[b] != 0).max_by_key(|&b| near[b]);
        }
        let tours = order
            .chunks(MAX_EXACT_TOUR_FISH)
            .map(|fish| Tour::new(t, fish, &link))
            .collect();
        Some(TourBound { tours })
    }

    /// The bound for a state whose remaining fish are `missing` (bits), with
    /// `to_eat(b)` the fewest moves from its position that eat `b` (never 0 for a fish
    /// still there); `None` when no order of the fish is possible (a dead end).
    pub fn bound(&self, missing: &[u16], to_eat: impl Fn(usize) -> u16) -> Option<u32> {
        let mut best = 0;
        for tour in &self.tours {
            best = best.max(tour.bound(missing, &to_eat)?);
        }
        Some(best)
    }
}

impl Tour {
    /// Held–Karp over every subset of `fish`: `path(S, f) = min over g in S − f of
    /// link(f, g) + path(S − f, g)`, with `path({f}, f) = 0`. Subsets come in increasing
    /// order, so `S − f` (smaller) is done first.
    fn new(t: usize, fish: &[usize], link: &[u16]) -> Tour {
        let s = fish.len();
        let mut slot = vec![u8::MAX; t];
        for (i, &f) in fish.iter().enumerate() {
            slot[f] = i as u8;
        }
        let log = s.next_power_of_two().trailing_zeros();
        let mut path = vec![NO_PATH; (1usize << s) << log];
        for set in 1usize..1 << s {
            let mut firsts = set;
            while firsts != 0 {
                let i = firsts.trailing_zeros() as usize;
                firsts &= firsts - 1;
                let rest = set & !(1 << i);
                let mut best = if rest == 0 { 0 } else { NO_TOUR };
                let mut nexts = rest;
                while nexts != 0 {
                    let j = nexts.trailing_zeros() as usize;
                    nexts &= nexts - 1;
                    let step = link[fish[i] * t + fish[j]];
                    if step != FAR {
                        best = best.min(u32::from(step) + widen(path[(rest << log) + j]));
                    }
                }
                path[(set << log) + i] = narrow(best);
            }
        }
        Tour { slot, path, log }
    }

    /// The cheapest path from the position through the remaining fish of this subset.
    fn bound(&self, missing: &[u16], to_eat: &impl Fn(usize) -> u16) -> Option<u32> {
        let mut set = 0usize;
        let mut first = [NO_TOUR; MAX_EXACT_TOUR_FISH];
        for &b in missing {
            let i = self.slot[b as usize];
            if i != u8::MAX {
                set |= 1 << i;
                let d = to_eat(b as usize);
                first[i as usize] = if d == FAR { NO_TOUR } else { u32::from(d) };
            }
        }
        if set == 0 {
            return Some(0);
        }
        let row = &self.path[set << self.log..(set + 1) << self.log];
        let mut best = NO_TOUR;
        let mut each = set;
        while each != 0 {
            let i = each.trailing_zeros() as usize;
            each &= each - 1;
            best = best.min(first[i].saturating_add(widen(row[i])));
        }
        (best < NO_TOUR).then_some(best)
    }
}
