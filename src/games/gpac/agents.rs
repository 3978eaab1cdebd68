//! The controllers: Pac-Man `pill`, `fruit`, `avoid`; ghosts `wander`, `chase`. They read
//! distances from the map's all-pairs table, so a turn costs microseconds.

use super::map::{Cell, FAR, NONE};
use super::queue::BucketQueue;
use super::rules::{Game, Move};
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// The generator every GPac game uses: the same seed, the same game, natively and in
/// the browser.
pub type GameRng = Pcg64Mcg;

/// Pac-Man's controllers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PacKind {
    /// A step along a shortest path to the nearest pill.
    Pill,
    /// The fruit when there is one, else as `pill`.
    Fruit,
    /// A cheapest path to the nearest pill or fruit, where cells near a ghost cost
    /// more; replans when a ghost is within 3 (Manhattan) or the plan is 10 turns old.
    Avoid,
}

/// The ghosts' controllers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GhostKind {
    /// A random legal move.
    Wander,
    /// A step along a shortest path to Pac-Man; one move in four is random.
    Chase,
}

impl std::str::FromStr for PacKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "pill" => Ok(PacKind::Pill),
            "fruit" => Ok(PacKind::Fruit),
            "avoid" => Ok(PacKind::Avoid),
            _ => Err(format!(
                "Pac-Man agent must be pill, fruit or avoid, not '{s}'"
            )),
        }
    }
}

impl std::str::FromStr for GhostKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "wander" => Ok(GhostKind::Wander),
            "chase" => Ok(GhostKind::Chase),
            _ => Err(format!("ghost agent must be wander or chase, not '{s}'")),
        }
    }
}

/// The step from `from` that brings a unit one closer to `target` by the table
/// (first in the order up, right, down, left), or `None` if unreachable.
fn step_towards(game: &Game, from: Cell, target: Cell, ghost: bool) -> Option<Move> {
    let d = &game.world().distances;
    let now = d.get(from, target);
    if now == FAR || now == 0 {
        return None;
    }
    Move::STEPS.into_iter().find(|&m| {
        game.target(from, m, ghost)
            .is_some_and(|n| d.get(n, target) == now - 1)
    })
}

/// Distances to the nearest pill, kept up to date as pills are eaten: a multi-source
/// BFS at first; then, when a pill goes, only the cells that had it as their nearest
/// are recomputed from the distance table.
#[derive(Clone, Debug, Default)]
struct PillField {
    dist: Vec<u16>,
    pills: Vec<Cell>,
    queue: Vec<Cell>,
}

impl PillField {
    fn update(&mut self, game: &Game) -> &[u16] {
        let cells = game.pills().len();
        if self.dist.len() != cells {
            self.pills = (0..cells as Cell).filter(|&c| game.has_pill(c)).collect();
            self.dist.clear();
            self.dist.resize(cells, FAR);
            game.world()
                .steps
                .bfs(&self.pills, &mut self.dist, &mut self.queue);
        } else if self.pills.len() != game.pills_left() as usize {
            let table = &game.world().distances;
            let mut gone = Vec::new();
            self.pills.retain(|&p| {
                let kept = game.has_pill(p);
                if !kept {
                    gone.push(p);
                }
                kept
            });
            for p in gone {
                let from_gone = table.row(p);
                for (c, (d, &via_gone)) in self.dist.iter_mut().zip(from_gone).enumerate() {
                    if *d != FAR && *d == via_gone {
                        *d = self
                            .pills
                            .iter()
                            .map(|&q| table.get(q, c as Cell))
                            .min()
                            .unwrap_or(FAR);
                    }
                }
            }
        }
        &self.dist
    }
}

/// The step down a distance field (first in the order up, right, down, left), or
/// `None` at its bottom or where it is unreachable.
fn step_down(game: &Game, from: Cell, field: &[u16]) -> Option<Move> {
    let now = field[from as usize];
    if now == FAR || now == 0 {
        return None;
    }
    let next = game.world().steps.of(from);
    (0..4)
        .find(|&k| next[k] != NONE && field[next[k] as usize] == now - 1)
        .map(|k| Move::STEPS[k])
}

fn random_move(game: &Game, from: Cell, ghost: bool, rng: &mut GameRng) -> Move {
    let legal: Vec<Move> = game.legal_moves(from, ghost).collect();
    if legal.is_empty() {
        Move::Hold
    } else {
        legal[rng.random_range(0..legal.len())]
    }
}

/// A Pac-Man controller with its memory (the avoiding agent's plan).
#[derive(Clone, Debug)]
pub struct PacAgent {
    kind: PacKind,
    plan: VecDeque<Move>,
    planned_at: i64,
    search: Search,
    pills: PillField,
    targets: Vec<u16>,
    targets_for: Option<(u32, Cell)>,
}

