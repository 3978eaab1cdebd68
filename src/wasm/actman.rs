//! Act-Man II bindings.

use super::{
    function_arg, int_arg, message, move_error, opt_int_arg, parse_error, progress_callback,
    solve_level, solve_options, text_arg, to_js, Solved, MAX_INDEX,
};
use crate::games::actman::{self, Dungeon, Game, SolveOptions};
use crate::grid::Pos;
use serde::Serialize;
use wasm_bindgen::prelude::*;

session_bindings!(
    ActmanSession,
    actman::ActmanSession,
    "An Act-Man dungeon and a game on it (the session contract). The board bytes are \
     the course output's grid (`#`, ` `, `@`, `G`, `D`, and `A` or `X` for Act-Man), \
     row-major."
);

#[wasm_bindgen]
impl ActmanSession {
    /// Parse a dungeon in the course format (throws `{line, column, message}`).
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> Result<ActmanSession, JsValue> {
        let dungeon = Dungeon::parse(&text_arg(&text, "text")?).map_err(parse_error)?;
        Ok(ActmanSession {
            inner: actman::ActmanSession::new(dungeon),
        })
    }

    /// The grader's verdict line for the game so far as a plan of at most `limit`
    /// actions (`*** VICTORY ***`, `* Plan limit reached`, ...).
    pub fn verdict(&self, limit: JsValue) -> Result<String, JsValue> {
        let limit = opt_int_arg(&limit, "limit", 0, MAX_INDEX)?;
        Ok(self.inner.verdict(limit))
    }

    /// Where each monster would step if Act-Man moved to (`row`, `col`) now; throws
    /// `{message}` off the board.
    pub fn chases_towards(&self, row: JsValue, col: JsValue) -> Result<JsValue, JsValue> {
        let row = int_arg(&row, "row", 0, MAX_INDEX)?;
        let col = int_arg(&col, "col", 0, MAX_INDEX)?;
        self.inner
            .chases_towards(Pos::new(row, col))
            .map(|c| to_js(&c))
            .map_err(message)
    }
}

/// The course symbols of the editor palette: wall, space, ogre, demon, corpse, Act-Man.
#[wasm_bindgen]
pub fn actman_palette() -> String {
    "# GD@A".to_string()
}

/// Act-Man's part of a solve's result.
#[derive(Serialize)]
struct Found {
    victory: bool,
    actions: String,
    score: i32,
    status: actman::Status,
}

/// Solve a dungeon. `options` is `{solver, objective, maxTurns, maxStates, seed,
/// traceLimit}` (all optional; `solver` is "random", "bfs", "iddfs", "greedy" or
/// "astar"; `objective` "turns" or "score"); `progress` is called with the statistics
/// every few thousand expansions. Returns `{outcome, victory, actions, score, status,
/// stats, note, output, traceTruncated, trace}`; `trace` is a `Uint32Array` of Act-Man's
/// cells (bit 31 set: generated; clear: expanded).
#[wasm_bindgen]
pub fn actman_solve(
    text: JsValue,
    options: JsValue,
    progress: JsValue,
) -> Result<JsValue, JsValue> {
    solve_level(
        text,
        options,
        progress,
        Dungeon::parse,
        SolveOptions::check,
        |dungeon, options: &SolveOptions, report| {
            let solution = actman::solve(dungeon, options, None, Some(report));
            let game = Game::replay(dungeon, &solution.actions).map_err(move_error)?;
            let found = Found {
                victory: game.status() == actman::Status::Victory,
                actions: solution.actions.clone(),
                score: game.score(),
                status: game.status(),
            };
            Solved {
                outcome: solution.outcome,
                stats: &solution.stats,
                note: &solution.note,
                output: game.output(),
                trace_truncated: solution.trace.truncated,
                found,
            }
            .with_trace(&solution.trace, &solution.record)
        },
    )
}

/// The editor's verdict on a dungeon: `options` is `{maxStates, maxMemory, planCap}`
/// (optional; `maxMemory` in bytes, at most 1 GiB, default 512 MiB).
/// Returns the common verdict (`win` in `moves` turns with `plans` optimal plans, the
/// needs in `note` and `features`; or `no_plan`, `limit_reached`).
#[wasm_bindgen]
pub fn actman_verdict(text: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let dungeon = Dungeon::parse(&text_arg(&text, "text")?).map_err(parse_error)?;
    let limits: actman::AnalysisLimits =
        solve_options(options, actman::AnalysisLimits::check_browser)?;
    let analysis = actman::analyze(&dungeon, limits, None);
    Ok(to_js(&analysis.verdict(limits.plan_cap)))
}

/// Generate a dungeon: `options` is `{rows, cols, monsters, minTurns, unique,
/// needsBullet, needsLure, seed, maxCandidates, longest}` (optional fields take the
/// defaults); `progress` is called with `{candidates, best}`. Returns `{level, plan,
/// features, candidates, seed}`; throws `{message}` when the options are out of range
/// or no dungeon came out.
#[wasm_bindgen]
pub fn actman_generate(options: JsValue, progress: JsValue) -> Result<JsValue, JsValue> {
    let progress = function_arg(progress, "progress")?;
    let options: actman::GenerateOptions = solve_options(options, actman::GenerateOptions::check)?;
    let mut report = progress_callback(&progress);
    match actman::generate(&options, None, Some(&mut report)) {
        Ok(g) => Ok(to_js(&serde_json::json!({
            "level": g.text,
            "plan": g.plan,
            "features": g.features,
            "candidates": g.candidates,
            "seed": options.seed,
        }))),
        Err(actman::GenerateError::Options(e)) => {
            Err(message(format!("{}: {}", e.field, e.message)))
        }
        Err(e) => Err(message(e)),
    }
}
