//! The checks behind every fuzz target, in one place: the libFuzzer targets in
//! `fuzz/fuzz_targets/` include this file (`#[path]`), and `tests/suite/fuzz_regressions.rs`
//! runs the same checks over the committed corpus and crash inputs under `cargo test`.
//!
//! Each check takes raw bytes. Parser targets read them as text (UTF-8, lossily) and
//! must get `Ok` or a located error, never a panic; when parsing succeeds they exercise
//! the result (round trip through the writer, a bounded replay, a solver with tiny
//! limits). The `wasm_*` targets decode the bytes with `arbitrary` into a session of
//! editor and game operations and apply them through the same pure functions the
//! browser bindings (`src/wasm/*.rs`) call.
//!
//! Inputs for `*_replay` targets are `TEXT\0MOVES`: a level, a NUL byte, a move string.

#![allow(dead_code)]

use arbitrary::{Arbitrary, Unstructured};
use gridlab::error::{MoveError, ParseError};
use gridlab::grid::{Dir, Pos};
use gridlab::search::{Algorithm, Outcome, Solver};
use std::borrow::Cow;

/// Inputs longer than this are skipped (the parsers' own size limits are tested by the
/// unit tests; the fuzzer should spend its time on structure).
pub const MAX_INPUT: usize = 8 * 1024;

/// Levels up to this many cells are also solved, analysed and played.
pub const SMALL_CELLS: usize = 400;

/// A target's check: panics when the input shows a bug.
pub type Check = fn(&[u8]);

/// Every target: its name (the folder under `fuzz/corpus` and `fuzz/regressions`) and
/// its check.
pub const TARGETS: &[(&str, Check)] = &[
    ("pengu_level", pengu_level),
    ("pengu_replay", pengu_replay),
    ("actman_dungeon", actman_dungeon),
    ("actman_replay", actman_replay),
    ("rogue_dungeon", rogue_dungeon),
    ("rogue_replay", rogue_replay),
    ("gpac_map", gpac_map),
    ("gpac_world", gpac_world),
    ("gpac_config", gpac_config),
    ("arena_wire", arena_wire),
    ("arena_replay", arena_replay),
    ("wasm_pengu", wasm_pengu),
    ("wasm_actman", wasm_actman),
    ("wasm_rogue", wasm_rogue),
    ("wasm_gpac", wasm_gpac),
    ("wasm_arena", wasm_arena),
];

// ---------------------------------------------------------------------------------
// Helpers

/// The input as text, or `None` when it is too long to be worth it.
fn text(data: &[u8]) -> Option<Cow<'_, str>> {
    (data.len() <= MAX_INPUT).then(|| String::from_utf8_lossy(data))
}

/// `TEXT\0MOVES` split at the first NUL (no NUL: no moves).
fn split_moves(text: &str) -> (&str, &str) {
    text.split_once('\0').unwrap_or((text, ""))
}

/// The input as text read by `parse`: `None` when it is too long, or when it does not
/// parse (then the error must point into the text).
fn parsed<T>(data: &[u8], parse: impl Fn(&str) -> Result<T, ParseError>) -> Option<T> {
    let text = text(data)?;
    parse(&text).map_err(|e| check_parse_error(&e, &text)).ok()
}

/// A `TEXT\0MOVES` input: its text read by `parse` and its moves, or `None` when it is
/// too long or its text does not parse.
fn parsed_with_moves<T, E>(
    data: &[u8],
    parse: impl Fn(&str) -> Result<T, E>,
) -> Option<(T, String)> {
    let text = text(data)?;
    let (level, moves) = split_moves(&text);
    Some((parse(level).ok()?, moves.to_string()))
}

/// A parse error must point into the text (1-based line and column) and say why.
fn check_parse_error(e: &ParseError, text: &str) {
    assert!(e.line >= 1 && e.column >= 1, "error without a place: {e:?}");
    assert!(
        !e.message.trim().is_empty(),
        "error without a message: {e:?}"
    );
    let lines = text.split('\n').count();
    assert!(
        e.line <= lines + 1,
        "error at line {} of a {lines}-line text: {e:?}",
        e.line
    );
}

