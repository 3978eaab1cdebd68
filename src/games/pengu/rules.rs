//! The rules of Pengu: sliding, eating, dying, winning, and the course's output format.

use super::level::{render_rows, Level, Tile};
use crate::error::MoveError;
use crate::grid::{Dir, Grid, Pos};
use serde::Serialize;

/// Where a slide ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SlideEnd {
    /// The adjacent cell is a wall: the move is not legal.
    Blocked,
    /// Pengu stops alive at this cell (before a wall, or on snow).
    Stops(Pos),
    /// Pengu dies on this hazard cell.
    Dies(Pos),
}

/// Follow a slide from `from` in `dir` over `tiles`, calling `visit` for every cell
/// Pengu enters (including the final one). Cells outside the grid count as walls.
/// Runs in time linear in the slide's length.
///
/// ```
/// use gridlab::games::pengu::{slide, Level, SlideEnd};
/// use gridlab::grid::{Dir, Pos};
/// let level = Level::parse("3 6\n######\n#P* 0#\n######").unwrap();
/// let mut seen = Vec::new();
/// let end = slide(&level.tiles, level.start, Dir::E, |p| seen.push(p));
/// assert_eq!(end, SlideEnd::Stops(Pos::new(1, 4)));
/// assert_eq!(seen.len(), 3);
/// ```
pub fn slide(tiles: &Grid<Tile>, from: Pos, dir: Dir, mut visit: impl FnMut(Pos)) -> SlideEnd {
    let mut here = from;
    loop {
        let next = match here.step(dir) {
            Some(p) if tiles.contains(p) && tiles[p] != Tile::Wall => p,
            _ if here == from => return SlideEnd::Blocked,
            _ => return SlideEnd::Stops(here),
        };
        visit(next);
        match tiles[next] {
            Tile::Snow => return SlideEnd::Stops(next),
            t if t.is_hazard() => return SlideEnd::Dies(next),
            _ => here = next,
        }
    }
}

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Pengu is alive and fish remain.
    Playing,
    /// Every fish was eaten and Pengu is alive.
    Victory,
    /// Pengu slid into a hazard.
    Dead,
}

/// What one move did, for animation and explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// The direction played.
    pub dir: Dir,
    /// Every cell entered, in order (the last is where Pengu stopped or died).
    pub path: Vec<Pos>,
    /// The cells whose fish were eaten on this move.
    pub eaten: Vec<Pos>,
    /// Whether Pengu died on this move.
    pub died: bool,
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// Pengu died.
    #[error("the game is over: Pengu is dead")]
    Dead,
    /// Every fish is eaten.
    #[error("the game is over: every fish is eaten")]
    Won,
    /// A wall is next to Pengu that way.
    #[error("a wall is in the way")]
    Wall,
}

/// A game in progress: the field as it is now, Pengu's cell, the score and the moves.
///
/// ```
/// use gridlab::games::pengu::{Game, Level, Status};
/// let level = Level::parse("3 6\n######\n#P* *#\n######").unwrap();
/// let mut game = Game::new(&level);
/// game.play_digits("6").unwrap();
/// assert_eq!(game.status(), Status::Victory);
/// assert_eq!(game.output(), "6\n2\n######\n#   P#\n######\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    tiles: Grid<Tile>,
    pos: Pos,
    score: usize,
    fish_left: usize,
    status: Status,
    moves: String,
}

impl Game {
    /// A new game on `level`. A field without fish is won at once.
    pub fn new(level: &Level) -> Game {
        let fish_left = level.fish_count();
        Game {
            tiles: level.tiles.clone(),
            pos: level.start,
            score: 0,
            fish_left,
            status: if fish_left == 0 {
                Status::Victory
            } else {
                Status::Playing
            },
            moves: String::new(),
        }
    }

    /// The field now (eaten fish are ice).
    pub fn tiles(&self) -> &Grid<Tile> {
        &self.tiles
    }

    /// Pengu's cell (the hazard cell after death).
    pub fn pos(&self) -> Pos {
        self.pos
    }

    /// Fish eaten so far.
    pub fn score(&self) -> usize {
        self.score
    }

