//! Arena bindings: a game in the browser (you and three bots, or four bots), stepped by
//! the page's clock, and the replay of a server's command log.

use super::{
    int_arg, message, number_list_arg, opt_int_arg, seed_arg, text_arg, text_list_arg, try_js,
};
use crate::games::arena::{
    replay, tick_line, tournament_points, Arena, Bot, BotKind, Command, CommandLog, Config, Heading,
};
use wasm_bindgen::prelude::*;

/// A game: seat by seat a bot or `human` (the page's commands). `state()` is the
/// server's state message, so the page draws what a client would see.
#[wasm_bindgen]
pub struct ArenaSession {
    arena: Arena,
    bots: Vec<Option<Box<dyn Bot + Send>>>,
    names: Vec<String>,
    log: CommandLog,
    pending: [Option<Command>; 4],
    last_round: u32,
    script: Vec<[Option<Command>; 4]>,
}

#[wasm_bindgen]
impl ArenaSession {
    /// A game seeded by `seed`; `seats` is four of `human`, `greedy`, `hunter`,
    /// `miner`; `steps` overrides the 6000 steps (throws `{message}` on a bad seat).
    #[wasm_bindgen(constructor)]
    pub fn new(seats: JsValue, seed: JsValue, steps: JsValue) -> Result<ArenaSession, JsValue> {
        let seats = text_list_arg(&seats, "seats", Some(4))?;
        let seed = seed_arg(&seed, "seed")?;
        let steps: Option<u32> = opt_int_arg(&steps, "steps", 0, u32::MAX.into())?;
        let mut bots = Vec::new();
        for s in &seats {
            bots.push(match s.as_str() {
                "human" => None,
                other => Some(other.parse::<BotKind>().map_err(message)?.bot()),
            });
        }
        let config = Config {
            steps: steps.unwrap_or(6000),
            ..Config::default()
        };
        config.check().map_err(|e| message(e.to_string()))?;
        Ok(ArenaSession {
            arena: Arena::new(config.clone(), seed),
            bots,
            names: seats.clone(),
            log: CommandLog {
                seed,
                config,
                names: seats,
                steps: Vec::new(),
            },
            pending: [None; 4],
            last_round: 0,
            script: Vec::new(),
        })
    }

    /// Give a human seat its command for the next step: `U D L R REV DROP` (throws
    /// `{message}` for anything else).
    pub fn command(&mut self, seat: JsValue, word: JsValue) -> Result<(), JsValue> {
        let seat: usize = int_arg(&seat, "seat", 0, 3)?;
        let word = text_arg(&word, "word")?;
        let command = Command::from_word(&word)
            .ok_or_else(|| message(format!("unknown command '{word}' (U, D, L, R, REV, DROP)")))?;
        self.pending[seat] = Some(command);
        Ok(())
    }

    /// Play `n` steps (bots decide, humans use their last command); returns whether
    /// the game goes on.
    pub fn step(&mut self, n: JsValue) -> Result<bool, JsValue> {
        let n: u32 = int_arg(&n, "n", 0, u32::MAX.into())?;
        Ok(self.play_steps(n))
    }

    fn play_steps(&mut self, n: u32) -> bool {
        for _ in 0..n {
            if self.arena.over() {
                break;
            }
            let mut commands = [None; 4];
            if let Some(scripted) = self.script.get(self.arena.tick as usize) {
                commands = *scripted;
            } else {
                for (s, bot) in self.bots.iter_mut().enumerate() {
                    commands[s] = match bot {
                        Some(b) => b.command(&self.arena, s),
                        None => self.pending[s].take(),
                    };
                }
            }
            self.arena.step(&commands);
            self.log.steps.push(commands);
        }
        !self.arena.over()
    }

    /// The state as the server sends it (`{tick, state}`; the maze included when the
    /// round changed since the last call, or with `with_maze`).
    pub fn state(&mut self, with_maze: bool) -> String {
        let new_round = self.arena.round != self.last_round;
        self.last_round = self.arena.round;
        tick_line(&self.arena, with_maze || new_round)
    }

    /// Steps played.
    pub fn tick(&self) -> u32 {
        self.arena.tick
    }

    /// Steps in the game.
    pub fn steps(&self) -> u32 {
        self.arena.config.steps
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.arena.over()
    }

    /// The seats' names (`human`, bot kinds, or the log's names).
    pub fn names(&self) -> Vec<String> {
        self.names.clone()
    }

    /// The command log of the game so far (JSON), which replays it exactly.
    pub fn command_log(&self) -> String {
        serde_json::to_string(&self.log).unwrap_or_default()
    }

    /// A session that replays a command log (a server's replay file): `step()` plays
    /// the logged commands (throws `{message}` for a malformed log).
    pub fn from_log(text: JsValue) -> Result<ArenaSession, JsValue> {
        let log = CommandLog::parse(&text_arg(&text, "text")?).map_err(message)?;
        let session = ArenaSession {
            arena: Arena::new(log.config.clone(), log.seed),
            bots: (0..4).map(|_| None).collect(),
            names: log.names.clone(),
            log: CommandLog {
                steps: Vec::new(),
                ..log.clone()
            },
            pending: [None; 4],
            last_round: 0,
            script: log.steps,
        };
        Ok(session)
    }

    /// Steps in the replayed log (0 for a live game).
    pub fn script_len(&self) -> usize {
        self.script.len()
    }

    /// Go to step `tick` of a replay (from the start: a 6000-step game replays in
    /// milliseconds).
    pub fn seek(&mut self, tick: JsValue) -> Result<(), JsValue> {
        let tick: u32 = int_arg(&tick, "tick", 0, u32::MAX.into())?;
        if tick < self.arena.tick {
            self.arena = Arena::new(self.log.config.clone(), self.log.seed);
            self.log.steps.clear();
            self.last_round = 0;
        }
        let n = tick.saturating_sub(self.arena.tick);
        self.play_steps(n);
        Ok(())
    }
}

/// The final scores of a replay file, from a replay of its commands (checks the page's
/// replay against the engine's).
#[wasm_bindgen]
pub fn arena_replay_scores(text: JsValue) -> Result<JsValue, JsValue> {
    let log = CommandLog::parse(&text_arg(&text, "text")?).map_err(message)?;
    let arena = replay(&log);
    try_js(&arena.players.iter().map(|p| p.score).collect::<Vec<_>>())
}

/// The heading letters, for the page's key map.
#[wasm_bindgen]
pub fn arena_headings() -> String {
    Heading::ALL.iter().map(|h| h.letter()).collect()
}

/// Tournament points of one game's four scores: 5, 3, 2, 1 by place, tied players
/// sharing the points of the places they span.
#[wasm_bindgen]
pub fn arena_tournament_points(scores: JsValue) -> Result<Vec<f64>, JsValue> {
    let scores = number_list_arg(&scores, "scores", Some(4))?;
    let scores: [i64; 4] = std::array::from_fn(|i| scores[i] as i64);
    Ok(tournament_points(&scores).to_vec())
}
