//! `gridlab serve`: the playground over HTTP (static files from www/ and pkg/).
//!
//! axum routes and tower-http serves the files; the connections are hyper's, with
//! limits against slow or idle clients: a request's head must arrive within
//! [`HEADER_TIMEOUT`] (which also closes a kept-alive connection idle that long),
//! and at most [`MAX_CONNECTIONS`] connections are served at once (more wait in the
//! listen queue).

use super::{EXIT_BAD_INPUT, EXIT_OK};
use axum::body::Body;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use axum::Router;
use clap::Args;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

mod relay;
use relay::{Role, MAX_MESSAGE};

/// How long a client has to send a request's head (request line and headers), and
/// how long a kept-alive connection may stay idle between requests.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections served at once; further ones wait in the listen queue.
pub const MAX_CONNECTIONS: usize = 512;
/// How long Ctrl-C waits for the requests in flight.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

/// Options of `gridlab serve`.
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
    /// An Arena game server (`gridlab arena serve`) to relay to the browser, e.g.
    /// 127.0.0.1:7777: a spectator feed at /arena/live and a seat to play at
    /// /arena/seat (WebSockets, one line a message).
    #[arg(long, value_name = "HOST:PORT")]
    arena: Option<String>,
    /// The header-read (and keep-alive idle) timeout in milliseconds (for tests).
    #[arg(long, hide = true, default_value_t = HEADER_TIMEOUT.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    header_timeout_ms: u64,
}

/// The playground's routes: `/` is `www/`, `/pkg` is the wasm-bindgen output,
/// `/levels` the level collection, and the relays to the Arena server at `arena`:
/// `/arena/live` its spectator feed, `/arena/seat` a seat to play (WebSockets, a
/// message per line; see [`relay`]).
pub fn router(root: &std::path::Path, arena: Option<String>) -> Router {
    let route = |role: Role| {
        let arena = arena.clone();
        axum::routing::get(move |ws: WebSocketUpgrade| {
            let arena = arena.clone();
            async move {
                ws.max_message_size(MAX_MESSAGE)
                    .max_frame_size(MAX_MESSAGE)
                    .on_upgrade(move |socket| relay::relay(socket, arena, role))
            }
        })
    };
    Router::new()
        .route("/arena/live", route(Role::Spectator))
        .route("/arena/seat", route(Role::Player))
        .nest_service("/pkg", files(root.join("pkg")))
        .nest_service("/levels", files(root.join("levels")))
        .fallback_service(files(root.join("www")))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        // gzip or Brotli as the browser asks (`Vary: Accept-Encoding`): the wasm module
        // goes from about 960 kB to about 330 kB on the wire.
        .layer(CompressionLayer::new().gzip(true).br(true))
}

/// The files under `dir`, with the file system's errors as HTTP answers (tower-http
/// answers 500 with an empty body for any error but "not found" and "denied").
fn files(dir: PathBuf) -> MethodRouter {
    let serve = ServeDir::new(dir);
    axum::routing::any(move |request: Request| {
        let mut serve = serve.clone();
        async move {
            let path = request.uri().path().to_owned();
            match serve.try_call(request).await {
                Ok(response) => response.map(Body::new),
                Err(e) => io_error_response(&path, &e),
            }
        }
    })
}

/// The answer to an I/O error while serving `path`: 404 for a name the file system
/// cannot hold (too long, a file used as a folder, a symlink loop), 503 when the
/// server is out of descriptors or memory, else 500; each with a short text body.
fn io_error_response(path: &str, e: &std::io::Error) -> Response {
    #[cfg(unix)]
    let (not_found, busy) = {
        let code = e.raw_os_error();
        let not_found = [libc::ENAMETOOLONG, libc::ENOTDIR, libc::ELOOP]
            .iter()
            .any(|&c| code == Some(c));
        let busy = [libc::EMFILE, libc::ENFILE, libc::ENOMEM, libc::ENOBUFS]
            .iter()
            .any(|&c| code == Some(c));
        (not_found, busy)
    };
    #[cfg(not(unix))]
    let (not_found, busy) = (false, false);
    use std::io::ErrorKind;
    if not_found || matches!(e.kind(), ErrorKind::NotFound | ErrorKind::PermissionDenied) {
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    }
    if busy {
        eprintln!("[serve] {path}: {e}");
        let mut response = (
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: try again\n",
        )
            .into_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return response;
    }
    eprintln!("[serve] {path}: {e}");
    (StatusCode::INTERNAL_SERVER_ERROR, "cannot read the file\n").into_response()
}

/// Run `gridlab serve`.
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
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    runtime.block_on(async move {
        let listener = match TcpListener::bind(addr).await {
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
        let header_timeout = Duration::from_millis(args.header_timeout_ms);
        serve_http(listener, app, header_timeout, shutdown).await;
        EXIT_OK
    })
}

/// Serve `app` on `listener` until `shutdown` completes, then give the requests in
/// flight [`SHUTDOWN_GRACE`] to finish.
async fn serve_http(
    listener: TcpListener,
    app: Router,
    header_timeout: Duration,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let (closing_tx, closing_rx) = watch::channel(());
    let mut backoff = super::accept::Backoff::new();
    tokio::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            () = &mut shutdown => break,
            slot = Arc::clone(&slots).acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => break,
            },
        };
        let (stream, _) = tokio::select! {
            () = &mut shutdown => break,
            accepted = super::accept::accept(&listener, &mut backoff, "[serve]") => accepted,
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let mut closing = closing_rx.clone();
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = closing.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(slot);
        });
    }
    drop(listener);
    let _ = closing_tx.send(());
    let all = u32::try_from(MAX_CONNECTIONS).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, slots.acquire_many(all)).await;
}
