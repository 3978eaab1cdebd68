//! The Arena engine: 4 players and 4 ghosts moving in integer points on a 16×16 maze,
//! pellets, power pellets, landmines, the hub, rounds and a 6000-step game. Pure and
//! deterministic: the seed and the commands decide everything.

use super::maze::{Heading, Maze, CELL, HUB, SIDE};
use crate::error::FieldError;
use crate::grid::distance::DistanceMap;
use rand::Rng;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// A match's numbers (the spec's defaults).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Config {
    /// Steps in a game.
    pub steps: u32,
    /// Player speed, points a step.
    pub player_speed: i32,
    /// Player speed in power mode.
    pub power_speed: i32,
    /// Ghost speed.
    pub ghost_speed: i32,
    /// Power mode length in steps.
    pub power_steps: u32,
    /// Steps in the hub after being caught or mined.
    pub hub_steps: u32,
    /// Steps before a dropped landmine is active.
    pub mine_delay: u32,
    /// Power pellets per round.
    pub power_pellets: usize,
    /// Landmines on the ground per round.
    pub landmines: usize,
    /// Points for a pellet.
    pub pellet_score: i64,
    /// Points for catching a ghost in power mode.
    pub ghost_score: i64,
    /// Overlap: Manhattan distance in points at most this.
    pub overlap: i32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            steps: 6000,
            player_speed: 5,
            power_speed: 8,
            ghost_speed: 5,
            power_steps: 200,
            hub_steps: 100,
            mine_delay: 5,
            power_pellets: 4,
            landmines: 4,
            pellet_score: 10,
            ghost_score: 200,
            overlap: 12,
        }
    }
}

/// The longest game, in steps (also the longest power mode, hub wait and mine
/// delay).
pub const MAX_STEPS: u32 = 1_000_000;
/// The most power pellets and landmines a round may hold together: well under the
/// maze's cells outside the hub, so that pellets remain and a round can be played.
pub const MAX_ITEMS: usize = SIDE * SIDE / 2;
/// The most points a pellet or a ghost may be worth, in absolute value.
pub const MAX_POINTS: i64 = 1_000_000;

impl Config {
    /// Check every number against its limit: 1 to [`MAX_STEPS`] steps, speeds and
    /// the overlap within a cell ([`CELL`] points), durations up to [`MAX_STEPS`],
    /// at most [`MAX_ITEMS`] power pellets and landmines together, points within
    /// ±[`MAX_POINTS`]. The error names the field.
    ///
    /// ```
    /// use gridlab::games::arena::Config;
    /// assert!(Config::default().check().is_ok());
    /// let fast = Config { ghost_speed: 1 << 30, ..Config::default() };
    /// assert_eq!(fast.check().unwrap_err().field, "ghost_speed");
    /// ```
    pub fn check(&self) -> Result<(), FieldError> {
        let steps = MAX_STEPS as usize;
        FieldError::check_count("steps", self.steps as usize, 1, steps)?;
        for (field, speed) in [
            ("player_speed", self.player_speed),
            ("power_speed", self.power_speed),
            ("ghost_speed", self.ghost_speed),
            ("overlap", self.overlap),
        ] {
            let value = usize::try_from(speed).unwrap_or(usize::MAX);
            FieldError::check_count(field, value, 0, CELL as usize)?;
        }
        for (field, value) in [
            ("power_steps", self.power_steps),
            ("hub_steps", self.hub_steps),
            ("mine_delay", self.mine_delay),
        ] {
            FieldError::check_count(field, value as usize, 0, steps)?;
        }
        FieldError::check_count("power_pellets", self.power_pellets, 0, MAX_ITEMS)?;
        FieldError::check_count(
            "landmines",
            self.landmines,
            0,
            MAX_ITEMS - self.power_pellets,
        )?;
        for (field, points) in [
            ("pellet_score", self.pellet_score),
            ("ghost_score", self.ghost_score),
        ] {
            let bound = MAX_POINTS as f64;
            FieldError::check_number(field, points as f64, -bound, bound)?;
        }
        Ok(())
    }
}

/// A player's command for a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Go this way (now if possible, else at the next open cell centre).
    Go(Heading),
    /// Reverse: no motion this step, the direction flips.
    Reverse,
    /// Drop a landmine where the player is at the end of the step.
    Drop,
}

impl Command {
    /// The protocol's word: `U D L R REV DROP`.
    pub fn word(self) -> &'static str {
        match self {
            Command::Go(Heading::Up) => "U",
            Command::Go(Heading::Down) => "D",
            Command::Go(Heading::Left) => "L",
            Command::Go(Heading::Right) => "R",
            Command::Reverse => "REV",
            Command::Drop => "DROP",
        }
    }

    /// The command of a protocol word.
    pub fn from_word(word: &str) -> Option<Command> {
        Some(match word {
            "U" => Command::Go(Heading::Up),
            "D" => Command::Go(Heading::Down),
            "L" => Command::Go(Heading::Left),
            "R" => Command::Go(Heading::Right),
            "REV" => Command::Reverse,
            "DROP" => Command::Drop,
            _ => return None,
        })
    }
}

