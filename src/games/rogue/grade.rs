//! Grading a student's Rogue player (a program speaking the line protocol of
//! `docs/rogue-player-protocol.md`): the protocol's text, one game driven move by move
//! ([`Bout`]: the opponent is a built-in [`Player`], the student's moves come from
//! outside), and the verdict against the exact solution ([`judge`]). No I/O here: the
//! command line runs the program and feeds the replies in.

use super::analysis::FOREVER;
use super::game::{step, Ending, Game};
use super::level::Dungeon;
use super::strategy::{parse_steps, Player, Side};
use crate::grid::Pos;
use serde::Serialize;

/// The first line gridlab sends: the protocol's name and version.
pub const HELLO: &str = "rogue-player 1";

/// Longest reply line read, in bytes (a longer one is a protocol error).
pub const MAX_REPLY_BYTES: usize = 1024;

/// Why a game of the student's program ended early, besides an illegal move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Fault {
    /// The program could not be started.
    NotStarted {
        /// Why.
        message: String,
    },
    /// No reply within a time limit.
    Timeout {
        /// The limit, as people read it (`2 s per move`).
        limit: String,
    },
    /// The program ended (or closed its output) before the game did.
    Ended {
        /// How (`exit status 1`, `killed by signal 9`).
        how: String,
    },
    /// A reply that is not what the protocol asks for.
    BadReply {
        /// The line (its first 80 characters).
        line: String,
        /// What is wrong with it.
        message: String,
    },
}

/// A fault and the turn it happened in (0: before the first move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Failure {
    /// The turn (0 while starting).
    pub turn: u32,
    /// What went wrong.
    pub fault: Fault,
}

impl Failure {
    /// The failure as one line (`move 4: no reply within 2 s per move (--time-limit)`).
    pub fn describe(&self) -> String {
        let when = if self.turn == 0 {
            "at the start".to_string()
        } else {
            format!("move {}", self.turn)
        };
        match &self.fault {
            Fault::NotStarted { message } => format!("could not start: {message}"),
            Fault::Timeout { limit } if self.turn == 0 => {
                format!("{when}: no 'ready' within {limit}")
            }
            Fault::Timeout { limit } => format!("{when}: no reply within {limit}"),
            Fault::Ended { how } => format!("{when}: the program ended ({how})"),
            Fault::BadReply { line, message } => format!("{when}: '{line}' {message}"),
        }
    }
}

/// What the program is told at the start: [`HELLO`], its side, the dungeon exactly as
/// the coursework's file (N, then N rows of 2N−1 characters), and the two sites
/// (`start MI MJ RI RJ`, 0-based row and column as the coursework's `Site(i, j)`).
///
/// ```
/// use gridlab::games::rogue::{greeting, Dungeon, Side};
/// let d = Dungeon::parse("2\nA .\n. @\n").unwrap();
/// assert_eq!(
///     greeting(&d, Side::Rogue),
///     "rogue-player 1\nside rogue\n2\nA .\n. @\nstart 0 0 1 1\n"
/// );
/// ```
pub fn greeting(dungeon: &Dungeon, side: Side) -> String {
    format!(
        "{HELLO}\nside {}\n{}start {}\n",
        side.name().to_lowercase(),
        dungeon.to_text(),
        sites(dungeon.monster, dungeon.rogue)
    )
}

fn sites(monster: Pos, rogue: Pos) -> String {
    format!(
        "{} {} {} {}",
        monster.row, monster.col, rogue.row, rogue.col
    )
}

/// The line asking for a move: `turn T MI MJ RI RJ`.
pub fn question(turn: u32, monster: Pos, rogue: Pos) -> String {
    format!("turn {turn} {}\n", sites(monster, rogue))
}

