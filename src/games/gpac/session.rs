//! A GPac match played a turn at a time: Pac-Man by an agent or by a person (one move
//! a turn), the ghosts by an agent, one seeded generator for everything. It is the
//! playground's session (see [`crate::games::session`]): the moves are Pac-Man's
//! letters, which replay the match from its seed whoever played them. The turn's rule
//! (legality, who decides, the order of the draws) lives here and only here.

use super::{
    Agents, End, Game, GameRng, GhostKind, Map, Move, PacKind, RuleError, Settings, World,
};
use crate::error::MoveError;
use crate::games::session::{EditError, Session};
use crate::grid::Pos;
use rand::SeedableRng;
use serde::Serialize;
use std::sync::Arc;

/// Why a match cannot start or a turn cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// A spawn cell is a wall ([`Map::check_spawns`]).
    #[error("{}", super::map::WALLED_SPAWN)]
    WalledSpawn,
    /// The game has ended.
    #[error("the game is over")]
    Over,
    /// The person's move is not a move letter.
    #[error("'{0}' is not a move (h u r d l)")]
    NotAMove(char),
    /// The person's move runs into a wall or off the map.
    #[error("Pac-Man cannot move {0:?} here")]
    Illegal(Move),
    /// `run` with Pac-Man played by a person.
    #[error("Pac-Man is on the keyboard: use step(move)")]
    PersonToMove,
    /// The rules refused the turn (a ghost walled in on a hand-made map).
    #[error("{0}")]
    Rules(#[from] RuleError),
    /// A replayed move that is not the one the agent playing Pac-Man makes.
    #[error("the {agent:?} agent moves '{moved}' here, not '{asked}'")]
    NotTheAgentsMove {
        /// The agent playing Pac-Man.
        agent: PacKind,
        /// The letter it played.
        moved: char,
        /// The letter asked for.
        asked: char,
    },
}

/// The board's tile codes, one byte a cell (top row first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum BoardTile {
    /// A wall.
    Wall = b'#',
    /// An open cell with a pill.
    Pill = b'.',
    /// An open cell.
    Open = b' ',
    /// The fruit.
    Fruit = b'f',
    /// Pac-Man.
    Pacman = b'm',
    /// Pac-Man caught.
    Caught = b'X',
    /// Ghost 1 (ghost i is this code + i − 1, up to 9).
    FirstGhost = b'1',
}

/// One turn as the page animates it: Pac-Man's move (its letter) and the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// Pac-Man's move, `h u r d l`.
    pub pacman: char,
    /// The turn's number, from 1.
    pub turn: u32,
}

/// An (x, y) point of the map, y up as the course counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Xy {
    /// Column, from the left.
    pub x: usize,
    /// Row, from the bottom.
    pub y: usize,
}

impl From<(usize, usize)> for Xy {
    fn from((x, y): (usize, usize)) -> Xy {
        Xy { x, y }
    }
}

/// Everything the page shows about a GPac match.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchView {
    rows: usize,
    cols: usize,
    width: usize,
    height: usize,
    pacman: Xy,
    ghosts: Vec<Xy>,
    fruit: Option<Xy>,
    time: i64,
    total_time: i64,
    score: i64,
    ghost_score: i64,
    pills_left: u32,
    pills_total: u32,
    fruit_eaten: u32,
    end: Option<End>,
    /// `playing`, or how the game ended.
    status: String,
    turns: u32,
    seed: u64,
    moves: String,
    /// Pac-Man's legal moves as letters.
    legal: String,
    /// Whether a person plays Pac-Man.
    human: bool,
    /// No text output: the game's log is its world file.
    output: String,
}

/// One match: the world, the settings, the players, the seed and the game so far.
pub struct Match {
    world: Arc<World>,
    settings: Settings,
    pacman: Option<PacKind>,
    ghosts: GhostKind,
    seed: u64,
    rng: GameRng,
    game: Game,
    agents: Agents,
    turns: u32,
    moves: String,
    board: Vec<u8>,
}

impl Match {
    /// A match on `map` (spawn cells open) with the framework's `avoid` against
    /// `chase`, seeded with `seed`; the game logs itself for its world file.
    pub fn new(map: Map, settings: Settings, seed: u64) -> Result<Match, MatchError> {
        map.check_spawns().map_err(|_| MatchError::WalledSpawn)?;
        let world = Arc::new(World::new(map));
        let mut rng = GameRng::seed_from_u64(seed);
        let game = Game::new(Arc::clone(&world), &settings, &mut rng, true);
        let agents = Agents::new(PacKind::Avoid, GhostKind::Chase, settings.ghosts);
        let mut played = Match {
            world,
            settings,
            pacman: Some(PacKind::Avoid),
            ghosts: GhostKind::Chase,
            seed,
            rng,
            game,
            agents,
            turns: 0,
            moves: String::new(),
            board: Vec::new(),
        };
        played.refresh_board();
        Ok(played)
    }