    /// Fish still on the field.
    pub fn fish_left(&self) -> usize {
        self.fish_left
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The moves played, as numpad digits.
    pub fn moves(&self) -> &str {
        &self.moves
    }

    /// Whether `dir` is a legal move now (the game is on and no wall is adjacent).
    pub fn is_legal(&self, dir: Dir) -> bool {
        self.status == Status::Playing
            && !matches!(slide(&self.tiles, self.pos, dir, |_| {}), SlideEnd::Blocked)
    }

    /// The legal moves now, in numpad order 7 8 9 4 6 1 2 3.
    pub fn legal_moves(&self) -> Vec<Dir> {
        Dir::ALL.into_iter().filter(|&d| self.is_legal(d)).collect()
    }

    /// Play one move. Errors (and changes nothing) when the game is over or a wall is
    /// adjacent in that direction.
    ///
    /// ```
    /// use gridlab::games::pengu::{Game, IllegalMove, Level};
    /// use gridlab::grid::Dir;
    /// let level = Level::parse("3 5\n#####\n#P* #\n#####").unwrap();
    /// let mut game = Game::new(&level);
    /// assert_eq!(game.play(Dir::W).unwrap_err(), IllegalMove::Wall);
    /// game.play(Dir::E).unwrap();
    /// let e = game.play(Dir::W).unwrap_err();
    /// assert_eq!(e.to_string(), "the game is over: every fish is eaten");
    /// ```
    pub fn play(&mut self, dir: Dir) -> Result<MoveReport, IllegalMove> {
        if self.status != Status::Playing {
            return Err(match self.status {
                Status::Dead => IllegalMove::Dead,
                _ => IllegalMove::Won,
            });
        }
        let mut path = Vec::new();
        let end = slide(&self.tiles, self.pos, dir, |p| path.push(p));
        let mut report = MoveReport {
            dir,
            path,
            eaten: Vec::new(),
            died: false,
        };
        let end = match end {
            SlideEnd::Blocked => return Err(IllegalMove::Wall),
            SlideEnd::Stops(p) => p,
            SlideEnd::Dies(p) => {
                report.died = true;
                p
            }
        };
        for &p in &report.path {
            if self.tiles[p] == Tile::Fish {
                self.tiles[p] = Tile::Ice;
                report.eaten.push(p);
            }
        }
        self.score += report.eaten.len();
        self.fish_left -= report.eaten.len();
        self.pos = end;
        self.moves.push(dir.digit());
        self.status = if report.died {
            Status::Dead
        } else if self.fish_left == 0 {
            Status::Victory
        } else {
            Status::Playing
        };
        Ok(report)
    }

    /// Play a string of numpad digits; the first illegal one is reported with its
    /// index and nothing after it is played.
    ///
    /// ```
    /// use gridlab::games::pengu::{Game, Level};
    /// let level = Level::parse("3 5\n#####\n#P *#\n#####").unwrap();
    /// let err = Game::new(&level).play_digits("65").unwrap_err();
    /// assert_eq!(err.index, 1);
    /// ```
    pub fn play_digits(&mut self, digits: &str) -> Result<Vec<MoveReport>, MoveError> {
        let mut reports = Vec::new();
        for (index, c) in digits.chars().enumerate() {
            let dir = Dir::from_digit(c).ok_or_else(|| {
                MoveError::new(index, c, "not a direction (use numpad digits 1-4, 6-9)")
            })?;
            reports.push(
                self.play(dir)
                    .map_err(|e| MoveError::new(index, c, e.to_string()))?,
            );
        }
        Ok(reports)
    }

    /// The course's output: the moves, the score, then the final field with `P` at
    /// Pengu's cell (or `X` where it died). Every line ends in `\n`.
    pub fn output(&self) -> String {
        let mark = if self.status == Status::Dead {
            'X'
        } else {
            'P'
        };
        format!(
            "{}\n{}\n{}",
            self.moves,
            self.score,
            render_rows(&self.tiles, Some((self.pos, mark)))
        )
    }
}

/// Replay `digits` on a fresh game of `level`.
///
/// ```
/// use gridlab::games::pengu::{replay, Level};
/// let level = Level::parse("3 5\n#####\n#P*S#\n#####").unwrap();
/// let game = replay(&level, "6").unwrap();
/// assert_eq!(game.output(), "6\n1\n#####\n#  X#\n#####\n");
/// ```
pub fn replay(level: &Level, digits: &str) -> Result<Game, MoveError> {
    let mut game = Game::new(level);
    game.play_digits(digits)?;
    Ok(game)
}
