//! The Arena maze: 16×16 cells with thin walls on their edges, seeded: every cell
//! reachable from the centre, no dead ends, an open 2×2 hub in the middle.
//!
//! Arena keeps its own cell and direction types rather than [`crate::grid`]'s `Pos`
//! and `Dir`: its walls are thin walls between cells (a mask of open sides per cell,
//! not wall cells), it moves in four [`Heading`]s whose order (up, right, down, left)
//! and letters are those of its wire protocol, and its cells are `y * 16 + x` with
//! positions in points `(x, y)` as the protocol sends them. Its distances use the
//! shared [`DistanceMap`] on those cell indices.

use crate::grid::distance::DistanceMap;
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A compass direction on the maze (y grows downwards, as on screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Heading {
    /// y − 1.
    #[serde(rename = "U")]
    Up,
    /// x + 1.
    #[serde(rename = "R")]
    Right,
    /// y + 1.
    #[serde(rename = "D")]
    Down,
    /// x − 1.
    #[serde(rename = "L")]
    Left,
}

impl Heading {
    /// All four, in the order up, right, down, left.
    pub const ALL: [Heading; 4] = [Heading::Up, Heading::Right, Heading::Down, Heading::Left];

    /// The bit of this side in a cell's open mask.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The opposite heading.
    pub const fn reverse(self) -> Heading {
        match self {
            Heading::Up => Heading::Down,
            Heading::Right => Heading::Left,
            Heading::Down => Heading::Up,
            Heading::Left => Heading::Right,
        }
    }

    /// The unit step (dx, dy).
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Heading::Up => (0, -1),
            Heading::Right => (1, 0),
            Heading::Down => (0, 1),
            Heading::Left => (-1, 0),
        }
    }

    /// The heading's letter: `U R D L`.
    pub const fn letter(self) -> char {
        match self {
            Heading::Up => 'U',
            Heading::Right => 'R',
            Heading::Down => 'D',
            Heading::Left => 'L',
        }
    }
}

/// Cells per side.
pub const SIDE: usize = 16;
/// Points per cell side.
pub const CELL: i32 = 25;
/// The hub's top-left cell; the hub is 2×2.
pub const HUB: usize = SIDE / 2 - 1;

/// A maze: for each cell (row-major, `y * 16 + x`) the mask of its open sides.
///
/// ```
/// use gridlab::games::arena::{Heading, Maze};
/// use rand::SeedableRng;
/// let maze = Maze::generate(&mut rand_pcg::Pcg64Mcg::seed_from_u64(1));
/// assert!((0..256).all(|c| maze.open_sides(c) >= 2), "no dead ends");
/// assert!(maze.is_open(7, 7, Heading::Right) && maze.is_open(7, 6, Heading::Down));
/// assert!(!maze.is_open(0, 0, Heading::Up), "the border is closed");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Maze {
    open: Vec<u8>,
}

