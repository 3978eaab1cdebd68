//! Grid, position and direction types shared by every game.
//!
//! Cells are stored row-major in a flat `Vec`, so a position can be packed into a
//! single index (`row * cols + col`) for fast, allocation-free search states.

use serde::{Deserialize, Serialize};

pub mod distance;

/// A cell position: `row` counts down from the top, `col` to the right.
///
/// ```
/// use gridlab::grid::{Dir, Pos};
/// let p = Pos::new(3, 1);
/// assert_eq!(p.step(Dir::N), Some(Pos::new(2, 1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    /// Row index, 0 at the top.
    pub row: usize,
    /// Column index, 0 at the left.
    pub col: usize,
}

impl Pos {
    /// A position from its row and column.
    pub const fn new(row: usize, col: usize) -> Self {
        Self { row, col }
    }

    /// The neighbouring position in `dir`, or `None` when it would leave the
    /// non-negative quadrant.
    ///
    /// ```
    /// use gridlab::grid::{Dir, Pos};
    /// assert_eq!(Pos::new(0, 0).step(Dir::NW), None);
    /// assert_eq!(Pos::new(1, 1).step(Dir::SE), Some(Pos::new(2, 2)));
    /// ```
    pub fn step(self, dir: Dir) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        let row = self.row.checked_add_signed(dr as isize)?;
        let col = self.col.checked_add_signed(dc as isize)?;
        Some(Pos { row, col })
    }
}

/// A cell as people read it: 1-based, `row 3, column 2` (the level text's positions
/// are `line L, column C`: [`crate::error::ParseError`]).
///
/// ```
/// use gridlab::grid::Pos;
/// assert_eq!(Pos::new(2, 1).to_string(), "row 3, column 2");
/// ```
impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// One of the 8 compass directions, coded by its numpad digit.
///
/// ```
/// use gridlab::grid::Dir;
/// assert_eq!(Dir::from_digit('9'), Some(Dir::NE));
/// assert_eq!(Dir::NE.digit(), '9');
/// assert_eq!(Dir::N.delta(), (-1, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// North-west, numpad 7.
    NW,
    /// North, numpad 8.
    N,
    /// North-east, numpad 9.
    NE,
    /// West, numpad 4.
    W,
    /// East, numpad 6.
    E,
    /// South-west, numpad 1.
    SW,
    /// South, numpad 2.
    S,
    /// South-east, numpad 3.
    SE,
}

impl Dir {
    /// All 8 directions, in the order students usually enumerate them (numpad 7 8 9 4 6 1 2 3).
    pub const ALL: [Dir; 8] = [
        Dir::NW,
        Dir::N,
        Dir::NE,
        Dir::W,
        Dir::E,
        Dir::SW,
        Dir::S,
        Dir::SE,
    ];

    /// The 8 directions clockwise from north: N, NE, E, SE, S, SW, W, NW.
    pub const CLOCKWISE: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// The four orthogonal directions (N, W, E, S).
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::W, Dir::E, Dir::S];

    /// The direction's numpad digit.
    pub const fn digit(self) -> char {
        match self {
            Dir::NW => '7',
            Dir::N => '8',
            Dir::NE => '9',
            Dir::W => '4',
            Dir::E => '6',
            Dir::SW => '1',
            Dir::S => '2',
            Dir::SE => '3',
        }
    }

    /// The direction for a numpad digit, if it is one of `1 2 3 4 6 7 8 9`.
    pub const fn from_digit(c: char) -> Option<Dir> {
        Some(match c {
            '7' => Dir::NW,
            '8' => Dir::N,
            '9' => Dir::NE,
            '4' => Dir::W,
            '6' => Dir::E,
            '1' => Dir::SW,
            '2' => Dir::S,
            '3' => Dir::SE,
            _ => return None,
        })
    }

    /// `(d_row, d_col)` of one step in this direction.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::NW => (-1, -1),
            Dir::N => (-1, 0),
            Dir::NE => (-1, 1),
            Dir::W => (0, -1),
            Dir::E => (0, 1),
            Dir::SW => (1, -1),
            Dir::S => (1, 0),
            Dir::SE => (1, 1),
        }
    }

    /// Index of this direction in [`Dir::ALL`] (0..8).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction with the given [`Dir::index`].
    ///
    /// ```
    /// use gridlab::grid::Dir;
    /// assert_eq!(Dir::from_index(Dir::SE.index()), Dir::SE);
    /// ```
    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 8]
    }

    /// Whether this direction moves along both axes.
    pub const fn is_diagonal(self) -> bool {
        let (dr, dc) = self.delta();
        dr != 0 && dc != 0
    }

    /// The opposite direction.
    ///
    /// ```
    /// use gridlab::grid::Dir;
    /// assert_eq!(Dir::NW.opposite(), Dir::SE);
    /// ```
    pub const fn opposite(self) -> Dir {
        Dir::ALL[7 - self.index()]
    }
}

