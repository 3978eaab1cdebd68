//! The build stamp of the playground: one value that changes whenever a file that
//! `gridlab serve` serves changes (added, removed, rewritten).
//!
//! The page (`/`, a `.html` file) goes out with it in [`HEADER`]. The service worker
//! (`www/sw.js`) reads it from the one request a navigation makes anyway, and while
//! it is the stamp its copies were kept under, serves every other file from those
//! copies without asking the server (cache first); a new stamp sends the page's files
//! to the network again. A static server without the header leaves the worker network
//! first.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;
use std::time::UNIX_EPOCH;

/// The response header that carries the stamp.
pub const HEADER: &str = "x-gridlab-build";
/// The folders the stamp covers, under the served root.
pub const FOLDERS: [&str; 3] = ["www", "pkg", "levels"];
/// At most this many entries are read (the playground has a few hundred); past it the
/// stamp covers the first ones only.
pub const MAX_ENTRIES: usize = 20_000;
/// Folders deeper than this are left out (and a symbolic link loop ends here).
const MAX_DEPTH: usize = 8;

/// The stamp of the files under `root`'s [`FOLDERS`]: 16 hexadecimal digits of a hash
/// of each file's path, size and modification time (to the nanosecond the file system
/// keeps), in name order. Unreadable entries count as absent.
pub fn stamp(root: &Path) -> String {
    let mut hasher = DefaultHasher::new();
    let mut budget = MAX_ENTRIES;
    for folder in FOLDERS {
        walk(&root.join(folder), folder, 0, &mut budget, &mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

/// Hash the entries of `dir` (named `name` from the root), folders recursively.
fn walk(dir: &Path, name: &str, depth: usize, budget: &mut usize, hasher: &mut DefaultHasher) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let Ok(meta) = std::fs::metadata(entry.path()) else {
            continue;
        };
        let child = format!("{name}/{}", entry.file_name().to_string_lossy());
        if meta.is_dir() {
            if depth < MAX_DEPTH {
                walk(&entry.path(), &child, depth + 1, budget, hasher);
            }
            continue;
        }
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        (child, meta.len(), modified).hash(hasher);
    }
}
