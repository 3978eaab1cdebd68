//! `value-game`: a recorded game (the stock referee's transcript) read for a dungeon and
//! each of its moves valued by the exact solution, as a tool of the command line and
//! the page.

use super::value::{value_game, MoveVerdict, SideTotals, ValuedGame};
use super::{read_transcript, TranscriptEnd, MAX_TRANSCRIPT_BYTES};
use crate::error::FieldError;
use crate::games::rogue::analysis::Analysis;
use crate::games::rogue::level::Dungeon;
use crate::games::tools::{Control, Host, Report, Tool, ToolError, ToolOptions};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The options of `value-game`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ValueGameOptions {
    /// The game's transcript as the coursework's referee (Game.java) prints it, or
    /// gridlab rogue play. On the command line, a file (- for standard input).
    #[schemars(extend("x-file" = true))]
    pub transcript: String,
}

impl ToolOptions for ValueGameOptions {
    fn check(&self, _: Host) -> Result<(), FieldError> {
        if self.transcript.len() > MAX_TRANSCRIPT_BYTES {
            return Err(FieldError::new(
                "transcript",
                format!(
                    "{} bytes, more than the {} MiB a transcript may have",
                    self.transcript.len(),
                    MAX_TRANSCRIPT_BYTES >> 20
                ),
            ));
        }
        if self.transcript.trim().is_empty() {
            return Err(FieldError::new(
                "transcript",
                "required: the game's transcript (the referee's standard output)",
            ));
        }
        Ok(())
    }
}

/// `value-game`: a recorded game's moves valued by the exact solution.
pub struct ValueGame;

impl Tool for ValueGame {
    const NAME: &'static str = "value-game";
    const SUMMARY: &'static str = "Read a recorded game (the referee's transcript) for the \
                                   dungeon and value each move by the exact solution: optimal, \
                                   a mistake that costs n moves, or a blunder that changes the \
                                   outcome.";
    type Input = Dungeon;
    type Options = ValueGameOptions;
    type Output = ValuedGame;

    fn run(
        dungeon: &Dungeon,
        options: &ValueGameOptions,
        _: &mut Control<'_>,
    ) -> Result<ValuedGame, ToolError> {
        let transcript =
            read_transcript(dungeon, &options.transcript).map_err(|e| ToolError::Options {
                field: "transcript".into(),
                message: format!("line {}, column {}: {}", e.line, e.column, e.message),
            })?;
        let analysis = Analysis::new(dungeon).map_err(|e| ToolError::Failed(e.to_string()))?;
        Ok(value_game(dungeon, &analysis, &transcript))
    }
}

/// A value as the table prints it: monster moves to capture, or `safe`.
fn value(v: Option<u32>) -> String {
    v.map_or_else(|| "safe".to_string(), |v| v.to_string())
}

/// A site as the table prints it: `row,column` from 1.
fn site(p: crate::grid::Pos) -> String {
    format!("{},{}", p.row + 1, p.col + 1)
}

fn totals(who: &str, t: &SideTotals) -> String {
    format!(
        "{who}: {} moves, {} optimal, {} mistake{} (costing {} monster move{}), {} blunder{}\n",
        t.moves,
        t.optimal,
        t.mistakes,
        if t.mistakes == 1 { "" } else { "s" },
        t.cost,
        if t.cost == 1 { "" } else { "s" },
        t.blunders,
        if t.blunders == 1 { "" } else { "s" },
    )
}

impl Report for ValuedGame {
    /// The table: a half-move a line, then the totals per side and the ending.
    fn text(&self) -> Option<String> {
        let mut out = format!(
            "start: {} (values: monster moves to capture under optimal play; safe: the rogue \
             survives forever; sites: row,column from 1)\n",
            match self.start {
                Some(k) => format!("the monster wins in {k}"),
                None => "the rogue is safe forever".to_string(),
            }
        );
        out.push_str(&format!(
            "{:>5} {:>5}  {:<7}  {:>7}  {:>7}  {:>6}  {:>6}  {:>6}  verdict\n",
            "half", "turn", "who", "from", "to", "before", "best", "after"
        ));
        for m in &self.valued {
            let verdict = match m.verdict {
                MoveVerdict::Optimal => "optimal".to_string(),
                MoveVerdict::Mistake { cost } => {
                    format!(
                        "mistake, costs {cost} move{}",
                        if cost == 1 { "" } else { "s" }
                    )
                }
                MoveVerdict::Blunder => "blunder".to_string(),
            };
            out.push_str(&format!(
                "{:>5} {:>5}  {:<7}  {:>7}  {:>7}  {:>6}  {:>6}  {:>6}  {verdict}\n",
                m.half,
                m.turn,
                m.side.name().to_lowercase(),
                site(m.from),
                site(m.to),
                value(m.before),
                value(m.best),
                value(m.after),
            ));
        }
        out.push_str(&totals("monster", &self.monster));
        out.push_str(&totals("rogue", &self.rogue));
        out.push_str(&match self.end {
            TranscriptEnd::Caught { turn } => format!("end: Caught by monster (turn {turn})\n"),
            TranscriptEnd::Survived { turns } => format!("end: Rogue survived {turns} moves\n"),
            TranscriptEnd::Cheated { side, turn } => {
                format!("end: {} caught cheating (turn {turn})\n", side.name())
            }
            TranscriptEnd::Unfinished => {
                "end: the transcript stops before the game ends\n".to_string()
            }
        });
        Some(out)
    }
}
