//! A seat's game history as the host told it, kept for a rejoin (`Msg::Past`), in bounded
//! memory: a seat keeps at most `MAX_PAST` lines and `MAX_PAST_BYTES` bytes, and all the seats of
//! every room together at most the host's `Bounds::past_bytes` (`PastBudget`). Past any of these
//! the seat's history is no longer kept whole: it is dropped (its bytes given back) and a rejoin
//! gets none; the player's window then falls back to what it kept itself.
//!
//! A game is bounded by its turn limit (1000 turns by default) and a seat is told about two
//! lines a turn (a report and a view): about 170 bytes a turn in a two-player game and 320 in a
//! four-player one, measured over random games. Takebacks tell turns again, so the bounds are
//! well above a whole game.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most lines of a seat's history kept.
pub(super) const MAX_PAST: usize = 16_384;
/// The most bytes of a seat's history kept.
pub(super) const MAX_PAST_BYTES: usize = 4 << 20;

/// The bytes of history every seat of the host keeps, together, and their limit.
#[derive(Debug)]
pub struct PastBudget {
    used: AtomicUsize,
    limit: usize,
}

impl PastBudget {
    /// A budget of `limit` bytes, none used.
    pub fn new(limit: usize) -> Arc<PastBudget> {
        Arc::new(PastBudget {
            used: AtomicUsize::new(0),
            limit,
        })
    }

    /// Take `n` bytes if the budget has them.
    fn take(&self, n: usize) -> bool {
        self.used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |u| {
                u.checked_add(n).filter(|&t| t <= self.limit)
            })
            .is_ok()
    }

    fn give_back(&self, n: usize) {
        self.used.fetch_sub(n, Ordering::Relaxed);
    }

    /// The bytes kept now, over every seat.
    pub fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }
}

/// One seat's kept history.
#[derive(Debug, Default)]
pub(super) struct KeptPast {
    lines: Vec<String>,
    bytes: usize,
    /// The budget the bytes are taken from; none: nothing is kept (a game taken up again after
    /// a restart has no history before it).
    budget: Option<Arc<PastBudget>>,
}

impl KeptPast {
    /// A history kept from the game's start, its bytes taken from `budget`.
    pub(super) fn kept(budget: &Arc<PastBudget>) -> KeptPast {
        KeptPast {
            lines: Vec::new(),
            bytes: 0,
            budget: Some(budget.clone()),
        }
    }

    /// Keep `line`, or, past a bound (or for a line holding `PAST_SEP`, which could not be sent
    /// again as told: none does), keep no more of this seat's history.
    pub(super) fn push(&mut self, line: &str) {
        let Some(budget) = &self.budget else {
            return;
        };
        let fits = self.lines.len() < MAX_PAST
            && self.bytes + line.len() <= MAX_PAST_BYTES
            && !line.contains(crate::net::wire::PAST_SEP);
        if fits && budget.take(line.len()) {
            self.lines.push(line.to_string());
            self.bytes += line.len();
        } else {
            self.drop_all();
        }
    }

    /// The history, while it is kept whole.
    pub(super) fn lines(&self) -> Option<&[String]> {
        self.budget.as_ref().map(|_| self.lines.as_slice())
    }

    fn drop_all(&mut self) {
        if let Some(budget) = self.budget.take() {
            budget.give_back(self.bytes);
        }
        self.lines = Vec::new();
        self.bytes = 0;
    }
}

impl Drop for KeptPast {
    fn drop(&mut self) {
        self.drop_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines are kept within the seat's bounds and the host's budget; past either the seat's
    /// history goes whole and its bytes come back, and a seat gone gives its bytes back too.
    #[test]
    fn a_history_past_its_bounds_goes_whole_and_gives_its_bytes_back() {
        let budget = PastBudget::new(100);
        let mut a = KeptPast::kept(&budget);
        let mut b = KeptPast::kept(&budget);
        a.push(&"x".repeat(40));
        b.push(&"y".repeat(40));
        assert_eq!(budget.used(), 80);
        assert_eq!(a.lines().map(<[String]>::len), Some(1));
        // The host's budget is spent: b's next line drops b's history, and b keeps no more.
        b.push(&"y".repeat(30));
        assert_eq!(b.lines(), None);
        assert_eq!(budget.used(), 40);
        b.push("y");
        assert_eq!((b.lines(), budget.used()), (None, 40));
        // a goes on within what is left, then goes and gives its bytes back.
        a.push(&"x".repeat(60));
        assert_eq!(a.lines().map(<[String]>::len), Some(2));
        assert_eq!(budget.used(), 100);
        drop(a);
        assert_eq!(budget.used(), 0);
        // A line with the separator is never kept, nor anything after it.
        let mut c = KeptPast::kept(&budget);
        c.push("report\tx");
        assert_eq!((c.lines(), budget.used()), (None, 0));
        // Nothing is kept without a budget (a game taken up again).
        let mut d = KeptPast::default();
        d.push("report a");
        assert_eq!(d.lines(), None);
    }

    /// A seat keeps at most `MAX_PAST` lines and `MAX_PAST_BYTES` bytes, whatever the host's
    /// budget.
    #[test]
    fn a_seat_keeps_at_most_its_lines_and_bytes() {
        let budget = PastBudget::new(usize::MAX / 2);
        let mut a = KeptPast::kept(&budget);
        for _ in 0..MAX_PAST {
            a.push("r");
        }
        assert_eq!(a.lines().map(<[String]>::len), Some(MAX_PAST));
        a.push("r");
        assert_eq!((a.lines(), budget.used()), (None, 0));
        let mut b = KeptPast::kept(&budget);
        let line = "v".repeat(MAX_PAST_BYTES / 4);
        for _ in 0..4 {
            b.push(&line);
        }
        assert_eq!(budget.used(), MAX_PAST_BYTES);
        b.push("v");
        assert_eq!((b.lines(), budget.used()), (None, 0));
    }
}