/// A move error must name a move of the string, by index and character.
fn check_move_error(e: &MoveError, moves: &str) {
    let symbol = moves.chars().nth(e.index);
    assert_eq!(symbol, Some(e.symbol), "move error off the string: {e:?}");
    assert!(!e.message.is_empty());
}

/// The first `n` characters of `s`.
fn prefix(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// A move string from bytes: mostly the given alphabet, sometimes any character.
fn moves_from(bytes: &[u8], alphabet: &str, limit: usize) -> String {
    let alphabet: Vec<char> = alphabet.chars().collect();
    bytes
        .iter()
        .take(limit)
        .map(|&b| match b {
            0..=229 => alphabet[b as usize % alphabet.len()],
            230..=249 => char::from(b'0' + (b - 230) % 10),
            _ => char::from(b.wrapping_sub(250).wrapping_add(b'x')),
        })
        .collect()
}

/// A solver picked by a byte.
fn solver(b: u8) -> Solver {
    match b % 5 {
        0 => Solver::Random,
        1 => Solver::Search(Algorithm::Bfs),
        2 => Solver::Search(Algorithm::Iddfs),
        3 => Solver::Search(Algorithm::Greedy),
        _ => Solver::Search(Algorithm::Astar),
    }
}

/// [`solver`], or (A* with bit 0x40 set) one of the searches beyond the course, with a
/// weight from 1 to 4, a beam width from 1 to 4 and (Pengu) the cost in cells on bit
/// 0x20: `(solver, weight, beam width, cells)`.
fn any_solver(b: u8) -> (Solver, f64, usize, bool) {
    const MORE: [Algorithm; 5] = [
        Algorithm::Ucs,
        Algorithm::Wastar,
        Algorithm::Idastar,
        Algorithm::Beam,
        Algorithm::Bibfs,
    ];
    let solver = if b % 5 == 4 && b & 0x40 != 0 {
        Solver::Search(MORE[usize::from(b >> 3) % MORE.len()])
    } else {
        solver(b)
    };
    let small = usize::from((b >> 2) & 3);
    (solver, 1.0 + small as f64, 1 + small, b & 0x20 != 0)
}

/// A replay target's check: the text of a `TEXT\0MOVES` input, read by `parse`, is
/// replayed with its moves by `replay` when `small` finds it small enough.
fn replay_small<T, E>(
    data: &[u8],
    parse: impl Fn(&str) -> Result<T, E>,
    small: impl Fn(&T) -> bool,
    replay: impl Fn(&T, &str),
) {
    if let Some((level, moves)) = parsed_with_moves(data, parse) {
        if small(&level) {
            replay(&level, &moves);
        }
    }
}

/// A session's input: a byte that picks the starting level, then the operations
/// (`None` when the bytes run out first).
fn start_and_ops<'a, Op: Arbitrary<'a>>(data: &'a [u8]) -> Option<(u8, Vec<Op>)> {
    let mut u = Unstructured::new(data);
    Some((
        u8::arbitrary(&mut u).ok()?,
        Vec::<Op>::arbitrary(&mut u).ok()?,
    ))
}

/// A cheap hash of the input, to pick options without structure.
fn pick(data: &[u8]) -> u8 {
    data.iter()
        .fold(0u8, |h, &b| h.wrapping_mul(31).wrapping_add(b))
}

/// Budget of work (cells touched) for a structured session, so one input stays fast.
struct Budget(usize);

impl Budget {
    const SESSION: usize = 3_000_000;

    /// Spend `cost`; `false` (and nothing spent) when it is not there.
    fn spend(&mut self, cost: usize) -> bool {
        if cost > self.0 {
            return false;
        }
        self.0 -= cost;
        true
    }
}

mod grids;
mod logs;
mod sessions;
mod sessions_gpac_arena;

pub use grids::*;
pub use logs::*;
pub use sessions::*;
pub use sessions_gpac_arena::*;
