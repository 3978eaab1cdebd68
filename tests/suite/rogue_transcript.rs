//! Recorded Rogue games read back and valued (`gridlab rogue value-game`): the stock
//! referee's own recordings (`tests/data/rogue/`, from the coursework's `Game.java`) and
//! gridlab's referee's transcripts of every built-in pairing on the coursework dungeons
//! read back to the very moves played; the optimal players' moves all valued optimal;
//! planted mistakes and blunders valued at their move with their cost; malformed
//! transcripts refused at their line and column; the command's output and exit codes.

use gridlab::games::rogue::{
    read_transcript, value_game, Analysis, Dungeon, MonsterStrategy, MoveVerdict, Player, Referee,
    RogueStrategy, Scripted, SharedAnalysis, Side, TranscriptEnd,
};
use std::path::Path;

use crate::common;

const DATA: &str = "tests/data/rogue";

fn dungeon(path: &str) -> Dungeon {
    Dungeon::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The two scripts' digits, the monster's first, alternating.
fn interleave(monster: &str, rogue: &str) -> String {
    let (mut m, mut r) = (monster.chars(), rogue.chars());
    let mut out = String::new();
    loop {
        match (m.next(), r.next()) {
            (None, None) => return out,
            (a, b) => out.extend(a.into_iter().chain(b)),
        }
    }
}

/// Every recording of the stock `Game.java` reads back to its scripts' moves (without
/// the cheat, which the stock referee never prints), with its ending: a capture in the
/// right turn; a run stopped by the script (the limit cases) or by the exception
/// unfinished on standard output alone, and a cheat by the right side when standard
/// error follows.
#[test]
fn the_stock_referees_recordings_read_back_to_their_moves() {
    let cases = std::fs::read_to_string(Path::new(DATA).join("cases.tsv")).unwrap();
    let mut read = 0;
    for line in cases
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (name, path, exit) = (f[0], f[1], f[5]);
        let script = |s: &str| {
            if s == "-" {
                String::new()
            } else {
                s.to_string()
            }
        };
        let mut moves = interleave(&script(f[2]), &script(f[3]));
        if exit == "1" {
            moves.pop();
        }
        let d = dungeon(path);
        let stdout =
            std::fs::read_to_string(Path::new(DATA).join(format!("{name}.stdout"))).unwrap();
        let t = read_transcript(&d, &stdout).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(t.moves, moves, "{name}");
        assert_eq!(t.positions.len(), moves.len() + 1, "{name}");
        let halves = moves.len() as u32;
        let expected = match exit {
            // The monster's capture in turn (h + 1) / 2; the rogue's step onto the
            // monster is called in the next turn.
            "0" if halves % 2 == 1 => TranscriptEnd::Caught {
                turn: halves.div_ceil(2),
            },
            "0" => TranscriptEnd::Caught {
                turn: halves / 2 + 1,
            },
            _ => TranscriptEnd::Unfinished,
        };
        assert_eq!(t.end, expected, "{name}");
        if exit == "1" {
            let stderr =
                std::fs::read_to_string(Path::new(DATA).join(format!("{name}.stderr"))).unwrap();
            let t = read_transcript(&d, &format!("{stdout}{stderr}"))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let side = if halves % 2 == 0 {
                Side::Monster
            } else {
                Side::Rogue
            };
            assert_eq!(
                t.end,
                TranscriptEnd::Cheated {
                    side,
                    turn: halves / 2 + 1
                },
                "{name}"
            );
            assert_eq!(t.moves, moves, "{name}");
        }
        read += 1;
    }
    assert_eq!(read, 19);
}

