//! The text format the courses share for grids: a header line `ROWS COLS`, then one
//! line per row, one character per cell; after a blank line below the grid, notes.

use crate::error::ParseError;
use crate::grid::{Grid, Pos};
use serde::Serialize;

/// Text after a blank line below a grid (the course's own Act-Man sample `sampledungeon2`
/// ends with a blank line and `64W41714`): kept as notes, not read as cells, and
/// reported with [`Notes::warning`].
///
/// ```
/// use gridlab::grid_text::parse_grid;
/// let (_, notes) = parse_grid("1 2\nab\n\n64W41714\n", '.', 100, |_, c| Ok::<_, String>(c)).unwrap();
/// assert_eq!(notes.lines, ["64W41714"]);
/// assert_eq!(
///     notes.warning().unwrap(),
///     "line 4: text after the grid, read as notes: `64W41714`"
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Notes {
    /// The 1-based line number of the first line of notes (0 when there are none).
    pub line: usize,
    /// The lines, from the first with text to the last with text (line ends removed).
    pub lines: Vec<String>,
}

impl Notes {
    /// Whether there are no notes.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The warning a reader gives for the notes, naming the first line (`None`
    /// without notes): "line 10: text after the grid, read as notes: `64W41714`".
    pub fn warning(&self) -> Option<String> {
        let first = crate::error::excerpt(self.lines.first()?.trim());
        Some(match self.lines.len() {
            1 => format!(
                "line {}: text after the grid, read as notes: `{first}`",
                self.line
            ),
            n => format!(
                "lines {}-{}: text after the grid, read as notes: `{first}` and {} more lines",
                self.line,
                self.line + n - 1,
                n - 1
            ),
        })
    }
}

/// Parse a course grid. `cell` maps each character (with its position) to a cell, or
/// to an error whose message is reported at that line and column. Short rows are padded
/// with `pad` (editors trim trailing spaces), spaces past the last column are ignored,
/// `\r\n` is accepted, trailing blank lines are ignored, text after a blank line below
/// the grid is returned as [`Notes`]; anything else (text right under the last row: a
/// wrong row count) is an error.
///
/// ```
/// use gridlab::error::UnknownSymbol;
/// use gridlab::grid_text::parse_grid;
/// let (grid, notes) = parse_grid("2 3\n#.#\n#", '.', 100, |_, c| Ok::<_, UnknownSymbol>(c)).unwrap();
/// assert_eq!(grid.cells(), &['#', '.', '#', '#', '.', '.']);
/// assert!(notes.is_empty());
/// let err = parse_grid("1 1\n#\nnotes", '.', 100, |_, c| Ok::<_, UnknownSymbol>(c)).unwrap_err();
/// assert_eq!((err.line, err.column), (3, 1));
/// let err = parse_grid("1 2\nab", '.', 100, |_, c| match c {
///     'a' => Ok(c),
///     _ => Err(UnknownSymbol::new("cell", c, "'a'")),
/// })
/// .unwrap_err();
/// assert_eq!((err.line, err.column), (2, 2));
/// assert_eq!(err.message, "unknown cell 'b' (expected 'a')");
/// ```
pub fn parse_grid<T: Clone, E: std::fmt::Display>(
    text: &str,
    pad: char,
    max_cells: usize,
    mut cell: impl FnMut(Pos, char) -> Result<T, E>,
) -> Result<(Grid<T>, Notes), ParseError> {
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let (rows, cols) = parse_header(lines.next().unwrap_or(""), max_cells)?;
    let mut cells = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        let line_no = row + 2;
        let line = lines.next().ok_or_else(|| {
            ParseError::new(
                line_no,
                1,
                format!("expected {rows} rows after the header, found {row}"),
            )
        })?;
        let mut width = 0;
        for (col, c) in line.chars().enumerate() {
            if col >= cols {
                if c == ' ' {
                    continue;
                }
                return Err(ParseError::new(
                    line_no,
                    col + 1,
                    format!("row is longer than the {cols} columns of the header"),
                ));
            }
            width = col + 1;
            let value = cell(Pos::new(row, col), c)
                .map_err(|e| ParseError::new(line_no, col + 1, e.to_string()))?;
            cells.push(value);
        }
        for col in width..cols {
            let value = cell(Pos::new(row, col), pad)
                .map_err(|e| ParseError::new(line_no, col + 1, e.to_string()))?;
            cells.push(value);
        }
    }
    let rest: Vec<&str> = lines.collect();
    let has_text = |line: &str| line.chars().any(|c| !c.is_whitespace());
    if let Some(line) = rest.first().filter(|l| has_text(l)) {
        let col = line.chars().position(|c| !c.is_whitespace()).unwrap_or(0);
        return Err(ParseError::new(
            rows + 2,
            col + 1,
            format!(
                "unexpected text after the {rows} rows of the grid (notes must follow a blank line)"
            ),
        ));
    }
    let mut notes = Notes::default();
    if let (Some(first), Some(last)) = (
        rest.iter().position(|l| has_text(l)),
        rest.iter().rposition(|l| has_text(l)),
    ) {
        notes.line = rows + 2 + first;
        notes.lines = rest[first..=last].iter().map(|l| l.to_string()).collect();
    }
    let grid = Grid::from_cells(rows, cols, cells).expect("rows × cols cells");
    Ok((grid, notes))
}

fn parse_header(header: &str, max_cells: usize) -> Result<(usize, usize), ParseError> {
    let mut fields = header.split_whitespace();
    let mut number = |name: &str| -> Result<usize, ParseError> {
        let column = |field: &str| field.as_ptr() as usize - header.as_ptr() as usize + 1;
        match fields.next() {
            None => Err(ParseError::new(
                1,
                header.chars().count() + 1,
                format!("the header must be 'ROWS COLS': {name} is missing"),
            )),
            Some(f) => match f.parse::<usize>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(ParseError::new(
                    1,
                    column(f),
                    format!(
                        "{name} must be a positive whole number, found '{}'",
                        crate::error::excerpt(f)
                    ),
                )),
            },
        }
    };
    let rows = number("ROWS")?;
    let cols = number("COLS")?;
    if let Some(extra) = fields.next() {
        let col = extra.as_ptr() as usize - header.as_ptr() as usize + 1;
        return Err(ParseError::new(
            1,
            col,
            "the header must be 'ROWS COLS' and nothing else",
        ));
    }
    if rows.saturating_mul(cols) > max_cells {
        return Err(ParseError::new(
            1,
            1,
            format!("a {rows} × {cols} grid is larger than the {max_cells} cells supported"),
        ));
    }
    Ok((rows, cols))
}
