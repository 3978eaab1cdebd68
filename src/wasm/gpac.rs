//! GPac bindings: a game session (agents or the keyboard), a world-file replay and the
//! evolution lab.

use super::{
    int_arg, message, number_arg, opt_int_arg, options_arg, parse_error, seed_arg, text_arg,
    try_js, MAX_INDEX,
};
use crate::error::FieldError;
use crate::games::gpac::evolve::{EvolveConfig, Run, DEFAULT_CONFIG};
use crate::games::gpac::{
    play_games, random_map_for, BoardTile, GhostKind, Ini, Map, Match, PacKind, Replay, Settings,
    Tally, Turn, World, WorldFile, Xy, BROWSER_MAX_CELLS, MAX_BENCH_GAMES,
};
use crate::games::tools::Host;
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

fn settings_from(options: JsValue) -> Result<Settings, JsValue> {
    let settings: Settings = options_arg(options, "bad settings")?;
    settings.check().map_err(field_error)?;
    Ok(settings)
}

/// A setting out of its limits as `{field, message}`, the field in camel case as
/// JavaScript spells it.
fn field_error(e: FieldError) -> JsValue {
    field_error_of(e, "bad settings")
}

/// An argument out of its limits as `{field, message}`, the field in camel case as
/// JavaScript spells it and `what` before the message.
fn field_error_of(e: FieldError, what: &str) -> JsValue {
    let mut field = String::new();
    let mut upper = false;
    for c in e.field.chars() {
        match c {
            '_' => upper = true,
            c if upper => {
                field.push(c.to_ascii_uppercase());
                upper = false;
            }
            c => field.push(c),
        }
    }
    let error = js_sys::Object::new();
    let _ = js_sys::Reflect::set(
        &error,
        &"message".into(),
        &format!("{what}: {field}: {}", e.message).into(),
    );
    let _ = js_sys::Reflect::set(&error, &"field".into(), &field.into());
    error.into()
}

/// The board's tile codes by name, for the page (one byte a cell of `tiles_ptr()`;
/// ghost i is `FirstGhost` + i − 1).
#[wasm_bindgen]
pub enum GpacTile {
    /// A wall, `#`.
    Wall = 35,
    /// A pill, `.`.
    Pill = 46,
    /// An open cell.
    Open = 32,
    /// The fruit, `f`.
    Fruit = 102,
    /// Pac-Man, `m`.
    Pacman = 109,
    /// Pac-Man caught, `X`.
    Caught = 88,
    /// Ghost 1, `1`.
    FirstGhost = 49,
}

// The names are the engine's codes.
const _: () = {
    assert!(GpacTile::Wall as u8 == BoardTile::Wall as u8);
    assert!(GpacTile::Pill as u8 == BoardTile::Pill as u8);
    assert!(GpacTile::Open as u8 == BoardTile::Open as u8);
    assert!(GpacTile::Fruit as u8 == BoardTile::Fruit as u8);
    assert!(GpacTile::Pacman as u8 == BoardTile::Pacman as u8);
    assert!(GpacTile::Caught as u8 == BoardTile::Caught as u8);
    assert!(GpacTile::FirstGhost as u8 == BoardTile::FirstGhost as u8);
};

session_bindings!(
    GpacSession,
    Match,
    "A GPac match (the session contract): Pac-Man by an agent or by the keyboard, the \
     ghosts by an agent; the moves are Pac-Man's letters (`h u r d l`), which replay \
     the match from its seed. The board bytes, top row first: `#` wall, `.` pill, ` ` \
     open, `f` fruit, `m` Pac-Man, `1`-`9` a ghost, `X` Pac-Man caught."
);

#[wasm_bindgen]
impl GpacSession {
    /// A session on a map in the course format (throws `{line, column, message}`),
    /// with settings `{pillDensity, pillSpawn, fruitProb, fruitScore, timeMultiplier,
    /// ghosts, noPillOnGhostStart}` (all optional).
    #[wasm_bindgen(constructor)]
    pub fn new(map: JsValue, settings: JsValue, seed: JsValue) -> Result<GpacSession, JsValue> {
        let map = Map::parse_for_browser(&text_arg(&map, "map")?).map_err(parse_error)?;
        let seed = seed_arg(&seed, "seed")?;
        GpacSession::with_map(map, settings_from(settings)?, seed)
    }

