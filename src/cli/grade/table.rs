//! A grading's results: the table (one solver), the gradebook CSV (a class) and the
//! JSON of every detail.

use super::class::Submission;
use super::run::{Outcome, Settings};
use serde::{Deserialize, Serialize};

/// The `format` field of a grading's JSON.
pub const FORMAT: &str = "gridlab-grade/1";

/// Every result of a grading.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Book {
    /// [`FORMAT`].
    pub format: String,
    /// The game (`pengu`, `actman`).
    pub game: String,
    /// How the runs were made and judged.
    pub settings: Settings,
    /// The levels' names, in order.
    pub levels: Vec<String>,
    /// Each submission's results, one per level in the levels' order.
    pub submissions: Vec<SubmissionResult>,
}

/// One submission's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubmissionResult {
    /// Its name (its folder's, or `solver`).
    pub name: String,
    /// Its command (none when it has no usable `run` file).
    pub command: Option<String>,
    /// Levels passed.
    pub passed: usize,
    /// A result per level.
    pub results: Vec<Outcome>,
}

impl SubmissionResult {
    /// `submission`'s results, counted.
    pub fn new(submission: &Submission, results: Vec<Outcome>) -> SubmissionResult {
        SubmissionResult {
            name: submission.name.clone(),
            command: submission.command.clone(),
            passed: results.iter().filter(|o| o.pass).count(),
            results,
        }
    }
}

impl Book {
    /// Whether every submission passed every level.
    pub fn all_pass(&self) -> bool {
        self.submissions
            .iter()
            .all(|s| s.results.iter().all(|o| o.pass))
    }
}

/// A cell of a Markdown table: one line, pipes escaped.
fn cell(text: &str) -> String {
    text.replace(['\n', '\r'], " ").replace('|', "\\|")
}

/// An optimum as the table shows it (a score is named as one).
fn optimum(o: &Outcome) -> String {
    match (o.optimal, o.measure.as_deref()) {
        (Some(n), Some("score")) => format!("score {n}"),
        (Some(n), _) => n.to_string(),
        (None, _) => "-".into(),
    }
}

/// Each submission's results as a Markdown table: level, verdict, moves, optimal,
/// time, what failed (a submission's name above its table when a class is graded).
pub fn table(book: &Book) -> String {
    let mut out = String::new();
    for (i, s) in book.submissions.iter().enumerate() {
        if book.settings.class {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&format!("{}:\n\n", s.name));
        }
        out.push_str(
            "| level | verdict | moves | optimal | time | what failed |\n|---|---|---|---|---|---|\n",
        );
        for o in &s.results {
            let moves = o.moves.map_or_else(|| "-".into(), |m| m.to_string());
            let time = o
                .run
                .as_ref()
                .map_or_else(|| "-".into(), |r| format!("{:.2} s", r.wall_ms / 1000.0));
            let failed = if o.pass { "" } else { &o.message };
            out.push_str(&format!(
                "| {} | {} | {moves} | {} | {time} | {} |\n",
                cell(&o.level),
                if o.pass { "pass" } else { "fail" },
                optimum(o),
                cell(failed)
            ));
        }
        out.push_str(&format!(
            "\n{} of {} levels passed\n",
            s.passed,
            s.results.len()
        ));
    }
    out
}

/// A CSV field, quoted when it holds a comma, a quote, a line break or outer spaces.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) || text.trim() != text {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The gradebook: a row per submission, a column per level (`pass` or `fail`) and the
/// total passed.
pub fn gradebook(book: &Book) -> String {
    let mut out = String::from("submission");
    for level in &book.levels {
        out.push(',');
        out.push_str(&csv_field(level));
    }
    out.push_str(",total\n");
    for s in &book.submissions {
        out.push_str(&csv_field(&s.name));
        for o in &s.results {
            out.push_str(if o.pass { ",pass" } else { ",fail" });
        }
        out.push_str(&format!(",{}\n", s.passed));
    }
    out
}

/// The whole grading as JSON.
pub fn json(book: &Book) -> String {
    serde_json::to_string_pretty(book).unwrap_or_default() + "\n"
}
