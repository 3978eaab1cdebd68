//! The rules of a GPac game: start cells, legal moves, pills by density and placement
//! mode, fruit, time, the six end-of-turn checks and the score.

use super::map::{Cell, Map, Steps};
use super::world::{Snapshot, WorldFile};
use crate::error::FieldError;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A unit's move. Ghosts may not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Move {
    /// Stay (Pac-Man only).
    Hold,
    /// y + 1.
    Up,
    /// x + 1.
    Right,
    /// y − 1.
    Down,
    /// x − 1.
    Left,
}

impl Move {
    /// The four steps in the framework's order: up, right, down, left.
    pub const STEPS: [Move; 4] = [Move::Up, Move::Right, Move::Down, Move::Left];

    /// The move's letter: `h u r d l`.
    pub const fn letter(self) -> char {
        match self {
            Move::Hold => 'h',
            Move::Up => 'u',
            Move::Right => 'r',
            Move::Down => 'd',
            Move::Left => 'l',
        }
    }

    /// The move of a letter (`h u r d l`, any case).
    pub fn from_letter(c: char) -> Option<Move> {
        match c.to_ascii_lowercase() {
            'h' => Some(Move::Hold),
            'u' => Some(Move::Up),
            'r' => Some(Move::Right),
            'd' => Some(Move::Down),
            'l' => Some(Move::Left),
            _ => None,
        }
    }
}

/// How pills are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PillSpawn {
    /// Each cell with probability p (at least one).
    Stochastic,
    /// Every round(1/p)-th open cell in x-major order (x outer, y inner), the first
    /// included.
    Linear,
    /// The same, with the cells ordered by x + y (ties in x-major order).
    Manhattan,
}

crate::names!(PillSpawn, "pill placement", {
    PillSpawn::Stochastic => "stochastic",
    PillSpawn::Linear => "linear",
    PillSpawn::Manhattan => "manhattan",
});

/// The game's parameters (the course's `fitness_kwargs`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Pill density p.
    pub pill_density: f64,
    /// Pill placement mode.
    pub pill_spawn: PillSpawn,
    /// Chance per turn that a fruit spawns when there is none.
    pub fruit_prob: f64,
    /// Points for a fruit.
    pub fruit_score: u32,
    /// Time = W·H·time_multiplier.
    pub time_multiplier: f64,
    /// Number of ghosts.
    pub ghosts: usize,
    /// Keep pills off the ghosts' start too, as the framework's `reset` does (the
    /// default); `false` follows the assignment text, which only excludes Pac-Man's.
    pub no_pill_on_ghost_start: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            pill_density: 0.05,
            pill_spawn: PillSpawn::Linear,
            fruit_prob: 0.1,
            fruit_score: 10,
            time_multiplier: 2.0,
            ghosts: 3,
            no_pill_on_ghost_start: true,
        }
    }
}

/// The most ghosts a game may have.
pub const MAX_GHOSTS: usize = 100;
/// The largest time multiplier (a game lasts W·H·multiplier turns).
pub const MAX_TIME_MULTIPLIER: f64 = 100.0;
/// The longest game, in turns (time = W·H·multiplier).
pub const MAX_GAME_TURNS: i64 = 5_000_000;
/// The most points a fruit may be worth.
pub const MAX_FRUIT_SCORE: u32 = 1_000_000;

impl Settings {
    /// Check every field against its limit: densities and chances in [0, 1], the time
    /// multiplier in (0, [`MAX_TIME_MULTIPLIER`]], at most [`MAX_GHOSTS`] ghosts and
    /// [`MAX_FRUIT_SCORE`] points a fruit. The error names the field.
    ///
    /// ```
    /// use gridlab::games::gpac::Settings;
    /// let bad = Settings { time_multiplier: f64::NAN, ..Settings::default() };
    /// assert_eq!(bad.check().unwrap_err().field, "time_multiplier");
    /// assert!(Settings::default().check().is_ok());
    /// ```
    pub fn check(&self) -> Result<(), FieldError> {
        FieldError::check_number("pill_density", self.pill_density, 0.0, 1.0)?;
        FieldError::check_number("fruit_prob", self.fruit_prob, 0.0, 1.0)?;
        FieldError::check_count(
            "fruit_score",
            self.fruit_score as usize,
            0,
            MAX_FRUIT_SCORE as usize,
        )?;
        FieldError::check_number(
            "time_multiplier",
            self.time_multiplier,
            f64::MIN_POSITIVE,
            MAX_TIME_MULTIPLIER,
        )?;
        FieldError::check_count("ghosts", self.ghosts, 0, MAX_GHOSTS)
    }

