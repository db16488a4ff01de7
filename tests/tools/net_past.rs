//! A seat taken back by a new program, with no notes of its own on its machine: the host sends
//! it the game's history as it told it (`Msg::Past`), so its move list and 记子 are the first
//! program's and the one-screen game's for the same record, its audit of the host passes, and
//! nothing another seat was told is among the lines.

use crate::common::PATIENCE;
use crate::net::{create, join, server_lying};
use junqi::app::remote::game::RemoteGame;
use junqi::engine::{Game, Mode, Rules, Seat};
use junqi::net::audit::Verdict;
use junqi::net::client::{Client, Event, Request};
use junqi::net::wire::{Msg, is_past};
use junqi::protocol::{EngineMsg, HostMsg};
use junqi::table::answerer::builtin_answerer;
use std::time::Instant;

/// The lines of the game's setup, sent again before the history is read (as the window's link
/// holds the history until the setup is over).
fn is_setup(h: &HostMsg) -> bool {
    matches!(
        h,
        HostMsg::Hello(_)
            | HostMsg::SetOption(..)
            | HostMsg::NewGame
            | HostMsg::Rules(_)
            | HostMsg::Seat(_)
            | HostMsg::Seed(_)
            | HostMsg::Time { .. }
    )
}

/// A network screen's game fed `msgs` as the window feeds it, up to (not including) the `go`
/// number `gos` (counted from 1), and the history lines received in `past` messages.
fn screen_of(msgs: &[Msg], gos: usize) -> (RemoteGame, Vec<HostMsg>) {
    let mut g = RemoteGame::default();
    let (mut held, mut past, mut seen) = (Vec::new(), Vec::new(), 0);
    for m in msgs {
        match m {
            Msg::Past(lines) => {
                held.extend(lines.iter().cloned());
                past.extend(lines.iter().cloned());
            }
            Msg::Host(h) => {
                if !held.is_empty() && !is_setup(h) {
                    g.take_past(std::mem::take(&mut held));
                }
                if matches!(h, HostMsg::Go { .. }) {
                    seen += 1;
                    if seen == gos {
                        break;
                    }
                }
                let _ = g.receive(h.clone(), 0.0);
            }
            _ => {}
        }
    }
    (g, past)
}

/// What a move list shows of each turn: the report, the pieces as the seat knew them, the
/// mover and the number.
fn move_list(g: &RemoteGame) -> Vec<String> {
    (g.plies().iter())
        .map(|p| {
            format!(
                "{} {:?} {:?} {:?} {:?} {:?}",
                p.number, p.report, p.attacker, p.defender, p.seat, p.defender_owner
            )
        })
        .collect()
}

