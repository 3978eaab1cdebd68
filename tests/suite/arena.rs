//! Arena engine: the maze's guarantees, the motion model, every interaction rule,
//! rounds, tournament points, bot strength, and exact replay from a command log.

use gridlab::games::arena::{
    centre, play_game, replay, tournament_points, Arena, BotKind, Command, CommandLog, Config,
    Heading, Item, Landmine, Maze, Unit, HUB, SIDE,
};
use proptest::prelude::*;
use rand::SeedableRng;

fn maze(seed: u64) -> Maze {
    Maze::generate(&mut rand_pcg::Pcg64Mcg::seed_from_u64(seed))
}

#[test]
fn mazes_are_connected_without_dead_ends_with_an_open_hub() {
    for seed in 0..200 {
        let m = maze(seed);
        let from_centre = m.distances_from(HUB * SIDE + HUB);
        assert!(
            from_centre.iter().all(|&d| d != u8::MAX),
            "seed {seed}: unreachable cell"
        );
        for c in 0..SIDE * SIDE {
            assert!(m.open_sides(c) >= 2, "seed {seed}: dead end at {c}");
        }
        for y in HUB - 1..=HUB + 2 {
            for x in HUB - 1..=HUB + 2 {
                for h in Heading::ALL {
                    let (dx, dy) = h.delta();
                    let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                    if Maze::in_hub(x, y) || Maze::in_hub(nx as usize, ny as usize) {
                        assert!(
                            m.is_open(x, y, h),
                            "seed {seed}: wall at the hub ({x},{y}) {h:?}"
                        );
                    }
                }
            }
        }
        for i in 0..SIDE {
            assert!(!m.is_open(i, 0, Heading::Up) && !m.is_open(i, SIDE - 1, Heading::Down));
            assert!(!m.is_open(0, i, Heading::Left) && !m.is_open(SIDE - 1, i, Heading::Right));
        }
    }
    assert_ne!(maze(1), maze(2));
}

/// A game with no ghosts in the way: they wait in the hub for ever.
fn quiet(seed: u64) -> Arena {
    let mut a = Arena::new(Config::default(), seed);
    for g in &mut a.ghosts {
        g.wait = u32::MAX;
    }
    a
}

/// A unit standing at (`x`, `y`) in sub-cells, heading nowhere, not waiting.
fn still(x: i32, y: i32) -> Unit {
    Unit {
        x,
        y,
        heading: None,
        wait: 0,
    }
}

/// Put player 0 at a cell centre heading nowhere, outside the hub.
fn place(a: &mut Arena, x: usize, y: usize) {
    a.players[0].unit = still(centre(x as i32), centre(y as i32));
}

/// A cell outside the hub with its right side open and the cell to the right open
/// downwards (for the turning test).
fn find_corner(m: &Maze) -> (usize, usize) {
    for y in 0..SIDE - 1 {
        for x in 0..SIDE - 1 {
            if !Maze::in_hub(x, y)
                && !Maze::in_hub(x + 1, y)
                && m.is_open(x, y, Heading::Right)
                && m.is_open(x + 1, y, Heading::Down)
            {
                return (x, y);
            }
        }
    }
    panic!("no corner");
}

#[test]
fn motion_speeds_turns_with_leftover_stops_and_reverse() {
    let mut a = quiet(4);
    let (x, y) = find_corner(&a.maze);
    place(&mut a, x, y);
    a.step(&[Some(Command::Go(Heading::Right)), None, None, None]);
    assert_eq!(
        (a.players[0].unit.x, a.players[0].unit.y),
        (centre(x as i32) + 5, centre(y as i32))
    );
    // Ask for Down: taken at the next centre, 25 points on; 4 steps reach +20.
    a.step(&[Some(Command::Go(Heading::Down)), None, None, None]);
    assert_eq!(a.players[0].pending, Some(Heading::Down));
    for _ in 0..2 {
        a.step(&[None; 4]);
    }
    assert_eq!(a.players[0].unit.x, centre(x as i32) + 20);
    // Power mode: 8 points; 5 to the centre, then 3 down.
    a.players[0].power = 50;
    a.step(&[None; 4]);
    assert_eq!(
        (
            a.players[0].unit.x,
            a.players[0].unit.y,
            a.players[0].unit.heading
        ),
        (
            centre(x as i32 + 1),
            centre(y as i32) + 3,
            Some(Heading::Down)
        )
    );
    // Reverse: no motion, the heading flips.
    let before = a.players[0].unit;
    a.step(&[Some(Command::Reverse), None, None, None]);
    assert_eq!(
        (a.players[0].unit.x, a.players[0].unit.y),
        (before.x, before.y)
    );
    assert_eq!(a.players[0].unit.heading, Some(Heading::Up));
    // Blocked ahead: the player stops at the centre.
    let mut a = quiet(4);
    let (bx, by) = (0..SIDE)
        .map(|x| (x, 0))
        .find(|&(x, y)| a.maze.is_open(x, y, Heading::Down))
        .unwrap();
    place(&mut a, bx, by);
    a.players[0].unit.heading = Some(Heading::Up);
    a.step(&[None; 4]);
    assert_eq!(
        a.players[0].unit.y,
        centre(0),
        "the border stops it at the centre"
    );
}

