//! The searches beyond the course (uniform-cost, weighted A*, IDA*, beam and
//! bidirectional BFS) against A* and BFS on every Pengu course field, the corpus's
//! fields, the Act-Man dungeons and seeded random levels: UCS and IDA* cost what A*
//! costs under the same cost model, bidirectional BFS is as short as BFS, weighted A*
//! stays within w times the optimum, every plan found replays to its goal; Pengu's
//! `cost = cells` against a Dijkstra search over the rules; where bidirectional search
//! cannot run, its note says why.

use gridlab::games::actman::{self, Dungeon, Objective};
use gridlab::games::pengu::{self, cells_slid, replay, slide, Cost, Goal, Level, SlideEnd};
use gridlab::grid::{Dir, Pos};
use gridlab::search::{Algorithm, Outcome, Solver};
use std::path::PathBuf;

use crate::common;

/// Most states each search may store: the larger fields stop at it and are skipped.
const MAX_STATES: usize = 60_000;
/// IDA* runs where A* stored at most this many states (it searches again per f-limit).
const IDA_STATES: u64 = 20_000;
/// The largest fields compared (a 100 × 100 field takes seconds to set up per search).
const MAX_CELLS: usize = 2_000;

/// The Pengu fields: the course's, ours, and the corpus's where it is present.
fn pengu_fields() -> Vec<(String, Level)> {
    let mut paths: Vec<PathBuf> = common::files_ending("levels/pengu/course", "txt");
    paths.extend(common::files_ending("levels/pengu", "txt"));
    if std::path::Path::new("../shared/corpus/pengu").is_dir() {
        paths.extend(
            common::files_ending("../shared/corpus/pengu", "txt")
                .into_iter()
                .filter(|p| !p.to_string_lossy().contains("OUTPUT")),
        );
    }
    // The corpus repeats most course fields: each field once.
    let mut seen = std::collections::HashSet::new();
    paths
        .into_iter()
        .filter_map(|p| {
            let level = Level::parse(&std::fs::read_to_string(&p).ok()?).ok()?;
            let small = level.tiles.len() <= MAX_CELLS;
            (small && seen.insert(level.to_text())).then(|| (p.display().to_string(), level))
        })
        .collect()
}

fn pengu_solve(
    level: &Level,
    algo: Algorithm,
    goal: Goal,
    cost: Cost,
    weight: f64,
) -> pengu::Solution {
    let options = pengu::SolveOptions {
        solver: Solver::Search(algo),
        goal,
        cost,
        weight,
        beam_width: 20,
        max_states: MAX_STATES,
        ..pengu::SolveOptions::default()
    };
    pengu::solve(level, &options, None, None)
}

/// A Pengu plan's cost under `cost`.
fn pengu_cost(level: &Level, moves: &str, cost: Cost) -> u64 {
    match cost {
        Cost::Moves => moves.len() as u64,
        Cost::Cells => cells_slid(level, moves).expect("a legal plan"),
    }
}

/// A found plan replays to the goal.
fn assert_meets(level: &Level, s: &pengu::Solution, goal: Goal, what: &str) {
    assert_eq!(s.outcome, Outcome::Found, "{what}");
    let game = replay(level, &s.moves).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(goal.is_met(&game), "{what}: {}", s.moves);
}

