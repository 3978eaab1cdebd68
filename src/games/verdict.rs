//! What the editor shows about a level, the same shape for every game: a verdict
//! (a win in so many moves, no plan, a limit reached, who wins a pursuit), how many
//! optimal plans there are, a note, the cells to mark on the board and the game's
//! measured features. Each game's analysis converts to it; the page draws it.

use crate::error::FieldError;
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

/// Most states an analysis may be given (about 1 GB of tables).
pub const MAX_ANALYSIS_STATES: usize = 20_000_000;

/// Limits of a game's exact analysis (Pengu's and Act-Man's `analyze`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AnalysisLimits {
    /// Most states of each exact search.
    pub max_states: usize,
    /// Most optimal plans counted ("at least" beyond).
    pub plan_cap: u64,
}

impl AnalysisLimits {
    /// Check the limits against their ranges; the error names the field.
    ///
    /// ```
    /// use gridlab::games::verdict::AnalysisLimits;
    /// let bad = AnalysisLimits { plan_cap: 0, ..AnalysisLimits::default() };
    /// assert_eq!(bad.check().unwrap_err().field, "plan_cap");
    /// ```
    pub fn check(&self) -> Result<(), FieldError> {
        if self.max_states == 0 || self.max_states > MAX_ANALYSIS_STATES {
            return Err(FieldError::new(
                "max_states",
                format!("{}: must be 1 to {MAX_ANALYSIS_STATES}", self.max_states),
            ));
        }
        if self.plan_cap == 0 {
            return Err(FieldError::new("plan_cap", "must be at least 1"));
        }
        Ok(())
    }
}

impl Default for AnalysisLimits {
    fn default() -> Self {
        Self {
            max_states: 2_000_000,
            plan_cap: 1_000,
        }
    }
}
