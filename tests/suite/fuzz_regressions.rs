//! Replays the fuzz targets' inputs without libFuzzer, so `cargo test` keeps them
//! fixed: the seed corpus (`fuzz/corpus/<target>/`) and the crash inputs found by
//! fuzzing (`fuzz/regressions/<target>/`), each through the same check as its fuzz
//! target (`tests/fuzz_checks/mod.rs`).
//!
//! Inputs under `fuzz/regressions/<target>/known/` reproduce crashes that are not
//! fixed yet: they are listed, not run. Move a file up out of `known/` when its bug is
//! fixed.

use crate::fuzz_checks;

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// An input that runs longer than this counts as a hang.
const TIME_LIMIT: Duration = Duration::from_secs(60);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// The files directly in `dir` (none if it does not exist), sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// Run `check` on `input` in a thread: `Err` with the panic message, or a timeout.
fn run(check: fn(&[u8]), input: Vec<u8>) -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let result = std::panic::catch_unwind(|| check(&input)).map_err(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic without a message".into())
        });
        let _ = tx.send(result);
    });
    rx.recv_timeout(TIME_LIMIT)
        .unwrap_or_else(|_| Err(format!("no answer in {TIME_LIMIT:?} (a hang?)")))
}

/// Run every input of `kind` (`corpus` or `regressions`) of every target; returns the
/// number of inputs run and the failures.
fn replay_all(kind: &str) -> (usize, Vec<String>) {
    let mut count = 0;
    let mut failures = Vec::new();
    for &(name, check) in fuzz_checks::TARGETS {
        for path in files(&root().join(kind).join(name)) {
            let input = std::fs::read(&path).expect("a readable input");
            count += 1;
            if let Err(message) = run(check, input) {
                failures.push(format!("{}: {message}", path.display()));
            }
        }
    }
    (count, failures)
}

#[test]
fn every_target_has_seeds_and_a_fuzz_target() {
    for &(name, _) in fuzz_checks::TARGETS {
        let seeds = files(&root().join("corpus").join(name));
        assert!(!seeds.is_empty(), "fuzz/corpus/{name}/ has no seed input");
        let target = root().join("fuzz_targets").join(format!("{name}.rs"));
        let source = std::fs::read_to_string(&target)
            .unwrap_or_else(|e| panic!("{}: {e}", target.display()));
        assert!(
            source.contains(&format!("checks::{name}(data)")),
            "{} does not call checks::{name}",
            target.display()
        );
    }
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
            continue;
        };
        for entry in entries {
            let name = entry.expect("a readable entry").file_name();
            let name = name.to_string_lossy();
            assert!(
                fuzz_checks::TARGETS.iter().any(|&(t, _)| t == name),
                "fuzz/{dir}/{name} is not a fuzz target"
            );
        }
    }
}

#[test]
fn seed_corpus_passes_the_checks() {
    let (count, failures) = replay_all("corpus");
    assert!(count >= fuzz_checks::TARGETS.len(), "only {count} seeds");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fixed_crashes_stay_fixed() {
    let (_, failures) = replay_all("regressions");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let known: Vec<String> = fuzz_checks::TARGETS
        .iter()
        .flat_map(|&(name, _)| files(&root().join("regressions").join(name).join("known")))
        .map(|p| p.display().to_string())
        .collect();
    if !known.is_empty() {
        eprintln!(
            "{} known crash input(s) not run yet (fix, then move out of known/):\n{}",
            known.len(),
            known.join("\n")
        );
    }
}

#[test]
fn the_checks_catch_a_bad_result() {
    // A check that panics is reported as a failure, not swallowed.
    fn always_fails(_: &[u8]) {
        panic!("boom");
    }
    assert_eq!(run(always_fails, Vec::new()), Err("boom".to_string()));
    assert_eq!(
        run(fuzz_checks::pengu_level, b"3 3\n###\n#P#\n###\n".to_vec()),
        Ok(())
    );
}
