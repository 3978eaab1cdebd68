//! A program run once on one input file (a student's solver on a level): `sh -c CMD`
//! with `{in}` and `{out}` replaced by the shell-quoted paths of the input and of an
//! output file in a fresh temporary folder of the run (without either placeholder the
//! two paths are appended), standard input empty, in a process group of its own under
//! the CPU and memory limits of [`super::process`] and a wall-clock time limit. Its
//! standard output is kept up to [`MAX_OUTPUT_BYTES`] (past it the run is cut and the
//! record says so), the last [`STDERR_LINES`] lines of its standard error are kept, and
//! when it ends (or is cut) everything it started is killed ([`super::reaper`]). The
//! output is the `{out}` file if the program wrote one, else its standard output. The
//! temporary folder is removed after.

use super::process::{clamped, set_limits, Limits};
use super::reaper;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::io::Read;
use std::os::unix::fs::DirBuilderExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Most bytes of output kept (standard output, or the `{out}` file): 16 MiB. A program
/// printing more is cut (killed) and its run says so.
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;
/// Lines of standard error kept (the last ones).
pub const STDERR_LINES: usize = 20;
/// Characters of a kept standard error line (longer ones are cut).
pub const MAX_STDERR_CHARS: usize = 200;
/// Longest wall-clock time limit of a run, in seconds (an hour).
pub const MAX_TIME_LIMIT_SECS: f64 = 3_600.0;

/// How often a running program is looked at (its exit, the clock, its output size).
const POLL: Duration = Duration::from_millis(10);
/// How long the pipes' readers are waited for once the program is killed (a process
/// that escaped may still hold a pipe open).
const DRAIN_WAIT: Duration = Duration::from_secs(2);

/// One run to make.
pub struct OneShot<'a> {
    /// The shell command, with `{in}` and `{out}` placeholders or without.
    pub command: &'a str,
    /// The input file's name in the temporary folder (e.g. `field1.txt`).
    pub input_name: &'a str,
    /// The input file's text.
    pub input: &'a str,
    /// The working folder (None: ours).
    pub cwd: Option<&'a Path>,
    /// CPU seconds and memory.
    pub limits: Limits,
    /// Wall-clock time before the program is killed.
    pub time_limit: Duration,
}

/// Where the output came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OutputFrom {
    /// The `{out}` file.
    File,
    /// Standard output (no `{out}` file was written).
    Stdout,
}

/// What happened in a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunRecord {
    /// The exit code (None: killed by a signal, or by us).
    pub exit_code: Option<i32>,
    /// The signal that ended it, if one did.
    pub signal: Option<i32>,
    /// Wall-clock time, in milliseconds.
    pub wall_ms: f64,
    /// CPU time (user and system) of the program and the processes it waited for, in
    /// milliseconds.
    pub cpu_ms: f64,
    /// The largest resident set of those processes, in KiB.
    pub peak_memory_kib: u64,
    /// Killed at the wall-clock time limit.
    pub timed_out: bool,
    /// Killed for printing more than [`MAX_OUTPUT_BYTES`] (or its `{out}` file was
    /// longer: only the first [`MAX_OUTPUT_BYTES`] are read).
    pub output_cut: bool,
    /// Where the output came from.
    pub output_from: OutputFrom,
    /// The last lines of standard error.
    pub stderr_tail: Vec<String>,
}

/// A finished run: its record and its output.
pub struct Ran {
    /// What happened.
    pub record: RunRecord,
    /// The `{out}` file's text if it was written, else standard output (invalid UTF-8
    /// replaced).
    pub output: String,
}

/// `command` with `{in}` and `{out}` replaced by the quoted paths (both appended
/// when it holds neither placeholder).
pub fn expand(command: &str, input: &Path, output: &Path) -> String {
    let quote = |p: &Path| {
        let text = p.to_string_lossy();
        shlex::try_quote(&text).map_or_else(|_| text.replace('\0', ""), |q| q.into_owned())
    };
    let (i, o) = (quote(input), quote(output));
    if command.contains("{in}") || command.contains("{out}") {
        command.replace("{in}", &i).replace("{out}", &o)
    } else {
        format!("{command} {i} {o}")
    }
}

