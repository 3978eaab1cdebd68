//! The slide graph of a level, computed once: every cell where Pengu can come to rest,
//! and for each of them and each direction where the slide ends and which fish it
//! passes. Fish never change how Pengu slides, so this graph is the same all game.

use super::level::{Level, Tile};
use super::rules::{slide, SlideEnd};
use crate::grid::Dir;
use crate::search::Table;
use std::collections::VecDeque;

/// `Edge::to` of a move into an adjacent wall.
pub const BLOCKED: u32 = u32::MAX;
/// `Edge::to` of a move that ends on a hazard.
pub const DIES: u32 = u32::MAX - 1;

/// Why [`SlideGraph::bounded`] gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphLimit {
    /// More rest positions than the limit: the count reached.
    Positions(usize),
    /// The graph's tables would pass this many bytes.
    Memory(usize),
}

impl std::fmt::Display for GraphLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GraphLimit::Positions(found) => write!(f, "more than {found} rest cells"),
            GraphLimit::Memory(bytes) => write!(
                f,
                "memory limit of {} MiB reached by the field's slide graph",
                bytes >> 20
            ),
        }
    }
}

/// One move from a rest position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The position id where the slide stops, or [`BLOCKED`] / [`DIES`].
    pub to: u32,
    /// The fish passed are `SlideGraph::covers[cover_start..cover_end]`.
    pub cover_start: u32,
    /// End of the range of fish passed.
    pub cover_end: u32,
}

/// Rest positions reachable from the start and the moves between them.
///
/// ```
/// use gridlab::games::pengu::{Level, SlideGraph};
/// let level = Level::parse("4 5\n#####\n#P* #\n#  *#\n#####").unwrap();
/// let graph = SlideGraph::new(&level);
/// assert_eq!(graph.fish_cells.len(), 2);
/// assert!(graph.positions() >= 2);
/// assert!(graph.coverable().iter().all(|&c| c));
/// ```
#[derive(Clone, Debug)]
pub struct SlideGraph {
    /// Grid cell index of each position id (id 0 is the start).
    pub cells: Vec<u32>,
    /// Eight edges per position, in [`Dir::ALL`] order: `edges[id * 8 + dir.index()]`.
    pub edges: Vec<Edge>,
    /// Fish ids passed by the edges, flattened.
    pub covers: Vec<u32>,
    /// Grid cell index of each fish id (fish are numbered in row-major order).
    pub fish_cells: Vec<u32>,
    /// The field's width: cell index `i` is row `i / cols`, column `i % cols`.
    pub cols: usize,
}

impl SlideGraph {
    /// Explore every position reachable from the level's start. Time and memory are
    /// linear in the field size times the average slide length.
    pub fn new(level: &Level) -> SlideGraph {
        Self::with_limit(level, usize::MAX).expect("no limit")
    }

    /// Like [`SlideGraph::new`], but gives up (with the count reached) once more than
    /// `max_positions` rest positions are found, so that huge fields fail fast
    /// instead of exhausting memory.
    ///
    /// ```
    /// use gridlab::games::pengu::{Level, SlideGraph};
    /// let level = Level::parse("4 4\n####\n#P0#\n#00#\n####").unwrap();
    /// assert!(SlideGraph::with_limit(&level, 2).is_err());
    /// assert_eq!(SlideGraph::with_limit(&level, 4).unwrap().positions(), 4);
    /// ```
    pub fn with_limit(level: &Level, max_positions: usize) -> Result<SlideGraph, usize> {
        Self::bounded(level, max_positions, usize::MAX).map_err(|e| match e {
            GraphLimit::Positions(found) => found,
            GraphLimit::Memory(_) => unreachable!("no memory budget"),
        })
    }