    /// The same players and seed on another map or with other settings.
    fn rebuilt(&self, map: Map, settings: Settings) -> Result<Match, MatchError> {
        let mut played = Match::new(map, settings, self.seed)?;
        played.set_players(self.pacman, self.ghosts);
        Ok(played)
    }

    /// New settings (checked by the caller): the match starts again on the same map.
    pub fn set_settings(&mut self, settings: Settings) -> Result<(), MatchError> {
        *self = self.rebuilt(self.world.map.clone(), settings)?;
        Ok(())
    }

    /// Who plays Pac-Man: an agent, or `None` for a person.
    pub fn pacman_player(&self) -> Option<PacKind> {
        self.pacman
    }

    /// Choose the players (`None`: a person plays Pac-Man) and start again with the
    /// same seed.
    pub fn set_players(&mut self, pacman: Option<PacKind>, ghosts: GhostKind) {
        self.pacman = pacman;
        self.ghosts = ghosts;
        self.reseed(self.seed);
    }

    /// Start again with `seed`: the same seed replays the same game.
    pub fn reseed(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = GameRng::seed_from_u64(seed);
        self.game = Game::new(Arc::clone(&self.world), &self.settings, &mut self.rng, true);
        self.agents = Agents::new(
            self.pacman.unwrap_or(PacKind::Pill),
            self.ghosts,
            self.settings.ghosts,
        );
        self.turns = 0;
        self.moves.clear();
        self.refresh_board();
    }

    /// One turn. With a person playing Pac-Man, `pacman` is the move letter (none:
    /// hold); an illegal one is refused and nothing changes. With an agent, `pacman`
    /// is ignored. Returns Pac-Man's move.
    pub fn step(&mut self, pacman: Option<char>) -> Result<Move, MatchError> {
        if self.game.end().is_some() {
            return Err(MatchError::Over);
        }
        let pac_move = match (self.pacman, pacman) {
            (None, Some(c)) => {
                let mv = Move::from_letter(c).ok_or(MatchError::NotAMove(c))?;
                if self.game.target(self.game.pacman(), mv, false).is_none() {
                    return Err(MatchError::Illegal(mv));
                }
                mv
            }
            (None, None) => Move::Hold,
            (Some(_), _) => self.agents.pacman.choose(&self.game, &mut self.rng),
        };
        let ghost_moves = self.agents.ghost_moves(&self.game, &mut self.rng);
        self.game.step(pac_move, ghost_moves, &mut self.rng)?;
        self.turns += 1;
        self.moves.push(pac_move.letter());
        self.refresh_board();
        Ok(pac_move)
    }

    /// The agents play up to `turns` turns (fewer when the game ends).
    pub fn run(&mut self, turns: u32) -> Result<(), MatchError> {
        if self.pacman.is_none() {
            return Err(MatchError::PersonToMove);
        }
        for _ in 0..turns {
            if self.game.end().is_some() {
                break;
            }
            self.step(None)?;
        }
        Ok(())
    }

    /// The board, top row first, one byte a cell: `#` wall, `.` pill, ` ` open, `f`
    /// fruit, `1`–`9` a ghost, `m` Pac-Man, `X` Pac-Man caught.
    fn refresh_board(&mut self) {
        let board = &mut self.board;
        let map = &self.world.map;
        let (w, h) = (map.width(), map.height());
        board.clear();
        board.resize(w * h, BoardTile::Open as u8);
        let at = |x: usize, y: usize| (h - 1 - y) * w + x;
        for c in 0..map.len() as u32 {
            let (x, y) = map.xy(c);
            board[at(x, y)] = if map.is_wall_cell(c) {
                BoardTile::Wall
            } else if self.game.has_pill(c) {
                BoardTile::Pill
            } else {
                BoardTile::Open
            } as u8;
        }
        if let Some(f) = self.game.fruit() {
            let (x, y) = map.xy(f);
            board[at(x, y)] = BoardTile::Fruit as u8;
        }
        for (i, &g) in self.game.ghosts().iter().enumerate() {
            let (x, y) = map.xy(g);
            board[at(x, y)] = BoardTile::FirstGhost as u8 + (i % 9) as u8;
        }
        let (x, y) = map.xy(self.game.pacman());
        let caught = matches!(self.game.end(), Some(End::Caught | End::Swapped));
        board[at(x, y)] = if caught {
            BoardTile::Caught
        } else {
            BoardTile::Pacman
        } as u8;
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.world.map
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The seed the game started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Turns played.
    pub fn turns(&self) -> u32 {
        self.turns
    }
}

impl Session for Match {
    type View = MatchView;
    type Report = Turn;

