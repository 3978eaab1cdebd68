//! The Rogue generator's proofs, checked independently over many seeds: the outcome
//! and capture depth by a plain value iteration over (monster, rogue) positions (not
//! the retrograde analysis), the games by the coursework's referee, the lost sites
//! site by site.

use crate::common;
use common::gridlab;
use gridlab::games::rogue::{
    analyze, generate, Duel, Dungeon, Ending, GenerateError, GenerateOptions, Goal,
    MonsterStrategy, Outcome, Referee, RogueStrategy, Site,
};
use gridlab::grid::Pos;
use std::collections::HashMap;

/// Monster moves to capture with the monster to move, for every pair of open sites
/// (`None`: never), by value iteration: V ≤ t iff some monster move lands on the
/// rogue, or every rogue reply steps onto the monster or into a pair of value ≤ t−1.
fn values(d: &Dungeon) -> HashMap<(Pos, Pos), u32> {
    let n = d.size();
    let open: Vec<Pos> = (0..n * n)
        .map(|i| Pos::new(i / n, i % n))
        .filter(|&p| d.sites[p] != Site::Wall)
        .collect();
    let moves: HashMap<Pos, Vec<Pos>> = open.iter().map(|&p| (p, d.moves(p))).collect();
    let mut value: HashMap<(Pos, Pos), u32> = HashMap::new();
    for t in 1.. {
        let mut new = Vec::new();
        for &m in &open {
            for &r in &open {
                if m == r || value.contains_key(&(m, r)) {
                    continue;
                }
                let wins = moves[&m].iter().any(|&m2| {
                    m2 == r
                        || moves[&r]
                            .iter()
                            .all(|&r2| r2 == m2 || value.get(&(m2, r2)).is_some_and(|&v| v < t))
                });
                if wins {
                    new.push((m, r));
                }
            }
        }
        if new.is_empty() {
            break;
        }
        for pair in new {
            value.insert(pair, t);
        }
    }
    value
}

fn options(goal: Goal, seed: u64) -> GenerateOptions {
    GenerateOptions {
        size: 9,
        goal,
        min_moves: 5,
        seed,
        max_candidates: 50_000,
        ..GenerateOptions::default()
    }
}

/// Check every claim of a generated dungeon independently.
fn check(options: &GenerateOptions) {
    let g = generate(options, None, None).unwrap_or_else(|e| panic!("{options:?}: {e}"));
    let d = &g.dungeon;
    let what = format!("seed {}:\n{}", options.seed, g.text);
    // A valid dungeon of the coursework format, the players on rooms.
    assert_eq!(Dungeon::parse(&g.text).unwrap(), *d, "{what}");
    assert_eq!(d.size(), options.size, "{what}");
    assert_eq!(d.sites[d.monster], Site::Room, "{what}");
    assert_eq!(d.sites[d.rogue], Site::Room, "{what}");
    let value = values(d);
    let start = value.get(&(d.monster, d.rogue)).copied();
    let mut referee = Referee::new(d, MonsterStrategy::Optimal, RogueStrategy::Optimal).unwrap();
    let optimal = referee.play_game(300).ending().unwrap();
    match (options.goal, g.report.outcome) {
        (Goal::MonsterWins, Outcome::MonsterWins { moves }) => {
            assert_eq!(start, Some(moves), "{what}");
            assert!(moves >= options.min_moves, "{what}");
            assert_eq!(g.report.features.capture_moves, Some(moves), "{what}");
            assert_eq!(optimal, Ending::Caught { turn: moves }, "{what}");
        }
        (Goal::RogueEscapes, Outcome::RogueSafeForever) => {
            assert_eq!(start, None, "{what}");
            assert_eq!(optimal, Ending::Survived { turns: 300 }, "{what}");
            // The naive rogue is caught by the optimal monster, when claimed.
            let Duel::Caught { turn } = g.report.features.naive_rogue else {
                panic!("{what}: {:?}", g.report.features.naive_rogue)
            };
            assert!(turn >= options.min_moves, "{what}");
            let mut referee =
                Referee::new(d, MonsterStrategy::Optimal, RogueStrategy::Naive).unwrap();
            let naive = referee.play_game(1000).ending().unwrap();
            assert_eq!(naive, Ending::Caught { turn }, "{what}");
        }
        (goal, outcome) => panic!("{what}: asked {goal:?}, got {outcome:?}"),
    }
    // The lost sites, site by site.
    let n = d.size();
    let lost: Vec<u32> = (0..n * n)
        .filter(|&i| {
            let p = Pos::new(i / n, i % n);
            d.sites[p] != Site::Wall && p != d.monster && value.contains_key(&(d.monster, p))
        })
        .map(|i| i as u32)
        .collect();
    assert_eq!(g.report.lost_sites, lost, "{what}");
    assert_eq!(analyze(d).unwrap().lost_sites, lost, "{what}");
}

#[test]
fn monster_wins_dungeons_are_won_in_the_claimed_moves() {
    for seed in 0..16 {
        check(&options(Goal::MonsterWins, seed));
    }
    for seed in 50..54 {
        check(&GenerateOptions {
            size: 12,
            min_moves: 12,
            ..options(Goal::MonsterWins, seed)
        });
    }
}

