//! `gridlab gpac play|replay|evolve|bench`; `verdict` is GPac's tool
//! (`games::gpac::TOOLS`, made a subcommand by `cli::tools`).

use super::{emit, load, CliError, EXIT_OK};
use clap::{Args, Subcommand};
use gridlab::games::gpac::{
    play, play_games, random_map_for, GhostKind, Map, PacKind, PillSpawn, Replay, Settings, Tally,
    World, WorldFile, MAX_BENCH_GAMES,
};
use gridlab::games::tools::Host;
use std::sync::Arc;

mod evolve;
mod plot;

/// GPac's commands besides its tools.
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

/// `gridlab gpac bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Maps in the course format (one or more).
    #[arg(long, required = true, num_args = 1..)]
    map: Vec<String>,
    /// Games on each map (1 to 1,000,000).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=u64::from(MAX_BENCH_GAMES)))]
    games: u64,
    /// Seed of the first game (then seed + 1, ...).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    players: PlayersArgs,
    /// Print JSON: games, turns, meanScore, elapsedMs, gamesPerSecond.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    settings: SettingsArgs,
}

/// Who plays: Pac-Man's controller and the ghosts'.
#[derive(Args)]
pub struct PlayersArgs {
    /// Pac-Man's controller: pill, fruit or avoid.
    #[arg(long, default_value_t = PacKind::Avoid)]
    pacman: PacKind,
    /// The ghosts' controller: wander or chase.
    #[arg(long, default_value_t = GhostKind::Chase)]
    ghosts: GhostKind,
}

/// The game's settings, their defaults [`Settings::default`]'s.
#[derive(Args, Clone)]
pub struct SettingsArgs {
    /// Pill density (0 to 1).
    #[arg(long, default_value_t = Settings::default().pill_density)]
    pill_density: f64,
    /// Pill placement: stochastic, linear or manhattan.
    #[arg(long, default_value_t = Settings::default().pill_spawn)]
    pill_spawn: PillSpawn,
    /// Chance per turn that a fruit appears (0 to 1).
    #[arg(long, default_value_t = Settings::default().fruit_prob)]
    fruit_prob: f64,
    /// Points for a fruit (at most 1,000,000).
    #[arg(long, default_value_t = Settings::default().fruit_score)]
    fruit_score: u32,
    /// Time = width × height × multiplier (above 0, at most 100).
    #[arg(long, default_value_t = Settings::default().time_multiplier)]
    time_multiplier: f64,
    /// Number of ghosts (0 to 100).
    #[arg(long, default_value_t = Settings::default().ghosts)]
    ghosts_count: usize,
    /// Allow a pill on the ghosts' start, as the assignment text does (the
    /// framework, and gridlab by default, keep it free).
    #[arg(long)]
    pill_on_ghost_start: bool,
}

impl SettingsArgs {
    /// The settings, each checked against its limit for maps of up to `cells` cells
    /// (the error names the option).
    fn settings(&self, cells: usize) -> Result<Settings, CliError> {
        let settings = Settings {
            pill_density: self.pill_density,
            pill_spawn: self.pill_spawn,
            fruit_prob: self.fruit_prob,
            fruit_score: self.fruit_score,
            time_multiplier: self.time_multiplier,
            ghosts: self.ghosts_count,
            no_pill_on_ghost_start: !self.pill_on_ghost_start,
        };
        settings.check_options(cells)?;
        Ok(settings)
    }
}

/// `gridlab gpac play`.
#[derive(Args)]
pub struct PlayArgs {
    /// A map in the course format (`W H`, rows of `#`/`~`, top row first).
    #[arg(long, conflicts_with = "random", required_unless_present = "random")]
    map: Option<String>,
    /// A random W×H map (walls at --density, repaired).
    #[arg(long, num_args = 2, value_names = ["W", "H"])]
    random: Option<Vec<usize>>,
    /// Wall density of a random map (0 to 1).
    #[arg(long, default_value_t = 0.3)]
    density: f64,
    #[command(flatten)]
    players: PlayersArgs,
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

/// `gridlab gpac replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// World file, or - for standard input.
    file: String,
    /// Show only this snapshot (0 = the start; negative counts from the end).
    #[arg(long, allow_hyphen_values = true)]
    frame: Option<i64>,
}

