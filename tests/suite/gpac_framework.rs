//! GPac against the course's own Python framework, from what
//! `benches/gpac_framework/record.py` recorded of it in `tests/data/gpac/framework/`:
//! - the map repair gives the framework's map for every recorded genotype;
//! - every deterministic agent decision (no random number drawn) is the framework's,
//!   with the same memory afterwards; a chasing ghost's new path is the framework's;
//! - on the same 40 maps per wall density, gridlab's mean score lies within a 99%
//!   Welch interval of the framework's 1,000 games.

use gridlab::games::gpac::stats::{mean, variance, welch_t_test};
use gridlab::games::gpac::{
    play, repair, ChaseMemory, Game, GameRng, GhostAgent, GhostKind, Map, Move, PacAgent, PacKind,
    PacMemory, Settings, World,
};
use rand::SeedableRng;
use serde::Deserialize;
use std::collections::VecDeque;
use std::sync::Arc;

const DATA: &str = "tests/data/gpac/framework";

fn rows<T: for<'de> Deserialize<'de>>(file: &str) -> Vec<T> {
    let text = std::fs::read_to_string(format!("{DATA}/{file}")).expect("recorded data");
    text.lines()
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1)))
        .collect()
}

fn genotype_map(width: usize, height: usize, genotype: &str) -> Map {
    let walls = genotype.bytes().map(|b| b == b'1').collect();
    Map::from_walls(width, height, walls).expect("genotype length")
}

#[derive(Deserialize)]
struct RepairCase {
    width: usize,
    height: usize,
    genotype: String,
    map: String,
    repairs: u32,
    cut: bool,
}

#[test]
fn the_repair_gives_the_frameworks_map_for_every_recorded_genotype() {
    let cases: Vec<RepairCase> = rows("repairs.jsonl");
    assert!(cases.iter().filter(|c| c.cut).count() >= 200);
    for (i, case) in cases.iter().enumerate() {
        let repaired = repair(&genotype_map(case.width, case.height, &case.genotype));
        assert_eq!(repaired.map.to_text(), case.map, "case {}", i + 1);
        assert_eq!(repaired.repairs, case.repairs, "case {}", i + 1);
    }
}

#[derive(Deserialize)]
struct MapEntry {
    density: f64,
    genotype: String,
    map: String,
    repairs: u32,
    scores: Vec<i64>,
}

fn maps() -> Vec<MapEntry> {
    rows("maps.jsonl")
}

/// The course default of the recorded games: avoid against 3 chase ghosts, linear
/// pills at 0.05, fruit 0.1 worth 10.
fn course_settings() -> Settings {
    Settings::default()
}

#[test]
fn the_recorded_maps_are_the_repairs_of_their_genotypes() {
    for (i, entry) in maps().iter().enumerate() {
        let repaired = repair(&genotype_map(35, 20, &entry.genotype));
        assert_eq!(repaired.map.to_text(), entry.map, "map {}", i + 1);
        assert_eq!(repaired.repairs, entry.repairs, "map {}", i + 1);
    }
}

/// gridlab games per recorded map in the statistical comparison.
const GAMES_PER_MAP: u64 = 50;

#[test]
fn mean_scores_lie_within_a_99_percent_welch_interval_of_the_frameworks() {
    let entries = maps();
    for density in [0.05, 0.3, 0.5] {
        let mut framework = Vec::new();
        let mut ours = Vec::new();
        for (m, entry) in entries.iter().enumerate() {
            if entry.density != density {
                continue;
            }
            framework.extend(entry.scores.iter().map(|&s| s as f64));
            let world = Arc::new(World::new(Map::parse(&entry.map).expect("map")));
            for k in 0..GAMES_PER_MAP {
                let seed = (m as u64) << 16 | k;
                let outcome = play(
                    &world,
                    &course_settings(),
                    PacKind::Avoid,
                    GhostKind::Chase,
                    seed,
                    false,
                );
                ours.push(outcome.score as f64);
            }
        }
        assert_eq!(framework.len(), 1000, "framework games at {density}");
        let test = welch_t_test(&ours, &framework).expect("variance");
        let half_width = 2.576
            * (variance(&ours) / ours.len() as f64 + variance(&framework) / framework.len() as f64)
                .sqrt();
        eprintln!(
            "density {density}: gridlab {:.1} ({} games), framework {:.1} ({} games), p = {:.3}",
            mean(&ours),
            ours.len(),
            mean(&framework),
            framework.len(),
            test.p
        );
        assert!(
            test.p > 0.01,
            "density {density}: gridlab {:.1} vs framework {:.1} (99% interval of the \
             difference ±{half_width:.1}, p = {:.4})",
            mean(&ours),
            mean(&framework),
            test.p
        );
    }
}