/// What lies on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Item {
    /// Nothing.
    None,
    /// +10.
    Pellet,
    /// Power mode.
    Power,
    /// A landmine to collect.
    Mine,
}

/// A moving unit: position in points, heading (None: standing), hub wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Unit {
    /// x in points (0..400).
    pub x: i32,
    /// y in points, downwards.
    pub y: i32,
    /// Direction of motion.
    pub heading: Option<Heading>,
    /// Steps left to stay in the hub.
    pub wait: u32,
}

/// A player: a unit with a score, power mode, landmines and a turn it waits to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    /// Position and motion.
    pub unit: Unit,
    /// Score.
    pub score: i64,
    /// Power-mode steps left.
    pub power: u32,
    /// Landmines held.
    pub mines: u32,
    /// A turn to make at the next open cell centre.
    pub pending: Option<Heading>,
}

/// A dropped landmine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Landmine {
    /// x in points.
    pub x: i32,
    /// y in points.
    pub y: i32,
    /// Steps until active (0 = active).
    pub arming: u32,
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Arena {
    /// The numbers.
    pub config: Config,
    /// Steps played.
    pub tick: u32,
    /// The round (from 1).
    pub round: u32,
    /// The maze of this round.
    pub maze: Maze,
    /// Items by cell (row-major).
    pub items: Vec<Item>,
    /// Pellets left this round.
    pub pellets_left: u32,
    /// The four players.
    pub players: Vec<Player>,
    /// The four ghosts.
    pub ghosts: Vec<Unit>,
    /// Dropped landmines.
    pub landmines: Vec<Landmine>,
    #[serde(skip, default = "default_rng")]
    rng: Pcg64Mcg,
    #[serde(skip)]
    distances: Vec<u8>,
}

fn default_rng() -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(0)
}

/// The centre of a cell in points.
pub const fn centre(cell: i32) -> i32 {
    cell * CELL + CELL / 2
}

impl Arena {
    /// A new game seeded by `seed`.
    ///
    /// ```
    /// use gridlab::games::arena::{Arena, Config};
    /// let mut a = Arena::new(Config::default(), 7);
    /// let b = Arena::new(Config::default(), 7);
    /// assert_eq!(a.maze, b.maze);
    /// a.step(&[None; 4]);
    /// assert_eq!(a.tick, 1);
    /// ```
    pub fn new(config: Config, seed: u64) -> Arena {
        let mut arena = Arena {
            config,
            tick: 0,
            round: 0,
            maze: Maze::generate(&mut Pcg64Mcg::seed_from_u64(seed)),
            items: Vec::new(),
            pellets_left: 0,
            players: vec![
                Player {
                    unit: Unit {
                        x: 0,
                        y: 0,
                        heading: None,
                        wait: 0
                    },
                    score: 0,
                    power: 0,
                    mines: 0,
                    pending: None
                };
                4
            ],
            ghosts: Vec::new(),
            landmines: Vec::new(),
            rng: Pcg64Mcg::seed_from_u64(seed),
            distances: Vec::new(),
        };
        arena.new_round();
        arena
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.tick >= self.config.steps
    }

    /// Start a round: a new maze, items, everyone back to the hub, effects reset
    /// (scores stay).
    fn new_round(&mut self) {
        self.round += 1;
        if self.round > 1 {
            self.maze = Maze::generate(&mut self.rng);
        }
        let mut dist = DistanceMap::new(SIDE * SIDE);
        self.distances.clear();
        for c in 0..SIDE * SIDE {
            self.maze.fill_distances(c, &mut dist);
            self.distances.extend_from_slice(dist.cells());
        }
        let mut free: Vec<usize> = (0..SIDE * SIDE)
            .filter(|&c| !Maze::in_hub(c % SIDE, c / SIDE))
            .collect();
        self.items = vec![Item::None; SIDE * SIDE];
        for (item, count) in [
            (Item::Power, self.config.power_pellets),
            (Item::Mine, self.config.landmines),
        ] {
            for _ in 0..count.min(free.len()) {
                let i = self.rng.random_range(0..free.len());
                self.items[free.swap_remove(i)] = item;
            }
        }
        for c in free {
            self.items[c] = Item::Pellet;
        }
        self.pellets_left = self.items.iter().filter(|&&i| i == Item::Pellet).count() as u32;
        let hub = [
            (HUB, HUB),
            (HUB + 1, HUB),
            (HUB, HUB + 1),
            (HUB + 1, HUB + 1),
        ];
        for (p, &(x, y)) in self.players.iter_mut().zip(&hub) {
            p.unit = Unit {
                x: centre(x as i32),
                y: centre(y as i32),
                heading: None,
                wait: 0,
            };
            p.power = 0;
            p.mines = 0;
            p.pending = None;
        }
        self.ghosts = hub
            .iter()
            .map(|&(x, y)| Unit {
                x: centre(x as i32),
                y: centre(y as i32),
                heading: None,
                wait: 0,
            })
            .collect();
        self.landmines.clear();
    }

