//! Pengu's tools (the [`Tool`] contract): `solve`, `analyze`, `verdict` and
//! `generate`, for the command line and the page alike.

use super::analysis::{analyze, Features, PlanCount};
use super::generate::{generate, GenerateError, GenerateOptions};
use super::grade::PenguGrading;
use super::level::{Level, Tile};
use super::rules::{replay, Status};
use super::solver::{cells_slid, outcome_game, solve, visit_problem, SolveOptions};
use crate::error::{FieldError, ParseError};
use crate::games::grade::Judge;
use crate::games::state_space::{searched, StateSpaceReport, StateSpaceVisitor};
use crate::games::tools::{
    Control, GameTools, Host, LevelFiles, NoLevel, Report, SolveReport, Tool, ToolError, ToolInput,
    ToolOptions, Typed,
};
use crate::games::verdict::{AnalysisLimits, AnalyzeOptions, LevelVerdict};
use crate::search::Outcome;
use serde::Serialize;

/// Pengu in the registry.
pub const TOOLS: GameTools = GameTools {
    id: "pengu",
    palette,
    tools: &[
        &Typed::<Solve>::NEW,
        &Typed::<Analyze>::NEW,
        &Typed::<Verdict>::NEW,
        &Typed::<Generate>::NEW,
        &Typed::<Judge<PenguGrading>>::NEW,
        &Typed::<StateSpaceTool>::NEW,
    ],
};

