//! A tournament's result from its games' records: the standings (points, score,
//! faults, time, rating), the table printed, the JSON written (`--json`), and the
//! records read back from result files (`--merge`).

use super::play::GameRecord;
use super::rating::ratings;
use super::schedule::{Entrant, GameOptions, MatchSpec};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The `format` field of a tournament's JSON.
pub const FORMAT: &str = "gridlab-arena-tournament/1";

/// One entrant's totals, in ranking order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Standing {
    /// 1 for the first.
    pub rank: usize,
    /// The entrant's index (the order given).
    pub entrant: usize,
    /// Its name.
    pub name: String,
    /// What played it.
    pub command: String,
    /// Games played (forfeited ones included).
    pub games: u32,
    /// Tournament points (5, 3, 2, 1 a game; 0 for a forfeit).
    pub points: f64,
    /// Total score of the games not forfeited.
    pub score: i64,
    /// Games forfeited.
    pub faults: u32,
    /// Warnings (slow answers) over all games.
    pub warnings: u32,
    /// Answers that came after their tick.
    pub late: u32,
    /// Lock-step steps that went on without its answer.
    pub timeouts: u32,
    /// Its slowest answer, in milliseconds (to a tenth).
    pub slowest_ms: f64,
    /// Weng-Lin rating (μ) after all games.
    pub rating: f64,
    /// The rating's uncertainty (σ).
    pub uncertainty: f64,
}

/// How the games were played, as the JSON states it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionsRecord {
    steps: u32,
    realtime: bool,
    step_timeout_ms: u64,
    join_wait_s: f64,
    forfeit_after_ms: u64,
    warnings: u32,
    cpu_limit_s: u64,
    memory_limit_mb: u64,
}

impl From<&GameOptions> for OptionsRecord {
    fn from(o: &GameOptions) -> Self {
        OptionsRecord {
            steps: o.steps,
            realtime: o.realtime,
            step_timeout_ms: o.step_timeout,
            join_wait_s: o.join_wait.as_secs_f64(),
            forfeit_after_ms: o.forfeit_after,
            warnings: o.warnings,
            cpu_limit_s: o.cpu_limit,
            memory_limit_mb: o.memory_limit,
        }
    }
}

/// A whole tournament (the `--json` file).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tournament {
    /// [`FORMAT`].
    pub format: String,
    /// The tournament's seed.
    pub seed: u64,
    /// How every game was played.
    pub options: OptionsRecord,
    /// The entrants, best first.
    pub standings: Vec<Standing>,
    /// Every game in order, with its replay.
    pub games: Vec<GameRecord>,
}

/// The standings after `games` (in game order), best first: by points, then total
/// score, then the order the entrants were given.
pub fn standings(entrants: &[Entrant], games: &[GameRecord]) -> Vec<Standing> {
    let mut out: Vec<Standing> = entrants
        .iter()
        .map(|e| Standing {
            entrant: e.index,
            name: e.name.clone(),
            command: e.command.clone(),
            ..Standing::default()
        })
        .collect();
    for game in games {
        for seat in &game.seats {
            let st = &mut out[seat.entrant];
            st.games += 1;
            if seat.fault.is_some() {
                st.faults += 1;
            } else {
                st.points += seat.points;
                st.score += seat.score;
            }
            st.warnings += seat.timing.warnings;
            st.late += seat.timing.late;
            st.timeouts += seat.timing.timeouts;
            st.slowest_ms = st.slowest_ms.max(seat.timing.slowest_ms);
        }
    }
    for (st, r) in out.iter_mut().zip(ratings(entrants.len(), games)) {
        st.rating = r.rating;
        st.uncertainty = r.uncertainty;
    }
    out.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.score.cmp(&a.score))
            .then(a.entrant.cmp(&b.entrant))
    });
    for (rank, st) in out.iter_mut().enumerate() {
        st.rank = rank + 1;
    }
    out
}

