//! The editor's verdicts against independent exhaustive searches, on seeded random
//! small levels: Pengu's plan count (A*, then a breadth-first count cut by g + h ≤ the
//! optimum) equals the exhaustive layered count ([`PlanCounter`]) and its plan wins;
//! Act-Man's heuristic is admissible and consistent against exact distances over the
//! whole state graph, and A* with it finds breadth-first search's optimum; its reach
//! test never calls a state that can win within a few turns hopeless; and its plan
//! count (a beam's bound, then the breadth-first count cut by the heuristic and the
//! reach test) equals the plain breadth-first count.

use gridlab::games::actman::{
    self, ActProblem, ActState, Dungeon, Objective, Restriction, MAX_TURNS, REACH_HORIZON,
};
use gridlab::games::pengu::{
    self, analyze, AnalysisLimits, Level, PlanCount, PlanCounter, SlideGraph, Status,
};
use gridlab::games::plan_count::{self, Counted};
use gridlab::search::{Algorithm, Outcome, Problem, Solver};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::ops::Range;

/// A random field: walls, ice, snow, fish, a few bears and sharks, Pengu.
fn pengu_field(rng: &mut Pcg32) -> Level {
    let (rows, cols) = (rng.random_range(4..7usize), rng.random_range(5..9usize));
    let mut text = format!("{rows} {cols}\n{}\n", "#".repeat(cols));
    let inner = (rows - 2) * (cols - 2);
    let pengu = rng.random_range(0..inner);
    for r in 0..rows - 2 {
        text.push('#');
        for c in 0..cols - 2 {
            text.push(if r * (cols - 2) + c == pengu {
                'P'
            } else {
                match rng.random_range(0..100) {
                    0..12 => '#',
                    12..36 => '*',
                    36..41 => '0',
                    41..44 => 'U',
                    44..47 => 'S',
                    _ => ' ',
                }
            });
        }
        text.push_str("#\n");
    }
    text.push_str(&"#".repeat(cols));
    Level::parse(&text).unwrap()
}

#[test]
fn pengu_plan_counts_equal_the_exhaustive_count() {
    let mut rng = Pcg32::seed_from_u64(27);
    let mut found = 0;
    for cap in [1_000, 3] {
        for _ in 0..150 {
            let level = pengu_field(&mut rng);
            let limits = AnalysisLimits {
                plan_cap: cap,
                ..AnalysisLimits::default()
            };
            let graph = SlideGraph::new(&level);
            let exhaustive = PlanCounter::default().count(&graph, limits, None);
            let verdict = analyze(&level, limits, None).count;
            match (&exhaustive, &verdict) {
                (
                    PlanCount::Found {
                        moves: m1,
                        plans: p1,
                        ..
                    },
                    PlanCount::Found {
                        moves: m2,
                        plans: p2,
                        plan,
                        ..
                    },
                ) => {
                    assert_eq!((m1, p1), (m2, p2), "{}", level.to_text());
                    let game = pengu::replay(&level, plan).unwrap();
                    assert_eq!(game.status(), Status::Victory, "{}", level.to_text());
                    assert_eq!(plan.len() as u32, *m2);
                    found += 1;
                }
                (PlanCount::NoPlan { .. }, PlanCount::NoPlan { .. }) => {}
                _ => panic!("{exhaustive:?} but {verdict:?}\n{}", level.to_text()),
            }
        }
    }
    assert!(found >= 50, "only {found} fields with a plan");
}

/// A random dungeon: walls, Act-Man, one to three monsters, up to two corpses.
fn dungeon(rng: &mut Pcg32) -> Dungeon {
    dungeon_with(rng, 1..4)
}

/// A random dungeon (4–6 rows, 5–8 columns) with `monsters` monsters.
fn dungeon_with(rng: &mut Pcg32, monsters: Range<usize>) -> Dungeon {
    dungeon_sized(rng, 4..7, 5..9, monsters)
}

/// A random dungeon of `rows` × `cols` cells (walls around) with `monsters` monsters.
fn dungeon_sized(
    rng: &mut Pcg32,
    rows: Range<usize>,
    cols: Range<usize>,
    monsters: Range<usize>,
) -> Dungeon {
    let (rows, cols) = (rng.random_range(rows), rng.random_range(cols));
    let inner = (rows - 2) * (cols - 2);
    let mut grid: Vec<char> = (0..inner)
        .map(|_| {
            if rng.random_range(0..100) < 15 {
                '#'
            } else {
                ' '
            }
        })
        .collect();
    let mut free: Vec<usize> = (0..inner).collect();
    let mut take = |rng: &mut Pcg32| free.swap_remove(rng.random_range(0..free.len()));
    grid[take(rng)] = 'A';
    for _ in 0..rng.random_range(monsters).min(inner - 3) {
        grid[take(rng)] = if rng.random_bool(0.5) { 'G' } else { 'D' };
    }
    for _ in 0..rng.random_range(0..3) {
        grid[take(rng)] = '@';
    }
    let mut text = format!("{rows} {cols}\n{}\n", "#".repeat(cols));
    for r in 0..rows - 2 {
        text.push('#');
        text.extend(&grid[r * (cols - 2)..(r + 1) * (cols - 2)]);
        text.push_str("#\n");
    }
    text.push_str(&"#".repeat(cols));
    Dungeon::parse(&text).unwrap()
}

