//! The rules of Act-Man II: one turn in five stages, on a compact state that the
//! interactive game and the solvers share.

use super::level::{Dungeon, Kind};
use crate::grid::{Dir, Pos};
use serde::Serialize;

/// Score at the start of a game.
pub const START_SCORE: i32 = 50;
/// Points lost on a turn in which Act-Man moves.
pub const MOVE_COST: i32 = 1;
/// Points lost on the turn Act-Man fires (instead of the move cost).
pub const SHOT_COST: i32 = 20;
/// Points gained per monster that dies.
pub const KILL_BONUS: i32 = 5;

/// The score after spending `cost` points and killing `kills` monsters.
///
/// ```
/// use gridlab::games::actman::score;
/// assert_eq!(score(2 + 20, 2), 38); // two moves, one shot, two kills
/// ```
pub const fn score(cost: i32, kills: i32) -> i32 {
    START_SCORE - cost + KILL_BONUS * kills
}

/// The ogre's tie order: clockwise from north.
const OGRE_ORDER: [Dir; 8] = Dir::CLOCKWISE;
/// The demon's tie order: counter-clockwise from north.
const DEMON_ORDER: [Dir; 8] = [
    Dir::N,
    Dir::NW,
    Dir::W,
    Dir::SW,
    Dir::S,
    Dir::SE,
    Dir::E,
    Dir::NE,
];

/// What Act-Man does in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Step to an adjacent cell.
    Move(Dir),
    /// Fire the magic bullet (N, S, E or W).
    Fire(Dir),
}

impl Action {
    /// Every action in a fixed order: the 8 moves (numpad 7 8 9 4 6 1 2 3), then the
    /// shots N, W, E, S.
    pub const ALL: [Action; 12] = [
        Action::Move(Dir::NW),
        Action::Move(Dir::N),
        Action::Move(Dir::NE),
        Action::Move(Dir::W),
        Action::Move(Dir::E),
        Action::Move(Dir::SW),
        Action::Move(Dir::S),
        Action::Move(Dir::SE),
        Action::Fire(Dir::N),
        Action::Fire(Dir::W),
        Action::Fire(Dir::E),
        Action::Fire(Dir::S),
    ];

    /// The action's character: a numpad digit, or `N`/`S`/`E`/`W` for a shot.
    ///
    /// ```
    /// use gridlab::games::actman::Action;
    /// use gridlab::grid::Dir;
    /// assert_eq!(Action::Fire(Dir::E).symbol(), 'E');
    /// assert_eq!(Action::from_symbol('9'), Some(Action::Move(Dir::NE)));
    /// assert_eq!(Action::from_symbol('5'), None);
    /// ```
    pub const fn symbol(self) -> char {
        match self {
            Action::Move(d) => d.digit(),
            Action::Fire(Dir::N) => 'N',
            Action::Fire(Dir::S) => 'S',
            Action::Fire(Dir::E) => 'E',
            Action::Fire(_) => 'W',
        }
    }

    /// The action for a character, if it is one.
    pub const fn from_symbol(c: char) -> Option<Action> {
        Some(match c {
            'N' => Action::Fire(Dir::N),
            'S' => Action::Fire(Dir::S),
            'E' => Action::Fire(Dir::E),
            'W' => Action::Fire(Dir::W),
            c => match Dir::from_digit(c) {
                Some(d) => Action::Move(d),
                None => return None,
            },
        })
    }

    /// Points this action costs.
    pub const fn cost(self) -> i32 {
        match self {
            Action::Move(_) => MOVE_COST,
            Action::Fire(_) => SHOT_COST,
        }
    }
}

/// One monster (alive, or its corpse) in a compact state: `cell << 2 | tag`.
/// Sorting a slice of slots gives a canonical order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot(u32);

impl Slot {
    /// An unused slot (sorts last).
    pub const EMPTY: Slot = Slot(u32::MAX);
    const OGRE: u32 = 0;
    const DEMON: u32 = 1;
    const CORPSE: u32 = 2;

