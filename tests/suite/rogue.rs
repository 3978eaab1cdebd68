//! Rogue: `isLegalMove` as the coursework defines it, parse errors, the coursework's
//! claims about dungeons B, C, I and J, and the backward induction cross-checked by a
//! forward, layer-by-layer minimax on small random dungeons.

use gridlab::games::rogue::{direction_name, Analysis, Dungeon, Site, FOREVER};
use gridlab::grid::Pos;
use proptest::prelude::*;

use crate::common;
use common::{gridlab, rogue_text, TempDir};

fn course(name: char) -> Dungeon {
    let text = std::fs::read_to_string(format!("levels/rogue/course/dungeon{name}.txt")).unwrap();
    Dungeon::parse(&text).unwrap()
}

#[test]
fn is_legal_move_follows_the_coursework() {
    // Row 0: room room corridor; row 1: rogue(room) monster(room) corridor;
    // row 2: corridor wall room.
    let d = Dungeon::parse("3\n. . +\n@ A +\n+   .\n").unwrap();
    let p = Pos::new;
    let cases = [
        (p(1, 0), p(1, 0), true, "staying put"),
        (p(1, 0), p(0, 1), true, "room to room diagonally"),
        (p(1, 1), p(0, 2), false, "room to corridor diagonally"),
        (p(1, 1), p(1, 2), true, "room to corridor straight"),
        (p(0, 2), p(1, 2), true, "corridor to corridor straight"),
        (p(1, 2), p(2, 2), true, "corridor to room straight"),
        (p(2, 0), p(1, 1), false, "corridor to room diagonally"),
        (p(1, 0), p(2, 1), false, "onto a wall"),
        (p(0, 0), p(2, 0), false, "two rows apart"),
        (p(0, 0), p(0, 3), false, "off the board"),
        (
            p(1, 1),
            p(2, 2),
            true,
            "rooms of different areas still connect diagonally",
        ),
    ];
    for (v, w, legal, why) in cases {
        assert_eq!(d.is_legal_move(v, w), legal, "{why}");
        assert_eq!(d.is_legal_move(w, v), legal, "{why} (reversed)");
    }
}

#[test]
fn parse_errors_name_the_place() {
    let cases = [
        ("x\n", (1, 1)),
        ("2\n. .\n.\n", (3, 2)),
        ("2\n. .\n", (3, 1)),
        ("2\n@ .\n. @\n", (3, 3)),
        ("2\nA .\n. B\n", (3, 3)),
        ("2\n. .\n. @\n", (1, 1)),
        ("2\nA .\n. .\n", (1, 1)),
        ("2\nA #\n. @\n", (2, 3)),
    ];
    for (text, place) in cases {
        let e = Dungeon::parse(text).unwrap_err();
        assert_eq!((e.line, e.column), place, "{text:?}: {e}");
    }
    // Notes after the N rows are ignored, as in the annotated dungeons.
    let d = Dungeon::parse("2\nA .\n. @\n\nMonster wins in 1 move\n").unwrap();
    assert_eq!(d.to_text(), "2\nA .\n. @\n");
}

#[test]
fn every_course_dungeon_parses_and_prints_back() {
    for name in 'A'..='R' {
        let text =
            std::fs::read_to_string(format!("levels/rogue/course/dungeon{name}.txt")).unwrap();
        let d = Dungeon::parse(&text).unwrap();
        // Rows print exactly 2N−1 characters wide (the header line as it is).
        let width = 2 * d.size() - 1;
        let mut lines = text.lines();
        let mut rows = format!("{}\n", lines.next().unwrap());
        for line in lines {
            rows.push_str(&format!("{line:<width$.width$}\n"));
        }
        assert_eq!(d.to_text(), rows, "dungeon{name}");
        let back = Dungeon::parse(&d.to_text()).unwrap();
        assert_eq!(back, d, "dungeon{name} reads back");
    }
}

fn first_moves(moves: Vec<Pos>, from: Pos) -> Vec<&'static str> {
    moves.into_iter().map(|p| direction_name(from, p)).collect()
}

#[test]
fn the_coursework_claims_hold() {
    // B: the monster's only winning first move is NE.
    let b = course('B');
    let a = Analysis::new(&b).unwrap();
    assert_ne!(a.monster_to_move(b.monster, b.rogue), FOREVER);
    let best = a.best_monster_moves(&b, b.monster, b.rogue);
    assert_eq!(first_moves(best, b.monster), vec!["NE"]);
    // C: only E.
    let c = course('C');
    let a = Analysis::new(&c).unwrap();
    let best = a.best_monster_moves(&c, c.monster, c.rogue);
    assert_eq!(first_moves(best, c.monster), vec!["E"]);
    // I: the rogue survives by going N (against the monster's most dangerous moves).
    let i = course('I');
    let a = Analysis::new(&i).unwrap();
    assert_eq!(a.monster_to_move(i.monster, i.rogue), FOREVER);
    let m1 = Pos::new(i.monster.row - 1, i.monster.col + 1);
    let safe = a.best_rogue_moves(&i, m1, i.rogue);
    assert_eq!(first_moves(safe, i.rogue), vec!["N"]);
    // J: the rogue must go SE.
    let j = course('J');
    let a = Analysis::new(&j).unwrap();
    assert_eq!(a.monster_to_move(j.monster, j.rogue), FOREVER);
    let m1 = Pos::new(j.monster.row - 1, j.monster.col);
    let safe = a.best_rogue_moves(&j, m1, j.rogue);
    assert_eq!(first_moves(safe, j.rogue), vec!["SE"]);
}

