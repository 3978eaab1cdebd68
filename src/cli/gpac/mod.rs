//! `gridlab gpac play|replay|evolve`.

use super::{emit, load, read_input, EXIT_BAD_INPUT, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::games::gpac::evolve::EvolveConfig;
use gridlab::games::gpac::{
    play, random_map, GhostKind, Ini, Map, PacKind, PillSpawn, Replay, Settings, World, WorldFile,
};
use std::sync::Arc;

mod evolve;
mod plot;

#[derive(Subcommand)]
pub enum GpacCommand {
    /// Play one seeded game between controllers and write its world file.
    Play(PlayArgs),
    /// Check a world file and show its game as text, snapshot by snapshot.
    Replay(ReplayArgs),
    /// Evolve hard maps as the course's assignment series 1 (random search, (μ+λ) EA,
    /// repair penalty, self-adaptation, two objectives), several runs in parallel.
    Evolve(evolve::EvolveArgs),
    /// Time seeded games between agents on maps (games per second on one core).
    Bench(BenchArgs),
}

#[derive(Args)]
pub struct BenchArgs {
    /// Maps in the course format (one or more).
    #[arg(long, required = true, num_args = 1..)]
    map: Vec<String>,
    /// Games on each map (1 to 1,000,000).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=u64::from(gridlab::games::gpac::MAX_BENCH_GAMES)))]
    games: u64,
    /// Seed of the first game (then seed + 1, ...).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Pac-Man's controller.
    #[arg(long, default_value = "avoid")]
    pacman: PacKind,
    /// The ghosts' controller.
    #[arg(long, default_value = "chase")]
    ghosts: GhostKind,
    /// Print JSON: games, turns, meanScore, elapsedMs, gamesPerSecond.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    settings: SettingsArgs,
}

/// The game's settings, with the course defaults.
#[derive(Args, Clone)]
pub struct SettingsArgs {
    /// Pill density (0 to 1).
    #[arg(long, default_value_t = 0.05)]
    pill_density: f64,
    /// Pill placement: stochastic, linear or manhattan.
    #[arg(long, default_value = "linear")]
    pill_spawn: PillSpawn,
    /// Chance per turn that a fruit appears (0 to 1).
    #[arg(long, default_value_t = 0.1)]
    fruit_prob: f64,
    /// Points for a fruit (at most 1,000,000).
    #[arg(long, default_value_t = 10)]
    fruit_score: u32,
    /// Time = width × height × multiplier (above 0, at most 100).
    #[arg(long, default_value_t = 2.0)]
    time_multiplier: f64,
    /// Number of ghosts (0 to 100).
    #[arg(long, default_value_t = 3)]
    ghosts_count: usize,
    /// Allow a pill on the ghosts' start, as the assignment text does (the
    /// framework, and gridlab by default, keep it free).
    #[arg(long)]
    pill_on_ghost_start: bool,
}

impl SettingsArgs {
    /// The settings, each checked against its limit for maps of up to `cells` cells
    /// (the error names the option).
    fn settings(&self, cells: usize) -> Result<Settings, String> {
        let settings = Settings {
            pill_density: self.pill_density,
            pill_spawn: self.pill_spawn,
            fruit_prob: self.fruit_prob,
            fruit_score: self.fruit_score,
            time_multiplier: self.time_multiplier,
            ghosts: self.ghosts_count,
            no_pill_on_ghost_start: !self.pill_on_ghost_start,
        };
        settings.check_for(cells).map_err(|e| {
            let option = match e.field {
                "ghosts" => "ghosts-count".to_string(),
                field => field.replace('_', "-"),
            };
            format!("--{option}: {}", e.message)
        })?;
        Ok(settings)
    }
}

#[derive(Args)]
pub struct PlayArgs {
    /// A map in the course format (`W H`, rows of `#`/`~`, top row first).
    #[arg(long, conflicts_with = "random", required_unless_present = "random")]
    map: Option<String>,
    /// A random W×H map (walls at --density, repaired).
    #[arg(long, num_args = 2, value_names = ["W", "H"])]
    random: Option<Vec<usize>>,
    /// Wall density of a random map (0 to 1).
    #[arg(long, default_value_t = 0.3, value_parser = unit_interval)]
    density: f64,
    /// Pac-Man's controller: pill, fruit or avoid.
    #[arg(long, default_value = "avoid")]
    pacman: PacKind,
    /// The ghosts' controller: wander or chase.
    #[arg(long, default_value = "chase")]
    ghosts: GhostKind,
    /// Seed of the game (and of a random map).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Write the world file here.
    #[arg(long)]
    log: Option<String>,
    /// Number the ghosts from 0 in the world file, as the course framework does.
    #[arg(long)]
    zero_based_ids: bool,
    #[command(flatten)]
    settings: SettingsArgs,
}

#[derive(Args)]
pub struct ReplayArgs {
    /// World file, or - for standard input.
    file: String,
    /// Show only this snapshot (0 = the start; negative counts from the end).
    #[arg(long, allow_hyphen_values = true)]
    frame: Option<i64>,
}

pub fn run(command: GpacCommand) -> u8 {
    match command {
        GpacCommand::Play(args) => run_play(args),
        GpacCommand::Replay(args) => run_replay(args),
        GpacCommand::Evolve(args) => evolve::run(args),
        GpacCommand::Bench(args) => run_bench(args),
    }
}

fn run_play(args: PlayArgs) -> u8 {
    let map = match (&args.map, &args.random) {
        (Some(path), _) => match load(path, Map::parse) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("error: {e}");
                return EXIT_BAD_INPUT;
            }
        },
        (None, Some(size)) => {
            let (w, h) = (size[0], size[1]);
            if !(1..=gridlab::games::gpac::MAX_SIDE).contains(&w)
                || !(1..=gridlab::games::gpac::MAX_SIDE).contains(&h)
                || w * h < 2
            {
                eprintln!("error: --random W H: sides from 1 to 1000, at least 2 cells");
                return EXIT_BAD_INPUT;
            }
            random_map(w, h, args.density, args.seed)
        }
        (None, None) => unreachable!("clap requires --map or --random"),
    };
    if map.is_wall_cell(map.pacman_start()) || map.is_wall_cell(map.ghost_start()) {
        eprintln!("error: the map's spawn cells (0, H-1) and (W-1, 0) must be open");
        return EXIT_BAD_INPUT;
    }
    let settings = match args.settings.settings(map.len()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let world = Arc::new(World::new(map));
    let outcome = play(
        &world,
        &settings,
        args.pacman,
        args.ghosts,
        args.seed,
        args.log.is_some(),
    );
    if let (Some(path), Some(mut log)) = (&args.log, outcome.log.clone()) {
        if args.zero_based_ids {
            log.first_ghost_id = 0;
        }
        let written = std::fs::File::create(path).and_then(|f| {
            let mut out = std::io::BufWriter::new(f);
            log.write_to(&mut out)?;
            std::io::Write::flush(&mut out)
        });
        if let Err(e) = written {
            eprintln!("error: cannot write {path}: {e}");
            return EXIT_BAD_INPUT;
        }
    }
    emit(&format!(
        "score {}\nghost score {}\nend {:?}\nturns {}\n",
        outcome.score, outcome.ghost_score, outcome.end, outcome.turns
    ));
    EXIT_OK
}

