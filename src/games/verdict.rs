//! What the editor shows about a level, the same shape for every game: a verdict
//! (a win in so many moves, no plan, a limit reached, who wins a pursuit), how many
//! optimal plans there are, a note, the cells to mark on the board and the game's
//! measured features. Each game's analysis converts to it; the page draws it.

use crate::error::FieldError;
use crate::games::tools::{Host, ToolOptions};
use crate::search::MIN_MAX_MEMORY;
use schemars::JsonSchema;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

/// The kind of a level's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The goal can be reached: `moves` is the proved optimum.
    Win,
    /// The goal cannot be reached (the note says why, if known).
    NoPlan,
    /// A limit stopped the analysis.
    LimitReached,
    /// Rogue: the monster catches the rogue in `moves`, whatever the rogue does.
    MonsterWins,
    /// Rogue: the rogue can stay free forever.
    RogueSafe,
    /// GPac: the mean score of seeded games (in `score`).
    Score,
}

/// Why a cell is marked on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    /// An item (a fish) that can never be taken.
    Unreachable,
    /// A cell the player can never come to rest on.
    Dead,
    /// A site from which the player is lost.
    Lost,
}

/// One marked cell (row-major index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CellMark {
    /// The cell's row-major index.
    pub cell: u32,
    /// Why it is marked.
    pub kind: MarkKind,
}

/// A level's verdict for the editor, with the game's features `F`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LevelVerdict<F: Serialize> {
    /// The verdict.
    pub verdict: Verdict,
    /// Optimal moves (a win) or moves to capture (a monster's win).
    pub moves: Option<u32>,
    /// Distinct optimal plans, at most `plan_cap`.
    pub plans: Option<u64>,
    /// The most plans counted ("at least" beyond).
    pub plan_cap: u64,
    /// One optimal plan, as the game writes moves.
    pub plan: Option<String>,
    /// A mean score (GPac).
    pub score: Option<f64>,
    /// Why, in words (no plan, a limit).
    pub note: Option<String>,
    /// Cells to mark on the board.
    pub marks: Vec<CellMark>,
    /// The game's measured features of the level.
    pub features: Option<F>,
}

impl<F: Serialize> LevelVerdict<F> {
    /// A proved win in `moves` with `plans` optimal plans (`None`: not counted) and one
    /// of them.
    pub fn win(moves: u32, plans: Option<u64>, plan: String, plan_cap: u64) -> Self {
        Self {
            moves: Some(moves),
            plans,
            plan: Some(plan),
            ..Self::new(Verdict::Win, plan_cap)
        }
    }

    /// The same verdict, with `note` saying why.
    pub fn noted(self, note: impl Into<String>) -> Self {
        Self {
            note: Some(note.into()),
            ..self
        }
    }

    /// A verdict with nothing else known yet.
    pub fn new(verdict: Verdict, plan_cap: u64) -> Self {
        Self {
            verdict,
            moves: None,
            plans: None,
            plan_cap,
            plan: None,
            score: None,
            note: None,
            marks: Vec::new(),
            features: None,
        }
    }
}

/// Most states an analysis may be given.
pub const MAX_ANALYSIS_STATES: usize = 20_000_000;

/// The memory budget of an analysis's tables by default (the editor's verdict in the
/// browser): 512 MiB.
pub const DEFAULT_ANALYSIS_MEMORY: usize = 512 << 20;

/// The largest memory budget the browser's verdicts accept: 1 GiB (a tab's wasm
/// memory is at most 4 GB, and a table that doubles holds its old half meanwhile).
pub const BROWSER_MAX_MEMORY: usize = 1 << 30;

/// Why an exact search stopped at its memory budget of `budget` bytes, holding
/// `states` states.
///
/// ```
/// use gridlab::games::verdict::memory_note;
/// assert_eq!(memory_note(5, 3 << 20), "memory limit of 3 MiB reached at 5 states");
/// ```
pub fn memory_note(states: usize, budget: usize) -> String {
    format!(
        "memory limit of {} MiB reached at {states} states",
        budget >> 20
    )
}

/// Limits of a game's exact analysis (Pengu's and Act-Man's `analyze`).
///
/// Each exact search stops with "limit reached" when it would store more than
/// `max_states` states (Pengu's A* and the plan count that follows it: ten times as
/// many), or when its tables would grow past `max_memory` bytes (the same budget as
/// the solvers': [`crate::search::Table`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AnalysisLimits {
    /// Most states of each exact search (1 to 20,000,000).
    #[serde(deserialize_with = "max_states")]
    pub max_states: usize,
    /// Most bytes the tables of each exact search may hold.
    #[serde(deserialize_with = "max_memory")]
    #[schemars(extend("x-mib" = true))]
    pub max_memory: usize,
    /// Most optimal plans counted ("at least" beyond).
    #[serde(deserialize_with = "plan_cap")]
    pub plan_cap: u64,
}

