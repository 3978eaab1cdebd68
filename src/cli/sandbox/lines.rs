//! A program that talks in lines (a student's Rogue player): started as
//! [`super::process::start_piped`] starts it (its own process group, CPU and memory
//! limits, standard error logged without repeats), given lines on its standard input
//! and read a line at a time from its standard output, each reply within a time limit
//! and at most a bounded length; killed with everything it started when the talk ends
//! ([`Talk::end`], or when dropped).

use super::process::{start_piped, Limits, Process};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{ChildStdin, ChildStdout};

/// How long a program that closed its output has to exit before it is reported as
/// having closed it (rather than with its exit status).
pub const EXIT_GRACE: Duration = Duration::from_secs(2);

/// Why a line could not be sent or read.
#[derive(Debug, thiserror::Error)]
pub enum TalkError {
    /// No complete line within the limit (or the input not taken within it).
    #[error("timeout")]
    Timeout,
    /// The program ended or closed its standard output or input.
    #[error("{0}")]
    Ended(String),
    /// A line longer than the bound.
    #[error("a line longer than {0} bytes")]
    TooLong(usize),
    /// A line that is not UTF-8.
    #[error("a line that is not UTF-8 text")]
    NotText,
}

/// A running program and the pipes to it.
pub struct Talk {
    process: Process,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
    max_line: usize,
}

impl Talk {
    /// Start `command` (by `sh -c`, under `limits`; its standard error logged as
    /// `[who] line`); replies longer than `max_line` bytes are refused.
    pub fn start(
        command: &str,
        limits: Limits,
        who: &str,
        max_line: usize,
    ) -> std::io::Result<Talk> {
        let (process, input, output) = start_piped(command, &[], limits, who)?;
        Ok(Talk {
            process,
            input: Some(input),
            output: BufReader::new(output),
            max_line,
        })
    }

    /// Write `text` to the program's standard input within `limit` (a program that
    /// does not read blocks the pipe once it is full).
    pub async fn send(&mut self, text: &str, limit: Duration) -> Result<(), TalkError> {
        let Some(input) = self.input.as_mut() else {
            return Err(TalkError::Ended("its input is closed".into()));
        };
        let write = async {
            input.write_all(text.as_bytes()).await?;
            input.flush().await
        };
        match tokio::time::timeout(limit, write).await {
            Err(_) => Err(TalkError::Timeout),
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(TalkError::Ended(self.how_it_ended().await)),
        }
    }

    /// The next line of the program's standard output (without its line end), within
    /// `limit`.
    pub async fn read_line(&mut self, limit: Duration) -> Result<String, TalkError> {
        let mut line = Vec::new();
        let bound = self.max_line as u64 + 1;
        let read = async {
            let mut limited = (&mut self.output).take(bound);
            limited.read_until(b'\n', &mut line).await
        };
        let read = tokio::time::timeout(limit, read).await;
        match read {
            Err(_) => return Err(TalkError::Timeout),
            Ok(Err(_)) | Ok(Ok(0)) => return Err(TalkError::Ended(self.how_it_ended().await)),
            Ok(Ok(_)) => {}
        }
        if line.last() != Some(&b'\n') {
            if line.len() as u64 >= bound {
                return Err(TalkError::TooLong(self.max_line));
            }
            // The output ended in the middle of a line.
            return Err(TalkError::Ended(self.how_it_ended().await));
        }
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        String::from_utf8(line).map_err(|_| TalkError::NotText)
    }

    /// How the program ended: its exit status if it exits within [`EXIT_GRACE`].
    async fn how_it_ended(&mut self) -> String {
        let waited = tokio::time::Instant::now();
        loop {
            if let Some(status) = self.process.exited() {
                return describe(status);
            }
            if waited.elapsed() >= EXIT_GRACE {
                return "it closed its standard output".into();
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Send `last` (best effort, within a second), close the program's input, and
    /// kill it with everything it started.
    pub async fn end(mut self, last: &str) {
        let _ = self.send(last, Duration::from_secs(1)).await;
        self.input = None;
        self.process.kill().await;
    }
}

/// An exit status as people read it: `exit status 1`, `killed by signal 9`.
fn describe(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) if code > 128 => {
            format!(
                "exit status {code}: its program was killed by signal {}",
                code - 128
            )
        }
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal}"),
        (None, None) => "ended".into(),
    }
}
