//! The checks behind every fuzz target, in one place: the libFuzzer targets in
//! `fuzz/fuzz_targets/` include this file (`#[path]`), and `tests/fuzz_regressions.rs`
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

// ---------------------------------------------------------------------------------
// Pengu

mod pengu_checks {
    use super::*;
    use gridlab::games::pengu::{self, replay, Game, Goal, Level, SolveOptions, Status, Tile};

    /// What every level must satisfy, and the writer must read back.
    pub fn level_invariants(level: &Level) {
        assert!(level.tiles.contains(level.start));
        assert_eq!(level.tiles[level.start], Tile::Ice, "Pengu stands on ice");
        let text = level.to_text();
        assert_eq!(
            Level::parse(&text).as_ref(),
            Ok(level),
            "round trip of {text:?}"
        );
    }

    /// Replay `moves`; an error must name a move, and the legal prefix must replay.
    pub fn replay_moves(level: &Level, moves: &str) -> Game {
        match replay(level, moves) {
            Ok(game) => {
                assert_eq!(game.moves(), moves);
                check_game(level, &game);
                game
            }
            Err(e) => {
                check_move_error(&e, moves);
                let game = replay(level, &prefix(moves, e.index))
                    .unwrap_or_else(|e2| panic!("the legal prefix fails: {e2}"));
                check_game(level, &game);
                game
            }
        }
    }

    pub fn check_game(level: &Level, game: &Game) {
        assert_eq!(game.score() + game.fish_left(), level.fish_count());
        let output = game.output();
        assert_eq!(output.lines().next().unwrap_or(""), game.moves());
        if game.status() == Status::Playing {
            for dir in game.legal_moves() {
                game.clone().play(dir).expect("a legal move plays");
            }
        } else {
            assert!(game.legal_moves().is_empty(), "no move after the end");
            for dir in Dir::ALL {
                assert!(game.clone().play(dir).is_err(), "a move after the end");
            }
        }
    }

    /// Solve with tiny limits; the plan must replay and `Found` must meet the goal.
    pub fn solve_small(level: &Level, b: u8) {
        let goal = if b & 0x80 == 0 {
            Goal::All
        } else {
            Goal::AtLeast(usize::from(b & 7))
        };
        let options = SolveOptions {
            solver: solver(b),
            goal,
            max_states: 10_000,
            max_memory: 4 << 20,
            max_depth: 12,
            seed: u64::from(b),
            random_moves: 30,
            trace_limit: usize::from(b & 1) * 100,
        };
        options.check().expect("the fuzz options are in range");
        let solution = pengu::solve(level, &options, None, None);
        let game = replay(level, &solution.moves).unwrap_or_else(|e| {
            panic!("{:?} plan {:?} fails: {e}", options.solver, solution.moves)
        });
        if solution.outcome == Outcome::Found {
            assert!(goal.is_met(&game), "Found but the goal is not met");
        }
        assert!(solution.trace.events.len() <= options.trace_limit);
    }
}

/// `Level::parse` on any text; a level reads back from `to_text`, replays a move
/// string and, when small, is solved with tiny limits.
pub fn pengu_level(data: &[u8]) {
    use gridlab::games::pengu::Level;
    let Some(text) = text(data) else { return };
    match Level::parse(&text) {
        Err(e) => check_parse_error(&e, &text),
        Ok(level) => {
            pengu_checks::level_invariants(&level);
            if level.tiles.len() <= SMALL_CELLS {
                let moves = moves_from(&data[data.len().saturating_sub(24)..], "12346789", 24);
                pengu_checks::replay_moves(&level, &moves);
                pengu_checks::solve_small(&level, pick(data));
            }
        }
    }
}

/// Pengu `replay` of any move string (`LEVEL\0MOVES`).
pub fn pengu_replay(data: &[u8]) {
    use gridlab::games::pengu::Level;
    let Some(text) = text(data) else { return };
    let (level, moves) = split_moves(&text);
    if let Ok(level) = Level::parse(level) {
        if level.tiles.len() <= 100_000 {
            pengu_checks::replay_moves(&level, moves);
        }
    }
}

// ---------------------------------------------------------------------------------
// Act-Man

mod actman_checks {
    use super::*;
    use gridlab::games::actman::{
        self, Action, Dungeon, Game, Objective, SolveOptions, Status, MAX_MONSTERS,
    };

    pub fn dungeon_invariants(d: &Dungeon) {
        assert!(d.walls.contains(d.actman) && !d.walls[d.actman]);
        let text = d.to_text();
        assert_eq!(
            Dungeon::parse(&text).as_ref(),
            Ok(d),
            "round trip of {text:?}"
        );
    }

    pub fn check_game(game: &Game) {
        let output = game.output();
        assert_eq!(output.lines().next().unwrap_or(""), game.actions());
        let _ = game.verdict(Some(game.actions().chars().count()));
        let _ = game.next_chases();
        let board = game.board();
        for (p, _) in game.monsters() {
            assert_eq!(board.cell_on_board(p), Some(board.cell(p)));
        }
        if game.status() == Status::Playing {
            for action in game.legal_actions() {
                game.clone().play(action).expect("a legal action plays");
            }
        }
    }

    pub fn replay_actions(d: &Dungeon, actions: &str) {
        match Game::replay(d, actions) {
            Ok(game) => {
                assert_eq!(game.actions(), actions);
                check_game(&game);
            }
            Err(e) => {
                check_move_error(&e, actions);
                let game = Game::replay(d, &prefix(actions, e.index))
                    .unwrap_or_else(|e2| panic!("the legal prefix fails: {e2}"));
                check_game(&game);
            }
        }
    }

    pub fn solve_small(d: &Dungeon, b: u8) {
        let options = SolveOptions {
            solver: solver(b),
            objective: if b & 0x80 == 0 {
                Objective::Turns
            } else {
                Objective::Score
            },
            max_turns: 8,
            max_states: 10_000,
            max_memory: 4 << 20,
            seed: u64::from(b),
            trace_limit: usize::from(b & 1) * 100,
        };
        options.check().expect("the fuzz options are in range");
        let solution = actman::solve(d, &options, None, None);
        let game = Game::replay(d, &solution.actions).unwrap_or_else(|e| {
            panic!(
                "{:?} plan {:?} fails: {e}",
                options.solver, solution.actions
            )
        });
        if solution.outcome == Outcome::Found {
            assert_eq!(game.status(), Status::Victory, "Found without a victory");
        }
        assert!(d.monsters.len() > MAX_MONSTERS || solution.trace.events.len() <= 100);
        let _ = Action::ALL;
    }
}

