//! Batches of jobs, on one machine or past it: the shape Arena's tournaments and
//! grading share. A batch is a list of jobs, each a self-contained line (a plan line);
//! on one machine [`run_all`] runs them `parallel` at a time; past it `--plan FILE`
//! writes the lines ([`write_plan`]), each machine runs one line and writes its result
//! file into a folder ([`write_result`]), and `--merge DIR` reads the folder back
//! ([`read_each`], within [`MAX_FILES`] files and [`MAX_BYTES`] bytes).

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Most files `--merge` reads from its folder.
pub const MAX_FILES: usize = 100_000;
/// Most bytes `--merge` reads over all its files (each at most 64 MiB,
/// [`super::MAX_INPUT_BYTES`]).
pub const MAX_BYTES: u64 = 1 << 30;

/// Run every job, `parallel` at a time, each by `work` (a job's failure stops no
/// other); the results in the jobs' order (None for a job that failed), and why the
/// jobs that failed did (`work`'s message, or a task's panic).
pub async fn run_all<J, R, F, Fut>(
    jobs: Vec<J>,
    parallel: u32,
    work: F,
) -> (Vec<Option<R>>, Vec<String>)
where
    J: Send + 'static,
    R: Send + 'static,
    F: Fn(J) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<R, String>> + Send,
{
    let count = jobs.len();
    let queue = Arc::new(Mutex::new(
        jobs.into_iter().enumerate().rev().collect::<Vec<_>>(),
    ));
    let done: Arc<Mutex<Vec<Option<R>>>> = Arc::new(Mutex::new((0..count).map(|_| None).collect()));
    let failed: Arc<Mutex<Vec<String>>> = Arc::default();
    let work = Arc::new(work);
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..parallel.max(1) {
        let (queue, done, failed, work) = (
            Arc::clone(&queue),
            Arc::clone(&done),
            Arc::clone(&failed),
            Arc::clone(&work),
        );
        workers.spawn(async move {
            loop {
                let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop();
                let Some((index, job)) = next else {
                    return;
                };
                match work(job).await {
                    Ok(result) => {
                        done.lock().unwrap_or_else(|e| e.into_inner())[index] = Some(result);
                    }
                    Err(why) => failed.lock().unwrap_or_else(|e| e.into_inner()).push(why),
                }
            }
        });
    }
    while let Some(worker) = workers.join_next().await {
        if let Err(e) = worker {
            failed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(format!("a job's task failed: {e}"));
        }
    }
    let done = std::mem::take(&mut *done.lock().unwrap_or_else(|e| e.into_inner()));
    let failed = std::mem::take(&mut *failed.lock().unwrap_or_else(|e| e.into_inner()));
    (done, failed)
}

/// The text of a plan: one line per job.
pub fn plan_text(lines: impl IntoIterator<Item = String>) -> String {
    lines.into_iter().map(|l| l + "\n").collect()
}

/// Write `text` to `path` (`-`: standard output), replacing the file.
pub fn write_plan(path: &Path, text: &str) -> std::io::Result<()> {
    if path == Path::new("-") {
        super::emit(text);
        return Ok(());
    }
    super::arena::write_replacing(path, text)
}

/// Write one job's result file `name` into folder `out` (created if need be; `-`:
/// standard output); on failure the file's path and what the system said.
pub fn write_result(out: &Path, name: &str, text: &str) -> Result<(), (PathBuf, std::io::Error)> {
    if out == Path::new("-") {
        super::emit(text);
        return Ok(());
    }
    let path = out.join(name);
    std::fs::create_dir_all(out)
        .and_then(|()| super::arena::write_replacing(&path, text))
        .map_err(|error| (path, error))
}

/// Why a folder of result files cannot be read whole.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The folder cannot be listed.
    #[error("--merge {}: {error}", .dir.display())]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// More than [`MAX_FILES`] files.
    #[error("--merge {}: more than {MAX_FILES} files", .0.display())]
    TooManyFiles(PathBuf),
    /// A file cannot be read (the message names it).
    #[error("{0}")]
    Read(String),
    /// More than [`MAX_BYTES`] in all.
    #[error("--merge {}: more than {} MiB of result files", .0.display(), MAX_BYTES >> 20)]
    TooManyBytes(PathBuf),
}

/// Call `each` with every regular file of `dir` and its text, in the order of their
/// names, reading one at a time: at most [`MAX_FILES`] files, each at most
/// [`super::MAX_INPUT_BYTES`] and [`MAX_BYTES`] in all.
pub fn read_each<E: From<ReadError>>(
    dir: &Path,
    mut each: impl FnMut(&Path, &str) -> Result<(), E>,
) -> Result<(), E> {
    let folder = |error| ReadError::Folder {
        dir: dir.to_path_buf(),
        error,
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(folder)? {
        let path = entry.map_err(folder)?.path();
        if path.is_file() {
            if files.len() == MAX_FILES {
                return Err(ReadError::TooManyFiles(dir.to_path_buf()).into());
            }
            files.push(path);
        }
    }
    files.sort();
    let mut bytes = 0u64;
    for path in &files {
        let text = super::read_input(&path.to_string_lossy())
            .map_err(|e| ReadError::Read(e.to_string()))?;
        bytes += text.len() as u64;
        if bytes > MAX_BYTES {
            return Err(ReadError::TooManyBytes(dir.to_path_buf()).into());
        }
        each(path, &text)?;
    }
    Ok(())
}
