//! Error types shared by every game: level parsing and move replay.

use serde::Serialize;

/// A level text that could not be parsed, with the 1-based line and column of the
/// offending character.
///
/// ```
/// use gridlab::error::ParseError;
/// let e = ParseError::new(2, 5, "unknown cell 'x'");
/// assert_eq!(e.to_string(), "line 2, column 5: unknown cell 'x'");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number (in characters).
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

impl ParseError {
    /// A parse error at `line`:`column` (both 1-based).
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        Self {
            line,
            column,
            message: message.into(),
        }
    }
}

/// A move string that cannot be replayed: the 0-based index of the first bad move.
/// It displays as the 1-based position, the character and the reason.
///
/// ```
/// use gridlab::error::MoveError;
/// let e = MoveError::new(3, '5', "not a direction");
/// assert_eq!(e.to_string(), "4 ('5'): not a direction");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{} ('{symbol}'): {message}", index + 1)]
pub struct MoveError {
    /// 0-based index of the move in the move string.
    pub index: usize,
    /// The offending character.
    pub symbol: char,
    /// Why the move is not allowed.
    pub message: String,
}

impl MoveError {
    /// An illegal move at 0-based `index`.
    pub fn new(index: usize, symbol: char, message: impl Into<String>) -> Self {
        Self {
            index,
            symbol,
            message: message.into(),
        }
    }
}
