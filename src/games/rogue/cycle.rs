//! The coursework's rogue: find cycles that contain a corridor, reach one ahead of
//! the monster and run around it; otherwise flee as the naive rogue does.

use super::graph::{Graph, Search};
use super::level::{Dungeon, Site};
use super::strategy::{bfs, NaiveRogue, Player};
use crate::grid::distance::{DistanceMap, Visit};
use crate::grid::Pos;
use rustc_hash::{FxHashMap, FxHashSet};

/// The `cycle` rogue and the cycles it found.
///
/// A cycle is the shortest cycle through an edge that touches a corridor, kept when it
/// has at least four sites: such a cycle has no chord (a chord would close a shorter
/// cycle through the same edge), so a monster that follows the rogue around it never
/// gains, and the corridor rules out a room's diagonal short cut.
///
/// ```
/// use gridlab::games::rogue::{CycleRogue, Dungeon};
/// let d = Dungeon::parse("4\nA . + +\n. .   +\n+   @ +\n+ + + +\n").unwrap();
/// let rogue = CycleRogue::new(&d);
/// let lengths: Vec<usize> = rogue.cycles().iter().map(Vec::len).collect();
/// assert_eq!(lengths, [7, 7, 4]);
/// ```
#[derive(Clone, Debug)]
pub struct CycleRogue {
    cycles: Vec<Vec<Pos>>,
    /// Cell index → the sites next to it on the cycles through it.
    neighbours: FxHashMap<usize, Vec<Pos>>,
    /// Buffers of the per-move searches, kept between moves.
    from_monster: DistanceMap<u32>,
    level: DistanceMap<u32>,
    parent: Vec<Pos>,
}

impl CycleRogue {
    /// Find the cycles of `dungeon`.
    pub fn new(dungeon: &Dungeon) -> CycleRogue {
        let cycles = find_cycles(dungeon);
        let n = dungeon.size();
        let mut neighbours: FxHashMap<usize, Vec<Pos>> = FxHashMap::default();
        for cycle in &cycles {
            for (i, &p) in cycle.iter().enumerate() {
                let next = cycle[(i + 1) % cycle.len()];
                let prev = cycle[(i + cycle.len() - 1) % cycle.len()];
                let entry = neighbours.entry(p.row * n + p.col).or_default();
                for q in [next, prev] {
                    if !entry.contains(&q) {
                        entry.push(q);
                    }
                }
            }
        }
        CycleRogue {
            cycles,
            neighbours,
            from_monster: DistanceMap::new(0),
            level: DistanceMap::new(0),
            parent: Vec::new(),
        }
    }

    /// The cycles, each as its sites in order around it.
    pub fn cycles(&self) -> &[Vec<Pos>] {
        &self.cycles
    }