    /// [`Settings::check_for`], the field named as the options of the command line and
    /// the tools name it: the number of ghosts is `ghosts_count` there, beside the
    /// ghosts' controller `ghosts`.
    ///
    /// ```
    /// use gridlab::games::gpac::Settings;
    /// let bad = Settings { ghosts: 101, ..Settings::default() };
    /// assert_eq!(bad.check_options(100).unwrap_err().field, "ghosts_count");
    /// ```
    pub fn check_options(&self, cells: usize) -> Result<(), FieldError> {
        self.check_for(cells).map_err(|e| match e.field {
            "ghosts" => FieldError {
                field: "ghosts_count",
                ..e
            },
            _ => e,
        })
    }

    /// [`Settings::check`], and that a game on a map of `cells` cells lasts at most
    /// [`MAX_GAME_TURNS`] turns.
    pub fn check_for(&self, cells: usize) -> Result<(), FieldError> {
        self.check()?;
        let turns = cells as f64 * self.time_multiplier;
        if turns > MAX_GAME_TURNS as f64 {
            return Err(FieldError::new(
                "time_multiplier",
                format!(
                    "{cells} cells × {} = {turns:.0} turns, more than the {MAX_GAME_TURNS} a game may last",
                    self.time_multiplier
                ),
            ));
        }
        Ok(())
    }
}

/// Why the rules refuse a position or a turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// A unit, a pill or the fruit set on a wall or off the map (what it is: "Pac-Man",
    /// "a ghost", "a pill", "the fruit").
    #[error("{0} is not on an open cell")]
    NotOpen(&'static str),
    /// A turn after the end.
    #[error("the game is over")]
    Over,
    /// A turn with a number of ghost moves other than the number of ghosts.
    #[error("{moves} ghost moves for {ghosts} ghosts")]
    GhostMoves {
        /// The moves given.
        moves: usize,
        /// The ghosts.
        ghosts: usize,
    },
    /// Pac-Man's move runs into a wall or off the map.
    #[error("Pac-Man cannot move {0:?}")]
    Pacman(Move),
    /// A ghost's move is illegal (a hold, a wall, the edge).
    #[error("ghost {ghost} cannot move {mv:?}")]
    Ghost {
        /// The ghost, from 1.
        ghost: usize,
        /// Its move.
        mv: Move,
    },
}

/// A map with its neighbour table: what every game on it shares.
#[derive(Clone, Debug)]
pub struct World {
    /// The map.
    pub map: Map,
    /// Every cell's open neighbours.
    pub steps: Steps,
}

