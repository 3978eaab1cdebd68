//! # gridlab
//!
//! One engine for the grid games of AI and algorithms courses. The rules of each game
//! live in [`games`] and are pure; [`search`] holds the solvers every game shares.
//! The same code runs natively (the `gridlab` command) and in the browser (WebAssembly).

pub mod animation;
pub mod error;
pub mod games;
pub mod grid;
pub mod grid_text;
pub mod search;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
