//! Pengu as a search [`Problem`]: packed states `(rest position, eaten-fish bit set)`
//! and an admissible heuristic built from slide distances (never Manhattan
//! distances): the farthest single fish, the farthest pair of fish, and a schedule of
//! fish that no single move can eat together.

use super::bound::{TourBound, FAR, MAX_TOUR_FISH};
use super::graph::{SlideGraph, BLOCKED};
use super::solver::{Cost, Goal};
use super::zones::{ZoneBound, MAX_ZONE_FISH};
use crate::grid::distance::DistanceMap;
use crate::grid::Dir;
use crate::search::{LabProblem, Problem, DEAD_END};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// A set of eaten fish, `W` words of 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FishSet<const W: usize>([u64; W]);

impl<const W: usize> FishSet<W> {
    const EMPTY: Self = FishSet([0; W]);

    fn insert(&mut self, bit: usize) {
        self.0[bit / 64] |= 1 << (bit % 64);
    }

    fn contains(&self, bit: usize) -> bool {
        self.0[bit / 64] & (1 << (bit % 64)) != 0
    }

    fn remove_all(&mut self, other: &Self) {
        for (w, o) in self.0.iter_mut().zip(&other.0) {
            *w &= !o;
        }
    }

    fn complement_within(&self, full: &Self) -> Self {
        let mut out = *full;
        out.remove_all(self);
        out
    }

    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Call `f` with every bit set in `full` and not in `self`.
    fn for_each_missing(&self, full: &Self, mut f: impl FnMut(usize)) {
        for (i, (&have, &all)) in self.0.iter().zip(&full.0).enumerate() {
            let mut missing = all & !have;
            while missing != 0 {
                f(i * 64 + missing.trailing_zeros() as usize);
                missing &= missing - 1;
            }
        }
    }
}

/// A search state: Pengu's rest position id and the tracked fish eaten.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PenguState<const W: usize> {
    pos: u32,
    eaten: FishSet<W>,
}

/// Largest distance table built (entries); beyond it the heuristic is weaker.
const MAX_DIST_ENTRIES: usize = 1 << 24;
/// Largest pair table built (bytes).
const MAX_PAIR_ENTRIES: usize = 1 << 25;
/// Most tracked fish for which the pair table is built.
const MAX_PAIR_FISH: usize = 128;

/// Most tracked fish one slide may pass for bidirectional search: a slide ending at a
/// state that passed `k` of them has up to 2^k predecessors (each of them eaten before,
/// or on this slide).
pub const MAX_REVERSE_COVER: usize = 12;

/// Heuristic values a search asks for before the zone bound is built: a search that
/// ends sooner never pays for its tables (see [`super::zones`]).
pub const ZONES_AFTER: u64 = 1 << 17;