/// gridlab's referee's transcripts of bfs and optimal monsters against naive, cycle and
/// optimal rogues (1,000 turns at most) on the 18 coursework dungeons read back to the
/// moves played, with the referee's ending; every move of an optimal player is valued
/// optimal, and the totals add up.
#[test]
fn gridlabs_transcripts_read_back_and_the_optimal_players_are_optimal() {
    let mut games = 0;
    let mut catches = 0;
    for letter in 'A'..='R' {
        let d = dungeon(&format!("levels/rogue/course/dungeon{letter}.txt"));
        let analysis = Analysis::new(&d).unwrap();
        for monster in [MonsterStrategy::Bfs, MonsterStrategy::Optimal] {
            for rogue in [
                RogueStrategy::Naive,
                RogueStrategy::Cycle,
                RogueStrategy::Optimal,
            ] {
                let name = format!("dungeon{letter} {monster:?} v {rogue:?}");
                let game = Referee::new(&d, monster, rogue).unwrap().play_game(1000);
                let t = read_transcript(&d, &game.transcript(&d))
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(t.moves, game.moves(), "{name}");
                assert_eq!(t.positions, game.positions(), "{name}");
                let end = match game.ending().unwrap() {
                    gridlab::games::rogue::Ending::Caught { turn } => {
                        catches += 1;
                        TranscriptEnd::Caught { turn }
                    }
                    gridlab::games::rogue::Ending::Survived { turns } => {
                        TranscriptEnd::Survived { turns }
                    }
                    other => panic!("{name}: {other:?}"),
                };
                assert_eq!(t.end, end, "{name}");
                let v = value_game(&d, &analysis, &t);
                assert_eq!(v.valued.len(), game.moves().len(), "{name}");
                for (side, totals) in [(Side::Monster, v.monster), (Side::Rogue, v.rogue)] {
                    assert_eq!(
                        totals.moves,
                        totals.optimal + totals.mistakes + totals.blunders,
                        "{name}"
                    );
                    let optimal = match side {
                        Side::Monster => monster == MonsterStrategy::Optimal,
                        Side::Rogue => rogue == RogueStrategy::Optimal,
                    };
                    if optimal {
                        assert_eq!(totals.optimal, totals.moves, "{name}: {side:?}");
                    }
                }
                // Optimal against optimal: the game is as long as the start's value.
                if monster == MonsterStrategy::Optimal && rogue == RogueStrategy::Optimal {
                    match v.start {
                        Some(k) => assert_eq!(t.end, TranscriptEnd::Caught { turn: k }, "{name}"),
                        None => {
                            assert_eq!(t.end, TranscriptEnd::Survived { turns: 1000 }, "{name}")
                        }
                    }
                }
                games += 1;
            }
        }
    }
    assert_eq!(games, 108);
    assert!(
        catches > 0 && catches < 108,
        "both endings are read: {catches} captures"
    );
}

/// The monster waits on its first move, then plays optimally against the optimal rogue:
/// that first move is a mistake whose cost is exactly how much later the capture comes
/// than in the optimal game, and every other move is optimal.
#[test]
fn a_waiting_monster_is_a_mistake_of_the_right_cost() {
    let d = dungeon("levels/rogue/course/dungeonA.txt");
    let analysis = Analysis::new(&d).unwrap();
    let optimal = Referee::new(&d, MonsterStrategy::Optimal, RogueStrategy::Optimal)
        .unwrap()
        .play_game(1000);
    let mut shared = SharedAnalysis::default();
    let then = MonsterStrategy::Optimal.player(&d, &mut shared).unwrap();
    let waits: Box<dyn Player> = Box::new(Scripted::new(Side::Monster, vec![None], then));
    let rogue = RogueStrategy::Optimal.player(&d, &mut shared).unwrap();
    let planted = Referee::with_players(&d, waits, rogue).play_game(1000);
    let turn = |g: &gridlab::games::rogue::Game| match g.ending() {
        Some(gridlab::games::rogue::Ending::Caught { turn }) => turn,
        other => panic!("{other:?}"),
    };
    let late = turn(&planted) - turn(&optimal);
    assert!(late > 0, "waiting costs something on dungeonA");
    let t = read_transcript(&d, &planted.transcript(&d)).unwrap();
    let v = value_game(&d, &analysis, &t);
    let first = &v.valued[0];
    assert_eq!(
        (first.side, first.digit, first.from, first.to),
        (Side::Monster, '5', d.monster, d.monster)
    );
    assert_eq!(first.verdict, MoveVerdict::Mistake { cost: late });
    assert_eq!(first.before, v.start);
    assert_eq!(first.after, first.best.map(|b| b + late));
    assert_eq!(
        (v.monster.mistakes, v.monster.cost, v.monster.blunders),
        (1, u64::from(late), 0)
    );
    assert_eq!(v.monster.optimal, v.monster.moves - 1);
    assert_eq!(v.rogue.optimal, v.rogue.moves);
    assert_eq!(
        first.line, 14,
        "the board after move 1 starts on line 14 of a 10 × 10 transcript"
    );
}

