//! Checks of the grid games' parsers and replays: Pengu, Act-Man, Rogue.

use super::*;

// ---------------------------------------------------------------------------------
// Pengu

pub(super) mod pengu_checks {
    use super::*;
    use gridlab::games::pengu::{
        self, replay, Cost, Game, Goal, Level, SolveOptions, Status, Tile,
    };

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
        let (solver, weight, beam_width, cells) = any_solver(b);
        let options = SolveOptions {
            solver,
            goal,
            cost: if cells { Cost::Cells } else { Cost::Moves },
            weight,
            beam_width,
            max_states: 10_000,
            max_memory: 4 << 20,
            max_depth: 12,
            seed: u64::from(b),
            random_moves: 30,
            trace_limit: usize::from(b & 1) * 100,
            record_limit: usize::from(b & 2) * 50,
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
    let Some(level) = parsed(data, Level::parse) else {
        return;
    };
    pengu_checks::level_invariants(&level);
    if level.tiles.len() <= SMALL_CELLS {
        let moves = moves_from(&data[data.len().saturating_sub(24)..], "12346789", 24);
        pengu_checks::replay_moves(&level, &moves);
        pengu_checks::solve_small(&level, pick(data));
    }
}

/// Pengu `replay` of any move string (`LEVEL\0MOVES`).
pub fn pengu_replay(data: &[u8]) {
    use gridlab::games::pengu::Level;
    let small = |level: &Level| level.tiles.len() <= 100_000;
    replay_small(data, Level::parse, small, |level, moves| {
        pengu_checks::replay_moves(level, moves);
    });
}

// ---------------------------------------------------------------------------------
// Act-Man

pub(super) mod actman_checks {
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
        let (solver, weight, beam_width, _) = any_solver(b);
        let options = SolveOptions {
            solver,
            weight,
            beam_width,
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
            record_limit: usize::from(b & 2) * 50,
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
    // The shape of `pengu_level`, over Act-Man's own types: no trait joins the games'
    // levels.
    use gridlab::games::actman::Dungeon;
    let Some(d) = parsed(data, Dungeon::parse) else {
        return;
    };
    actman_checks::dungeon_invariants(&d);
    if d.walls.len() <= SMALL_CELLS {
        let tail = &data[data.len().saturating_sub(16)..];
        let actions = moves_from(tail, "12346789NSEW", 16);
        actman_checks::replay_actions(&d, &actions);
        actman_checks::solve_small(&d, pick(data));
    }
}

/// Act-Man `Game::replay` of any action string (`DUNGEON\0ACTIONS`).
pub fn actman_replay(data: &[u8]) {
    use gridlab::games::actman::Dungeon;
    let small = |d: &Dungeon| d.walls.len() <= 10_000;
    replay_small(data, Dungeon::parse, small, actman_checks::replay_actions);
}

// ---------------------------------------------------------------------------------
// Rogue

pub(super) mod rogue_checks {
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
    if let Some(((d, _), digits)) = parsed_with_moves(data, Dungeon::parse_lenient) {
        let max_moves = u32::from(pick(data) % 50);
        let mut game = rogue_checks::replay_digits(&d, &digits, max_moves);
        while game.undo() {}
        assert_eq!(game.positions().len(), 1);
        assert_eq!(game.positions()[0], (d.monster, d.rogue));
    }
}
