//! The shared grid layer's distances: [`DistanceMap`] agrees with the `pathfinding`
//! crate's `bfs_reach` (the cells reached and their order) and `dijkstra_all` (the
//! distances) on random walled grids, from one start or several; early stops, skipped
//! cells and reuse; `step_toward` and `step_away`.

use gridlab::grid::distance::{step_away, step_toward, DistanceMap, Visit};
use pathfinding::prelude::{bfs_reach, dijkstra_all};
use proptest::prelude::*;
use std::collections::HashMap;

/// A grid of `rows × cols` cells, row-major, `true` for a wall; 4 or 8 neighbours.
#[derive(Clone, Debug)]
struct Walls {
    rows: usize,
    cols: usize,
    wall: Vec<bool>,
    diagonal: bool,
}

impl Walls {
    /// The open neighbours of cell `i`, in a fixed order (N, W, E, S, then the
    /// diagonals NW, NE, SW, SE).
    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (r, c) = ((i / self.cols) as isize, (i % self.cols) as isize);
        let mut steps = vec![(-1, 0), (0, -1), (0, 1), (1, 0)];
        if self.diagonal {
            steps.extend([(-1, -1), (-1, 1), (1, -1), (1, 1)]);
        }
        steps
            .into_iter()
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| {
                r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.cols
            })
            .map(|(r, c)| r as usize * self.cols + c as usize)
            .filter(|&j| !self.wall[j])
            .collect()
    }

    fn len(&self) -> usize {
        self.rows * self.cols
    }
}

/// Random grids up to 24×24 with about `density` walls, and one to three starts
/// (which may be walls: a start is always entered).
fn any_case() -> impl Strategy<Value = (Walls, Vec<usize>)> {
    (1usize..24, 1usize..24, 0.0f64..0.5, any::<bool>()).prop_flat_map(
        |(rows, cols, density, diagonal)| {
            let n = rows * cols;
            (
                proptest::collection::vec(proptest::bool::weighted(density), n).prop_map(
                    move |wall| Walls {
                        rows,
                        cols,
                        wall,
                        diagonal,
                    },
                ),
                proptest::collection::vec(0..n, 1..4),
            )
        },
    )
}

/// `pathfinding`'s distances from several starts: a virtual source (`None`) one move
/// before every start.
fn reference(walls: &Walls, starts: &[usize]) -> HashMap<usize, u32> {
    let successors = |n: &Option<usize>| -> Vec<(Option<usize>, u32)> {
        match n {
            None => starts.iter().map(|&s| (Some(s), 1)).collect(),
            Some(i) => walls
                .neighbours(*i)
                .into_iter()
                .map(|j| (Some(j), 1))
                .collect(),
        }
    };
    dijkstra_all(&None, successors)
        .into_iter()
        .filter_map(|(n, (_, cost))| Some((n?, cost - 1)))
        .collect()
}

