//! Killing entrants for good. The tournament (or `arena match`) process makes itself
//! a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so a process an entrant started
//! whose parent exits is re-parented to it rather than to init; an entrant's
//! processes are found by walking /proc (every process whose chain of parents leads to
//! the entrant's shell), frozen (SIGSTOP, so that none forks a new one unseen), the
//! walk repeated until it finds nothing new, and then all killed (SIGKILL). Leaving the
//! process group or the session (`setsid`) does not help a process escape: it stays a
//! descendant. Orphans re-parented to us are killed and reaped when no game is
//! running, and everything below us on SIGINT, SIGTERM or SIGHUP and at exit.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Walks of /proc while freezing a tree before it is killed: a fork bomb cannot keep
/// the loop going for ever (what is still running after this many is killed anyway,
/// and the next sweep finds the rest).
pub const MAX_FREEZE_ROUNDS: usize = 64;

/// The entrants' shells (our children through tokio) that are alive now: sweeps for
/// orphans leave them alone, since tokio waits for them.
static ROOTS: Mutex<Vec<i32>> = Mutex::new(Vec::new());
/// Games being played now: orphans are swept when none is.
static GAMES: AtomicUsize = AtomicUsize::new(0);
/// Set by a signal: no entrant is started any more.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Make this process a child subreaper and kill every process below it on SIGINT,
/// SIGTERM or SIGHUP before exiting (130).
pub fn install() {
    // SAFETY: prctl(2) with an integer argument; no memory is shared.
    #[allow(unsafe_code)]
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
    let _ = ctrlc::set_handler(|| {
        STOPPING.store(true, Ordering::SeqCst);
        // Hold the roots' lock: no entrant starts while we kill.
        let _roots = ROOTS.lock();
        kill_all_below_us();
        std::process::exit(130);
    });
}

/// Whether a signal asked us to stop (then no entrant may start).
pub fn stopping() -> bool {
    STOPPING.load(Ordering::SeqCst)
}

/// Run `spawn` with the roots' lock held and note the process it starts as an
/// entrant's root: a sweep never sees it unregistered.
pub fn register<T>(
    spawn: impl FnOnce() -> std::io::Result<(T, Option<i32>)>,
) -> std::io::Result<T> {
    let mut roots = ROOTS.lock().unwrap_or_else(|e| e.into_inner());
    if stopping() {
        return Err(std::io::Error::other("the tournament is stopping"));
    }
    let (value, pid) = spawn()?;
    roots.extend(pid);
    Ok(value)
}

/// Forget root `pid` (it has been waited for, or is being dropped).
pub fn unregister(pid: i32) {
    ROOTS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&p| p != pid);
}

/// A game being played: while any is, orphans are not swept (they may belong to it);
/// when the last one ends, they are.
pub struct Game;

impl Game {
    /// Count a game as running.
    pub fn start() -> Game {
        GAMES.fetch_add(1, Ordering::SeqCst);
        Game
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        if GAMES.fetch_sub(1, Ordering::SeqCst) == 1 {
            sweep_orphans();
        }
    }
}

/// One process's parent, read from /proc/PID/stat (None: gone or unreadable).
fn parent_of(pid: i32) -> Option<(i32, char)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // "PID (COMM) STATE PPID ...": the command may hold spaces and parentheses.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let ppid = fields.next()?.parse().ok()?;
    Some((ppid, state))
}

/// Every process's parent and state now.
fn processes() -> HashMap<i32, (i32, char)> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return HashMap::new();
    };
    dir.filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter_map(|pid| Some((pid, parent_of(pid)?)))
        .collect()
}

/// The processes below `roots` (not the roots themselves).
fn descendants(roots: &[i32], table: &HashMap<i32, (i32, char)>) -> Vec<i32> {
    let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
    for (&pid, &(ppid, _)) in table {
        children.entry(ppid).or_default().push(pid);
    }
    let mut out = Vec::new();
    let mut stack: Vec<i32> = roots.to_vec();
    let mut seen: HashSet<i32> = roots.iter().copied().collect();
    while let Some(pid) = stack.pop() {
        for &child in children.get(&pid).map_or(&[][..], Vec::as_slice) {
            if seen.insert(child) {
                out.push(child);
                stack.push(child);
            }
        }
    }
    out
}

fn signal(pid: i32, sig: i32) {
    if pid > 1 && pid != std::process::id() as i32 {
        // SAFETY: kill(2) on a process found below one of ours.
        #[allow(unsafe_code)]
        unsafe {
            libc::kill(pid, sig);
        }
    }
}

/// Freeze `roots` and everything below them, walking /proc again until nothing new
/// turns up (at most [`MAX_FREEZE_ROUNDS`] times), then SIGKILL them all.
pub fn kill_tree(roots: &[i32]) {
    let me = std::process::id() as i32;
    let mut frozen: HashSet<i32> = HashSet::new();
    for &root in roots {
        if root != me {
            signal(root, libc::SIGSTOP);
            frozen.insert(root);
        }
    }
    for _ in 0..MAX_FREEZE_ROUNDS {
        let table = processes();
        let new: Vec<i32> = descendants(roots, &table)
            .into_iter()
            .filter(|p| !frozen.contains(p))
            .collect();
        if new.is_empty() {
            break;
        }
        for pid in new {
            signal(pid, libc::SIGSTOP);
            frozen.insert(pid);
        }
    }
    for pid in frozen {
        signal(pid, libc::SIGKILL);
    }
}

/// Kill every process below us (the entrants and all they started); for the end of
/// the process (what is left a zombie is reaped by init once we exit).
pub fn kill_all_below_us() {
    kill_tree(&[std::process::id() as i32]);
}

/// Kill the processes re-parented to us (orphans of entrants whose parent exited;
/// not the entrants' shells tokio waits for) with all below them, and reap them.
pub fn sweep_orphans() {
    let me = std::process::id() as i32;
    // Held throughout: no entrant starts (and looks like an orphan) meanwhile.
    let roots = ROOTS.lock().unwrap_or_else(|e| e.into_inner());
    let orphans: Vec<i32> = processes()
        .into_iter()
        .filter(|&(pid, (ppid, _))| ppid == me && !roots.contains(&pid))
        .map(|(pid, _)| pid)
        .collect();
    if !orphans.is_empty() {
        kill_tree(&orphans);
    }
    reap_orphans(&roots);
}

/// Wait for our children that are not entrants' shells and have exited (or been
/// killed), for up to a second.
fn reap_orphans(roots: &[i32]) {
    let me = std::process::id() as i32;
    for _ in 0..20 {
        let left: Vec<(i32, char)> = processes()
            .into_iter()
            .filter(|&(pid, (ppid, _))| ppid == me && !roots.contains(&pid))
            .map(|(pid, (_, state))| (pid, state))
            .collect();
        let mut running = false;
        for (pid, state) in left {
            // SAFETY: waitpid(2) on one child of ours that is not one tokio waits for.
            #[allow(unsafe_code)]
            let reaped = unsafe { libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG) };
            running |= reaped == 0 && state != 'Z';
        }
        if !running {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
