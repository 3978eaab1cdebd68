//! Every tool of the registry ([`gridlab::games::tools::GAMES`]) as a subcommand of
//! its game: `gridlab GAME TOOL [FILE] [--FLAG VALUE]...`. The flags come from the
//! tool's options schema (a field `maxStates` is `--max-states`, its help the field's
//! documentation, its default the options' default); every tool also takes `--json`,
//! a solver `--stats`, a generator `--count`, `--out` and `--size ROWSxCOLS`; a
//! generator's `--time-limit` (its `timeLimit` option) is kept here, with a timer that
//! cancels the run, which then returns its best level so far (exit code 1 when that
//! level falls short of the request).

use super::generated::{parse_size, write, MAX_COUNT};
use super::{cancel_on_ctrl_c, emit, print_stats, read_input, CliError, EXIT_NOT_MET, EXIT_OK};
use clap::{Arg, ArgAction, ArgMatches, Command};
use gridlab::games::tools::{AnyTool, Control, GameTools, Host, Report, ToolError, GAMES};
use serde_json::{Map, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Add each game's tools to its subcommand.
pub fn augment(mut cli: Command) -> Command {
    for game in GAMES {
        cli = cli.mut_subcommand(game.id, |mut sub| {
            for tool in game.tools {
                sub = sub.subcommand(tool_command(*tool));
            }
            sub
        });
    }
    cli
}

/// The tool the command line names, with its matches, if it names one.
pub fn chosen(
    matches: &ArgMatches,
) -> Option<(&'static GameTools, &'static dyn AnyTool, &ArgMatches)> {
    let (game_id, game_matches) = matches.subcommand()?;
    let (tool_id, tool_matches) = game_matches.subcommand()?;
    let game = GAMES.iter().find(|g| g.id == game_id)?;
    let tool = game.tool(tool_id).ok()?;
    Some((game, tool, tool_matches))
}

/// How a flag's text becomes a JSON value.
#[derive(Clone, Copy)]
enum Kind {
    Integer,
    Number,
    Text,
    /// JSON when it parses as JSON, else a string (a goal: `all` or `3`).
    Any,
}

/// One option of a tool as a flag.
struct Flag {
    field: String,
    flag: String,
    help: String,
    kind: Kind,
    boolean: bool,
    mib: bool,
    /// The flag names a file whose text is the value (`x-file`; - for standard input).
    file: bool,
}

/// The flags of a tool, from its options schema (fields marked `x-page` are the
/// page's alone).
fn flags(tool: &dyn AnyTool) -> Vec<Flag> {
    let schema = tool.schema();
    let defaults = tool.defaults();
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    // The fields in the options struct's order (a JSON object's keys are sorted).
    let order: indexmap::IndexMap<String, serde::de::IgnoredAny> =
        serde_json::from_str(&tool.defaults_text()).unwrap_or_default();
    order
        .keys()
        .chain(properties.keys().filter(|k| !order.contains_key(*k)))
        .filter_map(|field| Some((field, properties.get(field)?)))
        .filter(|(_, p)| p.get("x-page") != Some(&Value::Bool(true)))
        .map(|(field, p)| {
            let types: Vec<&str> = match p.get("type") {
                Some(Value::String(t)) => vec![t.as_str()],
                Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            let mib = p.get("x-mib") == Some(&Value::Bool(true));
            let file = p.get("x-file") == Some(&Value::Bool(true));
            let kind = if mib || types.contains(&"integer") {
                Kind::Integer
            } else if types.contains(&"number") {
                Kind::Number
            } else if types == ["string"] {
                Kind::Text
            } else {
                Kind::Any
            };
            let default = defaults
                .get(field)
                .filter(|d| !d.is_null())
                .map(|d| match d {
                    Value::Number(n) if mib => (n.as_u64().unwrap_or(0) >> 20).to_string(),
                    Value::String(s) => s.clone(),
                    d => d.to_string(),
                });
            let mut help = p
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("")
                .replace('\n', " ");
            if mib {
                help.push_str(" In MiB.");
            }
            if file {
                help = help.replace("On the command line, a file", "A file");
            }
            let boolean = types == ["boolean"];
            if let (Some(d), false, false) = (default, boolean, file) {
                help.push_str(&format!(" [default: {d}]"));
            }
            Flag {
                flag: p
                    .get("x-flag")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .unwrap_or_else(|| kebab(field)),
                field: field.clone(),
                help,
                kind,
                boolean,
                mib,
                file,
            }
        })
        .collect()
}

/// `maxStates` → `max-states`.
fn kebab(field: &str) -> String {
    let mut out = String::new();
    for c in field.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Why a flag's text is not a value of its kind.
#[derive(Debug, thiserror::Error)]
enum FlagValueError {
    /// Not a whole number.
    #[error("'{0}' is not a whole number of at least 0")]
    NotWhole(String),
    /// A count of MiB beyond what bytes can count.
    #[error("{0} MiB is too large")]
    TooLarge(u64),
    /// Not a finite number.
    #[error("'{0}' is not a number")]
    NotNumber(String),
    /// A file that cannot be read.
    #[error("{0}")]
    Unreadable(String),
}

/// A flag's text as JSON (`file`: the text of the file it names).
fn value_of(kind: Kind, mib: bool, file: bool, text: &str) -> Result<Value, FlagValueError> {
    if file {
        return read_input(text)
            .map(Value::String)
            .map_err(|e| FlagValueError::Unreadable(e.to_string()));
    }
    match kind {
        Kind::Integer => {
            let n: u64 = text
                .trim()
                .parse()
                .map_err(|_| FlagValueError::NotWhole(gridlab::error::excerpt(text)))?;
            let n = if mib {
                n.checked_mul(1 << 20).ok_or(FlagValueError::TooLarge(n))?
            } else {
                n
            };
            Ok(Value::from(n))
        }
        Kind::Number => text
            .trim()
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map(Value::Number)
            .ok_or_else(|| FlagValueError::NotNumber(gridlab::error::excerpt(text))),
        Kind::Text => Ok(Value::String(text.to_string())),
        Kind::Any => Ok(serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.into()))),
    }
}

/// The subcommand of a tool.
fn tool_command(tool: &'static dyn AnyTool) -> Command {
    let mut command = Command::new(tool.name()).about(tool.summary());
    if tool.reads_level() {
        command = command.arg(
            Arg::new("file")
                .required(true)
                .help("Level file in the course format, or - for standard input."),
        );
    }
    let flags = flags(tool);
    let has = |field: &str| flags.iter().any(|f| f.field == field);
    for f in &flags {
        let arg = Arg::new(f.field.clone())
            .long(f.flag.clone())
            .value_name(f.flag.to_uppercase().replace('-', "_"))
            .help(f.help.clone());
        let arg = if f.boolean {
            arg.action(ArgAction::SetTrue)
        } else {
            let (kind, mib, file) = (f.kind, f.mib, f.file);
            let arg = if file { arg.value_name("FILE") } else { arg };
            arg.value_parser(move |text: &str| value_of(kind, mib, file, text))
        };
        command = command.arg(arg);
    }
    if has("solver") {
        command = command.arg(
            Arg::new("stats")
                .long("stats")
                .action(ArgAction::SetTrue)
                .help("Print search statistics on standard error."),
        );
    }
    if !tool.reads_level() {
        command = command
            .arg(
                Arg::new("count")
                    .long("count")
                    .default_value("1")
                    .value_parser(clap::value_parser!(u32).range(1..=i64::from(MAX_COUNT)))
                    .help("Levels to generate (1 to 10,000); level k uses seed + k."),
            )
            .arg(
                Arg::new("out")
                    .long("out")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("Write NAME.txt, .plan, .out (course output) and .json (features) here."),
            );
        if has("rows") && has("cols") {
            command = command.arg(
                Arg::new("size")
                    .long("size")
                    .value_parser(parse_size)
                    .conflicts_with_all(["rows", "cols"])
                    .help("Size as ROWSxCOLS (sets --rows and --cols)."),
            );
        }
    }
    command.arg(
        Arg::new("json")
            .long("json")
            .action(ArgAction::SetTrue)
            .help("Print the result as one JSON object."),
    )
}

/// The options object the flags give (fields not given take their defaults).
fn options_of(tool: &dyn AnyTool, matches: &ArgMatches) -> Map<String, Value> {
    let mut options = Map::new();
    for f in flags(tool) {
        if f.boolean {
            if matches.get_flag(&f.field) {
                options.insert(f.field, Value::Bool(true));
            }
        } else if let Some(v) = matches.get_one::<Value>(&f.field) {
            options.insert(f.field, v.clone());
        }
    }
    if let Ok(Some(&(rows, cols))) = matches.try_get_one::<(usize, usize)>("size") {
        options.insert("rows".into(), rows.into());
        options.insert("cols".into(), cols.into());
    }
    options
}

/// A tool's error on the command line: a field named by its flag, a parse error by
/// its file.
fn cli_error(e: ToolError, tool: &dyn AnyTool, file: &str) -> CliError {
    match e {
        ToolError::Options { field, message } => {
            let camel = camel(&field);
            let flag = flags(tool)
                .into_iter()
                .find(|f| f.field == camel)
                .map_or_else(|| kebab(&camel), |f| f.flag);
            CliError::Option { flag, message }
        }
        ToolError::Parse(e) => CliError::Parse {
            file: if file == "-" {
                "<stdin>".into()
            } else {
                file.into()
            },
            error: e,
        },
        e => CliError::Tool(e),
    }
}

/// `max_states` → `maxStates`.
fn camel(field: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in field.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// Run a tool as the command line asks; the exit code.
pub fn run(tool: &'static dyn AnyTool, matches: &ArgMatches) -> Result<u8, CliError> {
    let file = matches
        .try_get_one::<String>("file")
        .ok()
        .flatten()
        .cloned()
        .unwrap_or_default();
    let text = if tool.reads_level() {
        read_input(&file)?
    } else {
        String::new()
    };
    let options = options_of(tool, matches);
    let json = matches.get_flag("json");
    let cancel = cancel_on_ctrl_c();
    let run_once = |options: Map<String, Value>| {
        let mut control = Control {
            cancel: Some(&cancel),
            progress: None,
        };
        let mut options = <dyn erased_serde::Deserializer>::erase(Value::Object(options));
        tool.run(&text, &mut options, Host::Native, &mut control)
            .map_err(|e| cli_error(e, tool, &file))
    };
    if tool.reads_level() {
        let report = run_once(options)?;
        show(report.as_ref(), json, matches);
        return Ok(if report.met() { EXIT_OK } else { EXIT_NOT_MET });
    }
    let count = *matches.get_one::<u32>("count").unwrap_or(&1);
    let out = matches.get_one::<PathBuf>("out");
    let seed = options.get("seed").and_then(Value::as_u64).unwrap_or(0);
    let time_limit = options
        .get("timeLimit")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    for k in 0..u64::from(count) {
        let seed = seed.wrapping_add(k);
        let mut options = options.clone();
        options.insert("seed".into(), seed.into());
        let started = std::time::Instant::now();
        let (report, timed_out) = timed(&cancel, time_limit, || run_once(options));
        let report = match report {
            Ok(report) => report,
            Err(CliError::Tool(ToolError::Failed(why))) => {
                if timed_out {
                    eprintln!("seed {seed}: time limit of {time_limit} s reached: {why}");
                } else {
                    eprintln!("seed {seed}: {why}");
                }
                return Ok(EXIT_NOT_MET);
            }
            Err(e) => return Err(e),
        };

        match report.files() {
            Some(mut files) => {
                files.summary = format!(
                    "seed {seed}: {}, {:.1} s",
                    files.summary,
                    started.elapsed().as_secs_f64()
                );
                if json {
                    eprintln!("{}", files.summary);
                    emit(&format!(
                        "{}\n",
                        serde_json::to_string(&report).unwrap_or_default()
                    ));
                } else {
                    write(out.map(PathBuf::as_path), &files)?;
                }
            }
            None => show(report.as_ref(), json, matches),
        }
        if !report.met() {
            let why = if timed_out {
                format!("time limit of {time_limit} s reached")
            } else {
                "cancelled".to_string()
            };
            for note in report.notes() {
                eprintln!("seed {seed}: {why}: {note}");
            }
            return Ok(EXIT_NOT_MET);
        }
    }
    Ok(EXIT_OK)
}

/// Run `f` with `cancel` set once `seconds` pass (0: no limit), then cleared; whether
/// the time ran out. A generator's `timeLimit`: generation counts candidates, the
/// command line keeps the time (and the tool returns its best level so far).
fn timed<T>(cancel: &AtomicBool, seconds: u64, f: impl FnOnce() -> T) -> (T, bool) {
    if seconds == 0 {
        return (f(), false);
    }
    let (done, wait) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let timer = scope.spawn(move || {
            let out = wait.recv_timeout(Duration::from_secs(seconds))
                == Err(mpsc::RecvTimeoutError::Timeout);
            if out {
                cancel.store(true, Ordering::Relaxed);
            }
            out
        });
        let value = f();
        drop(done);
        let out = timer.join().unwrap_or(false);
        if out {
            cancel.store(false, Ordering::Relaxed);
        }
        (value, out)
    })
}

/// Print a report: its text (or JSON), its notes on standard error, and with
/// `--stats` the search's statistics.
fn show(report: &dyn Report, json: bool, matches: &ArgMatches) {
    let as_json = || {
        format!(
            "{}\n",
            serde_json::to_string_pretty(report).unwrap_or_default()
        )
    };
    match (json, report.text()) {
        (false, Some(text)) => emit(&text),
        _ => emit(&as_json()),
    }
    for note in report.notes() {
        eprintln!("{note}");
    }
    if matches.try_get_one::<bool>("stats").ok().flatten() == Some(&true) {
        if let Some(s) = report.solve_report() {
            print_stats(s.solver, s.outcome, &s.stats);
        }
    }
}