/// The avoiding agent's search memory, reused from search to search: entries are
/// valid only where `stamp` holds the current search's number.
#[derive(Clone, Debug, Default)]
struct Search {
    stamp: Vec<u32>,
    current: u32,
    cost: Vec<u32>,
    previous: Vec<(Cell, Move)>,
    enter: Vec<u32>,
    queue: BucketQueue,
}

/// Cost of entering a ghost's cell or a cell next to a ghost (the framework's
/// "impossible" costs).
const ON_GHOST: u32 = 1_000_000;
const NEXT_TO_GHOST: u32 = 100_000;
/// Replan when a ghost is this close (Manhattan).
const AVOIDANCE_RADIUS: u32 = 3;
/// Replan when the plan is older than this many turns.
const MAX_PLAN_AGE: i64 = 10;
/// Cells within this Manhattan distance of a ghost cost more.
const COST_RADIUS: u32 = 10;

impl PacAgent {
    /// A fresh controller.
    pub fn new(kind: PacKind) -> PacAgent {
        PacAgent {
            kind,
            plan: VecDeque::new(),
            planned_at: 0,
            search: Search::default(),
            pills: PillField::default(),
            targets: Vec::new(),
            targets_for: None,
        }
    }

    /// Pac-Man's move this turn.
    pub fn choose(&mut self, game: &Game, rng: &mut GameRng) -> Move {
        let pac = game.pacman();
        let fruit = game
            .fruit()
            .filter(|&f| game.world().distances.get(pac, f) != FAR);
        match (self.kind, fruit) {
            (PacKind::Fruit, Some(f)) => step_towards(game, pac, f, false).unwrap_or(Move::Hold),
            (PacKind::Pill | PacKind::Fruit, _) => {
                step_down(game, pac, self.pills.update(game)).unwrap_or(Move::Hold)
            }
            (PacKind::Avoid, _) => self.avoid(game, rng),
        }
    }

    fn avoid(&mut self, game: &Game, _rng: &mut GameRng) -> Move {
        let pac = game.pacman();
        let near = nearest_manhattan(game, pac);
        if near <= AVOIDANCE_RADIUS || game.time() < self.planned_at - MAX_PLAN_AGE {
            self.plan.clear();
        }
        if self.plan.is_empty() {
            self.plan_cheapest_path(game);
            self.planned_at = game.time();
        }
        match self.plan.pop_front() {
            Some(m) if game.target(pac, m, false).is_some() => m,
            _ => {
                self.plan.clear();
                Move::Hold
            }
        }
    }

    /// A* from Pac-Man to the cheapest pill or fruit, entering a cell costing more the
    /// closer it is to a ghost; the heuristic is the plain distance to the nearest
    /// pill or fruit (every step costs at least 1). `None` if every path runs into a
    /// ghost.
    fn plan_cheapest_path(&mut self, game: &Game) {
        let pills = self.pills.update(game);
        let h: &[u16] = match game.fruit() {
            Some(f) => {
                let key = (game.pills_left(), f);
                if self.targets_for != Some(key) {
                    let to_fruit = game.world().distances.row(f);
                    self.targets.clear();
                    self.targets
                        .extend(pills.iter().zip(to_fruit).map(|(&a, &b)| a.min(b)));
                    self.targets_for = Some(key);
                }
                &self.targets
            }
            None => pills,
        };
        self.plan.clear();
        self.search.run(game, h, &mut self.plan);
    }
}

