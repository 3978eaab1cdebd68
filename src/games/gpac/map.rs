//! The GPac map: W×H cells, origin (0, 0) bottom-left, walls from the course's map
//! format (`W H`, then H rows of `#` wall / `~` open, top row first) or a genotype.
//!
//! GPac keeps its own [`Cell`] and `(x, y)` coordinates rather than [`crate::grid`]'s
//! row-major `Pos` and eight `Dir`s: it follows the course framework, whose origin is
//! the bottom-left corner with y growing upwards, whose cells are `x + y·W` (the
//! genotype's order), whose searches break ties in x-major `(x, y)` order ([`Steps`]'
//! ranks) and whose four moves come in its own order (up, right, down, left). Its
//! distances use the shared [`DistanceMap`] on those cell indices.

use crate::error::{FieldError, ParseError};
use crate::games::tools::Host;
use crate::grid::distance::DistanceMap;

/// Largest side accepted.
pub const MAX_SIDE: usize = 1000;

/// The most cells a map may have in the playground (80 × 80): the agents search the
/// map on every turn, and larger maps would make the page slow to play and to draw.
/// The command line plays maps up to [`MAX_SIDE`] a side.
pub const BROWSER_MAX_CELLS: usize = 6_400;

/// The fewest cells a made map (random, resized) has: Pac-Man's start and the
/// ghosts' are two cells.
pub const MIN_CELLS: usize = 2;

/// A wall in the course's map format (and the editor's palette).
pub const WALL: char = '#';

/// An open cell in the course's map format (and the editor's palette).
pub const OPEN: char = '~';

/// Why the map text refuses a spawn cell: both must be open.
pub const WALLED_SPAWN: &str = "the spawn cells (0, H-1) and (W-1, 0) must be open";

/// Why `width` × `height` is too large for the browser (built from
/// [`BROWSER_MAX_CELLS`]).
fn too_large_for_browser(width: usize, height: usize) -> String {
    let side = BROWSER_MAX_CELLS.isqrt();
    format!(
        "{width} × {height} is too large for the browser (at most {BROWSER_MAX_CELLS} cells, \
         e.g. {side} × {side}); the CLI plays larger maps"
    )
}

/// Check the size of a map to make on `host`: sides 1 to [`MAX_SIDE`], at least
/// [`MIN_CELLS`] cells and, in the browser, at most [`BROWSER_MAX_CELLS`]. The error
/// names the field `size`.
///
/// ```
/// use gridlab::games::gpac::check_size;
/// use gridlab::games::tools::Host;
/// assert!(check_size(200, 200, Host::Native).is_ok());
/// assert_eq!(check_size(1001, 1, Host::Native).unwrap_err().message, "sides from 1 to 1000 and at least 2 cells, not 1001 × 1");
/// assert!(check_size(200, 200, Host::Browser).unwrap_err().message.contains("at most 6400 cells"));
/// ```
pub fn check_size(width: usize, height: usize, host: Host) -> Result<(), FieldError> {
    let side = 1..=MAX_SIDE;
    if !side.contains(&width) || !side.contains(&height) || width * height < MIN_CELLS {
        return Err(FieldError::new(
            "size",
            format!(
                "sides from 1 to {MAX_SIDE} and at least {MIN_CELLS} cells, not {width} × {height}"
            ),
        ));
    }
    if host == Host::Browser && width * height > BROWSER_MAX_CELLS {
        return Err(FieldError::new(
            "size",
            too_large_for_browser(width, height),
        ));
    }
    Ok(())
}

/// Why a cell cannot be painted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PaintError {
    /// The cell is off the map.
    #[error("({row}, {col}) is outside the map")]
    Outside {
        /// Its row, from the top.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// A wall on a spawn cell.
    #[error("the spawn cells stay open: Pac-Man starts top-left, the ghosts bottom-right")]
    Spawn,
}

/// A cell's index: `x + y·W` (the genotype's order, y = 0 the bottom row).
pub type Cell = u32;

/// Unreachable in a distance table.
pub const FAR: u16 = u16::MAX;

/// A GPac map.
///
/// ```
/// use gridlab::games::gpac::Map;
/// let m = Map::parse("3 2\n~~~\n#~~\n").unwrap();
/// assert!(m.is_wall(0, 0) && !m.is_wall(0, 1));
/// assert_eq!(m.pacman_start(), m.cell(0, 1));
/// assert_eq!(m.ghost_start(), m.cell(2, 0));
/// assert_eq!(m.to_text(), "3 2\n~~~\n#~~\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Map {
    width: usize,
    height: usize,
    walls: Vec<bool>,
}

