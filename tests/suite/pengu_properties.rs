//! Properties over random fields: the text format round-trips, A* and ID-DFS return
//! plans as short as BFS, every plan replays to its goal, and no input panics.

use gridlab::games::pengu::{replay, solve, Game, Goal, Level, SolveOptions, Solver, Status};
use gridlab::grid::Dir;
use gridlab::search::{bfs, Algorithm, Limits, Outcome, Problem};
use proptest::prelude::*;

/// A reference search straight over the rules engine: a state is the field as it is
/// now with Pengu's cell (a `Level`), successors come from `Game::play`. It shares no
/// code with the solver's slide graph, fish reduction or heuristics.
struct ByTheRules {
    fish: usize,
    level: Level,
    goal: Goal,
}

impl Problem for ByTheRules {
    type State = Level;
    type Action = Dir;
    fn start(&self) -> Level {
        self.level.clone()
    }
    fn is_goal(&self, now: &Level) -> bool {
        let left = now.fish_count();
        match self.goal {
            Goal::All => left == 0,
            Goal::AtLeast(k) => self.fish - left >= k,
        }
    }
    fn successors(&self, now: &Level, out: &mut Vec<(Dir, Level, u32)>) {
        for dir in Dir::ALL {
            let mut next = Game::new(now);
            if next.play(dir).is_ok() && next.status() != Status::Dead {
                let level = Level {
                    tiles: next.tiles().clone(),
                    start: next.pos(),
                    notes: Default::default(),
                };
                out.push((dir, level, 1));
            }
        }
    }
}

/// A random walled field of up to 7 × 9 cells with one Pengu.
fn field() -> impl Strategy<Value = String> {
    (3usize..8, 3usize..10).prop_flat_map(|(rows, cols)| {
        let interior = (rows - 2) * (cols - 2);
        let cell = prop_oneof![
            8 => Just(' '),
            4 => Just('*'),
            2 => Just('0'),
            3 => Just('#'),
            1 => Just('U'),
            1 => Just('S'),
        ];
        (
            proptest::collection::vec(cell, interior),
            0..interior,
            Just((rows, cols)),
        )
            .prop_map(|(mut cells, pengu, (rows, cols))| {
                cells[pengu] = 'P';
                let mut text = format!("{rows} {cols}\n{}\n", "#".repeat(cols));
                for r in 0..rows - 2 {
                    text.push('#');
                    text.extend(&cells[r * (cols - 2)..(r + 1) * (cols - 2)]);
                    text.push_str("#\n");
                }
                text.push_str(&"#".repeat(cols));
                text.push('\n');
                text
            })
    })
}

fn run(level: &Level, algorithm: Algorithm, goal: Goal) -> (Outcome, String) {
    let options = SolveOptions {
        solver: Solver::Search(algorithm),
        goal,
        max_states: 200_000,
        ..SolveOptions::default()
    };
    let s = solve(level, &options, None, None);
    (s.outcome, s.moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn print_then_parse_is_the_identity(text in field()) {
        let level = Level::parse(&text).unwrap();
        prop_assert_eq!(level.to_text(), text.clone());
        prop_assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
    }

    #[test]
    fn every_solver_agrees_with_a_search_over_the_rules(text in field(), k in 1usize..6) {
        let level = Level::parse(&text).unwrap();
        for goal in [Goal::All, Goal::AtLeast(k)] {
            let reference = bfs(
                &ByTheRules { fish: level.fish_count(), level: level.clone(), goal },
                &mut Limits { max_states: 200_000, ..Limits::default() },
            );
            prop_assume!(reference.outcome != Outcome::LimitReached);
            for algo in Algorithm::ALL {
                let (outcome, moves) = run(&level, algo, goal);
                // Bidirectional search needs the goal states of "all"; beam search may
                // drop every plan (both say why in a note).
                // (A goal proved impossible before any search is NoPlan for them too.)
                let may_refuse = algo == Algorithm::Beam || (algo == Algorithm::Bibfs && goal != Goal::All);
                if may_refuse && outcome == Outcome::LimitReached {
                    continue;
                }
                prop_assert_eq!(outcome, reference.outcome, "{:?} {:?}", algo, goal);
                if algo.is_optimal() && outcome == Outcome::Found {
                    prop_assert_eq!(moves.len(), reference.plan.len(), "{:?} {:?}", algo, goal);
                }
            }
        }
    }

    #[test]
    fn astar_iddfs_and_greedy_agree_with_bfs(text in field(), k in 1usize..4) {
        let level = Level::parse(&text).unwrap();
        for goal in [Goal::All, Goal::AtLeast(k)] {
            let (bfs_outcome, bfs_moves) = run(&level, Algorithm::Bfs, goal);
            prop_assert_ne!(bfs_outcome, Outcome::LimitReached);
            for algo in [Algorithm::Astar, Algorithm::Iddfs, Algorithm::Greedy] {
                let (outcome, moves) = run(&level, algo, goal);
                prop_assert_eq!(outcome, bfs_outcome, "{:?} {:?}", algo, goal);
                if algo.is_optimal() && outcome == Outcome::Found {
                    prop_assert_eq!(moves.len(), bfs_moves.len(), "{:?} {:?}", algo, goal);
                }
                if outcome == Outcome::Found {
                    let game = replay(&level, &moves).unwrap();
                    prop_assert!(goal.is_met(&game), "{:?} {:?}: {}", algo, goal, moves);
                }
            }
        }
    }

    #[test]
    fn random_play_is_seeded_legal_and_short(text in field(), seed in any::<u64>()) {
        let level = Level::parse(&text).unwrap();
        let options = SolveOptions { solver: Solver::Random, seed, ..SolveOptions::default() };
        let a = solve(&level, &options, None, None);
        let b = solve(&level, &options, None, None);
        prop_assert_eq!(&a.moves, &b.moves);
        prop_assert!(a.moves.len() <= 6);
        let game = replay(&level, &a.moves).unwrap();
        if a.moves.len() < 6 {
            prop_assert!(game.status() != Status::Playing || game.legal_moves().is_empty());
        }
    }

    #[test]
    fn no_input_bytes_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Level::parse(&text);
    }

    #[test]
    fn no_near_miss_text_panics(
        rows in 0usize..6,
        cols in 0usize..8,
        body in "[#0*USP \\r\\n\\t1x]{0,60}",
        moves in "[0-9a ]{0,8}",
    ) {
        let text = format!("{rows} {cols}\n{body}");
        if let Ok(level) = Level::parse(&text) {
            let _ = replay(&level, &moves);
            let options = SolveOptions { max_states: 10_000, ..SolveOptions::default() };
            let s = solve(&level, &options, None, None);
            prop_assert!(replay(&level, &s.moves).is_ok());
        }
    }
}

/// The random solver is the same game on every platform: these seeds' moves are
/// fixed by the portable PCG generator (the browser test checks the same values).
#[test]
fn random_play_is_portable() {
    let level =
        Level::parse("7 6 \n######\n#U0 S#\n#* 0##\n#P  *#\n#0 #0#\n#*#U*#\n######").unwrap();
    let moves: Vec<String> = (0..4)
        .map(|seed| {
            let options = SolveOptions {
                solver: Solver::Random,
                seed,
                ..SolveOptions::default()
            };
            solve(&level, &options, None, None).moves
        })
        .collect();
    assert_eq!(moves, vec!["8", "96", "8", "943844"]);
}