/// The whole state graph of `problem` from its start (every action, no turn budget),
/// and each state's exact distance to a goal by a backward breadth-first search;
/// `None` beyond `max` states.
#[allow(clippy::type_complexity)]
fn exact<P: Problem>(problem: &P, max: usize) -> Option<(Vec<P::State>, Vec<Vec<usize>>, Vec<u32>)>
where
    P::State: Copy,
{
    let mut index = HashMap::new();
    let mut states = vec![problem.start()];
    index.insert(problem.start(), 0);
    let mut edges: Vec<Vec<usize>> = Vec::new();
    let mut succ = Vec::new();
    let mut i = 0;
    while i < states.len() {
        succ.clear();
        problem.successors(&states[i], &mut succ);
        let mut out = Vec::new();
        for (_, next, cost) in succ.drain(..) {
            assert_eq!(cost, 1);
            let n = *index.entry(next).or_insert_with(|| {
                states.push(next);
                states.len() - 1
            });
            out.push(n);
        }
        edges.push(out);
        if states.len() > max {
            return None;
        }
        i += 1;
    }
    let mut into = vec![Vec::new(); states.len()];
    for (p, out) in edges.iter().enumerate() {
        for &s in out {
            into[s].push(p);
        }
    }
    let mut dist = vec![u32::MAX; states.len()];
    let mut queue = VecDeque::new();
    for (s, state) in states.iter().enumerate() {
        if problem.is_goal(state) {
            dist[s] = 0;
            queue.push_back(s);
        }
    }
    while let Some(s) = queue.pop_front() {
        for &p in &into[s] {
            if dist[p] == u32::MAX {
                dist[p] = dist[s] + 1;
                queue.push_back(p);
            }
        }
    }
    Some((states, edges, dist))
}

#[test]
fn actman_bound_is_admissible_and_consistent() {
    let mut rng = Pcg32::seed_from_u64(27);
    let (mut checked, mut states_seen) = (0, 0);
    for _ in 0..600 {
        let d = dungeon(&mut rng);
        let problem = ActProblem::<4>::new(&d, MAX_TURNS, false);
        let Some((states, edges, dist)) = exact(&problem, 20_000) else {
            continue;
        };
        checked += 1;
        states_seen += states.len();
        for (s, state) in states.iter().enumerate() {
            let h = problem.heuristic(state);
            if problem.is_goal(state) {
                assert_eq!(h, 0);
            }
            if dist[s] != u32::MAX {
                assert!(h <= dist[s], "h {h} > h* {}\n{}", dist[s], d.to_text());
            }
            for &n in &edges[s] {
                let hn = problem.heuristic(&states[n]);
                assert!(h <= 1 + hn, "inconsistent: {h} > 1 + {hn}\n{}", d.to_text());
            }
        }
    }
    assert!(
        checked >= 500 && states_seen >= 2_000,
        "{checked} dungeons, {states_seen} states"
    );
}

#[test]
fn actman_astar_finds_the_breadth_first_optimum() {
    let mut rng = Pcg32::seed_from_u64(2727);
    let mut wins = 0;
    for _ in 0..80 {
        let d = dungeon(&mut rng);
        let run = |algo| {
            let options = actman::SolveOptions {
                solver: Solver::Search(algo),
                objective: Objective::Turns,
                max_turns: 60,
                max_states: 300_000,
                ..actman::SolveOptions::default()
            };
            actman::solve(&d, &options, None, None)
        };
        let (bfs, astar) = (run(Algorithm::Bfs), run(Algorithm::Astar));
        if bfs.outcome == Outcome::LimitReached || astar.outcome == Outcome::LimitReached {
            continue;
        }
        assert_eq!(bfs.outcome, astar.outcome, "{}", d.to_text());
        if bfs.outcome == Outcome::Found {
            assert_eq!(bfs.actions.len(), astar.actions.len(), "{}", d.to_text());
            let game = actman::Game::replay(&d, &astar.actions).unwrap();
            assert_eq!(game.status(), actman::Status::Victory);
            wins += 1;
        }
    }
    assert!(wins >= 20, "only {wins} dungeons with a victory");
}

