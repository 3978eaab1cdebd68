//! The `gridlab` command line (native only): one subcommand per game, plus `serve`.

mod pengu;
mod serve;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Exit code: the goal was met.
pub const EXIT_OK: u8 = 0;
/// Exit code: no plan, or the goal was not met.
pub const EXIT_NOT_MET: u8 = 1;
/// Exit code: bad input (unreadable file, parse error, illegal move, bad option).
pub const EXIT_BAD_INPUT: u8 = 2;

/// gridlab: grid games from AI courses — exact rules, fast solvers, a browser playground.
#[derive(Parser)]
#[command(name = "gridlab", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Pengu: slide on ice, eat every fish, avoid bears and sharks.
    Pengu {
        #[command(subcommand)]
        command: pengu::PenguCommand,
    },
    /// Serve the browser playground (www/ and pkg/) over HTTP.
    Serve(serve::ServeArgs),
}

/// Parse the command line and run it.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Pengu { command } => pengu::run(command),
        Command::Serve(args) => serve::run(args),
    };
    ExitCode::from(code)
}

/// Read a level file, or standard input for `-`.
pub fn read_input(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read(path)
            .map_err(|e| format!("cannot read {path}: {e}"))
            .and_then(|bytes| {
                String::from_utf8(bytes).map_err(|e| {
                    format!(
                        "{path}: not UTF-8 text (byte {} is invalid)",
                        e.utf8_error().valid_up_to()
                    )
                })
            })
    }
}
