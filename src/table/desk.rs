//! A seat played by a person at a screen: the screen puts the person's answers on the seat's
//! desk as they come (a turn, a resignation, a draw offer, the answer to another seat's
//! question), and the table takes them at its next `Table::poll`. Until then the seat has no
//! answer (`Poll::Pending`) and the table waits, the clocks running. What the table asks and
//! tells the seat is kept on the desk for the screen to show.
//!
//! The screen holds the desk (`Desk`, cheap to clone); the table holds the seat (`DeskSeat`).
//! An answer is taken only for the question the table asks now, so a click that comes late
//! (the turn already lost to the clock, the question already settled) changes nothing.
//!
//! The table judges a desk's turn as any seat's: a turn its own view shows to be against the
//! rules loses the game. The screen checks a click against the seat's view first (and says why
//! it cannot be played); what reaches the desk can be refused only for what the view does not
//! show (`Told::Refused`).

use super::*;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// What the table asks of a desk's seat now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Its turn.
    Turn,
    /// Whether it accepts `by`'s draw offer.
    Draw { by: Seat },
    /// Whether it agrees to take back `by`'s last `turns` turns.
    Takeback { by: Seat, turns: u32 },
}

/// What the table told a desk's seat, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Told {
    /// Its proposed turn was refused.
    Refused(Turn, IllegalTurn),
    /// A turn was played (any seat's).
    Played(TurnReport),
    /// `by`'s takeback of `turns` turns was made.
    TakenBack { by: Seat, turns: u32 },
    /// The game was put back (an undo at the screen).
    Rewound,
    /// Its own takeback ask was declined (or there was nothing to take back).
    TakebackDeclined,
    /// Four players: a seat went out.
    SeatOut,
    /// `side` lost a turn to the move clock, its `count`th.
    TimedOut { side: Seat, count: u32 },
    /// The game is over.
    Finished(Status),
}

/// Why a desk did not take an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAsked {
    /// The table asks something else of this seat now (or nothing).
    Now(Option<Asked>),
    /// An answer to this question is already on the desk.
    Answered,
}

#[derive(Default)]
struct State {
    asked: Option<Asked>,
    reply: Option<Reply>,
    yes: Option<bool>,
    told: Vec<Told>,
    /// The seat's view, as the table last showed it.
    view: Option<View>,
}

/// The screen's end of a desk.
#[derive(Clone, Default)]
pub struct Desk {
    shared: Arc<(Mutex<State>, Condvar)>,
}

/// The table's end of a desk: the seat.
pub struct DeskSeat {
    name: String,
    desk: Desk,
}

impl Desk {
    pub fn new() -> Desk {
        Desk::default()
    }

