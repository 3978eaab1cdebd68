//! The `gridlab` command line (native only): one subcommand per game, plus `serve`.

pub mod accept;
pub mod actman;
pub mod arena;
pub mod batch;
pub mod generated;
pub mod gpac;
pub mod grade;
pub mod pengu;
pub mod rogue;
pub mod rogue_grade;
pub mod sandbox;
pub mod serve;
pub mod slots;
pub mod tools;
pub mod trace;

use clap::{Parser, Subcommand};
use gridlab::search::{Outcome, Stats};
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
    /// Act-Man II: one bullet against ogres and demons.
    Actman {
        #[command(subcommand)]
        command: actman::ActmanCommand,
    },
    /// Rogue: a monster chases a rogue through rooms and corridors.
    Rogue {
        #[command(subcommand)]
        command: rogue::RogueCommand,
    },
    /// GPac: Pac-Man against ghosts; world files; evolution of hard maps.
    Gpac {
        #[command(subcommand)]
        command: gpac::GpacCommand,
    },
    /// Arena: real-time 4-player Pac-Man; game server, bots, tournaments.
    Arena {
        #[command(subcommand)]
        command: arena::ArenaCommand,
    },
    /// Serve the browser playground (www/ and pkg/) over HTTP.
    Serve(serve::ServeArgs),
}

/// Why a command failed, each kind with its exit code ([`CliError::exit_code`]): the
/// one error of the binary, printed once by [`main`] as `error: ...`.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input of any other kind, with its message.
    #[error("{0}")]
    Input(String),
    /// A file that cannot be read (`name`: the path, or `standard input`).
    #[error("cannot read {name}: {source}")]
    Unreadable {
        /// The file.
        name: String,
        /// Why.
        source: std::io::Error,
    },
    /// An input larger than [`MAX_INPUT_BYTES`].
    #[error("{name}: larger than {} MiB, the most gridlab reads", MAX_INPUT_BYTES >> 20)]
    TooLarge {
        /// The file.
        name: String,
    },
    /// An input that is not UTF-8 text.
    #[error("{name}: not UTF-8 text (byte {at} is invalid)")]
    NotText {
        /// The file.
        name: String,
        /// The offset of the first invalid byte.
        at: usize,
    },
    /// A file or folder that cannot be written.
    #[error("cannot {action} {}: {source}", path.display())]
    Unwritable {
        /// `create` (a folder) or `write` (a file).
        action: &'static str,
        /// The path.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A level file that does not parse, at `FILE:LINE:COLUMN`.
    #[error("{file}:{}:{}: {}", error.line, error.column, error.message)]
    Parse {
        /// The file (`<stdin>` for standard input).
        file: String,
        /// Where and why.
        error: gridlab::error::ParseError,
    },
    /// An option out of its range or of the wrong kind, named by its flag.
    #[error("--{flag}: {message}")]
    Option {
        /// The flag, without its dashes.
        flag: String,
        /// What is wrong with its value.
        message: String,
    },
    /// A game tool's refusal (an illegal move, no level within the budget).
    #[error("{0}")]
    Tool(gridlab::games::tools::ToolError),
    /// `gridlab serve` cannot start.
    #[error(transparent)]
    Serve(#[from] serve::ServeError),
}

impl CliError {
    /// The exit code: 1 when a tool ran but found nothing ([`EXIT_NOT_MET`]), 2 for
    /// bad input, an unwritable file or a server that cannot start
    /// ([`EXIT_BAD_INPUT`]).
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Tool(gridlab::games::tools::ToolError::Failed(_)) => EXIT_NOT_MET,
            _ => EXIT_BAD_INPUT,
        }
    }
}

impl From<gridlab::error::FieldError> for CliError {
    fn from(e: gridlab::error::FieldError) -> Self {
        CliError::Option {
            flag: e.field.replace('_', "-"),
            message: e.message,
        }
    }
}

