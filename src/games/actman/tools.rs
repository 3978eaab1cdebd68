//! Act-Man II's tools (the [`Tool`] contract): `solve`, `analyze`, `verdict` and
//! `generate`, for the command line and the page alike.

use super::analysis::{analyze, Analysis, Features, PlanCount};
use super::game::{Game, Status};
use super::generate::{generate, GenerateError, GenerateOptions};
use super::grade::ActmanGrading;
use super::level::Dungeon;
use super::solver::{search_note, solve, visit_problem, SolveOptions};
use crate::error::{FieldError, ParseError};
use crate::games::grade::Judge;
use crate::games::state_space::{searched, StateSpaceReport, StateSpaceVisitor};
use crate::games::tools::{
    Control, GameTools, Host, LevelFiles, NoLevel, Report, SolveReport, Tool, ToolError, ToolInput,
    ToolOptions, Typed,
};
use crate::games::verdict::{AnalysisLimits, LevelVerdict};
use crate::search::{Outcome, DEFAULT_MAX_MEMORY};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Act-Man II in the registry.
pub const TOOLS: GameTools = GameTools {
    id: "actman",
    palette,
    tools: &[
        &Typed::<Solve>::NEW,
        &Typed::<Analyze>::NEW,
        &Typed::<Verdict>::NEW,
        &Typed::<Generate>::NEW,
        &Typed::<Judge<ActmanGrading>>::NEW,
        &Typed::<StateSpaceTool>::NEW,
    ],
};

/// The course symbols of the editor palette: wall, space, ogre, demon, corpse, Act-Man.
fn palette() -> String {
    "# GD@A".to_string()
}

// Same shape as Pengu's tools (`duplicates` pairs them): a `Tool` impl per game is the
// contract itself; the shared work is in `games::tools` and each body is the game's.
impl ToolInput for Dungeon {
    fn read(text: &str) -> Result<Self, ParseError> {
        Dungeon::parse(text)
    }
    fn warnings(&self) -> Vec<String> {
        Dungeon::warnings(self)
    }
}

impl ToolOptions for SolveOptions {
    fn check(&self, _: Host) -> Result<(), FieldError> {
        SolveOptions::check(self)
    }
}

impl ToolOptions for GenerateOptions {
    fn check(&self, _: Host) -> Result<(), FieldError> {
        GenerateOptions::check(self)
    }
}

/// `solve`: a solver's plan, replayed.
pub struct Solve;

/// What `solve` returns.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Solved {
    /// What every solver reports.
    #[serde(flatten)]
    pub search: SolveReport,
    /// Whether the plan wins.
    pub victory: bool,
    /// The plan (numpad digits to move, N S E W to fire): a victory, or the
    /// best-scoring surviving plan.
    pub actions: String,
    /// The score after the plan.
    pub score: i32,
    /// How the game stands after the plan.
    pub status: Status,
}

impl Report for Solved {
    /// The course output of the plan, always: without a victory it is the
    /// best-scoring surviving plan's (the note says so).
    fn text(&self) -> Option<String> {
        Some(self.search.output.clone())
    }
    fn notes(&self) -> Vec<String> {
        self.search.note.iter().cloned().collect()
    }
    fn met(&self) -> bool {
        self.victory && self.search.outcome == Outcome::Found
    }
    fn solve_report(&self) -> Option<&SolveReport> {
        Some(&self.search)
    }
}

impl Tool for Solve {
    const NAME: &'static str = "solve";
    const SUMMARY: &'static str =
        "Solve a dungeon and print the course output (actions, score, final grid).";
    type Input = Dungeon;
    type Options = SolveOptions;
    type Output = Solved;

    fn run(
        dungeon: &Dungeon,
        options: &SolveOptions,
        control: &mut Control<'_>,
    ) -> Result<Solved, ToolError> {
        let cancel = control.cancel;
        let mut progress = |stats: &crate::search::Stats| control.report(stats);
        let solution = solve(dungeon, options, cancel, Some(&mut progress));
        let game = Game::replay(dungeon, &solution.actions)?;
        Ok(Solved {
            victory: game.status() == Status::Victory,
            actions: solution.actions,
            score: game.score(),
            status: game.status(),
            search: SolveReport {
                solver: options.solver,
                outcome: solution.outcome,
                stats: solution.stats,
                note: solution.note,
                output: game.output(),
                trace_truncated: solution.trace.truncated,
                trace: solution.trace,
                record: solution.record,
            },
        })
    }
}

