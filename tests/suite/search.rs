//! The shared search module: equal plan lengths with the `pathfinding` crate on random
//! mazes, and the limits (states, depth, cancel, progress, trace).

use gridlab::search::{astar, bfs, greedy, iddfs, run, Algorithm, Limits, Outcome, Problem, Trace};
use proptest::prelude::*;
use std::cell::Cell;
use std::sync::atomic::AtomicBool;

/// A 4-neighbour maze: `true` cells are open; from the top-left to the bottom-right.
#[derive(Debug)]
struct Maze {
    rows: i32,
    cols: i32,
    open: Vec<bool>,
}

impl Maze {
    fn is_open(&self, (r, c): (i32, i32)) -> bool {
        r >= 0
            && c >= 0
            && r < self.rows
            && c < self.cols
            && self.open[(r * self.cols + c) as usize]
    }
    fn neighbours(&self, (r, c): (i32, i32)) -> Vec<(i32, i32)> {
        [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]
            .into_iter()
            .filter(|&p| self.is_open(p))
            .collect()
    }
    fn goal(&self) -> (i32, i32) {
        (self.rows - 1, self.cols - 1)
    }
}

impl Problem for Maze {
    type State = (i32, i32);
    type Action = (i32, i32);
    fn start(&self) -> (i32, i32) {
        (0, 0)
    }
    fn is_goal(&self, s: &(i32, i32)) -> bool {
        *s == self.goal()
    }
    fn successors(&self, s: &(i32, i32), out: &mut Vec<((i32, i32), (i32, i32), u32)>) {
        out.extend(self.neighbours(*s).into_iter().map(|n| (n, n, 1)));
    }
    fn heuristic(&self, &(r, c): &(i32, i32)) -> u32 {
        ((self.rows - 1 - r) + (self.cols - 1 - c)) as u32
    }
    fn cell(&self, &(r, c): &(i32, i32)) -> u32 {
        (r * self.cols + c) as u32
    }
    fn goal_states(&self, out: &mut Vec<(i32, i32)>) -> Result<(), String> {
        out.push(self.goal());
        Ok(())
    }
    /// Every step can be walked back: the neighbours, with the step into `s`.
    fn predecessors(&self, s: &(i32, i32), out: &mut Vec<((i32, i32), (i32, i32), u32)>) {
        out.extend(self.neighbours(*s).into_iter().map(|n| (*s, n, 1)));
    }
}

fn maze() -> impl Strategy<Value = Maze> {
    (2i32..12, 2i32..12).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(proptest::bool::weighted(0.7), (rows * cols) as usize).prop_map(
            move |mut open| {
                open[0] = true;
                open[(rows * cols - 1) as usize] = true;
                Maze { rows, cols, open }
            },
        )
    })
}

proptest! {
    #[test]
    fn plan_lengths_match_the_pathfinding_crate(m in maze()) {
        let expected = pathfinding::prelude::bfs(&m.start(), |&p| m.neighbours(p), |&p| p == m.goal())
            .map(|path| path.len() - 1);
        let by_astar = pathfinding::prelude::astar(
            &m.start(),
            |&p| m.neighbours(p).into_iter().map(|n| (n, 1u32)),
            |p| m.heuristic(p),
            |&p| p == m.goal(),
        )
        .map(|(_, cost)| cost as usize);
        prop_assert_eq!(expected, by_astar);
        for algo in Algorithm::ALL {
            let r = run(&m, algo, &mut Limits::default());
            match expected {
                None => prop_assert_eq!(r.outcome, Outcome::NoPlan),
                // Beam search may drop every path to the goal, and says so.
                Some(_) if algo == Algorithm::Beam && r.outcome == Outcome::LimitReached => {
                    prop_assert!(r.note.is_some());
                }
                Some(len) => {
                    prop_assert_eq!(r.outcome, Outcome::Found, "{:?}", algo);
                    if algo.is_optimal() {
                        prop_assert_eq!(r.plan.len(), len, "{:?}", algo);
                    }
                    // The plan is a walk of open neighbours ending at the goal.
                    let mut at = m.start();
                    for &step in &r.plan {
                        prop_assert!(m.neighbours(at).contains(&step));
                        at = step;
                    }
                    prop_assert_eq!(at, m.goal());
                }
            }
        }
    }
}

fn open_field() -> Maze {
    Maze {
        rows: 30,
        cols: 30,
        open: vec![true; 900],
    }
}

#[test]
fn a_state_limit_returns_the_best_partial_plan() {
    for algo in Algorithm::ALL {
        let r = run(
            &open_field(),
            algo,
            &mut Limits {
                max_states: 20,
                ..Limits::default()
            },
        );
        assert_eq!(r.outcome, Outcome::LimitReached, "{algo:?}");
        assert!(r.stats.stored <= 30, "{algo:?}: {}", r.stats.stored);
    }
}

