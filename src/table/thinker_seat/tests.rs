use super::*;
use crate::engine::{Chair, Formation, Game, Mode, Start};
use crate::table::{Deal, Limits, Polled, Table};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

/// What the test sees of its players: how many were made, and what each was told.
#[derive(Default)]
struct Seen {
    made: usize,
    /// The plies after each report the latest player was told, in order.
    told: Vec<u32>,
    /// How many thoughts were let go.
    answered: usize,
}

/// A player that thinks until the test lets it answer (one `go` a turn), then plays its first
/// candidate turn, or gives none when told so.
struct Gated {
    go: Arc<Mutex<Receiver<bool>>>,
    seen: Arc<Mutex<Seen>>,
}

use std::sync::Mutex;

impl Player for Gated {
    fn name(&self) -> &'static str {
        "gated"
    }
    fn choose(&mut self, view: &View, rules: &Rules, _: &mut SplitMix64) -> Option<Turn> {
        let play = self.go.lock().unwrap().recv().unwrap_or(false);
        self.seen.lock().unwrap().answered += 1;
        play.then(|| view.candidate_turns(rules).first().copied())
            .flatten()
    }
    fn refused(&mut self, _: Turn) {}
    fn observe(&mut self, _: &TurnReport, after: &View) {
        self.seen.lock().unwrap().told.push(after.ply());
    }
}

/// A thinker seat of gated players, the sender that lets them answer, and what they saw.
fn gated(news: Option<EngineNews>) -> (ThinkerSeat, Sender<bool>, Arc<Mutex<Seen>>) {
    let (tx, rx) = channel();
    let go = Arc::new(Mutex::new(rx));
    let seen = Arc::new(Mutex::new(Seen::default()));
    let (go2, seen2) = (go.clone(), seen.clone());
    let make: MakePlayer = Box::new(move |_| {
        let mut s = seen2.lock().unwrap();
        s.made += 1;
        s.told.clear();
        Some(Box::new(Gated {
            go: go2.clone(),
            seen: seen2.clone(),
        }) as Box<dyn Player>)
    });
    let mut seat = ThinkerSeat::new("gated", make);
    if let Some(news) = news {
        seat = seat.with_news(news);
    }
    (seat, tx, seen)
}

fn table(mode: Mode, red: Box<dyn SeatDriver>, blue: Box<dyn SeatDriver>) -> Table {
    let rules = Rules::for_mode(mode);
    let chairs = if mode.deals_face_down() {
        [Chair::Player(1), Chair::Player(2)]
    } else {
        [Chair::Side(Seat::Red), Chair::Side(Seat::Blue)]
    };
    let deal = if mode.deals_face_down() {
        Deal::Start(Start::random(&rules, 9))
    } else {
        let mut rng = SplitMix64::new(9);
        Deal::Formations(
            (0..2)
                .map(|_| Some(Formation::random(&mut rng, &rules)))
                .collect(),
        )
    };
    let seats = vec![(chairs[0], red), (chairs[1], blue)];
    Table::open(&rules, seats, &[1, 2], deal, Limits::default()).unwrap()
}

/// Poll until the table does something other than wait for `k` (a bound only a hang reaches).
fn poll_past(t: &mut Table, k: usize) -> Polled {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        match t.poll() {
            Polled::Waiting(j) if j == k => {
                assert!(Instant::now() < deadline, "seat {k} never answered");
                std::thread::sleep(Duration::from_millis(1));
            }
            other => return other,
        }
    }
}

/// The seat thinks on its own thread: the table waits (`Waiting`) while it thinks, however
/// often it is polled, and plays its turn once the thought is over.
#[test]
fn the_table_waits_while_the_seat_thinks() {
    let (red, red_go, _) = gated(None);
    let red_link = red.link();
    let (blue, blue_go, blue_seen) = gated(None);
    let mut t = table(Mode::Hidden, Box::new(red), Box::new(blue));
    for _ in 0..20 {
        assert!(matches!(t.poll(), Polled::Waiting(0)));
    }
    assert!(red_link.is_thinking());
    assert!(t.game().plies().is_empty());
    red_go.send(true).unwrap();
    assert!(matches!(poll_past(&mut t, 0), Polled::Moved));
    assert!(!red_link.is_thinking());
    assert_eq!(t.game().plies().len(), 1);
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    blue_go.send(true).unwrap();
    assert!(matches!(poll_past(&mut t, 1), Polled::Moved));
    assert_eq!(t.game().plies().len(), 2);
    // Blue's player was made once and told both turns.
    let s = blue_seen.lock().unwrap();
    assert_eq!((s.made, s.told.as_slice()), (1, &[1, 2][..]));
}

