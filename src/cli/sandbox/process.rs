//! A program run for someone (an Arena entrant, a student's solver): started by
//! `sh -c` in a process group of its own, under CPU and memory limits (setrlimit,
//! inherited by whatever it starts; never above this process's own hard limits), its
//! output logged (counted, not repeated), and killed with everything it started when
//! its job ends (see [`super::reaper`]).

use super::complaints::Complaints;
use super::reaper;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::task::JoinHandle;

/// Longest line of an entrant's output that is logged whole (longer lines are cut).
const MAX_OUTPUT_LINE: usize = 200;

/// A running entrant and the tasks that log its output. Dropped (a game cut short),
/// it kills its processes too.
pub struct Process {
    child: Child,
    pid: Option<i32>,
    loggers: Vec<JoinHandle<()>>,
}

/// Limits of one entrant process.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// CPU seconds (RLIMIT_CPU: SIGXCPU at the limit, SIGKILL a second later).
    pub cpu_secs: u64,
    /// Address space in bytes (RLIMIT_AS: allocations beyond it fail).
    pub memory_bytes: u64,
}

/// This process's hard limit of `resource` (None: unlimited or unknown).
fn hard_limit(resource: libc::__rlimit_resource_t) -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit(2) writes the struct we own.
    #[allow(unsafe_code)]
    let ok = unsafe { libc::getrlimit(resource, &mut limit) } == 0;
    (ok && limit.rlim_max != libc::RLIM_INFINITY).then_some(limit.rlim_max)
}

/// `limits` lowered to what this process may give (a child cannot get more than its
/// parent's hard limit); said once on standard error when they are.
pub fn clamped(limits: Limits) -> Limits {
    static SAID: AtomicBool = AtomicBool::new(false);
    let mut out = limits;
    if let Some(hard) = hard_limit(libc::RLIMIT_AS) {
        out.memory_bytes = out.memory_bytes.min(hard);
    }
    if let Some(hard) = hard_limit(libc::RLIMIT_CPU) {
        // The hard CPU limit is one second above the soft one.
        out.cpu_secs = out.cpu_secs.min(hard.saturating_sub(1).max(1));
    }
    if (out.memory_bytes, out.cpu_secs) != (limits.memory_bytes, limits.cpu_secs)
        && !SAID.swap(true, Ordering::Relaxed)
    {
        eprintln!(
            "note: this process's own hard limits (ulimit -H) are lower than --memory-limit \
             {} MB or --cpu-limit {} s: entrants get {} MB and {} s",
            limits.memory_bytes >> 20,
            limits.cpu_secs,
            out.memory_bytes >> 20,
            out.cpu_secs
        );
    }
    out
}

/// The closure that sets `limits` (as given: lower them with [`clamped`] first) in a
/// child between fork and exec, for `pre_exec`: it only calls setrlimit(2), which is
/// async-signal-safe, and allocates nothing.
pub fn set_limits(limits: Limits) -> impl FnMut() -> std::io::Result<()> + Send + Sync + 'static {
    move || {
        let set = |resource, soft: u64, hard: u64| {
            let limit = libc::rlimit {
                rlim_cur: soft as libc::rlim_t,
                rlim_max: hard as libc::rlim_t,
            };
            // SAFETY: setrlimit(2) reads the struct we own.
            #[allow(unsafe_code)]
            if unsafe { libc::setrlimit(resource, &limit) } != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        };
        // SIGXCPU at the limit (a program may catch it), SIGKILL a second later.
        set(libc::RLIMIT_CPU, limits.cpu_secs, limits.cpu_secs + 1)?;
        set(libc::RLIMIT_AS, limits.memory_bytes, limits.memory_bytes)
    }
}

/// Start `command` by `sh -c` with `env`, in a new process group, under `limits`
/// (lowered by [`clamped`]); its standard output and error are logged on ours as
/// `[who] line`.
pub fn start(
    command: &str,
    env: &[(&str, String)],
    limits: Limits,
    who: &str,
) -> std::io::Result<Process> {
    spawn(command, env, limits, who, false).map(|(process, _)| process)
}

