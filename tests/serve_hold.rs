//! `gridlab serve` under attack: clients that never read what they asked for are
//! dropped after the write stall; one address cannot take every connection; a flood of
//! relay WebSockets (seat pages that never say hello, live pages past their pool)
//! leaves the playground answering and a seat open to a player.

mod common;

use futures_util::{SinkExt, StreamExt};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// A child process killed when dropped, with a folder removed then.
struct Killed(Child, Option<std::path::PathBuf>);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        if let Some(dir) = &self.1 {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Start `gridlab ARGS` (through `sh -c` when `shell` is given, e.g. a ulimit) and
/// read the address its first line names.
fn start(shell: Option<&str>, args: &[&str], dir: Option<std::path::PathBuf>) -> (Killed, String) {
    let mut command = match shell {
        Some(prefix) => {
            let mut c = Command::new("sh");
            c.arg("-c")
                .arg(format!("{prefix} && exec \"$0\" \"$@\""))
                .arg(env!("CARGO_BIN_EXE_gridlab"));
            c
        }
        None => Command::new(env!("CARGO_BIN_EXE_gridlab")),
    };
    command.args(args);
    let (child, addr) = common::spawn_serving(command);
    (Killed(child, dir), addr)
}

/// A playground folder with an incompressible 8 MB module.
fn root(name: &str) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("gridlab-{name}-{}", std::process::id()));
    for dir in ["www", "pkg"] {
        std::fs::create_dir_all(root.join(dir)).unwrap();
    }
    std::fs::write(
        root.join("www/index.html"),
        "<!doctype html><title>t</title>",
    )
    .unwrap();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let big: Vec<u8> = (0..8 << 20)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    std::fs::write(root.join("pkg/big.wasm"), big).unwrap();
    root
}

/// A connection from `from` (a loopback address) to `addr`, with a small receive buffer.
fn connect_from(from: [u8; 4], addr: &str) -> TcpStream {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.bind(&SocketAddr::from((from, 0)).into()).unwrap();
    let to: SocketAddr = addr.parse().unwrap();
    socket.connect(&to.into()).unwrap();
    let stream: TcpStream = socket.into();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream
}

