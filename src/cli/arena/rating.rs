//! Ratings beside the points: Weng-Lin (the Bayesian online ranking that OpenSkill
//! implements; `skillratings` crate), for four-player free-for-all games, updated
//! game by game in the order of the schedule.

use super::play::GameRecord;
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// A rating: the skill estimate and its uncertainty (both start at 25 and 25/3).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The skill estimate (μ).
    pub rating: f64,
    /// Its uncertainty (σ).
    pub uncertainty: f64,
}

/// Every entrant's rating after `games` (in game order). Each seat is a team of
/// one, ranked by score; faulted seats share the last place. An entrant seated
/// twice in a game (fewer than four entrants) gets the mean of its seats' updates.
pub fn ratings(entrants: usize, games: &[GameRecord]) -> Vec<Rating> {
    let config = WengLinConfig::new();
    let mut now = vec![WengLinRating::new(); entrants];
    for game in games {
        let teams: Vec<[WengLinRating; 1]> = game.seats.iter().map(|s| [now[s.entrant]]).collect();
        let ranks: Vec<usize> = game
            .seats
            .iter()
            .map(|s| {
                if s.fault.is_some() {
                    return game.seats.len();
                }
                1 + game
                    .seats
                    .iter()
                    .filter(|o| o.fault.is_none() && o.score > s.score)
                    .count()
            })
            .collect();
        let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(&ranks)
            .map(|(t, &r)| (&t[..], MultiTeamOutcome::new(r)))
            .collect();
        let after = weng_lin_multi_team(&input, &config);
        let mut sums: Vec<(usize, f64, f64, u32)> = Vec::new();
        for (seat, new) in game.seats.iter().zip(&after) {
            match sums.iter_mut().find(|(e, ..)| *e == seat.entrant) {
                Some(sum) => {
                    sum.1 += new[0].rating;
                    sum.2 += new[0].uncertainty;
                    sum.3 += 1;
                }
                None => sums.push((seat.entrant, new[0].rating, new[0].uncertainty, 1)),
            }
        }
        for (e, rating, uncertainty, n) in sums {
            let (rating, uncertainty) = (rating / f64::from(n), uncertainty / f64::from(n));
            // A rating is a number whatever the games: an update that is not one is
            // not taken.
            if rating.is_finite() && uncertainty.is_finite() {
                now[e] = WengLinRating {
                    rating,
                    uncertainty,
                };
            }
        }
    }
    now.iter()
        .map(|r| Rating {
            rating: r.rating,
            uncertainty: r.uncertainty,
        })
        .collect()
}
