//! The world file, GPac's game log: `W`, `H`, then a snapshot per turn of
//! `key x y` triples (`m` Pac-Man, ghost ids, `w` walls and `p` pills in the first
//! snapshot only, `f` a fruit that spawned, `t time score` closing the snapshot).
//!
//! Positions stay the framework's `(x, y)` pairs, origin bottom-left, as the file
//! writes them: GPac does not use [`crate::grid`]'s row-major `Pos` (see [`super::Map`]).

use crate::error::ParseError;
use serde::Serialize;

/// One snapshot: where everyone stands, a fruit that spawned, time and score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Snapshot {
    /// Pac-Man's (x, y).
    pub pacman: (usize, usize),
    /// Each ghost's (x, y), in id order.
    pub ghosts: Vec<(usize, usize)>,
    /// A fruit that spawned this turn.
    pub fruit: Option<(usize, usize)>,
    /// Time remaining.
    pub time: i64,
    /// Score so far.
    pub score: i64,
    /// The line of the snapshot's `m` line (0 when not read from a file).
    #[serde(skip)]
    pub line: usize,
}

/// A whole world file.
///
/// ```
/// use gridlab::games::gpac::WorldFile;
/// let text = "2\n2\nm 0 1\n1 1 0\nw 1 1\np 0 0\nt 4 0\nm 0 0\n1 1 1\nt 3 100\n";
/// let w = WorldFile::parse(text).unwrap();
/// assert_eq!((w.width, w.height, w.snapshots.len()), (2, 2, 2));
/// assert_eq!(w.to_text(), text);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WorldFile {
    /// Width W.
    pub width: usize,
    /// Height H.
    pub height: usize,
    /// Walls (x, y), as listed.
    pub walls: Vec<(usize, usize)>,
    /// Pills at the start (x, y), as listed.
    pub pills: Vec<(usize, usize)>,
    /// The snapshots, the first at the start of the game.
    pub snapshots: Vec<Snapshot>,
    /// The first ghost's id: 1 (the assignment's format) or 0 (the framework's).
    pub first_ghost_id: u32,
    /// Lines end in `\r\n` (as in files written on Windows).
    pub crlf: bool,
    /// The last line ends with a line break.
    pub final_newline: bool,
}

impl WorldFile {
    /// Serialise exactly: the same line endings, and a final line break if the file
    /// had one.
    pub fn to_text(&self) -> String {
        let mut out = Vec::new();
        self.write_to(&mut out)
            .expect("writing to memory cannot fail");
        String::from_utf8(out).expect("world files are ASCII")
    }

    /// Write the text of [`WorldFile::to_text`] to `out`, line by line (a long game's
    /// log need not be held in memory twice).
    pub fn write_to(&self, mut out: impl std::io::Write) -> std::io::Result<()> {
        let eol = if self.crlf { "\r\n" } else { "\n" };
        let mut first = true;
        let mut line = |out: &mut dyn std::io::Write, args: std::fmt::Arguments| {
            if !std::mem::take(&mut first) {
                out.write_all(eol.as_bytes())?;
            }
            out.write_fmt(args)
        };
        line(&mut out, format_args!("{}", self.width))?;
        line(&mut out, format_args!("{}", self.height))?;
        for (i, s) in self.snapshots.iter().enumerate() {
            line(&mut out, format_args!("m {} {}", s.pacman.0, s.pacman.1))?;
            for (g, &(x, y)) in s.ghosts.iter().enumerate() {
                line(
                    &mut out,
                    format_args!("{} {x} {y}", g as u32 + self.first_ghost_id),
                )?;
            }
            if i == 0 {
                for (x, y) in &self.walls {
                    line(&mut out, format_args!("w {x} {y}"))?;
                }
                for (x, y) in &self.pills {
                    line(&mut out, format_args!("p {x} {y}"))?;
                }
            }
            if let Some((x, y)) = s.fruit {
                line(&mut out, format_args!("f {x} {y}"))?;
            }
            line(&mut out, format_args!("t {} {}", s.time, s.score))?;
        }
        if self.final_newline {
            out.write_all(eol.as_bytes())?;
        }
        Ok(())
    }

