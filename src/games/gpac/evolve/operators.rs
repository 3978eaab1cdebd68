//! The EA operators of assignment 1b–1c: parent selection, recombination, mutation and
//! survival selection, on fitness values to maximise.

use rand::seq::index::sample;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// How parents are chosen (with replacement: a parent may be chosen twice).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ParentSelection {
    /// Every individual equally likely.
    Uniform,
    /// Fitness-proportional (roulette): weights f − 1.5·min f when some are negative.
    FitnessProportional,
    /// Stochastic universal sampling: one spin, n equally spaced pointers.
    StochasticUniversal,
    /// The best of k distinct individuals drawn at random, n times.
    Tournament {
        /// Tournament size.
        k: usize,
    },
}

/// How the next population is chosen from parents and children (no duplicates).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum SurvivalSelection {
    /// The best μ.
    Truncation,
    /// Repeatedly the best of k distinct remaining individuals.
    Tournament {
        /// Tournament size.
        k: usize,
    },
    /// Fitness-proportional draws without replacement.
    FitnessProportional,
}

/// How two parents make a child.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Recombination {
    /// One cut point in 1..L−1: the first parent before it, the second after.
    OnePoint,
    /// Each locus from either parent with probability ½.
    Uniform,
    /// 2-D: a random rectangle of the map from the second parent, the rest from the
    /// first.
    MultiDimensional,
}

/// Weights for fitness-proportional choices: all positive, shifted by 1.5·min when a
/// fitness is not positive (the course's suggestion).
fn weights(fitness: &[f64]) -> Vec<f64> {
    let min = fitness.iter().copied().fold(f64::INFINITY, f64::min);
    let shift = if min <= 0.0 { 1.5 * min - 1e-9 } else { 0.0 };
    fitness.iter().map(|&f| f - shift).collect()
}

/// Index of the weight interval that `point` (in [0, total)) falls in.
fn spin(weights: &[f64], point: f64) -> usize {
    let mut acc = 0.0;
    for (i, &w) in weights.iter().enumerate() {
        acc += w;
        if point < acc {
            return i;
        }
    }
    weights.len() - 1
}

impl ParentSelection {
    /// Choose `n` parents (indices into `fitness`).
    ///
    /// ```
    /// use gridlab::games::gpac::evolve::ParentSelection;
    /// use rand::SeedableRng;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let fitness = [-30.0, -10.0, -20.0];
    /// let picks = ParentSelection::Tournament { k: 3 }.select(&fitness, 4, &mut rng);
    /// assert_eq!(picks, vec![1, 1, 1, 1]);
    /// ```
    pub fn select(self, fitness: &[f64], n: usize, rng: &mut impl Rng) -> Vec<usize> {
        let size = fitness.len();
        if size == 0 {
            return Vec::new();
        }
        match self {
            ParentSelection::Uniform => (0..n).map(|_| rng.random_range(0..size)).collect(),
            ParentSelection::FitnessProportional => {
                let w = weights(fitness);
                let total: f64 = w.iter().sum();
                (0..n)
                    .map(|_| spin(&w, rng.random::<f64>() * total))
                    .collect()
            }
            ParentSelection::StochasticUniversal => {
                let w = weights(fitness);
                let total: f64 = w.iter().sum();
                let step = total / n as f64;
                let start = rng.random::<f64>() * step;
                let mut out = Vec::with_capacity(n);
                let (mut i, mut acc) = (0, w[0]);
                for j in 0..n {
                    let pointer = start + j as f64 * step;
                    while pointer >= acc && i + 1 < size {
                        i += 1;
                        acc += w[i];
                    }
                    out.push(i);
                }
                out
            }
            ParentSelection::Tournament { k } => (0..n)
                .map(|_| {
                    sample(rng, size, k.clamp(1, size))
                        .into_iter()
                        .max_by(|&a, &b| fitness[a].total_cmp(&fitness[b]).then(b.cmp(&a)))
                        .unwrap_or(0)
                })
                .collect(),
        }
    }
}

