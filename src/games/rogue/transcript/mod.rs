//! The stock referee's transcript read back into the game's moves: what `Game.java`
//! prints (and [`Game::transcript`] writes byte for byte) for a given dungeon, every
//! board checked against the dungeon, every move checked legal (the coursework's
//! `isLegalMove`), errors at the line and column of the transcript; then each move
//! valued by the exact solution ([`value_game`]) and the `value-game` tool.
//!
//! The transcript, as `tests/data/rogue/README.md` describes the stock output: the
//! starting board and a blank line; per turn `Move t` and a blank line, the board after
//! the monster's move and a blank line, the board after the rogue's move and a blank
//! line; after a capture `Caught by monster` (after `Move t+1` and a blank line when the
//! rogue stepped onto the monster). It may stop anywhere between two of these (the
//! stock referee has no move limit; a run cut short, or stopped by a cheat, ends
//! there), or end with one of gridlab's lines (`Rogue survived N moves`, `Monster
//! caught cheating`, `Rogue caught cheating`) or the stock exception's (`Exception in
//! thread "main" java.lang.RuntimeException: Monster caught cheating` and its stack
//! trace). Lines may end in CR LF; a board row may have lost its trailing spaces.

mod tool;
mod value;

pub use tool::{ValueGame, ValueGameOptions};
pub use value::{value_game, MoveVerdict, SideTotals, ValuedGame, ValuedMove};

use super::game::{Game, MAX_MOVES};
use super::level::Dungeon;
use super::strategy::Side;
use crate::error::{excerpt, ParseError};
use crate::grid::Pos;
use serde::Serialize;

/// Most bytes of a transcript read (a 40 × 40 dungeon's board is 3,240 bytes: some
/// 5,000 boards).
pub const MAX_TRANSCRIPT_BYTES: usize = 16 << 20;

/// Most half-moves of a transcript read (50,000 turns).
pub const MAX_TRANSCRIPT_MOVES: usize = 100_000;

/// How a transcript ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum TranscriptEnd {
    /// `Caught by monster`, in turn `turn`.
    Caught {
        /// The turn of the capture (the next one when the rogue stepped onto the
        /// monster, as the referee counts it).
        turn: u32,
    },
    /// gridlab's `Rogue survived N moves`.
    Survived {
        /// Turns played.
        turns: u32,
    },
    /// `Monster caught cheating` / `Rogue caught cheating` (gridlab's line or the
    /// stock exception): the illegal move itself is not in the transcript.
    Cheated {
        /// Who cheated.
        side: Side,
        /// The turn of the cheat.
        turn: u32,
    },
    /// The text stops without an ending (a run cut short; the capture seen on the last
    /// board but its line missing).
    Unfinished,
}

/// A transcript read back: the game's positions and moves, the line of each board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    /// Positions (monster, rogue) at the start and after every half-move.
    pub positions: Vec<(Pos, Pos)>,
    /// The half-moves as numpad digits, the monster's first (`5` stays).
    pub moves: String,
    /// The line (from 1) where each position's board starts.
    pub lines: Vec<usize>,
    /// How the transcript ends.
    pub end: TranscriptEnd,
}

