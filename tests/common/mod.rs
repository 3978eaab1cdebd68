//! Helpers the integration tests share (each test file that needs them says `mod common;`):
//! running the `gridlab` binary, starting its servers, temporary folders, and building
//! levels.
#![allow(dead_code)] // each test file uses some of them

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, ExitStatus, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

// ---------------------------------------------------------------------------------
// Running the binary

/// The words of `line`, split at spaces: an argument list written as one line (for
/// options and values without spaces; give paths and commands as arguments of their own).
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// A `gridlab` command with `args`, to set up further (environment, pipes) before it runs.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gridlab"));
    command.args(args);
    command
}

/// `command` run through `sh -c` after `prefix` (such as `ulimit -v 2097152`), so that
/// what the prefix sets applies to it (its program and arguments; not its environment).
pub fn under_shell(prefix: &str, command: &Command) -> Command {
    let mut shell = Command::new("sh");
    shell
        .arg("-c")
        .arg(format!("{prefix} && exec \"$0\" \"$@\""))
        .arg(command.get_program())
        .args(command.get_args());
    shell
}

/// Run `gridlab` with `args` and no input; its whole output.
pub fn gridlab(args: &[&str]) -> Output {
    command(args).output().expect("gridlab runs")
}

/// Run `gridlab` with `args` and `input` on its standard input; its whole output. The
/// input is written from a thread of its own (so a large one cannot block against a
/// full output pipe); a command that stops reading early (an error) is fine.
pub fn gridlab_with_input(args: &[&str], input: &str) -> Output {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gridlab runs");
    let mut pipe = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// A finished run: its exit code, standard output and standard error.
pub type Run = (Option<i32>, String, String);

/// The exit code and the two texts of `out` (each must be UTF-8).
pub fn texts(out: Output) -> Run {
    (
        out.status.code(),
        String::from_utf8(out.stdout).expect("the standard output is UTF-8"),
        String::from_utf8(out.stderr).expect("the standard error is UTF-8"),
    )
}

/// Run `gridlab` with `args` and no input: (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> Run {
    texts(gridlab(args))
}

/// Run `gridlab` with `args` and `input` on its standard input: (exit code, stdout,
/// stderr).
pub fn run_with_input(args: &[&str], input: &str) -> Run {
    texts(gridlab_with_input(args, input))
}

/// `bytes` as text, anything not UTF-8 replaced.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A successful run's standard output, or a panic with its standard error.
pub fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}", text(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Run `gridlab` with `args` and no input; it must succeed: its standard output and its
/// standard error.
pub fn run_ok(args: &[&str]) -> (String, String) {
    let out = gridlab(args);
    (ok(&out), text(&out.stderr))
}

/// A refused run's standard error (exit 2, no panic).
pub fn refused(out: &Output) -> String {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// The processes whose command line holds `pattern` (`pgrep -a -f`), one a line;
/// `None` where `pgrep` cannot run.
pub fn processes(pattern: &str) -> Option<String> {
    let out = Command::new("pgrep")
        .args(["-a", "-f", pattern])
        .output()
        .ok()?;
    Some(text(&out.stdout))
}

/// `arena tournament` with `options` (a line of words) and an `--entrant` for each of
/// `entrants`.
pub fn tournament<'a>(options: &'a str, entrants: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["arena", "tournament"];
    args.extend(words(options));
    for entrant in entrants {
        args.extend(["--entrant", entrant]);
    }
    args
}