#[test]
fn a_depth_limit_stops_bfs_and_iddfs() {
    let m = open_field();
    for r in [
        bfs(
            &m,
            &mut Limits {
                max_depth: 10,
                ..Limits::default()
            },
        ),
        iddfs(
            &m,
            &mut Limits {
                max_depth: 10,
                ..Limits::default()
            },
        ),
    ] {
        assert_eq!(r.outcome, Outcome::LimitReached);
    }
}

#[test]
fn a_set_cancel_flag_stops_every_algorithm() {
    let cancel = AtomicBool::new(true);
    for algo in Algorithm::ALL {
        let r = run(
            &open_field(),
            algo,
            &mut Limits {
                cancel: Some(&cancel),
                check_every: 1,
                ..Limits::default()
            },
        );
        assert_eq!(r.outcome, Outcome::Cancelled, "{algo:?}");
        assert_eq!(r.stats.expanded, 1, "{algo:?}");
    }
}

#[test]
fn progress_is_reported_and_the_trace_is_bounded() {
    let calls = Cell::new(0);
    let mut on_progress = |_: &gridlab::search::Stats| calls.set(calls.get() + 1);
    let r = bfs(
        &open_field(),
        &mut Limits {
            check_every: 100,
            trace_limit: 50,
            progress: Some(&mut on_progress),
            ..Limits::default()
        },
    );
    assert_eq!(r.outcome, Outcome::Found);
    assert_eq!(r.plan.len(), 58);
    assert_eq!(calls.get() as u64, r.stats.expanded / 100);
    assert_eq!(r.trace.events.len(), 50);
    assert!(r.trace.truncated);
    // The first events: the start generated, then expanded, then its neighbours generated.
    assert_eq!(r.trace.events[0], Trace::GENERATED);
    assert_eq!(r.trace.events[1], 0);
    assert_eq!(r.trace.events[2], 1 | Trace::GENERATED);
}

#[test]
fn statistics_add_up() {
    let m = open_field();
    for r in [
        astar(&m, &mut Limits::default()),
        greedy(&m, &mut Limits::default()),
        bfs(&m, &mut Limits::default()),
    ] {
        assert_eq!(r.outcome, Outcome::Found);
        assert!(r.stats.generated >= r.stats.duplicates + r.stats.stored - 1);
        assert!(r.stats.peak_frontier >= 1);
    }
    // A* with an exact heuristic on an open field expands only the 58 states of one
    // path before it takes the goal from the open list.
    assert_eq!(astar(&m, &mut Limits::default()).stats.expanded, 58);
}

/// An endless plane of 64-byte states with no goal: only a limit stops a search.
struct Plane;

impl Problem for Plane {
    type State = (i64, i64, [u64; 6]);
    type Action = u8;
    fn start(&self) -> Self::State {
        (0, 0, [0; 6])
    }
    fn is_goal(&self, _: &Self::State) -> bool {
        false
    }
    fn successors(&self, s: &Self::State, out: &mut Vec<(u8, Self::State, u32)>) {
        for (k, (dx, dy)) in [(1, 0), (-1, 0), (0, 1), (0, -1)].into_iter().enumerate() {
            out.push((k as u8, (s.0 + dx, s.1 + dy, s.2), 1));
        }
    }
    fn heuristic(&self, s: &Self::State) -> u32 {
        (s.0.unsigned_abs() + s.1.unsigned_abs()) as u32 % 3
    }
}

/// A memory budget stops every search with "limit reached" well before its state
/// limit, and the states it stored fit the budget at 64+ bytes each.
#[test]
fn every_search_stops_at_its_memory_budget() {
    for algorithm in Algorithm::ALL {
        let mut limits = Limits {
            max_states: usize::MAX,
            max_memory: 1 << 20,
            max_depth: 100_000,
            ..Limits::default()
        };
        let r = run(&Plane, algorithm, &mut limits);
        assert_eq!(r.outcome, Outcome::LimitReached, "{algorithm:?}");
        if algorithm == Algorithm::Bibfs {
            // The plane cannot be searched backwards: refused at once, with the reason.
            assert_eq!(r.stats.stored, 1);
            assert!(r
                .note
                .unwrap()
                .starts_with("bidirectional search needs moves that can be reversed"));
            continue;
        }
        let stored = r.stats.stored as usize;
        assert!(stored > 1_000, "{algorithm:?}: {stored}");
        assert!(stored * 64 <= 1 << 20, "{algorithm:?}: {stored} states");
    }
}
