//! The text format the courses share for grids: a header line `ROWS COLS`, then one
//! line per row, one character per cell.

use crate::error::ParseError;
use crate::grid::{Grid, Pos};

/// Parse a course grid. `cell` maps each character (with its position) to a cell, or
/// to an error whose message is reported at that line and column. Short rows are padded
/// with `pad` (editors trim trailing spaces), spaces past the last column are ignored,
/// `\r\n` is accepted, trailing blank lines are ignored; anything else is an error.
///
/// ```
/// use gridlab::error::UnknownSymbol;
/// use gridlab::grid_text::parse_grid;
/// let grid = parse_grid("2 3\n#.#\n#", '.', 100, |_, c| Ok::<_, UnknownSymbol>(c)).unwrap();
/// assert_eq!(grid.cells(), &['#', '.', '#', '#', '.', '.']);
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
) -> Result<Grid<T>, ParseError> {
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
    for (i, line) in lines.enumerate() {
        if let Some(col) = line.chars().position(|c| !c.is_whitespace()) {
            return Err(ParseError::new(
                rows + 2 + i,
                col + 1,
                format!("unexpected text after the {rows} rows of the grid"),
            ));
        }
    }
    Ok(Grid::from_cells(rows, cols, cells).expect("rows × cols cells"))
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
