//! `gridlab rogue grade`: players written here (Python programs speaking the protocol of
//! docs/rogue-player-protocol.md, and, where javac is installed, Java classes behind
//! examples/rogue-player/RoguePlayerAdapter.java) get exact verdicts; a player that
//! hangs is timed out and killed with everything it started.

use crate::common;

use common::{processes, run, TempDir};

/// A player: `python3 player.py HOW`, HOW one of `bfs` (gridlab's `bfs` monster, or its
/// `naive` rogue), `optimal` (gridlab's `optimal` rogue, solved here by backward
/// induction), `stay`, `illegal` (an illegal site at move 2), `garble` (a sentence
/// instead of a move), `crash` (exits with 3 at move 3).
const PLAYER: &str = r#"# A Rogue player speaking gridlab's rogue-player protocol; argv[1] is its strategy.
import sys
from collections import deque

how = sys.argv[1]
inp = sys.stdin
assert inp.readline().strip() == "rogue-player 1"
side = inp.readline().split()[1]
n = int(inp.readline())
rows = [inp.readline().rstrip("\n") for _ in range(n)]
inp.readline()

def kind(p):
    i, j = p
    if not (0 <= i < n and 0 <= j < n):
        return " "
    c = rows[i][2 * j] if 2 * j < len(rows[i]) else " "
    return c if c in " +" else "."

def legal(a, b):
    if kind(a) == " " or kind(b) == " ":
        return False
    di, dj = abs(a[0] - b[0]), abs(a[1] - b[1])
    if di > 1 or dj > 1:
        return False
    return (kind(a) == "." and kind(b) == ".") or di + dj <= 1

STEPS = [(0, 0), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]

def moves(p):
    return [q for q in ((p[0] + a, p[1] + b) for a, b in STEPS) if legal(p, q)]

def dist_from(src):
    d = {src: 0}
    q = deque([src])
    while q:
        p = q.popleft()
        for x in moves(p):
            if x not in d:
                d[x] = d[p] + 1
                q.append(x)
    return d

def e2(a, b):
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2

INF = float("inf")
value = {}
if how == "optimal":
    # Backward induction: value[m, r] = monster moves to capture, monster to move.
    sites = [(i, j) for i in range(n) for j in range(n) if kind((i, j)) != " "]
    for m in sites:
        for r in sites:
            value[m, r] = 0 if m == r else INF
    changed = True
    while changed:
        changed = False
        for m in sites:
            for r in sites:
                if m == r:
                    continue
                best = INF
                for m2 in moves(m):
                    after = 0 if m2 == r else max(0 if r2 == m2 else value[m2, r2] for r2 in moves(r))
                    best = min(best, after)
                if best + 1 < value[m, r]:
                    value[m, r] = best + 1
                    changed = True

print("ready", flush=True)
for line in inp:
    w = line.split()
    if w[0] == "end":
        break
    t, mi, mj, ri, rj = map(int, w[1:])
    m, r = (mi, mj), (ri, rj)
    if how == "stay":
        print("stay", flush=True)
        continue
    if how == "illegal" and t == 2:
        print(m[0] + 2, m[1], flush=True) if side == "monster" else print(-1, 0, flush=True)
        continue
    if how == "garble":
        print("I move to", m[0], m[1], flush=True)
        continue
    if how == "crash" and t == 3:
        sys.exit(3)
    if side == "monster":
        d = dist_from(r)
        ms = moves(m)
        best = min(d.get(p, INF) for p in ms)
        p = min((p for p in ms if d.get(p, INF) == best), key=lambda p: e2(p, r))
    elif how == "optimal":
        after = lambda p: 0 if p == m else value[m, p]
        best = max(after(p) for p in moves(r))
        p = max((p for p in moves(r) if after(p) == best), key=lambda p: (e2(p, m), -p[0], -p[1]))
    else:
        d = dist_from(m)
        p = max(moves(r), key=lambda p: (d.get(p, 2 ** 32 - 1), -p[0], -p[1]))
    print(p[0], p[1], flush=True)
"#;

