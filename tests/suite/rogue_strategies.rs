//! Rogue: the `cycle` rogue against the naive one, cheating reports for illegal moves,
//! scripted moves, and the lenient reading of short rows.

use gridlab::games::rogue::{
    parse_steps, Analysis, BfsMonster, CycleRogue, Dungeon, Ending, MonsterStrategy, NaiveRogue,
    Player, Referee, RogueStrategy, Scripted, Side, FOREVER,
};
use gridlab::grid::{Dir, Pos};
use proptest::prelude::*;

use crate::common;
use common::{rogue_text, run, run_with_input};

fn course(name: char) -> Dungeon {
    let text = std::fs::read_to_string(format!("levels/rogue/course/dungeon{name}.txt")).unwrap();
    Dungeon::parse(&text).unwrap()
}

fn outcome(d: &Dungeon, monster: MonsterStrategy, rogue: RogueStrategy) -> Ending {
    Referee::new(d, monster, rogue)
        .unwrap()
        .play(1000, true, &mut String::new())
}

/// Where the coursework says the naive rogue dies needlessly (dungeonJ) and where a
/// corridor loop saves the rogue (H, I, K, L, P, R), the cycle rogue survives the
/// BFS monster and the naive one does not.
#[test]
fn the_cycle_rogue_beats_the_naive_rogue_on_the_course_dungeons() {
    for name in ['H', 'I', 'J', 'K', 'L', 'P', 'R'] {
        let d = course(name);
        assert_eq!(
            Analysis::new(&d)
                .unwrap()
                .monster_to_move(d.monster, d.rogue),
            FOREVER,
            "dungeon{name}"
        );
        assert!(
            matches!(
                outcome(&d, MonsterStrategy::Bfs, RogueStrategy::Naive),
                Ending::Caught { .. }
            ),
            "dungeon{name}: naive"
        );
        assert_eq!(
            outcome(&d, MonsterStrategy::Bfs, RogueStrategy::Cycle),
            Ending::Survived { turns: 1000 },
            "dungeon{name}: cycle"
        );
    }
}

#[test]
fn the_cycles_of_dungeon_i_are_the_corridor_loop() {
    let d = course('I');
    let rogue = CycleRogue::new(&d);
    assert_eq!(rogue.cycles().len(), 1);
    let cycle = &rogue.cycles()[0];
    assert_eq!(cycle.len(), 26);
    // Every site of the loop is there once, consecutive sites are legal moves, and
    // the loop closes.
    for (i, &p) in cycle.iter().enumerate() {
        let next = cycle[(i + 1) % cycle.len()];
        assert!(d.is_legal_move(p, next) && p != next, "{p:?} -> {next:?}");
    }
    let mut sorted = cycle.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 26);
    assert!(cycle.contains(&Pos::new(0, 9)) && cycle.contains(&Pos::new(9, 9)));
}

#[test]
fn the_cycle_rogue_goes_north_in_dungeon_i_and_southeast_in_dungeon_j() {
    let i = course('I');
    let m = BfsMonster.next_move(&i, i.monster, i.rogue);
    let r = CycleRogue::new(&i).next_move(&i, m, i.rogue);
    assert_eq!(r, Pos::new(2, 5), "dungeonI: N into the corridor loop");
    let j = course('J');
    let m = BfsMonster.next_move(&j, j.monster, j.rogue);
    let r = CycleRogue::new(&j).next_move(&j, m, j.rogue);
    assert_eq!(r, Pos::new(3, 6), "dungeonJ: SE towards the loop");
    // The naive rogue runs away from the loop instead.
    assert_ne!(NaiveRogue.next_move(&j, m, j.rogue), Pos::new(3, 6));
}

/// Every cycle found on random dungeons is a closed walk of legal moves through at
/// least four distinct sites, one of them a corridor, with no chord.
fn random_dungeon() -> impl Strategy<Value = Dungeon> {
    (3usize..8).prop_flat_map(|n| {
        prop::collection::vec(0u8..10, n * n).prop_map(move |cells| {
            let text = rogue_text(n, |r, c| {
                let k = r * n + c;
                match (k, cells[k]) {
                    (0, _) => 'A',
                    (k, _) if k == n * n - 1 => '@',
                    (_, 0..=2) => ' ',
                    (_, 3..=5) => '+',
                    _ => '.',
                }
            });
            Dungeon::parse(&text).unwrap()
        })
    })
}

