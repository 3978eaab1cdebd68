//! Log lines about one source (a connection, an entrant's output), counted rather
//! than repeated: the first of a run of equal lines is printed, the run's length
//! when a different line comes or the source ends ("(… repeated 312 times)"), and
//! at most [`MAX_DISTINCT`] different lines are printed per source; later ones are
//! counted and the count printed at the end.

/// Different lines printed per source before the rest are only counted.
pub const MAX_DISTINCT: u32 = 20;

/// The log of one source, written to standard error.
pub struct Complaints {
    who: String,
    last: Option<String>,
    repeats: u64,
    printed: u32,
    hidden: u64,
}

impl Complaints {
    /// A log whose lines start with `who`.
    pub fn new(who: impl Into<String>) -> Complaints {
        Complaints {
            who: who.into(),
            last: None,
            repeats: 0,
            printed: 0,
            hidden: 0,
        }
    }

    /// Log `what` (counted if it repeats the last line).
    pub fn say(&mut self, what: &str) {
        if self.last.as_deref() == Some(what) {
            self.repeats += 1;
            return;
        }
        self.flush_repeats();
        if self.printed >= MAX_DISTINCT {
            self.hidden += 1;
            self.last = None;
            return;
        }
        self.printed += 1;
        eprintln!("{}: {what}", self.who);
        self.last = Some(what.to_string());
    }

    fn flush_repeats(&mut self) {
        if self.repeats > 0 {
            eprintln!("{}: (… repeated {} times)", self.who, self.repeats);
            self.repeats = 0;
        }
    }

    /// Print what is still counted (the source has ended).
    pub fn finish(&mut self) {
        self.flush_repeats();
        if self.hidden > 0 {
            eprintln!("{}: (… and {} more lines not shown)", self.who, self.hidden);
            self.hidden = 0;
        }
        self.last = None;
    }
}

impl Drop for Complaints {
    fn drop(&mut self) {
        self.finish();
    }
}