    /// The seat the table plays through this desk, named `name` in the record and the summary.
    pub fn seat(&self, name: &str) -> DeskSeat {
        DeskSeat {
            name: name.to_string(),
            desk: self.clone(),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while the lock was held cannot leave the state half-changed: every change
        // under it is a single assignment.
        self.shared.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What the table asks of the seat now, if anything.
    pub fn asked(&self) -> Option<Asked> {
        self.state().asked
    }

    /// The seat's view as the table last showed it.
    pub fn view(&self) -> Option<View> {
        self.state().view.clone()
    }

    /// What the table told the seat since the last call, oldest first.
    pub fn take_told(&self) -> Vec<Told> {
        std::mem::take(&mut self.state().told)
    }

    /// The person's answer to "your turn": a turn, a resignation, a draw offer or a takeback
    /// ask.
    ///
    /// # Errors
    /// It is not the seat's turn, or an answer is already waiting.
    pub fn reply(&self, reply: Reply) -> Result<(), NotAsked> {
        let mut s = self.state();
        if s.asked != Some(Asked::Turn) {
            return Err(NotAsked::Now(s.asked));
        }
        if s.reply.is_some() {
            return Err(NotAsked::Answered);
        }
        s.reply = Some(reply);
        self.shared.1.notify_all();
        Ok(())
    }

    /// The person's answer to the question asked of the seat now (a draw offer, a takeback).
    ///
    /// # Errors
    /// No question is asked of the seat now, or it is answered already.
    pub fn answer(&self, yes: bool) -> Result<(), NotAsked> {
        let mut s = self.state();
        if !matches!(s.asked, Some(Asked::Draw { .. } | Asked::Takeback { .. })) {
            return Err(NotAsked::Now(s.asked));
        }
        if s.yes.is_some() {
            return Err(NotAsked::Answered);
        }
        s.yes = Some(yes);
        self.shared.1.notify_all();
        Ok(())
    }
}

impl DeskSeat {
    /// Ask `asked` (kept until it is answered or another question replaces it): the answer on
    /// the desk, if there is one for it.
    fn ask<T>(&self, asked: Asked, view: &View, take: impl Fn(&mut State) -> Option<T>) -> Poll<T> {
        let mut s = self.desk.state();
        if s.asked != Some(asked) {
            // A new question: whatever was on the desk answered an older one.
            s.asked = Some(asked);
            s.reply = None;
            s.yes = None;
        }
        s.view = Some(view.clone());
        match take(&mut s) {
            Some(answer) => {
                s.asked = None;
                Poll::Ready(answer)
            }
            None => Poll::Pending,
        }
    }

    fn tell(&mut self, told: Told, view: Option<&View>) {
        let mut s = self.desk.state();
        s.told.push(told);
        if let Some(v) = view {
            s.view = Some(v.clone());
        }
        // Whatever was asked is settled: the game moved on.
        s.asked = None;
        s.reply = None;
        s.yes = None;
    }
}

impl SeatDriver for DeskSeat {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&mut self, _: &SeatStart<'_>) -> Result<(), SeatFailure> {
        Ok(())
    }

    fn begin(&mut self, view: &View) -> Result<(), SeatFailure> {
        self.desk.state().view = Some(view.clone());
        Ok(())
    }

    /// Waits for the person's answer, at most as long as the clock allows (for a table driven
    /// by `Table::step` on a thread of its own; the window polls).
    fn choose(&mut self, view: &View, clock: &Clock) -> Result<Reply, SeatFailure> {
        let deadline = clock.limit().map(|l| Instant::now() + l);
        loop {
            if let Poll::Ready(r) = self.ask(Asked::Turn, view, |s| s.reply.take()) {
                return Ok(r);
            }
            let s = self.desk.state();
            let cv = &self.desk.shared.1;
            let s = match deadline {
                None => cv.wait(s).unwrap_or_else(|e| e.into_inner()),
                Some(d) => {
                    let now = Instant::now();
                    if now >= d {
                        return Err(SeatFailure::Hung(clock.limit().unwrap_or_default()));
                    }
                    cv.wait_timeout(s, d - now)
                        .unwrap_or_else(|e| e.into_inner())
                        .0
                }
            };
            drop(s);
        }
    }

    fn poll(&mut self, view: &View, _: &Clock) -> Poll<Result<Reply, SeatFailure>> {
        self.ask(Asked::Turn, view, |s| s.reply.take()).map(Ok)
    }

    fn refused(&mut self, turn: Turn, why: &IllegalTurn) {
        self.tell(Told::Refused(turn, why.clone()), None);
    }

    fn observe(&mut self, report: &TurnReport, view_after: &View) {
        self.tell(Told::Played(report.clone()), Some(view_after));
    }

    fn poll_draw(&mut self, by: Seat, view: &View) -> Poll<Result<bool, SeatFailure>> {
        self.ask(Asked::Draw { by }, view, |s| s.yes.take()).map(Ok)
    }

    fn poll_takeback(
        &mut self,
        by: Seat,
        turns: u32,
        view: &View,
    ) -> Poll<Result<bool, SeatFailure>> {
        self.ask(Asked::Takeback { by, turns }, view, |s| s.yes.take())
            .map(Ok)
    }

    fn taken_back(&mut self, by: Seat, turns: u32, view: &View) {
        self.tell(Told::TakenBack { by, turns }, Some(view));
    }

    fn rewound(&mut self, view: &View) {
        self.tell(Told::Rewound, Some(view));
    }

    fn takeback_declined(&mut self) {
        self.tell(Told::TakebackDeclined, None);
    }

    fn reopened(&mut self, view: &View) {
        let mut s = self.desk.state();
        s.view = Some(view.clone());
        s.asked = None;
        s.reply = None;
        s.yes = None;
    }

    fn finish(&mut self, status: Status, view: &View) {
        self.tell(Told::Finished(status), Some(view));
    }

    fn seat_out(&mut self, view_after: &View) {
        self.tell(Told::SeatOut, Some(view_after));
    }

    fn timed_out(&mut self, side: Seat, count: u32, view_after: &View) {
        self.tell(Told::TimedOut { side, count }, Some(view_after));
    }
}

#[cfg(test)]
pub(crate) mod tests;
