//! Writing generated levels, shared by `pengu`, `actman` and `rogue generate`: to
//! standard output (levels separated by a blank line, a summary per level on standard
//! error), or with `--out DIR` one set of files per level, ready to grade a student's
//! solver against: `NAME.txt` (the level), `NAME.plan` (one optimal plan),
//! `NAME.out` (the course-format expected output of that plan) and `NAME.json` (the
//! measured features, the seed and the options).

use super::{emit, EXIT_BAD_INPUT, EXIT_NOT_MET, EXIT_OK};
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
/// came out, 2 for a bad option or an unwritable file, 1 when a seed gave nothing
/// (the levels before it are written).
pub fn run_batch(
    count: u32,
    seed: u64,
    out: Option<&Path>,
    mut level: impl FnMut(u64) -> Result<LevelFiles, Failure>,
) -> u8 {
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
                if let Err(e) = write(out, &files) {
                    eprintln!("error: {e}");
                    return EXIT_BAD_INPUT;
                }
            }
            Err(Failure::Options(e)) => return super::option_error(&e),
            Err(Failure::NotFound(why)) => {
                eprintln!("seed {seed}: {why}");
                return EXIT_NOT_MET;
            }
        }
    }
    EXIT_OK
}

/// Parse `RxC` (rows by columns, e.g. `10x10`).
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let (r, c) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("'{text}': expected ROWSxCOLS, e.g. 10x10"))?;
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("'{text}': expected ROWSxCOLS, e.g. 10x10"))
    };
    Ok((side(r)?, side(c)?))
}

/// Write one level: to `out` as files, else to standard output.
pub fn write(out: Option<&Path>, files: &LevelFiles) -> Result<(), String> {
    eprintln!("{}", files.summary);
    let Some(dir) = out else {
        emit(&files.level);
        emit("\n");
        return Ok(());
    };
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let json = format!("{:#}\n", files.json);
    for (ext, text) in [
        ("txt", &files.level),
        ("plan", &format!("{}\n", files.plan)),
        ("out", &files.expected),
        ("json", &json),
    ] {
        let path = dir.join(format!("{}.{ext}", files.name));
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}
