//! The wire protocol's messages (JSON lines): what the server sends each step and
//! what a client may send. Pure conversions; the server lives in the command line.

use super::engine::{Arena, Command, Item};
use super::maze::SIDE;
use serde::{Deserialize, Serialize};

/// The longest line a client may send, in bytes.
pub const MAX_LINE: usize = 4096;
/// Longest seat token a hello may carry, in bytes (a tournament's are 32 hex digits).
pub const MAX_TOKEN: usize = 64;

#[derive(Serialize)]
struct WireUnit {
    x: i32,
    y: i32,
    dir: Option<char>,
    wait: u32,
}

#[derive(Serialize)]
struct WirePlayer {
    x: i32,
    y: i32,
    dir: Option<char>,
    wait: u32,
    score: i64,
    power: u32,
    mines: u32,
}

#[derive(Serialize)]
struct WireMine {
    x: i32,
    y: i32,
    active: bool,
}

#[derive(Serialize)]
struct WireState {
    round: u32,
    players: Vec<WirePlayer>,
    ghosts: Vec<WireUnit>,
    pellets: Vec<usize>,
    power: Vec<usize>,
    mines: Vec<usize>,
    landmines: Vec<WireMine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    maze: Option<Vec<u8>>,
}

#[derive(Serialize)]
struct TickMessage {
    tick: u32,
    state: WireState,
}

/// The server's line for a step: `{"tick": n, "state": {...}}` (cells row-major,
/// `y * 16 + x`; the maze's open-side masks only when `with_maze`).
///
/// ```
/// use gridlab::games::arena::{tick_line, Arena, Config};
/// let a = Arena::new(Config::default(), 1);
/// let line = tick_line(&a, true);
/// assert!(line.starts_with("{\"tick\":0,\"state\":{\"round\":1,"));
/// assert!(line.contains("\"maze\":["));
/// ```
pub fn tick_line(arena: &Arena, with_maze: bool) -> String {
    let cells = |item: Item| -> Vec<usize> {
        (0..SIDE * SIDE)
            .filter(|&c| arena.items[c] == item)
            .collect()
    };
    let state = WireState {
        round: arena.round,
        players: arena
            .players
            .iter()
            .map(|p| WirePlayer {
                x: p.unit.x,
                y: p.unit.y,
                dir: p.unit.heading.map(|h| h.letter()),
                wait: p.unit.wait,
                score: p.score,
                power: p.power,
                mines: p.mines,
            })
            .collect(),
        ghosts: arena
            .ghosts
            .iter()
            .map(|g| WireUnit {
                x: g.x,
                y: g.y,
                dir: g.heading.map(|h| h.letter()),
                wait: g.wait,
            })
            .collect(),
        pellets: cells(Item::Pellet),
        power: cells(Item::Power),
        mines: cells(Item::Mine),
        landmines: arena
            .landmines
            .iter()
            .map(|m| WireMine {
                x: m.x,
                y: m.y,
                active: m.arming == 0,
            })
            .collect(),
        maze: with_maze.then(|| arena.maze.masks().to_vec()),
    };
    serde_json::to_string(&TickMessage {
        tick: arena.tick,
        state,
    })
    .unwrap_or_default()
}

/// A client's line, understood. Its `Debug` form (what a server logs) never shows a
/// token.
#[derive(Clone, PartialEq, Eq)]
pub enum ClientMessage {
    /// `{"hello": "<team name>"}`, or with `"token": "<seat token>"` a hello for a seat
    /// a tournament reserved (the token is the `ARENA_TOKEN` the entrant was started
    /// with; the server never sends it to anyone).
    Hello(String, Option<String>),
    /// `{"tick": n, "cmd": "U"}` (the tick is optional).
    Command(Option<u32>, Command),
    /// `{"tick": n}`: nothing new this step (lets a lock-step server go on at once).
    Pass(u32),
    /// `{"spectate": true}`: watch without a seat.
    Spectate,
}

impl std::fmt::Debug for ClientMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientMessage::Hello(name, token) => f
                .debug_tuple("Hello")
                .field(name)
                .field(&token.as_ref().map(|_| "(token not shown)"))
                .finish(),
            ClientMessage::Command(tick, command) => {
                f.debug_tuple("Command").field(tick).field(command).finish()
            }
            ClientMessage::Pass(tick) => f.debug_tuple("Pass").field(tick).finish(),
            ClientMessage::Spectate => f.write_str("Spectate"),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMessage {
    hello: Option<String>,
    token: Option<String>,
    tick: Option<u32>,
    cmd: Option<String>,
    spectate: Option<bool>,
}

/// Read a client's line; an error says what is wrong.
///
/// ```
/// use gridlab::games::arena::{parse_client_line, ClientMessage, Command, Heading};
/// assert_eq!(parse_client_line(r#"{"tick": 3, "cmd": "L"}"#).unwrap(),
///            ClientMessage::Command(Some(3), Command::Go(Heading::Left)));
/// assert!(parse_client_line(r#"{"cmd": "JUMP"}"#).unwrap_err().contains("unknown command"));
/// assert!(parse_client_line("hello").is_err());
/// let hello = parse_client_line(r#"{"hello": "ada", "token": "c0ffee"}"#).unwrap();
/// assert_eq!(hello, ClientMessage::Hello("ada".into(), Some("c0ffee".into())));
/// assert!(!format!("{hello:?}").contains("c0ffee"));
/// ```
pub fn parse_client_line(line: &str) -> Result<ClientMessage, String> {
    let raw: RawMessage =
        serde_json::from_str(line.trim()).map_err(|e| format!("not a message: {e}"))?;
    if let Some(name) = raw.hello {
        let name: String = name.chars().filter(|c| !c.is_control()).take(40).collect();
        return match raw.token {
            Some(token) if token.len() > MAX_TOKEN => {
                Err(format!("token: longer than {MAX_TOKEN} bytes"))
            }
            token => Ok(ClientMessage::Hello(name, token)),
        };
    }
    if raw.token.is_some() {
        return Err("token: only a hello carries one".into());
    }
    if raw.spectate == Some(true) {
        return Ok(ClientMessage::Spectate);
    }
    match (raw.cmd, raw.tick) {
        (Some(word), tick) => Command::from_word(&word)
            .map(|c| ClientMessage::Command(tick, c))
            .ok_or_else(|| format!("unknown command '{word}' (U, D, L, R, REV, DROP)")),
        (None, Some(tick)) => Ok(ClientMessage::Pass(tick)),
        (None, None) => Err("expected hello, tick, cmd or spectate".into()),
    }
}
