//! `gridlab rogue grade`: play a student's monster (or rogue), a program speaking the
//! line protocol of `docs/rogue-player-protocol.md`, on every given dungeon against
//! gridlab's players, and judge each game against the exact solution
//! ([`gridlab::games::rogue::judge`]). The program runs in the sandbox
//! ([`super::sandbox::lines`]): a fresh process per game, a time limit per move and per
//! game, CPU and memory limits, killed with everything it started after each game.

use super::sandbox::lines::{Talk, TalkError};
use super::sandbox::{reaper, Limits};
use super::{load, CliError, EXIT_NOT_MET, EXIT_OK};
use clap::Args;
use gridlab::games::rogue::{
    greeting, Bout, Dungeon, Fault, GradeVerdict, MonsterStrategy, Referee, Reference,
    RogueStrategy, SharedAnalysis, Side, MAX_MOVES, MAX_REPLY_BYTES,
};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Most dungeon files graded in one run.
pub const MAX_DUNGEONS: usize = 1_000;
/// Longest time limit per move, per game or for the start, in seconds (an hour).
pub const MAX_TIME_LIMIT_SECS: f64 = 3_600.0;
/// Least memory a player may be given, in MB.
pub const MIN_MEMORY_MB: u64 = 16;
/// Most memory a player may be given, in MB (1 TB).
pub const MAX_MEMORY_MB: u64 = 1_048_576;

/// `gridlab rogue grade`.
#[derive(Args)]
pub struct GradeArgs {
    /// The student's monster: a shell command speaking the Rogue player protocol
    /// (docs/rogue-player-protocol.md), played against the naive, cycle and optimal
    /// rogues.
    #[arg(
        long,
        value_name = "CMD",
        required_unless_present = "rogue",
        conflicts_with = "rogue"
    )]
    monster: Option<String>,
    /// The student's rogue, played against the bfs and optimal monsters.
    #[arg(long, value_name = "CMD")]
    rogue: Option<String>,
    /// Seconds per move (the first move too; the start has --start-limit).
    #[arg(long, value_name = "S", default_value_t = 2.0)]
    time_limit: f64,
    /// Seconds per game, all moves together.
    #[arg(long, value_name = "S", default_value_t = 60.0)]
    game_time_limit: f64,
    /// Seconds to start and read the dungeon (until the program prints `ready`).
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    start_limit: f64,
    /// Address space of the program in MB (setrlimit RLIMIT_AS; a JVM needs about
    /// 2048 or more).
    #[arg(long, value_name = "MB", default_value_t = 4096,
          value_parser = clap::value_parser!(u64).range(MIN_MEMORY_MB..=MAX_MEMORY_MB))]
    memory_limit: u64,
    /// Turns after which the rogue has survived, as `rogue play --max-moves`.
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=MAX_MOVES as i64))]
    max_moves: u32,
    /// Fail a monster slower than the forced capture, and a rogue caught sooner than
    /// gridlab's optimal rogue against the same monster.
    #[arg(long)]
    require_optimal: bool,
    /// Write every game (verdict, moves as numpad digits, references) as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Pad short or missing rows with walls (with a warning) instead of failing.
    #[arg(long)]
    lenient: bool,
    /// Dungeon files in the coursework format, or folders (their `.txt` files).
    #[arg(required = true, value_name = "DUNGEON|DIR")]
    dungeons: Vec<PathBuf>,
}

/// One graded game.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Row {
    dungeon: String,
    opponent: &'static str,
    #[serde(flatten)]
    verdict: GradeVerdict,
    verdict_word: &'static str,
    reference: Reference,
    /// The game's half-moves as numpad digits, the monster's first.
    moves_played: String,
}

/// The `--json` file.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report<'a> {
    side: Side,
    command: &'a str,
    time_limit_s: f64,
    game_time_limit_s: f64,
    start_limit_s: f64,
    memory_limit_mb: u64,
    max_moves: u32,
    require_optimal: bool,
    passed: usize,
    games: &'a [Row],
}

/// The opponents of a side: names and how to build them.
#[derive(Clone, Copy)]
enum Opponent {
    Rogue(RogueStrategy),
    Monster(MonsterStrategy),
}

impl Opponent {
    fn name(self) -> &'static str {
        match self {
            Opponent::Rogue(RogueStrategy::Naive) => "naive",
            Opponent::Rogue(RogueStrategy::Cycle) => "cycle",
            Opponent::Rogue(RogueStrategy::Optimal) => "optimal",
            Opponent::Monster(MonsterStrategy::Bfs) => "bfs",
            Opponent::Monster(MonsterStrategy::Optimal) => "optimal",
        }
    }
}

