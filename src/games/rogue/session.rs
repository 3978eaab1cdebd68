//! Rogue's playground session: a dungeon, a game on it between two players (a
//! strategy or a person on each side), and the board as the referee prints it (see
//! [`crate::games::session`]). Which players a dungeon affords, and what an optimal
//! side falls back to when the exact solution cannot be had, is decided here.

use super::{
    step_digit, Analysis, AnalysisError, Dungeon, Ending, Game, HalfMove, MonsterStrategy, Player,
    RogueStrategy, SharedAnalysis, Side, Site, FOREVER,
};
use crate::error::{MoveError, ParseError};
use crate::games::session::{EditError, Session};
use crate::grid::Pos;
use serde::Serialize;
use std::rc::Rc;

/// The player name that means a person plays that side.
pub const HUMAN: &str = "human";

/// Why players cannot be chosen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayersError {
    /// A name that is neither a strategy of that side nor `human`.
    #[error("unknown {side} player '{name}' (expected {expected})")]
    Unknown {
        /// `monster` or `rogue`.
        side: &'static str,
        /// The name given.
        name: String,
        /// The names that side accepts.
        expected: &'static str,
    },
    /// An optimal player on a dungeon too large for the exact solution.
    #[error("the optimal player needs the exact solution: {0}")]
    TooLarge(AnalysisError),
}

/// A Rogue dungeon and a game on it between two players.
pub struct RogueSession {
    dungeon: Dungeon,
    game: Game,
    board: Vec<u8>,
    names: [String; 2],
    shared: SharedAnalysis,
    monster_player: Option<Box<dyn Player>>,
    rogue_player: Option<Box<dyn Player>>,
    warnings: Vec<ParseError>,
}

/// Everything the page shows about a Rogue game.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RogueView {
    rows: usize,
    cols: usize,
    monster: Pos,
    rogue: Pos,
    letter: char,
    turn: u32,
    max_moves: u32,
    to_move: Option<Side>,
    human_to_move: bool,
    status: &'static str,
    ending: Option<Ending>,
    verdict: String,
    moves: String,
    legal: String,
    players: [String; 2],
    output: String,
}

/// One legal move of the side to move in a tablebase's move list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValue {
    /// The move as a numpad digit (`5` stays).
    pub digit: char,
    /// Where it goes.
    pub to: Pos,
    /// Monster moves to capture after it under optimal play (0: caught by this move);
    /// `None`: the rogue is safe forever.
    pub value: Option<u32>,
    /// Whether it is one of the side's best moves.
    pub best: bool,
}

/// The exact solution at the position now, for the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExactView {
    /// Monster moves to capture from here under optimal play (with the side to move
    /// now; the rogue once the game is over); `None`: the rogue survives forever.
    pub value: Option<u32>,
    /// The moves of the side to move that keep the best outcome, as numpad digits
    /// (empty once the game is over).
    pub best: String,
    /// Open sites of the dungeon.
    pub sites: usize,
    /// States the exact solution solved (2·sites²).
    pub states: usize,
}

/// The value [`RogueSession::outcome_map`] gives a wall (`0xFFFFFFFE`; [`FOREVER`],
/// `0xFFFFFFFF`, is "safe forever").
pub const OUTCOME_WALL: u32 = u32::MAX - 1;

type Players = (Option<Box<dyn Player>>, Option<Box<dyn Player>>);

impl RogueSession {
    /// A session on `dungeon` (with the warnings its lenient reading gave, if any),
    /// `bfs` against `naive`, at most 1,000 turns.
    pub fn new(dungeon: Dungeon, warnings: Vec<ParseError>) -> RogueSession {
        let game = Game::new(&dungeon, 1000);
        let mut session = RogueSession {
            dungeon,
            game,
            board: Vec::new(),
            names: ["bfs".into(), "naive".into()],
            shared: SharedAnalysis::default(),
            monster_player: None,
            rogue_player: None,
            warnings,
        };
        // bfs and naive need no analysis: this cannot fail.
        let _ = session.rebuild_players();
        session.refresh_board();
        session
    }

    /// The padding the lenient reading did.
    pub fn warnings(&self) -> &[ParseError] {
        &self.warnings
    }

