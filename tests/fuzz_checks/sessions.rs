//! The wasm bindings' pure calls, as sessions of operations: Pengu, Act-Man, Rogue.

use super::*;

// ---------------------------------------------------------------------------------
// The wasm bindings' pure calls, as sessions of operations

/// A row or column as the page sends it: usually near the board, sometimes anywhere.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub(super) enum Coord {
    Near(u8),
    Far(u32),
}

impl Coord {
    pub(super) fn get(self) -> usize {
        match self {
            Coord::Near(n) => usize::from(n % 24),
            Coord::Far(n) => n as usize,
        }
    }
}

/// A symbol as the palette (or a bad caller) sends it.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub(super) enum Symbol {
    Palette(u8),
    Any(char),
}

impl Symbol {
    pub(super) fn get(self, palette: &str) -> char {
        match self {
            Symbol::Palette(i) => {
                let p: Vec<char> = palette.chars().collect();
                p[usize::from(i) % p.len()]
            }
            Symbol::Any(c) => c,
        }
    }
}

#[derive(Arbitrary, Debug)]
enum EditorOp {
    Paint(Coord, Coord, Symbol),
    Resize(Coord, Coord),
    Play(Symbol),
    Replay(Vec<u8>),
    Undo,
    Restart,
    Solve(u8),
}

const PENGU_LEVELS: [&str; 3] = [
    "4 6\n######\n#P * #\n#*   #\n######\n",
    "6 7\n#######\n#P  U #\n# *0  #\n#S   *#\n#  *  #\n#######\n",
    "3 3\n###\n#P#\n###\n",
];

/// `PenguSession`: paint, resize, play, replay (legal prefix kept), undo, restart,
/// solve, as `src/wasm/pengu.rs` calls them.
pub fn wasm_pengu(data: &[u8]) {
    use gridlab::games::pengu::{Game, Level};
    let Some((start, ops)) = start_and_ops::<EditorOp>(data) else {
        return;
    };
    let mut level = Level::parse(PENGU_LEVELS[usize::from(start) % 3]).expect("built-in");
    let mut game = Game::new(&level);
    let mut budget = Budget(Budget::SESSION);
    for op in ops.into_iter().take(64) {
        if !budget.spend(level.tiles.len() + 16) {
            break;
        }
        match op {
            EditorOp::Paint(r, c, s) => {
                let before = level.clone();
                match level.paint(Pos::new(r.get(), c.get()), s.get("# 0*USP")) {
                    Ok(()) => pengu_checks::level_invariants(&level),
                    Err(e) => {
                        assert!(!e.to_string().is_empty());
                        assert_eq!(level, before, "a refused paint changes nothing");
                    }
                }
                game = Game::new(&level);
            }
            EditorOp::Resize(r, c) => {
                let (rows, cols) = (r.get(), c.get());
                let side = |n: usize| n.clamp(3, gridlab::games::pengu::MAX_RESIZED_SIDE);
                if !budget.spend(side(rows) * side(cols) * 4) {
                    continue;
                }
                level = level.resized(rows, cols);
                assert_eq!(level.tiles.rows(), side(rows));
                assert_eq!(level.tiles.cols(), side(cols));
                pengu_checks::level_invariants(&level);
                game = Game::new(&level);
            }
            EditorOp::Play(s) => {
                let before = game.moves().len();
                let c = s.get("12346789");
                match Dir::from_digit(c).map(|d| game.play(d)) {
                    Some(Ok(_)) => assert_eq!(game.moves().len(), before + 1),
                    _ => assert_eq!(game.moves().len(), before),
                }
            }
            EditorOp::Replay(bytes) => {
                let moves = moves_from(&bytes, "12346789", 32);
                game = pengu_checks::replay_moves(&level, &moves);
            }
            EditorOp::Undo => {
                let mut moves = game.moves().to_string();
                if moves.pop().is_some() {
                    game = gridlab::games::pengu::replay(&level, &moves)
                        .expect("undo replays legal moves");
                }
            }
            EditorOp::Restart => game = Game::new(&level),
            EditorOp::Solve(b) => {
                if level.tiles.len() <= SMALL_CELLS {
                    pengu_checks::solve_small(&level, b);
                }
            }
        }
        pengu_checks::check_game(&level, &game);
    }
}

const ACTMAN_DUNGEONS: [&str; 3] = [
    "5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########\n",
    "3 6\n######\n#A @G#\n######\n",
    "4 4\n####\n#A #\n#  #\n####\n",
];

#[derive(Arbitrary, Debug)]
enum ActmanOp {
    Editor(EditorOp),
    ChasesTowards(Coord, Coord),
    Verdict(Option<u16>),
}

