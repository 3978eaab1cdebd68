//! The Pengu generator's proofs, checked independently: over many seeds, every level
//! it returns has the optimal length it claims (breadth-first search, the solver's
//! own), and the number of optimal plans it claims (a memoised count of move strings
//! over the rules' `Game`, which shares no code with the plan counter's slide graph);
//! one seed gives one level; options out of range name their field. The editor's
//! analysis marks uneatable fish and agrees with the same count on course fields.

use gridlab::games::pengu::{
    analyze, generate, solve, AnalysisLimits, Game, GenerateError, GenerateOptions, Goal, Level,
    PlanCount, SolveOptions, Solver, Status,
};
use gridlab::grid::{Dir, Pos};
use gridlab::search::{Algorithm, Outcome};
use std::collections::HashMap;

use crate::common;

type Memo = HashMap<(Pos, Vec<Pos>, u32), u64>;

/// Move strings of exactly `moves` moves from `game` that end in victory (a won game
/// ends: no move follows it), counted over the rules themselves.
fn plans_of_length(game: &Game, moves: u32, memo: &mut Memo) -> u64 {
    match game.status() {
        Status::Victory => return u64::from(moves == 0),
        Status::Dead => return 0,
        Status::Playing if moves == 0 => return 0,
        Status::Playing => {}
    }
    let fish: Vec<Pos> = (0..game.tiles().len())
        .filter(|&i| game.tiles().cells()[i] == gridlab::games::pengu::Tile::Fish)
        .map(|i| game.tiles().pos_of(i))
        .collect();
    let key = (game.pos(), fish, moves);
    if let Some(&n) = memo.get(&key) {
        return n;
    }
    let mut n = 0u64;
    for dir in Dir::ALL {
        if game.is_legal(dir) {
            let mut next = game.clone();
            next.play(dir).expect("a legal move");
            n = n.saturating_add(plans_of_length(&next, moves - 1, memo));
        }
    }
    memo.insert(key, n);
    n
}

fn bfs_moves(level: &Level) -> Option<usize> {
    let options = SolveOptions {
        solver: Solver::Search(Algorithm::Bfs),
        goal: Goal::All,
        ..SolveOptions::default()
    };
    let s = solve(level, &options, None, None);
    (s.outcome == Outcome::Found).then_some(s.moves.len())
}

