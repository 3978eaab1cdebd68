//! The exact solution of Rogue by backward induction over (monster site, rogue site,
//! side to move): for every state, whether the monster can force a capture and in how
//! many monster moves, or whether the rogue survives forever.

use super::level::Dungeon;
use super::strategy::Side;
use crate::grid::Pos;
use serde::Serialize;

/// The analysis of a start position in numbers (what `rogue analyze --json` prints).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Open sites.
    pub sites: usize,
    /// States solved, 2·sites² (at most [`MAX_STATES`]).
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

/// Most open sites the exact analysis accepts. It solves 2·S² states for S open sites
/// and needs 9 bytes per pair of sites while solving (4 kept afterwards): at this limit
/// 128,000,000 states and at most 576 MB.
pub const MAX_SITES: usize = 8_000;

/// Most open sites the playground solves exactly in a browser tab: 2·3,600² states,
/// at most 233 MB while solving, which a tab's wasm memory affords beside the rest.
pub const BROWSER_MAX_SITES: usize = 3_600;

/// Most states the exact analysis solves: 2·[`MAX_SITES`]².
pub const MAX_STATES: u64 = 2 * (MAX_SITES as u64) * (MAX_SITES as u64);

/// Why a dungeon cannot be analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// More open sites than [`MAX_SITES`].
    #[error(
        "the dungeon has {sites} open sites, {} states (2·S²): the exact analysis handles at \
         most {MAX_SITES} open sites ({MAX_STATES} states); try a smaller dungeon or wall \
         off part of it",
        2 * (*sites as u64) * (*sites as u64)
    )]
    TooLarge {
        /// The dungeon's open sites.
        sites: usize,
    },
    /// The tables did not fit in the memory available.
    #[error("the exact analysis could not allocate {bytes} bytes for {sites} open sites; try a smaller dungeon")]
    OutOfMemory {
        /// The dungeon's open sites.
        sites: usize,
        /// The allocation that failed.
        bytes: u64,
    },
}

/// The solved game. Values count the monster's moves until capture under optimal
/// play (the monster captures fastest, the rogue delays longest), or [`FOREVER`].
///
/// ```
/// use gridlab::games::rogue::{Analysis, Dungeon, FOREVER};
/// // An open 3×3 room: the monster corners the rogue.
/// let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
/// let a = Analysis::new(&d).unwrap();
/// assert_eq!(a.monster_to_move(d.monster, d.rogue), 2);
/// // A ring of corridors around a wall: the rogue runs forever.
/// let d = Dungeon::parse("3\nA + +\n+   +\n+ + @\n").unwrap();
/// assert_eq!(Analysis::new(&d).unwrap().monster_to_move(d.monster, d.rogue), FOREVER);
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
    /// `monster[m * S + r]`: value with the monster to move. The value with the rogue
    /// to move is the largest over the rogue's moves (0 onto the monster).
    monster: Vec<u32>,
}

/// A vector of `len` copies of `value`, or an error instead of aborting when the
/// memory is not there.
fn try_filled<T: Copy>(len: usize, value: T, sites: usize) -> Result<Vec<T>, AnalysisError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| AnalysisError::OutOfMemory {
            sites,
            bytes: len as u64 * std::mem::size_of::<T>() as u64,
        })?;
    v.resize(len, value);
    Ok(v)
}