/// A BFS monster for the coursework kit (gridlab's `bfs` tie-breaks).
const MONSTER: &str = r#"public class Monster {
    static final int[][] STEPS = {{0,0},{-1,0},{-1,1},{0,1},{1,1},{1,0},{1,-1},{0,-1},{-1,-1}};
    private final Game game;
    private final Dungeon dungeon;
    private final int n;

    public Monster(Game game) {
        this.game = game;
        this.dungeon = game.getDungeon();
        this.n = dungeon.size();
    }

    static int[][] distances(Dungeon d, int n, Site from) {
        int[][] dist = new int[n][n];
        for (int[] row : dist) java.util.Arrays.fill(row, Integer.MAX_VALUE);
        java.util.ArrayDeque<Site> queue = new java.util.ArrayDeque<>();
        dist[from.i()][from.j()] = 0;
        queue.add(from);
        while (!queue.isEmpty()) {
            Site v = queue.poll();
            for (int[] s : STEPS) {
                Site w = new Site(v.i() + s[0], v.j() + s[1]);
                if (d.isLegalMove(v, w) && dist[w.i()][w.j()] == Integer.MAX_VALUE) {
                    dist[w.i()][w.j()] = dist[v.i()][v.j()] + 1;
                    queue.add(w);
                }
            }
        }
        return dist;
    }

    public Site move() {
        Site m = game.getMonsterSite(), r = game.getRogueSite();
        int[][] dist = distances(dungeon, n, r);
        Site best = m;
        long bestKey = Long.MAX_VALUE;
        for (int[] s : STEPS) {
            Site w = new Site(m.i() + s[0], m.j() + s[1]);
            if (!dungeon.isLegalMove(m, w)) continue;
            long e2 = (long) (w.i() - r.i()) * (w.i() - r.i()) + (long) (w.j() - r.j()) * (w.j() - r.j());
            long key = (long) dist[w.i()][w.j()] * 1_000_000L + e2;
            if (key < bestKey) { bestKey = key; best = w; }
        }
        return best;
    }
}
"#;

/// A naive rogue for the coursework kit (gridlab's `naive` tie-breaks), which prints a
/// debug line on System.out at every move.
const ROGUE: &str = r#"public class Rogue {
    private final Game game;
    private final Dungeon dungeon;
    private final int n;

    public Rogue(Game game) {
        this.game = game;
        this.dungeon = game.getDungeon();
        this.n = dungeon.size();
    }

    public Site move() {
        Site m = game.getMonsterSite(), r = game.getRogueSite();
        System.out.println("rogue at " + r.i() + " " + r.j());
        int[][] dist = Monster.distances(dungeon, n, m);
        Site best = r;
        long bestKey = Long.MIN_VALUE;
        for (int[] s : Monster.STEPS) {
            Site w = new Site(r.i() + s[0], r.j() + s[1]);
            if (!dungeon.isLegalMove(r, w)) continue;
            long key = (long) dist[w.i()][w.j()] * 1_000_000L - w.i() * 1000L - w.j();
            if (key > bestKey) { bestKey = key; best = w; }
        }
        return best;
    }
}
"#;

const A: &str = "levels/rogue/course/dungeonA.txt";
const C: &str = "levels/rogue/course/dungeonC.txt";
const F: &str = "levels/rogue/course/dungeonF.txt";
const Q: &str = "levels/rogue/course/dungeonQ.txt";
const R: &str = "levels/rogue/course/dungeonR.txt";
const LOOP: &str = "levels/rogue/01-first-loop.txt";
/// A 5×5 room: the monster captures in 4 whatever the rogue does.
const ROOM: &str = "tests/data/rogue/grade/open-room.txt";
const STAIR: &str = "levels/rogue/06-double-stair.txt";

/// The folder with `player.py`, and the command playing `how`.
fn player(how: &str) -> (TempDir, String) {
    let dir = TempDir::new("rogue-grade");
    let path = dir.write("player.py", PLAYER);
    (dir, format!("python3 {path} {how}"))
}

/// `rogue grade --SIDE CMD ARGS...`.
fn grade(side: &str, command: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["rogue", "grade", side, command];
    all.extend(args);
    run(&all)
}