/// Pengu as a [`Problem`] over the slide graph, for at most `64 × W` tracked fish.
///
/// ```
/// use gridlab::games::pengu::{tracked_fish, Goal, Level, PenguProblem, SlideGraph};
/// use gridlab::search::{astar, Limits, Problem};
/// let level = Level::parse("4 6\n######\n#P * #\n#*   #\n######").unwrap();
/// let graph = SlideGraph::new(&level);
/// let tracked = tracked_fish(&level, &graph, Goal::All).unwrap();
/// let problem = PenguProblem::<1>::new(&graph, &tracked, Goal::All);
/// assert!(problem.heuristic(&problem.start()) >= 2);
/// assert_eq!(astar(&problem, &mut Limits::default()).plan.len(), 3);
/// ```
pub struct PenguProblem<'g, const W: usize> {
    graph: &'g SlideGraph,
    goal: Goal,
    /// Tracked bits passed by each edge, flattened like `graph.covers`.
    edge_bits: Vec<u16>,
    edge_bits_start: Vec<u32>,
    full: FishSet<W>,
    tracked: usize,
    /// Grid cell of each tracked fish, by bit.
    tracked_cells: Vec<u32>,
    max_per_move: u32,
    /// `dist[bit * positions + pos]`: fewest moves from `pos` that eat fish `bit`.
    dist: Vec<u16>,
    /// `together[bit]`: the fish that some single surviving move eats with `bit`.
    together: Vec<FishSet<W>>,
    /// Tracked bits, fewest companions first: the order of the greedy independent set.
    order: Vec<u16>,
    /// `pairs[(pos * tracked + a) * tracked + b]`: fewest moves from `pos` that eat
    /// both fish `a` and `b` (saturated at 255; 0 on the diagonal); empty when too
    /// large to build.
    pairs: Vec<u8>,
    /// What a move costs.
    cost: Cost,
    /// The surviving edges into each position: `into[into_start[p]..into_start[p + 1]]`.
    into_start: Vec<u32>,
    into: Vec<u32>,
    /// The tour bound (see [`super::bound`]); `None` when too large to build.
    tour: Option<TourBound>,
    /// The zone bound (see [`super::zones`]), built on the `zones_after`-th heuristic
    /// value asked for; `None` inside when it does not fit.
    zones: OnceLock<Option<ZoneBound>>,
    /// Heuristic values asked for so far.
    calls: AtomicU64,
    /// When to build the zone bound (see [`ZONES_AFTER`]).
    zones_after: u64,
    /// Most fish of a zone (see [`MAX_ZONE_FISH`]).
    zone_fish: usize,
}

impl<'g, const W: usize> PenguProblem<'g, W> {
    /// The same problem with moves that cost `cost` (default [`Cost::Moves`]).
    pub fn with_cost(mut self, cost: Cost) -> Self {
        self.cost = cost;
        self
    }

    /// What the move along `edge` (from position `edge / 8`) costs.
    fn edge_cost(&self, edge: usize) -> u32 {
        match self.cost {
            Cost::Moves => 1,
            Cost::Cells => self.graph.cells_slid(edge / 8, self.graph.edges[edge]),
        }
    }

    /// The problem of eating the `tracked` fish (ids from [`super::tracked_fish`]) for
    /// `goal`; builds the distance and pair tables once.
    pub fn new(graph: &'g SlideGraph, tracked: &[usize], goal: Goal) -> Self {
        let mut bit_of = vec![u16::MAX; graph.fish_cells.len()];
        for (bit, &f) in tracked.iter().enumerate() {
            bit_of[f] = bit as u16;
        }
        let mut edge_bits = Vec::new();
        let mut edge_bits_start = Vec::with_capacity(graph.edges.len() + 1);
        let mut max_per_move = 0;
        for &e in &graph.edges {
            edge_bits_start.push(edge_bits.len() as u32);
            let before = edge_bits.len();
            if SlideGraph::is_alive(e) {
                edge_bits.extend(
                    graph
                        .cover(e)
                        .iter()
                        .map(|&f| bit_of[f as usize])
                        .filter(|&b| b != u16::MAX),
                );
            }
            max_per_move = max_per_move.max((edge_bits.len() - before) as u32);
        }
        edge_bits_start.push(edge_bits.len() as u32);
        let mut full = FishSet::EMPTY;
        (0..tracked.len()).for_each(|b| full.insert(b));
        let mut problem = Self {
            graph,
            goal,
            edge_bits,
            edge_bits_start,
            full,
            tracked: tracked.len(),
            tracked_cells: tracked.iter().map(|&f| graph.fish_cells[f]).collect(),
            max_per_move: max_per_move.max(1),
            dist: Vec::new(),
            together: vec![FishSet::EMPTY; tracked.len()],
            order: Vec::new(),
            pairs: Vec::new(),
            cost: Cost::Moves,
            into_start: Vec::new(),
            into: Vec::new(),
            tour: None,
            zones: OnceLock::new(),
            calls: AtomicU64::new(0),
            zones_after: ZONES_AFTER,
            zone_fish: MAX_ZONE_FISH,
        };
        (problem.into_start, problem.into) = graph.edges_into();
        problem.dist = problem.distance_table();
        let mut together = std::mem::take(&mut problem.together);
        for edge in 0..graph.edges.len() {
            let bits = problem.bits(edge);
            for &a in bits {
                for &b in bits {
                    together[a as usize].insert(b as usize);
                }
            }
        }
        problem.together = together;
        let mut order: Vec<u16> = (0..tracked.len() as u16).collect();
        order.sort_by_key(|&b| problem.together[b as usize].len());
        problem.order = order;
        problem.pairs = problem.pair_table();
        problem.tour = TourBound::new(graph, problem.tracked, &problem.dist, |e| problem.bits(e));
        problem
    }