    /// Read a world file; a malformed one is rejected with the line and column of the
    /// first problem: an unknown key, not exactly three fields, a coordinate off the
    /// map, walls or pills after the first snapshot, ghosts out of order, a missing
    /// `t` line.
    pub fn parse(text: &str) -> Result<WorldFile, ParseError> {
        let crlf = text.contains("\r\n");
        let final_newline = text.ends_with('\n');
        let mut lines = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .enumerate()
            .map(|(i, l)| (i + 1, l))
            .filter(|(_, l)| !l.trim().is_empty());
        let mut size = |what: &str| -> Result<usize, ParseError> {
            let (no, line) = lines
                .next()
                .ok_or_else(|| ParseError::new(1, 1, format!("missing the {what}")))?;
            match line.trim().parse::<usize>() {
                Ok(n) if (1..=super::map::MAX_SIDE).contains(&n) => Ok(n),
                _ => Err(ParseError::new(
                    no,
                    1,
                    format!(
                        "expected the {what} (1 to {}), found '{}'",
                        super::map::MAX_SIDE,
                        crate::error::excerpt(line.trim())
                    ),
                )),
            }
        };
        let width = size("width")?;
        let height = size("height")?;
        let mut world = WorldFile {
            width,
            height,
            walls: Vec::new(),
            pills: Vec::new(),
            snapshots: Vec::new(),
            first_ghost_id: 1,
            crlf,
            final_newline,
        };
        let mut current: Option<Snapshot> = None;
        let mut ghost_ids: Option<u32> = None;
        for (no, line) in lines {
            let fields: Vec<(usize, &str)> = fields_with_columns(line);
            if fields.len() != 3 {
                return Err(ParseError::new(
                    no,
                    fields.get(3).map_or(1, |f| f.0),
                    format!(
                        "expected 'key x y' (three fields), found {} field(s)",
                        fields.len()
                    ),
                ));
            }
            let (key_col, key) = fields[0];
            let number = |k: usize| -> Result<i64, ParseError> {
                fields[k].1.parse::<i64>().map_err(|_| {
                    ParseError::new(
                        no,
                        fields[k].0,
                        format!("'{}' is not a whole number", fields[k].1),
                    )
                })
            };
            let (a, b) = (number(1)?, number(2)?);
            if key == "t" {
                let mut snapshot = current.take().ok_or_else(|| {
                    ParseError::new(no, key_col, "a 't' line without an 'm' line before it")
                })?;
                snapshot.time = a;
                snapshot.score = b;
                world.snapshots.push(snapshot);
                continue;
            }
            let xy = |k: usize, v: i64, limit: usize| -> Result<usize, ParseError> {
                usize::try_from(v)
                    .ok()
                    .filter(|&v| v < limit)
                    .ok_or_else(|| {
                        ParseError::new(
                            no,
                            fields[k].0,
                            format!("coordinate {v} is off the {width}×{height} map"),
                        )
                    })
            };
            let at = (xy(1, a, width)?, xy(2, b, height)?);
            let first = world.snapshots.is_empty();
            match key {
                "m" => {
                    if current.is_some() {
                        return Err(ParseError::new(
                            no,
                            key_col,
                            "a second 'm' line before the snapshot's 't' line",
                        ));
                    }
                    current = Some(Snapshot {
                        pacman: at,
                        ghosts: Vec::new(),
                        fruit: None,
                        time: 0,
                        score: 0,
                        line: no,
                    });
                }
                "w" | "p" if !first => {
                    return Err(ParseError::new(
                        no,
                        key_col,
                        format!("'{key}' lines belong to the first snapshot only"),
                    ))
                }
                "w" | "p" | "f" => {
                    let snapshot = current.as_mut().ok_or_else(|| {
                        ParseError::new(
                            no,
                            key_col,
                            format!("'{key}' before the snapshot's 'm' line"),
                        )
                    })?;
                    match key {
                        "w" => world.walls.push(at),
                        "p" => world.pills.push(at),
                        _ => snapshot.fruit = Some(at),
                    }
                }
                id if id.chars().all(|c| c.is_ascii_digit()) => {
                    let snapshot = current.as_mut().ok_or_else(|| {
                        ParseError::new(no, key_col, "a ghost before the snapshot's 'm' line")
                    })?;
                    let id: u32 = id.parse().map_err(|_| {
                        ParseError::new(no, key_col, format!("'{id}' is not a ghost id"))
                    })?;
                    let base = *ghost_ids.get_or_insert(id.min(1));
                    let expected = base + snapshot.ghosts.len() as u32;
                    if id != expected {
                        return Err(ParseError::new(
                            no,
                            key_col,
                            format!("expected ghost {expected}, found ghost {id}"),
                        ));
                    }
                    snapshot.ghosts.push(at);
                }
                other => {
                    return Err(ParseError::new(
                        no,
                        key_col,
                        format!("unknown key '{other}' (expected m, a ghost id, w, p, f or t)"),
                    ))
                }
            }
        }
        if current.is_some() {
            return Err(ParseError::new(
                text.lines().count().max(1),
                1,
                "the last snapshot has no 't' line",
            ));
        }
        if world.snapshots.is_empty() {
            return Err(ParseError::new(3, 1, "the file has no snapshot"));
        }
        let ghosts = world.snapshots[0].ghosts.len();
        if let Some(i) = world
            .snapshots
            .iter()
            .position(|s| s.ghosts.len() != ghosts)
        {
            return Err(ParseError::new(
                1,
                1,
                format!(
                    "snapshot {} has {} ghosts, the first has {ghosts}",
                    i + 1,
                    world.snapshots[i].ghosts.len()
                ),
            ));
        }
        world.first_ghost_id = ghost_ids.unwrap_or(1);
        Ok(world)
    }
}

/// The whitespace-separated fields of a line with their 1-based columns.
fn fields_with_columns(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((line[..s].chars().count() + 1, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}
