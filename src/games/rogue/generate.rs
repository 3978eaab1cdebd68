//! Dungeons of rooms and corridors with a proved outcome: simulated annealing over
//! layouts (rectangular rooms, L-shaped corridors between them, the two players on
//! room sites), each candidate solved exactly ([`Analysis`]), until one meets the
//! goal:
//!
//! - [`Goal::MonsterWins`]: the monster forces a capture, and needs at least
//!   `min_moves` moves against the best defence;
//! - [`Goal::RogueEscapes`]: the rogue survives forever under optimal play, but the
//!   coursework's `naive` rogue is caught by the optimal monster (in turn
//!   `min_moves` or later): surviving needs a cycle the naive rogue misses.
//!
//! Seeded and bounded by a number of candidates (not a clock): one seed, one
//! dungeon, natively and in the browser.

use super::analysis::{Analysis, FOREVER};
use super::level::{Dungeon, Site};
use super::report::{duel, report, Duel, Report};
use super::strategy::{NaiveRogue, OptimalMonster};
use crate::error::FieldError;
use crate::games::anneal::{anneal, Budget, Eval, Failure, Progress, Schedule};
use crate::grid::{Grid, Pos};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use std::sync::atomic::AtomicBool;

/// Smallest and largest side N of a generated dungeon.
pub const SIDES: std::ops::RangeInclusive<usize> = 5..=24;
/// Most moves (or turns) asked of a generated dungeon.
pub const MAX_MIN_MOVES: u32 = 200;
/// Most candidates one dungeon may cost.
pub const MAX_CANDIDATES: u64 = 1_000_000;

/// Site pairs solved between two progress reports.
const REPORT_WORK: u64 = 2_000_000;
/// Most rooms of a layout.
const MAX_ROOMS: usize = 6;
/// Most corridors of a layout.
const MAX_CORRIDORS: usize = 8;

/// What the dungeon proves.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum Goal {
    /// The monster captures the rogue in at least `min_moves` moves under optimal
    /// play.
    #[default]
    MonsterWins,
    /// The rogue survives forever under optimal play, and the naive rogue is caught
    /// by the optimal monster in turn `min_moves` or later.
    RogueEscapes,
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct GenerateOptions {
    /// The side N of the dungeon.
    pub size: usize,
    /// What the dungeon proves.
    pub goal: Goal,
    /// `MonsterWins`: the fewest monster moves to capture; `RogueEscapes`: the
    /// earliest turn at which the naive rogue may be caught.
    pub min_moves: u32,
    /// The seed: one seed, one dungeon.
    pub seed: u64,
    /// Most candidates scored before giving up.
    pub max_candidates: u64,
    /// Score the whole budget and keep the dungeon of the largest measure (capture
    /// moves, or the naive rogue's capture turn), at least `min_moves`.
    pub longest: bool,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        Self {
            size: 10,
            goal: Goal::MonsterWins,
            min_moves: 6,
            seed: 0,
            max_candidates: 100_000,
            longest: false,
        }
    }
}

impl GenerateOptions {
    /// Check every field against its limit; the error names the field.
    ///
    /// ```
    /// use gridlab::games::rogue::GenerateOptions;
    /// let bad = GenerateOptions { size: 3, ..GenerateOptions::default() };
    /// assert_eq!(bad.check().unwrap_err().field, "size");
    /// ```
    pub fn check(&self) -> Result<(), FieldError> {
        FieldError::check_count("size", self.size, *SIDES.start(), *SIDES.end())?;
        FieldError::check_count(
            "min_moves",
            self.min_moves as usize,
            1,
            MAX_MIN_MOVES as usize,
        )?;
        FieldError::check_count(
            "max_candidates",
            usize::try_from(self.max_candidates).unwrap_or(usize::MAX),
            1,
            MAX_CANDIDATES as usize,
        )
    }
}

/// A generated dungeon and its proof.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Generated {
    /// The dungeon.
    #[serde(skip)]
    pub dungeon: Dungeon,
    /// The dungeon in the coursework format.
    pub text: String,
    /// The exact outcome, the lost sites and the features.
    pub report: Report,
    /// Candidates scored to find it.
    pub candidates: u64,
    /// Whether it meets every requirement asked (false: the best dungeon so far,
    /// returned when cancelled; its measure is below `min_moves`).
    pub met: bool,
}

/// Progress of a generation (`best`: the largest measure seen among candidates of the
/// right outcome).
pub type GenerateProgress = Progress;

/// Why no dungeon came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// An option is out of its range.
    #[error("{0}")]
    Options(FieldError),
    /// The candidate budget ran out first.
    #[error("no dungeon within {candidates} candidates: the best measured {best}; ask for fewer moves, a larger dungeon or more --max-candidates")]
    NotFound {
        /// Candidates scored.
        candidates: u64,
        /// The largest measure seen.
        best: u32,
    },
    /// Cancelled.
    #[error("cancelled")]
    Cancelled,
}

/// A rectangle of room sites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Room {
    top: usize,
    left: usize,
    rows: usize,
    cols: usize,
}

