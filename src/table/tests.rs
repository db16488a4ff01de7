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
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (
            Chair::Side(Seat::Red),
            Box::new(Script::new(vec![Ok(Reply::Turn(bad))])),
        ),
        (Chair::Side(Seat::Blue), brain("random")),
    ];
    let mut t = Table::open(
        &rules,
        seats,
        &[1, 2],
        formations(&rules, 1, 2),
        Limits::default(),
    )
    .unwrap();
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
        let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
            (Chair::Side(Seat::Red), Box::new(red)),
            (Chair::Side(Seat::Blue), Box::new(blue)),
        ];
        let mut t = Table::open(
            &rules,
            seats,
            &[1, 2],
            formations(&rules, 2, 2),
            Limits::default(),
        )
        .unwrap();
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
    assert!(matches!(end.forfeit, Some((0, SeatFailure::Reported(_)))));
}

/// A seat over its time for the whole game loses on the turn that overran it.
#[test]
fn a_seat_over_its_game_time_loses() {
    struct Slow;
    impl SeatDriver for Slow {
        fn name(&self) -> String {
            "slow".into()
        }
        fn start(&mut self, _: &SeatStart<'_>) -> Result<(), SeatFailure> {
            Ok(())
        }
        fn choose(&mut self, view: &View, _: &Clock) -> Result<Reply, SeatFailure> {
            std::thread::sleep(Duration::from_millis(30));
            let rules = Rules::default();
            Ok(Reply::Turn(view.candidate_turns(&rules)[0]))
        }
        fn refused(&mut self, _: Turn, _: &IllegalTurn) {}
        fn observe(&mut self, _: &TurnReport, _: &View) {}
    }
    let rules = Rules::default();
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (Chair::Side(Seat::Red), Box::new(Slow)),
        (Chair::Side(Seat::Blue), brain("random")),
    ];
    let limits = Limits {
        turn_time: None,
        game_time: Some(Duration::from_millis(10)),
    };
    let mut t = Table::open(&rules, seats, &[1, 2], formations(&rules, 4, 2), limits).unwrap();
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
    assert!(matches!(end.forfeit, Some((0, SeatFailure::Reported(_)))));
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
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (Chair::Side(Seat::Red), Taker::boxed(Some(2), false, &log)),
        (
            Chair::Side(Seat::Blue),
            Box::new(Fails(Brain::from_spec("random").unwrap())),
        ),
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
    assert_eq!(
        end.status,
        Status::Won(Seat::Red.team(), EndReason::Resignation)
    );
    assert!(matches!(end.forfeit, Some((1, SeatFailure::Crashed(_)))));
    assert_eq!(*log.lock().unwrap(), ["declined"]);
    assert_eq!(t.game().plies().len(), 2);
}
