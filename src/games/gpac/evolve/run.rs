//! One run of an experiment: random search (1a) or the (μ+λ) EA (1b–1d), one
//! generation at a time, seeded, with a log line per generation.

use super::config::{EvolveConfig, GenotypeKind};
use super::operators::mutate;
use super::pareto::{non_dominated_levels, pareto_fitness};
use super::repair::repair_with;
use crate::games::gpac::agents::GameRng;
use crate::games::gpac::map::Map;
use crate::games::gpac::play::play;
use crate::games::gpac::rules::World;
use crate::games::gpac::world::WorldFile;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::sync::Arc;

/// What an evaluation found.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Evaluation {
    /// Mean Pac-Man score over the samples.
    pub mean_score: f64,
    /// Cells the repair changed.
    pub repairs: u32,
    /// Dead ends of the repaired map.
    pub dead_ends: usize,
    /// Objectives to maximise: the fitness (−mean score, less any repair penalty),
    /// and for 1d −dead ends.
    pub objectives: Vec<f64>,
    /// The seed of the game whose score is nearest the mean (for the world file).
    pub representative_seed: u64,
}

/// An individual: the map bits (1 = wall, index x + y·W) and its self-adaptive
/// parameter, with its evaluation.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Individual {
    /// The genotype.
    pub bits: Vec<bool>,
    /// The self-adaptive mutation rate or penalty coefficient, if any.
    pub parameter: Option<f64>,
    /// The evaluation.
    pub eval: Evaluation,
}

impl Individual {
    /// The repaired map of this individual.
    pub fn map(&self, config: &EvolveConfig) -> Map {
        let raw = Map::from_walls(config.width, config.height, self.bits.clone())
            .expect("bits match the map size");
        repair_with(&raw, config.repair).map
    }

    /// Replay the representative game of this individual with its world file.
    pub fn world_file(&self, config: &EvolveConfig) -> WorldFile {
        let world = Arc::new(World::new(self.map(config)));
        let outcome = play(
            &world,
            &config.settings,
            config.pacman,
            config.ghosts,
            self.eval.representative_seed,
            true,
        );
        outcome.log.expect("logged")
    }
}

/// One log line: evaluations so far and, per objective, the population's mean and
/// best; with a self-adaptive genotype, the mean parameter.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Generation {
    /// Evaluations so far.
    pub evaluations: usize,
    /// Mean of each objective over the population.
    pub mean: Vec<f64>,
    /// Best of each objective in the population.
    pub best: Vec<f64>,
    /// Mean self-adaptive parameter.
    pub mean_parameter: Option<f64>,
}

/// Evaluate a genotype: repair it, play `samples` seeded games on it.
pub fn evaluate(
    bits: &[bool],
    parameter: Option<f64>,
    config: &EvolveConfig,
    seed: u64,
) -> Evaluation {
    let raw = Map::from_walls(config.width, config.height, bits.to_vec())
        .expect("bits match the map size");
    let repaired = repair_with(&raw, config.repair);
    let dead_ends = repaired.map.dead_ends();
    let world = Arc::new(World::new(repaired.map));
    let scores: Vec<i64> = (0..config.samples as u64)
        .map(|k| {
            play(
                &world,
                &config.settings,
                config.pacman,
                config.ghosts,
                seed.wrapping_add(k),
                false,
            )
            .score
        })
        .collect();
    let mean_score = scores.iter().sum::<i64>() as f64 / scores.len().max(1) as f64;
    let nearest = (0..scores.len())
        .rev()
        .min_by(|&a, &b| {
            (scores[a] as f64 - mean_score)
                .abs()
                .total_cmp(&(scores[b] as f64 - mean_score).abs())
        })
        .unwrap_or(0);
    let coefficient = match config.genotype {
        GenotypeKind::SelfAdaptivePenalty { .. } => parameter.unwrap_or(0.0),
        _ => config.penalty.unwrap_or(0.0),
    };
    let mut objectives = vec![-mean_score - coefficient * f64::from(repaired.repairs)];
    if config.dead_ends {
        objectives.push(-(dead_ends as f64));
    }
    Evaluation {
        mean_score,
        repairs: repaired.repairs,
        dead_ends,
        objectives,
        representative_seed: seed.wrapping_add(nearest as u64),
    }
}

