//! The search loop the level generators share: simulated annealing with restarts
//! over candidate levels, seeded with a portable generator and bounded by a number of
//! candidates (not a clock), so one seed gives one level natively and in the browser.

use rand::Rng;
use rand_pcg::Pcg32;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// Check a generated grid's size (border included) against `sides`; the error names
/// the option `size`.
pub(crate) fn check_sides(
    rows: usize,
    cols: usize,
    sides: &std::ops::RangeInclusive<usize>,
) -> Result<(), crate::error::FieldError> {
    if sides.contains(&rows) && sides.contains(&cols) {
        return Ok(());
    }
    Err(crate::error::FieldError::new(
        "size",
        format!(
            "{rows}x{cols}: each side must be {} to {} (border included)",
            sides.start(),
            sides.end()
        ),
    ))
}

/// Check the number of items (fish, monsters) placed on `inside` inner cells: 1 to
/// `max`, leaving `room` cells for the hero and what it needs; the error names `field`.
pub(crate) fn check_items(
    field: &'static str,
    n: usize,
    max: usize,
    room: usize,
    inside: usize,
    hero: &str,
) -> Result<(), crate::error::FieldError> {
    if n >= 1 && n <= max && n + room <= inside {
        return Ok(());
    }
    Err(crate::error::FieldError::new(
        field,
        format!("{n}: must be 1 to {max} and leave room for {hero} ({inside} inner cells)"),
    ))
}

/// Most seconds of a generator's `time_limit` (an hour).
pub const MAX_TIME_LIMIT: u32 = 3_600;

/// Check a generator's `time_limit` (seconds, 0: none), which the front ends keep.
pub(crate) fn check_time_limit(seconds: u32) -> Result<(), crate::error::FieldError> {
    if seconds <= MAX_TIME_LIMIT {
        return Ok(());
    }
    Err(crate::error::FieldError::new(
        "time_limit",
        format!("{seconds}: must be 0 (no limit) to {MAX_TIME_LIMIT} seconds"),
    ))
}

/// What a generator's report notes when it was stopped before a level met its
/// request: the best so far has `measure` `unit`, fewer than `asked`.
pub fn stopped_note(met: bool, measure: u32, asked: u32, unit: &str) -> Vec<String> {
    if met {
        return Vec::new();
    }
    vec![format!(
        "stopped before a level met the request: the best so far has {measure} {unit} (asked at least {asked})"
    )]
}

/// Progress of a generation: candidates scored, the best measure so far and the best
/// candidate so far (its text), so that a front end that stops the generation (a
/// time limit, a cancel) can still offer it.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// Candidates scored.
    pub candidates: u64,
    /// The best measure seen (moves for Pengu, turns for Act-Man, capture moves for
    /// Rogue) among candidates meeting the other requirements.
    pub best: u32,
    /// That best candidate in the course format (`None` until one meets the other
    /// requirements).
    pub best_level: Option<String>,
}

/// A candidate's evaluation.
pub(crate) struct Eval<T> {
    /// Larger is better; drives the annealing.
    pub score: i64,
    /// The measure that `longest` maximises and progress reports.
    pub measure: u32,
    /// The proof, when the candidate meets every requirement but the measure's
    /// minimum (its measure then counts as the best seen).
    pub proof: Option<T>,
    /// Whether the measure reaches the minimum asked too.
    pub meets: bool,
    /// What scoring it cost (states searched): progress is reported by work done.
    pub work: u64,
}

impl<T> Eval<T> {
    /// A candidate that meets nothing, of score `score`.
    pub fn reject(score: i64, work: u64) -> Self {
        Eval {
            score,
            measure: 0,
            proof: None,
            meets: false,
            work,
        }
    }
}

/// What the loop returns: the candidate, its proof, the candidates scored, and
/// whether it meets every requirement (false only for the best candidate so far,
/// returned when the cancel flag stopped the loop).
pub(crate) struct Found<L, T> {
    pub level: L,
    pub proof: T,
    pub candidates: u64,
    pub meets: bool,
}

/// Why the loop ended without a level.
pub(crate) enum Failure {
    /// The budget ran out; the best measure seen.
    NotFound { candidates: u64, best: u32 },
    /// The cancel flag was set before any candidate met the other requirements.
    Cancelled,
}

