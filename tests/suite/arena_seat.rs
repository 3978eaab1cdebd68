//! A seat over the relay: `gridlab serve --arena HOST:PORT` passes a page's lines to
//! the Arena server at /arena/seat (WebSocket) and the server's lines back, as for a
//! TCP client; the relay's errors (no hello, a bad name, a line too long, no server,
//! seats taken) are messages, never a silent close.

use futures_util::SinkExt;
use std::io::{BufRead, BufReader, Write};

use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

use crate::common;
use common::{arena_serve, serve, ws_next as next, TempDir};

async fn seat(web: &str) -> Socket {
    tokio_tungstenite::connect_async(format!("ws://{web}/arena/seat"))
        .await
        .unwrap()
        .0
}

async fn send(socket: &mut Socket, text: &str) {
    socket.send(Message::Text(text.into())).await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_plays_a_lock_step_seat_through_the_relay() {
    let replays = TempDir::new("seat");
    let mut game = arena_serve(
        "--lockstep --step-timeout 5000 --bots 3 --wait 120 --steps 30",
        Some(&replays),
    );
    let mut web = serve(None, &format!("--arena {}", game.addr));
    let mut socket = seat(&web.addr).await;
    send(&mut socket, r#"{"hello": "ada"}"#).await;
    let welcome = next(&mut socket).await.unwrap();
    assert_eq!(welcome["welcome"], 0, "{welcome}");
    assert_eq!(welcome["config"]["steps"], 30);
    // A line too long is refused by the relay; the game goes on.
    send(
        &mut socket,
        &format!(r#"{{"tick": 0, "x": "{}"}}"#, "x".repeat(5000)),
    )
    .await;
    let mut ticks = Vec::new();
    let mut refused = None;
    let over = loop {
        let v = next(&mut socket)
            .await
            .expect("the game over before the socket closes");
        if let Some(e) = v.get("error") {
            refused = Some(e.as_str().unwrap().to_string());
            continue;
        }
        if v.get("gameOver").is_some() {
            break v;
        }
        let tick = v["tick"].as_u64().unwrap();
        ticks.push(tick);
        // Every tick answered (lock-step waits for it): L on the first, then "stay".
        let answer = if tick == 0 {
            format!(r#"{{"tick": {tick}, "cmd": "L"}}"#)
        } else {
            format!(r#"{{"tick": {tick}}}"#)
        };
        send(&mut socket, &answer).await;
    };
    assert!(refused.unwrap().contains("not sent"));
    assert_eq!(ticks, (0..30).collect::<Vec<_>>());
    assert_eq!(over["gameOver"]["names"][0], "ada");
    let score = over["gameOver"]["scores"][0].as_i64().unwrap();
    // The relay says when the server closes the connection after its last game.
    let last = next(&mut socket).await.unwrap();
    assert!(last["error"].as_str().unwrap().contains("closed"), "{last}");
    game.wait();
    web.child.kill().unwrap();
    // The server's replay has the page's command and its name.
    let log = replays.json_files().remove(0);
    assert_eq!(log["names"][0], "ada");
    assert_eq!(log["steps"][0][0], serde_json::json!({"Go": "L"}));
    let log: gridlab::games::arena::CommandLog = serde_json::from_value(log).unwrap();
    assert_eq!(gridlab::games::arena::replay(&log).players[0].score, score);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_relay_names_what_is_wrong() {
    // Nothing listens at this port.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dead = closed.local_addr().unwrap().to_string();
    drop(closed);
    let mut web = serve(None, &format!("--arena {dead}"));
    let web_addr = web.addr.clone();
    let error = |v: Option<serde_json::Value>| v.unwrap()["error"].as_str().unwrap().to_string();
    let mut s = seat(&web_addr).await;
    send(&mut s, r#"{"hello": "ada"}"#).await;
    let e = error(next(&mut s).await);
    assert!(e.contains("cannot reach the Arena server"), "{e}");
    let mut s = seat(&web_addr).await;
    send(&mut s, r#"{"hello": ""}"#).await;
    assert!(error(next(&mut s).await).contains("bad name"));
    let mut s = seat(&web_addr).await;
    send(&mut s, r#"{"tick": 3}"#).await;
    assert!(error(next(&mut s).await).contains("first message"));
    web.child.kill().unwrap();
    // Without --arena.
    let mut web = serve(None, "");
    let mut s = seat(&web.addr).await;
    assert!(error(next(&mut s).await).contains("--arena"));
    web.child.kill().unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_hears_that_the_seats_are_taken() {
    // The lobby lasts a minute: four TCP clients take the four seats in it.
    let mut game = arena_serve("--lockstep --wait 60 --steps 10", None);
    let mut web = serve(None, &format!("--arena {}", game.addr));
    let mut clients = Vec::new();
    for i in 0..4 {
        let mut c = std::net::TcpStream::connect(&game.addr).unwrap();
        writeln!(c, "{{\"hello\": \"tcp-{i}\"}}").unwrap();
        let mut line = String::new();
        BufReader::new(c.try_clone().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(line.contains("welcome"), "{line}");
        clients.push(c);
    }
    let mut s = seat(&web.addr).await;
    send(&mut s, r#"{"hello": "late"}"#).await;
    let v = next(&mut s).await.unwrap();
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("all four seats are taken"),
        "{v}"
    );
    game.child.kill().unwrap();
    web.child.kill().unwrap();
}

#[test]
fn a_bare_tick_does_not_undo_a_command() {
    // The protocol: the last command for a step counts, a bare tick does not undo it
    // (a page sends a key's command at once and then answers the step bare).
    let replays = TempDir::new("bare");
    let mut game = arena_serve(
        "--lockstep --step-timeout 5000 --bots 3 --wait 60 --steps 3",
        Some(&replays),
    );
    let mut c = std::net::TcpStream::connect(&game.addr).unwrap();
    writeln!(c, "{{\"hello\": \"tcp\"}}").unwrap();
    let mut lines = BufReader::new(c.try_clone().unwrap()).lines();
    for line in lines.by_ref() {
        let v: serde_json::Value = serde_json::from_str(&line.unwrap()).unwrap();
        if v.get("gameOver").is_some() {
            break;
        }
        if let Some(t) = v.get("tick").and_then(|t| t.as_u64()) {
            if t == 0 {
                writeln!(c, "{{\"tick\": 0, \"cmd\": \"L\"}}").unwrap();
            }
            writeln!(c, "{{\"tick\": {t}}}").unwrap();
        }
    }
    game.wait();
    let log = replays.json_files().remove(0);
    assert_eq!(log["steps"][0][0], serde_json::json!({"Go": "L"}));
    assert_eq!(log["steps"][1][0], serde_json::Value::Null);
}
