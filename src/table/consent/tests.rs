use super::*;
use crate::engine::rng::SplitMix64;
use crate::engine::{EndReason, Mode};
use crate::table::desk::{Asked, Desk, Told};

/// A hidden game between desks (two or four), the first seat to move, with `resign` as the
/// table's source of resignations made out of turn.
fn desks(
    n: usize,
) -> (
    Table,
    Vec<Desk>,
    std::sync::Arc<std::sync::Mutex<Vec<usize>>>,
) {
    let rules = Rules::for_mode(Mode::Hidden);
    let board = if n == 4 {
        crate::engine::Board::four_player()
    } else {
        crate::engine::Board::two_player()
    };
    let mut rng = SplitMix64::new(9);
    let deal = Deal::Formations(
        (0..n)
            .map(|_| Some(Formation::random(&mut rng, &rules)))
            .collect(),
    );
    let desks: Vec<Desk> = (0..n).map(|_| Desk::new()).collect();
    let seats = (board.seats.iter().zip(&desks))
        .map(|(&s, d)| {
            let seat: Box<dyn SeatDriver> = Box::new(d.seat(s.en()));
            (Chair::Side(s), seat)
        })
        .collect();
    let mut t = Table::open(&rules, seats, &[], deal, Limits::default()).unwrap();
    let resigned = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let source = resigned.clone();
    t.resignations(Box::new(move || {
        std::mem::take(&mut *source.lock().unwrap())
    }));
    (t, desks, resigned)
}

/// Seat `k`, asked for its turn, plays its first legal turn.
fn play(t: &mut Table, desks: &[Desk], k: usize) {
    assert!(matches!(t.poll(), Polled::Waiting(j) if j == k));
    let turn = t.game().position().legal_turns(t.game().rules())[0];
    desks[k].reply(Reply::Turn(turn)).unwrap();
    assert!(matches!(t.poll(), Polled::Moved));
}

fn saved(t: &mut Table) -> std::sync::Arc<std::sync::Mutex<usize>> {
    let saves = std::sync::Arc::new(std::sync::Mutex::new(0));
    let count = saves.clone();
    t.on_turn(Box::new(move |_| *count.lock().unwrap() += 1));
    saves
}

/// The side that just moved takes its turn back while the next side is asked for its own:
/// only with every player's consent, kept as `Action::Takeback`, saved, and every desk told;
/// the table then asks the asker for its turn again.
#[test]
fn a_takeback_out_of_turn_needs_every_player_and_asks_the_asker_again() {
    let (mut t, desks, _) = desks(2);
    play(&mut t, &desks, 0);
    let saves = saved(&mut t);
    for d in &desks {
        d.take_told();
    }
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    assert_eq!(desks[1].asked(), Some(Asked::Turn));
    assert_eq!(
        t.take_back_agreed(0, 1, &[0]),
        Err(ConsentRefused::NotAgreed(vec![1]))
    );
    assert_eq!(t.game().plies().len(), 1);
    let done = t.take_back_agreed(0, 1, &[1, 0]).unwrap();
    assert_eq!((done.by, done.turns), (Seat::Red, 1));
    assert!(matches!(done.actions.as_slice(), [Action::Turn(_)]));
    assert!(t.game().plies().is_empty());
    assert_eq!(
        t.game().record().actions.last(),
        Some(&Action::Takeback {
            by: Seat::Red,
            turns: 1
        })
    );
    assert_eq!(*saves.lock().unwrap(), 1);
    for d in &desks {
        let told = d.take_told();
        let back = Told::TakenBack {
            by: Seat::Red,
            turns: 1,
        };
        assert_eq!(told, vec![back]);
    }
    assert_eq!(desks[1].asked(), None, "Blue's question is settled");
    assert!(matches!(t.poll(), Polled::Waiting(0)));
    assert_eq!(desks[0].asked(), Some(Asked::Turn));
}

/// Nothing standing to take back, a seat the table does not have, and a game that is over:
/// nothing is taken back.
#[test]
fn a_takeback_needs_actions_standing_and_a_game_going_on() {
    let (mut t, desks, resigned) = desks(2);
    let all = [0, 1];
    assert_eq!(
        t.take_back_agreed(1, 1, &all),
        Err(ConsentRefused::NothingToTakeBack)
    );
    play(&mut t, &desks, 0);
    for none in [0, 2] {
        assert_eq!(
            t.take_back_agreed(0, none, &all),
            Err(ConsentRefused::NothingToTakeBack)
        );
    }
    assert_eq!(
        t.take_back_agreed(2, 1, &all),
        Err(ConsentRefused::NoSuchSeat(2))
    );
    resigned.lock().unwrap().push(1);
    assert!(matches!(t.poll(), Polled::Over(_)));
    assert_eq!(
        t.take_back_agreed(0, 1, &all),
        Err(ConsentRefused::Over(true))
    );
    assert_eq!(t.game().plies().len(), 1);
}

