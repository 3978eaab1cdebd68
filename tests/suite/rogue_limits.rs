//! Rogue on hostile input: the exact analysis refuses dungeons over its stated limit
//! (before allocating), the reader rejects extra rows, long rows and tabs at their
//! line and column, and the cycle finder and the per-move searches stay fast on big
//! dungeons while giving what the plain quadratic versions give.

use gridlab::games::rogue::{
    distances, Analysis, AnalysisError, BfsMonster, CycleRogue, Dungeon, NaiveRogue, Player, Site,
    MAX_SITES,
};
use gridlab::grid::Pos;
use proptest::prelude::*;
use std::collections::{HashSet, VecDeque};

use crate::common;
use common::{rogue_text, run_with_input};

/// An `n` × `n` open room, the monster top left, the rogue bottom right.
fn room(n: usize) -> String {
    rogue_text(n, |r, c| match (r, c) {
        (0, 0) => 'A',
        _ if r == n - 1 && c == n - 1 => '@',
        _ => '.',
    })
}

/// A comb of corridors: a spine along the top row, a tooth down every other column,
/// the players on rooms at the bottom of the first and last teeth.
fn comb(n: usize) -> String {
    let mut rows = vec![vec![' '; n]; n];
    rows[0].fill('+');
    for c in (0..n).step_by(2) {
        for row in rows.iter_mut() {
            row[c] = '+';
        }
    }
    rows[n - 1][0] = 'A';
    rows[n - 1][(n - 1) / 2 * 2] = '@';
    rogue_text(n, |r, c| rows[r][c])
}

#[test]
fn the_analysis_refuses_more_open_sites_than_its_limit() {
    assert_eq!(MAX_SITES, 8_000);
    let d = Dungeon::parse(&room(90)).unwrap();
    let e = Analysis::new(&d).unwrap_err();
    assert_eq!(e, AnalysisError::TooLarge { sites: 8_100 });
    assert_eq!(
        e.to_string(),
        "the dungeon has 8100 open sites, 131220000 states (2·S²): the exact analysis \
         handles at most 8000 open sites (128000000 states); try a smaller dungeon or \
         wall off part of it"
    );
    // A 1000 × 1000 room would need 2·10¹² states: refused at once.
    let big = Dungeon::parse(&room(1000)).unwrap();
    assert_eq!(
        Analysis::new(&big).unwrap_err(),
        AnalysisError::TooLarge { sites: 1_000_000 }
    );
    assert_eq!(Analysis::open_sites(&big), 1_000_000);
    // Below the limit the analysis runs.
    let small = Dungeon::parse(&room(20)).unwrap();
    let a = Analysis::new(&small).unwrap();
    assert_eq!((a.sites(), a.states()), (400, 320_000));
}

#[test]
fn analyze_and_optimal_play_on_a_huge_room_are_refused_with_the_limit() {
    let text = room(1000);
    // The analyze tool ran and found nothing to return (the tools contract): exit 1.
    let (code, out, err) = run_with_input(&["rogue", "analyze", "-"], &text);
    assert_eq!(code, Some(1));
    assert_eq!(out, "");
    assert_eq!(
        err,
        "error: the dungeon has 1000000 open sites, 2000000000000 states (2·S²): \
         the exact analysis handles at most 8000 open sites (128000000 states); try a \
         smaller dungeon or wall off part of it\n"
    );
    let (code, _, err) = run_with_input(&["rogue", "analyze", "--json", "-"], &text);
    assert_eq!(code, Some(1));
    assert!(err.contains("1000000 open sites"), "{err}");
    let (code, out, err) = run_with_input(&["rogue", "play", "--monster", "optimal", "-"], &text);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(
        err.starts_with(
            "error: <stdin>: the optimal strategy needs the exact analysis: the dungeon has \
             1000000 open sites"
        ),
        "{err}"
    );
    let (code, _, err) = run_with_input(&["rogue", "play", "--max-moves", "1000001", "-"], &text);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--max-moves"), "{err}");
}

