//! **GPac** (Auburn COMP 5660/6660): Pac-Man against ghosts on a W×H map with pills,
//! fruit and a time limit; the world-file log; evolution of hard maps.
//!
//! - [`Map`]: the course's map format;
//! - [`WorldFile`]: the game log, read and written exactly; [`Replay`] shows it;
//! - [`Ini`]: the course's configs as `configparser` reads them;
//! - [`Game`], [`Settings`], the framework's controllers ([`Agents`], [`PacKind`],
//!   [`GhostKind`]) and [`play`].

mod agents;
pub mod evolve;
mod frontier;
mod ini;
mod map;
mod paths;
mod play;
mod replay;
mod rules;
mod session;
pub mod stats;
mod world;

pub use agents::{
    Agents, ChaseMemory, GameRng, GhostAgent, GhostKind, PacAgent, PacKind, PacMemory,
};
pub use evolve::{random_map, repair, repair_with, Pairing, Repaired};
pub use ini::{Ini, MAX_EXPANDED_LEN, MAX_REFERENCE_DEPTH};
pub use map::{Cell, Map, Steps, BROWSER_MAX_CELLS, FAR, MAX_SIDE, NONE};
pub use play::{map_verdict, play, MapFeatures, Outcome, MAX_BENCH_GAMES, MAX_VERDICT_GAMES};
pub use replay::{Frame, Replay};
pub use rules::{
    pill_period, End, Game, Move, PillSpawn, Settings, World, MAX_FRUIT_SCORE, MAX_GAME_TURNS,
    MAX_GHOSTS, MAX_TIME_MULTIPLIER,
};
pub use session::{BoardTile, Match, MatchError, MatchView, Turn, Xy};
pub use world::{Snapshot, WorldFile};