impl Search {
    /// Fill `path` with the moves of the cheapest path (left empty if none).
    fn run(&mut self, game: &Game, h: &[u16], path: &mut VecDeque<Move>) {
        let world = game.world();
        let start = game.pacman();
        if h[start as usize] == FAR {
            return;
        }
        let cells = world.map.len();
        if self.stamp.len() != cells || self.current == u32::MAX {
            self.stamp = vec![0; cells];
            self.cost = vec![0; cells];
            self.previous = vec![(NONE, Move::Hold); cells];
            self.enter = vec![0; cells];
            self.current = 0;
        }
        self.current += 1;
        let now = self.current;
        let mut ghosts = [(0i32, 0i32); 8];
        let many: Vec<(i32, i32)>;
        let ghost_xy: &[(i32, i32)] = if game.ghosts().len() <= ghosts.len() {
            for (slot, &g) in ghosts.iter_mut().zip(game.ghosts()) {
                *slot = world.steps.xy(g);
            }
            &ghosts[..game.ghosts().len()]
        } else {
            many = game.ghosts().iter().map(|&g| world.steps.xy(g)).collect();
            &many
        };
        let enter_cost = |c: Cell| {
            let (x, y) = world.steps.xy(c);
            let d = ghost_xy
                .iter()
                .map(|&(gx, gy)| (x - gx).unsigned_abs() + (y - gy).unsigned_abs())
                .min()
                .unwrap_or(u32::MAX);
            match d {
                0 => ON_GHOST,
                1 => NEXT_TO_GHOST,
                d => COST_RADIUS.saturating_sub(d).pow(2) + 1,
            }
        };
        self.stamp[start as usize] = now;
        self.cost[start as usize] = 0;
        self.enter[start as usize] = 0;
        self.queue.clear();
        self.queue.push(u32::from(h[start as usize]), start);
        while let Some((f, cell)) = self.queue.pop() {
            let g = self.cost[cell as usize];
            if f > g + u32::from(h[cell as usize]) {
                continue;
            }
            if g >= ON_GHOST {
                return;
            }
            if cell != start && h[cell as usize] == 0 {
                let mut at = cell;
                while at != start {
                    let (prev, mv) = self.previous[at as usize];
                    path.push_front(mv);
                    at = prev;
                }
                return;
            }
            let next = world.steps.of(cell);
            for (k, &n) in next.iter().enumerate() {
                if n == NONE {
                    continue;
                }
                let i = n as usize;
                let seen = self.stamp[i] == now;
                if !seen {
                    self.stamp[i] = now;
                    self.enter[i] = enter_cost(n);
                    self.cost[i] = u32::MAX;
                }
                let total = g.saturating_add(self.enter[i]);
                if total < self.cost[i] {
                    self.cost[i] = total;
                    self.previous[i] = (cell, Move::STEPS[k]);
                    self.queue.push(total.saturating_add(u32::from(h[i])), n);
                }
            }
        }
    }
}

/// Manhattan distance from `cell` to the nearest ghost (`u32::MAX` without ghosts).
fn nearest_manhattan(game: &Game, cell: Cell) -> u32 {
    let map = &game.world().map;
    let (x, y) = map.xy(cell);
    game.ghosts()
        .iter()
        .map(|&g| {
            let (gx, gy) = map.xy(g);
            (x.abs_diff(gx) + y.abs_diff(gy)) as u32
        })
        .min()
        .unwrap_or(u32::MAX)
}

/// Chance that a chasing ghost moves at random.
const WANDER_CHANCE: f64 = 0.25;

/// A ghost's move this turn.
pub fn ghost_move(kind: GhostKind, game: &Game, ghost: usize, rng: &mut GameRng) -> Move {
    let from = game.ghosts()[ghost];
    match kind {
        GhostKind::Wander => random_move(game, from, true, rng),
        GhostKind::Chase => {
            if rng.random::<f64>() < WANDER_CHANCE {
                return random_move(game, from, true, rng);
            }
            step_towards(game, from, game.pacman(), true)
                .unwrap_or_else(|| random_move(game, from, true, rng))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gpac::{repair, Map, Settings, World};
    use rand::SeedableRng;
    use std::sync::Arc;

    /// The pill field kept up through the distance table equals a fresh BFS from the
    /// remaining pills after every turn of whole games.
    #[test]
    fn the_pill_field_follows_eaten_pills_exactly() {
        let mut eaten = 0;
        for seed in 0..6u64 {
            let mut rng = GameRng::seed_from_u64(seed);
            let walls = (0..20 * 12).map(|_| rng.random::<f64>() < 0.3).collect();
            let map = repair(&Map::from_walls(20, 12, walls).unwrap()).map;
            let world = Arc::new(World::new(map));
            let settings = Settings {
                pill_density: 0.3,
                ..Settings::default()
            };
            let mut game = Game::new(Arc::clone(&world), &settings, &mut rng, false);
            let mut field = PillField::default();
            let mut pac = PacAgent::new(PacKind::Pill);
            while game.end().is_none() {
                let kept = field.update(&game).to_vec();
                let sources: Vec<Cell> = (0..game.pills().len() as Cell)
                    .filter(|&c| game.has_pill(c))
                    .collect();
                let mut fresh = vec![FAR; game.pills().len()];
                world.steps.bfs(&sources, &mut fresh, &mut Vec::new());
                assert_eq!(kept, fresh, "seed {seed}, time {}", game.time());
                let mv = pac.choose(&game, &mut rng);
                let ghosts: Vec<Move> = (0..game.ghosts().len())
                    .map(|g| ghost_move(GhostKind::Wander, &game, g, &mut rng))
                    .collect();
                game.step(mv, &ghosts, &mut rng).unwrap();
            }
            eaten += game.pills_total() - game.pills_left();
        }
        assert!(
            eaten > 30,
            "only {eaten} pills eaten: the test checks too little"
        );
    }
}
