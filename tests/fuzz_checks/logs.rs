//! Checks of GPac's maps, world files and configs, and of the Arena's wire lines and replay files.

use super::*;

// ---------------------------------------------------------------------------------
// GPac

pub(super) mod gpac_checks {
    use super::*;
    use gridlab::games::gpac::{
        play, repair, End, GhostKind, Map, PacKind, Replay, Settings, World, WorldFile,
    };
    use std::sync::Arc;

    pub fn map_invariants(map: &Map) {
        assert_eq!(map.len(), map.width() * map.height());
        let text = map.to_text();
        assert_eq!(
            Map::parse(&text).as_ref(),
            Ok(map),
            "round trip of {text:?}"
        );
    }

    /// A world file must read back from its text, and (if it replays) show every
    /// snapshot.
    pub fn world_invariants(world: &WorldFile) {
        let text = world.to_text();
        let again = WorldFile::parse(&text).unwrap_or_else(|e| panic!("{e} in {text:?}"));
        assert_eq!(again.to_text(), text);
    }

    pub fn replay_world(world: WorldFile) -> Result<(), ParseError> {
        let cells = world.width * world.height;
        let replay = Replay::new(world)?;
        assert!(!replay.is_empty());
        let shown = if cells.saturating_mul(replay.len()) <= 1_000_000 {
            replay.len()
        } else {
            1
        };
        for i in 0..shown {
            let frame = replay.frame(i).expect("a frame per snapshot");
            assert_eq!(frame.ghosts.len(), replay.world().snapshots[i].ghosts.len());
            let render = replay.render(i).expect("a render per snapshot");
            assert_eq!(render.lines().count(), replay.world().height);
        }
        assert!(replay.frame(replay.len()).is_none());
        Ok(())
    }

    /// Whole games between the framework's agents on a small map; each logged game
    /// must read back and replay.
    pub fn play_small(map: &Map, b: u8) {
        let settings = Settings {
            time_multiplier: 1.0,
            ghosts: usize::from(b % 4),
            fruit_prob: 0.2,
            ..Settings::default()
        };
        if settings.check_for(map.len()).is_err()
            || map.is_wall_cell(map.pacman_start())
            || map.is_wall_cell(map.ghost_start())
        {
            return;
        }
        let pacman = [PacKind::Pill, PacKind::Fruit, PacKind::Avoid][usize::from(b / 4) % 3];
        let ghosts = [GhostKind::Wander, GhostKind::Chase][usize::from(b / 12) % 2];
        let world = Arc::new(World::new(map.clone()));
        let outcome = play(&world, &settings, pacman, ghosts, u64::from(b), true);
        let log = outcome.log.expect("asked for the log");
        world_invariants(&log);
        let text = log.to_text();
        let parsed = WorldFile::parse(&text).expect("a game's log reads back");
        if let Err(e) = replay_world(parsed) {
            panic!("a game's log does not replay: {e}\n{text}");
        }
        if outcome.end == End::TimeUp {
            assert!(outcome.turns as usize <= map.len());
        }
    }

    pub fn repair_small(map: &Map) {
        let repaired = repair(map);
        let m = &repaired.map;
        assert_eq!((m.width(), m.height()), (map.width(), map.height()));
        assert!(!m.is_wall_cell(m.pacman_start()) && !m.is_wall_cell(m.ghost_start()));
        let dist = m.distances_from(m.pacman_start());
        for (c, &d) in dist.iter().enumerate() {
            if !m.is_wall_cell(c as u32) {
                assert_ne!(
                    d,
                    gridlab::games::gpac::FAR,
                    "repaired map: cell {c} cut off"
                );
            }
        }
    }
}

/// GPac `Map::parse` on any text; round trip, repair, and whole games when small.
pub fn gpac_map(data: &[u8]) {
    use gridlab::games::gpac::Map;
    let Some(map) = parsed(data, Map::parse) else {
        return;
    };
    gpac_checks::map_invariants(&map);
    if map.len() <= SMALL_CELLS {
        let _ = map.dead_ends();
        gpac_checks::repair_small(&map);
        gpac_checks::play_small(&map, pick(data));
    }
}

/// GPac `WorldFile::parse` + `Replay::new` on any text (the replay viewer's input).
pub fn gpac_world(data: &[u8]) {
    use gridlab::games::gpac::WorldFile;
    let Some(text) = text(data) else { return };
    match WorldFile::parse(&text) {
        Err(e) => check_parse_error(&e, &text),
        Ok(world) => {
            gpac_checks::world_invariants(&world);
            if let Err(e) = gpac_checks::replay_world(world) {
                check_parse_error(&e, &text);
            }
        }
    }
}

