//! Error types shared by every game: level parsing, move replay, settings and names.

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

/// Longest piece of a user's text an error message quotes ([`excerpt`]).
pub const MAX_EXCERPT: usize = 40;

/// `text` as an error message quotes it: at most [`MAX_EXCERPT`] characters, then `…`
/// (a 10 MB token pasted by mistake makes a one-line message, not a 10 MB one).
///
/// ```
/// use gridlab::error::excerpt;
/// assert_eq!(excerpt("abc"), "abc");
/// assert_eq!(excerpt(&"#".repeat(100)), format!("{}…", "#".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(MAX_EXCERPT) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
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

/// A character that is none of a format's symbols (a level's cell, a palette's),
/// with the symbols it may be.
///
/// ```
/// use gridlab::error::UnknownSymbol;
/// let e = UnknownSymbol::new("cell", '?', "one of '#', ' ', 'P'");
/// assert_eq!(e.to_string(), "unknown cell '?' (expected one of '#', ' ', 'P')");
/// assert_eq!(UnknownSymbol::new("cell", '\t', "'#'").to_string(), r"unknown cell '\t' (expected '#')");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("unknown {what} '{}' (expected {expected})", symbol.escape_debug())]
pub struct UnknownSymbol {
    /// What the symbol stands for (`cell`, `site`).
    pub what: &'static str,
    /// The character given.
    pub symbol: char,
    /// The symbols accepted, as the message lists them.
    pub expected: &'static str,
}

impl UnknownSymbol {
    /// `symbol` is no `what`; `expected` lists the accepted ones.
    pub fn new(what: &'static str, symbol: char, expected: &'static str) -> Self {
        Self {
            what,
            symbol,
            expected,
        }
    }
}

/// A setting outside its stated limits, named by its field (`pill_density`, `mu`,
/// ...). Front ends spell the field their own way (`--pill-density`, `[EA_configs]
/// mu` with its line).
///
/// ```
/// use gridlab::error::FieldError;
/// let e = FieldError::check_number("fruit_prob", 1.5, 0.0, 1.0).unwrap_err();
/// assert_eq!(e.to_string(), "fruit_prob: 1.5 is not between 0 and 1");
/// assert!(FieldError::check_count("mu", 200, 1, 100_000).is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{field}: {message}")]
pub struct FieldError {
    /// The field's name, as in the data structure (snake case).
    pub field: &'static str,
    /// What is wrong with its value.
    pub message: String,
}

impl FieldError {
    /// An error about `field`.
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
        }
    }

    /// `value` must be a finite number in `min..=max`.
    pub fn check_number(field: &'static str, value: f64, min: f64, max: f64) -> Result<(), Self> {
        if value.is_finite() && (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(Self::new(
                field,
                format!("{value} is not between {min} and {max}"),
            ))
        }
    }

    /// `value` must be a count in `min..=max`.
    pub fn check_count(
        field: &'static str,
        value: usize,
        min: usize,
        max: usize,
    ) -> Result<(), Self> {
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(Self::new(
                field,
                format!("{value} is not between {min} and {max}"),
            ))
        }
    }
}

/// A name that is none of an enum's names: what it should have named, the name given
/// and the names accepted.
///
/// ```
/// use gridlab::games::arena::BotKind;
/// let e = "robot".parse::<BotKind>().unwrap_err();
/// assert_eq!(e.to_string(), "bot must be greedy, hunter or miner, not 'robot'");
/// assert_eq!("Miner".parse::<BotKind>(), Ok(BotKind::Miner));
/// assert_eq!(BotKind::Miner.to_string(), "miner");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{what} must be {}, not '{given}'", one_of(expected))]
pub struct NameError {
    /// What the name is of (`bot`, `pill placement`, ...).
    pub what: &'static str,
    /// The name given.
    pub given: String,
    /// The names accepted.
    pub expected: &'static [&'static str],
}

/// `a`, `a or b`, `a, b or c`.
fn one_of(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// `FromStr` (any ASCII case, a [`NameError`] otherwise) and `Display` for a
/// fieldless enum, from one table of its names:
/// `names!(BotKind, "bot", { BotKind::Greedy => "greedy", ... });`
#[macro_export]
macro_rules! names {
    ($ty:ty, $what:literal, { $($variant:path => $name:literal),+ $(,)? }) => {
        impl std::str::FromStr for $ty {
            type Err = $crate::error::NameError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $(if s.eq_ignore_ascii_case($name) {
                    return Ok($variant);
                })+
                Err($crate::error::NameError {
                    what: $what,
                    given: $crate::error::excerpt(s),
                    expected: &[$($name),+],
                })
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(match self {
                    $($variant => $name,)+
                })
            }
        }
    };
}
