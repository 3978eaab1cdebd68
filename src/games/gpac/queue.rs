//! A monotone bucket queue for A* with small integer step costs: keys within a window
//! of [`WINDOW`] above the last popped key live in circular buckets, larger ones in an
//! overflow heap. Pops come in non-decreasing key order when the keys pushed never
//! fall below the last popped one (a consistent heuristic).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Width of the circular window of keys (a power of two).
pub const WINDOW: u32 = 128;

/// The queue of (key, item).
#[derive(Clone, Debug, Default)]
pub struct BucketQueue {
    buckets: Vec<Vec<(u32, u32)>>,
    overflow: BinaryHeap<Reverse<(u32, u32)>>,
    current: u32,
    in_buckets: usize,
}

impl BucketQueue {
    /// Empty the queue.
    pub fn clear(&mut self) {
        if self.buckets.is_empty() {
            self.buckets = vec![Vec::new(); WINDOW as usize];
        }
        if self.in_buckets > 0 {
            self.buckets.iter_mut().for_each(Vec::clear);
        }
        self.overflow.clear();
        self.current = 0;
        self.in_buckets = 0;
    }

    /// Add `item` with `key` (not below the last popped key).
    #[inline]
    pub fn push(&mut self, key: u32, item: u32) {
        if key < self.current + WINDOW {
            self.buckets[(key % WINDOW) as usize].push((key, item));
            self.in_buckets += 1;
        } else {
            self.overflow.push(Reverse((key, item)));
        }
    }

    /// The item with the smallest key (the last pushed among equal keys).
    pub fn pop(&mut self) -> Option<(u32, u32)> {
        loop {
            if self.in_buckets > 0 {
                let bucket = &mut self.buckets[(self.current % WINDOW) as usize];
                if let Some(entry) = bucket.pop() {
                    self.in_buckets -= 1;
                    return Some(entry);
                }
                self.current += 1;
                // Move overflow entries that now fall inside the window.
                while let Some(&Reverse((key, item))) = self.overflow.peek() {
                    if key >= self.current + WINDOW {
                        break;
                    }
                    self.overflow.pop();
                    self.buckets[(key % WINDOW) as usize].push((key, item));
                    self.in_buckets += 1;
                }
                continue;
            }
            let Reverse((key, item)) = self.overflow.pop()?;
            self.current = key;
            return Some((key, item));
        }
    }
}
