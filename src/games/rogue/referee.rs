//! The coursework's referee (`Game.java`) and the strategies it can run: the monster
//! first, the starting board, `Move t` lines, the boards, `Caught by monster`, the
//! stock exception message when a side cheats, plus a move limit. The output equals
//! the stock referee's byte for byte (`tests/suite/rogue_referee_fidelity.rs` compares it
//! with transcripts recorded from the real `Game.java`, `tests/data/rogue/`).

use super::analysis::AnalysisError;
use super::game::{board, Ending, Game};
use super::level::Dungeon;
use super::strategy::{MonsterStrategy, Player, RogueStrategy, SharedAnalysis, Side};
use crate::grid::Pos;

/// The referee of one game, with the two players.
pub struct Referee<'d> {
    dungeon: &'d Dungeon,
    monster: Box<dyn Player>,
    rogue: Box<dyn Player>,
}

impl<'d> Referee<'d> {
    /// A referee for `dungeon` with built-in strategies (the exact solution is
    /// computed once if either needs it: an error on a dungeon too large for it).
    pub fn new(
        dungeon: &'d Dungeon,
        monster: MonsterStrategy,
        rogue: RogueStrategy,
    ) -> Result<Self, AnalysisError> {
        let mut shared = SharedAnalysis::default();
        let monster = monster.player(dungeon, &mut shared)?;
        let rogue = rogue.player(dungeon, &mut shared)?;
        Ok(Referee::with_players(dungeon, monster, rogue))
    }

    /// A referee for `dungeon` with any two players.
    pub fn with_players(
        dungeon: &'d Dungeon,
        monster: Box<dyn Player>,
        rogue: Box<dyn Player>,
    ) -> Self {
        Referee {
            dungeon,
            monster,
            rogue,
        }
    }

    /// Play a game of at most `max_moves` turns, writing the referee's transcript to
    /// `out` ([`Game::transcript`]: what the stock `Game.java` prints, the starting
    /// board, then `Move t` and the board after every move) or, if `quiet`, only its
    /// last line. When a side cheats, that line is the stock exception's message;
    /// [`Ending::detail`] has the move and the sites.
    ///
    /// ```
    /// use gridlab::games::rogue::{
    ///     parse_steps, BfsMonster, Dungeon, Ending, MonsterStrategy, NaiveRogue, Referee,
    ///     RogueStrategy, Scripted, Side,
    /// };
    /// let d = Dungeon::parse("2\nA .\n. @\n").unwrap();
    /// let mut referee = Referee::new(&d, MonsterStrategy::Bfs, RogueStrategy::Naive).unwrap();
    /// let mut out = String::new();
    /// assert_eq!(referee.play(100, false, &mut out), Ending::Caught { turn: 1 });
    /// assert_eq!(out, "A . \n. @ \n\nMove 1\n\n. . \n. * \n\nCaught by monster\n");
    ///
    /// // The monster steps off the board (N): the stock referee has printed `Move 1`
    /// // and a blank line when it throws `RuntimeException("Monster caught cheating")`.
    /// let steps = parse_steps("N").unwrap();
    /// let monster = Box::new(Scripted::new(Side::Monster, steps, Box::new(BfsMonster)));
    /// let mut referee = Referee::with_players(&d, monster, Box::new(NaiveRogue));
    /// let mut out = String::new();
    /// let ending = referee.play(100, false, &mut out);
    /// assert_eq!(out, "A . \n. @ \n\nMove 1\n\nMonster caught cheating\n");
    /// assert_eq!(
    ///     ending.detail().unwrap(),
    ///     "Monster caught cheating: move 1 from (0, 0) to (-1, 0) is not legal"
    /// );
    /// ```
    pub fn play(&mut self, max_moves: u32, quiet: bool, out: &mut String) -> Ending {
        let game = self.play_game(max_moves);
        let ending = game.ending().expect("a finished game has an ending");
        if quiet {
            out.push_str(&ending.line());
            out.push('\n');
        } else {
            out.push_str(&game.transcript(self.dungeon));
        }
        ending
    }

    /// Play a game of at most `max_moves` turns and return it (positions, moves and
    /// ending).
    pub fn play_game(&mut self, max_moves: u32) -> Game {
        let mut game = Game::new(self.dungeon, max_moves);
        while let Some(side) = game.to_move() {
            let player = match side {
                Side::Monster => self.monster.as_mut(),
                Side::Rogue => self.rogue.as_mut(),
            };
            game.play_player(self.dungeon, player);
        }
        game
    }

    /// The board as `Game.java`'s `toString` prints it: a character and a space per
    /// site (`*` where both stand), each row ending in a newline.
    pub fn board(&self, m: Pos, r: Pos) -> String {
        board(self.dungeon, m, r)
    }
}