proptest! {
    #[test]
    fn cycles_are_chordless_legal_loops_through_a_corridor(d in random_dungeon()) {
        for cycle in CycleRogue::new(&d).cycles() {
            let len = cycle.len();
            prop_assert!(len >= 4);
            prop_assert!(cycle.iter().any(|&p| d.sites[p] == gridlab::games::rogue::Site::Corridor));
            for i in 0..len {
                for j in i + 1..len {
                    let adjacent_on_cycle = j == i + 1 || (i == 0 && j == len - 1);
                    prop_assert_ne!(cycle[i], cycle[j]);
                    prop_assert_eq!(d.is_legal_move(cycle[i], cycle[j]), adjacent_on_cycle,
                        "{:?} {:?}", cycle[i], cycle[j]);
                }
            }
        }
    }

    /// Whatever the cycle rogue does is a legal move.
    #[test]
    fn the_cycle_rogue_never_cheats(d in random_dungeon()) {
        let ending = outcome(&d, MonsterStrategy::Bfs, RogueStrategy::Cycle);
        prop_assert!(!matches!(ending, Ending::Cheated { .. }), "{:?}", ending);
    }
}

fn scripted(d: &Dungeon, side: Side, steps: &str) -> (Ending, String) {
    let steps = parse_steps(steps).unwrap();
    let (monster, rogue): (Box<dyn Player>, Box<dyn Player>) = match side {
        Side::Monster => (
            Box::new(Scripted::new(side, steps, Box::new(BfsMonster))),
            Box::new(NaiveRogue),
        ),
        Side::Rogue => (
            Box::new(BfsMonster),
            Box::new(Scripted::new(side, steps, Box::new(NaiveRogue))),
        ),
    };
    let mut out = String::new();
    let ending = Referee::with_players(d, monster, rogue).play(50, false, &mut out);
    (ending, out)
}

#[test]
fn an_illegal_move_is_reported_as_cheating() {
    // Row 0: monster, room, corridor; row 1: two rooms and a wall; row 2: the rogue.
    let d = Dungeon::parse("3\nA . +\n. .  \n@ . .\n").unwrap();
    // The rogue steps off the board to the west after the monster's first step.
    let (ending, out) = scripted(&d, Side::Rogue, "W");
    assert_eq!(
        out,
        "A . + \n. .   \n@ . . \n\nMove 1\n\n. . + \nA .   \n@ . . \n\n\
         Rogue caught cheating\n"
    );
    assert_eq!(
        ending.detail().unwrap(),
        "Rogue caught cheating: move 1 from (2, 0) to (2, -1) is not legal"
    );
    assert_eq!(
        ending,
        Ending::Cheated {
            side: Side::Rogue,
            turn: 1,
            from: Pos::new(2, 0),
            to: Pos::new(2, usize::MAX)
        }
    );
    // The monster steps E (legal), then SE into the wall.
    let (ending, out) = scripted(&d, Side::Monster, "E SE");
    assert!(
        out.ends_with("Move 2\n\nMonster caught cheating\n"),
        "{out}"
    );
    assert_eq!(
        ending.detail().unwrap(),
        "Monster caught cheating: move 2 from (0, 1) to (1, 2) is not legal"
    );
    assert!(matches!(
        ending,
        Ending::Cheated {
            side: Side::Monster,
            turn: 2,
            ..
        }
    ));
    // Room to corridor diagonally is cheating too; staying put never is.
    let d = Dungeon::parse("3\nA . .\n. . +\n@ . .\n").unwrap();
    let (ending, _) = scripted(&d, Side::Monster, "stay E SE");
    assert_eq!(
        ending,
        Ending::Cheated {
            side: Side::Monster,
            turn: 3,
            from: Pos::new(0, 1),
            to: Pos::new(1, 2)
        }
    );
}

#[test]
fn scripted_moves_are_played_first_then_the_strategy() {
    let d = course('I');
    // The rogue goes N, N into the loop, then the cycle strategy keeps it alive.
    let steps = parse_steps("N N").unwrap();
    let rogue = Scripted::new(Side::Rogue, steps, Box::new(CycleRogue::new(&d)));
    let mut referee = Referee::with_players(&d, Box::new(BfsMonster), Box::new(rogue));
    let mut out = String::new();
    assert_eq!(
        referee.play(200, false, &mut out),
        Ending::Survived { turns: 200 }
    );
    let boards: Vec<&str> = out.split("\n\n").collect();
    // The starting board, `Move 1`, the monster's board, then Move 1's rogue board
    // (index 3) shows @ one row up from (3, 5).
    assert!(boards[1] == "Move 1", "{}", boards[1]);
    assert!(
        boards[3].lines().nth(2).unwrap().starts_with(". . . . . @"),
        "{}",
        boards[3]
    );
    assert_eq!(
        parse_steps("n,ne stay 1 5").unwrap(),
        vec![Some(Dir::N), Some(Dir::NE), None, Some(Dir::SW), None]
    );
    assert!(parse_steps("N 0").unwrap_err().to_string().contains("'0'"));
}

