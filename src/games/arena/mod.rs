//! **Arena**: real-time 4-player Pac-Man with power pellets and landmines on a
//! seeded 16×16 maze.
//!
//! - [`Maze`]: thin-wall maze generation (all reachable, no dead ends, open hub);
//! - [`Arena`]: the engine, one 50 ms step at a time, deterministic given the seed
//!   and the commands;
//! - [`Bot`], [`BotKind`]: built-in players of three strengths;
//! - [`play_game`]: a whole game between bots, with its command log.
//!
//! Arena keeps its own cells (`y * 16 + x`) and [`Heading`]s instead of
//! [`crate::grid`]'s `Pos` and `Dir`: thin walls between cells and the wire protocol's
//! coordinates and heading order (see the `maze` module); its distances use the
//! shared [`crate::grid::distance::DistanceMap`].

mod bots;
mod engine;
mod game;
mod maze;
mod wire;

pub use bots::{Bot, BotKind};
pub use engine::{
    centre, Arena, Command, Config, Item, Landmine, Player, Unit, MAX_ITEMS, MAX_POINTS, MAX_STEPS,
};
pub use game::{play_game, replay, tournament_points, CommandLog, ReplayError};
pub use maze::{Heading, Maze, CELL, HUB, SIDE};
pub use wire::{
    parse_client_line, tick_line, ClientMessage, MessageError, ServerMessage, TickMessage,
    MAX_LINE, MAX_TOKEN,
};