impl SurvivalSelection {
    /// Choose `n` distinct survivors (indices into `fitness`), best first for
    /// truncation.
    ///
    /// ```
    /// use gridlab::games::gpac::evolve::SurvivalSelection;
    /// use rand::SeedableRng;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let fitness = [-30.0, -10.0, -20.0, -40.0];
    /// assert_eq!(SurvivalSelection::Truncation.select(&fitness, 2, &mut rng), vec![1, 2]);
    /// ```
    pub fn select(self, fitness: &[f64], n: usize, rng: &mut impl Rng) -> Vec<usize> {
        let size = fitness.len();
        let n = n.min(size);
        match self {
            SurvivalSelection::Truncation => {
                let mut order: Vec<usize> = (0..size).collect();
                order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
                order.truncate(n);
                order
            }
            SurvivalSelection::Tournament { k } => {
                let mut pool: Vec<usize> = (0..size).collect();
                let mut out = Vec::with_capacity(n);
                while out.len() < n {
                    let draw = sample(rng, pool.len(), k.clamp(1, pool.len()));
                    let winner = draw
                        .into_iter()
                        .max_by(|&a, &b| {
                            fitness[pool[a]]
                                .total_cmp(&fitness[pool[b]])
                                .then(pool[b].cmp(&pool[a]))
                        })
                        .unwrap_or(0);
                    out.push(pool.swap_remove(winner));
                }
                out
            }
            SurvivalSelection::FitnessProportional => {
                let mut pool: Vec<usize> = (0..size).collect();
                let mut out = Vec::with_capacity(n);
                while out.len() < n {
                    let f: Vec<f64> = pool.iter().map(|&i| fitness[i]).collect();
                    let w = weights(&f);
                    let total: f64 = w.iter().sum();
                    let pick = spin(&w, rng.random::<f64>() * total);
                    out.push(pool.swap_remove(pick));
                }
                out
            }
        }
    }
}

impl Recombination {
    /// A child of `a` and `b` (equal lengths); `width` is the map's width for the 2-D
    /// method.
    ///
    /// ```
    /// use gridlab::games::gpac::evolve::Recombination;
    /// use rand::SeedableRng;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    /// let (a, b) = (vec![false; 8], vec![true; 8]);
    /// let child = Recombination::OnePoint.child(&a, &b, 4, &mut rng);
    /// let cut = child.iter().position(|&x| x).unwrap();
    /// assert!((1..8).contains(&cut) && child[cut..].iter().all(|&x| x));
    /// ```
    pub fn child(self, a: &[bool], b: &[bool], width: usize, rng: &mut impl Rng) -> Vec<bool> {
        let len = a.len().min(b.len());
        match self {
            Recombination::OnePoint => {
                if len < 2 {
                    return a.to_vec();
                }
                let cut = rng.random_range(1..len);
                a[..cut].iter().chain(&b[cut..len]).copied().collect()
            }
            Recombination::Uniform => (0..len)
                .map(|i| if rng.random::<bool>() { a[i] } else { b[i] })
                .collect(),
            Recombination::MultiDimensional => {
                let width = width.max(1);
                let height = len.div_ceil(width);
                let (x0, x1) = ordered(rng.random_range(0..width), rng.random_range(0..width));
                let (y0, y1) = ordered(rng.random_range(0..height), rng.random_range(0..height));
                (0..len)
                    .map(|i| {
                        let (x, y) = (i % width, i / width);
                        if (x0..=x1).contains(&x) && (y0..=y1).contains(&y) {
                            b[i]
                        } else {
                            a[i]
                        }
                    })
                    .collect()
            }
        }
    }
}

fn ordered(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

/// Bit-flip mutation: each bit flips with probability 1/L, and at least one does.
///
/// ```
/// use gridlab::games::gpac::evolve::mutate;
/// use rand::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
/// let mut bits = vec![false; 100];
/// mutate(&mut bits, &mut rng);
/// assert!(bits.iter().any(|&b| b));
/// ```
pub fn mutate(bits: &mut [bool], rng: &mut impl Rng) {
    if bits.is_empty() {
        return;
    }
    let p = 1.0 / bits.len() as f64;
    let mut flipped = false;
    for bit in bits.iter_mut() {
        if rng.random::<f64>() < p {
            *bit = !*bit;
            flipped = true;
        }
    }
    if !flipped {
        let i = rng.random_range(0..bits.len());
        bits[i] = !bits[i];
    }
}
