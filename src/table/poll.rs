//! The table driven without waiting: `Table::poll` asks the seat to move (`SeatDriver::poll`)
//! and carries out its answer, or says the seat has none yet; the clocks run all the same.

use super::*;

/// The turn a table is asking for: whose, what the seat offered, asked and had refused in it,
/// the thinking time its questions took, and when the question open now was first asked.
pub(super) struct Asking {
    k: usize,
    this: turns::OneTurn,
    /// The rules' move clock for this turn, if they have one.
    move_clock: Option<Duration>,
    this_turn: Duration,
    /// The stopwatch when the open question was first asked (`None` between questions).
    since: Option<Duration>,
}

/// What one `Table::poll` did.
#[derive(Debug)]
pub enum Polled {
    /// Seat `k` has no answer yet: poll again later.
    Waiting(usize),
    /// The seat to move answered without a turn being made (a refused turn, a declined draw
    /// offer or takeback): poll again, it is asked again.
    Again,
    /// The game moved on: a turn was played, taken back or lost to the clock, or a seat went
    /// out.
    Moved,
    /// The game is over.
    Over(TableEnd),
}

impl Table {
    /// Move the game on as far as the seats' answers allow without waiting: the seat to move
    /// is asked (`SeatDriver::poll`) and its answer carried out. The move clock and the game
    /// time run while a seat has no answer, so a seat that never answers loses its turn (or
    /// the game) all the same.
    pub fn poll(&mut self) -> Polled {
        if self.game.status().is_over() {
            return Polled::Over(self.end());
        }
        if let Some(end) = self.take_resignations() {
            self.asking = None;
            return Polled::Over(end);
        }
        let polled = if self.question_open() {
            // A draw offer or takeback ask still going round: the asker's turn waits for it.
            self.ask_round()
        } else {
            let Some(k) = self.seat_to_move() else {
                return Polled::Over(self.end());
            };
            if self.asking.as_ref().is_none_or(|a| a.k != k) {
                self.asking = Some(Asking {
                    k,
                    this: turns::OneTurn::default(),
                    move_clock: self.move_clock(),
                    this_turn: Duration::ZERO,
                    since: None,
                });
            }
            self.ask(k)
        };
        if !matches!(polled, Polled::Waiting(_) | Polled::Again) {
            self.asking = None;
        }
        polled
    }

    /// The end, if any, as what a poll did.
    pub(super) fn moved(end: Option<TableEnd>) -> Polled {
        end.map_or(Polled::Moved, Polled::Over)
    }

    /// Ask seat `k`, whose turn it is, and carry out its answer.
    fn ask(&mut self, k: usize) -> Polled {
        let Some(a) = self.asking.as_mut() else {
            return Polled::Again;
        };
        let (move_clock, this_turn) = (a.move_clock, a.this_turn);
        let since = *a.since.get_or_insert_with(|| self.stopwatch.now());
        // Again after a refusal: the refused attack showed the flag to every seat.
        let view = self.view_of(k);
        let clock_left = move_clock.map(|c| c.saturating_sub(this_turn));
        let clock = Clock {
            turn: match (self.limits.turn_time, clock_left) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            left: self
                .limits
                .game_time
                .map(|t| t.saturating_sub(self.places[k].used)),
        };
        let polled = self.places[k].driver.poll(&view, &clock);
        let spent = self.stopwatch.now().saturating_sub(since);
        let Poll::Ready(reply) = polled else {
            // No answer yet: the clocks run all the same.
            let over_game =
                (self.limits.game_time).is_some_and(|t| self.places[k].used + spent > t);
            let over_turn =
                move_clock.is_some_and(|c| this_turn + spent > c + self.clock_second / 4);
            if !over_game && !over_turn {
                return Polled::Waiting(k);
            }
            self.spend(k, spent);
            return match move_clock {
                Some(c) if over_turn => Self::moved(self.time_out(k, c)),
                _ => Self::moved(self.fail(k, SeatFailure::OutOfTime)),
            };
        };
        self.spend(k, spent);
        let this_turn = this_turn + spent;
        if matches!(reply, Err(SeatFailure::Interrupted)) {
            // Another seat resigned while this one thinks: its question stands.
            if let Some(end) = self.take_resignations() {
                return Polled::Over(end);
            }
            return if self.seat_to_move() == Some(k) {
                Polled::Again
            } else {
                Polled::Moved
            };
        }
        self.times[k].push(spent.as_secs_f64() * 1000.0);
        if self
            .limits
            .game_time
            .is_some_and(|t| self.places[k].used > t)
        {
            return Self::moved(self.fail(k, SeatFailure::OutOfTime));
        }
        if let Some(c) = move_clock {
            // No answer within the move clock: the clock bound the wait and the seat gave
            // none, or it answered later than the clock and its grace.
            let binding = clock.turn == clock_left;
            let hung = matches!(reply, Err(SeatFailure::Hung(_))) && binding;
            if hung || this_turn > c + self.clock_second / 4 {
                return Self::moved(self.time_out(k, c));
            }
        }
        let Some(a) = self.asking.as_mut() else {
            return Polled::Again;
        };
        let answer = reply.and_then(|r| a.this.answer(r, &view, self.game.rules()));
        match answer {
            Ok(answer) => self.carry_out(k, answer),
            Err(e) => Self::moved(self.fail(k, e)),
        }
    }

    /// Seat `k` spent `spent` on a question: its thinking time, and this turn's.
    fn spend(&mut self, k: usize, spent: Duration) {
        self.places[k].used += spent;
        if let Some(a) = self.asking.as_mut() {
            a.this_turn += spent;
            a.since = None;
        }
    }

    /// Carry out seat `k`'s answer on its turn.
    fn carry_out(&mut self, k: usize, answer: turns::Answer) -> Polled {
        match answer {
            turns::Answer::Resign => Self::moved(self.resign(k)),
            turns::Answer::OfferDraw => self.offer_draw(k),
            turns::Answer::AskTakeback => self.ask_takeback(k),
            turns::Answer::Play(turn) => match self.game.play(turn) {
                Ok(ply) => {
                    match ply.report.clone() {
                        Some(r) => self.saved_then_told(|d, v| d.observe(&r, v)),
                        None => self.saved_then_told(|_, _| {}),
                    }
                    Polled::Moved
                }
                Err(why) => {
                    let counted = self.asking.as_mut().map(|a| a.this.refused());
                    if let Some(Err(e)) = counted {
                        return Self::moved(self.fail(k, e));
                    }
                    self.refusals += 1;
                    self.places[k].driver.refused(turn, &why);
                    Polled::Again
                }
            },
        }
    }
}