/// As [`any_case`], the starts open, so that the neighbours are symmetric.
fn case() -> impl Strategy<Value = (Walls, Vec<usize>)> {
    any_case().prop_map(|(mut walls, starts)| {
        for &s in &starts {
            walls.wall[s] = false;
        }
        (walls, starts)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn distances_match_dijkstra_all((walls, starts) in any_case()) {
        let expected = reference(&walls, &starts);
        let mut map = DistanceMap::<u32>::new(walls.len());
        let reached = map.flood(starts.iter().copied(), |i| walls.neighbours(i));
        prop_assert_eq!(reached, expected.len());
        for i in 0..walls.len() {
            prop_assert_eq!(map.get(i), expected.get(&i).copied(), "cell {}", i);
            prop_assert_eq!(map.is_reached(i), expected.contains_key(&i));
        }
        // The narrower types agree where the distances fit.
        let mut small = DistanceMap::<u8>::new(walls.len());
        small.flood(starts.iter().copied(), |i| walls.neighbours(i));
        let as_u32: Vec<Option<u32>> = (0..walls.len()).map(|i| small.get(i).map(u32::from)).collect();
        let wide: Vec<Option<u32>> = (0..walls.len()).map(|i| map.get(i)).collect();
        prop_assert_eq!(as_u32, wide);
    }

    #[test]
    fn reached_order_matches_bfs_reach((walls, starts) in any_case()) {
        let expected: Vec<usize> = bfs_reach(None, |n: &Option<usize>| -> Vec<Option<usize>> {
            match n {
                None => starts.iter().map(|&s| Some(s)).collect(),
                Some(i) => walls.neighbours(*i).into_iter().map(Some).collect(),
            }
        })
        .flatten()
        .collect();
        let mut map = DistanceMap::<u16>::new(walls.len());
        map.flood(starts.iter().copied(), |i| walls.neighbours(i));
        prop_assert_eq!(map.reached().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn skipping_a_cell_is_walling_it((walls, starts) in case(), extra in proptest::collection::vec(any::<bool>(), 576)) {
        // Cells of `extra` refused by the visit behave as walls (starts excepted).
        let blocked = |i: usize| extra[i] && !starts.contains(&i);
        let mut walled = walls.clone();
        for i in 0..walls.len() {
            walled.wall[i] |= blocked(i);
        }
        let mut map = DistanceMap::<u32>::new(walls.len());
        map.fill(starts.iter().copied(), |i| walls.neighbours(i), |i, _| {
            if blocked(i) { Visit::Skip } else { Visit::Enter }
        });
        let expected = reference(&walled, &starts);
        for i in 0..walls.len() {
            prop_assert_eq!(map.get(i), expected.get(&i).copied(), "cell {}", i);
        }
    }

    #[test]
    fn a_stop_keeps_exact_distances((walls, starts) in case(), target in any::<prop::sample::Index>()) {
        let target = target.index(walls.len());
        let expected = reference(&walls, &starts);
        let mut map = DistanceMap::<u32>::new(walls.len());
        let stop = map.fill(starts.iter().copied(), |i| walls.neighbours(i), |i, _| {
            if i == target { Visit::Stop } else { Visit::Enter }
        });
        let found = expected.contains_key(&target) && !starts.contains(&target);
        prop_assert_eq!(stop, found.then_some(target));
        // Whatever was reached has its true distance, and nothing farther than the
        // target was expanded past.
        for i in map.reached() {
            prop_assert_eq!(map.get(i), expected.get(&i).copied());
            if found {
                prop_assert!(map.get(i) <= Some(expected[&target]));
            }
        }
    }

    #[test]
    fn a_reused_map_matches_a_fresh_one(cases in proptest::collection::vec(case(), 1..5)) {
        let mut reused = DistanceMap::<u16>::new(0);
        for (walls, starts) in &cases {
            reused.resize(walls.len());
            reused.flood(starts.iter().copied(), |i| walls.neighbours(i));
            let mut fresh = DistanceMap::<u16>::new(walls.len());
            fresh.flood(starts.iter().copied(), |i| walls.neighbours(i));
            prop_assert_eq!(reused.cells(), fresh.cells());
            prop_assert_eq!(reused.reached().collect::<Vec<_>>(), fresh.reached().collect::<Vec<_>>());
        }
        reused.reset();
        prop_assert!(reused.cells().iter().all(|&d| d == u16::MAX));
    }

    #[test]
    fn step_toward_strictly_descends_to_a_start((walls, starts) in case()) {
        let mut map = DistanceMap::<u32>::new(walls.len());
        map.flood(starts.iter().copied(), |i| walls.neighbours(i));
        for from in 0..walls.len() {
            let step = step_toward(&map, from, walls.neighbours(from));
            match map.get(from) {
                None | Some(0) => prop_assert_eq!(step, None),
                Some(d) => {
                    let next = step.expect("a reached cell away from the starts has a way back");
                    prop_assert_eq!(map.get(next), Some(d - 1));
                    // The first such neighbour in the given order.
                    let first = walls.neighbours(from).into_iter().find(|&n| map.get(n) == Some(d - 1));
                    prop_assert_eq!(Some(next), first);
                }
            }
        }
        // Followed from any reached cell, it reaches a start in exactly its distance.
        for from in map.reached() {
            let (mut at, mut moves) = (from, 0);
            while let Some(next) = step_toward(&map, at, walls.neighbours(at)) {
                at = next;
                moves += 1;
            }
            prop_assert!(starts.contains(&at));
            prop_assert_eq!(Some(moves), map.get(from));
        }
    }

    #[test]
    fn step_away_strictly_ascends((walls, starts) in case()) {
        let mut map = DistanceMap::<u32>::new(walls.len());
        map.flood(starts.iter().copied(), |i| walls.neighbours(i));
        for from in 0..walls.len() {
            let step = step_away(&map, from, walls.neighbours(from));
            let Some(d) = map.get(from) else {
                prop_assert_eq!(step, None);
                continue;
            };
            let farther: Vec<usize> = walls
                .neighbours(from)
                .into_iter()
                .filter(|&n| map.get(n).is_some_and(|e| e > d))
                .collect();
            prop_assert_eq!(step, farther.first().copied());
            if let Some(next) = step {
                // Neighbours are symmetric here, so one move farther is exactly one more.
                prop_assert_eq!(map.get(next), Some(d + 1));
            }
        }
    }
}

#[test]
fn a_stop_at_a_start_is_not_reported() {
    let walls = Walls {
        rows: 1,
        cols: 3,
        wall: vec![false; 3],
        diagonal: false,
    };
    let mut map = DistanceMap::<u8>::new(3);
    let stop = map.fill(
        [0],
        |i| walls.neighbours(i),
        |i, _| {
            if i == 0 {
                Visit::Stop
            } else {
                Visit::Enter
            }
        },
    );
    assert_eq!(stop, None);
    assert_eq!(map.cells(), [0, 1, 2]);
}