impl Maze {
    /// A random maze: a random spanning tree (every cell reachable), the hub and the
    /// ring around it opened, then every dead end opened towards a random neighbour
    /// (preferring another dead end).
    // The spanning tree is a randomised depth-first search, not a distance search: it
    // does not use DistanceMap.
    pub fn generate(rng: &mut impl Rng) -> Maze {
        let mut maze = Maze {
            open: vec![0; SIDE * SIDE],
        };
        // Randomised depth-first search from the centre.
        let start = HUB * SIDE + HUB;
        let mut seen = vec![false; SIDE * SIDE];
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(&cell) = stack.last() {
            let mut options: Vec<(Heading, usize)> = Heading::ALL
                .into_iter()
                .filter_map(|h| maze.neighbour(cell, h).map(|n| (h, n)))
                .filter(|&(_, n)| !seen[n])
                .collect();
            if options.is_empty() {
                stack.pop();
                continue;
            }
            options.shuffle(rng);
            let (h, n) = options[0];
            maze.carve(cell, h);
            seen[n] = true;
            stack.push(n);
        }
        // The hub and the ring of cells around it: no walls in or around the hub.
        for y in HUB - 1..=HUB + 2 {
            for x in HUB - 1..=HUB + 2 {
                let cell = y * SIDE + x;
                let inside = |x: usize, y: usize| {
                    (HUB..=HUB + 1).contains(&x) && (HUB..=HUB + 1).contains(&y)
                };
                for h in Heading::ALL {
                    if let Some(n) = maze.neighbour(cell, h) {
                        let (nx, ny) = (n % SIDE, n / SIDE);
                        if inside(x, y) || inside(nx, ny) {
                            maze.carve(cell, h);
                        }
                    }
                }
            }
        }
        // No dead ends.
        let mut cells: Vec<usize> = (0..SIDE * SIDE).collect();
        cells.shuffle(rng);
        for cell in cells {
            if maze.open_sides(cell) >= 2 {
                continue;
            }
            let mut closed: Vec<(Heading, usize)> = Heading::ALL
                .into_iter()
                .filter(|&h| maze.open[cell] & h.bit() == 0)
                .filter_map(|h| maze.neighbour(cell, h).map(|n| (h, n)))
                .collect();
            closed.shuffle(rng);
            closed.sort_by_key(|&(_, n)| maze.open_sides(n) >= 2);
            if let Some(&(h, _)) = closed.first() {
                maze.carve(cell, h);
            }
        }
        maze
    }

    fn neighbour(&self, cell: usize, h: Heading) -> Option<usize> {
        let (x, y) = ((cell % SIDE) as i32, (cell / SIDE) as i32);
        let (dx, dy) = h.delta();
        let (nx, ny) = (x + dx, y + dy);
        ((0..SIDE as i32).contains(&nx) && (0..SIDE as i32).contains(&ny))
            .then(|| ny as usize * SIDE + nx as usize)
    }

    fn carve(&mut self, cell: usize, h: Heading) {
        if let Some(n) = self.neighbour(cell, h) {
            self.open[cell] |= h.bit();
            self.open[n] |= h.reverse().bit();
        }
    }

    /// The open-side mask of a cell (bits: up 1, right 2, down 4, left 8).
    pub fn mask(&self, cell: usize) -> u8 {
        self.open[cell]
    }

    /// The masks of all cells, row-major.
    pub fn masks(&self) -> &[u8] {
        &self.open
    }

    /// Number of open sides of a cell.
    pub fn open_sides(&self, cell: usize) -> u32 {
        self.open[cell].count_ones()
    }

    /// Whether the side `h` of cell (x, y) is open.
    pub fn is_open(&self, x: usize, y: usize, h: Heading) -> bool {
        self.open[y * SIDE + x] & h.bit() != 0
    }

    /// Whether a cell is one of the hub's four.
    pub fn in_hub(x: usize, y: usize) -> bool {
        (HUB..=HUB + 1).contains(&x) && (HUB..=HUB + 1).contains(&y)
    }

    /// Maze distances (in cells) from `cell` to every cell.
    pub fn distances_from(&self, cell: usize) -> Vec<u8> {
        let mut dist = DistanceMap::new(SIDE * SIDE);
        self.fill_distances(cell, &mut dist);
        dist.into_vec()
    }

    /// [`Maze::distances_from`] into a reused map.
    pub(super) fn fill_distances(&self, cell: usize, dist: &mut DistanceMap<u8>) {
        dist.flood([cell], |c| {
            Heading::ALL
                .into_iter()
                .filter(move |&h| self.open[c] & h.bit() != 0)
                .filter_map(move |h| self.neighbour(c, h))
        });
    }

    /// The maze as text: `+`, `-` and `|` for walls, 33 lines of 33 characters.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for y in 0..SIDE {
            for x in 0..SIDE {
                out.push('+');
                out.push(if self.is_open(x, y, Heading::Up) {
                    ' '
                } else {
                    '-'
                });
            }
            out.push_str("+\n");
            for x in 0..SIDE {
                out.push(if self.is_open(x, y, Heading::Left) {
                    ' '
                } else {
                    '|'
                });
                out.push(' ');
            }
            out.push_str("|\n");
        }
        for _ in 0..SIDE {
            out.push_str("+-");
        }
        out.push_str("+\n");
        out
    }
}
