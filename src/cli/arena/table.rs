//! The Arena server's table: its connections, the seats and who waits for one, and the
//! game being played. Every connection event goes through [`Table::handle_event`],
//! in the lobby and during a game, real-time or lock-step.

use super::connection::Event;
use super::seats::{Refusal, Reservations};
use super::server::{GameResult, NoClient, Options};
use super::timing::{Policy, SeatTiming};
use crate::cli::sandbox::complaints::Complaints;
use gridlab::games::arena::{Arena, Bot, BotKind, Command, CommandLog, Config, ServerMessage};
use std::collections::{HashMap, VecDeque};
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

/// A seat's occupant.
enum Seat {
    /// A bot plays it (a client may take it).
    Bot(Box<dyn Bot + Send>, BotKind),
    /// Client `id`, called `name`, plays it.
    Client { id: u64, name: String },
    /// Its client left: the player stands still until the game ends (a joiner may
    /// take it).
    Idle { name: String },
}

/// Where a connection's lines go.
type Outbox = mpsc::Sender<String>;

/// A seated client's answer for the step being collected: the tick it names (None:
/// the current one) and its command (None: a bare tick).
type Answer = (Option<u32>, Option<Command>);

/// The server between events: its connections, who sits where, and who waits for a
/// seat. Events are handled one at a time, in the lobby and during games alike.
pub struct Table<'o> {
    options: &'o Options,
    /// What the connections say.
    events: mpsc::Receiver<Event>,
    /// Per seat, whether its kept client is gone for good (see [`Options::gone`]).
    gone: Option<watch::Receiver<[bool; 4]>>,
    /// Players' connections, seated or waiting.
    clients: HashMap<u64, Outbox>,
    /// Spectators' connections.
    spectators: HashMap<u64, Outbox>,
    /// Clients without a seat, in the order they came: seated at the next game.
    waiting: VecDeque<(u64, String)>,
    /// Who plays each seat.
    seats: [Seat; 4],
}

/// A game being played: the engine, what the seated clients answered for the step
/// being collected, and everything the game's result reports.
struct Game {
    arena: Arena,
    /// By seat, what its client answered for the step being collected.
    answers: [Option<Answer>; 4],
    /// By seat, its clients' answer times and warnings.
    timing: [SeatTiming; 4],
    /// When each step's state was sent.
    sent: Vec<std::time::Instant>,
    /// Real time: how late each step came.
    jitter: Vec<Duration>,
    /// The replay so far.
    log: CommandLog,
    /// The round of the last state sent (a new round's state holds the maze).
    last_round: u32,
    /// Clients too slow to read every state, by connection.
    dropped: HashMap<u64, Complaints>,
    /// Whether a client held a seat at some step.
    clients_played: bool,
}

impl Game {
    /// A game of `config` on `seed`, `names` by seat.
    fn new(config: &Config, seed: u64, names: Vec<String>) -> Game {
        let steps = config.steps as usize;
        Game {
            arena: Arena::new(config.clone(), seed),
            answers: [None; 4],
            timing: Default::default(),
            sent: Vec::with_capacity(steps),
            jitter: Vec::new(),
            log: CommandLog {
                seed,
                config: config.clone(),
                names,
                steps: Vec::with_capacity(steps),
            },
            last_round: 0,
            dropped: HashMap::new(),
            clients_played: false,
        }
    }

    /// Seat `seat`'s client answered: its time is noted, and the last command for the
    /// step counts (a bare tick does not undo one).
    fn answer(&mut self, seat: usize, (tick, command): Answer, policy: &Policy) {
        let current = self.arena.tick;
        self.timing[seat].answer(tick, current, &self.sent, policy);
        let kept = self.answers[seat].and_then(|(_, c)| c);
        self.answers[seat] = Some((tick, command.or(kept)));
    }

    /// Whether seat `seat` has answered the step being collected.
    fn has_answered(&self, seat: usize) -> bool {
        let tick = self.arena.tick;
        self.answers[seat].is_some_and(|(t, _)| t.is_none_or(|t| t >= tick))
    }
}

