//! Rogue bindings.

use super::{char_arg, function_arg, int_arg, message, parse_error, text_arg, to_js};
use crate::games::rogue::{
    self, step_digit, Analysis, CycleRogue, Dungeon, MonsterStrategy, PlayersError, RogueStrategy,
    Side, Summary, BROWSER_MAX_SITES, FOREVER,
};
use crate::grid::Pos;
use serde::Serialize;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Overlay value of a wall.
const WALL: u32 = u32::MAX - 1;

session_bindings!(
    RogueSession,
    rogue::RogueSession,
    "A Rogue dungeon and a game on it between two players, either of which may be \
     `human` (the session contract). The board bytes are the sites as the referee \
     prints them (` `, `.`, `+`, `@`, the monster's letter, `*`), row-major."
);

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

fn players_error(e: PlayersError) -> JsValue {
    message(e.to_string())
}

#[wasm_bindgen]
impl RogueSession {
    /// Parse a dungeon in the coursework format (throws `{line, column, message}`).
    /// With `lenient`, short rows are padded with walls (see `warnings()`).
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue, lenient: Option<bool>) -> Result<RogueSession, JsValue> {
        let text = text_arg(&text, "text")?;
        let (dungeon, warnings) = if lenient.unwrap_or(false) {
            Dungeon::parse_lenient(&text).map_err(parse_error)?
        } else {
            (Dungeon::parse(&text).map_err(parse_error)?, Vec::new())
        };
        Ok(RogueSession {
            inner: rogue::RogueSession::new(dungeon, warnings),
        })
    }

    /// The padding the lenient reading did: `[{line, column, message}]`.
    pub fn warnings(&self) -> JsValue {
        to_js(&self.inner.warnings())
    }

    /// Choose the players: the monster `bfs`, `optimal` or `human`; the rogue `naive`,
    /// `cycle`, `optimal` or `human`. The game so far is kept. Throws `{message}` for
    /// an unknown name or when `optimal` needs an exact solution the dungeon is too
    /// large for; the players stay as they were then.
    pub fn set_players(&mut self, monster: JsValue, rogue: JsValue) -> Result<(), JsValue> {
        let monster = text_arg(&monster, "monster")?;
        let rogue = text_arg(&rogue, "rogue")?;
        self.inner
            .set_players(&monster, &rogue)
            .map_err(players_error)
    }

    /// The players `[monster, rogue]` this dungeon affords in the browser: an
    /// `optimal` side falls back to `bfs` (monster) or `cycle` (rogue) beyond
    /// [`BROWSER_MAX_SITES`] open sites (the rule is the strategies' `affordable`).
    /// Other names (`human`) pass through.
    pub fn affordable_players(
        &self,
        monster: JsValue,
        rogue: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let monster = text_arg(&monster, "monster")?;
        let rogue = text_arg(&rogue, "rogue")?;
        let sites = Analysis::open_sites(self.inner.dungeon());
        let monster = match monster.parse::<MonsterStrategy>() {
            Ok(s) => s.affordable(sites, BROWSER_MAX_SITES).to_string(),
            Err(_) => monster.to_string(),
        };
        let rogue = match rogue.parse::<RogueStrategy>() {
            Ok(s) => s.affordable(sites, BROWSER_MAX_SITES).to_string(),
            Err(_) => rogue.to_string(),
        };
        Ok(vec![monster, rogue])
    }

    /// Set the move limit (turns, 1 to `MAX_MOVES`) and restart; throws a
    /// `RangeError` beyond.
    pub fn set_max_moves(&mut self, turns: JsValue) -> Result<(), JsValue> {
        let turns = int_arg(&turns, "turns", 1, rogue::MAX_MOVES.into())?;
        self.inner.set_max_moves(turns);
        Ok(())
    }

    /// Rename the monster (a letter A–Z) where it stands, and restart; throws
    /// `{message}` for anything but a capital letter.
    pub fn set_monster_letter(&mut self, letter: JsValue) -> Result<(), JsValue> {
        let letter = char_arg(&letter, "letter")?;
        self.inner.set_monster_letter(letter).map_err(message)
    }

    /// Let the strategy of the side to move play one half-move; returns it, or `null`
    /// when the game is over or a human is to move.
    pub fn step(&mut self) -> JsValue {
        match self.inner.step() {
            Some(half) => to_js(&half),
            None => JsValue::NULL,
        }
    }

    /// Let the strategies play until the game ends, a human is to move, or
    /// `max_half_moves` half-moves were played; returns the half-moves played.
    pub fn run(&mut self, max_half_moves: JsValue) -> Result<JsValue, JsValue> {
        let max_half_moves = int_arg(&max_half_moves, "max_half_moves", 0, u32::MAX.into())?;
        Ok(to_js(&self.inner.run(max_half_moves)))
    }

    /// The positions `{monster, rogue}` at the start and after every half-move.
    pub fn positions(&self) -> JsValue {
        #[derive(Serialize)]
        struct At {
            monster: Pos,
            rogue: Pos,
        }
        let at: Vec<At> = self
            .inner
            .positions()
            .iter()
            .map(|&(monster, rogue)| At { monster, rogue })
            .collect();
        to_js(&at)
    }

    /// The exact solution, or `{message}` when the dungeon has too many open sites.
    fn analysis(&mut self) -> Result<Rc<Analysis>, JsValue> {
        self.inner.analysis().map_err(|e| message(e.to_string()))
    }

    /// The exact solution's value of every site as the rogue's, with the monster where
    /// it stands and the side to move now (the rogue when the game is over): monster
    /// moves to capture, `0xFFFFFFFF` for "safe forever", `0xFFFFFFFE` for a wall.
    /// Throws `{message}` when the dungeon has more than `MAX_SITES` open sites.
    pub fn outcome_map(&mut self) -> Result<Vec<u32>, JsValue> {
        let analysis = self.analysis()?;
        let m = self.inner.game().monster();
        let monster_to_move = self.inner.game().to_move() == Some(Side::Monster);
        let d = self.inner.dungeon();
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
        let (m, r) = (self.inner.game().monster(), self.inner.game().rogue());
        let (value, best) = match self.inner.game().to_move() {
            Some(Side::Monster) => (
                analysis.monster_to_move(m, r),
                analysis.best_monster_moves(self.inner.dungeon(), m, r),
            ),
            Some(Side::Rogue) => (
                analysis.rogue_to_move(m, r),
                analysis.best_rogue_moves(self.inner.dungeon(), m, r),
            ),
            None => (analysis.rogue_to_move(m, r), Vec::new()),
        };
        let from = match self.inner.game().to_move() {
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

    /// The tablebase's move list for the position now: every legal move of the side
    /// to move as `{digit, to, value, best}` (`value`: monster moves to capture after
    /// it, `null` for safe forever), best first. Throws `{message}` when the dungeon
    /// is too large for the exact solution.
    pub fn move_values(&mut self) -> Result<JsValue, JsValue> {
        self.inner
            .move_values()
            .map(|moves| to_js(&moves))
            .map_err(message)
    }

    /// The cycles the `cycle` rogue found, each a list of `{row, col}` in order.
    pub fn cycles(&self) -> JsValue {
        to_js(&CycleRogue::new(self.inner.dungeon()).cycles())
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
pub fn rogue_analyze(text: JsValue) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Timed {
        #[serde(flatten)]
        summary: Summary,
        elapsed_ms: f64,
    }
    let dungeon = Dungeon::parse(&text_arg(&text, "text")?).map_err(parse_error)?;
    let start = web_time::Instant::now();
    let analysis = Analysis::new(&dungeon).map_err(|e| message(e.to_string()))?;
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    Ok(to_js(&Timed {
        summary: analysis.summary(&dungeon),
        elapsed_ms,
    }))
}

/// The editor's verdict on a dungeon, from the exact solution: `monster_wins` in
/// `moves` or `rogue_safe`, the sites from which the rogue is lost as `lost` marks, and
/// the features. Throws `{line, column, message}` for a bad dungeon and `{message}`
/// for one too large to solve.
#[wasm_bindgen]
pub fn rogue_verdict(text: JsValue, _options: JsValue) -> Result<JsValue, JsValue> {
    let dungeon = Dungeon::parse(&text_arg(&text, "text")?).map_err(parse_error)?;
    let report = crate::games::rogue::analyze(&dungeon).map_err(|e| message(e.to_string()))?;
    Ok(to_js(&report.verdict()))
}

/// Generate a dungeon: `options` is `{size, goal: "monsterWins" | "rogueEscapes",
/// minMoves, seed, maxCandidates, longest}` (optional fields take the defaults);
/// `progress` is called with `{candidates, best}`. Returns `{level, report,
/// candidates, seed}`; throws `{message}` when the options are out of range or no
/// dungeon came out.
#[wasm_bindgen]
pub fn rogue_generate(options: JsValue, progress: JsValue) -> Result<JsValue, JsValue> {
    let progress = function_arg(progress, "progress")?;
    use crate::games::rogue::{generate, GenerateError, GenerateOptions};
    let options: GenerateOptions = super::solve_options(options, GenerateOptions::check)?;
    let mut report = super::progress_callback(&progress);
    match generate(&options, None, Some(&mut report)) {
        Ok(g) => Ok(to_js(&serde_json::json!({
            "level": g.text,
            "report": g.report,
            "candidates": g.candidates,
            "seed": options.seed,
        }))),
        Err(GenerateError::Options(e)) => Err(message(format!("{}: {}", e.field, e.message))),
        Err(e) => Err(message(e)),
    }
}
