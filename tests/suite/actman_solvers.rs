//! Act-Man II solvers: BFS = ID-DFS = A*(turns) in length, A*(score) finds the best
//! victory score, every plan replays to its claimed outcome — on the course dungeons
//! and on random dungeons against a reference search that runs the `Game` itself.

use gridlab::games::actman::{
    one_shot_bound, solve, Action, Dungeon, Game, Objective, SolveOptions, Status,
};
use gridlab::search::{astar, bfs, Algorithm, Limits, Outcome, Problem, Solver};
use proptest::prelude::*;
use std::hash::{Hash, Hasher};

use crate::common;

/// A game as a reference search state: equal when Act-Man, the bullet, the monsters
/// and the corpses are equal (score and history are carried along, not compared).
#[derive(Clone)]
struct ByTheRules(Game);

impl ByTheRules {
    fn key(&self) -> impl Eq + Hash + '_ {
        let g = &self.0;
        (g.actman(), g.bullet_used(), g.monsters(), g.corpses())
    }
}

impl PartialEq for ByTheRules {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for ByTheRules {}

impl Hash for ByTheRules {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

/// The reference problem: successors straight from `Game::play`.
struct Reference {
    dungeon: Dungeon,
    max_turns: usize,
    costs: bool,
}

impl Problem for Reference {
    type State = ByTheRules;
    type Action = Action;
    fn start(&self) -> ByTheRules {
        ByTheRules(Game::new(&self.dungeon))
    }
    fn is_goal(&self, s: &ByTheRules) -> bool {
        s.0.status() == Status::Victory
    }
    fn successors(&self, s: &ByTheRules, out: &mut Vec<(Action, ByTheRules, u32)>) {
        if s.0.actions().len() >= self.max_turns {
            return;
        }
        for action in s.0.legal_actions() {
            let mut next = s.0.clone();
            next.play(action).unwrap();
            if matches!(next.status(), Status::Playing | Status::Victory) {
                let cost = if self.costs { action.cost() as u32 } else { 1 };
                out.push((action, ByTheRules(next), cost));
            }
        }
    }
}

fn run(d: &Dungeon, algorithm: Algorithm, objective: Objective, turns: u32) -> (Outcome, String) {
    let options = SolveOptions {
        solver: Solver::Search(algorithm),
        objective,
        max_turns: turns,
        max_states: 300_000,
        ..SolveOptions::default()
    };
    let s = solve(d, &options, None, None);
    (s.outcome, s.actions)
}

/// Checks every solver on `d` against the reference searches.
fn agree_with_reference(d: &Dungeon, turns: u32) -> Result<(), TestCaseError> {
    let reference = Reference {
        dungeon: d.clone(),
        max_turns: turns as usize,
        costs: false,
    };
    let fewest = bfs(
        &reference,
        &mut Limits {
            max_states: 300_000,
            ..Limits::default()
        },
    );
    prop_assume!(fewest.outcome != Outcome::LimitReached);
    let best = astar(
        &Reference {
            costs: true,
            ..reference
        },
        &mut Limits {
            max_states: 300_000,
            ..Limits::default()
        },
    );
    prop_assume!(best.outcome != Outcome::LimitReached);
    let best_score = (best.outcome == Outcome::Found).then(|| {
        let actions: String = best.plan.iter().map(|a| a.symbol()).collect();
        Game::replay(d, &actions).unwrap().score()
    });
    for (algo, objective) in [
        (Algorithm::Bfs, Objective::Turns),
        (Algorithm::Iddfs, Objective::Turns),
        (Algorithm::Astar, Objective::Turns),
        (Algorithm::Greedy, Objective::Turns),
        (Algorithm::Astar, Objective::Score),
    ] {
        let (outcome, actions) = run(d, algo, objective, turns);
        let won = outcome == Outcome::Found;
        prop_assert_eq!(
            won,
            fewest.outcome == Outcome::Found,
            "{:?} {:?}",
            algo,
            objective
        );
        let game = Game::replay(d, &actions).unwrap();
        prop_assert_eq!(
            game.status() == Status::Victory,
            won,
            "{:?}: {}",
            algo,
            actions
        );
        prop_assert!(game.status() != Status::Dead);
        prop_assert!(actions.len() <= turns as usize);
        if won && objective == Objective::Turns && algo.is_optimal() {
            prop_assert_eq!(actions.len(), fewest.plan.len(), "{:?}", algo);
        }
        if won && objective == Objective::Score {
            prop_assert_eq!(Some(game.score()), best_score, "{}", actions);
        }
    }
    Ok(())
}

/// A random walled dungeon of up to 8 × 11 cells with Act-Man, 1–3 monsters and up to 2
/// corpses on distinct open cells.
fn dungeon() -> impl Strategy<Value = Dungeon> {
    (4usize..9, 5usize..12).prop_flat_map(|(rows, cols)| {
        let interior = (rows - 2) * (cols - 2);
        (
            proptest::collection::vec(proptest::bool::weighted(0.15), interior),
            proptest::sample::subsequence((0..interior).collect::<Vec<_>>(), 6),
            proptest::collection::vec(prop_oneof![Just('G'), Just('D')], 3),
            1usize..4,
            0usize..3,
        )
            .prop_map(move |(walls, mut cells, kinds, monsters, corpses)| {
                let mut grid = vec![vec!['#'; cols]; rows];
                for (i, wall) in walls.iter().enumerate() {
                    grid[1 + i / (cols - 2)][1 + i % (cols - 2)] = if *wall { '#' } else { ' ' };
                }
                let mut put = |i: usize, c: char| grid[1 + i / (cols - 2)][1 + i % (cols - 2)] = c;
                cells.truncate(1 + monsters + corpses);
                put(cells[0], 'A');
                for (k, &cell) in cells[1..].iter().enumerate() {
                    put(cell, if k < monsters { kinds[k] } else { '@' });
                }
                Dungeon::parse(&common::grid_text(&grid)).unwrap()
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn solvers_agree_with_a_search_over_the_rules(d in dungeon()) {
        agree_with_reference(&d, 8)?;
    }

    #[test]
    fn print_then_parse_is_the_identity(d in dungeon()) {
        prop_assert_eq!(Dungeon::parse(&d.to_text()).unwrap(), d);
    }

    #[test]
    fn no_input_bytes_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = Dungeon::parse(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn the_one_shot_bound_is_the_least_turn_its_definition_allows(
        monsters in proptest::collection::vec((0u32..30, 0i32..40, 0i32..40), 0..14),
        bullet_used in any::<bool>(),
    ) {
        prop_assert_eq!(
            one_shot_bound(&monsters, bullet_used),
            one_shot_by_definition(&monsters, bullet_used)
        );
    }
}

/// The one-shot bound by its definition, turn after turn: the least `T ≥ 1` such that
/// the monsters with collision bound above `T` lie within `2(T − 1)` rows or columns
/// of each other (none of them, with the bullet spent).
fn one_shot_by_definition(monsters: &[(u32, i32, i32)], bullet_used: bool) -> u32 {
    (1..)
        .find(|&t| {
            let left: Vec<_> = monsters.iter().filter(|m| m.0 > t).collect();
            let span = |f: fn(&(u32, i32, i32)) -> i32| {
                left.iter().map(|m| f(m)).max().unwrap_or(0)
                    - left.iter().map(|m| f(m)).min().unwrap_or(0)
            };
            let reach = 2 * (t as i32 - 1);
            left.is_empty() || (!bullet_used && (span(|m| m.1) <= reach || span(|m| m.2) <= reach))
        })
        .expect("a turn past every bound")
}

const COURSE: [&str; 4] = [
    "5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########\n",
    "5 11\n###########\n# A #D @G #\n# #     # #\n#   #     #\n###########\n",
    "5 11\n###########\n#D  #  @ G#\n#A#     # #\n#   #     #\n###########\n",
    "5 11\n###########\n#   #D @G #\n#A#     # #\n#   #     #\n###########\n",
];

#[test]
fn course_dungeons_agree_with_the_reference() {
    for text in COURSE {
        let d = Dungeon::parse(text).unwrap();
        agree_with_reference(&d, 10).unwrap();
    }
}

#[test]
fn the_course_sample_is_the_fewest_turns_victory() {
    let d = Dungeon::parse(COURSE[0]).unwrap();
    for algo in [Algorithm::Bfs, Algorithm::Iddfs, Algorithm::Astar] {
        let (outcome, actions) = run(&d, algo, Objective::Turns, 7);
        assert_eq!(
            (outcome, actions.as_str()),
            (Outcome::Found, "86E"),
            "{algo:?}"
        );
    }
    let (_, best) = run(&d, Algorithm::Astar, Objective::Score, 20);
    assert_eq!(Game::replay(&d, &best).unwrap().score(), 50);
}

#[test]
fn without_a_victory_the_best_scoring_surviving_plan_is_returned() {
    // Two turns are not enough to win here; staying alive with the best score is.
    let d =
        Dungeon::parse("5 11\n###########\n#   #    G#\n#A#     # #\n#   #D    #\n###########\n")
            .unwrap();
    let (outcome, actions) = run(&d, Algorithm::Bfs, Objective::Turns, 1);
    assert_eq!(outcome, Outcome::NoPlan);
    let game = Game::replay(&d, &actions).unwrap();
    assert_eq!(game.status(), Status::Playing);
}