    /// A session on the dungeon `text` in the coursework format, read strictly or,
    /// with `lenient`, with short rows padded with walls (see [`RogueSession::warnings`]).
    pub fn read(text: &str, lenient: bool) -> Result<RogueSession, ParseError> {
        let (dungeon, warnings) = Dungeon::read(text, lenient)?;
        Ok(RogueSession::new(dungeon, warnings))
    }

    /// The dungeon.
    pub fn dungeon(&self) -> &Dungeon {
        &self.dungeon
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The dungeon's exact solution (computed once, shared with the optimal players),
    /// or why the dungeon is too large for it.
    pub fn analysis(&mut self) -> Result<Rc<Analysis>, AnalysisError> {
        self.shared.get(&self.dungeon)
    }

    fn refresh_board(&mut self) {
        let (m, r) = (self.game.monster(), self.game.rogue());
        let d = &self.dungeon;
        self.board.clear();
        for (i, site) in d.sites.cells().iter().enumerate() {
            let p = d.sites.pos_of(i);
            self.board.push(match (p == m, p == r) {
                (true, true) => b'*',
                (true, false) => d.monster_letter as u8,
                (false, true) => b'@',
                _ => site.symbol() as u8,
            });
        }
    }

    fn players(&mut self, monster: &str, rogue: &str) -> Result<Players, PlayersError> {
        let d = &self.dungeon;
        let monster = match monster.parse::<MonsterStrategy>() {
            Ok(s) => Some(
                s.player(d, &mut self.shared)
                    .map_err(PlayersError::TooLarge)?,
            ),
            Err(_) if monster == HUMAN => None,
            Err(_) => {
                return Err(PlayersError::Unknown {
                    side: "monster",
                    name: monster.into(),
                    expected: "bfs, optimal or human",
                })
            }
        };
        let rogue = match rogue.parse::<RogueStrategy>() {
            Ok(s) => Some(
                s.player(d, &mut self.shared)
                    .map_err(PlayersError::TooLarge)?,
            ),
            Err(_) if rogue == HUMAN => None,
            Err(_) => {
                return Err(PlayersError::Unknown {
                    side: "rogue",
                    name: rogue.into(),
                    expected: "naive, cycle, optimal or human",
                })
            }
        };
        Ok((monster, rogue))
    }

    /// Build the players again (after an edit or a restart). When the exact solution
    /// an optimal side needs cannot be computed, that side falls back to `bfs` (the
    /// monster) or `cycle` (the rogue) and the error is returned.
    fn rebuild_players(&mut self) -> Result<(), PlayersError> {
        let [monster, rogue] = self.names.clone();
        match self.players(&monster, &rogue) {
            Ok((m, r)) => {
                self.monster_player = m;
                self.rogue_player = r;
                Ok(())
            }
            Err(e) => {
                let fallback = |p: &str, to: &str| if p == "optimal" { to } else { p }.to_string();
                self.names = [fallback(&monster, "bfs"), fallback(&rogue, "cycle")];
                let [monster, rogue] = self.names.clone();
                let (m, r) = self.players(&monster, &rogue)?;
                self.monster_player = m;
                self.rogue_player = r;
                Err(e)
            }
        }
    }

    /// Choose the players: the monster `bfs`, `optimal` or `human`; the rogue `naive`,
    /// `cycle`, `optimal` or `human`. The game so far is kept; on an error the players
    /// stay as they were.
    pub fn set_players(&mut self, monster: &str, rogue: &str) -> Result<(), PlayersError> {
        let (m, r) = self.players(monster, rogue)?;
        self.names = [monster.into(), rogue.into()];
        self.monster_player = m;
        self.rogue_player = r;
        Ok(())
    }

    /// Set the move limit (turns, at least 1) and restart.
    pub fn set_max_moves(&mut self, turns: u32) {
        self.game = Game::new(&self.dungeon, turns.max(1));
        self.refresh_board();
    }

    /// Rename the monster (a letter A–Z), keeping it where it stands, and restart.
    pub fn set_monster_letter(&mut self, letter: char) -> Result<(), EditError> {
        if !letter.is_ascii_uppercase() {
            return Err(format!("the monster's name is a letter A-Z, not '{letter}'").into());
        }
        let at = self.dungeon.monster;
        self.dungeon.paint(at, letter)?;
        self.restart();
        Ok(())
    }

    fn is_human(&self, side: Side) -> bool {
        self.names[side as usize] == HUMAN
    }

    /// Let the strategy of the side to move play one half-move; `None` when the game
    /// is over or a person is to move.
    pub fn step(&mut self) -> Option<HalfMove> {
        let player = match self.game.to_move()? {
            Side::Monster => self.monster_player.as_deref_mut(),
            Side::Rogue => self.rogue_player.as_deref_mut(),
        }?;
        let half = self.game.play_player(&self.dungeon, player);
        self.refresh_board();
        half
    }

    /// Let the strategies play until the game ends, a person is to move, or
    /// `max_half_moves` half-moves were played; the half-moves played.
    pub fn run(&mut self, max_half_moves: u32) -> Vec<HalfMove> {
        let mut played = Vec::new();
        for _ in 0..max_half_moves {
            let Some(side) = self.game.to_move() else {
                break;
            };
            let player = match side {
                Side::Monster => self.monster_player.as_deref_mut(),
                Side::Rogue => self.rogue_player.as_deref_mut(),
            };
            let Some(player) = player else { break };
            played.extend(self.game.play_player(&self.dungeon, player));
        }
        self.refresh_board();
        played
    }

    /// Back to the start (same players and limit); the error when an optimal side had
    /// to fall back (see `rebuild_players`), the game restarted all the same.
    fn restart_players(&mut self) -> Result<(), PlayersError> {
        self.game = Game::new(&self.dungeon, self.game.max_moves());
        self.refresh_board();
        self.rebuild_players()
    }

    /// The tablebase's move list: every legal move of the side to move with the value
    /// it leads to under optimal play, best first (empty once the game is over), or
    /// why the dungeon is too large for the exact solution.
    pub fn move_values(&mut self) -> Result<Vec<MoveValue>, AnalysisError> {
        let Some(side) = self.game.to_move() else {
            return Ok(Vec::new());
        };
        let analysis = self.analysis()?;
        let (m, r) = (self.game.monster(), self.game.rogue());
        let from = if side == Side::Monster { m } else { r };
        let moves = analysis.move_values(&self.dungeon, m, r, side);
        let best = moves.first().map(|&(_, v)| v);
        Ok(moves
            .into_iter()
            .map(|(to, value)| MoveValue {
                digit: step_digit(from, to),
                to,
                value: (value != FOREVER).then_some(value),
                best: Some(value) == best,
            })
            .collect())
    }

    /// The players `[monster, rogue]` a host that solves at most `max_sites` open
    /// sites exactly affords: an `optimal` side falls back to `bfs` (the monster) or
    /// `cycle` (the rogue) beyond (the strategies' `affordable`); other names
    /// (`human`, unknown ones) pass through.
    pub fn affordable_players(&self, monster: &str, rogue: &str, max_sites: usize) -> [String; 2] {
        let sites = Analysis::open_sites(&self.dungeon);
        [
            match monster.parse::<MonsterStrategy>() {
                Ok(s) => s.affordable(sites, max_sites).to_string(),
                Err(_) => monster.to_string(),
            },
            match rogue.parse::<RogueStrategy>() {
                Ok(s) => s.affordable(sites, max_sites).to_string(),
                Err(_) => rogue.to_string(),
            },
        ]
    }

    /// The exact solution's value of every site as the rogue's, row-major, with the
    /// monster where it stands and the side to move now (the rogue once the game is
    /// over): monster moves to capture, [`FOREVER`] for safe forever, [`OUTCOME_WALL`]
    /// for a wall. Or why the dungeon is too large for the exact solution.
    pub fn outcome_map(&mut self) -> Result<Vec<u32>, AnalysisError> {
        let analysis = self.analysis()?;
        let m = self.game.monster();
        let side = self.game.to_move().unwrap_or(Side::Rogue);
        let d = &self.dungeon;
        Ok(d.sites
            .cells()
            .iter()
            .enumerate()
            .map(|(i, &site)| match site {
                Site::Wall => OUTCOME_WALL,
                _ => analysis.value(side, m, d.sites.pos_of(i)),
            })
            .collect())
    }

    /// The exact solution at the position now: its value with the side to move (the
    /// rogue once the game is over) and that side's optimal moves. Or why the dungeon
    /// is too large for it (checked before anything is allocated; the session is
    /// unchanged then).
    pub fn exact(&mut self) -> Result<ExactView, AnalysisError> {
        let analysis = self.analysis()?;
        let (m, r) = (self.game.monster(), self.game.rogue());
        let (value, best) = match self.game.to_move() {
            Some(side) => {
                let from = if side == Side::Monster { m } else { r };
                let best = analysis.best_moves(&self.dungeon, side, m, r);
                let digits = best.iter().map(|&to| step_digit(from, to)).collect();
                (analysis.value(side, m, r), digits)
            }
            None => (analysis.rogue_to_move(m, r), String::new()),
        };
        Ok(ExactView {
            value: (value != FOREVER).then_some(value),
            best,
            sites: analysis.sites(),
            states: analysis.states(),
        })
    }

    /// The positions `(monster, rogue)` at the start and after every half-move.
    pub fn positions(&self) -> &[(Pos, Pos)] {
        self.game.positions()
    }
}

impl Session for RogueSession {
    type View = RogueView;
    type Report = HalfMove;