    /// The same problem with the zone bound built after `calls` heuristic values
    /// (default [`ZONES_AFTER`]; 0 builds it on the first, `u64::MAX` never) from zones
    /// of at most `fish` fish (default and at most [`MAX_ZONE_FISH`]).
    pub fn with_zones(mut self, calls: u64, fish: usize) -> Self {
        self.zones_after = calls;
        self.zone_fish = fish.min(MAX_ZONE_FISH);
        self
    }

    /// The groups of tracked fish (bits) of the zone bound, once it is built.
    pub fn zone_fish(&self) -> Option<Vec<Vec<u16>>> {
        self.zones.get()?.as_ref().map(ZoneBound::zones)
    }

    /// The zone bound of `s` (see [`super::zones`]): `Some(0)` before it is built or
    /// when it does not fit, `None` for a dead end.
    fn zone_bound(&self, s: &PenguState<W>) -> Option<u32> {
        let zones = match self.zones.get() {
            Some(zones) => zones,
            None if self.calls.fetch_add(1, Ordering::Relaxed) >= self.zones_after => {
                self.zones.get_or_init(|| {
                    ZoneBound::new(self.graph, &self.tracked_cells, self.zone_fish, |e| {
                        self.bits(e)
                    })
                })
            }
            None => return Some(0),
        };
        match zones {
            Some(zones) => zones.bound(s.pos as usize, |b| s.eaten.contains(b)),
            None => Some(0),
        }
    }

    /// The tour bound of `s` (see [`super::bound`]): `Some(0)` when it is not built,
    /// `None` for a dead end.
    fn tour_bound(&self, s: &PenguState<W>) -> Option<u32> {
        let Some(tour) = &self.tour else {
            return Some(0);
        };
        let n = self.graph.positions();
        let pos = s.pos as usize;
        let mut missing = [0u16; MAX_TOUR_FISH];
        let mut k = 0;
        s.eaten.for_each_missing(&self.full, |bit| {
            missing[k] = bit as u16;
            k += 1;
        });
        tour.bound(&missing[..k], |b| self.dist[b * n + pos])
    }

    fn bits(&self, edge: usize) -> &[u16] {
        &self.edge_bits
            [self.edge_bits_start[edge] as usize..self.edge_bits_start[edge + 1] as usize]
    }

    /// Reverse BFS per tracked fish from the positions with a move that eats it.
    fn distance_table(&self) -> Vec<u16> {
        let n = self.graph.positions();
        if self.tracked.saturating_mul(n) > MAX_DIST_ENTRIES {
            return Vec::new();
        }
        let (start, preds) = self.graph.reverse_adjacency();
        let mut dist = vec![FAR; self.tracked * n];
        for (edge, _) in self.graph.edges.iter().enumerate() {
            for &b in self.bits(edge) {
                let slot = &mut dist[b as usize * n + edge / 8];
                *slot = 1;
            }
        }
        let mut reach = DistanceMap::<u16>::new(n);
        for bit in 0..self.tracked {
            let row = &mut dist[bit * n..(bit + 1) * n];
            reach.flood((0..n).filter(|&p| row[p] == 1), |p| {
                preds[start[p] as usize..start[p + 1] as usize]
                    .iter()
                    .map(|&q| q as usize)
            });
            // The positions that eat the fish are at 1.
            for (slot, &d) in row.iter_mut().zip(reach.cells()) {
                if d != u16::MAX {
                    *slot = d.saturating_add(1);
                }
            }
        }
        dist
    }