/// The table of a BFS monster (Python here, Java through the adapter below) on four
/// dungeons, 100 moves.
const BFS_TABLE: &str = "\
dungeon                           opponent  verdict     moves  optimal  what failed
levels/rogue/course/dungeonA.txt  naive     caught          8        9  -
levels/rogue/course/dungeonA.txt  cycle     caught          8        9  -
levels/rogue/course/dungeonA.txt  optimal   caught          9        9  -
levels/rogue/course/dungeonQ.txt  naive     caught          4        9  -
levels/rogue/course/dungeonQ.txt  cycle     caught          4        9  -
levels/rogue/course/dungeonQ.txt  optimal   caught          9        9  -
levels/rogue/course/dungeonF.txt  naive     not caught    100     safe  - (the rogue is safe)
levels/rogue/course/dungeonF.txt  cycle     not caught    100     safe  - (the rogue is safe)
levels/rogue/course/dungeonF.txt  optimal   not caught    100     safe  - (the rogue is safe)
levels/rogue/06-double-stair.txt  naive     caught          8        9  -
levels/rogue/06-double-stair.txt  cycle     not caught    100        9  not caught in 100 moves; capture is forced in 9
levels/rogue/06-double-stair.txt  optimal   not caught    100        9  not caught in 100 moves; capture is forced in 9
10 of 12 games passed
";

#[test]
fn a_bfs_monster_plays_as_the_referee_and_is_judged_against_the_exact_solution() {
    let (dir, cmd) = player("bfs");
    let json = dir.path("grade.json");
    let (code, out, err) = grade(
        "--monster",
        &cmd,
        &[A, Q, F, STAIR, "--max-moves", "100", "--json", &json],
    );
    assert_eq!(out, BFS_TABLE, "{err}");
    assert_eq!(code, Some(1), "the double stair is lost to the cycle rogue");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["side"], "monster");
    assert_eq!(report["passed"], 10);
    let games = report["games"].as_array().unwrap();
    assert_eq!(games.len(), 12);
    // Each game against the naive rogue is the referee's game of `bfs` against `naive`.
    for dungeon in [A, Q, STAIR] {
        let game = games
            .iter()
            .find(|g| g["dungeon"] == dungeon && g["opponent"] == "naive")
            .unwrap();
        let moves = game["movesPlayed"].as_str().unwrap();
        let (_, referee, _) = run(&[
            "rogue",
            "play",
            dungeon,
            "--monster",
            "bfs",
            "--rogue",
            "naive",
        ]);
        let monster: String = moves.chars().step_by(2).collect();
        let rogue: String = moves.chars().skip(1).step_by(2).collect();
        let (_, replayed, _) = run(&[
            "rogue",
            "play",
            dungeon,
            "--monster-moves",
            &monster,
            "--rogue-moves",
            &rogue,
        ]);
        assert_eq!(replayed, referee, "{dungeon}");
        assert_eq!(game["outcome"], "caught");
        assert_eq!(game["pass"], true);
    }
    let failed = games.iter().find(|g| g["pass"] == false).unwrap();
    assert_eq!(failed["reference"]["forced"], 9);
    assert_eq!(
        failed["failed"],
        "not caught in 100 moves; capture is forced in 9"
    );
}

#[test]
fn monsters_that_stand_still_cheat_babble_or_crash_fail_with_the_move_at_fault() {
    let rows = |why: &str, verdict: &str, moves: u32| -> String {
        let mut out = String::new();
        for opponent in ["naive  ", "cycle  ", "optimal"] {
            out.push_str(&format!(
                "levels/rogue/course/dungeonA.txt  {opponent}   {verdict}  {moves:>5}        9  {why}\n"
            ));
        }
        out
    };
    for (how, verdict, moves, why) in [
        ("stay", "not caught", 20, "not caught in 20 moves; capture is forced in 9"),
        ("illegal", "cheated", 2, "Monster caught cheating: move 2 from (1, 7) to (3, 7) is not legal"),
        ("garble", "bad reply", 1, "move 1: 'I move to 0 8' is not a move (a site 'I J' or a direction N, NE, E, SE, S, SW, W, NW, stay)"),
        ("crash", "crashed", 3, "move 3: the program ended (exit status 3)"),
    ] {
        let (_dir, cmd) = player(how);
        let (code, out, err) = grade("--monster", &cmd, &[A, "--max-moves", "20"]);
        assert_eq!(code, Some(1), "{how}: {err}");
        let body: String = out.lines().skip(1).map(|l| format!("{l}\n")).collect();
        assert_eq!(body, rows(why, verdict, moves) + "0 of 3 games passed\n", "{how}");
    }
}

