//! The controllers, rule for rule as the course framework's `staticAgents.py` plays
//! them: Pac-Man `pill`, `fruit`, `avoid`; ghosts `wander`, `chase`. Each keeps the
//! framework's memory (a planned path, when it was planned, its target), so a game
//! here is a game there; only the random numbers differ (Python's cannot be
//! replayed), which is why a seed gives one game natively and in the browser.
//!
//! Where the framework would crash (a target no path reaches, which a repaired map
//! never has), Pac-Man holds and a ghost moves at random.

use super::map::Cell;
use super::paths::{manhattan, Cost, Found, Paths, Target};
use super::rules::{Game, Move};
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// The generator every GPac game uses: the same seed, the same game, natively and in
/// the browser.
pub type GameRng = Pcg64Mcg;

/// Pac-Man's controllers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PacKind {
    /// `shortestPathPillAgent`: follows a path to the nearest pill to its end, then
    /// plans the next (A*, or with more than 30 pills a BFS in random direction order).
    Pill,
    /// `shortestPathFruitAgent`: as `pill`, but when its plan runs out while a fruit
    /// is on the map, plans to the fruit (A*).
    Fruit,
    /// `AvoidingPacmanAgent`: plans where cells near a ghost cost more; drops its plan
    /// when a ghost is within 3 (Manhattan) or the plan is over 10 turns old; takes the
    /// fruit when its path is under 4 times the pill path and time allows.
    Avoid,
}

/// The ghosts' controllers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum GhostKind {
    /// `RandomGhostAgent`: a random legal move.
    Wander,
    /// `ChasingGhostAgent`: follows an A* path to where Pac-Man was; plans anew when
    /// it has none, has used it up, or it is stale (Pac-Man's Manhattan drift from the
    /// path's target × 5 ≥ the moves left), and then moves at random instead one time
    /// in four.
    Chase,
}

crate::names!(PacKind, "Pac-Man agent", {
    PacKind::Pill => "pill",
    PacKind::Fruit => "fruit",
    PacKind::Avoid => "avoid",
});

crate::names!(GhostKind, "ghost agent", {
    GhostKind::Wander => "wander",
    GhostKind::Chase => "chase",
});

/// The framework's `len(game.pills) > 30`: above this, Pac-Man's pill path is a BFS.
const BFS_ABOVE_PILLS: usize = 30;
/// `avoidance_radius`: a ghost this close (Manhattan) makes the avoiding agent replan.
const AVOIDANCE_RADIUS: u32 = 3;
/// `maximum_path_age`.
const MAX_PLAN_AGE: i64 = 10;
/// `fruit_factor`.
const FRUIT_FACTOR: usize = 4;
/// `path_staleness_ratio`.
const STALENESS_RATIO: u32 = 5;
/// `random_wander_chance`.
const WANDER_CHANCE: f64 = 0.25;

/// What a Pac-Man agent remembers between turns (`pre_planned_actions`,
/// `path_timestamp`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PacMemory {
    /// The moves still planned.
    pub plan: VecDeque<Move>,
    /// The time left when the avoiding agent last planned.
    pub planned_at: Option<i64>,
}

/// A Pac-Man controller with its memory.
#[derive(Clone, Debug)]
pub struct PacAgent {
    kind: PacKind,
    memory: PacMemory,
    paths: Paths,
    spare: VecDeque<Move>,
}

impl PacAgent {
    /// A fresh controller.
    pub fn new(kind: PacKind) -> PacAgent {
        PacAgent::resume(kind, PacMemory::default())
    }

    /// A controller that remembers `memory` (to continue a recorded game).
    pub fn resume(kind: PacKind, memory: PacMemory) -> PacAgent {
        PacAgent {
            kind,
            memory,
            paths: Paths::default(),
            spare: VecDeque::new(),
        }
    }

    /// What it remembers now.
    pub fn memory(&self) -> &PacMemory {
        &self.memory
    }