#[test]
fn actman_reach_test_never_drops_a_state_that_can_win() {
    let mut rng = Pcg32::seed_from_u64(2027);
    let (mut checked, mut proved, mut beyond) = (0, 0, 0);
    for round in 0..400 {
        let d = dungeon_with(&mut rng, 1..6);
        let restriction = Restriction {
            no_bullet: round % 4 == 3,
            ..Restriction::default()
        };
        let problem = ActProblem::<8>::restricted(&d, MAX_TURNS, false, restriction);
        let Some((states, _, dist)) = exact(&problem, 20_000) else {
            continue;
        };
        let reach = problem.reach().expect("a small board has reach tables");
        checked += 1;
        for (s, state) in states.iter().enumerate() {
            // Monotone: won within 0 turns only at a goal, and once a state may be won
            // within t turns, it may be within more (the count tests a state once).
            let mut may_before = problem.is_goal(state);
            assert_eq!(problem.may_win_within(&reach, state, 0), may_before);
            for turns in 1..=REACH_HORIZON + 1 {
                let may = problem.may_win_within(&reach, state, turns);
                assert!(
                    may || !may_before,
                    "may win within {} but not {turns}",
                    turns - 1
                );
                may_before = may;
                if dist[s] <= turns {
                    assert!(
                        may,
                        "a win in {} called hopeless within {turns}\n{}",
                        dist[s],
                        d.to_text()
                    );
                } else if !may {
                    proved += 1;
                } else {
                    beyond += 1;
                }
            }
        }
    }
    // The test must prove something (705 of the 6,136 checks where no win is that near).
    assert!(checked >= 200, "{checked} dungeons");
    assert!(proved >= 400, "{proved} proved hopeless, {beyond} not");
}

/// Whether `state` can be won within `turns` turns: a depth-first search cut by the
/// admissible heuristic (tested above), its answers kept in `memo`; `None` past
/// `budget` answers.
fn wins_within<P: Problem>(
    problem: &P,
    state: &P::State,
    turns: u32,
    memo: &mut HashMap<(P::State, u32), bool>,
    budget: usize,
) -> Option<bool>
where
    P::State: Copy,
{
    if problem.is_goal(state) {
        return Some(true);
    }
    if turns == 0 || problem.heuristic(state) > turns {
        return Some(false);
    }
    if let Some(&known) = memo.get(&(*state, turns)) {
        return Some(known);
    }
    if memo.len() >= budget {
        return None;
    }
    let mut succ = Vec::new();
    problem.successors(state, &mut succ);
    let mut wins = false;
    for (_, next, _) in succ {
        if wins_within(problem, &next, turns - 1, memo, budget)? {
            wins = true;
            break;
        }
    }
    memo.insert((*state, turns), wins);
    Some(wins)
}

#[test]
fn actman_reach_test_is_sound_at_its_horizon_on_larger_dungeons() {
    // Act-Man walks at random through larger dungeons with up to eight monsters (they
    // follow him, often in file); wherever the reach test calls a state hopeless within
    // 1 to REACH_HORIZON turns, an exact search finds no win that near.
    let mut rng = Pcg32::seed_from_u64(7427);
    let (mut proved, mut unchecked, mut allowed) = (0, 0, 0);
    for round in 0..120 {
        let d = dungeon_sized(&mut rng, 5..9, 8..15, 3..9);
        let restriction = Restriction {
            no_bullet: round % 3 == 2,
            ..Restriction::default()
        };
        let problem = ActProblem::<8>::restricted(&d, MAX_TURNS, false, restriction);
        let reach = problem.reach().expect("a small board has reach tables");
        let mut state = problem.start();
        let mut succ = Vec::new();
        let mut memo = HashMap::new();
        for _ in 0..12 {
            for turns in 1..=REACH_HORIZON {
                if problem.may_win_within(&reach, &state, turns) {
                    allowed += 1;
                    continue;
                }
                match wins_within(&problem, &state, turns, &mut memo, 200_000) {
                    Some(wins) => {
                        assert!(
                            !wins,
                            "a win within {turns} called hopeless\n{}",
                            d.to_text()
                        );
                        proved += 1;
                    }
                    None => unchecked += 1,
                }
            }
            succ.clear();
            problem.successors(&state, &mut succ);
            if succ.is_empty() || problem.is_goal(&state) {
                break;
            }
            state = succ[rng.random_range(0..succ.len())].1;
        }
    }
    // 396 proved hopeless here, none left unchecked.
    assert!(
        proved >= 300,
        "{proved} proved hopeless ({unchecked} unchecked, {allowed} not)"
    );
    assert!(
        unchecked * 10 <= proved,
        "{unchecked} unchecked of {proved}"
    );
}

