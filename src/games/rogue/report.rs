//! What a dungeon tells its author, from the exact solution ([`Analysis`]): who wins
//! from the start (the monster in k moves, or the rogue forever), the sites from
//! which the rogue is lost with the monster where it stands (the editor's overlay),
//! and a few measured features: whether the coursework's baselines (the `naive`
//! rogue, the BFS monster) lose against an optimal opponent, and when.

use super::analysis::{Analysis, AnalysisError, FOREVER};
use super::cycle::CycleRogue;
use super::game::{Ending, Game};
use super::level::{Dungeon, Site};
use super::strategy::{BfsMonster, NaiveRogue, OptimalMonster, OptimalRogue, Player};
use crate::grid::Pos;
use rustc_hash::FxHashSet;
use serde::Serialize;
use std::rc::Rc;

/// Most turns of a duel between two built-in strategies before it is called
/// undecided (a repeated position ends it earlier, as a proof of survival).
pub const MAX_DUEL_TURNS: u32 = 20_000;

/// Who wins from the start under optimal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "outcome")]
pub enum Outcome {
    /// The monster forces a capture in this many of its moves (at the latest in that
    /// turn).
    MonsterWins {
        /// Monster moves to capture.
        moves: u32,
    },
    /// The rogue survives forever.
    RogueSafeForever,
}

/// How a game between two deterministic strategies ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "result")]
pub enum Duel {
    /// The rogue is caught in this turn.
    Caught {
        /// The referee's turn of the capture.
        turn: u32,
    },
    /// A position repeated with the monster to move: both strategies depend only on
    /// the position, so the game cycles and the rogue is never caught.
    Forever,
    /// Neither within [`MAX_DUEL_TURNS`] turns.
    #[default]
    Undecided,
}

/// Play `monster` against `rogue` (both deterministic functions of the position) with
/// the referee's rules ([`Game::play_player`]).
pub fn duel(dungeon: &Dungeon, monster: &mut dyn Player, rogue: &mut dyn Player) -> Duel {
    let mut game = Game::new(dungeon, MAX_DUEL_TURNS);
    let mut seen: FxHashSet<(Pos, Pos)> = FxHashSet::default();
    loop {
        if !seen.insert((game.monster(), game.rogue())) {
            return Duel::Forever;
        }
        game.play_player(dungeon, monster);
        if game.ending().is_none() {
            game.play_player(dungeon, rogue);
        }
        match game.ending() {
            None => {}
            Some(Ending::Caught { turn }) => return Duel::Caught { turn },
            Some(_) => return Duel::Undecided,
        }
    }
}

/// Measured features of a dungeon's difficulty.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Features {
    /// Monster moves to capture under optimal play; `None` when the rogue is safe.
    pub capture_moves: Option<u32>,
    /// Open sites.
    pub sites: usize,
    /// Room sites.
    pub rooms: usize,
    /// Corridor sites.
    pub corridors: usize,
    /// States the exact solution solved (2·sites²).
    pub states: usize,
    /// Sites from which the rogue is lost with the monster where it stands.
    pub lost_sites: usize,
    /// Start pairs of distinct room sites (monster first) that the monster wins.
    pub monster_win_pairs: u64,
    /// All such start pairs.
    pub pairs: u64,
    /// Cycles through a corridor that the coursework's `cycle` rogue finds.
    pub cycles: usize,
    /// The `naive` rogue against the optimal monster.
    pub naive_rogue: Duel,
    /// The BFS monster against the optimal rogue.
    pub bfs_monster: Duel,
}

/// The editor's verdict on a dungeon.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// Who wins from the start.
    pub outcome: Outcome,
    /// Grid indices (`row · N + col`) of the open sites, the monster's excepted, from
    /// which the rogue is lost (the monster to move from where it stands).
    pub lost_sites: Vec<u32>,
    /// The features.
    pub features: Features,
}

impl Report {
    /// The editor's common form of this report: who wins, and the sites from which
    /// the rogue is lost marked.
    pub fn verdict(&self) -> crate::games::verdict::LevelVerdict<Features> {
        use crate::games::verdict::{CellMark, LevelVerdict, MarkKind, Verdict};
        let mut v = match self.outcome {
            Outcome::MonsterWins { moves } => {
                let mut v = LevelVerdict::new(Verdict::MonsterWins, 0);
                v.moves = Some(moves);
                v
            }
            Outcome::RogueSafeForever => LevelVerdict::new(Verdict::RogueSafe, 0),
        };
        v.marks = self
            .lost_sites
            .iter()
            .map(|&cell| CellMark {
                cell,
                kind: MarkKind::Lost,
            })
            .collect();
        v.features = Some(self.features.clone());
        v
    }
}

/// Analyse `dungeon` for the editor and the generator: solve it exactly, then
/// [`report`].
///
/// ```
/// use gridlab::games::rogue::{analyze, Dungeon, Outcome};
/// let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
/// let r = analyze(&d).unwrap();
/// assert_eq!(r.outcome, Outcome::MonsterWins { moves: 2 });
/// assert_eq!(r.lost_sites.len(), 8, "a room is lost everywhere");
/// ```
pub fn analyze(dungeon: &Dungeon) -> Result<Report, AnalysisError> {
    Ok(report(dungeon, Rc::new(Analysis::new(dungeon)?)))
}

/// The report of `dungeon` from its exact solution.
pub fn report(dungeon: &Dungeon, analysis: Rc<Analysis>) -> Report {
    let (m, r) = (dungeon.monster, dungeon.rogue);
    let value = analysis.monster_to_move(m, r);
    let n = dungeon.size();
    let mut lost_sites = Vec::new();
    let (mut rooms, mut corridors) = (0, 0);
    for (i, &site) in dungeon.sites.cells().iter().enumerate() {
        match site {
            Site::Wall => continue,
            Site::Room => rooms += 1,
            Site::Corridor => corridors += 1,
        }
        let p = Pos::new(i / n, i % n);
        if p != m && analysis.monster_to_move(m, p) != FOREVER {
            lost_sites.push(i as u32);
        }
    }
    let (monster_win_pairs, pairs) = analysis.monster_win_pairs(dungeon);
    let naive_rogue = duel(
        dungeon,
        &mut OptimalMonster(analysis.clone()),
        &mut NaiveRogue,
    );
    let bfs_monster = duel(
        dungeon,
        &mut BfsMonster,
        &mut OptimalRogue(analysis.clone()),
    );
    Report {
        outcome: if value == FOREVER {
            Outcome::RogueSafeForever
        } else {
            Outcome::MonsterWins { moves: value }
        },
        features: Features {
            capture_moves: (value != FOREVER).then_some(value),
            sites: analysis.sites(),
            rooms,
            corridors,
            states: analysis.states(),
            lost_sites: lost_sites.len(),
            monster_win_pairs,
            pairs,
            cycles: CycleRogue::new(dungeon).cycles().len(),
            naive_rogue,
            bfs_monster,
        },
        lost_sites,
    }
}