#[test]
fn generated_levels_have_the_claimed_length_and_plan_count_over_many_seeds() {
    let mut checked = 0;
    for seed in 0..40u64 {
        let options = GenerateOptions {
            rows: 5 + (seed % 4) as usize,
            cols: 6 + (seed % 3) as usize,
            fish: 2 + (seed % 4) as usize,
            min_moves: 4 + (seed % 7) as u32,
            unique: seed % 2 == 0,
            seed,
            max_candidates: 200_000,
            longest: false,
            time_limit: 0,
        };
        let g = match generate(&options, None, None) {
            Ok(g) => g,
            Err(GenerateError::NotFound { .. }) => continue,
            Err(e) => panic!("seed {seed}: {e}"),
        };
        let what = format!("seed {seed}:\n{}", g.level.to_text());
        let f = &g.features;
        assert!(f.optimal_moves >= options.min_moves, "{what}");
        assert_eq!(g.level.fish_count(), options.fish, "{what}");
        assert_eq!(g.level.tiles.rows(), options.rows, "{what}");
        // The plan is a victory in the claimed number of moves ...
        let game = gridlab::games::pengu::replay(&g.level, &g.plan).expect("the plan replays");
        assert_eq!(game.status(), Status::Victory, "{what}");
        assert_eq!(g.plan.len() as u32, f.optimal_moves, "{what}");
        // ... no plan is shorter (breadth-first search) ...
        assert_eq!(
            bfs_moves(&g.level),
            Some(f.optimal_moves as usize),
            "{what}"
        );
        // ... and there are exactly as many optimal plans as claimed.
        let mut memo = Memo::new();
        let plans = plans_of_length(&Game::new(&g.level), f.optimal_moves, &mut memo);
        assert_eq!(plans, f.optimal_plans, "{what}");
        assert_eq!(f.unique, plans == 1, "{what}");
        if options.unique {
            assert_eq!(plans, 1, "{what}");
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} of 40 seeds gave a level");
}

#[test]
fn one_seed_one_level_and_options_name_their_field() {
    let options = GenerateOptions {
        rows: 8,
        cols: 8,
        fish: 5,
        min_moves: 12,
        unique: true,
        seed: 11,
        ..GenerateOptions::default()
    };
    let a = generate(&options, None, None).unwrap();
    let b = generate(&options, None, None).unwrap();
    assert_eq!(a.level, b.level);
    assert_eq!(a.plan, b.plan);
    let other = generate(
        &GenerateOptions {
            seed: 12,
            ..options.clone()
        },
        None,
        None,
    )
    .unwrap();
    assert_ne!(a.level, other.level);
    for (bad, field) in [
        (
            GenerateOptions {
                rows: 3,
                ..options.clone()
            },
            "size",
        ),
        (
            GenerateOptions {
                cols: 17,
                ..options.clone()
            },
            "size",
        ),
        (
            GenerateOptions {
                fish: 0,
                ..options.clone()
            },
            "fish",
        ),
        (
            GenerateOptions {
                fish: 13,
                ..options.clone()
            },
            "fish",
        ),
        (
            GenerateOptions {
                min_moves: 0,
                ..options.clone()
            },
            "min_moves",
        ),
        (
            GenerateOptions {
                max_candidates: 0,
                ..options.clone()
            },
            "max_candidates",
        ),
    ] {
        match generate(&bad, None, None) {
            Err(GenerateError::Options(e)) => assert_eq!(e.field, field),
            other => panic!("{field}: {other:?}"),
        }
    }
    // A budget too small says so, with the best it saw.
    let tight = GenerateOptions {
        min_moves: 200,
        max_candidates: 500,
        ..options
    };
    assert!(matches!(
        generate(&tight, None, None),
        Err(GenerateError::NotFound {
            candidates: 500,
            ..
        })
    ));
}

#[test]
fn analysis_marks_uneatable_fish_and_counts_course_fields_like_the_rules_do() {
    // The fish at (1,3) lies only on slides into the shark.
    let level = Level::parse("4 7\n#######\n#P *S #\n#0#####\n#######").unwrap();
    let a = analyze(&level, AnalysisLimits::default(), None);
    assert!(matches!(a.count, PlanCount::NoPlan { .. }));
    assert_eq!(a.uneatable, [level.tiles.index_of(Pos::new(1, 3)) as u32]);
    // Pengu rests at (1,1), (1,2) and (2,1) only: the cell behind the shark is dead.
    assert_eq!(
        a.never_rests,
        [
            level.tiles.index_of(Pos::new(1, 3)) as u32,
            level.tiles.index_of(Pos::new(1, 5)) as u32
        ]
    );
    let mut checked = 0;
    for name in [
        "a1-7x6",
        "testcase-03-6x7",
        "testcase-06-3x15",
        "testcase-19-6x7",
    ] {
        let text = std::fs::read_to_string(format!("levels/pengu/course/{name}.txt")).unwrap();
        let level = Level::parse(&text).unwrap();
        let a = analyze(&level, AnalysisLimits::default(), None);
        let PlanCount::Found {
            moves, plans, plan, ..
        } = &a.count
        else {
            panic!("{name}: {:?}", a.count)
        };
        assert_eq!(bfs_moves(&level), Some(*moves as usize), "{name}");
        assert_eq!(plan.len() as u32, *moves, "{name}");
        let counted = plans_of_length(&Game::new(&level), *moves, &mut Memo::new());
        assert_eq!(counted.min(1_000), *plans, "{name}");
        let f = a.features.as_ref().unwrap();
        assert!(f.branching > 0.0 && f.states > 0, "{name}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn with_the_editors_limits_testcase_11_is_proved_and_its_plans_counted() {
    // The exhaustive count passes 2,000,000 states here; A* and the count cut by
    // g + h ≤ 25 store about 345,000 and 314,000 (the exhaustive count, run once
    // natively with 20,000,000 states, also finds 2 plans).
    let text = std::fs::read_to_string("levels/pengu/course/testcase-11-8x17.txt").unwrap();
    let level = Level::parse(&text).unwrap();
    let limits = AnalysisLimits {
        max_states: 300_000,
        plan_cap: 1_000,
        ..AnalysisLimits::default()
    };
    let a = analyze(&level, limits, None);
    let PlanCount::Found {
        moves, plan, plans, ..
    } = &a.count
    else {
        panic!("{:?}", a.count)
    };
    // The course's known optimum, and a plan that wins in that many moves.
    assert_eq!((*moves, *plans), (25, 2));
    assert_eq!(plan.len(), 25);
    let game = gridlab::games::pengu::replay(&level, plan).unwrap();
    assert_eq!(game.status(), Status::Victory);
    let v = a.verdict(&level, limits.plan_cap);
    assert_eq!((v.moves, v.plans), (Some(25), Some(2)));
    // With 500 states (A* gets ten times as many, under the 9,492 it needs), A* stops
    // before the optimum: the limit is named.
    let small = AnalysisLimits {
        max_states: 500,
        ..limits
    };
    let PlanCount::LimitReached { note } = analyze(&level, small, None).count else {
        panic!("A* within 5,000 states")
    };
    assert!(note.contains("limit"), "{note}");
}

#[test]
fn longest_keeps_the_longest_level_of_the_whole_budget() {
    let options = GenerateOptions {
        rows: 7,
        cols: 7,
        fish: 4,
        min_moves: 6,
        unique: true,
        seed: 9,
        max_candidates: 30_000,
        longest: false,
        time_limit: 0,
    };
    let first = generate(&options, None, None).unwrap();
    let longest = generate(
        &GenerateOptions {
            longest: true,
            ..options.clone()
        },
        None,
        None,
    )
    .unwrap();
    assert!(longest.features.optimal_moves >= first.features.optimal_moves);
    assert!(longest.features.unique);
    assert!(longest.candidates >= first.candidates);
    assert_eq!(
        bfs_moves(&longest.level),
        Some(longest.features.optimal_moves as usize)
    );
}

/// Start `gridlab args`, send it `signal` (as `kill` takes it: `-INT` is Ctrl-C) after
/// a second, and return how long it took to end after that, with its exit code and
/// standard error.
#[cfg(unix)]
fn interrupted(args: &[&str], signal: &str) -> (std::time::Duration, Option<i32>, String) {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let mut child = common::command(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(1));
    assert!(child.try_wait().unwrap().is_none(), "still generating");
    let sigint = std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sigint.success());
    let sent = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("{args:?} still running 20 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (sent.elapsed(), status.code(), err)
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_generation_within_moments() {
    // Workloads whose candidates are slow: the flag used to be read every 10,000
    // (Pengu) or 1,000 (Act-Man) candidates, 20 to 30 s after Ctrl-C.
    for (args, signal) in [
        &[
            "pengu",
            "generate",
            "--size",
            "16x16",
            "--fish",
            "12",
            "--min-moves",
            "200",
        ][..],
        &[
            "actman",
            "generate",
            "--size",
            "14x14",
            "--monsters",
            "6",
            "--min-turns",
            "80",
        ][..],
    ]
    .into_iter()
    .zip(["-INT", "-TERM"])
    {
        let (took, code, err) = interrupted(args, signal);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        // Cancelled: the best level so far, when there is one, or no level.
        assert!(err.contains("cancelled"), "{args:?}: {err}");
        // A loose bound for a busy machine: it used to take 20 s or more.
        assert!(took.as_secs_f64() < 5.0, "{args:?}: {took:?} after Ctrl-C");
    }
}

#[test]
fn progress_comes_from_the_first_candidate_and_carries_the_best_level_so_far() {
    use std::sync::atomic::{AtomicBool, Ordering};
    // No 6x6 field with 3 fish needs 200 moves: only a cancel ends this.
    let options = GenerateOptions {
        rows: 6,
        cols: 6,
        fish: 3,
        min_moves: 200,
        seed: 4,
        max_candidates: 100_000_000,
        ..GenerateOptions::default()
    };
    let cancel = AtomicBool::new(false);
    let mut reports = Vec::new();
    let mut progress = |p: gridlab::games::pengu::GenerateProgress| {
        if p.candidates >= 2_000 {
            cancel.store(true, Ordering::Relaxed);
        }
        reports.push(p);
    };
    let g = generate(&options, Some(&cancel), Some(&mut progress)).unwrap();
    assert_eq!(reports[0].candidates, 1);
    // Reports by work done: many before the 2,000th candidate on this small field.
    assert!(reports.len() > 2, "{} reports", reports.len());
    let last = reports.last().unwrap();
    // The best so far is returned when cancelled, short of the request: the level
    // the last report carried, with its proof.
    assert!(!g.met);
    assert_eq!(Some(g.level.to_text()), last.best_level);
    assert_eq!(g.features.optimal_moves, last.best);
    assert_eq!(bfs_moves(&g.level), Some(last.best as usize));
    // Every new best was reported, and bests only grow.
    assert!(reports.windows(2).all(|w| w[0].best <= w[1].best));
    // Cancelled before any candidate: no level.
    assert_eq!(
        generate(&options, Some(&AtomicBool::new(true)), None).unwrap_err(),
        GenerateError::Cancelled
    );
}

#[test]
fn the_command_lines_time_limit_stops_with_the_best_level_so_far() {
    use common::{gridlab, text};
    let out = gridlab(&[
        "pengu",
        "generate",
        "--size",
        "6x6",
        "--fish",
        "3",
        "--min-moves",
        "200",
        "--max-candidates",
        "100000000",
        "--seed",
        "4",
        "--time-limit",
        "1",
    ]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let lead = "seed 4: time limit of 1 s reached: stopped before a level met the request: \
                the best so far has ";
    // The level's summary line, then why it falls short.
    let moves: usize = err
        .lines()
        .find_map(|line| line.strip_prefix(lead))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    assert!(err.ends_with("moves (asked at least 200)\n"), "{err}");
    let level = Level::parse(&text(&out.stdout)).unwrap();
    assert_eq!(bfs_moves(&level), Some(moves));
    // The other generators keep it too.
    for args in [
        &[
            "actman",
            "generate",
            "--size",
            "5x6",
            "--monsters",
            "1",
            "--max-candidates",
            "10000000",
        ][..],
        &[
            "rogue",
            "generate",
            "--monster-wins",
            "--size",
            "5",
            "--max-candidates",
            "1000000",
        ][..],
    ] {
        let measure = if args[0] == "actman" {
            "--min-turns"
        } else {
            "--min-moves"
        };
        let asked = if args[0] == "actman" { "80" } else { "200" };
        let args = [args, &[measure, asked, "--seed", "4", "--time-limit", "1"]].concat();
        let out = gridlab(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("\nseed 4: time limit of 1 s reached: stopped before a level met"),
            "{args:?}: {err}"
        );
        assert!(!text(&out.stdout).trim().is_empty(), "{args:?}: a level");
    }
    // Its range is the option's.
    let bad = gridlab(&["pengu", "generate", "--time-limit", "4000"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("--time-limit"),
        "{}",
        text(&bad.stderr)
    );
}
