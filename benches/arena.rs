//! Arena benchmarks: engine steps per second (idle players, and with the built-in bots
//! deciding every step) and the time of a whole 6000-step game.
//!
//! Run with `cargo bench --bench arena` (`-- --table-only` skips criterion).
#![allow(missing_docs)] // criterion_group! makes an undocumented public fn

use criterion::{criterion_group, Criterion};
use gridlab::games::arena::{play_game, Arena, BotKind, Command, Config, Heading};
use std::time::{Duration, Instant};

fn bots() -> Vec<Box<dyn gridlab::games::arena::Bot + Send>> {
    [
        BotKind::Greedy,
        BotKind::Hunter,
        BotKind::Miner,
        BotKind::Hunter,
    ]
    .iter()
    .map(|k| k.bot())
    .collect()
}

/// The engine alone: players turning in a fixed pattern.
fn engine_game(seed: u64) -> Arena {
    let mut a = Arena::new(Config::default(), seed);
    let turns = [Heading::Up, Heading::Right, Heading::Down, Heading::Left];
    while !a.over() {
        let t = a.tick as usize;
        let c = Some(Command::Go(turns[(t / 40) % 4]));
        a.step(&[c, c, c, c]);
    }
    a
}

fn criterion_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("arena_game_6000_steps");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("engine", |b| b.iter(|| engine_game(1)));
    group.bench_function("with_bots", |b| {
        b.iter(|| play_game(Config::default(), 1, &mut bots()))
    });
    group.finish();
}

criterion_group!(benches, criterion_benches);

fn main() {
    if !std::env::args().any(|a| a == "--table-only") {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
    println!("| game | games | steps/s | time of a 6000-step game |");
    println!("|---|---|---|---|");
    for (name, with_bots) in [("engine only", false), ("with 4 bots deciding", true)] {
        let started = Instant::now();
        let mut steps = 0u64;
        let mut games = 0u64;
        while started.elapsed() < Duration::from_secs(2) {
            let a = if with_bots {
                play_game(Config::default(), games, &mut bots()).0
            } else {
                engine_game(games)
            };
            steps += u64::from(a.tick);
            games += 1;
        }
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "| {name} | {games} | {:.0} | {:.1} ms |",
            steps as f64 / seconds,
            seconds * 1000.0 / games as f64
        );
    }
}