/// Act-Man `Dungeon::parse` on any text; round trip, a replay, and a tiny solve.
pub fn actman_dungeon(data: &[u8]) {
    use gridlab::games::actman::Dungeon;
    let Some(text) = text(data) else { return };
    match Dungeon::parse(&text) {
        Err(e) => check_parse_error(&e, &text),
        Ok(d) => {
            actman_checks::dungeon_invariants(&d);
            if d.walls.len() <= SMALL_CELLS {
                let tail = &data[data.len().saturating_sub(16)..];
                let actions = moves_from(tail, "12346789NSEW", 16);
                actman_checks::replay_actions(&d, &actions);
                actman_checks::solve_small(&d, pick(data));
            }
        }
    }
}

/// Act-Man `Game::replay` of any action string (`DUNGEON\0ACTIONS`).
pub fn actman_replay(data: &[u8]) {
    use gridlab::games::actman::Dungeon;
    let Some(text) = text(data) else { return };
    let (dungeon, actions) = split_moves(&text);
    if let Ok(d) = Dungeon::parse(dungeon) {
        if d.walls.len() <= 10_000 {
            actman_checks::replay_actions(&d, actions);
        }
    }
}

// ---------------------------------------------------------------------------------
// Rogue

mod rogue_checks {
    use super::*;
    use gridlab::games::rogue::{
        Analysis, CycleRogue, Dungeon, Game, MonsterStrategy, Referee, RogueStrategy, Site,
    };

    pub fn dungeon_invariants(d: &Dungeon) {
        assert_ne!(d.monster, d.rogue);
        assert_eq!(d.sites[d.monster], Site::Room);
        assert_eq!(d.sites[d.rogue], Site::Room);
        assert!(d.monster_letter.is_ascii_uppercase());
        let text = d.to_text();
        assert_eq!(
            Dungeon::parse(&text).as_ref(),
            Ok(d),
            "round trip of {text:?}"
        );
    }

    pub fn rooms(d: &Dungeon) -> usize {
        d.sites.cells().iter().filter(|&&s| s != Site::Wall).count()
    }

    pub fn replay_digits(d: &Dungeon, digits: &str, max_moves: u32) -> Game {
        let mut game = Game::new(d, max_moves);
        match game.replay(d, digits) {
            Ok(()) => assert_eq!(game.moves().chars().count(), digits.chars().count()),
            Err(e) => {
                check_move_error(&e, digits);
                assert_eq!(
                    game.moves().chars().count(),
                    e.index,
                    "stops at the bad move"
                );
            }
        }
        check_game(d, &game);
        game
    }

    pub fn check_game(d: &Dungeon, game: &Game) {
        assert_eq!(game.positions().len(), game.moves().chars().count() + 1);
        let _ = game.transcript(d);
        if let Some(e) = game.ending() {
            let _ = (e.line(), e.detail());
        }
        for digit in game.legal_steps(d).chars() {
            game.clone()
                .play_digit(d, digit)
                .expect("a legal step plays");
        }
    }

    /// The exact solution and the strategies, on small dungeons.
    pub fn analyse(d: &Dungeon, b: u8) {
        let analysis = Analysis::new(d).expect("small dungeons are within the limit");
        let _ = analysis.summary(d);
        let _ = analysis.best_monster_moves(d, d.monster, d.rogue);
        let _ = analysis.best_rogue_moves(d, d.monster, d.rogue);
        let _ = CycleRogue::new(d).cycles();
        let monster = if b & 1 == 0 {
            MonsterStrategy::Bfs
        } else {
            MonsterStrategy::Optimal
        };
        let rogue = match (b >> 1) % 3 {
            0 => RogueStrategy::Naive,
            1 => RogueStrategy::Cycle,
            _ => RogueStrategy::Optimal,
        };
        let game = Referee::new(d, monster, rogue)
            .expect("small dungeons are within the limit")
            .play_game(40);
        assert!(game.ending().is_some(), "a refereed game ends");
        check_game(d, &game);
    }
}

/// Rogue `Dungeon::parse` and `parse_lenient` on any text; round trip, a replay, and
/// the exact analysis with every strategy when small.
pub fn rogue_dungeon(data: &[u8]) {
    use gridlab::games::rogue::Dungeon;
    let Some(text) = text(data) else { return };
    let strict = Dungeon::parse(&text);
    let lenient = Dungeon::parse_lenient(&text);
    match (&strict, &lenient) {
        (Ok(d), Ok((l, warnings))) => {
            assert_eq!(d, l, "lenient reading differs from the strict one");
            assert!(
                warnings.is_empty(),
                "warnings for a strict dungeon: {warnings:?}"
            );
        }
        (Ok(_), Err(e)) => panic!("strict reads it, lenient does not: {e}"),
        (Err(e), _) => check_parse_error(e, &text),
    }
    if let Ok((d, warnings)) = lenient {
        for w in &warnings {
            // A missing row is reported at the line it would be on, past the text.
            assert!(
                w.line >= 2 && w.column >= 1 && !w.message.is_empty(),
                "{w:?}"
            );
        }
        rogue_checks::dungeon_invariants(&d);
        if d.sites.len() <= SMALL_CELLS {
            let tail = &data[data.len().saturating_sub(20)..];
            rogue_checks::replay_digits(&d, &moves_from(tail, "123456789", 20), 10);
        }
        if rogue_checks::rooms(&d) <= 40 && d.sites.len() <= SMALL_CELLS {
            rogue_checks::analyse(&d, pick(data));
        }
    }
}