/// A candidate: rooms, corridors (L-shaped, between two points, drawn on walls
/// only) and the players.
#[derive(Clone, Debug)]
struct Layout {
    n: usize,
    rooms: Vec<Room>,
    /// From, to, and whether the path goes along the row first.
    corridors: Vec<(Pos, Pos, bool)>,
    monster: Pos,
    rogue: Pos,
}

impl Layout {
    fn random(rng: &mut Pcg32, n: usize) -> Layout {
        let mut layout = Layout {
            n,
            rooms: Vec::new(),
            corridors: Vec::new(),
            monster: Pos::new(0, 0),
            rogue: Pos::new(0, 0),
        };
        for _ in 0..rng.random_range(2..=3usize.min(MAX_ROOMS)) {
            layout.rooms.push(layout.random_room(rng));
        }
        for _ in 0..rng.random_range(1..=3usize) {
            layout.add_corridor(rng);
        }
        layout.place_players(rng, true);
        layout
    }

    fn random_room(&self, rng: &mut Pcg32) -> Room {
        let n = self.n;
        let rows = rng.random_range(2..=(n / 2).max(2));
        let cols = rng.random_range(2..=(n / 2).max(2));
        Room {
            top: rng.random_range(0..=n - rows),
            left: rng.random_range(0..=n - cols),
            rows,
            cols,
        }
    }

    fn centre(room: &Room, rng: &mut Pcg32) -> Pos {
        Pos::new(
            rng.random_range(room.top..room.top + room.rows),
            rng.random_range(room.left..room.left + room.cols),
        )
    }

    /// A corridor between two rooms (or, one time in four, from a room to any site).
    fn add_corridor(&mut self, rng: &mut Pcg32) {
        if self.rooms.is_empty() || self.corridors.len() >= MAX_CORRIDORS {
            return;
        }
        let a = self.rooms[rng.random_range(0..self.rooms.len())];
        let from = Layout::centre(&a, rng);
        let to = if rng.random_range(0..4u32) == 0 {
            Pos::new(rng.random_range(0..self.n), rng.random_range(0..self.n))
        } else {
            let b = self.rooms[rng.random_range(0..self.rooms.len())];
            Layout::centre(&b, rng)
        };
        self.corridors.push((from, to, rng.random::<bool>()));
    }

    fn sites(&self) -> Grid<Site> {
        let mut sites = Grid::filled(self.n, self.n, Site::Wall);
        for room in &self.rooms {
            for r in room.top..room.top + room.rows {
                for c in room.left..room.left + room.cols {
                    sites[Pos::new(r, c)] = Site::Room;
                }
            }
        }
        for &(from, to, row_first) in &self.corridors {
            let corner = if row_first {
                Pos::new(from.row, to.col)
            } else {
                Pos::new(to.row, from.col)
            };
            for (a, b) in [(from, corner), (corner, to)] {
                for r in a.row.min(b.row)..=a.row.max(b.row) {
                    for c in a.col.min(b.col)..=a.col.max(b.col) {
                        let p = Pos::new(r, c);
                        if sites[p] == Site::Wall {
                            sites[p] = Site::Corridor;
                        }
                    }
                }
            }
        }
        sites
    }

    /// Put the players on room sites (moving only those that are not on one, unless
    /// `always`), apart.
    fn place_players(&mut self, rng: &mut Pcg32, always: bool) {
        let sites = self.sites();
        let rooms: Vec<Pos> = (0..self.n * self.n)
            .map(|i| Pos::new(i / self.n, i % self.n))
            .filter(|&p| sites[p] == Site::Room)
            .collect();
        if rooms.len() < 2 {
            return;
        }
        let pick = |rng: &mut Pcg32| rooms[rng.random_range(0..rooms.len())];
        if always || sites[self.monster] != Site::Room {
            self.monster = pick(rng);
        }
        while self.rogue == self.monster || sites[self.rogue] != Site::Room || always {
            self.rogue = pick(rng);
            if self.rogue != self.monster {
                break;
            }
        }
    }

    fn dungeon(&self) -> Option<Dungeon> {
        let sites = self.sites();
        let ok = self.monster != self.rogue
            && sites[self.monster] == Site::Room
            && sites[self.rogue] == Site::Room;
        ok.then_some(Dungeon {
            sites,
            monster_letter: 'M',
            monster: self.monster,
            rogue: self.rogue,
        })
    }

