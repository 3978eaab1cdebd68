//! GPac formats: the corpus world file re-serialises byte for byte, malformed world
//! files are rejected at their line and column, every course map and config loads.

use gridlab::games::gpac::{Ini, Map, WorldFile};
use std::path::Path;

const CORPUS: &str = "tests/data/gpac";

#[test]
fn the_sample_world_file_round_trips_exactly() {
    let text = std::fs::read_to_string(format!("{CORPUS}/worldfile.txt")).unwrap();
    let w = WorldFile::parse(&text).unwrap();
    assert_eq!((w.width, w.height), (40, 30));
    assert_eq!(w.snapshots.len(), 3);
    assert_eq!(w.walls, vec![(1, 1), (36, 20), (10, 10), (2, 29)]);
    assert_eq!(w.pills, vec![(1, 29), (36, 19), (27, 8)]);
    assert_eq!(w.snapshots[1].ghosts, vec![(38, 0), (38, 0), (39, 1)]);
    assert_eq!((w.snapshots[2].time, w.snapshots[2].score), (2398, 33));
    assert!(w.crlf && !w.final_newline);
    assert_eq!(w.to_text(), text);
}

#[test]
fn malformed_world_files_name_the_place() {
    let cases = [
        (
            "2\n2\nm 0 1\n1 1 0\nq 0 0\nt 4 0\n",
            (5, 1),
            "unknown key 'q'",
        ),
        ("2\n2\nm 0 1\n1 1 0 7\nt 4 0\n", (4, 7), "three fields"),
        ("2\n2\nm 0 1\n1 2 0\nt 4 0\n", (4, 3), "off the 2×2 map"),
        ("2\n2\nm 0 1\n2 1 0\nt 4 0\n", (4, 1), "expected ghost 1"),
        (
            "2\n2\nm 0 1\n1 1 0\nt 4 0\nm 0 0\n1 1 1\nw 1 1\nt 3 0\n",
            (8, 1),
            "first snapshot only",
        ),
        ("2\n2\nm 0 1\n1 1 0\n", (4, 1), "no 't' line"),
        ("2\nx\n", (2, 1), "height"),
        ("2\n2\nm 0 x\nt 4 0\n", (3, 5), "not a whole number"),
    ];
    for (text, (line, column), message) in cases {
        let e = WorldFile::parse(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
        assert!(e.message.contains(message), "{text:?}: {}", e.message);
    }
}

#[test]
fn zero_based_ghost_ids_are_read_and_kept() {
    let text = "2\n2\nm 0 1\n0 1 0\n1 1 0\nt 4 0\n";
    let w = WorldFile::parse(text).unwrap();
    assert_eq!(w.first_ghost_id, 0);
    assert_eq!(w.to_text(), text);
}

#[test]
fn every_course_map_loads_and_prints_back() {
    let dir = Path::new("levels/gpac/course");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let text = std::fs::read_to_string(&path).unwrap();
            let map = Map::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!((map.width(), map.height()), (35, 20));
            // The course's files have CRLF endings and no final line break.
            let lf = text.replace("\r\n", "\n");
            assert_eq!(
                map.to_text(),
                format!("{}\n", lf.trim_end()),
                "{}",
                path.display()
            );
            count += 1;
        }
    }
    assert_eq!(count, 100);
}

#[test]
fn every_course_config_loads() {
    let mut count = 0;
    let series = std::fs::read_dir("configs/gpac").unwrap();
    let dirs = series.map(|s| s.unwrap().path()).filter(|p| p.is_dir());
    let files = dirs.flat_map(|d| std::fs::read_dir(d).unwrap());
    for entry in files {
        let path = entry.unwrap().path();
        if !path.to_string_lossy().ends_with("_config.txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let ini = Ini::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(ini.has_section("fitness_kwargs"), "{}", path.display());
        assert!(ini.get("fitness_kwargs", "pill_spawn").unwrap().is_some());
        if let Some(length) = ini.number("initialization_kwargs", "length").unwrap() {
            assert_eq!(length, 700.0, "{}", path.display());
        }
        count += 1;
    }
    assert!(count >= 14, "{count}");
}
