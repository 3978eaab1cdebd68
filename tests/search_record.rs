//! The debugger's record of a search: replaying its events rebuilds the open list, and
//! the state each expansion takes is always the first of that list in the order the
//! debugger shows it (smallest key, then smallest id); the record's states, moves and
//! costs lead to the plan the search returned. Checked on the course's Pengu fields
//! and Act-Man dungeons, for breadth-first, greedy and A*.

use gridlab::games::{actman, pengu};
use gridlab::search::{Algorithm, Record, Solver, EXPANDED};
use std::collections::BTreeSet;

/// Replay `r`: every expansion takes the smallest (key, id) open; returns the id
/// expanded last and the number of expansions.
fn replay_takes_the_first_open(r: &Record, what: &str) -> (usize, usize) {
    let mut key = vec![u64::MAX; r.parent.len()];
    let mut open: BTreeSet<(u64, u32)> = BTreeSet::new();
    let (mut last, mut expansions) = (0, 0);
    for (i, &e) in r.events.iter().enumerate() {
        let id = (e & !EXPANDED) as usize;
        assert!(id < r.parent.len(), "{what}: event {i} names state {id}");
        if e & EXPANDED != 0 {
            let first = open
                .pop_first()
                .unwrap_or_else(|| panic!("{what}: expansion {i} with nothing open"));
            assert_eq!(
                first.1 as usize, id,
                "{what}: expansion {i} takes the first open state"
            );
            key[id] = u64::MAX;
            last = id;
            expansions += 1;
        } else {
            if key[id] != u64::MAX {
                open.remove(&(key[id], id as u32));
            }
            key[id] = u64::from(r.key_hi[i]) << 32 | u64::from(r.key_lo[i]);
            open.insert((key[id], id as u32));
        }
    }
    (last, expansions)
}

/// The moves from the start to state `id`, by the record's parents and moves.
fn path(r: &Record, mut id: usize) -> String {
    let mut moves = Vec::new();
    while id != 0 {
        moves.push(char::from_u32(r.action[id]).unwrap());
        id = r.parent[id] as usize;
    }
    moves.iter().rev().collect()
}

#[test]
fn pengu_records_replay_in_the_searchs_order_and_lead_to_the_plan() {
    let mut checked = 0;
    for entry in std::fs::read_dir("levels/pengu/course").unwrap() {
        let path_buf = entry.unwrap().path();
        if path_buf.extension().is_none_or(|x| x != "txt") {
            continue;
        }
        let Ok(level) = pengu::Level::parse(&std::fs::read_to_string(&path_buf).unwrap()) else {
            continue;
        };
        for algo in [Algorithm::Bfs, Algorithm::Greedy, Algorithm::Astar] {
            let options = pengu::SolveOptions {
                solver: Solver::Search(algo),
                max_states: 200_000,
                record_limit: 100_000,
                ..pengu::SolveOptions::default()
            };
            let s = pengu::solve(&level, &options, None, None);
            let r = &s.record;
            let what = format!("{} {algo:?}", path_buf.display());
            if r.is_empty() || r.truncated {
                continue;
            }
            let (last, expansions) = replay_takes_the_first_open(r, &what);
            assert!(expansions > 0, "{what}");
            if s.outcome == gridlab::search::Outcome::Found && algo != Algorithm::Bfs {
                // Best-first searches test the goal when they take it: the last state
                // taken is the goal, and its path is the plan.
                assert_eq!(path(r, last), s.moves, "{what}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 12, "{checked} runs checked");
}

#[test]
fn actman_records_replay_in_the_searchs_order_and_lead_to_the_plan() {
    let mut checked = 0;
    for entry in std::fs::read_dir("levels/actman").unwrap() {
        let path_buf = entry.unwrap().path();
        if path_buf.extension().is_none_or(|x| x != "txt") {
            continue;
        }
        let dungeon = actman::Dungeon::parse(&std::fs::read_to_string(&path_buf).unwrap()).unwrap();
        for algo in [Algorithm::Bfs, Algorithm::Greedy, Algorithm::Astar] {
            let options = actman::SolveOptions {
                solver: Solver::Search(algo),
                max_states: 200_000,
                record_limit: 200_000,
                ..actman::SolveOptions::default()
            };
            let s = actman::solve(&dungeon, &options, None, None);
            let r = &s.record;
            let what = format!("{} {algo:?}", path_buf.display());
            if r.is_empty() || r.truncated {
                continue;
            }
            let (last, _) = replay_takes_the_first_open(r, &what);
            if s.outcome == gridlab::search::Outcome::Found && algo != Algorithm::Bfs {
                assert_eq!(path(r, last), s.actions, "{what}");
            }
            // The costs are the moves: every push's g is its parent's + 1 at most.
            for (i, &e) in r.events.iter().enumerate() {
                if e & EXPANDED == 0 && e != 0 {
                    assert!(r.g[i] >= 1, "{what}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked} runs checked");
}

#[test]
fn the_record_is_bounded_and_says_so() {
    let level =
        pengu::Level::parse(&std::fs::read_to_string("levels/pengu/01-first-slide.txt").unwrap())
            .unwrap();
    let options = pengu::SolveOptions {
        solver: Solver::Search(Algorithm::Bfs),
        record_limit: 2,
        ..pengu::SolveOptions::default()
    };
    let s = pengu::solve(&level, &options, None, None);
    assert_eq!(s.record.len(), 2);
    assert!(s.record.truncated);
    let off = pengu::SolveOptions {
        record_limit: 0,
        ..options
    };
    assert!(pengu::solve(&level, &off, None, None).record.is_empty());
}
