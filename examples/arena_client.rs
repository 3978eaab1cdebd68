//! A sample Arena client in Rust (standard library and serde_json).
//!
//! ```sh
//! cargo run --release --example arena_client -- [HOST [PORT [NAME]]]
//! ```
//!
//! HOST, PORT and NAME default to ARENA_HOST, ARENA_PORT and ARENA_NAME (as
//! `gridlab arena tournament` sets them), else 127.0.0.1, 7777 and "rust"; ARENA_TOKEN,
//! when set, goes with the hello (a tournament keeps the seat for it). Each step
//! it heads for the nearest pellet or power pellet by a breadth-first search over the
//! maze, keeping off cells next to a ghost; the protocol is in docs/arena-protocol.md.

use serde_json::{json, Value};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;

const SIDE: i64 = 16;
const CELL: i64 = 25;
/// (word, open-side bit, dx, dy); y grows downwards.
const STEPS: [(&str, u64, i64, i64); 4] = [
    ("U", 1, 0, -1),
    ("R", 2, 1, 0),
    ("D", 4, 0, 1),
    ("L", 8, -1, 0),
];

/// The cell whose centre a unit at (x, y) heading `dir` reaches next.
fn next_centre(x: i64, y: i64, dir: Option<&str>) -> (i64, i64) {
    let (cx, cy) = (x / CELL, y / CELL);
    let (ox, oy) = (x % CELL - CELL / 2, y % CELL - CELL / 2);
    let past = match dir {
        Some("R") => ox > 0,
        Some("L") => ox < 0,
        Some("D") => oy > 0,
        Some("U") => oy < 0,
        _ => false,
    };
    match STEPS.iter().find(|s| Some(s.0) == dir) {
        Some(&(_, _, dx, dy)) if past => (cx + dx, cy + dy),
        _ => (cx, cy),
    }
}

/// The first step of a shortest path to the nearest pellet, off cells near ghosts.
fn choose(state: &Value, maze: &[u64], me: usize) -> Option<&'static str> {
    let player = &state["players"][me];
    if player["wait"].as_u64()? > 0 {
        return None;
    }
    let (x, y) = (player["x"].as_i64()?, player["y"].as_i64()?);
    let start = next_centre(x, y, player["dir"].as_str());
    let ghosts: Vec<(i64, i64)> = state["ghosts"]
        .as_array()?
        .iter()
        .filter(|g| g["wait"].as_u64() == Some(0))
        .filter_map(|g| Some((g["x"].as_i64()? / CELL, g["y"].as_i64()? / CELL)))
        .collect();
    let near_ghost = |(x, y): (i64, i64)| {
        ghosts
            .iter()
            .any(|&(gx, gy)| (gx - x).abs() + (gy - y).abs() <= 1)
    };
    let targets: Vec<i64> = ["pellets", "power"]
        .iter()
        .flat_map(|k| state[*k].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c.as_i64())
        .collect();
    let index = |(x, y): (i64, i64)| (y * SIDE + x) as usize;
    let mut first: Vec<Option<&'static str>> = vec![None; (SIDE * SIDE) as usize];
    let mut seen = vec![false; (SIDE * SIDE) as usize];
    seen[index(start)] = true;
    let mut queue = VecDeque::from([start]);
    while let Some(cell) = queue.pop_front() {
        if cell != start && targets.contains(&(index(cell) as i64)) {
            return first[index(cell)];
        }
        for &(word, bit, dx, dy) in &STEPS {
            let next = (cell.0 + dx, cell.1 + dy);
            if maze[index(cell)] & bit == 0 || seen[index(next)] || near_ghost(next) {
                continue;
            }
            seen[index(next)] = true;
            first[index(next)] = first[index(cell)].or(Some(word));
            queue.push_back(next);
        }
    }
    None
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let env = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
    let host = args
        .first()
        .cloned()
        .unwrap_or_else(|| env("ARENA_HOST", "127.0.0.1"));
    let port = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| env("ARENA_PORT", "7777"));
    let name = args
        .get(2)
        .cloned()
        .unwrap_or_else(|| env("ARENA_NAME", "rust"));
    let stream = TcpStream::connect(format!("{host}:{port}"))?;
    stream.set_nodelay(true)?;
    let mut out = stream.try_clone()?;
    // In a tournament the seat is kept for the token in ARENA_TOKEN.
    let hello = match std::env::var("ARENA_TOKEN") {
        Ok(token) => json!({ "hello": name, "token": token }),
        Err(_) => json!({ "hello": name }),
    };
    writeln!(out, "{hello}")?;
    let (mut me, mut maze) = (None, Vec::new());
    for line in BufReader::new(stream).lines() {
        let message: Value = match serde_json::from_str(&line?) {
            Ok(v) => v,
            Err(_) => continue,
        };
        if let Some(seat) = message["welcome"].as_u64() {
            me = Some(seat as usize);
        } else if let (Some(tick), Some(seat)) = (message["tick"].as_u64(), me) {
            let state = &message["state"];
            if let Some(masks) = state["maze"].as_array() {
                maze = masks.iter().filter_map(Value::as_u64).collect();
            }
            // Always answer, so a lock-step server need not wait.
            let reply = match (!maze.is_empty())
                .then(|| choose(state, &maze, seat))
                .flatten()
            {
                Some(cmd) => json!({ "tick": tick, "cmd": cmd }),
                None => json!({ "tick": tick }),
            };
            writeln!(out, "{reply}")?;
        } else if message.get("gameOver").is_some() {
            eprintln!("game over: {}", message["gameOver"]["scores"]);
            break;
        }
    }
    Ok(())
}
