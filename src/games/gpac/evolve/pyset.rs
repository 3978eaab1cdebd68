//! The iteration order of a CPython `set` of `(x, y)` tuples, which the framework's
//! `repair_map` depends on (it keeps the *last* pair, in set order, closer than the
//! spawns).
//!
//! CPython hashes a tuple of small non-negative ints with its xxHash-based tuple hash
//! (3.8 and later) and stores set entries in an open-addressing table (8 slots at
//! first, 9 linear probes, then perturbed probing; grown ×4 when 3/5 full, rebuilt in
//! slot order). Iteration walks the slots in order. This module replays that table
//! for insertions only, which is all `reachable_cells` does; it was checked against
//! CPython 3.11 (tests/data/gpac/framework/repairs.jsonl).

const XXPRIME_1: u64 = 11_400_714_785_074_694_791;
const XXPRIME_2: u64 = 14_029_467_366_897_019_727;
const XXPRIME_5: u64 = 2_870_177_450_012_600_261;
const LINEAR_PROBES: usize = 9;
const PERTURB_SHIFT: u32 = 5;
const MIN_SIZE: usize = 8;

/// `hash((x, y))` in CPython 3.8+ on a 64-bit build, for non-negative ints.
pub fn tuple_hash(x: u64, y: u64) -> u64 {
    let mut acc = XXPRIME_5;
    for lane in [x, y] {
        acc = acc.wrapping_add(lane.wrapping_mul(XXPRIME_2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(XXPRIME_1);
    }
    acc = acc.wrapping_add(2 ^ (XXPRIME_5 ^ 3_527_539));
    if acc == u64::MAX {
        1_546_275_796
    } else {
        acc
    }
}

/// A set of keys laid out as CPython lays out a `set` built by `add` calls.
#[derive(Clone, Debug)]
pub struct PySet<K> {
    table: Vec<Option<(u64, K)>>,
    used: usize,
}

impl<K: Copy + PartialEq> Default for PySet<K> {
    fn default() -> Self {
        PySet {
            table: vec![None; MIN_SIZE],
            used: 0,
        }
    }
}

impl<K: Copy + PartialEq> PySet<K> {
    /// The empty slot where `hash` lands, probing as `set_add_entry` and
    /// `set_insert_clean` both do (the slot, then the next 9 if they fit, then a
    /// perturbed jump); `None` if `key` is met on the way (already in the set).
    fn free_slot(table: &[Option<(u64, K)>], hash: u64, key: Option<K>) -> Option<usize> {
        let mask = table.len() - 1;
        let mut i = hash as usize & mask;
        let mut perturb = hash;
        loop {
            let probes = if i + LINEAR_PROBES <= mask {
                LINEAR_PROBES
            } else {
                0
            };
            for (j, entry) in table.iter().enumerate().skip(i).take(probes + 1) {
                match entry {
                    None => return Some(j),
                    Some((h, k)) if *h == hash && Some(*k) == key => return None,
                    Some(_) => {}
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(perturb as usize))
                & mask;
        }
    }

    /// Add `key` with its Python hash (nothing happens if it is already there).
    pub fn add(&mut self, key: K, hash: u64) {
        let Some(slot) = Self::free_slot(&self.table, hash, Some(key)) else {
            return;
        };
        self.table[slot] = Some((hash, key));
        self.used += 1;
        // No deletions, so `fill` (used + dummies) equals `used`.
        let mask = self.table.len() - 1;
        if self.used * 5 >= mask * 3 {
            let min_used = if self.used > 50_000 {
                self.used * 2
            } else {
                self.used * 4
            };
            let mut size = MIN_SIZE;
            while size <= min_used {
                size <<= 1;
            }
            let old = std::mem::replace(&mut self.table, vec![None; size]);
            for (hash, key) in old.into_iter().flatten() {
                if let Some(slot) = Self::free_slot(&self.table, hash, None) {
                    self.table[slot] = Some((hash, key));
                }
            }
        }
    }

    /// The keys in CPython's iteration order (`list(s)`).
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = K> + '_ {
        self.table.iter().flatten().map(|&(_, k)| k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values printed by CPython 3.11: `hash((0, 0))`, `hash((3, 7))`, `hash((34, 19))`.
    #[test]
    fn tuple_hashes_match_cpython() {
        assert_eq!(tuple_hash(0, 0) as i64, -8_458_139_203_682_520_985);
        assert_eq!(tuple_hash(3, 7) as i64, HASH_3_7);
        assert_eq!(tuple_hash(34, 19) as i64, HASH_34_19);
    }

    const HASH_3_7: i64 = 4_803_095_124_130_366_729;
    const HASH_34_19: i64 = -1_782_182_081_812_526_066;

    /// `list({(x, 0) for x in range(20)})` as CPython 3.11 orders it (added in order).
    #[test]
    fn iteration_order_matches_cpython() {
        let mut s = PySet::default();
        for x in 0..20u64 {
            s.add(x, tuple_hash(x, 0));
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), ORDER_X0);
    }

    const ORDER_X0: [u64; 20] = [
        4, 17, 8, 19, 10, 1, 12, 3, 14, 5, 16, 7, 18, 9, 0, 11, 2, 13, 15, 6,
    ];
}