/// The limits of the command line's `analyze`: an [`AnalysisLimits`] with larger
/// defaults than the editor's verdict (5,000,000 states, 1 GiB, a million plans
/// counted). Act-Man's analysis runs three exact counts (the game, and the games
/// without the bullet and without a lure), so its states default lower than
/// [`crate::games::verdict::AnalyzeOptions`]'.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AnalyzeOptions {
    /// Most states of each exact search (1 to 20,000,000).
    pub max_states: usize,
    /// Most memory the tables of each exact search may take; the analysis then stops
    /// with "limit reached".
    #[schemars(extend("x-mib" = true))]
    pub max_memory: usize,
    /// Most optimal plans counted (beyond: "at least").
    pub plan_cap: u64,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        Self {
            max_states: 5_000_000,
            max_memory: DEFAULT_MAX_MEMORY,
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
    /// The ranges of [`AnalysisLimits`]: 1 to
    /// [`MAX_ANALYSIS_STATES`](crate::games::verdict::MAX_ANALYSIS_STATES) states, at
    /// least 1 MiB (at most 1 GiB in the browser), at least one plan.
    fn check(&self, host: Host) -> Result<(), FieldError> {
        ToolOptions::check(&AnalysisLimits::from(*self), host)
    }
}

/// `analyze`: the fewest turns, how many optimal plans, whether victory needs the
/// bullet or a lure, the features.
pub struct Analyze;

impl Report for Analysis {
    fn notes(&self) -> Vec<String> {
        match &self.count {
            PlanCount::LimitReached { note } => vec![format!("limit reached: {note}")],
            _ => Vec::new(),
        }
    }
    fn met(&self) -> bool {
        matches!(self.count, PlanCount::Found { .. })
    }
}

impl Tool for Analyze {
    const NAME: &'static str = "analyze";
    const SUMMARY: &'static str = "Prove a dungeon's difficulty: fewest turns, how many optimal \
                                   plans, whether victory needs the bullet or a lure, features \
                                   (JSON).";
    type Input = Dungeon;
    type Options = AnalyzeOptions;
    type Output = Analysis;

    fn run(
        dungeon: &Dungeon,
        options: &AnalyzeOptions,
        control: &mut Control<'_>,
    ) -> Result<Analysis, ToolError> {
        Ok(analyze(dungeon, (*options).into(), control.cancel))
    }
}

/// `verdict`: the editor's common verdict on a dungeon.
pub struct Verdict;

/// The common verdict with Act-Man's features.
pub type ActmanVerdict = LevelVerdict<Features>;

impl Tool for Verdict {
    const NAME: &'static str = "verdict";
    const SUMMARY: &'static str = "The editor's verdict on a dungeon: a victory in so many \
                                   turns, how many optimal plans, the needs and features \
                                   (JSON).";
    type Input = Dungeon;
    type Options = AnalysisLimits;
    type Output = ActmanVerdict;

    fn run(
        dungeon: &Dungeon,
        limits: &AnalysisLimits,
        control: &mut Control<'_>,
    ) -> Result<ActmanVerdict, ToolError> {
        Ok(analyze(dungeon, *limits, control.cancel).verdict(limits.plan_cap))
    }
}

/// `generate`: a dungeon with a proved optimal length (and, if asked, a unique plan,
/// no victory without the bullet, no victory without a lure).
pub struct Generate;

/// What `generate` returns.
#[derive(Serialize)]
pub struct GeneratedDungeon {
    /// The dungeon in the course format.
    pub level: String,
    /// One optimal plan.
    pub plan: String,
    /// Its measured features.
    pub features: Features,
    /// Candidates scored to find it.
    pub candidates: u64,
    /// The seed.
    pub seed: u64,
    /// Whether it meets every requirement (false: the best dungeon so far, when
    /// stopped by the time limit or a cancel).
    pub met: bool,
    /// The turns asked.
    #[serde(skip)]
    pub asked: u32,
    /// The files the command line writes.
    #[serde(skip)]
    pub files: LevelFiles,
}