#[test]
fn the_reader_rejects_extra_rows_long_rows_and_tabs_at_their_place() {
    let cases = [
        // An extra row right after row N.
        (
            "2\nA .\n. @\n. .\n",
            (4, 1),
            "unexpected text after the 2 rows of the dungeon (notes must follow a blank line)",
        ),
        (
            "2\nA .\n. @\n  +\n",
            (4, 3),
            "unexpected text after the 2 rows of the dungeon (notes must follow a blank line)",
        ),
        // A site past position 2N−1.
        (
            "2\nA . +\n. @\n",
            (2, 5),
            "row 1 is longer than the 3 characters of a 2-site row",
        ),
        (
            "3\nA . .\n. . .\n. . @   x\n",
            (4, 9),
            "row 3 is longer than the 5 characters of a 3-site row",
        ),
        // Tabs, as a separator or as a site.
        (
            "2\nA\t.\n. @\n",
            (2, 2),
            "a tab: sites are separated by single spaces",
        ),
        (
            "2\nA .\n\t @\n",
            (3, 1),
            "a tab: sites are separated by single spaces",
        ),
        (
            "2\nA .\n. @\t\n",
            (3, 4),
            "a tab: sites are separated by single spaces",
        ),
        // Another separator.
        (
            "2\nA..\n. @\n",
            (2, 2),
            "'.' between sites: sites are separated by single spaces",
        ),
    ];
    for (text, place, message) in cases {
        let e = Dungeon::parse(text).unwrap_err();
        assert_eq!((e.line, e.column), place, "{text:?}: {e}");
        assert_eq!(e.message, message, "{text:?}");
    }
    // Still accepted: trailing spaces (the referee's boards end rows in one), CRLF,
    // blank lines after the rows, notes after a blank line.
    for text in [
        "2\nA . \n. @ \n",
        "2\r\nA .\r\n. @\r\n",
        "2\nA .\n. @\n\n\n",
        "2\nA .\n. @\n  \nMonster wins in 1\nmore notes\n",
    ] {
        let d = Dungeon::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(d.to_text(), "2\nA .\n. @\n");
    }
    // The lenient reading ignores the extra row and the long row, with warnings.
    let (d, warnings) = Dungeon::parse_lenient("2\nA . +\n. @\n. .\n").unwrap();
    assert_eq!(d.to_text(), "2\nA .\n. @\n");
    let places: Vec<_> = warnings.iter().map(|w| (w.line, w.column)).collect();
    assert_eq!(places, [(2, 5), (4, 1)]);
    assert!(warnings.iter().all(|w| w.message.ends_with(": ignored")));
    assert!(
        Dungeon::parse_lenient("2\nA\t.\n. @\n").is_err(),
        "tabs stay errors"
    );
}

#[test]
fn the_cli_names_the_place_of_a_long_row() {
    let (code, _, err) = run_with_input(&["rogue", "cycles", "-"], "2\nA . +\n. @\n");
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: <stdin>:2:5: row 1 is longer than the 3 characters of a 2-site row\n"
    );
}

#[test]
fn cycles_and_play_finish_on_a_1000_comb_and_room() {
    // The comb has no cycle: every edge is a bridge, found without a search each.
    let (code, out, _) = run_with_input(&["rogue", "cycles", "-"], &comb(1000));
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("0 cycles through a corridor\n"),
        "{}",
        &out[..80]
    );
    let (code, out, _) = run_with_input(
        &[
            "rogue",
            "play",
            "--rogue",
            "cycle",
            "--quiet",
            "--max-moves",
            "30",
            "-",
        ],
        &comb(1000),
    );
    assert_eq!((code, out.as_str()), (Some(0), "Rogue survived 30 moves\n"));
    let (code, out, _) = run_with_input(
        &["rogue", "play", "--quiet", "--max-moves", "30", "-"],
        &room(1000),
    );
    assert_eq!((code, out.as_str()), (Some(0), "Rogue survived 30 moves\n"));
}

/// The cycle finder as it was: a search for every edge through a corridor.
fn reference_cycles(dungeon: &Dungeon) -> Vec<Vec<Pos>> {
    let n = dungeon.size();
    let open: Vec<Pos> = (0..n * n)
        .map(|i| Pos::new(i / n, i % n))
        .filter(|&p| dungeon.sites[p] != Site::Wall)
        .collect();
    let mut id = vec![u32::MAX; n * n];
    for (k, p) in open.iter().enumerate() {
        id[p.row * n + p.col] = k as u32;
    }
    let adjacency: Vec<Vec<u32>> = open
        .iter()
        .map(|&p| {
            dungeon.moves(p)[1..]
                .iter()
                .map(|q| id[q.row * n + q.col])
                .collect()
        })
        .collect();
    let corridor = |k: u32| dungeon.sites[open[k as usize]] == Site::Corridor;
    let mut on_cycle = vec![false; open.len()];
    let mut seen = HashSet::new();
    let mut cycles = Vec::new();
    for u in 0..open.len() as u32 {
        for &v in &adjacency[u as usize] {
            if v < u
                || !(corridor(u) || corridor(v))
                || on_cycle[u as usize] && on_cycle[v as usize]
            {
                continue;
            }
            // BFS from v to u without the edge v–u.
            let mut parent = vec![u32::MAX; open.len()];
            parent[v as usize] = v;
            let mut queue = VecDeque::from([v]);
            let mut path = None;
            'search: while let Some(x) = queue.pop_front() {
                for &y in &adjacency[x as usize] {
                    if (x == v && y == u) || parent[y as usize] != u32::MAX {
                        continue;
                    }
                    parent[y as usize] = x;
                    if y == u {
                        let mut p = vec![u];
                        let mut k = u;
                        while k != v {
                            k = parent[k as usize];
                            p.push(k);
                        }
                        p.reverse();
                        path = Some(p);
                        break 'search;
                    }
                    queue.push_back(y);
                }
            }
            let Some(path) = path else { continue };
            let mut key = path.clone();
            key.sort_unstable();
            if path.len() < 4 || !seen.insert(key) {
                continue;
            }
            for &k in &path {
                on_cycle[k as usize] = true;
            }
            cycles.push(path.iter().map(|&k| open[k as usize]).collect());
        }
    }
    cycles
}

