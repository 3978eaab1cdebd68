//! The memory budget of a search's tables, one mechanism for every search and
//! analysis: before a table grows, the bytes it will hold after growing (its slots
//! times the bytes of a slot, plus what the search holds elsewhere) are checked
//! against the budget, and the growth itself asks the allocator with `try_reserve`,
//! so a refusal stops the search with "limit reached" instead of aborting.

use indexmap::IndexMap;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasher, Hash};

/// Whether a table of `len` items in `capacity` slots of `slot_bytes` bytes each can
/// take one more item while the search holds at most `budget` bytes, `other` of them
/// elsewhere: there is a free slot, or doubling the slots fits. Returns the capacity to
/// grow to (`Some(capacity)` when no growth is needed), or `None` when it does not fit.
///
/// ```
/// use gridlab::search::grown_capacity;
/// assert_eq!(grown_capacity(3, 4, 10, 0, 1000), Some(4)); // a free slot
/// assert_eq!(grown_capacity(4, 4, 10, 0, 1000), Some(16)); // at least 16 slots
/// assert_eq!(grown_capacity(16, 16, 10, 0, 320), Some(32));
/// assert_eq!(grown_capacity(16, 16, 10, 0, 300), None); // 32 slots are 320 bytes
/// assert_eq!(grown_capacity(16, 16, 10, 30, 320), None); // 320 + 30 > 320
/// ```
pub fn grown_capacity(
    len: usize,
    capacity: usize,
    slot_bytes: usize,
    other: usize,
    budget: usize,
) -> Option<usize> {
    if len < capacity {
        return Some(capacity);
    }
    let grown = capacity.saturating_mul(2).max(16);
    let bytes = grown.saturating_mul(slot_bytes).saturating_add(other);
    (bytes <= budget).then_some(grown)
}

/// A growable table whose slots a memory budget counts.
pub trait Table {
    /// Bytes one slot takes (for a hash table: the entry and its share of the index,
    /// which is at most 7/8 full).
    const SLOT_BYTES: usize;
    /// Items held.
    fn items(&self) -> usize;
    /// Slots allocated.
    fn slots(&self) -> usize;
    /// Grow to hold `additional` more items; `false` when the allocator refuses.
    fn try_grow(&mut self, additional: usize) -> bool;

    /// Bytes the table holds now (its slots, used or not).
    fn bytes(&self) -> usize {
        self.slots().saturating_mul(Self::SLOT_BYTES)
    }

    /// Make room for one more item while the search holds at most `budget` bytes,
    /// `other` of them outside this table (see [`grown_capacity`]); `false` when
    /// growing would pass the budget or the allocator refuses.
    ///
    /// ```
    /// use gridlab::search::Table;
    /// let mut v: Vec<u64> = Vec::new();
    /// for _ in 0..16 {
    ///     assert!(v.make_room(0, 200)); // 16 slots of 8 bytes
    ///     v.push(1);
    /// }
    /// assert!(!v.make_room(0, 200)); // 32 slots would take 256 bytes
    /// assert!(!v.make_room(100, 300)); // and 100 elsewhere
    /// assert!(v.make_room(0, 300));
    /// assert_eq!(v.capacity(), 32);
    /// ```
    fn make_room(&mut self, other: usize, budget: usize) -> bool {
        let (len, slots) = (self.items(), self.slots());
        match grown_capacity(len, slots, Self::SLOT_BYTES, other, budget) {
            None => false,
            Some(c) if c == slots => true,
            Some(c) => self.try_grow(c - len),
        }
    }
}

/// Bytes of a hash-table slot holding `entry` bytes inline: the entry and its control
/// byte, at most 7/8 of the slots full.
const fn hashed_slot(entry: usize) -> usize {
    (entry + 1) * 8 / 7 + 1
}

impl<T> Table for Vec<T> {
    const SLOT_BYTES: usize = std::mem::size_of::<T>();
    fn items(&self) -> usize {
        self.len()
    }
    fn slots(&self) -> usize {
        self.capacity()
    }
    fn try_grow(&mut self, additional: usize) -> bool {
        self.try_reserve_exact(additional).is_ok()
    }
}

impl<T: Ord> Table for BinaryHeap<T> {
    const SLOT_BYTES: usize = std::mem::size_of::<T>();
    fn items(&self) -> usize {
        self.len()
    }
    fn slots(&self) -> usize {
        self.capacity()
    }
    fn try_grow(&mut self, additional: usize) -> bool {
        self.try_reserve_exact(additional).is_ok()
    }
}

impl<K: Eq + Hash, V, S: BuildHasher> Table for HashMap<K, V, S> {
    const SLOT_BYTES: usize = hashed_slot(std::mem::size_of::<(K, V)>());
    fn items(&self) -> usize {
        self.len()
    }
    fn slots(&self) -> usize {
        self.capacity()
    }
    fn try_grow(&mut self, additional: usize) -> bool {
        self.try_reserve(additional).is_ok()
    }
}

/// An insertion-ordered map: its entries (hash, key, value) in a vector, and a hash
/// index of `usize` positions.
impl<K: Eq + Hash, V, S: BuildHasher> Table for IndexMap<K, V, S> {
    const SLOT_BYTES: usize =
        std::mem::size_of::<(usize, K, V)>() + hashed_slot(std::mem::size_of::<usize>());
    fn items(&self) -> usize {
        self.len()
    }
    fn slots(&self) -> usize {
        self.capacity()
    }
    fn try_grow(&mut self, additional: usize) -> bool {
        self.try_reserve(additional).is_ok()
    }
}