fn seconds(flag: &str, value: f64) -> Result<Duration, CliError> {
    if !(value > 0.0 && value <= MAX_TIME_LIMIT_SECS) {
        return Err(CliError::Option {
            flag: flag.into(),
            message: format!(
                "{value} is not a number of seconds above 0 and at most {MAX_TIME_LIMIT_SECS}"
            ),
        });
    }
    Ok(Duration::from_secs_f64(value))
}

/// The dungeon files named by `paths`: files as given, folders as their `.txt` files
/// in name order.
fn dungeon_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|source| CliError::Unreadable {
                name: path.display().to_string(),
                source,
            })?;
            let mut inside: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "txt"))
                .collect();
            if inside.is_empty() {
                return Err(CliError::Input(format!(
                    "{}: a folder without dungeon files (.txt)",
                    path.display()
                )));
            }
            inside.sort();
            files.extend(inside);
        } else {
            files.push(path.clone());
        }
        if files.len() > MAX_DUNGEONS {
            return Err(CliError::Input(format!(
                "more than {MAX_DUNGEONS} dungeons: grade them in parts"
            )));
        }
    }
    Ok(files)
}

/// Grade a student's player; the exit code (0 every game passes, 1 any fails).
pub fn run(args: GradeArgs) -> Result<u8, CliError> {
    let (side, command) = match (&args.monster, &args.rogue) {
        (Some(cmd), _) => (Side::Monster, cmd.clone()),
        (None, Some(cmd)) => (Side::Rogue, cmd.clone()),
        (None, None) => return Err(CliError::Input("give --monster CMD or --rogue CMD".into())),
    };
    let limits = Times {
        per_move: seconds("time-limit", args.time_limit)?,
        per_game: seconds("game-time-limit", args.game_time_limit)?,
        start: seconds("start-limit", args.start_limit)?,
    };
    let cpu_secs = (args.game_time_limit + args.start_limit).ceil() as u64 + 1;
    let sandbox = Limits {
        cpu_secs,
        memory_bytes: args.memory_limit << 20,
    };
    // Every dungeon is read and solved before anything runs: bad input stops at once.
    let mut dungeons = Vec::new();
    for file in dungeon_files(&args.dungeons)? {
        let name = file.display().to_string();
        let (dungeon, warnings) = load(&name, |text| Dungeon::read(text, args.lenient))?;
        for w in warnings {
            eprintln!("warning: {name}:{}:{}: {}", w.line, w.column, w.message);
        }
        let mut shared = SharedAnalysis::default();
        let analysis = shared.get(&dungeon).map_err(|e| {
            CliError::Input(format!("{name}: grading needs the exact solution: {e}"))
        })?;
        dungeons.push((name, dungeon, shared, analysis));
    }
    let opponents: &[Opponent] = match side {
        Side::Monster => &[
            Opponent::Rogue(RogueStrategy::Naive),
            Opponent::Rogue(RogueStrategy::Cycle),
            Opponent::Rogue(RogueStrategy::Optimal),
        ],
        Side::Rogue => &[
            Opponent::Monster(MonsterStrategy::Bfs),
            Opponent::Monster(MonsterStrategy::Optimal),
        ],
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Input(format!("cannot start the runtime: {e}")))?;
    reaper::install();
    let mut rows = Vec::new();
    for (name, dungeon, shared, analysis) in &mut dungeons {
        let value = analysis.monster_to_move(dungeon.monster, dungeon.rogue);
        for &opponent in opponents {
            let built = match opponent {
                Opponent::Rogue(s) => s.player(dungeon, shared),
                Opponent::Monster(s) => s.player(dungeon, shared),
            };
            let player = built.map_err(|e| CliError::Input(format!("{name}: {e}")))?;
            let optimal_play = match opponent {
                Opponent::Monster(m) => {
                    let mut referee = Referee::new(dungeon, m, RogueStrategy::Optimal)
                        .map_err(|e| CliError::Input(format!("{name}: {e}")))?;
                    referee.play_game(args.max_moves).ending()
                }
                Opponent::Rogue(_) => None,
            };
            let reference = Reference::new(value, optimal_play);
            let who = format!(
                "{} {} vs {}",
                side.name().to_lowercase(),
                short_name(name),
                opponent.name()
            );
            let mut bout = Bout::new(dungeon, side, player, args.max_moves);
            rt.block_on(play(&mut bout, &command, sandbox, &limits, &who));
            let verdict = bout.verdict(&reference, args.require_optimal);
            rows.push(Row {
                dungeon: name.clone(),
                opponent: opponent.name(),
                verdict_word: verdict.outcome.word(side),
                verdict,
                reference,
                moves_played: bout.game().moves().to_string(),
            });
        }
    }
    reaper::kill_all_below_us();
    print!("{}", table(&rows));
    let passed = rows.iter().filter(|r| r.verdict.pass).count();
    println!("{passed} of {} games passed", rows.len());
    if let Some(path) = &args.json {
        let report = Report {
            side,
            command: &command,
            time_limit_s: args.time_limit,
            game_time_limit_s: args.game_time_limit,
            start_limit_s: args.start_limit,
            memory_limit_mb: args.memory_limit,
            max_moves: args.max_moves,
            require_optimal: args.require_optimal,
            passed,
            games: &rows,
        };
        let text = serde_json::to_string_pretty(&report).expect("a report serialises");
        std::fs::write(path, text + "\n").map_err(|source| CliError::Unwritable {
            action: "write",
            path: path.clone(),
            source,
        })?;
    }
    Ok(if passed == rows.len() {
        EXIT_OK
    } else {
        EXIT_NOT_MET
    })
}

