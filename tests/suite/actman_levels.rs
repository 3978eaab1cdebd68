//! Our Act-Man dungeons keep the numbers levels/actman/README.md records: fewest
//! turns (BFS = ID-DFS = A* on turns), best victory score (A* on points), and the
//! level index lists every file.

use gridlab::games::actman::{solve, Dungeon, Game, Objective, SolveOptions, Status};
use gridlab::search::{Algorithm, Outcome, Solver};
use std::fs;

use crate::common;

fn dungeon(name: &str) -> Dungeon {
    let text = fs::read_to_string(format!("levels/actman/{name}.txt")).unwrap();
    Dungeon::parse(&text).unwrap()
}

fn run(d: &Dungeon, algorithm: Algorithm, objective: Objective, turns: u32) -> (Outcome, Game) {
    let options = SolveOptions {
        solver: Solver::Search(algorithm),
        objective,
        max_turns: turns,
        ..SolveOptions::default()
    };
    let s = solve(d, &options, None, None);
    (s.outcome, Game::replay(d, &s.actions).unwrap())
}

#[test]
fn our_dungeons_have_their_recorded_fewest_turns_and_best_score() {
    let expected = [
        ("01-first-shot", 1, 35),
        ("02-through-the-corpse", 1, 40),
        ("03-clockwise-ogre", 3, 52),
        ("04-tie-breaks", 9, 51),
        ("05-head-on", 3, 57),
        ("06-corpse-field", 3, 61),
        ("07-wait-for-it", 4, 42),
        ("08-obvious-shot", 13, 43),
        ("09-corpse-garden", 3, 51),
        ("10-ogre-pileup", 3, 59),
        ("11-gauntlet", 17, 39),
        ("12-long-haul", 15, 50),
    ];
    for (name, turns, best) in expected {
        let d = dungeon(name);
        for algo in [Algorithm::Bfs, Algorithm::Iddfs, Algorithm::Astar] {
            let (outcome, game) = run(&d, algo, Objective::Turns, 50);
            assert_eq!(outcome, Outcome::Found, "{name} {algo:?}");
            assert_eq!(game.status(), Status::Victory, "{name} {algo:?}");
            assert_eq!(game.actions().len(), turns, "{name} {algo:?}");
        }
        let (_, game) = run(&d, Algorithm::Astar, Objective::Score, 50);
        assert_eq!(
            (game.status(), game.score()),
            (Status::Victory, best),
            "{name}"
        );
    }
}

#[test]
fn without_a_victory_in_ten_turns_the_best_surviving_plan_is_shown() {
    let d = dungeon("12-long-haul");
    for algo in [Algorithm::Bfs, Algorithm::Iddfs, Algorithm::Astar] {
        let (outcome, game) = run(&d, algo, Objective::Turns, 10);
        assert_eq!(outcome, Outcome::NoPlan, "{algo:?}");
        assert_eq!(game.status(), Status::Playing, "{algo:?}");
        assert_eq!((game.actions(), game.score()), ("4", 59), "{algo:?}");
    }
}

#[test]
fn the_level_index_lists_every_dungeon() {
    let (listed, _) = common::level_index("actman");
    let present = common::level_files("actman");
    for file in &present {
        Dungeon::parse(&fs::read_to_string(format!("levels/actman/{file}")).unwrap()).unwrap();
    }
    assert_eq!(listed, present);
}