/// Run a GPac command; the exit code.
pub fn run(command: GpacCommand) -> Result<u8, CliError> {
    match command {
        GpacCommand::Play(args) => run_play(args),
        GpacCommand::Replay(args) => run_replay(args),
        GpacCommand::Evolve(args) => evolve::run(args),
        GpacCommand::Bench(args) => run_bench(args),
    }
}

/// A map file to play on: in the course format, both spawn cells open.
fn load_map(path: &str) -> Result<Map, CliError> {
    load(path, |text| {
        let map = Map::parse(text)?;
        map.check_spawns()?;
        Ok(map)
    })
}

fn run_play(args: PlayArgs) -> Result<u8, CliError> {
    let map = match (&args.map, args.random.as_deref()) {
        (Some(path), _) => load_map(path)?,
        (None, Some(&[w, h])) => random_map_for(w, h, args.density, args.seed, Host::Native)
            .map_err(|e| match e.field {
                "size" => CliError::Option {
                    flag: "random".into(),
                    message: e.message,
                },
                _ => e.into(),
            })?,
        _ => unreachable!("clap requires --map or --random W H"),
    };
    let settings = args.settings.settings(map.len())?;
    let world = Arc::new(World::new(map));
    let outcome = play(
        &world,
        &settings,
        args.players.pacman,
        args.players.ghosts,
        args.seed,
        args.log.is_some(),
    );
    if let (Some(path), Some(mut log)) = (&args.log, outcome.log.clone()) {
        if args.zero_based_ids {
            log.first_ghost_id = 0;
        }
        std::fs::File::create(path)
            .and_then(|f| {
                let mut out = std::io::BufWriter::new(f);
                log.write_to(&mut out)?;
                std::io::Write::flush(&mut out)
            })
            .map_err(|e| CliError::Input(format!("cannot write {path}: {e}")))?;
    }
    emit(&format!(
        "score {}\nghost score {}\nend {:?}\nturns {}\n",
        outcome.score, outcome.ghost_score, outcome.end, outcome.turns
    ));
    Ok(EXIT_OK)
}

fn run_replay(args: ReplayArgs) -> Result<u8, CliError> {
    let checked = |text: &str| Replay::new(WorldFile::parse(text)?);
    let replay = load(&args.file, checked)?;
    let count = replay.len() as i64;
    let pick = match args.frame {
        None => 0..replay.len(),
        Some(k) => {
            let i = if k < 0 { count + k } else { k };
            if !(0..count).contains(&i) {
                return Err(CliError::Option {
                    flag: "frame".into(),
                    message: format!("{k}: the file has {count} snapshots (0 to {})", count - 1),
                });
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
    Ok(EXIT_OK)
}

fn run_bench(args: BenchArgs) -> Result<u8, CliError> {
    let worlds = args
        .map
        .iter()
        .map(|path| Ok(Arc::new(World::new(load_map(path)?))))
        .collect::<Result<Vec<_>, CliError>>()?;
    let cells = worlds.iter().map(|w| w.map.len()).max().unwrap_or(0);
    let settings = args.settings.settings(cells)?;
    let PlayersArgs { pacman, ghosts } = args.players;
    let mut tally = Tally::default();
    let started = std::time::Instant::now();
    for world in &worlds {
        for o in play_games(world, &settings, pacman, ghosts, args.seed, args.games) {
            tally.add(&o);
        }
    }
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let rate = if elapsed_ms > 0.0 {
        tally.games as f64 / elapsed_ms * 1000.0
    } else {
        0.0
    };
    let (games, turns, mean_score) = (tally.games, tally.turns, tally.mean_score());
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
    Ok(EXIT_OK)
}