/// A rectangular grid of cells stored row-major.
///
/// ```
/// use gridlab::grid::{Grid, Pos};
/// let mut g = Grid::filled(2, 3, '.');
/// g[Pos::new(1, 2)] = '#';
/// assert_eq!(g.index_of(Pos::new(1, 2)), 5);
/// assert_eq!(g.pos_of(5), Pos::new(1, 2));
/// assert_eq!(g.get(Pos::new(2, 0)), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A `rows × cols` grid with every cell set to `value`.
    pub fn filled(rows: usize, cols: usize, value: T) -> Self {
        Self {
            rows,
            cols,
            cells: vec![value; rows * cols],
        }
    }
}

impl<T> Grid<T> {
    /// A grid from row-major cells; `None` if the length is not `rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<T>) -> Option<Self> {
        (cells.len() == rows * cols).then_some(Self { rows, cols, cells })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Total number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the grid has no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `p` lies inside the grid.
    pub fn contains(&self, p: Pos) -> bool {
        p.row < self.rows && p.col < self.cols
    }

    /// Flat index of `p` (row-major). `p` must be inside the grid.
    pub fn index_of(&self, p: Pos) -> usize {
        p.row * self.cols + p.col
    }

    /// Position of flat index `i`.
    pub fn pos_of(&self, i: usize) -> Pos {
        Pos::new(i / self.cols, i % self.cols)
    }

    /// The cell at `p`, or `None` outside the grid.
    pub fn get(&self, p: Pos) -> Option<&T> {
        self.contains(p).then(|| &self.cells[self.index_of(p)])
    }

    /// The neighbour of flat index `i` in `dir`, if it is inside the grid.
    pub fn neighbour(&self, i: usize, dir: Dir) -> Option<usize> {
        let p = self.pos_of(i).step(dir)?;
        self.contains(p).then(|| self.index_of(p))
    }

    /// All cells, row-major.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// All cells, row-major, mutable.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Iterate over rows as slices.
    pub fn row_slices(&self) -> impl Iterator<Item = &[T]> {
        self.cells.chunks(self.cols.max(1)).take(self.rows)
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, p: Pos) -> &T {
        &self.cells[p.row * self.cols + p.col]
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, p: Pos) -> &mut T {
        &mut self.cells[p.row * self.cols + p.col]
    }
}

impl<T> std::ops::Index<usize> for Grid<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.cells[i]
    }
}

impl<T> std::ops::IndexMut<usize> for Grid<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.cells[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_round_trip() {
        for d in Dir::ALL {
            assert_eq!(Dir::from_digit(d.digit()), Some(d));
            assert_eq!(Dir::from_index(d.index()), d);
            let (r, c) = d.delta();
            let (or, oc) = d.opposite().delta();
            assert_eq!((r + or, c + oc), (0, 0));
        }
        assert_eq!(Dir::from_digit('5'), None);
        assert_eq!(Dir::from_digit('0'), None);
    }

    #[test]
    fn neighbour_stays_inside() {
        let g = Grid::filled(2, 2, 0u8);
        assert_eq!(g.neighbour(0, Dir::N), None);
        assert_eq!(g.neighbour(0, Dir::W), None);
        assert_eq!(g.neighbour(0, Dir::SE), Some(3));
        assert_eq!(g.neighbour(1, Dir::E), None);
    }
}