    /// A living monster at flat cell index `cell`.
    pub const fn monster(cell: u32, kind: Kind) -> Slot {
        Slot(
            cell << 2
                | match kind {
                    Kind::Ogre => Self::OGRE,
                    Kind::Demon => Self::DEMON,
                },
        )
    }

    /// A corpse left by a monster at `cell`.
    pub const fn corpse(cell: u32) -> Slot {
        Slot(cell << 2 | Self::CORPSE)
    }

    /// The slot's cell (meaningless for [`Slot::EMPTY`]).
    pub const fn cell(self) -> u32 {
        self.0 >> 2
    }

    /// The living monster's kind, or `None` for a corpse or an empty slot.
    pub const fn kind(self) -> Option<Kind> {
        if self.0 == u32::MAX {
            return None;
        }
        match self.0 & 3 {
            Self::OGRE => Some(Kind::Ogre),
            Self::DEMON => Some(Kind::Demon),
            _ => None,
        }
    }

    /// Whether this slot is a corpse.
    pub const fn is_corpse(self) -> bool {
        self.0 != u32::MAX && self.0 & 3 == Self::CORPSE
    }

    /// Whether this slot holds a living monster.
    pub const fn is_alive(self) -> bool {
        self.kind().is_some()
    }
}

/// The dungeon's fixed parts, precomputed for fast turns: walls, start corpses and
/// each cell's neighbours.
#[derive(Clone, Debug)]
pub struct Board {
    cols: usize,
    start_corpse: Vec<bool>,
    /// `neighbours[cell][dir.index()]`: the open neighbour, or `u32::MAX`.
    neighbours: Vec<[u32; 8]>,
    /// `(row, col)` of every cell, for distances without divisions.
    coords: Vec<(i32, i32)>,
    /// `chases[(kind * cells + target) * cells + cell]`: where a monster of `kind` at
    /// `cell` steps when Act-Man is at `target` (small boards only; else empty).
    chases: Vec<u16>,
}

/// Largest board whose chase table is precomputed (cells).
const CHASE_TABLE_CELLS: usize = 1024;

