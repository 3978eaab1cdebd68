//! The Rogue dungeon and the coursework's text format: `N`, then N rows with the
//! character of column j at position 2·j.

use crate::error::ParseError;
use crate::grid::{Dir, Grid, Pos};

/// Largest dungeon side accepted.
pub const MAX_SIDE: usize = 1000;

/// A site of the dungeon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Site {
    /// ` `: impenetrable.
    Wall,
    /// `.`: diagonal moves allowed between rooms.
    Room,
    /// `+`: straight moves only.
    Corridor,
}

impl Site {
    /// The site's character.
    pub const fn symbol(self) -> char {
        match self {
            Site::Wall => ' ',
            Site::Room => '.',
            Site::Corridor => '+',
        }
    }
}

/// Why a site cannot be painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PaintError {
    /// A site off the board.
    #[error("{0} is outside the dungeon")]
    Outside(Pos),
    /// A symbol that is no site.
    #[error("unknown site '{}' (expected ' ', '.', '+', '@' or a letter A-Z)", .0.escape_debug())]
    UnknownSite(char),
    /// The other player stands there (`monster` or `rogue`).
    #[error("the {0} stands here: move it first")]
    Taken(&'static str),
    /// A player's room made a wall or a corridor (`monster` or `rogue`).
    #[error("the {0} stands on a room: move it first")]
    OnRoom(&'static str),
}

impl From<PaintError> for crate::games::session::EditError {
    fn from(e: PaintError) -> Self {
        e.to_string().into()
    }
}

/// A dungeon: the sites, the monster (its letter and site) and the rogue's site.
///
/// ```
/// use gridlab::games::rogue::Dungeon;
/// let d = Dungeon::parse("3\n. . .\n. A +\n@ . .\n").unwrap();
/// assert_eq!(d.monster_letter, 'A');
/// assert_eq!(d.to_text(), "3\n. . .\n. A +\n@ . .\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dungeon {
    /// The N × N sites (the players stand on rooms).
    pub sites: Grid<Site>,
    /// The monster's letter, `A`–`Z`.
    pub monster_letter: char,
    /// The monster's site.
    pub monster: Pos,
    /// The rogue's site.
    pub rogue: Pos,
}

impl Dungeon {
    /// Parse the coursework format. A row shorter than 2N−1 characters, an unknown
    /// character, a separator other than a space, a tab, anything but spaces past
    /// position 2N−1, an extra row right after row N, a missing or second monster or
    /// rogue, or a player off a room is an error naming the line and column. Notes
    /// after row N must follow a blank line (as the annotated coursework dungeons
    /// have them); they are ignored.
    ///
    /// ```
    /// use gridlab::games::rogue::Dungeon;
    /// let e = Dungeon::parse("2\n. .\n.\n").unwrap_err();
    /// assert_eq!((e.line, e.column), (3, 2));
    /// let e = Dungeon::parse("2\nA .\n. @ +\n").unwrap_err();
    /// assert_eq!((e.line, e.column), (3, 5));
    /// assert_eq!(e.message, "row 2 is longer than the 3 characters of a 2-site row");
    /// assert!(Dungeon::parse("2\nA .\n. @\n\nMonster wins\n").is_ok());
    /// ```
    pub fn parse(text: &str) -> Result<Dungeon, ParseError> {
        Dungeon::parse_with(text, false).map(|(dungeon, _)| dungeon)
    }

    /// Parse leniently: short or missing rows are padded with walls, and text past
    /// position 2N−1 or an extra row after row N is ignored (as the stock `Game.java`
    /// ignores it); each is reported as a warning (line, column, message). Every
    /// other error stays.
    ///
    /// ```
    /// use gridlab::games::rogue::Dungeon;
    /// let (d, warnings) = Dungeon::parse_lenient("3\nA . .\n. @\n").unwrap();
    /// assert_eq!(d.to_text(), "3\nA . .\n. @  \n     \n");
    /// assert_eq!(warnings.len(), 2);
    /// assert_eq!((warnings[0].line, warnings[0].column), (3, 4));
    /// ```
    pub fn parse_lenient(text: &str) -> Result<(Dungeon, Vec<ParseError>), ParseError> {
        Dungeon::parse_with(text, true)
    }

