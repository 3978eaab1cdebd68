//! A game of Act-Man II in progress: score, status, the course output and the
//! grader's verdict.

use super::level::{rows_text, Dungeon, Kind};
use super::rules::{play_turn, score, Action, Board, Event, Slot, TurnEnd};
use crate::error::MoveError;
use crate::grid::{Grid, Pos};
use serde::Serialize;

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Monsters remain and Act-Man is alive.
    Playing,
    /// Every monster is dead.
    Victory,
    /// Act-Man was caught, or stepped onto a monster or a corpse.
    Dead,
    /// The score dropped to zero or below.
    OutOfPoints,
}

/// How Act-Man died.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DeathCause {
    /// He stepped onto a monster.
    WalkedInto,
    /// He stepped onto a corpse.
    Corpse,
    /// A monster stepped onto his cell.
    Caught,
}

/// Act-Man's death in a turn: the cause and the kinds of monster involved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Death {
    /// How he died.
    pub cause: DeathCause,
    /// The monsters that killed him (empty for a corpse).
    pub kinds: Vec<Kind>,
}

/// What one turn did, for animation and explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnReport {
    /// The action's character.
    pub action: char,
    /// Act-Man's cell before and after.
    pub from: Pos,
    /// Act-Man's cell after the turn.
    pub to: Pos,
    /// Cells the bullet flew over.
    pub bullet: Vec<Pos>,
    /// Monster moves: kind, from, to.
    pub chases: Vec<(Kind, Pos, Pos)>,
    /// Cells where monsters died this turn.
    pub killed: Vec<Pos>,
    /// Monsters that died this turn.
    pub kills: u32,
    /// Score after the turn.
    pub score: i32,
    /// Status after the turn.
    pub status: Status,
    /// How Act-Man died, if he did.
    pub death: Option<Death>,
}

/// A game: the board, Act-Man, the monsters, the score and the actions so far.
///
/// ```
/// use gridlab::games::actman::{Dungeon, Game, Status};
/// let d = Dungeon::parse("5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########").unwrap();
/// let game = Game::replay(&d, "86E").unwrap();
/// assert_eq!(game.status(), Status::Victory);
/// assert_eq!(game.score(), 38);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    dungeon: Dungeon,
    board: Board,
    actman: u32,
    bullet_used: bool,
    slots: Vec<Slot>,
    score: i32,
    cost: i32,
    status: Status,
    actions: String,
}

impl Game {
    /// A new game on `dungeon`. A dungeon without monsters is won at once.
    pub fn new(dungeon: &Dungeon) -> Game {
        let board = Board::new(dungeon);
        let mut slots: Vec<Slot> = dungeon
            .monsters
            .iter()
            .map(|&(p, kind)| Slot::monster(board.cell(p), kind))
            .collect();
        slots.sort_unstable();
        Game {
            actman: board.cell(dungeon.actman),
            dungeon: dungeon.clone(),
            board,
            bullet_used: false,
            status: if slots.is_empty() {
                Status::Victory
            } else {
                Status::Playing
            },
            slots,
            score: score(0, 0),
            cost: 0,
            actions: String::new(),
        }
    }

    /// Replay an action string from the start; the first illegal action is reported
    /// with its index.
    pub fn replay(dungeon: &Dungeon, actions: &str) -> Result<Game, MoveError> {
        let mut game = Game::new(dungeon);
        game.play_str(actions)?;
        Ok(game)
    }

