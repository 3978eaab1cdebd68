//! Pengu's zone bound (src/games/pengu/zones.rs: exact costs of groups of fish, added
//! under a partition of the moves): never above the exact cost to go and consistent on
//! every state of many random fields, stronger than the bound without it somewhere,
//! built only once a search has asked for many values, and A* with it still returns
//! optimal plans that replay.

use gridlab::games::pengu::{
    replay, tracked_fish, Cost, Goal, Level, PenguProblem, SlideGraph, Status, MAX_ZONE_FISH,
    ZONES_AFTER,
};
use gridlab::search::{
    astar, GraphLimits, Limits, Outcome, Problem, StateGraph, DEAD_END, NO_GOAL,
};

use crate::common;

/// Largest state graph checked exhaustively.
const MAX_GRAPH: usize = 150_000;

/// What checking one field found.
#[derive(Default)]
struct Tally {
    fields: usize,
    states: usize,
    /// States where the zone bound raised the heuristic.
    raised: usize,
    /// States where the heuristic equals the exact cost to go.
    tight: usize,
}

/// Checks h ≤ h* and h(s) ≤ cost + h(s') on every state of the field's graph, with the
/// zone bound built from the first value on, for both costs of a move.
fn check_field(name: &str, level: &Level, zone_fish: usize, tally: &mut Tally) {
    let graph = SlideGraph::new(level);
    let Ok(tracked) = tracked_fish(level, &graph, Goal::All) else {
        return;
    };
    if tracked.len() > 64 {
        return;
    }
    for cost in [Cost::Moves, Cost::Cells] {
        let zoned = PenguProblem::<1>::new(&graph, &tracked, Goal::All)
            .with_cost(cost)
            .with_zones(0, zone_fish);
        let plain = PenguProblem::<1>::new(&graph, &tracked, Goal::All)
            .with_cost(cost)
            .with_zones(u64::MAX, zone_fish);
        let limits = GraphLimits {
            max_states: MAX_GRAPH,
            ..GraphLimits::default()
        };
        let Ok(states) = StateGraph::explore(&zoned, limits) else {
            continue;
        };
        let h_star = states.cost_to_go();
        let h = |i: u32| zoned.heuristic(states.state(i));
        h(0);
        let Some(zones) = zoned.zone_fish() else {
            continue;
        };
        let mut bits: Vec<u16> = zones.iter().flatten().copied().collect();
        bits.sort_unstable();
        assert_eq!(
            bits,
            (0..tracked.len() as u16).collect::<Vec<_>>(),
            "{name}: zones {zones:?}"
        );
        assert!(
            zones.iter().all(|z| z.len() <= MAX_ZONE_FISH),
            "{name}: {zones:?}"
        );
        tally.fields += 1;
        for i in 0..states.len() as u32 {
            let exact = h_star[i as usize];
            if exact == NO_GOAL {
                continue;
            }
            let here = h(i);
            assert!(
                here != DEAD_END && u64::from(here) <= exact,
                "{name} ({cost:?}): state {i}: h = {here} > h* = {exact}"
            );
            for (to, step, _) in states.edges(i) {
                let there = h(to);
                assert!(
                    there == DEAD_END || here <= step + there,
                    "{name} ({cost:?}): h drops from {here} to {there} over a move of {step}"
                );
            }
            tally.states += 1;
            tally.tight += usize::from(u64::from(here) == exact);
            tally.raised += usize::from(here > plain.heuristic(states.state(i)));
        }
    }
}

#[test]
fn the_zone_bound_never_overestimates_and_is_consistent_on_random_fields() {
    let mut tally = Tally::default();
    for seed in 0..200 {
        for mix in [&common::FISHY, &common::MIXED] {
            let level = Level::parse(&common::random_pengu_field(seed, mix)).unwrap();
            // Zones of 3 fish: many zones on a small field, so moves are shared out.
            check_field(&format!("seed {seed}"), &level, 3, &mut tally);
            check_field(&format!("seed {seed}"), &level, MAX_ZONE_FISH, &mut tally);
        }
    }
    assert!(tally.fields >= 250, "only {} fields checked", tally.fields);
    assert!(
        tally.tight * 4 > tally.states,
        "h = h* at {} of {} states",
        tally.tight,
        tally.states
    );
    assert!(
        tally.raised > 0,
        "the zone bound never raised h in {} states",
        tally.states
    );
}

#[test]
fn the_zone_bound_never_overestimates_on_small_course_fields() {
    let mut tally = Tally::default();
    for path in common::files_ending("levels/pengu/course", "txt") {
        let Ok(level) = Level::parse(&std::fs::read_to_string(&path).unwrap()) else {
            continue;
        };
        for zone_fish in [4, MAX_ZONE_FISH] {
            check_field(&path.display().to_string(), &level, zone_fish, &mut tally);
        }
    }
    assert!(
        tally.fields >= 5,
        "only {} course fields checked",
        tally.fields
    );
}

/// The optimum of a field by A*, with the zone bound from the first value or never,
/// after replaying the plan to a win.
fn astar_optimum(level: &Level, zones_after: u64, zone_fish: usize) -> usize {
    let graph = SlideGraph::new(level);
    let tracked = tracked_fish(level, &graph, Goal::All).unwrap();
    let problem =
        PenguProblem::<1>::new(&graph, &tracked, Goal::All).with_zones(zones_after, zone_fish);
    let found = astar(&problem, &mut Limits::default());
    assert_eq!(found.outcome, Outcome::Found);
    assert_eq!(
        problem.zone_fish().is_some(),
        zones_after == 0 && tracked.len() >= zone_fish.min(6)
    );
    let digits: String = found.plan.iter().map(|d| d.digit()).collect();
    let game = replay(level, &digits).unwrap();
    assert_eq!(game.status(), Status::Victory);
    found.plan.len()
}

#[test]
fn astar_with_the_zone_bound_finds_the_same_optimum_on_every_course_field() {
    let mut fields = 0;
    for path in common::files_ending("levels/pengu/course", "txt") {
        let level = Level::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let graph = SlideGraph::new(&level);
        if tracked_fish(&level, &graph, Goal::All).is_err() {
            continue;
        }
        let optimum = astar_optimum(&level, u64::MAX, MAX_ZONE_FISH);
        for zone_fish in [4, MAX_ZONE_FISH] {
            let zoned = astar_optimum(&level, 0, zone_fish);
            assert_eq!(
                zoned,
                optimum,
                "{} ({zone_fish} fish a zone)",
                path.display()
            );
        }
        fields += 1;
    }
    assert!(fields >= 10, "only {fields} course fields solved");
}

#[test]
fn the_zone_bound_is_built_only_after_many_heuristic_values() {
    let level =
        Level::parse(&std::fs::read_to_string("levels/pengu/course/testcase-11-8x17.txt").unwrap())
            .unwrap();
    let graph = SlideGraph::new(&level);
    let tracked = tracked_fish(&level, &graph, Goal::All).unwrap();
    let problem = PenguProblem::<1>::new(&graph, &tracked, Goal::All);
    let start = problem.start();
    let before = problem.heuristic(&start);
    for _ in 1..ZONES_AFTER {
        problem.heuristic(&start);
    }
    assert_eq!(problem.zone_fish(), None);
    let after = problem.heuristic(&start);
    let zones = problem.zone_fish().expect("built on the next value");
    assert!(zones.len() >= 2, "{zones:?}");
    assert!(after >= before);
}