    /// The move from `rogue` with the monster at `monster`.
    fn choose(&mut self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Pos {
        let n = dungeon.size();
        let index = |p: Pos| p.row * n + p.col;
        let mut from_monster = std::mem::take(&mut self.from_monster);
        bfs(dungeon, monster, &[], &mut from_monster);
        let from_monster_cells = from_monster.cells();
        // A site the rogue enters is safe if the monster cannot reach it in its reply.
        let safe = |p: Pos| from_monster_cells[index(p)] >= 2;
        let around = self.neighbours.get(&index(rogue)).and_then(|around| {
            around
                .iter()
                .copied()
                .chain([rogue])
                .filter(|&p| safe(p))
                .max_by_key(|&p| {
                    (
                        from_monster_cells[index(p)],
                        p != rogue,
                        std::cmp::Reverse(p),
                    )
                })
        });
        let step = around.unwrap_or_else(|| {
            self.first_step_to_cycle(dungeon, from_monster_cells, rogue)
                .unwrap_or_else(|| NaiveRogue::choose(dungeon, from_monster_cells, rogue))
        });
        self.from_monster = from_monster;
        step
    }

    /// The first step towards the cycle site the rogue reaches with the largest lead
    /// over the monster, along sites the monster cannot reach first.
    fn first_step_to_cycle(
        &mut self,
        dungeon: &Dungeon,
        from_monster: &[u32],
        rogue: Pos,
    ) -> Option<Pos> {
        let n = dungeon.size();
        let index = |p: Pos| p.row * n + p.col;
        let pos = |i: usize| Pos::new(i / n, i % n);
        // The map resets only the entries the last search set.
        if self.level.len() != n * n {
            self.level = DistanceMap::new(n * n);
            self.parent = vec![rogue; n * n];
        }
        // (lead, Reverse(level), site)
        let mut best: Option<(u32, std::cmp::Reverse<u32>, Pos)> = None;
        let (parent, cycle_sites) = (&mut self.parent, &self.neighbours);
        self.level.fill_with_parent(
            [index(rogue)],
            |i| dungeon.steps(pos(i)).map(index),
            |i, from, k| {
                if from_monster[i] <= k {
                    return Visit::Skip;
                }
                parent[i] = pos(from);
                if cycle_sites.contains_key(&i) {
                    let key = (from_monster[i] - k, std::cmp::Reverse(k), pos(i));
                    if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
                        best = Some(key);
                    }
                }
                Visit::Enter
            },
        );
        let (_, _, mut step) = best?;
        while self.parent[index(step)] != rogue {
            step = self.parent[index(step)];
        }
        Some(step)
    }
}

impl Player for CycleRogue {
    fn next_move(&mut self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Pos {
        self.choose(dungeon, monster, rogue)
    }
}

/// The shortest cycle through each edge that touches a corridor, of at least four
/// sites, without repeats; an edge whose two ends already lie on found cycles is
/// skipped, so at most one search per site finds something new.
///
/// Edges without such a cycle are recognised without a search: a bridge (no cycle at
/// all, found by one depth-first search) or an edge whose ends share a neighbour (its
/// shortest cycle is a triangle). What is left are the searches that find a cycle.
fn find_cycles(dungeon: &Dungeon) -> Vec<Vec<Pos>> {
    let n = dungeon.size();
    let open: Vec<Pos> = (0..n * n)
        .map(|i| dungeon.sites.pos_of(i))
        .filter(|&p| dungeon.sites[p] != Site::Wall)
        .collect();
    let mut id = vec![u32::MAX; n * n];
    for (k, p) in open.iter().enumerate() {
        id[p.row * n + p.col] = k as u32;
    }
    let graph = Graph::new(open.len(), |k, out| {
        out.extend(dungeon.steps(open[k]).map(|q| id[q.row * n + q.col]))
    });
    let bridge = graph.bridges();
    let corridor = |k: u32| dungeon.sites[open[k as usize]] == Site::Corridor;
    let mut on_cycle = vec![false; open.len()];
    let mut seen: FxHashSet<Vec<u32>> = FxHashSet::default();
    let mut cycles = Vec::new();
    let mut search = Search::new(open.len());
    for u in 0..open.len() as u32 {
        for (e, v) in graph.edges(u) {
            if v < u || !(corridor(u) || corridor(v)) {
                continue;
            }
            if on_cycle[u as usize] && on_cycle[v as usize] {
                continue;
            }
            // No cycle, or a triangle: the search would find nothing kept.
            if bridge[e] || graph.common_neighbour(u, v) {
                continue;
            }
            let Some(path) = search.path_avoiding_edge(&graph, v, u) else {
                continue;
            };
            if path.len() < 4 {
                continue;
            }
            let mut key = path.clone();
            key.sort_unstable();
            if !seen.insert(key) {
                continue;
            }
            for &k in &path {
                on_cycle[k as usize] = true;
            }
            cycles.push(path.iter().map(|&k| open[k as usize]).collect());
        }
    }
    cycles
}
