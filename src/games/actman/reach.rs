//! Where the monsters can be in the next few turns, for the plan count: a test that a
//! state cannot be won within `r ≤ HORIZON` turns, much sharper than the heuristic
//! near the end of a plan.
//!
//! Act-Man at cell `a₀` is, after `t` turns, within `t` king steps of `a₀` over open
//! cells: in the ball `A_t` (firing keeps him in place, still within it). A living
//! monster steps each turn towards Act-Man's cell of that turn ([`Board::chase`]), so
//! its cell after `t` turns lies in `M_t`, with `M₀` its cell now and `M_t` every
//! `chase(x, a)` for `x ∈ M_{t−1}` and `a ∈ A_t` (tabled as direction masks: the
//! directions a monster at `x` may take when Act-Man is within `t` of `a₀`). A
//! monster's `M_1 … M_H` depend only on its kind, its cell and `a₀`, so they are
//! computed once and kept (at most [`MAX_CACHE_BYTES`], found through an index of
//! `2 · cells²` offsets: 8 MiB at the largest board).
//!
//! A monster dies at turn `t` only on its cell after the move, where then another
//! monster stands or a corpse lies. Let `P_t` hold every cell where a corpse may lie
//! after turn `t`: `P₀` the corpses now; `P_t` is `P_{t−1}`, every cell where a monster
//! may die at turn `t`, and, while the bullet is in hand, every `M_{t−1}` (a shot at
//! turn `t` leaves its corpses where the monsters stood before the move). Then monster
//! `i` may die at turn `t` only on a cell of `M_t(i)` in `P_{t−1}`, in another
//! monster's `M_t`, or (bullet in hand) in some `M_{t−1}`; by induction on `t` every
//! real corpse lies in `P_t`. A monster that can die at no turn must be shot; the one
//! bullet kills at one turn `t`, from Act-Man's cell of turn `t − 1` (within `t − 1`
//! rows and columns of `a₀`), only the monsters on its row or column, each then at a
//! cell of its `M_{t−1}`. Every step over-approximates the true positions, so "cannot
//! win" is a proof.
//!
//! Monsters that walk in file towards Act-Man (each stepping where the one ahead stood)
//! never meet: the old test, which took every cell another monster ever stood on for a
//! possible corpse, could not see it; this one drops 90 % of the states the old one
//! kept 2–3 turns before the end of `13-great-hall`.

use super::level::Kind;
use super::rules::{Board, Slot};
use crate::grid::Dir;
use std::cell::RefCell;

/// The most turns ahead the test looks.
pub const HORIZON: u32 = 7;
/// Most bytes of monster sets kept between tests (emptied when full).
pub const MAX_CACHE_BYTES: usize = 8 << 20;
/// Largest board (cells) with a reach table.
const REACH_CELLS: usize = 1024;
/// Bitset words of the largest board.
const WORDS: usize = REACH_CELLS / 64;
/// A set of cells.
type Cells = [u64; WORDS];

/// The reach tables of one board (see the module's doc).
pub struct Reach {
    cells: usize,
    /// Words of a set: the board's cells, rounded up to 1, 2, 4, 8 or 16 words (the
    /// loops over them at a fixed width, `collisions`).
    words: usize,
    /// `masks[((kind * HORIZON + t − 1) * cells + a₀) * cells + x]`: the directions
    /// (bits by [`Dir::index`]) a monster of `kind` at `x` may step when Act-Man is
    /// within `t` of `a₀`; 0 for a monster with no open neighbour (it stays).
    masks: Vec<u8>,
    /// `(row, column)` of every cell.
    coords: Vec<(i32, i32)>,
    /// The monster sets already computed (see [`SetCache`]).
    cache: RefCell<SetCache>,
    /// `neighbours[x * 8 + d]`: the open neighbour of `x` in direction `d`.
    neighbours: Vec<u32>,
    corpses: Cells,
}