/// The lines of a transcript and where the reading is.
struct Reader<'t> {
    lines: Vec<&'t str>,
    at: usize,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str) -> Reader<'t> {
        let mut lines: Vec<&str> = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        Reader { lines, at: 0 }
    }

    fn done(&self) -> bool {
        self.at >= self.lines.len()
    }

    fn peek(&self) -> Option<&'t str> {
        self.lines.get(self.at).copied()
    }

    /// An error at the current line.
    fn error(&self, column: usize, message: impl Into<String>) -> ParseError {
        ParseError::new(self.at + 1, column, message)
    }

    /// The blank line after a board or a `Move t` line (or the end of the text).
    fn blank(&mut self, after: &str) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some("") => {
                self.at += 1;
                Ok(())
            }
            Some(line) => Err(self.error(
                1,
                format!(
                    "expected a blank line after {after}, found '{}'",
                    excerpt(line)
                ),
            )),
        }
    }

    /// A board of the dungeon: the monster's and the rogue's sites. Every site must be
    /// the dungeon's, or a player on a site of the dungeon.
    fn board(&mut self, d: &Dungeon) -> Result<(Pos, Pos), ParseError> {
        let n = d.size();
        let first = self.at;
        let (mut monster, mut rogue) = (None, None);
        for row in 0..n {
            let Some(line) = self.peek() else {
                return Err(self.error(
                    1,
                    format!(
                        "the transcript ends inside the board of line {}: {row} of its {n} rows",
                        first + 1
                    ),
                ));
            };
            let chars: Vec<char> = line.chars().collect();
            for (i, &c) in chars.iter().enumerate() {
                let col = i / 2;
                if col >= n {
                    if c != ' ' {
                        return Err(self.error(
                            i + 1,
                            format!(
                                "'{}' past the {n} sites of a board row (is this the \
                                 transcript of a {n} × {n} dungeon?)",
                                c.escape_debug()
                            ),
                        ));
                    }
                    continue;
                }
                if i % 2 == 1 {
                    if c != ' ' {
                        return Err(self.error(
                            i + 1,
                            format!(
                                "'{}' between sites: a board row has a space after each site \
                                 (found '{}')",
                                c.escape_debug(),
                                excerpt(line)
                            ),
                        ));
                    }
                    continue;
                }
                let p = Pos::new(row, col);
                let site = d.sites[p];
                let (is_monster, is_rogue) = match c {
                    '*' => (true, true),
                    '@' => (false, true),
                    c if c == d.monster_letter => (true, false),
                    c if c == site.symbol() => (false, false),
                    _ => {
                        return Err(self.error(
                            i + 1,
                            format!(
                                "'{}' at {p}: the dungeon has '{}' there{}",
                                c.escape_debug(),
                                site.symbol(),
                                if c.is_ascii_uppercase() {
                                    format!(" (its monster is '{}')", d.monster_letter)
                                } else {
                                    String::new()
                                }
                            ),
                        ))
                    }
                };
                if (is_monster || is_rogue) && site == super::level::Site::Wall {
                    return Err(self.error(i + 1, format!("a player on the wall at {p}")));
                }
                for (is, slot, who) in [
                    (is_monster, &mut monster, "monster"),
                    (is_rogue, &mut rogue, "rogue"),
                ] {
                    if !is {
                        continue;
                    }
                    if let Some(q) = *slot {
                        return Err(self.error(
                            i + 1,
                            format!("a second {who} on this board (the first at {q})"),
                        ));
                    }
                    *slot = Some(p);
                }
            }
            for col in chars.len().div_ceil(2)..n {
                let site = d.sites[Pos::new(row, col)];
                if site != super::level::Site::Wall {
                    return Err(self.error(
                        chars.len() + 1,
                        format!(
                            "the row ends here, but the dungeon has '{}' at {}",
                            site.symbol(),
                            Pos::new(row, col)
                        ),
                    ));
                }
            }
            self.at += 1;
        }
        let missing = |who: &str| {
            ParseError::new(
                first + 1,
                1,
                format!("no {who} on the board of lines {}-{}", first + 1, first + n),
            )
        };
        Ok((
            monster.ok_or_else(|| missing("monster"))?,
            rogue.ok_or_else(|| missing("rogue"))?,
        ))
    }
}

/// Which ending a line is, if it is one.
enum EndLine {
    Caught,
    Survived(Option<u32>),
    Cheated(Side),
    /// The stock exception (a stack trace follows).
    Exception(Side),
}

