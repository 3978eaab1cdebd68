//! The server's connections: accepting, and one task per client that reads its lines
//! (at most [`MAX_LINE`] bytes each), forwards what they mean to the game loop, and
//! writes what the game sends.
//!
//! Connections come in three pools, so that one kind cannot lock out another: at most
//! [`MAX_PENDING`] that have not said hello yet (a newcomer past it evicts the oldest
//! of them, so silent connections never keep out one that says hello at once), at
//! most [`MAX_PLAYERS`] players (seated or waiting) and at most [`MAX_SPECTATORS`]
//! spectators; a hello past its pool's cap is answered with an error and closed.
//!
//! On a tournament game's server (kept seats), a player's hello is checked here, before
//! it holds anything: without a token of this game it is refused and closed at once,
//! and a token's seat admits one connection at a time (a second hello for it is refused
//! and a fault of that seat's entrant). Such hellos take no player slot, so a flood of
//! them cannot keep an entrant out.

use super::seats::{Refusal, Reservations};
use crate::cli::sandbox::complaints::Complaints;
use crate::cli::slots::{Pool, Slot};
use gridlab::games::arena::{parse_client_line, ClientMessage, Command, ServerMessage, MAX_LINE};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};

/// Connections that have not said hello (or asked to spectate) yet; a newcomer past
/// this evicts the oldest of them.
pub const MAX_PENDING: usize = 64;
/// Players at once, seated or waiting for a seat.
pub const MAX_PLAYERS: usize = 64;
/// Spectators at once.
pub const MAX_SPECTATORS: usize = 256;

/// Lines queued for a client before it counts as a slow reader (later lines for it
/// are dropped until it catches up).
const QUEUE: usize = 64;

/// Messages from connection tasks to the game loop.
pub enum Event {
    /// A client said hello (or asked to spectate).
    Joined {
        /// The connection's number.
        id: u64,
        /// The name it said (empty for a spectator).
        name: String,
        /// The seat token the hello carried, if any.
        token: Option<String>,
        /// Where its lines go (the connection ends when the game drops it).
        out: mpsc::Sender<String>,
        /// Whether it asked to spectate.
        spectator: bool,
    },
    /// A client's command or bare tick.
    Command {
        /// The connection's number.
        id: u64,
        /// The tick it answers (None: the current one).
        tick: Option<u32>,
        /// The command (None: a bare tick, nothing new).
        command: Option<Command>,
    },
    /// A connection closed.
    Left {
        /// The connection's number.
        id: u64,
    },
}

/// The connection pools of a server.
#[derive(Clone)]
struct Pools {
    pending: Arc<Pool>,
    players: Arc<Pool>,
    spectators: Arc<Pool>,
    /// The kept seats and, for each, a pool of one connection.
    kept: Reservations,
    seats: [Arc<Pool>; 4],
}