/// GET `path` from `from`; the whole answer (as text, lossy).
fn get_from(from: [u8; 4], addr: &str, path: &str) -> String {
    let mut s = connect_from(from, addr);
    // A refused connection may be closed before the request is written.
    let _ = write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    );
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn clients_that_never_read_are_dropped_and_others_served() {
    let dir = root("serve-slow-read");
    let (_server, addr) = start(
        None,
        &[
            "serve",
            "--port",
            "0",
            "--root",
            dir.to_str().unwrap(),
            "--write-timeout-ms",
            "500",
            "--max-connections",
            "4",
        ],
        Some(dir.clone()),
    );
    // Six clients ask for the module and never read: four hold every slot.
    let slow: Vec<TcpStream> = (0..6)
        .map(|_| {
            let mut s = connect_from([127, 0, 0, 1], &addr);
            write!(s, "GET /pkg/big.wasm HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // Another client is served once the stalled ones are dropped.
    let asked = Instant::now();
    let answer = get_from([127, 0, 0, 1], &addr, "/");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(asked.elapsed() < Duration::from_secs(25));
    // The four that held the slots were closed by the server before the module's end
    // (the two that waited in the listen queue may be read in time now).
    let mut cut = 0;
    for mut s in slow {
        let mut got = Vec::new();
        let read = s.read_to_end(&mut got);
        let closed = match &read {
            Ok(_) => true,
            Err(e) => e.kind() == std::io::ErrorKind::ConnectionReset,
        };
        assert!(closed, "not closed by the server: {read:?}");
        cut += usize::from(got.len() < 8 << 20);
    }
    assert!(cut >= 4, "{cut} cut short");
}

#[test]
fn one_address_cannot_take_every_connection() {
    let dir = root("serve-per-ip");
    let (_server, addr) = start(
        None,
        &[
            "serve",
            "--port",
            "0",
            "--root",
            dir.to_str().unwrap(),
            "--max-per-ip",
            "3",
        ],
        Some(dir.clone()),
    );
    // Three half-sent requests from 127.0.0.1 are its share.
    let _held: Vec<TcpStream> = (0..3)
        .map(|_| {
            let mut s = connect_from([127, 0, 0, 1], &addr);
            write!(s, "GET / HTTP/1.1\r\n").unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let refused = get_from([127, 0, 0, 1], &addr, "/");
    assert!(
        refused.is_empty() || refused.starts_with("HTTP/1.1 503"),
        "{refused}"
    );
    if !refused.is_empty() {
        assert!(
            refused.contains("too many connections from your address"),
            "{refused}"
        );
    }
    // Another address is served.
    let answer = get_from([127, 0, 0, 2], &addr, "/");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// A WebSocket to `path` on `web`, from loopback address `from`.
async fn ws_from(from: [u8; 4], web: &str, path: &str) -> Socket {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    let stream = socket.connect(web.parse().unwrap()).await.unwrap();
    tokio_tungstenite::client_async(format!("ws://{web}{path}"), stream)
        .await
        .unwrap()
        .0
}

/// The next text message as JSON (None when the socket closed).
async fn next(socket: &mut Socket) -> Option<serde_json::Value> {
    let wait = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            match socket.next().await? {
                Ok(Message::Text(t)) => return Some(serde_json::from_str(&t).unwrap()),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    });
    wait.await.expect("an answer within 30 s")
}

/// An Arena server with a seat for one client (the lobby waits for it).
fn arena(name: &str) -> (Killed, String) {
    let dir = std::env::temp_dir().join(format!("gridlab-{name}-{}", std::process::id()));
    start(
        None,
        &[
            "arena",
            "serve",
            "--port",
            "0",
            "--lockstep",
            "--bots",
            "3",
            "--wait",
            "120",
            "--steps",
            "5",
            "--replays",
            dir.to_str().unwrap(),
        ],
        Some(dir.clone()),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn a_websocket_flood_leaves_the_playground_and_a_seat_open() {
    let (_arena, arena_addr) = arena("flood-arena");
    let dir = root("serve-flood");
    let (_web, web) = start(
        None,
        &[
            "serve",
            "--port",
            "0",
            "--root",
            dir.to_str().unwrap(),
            "--arena",
            &arena_addr,
            "--max-seat-pages",
            "4",
            "--max-live-pages",
            "4",
        ],
        Some(dir.clone()),
    );
    // Twenty seat pages that never say hello: the oldest are closed to make room.
    let mut silent = Vec::new();
    for _ in 0..20 {
        silent.push(ws_from([127, 0, 0, 1], &web, "/arena/seat").await);
    }
    let first = next(&mut silent[0]).await.unwrap();
    assert!(
        first["error"]
            .as_str()
            .unwrap()
            .contains("had not said hello"),
        "{first}"
    );
    // Live pages past their pool are told so.
    let mut live = Vec::new();
    for _ in 0..4 {
        let mut s = ws_from([127, 0, 0, 1], &web, "/arena/live").await;
        assert_eq!(next(&mut s).await.unwrap()["spectating"], true);
        live.push(s);
    }
    let mut over = ws_from([127, 0, 0, 1], &web, "/arena/live").await;
    let full = next(&mut over).await.unwrap();
    assert!(
        full["error"]
            .as_str()
            .unwrap()
            .contains("4 live pages at most"),
        "{full}"
    );
    // The playground answers, and a player still gets its seat and plays.
    let page = get_from([127, 0, 0, 1], &web, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    let mut player = ws_from([127, 0, 0, 1], &web, "/arena/seat").await;
    player
        .send(Message::Text(r#"{"hello": "ada"}"#.into()))
        .await
        .unwrap();
    let welcome = next(&mut player).await.unwrap();
    assert_eq!(welcome["welcome"], 0, "{welcome}");
    let mut ticks = 0;
    loop {
        let v = next(&mut player).await.unwrap();
        if let Some(t) = v.get("tick") {
            ticks += 1;
            player
                .send(Message::Text(format!(r#"{{"tick": {t}}}"#).into()))
                .await
                .unwrap();
        }
        if v.get("gameOver").is_some() {
            break;
        }
    }
    assert_eq!(ticks, 5);
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread")]
async fn under_a_low_descriptor_limit_the_caps_fit_and_a_flood_is_held_off() {
    let (_arena, arena_addr) = arena("fd-arena");
    let dir = root("serve-fd");
    // 100 descriptors, soft and hard: the caps shrink to fit them.
    let (_web, web) = start(
        Some("ulimit -n 100"),
        &[
            "serve",
            "--port",
            "0",
            "--root",
            dir.to_str().unwrap(),
            "--arena",
            &arena_addr,
        ],
        Some(dir.clone()),
    );
    // 150 seat pages from one address that never say hello.
    let mut flood = Vec::new();
    for _ in 0..150 {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(SocketAddr::from(([127, 0, 0, 1], 0))).unwrap();
        let stream = socket.connect(web.parse().unwrap()).await.unwrap();
        // Refused ones (503) are fine: the point is what others get.
        if let Ok(Ok((s, _))) = tokio::time::timeout(
            Duration::from_secs(5),
            tokio_tungstenite::client_async(format!("ws://{web}/arena/seat"), stream),
        )
        .await
        {
            flood.push(s);
        }
    }
    // Another address is served, and its player gets a seat.
    let page = get_from([127, 0, 0, 2], &web, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    let mut player = ws_from([127, 0, 0, 2], &web, "/arena/seat").await;
    player
        .send(Message::Text(r#"{"hello": "ada"}"#.into()))
        .await
        .unwrap();
    let welcome = next(&mut player).await.unwrap();
    assert_eq!(welcome["welcome"], 0, "{welcome}");
}

#[test]
fn too_few_descriptors_are_refused_politely() {
    let dir = root("serve-fd-low");
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -n 40 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_gridlab"))
        .args(["serve", "--port", "0", "--root", dir.to_str().unwrap()])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ulimit -n") && err.contains("at least 64"),
        "{err}"
    );
}
