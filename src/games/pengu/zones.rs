//! The zone bound of Pengu's heuristic: exact costs of disjoint groups of fish ("zones"),
//! added up under a partition of the moves' costs (additive pattern databases, Korf and
//! Felner; operator cost partitioning).
//!
//! **Why it is admissible.** The tracked fish are split into disjoint groups
//! `G₁ … G_m`, and every surviving move (a rest position and a direction) is given to
//! exactly one group, its *owner*: the group with the most fish on the slide, or for a
//! slide over no tracked fish the group of the fish nearest to where it stops. Group
//! `g`'s table is the exact cost, in the projection of the game onto `(position, which
//! fish of g are eaten)`, of eating every fish of `g`, where a move costs 1 when `g`
//! owns it and 0 otherwise. Any real plan projects onto a plan of every group's
//! projection (the same moves, the same positions, `g`'s fish eaten by the same
//! slides), and that projected plan costs exactly the number of the plan's moves owned
//! by `g`. Each move has one owner, so these counts add up to at most the plan's length:
//! `Σ_g table_g(position, eaten ∩ G_g) ≤` the moves of any plan, and so of the best one.
//! It is also consistent: a move changes each group's table by at least minus its cost
//! there, and those costs add up to at most 1. A group's table that cannot be completed
//! from a state (no move left eats one of its fish) makes the state a dead end.
//!
//! Why it helps: a maximum over single fish, pairs or one tour says little when fish lie
//! in separate stalls; here each stall's exact cost (with its own entries and exits) and
//! the travel between them are added. Groups are found by joining fish that share
//! slides (so few moves serve two groups) and then the nearest groups, up to
//! [`MAX_ZONE_FISH`] fish a group; the tables, `2^|g|` entries per rest position, are
//! built within [`MAX_ZONE_BYTES`] (smaller groups when they would not fit).
//!
//! Moves cost 1 here; with [`Cost::Cells`](super::Cost) a plan's cells are at least its
//! moves, so the bound stays admissible.

use super::graph::SlideGraph;

/// Most fish of one zone (a table has `2^k` entries per rest position).
pub const MAX_ZONE_FISH: usize = 16;

/// Most bytes of all zone tables together (one byte an entry).
pub const MAX_ZONE_BYTES: usize = 1 << 26;

/// Fewest fish of a level's zones worth the tables: zones are not made smaller to fit,
/// and a level with fewer tracked fish has none.
const MIN_ZONE_FISH: usize = 6;

/// A table entry meaning "this zone can no longer be completed".
const NONE_LEFT: u8 = u8::MAX;

/// One group of fish and its exact cost table.
struct Zone {
    /// The tracked bits of the zone's fish; local bit `i` is `bits[i]`.
    bits: Vec<u16>,
    /// `table[eaten * positions + position]`, `eaten` in local bits.
    table: Vec<u8>,
}

/// The zone bound's tables (see the module's documentation).
pub(super) struct ZoneBound {
    zones: Vec<Zone>,
    /// Rest positions: the width of a table's row.
    positions: usize,
}

impl ZoneBound {
    /// The tables for `tracked_cells.len()` tracked fish (the grid cell of each bit) whose
    /// bits each edge eats (`bits(edge)`), in zones of at most `most` fish (fewer when
    /// they would not fit in [`MAX_ZONE_BYTES`]); `None` when even zones of
    /// `MIN_ZONE_FISH` fish (or `most`, if fewer) would not fit, or with fewer fish.
    pub fn new<'a>(
        graph: &SlideGraph,
        tracked_cells: &[u32],
        most: usize,
        bits: impl Fn(usize) -> &'a [u16],
    ) -> Option<ZoneBound> {
        let t = tracked_cells.len();
        let positions = graph.positions();
        let most = most.min(MAX_ZONE_FISH);
        if t < MIN_ZONE_FISH.min(most) {
            return None;
        }
        let groups = (MIN_ZONE_FISH.min(most)..=most.min(t))
            .rev()
            .map(|k| group_fish(graph, tracked_cells, &bits, k))
            .find(|groups| {
                groups
                    .iter()
                    .map(|g| positions.checked_shl(g.len() as u32))
                    .try_fold(0usize, |sum, b| sum.checked_add(b?))
                    .is_some_and(|sum| sum <= MAX_ZONE_BYTES)
            })?;
        let owner = owners(graph, tracked_cells, &bits, &groups);
        let (start, into) = graph.edges_into();
        let zones = groups
            .iter()
            .enumerate()
            .map(|(g, fish)| {
                Zone::new(graph, (&start, &into), &bits, fish, |e| {
                    owner[e] == g as u16
                })
            })
            .collect();
        Some(ZoneBound { zones, positions })
    }

    /// The bound at rest position `pos` with `eaten(bit)` saying which tracked fish are
    /// eaten; `None` when some zone can no longer be completed (a dead end).
    pub fn bound(&self, pos: usize, eaten: impl Fn(usize) -> bool) -> Option<u32> {
        let mut sum = 0;
        for zone in &self.zones {
            let mut local = 0usize;
            for (i, &b) in zone.bits.iter().enumerate() {
                local |= usize::from(eaten(b as usize)) << i;
            }
            match zone.table[local * self.positions + pos] {
                NONE_LEFT => return None,
                d => sum += u32::from(d),
            }
        }
        Some(sum)
    }

    /// The zones' fish, as tracked bits (for tests and reports).
    pub fn zones(&self) -> Vec<Vec<u16>> {
        self.zones.iter().map(|z| z.bits.clone()).collect()
    }
}