    /// Exact fewest moves to eat both fish of every pair, from every position: a
    /// backward BFS over `(position, which of the two are eaten)` per pair.
    fn pair_table(&self) -> Vec<u8> {
        let n = self.graph.positions();
        let t = self.tracked;
        if self.dist.is_empty() || t > MAX_PAIR_FISH || (t * t).saturating_mul(n) > MAX_PAIR_ENTRIES
        {
            return Vec::new();
        }
        // Surviving edges into each position: (source position, edge index).
        let mut into: Vec<Vec<(u32, u32)>> = vec![Vec::new(); n];
        for (e, edge) in self.graph.edges.iter().enumerate() {
            if SlideGraph::is_alive(*edge) {
                into[edge.to as usize].push(((e / 8) as u32, e as u32));
            }
        }
        let mut table = vec![0u8; n * t * t];
        let mut dist = DistanceMap::<u8>::new(n * 4);
        for a in 0..t {
            for b in a + 1..t {
                // Nodes are `position * 4 + mask`, the mask saying which of a and b
                // are eaten; the search runs backwards from both eaten.
                dist.flood((0..n).map(|p| p * 4 + 3), |node| {
                    let (p, mask) = (node / 4, (node % 4) as u8);
                    into[p].iter().flat_map(move |&(q, e)| {
                        let bits = self.bits(e as usize);
                        let eats = u8::from(bits.contains(&(a as u16)))
                            | u8::from(bits.contains(&(b as u16))) << 1;
                        // Predecessor masks m with m | eats == mask.
                        let fits = eats & !mask == 0;
                        (0..4u8)
                            .filter(move |&before| {
                                fits && before | eats == mask && before & !mask == 0
                            })
                            .map(move |before| q as usize * 4 + before as usize)
                    })
                });
                let dist = dist.cells();
                for p in 0..n {
                    table[(p * t + a) * t + b] = dist[p * 4];
                    table[(p * t + b) * t + a] = dist[p * 4];
                }
            }
        }
        table
    }

    /// The largest pair distance over the remaining fish (a branch-free inner loop
    /// over a row of the table, masked by the remaining fish).
    fn pair_bound(&self, s: &PenguState<W>) -> u32 {
        if self.pairs.is_empty() {
            return 0;
        }
        let t = self.tracked;
        let mut mask = [0u8; MAX_PAIR_FISH];
        let mut missing = [0u16; MAX_PAIR_FISH];
        let mut k = 0;
        s.eaten.for_each_missing(&self.full, |bit| {
            mask[bit] = u8::MAX;
            missing[k] = bit as u16;
            k += 1;
        });
        let mask = &mask[..t];
        let block = &self.pairs[s.pos as usize * t * t..(s.pos as usize + 1) * t * t];
        let mut best = 0u8;
        for &a in &missing[..k] {
            let row = &block[a as usize * t..(a as usize + 1) * t];
            let row_max = row
                .iter()
                .zip(mask)
                .map(|(&d, &m)| d & m)
                .fold(0u8, u8::max);
            best = best.max(row_max);
        }
        u32::from(best)
    }

    fn eaten_count(&self, s: &PenguState<W>) -> u32 {
        s.eaten.len()
    }