/// UCS, IDA* and weighted A* (weight `w`) against A*, beam plans valid, on one field;
/// returns whether A* finished (and so the others were compared).
fn compare_pengu(name: &str, level: &Level, goal: Goal, cost: Cost, w: f64) -> bool {
    let what = format!("{name} {goal:?} {cost:?}");
    let astar = pengu_solve(level, Algorithm::Astar, goal, cost, 1.0);
    if astar.outcome == Outcome::LimitReached {
        return false;
    }
    let ucs = pengu_solve(level, Algorithm::Ucs, goal, cost, 1.0);
    if ucs.outcome != Outcome::LimitReached {
        assert_eq!(ucs.outcome, astar.outcome, "{what}: UCS");
    }
    if astar.outcome == Outcome::NoPlan {
        return true;
    }
    let optimum = pengu_cost(level, &astar.moves, cost);
    assert_meets(level, &astar, goal, &what);
    if ucs.outcome == Outcome::Found {
        assert_meets(level, &ucs, goal, &format!("{what} UCS"));
        assert_eq!(pengu_cost(level, &ucs.moves, cost), optimum, "{what}: UCS");
    }
    let s = pengu_solve(level, Algorithm::Wastar, goal, cost, w);
    if s.outcome != Outcome::LimitReached {
        assert_meets(level, &s, goal, &format!("{what} w={w}"));
        let c = pengu_cost(level, &s.moves, cost);
        assert!(
            c as f64 <= w * optimum as f64,
            "{what}: w={w} costs {c} > {w} × {optimum}"
        );
    }
    let beam = pengu_solve(level, Algorithm::Beam, goal, cost, 1.0);
    match beam.outcome {
        Outcome::Found => assert_meets(level, &beam, goal, &format!("{what} beam")),
        outcome => {
            assert_eq!(outcome, Outcome::LimitReached, "{what}: beam");
            let note = beam.note.unwrap_or_default();
            assert!(
                note.starts_with("the beam (width 20) dropped every path to a goal: ")
                    || note.is_empty(),
                "{what}: {note}"
            );
        }
    }
    if astar.stats.stored <= IDA_STATES {
        let ida = pengu_solve(level, Algorithm::Idastar, goal, cost, 1.0);
        if ida.outcome != Outcome::LimitReached {
            assert_meets(level, &ida, goal, &format!("{what} IDA*"));
            assert_eq!(pengu_cost(level, &ida.moves, cost), optimum, "{what}: IDA*");
        }
    }
    true
}

#[test]
fn pengu_optimal_costs_agree_on_every_field() {
    let mut compared = 0;
    let weights = [1.5, 2.0, 5.0];
    for (name, level) in pengu_fields() {
        for goal in [Goal::All, Goal::AtLeast(8)] {
            for cost in [Cost::Moves, Cost::Cells] {
                let w = weights[compared % weights.len()];
                compared += usize::from(compare_pengu(&name, &level, goal, cost, w));
            }
        }
    }
    assert!(compared >= 40, "only {compared} comparisons finished");
}

#[test]
fn pengu_bidirectional_bfs_is_as_short_as_bfs() {
    let mut compared = 0;
    for (name, level) in pengu_fields() {
        let bfs = pengu_solve(&level, Algorithm::Bfs, Goal::All, Cost::Moves, 1.0);
        if bfs.outcome == Outcome::LimitReached {
            continue;
        }
        let bi = pengu_solve(&level, Algorithm::Bibfs, Goal::All, Cost::Moves, 1.0);
        if bi.outcome == Outcome::LimitReached {
            continue;
        }
        assert_eq!(bi.outcome, bfs.outcome, "{name}");
        if bi.outcome == Outcome::Found {
            assert_meets(&level, &bi, Goal::All, &name);
            assert_eq!(
                bi.moves.len(),
                bfs.moves.len(),
                "{name}: {} vs {}",
                bi.moves,
                bfs.moves
            );
            compared += 1;
        }
    }
    assert!(compared >= 10, "only {compared} fields compared");
}

#[test]
fn bidirectional_search_says_where_it_cannot_run() {
    let level = Level::parse("4 6\n######\n#P * #\n#*   #\n######").unwrap();
    let s = pengu_solve(&level, Algorithm::Bibfs, Goal::AtLeast(1), Cost::Moves, 1.0);
    assert_eq!(s.outcome, Outcome::LimitReached);
    assert_eq!(
        s.note.as_deref(),
        Some("bidirectional search needs the goal states, and \"at least 1 fish\" has too many to list (every rest cell with every set of 1 or more fish): use the goal \"all\"")
    );
    let dungeon =
        Dungeon::parse("5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########")
            .unwrap();
    let s = actman::solve(
        &dungeon,
        &actman::SolveOptions {
            solver: Solver::Search(Algorithm::Bibfs),
            ..actman::SolveOptions::default()
        },
        None,
        None,
    );
    assert_eq!(s.outcome, Outcome::LimitReached);
    assert_eq!(s.actions, "");
    let note = s.note.unwrap();
    assert!(
        note.starts_with("bidirectional search cannot run on Act-Man: a turn cannot be undone, as the monsters' chase moves are not invertible"),
        "{note}"
    );
}