/// "The monster, to move, captures within k of its moves": computed forward, layer by
/// layer, straight from the rules (no retrograde queue).
fn brute_force(d: &Dungeon, monster: Pos, rogue: Pos) -> u32 {
    let open: Vec<Pos> = (0..d.size() * d.size())
        .map(|i| d.sites.pos_of(i))
        .filter(|&p| d.sites[p] != Site::Wall)
        .collect();
    let index = |p: Pos| open.iter().position(|&q| q == p).unwrap();
    let s = open.len();
    let mut within = vec![false; s * s]; // within k-1 moves
    for k in 1..=(s * s + 1) as u32 {
        let mut next = vec![false; s * s];
        for (mi, &m) in open.iter().enumerate() {
            for (ri, &r) in open.iter().enumerate() {
                next[mi * s + ri] = m == r
                    || d.moves(m).into_iter().any(|m2| {
                        m2 == r
                            || d.moves(r)
                                .into_iter()
                                .all(|r2| r2 == m2 || within[index(m2) * s + index(r2)])
                    });
            }
        }
        if next[index(monster) * s + index(rogue)] {
            return k;
        }
        if next == within {
            return FOREVER;
        }
        within = next;
    }
    FOREVER
}

fn small_dungeon() -> impl Strategy<Value = Dungeon> {
    (2usize..5).prop_flat_map(|n| {
        let cell = prop_oneof![5 => Just('.'), 3 => Just('+'), 2 => Just(' ')];
        (proptest::collection::vec(cell, n * n), 0..n * n, 0..n * n).prop_filter_map(
            "two distinct players",
            move |(mut cells, m, r)| {
                if m == r {
                    return None;
                }
                cells[m] = 'M';
                cells[r] = '@';
                Dungeon::parse(&rogue_text(n, |r, c| cells[r * n + c])).ok()
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn backward_induction_matches_a_forward_minimax(d in small_dungeon()) {
        let a = Analysis::new(&d).unwrap();
        prop_assert_eq!(a.monster_to_move(d.monster, d.rogue), brute_force(&d, d.monster, d.rogue));
    }

    #[test]
    fn no_input_bytes_panic(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        let _ = Dungeon::parse(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn the_analyze_command_prints_the_verdict_and_first_moves() {
    let out = gridlab(&["rogue", "analyze", "levels/rogue/course/dungeonB.txt"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("verdict: monster B captures the rogue in 4 monster moves"),
        "{text}"
    );
    assert!(
        text.contains("winning first moves of monster B: NE\n"),
        "{text}"
    );
    let out = gridlab(&["rogue", "analyze", "levels/rogue/course/dungeonJ.txt"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("the rogue survives forever"), "{text}");
    assert!(text.contains("monster J N -> rogue SE\n"), "{text}");
}

/// On every coursework dungeon: the optimal monster captures exactly when the analysis
/// says against the optimal rogue (and no later against the others), and the optimal
/// and cycle rogues are never caught where the analysis says the rogue survives.
#[test]
fn the_referee_agrees_with_the_analysis_on_every_course_dungeon() {
    use gridlab::games::rogue::{Ending, MonsterStrategy, Referee, RogueStrategy};
    for name in 'A'..='R' {
        let d = course(name);
        let value = Analysis::new(&d)
            .unwrap()
            .monster_to_move(d.monster, d.rogue);
        for monster in [MonsterStrategy::Bfs, MonsterStrategy::Optimal] {
            for rogue in [
                RogueStrategy::Naive,
                RogueStrategy::Cycle,
                RogueStrategy::Optimal,
            ] {
                let mut referee = Referee::new(&d, monster, rogue).unwrap();
                let ending = referee.play(300, true, &mut String::new());
                match (value, ending) {
                    (FOREVER, Ending::Caught { .. }) => {
                        // The coursework's cycle rogue also escapes on every course
                        // dungeon the rogue can escape.
                        assert_eq!(rogue, RogueStrategy::Naive, "dungeon{name}: {monster:?}")
                    }
                    (FOREVER, Ending::Survived { .. }) => {}
                    (v, Ending::Caught { turn }) if monster == MonsterStrategy::Optimal => {
                        assert!(turn <= v, "dungeon{name}: caught at {turn}, analysis {v}");
                        if rogue == RogueStrategy::Optimal {
                            assert_eq!(turn, v, "dungeon{name}");
                        }
                    }
                    (v, Ending::Survived { .. }) => assert!(
                        monster != MonsterStrategy::Optimal,
                        "dungeon{name}: the optimal monster must capture in {v}"
                    ),
                    _ => {}
                }
            }
        }
    }
}

#[test]
fn the_play_command_prints_the_game_java_transcript() {
    let dir = TempDir::new("rogue");
    let file = dir.write("tiny.txt", "3\nA . .\n. . .\n. . @\n");
    let out = gridlab(&["rogue", "play", &file]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "A . . \n. . . \n. . @ \n\n\
         Move 1\n\n. . . \n. A . \n. . @ \n\n. . . \n. A @ \n. . . \n\n\
         Move 2\n\n. . . \n. . * \n. . . \n\nCaught by monster\n"
    );
}
