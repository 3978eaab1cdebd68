//! Accepting TCP connections without spinning: both servers (`gridlab serve` and
//! `gridlab arena serve`) back off when `accept` fails for want of resources (the
//! descriptor table is full: EMFILE/ENFILE; no buffers or memory), and log once per
//! burst of failures rather than once per failure.

use std::io;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};

/// The first pause after a resource error.
pub const FIRST_DELAY: Duration = Duration::from_millis(10);
/// The longest pause between two tries (the delay doubles up to this).
pub const MAX_DELAY: Duration = Duration::from_secs(1);

/// Whether an `accept` error concerns only the connection being accepted (it was
/// reset or aborted before we took it): the next `accept` may succeed at once.
pub fn is_connection_error(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
            | io::ErrorKind::WouldBlock
    )
}

/// The back-off policy of an accept loop: no pause after a connection's own error,
/// a pause that doubles from [`FIRST_DELAY`] to [`MAX_DELAY`] while resource errors
/// go on, and back to no pause after a success.
#[derive(Debug, Default)]
pub struct Backoff {
    delay: Option<Duration>,
    failures: u64,
}

/// What an accept loop does after a failed `accept`.
#[derive(Debug, PartialEq, Eq)]
pub struct Retry {
    /// How long to sleep before the next `accept`.
    pub after: Duration,
    /// Whether this failure starts a burst (log it; stay quiet for the rest).
    pub log: bool,
}

impl Backoff {
    /// A policy with no failure yet.
    pub fn new() -> Backoff {
        Backoff::default()
    }

    /// Note a failed `accept`.
    pub fn failed(&mut self, error: &io::Error) -> Retry {
        if is_connection_error(error) {
            return Retry {
                after: Duration::ZERO,
                log: false,
            };
        }
        self.failures += 1;
        let delay = match self.delay {
            None => FIRST_DELAY,
            Some(d) => (d * 2).min(MAX_DELAY),
        };
        self.delay = Some(delay);
        Retry {
            after: delay,
            log: self.failures == 1,
        }
    }

    /// Note a successful `accept`; returns the number of resource errors in the
    /// burst it ends (0: there was none).
    pub fn succeeded(&mut self) -> u64 {
        self.delay = None;
        std::mem::take(&mut self.failures)
    }
}

/// Accept the next connection, sleeping per [`Backoff`] after failures and logging
/// each burst of them (prefixed by `who`) on standard error.
pub async fn accept(
    listener: &TcpListener,
    backoff: &mut Backoff,
    who: &str,
) -> (TcpStream, std::net::SocketAddr) {
    loop {
        match listener.accept().await {
            Ok(accepted) => {
                let failures = backoff.succeeded();
                if failures > 0 {
                    eprintln!("{who} accepting connections again after {failures} failed tries");
                }
                return accepted;
            }
            Err(e) => {
                let retry = backoff.failed(&e);
                if retry.log {
                    eprintln!(
                        "{who} cannot accept connections: {e}; retrying, at most {} s apart",
                        MAX_DELAY.as_secs_f64()
                    );
                }
                if !retry.after.is_zero() {
                    tokio::time::sleep(retry.after).await;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn emfile() -> io::Error {
        io::Error::from_raw_os_error(24) // EMFILE on Linux and macOS
    }

    #[test]
    fn resource_errors_back_off_doubling_up_to_a_second_and_log_once() {
        let mut b = Backoff::new();
        let first = b.failed(&emfile());
        assert_eq!(
            first,
            Retry {
                after: FIRST_DELAY,
                log: true
            }
        );
        let mut delays = vec![first.after];
        for _ in 0..20 {
            let r = b.failed(&emfile());
            assert!(!r.log, "one log line per burst");
            delays.push(r.after);
        }
        assert!(delays.windows(2).all(|w| w[1] >= w[0]), "{delays:?}");
        assert_eq!(delays[1], FIRST_DELAY * 2);
        assert_eq!(*delays.last().unwrap(), MAX_DELAY);
        assert!(delays.iter().all(|d| *d <= MAX_DELAY));
        // A success ends the burst: the next failure logs again, from the start.
        assert_eq!(b.succeeded(), 21);
        assert_eq!(b.succeeded(), 0);
        assert_eq!(
            b.failed(&emfile()),
            Retry {
                after: FIRST_DELAY,
                log: true
            }
        );
    }

    #[test]
    fn a_connection_s_own_error_retries_at_once_without_logging() {
        let mut b = Backoff::new();
        let aborted = io::Error::from(io::ErrorKind::ConnectionAborted);
        assert_eq!(
            b.failed(&aborted),
            Retry {
                after: Duration::ZERO,
                log: false
            }
        );
        assert_eq!(b.succeeded(), 0);
        // It neither starts nor resets a burst.
        b.failed(&emfile());
        b.failed(&aborted);
        assert_eq!(b.failed(&emfile()).after, FIRST_DELAY * 2);
    }
}