/// The BFS monster as it was: distances from the rogue to every site.
fn reference_bfs_monster(d: &Dungeon, monster: Pos, rogue: Pos) -> Pos {
    let to_rogue = distances(d, rogue);
    let n = d.size();
    let dist = |p: Pos| to_rogue[p.row * n + p.col];
    let moves = d.moves(monster);
    let best = moves.iter().map(|&p| dist(p)).min().unwrap();
    let e2 = |p: Pos| p.row.abs_diff(rogue.row).pow(2) + p.col.abs_diff(rogue.col).pow(2);
    moves
        .into_iter()
        .filter(|&p| dist(p) == best)
        .min_by_key(|&p| e2(p))
        .unwrap()
}

/// The naive rogue as it was: distances from the monster to every site.
fn reference_naive_rogue(d: &Dungeon, monster: Pos, rogue: Pos) -> Pos {
    let from_monster = distances(d, monster);
    let n = d.size();
    d.moves(rogue)
        .into_iter()
        .max_by_key(|&p| (from_monster[p.row * n + p.col], std::cmp::Reverse(p)))
        .unwrap()
}

/// A random dungeon of side `n` from `cells` (0 wall, 1 room, 2 corridor), the
/// players on two distinct sites made rooms.
fn random_dungeon(n: usize, cells: &[u8], monster: usize, rogue: usize) -> Option<Dungeon> {
    let (monster, rogue) = (monster % (n * n), rogue % (n * n));
    if monster == rogue {
        return None;
    }
    let text = rogue_text(n, |r, c| {
        let i = r * n + c;
        match (i == monster, i == rogue, cells[i] % 3) {
            (true, _, _) => 'M',
            (_, true, _) => '@',
            (_, _, 0) => ' ',
            (_, _, 1) => '.',
            _ => '+',
        }
    });
    Some(Dungeon::parse(&text).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_cycles_are_those_of_the_plain_search(
        n in 2usize..9,
        cells in proptest::collection::vec(0u8..6, 64),
        monster in 0usize..64,
        rogue in 0usize..64,
    ) {
        // Corridors are twice as likely as rooms or walls: more cycles through them.
        let cells: Vec<u8> = cells.iter().map(|&c| [0, 1, 2, 2, 1, 2][c as usize]).collect();
        let Some(d) = random_dungeon(n, &cells, monster, rogue) else { return Ok(()) };
        let found = CycleRogue::new(&d).cycles().to_vec();
        prop_assert_eq!(found, reference_cycles(&d));
    }

    #[test]
    fn the_early_stopping_searches_move_as_the_full_ones(
        n in 2usize..9,
        cells in proptest::collection::vec(0u8..3, 64),
        monster in 0usize..64,
        rogue in 0usize..64,
        at in proptest::collection::vec((0usize..64, 0usize..64), 6),
    ) {
        let Some(d) = random_dungeon(n, &cells, monster, rogue) else { return Ok(()) };
        let open: Vec<Pos> = (0..n * n)
            .map(|i| Pos::new(i / n, i % n))
            .filter(|&p| d.sites[p] != Site::Wall)
            .collect();
        for (m, r) in at {
            let (m, r) = (open[m % open.len()], open[r % open.len()]);
            prop_assert_eq!(BfsMonster.next_move(&d, m, r), reference_bfs_monster(&d, m, r));
            prop_assert_eq!(NaiveRogue.next_move(&d, m, r), reference_naive_rogue(&d, m, r));
        }
    }
}