#[test]
fn pellets_power_ghosts_and_landmines() {
    let mut a = quiet(5);
    let (x, y) = find_corner(&a.maze);
    // A pellet: +10 when the player is within 12 points of the cell's centre.
    let cell = y * SIDE + x + 1;
    a.items[cell] = Item::Pellet;
    place(&mut a, x, y);
    let pellets = a.pellets_left;
    a.items[y * SIDE + x] = Item::None;
    a.players[0].unit.heading = Some(Heading::Right);
    a.step(&[None; 4]); // +5: 20 from the next centre
    a.step(&[None; 4]); // +10: 15
    assert_eq!(a.players[0].score, 0);
    a.step(&[None; 4]); // +15: 10 — overlap
    assert_eq!((a.players[0].score, a.pellets_left), (10, pellets - 1));
    // A ghost meets a player without power: the player goes to the hub for 100 steps.
    let p = a.players[0].unit;
    a.ghosts[0] = still(p.x + 10, p.y);
    a.step(&[None; 4]);
    let u = a.players[0].unit;
    assert!(Maze::in_hub((u.x / 25) as usize, (u.y / 25) as usize));
    assert_eq!(u.wait, 100);
    // With power: the ghost goes and the player gains 200.
    let mut a = quiet(5);
    place(&mut a, x, y);
    a.items[y * SIDE + x] = Item::None;
    a.players[0].power = 100;
    a.ghosts[1] = still(centre(x as i32), centre(y as i32));
    a.step(&[None; 4]);
    assert_eq!(a.players[0].score, 200);
    assert_eq!(a.ghosts[1].wait, 100);
    // A power pellet gives 200 steps of power mode.
    let mut a = quiet(5);
    place(&mut a, x, y);
    a.items[y * SIDE + x] = Item::Power;
    a.step(&[None; 4]);
    assert_eq!(a.players[0].power, 200);
    // A landmine is collected, dropped where the player stands, active after 5 steps,
    // then sends whoever touches it to the hub (ending power mode).
    a.items[y * SIDE + x] = Item::Mine;
    a.step(&[None; 4]);
    assert_eq!(a.players[0].mines, 1);
    a.step(&[Some(Command::Drop), None, None, None]);
    assert_eq!(a.players[0].mines, 0);
    assert_eq!(
        a.landmines,
        vec![Landmine {
            x: centre(x as i32),
            y: centre(y as i32),
            arming: 4
        }]
    );
    for _ in 0..4 {
        a.step(&[None; 4]);
        assert_eq!(
            a.players[0].unit.wait, 0,
            "inactive: standing on it is safe"
        );
    }
    a.step(&[None; 4]);
    assert_eq!(a.players[0].unit.wait, 100);
    assert_eq!(a.players[0].power, 0);
    assert!(a.landmines.is_empty(), "used up");
}

#[test]
fn a_round_ends_when_the_pellets_are_gone() {
    let mut a = quiet(6);
    let maze = a.maze.clone();
    for item in &mut a.items {
        if *item == Item::Pellet {
            *item = Item::None;
        }
    }
    let (x, y) = find_corner(&a.maze);
    a.items[y * SIDE + x] = Item::Pellet;
    a.pellets_left = 1;
    a.players[2].score = 70;
    place(&mut a, x, y);
    a.step(&[None; 4]);
    assert_eq!(a.round, 2);
    assert_ne!(a.maze, maze);
    assert_eq!(
        (a.players[0].score, a.players[2].score),
        (10, 70),
        "scores stay"
    );
    assert!(a.pellets_left > 100);
    let u = a.players[0].unit;
    assert!(
        Maze::in_hub((u.x / 25) as usize, (u.y / 25) as usize),
        "back in the hub"
    );
}