#[test]
fn rogue_escapes_dungeons_are_safe_but_not_for_the_naive_rogue() {
    for seed in 100..116 {
        check(&options(Goal::RogueEscapes, seed));
    }
}

#[test]
fn longest_and_one_seed_one_dungeon() {
    let a = generate(&options(Goal::MonsterWins, 7), None, None).unwrap();
    let b = generate(&options(Goal::MonsterWins, 7), None, None).unwrap();
    assert_eq!(a.dungeon, b.dungeon);
    let c = generate(&options(Goal::MonsterWins, 8), None, None).unwrap();
    assert_ne!(a.dungeon, c.dungeon);
    let longest = GenerateOptions {
        longest: true,
        max_candidates: 2_000,
        ..options(Goal::MonsterWins, 7)
    };
    let l = generate(&longest, None, None).unwrap();
    assert!(l.report.features.capture_moves >= a.report.features.capture_moves);
    check(&longest);
}

#[test]
fn bad_options_name_their_field() {
    let base = options(Goal::MonsterWins, 0);
    let cases = [
        (
            GenerateOptions {
                size: 4,
                ..base.clone()
            },
            "size",
        ),
        (
            GenerateOptions {
                size: 25,
                ..base.clone()
            },
            "size",
        ),
        (
            GenerateOptions {
                min_moves: 0,
                ..base.clone()
            },
            "min_moves",
        ),
        (
            GenerateOptions {
                min_moves: 201,
                ..base.clone()
            },
            "min_moves",
        ),
        (
            GenerateOptions {
                max_candidates: 0,
                ..base.clone()
            },
            "max_candidates",
        ),
    ];
    // Pengu's generator is checked the same way (tests/suite/pengu_generate.rs), through its
    // own option and error types.
    for (bad, field) in cases {
        match generate(&bad, None, None) {
            Err(GenerateError::Options(e)) => assert_eq!(e.field, field, "{bad:?}"),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    let hard = GenerateOptions {
        size: 5,
        min_moves: 150,
        max_candidates: 200,
        ..base
    };
    assert!(matches!(
        generate(&hard, None, None),
        Err(GenerateError::NotFound {
            candidates: 200,
            ..
        })
    ));
}

#[test]
fn analyze_reports_the_course_dungeons() {
    // dungeonB: the monster wins (only by going NE); dungeonJ: the rogue is safe.
    for (name, monster_wins) in [("B", true), ("J", false)] {
        let text =
            std::fs::read_to_string(format!("levels/rogue/course/dungeon{name}.txt")).unwrap();
        let d = Dungeon::parse(&text).unwrap();
        let r = analyze(&d).unwrap();
        let start = values(&d).get(&(d.monster, d.rogue)).copied();
        match r.outcome {
            Outcome::MonsterWins { moves } => {
                assert!(monster_wins, "{name}");
                assert_eq!(start, Some(moves), "{name}");
            }
            Outcome::RogueSafeForever => assert!(!monster_wins && start.is_none(), "{name}"),
        }
    }
}

#[test]
fn the_cli_writes_the_dungeon_optimal_play_its_transcript_and_the_features() {
    let dir = std::env::temp_dir().join(format!("gridlab-rogue-gen-{}", std::process::id()));
    let out = gridlab(&[
        "rogue",
        "generate",
        "--monster-wins",
        "--size",
        "9",
        "--min-moves",
        "6",
        "--seed",
        "5",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.starts_with("seed 5: monster wins in "), "{err}");
    let name = dir.join("rogue-9-monster-s5");
    let read = |ext: &str| std::fs::read_to_string(name.with_extension(ext)).unwrap();
    let d = Dungeon::parse(&read("txt")).unwrap();
    let mut referee = Referee::new(&d, MonsterStrategy::Optimal, RogueStrategy::Optimal).unwrap();
    let game = referee.play_game(100);
    assert_eq!(read("plan").trim(), game.moves());
    assert_eq!(read("out"), game.transcript(&d));
    assert!(read("out").ends_with("Caught by monster\n"));
    let json: serde_json::Value = serde_json::from_str(&read("json")).unwrap();
    assert_eq!(json["outcome"]["outcome"], "monsterWins");
    assert!(json["features"]["captureMoves"].as_u64().unwrap() >= 6);
    std::fs::remove_dir_all(&dir).unwrap();
    // One goal is required, and only one.
    let out = gridlab(&["rogue", "generate"]);
    assert_eq!(out.status.code(), Some(2));
    let out = gridlab(&["rogue", "generate", "--monster-wins", "--rogue-escapes"]);
    assert_eq!(out.status.code(), Some(2));
    let out = gridlab(&["rogue", "generate", "--rogue-escapes", "--size", "40"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: --size: "));
    // Analyze --json adds the outcome, the lost sites and the features.
    let out = gridlab(&[
        "rogue",
        "analyze",
        "--json",
        "levels/rogue/course/dungeonB.txt",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["outcome"]["outcome"], "monsterWins");
    assert_eq!(json["outcome"]["moves"], json["value"]);
    assert!(!json["lostSites"].as_array().unwrap().is_empty());
}
