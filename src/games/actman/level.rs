//! The Act-Man II dungeon and its course text format (`ROWS COLS`, then the rows).

use crate::error::ParseError;
use crate::grid::{Grid, Pos};
use crate::grid_text::{parse_grid, Notes};
use serde::Serialize;

/// Largest dungeon accepted, in cells.
pub const MAX_CELLS: usize = 4_000_000;

/// The two kinds of monster, which differ only in how they break ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// `G`: prefers the first of N, NE, E, SE, S, SW, W, NW (clockwise).
    Ogre,
    /// `D`: prefers the first of N, NW, W, SW, S, SE, E, NE (counter-clockwise).
    Demon,
}

impl Kind {
    /// The monster's character in the course format.
    pub const fn symbol(self) -> char {
        match self {
            Kind::Ogre => 'G',
            Kind::Demon => 'D',
        }
    }
}

/// Why the editor may not paint a cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PaintError {
    /// The cell is outside the dungeon.
    #[error("{0} is outside the dungeon")]
    Outside(Pos),
    /// Not a course symbol.
    #[error("unknown cell '{}' (expected one of '#', ' ', 'A', 'G', 'D', '@')", .0.escape_debug())]
    Symbol(char),
    /// Painting over Act-Man (a dungeon always has him).
    #[error("Act-Man stands here: move Act-Man first")]
    OverActman,
}

/// A dungeon: walls, Act-Man's cell, the monsters and the corpses at the start.
///
/// ```
/// use gridlab::games::actman::Dungeon;
/// let d = Dungeon::parse("3 6\n######\n#A @G#\n######\n").unwrap();
/// assert_eq!(d.monsters.len(), 1);
/// assert_eq!(d.corpses.len(), 1);
/// assert_eq!(d.to_text(), "3 6\n######\n#A @G#\n######\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dungeon {
    /// `true` for wall cells.
    pub walls: Grid<bool>,
    /// Act-Man's cell.
    pub actman: Pos,
    /// The living monsters, in reading order.
    pub monsters: Vec<(Pos, Kind)>,
    /// The corpses, in reading order.
    pub corpses: Vec<Pos>,
    /// Text after a blank line below the grid, kept as read (not written back by
    /// [`Dungeon::to_text`]); [`Dungeon::warnings`] reports it.
    pub notes: Notes,
}

impl Dungeon {
    /// Parse the course format: `#` wall, ` ` space, `A` Act-Man (exactly one), `G`
    /// ogre, `D` demon, `@` corpse. Short rows are padded with space; text after a
    /// blank line below the grid is kept as [`Dungeon::notes`]; errors name the line
    /// and column.
    ///
    /// ```
    /// use gridlab::games::actman::Dungeon;
    /// let e = Dungeon::parse("3 5\n#####\n#A?G#\n#####").unwrap_err();
    /// assert_eq!((e.line, e.column), (3, 3));
    /// let d = Dungeon::parse("3 5\n#####\n#A G#\n#####\n\n64W41714\n").unwrap();
    /// assert_eq!(d.notes.lines, ["64W41714"]);
    /// assert_eq!(
    ///     d.warnings(),
    ///     ["line 6: text after the grid, read as notes: `64W41714`"]
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<Dungeon, ParseError> {
        let mut actman: Option<Pos> = None;
        let mut monsters = Vec::new();
        let mut corpses = Vec::new();
        let (walls, notes) = parse_grid(text, ' ', MAX_CELLS, |pos, c| {
            match c {
                '#' => return Ok(true),
                ' ' => {}
                'A' => {
                    if let Some(first) = actman {
                        return Err(format!(
                            "a second Act-Man 'A' (the first is at line {}, column {})",
                            first.row + 2,
                            first.col + 1
                        ));
                    }
                    actman = Some(pos);
                }
                'G' => monsters.push((pos, Kind::Ogre)),
                'D' => monsters.push((pos, Kind::Demon)),
                '@' => corpses.push(pos),
                c => {
                    return Err(format!(
                        "unknown cell '{}' (expected one of '#', ' ', 'A', 'G', 'D', '@')",
                        c.escape_debug()
                    ))
                }
            }
            Ok(false)
        })?;
        let actman = actman.ok_or_else(|| {
            ParseError::new(walls.rows() + 1, 1, "the dungeon has no Act-Man 'A'")
        })?;
        Ok(Dungeon {
            walls,
            actman,
            monsters,
            corpses,
            notes,
        })
    }

    /// What a reader should be told about the text besides errors: the notes after
    /// the grid, by line.
    pub fn warnings(&self) -> Vec<String> {
        self.notes.warning().into_iter().collect()
    }

    /// The dungeon in the course format, each line ending in `\n`.
    pub fn to_text(&self) -> String {
        let mut grid = self.render();
        grid[self.actman] = 'A';
        format!(
            "{} {}\n{}",
            self.walls.rows(),
            self.walls.cols(),
            rows_text(&grid)
        )
    }

