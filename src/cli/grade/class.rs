//! A whole class: the submission folders of `--class DIR` (each with a one-line `run`
//! file), and grading past one machine: `--plan` writes a line per job (a submission
//! on a level, complete in itself), `--job LINE --out DIR` runs one and writes its
//! result file, `--merge DIR` checks the result files are one whole grading and builds
//! its table, gradebook and JSON ([`crate::cli::batch`], as Arena's tournaments).

use super::levels::{load, Origin};
use super::run::{grade_one, summary, Outcome, Settings};
use super::table::{Book, SubmissionResult, FORMAT};
use super::{parse_time_limit, MAX_MEMORY_MB, MIN_MEMORY_MB};
use crate::cli::batch::{self, ReadError};
use crate::cli::sandbox::reaper;
use crate::cli::{CliError, EXIT_OK};
use clap::Parser;
use gridlab::games::grade::Grading;
use gridlab::games::tools::{Host, ToolOptions};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Most submission folders in a class.
pub const MAX_SUBMISSIONS: usize = 2_000;
/// Largest `run` file, in bytes.
pub const MAX_RUN_FILE_BYTES: u64 = 4_096;
/// Most jobs (submissions × levels) in a grading, as `--merge` reads them.
pub const MAX_JOBS: usize = batch::MAX_FILES;

/// A program to grade.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Submission {
    /// Its name: its folder's name, or `solver`.
    pub name: String,
    /// Its command (`sh -c`).
    pub command: Option<String>,
    /// The folder it runs in (None: ours).
    pub cwd: Option<PathBuf>,
    /// Why it cannot be run (no `run` file, or a bad one): every level fails with it.
    pub problem: Option<String>,
}

impl Submission {
    /// The `--solver` of a one-solver grading, run in our folder.
    pub fn solver(command: &str) -> Submission {
        Submission {
            name: "solver".into(),
            command: Some(command.into()),
            cwd: None,
            problem: None,
        }
    }
}

/// The command in `run` file `path`: its one non-empty line; or why there is none.
fn run_command(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_RUN_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("no usable run file: {e}"))?;
    if bytes.len() as u64 > MAX_RUN_FILE_BYTES {
        return Err(format!("run file: longer than {MAX_RUN_FILE_BYTES} bytes"));
    }
    let text = String::from_utf8(bytes).map_err(|_| "run file: not UTF-8 text".to_string())?;
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    match lines.as_slice() {
        [line] if !line.chars().any(|c| c.is_control() && c != '\t') => Ok(line.to_string()),
        [_] => Err("run file: a control character in the command".into()),
        [] => Err("run file: empty".into()),
        _ => Err(format!(
            "run file: {} lines, it holds one command",
            lines.len()
        )),
    }
}

/// The submissions of class folder `dir`: its folders (hidden ones left out), by
/// name, each with the command of its `run` file (or the problem with it).
pub fn submissions(dir: &Path) -> Result<Vec<Submission>, CliError> {
    let unreadable = |source| CliError::Unreadable {
        name: format!("--class {}", dir.display()),
        source,
    };
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(unreadable)? {
        let entry = entry.map_err(unreadable)?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || !entry.path().is_dir() {
            continue;
        }
        if out.len() == MAX_SUBMISSIONS {
            return Err(CliError::Input(format!(
                "--class {}: more than {MAX_SUBMISSIONS} submission folders",
                dir.display()
            )));
        }
        let folder = dir.join(&name);
        let (command, problem) = match run_command(&folder.join("run")) {
            Ok(command) => (Some(command), None),
            Err(problem) => (None, Some(problem)),
        };
        out.push(Submission {
            name,
            command,
            cwd: Some(folder),
            problem,
        });
    }
    if out.is_empty() {
        return Err(CliError::Input(format!(
            "--class {}: no submission folders there",
            dir.display()
        )));
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// One job of a plan, as its line says (`--job LINE`).
#[derive(Parser, Debug)]
#[command(name = "--job", no_binary_name = true, disable_help_flag = true)]
struct JobLine {
    /// The game.
    #[arg(long)]
    game: String,
    /// The job's number (submission × levels + level).
    #[arg(long)]
    index: usize,
    /// Submissions in the grading.
    #[arg(long)]
    submissions: usize,
    /// Levels in the grading.
    #[arg(long)]
    levels: usize,
    /// A class (a gradebook) rather than one solver.
    #[arg(long)]
    class: bool,
    /// The submission's name.
    #[arg(long)]
    submission: String,
    /// The folder the submission runs in.
    #[arg(long)]
    cwd: Option<PathBuf>,
    /// Its command.
    #[arg(long, allow_hyphen_values = true)]
    solver: Option<String>,
    /// Why it cannot be run.
    #[arg(long, allow_hyphen_values = true)]
    problem: Option<String>,
    /// The level file.
    #[arg(
        long,
        conflicts_with = "generated",
        required_unless_present = "generated"
    )]
    level: Option<String>,
    /// The generated level's seed.
    #[arg(long)]
    generated: Option<u64>,
    /// The grading options, as JSON.
    #[arg(long)]
    options: String,
    /// Wall-clock seconds of a run.
    #[arg(long, value_parser = parse_time_limit)]
    time_limit: f64,
    /// Memory of a run, in MB.
    #[arg(long, value_parser = clap::value_parser!(u64).range(MIN_MEMORY_MB..=MAX_MEMORY_MB))]
    memory_limit: u64,
}

