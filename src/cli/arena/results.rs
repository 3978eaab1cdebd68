//! A tournament's result from its games' records: the standings (points, score,
//! faults, time, rating), the table printed, the JSON written (`--json`), and the
//! records read back from result files (`--merge`).

use super::play::GameRecord;
use super::rating::ratings;
use super::schedule::{Entrant, GameOptions, MatchSpec, SpecError};
use super::tournament::MAX_JSON_STEPS;
use gridlab::games::arena::{replay, tournament_points, Config};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

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

/// Most bytes `--merge` reads over all its files (each at most 64 MiB).
pub use crate::cli::batch::MAX_BYTES as MAX_MERGE_BYTES;
/// Most files `--merge` reads from its folder.
pub use crate::cli::batch::MAX_FILES as MAX_MERGE_FILES;
/// Longest fault reason a result file may give, in characters.
pub const MAX_FAULT_CHARS: usize = 1_000;

/// Why `--merge` builds no standings: the folder, a file or a game at fault.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// The folder or a file in it cannot be read whole (too many files or bytes).
    #[error(transparent)]
    Files(#[from] crate::cli::batch::ReadError),
    /// A file holds something that is not a game record.
    #[error("{}: not a game result: {error}", .path.display())]
    NotResult {
        /// The file.
        path: PathBuf,
        /// What the JSON reader said.
        error: serde_json::Error,
    },
    /// A game record that does not hold up.
    #[error("{}: game {game}: {problem}", .path.display())]
    Game {
        /// The file.
        path: PathBuf,
        /// The record's game number.
        game: u32,
        /// What is wrong with it.
        problem: GameProblem,
    },
    /// The folder holds no record.
    #[error("--merge {}: no game results there", .0.display())]
    Empty(PathBuf),
    /// Games of the tournament without a record.
    #[error("--merge {}: {count} of {of} games missing: {first}{}", .dir.display(), more(*.count))]
    Missing {
        /// The folder.
        dir: PathBuf,
        /// How many are missing.
        count: usize,
        /// The tournament's games.
        of: u32,
        /// The first ten missing, comma-separated.
        first: String,
    },
    /// An entrant that no record seats.
    #[error("entrant {0} plays no game")]
    NoGames(usize),
}

/// ` …` after the first ten of more than ten.
fn more(count: usize) -> &'static str {
    if count > 10 {
        " …"
    } else {
        ""
    }
}

/// What is wrong with one game record (its field named).
#[derive(Debug, thiserror::Error)]
pub enum GameProblem {
    /// Its plan line does not parse.
    #[error("match: {0}")]
    Match(SpecError),
    /// Its plan line seats no four entrants.
    #[error(transparent)]
    Seats(SpecError),
    /// Its plan line is another tournament's.
    #[error(
        "from another tournament (its match line differs in seed, games, entrants or options)"
    )]
    OtherTournament,
    /// The records' replays are too long to merge.
    #[error("more than {MAX_JSON_STEPS} replay steps in all: too many to merge")]
    TooManySteps,
    /// An entrant differs from the one of the same index in other records.
    #[error("entrant {0} differs from other games")]
    EntrantDiffers(usize),
    /// A game recorded twice.
    #[error("two results for this game")]
    Twice,
    /// The game number is not its plan line's.
    #[error("game: {game}, but its match line has --game {line}")]
    GameNumber {
        /// The record's.
        game: u32,
        /// The line's.
        line: u32,
    },
    /// The seed is not its plan line's.
    #[error("seed: {seed}, but its match line gives {line}")]
    Seed {
        /// The record's.
        seed: u64,
        /// The line's.
        line: u64,
    },
    /// Not four seats.
    #[error("seats: {0} of them, a game has 4")]
    SeatCount(usize),
    /// The replay is not the game of its plan line.
    #[error("replay: not the game of its match line (seed {seed}, {steps} of {of} steps, or another config)")]
    Replay {
        /// The replay's seed.
        seed: u64,
        /// The replay's steps.
        steps: usize,
        /// The line's steps.
        of: u32,
    },
    /// More than four names in the replay.
    #[error("replay.names: {0} of them, a game has 4")]
    Names(usize),
    /// A seat's entrant is not the one its plan line seats.
    #[error("seats[{seat}].entrant: entrant {entrant} ({name}), but its match line seats {line_entrant} ({line_name})")]
    Entrant {
        /// The seat.
        seat: usize,
        /// The record's entrant index.
        entrant: usize,
        /// The record's name (at most 40 characters of it).
        name: String,
        /// The line's entrant index.
        line_entrant: usize,
        /// The line's name.
        line_name: String,
    },
    /// A seat's score is not its replay's.
    #[error("seats[{seat}].score: {score}, but its replay gives {replayed}")]
    Score {
        /// The seat.
        seat: usize,
        /// The record's.
        score: i64,
        /// The replay's.
        replayed: i64,
    },
    /// A seat's points are not its score's.
    #[error("seats[{seat}].points: {points}, but the scores give {expected}")]
    Points {
        /// The seat.
        seat: usize,
        /// The record's.
        points: f64,
        /// The scores'.
        expected: f64,
    },
    /// A fault reason longer than [`MAX_FAULT_CHARS`].
    #[error("seats[{0}].fault: longer than {MAX_FAULT_CHARS} characters")]
    LongFault(usize),
    /// A slowest answer time that is no time.
    #[error("seats[{seat}].timing.slowestMs: {ms}")]
    Slowest {
        /// The seat.
        seat: usize,
        /// The record's time.
        ms: f64,
    },
}

