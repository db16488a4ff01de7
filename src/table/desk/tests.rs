use super::*;
use crate::engine::rng::SplitMix64;
use crate::engine::{EndReason, Mode, Start};

/// A game of `mode` between two desks, Red to move.
pub(crate) fn two_desks(mode: Mode) -> (Table, Desk, Desk) {
    let rules = Rules::for_mode(mode);
    let (red, blue) = (Desk::new(), Desk::new());
    let deal = if mode.shows_everything() {
        Deal::Start(Start::random(&rules, 4))
    } else {
        let mut rng = SplitMix64::new(5);
        Deal::Formations(
            (0..2)
                .map(|_| Some(Formation::random(&mut rng, &rules)))
                .collect(),
        )
    };
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (Chair::Side(Seat::Red), Box::new(red.seat("Red"))),
        (Chair::Side(Seat::Blue), Box::new(blue.seat("Blue"))),
    ];
    let t = Table::open(&rules, seats, &[1, 2], deal, Limits::default()).unwrap();
    (t, red, blue)
}

fn a_legal_turn(t: &Table) -> Turn {
    t.game().position().legal_turns(t.game().rules())[0]
}

/// The table waits for the person's turn, plays it at the next poll and tells both desks; an
/// answer out of turn is not taken.
#[test]
fn a_turn_put_on_the_desk_is_played_at_the_next_poll() {
    let (mut t, red, blue) = two_desks(Mode::Hidden);
    assert_eq!(red.asked(), None, "nothing is asked before the table polls");
    assert!(matches!(t.poll(), Polled::Waiting(0)));
    assert!(matches!(t.poll(), Polled::Waiting(0)));
    assert_eq!(red.asked(), Some(Asked::Turn));
    assert_eq!(blue.reply(Reply::Resign), Err(NotAsked::Now(None)));
    let turn = a_legal_turn(&t);
    red.reply(Reply::Turn(turn)).unwrap();
    assert_eq!(red.reply(Reply::Resign), Err(NotAsked::Answered));
    assert!(matches!(t.poll(), Polled::Moved));
    assert_eq!(t.game().plies().len(), 1);
    assert_eq!(red.asked(), None);
    for desk in [&red, &blue] {
        let told = desk.take_told();
        assert!(matches!(told.as_slice(), [Told::Played(_)]), "{told:?}");
        assert!(desk.take_told().is_empty(), "each is told once");
    }
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    assert_eq!(blue.asked(), Some(Asked::Turn));
    assert_eq!(red.reply(Reply::Resign), Err(NotAsked::Now(None)));
}

/// A draw offer waits for the other desk's answer, asked of it as a question; "yes" ends the
/// game, and an answer given when nothing is asked is refused.
#[test]
fn a_draw_offer_waits_for_the_other_desk() {
    let (mut t, red, blue) = two_desks(Mode::Hidden);
    assert_eq!(blue.answer(true), Err(NotAsked::Now(None)));
    assert!(matches!(t.poll(), Polled::Waiting(0)));
    red.reply(Reply::OfferDraw).unwrap();
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    assert_eq!(blue.asked(), Some(Asked::Draw { by: Seat::Red }));
    blue.answer(true).unwrap();
    assert_eq!(blue.answer(false), Err(NotAsked::Answered));
    let Polled::Over(end) = t.poll() else {
        panic!("the draw was agreed");
    };
    assert_eq!(end.status, Status::Draw(EndReason::Agreement));
    for desk in [&red, &blue] {
        assert!(
            desk.take_told()
                .contains(&Told::Finished(Status::Draw(EndReason::Agreement)))
        );
    }
}

/// A declined offer: the asker is asked for its turn again.
#[test]
fn a_declined_draw_offer_gives_the_turn_back() {
    let (mut t, red, blue) = two_desks(Mode::Hidden);
    assert!(matches!(t.poll(), Polled::Waiting(0)));
    red.reply(Reply::OfferDraw).unwrap();
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    blue.answer(false).unwrap();
    assert!(matches!(t.poll(), Polled::Again));
    assert!(matches!(t.poll(), Polled::Waiting(0)));
    assert_eq!(red.asked(), Some(Asked::Turn));
    assert!(!t.game().status().is_over());
}

/// A table driven by `step` on a thread of its own waits for the desk (a person elsewhere),
/// and a clock's limit bounds the wait.
#[test]
fn a_desk_can_be_waited_for_within_the_clock() {
    let (t, red, _blue) = two_desks(Mode::Hidden);
    let turn = a_legal_turn(&t);
    let view = t.game().view(Viewer::Side(Seat::Red));
    let mut seat = red.seat("Red");
    let person = {
        let red = red.clone();
        std::thread::spawn(move || {
            // Bounded in count: the seat asks within a few milliseconds.
            for _ in 0..10_000 {
                if red.reply(Reply::Turn(turn)).is_ok() {
                    return true;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            false
        })
    };
    let patient = Clock {
        turn: Some(Duration::from_secs(600)),
        left: None,
    };
    assert_eq!(seat.choose(&view, &patient), Ok(Reply::Turn(turn)));
    assert!(person.join().unwrap());
    let short = Clock {
        turn: Some(Duration::from_millis(5)),
        left: None,
    };
    assert!(matches!(
        seat.choose(&view, &short),
        Err(SeatFailure::Hung(_))
    ));
}

/// A game saved while a draw offer went round is resumed with the offer put again to the seats
/// that have not answered it, before any turn.
#[test]
fn a_resumed_game_puts_an_open_draw_offer_again() {
    let (t, _, _) = two_desks(Mode::Hidden);
    let mut game = t.into_game();
    game.act(Action::OfferDraw(Seat::Red)).unwrap();
    let (red, blue) = (Desk::new(), Desk::new());
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (Chair::Side(Seat::Red), Box::new(red.seat("Red"))),
        (Chair::Side(Seat::Blue), Box::new(blue.seat("Blue"))),
    ];
    let mut t = Table::resume(game, seats, &[1, 2], Limits::default()).unwrap();
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    assert_eq!(blue.asked(), Some(Asked::Draw { by: Seat::Red }));
    assert_eq!(red.asked(), None);
    blue.answer(true).unwrap();
    let Polled::Over(end) = t.poll() else {
        panic!("the draw was not made")
    };
    assert_eq!(end.status, Status::Draw(EndReason::Agreement));
}
