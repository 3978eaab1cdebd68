//! Where the monsters can be in the next few turns, for the plan count: a test that a
//! state cannot be won within `r ≤ HORIZON` turns, much sharper than the heuristic
//! near the end of a plan.
//!
//! Act-Man at cell `a₀` is, after `t` turns, within `t` king steps of `a₀` over open
//! cells: in the ball `A_t` (firing keeps him in place, still within it). A living
//! monster steps each turn towards Act-Man's cell of that turn ([`Board::chase`]), so
//! its cell after `t` turns lies in `M_t`, with `M₀` its cell now and `M_t` every
//! `chase(x, a)` for `x ∈ M_{t−1}` and `a ∈ A_t` (tabled as direction masks: the
//! directions a monster at `x` may take when Act-Man is within `t` of `a₀`).
//!
//! A monster dies in a collision at turn `t` only on a cell where a corpse lies or
//! another monster stands after the monsters moved: a corpse now, another monster's
//! cell then (in its `M_t`), or where another monster died before or was shot this
//! turn (a cell of its `M_{t'}`, `t' ≤ t`). So with `U_t` a monster's `M₀ ∪ … ∪ M_t`,
//! monster `i` may die by a collision at turn `t` only if `M_t(i)` meets the corpses
//! or some other monster's `U_t`. A monster that cannot must be shot; the one bullet
//! kills at one turn `t`, from Act-Man's cell of turn `t − 1` (within `t − 1` rows and
//! columns of `a₀`), only the monsters on its row or column, each then at a cell of
//! its `M_{t−1}`. Every step over-approximates the true positions, so "cannot win" is
//! a proof.

use super::level::Kind;
use super::rules::{Board, Slot};
use crate::grid::Dir;
use std::cell::RefCell;

/// The most turns ahead the test looks.
pub const HORIZON: u32 = 3;
/// Largest board (cells) with a reach table.
const REACH_CELLS: usize = 1024;
/// Bitset words of the largest board.
const WORDS: usize = REACH_CELLS / 64;
/// A set of cells.
type Cells = [u64; WORDS];

/// The reach tables of one board (see the module's doc).
pub struct Reach {
    cells: usize,
    words: usize,
    /// `masks[((kind * HORIZON + t − 1) * cells + a₀) * cells + x]`: the directions
    /// (bits by [`Dir::index`]) a monster of `kind` at `x` may step when Act-Man is
    /// within `t` of `a₀`; 0 for a monster with no open neighbour (it stays).
    masks: Vec<u8>,
    /// `(row, column)` of every cell.
    coords: Vec<(i32, i32)>,
    /// Room for the sets of one test.
    scratch: RefCell<Vec<u64>>,
    /// `neighbours[x * 8 + d]`: the open neighbour of `x` in direction `d`.
    neighbours: Vec<u32>,
    corpses: Cells,
}

fn set(s: &mut Cells, c: u32) {
    s[c as usize / 64] |= 1 << (c % 64);
}

impl Reach {
    /// The tables of `board`, or `None` when it has more than 1,024 cells.
    pub fn new(board: &Board) -> Option<Reach> {
        let n = board.cells();
        if n > REACH_CELLS {
            return None;
        }
        let mut neighbours = vec![u32::MAX; n * 8];
        let mut corpses = [0; WORDS];
        for x in 0..n as u32 {
            for d in Dir::ALL {
                if let Some(y) = board.step(x, d) {
                    neighbours[x as usize * 8 + d.index()] = y;
                }
            }
            if board.start_corpse(x) {
                set(&mut corpses, x);
            }
        }
        let h = HORIZON as usize;
        let mut masks = vec![0u8; 2 * h * n * n];
        for (k, kind) in [Kind::Ogre, Kind::Demon].into_iter().enumerate() {
            // Turn 0: the one direction towards each target.
            let mut prev = vec![0u8; n * n];
            for x in 0..n {
                let around = &neighbours[x * 8..x * 8 + 8];
                for b in 0..n {
                    let to = board.chase(x as u32, kind, b as u32);
                    if let Some(d) = around.iter().position(|&y| y == to) {
                        prev[b * n + x] = 1 << d;
                    }
                }
            }
            for t in 0..h {
                let base = (k * h + t) * n * n;
                for a in 0..n {
                    let row = &mut masks[base + a * n..base + (a + 1) * n];
                    let near = std::iter::once(a as u32)
                        .chain(neighbours[a * 8..a * 8 + 8].iter().copied())
                        .filter(|&b| b != u32::MAX);
                    for b in near {
                        let from = &prev[b as usize * n..(b as usize + 1) * n];
                        for (m, f) in row.iter_mut().zip(from) {
                            *m |= f;
                        }
                    }
                }
                prev.copy_from_slice(&masks[base..base + n * n]);
            }
        }
        Some(Reach {
            cells: n,
            coords: (0..n as u32).map(|c| board.coords(c)).collect(),
            scratch: RefCell::new(Vec::new()),
            words: n.div_ceil(64),
            masks,
            neighbours,
            corpses,
        })
    }

