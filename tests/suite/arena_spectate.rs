//! The spectator feed: `gridlab serve --arena HOST:PORT` relays a live game of
//! `gridlab arena serve` to browsers over a WebSocket at /arena/live.

use futures_util::StreamExt;

use crate::common;
use common::{arena_serve, serve, TempDir};

#[tokio::test(flavor = "multi_thread")]
async fn a_browser_watches_a_live_game_over_a_websocket() {
    let replays = TempDir::new("spectate");
    let mut game = arena_serve("--realtime --wait 1 --steps 60", Some(&replays));
    let mut web = serve(None, &format!("--arena {}", game.addr));
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{}/arena/live", web.addr))
        .await
        .unwrap();
    let mut ticks = 0;
    let mut over = None;
    let mut first = None;
    while let Some(Ok(message)) = socket.next().await {
        let text = message.into_text().unwrap().to_string();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        first.get_or_insert_with(|| text.clone());
        if v.get("tick").is_some() {
            ticks += 1;
        }
        if v.get("gameOver").is_some() {
            over = Some(v);
            break;
        }
    }
    let first: serde_json::Value = serde_json::from_str(&first.unwrap()).unwrap();
    assert_eq!(first["spectating"], true);
    assert_eq!(first["config"]["steps"], 60);
    assert_eq!(first["names"].as_array().unwrap().len(), 4);
    assert!(ticks >= 50, "{ticks} states relayed");
    let names = over.unwrap()["gameOver"]["names"].clone();
    assert_eq!(names.as_array().unwrap().len(), 4, "{names}");
    game.wait();
    web.child.kill().unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn without_an_arena_server_the_feed_says_so() {
    let mut web = serve(None, "");
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{}/arena/live", web.addr))
        .await
        .unwrap();
    let text = socket
        .next()
        .await
        .unwrap()
        .unwrap()
        .into_text()
        .unwrap()
        .to_string();
    assert!(
        text.contains("\"error\"") && text.contains("--arena"),
        "{text}"
    );
    web.child.kill().unwrap();
}