    /// The cell (x, y) a point lies in.
    fn cell_of(x: i32, y: i32) -> (usize, usize) {
        ((x / CELL) as usize, (y / CELL) as usize)
    }

    fn in_hub(u: &Unit) -> bool {
        let (x, y) = Arena::cell_of(u.x, u.y);
        Maze::in_hub(x, y)
    }

    /// Maze distance in cells between two cells.
    pub fn distance(&self, a: usize, b: usize) -> u8 {
        self.distances[a * SIDE * SIDE + b]
    }

    /// A random point in the hub (a hub cell's centre).
    fn hub_point(&mut self) -> (i32, i32) {
        let k = self.rng.random_range(0..4);
        (centre((HUB + k % 2) as i32), centre((HUB + k / 2) as i32))
    }

    fn send_to_hub(&mut self) -> Unit {
        let (x, y) = self.hub_point();
        Unit {
            x,
            y,
            heading: None,
            wait: self.config.hub_steps,
        }
    }

    /// Move a unit `speed` points along its heading; at a cell centre it takes a
    /// pending turn if that side is open, and stops if the way on is blocked.
    fn advance(maze: &Maze, unit: &mut Unit, pending: &mut Option<Heading>, speed: i32) {
        let mut left = speed;
        while left > 0 {
            let at_centre = unit.x % CELL == CELL / 2 && unit.y % CELL == CELL / 2;
            let (cx, cy) = Arena::cell_of(unit.x, unit.y);
            if at_centre {
                if let Some(turn) = *pending {
                    if maze.is_open(cx, cy, turn) {
                        unit.heading = Some(turn);
                        *pending = None;
                    }
                }
                match unit.heading {
                    Some(h) if maze.is_open(cx, cy, h) => {}
                    _ => return,
                }
            }
            let Some(h) = unit.heading else { return };
            let (dx, dy) = h.delta();
            // Distance to the next centre ahead.
            let offset = match h {
                Heading::Right => CELL / 2 - unit.x % CELL,
                Heading::Left => unit.x % CELL - CELL / 2,
                Heading::Down => CELL / 2 - unit.y % CELL,
                Heading::Up => unit.y % CELL - CELL / 2,
            };
            let to_next = if offset > 0 { offset } else { offset + CELL };
            let step = left.min(to_next);
            unit.x += dx * step;
            unit.y += dy * step;
            left -= step;
        }
    }

    fn overlap(&self, ax: i32, ay: i32, bx: i32, by: i32) -> bool {
        (ax - bx).abs() + (ay - by).abs() <= self.config.overlap
    }

    /// The ghosts' choice at a cell centre: chase the nearest player not in power
    /// mode, flee the nearest one in power mode, never reverse unless forced; seeded
    /// randomness breaks ties.
    fn ghost_heading(&mut self, g: usize) -> Option<Heading> {
        let ghost = self.ghosts[g];
        let (gx, gy) = Arena::cell_of(ghost.x, ghost.y);
        let here = gy * SIDE + gx;
        let target = self
            .players
            .iter()
            .filter(|p| p.unit.wait == 0 && !Arena::in_hub(&p.unit))
            .map(|p| {
                let (px, py) = Arena::cell_of(p.unit.x, p.unit.y);
                (
                    self.distance(here, py * SIDE + px),
                    py * SIDE + px,
                    p.power > 0,
                )
            })
            .min_by_key(|&(d, _, _)| d);
        let mut options: Vec<Heading> = Heading::ALL
            .into_iter()
            .filter(|&h| self.maze.is_open(gx, gy, h))
            .filter(|&h| Some(h.reverse()) != ghost.heading)
            .collect();
        if options.is_empty() {
            options = Heading::ALL
                .into_iter()
                .filter(|&h| self.maze.is_open(gx, gy, h))
                .collect();
        }
        if options.is_empty() {
            return None;
        }
        let score = |h: Heading| -> i32 {
            let Some((_, cell, powered)) = target else {
                return 0;
            };
            let (dx, dy) = h.delta();
            let next = (gy as i32 + dy) as usize * SIDE + (gx as i32 + dx) as usize;
            let d = i32::from(self.distance(next, cell));
            if powered {
                -d
            } else {
                d
            }
        };
        let best = options.iter().map(|&h| score(h)).min()?;
        let ties: Vec<Heading> = options.into_iter().filter(|&h| score(h) == best).collect();
        Some(ties[self.rng.random_range(0..ties.len())])
    }