/// The rows of a Markdown table printed by `gridlab` (a tournament's standings), cell by
/// cell, without its header and rule.
pub fn table_rows(table: &str) -> Vec<Vec<String>> {
    table
        .lines()
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

// ---------------------------------------------------------------------------------
// Servers

/// A server started by a test (`gridlab serve`, `gridlab arena serve`): killed when
/// dropped. Its standard error is collected as it comes (a server that logs much never
/// blocks on a full pipe).
pub struct Server {
    /// The process.
    pub child: Child,
    /// The address its first line names (`127.0.0.1:PORT`).
    pub addr: String,
    stdout: BufReader<ChildStdout>,
    log: Arc<Mutex<String>>,
    log_reader: Option<JoinHandle<()>>,
}

impl Server {
    /// The port of its address.
    pub fn port(&self) -> u16 {
        self.addr.rsplit(':').next().unwrap().parse().unwrap()
    }

    /// What it has written on its standard error so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Wait until it has exited; its exit status.
    pub fn wait(&mut self) -> ExitStatus {
        self.child.wait().unwrap()
    }

    /// All it wrote on its standard error, once it has exited.
    pub fn whole_log(&mut self) -> String {
        self.wait();
        if let Some(reader) = self.log_reader.take() {
            reader.join().unwrap();
        }
        self.log()
    }

    /// The rest of its standard output (after the first line), once it has exited.
    pub fn rest_of_output(&mut self) -> String {
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).unwrap();
        rest
    }

    /// The CPU time it has used so far, in clock ticks (usually 100 a second).
    pub fn cpu_ticks(&self) -> u64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap();
        let fields: Vec<&str> = stat
            .rsplit(')')
            .next()
            .unwrap()
            .split_whitespace()
            .collect();
        fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
    }

    /// A connection that sends the line `first` (a hello, a spectate line); reads time
    /// out after 60 s.
    pub fn open(&self, first: &str) -> (TcpStream, BufReader<TcpStream>) {
        let s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut w = s.try_clone().unwrap();
        writeln!(w, "{first}").unwrap();
        (w, BufReader::new(s))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The next text message on a WebSocket, as JSON (`None` once it has closed); the test
/// fails after 30 s without one.
pub async fn ws_next<S>(
    socket: &mut tokio_tungstenite::WebSocketStream<S>,
) -> Option<serde_json::Value>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let wait = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            match socket.next().await? {
                Ok(Message::Text(t)) => return Some(serde_json::from_str(&t).unwrap()),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    });
    wait.await.expect("an answer within 30 s")
}

/// Start `gridlab args` (a server) and read the address it prints on its first line.
pub fn start(args: &[&str]) -> Server {
    spawn_serving(command(args))
}

/// Spawn `command` (a server) and read the address (`127.0.0.1:PORT`) it prints on its
/// first line.
pub fn spawn_serving(mut command: Command) -> Server {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let log = Arc::new(Mutex::new(String::new()));
    let stderr = child.stderr.take().unwrap();
    let sink = Arc::clone(&log);
    let log_reader = std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let mut log = sink.lock().unwrap();
            log.push_str(&line);
            log.push('\n');
        }
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let addr = first
        .split_whitespace()
        .find(|w| w.contains("127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    Server {
        child,
        addr,
        stdout,
        log,
        log_reader: Some(log_reader),
    }
}

/// `gridlab arena serve --port 0` with `options` (a line of words), its replays written
/// to `replays` when given.
pub fn arena_serve_command(options: &str, replays: Option<&TempDir>) -> Command {
    let mut command = command(&["arena", "serve", "--port", "0"]);
    command.args(words(options));
    if let Some(dir) = replays {
        command.arg("--replays").arg(&dir.0);
    }
    command
}

/// Start `gridlab arena serve --port 0` with `options` (a line of words), its replays
/// written to `replays` when given.
pub fn arena_serve(options: &str, replays: Option<&TempDir>) -> Server {
    spawn_serving(arena_serve_command(options, replays))
}

/// `gridlab serve --port 0` with `options` (a line of words), serving the playground
/// folder `root` (the repository's when `None`).
pub fn serve_command(root: Option<&TempDir>, options: &str) -> Command {
    let mut command = command(&["serve", "--port", "0"]);
    if let Some(dir) = root {
        command.arg("--root").arg(&dir.0);
    }
    command.args(words(options));
    command
}