    /// A session on a random W×H map with walls at `density`, repaired: 2 to
    /// `BROWSER_MAX_CELLS` cells (throws `{field: 'size' | 'density', message}`).
    pub fn random(
        width: JsValue,
        height: JsValue,
        density: JsValue,
        settings: JsValue,
        seed: JsValue,
    ) -> Result<GpacSession, JsValue> {
        let width: usize = int_arg(&width, "width", 0, MAX_INDEX)?;
        let height: usize = int_arg(&height, "height", 0, MAX_INDEX)?;
        let density = number_arg(&density, "density")?;
        let seed = seed_arg(&seed, "seed")?;
        let map = random_map_for(width, height, density, seed, Host::Browser)
            .map_err(|e| field_error_of(e, "bad random map"))?;
        GpacSession::with_map(map, settings_from(settings)?, seed)
    }

    fn with_map(map: Map, settings: Settings, seed: u64) -> Result<GpacSession, JsValue> {
        settings.check_for(map.len()).map_err(field_error)?;
        let inner = Match::new(map, settings, seed).map_err(|e| message(e.to_string()))?;
        Ok(GpacSession { inner })
    }

    /// Choose the players: Pac-Man `pill`, `fruit`, `avoid` or `keyboard`; ghosts
    /// `wander` or `chase`. Restarts with the same seed.
    pub fn set_players(&mut self, pacman: JsValue, ghosts: JsValue) -> Result<(), JsValue> {
        let pacman = text_arg(&pacman, "pacman")?;
        let ghosts = text_arg(&ghosts, "ghosts")?;
        let pacman = match pacman.as_str() {
            "keyboard" => None,
            other => Some(other.parse::<PacKind>().map_err(message)?),
        };
        let ghosts = ghosts.parse::<GhostKind>().map_err(message)?;
        self.inner.set_players(pacman, ghosts);
        Ok(())
    }

    /// Start again with `seed` (the same seed replays the same game); throws a
    /// `RangeError` for a seed that is not a whole number from 0 to 2^53.
    pub fn set_seed(&mut self, seed: JsValue) -> Result<(), JsValue> {
        self.inner.reseed(seed_arg(&seed, "seed")?);
        Ok(())
    }

    /// New settings (as the constructor takes them): the match starts again on the
    /// same map; throws `{field, message}` beyond the limits.
    pub fn set_settings(&mut self, settings: JsValue) -> Result<(), JsValue> {
        let settings = settings_from(settings)?;
        settings
            .check_for(self.inner.map().len())
            .map_err(field_error)?;
        self.inner
            .set_settings(settings)
            .map_err(|e| message(e.to_string()))
    }

    /// Let the agents play one turn: its report `{pacman, turn}`, or `null` when the
    /// game is over or Pac-Man is on the keyboard.
    pub fn step_agents(&mut self) -> Result<JsValue, JsValue> {
        if self.inner.pacman_player().is_none() || self.inner.game().end().is_some() {
            return Ok(JsValue::NULL);
        }
        let moved = self.inner.step(None).map_err(|e| message(e.to_string()))?;
        try_js(&Turn {
            pacman: moved.letter(),
            turn: self.inner.turns(),
        })
    }

    /// Let the agents play up to `turns` turns (stops at the end); returns the view.
    pub fn run(&mut self, turns: JsValue) -> Result<JsValue, JsValue> {
        let turns = int_arg(&turns, "turns", 0, u32::MAX.into())?;
        self.inner.run(turns).map_err(|e| message(e.to_string()))?;
        self.view()
    }

