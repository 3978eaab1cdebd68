//! An experiment's settings, read from the course's INI configs as they are.

use super::operators::{ParentSelection, Recombination, SurvivalSelection};
use super::repair::Pairing;
use crate::error::{FieldError, ParseError};
use crate::games::gpac::agents::{GhostKind, PacKind};
use crate::games::gpac::ini::Ini;
use crate::games::gpac::map::MAX_SIDE;
use crate::games::gpac::rules::{PillSpawn, Settings};
use serde::{Deserialize, Serialize};

/// The course's default experiment config (green 1b), as INI text: the lab's
/// starting config in the page.
pub const DEFAULT_CONFIG: &str =
    include_str!("../../../../configs/gpac/fall2021_series1_mapgen/green1b_config.txt");

/// What an individual carries besides its map bits.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum GenotypeKind {
    /// Bits only (`binaryGenotype`).
    Binary,
    /// Bits and a self-adaptive mutation rate drawn in [min, max]
    /// (`selfAdaptiveMutationGenotype`, 1c).
    SelfAdaptiveMutation {
        /// Lowest initial rate.
        min: f64,
        /// Highest initial rate.
        max: f64,
    },
    /// Bits and a self-adaptive repair-penalty coefficient drawn in [min, max]
    /// (`selfAdaptiveGenotype`, 1c).
    SelfAdaptivePenalty {
        /// Lowest initial coefficient.
        min: f64,
        /// Highest initial coefficient.
        max: f64,
    },
}

/// Everything an experiment needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct EvolveConfig {
    /// Map width.
    pub width: usize,
    /// Map height.
    pub height: usize,
    /// Games per evaluation.
    pub samples: usize,
    /// The games' settings.
    pub settings: Settings,
    /// Pac-Man's controller.
    pub pacman: PacKind,
    /// The ghosts' controller.
    pub ghosts: GhostKind,
    /// 1d: a second objective, fewer dead ends.
    pub dead_ends: bool,
    /// 1c: fitness −= coefficient × repairs (`None`: repair silently).
    pub penalty: Option<f64>,
    /// 1a: random search instead of the EA.
    pub random_search: bool,
    /// μ.
    pub mu: usize,
    /// λ, children per generation.
    pub lambda: usize,
    /// Chance that a child is mutated.
    pub mutation_rate: f64,
    /// The genotype.
    pub genotype: GenotypeKind,
    /// Parent selection.
    pub parents: ParentSelection,
    /// Survival selection.
    pub survival: SurvivalSelection,
    /// Recombination.
    pub recombination: Recombination,
    /// 1d: crowding within each non-domination level.
    pub crowding: bool,
    /// Evaluations per run.
    pub evaluations: usize,
    /// How the repair joins cut-off spawns (`[fitness_kwargs] repair = closest`, a
    /// gridlab key; the framework's pairing by default).
    pub repair: Pairing,
}

impl Default for EvolveConfig {
    fn default() -> Self {
        EvolveConfig {
            width: 35,
            height: 20,
            samples: 5,
            settings: Settings::default(),
            pacman: PacKind::Avoid,
            ghosts: GhostKind::Chase,
            dead_ends: false,
            penalty: None,
            random_search: false,
            mu: 200,
            lambda: 100,
            mutation_rate: 0.2,
            genotype: GenotypeKind::Binary,
            parents: ParentSelection::Tournament { k: 5 },
            survival: SurvivalSelection::Truncation,
            recombination: Recombination::OnePoint,
            crowding: false,
            evaluations: 2000,
            repair: Pairing::Framework,
        }
    }
}

