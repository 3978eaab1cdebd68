//! The Act-Man generator's proofs, checked independently over many seeds: the
//! optimal turns (BFS through `solve`, and a count over `Game` replays showing no
//! shorter victory), the number of optimal plans (a memoized enumeration of action
//! strings played on `Game`), and "needs the bullet" / "needs a lure" (exhaustive
//! searches over `Game` states).

use crate::common;
use common::gridlab;
use gridlab::games::actman::{
    analyze, generate, solve, Action, AnalysisLimits, Dungeon, Game, GenerateError,
    GenerateOptions, Kind, Objective, PlanCount, SolveOptions, Solver, Status,
};
use gridlab::grid::Pos;
use gridlab::search::{Algorithm, Outcome};
use std::collections::{HashMap, HashSet, VecDeque};

type Key = (Pos, bool, Vec<(Pos, Kind)>, Vec<Pos>);

fn key(game: &Game) -> Key {
    (
        game.actman(),
        game.bullet_used(),
        game.monsters(),
        game.corpses(),
    )
}

/// Action strings of exactly `left` more actions that end in victory (a victory ends
/// the game, so none passes through an earlier one), memoized on the position.
fn winning_strings(game: &Game, left: u32, memo: &mut HashMap<(Key, u32), u128>) -> u128 {
    if game.status() == Status::Victory {
        return u128::from(left == 0);
    }
    if left == 0 || game.status() != Status::Playing {
        return 0;
    }
    let k = (key(game), left);
    if let Some(&n) = memo.get(&k) {
        return n;
    }
    let mut n = 0;
    for action in game.legal_actions() {
        let mut next = game.clone();
        next.play(action).unwrap();
        n += winning_strings(&next, left - 1, memo);
    }
    memo.insert(k, n);
    n
}

/// Whether some victory exists when `allowed(game before, action, report)` admits
/// every turn: a breadth-first search over `Game` positions (the first visit of a
/// position is at the fewest turns, so with the most points left).
fn some_victory(dungeon: &Dungeon, allowed: impl Fn(&Game, Action, u32) -> bool) -> bool {
    let start = Game::new(dungeon);
    let mut seen = HashSet::from([key(&start)]);
    let mut queue = VecDeque::from([start]);
    while let Some(game) = queue.pop_front() {
        for action in game.legal_actions() {
            let mut next = game.clone();
            let report = next.play(action).unwrap();
            // Monsters shot: those standing on the bullet's path before the turn.
            let shot = game
                .monsters()
                .iter()
                .filter(|(p, _)| report.bullet.contains(p))
                .count() as u32;
            if !allowed(&game, action, report.kills - shot) {
                continue;
            }
            match next.status() {
                Status::Victory => return true,
                Status::Playing if seen.insert(key(&next)) => queue.push_back(next),
                _ => {}
            }
        }
    }
    false
}

/// Check every claim of a generated dungeon independently.
fn check(options: &GenerateOptions) {
    let g = generate(options, None, None).unwrap_or_else(|e| panic!("{options:?}: {e}"));
    let d = &g.dungeon;
    let f = &g.features;
    let what = format!("seed {}:\n{}", options.seed, g.text);
    assert_eq!(Dungeon::parse(&g.text).unwrap(), *d, "{what}");
    assert_eq!(d.monsters.len(), options.monsters, "{what}");
    assert!(f.optimal_turns >= options.min_turns, "{what}");
    // The plan wins in the claimed number of turns.
    let game = Game::replay(d, &g.plan).unwrap();
    assert_eq!(game.status(), Status::Victory, "{what}");
    assert_eq!(g.plan.len() as u32, f.optimal_turns, "{what}");
    assert_eq!(game.score(), f.score, "{what}");
    // BFS finds no shorter victory.
    let bfs = solve(
        d,
        &SolveOptions {
            solver: Solver::Search(Algorithm::Bfs),
            objective: Objective::Turns,
            max_turns: 300,
            ..SolveOptions::default()
        },
        None,
        None,
    );
    assert_eq!(bfs.outcome, Outcome::Found, "{what}");
    assert_eq!(bfs.actions.len() as u32, f.optimal_turns, "{what}");
    // No action string wins sooner; exactly the claimed number win at the optimum.
    let mut memo = HashMap::new();
    let start = Game::new(d);
    for t in 0..f.optimal_turns {
        assert_eq!(
            winning_strings(&start, t, &mut memo),
            0,
            "{what}: {t} turns"
        );
    }
    let plans = winning_strings(&start, f.optimal_turns, &mut memo);
    assert_eq!(plans.min(1 << 20), u128::from(f.optimal_plans), "{what}");
    assert_eq!(f.unique, plans == 1, "{what}");
    if options.unique {
        assert_eq!(plans, 1, "{what}");
    }
    // The needs, both ways.
    let without_bullet = some_victory(d, |_, a, _| !matches!(a, Action::Fire(_)));
    assert_eq!(f.needs_bullet, !without_bullet, "{what}");
    let without_lure = some_victory(d, |_, _, collisions| collisions == 0);
    assert_eq!(f.needs_lure, !without_lure, "{what}");
    if options.needs_bullet {
        assert!(f.needs_bullet, "{what}");
    }
    if options.needs_lure {
        assert!(f.needs_lure, "{what}");
    }
}

