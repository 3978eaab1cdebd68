//! Rogue bindings.

use super::{message, move_error, parse_error, to_js};
use crate::error::MoveError;
use crate::games::rogue::step_digit;
use crate::games::rogue::{
    Analysis, CycleRogue, Dungeon, Game, HalfMove, MonsterStrategy, Player, RogueStrategy,
    SharedAnalysis, Side, Summary, BROWSER_MAX_SITES, FOREVER,
};
use crate::grid::Pos;
use serde::Serialize;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Overlay value of a wall.
const WALL: u32 = u32::MAX - 1;

/// A Rogue dungeon and a game on it between two strategies, either of which may be
/// `human`. `tiles_ptr()`/`tiles_len()` give a zero-copy view of the board: one byte
/// per site as the referee prints it (` `, `.`, `+`, `@`, the monster's letter, `*`).
#[wasm_bindgen]
pub struct RogueSession {
    dungeon: Dungeon,
    game: Game,
    board: Vec<u8>,
    monster: String,
    rogue: String,
    shared: SharedAnalysis,
    monster_player: Option<Box<dyn Player>>,
    rogue_player: Option<Box<dyn Player>>,
    warnings: Vec<crate::error::ParseError>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SessionView<'a> {
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
    ending: Option<crate::games::rogue::Ending>,
    verdict: String,
    moves: &'a str,
    legal: String,
    players: [&'a str; 2],
    output: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Exact {
    /// Monster moves to capture from here under optimal play, `null` for never.
    value: Option<u32>,
    /// The moves of the side to move that keep the best outcome, as numpad digits.
    best: String,
    sites: usize,
    states: usize,
}

fn player_error(side: &str, name: &str) -> JsValue {
    message(format!(
        "unknown {side} player '{name}' (expected {})",
        if side == "monster" {
            "bfs, optimal or human"
        } else {
            "naive, cycle, optimal or human"
        }
    ))
}

#[wasm_bindgen]
impl RogueSession {
    /// Parse a dungeon in the coursework format (throws `{line, column, message}`).
    /// With `lenient`, short rows are padded with walls (see `warnings()`).
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, lenient: Option<bool>) -> Result<RogueSession, JsValue> {
        let (dungeon, warnings) = if lenient.unwrap_or(false) {
            Dungeon::parse_lenient(text).map_err(parse_error)?
        } else {
            (Dungeon::parse(text).map_err(parse_error)?, Vec::new())
        };
        let game = Game::new(&dungeon, 1000);
        let mut session = RogueSession {
            dungeon,
            game,
            board: Vec::new(),
            monster: "bfs".into(),
            rogue: "naive".into(),
            shared: SharedAnalysis::default(),
            monster_player: None,
            rogue_player: None,
            warnings,
        };
        // bfs and naive need no analysis: this cannot fail.
        session.rebuild_players()?;
        session.refresh_board();
        Ok(session)
    }

    /// The padding the lenient reading did: `[{line, column, message}]`.
    pub fn warnings(&self) -> JsValue {
        to_js(&self.warnings)
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

    /// The players of `monster` and `rogue` (`None` for a human), or the message of
    /// why the exact solution they need cannot be computed.
    #[allow(clippy::type_complexity)]
    fn players(
        &mut self,
        monster: &str,
        rogue: &str,
    ) -> Result<(Option<Box<dyn Player>>, Option<Box<dyn Player>>), JsValue> {
        let d = &self.dungeon;
        let too_large = |e: crate::games::rogue::AnalysisError| {
            message(format!("the optimal player needs the exact solution: {e}"))
        };
        let monster = match monster.parse::<MonsterStrategy>() {
            Ok(s) => Some(s.player(d, &mut self.shared).map_err(too_large)?),
            Err(_) => None,
        };
        let rogue = match rogue.parse::<RogueStrategy>() {
            Ok(s) => Some(s.player(d, &mut self.shared).map_err(too_large)?),
            Err(_) => None,
        };
        Ok((monster, rogue))
    }

    /// Build the players again (after an edit or a restart). When the exact solution
    /// they need cannot be computed, the optimal sides fall back to `bfs` and `cycle`
    /// and the error is returned.
    fn rebuild_players(&mut self) -> Result<(), JsValue> {
        let (monster, rogue) = (self.monster.clone(), self.rogue.clone());
        match self.players(&monster, &rogue) {
            Ok((m, r)) => {
                self.monster_player = m;
                self.rogue_player = r;
                Ok(())
            }
            Err(e) => {
                let fallback = |p: &str, to: &str| {
                    if p == "optimal" {
                        to.to_string()
                    } else {
                        p.to_string()
                    }
                };
                self.monster = fallback(&monster, "bfs");
                self.rogue = fallback(&rogue, "cycle");
                let (monster, rogue) = (self.monster.clone(), self.rogue.clone());
                let (m, r) = self.players(&monster, &rogue)?;
                self.monster_player = m;
                self.rogue_player = r;
                Err(e)
            }
        }
    }

    /// Choose the players: the monster `bfs`, `optimal` or `human`; the rogue `naive`,
    /// `cycle`, `optimal` or `human`. The game so far is kept. Throws `{message}` for
    /// an unknown name or when `optimal` needs an exact solution the dungeon is too
    /// large for (over `MAX_SITES` open sites); the players stay as they were then.
    pub fn set_players(&mut self, monster: &str, rogue: &str) -> Result<(), JsValue> {
        if monster != "human" && monster.parse::<MonsterStrategy>().is_err() {
            return Err(player_error("monster", monster));
        }
        if rogue != "human" && rogue.parse::<RogueStrategy>().is_err() {
            return Err(player_error("rogue", rogue));
        }
        let (m, r) = self.players(monster, rogue)?;
        self.monster = monster.into();
        self.rogue = rogue.into();
        self.monster_player = m;
        self.rogue_player = r;
        Ok(())
    }

    /// The players `[monster, rogue]` this dungeon affords in the browser: an
    /// `optimal` side falls back to `bfs` (monster) or `cycle` (rogue) beyond
    /// [`BROWSER_MAX_SITES`] open sites (the rule is the strategies' `affordable`).
    /// Other names (`human`) pass through.
    pub fn affordable_players(&self, monster: &str, rogue: &str) -> Vec<String> {
        let sites = Analysis::open_sites(&self.dungeon);
        let monster = match monster.parse::<MonsterStrategy>() {
            Ok(s) => s.affordable(sites, BROWSER_MAX_SITES).to_string(),
            Err(_) => monster.to_string(),
        };
        let rogue = match rogue.parse::<RogueStrategy>() {
            Ok(s) => s.affordable(sites, BROWSER_MAX_SITES).to_string(),
            Err(_) => rogue.to_string(),
        };
        vec![monster, rogue]
    }

    /// Set the move limit (turns, at least 1) and restart.
    pub fn set_max_moves(&mut self, turns: u32) {
        self.game = Game::new(&self.dungeon, turns.max(1));
        self.refresh_board();
    }

    /// Side of the dungeon (rows).
    pub fn rows(&self) -> usize {
        self.dungeon.size()
    }

    /// Side of the dungeon (columns).
    pub fn cols(&self) -> usize {
        self.dungeon.size()
    }

    /// Pointer to the board bytes in wasm memory.
    pub fn tiles_ptr(&self) -> *const u8 {
        self.board.as_ptr()
    }

    /// Number of board bytes (N × N).
    pub fn tiles_len(&self) -> usize {
        self.board.len()
    }

    /// The dungeon in the coursework format.
    pub fn level_text(&self) -> String {
        self.dungeon.to_text()
    }

    fn is_human(&self, side: Side) -> bool {
        match side {
            Side::Monster => self.monster == "human",
            Side::Rogue => self.rogue == "human",
        }
    }

    /// Everything the page shows: positions, turn, side to move, status (`playing`,
    /// `caught`, `survived`, `cheated`), the ending line, the moves as digits, the
    /// legal steps of the side to move, the players and the referee's transcript.
    pub fn view(&self) -> JsValue {
        let ending = self.game.ending();
        let to_move = self.game.to_move();
        to_js(&SessionView {
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
                Some(crate::games::rogue::Ending::Caught { .. }) => "caught",
                Some(crate::games::rogue::Ending::Survived { .. }) => "survived",
                Some(crate::games::rogue::Ending::Cheated { .. }) => "cheated",
            },
            ending,
            verdict: ending.map(|e| e.line()).unwrap_or_default(),
            moves: self.game.moves(),
            legal: self.game.legal_steps(&self.dungeon),
            players: [&self.monster, &self.rogue],
            output: self.game.transcript(&self.dungeon),
        })
    }

    /// Play a numpad digit (`5` stays) for the side to move, whoever controls it;
    /// returns the half-move `{side, turn, from, to}` or throws `{index, symbol,
    /// message}`.
    pub fn play(&mut self, symbol: char) -> Result<JsValue, JsValue> {
        let index = self.game.moves().len();
        let half = self
            .game
            .play_digit(&self.dungeon, symbol)
            .map_err(|m| move_error(MoveError::new(index, symbol, m)))?;
        self.refresh_board();
        Ok(to_js(&half))
    }

    /// Let the strategy of the side to move play one half-move; returns it, or `null`
    /// when the game is over or a human is to move.
    pub fn step(&mut self) -> JsValue {
        let Some(side) = self.game.to_move() else {
            return JsValue::NULL;
        };
        let player = match side {
            Side::Monster => self.monster_player.as_deref_mut(),
            Side::Rogue => self.rogue_player.as_deref_mut(),
        };
        let Some(player) = player else {
            return JsValue::NULL;
        };
        let half = self.game.play_player(&self.dungeon, player);
        self.refresh_board();
        to_js(&half)
    }

    /// Let the strategies play until the game ends, a human is to move, or
    /// `max_half_moves` half-moves were played; returns the half-moves played.
    pub fn run(&mut self, max_half_moves: u32) -> JsValue {
        let mut played: Vec<HalfMove> = Vec::new();
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
        to_js(&played)
    }

    /// Restart and play a digit string (both sides, the monster first); throws at the
    /// first illegal digit, keeping the legal ones before it.
    pub fn replay(&mut self, moves: &str) -> Result<JsValue, JsValue> {
        self.game = Game::new(&self.dungeon, self.game.max_moves());
        self.rebuild_players()?;
        let result = self.game.replay(&self.dungeon, moves);
        self.refresh_board();
        match result {
            Ok(()) => Ok(self.history()),
            Err(e) => Err(move_error(e)),
        }
    }

    /// The positions `{monster, rogue}` at the start and after every half-move.
    pub fn history(&self) -> JsValue {
        #[derive(Serialize)]
        struct At {
            monster: Pos,
            rogue: Pos,
        }
        let at: Vec<At> = self
            .game
            .positions()
            .iter()
            .map(|&(monster, rogue)| At { monster, rogue })
            .collect();
        to_js(&at)
    }

    /// Take back the last half-move.
    pub fn undo(&mut self) -> bool {
        let undone = self.game.undo();
        self.refresh_board();
        undone
    }

    /// Back to the dungeon's start (same players and limit). Throws `{message}` when
    /// an optimal player cannot have its exact solution (after an edit made the
    /// dungeon too large): that side is then `bfs` or `cycle`, and the game restarted.
    pub fn restart(&mut self) -> Result<(), JsValue> {
        self.game = Game::new(&self.dungeon, self.game.max_moves());
        self.refresh_board();
        self.rebuild_players()
    }

    /// The exact solution, or `{message}` when the dungeon has too many open sites.
    fn analysis(&mut self) -> Result<Rc<Analysis>, JsValue> {
        self.shared
            .get(&self.dungeon)
            .map_err(|e| message(e.to_string()))
    }

    /// The exact solution's value of every site as the rogue's, with the monster where
    /// it stands and the side to move now (the rogue when the game is over): monster
    /// moves to capture, `0xFFFFFFFF` for "safe forever", `0xFFFFFFFE` for a wall.
    /// Throws `{message}` when the dungeon has more than `MAX_SITES` open sites.
    pub fn outcome_map(&mut self) -> Result<Vec<u32>, JsValue> {
        let analysis = self.analysis()?;
        let m = self.game.monster();
        let monster_to_move = self.game.to_move() == Some(Side::Monster);
        let d = &self.dungeon;
        Ok((0..d.sites.len())
            .map(|i| {
                let p = d.sites.pos_of(i);
                if d.sites[p] == crate::games::rogue::Site::Wall {
                    WALL
                } else if monster_to_move {
                    analysis.monster_to_move(m, p)
                } else {
                    analysis.rogue_to_move(m, p)
                }
            })
            .collect())
    }

    /// The exact solution for the position now: `{value, best, sites, states}`
    /// (`value` null when the rogue survives forever; `best` the optimal steps of the
    /// side to move as digits). Throws `{message}` when the dungeon has more than
    /// `MAX_SITES` (8,000) open sites, before allocating anything; the session is
    /// unchanged then.
    pub fn exact(&mut self) -> Result<JsValue, JsValue> {
        let analysis = self.analysis()?;
        let (m, r) = (self.game.monster(), self.game.rogue());
        let (value, best) = match self.game.to_move() {
            Some(Side::Monster) => (
                analysis.monster_to_move(m, r),
                analysis.best_monster_moves(&self.dungeon, m, r),
            ),
            Some(Side::Rogue) => (
                analysis.rogue_to_move(m, r),
                analysis.best_rogue_moves(&self.dungeon, m, r),
            ),
            None => (analysis.rogue_to_move(m, r), Vec::new()),
        };
        let from = match self.game.to_move() {
            Some(Side::Monster) => m,
            _ => r,
        };
        Ok(to_js(&Exact {
            value: (value != FOREVER).then_some(value),
            best: best.iter().map(|&to| step_digit(from, to)).collect(),
            sites: analysis.sites(),
            states: analysis.states(),
        }))
    }

    /// The cycles the `cycle` rogue found, each a list of `{row, col}` in order.
    pub fn cycles(&self) -> JsValue {
        to_js(&CycleRogue::new(&self.dungeon).cycles())
    }

    /// Paint a site (` `, `.`, `+`, `@`, or a letter for the monster) and restart
    /// (see `restart` for an optimal player on a dungeon grown too large).
    pub fn paint(&mut self, row: usize, col: usize, symbol: char) -> Result<(), JsValue> {
        self.dungeon
            .paint(Pos::new(row, col), symbol)
            .map_err(message)?;
        self.shared = SharedAnalysis::default();
        self.restart()
    }

    /// Resize the dungeon to `n` × `n` (new sites are walls) and restart (see
    /// `restart`). The second argument is ignored: Rogue dungeons are square.
    pub fn resize(&mut self, n: usize, _cols: Option<usize>) -> Result<(), JsValue> {
        self.dungeon = self.dungeon.resized(n);
        self.shared = SharedAnalysis::default();
        self.restart()
    }
}

/// Most open sites the playground solves exactly ([`BROWSER_MAX_SITES`]).
#[wasm_bindgen]
pub fn rogue_exact_limit() -> usize {
    BROWSER_MAX_SITES
}

/// The editor palette: wall, room, corridor, rogue, monster.
#[wasm_bindgen]
pub fn rogue_palette() -> String {
    " .+@A".to_string()
}

/// Solve a dungeon exactly and time it (for the benchmark and the page's statistics):
/// `{sites, states, value, monsterWinPairs, pairs, elapsedMs}`. Throws `{line,
/// column, message}` for a bad dungeon and `{message}` for one with more than
/// `MAX_SITES` open sites.
#[wasm_bindgen]
pub fn rogue_analyze(text: &str) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Timed {
        #[serde(flatten)]
        summary: Summary,
        elapsed_ms: f64,
    }
    let dungeon = Dungeon::parse(text).map_err(parse_error)?;
    let start = web_time::Instant::now();
    let analysis = Analysis::new(&dungeon).map_err(|e| message(e.to_string()))?;
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    Ok(to_js(&Timed {
        summary: analysis.summary(&dungeon),
        elapsed_ms,
    }))
}
