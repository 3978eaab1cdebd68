//! Dungeons with a proved difficulty: simulated annealing over dungeons of a given
//! size and monster count, each candidate scored by an exact count of its optimal
//! plans ([`count_plans`](super::count_plans)), until one needs at least the asked
//! number of turns (and, if asked, has exactly one optimal plan, needs the bullet,
//! needs a lure). Every dungeon returned carries its proof: the optimal turns, the
//! plan count, one optimal plan, and the exhaustive searches of the restricted games.
//! Seeded and bounded by a number of candidates (not a clock): one seed, one dungeon,
//! natively and in the browser.

use super::analysis::{Counts, Features, PlanCount};
use super::level::{Dungeon, Kind};
use super::solver::Restriction;
use crate::error::FieldError;
use crate::games::anneal::{
    anneal, Budget, Eval, Failure, Found, Progress, Schedule, MAX_TIME_LIMIT,
};
use crate::games::verdict::{AnalysisLimits, DEFAULT_ANALYSIS_MEMORY};
use crate::grid::{Grid, Pos};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// Smallest and largest side of a generated dungeon (border included).
pub const SIDES: std::ops::RangeInclusive<usize> = 4..=14;
/// Most monsters in a generated dungeon.
pub const MAX_GENERATED_MONSTERS: usize = 6;
/// Most turns asked of a generated dungeon (no game outlasts its score: at most
/// 50 + 5 per monster turns).
pub const MAX_MIN_TURNS: u32 = 80;
/// Most candidates one dungeon may cost.
pub const MAX_CANDIDATES: u64 = 10_000_000;
/// Most states of each exact search while scoring a candidate; a candidate whose
/// proof needs more is rejected.
pub const CANDIDATE_STATES: usize = 400_000;

/// States searched between two progress reports.
const REPORT_WORK: u64 = 2_000_000;
/// Optimal plans counted at most while scoring (beyond, "many").
const PLAN_CAP: u64 = 1 << 20;
/// Most states of the searches that decide the needs not asked for, once a dungeon
/// is found (a need is reported only when proved).
const FINAL: AnalysisLimits = AnalysisLimits {
    max_states: 2_000_000,
    max_memory: DEFAULT_ANALYSIS_MEMORY,
    plan_cap: 1,
};
/// What to generate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GenerateOptions {
    /// Rows, border included (4 to 14).
    #[schemars(range(min = *SIDES.start(), max = *SIDES.end()))]
    pub rows: usize,
    /// Columns, border included (4 to 14).
    #[schemars(range(min = *SIDES.start(), max = *SIDES.end()))]
    pub cols: usize,
    /// Monsters, ogres and demons (1 to 6).
    #[schemars(range(min = 1, max = MAX_GENERATED_MONSTERS))]
    pub monsters: usize,
    /// Victory takes at least this many turns (1 to 80).
    #[schemars(range(min = 1, max = MAX_MIN_TURNS))]
    pub min_turns: u32,
    /// The optimal plan is the only one.
    pub unique: bool,
    /// No victory without firing the bullet.
    pub needs_bullet: bool,
    /// No victory without a monster dying on another monster or on a corpse.
    pub needs_lure: bool,
    /// The seed: one seed, one dungeon (with --count, dungeon k uses seed + k).
    pub seed: u64,
    /// Most candidate dungeons scored before giving up (1 to 10,000,000).
    #[schemars(range(min = 1, max = MAX_CANDIDATES))]
    pub max_candidates: u64,
    /// Score all the candidates and keep the longest dungeon (at least --min-turns),
    /// instead of the first that meets it.
    pub longest: bool,
    /// Seconds before stopping with the best dungeon so far (0: no limit; 0 to
    /// 3,600). The command line and the page keep the time; generation counts
    /// candidates.
    #[schemars(range(min = 0, max = MAX_TIME_LIMIT))]
    pub time_limit: u32,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        Self {
            rows: 8,
            cols: 10,
            monsters: 3,
            min_turns: 8,
            unique: false,
            needs_bullet: false,
            needs_lure: false,
            seed: 0,
            max_candidates: 200_000,
            longest: false,
            time_limit: 0,
        }
    }
}

