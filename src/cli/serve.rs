//! `gridlab serve`: the playground over HTTP (static files from www/ and pkg/).
//!
//! axum routes and tower-http serves the files; the connections are hyper's, with
//! limits against slow, idle or greedy clients (see [`Caps`]): a request's head must
//! arrive within [`HEADER_TIMEOUT`] (which also closes a kept-alive connection idle
//! that long), a write that makes no progress for [`WRITE_STALL`] drops the connection
//! (a client that requests the wasm module and never reads), at most
//! [`MAX_CONNECTIONS`] connections are served at once (more wait in the listen queue),
//! at most [`MAX_PER_ADDRESS`] are open from one address (more are answered 503), and
//! the Arena relays' WebSockets have pools of their own ([`MAX_SEAT_PAGES`],
//! [`MAX_LIVE_PAGES`]). At start the soft limit on open files is raised to the hard
//! one and the caps are sized to fit it.

use super::{CliError, EXIT_OK};
use axum::body::Body;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
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

pub mod conn;
pub mod packed;
pub mod relay;
pub mod stamp;
use conn::{Conn, PerAddress};
use packed::{Coding, Packed};
use relay::{Relays, Role, MAX_MESSAGE};

/// How long a client has to send a request's head (request line and headers), and
/// how long a kept-alive connection may stay idle between requests.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections served at once; further ones wait in the listen queue.
pub const MAX_CONNECTIONS: usize = 512;
/// Connections open at once from one address (HTTP and WebSockets); more are answered
/// 503 and closed.
pub const MAX_PER_ADDRESS: usize = 256;
/// Pages playing a seat through the relay (`/arena/seat`) at once; a newcomer past it
/// closes the oldest that has not said hello yet, else is told the relay is full.
pub const MAX_SEAT_PAGES: usize = 64;
/// Pages watching through the relay (`/arena/live`) at once.
pub const MAX_LIVE_PAGES: usize = 256;
/// How long a write may make no progress (the client takes nothing) before the
/// connection is dropped.
pub const WRITE_STALL: Duration = Duration::from_secs(20);
/// Open files kept for other uses than connections (standard streams, the listener,
/// the runtime).
const SPARE_FILES: u64 = 32;
/// The fewest open files `gridlab serve` runs with.
pub const MIN_OPEN_FILES: u64 = 64;
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
    /// Longest write stall in milliseconds (for tests).
    #[arg(long, hide = true, default_value_t = WRITE_STALL.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    write_timeout_ms: u64,
    /// Connections served at once (for tests).
    #[arg(long, hide = true, default_value_t = MAX_CONNECTIONS, value_parser = cap())]
    max_connections: usize,
    /// Connections open at once from one address (for tests).
    #[arg(long, hide = true, default_value_t = MAX_PER_ADDRESS, value_parser = cap())]
    max_per_ip: usize,
    /// Seat pages at once (for tests).
    #[arg(long, hide = true, default_value_t = MAX_SEAT_PAGES, value_parser = cap())]
    max_seat_pages: usize,
    /// Live pages at once (for tests).
    #[arg(long, hide = true, default_value_t = MAX_LIVE_PAGES, value_parser = cap())]
    max_live_pages: usize,
}

/// A hidden cap: 1 to 100,000.
fn cap() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=100_000)
}

/// Why `gridlab serve` cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The root folder has no playground.
    #[error("{} has no www/index.html (run from the gridlab checkout or pass --root)", .0.display())]
    NoPlayground(PathBuf),
    /// `--host` and `--port` make no address.
    #[error("bad --host/--port: {0}")]
    Address(#[from] std::net::AddrParseError),
    /// The open-file limit is below [`MIN_OPEN_FILES`] even when raised.
    #[error(
        "this process may open only {files} files (ulimit -n); gridlab serve needs at least {MIN_OPEN_FILES}"
    )]
    FewFiles {
        /// The limit.
        files: u64,
    },
    /// The asynchronous runtime does not start.
    #[error("cannot start the server: {0}")]
    Runtime(#[source] std::io::Error),
    /// The address cannot be listened on (in use, not this machine's, a privileged
    /// port).
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

/// How many connections of each kind are served at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// HTTP connections being served.
    pub connections: usize,
    /// Connections open from one address.
    pub per_address: usize,
    /// Seat pages on the relay.
    pub seats: usize,
    /// Live pages on the relay.
    pub live: usize,
}