/// Read every game record in the files of `dir` (each file one record or several,
/// one after another), check each against its own plan line (the game, seed and
/// entrants of each of the four seats; points from scores; scores from its replay,
/// replayed) and that they are one whole tournament — the same seed, entrants and
/// options, every game once — and return its spec, entrants and games in order.
/// Errors name the file, the game and the field.
pub fn merge(dir: &Path) -> Result<(MatchSpec, Vec<Entrant>, Vec<GameRecord>), MergeError> {
    let mut steps = 0u64;
    let mut spec: Option<MatchSpec> = None;
    let mut entrants: Vec<Option<Entrant>> = Vec::new();
    // By game number: a line may claim millions of games, and only those read count.
    let mut games: std::collections::BTreeMap<u32, GameRecord> = Default::default();
    crate::cli::batch::read_each(dir, |path, text| {
        for record in serde_json::Deserializer::from_str(text).into_iter::<GameRecord>() {
            let record = record.map_err(|error| MergeError::NotResult {
                path: path.to_path_buf(),
                error,
            })?;
            let at = |problem| MergeError::Game {
                path: path.to_path_buf(),
                game: record.game,
                problem,
            };
            let this = MatchSpec::parse(&record.line).map_err(|e| at(GameProblem::Match(e)))?;
            let first = spec.get_or_insert_with(|| this.clone());
            if (this.of, this.seed, this.entrants, &this.options)
                != (first.of, first.seed, first.entrants, &first.options)
            {
                return Err(at(GameProblem::OtherTournament));
            }
            if entrants.is_empty() {
                entrants = vec![None; first.entrants as usize];
            }
            steps += record.replay.steps.len() as u64;
            if steps > MAX_JSON_STEPS {
                return Err(at(GameProblem::TooManySteps));
            }
            let seated = check(&record, &this).map_err(at)?;
            for e in seated {
                let slot = &mut entrants[e.index];
                match slot {
                    Some(known) if *known != e => {
                        return Err(at(GameProblem::EntrantDiffers(e.index)))
                    }
                    _ => *slot = Some(e),
                }
            }
            if games.contains_key(&record.game) {
                return Err(at(GameProblem::Twice));
            }
            games.insert(record.game, record);
        }
        Ok(())
    })?;
    let Some(spec) = spec else {
        return Err(MergeError::Empty(dir.to_path_buf()));
    };
    let count = spec.of as usize - games.len();
    if count > 0 {
        let missing: Vec<String> = (0..spec.of)
            .filter(|g| !games.contains_key(g))
            .take(10)
            .map(|g| g.to_string())
            .collect();
        return Err(MergeError::Missing {
            dir: dir.to_path_buf(),
            count,
            of: spec.of,
            first: missing.join(", "),
        });
    }
    let entrants = entrants
        .into_iter()
        .enumerate()
        .map(|(i, e)| e.ok_or(MergeError::NoGames(i)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((spec, entrants, games.into_values().collect()))
}

/// Check one record against its plan line `spec`: its game and seed, four seats
/// with the entrants the line seats, its replay (the line's config and seed, every
/// step) giving its scores, and points from the scores; the line's entrants.
fn check(record: &GameRecord, spec: &MatchSpec) -> Result<Vec<Entrant>, GameProblem> {
    let seated = spec.seated().map_err(GameProblem::Seats)?;
    if record.game != spec.game {
        return Err(GameProblem::GameNumber {
            game: record.game,
            line: spec.game,
        });
    }
    if record.seed != spec.game_seed() {
        return Err(GameProblem::Seed {
            seed: record.seed,
            line: spec.game_seed(),
        });
    }
    if record.seats.len() != 4 {
        return Err(GameProblem::SeatCount(record.seats.len()));
    }
    let config = Config {
        steps: spec.options.steps,
        ..Config::default()
    };
    let log = &record.replay;
    if log.seed != record.seed || log.config != config || log.steps.len() != config.steps as usize {
        return Err(GameProblem::Replay {
            seed: log.seed,
            steps: log.steps.len(),
            of: config.steps,
        });
    }
    if log.names.len() > 4 {
        return Err(GameProblem::Names(log.names.len()));
    }
    let arena = replay(log);
    let scores = [0, 1, 2, 3].map(|s| arena.players[s].score);
    let points = tournament_points(&scores);
    for (s, (seat, entrant)) in record.seats.iter().zip(&seated).enumerate() {
        if seat.entrant != entrant.index || seat.name != entrant.name {
            return Err(GameProblem::Entrant {
                seat: s,
                entrant: seat.entrant,
                name: seat.name.chars().take(40).collect(),
                line_entrant: entrant.index,
                line_name: entrant.name.clone(),
            });
        }
        if seat.score != scores[s] {
            return Err(GameProblem::Score {
                seat: s,
                score: seat.score,
                replayed: scores[s],
            });
        }
        let expected = if seat.fault.is_some() { 0.0 } else { points[s] };
        if seat.points != expected {
            return Err(GameProblem::Points {
                seat: s,
                points: seat.points,
                expected,
            });
        }
        if seat
            .fault
            .as_ref()
            .is_some_and(|f| f.chars().count() > MAX_FAULT_CHARS)
        {
            return Err(GameProblem::LongFault(s));
        }
        let ms = seat.timing.slowest_ms;
        if !ms.is_finite() || ms < 0.0 {
            return Err(GameProblem::Slowest { seat: s, ms });
        }
    }
    Ok(seated)
}