/// A run in progress.
pub struct Run {
    config: EvolveConfig,
    rng: GameRng,
    population: Vec<Individual>,
    evaluations: usize,
    log: Vec<Generation>,
    best: Option<Individual>,
}

impl Run {
    /// A run seeded by `seed`; nothing is evaluated until [`Run::step`].
    pub fn new(config: EvolveConfig, seed: u64) -> Run {
        Run {
            config,
            rng: GameRng::seed_from_u64(seed),
            population: Vec::new(),
            evaluations: 0,
            log: Vec::new(),
            best: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &EvolveConfig {
        &self.config
    }

    /// Evaluations done.
    pub fn evaluations(&self) -> usize {
        self.evaluations
    }

    /// Whether the evaluation budget is spent.
    pub fn done(&self) -> bool {
        self.evaluations >= self.config.evaluations
    }

    /// The log so far.
    pub fn log(&self) -> &[Generation] {
        &self.log
    }

    /// The population (for random search, the individuals of the last batch).
    pub fn population(&self) -> &[Individual] {
        &self.population
    }

    /// The best individual so far by the first objective (raw fitness for 1c).
    pub fn best(&self) -> Option<&Individual> {
        self.best.as_ref()
    }

    /// The final Pareto front (level 0 of the population), for 1d.
    pub fn front(&self) -> Vec<&Individual> {
        let points: Vec<Vec<f64>> = self
            .population
            .iter()
            .map(|i| i.eval.objectives.clone())
            .collect();
        let level = non_dominated_levels(&points);
        self.population
            .iter()
            .zip(level)
            .filter(|&(_, l)| l == 0)
            .map(|(i, _)| i)
            .collect()
    }

    fn random_individual(&mut self) -> (Vec<bool>, Option<f64>) {
        let len = self.config.width * self.config.height;
        let bits = (0..len).map(|_| self.rng.random::<bool>()).collect();
        let parameter = match self.config.genotype {
            GenotypeKind::Binary => None,
            GenotypeKind::SelfAdaptiveMutation { min, max }
            | GenotypeKind::SelfAdaptivePenalty { min, max } => {
                let (lo, hi) = (min.min(max), min.max(max));
                Some(lo + (hi - lo) * self.rng.random::<f64>())
            }
        };
        (bits, parameter)
    }

    /// Evaluate a batch (seeds drawn in order, so a run is the same however the batch
    /// is computed), counting evaluations.
    fn evaluate_batch(&mut self, genotypes: Vec<(Vec<bool>, Option<f64>)>) -> Vec<Individual> {
        let remaining = self.config.evaluations.saturating_sub(self.evaluations);
        let batch: Vec<_> = genotypes.into_iter().take(remaining).collect();
        let seeds: Vec<u64> = batch.iter().map(|_| self.rng.random()).collect();
        self.evaluations += batch.len();
        batch
            .into_iter()
            .zip(seeds)
            .map(|((bits, parameter), seed)| {
                let eval = evaluate(&bits, parameter, &self.config, seed);
                Individual {
                    bits,
                    parameter,
                    eval,
                }
            })
            .collect()
    }

    fn note_best(&mut self, candidates: &[Individual]) {
        let raw = |i: &Individual| -i.eval.mean_score;
        for c in candidates {
            if self.best.as_ref().is_none_or(|b| raw(c) > raw(b)) {
                self.best = Some(c.clone());
            }
        }
    }

    /// Selection fitness of the population: the single objective, or the 1d Pareto
    /// fitness (with crowding if configured).
    fn fitness(&self, individuals: &[Individual]) -> Vec<f64> {
        if self.config.dead_ends {
            let points: Vec<Vec<f64>> = individuals
                .iter()
                .map(|i| i.eval.objectives.clone())
                .collect();
            pareto_fitness(&points, self.config.crowding)
        } else {
            individuals.iter().map(|i| i.eval.objectives[0]).collect()
        }
    }

    fn record(&mut self) {
        let objectives = self
            .population
            .first()
            .map_or(0, |i| i.eval.objectives.len());
        let n = self.population.len().max(1) as f64;
        let mean = (0..objectives)
            .map(|m| {
                self.population
                    .iter()
                    .map(|i| i.eval.objectives[m])
                    .sum::<f64>()
                    / n
            })
            .collect();
        let best = (0..objectives)
            .map(|m| {
                self.population
                    .iter()
                    .map(|i| i.eval.objectives[m])
                    .fold(f64::NEG_INFINITY, f64::max)
            })
            .collect();
        let mean_parameter = self
            .population
            .iter()
            .map(|i| i.parameter)
            .collect::<Option<Vec<f64>>>()
            .filter(|p| !p.is_empty())
            .map(|p| p.iter().sum::<f64>() / p.len() as f64);
        self.log.push(Generation {
            evaluations: self.evaluations,
            mean,
            best,
            mean_parameter,
        });
    }

    /// One step: the initial population (μ evaluations), or one generation of λ
    /// children with survival selection, or for random search a batch of λ random
    /// maps. Returns the new log line, or `None` when the budget is spent.
    pub fn step(&mut self) -> Option<&Generation> {
        if self.done() {
            return None;
        }
        let c = &self.config;
        let (mu, lambda) = (c.mu, c.lambda);
        if self.config.random_search {
            let batch_size = if self.population.is_empty() {
                mu
            } else {
                lambda
            };
            let genotypes = (0..batch_size).map(|_| self.random_individual()).collect();
            let batch = self.evaluate_batch(genotypes);
            self.note_best(&batch);
            self.population = batch;
        } else if self.population.is_empty() {
            let genotypes = (0..mu).map(|_| self.random_individual()).collect();
            let population = self.evaluate_batch(genotypes);
            self.note_best(&population);
            self.population = population;
        } else {
            let fitness = self.fitness(&self.population);
            let parents = c.parents.select(&fitness, 2 * lambda, &mut self.rng);
            let width = c.width;
            let mut genotypes = Vec::with_capacity(lambda);
            for pair in parents.chunks(2) {
                let (a, b) = (
                    &self.population[pair[0]],
                    &self.population[pair[pair.len() - 1]],
                );
                let mut bits =
                    self.config
                        .recombination
                        .child(&a.bits, &b.bits, width, &mut self.rng);
                let mut parameter = if self.rng.random::<bool>() {
                    a.parameter
                } else {
                    b.parameter
                };
                if let Some(p) = parameter.as_mut() {
                    *p = (*p + 0.05 * gaussian(&mut self.rng)).clamp(0.0, 1.0);
                }
                let rate = match self.config.genotype {
                    GenotypeKind::SelfAdaptiveMutation { .. } => {
                        parameter.unwrap_or(self.config.mutation_rate)
                    }
                    _ => self.config.mutation_rate,
                };
                if self.rng.random::<f64>() < rate {
                    mutate(&mut bits, &mut self.rng);
                }
                genotypes.push((bits, parameter));
            }
            let children = self.evaluate_batch(genotypes);
            self.note_best(&children);
            let mut all = std::mem::take(&mut self.population);
            all.extend(children);
            let fitness = self.fitness(&all);
            let survivors = self.config.survival.select(&fitness, mu, &mut self.rng);
            let mut keep = vec![false; all.len()];
            for &i in &survivors {
                keep[i] = true;
            }
            self.population = all
                .into_iter()
                .zip(keep)
                .filter(|&(_, k)| k)
                .map(|(i, _)| i)
                .collect();
        }
        self.record();
        self.log.last()
    }

    /// Run to the end of the budget.
    pub fn finish(&mut self) {
        while self.step().is_some() {}
    }
}

/// A standard normal deviate (Box–Muller).
fn gaussian(rng: &mut impl Rng) -> f64 {
    let u1: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
    let u2: f64 = rng.random();
    (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
}
