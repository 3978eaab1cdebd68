//! The Pengu field and its course text format (`ROWS COLS`, then the rows).

use crate::error::{ParseError, UnknownSymbol};
use crate::games::session::EditError;
use crate::grid::{Grid, Pos};
use crate::grid_text::{parse_grid, Notes};
use serde::Serialize;

/// Largest field accepted, in cells (the course mentions 2500 × 2500 fields).
pub const MAX_CELLS: usize = 16_000_000;

/// The longest side [`Level::resized`] makes: a square of it stays within
/// [`MAX_CELLS`], so a resized level always reads back.
pub const MAX_RESIZED_SIDE: usize = 4_000;

/// One cell of the frozen field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Tile {
    /// `#`: Pengu stops before it.
    Wall,
    /// ` `: Pengu slides over it.
    Ice,
    /// `0`: Pengu stops on it.
    Snow,
    /// `*`: a fish on ice, eaten when Pengu slides over it.
    Fish,
    /// `U`: a bear; Pengu dies on it.
    Bear,
    /// `S`: a shark; Pengu dies on it.
    Shark,
}

impl Tile {
    /// The tile's character in the course format.
    pub const fn symbol(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Ice => ' ',
            Tile::Snow => '0',
            Tile::Fish => '*',
            Tile::Bear => 'U',
            Tile::Shark => 'S',
        }
    }

    /// The tile for a character, if it is one (`P` is not a tile: Pengu stands on ice).
    pub const fn from_symbol(c: char) -> Option<Tile> {
        Some(match c {
            '#' => Tile::Wall,
            ' ' => Tile::Ice,
            '0' => Tile::Snow,
            '*' => Tile::Fish,
            'U' => Tile::Bear,
            'S' => Tile::Shark,
            _ => return None,
        })
    }

    /// Whether Pengu dies on entering this tile.
    pub const fn is_hazard(self) -> bool {
        matches!(self, Tile::Bear | Tile::Shark)
    }
}

/// A Pengu field: the tiles and Pengu's start cell (which is ice).
///
/// ```
/// use gridlab::games::pengu::Level;
/// let level = Level::parse("3 5\n#####\n#P *#\n#####\n").unwrap();
/// assert_eq!(level.fish_count(), 1);
/// assert_eq!(level.to_text(), "3 5\n#####\n#P *#\n#####\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    /// The tiles, with ice under Pengu.
    pub tiles: Grid<Tile>,
    /// Pengu's start cell.
    pub start: Pos,
    /// Text after a blank line below the grid, kept as read (not written back by
    /// [`Level::to_text`]); [`Level::warnings`] reports it.
    pub notes: Notes,
}

impl Level {
    /// Parse the course format. Short rows are padded with ice, `\r\n` is accepted,
    /// trailing blank lines are ignored, text after a blank line below the grid is kept
    /// as [`Level::notes`]; anything else is an error with its line and column.
    ///
    /// ```
    /// use gridlab::games::pengu::Level;
    /// let err = Level::parse("3 4\n####\n#Px#\n####").unwrap_err();
    /// assert_eq!((err.line, err.column), (3, 3));
    /// let level = Level::parse("3 4\n####\n#P*#\n####\n\nbest: 6\n").unwrap();
    /// assert_eq!(level.warnings(), ["line 6: text after the grid, read as notes: `best: 6`"]);
    /// ```
    pub fn parse(text: &str) -> Result<Level, ParseError> {
        let mut start: Option<Pos> = None;
        let (tiles, notes) = parse_grid(text, ' ', MAX_CELLS, |pos, c| match c {
            'P' => match start {
                Some(first) => Err(CellError::SecondPengu(first)),
                None => {
                    start = Some(pos);
                    Ok(Tile::Ice)
                }
            },
            c => Tile::from_symbol(c).ok_or_else(|| CellError::Unknown(unknown_cell(c))),
        })?;
        let start = start.ok_or_else(|| {
            ParseError::new(
                tiles.rows() + 1,
                1,
                "the field has no Pengu 'P'".to_string(),
            )
        })?;
        Ok(Level {
            tiles,
            start,
            notes,
        })
    }

    /// What a reader should be told about the text besides errors: the notes after
    /// the grid, by line.
    pub fn warnings(&self) -> Vec<String> {
        self.notes.warning().into_iter().collect()
    }

    /// The level in the course format, one line per row, each ending in `\n`.
    pub fn to_text(&self) -> String {
        format!(
            "{} {}\n{}",
            self.tiles.rows(),
            self.tiles.cols(),
            render_rows(&self.tiles, Some((self.start, 'P')))
        )
    }

