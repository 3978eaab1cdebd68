//! Helpers the integration tests share (each test file that needs them says `mod common;`).
#![allow(dead_code)] // each test file uses some of them

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Start a gridlab command and read the address (`127.0.0.1:PORT`) it prints on its
/// first line.
pub fn start(args: &[&str]) -> (Child, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gridlab"));
    command.args(args);
    spawn_serving(command)
}

/// Spawn `command` (a server), its standard output piped and its error dropped, and
/// read the address (`127.0.0.1:PORT`) it prints on its first line.
pub fn spawn_serving(mut command: Command) -> (Child, String) {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    let addr = first
        .split_whitespace()
        .find(|w| w.contains("127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    (child, addr)
}

/// The rows of a Markdown table printed by `gridlab` (a tournament's standings), cell by
/// cell, without its header and rule.
pub fn table_rows(table: &str) -> Vec<Vec<String>> {
    table
        .lines()
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// Run `gridlab` with `args` and no input; its whole output.
pub fn gridlab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gridlab"))
        .args(args)
        .output()
        .expect("gridlab runs")
}

/// A `rows` × `cols` grid of spaces inside a ring of walls (`#`).
pub fn walled(rows: usize, cols: usize) -> Vec<Vec<char>> {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
                    if border {
                        '#'
                    } else {
                        ' '
                    }
                })
                .collect()
        })
        .collect()
}

/// The text of a `side` × `side` Act-Man hall with Act-Man in a corner and `monsters`
/// spread from the far one (tests/node/hostile_input.test.mjs builds the same).
pub fn actman_hall(side: usize, monsters: usize) -> String {
    let mut rows = walled(side, side);
    rows[1][1] = 'A';
    for k in 0..monsters {
        let (r, c) = (
            side - 3 - (k * 7) % (side - 5),
            side - 3 - (k * 11 + k / 3) % (side - 5),
        );
        rows[r][c] = if k % 2 == 0 { 'G' } else { 'D' };
    }
    let text: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    format!("{side} {side}\n{}\n", text.join("\n"))
}

/// A temporary folder (named after the test file's `tag` and this process) that
/// removes itself.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    /// A new empty folder `gridlab-TAG-PID` in the system's temporary folder.
    pub fn new(tag: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("gridlab-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    /// The path of `name` in the folder.
    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