fn run_replay(args: ReplayArgs) -> u8 {
    let name = if args.file == "-" {
        "<stdin>"
    } else {
        &args.file
    };
    let world = match load(&args.file, WorldFile::parse) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let replay = match Replay::new(world) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {name}:{}:{}: {}", e.line, e.column, e.message);
            return EXIT_BAD_INPUT;
        }
    };
    let count = replay.len() as i64;
    let pick = match args.frame {
        None => 0..replay.len(),
        Some(k) => {
            let i = if k < 0 { count + k } else { k };
            if !(0..count).contains(&i) {
                eprintln!(
                    "error: --frame {k}: the file has {count} snapshots (0 to {})",
                    count - 1
                );
                return EXIT_BAD_INPUT;
            }
            i as usize..i as usize + 1
        }
    };
    for i in pick {
        let (Some(frame), Some(text)) = (replay.frame(i), replay.render(i)) else {
            break;
        };
        emit(&format!(
            "snapshot {i}: time {} score {} pills {}\n{text}\n",
            frame.time,
            frame.score,
            frame.pills.len()
        ));
    }
    EXIT_OK
}

/// A clap parser for a finite number in [0, 1].
fn unit_interval(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        Ok(v) => Err(format!("{v} is not between 0 and 1")),
        Err(e) => Err(e.to_string()),
    }
}

/// Read an experiment config (a course INI file).
pub fn load_config(path: &str) -> Result<EvolveConfig, String> {
    let text = read_input(path)?;
    let ini =
        Ini::parse(&text).map_err(|e| format!("{path}:{}:{}: {}", e.line, e.column, e.message))?;
    EvolveConfig::from_ini(&ini)
        .map_err(|e| format!("{path}:{}:{}: {}", e.line, e.column, e.message))
}

fn run_bench(args: BenchArgs) -> u8 {
    let mut worlds = Vec::new();
    for path in &args.map {
        match load(path, Map::parse) {
            Ok(m) if !m.is_wall_cell(m.pacman_start()) && !m.is_wall_cell(m.ghost_start()) => {
                worlds.push(Arc::new(World::new(m)))
            }
            Ok(_) => {
                eprintln!("error: {path}: the spawn cells (0, H-1) and (W-1, 0) must be open");
                return EXIT_BAD_INPUT;
            }
            Err(e) => {
                eprintln!("error: {e}");
                return EXIT_BAD_INPUT;
            }
        }
    }
    let cells = worlds.iter().map(|w| w.map.len()).max().unwrap_or(0);
    let settings = match args.settings.settings(cells) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let (mut games, mut turns, mut score) = (0u64, 0u64, 0i64);
    let started = std::time::Instant::now();
    for world in &worlds {
        for k in 0..args.games {
            let o = play(
                world,
                &settings,
                args.pacman,
                args.ghosts,
                args.seed + k,
                false,
            );
            games += 1;
            turns += u64::from(o.turns);
            score += o.score;
        }
    }
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let rate = if elapsed_ms > 0.0 {
        games as f64 / elapsed_ms * 1000.0
    } else {
        0.0
    };
    let mean_score = score as f64 / games.max(1) as f64;
    if args.json {
        emit(&format!(
            "{}\n",
            serde_json::json!({
                "games": games, "turns": turns, "meanScore": mean_score,
                "elapsedMs": elapsed_ms, "gamesPerSecond": rate
            })
        ));
    } else {
        emit(&format!(
            "{games} games, {turns} turns, mean score {mean_score:.1}, {elapsed_ms:.1} ms: {rate:.0} games/s\n"
        ));
    }
    EXIT_OK
}