/// The course symbols of the editor palette (`P` last).
fn palette() -> String {
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

impl ToolInput for Level {
    fn read(text: &str) -> Result<Self, ParseError> {
        Level::parse(text)
    }
    fn warnings(&self) -> Vec<String> {
        Level::warnings(self)
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
    /// Whether the plan meets the goal.
    pub goal_met: bool,
    /// The plan (numpad digits).
    pub moves: String,
    /// The cells the plan slides (its cost when `cost` is `cells`).
    pub cells: u64,
    /// Fish eaten.
    pub score: usize,
    /// How the game stands after the plan.
    pub status: Status,
}

impl Report for Solved {
    fn text(&self) -> Option<String> {
        Some(self.search.text())
    }
    fn notes(&self) -> Vec<String> {
        self.search.notes(&format!("{} fish", self.score))
    }
    fn met(&self) -> bool {
        self.goal_met
    }
    fn solve_report(&self) -> Option<&SolveReport> {
        Some(&self.search)
    }
}

impl Tool for Solve {
    const NAME: &'static str = "solve";
    const SUMMARY: &'static str =
        "Solve a field and print the course output (moves, score, final field).";
    type Input = Level;
    type Options = SolveOptions;
    type Output = Solved;

    fn run(
        level: &Level,
        options: &SolveOptions,
        control: &mut Control<'_>,
    ) -> Result<Solved, ToolError> {
        let cancel = control.cancel;
        let mut progress = |stats: &crate::search::Stats| control.report(stats);
        let solution = solve(level, options, cancel, Some(&mut progress));
        let game = outcome_game(level, &solution);
        Ok(Solved {
            goal_met: solution.outcome == Outcome::Found && options.goal.is_met(&game),
            cells: cells_slid(level, &solution.moves).expect("solver plans are legal"),
            moves: solution.moves,
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

/// `analyze`: the exact plan count, the uneatable fish and the features.
pub struct Analyze;

/// What `analyze` returns.
#[derive(Serialize)]
pub struct Analyzed {
    /// The plan count.
    pub count: PlanCount,
    /// The uneatable fish, as `LINE:COLUMN` of the level file.
    pub uneatable_fish: Vec<String>,
    /// How many cells Pengu never rests on.
    pub never_rests: usize,
    /// The features, when a plan was found.
    pub features: Option<Features>,
}

impl Report for Analyzed {
    fn notes(&self) -> Vec<String> {
        match &self.count {
            PlanCount::LimitReached { note } => vec![format!("limit reached: {note}")],
            _ => Vec::new(),
        }
    }
    fn met(&self) -> bool {
        matches!(
            self.count,
            PlanCount::Found { .. } | PlanCount::Optimal { .. }
        )
    }
}

impl Tool for Analyze {
    const NAME: &'static str = "analyze";
    const SUMMARY: &'static str = "Prove a field's difficulty: optimal moves, how many optimal \
                                   plans, uneatable fish, features (JSON).";
    type Input = Level;
    type Options = AnalyzeOptions;
    type Output = Analyzed;

    fn run(
        level: &Level,
        options: &AnalyzeOptions,
        control: &mut Control<'_>,
    ) -> Result<Analyzed, ToolError> {
        let analysis = analyze(level, (*options).into(), control.cancel);
        let place = |i: &u32| {
            let p = level.tiles.pos_of(*i as usize);
            format!("{}:{}", p.row + 2, p.col + 1)
        };
        Ok(Analyzed {
            uneatable_fish: analysis.uneatable.iter().map(place).collect(),
            never_rests: analysis.never_rests.len(),
            features: analysis.features,
            count: analysis.count,
        })
    }
}

/// `verdict`: the editor's common verdict on a field.
pub struct Verdict;

/// The common verdict with Pengu's features.
pub type PenguVerdict = LevelVerdict<Features>;

impl Tool for Verdict {
    const NAME: &'static str = "verdict";
    const SUMMARY: &'static str = "The editor's verdict on a field: a win in so many moves, \
                                   how many optimal plans, the marks and features (JSON).";
    type Input = Level;
    type Options = AnalysisLimits;
    type Output = PenguVerdict;

    fn run(
        level: &Level,
        limits: &AnalysisLimits,
        control: &mut Control<'_>,
    ) -> Result<PenguVerdict, ToolError> {
        Ok(analyze(level, *limits, control.cancel).verdict(level, limits.plan_cap))
    }
}

/// `generate`: a field with a proved optimal length.
pub struct Generate;

/// What `generate` returns.
#[derive(Serialize)]
pub struct GeneratedLevel {
    /// The field in the course format.
    pub level: String,
    /// One optimal plan.
    pub plan: String,
    /// Its measured features.
    pub features: Features,
    /// Candidates scored to find it.
    pub candidates: u64,
    /// The seed.
    pub seed: u64,
    /// Whether it meets every requirement (false: the best level so far, when
    /// stopped by the time limit or a cancel).
    pub met: bool,
    /// The moves asked.
    #[serde(skip)]
    pub asked: u32,
    /// The files the command line writes.
    #[serde(skip)]
    pub files: LevelFiles,
}

impl Report for GeneratedLevel {
    fn text(&self) -> Option<String> {
        Some(format!("{}\n", self.level))
    }
    fn notes(&self) -> Vec<String> {
        crate::games::anneal::stopped_note(
            self.met,
            self.features.optimal_moves,
            self.asked,
            "moves",
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
    const SUMMARY: &'static str =
        "Generate fields with a proved optimal length (and, if asked, a unique plan).";
    type Input = NoLevel;
    type Options = GenerateOptions;
    type Output = GeneratedLevel;

    fn run(
        _: &NoLevel,
        options: &GenerateOptions,
        control: &mut Control<'_>,
    ) -> Result<GeneratedLevel, ToolError> {
        let cancel = control.cancel;
        let mut progress = |p| control.report(&p);
        let generated = generate(options, cancel, Some(&mut progress)).map_err(|e| match e {
            GenerateError::Options(e) => ToolError::from(e),
            e => ToolError::Failed(e.to_string()),
        })?;
        let game = replay(&generated.level, &generated.plan)?;
        let f = &generated.features;
        let level = generated.level.to_text();
        let files = LevelFiles {
            name: format!(
                "pengu-{}x{}-f{}-s{}",
                options.rows, options.cols, options.fish, options.seed
            ),
            level: level.clone(),
            plan: generated.plan.clone(),
            expected: game.output(),
            json: serde_json::json!({
                "game": "pengu",
                "seed": options.seed,
                "options": options,
                "plan": generated.plan,
                "features": f,
                "candidates": generated.candidates,
            }),
            summary: format!(
                "{} moves, {}, {} candidates",
                f.optimal_moves,
                if f.unique {
                    "unique".to_string()
                } else {
                    format!("{} optimal plans", f.optimal_plans)
                },
                generated.candidates,
            ),
        };
        Ok(GeneratedLevel {
            level,
            plan: generated.plan,
            features: generated.features,
            candidates: generated.candidates,
            seed: options.seed,
            met: generated.met,
            asked: options.min_moves,
            files,
        })
    }
}

/// `state-space`: a small field's whole state graph and a search drawn on it.
pub struct StateSpaceTool;

impl Tool for StateSpaceTool {
    const NAME: &'static str = "state-space";
    const SUMMARY: &'static str = "A small field's whole state graph (up to 2,000 states): \
                                   depth, cost, exact cost to go, the optimal moves, and a \
                                   search's record on it (JSON).";
    type Input = Level;
    type Options = SolveOptions;
    type Output = StateSpaceReport;

    fn run(
        level: &Level,
        options: &SolveOptions,
        control: &mut Control<'_>,
    ) -> Result<StateSpaceReport, ToolError> {
        let visitor = StateSpaceVisitor {
            algorithm: searched(options.solver)?,
            budget: options.budget(),
            cancel: control.cancel,
        };
        let space =
            visit_problem(level, options, visitor).map_err(|e| ToolError::Failed(e.note))??;
        let game = replay(level, &space.plan)?;
        let note = space.note.clone();
        Ok(StateSpaceReport::new(
            space,
            options.solver,
            note,
            game.output(),
        ))
    }
}