    /// Paint one cell with a course symbol (`P` moves Pengu there; painting over
    /// Pengu's cell with another tile is refused, so a level always has a Pengu).
    ///
    /// ```
    /// use gridlab::games::pengu::{Level, Tile};
    /// use gridlab::grid::Pos;
    /// let mut level = Level::parse("3 5\n#####\n#P  #\n#####").unwrap();
    /// level.paint(Pos::new(1, 3), '*').unwrap();
    /// level.paint(Pos::new(1, 2), 'P').unwrap();
    /// assert_eq!(level.to_text(), "3 5\n#####\n# P*#\n#####\n");
    /// let e = level.paint(Pos::new(1, 2), '#').unwrap_err();
    /// assert_eq!(e.to_string(), "Pengu stands here: move Pengu first");
    /// ```
    pub fn paint(&mut self, pos: Pos, symbol: char) -> Result<(), EditError> {
        if !self.tiles.contains(pos) {
            return Err(EditError::Outside {
                at: pos,
                board: "field",
            });
        }
        if symbol == 'P' {
            self.tiles[pos] = Tile::Ice;
            self.start = pos;
            return Ok(());
        }
        let tile = Tile::from_symbol(symbol).ok_or_else(|| unknown_cell(symbol))?;
        if pos == self.start {
            return Err(EditError::Occupied {
                piece: "Pengu",
                it: "Pengu",
            });
        }
        self.tiles[pos] = tile;
        Ok(())
    }

    /// The same level with `rows × cols` cells (each side from 3 to
    /// [`MAX_RESIZED_SIDE`]): kept cells stay, new cells are ice,
    /// the outer ring becomes wall, and Pengu is moved inside if it fell off.
    ///
    /// ```
    /// use gridlab::games::pengu::Level;
    /// let level = Level::parse("3 4\n####\n#P*#\n####").unwrap();
    /// assert_eq!(level.resized(4, 5).to_text(), "4 5\n#####\n#P* #\n#   #\n#####\n");
    /// ```
    pub fn resized(&self, rows: usize, cols: usize) -> Level {
        let rows = rows.clamp(3, MAX_RESIZED_SIDE);
        let cols = cols.clamp(3, MAX_RESIZED_SIDE);
        let mut tiles = Grid::filled(rows, cols, Tile::Ice);
        for r in 0..rows {
            for c in 0..cols {
                let p = Pos::new(r, c);
                tiles[p] = if r == 0 || c == 0 || r == rows - 1 || c == cols - 1 {
                    Tile::Wall
                } else if r < self.tiles.rows() - 1 && c < self.tiles.cols() - 1 {
                    self.tiles[p]
                } else {
                    Tile::Ice
                };
            }
        }
        let start = Pos::new(
            self.start.row.clamp(1, rows - 2),
            self.start.col.clamp(1, cols - 2),
        );
        tiles[start] = Tile::Ice;
        Level {
            tiles,
            start,
            notes: self.notes.clone(),
        }
    }

    /// Number of fish on the field.
    pub fn fish_count(&self) -> usize {
        self.tiles
            .cells()
            .iter()
            .filter(|&&t| t == Tile::Fish)
            .count()
    }
}

/// The rows of `tiles`, each followed by `\n`, with an optional marker character
/// drawn over one cell.
pub(crate) fn render_rows(tiles: &Grid<Tile>, marker: Option<(Pos, char)>) -> String {
    let mut out = String::with_capacity(tiles.len() + tiles.rows());
    for (r, row) in tiles.row_slices().enumerate() {
        for (c, t) in row.iter().enumerate() {
            match marker {
                Some((p, m)) if p == Pos::new(r, c) => out.push(m),
                _ => out.push(t.symbol()),
            }
        }
        out.push('\n');
    }
    out
}

/// Why a cell of a field's text does not parse.
#[derive(Debug, thiserror::Error)]
enum CellError {
    /// A second `P` (the first at this cell).
    #[error("a second Pengu 'P' (the first is at line {}, column {})", .0.row + 2, .0.col + 1)]
    SecondPengu(Pos),
    /// A character that is no tile.
    #[error(transparent)]
    Unknown(UnknownSymbol),
}

/// `c` is no course symbol of Pengu.
fn unknown_cell(c: char) -> UnknownSymbol {
    UnknownSymbol::new("cell", c, "one of '#', ' ', '0', '*', 'U', 'S', 'P'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_short_rows_and_accepts_crlf() {
        let level = Level::parse("3 5 \r\n#####\r\n#P\r\n#####\r\n").unwrap();
        assert_eq!(level.tiles.cols(), 5);
        assert_eq!(level.to_text(), "3 5\n#####\n#P   \n#####\n");
    }

    #[test]
    fn errors_name_the_place() {
        let cases = [
            ("", (1, 1)),
            ("3", (1, 2)),
            ("x 4", (1, 1)),
            ("3 -4", (1, 3)),
            ("3 4 5", (1, 5)),
            ("3 4\n####\n#P #", (4, 1)),
            ("3 4\n####\n#P ##\n####", (3, 5)),
            ("3 4\n####\n#PP#\n####", (3, 3)),
            ("3 4\n####\n#  #\n####", (4, 1)),
            ("3 4\n####\n#P\t#\n####", (3, 3)),
            ("3 4\n####\n#P #\n####\nmore", (5, 1)),
            ("99999 99999\n", (1, 1)),
        ];
        for (text, place) in cases {
            let e = Level::parse(text).unwrap_err();
            assert_eq!((e.line, e.column), place, "{text:?}: {e}");
        }
    }
}
