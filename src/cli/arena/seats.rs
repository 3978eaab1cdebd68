//! The seats a tournament game keeps for its entrants' programs: each has a name (shown
//! to everyone) and a secret token (given only to the program started for that seat,
//! in `ARENA_TOKEN`, and never sent by the server). A hello takes a kept seat only with
//! that seat's token; bot seats and seats not kept are closed to joiners. A refused
//! hello is logged, and when its token names a seat (a second hello for a seat already
//! played) that seat's entrant forfeits the game.

use std::sync::{Arc, Mutex};

/// Bytes of randomness in a seat token (shown as twice as many hex digits).
pub const TOKEN_BYTES: usize = 16;

/// A seat kept for one entrant program (its `Debug` form does not show the token).
#[derive(Clone, PartialEq)]
pub struct Reserved {
    /// The seat's name (in the names the server sends, the replay and the log).
    pub name: String,
    /// The secret its program says hello with.
    pub token: String,
}

impl std::fmt::Debug for Reserved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reserved")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// The operating system gave no random bytes for a seat token.
#[derive(Debug, thiserror::Error)]
#[error("no random source for seat tokens: {0}")]
pub struct NoRandom(getrandom::Error);

/// A fresh token: [`TOKEN_BYTES`] from the operating system's random source, in hex.
pub fn new_token() -> Result<String, NoRandom> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(NoRandom)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Why a hello does not take a kept seat.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The hello carries no token.
    #[error("a hello without a token: this game's seats are kept for its entrants")]
    NoToken,
    /// The token is no seat's.
    #[error("a hello with an unknown token: this game's seats are kept for its entrants")]
    UnknownToken,
    /// The token's seat is played by another connection now.
    #[error("a second hello for seat {0}, which is already played")]
    SeatPlayed(usize),
}

impl Refusal {
    /// The seat whose entrant the hello is a fault of (only its program has the token).
    pub fn culprit(&self) -> Option<usize> {
        match self {
            Refusal::SeatPlayed(seat) => Some(*seat),
            Refusal::NoToken | Refusal::UnknownToken => None,
        }
    }
}

/// The kept seats of a server (none for `arena serve`), and the faults of entrants
/// caught trying to take a seat that is not theirs.
#[derive(Clone, Debug, Default)]
pub struct Reservations {
    seats: Vec<Option<Reserved>>,
    faults: Arc<Mutex<[Option<String>; 4]>>,
}

impl Reservations {
    /// Keep `seats` (by seat; `None`: a bot's seat, closed to joiners if any is kept).
    pub fn new(seats: Vec<Option<Reserved>>) -> Reservations {
        Reservations {
            seats,
            faults: Arc::default(),
        }
    }

    /// Whether any seat is kept (then only tokens seat joiners).
    pub fn active(&self) -> bool {
        self.seats.iter().any(Option::is_some)
    }

    /// The kept seats by seat.
    pub fn seats(&self) -> &[Option<Reserved>] {
        &self.seats
    }

    /// The seat a hello with `token` takes, or why it is refused (which tells the seat
    /// whose entrant it is a fault of, if any). `taken(s)`: seat `s` is played by a
    /// connected client now.
    pub fn admit(
        &self,
        token: Option<&str>,
        taken: impl Fn(usize) -> bool,
    ) -> Result<usize, Refusal> {
        let token = token.ok_or(Refusal::NoToken)?;
        let seat = self
            .seats
            .iter()
            .position(|r| r.as_ref().is_some_and(|r| same(&r.token, token)));
        match seat {
            None => Err(Refusal::UnknownToken),
            Some(s) if taken(s) => Err(Refusal::SeatPlayed(s)),
            Some(s) => Ok(s),
        }
    }

    /// Note a fault of seat `seat`'s entrant (the first one counts).
    pub fn fault(&self, seat: usize, why: String) {
        if let Ok(mut faults) = self.faults.lock() {
            if let Some(slot) = faults.get_mut(seat) {
                slot.get_or_insert(why);
            }
        }
    }

    /// Note that seat `seat`'s entrant tried to take a seat not its own (`why`).
    pub fn blame(&self, seat: usize, why: &str) {
        self.fault(seat, format!("tried to take a seat not its own ({why})"));
    }

    /// The faults noted since the last call (one game's), by seat.
    pub fn take_faults(&self) -> [Option<String>; 4] {
        self.faults
            .lock()
            .map(|mut f| std::mem::take(&mut *f))
            .unwrap_or_default()
    }
}

/// Whether two tokens are equal, in a time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept() -> Reservations {
        let seat = |name: &str, token: &str| {
            Some(Reserved {
                name: name.into(),
                token: token.into(),
            })
        };
        Reservations::new(vec![seat("a", "t0"), None, seat("b", "t2"), None])
    }

    #[test]
    fn only_a_seats_token_takes_it_and_a_second_hello_is_its_fault() {
        let r = kept();
        assert_eq!(r.admit(Some("t2"), |_| false), Ok(2));
        assert_eq!(r.admit(Some("t2"), |s| s == 2), Err(Refusal::SeatPlayed(2)));
        assert_eq!(Refusal::SeatPlayed(2).culprit(), Some(2));
        assert_eq!(r.admit(Some("t1"), |_| false), Err(Refusal::UnknownToken));
        assert_eq!(r.admit(None, |_| false), Err(Refusal::NoToken));
        assert_eq!(r.admit(Some(""), |_| false), Err(Refusal::UnknownToken));
        assert_eq!(Refusal::UnknownToken.culprit(), None);
        r.fault(2, "x".into());
        r.fault(2, "y".into());
        assert_eq!(r.take_faults()[2].as_deref(), Some("x"));
        assert_eq!(r.take_faults(), [None, None, None, None]);
    }

    #[test]
    fn tokens_are_random_hex() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 2 * TOKEN_BYTES);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
