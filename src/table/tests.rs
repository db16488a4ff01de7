use super::*;
use crate::engine::rng::SplitMix64;
use crate::engine::{EndReason, Mode};

/// A seat that plays a scripted list of replies, then fails with `NoTurn`.
struct Script {
    replies: Vec<Result<Reply, SeatFailure>>,
    refused: Vec<Turn>,
    offers: Vec<Seat>,
    accept: bool,
    finished: Option<Status>,
}

impl Script {
    fn new(replies: Vec<Result<Reply, SeatFailure>>) -> Script {
        Script {
            replies,
            refused: Vec::new(),
            offers: Vec::new(),
            accept: false,
            finished: None,
        }
    }
}

impl SeatDriver for Script {
    fn name(&self) -> String {
        "script".into()
    }
    fn start(&mut self, _: &SeatStart<'_>) -> Result<(), SeatFailure> {
        Ok(())
    }
    fn choose(&mut self, _: &View, _: &Clock) -> Result<Reply, SeatFailure> {
        if self.replies.is_empty() {
            return Err(SeatFailure::NoTurn);
        }
        self.replies.remove(0)
    }
    fn refused(&mut self, turn: Turn, _: &IllegalTurn) {
        self.refused.push(turn);
    }
    fn observe(&mut self, _: &TurnReport, _: &View) {}
    fn draw_offered(&mut self, by: Seat, _: &View) -> Result<bool, SeatFailure> {
        self.offers.push(by);
        Ok(self.accept)
    }
    fn finish(&mut self, status: Status, _: &View) {
        self.finished = Some(status);
    }
}

fn brain(spec: &str) -> Box<dyn SeatDriver> {
    Box::new(Brain::from_spec(spec).unwrap())
}

/// A two-player table of `red` and `blue`, dealt formations from `seed`, with the default limits.
fn two(rules: &Rules, red: Box<dyn SeatDriver>, blue: Box<dyn SeatDriver>, seed: u64) -> Table {
    let seats = vec![
        (Chair::Side(Seat::Red), red),
        (Chair::Side(Seat::Blue), blue),
    ];
    let deal = formations(rules, seed, 2);
    Table::open(rules, seats, &[1, 2], deal, Limits::default()).unwrap()
}

fn formations(rules: &Rules, seed: u64, n: usize) -> Deal {
    let mut rng = SplitMix64::new(seed);
    Deal::Formations(
        (0..n)
            .map(|_| Some(Formation::random(&mut rng, rules)))
            .collect(),
    )
}

#[test]
fn two_brains_play_a_game_to_its_end_in_every_mode() {
    for mode in Mode::ALL {
        let rules = Rules::for_mode(mode);
        let (chairs, deal) = if mode.deals_face_down() {
            (
                [Chair::Player(1), Chair::Player(2)],
                Deal::Start(Start::FlipDeal { seed: 3 }),
            )
        } else {
            (
                [Chair::Side(Seat::Red), Chair::Side(Seat::Blue)],
                formations(&rules, 3, 2),
            )
        };
        let seats = vec![(chairs[0], brain("greedy")), (chairs[1], brain("random"))];
        let mut t = Table::open(&rules, seats, &[1, 2], deal, Limits::default()).unwrap();
        let end = t.play_out();
        assert!(end.status.is_over(), "{mode:?}");
        assert!(end.forfeit.is_none());
        assert!(t.times()[0].len() + t.times()[1].len() >= t.game().plies().len());
    }
}

#[test]
fn four_brains_play_a_four_player_game() {
    let rules = Rules::for_mode(Mode::Hidden);
    let board = crate::engine::Board::four_player();
    let seats = board
        .seats
        .iter()
        .map(|&s| (Chair::Side(s), brain("greedy")))
        .collect();
    let mut t = Table::open(
        &rules,
        seats,
        &[1, 2, 3, 4],
        formations(&rules, 5, 4),
        Limits::default(),
    )
    .unwrap();
    assert!(t.play_out().status.is_over());
}

/// A seat whose turn its own view shows illegal loses, with the reason in the record.
#[test]
fn an_illegal_turn_loses_the_game_with_the_reason_recorded() {
    let rules = Rules::default();
    let bad = Turn::Move { from: 0, to: 59 };
    let mut t = two(
        &rules,
        Box::new(Script::new(vec![Ok(Reply::Turn(bad))])),
        brain("random"),
        1,
    );
    let end = t.play_out();
    assert_eq!(
        end.status,
        Status::Won(Seat::Blue.team(), EndReason::Resignation)
    );
    let (k, why) = end.forfeit.unwrap();
    assert_eq!(k, 0);
    assert!(matches!(why, SeatFailure::Illegal { .. }), "{why}");
    let info = &t.game().record().info;
    let f = &info.iter().find(|(k, _)| k == "forfeit").unwrap().1;
    assert!(f.starts_with("Red (script): sent an illegal turn"), "{f}");
}

