//! Helpers the integration tests share (each test file that needs them says `mod common;`).

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