/// `ActmanSession`: paint, resize, play, replay, undo, `chases_towards` (the
/// `cell_on_board` guard), verdicts and solve, as `src/wasm/actman.rs` calls them.
pub fn wasm_actman(data: &[u8]) {
    use gridlab::games::actman::{Action, Dungeon, Game};
    let Some((start, ops)) = start_and_ops::<ActmanOp>(data) else {
        return;
    };
    let mut d = Dungeon::parse(ACTMAN_DUNGEONS[usize::from(start) % 3]).expect("built-in");
    let mut game = Game::new(&d);
    let mut budget = Budget(Budget::SESSION);
    for op in ops.into_iter().take(64) {
        // A new game builds a board of ~40 bytes a cell.
        if !budget.spend(d.walls.len() * 8 + 16) {
            break;
        }
        match op {
            ActmanOp::Editor(EditorOp::Paint(r, c, s)) => {
                let before = d.clone();
                match d.paint(Pos::new(r.get(), c.get()), s.get("# GD@A")) {
                    Ok(()) => actman_checks::dungeon_invariants(&d),
                    Err(e) => {
                        assert!(!e.to_string().is_empty());
                        assert_eq!(d, before, "a refused paint changes nothing");
                    }
                }
                game = Game::new(&d);
            }
            ActmanOp::Editor(EditorOp::Resize(r, c)) => {
                let (rows, cols) = (r.get(), c.get());
                let side = |n: usize| n.clamp(3, 1000);
                if !budget.spend(side(rows) * side(cols) * 40) {
                    continue;
                }
                d = d.resized(rows, cols);
                assert_eq!((d.walls.rows(), d.walls.cols()), (side(rows), side(cols)));
                actman_checks::dungeon_invariants(&d);
                game = Game::new(&d);
            }
            ActmanOp::Editor(EditorOp::Play(s)) => {
                let before = game.actions().len();
                match Action::from_symbol(s.get("12346789NSEW")).map(|a| game.play(a)) {
                    Some(Ok(_)) => assert_eq!(game.actions().len(), before + 1),
                    _ => assert_eq!(game.actions().len(), before),
                }
            }
            ActmanOp::Editor(EditorOp::Replay(bytes)) => {
                let actions = moves_from(&bytes, "12346789NSEW", 32);
                actman_checks::replay_actions(&d, &actions);
                game = Game::replay(&d, &actions)
                    .or_else(|e| Game::replay(&d, &prefix(&actions, e.index)))
                    .expect("the legal prefix replays");
            }
            ActmanOp::Editor(EditorOp::Undo) => {
                let mut actions = game.actions().to_string();
                if actions.pop().is_some() {
                    game = Game::replay(&d, &actions).expect("undo replays legal actions");
                }
            }
            ActmanOp::Editor(EditorOp::Restart) => game = Game::new(&d),
            ActmanOp::Editor(EditorOp::Solve(b)) => {
                if d.walls.len() <= SMALL_CELLS {
                    actman_checks::solve_small(&d, b);
                }
            }
            ActmanOp::ChasesTowards(r, c) => {
                let board = game.board();
                let p = Pos::new(r.get(), c.get());
                let on = p.row < d.walls.rows() && p.col < d.walls.cols();
                match board.cell_on_board(p) {
                    None => assert!(!on, "{p:?} is on the board"),
                    Some(target) => {
                        assert!(on, "{p:?} is off the board");
                        assert_eq!(board.pos(target), p);
                        for (from, kind) in game.monsters() {
                            let to = board.pos(board.chase(board.cell(from), kind, target));
                            assert!(
                                to.row.abs_diff(from.row) <= 1 && to.col.abs_diff(from.col) <= 1
                            );
                        }
                    }
                }
            }
            ActmanOp::Verdict(limit) => {
                assert!(!game.verdict(limit.map(usize::from)).is_empty());
            }
        }
        actman_checks::check_game(&game);
    }
}

const ROGUE_DUNGEONS: [&str; 3] = [
    "3\nA . .\n. . .\n. . @\n",
    "5\nA . + . .\n.       .\n+       +\n.       .\n. . + . @\n",
    "2\nA .\n. @\n",
];

#[derive(Arbitrary, Debug)]
enum RogueOp {
    Paint(Coord, Coord, Symbol),
    Resize(Coord),
    SetPlayers(u8, u8),
    SetMaxMoves(u32),
    Play(Symbol),
    Step,
    Run(u8),
    Replay(Vec<u8>),
    Undo,
    Restart,
    Analyse,
}

