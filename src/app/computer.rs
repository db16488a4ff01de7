//! The computer opponent in the window: which seats the computer plays, thinking off the UI thread
//! (`ai::Thinker`), and the public reports it learns from. The computer gets only its own view.

use super::session::{FLIP_SECONDS, Session};
use super::settings::Seat;
use crate::ai::{AiPlayer, Level, Player, Thinker};
use crate::engine::{Action, Mode, Mover, Side, Viewer};

/// The computer seats of a game on screen.
#[derive(Default)]
pub struct Seats {
    pub seats: [Seat; 2],
    players: [Option<Box<dyn Player>>; 2],
    thinking: Option<(usize, Thinker)>,
    /// How many plies the computer players have been told about.
    observed: usize,
    seed: u64,
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Seats")
            .field("seats", &self.seats)
            .field("thinking", &self.thinking.is_some())
            .field("observed", &self.observed)
            .finish()
    }
}

impl Seats {
    pub fn new(seats: [Seat; 2], seed: u64) -> Seats {
        let mut s = Seats {
            seats,
            seed,
            ..Seats::default()
        };
        s.reset();
        s
    }

    /// Fresh computer players that will be told the whole game again (after undo or on resume).
    pub fn reset(&mut self) {
        self.thinking = None;
        self.observed = 0;
        for (k, seat) in self.seats.iter().enumerate() {
            self.players[k] = match seat {
                Seat::Computer(level) => Some(Box::new(AiPlayer::new(*level)) as Box<dyn Player>),
                Seat::Human => None,
            };
        }
    }

    pub fn any(&self) -> bool {
        self.seats.iter().any(|s| *s != Seat::Human)
    }

    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The one human seat, if exactly one seat is human.
    fn lone_human(&self) -> Option<usize> {
        match self.seats {
            [Seat::Human, Seat::Computer(_)] => Some(0),
            [Seat::Computer(_), Seat::Human] => Some(1),
            _ => None,
        }
    }
}

impl Session {
    /// The seat (0 or 1) of the side to move.
    fn seat_to_move(&self) -> usize {
        match self.game.position().mover() {
            Mover::Player(p) => usize::from(p == 2),
            Mover::Side(s) => self.seat_of(s),
        }
    }

    /// The seat that plays `side`.
    fn seat_of(&self, side: Side) -> usize {
        if self.game.rules().mode == Mode::Flip {
            usize::from(self.game.player_colour(1) != Some(side))
        } else {
            side.index()
        }
    }

    /// The colour a seat plays (Red before the colours of a flip game are decided: the views of
    /// both players are the same then).
    fn side_of(&self, seat: usize) -> Side {
        if self.game.rules().mode == Mode::Flip {
            self.game.player_colour(seat as u8 + 1).unwrap_or(Side::Red)
        } else if seat == 0 {
            Side::Red
        } else {
            Side::Blue
        }
    }

    /// Whether the computer is to move (human input waits).
    pub fn computer_to_move(&self) -> bool {
        !self.game.status().is_over() && self.computer.seats[self.seat_to_move()] != Seat::Human
    }

    /// Whose eyes the screen shows: the human's against the computer, else the side to move.
    pub fn looking_side(&self) -> Side {
        match self.computer.lone_human() {
            Some(seat) => self.side_of(seat),
            None => self.game.position().side_to_move().unwrap_or(Side::Red),
        }
    }

