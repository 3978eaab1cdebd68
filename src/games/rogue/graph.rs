//! The moves between open sites as a compact graph, for the searches over the whole
//! dungeon: bridges, shortest paths that avoid an edge.

use crate::grid::distance::{DistanceMap, Visit};

/// An undirected graph over ids `0..len` in compressed rows: the neighbours of `u` are
/// `adj[start[u]..start[u + 1]]`, in the order they were given.
pub(super) struct Graph {
    start: Vec<u32>,
    adj: Vec<u32>,
}

impl Graph {
    /// The graph of `len` vertices whose neighbours `neighbours(u, out)` appends to `out`
    /// (every edge both ways, no loops, no repeats).
    pub(super) fn new(len: usize, mut neighbours: impl FnMut(usize, &mut Vec<u32>)) -> Graph {
        let mut start = Vec::with_capacity(len + 1);
        let mut adj = Vec::new();
        start.push(0);
        for u in 0..len {
            neighbours(u, &mut adj);
            start.push(adj.len() as u32);
        }
        Graph { start, adj }
    }

    /// Number of vertices.
    pub(super) fn len(&self) -> usize {
        self.start.len() - 1
    }

    fn range(&self, u: u32) -> std::ops::Range<usize> {
        self.start[u as usize] as usize..self.start[u as usize + 1] as usize
    }

    /// The neighbours of `u`.
    pub(super) fn neighbours(&self, u: u32) -> &[u32] {
        &self.adj[self.range(u)]
    }

    /// The edges out of `u` as (edge index, neighbour).
    pub(super) fn edges(&self, u: u32) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.range(u).map(|e| (e, self.adj[e]))
    }

    /// Whether `u` and `v` have a neighbour in common.
    pub(super) fn common_neighbour(&self, u: u32, v: u32) -> bool {
        let of_v = self.neighbours(v);
        self.neighbours(u).iter().any(|w| of_v.contains(w))
    }

    /// For every edge index, whether the edge is a bridge (on no cycle): Tarjan's
    /// lowpoints by one iterative depth-first search, linear in the graph's size.
    pub(super) fn bridges(&self) -> Vec<bool> {
        const NONE: u32 = u32::MAX;
        let mut bridge = vec![false; self.adj.len()];
        let mut disc = vec![NONE; self.len()];
        let mut low = vec![0u32; self.len()];
        let mut time = 0u32;
        // (vertex, its parent, the next edge index to look at)
        let mut stack: Vec<(u32, u32, usize)> = Vec::new();
        for root in 0..self.len() as u32 {
            if disc[root as usize] != NONE {
                continue;
            }
            disc[root as usize] = time;
            low[root as usize] = time;
            time += 1;
            stack.push((root, NONE, self.range(root).start));
            while let Some(top) = stack.last_mut() {
                let (x, parent, next) = *top;
                if next < self.range(x).end {
                    top.2 += 1;
                    let y = self.adj[next];
                    if y == parent {
                        continue;
                    }
                    if disc[y as usize] == NONE {
                        disc[y as usize] = time;
                        low[y as usize] = time;
                        time += 1;
                        stack.push((y, x, self.range(y).start));
                    } else {
                        low[x as usize] = low[x as usize].min(disc[y as usize]);
                    }
                    continue;
                }
                stack.pop();
                if parent == NONE {
                    continue;
                }
                low[parent as usize] = low[parent as usize].min(low[x as usize]);
                if low[x as usize] > disc[parent as usize] {
                    for (e, w) in self.edges(parent).chain(self.edges(x)) {
                        if w == x || w == parent {
                            bridge[e] = true;
                        }
                    }
                }
            }
        }
        bridge
    }
}

/// Buffers for breadth-first searches on one graph, reset only where they were used.
pub(super) struct Search {
    reached: DistanceMap<u32>,
    parent: Vec<u32>,
}

impl Search {
    /// Buffers for a graph of `len` vertices.
    pub(super) fn new(len: usize) -> Search {
        Search {
            reached: DistanceMap::new(len),
            parent: vec![u32::MAX; len],
        }
    }

    /// A shortest path from `from` to `to` that does not use the edge between them, as
    /// ids from `from` to `to`: the first found by a breadth-first search that takes
    /// the neighbours in their order.
    pub(super) fn path_avoiding_edge(
        &mut self,
        graph: &Graph,
        from: u32,
        to: u32,
    ) -> Option<Vec<u32>> {
        let parent = &mut self.parent;
        let neighbours = |x: usize| {
            graph
                .neighbours(x as u32)
                .iter()
                .filter(move |&&y| !(x == from as usize && y == to))
                .map(|&y| y as usize)
        };
        self.reached
            .fill_with_parent([from as usize], neighbours, |y, x, _| {
                parent[y] = x as u32;
                if y == to as usize {
                    Visit::Stop
                } else {
                    Visit::Enter
                }
            })?;
        let mut path = vec![to];
        let mut k = to;
        while k != from {
            k = self.parent[k as usize];
            path.push(k);
        }
        path.reverse();
        Some(path)
    }
}