    /// Like [`SlideGraph::with_limit`], and the graph's tables (with the field's two
    /// cell maps) take at most `max_memory` bytes (see [`crate::search::Table`]).
    ///
    /// ```
    /// use gridlab::games::pengu::{GraphLimit, Level, SlideGraph};
    /// let level = Level::parse("4 4\n####\n#P0#\n#00#\n####").unwrap();
    /// assert_eq!(SlideGraph::bounded(&level, 2, 1 << 20).unwrap_err(), GraphLimit::Positions(3));
    /// assert!(matches!(SlideGraph::bounded(&level, 4, 200), Err(GraphLimit::Memory(200))));
    /// assert_eq!(SlideGraph::bounded(&level, 4, 1 << 20).unwrap().positions(), 4);
    /// ```
    pub fn bounded(
        level: &Level,
        max_positions: usize,
        max_memory: usize,
    ) -> Result<SlideGraph, GraphLimit> {
        let tiles = &level.tiles;
        // The two cell maps below.
        let maps = tiles.len().saturating_mul(8);
        if maps > max_memory {
            return Err(GraphLimit::Memory(max_memory));
        }
        let mut fish_id = vec![u32::MAX; tiles.len()];
        let mut fish_cells: Vec<u32> = Vec::new();
        for (i, &t) in tiles.cells().iter().enumerate() {
            if t == Tile::Fish {
                if !fish_cells.make_room(maps, max_memory) {
                    return Err(GraphLimit::Memory(max_memory));
                }
                fish_id[i] = fish_cells.len() as u32;
                fish_cells.push(i as u32);
            }
        }
        let mut pos_id = vec![u32::MAX; tiles.len()];
        let start = tiles.index_of(level.start);
        pos_id[start] = 0;
        let mut cells = vec![start as u32];
        let mut edges: Vec<Edge> = Vec::new();
        let mut covers: Vec<u32> = Vec::new();
        // Not a DistanceMap search: it numbers rest positions as it finds them and
        // records every slide's edge and fish, with no distances to keep.
        let mut queue = VecDeque::from([start]);
        while let Some(cell) = queue.pop_front() {
            let fixed = maps + fish_cells.bytes() + queue.capacity() * 8;
            for dir in Dir::ALL {
                if !edges.make_room(fixed + cells.bytes() + covers.bytes(), max_memory) {
                    return Err(GraphLimit::Memory(max_memory));
                }
                let cover_start = covers.len() as u32;
                let others = fixed + cells.bytes() + edges.bytes();
                let mut full = false;
                let end = slide(tiles, tiles.pos_of(cell), dir, |p| {
                    let f = fish_id[tiles.index_of(p)];
                    if f != u32::MAX && !full {
                        full = !covers.make_room(others, max_memory);
                        if !full {
                            covers.push(f);
                        }
                    }
                });
                if full {
                    return Err(GraphLimit::Memory(max_memory));
                }
                let to = match end {
                    SlideEnd::Blocked => BLOCKED,
                    SlideEnd::Dies(_) => DIES,
                    SlideEnd::Stops(p) => {
                        let i = tiles.index_of(p);
                        if pos_id[i] == u32::MAX {
                            if cells.len() >= max_positions {
                                return Err(GraphLimit::Positions(cells.len() + 1));
                            }
                            if !cells.make_room(fixed + edges.bytes() + covers.bytes(), max_memory)
                            {
                                return Err(GraphLimit::Memory(max_memory));
                            }
                            pos_id[i] = cells.len() as u32;
                            cells.push(i as u32);
                            queue.push_back(i);
                        }
                        pos_id[i]
                    }
                };
                edges.push(Edge {
                    to,
                    cover_start,
                    cover_end: covers.len() as u32,
                });
            }
        }
        Ok(SlideGraph {
            cells,
            edges,
            covers,
            fish_cells,
            cols: tiles.cols(),
        })
    }

    /// Bytes the graph's tables hold.
    pub fn bytes(&self) -> usize {
        self.cells.bytes() + self.edges.bytes() + self.covers.bytes() + self.fish_cells.bytes()
    }

    /// Number of rest positions.
    pub fn positions(&self) -> usize {
        self.cells.len()
    }

    /// The edge from position `id` in direction `dir`.
    pub fn edge(&self, id: usize, dir: Dir) -> Edge {
        self.edges[id * 8 + dir.index()]
    }

    /// The fish ids passed by `edge`.
    pub fn cover(&self, edge: Edge) -> &[u32] {
        &self.covers[edge.cover_start as usize..edge.cover_end as usize]
    }

    /// The cells a surviving slide from position `id` covers (every cell Pengu enters,
    /// the last included; a diagonal step is one cell): at least 1, as a move into an
    /// adjacent wall is not a move.
    ///
    /// ```
    /// use gridlab::games::pengu::{Level, SlideGraph};
    /// use gridlab::grid::Dir;
    /// let level = Level::parse("4 6\n######\n#P   #\n#    #\n######").unwrap();
    /// let graph = SlideGraph::new(&level);
    /// assert_eq!(graph.cells_slid(0, graph.edge(0, Dir::E)), 3);
    /// assert_eq!(graph.cells_slid(0, graph.edge(0, Dir::SE)), 1);
    /// ```
    pub fn cells_slid(&self, id: usize, edge: Edge) -> u32 {
        let (a, b) = (
            self.cells[id] as usize,
            self.cells[edge.to as usize] as usize,
        );
        let (ra, ca, rb, cb) = (a / self.cols, a % self.cols, b / self.cols, b % self.cols);
        ra.abs_diff(rb).max(ca.abs_diff(cb)) as u32
    }

    /// Whether `edge` ends with Pengu alive.
    pub fn is_alive(edge: Edge) -> bool {
        edge.to < DIES
    }

    /// For each fish, whether some move that Pengu survives passes it.
    pub fn coverable(&self) -> Vec<bool> {
        let mut ok = vec![false; self.fish_cells.len()];
        for &e in self.edges.iter().filter(|&&e| Self::is_alive(e)) {
            for &f in self.cover(e) {
                ok[f as usize] = true;
            }
        }
        ok
    }

    /// The surviving moves into every position, as compressed rows of edge indices:
    /// `edges[start[p]..start[p + 1]]` (an edge `e` leaves position `e / 8`).
    pub fn edges_into(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.positions();
        let mut start = vec![0u32; n + 1];
        for e in self.edges.iter().filter(|&&e| Self::is_alive(e)) {
            start[e.to as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut into = vec![0u32; start[n] as usize];
        for (i, e) in self.edges.iter().enumerate() {
            if Self::is_alive(*e) {
                let slot = &mut fill[e.to as usize];
                into[*slot as usize] = i as u32;
                *slot += 1;
            }
        }
        (start, into)
    }

    /// Predecessors of every position along surviving moves (compressed rows).
    pub fn reverse_adjacency(&self) -> (Vec<u32>, Vec<u32>) {
        let (start, mut into) = self.edges_into();
        for e in &mut into {
            *e /= 8;
        }
        (start, into)
    }
}
