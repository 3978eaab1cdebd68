//! Helpers the integration tests share (each test file that needs them says `mod common;`).
#![allow(dead_code)] // each test file uses some of them

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Start a gridlab command and read the address (`127.0.0.1:PORT`) it prints on its
/// first line.
pub fn start(args: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridlab"))
        .args(args)
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
        .unwrap()
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