    /// Whether Act-Man at `actman` with these slots may win within `turns` turns; `false`
    /// is a proof that he cannot (see the module's doc). Always `true` beyond
    /// [`HORIZON`] turns.
    pub fn may_win_within(&self, actman: u32, no_bullet: bool, slots: &[Slot], turns: u32) -> bool {
        if turns > HORIZON || turns == 0 {
            return true;
        }
        let (n, w) = (self.cells, self.words);
        let mut corpses = self.corpses;
        // At most 32 monsters (the widest state).
        let mut living = [(0usize, 0u32); 32];
        let mut m = 0;
        for s in slots {
            match s.kind() {
                Some(kind) if m < living.len() => {
                    living[m] = (usize::from(kind == Kind::Demon), s.cell());
                    m += 1;
                }
                Some(_) => return true,
                None if s.is_corpse() => set(&mut corpses, s.cell()),
                None => {}
            }
        }
        if m == 0 {
            return true;
        }
        let mut scratch = self.scratch.borrow_mut();
        // `sets[(t * m + i) * w..]`: monster i's M_t; `sets[((turns + 1) * m + i) * w..]`:
        // its U_t.
        let len = (turns as usize + 2) * m * w;
        scratch.clear();
        scratch.resize(len, 0);
        let sets = &mut scratch[..];
        let seen_at = (turns as usize + 1) * m * w;
        for (i, &(_, c)) in living[..m].iter().enumerate() {
            sets[i * w + c as usize / 64] |= 1 << (c % 64);
            sets[seen_at + i * w + c as usize / 64] |= 1 << (c % 64);
        }
        let mut dying = 0u64; // monsters that may die in a collision by now
        let everyone = (1u64 << m) - 1;
        for t in 1..=turns as usize {
            for (i, &(kind, _)) in living[..m].iter().enumerate() {
                let base = ((kind * HORIZON as usize + t - 1) * n + actman as usize) * n;
                let (before, after) = sets.split_at_mut((t * m + i) * w);
                let now = &before[((t - 1) * m + i) * w..][..w];
                let next = &mut after[..w];
                for (k, &word) in now.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let x = k * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let mask = self.masks[base + x];
                        if mask == 0 {
                            next[x / 64] |= 1 << (x % 64);
                        }
                        let mut dirs = mask;
                        while dirs != 0 {
                            let y =
                                self.neighbours[x * 8 + dirs.trailing_zeros() as usize] as usize;
                            dirs &= dirs - 1;
                            next[y / 64] |= 1 << (y % 64);
                        }
                    }
                }
                let (head, seen) = sets.split_at_mut(seen_at);
                let next = &head[(t * m + i) * w..][..w];
                for (s, &x) in seen[i * w..][..w].iter_mut().zip(next) {
                    *s |= x;
                }
            }
            let (mut all, mut two) = ([0u64; WORDS], [0u64; WORDS]);
            for i in 0..m {
                for k in 0..w {
                    let s = sets[seen_at + i * w + k];
                    two[k] |= all[k] & s;
                    all[k] |= s;
                }
            }
            for i in 0..m {
                if dying >> i & 1 == 0
                    && (0..w).any(|k| {
                        let others = two[k] | (all[k] & !sets[seen_at + i * w + k]);
                        sets[(t * m + i) * w + k] & (corpses[k] | others) != 0
                    })
                {
                    dying |= 1 << i;
                }
            }
            if dying == everyone {
                return true;
            }
        }
        if no_bullet {
            return false;
        }
        // The shot at turn t, from Act-Man's cell then within t − 1 of his cell now:
        // the rows (and columns) at offsets −2..=2 where every monster left may stand.
        let (r0, c0) = self.coords[actman as usize];
        (1..=turns as usize).any(|t| {
            let reach = t as i32 - 1;
            let (mut rows, mut cols) = (0x1fu8, 0x1fu8);
            for i in (0..m).filter(|&i| dying >> i & 1 == 0) {
                let (mut r, mut c) = (0u8, 0u8);
                for (k, &word) in sets[((t - 1) * m + i) * w..][..w].iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let x = k * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let (row, col) = self.coords[x];
                        if (row - r0).abs() <= reach {
                            r |= 1 << (row - r0 + 2);
                        }
                        if (col - c0).abs() <= reach {
                            c |= 1 << (col - c0 + 2);
                        }
                    }
                }
                rows &= r;
                cols &= c;
            }
            rows | cols != 0
        })
    }
}