    fn rows(&self) -> usize {
        self.dungeon.size()
    }

    fn cols(&self) -> usize {
        self.dungeon.size()
    }

    fn board(&self) -> &[u8] {
        &self.board
    }

    fn level_text(&self) -> String {
        self.dungeon.to_text()
    }

    fn view(&self) -> RogueView {
        let ending = self.game.ending();
        let to_move = self.game.to_move();
        RogueView {
            rows: self.rows(),
            cols: self.cols(),
            monster: self.game.monster(),
            rogue: self.game.rogue(),
            letter: self.dungeon.monster_letter,
            turn: self.game.turn(),
            max_moves: self.game.max_moves(),
            to_move,
            human_to_move: to_move.is_some_and(|s| self.is_human(s)),
            status: match ending {
                None => "playing",
                Some(Ending::Caught { .. }) => "caught",
                Some(Ending::Survived { .. }) => "survived",
                Some(Ending::Cheated { .. }) => "cheated",
            },
            ending,
            verdict: ending.map(|e| e.line()).unwrap_or_default(),
            moves: self.game.moves().to_string(),
            legal: self.game.legal_steps(&self.dungeon),
            players: self.names.clone(),
            output: self.game.transcript(&self.dungeon),
        }
    }

    fn moves(&self) -> String {
        self.game.moves().to_string()
    }