impl EvolveConfig {
    /// Read a course config (sections `fitness_kwargs`, `EA_configs`,
    /// `initialization_kwargs`, `parent_selection_kwargs`, `recombination_kwargs`,
    /// `survival_selection_kwargs`); missing keys keep their defaults. Errors name the
    /// line of the key.
    ///
    /// ```
    /// use gridlab::games::gpac::{evolve::EvolveConfig, Ini};
    /// let ini = Ini::parse("[fitness_kwargs]\nsamples = 3\n[EA_configs]\nmu = 20\n").unwrap();
    /// let c = EvolveConfig::from_ini(&ini).unwrap();
    /// assert_eq!((c.samples, c.mu, c.lambda), (3, 20, 100));
    /// ```
    pub fn from_ini(ini: &Ini) -> Result<EvolveConfig, ParseError> {
        const SECTIONS: [&str; 6] = [
            "fitness_kwargs",
            "EA_configs",
            "initialization_kwargs",
            "parent_selection_kwargs",
            "recombination_kwargs",
            "survival_selection_kwargs",
        ];
        if !SECTIONS.iter().any(|s| ini.has_section(s)) {
            return Err(ParseError::new(
                1,
                1,
                "not a course config: none of its sections ([fitness_kwargs], [EA_configs], \
                 ...) is here",
            ));
        }
        let mut c = EvolveConfig::default();
        let f = "fitness_kwargs";
        let ea = "EA_configs";
        let error = |section: &str, key: &str, message: String| {
            ParseError::new(
                ini.line_of(section, key).max(1),
                1,
                format!("[{section}] {key}: {message}"),
            )
        };
        let count = |section: &str, key: &str| -> Result<Option<usize>, ParseError> {
            match ini.number(section, key)? {
                Some(v) if v >= 0.0 && v.fract() == 0.0 => Ok(Some(v as usize)),
                Some(v) => Err(error(section, key, format!("{v} is not a whole number"))),
                None => Ok(None),
            }
        };
        let text = |section: &str, key: &str| ini.get(section, key);
        if let Some(v) = count(f, "width")? {
            c.width = v;
        }
        if let Some(v) = count(f, "height")? {
            c.height = v;
        }
        if let Some(v) = count(f, "samples")? {
            c.samples = v;
        }
        if let Some(v) = text(f, "pill_spawn")? {
            c.settings.pill_spawn = v
                .parse::<PillSpawn>()
                .map_err(|e| error(f, "pill_spawn", e.to_string()))?;
        }
        if let Some(v) = ini.number(f, "pill_density")? {
            c.settings.pill_density = v;
        }
        if let Some(v) = ini.number(f, "fruit_prob")? {
            c.settings.fruit_prob = v;
        }
        if let Some(v) = count(f, "fruit_score")? {
            c.settings.fruit_score = u32::try_from(v).unwrap_or(u32::MAX);
        }
        if let Some(v) = ini.number(f, "time_multiplier")? {
            c.settings.time_multiplier = v;
        }
        if let Some(v) = count(f, "num_ghosts")? {
            c.settings.ghosts = v;
        }
        if let Some(v) = text(f, "repair")? {
            c.repair = v
                .parse::<Pairing>()
                .map_err(|e| error(f, "repair", e.to_string()))?;
        }
        if let Some(v) = text(f, "agent_type")? {
            c.pacman = v
                .parse::<PacKind>()
                .map_err(|e| error(f, "agent_type", e.to_string()))?;
        }
        if let Some(v) = text(f, "ghost_type")? {
            c.ghosts = v
                .parse::<GhostKind>()
                .map_err(|e| error(f, "ghost_type", e.to_string()))?;
        }
        c.dead_ends = ini.boolean(f, "minimize_dead_ends")?.unwrap_or(false);
        let repairs_count = ini.boolean(f, "return_repair_count")?.unwrap_or(false);
        c.penalty = match (repairs_count, ini.number(f, "penalty_coefficient")?) {
            (_, Some(p)) => Some(p),
            (true, None) => Some(0.0),
            (false, None) => None,
        };
        if let Some(v) = count(ea, "mu")? {
            c.mu = v;
        }
        if let Some(v) = count(ea, "num_children")? {
            c.lambda = v;
        }
        if let Some(v) = ini.number(ea, "mutation_rate")? {
            c.mutation_rate = v;
        }
        let init = "initialization_kwargs";
        if let Some(class) = text(ea, "individual_class")? {
            c.genotype = match class.as_str() {
                "binaryGenotype" => GenotypeKind::Binary,
                "selfAdaptiveMutationGenotype" => GenotypeKind::SelfAdaptiveMutation {
                    min: ini.number(init, "min_mutation")?.unwrap_or(0.1),
                    max: ini.number(init, "max_mutation")?.unwrap_or(0.3),
                },
                "selfAdaptiveGenotype" => GenotypeKind::SelfAdaptivePenalty {
                    min: ini.number(init, "min_parameter")?.unwrap_or(0.0),
                    max: ini.number(init, "max_parameter")?.unwrap_or(1.0),
                },
                other => {
                    return Err(error(
                        ea,
                        "individual_class",
                        format!(
                            "'{other}' is not a map genotype (binaryGenotype, \
                             selfAdaptiveGenotype, selfAdaptiveMutationGenotype): \
                             gridlab evolves maps (assignment series 1), not controllers"
                        ),
                    ))
                }
            };
        }
        if let Some(length) = count(init, "length")? {
            if length != c.width * c.height {
                return Err(error(
                    init,
                    "length",
                    format!("{length} is not width × height = {}", c.width * c.height),
                ));
            }
        }
        let k = |section: &str| count(section, "k").map(|k| k.unwrap_or(5));
        if let Some(v) = text(ea, "parent_selection")? {
            c.parents = match v.as_str() {
                "k_tournament_with_replacement" => ParentSelection::Tournament {
                    k: k("parent_selection_kwargs")?,
                },
                "fitness_proportional_selection" => ParentSelection::FitnessProportional,
                "stochastic_universal_sampling" => ParentSelection::StochasticUniversal,
                "uniform_random_selection" => ParentSelection::Uniform,
                other => {
                    return Err(error(ea, "parent_selection", format!(
                        "unknown '{other}' (k_tournament_with_replacement, fitness_proportional_selection, stochastic_universal_sampling, uniform_random_selection)"
                    )))
                }
            };
        }
        if let Some(v) = text(ea, "survival_selection")? {
            c.survival = match v.as_str() {
                "truncation" => SurvivalSelection::Truncation,
                "k_tournament_without_replacement" => SurvivalSelection::Tournament {
                    k: k("survival_selection_kwargs")?,
                },
                "fitness_proportional_selection" => SurvivalSelection::FitnessProportional,
                other => {
                    return Err(error(ea, "survival_selection", format!(
                        "unknown '{other}' (truncation, k_tournament_without_replacement, fitness_proportional_selection)"
                    )))
                }
            };
        }
        if let Some(v) = text("recombination_kwargs", "method")? {
            c.recombination = match v.to_lowercase().as_str() {
                "1-point crossover" => Recombination::OnePoint,
                "uniform" => Recombination::Uniform,
                "multi-dimensional" => Recombination::MultiDimensional,
                other => {
                    return Err(error(
                        "recombination_kwargs",
                        "method",
                        format!(
                            "unknown '{other}' (1-point crossover, uniform, multi-dimensional)"
                        ),
                    ))
                }
            };
        }
        c.crowding = ini.boolean(ea, "crowding")?.unwrap_or(false);
        // Our extension: random search (1a) from a config, as `--random-search` does.
        c.random_search = ini.boolean(ea, "random_search")?.unwrap_or(false);
        c.check().map_err(|e| {
            let (section, key) = ini_key(e.field);
            error(section, key, e.message)
        })?;
        Ok(c)
    }

