//! The replay folder of `arena serve`: a file per game, and for a server that plays for
//! ever a bound on the files it keeps (the oldest it wrote go first).

use gridlab::games::arena::CommandLog;
use std::collections::VecDeque;
use std::path::PathBuf;

/// Replays a server writes to a folder.
pub struct Replays {
    dir: PathBuf,
    keep: usize,
    written: VecDeque<PathBuf>,
}

impl Replays {
    /// Replays written to `dir`; with `keep` above 0, at most `keep` of them kept.
    pub fn new(dir: PathBuf, keep: usize) -> Replays {
        Replays {
            dir,
            keep,
            written: VecDeque::new(),
        }
    }

    /// Write `log` as `name` (a failure is said on standard error), then delete the
    /// oldest files this server wrote beyond the bound.
    pub fn write(&mut self, name: &str, log: &CommandLog) {
        let path = self.dir.join(name);
        let written = std::fs::create_dir_all(&self.dir)
            .and_then(|()| std::fs::write(&path, serde_json::to_string(log).unwrap_or_default()));
        if let Err(e) = written {
            eprintln!("[arena] cannot write {}: {e}", path.display());
            return;
        }
        if self.keep == 0 {
            return;
        }
        // The same name again (a seed repeats) is one file.
        self.written.retain(|p| *p != path);
        self.written.push_back(path);
        while self.written.len() > self.keep {
            if let Some(old) = self.written.pop_front() {
                let _ = std::fs::remove_file(old);
            }
        }
    }
}
