//! The exact solution of Rogue by backward induction over (monster site, rogue site,
//! side to move): for every state, whether the monster can force a capture and in how
//! many monster moves, or whether the rogue survives forever.

use super::level::Dungeon;
use crate::grid::Pos;
use serde::Serialize;
use std::collections::VecDeque;

/// The analysis of a start position in numbers (what `rogue analyze --json` prints).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Open sites.
    pub sites: usize,
    /// States solved, 2·sites².
    pub states: usize,
    /// Monster moves to capture from the start under optimal play; `None` when the
    /// rogue survives forever.
    pub value: Option<u32>,
    /// Start pairs of distinct room sites (monster first) that the monster wins.
    pub monster_win_pairs: u64,
    /// All such start pairs.
    pub pairs: u64,
}

/// Value of a state the rogue survives forever.
pub const FOREVER: u32 = u32::MAX;

/// The solved game. Values count the monster's moves until capture under optimal
/// play (the monster captures fastest, the rogue delays longest), or [`FOREVER`].
///
/// ```
/// use gridlab::games::rogue::{Analysis, Dungeon, FOREVER};
/// // An open 3×3 room: the monster corners the rogue.
/// let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
/// let a = Analysis::new(&d);
/// assert_eq!(a.monster_to_move(d.monster, d.rogue), 2);
/// // A ring of corridors around a wall: the rogue runs forever.
/// let d = Dungeon::parse("3\nA + +\n+   +\n+ + @\n").unwrap();
/// assert_eq!(Analysis::new(&d).monster_to_move(d.monster, d.rogue), FOREVER);
/// ```
#[derive(Clone, Debug)]
pub struct Analysis {
    n: usize,
    /// Flat cell index → open-site id (`u32::MAX` for walls).
    id: Vec<u32>,
    /// Open-site id → position.
    pos: Vec<Pos>,
    /// Moves of each open site (staying put first), compressed rows.
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    /// `monster[m * S + r]`: value with the monster to move.
    monster: Vec<u32>,
    /// `rogue[m * S + r]`: value with the rogue to move.
    rogue: Vec<u32>,
}

impl Analysis {
    /// Solve `dungeon` for every pair of sites. Time and memory are linear in the
    /// number of states, 2·S² for S open sites.
    pub fn new(dungeon: &Dungeon) -> Analysis {
        let n = dungeon.size();
        let mut id = vec![u32::MAX; n * n];
        let mut pos = Vec::new();
        for (i, &site) in dungeon.sites.cells().iter().enumerate() {
            if site != super::level::Site::Wall {
                id[i] = pos.len() as u32;
                pos.push(dungeon.sites.pos_of(i));
            }
        }
        let mut adj_start = vec![0u32];
        let mut adj = Vec::new();
        for &p in &pos {
            adj.extend(dungeon.moves(p).into_iter().map(|q| id[q.row * n + q.col]));
            adj_start.push(adj.len() as u32);
        }
        let mut analysis = Analysis {
            n,
            id,
            pos,
            adj_start,
            adj,
            monster: Vec::new(),
            rogue: Vec::new(),
        };
        analysis.solve();
        analysis
    }

    /// Number of open sites.
    pub fn sites(&self) -> usize {
        self.pos.len()
    }

    fn moves_of(&self, s: u32) -> &[u32] {
        &self.adj[self.adj_start[s as usize] as usize..self.adj_start[s as usize + 1] as usize]
    }

    /// Retrograde analysis in order of increasing value: a monster state is decided by
    /// its first decided successor (the fastest capture), a rogue state when all its
    /// successors are (the longest delay).
    fn solve(&mut self) {
        let s = self.sites();
        let mut monster = vec![FOREVER; s * s];
        let mut rogue = vec![FOREVER; s * s];
        let mut open_moves: Vec<u8> = vec![0; s * s];
        let mut longest = vec![0u32; s * s];
        let mut queue: VecDeque<(u32, u32)> = VecDeque::new();
        for m in 0..s as u32 {
            for r in 0..s as u32 {
                if m == r {
                    continue;
                }
                let i = m as usize * s + r as usize;
                // A rogue move onto the monster is decided: captured, 0 more moves.
                let onto_monster = self.moves_of(r).contains(&m) as u8;
                open_moves[i] = self.moves_of(r).len() as u8 - onto_monster;
                if self.moves_of(m).contains(&r) {
                    monster[i] = 1;
                    queue.push_back((m, r));
                }
            }
        }
        while let Some((m, r2)) = queue.pop_front() {
            let v = monster[m as usize * s + r2 as usize];
            // Rogue states (m, r) whose move r → r2 leads to this monster state.
            for &r in self.moves_of(r2) {
                let i = m as usize * s + r as usize;
                if r == m || rogue[i] != FOREVER || open_moves[i] == 0 {
                    continue;
                }
                open_moves[i] -= 1;
                longest[i] = longest[i].max(v);
                if open_moves[i] > 0 {
                    continue;
                }
                rogue[i] = longest[i];
                // Monster states (m0, r) whose move m0 → m leads to it.
                for &m0 in self.moves_of(m) {
                    let j = m0 as usize * s + r as usize;
                    if m0 != r && monster[j] == FOREVER {
                        monster[j] = rogue[i] + 1;
                        queue.push_back((m0, r));
                    }
                }
            }
        }
        self.monster = monster;
        self.rogue = rogue;
    }

