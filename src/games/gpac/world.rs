//! The world file, GPac's game log: `W`, `H`, then a snapshot per turn of
//! `key x y` triples (`m` Pac-Man, ghost ids, `w` walls and `p` pills in the first
//! snapshot only, `f` a fruit that spawned, `t time score` closing the snapshot).

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
        let mut lines: Vec<String> = vec![self.width.to_string(), self.height.to_string()];
        for (i, s) in self.snapshots.iter().enumerate() {
            lines.push(format!("m {} {}", s.pacman.0, s.pacman.1));
            for (g, &(x, y)) in s.ghosts.iter().enumerate() {
                lines.push(format!("{} {x} {y}", g as u32 + self.first_ghost_id));
            }
            if i == 0 {
                lines.extend(self.walls.iter().map(|(x, y)| format!("w {x} {y}")));
                lines.extend(self.pills.iter().map(|(x, y)| format!("p {x} {y}")));
            }
            if let Some((x, y)) = s.fruit {
                lines.push(format!("f {x} {y}"));
            }
            lines.push(format!("t {} {}", s.time, s.score));
        }
        let eol = if self.crlf { "\r\n" } else { "\n" };
        let mut text = lines.join(eol);
        if self.final_newline {
            text.push_str(eol);
        }
        text
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
                        line.trim()
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

/// The state shown at one snapshot of a replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Frame {
    /// Pac-Man's (x, y).
    pub pacman: (usize, usize),
    /// The ghosts' (x, y).
    pub ghosts: Vec<(usize, usize)>,
    /// Pills still on the map.
    pub pills: Vec<(usize, usize)>,
    /// The fruit on the map, if any.
    pub fruit: Option<(usize, usize)>,
    /// Time remaining.
    pub time: i64,
    /// Score.
    pub score: i64,
}

impl WorldFile {
    /// Replay the log: the state at every snapshot (pills eaten where Pac-Man steps
    /// and survives, fruit from `f` lines). A snapshot that no legal turn explains is
    /// an error at its line: a unit that jumped or entered a wall, a ghost that held,
    /// time that did not fall by one.
    ///
    /// ```
    /// use gridlab::games::gpac::WorldFile;
    /// let w = WorldFile::parse("2\n2\nm 0 1\n1 1 0\np 0 0\nt 4 0\nm 0 0\n1 1 1\nt 3 100\n").unwrap();
    /// let frames = w.frames().unwrap();
    /// assert!(frames[1].pills.is_empty());
    /// let bad = WorldFile::parse("2\n2\nm 0 1\n1 1 0\nt 4 0\nm 1 0\n1 1 1\nt 3 0\n").unwrap();
    /// assert_eq!(bad.frames().unwrap_err().line, 6);
    /// ```
    pub fn frames(&self) -> Result<Vec<Frame>, ParseError> {
        let walls: std::collections::HashSet<(usize, usize)> = self.walls.iter().copied().collect();
        let mut pills: Vec<(usize, usize)> = self.pills.clone();
        let mut fruit = None;
        let mut frames = Vec::with_capacity(self.snapshots.len());
        for (i, s) in self.snapshots.iter().enumerate() {
            let line = s.line.max(1);
            let units = std::iter::once(&s.pacman).chain(&s.ghosts);
            if let Some(&(x, y)) = units.clone().find(|p| walls.contains(p)) {
                return Err(ParseError::new(
                    line,
                    1,
                    format!("a unit stands on the wall at ({x}, {y})"),
                ));
            }
            if i > 0 {
                let prev = &self.snapshots[i - 1];
                let step =
                    |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
                if step(prev.pacman, s.pacman) > 1 {
                    return Err(ParseError::new(
                        line,
                        1,
                        format!(
                            "Pac-Man jumped from ({}, {}) to ({}, {})",
                            prev.pacman.0, prev.pacman.1, s.pacman.0, s.pacman.1
                        ),
                    ));
                }
                for (g, (&a, &b)) in prev.ghosts.iter().zip(&s.ghosts).enumerate() {
                    if step(a, b) != 1 {
                        return Err(ParseError::new(
                            line + g + 1,
                            1,
                            format!(
                                "ghost {} must move one cell, from ({}, {}) to ({}, {})",
                                g as u32 + self.first_ghost_id,
                                a.0,
                                a.1,
                                b.0,
                                b.1
                            ),
                        ));
                    }
                }
                if s.time != prev.time - 1 {
                    return Err(ParseError::new(
                        line,
                        1,
                        format!(
                            "time {} does not follow {} (one less each turn)",
                            s.time, prev.time
                        ),
                    ));
                }
                let caught = s.ghosts.contains(&s.pacman)
                    || prev
                        .ghosts
                        .iter()
                        .zip(&s.ghosts)
                        .any(|(&a, &b)| a == s.pacman && b == prev.pacman);
                if !caught {
                    pills.retain(|&p| p != s.pacman);
                    if fruit == Some(s.pacman) {
                        fruit = None;
                    }
                }
            }
            if s.fruit.is_some() {
                fruit = s.fruit;
            }
            frames.push(Frame {
                pacman: s.pacman,
                ghosts: s.ghosts.clone(),
                pills: pills.clone(),
                fruit,
                time: s.time,
                score: s.score,
            });
        }
        Ok(frames)
    }

    /// A frame as text, top row first: `#` wall, `.` pill, `f` fruit, `m` Pac-Man,
    /// ghost ids, `X` Pac-Man caught.
    pub fn render(&self, frame: &Frame) -> String {
        let mut grid = vec![vec![' '; self.width]; self.height];
        let mut put = |(x, y): (usize, usize), c: char| grid[self.height - 1 - y][x] = c;
        for &w in &self.walls {
            put(w, '#');
        }
        for &p in &frame.pills {
            put(p, '.');
        }
        if let Some(f) = frame.fruit {
            put(f, 'f');
        }
        for (g, &at) in frame.ghosts.iter().enumerate() {
            let id = g as u32 + self.first_ghost_id;
            put(at, char::from_digit(id % 10, 10).unwrap_or('G'));
        }
        let caught = frame.ghosts.contains(&frame.pacman);
        put(frame.pacman, if caught { 'X' } else { 'm' });
        let mut out = String::new();
        for row in grid {
            out.extend(row);
            out.push('\n');
        }
        out
    }
}
