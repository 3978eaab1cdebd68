//! Evolution of hard GPac maps (assignment series 1): genotypes, repair, fitness, the
//! operators of 1a–1d and the experiment loop.

mod operators;
mod pareto;
mod repair;

pub use operators::{mutate, ParentSelection, Recombination, SurvivalSelection};
pub use pareto::{crowding_distances, dominates, non_dominated_levels, pareto_fitness};
pub use repair::{repair, Repaired};