    /// The walls, corpses and monsters as course characters (no Act-Man).
    pub(crate) fn render(&self) -> Grid<char> {
        let mut grid = Grid::filled(self.walls.rows(), self.walls.cols(), ' ');
        for (i, &wall) in self.walls.cells().iter().enumerate() {
            if wall {
                grid[i] = '#';
            }
        }
        for &c in &self.corpses {
            grid[c] = '@';
        }
        for &(p, kind) in &self.monsters {
            grid[p] = kind.symbol();
        }
        grid
    }

    /// Paint one cell with a course symbol: `#`, ` `, `G`, `D`, `@`, or `A` (moves
    /// Act-Man there). Painting over Act-Man is refused, so a dungeon always has him.
    ///
    /// ```
    /// use gridlab::games::actman::Dungeon;
    /// use gridlab::grid::Pos;
    /// let mut d = Dungeon::parse("3 6\n######\n#A   #\n######").unwrap();
    /// d.paint(Pos::new(1, 4), 'G').unwrap();
    /// d.paint(Pos::new(1, 3), '@').unwrap();
    /// d.paint(Pos::new(1, 2), 'A').unwrap();
    /// assert_eq!(d.to_text(), "3 6\n######\n# A@G#\n######\n");
    /// assert_eq!(
    ///     d.paint(Pos::new(1, 2), '#').unwrap_err().to_string(),
    ///     "Act-Man stands here: move Act-Man first"
    /// );
    /// ```
    pub fn paint(&mut self, pos: Pos, symbol: char) -> Result<(), PaintError> {
        if !self.walls.contains(pos) {
            return Err(PaintError::Outside(pos));
        }
        if !matches!(symbol, '#' | ' ' | 'A' | 'G' | 'D' | '@') {
            return Err(PaintError::Symbol(symbol));
        }
        if pos == self.actman && symbol != 'A' {
            return Err(PaintError::OverActman);
        }
        self.monsters.retain(|&(p, _)| p != pos);
        self.corpses.retain(|&p| p != pos);
        self.walls[pos] = symbol == '#';
        match symbol {
            'A' => self.actman = pos,
            'G' => self.monsters.push((pos, Kind::Ogre)),
            'D' => self.monsters.push((pos, Kind::Demon)),
            '@' => self.corpses.push(pos),
            _ => {}
        }
        self.monsters.sort();
        self.corpses.sort();
        Ok(())
    }

    /// The same dungeon with `rows × cols` cells: kept cells stay, new cells are
    /// space, the outer ring becomes wall (removing what stood there), and Act-Man is
    /// moved inside if he fell off.
    ///
    /// ```
    /// use gridlab::games::actman::Dungeon;
    /// let d = Dungeon::parse("3 5\n#####\n#A G#\n#####").unwrap();
    /// assert_eq!(d.resized(3, 4).to_text(), "3 4\n####\n#A #\n####\n");
    /// ```
    pub fn resized(&self, rows: usize, cols: usize) -> Dungeon {
        let rows = rows.clamp(3, 1000);
        let cols = cols.clamp(3, 1000);
        let inside = |p: Pos| p.row > 0 && p.col > 0 && p.row < rows - 1 && p.col < cols - 1;
        let kept =
            |p: Pos| inside(p) && p.row < self.walls.rows() - 1 && p.col < self.walls.cols() - 1;
        let mut walls = Grid::filled(rows, cols, false);
        for r in 0..rows {
            for c in 0..cols {
                let p = Pos::new(r, c);
                walls[p] = !inside(p) || (kept(p) && self.walls[p]);
            }
        }
        let actman = Pos::new(
            self.actman.row.clamp(1, rows - 2),
            self.actman.col.clamp(1, cols - 2),
        );
        walls[actman] = false;
        let free = |p: Pos| kept(p) && p != actman;
        Dungeon {
            walls,
            actman,
            monsters: self
                .monsters
                .iter()
                .copied()
                .filter(|&(p, _)| free(p))
                .collect(),
            corpses: self.corpses.iter().copied().filter(|&p| free(p)).collect(),
            notes: self.notes.clone(),
        }
    }

    /// Whether `p` is a wall (cells outside the grid count as walls).
    pub fn is_wall(&self, p: Pos) -> bool {
        self.walls.get(p).copied().unwrap_or(true)
    }
}

/// The rows of a character grid, each followed by `\n`.
pub(crate) fn rows_text(grid: &Grid<char>) -> String {
    let mut out = String::with_capacity(grid.len() + grid.rows());
    for row in grid.row_slices() {
        out.extend(row);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_place() {
        let cases = [
            ("3 5\n#####\n#A A#\n#####", (3, 4)),
            ("3 5\n#####\n#   #\n#####", (4, 1)),
            ("3 5\n#####\n#AX #\n#####", (3, 3)),
            ("3 5\n#####\n#A  #", (4, 1)),
            ("a 5\n", (1, 1)),
        ];
        for (text, place) in cases {
            let e = Dungeon::parse(text).unwrap_err();
            assert_eq!((e.line, e.column), place, "{text:?}: {e}");
        }
    }

    #[test]
    fn short_rows_are_padded_with_space() {
        let d = Dungeon::parse("3 5\r\n#####\r\n#A\r\n#####\r\n").unwrap();
        assert_eq!(d.to_text(), "3 5\n#####\n#A   \n#####\n");
    }
}
