//! GPac rules: each of the six end-of-turn checks, the score formula with its time
//! bonus, pill placement, legal moves, seeded determinism and the world-file log.

use gridlab::games::gpac::{
    pill_period, play, End, Game, GameRng, GhostKind, Map, Move, PacKind, PillSpawn, Settings,
    World, WorldFile,
};
use rand::SeedableRng;
use std::sync::Arc;

fn world(text: &str) -> Arc<World> {
    Arc::new(World::new(Map::parse(text).unwrap()))
}

/// Settings for the rule checks: pills may lie on the ghosts' start (the assignment
/// text's rule; the framework's default keeps it free), so a one-row map has a pill
/// under every cell but Pac-Man's.
fn settings(ghosts: usize, density: f64) -> Settings {
    Settings {
        ghosts,
        pill_density: density,
        pill_spawn: PillSpawn::Linear,
        fruit_prob: 0.0,
        no_pill_on_ghost_start: false,
        ..Settings::default()
    }
}

fn rng() -> GameRng {
    GameRng::seed_from_u64(0)
}

#[test]
fn check_1_pacman_and_a_ghost_on_one_cell_ends_the_game_before_eating() {
    let w = world("5 1\n~~~~~\n");
    let mut g = Game::new(w, &settings(1, 1.0), &mut rng(), false);
    assert_eq!((g.pills_total(), g.total_time()), (4, 10));
    g.step(Move::Right, &[Move::Left], &mut rng()).unwrap();
    assert_eq!((g.score(), g.time(), g.end()), (25, 9, None));
    g.step(Move::Right, &[Move::Left], &mut rng()).unwrap();
    assert_eq!(g.end(), Some(End::Caught));
    assert!(g.has_pill(2), "the pill under the capture is not eaten");
    assert_eq!((g.score(), g.time()), (25, 8));
    // Ghost fitness: −score + ⌊100·8/10⌋.
    assert_eq!(g.ghost_score(), -25 + 80);
    assert!(
        g.step(Move::Hold, &[Move::Left], &mut rng()).is_err(),
        "over"
    );
}

#[test]
fn check_2_swapping_cells_ends_the_game() {
    let w = world("3 1\n~~~\n");
    let mut g = Game::new(w, &settings(1, 1.0), &mut rng(), false);
    g.step(Move::Hold, &[Move::Left], &mut rng()).unwrap();
    assert_eq!(g.end(), None);
    g.step(Move::Right, &[Move::Left], &mut rng()).unwrap();
    assert_eq!(g.end(), Some(End::Swapped));
    assert_eq!(g.score(), 0, "the pill Pac-Man swapped onto is not eaten");
}

#[test]
fn checks_3_to_5_pills_fruit_and_the_time_bonus() {
    let w = world("4 1\n~~~~\n");
    let mut g = Game::new(w, &settings(0, 1.0), &mut rng(), false);
    assert_eq!((g.pills_total(), g.total_time()), (3, 8));
    g.set_fruit(1).unwrap();
    g.step(Move::Right, &[], &mut rng()).unwrap();
    // ⌊100·1/3⌋ + 1 fruit · 10.
    assert_eq!((g.score(), g.fruit_eaten(), g.fruit()), (43, 1, None));
    g.step(Move::Right, &[], &mut rng()).unwrap();
    assert_eq!(g.score(), 66 + 10);
    g.step(Move::Right, &[], &mut rng()).unwrap();
    assert_eq!(g.end(), Some(End::AllPills));
    // 100 + 10 + ⌊100·5/8⌋.
    assert_eq!((g.time(), g.score()), (5, 100 + 10 + 62));
    assert_eq!(
        g.ghost_score(),
        -172,
        "no time bonus for the ghosts when Pac-Man lives"
    );
}

#[test]
fn check_6_time_runs_out_and_all_pills_wins_over_it_on_the_same_turn() {
    let w = world("3 1\n~~~\n");
    let mut s = settings(0, 1.0);
    s.time_multiplier = 1.0;
    let mut g = Game::new(Arc::clone(&w), &s, &mut rng(), false);
    for _ in 0..3 {
        g.step(Move::Hold, &[], &mut rng()).unwrap();
    }
    assert_eq!((g.end(), g.time(), g.score()), (Some(End::TimeUp), 0, 0));
    s.time_multiplier = 2.0 / 3.0;
    let mut g = Game::new(w, &s, &mut rng(), false);
    assert_eq!(g.total_time(), 2);
    g.step(Move::Right, &[], &mut rng()).unwrap();
    g.step(Move::Right, &[], &mut rng()).unwrap();
    assert_eq!(
        (g.end(), g.time(), g.score()),
        (Some(End::AllPills), 0, 100)
    );
}

