use super::*;
use crate::engine::{Mode, Start};
use crate::table::desk::tests::two_desks;
use crate::table::desk::{Asked, Desk, Told};

/// The desk to move plays a quiet legal turn (no attack) through the table.
fn play(t: &mut Table, desks: [&Desk; 2]) {
    let k = t.seat_to_move().unwrap();
    assert!(matches!(t.poll(), Polled::Waiting(j) if j == k));
    let g = t.game();
    let turn = (g.position().legal_turns(g.rules()).into_iter())
        .find(|&tn| match tn {
            Turn::Move { to, .. } => g.position().at(to).is_none(),
            Turn::Flip(_) => true,
        })
        .unwrap();
    desks[k].reply(Reply::Turn(turn)).unwrap();
    assert!(matches!(t.poll(), Polled::Moved));
    for d in desks {
        d.take_told();
    }
}

fn red_to_move(g: &Game) -> bool {
    g.position().side_to_move() == Some(Seat::Red)
}

/// Plain undo goes back to the first position asked for, keeps what it undid for redo and
/// tells every seat; redo plays it again, told as turns; the redo list is gone once the game
/// moves on otherwise.
#[test]
fn undo_and_redo_tell_every_seat() {
    let (mut t, red, blue) = two_desks(Mode::Open);
    for _ in 0..3 {
        play(&mut t, [&red, &blue]);
    }
    // Blue is asked for its turn; an undo back to Red's turn drops the question.
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    assert_eq!(t.undo_until(red_to_move), 1);
    assert_eq!(t.game().plies().len(), 2);
    assert_eq!(t.redo_list().len(), 1);
    for d in [&red, &blue] {
        assert_eq!(d.take_told(), [Told::Rewound]);
        assert_eq!(d.view().map(|v| v.ply()), Some(2));
    }
    assert!(matches!(t.poll(), Polled::Waiting(0)));
    assert_eq!(t.redo_until(|_| true), Ok(1));
    assert_eq!(t.game().plies().len(), 3);
    assert!(t.redo_list().is_empty());
    for d in [&red, &blue] {
        assert!(matches!(d.take_told().as_slice(), [Told::Played(_)]));
    }
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    // Undone, then another turn played: nothing is left to redo.
    t.undo_until(|_| true);
    assert_eq!(t.redo_list().len(), 1);
    play(&mut t, [&red, &blue]);
    assert!(t.redo_list().is_empty());
    assert_eq!(t.redo_until(|_| true), Ok(0));
}

/// A takeback without a question goes through the gate into the record, back to the position
/// asked for, and every seat is told.
#[test]
fn a_takeback_without_a_question_is_recorded_and_told() {
    let (mut t, red, blue) = two_desks(Mode::Hidden);
    for _ in 0..4 {
        play(&mut t, [&red, &blue]);
    }
    let plies = t.game().plies().len();
    let side_to_move = |g: &Game| g.position().side_to_move();
    assert_eq!(side_to_move(t.game()), Some(Seat::Red));
    assert_eq!(t.take_back_until(0, red_to_move), Ok(2));
    assert_eq!(t.game().plies().len(), plies - 2);
    assert_eq!(t.game().takebacks(Seat::Red), 1);
    for d in [&red, &blue] {
        let told = d.take_told();
        assert_eq!(
            told,
            [Told::TakenBack {
                by: Seat::Red,
                turns: 2
            }]
        );
    }
    assert!(matches!(t.poll(), Polled::Waiting(0)));
}

/// The player who moved last asks out of turn: the other is asked, and a yes takes back that
/// turn; a no is told to the asker and the game goes on.
#[test]
fn a_takeback_asked_out_of_turn_goes_round_the_others() {
    let (mut t, red, blue) = two_desks(Mode::Hidden);
    play(&mut t, [&red, &blue]);
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    assert!(matches!(t.ask_takeback_now(0), Polled::Waiting(1)));
    let asked = Asked::Takeback {
        by: Seat::Red,
        turns: 1,
    };
    assert_eq!(blue.asked(), Some(asked));
    blue.answer(false).unwrap();
    assert!(matches!(t.poll(), Polled::Again));
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    assert_eq!(red.take_told(), [Told::TakebackDeclined]);
    assert_eq!(
        blue.asked(),
        Some(Asked::Turn),
        "Blue is asked for its turn again"
    );
    assert!(matches!(t.ask_takeback_now(0), Polled::Waiting(1)));
    blue.answer(true).unwrap();
    assert!(matches!(t.poll(), Polled::Moved));
    assert!(t.game().plies().is_empty());
    assert!(matches!(t.poll(), Polled::Waiting(0)));
}

/// A seat that fails.
struct Broken;

impl SeatDriver for Broken {
    fn name(&self) -> String {
        "broken".into()
    }
    fn start(&mut self, _: &SeatStart<'_>) -> Result<(), SeatFailure> {
        Ok(())
    }
    fn choose(&mut self, _: &View, _: &Clock) -> Result<Reply, SeatFailure> {
        Err(SeatFailure::Crashed("exit status 1".into()))
    }
    fn refused(&mut self, _: Turn, _: &IllegalTurn) {}
    fn observe(&mut self, _: &TurnReport, _: &View) {}
}

/// With `abandon_unplayed`, a seat that fails before it played a turn abandons the game: no
/// result, and the table says who failed and what it did to the game.
#[test]
fn a_seat_that_never_played_abandons_the_game() {
    let rules = Rules::for_mode(Mode::Hidden);
    let blue = Desk::new();
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = vec![
        (Chair::Side(Seat::Red), Box::new(Broken)),
        (Chair::Side(Seat::Blue), Box::new(blue.seat("Blue"))),
    ];
    let deal = Deal::Start(Start::random(&rules, 3));
    let mut t = Table::open(&rules, seats, &[1, 2], deal, Limits::default()).unwrap();
    t.abandon_unplayed(true);
    let Polled::Over(end) = t.poll() else {
        panic!("the failure stops the game")
    };
    assert!(!end.status.is_over(), "abandoned, not lost");
    let (k, why, kind) = t.forfeited().unwrap();
    assert_eq!((k, kind), (0, turns::Forfeit::Abandoned));
    assert!(matches!(why, SeatFailure::Crashed(_)));
    let info = |key: InfoKey| (t.game().record().info.iter()).any(|(k, _)| k == key.as_str());
    assert!(info(InfoKey::Abandoned) && info(InfoKey::Forfeit));
}
