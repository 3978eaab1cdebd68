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

/// Progress of a generation: candidates scored, and the best measure so far.
#[derive(Clone, Copy, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// Candidates scored.
    pub candidates: u64,
    /// The best measure seen (turns for Act-Man, capture moves for Rogue) among
    /// candidates meeting the other requirements.
    pub best: u32,
}

/// A candidate's evaluation.
pub(crate) struct Eval<T> {
    /// Larger is better; drives the annealing.
    pub score: i64,
    /// The measure that `longest` maximises and progress reports.
    pub measure: u32,
    /// Whether the candidate meets every requirement but the measure's minimum (its
    /// measure then counts as the best seen).
    pub qualifies: bool,
    /// The proof, when the candidate meets every requirement.
    pub found: Option<T>,
}

/// Why the loop ended without a level.
pub(crate) enum Failure {
    /// The budget ran out; the best measure seen.
    NotFound { candidates: u64, best: u32 },
    /// The cancel flag was set.
    Cancelled,
}

/// The annealing's knobs.
pub(crate) struct Schedule {
    /// Candidates per run before a fresh start.
    pub run_length: u64,
    /// Starting temperature, in score units.
    pub temperature: f64,
    /// Candidates between two progress reports (the cancel flag is read before every
    /// candidate).
    pub report_every: u64,
}

/// What one generation may spend, and who hears of it.
pub(crate) struct Budget<'a, 'p> {
    /// Most candidates scored.
    pub max_candidates: u64,
    /// Score the whole budget and keep the candidate of largest measure.
    pub longest: bool,
    /// Set from elsewhere to stop.
    pub cancel: Option<&'a AtomicBool>,
    /// Called every `report_every` candidates.
    pub progress: Option<&'p mut dyn FnMut(Progress)>,
}

/// Run the annealing: `random` makes a fresh candidate, `mutate` changes one in
/// place, `evaluate` scores it. Returns the first candidate found (or with `longest`
/// the one of largest measure within the budget) and the candidates scored.
pub(crate) fn anneal<L: Clone, T>(
    rng: &mut Pcg32,
    schedule: &Schedule,
    budget: Budget<'_, '_>,
    mut random: impl FnMut(&mut Pcg32) -> L,
    mut mutate: impl FnMut(&mut Pcg32, &mut L),
    mut evaluate: impl FnMut(&L) -> Eval<T>,
) -> Result<(L, T, u64), Failure> {
    let Budget {
        max_candidates,
        longest,
        cancel,
        mut progress,
    } = budget;
    let mut best_measure = 0;
    let mut best: Option<(L, T, u64, u32)> = None;
    let mut candidates = 0u64;
    while candidates < max_candidates {
        let mut current = random(rng);
        let mut current_score = i64::MIN / 2;
        for step in 0..schedule.run_length {
            if candidates >= max_candidates {
                break;
            }
            // A candidate may take a while (its exact searches): the flag is read before
            // every one, and the searches read it too.
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err(Failure::Cancelled);
            }
            candidates += 1;
            if candidates % schedule.report_every == 0 {
                if let Some(report) = progress.as_mut() {
                    report(Progress {
                        candidates,
                        best: best_measure,
                    });
                }
            }
            // The first candidate of a run is the fresh one itself.
            let mut candidate = current.clone();
            if step > 0 {
                for _ in 0..rng.random_range(1..=2u32) {
                    mutate(rng, &mut candidate);
                }
            }
            let eval = evaluate(&candidate);
            if eval.qualifies {
                best_measure = best_measure.max(eval.measure);
            }
            if let Some(proof) = eval.found {
                if !longest {
                    return Ok((candidate, proof, candidates));
                }
                if best.as_ref().is_none_or(|b| eval.measure > b.3) {
                    best = Some((candidate.clone(), proof, candidates, eval.measure));
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
    best.map(|(l, t, c, _)| (l, t, c)).ok_or(Failure::NotFound {
        candidates,
        best: best_measure,
    })
}