impl Analysis {
    /// Solve `dungeon` for every pair of sites. Time and memory are linear in the
    /// number of states, 2·S² for S open sites; more than [`MAX_SITES`] open sites is
    /// an error, checked before anything is allocated.
    ///
    /// ```
    /// use gridlab::games::rogue::{Analysis, AnalysisError, Dungeon, MAX_SITES};
    /// let mut text = String::from("100\n");
    /// for row in 0..100 {
    ///     let line = vec!["."; 100].join(" ");
    ///     text.push_str(&line);
    ///     text.push('\n');
    /// }
    /// text.replace_range(4..5, "A");
    /// text.replace_range(6..7, "@");
    /// let d = Dungeon::parse(&text).unwrap();
    /// assert_eq!(Analysis::new(&d).unwrap_err(), AnalysisError::TooLarge { sites: 10_000 });
    /// assert!(10_000 > MAX_SITES);
    /// ```
    pub fn new(dungeon: &Dungeon) -> Result<Analysis, AnalysisError> {
        let sites = Analysis::open_sites(dungeon);
        if sites > MAX_SITES {
            return Err(AnalysisError::TooLarge { sites });
        }
        let n = dungeon.size();
        let mut id = vec![u32::MAX; n * n];
        let mut pos = Vec::with_capacity(sites);
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
        };
        analysis.solve()?;
        Ok(analysis)
    }

    /// The open sites of `dungeon` (what [`MAX_SITES`] limits).
    pub fn open_sites(dungeon: &Dungeon) -> usize {
        dungeon
            .sites
            .cells()
            .iter()
            .filter(|&&s| s != super::level::Site::Wall)
            .count()
    }

    /// Number of open sites.
    pub fn sites(&self) -> usize {
        self.pos.len()
    }

    /// Number of states solved, 2·S².
    pub fn states(&self) -> usize {
        2 * self.sites() * self.sites()
    }

    fn moves_of(&self, s: u32) -> &[u32] {
        &self.adj[self.adj_start[s as usize] as usize..self.adj_start[s as usize + 1] as usize]
    }

    /// Retrograde analysis in order of increasing value: a monster state is decided by
    /// its first decided successor (the fastest capture), a rogue state when all its
    /// successors are (the longest delay: the value of the last one, as values are
    /// decided in increasing order). States are numbered `m * S + r`.
    fn solve(&mut self) -> Result<(), AnalysisError> {
        let s = self.sites();
        let pairs = s * s;
        let mut monster = try_filled(pairs, FOREVER, s)?;
        // Rogue moves (not onto the monster) whose monster state is still undecided; 0
        // once the rogue state is decided.
        let mut open_moves: Vec<u8> = try_filled(pairs, 0, s)?;
        // Not a DistanceMap search: a retrograde analysis over (monster, rogue) states
        // that counts each rogue state's open moves down before deciding it.
        // Every monster state is queued at most once.
        let mut queue: Vec<u32> = Vec::new();
        queue
            .try_reserve_exact(pairs)
            .map_err(|_| AnalysisError::OutOfMemory {
                sites: s,
                bytes: pairs as u64 * 4,
            })?;
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
                    queue.push(i as u32);
                }
            }
        }
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            let i = i as usize;
            let (m, r2) = ((i / s) as u32, (i % s) as u32);
            let v = monster[i];
            // Rogue states (m, r) whose move r → r2 leads to this monster state.
            for &r in self.moves_of(r2) {
                let j = m as usize * s + r as usize;
                if r == m || open_moves[j] == 0 {
                    continue;
                }
                open_moves[j] -= 1;
                if open_moves[j] > 0 {
                    continue;
                }
                // The rogue state is decided with value v; monster states (m0, r)
                // whose move m0 → m leads to it.
                for &m0 in self.moves_of(m) {
                    let k = m0 as usize * s + r as usize;
                    if m0 != r && monster[k] == FOREVER {
                        monster[k] = v + 1;
                        queue.push(k as u32);
                    }
                }
            }
        }
        self.monster = monster;
        Ok(())
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
            (Some(m), Some(r)) => self
                .moves_of(r)
                .iter()
                .map(|&r2| {
                    if r2 == m {
                        0
                    } else {
                        self.monster[m as usize * self.sites() + r2 as usize]
                    }
                })
                .max()
                .unwrap_or(FOREVER),
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

    /// The value of the position with `side` to move: [`Analysis::monster_to_move`]
    /// or [`Analysis::rogue_to_move`].
    pub fn value(&self, side: Side, monster: Pos, rogue: Pos) -> u32 {
        match side {
            Side::Monster => self.monster_to_move(monster, rogue),
            Side::Rogue => self.rogue_to_move(monster, rogue),
        }
    }

    /// The optimal moves of `side`, the side to move: [`Analysis::best_monster_moves`]
    /// or [`Analysis::best_rogue_moves`].
    pub fn best_moves(&self, dungeon: &Dungeon, side: Side, monster: Pos, rogue: Pos) -> Vec<Pos> {
        match side {
            Side::Monster => self.best_monster_moves(dungeon, monster, rogue),
            Side::Rogue => self.best_rogue_moves(dungeon, monster, rogue),
        }
    }

    /// For each first move of the monster (staying put first), the rogue's replies
    /// after which it survives forever (none: the rogue is caught).
    ///
    /// ```
    /// use gridlab::games::rogue::{Analysis, Dungeon};
    /// use gridlab::grid::Pos;
    /// // A ring of corridors around a wall: the rogue runs away from the monster.
    /// let d = Dungeon::parse("3\nA + +\n+   +\n+ + @\n").unwrap();
    /// let replies = Analysis::new(&d).unwrap().safe_replies(&d, d.monster, d.rogue);
    /// assert_eq!(replies[0].0, d.monster, "the monster stays");
    /// assert!(replies.iter().all(|(_, safe)| !safe.is_empty()));
    /// ```
    pub fn safe_replies(
        &self,
        dungeon: &Dungeon,
        monster: Pos,
        rogue: Pos,
    ) -> Vec<(Pos, Vec<Pos>)> {
        dungeon
            .moves(monster)
            .into_iter()
            .map(|m1| {
                let safe = dungeon
                    .moves(rogue)
                    .into_iter()
                    .filter(|&r1| r1 != m1 && self.monster_to_move(m1, r1) == FOREVER)
                    .collect();
                (m1, safe)
            })
            .collect()
    }

    /// Every legal move of `side` (the side to move) with the value after it: monster
    /// moves to capture from there (0: caught by this move), [`FOREVER`] for never.
    /// Best first for that side (the monster's fastest capture, the rogue's longest
    /// escape), ties in the dungeon's move order: a tablebase's move list.
    ///
    /// ```
    /// use gridlab::games::rogue::{Analysis, Dungeon, Side, FOREVER};
    /// let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
    /// let a = Analysis::new(&d).unwrap();
    /// let moves = a.move_values(&d, d.monster, d.rogue, Side::Monster);
    /// assert_eq!(moves.len(), 4, "stay, east, south, south-east");
    /// assert!(moves.windows(2).all(|w| w[0].1 <= w[1].1), "fastest capture first");
    /// assert_eq!(moves[0].1, a.monster_to_move(d.monster, d.rogue) - 1);
    /// assert!(moves.iter().all(|&(_, v)| v != FOREVER), "a 3×3 room is lost");
    /// ```
    pub fn move_values(
        &self,
        dungeon: &Dungeon,
        monster: Pos,
        rogue: Pos,
        side: Side,
    ) -> Vec<(Pos, u32)> {
        let mut moves: Vec<(Pos, u32)> = match side {
            Side::Monster => dungeon
                .moves(monster)
                .into_iter()
                .map(|m| (m, self.after_monster(m, rogue)))
                .collect(),
            Side::Rogue => dungeon
                .moves(rogue)
                .into_iter()
                .map(|r| (r, self.after_rogue(monster, r)))
                .collect(),
        };
        match side {
            Side::Monster => moves.sort_by_key(|&(_, v)| v),
            Side::Rogue => moves.sort_by_key(|&(_, v)| std::cmp::Reverse(v)),
        }
        moves
    }

    /// The start position's verdict and the counts, for reports.
    pub fn summary(&self, dungeon: &Dungeon) -> Summary {
        let value = self.monster_to_move(dungeon.monster, dungeon.rogue);
        let (monster_win_pairs, pairs) = self.monster_win_pairs(dungeon);
        Summary {
            sites: self.sites(),
            states: self.states(),
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