impl Caps {
    /// These caps, scaled down if need be to fit `files` open files (an HTTP
    /// connection may hold a file it serves, a relay page its Arena connection);
    /// `Err` when `files` is below [`MIN_OPEN_FILES`].
    pub fn fit(self, files: Option<u64>) -> Result<Caps, ServeError> {
        let Some(files) = files else {
            return Ok(self);
        };
        if files < MIN_OPEN_FILES {
            return Err(ServeError::FewFiles { files });
        }
        let need = 2 * (self.connections + self.seats + self.live) as u64 + SPARE_FILES;
        if need <= files {
            return Ok(self);
        }
        let room = files - SPARE_FILES;
        let scale = |n: usize| ((n as u64 * room / (need - SPARE_FILES)) as usize).max(1);
        Ok(Caps {
            connections: scale(self.connections),
            per_address: self.per_address.min(scale(self.connections).max(2)),
            seats: scale(self.seats),
            live: scale(self.live),
        })
    }
}

/// The playground's routes: `/` is `www/`, `/pkg` is the wasm-bindgen output,
/// `/levels` the level collection, and the relays to the Arena server at `arena`:
/// `/arena/live` its spectator feed, `/arena/seat` a seat to play (WebSockets, a
/// message per line; see [`relay`]).
pub fn router(root: &std::path::Path, arena: Option<String>, relays: Relays) -> Router {
    let route = |role: Role| {
        let (arena, relays) = (arena.clone(), relays.clone());
        axum::routing::get(move |ws: WebSocketUpgrade| {
            let (arena, relays) = (arena.clone(), relays.clone());
            async move {
                // The page's place, taken before the upgrade (None: the relay is full).
                let slot = relays.take(role);
                ws.max_message_size(MAX_MESSAGE)
                    .max_frame_size(MAX_MESSAGE)
                    .on_upgrade(move |socket| relay::relay(socket, arena, role, slot, relays))
            }
        })
    };
    // One store of compressed copies for the three folders.
    let packed = Arc::new(Packed::default());
    Router::new()
        .route("/arena/live", route(Role::Spectator))
        .route("/arena/seat", route(Role::Player))
        .nest_service("/pkg", files(root.join("pkg"), None, Arc::clone(&packed)))
        .nest_service(
            "/levels",
            files(root.join("levels"), None, Arc::clone(&packed)),
        )
        .fallback_service(files(root.join("www"), Some(root.to_path_buf()), packed))
        // Every file is revalidated (`no-cache`): an unchanged one costs a 304 and no
        // body (see [`files`]), a rebuilt one is fetched at once.
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        // gzip or Brotli as the browser asks (`Vary: Accept-Encoding`), per request, for
        // the files that have no compressed copy beside them or in memory (larger than
        // packed::MAX_FILE).
        .layer(CompressionLayer::new().gzip(true).br(true))
}

