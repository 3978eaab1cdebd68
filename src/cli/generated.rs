//! Writing generated levels, shared by `pengu`, `actman` and `rogue generate`: to
//! standard output (levels separated by a blank line, a summary per level on standard
//! error), or with `--out DIR` one set of files per level, ready to grade a student's
//! solver against: `NAME.txt` (the level), `NAME.plan` (one optimal plan),
//! `NAME.out` (the course-format expected output of that plan) and `NAME.json` (the
//! measured features, the seed and the options).

use super::{emit, report, CliError, EXIT_NOT_MET, EXIT_OK};
use gridlab::error::FieldError;
use std::path::Path;

/// Most levels one command generates.
pub const MAX_COUNT: u32 = 10_000;

pub use gridlab::games::tools::LevelFiles;

/// Why a generator gave no level.
pub enum Failure {
    /// An option out of its range: bad input.
    Options(FieldError),
    /// Nothing within the budget, or cancelled.
    NotFound(String),
}

/// Generate `count` levels with seeds `seed`, `seed + 1`, ...: `level(seed)` makes one
/// and its files, written to `out` (or printed). The exit code: 0 when every level
/// came out, 2 for a bad option or an unwritable file (the error printed), 1 when a
/// seed gave nothing (the levels before it are written).
pub fn run_batch(
    count: u32,
    seed: u64,
    out: Option<&Path>,
    level: impl FnMut(u64) -> Result<LevelFiles, Failure>,
) -> u8 {
    report(batch(count, seed, out, level))
}

/// [`run_batch`], its error returned.
pub fn batch(
    count: u32,
    seed: u64,
    out: Option<&Path>,
    mut level: impl FnMut(u64) -> Result<LevelFiles, Failure>,
) -> Result<u8, CliError> {
    for k in 0..u64::from(count) {
        let seed = seed.wrapping_add(k);
        let started = std::time::Instant::now();
        match level(seed) {
            Ok(mut files) => {
                files.summary = format!(
                    "seed {seed}: {}, {:.1} s",
                    files.summary,
                    started.elapsed().as_secs_f64()
                );
                write(out, &files)?;
            }
            Err(Failure::Options(e)) => return Err(e.into()),
            Err(Failure::NotFound(why)) => {
                eprintln!("seed {seed}: {why}");
                return Ok(EXIT_NOT_MET);
            }
        }
    }
    Ok(EXIT_OK)
}

/// A size that is not `ROWSxCOLS`.
#[derive(Debug, thiserror::Error)]
#[error("'{0}': expected ROWSxCOLS, e.g. 10x10")]
pub struct SizeError(String);

/// Parse `RxC` (rows by columns, e.g. `10x10`).
pub fn parse_size(text: &str) -> Result<(usize, usize), SizeError> {
    let bad = || SizeError(gridlab::error::excerpt(text));
    let (r, c) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let side = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    Ok((side(r)?, side(c)?))
}

/// Write one level: to `out` as files, else to standard output.
pub fn write(out: Option<&Path>, files: &LevelFiles) -> Result<(), CliError> {
    eprintln!("{}", files.summary);
    let Some(dir) = out else {
        emit(&files.level);
        emit("\n");
        return Ok(());
    };
    std::fs::create_dir_all(dir).map_err(|source| CliError::Unwritable {
        action: "create",
        path: dir.to_path_buf(),
        source,
    })?;
    let json = format!("{:#}\n", files.json);
    for (ext, text) in [
        ("txt", &files.level),
        ("plan", &format!("{}\n", files.plan)),
        ("out", &files.expected),
        ("json", &json),
    ] {
        let path = dir.join(format!("{}.{ext}", files.name));
        std::fs::write(&path, text).map_err(|source| CliError::Unwritable {
            action: "write",
            path,
            source,
        })?;
    }
    Ok(())
}