    /// Pac-Man's move this turn.
    pub fn choose(&mut self, game: &Game, rng: &mut GameRng) -> Move {
        match self.kind {
            PacKind::Pill => self.pill(game, rng),
            PacKind::Fruit => {
                if let Some(fruit) = game.fruit() {
                    if self.memory.plan.is_empty() {
                        let plan = &mut self.memory.plan;
                        let found = self.paths.a_star(
                            game,
                            game.pacman(),
                            Target::Cell(fruit),
                            Cost::Unit,
                            plan,
                        );
                        if found != Found::Path {
                            // No path to the fruit: the pill agent plans instead.
                            plan.clear();
                        }
                    }
                }
                self.pill(game, rng)
            }
            PacKind::Avoid => self.avoid(game, rng),
        }
    }

    fn pill(&mut self, game: &Game, rng: &mut GameRng) -> Move {
        if self.memory.plan.is_empty() {
            let mut plan = std::mem::take(&mut self.memory.plan);
            self.path_to_pill(game, Cost::Unit, rng, &mut plan);
            self.memory.plan = plan;
        }
        self.memory.plan.pop_front().unwrap_or(Move::Hold)
    }

    /// `path_to_pill_a_star`: the BFS above 30 pills, else A*; "hold" when A* gives
    /// up or nothing is reachable.
    fn path_to_pill(
        &mut self,
        game: &Game,
        cost: Cost,
        rng: &mut GameRng,
        plan: &mut VecDeque<Move>,
    ) {
        let found = if game.pill_cells().len() > BFS_ABOVE_PILLS {
            self.paths.bfs_to_pill(game, game.pacman(), rng, plan)
        } else {
            self.paths
                .a_star(game, game.pacman(), Target::Pills, cost, plan)
        };
        hold_unless_found(found, plan);
    }

    fn avoid(&mut self, game: &Game, rng: &mut GameRng) -> Move {
        let pac = game.pacman();
        let steps = &game.world().steps;
        let near = game
            .ghosts()
            .iter()
            .map(|&g| manhattan(steps.xy(pac), steps.xy(g)))
            .min()
            .unwrap_or(u32::MAX);
        let age = self.memory.planned_at.map_or(0, |t| t - game.time());
        if near <= AVOIDANCE_RADIUS || age > MAX_PLAN_AGE {
            self.memory.plan.clear();
        }
        if self.memory.plan.is_empty() {
            let mut plan = std::mem::take(&mut self.memory.plan);
            match game.fruit() {
                Some(fruit) => {
                    // The framework searches the fruit first; that search draws no
                    // random numbers, so doing the pill first changes nothing, and
                    // lets a fruit too far to be taken go unsearched: a path is at
                    // least as long as the Manhattan distance.
                    self.path_to_pill(game, Cost::GhostProximity, rng, &mut plan);
                    let pill_len = plan.len();
                    let pill_holds = plan.front() == Some(&Move::Hold);
                    let worth = |fruit_len: usize| {
                        pill_holds
                            || (fruit_len < pill_len * FRUIT_FACTOR
                                && ((2 * fruit_len + pill_len) as i64) < game.time())
                    };
                    let reach = manhattan(steps.xy(pac), steps.xy(fruit)) as usize;
                    if worth(reach) {
                        let mut fruit_plan = std::mem::take(&mut self.spare);
                        let found = self.paths.a_star(
                            game,
                            pac,
                            Target::Cell(fruit),
                            Cost::GhostProximity,
                            &mut fruit_plan,
                        );
                        if found == Found::Path && worth(fruit_plan.len()) {
                            std::mem::swap(&mut plan, &mut fruit_plan);
                        }
                        self.spare = fruit_plan;
                    }
                }
                None => self.path_to_pill(game, Cost::GhostProximity, rng, &mut plan),
            }
            self.memory.plan = plan;
            self.memory.planned_at = Some(game.time());
        }
        self.memory.plan.pop_front().unwrap_or(Move::Hold)
    }
}

/// A plan of one "hold" unless the search found a path.
fn hold_unless_found(found: Found, plan: &mut VecDeque<Move>) {
    if found != Found::Path {
        plan.clear();
        plan.push_back(Move::Hold);
    }
}

/// What a chasing ghost remembers between turns (`path_target`,
/// `pre_planned_actions`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChaseMemory {
    /// Where Pac-Man was when the path was planned (`None` after a random move).
    pub target: Option<Cell>,
    /// The moves still planned.
    pub plan: VecDeque<Move>,
}

/// A ghost's controller with its memory.
#[derive(Clone, Debug)]
pub struct GhostAgent {
    kind: GhostKind,
    memory: ChaseMemory,
    paths: Paths,
}

