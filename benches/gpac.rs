//! GPac benchmarks, on the 40 repaired 35×20 maps per wall density (0.05, 0.3, 0.5)
//! that `benches/gpac_framework/record.py` played with the course's Python framework
//! (`tests/data/gpac/framework/maps.jsonl`), with the course default (3 ghosts,
//! `avoid` against `chase`, linear pills at 0.05, fruit 0.1):
//! - games per second on one core;
//! - gridlab's mean score against the framework's 1,000 games per density (Welch's
//!   t-test, the 99% interval of the difference);
//! - a whole 2,000-evaluation run of the course's default experiment on one core.
//!
//! Run with `cargo bench --bench gpac` (`-- --table-only` skips criterion).
#![allow(missing_docs)] // criterion_group! makes an undocumented public fn

use criterion::{criterion_group, Criterion};
use gridlab::games::gpac::evolve::{EvolveConfig, Run};
use gridlab::games::gpac::stats::{mean, variance, welch_t_test};
use gridlab::games::gpac::{play, GhostKind, Ini, Map, PacKind, Settings, World};
use std::sync::Arc;
use std::time::{Duration, Instant};

const DENSITIES: [f64; 3] = [0.05, 0.3, 0.5];

/// The recorded maps of one density, with the framework's scores on each.
fn framework_maps(density: f64) -> Vec<(Arc<World>, Vec<f64>)> {
    let text = std::fs::read_to_string("tests/data/gpac/framework/maps.jsonl")
        .expect("tests/data/gpac/framework/maps.jsonl (run from the repository root)");
    text.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .filter(|v| v["density"].as_f64() == Some(density))
        .map(|v| {
            let map = Map::parse(v["map"].as_str().expect("map")).expect("course map");
            let scores = v["scores"]
                .as_array()
                .expect("scores")
                .iter()
                .map(|s| s.as_f64().expect("score"))
                .collect();
            (Arc::new(World::new(map)), scores)
        })
        .collect()
}

fn criterion_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("gpac_game_avoid_vs_chase");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    let settings = Settings::default();
    for density in DENSITIES {
        let world = Arc::clone(&framework_maps(density)[0].0);
        let mut seed = 0;
        group.bench_function(format!("walls_{density}"), |b| {
            b.iter(|| {
                seed += 1;
                play(
                    &world,
                    &settings,
                    PacKind::Avoid,
                    GhostKind::Chase,
                    seed,
                    false,
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, criterion_benches);

/// gridlab games per map for the comparison with the framework.
const GAMES_PER_MAP: u64 = 200;

fn main() {
    if !std::env::args().any(|a| a == "--table-only") {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
    let settings = Settings::default();
    println!("| wall density | maps | games | mean turns | games/s (one core) |");
    println!("|---|---|---|---|---|");
    let mut comparison = Vec::new();
    for density in DENSITIES {
        let maps = framework_maps(density);
        let (mut games, mut turns) = (0u64, 0u64);
        let mut scores = Vec::new();
        let started = Instant::now();
        for k in 0..GAMES_PER_MAP {
            for (m, (world, _)) in maps.iter().enumerate() {
                let seed = (m as u64) << 16 | k;
                let o = play(
                    world,
                    &settings,
                    PacKind::Avoid,
                    GhostKind::Chase,
                    seed,
                    false,
                );
                games += 1;
                turns += u64::from(o.turns);
                scores.push(o.score as f64);
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "| {density} | {} | {games} | {:.0} | {:.0} |",
            maps.len(),
            turns as f64 / games as f64,
            games as f64 / seconds
        );
        let framework: Vec<f64> = maps.iter().flat_map(|(_, s)| s.iter().copied()).collect();
        comparison.push((density, scores, framework));
    }
    println!();
    println!("| wall density | framework mean (games) | gridlab mean (games) | difference, 99% interval | Welch p |");
    println!("|---|---|---|---|---|");
    for (density, ours, theirs) in &comparison {
        let test = welch_t_test(ours, theirs).expect("variance");
        let half = 2.576
            * (variance(ours) / ours.len() as f64 + variance(theirs) / theirs.len() as f64).sqrt();
        println!(
            "| {density} | {:.1} ({}) | {:.1} ({}) | {:+.1} ± {half:.1} | {:.2} |",
            mean(theirs),
            theirs.len(),
            mean(ours),
            ours.len(),
            mean(ours) - mean(theirs),
            test.p
        );
    }
    let text = std::fs::read_to_string("configs/gpac/fall2021_series1_mapgen/green1b_config.txt")
        .expect("the course config");
    let config = EvolveConfig::from_ini(&Ini::parse(&text).expect("INI")).expect("config");
    println!();
    println!("| experiment | evaluations | games | time (one core) | best fitness |");
    println!("|---|---|---|---|---|");
    for seed in 0..3 {
        let started = Instant::now();
        let mut run = Run::new(config.clone(), seed);
        run.finish();
        let best = run.best().map_or(f64::NAN, |b| 0.0 - b.eval.mean_score);
        println!(
            "| green1b (μ 200, λ 100, 5 samples), seed {seed} | {} | {} | {:.2} s | {best} |",
            run.evaluations(),
            run.evaluations() * config.samples,
            started.elapsed().as_secs_f64()
        );
    }
}