#[test]
fn the_lenient_reading_pads_short_rows_with_walls() {
    // Like a student's dungeon in the corpus: the last rows stop early.
    let text = "4\nA . . +\n. . . +\n. @\n\n";
    let strict = Dungeon::parse(text).unwrap_err();
    let (d, warnings) = Dungeon::parse_lenient(text).unwrap();
    assert_eq!(
        (warnings[0].line, warnings[0].column),
        (strict.line, strict.column)
    );
    assert_eq!((strict.line, strict.column), (4, 4));
    assert_eq!(warnings.len(), 2, "row 3 short, row 4 empty");
    assert_eq!(d.to_text(), "4\nA . . +\n. . . +\n. @    \n       \n");
    assert!(warnings[0].message.contains("padded with walls"));
    // The padded dungeon prints in full and parses strictly.
    assert_eq!(Dungeon::parse(&d.to_text()).unwrap(), d);
    // Other errors stay errors.
    assert!(Dungeon::parse_lenient("2\nA x\n@ .\n").is_err());
    assert!(Dungeon::parse_lenient("2\nA .\n. .\n").is_err());
}

#[test]
fn the_cli_plays_cycle_scripts_cheats_and_reads_leniently() {
    let i = "levels/rogue/course/dungeonI.txt";
    let (code, out, _) = run(&["rogue", "play", i, "--rogue", "cycle", "--quiet"]);
    assert_eq!(
        (code, out.as_str()),
        (Some(0), "Rogue survived 1000 moves\n")
    );
    let (code, out, err) = run(&["rogue", "play", i, "--rogue-moves", "E,E,E,E", "--quiet"]);
    assert_eq!(code, Some(1), "cheating exits with 1");
    assert_eq!(
        out, "Rogue caught cheating\n",
        "the stock exception's message"
    );
    assert_eq!(
        err,
        "Rogue caught cheating: move 3 from (3, 7) to (3, 8) is not legal\n"
    );
    let (code, _, err) = run(&["rogue", "play", i, "--monster-moves", "N,up"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--monster-moves: step 2: 'up'"), "{err}");
    let (code, out, _) = run(&["rogue", "cycles", i]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("1 cycle through a corridor\ncycle 1: 26 sites: "),
        "{out}"
    );
    assert!(out.contains("\n          o o o o o\n"), "{out}");
    let short = "3\nA . .\n. @\n";
    let (code, _, err) = run_with_input(&["rogue", "analyze", "-"], short);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: <stdin>:3:4: row 2 is too short: column 3 needs position 5\n"
    );
    let (code, out, err) = run_with_input(&["rogue", "analyze", "--lenient", "-"], short);
    assert_eq!(code, Some(0));
    assert!(
        err.starts_with("warning: line 3, column 4: row 2 is too short (3 of 5 characters)"),
        "{err}"
    );
    assert!(out.starts_with("3 × 3 dungeon, 5 open sites"), "{out}");
    let (code, out, _) = run(&["rogue", "analyze", "--json", i]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["sites"].as_u64(), v["states"].as_u64()),
        (Some(61), Some(7442))
    );
    assert!(v["value"].is_null(), "dungeonI: the rogue survives");
    assert!(v["elapsedMs"].as_f64().unwrap() >= 0.0);
}

#[test]
fn a_game_refuses_illegal_moves_and_ends_as_the_referee_does() {
    use gridlab::games::rogue::Game;
    let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
    let mut game = Game::new(&d, 2);
    assert_eq!(game.to_move(), Some(Side::Monster));
    assert_eq!(game.legal_steps(&d), "5632", "stay, then clockwise from N");
    let e = game.replay(&d, "39").unwrap_err();
    assert_eq!((e.index, e.symbol), (1, '9'));
    assert_eq!(game.moves(), "3", "the legal prefix stays");
    // The rogue steps onto the monster: the capture is printed in the next turn.
    game.replay(&d, "7").unwrap();
    assert_eq!(game.ending(), Some(Ending::Caught { turn: 2 }));
    assert!(game
        .transcript(&d)
        .ends_with(". . . \n\nMove 2\n\nCaught by monster\n"));
    assert!(game
        .play_digit(&d, '5')
        .unwrap_err()
        .to_string()
        .contains("over"));
    // Undo reopens the game; two quiet turns reach the limit.
    assert!(game.undo());
    assert_eq!(game.to_move(), Some(Side::Rogue));
    game.replay(&d, "555").unwrap();
    assert_eq!(game.ending(), Some(Ending::Survived { turns: 2 }));
    assert_eq!(game.positions().len(), 5);
    assert!(game.transcript(&d).ends_with("\nRogue survived 2 moves\n"));
}

