//! The Arena relays of `gridlab serve`: a WebSocket per page, and for it one TCP
//! connection to the Arena server given by `--arena`, one line a message both ways.
//!
//! - `/arena/live` watches: the relay says `{"spectate": true}` and passes the server's
//!   lines to the page (the page's messages are ignored).
//! - `/arena/seat` plays a seat: the page's first message is its hello
//!   (`{"hello": NAME}`, checked here: a name the server keeps as it is), then every
//!   message of the page goes to the server as a TCP client's line would, and every
//!   line of the server to the page. Names, seats, reserved seats, lock-step and the
//!   complaints are the server's, as for any client (docs/arena-protocol.md).
//!
//! Errors reach the page as `{"error": "..."}` messages, never as a silent close: no
//! `--arena`, the server unreachable, a first message that is not a hello, a bad name,
//! a line too long. Every size is bounded: a page's line ([`MAX_LINE`] bytes, as the
//! server's), a page's WebSocket message ([`MAX_MESSAGE`]), a server's line
//! ([`MAX_SERVER_LINE`]), the wait for the hello ([`HELLO_WAIT`]) and for the TCP
//! connection ([`CONNECT_WAIT`]), and the pages at once ([`Relays`]: seats and live
//! pages have pools of their own; a seat page that has not said hello yet is closed
//! to make room for a newcomer).

use crate::cli::slots::{Pool, Slot};
use axum::extract::ws::{Message, WebSocket};
use gridlab::games::arena::{parse_client_line, ClientMessage, MAX_LINE};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// The largest WebSocket message a page may send; a larger one closes the socket
/// (messages from [`MAX_LINE`] bytes up to this size are answered with an error).
pub const MAX_MESSAGE: usize = 64 * 1024;
/// The longest line passed from the Arena server to a page (a state is a few kB).
pub const MAX_SERVER_LINE: usize = 1024 * 1024;
/// How long a seat's page has to send its hello (a page sends it at once).
pub const HELLO_WAIT: Duration = Duration::from_secs(10);
/// How long the relay tries to reach the Arena server.
pub const CONNECT_WAIT: Duration = Duration::from_secs(10);

/// What the page does on the relay.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    /// Watch (`/arena/live`).
    Spectator,
    /// Play a seat (`/arena/seat`).
    Player,
}

/// The relay's pools of pages: seats and live pages apart, so that watchers never
/// keep out a player.
#[derive(Clone)]
pub struct Relays {
    seats: Arc<Pool>,
    live: Arc<Pool>,
}

impl Relays {
    /// At most `seats` seat pages and `live` live pages at once.
    pub fn new(seats: usize, live: usize) -> Relays {
        Relays {
            seats: Pool::new(seats),
            live: Pool::new(live),
        }
    }

    /// A place for a page in `role` (a seat page's can be taken back until its hello);
    /// None when the pool is full.
    pub fn take(&self, role: Role) -> Option<Slot> {
        match role {
            Role::Player => self.seats.take_evicting(),
            Role::Spectator => self.live.try_take(),
        }
    }

    /// The error for a page the pool of `role` has no room for.
    fn full(&self, role: Role) -> RelayError {
        let (pages, cap) = match role {
            Role::Player => ("seat", self.seats.cap()),
            Role::Spectator => ("live", self.live.cap()),
        };
        RelayError::Full { pages, cap }
    }
}