#[test]
fn tournament_points_share_ties() {
    assert_eq!(tournament_points(&[1, 2, 3, 4]), [1.0, 2.0, 3.0, 5.0]);
    assert_eq!(tournament_points(&[7, 7, 7, 7]), [2.75; 4]);
    assert_eq!(tournament_points(&[9, 5, 5, 5]), [5.0, 2.0, 2.0, 2.0]);
}

#[test]
fn the_bots_differ_in_strength() {
    let kinds = [BotKind::Greedy, BotKind::Hunter, BotKind::Miner];
    let mut totals = [0i64; 3];
    for seed in 0..6u64 {
        // Each kind in every seat over the seeds; the fourth seat a greedy bot.
        let seats: Vec<usize> = (0..3).map(|i| (i + seed as usize) % 3).collect();
        let mut bots: Vec<_> = seats.iter().map(|&k| kinds[k].bot()).collect();
        bots.push(BotKind::Greedy.bot());
        let config = Config {
            steps: 2000,
            ..Config::default()
        };
        let (a, _) = play_game(config, seed, &mut bots);
        for (seat, &k) in seats.iter().enumerate() {
            totals[k] += a.players[seat].score;
        }
    }
    assert!(totals[1] > totals[0] && totals[2] > totals[0], "{totals:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Any command log replays to exactly the same final state.
    #[test]
    fn a_command_log_replays_exactly(seed in any::<u64>(), words in prop::collection::vec(0u8..9, 400)) {
        let config = Config { steps: 400, ..Config::default() };
        let mut a = Arena::new(config.clone(), seed);
        let mut log = CommandLog { seed, config, names: vec![], steps: vec![] };
        for (t, &w) in words.iter().enumerate() {
            let command = match w {
                0 => Some(Command::Go(Heading::Up)),
                1 => Some(Command::Go(Heading::Down)),
                2 => Some(Command::Go(Heading::Left)),
                3 => Some(Command::Go(Heading::Right)),
                4 => Some(Command::Reverse),
                5 => Some(Command::Drop),
                _ => None,
            };
            let mut commands = [None; 4];
            commands[t % 4] = command;
            commands[(t + 1) % 4] = command;
            a.step(&commands);
            log.steps.push(commands);
        }
        let json = serde_json::to_string(&log).unwrap();
        let back: CommandLog = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(replay(&back), a);
    }
}

#[test]
fn landmines_stop_ghosts_power_restarts_and_the_hub_is_safe() {
    let mut a = quiet(7);
    let (x, y) = find_corner(&a.maze);
    // An armed landmine sends a ghost to the hub and is used up.
    a.landmines.push(Landmine {
        x: centre(x as i32),
        y: centre(y as i32),
        arming: 0,
    });
    a.ghosts[2] = still(centre(x as i32), centre(y as i32));
    a.step(&[None; 4]);
    assert_eq!(a.ghosts[2].wait, 100);
    assert!(a.landmines.is_empty());
    // A second power pellet restarts the 200 steps.
    place(&mut a, x, y);
    a.players[0].power = 37;
    a.items[y * SIDE + x] = Item::Power;
    a.step(&[None; 4]);
    assert_eq!(a.players[0].power, 200);
    // Inside the hub nothing happens: a ghost on a player there does not catch it.
    let hub = centre(HUB as i32);
    a.players[1].unit = still(hub, hub);
    a.ghosts[0] = still(hub, hub);
    a.step(&[None; 4]);
    assert_eq!(a.players[1].unit.wait, 0);
    // A new round ends power mode and takes the landmines held.
    a.players[0].mines = 2;
    for item in &mut a.items {
        *item = Item::None;
    }
    a.items[y * SIDE + x + 1] = Item::Pellet;
    a.pellets_left = 1;
    place(&mut a, x + 1, y);
    a.step(&[None; 4]);
    assert_eq!(a.round, 2);
    assert_eq!((a.players[0].power, a.players[0].mines), (0, 0));
}