impl World {
    /// Precompute the neighbours of `map`.
    pub fn new(map: Map) -> World {
        let steps = Steps::new(&map);
        World { map, steps }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum End {
    /// Check 1: Pac-Man and a ghost on one cell.
    Caught,
    /// Check 2: Pac-Man and a ghost swapped cells.
    Swapped,
    /// Check 5: every pill eaten (the time bonus is added).
    AllPills,
    /// Check 6: time ran out.
    TimeUp,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    world: Arc<World>,
    settings: Settings,
    pacman: Cell,
    ghosts: Vec<Cell>,
    pills: Vec<bool>,
    pill_cells: Vec<Cell>,
    pills_total: u32,
    pills_left: u32,
    fruit: Option<Cell>,
    fruit_eaten: u32,
    total_time: i64,
    time: i64,
    score: i64,
    end: Option<End>,
    log: Option<WorldFile>,
}

impl Game {
    /// A new game: units on their starts, pills placed (`rng` for stochastic
    /// placement), time W·H·multiplier. With `log`, every turn is recorded as a
    /// world file.
    pub fn new(world: Arc<World>, settings: &Settings, rng: &mut impl Rng, log: bool) -> Self {
        let shared = Arc::clone(&world);
        let map = &shared.map;
        let pacman = map.pacman_start();
        let ghost_start = map.ghost_start();
        let available: Vec<Cell> = (0..map.width())
            .flat_map(|x| (0..map.height()).map(move |y| (x, y)))
            .map(|(x, y)| map.cell(x, y))
            .filter(|&c| {
                !map.is_wall_cell(c)
                    && c != pacman
                    && !(settings.no_pill_on_ghost_start && c == ghost_start)
            })
            .collect();
        let mut pills = vec![false; map.len()];
        match settings.pill_spawn {
            PillSpawn::Stochastic => {
                for &c in &available {
                    if rng.random::<f64>() <= settings.pill_density {
                        pills[c as usize] = true;
                    }
                }
                if !pills.iter().any(|&p| p) && !available.is_empty() {
                    pills[available[rng.random_range(0..available.len())] as usize] = true;
                }
            }
            PillSpawn::Linear | PillSpawn::Manhattan => {
                let mut order = available.clone();
                if settings.pill_spawn == PillSpawn::Manhattan {
                    order.sort_by_key(|&c| {
                        let (x, y) = map.xy(c);
                        x + y
                    });
                }
                let every = pill_period(settings.pill_density);
                for (i, &c) in order.iter().enumerate() {
                    if i % every == 0 {
                        pills[c as usize] = true;
                    }
                }
            }
        }
        let pill_cells: Vec<Cell> = (0..map.len() as Cell)
            .filter(|&c| pills[c as usize])
            .collect();
        let pills_total = pill_cells.len() as u32;
        let total_time = (map.len() as f64 * settings.time_multiplier) as i64;
        let mut game = Game {
            world,
            settings: settings.clone(),
            pacman,
            ghosts: vec![ghost_start; settings.ghosts],
            pills,
            pill_cells,
            pills_total,
            pills_left: pills_total,
            fruit: None,
            fruit_eaten: 0,
            total_time,
            time: total_time,
            score: 0,
            end: None,
            log: None,
        };
        if log {
            let mut walls = Vec::new();
            let mut pill_cells = Vec::new();
            for x in 0..map.width() {
                for y in 0..map.height() {
                    if map.is_wall(x, y) {
                        walls.push((x, y));
                    } else if game.pills[map.cell(x, y) as usize] {
                        pill_cells.push((x, y));
                    }
                }
            }
            game.log = Some(WorldFile {
                width: map.width(),
                height: map.height(),
                walls,
                pills: pill_cells,
                snapshots: Vec::new(),
                first_ghost_id: 1,
                crlf: false,
                final_newline: true,
            });
            let first = game.snapshot(None);
            if let Some(log) = &mut game.log {
                log.snapshots.push(first);
            }
        }
        game
    }

    /// A game set up at a position: Pac-Man, the ghosts, the pills, the fruit and the
    /// time left (to study an agent's decision there; the score starts at 0 and the
    /// pills given count as all pills). Every cell must be open.
    ///
    /// ```
    /// use gridlab::games::gpac::{Game, Map, Settings, World};
    /// use std::sync::Arc;
    /// let map = Map::parse("3 2\n~~~\n~~~\n").unwrap();
    /// let world = Arc::new(World::new(map.clone()));
    /// let (pac, ghost, pill) = (map.cell(1, 1), map.cell(2, 0), map.cell(0, 0));
    /// let game = Game::at(world, &Settings::default(), pac, &[ghost], &[pill], None, 9).unwrap();
    /// assert_eq!((game.pacman(), game.time(), game.pills_left()), (pac, 9, 1));
    /// ```
    pub fn at(
        world: Arc<World>,
        settings: &Settings,
        pacman: Cell,
        ghosts: &[Cell],
        pills: &[Cell],
        fruit: Option<Cell>,
        time: i64,
    ) -> Result<Game, RuleError> {
        let map = &world.map;
        let open = |c: Cell, what: &'static str| {
            if c as usize >= map.len() || map.is_wall_cell(c) {
                Err(RuleError::NotOpen(what))
            } else {
                Ok(())
            }
        };
        open(pacman, "Pac-Man")?;
        for &g in ghosts {
            open(g, "a ghost")?;
        }
        let mut flags = vec![false; map.len()];
        for &p in pills {
            open(p, "a pill")?;
            flags[p as usize] = true;
        }
        if let Some(f) = fruit {
            open(f, "the fruit")?;
        }
        let pill_cells: Vec<Cell> = (0..map.len() as Cell)
            .filter(|&c| flags[c as usize])
            .collect();
        let total_time = (map.len() as f64 * settings.time_multiplier) as i64;
        Ok(Game {
            settings: Settings {
                ghosts: ghosts.len(),
                ..settings.clone()
            },
            pacman,
            ghosts: ghosts.to_vec(),
            pills: flags,
            pills_total: pill_cells.len() as u32,
            pills_left: pill_cells.len() as u32,
            pill_cells,
            fruit,
            fruit_eaten: 0,
            total_time,
            time,
            score: 0,
            end: None,
            log: None,
            world,
        })
    }

    fn snapshot(&self, fruit: Option<Cell>) -> Snapshot {
        let map = &self.world.map;
        Snapshot {
            pacman: map.xy(self.pacman),
            ghosts: self.ghosts.iter().map(|&g| map.xy(g)).collect(),
            fruit: fruit.map(|c| map.xy(c)),
            time: self.time,
            score: self.score,
            line: 0,
        }
    }

    /// The world (map and distances).
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Pac-Man's cell.
    pub fn pacman(&self) -> Cell {
        self.pacman
    }

    /// The ghosts' cells.
    pub fn ghosts(&self) -> &[Cell] {
        &self.ghosts
    }

    /// Whether a cell holds a pill.
    pub fn has_pill(&self, cell: Cell) -> bool {
        self.pills[cell as usize]
    }

    /// The pill flags of every cell.
    pub fn pills(&self) -> &[bool] {
        &self.pills
    }

    /// The cells that hold a pill (in no particular order).
    pub fn pill_cells(&self) -> &[Cell] {
        &self.pill_cells
    }

    /// Pills placed at the start.
    pub fn pills_total(&self) -> u32 {
        self.pills_total
    }

    /// Pills still on the map.
    pub fn pills_left(&self) -> u32 {
        self.pills_left
    }

    /// The fruit's cell, if one is on the map.
    pub fn fruit(&self) -> Option<Cell> {
        self.fruit
    }

    /// Put the fruit on `cell` (an open cell; replaces any fruit), to set up a position.
    pub fn set_fruit(&mut self, cell: Cell) -> Result<(), RuleError> {
        let map = &self.world.map;
        if cell as usize >= map.len() || map.is_wall_cell(cell) {
            return Err(RuleError::NotOpen("the fruit"));
        }
        self.fruit = Some(cell);
        Ok(())
    }

    /// Fruit eaten so far.
    pub fn fruit_eaten(&self) -> u32 {
        self.fruit_eaten
    }

    /// Time remaining.
    pub fn time(&self) -> i64 {
        self.time
    }

    /// Time at the start, W·H·multiplier.
    pub fn total_time(&self) -> i64 {
        self.total_time
    }

    /// Pac-Man's score.
    pub fn score(&self) -> i64 {
        self.score
    }

    /// The ghosts' fitness: the negated score, plus ⌊100·time left / total time⌋ if
    /// Pac-Man died.
    pub fn ghost_score(&self) -> i64 {
        let died = matches!(self.end, Some(End::Caught | End::Swapped));
        -self.score + if died { self.time_bonus() } else { 0 }
    }

    /// Why the game ended, once it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The world file so far (if logging).
    pub fn log(&self) -> Option<&WorldFile> {
        self.log.as_ref()
    }

    /// Take the world file out of a finished game.
    pub fn into_log(self) -> Option<WorldFile> {
        self.log
    }

    /// The cell a move leads to, if it is legal for Pac-Man (`ghost` false) or a ghost.
    pub fn target(&self, from: Cell, mv: Move, ghost: bool) -> Option<Cell> {
        let map = &self.world.map;
        let (x, y) = map.xy(from);
        let to = match mv {
            Move::Hold => return (!ghost).then_some(from),
            Move::Up => (y + 1 < map.height()).then(|| map.cell(x, y + 1)),
            Move::Right => (x + 1 < map.width()).then(|| map.cell(x + 1, y)),
            Move::Down => (y > 0).then(|| map.cell(x, y - 1)),
            Move::Left => (x > 0).then(|| map.cell(x - 1, y)),
        }?;
        (!map.is_wall_cell(to)).then_some(to)
    }

    /// The legal moves from `from` in the framework's order (hold first for Pac-Man).
    pub fn legal_moves(&self, from: Cell, ghost: bool) -> impl Iterator<Item = Move> + '_ {
        let hold = (!ghost).then_some(Move::Hold);
        hold.into_iter()
            .chain(Move::STEPS)
            .filter(move |&m| self.target(from, m, ghost).is_some())
    }

