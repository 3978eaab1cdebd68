//! `gridlab serve` against hostile input: names the file system cannot hold answer
//! 404, and a client that sends half a request (or keeps a connection idle) is cut
//! off after the header timeout while other clients are served. And its caching: a
//! file's validators (ETag, Last-Modified) get a 304 while it is unchanged, a 200 once
//! it changed; the module's compressed copies go out as the browser accepts them, and
//! the scripts as copies compressed once per version.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common;
use common::{playground, serve};

/// A connection to `addr` whose reads time out after 60 s.
fn connect(addr: &str) -> TcpStream {
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    stream
}

/// `request` sent on its own connection; the whole answer.
fn exchange(addr: &str, request: &str) -> Vec<u8> {
    let mut stream = connect(addr);
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    answer
}

/// One request on its own connection; the whole answer.
fn get(addr: &str, path: &str) -> String {
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    String::from_utf8(exchange(addr, &request)).unwrap()
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
    let root = playground("serve-long");
    let server = serve(Some(&root), "");
    let addr = server.addr.clone();
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
    let root = playground("serve-slow");
    let server = serve(Some(&root), "--header-timeout-ms 500");
    let addr = server.addr.clone();
    // The slow client sends the start of a request and then nothing.
    let mut slow = connect(&addr);
    write!(slow, "GET / HTTP/1.1\r\nHost: localhost\r\n").unwrap();
    let sent = Instant::now();
    // Meanwhile others are served, on new connections and on a kept-alive one.
    for _ in 0..3 {
        assert!(get(&addr, "/").starts_with("HTTP/1.1 200"));
    }
    let mut kept = connect(&addr);
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
    let accept = accept
        .map(|a| format!("Accept-Encoding: {a}\r\n"))
        .unwrap_or_default();
    let request = format!("GET {path} HTTP/1.0\r\nHost: localhost\r\n{accept}\r\n");
    let answer = exchange(addr, &request);
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&answer[..split]).to_lowercase();
    (head, answer[split + 4..].to_vec())
}

