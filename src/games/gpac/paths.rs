//! The framework's path searches (`staticAgents.py`), quirks included, on reused
//! buffers so a search allocates nothing once warm:
//! - [`Paths::a_star`] is `path_to_points`: a heap of `(f, (x, y))` (ties to the
//!   smaller x, then y), the Manhattan distance to the nearest target as heuristic,
//!   neighbours up, right, down, left, the goal test when a neighbour is *generated*,
//!   a cell's cost fixed when it is first generated (never reopened), and
//!   "extreme cost" when the cheapest entry reaches 1,000,000 (the heap is a
//!   [`Frontier`], which pops in the same order);
//! - [`Paths::bfs_to_pill`] is `path_to_pill`: a breadth-first search whose four
//!   directions come in a fresh random order at every expansion, the start not marked
//!   visited, the goal test at generation.

use super::agents::GameRng;
use super::frontier::Frontier;
use super::map::{Cell, Steps};
use super::rules::{Game, Move};
use rand::Rng;
use std::collections::VecDeque;

/// The framework's `IMPOSSIBLE_COST`: entering a ghost's cell; a tenth of it entering
/// a cell next to one; a search whose cheapest entry costs this much gives up.
pub const IMPOSSIBLE_COST: u32 = 1_000_000;

/// `ghost_proximity_cost_function`'s default radius: a cell this far from every
/// ghost costs 1.
const RADIUS: usize = 10;

/// `ghost_proximity_cost_function` by the Manhattan distance d to the nearest ghost,
/// up to [`RADIUS`]: `IMPOSSIBLE_COST` at 0, a tenth of it at 1, else
/// max(10 − d, 0)² + 1.
const PROXIMITY_COST: [u32; RADIUS + 1] = [
    IMPOSSIBLE_COST,
    IMPOSSIBLE_COST / 10,
    65,
    50,
    37,
    26,
    17,
    10,
    5,
    2,
    1,
];

/// The ghost field's padding: a diamond reaches this far from its ghost.
const PAD: usize = RADIUS - 1;
/// A diamond's height.
const SIDE: usize = 2 * PAD + 1;
/// A diamond's rows are this wide (two SIMD words), the field padded to fit them.
const ROW: usize = 32;
/// |dx| + |dy| from the centre of a SIDE × SIDE square, capped at [`RADIUS`], in rows
/// of [`ROW`].
const DIAMOND: [[u8; ROW]; SIDE] = {
    let mut diamond = [[RADIUS as u8; ROW]; SIDE];
    let mut r = 0;
    while r < SIDE {
        let mut c = 0;
        while c < SIDE {
            let d = r.abs_diff(PAD) + c.abs_diff(PAD);
            diamond[r][c] = if d < RADIUS { d as u8 } else { RADIUS as u8 };
            c += 1;
        }
        r += 1;
    }
    diamond
};

/// What entering a cell costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// `identity_cost_function`: 1.
    Unit,
    /// `ghost_proximity_cost_function`: by the Manhattan distance d to the nearest
    /// ghost, 1,000,000 at d = 0, 100,000 at d = 1, else max(10 − d, 0)² + 1.
    GhostProximity,
}

/// What a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Any cell with a pill.
    Pills,
    /// One cell.
    Cell(Cell),
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A path (written into the plan).
    Path,
    /// `ExtremePathCostException`: every way on runs into a ghost.
    ExtremeCost,
    /// The target cannot be reached (the framework would crash).
    Unreachable,
}

/// One cell's search entry, valid only while `stamp` holds the current search's
/// number (so nothing is cleared between searches).
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    stamp: u32,
    /// Cost from the start (A*).
    g: u32,
    /// The cell it was generated from…
    previous: Cell,
    /// …and the step from there (an index into [`Move::STEPS`]).
    step: u8,
}

/// Search buffers, reused from search to search.
#[derive(Clone, Debug, Default)]
pub struct Paths {
    nodes: Vec<Node>,
    current: u32,
    frontier: Frontier,
    queue: Vec<Cell>,
    /// The distance to the nearest pill, for `field_pills` on a map `field_width` wide.
    field: Vec<u32>,
    field_pills: Vec<Cell>,
    field_width: usize,
    /// The distance to the nearest ghost (capped at [`RADIUS`]), for `near_ghosts` on a
    /// map `near_width` wide, padded by [`PAD`] cells (more on the right, to fit a
    /// [`ROW`]).
    near: Vec<u8>,
    near_ghosts: Vec<Cell>,
    near_width: usize,
}

/// The 24 orders of the four directions, for `random.sample(actions, 4)`.
const ORDERS: [[u8; 4]; 24] = [
    [0, 1, 2, 3],
    [0, 1, 3, 2],
    [0, 2, 1, 3],
    [0, 2, 3, 1],
    [0, 3, 1, 2],
    [0, 3, 2, 1],
    [1, 0, 2, 3],
    [1, 0, 3, 2],
    [1, 2, 0, 3],
    [1, 2, 3, 0],
    [1, 3, 0, 2],
    [1, 3, 2, 0],
    [2, 0, 1, 3],
    [2, 0, 3, 1],
    [2, 1, 0, 3],
    [2, 1, 3, 0],
    [2, 3, 0, 1],
    [2, 3, 1, 0],
    [3, 0, 1, 2],
    [3, 0, 2, 1],
    [3, 1, 0, 2],
    [3, 1, 2, 0],
    [3, 2, 0, 1],
    [3, 2, 1, 0],
];

