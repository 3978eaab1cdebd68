//! The server's connections: accepting (at most [`MAX_CONNECTIONS`] at once), and
//! one task per client that reads its lines (at most [`MAX_LINE`] bytes each),
//! forwards what they mean to the game loop, and writes what the game sends.

use super::complaints::Complaints;
use gridlab::games::arena::{parse_client_line, ClientMessage, Command, MAX_LINE};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch, Semaphore};

/// Connections open at once (players, waiting players, spectators and connections
/// that have not said hello yet); one more is told the server is full and closed.
pub const MAX_CONNECTIONS: usize = 256;

/// Lines queued for a client before it counts as a slow reader (later lines for it
/// are dropped until it catches up).
const QUEUE: usize = 64;

/// Messages from connection tasks to the game loop.
pub enum Event {
    /// A client said hello (or asked to spectate).
    Joined {
        id: u64,
        name: String,
        /// The seat token the hello carried, if any.
        token: Option<String>,
        out: mpsc::Sender<String>,
        spectator: bool,
    },
    /// A client's command or bare tick.
    Command {
        id: u64,
        tick: Option<u32>,
        command: Option<Command>,
    },
    /// A connection closed.
    Left { id: u64 },
}

/// Accept connections for ever, each served by [`connection`] in a task of its own.
pub async fn accept_loop(
    listener: TcpListener,
    events: mpsc::Sender<Event>,
    join_timeout: Duration,
    games: watch::Receiver<u32>,
) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut backoff = crate::cli::accept::Backoff::new();
    let mut next_id = 0;
    loop {
        let (stream, peer) = crate::cli::accept::accept(&listener, &mut backoff, "[arena]").await;
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            // Full: say so (the line fits in a fresh socket's buffer) and close.
            let _ = stream.try_write(
                format!(
                    "{{\"error\":\"the server is full ({MAX_CONNECTIONS} connections); try again later\"}}\n"
                )
                .as_bytes(),
            );
            continue;
        };
        next_id += 1;
        let _ = stream.set_nodelay(true);
        // A small send buffer: a client that stops reading is noticed soon and holds
        // little kernel memory.
        let _ = socket2::SockRef::from(&stream).set_send_buffer_size(32 * 1024);
        let (events, games) = (events.clone(), games.clone());
        tokio::spawn(async move {
            connection(
                stream,
                next_id,
                peer.to_string(),
                events,
                join_timeout,
                games,
            )
            .await;
            drop(slot);
        });
    }
}

/// One client: read lines (at most [`MAX_LINE`] bytes each), forward what they mean,
/// write what the game sends through a bounded queue; close a connection that has
/// not joined within `join_timeout`. `games` counts the games played: at each game's
/// end the client's repeated complaints are counted out.
async fn connection(
    stream: TcpStream,
    id: u64,
    peer: String,
    events: mpsc::Sender<Event>,
    join_timeout: Duration,
    mut games: watch::Receiver<u32>,
) {
    let (mut reader, mut writer) = stream.into_split();
    let (out_tx, mut out_rx) = mpsc::channel::<String>(QUEUE);
    let writer_task = tokio::spawn(async move {
        while let Some(mut line) = out_rx.recv().await {
            line.push('\n');
            let write =
                tokio::time::timeout(Duration::from_secs(5), writer.write_all(line.as_bytes()));
            if !matches!(write.await, Ok(Ok(()))) {
                break;
            }
        }
    });
    let mut joined = false;
    let mut buffer: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let mut discarding = false;
    let mut log = Complaints::new(format!("[arena] client {id} ({peer})"));
    let join_deadline = tokio::time::Instant::now() + join_timeout;
    let mut timed_out = false;
    loop {
        let deadline = (!joined).then_some(join_deadline);
        let read = tokio::select! {
            read = reader.read(&mut chunk) => read,
            () = sleep_until(deadline) => {
                timed_out = true;
                break;
            }
            Ok(()) = games.changed() => {
                log.finish();
                continue;
            }
        };
        let n = match read {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        for &byte in &chunk[..n] {
            if byte != b'\n' {
                if discarding {
                    continue;
                }
                if buffer.len() >= MAX_LINE {
                    log.say(&format!("line longer than {MAX_LINE} bytes: ignored"));
                    buffer.clear();
                    discarding = true;
                    continue;
                }
                buffer.push(byte);
                continue;
            }
            if std::mem::take(&mut discarding) {
                continue;
            }
            let line = String::from_utf8_lossy(&buffer).into_owned();
            buffer.clear();
            if line.trim().is_empty() {
                continue;
            }
            let event = match parse_client_line(&line) {
                Ok(ClientMessage::Hello(name)) if !joined => {
                    joined = true;
                    log.finish();
                    log = Complaints::new(format!("[arena] client {id} ({name})"));
                    Event::Joined {
                        id,
                        name,
                        token: None,
                        out: out_tx.clone(),
                        spectator: false,
                    }
                }
                Ok(ClientMessage::HelloWithToken(name, token)) if !joined => {
                    joined = true;
                    log.finish();
                    log = Complaints::new(format!("[arena] client {id} ({name})"));
                    Event::Joined {
                        id,
                        name,
                        token: Some(token),
                        out: out_tx.clone(),
                        spectator: false,
                    }
                }
                Ok(ClientMessage::Spectate) if !joined => {
                    joined = true;
                    Event::Joined {
                        id,
                        name: String::new(),
                        token: None,
                        out: out_tx.clone(),
                        spectator: true,
                    }
                }
                Ok(ClientMessage::Command(tick, command)) if joined => Event::Command {
                    id,
                    tick,
                    command: Some(command),
                },
                Ok(ClientMessage::Pass(tick)) if joined => Event::Command {
                    id,
                    tick: Some(tick),
                    command: None,
                },
                Ok(other) => {
                    log.say(&format!("unexpected {other:?}: ignored"));
                    continue;
                }
                Err(e) => {
                    log.say(&format!("{e}: ignored"));
                    continue;
                }
            };
            if events.send(event).await.is_err() {
                break;
            }
        }
    }
    let _ = events.send(Event::Left { id }).await;
    if timed_out {
        log.say(&format!(
            "no hello within {} s: closed",
            join_timeout.as_secs_f64()
        ));
        let _ = out_tx.try_send(format!(
            "{{\"error\":\"no hello within {} s: closing the connection\"}}",
            join_timeout.as_secs_f64()
        ));
        // Not joined, so the game holds no sender: the writer sends the line and ends.
        drop(out_tx);
        let _ = tokio::time::timeout(Duration::from_secs(1), writer_task).await;
        return;
    }
    drop(out_tx);
    writer_task.abort();
}

/// Sleep until `deadline`, or for ever without one.
async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
