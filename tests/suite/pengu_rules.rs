//! Pengu rules: every example of the assignment text, and the corner cases the spec
//! decides.

use gridlab::games::pengu::{replay, slide, Game, Level, SlideEnd, Status, Tile};
use gridlab::grid::{Dir, Pos};

/// "Field 1" of the assignment (also the course's Puzzle #1 sample input).
const FIELD_1: &str = "7 6 \n######\n#U0 S#\n#* 0##\n#P  *#\n#0 #0#\n#*#U*#\n######";

fn field_1() -> Level {
    Level::parse(FIELD_1).expect("field 1 parses")
}

fn play(level: &Level, digits: &str) -> Game {
    replay(level, digits).expect("legal moves")
}

#[test]
fn example_1_north_eats_a_fish_then_dies_on_the_bear() {
    let game = play(&field_1(), "8");
    assert_eq!(game.status(), Status::Dead);
    assert_eq!(game.score(), 1);
    assert_eq!(game.pos(), Pos::new(1, 1));
    assert_eq!(
        game.output(),
        "8\n1\n######\n#X0 S#\n#  0##\n#   *#\n#0 #0#\n#*#U*#\n######\n"
    );
}

#[test]
fn example_2_northeast_stops_at_the_wall() {
    let game = play(&field_1(), "9");
    assert_eq!(game.status(), Status::Playing);
    assert_eq!(game.score(), 0);
    assert_eq!(game.pos(), Pos::new(1, 3));
}

#[test]
fn example_3_east_slides_across_and_eats_one_fish() {
    let game = play(&field_1(), "6");
    assert_eq!(game.pos(), Pos::new(3, 4));
    assert_eq!(game.score(), 1);
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn example_4_southeast_slides_between_two_diagonal_walls_into_the_bear() {
    let level = field_1();
    assert_eq!(level.tiles[Pos::new(4, 3)], Tile::Wall);
    assert_eq!(level.tiles[Pos::new(5, 2)], Tile::Wall);
    let game = play(&level, "3");
    assert_eq!(game.status(), Status::Dead);
    assert_eq!(game.score(), 0);
    assert_eq!(game.pos(), Pos::new(5, 3));
    assert!(game.output().contains("#*#X*#"));
}

#[test]
fn example_5_south_stops_on_snow() {
    let game = play(&field_1(), "2");
    assert_eq!(game.pos(), Pos::new(4, 1));
    assert_eq!(game.score(), 0);
    assert_eq!(
        game.legal_moves(),
        vec![Dir::N, Dir::NE, Dir::E, Dir::S],
        "from the snow: 8, 9, 6 and 2 are legal"
    );
}

#[test]
fn moving_into_an_adjacent_wall_is_not_legal() {
    let level = field_1();
    let game = Game::new(&level);
    assert!(!game.is_legal(Dir::W));
    assert!(!game.is_legal(Dir::NW));
    assert!(!game.is_legal(Dir::SW));
    assert_eq!(
        game.legal_moves(),
        vec![Dir::N, Dir::NE, Dir::E, Dir::S, Dir::SE]
    );
    let err = replay(&level, "98").unwrap_err();
    assert_eq!(err.index, 1);
    assert!(err.message.contains("wall"), "{}", err.message);
}

#[test]
fn snow_stays_snow_and_eaten_fish_become_ice() {
    let level = Level::parse("3 7\n#######\n#P*0* #\n#######").unwrap();
    let mut game = Game::new(&level);
    game.play(Dir::E).unwrap();
    assert_eq!(game.pos(), Pos::new(1, 3));
    assert_eq!(game.tiles()[Pos::new(1, 3)], Tile::Snow);
    assert_eq!(game.tiles()[Pos::new(1, 2)], Tile::Ice);
    game.play(Dir::E).unwrap();
    assert_eq!(game.status(), Status::Victory);
    assert_eq!(game.output(), "66\n2\n#######\n#  0 P#\n#######\n");
}

#[test]
fn the_last_fish_on_a_fatal_slide_is_death_not_victory() {
    let level = Level::parse("3 6\n######\n#P**S#\n######").unwrap();
    let game = play(&level, "6");
    assert_eq!(game.status(), Status::Dead);
    assert_eq!(game.score(), 2, "fish eaten on the fatal slide still count");
    assert_eq!(game.fish_left(), 0);
}

#[test]
fn a_field_without_fish_is_won_at_once() {
    let level = Level::parse("3 4\n####\n#P #\n####").unwrap();
    let game = Game::new(&level);
    assert_eq!(game.status(), Status::Victory);
    assert_eq!(game.output(), "\n0\n####\n#P #\n####\n");
    assert!(game.legal_moves().is_empty());
}

#[test]
fn no_move_after_the_game_ends() {
    let level = Level::parse("3 5\n#####\n#P*U#\n#####").unwrap();
    let err = replay(&level, "64").unwrap_err();
    assert_eq!(err.index, 1);
    assert!(err.message.contains("over"));
    let err = replay(&level, "65").unwrap_err();
    assert_eq!((err.index, err.symbol), (1, '5'));
    let err = replay(&level, "5").unwrap_err();
    assert_eq!((err.index, err.symbol), (0, '5'));
}

#[test]
fn the_start_cell_is_ice_and_can_be_crossed_again() {
    let level = Level::parse("3 6\n######\n#*P  #\n######").unwrap();
    assert_eq!(level.tiles[level.start], Tile::Ice);
    let game = play(&level, "64");
    assert_eq!(game.status(), Status::Victory);
    assert_eq!(game.pos(), Pos::new(1, 1));
}

#[test]
fn the_grid_edge_acts_as_a_wall_when_a_field_is_open() {
    let level = Level::parse("1 4\nP *").unwrap();
    let mut seen = Vec::new();
    let end = slide(&level.tiles, level.start, Dir::E, |p| seen.push(p));
    assert_eq!(end, SlideEnd::Stops(Pos::new(0, 3)));
    assert_eq!(seen.len(), 3);
    assert_eq!(
        slide(&level.tiles, level.start, Dir::W, |_| {}),
        SlideEnd::Blocked
    );
}

#[test]
fn the_course_output_marks_pengu_and_keeps_hazards() {
    let game = play(&field_1(), "942182");
    assert_eq!(
        game.output(),
        "942182\n1\n######\n#U0 S#\n#* 0##\n#   *#\n#0 #0#\n#P#U*#\n######\n"
    );
}
