//! `gridlab serve` against hostile input: names the file system cannot hold answer
//! 404, and a client that sends half a request (or keeps a connection idle) is cut
//! off after the header timeout while other clients are served.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A playground folder that removes itself.
struct Root(std::path::PathBuf);

impl Root {
    fn new(name: &str) -> Root {
        let root = std::env::temp_dir().join(format!("gridlab-{name}-{}", std::process::id()));
        for dir in ["www", "pkg", "levels/pengu"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        std::fs::write(
            root.join("www/index.html"),
            "<!doctype html><title>t</title>",
        )
        .unwrap();
        std::fs::write(root.join("levels/pengu/a.txt"), "3 3\n###\n#P#\n###\n").unwrap();
        Root(root)
    }
}

impl Drop for Root {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server that kills itself when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Start `gridlab serve` on a free port with `extra` options; returns it and its
/// address (from the first line it prints).
fn serve(root: &Root, extra: &[&str]) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridlab"))
        .args(["serve", "--port", "0", "--root"])
        .arg(&root.0)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    let addr = first
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    (Server(child), addr)
}

/// One request on its own connection; the whole answer.
fn get(addr: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

/// Whether a read to the end ended because the server closed the connection (rather
/// than by the read timeout).
fn closed_by_server(read: &std::io::Result<usize>) -> bool {
    match read {
        Ok(_) => true,
        Err(e) => e.kind() == std::io::ErrorKind::ConnectionReset,
    }
}

#[test]
fn a_path_segment_too_long_for_the_file_system_is_not_found() {
    let root = Root::new("serve-long");
    let (_server, addr) = serve(&root, &[]);
    let long = "a".repeat(300);
    for path in [
        format!("/{long}"),
        format!("/{long}/index.html"),
        format!("/pkg/{long}.wasm"),
        format!("/levels/pengu/{long}.txt"),
        format!("/{}", [long.as_str(); 20].join("/")),
    ] {
        let answer = get(&addr, &path);
        assert!(answer.starts_with("HTTP/1.1 404"), "{path}: {answer}");
    }
    // The server is still fine.
    assert!(get(&addr, "/levels/pengu/a.txt").contains("#P#"));
    assert!(get(&addr, "/").starts_with("HTTP/1.1 200"));
}

#[test]
fn a_half_sent_request_is_cut_off_while_others_are_served() {
    let root = Root::new("serve-slow");
    let (_server, addr) = serve(&root, &["--header-timeout-ms", "500"]);
    // The slow client sends the start of a request and then nothing.
    let mut slow = TcpStream::connect(&addr).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    write!(slow, "GET / HTTP/1.1\r\nHost: localhost\r\n").unwrap();
    let sent = Instant::now();
    // Meanwhile others are served, on new connections and on a kept-alive one.
    for _ in 0..3 {
        assert!(get(&addr, "/").starts_with("HTTP/1.1 200"));
    }
    let mut kept = TcpStream::connect(&addr).unwrap();
    kept.set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    write!(
        kept,
        "GET /levels/pengu/a.txt HTTP/1.1\r\nHost: localhost\r\n\r\n"
    )
    .unwrap();
    // The slow connection is closed by the server (whatever it says first), long
    // before the 60 s read timeout.
    let mut said = Vec::new();
    let closed = slow.read_to_end(&mut said);
    assert!(
        closed_by_server(&closed),
        "not closed by the server: {closed:?}"
    );
    assert!(sent.elapsed() < Duration::from_secs(50));
    // The kept-alive connection got its answer, then is closed once idle.
    let mut answer = Vec::new();
    let closed = kept.read_to_end(&mut answer);
    assert!(
        closed_by_server(&closed),
        "idle connection not closed: {closed:?}"
    );
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        answer.starts_with("HTTP/1.1 200") && answer.contains("#P#"),
        "{answer}"
    );
    // And the server still serves.
    assert!(get(&addr, "/").starts_with("HTTP/1.1 200"));
}

/// One HTTP/1.0 request (so the answer is not chunked) with `Accept-Encoding`;
/// returns the header block (lower-cased) and the raw body.
fn get_encoded(addr: &str, path: &str, accept: Option<&str>) -> (String, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let accept = accept
        .map(|a| format!("Accept-Encoding: {a}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "GET {path} HTTP/1.0\r\nHost: localhost\r\n{accept}\r\n"
    )
    .unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&answer[..split]).to_lowercase();
    (head, answer[split + 4..].to_vec())
}

#[test]
fn the_wasm_module_and_the_scripts_go_compressed_when_the_browser_asks() {
    let root = Root::new("compress");
    // A module-sized file that compresses, and a script.
    let wasm: Vec<u8> = (0..300_000u32)
        .map(|i| ((i % 251) ^ (i / 1000)) as u8)
        .collect();
    std::fs::write(root.0.join("pkg/gridlab_bg.wasm"), &wasm).unwrap();
    let script = "export const answer = 42;\n".repeat(200);
    std::fs::write(root.0.join("www/app.js"), &script).unwrap();
    let (_server, addr) = serve(&root, &[]);
    for (path, bytes) in [
        ("/pkg/gridlab_bg.wasm", &wasm),
        ("/app.js", &script.as_bytes().to_vec()),
    ] {
        let (head, body) = get_encoded(&addr, path, None);
        assert!(!head.contains("content-encoding"), "{path}: {head}");
        assert_eq!(&body, bytes, "{path} uncompressed");

        let (head, body) = get_encoded(&addr, path, Some("gzip"));
        assert!(head.contains("content-encoding: gzip"), "{path}: {head}");
        assert!(head.contains("vary: accept-encoding"), "{path}: {head}");
        assert!(
            body.len() < bytes.len() / 2,
            "{path}: {} of {}",
            body.len(),
            bytes.len()
        );
        let mut plain = Vec::new();
        flate2::read::GzDecoder::new(&body[..])
            .read_to_end(&mut plain)
            .unwrap();
        assert_eq!(&plain, bytes, "{path} through gzip");

        let (head, body) = get_encoded(&addr, path, Some("gzip, deflate, br"));
        assert!(head.contains("content-encoding: br"), "{path}: {head}");
        let mut plain = Vec::new();
        brotli_decompressor::Decompressor::new(&body[..], 4096)
            .read_to_end(&mut plain)
            .unwrap();
        assert_eq!(&plain, bytes, "{path} through Brotli");
    }
}
