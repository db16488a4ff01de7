//! The computer's seats in the session: whose turn and whose eyes (`table::turns`), its turns
//! played in `tick`, an engine that stopped.

use super::*;
use crate::table::{Reply, SeatDriver};

/// The player slot (the index into the seats' occupants) that plays `side` in `game`: the
/// board's seat order, except in a flip game, where player 1 is slot 0 whatever colour it drew.
pub(super) fn slot_of(game: &Game, side: Seat) -> usize {
    let chairs = turns::chairs_of(game);
    (chairs
        .iter()
        .position(|&c| turns::side_of_chair(game, c) == Some(side)))
    // A flip game before the colours are decided: player 2's slot.
    .unwrap_or(chairs.len() - 1)
}

/// The player slot to move in `game` (a flip game's player 1 or 2 before the colours are
/// decided).
pub(super) fn slot_to_move(game: &Game) -> usize {
    turns::chair_to_move(game, turns::chairs_of(game)).unwrap_or(0)
}

/// The computer's seats in the session: whose turn, whose eyes, its turns played in `tick`.
impl Session {
    /// The seat (0 or 1) of the side to move.
    pub(super) fn seat_to_move(&self) -> usize {
        slot_to_move(&self.game)
    }

    /// The seat that plays `side`.
    pub(super) fn seat_of(&self, side: Seat) -> usize {
        slot_of(&self.game, side)
    }

    /// The colour a seat plays (Red before the colours of a flip game are decided: the views of
    /// both players are the same then).
    pub(super) fn side_of(&self, seat: usize) -> Seat {
        self.chair_of(seat)
            .and_then(|c| turns::side_of_chair(&self.game, c))
            .unwrap_or(Seat::Red)
    }

    /// The chair of player slot `seat` (`turns::chairs_of`).
    pub(super) fn chair_of(&self, seat: usize) -> Option<Chair> {
        turns::chairs_of(&self.game).get(seat).copied()
    }

    /// Whether an outside engine is to move.
    pub fn engine_to_move(&self) -> bool {
        self.computer_to_move() && self.computer.seats[self.seat_to_move()] == Occupant::Engine
    }

    /// Whether the computer is to move (human input waits).
    pub fn computer_to_move(&self) -> bool {
        !self.game.status().is_over() && self.computer.seats[self.seat_to_move()] != Occupant::Human
    }

    /// Whose eyes the screen shows: the human's against the computer, else the side to move.
    pub fn looking_side(&self) -> Seat {
        if let Some(mover) = self.modes.handing {
            return mover;
        }
        if let Some(seat) = self.computer.lone_human() {
            return self.side_of(seat);
        }
        let to_move = self.game.position().side_to_move();
        let board = self.game.board();
        match to_move {
            // Four players, a computer to move: the people at the screen keep their own eyes
            // (partners under team view share them; otherwise the curtain is down).
            Some(s) if board.is_four() && self.computer.seats[s.index()] != Occupant::Human => {
                self.computer.humans().next().map_or(s, |k| self.side_of(k))
            }
            Some(s) => s,
            None => board.seats[0],
        }
    }

    /// After undo: go back to a human's turn, and let the computer players relearn the game.
    pub fn undo_to_human(&mut self) {
        if !self.computer.any() {
            return;
        }
        self.computer.cancel();
        while self.computer_to_move() && !self.game.record().actions.is_empty() {
            match self.game.undo() {
                Some(a) => self.redo.push(a),
                None => break,
            }
        }
        self.computer.reset();
    }