// Same shape as Pengu's options check (`duplicates` pairs them): each game has its own
// fields and limits, so the checks stay apart; the shared parts are in `games::anneal`.
impl GenerateOptions {
    /// Check every field against its limit; the error names the field.
    ///
    /// ```
    /// use gridlab::games::actman::GenerateOptions;
    /// let bad = GenerateOptions { monsters: 0, ..GenerateOptions::default() };
    /// assert_eq!(bad.check().unwrap_err().field, "monsters");
    /// ```
    pub fn check(&self) -> Result<(), FieldError> {
        crate::games::anneal::check_sides(self.rows, self.cols, &SIDES)?;
        crate::games::anneal::check_items(
            "monsters",
            self.monsters,
            MAX_GENERATED_MONSTERS,
            2,
            (self.rows - 2) * (self.cols - 2),
            "Act-Man",
        )?;
        FieldError::check_count(
            "min_turns",
            self.min_turns as usize,
            1,
            MAX_MIN_TURNS as usize,
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

/// A generated dungeon and its proof.
#[derive(Clone, Debug, Serialize)]
pub struct Generated {
    /// The dungeon.
    #[serde(skip)]
    pub dungeon: Dungeon,
    /// The dungeon in the course format.
    pub text: String,
    /// One optimal plan (the course's action characters).
    pub plan: String,
    /// Its measured features (optimal turns, plan count, needs, ...).
    pub features: Features,
    /// Candidates scored to find it.
    pub candidates: u64,
    /// Whether it meets every requirement asked (false: the best dungeon so far,
    /// returned when cancelled; its victory is quicker than asked).
    pub met: bool,
}

/// Progress of a generation (`best`: the most turns of a victory seen among the
/// candidates meeting the other requirements).
pub type GenerateProgress = Progress;

/// Why no dungeon came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// An option is out of its range.
    #[error("{0}")]
    Options(FieldError),
    /// The candidate budget ran out first.
    #[error("no dungeon within {candidates} candidates: the best had {best_turns} turns; ask for fewer turns, a larger dungeon or more --max-candidates")]
    NotFound {
        /// Candidates scored.
        candidates: u64,
        /// The most turns seen.
        best_turns: u32,
    },
    /// Cancelled.
    #[error("cancelled")]
    Cancelled,
}

/// A random dungeon: walls around, walls and corpses inside at random, then the
/// monsters and Act-Man on free cells.
fn random_dungeon(rng: &mut Pcg32, rows: usize, cols: usize, monsters: usize) -> Dungeon {
    let mut walls = Grid::filled(rows, cols, true);
    let mut free = Vec::new();
    let mut corpses = Vec::new();
    for r in 1..rows - 1 {
        for c in 1..cols - 1 {
            let p = Pos::new(r, c);
            match rng.random_range(0..20u32) {
                0..=3 => {}
                4 => {
                    walls[p] = false;
                    corpses.push(p);
                }
                _ => {
                    walls[p] = false;
                    free.push(p);
                }
            }
        }
    }
    // Enough free cells for the monsters and Act-Man.
    while free.len() < monsters + 1 {
        let p = interior(rng, rows, cols);
        if walls[p] || corpses.contains(&p) {
            walls[p] = false;
            corpses.retain(|&c| c != p);
            free.push(p);
        }
    }
    for k in 0..=monsters {
        let j = rng.random_range(k..free.len());
        free.swap(k, j);
    }
    let mut dungeon = Dungeon {
        walls,
        actman: free[monsters],
        monsters: free[..monsters]
            .iter()
            .map(|&p| (p, random_kind(rng)))
            .collect(),
        corpses,
        notes: Default::default(),
    };
    tidy(&mut dungeon);
    dungeon
}

fn random_kind(rng: &mut Pcg32) -> Kind {
    if rng.random::<bool>() {
        Kind::Ogre
    } else {
        Kind::Demon
    }
}

fn interior(rng: &mut Pcg32, rows: usize, cols: usize) -> Pos {
    Pos::new(rng.random_range(1..rows - 1), rng.random_range(1..cols - 1))
}

/// Reading order, as the course format lists them.
fn tidy(dungeon: &mut Dungeon) {
    dungeon.monsters.sort();
    dungeon.corpses.sort();
}

/// A small change: one free cell becomes wall, space or corpse; a monster or Act-Man
/// moves to a free cell; a monster changes kind. The monster count holds.
fn mutate(rng: &mut Pcg32, d: &mut Dungeon) {
    let (rows, cols) = (d.walls.rows(), d.walls.cols());
    let p = interior(rng, rows, cols);
    let occupied = |d: &Dungeon, p: Pos| p == d.actman || d.monsters.iter().any(|m| m.0 == p);
    let is_free = |d: &Dungeon, p: Pos| !d.walls[p] && !occupied(d, p) && !d.corpses.contains(&p);
    match rng.random_range(0..10u32) {
        0..=4 => {
            if !occupied(d, p) {
                d.corpses.retain(|&c| c != p);
                d.walls[p] = false;
                match rng.random_range(0..6u32) {
                    0..=2 => d.walls[p] = true,
                    3 => d.corpses.push(p),
                    _ => {}
                }
            }
        }
        5..=6 => {
            let k = rng.random_range(0..d.monsters.len());
            if is_free(d, p) {
                d.monsters[k].0 = p;
            }
        }
        7 => {
            let k = rng.random_range(0..d.monsters.len());
            d.monsters[k].1 = random_kind(rng);
        }
        _ => {
            if is_free(d, p) {
                d.actman = p;
            }
        }
    }
    tidy(d);
}

/// The proof of a candidate: its count and the needs proved.
struct Proof {
    count: PlanCount,
    needs_bullet: bool,
    needs_lure: bool,
}

/// The limits of a candidate's searches.
const CANDIDATE: AnalysisLimits = AnalysisLimits {
    max_states: CANDIDATE_STATES,
    max_memory: DEFAULT_ANALYSIS_MEMORY,
    plan_cap: PLAN_CAP,
};

fn evaluate(d: &Dungeon, options: &GenerateOptions, cancel: Option<&AtomicBool>) -> Eval<Proof> {
    // The count and the proofs of need share the board's tables.
    let counts = Counts::new(d, CANDIDATE, cancel);
    let count = counts.count(Restriction::default());
    let PlanCount::Found {
        turns,
        plans,
        plan,
        states,
    } = &count
    else {
        let work = match &count {
            PlanCount::NoPlan { states } => *states,
            _ => CANDIDATE_STATES,
        };
        return Eval::reject(-1_000, work as u64);
    };
    let work = *states as u64;
    let mut score = 8 * i64::from(*turns);
    if options.unique && *plans > 1 {
        score -= 4 + 2 * i64::from(plans.ilog2());
    }
    // A restriction is proved only by an exhaustive search of the restricted game;
    // skip it when the plan found already wins there.
    let mut prove = |asked: bool, restriction: Restriction| {
        if !asked {
            return false;
        }
        let proved = counts.needs_beyond(restriction, plan) == Some(true);
        if !proved {
            score -= 40;
        }
        proved
    };
    let needs_bullet = prove(options.needs_bullet, Restriction::NO_BULLET);
    let needs_lure = prove(options.needs_lure, Restriction::NO_LURE);
    let qualifies = (!options.unique || *plans == 1)
        && (!options.needs_bullet || needs_bullet)
        && (!options.needs_lure || needs_lure);
    let turns = *turns;
    Eval {
        score,
        measure: turns,
        meets: qualifies && turns >= options.min_turns,
        proof: qualifies.then_some(Proof {
            count,
            needs_bullet,
            needs_lure,
        }),
        work,
    }
}

/// Generate one dungeon (see the module's doc). `progress` is called after the first
/// candidate, at every new best and every 2,000,000 states searched; `cancel` is
/// checked before every candidate (and inside its searches), and once set, the best
/// dungeon so far is returned (`met` false if its victory is quicker than asked; an
/// error if there is none).
///
/// ```
/// use gridlab::games::actman::{generate, Game, GenerateOptions, Status};
/// let options = GenerateOptions { rows: 6, cols: 7, monsters: 2, min_turns: 4, seed: 3, ..GenerateOptions::default() };
/// let g = generate(&options, None, None).unwrap();
/// assert!(g.features.optimal_turns >= 4);
/// assert_eq!(Game::replay(&g.dungeon, &g.plan).unwrap().status(), Status::Victory);
/// assert_eq!(generate(&options, None, None).unwrap().dungeon, g.dungeon); // one seed, one dungeon
/// ```
// Same shape as Rogue's and Pengu's `generate` (`duplicates` pairs them): the loop is
// `anneal`'s; what stays here is this game's candidate, evaluation and proof.
pub fn generate(
    options: &GenerateOptions,
    cancel: Option<&AtomicBool>,
    progress: Option<&mut dyn FnMut(GenerateProgress)>,
) -> Result<Generated, GenerateError> {
    options.check().map_err(GenerateError::Options)?;
    let mut rng = Pcg32::seed_from_u64(options.seed);
    let schedule = Schedule {
        run_length: 3_000,
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
        |rng| random_dungeon(rng, options.rows, options.cols, options.monsters),
        mutate,
        |d| evaluate(d, options, cancel),
        Dungeon::to_text,
    );
    match found {
        Ok(Found {
            level: dungeon,
            proof,
            candidates,
            meets,
        }) => {
            let PlanCount::Found { plan, .. } = &proof.count else {
                unreachable!("a dungeon is found with its plan")
            };
            // The needs not asked for are decided now, for the features.
            let counts = Counts::new(&dungeon, FINAL, cancel);
            let decide = |proved: bool, restriction: Restriction| {
                proved || counts.needs_beyond(restriction, plan) == Some(true)
            };
            let needs_bullet = decide(proof.needs_bullet, Restriction::NO_BULLET);
            let needs_lure = decide(proof.needs_lure, Restriction::NO_LURE);
            // A cancel here leaves the needs not asked for unproved (reported as not
            // needed, as any need not proved) rather than lose the dungeon.
            Ok(Generated {
                text: dungeon.to_text(),
                plan: plan.clone(),
                features: counts.features(&dungeon, &proof.count, needs_bullet, needs_lure),
                dungeon,
                candidates,
                met: meets,
            })
        }
        Err(Failure::Cancelled) => Err(GenerateError::Cancelled),
        Err(Failure::NotFound { candidates, best }) => Err(GenerateError::NotFound {
            candidates,
            best_turns: best,
        }),
    }
}
