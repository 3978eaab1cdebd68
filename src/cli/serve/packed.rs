//! Compressed copies of the served files, made once per file version and kept in
//! memory (the scripts, style sheets, pages and level files; the module has copies
//! written beside it by `make wasm`).
//!
//! Compressing a script on every request cost about 1.5 ms of CPU a file, on the
//! cores the browser loading the page needs. Here a file's Brotli (or gzip) copy is
//! made the first time it is asked for and kept under its path and encoding, with a
//! digest of its bytes: an unchanged file is answered from the copy, a changed one
//! (even rewritten within the same second, with the same size) is compressed again
//! and its old copy replaced.
//!
//! Limits: files up to [`MAX_FILE`] bytes are compressed here (larger ones are left to
//! the per-request compression); at most [`MAX_BYTES`] of copies and [`MAX_ENTRIES`]
//! copies are kept (past either, the least recently used go); at most [`READERS`]
//! files are read into memory at once to be compressed or checked.

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::Response;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hasher};
use std::io::Write;
use std::sync::Mutex;
use tokio::sync::Semaphore;

/// The largest file compressed and kept (the playground's largest script is about
/// 75 kB).
pub const MAX_FILE: usize = 1 << 20;
/// The most bytes of compressed copies kept.
pub const MAX_BYTES: usize = 32 << 20;
/// The most copies kept.
pub const MAX_ENTRIES: usize = 4096;
/// Files read into memory at once (to compress or to check against their copy):
/// at most `READERS` × [`MAX_FILE`] bytes held by requests in flight.
pub const READERS: usize = 16;
/// Brotli's quality: 5 compresses our scripts about as fast as the per-request
/// quality 4 did (under 2 ms for 35 kB) and 8 % smaller; 11 saves 10 % more for 40
/// times the time.
const BROTLI_QUALITY: u32 = 5;
/// Brotli's window (log2 of its size).
const BROTLI_WINDOW: u32 = 22;

/// A content encoding this server makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Coding {
    /// Brotli (`br`).
    Br,
    /// gzip.
    Gzip,
}

impl Coding {
    /// Its name in `Content-Encoding`.
    pub fn name(self) -> &'static str {
        match self {
            Coding::Br => "br",
            Coding::Gzip => "gzip",
        }
    }

    /// `bytes` compressed.
    pub fn compress(self, bytes: &[u8]) -> Vec<u8> {
        match self {
            Coding::Br => {
                let mut out = Vec::with_capacity(bytes.len() / 3);
                {
                    let mut writer = brotli::CompressorWriter::new(
                        &mut out,
                        4096,
                        BROTLI_QUALITY,
                        BROTLI_WINDOW,
                    );
                    // Writes into a Vec do not fail.
                    let _ = writer.write_all(bytes);
                }
                out
            }
            Coding::Gzip => {
                let mut encoder = flate2::write::GzEncoder::new(
                    Vec::with_capacity(bytes.len() / 3),
                    flate2::Compression::new(6),
                );
                let _ = encoder.write_all(bytes);
                encoder.finish().unwrap_or_default()
            }
        }
    }
}

/// The encoding to send a request with these headers in: Brotli when it accepts it,
/// else gzip, else none (`q=0` refuses an encoding).
pub fn accepted(headers: &HeaderMap) -> Option<Coding> {
    let mut best = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(list) = value.to_str() else { continue };
        for item in list.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            if refused {
                continue;
            }
            if name.eq_ignore_ascii_case("br") {
                best = Some(Coding::Br);
            } else if name.eq_ignore_ascii_case("gzip") && best.is_none() {
                best = Some(Coding::Gzip);
            }
        }
    }
    best
}

/// Whether a file of this type is worth compressing (text, scripts, JSON, SVG, wasm).
fn compressible(content_type: &str) -> bool {
    let mime = content_type.split(';').next().unwrap_or_default().trim();
    mime.starts_with("text/")
        || matches!(
            mime,
            "application/javascript"
                | "application/json"
                | "application/wasm"
                | "application/xml"
                | "image/svg+xml"
        )
}