/// A file's name without its folders, for log lines.
fn short_name(name: &str) -> String {
    Path::new(name)
        .file_name()
        .map_or(name.to_string(), |f| f.to_string_lossy().into_owned())
}

/// The time limits of one game.
struct Times {
    per_move: Duration,
    per_game: Duration,
    start: Duration,
}

fn seconds_text(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// The fault of a failed send or read.
fn fault(e: TalkError, limit: String) -> Fault {
    match e {
        TalkError::Timeout => Fault::Timeout { limit },
        TalkError::Ended(how) => Fault::Ended { how },
        TalkError::TooLong(n) => Fault::BadReply {
            line: String::new(),
            message: format!("is cut off: a reply longer than {n} bytes"),
        },
        TalkError::NotText => Fault::BadReply {
            line: String::new(),
            message: "is not UTF-8 text".into(),
        },
    }
}

/// Play one game: start the program, greet it, wait for `ready`, then ask for each of
/// its moves; kill it (with all it started) at the end.
async fn play(bout: &mut Bout<'_>, command: &str, sandbox: Limits, times: &Times, who: &str) {
    let _game = reaper::Game::start();
    let side = bout.side();
    let dungeon_text = greeting(bout.dungeon(), side);
    let mut talk = match Talk::start(command, sandbox, who, MAX_REPLY_BYTES) {
        Ok(talk) => talk,
        Err(e) => {
            bout.fail_at_start(Fault::NotStarted {
                message: e.to_string(),
            });
            return;
        }
    };
    let start_limit = format!("{} (--start-limit)", seconds_text(times.start));
    let started = tokio::time::Instant::now();
    let ready = match talk.send(&dungeon_text, times.start).await {
        Ok(()) => {
            let left = times.start.saturating_sub(started.elapsed());
            talk.read_line(left).await
        }
        Err(e) => Err(e),
    };
    match ready {
        Ok(line) if line.trim() == "ready" => {}
        Ok(line) => bout.fail_at_start(Fault::BadReply {
            line: gridlab::error::excerpt(&line),
            message: "is not 'ready' (the answer to the dungeon)".into(),
        }),
        Err(e) => bout.fail_at_start(fault(e, start_limit)),
    }
    let deadline = tokio::time::Instant::now() + times.per_game;
    while let Some(question) = bout.question() {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let (limit, limit_text) = if left < times.per_move {
            (
                left,
                format!(
                    "{} per game (--game-time-limit)",
                    seconds_text(times.per_game)
                ),
            )
        } else {
            (
                times.per_move,
                format!("{} per move (--time-limit)", seconds_text(times.per_move)),
            )
        };
        let reply = match talk.send(&question.line(), limit).await {
            Ok(()) => talk.read_line(limit).await,
            Err(e) => Err(e),
        };
        match reply {
            Ok(line) => bout.answer(&line),
            Err(e) => bout.fail(fault(e, limit_text)),
        }
    }
    talk.end(&format!("end {}\n", bout.end_line())).await;
}

/// The table: dungeon, opponent, verdict, moves, optimal, what failed (or the note of
/// a pass, in brackets).
fn table(rows: &[Row]) -> String {
    let mut cells: Vec<[String; 6]> = vec![[
        "dungeon".into(),
        "opponent".into(),
        "verdict".into(),
        "moves".into(),
        "optimal".into(),
        "what failed".into(),
    ]];
    for row in rows {
        let what = match (&row.verdict.failed, &row.verdict.note) {
            (Some(failed), _) => failed.clone(),
            (None, Some(note)) => format!("- ({note})"),
            (None, None) => "-".into(),
        };
        cells.push([
            row.dungeon.clone(),
            row.opponent.into(),
            row.verdict_word.into(),
            row.verdict.moves.to_string(),
            row.reference.cell(),
            what,
        ]);
    }
    let mut width = [0; 5];
    for row in &cells {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in &cells {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            match i {
                3 | 4 => line.push_str(&format!("{cell:>w$}  ", w = width[i])),
                5 => line.push_str(cell),
                _ => line.push_str(&format!("{cell:<w$}  ", w = width[i])),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
