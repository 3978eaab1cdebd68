//! The wasm bindings' pure calls, as sessions of operations: GPac and the Arena.

use super::*;

const GPAC_MAPS: [&str; 3] = [
    "5 4\n~~~~~\n~#~#~\n~~~#~\n#~~~~\n",
    "3 2\n~~~\n#~~\n",
    "2 1\n~~\n",
];

#[derive(Arbitrary, Debug)]
struct GpacSettings {
    pill_density: f64,
    pill_spawn: u8,
    fruit_prob: f64,
    fruit_score: u32,
    time_multiplier: f64,
    ghosts: u8,
    no_pill_on_ghost_start: bool,
}

#[derive(Arbitrary, Debug)]
enum GpacOp {
    Paint(Coord, Coord, bool),
    Resize(Coord, Coord),
    Random(u8, u8, f64, u64),
    Session(Option<GpacSettings>, u64),
    SetPlayers(u8, u8),
    Step(Option<char>),
    Run(u8),
    WorldFile(bool),
}

/// `GpacSession` (new with any settings, random maps, paint, resize,
/// players, steps by keyboard or agents) and its world file, which must read back and
/// replay, as `src/wasm/gpac.rs` calls them.
pub fn wasm_gpac(data: &[u8]) {
    use gridlab::games::gpac::{
        random_map, Agents, Game, GameRng, GhostKind, Map, Move, PacKind, PillSpawn, Settings,
        World, WorldFile,
    };
    use rand::SeedableRng;
    use std::sync::Arc;

    struct Session {
        world: Arc<World>,
        settings: Settings,
        pacman: Option<PacKind>,
        ghosts: GhostKind,
        rng: GameRng,
        game: Game,
        agents: Agents,
    }
    let session = |map: Map, settings: Settings, seed: u64| -> Option<Session> {
        settings.check_for(map.len()).ok()?;
        if map.is_wall_cell(map.pacman_start()) || map.is_wall_cell(map.ghost_start()) {
            return None;
        }
        let world = Arc::new(World::new(map));
        let mut rng = GameRng::seed_from_u64(seed);
        let game = Game::new(Arc::clone(&world), &settings, &mut rng, true);
        let agents = Agents::new(PacKind::Avoid, GhostKind::Chase, settings.ghosts);
        Some(Session {
            world,
            settings,
            pacman: Some(PacKind::Avoid),
            ghosts: GhostKind::Chase,
            rng,
            game,
            agents,
        })
    };

    let Some((start, ops)) = start_and_ops::<GpacOp>(data) else {
        return;
    };
    let mut map = Map::parse(GPAC_MAPS[usize::from(start) % 3]).expect("built-in");
    let mut s: Option<Session> = None;
    let mut budget = Budget(Budget::SESSION);
    for op in ops.into_iter().take(48) {
        if !budget.spend(map.len() + 16) {
            break;
        }
        match op {
            GpacOp::Paint(r, c, wall) => {
                // paint: parse the map text, paint, write it.
                let text = map.to_text();
                let parsed = Map::parse(&text).expect("a map reads back");
                match parsed.painted(r.get(), c.get(), wall) {
                    Ok(m) => {
                        gpac_checks::map_invariants(&m);
                        map = m;
                    }
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
            }
            GpacOp::Resize(r, c) => {
                let side = |n: usize, min: usize| n.clamp(min, gridlab::games::gpac::MAX_SIDE);
                let (rows, cols) = (side(r.get(), 1), side(c.get(), 2));
                if !budget.spend(rows * cols * 4) {
                    continue;
                }
                map = map.resized(r.get(), c.get());
                assert_eq!((map.height(), map.width()), (rows, cols));
                assert!(!map.is_wall_cell(map.pacman_start()));
                assert!(!map.is_wall_cell(map.ghost_start()));
                gpac_checks::map_invariants(&map);
            }
            GpacOp::Random(w, h, density, seed) => {
                // GpacSession::random's guards.
                let (w, h) = (usize::from(w), usize::from(h));
                if !(1..=200).contains(&w) || !(1..=200).contains(&h) || w * h < 2 {
                    continue;
                }
                if !(density.is_finite() && (0.0..=1.0).contains(&density)) {
                    continue;
                }
                if !budget.spend(w * h * 16) {
                    continue;
                }
                map = random_map(w, h, density, seed);
                assert_eq!((map.width(), map.height()), (w, h));
                s = session(map.clone(), Settings::default(), seed);
            }
            GpacOp::Session(settings, seed) => {
                let settings = match settings {
                    None => Settings::default(),
                    Some(g) => Settings {
                        pill_density: g.pill_density,
                        pill_spawn: [
                            PillSpawn::Stochastic,
                            PillSpawn::Linear,
                            PillSpawn::Manhattan,
                        ][usize::from(g.pill_spawn % 3)],
                        fruit_prob: g.fruit_prob,
                        fruit_score: g.fruit_score,
                        time_multiplier: g.time_multiplier,
                        ghosts: usize::from(g.ghosts),
                        no_pill_on_ghost_start: g.no_pill_on_ghost_start,
                    },
                };
                if !budget.spend(map.len() * (settings.ghosts + 4)) {
                    continue;
                }
                s = session(map.clone(), settings, seed);
            }
            GpacOp::SetPlayers(p, g) => {
                if let Some(s) = &mut s {
                    s.pacman = [
                        None,
                        Some(PacKind::Pill),
                        Some(PacKind::Fruit),
                        Some(PacKind::Avoid),
                    ][usize::from(p % 4)];
                    s.ghosts = [GhostKind::Wander, GhostKind::Chase][usize::from(g % 2)];
                    s.rng = GameRng::seed_from_u64(u64::from(p));
                    s.game = Game::new(Arc::clone(&s.world), &s.settings, &mut s.rng, true);
                    s.agents = Agents::new(
                        s.pacman.unwrap_or(PacKind::Pill),
                        s.ghosts,
                        s.settings.ghosts,
                    );
                }
            }
            GpacOp::Step(_) | GpacOp::Run(_) => {
                let Some(s) = &mut s else { continue };
                let (turns, key) = match op {
                    GpacOp::Run(n) => (usize::from(n), None),
                    GpacOp::Step(key) => (1, key),
                    _ => unreachable!(),
                };
                for _ in 0..turns {
                    if s.game.end().is_some()
                        || !budget.spend(s.world.map.len() * (s.settings.ghosts + 1))
                    {
                        break;
                    }
                    let pac_move = match (s.pacman, key) {
                        (None, Some(c)) => match Move::from_letter(c) {
                            Some(mv) if s.game.target(s.game.pacman(), mv, false).is_some() => mv,
                            _ => break,
                        },
                        (None, None) => Move::Hold,
                        (Some(_), _) => s.agents.pacman.choose(&s.game, &mut s.rng),
                    };
                    let ghost_moves = s.agents.ghost_moves(&s.game, &mut s.rng).to_vec();
                    s.game
                        .step(pac_move, &ghost_moves, &mut s.rng)
                        .expect("the agents' and checked keyboard moves are legal");
                }
                let _ = s.game.legal_moves(s.game.pacman(), false).count();
            }
            GpacOp::WorldFile(zero_based) => {
                let Some(s) = &s else { continue };
                let mut log = s.game.log().cloned().expect("sessions log their games");
                if zero_based {
                    log.first_ghost_id = 0;
                }
                let text = log.to_text();
                let parsed = WorldFile::parse(&text).unwrap_or_else(|e| {
                    panic!("a session's world file does not read: {e}\n{text}")
                });
                assert_eq!(parsed.to_text(), text);
                if let Err(e) = gpac_checks::replay_world(parsed) {
                    panic!("a session's world file does not replay: {e}\n{text}");
                }
            }
        }
    }
}

#[derive(Arbitrary, Debug)]
enum ArenaOp {
    Command(u8, u8),
    Step(u8),
    State(bool),
    Seek(u16),
    Points([f64; 4]),
    Log,
}

/// `ArenaSession` (seats, commands, steps, state lines, seek, the command log that
/// must replay to the same state) and `arena_tournament_points`, as
/// `src/wasm/arena.rs` calls them.
pub fn wasm_arena(data: &[u8]) {
    use gridlab::games::arena::{
        replay, tick_line, tournament_points, Arena, Bot, BotKind, Command, CommandLog, Config,
    };
    let mut u = Unstructured::new(data);
    let Ok(seats) = <[u8; 4]>::arbitrary(&mut u) else {
        return;
    };
    let Ok(seed) = u64::arbitrary(&mut u) else {
        return;
    };
    let Ok(steps) = Option::<u32>::arbitrary(&mut u) else {
        return;
    };
    let Ok(ops) = Vec::<ArenaOp>::arbitrary(&mut u) else {
        return;
    };
    let names = ["human", "greedy", "hunter", "miner", "bogus"];
    let seats: Vec<String> = seats
        .iter()
        .map(|&s| names[usize::from(s) % names.len()].to_string())
        .collect();
    let mut bots: Vec<Option<Box<dyn Bot + Send>>> = Vec::new();
    for s in &seats {
        match s.as_str() {
            "human" => bots.push(None),
            other => match other.parse::<BotKind>() {
                Ok(kind) => bots.push(Some(kind.bot())),
                Err(e) => return assert!(!e.to_string().is_empty()),
            },
        }
    }
    let config = Config {
        steps: steps.unwrap_or(6000).max(1),
        ..Config::default()
    };
    let mut arena = Arena::new(config.clone(), seed);
    let mut log = CommandLog {
        seed,
        config,
        names: seats,
        steps: Vec::new(),
    };
    let mut pending: [Option<Command>; 4] = [None; 4];
    let mut steps_left: usize = 3_000;
    let words = ["U", "D", "L", "R", "REV", "DROP", "JUMP", ""];
    let mut step =
        |arena: &mut Arena, log: &mut CommandLog, pending: &mut [Option<Command>; 4], n: usize| {
            for _ in 0..n {
                if arena.over() || steps_left == 0 {
                    break;
                }
                steps_left -= 1;
                let mut commands = [None; 4];
                for (s, bot) in bots.iter_mut().enumerate() {
                    commands[s] = match bot {
                        Some(b) => b.command(arena, s),
                        None => pending[s].take(),
                    };
                }
                arena.step(&commands);
                log.steps.push(commands);
            }
        };
    for op in ops.into_iter().take(48) {
        match op {
            ArenaOp::Command(seat, w) => {
                let word = words[usize::from(w) % words.len()];
                match Command::from_word(word) {
                    Some(c) if usize::from(seat) < 4 => pending[usize::from(seat)] = Some(c),
                    Some(_) => {}
                    None => assert!(matches!(word, "JUMP" | ""), "'{word}' is a command"),
                }
            }
            ArenaOp::Step(n) => step(&mut arena, &mut log, &mut pending, usize::from(n)),
            ArenaOp::State(with_maze) => {
                let line = tick_line(&arena, with_maze);
                assert!(line.starts_with("{\"tick\":"));
                assert_eq!(line.contains("\"maze\":"), with_maze);
            }
            ArenaOp::Seek(tick) => {
                let tick = u32::from(tick % 2_000);
                if tick < arena.tick {
                    arena = Arena::new(log.config.clone(), log.seed);
                    log.steps.clear();
                }
                let n = tick.saturating_sub(arena.tick) as usize;
                step(&mut arena, &mut log, &mut pending, n);
            }
            ArenaOp::Points(scores) => {
                let scores = scores.map(|s| s as i64);
                let points = tournament_points(&scores);
                assert!(
                    (points.iter().sum::<f64>() - 11.0).abs() < 1e-9,
                    "{points:?}"
                );
            }
            ArenaOp::Log => {
                let json = serde_json::to_string(&log).expect("a log serialises");
                let back: CommandLog = serde_json::from_str(&json).expect("a log reads back");
                assert_eq!(back, log);
                assert!(back.steps.len() <= back.config.steps as usize);
                assert_eq!(replay(&back), arena, "the command log replays the game");
            }
        }
    }
}
