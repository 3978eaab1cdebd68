//! The one contract of a game's tools (beside the [`Session`](super::session::Session)
//! the page plays): a solver, an analysis, the editor's verdict, a generator, any new
//! tool. A tool is one [`Tool`] implementation in its game's folder, with a typed
//! options struct (its defaults, limits and documentation in one place) and a typed
//! [`Report`]; [`games`] lists every game's tools, and both front ends read that list:
//! the command line makes a subcommand of each tool (`gridlab pengu solve`, its flags
//! from the options' schema) and the page calls `run_tool(game, tool, text, options,
//! progress)`. Adding a tool to a game's list is all it takes to have it in both.

use crate::error::{FieldError, MoveError, ParseError};
use crate::search::{Record, Stats, Trace};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::sync::atomic::AtomicBool;

/// Where a tool runs: the browser holds memory budgets to a tab's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Host {
    /// The native command line.
    Native,
    /// The playground, in WebAssembly.
    Browser,
}

/// A tool's options: read from JSON-like data (the page's object, the command line's
/// flags), defaults for every field, a schema the front ends read, and limits.
pub trait ToolOptions: Serialize + DeserializeOwned + Default + JsonSchema {
    /// Check every field against its limit on `host`; the error names the field.
    fn check(&self, host: Host) -> Result<(), FieldError>;
}

/// What a tool reads: a level of its game, or nothing ([`NoLevel`], a generator).
pub trait ToolInput: Sized {
    /// Whether the tool reads a level text.
    const READS_LEVEL: bool = true;
    /// Parse the level text (the course format).
    fn read(text: &str) -> Result<Self, ParseError>;
    /// What the reader should be told besides errors (text after the grid read as
    /// notes, by line); the report's [`Report::notes`] and its `warnings` field carry
    /// them.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The input of a tool that reads no level.
pub struct NoLevel;

impl ToolInput for NoLevel {
    const READS_LEVEL: bool = false;
    fn read(_: &str) -> Result<Self, ParseError> {
        Ok(NoLevel)
    }
}

/// A callback that gets a tool's progress, whatever its type.
pub type ProgressSink<'a> = dyn FnMut(&dyn erased_serde::Serialize) + 'a;

/// What a tool is given besides its input and options: a flag that cancels it, and a
/// callback that gets its progress (a search's statistics, a generator's count).
#[derive(Default)]
pub struct Control<'a> {
    /// Set from elsewhere to stop the tool (it then returns what it has).
    pub cancel: Option<&'a AtomicBool>,
    /// Called now and then with the progress so far.
    pub progress: Option<&'a mut ProgressSink<'a>>,
}

impl Control<'_> {
    /// Report progress, if anyone listens.
    pub fn report<T: Serialize>(&mut self, value: &T) {
        if let Some(progress) = self.progress.as_mut() {
            progress(value);
        }
    }
}

/// A level a generator made, with its proof, as the command line writes it with
/// `--out` (`NAME.txt`, `.plan`, `.out`, `.json`).
#[derive(Clone, Debug, Serialize)]
pub struct LevelFiles {
    /// The file stem, e.g. `pengu-10x10-f6-s7`.
    pub name: String,
    /// The level in the course format.
    pub level: String,
    /// One optimal plan.
    pub plan: String,
    /// The course-format output of that plan.
    pub expected: String,
    /// The features, the seed and the options.
    pub json: serde_json::Value,
    /// One line about it for standard error.
    pub summary: String,
}

/// What a tool returns: serialized for the page and for `--json`, and read by the
/// command line for what it prints, its exit code and its files.
pub trait Report: erased_serde::Serialize {
    /// What the command line prints on standard output without `--json` (the course's
    /// output format); `None`: the JSON.
    fn text(&self) -> Option<String> {
        None
    }
    /// Lines for standard error (why there is no plan, a limit reached).
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }
    /// Whether the tool's goal was met (exit code 0; otherwise 1).
    fn met(&self) -> bool {
        true
    }
    /// A solver's shared report: its statistics for `--stats`, its trace and record
    /// for the page (as typed arrays).
    fn solve_report(&self) -> Option<&SolveReport> {
        None
    }
    /// A generated level's files.
    fn files(&self) -> Option<LevelFiles> {
        None
    }
}

erased_serde::serialize_trait_object!(Report);

/// A report with the warnings of reading its level: serialized as the report with a
/// `warnings` field beside its own, the warnings first among its notes.
#[derive(Serialize)]
struct Warned {
    #[serde(flatten)]
    report: Box<dyn Report>,
    warnings: Vec<String>,
}

impl Report for Warned {
    fn text(&self) -> Option<String> {
        self.report.text()
    }
    fn notes(&self) -> Vec<String> {
        let mut notes = self.warnings.clone();
        notes.extend(self.report.notes());
        notes
    }
    fn met(&self) -> bool {
        self.report.met()
    }
    fn solve_report(&self) -> Option<&SolveReport> {
        self.report.solve_report()
    }
    fn files(&self) -> Option<LevelFiles> {
        self.report.files()
    }
}