/// Why the relay refuses a page's message or ends its connection; the page gets it
/// as `{"error": "..."}`.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    /// `gridlab serve` was started without `--arena`.
    #[error("no Arena server: start gridlab serve with --arena HOST:PORT")]
    NoServer,
    /// The pool of the page's role has no room.
    #[error("the relay is full: {cap} {pages} pages at most; try again later")]
    Full {
        /// `seat` or `live`.
        pages: &'static str,
        /// The pool's size.
        cap: usize,
    },
    /// A line longer than the Arena server takes.
    #[error("a line of {0} bytes: the Arena server takes at most {MAX_LINE}; not sent")]
    LongLine(usize),
    /// A message of more than one line.
    #[error("a message holds one line (no line break); not sent")]
    LineBreak,
    /// A binary message while playing.
    #[error("a binary message: send text lines; not sent")]
    Binary,
    /// A hello whose name is empty.
    #[error("bad name: it is empty; say hello with your team's name")]
    EmptyName,
    /// A hello whose name the server would change.
    #[error("bad name: too long or with control characters (the server would keep \"{0}\")")]
    ChangedName(String),
    /// A first message that is another message than a hello (its first 80
    /// characters).
    #[error("the first message must be {{\"hello\": \"<name>\"}}, not {0}")]
    NotHello(String),
    /// A first message that is no message at all (the Arena protocol's reason).
    #[error("the first message must be a hello: {0}")]
    NoMessage(String),
    /// A binary first message.
    #[error("a binary message: send the hello as text")]
    BinaryHello,
    /// The page's place was given to a newcomer before its hello.
    #[error("closed: more than {0} seat pages had not said hello; say hello at once")]
    Evicted(usize),
    /// No hello within [`HELLO_WAIT`].
    #[error("no hello within {} s: closing the connection", HELLO_WAIT.as_secs())]
    NoHello,
    /// The page closed before its hello (nothing to tell it).
    #[error("the page closed the connection")]
    PageClosed,
    /// The Arena server cannot be reached.
    #[error("cannot reach the Arena server at {addr}: {source}")]
    Unreachable {
        /// The server's address.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The Arena server did not accept the connection within [`CONNECT_WAIT`].
    #[error("the Arena server at {0} did not answer within {wait} s", wait = CONNECT_WAIT.as_secs())]
    NoAnswer(String),
    /// The Arena server closed the connection before the first line.
    #[error("the Arena server at {0} closed at once")]
    ClosedAtOnce(String),
    /// The Arena server closed the connection.
    #[error("the Arena server at {0} closed the connection")]
    ServerClosed(String),
    /// Reading the Arena server failed.
    #[error("the Arena server at {addr}: {why}; closing")]
    ServerFailed {
        /// The server's address.
        addr: String,
        /// What went wrong.
        why: ServerLineError,
    },
}

/// Why a line of the Arena server cannot be passed on.
#[derive(Debug, thiserror::Error)]
pub enum ServerLineError {
    /// Reading failed.
    #[error("{0}")]
    Read(#[from] std::io::Error),
    /// A line over [`MAX_SERVER_LINE`] bytes.
    #[error("a line over {MAX_SERVER_LINE} bytes")]
    TooLong,
}

/// An error message for the page.
fn error(e: &RelayError) -> Message {
    Message::Text(
        serde_json::json!({ "error": e.to_string() })
            .to_string()
            .into(),
    )
}

/// A page's line before it goes to the server: one line of at most [`MAX_LINE`] bytes.
pub fn check_line(text: &str) -> Result<(), RelayError> {
    if text.len() > MAX_LINE {
        return Err(RelayError::LongLine(text.len()));
    }
    if text.contains('\n') {
        return Err(RelayError::LineBreak);
    }
    Ok(())
}

/// A seat's first message: a hello whose name is not empty and that the server keeps
/// as it is (it cuts long names and drops control characters).
pub fn check_hello(text: &str) -> Result<(), RelayError> {
    check_line(text)?;
    let given = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("hello")?.as_str().map(str::to_owned));
    match (parse_client_line(text), given) {
        (Ok(ClientMessage::Hello(kept, _)), Some(given)) => {
            if kept.trim().is_empty() {
                Err(RelayError::EmptyName)
            } else if kept != given {
                Err(RelayError::ChangedName(kept))
            } else {
                Ok(())
            }
        }
        (Ok(_), _) | (Err(_), Some(_)) => Err(RelayError::NotHello(
            text.chars().take(80).collect::<String>(),
        )),
        (Err(e), None) => Err(RelayError::NoMessage(e.to_string())),
    }
}

/// Wait for the page's hello (at most [`HELLO_WAIT`], and until `slot` is taken back).
async fn hello(socket: &mut WebSocket, slot: &mut Slot, cap: usize) -> Result<String, RelayError> {
    let first = tokio::time::timeout(HELLO_WAIT, async {
        tokio::select! {
            first = first_message(socket) => first,
            () = slot.evicted() => Err(RelayError::Evicted(cap)),
        }
    })
    .await
    .map_err(|_| RelayError::NoHello)??;
    check_hello(&first)?;
    slot.settle();
    Ok(first)
}

/// The page's first text message.
async fn first_message(socket: &mut WebSocket) -> Result<String, RelayError> {
    loop {
        match socket.recv().await {
            Some(Ok(Message::Text(t))) => return Ok(t.to_string()),
            Some(Ok(Message::Binary(_))) => return Err(RelayError::BinaryHello),
            Some(Ok(_)) => continue,
            Some(Err(_)) | None => return Err(RelayError::PageClosed),
        }
    }
}

/// Read one line of the server (without its line break) into `buf`, at most
/// [`MAX_SERVER_LINE`] bytes. Cancel-safe: a partial line stays in `buf`.
/// `Ok(false)`: the server closed the connection.
async fn read_line(
    reader: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
    buf: &mut Vec<u8>,
) -> Result<bool, ServerLineError> {
    loop {
        let room = (MAX_SERVER_LINE + 1).saturating_sub(buf.len()).max(1) as u64;
        let n = (&mut *reader).take(room).read_until(b'\n', buf).await?;
        if buf.last() == Some(&b'\n') {
            buf.pop();
            return Ok(true);
        }
        if buf.len() > MAX_SERVER_LINE {
            return Err(ServerLineError::TooLong);
        }
        if n == 0 {
            return Ok(false);
        }
    }
}