impl Zone {
    /// The exact table of one zone: layers of eaten sets from "all eaten" down, each a
    /// shortest-path pass (moves cost 0 or 1) over the positions, backwards along the
    /// moves that eat none of the zone's fish still there, from the values that a move
    /// eating some of them reaches in a later layer.
    fn new<'a>(
        graph: &SlideGraph,
        (into_start, into): (&[u32], &[u32]),
        bits: &impl Fn(usize) -> &'a [u16],
        fish: &[u16],
        owns: impl Fn(usize) -> bool,
    ) -> Zone {
        let n = graph.positions();
        let k = fish.len();
        // Per edge: the zone's fish it eats (local bits), its cost here, where it ends.
        let mut eats = vec![0u32; graph.edges.len()];
        let mut cost = vec![0u8; graph.edges.len()];
        for (e, edge) in graph.edges.iter().enumerate() {
            if SlideGraph::is_alive(*edge) {
                for &b in bits(e) {
                    if let Some(i) = fish.iter().position(|&f| f == b) {
                        eats[e] |= 1 << i;
                    }
                }
                cost[e] = u8::from(owns(e));
            }
        }
        let row = n;
        let full = (1usize << k) - 1;
        let mut table = vec![NONE_LEFT; (full + 1) * row];
        table[full * row..full * row + n].fill(0);
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); usize::from(NONE_LEFT)];
        for set in (0..full).rev() {
            let layer = set * row;
            let mut top = 0;
            for p in 0..n {
                let mut best = NONE_LEFT;
                for e in p * 8..p * 8 + 8 {
                    let new = eats[e] as usize & !set;
                    if new != 0 {
                        let later = table[(set | new) * row + graph.edges[e].to as usize];
                        if later != NONE_LEFT {
                            best = best.min(later.saturating_add(cost[e]).min(NONE_LEFT - 1));
                        }
                    }
                }
                table[layer + p] = best;
                if best != NONE_LEFT {
                    buckets[usize::from(best)].push(p as u32);
                    top = top.max(usize::from(best));
                }
            }
            // Dial's buckets: a position is final when its bucket comes up with its value.
            let mut d = 0;
            while d <= top {
                let mut i = 0;
                while i < buckets[d].len() {
                    let q = buckets[d][i] as usize;
                    i += 1;
                    if usize::from(table[layer + q]) != d {
                        continue;
                    }
                    for &e in &into[into_start[q] as usize..into_start[q + 1] as usize] {
                        let e = e as usize;
                        if eats[e] as usize & !set != 0 {
                            continue;
                        }
                        let p = e / 8;
                        let v = (d + usize::from(cost[e])).min(usize::from(NONE_LEFT) - 1);
                        if v < usize::from(table[layer + p]) {
                            table[layer + p] = v as u8;
                            buckets[v].push(p as u32);
                            top = top.max(v);
                        }
                    }
                }
                buckets[d].clear();
                d += 1;
            }
        }
        Zone {
            bits: fish.to_vec(),
            table,
        }
    }
}

/// Chebyshev distance between two grid cells of a field `cols` wide.
fn cell_distance(a: u32, b: u32, cols: usize) -> usize {
    let (a, b) = (a as usize, b as usize);
    (a / cols)
        .abs_diff(b / cols)
        .max((a % cols).abs_diff(b % cols))
}

