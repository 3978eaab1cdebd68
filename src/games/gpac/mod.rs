//! **GPac** (Auburn COMP 5660/6660): Pac-Man against ghosts on a W×H map with pills,
//! fruit and a time limit; the world-file log; evolution of hard maps.
//!
//! - [`Map`] and [`DistanceTable`]: the course's map format, all-pairs distances;
//! - [`WorldFile`]: the game log, read and written exactly;
//! - [`Ini`]: the course's configs as `configparser` reads them.

mod ini;
mod map;
mod world;

pub use ini::Ini;
pub use map::{Cell, DistanceTable, Map, FAR, MAX_SIDE};
pub use world::{Snapshot, WorldFile};
pub mod stats;