/// Serve one page: connect to the Arena server at `arena` as `role` and pass lines
/// both ways until either side closes.
/// `slot` is the page's place in its pool (None: there was no room).
pub async fn relay(
    mut socket: WebSocket,
    arena: Option<String>,
    role: Role,
    slot: Option<Slot>,
    relays: Relays,
) {
    let Some(addr) = arena else {
        let _ = socket.send(error(&RelayError::NoServer)).await;
        return;
    };
    let Some(mut slot) = slot else {
        let _ = socket.send(error(&relays.full(role))).await;
        let _ = socket.send(Message::Close(None)).await;
        return;
    };
    let first = match role {
        Role::Spectator => "{\"spectate\": true}".to_string(),
        Role::Player => match hello(&mut socket, &mut slot, relays.seats.cap()).await {
            Ok(line) => line,
            Err(RelayError::PageClosed) => return,
            Err(e) => {
                let _ = socket.send(error(&e)).await;
                return;
            }
        },
    };
    let stream = match tokio::time::timeout(CONNECT_WAIT, TcpStream::connect(&addr)).await {
        Ok(Ok(s)) => s,
        Ok(Err(source)) => {
            let _ = socket
                .send(error(&RelayError::Unreachable { addr, source }))
                .await;
            return;
        }
        Err(_) => {
            let _ = socket.send(error(&RelayError::NoAnswer(addr))).await;
            return;
        }
    };
    let _ = stream.set_nodelay(true);
    let (read, mut write) = stream.into_split();
    if write
        .write_all(format!("{first}\n").as_bytes())
        .await
        .is_err()
    {
        let _ = socket.send(error(&RelayError::ClosedAtOnce(addr))).await;
        return;
    }
    let mut reader = BufReader::new(read);
    let mut buf = Vec::with_capacity(8 * 1024);
    loop {
        tokio::select! {
            line = read_line(&mut reader, &mut buf) => {
                let why = match line {
                    Ok(true) => {
                        let text = String::from_utf8_lossy(&buf).into_owned();
                        buf.clear();
                        if socket.send(Message::Text(text.into())).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    Ok(false) => RelayError::ServerClosed(addr),
                    Err(why) => RelayError::ServerFailed { addr, why },
                };
                let _ = socket.send(error(&why)).await;
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
            incoming = socket.recv() => {
                let problem = match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    _ if role == Role::Spectator => None,
                    Some(Ok(Message::Text(text))) => match check_line(&text) {
                        Ok(()) => {
                            let line = format!("{}\n", text.as_str());
                            if write.write_all(line.as_bytes()).await.is_err() {
                                let why = RelayError::ServerClosed(addr);
                                let _ = socket.send(error(&why)).await;
                                return;
                            }
                            None
                        }
                        Err(e) => Some(e),
                    },
                    Some(Ok(Message::Binary(_))) => Some(RelayError::Binary),
                    Some(Ok(_)) => None,
                };
                if let Some(e) = problem {
                    if socket.send(error(&e)).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hellos_are_checked() {
        assert!(check_hello(r#"{"hello": "ada"}"#).is_ok());
        assert!(check_hello(r#"{"hello": ""}"#)
            .unwrap_err()
            .to_string()
            .contains("empty"));
        assert!(check_hello(r#"{"hello": "   "}"#)
            .unwrap_err()
            .to_string()
            .contains("empty"));
        let long = format!(r#"{{"hello": "{}"}}"#, "x".repeat(41));
        assert!(check_hello(&long)
            .unwrap_err()
            .to_string()
            .contains("bad name"));
        assert!(check_hello(r#"{"hello": "a\tb"}"#)
            .unwrap_err()
            .to_string()
            .contains("bad name"));
        assert!(check_hello(r#"{"tick": 3}"#)
            .unwrap_err()
            .to_string()
            .contains("first message"));
        assert!(check_hello("hi")
            .unwrap_err()
            .to_string()
            .contains("first message"));
        assert!(check_hello(r#"{"spectate": true}"#).is_err());
    }

    #[test]
    fn lines_are_bounded() {
        assert!(check_line(r#"{"tick": 3, "cmd": "L"}"#).is_ok());
        assert!(check_line(&"x".repeat(MAX_LINE + 1))
            .unwrap_err()
            .to_string()
            .contains("4096"));
        assert!(check_line("{\"tick\": 1}\n{\"tick\": 2}").is_err());
    }
}
