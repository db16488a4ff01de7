//! The table under the session: made with a desk for each person and a thinker seat for each of
//! the computer's seats, whose turn and whose eyes (`table::turns`), the table polled (`drive`)
//! and what it told the desks shown, an engine that stopped.

use super::*;
use crate::table::desk::{Asked, Desk, Told};
use crate::table::{Limits, ManualClock, Polled, Reply, SeatDriver, Table};
use std::sync::{Arc, Mutex};

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

/// The seats at the session's table: whose turn, whose eyes, the table polled.
impl Session {
    /// The seat (0 or 1) of the side to move.
    pub(super) fn seat_to_move(&self) -> usize {
        slot_to_move(self.table.game())
    }

    /// The seat that plays `side`.
    pub(super) fn seat_of(&self, side: Seat) -> usize {
        slot_of(self.table.game(), side)
    }

    /// The colour a seat plays (Red before the colours of a flip game are decided: the views of
    /// both players are the same then).
    pub(super) fn side_of(&self, seat: usize) -> Seat {
        self.chair_of(seat)
            .and_then(|c| turns::side_of_chair(self.table.game(), c))
            .unwrap_or(Seat::Red)
    }

    /// The chair of player slot `seat` (`turns::chairs_of`).
    pub(super) fn chair_of(&self, seat: usize) -> Option<Chair> {
        turns::chairs_of(self.table.game()).get(seat).copied()
    }

    /// Whether an outside engine is to move.
    pub fn engine_to_move(&self) -> bool {
        self.computer_to_move() && self.computer.seats[self.seat_to_move()] == Occupant::Engine
    }

    /// Whether the computer is to move (human input waits).
    pub fn computer_to_move(&self) -> bool {
        !self.table.game().status().is_over()
            && self.computer.seats[self.seat_to_move()] != Occupant::Human
    }