    /// After undo: go back to a human's turn, and let the computer players relearn the game.
    pub fn undo_to_human(&mut self) {
        if !self.computer.any() {
            return;
        }
        self.computer.thinking = None;
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
    pub(super) fn computer_step(&mut self) -> Option<f64> {
        if !self.computer.any() {
            return None;
        }
        if self.game.status().is_over() {
            self.computer.thinking = None;
            return None;
        }
        // The computer answers a draw offer by declining it (it plays on).
        if let Some(offerer) = self.game.draw_offer() {
            let other = offerer.other();
            if self.computer.seats[self.seat_of(other)] != Seat::Human {
                let _ = self.game.act(Action::DeclineDraw(other));
            }
        }
        self.observe_new_plies();
        let seat = self.seat_to_move();
        let Seat::Computer(_) = self.computer.seats[seat] else {
            return None;
        };
        match &mut self.computer.thinking {
            None => {
                let player = self.computer.players[seat].take()?;
                let view = self.game.view(Viewer::Side(self.side_of(seat)));
                self.computer.seed = self.computer.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let thinker =
                    Thinker::start(player, view, self.game.rules().clone(), self.computer.seed);
                self.computer.thinking = Some((seat, thinker));
            }
            Some((s, thinker)) => {
                let s = *s;
                if let Some(answer) = thinker.poll() {
                    let (_, thinker) = self.computer.thinking.take().expect("thinking");
                    let mut player = thinker.into_player();
                    if let Some(turn) = answer {
                        match self.game.play(turn) {
                            Ok(_) => {
                                self.after_turn();
                                if let crate::engine::Turn::Flip(n) = turn {
                                    self.modes.flipping = Some((n, FLIP_SECONDS));
                                }
                            }
                            Err(_) => {
                                // Only a flag rule in hidden mode refuses a candidate: the
                                // player learns it and thinks again.
                                if let Some(p) = player.as_mut() {
                                    p.refused(turn);
                                }
                            }
                        }
                    }
                    self.computer.players[s] = player;
                }
            }
        }
        Some(if self.computer.thinking.is_some() {
            0.04
        } else {
            0.0
        })
    }

    /// Tell every computer player the public report of each new ply, with its own view after it.
    fn observe_new_plies(&mut self) {
        let plies = self.game.plies().len();
        if self.computer.observed > plies {
            self.computer.reset();
        }
        while self.computer.observed < plies {
            let i = self.computer.observed;
            if let Some(report) = self.game.plies()[i].report.clone() {
                let after = self.game.position_at(i + 1);
                for k in 0..2 {
                    let side = self.side_of(k);
                    if let Some(p) = self.computer.players[k].as_mut() {
                        p.observe(&report, &after.view(self.game.rules(), Viewer::Side(side)));
                    }
                }
            }
            self.computer.observed += 1;
        }
    }
}

/// The computer seats as kept in a game record's info (`computer` = `red:normal`, `2:hard` …), so a
/// resumed game goes on against the computer.
pub fn seats_to_info(seats: &[Seat; 2], flip: bool) -> Option<String> {
    let parts: Vec<String> = seats
        .iter()
        .enumerate()
        .filter_map(|(k, s)| match s {
            Seat::Computer(level) => {
                let who = match (flip, k) {
                    (true, k) => (k + 1).to_string(),
                    (false, 0) => "red".into(),
                    (false, _) => "blue".into(),
                };
                Some(format!("{who}:{}", level.word()))
            }
            Seat::Human => None,
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(","))
}

/// Read `seats_to_info` back; anything unreadable is a human seat.
pub fn seats_from_info(text: Option<&str>) -> [Seat; 2] {
    let mut seats = [Seat::Human; 2];
    for part in text.unwrap_or("").split(',') {
        let Some((who, level)) = part.split_once(':') else {
            continue;
        };
        let k = match who {
            "red" | "1" => 0,
            "blue" | "2" => 1,
            _ => continue,
        };
        if let Some(level) = Level::parse(level) {
            seats[k] = Seat::Computer(level);
        }
    }
    seats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_round_trip_through_the_record_info() {
        let seats = [Seat::Human, Seat::Computer(Level::Hard)];
        let text = seats_to_info(&seats, false).unwrap();
        assert_eq!(text, "blue:hard");
        assert_eq!(seats_from_info(Some(&text)), seats);
        assert_eq!(seats_to_info(&[Seat::Human; 2], true), None);
        assert_eq!(
            seats_from_info(Some("1:easy,zz:hard,2:nope")),
            [Seat::Computer(Level::Easy), Seat::Human]
        );
    }
}