/// The fewest cells slid to eat every fish and survive, by Dijkstra's algorithm over
/// the rules (states: Pengu's cell and the fish eaten).
fn fewest_cells_by_the_rules(level: &Level) -> Option<u64> {
    let fish: Vec<Pos> = (0..level.tiles.len())
        .map(|i| level.tiles.pos_of(i))
        .filter(|&p| level.tiles[p] == pengu::Tile::Fish)
        .collect();
    assert!(fish.len() < 64);
    let all = (1u64 << fish.len()) - 1;
    let successors = |&(at, eaten): &(Pos, u64)| {
        let mut out = Vec::new();
        for dir in Dir::ALL {
            let (mut cells, mut eats) = (0u64, eaten);
            let end = slide(&level.tiles, at, dir, |p| {
                cells += 1;
                if let Some(f) = fish.iter().position(|&q| q == p) {
                    eats |= 1 << f;
                }
            });
            if let SlideEnd::Stops(to) = end {
                out.push(((to, eats), cells));
            }
        }
        out
    };
    pathfinding::prelude::dijkstra(&(level.start, 0u64), successors, |&(_, e)| e == all)
        .map(|(_, cost)| cost)
}

#[test]
fn cells_cost_is_the_fewest_cells_and_not_always_the_shortest_plan() {
    let (mut solved, mut differs) = (0, 0);
    for seed in 0..150 {
        let text = common::random_pengu_field(seed, &common::MIXED);
        let level = Level::parse(&text).unwrap();
        let Some(fewest) = fewest_cells_by_the_rules(&level) else {
            let s = pengu_solve(&level, Algorithm::Ucs, Goal::All, Cost::Cells, 1.0);
            assert_eq!(s.outcome, Outcome::NoPlan, "seed {seed}\n{text}");
            continue;
        };
        for algo in [Algorithm::Ucs, Algorithm::Astar, Algorithm::Idastar] {
            let s = pengu_solve(&level, algo, Goal::All, Cost::Cells, 1.0);
            assert_meets(
                &level,
                &s,
                Goal::All,
                &format!("seed {seed} {algo:?}\n{text}"),
            );
            assert_eq!(
                cells_slid(&level, &s.moves),
                Some(fewest),
                "seed {seed} {algo:?}\n{text}"
            );
        }
        let w = pengu_solve(&level, Algorithm::Wastar, Goal::All, Cost::Cells, 2.0);
        assert!(
            cells_slid(&level, &w.moves).unwrap() <= 2 * fewest,
            "seed {seed}"
        );
        let bfs = pengu_solve(&level, Algorithm::Bfs, Goal::All, Cost::Cells, 1.0);
        let bi = pengu_solve(&level, Algorithm::Bibfs, Goal::All, Cost::Cells, 1.0);
        assert_eq!(bi.moves.len(), bfs.moves.len(), "seed {seed}\n{text}");
        let ucs = pengu_solve(&level, Algorithm::Ucs, Goal::All, Cost::Cells, 1.0);
        assert!(ucs.moves.len() >= bfs.moves.len(), "seed {seed}");
        differs += usize::from(cells_slid(&level, &bfs.moves).unwrap() > fewest);
        solved += 1;
    }
    assert!(solved >= 30, "only {solved} random fields solvable");
    assert!(
        differs >= 1,
        "the shortest plan was always the cheapest in cells"
    );
}