#[test]
fn a_failing_or_resigning_seat_loses_and_a_draw_offer_is_asked() {
    let rules = Rules::default();
    let run = |red: Script, blue: Script| {
        let mut t = two(&rules, Box::new(red), Box::new(blue), 2);
        t.play_out()
    };
    let end = run(
        Script::new(vec![Err(SeatFailure::Crashed("it exited: 1".into()))]),
        Script::new(vec![]),
    );
    assert_eq!(
        end.status,
        Status::Won(Seat::Blue.team(), EndReason::Resignation)
    );
    assert_eq!(
        end.forfeit.unwrap().1,
        SeatFailure::Crashed("it exited: 1".into())
    );
    let end = run(Script::new(vec![Ok(Reply::Resign)]), Script::new(vec![]));
    assert_eq!(
        end.status,
        Status::Won(Seat::Blue.team(), EndReason::Resignation)
    );
    assert!(end.forfeit.is_none());
    // A draw offer accepted ends the game; declined, the offerer must move.
    let mut blue = Script::new(vec![]);
    blue.accept = true;
    let end = run(Script::new(vec![Ok(Reply::OfferDraw)]), blue);
    assert_eq!(end.status, Status::Draw(EndReason::Agreement));
    let end = run(
        Script::new(vec![Ok(Reply::OfferDraw), Ok(Reply::OfferDraw)]),
        Script::new(vec![]),
    );
    assert!(matches!(
        end.forfeit,
        Some((0, SeatFailure::DrawOfferedTwice))
    ));
}

/// Resignations made out of turn: taken before a turn (Blue resigns while nobody is asked) and
/// when the mover's wait is interrupted (the mover's question stands: its next `choose` is the
/// same turn); with four players the seat goes out and the mover plays on.
#[test]
fn a_resignation_out_of_turn_is_taken_at_once() {
    use std::sync::{Arc, Mutex};
    let rules = Rules::default();
    let queue: Arc<Mutex<Vec<usize>>> = Arc::default();
    let source = |q: &Arc<Mutex<Vec<usize>>>| -> Resignations {
        let q = q.clone();
        Box::new(move || std::mem::take(&mut *q.lock().unwrap()))
    };
    // Before Red's first turn.
    let mut t = two(
        &rules,
        Box::new(Script::new(vec![])),
        Box::new(Script::new(vec![])),
        2,
    );
    t.resignations(source(&queue));
    queue.lock().unwrap().push(1);
    let end = t.step().expect("the game ends");
    assert_eq!(
        end.status,
        Status::Won(Seat::Red.team(), EndReason::Resignation)
    );
    assert!(end.forfeit.is_none());
    assert_eq!(t.game().plies().len(), 0);
    // While Red thinks: its wait is interrupted, the game ends with no turn played.
    let mut t = two(
        &rules,
        Box::new(Script::new(vec![Err(SeatFailure::Interrupted)])),
        Box::new(Script::new(vec![])),
        2,
    );
    let q2 = queue.clone();
    let mut first = true;
    t.resignations(Box::new(move || {
        // Nothing before the turn; Blue's resignation when Red's wait is broken off.
        if std::mem::take(&mut first) {
            Vec::new()
        } else {
            std::mem::take(&mut *q2.lock().unwrap())
        }
    }));
    queue.lock().unwrap().push(1);
    let end = t.step().expect("the game ends");
    assert_eq!(
        end.status,
        Status::Won(Seat::Red.team(), EndReason::Resignation)
    );
    assert!(end.forfeit.is_none(), "an interruption is no failure");
    // Four players: East resigns while South thinks; South's next answer is its turn.
    let rules4 = Rules::for_mode(Mode::Open);
    let game = Game::new(rules4.clone(), Start::random_four(&rules4, 5)).unwrap();
    let south_turn = game.position().legal_turns(&rules4)[0];
    let mut seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![(
        Chair::Side(Seat::South),
        Box::new(Script::new(vec![
            Err(SeatFailure::Interrupted),
            Ok(Reply::Turn(south_turn)),
        ])),
    )];
    for s in [Seat::East, Seat::North, Seat::West] {
        seats.push((Chair::Side(s), brain("random")));
    }
    let mut t = Table::open(
        &rules4,
        seats,
        &[1, 2, 3, 4],
        Deal::Start(game.record().start.clone()),
        Limits::default(),
    )
    .unwrap();
    // Taken at the interruption (nothing before the turn; East when South's wait breaks off).
    t.resignations(Box::new({
        let mut calls = 0;
        move || {
            calls += 1;
            if calls == 2 { vec![1] } else { Vec::new() }
        }
    }));
    assert!(t.step().is_none(), "the game goes on");
    assert_eq!(t.game().plies().len(), 1, "South's turn was played");
    assert!(!t.game().seats_in().contains(&Seat::East));
    assert_eq!(
        t.game().record().actions[0],
        Action::Resign(Seat::East),
        "East's resignation before South's turn"
    );
}

