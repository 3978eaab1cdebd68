//! The wire protocol's messages (JSON lines, docs/arena-protocol.md): what the server
//! sends ([`ServerMessage`]) and what a client may send ([`ClientMessage`]). Pure
//! conversions; the server lives in the command line.

use super::engine::{Arena, Command, Config, Item};
use super::maze::SIDE;
use serde::{Deserialize, Serialize, Serializer};

/// The longest line a client may send, in bytes.
pub const MAX_LINE: usize = 4096;
/// Longest seat token a hello may carry, in bytes (a tournament's are 32 hex digits).
pub const MAX_TOKEN: usize = 64;

#[derive(Clone, Debug, PartialEq, Serialize)]
struct WireUnit {
    x: i32,
    y: i32,
    dir: Option<char>,
    wait: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct WirePlayer {
    x: i32,
    y: i32,
    dir: Option<char>,
    wait: u32,
    score: i64,
    power: u32,
    mines: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct WireMine {
    x: i32,
    y: i32,
    active: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
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

/// A step's state as the wire sends it: `{"tick": n, "state": {...}}` (built by
/// [`ServerMessage::tick`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TickMessage {
    tick: u32,
    state: WireState,
}

impl TickMessage {
    /// The state of `arena` now (cells row-major, `y * 16 + x`; the maze's open-side
    /// masks only when `with_maze`).
    fn of(arena: &Arena, with_maze: bool) -> TickMessage {
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
        TickMessage {
            tick: arena.tick,
            state,
        }
    }
}

/// A line the server sends, one JSON object (see docs/arena-protocol.md); written by
/// [`ServerMessage::line`].
///
/// ```
/// use gridlab::games::arena::{Config, ServerMessage};
/// let over = ServerMessage::GameOver { names: vec!["ada".into()], scores: [10, 0, 0, 0] };
/// assert_eq!(over.line(), r#"{"gameOver":{"names":["ada"],"scores":[10,0,0,0]}}"#);
/// let error = ServerMessage::Error("refused: no token".into());
/// assert_eq!(error.line(), r#"{"error":"refused: no token"}"#);
/// let welcome = ServerMessage::Welcome { seat: 2, config: Config::default(), lockstep: true };
/// assert!(welcome.line().starts_with(r#"{"welcome":2,"config":{"steps":6000,"#));
/// assert!(welcome.line().ends_with(r#","lockstep":true}"#));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum ServerMessage {
    /// `{"welcome": seat, "config": {...}, "lockstep": bool}`: the client plays `seat`
    /// in a game of `config`, lock-step (the next step as soon as every seat answers:
    /// for programs) or real time (a step every 50 ms: for people).
    Welcome {
        /// The seat taken, 0 to 3.
        seat: usize,
        /// The game's numbers.
        config: Config,
        /// Whether the server runs lock-step (else real time).
        lockstep: bool,
    },
    /// `{"config": {...}, "lockstep": bool, "names": [...], "spectating": true}`: a
    /// spectator's welcome. Its keys, the config's included, come in alphabetical
    /// order (unlike the welcome's config, in the order of [`Config`]'s fields).
    Spectating {
        /// The game's numbers.
        config: Config,
        /// Whether the server runs lock-step (else real time).
        lockstep: bool,
        /// The players' names by seat.
        names: Vec<String>,
    },
    /// `{"tick": n, "state": {...}}`: the state of a step.
    Tick(TickMessage),
    /// `{"gameOver": {"names": [...], "scores": [...]}}`: the game's end.
    GameOver {
        /// The players' names by seat.
        names: Vec<String>,
        /// The final scores by seat.
        scores: [i64; 4],
    },
    /// `{"error": "..."}`: a hello refused, a seat forfeited, a connection closing.
    Error(String),
}

impl ServerMessage {
    /// The state of `arena` now (the maze included only when `with_maze`).
    pub fn tick(arena: &Arena, with_maze: bool) -> ServerMessage {
        ServerMessage::Tick(TickMessage::of(arena, with_maze))
    }

    /// The message as its line (JSON without the line break).
    pub fn line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl Serialize for ServerMessage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Welcome<'a> {
            welcome: usize,
            config: &'a Config,
            lockstep: bool,
        }
        #[derive(Serialize)]
        struct Spectating<'a> {
            /// A JSON value: its keys sorted, as the protocol has them.
            config: serde_json::Value,
            lockstep: bool,
            names: &'a [String],
            spectating: bool,
        }
        #[derive(Serialize)]
        struct GameOver<'a> {
            #[serde(rename = "gameOver")]
            game_over: Outcome<'a>,
        }
        #[derive(Serialize)]
        struct Outcome<'a> {
            names: &'a [String],
            scores: &'a [i64; 4],
        }
        #[derive(Serialize)]
        struct Error<'a> {
            error: &'a str,
        }
        match self {
            ServerMessage::Welcome {
                seat,
                config,
                lockstep,
            } => Welcome {
                welcome: *seat,
                config,
                lockstep: *lockstep,
            }
            .serialize(serializer),
            ServerMessage::Spectating {
                config,
                lockstep,
                names,
            } => Spectating {
                config: serde_json::to_value(config).map_err(serde::ser::Error::custom)?,
                lockstep: *lockstep,
                names,
                spectating: true,
            }
            .serialize(serializer),
            ServerMessage::Tick(tick) => tick.serialize(serializer),
            ServerMessage::GameOver { names, scores } => GameOver {
                game_over: Outcome { names, scores },
            }
            .serialize(serializer),
            ServerMessage::Error(error) => Error { error }.serialize(serializer),
        }
    }
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
    ServerMessage::tick(arena, with_maze).line()
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