/// On a ring of corridors the rogue is safe forever; staying next to the monster walks
/// into a capture (a blunder), and the monster that then does not capture lets it go (a
/// blunder too).
#[test]
fn blunders_of_both_sides() {
    // Rooms on the top row (the players stand on rooms), a ring of corridors below.
    let d = Dungeon::parse("3\nA . @\n+   +\n+ + +\n").unwrap();
    let analysis = Analysis::new(&d).unwrap();
    let mut game = gridlab::games::rogue::Game::new(&d, 1000);
    // Monster E (next to the rogue), rogue stays, monster stays, rogue S (away).
    game.replay(&d, "6552").unwrap();
    let v = value_game(
        &d,
        &analysis,
        &read_transcript(&d, &game.transcript(&d)).unwrap(),
    );
    assert_eq!(v.start, None, "the rogue is safe forever from the start");
    let verdicts: Vec<_> = v
        .valued
        .iter()
        .map(|m| (m.before, m.best, m.after, m.verdict))
        .collect();
    assert_eq!(
        verdicts,
        [
            (None, None, None, MoveVerdict::Optimal),
            (None, None, Some(1), MoveVerdict::Blunder),
            (Some(1), Some(0), None, MoveVerdict::Blunder),
            (None, None, None, MoveVerdict::Optimal),
        ]
    );
    assert_eq!((v.monster.blunders, v.rogue.blunders), (1, 1));
    assert_eq!(v.end, TranscriptEnd::Unfinished);
}

