//! `gridlab serve`: the playground over HTTP (static files from www/ and pkg/).

use super::{EXIT_BAD_INPUT, EXIT_OK};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::{header, HeaderValue};
use axum::Router;
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

#[derive(Args)]
pub struct ServeArgs {
    /// Port to listen on.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Folder holding www/, pkg/ and levels/ (default: the current folder).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// An Arena game server (`gridlab arena serve`) to relay to the browser as a
    /// spectator feed at /arena/live (WebSocket), e.g. 127.0.0.1:7777.
    #[arg(long, value_name = "HOST:PORT")]
    arena: Option<String>,
}

/// The playground's routes: `/` is `www/`, `/pkg` is the wasm-bindgen output,
/// `/levels` the level collection.
/// The playground's routes and, at `/arena/live`, the spectator feed of the Arena
/// server at `arena` (a WebSocket message per line the game server sends).
pub fn router(root: &std::path::Path, arena: Option<String>) -> Router {
    let live = axum::routing::get(move |ws: WebSocketUpgrade| {
        let arena = arena.clone();
        async move { ws.on_upgrade(move |socket| relay(socket, arena)) }
    });
    Router::new()
        .route("/arena/live", live)
        .nest_service("/pkg", ServeDir::new(root.join("pkg")))
        .nest_service("/levels", ServeDir::new(root.join("levels")))
        .fallback_service(ServeDir::new(root.join("www")))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
}

pub fn run(args: ServeArgs) -> u8 {
    if !args.root.join("www").join("index.html").is_file() {
        eprintln!(
            "error: {} has no www/index.html (run from the gridlab checkout or pass --root)",
            args.root.display()
        );
        return EXIT_BAD_INPUT;
    }
    if !args.root.join("pkg").is_dir() {
        eprintln!("warning: no pkg/ folder yet: run `make wasm` to build the WebAssembly module");
    }
    let addr: SocketAddr = match format!("{}:{}", args.host, args.port).parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: bad --host/--port: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on {addr}: {e}");
                return EXIT_BAD_INPUT;
            }
        };
        let addr = listener.local_addr().unwrap_or(addr);
        println!("gridlab playground at http://{addr}/ (Ctrl-C to stop)");
        let app = router(&args.root, args.arena.clone());
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        match axum::serve(listener, app)
            .with_graceful_shutdown(shutdown)
            .await
        {
            Ok(()) => EXIT_OK,
            Err(e) => {
                eprintln!("error: {e}");
                EXIT_BAD_INPUT
            }
        }
    })
}

/// Watch the Arena server as a spectator and pass each of its lines to the browser,
/// until either side closes.
async fn relay(mut socket: WebSocket, arena: Option<String>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let error =
        |text: String| Message::Text(serde_json::json!({ "error": text }).to_string().into());
    let Some(addr) = arena else {
        let _ = socket
            .send(error(
                "no Arena server: start gridlab serve with --arena HOST:PORT".into(),
            ))
            .await;
        return;
    };
    let stream = match tokio::net::TcpStream::connect(&addr).await {
        Ok(s) => s,
        Err(e) => {
            let _ = socket
                .send(error(format!(
                    "cannot reach the Arena server at {addr}: {e}"
                )))
                .await;
            return;
        }
    };
    let (read, mut write) = stream.into_split();
    if write.write_all(b"{\"spectate\": true}\n").await.is_err() {
        return;
    }
    let mut lines = BufReader::new(read).lines();
    loop {
        tokio::select! {
            line = lines.next_line() => match line {
                Ok(Some(line)) => {
                    if socket.send(Message::Text(line.into())).await.is_err() {
                        return;
                    }
                }
                _ => {
                    let _ = socket.send(error(format!("the Arena server at {addr} closed the feed"))).await;
                    return;
                }
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                _ => {}
            },
        }
    }
}