    /// A lower bound from fish that no single move eats together: a greedy
    /// independent set of the remaining fish must be eaten in as many separate moves,
    /// each no sooner than that fish's distance. Scheduling them on distinct moves in
    /// order of distance gives the earliest possible last move.
    fn independent_bound(&self, s: &PenguState<W>) -> u32 {
        let n = self.graph.positions();
        let mut open = s.eaten.complement_within(&self.full);
        let mut release = [0u16; 64];
        let mut size = 0;
        for &b in &self.order {
            let b = b as usize;
            if open.contains(b) {
                if size < release.len() {
                    release[size] = self.dist[b * n + s.pos as usize];
                    size += 1;
                }
                open.remove_all(&self.together[b]);
            }
        }
        let release = &mut release[..size];
        release.sort_unstable();
        release
            .iter()
            .fold(0u32, |last, &d| (last + 1).max(u32::from(d)))
    }
}

impl<const W: usize> Problem for PenguProblem<'_, W> {
    type State = PenguState<W>;
    type Action = Dir;

    fn start(&self) -> PenguState<W> {
        PenguState {
            pos: 0,
            eaten: FishSet::EMPTY,
        }
    }

    fn is_goal(&self, s: &PenguState<W>) -> bool {
        match self.goal {
            Goal::All => s.eaten == self.full,
            Goal::AtLeast(n) => self.eaten_count(s) as usize >= n,
        }
    }

    fn successors(&self, s: &PenguState<W>, out: &mut Vec<(Dir, PenguState<W>, u32)>) {
        let base = s.pos as usize * 8;
        for dir in Dir::ALL {
            let edge = base + dir.index();
            let to = self.graph.edges[edge].to;
            if to == BLOCKED || !SlideGraph::is_alive(self.graph.edges[edge]) {
                continue;
            }
            let mut next = PenguState {
                pos: to,
                eaten: s.eaten,
            };
            for &b in self.bits(edge) {
                next.eaten.insert(b as usize);
            }
            out.push((dir, next, self.edge_cost(edge)));
        }
    }

    /// The least number of moves still needed (a lower bound on the moves, or
    /// [`DEAD_END`]). It stays admissible when a move costs the cells it slides
    /// ([`Cost::Cells`]): every move covers at least one cell
    /// ([`SlideGraph::cells_slid`]), so a plan's cells are at least its moves.
    fn heuristic(&self, s: &PenguState<W>) -> u32 {
        let n = self.graph.positions();
        let pos = s.pos as usize;
        let need = match self.goal {
            Goal::All => self.tracked as u32 - self.eaten_count(s),
            Goal::AtLeast(k) => (k as u32).saturating_sub(self.eaten_count(s)),
        };
        if need == 0 {
            return 0;
        }
        let by_count = need.div_ceil(self.max_per_move);
        if self.dist.is_empty() {
            return by_count;
        }
        let (mut max, mut min, mut reachable) = (0u16, FAR, 0u32);
        s.eaten.for_each_missing(&self.full, |bit| {
            let d = self.dist[bit * n + pos];
            if d != FAR {
                reachable += 1;
                min = min.min(d);
            }
            max = max.max(d);
        });
        match self.goal {
            Goal::All if max == FAR => DEAD_END,
            Goal::All => match self.tour_bound(s).zip(self.zone_bound(s)) {
                None => DEAD_END,
                Some((tour, zones)) => u32::from(max)
                    .max(by_count)
                    .max(tour)
                    .max(zones)
                    .max(self.independent_bound(s))
                    .max(self.pair_bound(s)),
            },
            Goal::AtLeast(_) if reachable < need => DEAD_END,
            Goal::AtLeast(_) => u32::from(min).max(by_count),
        }
    }

    fn greedy_key(&self, s: &PenguState<W>) -> u64 {
        match self.heuristic(s) {
            DEAD_END => u64::MAX,
            h => (u64::from(self.tracked as u32 - self.eaten_count(s)) << 32) | u64::from(h),
        }
    }

    fn progress(&self, s: &PenguState<W>, _g: u32) -> u64 {
        u64::from(self.eaten_count(s))
    }

    fn cell(&self, s: &PenguState<W>) -> u32 {
        self.graph.cells[s.pos as usize]
    }

    fn symbol(&self, dir: &Dir) -> char {
        dir.digit()
    }

    /// For "all": Pengu resting anywhere with every tracked fish eaten. "At least N"
    /// cannot list its goal states (every rest cell with every set of N or more fish),
    /// and a slide that passes more than [`MAX_REVERSE_COVER`] tracked fish has too
    /// many predecessors: both say so.
    fn goal_states(&self, out: &mut Vec<PenguState<W>>) -> Result<(), String> {
        if let Goal::AtLeast(n) = self.goal {
            return Err(format!(
                "bidirectional search needs the goal states, and \"at least {n} fish\" has too many to list (every rest cell with every set of {n} or more fish): use the goal \"all\""
            ));
        }
        let widest = (0..self.graph.edges.len())
            .map(|e| self.bits(e).len())
            .max()
            .unwrap_or(0);
        if widest > MAX_REVERSE_COVER {
            return Err(format!(
                "bidirectional search: a slide passes {widest} fish that must be tracked, so a state has up to 2^{widest} predecessors; at most {MAX_REVERSE_COVER} are supported"
            ));
        }
        out.extend((0..self.graph.positions() as u32).map(|pos| PenguState {
            pos,
            eaten: self.full,
        }));
        Ok(())
    }

    /// Every surviving slide into `s.pos` whose tracked fish `C` are all eaten in `s`
    /// (dead slides are not moves): from its source, with the fish eaten before being
    /// `s.eaten \ C` and any subset of `C`.
    fn predecessors(&self, s: &PenguState<W>, out: &mut Vec<(Dir, PenguState<W>, u32)>) {
        let p = s.pos as usize;
        for &edge in &self.into[self.into_start[p] as usize..self.into_start[p + 1] as usize] {
            let edge = edge as usize;
            let bits = self.bits(edge);
            if !bits.iter().all(|&b| s.eaten.contains(b as usize)) {
                continue;
            }
            let mut base = s.eaten;
            for &b in bits {
                base.0[b as usize / 64] &= !(1 << (b % 64));
            }
            let (dir, cost) = (Dir::ALL[edge % 8], self.edge_cost(edge));
            for subset in 0..1u32 << bits.len() {
                let mut eaten = base;
                for (i, &b) in bits.iter().enumerate() {
                    if subset & (1 << i) != 0 {
                        eaten.insert(b as usize);
                    }
                }
                out.push((
                    dir,
                    PenguState {
                        pos: (edge / 8) as u32,
                        eaten,
                    },
                    cost,
                ));
            }
        }
    }
}