impl GhostAgent {
    /// A fresh controller.
    pub fn new(kind: GhostKind) -> GhostAgent {
        GhostAgent::resume(kind, ChaseMemory::default())
    }

    /// A controller that remembers `memory`.
    pub fn resume(kind: GhostKind, memory: ChaseMemory) -> GhostAgent {
        GhostAgent {
            kind,
            memory,
            paths: Paths::default(),
        }
    }

    /// What it remembers now.
    pub fn memory(&self) -> &ChaseMemory {
        &self.memory
    }

    /// Ghost `ghost`'s move this turn.
    pub fn choose(&mut self, game: &Game, ghost: usize, rng: &mut GameRng) -> Move {
        let from = game.ghosts()[ghost];
        if self.kind == GhostKind::Wander {
            return random_move(game, from, rng);
        }
        if self.replan_due(game) {
            if rng.random::<f64>() < WANDER_CHANCE {
                self.memory = ChaseMemory::default();
                return random_move(game, from, rng);
            }
            self.replan(game, ghost);
        }
        match self.memory.plan.pop_front() {
            Some(mv) => mv,
            None => random_move(game, from, rng),
        }
    }

    /// Whether the chasing ghost plans anew this turn: no target, no moves left, or
    /// Pac-Man's drift from the target × 5 ≥ the moves left.
    pub fn replan_due(&self, game: &Game) -> bool {
        let Some(target) = self.memory.target else {
            return true;
        };
        if self.memory.plan.is_empty() {
            return true;
        }
        let steps = &game.world().steps;
        let drift = manhattan(steps.xy(target), steps.xy(game.pacman()));
        drift * STALENESS_RATIO >= self.memory.plan.len() as u32
    }

    /// `path_to_pacman`: plan an A* path from ghost `ghost` to Pac-Man and make
    /// Pac-Man's cell the target (no path leaves the plan empty).
    pub fn replan(&mut self, game: &Game, ghost: usize) {
        let from = game.ghosts()[ghost];
        let found = self.paths.a_star(
            game,
            from,
            Target::Cell(game.pacman()),
            Cost::Unit,
            &mut self.memory.plan,
        );
        if found != Found::Path {
            self.memory.plan.clear();
        }
        self.memory.target = Some(game.pacman());
    }
}

/// `random.choice(game.get_actions(ghost))`: a legal ghost move, uniformly (hold if a
/// ghost is walled in, which the game then refuses).
fn random_move(game: &Game, from: Cell, rng: &mut GameRng) -> Move {
    let mut legal = [Move::Hold; 4];
    let mut count = 0;
    for mv in game.legal_moves(from, true) {
        legal[count] = mv;
        count += 1;
    }
    if count == 0 {
        Move::Hold
    } else {
        legal[rng.random_range(0..count)]
    }
}

/// Every controller of a game, Pac-Man's and one per ghost, each with its memory.
/// Pac-Man decides first, then ghost 1, 2, …, all on the same position, as the
/// framework's game loop asks them.
#[derive(Clone, Debug)]
pub struct Agents {
    /// Pac-Man's controller.
    pub pacman: PacAgent,
    ghosts: Vec<GhostAgent>,
    moves: Vec<Move>,
}

impl Agents {
    /// Fresh controllers for `ghost_count` ghosts.
    pub fn new(pacman: PacKind, ghosts: GhostKind, ghost_count: usize) -> Agents {
        Agents {
            pacman: PacAgent::new(pacman),
            ghosts: (0..ghost_count).map(|_| GhostAgent::new(ghosts)).collect(),
            moves: vec![Move::Up; ghost_count],
        }
    }

    /// Pac-Man's move and the ghosts' moves this turn.
    pub fn decide(&mut self, game: &Game, rng: &mut GameRng) -> (Move, &[Move]) {
        let pac = self.pacman.choose(game, rng);
        (pac, self.ghost_moves(game, rng))
    }

    /// The ghosts' moves this turn (Pac-Man moved by someone else).
    pub fn ghost_moves(&mut self, game: &Game, rng: &mut GameRng) -> &[Move] {
        for (g, (agent, slot)) in self.ghosts.iter_mut().zip(&mut self.moves).enumerate() {
            *slot = agent.choose(game, g, rng);
        }
        &self.moves
    }
}