/// Four players: a seat that resigns on its own turn is out at once, and every seat is told
/// its view after it then (the pieces gone, the next seat to move), the one out too, not only
/// with the next turn's report.
#[test]
fn a_four_player_resignation_is_told_to_every_seat_at_once() {
    use std::sync::{Arc, Mutex};
    /// Resigns when asked; keeps the views it is told when a seat goes out.
    struct Teller {
        resign: bool,
        told: Arc<Mutex<Vec<View>>>,
    }
    impl SeatDriver for Teller {
        fn name(&self) -> String {
            "teller".into()
        }
        fn start(&mut self, _: &SeatStart<'_>) -> Result<(), SeatFailure> {
            Ok(())
        }
        fn choose(&mut self, _: &View, _: &Clock) -> Result<Reply, SeatFailure> {
            if self.resign {
                Ok(Reply::Resign)
            } else {
                Err(SeatFailure::NoTurn)
            }
        }
        fn refused(&mut self, _: Turn, _: &IllegalTurn) {}
        fn observe(&mut self, _: &TurnReport, _: &View) {}
        fn seat_out(&mut self, view_after: &View) {
            self.told.lock().unwrap().push(view_after.clone());
        }
    }
    let rules = Rules::for_mode(Mode::Hidden);
    let game = Game::new(rules.clone(), Start::random_four(&rules, 5)).unwrap();
    let told: Vec<Arc<Mutex<Vec<View>>>> = (0..4).map(|_| Arc::default()).collect();
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> =
        [Seat::South, Seat::East, Seat::North, Seat::West]
            .into_iter()
            .zip(&told)
            .map(|(s, t)| {
                let d: Box<dyn SeatDriver> = Box::new(Teller {
                    resign: s == Seat::South,
                    told: t.clone(),
                });
                (Chair::Side(s), d)
            })
            .collect();
    let mut t = Table::open(
        &rules,
        seats,
        &[1, 2, 3, 4],
        Deal::Start(game.record().start.clone()),
        Limits::default(),
    )
    .unwrap();
    assert!(t.step().is_none(), "the game goes on");
    assert!(!t.game().seats_in().contains(&Seat::South));
    for (k, told) in told.iter().enumerate() {
        let told = told.lock().unwrap();
        let [view] = &told[..] else {
            panic!("seat {k} was told {} views", told.len())
        };
        assert!(view.out().contains(Seat::South), "seat {k}");
        assert_eq!(view.mover(), t.game().position().mover(), "seat {k}");
    }
}

/// A seat over its time for the whole game loses on the turn that overran it.
#[test]
fn a_seat_over_its_game_time_loses() {
    let clock = ManualClock::default();
    struct Slow(ManualClock);
    impl SeatDriver for Slow {
        fn name(&self) -> String {
            "slow".into()
        }
        fn start(&mut self, _: &SeatStart<'_>) -> Result<(), SeatFailure> {
            Ok(())
        }
        fn choose(&mut self, view: &View, _: &Clock) -> Result<Reply, SeatFailure> {
            self.0.advance(Duration::from_millis(30));
            let rules = Rules::default();
            Ok(Reply::Turn(view.candidate_turns(&rules)[0]))
        }
        fn refused(&mut self, _: Turn, _: &IllegalTurn) {}
        fn observe(&mut self, _: &TurnReport, _: &View) {}
    }
    let rules = Rules::default();
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (Chair::Side(Seat::Red), Box::new(Slow(clock.clone()))),
        (Chair::Side(Seat::Blue), brain("random")),
    ];
    let limits = Limits {
        turn_time: None,
        game_time: Some(Duration::from_millis(10)),
    };
    let mut t = Table::open(&rules, seats, &[1, 2], formations(&rules, 4, 2), limits).unwrap();
    t.stopwatch(Box::new(clock));
    let end = t.play_out();
    assert_eq!(end.forfeit.unwrap(), (0, SeatFailure::OutOfTime));
    assert_eq!(t.game().plies().len(), 0);
}

/// What a `Taker` was told of takebacks.
type TakeLog = std::sync::Arc<std::sync::Mutex<Vec<String>>>;

/// A random player that asks for a takeback on its `ask_at`-th turn (counted from 1) and
/// answers another seat's ask with `accept`; it notes what it is told of takebacks.
struct Taker {
    brain: Brain,
    ask_at: Option<usize>,
    asked: usize,
    accept: bool,
    log: TakeLog,
}