/// Rogue `Game::replay` of any digit string (`DUNGEON\0DIGITS`).
pub fn rogue_replay(data: &[u8]) {
    use gridlab::games::rogue::Dungeon;
    let Some(text) = text(data) else { return };
    let (dungeon, digits) = split_moves(&text);
    if let Ok((d, _)) = Dungeon::parse_lenient(dungeon) {
        let max_moves = u32::from(pick(data) % 50);
        let mut game = rogue_checks::replay_digits(&d, digits, max_moves);
        while game.undo() {}
        assert_eq!(game.positions().len(), 1);
        assert_eq!(game.positions()[0], (d.monster, d.rogue));
    }
}

// ---------------------------------------------------------------------------------
// GPac

mod gpac_checks {
    use super::*;
    use gridlab::games::gpac::{
        play, repair, End, GhostKind, Map, PacKind, Replay, Settings, World, WorldFile,
    };
    use std::sync::Arc;

    pub fn map_invariants(map: &Map) {
        assert_eq!(map.len(), map.width() * map.height());
        let text = map.to_text();
        assert_eq!(
            Map::parse(&text).as_ref(),
            Ok(map),
            "round trip of {text:?}"
        );
    }

    /// A world file must read back from its text, and (if it replays) show every
    /// snapshot.
    pub fn world_invariants(world: &WorldFile) {
        let text = world.to_text();
        let again = WorldFile::parse(&text).unwrap_or_else(|e| panic!("{e} in {text:?}"));
        assert_eq!(again.to_text(), text);
    }

    pub fn replay_world(world: WorldFile) -> Result<(), ParseError> {
        let cells = world.width * world.height;
        let replay = Replay::new(world)?;
        assert!(!replay.is_empty());
        let shown = if cells.saturating_mul(replay.len()) <= 1_000_000 {
            replay.len()
        } else {
            1
        };
        for i in 0..shown {
            let frame = replay.frame(i).expect("a frame per snapshot");
            assert_eq!(frame.ghosts.len(), replay.world().snapshots[i].ghosts.len());
            let render = replay.render(i).expect("a render per snapshot");
            assert_eq!(render.lines().count(), replay.world().height);
        }
        assert!(replay.frame(replay.len()).is_none());
        Ok(())
    }

    /// Whole games between the framework's agents on a small map; each logged game
    /// must read back and replay.
    pub fn play_small(map: &Map, b: u8) {
        let settings = Settings {
            time_multiplier: 1.0,
            ghosts: usize::from(b % 4),
            fruit_prob: 0.2,
            ..Settings::default()
        };
        if settings.check_for(map.len()).is_err()
            || map.is_wall_cell(map.pacman_start())
            || map.is_wall_cell(map.ghost_start())
        {
            return;
        }
        let pacman = [PacKind::Pill, PacKind::Fruit, PacKind::Avoid][usize::from(b / 4) % 3];
        let ghosts = [GhostKind::Wander, GhostKind::Chase][usize::from(b / 12) % 2];
        let world = Arc::new(World::new(map.clone()));
        let outcome = play(&world, &settings, pacman, ghosts, u64::from(b), true);
        let log = outcome.log.expect("asked for the log");
        world_invariants(&log);
        let text = log.to_text();
        let parsed = WorldFile::parse(&text).expect("a game's log reads back");
        if let Err(e) = replay_world(parsed) {
            panic!("a game's log does not replay: {e}\n{text}");
        }
        if outcome.end == End::TimeUp {
            assert!(outcome.turns as usize <= map.len());
        }
    }

    pub fn repair_small(map: &Map) {
        let repaired = repair(map);
        let m = &repaired.map;
        assert_eq!((m.width(), m.height()), (map.width(), map.height()));
        assert!(!m.is_wall_cell(m.pacman_start()) && !m.is_wall_cell(m.ghost_start()));
        let dist = m.distances_from(m.pacman_start());
        for (c, &d) in dist.iter().enumerate() {
            if !m.is_wall_cell(c as u32) {
                assert_ne!(
                    d,
                    gridlab::games::gpac::FAR,
                    "repaired map: cell {c} cut off"
                );
            }
        }
    }
}

/// GPac `Map::parse` on any text; round trip, repair, and whole games when small.
pub fn gpac_map(data: &[u8]) {
    use gridlab::games::gpac::Map;
    let Some(text) = text(data) else { return };
    match Map::parse(&text) {
        Err(e) => check_parse_error(&e, &text),
        Ok(map) => {
            gpac_checks::map_invariants(&map);
            if map.len() <= SMALL_CELLS {
                let _ = map.dead_ends();
                gpac_checks::repair_small(&map);
                gpac_checks::play_small(&map, pick(data));
            }
        }
    }
}

/// GPac `WorldFile::parse` + `Replay::new` on any text (the replay viewer's input).
pub fn gpac_world(data: &[u8]) {
    use gridlab::games::gpac::WorldFile;
    let Some(text) = text(data) else { return };
    match WorldFile::parse(&text) {
        Err(e) => check_parse_error(&e, &text),
        Ok(world) => {
            gpac_checks::world_invariants(&world);
            if let Err(e) = gpac_checks::replay_world(world) {
                check_parse_error(&e, &text);
            }
        }
    }
}