#[test]
fn on_a_course_field_the_cheapest_plan_in_cells_is_not_the_shortest() {
    let mut found = Vec::new();
    for (name, level) in pengu_fields() {
        let bfs = pengu_solve(&level, Algorithm::Bfs, Goal::All, Cost::Moves, 1.0);
        let ucs = pengu_solve(&level, Algorithm::Ucs, Goal::All, Cost::Cells, 1.0);
        if bfs.outcome != Outcome::Found || ucs.outcome != Outcome::Found {
            continue;
        }
        let (short, cheap) = (
            cells_slid(&level, &bfs.moves).unwrap(),
            cells_slid(&level, &ucs.moves).unwrap(),
        );
        assert!(cheap <= short, "{name}");
        assert!(ucs.moves.len() >= bfs.moves.len(), "{name}");
        if cheap < short && ucs.moves.len() > bfs.moves.len() {
            found.push(name);
        }
    }
    assert!(
        !found.is_empty(),
        "on every field the shortest plan was the cheapest"
    );
}

/// An Act-Man plan's cost under the objective: its turns, or the points it spends (1
/// a move, 20 for the shot).
fn actman_cost(actions: &str, objective: Objective) -> u64 {
    match objective {
        Objective::Turns => actions.len() as u64,
        Objective::Score => actions
            .chars()
            .map(|c| if "NSEW".contains(c) { 20 } else { 1 })
            .sum(),
    }
}

fn actman_solve(d: &Dungeon, algo: Algorithm, objective: Objective, w: f64) -> actman::Solution {
    let options = actman::SolveOptions {
        solver: Solver::Search(algo),
        objective,
        weight: w,
        beam_width: 20,
        max_turns: 30,
        max_states: MAX_STATES,
        ..actman::SolveOptions::default()
    };
    actman::solve(d, &options, None, None)
}

fn assert_wins(d: &Dungeon, s: &actman::Solution, what: &str) {
    assert_eq!(s.outcome, Outcome::Found, "{what}");
    let game = actman::Game::replay(d, &s.actions).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(
        game.status(),
        actman::Status::Victory,
        "{what}: {}",
        s.actions
    );
}

/// The comparisons of `compare_pengu` on one dungeon; whether A* finished.
fn compare_actman(name: &str, d: &Dungeon, objective: Objective) -> bool {
    let what = format!("{name} {objective:?}");
    let astar = actman_solve(d, Algorithm::Astar, objective, 1.0);
    if astar.outcome != Outcome::Found {
        return false;
    }
    assert_wins(d, &astar, &what);
    let optimum = actman_cost(&astar.actions, objective);
    let ucs = actman_solve(d, Algorithm::Ucs, objective, 1.0);
    if ucs.outcome != Outcome::LimitReached {
        assert_wins(d, &ucs, &format!("{what} UCS"));
        assert_eq!(actman_cost(&ucs.actions, objective), optimum, "{what}: UCS");
    }
    for w in [1.5, 3.0] {
        let s = actman_solve(d, Algorithm::Wastar, objective, w);
        if s.outcome != Outcome::LimitReached {
            assert_wins(d, &s, &format!("{what} w={w}"));
            let c = actman_cost(&s.actions, objective);
            assert!(
                c as f64 <= w * optimum as f64,
                "{what}: w={w}: {c} > {w} × {optimum}"
            );
        }
    }
    let beam = actman_solve(d, Algorithm::Beam, objective, 1.0);
    if beam.outcome == Outcome::Found {
        assert_wins(d, &beam, &format!("{what} beam"));
    }
    if astar.stats.stored <= IDA_STATES {
        let ida = actman_solve(d, Algorithm::Idastar, objective, 1.0);
        if ida.outcome != Outcome::LimitReached {
            assert_wins(d, &ida, &format!("{what} IDA*"));
            assert_eq!(
                actman_cost(&ida.actions, objective),
                optimum,
                "{what}: IDA*"
            );
        }
    }
    true
}