/// Malformed transcripts: the first problem at its line and column.
#[test]
fn malformed_transcripts_name_the_line_and_column() {
    let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
    let start = "A . . \n. . . \n. . @ \n\n";
    let cases: &[(&str, usize, usize, &str)] = &[
        ("", 1, 1, "the transcript is empty"),
        (
            "A . . \n. + . \n",
            2,
            3,
            "'+' at row 2, column 2: the dungeon has '.' there",
        ),
        (
            "A . . \n. . . \n. @ . \n",
            3,
            3,
            "the rogue starts at row 3, column 2 here; the dungeon has it at row 3, column 3",
        ),
        (
            "A . . \n. . . \n",
            3,
            1,
            "the transcript ends inside the board of line 1: 2 of its 3 rows",
        ),
        (
            "A . . \n. . . \n. . @ \nMove 1\n",
            4,
            1,
            "expected a blank line after the starting board, found 'Move 1'",
        ),
        ("A.. \n", 1, 2, "'.' between sites"),
        (
            "B . . \n",
            1,
            1,
            "'B' at row 1, column 1: the dungeon has '.' there (its monster is 'A')",
        ),
        (
            &format!("{start}Move 1\n\n. . . \n. . . \nA . @ \n"),
            9,
            1,
            "the monster cannot move from row 1, column 1 to row 3, column 1 (not a legal move)",
        ),
        (
            &format!("{start}Move 1\n\n. . . \n. A . \n. @ . \n"),
            9,
            3,
            "the rogue moved from row 3, column 3 to row 3, column 2 in the monster's half-move",
        ),
        (
            &format!("{start}Move 1\n\n. . . \n. A . \n. . @ \n\nMove 2\n"),
            11,
            1,
            "'Move 2', but the rogue is to move",
        ),
        (
            &format!("{start}Caught by monster\n"),
            5,
            1,
            "'Caught by monster', but the monster and the rogue stand apart",
        ),
        (
            &format!("{start}Move 1\n\nRogue caught cheating\n"),
            7,
            1,
            "'Rogue caught cheating', but the monster is to move",
        ),
        (
            &format!("{start}Rogue survived 3 moves\n"),
            5,
            16,
            "'Rogue survived 3 moves', but 0 turns were played",
        ),
        (
            &format!("{start}Move 1\n\n. . . \n. A . \n. . @ \n\n. . . \n. A . \n. . * \n\n"),
            13,
            5,
            "a second monster",
        ),
    ];
    for &(text, line, column, message) in cases {
        let e = read_transcript(&d, text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
        assert!(e.message.starts_with(message), "{text:?}: {}", e.message);
    }
}

/// Rows that lost their trailing spaces and CR LF line ends read as the stock text does.
#[test]
fn trimmed_rows_and_crlf_read_the_same() {
    let d = dungeon("levels/rogue/course/dungeonA.txt");
    let stdout = std::fs::read_to_string(Path::new(DATA).join("capture-dungeonA.stdout")).unwrap();
    let stock = read_transcript(&d, &stdout).unwrap();
    let trimmed: String = stdout
        .lines()
        .map(|l| format!("{}\r\n", l.trim_end()))
        .collect();
    assert_eq!(read_transcript(&d, &trimmed).unwrap(), stock);
}

/// The command: the table of a game on the 3 × 3 room, its JSON, and exit 2 with the
/// place named for a malformed transcript, a missing one and a bad dungeon.
#[test]
fn the_command_prints_the_table_and_refuses_bad_input() {
    let dir = common::TempDir::new("rogue-value-game");
    let level = dir.write("room.txt", "3\nA . .\n. . .\n. . @\n");
    let d = dungeon(&level);
    let mut game = gridlab::games::rogue::Game::new(&d, 1000);
    game.replay(&d, "55353").unwrap();
    let transcript = dir.write("game.txt", game.transcript(&d));
    let (code, out, err) =
        common::run(&["rogue", "value-game", &level, "--transcript", &transcript]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(
        out,
        "start: the monster wins in 2 (values: monster moves to capture under optimal play; \
         safe: the rogue survives forever; sites: row,column from 1)\n\
         \x20half  turn  who         from       to  before    best   after  verdict\n\
         \x20\x20\x20\x201     1  monster      1,1      1,1       2       1       2  mistake, costs 1 move\n\
         \x20\x20\x20\x202     1  rogue        3,3      3,3       2       2       2  optimal\n\
         \x20\x20\x20\x203     2  monster      1,1      2,2       2       1       1  optimal\n\
         \x20\x20\x20\x204     2  rogue        3,3      3,3       1       1       1  optimal\n\
         \x20\x20\x20\x205     3  monster      2,2      3,3       1       0       0  optimal\n\
         monster: 3 moves, 2 optimal, 1 mistake (costing 1 monster move), 0 blunders\n\
         rogue: 2 moves, 2 optimal, 0 mistakes (costing 0 monster moves), 0 blunders\n\
         end: Caught by monster (turn 3)\n"
    );
    let (code, out, _) = common::run(&[
        "rogue",
        "value-game",
        &level,
        "--transcript",
        &transcript,
        "--json",
    ]);
    assert_eq!(code, Some(0));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["moves"], "55353");
    assert_eq!(json["start"], 2);
    assert_eq!(
        json["valued"][0]["verdict"],
        serde_json::json!({"kind": "mistake", "cost": 1})
    );
    assert_eq!(json["valued"][4]["after"], 0);
    assert_eq!(
        json["end"],
        serde_json::json!({"kind": "caught", "turn": 3})
    );
    assert_eq!(json["monster"]["cost"], 1);

    let bad = dir.write("bad.txt", "A . . \n. . . \n. . @ \n\nMove 2\n");
    let (code, _, err) = common::run(&["rogue", "value-game", &level, "--transcript", &bad]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err.trim_end(),
        "error: --transcript: line 5, column 6: expected 'Move 1', found 'Move 2'"
    );
    let (code, _, err) = common::run(&["rogue", "value-game", &level]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--transcript: required"), "{err}");
    let wrong = dir.write("wrong.txt", "3\nA . .\n. . .\n. .\n");
    let (code, _, err) = common::run(&["rogue", "value-game", &wrong, "--transcript", &transcript]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.starts_with(&format!("error: {wrong}:4:")), "{err}");
    let (code, _, err) = common::run(&[
        "rogue",
        "value-game",
        &level,
        "--transcript",
        "/nonexistent/game.txt",
    ]);
    assert_eq!(code, Some(2), "{err}");
}
