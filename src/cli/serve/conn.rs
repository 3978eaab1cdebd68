//! A connection of `gridlab serve` as hyper and the WebSocket relays see it: the TCP
//! stream with a write-stall deadline (a client that takes nothing for
//! `stall` fails the write, which drops the connection: hyper's body writes and the
//! relays' sends alike) and its place in the per-address count.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::Sleep;

/// Connections open per client address.
#[derive(Clone, Default)]
pub struct PerAddress {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One connection's place in its address's count, given back when dropped.
pub struct AddressSlot {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
    ip: IpAddr,
}

impl PerAddress {
    /// A place for a connection from `ip`, or None when it already has `cap` open.
    pub fn take(&self, ip: IpAddr, cap: usize) -> Option<AddressSlot> {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let count = counts.entry(ip).or_insert(0);
        if *count >= cap {
            return None;
        }
        *count += 1;
        Some(AddressSlot {
            counts: Arc::clone(&self.counts),
            ip,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = counts.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// A served connection: its stream, the longest stall of a write, and the places it
/// holds (given back when it closes, upgraded to a WebSocket or not).
pub struct Conn {
    stream: TcpStream,
    stall: Duration,
    timer: Option<Pin<Box<Sleep>>>,
    _address: AddressSlot,
}

impl Conn {
    /// `stream` whose writes fail after `stall` without progress.
    pub fn new(stream: TcpStream, stall: Duration, address: AddressSlot) -> Conn {
        Conn {
            stream,
            stall,
            timer: None,
            _address: address,
        }
    }

    /// A write that is pending: fail once it has been pending for `stall`.
    fn stalled<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let stall = self.stall;
        let timer = self
            .timer
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(stall)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("the client took nothing for {} s", stall.as_secs_f64()),
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    /// The outcome of a write attempt: progress resets the stall timer.
    fn progress<T>(
        &mut self,
        poll: Poll<io::Result<T>>,
        cx: &mut Context<'_>,
    ) -> Poll<io::Result<T>> {
        match poll {
            Poll::Ready(result) => {
                self.timer = None;
                Poll::Ready(result)
            }
            Poll::Pending => self.stalled(cx),
        }
    }
}

impl AsyncRead for Conn {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.progress(poll, cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.progress(poll, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_flush(cx);
        self.progress(poll, cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.stream).poll_shutdown(cx);
        self.progress(poll, cx)
    }
}

/// Raise the soft limit on open files to the hard limit; returns the soft limit in
/// force afterwards (None where it cannot be read).
#[cfg(unix)]
pub fn raise_open_files() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit with a valid pointer to a local rlimit.
    #[allow(unsafe_code)]
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return None;
        }
        // An unlimited hard limit (macOS) is not a number setrlimit takes for files.
        let target = if limit.rlim_max == libc::RLIM_INFINITY {
            limit.rlim_cur.max(65_536)
        } else {
            limit.rlim_max
        };
        if target > limit.rlim_cur {
            let raised = libc::rlimit {
                rlim_cur: target,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit.rlim_cur = target;
            }
        }
    }
    #[allow(clippy::unnecessary_cast)] // rlim_t is u64 on Linux, not everywhere
    Some(limit.rlim_cur as u64)
}

/// Elsewhere the limit is not known.
#[cfg(not(unix))]
pub fn raise_open_files() -> Option<u64> {
    None
}