#[test]
fn a_seat_taken_back_by_a_new_program_is_told_the_whole_game_again() {
    let h = server_lying(Default::default(), None);
    let rules = Rules::for_mode(Mode::Hidden);
    let red = create(&h, 2, rules.clone());
    let seated = red.seated();
    let blue = join(&red);
    let other = std::thread::spawn(move || {
        let mut answer = builtin_answerer(&"charger".parse().unwrap());
        let r = blue.play(&mut answer, &mut |_| {});
        (
            r.map_err(|e| e.to_string()),
            blue.received(),
            blue.verdict(),
        )
    });
    // Red plays its turns while watching its screen's game, until three clashes were told (or
    // 60 turns), and leaves when next asked to move: nothing more is told while it is away.
    let mut answer = builtin_answerer(&"charger".parse().unwrap());
    let mut gos = 0;
    let until = Instant::now() + PATIENCE;
    loop {
        assert!(Instant::now() < until, "no end of Red's first stretch");
        match red.next_event(PATIENCE) {
            Some(Event::Msg(Msg::Host(m))) => {
                if matches!(m, HostMsg::Go { .. }) {
                    gos += 1;
                    let (g, _) = screen_of(&red.received(), usize::MAX);
                    let clashes = g.plies().iter().filter(|p| p.report.clash.is_some());
                    if clashes.count() >= 3 || gos > 60 {
                        break;
                    }
                }
                for l in answer(&m.line(red.board())).0 {
                    red.answer(EngineMsg::parse(&l).unwrap()).unwrap();
                }
            }
            Some(Event::Closed(why)) => panic!("closed early: {why}"),
            _ => {}
        }
    }
    let first_msgs = red.received();
    red.close();
    let (first, _) = screen_of(&first_msgs, usize::MAX);
    assert!(
        first.plies().iter().any(|p| p.report.clash.is_some()),
        "no clash in {} turns",
        first.plies().len()
    );
    // A new program takes the seat back: nothing of the first one's (no notes, a new audit).
    let back = Client::connect_keeping(
        &Request::Rejoin {
            invite: seated.invite.clone(),
            seat: seated.seat,
            token: seated.token.clone(),
        },
        true,
    )
    .unwrap();
    let mut answer = builtin_answerer(&"charger".parse().unwrap());
    let end = back.play(&mut answer, &mut |_| {}).unwrap();
    assert!(end.is_over());
    let verdict = back.verdict();
    assert!(matches!(verdict, Verdict::Honest { .. }), "{verdict}");
    let (r, blue_msgs, blue_verdict) = other.join().unwrap();
    assert!(r.unwrap().is_over());
    assert!(
        matches!(blue_verdict, Verdict::Honest { .. }),
        "{blue_verdict}"
    );
    // The new program's screen, at the question sent again (its first `go`).
    let back_msgs = back.received();
    let (again, past) = screen_of(&back_msgs, 1);
    // The history is exactly the lines the first connection was told, and Red's only.
    let told: Vec<HostMsg> = (first_msgs.iter())
        .filter_map(|m| match m {
            Msg::Host(h) if is_past(h) => Some(h.clone()),
            _ => None,
        })
        .collect();
    assert!(!told.is_empty());
    assert_eq!(past, told);
    let blue_views: Vec<&HostMsg> = (blue_msgs.iter())
        .filter_map(|m| match m {
            Msg::Host(h @ HostMsg::View { .. }) => Some(h),
            _ => None,
        })
        .collect();
    for line in &past {
        if let HostMsg::View { viewer, .. } = line {
            assert_eq!(*viewer, Seat::Red);
        }
        assert!(!blue_views.contains(&line), "{line:?}");
    }
    // The move list, the event log, the last clash and 记子 are the first program's …
    assert_eq!(move_list(&again), move_list(&first));
    assert_eq!(again.events(), first.events());
    assert_eq!(again.lost(), first.lost());
    assert_eq!(again.last_clash(), first.last_clash());
    assert_eq!(again.counts_of(Seat::Blue), first.counts_of(Seat::Blue));
    // … and the one-screen game's for the same record at that turn.
    let record = Game::from_ron(
        &(back_msgs.iter())
            .filter_map(|m| match m {
                Msg::RecordPart { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect::<String>(),
    )
    .unwrap()
    .record()
    .clone();
    let mut game = Game::new(record.rules.clone(), record.start.clone()).unwrap();
    for a in &record.actions {
        if game.plies().len() == first.plies().len() {
            break;
        }
        game.act(a.clone()).unwrap();
    }
    assert_eq!(
        again.counts_of(Seat::Blue),
        Some(junqi::app::hidden_flip::seat_counts(
            &game,
            Seat::Red,
            Seat::Blue
        ))
    );
}

/// A host made to send a seat taken back a history that leaves out a view it told (one the
/// record allows to be missing): that player's audit, carried over the rejoin, compares the
/// history with what it was told live and names the host; the other player's passes.
#[test]
fn a_host_whose_history_is_not_what_it_told_is_named_by_that_player() {
    use junqi::net::audit::Lie;
    use junqi::net::host::Fault;
    let (v, past) =
        red_leaves_and_comes_back(Default::default(), Some(Fault::ChangedPast { seat: 0 }));
    assert!(past > 0);
    assert!(matches!(v, Verdict::Lied(Lie::Past { .. })), "{v}");
    assert!(v.to_string().contains("the host lied"), "{v}");
}

/// A host whose budget for kept history is spent keeps no more of a seat's: the seat taken
/// back gets no history (its screen falls back to its own notes), plays on to the end, and its
/// audit, checking from where the host says it came in, passes.
#[test]
fn past_the_hosts_budget_for_history_a_rejoin_gets_none_and_the_audit_passes() {
    let bounds = junqi::net::host::Bounds {
        past_bytes: 600,
        ..Default::default()
    };
    let (v, past) = red_leaves_and_comes_back(bounds, None);
    assert_eq!(past, 0, "no history past the budget");
    assert!(matches!(v, Verdict::Honest { .. }), "{v}");
}

/// A two-player room on a host with `bounds` and `fault`: Red answers three `go`s and leaves at
/// its fourth, then takes its seat back carrying its audit, and both play random turns to the
/// end. Red's verdict and the lines of history it was sent again; Blue's audit passes.
fn red_leaves_and_comes_back(
    bounds: junqi::net::host::Bounds,
    fault: Option<junqi::net::host::Fault>,
) -> (Verdict, usize) {
    let h = server_lying(bounds, fault);
    let red = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let seated = red.seated();
    let blue = join(&red);
    let other = std::thread::spawn(move || {
        let mut answer = builtin_answerer(&"random".parse().unwrap());
        let r = blue.play(&mut answer, &mut |_| {});
        (r.map_err(|e| e.to_string()), blue.verdict())
    });
    let mut answer = builtin_answerer(&"random".parse().unwrap());
    let mut gos = 0;
    let until = Instant::now() + PATIENCE;
    loop {
        assert!(Instant::now() < until, "no fourth go");
        match red.next_event(PATIENCE) {
            Some(Event::Msg(Msg::Host(m))) => {
                if matches!(m, HostMsg::Go { .. }) {
                    gos += 1;
                    if gos == 4 {
                        break;
                    }
                }
                for l in answer(&m.line(red.board())).0 {
                    red.answer(EngineMsg::parse(&l).unwrap()).unwrap();
                }
            }
            Some(Event::Closed(why)) => panic!("closed early: {why}"),
            _ => {}
        }
    }
    red.close();
    let back = Client::connect_with(
        &Request::Rejoin {
            invite: seated.invite.clone(),
            seat: seated.seat,
            token: seated.token.clone(),
        },
        true,
        Some(red.audit()),
    )
    .unwrap();
    let mut answer = builtin_answerer(&"random".parse().unwrap());
    assert!(back.play(&mut answer, &mut |_| {}).unwrap().is_over());
    let past = (back.received().iter())
        .map(|m| match m {
            Msg::Past(lines) => lines.len(),
            _ => 0,
        })
        .sum();
    let (r, blue_verdict) = other.join().unwrap();
    assert!(r.unwrap().is_over());
    assert!(
        matches!(blue_verdict, Verdict::Honest { .. }),
        "{blue_verdict}"
    );
    (back.verdict(), past)
}