/// Read a count from any number, naming `field` when the value is not a whole number
/// from 0 to the type's most (a string, a negative or a fraction).
fn count<'de, D: Deserializer<'de>, T: TryFrom<u64>>(
    d: D,
    field: &'static str,
) -> Result<T, D::Error> {
    struct Whole(&'static str);
    impl Visitor<'_> for Whole {
        type Value = u64;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "{}: a whole number of at least 0", self.0)
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            u64::try_from(v).map_err(|_| E::custom(format!("{}: {v} is negative", self.0)))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
            if v >= 0.0 && v.fract() == 0.0 && v < u64::MAX as f64 {
                Ok(v as u64)
            } else {
                Err(E::custom(format!(
                    "{}: {v} is not a whole number of at least 0",
                    self.0
                )))
            }
        }
    }
    let v = d.deserialize_any(Whole(field))?;
    T::try_from(v).map_err(|_| de::Error::custom(format!("{field}: {v} is too large")))
}

fn max_states<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    count(d, "max_states")
}

fn max_memory<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    count(d, "max_memory")
}

fn plan_cap<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    count(d, "plan_cap")
}

impl AnalysisLimits {
    /// Check the limits against their ranges: 1 to [`MAX_ANALYSIS_STATES`] states, a
    /// memory budget of at least [`MIN_MAX_MEMORY`], at least one plan. The error names
    /// the field.
    ///
    /// ```
    /// use gridlab::games::verdict::AnalysisLimits;
    /// let bad = AnalysisLimits { plan_cap: 0, ..AnalysisLimits::default() };
    /// assert_eq!(bad.check().unwrap_err().field, "plan_cap");
    /// let bad = AnalysisLimits { max_states: 20_000_001, ..AnalysisLimits::default() };
    /// assert_eq!(bad.check().unwrap_err().field, "max_states");
    /// // From JSON (the page's options): a value that is no count names its field.
    /// let read = |json| serde_json::from_str::<AnalysisLimits>(json).unwrap_err().to_string();
    /// assert!(read(r#"{"maxStates": -1}"#).starts_with("max_states: -1 is negative"));
    /// assert!(read(r#"{"planCap": 1.5}"#).starts_with("plan_cap: 1.5 is not a whole number"));
    /// assert!(read(r#"{"maxMemory": "x"}"#).contains("expected max_memory: a whole number"));
    /// let ok: AnalysisLimits = serde_json::from_str(r#"{"maxStates": 5}"#).unwrap();
    /// assert_eq!((ok.max_states, ok.plan_cap), (5, 1_000));
    /// ```
    pub fn check(&self) -> Result<(), FieldError> {
        FieldError::check_count("max_states", self.max_states, 1, MAX_ANALYSIS_STATES)?;
        FieldError::check_count("max_memory", self.max_memory, MIN_MAX_MEMORY, usize::MAX)?;
        if self.plan_cap == 0 {
            return Err(FieldError::new("plan_cap", "must be at least 1"));
        }
        Ok(())
    }

    /// [`AnalysisLimits::check`], and a memory budget of at most
    /// [`BROWSER_MAX_MEMORY`]: the limits of the browser's verdicts.
    ///
    /// ```
    /// use gridlab::games::verdict::AnalysisLimits;
    /// assert!(AnalysisLimits::default().check_browser().is_ok());
    /// let big = AnalysisLimits { max_memory: 2 << 30, ..AnalysisLimits::default() };
    /// assert!(big.check().is_ok());
    /// assert_eq!(big.check_browser().unwrap_err().field, "max_memory");
    /// ```
    pub fn check_browser(&self) -> Result<(), FieldError> {
        self.check()?;
        FieldError::check_count(
            "max_memory",
            self.max_memory,
            MIN_MAX_MEMORY,
            BROWSER_MAX_MEMORY,
        )
    }
}

impl ToolOptions for AnalysisLimits {
    fn check(&self, host: Host) -> Result<(), FieldError> {
        match host {
            Host::Native => AnalysisLimits::check(self),
            Host::Browser => self.check_browser(),
        }
    }
}

/// The limits of the command line's `analyze` (an [`AnalysisLimits`] with larger
/// defaults: 20,000,000 states, 1 GiB, a million plans counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AnalyzeOptions {
    /// Most states of each exact search (1 to 20,000,000; Pengu's A* that proves the
    /// optimum and its plan count store ten times as many).
    #[serde(deserialize_with = "max_states")]
    pub max_states: usize,
    /// Most bytes the tables of each exact search may hold.
    #[serde(deserialize_with = "max_memory")]
    #[schemars(extend("x-mib" = true))]
    pub max_memory: usize,
    /// Most optimal plans counted (beyond: "at least").
    #[serde(deserialize_with = "plan_cap")]
    pub plan_cap: u64,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        Self {
            max_states: MAX_ANALYSIS_STATES,
            max_memory: crate::search::DEFAULT_MAX_MEMORY,
            plan_cap: 1_000_000,
        }
    }
}

impl From<AnalyzeOptions> for AnalysisLimits {
    fn from(o: AnalyzeOptions) -> Self {
        AnalysisLimits {
            max_states: o.max_states,
            max_memory: o.max_memory,
            plan_cap: o.plan_cap,
        }
    }
}

impl ToolOptions for AnalyzeOptions {
    fn check(&self, host: Host) -> Result<(), FieldError> {
        ToolOptions::check(&AnalysisLimits::from(*self), host)
    }
}

impl Default for AnalysisLimits {
    fn default() -> Self {
        Self {
            max_states: 2_000_000,
            max_memory: DEFAULT_ANALYSIS_MEMORY,
            plan_cap: 1_000,
        }
    }
}
