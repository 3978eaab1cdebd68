//! Grading one submission on one level (run the program in the sandbox, grade its
//! output, and judge the run itself: time, memory, signals, exit code), and a whole
//! grading on this machine: every level's reference proved once, then every
//! submission run on every level, `--parallel` at a time ([`crate::cli::batch`]).

use super::class::Submission;
use super::levels::Source;
use super::table::{Book, SubmissionResult, FORMAT};
use crate::cli::batch;
use crate::cli::sandbox::run::{run_once, signal_name, OneShot, RunRecord, MAX_OUTPUT_BYTES};
use crate::cli::sandbox::{reaper, Limits};
use crate::cli::CliError;
use gridlab::games::grade::{Expect, Grading};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// How every run of a grading is made and judged (the same for every job of a plan).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// The game's grading options (the algorithm, goal or turn limit, proof budget).
    pub options: serde_json::Value,
    /// Wall-clock seconds a run may take.
    pub time_limit: f64,
    /// Address space of a run, in MB.
    pub memory_limit: u64,
    /// Whether a class is graded (a gradebook) or one solver (a table).
    pub class: bool,
}

impl Settings {
    /// The limits of a run: the memory, and CPU seconds one above the time limit.
    pub fn limits(&self) -> Limits {
        Limits {
            cpu_secs: self.time_limit.ceil() as u64 + 1,
            memory_bytes: self.memory_limit.saturating_mul(1 << 20),
        }
    }
}

/// The result of one submission on one level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    /// The level's name.
    pub level: String,
    /// Whether it passed: the run kept its limits and exited 0, and its output passed.
    pub pass: bool,
    /// One line: what failed first, or the passing verdict ("optimal: 25 moves").
    pub message: String,
    /// The plan's length (moves or turns), when the output gave one.
    pub moves: Option<usize>,
    /// The proved optimum by the assignment's measure, when there is one.
    pub optimal: Option<i64>,
    /// What the optimum measures (`moves`, `turns`, `score`).
    pub measure: Option<String>,
    /// How the program ran (none when it could not be run).
    pub run: Option<RunRecord>,
    /// The output's verdict in detail (`gridlab::games::grade::Graded`).
    pub graded: Option<serde_json::Value>,
}

/// What is wrong with a run itself (a time limit, a signal, a non-zero exit code),
/// named with the last line of its standard error; None when it ended well.
pub fn run_problem(run: &RunRecord, settings: &Settings) -> Option<String> {
    if run.timed_out {
        return Some(format!(
            "time limit: still running after {} s (killed)",
            settings.time_limit
        ));
    }
    if run.output_cut {
        return Some(format!(
            "output longer than {} MiB (cut)",
            MAX_OUTPUT_BYTES >> 20
        ));
    }
    let last = run.stderr_tail.last();
    let said = last.map(|l| format!(": {l}")).unwrap_or_default();
    let memory = last.is_some_and(|l| {
        [
            "MemoryError",
            "bad_alloc",
            "out of memory",
            "Cannot allocate",
            "OutOfMemory",
        ]
        .iter()
        .any(|m| l.contains(m))
    });
    let cpu_limit = settings.limits().cpu_secs;
    let crashed = match (run.exit_code, run.signal) {
        (Some(0), _) => return None,
        (_, Some(libc::SIGXCPU)) => {
            return Some(format!("CPU time limit of {cpu_limit} s reached (killed)"))
        }
        (_, Some(libc::SIGKILL)) if run.cpu_ms >= cpu_limit as f64 * 1000.0 => {
            return Some(format!("CPU time limit of {cpu_limit} s reached (killed)"))
        }
        (_, Some(signal)) => format!("killed by {}", signal_name(signal)),
        // A shell reports its child's death by signal N as 128 + N.
        (Some(code), None) if code > 128 && !signal_name(code - 128).starts_with("signal") => {
            format!("exit code {code} ({})", signal_name(code - 128))
        }
        (Some(code), None) => format!("exit code {code}"),
        (None, None) => "ended abnormally".to_string(),
    };
    if memory {
        return Some(format!(
            "memory limit of {} MB: crashed, {crashed}{said}",
            settings.memory_limit
        ));
    }
    Some(format!("crashed: {crashed}{said}"))
}

