//! Each half-move of a recorded game valued as the exact solution values it: the value
//! before, the best the mover could get, the value after, and a verdict.

use super::{Transcript, TranscriptEnd};
use crate::games::rogue::analysis::{Analysis, FOREVER};
use crate::games::rogue::game::step_digit;
use crate::games::rogue::level::Dungeon;
use crate::games::rogue::strategy::Side;
use crate::grid::Pos;
use serde::Serialize;

/// What a half-move did to the mover's outcome under optimal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum MoveVerdict {
    /// As good as the best move.
    Optimal,
    /// Still winning (the monster) or still lost (the rogue), but `cost` monster moves
    /// off: the monster's capture later than it had to be, the rogue's sooner.
    Mistake {
        /// Monster moves lost.
        cost: u32,
    },
    /// The outcome changed: the monster let a forced capture go (the rogue is safe
    /// forever after it), or the rogue walked from safe into lost.
    Blunder,
}

/// One half-move valued. Values count the monster's moves to capture under optimal
/// play; `None` is safe forever.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValuedMove {
    /// The half-move's number, from 1 (odd: the monster's).
    pub half: usize,
    /// The turn, from 1.
    pub turn: u32,
    /// Who moved.
    pub side: Side,
    /// Where it stood.
    pub from: Pos,
    /// Where it went.
    pub to: Pos,
    /// The move as a numpad digit (`5` stays).
    pub digit: char,
    /// The line (from 1) of the board after it in the transcript.
    pub line: usize,
    /// The position's value with the mover to move.
    pub before: Option<u32>,
    /// The best value after any legal move of the mover (the smallest for the
    /// monster, the largest for the rogue; 0: a capture).
    pub best: Option<u32>,
    /// The value after this move.
    pub after: Option<u32>,
    /// What it did.
    pub verdict: MoveVerdict,
}

/// A side's moves counted by verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SideTotals {
    /// Half-moves of the side.
    pub moves: usize,
    /// Optimal ones.
    pub optimal: usize,
    /// Mistakes.
    pub mistakes: usize,
    /// Monster moves the mistakes cost in all.
    pub cost: u64,
    /// Blunders.
    pub blunders: usize,
}

/// A recorded game valued move by move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValuedGame {
    /// The value of the start (the monster to move).
    pub start: Option<u32>,
    /// The half-moves as numpad digits, the monster's first.
    pub moves: String,
    /// Each half-move valued.
    pub valued: Vec<ValuedMove>,
    /// The monster's totals.
    pub monster: SideTotals,
    /// The rogue's totals.
    pub rogue: SideTotals,
    /// How the transcript ends.
    pub end: TranscriptEnd,
}

const fn known(v: u32) -> Option<u32> {
    if v == FOREVER {
        None
    } else {
        Some(v)
    }
}

/// The verdict of a move of `side` whose value after is `after`, when the best was
/// `best` (both [`FOREVER`] for safe forever).
fn verdict(side: Side, best: u32, after: u32) -> MoveVerdict {
    match (side, best == FOREVER, after == FOREVER) {
        _ if after == best => MoveVerdict::Optimal,
        (Side::Monster, false, true) | (Side::Rogue, true, false) => MoveVerdict::Blunder,
        (Side::Monster, _, _) => MoveVerdict::Mistake { cost: after - best },
        (Side::Rogue, _, _) => MoveVerdict::Mistake { cost: best - after },
    }
}

/// Value every half-move of `transcript` (read for `dungeon`) with `analysis`, the
/// dungeon's exact solution.
///
/// ```
/// use gridlab::games::rogue::{read_transcript, value_game, Analysis, Dungeon, Game, MoveVerdict};
/// // A 3 × 3 room: the monster stays once instead of closing in.
/// let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
/// let mut game = Game::new(&d, 1000);
/// game.replay(&d, "55353").unwrap();
/// let t = read_transcript(&d, &game.transcript(&d)).unwrap();
/// let v = value_game(&d, &Analysis::new(&d).unwrap(), &t);
/// assert_eq!(v.start, Some(2));
/// assert_eq!(v.valued[0].verdict, MoveVerdict::Mistake { cost: 1 });
/// assert_eq!((v.monster.mistakes, v.monster.cost, v.rogue.optimal), (1, 1, 2));
/// ```
pub fn value_game(dungeon: &Dungeon, analysis: &Analysis, transcript: &Transcript) -> ValuedGame {
    let (m0, r0) = transcript.positions[0];
    let mut valued = Vec::with_capacity(transcript.moves.len());
    let (mut monster, mut rogue) = (SideTotals::default(), SideTotals::default());
    for (k, pair) in transcript.positions.windows(2).enumerate() {
        let ((m, r), (m2, r2)) = (pair[0], pair[1]);
        let side = if k % 2 == 0 {
            Side::Monster
        } else {
            Side::Rogue
        };
        let (from, to) = match side {
            Side::Monster => (m, m2),
            Side::Rogue => (r, r2),
        };
        let moves = analysis.move_values(dungeon, m, r, side);
        let best = moves.first().map_or(FOREVER, |&(_, v)| v);
        let after = moves
            .iter()
            .find(|&&(p, _)| p == to)
            .map_or(FOREVER, |&(_, v)| v);
        let verdict = verdict(side, best, after);
        let totals = match side {
            Side::Monster => &mut monster,
            Side::Rogue => &mut rogue,
        };
        totals.moves += 1;
        match verdict {
            MoveVerdict::Optimal => totals.optimal += 1,
            MoveVerdict::Mistake { cost } => {
                totals.mistakes += 1;
                totals.cost += u64::from(cost);
            }
            MoveVerdict::Blunder => totals.blunders += 1,
        }
        valued.push(ValuedMove {
            half: k + 1,
            turn: (k / 2 + 1) as u32,
            side,
            from,
            to,
            digit: step_digit(from, to),
            line: transcript.lines[k + 1],
            before: known(analysis.value(side, m, r)),
            best: known(best),
            after: known(after),
            verdict,
        });
    }
    ValuedGame {
        start: known(analysis.monster_to_move(m0, r0)),
        moves: transcript.moves.clone(),
        valued,
        monster,
        rogue,
        end: transcript.end,
    }
}