    /// Parse strictly (as [`Dungeon::parse`], no warnings) or, with `lenient`, as
    /// [`Dungeon::parse_lenient`].
    pub fn read(text: &str, lenient: bool) -> Result<(Dungeon, Vec<ParseError>), ParseError> {
        Dungeon::parse_with(text, lenient)
    }

    fn parse_with(text: &str, lenient: bool) -> Result<(Dungeon, Vec<ParseError>), ParseError> {
        let mut warnings = Vec::new();
        let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
        let header = lines.next().unwrap_or("");
        let n: usize = match header.trim().parse() {
            Ok(n) if (1..=MAX_SIDE).contains(&n) => n,
            _ => {
                return Err(ParseError::new(
                    1,
                    1,
                    format!(
                        "the first line must be the size N (1 to {MAX_SIDE}), found '{}'",
                        crate::error::excerpt(header.trim())
                    ),
                ))
            }
        };
        let mut sites = Grid::filled(n, n, Site::Wall);
        let mut monster: Option<(Pos, char)> = None;
        let mut rogue: Option<Pos> = None;
        for row in 0..n {
            let line_no = row + 2;
            let mut missing = false;
            let line: Vec<char> = match lines.next() {
                Some(line) => line.chars().collect(),
                None if lenient => {
                    missing = true;
                    warnings.push(ParseError::new(
                        line_no,
                        1,
                        format!("row {} is missing: padded with walls", row + 1),
                    ));
                    Vec::new()
                }
                None => {
                    return Err(ParseError::new(
                        line_no,
                        1,
                        format!("expected {n} rows, found {row}"),
                    ))
                }
            };
            if let Some(at) = line.iter().position(|&c| c == '\t') {
                return Err(ParseError::new(
                    line_no,
                    at + 1,
                    "a tab: sites are separated by single spaces",
                ));
            }
            for (at, &c) in line.iter().enumerate().take(2 * n - 1).skip(1).step_by(2) {
                if c != ' ' {
                    return Err(ParseError::new(
                        line_no,
                        at + 1,
                        format!(
                            "'{}' between sites: sites are separated by single spaces",
                            c.escape_debug()
                        ),
                    ));
                }
            }
            if let Some(extra) = line.iter().skip(2 * n - 1).position(|&c| c != ' ') {
                let long = ParseError::new(
                    line_no,
                    2 * n + extra,
                    format!(
                        "row {} is longer than the {} characters of a {n}-site row",
                        row + 1,
                        2 * n - 1
                    ),
                );
                if !lenient {
                    return Err(long);
                }
                warnings.push(ParseError {
                    message: format!("{}: ignored", long.message),
                    ..long
                });
            }
            for col in 0..n {
                let at = 2 * col;
                let Some(&c) = line.get(at) else {
                    let short = ParseError::new(
                        line_no,
                        line.len() + 1,
                        format!(
                            "row {} is too short: column {} needs position {}",
                            row + 1,
                            col + 1,
                            at + 1
                        ),
                    );
                    if !lenient {
                        return Err(short);
                    }
                    if !missing {
                        warnings.push(ParseError::new(
                            line_no,
                            line.len() + 1,
                            format!(
                                "row {} is too short ({} of {} characters): padded with walls",
                                row + 1,
                                line.len(),
                                2 * n - 1
                            ),
                        ));
                    }
                    break;
                };
                let pos = Pos::new(row, col);
                let place = |what: &str, first: Pos| {
                    format!(
                        "a second {what} (the first is at line {}, column {})",
                        first.row + 2,
                        2 * first.col + 1
                    )
                };
                sites[pos] = match c {
                    ' ' => Site::Wall,
                    '.' => Site::Room,
                    '+' => Site::Corridor,
                    '@' => {
                        if let Some(first) = rogue {
                            return Err(ParseError::new(
                                line_no,
                                at + 1,
                                place("rogue '@'", first),
                            ));
                        }
                        rogue = Some(pos);
                        Site::Room
                    }
                    'A'..='Z' => {
                        if let Some((first, _)) = monster {
                            return Err(ParseError::new(line_no, at + 1, place("monster", first)));
                        }
                        monster = Some((pos, c));
                        Site::Room
                    }
                    c => {
                        return Err(ParseError::new(
                            line_no,
                            at + 1,
                            format!(
                                "unknown site '{}' (expected '.', '+', ' ', '@' or a letter A-Z)",
                                c.escape_debug()
                            ),
                        ))
                    }
                };
            }
        }
        // Right after the rows: blank lines, or notes after a blank line.
        if let Some(line) = lines.next() {
            if let Some(at) = line.chars().position(|c| !c.is_whitespace()) {
                let extra = ParseError::new(
                    n + 2,
                    at + 1,
                    format!(
                        "unexpected text after the {n} rows of the dungeon (notes must follow a blank line)"
                    ),
                );
                if !lenient {
                    return Err(extra);
                }
                warnings.push(ParseError {
                    message: format!("{}: ignored", extra.message),
                    ..extra
                });
            }
        }
        let (monster, monster_letter) = monster
            .ok_or_else(|| ParseError::new(1, 1, "the dungeon has no monster (a letter A-Z)"))?;
        let rogue = rogue.ok_or_else(|| ParseError::new(1, 1, "the dungeon has no rogue '@'"))?;
        let dungeon = Dungeon {
            sites,
            monster_letter,
            monster,
            rogue,
        };
        Ok((dungeon, warnings))
    }

