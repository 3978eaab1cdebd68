//! GPac's tools (the [`Tool`] contract): `verdict`, the editor's verdict on a map, for
//! the command line and the page alike; and the editor's palette.
//!
//! `gridlab gpac bench` stays a command of its own: it times its games (games a
//! second, the native side of the browser benchmark), which a tool does not (the
//! library has no clock), and it plays several maps at once; its untimed part, seeded
//! games on a map and their mean score and turns, is `verdict`.

use super::map::{Map, OPEN, WALL};
use super::play::{map_verdict, MapFeatures, MAX_VERDICT_GAMES};
use super::{GhostKind, PacKind, PillSpawn, Settings};
use crate::error::{FieldError, ParseError};
use crate::games::tools::{
    Control, GameTools, Host, Tool, ToolError, ToolInput, ToolOptions, Typed,
};
use crate::games::verdict::LevelVerdict;
use serde::{Deserialize, Serialize};

/// GPac in the registry.
pub const TOOLS: GameTools = GameTools {
    id: "gpac",
    palette,
    tools: &[&Typed::<Verdict>::NEW],
};

/// The editor's palette: a wall and an open cell, as the map format writes them.
fn palette() -> String {
    [WALL, OPEN].iter().collect()
}

/// A map a tool plays on: in the course format, both spawn cells open.
impl ToolInput for Map {
    fn read(text: &str) -> Result<Self, ParseError> {
        let map = Map::parse(text)?;
        map.check_spawns()?;
        Ok(map)
    }
}

/// The options of `verdict`: the games and the game's settings, flat as the command
/// line's flags (the settings as `gridlab gpac play` and `bench` take them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct VerdictOptions {
    /// Games to play (1 to 1,000).
    pub games: u32,
    /// Seed of the first game (then seed + 1, ...).
    pub seed: u64,
    /// Pac-Man's controller: pill, fruit or avoid.
    pub pacman: PacKind,
    /// The ghosts' controller: wander or chase.
    pub ghosts: GhostKind,
    /// Pill density (0 to 1).
    pub pill_density: f64,
    /// Pill placement: stochastic, linear or manhattan.
    pub pill_spawn: PillSpawn,
    /// Chance per turn that a fruit appears (0 to 1).
    pub fruit_prob: f64,
    /// Points for a fruit (at most 1,000,000).
    pub fruit_score: u32,
    /// Time = width × height × multiplier (above 0, at most 100).
    pub time_multiplier: f64,
    /// Number of ghosts (0 to 100).
    pub ghosts_count: usize,
    /// Allow a pill on the ghosts' start, as the assignment text does (the framework,
    /// and gridlab by default, keep it free).
    pub pill_on_ghost_start: bool,
}

impl Default for VerdictOptions {
    fn default() -> Self {
        let s = Settings::default();
        Self {
            games: 8,
            seed: 1,
            pacman: PacKind::Avoid,
            ghosts: GhostKind::Chase,
            pill_density: s.pill_density,
            pill_spawn: s.pill_spawn,
            fruit_prob: s.fruit_prob,
            fruit_score: s.fruit_score,
            time_multiplier: s.time_multiplier,
            ghosts_count: s.ghosts,
            pill_on_ghost_start: !s.no_pill_on_ghost_start,
        }
    }
}

impl VerdictOptions {
    /// The game's settings these options give.
    pub fn settings(&self) -> Settings {
        Settings {
            pill_density: self.pill_density,
            pill_spawn: self.pill_spawn,
            fruit_prob: self.fruit_prob,
            fruit_score: self.fruit_score,
            time_multiplier: self.time_multiplier,
            ghosts: self.ghosts_count,
            no_pill_on_ghost_start: !self.pill_on_ghost_start,
        }
    }
}

impl ToolOptions for VerdictOptions {
    /// 1 to [`MAX_VERDICT_GAMES`] games, and the settings within their limits (the
    /// length of a game, which depends on the map, is checked when it runs).
    fn check(&self, _: Host) -> Result<(), FieldError> {
        FieldError::check_count("games", self.games as usize, 1, MAX_VERDICT_GAMES as usize)?;
        // No map yet: the limits that do not depend on its size.
        self.settings().check_options(0)
    }
}

/// `verdict`: the mean score of seeded games on a map, its spread and its dead ends.
pub struct Verdict;

/// The common verdict with GPac's features.
pub type GpacVerdict = LevelVerdict<MapFeatures>;

impl Tool for Verdict {
    const NAME: &'static str = "verdict";
    const SUMMARY: &'static str = "The editor's verdict on a map: the mean score of seeded games \
                                   between agents, their spread and turns, the dead ends (JSON).";
    type Input = Map;
    type Options = VerdictOptions;
    type Output = GpacVerdict;

    fn run(
        map: &Map,
        options: &VerdictOptions,
        control: &mut Control<'_>,
    ) -> Result<GpacVerdict, ToolError> {
        let settings = options.settings();
        settings.check_options(map.len())?;
        Ok(map_verdict(
            map.clone(),
            &settings,
            options.pacman,
            options.ghosts,
            options.seed,
            options.games,
            control.cancel,
        ))
    }
}