    fn time_bonus(&self) -> i64 {
        if self.total_time <= 0 {
            0
        } else {
            100 * self.time / self.total_time
        }
    }

    fn update_score(&mut self) {
        let eaten = (self.pills_total - self.pills_left) as i64;
        let mut score = 100 * eaten / self.pills_total.max(1) as i64;
        score += self.fruit_eaten as i64 * self.settings.fruit_score as i64;
        if self.end == Some(End::AllPills) {
            score += self.time_bonus();
        }
        self.score = score;
    }

    /// Play one turn: every unit moves (an illegal move is an error and changes
    /// nothing), time −1, then the six checks in order, then a fruit may spawn (`rng`).
    pub fn step(
        &mut self,
        pacman: Move,
        ghosts: &[Move],
        rng: &mut impl Rng,
    ) -> Result<(), RuleError> {
        if self.end.is_some() {
            return Err(RuleError::Over);
        }
        if ghosts.len() != self.ghosts.len() {
            return Err(RuleError::GhostMoves {
                moves: ghosts.len(),
                ghosts: self.ghosts.len(),
            });
        }
        let pac_to = self
            .target(self.pacman, pacman, false)
            .ok_or(RuleError::Pacman(pacman))?;
        let mut ghost_to = Vec::with_capacity(ghosts.len());
        for (i, (&g, &mv)) in self.ghosts.iter().zip(ghosts).enumerate() {
            ghost_to.push(
                self.target(g, mv, true)
                    .ok_or(RuleError::Ghost { ghost: i + 1, mv })?,
            );
        }
        let pac_from = self.pacman;
        let ghosts_from = std::mem::replace(&mut self.ghosts, ghost_to);
        self.pacman = pac_to;
        self.time -= 1;
        if self.ghosts.contains(&pac_to) {
            self.end = Some(End::Caught);
        } else if ghosts_from
            .iter()
            .zip(&self.ghosts)
            .any(|(&from, &to)| from == pac_to && to == pac_from)
        {
            self.end = Some(End::Swapped);
        } else {
            if self.pills[pac_to as usize] {
                self.pills[pac_to as usize] = false;
                if let Some(i) = self.pill_cells.iter().position(|&c| c == pac_to) {
                    self.pill_cells.swap_remove(i);
                }
                self.pills_left -= 1;
                self.update_score();
            }
            if self.fruit == Some(pac_to) {
                self.fruit = None;
                self.fruit_eaten += 1;
                self.update_score();
            }
            if self.pills_left == 0 {
                self.end = Some(End::AllPills);
                self.update_score();
            } else if self.time <= 0 {
                self.end = Some(End::TimeUp);
            }
        }
        let spawned = self.manage_fruit(rng);
        if self.log.is_some() {
            let snapshot = self.snapshot(spawned);
            if let Some(log) = &mut self.log {
                log.snapshots.push(snapshot);
            }
        }
        Ok(())
    }

    /// With no fruit on the map, one spawns with the fruit probability on a random
    /// open cell without a pill or Pac-Man.
    fn manage_fruit(&mut self, rng: &mut impl Rng) -> Option<Cell> {
        if self.fruit.is_some() || rng.random::<f64>() > self.settings.fruit_prob {
            return None;
        }
        let map = &self.world.map;
        let free = |c: Cell| !map.is_wall_cell(c) && !self.pills[c as usize] && c != self.pacman;
        let count = (0..map.len() as Cell).filter(|&c| free(c)).count();
        if count == 0 {
            return None;
        }
        let k = rng.random_range(0..count);
        self.fruit = (0..map.len() as Cell).filter(|&c| free(c)).nth(k);
        self.fruit
    }
}

/// round(1/p) as Python rounds (half to even), at least 1.
pub fn pill_period(density: f64) -> usize {
    if density.is_nan() || density <= 0.0 {
        return usize::MAX;
    }
    let x = 1.0 / density;
    let r = x.round();
    let r = if (x - x.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
        r - 1.0
    } else {
        r
    };
    (r as usize).max(1)
}