    /// N, the side of the dungeon.
    pub fn size(&self) -> usize {
        self.sites.rows()
    }

    /// The dungeon in the coursework format: every row exactly `2N−1` characters (a
    /// wall at the end of a row is a space), so the strict reader reads it back.
    pub fn to_text(&self) -> String {
        let width = 2 * self.size() - 1;
        let mut out = format!("{}\n", self.size());
        for row in self.board(self.monster, self.rogue).lines() {
            out.push_str(&format!("{row:<width$}\n"));
        }
        out
    }

    /// The board as the referee prints it: every site's character followed by a
    /// space, the rogue `@`, the monster's letter, `*` when both share a site.
    /// (Trailing spaces are trimmed here, as in [`Dungeon::to_text`].)
    pub fn board(&self, monster: Pos, rogue: Pos) -> String {
        let mut out = String::new();
        for (r, row) in self.sites.row_slices().enumerate() {
            let mut line = String::with_capacity(2 * row.len());
            for (c, site) in row.iter().enumerate() {
                let p = Pos::new(r, c);
                line.push(match (p == monster, p == rogue) {
                    (true, true) => '*',
                    (true, false) => self.monster_letter,
                    (false, true) => '@',
                    _ => site.symbol(),
                });
                line.push(' ');
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// Paint a site: `' '` wall, `.` room, `+` corridor, `@` moves the rogue there, a
    /// letter `A`–`Z` moves the monster there (and renames it). The players stand on
    /// rooms, so a player's site cannot become a wall or corridor, nor can both
    /// players share one.
    ///
    /// ```
    /// use gridlab::games::rogue::Dungeon;
    /// use gridlab::grid::Pos;
    /// let mut d = Dungeon::parse("2\nA .\n. @\n").unwrap();
    /// d.paint(Pos::new(0, 1), 'Z').unwrap();
    /// d.paint(Pos::new(0, 0), '+').unwrap();
    /// assert_eq!(d.to_text(), "2\n+ Z\n. @\n");
    /// assert!(d.paint(Pos::new(1, 1), ' ').is_err());
    /// ```
    pub fn paint(&mut self, pos: Pos, symbol: char) -> Result<(), PaintError> {
        if !self.sites.contains(pos) {
            return Err(PaintError::Outside(pos));
        }
        let site = match symbol {
            ' ' => Site::Wall,
            '.' => Site::Room,
            '+' => Site::Corridor,
            '@' | 'A'..='Z' => Site::Room,
            _ => return Err(PaintError::UnknownSite(symbol)),
        };
        let (is_rogue, is_monster) = (pos == self.rogue, pos == self.monster);
        match symbol {
            '@' if is_monster => return Err(PaintError::Taken("monster")),
            'A'..='Z' if is_rogue => return Err(PaintError::Taken("rogue")),
            '@' => self.rogue = pos,
            'A'..='Z' => {
                self.monster = pos;
                self.monster_letter = symbol;
            }
            _ if site != Site::Room && is_rogue => return Err(PaintError::OnRoom("rogue")),
            _ if site != Site::Room && is_monster => return Err(PaintError::OnRoom("monster")),
            _ => {}
        }
        self.sites[pos] = site;
        Ok(())
    }

    /// The same dungeon with side `n` (2 to [`MAX_SIDE`]): kept sites stay, new ones
    /// are walls, and a player that falls off moves to the nearest free site inside
    /// (made a room).
    ///
    /// ```
    /// use gridlab::games::rogue::Dungeon;
    /// let d = Dungeon::parse("3\n. . .\n. A .\n. . @\n").unwrap();
    /// assert_eq!(d.resized(2).to_text(), "2\n. .\n@ A\n");
    /// assert_eq!(d.resized(4).to_text(), "4\n. . .  \n. A .  \n. . @  \n       \n");
    /// ```
    pub fn resized(&self, n: usize) -> Dungeon {
        let n = n.clamp(2, MAX_SIDE);
        let mut sites = Grid::filled(n, n, Site::Wall);
        for (i, &site) in self.sites.cells().iter().enumerate() {
            let p = self.sites.pos_of(i);
            if p.row < n && p.col < n {
                sites[p] = site;
            }
        }
        let inside = |p: Pos| Pos::new(p.row.min(n - 1), p.col.min(n - 1));
        let monster = inside(self.monster);
        let mut rogue = inside(self.rogue);
        if rogue == monster {
            // Both were cut off into the same corner: the rogue steps aside.
            rogue = if monster.col > 0 {
                Pos::new(monster.row, monster.col - 1)
            } else {
                Pos::new(monster.row - 1, monster.col)
            };
        }
        sites[monster] = Site::Room;
        sites[rogue] = Site::Room;
        Dungeon {
            sites,
            monster_letter: self.monster_letter,
            monster,
            rogue,
        }
    }

    /// The coursework's `isLegalMove(v, w)`: both sites on the board and not walls,
    /// at most one row and one column apart; staying put is legal; any two room sites
    /// connect diagonally; otherwise only straight (N, E, S, W) steps.
    ///
    /// ```
    /// use gridlab::games::rogue::Dungeon;
    /// use gridlab::grid::Pos;
    /// let d = Dungeon::parse("2\n. +\n@ A\n").unwrap();
    /// assert!(d.is_legal_move(Pos::new(1, 0), Pos::new(0, 0)));
    /// assert!(!d.is_legal_move(Pos::new(1, 0), Pos::new(0, 1)), "no diagonal to a corridor");
    /// ```
    pub fn is_legal_move(&self, v: Pos, w: Pos) -> bool {
        let open = |p: Pos| self.sites.get(p).is_some_and(|&s| s != Site::Wall);
        if !open(v) || !open(w) {
            return false;
        }
        let (dr, dc) = (v.row.abs_diff(w.row), v.col.abs_diff(w.col));
        if dr > 1 || dc > 1 {
            return false;
        }
        if self.sites[v] == Site::Room && self.sites[w] == Site::Room {
            return true;
        }
        dr + dc <= 1
    }

    /// The sites a player at `v` may move to, staying put first, then N, NE, E, SE,
    /// S, SW, W, NW.
    pub fn moves(&self, v: Pos) -> Vec<Pos> {
        std::iter::once(v).chain(self.steps(v)).collect()
    }

    /// The sites a player at `v` may step to (without staying put), N, NE, E, SE, S,
    /// SW, W, NW: [`Dungeon::moves`] without the first and without allocating.
    pub fn steps(&self, v: Pos) -> impl Iterator<Item = Pos> + '_ {
        Dir::CLOCKWISE
            .into_iter()
            .filter_map(move |dir| v.step(dir))
            .filter(move |&w| self.is_legal_move(v, w))
    }
}

/// The compass name of the step from `v` to `w` (`stay` for none).
pub fn direction_name(v: Pos, w: Pos) -> &'static str {
    let dr = w.row as i64 - v.row as i64;
    let dc = w.col as i64 - v.col as i64;
    match (dr, dc) {
        (0, 0) => "stay",
        (-1, 0) => "N",
        (-1, 1) => "NE",
        (0, 1) => "E",
        (1, 1) => "SE",
        (1, 0) => "S",
        (1, -1) => "SW",
        (0, -1) => "W",
        (-1, -1) => "NW",
        _ => "?",
    }
}
