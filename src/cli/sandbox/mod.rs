//! Running other people's programs: a tournament's entrants, a student's solver or
//! player. Each runs by `sh -c` in a process group of its own under CPU and memory
//! limits ([`process`]), its output logged without repeats ([`complaints`]), and it is
//! killed with everything it started when its job ends ([`reaper`]); a program that
//! talks in lines (a player) is driven through [`lines`]. One module for
//! every command that runs a program; none keeps its own copy.

pub mod complaints;
pub mod lines;
pub mod process;
pub mod reaper;
pub mod run;

pub use process::{clamped, start, Limits, Process};
