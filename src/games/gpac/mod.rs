//! **GPac** (Auburn COMP 5660/6660): Pac-Man against ghosts on a W×H map with pills,
//! fruit and a time limit; the world-file log; evolution of hard maps.
//!
//! - [`Map`]: the course's map format;
//! - [`WorldFile`]: the game log, read and written exactly; [`Replay`] shows it;
//! - [`Ini`]: the course's configs as `configparser` reads them;
//! - [`Game`], [`Settings`], the framework's controllers ([`Agents`], [`PacKind`],
//!   [`GhostKind`]) and [`play`];
//! - [`TOOLS`]: its tools (the editor's `verdict`) and palette in the registry.

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
mod tools;
mod world;

pub use agents::{
    Agents, ChaseMemory, GameRng, GhostAgent, GhostKind, PacAgent, PacKind, PacMemory,
};
pub use evolve::{random_map, random_map_for, repair, repair_with, Pairing, Repaired};
pub use ini::{Ini, MAX_EXPANDED_LEN, MAX_REFERENCE_DEPTH};
pub use map::{
    check_size, Cell, Map, PaintError, Steps, BROWSER_MAX_CELLS, FAR, MAX_SIDE, MIN_CELLS, NONE,
    OPEN, WALL, WALLED_SPAWN,
};
pub use play::{
    map_verdict, play, play_games, MapFeatures, Outcome, Tally, MAX_BENCH_GAMES, MAX_VERDICT_GAMES,
};
pub use replay::{Frame, Replay};
pub use rules::{
    pill_period, End, Game, Move, PillSpawn, RuleError, Settings, World, MAX_FRUIT_SCORE,
    MAX_GAME_TURNS, MAX_GHOSTS, MAX_TIME_MULTIPLIER,
};
pub use session::{BoardTile, Match, MatchError, MatchView, Turn, Xy};
pub use tools::{GpacVerdict, Verdict, VerdictOptions, TOOLS};
pub use world::{Snapshot, WorldFile};