    /// Play one step with each player's command (`None`: keep going).
    pub fn step(&mut self, commands: &[Option<Command>]) {
        if self.over() {
            return;
        }
        self.tick += 1;
        let maze = self.maze.clone();
        // Players move.
        let mut drops = Vec::new();
        for (i, p) in self.players.iter_mut().enumerate() {
            if p.unit.wait > 0 {
                p.unit.wait -= 1;
                continue;
            }
            let mut reversed = false;
            match commands.get(i).copied().flatten() {
                Some(Command::Go(h)) if Some(h.reverse()) == p.unit.heading => {
                    p.unit.heading = Some(h);
                    p.pending = None;
                    reversed = true;
                }
                Some(Command::Go(h)) if Some(h) == p.unit.heading => p.pending = None,
                Some(Command::Go(h)) => p.pending = Some(h),
                Some(Command::Reverse) => {
                    p.unit.heading = p.unit.heading.map(Heading::reverse);
                    p.pending = None;
                    reversed = true;
                }
                Some(Command::Drop) if p.mines > 0 => {
                    p.mines -= 1;
                    drops.push(i);
                }
                _ => {}
            }
            if !reversed {
                let speed = if p.power > 0 {
                    self.config.power_speed
                } else {
                    self.config.player_speed
                };
                Arena::advance(&maze, &mut p.unit, &mut p.pending, speed);
            }
            if p.power > 0 {
                p.power -= 1;
            }
        }
        // Ghosts move, deciding at cell centres.
        for g in 0..self.ghosts.len() {
            if self.ghosts[g].wait > 0 {
                self.ghosts[g].wait -= 1;
                continue;
            }
            let u = self.ghosts[g];
            if u.x % CELL == CELL / 2 && u.y % CELL == CELL / 2 {
                self.ghosts[g].heading = self.ghost_heading(g);
            }
            let mut none = None;
            let speed = self.config.ghost_speed;
            Arena::advance(&maze, &mut self.ghosts[g], &mut none, speed);
        }
        for i in drops {
            let u = self.players[i].unit;
            self.landmines.push(Landmine {
                x: u.x,
                y: u.y,
                arming: self.config.mine_delay,
            });
        }
        self.interact();
        for m in &mut self.landmines {
            m.arming = m.arming.saturating_sub(1);
        }
        if self.pellets_left == 0 && !self.over() {
            self.new_round();
        }
    }

    /// Items, landmines and player–ghost meetings, outside the hub.
    fn interact(&mut self) {
        for i in 0..self.players.len() {
            let u = self.players[i].unit;
            if u.wait > 0 || Arena::in_hub(&u) {
                continue;
            }
            let (cx, cy) = Arena::cell_of(u.x, u.y);
            let cell = cy * SIDE + cx;
            if self.items[cell] != Item::None
                && self.overlap(u.x, u.y, centre(cx as i32), centre(cy as i32))
            {
                match self.items[cell] {
                    Item::Pellet => {
                        self.players[i].score += self.config.pellet_score;
                        self.pellets_left -= 1;
                    }
                    Item::Power => self.players[i].power = self.config.power_steps,
                    Item::Mine => self.players[i].mines += 1,
                    Item::None => {}
                }
                self.items[cell] = Item::None;
            }
            if let Some(k) = self
                .landmines
                .iter()
                .position(|m| m.arming == 0 && self.overlap(u.x, u.y, m.x, m.y))
            {
                self.landmines.swap_remove(k);
                self.players[i].power = 0;
                self.players[i].pending = None;
                self.players[i].unit = self.send_to_hub();
                continue;
            }
            for g in 0..self.ghosts.len() {
                let gu = self.ghosts[g];
                if gu.wait > 0 || Arena::in_hub(&gu) || !self.overlap(u.x, u.y, gu.x, gu.y) {
                    continue;
                }
                if self.players[i].power > 0 {
                    self.players[i].score += self.config.ghost_score;
                    self.ghosts[g] = self.send_to_hub();
                } else {
                    self.players[i].pending = None;
                    self.players[i].unit = self.send_to_hub();
                    break;
                }
            }
        }
        for g in 0..self.ghosts.len() {
            let gu = self.ghosts[g];
            if gu.wait > 0 || Arena::in_hub(&gu) {
                continue;
            }
            if let Some(k) = self
                .landmines
                .iter()
                .position(|m| m.arming == 0 && self.overlap(gu.x, gu.y, m.x, m.y))
            {
                self.landmines.swap_remove(k);
                self.ghosts[g] = self.send_to_hub();
            }
        }
    }
}