#[test]
fn a_monster_that_sleeps_times_out_and_everything_it_started_is_killed() {
    let dir = TempDir::new("rogue-grade-sleep");
    let script = dir.path("sleepy.sh");
    std::fs::write(
        &script,
        "if [ \"$1\" = child ]; then while :; do sleep 1; done; fi\n\
         sh \"$0\" child &\necho ready\nwhile :; do sleep 1; done\n",
    )
    .unwrap();
    let (code, out, err) = grade(
        "--monster",
        &format!("sh {script}"),
        &[C, "--time-limit", "1"],
    );
    assert_eq!(code, Some(1), "{err}");
    let why = "move 1: no reply within 1 s per move (--time-limit)";
    for opponent in ["naive", "cycle", "optimal"] {
        assert!(
            out.lines()
                .any(|l| l.split_whitespace().collect::<Vec<_>>()[..4]
                    == ["levels/rogue/course/dungeonC.txt", opponent, "timeout", "1"]
                    && l.ends_with(why)),
            "{out}"
        );
    }
    if let Some(left) = processes(&script) {
        assert_eq!(left, "", "the player and its child are killed");
    }
}

#[test]
fn a_slow_monster_runs_out_of_its_game_time() {
    let dir = TempDir::new("rogue-grade-slow");
    let path = dir.write(
        "player.py",
        PLAYER
            .replace(
                "print(p[0], p[1], flush=True)",
                "time.sleep(0.4); print(p[0], p[1], flush=True)",
            )
            .replace("import sys", "import sys, time"),
    );
    let (code, out, err) = grade(
        "--monster",
        &format!("python3 {path} bfs"),
        &[F, "--game-time-limit", "1"],
    );
    assert_eq!(code, Some(1), "{err}");
    let rows: Vec<&str> = out.lines().skip(1).take(3).collect();
    for row in rows {
        assert!(row.contains(" timeout "), "{out}");
        assert!(
            row.ends_with("no reply within 1 s per game (--game-time-limit)"),
            "{out}"
        );
    }
}

#[test]
fn rogues_survive_where_the_exact_solution_says_they_are_safe() {
    // The optimal player solves the dungeon before `ready`: a slow machine gets time.
    let args = [ROOM, R, LOOP, "--max-moves", "100", "--start-limit", "120"];
    let (_dir, cmd) = player("optimal");
    let (code, out, err) = grade("--rogue", &cmd, &args);
    assert_eq!(
        out,
        "\
dungeon                               opponent  verdict   moves   optimal  what failed
tests/data/rogue/grade/open-room.txt  bfs       caught        4         4  - (capture is forced in 4)
tests/data/rogue/grade/open-room.txt  optimal   caught        4         4  - (capture is forced in 4)
levels/rogue/course/dungeonR.txt      bfs       survived    100  survives  -
levels/rogue/course/dungeonR.txt      optimal   survived    100  survives  -
levels/rogue/01-first-loop.txt        bfs       survived    100  survives  -
levels/rogue/01-first-loop.txt        optimal   survived    100  survives  -
6 of 6 games passed
",
        "{err}"
    );
    assert_eq!(code, Some(0));

    let (_dir, cmd) = player("naive");
    let (code, out, err) = grade("--rogue", &cmd, &args);
    assert_eq!(
        out,
        "\
dungeon                               opponent  verdict  moves   optimal  what failed
tests/data/rogue/grade/open-room.txt  bfs       caught       4         4  - (capture is forced in 4)
tests/data/rogue/grade/open-room.txt  optimal   caught       4         4  - (capture is forced in 4)
levels/rogue/course/dungeonR.txt      bfs       caught       6  survives  caught in 6; the rogue is safe (exact solution)
levels/rogue/course/dungeonR.txt      optimal   caught       6  survives  caught in 6; the rogue is safe (exact solution)
levels/rogue/01-first-loop.txt        bfs       caught       4  survives  caught in 4; the rogue is safe (exact solution)
levels/rogue/01-first-loop.txt        optimal   caught       4  survives  caught in 4; the rogue is safe (exact solution)
2 of 6 games passed
",
        "{err}"
    );
    assert_eq!(code, Some(1));
}