/// Run `submission` on `source` and grade it against `reference`.
pub fn grade_one<G: Grading>(
    settings: &Settings,
    submission: &Submission,
    source: &Source<G>,
    reference: &G::Reference,
) -> Outcome {
    let mut outcome = Outcome {
        level: source.name.clone(),
        pass: false,
        message: String::new(),
        moves: None,
        optimal: None,
        measure: None,
        run: None,
        graded: None,
    };
    let command = match (&submission.command, &submission.problem) {
        (Some(command), None) => command,
        (_, problem) => {
            outcome.message = problem.clone().unwrap_or_else(|| "no command".into());
            return outcome;
        }
    };
    let job = OneShot {
        command,
        input_name: &source.name,
        input: &source.text,
        cwd: submission.cwd.as_deref(),
        limits: settings.limits(),
        time_limit: Duration::from_secs_f64(settings.time_limit),
    };
    let ran = match run_once(&job) {
        Ok(ran) => ran,
        Err(e) => {
            outcome.message = format!("could not run: {e}");
            return outcome;
        }
    };
    let graded = G::grade(&source.level, reference, &ran.output, Expect::Output);
    outcome.moves = graded.length;
    outcome.optimal = graded.optimal;
    outcome.measure = graded.measure.map(|m| {
        serde_json::to_value(m)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    });
    match run_problem(&ran.record, settings) {
        Some(problem) => outcome.message = problem,
        None => {
            outcome.pass = graded.pass;
            outcome.message = graded.message.clone();
        }
    }
    outcome.graded = serde_json::to_value(&graded).ok();
    outcome.run = Some(ran.record);
    outcome
}

/// One line about a finished run, for the log on standard error.
pub fn summary(submission: &str, outcome: &Outcome, class: bool) -> String {
    let who = if class {
        format!("{submission}: ")
    } else {
        String::new()
    };
    let verdict = if outcome.pass { "pass" } else { "fail" };
    format!("{who}{}: {verdict}: {}", outcome.level, outcome.message)
}

/// Grade every submission on every level on this machine, `parallel` at a time: the
/// references first (each level's once), then the runs.
pub fn run_all<G: Grading>(
    settings: &Settings,
    options: G::Options,
    submissions: Vec<Submission>,
    levels: Vec<Source<G>>,
    parallel: u32,
) -> Result<Book, CliError> {
    let rt = crate::cli::arena::runtime()
        .ok_or_else(|| CliError::Input("cannot start the async runtime".into()))?;
    reaper::install();
    let levels = Arc::new(levels);
    let options = Arc::new(options);
    let (refs, failed) = {
        let levels = Arc::clone(&levels);
        rt.block_on(batch::run_all(
            (0..levels.len()).collect(),
            parallel,
            move |i: usize| {
                let (levels, options) = (Arc::clone(&levels), Arc::clone(&options));
                let name = levels[i].name.clone();
                async move {
                    tokio::task::spawn_blocking(move || {
                        G::reference(&levels[i].level, &options, None)
                    })
                    .await
                    .map_err(|e| format!("{name}: the proof failed: {e}"))
                }
            },
        ))
    };
    if let Some(why) = failed.first() {
        return Err(CliError::Input(why.clone()));
    }
    let refs: Arc<Vec<G::Reference>> = Arc::new(refs.into_iter().flatten().collect());
    let submissions = Arc::new(submissions);
    let jobs: Vec<(usize, usize)> = (0..submissions.len())
        .flat_map(|s| (0..levels.len()).map(move |l| (s, l)))
        .collect();
    let (outcomes, failed) = {
        let (settings, submissions, levels) = (
            Arc::new(settings.clone()),
            Arc::clone(&submissions),
            Arc::clone(&levels),
        );
        rt.block_on(batch::run_all(jobs, parallel, move |(s, l)| {
            let (settings, submissions, levels, refs) = (
                Arc::clone(&settings),
                Arc::clone(&submissions),
                Arc::clone(&levels),
                Arc::clone(&refs),
            );
            let name = levels[l].name.clone();
            async move {
                tokio::task::spawn_blocking(move || {
                    let outcome = grade_one(&settings, &submissions[s], &levels[l], &refs[l]);
                    eprintln!(
                        "{}",
                        summary(&submissions[s].name, &outcome, settings.class)
                    );
                    outcome
                })
                .await
                .map_err(|e| format!("{name}: the run failed: {e}"))
            }
        }))
    };
    reaper::kill_all_below_us();
    if let Some(why) = failed.first() {
        return Err(CliError::Input(why.clone()));
    }
    let mut outcomes = outcomes.into_iter().flatten();
    let book = Book {
        format: FORMAT.into(),
        game: G::GAME.into(),
        settings: settings.clone(),
        levels: levels.iter().map(|l| l.name.clone()).collect(),
        submissions: submissions
            .iter()
            .map(|s| SubmissionResult::new(s, outcomes.by_ref().take(levels.len()).collect()))
            .collect(),
    };
    Ok(book)
}