    /// A numpad digit (`5` stays) for the side to move, whoever controls it.
    fn play(&mut self, symbol: char) -> Result<HalfMove, MoveError> {
        let index = self.game.moves().len();
        let half = self
            .game
            .play_digit(&self.dungeon, symbol)
            .map_err(|m| MoveError::new(index, symbol, m.to_string()))?;
        self.refresh_board();
        Ok(half)
    }

    fn restart(&mut self) {
        // An optimal side that had to fall back is named in the view's players.
        let _ = self.restart_players();
    }

    fn history(&self) -> Vec<HalfMove> {
        let positions = self.game.positions();
        positions
            .windows(2)
            .enumerate()
            .map(|(i, pair)| {
                let side = if i % 2 == 0 {
                    Side::Monster
                } else {
                    Side::Rogue
                };
                let site = |(m, r): (Pos, Pos)| if side == Side::Monster { m } else { r };
                HalfMove {
                    side,
                    turn: (i / 2 + 1) as u32,
                    from: site(pair[0]),
                    to: site(pair[1]),
                }
            })
            .collect()
    }

    fn undo(&mut self) -> bool {
        let undone = self.game.undo();
        self.refresh_board();
        undone
    }

    /// ` `, `.`, `+`, `@` (the rogue), or any letter for the monster, which keeps its
    /// name (rename it with [`RogueSession::set_monster_letter`]).
    fn paint(&mut self, at: Pos, symbol: char) -> Result<(), EditError> {
        let symbol = if symbol.is_ascii_uppercase() {
            self.dungeon.monster_letter
        } else {
            symbol
        };
        self.dungeon.paint(at, symbol)?;
        self.shared = SharedAnalysis::default();
        self.restart();
        Ok(())
    }

    /// Rogue dungeons are square: `cols` is ignored, new sites are walls.
    fn resize(&mut self, rows: usize, _cols: usize) -> Result<(), EditError> {
        self.dungeon = self.dungeon.resized(rows);
        self.shared = SharedAnalysis::default();
        self.restart();
        Ok(())
    }
}