/// `RogueSession`: paint, resize, players, play, step/run by strategies, replay,
/// undo, and the exact analysis (`outcome_map`, `exact`, `cycles`), as
/// `src/wasm/rogue.rs` calls them.
pub fn wasm_rogue(data: &[u8]) {
    use gridlab::games::rogue::{
        Analysis, CycleRogue, Dungeon, Game, MonsterStrategy, Player, RogueStrategy,
        SharedAnalysis, Side,
    };
    let Some((start, ops)) = start_and_ops::<RogueOp>(data) else {
        return;
    };
    let mut d = Dungeon::parse(ROGUE_DUNGEONS[usize::from(start) % 3]).expect("built-in");
    let mut game = Game::new(&d, 1000);
    let names = ["bfs", "optimal", "human", "naive", "cycle", "x"];
    let (mut monster, mut rogue) = ("bfs", "naive");
    let mut budget = Budget(Budget::SESSION);
    let small = |d: &Dungeon| rogue_checks::rooms(d) <= 40;
    let players = |d: &Dungeon, m: &str, r: &str| {
        let mut shared = SharedAnalysis::default();
        let m: Option<Box<dyn Player>> = m
            .parse::<MonsterStrategy>()
            .ok()
            .filter(|s| *s == MonsterStrategy::Bfs || small(d))
            .map(|s| s.player(d, &mut shared).expect("within the analysis limit"));
        let r: Option<Box<dyn Player>> = r
            .parse::<RogueStrategy>()
            .ok()
            .filter(|s| *s != RogueStrategy::Optimal || small(d))
            .map(|s| s.player(d, &mut shared).expect("within the analysis limit"));
        (m, r)
    };
    let (mut mp, mut rp) = players(&d, monster, rogue);
    for op in ops.into_iter().take(48) {
        if !budget.spend(d.sites.len() * 4 + 16) {
            break;
        }
        match op {
            RogueOp::Paint(r, c, s) => {
                let before = d.clone();
                match d.paint(Pos::new(r.get(), c.get()), s.get(" .+@AZ")) {
                    Ok(()) => rogue_checks::dungeon_invariants(&d),
                    Err(e) => {
                        assert!(!e.to_string().is_empty());
                        assert_eq!(d, before, "a refused paint changes nothing");
                    }
                }
                game = Game::new(&d, game.max_moves());
                (mp, rp) = players(&d, monster, rogue);
            }
            RogueOp::Resize(n) => {
                let side = n.get().clamp(2, gridlab::games::rogue::MAX_SIDE);
                if !budget.spend(side * side * 8) {
                    continue;
                }
                d = d.resized(n.get());
                assert_eq!(d.size(), side);
                rogue_checks::dungeon_invariants(&d);
                game = Game::new(&d, game.max_moves());
                (mp, rp) = players(&d, monster, rogue);
            }
            RogueOp::SetPlayers(m, r) => {
                let (m, r) = (names[usize::from(m) % 6], names[usize::from(r) % 6]);
                let ok_m = m == "human" || m.parse::<MonsterStrategy>().is_ok();
                let ok_r = r == "human" || r.parse::<RogueStrategy>().is_ok();
                if ok_m && ok_r {
                    (monster, rogue) = (m, r);
                    (mp, rp) = players(&d, monster, rogue);
                }
            }
            RogueOp::SetMaxMoves(t) => game = Game::new(&d, t.clamp(1, 200)),
            RogueOp::Play(s) => {
                let before = game.moves().len();
                match game.play_digit(&d, s.get("123456789")) {
                    Ok(_) => assert_eq!(game.moves().len(), before + 1),
                    Err(e) => {
                        assert!(!e.to_string().is_empty());
                        assert_eq!(game.moves().len(), before);
                    }
                }
            }
            RogueOp::Step | RogueOp::Run(_) => {
                let n = match op {
                    RogueOp::Run(n) => n,
                    _ => 1,
                };
                for _ in 0..n {
                    let Some(side) = game.to_move() else { break };
                    let player = match side {
                        Side::Monster => mp.as_deref_mut(),
                        Side::Rogue => rp.as_deref_mut(),
                    };
                    let Some(player) = player else { break };
                    game.play_player(&d, player);
                }
            }
            RogueOp::Replay(bytes) => {
                let digits = moves_from(&bytes, "123456789", 32);
                game = rogue_checks::replay_digits(&d, &digits, game.max_moves());
                (mp, rp) = players(&d, monster, rogue);
            }
            RogueOp::Undo => {
                let len = game.moves().len();
                assert_eq!(game.undo(), len > 0);
            }
            RogueOp::Restart => {
                game = Game::new(&d, game.max_moves());
                (mp, rp) = players(&d, monster, rogue);
            }
            RogueOp::Analyse => {
                if !small(&d) {
                    continue;
                }
                let analysis = Analysis::new(&d).expect("small dungeons are within the limit");
                let (m, r) = (game.monster(), game.rogue());
                for i in 0..d.sites.len() {
                    let p = d.sites.pos_of(i);
                    let _ = (analysis.monster_to_move(m, p), analysis.rogue_to_move(m, p));
                }
                let _ = analysis.best_monster_moves(&d, m, r);
                let _ = analysis.best_rogue_moves(&d, m, r);
                let _ = CycleRogue::new(&d).cycles();
            }
        }
        rogue_checks::check_game(&d, &game);
    }
}