/// The Manhattan distance between two (x, y) points.
pub fn manhattan((ax, ay): (i32, i32), (bx, by): (i32, i32)) -> u32 {
    ax.abs_diff(bx) + ay.abs_diff(by)
}

/// Write the moves from `start` to `end` (following each node's `previous`) into
/// `plan`.
fn trace(nodes: &[Node], start: Cell, end: Cell, plan: &mut VecDeque<Move>) {
    plan.clear();
    let mut at = end;
    while at != start {
        let node = nodes[at as usize];
        plan.push_front(Move::STEPS[node.step as usize]);
        at = node.previous;
    }
}

/// What an A* search looks for, and what entering a cell costs.
struct Problem<H, E, C> {
    /// The heuristic.
    h: H,
    /// The goal test.
    is_end: E,
    /// The cost of entering a cell.
    step_cost: C,
}

/// The A* loop (`path_to_points`) on the buffers of a [`Paths`], `now` its stamp.
fn search(
    nodes: &mut [Node],
    frontier: &mut Frontier,
    steps: &Steps,
    now: u32,
    start: Cell,
    problem: Problem<impl Fn(Cell) -> u32, impl Fn(Cell) -> bool, impl Fn(Cell) -> u32>,
    plan: &mut VecDeque<Move>,
) -> Found {
    let Problem {
        h,
        is_end,
        step_cost,
    } = problem;
    let (cells, by_rank) = (&steps.cells[..], &steps.by_rank[..]);
    let mut queue = frontier.queue(nodes.len());
    nodes[start as usize].stamp = now;
    nodes[start as usize].g = 0;
    queue.push(h(start), cells[start as usize].rank);
    while let Some((f, rank)) = queue.pop() {
        if f >= IMPOSSIBLE_COST {
            return Found::ExtremeCost;
        }
        let current = by_rank[rank as usize];
        let g = nodes[current as usize].g;
        let next = cells[current as usize].next;
        // Generate neighbour k, unrolled (a loop's exit branch is often mispredicted).
        macro_rules! visit {
            ($k:literal) => {
                let n = next[$k];
                // None: NONE, a wall or the edge.
                if let Some(node) = nodes.get_mut(n as usize) {
                    if node.stamp != now {
                        node.previous = current;
                        node.step = $k;
                        if is_end(n) {
                            trace(nodes, start, n, plan);
                            return Found::Path;
                        }
                        let g = g + step_cost(n);
                        node.stamp = now;
                        node.g = g;
                        queue.push(g + h(n), cells[n as usize].rank);
                    }
                }
            };
        }
        visit!(0);
        visit!(1);
        visit!(2);
        visit!(3);
    }
    Found::Unreachable
}

impl Paths {
    /// Start a search: a fresh stamp, buffers sized to the map.
    fn begin(&mut self, cells: usize) -> u32 {
        if self.nodes.len() != cells || self.current == u32::MAX {
            self.nodes = vec![Node::default(); cells];
            self.current = 0;
        }
        self.current += 1;
        self.current
    }

    /// The Manhattan distance from every cell to the nearest pill (walls ignored, as
    /// the framework's heuristic does), rebuilt only when the pills change: an L1
    /// distance transform, column by column and then row by row, O(W·H).
    fn pill_heuristic(&mut self, game: &Game) {
        let map = &game.world().map;
        if self.field.len() == map.len()
            && self.field_width == map.width()
            && self.field_pills == game.pill_cells()
        {
            return;
        }
        self.field_width = map.width();
        self.field_pills.clear();
        self.field_pills.extend_from_slice(game.pill_cells());
        let w = map.width();
        // With no pill left every entry stays `far`, and A* gives up at once.
        let far = u32::MAX / 2;
        self.field.clear();
        self.field.resize(map.len(), far);
        for &p in game.pill_cells() {
            self.field[p as usize] = 0;
        }
        // Distances along each column: rows upwards, then downwards.
        for y in 1..map.height() {
            let (below, row) = self.field[(y - 1) * w..(y + 1) * w].split_at_mut(w);
            for (d, &b) in row.iter_mut().zip(below.iter()) {
                *d = (*d).min(b + 1);
            }
        }
        for y in (1..map.height()).rev() {
            let (below, row) = self.field[(y - 1) * w..(y + 1) * w].split_at_mut(w);
            for (b, &d) in below.iter_mut().zip(row.iter()) {
                *b = (*b).min(d + 1);
            }
        }
        // Then along each row: left to right, right to left.
        for row in self.field.chunks_exact_mut(w) {
            let mut run = far;
            for d in row.iter_mut() {
                run = (run + 1).min(*d);
                *d = run;
            }
            for d in row.iter_mut().rev() {
                run = (run + 1).min(*d);
                *d = run;
            }
        }
    }