    /// Check every number against its limit (see the constants in this module and
    /// [`Settings::check`]); the error names the field.
    ///
    /// ```
    /// use gridlab::games::gpac::evolve::EvolveConfig;
    /// let big = EvolveConfig { mu: 1_000_000_000_000, ..EvolveConfig::default() };
    /// assert_eq!(big.check().unwrap_err().field, "mu");
    /// ```
    pub fn check(&self) -> Result<(), FieldError> {
        FieldError::check_count("width", self.width, 1, MAX_SIDE)?;
        FieldError::check_count("height", self.height, 1, MAX_SIDE)?;
        if self.width * self.height < 2 {
            return Err(FieldError::new("width", "a map needs at least two cells"));
        }
        FieldError::check_count("samples", self.samples, 1, MAX_SAMPLES)?;
        FieldError::check_count("mu", self.mu, 1, MAX_POPULATION)?;
        FieldError::check_count("lambda", self.lambda, 1, MAX_POPULATION)?;
        let cells = self.width * self.height * (self.mu + self.lambda);
        if cells > MAX_POPULATION_CELLS {
            return Err(FieldError::new(
                "mu",
                format!(
                    "(μ + λ) × width × height = {cells} cells, more than {MAX_POPULATION_CELLS}: \
                     use a smaller population or map"
                ),
            ));
        }
        FieldError::check_count("evaluations", self.evaluations, 1, MAX_EVALUATIONS)?;
        FieldError::check_number("mutation_rate", self.mutation_rate, 0.0, 1.0)?;
        if let Some(p) = self.penalty {
            FieldError::check_number("penalty", p, -MAX_COEFFICIENT, MAX_COEFFICIENT)?;
        }
        match self.genotype {
            GenotypeKind::Binary => {}
            GenotypeKind::SelfAdaptiveMutation { min, max } => {
                FieldError::check_number("min_mutation", min, 0.0, 1.0)?;
                FieldError::check_number("max_mutation", max, min, 1.0)?;
            }
            GenotypeKind::SelfAdaptivePenalty { min, max } => {
                FieldError::check_number("min_parameter", min, -MAX_COEFFICIENT, MAX_COEFFICIENT)?;
                FieldError::check_number("max_parameter", max, min, MAX_COEFFICIENT)?;
            }
        }
        if let ParentSelection::Tournament { k } = self.parents {
            FieldError::check_count("parent_k", k, 1, MAX_POPULATION)?;
        }
        if let SurvivalSelection::Tournament { k } = self.survival {
            FieldError::check_count("survival_k", k, 1, MAX_POPULATION)?;
        }
        self.settings.check_for(self.width * self.height)
    }
}