/// The `Content-Length` of an answer's `headers`, if it has a valid one.
pub fn content_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// The encoding `coding` (what the request accepts) in which to send `response`, a
/// file answer to `method`: only a whole file (200, GET or HEAD), not already encoded,
/// of a compressible type, at most [`MAX_FILE`] bytes.
pub fn choose(response: &Response, method: &Method, coding: Option<Coding>) -> Option<Coding> {
    let headers = response.headers();
    let length = usize::try_from(content_length(headers)?).ok()?;
    let fits = response.status() == StatusCode::OK
        && (*method == Method::GET || *method == Method::HEAD)
        && !headers.contains_key(header::CONTENT_ENCODING)
        && length <= MAX_FILE
        && headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(compressible);
    fits.then_some(coding).flatten()
}

/// A kept copy.
struct Entry {
    /// The digest and length of the file it was made from.
    digest: u64,
    length: usize,
    /// The compressed bytes.
    body: axum::body::Bytes,
    /// When it was last used (a count of uses).
    used: u64,
}

/// The kept copies, by path and encoding.
#[derive(Default)]
struct Copies {
    entries: HashMap<(String, Coding), Entry>,
    bytes: usize,
    clock: u64,
}

/// The compressed copies of the files: see the module's documentation.
pub struct Packed {
    copies: Mutex<Copies>,
    readers: Semaphore,
}

impl Default for Packed {
    fn default() -> Self {
        Packed {
            copies: Mutex::default(),
            readers: Semaphore::new(READERS),
        }
    }
}

/// A digest of a file's bytes.
fn digest(bytes: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    hasher.write(bytes);
    hasher.finish()
}

impl Packed {
    /// The copy of `path` in `coding` made from a file with these `digest` and
    /// `length`, if kept.
    pub fn get(
        &self,
        path: &str,
        coding: Coding,
        digest: u64,
        length: usize,
    ) -> Option<axum::body::Bytes> {
        let mut copies = self.copies.lock().unwrap_or_else(|e| e.into_inner());
        copies.clock += 1;
        let clock = copies.clock;
        let entry = copies.entries.get_mut(&(path.to_owned(), coding))?;
        if entry.digest != digest || entry.length != length {
            return None;
        }
        entry.used = clock;
        Some(entry.body.clone())
    }

    /// Keep `body`, the copy of `path` in `coding` made from a file with these
    /// `digest` and `length` (replacing the copy of an older version); the least
    /// recently used copies go past [`MAX_BYTES`] or [`MAX_ENTRIES`].
    pub fn put(
        &self,
        path: &str,
        coding: Coding,
        digest: u64,
        length: usize,
        body: axum::body::Bytes,
    ) {
        if body.len() > MAX_BYTES {
            return;
        }
        let mut copies = self.copies.lock().unwrap_or_else(|e| e.into_inner());
        copies.clock += 1;
        let used = copies.clock;
        let size = body.len();
        let entry = Entry {
            digest,
            length,
            body,
            used,
        };
        if let Some(old) = copies.entries.insert((path.to_owned(), coding), entry) {
            copies.bytes -= old.body.len();
        }
        copies.bytes += size;
        while copies.bytes > MAX_BYTES || copies.entries.len() > MAX_ENTRIES {
            let Some(oldest) = copies
                .entries
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some(gone) = copies.entries.remove(&oldest) {
                copies.bytes -= gone.body.len();
            }
        }
    }

    /// How many copies are kept, and their bytes.
    pub fn kept(&self) -> (usize, usize) {
        let copies = self.copies.lock().unwrap_or_else(|e| e.into_inner());
        (copies.entries.len(), copies.bytes)
    }