    /// The score now (0 after death).
    pub fn score(&self) -> i32 {
        self.score
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The actions played.
    pub fn actions(&self) -> &str {
        &self.actions
    }

    /// Act-Man's cell (where he died, after death).
    pub fn actman(&self) -> Pos {
        self.board.pos(self.actman)
    }

    /// Whether the bullet has been fired.
    pub fn bullet_used(&self) -> bool {
        self.bullet_used
    }

    /// The living monsters.
    pub fn monsters(&self) -> Vec<(Pos, Kind)> {
        self.slots
            .iter()
            .filter_map(|s| s.kind().map(|k| (self.board.pos(s.cell()), k)))
            .collect()
    }

    /// Every corpse: those of the start and those left since.
    pub fn corpses(&self) -> Vec<Pos> {
        let mut corpses: Vec<Pos> = self.dungeon.corpses.clone();
        corpses.extend(
            self.slots
                .iter()
                .filter(|s| s.is_corpse())
                .map(|s| self.board.pos(s.cell())),
        );
        corpses.sort();
        corpses
    }

    /// The board (walls, start corpses).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Where each living monster will move next turn if Act-Man stays where he is now
    /// (their chase is deterministic).
    pub fn next_chases(&self) -> Vec<(Kind, Pos, Pos)> {
        self.slots
            .iter()
            .filter_map(|s| {
                let kind = s.kind()?;
                let to = self.board.chase(s.cell(), kind, self.actman);
                Some((kind, self.board.pos(s.cell()), self.board.pos(to)))
            })
            .collect()
    }

    /// The actions that are legal now.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.status != Status::Playing {
            return Vec::new();
        }
        Action::ALL
            .into_iter()
            .filter(|&a| match a {
                Action::Move(d) => self.board.step(self.actman, d).is_some(),
                Action::Fire(_) => !self.bullet_used,
            })
            .collect()
    }

    /// Play one action. Errors (and changes nothing) when the game is over or the
    /// action is illegal.
    pub fn play(&mut self, action: Action) -> Result<TurnReport, &'static str> {
        match self.status {
            Status::Playing => {}
            Status::Victory => return Err("the game is over: every monster is dead"),
            Status::Dead => return Err("the game is over: Act-Man is dead"),
            Status::OutOfPoints => return Err("the game is over: the score dropped to zero"),
        }
        let from = self.actman;
        let board = &self.board;
        let mut report = TurnReport {
            action: action.symbol(),
            from: board.pos(from),
            to: board.pos(from),
            bullet: Vec::new(),
            chases: Vec::new(),
            killed: Vec::new(),
            kills: 0,
            score: 0,
            status: Status::Playing,
            death: None,
        };
        let (end, kills) = play_turn(
            board,
            &mut self.actman,
            &mut self.bullet_used,
            &mut self.slots,
            action,
            |e| match e {
                Event::Bullet(c) => report.bullet.push(board.pos(c)),
                Event::Killed(c) => report.killed.push(board.pos(c)),
                Event::Chased(k, a, b) => report.chases.push((k, board.pos(a), board.pos(b))),
            },
        )?;
        self.actions.push(action.symbol());
        self.cost += action.cost();
        let total_kills = (self.dungeon.monsters.len() - self.monsters_alive()) as i32;
        self.score = score(self.cost, total_kills);
        self.status = match end {
            TurnEnd::Died(cell) => {
                self.score = 0;
                report.death = Some(self.death_at(cell, &report.chases));
                Status::Dead
            }
            TurnEnd::Victory => Status::Victory,
            TurnEnd::Continue if self.score <= 0 => Status::OutOfPoints,
            TurnEnd::Continue => Status::Playing,
        };
        report.to = self.board.pos(self.actman);
        report.kills = kills;
        report.score = self.score;
        report.status = self.status;
        Ok(report)
    }

    /// Why Act-Man died at `cell`: caught by the monsters that stepped there this
    /// turn, else he stepped onto a monster or a corpse.
    fn death_at(&self, cell: u32, chases: &[(Kind, Pos, Pos)]) -> Death {
        let at = self.board.pos(cell);
        let mut kinds: Vec<Kind> = chases.iter().filter(|c| c.2 == at).map(|c| c.0).collect();
        if !kinds.is_empty() {
            kinds.dedup();
            return Death {
                cause: DeathCause::Caught,
                kinds,
            };
        }
        let walked_into: Vec<Kind> = self
            .slots
            .iter()
            .filter(|s| s.cell() == cell)
            .filter_map(|s| s.kind())
            .collect();
        if walked_into.is_empty() {
            Death {
                cause: DeathCause::Corpse,
                kinds: walked_into,
            }
        } else {
            Death {
                cause: DeathCause::WalkedInto,
                kinds: walked_into,
            }
        }
    }

    fn monsters_alive(&self) -> usize {
        self.slots.iter().filter(|s| s.is_alive()).count()
    }

    /// Play a string of actions; the first illegal one is reported with its index and
    /// nothing after it is played.
    pub fn play_str(&mut self, actions: &str) -> Result<Vec<TurnReport>, MoveError> {
        let mut reports = Vec::new();
        for (index, c) in actions.chars().enumerate() {
            let action = Action::from_symbol(c).ok_or_else(|| {
                MoveError::new(
                    index,
                    c,
                    "not an action (numpad digits 1-4, 6-9 to move; N, S, E, W to fire)",
                )
            })?;
            reports.push(self.play(action).map_err(|m| MoveError::new(index, c, m))?);
        }
        Ok(reports)
    }

    /// The course output: the actions, the score, then the final grid with `A` at
    /// Act-Man's cell (`X` where he died), `@` corpses and the living monsters.
    pub fn output(&self) -> String {
        format!(
            "{}\n{}\n{}",
            self.actions,
            self.score,
            rows_text(&self.grid())
        )
    }

    /// The grid as the course output prints it: `A` at Act-Man's cell (`X` where he
    /// died), `@` corpses, the living monsters, walls and spaces.
    pub fn grid(&self) -> Grid<char> {
        let mut grid = self.dungeon.render();
        for cell in grid.cells_mut() {
            if matches!(cell, 'G' | 'D') {
                *cell = ' ';
            }
        }
        for c in self.corpses() {
            grid[c] = '@';
        }
        for (p, kind) in self.monsters() {
            grid[p] = kind.symbol();
        }
        grid[self.actman()] = if self.status == Status::Dead {
            'X'
        } else {
            'A'
        };
        grid
    }

    /// The grader's verdict on this game as a plan of at most `limit` actions:
    /// `*** VICTORY ***`, `* Plan limit reached`, or why the game ended.
    pub fn verdict(&self, limit: Option<usize>) -> String {
        match self.status {
            Status::Victory => "*** VICTORY ***".to_string(),
            Status::Dead => "* Act-Man died".to_string(),
            Status::OutOfPoints => "* Score dropped to zero".to_string(),
            Status::Playing if limit.is_some_and(|l| self.actions.len() >= l) => {
                "* Plan limit reached".to_string()
            }
            Status::Playing => "* Plan ended before victory".to_string(),
        }
    }
}
