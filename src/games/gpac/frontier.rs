//! The A* frontier of the path searches: entries `(f, rank)` come out smallest f first,
//! then smallest rank, the framework's heap order of `(f, (x, y))` with rank x·H + y.
//!
//! A* with a consistent heuristic (both of the framework's are) takes f out in
//! nondecreasing order, and one step raises f by at most 66 short of the extreme costs.
//! So entries live in a ring of 128 buckets by f, each a bitmap over ranks with a
//! summary bit per non-empty block of words: a push sets bits, a pop takes the lowest.
//! An entry outside the ring's window (an extreme cost) waits in a binary heap, and a
//! pop takes the smaller of both. [`Frontier`] holds the buffers; a search works on a
//! [`Queue`] borrowed from it (its counters in registers), which clears what is left
//! when dropped, so nothing is allocated once the buffers fit the map.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Buckets in the ring: f from `base` to `base + 127`.
const BUCKETS: usize = 128;

/// The frontier's buffers, reused from search to search (empty between searches).
#[derive(Clone, Debug)]
pub struct Frontier {
    /// Words of rank bits per bucket.
    words: usize,
    /// A summary bit stands for 2^shift words (one word up to 4,096 ranks).
    shift: u32,
    /// The rank bits, bucket after bucket.
    bits: Vec<u64>,
    /// Per bucket, a bit per non-empty block of words.
    summary: [u64; BUCKETS],
    /// Entries outside the ring's window, as `f << 32 | rank`.
    overflow: BinaryHeap<Reverse<u64>>,
}

impl Default for Frontier {
    fn default() -> Self {
        Frontier {
            words: 0,
            shift: 0,
            bits: Vec::new(),
            summary: [0; BUCKETS],
            overflow: BinaryHeap::new(),
        }
    }
}

impl Frontier {
    /// An empty queue for ranks below `ranks`.
    pub fn queue(&mut self, ranks: usize) -> Queue<'_> {
        let words = ranks.div_ceil(64).max(1);
        if self.words != words {
            self.words = words;
            self.shift = words.div_ceil(64).next_power_of_two().trailing_zeros();
            self.bits = vec![0; words * BUCKETS];
        }
        Queue {
            words,
            shift: self.shift,
            bits: &mut self.bits,
            summary: &mut self.summary,
            overflow: &mut self.overflow,
            occupied: 0,
            base: 0,
            top: u64::MAX,
        }
    }
}

/// A priority queue of `(f, rank)` pairs, each rank at most once, on a [`Frontier`]'s
/// buffers.
pub struct Queue<'a> {
    words: usize,
    shift: u32,
    bits: &'a mut [u64],
    summary: &'a mut [u64; BUCKETS],
    overflow: &'a mut BinaryHeap<Reverse<u64>>,
    /// Bit f mod 128 set when bucket f holds entries.
    occupied: u128,
    /// The ring holds f from `base` to `base + 127`; never decreases.
    base: u32,
    /// The overflow's smallest entry (`u64::MAX` if none).
    top: u64,
}