/// A fresh folder of our own (mode 700) in the system's temporary folder, removed when
/// dropped.
struct TempFolder(PathBuf);

impl TempFolder {
    fn new() -> std::io::Result<TempFolder> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let mut bytes = [0u8; 6];
        getrandom::fill(&mut bytes).map_err(std::io::Error::other)?;
        let suffix: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let path = std::env::temp_dir().join(format!(
            "gridlab-run-{}-{}-{suffix}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::DirBuilder::new().mode(0o700).create(&path)?;
        Ok(TempFolder(path))
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Run `job` (see the module's doc); an error when the folder, the input file or the
/// process cannot be made.
pub fn run_once(job: &OneShot) -> std::io::Result<Ran> {
    let folder = TempFolder::new()?;
    let name = Path::new(job.input_name)
        .file_name()
        .map_or_else(|| "input.txt".into(), |n| n.to_string_lossy().into_owned());
    let input = folder.0.join(name);
    let output = folder.0.join("output.txt");
    std::fs::write(&input, job.input)?;
    let limits = clamped(job.limits);
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c")
        .arg(expand(job.command, &input, &output))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .process_group(0);
    if let Some(cwd) = job.cwd {
        cmd.current_dir(cwd);
    }
    // SAFETY: the closure only calls setrlimit(2) (see `set_limits`).
    #[allow(unsafe_code)]
    unsafe {
        cmd.pre_exec(set_limits(limits));
    }
    let _game = reaper::Game::start();
    let started = Instant::now();
    let mut child = reaper::register(|| {
        let child = cmd.spawn()?;
        let pid = i32::try_from(child.id()).ok();
        Ok((child, pid))
    })?;
    let pid = i32::try_from(child.id()).map_err(std::io::Error::other)?;
    let cut = Arc::new(AtomicBool::new(false));
    // What standard output gave so far: a process that escaped may hold the pipe
    // open after the run, and what came before is kept all the same.
    let stdout: Arc<Mutex<Vec<u8>>> = Arc::default();
    let (stdout_done, stdout_wait) = mpsc::channel();
    if let Some(pipe) = child.stdout.take() {
        let (cut, kept) = (Arc::clone(&cut), Arc::clone(&stdout));
        std::thread::spawn(move || {
            read_bounded(pipe, &kept, &cut);
            let _ = stdout_done.send(());
        });
    }
    let stderr: Arc<Mutex<VecDeque<String>>> = Arc::default();
    let (stderr_done, stderr_wait) = mpsc::channel();
    if let Some(pipe) = child.stderr.take() {
        let kept = Arc::clone(&stderr);
        std::thread::spawn(move || {
            tail(pipe, &kept);
            let _ = stderr_done.send(());
        });
    }
    let timed_out = loop {
        if exited(pid) {
            break false;
        }
        if started.elapsed() >= job.time_limit {
            break true;
        }
        if cut.load(Ordering::Relaxed) {
            break false;
        }
        std::thread::sleep(POLL);
    };
    // The tree while the shell still holds it, then its group (the shell, exited or
    // not, keeps the group's id until it is waited for).
    reaper::kill_tree(&[pid]);
    // SAFETY: kill(2) on the group of our child, not yet waited for.
    #[allow(unsafe_code)]
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
    let (status, usage) = wait(pid);
    reaper::unregister(pid);
    let wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    let _ = stdout_wait.recv_timeout(DRAIN_WAIT);
    let stdout = std::mem::take(&mut *stdout.lock().unwrap_or_else(|e| e.into_inner()));
    let _ = stderr_wait.recv_timeout(DRAIN_WAIT);
    let stderr_tail: Vec<String> =
        std::mem::take(&mut *stderr.lock().unwrap_or_else(|e| e.into_inner())).into();
    let mut output_cut = cut.load(Ordering::Relaxed);
    let (text, output_from) = match read_output_file(&output) {
        Some((text, longer)) => {
            output_cut |= longer;
            (text, OutputFrom::File)
        }
        None => (
            String::from_utf8_lossy(&stdout).into_owned(),
            OutputFrom::Stdout,
        ),
    };
    let (exit_code, signal) = decode(status);
    let seconds = |t: libc::timeval| t.tv_sec as f64 * 1000.0 + t.tv_usec as f64 / 1000.0;
    Ok(Ran {
        record: RunRecord {
            exit_code: if timed_out || output_cut {
                None
            } else {
                exit_code
            },
            signal: if timed_out || output_cut {
                None
            } else {
                signal
            },
            wall_ms,
            cpu_ms: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            peak_memory_kib: u64::try_from(usage.ru_maxrss).unwrap_or(0),
            timed_out,
            output_cut,
            output_from,
            stderr_tail,
        },
        output: text,
    })
}

/// Whether child `pid` has exited (it is left to be waited for).
fn exited(pid: i32) -> bool {
    // SAFETY: waitid(2) with WNOWAIT on our own child writes the struct we own and
    // leaves the child to be waited for.
    #[allow(unsafe_code)]
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let ok = libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        ) == 0;
        ok && info.si_pid() != 0
    }
}

/// Wait for child `pid`: its status and its resource usage (with that of the
/// processes it waited for).
fn wait(pid: i32) -> (i32, libc::rusage) {
    // SAFETY: wait4(2) on our own child (killed just before) writes the status and the
    // struct we own.
    #[allow(unsafe_code)]
    unsafe {
        let mut status = 0;
        let mut usage: libc::rusage = std::mem::zeroed();
        while libc::wait4(pid, &mut status, 0, &mut usage) < 0 {
            if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                break;
            }
        }
        (status, usage)
    }
}

/// The exit code or the signal of a wait status.
fn decode(status: i32) -> (Option<i32>, Option<i32>) {
    if libc::WIFEXITED(status) {
        (Some(libc::WEXITSTATUS(status)), None)
    } else if libc::WIFSIGNALED(status) {
        (None, Some(libc::WTERMSIG(status)))
    } else {
        (None, None)
    }
}

/// Read `pipe` to its end into `kept`, up to [`MAX_OUTPUT_BYTES`]; `cut` set when
/// there is more (the rest is drained, not kept).
fn read_bounded(mut pipe: impl Read, kept: &Mutex<Vec<u8>>, cut: &AtomicBool) {
    let mut buf = [0u8; 64 * 1024];
    loop {
        match pipe.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
                let room = MAX_OUTPUT_BYTES - kept.len();
                if n > room {
                    kept.extend_from_slice(&buf[..room]);
                    cut.store(true, Ordering::Relaxed);
                } else {
                    kept.extend_from_slice(&buf[..n]);
                }
            }
        }
    }
}