impl Map {
    /// A map without walls.
    pub fn open(width: usize, height: usize) -> Map {
        Map {
            width,
            height,
            walls: vec![false; width * height],
        }
    }

    /// A map from wall flags in genotype order (index `x + y·W`); `None` if the length
    /// is not W·H.
    pub fn from_walls(width: usize, height: usize, walls: Vec<bool>) -> Option<Map> {
        (walls.len() == width * height && width > 0 && height > 0).then_some(Map {
            width,
            height,
            walls,
        })
    }

    /// [`Map::parse`], then at most [`BROWSER_MAX_CELLS`] cells (the playground's
    /// maps; an error at line 1 says the size).
    ///
    /// ```
    /// use gridlab::games::gpac::Map;
    /// assert!(Map::parse_for_browser("2 1\n~~").is_ok());
    /// let err = Map::parse_for_browser("100 100\n").unwrap_err();
    /// assert_eq!((err.line, err.column), (1, 1));
    /// ```
    pub fn parse_for_browser(text: &str) -> Result<Map, ParseError> {
        // The header alone decides: a huge map is refused before its rows are read.
        let header = text.lines().next().unwrap_or("");
        let mut fields = header.split_whitespace().map(str::parse::<usize>);
        if let (Some(Ok(w)), Some(Ok(h))) = (fields.next(), fields.next()) {
            if w.saturating_mul(h) > BROWSER_MAX_CELLS {
                return Err(ParseError::new(1, 1, too_large_for_browser(w, h)));
            }
        }
        Map::parse(text)
    }

    /// Parse the course's map format: `W H`, then H rows of W characters, `#` wall
    /// and `~` open, the top row (y = H−1) first. Errors name line and column.
    pub fn parse(text: &str) -> Result<Map, ParseError> {
        let mut lines = text.lines().map(|l| l.strip_suffix('\r').unwrap_or(l));
        let header = lines.next().unwrap_or("");
        let mut fields = header.split_whitespace();
        let mut number = |name: &str, column: usize| -> Result<usize, ParseError> {
            match fields.next().map(str::parse::<usize>) {
                Some(Ok(n)) if (1..=MAX_SIDE).contains(&n) => Ok(n),
                _ => Err(ParseError::new(
                    1,
                    column,
                    format!(
                        "the first line must be 'W H' (1 to {MAX_SIDE}): bad {name} in '{header}'"
                    ),
                )),
            }
        };
        let width = number("width", 1)?;
        let height = number("height", 1)?;
        if let Some(extra) = fields.next() {
            let column = header
                .find(extra)
                .map_or(1, |at| header[..at].chars().count() + 1);
            return Err(ParseError::new(
                1,
                column,
                format!("the first line must be 'W H': unexpected '{extra}' after the height"),
            ));
        }
        let mut walls = vec![false; width * height];
        for row in 0..height {
            let line_no = row + 2;
            let line = lines.next().ok_or_else(|| {
                ParseError::new(line_no, 1, format!("expected {height} rows, found {row}"))
            })?;
            let y = height - 1 - row;
            let chars: Vec<char> = line.chars().collect();
            if chars.len() != width {
                return Err(ParseError::new(
                    line_no,
                    chars.len().min(width) + 1,
                    format!(
                        "row {} has {} cells, expected {width}",
                        row + 1,
                        chars.len()
                    ),
                ));
            }
            for (x, &c) in chars.iter().enumerate() {
                walls[x + y * width] = match c {
                    WALL => true,
                    OPEN => false,
                    c => {
                        return Err(ParseError::new(
                            line_no,
                            x + 1,
                            format!(
                                "unknown cell '{}' (expected '{WALL}' or '{OPEN}')",
                                c.escape_debug()
                            ),
                        ))
                    }
                };
            }
        }
        if let Some((i, _)) = lines.enumerate().find(|(_, l)| !l.trim().is_empty()) {
            return Err(ParseError::new(
                height + 2 + i,
                1,
                format!("the map has {height} rows (its first line says so): unexpected text after them"),
            ));
        }
        Ok(Map {
            width,
            height,
            walls,
        })
    }