/// The files under `dir`, with the file system's errors as HTTP answers (tower-http
/// answers 500 with an empty body for any error but "not found" and "denied").
///
/// A file with a compressed copy beside it (`NAME.br`, `NAME.gz`, made by `make wasm`
/// for the module) is sent as that copy when the browser accepts its encoding; another
/// text file (a script, a style sheet, a page, a level) as its copy kept in memory by
/// `packed` (made once per version of the file: see [`packed`]). Each file carries two
/// validators, `Last-Modified` and an [`etag`] (size, modification time and encoding):
/// a request naming the current one in `If-None-Match` (or, without that header, a date
/// not before the file's in `If-Modified-Since`) is answered 304 with no body.
///
/// With `stamp_root`, a page (`/`, a folder, a `.html` file) also carries the
/// playground's build stamp ([`stamp::HEADER`], see [`stamp`]), 200 and 304 alike.
fn files(dir: PathBuf, stamp_root: Option<PathBuf>, packed: Arc<Packed>) -> MethodRouter {
    // The copies are kept under the file's folder and path (a nested service sees the
    // path without its prefix).
    let folder = dir.to_string_lossy().into_owned();
    let serve = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    axum::routing::any(move |mut request: Request| {
        let mut serve = serve.clone();
        let stamp_root = stamp_root.clone();
        let packed = Arc::clone(&packed);
        let folder = folder.clone();
        async move {
            let path = request.uri().path().to_owned();
            let page = path.ends_with('/') || path.ends_with(".html");
            let stamped = match stamp_root {
                Some(root) if page => Some(stamped(root)),
                _ => None,
            };
            // RFC 9110 13.1.3: If-None-Match, when present, decides alone.
            let none_match = request.headers_mut().remove(header::IF_NONE_MATCH);
            if none_match.is_some() {
                request.headers_mut().remove(header::IF_MODIFIED_SINCE);
            }
            let accepts = packed::accepted(request.headers());
            // A HEAD is answered as the GET would be (its compressed length), without
            // the body (hyper sends none).
            let method = request.method().clone();
            if method == Method::HEAD && accepts.is_some() {
                *request.method_mut() = Method::GET;
            }
            let mut response = match serve.try_call(request).await {
                Ok(response) => {
                    let response = response.map(Body::new);
                    let coding = packed::choose(&response, &method, accepts);
                    let response = validate(response, none_match.as_ref(), coding);
                    match coding {
                        Some(coding) if response.status() == StatusCode::OK => {
                            packed
                                .encode(&format!("{folder}{path}"), coding, response)
                                .await
                        }
                        _ => response,
                    }
                }
                Err(e) => return io_error_response(&path, &e),
            };
            if let Some(value) = stamped {
                if let Some(value) = value.await {
                    response.headers_mut().insert(stamp::HEADER, value);
                }
            }
            response
        }
    })
}

/// The build stamp of the files under `root`, read off the async runtime.
async fn stamped(root: PathBuf) -> Option<HeaderValue> {
    let value = tokio::task::spawn_blocking(move || stamp::stamp(&root))
        .await
        .ok()?;
    HeaderValue::from_str(&value).ok()
}

