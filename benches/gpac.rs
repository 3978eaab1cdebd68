//! GPac benchmarks: games per second on one core with the course default (35×20,
//! 3 ghosts, `avoid` against `chase`, linear pills at 0.05) on random repaired maps at
//! wall densities 0.05, 0.3 and 0.5; the cost of a map's distance table; and a whole
//! 2,000-evaluation run of the course's default experiment on one core.
//!
//! Run with `cargo bench --bench gpac` (`-- --table-only` skips criterion).

use criterion::{criterion_group, Criterion};
use gridlab::games::gpac::evolve::{EvolveConfig, Run};
use gridlab::games::gpac::{play, random_map, GhostKind, Ini, PacKind, Settings, World};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A random 35×20 map with the given wall density, repaired (as `gpac play --random`).
fn random_world(density: f64, seed: u64) -> Arc<World> {
    Arc::new(World::new(random_map(35, 20, density, seed)))
}

const DENSITIES: [f64; 3] = [0.05, 0.3, 0.5];

fn criterion_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("gpac_game_avoid_vs_chase");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    let settings = Settings::default();
    for density in DENSITIES {
        let world = random_world(density, 1);
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

fn main() {
    if !std::env::args().any(|a| a == "--table-only") {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
    let settings = Settings::default();
    println!("| wall density | maps | games | mean turns | mean score | games/s (one core) | distance table |");
    println!("|---|---|---|---|---|---|---|");
    for density in DENSITIES {
        let maps: Vec<Arc<World>> = (0..10).map(|s| random_world(density, s)).collect();
        let table_started = Instant::now();
        for w in &maps {
            std::hint::black_box(World::new(w.map.clone()));
        }
        let table_ms = table_started.elapsed().as_secs_f64() * 1000.0 / maps.len() as f64;
        let (mut games, mut turns, mut score) = (0u64, 0u64, 0i64);
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(2) {
            for world in &maps {
                let o = play(
                    world,
                    &settings,
                    PacKind::Avoid,
                    GhostKind::Chase,
                    games,
                    false,
                );
                games += 1;
                turns += u64::from(o.turns);
                score += o.score;
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "| {density} | {} | {games} | {:.0} | {:.1} | {:.0} | {table_ms:.2} ms |",
            maps.len(),
            turns as f64 / games as f64,
            score as f64 / games as f64,
            games as f64 / seconds
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
        let best = run.best().map_or(f64::NAN, |b| -b.eval.mean_score);
        println!(
            "| green1b (μ 200, λ 100, 5 samples), seed {seed} | {} | {} | {:.2} s | {best} |",
            run.evaluations(),
            run.evaluations() * config.samples,
            started.elapsed().as_secs_f64()
        );
    }
}