/// Four players: a player who went out has no say in a takeback, and cannot ask one.
#[test]
fn four_players_a_seat_out_has_no_say_in_a_takeback() {
    let (mut t, desks, resigned) = desks(4);
    resigned.lock().unwrap().push(2);
    play(&mut t, &desks, 0);
    assert!(!t.game().seats_in().contains(&Seat::North));
    assert_eq!(
        t.take_back_agreed(0, 1, &[0, 1]),
        Err(ConsentRefused::NotAgreed(vec![3]))
    );
    assert_eq!(
        t.take_back_agreed(2, 1, &[0, 1, 2, 3]),
        Err(ConsentRefused::NoSuchSeat(2))
    );
    let done = t.take_back_agreed(0, 1, &[0, 1, 3]).unwrap();
    assert_eq!((done.by, done.turns), (Seat::South, 1));
    assert!(t.game().plies().is_empty());
    assert!(!t.game().seats_in().contains(&Seat::North), "still out");
}

/// Four players: the last action may be a resignation after the last turn. Taking back one
/// action brings the player back and keeps the turn; the asker's own last turn is further back
/// (`takeback_of`), and taking back that far takes the resignation with it.
#[test]
fn four_players_the_last_action_taken_back_may_be_a_resignation() {
    // South plays, then East resigns on its turn.
    let played_and_resigned = || {
        let (mut t, desks, resigned) = desks(4);
        play(&mut t, &desks, 0);
        assert!(matches!(t.poll(), Polled::Waiting(1)));
        resigned.lock().unwrap().push(1);
        assert!(matches!(t.poll(), Polled::Waiting(2)));
        assert!(!t.game().seats_in().contains(&Seat::East));
        t
    };
    let all = [0, 1, 2, 3];
    let mut t = played_and_resigned();
    let done = t.take_back_agreed(0, 1, &all).unwrap();
    assert_eq!(done.actions, vec![Action::Resign(Seat::East)]);
    assert_eq!(done.turns, 0);
    assert!(t.game().seats_in().contains(&Seat::East));
    assert_eq!(t.game().plies().len(), 1);
    assert!(matches!(t.poll(), Polled::Waiting(1)));

    let mut t = played_and_resigned();
    assert_eq!(t.takeback_of(0), Some((2, 1)));
    let done = t.take_back_agreed(0, 2, &all).unwrap();
    assert_eq!(done.turns, 1);
    assert!(matches!(
        done.actions.as_slice(),
        [Action::Turn(_), Action::Resign(Seat::East)]
    ));
    assert!(t.game().plies().is_empty());
    assert!(t.game().seats_in().contains(&Seat::East));
    assert!(matches!(t.poll(), Polled::Waiting(0)));
}

/// A resignation reopened with everyone's consent: the resignation goes, the record says every
/// piece was seen, every desk is shown the game again, and the resigner is asked for its turn.
#[test]
fn a_resignation_is_reopened_with_everyones_consent() {
    let (mut t, desks, resigned) = desks(2);
    assert_eq!(t.reopen_agreed(&[0, 1]), Err(ConsentRefused::Over(false)));
    play(&mut t, &desks, 0);
    resigned.lock().unwrap().push(1);
    let Polled::Over(end) = t.poll() else {
        panic!("Blue resigned")
    };
    let status = Status::Won(Seat::Red.team(), EndReason::Resignation);
    assert_eq!(end.status, status);
    assert_eq!(
        t.reopen_agreed(&[1]),
        Err(ConsentRefused::NotAgreed(vec![0]))
    );
    assert!(t.game().status().is_over());
    assert!(!t.game().record().referee_view_used());
    let saves = saved(&mut t);
    let back = t.reopen_agreed(&[0, 1]).unwrap();
    assert_eq!(back.status, status);
    assert_eq!(back.actions, vec![Action::Resign(Seat::Blue)]);
    assert!(!t.game().status().is_over());
    assert_eq!(t.game().plies().len(), 1);
    assert!(t.game().record().referee_view_used());
    assert_eq!(*saves.lock().unwrap(), 1);
    let shown = desks[1].view().map(|v| v.notation());
    assert_eq!(
        shown,
        Some(t.game().view(Viewer::Side(Seat::Blue)).notation())
    );
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    assert_eq!(desks[1].asked(), Some(Asked::Turn));
}

/// Four players: an agreed draw is an offer and three acceptances; reopening takes them all
/// back, and no offer is left open.
#[test]
fn four_players_a_reopened_draw_takes_the_offer_and_every_acceptance() {
    let (mut t, desks, _) = desks(4);
    play(&mut t, &desks, 0);
    assert!(matches!(t.poll(), Polled::Waiting(1)));
    desks[1].reply(Reply::OfferDraw).unwrap();
    let mut polls = 0;
    let end = loop {
        match t.poll() {
            Polled::Waiting(j) => desks[j].answer(true).unwrap(),
            Polled::Over(end) => break end,
            p => panic!("{p:?}"),
        }
        polls += 1;
        assert!(polls < 8, "the draw went round the seats");
    };
    assert_eq!(end.status, Status::Draw(EndReason::Agreement));
    let back = t.reopen_agreed(&[0, 1, 2, 3]).unwrap();
    assert_eq!(back.actions.len(), 4);
    assert_eq!(back.actions[0], Action::OfferDraw(Seat::East));
    assert!(
        back.actions[1..]
            .iter()
            .all(|a| matches!(a, Action::AcceptDraw(_)))
    );
    assert!(!t.game().status().is_over());
    assert_eq!(t.game().draw_offer(), None);
    assert_eq!(t.game().plies().len(), 1);
    assert!(matches!(t.poll(), Polled::Waiting(1)));
}
