//! Questions a seat puts to the others on its turn — a draw offer, a takeback ask — asked seat
//! by seat in the rules' order (`turns::answerers`) without waiting: a seat with no answer yet
//! (`SeatDriver::poll_draw`, `poll_takeback`) leaves the question open, the game unchanged,
//! until a later `Table::poll`.

use super::*;

/// A question going round the seats.
pub(super) struct Question {
    /// The seat that asked.
    asker: usize,
    kind: Kind,
    /// The seats still to answer, in the order they are asked.
    left: Vec<usize>,
}

#[derive(Clone, Copy)]
enum Kind {
    Draw,
    /// A takeback of `actions` standing actions, `turns` turns.
    Takeback {
        actions: u32,
        turns: u32,
    },
}

impl Table {
    /// Seat `k` offers a draw on its turn: the offer is made and the others still in are asked
    /// in turn.
    pub(super) fn offer_draw(&mut self, k: usize) -> Polled {
        let by = self.side_of(k);
        if self.game.act(Action::OfferDraw(by)).is_err() {
            return Polled::Again;
        }
        self.question = Some(Question {
            asker: k,
            kind: Kind::Draw,
            left: self.others_in(k),
        });
        self.ask_round()
    }

    /// Seat `k` asks for a takeback of its own last turn: every other seat still in is asked
    /// in turn. Nothing to take back is told to the asker as a declined ask.
    pub(super) fn ask_takeback(&mut self, k: usize) -> Polled {
        let Some((actions, turns)) = self.takeback_of(k) else {
            self.places[k].driver.takeback_declined();
            return Polled::Again;
        };
        self.question = Some(Question {
            asker: k,
            kind: Kind::Takeback { actions, turns },
            left: self.others_in(k),
        });
        self.ask_round()
    }

    /// A game resumed with a draw offer open (saved while it went round): the offer is put
    /// again to the seats still in that have not accepted it yet, before any turn.
    pub(super) fn reopen_draw_offer(&mut self) {
        let Some(by) = self.game.draw_offer() else {
            return;
        };
        let Some(asker) = (0..self.places.len()).find(|&k| self.known_side(k) == Some(by)) else {
            return;
        };
        let left = (self.others_in(asker).into_iter())
            .filter(|&j| !self.game.draw_accepted(self.side_of(j)))
            .collect();
        self.question = Some(Question {
            asker,
            kind: Kind::Draw,
            left,
        });
    }

    /// Whether a question is waiting for answers.
    pub(super) fn question_open(&self) -> bool {
        self.question.is_some()
    }

    /// Ask the open question of the seats still to answer, as far as their answers go: a seat
    /// with no answer yet leaves it open (`Waiting`); the first "no" ends it; when every seat
    /// said yes, the draw is made (the game over) or the takeback made through the gate and
    /// every seat told.
    pub(super) fn ask_round(&mut self) -> Polled {
        loop {
            let Some(q) = self.question.as_ref() else {
                return Polled::Again;
            };
            let (asker, kind) = (q.asker, q.kind);
            let by = self.side_of(asker);
            if self.places[asker].failed || !self.game.seats_in().contains(&by) {
                // The asker went out while its question went round: nothing is left to agree to.
                self.question = None;
                return Polled::Again;
            }
            let Some(&j) = q.left.first() else {
                self.question = None;
                return self.all_agreed(asker, kind);
            };
            // A seat that went out (resigned, failed) since it was put in the round is not
            // asked: its side has no say any more.
            let still_in =
                !self.places[j].failed && self.game.seats_in().contains(&self.side_of(j));
            if !still_in {
                self.next_answerer();
                continue;
            }
            let view = self.view_of(j);
            let polled = match kind {
                Kind::Draw => self.places[j].driver.poll_draw(by, &view),
                Kind::Takeback { turns, .. } => {
                    self.places[j].driver.poll_takeback(by, turns, &view)
                }
            };
            let Poll::Ready(answer) = polled else {
                return Polled::Waiting(j);
            };
            self.next_answerer();
            match (kind, answer) {
                (Kind::Draw, answer) => {
                    let yes = answer.unwrap_or_default();
                    let side = self.side_of(j);
                    if turns::answer_draw(&mut self.game, side, yes).is_err() || !yes {
                        self.question = None;
                        return Polled::Again;
                    }
                    if self.game.status().is_over() {
                        self.question = None;
                        return Polled::Over(self.end());
                    }
                }
                (Kind::Takeback { .. }, Err(e)) => {
                    // The seat asked failed: it resigns (four players: it is out), and the
                    // ask is declined.
                    self.question = None;
                    self.places[asker].driver.takeback_declined();
                    return Self::moved(self.fail(j, e));
                }
                (Kind::Takeback { .. }, Ok(false)) => {
                    self.question = None;
                    self.places[asker].driver.takeback_declined();
                    return Polled::Again;
                }
                (Kind::Takeback { .. }, Ok(true)) => {}
            }
        }
    }

    fn next_answerer(&mut self) {
        if let Some(q) = self.question.as_mut()
            && !q.left.is_empty()
        {
            q.left.remove(0);
        }
    }

