//! What a game on one screen allows beyond the turn protocol, as table actions: plain undo and
//! redo (open games against the computer), a takeback without a question (hidden and flip games
//! against the computer, with the setting that allows it), a takeback asked out of turn (the
//! player who moved last, at a shared screen), tags and sights through the disclosure gate, and
//! removing an entry of the record's info (`consent.rs` sets them). Whatever changes the
//! position tells every seat (`SeatDriver::rewound`, `taken_back`, `observe`), so that no seat
//! thinks on a position that is gone; the turn being asked is asked again from the position now.
//!
//! The takeback asked out of turn here goes round the seats as any question (a person answers at
//! the screen later, a computer declines); `consent.rs`'s takes the consent every player gave
//! there and then (a referee's screen).

use super::*;
use crate::engine::{ActionError, Disclosure, Grant, InfoKey, NodeId, Refusal, TagError};

/// The console's state at a table.
#[derive(Default)]
pub(super) struct Console {
    /// The actions undone, newest last (`Table::redo_until` plays them again).
    redo: Vec<Action>,
    /// The number of actions in the record when the redo list was last made right: any other
    /// change to the game (a turn, an answer, a timeout …) leaves it behind, and it is empty.
    redo_at: usize,
    /// A seat that fails before it played a turn abandons the game instead of losing it.
    pub(super) abandon_unplayed: bool,
    /// A takeback every seat agreed to is a plain undo, with redo, not one through the gate.
    pub(super) undo_takebacks: bool,
    /// The record says why a seat failed in the program's words (`SeatFailure::in_lang`),
    /// never in what the seat wrote itself.
    pub(super) plain_reasons: bool,
    /// The last seat that failed, why, and what its forfeit did to the game.
    pub(super) forfeited: Option<(usize, SeatFailure, turns::Forfeit)>,
}

impl Table {
    /// A seat that fails before it played a turn of this game abandons it (no result, the
    /// record's `abandoned` entry) instead of losing it: the window's outside engines, which
    /// the person chose but never saw play.
    pub fn abandon_unplayed(&mut self, on: bool) {
        self.console.abandon_unplayed = on;
    }

    /// The last seat that failed, why, and what its forfeit did to the game.
    pub fn forfeited(&self) -> Option<(usize, &SeatFailure, turns::Forfeit)> {
        let (k, why, kind) = self.console.forfeited.as_ref()?;
        Some((*k, why, *kind))
    }

    /// Make a takeback every seat agreed to a plain undo, with redo (`undo_until`), instead of
    /// one through the gate kept in the record: open games between people at one screen,
    /// where nothing is hidden.
    pub fn undo_takebacks(&mut self, on: bool) {
        self.console.undo_takebacks = on;
    }

    /// Say in the record why a seat failed in the program's words only (`SeatFailure::in_lang`
    /// in English), never with what the seat wrote itself: a record is shown and passed on,
    /// and an engine's own words could name pieces.
    pub fn plain_reasons(&mut self, on: bool) {
        self.console.plain_reasons = on;
    }

    /// The last seat that failed, why, and what its forfeit did to the game, once: a screen
    /// that shows each failure as it comes.
    pub fn take_forfeited(&mut self) -> Option<(usize, SeatFailure, turns::Forfeit)> {
        self.console.forfeited.take()
    }

    /// The actions undone (newest last) that `redo_until` plays again; empty once the game
    /// moved on otherwise.
    pub fn redo_list(&self) -> &[Action] {
        if self.console.redo_at == self.game.record().actions.len() {
            &self.console.redo
        } else {
            &[]
        }
    }

    /// The actions undone before the game was saved (read back with it), newest last.
    pub fn set_redo(&mut self, redo: Vec<Action>) {
        self.console.redo = redo;
        self.console.redo_at = self.game.record().actions.len();
    }

    /// Plain undo (open games, where nothing is hidden): the last action, then more while
    /// `done` says the position is not yet one to stop at; each goes onto the redo list.
    /// Every seat is told its view now. How many actions were undone.
    pub fn undo_until(&mut self, mut done: impl FnMut(&Game) -> bool) -> usize {
        let mut redo = self.redo_list().to_vec();
        let mut undone = 0;
        while let Some(a) = self.game.undo() {
            redo.push(a);
            undone += 1;
            if done(&self.game) || self.game.record().actions.is_empty() {
                break;
            }
        }
        self.set_redo(redo);
        if undone > 0 {
            self.rewound();
        }
        undone
    }