    /// The world file of the game so far (ghost ids from 1, or from 0).
    pub fn world_file(&self, zero_based_ids: bool) -> String {
        let mut log = self
            .inner
            .game()
            .log()
            .cloned()
            .expect("sessions log their games");
        if zero_based_ids {
            log.first_ghost_id = 0;
        }
        log.to_text()
    }
}

/// A world file opened for replay: `frame_count()`, and `frame(i)` for each snapshot.
#[wasm_bindgen]
pub struct GpacReplay {
    replay: Replay,
}

#[wasm_bindgen]
impl GpacReplay {
    /// Read and check a world file (throws `{line, column, message}`).
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> Result<GpacReplay, JsValue> {
        let world = WorldFile::parse(&text_arg(&text, "text")?).map_err(parse_error)?;
        let replay = Replay::new(world).map_err(parse_error)?;
        Ok(GpacReplay { replay })
    }

    /// Map width.
    pub fn width(&self) -> usize {
        self.replay.world().width
    }

    /// Map height.
    pub fn height(&self) -> usize {
        self.replay.world().height
    }

    /// Number of snapshots.
    pub fn frame_count(&self) -> usize {
        self.replay.len()
    }

    /// The walls `[{x, y}]`.
    pub fn walls(&self) -> Result<JsValue, JsValue> {
        let walls = self.replay.world().walls.iter().map(|&p| Xy::from(p));
        try_js(&walls.collect::<Vec<_>>())
    }

    /// Snapshot `i`: `{pacman, ghosts, pills, fruit, time, score}` (coordinates as
    /// `[x, y]`), or `null` past the end.
    pub fn frame(&self, i: JsValue) -> Result<JsValue, JsValue> {
        let i = int_arg(&i, "i", 0, MAX_INDEX)?;
        self.replay
            .frame(i)
            .map_or(Ok(JsValue::NULL), |f| try_js(&f))
    }

    /// Snapshot `i` as text (top row first; empty past the end).
    pub fn render(&self, i: JsValue) -> Result<String, JsValue> {
        let i = int_arg(&i, "i", 0, MAX_INDEX)?;
        Ok(self.replay.render(i).unwrap_or_default())
    }
}

/// The evolution lab: one run of an experiment, a generation at a time.
#[wasm_bindgen]
pub struct GpacLab {
    run: Run,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Best {
    map: String,
    mean_score: f64,
    objectives: Vec<f64>,
    repairs: u32,
    dead_ends: usize,
    parameter: Option<f64>,
}

#[wasm_bindgen]
impl GpacLab {
    /// A run of the experiment in a course INI config (throws `{line, column,
    /// message}`), seeded; `evaluations` overrides the budget when given.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue, seed: JsValue, evaluations: JsValue) -> Result<GpacLab, JsValue> {
        let config = text_arg(&config, "config")?;
        let seed = seed_arg(&seed, "seed")?;
        let evaluations: Option<usize> = opt_int_arg(&evaluations, "evaluations", 0, MAX_INDEX)?;
        let ini = Ini::parse(&config).map_err(parse_error)?;
        let mut config = EvolveConfig::from_ini(&ini).map_err(parse_error)?;
        if let Some(e) = evaluations {
            config.evaluations = e;
        }
        config.check().map_err(field_error)?;
        Ok(GpacLab {
            run: Run::new(config, seed),
        })
    }

    /// The configuration as read (JSON-like object).
    pub fn config(&self) -> Result<JsValue, JsValue> {
        try_js(self.run.config())
    }

    /// One generation (the first call evaluates the initial population): the log line
    /// `{evaluations, mean, best, meanParameter}`, or `null` when the budget is spent.
    pub fn step(&mut self) -> Result<JsValue, JsValue> {
        self.run.step().map_or(Ok(JsValue::NULL), try_js)
    }

    /// Evaluations done.
    pub fn evaluations(&self) -> usize {
        self.run.evaluations()
    }

    /// The evaluation budget.
    pub fn budget(&self) -> usize {
        self.run.config().evaluations
    }

    /// Whether the budget is spent.
    pub fn done(&self) -> bool {
        self.run.done()
    }