/// GPac `Ini::parse` + `EvolveConfig::from_ini` + `check` on any text (the lab's
/// config editor); a valid config, shrunk, runs a few generations.
pub fn gpac_config(data: &[u8]) {
    use gridlab::games::gpac::evolve::{EvolveConfig, Run};
    use gridlab::games::gpac::Ini;
    let Some(text) = text(data) else { return };
    let ini = match Ini::parse(&text) {
        Err(e) => return check_parse_error(&e, &text),
        Ok(ini) => ini,
    };
    for (section, key) in [
        ("EA_configs", "mu"),
        ("fitness_kwargs", "width"),
        ("fitness_kwargs", "pill_density"),
        ("recombination_kwargs", "method"),
    ] {
        match ini.get(section, key) {
            Ok(Some(v)) => assert!(v.len() <= gridlab::games::gpac::MAX_EXPANDED_LEN),
            Ok(None) => {}
            Err(e) => assert!(e.line >= 1 && !e.message.is_empty()),
        }
        let _ = ini.number(section, key);
        let _ = ini.boolean(section, key);
    }
    let config = match EvolveConfig::from_ini(&ini) {
        Err(e) => return assert!(e.line >= 1 && !e.message.is_empty(), "{e:?}"),
        Ok(config) => config,
    };
    if config.check().is_err() {
        return;
    }
    let small = EvolveConfig {
        width: config.width.min(6),
        height: config.height.min(5),
        samples: config.samples.min(2),
        mu: config.mu.min(4),
        lambda: config.lambda.min(4),
        evaluations: config.evaluations.min(12),
        ..config
    };
    let small = EvolveConfig {
        settings: gridlab::games::gpac::Settings {
            time_multiplier: small.settings.time_multiplier.min(2.0),
            ghosts: small.settings.ghosts.min(3),
            ..small.settings.clone()
        },
        parents: match small.parents {
            gridlab::games::gpac::evolve::ParentSelection::Tournament { k } => {
                gridlab::games::gpac::evolve::ParentSelection::Tournament { k: k.min(8) }
            }
            other => other,
        },
        survival: match small.survival {
            gridlab::games::gpac::evolve::SurvivalSelection::Tournament { k } => {
                gridlab::games::gpac::evolve::SurvivalSelection::Tournament { k: k.min(8) }
            }
            other => other,
        },
        ..small
    };
    if small.check().is_err() {
        return;
    }
    let mut run = Run::new(small, u64::from(pick(data)));
    for _ in 0..8 {
        if run.step().is_none() {
            break;
        }
    }
    if let Some(best) = run.best() {
        let map = best.map(run.config());
        gpac_checks::map_invariants(&map);
        let world = best.world_file(run.config());
        gpac_checks::world_invariants(&world);
    }
}

// ---------------------------------------------------------------------------------
// Arena

mod arena_checks {
    use gridlab::games::arena::{replay, tick_line, Arena, CommandLog};

    /// The checks `ArenaSession::from_log` and `arena_replay_scores` rely on: a log
    /// replays (to a state the wire format can send) and replays the same twice.
    pub fn replay_log(log: &CommandLog) -> Arena {
        let arena = replay(log);
        assert!(arena.tick as usize <= log.steps.len());
        let line = tick_line(&arena, true);
        assert!(line.starts_with("{\"tick\":"), "{line}");
        arena
    }
}

/// Arena `parse_client_line` on any line a client may send.
pub fn arena_wire(data: &[u8]) {
    use gridlab::games::arena::{parse_client_line, ClientMessage, Command, MAX_LINE};
    let Some(text) = text(data) else { return };
    if text.len() > MAX_LINE {
        return;
    }
    match parse_client_line(&text) {
        Err(e) => assert!(!e.is_empty()),
        Ok(ClientMessage::Hello(name)) => {
            assert!(name.chars().count() <= 40 && !name.chars().any(char::is_control));
        }
        Ok(ClientMessage::Command(_, c)) => {
            assert_eq!(Command::from_word(c.word()), Some(c));
            let json = serde_json::to_string(&c).expect("commands serialise");
            assert_eq!(serde_json::from_str::<Command>(&json).ok(), Some(c));
        }
        Ok(ClientMessage::Pass(_) | ClientMessage::Spectate) => {}
    }
}

/// An Arena command log (a server's replay file, JSON) replayed as
/// `ArenaSession::from_log` and `arena_replay_scores` do.
pub fn arena_replay(data: &[u8]) {
    use gridlab::games::arena::{tournament_points, CommandLog};
    let Some(text) = text(data) else { return };
    let Ok(log) = CommandLog::parse(&text) else {
        return; // from_log refuses it with a message
    };
    let arena = arena_checks::replay_log(&log);
    let again = arena_checks::replay_log(&log);
    assert_eq!(arena, again, "a replay is deterministic");
    let scores: Vec<i64> = arena.players.iter().map(|p| p.score).collect();
    if let Ok(scores) = <[i64; 4]>::try_from(scores) {
        let points = tournament_points(&scores);
        assert!((points.iter().sum::<f64>() - 11.0).abs() < 1e-9);
    }
}

// ---------------------------------------------------------------------------------
// The wasm bindings' pure calls, as sessions of operations

/// A row or column as the page sends it: usually near the board, sometimes anywhere.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Coord {
    Near(u8),
    Far(u32),
}

impl Coord {
    fn get(self) -> usize {
        match self {
            Coord::Near(n) => usize::from(n % 24),
            Coord::Far(n) => n as usize,
        }
    }
}

/// A symbol as the palette (or a bad caller) sends it.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Symbol {
    Palette(u8),
    Any(char),
}

impl Symbol {
    fn get(self, palette: &str) -> char {
        match self {
            Symbol::Palette(i) => {
                let p: Vec<char> = palette.chars().collect();
                p[usize::from(i) % p.len()]
            }
            Symbol::Any(c) => c,
        }
    }
}

#[derive(Arbitrary, Debug)]
enum EditorOp {
    Paint(Coord, Coord, Symbol),
    Resize(Coord, Coord),
    Play(Symbol),
    Replay(Vec<u8>),
    Undo,
    Restart,
    Solve(u8),
}

const PENGU_LEVELS: [&str; 3] = [
    "4 6\n######\n#P * #\n#*   #\n######\n",
    "6 7\n#######\n#P  U #\n# *0  #\n#S   *#\n#  *  #\n#######\n",
    "3 3\n###\n#P#\n###\n",
];