impl<'o> Table<'o> {
    /// The seats before the first game: the bots, and with `expect_clients` the
    /// clients' seats idle (they are not played by bots).
    pub fn new(options: &'o Options, events: mpsc::Receiver<Event>) -> Table<'o> {
        let clients = options.expect_clients.unwrap_or(0);
        let seats = std::array::from_fn(|s| {
            if s < clients {
                Seat::Idle {
                    name: "(free)".into(),
                }
            } else {
                bot_seat(options.bots.get(s).copied().unwrap_or(BotKind::Hunter))
            }
        });
        Table {
            options,
            events,
            gone: options.gone.clone(),
            clients: HashMap::new(),
            spectators: HashMap::new(),
            waiting: VecDeque::new(),
            seats,
        }
    }

    /// Collect the first joiners, until the lobby's time is up or enough have come.
    pub async fn lobby(&mut self) {
        let end = Instant::now() + self.options.lobby;
        self.handle_until(None, Some(end), |table, _| table.enough())
            .await;
    }

    /// Whether the first game need wait for no one else: `expect_clients` clients
    /// seated, or every kept seat taken by its client (or its client gone).
    fn enough(&self) -> bool {
        let reserved = &self.options.reserved;
        match self.options.expect_clients {
            Some(n) => self.seats.iter().filter(|s| is_client(s)).count() >= n,
            None => {
                let gone = self.gone.as_ref().map_or([false; 4], |g| *g.borrow());
                reserved.active()
                    && reserved
                        .seats()
                        .iter()
                        .enumerate()
                        .all(|(s, kept)| match kept {
                            None => true,
                            Some(kept) => {
                                gone.get(s).copied().unwrap_or(false)
                                    || matches!(self.seats.get(s),
                                    Some(Seat::Client { name, .. }) if *name == kept.name)
                            }
                        })
            }
        }
    }

    /// Handle events until `done` holds, `until` passes (None: no deadline) or no
    /// connection can send any more; a change of `gone` has `done` checked again.
    async fn handle_until(
        &mut self,
        mut game: Option<&mut Game>,
        until: Option<Instant>,
        done: impl Fn(&Self, Option<&Game>) -> bool,
    ) {
        while !done(self, game.as_deref()) {
            let event = tokio::select! {
                event = next_event(&mut self.events, until) => event,
                () = changed(&mut self.gone) => continue,
            };
            let Some(event) = event else {
                return;
            };
            self.handle_event(event, game.as_deref_mut());
        }
    }

    /// Apply a connection event: seat a joiner (an idle seat, else a bot's) or let it
    /// spectate, note a seated client's answer (during a game), free the seat of a
    /// client that left (the player idles).
    fn handle_event(&mut self, event: Event, game: Option<&mut Game>) {
        match event {
            Event::Joined {
                id,
                out,
                spectator: true,
                ..
            } => self.spectate(id, out, game.as_deref()),
            Event::Joined {
                id,
                name,
                token,
                out,
                spectator: false,
            } => self.join(id, name, token.as_deref(), out, game.as_deref()),
            Event::Command { id, tick, command } => {
                if let (Some(game), Some(seat)) = (game, self.client_seat(id)) {
                    game.answer(seat, (tick, command), &self.options.policy);
                }
            }
            Event::Left { id } => self.leave(id),
        }
    }

    /// A spectator gets the config, the names by seat and (during a game) the whole
    /// state with the maze, as a player joining mid-game does.
    fn spectate(&mut self, id: u64, out: Outbox, game: Option<&Game>) {
        let hello = ServerMessage::Spectating {
            config: self.options.config.clone(),
            lockstep: !self.options.realtime,
            names: self.names(),
        };
        send(&out, &hello);
        if let Some(game) = game {
            send(&out, &ServerMessage::tick(&game.arena, true));
        }
        self.spectators.insert(id, out);
    }

    /// Seat a player's hello: a kept seat by its token only (the name said is not
    /// trusted), else an idle seat or a bot's; with none free it waits for the next
    /// game.
    fn join(
        &mut self,
        id: u64,
        name: String,
        token: Option<&str>,
        out: Outbox,
        game: Option<&Game>,
    ) {
        let reserved = &self.options.reserved;
        let free = if reserved.active() {
            let taken = |s: usize| matches!(self.seats.get(s), Some(Seat::Client { .. }));
            match reserved.admit(token, taken) {
                Ok(seat) => Some((seat, reserved.seats()[seat].clone().map(|r| r.name))),
                Err(refusal) => return refuse(id, &name, &refusal, reserved, &out),
            }
        } else {
            let find = |wanted: fn(&Seat) -> bool| self.seats.iter().position(wanted);
            find(|s| matches!(s, Seat::Idle { .. }))
                .or_else(|| find(|s| matches!(s, Seat::Bot(..))))
                .map(|s| (s, None))
        };
        match free {
            Some((seat, kept)) => {
                self.seats[seat] = Seat::Client {
                    id,
                    name: kept.unwrap_or(name),
                };
                send(&out, &self.welcome(seat));
                if let Some(game) = game {
                    send(&out, &ServerMessage::tick(&game.arena, true));
                }
            }
            None => {
                let all_taken = "all four seats are taken; wait for the next game";
                send(&out, &ServerMessage::Error(all_taken.into()));
                self.waiting.push_back((id, name));
            }
        }
        self.clients.insert(id, out);
    }

    /// A connection closed: forget it; a seat it held idles.
    fn leave(&mut self, id: u64) {
        self.clients.remove(&id);
        self.spectators.remove(&id);
        self.waiting.retain(|(w, _)| *w != id);
        for seat in &mut self.seats {
            if let Seat::Client { id: c, name } = seat {
                if *c == id {
                    eprintln!("[arena] {name} left: the player idles");
                    *seat = Seat::Idle {
                        name: std::mem::take(name),
                    };
                }
            }
        }
    }

    /// The welcome of a client seated at `seat`.
    fn welcome(&self, seat: usize) -> ServerMessage {
        ServerMessage::Welcome {
            seat,
            config: self.options.config.clone(),
            lockstep: !self.options.realtime,
        }
    }

    /// The seat of client `id`, if it holds one.
    fn client_seat(&self, id: u64) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| matches!(s, Seat::Client { id: c, .. } if *c == id))
    }

    /// Whether any seat is played by a client.
    fn any_client(&self) -> bool {
        self.seats.iter().any(is_client)
    }

    /// The players' names by seat.
    fn names(&self) -> Vec<String> {
        self.seats.iter().map(seat_name).collect()
    }

    /// Send `message` to every client and spectator; the ones whose queue is full.
    fn broadcast(&self, message: &ServerMessage) -> Vec<u64> {
        let line = message.line();
        self.clients
            .iter()
            .chain(&self.spectators)
            .filter(|(_, out)| out.try_send(line.clone()).is_err())
            .map(|(id, _)| *id)
            .collect()
    }

    /// Drop every connection's sender: each writer sends what is queued, then ends.
    pub fn hang_up(&mut self) {
        self.clients.clear();
        self.spectators.clear();
    }

    /// Play game number `number`.
    pub async fn play(&mut self, number: u32) -> GameResult {
        self.seat_waiting();
        let options = self.options;
        let seed = options.seed.wrapping_add(u64::from(number));
        let mut game = Game::new(&options.config, seed, self.names());
        let start = Instant::now();
        while !game.arena.over() {
            self.send_state(&mut game);
            if options.realtime {
                let due = start + options.tick * (game.arena.tick + 1);
                self.handle_until(Some(&mut game), Some(due), |_, _| false)
                    .await;
                game.jitter
                    .push(Instant::now().saturating_duration_since(due));
            } else {
                self.lock_step(&mut game).await;
            }
            self.forfeit_seats(&game.timing);
            let mut step = [None; 4];
            for (s, seat) in self.seats.iter_mut().enumerate() {
                step[s] = match seat {
                    Seat::Bot(bot, _) => bot.command(&game.arena, s),
                    Seat::Client { .. } => game.answers[s].take().and_then(|(_, c)| c),
                    Seat::Idle { .. } => None,
                };
            }
            game.clients_played |= self.any_client();
            game.arena.step(&step);
            game.log.steps.push(step);
        }
        self.game_over(game)
    }

    /// Idle seats go back to bots, and waiting clients take bot seats (in the order
    /// they came; those left wait for a later game).
    fn seat_waiting(&mut self) {
        for seat in &mut self.seats {
            if let Seat::Idle { .. } = seat {
                *seat = bot_seat(BotKind::Hunter);
            }
        }
        while let Some(seat) = self.seats.iter().position(|s| matches!(s, Seat::Bot(..))) {
            let Some((id, name)) = self.waiting.pop_front() else {
                break;
            };
            self.seats[seat] = Seat::Client { id, name };
            if let Some(out) = self.clients.get(&id) {
                send(out, &self.welcome(seat));
            }
        }
    }

    /// Tell everyone the state of this step (the maze with a new round); a client
    /// too slow to take it is counted, not repeated: the count is printed at the
    /// game's end.
    fn send_state(&self, game: &mut Game) {
        let with_maze = game.arena.round != game.last_round;
        game.last_round = game.arena.round;
        game.sent.push(std::time::Instant::now());
        for id in self.broadcast(&ServerMessage::tick(&game.arena, with_maze)) {
            game.dropped
                .entry(id)
                .or_insert_with(|| {
                    let name = self
                        .client_seat(id)
                        .map_or("-".into(), |s| seat_name(&self.seats[s]));
                    Complaints::new(format!("[arena] client {id} ({name})"))
                })
                .say("reads too slowly: a state dropped");
        }
    }

    /// Lock-step: wait until every seated client has answered the step, at most
    /// `step_timeout`; with no client seated, go on as `no_client` says. Then count
    /// the seats that did not answer.
    async fn lock_step(&mut self, game: &mut Game) {
        let options = self.options;
        // What has come is handled first: joins and spectators are answered even
        // when there is no client to wait for.
        while let Ok(event) = self.events.try_recv() {
            self.handle_event(event, Some(game));
        }
        if !self.any_client() {
            let until = match options.no_client {
                NoClient::Run => None,
                NoClient::Tick => Some(Some(Instant::now() + options.tick)),
                NoClient::Pause => {
                    eprintln!(
                        "[arena] no client seated: the game pauses at step {} until one joins",
                        game.arena.tick
                    );
                    Some(None)
                }
            };
            if let Some(until) = until {
                // A joiner gets the state at once, and the step then waits for it.
                self.handle_until(Some(game), until, |table, _| table.any_client())
                    .await;
            }
        }
        let deadline = Instant::now() + options.step_timeout;
        self.handle_until(Some(game), Some(deadline), |table, game| {
            game.is_some_and(|game| {
                (0..4).all(|s| !is_client(&table.seats[s]) || game.has_answered(s))
            })
        })
        .await;
        let tick = game.arena.tick;
        for (s, seat) in self.seats.iter().enumerate() {
            if is_client(seat) {
                let timing = &mut game.timing[s];
                if !timing.has_answered(tick) {
                    timing.timeouts += 1;
                }
                timing.overdue(tick, &game.sent, &options.policy);
            }
        }
    }

    /// A client whose seat has forfeited the game is told so, and the bot that kept
    /// the seat warm plays it again (the game no longer waits for the client).
    fn forfeit_seats(&mut self, timing: &[SeatTiming; 4]) {
        for (s, seat) in self.seats.iter_mut().enumerate() {
            let Seat::Client { id, name } = seat else {
                continue;
            };
            let Some(why) = &timing[s].forfeit else {
                continue;
            };
            eprintln!("[arena] {name} forfeits the game: {why}");
            if let Some(out) = self.clients.get(id) {
                send(
                    out,
                    &ServerMessage::Error(format!("you forfeit this game: {why}")),
                );
            }
            *seat = bot_seat(self.options.bots.get(s).copied().unwrap_or(BotKind::Hunter));
        }
    }

    /// The game's end: faults noted, everyone told the scores, the result.
    fn game_over(&self, mut game: Game) -> GameResult {
        // Hellos caught taking a seat not their own forfeit their entrant's game.
        for (s, fault) in self.options.reserved.take_faults().into_iter().enumerate() {
            if let Some(why) = fault {
                game.timing[s].forfeit.get_or_insert(why);
            }
        }
        let scores = [0, 1, 2, 3].map(|s| game.arena.players[s].score);
        // Who sat where at the end (a client that joined during the game included).
        game.log.names = self.names();
        self.broadcast(&ServerMessage::GameOver {
            names: game.log.names.clone(),
            scores,
        });
        GameResult {
            names: game.log.names.clone(),
            scores,
            jitter: game.jitter,
            timing: game.timing,
            log: game.log,
            clients_played: game.clients_played,
        }
    }
}

