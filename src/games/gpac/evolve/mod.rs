//! Evolution of hard GPac maps (assignment series 1): genotypes, repair, fitness, the
//! operators of 1a–1d and the experiment loop.

mod config;
mod operators;
mod pareto;
mod pyset;
mod repair;
mod run;

pub use config::{
    EvolveConfig, GenotypeKind, DEFAULT_CONFIG, MAX_COEFFICIENT, MAX_EVALUATIONS, MAX_POPULATION,
    MAX_POPULATION_CELLS, MAX_SAMPLES,
};
pub use run::{evaluate, Evaluation, Generation, Individual, Run};

pub use operators::{mutate, ParentSelection, Recombination, SurvivalSelection};
pub use pareto::{crowding_distances, dominates, non_dominated_levels, pareto_fitness};
pub use repair::{random_map, random_map_for, repair, repair_with, Pairing, Repaired};
