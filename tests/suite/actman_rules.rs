//! Act-Man II rules: every rule of the assignment text as a test, and the course's
//! published sample reproduced by replay.

use gridlab::games::actman::{Action, Board, DeathCause, Dungeon, Game, Kind, Status};
use gridlab::grid::{Dir, Pos};

/// The course's dungeon0 (ajc3xc/CS5400-HW2).
const DUNGEON0: &str = "5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########\n";

fn dungeon(text: &str) -> Dungeon {
    Dungeon::parse(text).expect("dungeon parses")
}

fn replay(text: &str, actions: &str) -> Game {
    Game::replay(&dungeon(text), actions).expect("legal actions")
}

#[test]
fn the_course_sample_86e_scores_38_with_its_exact_final_grid() {
    let game = replay(DUNGEON0, "86E");
    assert_eq!(game.status(), Status::Victory);
    assert_eq!(game.score(), 38);
    assert_eq!(
        game.output(),
        "86E\n38\n###########\n# A@#  @  #\n# #     # #\n#   #     #\n###########\n"
    );
    assert_eq!(game.verdict(Some(7)), "*** VICTORY ***");
}

#[test]
fn ogres_break_ties_clockwise_and_demons_counter_clockwise() {
    // East of the monster is a wall; NE and SE are equally near Act-Man (d² = 2).
    let d = dungeon("5 5\n#####\n#   #\n# G#A\n#   #\n#####");
    let board = Board::new(&d);
    let target = board.cell(Pos::new(2, 4));
    let at = board.cell(Pos::new(2, 2));
    assert_eq!(
        board.pos(board.chase(at, Kind::Ogre, target)),
        Pos::new(1, 3)
    );
    assert_eq!(
        board.pos(board.chase(at, Kind::Demon, target)),
        Pos::new(3, 3)
    );
    // Straight north of the monster: N is the unique nearest for both.
    let north = board.cell(Pos::new(0, 2));
    assert_eq!(
        board.pos(board.chase(at, Kind::Ogre, north)),
        Pos::new(1, 2)
    );
    assert_eq!(
        board.pos(board.chase(at, Kind::Demon, north)),
        Pos::new(1, 2)
    );
}

#[test]
fn distance_ignores_walls_and_monsters_and_corpses_do_not_block() {
    // The nearest cell to Act-Man is the corpse: the ogre steps onto it and dies.
    let game = replay("3 8\n########\n#A  @G #\n########", "6");
    assert_eq!(game.status(), Status::Victory);
    assert_eq!(game.score(), 50 - 1 + 5);
    assert_eq!(game.corpses(), vec![Pos::new(1, 4)], "one corpse a cell");
}

#[test]
fn two_monsters_meeting_on_a_cell_die_and_leave_one_corpse() {
    // Act-Man fires west into nothing; the ogre (NE) and the demon (NW) both step to
    // (2,4), the cell nearest to him, and die there together.
    let text = "5 9\n#########\n#   A   #\n#       #\n#  G D  #\n#########";
    let mut game = Game::new(&dungeon(text));
    let report = game.play(Action::Fire(Dir::W)).unwrap();
    let steps: Vec<_> = report.chases.iter().map(|c| (c.0, c.2)).collect();
    assert_eq!(
        steps,
        vec![(Kind::Ogre, Pos::new(2, 4)), (Kind::Demon, Pos::new(2, 4))]
    );
    assert_eq!(report.kills, 2);
    assert_eq!(game.status(), Status::Victory);
    assert_eq!(game.score(), 50 - 20 + 2 * 5);
    assert_eq!(game.corpses(), vec![Pos::new(2, 4)]);
    assert_eq!(
        game.output(),
        "W\n40\n#########\n#   A   #\n#   @   #\n#       #\n#########\n"
    );
}

#[test]
fn the_bullet_flies_through_corpses_and_stops_at_the_first_wall() {
    let text = "3 12\n############\n#A G@ D# G #\n############";
    let mut game = Game::new(&dungeon(text));
    let report = game.play(Action::Fire(Dir::E)).unwrap();
    assert_eq!(report.kills, 2, "the ogre and the demon before the wall");
    assert_eq!(report.bullet.len(), 5, "cells (1,2) to (1,6)");
    assert_eq!(report.bullet.last(), Some(&Pos::new(1, 6)));
    assert_eq!(game.monsters().len(), 1, "the ogre behind the wall lives");
    assert_eq!(game.score(), 50 - 20 + 10, "the shot costs 20, not also 1");
    assert!(game.bullet_used());
}