impl Taker {
    fn boxed(ask_at: Option<usize>, accept: bool, log: &TakeLog) -> Box<dyn SeatDriver> {
        Box::new(Taker {
            brain: Brain::from_spec("random").unwrap(),
            ask_at,
            asked: 0,
            accept,
            log: log.clone(),
        })
    }
}

impl SeatDriver for Taker {
    fn name(&self) -> String {
        "taker".into()
    }
    fn start(&mut self, s: &SeatStart<'_>) -> Result<(), SeatFailure> {
        self.brain.start(s)
    }
    fn choose(&mut self, view: &View, clock: &Clock) -> Result<Reply, SeatFailure> {
        self.asked += 1;
        if Some(self.asked) == self.ask_at {
            return Ok(Reply::AskTakeback);
        }
        self.brain.choose(view, clock)
    }
    fn refused(&mut self, turn: Turn, why: &IllegalTurn) {
        self.brain.refused(turn, why);
    }
    fn observe(&mut self, r: &TurnReport, v: &View) {
        self.brain.observe(r, v);
    }
    fn takeback_asked(&mut self, by: Seat, turns: u32, view: &View) -> Result<bool, SeatFailure> {
        let me = match view.viewer() {
            Viewer::Side(s) => s,
            Viewer::Referee => Seat::Red,
        };
        let mut log = self.log.lock().unwrap();
        log.push(format!("{me:?} asked {by:?} {turns}"));
        Ok(self.accept)
    }
    fn taken_back(&mut self, by: Seat, turns: u32, view: &View) {
        let me = match view.viewer() {
            Viewer::Side(s) => s,
            Viewer::Referee => Seat::Red,
        };
        let mut log = self.log.lock().unwrap();
        log.push(format!("{me:?} taken {by:?} {turns} ply {}", view.ply()));
    }
    fn takeback_declined(&mut self) {
        self.log.lock().unwrap().push("declined".into());
    }
}

fn two_takers(red_asks: usize, blue_accepts: bool) -> (Table, TakeLog) {
    let rules = Rules::for_mode(Mode::Hidden);
    let log = TakeLog::default();
    let seats = vec![
        (
            Chair::Side(Seat::Red),
            Taker::boxed(Some(red_asks), false, &log),
        ),
        (
            Chair::Side(Seat::Blue),
            Taker::boxed(None, blue_accepts, &log),
        ),
    ];
    let t = Table::open(
        &rules,
        seats,
        &[1, 2],
        formations(&rules, 6, 2),
        Limits::default(),
    );
    (t.unwrap(), log)
}

/// A takeback agreed goes back to the asker's own last turn, is kept in the record through the
/// gate, and every seat is told with its view after it; the game goes on to its end.
#[test]
fn a_takeback_agreed_goes_back_to_the_askers_last_turn() {
    let (mut t, log) = two_takers(3, true);
    for _ in 0..4 {
        assert!(t.step().is_none());
    }
    assert_eq!(t.game().plies().len(), 4);
    let before = t.game().position_at(2).notation();
    // Red's third turn: it asks; Red's last turn and Blue's after it go back.
    assert!(t.step().is_none());
    assert_eq!(t.game().plies().len(), 2);
    assert_eq!(t.game().position().notation(), before);
    assert_eq!(t.game().position().side_to_move(), Some(Seat::Red));
    assert!(matches!(
        t.game().record().actions.last(),
        Some(Action::Takeback {
            by: Seat::Red,
            turns: 2
        })
    ));
    assert_eq!(
        *log.lock().unwrap(),
        [
            "Blue asked Red 2",
            "Red taken Red 2 ply 2",
            "Blue taken Red 2 ply 2"
        ]
    );
    let end = t.play_out();
    assert!(end.status.is_over() && end.forfeit.is_none());
    let replay = Game::from_ron(&t.game().to_ron()).unwrap();
    assert_eq!(replay.position().notation(), t.game().position().notation());
}

/// A takeback declined is told to the asker, who is asked for its turn again; with nothing of
/// its own to take back the ask is declined at once, nobody asked; a second ask in one turn
/// loses.
#[test]
fn a_takeback_declined_or_empty_leaves_the_game_as_it_was() {
    let (mut t, log) = two_takers(3, false);
    for _ in 0..5 {
        assert!(t.step().is_none());
    }
    assert_eq!(t.game().plies().len(), 5);
    assert!(
        !t.game()
            .record()
            .actions
            .iter()
            .any(|a| matches!(a, Action::Takeback { .. }))
    );
    assert_eq!(*log.lock().unwrap(), ["Blue asked Red 2", "declined"]);

    let (mut t, log) = two_takers(1, true);
    assert!(t.step().is_none());
    assert_eq!(t.game().plies().len(), 1);
    assert_eq!(*log.lock().unwrap(), ["declined"]);

    let rules = Rules::for_mode(Mode::Hidden);
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (
            Chair::Side(Seat::Red),
            Box::new(Script::new(vec![
                Ok(Reply::AskTakeback),
                Ok(Reply::AskTakeback),
            ])),
        ),
        (Chair::Side(Seat::Blue), brain("random")),
    ];
    let mut t = Table::open(
        &rules,
        seats,
        &[1, 2],
        formations(&rules, 6, 2),
        Limits::default(),
    )
    .unwrap();
    let end = t.play_out();
    assert!(matches!(
        end.forfeit,
        Some((0, SeatFailure::TakebackAskedTwice))
    ));
}

