//! `gridlab serve`: the playground over HTTP (static files from www/ and pkg/).

use super::{EXIT_BAD_INPUT, EXIT_OK};
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
}

/// The playground's routes: `/` is `www/`, `/pkg` is the wasm-bindgen output,
/// `/levels` the level collection.
pub fn router(root: &std::path::Path) -> Router {
    Router::new()
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
        println!("gridlab playground at http://{addr}/ (Ctrl-C to stop)");
        let app = router(&args.root);
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