/// After a takeback the thought under way is dropped, and a fresh player is told the game up
/// to the position now before it thinks again.
#[test]
fn a_takeback_gives_a_fresh_player_told_the_game_so_far() {
    let rules = Rules::for_mode(Mode::Open);
    let mut g = Game::new(rules.clone(), Start::random(&rules, 4)).unwrap();
    let (mut seat, go, seen) = gated(None);
    let start = SeatStart::red(&rules);
    seat.start(&start).unwrap();
    let red = |g: &Game| g.view(crate::engine::Viewer::Side(Seat::Red));
    seat.begin(&red(&g)).unwrap();
    for _ in 0..4 {
        let turn = g.position().legal_turns(g.rules())[0];
        let report = g.play(turn).unwrap().report.clone().unwrap();
        seat.observe(&report, &red(&g));
    }
    let clock = Clock::default();
    assert!(seat.poll(&red(&g), &clock).is_pending());
    assert!(seat.link().is_thinking());
    assert_eq!(seen.lock().unwrap().made, 1);
    assert_eq!(seen.lock().unwrap().told, [1, 2, 3, 4]);
    // Two turns taken back: the thought is dropped (its player let go unanswered).
    crate::table::turns::take_back(&mut g, Seat::Red, 2).unwrap();
    assert_eq!(g.plies().len(), 2);
    seat.taken_back(Seat::Red, 2, &red(&g));
    assert!(!seat.link().is_thinking());
    go.send(false).unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while seen.lock().unwrap().answered == 0 {
        assert!(Instant::now() < deadline, "the dropped thought never ended");
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(seat.poll(&red(&g), &clock).is_pending());
    assert_eq!(seen.lock().unwrap().made, 2);
    assert_eq!(
        seen.lock().unwrap().told,
        [1, 2],
        "told the game up to the position now"
    );
    go.send(true).unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    let reply = loop {
        if let Poll::Ready(r) = seat.poll(&red(&g), &clock) {
            break r;
        }
        assert!(Instant::now() < deadline, "no answer");
        std::thread::sleep(Duration::from_millis(1));
    };
    let Ok(Reply::Turn(turn)) = reply else {
        panic!("a turn: {reply:?}")
    };
    assert!(g.position().check_turn(g.rules(), turn).is_ok());
    // Fresh players on the screen's request, told the game again.
    seat.link().renew();
    assert!(seat.poll(&red(&g), &clock).is_pending());
    assert_eq!(seen.lock().unwrap().made, 3);
}

/// An outside engine that stops: a resignation resigns its side; a failure fails the seat
/// with the reason its news gives; asked again after it stopped, it has no answer, so a flip
/// game before the colours are decided waits.
#[test]
fn an_engine_that_stops_resigns_or_fails_and_is_not_asked_again() {
    let news = EngineNews::default();
    let (red, red_go, _) = gated(Some(news.clone()));
    let (blue, _blue_go, _) = gated(None);
    let mut t = table(Mode::Hidden, Box::new(red), Box::new(blue));
    news.set_stop(EngineStop::Resigned);
    red_go.send(false).unwrap();
    let Polled::Over(end) = poll_past(&mut t, 0) else {
        panic!("a resignation ends a two-player game")
    };
    assert!(matches!(end.status, Status::Won(team, _) if team == crate::engine::Team::Blue));

    let news = EngineNews::default();
    let (red, red_go, _) = gated(Some(news.clone()));
    let (blue, _blue_go, _) = gated(None);
    let mut t = table(Mode::Flip, Box::new(red), Box::new(blue));
    news.set_stop(EngineStop::Failed(SeatFailure::Crashed("exit 1".into())));
    red_go.send(false).unwrap();
    let Polled::Over(end) = poll_past(&mut t, 0) else {
        panic!("a failure before the colours stops the game")
    };
    assert!(!end.status.is_over());
    assert!(matches!(end.forfeit, Some((0, SeatFailure::Crashed(_)))));
    for _ in 0..10 {
        assert!(matches!(t.poll(), Polled::Waiting(0)), "the game waits");
    }
}

/// A seat whose maker cannot make a player yet (an engine whose command is not chosen) has no
/// answer: the table waits for it, and it plays once a player can be made.
#[test]
fn a_seat_without_a_player_yet_waits() {
    let ready = Arc::new(AtomicBool::new(false));
    let ready2 = ready.clone();
    let make: MakePlayer = Box::new(move |_| {
        let spec = crate::ai::PlayerSpec::parse("random").unwrap();
        ready2.load(Ordering::SeqCst).then(|| spec.player())
    });
    let red = ThinkerSeat::new("later", make);
    let link = red.link();
    let (blue, _blue_go, _) = gated(None);
    let mut t = table(Mode::Hidden, Box::new(red), Box::new(blue));
    for _ in 0..10 {
        assert!(matches!(t.poll(), Polled::Waiting(0)));
        assert!(!link.is_thinking());
    }
    ready.store(true, Ordering::SeqCst);
    assert!(matches!(poll_past(&mut t, 0), Polled::Moved));
}

/// Asked to wait for its turn (`choose`), the seat gives it when its thought is over, and
/// fails rather than wait for ever when no player can be made.
#[test]
fn choose_waits_for_the_thought_or_fails() {
    let rules = Rules::for_mode(Mode::Hidden);
    let g = Game::new(rules.clone(), Start::random(&rules, 4)).unwrap();
    let view = g.view(crate::engine::Viewer::Side(Seat::Red));
    let start = SeatStart::red(&rules);
    let make: MakePlayer =
        Box::new(|_| Some(crate::ai::PlayerSpec::parse("random").unwrap().player()));
    let mut seat = ThinkerSeat::new("random", make);
    seat.start(&start).unwrap();
    let Ok(Reply::Turn(turn)) = seat.choose(&view, &Clock::default()) else {
        panic!("a turn")
    };
    assert!(g.position().check_turn(g.rules(), turn).is_ok());
    let never: MakePlayer = Box::new(|_| None);
    let mut seat = ThinkerSeat::new("never", never);
    seat.start(&start).unwrap();
    assert_eq!(
        seat.choose(&view, &Clock::default()),
        Err(SeatFailure::NoTurn)
    );
}