/// Four players: every other seat still in must agree.
#[test]
fn four_players_take_back_only_when_every_other_seat_agrees() {
    let rules = Rules::for_mode(Mode::Hidden);
    let board = crate::engine::Board::four_player();
    for refuser in [None, Some(2usize)] {
        let log = TakeLog::default();
        let seats = (board.seats.iter().enumerate())
            .map(|(k, &s)| {
                let ask = (k == 0).then_some(2);
                (Chair::Side(s), Taker::boxed(ask, refuser != Some(k), &log))
            })
            .collect();
        let mut t = Table::open(
            &rules,
            seats,
            &[1, 2, 3, 4],
            formations(&rules, 5, 4),
            Limits::default(),
        )
        .unwrap();
        for _ in 0..4 {
            assert!(t.step().is_none());
        }
        assert!(t.step().is_none());
        let log = log.lock().unwrap().clone();
        match refuser {
            None => {
                assert_eq!(t.game().plies().len(), 0, "{log:?}");
                assert_eq!(log.iter().filter(|l| l.contains("asked")).count(), 3);
                assert_eq!(log.iter().filter(|l| l.contains("taken")).count(), 4);
            }
            Some(_) => {
                assert_eq!(t.game().plies().len(), 5, "{log:?}");
                assert_eq!(log.last().map(String::as_str), Some("declined"));
                assert!(!log.iter().any(|l| l.contains("taken")));
            }
        }
    }
}

/// A seat that fails while asked for a takeback loses (it resigns), and the ask is declined.
#[test]
fn a_seat_failing_when_asked_for_a_takeback_loses() {
    struct Fails(Brain);
    impl SeatDriver for Fails {
        fn name(&self) -> String {
            "fails".into()
        }
        fn start(&mut self, s: &SeatStart<'_>) -> Result<(), SeatFailure> {
            self.0.start(s)
        }
        fn choose(&mut self, view: &View, clock: &Clock) -> Result<Reply, SeatFailure> {
            self.0.choose(view, clock)
        }
        fn refused(&mut self, turn: Turn, why: &IllegalTurn) {
            self.0.refused(turn, why);
        }
        fn observe(&mut self, r: &TurnReport, v: &View) {
            self.0.observe(r, v);
        }
        fn takeback_asked(&mut self, _: Seat, _: u32, _: &View) -> Result<bool, SeatFailure> {
            Err(SeatFailure::Crashed("it exited: 1".into()))
        }
    }
    let rules = Rules::for_mode(Mode::Hidden);
    let log = TakeLog::default();
    let mut t = two(
        &rules,
        Taker::boxed(Some(2), false, &log),
        Box::new(Fails(Brain::from_spec("random").unwrap())),
        6,
    );
    let end = t.play_out();
    assert_eq!(
        end.status,
        Status::Won(Seat::Red.team(), EndReason::Resignation)
    );
    assert!(matches!(end.forfeit, Some((1, SeatFailure::Crashed(_)))));
    assert_eq!(*log.lock().unwrap(), ["declined"]);
    assert_eq!(t.game().plies().len(), 2);
}

/// A seat that lets the move clock run out on the turns `late` names (counting its own turns
/// from 0; it takes `nap`, or says it hung after the whole turn when `hangs`: time on the
/// test's `clock`, which the table reads), plays its first candidate turn at once on the
/// others, and notes every timeout it is told of.
struct Sleeper {
    rules: Rules,
    late: Vec<usize>,
    nap: Duration,
    clock: ManualClock,
    hangs: bool,
    asked: usize,
    told: std::sync::Arc<std::sync::Mutex<Vec<(Seat, u32, Seat)>>>,
}

impl Sleeper {
    fn new(rules: &Rules, late: Vec<usize>, clock: &ManualClock) -> Sleeper {
        Sleeper {
            rules: rules.clone(),
            late,
            nap: Duration::from_secs(60),
            clock: clock.clone(),
            hangs: false,
            asked: 0,
            told: Default::default(),
        }
    }
}

