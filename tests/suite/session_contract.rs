//! The one session contract, kept the same way by every turn-based game: the moves
//! replay the game, an illegal move changes nothing, replay stops before an illegal
//! move with the legal ones played, undo and redo walk the line, the board has a byte
//! a cell, and edits restart the game.

use gridlab::error::MoveError;
use gridlab::games::actman::{ActmanSession, Dungeon};
use gridlab::games::gpac::{GhostKind, Map, Match, Settings};
use gridlab::games::pengu::{Level, PenguSession};
use gridlab::games::rogue::{self, RogueSession};
use gridlab::games::session::Session;
use gridlab::grid::Pos;

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Play `line` (legal from the start), then check the contract on it; `illegal` is a
/// move that is not legal after the whole line.
fn keeps_the_contract<S: Session>(mut s: S, line: &str, illegal: char) {
    let view = |s: &S| serde_json::to_value(s.view()).unwrap();
    assert_eq!(s.board().len(), s.rows() * s.cols());
    let start = (view(&s), s.board().to_vec());
    for c in line.chars() {
        s.play(c).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    assert_eq!(s.moves(), line);
    assert_eq!(s.history().len(), line.chars().count());
    let end = (view(&s), s.board().to_vec(), s.history().len());

    // An illegal move: an error at its index, nothing changed.
    let e: MoveError = s.play(illegal).err().expect("an illegal move is refused");
    assert_eq!((e.index, e.symbol), (line.chars().count(), illegal));
    assert_eq!((view(&s), s.board().to_vec(), s.history().len()), end);

    // Replay: the same game; an illegal move stops it with the legal prefix played.
    s.replay(line).unwrap();
    assert_eq!((view(&s), s.board().to_vec(), s.history().len()), end);
    let bad = format!("{line}{illegal}{line}");
    let e = s.replay(&bad).unwrap_err();
    assert_eq!(e.index, line.chars().count());
    assert_eq!(s.moves(), line);

    // Undo to the start, redo to the end.
    for k in (0..line.chars().count()).rev() {
        assert!(s.undo());
        assert_eq!(s.moves(), line.chars().take(k).collect::<String>());
    }
    assert!(!s.undo());
    assert_eq!((view(&s), s.board().to_vec()), start);
    while s.redo(line) {}
    assert_eq!((view(&s), s.board().to_vec(), s.history().len()), end);
    assert!(!s.redo("not this line"));

    // Restart: the start again.
    s.restart();
    assert_eq!(s.moves(), "");
    assert_eq!((view(&s), s.board().to_vec()), start);
}

#[test]
fn pengu_keeps_the_contract() {
    let level = Level::parse(&read("levels/pengu/01-first-slide.txt")).unwrap();
    // Right to the wall, eating both fish: won, and no move is legal after it.
    keeps_the_contract(PenguSession::new(level), "6", '6');
}

#[test]
fn actman_keeps_the_contract() {
    let dungeon = Dungeon::parse(&read("levels/actman/01-first-shot.txt")).unwrap();
    keeps_the_contract(ActmanSession::new(dungeon), "2", 'x');
}

#[test]
fn rogue_keeps_the_contract() {
    let dungeon = rogue::Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
    // Monster SE, rogue W, monster N: the rogue may not leave the board by 1.
    keeps_the_contract(RogueSession::new(dungeon, Vec::new()), "348", '1');
}

#[test]
fn gpac_keeps_the_contract_with_a_person_and_with_agents() {
    let map = || Map::parse(&read("levels/gpac/course/map00.txt")).unwrap();
    let mut person = Match::new(map(), Settings::default(), 3).unwrap();
    person.set_players(None, GhostKind::Wander);
    // Four turns, each the first legal move that is not a hold (then a hold).
    let mut line = String::new();
    for _ in 0..4 {
        let legal = serde_json::to_value(person.view()).unwrap()["legal"].to_string();
        let c = legal.trim_matches('"').chars().find(|&c| c != 'h').unwrap();
        person.play(c).unwrap();
        line.push(c);
    }
    line.push('h');
    person.restart();
    keeps_the_contract(person, &line, 'x');

    // With the agents, the line is theirs; any other letter is refused.
    let mut agents = Match::new(map(), Settings::default(), 5).unwrap();
    agents.run(12).unwrap();
    let line = agents.moves();
    assert_eq!(line.len(), 12);
    agents.restart();
    let next = {
        let mut probe = Match::new(map(), Settings::default(), 5).unwrap();
        probe.run(13).unwrap();
        probe.moves().chars().last().unwrap()
    };
    let wrong = if next == 'h' { 'u' } else { 'h' };
    keeps_the_contract(agents, &line, wrong);
}

#[test]
fn edits_restart_the_game_and_refuse_what_the_level_refuses() {
    let level = Level::parse(&read("levels/pengu/01-first-slide.txt")).unwrap();
    let mut s = PenguSession::new(level);
    s.play('6').unwrap();
    s.paint(Pos::new(2, 3), '#').unwrap();
    assert_eq!(s.moves(), "", "an edit restarts");
    assert!(s.level_text().lines().nth(3).unwrap().starts_with("#  #"));
    assert!(s.paint(Pos::new(1, 1), '?').is_err());
    s.resize(6, 12).unwrap();
    assert_eq!((s.rows(), s.cols(), s.board().len()), (6, 12, 72));

    let mut g = Match::new(
        Map::parse(&read("levels/gpac/course/map00.txt")).unwrap(),
        Settings::default(),
        1,
    )
    .unwrap();
    g.run(3).unwrap();
    g.resize(10, 12).unwrap();
    assert_eq!((g.rows(), g.cols(), g.moves().as_str()), (10, 12, ""));
    let e = g.paint(Pos::new(0, 0), '#').unwrap_err();
    assert!(e.to_string().contains("spawn"), "{e}");
}