/// `response` with its [`etag`] (for the encoding `coding` it is to be sent in, when
/// it is to be compressed here); a 304 with no body when `none_match` names it.
fn validate(
    mut response: Response,
    none_match: Option<&HeaderValue>,
    coding: Option<Coding>,
) -> Response {
    let Some(tag) = etag(&response, coding) else {
        return response;
    };
    if coding.is_some() {
        response
            .headers_mut()
            .append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    // Weak comparison (RFC 9110 8.8.3.2): the `W/` prefixes do not count.
    let opaque = |t: &str| t.trim().trim_start_matches("W/").to_owned();
    let ours = opaque(tag.to_str().unwrap_or_default());
    let matches = none_match
        .and_then(|v| v.to_str().ok())
        .is_some_and(|list| {
            list.split(',')
                .any(|t| t.trim() == "*" || opaque(t) == ours)
        });
    if matches {
        let mut not_modified = StatusCode::NOT_MODIFIED.into_response();
        for name in [
            header::LAST_MODIFIED,
            header::CONTENT_ENCODING,
            header::VARY,
        ] {
            if let Some(value) = response.headers().get(&name) {
                not_modified.headers_mut().insert(name, value.clone());
            }
        }
        response = not_modified;
    }
    response.headers_mut().insert(header::ETAG, tag);
    response
}

/// The entity tag of a file answer (200, with `Last-Modified` and `Content-Length`):
/// weak, made of its size, modification time and content encoding (its own, else
/// `coding`, the one it is to be compressed in), e.g. `W/"37a0f9-6747a1c0-br"`; `None`
/// for other answers.
pub fn etag(response: &Response, coding: Option<Coding>) -> Option<HeaderValue> {
    if response.status() != StatusCode::OK {
        return None;
    }
    let headers = response.headers();
    let modified = headers.get(header::LAST_MODIFIED)?.to_str().ok()?;
    let modified = httpdate::parse_http_date(modified).ok()?;
    let secs = modified
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_secs();
    let length = packed::content_length(headers)?;
    let encoding = headers
        .get(header::CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .or(coding.map(Coding::name))
        .unwrap_or("identity");
    HeaderValue::from_str(&format!("W/\"{length:x}-{secs:x}-{encoding}\"")).ok()
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

/// Run `gridlab serve` until Ctrl-C.
pub fn run(args: ServeArgs) -> Result<u8, CliError> {
    if !args.root.join("www").join("index.html").is_file() {
        return Err(ServeError::NoPlayground(args.root).into());
    }
    if !args.root.join("pkg").is_dir() {
        eprintln!("warning: no pkg/ folder yet: run `make wasm` to build the WebAssembly module");
    }
    let addr: SocketAddr = format!("{}:{}", args.host, args.port)
        .parse()
        .map_err(ServeError::Address)?;
    let asked = Caps {
        connections: args.max_connections,
        per_address: args.max_per_ip,
        seats: args.max_seat_pages,
        live: args.max_live_pages,
    };
    let caps = asked.fit(conn::raise_open_files())?;
    if caps != asked {
        eprintln!(
            "warning: the open-file limit (ulimit -n) is low: serving at most {} connections \
             ({} from one address), {} seat pages and {} live pages",
            caps.connections, caps.per_address, caps.seats, caps.live
        );
    }
    let runtime = tokio::runtime::Runtime::new().map_err(ServeError::Runtime)?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|source| ServeError::Listen { addr, source })?;
        let addr = listener.local_addr().unwrap_or(addr);
        println!("gridlab playground at http://{addr}/ (Ctrl-C to stop)");
        let relays = Relays::new(caps.seats, caps.live);
        let app = router(&args.root, args.arena.clone(), relays);
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        let limits = Limits {
            caps,
            header_timeout: Duration::from_millis(args.header_timeout_ms),
            write_stall: Duration::from_millis(args.write_timeout_ms),
        };
        serve_http(listener, app, limits, shutdown).await;
        Ok::<_, CliError>(EXIT_OK)
    })
}

/// The limits of [`serve_http`].
struct Limits {
    caps: Caps,
    header_timeout: Duration,
    write_stall: Duration,
}

/// Serve `app` on `listener` until `shutdown` completes, then give the requests in
/// flight [`SHUTDOWN_GRACE`] to finish.
async fn serve_http(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(limits.caps.connections));
    let addresses = PerAddress::default();
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
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = super::accept::accept(&listener, &mut backoff, "[serve]") => accepted,
        };
        let Some(address) = addresses.take(peer.ip(), limits.caps.per_address) else {
            refuse(&stream, limits.caps.per_address);
            continue;
        };
        let _ = stream.set_nodelay(true);
        // A bounded send buffer: a client that stops reading holds little kernel memory.
        let _ = socket2::SockRef::from(&stream).set_send_buffer_size(SEND_BUFFER);
        let io = TokioIo::new(Conn::new(stream, limits.write_stall, address));
        let service = TowerToHyperService::new(app.clone());
        let mut closing = closing_rx.clone();
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(io, service)
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
    let all = u32::try_from(limits.caps.connections).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, slots.acquire_many(all)).await;
}

/// The kernel's send buffer for a connection (it holds about twice this).
const SEND_BUFFER: usize = 256 * 1024;

/// Answer a connection over its address's cap with a 503 and close it (what it sent
/// is read first, so that the close does not reset the answer away).
fn refuse(stream: &tokio::net::TcpStream, cap: usize) {
    let mut sink = [0u8; 4096];
    while matches!(stream.try_read(&mut sink), Ok(n) if n > 0) {}
    let body = format!("too many connections from your address ({cap} at most): try again\n");
    let _ = stream.try_write(
        format!(
            "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Type: text/plain\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
}