/// Keep the last [`STDERR_LINES`] lines of `pipe` in `lines`, each at most
/// [`MAX_STDERR_CHARS`] characters, blank lines left out.
fn tail(pipe: impl Read, lines: &Mutex<VecDeque<String>>) {
    use std::io::BufRead;
    let mut reader = std::io::BufReader::new(pipe);
    let mut line = Vec::new();
    loop {
        line.clear();
        match (&mut reader).take(64 * 1024).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end();
        if text.is_empty() {
            continue;
        }
        let mut cut: String = text.chars().take(MAX_STDERR_CHARS).collect();
        if cut.len() < text.len() {
            cut.push('…');
        }
        let mut lines = lines.lock().unwrap_or_else(|e| e.into_inner());
        if lines.len() == STDERR_LINES {
            lines.pop_front();
        }
        lines.push_back(cut);
    }
}

/// The `{out}` file's text (at most [`MAX_OUTPUT_BYTES`]) and whether it was longer;
/// None when there is no such regular file (a link is not followed).
fn read_output_file(path: &Path) -> Option<(String, bool)> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut bytes = Vec::new();
    file.take(MAX_OUTPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .ok()?;
    let longer = bytes.len() > MAX_OUTPUT_BYTES;
    bytes.truncate(MAX_OUTPUT_BYTES);
    Some((String::from_utf8_lossy(&bytes).into_owned(), longer))
}

/// A signal's name (`SIGSEGV`), or its number.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGINT => "SIGINT",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}