fn options(seed: u64) -> GenerateOptions {
    GenerateOptions {
        rows: 7,
        cols: 8,
        monsters: 2,
        min_turns: 5,
        seed,
        max_candidates: 100_000,
        ..GenerateOptions::default()
    }
}

#[test]
fn plain_dungeons_have_their_claimed_optimum_and_plan_count() {
    for seed in 0..20 {
        check(&options(seed));
    }
}

#[test]
fn unique_dungeons_have_one_optimal_plan() {
    for seed in 100..112 {
        check(&GenerateOptions {
            unique: true,
            ..options(seed)
        });
    }
}

#[test]
fn bullet_and_lure_dungeons_need_them() {
    for seed in 200..212 {
        check(&GenerateOptions {
            needs_bullet: true,
            ..options(seed)
        });
    }
    for seed in 300..308 {
        check(&GenerateOptions {
            needs_lure: true,
            monsters: 3,
            ..options(seed)
        });
    }
    for seed in 400..404 {
        check(&GenerateOptions {
            rows: 8,
            cols: 9,
            needs_bullet: true,
            needs_lure: true,
            monsters: 3,
            min_turns: 8,
            ..options(seed)
        });
    }
}

#[test]
fn longest_keeps_the_longest_found() {
    let short = generate(&options(5), None, None).unwrap();
    let longest = GenerateOptions {
        longest: true,
        max_candidates: 3_000,
        ..options(5)
    };
    let g = generate(&longest, None, None).unwrap();
    assert!(g.features.optimal_turns >= short.features.optimal_turns);
    check(&longest);
}

#[test]
fn one_seed_gives_one_dungeon() {
    let a = generate(&options(7), None, None).unwrap();
    let b = generate(&options(7), None, None).unwrap();
    assert_eq!((a.dungeon, a.plan), (b.dungeon.clone(), b.plan));
    let c = generate(&options(8), None, None).unwrap();
    assert_ne!(c.dungeon, b.dungeon);
}