/// The editor's verdict is a report as it is (JSON).
impl<F: Serialize> Report for crate::games::verdict::LevelVerdict<F> {}

/// Why a tool gave no result.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    /// No game of that name.
    #[error("no game '{0}'")]
    UnknownGame(String),
    /// The game has no tool of that name.
    #[error("{game} has no tool '{tool}' (it has {known})")]
    UnknownTool {
        /// The game.
        game: &'static str,
        /// The name asked for.
        tool: String,
        /// The tools it has.
        known: String,
    },
    /// The level text does not parse.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// An option of the wrong type, or out of its range (`field` as the page spells
    /// it: `maxStates`, `goal.at_least`).
    #[error("bad options: {field}: {message}")]
    Options {
        /// The field.
        field: String,
        /// What is wrong with it.
        message: String,
    },
    /// An illegal move.
    #[error("illegal move {0}")]
    Move(#[from] MoveError),
    /// The tool ran but found nothing to return (no level within the budget, a level
    /// too large for an exact solution).
    #[error("{0}")]
    Failed(String),
}

impl From<FieldError> for ToolError {
    fn from(e: FieldError) -> Self {
        ToolError::Options {
            field: e.field.to_string(),
            message: e.message,
        }
    }
}

/// One tool of one game, typed.
pub trait Tool: Sync + 'static {
    /// Its name in the command line and the page (`solve`, `verdict`, ...).
    const NAME: &'static str;
    /// One line saying what it does (the command line's help).
    const SUMMARY: &'static str;
    /// What it reads: the game's level, or [`NoLevel`].
    type Input: ToolInput;
    /// Its options.
    type Options: ToolOptions;
    /// What it returns.
    type Output: Report + 'static;
    /// Run it.
    fn run(
        input: &Self::Input,
        options: &Self::Options,
        control: &mut Control<'_>,
    ) -> Result<Self::Output, ToolError>;
}

/// A [`Tool`] behind a uniform, untyped face: options from any deserializer, the
/// report boxed. The registry holds these.
pub trait AnyTool: Sync {
    /// The tool's name.
    fn name(&self) -> &'static str;
    /// One line saying what it does.
    fn summary(&self) -> &'static str;
    /// Whether it reads a level text.
    fn reads_level(&self) -> bool;
    /// The JSON schema of its options (field names, types, documentation, defaults).
    fn schema(&self) -> schemars::Schema;
    /// Its default options as JSON.
    fn defaults(&self) -> serde_json::Value;
    /// Its default options as JSON text, fields in the options struct's order.
    fn defaults_text(&self) -> String;
    /// Parse `text` (when it reads a level), read the options (missing fields take
    /// their defaults), check them for `host`, and run.
    fn run(
        &self,
        text: &str,
        options: &mut dyn erased_serde::Deserializer<'_>,
        host: Host,
        control: &mut Control<'_>,
    ) -> Result<Box<dyn Report>, ToolError>;
}

/// The untyped face of the tool `T` (`&Typed::<T>::NEW` in a game's list).
pub struct Typed<T>(std::marker::PhantomData<fn() -> T>);

impl<T> Typed<T> {
    /// The one value.
    pub const NEW: Self = Typed(std::marker::PhantomData);
}

/// Read options from a deserializer; a field of the wrong type names its path.
pub fn read_options<'de, O: DeserializeOwned, D: serde::Deserializer<'de>>(
    options: D,
) -> Result<O, ToolError> {
    serde_path_to_error::deserialize(options).map_err(|e| {
        let field = e.path().to_string();
        let mut message = e.inner().to_string();
        // A JavaScript error's text says "Error: " once a layer it passed through.
        while let Some(rest) = message.strip_prefix("Error: ") {
            message = rest.to_string();
        }
        ToolError::Options {
            message,
            field: if field == "." {
                "options".into()
            } else {
                field
            },
        }
    })
}

impl<T: Tool> AnyTool for Typed<T> {
    fn name(&self) -> &'static str {
        T::NAME
    }

    fn summary(&self) -> &'static str {
        T::SUMMARY
    }

    fn reads_level(&self) -> bool {
        T::Input::READS_LEVEL
    }

    fn schema(&self) -> schemars::Schema {
        schemars::schema_for!(T::Options)
    }

    fn defaults(&self) -> serde_json::Value {
        serde_json::to_value(T::Options::default()).unwrap_or_default()
    }

    fn defaults_text(&self) -> String {
        serde_json::to_string(&T::Options::default()).unwrap_or_default()
    }

    fn run(
        &self,
        text: &str,
        options: &mut dyn erased_serde::Deserializer<'_>,
        host: Host,
        control: &mut Control<'_>,
    ) -> Result<Box<dyn Report>, ToolError> {
        let input = T::Input::read(text)?;
        let options: T::Options = read_options(options)?;
        options.check(host)?;
        let report: Box<dyn Report> = Box::new(T::run(&input, &options, control)?);
        let warnings = input.warnings();
        Ok(if warnings.is_empty() {
            report
        } else {
            Box::new(Warned { report, warnings })
        })
    }
}

