//! The coursework's referee (`Game.java`) and the strategies it can run: the monster
//! first, `Move t` lines, the boards, `Caught by monster`, plus a move limit.

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
    /// computed once if either needs it).
    pub fn new(dungeon: &'d Dungeon, monster: MonsterStrategy, rogue: RogueStrategy) -> Self {
        let mut shared = SharedAnalysis::default();
        let monster = monster.player(dungeon, &mut shared);
        let rogue = rogue.player(dungeon, &mut shared);
        Referee::with_players(dungeon, monster, rogue)
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
    /// `out` (the boards after every move, as `Game.java` prints them) unless `quiet`.
    ///
    /// ```
    /// use gridlab::games::rogue::{Dungeon, Ending, MonsterStrategy, Referee, RogueStrategy};
    /// let d = Dungeon::parse("2\nA .\n. @\n").unwrap();
    /// let mut referee = Referee::new(&d, MonsterStrategy::Bfs, RogueStrategy::Naive);
    /// let mut out = String::new();
    /// assert_eq!(referee.play(100, false, &mut out), Ending::Caught { turn: 1 });
    /// assert_eq!(out, "Move 1\n\n. . \n. * \n\nCaught by monster\n");
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