impl SeatDriver for Sleeper {
    fn name(&self) -> String {
        "sleeper".into()
    }
    fn start(&mut self, _: &SeatStart<'_>) -> Result<(), SeatFailure> {
        Ok(())
    }
    fn choose(&mut self, view: &View, clock: &Clock) -> Result<Reply, SeatFailure> {
        let late = self.late.contains(&self.asked);
        self.asked += 1;
        if late {
            if self.hangs {
                self.clock.advance(clock.turn.unwrap_or_default());
                return Err(SeatFailure::Hung(clock.turn.unwrap_or_default()));
            }
            self.clock.advance(self.nap);
        }
        Ok(Reply::Turn(view.candidate_turns(&self.rules)[0]))
    }
    fn refused(&mut self, _: Turn, _: &IllegalTurn) {}
    fn observe(&mut self, _: &TurnReport, _: &View) {}
    fn timed_out(&mut self, side: Seat, count: u32, view: &View) {
        let Viewer::Side(me) = view.viewer() else {
            panic!("a seat's view");
        };
        self.told.lock().unwrap().push((side, count, me));
    }
}

fn clocked(mode: Mode, secs: u32) -> Rules {
    let mut rules = Rules::for_mode(mode);
    rules.move_clock = Some(secs);
    rules
}

/// With a move clock a seat that does not answer in time loses the turn, every seat is told,
/// and the game goes on: the other side moves next.
#[test]
fn a_seat_past_the_move_clock_loses_the_turn_and_the_game_goes_on() {
    let clock = ManualClock::default();
    let rules = clocked(Mode::Hidden, 1);
    let red = Sleeper::new(&rules, vec![1, 3], &clock);
    let blue = Sleeper::new(&rules, vec![], &clock);
    let (told_red, told_blue) = (red.told.clone(), blue.told.clone());
    let mut t = two(&rules, Box::new(red), Box::new(blue), 6);
    t.clock_second(Duration::from_millis(20));
    t.stopwatch(Box::new(clock.clone()));
    assert_eq!(t.move_clock(), Some(Duration::from_millis(20)));
    for _ in 0..8 {
        assert!(t.step().is_none());
    }
    let g = t.game();
    assert_eq!(g.timeouts(Seat::Red), 2);
    assert_eq!(g.timeouts(Seat::Blue), 0);
    assert_eq!(g.plies().len(), 8);
    let timeouts: Vec<&Action> = (g.record().actions.iter())
        .filter(|a| matches!(a, Action::Timeout(_)))
        .collect();
    assert_eq!(timeouts, [&Action::Timeout(Seat::Red); 2]);
    // Red's second and fourth turns were lost: plies 2 and 6 have no report.
    let lost: Vec<usize> = (g.plies().iter().enumerate())
        .filter(|(_, p)| p.report.is_none())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(lost, [2, 6]);
    let want = |me| vec![(Seat::Red, 1, me), (Seat::Red, 2, me)];
    assert_eq!(*told_red.lock().unwrap(), want(Seat::Red));
    assert_eq!(*told_blue.lock().unwrap(), want(Seat::Blue));
    assert!(t.game().record().info.iter().all(|(k, _)| k != "forfeit"));
}

/// The fifth timeout loses the game (two players) and puts the player out (four players: the
/// others play on); a seat that says it hung while the clock bound its wait times out too.
#[test]
fn five_timeouts_lose_the_game_or_put_the_player_out() {
    let clock = ManualClock::default();
    let rules = clocked(Mode::Open, 1);
    let mut red = Sleeper::new(&rules, (0..5).collect(), &clock);
    red.hangs = true;
    let mut t = two(
        &rules,
        Box::new(red),
        Box::new(Sleeper::new(&rules, vec![], &clock)),
        7,
    );
    t.clock_second(Duration::from_millis(10));
    t.stopwatch(Box::new(clock.clone()));
    let end = t.play_out();
    assert_eq!(
        end.status,
        Status::Won(Seat::Blue.team(), EndReason::Timeouts)
    );
    assert!(end.forfeit.is_none());
    assert_eq!(t.game().timeouts(Seat::Red), 5);
    assert_eq!(t.game().plies().len(), 8);

    let rules = clocked(Mode::Hidden, 1);
    let board = crate::engine::Board::four_player();
    let south = Sleeper::new(&rules, (0..5).collect(), &clock);
    let told = south.told.clone();
    let mut seats: Vec<(Chair, Box<dyn SeatDriver>)> =
        vec![(Chair::Side(Seat::South), Box::new(south))];
    for &s in &board.seats[1..] {
        seats.push((
            Chair::Side(s),
            Box::new(Sleeper::new(&rules, vec![], &clock)),
        ));
    }
    let mut t = Table::open(
        &rules,
        seats,
        &[1, 2, 3, 4],
        formations(&rules, 8, 4),
        Limits::default(),
    )
    .unwrap();
    t.clock_second(Duration::from_millis(10));
    t.stopwatch(Box::new(clock.clone()));
    for _ in 0..24 {
        assert!(t.step().is_none(), "the others play on");
    }
    let g = t.game();
    assert_eq!(g.timeouts(Seat::South), 5);
    assert!(g.position().out().contains(Seat::South));
    assert_eq!(g.plies().len(), 24);
    let counts: Vec<u32> = told.lock().unwrap().iter().map(|t| t.1).collect();
    assert_eq!(counts, [1, 2, 3, 4, 5]);
}