/// The next event, or None when `until` passes (None: no deadline) or no connection
/// can send any more.
async fn next_event(events: &mut mpsc::Receiver<Event>, until: Option<Instant>) -> Option<Event> {
    match until {
        Some(at) => tokio::time::timeout_at(at, events.recv())
            .await
            .ok()
            .flatten(),
        None => events.recv().await,
    }
}

/// Wait for a change of `gone` (for ever if there is none to watch).
async fn changed(gone: &mut Option<watch::Receiver<[bool; 4]>>) {
    let changed = match gone {
        Some(g) => g.changed().await.is_ok(),
        None => false,
    };
    if !changed {
        std::future::pending::<()>().await;
    }
}

/// Queue `message` for a connection (a full queue drops it: the client is too slow).
fn send(out: &Outbox, message: &ServerMessage) {
    let _ = out.try_send(message.line());
}

/// Refuse a hello for a kept seat: log it, tell the client, and note a fault of the
/// seat's entrant when the token names one. The client is not seated (its later
/// lines are ignored).
fn refuse(id: u64, name: &str, refusal: &Refusal, reserved: &Reservations, out: &Outbox) {
    let name: String = name.chars().take(40).collect();
    match refusal.culprit() {
        Some(seat) => {
            eprintln!("[arena] client {id} ({name}) refused: {refusal}: a fault of seat {seat}");
            reserved.blame(seat, &refusal.to_string());
        }
        None => eprintln!("[arena] client {id} ({name}) refused: {refusal}"),
    }
    send(out, &ServerMessage::Error(format!("refused: {refusal}")));
}

