//! Rogue benchmarks: criterion timings of the exact solution (backward induction over
//! every state) and a table of states per second and heap bytes per state, on a
//! generated 32×32 open room and on every dungeon of levels/rogue with N ≥ 40.
//!
//! Run with `cargo bench --bench rogue` (`-- --table-only` skips criterion).
#![allow(missing_docs)] // criterion_group! makes an undocumented public fn

use criterion::{criterion_group, Criterion};
use gridlab::games::rogue::{Analysis, Dungeon};
use std::time::Duration;

mod common;
use common::measure;

/// An N×N dungeon of rooms only, the monster and the rogue in opposite corners.
fn open_room(n: usize) -> String {
    let mut text = format!("{n}\n");
    for r in 0..n {
        let row: Vec<&str> = (0..n)
            .map(|c| match (r, c) {
                (0, 0) => "A",
                _ if r == n - 1 && c == n - 1 => "@",
                _ => ".",
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// (name, dungeon) of the benchmark cases.
fn cases() -> Vec<(String, Dungeon)> {
    let mut cases = vec![(
        "32×32 open room".to_string(),
        Dungeon::parse(&open_room(32)).expect("open room"),
    )];
    let mut files: Vec<_> = std::fs::read_dir("levels/rogue")
        .map(|dir| dir.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        if let Ok(d) = Dungeon::parse(&text) {
            if d.size() >= 40 {
                let name = path
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into();
                cases.push((name, d));
            }
        }
    }
    cases
}

fn criterion_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("rogue_analysis");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (name, d) in cases() {
        group.bench_function(name, |b| b.iter(|| Analysis::new(&d).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, criterion_benches);

fn main() {
    if !std::env::args().any(|a| a == "--table-only") {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
    println!(
        "| dungeon | open sites | states | verdict | time | states/s | peak heap | bytes/state |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (name, d) in cases() {
        let mut summary = None;
        let row = measure("backward induction", || {
            let a = Analysis::new(&d).unwrap();
            summary = Some(a.summary(&d));
            (None, 2 * a.sites() * a.sites())
        });
        let s = summary.expect("measured");
        println!(
            "| {name} | {} | {} | {} | {:.1} ms | {:.0} M | {:.1} MB | {:.1} |",
            s.sites,
            s.states,
            s.value
                .map_or("rogue survives".to_string(), |v| format!("caught in {v}")),
            row.seconds * 1000.0,
            row.states as f64 / row.seconds / 1e6,
            row.peak_mb,
            row.peak_mb * 1e6 / row.states as f64
        );
    }
}
