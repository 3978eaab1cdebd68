//! Turning a genotype into a playable map: clear both spawns, connect the ghosts'
//! spawn to Pac-Man's, wall up what Pac-Man cannot reach; every changed cell counts as
//! one repair.

use crate::games::gpac::agents::GameRng;
use crate::games::gpac::map::{Cell, Map, FAR};
use rand::{Rng, SeedableRng};

/// A repaired map and how many cells the repair changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repaired {
    /// The playable map: both spawns open, every open cell reachable from Pac-Man's.
    pub map: Map,
    /// Cells changed.
    pub repairs: u32,
}

/// Repair a map as the course's `repair_map` intends:
/// 1. open both spawn cells;
/// 2. if the ghosts' spawn is not reachable from Pac-Man's, take the closest pair
///    (Manhattan; ties to the lowest cells) of a cell reachable from each spawn and
///    open the outline of the rectangle they span (both L-shaped paths between them);
/// 3. wall up every open cell Pac-Man cannot reach.
///
/// (The framework's code never updates its best distance, so it picks some pair
/// closer than the spawns' distance rather than the closest: a bug we do not copy.)
///
/// ```
/// use gridlab::games::gpac::{repair, Map};
/// // A wall column cuts the ghosts off; the spawns are walls too.
/// let m = Map::parse("3 3\n##~\n~#~\n~##\n").unwrap();
/// let r = repair(&m);
/// assert_eq!(r.map.to_text(), "3 3\n~#~\n~#~\n~~~\n");
/// assert_eq!(r.repairs, 3);
/// ```
pub fn repair(map: &Map) -> Repaired {
    let mut map = map.clone();
    let mut repairs = 0;
    let mut open = |map: &mut Map, c: Cell| {
        if map.is_wall_cell(c) {
            map.set_wall(c, false);
            repairs += 1;
        }
    };
    let (pac, ghost) = (map.pacman_start(), map.ghost_start());
    open(&mut map, pac);
    open(&mut map, ghost);
    let from_pac = map.distances_from(pac);
    if from_pac[ghost as usize] == FAR {
        let from_ghost = map.distances_from(ghost);
        let reach = |d: &[u16]| -> Vec<Cell> {
            (0..map.len() as Cell)
                .filter(|&c| d[c as usize] != FAR)
                .collect()
        };
        let (a, b) = (reach(&from_pac), reach(&from_ghost));
        let mut best = (usize::MAX, pac, ghost);
        for &p in &a {
            let (px, py) = map.xy(p);
            for &q in &b {
                let (qx, qy) = map.xy(q);
                let d = px.abs_diff(qx) + py.abs_diff(qy);
                if d < best.0 {
                    best = (d, p, q);
                }
            }
        }
        let ((x0, y0), (x1, y1)) = (map.xy(best.1), map.xy(best.2));
        for x in x0.min(x1)..=x0.max(x1) {
            let (c0, c1) = (map.cell(x, y0), map.cell(x, y1));
            open(&mut map, c0);
            open(&mut map, c1);
        }
        for y in y0.min(y1)..=y0.max(y1) {
            let (c0, c1) = (map.cell(x0, y), map.cell(x1, y));
            open(&mut map, c0);
            open(&mut map, c1);
        }
    }
    let from_pac = map.distances_from(pac);
    for c in 0..map.len() as Cell {
        if !map.is_wall_cell(c) && from_pac[c as usize] == FAR {
            map.set_wall(c, true);
            repairs += 1;
        }
    }
    Repaired { map, repairs }
}

/// A random W×H map: each cell a wall with probability `density`, then repaired. The
/// same seed gives the same map natively and in the browser.
///
/// ```
/// use gridlab::games::gpac::random_map;
/// let m = random_map(12, 8, 0.3, 1);
/// assert_eq!(m, random_map(12, 8, 0.3, 1));
/// assert!(!m.is_wall_cell(m.pacman_start()) && !m.is_wall_cell(m.ghost_start()));
/// ```
pub fn random_map(width: usize, height: usize, density: f64, seed: u64) -> Map {
    let mut rng = GameRng::seed_from_u64(seed ^ 0x6d61_7073);
    let walls = (0..width * height)
        .map(|_| rng.random::<f64>() < density)
        .collect();
    let map = Map::from_walls(width, height, walls).expect("sizes match");
    repair(&map).map
}
