//! Undo and takebacks on one screen: plain undo in open games against the computer, takebacks
//! through the gate otherwise, each answered by the other players (`table::turns` says how far
//! one goes and makes it).

use super::*;

impl Session {
    /// Undo, by the rules of fairness: nothing after the end; open games against the computer
    /// undo as always; hidden and flip games against the computer only with the setting that
    /// allows takebacks (each one recorded); between two people on one screen the other player
    /// answers first.
    pub(super) fn undo_command(&mut self) {
        if self.game.status().is_over() {
            self.message = Some(Message::Note(i18n::NO_UNDO_AFTER_END));
            return;
        }
        if self.game.standing_actions().is_empty() {
            return;
        }
        if self.computer.any() {
            if self.mode().shows_everything() {
                self.plain_undo();
            } else if self.modes.opts.takebacks_vs_computer {
                self.take_back(self.looking_side());
            } else {
                self.message = Some(Message::Note(i18n::TAKEBACKS_OFF));
            }
            return;
        }
        // Who asks: the player looking (behind the lifted curtain: the player to move, who takes
        // back their own last turn and the turns after it); with nobody in particular looking
        // (the curtain down, or everything open) the player who moved last.
        let asker = match self.looker() {
            Looker::Side(s) => Some(s),
            _ => {
                let mut probe = self.game.clone();
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
        self.call_next_takeback_answer();
    }

    /// How many standing turns go back to `asker`'s own last turn (the fewest after which `asker`
    /// is to move again), if `asker` has a turn to take back.
    pub(super) fn turns_back_to(&self, asker: Seat) -> Option<u32> {
        turns::takeback_span(&self.game, asker).map(|(actions, _)| actions)
    }

    /// A hidden game between people: call the next player who must answer the takeback to the
    /// covered board (two players: the other; four: every other player still in, in turn).
    pub(super) fn call_next_takeback_answer(&mut self) {
        let Some(asker) = self.modes.takeback_asked else {
            return self.end_question();
        };
        if !self.curtain_guarded() {
            return;
        }
        let next = if self.game.board().is_four() {
            let agreed = &self.modes.takeback_agreed;
            turns::answerers(&self.game, asker)
                .into_iter()
                .find(|s| !agreed.contains(s))
        } else if self.modes.answering.is_none() {
            asker.opponent()
        } else {
            None
        };
        match next {
            Some(s) => {
                self.modes.answering = Some((s, false));
                // A question called to the covered board ends the look at the clash.
                self.modes.handing = None;
                self.modes.lifted = false;
            }
            None => self.end_question(),
        }
    }

    /// The other player's answer to a takeback (two players), or the last answer of four.
    pub(super) fn answer_takeback(&mut self, yes: bool) {
        let Some(asker) = self.modes.takeback_asked else {
            return;
        };
        // Two players behind the curtain: only the player called to the covered board answers
        // (a "no" by closing the question is always taken).
        if yes && asker.opponent().is_some_and(|o| !self.may_answer(o)) {
            return;
        }
        self.modes.takeback_asked = None;
        self.modes.takeback_agreed.clear();
        self.end_question();
        if !yes {
            self.message = Some(Message::Note(i18n::TAKEBACK_DECLINED));
            return;
        }
        let turns = self.modes.takeback_turns.max(1);
        if self.mode().shows_everything() {
            for _ in 0..turns {
                if let Some(a) = self.game.undo() {
                    self.redo.push(a);
                }
            }
            self.after_change();
        } else {
            self.take_back_turns(asker, turns);
        }
    }

    /// Four people: one player's answer to the takeback asked. A "no" ends the question; the
    /// takeback is made once every other player still in has said yes.
    pub(super) fn answer_takeback_for(&mut self, seat: Seat, yes: bool) {
        let Some(asker) = self.modes.takeback_asked else {
            return;
        };
        let still_in = self.game.seats_in();
        if !self.game.board().is_four() || seat == asker || !still_in.contains(&seat) {
            return;
        }
        if !self.may_answer(seat) {
            return;
        }
        if yes && !self.modes.takeback_agreed.contains(&seat) {
            self.modes.takeback_agreed.push(seat);
        }
        let agreed = &self.modes.takeback_agreed;
        if !yes || still_in.iter().all(|s| *s == asker || agreed.contains(s)) {
            // The last answer: the same as the one answer between two players.
            self.modes.answering = None;
            self.answer_takeback(yes);
        } else {
            self.call_next_takeback_answer();
        }
    }

    /// Today's undo of open games: the last action goes onto the redo list.
    pub(super) fn plain_undo(&mut self) {
        if let Some(a) = self.game.undo() {
            self.redo.push(a);
        }
        self.undo_to_human();
        self.after_change();
    }

    /// Hidden and flip games against the computer: a takeback through the gate, kept in the
    /// record, back to the human's turn.
    pub(super) fn take_back(&mut self, by: Seat) {
        let span = turns::takeback_until(&self.game, by, |g| self.human_to_move(g));
        let all = self.game.standing_actions().len() as u32;
        self.take_back_turns(by, span.map_or(all, |(actions, _)| actions));
    }

    /// A takeback of `turns` through the gate, kept in the record.
    pub(super) fn take_back_turns(&mut self, by: Seat, turns: u32) {
        let done = turns::take_back(&mut self.game, by, turns).map_err(|e| match e {
            turns::TakebackRefused::Gate(why) => Message::Error(why),
            turns::TakebackRefused::Game(e) => Message::Refused(e),
        });
        match done {
            Ok(()) => {
                self.redo.clear();
                self.computer.reset();
                self.after_change();
            }
            Err(m) => self.message = Some(m),
        }
    }
}