/// A monster's `M_1 … M_H`, by its kind, cell and Act-Man's cell.
#[derive(Default)]
struct SetCache {
    /// At `(kind · cells + x) · cells + a₀`: the offset of its sets in `sets`
    /// (`u32::MAX`: not computed); `2 · cells²` entries.
    offsets: Vec<u32>,
    /// The sets, `HORIZON · words` words each.
    sets: Vec<u64>,
    /// For the shot: `lines[at / words + t]` holds the rows and the columns of `M_t`
    /// (`t = 0 … H − 1`) as offsets from Act-Man's, bit `offset + H − 1` for each offset
    /// within `H − 1` ([`line_bit`]).
    lines: Vec<(u32, u32)>,
}

/// The bit of a row (or column) `offset` from Act-Man's within `H − 1`, else 0.
fn line_bit(offset: i32) -> u32 {
    let reach = HORIZON as i32 - 1;
    if offset.abs() <= reach {
        1 << (offset + reach)
    } else {
        0
    }
}

/// The offsets within `reach` of Act-Man's (bits as [`line_bit`]'s).
fn window(reach: i32) -> u32 {
    let h = HORIZON as i32 - 1;
    (((1u64 << (2 * reach + 1)) - 1) as u32) << (h - reach)
}

/// Put cell `c` in the set `s` (of `W` words).
fn set<const W: usize>(s: &mut [u64; W], c: u32) {
    s[c as usize / 64] |= 1 << (c % 64);
}

impl Reach {
    /// The tables of `board`, or `None` when it has more than 1,024 cells: the
    /// direction masks (`2 · HORIZON · cells²` bytes) and the sets' index
    /// (`8 · cells²` bytes), 22 MiB at 1,024 cells.
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
            cache: RefCell::new(SetCache {
                offsets: vec![u32::MAX; 2 * n * n],
                ..SetCache::default()
            }),
            words: n.div_ceil(64).next_power_of_two(),
            masks,
            neighbours,
            corpses,
        })
    }

    /// Whether Act-Man at `actman` with these slots may win within `turns` turns; `false`
    /// is a proof that he cannot (see the module's doc). Always `true` beyond
    /// [`HORIZON`] turns. Monotone: `false` for `turns` implies `false` for fewer.
    pub fn may_win_within(&self, actman: u32, no_bullet: bool, slots: &[Slot], turns: u32) -> bool {
        if turns > HORIZON {
            return true;
        }
        let w = self.words;
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
        if m == 0 || turns == 0 {
            return m == 0;
        }
        let mut cache = self.cache.borrow_mut();
        let entry = HORIZON as usize * w;
        if (cache.sets.len() + m * entry) * 8 > MAX_CACHE_BYTES {
            cache.offsets.fill(u32::MAX);
            cache.sets.clear();
            cache.lines.clear();
        }
        // `at[i]`: where monster i's M_1 … M_H start; M₀ is its cell.
        let mut at = [0usize; 32];
        for (i, &(kind, x)) in living[..m].iter().enumerate() {
            at[i] = self.monster_sets(&mut cache, kind, x, actman);
        }
        let sets = &cache.sets;
        let (living, at) = (&living[..m], &at[..m]);
        let turns = turns as usize;
        // The loops over words run at a fixed width (unrolled, vectorised).
        let dying = match w {
            1 => collisions::<1>(sets, at, living, &corpses, no_bullet, turns),
            2 => collisions::<2>(sets, at, living, &corpses, no_bullet, turns),
            4 => collisions::<4>(sets, at, living, &corpses, no_bullet, turns),
            8 => collisions::<8>(sets, at, living, &corpses, no_bullet, turns),
            _ => collisions::<WORDS>(sets, at, living, &corpses, no_bullet, turns),
        };
        let Some(dying) = dying else {
            return true;
        };
        if no_bullet {
            return false;
        }
        // The shot at turn t, from Act-Man's cell then within t − 1 of his cell now:
        // the rows (and columns) within t − 1 of his where every monster left may
        // stand before the move.
        (1..=turns).any(|t| {
            let near = window(t as i32 - 1);
            let (mut rows, mut cols) = (near, near);
            for i in (0..m).filter(|&i| dying >> i & 1 == 0) {
                let (r, c) = cache.lines[at[i] / w + t - 1];
                rows &= r;
                cols &= c;
            }
            rows | cols != 0
        })
    }

    /// Where the sets `M_1 … M_H` of a monster of `kind` (0 ogre, 1 demon) at `x` begin
    /// in `cache.sets`, with Act-Man at `actman`: computed on the first call.
    fn monster_sets(&self, cache: &mut SetCache, kind: usize, x: u32, actman: u32) -> usize {
        let (n, w) = (self.cells, self.words);
        let key = (kind * n + x as usize) * n + actman as usize;
        if cache.offsets[key] != u32::MAX {
            return cache.offsets[key] as usize;
        }
        let at = cache.sets.len();
        cache.sets.resize(at + HORIZON as usize * w, 0);
        let mut now = [0u64; WORDS];
        set(&mut now, x);
        for t in 1..=HORIZON as usize {
            let base = ((kind * HORIZON as usize + t - 1) * n + actman as usize) * n;
            let next = &mut cache.sets[at + (t - 1) * w..][..w];
            for (k, &word) in now[..w].iter().enumerate() {
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
                        let y = self.neighbours[x * 8 + dirs.trailing_zeros() as usize] as usize;
                        dirs &= dirs - 1;
                        next[y / 64] |= 1 << (y % 64);
                    }
                }
            }
            now[..w].copy_from_slice(next);
        }
        let (r0, c0) = self.coords[actman as usize];
        let (row, col) = self.coords[x as usize];
        cache.lines.push((line_bit(row - r0), line_bit(col - c0)));
        for t in 1..HORIZON as usize {
            let (mut rows, mut cols) = (0, 0);
            for (k, &word) in cache.sets[at + (t - 1) * w..][..w].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let (row, col) = self.coords[k * 64 + bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                    rows |= line_bit(row - r0);
                    cols |= line_bit(col - c0);
                }
            }
            cache.lines.push((rows, cols));
        }
        cache.offsets[key] = at as u32;
        at
    }
}