impl Board {
    /// The board of a dungeon.
    pub fn new(dungeon: &Dungeon) -> Board {
        let mut start_corpse = vec![false; dungeon.walls.len()];
        for &c in &dungeon.corpses {
            start_corpse[dungeon.walls.index_of(c)] = true;
        }
        let walls = &dungeon.walls;
        let neighbours = (0..walls.len())
            .map(|i| {
                Dir::ALL.map(|d| match walls.neighbour(i, d) {
                    Some(j) if !walls[j] => j as u32,
                    _ => u32::MAX,
                })
            })
            .collect();
        let coords = (0..walls.len())
            .map(|i| {
                let p = walls.pos_of(i);
                (p.row as i32, p.col as i32)
            })
            .collect();
        let mut board = Board {
            cols: walls.cols(),
            start_corpse,
            neighbours,
            coords,
            chases: Vec::new(),
        };
        let n = board.cells();
        if n <= CHASE_TABLE_CELLS {
            let mut table = vec![0u16; 2 * n * n];
            for target in 0..n {
                for cell in 0..n {
                    // Cells fit 16 bits: the table has at most CHASE_TABLE_CELLS.
                    let [ogre, demon] = board.compute_chases(cell as u32, target as u32);
                    table[target * n + cell] = ogre as u16;
                    table[(n + target) * n + cell] = demon as u16;
                }
            }
            board.chases = table;
        }
        board
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.neighbours.len()
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The position of a flat cell index.
    pub fn pos(&self, cell: u32) -> Pos {
        Pos::new(cell as usize / self.cols, cell as usize % self.cols)
    }

    /// The flat index of a position.
    pub fn cell(&self, p: Pos) -> u32 {
        (p.row * self.cols + p.col) as u32
    }

    /// The flat index of a position, or `None` when it is off the grid.
    pub fn cell_on_board(&self, p: Pos) -> Option<u32> {
        (p.col < self.cols && p.row < self.cells() / self.cols.max(1)).then(|| self.cell(p))
    }

    /// The open neighbour of `cell` in `dir`, if it is inside the grid and not a wall.
    pub fn step(&self, cell: u32, dir: Dir) -> Option<u32> {
        let next = self.neighbours[cell as usize][dir.index()];
        (next != u32::MAX).then_some(next)
    }

    /// Whether a corpse lay at `cell` when the game started.
    pub fn start_corpse(&self, cell: u32) -> bool {
        self.start_corpse[cell as usize]
    }

    fn distance2(&self, a: u32, b: u32) -> i64 {
        let (a, b) = (self.coords[a as usize], self.coords[b as usize]);
        let (dr, dc) = (i64::from(a.0 - b.0), i64::from(a.1 - b.1));
        dr * dr + dc * dc
    }

    /// The `(row, column)` of a cell.
    pub fn coords(&self, cell: u32) -> (i32, i32) {
        self.coords[cell as usize]
    }

    /// Chebyshev distance between two cells (king moves, walls ignored).
    pub fn chebyshev(&self, a: u32, b: u32) -> u32 {
        let (a, b) = (self.coords[a as usize], self.coords[b as usize]);
        a.0.abs_diff(b.0).max(a.1.abs_diff(b.1))
    }

    /// Where a monster of `kind` at `cell` moves when Act-Man stands at `target`: the
    /// open neighbour nearest to him (squared Euclidean, walls ignored), ties broken
    /// by the kind's order; a monster with no open neighbour stays.
    pub fn chase(&self, cell: u32, kind: Kind, target: u32) -> u32 {
        let k = usize::from(kind == Kind::Demon);
        if self.chases.is_empty() {
            return self.compute_chases(cell, target)[k];
        }
        let n = self.cells();
        u32::from(self.chases[(k * n + target as usize) * n + cell as usize])
    }

    /// [`Board::chase`] of an ogre and of a demon: the nearest open neighbours are
    /// found once, then each kind takes the first of them in its order.
    fn compute_chases(&self, cell: u32, target: u32) -> [u32; 2] {
        let around = &self.neighbours[cell as usize];
        let mut distance = [i64::MAX; 8];
        let mut best = i64::MAX;
        for (d, &next) in distance.iter_mut().zip(around) {
            if next != u32::MAX {
                *d = self.distance2(next, target);
                best = best.min(*d);
            }
        }
        if best == i64::MAX {
            return [cell, cell];
        }
        [&OGRE_ORDER, &DEMON_ORDER].map(|order| {
            order
                .iter()
                .find(|dir| distance[dir.index()] == best)
                .map_or(cell, |dir| around[dir.index()])
        })
    }
}

/// How a turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnEnd {
    /// The game goes on.
    Continue,
    /// Every monster is dead.
    Victory,
    /// Act-Man died at this cell.
    Died(u32),
}

/// Something that happened in a turn, for animation and explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The bullet flew over this cell.
    Bullet(u32),
    /// A monster died at this cell (shot, or in a collision).
    Killed(u32),
    /// A monster of this kind moved from the first cell to the second.
    Chased(Kind, u32, u32),
}