/// Points as a person reads them: at most two decimals, none when whole.
fn points_text(points: f64) -> String {
    let text = format!("{points:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The standings as a Markdown table (the timing column last).
pub fn table(standings: &[Standing]) -> String {
    let mut out = String::from(
        "| rank | entrant | games | points | total score | faults | rating | warnings | late | timeouts | slowest ms |\n\
         |---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for s in standings {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {:.1} ± {:.1} | {} | {} | {} | {:.1} |\n",
            s.rank,
            s.name.replace('|', "\\|"),
            s.games,
            points_text(s.points),
            s.score,
            s.faults,
            s.rating,
            s.uncertainty,
            s.warnings,
            s.late,
            s.timeouts,
            s.slowest_ms
        ));
    }
    out
}

/// One line about a finished game, for the log.
pub fn summary(game: &GameRecord) -> String {
    let seats: Vec<String> = game
        .seats
        .iter()
        .map(|s| match &s.fault {
            Some(fault) => format!("{} forfeits ({fault})", s.name),
            None => format!("{} {}", s.name, s.score),
        })
        .collect();
    format!("game {}: {}", game.game, seats.join(", "))
}

/// The whole tournament as JSON.
pub fn json(
    seed: u64,
    options: &GameOptions,
    standings: &[Standing],
    games: &[GameRecord],
) -> String {
    let t = Tournament {
        format: FORMAT.into(),
        seed,
        options: options.into(),
        standings: standings.to_vec(),
        games: games.to_vec(),
    };
    serde_json::to_string_pretty(&t).unwrap_or_default()
}

/// Read every game record in the files of `dir` (each file one record or several,
/// one after another), check they are one whole tournament — the same seed, entrants
/// and options, every game once — and return its spec, entrants and games in order.
pub fn merge(dir: &Path) -> Result<(MatchSpec, Vec<Entrant>, Vec<GameRecord>), String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("--merge {}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let mut records: Vec<GameRecord> = Vec::new();
    for path in &files {
        let text = super::super::read_input(&path.to_string_lossy())?;
        for record in serde_json::Deserializer::from_str(&text).into_iter::<GameRecord>() {
            records
                .push(record.map_err(|e| format!("{}: not a game result: {e}", path.display()))?);
        }
    }
    let Some(first) = records.first() else {
        return Err(format!("--merge {}: no game results there", dir.display()));
    };
    let spec =
        MatchSpec::parse(&first.line).map_err(|e| format!("game {}: match: {e}", first.game))?;
    let mut entrants: Vec<Option<Entrant>> = vec![None; spec.entrants as usize];
    let mut games: Vec<Option<GameRecord>> = vec![None; spec.of as usize];
    for record in records {
        let this = MatchSpec::parse(&record.line)
            .map_err(|e| format!("game {}: match: {e}", record.game))?;
        if (this.of, this.seed, this.entrants, &this.options)
            != (spec.of, spec.seed, spec.entrants, &spec.options)
            || this.game != record.game
        {
            return Err(format!(
                "game {}: from another tournament (its match line differs in seed, games, entrants or options)",
                record.game
            ));
        }
        for e in this.seated()? {
            let slot = &mut entrants[e.index];
            match slot {
                Some(known) if *known != e => {
                    return Err(format!(
                        "game {}: entrant {} differs from other games",
                        record.game, e.index
                    ))
                }
                _ => *slot = Some(e),
            }
        }
        let slot = &mut games[record.game as usize];
        if slot.is_some() {
            return Err(format!("game {}: two results", record.game));
        }
        *slot = Some(record);
    }
    let missing: Vec<String> = games
        .iter()
        .enumerate()
        .filter(|(_, g)| g.is_none())
        .map(|(i, _)| i.to_string())
        .collect();
    if !missing.is_empty() {
        let more = if missing.len() > 10 { " …" } else { "" };
        return Err(format!(
            "--merge {}: {} of {} games missing: {}{more}",
            dir.display(),
            missing.len(),
            spec.of,
            missing[..missing.len().min(10)].join(", ")
        ));
    }
    let entrants = entrants
        .into_iter()
        .enumerate()
        .map(|(i, e)| e.ok_or(format!("entrant {i} plays no game")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((spec, entrants, games.into_iter().flatten().collect()))
}