    /// The map in the course format (top row first, a newline after each row).
    pub fn to_text(&self) -> String {
        let mut out = format!("{} {}\n", self.width, self.height);
        for y in (0..self.height).rev() {
            for x in 0..self.width {
                out.push(if self.is_wall(x, y) { WALL } else { OPEN });
            }
            out.push('\n');
        }
        out
    }

    /// Width W.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height H.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells, W·H.
    pub fn len(&self) -> usize {
        self.walls.len()
    }

    /// Whether the map has no cells (never: maps are at least 1×1).
    pub fn is_empty(&self) -> bool {
        self.walls.is_empty()
    }

    /// The cell at (x, y).
    pub fn cell(&self, x: usize, y: usize) -> Cell {
        (x + y * self.width) as Cell
    }

    /// The coordinates (x, y) of a cell.
    pub fn xy(&self, cell: Cell) -> (usize, usize) {
        (cell as usize % self.width, cell as usize / self.width)
    }

    /// Whether (x, y) is a wall.
    pub fn is_wall(&self, x: usize, y: usize) -> bool {
        self.walls[x + y * self.width]
    }

    /// Whether a cell is a wall.
    pub fn is_wall_cell(&self, cell: Cell) -> bool {
        self.walls[cell as usize]
    }

    /// Make a cell a wall or open.
    pub fn set_wall(&mut self, cell: Cell, wall: bool) {
        self.walls[cell as usize] = wall;
    }

    /// The wall flags in genotype order.
    pub fn walls(&self) -> &[bool] {
        &self.walls
    }

    /// Pac-Man's start, (0, H−1), the top-left cell.
    pub fn pacman_start(&self) -> Cell {
        self.cell(0, self.height - 1)
    }

    /// The ghosts' start, (W−1, 0), the bottom-right cell.
    pub fn ghost_start(&self) -> Cell {
        self.cell(self.width - 1, 0)
    }

    /// Check that both spawn cells are open: the error stands at the first walled one
    /// in the map text (Pac-Man's top-left, then the ghosts' bottom-right).
    ///
    /// ```
    /// use gridlab::games::gpac::Map;
    /// assert!(Map::parse("2 1\n~~").unwrap().check_spawns().is_ok());
    /// let e = Map::parse("3 2\n~~~\n~~#\n").unwrap().check_spawns().unwrap_err();
    /// assert_eq!((e.line, e.column), (3, 3));
    /// ```
    pub fn check_spawns(&self) -> Result<(), ParseError> {
        match [self.pacman_start(), self.ghost_start()]
            .into_iter()
            .find(|&c| self.is_wall_cell(c))
        {
            Some(c) => {
                let (x, y) = self.xy(c);
                Err(ParseError::new(self.height - y + 1, x + 1, WALLED_SPAWN))
            }
            None => Ok(()),
        }
    }

