//! Levels with a proved difficulty: simulated annealing over fields of a given size
//! and fish count, each candidate scored by an exact count of its optimal plans
//! ([`PlanCounter`]), until one needs at least the asked number of moves (and, if
//! asked, has exactly one optimal plan). Every level returned carries its proof: the
//! optimal length, the plan count and one optimal plan. Seeded with a portable
//! generator and bounded by a number of candidates (not a clock), so one seed gives
//! one level natively and in the browser.

use super::analysis::{features, Features, PlanCount, PlanCounter};
use super::graph::SlideGraph;
use super::level::{Level, Tile};
use crate::error::FieldError;
use crate::games::anneal::{anneal, Budget, Eval, Failure, Schedule, MAX_TIME_LIMIT};
use crate::games::verdict::{AnalysisLimits, DEFAULT_ANALYSIS_MEMORY};
use crate::grid::Grid;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// Smallest and largest side of a generated field (the course format's size, border
/// included).
pub const SIDES: std::ops::RangeInclusive<usize> = 4..=16;
/// Most fish in a generated field (the plan count's table stays within 50 MB).
pub const MAX_FISH: usize = 12;
/// Most moves asked of a generated level.
pub const MAX_MIN_MOVES: u32 = 200;
/// Most candidates one level may cost.
pub const MAX_CANDIDATES: u64 = 100_000_000;

/// Optimal plans counted at most while scoring (beyond, "many").
const PLAN_CAP: u64 = 1 << 20;
/// Candidates per annealing run before a fresh start.
const RUN_LENGTH: u64 = 40_000;
/// States counted between two progress reports (a few tenths of a second).
const REPORT_WORK: u64 = 2_000_000;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GenerateOptions {
    /// Rows, border included (4 to 16).
    #[schemars(range(min = *SIDES.start(), max = *SIDES.end()))]
    pub rows: usize,
    /// Columns, border included (4 to 16).
    #[schemars(range(min = *SIDES.start(), max = *SIDES.end()))]
    pub cols: usize,
    /// Fish on the field (1 to 12).
    #[schemars(range(min = 1, max = MAX_FISH))]
    pub fish: usize,
    /// The optimal plan takes at least this many moves (1 to 200).
    #[schemars(range(min = 1, max = MAX_MIN_MOVES))]
    pub min_moves: u32,
    /// The optimal plan must be the only one.
    pub unique: bool,
    /// The seed: one seed, one level (with --count, level k uses seed + k).
    pub seed: u64,
    /// Most candidate fields scored before giving up (1 to 100,000,000).
    #[schemars(range(min = 1, max = MAX_CANDIDATES))]
    pub max_candidates: u64,
    /// Score the whole budget and return the longest level found (at least
    /// `min_moves`), instead of the first that meets it.
    pub longest: bool,
    /// Seconds before stopping with the best level so far (0: no limit; 0 to 3,600).
    /// The command line and the page keep the time; generation counts candidates.
    #[schemars(range(min = 0, max = MAX_TIME_LIMIT))]
    pub time_limit: u32,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        Self {
            rows: 8,
            cols: 8,
            fish: 6,
            min_moves: 10,
            unique: false,
            seed: 0,
            max_candidates: 2_000_000,
            longest: false,
            time_limit: 0,
        }
    }
}

impl GenerateOptions {
    /// Check every field against its limit.
    pub fn check(&self) -> Result<(), FieldError> {
        crate::games::anneal::check_sides(self.rows, self.cols, &SIDES)?;
        crate::games::anneal::check_items(
            "fish",
            self.fish,
            MAX_FISH,
            1,
            (self.rows - 2) * (self.cols - 2),
            "Pengu",
        )?;
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
        )?;
        crate::games::anneal::check_time_limit(self.time_limit)
    }
}

/// A generated level and its proof.
#[derive(Clone, Debug, Serialize)]
pub struct Generated {
    /// The field.
    #[serde(skip)]
    pub level: Level,
    /// One optimal plan (numpad digits).
    pub plan: String,
    /// Its measured features (optimal moves, plan count, ...).
    pub features: Features,
    /// Candidates scored to find it.
    pub candidates: u64,
    /// Whether it meets every requirement asked (false: the best level so far,
    /// returned when cancelled; its optimal plan is shorter than asked).
    pub met: bool,
}

/// Progress of a generation (`best`: the longest optimal plan seen, meeting the
/// uniqueness asked).
pub type GenerateProgress = crate::games::anneal::Progress;

/// Why no level came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// An option is out of its range.
    #[error("{0}")]
    Options(FieldError),
    /// The candidate budget ran out first.
    #[error("no level within {candidates} candidates: the best had {best_moves} moves; ask for fewer moves, a larger field or more --max-candidates")]
    NotFound {
        /// Candidates scored.
        candidates: u64,
        /// The longest optimal plan seen.
        best_moves: u32,
    },
    /// Cancelled.
    #[error("cancelled")]
    Cancelled,
}

/// A candidate's score: larger is better.
fn score(count: &PlanCount, unique: bool) -> (i64, u32) {
    match count {
        PlanCount::Found { moves, plans, .. } => {
            let penalty = if unique && *plans > 1 {
                4 + 2 * i64::from(plans.ilog2())
            } else {
                0
            };
            (8 * i64::from(*moves) - penalty, *moves)
        }
        _ => (-1_000, 0),
    }
}

