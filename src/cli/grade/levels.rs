//! The levels a grading runs on: files, the `.txt` files of folders, and fresh levels
//! from the game's generator, each read (a bad one is bad input, named by
//! `FILE:LINE:COLUMN`).

use super::MAX_LEVELS;
use crate::cli::{read_input, CliError};
use gridlab::games::grade::Grading;
use gridlab::games::tools::ToolInput;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Where a level comes from: what a plan line says to find it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Origin {
    /// A file, by the path given.
    File(String),
    /// The game's generator, with this seed (its default options).
    Generated(u64),
}

/// A level to grade on.
pub struct Source<G: Grading> {
    /// Its name in the table and gradebook: the path given, or the generated level's
    /// name (`pengu-8x8-f6-s1.txt`).
    pub name: String,
    /// Where it comes from.
    pub origin: Origin,
    /// Its text (written for the solver to read).
    pub text: String,
    /// The level read.
    pub level: G::Level,
}

/// Read the level of `origin`.
pub fn load<G: Grading>(origin: &Origin) -> Result<Source<G>, CliError> {
    let (name, text) = match origin {
        Origin::File(path) => (path.clone(), read_input(path)?),
        Origin::Generated(seed) => G::generate(*seed)
            .map_err(|why| CliError::Input(format!("--generate: seed {seed}: {why}")))?,
    };
    let level = <G::Level as ToolInput>::read(&text).map_err(|error| CliError::Parse {
        file: name.clone(),
        error,
    })?;
    for warning in ToolInput::warnings(&level) {
        eprintln!("{name}: {warning}");
    }
    Ok(Source {
        name,
        origin: origin.clone(),
        text,
        level,
    })
}

/// The origins of `paths` (a folder gives its `.txt` files, sorted; hidden ones left
/// out), then of `generate` levels from seed `seed` on; at most [`MAX_LEVELS`].
pub fn origins(
    paths: &[String],
    generate: Option<u32>,
    seed: u64,
) -> Result<Vec<Origin>, CliError> {
    let mut out = Vec::new();
    let push = |origin: Origin, out: &mut Vec<Origin>| {
        if out.len() == MAX_LEVELS {
            return Err(CliError::Input(format!(
                "more than {MAX_LEVELS} levels: grade them in parts"
            )));
        }
        out.push(origin);
        Ok(())
    };
    for path in paths {
        let p = Path::new(path);
        if !p.is_dir() {
            push(Origin::File(path.clone()), &mut out)?;
            continue;
        }
        let unreadable = |source| CliError::Unreadable {
            name: path.clone(),
            source,
        };
        let mut files = Vec::new();
        for entry in std::fs::read_dir(p).map_err(unreadable)? {
            let entry = entry.map_err(unreadable)?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".txt") && !name.starts_with('.') && entry.path().is_file() {
                files.push(name);
            }
            if files.len() > MAX_LEVELS {
                break;
            }
        }
        files.sort();
        if files.is_empty() {
            return Err(CliError::Input(format!(
                "{path}: no .txt level files there"
            )));
        }
        for name in files {
            let shown = p.join(name).to_string_lossy().into_owned();
            push(Origin::File(shown), &mut out)?;
        }
    }
    for k in 0..u64::from(generate.unwrap_or(0)) {
        push(Origin::Generated(seed.wrapping_add(k)), &mut out)?;
    }
    if out.is_empty() {
        return Err(CliError::Input(
            "no levels: give level files or folders, or --generate N".into(),
        ));
    }
    Ok(out)
}

/// Every level `paths` and `--generate` give, read.
pub fn collect<G: Grading>(
    paths: &[String],
    generate: Option<u32>,
    seed: u64,
) -> Result<Vec<Source<G>>, CliError> {
    origins(paths, generate, seed)?
        .iter()
        .map(load::<G>)
        .collect()
}