impl Report for GeneratedDungeon {
    fn text(&self) -> Option<String> {
        Some(format!("{}\n", self.level))
    }
    fn notes(&self) -> Vec<String> {
        crate::games::anneal::stopped_note(
            self.met,
            self.features.optimal_turns,
            self.asked,
            "turns",
        )
    }
    fn met(&self) -> bool {
        self.met
    }
    fn files(&self) -> Option<LevelFiles> {
        Some(self.files.clone())
    }
}

impl Tool for Generate {
    const NAME: &'static str = "generate";
    const SUMMARY: &'static str = "Generate dungeons with a proved optimal length (and, if \
                                   asked, a unique plan, no victory without the bullet, no \
                                   victory without a lure).";
    type Input = NoLevel;
    type Options = GenerateOptions;
    type Output = GeneratedDungeon;

    fn run(
        _: &NoLevel,
        options: &GenerateOptions,
        control: &mut Control<'_>,
    ) -> Result<GeneratedDungeon, ToolError> {
        let cancel = control.cancel;
        let mut progress = |p| control.report(&p);
        let generated = generate(options, cancel, Some(&mut progress)).map_err(|e| match e {
            GenerateError::Options(e) => ToolError::from(e),
            e => ToolError::Failed(e.to_string()),
        })?;
        let game = Game::replay(&generated.dungeon, &generated.plan)?;
        let f = &generated.features;
        let needs: String = [
            (f.needs_bullet, ", needs the bullet"),
            (f.needs_lure, ", needs a lure"),
        ]
        .into_iter()
        .filter_map(|(yes, what)| yes.then_some(what))
        .collect();
        let files = LevelFiles {
            name: format!(
                "actman-{}x{}-m{}-s{}",
                options.rows, options.cols, options.monsters, options.seed
            ),
            level: generated.text.clone(),
            plan: generated.plan.clone(),
            expected: format!("{}{}\n", game.output(), game.verdict(None)),
            json: serde_json::json!({
                "game": "actman",
                "seed": options.seed,
                "options": options,
                "plan": generated.plan,
                "features": f,
                "candidates": generated.candidates,
            }),
            summary: format!(
                "{} turns, {}{needs}, {} candidates",
                f.optimal_turns,
                if f.unique {
                    "unique".to_string()
                } else {
                    format!("{} optimal plans", f.optimal_plans)
                },
                generated.candidates,
            ),
        };
        Ok(GeneratedDungeon {
            level: generated.text,
            plan: generated.plan,
            features: generated.features,
            candidates: generated.candidates,
            seed: options.seed,
            met: generated.met,
            asked: options.min_turns,
            files,
        })
    }
}

/// `state-space`: a small dungeon's whole state graph and a search drawn on it.
pub struct StateSpaceTool;

impl Tool for StateSpaceTool {
    const NAME: &'static str = "state-space";
    const SUMMARY: &'static str = "A small dungeon's whole state graph (up to 2,000 states): \
                                   depth, cost, exact cost to go, the optimal moves, and a \
                                   search's record on it (JSON).";
    type Input = Dungeon;
    type Options = SolveOptions;
    type Output = StateSpaceReport;

    fn run(
        dungeon: &Dungeon,
        options: &SolveOptions,
        control: &mut Control<'_>,
    ) -> Result<StateSpaceReport, ToolError> {
        let algorithm = searched(options.solver)?;
        let visitor = StateSpaceVisitor {
            algorithm,
            budget: options.budget(),
            cancel: control.cancel,
        };
        let space = visit_problem(dungeon, options, visitor).map_err(ToolError::Failed)??;
        let game = Game::replay(dungeon, &space.plan)?;
        let note = search_note(space.outcome, space.note.clone(), options.max_turns);
        Ok(StateSpaceReport::new(
            space,
            options.solver,
            note,
            game.output(),
        ))
    }
}
