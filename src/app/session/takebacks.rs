//! Undo and takebacks on one screen: plain undo in open games (the table's redo list), takebacks
//! through the gate in hidden and flip games, asked of the other players at the table (their
//! desks) or, against the computer with the setting that allows it, made at once.

use super::*;
use crate::table::desk::Asked;

impl Session {
    /// Undo, by the rules of fairness: nothing after the end; open games against the computer
    /// undo as always; hidden and flip games against the computer only with the setting that
    /// allows takebacks (each one recorded); between people on one screen the other players
    /// answer first.
    pub(super) fn undo_command(&mut self) {
        if self.table.game().status().is_over() {
            self.message = Some(Message::Note(i18n::NO_UNDO_AFTER_END));
            return;
        }
        if self.table.game().standing_actions().is_empty() {
            return;
        }
        if self.computer.any() {
            if self.mode().shows_everything() {
                self.plain_undo(1);
            } else if self.modes.opts.takebacks_vs_computer {
                self.take_back(self.looking_side());
            } else {
                self.message = Some(Message::Note(i18n::TAKEBACKS_OFF));
            }
            return;
        }
        if self.modes.takeback_asked.is_some() {
            return;
        }
        // Who asks: the player looking (behind the lifted curtain: the player to move, who takes
        // back their own last turn and the turns after it); with nobody in particular looking
        // (the curtain down, or everything open) the player who moved last.
        let asker = match self.looker() {
            Looker::Side(s) => Some(s),
            _ => {
                let mut probe = self.table.game().clone();
                let by = self.side_to_move();
                let back = probe.act(Action::Takeback { by, turns: 1 }).is_ok();
                back.then(|| probe.position().side_to_move()).flatten()
            }
        };
        let Some((asker, turns)) = asker.and_then(|a| self.turns_back_to(a).map(|t| (a, t))) else {
            self.message = Some(Message::Note(i18n::NOTHING_TO_TAKE_BACK));
            return;
        };
        self.modes.takeback_asked = Some(asker);
        self.modes.takeback_turns = turns;
        self.modes.takeback_agreed.clear();
        self.selected = None;
        self.modes.answering = None;
        // The table asks the others at their desks.
        let k = self.seat_of(asker);
        self.table.ask_takeback_now(k);
        self.drive();
    }

    /// How many standing actions go back to `asker`'s own last turn (the fewest after which
    /// `asker` is to move again), if `asker` has a turn to take back.
    pub(super) fn turns_back_to(&self, asker: Seat) -> Option<u32> {
        turns::takeback_span(self.table.game(), asker).map(|(actions, _)| actions)
    }

    /// The takeback question the table asks a desk now, if any: the seat asked.
    fn takeback_desk(&self) -> Option<Seat> {
        match self.asked_desk() {
            Some((seat, Asked::Takeback { .. })) => Some(seat),
            _ => None,
        }
    }

    /// An answer to the takeback asked: the seat the table asks now answers (a "no" by
    /// closing the question is always taken).
    pub(super) fn answer_takeback(&mut self, yes: bool) {
        let Some(seat) = self.takeback_desk() else {
            return;
        };
        // Behind the curtain only the player called to the covered board answers.
        if yes && !self.may_answer(seat) {
            return;
        }
        self.answer_at_table(seat, yes);
    }

    /// `seat`'s answer put on its desk, and the table moved on.
    fn answer_at_table(&mut self, seat: Seat, yes: bool) {
        let k = self.seat_of(seat);
        if let Some(desk) = self.desks.get(k).and_then(Option::as_ref) {
            let _ = desk.answer(yes);
        }
        if yes && !self.modes.takeback_agreed.contains(&seat) {
            self.modes.takeback_agreed.push(seat);
        }
        self.drive();
    }

    /// Four people: one player's answer to the takeback asked, on its desk when the table asks
    /// it, else kept until it does (in an open game they answer in any order).
    pub(super) fn answer_takeback_for(&mut self, seat: Seat, yes: bool) {
        let Some(asker) = self.modes.takeback_asked else {
            return;
        };
        let still_in = self.table.game().seats_in();
        if !self.table.game().board().is_four() || seat == asker || !still_in.contains(&seat) {
            return;
        }
        if !self.may_answer(seat) {
            return;
        }
        if self.takeback_desk() == Some(seat) {
            self.answer_at_table(seat, yes);
            return;
        }
        if !self.held.iter().any(|(s, _)| *s == seat) {
            self.held.push((seat, yes));
            if yes {
                self.modes.takeback_agreed.push(seat);
            }
        }
        self.drive();
    }

    /// Plain undo of open games: `actions` actions go onto the redo list, then back to a
    /// human's turn against the computer.
    pub(super) fn plain_undo(&mut self, actions: u32) {
        let mut left = actions;
        let humans: Vec<usize> = self.computer.humans().collect();
        let against_computer = self.computer.any();
        self.table.undo_until(|g| {
            left = left.saturating_sub(1);
            left == 0 && (!against_computer || humans.contains(&slot_to_move(g)))
        });
        self.after_change();
        self.drive();
    }

    /// Hidden and flip games against the computer: a takeback through the gate, kept in the
    /// record, back to the human's turn.
    pub(super) fn take_back(&mut self, by: Seat) {
        let humans: Vec<usize> = self.computer.humans().collect();
        let k = self.seat_of(by);
        let done = self
            .table
            .take_back_until(k, |g| humans.contains(&slot_to_move(g)));
        match done {
            Ok(_) => {
                self.after_change();
                self.drive();
            }
            Err(turns::TakebackRefused::Gate(why)) => self.message = Some(Message::Error(why)),
            Err(turns::TakebackRefused::Game(e)) => self.message = Some(Message::Refused(e)),
        }
    }
}