/// A table limit per turn shorter than the move clock stays a limit: past it the seat fails.
#[test]
fn a_table_limit_shorter_than_the_move_clock_still_fails_a_hung_seat() {
    let clock = ManualClock::default();
    let rules = clocked(Mode::Open, 10);
    let mut red = Sleeper::new(&rules, vec![0], &clock);
    red.hangs = true;
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (Chair::Side(Seat::Red), Box::new(red)),
        (
            Chair::Side(Seat::Blue),
            Box::new(Sleeper::new(&rules, vec![], &clock)),
        ),
    ];
    let limits = Limits {
        turn_time: Some(Duration::from_millis(10)),
        game_time: None,
    };
    let mut t = Table::open(&rules, seats, &[1, 2], formations(&rules, 9, 2), limits).unwrap();
    t.clock_second(Duration::from_millis(100));
    t.stopwatch(Box::new(clock.clone()));
    let end = t.play_out();
    assert!(matches!(end.forfeit, Some((0, SeatFailure::Hung(_)))));
    assert_eq!(t.game().timeouts(Seat::Red), 0);
}

/// Lines an engine seat reads from a script (`None`: no line in time), and the lines sent.
struct ScriptLink {
    replies: std::collections::VecDeque<Option<&'static str>>,
    sent: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl link::LineLink for ScriptLink {
    fn send(&mut self, line: &str) {
        self.sent.lock().unwrap().push(line.to_string());
    }
    fn line(&mut self, _: Instant) -> Result<String, SeatFailure> {
        match self.replies.pop_front() {
            Some(Some(l)) => Ok(l.to_string()),
            Some(None) => Err(SeatFailure::Hung(Duration::ZERO)),
            None => Err(SeatFailure::Crashed("the script ended".into())),
        }
    }
}

/// An engine seat told of its own side's timeout drops what the engine sends before its
/// `timeout ok`: the late answer to the `go` that timed out is never taken for the next one.
#[test]
fn an_engine_seat_drops_the_late_answer_before_timeout_ok() {
    let rules = clocked(Mode::Open, 1);
    let sent = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let link = ScriptLink {
        replies: [
            Some("junqiok 1"),
            None,
            Some("info depth 1"),
            Some("turn a6-a7"),
            Some("timeout ok 1"),
            Some("turn b6-b7"),
            None,
            Some("turn c6-c7"),
            Some("timeout ok 1"),
            Some("timeout ok 2"),
            Some("draw accept"),
        ]
        .into_iter()
        .collect(),
        sent: sent.clone(),
    };
    let mut seat = engine_seat::EngineSeat::over(Box::new(link), "script");
    let start = SeatStart::red(&rules);
    seat.start(&start).unwrap();
    let game = Game::new(rules.clone(), Start::random(&rules, 1)).unwrap();
    let red = game.view(Viewer::Side(Seat::Red));
    let clock = Clock {
        turn: Some(Duration::from_millis(1)),
        left: None,
    };
    assert!(matches!(
        seat.choose(&red, &clock),
        Err(SeatFailure::Hung(_))
    ));
    seat.timed_out(Seat::Red, 1, &red);
    let b6 = Turn::parse("b6-b7", red.board()).unwrap();
    assert_eq!(seat.choose(&red, &clock), Ok(Reply::Turn(b6)));
    // Timed out again before it answered the first timeout: only the last one's answer ends
    // the late lines; another side's timeout asks nothing.
    assert!(matches!(
        seat.choose(&red, &clock),
        Err(SeatFailure::Hung(_))
    ));
    seat.timed_out(Seat::Red, 2, &red);
    seat.timed_out(Seat::Blue, 1, &red);
    assert_eq!(seat.draw_offered(Seat::Blue, &red), Ok(true));
    let sent = sent.lock().unwrap();
    let timeouts: Vec<&String> = sent.iter().filter(|l| l.starts_with("timeout")).collect();
    assert_eq!(
        timeouts,
        ["timeout red 1", "timeout red 2", "timeout blue 1"]
    );
}

/// Flip mode before the colours are decided: no side can lose the turn (timeouts are counted by
/// side), so a player past the move clock fails as a seat that gave no answer.
#[test]
fn past_the_clock_before_the_colours_the_player_fails() {
    let clock = ManualClock::default();
    let rules = clocked(Mode::Flip, 1);
    let mut first = Sleeper::new(&rules, vec![0], &clock);
    first.hangs = true;
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (Chair::Player(1), Box::new(first)),
        (
            Chair::Player(2),
            Box::new(Sleeper::new(&rules, vec![], &clock)),
        ),
    ];
    let deal = Deal::Start(Start::FlipDeal { seed: 3 });
    let mut t = Table::open(&rules, seats, &[1, 2], deal, Limits::default()).unwrap();
    t.clock_second(Duration::from_millis(10));
    t.stopwatch(Box::new(clock.clone()));
    let end = t.play_out();
    assert!(matches!(end.forfeit, Some((0, SeatFailure::Hung(_)))));
    assert!(t.game().record().actions.is_empty());
}

