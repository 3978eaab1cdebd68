//! `gridlab pengu check-trace`: whether a solver's printed expansion order (the trace
//! format of docs/trace-format.md) is valid BFS, ID-DFS or A* on a level.

use super::{emit, load, read_input, CliError, EXIT_NOT_MET, EXIT_OK};
use clap::Args;
use gridlab::games::pengu::{check_trace, Goal, Level};
use gridlab::search::{Algorithm, TraceError};

/// `gridlab pengu check-trace`.
#[derive(Args)]
pub struct CheckTraceArgs {
    /// The search whose expansion order the trace must be: bfs, iddfs or astar.
    #[arg(long)]
    algo: Algorithm,
    /// The goal the search stops at: all, or a number of fish (Pengu alive).
    #[arg(long, default_value = "all")]
    goal: Goal,
    /// Print the verdict as JSON (valid, lines, goal, iterations, unchecked_h, fault).
    #[arg(long)]
    json: bool,
    /// Field file in the course format, or - for standard input.
    level: String,
    /// The trace: one expanded state a line (moves from the start, - for the start,
    /// then optionally g and h), or - for standard input.
    trace: String,
}

/// Check the trace; exit 0 when it is a valid order, 1 when a line breaks it.
pub fn run_check_trace(args: CheckTraceArgs) -> Result<u8, CliError> {
    if !matches!(
        args.algo,
        Algorithm::Bfs | Algorithm::Iddfs | Algorithm::Astar
    ) {
        return Err(CliError::Option {
            flag: "algo".into(),
            message: match args.algo {
                Algorithm::Greedy => {
                    "greedy search has no order to check: use bfs, iddfs or astar".into()
                }
                other => {
                    format!("check-trace knows the orders of bfs, iddfs and astar, not {other}")
                }
            },
        });
    }
    if args.level == "-" && args.trace == "-" {
        return Err(CliError::Input(
            "the level and the trace cannot both be standard input".into(),
        ));
    }
    let level = load(&args.level, Level::parse)?;
    for warning in level.warnings() {
        eprintln!("{warning}");
    }
    let text = read_input(&args.trace)?;
    let report = check_trace(&level, args.goal, args.algo, &text).map_err(|e| match e {
        TraceError::Syntax(error) => CliError::Parse {
            file: if args.trace == "-" {
                "<stdin>"
            } else {
                &args.trace
            }
            .into(),
            error,
        },
        other => CliError::Input(other.to_string()),
    })?;
    if args.json {
        let json = serde_json::to_string_pretty(&report).expect("a report serializes");
        emit(&format!("{json}\n"));
    } else {
        emit(&format!("{report}\n"));
    }
    Ok(if report.valid { EXIT_OK } else { EXIT_NOT_MET })
}
