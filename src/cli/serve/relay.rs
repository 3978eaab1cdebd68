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
    fn full(&self, role: Role) -> String {
        match role {
            Role::Player => format!(
                "the relay is full: {} seat pages at most; try again later",
                self.seats.cap()
            ),
            Role::Spectator => format!(
                "the relay is full: {} live pages at most; try again later",
                self.live.cap()
            ),
        }
    }
}

/// An error message for the page.
fn error(text: &str) -> Message {
    Message::Text(serde_json::json!({ "error": text }).to_string().into())
}

/// A page's line before it goes to the server: one line of at most [`MAX_LINE`] bytes.
pub fn check_line(text: &str) -> Result<(), String> {
    if text.len() > MAX_LINE {
        return Err(format!(
            "a line of {} bytes: the Arena server takes at most {MAX_LINE}; not sent",
            text.len()
        ));
    }
    if text.contains('\n') {
        return Err("a message holds one line (no line break); not sent".into());
    }
    Ok(())
}

/// A seat's first message: a hello whose name is not empty and that the server keeps
/// as it is (it cuts long names and drops control characters).
pub fn check_hello(text: &str) -> Result<(), String> {
    check_line(text)?;
    let given = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("hello")?.as_str().map(str::to_owned));
    match (parse_client_line(text), given) {
        (Ok(ClientMessage::Hello(kept, _)), Some(given)) => {
            if kept.trim().is_empty() {
                Err("bad name: it is empty; say hello with your team's name".into())
            } else if kept != given {
                Err(format!(
                    "bad name: too long or with control characters (the server would keep \"{kept}\")"
                ))
            } else {
                Ok(())
            }
        }
        (Ok(_), _) | (Err(_), Some(_)) => Err(format!(
            "the first message must be {{\"hello\": \"<name>\"}}, not {}",
            text.chars().take(80).collect::<String>()
        )),
        (Err(e), None) => Err(format!("the first message must be a hello: {e}")),
    }
}

/// Wait for the page's hello (at most [`HELLO_WAIT`], and until `slot` is taken back);
/// `Err` is the page's error.
async fn hello(socket: &mut WebSocket, slot: &mut Slot, cap: usize) -> Result<String, String> {
    let first = tokio::time::timeout(HELLO_WAIT, async {
        let evicted =
            format!("closed: more than {cap} seat pages had not said hello; say hello at once");
        let mut evicted = Some(evicted);
        tokio::select! {
            first = first_message(socket) => first,
            () = slot.evicted() => Err(evicted.take().unwrap_or_default()),
        }
    })
    .await
    .map_err(|_| {
        format!(
            "no hello within {} s: closing the connection",
            HELLO_WAIT.as_secs()
        )
    })??;
    check_hello(&first)?;
    slot.settle();
    Ok(first)
}

/// The page's first text message; `Err` is the page's error (empty: it closed).
async fn first_message(socket: &mut WebSocket) -> Result<String, String> {
    {
        loop {
            match socket.recv().await {
                Some(Ok(Message::Text(t))) => return Ok(t.to_string()),
                Some(Ok(Message::Binary(_))) => {
                    return Err("a binary message: send the hello as text".to_string())
                }
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return Err(String::new()),
            }
        }
    }
}

/// Read one line of the server (without its line break) into `buf`, at most
/// [`MAX_SERVER_LINE`] bytes. Cancel-safe: a partial line stays in `buf`.
/// `Ok(false)`: the server closed the connection.
async fn read_line(
    reader: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
    buf: &mut Vec<u8>,
) -> Result<bool, String> {
    loop {
        let room = (MAX_SERVER_LINE + 1).saturating_sub(buf.len()).max(1) as u64;
        let n = (&mut *reader)
            .take(room)
            .read_until(b'\n', buf)
            .await
            .map_err(|e| e.to_string())?;
        if buf.last() == Some(&b'\n') {
            buf.pop();
            return Ok(true);
        }
        if buf.len() > MAX_SERVER_LINE {
            return Err(format!("a line over {MAX_SERVER_LINE} bytes"));
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
        let _ = socket
            .send(error(
                "no Arena server: start gridlab serve with --arena HOST:PORT",
            ))
            .await;
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
            Err(e) => {
                if !e.is_empty() {
                    let _ = socket.send(error(&e)).await;
                }
                return;
            }
        },
    };
    let stream = match tokio::time::timeout(CONNECT_WAIT, TcpStream::connect(&addr)).await {
        Ok(Ok(s)) => s,
        Ok(Err(e)) => {
            let _ = socket
                .send(error(&format!(
                    "cannot reach the Arena server at {addr}: {e}"
                )))
                .await;
            return;
        }
        Err(_) => {
            let _ = socket
                .send(error(&format!(
                    "the Arena server at {addr} did not answer within {} s",
                    CONNECT_WAIT.as_secs()
                )))
                .await;
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
        let _ = socket
            .send(error(&format!("the Arena server at {addr} closed at once")))
            .await;
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
                    Ok(false) => format!("the Arena server at {addr} closed the connection"),
                    Err(e) => format!("the Arena server at {addr}: {e}; closing"),
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
                                let why = format!("the Arena server at {addr} closed the connection");
                                let _ = socket.send(error(&why)).await;
                                return;
                            }
                            None
                        }
                        Err(e) => Some(e),
                    },
                    Some(Ok(Message::Binary(_))) => {
                        Some("a binary message: send text lines; not sent".to_string())
                    }
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
            .contains("empty"));
        assert!(check_hello(r#"{"hello": "   "}"#)
            .unwrap_err()
            .contains("empty"));
        let long = format!(r#"{{"hello": "{}"}}"#, "x".repeat(41));
        assert!(check_hello(&long).unwrap_err().contains("bad name"));
        assert!(check_hello(r#"{"hello": "a\tb"}"#)
            .unwrap_err()
            .contains("bad name"));
        assert!(check_hello(r#"{"tick": 3}"#)
            .unwrap_err()
            .contains("first message"));
        assert!(check_hello("hi").unwrap_err().contains("first message"));
        assert!(check_hello(r#"{"spectate": true}"#).is_err());
    }

    #[test]
    fn lines_are_bounded() {
        assert!(check_line(r#"{"tick": 3, "cmd": "L"}"#).is_ok());
        assert!(check_line(&"x".repeat(MAX_LINE + 1))
            .unwrap_err()
            .contains("4096"));
        assert!(check_line("{\"tick\": 1}\n{\"tick\": 2}").is_err());
    }
}
