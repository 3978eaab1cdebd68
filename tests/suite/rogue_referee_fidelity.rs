//! `gridlab rogue play` against the coursework's stock referee: every game in
//! `tests/data/rogue/cases.tsv` was played by the real `Game.java` (scripted players
//! on both sides, see `tests/data/rogue/README.md`), and gridlab, given the same moves,
//! must print the same standard output byte for byte:
//!
//! - a capture: the stock output, exit 0;
//! - cheating: the stock output, then one line with exactly the message of the stock
//!   exception (`Monster caught cheating` / `Rogue caught cheating`, read from the
//!   recorded standard error); the move and the sites on standard error; exit 1;
//! - the move limit (the stock referee has none; the recording was stopped when the
//!   monster was asked for move N+1): the stock output of turns 1..N, then
//!   `Rogue survived N moves`, exit 0.

use std::path::{Path, PathBuf};

use crate::common;

const DATA: &str = "tests/data/rogue";

/// One recorded game.
struct Case {
    name: String,
    dungeon: String,
    monster: Option<String>,
    rogue: Option<String>,
    max_moves: Option<u32>,
    stock_exit: i32,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(Path::new(DATA).join("cases.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 6, "cases.tsv: six tab-separated fields: {l}");
            let opt = |s: &str| (s != "-").then(|| s.to_string());
            Case {
                name: f[0].to_string(),
                dungeon: f[1].to_string(),
                monster: opt(f[2]),
                rogue: opt(f[3]),
                max_moves: opt(f[4]).map(|n| n.parse().unwrap()),
                stock_exit: f[5].parse().unwrap(),
            }
        })
        .collect()
}

fn recorded(case: &Case, ext: &str) -> String {
    let path: PathBuf = Path::new(DATA).join(format!("{}.{ext}", case.name));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What gridlab must print on standard output, from the stock recording.
fn expected_stdout(case: &Case) -> String {
    let stock = recorded(case, "stdout");
    match (case.stock_exit, case.max_moves) {
        (0, None) => stock,
        (1, None) => {
            let err = recorded(case, "stderr");
            let first = err.lines().next().unwrap_or_default();
            let message = first
                .strip_prefix("Exception in thread \"main\" java.lang.RuntimeException: ")
                .unwrap_or_else(|| panic!("{}: not the stock exception: {first}", case.name));
            format!("{stock}{message}\n")
        }
        (3, Some(n)) => {
            let stop = format!("Move {}\n\n", n + 1);
            let played = stock
                .strip_suffix(&stop)
                .unwrap_or_else(|| panic!("{}: the recording should stop at {stop:?}", case.name));
            format!("{played}Rogue survived {n} moves\n")
        }
        other => panic!("{}: unexpected exit/limit {other:?}", case.name),
    }
}

/// `gridlab rogue play` with the case's moves: (exit code, stdout, stderr).
fn play(case: &Case, quiet: bool) -> common::Run {
    let max_moves = case.max_moves.map(|n| n.to_string());
    let mut args = vec!["rogue", "play", &case.dungeon];
    if let Some(m) = &case.monster {
        args.extend(["--monster-moves", m]);
    }
    if let Some(r) = &case.rogue {
        args.extend(["--rogue-moves", r]);
    }
    if let Some(n) = &max_moves {
        args.extend(["--max-moves", n]);
    }
    if quiet {
        args.push("--quiet");
    }
    common::run(&args)
}

/// The first line where two texts differ, for a readable failure.
fn first_difference(want: &str, got: &str) -> String {
    let (w, g): (Vec<_>, Vec<_>) = (want.split('\n').collect(), got.split('\n').collect());
    for i in 0..w.len().max(g.len()) {
        if w.get(i) != g.get(i) {
            return format!(
                "line {}: stock {:?}, gridlab {:?}",
                i + 1,
                w.get(i),
                g.get(i)
            );
        }
    }
    "no line differs".to_string()
}

#[test]
fn gridlab_prints_what_the_stock_game_java_prints() {
    let cases = cases();
    assert!(cases.len() >= 19, "{} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let want = expected_stdout(case);
        let cheat = case.stock_exit == 1;
        let (code, out, err) = play(case, false);
        if out != want {
            failures.push(format!(
                "{}: standard output differs, {}",
                case.name,
                first_difference(&want, &out)
            ));
        }
        let want_code = if cheat { 1 } else { 0 };
        if code != Some(want_code) {
            failures.push(format!("{}: exit {code:?}, not {want_code}", case.name));
        }
        let last = want.lines().last().unwrap_or_default();
        if cheat {
            // The detail: the same message, the move and the sites.
            let ok = err.lines().count() == 1
                && err.starts_with(&format!("{last}: move "))
                && err.ends_with(" is not legal\n");
            if !ok {
                failures.push(format!("{}: standard error {err:?}", case.name));
            }
        } else if !err.is_empty() {
            failures.push(format!("{}: standard error {err:?}", case.name));
        }
        // --quiet prints the last line only, with the same exit code and detail.
        let (q_code, q_out, q_err) = play(case, true);
        if (q_code, q_out.as_str(), q_err.as_str()) != (code, &format!("{last}\n"), &err) {
            failures.push(format!(
                "{}: --quiet gives {q_code:?} {q_out:?} {q_err:?}",
                case.name
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_recording_is_listed_and_covers_each_ending() {
    let cases = cases();
    let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    for entry in std::fs::read_dir(DATA).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        if let Some(stem) = file
            .strip_suffix(".stdout")
            .or_else(|| file.strip_suffix(".stderr"))
        {
            assert!(names.contains(&stem), "{file} is not in cases.tsv");
        }
    }
    for case in &cases {
        assert!(Path::new(&case.dungeon).is_file(), "{}", case.dungeon);
        // Only a cheating run writes to the stock standard error.
        assert_eq!(
            recorded(case, "stderr").is_empty(),
            case.stock_exit != 1,
            "{}",
            case.name
        );
    }
    let count = |f: &dyn Fn(&Case) -> bool| cases.iter().filter(|c| f(c)).count();
    assert!(count(&|c| c.stock_exit == 0) >= 5, "captures");
    assert!(count(&|c| c.max_moves.is_some()) >= 3, "move limits");
    for side in ["Monster", "Rogue"] {
        let n = count(&|c| {
            c.stock_exit == 1 && recorded(c, "stderr").contains(&format!(": {side} caught"))
        });
        assert!(n >= 2, "{side} cheating: {n}");
    }
    // The rogue stepping onto the monster: the capture comes after the next `Move t`.
    let onto = cases
        .iter()
        .find(|c| c.name == "capture-rogue-steps-onto-monster")
        .unwrap();
    assert!(recorded(onto, "stdout").ends_with("\n\nMove 3\n\nCaught by monster\n"));
}