    fn site(&self, p: Pos) -> Option<u32> {
        (p.row < self.n && p.col < self.n)
            .then(|| self.id[p.row * self.n + p.col])
            .filter(|&i| i != u32::MAX)
    }

    /// Monster moves to capture with the monster to move (0 if they already share a
    /// site), or [`FOREVER`]; [`FOREVER`] too for a wall.
    pub fn monster_to_move(&self, monster: Pos, rogue: Pos) -> u32 {
        match (self.site(monster), self.site(rogue)) {
            (Some(m), Some(r)) if m == r => 0,
            (Some(m), Some(r)) => self.monster[m as usize * self.sites() + r as usize],
            _ => FOREVER,
        }
    }

    /// Monster moves to capture with the rogue to move, or [`FOREVER`].
    pub fn rogue_to_move(&self, monster: Pos, rogue: Pos) -> u32 {
        match (self.site(monster), self.site(rogue)) {
            (Some(m), Some(r)) if m == r => 0,
            (Some(m), Some(r)) => self.rogue[m as usize * self.sites() + r as usize],
            _ => FOREVER,
        }
    }

    /// The value after the monster moves to `to` (0 if it lands on the rogue).
    fn after_monster(&self, to: Pos, rogue: Pos) -> u32 {
        if to == rogue {
            0
        } else {
            self.rogue_to_move(to, rogue)
        }
    }

    /// The value after the rogue moves to `to` (0 if it steps onto the monster).
    fn after_rogue(&self, monster: Pos, to: Pos) -> u32 {
        if to == monster {
            0
        } else {
            self.monster_to_move(monster, to)
        }
    }

    /// The monster's optimal moves: those that capture fastest (every move when the
    /// rogue survives anyway).
    pub fn best_monster_moves(&self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Vec<Pos> {
        let moves = dungeon.moves(monster);
        let best = moves.iter().map(|&m| self.after_monster(m, rogue)).min();
        moves
            .into_iter()
            .filter(|&m| Some(self.after_monster(m, rogue)) == best)
            .collect()
    }

    /// The rogue's optimal moves: those that survive forever, else those that delay
    /// the capture longest.
    pub fn best_rogue_moves(&self, dungeon: &Dungeon, monster: Pos, rogue: Pos) -> Vec<Pos> {
        let moves = dungeon.moves(rogue);
        let best = moves.iter().map(|&r| self.after_rogue(monster, r)).max();
        moves
            .into_iter()
            .filter(|&r| Some(self.after_rogue(monster, r)) == best)
            .collect()
    }

    /// The start position's verdict and the counts, for reports.
    pub fn summary(&self, dungeon: &Dungeon) -> Summary {
        let value = self.monster_to_move(dungeon.monster, dungeon.rogue);
        let (monster_win_pairs, pairs) = self.monster_win_pairs(dungeon);
        Summary {
            sites: self.sites(),
            states: 2 * self.sites() * self.sites(),
            value: (value != FOREVER).then_some(value),
            monster_win_pairs,
            pairs,
        }
    }

    /// Of all ordered pairs of distinct room sites as start positions (monster to
    /// move), how many the monster wins, and how many pairs there are.
    pub fn monster_win_pairs(&self, dungeon: &Dungeon) -> (u64, u64) {
        let rooms: Vec<Pos> = self
            .pos
            .iter()
            .copied()
            .filter(|&p| dungeon.sites[p] == super::level::Site::Room)
            .collect();
        let (mut wins, mut total) = (0, 0);
        for &m in &rooms {
            for &r in &rooms {
                if m != r {
                    total += 1;
                    wins += u64::from(self.monster_to_move(m, r) != FOREVER);
                }
            }
        }
        (wins, total)
    }
}
