//! A tournament's result from its games' records: the standings (points, score,
//! faults, time, rating), the table printed, the JSON written (`--json`), and the
//! records read back from result files (`--merge`).

use super::play::GameRecord;
use super::rating::ratings;
use super::schedule::{Entrant, GameOptions, MatchSpec};
use super::tournament::MAX_JSON_STEPS;
use gridlab::games::arena::{replay, tournament_points, Config};
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
                st.score = st.score.saturating_add(seat.score);
            }
            st.warnings = st.warnings.saturating_add(seat.timing.warnings);
            st.late = st.late.saturating_add(seat.timing.late);
            st.timeouts = st.timeouts.saturating_add(seat.timing.timeouts);
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

/// Most files `--merge` reads from its folder.
pub const MAX_MERGE_FILES: usize = 100_000;
/// Most bytes `--merge` reads over all its files (each at most 64 MiB).
pub const MAX_MERGE_BYTES: u64 = 1 << 30;
/// Longest fault reason a result file may give, in characters.
pub const MAX_FAULT_CHARS: usize = 1_000;

/// Read every game record in the files of `dir` (each file one record or several,
/// one after another), check each against its own plan line (the game, seed and
/// entrants of each of the four seats; points from scores; scores from its replay,
/// replayed) and that they are one whole tournament — the same seed, entrants and
/// options, every game once — and return its spec, entrants and games in order.
/// Errors name the file, the game and the field.
pub fn merge(dir: &Path) -> Result<(MatchSpec, Vec<Entrant>, Vec<GameRecord>), String> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| format!("--merge {}: {e}", dir.display()))? {
        let path = entry
            .map_err(|e| format!("--merge {}: {e}", dir.display()))?
            .path();
        if path.is_file() {
            if files.len() == MAX_MERGE_FILES {
                return Err(format!(
                    "--merge {}: more than {MAX_MERGE_FILES} files",
                    dir.display()
                ));
            }
            files.push(path);
        }
    }
    files.sort();
    let mut bytes = 0u64;
    let mut steps = 0u64;
    let mut spec: Option<MatchSpec> = None;
    let mut entrants: Vec<Option<Entrant>> = Vec::new();
    // By game number: a line may claim millions of games, and only those read count.
    let mut games: std::collections::BTreeMap<u32, GameRecord> = Default::default();
    for path in &files {
        let text = super::super::read_input(&path.to_string_lossy())?;
        bytes += text.len() as u64;
        if bytes > MAX_MERGE_BYTES {
            return Err(format!(
                "--merge {}: more than {} MiB of result files",
                dir.display(),
                MAX_MERGE_BYTES >> 20
            ));
        }
        for record in serde_json::Deserializer::from_str(&text).into_iter::<GameRecord>() {
            let record =
                record.map_err(|e| format!("{}: not a game result: {e}", path.display()))?;
            let at = |what: String| format!("{}: game {}: {what}", path.display(), record.game);
            let this = MatchSpec::parse(&record.line).map_err(|e| at(format!("match: {e}")))?;
            let first = spec.get_or_insert_with(|| this.clone());
            if (this.of, this.seed, this.entrants, &this.options)
                != (first.of, first.seed, first.entrants, &first.options)
            {
                return Err(at(
                    "from another tournament (its match line differs in seed, games, entrants or options)".into(),
                ));
            }
            if entrants.is_empty() {
                entrants = vec![None; first.entrants as usize];
            }
            steps += record.replay.steps.len() as u64;
            if steps > MAX_JSON_STEPS {
                return Err(at(format!(
                    "more than {MAX_JSON_STEPS} replay steps in all: too many to merge"
                )));
            }
            let seated = check(&record, &this).map_err(at)?;
            for e in seated {
                let slot = &mut entrants[e.index];
                match slot {
                    Some(known) if *known != e => {
                        return Err(at(format!("entrant {} differs from other games", e.index)))
                    }
                    _ => *slot = Some(e),
                }
            }
            if games.contains_key(&record.game) {
                return Err(at("two results for this game".into()));
            }
            games.insert(record.game, record);
        }
    }
    let Some(spec) = spec else {
        return Err(format!("--merge {}: no game results there", dir.display()));
    };
    let count = spec.of as usize - games.len();
    if count > 0 {
        let missing: Vec<String> = (0..spec.of)
            .filter(|g| !games.contains_key(g))
            .take(10)
            .map(|g| g.to_string())
            .collect();
        let more = if count > 10 { " …" } else { "" };
        return Err(format!(
            "--merge {}: {count} of {} games missing: {}{more}",
            dir.display(),
            spec.of,
            missing.join(", ")
        ));
    }
    let entrants = entrants
        .into_iter()
        .enumerate()
        .map(|(i, e)| e.ok_or(format!("entrant {i} plays no game")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((spec, entrants, games.into_values().collect()))
}

/// Check one record against its plan line `spec`: its game and seed, four seats
/// with the entrants the line seats, its replay (the line's config and seed, every
/// step) giving its scores, and points from the scores; the line's entrants.
fn check(record: &GameRecord, spec: &MatchSpec) -> Result<Vec<Entrant>, String> {
    let seated = spec.seated()?;
    if record.game != spec.game {
        return Err(format!(
            "game: {}, but its match line has --game {}",
            record.game, spec.game
        ));
    }
    if record.seed != spec.game_seed() {
        return Err(format!(
            "seed: {}, but its match line gives {}",
            record.seed,
            spec.game_seed()
        ));
    }
    if record.seats.len() != 4 {
        return Err(format!(
            "seats: {} of them, a game has 4",
            record.seats.len()
        ));
    }
    let config = Config {
        steps: spec.options.steps,
        ..Config::default()
    };
    let log = &record.replay;
    if log.seed != record.seed || log.config != config || log.steps.len() != config.steps as usize {
        return Err(format!(
            "replay: not the game of its match line (seed {}, {} of {} steps, or another config)",
            log.seed,
            log.steps.len(),
            config.steps
        ));
    }
    if log.names.len() > 4 {
        return Err(format!(
            "replay.names: {} of them, a game has 4",
            log.names.len()
        ));
    }
    let arena = replay(log);
    let scores = [0, 1, 2, 3].map(|s| arena.players[s].score);
    let points = tournament_points(&scores);
    for (s, (seat, entrant)) in record.seats.iter().zip(&seated).enumerate() {
        let field = |name: &str| format!("seats[{s}].{name}");
        if seat.entrant != entrant.index || seat.name != entrant.name {
            return Err(format!(
                "{}: entrant {} ({}), but its match line seats {} ({})",
                field("entrant"),
                seat.entrant,
                seat.name.chars().take(40).collect::<String>(),
                entrant.index,
                entrant.name
            ));
        }
        if seat.score != scores[s] {
            return Err(format!(
                "{}: {}, but its replay gives {}",
                field("score"),
                seat.score,
                scores[s]
            ));
        }
        let expected = if seat.fault.is_some() { 0.0 } else { points[s] };
        if seat.points != expected {
            return Err(format!(
                "{}: {}, but the scores give {expected}",
                field("points"),
                seat.points
            ));
        }
        if seat
            .fault
            .as_ref()
            .is_some_and(|f| f.chars().count() > MAX_FAULT_CHARS)
        {
            return Err(format!(
                "{}: longer than {MAX_FAULT_CHARS} characters",
                field("fault")
            ));
        }
        let slowest = seat.timing.slowest_ms;
        if !slowest.is_finite() || slowest < 0.0 {
            return Err(format!("{}: {slowest}", field("timing.slowestMs")));
        }
    }
    Ok(seated)
}