/// A seat that answers through `poll` only: no answer for its first `pending` polls of each
/// turn (the clock moving `tick` at each), then the random player's turn.
struct Later {
    brain: Box<dyn SeatDriver>,
    pending: usize,
    polls: usize,
    clock: ManualClock,
    tick: Duration,
}

impl SeatDriver for Later {
    fn name(&self) -> String {
        "later".into()
    }
    fn start(&mut self, s: &SeatStart<'_>) -> Result<(), SeatFailure> {
        self.brain.start(s)
    }
    fn choose(&mut self, _: &View, _: &Clock) -> Result<Reply, SeatFailure> {
        panic!("a seat that answers through poll is never made to wait");
    }
    fn poll(&mut self, view: &View, clock: &Clock) -> Poll<Result<Reply, SeatFailure>> {
        self.clock.advance(self.tick);
        self.polls += 1;
        if self.polls <= self.pending {
            return Poll::Pending;
        }
        self.polls = 0;
        Poll::Ready(self.brain.choose(view, clock))
    }
    fn refused(&mut self, turn: Turn, why: &IllegalTurn) {
        self.brain.refused(turn, why);
    }
    fn observe(&mut self, r: &TurnReport, v: &View) {
        self.brain.observe(r, v);
    }
}

fn later_table(rules: &Rules, pending: usize, tick: Duration, clock: &ManualClock) -> Table {
    let later = Later {
        brain: brain("random"),
        pending,
        polls: 0,
        clock: clock.clone(),
        tick,
    };
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (Chair::Side(Seat::Red), Box::new(later)),
        (Chair::Side(Seat::Blue), brain("random")),
    ];
    let mut t = Table::open(
        rules,
        seats,
        &[1, 2],
        formations(rules, 8, 2),
        Limits::default(),
    )
    .unwrap();
    t.stopwatch(Box::new(clock.clone()));
    t
}

/// The table is driven one poll at a time: a seat with no answer yet leaves the game as it is
/// (`Waiting`), and its answer is played at the poll that gets it; its thinking time is the
/// time from the first ask to the answer.
#[test]
fn a_seat_that_answers_later_is_polled_without_waiting() {
    let clock = ManualClock::default();
    let rules = Rules::for_mode(Mode::Hidden);
    let mut t = later_table(&rules, 2, Duration::from_millis(5), &clock);
    assert!(matches!(t.poll(), Polled::Waiting(0)));
    assert!(matches!(t.poll(), Polled::Waiting(0)));
    assert_eq!(t.game().plies().len(), 0);
    assert!(matches!(t.poll(), Polled::Moved));
    assert_eq!(t.game().plies().len(), 1);
    assert_eq!(t.times()[0], [15.0]);
    // Blue answers at once; then Red is polled again from the start of its turn.
    assert!(matches!(t.poll(), Polled::Moved));
    assert!(matches!(t.poll(), Polled::Waiting(0)));
    // `step` waits for the answer and plays it.
    assert!(t.step().is_none());
    assert_eq!(t.game().plies().len(), 3);
}

/// The move clock runs while a seat has no answer: past it (and its grace) the seat loses the
/// turn at the next poll and the game goes on, as for a seat that answered too late.
#[test]
fn a_seat_with_no_answer_loses_its_turn_to_the_move_clock() {
    let clock = ManualClock::default();
    let rules = clocked(Mode::Hidden, 1);
    let mut t = later_table(&rules, usize::MAX, Duration::from_millis(4), &clock);
    t.clock_second(Duration::from_millis(20));
    let mut polls = 0;
    while matches!(t.poll(), Polled::Waiting(0)) {
        polls += 1;
        assert!(polls < 100, "the clock never ran out");
    }
    // 20 ms and a quarter of a second's grace (5 ms): the seventh 4 ms tick (28 ms) is past it.
    assert_eq!(polls, 6);
    assert_eq!(t.game().timeouts(Seat::Red), 1);
    assert_eq!(t.game().plies().len(), 1);
    assert!(!t.game().status().is_over());
}