#[test]
fn a_pruned_count_tests_each_state_once() {
    // A state the tests drop is not tested again when found again (both tests only
    // grow stricter with fewer turns left), nor is a state kept: on our dungeons, the
    // reach test sees each state once, and the count is the verdict's.
    let dropped = Cell::new(0);
    for entry in std::fs::read_dir("levels/actman").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let d = Dungeon::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let limits = actman::AnalysisLimits::default();
        let actman::PlanCount::Found {
            turns, plans, plan, ..
        } = actman::count_optimal(&d, Restriction::default(), limits, None)
        else {
            panic!("{} has a victory", path.display());
        };
        assert!(
            d.monsters.len() <= 16,
            "{}: a state of 16 slots",
            path.display()
        );
        let problem = ActProblem::<16>::new(&d, MAX_TURNS, false);
        let reach = problem.reach().expect("our dungeons have reach tables");
        let tested = RefCell::new(HashMap::new());
        let hopeless = |s: &ActState<16>, turns| {
            *tested.borrow_mut().entry(*s).or_insert(0) += 1;
            let drop = !problem.may_win_within(&reach, s, turns);
            dropped.set(dropped.get() + usize::from(drop));
            drop
        };
        let Counted::Found {
            depth,
            plans: pruned_plans,
            plan: pruned_plan,
            ..
        } = plan_count::count_plans_pruned(&problem, Some(turns), hopeless, limits, None)
        else {
            panic!("{}: no plan within the optimum", path.display());
        };
        let pruned_plan: String = pruned_plan.iter().map(|a| a.symbol()).collect();
        assert_eq!((depth, pruned_plans, pruned_plan), (turns, plans, plan));
        let tested = tested.into_inner();
        let most = tested.values().max().copied().unwrap_or(0);
        assert!(most <= 1, "{}: a state tested {most} times", path.display());
    }
    // The great hall alone drops thousands, many found again from other parents.
    let dropped = dropped.get();
    assert!(
        dropped >= 1_000,
        "{dropped} states dropped by the reach test"
    );
}

#[test]
fn actman_plan_counts_equal_the_plain_breadth_first_count() {
    let mut rng = Pcg32::seed_from_u64(1327);
    let mut found = 0;
    for round in 0..600 {
        let d = dungeon_with(&mut rng, 1..6);
        let restriction = Restriction {
            no_bullet: round % 3 == 1,
            no_collisions: round % 3 == 2,
        };
        let limits = actman::AnalysisLimits {
            max_states: 200_000,
            plan_cap: [1_000, 2][round % 2],
            ..actman::AnalysisLimits::default()
        };
        let problem = ActProblem::<8>::restricted(&d, MAX_TURNS, false, restriction);
        let plain = actman::count_plans(&problem, limits, None);
        let counted = actman::count_optimal(&d, restriction, limits, None);
        match (&plain, &counted) {
            (
                actman::PlanCount::Found {
                    turns: t1,
                    plans: p1,
                    plan: plan1,
                    states,
                },
                actman::PlanCount::Found {
                    turns: t2,
                    plans: p2,
                    plan: plan2,
                    states: counted_states,
                },
            ) => {
                assert_eq!((t1, p1, plan1), (t2, p2, plan2), "{}", d.to_text());
                assert!(counted_states <= states);
                assert!(actman::wins_under(&d, restriction, plan2));
                found += 1;
            }
            (actman::PlanCount::NoPlan { .. }, actman::PlanCount::NoPlan { .. }) => {}
            (actman::PlanCount::LimitReached { .. }, _) => {}
            _ => panic!("{plain:?} but {counted:?}\n{}", d.to_text()),
        }
    }
    assert!(found >= 100, "only {found} dungeons with a victory");
}

#[test]
fn the_features_greedy_victory_is_the_greedy_solvers() {
    // The verdict's greedy search (on the count's shared problem) finds the victory
    // the Solve tab's greedy best-first search finds, and its excess over the optimum.
    let mut compared = 0;
    for entry in std::fs::read_dir("levels/actman").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let d = Dungeon::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let analysis = actman::analyze(&d, actman::AnalysisLimits::default(), None);
        let actman::PlanCount::Found { turns, .. } = analysis.count else {
            panic!("{} has a victory", path.display());
        };
        let features = analysis.features.expect("a counted victory has features");
        let options = actman::SolveOptions {
            solver: Solver::Search(Algorithm::Greedy),
            max_states: 200_000,
            max_turns: MAX_TURNS,
            ..actman::SolveOptions::default()
        };
        let greedy = actman::solve(&d, &options, None, None);
        let expected =
            (greedy.outcome == Outcome::Found).then(|| greedy.actions.chars().count() as u32);
        assert_eq!(features.greedy_turns, expected, "{}", path.display());
        assert_eq!(
            features.greedy_excess,
            expected.map(|g| g - turns),
            "{}: greedy is never shorter than the optimum",
            path.display()
        );
        compared += usize::from(expected.is_some());
    }
    assert!(compared >= 3, "greedy wins on several bundled dungeons");
}
