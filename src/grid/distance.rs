//! Breadth-first distances over cell indices: a [`DistanceMap`] is filled by one
//! search and reused by the next without reallocating.
//!
//! Cells are plain `usize` indices: row-major for a [`Grid`](super::Grid), but any
//! numbering works (graph vertices, `(position, mask)` pairs). As in the `pathfinding`
//! crate, the neighbours of a cell come from a closure, so walls, one-way moves and a
//! game's own neighbour order stay with the game; the search takes them in that order,
//! which decides its ties.
//!
//! ```
//! use gridlab::grid::distance::{step_toward, DistanceMap};
//! // A corridor of five cells.
//! let next = |i: usize| [i.checked_sub(1), (i + 1 < 5).then_some(i + 1)].into_iter().flatten();
//! let mut map = DistanceMap::<u8>::new(5);
//! assert_eq!(map.flood([0], next), 5);
//! assert_eq!(map.get(4), Some(4));
//! assert_eq!(step_toward(&map, 4, next(4)), Some(3));
//! ```

use std::fmt::Debug;
use std::hash::Hash;

/// An unsigned integer that counts moves in a [`DistanceMap`]; its largest value is
/// the "unreached" sentinel.
///
/// ```
/// use gridlab::grid::distance::Distance;
/// assert_eq!(u8::UNREACHED, u8::MAX);
/// assert_eq!(u8::ZERO.add_one(), u8::ONE);
/// assert_eq!(253u8.add_one(), 254, "capped below the sentinel");
/// assert_eq!(254u8.add_one(), 254);
/// assert_eq!(7u16.to_usize(), 7);
/// ```
pub trait Distance: Copy + Ord + Hash + Debug + Send + Sync + 'static {
    /// The distance of a cell not reached: the type's `MAX`.
    const UNREACHED: Self;
    /// The distance of a start.
    const ZERO: Self;
    /// One move.
    const ONE: Self;
    /// One move more, capped at `UNREACHED - 1` so that a reached cell never reads as
    /// unreached (a capped distance is still a lower bound).
    fn add_one(self) -> Self;
    /// The distance as a `usize`.
    fn to_usize(self) -> usize;
}

macro_rules! distance_for {
    ($($t:ty),*) => {$(
        impl Distance for $t {
            const UNREACHED: Self = <$t>::MAX;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline]
            fn add_one(self) -> Self {
                if self < <$t>::MAX - 1 {
                    self + 1
                } else {
                    <$t>::MAX - 1
                }
            }
            #[inline]
            fn to_usize(self) -> usize {
                self as usize
            }
        }
    )*};
}

distance_for!(u8, u16, u32, usize);

/// What a search does with a cell it reaches for the first time.
///
/// ```
/// use gridlab::grid::distance::{DistanceMap, Visit};
/// let next = |i: usize| [i.checked_sub(1), (i + 1 < 6).then_some(i + 1)].into_iter().flatten();
/// let mut map = DistanceMap::<u32>::new(6);
/// // Cell 2 is closed: the search never passes it.
/// map.fill([0], next, |i, _| if i == 2 { Visit::Skip } else { Visit::Enter });
/// assert_eq!((map.get(1), map.get(2), map.get(3)), (Some(1), None, None));
/// // Stop at the first cell 3 moves away.
/// assert_eq!(map.fill([0], next, |_, d| if d == 3 { Visit::Stop } else { Visit::Enter }), Some(3));
/// assert_eq!((map.get(3), map.get(4)), (Some(3), None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Visit {
    /// Reach the cell at this distance; its neighbours are searched in turn.
    Enter,
    /// Leave the cell unreached: a later cell may offer it again, farther away.
    Skip,
    /// Reach the cell at this distance and end the search there.
    Stop,
}

/// One distance per cell index (`D::UNREACHED` where not reached), with the search's
/// queue kept for the next search.
///
/// A search resets only the cells the previous one reached, so repeated searches on a
/// large map cost what they reach, and allocate nothing after the first.
///
/// ```
/// use gridlab::grid::distance::DistanceMap;
/// use gridlab::grid::{Dir, Grid};
/// let walls = &Grid::from_cells(2, 3, b"..#...".to_vec()).unwrap();
/// let next = |i: usize| {
///     Dir::ORTHOGONAL
///         .into_iter()
///         .filter_map(move |d| walls.neighbour(i, d))
///         .filter(|&j| walls[j] == b'.')
/// };
/// let mut map = DistanceMap::<u16>::new(walls.len());
/// map.flood([0], next);
/// assert_eq!(map.cells(), [0, 1, u16::MAX, 1, 2, 3]);
/// assert_eq!(map.reached().collect::<Vec<_>>(), [0, 1, 3, 4, 5]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct DistanceMap<D: Distance> {
    dist: Vec<D>,
    /// The cells reached, in the order reached: the search's queue, and what the next
    /// reset clears.
    order: Vec<u32>,
}

