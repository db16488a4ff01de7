//! Table actions taken with every player's consent given at one screen, out of turn: a takeback
//! asked by the side that just moved (of the last actions, however many the players name), and
//! reopening a game after its end. A referee's screen
//! (the tracked game on a physical board) asks every player there and then, so nothing goes
//! round the seats: the table checks that every player with a say agreed, makes the change
//! through the gate as the rules write it, saves (`on_turn`) and tells every seat.
//!
//! The record's info entries (`set_info`) are the owner's notes beside the actions.

use super::*;
use crate::engine::{Disclosure, InfoKey};

/// Why a table action that needs every player's consent was not taken; the game is unchanged.
#[derive(Clone, Debug, PartialEq)]
pub enum ConsentRefused {
    /// These seats (indices) have a say and did not agree.
    NotAgreed(Vec<usize>),
    /// No seat `k` at the table, or it is out of the game.
    NoSuchSeat(usize),
    /// The game is over (a takeback), or not over (a reopening).
    Over(bool),
    /// Not that many actions stand (or none was named).
    NothingToTakeBack,
    /// A seat failed in this game: a reopening would bring back a seat that cannot play.
    Forfeited,
    /// The gate or the game refused the takeback.
    Refused(turns::TakebackRefused),
}

impl std::fmt::Display for ConsentRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConsentRefused::NotAgreed(seats) => write!(f, "seats {seats:?} did not agree"),
            ConsentRefused::NoSuchSeat(k) => write!(f, "no seat {k} in the game"),
            ConsentRefused::Over(true) => f.write_str("the game is over"),
            ConsentRefused::Over(false) => f.write_str("the game is not over"),
            ConsentRefused::NothingToTakeBack => f.write_str("no turn to take back"),
            ConsentRefused::Forfeited => f.write_str("a seat failed in this game"),
            ConsentRefused::Refused(turns::TakebackRefused::Gate(why)) => {
                write!(f, "takeback refused: {why}")
            }
            ConsentRefused::Refused(turns::TakebackRefused::Game(e)) => {
                write!(f, "takeback refused: {e}")
            }
        }
    }
}
impl std::error::Error for ConsentRefused {}

/// A takeback made with everyone's consent.
#[derive(Clone, Debug, PartialEq)]
pub struct TakenBack {
    /// The side that asked: the one whose last turn was taken back.
    pub by: Seat,
    /// How many turns (plies) went (none when only a resignation or a refused attack went).
    pub turns: u32,
    /// The standing actions that went, oldest first.
    pub actions: Vec<Action>,
}

/// A finished game reopened with everyone's consent.
#[derive(Clone, Debug, PartialEq)]
pub struct Reopened {
    /// How the game had ended.
    pub status: Status,
    /// The actions that went, oldest first: the ending action (an agreed draw's offer and
    /// every acceptance).
    pub actions: Vec<Action>,
}

impl Table {
    /// The seats (indices) among `who` that did not agree, of those in `agreed`.
    fn missing(who: impl Iterator<Item = usize>, agreed: &[usize]) -> Vec<usize> {
        who.filter(|j| !agreed.contains(j)).collect()
    }

    /// Seat `k`, the side that just moved, takes back the last `actions` standing actions (its
    /// own last turn is `takeback_of(k)`; one: the last action, whatever it was), out of turn —
    /// the next side may be asked for its turn already — with the consent of every seat still in
    /// (`agreed`: the seats that agreed, `k` among them). Kept in the record as
    /// `Action::Takeback`, made through the gate; every seat is told (`SeatDriver::taken_back`)
    /// and asked afresh.
    ///
    /// # Errors
    /// A seat with a say did not agree, `k` is out, not that many actions stand, the game is
    /// over, or the gate or the game refused it. The game is unchanged.
    pub fn take_back_agreed(
        &mut self,
        k: usize,
        actions: u32,
        agreed: &[usize],
    ) -> Result<TakenBack, ConsentRefused> {
        if self.game.status().is_over() {
            return Err(ConsentRefused::Over(true));
        }
        let in_game = |t: &Table, j: usize| {
            !t.places[j].failed
                && t.known_side(j)
                    .is_some_and(|s| t.game.seats_in().contains(&s))
        };
        if k >= self.places.len() || !in_game(self, k) {
            return Err(ConsentRefused::NoSuchSeat(k));
        }
        let missing = Self::missing((0..self.places.len()).filter(|&j| in_game(self, j)), agreed);
        if !missing.is_empty() {
            return Err(ConsentRefused::NotAgreed(missing));
        }
        let by = self.side_of(k);
        let standing = self.game.standing_actions();
        if actions == 0 || actions as usize > standing.len() {
            return Err(ConsentRefused::NothingToTakeBack);
        }
        let gone = standing[standing.len() - actions as usize..].to_vec();
        let turns = (self.make_takeback(by, actions)).map_err(ConsentRefused::Refused)?;
        // Whatever was asked before is settled: the position changed.
        self.asking = None;
        self.question = None;
        Ok(TakenBack {
            by,
            turns,
            actions: gone,
        })
    }

    /// Reopen the finished game with the consent of every seat at the table (`agreed`): the
    /// action that ended it goes (an agreed draw's offer and its acceptances together), and
    /// since the end showed every piece to every player, the record says so through the gate
    /// (`Disclosure::RefereeView`, confirmed). Every seat is told (`SeatDriver::reopened`) and
    /// the game goes on from there.
    ///
    /// # Errors
    /// The game is not over, ended with a seat's failure, or a seat did not agree. The game
    /// is unchanged.
    pub fn reopen_agreed(&mut self, agreed: &[usize]) -> Result<Reopened, ConsentRefused> {
        let status = self.game.status();
        if !status.is_over() {
            return Err(ConsentRefused::Over(false));
        }
        if self.forfeit.is_some() || self.places.iter().any(|p| p.failed) {
            return Err(ConsentRefused::Forfeited);
        }
        let missing = Self::missing(0..self.places.len(), agreed);
        if !missing.is_empty() {
            return Err(ConsentRefused::NotAgreed(missing));
        }
        let mut gone = Vec::new();
        if let Some(last) = self.game.undo() {
            let accepted = matches!(last, Action::AcceptDraw(_));
            gone.push(last);
            if accepted {
                // An agreed draw: its offer and every acceptance were made together.
                while let Some(Action::AcceptDraw(_) | Action::OfferDraw(_)) =
                    self.game.record().actions.last()
                {
                    let offer = matches!(
                        self.game.record().actions.last(),
                        Some(Action::OfferDraw(_))
                    );
                    gone.extend(self.game.undo());
                    if offer {
                        break;
                    }
                }
            }
        }
        gone.reverse();
        // The players saw every piece at the end; the gate may refuse to record it only where
        // nothing is hidden, and then there is nothing to say.
        let _ = self.game.disclose(Disclosure::RefereeView, None, true);
        self.asking = None;
        self.question = None;
        self.saved_then_told(|d, v| d.reopened(v));
        Ok(Reopened {
            status,
            actions: gone,
        })
    }

    /// Set the record's info entry `key` (a note of the table's owner beside the actions: who
    /// referees, the game's identity, notes of its own).
    pub fn set_info(&mut self, key: InfoKey, value: &str) {
        self.game.set_info(key, value);
    }
}

#[cfg(test)]
mod tests;