impl JobLine {
    fn parse(line: &str) -> Result<JobLine, CliError> {
        let words = shlex::split(line)
            .ok_or_else(|| CliError::Input("--job: unbalanced quotes in the line".into()))?;
        JobLine::try_parse_from(words).map_err(|e| {
            let text = e.to_string();
            let first = text
                .lines()
                .next()
                .unwrap_or("")
                .trim_start_matches("error: ");
            CliError::Input(format!("--job: {first}"))
        })
    }

    fn origin(&self) -> Origin {
        match (&self.level, self.generated) {
            (Some(path), _) => Origin::File(path.clone()),
            (None, seed) => Origin::Generated(seed.unwrap_or(0)),
        }
    }

    fn submission(&self) -> Submission {
        Submission {
            name: self.submission.clone(),
            command: self.solver.clone(),
            cwd: self.cwd.clone(),
            problem: self.problem.clone(),
        }
    }

    /// The settings and options of the line (checked); an error naming the field.
    fn settings<G: Grading>(&self) -> Result<(Settings, G::Options), CliError> {
        let options: G::Options = serde_json::from_str(&self.options)
            .map_err(|e| CliError::Input(format!("--job: --options: {e}")))?;
        ToolOptions::check(&options, Host::Native)?;
        let settings = Settings {
            options: serde_json::to_value(&options).unwrap_or_default(),
            time_limit: self.time_limit,
            memory_limit: self.memory_limit,
            class: self.class,
        };
        Ok((settings, options))
    }
}

/// A plan: a line per job, submission by submission, level by level.
pub fn plan_lines<G: Grading>(
    settings: &Settings,
    submissions: &[Submission],
    levels: &[super::levels::Source<G>],
) -> Vec<String> {
    let quote =
        |w: &str| shlex::try_quote(w).map_or_else(|_| w.replace('\0', ""), |q| q.into_owned());
    let mut lines = Vec::new();
    for (s, sub) in submissions.iter().enumerate() {
        for (l, level) in levels.iter().enumerate() {
            let mut words = vec![
                format!("--game {}", G::GAME),
                format!("--index {}", s * levels.len() + l),
                format!("--submissions {}", submissions.len()),
                format!("--levels {}", levels.len()),
            ];
            if settings.class {
                words.push("--class".into());
            }
            words.push(format!("--submission {}", quote(&sub.name)));
            if let Some(cwd) = &sub.cwd {
                words.push(format!("--cwd {}", quote(&cwd.to_string_lossy())));
            }
            if let Some(command) = &sub.command {
                words.push(format!("--solver {}", quote(command)));
            }
            if let Some(problem) = &sub.problem {
                words.push(format!("--problem {}", quote(problem)));
            }
            words.push(match &level.origin {
                Origin::File(path) => format!("--level {}", quote(path)),
                Origin::Generated(seed) => format!("--generated {seed}"),
            });
            words.push(format!(
                "--options {}",
                quote(&settings.options.to_string())
            ));
            words.push(format!("--time-limit {}", settings.time_limit));
            words.push(format!("--memory-limit {}", settings.memory_limit));
            lines.push(words.join(" "));
        }
    }
    lines
}

/// A job's result file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct JobRecord {
    /// The plan line.
    line: String,
    /// Its result.
    outcome: Outcome,
}

/// `--job LINE --out DIR`: run one job and write `DIR/job-NNNNNN.json`.
pub fn run_job<G: Grading>(line: &str, out: &Path) -> Result<u8, CliError> {
    let job = JobLine::parse(line)?;
    if job.game != G::GAME {
        return Err(CliError::Input(format!(
            "--job: a line of `gridlab {} grade`, not {}",
            job.game,
            G::GAME
        )));
    }
    let (settings, options) = job.settings::<G>()?;
    let source = load::<G>(&job.origin())?;
    let reference = G::reference(&source.level, &options, None);
    reaper::install();
    let submission = job.submission();
    let outcome = grade_one(&settings, &submission, &source, &reference);
    reaper::kill_all_below_us();
    eprintln!("{}", summary(&submission.name, &outcome, settings.class));
    let record = JobRecord {
        line: line.to_string(),
        outcome,
    };
    let text = serde_json::to_string(&record).unwrap_or_default() + "\n";
    batch::write_result(out, &format!("job-{:06}.json", job.index), &text).map_err(
        |(path, source)| CliError::Unwritable {
            action: "write",
            path,
            source,
        },
    )?;
    Ok(EXIT_OK)
}