/// Read a reply to `turn …` for a player standing at `from`: a site `I J` (two
/// integers, what the coursework's `move()` returns), or one direction (`N`, `NE`,
/// …, `stay`, any case, or a numpad digit `1`–`9`). The site may be illegal (the
/// referee judges it); anything else is an error saying what a move looks like.
///
/// ```
/// use gridlab::games::rogue::parse_reply;
/// use gridlab::grid::Pos;
/// let at = Pos::new(2, 3);
/// assert_eq!(parse_reply("2 4", at).unwrap(), Pos::new(2, 4));
/// assert_eq!(parse_reply("ne", at).unwrap(), Pos::new(1, 4));
/// assert_eq!(parse_reply(" 5 ", at).unwrap(), at);
/// assert_eq!(parse_reply("-1 3", at).unwrap().row as isize, -1);
/// assert!(parse_reply("Moving to 2 4", at).is_err());
/// ```
pub fn parse_reply(line: &str, from: Pos) -> Result<Pos, String> {
    const WHAT: &str =
        "is not a move (a site 'I J' or a direction N, NE, E, SE, S, SW, W, NW, stay)";
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        [i, j] => match (i.parse::<i32>(), j.parse::<i32>()) {
            // Like Java's ints; a negative index wraps to one no board has.
            (Ok(i), Ok(j)) => Ok(Pos::new(i as isize as usize, j as isize as usize)),
            _ => Err(WHAT.to_string()),
        },
        [one] => match parse_steps(one).as_deref() {
            Ok([dir]) => Ok(step(from, *dir)),
            _ => Err(WHAT.to_string()),
        },
        _ => Err(WHAT.to_string()),
    }
}

/// The question of a [`Bout`]: the student is to move in `turn` with the players at
/// `monster` and `rogue`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// The turn, from 1.
    pub turn: u32,
    /// The monster's site.
    pub monster: Pos,
    /// The rogue's site.
    pub rogue: Pos,
}

impl Question {
    /// The protocol line ([`question`]).
    pub fn line(&self) -> String {
        question(self.turn, self.monster, self.rogue)
    }
}

/// A player that answers one fixed site (the student's reply, judged by the game).
struct Fixed(Pos);

impl Player for Fixed {
    fn next_move(&mut self, _: &Dungeon, _: Pos, _: Pos) -> Pos {
        self.0
    }
}

/// One game of the student's side against a built-in opponent, by the referee's rules
/// ([`Game`]): ask [`Bout::question`], give the reply to [`Bout::answer`] (or a
/// [`Fault`] to [`Bout::fail`]), until there is no question.
///
/// ```
/// use gridlab::games::rogue::{Bout, Dungeon, Ending, NaiveRogue, Side};
/// let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
/// let mut bout = Bout::new(&d, Side::Monster, Box::new(NaiveRogue), 100);
/// let q = bout.question().unwrap();
/// assert_eq!(q.line(), "turn 1 0 0 2 2\n");
/// bout.answer("SE");
/// let q = bout.question().unwrap();
/// bout.answer(&format!("{} {}", q.rogue.row, q.rogue.col - 1));
/// let q = bout.question().unwrap();
/// bout.answer(&format!("{} {}", q.rogue.row, q.rogue.col));
/// assert_eq!(bout.question(), None);
/// assert_eq!(bout.game().ending(), Some(Ending::Caught { turn: 3 }));
/// ```
pub struct Bout<'d> {
    dungeon: &'d Dungeon,
    side: Side,
    opponent: Box<dyn Player>,
    game: Game,
    failure: Option<Failure>,
}

impl<'d> Bout<'d> {
    /// A game on `dungeon` of at most `max_moves` turns; the student plays `side`.
    pub fn new(
        dungeon: &'d Dungeon,
        side: Side,
        opponent: Box<dyn Player>,
        max_moves: u32,
    ) -> Self {
        Bout {
            dungeon,
            side,
            opponent,
            game: Game::new(dungeon, max_moves),
            failure: None,
        }
    }

    /// Play the opponent's moves until the student is to move: the question, or
    /// `None` when the game is over (or has failed).
    pub fn question(&mut self) -> Option<Question> {
        if self.failure.is_some() {
            return None;
        }
        while self.game.to_move().is_some_and(|s| s != self.side) {
            self.game.play_player(self.dungeon, self.opponent.as_mut());
        }
        self.game.to_move()?;
        Some(Question {
            turn: self.game.turn(),
            monster: self.game.monster(),
            rogue: self.game.rogue(),
        })
    }

    /// The student's reply to the last question: a legal move is played, an illegal
    /// one ends the game as cheating, a line that is no move fails the game.
    pub fn answer(&mut self, line: &str) {
        let from = match self.side {
            Side::Monster => self.game.monster(),
            Side::Rogue => self.game.rogue(),
        };
        match parse_reply(line, from) {
            Ok(to) => {
                self.game.play_player(self.dungeon, &mut Fixed(to));
            }
            Err(message) => self.fail(Fault::BadReply {
                line: crate::error::excerpt(line.trim_end()),
                message,
            }),
        }
    }

    /// End the game with a fault of the student's program in the current turn.
    pub fn fail(&mut self, fault: Fault) {
        let turn = self.game.turn();
        self.failure.get_or_insert(Failure { turn, fault });
    }

