//! A GPac match played a turn at a time: Pac-Man by an agent or by a person (one move
//! a turn), the ghosts by an agent, one seeded generator for everything. The
//! playground's session wraps it; the turn's rule (legality, who decides, the order of
//! the draws) lives here and only here.

use super::{Agents, End, Game, GameRng, GhostKind, Map, Move, PacKind, Settings, World};
use rand::SeedableRng;
use std::sync::Arc;

/// Why a match cannot start or a turn cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// A spawn cell is a wall.
    #[error("the spawn cells (0, H-1) and (W-1, 0) must be open")]
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
    Rules(String),
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
}

impl Match {
    /// A match on `map` (spawn cells open) with the framework's `avoid` against
    /// `chase`, seeded with `seed`; the game logs itself for its world file.
    pub fn new(map: Map, settings: Settings, seed: u64) -> Result<Match, MatchError> {
        if map.is_wall_cell(map.pacman_start()) || map.is_wall_cell(map.ghost_start()) {
            return Err(MatchError::WalledSpawn);
        }
        let world = Arc::new(World::new(map));
        let mut rng = GameRng::seed_from_u64(seed);
        let game = Game::new(Arc::clone(&world), &settings, &mut rng, true);
        let agents = Agents::new(PacKind::Avoid, GhostKind::Chase, settings.ghosts);
        Ok(Match {
            world,
            settings,
            pacman: Some(PacKind::Avoid),
            ghosts: GhostKind::Chase,
            seed,
            rng,
            game,
            agents,
            turns: 0,
        })
    }

    /// Choose the players (`None`: a person plays Pac-Man) and start again with the
    /// same seed.
    pub fn set_players(&mut self, pacman: Option<PacKind>, ghosts: GhostKind) {
        self.pacman = pacman;
        self.ghosts = ghosts;
        self.restart(self.seed);
    }

    /// Start again with `seed`: the same seed replays the same game.
    pub fn restart(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = GameRng::seed_from_u64(seed);
        self.game = Game::new(Arc::clone(&self.world), &self.settings, &mut self.rng, true);
        self.agents = Agents::new(
            self.pacman.unwrap_or(PacKind::Pill),
            self.ghosts,
            self.settings.ghosts,
        );
        self.turns = 0;
    }

    /// One turn. With a person playing Pac-Man, `pacman` is the move letter (none:
    /// hold); an illegal one is refused and nothing changes. With an agent, `pacman`
    /// is ignored.
    pub fn step(&mut self, pacman: Option<char>) -> Result<(), MatchError> {
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
        self.game
            .step(pac_move, ghost_moves, &mut self.rng)
            .map_err(MatchError::Rules)?;
        self.turns += 1;
        Ok(())
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
    /// fruit, `1`–`9` a ghost, `m` Pac-Man, `X` Pac-Man caught. Written into `board`.
    pub fn tiles(&self, board: &mut Vec<u8>) {
        let map = &self.world.map;
        let (w, h) = (map.width(), map.height());
        board.clear();
        board.resize(w * h, b' ');
        let at = |x: usize, y: usize| (h - 1 - y) * w + x;
        for c in 0..map.len() as u32 {
            let (x, y) = map.xy(c);
            board[at(x, y)] = if map.is_wall_cell(c) {
                b'#'
            } else if self.game.has_pill(c) {
                b'.'
            } else {
                b' '
            };
        }
        if let Some(f) = self.game.fruit() {
            let (x, y) = map.xy(f);
            board[at(x, y)] = b'f';
        }
        for (i, &g) in self.game.ghosts().iter().enumerate() {
            let (x, y) = map.xy(g);
            board[at(x, y)] = b'1' + (i % 9) as u8;
        }
        let (x, y) = map.xy(self.game.pacman());
        let caught = matches!(self.game.end(), Some(End::Caught | End::Swapped));
        board[at(x, y)] = if caught { b'X' } else { b'm' };
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