/// Start `gridlab serve --port 0` with `options` (a line of words), serving the
/// playground folder `root` (the repository's when `None`).
pub fn serve(root: Option<&TempDir>, options: &str) -> Server {
    spawn_serving(serve_command(root, options))
}

// ---------------------------------------------------------------------------------
// Folders

/// A temporary folder (named after the test's `tag`, this process and a count) that
/// removes itself.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    /// A new empty folder `gridlab-TAG-PID-N` in the system's temporary folder.
    pub fn new(tag: &str) -> TempDir {
        use std::sync::atomic::{AtomicU32, Ordering};
        static MADE: AtomicU32 = AtomicU32::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!("gridlab-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    /// The folder's path, as text.
    pub fn to_str(&self) -> &str {
        self.0.to_str().unwrap()
    }

    /// The path of `name` in the folder.
    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }

    /// Write `text` to `name` in the folder; its path.
    pub fn write(&self, name: &str, text: impl AsRef<[u8]>) -> String {
        let path = self.path(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// The JSON files in the folder (replays, results), parsed, in the order of their
    /// names.
    pub fn json_files(&self) -> Vec<serde_json::Value> {
        self.files()
            .iter()
            .filter(|name| name.ends_with(".json"))
            .map(|name| serde_json::from_str(&std::fs::read_to_string(self.path(name)).unwrap()))
            .collect::<Result<_, _>>()
            .unwrap()
    }

    /// The names of the files in the folder, sorted.
    pub fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The files in `dir` whose names end in `.EXT`, sorted.
pub fn files_ending(dir: &str, ext: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files
}

/// The files a game's level index (`levels/GAME/index.json`, the playground's level
/// picker) lists, sorted; and its entries.
pub fn level_index(game: &str) -> (Vec<String>, Vec<serde_json::Value>) {
    let path = format!("levels/{game}/index.json");
    let index: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut listed: Vec<String> = index
        .iter()
        .map(|e| e["file"].as_str().expect("file").to_string())
        .collect();
    listed.sort();
    (listed, index)
}

/// A game's level files (`.txt` in `levels/GAME/` and `levels/GAME/course/`), as paths
/// relative to `levels/GAME/`, sorted.
pub fn level_files(game: &str) -> Vec<String> {
    let root = format!("levels/{game}/");
    let mut files: Vec<String> = [root.clone(), format!("{root}course")]
        .iter()
        .flat_map(|dir| files_ending(dir, "txt"))
        .map(|p| {
            p.strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    files
}

/// A playground folder for `gridlab serve --root`: a page (`www/index.html`), an empty
/// `pkg/`, and a Pengu level (`levels/pengu/a.txt`, whose middle row is `#P#`).
pub fn playground(tag: &str) -> TempDir {
    let root = TempDir::new(tag);
    for dir in ["www", "pkg", "levels/pengu"] {
        std::fs::create_dir_all(root.0.join(dir)).unwrap();
    }
    root.write("www/index.html", "<!doctype html><title>t</title>");
    root.write("levels/pengu/a.txt", "3 3\n###\n#P#\n###\n");
    root
}

// ---------------------------------------------------------------------------------
// Levels

/// A `rows` × `cols` grid of spaces inside a ring of walls (`#`).
pub fn walled(rows: usize, cols: usize) -> Vec<Vec<char>> {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
                    if border {
                        '#'
                    } else {
                        ' '
                    }
                })
                .collect()
        })
        .collect()
}

/// The text of a Pengu field or an Act-Man dungeon: its size line, then its rows.
pub fn grid_text(grid: &[Vec<char>]) -> String {
    let mut text = format!("{} {}\n", grid.len(), grid[0].len());
    for row in grid {
        text.extend(row);
        text.push('\n');
    }
    text
}

/// How [`random_pengu_field`] draws a random Pengu field: a salt for the seed, how many sizes
/// of width it picks from, and the weight of each tile inside the walls.
pub struct FieldMix {
    /// Multiplied into the seed, so two mixes give unrelated fields for one seed.
    pub salt: u64,
    /// Widths from 4 to `3 + widths` (heights are 4 to 7).
    pub widths: u64,
    /// Each tile and its weight.
    pub tiles: [(char, u64); 6],
}

/// A field of many kinds: ice, some fish, snow, walls, both hazards.
pub const MIXED: FieldMix = FieldMix {
    salt: 0x9E37_79B9_7F4A_7C15,
    widths: 6,
    tiles: [(' ', 8), ('*', 4), ('0', 2), ('#', 3), ('U', 1), ('S', 1)],
};

/// A field with many fish (a third of its inside).
pub const FISHY: FieldMix = FieldMix {
    salt: 0x2545_F491_4F6C_DD1D,
    widths: 7,
    tiles: [(' ', 7), ('*', 7), ('0', 2), ('#', 2), ('U', 1), ('S', 1)],
};

/// A seeded random Pengu field drawn by `mix`, Pengu on a random inside cell.
pub fn random_pengu_field(seed: u64, mix: &FieldMix) -> String {
    let mut k = seed.wrapping_mul(mix.salt) | 1;
    let mut next = |n: u64| {
        k = k
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (k >> 33) % n
    };
    let (rows, cols) = (4 + next(4) as usize, 4 + next(mix.widths) as usize);
    let total: u64 = mix.tiles.iter().map(|&(_, w)| w).sum();
    let mut grid = walled(rows, cols);
    for row in grid.iter_mut().take(rows - 1).skip(1) {
        for cell in row.iter_mut().take(cols - 1).skip(1) {
            let mut pick = next(total);
            for &(tile, weight) in &mix.tiles {
                if pick < weight {
                    *cell = tile;
                    break;
                }
                pick -= weight;
            }
        }
    }
    let (r, c) = (
        1 + next(rows as u64 - 2) as usize,
        1 + next(cols as u64 - 2) as usize,
    );
    grid[r][c] = 'P';
    grid_text(&grid)
}

/// The text of an `n` × `n` Rogue dungeon whose site at (row, column) is `site(r, c)`:
/// its size, then its rows, the sites separated by single spaces.
pub fn rogue_text(n: usize, site: impl Fn(usize, usize) -> char) -> String {
    let mut text = format!("{n}\n");
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| site(r, c).to_string()).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// The text of a `side` × `side` Act-Man hall with Act-Man in a corner and `monsters`
/// spread from the far one (tests/node/hostile_input.test.mjs builds the same).
pub fn actman_hall(side: usize, monsters: usize) -> String {
    let mut rows = walled(side, side);
    rows[1][1] = 'A';
    for k in 0..monsters {
        let (r, c) = (
            side - 3 - (k * 7) % (side - 5),
            side - 3 - (k * 11 + k / 3) % (side - 5),
        );
        rows[r][c] = if k % 2 == 0 { 'G' } else { 'D' };
    }
    grid_text(&rows)
}

/// The text of a `rows` × `cols` Pengu field of ice with Pengu in the top left corner,
/// `fish` fish, then `rocks` rocks to slide against, at cells drawn from `seed`.
pub fn pengu_field(rows: usize, cols: usize, fish: usize, rocks: usize, seed: u64) -> String {
    let mut grid = walled(rows, cols);
    let mut k = seed;
    let mut placed = 0;
    while placed < fish + rocks {
        k = k
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (r, c) = (
            1 + (k >> 33) as usize % (rows - 2),
            1 + (k >> 13) as usize % (cols - 2),
        );
        if grid[r][c] == ' ' && (r, c) != (1, 1) {
            grid[r][c] = if placed < fish { '*' } else { '#' };
            placed += 1;
        }
    }
    grid[1][1] = 'P';
    grid_text(&grid)
}