    /// Whose eyes the screen shows: the human's against the computer, else the side to move.
    pub fn looking_side(&self) -> Seat {
        if let Some(mover) = self.modes.handing {
            return mover;
        }
        if let Some(seat) = self.computer.lone_human() {
            return self.side_of(seat);
        }
        let to_move = self.table.game().position().side_to_move();
        let board = self.table.game().board();
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

    /// Move the table on as far as the seats' answers allow (the computer's turns, the people's
    /// answers on their desks), and show what it did. Returns when to look again (seconds),
    /// while the computer thinks.
    pub(in crate::app) fn drive(&mut self) -> Option<f64> {
        self.drive_until(false)
    }

    /// `drive`, stopping after the first turn played when `one_turn` (a person's answer:
    /// the computer's next turn is asked at the next tick, as the window looks again).
    fn drive_until(&mut self, one_turn: bool) -> Option<f64> {
        let mut guard = 0;
        // A finished game has nothing to ask (a forfeit before a flip game's colours leaves it
        // going on, its stopped seat asked in vain).
        while !self.table.game().status().is_over() {
            guard += 1;
            self.hand_held_answers();
            let plies = self.table.game().plies().len();
            let polled = self.table.poll();
            self.take_told();
            if self.table.game().plies().len() > plies {
                self.after_turn();
                if let Some(Turn::Flip(n)) = self.table.game().plies().last().and_then(|p| p.turn) {
                    self.modes.flipping = Some((n, FLIP_SECONDS));
                }
            }
            self.note_forfeit();
            match polled {
                Polled::Waiting(_) | Polled::Over(_) => break,
                Polled::Moved if one_turn => break,
                Polled::Again | Polled::Moved if guard < 256 => {}
                _ => break,
            }
        }
        self.call_answerer();
        self.computer.is_thinking().then_some(0.04)
    }

    /// What the table told the people's desks: a refusal, a declined takeback.
    fn take_told(&mut self) {
        let told: Vec<Told> = (self.desks.iter().flatten())
            .flat_map(Desk::take_told)
            .collect();
        for told in told {
            match told {
                Told::Refused(_, why) => self.message = Some(Message::Illegal(why)),
                Told::TakebackDeclined => {
                    self.message = Some(Message::Note(i18n::TAKEBACK_DECLINED));
                }
                Told::TakenBack { .. } | Told::Rewound | Told::TimedOut { .. } => {
                    self.after_change();
                }
                _ => {}
            }
        }
    }

    /// Answers to the open question given before the table asked their seat: put on the desk
    /// once it does.
    fn hand_held_answers(&mut self) {
        if self.asked_desk().is_none() {
            self.held.clear();
            return;
        }
        for k in 0..self.desks.len() {
            let Some(desk) = &self.desks[k] else { continue };
            if matches!(desk.asked(), None | Some(Asked::Turn)) {
                continue;
            }
            let side = self.side_of(k);
            if let Some(i) = self.held.iter().position(|(s, _)| *s == side) {
                let (_, yes) = self.held.remove(i);
                let _ = desk.answer(yes);
            }
        }
    }

    /// The desk the table asks a question of now (a draw offer, a takeback), and its seat.
    pub(super) fn asked_desk(&self) -> Option<(Seat, Asked)> {
        (0..self.desks.len()).find_map(|k| {
            let asked = self.desks[k].as_ref()?.asked()?;
            (asked != Asked::Turn).then(|| (self.side_of(k), asked))
        })
    }

    /// A hidden game between people: the player the table asks a question now is called to
    /// the covered board.
    fn call_answerer(&mut self) {
        let asked = self.asked_desk();
        if !matches!(asked, Some((_, Asked::Takeback { .. }))) {
            // The table's takeback question is settled (or none was asked).
            self.modes.takeback_asked = None;
            self.modes.takeback_agreed.clear();
        }
        match asked {
            Some((seat, _)) if self.curtain_guarded() => {
                if self.modes.answering.map(|(s, _)| s) != Some(seat) {
                    self.modes.answering = Some((seat, false));
                    // A question called to the covered board ends the look at the clash.
                    self.modes.handing = None;
                    self.modes.lifted = false;
                    self.selected = None;
                }
            }
            _ => self.end_question(),
        }
    }

    /// The desk of the person to move, if a person is to move.
    pub(super) fn desk_to_move(&self) -> Option<&Desk> {
        if self.table.game().status().is_over() {
            return None;
        }
        self.desks.get(self.seat_to_move())?.as_ref()
    }

    /// A person's answer on their turn: put on their desk, and the table moved on.
    pub(super) fn reply(&mut self, reply: Reply) {
        self.drive();
        let Some(desk) = self.desk_to_move() else {
            return;
        };
        if desk.reply(reply).is_ok() {
            self.drive_until(true);
        }
    }

    /// A seat failed or resigned at the table (an outside engine): the window is told which
    /// engine stopped and why, once.
    fn note_forfeit(&mut self) {
        let Some((k, failure, forfeit)) = self.table.take_forfeited() else {
            return;
        };
        if self.computer.seats.get(k) != Some(&Occupant::Engine) {
            return;
        }
        let side = if self.mode().deals_face_down() {
            self.table.game().player_colour(k as u8 + 1)
        } else {
            Some(self.table.game().board().seats[k])
        };
        let command = self
            .computer
            .engine_command()
            .unwrap_or_default()
            .to_string();
        let trouble = EngineTrouble {
            name: computer::command_name(&command),
            who: side.ok_or(k as u8 + 1),
            failure,
            resigned: forfeit == turns::Forfeit::Resigned,
            abandoned: forfeit == turns::Forfeit::Abandoned,
            command,
            id_name: self.computer.engine_id_name(k),
        };
        if trouble.resigned {
            self.after_change();
        }
        self.engine_trouble = Some((trouble, true));
    }
}

/// The table a game on screen plays on: a desk for each person's seat, a thinker seat for each
/// of the computer's, the move clock read from `clock`; out-of-turn resignations from `resign`.
pub(super) fn table_of(
    game: Game,
    computer: &mut computer::Seats,
    clock: &ManualClock,
    resign: &Arc<Mutex<Vec<usize>>>,
) -> (Table, Vec<Option<Desk>>) {
    let chairs = turns::chairs_of(&game);
    let open = game.rules().mode.shows_everything();
    let mut desks = Vec::new();
    let mut seats: Vec<(Chair, Box<dyn SeatDriver>)> = Vec::new();
    for (k, &chair) in chairs.iter().enumerate() {
        match computer.make_seat(k, &game) {
            Some(seat) => {
                desks.push(None);
                seats.push((chair, Box::new(seat)));
            }
            None => {
                let desk = Desk::new();
                seats.push((chair, Box::new(desk.seat("human"))));
                desks.push(Some(desk));
            }
        }
    }
    let seeds: Vec<u64> = (0..chairs.len())
        .map(|_| crate::engine::rng::os_seed())
        .collect();
    let mut table = match Table::resume(game, seats, &seeds, Limits::default()) {
        Ok(t) => t,
        Err(e) => unreachable!("desks and thinker seats start and begin without fail: {e:?}"),
    };
    table.stopwatch(Box::new(clock.clone()));
    table.abandon_unplayed(true);
    table.plain_reasons(true);
    table.undo_takebacks(open);
    let resign = resign.clone();
    table.resignations(Box::new(move || {
        std::mem::take(&mut *resign.lock().unwrap_or_else(|e| e.into_inner()))
    }));
    (table, desks)
}