/// `PenguSession`: paint, resize, play, replay (legal prefix kept), undo, restart,
/// solve, as `src/wasm/pengu.rs` calls them.
pub fn wasm_pengu(data: &[u8]) {
    use gridlab::games::pengu::{Game, Level};
    let mut u = Unstructured::new(data);
    let Ok(start) = u8::arbitrary(&mut u) else {
        return;
    };
    let Ok(ops) = Vec::<EditorOp>::arbitrary(&mut u) else {
        return;
    };
    let mut level = Level::parse(PENGU_LEVELS[usize::from(start) % 3]).expect("built-in");
    let mut game = Game::new(&level);
    let mut budget = Budget(Budget::SESSION);
    for op in ops.into_iter().take(64) {
        if !budget.spend(level.tiles.len() + 16) {
            break;
        }
        match op {
            EditorOp::Paint(r, c, s) => {
                let before = level.clone();
                match level.paint(Pos::new(r.get(), c.get()), s.get("# 0*USP")) {
                    Ok(()) => pengu_checks::level_invariants(&level),
                    Err(e) => {
                        assert!(!e.is_empty());
                        assert_eq!(level, before, "a refused paint changes nothing");
                    }
                }
                game = Game::new(&level);
            }
            EditorOp::Resize(r, c) => {
                let (rows, cols) = (r.get(), c.get());
                let side = |n: usize| n.clamp(3, gridlab::games::pengu::MAX_RESIZED_SIDE);
                if !budget.spend(side(rows) * side(cols) * 4) {
                    continue;
                }
                level = level.resized(rows, cols);
                assert_eq!(level.tiles.rows(), side(rows));
                assert_eq!(level.tiles.cols(), side(cols));
                pengu_checks::level_invariants(&level);
                game = Game::new(&level);
            }
            EditorOp::Play(s) => {
                let before = game.moves().len();
                let c = s.get("12346789");
                match Dir::from_digit(c).map(|d| game.play(d)) {
                    Some(Ok(_)) => assert_eq!(game.moves().len(), before + 1),
                    _ => assert_eq!(game.moves().len(), before),
                }
            }
            EditorOp::Replay(bytes) => {
                let moves = moves_from(&bytes, "12346789", 32);
                game = pengu_checks::replay_moves(&level, &moves);
            }
            EditorOp::Undo => {
                let mut moves = game.moves().to_string();
                if moves.pop().is_some() {
                    game = gridlab::games::pengu::replay(&level, &moves)
                        .expect("undo replays legal moves");
                }
            }
            EditorOp::Restart => game = Game::new(&level),
            EditorOp::Solve(b) => {
                if level.tiles.len() <= SMALL_CELLS {
                    pengu_checks::solve_small(&level, b);
                }
            }
        }
        pengu_checks::check_game(&level, &game);
    }
}

const ACTMAN_DUNGEONS: [&str; 3] = [
    "5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########\n",
    "3 6\n######\n#A @G#\n######\n",
    "4 4\n####\n#A #\n#  #\n####\n",
];

#[derive(Arbitrary, Debug)]
enum ActmanOp {
    Editor(EditorOp),
    ChasesTowards(Coord, Coord),
    Verdict(Option<u16>),
}

/// `ActmanSession`: paint, resize, play, replay, undo, `chases_towards` (the
/// `cell_on_board` guard), verdicts and solve, as `src/wasm/actman.rs` calls them.
pub fn wasm_actman(data: &[u8]) {
    use gridlab::games::actman::{Action, Dungeon, Game};
    let mut u = Unstructured::new(data);
    let Ok(start) = u8::arbitrary(&mut u) else {
        return;
    };
    let Ok(ops) = Vec::<ActmanOp>::arbitrary(&mut u) else {
        return;
    };
    let mut d = Dungeon::parse(ACTMAN_DUNGEONS[usize::from(start) % 3]).expect("built-in");
    let mut game = Game::new(&d);
    let mut budget = Budget(Budget::SESSION);
    for op in ops.into_iter().take(64) {
        // A new game builds a board of ~40 bytes a cell.
        if !budget.spend(d.walls.len() * 8 + 16) {
            break;
        }
        match op {
            ActmanOp::Editor(EditorOp::Paint(r, c, s)) => {
                let before = d.clone();
                match d.paint(Pos::new(r.get(), c.get()), s.get("# GD@A")) {
                    Ok(()) => actman_checks::dungeon_invariants(&d),
                    Err(e) => {
                        assert!(!e.is_empty());
                        assert_eq!(d, before, "a refused paint changes nothing");
                    }
                }
                game = Game::new(&d);
            }
            ActmanOp::Editor(EditorOp::Resize(r, c)) => {
                let (rows, cols) = (r.get(), c.get());
                let side = |n: usize| n.clamp(3, 1000);
                if !budget.spend(side(rows) * side(cols) * 40) {
                    continue;
                }
                d = d.resized(rows, cols);
                assert_eq!((d.walls.rows(), d.walls.cols()), (side(rows), side(cols)));
                actman_checks::dungeon_invariants(&d);
                game = Game::new(&d);
            }
            ActmanOp::Editor(EditorOp::Play(s)) => {
                let before = game.actions().len();
                match Action::from_symbol(s.get("12346789NSEW")).map(|a| game.play(a)) {
                    Some(Ok(_)) => assert_eq!(game.actions().len(), before + 1),
                    _ => assert_eq!(game.actions().len(), before),
                }
            }
            ActmanOp::Editor(EditorOp::Replay(bytes)) => {
                let actions = moves_from(&bytes, "12346789NSEW", 32);
                actman_checks::replay_actions(&d, &actions);
                game = Game::replay(&d, &actions)
                    .or_else(|e| Game::replay(&d, &prefix(&actions, e.index)))
                    .expect("the legal prefix replays");
            }
            ActmanOp::Editor(EditorOp::Undo) => {
                let mut actions = game.actions().to_string();
                if actions.pop().is_some() {
                    game = Game::replay(&d, &actions).expect("undo replays legal actions");
                }
            }
            ActmanOp::Editor(EditorOp::Restart) => game = Game::new(&d),
            ActmanOp::Editor(EditorOp::Solve(b)) => {
                if d.walls.len() <= SMALL_CELLS {
                    actman_checks::solve_small(&d, b);
                }
            }
            ActmanOp::ChasesTowards(r, c) => {
                let board = game.board();
                let p = Pos::new(r.get(), c.get());
                let on = p.row < d.walls.rows() && p.col < d.walls.cols();
                match board.cell_on_board(p) {
                    None => assert!(!on, "{p:?} is on the board"),
                    Some(target) => {
                        assert!(on, "{p:?} is off the board");
                        assert_eq!(board.pos(target), p);
                        for (from, kind) in game.monsters() {
                            let to = board.pos(board.chase(board.cell(from), kind, target));
                            assert!(
                                to.row.abs_diff(from.row) <= 1 && to.col.abs_diff(from.col) <= 1
                            );
                        }
                    }
                }
            }
            ActmanOp::Verdict(limit) => {
                assert!(!game.verdict(limit.map(usize::from)).is_empty());
            }
        }
        actman_checks::check_game(&game);
    }
}