    /// The open cells one step up, right, down and left of `cell` (in that order).
    pub fn open_neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        let (x, y) = self.xy(cell);
        let (w, h) = (self.width, self.height);
        [
            (y + 1 < h).then(|| self.cell(x, y + 1)),
            (x + 1 < w).then(|| self.cell(x + 1, y)),
            (y > 0).then(|| self.cell(x, y - 1)),
            (x > 0).then(|| self.cell(x - 1, y)),
        ]
        .into_iter()
        .flatten()
        .filter(|&c| !self.walls[c as usize])
    }

    /// The same map with the cell at `row` (from the top) and `col` a wall or open; the
    /// spawn cells stay open.
    ///
    /// ```
    /// use gridlab::games::gpac::Map;
    /// let m = Map::parse("3 2\n~~~\n~~~\n").unwrap();
    /// assert_eq!(m.painted(0, 1, true).unwrap().to_text(), "3 2\n~#~\n~~~\n");
    /// assert!(m.painted(0, 0, true).is_err(), "Pac-Man's start");
    /// ```
    pub fn painted(&self, row: usize, col: usize, wall: bool) -> Result<Map, PaintError> {
        if row >= self.height || col >= self.width {
            return Err(PaintError::Outside { row, col });
        }
        let cell = self.cell(col, self.height - 1 - row);
        if wall && (cell == self.pacman_start() || cell == self.ghost_start()) {
            return Err(PaintError::Spawn);
        }
        let mut map = self.clone();
        map.walls[cell as usize] = wall;
        Ok(map)
    }

    /// The same map with `rows` × `cols` cells (at least 1 × [`MIN_CELLS`]): kept cells stay
    /// (counted from the top-left), new ones are open, and the spawn cells, which move
    /// with the corners, are open.
    ///
    /// ```
    /// use gridlab::games::gpac::Map;
    /// let m = Map::parse("3 2\n~##\n##~\n").unwrap();
    /// assert_eq!(m.resized(3, 4).to_text(), "4 3\n~##~\n##~~\n~~~~\n");
    /// ```
    pub fn resized(&self, rows: usize, cols: usize) -> Map {
        let (rows, cols) = (rows.clamp(1, MAX_SIDE), cols.clamp(MIN_CELLS, MAX_SIDE));
        let mut map = Map::open(cols, rows);
        for r in 0..rows.min(self.height) {
            for c in 0..cols.min(self.width) {
                let wall = self.is_wall(c, self.height - 1 - r);
                map.walls[c + (rows - 1 - r) * cols] = wall;
            }
        }
        let (pac, ghost) = (map.pacman_start(), map.ghost_start());
        map.walls[pac as usize] = false;
        map.walls[ghost as usize] = false;
        map
    }

    /// BFS distances (4-neighbour, through open cells) from `from` to every cell;
    /// [`FAR`] where unreachable.
    pub fn distances_from(&self, from: Cell) -> Vec<u16> {
        let mut dist = DistanceMap::new(self.len());
        if !self.walls[from as usize] {
            dist.flood([from as usize], |c| {
                self.open_neighbours(c as Cell).map(|n| n as usize)
            });
        }
        dist.into_vec()
    }

    /// Number of open cells with exactly one open neighbour (dead ends), the second
    /// objective of map evolution 1d.
    pub fn dead_ends(&self) -> usize {
        (0..self.len() as Cell)
            .filter(|&c| !self.walls[c as usize] && self.open_neighbours(c).count() == 1)
            .count()
    }
}

/// No neighbour in that direction.
pub const NONE: Cell = Cell::MAX;

/// The open neighbours of every cell, up, right, down, left ([`NONE`] where a wall or
/// the edge is), its coordinates and its rank in x-major order, for fast searches.
#[derive(Clone, Debug)]
pub struct Steps {
    /// Every cell's neighbours, coordinates and rank.
    pub(super) cells: Vec<CellInfo>,
    /// The cell of every rank.
    pub(super) by_rank: Vec<Cell>,
}

/// What a search reads about a cell, together.
#[derive(Clone, Copy, Debug)]
pub(super) struct CellInfo {
    /// The neighbours up, right, down, left ([`NONE`] for none).
    pub(super) next: [Cell; 4],
    /// x.
    pub(super) x: i32,
    /// y.
    pub(super) y: i32,
    /// The rank in x-major order, x·H + y: ranks order cells as (x, y) pairs do.
    pub(super) rank: u32,
}

impl Steps {
    /// The neighbour table of `map`.
    pub fn new(map: &Map) -> Steps {
        let (w, h) = (map.width(), map.height());
        let cells = (0..map.len() as Cell)
            .map(|c| {
                let (x, y) = map.xy(c);
                let open = |ok: bool, n: usize| {
                    if ok && !map.is_wall_cell(n as Cell) {
                        n as Cell
                    } else {
                        NONE
                    }
                };
                CellInfo {
                    next: [
                        open(y + 1 < h, c as usize + w),
                        open(x + 1 < w, c as usize + 1),
                        open(y > 0, (c as usize).wrapping_sub(w)),
                        open(x > 0, (c as usize).wrapping_sub(1)),
                    ],
                    x: x as i32,
                    y: y as i32,
                    rank: (x * h + y) as u32,
                }
            })
            .collect();
        let by_rank = (0..w)
            .flat_map(|x| (0..h).map(move |y| (x + y * w) as Cell))
            .collect();
        Steps { cells, by_rank }
    }

    /// The (x, y) of a cell, from a table.
    #[inline]
    pub fn xy(&self, cell: Cell) -> (i32, i32) {
        let info = &self.cells[cell as usize];
        (info.x, info.y)
    }

    /// The neighbours of `cell` (up, right, down, left; [`NONE`] for none).
    #[inline]
    pub fn of(&self, cell: Cell) -> [Cell; 4] {
        self.cells[cell as usize].next
    }
}
