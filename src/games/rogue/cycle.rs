//! The coursework's rogue: find cycles that contain a corridor, reach one ahead of
//! the monster and run around it; otherwise flee as the naive rogue does.

use super::level::{Dungeon, Site};
use super::strategy::{distances, NaiveRogue, Player};
use crate::grid::Pos;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;

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
        CycleRogue { cycles, neighbours }
    }

    /// The cycles, each as its sites in order around it.
    pub fn cycles(&self) -> &[Vec<Pos>] {
        &self.cycles
    }

    /// The move from `rogue` with the monster at `monster`.
    fn choose(&self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Pos {
        let n = dungeon.size();
        let index = |p: Pos| p.row * n + p.col;
        let from_monster = distances(dungeon, monster);
        // A site the rogue enters is safe if the monster cannot reach it in its reply.
        let safe = |p: Pos| from_monster[index(p)] >= 2;
        if let Some(around) = self.neighbours.get(&index(rogue)) {
            let best = around
                .iter()
                .copied()
                .chain([rogue])
                .filter(|&p| safe(p))
                .max_by_key(|&p| (from_monster[index(p)], p != rogue, std::cmp::Reverse(p)));
            if let Some(step) = best {
                return step;
            }
        }
        self.first_step_to_cycle(dungeon, &from_monster, rogue)
            .unwrap_or_else(|| NaiveRogue::choose(dungeon, &from_monster, rogue))
    }

    /// The first step towards the cycle site the rogue reaches with the largest lead
    /// over the monster, along sites the monster cannot reach first.
    fn first_step_to_cycle(
        &self,
        dungeon: &Dungeon,
        from_monster: &[u32],
        rogue: Pos,
    ) -> Option<Pos> {
        let n = dungeon.size();
        let index = |p: Pos| p.row * n + p.col;
        let mut level = vec![u32::MAX; n * n];
        let mut parent = vec![rogue; n * n];
        level[index(rogue)] = 0;
        let mut queue = VecDeque::from([rogue]);
        // (lead, Reverse(level), site)
        let mut best: Option<(u32, std::cmp::Reverse<u32>, Pos)> = None;
        while let Some(p) = queue.pop_front() {
            let k = level[index(p)];
            for q in dungeon.moves(p).into_iter().skip(1) {
                let i = index(q);
                if level[i] != u32::MAX || from_monster[i] <= k + 1 {
                    continue;
                }
                level[i] = k + 1;
                parent[i] = p;
                queue.push_back(q);
                if self.neighbours.contains_key(&i) {
                    let key = (from_monster[i] - (k + 1), std::cmp::Reverse(k + 1), q);
                    if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
                        best = Some(key);
                    }
                }
            }
        }
        let (_, _, mut step) = best?;
        while parent[index(step)] != rogue {
            step = parent[index(step)];
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
    let adjacency: Vec<Vec<u32>> = open
        .iter()
        .map(|&p| {
            dungeon
                .moves(p)
                .into_iter()
                .skip(1)
                .map(|q| id[q.row * n + q.col])
                .collect()
        })
        .collect();
    let corridor = |k: u32| dungeon.sites[open[k as usize]] == Site::Corridor;
    let mut on_cycle = vec![false; open.len()];
    let mut seen: FxHashSet<Vec<u32>> = FxHashSet::default();
    let mut cycles = Vec::new();
    let mut parent = vec![u32::MAX; open.len()];
    let mut touched = Vec::new();
    for u in 0..open.len() as u32 {
        for &v in &adjacency[u as usize] {
            if v < u || !(corridor(u) || corridor(v)) {
                continue;
            }
            if on_cycle[u as usize] && on_cycle[v as usize] {
                continue;
            }
            let Some(path) = path_avoiding_edge(&adjacency, v, u, &mut parent, &mut touched) else {
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

/// A shortest path from `from` to `to` that does not use the edge between them, as
/// site ids from `from` to `to`.
fn path_avoiding_edge(
    adjacency: &[Vec<u32>],
    from: u32,
    to: u32,
    parent: &mut [u32],
    touched: &mut Vec<u32>,
) -> Option<Vec<u32>> {
    for &k in touched.iter() {
        parent[k as usize] = u32::MAX;
    }
    touched.clear();
    parent[from as usize] = from;
    touched.push(from);
    let mut queue = VecDeque::from([from]);
    while let Some(x) = queue.pop_front() {
        for &y in &adjacency[x as usize] {
            if (x == from && y == to) || parent[y as usize] != u32::MAX {
                continue;
            }
            parent[y as usize] = x;
            touched.push(y);
            if y == to {
                let mut path = vec![to];
                let mut k = to;
                while k != from {
                    k = parent[k as usize];
                    path.push(k);
                }
                path.reverse();
                return Some(path);
            }
            queue.push_back(y);
        }
    }
    None
}