const ROGUE_DUNGEONS: [&str; 3] = [
    "3\nA . .\n. . .\n. . @\n",
    "5\nA . + . .\n.       .\n+       +\n.       .\n. . + . @\n",
    "2\nA .\n. @\n",
];

#[derive(Arbitrary, Debug)]
enum RogueOp {
    Paint(Coord, Coord, Symbol),
    Resize(Coord),
    SetPlayers(u8, u8),
    SetMaxMoves(u32),
    Play(Symbol),
    Step,
    Run(u8),
    Replay(Vec<u8>),
    Undo,
    Restart,
    Analyse,
}

/// `RogueSession`: paint, resize, players, play, step/run by strategies, replay,
/// undo, and the exact analysis (`outcome_map`, `exact`, `cycles`), as
/// `src/wasm/rogue.rs` calls them.
pub fn wasm_rogue(data: &[u8]) {
    use gridlab::games::rogue::{
        Analysis, CycleRogue, Dungeon, Game, MonsterStrategy, Player, RogueStrategy,
        SharedAnalysis, Side,
    };
    let mut u = Unstructured::new(data);
    let Ok(start) = u8::arbitrary(&mut u) else {
        return;
    };
    let Ok(ops) = Vec::<RogueOp>::arbitrary(&mut u) else {
        return;
    };
    let mut d = Dungeon::parse(ROGUE_DUNGEONS[usize::from(start) % 3]).expect("built-in");
    let mut game = Game::new(&d, 1000);
    let names = ["bfs", "optimal", "human", "naive", "cycle", "x"];
    let (mut monster, mut rogue) = ("bfs", "naive");
    let mut budget = Budget(Budget::SESSION);
    let small = |d: &Dungeon| rogue_checks::rooms(d) <= 40;
    let players = |d: &Dungeon, m: &str, r: &str| {
        let mut shared = SharedAnalysis::default();
        let m: Option<Box<dyn Player>> = m
            .parse::<MonsterStrategy>()
            .ok()
            .filter(|s| *s == MonsterStrategy::Bfs || small(d))
            .map(|s| s.player(d, &mut shared).expect("within the analysis limit"));
        let r: Option<Box<dyn Player>> = r
            .parse::<RogueStrategy>()
            .ok()
            .filter(|s| *s != RogueStrategy::Optimal || small(d))
            .map(|s| s.player(d, &mut shared).expect("within the analysis limit"));
        (m, r)
    };
    let (mut mp, mut rp) = players(&d, monster, rogue);
    for op in ops.into_iter().take(48) {
        if !budget.spend(d.sites.len() * 4 + 16) {
            break;
        }
        match op {
            RogueOp::Paint(r, c, s) => {
                let before = d.clone();
                match d.paint(Pos::new(r.get(), c.get()), s.get(" .+@AZ")) {
                    Ok(()) => rogue_checks::dungeon_invariants(&d),
                    Err(e) => {
                        assert!(!e.is_empty());
                        assert_eq!(d, before, "a refused paint changes nothing");
                    }
                }
                game = Game::new(&d, game.max_moves());
                (mp, rp) = players(&d, monster, rogue);
            }
            RogueOp::Resize(n) => {
                let side = n.get().clamp(2, gridlab::games::rogue::MAX_SIDE);
                if !budget.spend(side * side * 8) {
                    continue;
                }
                d = d.resized(n.get());
                assert_eq!(d.size(), side);
                rogue_checks::dungeon_invariants(&d);
                game = Game::new(&d, game.max_moves());
                (mp, rp) = players(&d, monster, rogue);
            }
            RogueOp::SetPlayers(m, r) => {
                let (m, r) = (names[usize::from(m) % 6], names[usize::from(r) % 6]);
                let ok_m = m == "human" || m.parse::<MonsterStrategy>().is_ok();
                let ok_r = r == "human" || r.parse::<RogueStrategy>().is_ok();
                if ok_m && ok_r {
                    (monster, rogue) = (m, r);
                    (mp, rp) = players(&d, monster, rogue);
                }
            }
            RogueOp::SetMaxMoves(t) => game = Game::new(&d, t.clamp(1, 200)),
            RogueOp::Play(s) => {
                let before = game.moves().len();
                match game.play_digit(&d, s.get("123456789")) {
                    Ok(_) => assert_eq!(game.moves().len(), before + 1),
                    Err(e) => {
                        assert!(!e.is_empty());
                        assert_eq!(game.moves().len(), before);
                    }
                }
            }
            RogueOp::Step | RogueOp::Run(_) => {
                let n = match op {
                    RogueOp::Run(n) => n,
                    _ => 1,
                };
                for _ in 0..n {
                    let Some(side) = game.to_move() else { break };
                    let player = match side {
                        Side::Monster => mp.as_deref_mut(),
                        Side::Rogue => rp.as_deref_mut(),
                    };
                    let Some(player) = player else { break };
                    game.play_player(&d, player);
                }
            }
            RogueOp::Replay(bytes) => {
                let digits = moves_from(&bytes, "123456789", 32);
                game = rogue_checks::replay_digits(&d, &digits, game.max_moves());
                (mp, rp) = players(&d, monster, rogue);
            }
            RogueOp::Undo => {
                let len = game.moves().len();
                assert_eq!(game.undo(), len > 0);
            }
            RogueOp::Restart => {
                game = Game::new(&d, game.max_moves());
                (mp, rp) = players(&d, monster, rogue);
            }
            RogueOp::Analyse => {
                if !small(&d) {
                    continue;
                }
                let analysis = Analysis::new(&d).expect("small dungeons are within the limit");
                let (m, r) = (game.monster(), game.rogue());
                for i in 0..d.sites.len() {
                    let p = d.sites.pos_of(i);
                    let _ = (analysis.monster_to_move(m, p), analysis.rogue_to_move(m, p));
                }
                let _ = analysis.best_monster_moves(&d, m, r);
                let _ = analysis.best_rogue_moves(&d, m, r);
                let _ = CycleRogue::new(&d).cycles();
            }
        }
        rogue_checks::check_game(&d, &game);
    }
}

