//! Whole games between controllers, seeded.

use super::agents::{Agents, GameRng, GhostKind, PacKind};
use super::rules::{End, Game, Settings, World};
use super::world::WorldFile;
use rand::SeedableRng;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How a game between controllers went.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    /// Pac-Man's final score.
    pub score: i64,
    /// The ghosts' fitness.
    pub ghost_score: i64,
    /// Why it ended.
    pub end: End,
    /// Turns played.
    pub turns: u32,
    /// The world file, if asked for.
    #[serde(skip)]
    pub log: Option<WorldFile>,
}

/// Play a whole game on `world` between `pacman` and `ghosts`, seeded by `seed`.
///
/// ```
/// use gridlab::games::gpac::{play, GhostKind, Map, PacKind, Settings, World};
/// use std::sync::Arc;
/// let world = Arc::new(World::new(Map::open(10, 6)));
/// let a = play(&world, &Settings::default(), PacKind::Avoid, GhostKind::Chase, 7, false);
/// let b = play(&world, &Settings::default(), PacKind::Avoid, GhostKind::Chase, 7, false);
/// assert_eq!(a, b);
/// ```
pub fn play(
    world: &Arc<World>,
    settings: &Settings,
    pacman: PacKind,
    ghosts: GhostKind,
    seed: u64,
    log: bool,
) -> Outcome {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = Game::new(Arc::clone(world), settings, &mut rng, log);
    let mut agents = Agents::new(pacman, ghosts, settings.ghosts);
    let mut turns = 0;
    while game.end().is_none() {
        let (pac_move, ghost_moves) = agents.decide(&game, &mut rng);
        if game.step(pac_move, ghost_moves, &mut rng).is_err() {
            // A ghost boxed in with no legal move: it cannot happen on a repaired map,
            // but a hand-made one may wall a ghost in. End the game as time-up.
            break;
        }
        turns += 1;
    }
    Outcome {
        score: game.score(),
        ghost_score: game.ghost_score(),
        end: game.end().unwrap_or(End::TimeUp),
        turns,
        log: game.into_log(),
    }
}

/// `games` seeded games on `world` between `pacman` and `ghosts` (seeds `seed`,
/// `seed + 1`, ...), without world files: the verdict's, the benchmark's.
///
/// ```
/// use gridlab::games::gpac::{play_games, GhostKind, Map, PacKind, Settings, Tally, World};
/// use std::sync::Arc;
/// let world = Arc::new(World::new(Map::open(8, 6)));
/// let settings = Settings::default();
/// let mut tally = Tally::default();
/// for o in play_games(&world, &settings, PacKind::Avoid, GhostKind::Chase, 1, 3) {
///     tally.add(&o);
/// }
/// assert_eq!(tally.games, 3);
/// ```
pub fn play_games<'a>(
    world: &'a Arc<World>,
    settings: &'a Settings,
    pacman: PacKind,
    ghosts: GhostKind,
    seed: u64,
    games: u64,
) -> impl Iterator<Item = Outcome> + 'a {
    (0..games).map(move |k| play(world, settings, pacman, ghosts, seed.wrapping_add(k), false))
}

/// The totals of games played: how many, their turns and Pac-Man's scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games.
    pub games: u64,
    /// Turns, all games together.
    pub turns: u64,
    /// Pac-Man's scores added up.
    pub score: i64,
}

impl Tally {
    /// Count one more game.
    pub fn add(&mut self, outcome: &Outcome) {
        self.games += 1;
        self.turns += u64::from(outcome.turns);
        self.score += outcome.score;
    }

    /// Pac-Man's mean score (0 without games).
    pub fn mean_score(&self) -> f64 {
        self.score as f64 / self.games.max(1) as f64
    }
}

/// Most games [`map_verdict`] plays.
pub const MAX_VERDICT_GAMES: u32 = 1_000;

/// Most games a benchmark plays (`gpac bench --games`, the page's `gpac_play`).
pub const MAX_BENCH_GAMES: u32 = 1_000_000;

/// Measured features of a map for the editor: its seeded games' scores and its shape.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapFeatures {
    /// Games played.
    pub games: u32,
    /// Mean Pac-Man score.
    pub mean_score: f64,
    /// Standard deviation of the scores.
    pub sd: f64,
    /// Lowest score.
    pub min_score: i64,
    /// Highest score.
    pub max_score: i64,
    /// Mean turns a game lasted.
    pub mean_turns: f64,
    /// Open cells with one open neighbour.
    pub dead_ends: usize,
}

/// The editor's verdict on a map: the mean score of `games` seeded games (seeds
/// `seed`, `seed + 1`, ...) between `pacman` and `ghosts` (1 to
/// [`MAX_VERDICT_GAMES`]). Once `cancel` is set no further game starts: the verdict
/// is then that of the games played (at least one), with a note saying so.
///
/// ```
/// use gridlab::games::gpac::{map_verdict, GhostKind, Map, PacKind, Settings};
/// let v = map_verdict(Map::open(8, 6), &Settings::default(), PacKind::Avoid, GhostKind::Chase, 1, 4, None);
/// assert_eq!(v.features.as_ref().unwrap().games, 4);
/// assert!(v.score.is_some() && v.note.is_none());
/// ```
pub fn map_verdict(
    map: super::Map,
    settings: &Settings,
    pacman: PacKind,
    ghosts: GhostKind,
    seed: u64,
    games: u32,
    cancel: Option<&AtomicBool>,
) -> crate::games::verdict::LevelVerdict<MapFeatures> {
    use crate::games::verdict::{LevelVerdict, Verdict};
    let asked = games.clamp(1, MAX_VERDICT_GAMES);
    let dead_ends = map.dead_ends();
    let world = Arc::new(World::new(map));
    let mut outcomes = Vec::new();
    for o in play_games(&world, settings, pacman, ghosts, seed, asked.into()) {
        outcomes.push(o);
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            break;
        }
    }
    let games = outcomes.len() as u32;
    let scores: Vec<f64> = outcomes.iter().map(|o| o.score as f64).collect();
    let mean_score = super::stats::mean(&scores);
    let sd =
        (scores.iter().map(|s| (s - mean_score).powi(2)).sum::<f64>() / scores.len() as f64).sqrt();
    let mut v = LevelVerdict::new(Verdict::Score, 0);
    if games < asked {
        v.note = Some(format!("cancelled after {games} of {asked} games"));
    }
    v.score = Some((mean_score * 10.0).round() / 10.0);
    v.features = Some(MapFeatures {
        games,
        mean_score: (mean_score * 10.0).round() / 10.0,
        sd: (sd * 10.0).round() / 10.0,
        min_score: outcomes.iter().map(|o| o.score).min().unwrap_or(0),
        max_score: outcomes.iter().map(|o| o.score).max().unwrap_or(0),
        mean_turns: outcomes.iter().map(|o| f64::from(o.turns)).sum::<f64>() / f64::from(games),
        dead_ends,
    });
    v
}
