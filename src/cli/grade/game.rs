//! What grading needs of a game: reading a level, generating one, proving the
//! reference once per level and grading one output against it. Pengu and Act-Man
//! each give theirs from `gridlab::games::<game>::grade`; the rest of grading is the
//! same for both.

use gridlab::error::{FieldError, ParseError};
use gridlab::games::grade::Graded;
use gridlab::games::{actman, pengu};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A game whose solvers can be graded.
pub trait Subject: Send + Sync + 'static {
    /// The game's id on the command line (`pengu`).
    const GAME: &'static str;
    /// A level.
    type Level: Send + Sync + 'static;
    /// What a level's outputs are graded against (its proved optimum).
    type Reference: Send + Sync + 'static;
    /// The grading options (the algorithm, the goal or turn limit, the proof's budget).
    type Options: Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// Read a level in the course format.
    fn parse(text: &str) -> Result<Self::Level, ParseError>;
    /// What reading it noticed (notes after the grid).
    fn warnings(level: &Self::Level) -> Vec<String>;
    /// Check the options; the error names the field.
    fn check(options: &Self::Options) -> Result<(), FieldError>;
    /// A fresh proved level from the game's generator (its default options, `seed`):
    /// its name and its text.
    fn generate(seed: u64) -> Result<(String, String), String>;
    /// Prove the reference of `level` (the slow part, once per level).
    fn reference(level: &Self::Level, options: &Self::Options) -> Self::Reference;
    /// Grade one output (fast).
    fn grade(level: &Self::Level, reference: &Self::Reference, output: &str) -> Graded;
}

/// Pengu.
pub struct Pengu;

impl Subject for Pengu {
    const GAME: &'static str = "pengu";
    type Level = pengu::Level;
    type Reference = pengu::Reference;
    type Options = pengu::GradeOptions;

    fn parse(text: &str) -> Result<pengu::Level, ParseError> {
        pengu::Level::parse(text)
    }
    fn warnings(level: &pengu::Level) -> Vec<String> {
        level.warnings()
    }
    fn check(options: &pengu::GradeOptions) -> Result<(), FieldError> {
        options.check()
    }
    fn generate(seed: u64) -> Result<(String, String), String> {
        let options = pengu::GenerateOptions {
            seed,
            ..pengu::GenerateOptions::default()
        };
        let g = pengu::generate(&options, None, None).map_err(|e| e.to_string())?;
        let name = format!(
            "pengu-{}x{}-f{}-s{seed}.txt",
            options.rows, options.cols, options.fish
        );
        Ok((name, g.level.to_text()))
    }
    fn reference(level: &pengu::Level, options: &pengu::GradeOptions) -> pengu::Reference {
        pengu::reference(level, options, None)
    }
    fn grade(level: &pengu::Level, reference: &pengu::Reference, output: &str) -> Graded {
        pengu::grade(level, reference, output)
    }
}

/// Act-Man.
pub struct Actman;

impl Subject for Actman {
    const GAME: &'static str = "actman";
    type Level = actman::Dungeon;
    type Reference = actman::Reference;
    type Options = actman::GradeOptions;

    fn parse(text: &str) -> Result<actman::Dungeon, ParseError> {
        actman::Dungeon::parse(text)
    }
    fn warnings(level: &actman::Dungeon) -> Vec<String> {
        level.warnings()
    }
    fn check(options: &actman::GradeOptions) -> Result<(), FieldError> {
        options.check()
    }
    fn generate(seed: u64) -> Result<(String, String), String> {
        let options = actman::GenerateOptions {
            seed,
            ..actman::GenerateOptions::default()
        };
        let g = actman::generate(&options, None, None).map_err(|e| e.to_string())?;
        let name = format!(
            "actman-{}x{}-m{}-s{seed}.txt",
            options.rows, options.cols, options.monsters
        );
        Ok((name, g.dungeon.to_text()))
    }
    fn reference(level: &actman::Dungeon, options: &actman::GradeOptions) -> actman::Reference {
        actman::reference(level, options, None)
    }
    fn grade(level: &actman::Dungeon, reference: &actman::Reference, output: &str) -> Graded {
        actman::grade(level, reference, output)
    }
}
