//! Pengu bindings.

use super::{
    function_arg, message, parse_error, progress_callback, solve_level, solve_options, text_arg,
    to_js, Solved,
};
use crate::games::pengu::{
    self, AnalysisLimits, GenerateError, GenerateOptions, Level, SolveOptions, Tile,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

session_bindings!(
    PenguSession,
    pengu::PenguSession,
    "A Pengu level and a game on it (the session contract). The board bytes are the \
     course symbols (`#`, ` `, `0`, `*`, `U`, `S`), row-major."
);

#[wasm_bindgen]
impl PenguSession {
    /// Parse a level in the course format (throws `{line, column, message}`).
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> Result<PenguSession, JsValue> {
        let level = Level::parse(&text_arg(&text, "text")?).map_err(parse_error)?;
        Ok(PenguSession {
            inner: pengu::PenguSession::new(level),
        })
    }

    /// The level's tiles (before any move) as a string of course symbols, row-major.
    pub fn level_tiles(&self) -> String {
        self.inner
            .level()
            .tiles
            .cells()
            .iter()
            .map(|t| t.symbol())
            .collect()
    }
}

/// The course symbols of Pengu's tiles, for the editor palette (`P` last).
#[wasm_bindgen]
pub fn pengu_palette() -> String {
    [
        Tile::Wall,
        Tile::Ice,
        Tile::Snow,
        Tile::Fish,
        Tile::Bear,
        Tile::Shark,
    ]
    .iter()
    .map(|t| t.symbol())
    .chain(std::iter::once('P'))
    .collect()
}

/// Check a level text: `null` when it parses, else `{line, column, message}`.
#[wasm_bindgen]
pub fn pengu_check(text: JsValue) -> Result<JsValue, JsValue> {
    Ok(match Level::parse(&text_arg(&text, "text")?) {
        Ok(_) => JsValue::NULL,
        Err(e) => parse_error(e),
    })
}

/// Pengu's part of a solve's result.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Found {
    goal_met: bool,
    moves: String,
    score: usize,
    status: pengu::Status,
}

/// Solve a level. `options` is `{solver, goal, maxStates, maxDepth, seed, randomMoves,
/// traceLimit}` (all optional; `solver` is "random", "bfs", "iddfs", "greedy" or
/// "astar"; `goal` is "all" or `{at_least: N}`); `progress` is called with the
/// statistics every few thousand expansions. Returns `{outcome, goalMet, moves, score,
/// status, stats, note, output, traceTruncated, trace}` with `trace` a `Uint32Array` of
/// cell indices (bit 31 set: generated; clear: expanded).
#[wasm_bindgen]
pub fn pengu_solve(text: JsValue, options: JsValue, progress: JsValue) -> Result<JsValue, JsValue> {
    solve_level(
        text,
        options,
        progress,
        Level::parse,
        SolveOptions::check,
        |level, options: &SolveOptions, report| {
            let solution = pengu::solve(level, options, None, Some(report));
            let game = pengu::outcome_game(level, &solution);
            let met =
                solution.outcome == crate::search::Outcome::Found && options.goal.is_met(&game);
            Solved {
                outcome: solution.outcome,
                stats: &solution.stats,
                note: &solution.note,
                output: game.output(),
                trace_truncated: solution.trace.truncated,
                found: Found {
                    goal_met: met,
                    moves: solution.moves.clone(),
                    score: game.score(),
                    status: game.status(),
                },
            }
            .with_trace(&solution.trace, &solution.record)
        },
    )
}

/// Analyse a level for the editor: `options` is `{maxStates, maxMemory, planCap}`
/// (optional; `maxMemory` in bytes, at most 1 GiB, default 512 MiB).
/// Returns the common verdict `{verdict, moves, plans, planCap, plan, note, marks:
/// [{cell, kind}], features}` (see `games::verdict`); throws `{line, column, message}`
/// for a level that does not parse.
#[wasm_bindgen]
pub fn pengu_verdict(text: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let level = Level::parse(&text_arg(&text, "text")?).map_err(parse_error)?;
    let limits: AnalysisLimits = solve_options(options, AnalysisLimits::check_browser)?;
    let analysis = pengu::analyze(&level, limits, None);
    Ok(to_js(&analysis.verdict(&level, limits.plan_cap)))
}

/// Generate a level: `options` is `{rows, cols, fish, minMoves, unique, seed,
/// maxCandidates, longest}` (optional fields take the defaults); `progress` is called
/// with `{candidates, best}`. Returns `{level, plan, features, candidates, seed}`;
/// throws `{message}` when the options are out of range or no level came out.
#[wasm_bindgen]
pub fn pengu_generate(options: JsValue, progress: JsValue) -> Result<JsValue, JsValue> {
    let progress = function_arg(progress, "progress")?;
    let options: GenerateOptions = solve_options(options, GenerateOptions::check)?;
    let mut report = progress_callback(&progress);
    match pengu::generate(&options, None, Some(&mut report)) {
        Ok(g) => Ok(to_js(&serde_json::json!({
            "level": g.level.to_text(),
            "plan": g.plan,
            "features": g.features,
            "candidates": g.candidates,
            "seed": options.seed,
        }))),
        Err(GenerateError::Options(e)) => Err(message(format!("{}: {}", e.field, e.message))),
        Err(e) => Err(message(e)),
    }
}
