//! The playground's GPac match, a turn at a time: agents play exactly the game the
//! batch `play` plays from the same seed; a person's moves are checked.

use gridlab::games::gpac::{
    play, GhostKind, Map, Match, MatchError, Move, PacKind, Settings, World,
};
use gridlab::games::session::Session;
use std::sync::Arc;

fn course_map() -> Map {
    Map::parse(&std::fs::read_to_string("levels/gpac/course/map00.txt").unwrap()).unwrap()
}

#[test]
fn turn_by_turn_agents_play_the_same_game_as_play() {
    for seed in [0, 7, 42] {
        let map = course_map();
        let world = Arc::new(World::new(map.clone()));
        let settings = Settings::default();
        let batch = play(
            &world,
            &settings,
            PacKind::Avoid,
            GhostKind::Chase,
            seed,
            false,
        );
        let mut m = Match::new(map, settings, seed).unwrap();
        m.run(u32::MAX).unwrap();
        assert_eq!(m.game().score(), batch.score, "seed {seed}");
        assert_eq!(m.turns(), batch.turns, "seed {seed}");
        assert_eq!(m.game().end(), Some(batch.end), "seed {seed}");
        // The same seed again: the same game.
        m.reseed(seed);
        assert_eq!(m.turns(), 0);
        m.run(u32::MAX).unwrap();
        assert_eq!(m.game().score(), batch.score);
    }
}

#[test]
fn a_persons_moves_are_checked_and_an_ended_game_refuses_more() {
    let mut m = Match::new(course_map(), Settings::default(), 3).unwrap();
    m.set_players(None, GhostKind::Wander);
    assert_eq!(m.run(5), Err(MatchError::PersonToMove));
    assert_eq!(m.step(Some('x')), Err(MatchError::NotAMove('x')));
    // Pac-Man starts in the top-left corner: up leaves the map.
    assert_eq!(m.step(Some('u')), Err(MatchError::Illegal(Move::Up)));
    assert_eq!(m.turns(), 0, "a refused move changes nothing");
    m.step(Some('h')).unwrap();
    assert_eq!(m.turns(), 1);
    while m.game().end().is_none() {
        m.step(None).unwrap();
    }
    assert_eq!(m.step(None), Err(MatchError::Over));
    assert_eq!(m.board().len(), m.map().width() * m.map().height());
}

#[test]
fn a_walled_spawn_is_refused() {
    let mut text = String::from("3 2\n");
    text.push_str("#~~\n~~~\n");
    let map = Map::parse(&text).unwrap();
    assert!(matches!(
        Match::new(map, Settings::default(), 1),
        Err(MatchError::WalledSpawn)
    ));
}