    /// One step of the computer: tell it what happened, start or finish its thinking (its turn
    /// is played here). Returns when to look again (seconds), if the computer plays.
    pub(in crate::app) fn computer_step(&mut self) -> Option<f64> {
        if !self.computer.any() {
            return None;
        }
        if self.game.status().is_over() {
            self.computer.cancel();
            return None;
        }
        // The computer answers a draw offer by declining it (it plays on).
        if let Some(offerer) = self.game.draw_offer() {
            for other in turns::answerers(&self.game, offerer) {
                if self.computer.seats[self.seat_of(other)] != Occupant::Human {
                    let _ = turns::answer_draw(&mut self.game, other, false);
                    break;
                }
            }
        }
        self.observe_new_plies();
        let seat = self.seat_to_move();
        // A human's turn; or an engine that stopped and could not resign (a flip game before
        // the colours are decided): the game waits, and the status line says why.
        let stopped = !self.computer.is_thinking() && self.computer.engine_stop(seat).is_some();
        if self.computer.seats[seat] == Occupant::Human || stopped {
            return None;
        }
        let view = self.game.view(Viewer::Side(self.side_of(seat)));
        let driver = self.computer.driver(seat, &self.game)?;
        let clock = crate::table::Clock::default();
        let answer = match driver.poll(&view, &clock) {
            std::task::Poll::Pending => {
                return self.computer.is_thinking().then_some(0.04);
            }
            std::task::Poll::Ready(answer) => answer,
        };
        match answer {
            Ok(Reply::Turn(turn)) => match self.game.play(turn) {
                Ok(_) => {
                    self.after_turn();
                    if let Turn::Flip(n) = turn {
                        self.modes.flipping = Some((n, FLIP_SECONDS));
                    }
                }
                // Only a flag rule in hidden mode refuses a candidate: the player learns it
                // and thinks again.
                Err(why) => driver.refused(turn, &why),
            },
            // An engine resigned or failed (its news says which).
            _ if self.computer.seats[seat] == Occupant::Engine => self.engine_stopped(seat),
            // The built-in computer found no turn: nothing to play (the game is over).
            _ => {}
        }
        Some(0.0)
    }

    /// The engine of seat `k` gave no turn: it resigned or failed (its `EngineNews` says which).
    ///
    /// A failure loses the game for the engine, as at the table (docs/engine-protocol.md, "What
    /// loses a game") and as a desktop game treats an opponent that is gone: its side resigns
    /// (four players: it goes out and the game goes on), the reason goes into the record's
    /// `forfeit` entry, and the window shows which engine stopped and why. In a flip game before
    /// the colours are decided there is no colour to resign: the game waits with the reason in
    /// the status line, and undo or a new game go on from there. No engine is asked again after
    /// it stopped, so nothing loops.
    pub(super) fn engine_stopped(&mut self, k: usize) {
        let Some(stop) = self.computer.engine_stop(k) else {
            return;
        };
        let side = if self.mode().deals_face_down() {
            self.game.player_colour(k as u8 + 1)
        } else {
            Some(self.game.board().seats[k])
        };
        let failure = match stop {
            EngineStop::Resigned => match side {
                // A resignation, as any player's.
                Some(s) if self.game.act(Action::Resign(s)).is_ok() => {
                    self.redo.clear();
                    self.after_change();
                    return;
                }
                // No colour to resign yet: it stops the game as a failure does.
                _ => crate::table::SeatFailure::Reported("resigned".into()),
            },
            EngineStop::Failed(why) => why,
        };
        let Some(chair) = self.chair_of(k) else {
            return;
        };
        let command = self.computer.engine_command().unwrap_or("").to_string();
        let name = computer::command_name(&command);
        // The record says it in the program's words (a record is shown and passed on): what
        // the engine wrote itself goes to the engine log only. An engine that never played a
        // turn (its handshake or its first answer failed) has not played this game: the game
        // is abandoned with no result rather than won.
        let why = failure.in_lang(crate::i18n::Lang::En);
        let forfeit = turns::forfeit(
            &mut self.game,
            chair,
            name.as_deref().unwrap_or("engine"),
            &why,
            true,
        );
        let trouble = EngineTrouble {
            name,
            who: side.ok_or(k as u8 + 1),
            failure,
            resigned: forfeit == turns::Forfeit::Resigned,
            abandoned: forfeit == turns::Forfeit::Abandoned,
            command,
            id_name: self.computer.engine_id_name(k),
        };
        if trouble.resigned {
            self.redo.clear();
            self.after_change();
        }
        self.engine_trouble = Some((trouble, true));
    }

    /// Tell every computer seat the public report of each new ply, with its own view after it.
    pub(super) fn observe_new_plies(&mut self) {
        let plies = self.game.plies().len();
        if self.computer.observed > plies {
            self.computer.reset();
        }
        while self.computer.observed < plies {
            let i = self.computer.observed;
            if let Some(report) = self.game.plies()[i].report.clone() {
                let after = self.game.position_at(i + 1);
                for k in 0..self.computer.seats.len() {
                    let view = after.view(self.game.rules(), Viewer::Side(self.side_of(k)));
                    if let Some(d) = self.computer.driver(k, &self.game) {
                        d.observe(&report, &view);
                    }
                }
            }
            self.computer.observed += 1;
        }
    }
}
