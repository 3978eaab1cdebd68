//! The plain trace format a student's solver prints (docs/trace-format.md): one
//! expanded state a line, written as its moves from the start, optionally with g and h.
//!
//! ```text
//! # BFS on a1-7x6
//! -
//! 6
//! 2
//! 62 2
//! 7418 4 3
//! ```
//!
//! A line is `MOVES [G] H`: `MOVES` is `-` for the start state or the moves as the
//! game writes them (Pengu: numpad digits); one number after it is h, two are g and h
//! (whole numbers). Blank lines, lines starting with `#`, and anything after a `#`
//! that follows whitespace are comments. Any other text is an error naming its line
//! and column.

use crate::error::{excerpt, ParseError};

/// The most lines a trace may have (comments and blank lines included).
pub const MAX_TRACE_LINES: usize = 1_000_000;

/// The longest line of a trace, in characters.
pub const MAX_TRACE_LINE_CHARS: usize = 10_000;

/// How a trace writes the start state (the empty move string).
pub const START_MARK: &str = "-";

/// One expanded state of a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceLine {
    /// The 1-based line of the text it is on.
    pub line: usize,
    /// The moves from the start (empty for the start state), one symbol each.
    pub moves: String,
    /// The cost from the start the solver printed, if any.
    pub g: Option<u32>,
    /// The heuristic value the solver printed, if any.
    pub h: Option<u32>,
    /// The 1-based column just after the move string (where g or h would go).
    pub after_moves: usize,
}

impl TraceLine {
    /// The number of moves (the depth of the state in the search tree).
    pub fn depth(&self) -> usize {
        self.moves.len()
    }

    /// The move string as a trace writes it: `-` for the start.
    pub fn shown(&self) -> String {
        if self.moves.is_empty() {
            START_MARK.to_string()
        } else {
            excerpt(&self.moves)
        }
    }
}

/// Read a trace whose moves are single ASCII characters from `symbols` (Pengu:
/// `"12346789"`). The error names the line and column of the first problem, and the
/// limits [`MAX_TRACE_LINES`] and [`MAX_TRACE_LINE_CHARS`] when a trace passes them.
///
/// ```
/// use gridlab::search::parse_trace;
/// let lines = parse_trace("# header\n-\n6 1 5\n\n62 3\n", "12346789").unwrap();
/// assert_eq!(lines.len(), 3);
/// assert_eq!((lines[1].line, lines[1].moves.as_str(), lines[1].g, lines[1].h), (3, "6", Some(1), Some(5)));
/// assert_eq!((lines[2].g, lines[2].h), (None, Some(3)));
/// let e = parse_trace("-\n65\n", "12346789").unwrap_err();
/// assert_eq!(e.to_string(), "line 2, column 2: '5' is not a move (moves are 1 2 3 4 6 7 8 9; the start state is -)");
/// ```
pub fn parse_trace(text: &str, symbols: &str) -> Result<Vec<TraceLine>, ParseError> {
    let mut lines = Vec::new();
    // A final newline ends the last line; it does not start another.
    let body = text.strip_suffix('\n').unwrap_or(text);
    for (i, raw) in body.split('\n').enumerate() {
        let number = i + 1;
        if number > MAX_TRACE_LINES {
            return Err(ParseError::new(
                number,
                1,
                format!("more than {MAX_TRACE_LINES} lines: the most a trace may have"),
            ));
        }
        if raw.len() > MAX_TRACE_LINE_CHARS && raw.chars().count() > MAX_TRACE_LINE_CHARS {
            return Err(ParseError::new(
                number,
                MAX_TRACE_LINE_CHARS + 1,
                format!("line longer than {MAX_TRACE_LINE_CHARS} characters: the most a trace line may have"),
            ));
        }
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(line) = parse_line(number, raw, symbols)? {
            lines.push(line);
        }
    }
    if lines.is_empty() {
        return Err(ParseError::new(
            1,
            1,
            "no expanded state in the trace (a line is: moves [g] h, the start is -)",
        ));
    }
    Ok(lines)
}

/// The whitespace-separated fields of `raw` with their byte offsets, up to a comment.
fn fields(raw: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = 0;
    std::iter::from_fn(move || {
        let tail = &raw[rest..];
        let start = rest + tail.find(|c: char| !c.is_whitespace())?;
        let len = raw[start..]
            .find(char::is_whitespace)
            .unwrap_or(raw.len() - start);
        rest = start + len;
        Some((start, &raw[start..start + len]))
    })
    .take_while(|(_, field)| !field.starts_with('#'))
}

/// The 1-based column of byte offset `at` of `raw`.
fn column(raw: &str, at: usize) -> usize {
    raw[..at].chars().count() + 1
}

fn parse_line(number: usize, raw: &str, symbols: &str) -> Result<Option<TraceLine>, ParseError> {
    let mut fields = fields(raw);
    let Some((at, first)) = fields.next() else {
        return Ok(None); // blank, or a comment
    };
    let err = |at: usize, message: String| ParseError::new(number, column(raw, at), message);
    let moves = if first == START_MARK {
        String::new()
    } else {
        if let Some((k, c)) = first.char_indices().find(|&(_, c)| !symbols.contains(c)) {
            let listed: Vec<String> = symbols.chars().map(String::from).collect();
            let why = if c == '-' {
                format!(
                    "'-' stands alone for the start state (moves are {})",
                    listed.join(" ")
                )
            } else {
                format!(
                    "'{}' is not a move (moves are {}; the start state is {START_MARK})",
                    c.escape_debug(),
                    listed.join(" ")
                )
            };
            return Err(err(at + k, why));
        }
        first.to_string()
    };
    let mut numbers = Vec::new();
    for (at, field) in fields {
        if numbers.len() == 2 {
            return Err(err(
                at,
                format!(
                    "unexpected '{}' after g and h (a line is: moves [g] h)",
                    excerpt(field)
                ),
            ));
        }
        let value = field.parse::<u32>().map_err(|_| {
            err(
                at,
                format!(
                    "expected g or h, a whole number from 0 to {}, not '{}'",
                    u32::MAX,
                    excerpt(field)
                ),
            )
        })?;
        numbers.push(value);
    }
    let (g, h) = match numbers[..] {
        [] => (None, None),
        [h] => (None, Some(h)),
        [g, h] => (Some(g), Some(h)),
        _ => unreachable!("at most two numbers are read"),
    };
    Ok(Some(TraceLine {
        line: number,
        moves,
        g,
        h,
        after_moves: column(raw, at + first.len()),
    }))
}