const GPAC_MAPS: [&str; 3] = [
    "5 4\n~~~~~\n~#~#~\n~~~#~\n#~~~~\n",
    "3 2\n~~~\n#~~\n",
    "2 1\n~~\n",
];

#[derive(Arbitrary, Debug)]
struct GpacSettings {
    pill_density: f64,
    pill_spawn: u8,
    fruit_prob: f64,
    fruit_score: u32,
    time_multiplier: f64,
    ghosts: u8,
    no_pill_on_ghost_start: bool,
}

#[derive(Arbitrary, Debug)]
enum GpacOp {
    Paint(Coord, Coord, bool),
    Resize(Coord, Coord),
    Random(u8, u8, f64, u64),
    Session(Option<GpacSettings>, u64),
    SetPlayers(u8, u8),
    Step(Option<char>),
    Run(u8),
    WorldFile(bool),
}

/// `gpac_paint`, `gpac_resize`, `GpacSession` (new with any settings, random maps,
/// players, steps by keyboard or agents) and its world file, which must read back and
/// replay, as `src/wasm/gpac.rs` calls them.
pub fn wasm_gpac(data: &[u8]) {
    use gridlab::games::gpac::{
        random_map, Agents, Game, GameRng, GhostKind, Map, Move, PacKind, PillSpawn, Settings,
        World, WorldFile,
    };
    use rand::SeedableRng;
    use std::sync::Arc;

    struct Session {
        world: Arc<World>,
        settings: Settings,
        pacman: Option<PacKind>,
        ghosts: GhostKind,
        rng: GameRng,
        game: Game,
        agents: Agents,
    }
    let session = |map: Map, settings: Settings, seed: u64| -> Option<Session> {
        settings.check_for(map.len()).ok()?;
        if map.is_wall_cell(map.pacman_start()) || map.is_wall_cell(map.ghost_start()) {
            return None;
        }
        let world = Arc::new(World::new(map));
        let mut rng = GameRng::seed_from_u64(seed);
        let game = Game::new(Arc::clone(&world), &settings, &mut rng, true);
        let agents = Agents::new(PacKind::Avoid, GhostKind::Chase, settings.ghosts);
        Some(Session {
            world,
            settings,
            pacman: Some(PacKind::Avoid),
            ghosts: GhostKind::Chase,
            rng,
            game,
            agents,
        })
    };

    let mut u = Unstructured::new(data);
    let Ok(start) = u8::arbitrary(&mut u) else {
        return;
    };
    let Ok(ops) = Vec::<GpacOp>::arbitrary(&mut u) else {
        return;
    };
    let mut map = Map::parse(GPAC_MAPS[usize::from(start) % 3]).expect("built-in");
    let mut s: Option<Session> = None;
    let mut budget = Budget(Budget::SESSION);
    for op in ops.into_iter().take(48) {
        if !budget.spend(map.len() + 16) {
            break;
        }
        match op {
            GpacOp::Paint(r, c, wall) => {
                // gpac_paint: parse the map text, paint, write it.
                let text = map.to_text();
                let parsed = Map::parse(&text).expect("a map reads back");
                match parsed.painted(r.get(), c.get(), wall) {
                    Ok(m) => {
                        gpac_checks::map_invariants(&m);
                        map = m;
                    }
                    Err(e) => assert!(!e.is_empty()),
                }
            }
            GpacOp::Resize(r, c) => {
                let side = |n: usize, min: usize| n.clamp(min, gridlab::games::gpac::MAX_SIDE);
                let (rows, cols) = (side(r.get(), 1), side(c.get(), 2));
                if !budget.spend(rows * cols * 4) {
                    continue;
                }
                map = map.resized(r.get(), c.get());
                assert_eq!((map.height(), map.width()), (rows, cols));
                assert!(!map.is_wall_cell(map.pacman_start()));
                assert!(!map.is_wall_cell(map.ghost_start()));
                gpac_checks::map_invariants(&map);
            }
            GpacOp::Random(w, h, density, seed) => {
                // GpacSession::random's guards.
                let (w, h) = (usize::from(w), usize::from(h));
                if !(1..=200).contains(&w) || !(1..=200).contains(&h) || w * h < 2 {
                    continue;
                }
                if !(density.is_finite() && (0.0..=1.0).contains(&density)) {
                    continue;
                }
                if !budget.spend(w * h * 16) {
                    continue;
                }
                map = random_map(w, h, density, seed);
                assert_eq!((map.width(), map.height()), (w, h));
                s = session(map.clone(), Settings::default(), seed);
            }
            GpacOp::Session(settings, seed) => {
                let settings = match settings {
                    None => Settings::default(),
                    Some(g) => Settings {
                        pill_density: g.pill_density,
                        pill_spawn: [
                            PillSpawn::Stochastic,
                            PillSpawn::Linear,
                            PillSpawn::Manhattan,
                        ][usize::from(g.pill_spawn % 3)],
                        fruit_prob: g.fruit_prob,
                        fruit_score: g.fruit_score,
                        time_multiplier: g.time_multiplier,
                        ghosts: usize::from(g.ghosts),
                        no_pill_on_ghost_start: g.no_pill_on_ghost_start,
                    },
                };
                if !budget.spend(map.len() * (settings.ghosts + 4)) {
                    continue;
                }
                s = session(map.clone(), settings, seed);
            }
            GpacOp::SetPlayers(p, g) => {
                if let Some(s) = &mut s {
                    s.pacman = [
                        None,
                        Some(PacKind::Pill),
                        Some(PacKind::Fruit),
                        Some(PacKind::Avoid),
                    ][usize::from(p % 4)];
                    s.ghosts = [GhostKind::Wander, GhostKind::Chase][usize::from(g % 2)];
                    s.rng = GameRng::seed_from_u64(u64::from(p));
                    s.game = Game::new(Arc::clone(&s.world), &s.settings, &mut s.rng, true);
                    s.agents = Agents::new(
                        s.pacman.unwrap_or(PacKind::Pill),
                        s.ghosts,
                        s.settings.ghosts,
                    );
                }
            }
            GpacOp::Step(_) | GpacOp::Run(_) => {
                let Some(s) = &mut s else { continue };
                let (turns, key) = match op {
                    GpacOp::Run(n) => (usize::from(n), None),
                    GpacOp::Step(key) => (1, key),
                    _ => unreachable!(),
                };
                for _ in 0..turns {
                    if s.game.end().is_some()
                        || !budget.spend(s.world.map.len() * (s.settings.ghosts + 1))
                    {
                        break;
                    }
                    let pac_move = match (s.pacman, key) {
                        (None, Some(c)) => match Move::from_letter(c) {
                            Some(mv) if s.game.target(s.game.pacman(), mv, false).is_some() => mv,
                            _ => break,
                        },
                        (None, None) => Move::Hold,
                        (Some(_), _) => s.agents.pacman.choose(&s.game, &mut s.rng),
                    };
                    let ghost_moves = s.agents.ghost_moves(&s.game, &mut s.rng).to_vec();
                    s.game
                        .step(pac_move, &ghost_moves, &mut s.rng)
                        .expect("the agents' and checked keyboard moves are legal");
                }
                let _ = s.game.legal_moves(s.game.pacman(), false).count();
            }
            GpacOp::WorldFile(zero_based) => {
                let Some(s) = &s else { continue };
                let mut log = s.game.log().cloned().expect("sessions log their games");
                if zero_based {
                    log.first_ghost_id = 0;
                }
                let text = log.to_text();
                let parsed = WorldFile::parse(&text).unwrap_or_else(|e| {
                    panic!("a session's world file does not read: {e}\n{text}")
                });
                assert_eq!(parsed.to_text(), text);
                if let Err(e) = gpac_checks::replay_world(parsed) {
                    panic!("a session's world file does not replay: {e}\n{text}");
                }
            }
        }
    }
}