/// Why a merge fails, as a command-line error.
impl From<ReadError> for CliError {
    fn from(e: ReadError) -> Self {
        CliError::Input(e.to_string())
    }
}

/// `--merge DIR`: the book of the result files in `dir`, checked to be one whole
/// grading (the same game, submissions, levels and settings; every job once). Errors
/// name the file and the job.
pub fn merge<G: Grading>(dir: &Path) -> Result<Book, CliError> {
    let mut first: Option<(usize, usize, Settings)> = None;
    let mut jobs: BTreeMap<usize, (JobLine, Outcome)> = BTreeMap::new();
    batch::read_each(dir, |path, text| {
        for record in serde_json::Deserializer::from_str(text).into_iter::<JobRecord>() {
            let at = |what: String| CliError::Input(format!("{}: {what}", path.display()));
            let record = record.map_err(|e| at(format!("not a grading result: {e}")))?;
            let job = JobLine::parse(&record.line).map_err(|e| at(e.to_string()))?;
            let at = |what: &str| at(format!("job {}: {what}", job.index));
            if job.game != G::GAME {
                return Err(at(&format!("a result of {} grading", job.game)));
            }
            let (settings, _) = job.settings::<G>().map_err(|e| at(&e.to_string()))?;
            let head = first.get_or_insert_with(|| (job.submissions, job.levels, settings.clone()));
            if (job.submissions, job.levels) != (head.0, head.1) || settings != head.2 {
                return Err(at(
                    "from another grading (its submissions, levels or settings differ)",
                ));
            }
            let of = job.submissions.saturating_mul(job.levels);
            if of > MAX_JOBS || job.index >= of {
                return Err(at(&format!("not a job of a grading of {of} jobs")));
            }
            if let Origin::File(name) = job.origin() {
                if name != record.outcome.level {
                    return Err(at(&format!(
                        "level: {}, but its line gives {name}",
                        record.outcome.level
                    )));
                }
            }
            if jobs.contains_key(&job.index) {
                return Err(at("two results for this job"));
            }
            jobs.insert(job.index, (job, record.outcome));
        }
        Ok(())
    })?;
    let Some((submissions, levels, settings)) = first else {
        return Err(CliError::Input(format!(
            "--merge {}: no grading results there",
            dir.display()
        )));
    };
    let of = submissions * levels;
    if jobs.len() < of {
        let missing: Vec<String> = (0..of)
            .filter(|j| !jobs.contains_key(j))
            .take(10)
            .map(|j| j.to_string())
            .collect();
        let more = if of - jobs.len() > 10 { " …" } else { "" };
        return Err(CliError::Input(format!(
            "--merge {}: {} of {of} jobs missing: {}{more}",
            dir.display(),
            of - jobs.len(),
            missing.join(", ")
        )));
    }
    book::<G>(dir, levels, settings, jobs.into_values().collect())
}

/// The book of whole, ordered jobs; a job whose submission or level differs from the
/// others' of the same index is refused.
fn book<G: Grading>(
    dir: &Path,
    levels: usize,
    settings: Settings,
    jobs: Vec<(JobLine, Outcome)>,
) -> Result<Book, CliError> {
    let mut names: Vec<(Origin, String)> = Vec::new();
    let mut submissions = Vec::new();
    let mut rows: Vec<(Submission, Vec<Outcome>)> = Vec::new();
    for (job, outcome) in jobs {
        let (s, l) = (job.index / levels, job.index % levels);
        let differs = |what: &str| {
            CliError::Input(format!(
                "--merge {}: job {}: its {what} differs from other jobs'",
                dir.display(),
                job.index
            ))
        };
        if s == 0 {
            names.push((job.origin(), outcome.level.clone()));
        } else if names[l] != (job.origin(), outcome.level.clone()) {
            return Err(differs("level"));
        }
        let submission = job.submission();
        if l == 0 {
            submissions.push(submission.clone());
            rows.push((submission, Vec::new()));
        } else if submissions[s] != submission {
            return Err(differs("submission"));
        }
        rows[s].1.push(outcome);
    }
    Ok(Book {
        format: FORMAT.into(),
        game: G::GAME.into(),
        settings,
        levels: names.into_iter().map(|(_, name)| name).collect(),
        submissions: rows
            .into_iter()
            .map(|(s, results)| SubmissionResult::new(&s, results))
            .collect(),
    })
}