#[test]
fn the_wasm_module_and_the_scripts_go_compressed_when_the_browser_asks() {
    let root = playground("compress");
    // A module-sized file that compresses, and a script.
    let wasm: Vec<u8> = (0..300_000u32)
        .map(|i| ((i % 251) ^ (i / 1000)) as u8)
        .collect();
    std::fs::write(root.0.join("pkg/gridlab_bg.wasm"), &wasm).unwrap();
    let script = "export const answer = 42;\n".repeat(200);
    std::fs::write(root.0.join("www/app.js"), &script).unwrap();
    let server = serve(Some(&root), "");
    let addr = server.addr.clone();
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

/// `GET path` with the extra header lines `headers` on its own connection: the answer's
/// head and body.
fn get_with(addr: &str, path: &str, headers: &[&str]) -> (String, Vec<u8>) {
    let extra: String = headers.iter().map(|h| format!("{h}\r\n")).collect();
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n{extra}Connection: close\r\n\r\n");
    let answer = exchange(addr, &request);
    let end = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an answer head");
    let head = String::from_utf8_lossy(&answer[..end]).into_owned();
    (head, answer[end + 4..].to_vec())
}

/// The value of header `name` (any case) in an answer's head.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|l| {
        let (key, value) = l.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

#[test]
fn an_unchanged_file_is_answered_304_and_a_changed_one_200() {
    let root = playground("serve-validators");
    root.write("pkg/gridlab.js", "export const a = 1;\n");
    let server = serve(Some(&root), "");
    let addr = server.addr.clone();
    let (head, body) = get_with(&addr, "/pkg/gridlab.js", &[]);
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert_eq!(body, b"export const a = 1;\n");
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    let tag = header(&head, "etag").expect("an etag").to_owned();
    let date = header(&head, "last-modified").expect("a date").to_owned();
    assert!(
        tag.starts_with("W/\"14-") && tag.ends_with("-identity\""),
        "{tag}"
    );

    // The second request names the first answer's validators: 304, no body.
    for validator in [
        format!("If-None-Match: {tag}"),
        format!("If-None-Match: \"x\", {tag}"),
        format!("If-Modified-Since: {date}"),
    ] {
        let (head, body) = get_with(&addr, "/pkg/gridlab.js", &[&validator]);
        assert!(head.starts_with("HTTP/1.1 304"), "{validator}: {head}");
        assert!(body.is_empty(), "{validator}");
    }
    // If-None-Match decides alone: another tag is a 200 whatever the date says.
    let (head, _) = get_with(
        &addr,
        "/pkg/gridlab.js",
        &[
            "If-None-Match: W/\"1-1-identity\"",
            &format!("If-Modified-Since: {date}"),
        ],
    );
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");

    // A rebuilt file (here within the same second) is sent again, with a new tag.
    root.write("pkg/gridlab.js", "export const a = 22;\n");
    let (head, body) = get_with(
        &addr,
        "/pkg/gridlab.js",
        &[&format!("If-None-Match: {tag}")],
    );
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert_eq!(body, b"export const a = 22;\n");
    assert_ne!(header(&head, "etag"), Some(tag.as_str()));
    // The page itself (a folder's index.html) has validators too.
    let (head, _) = get_with(&addr, "/", &[]);
    let tag = header(&head, "etag").expect("an etag").to_owned();
    let (head, _) = get_with(&addr, "/", &[&format!("If-None-Match: {tag}")]);
    assert!(head.starts_with("HTTP/1.1 304"), "{head}");
}

#[test]
fn the_module_goes_out_as_its_compressed_copy_when_the_browser_accepts_one() {
    let root = playground("serve-precompressed");
    root.write("pkg/gridlab_bg.wasm", b"\0asm\x01\0\0\0");
    root.write("pkg/gridlab_bg.wasm.br", "the brotli copy");
    root.write("pkg/gridlab_bg.wasm.gz", "the gzip copy");
    let server = serve(Some(&root), "");
    let addr = server.addr.clone();
    let wasm = "/pkg/gridlab_bg.wasm";
    for (accept, encoding, expected) in [
        (
            "gzip, deflate, br, zstd",
            Some("br"),
            &b"the brotli copy"[..],
        ),
        ("gzip", Some("gzip"), b"the gzip copy"),
        ("identity", None, b"\0asm\x01\0\0\0"),
    ] {
        let (head, body) = get_with(&addr, wasm, &[&format!("Accept-Encoding: {accept}")]);
        assert!(head.starts_with("HTTP/1.1 200"), "{accept}: {head}");
        assert_eq!(
            header(&head, "content-type"),
            Some("application/wasm"),
            "{accept}"
        );
        assert_eq!(header(&head, "content-encoding"), encoding, "{accept}");
        assert_eq!(body, expected, "{accept}");
        let tag = header(&head, "etag").expect("an etag").to_owned();
        assert!(tag.ends_with(&format!("-{}\"", encoding.unwrap_or("identity"))));
        let (head, body) = get_with(
            &addr,
            wasm,
            &[
                &format!("Accept-Encoding: {accept}"),
                &format!("If-None-Match: {tag}"),
            ],
        );
        assert!(head.starts_with("HTTP/1.1 304"), "{accept}: {head}");
        assert!(body.is_empty());
    }
}

#[test]
fn the_page_carries_a_build_stamp_that_follows_the_files() {
    let root = playground("serve-stamp");
    root.write("pkg/gridlab.js", "export const a = 1;\n");
    let server = serve(Some(&root), "");
    let addr = server.addr.clone();
    let (head, _) = get_with(&addr, "/", &[]);
    let stamp = header(&head, "x-gridlab-build")
        .expect("a stamp")
        .to_owned();
    assert_eq!(stamp.len(), 16, "{stamp}");
    // Unchanged files: the same stamp, also on the 304 a revalidation gets.
    let tag = header(&head, "etag").expect("an etag").to_owned();
    let (head, _) = get_with(&addr, "/", &[&format!("If-None-Match: {tag}")]);
    assert!(head.starts_with("HTTP/1.1 304"), "{head}");
    assert_eq!(header(&head, "x-gridlab-build"), Some(stamp.as_str()));
    let (head, _) = get_with(&addr, "/index.html", &[]);
    assert_eq!(header(&head, "x-gridlab-build"), Some(stamp.as_str()));
    // Other files do not carry it.
    let (head, _) = get_with(&addr, "/pkg/gridlab.js", &[]);
    assert_eq!(header(&head, "x-gridlab-build"), None, "{head}");
    // A rebuilt module (not the page) changes the page's stamp.
    root.write("pkg/gridlab.js", "export const a = 22;\n");
    let (head, _) = get_with(&addr, "/", &[&format!("If-None-Match: {tag}")]);
    let again = header(&head, "x-gridlab-build")
        .expect("a stamp")
        .to_owned();
    assert_ne!(again, stamp);
    // An added file changes it too; removed again, the stamp is the one before.
    root.write("www/extra.js", "1");
    let (head, _) = get_with(&addr, "/", &[]);
    assert_ne!(header(&head, "x-gridlab-build"), Some(again.as_str()));
    std::fs::remove_file(root.path("www/extra.js")).unwrap();
    let (head, _) = get_with(&addr, "/", &[]);
    assert_eq!(header(&head, "x-gridlab-build"), Some(again.as_str()));
}

#[test]
fn a_script_goes_out_as_a_compressed_copy_that_follows_the_file() {
    let root = playground("serve-packed");
    let first = "export const a = 1;\n".repeat(100);
    root.write("www/app.js", &first);
    let server = serve(Some(&root), "");
    let addr = server.addr.clone();
    let brotli = |body: &[u8]| {
        let mut plain = Vec::new();
        brotli_decompressor::Decompressor::new(body, 4096)
            .read_to_end(&mut plain)
            .unwrap();
        String::from_utf8(plain).unwrap()
    };
    let accept = "Accept-Encoding: gzip, deflate, br";
    let (head, body) = get_with(&addr, "/app.js", &[accept]);
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert_eq!(header(&head, "content-encoding"), Some("br"), "{head}");
    assert_eq!(header(&head, "vary"), Some("accept-encoding"), "{head}");
    // Sent whole, with its length (not compressed as it streams), and a tag that names
    // its encoding.
    assert_eq!(
        header(&head, "content-length"),
        Some(body.len().to_string().as_str()),
        "{head}"
    );
    let tag = header(&head, "etag").expect("an etag").to_owned();
    assert!(tag.ends_with("-br\""), "{tag}");
    assert_eq!(brotli(&body), first);
    // Asked again: the same copy; named by its tag: 304. A HEAD has the GET's headers.
    let (again, same) = get_with(&addr, "/app.js", &[accept]);
    assert_eq!(same, body);
    assert_eq!(header(&again, "etag"), Some(tag.as_str()));
    let (head, none) = get_with(
        &addr,
        "/app.js",
        &[accept, &format!("If-None-Match: {tag}")],
    );
    assert!(head.starts_with("HTTP/1.1 304"), "{head}");
    assert!(none.is_empty());
    let request = format!(
        "HEAD /app.js HTTP/1.1\r\nHost: localhost\r\n{accept}\r\nConnection: close\r\n\r\n"
    );
    let answer = String::from_utf8(exchange(&addr, &request)).unwrap();
    assert_eq!(header(&answer, "etag"), Some(tag.as_str()), "{answer}");
    assert_eq!(
        header(&answer, "content-length"),
        Some(body.len().to_string().as_str())
    );
    // gzip, and no encoding, are other variants with other tags.
    let (head, gz) = get_with(&addr, "/app.js", &["Accept-Encoding: gzip"]);
    assert_eq!(header(&head, "content-encoding"), Some("gzip"), "{head}");
    assert!(
        header(&head, "etag").unwrap().ends_with("-gzip\""),
        "{head}"
    );
    let mut plain = String::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_string(&mut plain)
        .unwrap();
    assert_eq!(plain, first);
    let (head, plain) = get_with(&addr, "/app.js", &[]);
    assert_eq!(header(&head, "content-encoding"), None, "{head}");
    assert!(header(&head, "etag").unwrap().ends_with("-identity\""));
    assert_eq!(plain, first.as_bytes());
    // Rewritten (within the same second, to the same length): the new text goes out.
    let second = "export const b = 2;\n".repeat(100);
    root.write("www/app.js", &second);
    let (_, body) = get_with(&addr, "/app.js", &[accept]);
    assert_eq!(brotli(&body), second);
    // A file of another folder under the same name is its own.
    root.write("pkg/app.js", &first);
    let (_, body) = get_with(&addr, "/pkg/app.js", &[accept]);
    assert_eq!(brotli(&body), first);
    let (_, body) = get_with(&addr, "/app.js", &[accept]);
    assert_eq!(brotli(&body), second);
}
