//! The framework's path searches (`staticAgents.py`), quirks included, on reused
//! buffers so a search allocates nothing once warm:
//! - [`Paths::a_star`] is `path_to_points`: a heap of `(f, (x, y))` (ties to the
//!   smaller x, then y), the Manhattan distance to the nearest target as heuristic,
//!   neighbours up, right, down, left, the goal test when a neighbour is *generated*,
//!   a cell's cost fixed when it is first generated (never reopened), and
//!   "extreme cost" when the cheapest entry reaches 1,000,000;
//! - [`Paths::bfs_to_pill`] is `path_to_pill`: a breadth-first search whose four
//!   directions come in a fresh random order at every expansion, the start not marked
//!   visited, the goal test at generation.

use super::agents::GameRng;
use super::map::{Cell, NONE};
use super::rules::{Game, Move};
use rand::Rng;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// The framework's `IMPOSSIBLE_COST`: entering a ghost's cell; a tenth of it entering
/// a cell next to one; a search whose cheapest entry costs this much gives up.
pub const IMPOSSIBLE_COST: u32 = 1_000_000;

/// `ghost_proximity_cost_function`'s default radius.
const PROXIMITY_RADIUS: u32 = 10;

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

/// Search buffers, reused from search to search: an entry is valid only where
/// `stamp` holds the current search's number.
#[derive(Clone, Debug, Default)]
pub struct Paths {
    stamp: Vec<u32>,
    current: u32,
    cost: Vec<u32>,
    previous: Vec<(Cell, Move)>,
    heap: BinaryHeap<Reverse<u64>>,
    queue: Vec<Cell>,
    field: Vec<u32>,
    field_pills: Vec<Cell>,
    ghosts: Vec<(i32, i32)>,
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

/// Manhattan distance from `at` to the nearest of `points` (`u32::MAX` if none).
pub fn nearest_manhattan(at: (i32, i32), points: &[(i32, i32)]) -> u32 {
    points
        .iter()
        .map(|&p| manhattan(at, p))
        .min()
        .unwrap_or(u32::MAX)
}

/// Write the moves from `start` to `end` (following `previous`) into `plan`.
fn trace(previous: &[(Cell, Move)], start: Cell, end: Cell, plan: &mut VecDeque<Move>) {
    plan.clear();
    let mut at = end;
    while at != start {
        let (before, mv) = previous[at as usize];
        plan.push_front(mv);
        at = before;
    }
}

impl Paths {
    /// Start a search: a fresh stamp, buffers sized to the map.
    fn begin(&mut self, cells: usize) -> u32 {
        if self.stamp.len() != cells || self.current == u32::MAX {
            self.stamp = vec![0; cells];
            self.cost = vec![0; cells];
            self.previous = vec![(NONE, Move::Hold); cells];
            self.current = 0;
        }
        self.current += 1;
        self.current
    }

    /// The Manhattan distance from every cell to the nearest pill (walls ignored, as
    /// the framework's heuristic does), rebuilt only when the pills change: a
    /// two-pass L1 distance transform, O(W·H).
    fn pill_heuristic(&mut self, game: &Game) {
        let map = &game.world().map;
        if self.field.len() == map.len() && self.field_pills == game.pill_cells() {
            return;
        }
        self.field_pills.clear();
        self.field_pills.extend_from_slice(game.pill_cells());
        let (w, h) = (map.width(), map.height());
        self.field.clear();
        self.field.resize(map.len(), u32::MAX / 2);
        for &p in game.pill_cells() {
            self.field[p as usize] = 0;
        }
        let field = &mut self.field;
        for y in 0..h {
            for x in 0..w {
                let i = x + y * w;
                let mut d = field[i];
                if x > 0 {
                    d = d.min(field[i - 1] + 1);
                }
                if y > 0 {
                    d = d.min(field[i - w] + 1);
                }
                field[i] = d;
            }
        }
        for y in (0..h).rev() {
            for x in (0..w).rev() {
                let i = x + y * w;
                let mut d = field[i];
                if x + 1 < w {
                    d = d.min(field[i + 1] + 1);
                }
                if y + 1 < h {
                    d = d.min(field[i + w] + 1);
                }
                field[i] = d;
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
        let world = game.world();
        let steps = &world.steps;
        let width = world.map.width() as u64;
        if target == Target::Pills {
            self.pill_heuristic(game);
        }
        self.ghosts.clear();
        if cost == Cost::GhostProximity {
            self.ghosts
                .extend(game.ghosts().iter().map(|&g| steps.xy(g)));
        }
        let now = self.begin(world.map.len());
        let Paths {
            stamp,
            cost: costs,
            previous,
            heap,
            field,
            ghosts,
            ..
        } = self;
        let goal = match target {
            Target::Cell(t) => Some((t, steps.xy(t))),
            Target::Pills => None,
        };
        let h = |c: Cell| match goal {
            Some((_, t)) => manhattan(steps.xy(c), t),
            None => field[c as usize],
        };
        let is_end = |c: Cell| match goal {
            Some((t, _)) => c == t,
            None => game.has_pill(c),
        };
        let key = |f: u32, c: Cell| {
            let (x, y) = steps.xy(c);
            (u64::from(f) << 32) | ((x as u64) << 16) | y as u64
        };
        heap.clear();
        stamp[start as usize] = now;
        costs[start as usize] = 0;
        heap.push(Reverse(key(h(start), start)));
        while let Some(&Reverse(top)) = heap.peek() {
            if (top >> 32) as u32 >= IMPOSSIBLE_COST {
                return Found::ExtremeCost;
            }
            heap.pop();
            let current = ((top >> 16) & 0xffff) as Cell + (top & 0xffff) as Cell * width as Cell;
            let g = costs[current as usize];
            for (k, &n) in steps.of(current).iter().enumerate() {
                if n == NONE || stamp[n as usize] == now {
                    continue;
                }
                previous[n as usize] = (current, Move::STEPS[k]);
                if is_end(n) {
                    trace(previous, start, n, plan);
                    return Found::Path;
                }
                let step = match cost {
                    Cost::Unit => 1,
                    Cost::GhostProximity => match nearest_manhattan(steps.xy(n), ghosts) {
                        0 => IMPOSSIBLE_COST,
                        1 => IMPOSSIBLE_COST / 10,
                        d => PROXIMITY_RADIUS.saturating_sub(d).pow(2) + 1,
                    },
                };
                let g = g + step;
                stamp[n as usize] = now;
                costs[n as usize] = g;
                heap.push(Reverse(key(g + h(n), n)));
            }
        }
        Found::Unreachable
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
        self.queue.clear();
        self.queue.push(start);
        let mut head = 0;
        while head < self.queue.len() {
            let current = self.queue[head];
            head += 1;
            let next = steps.of(current);
            for &k in &ORDERS[rng.random_range(0..ORDERS.len())] {
                let n = next[k as usize];
                if n == NONE || self.stamp[n as usize] == now {
                    continue;
                }
                if n != start {
                    self.previous[n as usize] = (current, Move::STEPS[k as usize]);
                }
                if game.has_pill(n) {
                    if n == start {
                        // Out and back: the framework does not mark the start visited.
                        plan.clear();
                        plan.push_back(self.previous[current as usize].1);
                        plan.push_back(Move::STEPS[k as usize]);
                    } else {
                        trace(&self.previous, start, n, plan);
                    }
                    return Found::Path;
                }
                self.stamp[n as usize] = now;
                self.queue.push(n);
            }
        }
        Found::Unreachable
    }
}