#[test]
fn a_rogue_caught_sooner_than_optimal_play_fails_only_when_optimal_play_is_required() {
    let (_dir, cmd) = player("stay");
    let (code, out, _) = grade("--rogue", &cmd, &[C, STAIR]);
    assert_eq!(
        out.lines().skip(1).collect::<Vec<_>>(),
        [
            "levels/rogue/course/dungeonC.txt  bfs       caught       3         5  - (2 moves shorter than optimal play)",
            "levels/rogue/course/dungeonC.txt  optimal   caught       3         5  - (2 moves shorter than optimal play)",
            "levels/rogue/06-double-stair.txt  bfs       caught       8  survives  - (optimal play survives this monster)",
            "levels/rogue/06-double-stair.txt  optimal   caught       8         9  - (1 move shorter than optimal play)",
            "4 of 4 games passed",
        ]
    );
    assert_eq!(code, Some(0));
    let (code, out, _) = grade("--rogue", &cmd, &[C, STAIR, "--require-optimal"]);
    assert_eq!(
        out.lines().skip(1).collect::<Vec<_>>(),
        [
            "levels/rogue/course/dungeonC.txt  bfs       caught       3         5  caught in 3; optimal play lasts 5",
            "levels/rogue/course/dungeonC.txt  optimal   caught       3         5  caught in 3; optimal play lasts 5",
            "levels/rogue/06-double-stair.txt  bfs       caught       8  survives  caught in 8; optimal play survives 1000 moves",
            "levels/rogue/06-double-stair.txt  optimal   caught       8         9  caught in 8; optimal play lasts 9",
            "0 of 4 games passed",
        ]
    );
    assert_eq!(code, Some(1));
}

#[test]
fn bad_input_exits_2_naming_the_place() {
    let dir = TempDir::new("rogue-grade-bad");
    let bad = dir.write("bad.txt", "2\nA .\n. @ +\n");
    let (code, _, err) = grade("--monster", "true", &[&bad]);
    assert_eq!(code, Some(2));
    assert!(err.contains("bad.txt:3:5: row 2 is longer"), "{err}");
    let (code, _, err) = grade("--monster", "true", &[&dir.path("missing.txt")]);
    assert_eq!(code, Some(2), "{err}");
    let (code, _, err) = grade("--monster", "true", &[A, "--time-limit", "0"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--time-limit"), "{err}");
    let (code, _, _) = run(&["rogue", "grade", A]);
    assert_eq!(code, Some(2), "a player is needed");
    let empty = TempDir::new("rogue-grade-empty");
    let (code, _, err) = grade("--monster", "true", &[empty.to_str()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("without dungeon files"), "{err}");
}

#[test]
fn a_player_that_does_not_start_fails_at_the_start() {
    let (code, out, err) = grade("--monster", "exit 7", &[C]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        out.contains("crashed      0        5  at the start: the program ended (exit status 7)"),
        "{out}"
    );
}

/// The folder with the kit (the real one in `ROGUE_KIT`, or gridlab's stand-ins), the
/// test's Monster and Rogue and the adapter, compiled; `None` without javac.
fn java_players() -> Option<TempDir> {
    if std::process::Command::new("javac")
        .arg("-version")
        .output()
        .is_err()
    {
        eprintln!("skipped: javac is not installed");
        return None;
    }
    let dir = TempDir::new("rogue-grade-java");
    let kit = std::env::var("ROGUE_KIT").unwrap_or_else(|_| "tests/data/rogue/grade/kit".into());
    for class in ["Game", "Dungeon", "Site", "In"] {
        std::fs::copy(
            format!("{kit}/{class}.java"),
            dir.path(&format!("{class}.java")),
        )
        .unwrap();
    }
    dir.write("Monster.java", MONSTER);
    dir.write("Rogue.java", ROGUE);
    let status = std::process::Command::new("javac")
        .args(["-d", &dir.path("classes")])
        .args(
            ["Game", "Dungeon", "Site", "In", "Monster", "Rogue"]
                .map(|c| dir.path(&format!("{c}.java"))),
        )
        .arg("examples/rogue-player/RoguePlayerAdapter.java")
        .status()
        .unwrap();
    assert!(status.success());
    Some(dir)
}

#[test]
fn the_java_adapter_plays_a_coursework_monster_and_rogue() {
    let Some(dir) = java_players() else {
        return;
    };
    let cmd = format!("java -cp {} RoguePlayerAdapter", dir.path("classes"));
    let (code, out, err) = grade("--monster", &cmd, &[A, Q, F, STAIR, "--max-moves", "100"]);
    assert_eq!(out, BFS_TABLE, "{err}");
    assert_eq!(code, Some(1));
    let (code, out, err) = grade("--rogue", &cmd, &[C, R, "--max-moves", "100"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(out.contains("levels/rogue/course/dungeonR.txt  optimal   caught       6  survives  caught in 6; the rogue is safe (exact solution)"), "{out}");
    // The rogue's System.out lines go to the log, not into the protocol.
    assert!(
        err.contains("[rogue dungeonC.txt vs bfs]: rogue at 4 5\n"),
        "{err}"
    );
}