    /// Every seat asked agreed.
    fn all_agreed(&mut self, asker: usize, kind: Kind) -> Polled {
        match kind {
            Kind::Draw if self.game.status().is_over() => Polled::Over(self.end()),
            Kind::Draw => Polled::Again,
            Kind::Takeback { actions, .. } if self.console.undo_takebacks => {
                // A plain undo, with redo (open games at one screen).
                let mut left = actions;
                self.undo_until(|_| {
                    left = left.saturating_sub(1);
                    left == 0
                });
                Polled::Moved
            }
            Kind::Takeback { actions, .. } => {
                if self.make_takeback(self.side_of(asker), actions).is_err() {
                    self.places[asker].driver.takeback_declined();
                    return Polled::Again;
                }
                // The position changed: the seat to move may be another one.
                Polled::Moved
            }
        }
    }

    /// Make a takeback every seat with a say agreed to — asked round the seats, or given at
    /// once at a referee's screen (`take_back_agreed`): `by`'s last `actions` standing actions
    /// go (`turns::take_back`, through the gate), and every seat is told. Returns how many
    /// turns went.
    ///
    /// # Errors
    /// The gate or the game refused it; nothing changed.
    pub(super) fn make_takeback(
        &mut self,
        by: Seat,
        actions: u32,
    ) -> Result<u32, turns::TakebackRefused> {
        let plies = self.game.plies().len();
        turns::take_back(&mut self.game, by, actions)?;
        let turns = plies.saturating_sub(self.game.plies().len()) as u32;
        self.saved_then_told(|d, v| d.taken_back(by, turns, v));
        Ok(turns)
    }

