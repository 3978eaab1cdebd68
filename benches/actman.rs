//! Act-Man II solver benchmarks: criterion timings of A* (best score) on the hardest
//! dungeons, and a table of states per second and memory per stored state for BFS and
//! A*, measured with a counting allocator.
//!
//! Run with `cargo bench --bench actman` (`-- --table-only` skips criterion;
//! `-- --verdict-only` prints only the editor verdict's row).
#![allow(missing_docs)] // criterion_group! makes an undocumented public fn

use criterion::{criterion_group, Criterion};
use gridlab::games::actman::{
    analyze, count_optimal, features, needs, solve, wins_under, AnalysisLimits, Dungeon, Objective,
    PlanCount, Restriction, SolveOptions, Solver,
};
use gridlab::search::{Algorithm, Outcome};
use std::time::{Duration, Instant};

mod common;
use common::measure;

/// The hardest dungeons of levels/actman (most states for A* and BFS).
const HARDEST: [&str; 3] = [
    "levels/actman/13-great-hall.txt",
    "levels/actman/12-long-haul.txt",
    "levels/actman/10-ogre-pileup.txt",
];

fn dungeon(path: &str) -> Dungeon {
    Dungeon::parse(&std::fs::read_to_string(path).expect("dungeon file")).expect("dungeon parses")
}

fn options(algorithm: Algorithm, objective: Objective) -> SolveOptions {
    SolveOptions {
        solver: Solver::Search(algorithm),
        objective,
        ..SolveOptions::default()
    }
}

fn criterion_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("actman_astar_best_score");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for path in HARDEST {
        let d = dungeon(path);
        let name = path.rsplit('/').next().unwrap_or(path);
        group.bench_function(name, |b| {
            b.iter(|| solve(&d, &options(Algorithm::Astar, Objective::Score), None, None))
        });
    }
    group.finish();
}

criterion_group!(benches, criterion_benches);

/// Median of `runs` timed calls of `f` (after one warm-up), in milliseconds.
fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

/// The editor's verdict on the great hall, natively, beside the Chromium target, and
/// its parts: the plan count, the two proofs of need, the features.
fn verdict_row() {
    let d = dungeon(HARDEST[0]);
    // The editor's options (www/js/games/actman: `check`).
    let limits = AnalysisLimits {
        max_states: 1_000_000,
        plan_cap: 1000,
        ..AnalysisLimits::default()
    };
    let analysis = analyze(&d, limits, None);
    let total = median_ms(5, || {
        analyze(&d, limits, None);
    });
    let count = count_optimal(&d, Restriction::default(), limits, None);
    let plan = match &count {
        PlanCount::Found { plan, .. } => plan.clone(),
        _ => String::new(),
    };
    let t_count = median_ms(5, || {
        count_optimal(&d, Restriction::default(), limits, None);
    });
    let mut parts = vec![("count", t_count)];
    for (name, r) in [
        (
            "needs bullet",
            Restriction {
                no_bullet: true,
                ..Restriction::default()
            },
        ),
        (
            "needs lure",
            Restriction {
                no_collisions: true,
                ..Restriction::default()
            },
        ),
    ] {
        parts.push((
            name,
            median_ms(5, || {
                if !wins_under(&d, r, &plan) {
                    needs(&d, r, limits, None);
                }
            }),
        ));
    }
    parts.push((
        "features",
        median_ms(5, || {
            features(&d, &count, false, false);
        }),
    ));
    let says = match &analysis.count {
        PlanCount::Found {
            turns,
            plans,
            states,
            ..
        } => format!("win in {turns}, {plans} plans ({states} states counted)"),
        other => format!("{other:?}"),
    };
    println!("| workload | measured (native, median of 5) | verdict | target (Chromium) |");
    println!("|---|---:|---|---|");
    println!(
        "| editor verdict, Act-Man `13-great-hall` | {total:.0} ms | {says} | < 200 ms in Chromium (`benches/verdict.mjs`) |"
    );
    let parts: Vec<String> = parts
        .iter()
        .map(|(name, ms)| format!("{name} {ms:.0} ms"))
        .collect();
    println!("\nparts: {}\n", parts.join(", "));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    verdict_row();
    if args.iter().any(|a| a == "--verdict-only") {
        return;
    }
    if !args.iter().any(|a| a == "--table-only") {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
    println!("| dungeon | solver | turns | score | stored states | expanded/s | time | peak heap | bytes/state |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for path in HARDEST {
        let d = dungeon(path);
        for (label, algorithm, objective) in [
            ("BFS (turns)", Algorithm::Bfs, Objective::Turns),
            ("A* (score)", Algorithm::Astar, Objective::Score),
        ] {
            let mut expanded = 0;
            let mut score = None;
            let row = measure(label, || {
                let s = solve(&d, &options(algorithm, objective), None, None);
                expanded = s.stats.expanded;
                let game = gridlab::games::actman::Game::replay(&d, &s.actions).unwrap();
                score = (s.outcome == Outcome::Found).then_some(game.score());
                let found = (s.outcome == Outcome::Found).then_some(s.actions.len());
                (found, s.stats.stored as usize)
            });
            println!(
                "| {} | {} | {} | {} | {} | {:.0} | {:.1} ms | {:.2} MB | {:.0} |",
                path.rsplit('/').next().unwrap_or(path),
                row.solver,
                row.moves.map_or("-".to_string(), |m| m.to_string()),
                score.map_or("-".to_string(), |s| s.to_string()),
                row.states,
                expanded as f64 / row.seconds.max(1e-9),
                row.seconds * 1000.0,
                row.peak_mb,
                row.peak_mb * 1e6 / row.states.max(1) as f64,
            );
        }
    }
}