/// Start `command` as [`start`] does, but with its standard input and output piped to
/// us (for a program that talks in lines, [`super::lines`]); only its standard error
/// is logged.
pub fn start_piped(
    command: &str,
    env: &[(&str, String)],
    limits: Limits,
    who: &str,
) -> std::io::Result<(Process, ChildStdin, ChildStdout)> {
    let (process, pipes) = spawn(command, env, limits, who, true)?;
    let (stdin, stdout) = pipes.ok_or_else(|| std::io::Error::other("no pipes to the program"))?;
    Ok((process, stdin, stdout))
}

/// The process and, if `piped`, its standard input and output.
type Spawned = (Process, Option<(ChildStdin, ChildStdout)>);

fn spawn(
    command: &str,
    env: &[(&str, String)],
    limits: Limits,
    who: &str,
    piped: bool,
) -> std::io::Result<Spawned> {
    let limits = clamped(limits);
    let mut cmd = Command::new("sh");
    let stdin = if piped {
        std::process::Stdio::piped()
    } else {
        std::process::Stdio::null()
    };
    cmd.arg("-c")
        .arg(command)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .stdin(stdin)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .process_group(0)
        .kill_on_drop(true);
    // SAFETY: the closure runs in the child between fork and exec and only calls
    // setrlimit(2), which is async-signal-safe; it allocates nothing.
    #[allow(unsafe_code)]
    unsafe {
        cmd.pre_exec(set_limits(limits));
    }
    let mut child = reaper::register(|| {
        let child = cmd.spawn()?;
        let pid = child.id().and_then(|pid| i32::try_from(pid).ok());
        Ok((child, pid))
    })?;
    let pid = child.id().and_then(|pid| i32::try_from(pid).ok());
    let mut loggers = Vec::new();
    let mut pipes = None;
    if piped {
        if let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) {
            pipes = Some((input, output));
        }
    } else if let Some(out) = child.stdout.take() {
        loggers.push(tokio::spawn(log_lines(out, format!("[{who}]"))));
    }
    if let Some(err) = child.stderr.take() {
        loggers.push(tokio::spawn(log_lines(err, format!("[{who}]"))));
    }
    let process = Process {
        child,
        pid,
        loggers,
    };
    Ok((process, pipes))
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
        let status = self.child.try_wait().ok().flatten();
        if status.is_some() {
            // Waited for: its id may be reused, so it is not killed by id any more;
            // what it started now hangs below us and is swept (see `reaper`).
            if let Some(pid) = self.pid.take() {
                reaper::unregister(pid);
            }
        }
        status
    }

    /// Kill the shell and everything it started (whatever group or session they are
    /// in), wait for the shell, and let the loggers print what they still count.
    pub async fn kill(mut self) {
        self.kill_tree();
        let _ = self.child.kill().await;
        if let Some(pid) = self.pid.take() {
            reaper::unregister(pid);
        }
        for logger in std::mem::take(&mut self.loggers) {
            // A process that escaped may hold the pipe open: do not wait long.
            let abort = logger.abort_handle();
            if tokio::time::timeout(std::time::Duration::from_secs(2), logger)
                .await
                .is_err()
            {
                abort.abort();
            }
        }
    }

    fn kill_tree(&mut self) {
        if let Some(pid) = self.pid {
            // The tree first (frozen, then killed), while the shell still holds it.
            reaper::kill_tree(&[pid]);
            // Then the group: whatever is in it and was not below the shell.
            // SAFETY: kill(2) on the process group we created for our own child, which
            // we have not waited for yet (its id is not reused).
            #[allow(unsafe_code)]
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill_tree();
        if let Some(pid) = self.pid.take() {
            reaper::unregister(pid);
        }
    }
}