/// A seat played by a new bot of `kind`.
fn bot_seat(kind: BotKind) -> Seat {
    Seat::Bot(kind.bot(), kind)
}

/// Whether a client plays `seat`.
fn is_client(seat: &Seat) -> bool {
    matches!(seat, Seat::Client { .. })
}

/// A seat's player as the names sent and the replay show it.
fn seat_name(seat: &Seat) -> String {
    match seat {
        Seat::Bot(_, kind) => format!("bot:{}", format!("{kind:?}").to_lowercase()),
        Seat::Client { name, .. } | Seat::Idle { name } => name.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> Options {
        Options {
            realtime: false,
            tick: Duration::from_millis(50),
            no_client: NoClient::Run,
            step_timeout: Duration::from_millis(10),
            games: 2,
            lobby: Duration::ZERO,
            bots: vec![BotKind::Hunter; 4],
            config: Config {
                steps: 5,
                ..Config::default()
            },
            seed: 0,
            replays: None,
            keep_replays: 0,
            report: false,
            expect_clients: None,
            reserved: Reservations::default(),
            join_timeout: Duration::from_secs(1),
            policy: Policy {
                forfeit_after: Duration::MAX,
                warnings: None,
            },
            gone: None,
        }
    }

    /// A player's hello through the table; what the player is sent.
    fn hello(table: &mut Table, id: u64) -> mpsc::Receiver<String> {
        let (out, lines) = mpsc::channel(8);
        let event = Event::Joined {
            id,
            name: format!("p{id}"),
            token: None,
            out,
            spectator: false,
        };
        table.handle_event(event, None);
        lines
    }

    #[test]
    fn waiting_players_take_freed_seats_in_the_order_they_came_and_the_rest_wait_on() {
        let options = options();
        let (_events, receiver) = mpsc::channel(1);
        let mut table = Table::new(&options, receiver);
        let mut seated: Vec<_> = (0..4).map(|id| hello(&mut table, id)).collect();
        for (seat, lines) in seated.iter_mut().enumerate() {
            let welcome = lines.try_recv().unwrap();
            assert!(
                welcome.starts_with(&format!("{{\"welcome\":{seat},")),
                "{welcome}"
            );
        }
        let mut late: Vec<_> = (4..7).map(|id| hello(&mut table, id)).collect();
        let all_taken = r#"{"error":"all four seats are taken; wait for the next game"}"#;
        for lines in &mut late {
            assert_eq!(lines.try_recv().unwrap(), all_taken);
        }
        table.handle_event(Event::Left { id: 2 }, None);
        table.handle_event(Event::Left { id: 5 }, None);
        // The next game: the seat left idle goes to the first that came and is there.
        table.seat_waiting();
        assert_eq!(table.client_seat(4), Some(2));
        assert!(late[0].try_recv().unwrap().starts_with("{\"welcome\":2,"));
        assert!(late[2].try_recv().is_err());
        assert_eq!(table.waiting, [(6, "p6".to_string())]);
        // The one after it is seated when a seat is free again.
        table.handle_event(Event::Left { id: 0 }, None);
        table.seat_waiting();
        assert_eq!(table.client_seat(6), Some(0));
        assert!(late[2].try_recv().unwrap().starts_with("{\"welcome\":0,"));
        assert!(table.waiting.is_empty());
    }

    #[test]
    fn the_welcome_and_the_spectators_hello_say_whether_the_server_is_lock_step() {
        for realtime in [false, true] {
            let options = Options {
                realtime,
                ..options()
            };
            let (_events, receiver) = mpsc::channel(1);
            let mut table = Table::new(&options, receiver);
            let welcome = hello(&mut table, 0).try_recv().unwrap();
            let welcome: serde_json::Value = serde_json::from_str(&welcome).unwrap();
            assert_eq!(welcome["lockstep"], !realtime, "{welcome}");
            let (out, mut lines) = mpsc::channel(8);
            let event = Event::Joined {
                id: 1,
                name: String::new(),
                token: None,
                out,
                spectator: true,
            };
            table.handle_event(event, None);
            let spectating: serde_json::Value =
                serde_json::from_str(&lines.try_recv().unwrap()).unwrap();
            assert_eq!(spectating["spectating"], true);
            assert_eq!(spectating["lockstep"], !realtime, "{spectating}");
        }
    }
}