    fn rows(&self) -> usize {
        self.world.map.height()
    }

    fn cols(&self) -> usize {
        self.world.map.width()
    }

    fn board(&self) -> &[u8] {
        &self.board
    }

    fn level_text(&self) -> String {
        self.world.map.to_text()
    }

    fn view(&self) -> MatchView {
        let map = &self.world.map;
        let g = &self.game;
        let end = g.end();
        MatchView {
            rows: map.height(),
            cols: map.width(),
            width: map.width(),
            height: map.height(),
            pacman: map.xy(g.pacman()).into(),
            ghosts: g.ghosts().iter().map(|&c| map.xy(c).into()).collect(),
            fruit: g.fruit().map(|c| map.xy(c).into()),
            time: g.time(),
            total_time: g.total_time(),
            score: g.score(),
            ghost_score: g.ghost_score(),
            pills_left: g.pills_left(),
            pills_total: g.pills_total(),
            fruit_eaten: g.fruit_eaten(),
            end,
            status: end.map_or_else(|| "playing".to_string(), |e| end_name(e).to_string()),
            turns: self.turns,
            seed: self.seed,
            moves: self.moves.clone(),
            legal: g.legal_moves(g.pacman(), false).map(Move::letter).collect(),
            human: self.pacman.is_none(),
            output: String::new(),
        }
    }

    fn moves(&self) -> String {
        self.moves.clone()
    }

    /// Pac-Man's letter. With a person, their move; with an agent, a turn of the
    /// agents, which must make this move (so a line replays the same match), else the
    /// match is put back as it was.
    fn play(&mut self, letter: char) -> Result<Turn, MoveError> {
        let index = self.moves.chars().count();
        let refuse = |e: MatchError| MoveError::new(index, letter, e.to_string());
        let moved = match self.pacman {
            None => self.step(Some(letter)).map_err(refuse)?,
            Some(agent) => {
                let asked = Move::from_letter(letter).ok_or(MatchError::NotAMove(letter));
                let asked = asked.map_err(refuse)?;
                let moved = self.step(None).map_err(refuse)?;
                if moved != asked {
                    let before: String = self.moves.chars().take(index).collect();
                    self.reseed(self.seed);
                    for c in before.chars() {
                        let _ = self.step(Some(c));
                    }
                    return Err(refuse(MatchError::NotTheAgentsMove {
                        agent,
                        moved: moved.letter(),
                        asked: asked.letter(),
                    }));
                }
                moved
            }
        };
        Ok(Turn {
            pacman: moved.letter(),
            turn: self.turns,
        })
    }

    fn restart(&mut self) {
        self.reseed(self.seed);
    }

    fn history(&self) -> Vec<Turn> {
        self.moves
            .chars()
            .enumerate()
            .map(|(i, pacman)| Turn {
                pacman,
                turn: i as u32 + 1,
            })
            .collect()
    }

    /// `#` a wall, anything else open (the spawn cells stay open).
    fn paint(&mut self, at: Pos, symbol: char) -> Result<(), EditError> {
        let map = self
            .world
            .map
            .painted(at.row, at.col, symbol == super::map::WALL)
            .map_err(|e| e.to_string())?;
        *self = self
            .rebuilt(map, self.settings.clone())
            .map_err(|e| e.to_string())?;
        Ok(())
    }

    /// New cells open, the spawn cells moved with their corners.
    fn resize(&mut self, rows: usize, cols: usize) -> Result<(), EditError> {
        let map = self.world.map.resized(rows, cols);
        self.settings
            .check_for(map.len())
            .map_err(|e| e.to_string())?;
        *self = self
            .rebuilt(map, self.settings.clone())
            .map_err(|e| e.to_string())?;
        Ok(())
    }
}

/// How the page names an ending.
fn end_name(end: End) -> &'static str {
    match end {
        End::Caught => "caught",
        End::Swapped => "swapped",
        End::AllPills => "allPills",
        End::TimeUp => "timeUp",
    }
}