/// GPac `Ini::parse` + `EvolveConfig::from_ini` + `check` on any text (the lab's
/// config editor); a valid config, shrunk, runs a few generations.
pub fn gpac_config(data: &[u8]) {
    use gridlab::games::gpac::evolve::{EvolveConfig, Run};
    use gridlab::games::gpac::Ini;
    let Some(text) = text(data) else { return };
    let ini = match Ini::parse(&text) {
        Err(e) => return check_parse_error(&e, &text),
        Ok(ini) => ini,
    };
    for (section, key) in [
        ("EA_configs", "mu"),
        ("fitness_kwargs", "width"),
        ("fitness_kwargs", "pill_density"),
        ("recombination_kwargs", "method"),
    ] {
        match ini.get(section, key) {
            Ok(Some(v)) => assert!(v.len() <= gridlab::games::gpac::MAX_EXPANDED_LEN),
            Ok(None) => {}
            Err(e) => assert!(e.line >= 1 && !e.message.is_empty()),
        }
        let _ = ini.number(section, key);
        let _ = ini.boolean(section, key);
    }
    let config = match EvolveConfig::from_ini(&ini) {
        Err(e) => return assert!(e.line >= 1 && !e.message.is_empty(), "{e:?}"),
        Ok(config) => config,
    };
    if config.check().is_err() {
        return;
    }
    let small = EvolveConfig {
        width: config.width.min(6),
        height: config.height.min(5),
        samples: config.samples.min(2),
        mu: config.mu.min(4),
        lambda: config.lambda.min(4),
        evaluations: config.evaluations.min(12),
        ..config
    };
    let small = EvolveConfig {
        settings: gridlab::games::gpac::Settings {
            time_multiplier: small.settings.time_multiplier.min(2.0),
            ghosts: small.settings.ghosts.min(3),
            ..small.settings.clone()
        },
        parents: match small.parents {
            gridlab::games::gpac::evolve::ParentSelection::Tournament { k } => {
                gridlab::games::gpac::evolve::ParentSelection::Tournament { k: k.min(8) }
            }
            other => other,
        },
        survival: match small.survival {
            gridlab::games::gpac::evolve::SurvivalSelection::Tournament { k } => {
                gridlab::games::gpac::evolve::SurvivalSelection::Tournament { k: k.min(8) }
            }
            other => other,
        },
        ..small
    };
    if small.check().is_err() {
        return;
    }
    let mut run = Run::new(small, u64::from(pick(data)));
    for _ in 0..8 {
        if run.step().is_none() {
            break;
        }
    }
    if let Some(best) = run.best() {
        let map = best.map(run.config());
        gpac_checks::map_invariants(&map);
        let world = best.world_file(run.config());
        gpac_checks::world_invariants(&world);
    }
}

// ---------------------------------------------------------------------------------
// Arena

pub(super) mod arena_checks {
    use gridlab::games::arena::{replay, tick_line, Arena, CommandLog};

    /// The checks `ArenaSession::from_log` and `arena_replay_scores` rely on: a log
    /// replays (to a state the wire format can send) and replays the same twice.
    pub fn replay_log(log: &CommandLog) -> Arena {
        let arena = replay(log);
        assert!(arena.tick as usize <= log.steps.len());
        let line = tick_line(&arena, true);
        assert!(line.starts_with("{\"tick\":"), "{line}");
        arena
    }
}

/// Arena `parse_client_line` on any line a client may send.
pub fn arena_wire(data: &[u8]) {
    use gridlab::games::arena::{parse_client_line, ClientMessage, Command, MAX_LINE};
    let Some(text) = text(data) else { return };
    if text.len() > MAX_LINE {
        return;
    }
    match parse_client_line(&text) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(ClientMessage::Hello(name, token)) => {
            assert!(name.chars().count() <= 40 && !name.chars().any(char::is_control));
            assert!(token.map_or(0, |t| t.len()) <= gridlab::games::arena::MAX_TOKEN);
        }
        Ok(ClientMessage::Command(_, c)) => {
            assert_eq!(Command::from_word(c.word()), Some(c));
            let json = serde_json::to_string(&c).expect("commands serialise");
            assert_eq!(serde_json::from_str::<Command>(&json).ok(), Some(c));
        }
        Ok(ClientMessage::Pass(_) | ClientMessage::Spectate) => {}
    }
}

/// An Arena command log (a server's replay file, JSON) replayed as
/// `ArenaSession::from_log` and `arena_replay_scores` do.
pub fn arena_replay(data: &[u8]) {
    use gridlab::games::arena::{tournament_points, CommandLog};
    let Some(text) = text(data) else { return };
    let Ok(log) = CommandLog::parse(&text) else {
        return; // from_log refuses it with a message
    };
    let arena = arena_checks::replay_log(&log);
    let again = arena_checks::replay_log(&log);
    assert_eq!(arena, again, "a replay is deterministic");
    let scores: Vec<i64> = arena.players.iter().map(|p| p.score).collect();
    if let Ok(scores) = <[i64; 4]>::try_from(scores) {
        let points = tournament_points(&scores);
        assert!((points.iter().sum::<f64>() - 11.0).abs() < 1e-9);
    }
}