#[test]
fn moves_into_walls_or_off_the_map_are_illegal_and_ghosts_cannot_hold() {
    let w = world("3 2\n~#~\n~~~\n");
    let g = Game::new(w, &settings(1, 1.0), &mut rng(), false);
    let pac = g.pacman();
    assert_eq!(
        g.legal_moves(pac, false).collect::<Vec<_>>(),
        vec![Move::Hold, Move::Down]
    );
    let ghost = g.ghosts()[0];
    assert_eq!(
        g.legal_moves(ghost, true).collect::<Vec<_>>(),
        vec![Move::Up, Move::Left]
    );
    let mut g2 = g.clone();
    let e = g2.step(Move::Right, &[Move::Up], &mut rng()).unwrap_err();
    assert_eq!(e.to_string(), "Pac-Man cannot move Right");
    let e = g2.step(Move::Hold, &[Move::Hold], &mut rng()).unwrap_err();
    assert_eq!(e.to_string(), "ghost 1 cannot move Hold");
}

#[test]
fn pills_are_placed_by_density_and_mode() {
    assert_eq!(pill_period(0.05), 20);
    assert_eq!(pill_period(0.4), 2, "round(2.5) is 2, as Python rounds");
    assert_eq!(pill_period(1.0 / 3.5), 4, "round(3.5) is 4");
    let w = world("4 3\n~~~~\n~#~~\n~~~~\n");
    // Open cells in x-major order without Pac-Man's (0, 2): (0,0) (0,1) (1,0) (1,2) (2,0)...
    let mut s = settings(0, 0.5);
    let g = Game::new(Arc::clone(&w), &s, &mut rng(), false);
    let pills = |g: &Game| {
        let mut p: Vec<(usize, usize)> = (0..12u32)
            .filter(|&c| g.has_pill(c))
            .map(|c| w.map.xy(c))
            .collect();
        p.sort();
        p
    };
    // Every second one, from the first: (0,0) (1,0) (2,0) (2,2) (3,1).
    assert_eq!(pills(&g), vec![(0, 0), (1, 0), (2, 0), (2, 2), (3, 1)]);
    s.pill_spawn = PillSpawn::Manhattan;
    let g = Game::new(Arc::clone(&w), &s, &mut rng(), false);
    // By x + y, ties in x-major order: (0,0) (0,1) (1,0) (2,0) (1,2) (2,1) (3,0) (2,2)
    // (3,1) (3,2); every second one from the first.
    assert_eq!(pills(&g), vec![(0, 0), (1, 0), (1, 2), (3, 0), (3, 1)]);
    s.pill_spawn = PillSpawn::Stochastic;
    s.pill_density = 0.0;
    let g = Game::new(Arc::clone(&w), &s, &mut rng(), false);
    assert_eq!(g.pills_total(), 1, "at least one pill");
    assert!(
        Settings::default().no_pill_on_ghost_start,
        "the framework's reset keeps both spawns free: the default"
    );
    s.no_pill_on_ghost_start = true;
    s.pill_spawn = PillSpawn::Linear;
    s.pill_density = 1.0;
    let g = Game::new(Arc::clone(&w), &s, &mut rng(), false);
    assert!(!g.has_pill(w.map.ghost_start()) && !g.has_pill(w.map.pacman_start()));
    assert_eq!(g.pills_total(), 9);
}

#[test]
fn a_seed_replays_the_same_game_and_its_world_file_reads_back() {
    let text = std::fs::read_to_string("levels/gpac/course/map00.txt").unwrap();
    let w = Arc::new(World::new(Map::parse(&text).unwrap()));
    let s = Settings::default();
    let a = play(&w, &s, PacKind::Avoid, GhostKind::Chase, 42, true);
    let b = play(&w, &s, PacKind::Avoid, GhostKind::Chase, 42, true);
    assert_eq!(a, b);
    let log = a.log.unwrap();
    assert_eq!(log.snapshots.len() as u32, a.turns + 1);
    let last = log.snapshots.last().unwrap();
    assert_eq!(
        (last.score, last.time),
        (a.score, 1400 - i64::from(a.turns))
    );
    let text = log.to_text();
    assert!(
        text.starts_with("35\n20\nm 0 19\n1 34 0\n2 34 0\n3 34 0\nw "),
        "{}",
        &text[..60]
    );
    let read = WorldFile::parse(&text).unwrap();
    assert_eq!(read.to_text(), text);
    // The replay agrees with the game: pills end where the log's score says.
    let replay = gridlab::games::gpac::Replay::new(read).unwrap();
    assert_eq!(replay.len(), log.snapshots.len());
    let last_frame = replay.frame(replay.len() - 1).unwrap();
    let eaten = log.pills.len() - last_frame.pills.len();
    assert!(a.score >= (100 * eaten / log.pills.len()) as i64);
    // Different seeds give different games somewhere.
    let scores: std::collections::BTreeSet<i64> = (0..20)
        .map(|seed| play(&w, &s, PacKind::Avoid, GhostKind::Chase, seed, false).score)
        .collect();
    assert!(scores.len() > 1, "{scores:?}");
}