    /// End the game with a fault before the first question (the program did not start
    /// or did not say `ready`).
    pub fn fail_at_start(&mut self, fault: Fault) {
        self.failure.get_or_insert(Failure { turn: 0, fault });
    }

    /// The side the student plays.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The dungeon.
    pub fn dungeon(&self) -> &'d Dungeon {
        self.dungeon
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The failure, if the program failed.
    pub fn failure(&self) -> Option<&Failure> {
        self.failure.as_ref()
    }

    /// The verdict of the game ([`judge`]).
    pub fn verdict(&self, reference: &Reference, strict: bool) -> GradeVerdict {
        judge(
            self.side,
            self.game.ending(),
            self.failure.as_ref(),
            reference,
            strict,
        )
    }

    /// The referee's last line, or the failure's (for the protocol's `end` line).
    pub fn end_line(&self) -> String {
        match (&self.failure, self.game.ending()) {
            (Some(f), _) => f.describe(),
            (None, Some(ending)) => ending.line(),
            (None, None) => "the game was cut short".to_string(),
        }
    }
}

/// The reference a game is judged against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reference {
    /// The exact solution from the start: monster moves to a forced capture, `None`
    /// when the rogue is safe forever.
    pub forced: Option<u32>,
    /// For a student's rogue: how gridlab's optimal rogue fares against the same
    /// monster (its ending); `None` for a student's monster.
    pub optimal_play: Option<Ending>,
}

impl Reference {
    /// The reference from the exact value (moves to capture or [`FOREVER`]).
    pub fn new(value: u32, optimal_play: Option<Ending>) -> Self {
        Reference {
            forced: (value != FOREVER).then_some(value),
            optimal_play,
        }
    }

    /// The table's `optimal` cell: the forced capture (`5`, `safe`) for a monster, the
    /// optimal rogue's game (`5`, `survives`) for a rogue.
    pub fn cell(&self) -> String {
        match self.optimal_play {
            Some(Ending::Caught { turn }) => turn.to_string(),
            Some(_) => "survives".to_string(),
            None => self.forced.map_or("safe".to_string(), |v| v.to_string()),
        }
    }
}

/// How one game went for the student.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GradeOutcome {
    /// The monster caught the rogue.
    Caught,
    /// The rogue was not caught within the move limit.
    NotCaught,
    /// The student's side made an illegal move.
    Cheated,
    /// No reply in time.
    Timeout,
    /// The program ended, crashed, or could not start.
    Crashed,
    /// A reply that is not a move.
    BadReply,
}

impl GradeOutcome {
    /// The table's `verdict` cell.
    pub fn word(self, side: Side) -> &'static str {
        match (self, side) {
            (GradeOutcome::Caught, _) => "caught",
            (GradeOutcome::NotCaught, Side::Monster) => "not caught",
            (GradeOutcome::NotCaught, Side::Rogue) => "survived",
            (GradeOutcome::Cheated, _) => "cheated",
            (GradeOutcome::Timeout, _) => "timeout",
            (GradeOutcome::Crashed, _) => "crashed",
            (GradeOutcome::BadReply, _) => "bad reply",
        }
    }
}

/// The verdict of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GradeVerdict {
    /// Whether the game passes.
    pub pass: bool,
    /// How it went.
    pub outcome: GradeOutcome,
    /// Turns played: the turn of the capture, of the illegal move or of the failure,
    /// or the move limit survived.
    pub moves: u32,
    /// What failed (`None` when it passes).
    pub failed: Option<String>,
    /// A note on a pass (`the move limit is below the forced capture`).
    pub note: Option<String>,
}