/// The annealing's knobs.
pub(crate) struct Schedule {
    /// Candidates per run before a fresh start.
    pub run_length: u64,
    /// Starting temperature, in score units.
    pub temperature: f64,
    /// Work (states searched, see [`Eval::work`]) between two progress reports; a
    /// report also follows the first candidate and every new best (the cancel flag is
    /// read before every candidate).
    pub report_work: u64,
}

/// Candidates between two progress reports at most, whatever their work.
const REPORT_EVERY: u64 = 1_000;

/// What one generation may spend, and who hears of it.
pub(crate) struct Budget<'a, 'p> {
    /// Most candidates scored.
    pub max_candidates: u64,
    /// Score the whole budget and keep the candidate of largest measure.
    pub longest: bool,
    /// Set from elsewhere to stop: the best candidate so far is returned.
    pub cancel: Option<&'a AtomicBool>,
    /// Called as [`Schedule::report_work`] says.
    pub progress: Option<&'p mut dyn FnMut(Progress)>,
}

/// The best candidate so far.
struct Best<L, T> {
    level: L,
    proof: T,
    candidates: u64,
    measure: u32,
    meets: bool,
}

/// Run the annealing: `random` makes a fresh candidate, `mutate` changes one in
/// place, `evaluate` scores it, `text` writes one for the progress reports. Returns
/// the first candidate that meets every requirement (or with `longest` the one of
/// largest measure within the budget); when cancelled, the best so far.
pub(crate) fn anneal<L: Clone, T>(
    rng: &mut Pcg32,
    schedule: &Schedule,
    budget: Budget<'_, '_>,
    mut random: impl FnMut(&mut Pcg32) -> L,
    mut mutate: impl FnMut(&mut Pcg32, &mut L),
    mut evaluate: impl FnMut(&L) -> Eval<T>,
    text: impl Fn(&L) -> String,
) -> Result<Found<L, T>, Failure> {
    let Budget {
        max_candidates,
        longest,
        cancel,
        mut progress,
    } = budget;
    let mut best: Option<Best<L, T>> = None;
    let mut report = Progress::default();
    let mut work = 0u64;
    let found = |b: Best<L, T>| Found {
        level: b.level,
        proof: b.proof,
        candidates: b.candidates,
        meets: b.meets,
    };
    while report.candidates < max_candidates {
        let mut current = random(rng);
        let mut current_score = i64::MIN / 2;
        for step in 0..schedule.run_length {
            if report.candidates >= max_candidates {
                break;
            }
            // A candidate may take a while (its exact searches): the flag is read before
            // every one, and the searches read it too.
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return best.map(found).ok_or(Failure::Cancelled);
            }
            report.candidates += 1;
            // The first candidate of a run is the fresh one itself.
            let mut candidate = current.clone();
            if step > 0 {
                for _ in 0..rng.random_range(1..=2u32) {
                    mutate(rng, &mut candidate);
                }
            }
            let eval = evaluate(&candidate);
            work += eval.work.max(1);
            let mut improved = false;
            if let Some(proof) = eval.proof {
                if best.as_ref().is_none_or(|b| eval.measure > b.measure) {
                    improved = true;
                    report.best = eval.measure;
                    report.best_level = Some(text(&candidate));
                    best = Some(Best {
                        level: candidate.clone(),
                        proof,
                        candidates: report.candidates,
                        measure: eval.measure,
                        meets: eval.meets,
                    });
                }
            }
            if improved
                || report.candidates == 1
                || work >= schedule.report_work
                || report.candidates % REPORT_EVERY == 0
            {
                work = 0;
                if let Some(call) = progress.as_mut() {
                    call(report.clone());
                }
            }
            // A candidate that meets every requirement is the best so far (none before
            // it met them, or the loop would have ended).
            if eval.meets && !longest {
                if let Some(b) = best {
                    return Ok(found(b));
                }
            }
            // Worse candidates pass with a chance that shrinks as the run cools.
            let temperature =
                schedule.temperature * (1.0 - step as f64 / schedule.run_length as f64) + 0.5;
            if eval.score >= current_score
                || rng.random::<f64>() < ((eval.score - current_score) as f64 / temperature).exp()
            {
                current = candidate;
                current_score = eval.score;
            }
        }
    }
    match best {
        Some(b) if b.meets => Ok(found(b)),
        _ => Err(Failure::NotFound {
            candidates: report.candidates,
            best: report.best,
        }),
    }
}