/// The heuristic lab's view of Pengu. A state is written as `[cell, bits…]`: Pengu's
/// rest cell (row-major index) and the bits of the tracked fish not eaten yet. The
/// helpers' data: `fishCells` (the grid cell of each tracked fish, by bit), `need` (how
/// many tracked fish the goal needs eaten), `restCells` (the cell of each rest
/// position), `dist` (`dist[bit × positions + position]`: the fewest moves from the
/// position that eat the fish, the built-in heuristic's table; `far` where none can;
/// empty when too large to build) and `maxPerMove` (most tracked fish one move eats).
impl<const W: usize> LabProblem for PenguProblem<'_, W> {
    const G_FREE: bool = true;

    fn write_state(&self, s: &PenguState<W>, out: &mut Vec<u32>) {
        out.push(self.graph.cells[s.pos as usize]);
        s.eaten
            .for_each_missing(&self.full, |bit| out.push(bit as u32));
    }

    fn lab_data(&self) -> serde_json::Value {
        let need = match self.goal {
            Goal::All => self.tracked,
            Goal::AtLeast(k) => k,
        };
        serde_json::json!({
            "fishCells": self.tracked_cells,
            "need": need,
            "restCells": self.graph.cells,
            "dist": self.dist,
            "far": FAR,
            "maxPerMove": self.max_per_move,
        })
    }
}