/// Judge the game of the student's `side` against `reference`: a monster passes when
/// it catches the rogue, or does not where no capture is forced within the move limit;
/// a rogue passes when it survives, or is caught where the capture was forced. With
/// `strict`, a monster slower than the forced capture and a rogue caught sooner than
/// gridlab's optimal rogue against the same monster fail too. An illegal move, a
/// timeout, a crash or a bad reply always fails.
///
/// ```
/// use gridlab::games::rogue::{judge, Ending, GradeOutcome, Reference, Side};
/// let reference = Reference { forced: Some(5), optimal_play: None };
/// let v = judge(Side::Monster, Some(Ending::Survived { turns: 1000 }), None, &reference, false);
/// assert_eq!(v.outcome, GradeOutcome::NotCaught);
/// assert_eq!(v.failed.unwrap(), "not caught in 1000 moves; capture is forced in 5");
/// let v = judge(Side::Monster, Some(Ending::Caught { turn: 7 }), None, &reference, false);
/// assert!(v.pass);
/// assert_eq!(v.note.unwrap(), "2 moves slower than the forced capture");
/// let v = judge(Side::Monster, Some(Ending::Caught { turn: 7 }), None, &reference, true);
/// assert_eq!(v.failed.unwrap(), "caught in 7; capture is forced in 5");
/// ```
pub fn judge(
    side: Side,
    ending: Option<Ending>,
    failure: Option<&Failure>,
    reference: &Reference,
    strict: bool,
) -> GradeVerdict {
    if let Some(f) = failure {
        let outcome = match f.fault {
            Fault::Timeout { .. } => GradeOutcome::Timeout,
            Fault::NotStarted { .. } | Fault::Ended { .. } => GradeOutcome::Crashed,
            Fault::BadReply { .. } => GradeOutcome::BadReply,
        };
        return fail(outcome, f.turn, f.describe());
    }
    let Some(ending) = ending else {
        return fail(GradeOutcome::Crashed, 0, "the game was cut short".into());
    };
    match (side, ending) {
        (_, Ending::Cheated { turn, .. }) => fail(
            GradeOutcome::Cheated,
            turn,
            ending.detail().unwrap_or_else(|| ending.line()),
        ),
        (Side::Monster, Ending::Caught { turn }) => match reference.forced {
            Some(v) if strict && turn > v => fail(
                GradeOutcome::Caught,
                turn,
                format!("caught in {turn}; capture is forced in {v}"),
            ),
            Some(v) if turn > v => pass(
                GradeOutcome::Caught,
                turn,
                Some(format!(
                    "{} slower than the forced capture",
                    moves(turn - v)
                )),
            ),
            _ => pass(GradeOutcome::Caught, turn, None),
        },
        (Side::Monster, Ending::Survived { turns }) => match reference.forced {
            Some(v) if v <= turns => fail(
                GradeOutcome::NotCaught,
                turns,
                format!("not caught in {turns} moves; capture is forced in {v}"),
            ),
            Some(v) => pass(
                GradeOutcome::NotCaught,
                turns,
                Some(format!(
                    "the move limit {turns} is below the forced capture in {v}"
                )),
            ),
            None => pass(
                GradeOutcome::NotCaught,
                turns,
                Some("the rogue is safe".into()),
            ),
        },
        (Side::Rogue, Ending::Survived { turns }) => {
            let note = match reference.optimal_play {
                Some(Ending::Caught { turn }) => {
                    Some(format!("longer than optimal play (caught in {turn})"))
                }
                _ => None,
            };
            pass(GradeOutcome::NotCaught, turns, note)
        }
        (Side::Rogue, Ending::Caught { turn }) => {
            match (reference.forced, reference.optimal_play) {
                (None, _) => fail(
                    GradeOutcome::Caught,
                    turn,
                    format!("caught in {turn}; the rogue is safe (exact solution)"),
                ),
                (Some(_), Some(Ending::Caught { turn: best })) if strict && turn < best => fail(
                    GradeOutcome::Caught,
                    turn,
                    format!("caught in {turn}; optimal play lasts {best}"),
                ),
                (Some(_), Some(Ending::Survived { turns })) if strict => fail(
                    GradeOutcome::Caught,
                    turn,
                    format!("caught in {turn}; optimal play survives {turns} moves"),
                ),
                (Some(_), Some(Ending::Caught { turn: best })) if turn < best => pass(
                    GradeOutcome::Caught,
                    turn,
                    Some(format!("{} shorter than optimal play", moves(best - turn))),
                ),
                (Some(_), Some(Ending::Survived { .. })) => pass(
                    GradeOutcome::Caught,
                    turn,
                    Some("optimal play survives this monster".into()),
                ),
                (Some(v), _) => pass(
                    GradeOutcome::Caught,
                    turn,
                    Some(format!("capture is forced in {v}")),
                ),
            }
        }
    }
}

/// `1 move`, `3 moves`.
fn moves(n: u32) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

fn pass(outcome: GradeOutcome, moves: u32, note: Option<String>) -> GradeVerdict {
    GradeVerdict {
        pass: true,
        outcome,
        moves,
        failed: None,
        note,
    }
}

fn fail(outcome: GradeOutcome, moves: u32, failed: String) -> GradeVerdict {
    GradeVerdict {
        pass: false,
        outcome,
        moves,
        failed: Some(failed),
        note: None,
    }
}