/// Why a client's line is not a message.
#[derive(Debug, thiserror::Error)]
pub enum MessageError {
    /// Not JSON, or not an object of the known fields and types.
    #[error("not a message: {0}")]
    NotJson(serde_json::Error),
    /// A hello's token is longer than [`MAX_TOKEN`].
    #[error("token: longer than {MAX_TOKEN} bytes")]
    LongToken,
    /// A token on anything but a hello.
    #[error("token: only a hello carries one")]
    StrayToken,
    /// A command that is none of the six.
    #[error("unknown command '{0}' (U, D, L, R, REV, DROP)")]
    UnknownCommand(String),
    /// An object with none of the fields that make a message.
    #[error("expected hello, tick, cmd or spectate")]
    Empty,
}

/// Read a client's line; an error says what is wrong.
///
/// ```
/// use gridlab::games::arena::{parse_client_line, ClientMessage, Command, Heading, MessageError};
/// assert_eq!(parse_client_line(r#"{"tick": 3, "cmd": "L"}"#).unwrap(),
///            ClientMessage::Command(Some(3), Command::Go(Heading::Left)));
/// let e = parse_client_line(r#"{"cmd": "JUMP"}"#).unwrap_err();
/// assert!(matches!(e, MessageError::UnknownCommand(_)));
/// assert_eq!(e.to_string(), "unknown command 'JUMP' (U, D, L, R, REV, DROP)");
/// assert!(matches!(parse_client_line("hello"), Err(MessageError::NotJson(_))));
/// let hello = parse_client_line(r#"{"hello": "ada", "token": "c0ffee"}"#).unwrap();
/// assert_eq!(hello, ClientMessage::Hello("ada".into(), Some("c0ffee".into())));
/// assert!(!format!("{hello:?}").contains("c0ffee"));
/// ```
pub fn parse_client_line(line: &str) -> Result<ClientMessage, MessageError> {
    let raw: RawMessage = serde_json::from_str(line.trim()).map_err(MessageError::NotJson)?;
    if let Some(name) = raw.hello {
        let name: String = name.chars().filter(|c| !c.is_control()).take(40).collect();
        return match raw.token {
            Some(token) if token.len() > MAX_TOKEN => Err(MessageError::LongToken),
            token => Ok(ClientMessage::Hello(name, token)),
        };
    }
    if raw.token.is_some() {
        return Err(MessageError::StrayToken);
    }
    if raw.spectate == Some(true) {
        return Ok(ClientMessage::Spectate);
    }
    match (raw.cmd, raw.tick) {
        (Some(word), tick) => match Command::from_word(&word) {
            Some(c) => Ok(ClientMessage::Command(tick, c)),
            None => Err(MessageError::UnknownCommand(word)),
        },
        (None, Some(tick)) => Ok(ClientMessage::Pass(tick)),
        (None, None) => Err(MessageError::Empty),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every server line is, byte for byte, what the server wrote by hand before the
    /// lines were typed (the protocol is fixed; clients may compare text).
    #[test]
    fn server_lines_are_the_protocols_bytes() {
        let config = Config {
            steps: 12,
            ..Config::default()
        };
        let names: Vec<String> = ["ada \"quoted\"", "bot:hunter", "(free)", "é\u{7f}"]
            .map(String::from)
            .to_vec();
        for lockstep in [false, true] {
            let welcome = ServerMessage::Welcome {
                seat: 3,
                config: config.clone(),
                lockstep,
            };
            let by_hand = format!(
                "{{\"welcome\":3,\"config\":{},\"lockstep\":{lockstep}}}",
                serde_json::to_string(&config).unwrap()
            );
            assert_eq!(welcome.line(), by_hand);
            let spectating = ServerMessage::Spectating {
                config: config.clone(),
                lockstep,
                names: names.clone(),
            };
            let by_hand = serde_json::json!({ "spectating": true, "config": &config, "lockstep": lockstep, "names": &names });
            assert_eq!(spectating.line(), by_hand.to_string());
        }
        let spectating = ServerMessage::Spectating {
            config: config.clone(),
            lockstep: false,
            names: names.clone(),
        };
        assert!(spectating
            .line()
            .starts_with("{\"config\":{\"ghostScore\":200,"));
        let scores = [10, -200, 0, i64::MAX];
        let over = ServerMessage::GameOver {
            names: names.clone(),
            scores,
        };
        let by_hand = serde_json::json!({ "gameOver": { "scores": scores, "names": &names } });
        assert_eq!(over.line(), by_hand.to_string());
        for why in [
            "refused: a \"token\"\n\t\u{0}",
            "all four seats are taken",
            "",
        ] {
            let by_hand = serde_json::json!({ "error": why }).to_string();
            assert_eq!(ServerMessage::Error(why.into()).line(), by_hand);
        }
        let all_taken = "{\"error\":\"all four seats are taken; wait for the next game\"}";
        let error = ServerMessage::Error("all four seats are taken; wait for the next game".into());
        assert_eq!(error.line(), all_taken);
    }

    #[test]
    fn a_tick_line_is_the_tick_message() {
        let arena = Arena::new(Config::default(), 5);
        let line = tick_line(&arena, false);
        assert!(line.starts_with("{\"tick\":0,\"state\":{\"round\":1,\"players\":[{\"x\":"));
        assert!(!line.contains("maze"));
        assert_eq!(
            ServerMessage::tick(&arena, true).line(),
            tick_line(&arena, true)
        );
    }
}