#[test]
fn a_bullet_that_kills_the_last_monster_wins_before_monsters_move() {
    let text = "4 7\n#######\n#A  G #\n#     #\n#######";
    let mut game = Game::new(&dungeon(text));
    let report = game.play(Action::Fire(Dir::E)).unwrap();
    assert_eq!(game.status(), Status::Victory);
    assert!(report.chases.is_empty());
    assert_eq!(game.score(), 35);
}

#[test]
fn stepping_onto_a_corpse_or_a_monster_kills_act_man() {
    let mut game = Game::new(&dungeon("3 6\n######\n#A@ G#\n######"));
    let report = game.play(Action::Move(Dir::E)).unwrap();
    assert_eq!(report.death.unwrap().cause, DeathCause::Corpse);
    assert_eq!(game.status(), Status::Dead);
    assert_eq!(game.score(), 0);
    assert_eq!(game.output(), "6\n0\n######\n# X G#\n######\n");
    let mut game = Game::new(&dungeon("3 6\n######\n#AG  #\n######"));
    let report = game.play(Action::Move(Dir::E)).unwrap();
    let death = report.death.unwrap();
    assert_eq!(
        (death.cause, death.kinds),
        (DeathCause::WalkedInto, vec![Kind::Ogre])
    );
    assert_eq!(game.status(), Status::Dead);
    assert_eq!(game.actman(), Pos::new(1, 2));
}

#[test]
fn a_monster_reaching_act_man_kills_him_before_collisions() {
    // Both monsters step onto Act-Man's cell: he dies (stage 3), and they do not die
    // of sharing it (stage 4 never comes).
    let mut game = Game::new(&dungeon("3 7\n#######\n# GAD #\n#######"));
    let report = game.play(Action::Fire(Dir::N)).unwrap();
    assert_eq!(game.status(), Status::Dead);
    let death = report.death.unwrap();
    assert_eq!(
        (death.cause, death.kinds),
        (DeathCause::Caught, vec![Kind::Ogre, Kind::Demon])
    );
    assert_eq!(report.kills, 0);
    assert_eq!(game.score(), 0);
    assert_eq!(game.monsters().len(), 2);
    assert_eq!(game.output(), "N\n0\n#######\n#  X  #\n#######\n");
}

#[test]
fn the_game_ends_when_the_score_reaches_zero() {
    // The ogre paces in a closed two-cell room; Act-Man walks back and forth.
    let text = "5 8\n########\n#A  #G #\n#   ####\n#   #  #\n########";
    let mut game = Game::new(&dungeon(text));
    for turn in 1..=50 {
        let dir = if turn % 2 == 1 { Dir::E } else { Dir::W };
        game.play(Action::Move(dir)).unwrap();
        assert_eq!(game.score(), 50 - turn);
    }
    assert_eq!(game.status(), Status::OutOfPoints);
    assert_eq!(game.verdict(None), "* Score dropped to zero");
    assert!(game.play(Action::Move(Dir::E)).is_err());
}

#[test]
fn illegal_actions_are_rejected_with_their_index() {
    let d = dungeon(DUNGEON0);
    let err = Game::replay(&d, "84").unwrap_err();
    assert_eq!((err.index, err.symbol), (1, '4'));
    assert!(err.message.contains("wall"));
    let err = Game::replay(&d, "8NE").unwrap_err();
    assert_eq!((err.index, err.symbol), (2, 'E'));
    assert!(err.message.contains("bullet"));
    let err = Game::replay(&d, "8X").unwrap_err();
    assert_eq!((err.index, err.symbol), (1, 'X'));
    let err = Game::replay(&d, "8n").unwrap_err();
    assert_eq!(
        err.index, 1,
        "fire letters are upper case, as in the course"
    );
}

#[test]
fn a_dungeon_without_monsters_is_won_at_once() {
    let game = Game::new(&dungeon("3 4\n####\n#A #\n####"));
    assert_eq!(game.status(), Status::Victory);
    assert!(game.legal_actions().is_empty());
}

#[test]
fn the_verdict_reports_a_plan_limit() {
    let game = replay(DUNGEON0, "8");
    assert_eq!(game.verdict(Some(1)), "* Plan limit reached");
    assert_eq!(game.verdict(Some(7)), "* Plan ended before victory");
}
