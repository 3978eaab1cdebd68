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