/// A game in the registry: its id, its editor palette and its tools.
pub struct GameTools {
    /// The id (`pengu`), as in the command line and the page's links.
    pub id: &'static str,
    /// The editor's palette: the course symbols, in order.
    pub palette: fn() -> String,
    /// Its tools.
    pub tools: &'static [&'static dyn AnyTool],
}

impl GameTools {
    /// The tool called `name`.
    pub fn tool(&self, name: &str) -> Result<&'static dyn AnyTool, ToolError> {
        self.tools
            .iter()
            .copied()
            .find(|t| t.name() == name)
            .ok_or_else(|| ToolError::UnknownTool {
                game: self.id,
                tool: crate::error::excerpt(name),
                known: self
                    .tools
                    .iter()
                    .map(|t| t.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Every game's tools: the registry the command line and the page read.
pub static GAMES: &[GameTools] = &[
    super::pengu::TOOLS,
    super::actman::TOOLS,
    super::rogue::TOOLS,
    super::gpac::TOOLS,
];

/// The game called `id`.
pub fn game(id: &str) -> Result<&'static GameTools, ToolError> {
    GAMES
        .iter()
        .find(|g| g.id == id)
        .ok_or_else(|| ToolError::UnknownGame(crate::error::excerpt(id)))
}

/// The registry as the page reads it: `{games: [{id, palette, tools: [{name, summary,
/// readsLevel, defaults, schema}]}]}`.
pub fn describe() -> serde_json::Value {
    let games: Vec<_> = GAMES
        .iter()
        .map(|g| {
            let tools: Vec<_> = g
                .tools
                .iter()
                .map(|t| {
                    serde_json::json!({
                        "name": t.name(),
                        "summary": t.summary(),
                        "readsLevel": t.reads_level(),
                        "defaults": t.defaults(),
                        "schema": t.schema(),
                    })
                })
                .collect();
            serde_json::json!({ "id": g.id, "palette": (g.palette)(), "tools": tools })
        })
        .collect();
    serde_json::json!({ "games": games })
}

/// The part of a solver's report every game shares: how the search ended, its
/// statistics, a note, the course output of the plan, and (for the page, as typed
/// arrays) its trace and record. A game's report flattens it beside its own fields.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SolveReport {
    /// The solver that ran.
    #[serde(skip)]
    pub solver: crate::search::Solver,
    /// How the solver ended.
    pub outcome: crate::search::Outcome,
    /// Search statistics (zero for the random solver).
    pub stats: Stats,
    /// An explanation (why there is no plan, which item cannot be taken).
    pub note: Option<String>,
    /// The course output of the plan (or the best partial plan).
    pub output: String,
    /// Whether the trace stopped at its limit.
    pub trace_truncated: bool,
    /// The expansion trace (sent as a typed array).
    #[serde(skip)]
    pub trace: Trace,
    /// The debugger's record (sent as typed arrays).
    #[serde(skip)]
    pub record: Record,
}

impl SolveReport {
    /// The note, and what the command line says of an outcome other than a plan
    /// found (`progress`: how far the printed plan gets, e.g. "3 fish").
    pub fn notes(&self, progress: &str) -> Vec<String> {
        let random = self.solver == crate::search::Solver::Random;
        use crate::search::Outcome;
        let mut notes: Vec<String> = self.note.iter().cloned().collect();
        let stopped = match self.outcome {
            Outcome::LimitReached => "limit reached",
            _ => "cancelled",
        };
        match self.outcome {
            Outcome::LimitReached | Outcome::Cancelled if self.stats.best_plan.is_some() => notes
                .push(format!(
                    "{stopped}: printed the best plan found ({progress})"
                )),
            Outcome::LimitReached if !random => notes.push(format!(
                "limit reached: printed the best partial plan ({progress})"
            )),
            Outcome::Cancelled => notes.push(format!(
                "cancelled: printed the best partial plan ({progress})"
            )),
            Outcome::NoPlan if self.note.is_none() => {
                notes.push("no plan: no sequence of moves meets the goal".into())
            }
            _ => {}
        }
        notes.extend(self.stats.bounds_line());
        notes
    }

    /// What the command line prints: the course output, unless there is no plan.
    pub fn text(&self) -> String {
        if self.outcome == crate::search::Outcome::NoPlan {
            String::new()
        } else {
            self.output.clone()
        }
    }
}
