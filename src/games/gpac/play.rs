//! Whole games between controllers, seeded.

use super::agents::{Agents, GameRng, GhostKind, PacKind};
use super::rules::{End, Game, Settings, World};
use super::world::WorldFile;
use rand::SeedableRng;
use serde::Serialize;
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
/// `seed`, `seed + 1`, ...) between `pacman` and `ghosts` (at most
/// [`MAX_VERDICT_GAMES`]).
///
/// ```
/// use gridlab::games::gpac::{map_verdict, GhostKind, Map, PacKind, Settings};
/// let v = map_verdict(Map::open(8, 6), &Settings::default(), PacKind::Avoid, GhostKind::Chase, 1, 4);
/// assert_eq!(v.features.as_ref().unwrap().games, 4);
/// assert!(v.score.is_some());
/// ```
pub fn map_verdict(
    map: super::Map,
    settings: &Settings,
    pacman: PacKind,
    ghosts: GhostKind,
    seed: u64,
    games: u32,
) -> crate::games::verdict::LevelVerdict<MapFeatures> {
    use crate::games::verdict::{LevelVerdict, Verdict};
    let games = games.clamp(1, MAX_VERDICT_GAMES);
    let dead_ends = map.dead_ends();
    let world = Arc::new(World::new(map));
    let outcomes: Vec<Outcome> = (0..u64::from(games))
        .map(|k| {
            play(
                &world,
                settings,
                pacman,
                ghosts,
                seed.wrapping_add(k),
                false,
            )
        })
        .collect();
    let scores: Vec<f64> = outcomes.iter().map(|o| o.score as f64).collect();
    let mean_score = super::stats::mean(&scores);
    let sd =
        (scores.iter().map(|s| (s - mean_score).powi(2)).sum::<f64>() / scores.len() as f64).sqrt();
    let mut v = LevelVerdict::new(Verdict::Score, 0);
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