/// A seeded random dungeon: walls, Act-Man and one to three monsters.
fn random_dungeon(seed: u64) -> String {
    let mut k = seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
    let mut next = |n: u64| {
        k = k
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (k >> 33) % n
    };
    let (rows, cols) = (5 + next(3) as usize, 6 + next(5) as usize);
    let mut grid = common::walled(rows, cols);
    let mut free = Vec::new();
    for (r, row) in grid.iter_mut().enumerate().take(rows - 1).skip(1) {
        for (c, cell) in row.iter_mut().enumerate().take(cols - 1).skip(1) {
            if next(6) == 0 {
                *cell = '#';
            } else {
                free.push((r, c));
            }
        }
    }
    let monsters = 1 + next(3) as usize;
    for (i, piece) in std::iter::once('A')
        .chain((0..monsters).map(|m| if m % 2 == 0 { 'G' } else { 'D' }))
        .chain(std::iter::once('@').filter(|_| seed % 3 == 0))
        .enumerate()
    {
        if free.len() <= i {
            break;
        }
        let at = free.swap_remove(next(free.len() as u64) as usize);
        grid[at.0][at.1] = piece;
    }
    common::grid_text(&grid)
}

#[test]
fn actman_optimal_costs_agree_on_every_dungeon_and_random_ones() {
    let mut dungeons: Vec<(String, Dungeon)> = Vec::new();
    for dir in ["levels/actman", "levels/actman/course"] {
        for p in common::files_ending(dir, "txt") {
            let text = std::fs::read_to_string(&p).unwrap();
            dungeons.push((p.display().to_string(), Dungeon::parse(&text).unwrap()));
        }
    }
    for seed in 0..40 {
        let text = random_dungeon(seed);
        let d = Dungeon::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        dungeons.push((format!("seed {seed}\n{text}"), d));
    }
    let mut compared = 0;
    for (name, d) in &dungeons {
        for objective in [Objective::Score, Objective::Turns] {
            compared += usize::from(compare_actman(name, d, objective));
        }
    }
    assert!(compared >= 40, "only {compared} comparisons finished");
}

#[test]
fn a_narrow_beam_fails_and_says_how_many_states_it_cut() {
    // Plenty of fish in a row and around: a beam of width 1 follows the heuristic into
    // a corner. The heuristic counts moves, so it misleads the beam more often when a
    // move costs the cells it slides (the tour bound makes it exact on many small
    // fields when a move costs 1).
    let mut failed = None;
    for seed in 0..400 {
        let level = Level::parse(&common::random_pengu_field(seed, &common::MIXED)).unwrap();
        if fewest_cells_by_the_rules(&level).is_none() {
            continue;
        }
        let options = pengu::SolveOptions {
            solver: Solver::Search(Algorithm::Beam),
            beam_width: 1,
            cost: Cost::Cells,
            ..pengu::SolveOptions::default()
        };
        let s = pengu::solve(&level, &options, None, None);
        if s.outcome == Outcome::LimitReached {
            failed = Some(s);
            break;
        }
    }
    let s = failed.expect("some solvable field defeats a beam of width 1");
    let note = s.note.unwrap();
    let cut: u64 = note
        .strip_prefix("the beam (width 1) dropped every path to a goal: ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{note}"));
    assert!(cut >= 1, "{note}");
}

#[test]
fn weight_and_beam_width_are_checked() {
    let bad_weight = pengu::SolveOptions {
        weight: 0.5,
        ..pengu::SolveOptions::default()
    };
    assert_eq!(
        bad_weight.check().unwrap_err().to_string(),
        "weight: 0.5 is not between 1 and 1000"
    );
    let no_beam = actman::SolveOptions {
        beam_width: 0,
        ..actman::SolveOptions::default()
    };
    assert_eq!(no_beam.check().unwrap_err().field, "beam_width");
    assert_eq!("cells".parse::<Cost>(), Ok(Cost::Cells));
    assert_eq!(
        "slides".parse::<Cost>().unwrap_err().to_string(),
        "cost must be moves or cells, not 'slides'"
    );
}
