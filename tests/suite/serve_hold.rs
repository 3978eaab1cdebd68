//! `gridlab serve` under attack: clients that never read what they asked for are
//! dropped after the write stall; one address cannot take every connection; a flood of
//! relay WebSockets (seat pages that never say hello, live pages past their pool)
//! leaves the playground answering and a seat open to a player.

use crate::common;
use common::{arena_serve, playground, serve, serve_command, spawn_serving, under_shell};
use common::{ws_next as next, Server, TempDir};

use futures_util::SinkExt;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// A playground folder with an incompressible 8 MB module.
fn root(tag: &str) -> TempDir {
    let root = playground(tag);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let big: Vec<u8> = (0..8 << 20)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    root.write("pkg/big.wasm", big);
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

/// `n` connections from 127.0.0.1 to `addr` that send `request` and then nothing.
fn held(n: usize, addr: &str, request: &str) -> Vec<TcpStream> {
    (0..n)
        .map(|_| {
            let mut s = connect_from([127, 0, 0, 1], addr);
            s.write_all(request.as_bytes()).unwrap();
            s
        })
        .collect()
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
    let server = serve(Some(&dir), "--write-timeout-ms 500 --max-connections 4");
    let addr = server.addr.clone();
    // Six clients ask for the module and never read: four hold every slot.
    let request = "GET /pkg/big.wasm HTTP/1.1\r\nHost: localhost\r\n\r\n";
    let slow = held(6, &addr, request);
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
    let server = serve(Some(&dir), "--max-per-ip 3");
    let addr = server.addr.clone();
    // Three half-sent requests from 127.0.0.1 are its share.
    let _held = held(3, &addr, "GET / HTTP/1.1\r\n");
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

/// From `from`: the playground answers `/`, and a player's hello on a seat page is
/// welcomed; the player's socket.
async fn page_and_seat(from: [u8; 4], web: &str) -> Socket {
    let page = get_from(from, web, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    let mut player = ws_from(from, web, "/arena/seat").await;
    player
        .send(Message::Text(r#"{"hello": "ada"}"#.into()))
        .await
        .unwrap();
    let welcome = next(&mut player).await.unwrap();
    assert_eq!(welcome["welcome"], 0, "{welcome}");
    player
}

/// An Arena server with a seat for one client (the lobby waits for it), and its replay
/// folder.
fn arena(tag: &str) -> (Server, TempDir) {
    let dir = TempDir::new(tag);
    let server = arena_serve("--lockstep --bots 3 --wait 120 --steps 5", Some(&dir));
    (server, dir)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_websocket_flood_leaves_the_playground_and_a_seat_open() {
    let (arena, _replays) = arena("flood-arena");
    let dir = root("serve-flood");
    let options = format!(
        "--arena {} --max-seat-pages 4 --max-live-pages 4",
        arena.addr
    );
    let server = serve(Some(&dir), &options);
    let web = server.addr.clone();
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
    let mut player = page_and_seat([127, 0, 0, 1], &web).await;
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
    let (arena, _replays) = arena("fd-arena");
    let dir = root("serve-fd");
    // 100 descriptors, soft and hard: the caps shrink to fit them.
    let command = serve_command(Some(&dir), &format!("--arena {}", arena.addr));
    let server = spawn_serving(under_shell("ulimit -n 100", &command));
    let web = server.addr.clone();
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
    page_and_seat([127, 0, 0, 2], &web).await;
}

#[test]
fn too_few_descriptors_are_refused_politely() {
    let dir = root("serve-fd-low");
    let out = under_shell("ulimit -n 40", &serve_command(Some(&dir), ""))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ulimit -n") && err.contains("at least 64"),
        "{err}"
    );
}
