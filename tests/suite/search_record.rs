//! The debugger's record of a search: replaying its events rebuilds the open list, and
//! the state each expansion takes is always the first of that list in the order the
//! debugger shows it (smallest key, then smallest id); the record's states, moves and
//! costs lead to the plan the search returned. Checked on the course's Pengu fields
//! and Act-Man dungeons, for every search (iterative deepening's and IDA*'s states
//! taken without an expansion, and beam search's states cut, too), with the
//! expansions and duplicates the record counts equal to the search's own statistics.
//! Bidirectional BFS takes a whole layer of either side, not the first open state:
//! its record is checked for its two sides instead.

use gridlab::games::{actman, pengu};
use gridlab::search::{
    event_id, Algorithm, Last, Record, Solver, Stats, Taken, BACKWARD, EXPANDED, LAST_SHIFT, TAKEN,
};
use std::collections::BTreeSet;

use crate::common;

/// Replay `r`: every expansion, and every state taken without one, takes the smallest
/// (key, id) open; returns the id taken last and the number of expansions.
fn replay_takes_the_first_open(r: &Record, what: &str) -> (usize, usize) {
    let mut key = vec![u64::MAX; r.parent.len()];
    let mut open: BTreeSet<(u64, u32)> = BTreeSet::new();
    let (mut last, mut expansions) = (0, 0);
    for (i, &e) in r.events.iter().enumerate() {
        let id = event_id(e) as usize;
        assert!(id < r.parent.len(), "{what}: event {i} names state {id}");
        if e & (EXPANDED | TAKEN) != 0 {
            let first = open
                .pop_first()
                .unwrap_or_else(|| panic!("{what}: event {i} takes from nothing open"));
            assert_eq!(
                first.1 as usize, id,
                "{what}: event {i} takes the first open state"
            );
            key[id] = u64::MAX;
            last = id;
            expansions += usize::from(e & EXPANDED != 0);
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

/// The states a search may store here: fewer for the searches beyond the course (a
/// record beyond its limit is not checked, so a longer run would only take time).
fn states_for(algo: Algorithm) -> usize {
    if Algorithm::COURSE.contains(&algo) {
        200_000
    } else {
        30_000
    }
}

/// Replay `r` as `algo` ran: the state taken last and the number of expansions.
fn replay(r: &Record, algo: Algorithm, what: &str) -> (usize, usize) {
    if algo == Algorithm::Bibfs {
        return (0, two_sides(r, what));
    }
    replay_takes_the_first_open(r, what)
}

/// The best-first searches record the goal they take as an expansion, which their
/// statistics do not count: 1 for them when a plan was found.
fn goal_taken(algo: Algorithm, outcome: gridlab::search::Outcome) -> u64 {
    let best_first = matches!(
        algo,
        Algorithm::Astar | Algorithm::Greedy | Algorithm::Ucs | Algorithm::Wastar
    );
    u64::from(best_first && outcome == gridlab::search::Outcome::Found)
}

/// The goal's state id in `r`: BFS and beam search test the goal when they generate
/// it (their last event pushes it); the others when they take it (`last`).
fn goal_of(r: &Record, algo: Algorithm, last: usize) -> usize {
    match algo {
        Algorithm::Bfs | Algorithm::Beam => event_id(*r.events.last().unwrap()) as usize,
        _ => last,
    }
}

/// Bidirectional BFS: the start (state 0) and the goal states are the roots, the
/// backward pushes are the goal states' descendants and the forward pushes the
/// start's, each at one more step from its root than its parent; returns the
/// expansions.
fn two_sides(r: &Record, what: &str) -> usize {
    let mut depth = vec![u32::MAX; r.parent.len()];
    let mut backward = vec![false; r.parent.len()];
    let mut expansions = 0;
    for (i, &e) in r.events.iter().enumerate() {
        let id = event_id(e) as usize;
        if e & EXPANDED != 0 {
            expansions += 1;
            assert_ne!(
                depth[id],
                u32::MAX,
                "{what}: event {i} expands a state not pushed"
            );
            continue;
        }
        assert_eq!(
            e & TAKEN,
            0,
            "{what}: bidirectional search takes nothing aside"
        );
        let parent = r.parent[id] as usize;
        backward[id] = r.key_lo[i] == BACKWARD;
        if parent == id {
            assert!(id == 0 || backward[id], "{what}: the start is state 0");
            depth[id] = 0;
        } else {
            assert_eq!(
                backward[id], backward[parent],
                "{what}: event {i} changes sides"
            );
            depth[id] = depth[parent] + 1;
        }
        assert_eq!(r.key_hi[i], depth[id], "{what}: event {i}'s depth");
    }
    expansions
}

/// Bidirectional BFS: the plan is a forward state's path from the start, then a
/// backward state's moves to its goal, the two states at the same cell.
fn joins(r: &Record, plan: &str) -> bool {
    let backward: Vec<bool> = (0..r.parent.len())
        .map(|id| {
            let mut root = id;
            while r.parent[root] as usize != root {
                root = r.parent[root] as usize;
            }
            root != 0
        })
        .collect();
    let to_goal = |mut id: usize| {
        let mut moves = String::new();
        while r.parent[id] as usize != id {
            moves.push(char::from_u32(r.action[id]).unwrap());
            id = r.parent[id] as usize;
        }
        moves
    };
    (0..r.parent.len()).filter(|&f| !backward[f]).any(|f| {
        let head = path(r, f);
        plan.starts_with(&head)
            && (0..r.parent.len())
                .any(|b| backward[b] && r.cell[b] == r.cell[f] && to_goal(b) == plan[head.len()..])
    })
}

/// The moves from the start to state `id`, by the record's parents and moves (a start
/// is its own parent).
fn path(r: &Record, mut id: usize) -> String {
    let mut moves = Vec::new();
    while r.parent[id] as usize != id {
        moves.push(char::from_u32(r.action[id]).unwrap());
        id = r.parent[id] as usize;
    }
    moves.iter().rev().collect()
}

#[test]
fn pengu_records_replay_in_the_searchs_order_and_lead_to_the_plan() {
    let mut checked = 0;
    for path_buf in common::files_ending("levels/pengu/course", "txt") {
        let Ok(level) = pengu::Level::parse(&std::fs::read_to_string(&path_buf).unwrap()) else {
            continue;
        };
        for algo in Algorithm::ALL {
            let options = pengu::SolveOptions {
                solver: Solver::Search(algo),
                max_states: states_for(algo),
                record_limit: 100_000,
                ..pengu::SolveOptions::default()
            };
            let s = pengu::solve(&level, &options, None, None);
            let r = &s.record;
            let what = format!("{} {algo:?}", path_buf.display());
            if r.is_empty() || r.truncated {
                continue;
            }
            let (last, expansions) = replay(r, algo, &what);
            assert!(expansions > 0, "{what}");
            assert_eq!(
                expansions as u64,
                s.stats.expanded + goal_taken(algo, s.outcome),
                "{what}: expansions"
            );
            if s.outcome == gridlab::search::Outcome::Found {
                if algo == Algorithm::Bibfs {
                    assert!(joins(r, &s.moves), "{what}: {}", s.moves);
                } else {
                    assert_eq!(path(r, goal_of(r, algo, last)), s.moves, "{what}");
                }
            }
            tallies_match_the_stats(
                r,
                &s.stats,
                algo,
                s.outcome == gridlab::search::Outcome::Found,
                &what,
            );
            checked += 1;
        }
    }
    assert!(checked >= 12, "{checked} runs checked");
}

#[test]
fn actman_records_replay_in_the_searchs_order_and_lead_to_the_plan() {
    let mut checked = 0;
    // The walk of the Pengu test above, over Act-Man's own options and results.
    for path_buf in common::files_ending("levels/actman", "txt") {
        let dungeon = actman::Dungeon::parse(&std::fs::read_to_string(&path_buf).unwrap()).unwrap();
        for algo in Algorithm::ALL {
            let options = actman::SolveOptions {
                solver: Solver::Search(algo),
                max_states: states_for(algo),
                record_limit: 200_000,
                ..actman::SolveOptions::default()
            };
            let s = actman::solve(&dungeon, &options, None, None);
            let r = &s.record;
            let what = format!("{} {algo:?}", path_buf.display());
            if r.is_empty() || r.truncated {
                continue;
            }
            let (last, expansions) = replay(r, algo, &what);
            assert_eq!(
                expansions as u64,
                s.stats.expanded + goal_taken(algo, s.outcome),
                "{what}: expansions"
            );
            if s.outcome == gridlab::search::Outcome::Found {
                assert_eq!(path(r, goal_of(r, algo, last)), s.actions, "{what}");
            }
            tallies_match_the_stats(
                r,
                &s.stats,
                algo,
                s.outcome == gridlab::search::Outcome::Found,
                &what,
            );
            // Every move costs 1: only a start is pushed with g = 0.
            for (i, &e) in r.events.iter().enumerate() {
                let id = event_id(e) as usize;
                if e & EXPANDED == 0 && r.parent[id] as usize != id {
                    assert!(r.g[i] >= 1, "{what}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked} runs checked");
}

/// The duplicates a whole record counts (expansions' tallies, or iterative
/// deepening's states taken as duplicates) are the search's own count; iterative
/// deepening's iterations start with the start, and its last one ends at the goal.
fn tallies_match_the_stats(r: &Record, stats: &Stats, algo: Algorithm, found: bool, what: &str) {
    let mut duplicates = 0u64;
    let mut iterations = 0;
    let mut f_limits: Vec<u32> = Vec::new();
    for (i, &e) in r.events.iter().enumerate() {
        let id = event_id(e) as usize;
        if e & EXPANDED != 0 {
            duplicates += u64::from(r.key_hi[i]);
            // What its last successor met: a duplicate or a pruned state is counted; an
            // expansion that pushed nothing but dropped some did not end on a push.
            let (last, pruned) = (
                r.key_lo[i] >> LAST_SHIFT,
                r.key_lo[i] & ((1 << LAST_SHIFT) - 1),
            );
            let pushed = r.events.get(i + 1).is_some_and(|&n| {
                n & (EXPANDED | TAKEN) == 0
                    && r.parent[event_id(n) as usize] as usize != event_id(n) as usize
            });
            if last == Last::Duplicate as u32 {
                assert!(r.key_hi[i] > 0, "{what}: event {i} ends on a duplicate");
            } else if last == Last::Pruned as u32 {
                assert!(pruned > 0, "{what}: event {i} ends on a pruned state");
            } else if !pushed {
                assert_eq!(r.key_hi[i] + pruned, 0, "{what}: event {i} ends on a push");
            }
        } else if e & TAKEN != 0 {
            duplicates += u64::from(r.key_lo[i] == Taken::Duplicate as u32);
        } else if r.parent[id] as usize == id && r.key_lo[i] != BACKWARD {
            iterations += 1;
            if algo == Algorithm::Idastar {
                // An iteration's start carries its f-limit, larger every time.
                assert!(
                    f_limits.last().is_none_or(|&l| l < r.key_lo[i]),
                    "{what}: f-limits {f_limits:?} then {}",
                    r.key_lo[i]
                );
                f_limits.push(r.key_lo[i]);
            }
        }
    }
    assert_eq!(duplicates, stats.duplicates, "{what}: duplicates");
    if algo == Algorithm::Idastar {
        assert!(iterations >= 1, "{what}: an iteration per f-limit");
        if found {
            // The last f-limit is the plan's cost (the goal's g).
            let goal_g = r.g[r.events.len() - 1];
            assert_eq!(f_limits.last(), Some(&goal_g), "{what}: the last f-limit");
        }
    } else if algo == Algorithm::Iddfs {
        if found {
            assert_eq!(
                iterations, stats.depth,
                "{what}: one iteration per depth limit"
            );
        }
    } else {
        assert_eq!(iterations, 1, "{what}: one start");
    }
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