    /// The seats other than `k` that are asked a question: not failed, their side still in, in
    /// the order the rules ask them (`turns::answerers`).
    fn others_in(&self, k: usize) -> Vec<usize> {
        let order = turns::answerers(&self.game, self.side_of(k));
        let mut others: Vec<usize> = (0..self.places.len())
            .filter(|&j| j != k && !self.places[j].failed)
            .filter(|&j| self.game.seats_in().contains(&self.side_of(j)))
            .collect();
        others.sort_by_key(|&j| order.iter().position(|&s| s == self.side_of(j)));
        others
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::SplitMix64;
    use crate::engine::{EndReason, Mode};

    /// A random player that puts `ask` on its `ask_at`-th turn, and answers another seat's
    /// question with `yes` only after `pending` polls of it (`Pending` before).
    struct Asker {
        brain: Brain,
        ask: Option<(usize, Reply)>,
        turns: usize,
        pending: usize,
        polls: usize,
        yes: bool,
        asked: std::sync::Arc<std::sync::Mutex<Vec<Seat>>>,
    }

    impl Asker {
        fn boxed(ask: Option<(usize, Reply)>, pending: usize, yes: bool) -> Box<Asker> {
            Box::new(Asker {
                brain: Brain::from_spec("random").unwrap(),
                ask,
                turns: 0,
                pending,
                polls: 0,
                yes,
                asked: Default::default(),
            })
        }

        fn answer(&mut self, by: Seat) -> Poll<Result<bool, SeatFailure>> {
            self.polls += 1;
            if self.polls <= self.pending {
                return Poll::Pending;
            }
            self.polls = 0;
            self.asked.lock().unwrap().push(by);
            Poll::Ready(Ok(self.yes))
        }
    }

    impl SeatDriver for Asker {
        fn name(&self) -> String {
            "asker".into()
        }
        fn start(&mut self, s: &SeatStart<'_>) -> Result<(), SeatFailure> {
            self.brain.start(s)
        }
        fn choose(&mut self, view: &View, clock: &Clock) -> Result<Reply, SeatFailure> {
            self.turns += 1;
            match &self.ask {
                Some((at, reply)) if *at == self.turns => Ok(*reply),
                _ => self.brain.choose(view, clock),
            }
        }
        fn refused(&mut self, turn: Turn, why: &IllegalTurn) {
            self.brain.refused(turn, why);
        }
        fn observe(&mut self, r: &TurnReport, v: &View) {
            self.brain.observe(r, v);
        }
        fn draw_offered(&mut self, _: Seat, _: &View) -> Result<bool, SeatFailure> {
            panic!("a seat that answers through poll_draw is never made to wait");
        }
        fn takeback_asked(&mut self, _: Seat, _: u32, _: &View) -> Result<bool, SeatFailure> {
            panic!("a seat that answers through poll_takeback is never made to wait");
        }
        fn poll_draw(&mut self, by: Seat, _: &View) -> Poll<Result<bool, SeatFailure>> {
            self.answer(by)
        }
        fn poll_takeback(&mut self, by: Seat, _: u32, _: &View) -> Poll<Result<bool, SeatFailure>> {
            self.answer(by)
        }
    }

    fn table(seats: Vec<(Chair, Box<dyn SeatDriver>)>) -> Table {
        let four = seats.len() == 4;
        let rules = Rules::for_mode(Mode::Hidden);
        let mut rng = SplitMix64::new(11);
        let board = if four { 4 } else { 2 };
        let formations = (0..board)
            .map(|_| Some(Formation::random(&mut rng, &rules)))
            .collect();
        let seeds: Vec<u64> = (1..=seats.len() as u64).collect();
        let deal = Deal::Formations(formations);
        Table::open(&rules, seats, &seeds, deal, Limits::default()).unwrap()
    }

    fn two(red: Box<dyn SeatDriver>, blue: Box<dyn SeatDriver>) -> Table {
        table(vec![
            (Chair::Side(Seat::Red), red),
            (Chair::Side(Seat::Blue), blue),
        ])
    }

    /// A draw offer waits for an answer that comes later: the game is unchanged and the table
    /// says whose answer it waits for; a yes then ends the game drawn by agreement.
    #[test]
    fn a_draw_offer_waits_for_a_later_answer() {
        let mut t = two(
            Asker::boxed(Some((2, Reply::OfferDraw)), 0, false),
            Asker::boxed(None, 3, true),
        );
        assert!(matches!(t.poll(), Polled::Moved));
        assert!(matches!(t.poll(), Polled::Moved));
        for _ in 0..3 {
            assert!(matches!(t.poll(), Polled::Waiting(1)));
            assert_eq!(t.game().plies().len(), 2);
            assert_eq!(t.game().draw_offer(), Some(Seat::Red));
        }
        let Polled::Over(end) = t.poll() else {
            panic!("the draw was not made")
        };
        assert_eq!(end.status, Status::Draw(EndReason::Agreement));
    }

    /// A later "no" ends the offer and the asker is asked for its turn again.
    #[test]
    fn a_later_no_declines_the_draw_and_the_game_goes_on() {
        let mut t = two(
            Asker::boxed(Some((1, Reply::OfferDraw)), 0, false),
            Asker::boxed(None, 2, false),
        );
        assert!(matches!(t.poll(), Polled::Waiting(1)));
        assert!(matches!(t.poll(), Polled::Waiting(1)));
        assert!(matches!(t.poll(), Polled::Again));
        assert_eq!(t.game().draw_offer(), None);
        assert!(matches!(t.poll(), Polled::Moved));
        assert_eq!(t.game().plies().len(), 1);
    }

    /// A takeback ask waits for a later answer the same way, and a yes takes back the asker's
    /// last turn and the turn after it.
    #[test]
    fn a_takeback_waits_for_a_later_yes() {
        let mut t = two(
            Asker::boxed(Some((3, Reply::AskTakeback)), 0, false),
            Asker::boxed(None, 2, true),
        );
        for _ in 0..4 {
            assert!(matches!(t.poll(), Polled::Moved));
        }
        assert!(matches!(t.poll(), Polled::Waiting(1)));
        assert!(matches!(t.poll(), Polled::Waiting(1)));
        assert_eq!(t.game().plies().len(), 4);
        assert!(matches!(t.poll(), Polled::Moved));
        assert_eq!(t.game().plies().len(), 2);
        assert_eq!(t.game().position().side_to_move(), Some(Seat::Red));
    }

    /// Four players: the question goes round in turn order; a seat that goes out while the
    /// question waits for it is not asked, and the round goes on to the next seat.
    #[test]
    fn a_seat_out_while_asked_is_passed_over() {
        let south = Asker::boxed(Some((1, Reply::OfferDraw)), 0, false);
        let east = Asker::boxed(None, 0, true);
        let north = Asker::boxed(None, usize::MAX, true);
        let west = Asker::boxed(None, 0, false);
        let asked = west.asked.clone();
        let mut t = table(vec![
            (Chair::Side(Seat::South), south),
            (Chair::Side(Seat::East), east),
            (Chair::Side(Seat::North), north),
            (Chair::Side(Seat::West), west),
        ]);
        let order = turns::answerers(t.game(), Seat::South);
        let north_k = 2;
        let out = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let resign = out.clone();
        t.resignations(Box::new(move || {
            if resign.swap(false, std::sync::atomic::Ordering::SeqCst) {
                vec![north_k]
            } else {
                Vec::new()
            }
        }));
        // Asked in turn order after South: the seats before North answer, North waits.
        let mut polls = 0;
        while !matches!(t.poll(), Polled::Waiting(k) if k == north_k) {
            polls += 1;
            assert!(polls < 4, "North was never asked ({order:?})");
        }
        assert!(matches!(t.poll(), Polled::Waiting(k) if k == north_k));
        out.store(true, std::sync::atomic::Ordering::SeqCst);
        // North resigns: it is out, and the seats after it are asked; West says no.
        let polled = t.poll();
        assert!(matches!(polled, Polled::Again), "{polled:?}");
        assert!(!t.game().seats_in().contains(&Seat::North));
        let west_asked = order.iter().position(|&s| s == Seat::West)
            > order.iter().position(|&s| s == Seat::North);
        assert_eq!(asked.lock().unwrap().len(), usize::from(west_asked));
        assert_eq!(t.game().draw_offer(), None);
    }
}
