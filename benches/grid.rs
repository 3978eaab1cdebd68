//! The shared grid layer: a [`DistanceMap`] fill (reused, and allocated for each search)
//! against the `pathfinding` crate's `dijkstra_all` and `bfs_reach`, all from one
//! corner over the same 4-neighbour closure, on 64×64 and 256×256 grids with 20% walls.
//!
//! Run with `cargo bench --bench grid` (`-- --table-only` skips criterion).
#![allow(missing_docs)] // criterion_group! makes an undocumented public fn

use criterion::{criterion_group, BenchmarkId, Criterion};
use gridlab::grid::distance::DistanceMap;
use pathfinding::prelude::{bfs_reach, dijkstra_all};
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A `side × side` grid, row-major, `true` for a wall: 20% walls, the corner open.
struct Walls {
    side: usize,
    wall: Vec<bool>,
}

impl Walls {
    fn new(side: usize) -> Walls {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(side as u64);
        let mut wall: Vec<bool> = (0..side * side).map(|_| rng.random_bool(0.2)).collect();
        wall[0] = false;
        Walls { side, wall }
    }

    /// Open neighbours N, W, E, S, without allocating.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let side = self.side;
        let (r, c) = (i / side, i % side);
        [
            (r > 0).then(|| i - side),
            (c > 0).then(|| i - 1),
            (c + 1 < side).then_some(i + 1),
            (r + 1 < side).then_some(i + side),
        ]
        .into_iter()
        .flatten()
        .filter(move |&j| !self.wall[j])
    }
}

fn reused(walls: &Walls, map: &mut DistanceMap<u32>) -> usize {
    map.flood([0], |i| walls.neighbours(i))
}

fn fresh(walls: &Walls) -> usize {
    let mut map = DistanceMap::<u32>::new(walls.side * walls.side);
    map.flood([0], |i| walls.neighbours(i))
}

fn dijkstra(walls: &Walls) -> usize {
    dijkstra_all(&0usize, |&i| walls.neighbours(i).map(|j| (j, 1u32))).len() + 1
}

fn reach(walls: &Walls) -> usize {
    bfs_reach(0usize, |&i| walls.neighbours(i)).count()
}

const SIDES: [usize; 2] = [64, 256];

fn criterion_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("grid_distances");
    group.measurement_time(Duration::from_secs(3));
    for side in SIDES {
        let walls = Walls::new(side);
        let mut map = DistanceMap::new(side * side);
        group.bench_with_input(
            BenchmarkId::new("distance_map_reused", side),
            &walls,
            |b, w| b.iter(|| reused(black_box(w), &mut map)),
        );
        group.bench_with_input(
            BenchmarkId::new("distance_map_new", side),
            &walls,
            |b, w| b.iter(|| fresh(black_box(w))),
        );
        group.bench_with_input(
            BenchmarkId::new("pathfinding_dijkstra_all", side),
            &walls,
            |b, w| b.iter(|| dijkstra(black_box(w))),
        );
        group.bench_with_input(
            BenchmarkId::new("pathfinding_bfs_reach", side),
            &walls,
            |b, w| b.iter(|| reach(black_box(w))),
        );
    }
    group.finish();
}

criterion_group!(benches, criterion_benches);

/// Mean time of `f` over about half a second, in microseconds.
fn time(mut f: impl FnMut() -> usize) -> f64 {
    let started = Instant::now();
    let mut runs = 0u32;
    while started.elapsed() < Duration::from_millis(500) {
        black_box(f());
        runs += 1;
    }
    started.elapsed().as_secs_f64() * 1e6 / f64::from(runs)
}

fn main() {
    if !std::env::args().any(|a| a == "--table-only") {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
    println!("| grid | cells reached | DistanceMap reused | DistanceMap new | pathfinding dijkstra_all | pathfinding bfs_reach |");
    println!("|---|---|---|---|---|---|");
    for side in SIDES {
        let walls = Walls::new(side);
        let mut map = DistanceMap::new(side * side);
        let cells = reused(&walls, &mut map);
        assert_eq!(cells, dijkstra(&walls));
        assert_eq!(cells, reach(&walls));
        println!(
            "| {side}×{side} | {cells} | {:.1} µs | {:.1} µs | {:.1} µs | {:.1} µs |",
            time(|| reused(&walls, &mut map)),
            time(|| fresh(&walls)),
            time(|| dijkstra(&walls)),
            time(|| reach(&walls)),
        );
    }
}
