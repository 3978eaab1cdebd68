//! A seat's timing during a game: answers after their tick (late), lock-step steps
//! that timed out waiting for it, its slowest answer, and warnings under the
//! tournament's time policy (an answer slower than `forfeit_after` is a warning;
//! more than `warnings` of them forfeit the game).

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The time policy of a game.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    /// An answer slower than this is a warning.
    pub forfeit_after: Duration,
    /// More warnings than this forfeit the game (None: never).
    pub warnings: Option<u32>,
}

/// One seat's counts (for whichever client held it).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeatTiming {
    /// Answers that arrived after their tick's step was computed.
    pub late: u32,
    /// Lock-step steps that went on without this seat's answer.
    pub timeouts: u32,
    /// Ticks answered (or, in lock-step, left unanswered) past `forfeit_after`.
    pub warnings: u32,
    /// The slowest answer, in milliseconds (to a tenth).
    pub slowest_ms: f64,
    /// Why the seat forfeited the game during it, if it did.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub forfeit: Option<String>,
    /// The latest tick answered.
    #[serde(skip)]
    answered: Option<u32>,
    /// The latest tick warned about.
    #[serde(skip)]
    warned: Option<u32>,
}

impl SeatTiming {
    /// An answer for `tick` (None: the current one) arrived now; `sent` holds each
    /// tick's send time and `current` is the tick being collected.
    pub fn answer(&mut self, tick: Option<u32>, current: u32, sent: &[Instant], policy: &Policy) {
        let tick = tick.unwrap_or(current).min(current);
        if self.answered.is_some_and(|a| a >= tick) {
            return;
        }
        self.answered = Some(tick);
        let Some(at) = sent.get(tick as usize) else {
            return;
        };
        let took = at.elapsed();
        let ms = (took.as_secs_f64() * 10_000.0).round() / 10.0;
        self.slowest_ms = self.slowest_ms.max(ms);
        if tick < current {
            self.late += 1;
        }
        if took > policy.forfeit_after && self.warned.is_none_or(|w| w < tick) {
            self.warn(tick, policy);
        }
    }

    /// Whether the seat has answered `tick`.
    pub fn has_answered(&self, tick: u32) -> bool {
        self.answered.is_some_and(|a| a >= tick)
    }

    /// Lock-step: warn for every tick up to `current` that is still unanswered
    /// `forfeit_after` after it was sent.
    pub fn overdue(&mut self, current: u32, sent: &[Instant], policy: &Policy) {
        let from = self.answered.max(self.warned).map_or(0, |t| t + 1);
        for tick in from..=current {
            match sent.get(tick as usize) {
                Some(at) if at.elapsed() > policy.forfeit_after => self.warn(tick, policy),
                _ => break,
            }
        }
    }

    fn warn(&mut self, tick: u32, policy: &Policy) {
        self.warned = Some(tick);
        self.warnings += 1;
        if self.forfeit.is_none() && policy.warnings.is_some_and(|n| self.warnings > n) {
            self.forfeit = Some(format!(
                "{} warnings: answers over {} ms",
                self.warnings,
                policy.forfeit_after.as_millis()
            ));
        }
    }
}