    /// Redo: the last action undone is made again, then more while `done` says the position
    /// is not yet one to stop at. Every seat is told each turn made again, as it was played.
    ///
    /// # Errors
    /// The game refused an action: the redo list is dropped, and the actions made before it
    /// stand.
    pub fn redo_until(&mut self, done: impl Fn(&Game) -> bool) -> Result<usize, ActionError> {
        let mut redo = self.redo_list().to_vec();
        let mut made = 0;
        while let Some(a) = redo.pop() {
            let plies = self.game.plies().len();
            if let Err(e) = self.game.act(a) {
                self.set_redo(Vec::new());
                if made > 0 {
                    self.asking = None;
                    self.question = None;
                }
                return Err(e);
            }
            made += 1;
            for i in plies..self.game.plies().len() {
                if let Some(r) = self.game.plies()[i].report.clone() {
                    self.saved_then_told(|d, v| d.observe(&r, v));
                }
            }
            if done(&self.game) || self.game.status().is_over() {
                break;
            }
        }
        self.set_redo(redo);
        self.asking = None;
        self.question = None;
        if self.game.status().is_over() {
            self.end();
        }
        Ok(made)
    }

    /// A takeback for seat `k` without asking the others (against the computer, with the
    /// setting that allows it): through the gate, kept in the record, back to the first
    /// position `done` accepts (every standing action when none does). Every seat is told.
    /// How many turns were taken back.
    ///
    /// # Errors
    /// The gate or the game refused it; nothing changed.
    pub fn take_back_until(
        &mut self,
        k: usize,
        done: impl Fn(&Game) -> bool,
    ) -> Result<u32, turns::TakebackRefused> {
        let by = self.side_of(k);
        let all = self.game.standing_actions().len() as u32;
        let plies = self.game.plies().len() as u32;
        let actions = turns::takeback_until(&self.game, by, done).map_or(all, |(a, _)| a);
        turns::take_back(&mut self.game, by, actions)?;
        let turns = plies.saturating_sub(self.game.plies().len() as u32);
        self.asking = None;
        self.question = None;
        self.saved_then_told(|d, v| d.taken_back(by, turns, v));
        Ok(turns)
    }

    /// Seat `k` asks now, whoever is to move, to take back its own last turn and the turns
    /// after it (at a shared screen the player who moved last asks): the question goes round
    /// the others as one asked on the seat's turn, and the seat is told if it is declined
    /// (`takeback_declined`). Nothing is asked while another question is open.
    pub fn ask_takeback_now(&mut self, k: usize) -> Polled {
        if self.question_open() || k >= self.places.len() || self.places[k].failed {
            return Polled::Again;
        }
        if self.game.status().is_over() {
            self.places[k].driver.takeback_declined();
            return Polled::Again;
        }
        let polled = self.ask_takeback(k);
        if !matches!(polled, Polled::Waiting(_) | Polled::Again) {
            self.asking = None;
        }
        polled
    }

    /// `by`'s tag on the enemy piece at `n` (`None` clears it): nothing the seats are told.
    ///
    /// # Errors
    /// The game refused it (not an enemy piece, a tag too long).
    pub fn set_tag(&mut self, by: Seat, n: NodeId, text: Option<&str>) -> Result<(), TagError> {
        self.game.set_tag(by, n, text)
    }

    /// Ask the disclosure gate for `what` for `by` (the referee view, the curtain switched off
    /// …): granted uses that are not free go into the record.
    ///
    /// # Errors
    /// The gate refused it.
    pub fn disclose(
        &mut self,
        what: Disclosure,
        by: Option<Seat>,
        confirmed: bool,
    ) -> Result<Grant, Refusal> {
        self.game.disclose(what, by, confirmed)
    }

    /// Remove an entry of the record's info.
    pub fn remove_info(&mut self, key: InfoKey) {
        self.game.remove_info(key);
    }

    /// The game was put back: the turn being asked and any open question are gone, and every
    /// seat is told its view now.
    fn rewound(&mut self) {
        self.asking = None;
        self.question = None;
        if let Some(f) = &mut self.on_turn {
            f(&self.game);
        }
        for j in 0..self.places.len() {
            let v = self.view_of(j);
            self.places[j].driver.rewound(&v);
        }
    }
}

#[cfg(test)]
mod tests;