/// Parse the command line and run it: a game's tool from the registry
/// ([`tools`]), or one of the commands below.
pub fn main() -> ExitCode {
    use clap::{CommandFactory, FromArgMatches};
    let matches = tools::augment(Cli::command()).get_matches();
    if let Some((_, tool, tool_matches)) = tools::chosen(&matches) {
        return ExitCode::from(report(tools::run(tool, tool_matches)));
    }
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let code = match cli.command {
        Command::Pengu { command } => report(pengu::run(command)),
        Command::Actman { command } => report(actman::run(command)),
        Command::Rogue { command } => report(rogue::run(command)),
        Command::Gpac { command } => report(gpac::run(command)),
        Command::Arena { command } => arena::run(command),
        Command::Serve(args) => report(serve::run(args)),
    };
    ExitCode::from(code)
}

/// A command's exit code: its own, or for an error the error's
/// ([`CliError::exit_code`]) after printing `error: ...` on standard error. The one
/// place an error of the binary is printed.
pub fn report(result: Result<u8, CliError>) -> u8 {
    result.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        e.exit_code()
    })
}

/// Write `text` to standard output; a closed pipe (`gridlab ... | head`) ends the
/// process quietly instead of panicking.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        std::process::exit(EXIT_OK as i32);
    }
}

/// Report an option out of its range (`max_states` → `--max-states`) on standard
/// error; returns the bad-input exit code. Until every command returns a
/// [`CliError`] (`CliError::from(e)` says the same through [`report`]).
pub fn option_error(e: &gridlab::error::FieldError) -> u8 {
    report(Err(CliError::from(e.clone())))
}

/// A cancel flag that the first Ctrl-C sets (the search then stops and prints its
/// best partial plan); a second Ctrl-C ends the process.
pub fn cancel_on_ctrl_c() -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let cancel = std::sync::Arc::new(AtomicBool::new(false));
    let flag = std::sync::Arc::clone(&cancel);
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    cancel
}

/// Print search statistics on standard error.
pub fn print_stats(solver: impl std::fmt::Debug, outcome: Outcome, s: &Stats) {
    eprintln!(
        "algorithm: {solver:?}\noutcome: {outcome:?}\nexpanded: {}\ngenerated: {}\nduplicates: {}\npeak frontier: {}\nstored: {}\ndepth: {}\nelapsed: {:.1} ms",
        s.expanded, s.generated, s.duplicates, s.peak_frontier, s.stored, s.depth, s.elapsed_ms
    );
    if let Some(line) = s.bounds_line() {
        eprintln!("bounds: {line}");
    }
}

/// Read and parse a level file (or standard input for `-`); errors read
/// `FILE:LINE:COLUMN: message`.
pub fn load<T>(
    path: &str,
    parse: impl FnOnce(&str) -> Result<T, gridlab::error::ParseError>,
) -> Result<T, CliError> {
    let text = read_input(path)?;
    parse(&text).map_err(|error| CliError::Parse {
        file: if path == "-" { "<stdin>" } else { path }.into(),
        error,
    })
}

/// The largest input file read (levels, maps, world files, configs): 64 MiB.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// Read a level file, or standard input for `-`, as UTF-8 text of at most
/// [`MAX_INPUT_BYTES`].
pub fn read_input(path: &str) -> Result<String, CliError> {
    use std::io::Read;
    let name = if path == "-" { "standard input" } else { path };
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin()
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
    };
    read.map_err(|source| CliError::Unreadable {
        name: name.into(),
        source,
    })?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(CliError::TooLarge { name: name.into() });
    }
    String::from_utf8(bytes).map_err(|e| CliError::NotText {
        name: name.into(),
        at: e.utf8_error().valid_up_to(),
    })
}

/// Until every command returns a [`CliError`]: its message as the older string errors.
impl From<CliError> for String {
    fn from(e: CliError) -> Self {
        e.to_string()
    }
}