#[test]
fn bad_options_name_their_field() {
    let cases = [
        (
            GenerateOptions {
                rows: 3,
                ..options(0)
            },
            "size",
        ),
        (
            GenerateOptions {
                cols: 99,
                ..options(0)
            },
            "size",
        ),
        (
            GenerateOptions {
                monsters: 0,
                ..options(0)
            },
            "monsters",
        ),
        (
            GenerateOptions {
                monsters: 7,
                ..options(0)
            },
            "monsters",
        ),
        (
            GenerateOptions {
                rows: 4,
                cols: 4,
                monsters: 3,
                ..options(0)
            },
            "monsters",
        ),
        (
            GenerateOptions {
                min_turns: 0,
                ..options(0)
            },
            "min_turns",
        ),
        (
            GenerateOptions {
                min_turns: 81,
                ..options(0)
            },
            "min_turns",
        ),
        (
            GenerateOptions {
                max_candidates: 0,
                ..options(0)
            },
            "max_candidates",
        ),
    ];
    for (bad, field) in cases {
        match generate(&bad, None, None) {
            Err(GenerateError::Options(e)) => assert_eq!(e.field, field, "{bad:?}"),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
}

#[test]
fn an_impossible_request_runs_out_of_candidates() {
    let hard = GenerateOptions {
        rows: 4,
        cols: 5,
        monsters: 1,
        min_turns: 40,
        max_candidates: 300,
        ..options(0)
    };
    match generate(&hard, None, None) {
        Err(GenerateError::NotFound { candidates, .. }) => assert_eq!(candidates, 300),
        other => panic!("{other:?}"),
    }
}

#[test]
fn analyze_proves_the_course_sample() {
    let d = Dungeon::parse("5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########")
        .unwrap();
    let a = analyze(&d, AnalysisLimits::default(), None);
    let PlanCount::Found { turns, plans, .. } = a.count else {
        panic!("{:?}", a.count)
    };
    let mut memo = HashMap::new();
    let start = Game::new(&d);
    assert_eq!(turns, 3);
    assert_eq!(winning_strings(&start, 2, &mut memo), 0);
    assert_eq!(u128::from(plans), winning_strings(&start, 3, &mut memo));
    let f = a.features.unwrap();
    assert_eq!(
        (a.needs_bullet, a.needs_lure),
        (Some(f.needs_bullet), Some(f.needs_lure))
    );
    assert_eq!(
        f.needs_bullet,
        !some_victory(&d, |_, a, _| !matches!(a, Action::Fire(_)))
    );
    assert_eq!(f.needs_lure, !some_victory(&d, |_, _, c| c == 0));
    // No victory at all: walled off.
    let d = Dungeon::parse("3 6\n######\n#A#G #\n######").unwrap();
    let a = analyze(&d, AnalysisLimits::default(), None);
    assert!(matches!(a.count, PlanCount::NoPlan { .. }), "{:?}", a.count);
    assert_eq!((a.needs_bullet, a.features), (None, None));
}

#[test]
fn the_cli_writes_the_dungeon_its_plan_the_course_output_and_the_features() {
    let dir = std::env::temp_dir().join(format!("gridlab-actman-gen-{}", std::process::id()));
    let out = gridlab(&[
        "actman",
        "generate",
        "--size",
        "7x8",
        "--monsters",
        "2",
        "--min-turns",
        "5",
        "--needs-bullet",
        "--seed",
        "3",
        "--count",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.starts_with("seed 3: ") && err.contains("needs the bullet"),
        "{err}"
    );
    for seed in [3, 4] {
        let name = dir.join(format!("actman-7x8-m2-s{seed}"));
        let read = |ext: &str| std::fs::read_to_string(name.with_extension(ext)).unwrap();
        let d = Dungeon::parse(&read("txt")).unwrap();
        let plan = read("plan");
        let game = Game::replay(&d, plan.trim()).unwrap();
        assert_eq!(read("out"), format!("{}*** VICTORY ***\n", game.output()));
        let json: serde_json::Value = serde_json::from_str(&read("json")).unwrap();
        assert_eq!(json["seed"], seed);
        assert_eq!(json["features"]["needs_bullet"], true);
        assert_eq!(json["features"]["optimal_turns"], plan.trim().len());
        assert_eq!(json["options"]["needsBullet"], true);
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // Analyze the course sample: JSON, exit 0.
    let out = gridlab(&["actman", "analyze", "levels/actman/course/dungeon0.txt"]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["count"]["turns"], 3);
    assert_eq!(json["needs_bullet"], false);
    // A bad option exits 2 and names it.
    let out = gridlab(&["actman", "generate", "--monsters", "9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).starts_with("error: --monsters: 9: must be 1 to 6")
    );
    let out = gridlab(&["actman", "generate", "--size", "3x8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: --size: 3x8"));
}

#[test]
fn the_smallest_dungeons_are_generated() {
    // 2 × 2 inner cells for Act-Man and two monsters (corpses may fill the rest): every
    // seed still places them; on 3 × 3 inner cells, levels come out.
    let mut found = 0;
    for seed in 0..30 {
        for side in [4, 5] {
            let tiny = GenerateOptions {
                rows: side,
                cols: side,
                monsters: 2,
                min_turns: 1,
                max_candidates: 100,
                ..options(seed)
            };
            match generate(&tiny, None, None) {
                Ok(_) => {
                    check(&tiny);
                    found += 1;
                }
                Err(GenerateError::NotFound { .. }) => {}
                Err(e) => panic!("{e}"),
            }
        }
    }
    assert!(found >= 10, "{found}");
}