/// The monsters (bits by index in `living`) that may die in a collision within
/// `turns` turns, or `None` when every one may (see the module's doc): their sets
/// `M_1 … M_H` begin at `at` in `sets`, `W` words each; `corpses` is `P₀`.
fn collisions<const W: usize>(
    sets: &[u64],
    at: &[usize],
    living: &[(usize, u32)],
    corpses: &Cells,
    no_bullet: bool,
    turns: usize,
) -> Option<u64> {
    let m = living.len();
    let mut corpses: [u64; W] = corpses[..W].try_into().expect("W words");
    let mut dying = 0u64;
    let everyone = (1u64 << m) - 1;
    // While the bullet is in hand, a shot may leave a corpse where any monster stood
    // before the move: `before` is every monster's M_{t−1}.
    let mut before = [0u64; W];
    if !no_bullet {
        for &(_, x) in living {
            set(&mut before, x);
        }
    }
    for t in 1..=turns {
        let now = |i: usize| -> &[u64; W] {
            sets[at[i] + (t - 1) * W..][..W]
                .try_into()
                .expect("W words")
        };
        // `all`: every monster's M_t; `two`: the cells in two of them.
        let (mut all, mut two) = ([0u64; W], [0u64; W]);
        for i in 0..m {
            let x = now(i);
            for k in 0..W {
                two[k] |= all[k] & x[k];
                all[k] |= x[k];
            }
        }
        // A monster may die where a corpse may lie, or another monster may stand.
        let deadly: [u64; W] = std::array::from_fn(|k| corpses[k] | before[k] | two[k]);
        for i in 0..m {
            if dying >> i & 1 == 0 {
                let x = now(i);
                if (0..W).fold(0, |hit, k| hit | (x[k] & deadly[k])) != 0 {
                    dying |= 1 << i;
                }
            }
        }
        if dying == everyone {
            return None;
        }
        for k in 0..W {
            corpses[k] |= (all[k] & deadly[k]) | before[k];
        }
        if !no_bullet {
            before = all;
        }
    }
    Some(dying)
}