/// Accept connections for ever, each served by [`connection`] in a task of its own.
pub async fn accept_loop(
    listener: TcpListener,
    events: mpsc::Sender<Event>,
    join_timeout: Duration,
    games: watch::Receiver<u32>,
    kept: Reservations,
) {
    let pools = Pools {
        pending: Pool::new(MAX_PENDING),
        players: Pool::new(MAX_PLAYERS),
        spectators: Pool::new(MAX_SPECTATORS),
        kept,
        seats: std::array::from_fn(|_| Pool::new(1)),
    };
    let mut backoff = crate::cli::accept::Backoff::new();
    let mut next_id = 0;
    loop {
        let (stream, peer) = crate::cli::accept::accept(&listener, &mut backoff, "[arena]").await;
        // Every pending slot is unsettled: there is always one to evict.
        let Some(slot) = pools.pending.take_evicting() else {
            continue;
        };
        next_id += 1;
        let _ = stream.set_nodelay(true);
        // A small send buffer: a client that stops reading is noticed soon and holds
        // little kernel memory.
        let _ = socket2::SockRef::from(&stream).set_send_buffer_size(32 * 1024);
        let (events, games, pools) = (events.clone(), games.clone(), pools.clone());
        tokio::spawn(async move {
            connection(
                stream,
                next_id,
                peer.to_string(),
                events,
                join_timeout,
                games,
                (slot, pools),
            )
            .await;
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
    (pending, pools): (Slot, Pools),
) {
    // The pending slot, given back at the hello for the player or spectator one.
    let mut pending = Some(pending);
    // The pool slot held once joined (the pending one is given back then).
    let mut held: Option<Slot> = None;
    let (mut reader, mut writer) = stream.into_split();
    let (out_tx, mut out_rx) = mpsc::channel::<String>(QUEUE);
    // The sender goes to the game at the hello: when the game drops it (a refused
    // hello, a client it is done with), the writer ends and so does the connection.
    let mut out_tx = Some(out_tx);
    let mut writer_task = tokio::spawn(async move {
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
    // Why the server closes the connection, said to the client before it closes.
    let mut closing: Option<ServerMessage> = None;
    // Evicted from the pending pool: what was already sent is read, then the
    // connection closes unless it said hello.
    let mut last_chance = false;
    'read: loop {
        let deadline = (!joined).then_some(join_deadline);
        let read = tokio::select! {
            read = reader.read(&mut chunk) => read,
            _ = &mut writer_task, if out_tx.is_none() => break,
            () = sleep_until(deadline) => {
                let secs = join_timeout.as_secs_f64();
                log.say(&format!("no hello within {secs} s: closed"));
                closing = Some(ServerMessage::Error(format!(
                    "no hello within {secs} s: closing the connection"
                )));
                break;
            }
            () = evicted(&mut pending) => {
                // A hello already sent (but not yet read) still counts: a flood of
                // newer connections cannot push out a client that said hello at once.
                pending = None;
                match read_now(&reader, &mut chunk) {
                    Ok(n) if n > 0 => {
                        last_chance = true;
                        Ok(n)
                    }
                    _ => {
                        closing = Some(evicted_closing(&mut log));
                        break;
                    }
                }
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
            let message = parse_client_line(&line);
            if let Ok(hello @ (ClientMessage::Hello(..) | ClientMessage::Spectate)) = &message {
                if !joined {
                    let slot = match hello {
                        ClientMessage::Spectate => free_slot(&pools.spectators, "spectators"),
                        _ if pools.kept.active() => kept_seat(hello, &pools),
                        _ => free_slot(&pools.players, "players (seated or waiting)"),
                    };
                    let slot = match slot {
                        Ok(slot) => slot,
                        Err(why) => {
                            log.say(&format!("{why}: closed"));
                            closing = Some(ServerMessage::Error(why.to_string()));
                            break 'read;
                        }
                    };
                    held = Some(slot);
                    pending = None;
                }
            }
            let event = match message {
                Ok(ClientMessage::Hello(name, token)) if !joined => {
                    joined = true;
                    log.finish();
                    log = Complaints::new(format!("[arena] client {id} ({name})"));
                    Event::Joined {
                        id,
                        name,
                        token,
                        out: out_tx.take().expect("the sender until the hello"),
                        spectator: false,
                    }
                }
                Ok(ClientMessage::Spectate) if !joined => {
                    joined = true;
                    Event::Joined {
                        id,
                        name: String::new(),
                        token: None,
                        out: out_tx.take().expect("the sender until the hello"),
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
                break 'read;
            }
        }
        if last_chance && !joined {
            closing = Some(evicted_closing(&mut log));
            break;
        }
    }
    let _ = events.send(Event::Left { id }).await;
    drop(pending);
    if let (Some(why), Some(out)) = (closing, out_tx.take()) {
        let _ = out.try_send(why.line());
        // Not joined, so the game holds no sender: the writer sends the line and ends.
        drop(out);
        let _ = tokio::time::timeout(Duration::from_secs(1), &mut writer_task).await;
    }
    writer_task.abort();
    drop(held);
}

/// Why a hello gets no slot (said to the client, which is then closed).
#[derive(Debug, thiserror::Error)]
enum NoSlot {
    /// The pool of its kind is full.
    #[error("the server is full: {cap} {who} at most; try again later")]
    Full {
        /// The pool's size.
        cap: usize,
        /// What the pool holds.
        who: &'static str,
    },
    /// A tournament game's server refuses it.
    #[error("refused: {0}{fault}", fault = fault_of(.0))]
    Refused(Refusal),
}

/// `: a fault of seat N` when a refusal is a seat's entrant's fault.
fn fault_of(refusal: &Refusal) -> String {
    refusal
        .culprit()
        .map_or_else(String::new, |seat| format!(": a fault of seat {seat}"))
}

/// A slot of `pool` (of `who`), or why there is none.
fn free_slot(pool: &Arc<Pool>, who: &'static str) -> Result<Slot, NoSlot> {
    pool.try_take().ok_or(NoSlot::Full {
        cap: pool.cap(),
        who,
    })
}

/// The slot of the kept seat a player's hello names by its token (one connection a
/// seat), or why it is refused: no token of this game, or a second hello for a seat
/// whose slot is held (a fault of the seat's entrant: only its program has the token).
fn kept_seat(hello: &ClientMessage, pools: &Pools) -> Result<Slot, NoSlot> {
    let token = match hello {
        ClientMessage::Hello(_, token) => token.as_deref(),
        _ => None,
    };
    let seat = pools
        .kept
        .admit(token, |_| false)
        .map_err(NoSlot::Refused)?;
    pools.seats[seat].try_take().ok_or_else(|| {
        let refusal = Refusal::SeatPlayed(seat);
        pools.kept.blame(seat, &refusal.to_string());
        NoSlot::Refused(refusal)
    })
}

/// Read what the socket holds now, without waiting (tokio's `try_read` answers "would
/// block" until its reactor has seen the socket readable, which a busy server may not
/// have yet).
fn read_now(reader: &tokio::net::tcp::OwnedReadHalf, buf: &mut [u8]) -> std::io::Result<usize> {
    std::io::Read::read(&mut &*socket2::SockRef::from(reader.as_ref()), buf)
}

/// Log an eviction from the pending pool and say why to the client.
fn evicted_closing(log: &mut Complaints) -> ServerMessage {
    log.say("closed for newer connections (too many without a hello)");
    ServerMessage::Error(format!(
        "closed: more than {MAX_PENDING} connections had not said hello; \
         say hello at once after connecting"
    ))
}

/// Wait until the pending slot is evicted (for ever once given back).
async fn evicted(pending: &mut Option<Slot>) {
    match pending {
        Some(slot) => slot.evicted().await,
        None => std::future::pending().await,
    }
}

/// Sleep until `deadline`, or for ever without one.
async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