#[derive(Arbitrary, Debug)]
enum ArenaOp {
    Command(u8, u8),
    Step(u8),
    State(bool),
    Seek(u16),
    Points([f64; 4]),
    Log,
}

/// `ArenaSession` (seats, commands, steps, state lines, seek, the command log that
/// must replay to the same state) and `arena_tournament_points`, as
/// `src/wasm/arena.rs` calls them.
pub fn wasm_arena(data: &[u8]) {
    use gridlab::games::arena::{
        replay, tick_line, tournament_points, Arena, Bot, BotKind, Command, CommandLog, Config,
    };
    let mut u = Unstructured::new(data);
    let Ok(seats) = <[u8; 4]>::arbitrary(&mut u) else {
        return;
    };
    let Ok(seed) = u64::arbitrary(&mut u) else {
        return;
    };
    let Ok(steps) = Option::<u32>::arbitrary(&mut u) else {
        return;
    };
    let Ok(ops) = Vec::<ArenaOp>::arbitrary(&mut u) else {
        return;
    };
    let names = ["human", "greedy", "hunter", "miner", "bogus"];
    let seats: Vec<String> = seats
        .iter()
        .map(|&s| names[usize::from(s) % names.len()].to_string())
        .collect();
    let mut bots: Vec<Option<Box<dyn Bot + Send>>> = Vec::new();
    for s in &seats {
        match s.as_str() {
            "human" => bots.push(None),
            other => match other.parse::<BotKind>() {
                Ok(kind) => bots.push(Some(kind.bot())),
                Err(e) => return assert!(!e.is_empty()),
            },
        }
    }
    let config = Config {
        steps: steps.unwrap_or(6000).max(1),
        ..Config::default()
    };
    let mut arena = Arena::new(config.clone(), seed);
    let mut log = CommandLog {
        seed,
        config,
        names: seats,
        steps: Vec::new(),
    };
    let mut pending: [Option<Command>; 4] = [None; 4];
    let mut steps_left: usize = 3_000;
    let words = ["U", "D", "L", "R", "REV", "DROP", "JUMP", ""];
    let mut step =
        |arena: &mut Arena, log: &mut CommandLog, pending: &mut [Option<Command>; 4], n: usize| {
            for _ in 0..n {
                if arena.over() || steps_left == 0 {
                    break;
                }
                steps_left -= 1;
                let mut commands = [None; 4];
                for (s, bot) in bots.iter_mut().enumerate() {
                    commands[s] = match bot {
                        Some(b) => b.command(arena, s),
                        None => pending[s].take(),
                    };
                }
                arena.step(&commands);
                log.steps.push(commands);
            }
        };
    for op in ops.into_iter().take(48) {
        match op {
            ArenaOp::Command(seat, w) => {
                let word = words[usize::from(w) % words.len()];
                match Command::from_word(word) {
                    Some(c) if usize::from(seat) < 4 => pending[usize::from(seat)] = Some(c),
                    Some(_) => {}
                    None => assert!(matches!(word, "JUMP" | ""), "'{word}' is a command"),
                }
            }
            ArenaOp::Step(n) => step(&mut arena, &mut log, &mut pending, usize::from(n)),
            ArenaOp::State(with_maze) => {
                let line = tick_line(&arena, with_maze);
                assert!(line.starts_with("{\"tick\":"));
                assert_eq!(line.contains("\"maze\":"), with_maze);
            }
            ArenaOp::Seek(tick) => {
                let tick = u32::from(tick % 2_000);
                if tick < arena.tick {
                    arena = Arena::new(log.config.clone(), log.seed);
                    log.steps.clear();
                }
                let n = tick.saturating_sub(arena.tick) as usize;
                step(&mut arena, &mut log, &mut pending, n);
            }
            ArenaOp::Points(scores) => {
                let scores = scores.map(|s| s as i64);
                let points = tournament_points(&scores);
                assert!(
                    (points.iter().sum::<f64>() - 11.0).abs() < 1e-9,
                    "{points:?}"
                );
            }
            ArenaOp::Log => {
                let json = serde_json::to_string(&log).expect("a log serialises");
                let back: CommandLog = serde_json::from_str(&json).expect("a log reads back");
                assert_eq!(back, log);
                assert!(back.steps.len() <= back.config.steps as usize);
                assert_eq!(replay(&back), arena, "the command log replays the game");
            }
        }
    }
}