/// A random field: walls around, walls, snow and hazards inside at random, then the
/// fish and Pengu on ice.
fn random_level(rng: &mut Pcg32, rows: usize, cols: usize, fish: usize) -> Level {
    let mut tiles = Grid::filled(rows, cols, Tile::Wall);
    let mut ice = Vec::new();
    for r in 1..rows - 1 {
        for c in 1..cols - 1 {
            let tile = random_tile(rng);
            tiles.cells_mut()[r * cols + c] = tile;
            if tile == Tile::Ice {
                ice.push(r * cols + c);
            }
        }
    }
    // Enough ice for the fish and Pengu.
    while ice.len() < fish + 1 {
        let i = interior(rng, rows, cols);
        if tiles.cells()[i] != Tile::Ice {
            tiles.cells_mut()[i] = Tile::Ice;
            ice.push(i);
        }
    }
    for k in 0..=fish {
        let j = rng.random_range(k..ice.len());
        ice.swap(k, j);
    }
    for &i in &ice[..fish] {
        tiles.cells_mut()[i] = Tile::Fish;
    }
    let start = tiles.pos_of(ice[fish]);
    Level {
        tiles,
        start,
        notes: Default::default(),
    }
}

fn random_tile(rng: &mut Pcg32) -> Tile {
    match rng.random_range(0..20u32) {
        0..=3 => Tile::Wall,
        4..=6 => Tile::Snow,
        7 => Tile::Bear,
        8 => Tile::Shark,
        _ => Tile::Ice,
    }
}

fn interior(rng: &mut Pcg32, rows: usize, cols: usize) -> usize {
    rng.random_range(1..rows - 1) * cols + rng.random_range(1..cols - 1)
}

/// A small change: one cell's tile, a fish moved, Pengu moved, or two cells swapped.
/// The fish count and Pengu-on-ice hold.
fn mutate(rng: &mut Pcg32, level: &mut Level) {
    let (rows, cols) = (level.tiles.rows(), level.tiles.cols());
    let start = level.tiles.index_of(level.start);
    let a = interior(rng, rows, cols);
    let b = interior(rng, rows, cols);
    let cells = level.tiles.cells_mut();
    match rng.random_range(0..10u32) {
        0..=4 => {
            if a != start && cells[a] != Tile::Fish {
                cells[a] = random_tile(rng);
            }
        }
        5..=6 => {
            // A fish to an ice cell.
            if cells[a] == Tile::Fish && cells[b] == Tile::Ice && b != start {
                cells.swap(a, b);
            }
        }
        7 => {
            if cells[a] == Tile::Ice && a != start {
                level.start = level.tiles.pos_of(a);
            }
        }
        _ => {
            if a != start && b != start {
                cells.swap(a, b);
            }
        }
    }
}

/// Generate one level (see the module's doc) with the annealing the generators share
/// (`games::anneal`). `progress` is called after the first candidate, at every new
/// best and every 2,000,000 states counted; `cancel` is checked before every candidate
/// and inside its plan count, and once set, the best level so far is returned
/// (`met` false if its plan is shorter than asked; an error if there is none).
///
/// ```
/// use gridlab::games::pengu::{generate, replay, GenerateOptions};
/// let options = GenerateOptions { rows: 6, cols: 6, fish: 3, min_moves: 4, unique: true, seed: 7, ..GenerateOptions::default() };
/// let g = generate(&options, None, None).unwrap();
/// assert!(g.features.optimal_moves >= 4 && g.features.unique);
/// assert_eq!(replay(&g.level, &g.plan).unwrap().fish_left(), 0);
/// assert_eq!(generate(&options, None, None).unwrap().level, g.level); // one seed, one level
/// ```
pub fn generate(
    options: &GenerateOptions,
    cancel: Option<&AtomicBool>,
    progress: Option<&mut dyn FnMut(GenerateProgress)>,
) -> Result<Generated, GenerateError> {
    options.check().map_err(GenerateError::Options)?;
    let mut rng = Pcg32::seed_from_u64(options.seed);
    let schedule = Schedule {
        run_length: RUN_LENGTH,
        temperature: 12.0,
        report_work: REPORT_WORK,
    };
    let mut counter = PlanCounter::default();
    let limits = AnalysisLimits {
        max_states: (options.rows * options.cols) << options.fish,
        max_memory: DEFAULT_ANALYSIS_MEMORY,
        plan_cap: PLAN_CAP,
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
        |rng| random_level(rng, options.rows, options.cols, options.fish),
        mutate,
        |level| {
            let count = counter.count(&SlideGraph::new(level), limits, cancel);
            let (score, moves) = score(&count, options.unique);
            let work = match &count {
                PlanCount::Found { states, .. } | PlanCount::NoPlan { states } => *states as u64,
                _ => limits.max_states as u64,
            };
            let qualifies = matches!(count, PlanCount::Found { plans: 1, .. })
                || (!options.unique && matches!(count, PlanCount::Found { .. }));
            Eval {
                score,
                measure: moves,
                meets: qualifies && moves >= options.min_moves,
                proof: qualifies.then_some(count),
                work,
            }
        },
        Level::to_text,
    );
    match found {
        Ok(found) => {
            let PlanCount::Found { plan, .. } = &found.proof else {
                unreachable!("a level is kept with its plan")
            };
            Ok(Generated {
                features: features(&found.level, &SlideGraph::new(&found.level), &found.proof),
                plan: plan.clone(),
                level: found.level,
                candidates: found.candidates,
                met: found.meets,
            })
        }
        Err(Failure::Cancelled) => Err(GenerateError::Cancelled),
        Err(Failure::NotFound { candidates, best }) => Err(GenerateError::NotFound {
            candidates,
            best_moves: best,
        }),
    }
}
