//! Turning a genotype into a playable map: clear both spawns, connect the ghosts'
//! spawn to Pac-Man's, wall up what Pac-Man cannot reach; every changed cell counts as
//! one repair.

use super::pyset::{tuple_hash, PySet};
use crate::error::FieldError;
use crate::games::gpac::agents::GameRng;
use crate::games::gpac::map::{check_size, Cell, Map, FAR};
use crate::games::tools::Host;
use crate::grid::distance::DistanceMap;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// A repaired map and how many cells the repair changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repaired {
    /// The playable map: both spawns open, every open cell reachable from Pac-Man's.
    pub map: Map,
    /// Cells changed.
    pub repairs: u32,
}

/// Which pair of cells the repair joins when the spawns are cut apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pairing {
    /// As the framework's `repair_map` does (the default): its loop never lowers its
    /// best distance, so it keeps the *last* pair, in CPython's set iteration order,
    /// that is closer (Manhattan) than the two spawns are.
    #[default]
    Framework,
    /// What the framework means to do: the closest pair (Manhattan), ties to the
    /// lowest cells. Fewer repairs, but not the course's maps.
    Closest,
}

crate::names!(Pairing, "repair", {
    Pairing::Framework => "framework",
    Pairing::Closest => "closest",
});

/// Repair a map as the course's `repair_map` does:
/// 1. open both spawn cells;
/// 2. if the ghosts' spawn is not reachable from Pac-Man's, take a pair of cells, one
///    reachable from each spawn (see [`Pairing::Framework`]: the same genotype gives
///    the framework's map), and open the outline of the rectangle they span (both
///    L-shaped paths between them);
/// 3. wall up every open cell Pac-Man cannot reach.
///
/// ```
/// use gridlab::games::gpac::{repair, repair_with, Map, Pairing};
/// // A wall column cuts the ghosts off; the spawns are walls too.
/// let m = Map::parse("3 3\n##~\n~#~\n~##\n").unwrap();
/// let r = repair(&m);
/// // What fitness.repair_map makes of it (checked with the framework).
/// assert_eq!(r.map.to_text(), "3 3\n~#~\n~~~\n~~~\n");
/// assert_eq!(r.repairs, 4);
/// // Joining the closest pair opens one cell fewer.
/// let closest = repair_with(&m, Pairing::Closest);
/// assert_eq!(closest.map.to_text(), "3 3\n~#~\n~#~\n~~~\n");
/// assert_eq!(closest.repairs, 3);
/// ```
pub fn repair(map: &Map) -> Repaired {
    repair_with(map, Pairing::Framework)
}

/// Repair a map, joining the spawns as `pairing` says.
pub fn repair_with(map: &Map, pairing: Pairing) -> Repaired {
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
        let (p, q) = match pairing {
            Pairing::Framework => framework_pair(&map),
            Pairing::Closest => closest_pair(&map, &from_pac),
        };
        let ((x0, y0), (x1, y1)) = (map.xy(p), map.xy(q));
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

fn manhattan(map: &Map, a: Cell, b: Cell) -> usize {
    let ((ax, ay), (bx, by)) = (map.xy(a), map.xy(b));
    ax.abs_diff(bx) + ay.abs_diff(by)
}

/// The framework's pair: over `list(pac_reachable)` × `list(ghost_reachable)`, the
/// last pair closer than the spawns (or the spawns themselves if none is).
fn framework_pair(map: &Map) -> (Cell, Cell) {
    let (pac, ghost) = (map.pacman_start(), map.ghost_start());
    let spawns = manhattan(map, pac, ghost);
    let from_pac = python_reachable(map, pac);
    let from_ghost = python_reachable(map, ghost);
    for p in from_pac.iter().rev() {
        if let Some(q) = from_ghost
            .iter()
            .rev()
            .find(|&q| manhattan(map, p, q) < spawns)
        {
            return (p, q);
        }
    }
    (pac, ghost)
}

/// `reachable_cells`: the set a BFS from `start` fills (neighbours down, right, up,
/// left), in CPython's layout.
fn python_reachable(map: &Map, start: Cell) -> PySet<Cell> {
    let key = |c: Cell| {
        let (x, y) = map.xy(c);
        tuple_hash(x as u64, y as u64)
    };
    let (w, h) = (map.width(), map.height());
    let mut seen = DistanceMap::<u32>::new(map.len());
    seen.flood([start as usize], |c| {
        let (x, y) = map.xy(c as Cell);
        let around = [
            (y > 0).then(|| map.cell(x, y.wrapping_sub(1))),
            (x + 1 < w).then(|| map.cell(x + 1, y)),
            (y + 1 < h).then(|| map.cell(x, y + 1)),
            (x > 0).then(|| map.cell(x.wrapping_sub(1), y)),
        ];
        around
            .into_iter()
            .flatten()
            .filter(move |&n| !map.is_wall_cell(n))
            .map(|n| n as usize)
    });
    let mut set = PySet::default();
    for c in seen.reached() {
        set.add(c as Cell, key(c as Cell));
    }
    set
}

/// The closest pair (Manhattan), ties to the lowest cells.
fn closest_pair(map: &Map, from_pac: &[u16]) -> (Cell, Cell) {
    let (pac, ghost) = (map.pacman_start(), map.ghost_start());
    let from_ghost = map.distances_from(ghost);
    let reach = |d: &[u16]| -> Vec<Cell> {
        (0..map.len() as Cell)
            .filter(|&c| d[c as usize] != FAR)
            .collect()
    };
    let (a, b) = (reach(from_pac), reach(&from_ghost));
    let mut best = (usize::MAX, pac, ghost);
    for &p in &a {
        for &q in &b {
            let d = manhattan(map, p, q);
            if d < best.0 {
                best = (d, p, q);
            }
        }
    }
    (best.1, best.2)
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

/// [`random_map`] after the checks of its arguments on `host`: the size as
/// [`check_size`] says (field `size`), the density from 0 to 1 (field `density`).
///
/// ```
/// use gridlab::games::gpac::random_map_for;
/// use gridlab::games::tools::Host;
/// assert!(random_map_for(12, 8, 0.3, 1, Host::Browser).is_ok());
/// assert_eq!(random_map_for(12, 8, 1.5, 1, Host::Native).unwrap_err().field, "density");
/// assert_eq!(random_map_for(1, 1, 0.3, 1, Host::Native).unwrap_err().field, "size");
/// ```
pub fn random_map_for(
    width: usize,
    height: usize,
    density: f64,
    seed: u64,
    host: Host,
) -> Result<Map, FieldError> {
    check_size(width, height, host)?;
    FieldError::check_number("density", density, 0.0, 1.0)?;
    Ok(random_map(width, height, density, seed))
}