/// The most games an evaluation plays.
pub const MAX_SAMPLES: usize = 1_000;
/// The largest μ, and the largest λ.
pub const MAX_POPULATION: usize = 10_000;
/// The most map cells a generation holds, (μ + λ) × width × height (about 20 MB).
pub const MAX_POPULATION_CELLS: usize = 20_000_000;
/// The most evaluations in a run.
pub const MAX_EVALUATIONS: usize = 10_000_000;
/// The largest penalty coefficient, in absolute value.
pub const MAX_COEFFICIENT: f64 = 1e6;

/// Where a field of [`EvolveConfig::check`] sits in a course config.
fn ini_key(field: &str) -> (&'static str, &'static str) {
    match field {
        "width" => ("fitness_kwargs", "width"),
        "height" => ("fitness_kwargs", "height"),
        "samples" => ("fitness_kwargs", "samples"),
        "penalty" => ("fitness_kwargs", "penalty_coefficient"),
        "pill_density" => ("fitness_kwargs", "pill_density"),
        "fruit_prob" => ("fitness_kwargs", "fruit_prob"),
        "fruit_score" => ("fitness_kwargs", "fruit_score"),
        "time_multiplier" => ("fitness_kwargs", "time_multiplier"),
        "ghosts" => ("fitness_kwargs", "num_ghosts"),
        "mu" => ("EA_configs", "mu"),
        "lambda" => ("EA_configs", "num_children"),
        "mutation_rate" => ("EA_configs", "mutation_rate"),
        "evaluations" => ("EA_configs", "num_evaluations"),
        "min_mutation" => ("initialization_kwargs", "min_mutation"),
        "max_mutation" => ("initialization_kwargs", "max_mutation"),
        "min_parameter" => ("initialization_kwargs", "min_parameter"),
        "max_parameter" => ("initialization_kwargs", "max_parameter"),
        "parent_k" => ("parent_selection_kwargs", "k"),
        "survival_k" => ("survival_selection_kwargs", "k"),
        _ => ("fitness_kwargs", "?"),
    }
}