impl Queue<'_> {
    /// Add `rank` with priority `f`.
    #[inline(always)]
    pub fn push(&mut self, f: u32, rank: u32) {
        if f.wrapping_sub(self.base) as usize >= BUCKETS {
            self.push_overflow(u64::from(f) << 32 | u64::from(rank));
            return;
        }
        let slot = f as usize % BUCKETS;
        let word = rank as usize / 64;
        self.bits[slot * self.words + word] |= 1 << (rank % 64);
        self.summary[slot] |= 1 << (word >> self.shift);
        self.occupied |= 1 << slot;
    }

    /// Take out the smallest `(f, rank)`.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<(u32, u32)> {
        let at = self.base % BUCKETS as u32;
        let f = if self.occupied >> at & 1 != 0 {
            self.base
        } else if self.occupied != 0 {
            self.base + self.occupied.rotate_right(at).trailing_zeros()
        } else if self.top != u64::MAX {
            return Some(self.pop_overflow());
        } else {
            return None;
        };
        let slot = f as usize % BUCKETS;
        let block = self.summary[slot].trailing_zeros() as usize;
        let row = slot * self.words;
        let mut word = row + (block << self.shift);
        while self.bits[word] == 0 {
            word += 1; // only on maps over 4,096 cells
        }
        let rank = ((word - row) * 64) as u32 + self.bits[word].trailing_zeros();
        if self.top < u64::from(f) << 32 | u64::from(rank) {
            return Some(self.pop_overflow());
        }
        self.bits[word] &= self.bits[word] - 1;
        if self.bits[word] == 0 && self.block_empty(row, block) {
            self.summary[slot] &= !(1 << block);
            if self.summary[slot] == 0 {
                self.occupied &= !(1 << slot);
            }
        }
        self.base = f;
        Some((f, rank))
    }

    /// Whether a bucket's block of words (the one that just lost its last bit, on
    /// maps up to 4,096 cells) is empty.
    fn block_empty(&self, row: usize, block: usize) -> bool {
        if self.shift == 0 {
            return true;
        }
        let start = row + (block << self.shift);
        let end = (start + (1 << self.shift)).min(row + self.words);
        self.bits[start..end].iter().all(|&w| w == 0)
    }

    #[inline(never)]
    fn push_overflow(&mut self, key: u64) {
        self.overflow.push(Reverse(key));
        self.top = self.top.min(key);
    }

    #[inline(never)]
    fn pop_overflow(&mut self) -> (u32, u32) {
        self.overflow.pop();
        let key = self.top;
        self.top = self.overflow.peek().map_or(u64::MAX, |&Reverse(k)| k);
        let f = (key >> 32) as u32;
        self.base = self.base.max(f);
        (f, key as u32)
    }
}

impl Drop for Queue<'_> {
    /// Clear what is left, for the next search.
    fn drop(&mut self) {
        while self.occupied != 0 {
            let slot = self.occupied.trailing_zeros() as usize;
            self.occupied &= self.occupied - 1;
            let row = &mut self.bits[slot * self.words..][..self.words];
            let mut blocks = std::mem::take(&mut self.summary[slot]);
            while blocks != 0 {
                let start = (blocks.trailing_zeros() as usize) << self.shift;
                let end = (start + (1 << self.shift)).min(row.len());
                row[start..end].fill(0);
                blocks &= blocks - 1;
            }
        }
        self.overflow.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a binary heap, on pushes that mostly follow A*'s pattern (f at or a
    /// little above the last one taken out) and sometimes jump far or fall below, on
    /// small and large maps, each queue dropped with entries left or emptied.
    #[test]
    fn pops_as_a_binary_heap_does() {
        let mut frontier = Frontier::default();
        let mut state = 12345u64;
        let mut random = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        for round in 0..300 {
            let ranks = 1 + random(if round % 3 == 0 { 20_000 } else { 2_000 }) as usize;
            let mut queue = frontier.queue(ranks);
            let mut heap = BinaryHeap::new();
            let mut queued = vec![false; ranks];
            let mut last = random(1000) as u32;
            for _ in 0..random(3000) {
                if random(3) > 0 {
                    let rank = random(ranks as u64) as usize;
                    if queued[rank] {
                        continue;
                    }
                    queued[rank] = true;
                    let f = match random(20) {
                        0 => last + 1_000_000 + random(100) as u32,
                        1 => last.saturating_sub(random(50) as u32),
                        _ => last + random(70) as u32,
                    };
                    queue.push(f, rank as u32);
                    heap.push(Reverse((f, rank as u32)));
                } else {
                    let expected = heap.pop().map(|Reverse(e)| e);
                    assert_eq!(queue.pop(), expected, "round {round}");
                    if let Some((f, rank)) = expected {
                        last = f;
                        queued[rank as usize] = false;
                    }
                }
            }
            if round % 2 == 0 {
                while let Some(Reverse(e)) = heap.pop() {
                    assert_eq!(queue.pop(), Some(e), "round {round}");
                }
                assert_eq!(queue.pop(), None);
            }
        }
    }
}