/// Groups of at most `k` tracked fish: first the groups that share the most slides are
/// joined (so few moves eat fish of two groups), then the nearest groups (so a group's
/// table also sees the travel between its fish). Deterministic: ties go to the lowest
/// indices.
fn group_fish<'a>(
    graph: &SlideGraph,
    tracked_cells: &[u32],
    bits: &impl Fn(usize) -> &'a [u16],
    k: usize,
) -> Vec<Vec<u16>> {
    let t = tracked_cells.len();
    let mut shared = vec![0i64; t * t];
    for (e, edge) in graph.edges.iter().enumerate() {
        if SlideGraph::is_alive(*edge) {
            for &a in bits(e) {
                for &b in bits(e) {
                    if a != b {
                        shared[a as usize * t + b as usize] += 1;
                    }
                }
            }
        }
    }
    let mut near = vec![0i64; t * t];
    for a in 0..t {
        for b in 0..t {
            near[a * t + b] =
                -(cell_distance(tracked_cells[a], tracked_cells[b], graph.cols) as i64);
        }
    }
    let mut groups: Vec<Option<Vec<u16>>> = (0..t as u16).map(|b| Some(vec![b])).collect();
    join_best(&mut groups, &mut shared, k, |x, y| x + y, |s| s > 0);
    join_best(&mut groups, &mut near, k, i64::max, |_| true);
    groups.into_iter().flatten().collect()
}

/// Join the two groups of the best `score` (a group-by-group matrix, `combine`d when
/// two groups join) while a pair fits in `k` fish and its score is `worth` it.
fn join_best(
    groups: &mut [Option<Vec<u16>>],
    score: &mut [i64],
    k: usize,
    combine: impl Fn(i64, i64) -> i64,
    worth: impl Fn(i64) -> bool,
) {
    let t = groups.len();
    loop {
        let mut best: Option<(i64, usize, usize)> = None;
        for i in 0..t {
            let Some(gi) = &groups[i] else { continue };
            for j in i + 1..t {
                let Some(gj) = &groups[j] else { continue };
                let s = score[i * t + j];
                if gi.len() + gj.len() <= k && worth(s) && best.is_none_or(|(b, _, _)| s > b) {
                    best = Some((s, i, j));
                }
            }
        }
        let Some((_, i, j)) = best else { return };
        let moved = groups[j].take().unwrap_or_default();
        if let Some(g) = groups[i].as_mut() {
            g.extend(moved);
        }
        for x in 0..t {
            let joined = combine(score[i * t + x], score[j * t + x]);
            score[i * t + x] = joined;
            score[x * t + i] = joined;
        }
    }
}

/// The owner (group index) of every edge: the group with the most fish on the slide
/// (the lowest index on a tie), or for a slide over no tracked fish the group of the
/// fish nearest to where it stops (the lowest bit on a tie); `u16::MAX` for a move
/// that is not one (into a wall, or to death).
fn owners<'a>(
    graph: &SlideGraph,
    tracked_cells: &[u32],
    bits: &impl Fn(usize) -> &'a [u16],
    groups: &[Vec<u16>],
) -> Vec<u16> {
    let mut group_of = vec![0u16; tracked_cells.len()];
    for (g, fish) in groups.iter().enumerate() {
        for &b in fish {
            group_of[b as usize] = g as u16;
        }
    }
    let nearest: Vec<u16> = graph
        .cells
        .iter()
        .map(|&cell| {
            let bit = (0..tracked_cells.len())
                .min_by_key(|&b| cell_distance(tracked_cells[b], cell, graph.cols))
                .unwrap_or(0);
            group_of.get(bit).copied().unwrap_or(0)
        })
        .collect();
    let mut count = vec![0u32; groups.len()];
    graph
        .edges
        .iter()
        .enumerate()
        .map(|(e, edge)| {
            if !SlideGraph::is_alive(*edge) {
                return u16::MAX;
            }
            let eaten = bits(e);
            if eaten.is_empty() {
                return nearest[edge.to as usize];
            }
            count.fill(0);
            for &b in eaten {
                count[group_of[b as usize] as usize] += 1;
            }
            let most = count.iter().copied().max().unwrap_or(0);
            count.iter().position(|&c| c == most).unwrap_or(0) as u16
        })
        .collect()
}