    /// `response` (a file answer [`choose`] picked `coding` for, at `path`) sent in
    /// `coding`: from its kept copy, else compressed now (off the async runtime) and
    /// kept. A body that cannot be read is an error answer.
    pub async fn encode(&self, path: &str, coding: Coding, response: Response) -> Response {
        let (mut parts, body) = response.into_parts();
        let Ok(_reading) = self.readers.acquire().await else {
            return Response::from_parts(parts, Body::empty());
        };
        let bytes = match axum::body::to_bytes(body, MAX_FILE).await {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("[serve] {path}: {e}");
                let mut response = Response::new(Body::from("cannot read the file\n"));
                *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
                return response;
            }
        };
        let (sum, length) = (digest(&bytes), bytes.len());
        let body = match self.get(path, coding, sum, length) {
            Some(body) => body,
            None => {
                let made = tokio::task::spawn_blocking(move || coding.compress(&bytes))
                    .await
                    .unwrap_or_default();
                let made = axum::body::Bytes::from(made);
                self.put(path, coding, sum, length, made.clone());
                made
            }
        };
        let headers = &mut parts.headers;
        headers.remove(header::ACCEPT_RANGES);
        headers.insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_static(coding.name()),
        );
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
        Response::from_parts(parts, Body::from(body))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn the_encodings_a_browser_accepts() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(
                header::ACCEPT_ENCODING,
                HeaderValue::from_str(value).unwrap(),
            );
            accepted(&headers)
        };
        assert_eq!(with("gzip, deflate, br, zstd"), Some(Coding::Br));
        assert_eq!(with("br;q=0.5, gzip;q=1"), Some(Coding::Br));
        assert_eq!(with("gzip"), Some(Coding::Gzip));
        assert_eq!(with("br;q=0, gzip"), Some(Coding::Gzip));
        assert_eq!(with("identity"), None);
        assert_eq!(accepted(&HeaderMap::new()), None);
    }

    #[test]
    fn the_copies_decompress_to_the_file() {
        let file = "export const answer = 42;\n".repeat(500);
        let br = Coding::Br.compress(file.as_bytes());
        assert!(br.len() < file.len() / 10);
        let mut plain = Vec::new();
        brotli_decompressor::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut plain)
            .unwrap();
        assert_eq!(plain, file.as_bytes());
        let gz = Coding::Gzip.compress(file.as_bytes());
        let mut plain = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut plain)
            .unwrap();
        assert_eq!(plain, file.as_bytes());
    }

    #[test]
    fn a_copy_serves_its_version_only_and_the_oldest_go_past_the_limit() {
        let packed = Packed::default();
        let body = |n: usize| axum::body::Bytes::from(vec![7u8; n]);
        packed.put("/a.js", Coding::Br, 1, 100, body(10));
        assert_eq!(packed.get("/a.js", Coding::Br, 1, 100), Some(body(10)));
        // Another version (digest or length), another encoding, another path: no copy.
        assert_eq!(packed.get("/a.js", Coding::Br, 2, 100), None);
        assert_eq!(packed.get("/a.js", Coding::Br, 1, 101), None);
        assert_eq!(packed.get("/a.js", Coding::Gzip, 1, 100), None);
        assert_eq!(packed.get("/b.js", Coding::Br, 1, 100), None);
        // A new version replaces the old one's copy.
        packed.put("/a.js", Coding::Br, 2, 100, body(20));
        assert_eq!(packed.kept(), (1, 20));
        assert_eq!(packed.get("/a.js", Coding::Br, 1, 100), None);
        // Past MAX_BYTES, the least recently used copies go.
        let big = MAX_BYTES / 4;
        for (i, path) in ["/1", "/2", "/3"].iter().enumerate() {
            packed.put(path, Coding::Br, i as u64, big, body(big));
        }
        assert!(packed.get("/a.js", Coding::Br, 2, 100).is_some());
        packed.put("/4", Coding::Br, 4, big, body(big));
        let (entries, bytes) = packed.kept();
        assert!(bytes <= MAX_BYTES, "{bytes}");
        assert_eq!(entries, 4);
        assert!(
            packed.get("/1", Coding::Br, 0, big).is_none(),
            "the oldest went"
        );
        assert!(
            packed.get("/a.js", Coding::Br, 2, 100).is_some(),
            "used lately, kept"
        );
        // Past MAX_ENTRIES too.
        for i in 0..MAX_ENTRIES + 10 {
            packed.put(&format!("/f{i}"), Coding::Gzip, 0, 1, body(1));
        }
        assert_eq!(packed.kept().0, MAX_ENTRIES);
    }
}