impl<D: Distance> DistanceMap<D> {
    /// A map of `len` cells, none reached. Panics if `len` exceeds `u32::MAX`.
    pub fn new(len: usize) -> Self {
        assert!(
            len <= u32::MAX as usize,
            "a distance map has at most u32::MAX cells"
        );
        DistanceMap {
            dist: vec![D::UNREACHED; len],
            order: Vec::new(),
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.dist.len()
    }

    /// Whether the map has no cells.
    pub fn is_empty(&self) -> bool {
        self.dist.is_empty()
    }

    /// The distance of cell `i`, `None` if it was not reached (or is out of range).
    pub fn get(&self, i: usize) -> Option<D> {
        self.dist.get(i).copied().filter(|&d| d != D::UNREACHED)
    }

    /// Whether cell `i` was reached.
    pub fn is_reached(&self, i: usize) -> bool {
        self.get(i).is_some()
    }

    /// Every cell's distance, `D::UNREACHED` where not reached.
    pub fn cells(&self) -> &[D] {
        &self.dist
    }

    /// The distances as a vector, as [`DistanceMap::cells`].
    pub fn into_vec(self) -> Vec<D> {
        self.dist
    }

    /// The cells reached, in the order the search reached them (by distance, ties in
    /// the order the neighbours were given).
    pub fn reached(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.order.iter().map(|&i| i as usize)
    }

    /// Number of cells reached.
    pub fn reached_count(&self) -> usize {
        self.order.len()
    }

    /// Mark every cell unreached, in time proportional to the cells reached.
    ///
    /// ```
    /// use gridlab::grid::distance::DistanceMap;
    /// let mut map = DistanceMap::<u8>::new(3);
    /// map.flood([1], |i: usize| [i.checked_sub(1), (i < 2).then_some(i + 1)].into_iter().flatten());
    /// assert_eq!(map.reached_count(), 3);
    /// map.reset();
    /// assert_eq!((map.reached_count(), map.get(1)), (0, None));
    /// ```
    pub fn reset(&mut self) {
        for &i in &self.order {
            self.dist[i as usize] = D::UNREACHED;
        }
        self.order.clear();
    }

    /// Reset and change the number of cells to `len`, keeping the buffers.
    ///
    /// ```
    /// use gridlab::grid::distance::DistanceMap;
    /// let mut map = DistanceMap::<u32>::new(2);
    /// map.resize(5);
    /// assert_eq!((map.len(), map.get(4)), (5, None));
    /// ```
    pub fn resize(&mut self, len: usize) {
        assert!(
            len <= u32::MAX as usize,
            "a distance map has at most u32::MAX cells"
        );
        self.reset();
        self.dist.resize(len, D::UNREACHED);
    }

    /// Every cell reachable from `starts`, at its distance; returns how many were
    /// reached. The previous search's distances are cleared first.
    pub fn flood<I: IntoIterator<Item = usize>>(
        &mut self,
        starts: impl IntoIterator<Item = usize>,
        neighbours: impl FnMut(usize) -> I,
    ) -> usize {
        self.fill(starts, neighbours, |_, _| Visit::Enter);
        self.order.len()
    }

    /// Breadth-first search from `starts` (each at distance 0, without a visit), cells
    /// taken in the order reached and their neighbours in the order `neighbours` gives
    /// them. `visit(cell, distance)` decides for each cell when first offered; the cell
    /// it stopped at is returned. The previous search's distances are cleared first.
    ///
    /// Panics if a start or neighbour is not below [`DistanceMap::len`].
    ///
    /// ```
    /// use gridlab::grid::distance::{DistanceMap, Visit};
    /// // Two starts; the search stops at the first cell reached that is a multiple of 5.
    /// let next = |i: usize| [i.checked_sub(1), (i + 1 < 20).then_some(i + 1)].into_iter().flatten();
    /// let mut map = DistanceMap::<u8>::new(20);
    /// let hit = map.fill([12, 2], next, |i, _| if i % 5 == 0 { Visit::Stop } else { Visit::Enter });
    /// assert_eq!(hit, Some(10));
    /// assert_eq!((map.get(11), map.get(3), map.get(0)), (Some(1), Some(1), None));
    /// ```
    pub fn fill<I: IntoIterator<Item = usize>>(
        &mut self,
        starts: impl IntoIterator<Item = usize>,
        neighbours: impl FnMut(usize) -> I,
        mut visit: impl FnMut(usize, D) -> Visit,
    ) -> Option<usize> {
        self.fill_with_parent(starts, neighbours, |cell, _, d| visit(cell, d))
    }

    /// [`DistanceMap::fill`] whose `visit(cell, parent, distance)` also learns the cell
    /// it was reached from, for searches that keep a tree of first steps or paths.
    ///
    /// ```
    /// use gridlab::grid::distance::{DistanceMap, Visit};
    /// let next = |i: usize| [i.checked_sub(1), (i + 1 < 4).then_some(i + 1)].into_iter().flatten();
    /// let mut parent = [usize::MAX; 4];
    /// let mut map = DistanceMap::<u8>::new(4);
    /// map.fill_with_parent([1], next, |i, from, _| {
    ///     parent[i] = from;
    ///     Visit::Enter
    /// });
    /// assert_eq!(parent, [1, usize::MAX, 1, 2]);
    /// ```
    pub fn fill_with_parent<I: IntoIterator<Item = usize>>(
        &mut self,
        starts: impl IntoIterator<Item = usize>,
        mut neighbours: impl FnMut(usize) -> I,
        mut visit: impl FnMut(usize, usize, D) -> Visit,
    ) -> Option<usize> {
        self.reset();
        for s in starts {
            if self.dist[s] == D::UNREACHED {
                self.dist[s] = D::ZERO;
                self.order.push(s as u32);
            }
        }
        let mut head = 0;
        while let Some(&c) = self.order.get(head) {
            head += 1;
            let c = c as usize;
            let d = self.dist[c].add_one();
            for n in neighbours(c) {
                if self.dist[n] != D::UNREACHED {
                    continue;
                }
                match visit(n, c, d) {
                    Visit::Skip => {}
                    Visit::Enter => {
                        self.dist[n] = d;
                        self.order.push(n as u32);
                    }
                    Visit::Stop => {
                        self.dist[n] = d;
                        self.order.push(n as u32);
                        return Some(n);
                    }
                }
            }
        }
        None
    }
}

/// The first of `neighbours` (the neighbours of `from`, in the caller's order) nearer
/// than `from`: one move along a shortest path back to a start. `None` at a start, or
/// when `from` was not reached.
///
/// ```
/// use gridlab::grid::distance::{step_toward, DistanceMap};
/// let next = |i: usize| [i.checked_sub(1), (i + 1 < 5).then_some(i + 1)].into_iter().flatten();
/// let mut map = DistanceMap::<u8>::new(5);
/// map.flood([2], next);
/// assert_eq!(step_toward(&map, 4, next(4)), Some(3));
/// assert_eq!(step_toward(&map, 2, next(2)), None);
/// ```
pub fn step_toward<D: Distance>(
    map: &DistanceMap<D>,
    from: usize,
    neighbours: impl IntoIterator<Item = usize>,
) -> Option<usize> {
    let d = map.get(from)?;
    neighbours
        .into_iter()
        .find(|&n| map.get(n).is_some_and(|e| e < d))
}

/// The first of `neighbours` (the neighbours of `from`, in the caller's order) that was
/// reached farther than `from`: one move away from the starts. `None` when there is
/// none, or when `from` was not reached.
///
/// ```
/// use gridlab::grid::distance::{step_away, DistanceMap};
/// let next = |i: usize| [i.checked_sub(1), (i + 1 < 5).then_some(i + 1)].into_iter().flatten();
/// let mut map = DistanceMap::<u8>::new(5);
/// map.flood([2], next);
/// assert_eq!(step_away(&map, 2, next(2)), Some(1));
/// assert_eq!(step_away(&map, 4, next(4)), None);
/// ```
pub fn step_away<D: Distance>(
    map: &DistanceMap<D>,
    from: usize,
    neighbours: impl IntoIterator<Item = usize>,
) -> Option<usize> {
    let d = map.get(from)?;
    neighbours
        .into_iter()
        .find(|&n| map.get(n).is_some_and(|e| e > d))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(len: usize) -> impl Fn(usize) -> Vec<usize> {
        move |i| {
            [i.checked_sub(1), (i + 1 < len).then_some(i + 1)]
                .into_iter()
                .flatten()
                .collect()
        }
    }

    #[test]
    fn reuse_clears_the_previous_search() {
        let mut map = DistanceMap::<u16>::new(10);
        map.flood([0], line(10));
        assert_eq!(map.get(9), Some(9));
        let cap = (map.dist.capacity(), map.order.capacity());
        map.fill([9], line(10), |i, _| {
            if i == 7 {
                Visit::Skip
            } else {
                Visit::Enter
            }
        });
        assert_eq!(map.get(8), Some(1));
        assert!(!map.is_reached(7) && !map.is_reached(0));
        assert_eq!(map.reached_count(), 2);
        assert_eq!((map.dist.capacity(), map.order.capacity()), cap);
    }

    #[test]
    fn duplicate_starts_count_once() {
        let mut map = DistanceMap::<u8>::new(4);
        assert_eq!(map.flood([1, 1, 3], line(4)), 4);
        assert_eq!(map.cells(), [1, 0, 1, 0]);
    }

    #[test]
    fn distances_cap_below_the_sentinel() {
        let mut map = DistanceMap::<u8>::new(300);
        map.flood([0], line(300));
        assert_eq!(map.get(253), Some(253));
        assert_eq!(map.get(254), Some(254));
        assert_eq!(map.get(299), Some(254));
        assert_eq!(map.reached_count(), 300);
    }

    #[test]
    fn skipped_cells_can_be_reached_later() {
        // Cell 1 is refused when first offered from 0, entered when offered from 2.
        let ring = |i: usize| [(i + 3) % 4, (i + 1) % 4];
        let mut map = DistanceMap::<u32>::new(4);
        map.fill([0], ring, |i, d| {
            if i == 1 && d == 1 {
                Visit::Skip
            } else {
                Visit::Enter
            }
        });
        assert_eq!(map.cells(), [0, 3, 2, 1]);
    }
}