/// Play one turn in place. Returns how it ended and how many monsters died, or why the
/// action is illegal (nothing changes then). `event` hears what happens, in order.
///
/// ```
/// use gridlab::games::actman::{play_turn, Action, Board, Dungeon, Slot, TurnEnd};
/// use gridlab::grid::Dir;
/// let d = Dungeon::parse("3 7\n#######\n#A  G #\n#######").unwrap();
/// let board = Board::new(&d);
/// let mut actman = board.cell(d.actman);
/// let mut bullet = false;
/// let mut slots = vec![Slot::monster(board.cell(d.monsters[0].0), d.monsters[0].1)];
/// let (end, kills) =
///     play_turn(&board, &mut actman, &mut bullet, &mut slots, Action::Fire(Dir::E), |_| {})
///         .unwrap();
/// assert_eq!((end, kills), (TurnEnd::Victory, 1));
/// ```
pub fn play_turn(
    board: &Board,
    actman: &mut u32,
    bullet_used: &mut bool,
    slots: &mut [Slot],
    action: Action,
    mut event: impl FnMut(Event),
) -> Result<(TurnEnd, u32), &'static str> {
    let mut kills = 0;
    // Stage 1: Act-Man acts.
    match action {
        Action::Move(dir) => {
            let to = board.step(*actman, dir).ok_or("a wall is in the way")?;
            *actman = to;
            // A monster or a corpse there (an empty slot's cell lies past the largest
            // board, `MAX_CELLS`).
            if board.start_corpse(to) || slots.iter().any(|s| s.cell() == to) {
                return Ok((TurnEnd::Died(to), 0));
            }
        }
        Action::Fire(dir) => {
            if dir.is_diagonal() {
                return Err("the bullet flies north, south, east or west only");
            }
            if *bullet_used {
                return Err("the only bullet is already spent");
            }
            *bullet_used = true;
            let mut cell = *actman;
            while let Some(next) = board.step(cell, dir) {
                cell = next;
                event(Event::Bullet(cell));
                for slot in slots.iter_mut() {
                    if slot.is_alive() && slot.cell() == cell {
                        *slot = Slot::corpse(cell);
                        kills += 1;
                        event(Event::Killed(cell));
                    }
                }
            }
            if !slots.iter().any(|s| s.is_alive()) {
                slots.sort_unstable();
                return Ok((TurnEnd::Victory, kills));
            }
        }
    }
    // Stage 2: every living monster moves, all towards Act-Man's cell now.
    for slot in slots.iter_mut() {
        if let Some(kind) = slot.kind() {
            let to = board.chase(slot.cell(), kind, *actman);
            event(Event::Chased(kind, slot.cell(), to));
            *slot = Slot::monster(to, kind);
        }
    }
    // Stage 3: a monster on Act-Man's cell kills him.
    if slots.iter().any(|s| s.is_alive() && s.cell() == *actman) {
        slots.sort_unstable();
        return Ok((TurnEnd::Died(*actman), kills));
    }
    // Stage 4: monsters sharing a cell, or standing on a corpse, die; one corpse a
    // cell. Sorted slots put everything on one cell side by side, the living first.
    slots.sort_unstable();
    let mut died = false;
    // Most turns, no two slots share a cell and no monster stands on a start corpse.
    let quiet = slots
        .windows(2)
        .all(|w| w[1] == Slot::EMPTY || w[0].cell() != w[1].cell())
        && slots
            .iter()
            .all(|s| !s.is_alive() || !board.start_corpse(s.cell()));
    let mut i = if quiet { slots.len() } else { 0 };
    while i < slots.len() && slots[i] != Slot::EMPTY {
        let cell = slots[i].cell();
        let mut j = i;
        while j < slots.len() && slots[j] != Slot::EMPTY && slots[j].cell() == cell {
            j += 1;
        }
        let alive = slots[i..j].iter().filter(|s| s.is_alive()).count() as u32;
        let corpse_here = board.start_corpse(cell) || slots[i..j].iter().any(|s| s.is_corpse());
        if alive >= 2 || (alive == 1 && corpse_here) {
            died = true;
            kills += alive;
            event(Event::Killed(cell));
            for slot in &mut slots[i..i + alive as usize] {
                *slot = Slot::EMPTY;
            }
            if !corpse_here {
                slots[i] = Slot::corpse(cell);
            }
        }
        i = j;
    }
    if died {
        slots.sort_unstable();
    }
    if slots.iter().any(|s| s.is_alive()) {
        Ok((TurnEnd::Continue, kills))
    } else {
        Ok((TurnEnd::Victory, kills))
    }
}