    /// The whole log so far.
    pub fn log(&self) -> Result<JsValue, JsValue> {
        try_js(&self.run.log())
    }

    /// The best individual so far: `{map, meanScore, objectives, repairs, deadEnds,
    /// parameter}` (`map` in the course format), or `null`.
    pub fn best(&self) -> Result<JsValue, JsValue> {
        let config = self.run.config();
        self.run.best().map_or(Ok(JsValue::NULL), |b| {
            try_js(&Best {
                map: b.map(config).to_text(),
                mean_score: b.eval.mean_score,
                objectives: b.eval.objectives.clone(),
                repairs: b.eval.repairs,
                dead_ends: b.eval.dead_ends,
                parameter: b.parameter,
            })
        })
    }

    /// The world file of the best individual's representative game.
    pub fn best_world(&self) -> String {
        self.run
            .best()
            .map(|b| b.world_file(self.run.config()).to_text())
            .unwrap_or_default()
    }

    /// The population's objectives `[[fitness, −dead ends?], ...]` and the members of
    /// the first non-dominated front (`front`: indices).
    pub fn population(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct Population {
            objectives: Vec<Vec<f64>>,
            front: Vec<usize>,
        }
        let objectives: Vec<Vec<f64>> = self
            .run
            .population()
            .iter()
            .map(|i| i.eval.objectives.clone())
            .collect();
        let level = crate::games::gpac::evolve::non_dominated_levels(&objectives);
        let front = (0..objectives.len()).filter(|&i| level[i] == 0).collect();
        try_js(&Population { objectives, front })
    }
}

/// Play `games` seeded games (seeds `seed`, `seed + 1`, ...) between agents on a map
/// and time them: `{games, turns, meanScore, scores, elapsedMs}` (for the benchmark
/// and the native-vs-browser checks; `gridlab gpac bench` natively). Throws `{line,
/// column, message}` for a map that does not parse or has a walled spawn cell, `{field,
/// message}` for settings beyond their limits, a `RangeError` naming `games` beyond 1
/// to `MAX_BENCH_GAMES` (1,000,000) and a `TypeError` for an argument of the wrong
/// type.
#[wasm_bindgen]
pub fn gpac_play(
    map: JsValue,
    settings: JsValue,
    pacman: JsValue,
    ghosts: JsValue,
    seed: JsValue,
    games: JsValue,
) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Played {
        games: u64,
        turns: u64,
        mean_score: f64,
        scores: Vec<i64>,
        elapsed_ms: f64,
    }
    let map = Map::parse(&text_arg(&map, "map")?).map_err(parse_error)?;
    map.check_spawns().map_err(parse_error)?;
    let settings = settings_from(settings)?;
    settings.check_for(map.len()).map_err(field_error)?;
    let pacman: PacKind = text_arg(&pacman, "pacman")?.parse().map_err(message)?;
    let ghosts: GhostKind = text_arg(&ghosts, "ghosts")?.parse().map_err(message)?;
    let seed = seed_arg(&seed, "seed")?;
    let games: u64 = int_arg(&games, "games", 1, MAX_BENCH_GAMES.into())?;
    let world = Arc::new(World::new(map));
    let start = web_time::Instant::now();
    let (mut tally, mut scores) = (Tally::default(), Vec::new());
    for o in play_games(&world, &settings, pacman, ghosts, seed, games) {
        tally.add(&o);
        scores.push(o.score);
    }
    try_js(&Played {
        games: tally.games,
        turns: tally.turns,
        mean_score: tally.mean_score(),
        scores,
        elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
    })
}

/// The most cells a map may have in the playground (`gpac::BROWSER_MAX_CELLS`).
#[wasm_bindgen]
pub fn gpac_browser_max_cells() -> usize {
    BROWSER_MAX_CELLS
}

/// The course's default experiment config (green 1b) as INI text, for the lab's
/// editor (`gpac::evolve::DEFAULT_CONFIG`).
#[wasm_bindgen]
pub fn gpac_default_config() -> String {
    DEFAULT_CONFIG.to_string()
}
