//! Our own Rogue dungeons: every row of the table in levels/rogue/README.md (the
//! analysis verdict, the monster-win share, and the ending of each of the six strategy
//! pairings) is what the engine does.

use gridlab::games::rogue::{Analysis, Dungeon, Ending, MonsterStrategy, Referee, RogueStrategy};

/// The cells of the README's table rows, by file.
fn table() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string("levels/rogue/README.md").unwrap();
    readme
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

fn ending_text(ending: Ending) -> String {
    match ending {
        Ending::Caught { turn } => format!("`Caught by monster` ({turn})"),
        other => format!("`{}`", other.line()),
    }
}

#[test]
fn every_claim_of_the_levels_readme_holds() {
    let rows = table();
    assert!(rows.len() >= 9, "{} rows", rows.len());
    let monsters = [MonsterStrategy::Bfs, MonsterStrategy::Optimal];
    let rogues = [
        RogueStrategy::Naive,
        RogueStrategy::Cycle,
        RogueStrategy::Optimal,
    ];
    for row in rows {
        let file = row[0].trim_matches('`');
        let text = std::fs::read_to_string(format!("levels/rogue/{file}")).unwrap();
        let d = Dungeon::parse(&text).unwrap();
        assert_eq!(row[1], d.size().to_string(), "{file}: N");
        let a = Analysis::new(&d).unwrap();
        assert_eq!(row[2], a.sites().to_string(), "{file}: open sites");
        let summary = a.summary(&d);
        match summary.value {
            None => assert_eq!(row[4], "rogue survives", "{file}"),
            Some(v) => assert!(
                row[4].starts_with(&format!("monster wins in {v} (")),
                "{file}: {} vs {v}",
                row[4]
            ),
        }
        assert!(
            row[5].starts_with(&format!(
                "{} of {} (",
                summary.monster_win_pairs, summary.pairs
            )),
            "{file}: {}",
            row[5]
        );
        let mut column = 6;
        for monster in monsters {
            for rogue in rogues {
                let ending =
                    Referee::new(&d, monster, rogue)
                        .unwrap()
                        .play(1000, true, &mut String::new());
                assert_eq!(
                    row[column],
                    ending_text(ending),
                    "{file}: {monster:?} vs {rogue:?}"
                );
                column += 1;
            }
        }
    }
}

/// The levels separate the strategies as the issue asks: a 40×40 dungeon of about
/// 1,000 sites, dungeons where `cycle` beats `naive`, and where `optimal` beats `cycle`.
#[test]
fn the_levels_separate_the_strategies() {
    let rows = table();
    let survived = "`Rogue survived 1000 moves`";
    let caught = |c: &str| c.starts_with("`Caught");
    // Columns: 6 bfs/naive, 7 bfs/cycle, 8 bfs/optimal, 9.. optimal monster.
    let cycle_beats_naive = rows
        .iter()
        .filter(|r| caught(&r[6]) && r[7] == survived)
        .count();
    let optimal_beats_cycle = rows
        .iter()
        .filter(|r| caught(&r[7]) && r[8] == survived)
        .count();
    assert!(cycle_beats_naive >= 2, "{cycle_beats_naive}");
    assert!(optimal_beats_cycle >= 2, "{optimal_beats_cycle}");
    assert!(rows
        .iter()
        .any(|r| r[1] == "40" && (950..=1100).contains(&r[2].parse::<usize>().unwrap())));
}