    /// A small change: a room resized, moved, added or removed; a corridor added,
    /// removed or rerouted; a player moved.
    fn mutate(&mut self, rng: &mut Pcg32) {
        let n = self.n;
        match rng.random_range(0..12u32) {
            0..=2 if !self.rooms.is_empty() => {
                let k = rng.random_range(0..self.rooms.len());
                let room = &mut self.rooms[k];
                // One step up or down: sides stay at least 2, corners on the board.
                let shift = |v: usize, rng: &mut Pcg32| {
                    if rng.random::<bool>() {
                        v + 1
                    } else {
                        v.saturating_sub(1)
                    }
                };
                room.rows = shift(room.rows, rng).max(2).min(n - room.top);
                room.cols = shift(room.cols, rng).max(2).min(n - room.left);
                room.top = shift(room.top, rng).min(n - room.rows);
                room.left = shift(room.left, rng).min(n - room.cols);
            }
            3 if self.rooms.len() < MAX_ROOMS => {
                let room = self.random_room(rng);
                self.rooms.push(room);
            }
            4 if self.rooms.len() > 1 => {
                let k = rng.random_range(0..self.rooms.len());
                self.rooms.remove(k);
            }
            5..=6 => self.add_corridor(rng),
            7..=8 if !self.corridors.is_empty() => {
                let k = rng.random_range(0..self.corridors.len());
                if rng.random::<bool>() {
                    self.corridors.remove(k);
                } else {
                    self.corridors[k].2 = !self.corridors[k].2;
                }
            }
            9 => self.monster = Pos::new(rng.random_range(0..n), rng.random_range(0..n)),
            _ => self.rogue = Pos::new(rng.random_range(0..n), rng.random_range(0..n)),
        }
        self.place_players(rng, false);
    }
}

fn evaluate(layout: &Layout, options: &GenerateOptions) -> Eval<(Dungeon, Rc<Analysis>)> {
    let Some(dungeon) = layout.dungeon() else {
        return Eval::reject(-1_000, 1);
    };
    // The analysis solves every pair of open sites.
    let open = dungeon
        .sites
        .cells()
        .iter()
        .filter(|&&s| s != Site::Wall)
        .count() as u64;
    let work = open * open;
    let Ok(analysis) = Analysis::new(&dungeon) else {
        return Eval::reject(-1_000, work);
    };
    let analysis = Rc::new(analysis);
    let value = analysis.monster_to_move(dungeon.monster, dungeon.rogue);
    let (score, measure, qualifies) = match options.goal {
        Goal::MonsterWins if value == FOREVER => (-100, 0, false),
        Goal::MonsterWins => (8 * i64::from(value), value, true),
        Goal::RogueEscapes if value != FOREVER => (-100 + i64::from(value).min(50), 0, false),
        Goal::RogueEscapes => {
            let naive = duel(
                &dungeon,
                &mut OptimalMonster(analysis.clone()),
                &mut NaiveRogue,
            );
            match naive {
                Duel::Caught { turn } => (100 + 8 * i64::from(turn), turn, true),
                _ => (0, 0, false),
            }
        }
    };
    Eval {
        score,
        measure,
        meets: qualifies && measure >= options.min_moves,
        proof: qualifies.then_some((dungeon, analysis)),
        work,
    }
}

/// Generate one dungeon (see the module's doc). `progress` is called after the first
/// candidate, at every new best and every 2,000,000 site pairs solved; `cancel` is
/// checked before every candidate (a candidate's exact analysis takes milliseconds:
/// at most 24 × 24 cells), and once set, the best dungeon so far is returned (`met`
/// false if its measure is below `min_moves`; an error if there is none).
///
/// ```
/// use gridlab::games::rogue::{generate, Analysis, GenerateOptions, Outcome};
/// let options = GenerateOptions { size: 8, min_moves: 4, seed: 1, ..GenerateOptions::default() };
/// let g = generate(&options, None, None).unwrap();
/// let Outcome::MonsterWins { moves } = g.report.outcome else { panic!() };
/// assert!(moves >= 4);
/// let a = Analysis::new(&g.dungeon).unwrap();
/// assert_eq!(a.monster_to_move(g.dungeon.monster, g.dungeon.rogue), moves);
/// assert_eq!(generate(&options, None, None).unwrap().dungeon, g.dungeon); // one seed, one dungeon
/// ```
pub fn generate(
    options: &GenerateOptions,
    cancel: Option<&AtomicBool>,
    progress: Option<&mut dyn FnMut(GenerateProgress)>,
) -> Result<Generated, GenerateError> {
    options.check().map_err(GenerateError::Options)?;
    let mut rng = Pcg32::seed_from_u64(options.seed);
    let schedule = Schedule {
        run_length: 2_000,
        temperature: 12.0,
        report_work: REPORT_WORK,
    };
    let found = anneal(
        &mut rng,
        &schedule,
        Budget {
            max_candidates: options.max_candidates,
            longest: options.longest,
            cancel,
            progress,
        },
        |rng| Layout::random(rng, options.size),
        |rng, layout| layout.mutate(rng),
        |layout| evaluate(layout, options),
        |layout| layout.dungeon().map(|d| d.to_text()).unwrap_or_default(),
    );
    match found {
        Ok(found) => {
            let (dungeon, analysis) = found.proof;
            Ok(Generated {
                text: dungeon.to_text(),
                report: report(&dungeon, analysis),
                dungeon,
                candidates: found.candidates,
                met: found.meets,
            })
        }
        Err(Failure::Cancelled) => Err(GenerateError::Cancelled),
        Err(Failure::NotFound { candidates, best }) => {
            Err(GenerateError::NotFound { candidates, best })
        }
    }
}