#[derive(Deserialize)]
struct Position {
    pacman: (usize, usize),
    ghosts: Vec<(usize, usize)>,
    pills: Vec<(usize, usize)>,
    fruit: Option<(usize, usize)>,
    time: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Memory {
    plan: Option<Vec<String>>,
    planned_at: Option<i64>,
    target: Option<(usize, usize)>,
}

#[derive(Deserialize)]
struct Decision {
    map: usize,
    agent: String,
    ghost: Option<usize>,
    state: Position,
    before: Memory,
    action: String,
    after: Memory,
    draws: u32,
}

fn to_move(name: &str) -> Move {
    match name {
        "hold" => Move::Hold,
        "up" => Move::Up,
        "right" => Move::Right,
        "down" => Move::Down,
        "left" => Move::Left,
        other => panic!("unknown action {other}"),
    }
}

fn plan(memory: &Memory) -> VecDeque<Move> {
    memory.plan.iter().flatten().map(|a| to_move(a)).collect()
}

#[test]
fn every_deterministic_decision_is_the_frameworks() {
    let entries = maps();
    let decisions: Vec<Decision> = rows("decisions.jsonl");
    let mut checked = std::collections::BTreeMap::<String, usize>::new();
    let mut rng = GameRng::seed_from_u64(0);
    for (i, d) in decisions.iter().enumerate() {
        let map = Map::parse(&entries[d.map].map).expect("map");
        let cell = |(x, y): (usize, usize)| map.cell(x, y);
        let world = Arc::new(World::new(map.clone()));
        let ghosts: Vec<_> = d.state.ghosts.iter().map(|&g| cell(g)).collect();
        let pills: Vec<_> = d.state.pills.iter().map(|&p| cell(p)).collect();
        let game = Game::at(
            world,
            &course_settings(),
            cell(d.state.pacman),
            &ghosts,
            &pills,
            d.state.fruit.map(cell),
            d.state.time,
        )
        .expect("a recorded position");
        let line = i + 1;
        match d.ghost {
            None => {
                if d.draws > 0 {
                    continue;
                }
                let kind: PacKind = d.agent.parse().expect("agent");
                let memory = PacMemory {
                    plan: plan(&d.before),
                    planned_at: d.before.planned_at,
                };
                let mut agent = PacAgent::resume(kind, memory);
                let action = agent.choose(&game, &mut rng);
                assert_eq!(action, to_move(&d.action), "decisions.jsonl:{line}");
                assert_eq!(
                    agent.memory().plan,
                    plan(&d.after),
                    "decisions.jsonl:{line}"
                );
                if kind == PacKind::Avoid {
                    assert_eq!(
                        agent.memory().planned_at,
                        d.after.planned_at,
                        "decisions.jsonl:{line}"
                    );
                }
                *checked.entry(d.agent.clone()).or_default() += 1;
            }
            Some(g) => {
                let memory = ChaseMemory {
                    target: d.before.target.map(cell),
                    plan: plan(&d.before),
                };
                let mut agent = GhostAgent::resume(GhostKind::Chase, memory);
                let action = if d.draws == 0 {
                    assert!(!agent.replan_due(&game), "decisions.jsonl:{line}");
                    agent.choose(&game, g, &mut rng)
                } else if d.after.target.is_some() {
                    // Planned anew (the 25% coin said chase): the path is determined.
                    assert!(agent.replan_due(&game), "decisions.jsonl:{line}");
                    agent.replan(&game, g);
                    agent.choose(&game, g, &mut rng)
                } else {
                    // A random move.
                    assert!(agent.replan_due(&game), "decisions.jsonl:{line}");
                    continue;
                };
                assert_eq!(action, to_move(&d.action), "decisions.jsonl:{line}");
                assert_eq!(
                    agent.memory().plan,
                    plan(&d.after),
                    "decisions.jsonl:{line}"
                );
                assert_eq!(
                    agent.memory().target,
                    d.after.target.map(cell),
                    "decisions.jsonl:{line}"
                );
                *checked.entry("chase".into()).or_default() += 1;
            }
        }
    }
    eprintln!("deterministic decisions checked: {checked:?}");
    for agent in ["pill", "fruit", "avoid", "chase"] {
        let n = checked.get(agent).copied().unwrap_or(0);
        assert!(n >= 100, "only {n} deterministic {agent} decisions checked");
    }
}