    /// The Manhattan distance from every cell to the nearest ghost, capped at
    /// [`RADIUS`] (walls ignored, as the framework's cost does), rebuilt only when the
    /// ghosts move: a diamond around each ghost, on a field padded so that every
    /// diamond fits.
    fn ghost_field(&mut self, game: &Game) {
        let map = &game.world().map;
        let width = map.width() + ROW;
        let len = width * (map.height() + 2 * PAD);
        if self.near.len() == len
            && self.near_width == map.width()
            && self.near_ghosts == game.ghosts()
        {
            return;
        }
        self.near_ghosts.clear();
        self.near_ghosts.extend_from_slice(game.ghosts());
        self.near_width = map.width();
        self.near.clear();
        self.near.resize(len, RADIUS as u8);
        for &g in game.ghosts() {
            // The diamond's top-left corner, in padded coordinates, is the ghost's (x, y).
            let (x, y) = map.xy(g);
            for (r, distances) in DIAMOND.iter().enumerate() {
                let at = (y + r) * width + x;
                let row: &mut [u8; ROW] = (&mut self.near[at..at + ROW])
                    .try_into()
                    .expect("the padding fits the diamond");
                for (d, &e) in row.iter_mut().zip(distances) {
                    *d = (*d).min(e);
                }
            }
        }
    }

    /// `path_to_points(start, ends, game, cost)`: A* from `start` to the nearest
    /// target, the plan written into `plan` when found.
    pub fn a_star(
        &mut self,
        game: &Game,
        start: Cell,
        target: Target,
        cost: Cost,
        plan: &mut VecDeque<Move>,
    ) -> Found {
        let steps = &game.world().steps;
        if target == Target::Pills {
            self.pill_heuristic(game);
        }
        if cost == Cost::GhostProximity {
            self.ghost_field(game);
        }
        let now = self.begin(game.world().map.len());
        let Paths {
            nodes,
            frontier,
            field,
            near,
            ..
        } = self;
        let (near, field, pills) = (&near[..], &field[..], game.pills());
        let (cells, width) = (&steps.cells[..], game.world().map.width() + ROW);
        let proximity = move |c: Cell| {
            let at = &cells[c as usize];
            let d = near[(at.y as usize + PAD) * width + at.x as usize + PAD];
            PROXIMITY_COST[usize::from(d).min(RADIUS)]
        };
        let pill = move |c: Cell| pills[c as usize];
        let to_pill = move |c: Cell| field[c as usize];
        macro_rules! run {
            ($h:expr, $is_end:expr, $step_cost:expr) => {
                search(
                    nodes,
                    frontier,
                    steps,
                    now,
                    start,
                    Problem {
                        h: $h,
                        is_end: $is_end,
                        step_cost: $step_cost,
                    },
                    plan,
                )
            };
        }
        match (target, cost) {
            (Target::Cell(t), cost) => {
                let to = steps.xy(t);
                let h = move |c: Cell| {
                    let at = &cells[c as usize];
                    manhattan((at.x, at.y), to)
                };
                match cost {
                    Cost::Unit => run!(h, |c| c == t, |_| 1),
                    Cost::GhostProximity => run!(h, |c| c == t, proximity),
                }
            }
            (Target::Pills, Cost::Unit) => run!(to_pill, pill, |_| 1),
            (Target::Pills, Cost::GhostProximity) => run!(to_pill, pill, proximity),
        }
    }

    /// `path_to_pill`: breadth-first to the nearest pill, the directions shuffled at
    /// every expansion.
    pub fn bfs_to_pill(
        &mut self,
        game: &Game,
        start: Cell,
        rng: &mut GameRng,
        plan: &mut VecDeque<Move>,
    ) -> Found {
        let steps = &game.world().steps;
        let now = self.begin(game.world().map.len());
        let Paths { nodes, queue, .. } = self;
        queue.clear();
        queue.push(start);
        let mut head = 0;
        while head < queue.len() {
            let current = queue[head];
            head += 1;
            let next = steps.of(current);
            for &k in &ORDERS[rng.random_range(0..ORDERS.len())] {
                let n = next[k as usize];
                let Some(node) = nodes.get_mut(n as usize) else {
                    continue;
                };
                if node.stamp == now {
                    continue;
                }
                if n != start {
                    node.previous = current;
                    node.step = k;
                }
                if game.has_pill(n) {
                    if n == start {
                        // Out and back: the framework does not mark the start visited.
                        plan.clear();
                        plan.push_back(Move::STEPS[nodes[current as usize].step as usize]);
                        plan.push_back(Move::STEPS[k as usize]);
                    } else {
                        trace(nodes, start, n, plan);
                    }
                    return Found::Path;
                }
                node.stamp = now;
                queue.push(n);
            }
        }
        Found::Unreachable
    }
}