fn end_line(line: &str) -> Option<EndLine> {
    let cheat = |s: &str| match s {
        "Monster caught cheating" => Some(Side::Monster),
        "Rogue caught cheating" => Some(Side::Rogue),
        _ => None,
    };
    if line == "Caught by monster" {
        return Some(EndLine::Caught);
    }
    if let Some(n) = line
        .strip_prefix("Rogue survived ")
        .and_then(|s| s.strip_suffix(" moves"))
    {
        return Some(EndLine::Survived(n.parse().ok()));
    }
    if let Some(side) = cheat(line) {
        return Some(EndLine::Cheated(side));
    }
    line.strip_prefix("Exception in thread \"main\" java.lang.RuntimeException: ")
        .and_then(cheat)
        .map(EndLine::Exception)
}

/// Read the stock referee's transcript of a game on `dungeon` back into its moves.
/// Every board must be the dungeon's with the two players placed (the first one at
/// the dungeon's start), every move a legal one of the side to move
/// ([`Dungeon::is_legal_move`]), the `Move t` lines counted from 1; the first
/// problem is an error at its line and column. At most [`MAX_TRANSCRIPT_BYTES`]
/// bytes and [`MAX_TRANSCRIPT_MOVES`] half-moves.
///
/// ```
/// use gridlab::games::rogue::{read_transcript, Dungeon, Game, TranscriptEnd};
/// let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
/// let mut game = Game::new(&d, 1000);
/// game.replay(&d, "353").unwrap(); // SE, stay, SE: caught
/// let t = read_transcript(&d, &game.transcript(&d)).unwrap();
/// assert_eq!((t.moves.as_str(), t.end), ("353", TranscriptEnd::Caught { turn: 2 }));
///
/// let e = read_transcript(&d, "A . . \n. . . \n. . @ \n\nMove 2\n").unwrap_err();
/// assert_eq!((e.line, e.column), (5, 6));
/// assert_eq!(e.message, "expected 'Move 1', found 'Move 2'");
/// ```
pub fn read_transcript(dungeon: &Dungeon, text: &str) -> Result<Transcript, ParseError> {
    if text.len() > MAX_TRANSCRIPT_BYTES {
        return Err(ParseError::new(
            1,
            1,
            format!(
                "the transcript has {} bytes, more than the {} MiB read",
                text.len(),
                MAX_TRANSCRIPT_BYTES >> 20
            ),
        ));
    }
    let mut r = Reader::new(text);
    if r.done() {
        return Err(ParseError::new(
            1,
            1,
            "the transcript is empty: it starts with the dungeon's starting board",
        ));
    }
    let mut game = Game::new(dungeon, MAX_MOVES);
    let mut lines = vec![1];
    let start = r.board(dungeon)?;
    for (who, at, should) in [
        ("monster", start.0, dungeon.monster),
        ("rogue", start.1, dungeon.rogue),
    ] {
        if at != should {
            return Err(ParseError::new(
                1 + at.row,
                2 * at.col + 1,
                format!("the {who} starts at {at} here; the dungeon has it at {should}"),
            ));
        }
    }
    r.blank("the starting board")?;
    // Whether the `Move t` line of the turn being read has been seen.
    let mut header = false;
    let end = loop {
        let Some(line) = r.peek() else {
            break TranscriptEnd::Unfinished;
        };
        let half = game.moves().len();
        let turn = game.turn();
        let captured = game.monster() == game.rogue();
        let expected_header = if captured { turn } else { half as u32 / 2 + 1 };
        if let Some(ending) = end_line(line) {
            let column = 1;
            let end = match ending {
                EndLine::Caught if captured && half % 2 == 0 && !header => {
                    return Err(r.error(column, format!("expected 'Move {expected_header}' before 'Caught by monster' (the rogue stepped onto the monster)")))
                }
                EndLine::Caught if captured => TranscriptEnd::Caught { turn: expected_header },
                EndLine::Caught => {
                    return Err(r.error(column, "'Caught by monster', but the monster and the rogue stand apart on the last board"))
                }
                _ if captured => {
                    return Err(r.error(column, format!("'{}' after the capture: expected 'Caught by monster'", excerpt(line))))
                }
                EndLine::Survived(turns) => {
                    if half % 2 == 1 || header {
                        return Err(r.error(column, "'Rogue survived' in the middle of a turn"));
                    }
                    let played = half as u32 / 2;
                    if turns != Some(played) {
                        return Err(r.error(
                            16,
                            format!("'{}', but {played} turns were played", excerpt(line)),
                        ));
                    }
                    TranscriptEnd::Survived { turns: played }
                }
                EndLine::Cheated(side) | EndLine::Exception(side) => {
                    let due = if half % 2 == 0 { Side::Monster } else { Side::Rogue };
                    if side != due || (side == Side::Monster && !header) {
                        return Err(r.error(
                            column,
                            format!(
                                "'{}', but {}",
                                excerpt(line),
                                if side == due {
                                    format!("'Move {expected_header}' comes before the monster's move")
                                } else {
                                    format!("the {} is to move", due.name().to_lowercase())
                                }
                            ),
                        ));
                    }
                    TranscriptEnd::Cheated { side, turn: expected_header }
                }
            };
            r.at += 1;
            if matches!(ending, EndLine::Exception(_)) {
                // The stack trace follows on standard error.
                r.at = r.lines.len();
            }
            if let Some(more) = r.lines[r.at..].iter().position(|l| !l.is_empty()) {
                r.at += more;
                return Err(r.error(
                    1,
                    format!(
                        "text after the end of the game: '{}'",
                        excerpt(r.peek().unwrap_or(""))
                    ),
                ));
            }
            break end;
        }
        if let Some(rest) = line.strip_prefix("Move ") {
            if header || (half % 2 == 1 && !captured) {
                return Err(r.error(
                    1,
                    format!(
                        "'{}', but the {} is to move: expected its board",
                        excerpt(line),
                        if header { "monster" } else { "rogue" }
                    ),
                ));
            }
            if captured && half % 2 == 1 {
                return Err(r.error(
                    1,
                    format!(
                        "'{}' after the capture: expected 'Caught by monster'",
                        excerpt(line)
                    ),
                ));
            }
            if rest != expected_header.to_string() {
                return Err(r.error(
                    6,
                    format!(
                        "expected 'Move {expected_header}', found '{}'",
                        excerpt(line)
                    ),
                ));
            }
            r.at += 1;
            r.blank(&format!("'Move {expected_header}'"))?;
            header = true;
            continue;
        }
        if captured {
            return Err(r.error(1, format!("a board after the capture on the board of line {}: expected 'Caught by monster'", lines[lines.len() - 1])));
        }
        if half % 2 == 0 && !header {
            return Err(r.error(
                1,
                format!(
                    "expected 'Move {expected_header}', found '{}'",
                    excerpt(line)
                ),
            ));
        }
        if half >= MAX_TRANSCRIPT_MOVES {
            return Err(r.error(
                1,
                format!(
                    "more than {MAX_TRANSCRIPT_MOVES} half-moves, the most a transcript may have"
                ),
            ));
        }
        let first = r.at;
        let (m, rg) = r.board(dungeon)?;
        let side = if half % 2 == 0 {
            Side::Monster
        } else {
            Side::Rogue
        };
        let (to, stays, other) = match side {
            Side::Monster => (m, rg, game.rogue()),
            Side::Rogue => (rg, m, game.monster()),
        };
        let site_error =
            |p: Pos, message: String| ParseError::new(first + 1 + p.row, 2 * p.col + 1, message);
        if stays != other {
            let who = if side == Side::Monster {
                "rogue"
            } else {
                "monster"
            };
            return Err(site_error(
                stays,
                format!(
                    "the {who} moved from {other} to {stays} in the {}'s half-move",
                    side.name().to_lowercase()
                ),
            ));
        }
        game.play(dungeon, to)
            .map_err(|e| site_error(to, format!("{e} (not a legal move)")))?;
        lines.push(first + 1);
        header = false;
        r.blank("a board")?;
    };
    Ok(Transcript {
        positions: game.positions().to_vec(),
        moves: game.moves().to_string(),
        lines,
        end,
    })
}
