//! A world file replayed: the state at every snapshot, checked against the rules,
//! without a copy of the pill list per snapshot.

use super::world::WorldFile;
use crate::error::ParseError;
use serde::Serialize;

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

/// A checked world file, ready to show any snapshot. It keeps, per cell, the
/// snapshot at which its pill was eaten and, per snapshot, the fruit on the map:
/// memory grows with the map and the number of snapshots, not with their product.
///
/// ```
/// use gridlab::games::gpac::{Replay, WorldFile};
/// let w = WorldFile::parse("2\n2\nm 0 1\n1 1 0\np 0 0\nt 4 0\nm 0 0\n1 1 1\nt 3 100\n").unwrap();
/// let replay = Replay::new(w).unwrap();
/// assert_eq!(replay.len(), 2);
/// assert_eq!(replay.frame(0).unwrap().pills, vec![(0, 0)]);
/// assert!(replay.frame(1).unwrap().pills.is_empty());
/// assert_eq!(replay.render(1).unwrap(), " 1\nm \n");
/// let bad = WorldFile::parse("2\n2\nm 0 1\n1 1 0\nt 4 0\nm 1 0\n1 1 1\nt 3 0\n").unwrap();
/// assert_eq!(Replay::new(bad).unwrap_err().line, 6);
/// ```
#[derive(Clone, Debug)]
pub struct Replay {
    world: WorldFile,
    /// Per cell `x + y·W`: the snapshot at which its pill was eaten (`usize::MAX`:
    /// never).
    eaten_at: Vec<usize>,
    /// Per snapshot: the fruit on the map.
    fruit: Vec<Option<(usize, usize)>>,
}

impl Replay {
    /// Replay the log: pills are eaten where Pac-Man steps and survives, fruit comes
    /// from `f` lines and goes when eaten. A snapshot that no legal turn explains is an
    /// error at its line: a unit that jumped or entered a wall, a ghost that held, time
    /// that did not fall by one.
    pub fn new(world: WorldFile) -> Result<Replay, ParseError> {
        let cell = |(x, y): (usize, usize)| x + y * world.width;
        let mut wall = vec![false; world.width * world.height];
        for &w in &world.walls {
            wall[cell(w)] = true;
        }
        let mut has_pill = vec![false; wall.len()];
        for &p in &world.pills {
            has_pill[cell(p)] = true;
        }
        let mut eaten_at = vec![usize::MAX; wall.len()];
        let mut fruit_at = Vec::with_capacity(world.snapshots.len());
        let mut fruit = None;
        for (i, s) in world.snapshots.iter().enumerate() {
            let line = s.line.max(1);
            let units = std::iter::once(&s.pacman).chain(&s.ghosts);
            if let Some(&(x, y)) = units.clone().find(|&&p| wall[cell(p)]) {
                return Err(ParseError::new(
                    line,
                    1,
                    format!("a unit stands on the wall at ({x}, {y})"),
                ));
            }
            if i > 0 {
                let prev = &world.snapshots[i - 1];
                check_turn(&world, prev, s, line)?;
                let caught = s.ghosts.contains(&s.pacman)
                    || prev
                        .ghosts
                        .iter()
                        .zip(&s.ghosts)
                        .any(|(&a, &b)| a == s.pacman && b == prev.pacman);
                if !caught {
                    let at = cell(s.pacman);
                    if has_pill[at] && eaten_at[at] == usize::MAX {
                        eaten_at[at] = i;
                    }
                    if fruit == Some(s.pacman) {
                        fruit = None;
                    }
                }
            }
            if s.fruit.is_some() {
                fruit = s.fruit;
            }
            fruit_at.push(fruit);
        }
        Ok(Replay {
            world,
            eaten_at,
            fruit: fruit_at,
        })
    }

    /// The world file replayed.
    pub fn world(&self) -> &WorldFile {
        &self.world
    }

    /// Number of snapshots.
    pub fn len(&self) -> usize {
        self.fruit.len()
    }

    /// Whether there is no snapshot (never, for a parsed world file).
    pub fn is_empty(&self) -> bool {
        self.fruit.is_empty()
    }

    /// The state at snapshot `i` (0 = the start), or `None` past the end.
    pub fn frame(&self, i: usize) -> Option<Frame> {
        let s = self.world.snapshots.get(i)?;
        let width = self.world.width;
        Some(Frame {
            pacman: s.pacman,
            ghosts: s.ghosts.clone(),
            pills: self
                .world
                .pills
                .iter()
                .copied()
                .filter(|&(x, y)| self.eaten_at[x + y * width] > i)
                .collect(),
            fruit: self.fruit[i],
            time: s.time,
            score: s.score,
        })
    }

    /// Snapshot `i` as text, top row first: `#` wall, `.` pill, `f` fruit, `m`
    /// Pac-Man, ghost ids, `X` Pac-Man caught; `None` past the end.
    pub fn render(&self, i: usize) -> Option<String> {
        let frame = self.frame(i)?;
        let (width, height) = (self.world.width, self.world.height);
        let mut grid = vec![' '; width * height];
        let mut put = |(x, y): (usize, usize), c: char| grid[(height - 1 - y) * width + x] = c;
        for &w in &self.world.walls {
            put(w, '#');
        }
        for &p in &frame.pills {
            put(p, '.');
        }
        if let Some(f) = frame.fruit {
            put(f, 'f');
        }
        for (g, &at) in frame.ghosts.iter().enumerate() {
            let id = g as u32 + self.world.first_ghost_id;
            put(at, char::from_digit(id % 10, 10).unwrap_or('G'));
        }
        let caught = frame.ghosts.contains(&frame.pacman);
        put(frame.pacman, if caught { 'X' } else { 'm' });
        let mut out = String::with_capacity((width + 1) * height);
        for row in grid.chunks(width) {
            out.extend(row);
            out.push('\n');
        }
        Some(out)
    }
}

/// Check that `s` follows `prev` by one legal turn: Pac-Man moves at most one cell,
/// every ghost exactly one, and time falls by one.
fn check_turn(
    world: &WorldFile,
    prev: &super::world::Snapshot,
    s: &super::world::Snapshot,
    line: usize,
) -> Result<(), ParseError> {
    let step = |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
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
                    g as u32 + world.first_ghost_id,
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
    Ok(())
}
