//! Entrant processes: started by `sh -c` in a process group of their own, under CPU
//! and memory limits (setrlimit, inherited by whatever they start), their output
//! logged (counted, not repeated), and killed with their whole group after the game.

use super::complaints::Complaints;
use std::sync::Mutex;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, BufReader};
use tokio::process::{Child, Command};
use tokio::task::JoinHandle;

/// Longest line of an entrant's output that is logged whole (longer lines are cut).
const MAX_OUTPUT_LINE: usize = 200;

/// A running entrant and the tasks that log its output. Dropped (a game cut short),
/// it kills its process group too.
pub struct Process {
    child: Child,
    group: Option<i32>,
    loggers: Vec<JoinHandle<()>>,
}

/// The process groups of the entrants running now: Ctrl-C (or SIGTERM) kills them
/// before the tournament exits, since a group of its own does not get the terminal's
/// signal.
static GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// SIGKILL process group `group`.
fn kill_group(group: i32) {
    // SAFETY: kill(2) on a process group we created for our own child.
    #[allow(unsafe_code)]
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

/// On Ctrl-C or SIGTERM, kill the entrants' process groups and exit (130).
pub fn kill_groups_on_signal() {
    let _ = ctrlc::set_handler(|| {
        if let Ok(groups) = GROUPS.lock() {
            groups.iter().copied().for_each(kill_group);
        }
        std::process::exit(130);
    });
}

/// Limits of one entrant process.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// CPU seconds (RLIMIT_CPU: SIGXCPU at the limit, SIGKILL a second later).
    pub cpu_secs: u64,
    /// Address space in bytes (RLIMIT_AS: allocations beyond it fail).
    pub memory_bytes: u64,
}

/// Start `command` by `sh -c` with `env`, in a new process group, under `limits`;
/// its standard output and error are logged on ours as `[who] line`.
pub fn start(
    command: &str,
    env: &[(&str, String)],
    limits: Limits,
    who: &str,
) -> std::io::Result<Process> {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(command)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .process_group(0)
        .kill_on_drop(true);
    // SAFETY: the closure runs in the child between fork and exec and only calls
    // setrlimit(2), which is async-signal-safe; it allocates nothing.
    #[allow(unsafe_code)]
    unsafe {
        cmd.pre_exec(move || {
            let set = |resource, soft: u64, hard: u64| {
                let limit = libc::rlimit {
                    rlim_cur: soft as libc::rlim_t,
                    rlim_max: hard as libc::rlim_t,
                };
                if libc::setrlimit(resource, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            };
            // SIGXCPU at the limit (a program may catch it), SIGKILL a second later.
            set(libc::RLIMIT_CPU, limits.cpu_secs, limits.cpu_secs + 1)?;
            set(libc::RLIMIT_AS, limits.memory_bytes, limits.memory_bytes)
        });
    }
    let mut child = cmd.spawn()?;
    let group = child.id().and_then(|pid| i32::try_from(pid).ok());
    if let (Some(g), Ok(mut groups)) = (group, GROUPS.lock()) {
        groups.push(g);
    }
    let mut loggers = Vec::new();
    if let Some(out) = child.stdout.take() {
        loggers.push(tokio::spawn(log_lines(out, format!("[{who}]"))));
    }
    if let Some(err) = child.stderr.take() {
        loggers.push(tokio::spawn(log_lines(err, format!("[{who}]"))));
    }
    Ok(Process {
        child,
        group,
        loggers,
    })
}

/// Log what a process prints, a line at a time, counted when it repeats.
async fn log_lines(pipe: impl AsyncRead + Unpin, who: String) {
    let mut log = Complaints::new(who);
    let mut reader = BufReader::new(pipe);
    let mut line = Vec::new();
    loop {
        line.clear();
        // Read at most a bounded amount per line: a process printing without
        // newlines holds no more of our memory than this.
        let mut limited = (&mut reader).take(64 * 1024);
        match limited.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end();
        let cut: String = text.chars().take(MAX_OUTPUT_LINE).collect();
        if cut.len() < text.len() {
            log.say(&format!("{cut}…"));
        } else {
            log.say(&cut);
        }
    }
}

impl Process {
    /// The process's exit status if it has exited.
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Kill the whole process group (`sh -c` and whatever it started), wait for the
    /// shell, and let the loggers print what they still count.
    pub async fn kill(mut self) {
        self.kill_group();
        let _ = self.child.kill().await;
        for logger in std::mem::take(&mut self.loggers) {
            // A process that left the group may hold the pipe open: do not wait long.
            let abort = logger.abort_handle();
            if tokio::time::timeout(std::time::Duration::from_secs(2), logger)
                .await
                .is_err()
            {
                abort.abort();
            }
        }
    }

    fn kill_group(&mut self) {
        if let Some(group) = self.group.take() {
            kill_group(group);
            if let Ok(mut groups) = GROUPS.lock() {
                groups.retain(|&g| g != group);
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill_group();
    }
}