/// `optimal` needs the exact solution: beyond the limit each side falls back (the
/// monster to BFS, the rogue to Cycle), the other strategies never change.
#[test]
fn an_optimal_side_falls_back_only_beyond_the_limit() {
    use gridlab::games::rogue::{MonsterStrategy, RogueStrategy, BROWSER_MAX_SITES};
    let limit = BROWSER_MAX_SITES;
    // The monster's checks and the rogue's have one shape but two types: kept apart.
    assert_eq!(
        MonsterStrategy::Optimal.affordable(limit, limit),
        MonsterStrategy::Optimal
    );
    assert_eq!(
        MonsterStrategy::Optimal.affordable(limit + 1, limit),
        MonsterStrategy::Bfs
    );
    assert_eq!(
        MonsterStrategy::Bfs.affordable(limit + 1, limit),
        MonsterStrategy::Bfs
    );
    assert_eq!(
        RogueStrategy::Optimal.affordable(limit, limit),
        RogueStrategy::Optimal
    );
    assert_eq!(
        RogueStrategy::Optimal.affordable(limit + 1, limit),
        RogueStrategy::Cycle
    );
    assert_eq!(
        RogueStrategy::Naive.affordable(limit + 1, limit),
        RogueStrategy::Naive
    );
    for name in ["bfs", "optimal"] {
        assert_eq!(name.parse::<MonsterStrategy>().unwrap().to_string(), name);
    }
    for name in ["naive", "cycle", "optimal"] {
        assert_eq!(name.parse::<RogueStrategy>().unwrap().to_string(), name);
    }
}

/// The tablebase's move list: every legal move of the side to move, its value as the
/// exact solution gives it after that move, best first, the best ones exactly the
/// optimal players' moves; playing a move's digit reaches its site; and following the
/// list's first move on both sides ends as the exact solution says.
#[test]
fn the_move_list_orders_the_legal_moves_by_the_exact_value() {
    use gridlab::games::rogue::RogueSession;
    use gridlab::games::session::Session;
    for name in ['A', 'B', 'D', 'I', 'J'] {
        let d = course(name);
        let a = Analysis::new(&d).unwrap();
        let start = a.monster_to_move(d.monster, d.rogue);
        let mut s = RogueSession::new(d.clone(), Vec::new());
        let half_moves = if start == FOREVER {
            60
        } else {
            2 * start as usize + 2
        };
        for turn in 0..half_moves {
            let Some(side) = s.game().to_move() else {
                break;
            };
            let (m, r) = (s.game().monster(), s.game().rogue());
            let list = s.move_values().unwrap();
            let legal = d.moves(if side == Side::Monster { m } else { r });
            assert_eq!(list.len(), legal.len(), "dungeon {name}, turn {turn}");
            let value = |v: Option<u32>| v.unwrap_or(FOREVER);
            for pair in list.windows(2) {
                let (x, y) = (value(pair[0].value), value(pair[1].value));
                assert!(if side == Side::Monster {
                    x <= y
                } else {
                    x >= y
                });
            }
            let best: Vec<Pos> = list.iter().filter(|mv| mv.best).map(|mv| mv.to).collect();
            let optimal = match side {
                Side::Monster => a.best_monster_moves(&d, m, r),
                Side::Rogue => a.best_rogue_moves(&d, m, r),
            };
            let sorted = |mut v: Vec<Pos>| {
                v.sort();
                v
            };
            assert_eq!(sorted(best), sorted(optimal), "dungeon {name}, turn {turn}");
            let first = list[0].clone();
            let half = s.play(first.digit).unwrap();
            assert_eq!(half.to, first.to);
        }
        let caught = matches!(s.game().ending(), Some(Ending::Caught { .. }));
        assert_eq!(caught, start != FOREVER, "dungeon {name}");
    }
}
