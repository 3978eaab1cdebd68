//! The games. Each folder holds one game's pure rules, its file formats and its solvers.

pub mod actman;
pub mod anneal;
pub mod arena;
pub mod gpac;
pub mod grade;
pub mod pengu;
pub mod plan_count;
pub mod rogue;
pub mod session;
pub mod state_space;
pub mod tools;
pub mod verdict;
