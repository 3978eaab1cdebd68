//! The `gridlab` command line.

// Every public item of the command line is documented: `cli` and its modules are
// public so that the lint reaches them.
#![warn(missing_docs)]

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
