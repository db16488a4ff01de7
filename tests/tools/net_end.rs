//! The end of a network game on loopback: the room stays open for its players' chat after the
//! reveal (until every player has left, at most `Bounds::after_end`), and a player back after
//! the end is told it, with the reveal and the record for its audit.

use crate::common::{PATIENCE, wait_until};
use junqi::engine::{Mode, Rules};
use junqi::net::Farewell;
use junqi::net::audit::Verdict;
use junqi::net::client::{Client, Event, Request};
use junqi::net::host::{Bounds, ServeOptions, Server, ServerHandle};
use junqi::net::wire::Msg;
use junqi::protocol::HostMsg;
use junqi::table::answerer::builtin_answerer;
use std::time::{Duration, Instant};

pub(crate) fn server_with(bounds: Bounds) -> ServerHandle {
    Server::bind(
        "127.0.0.1:0",
        ServeOptions {
            bounds,
            quiet: std::env::var_os("JUNQI_NET_LOG").is_none(),
            ..ServeOptions::default()
        },
    )
    .unwrap()
    .spawn()
}

/// A two-player hidden room on `h`: the creator (Red) and the joiner (Blue).
pub(crate) fn two_seats(h: &ServerHandle) -> (Client, Client) {
    let red = Client::connect(&Request::Create {
        addr: h.addr().to_string(),
        players: 2,
        rules: Rules::for_mode(Mode::Hidden),
        name: "Red".into(),
        pin: Some(h.public_key()),
        seat: None,
    })
    .unwrap();
    let blue = Client::connect(&Request::Join {
        invite: red.seated().invite.clone(),
        name: "Blue".into(),
        seat: None,
    })
    .unwrap();
    (red, blue)
}

/// Both seats played to the end by random players (each until the host revealed); the clients
/// stay connected.
fn play_both(red: Client, blue: Client) -> (Client, Client) {
    let play = |c: Client| {
        std::thread::spawn(move || {
            let mut answer = builtin_answerer(&"random".parse().unwrap());
            let r = c.play(&mut answer, &mut |_| {});
            assert!(r.unwrap().is_over());
            assert!(
                matches!(c.verdict(), Verdict::Honest { .. }),
                "{}",
                c.verdict()
            );
            c
        })
    };
    let (r, b) = (play(red), play(blue));
    (r.join().unwrap(), b.join().unwrap())
}

/// The next message `c` receives that `want` picks, within `PATIENCE` (others passed over).
pub(crate) fn next_msg<T>(c: &Client, want: impl Fn(&Msg) -> Option<T>) -> T {
    let until = Instant::now() + PATIENCE;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "the message never came");
        match c.next_event(left) {
            Some(Event::Msg(m)) => {
                if let Some(t) = want(&m) {
                    return t;
                }
            }
            Some(Event::Closed(why)) => panic!("closed: {why}"),
            None => {}
        }
    }
}

/// After the reveal both players are still in the room and talk (a line and a preset phrase
/// each way); one leaves, the other takes its seat back and is told the end again, with what
/// its audit needs (honest); once both have left the room closes.
#[test]
fn players_talk_after_the_end_and_a_player_back_then_is_told_the_end() {
    let h = server_with(Bounds::default());
    let (red, blue) = two_seats(&h);
    let (red, blue) = play_both(red, blue);
    assert_eq!(h.rooms(), 1, "the room stays open after the end");
    red.send(&Msg::Say("good game".into())).unwrap();
    let said = next_msg(&blue, |m| match m {
        Msg::Said { from: 0, text } => Some(text.clone()),
        _ => None,
    });
    assert_eq!(said, "good game");
    blue.send(&Msg::SayPreset(1)).unwrap();
    next_msg(&red, |m| {
        matches!(m, Msg::SaidPreset { from: 1, preset: 1 }).then_some(())
    });
    // Blue's connection breaks after the end; Blue takes the seat back.
    let seated = blue.seated().clone();
    drop(blue);
    let back = Client::connect(&Request::Rejoin {
        invite: seated.invite.clone(),
        seat: seated.seat,
        token: seated.token.clone(),
    })
    .unwrap();
    let status = next_msg(&back, |m| match m {
        Msg::Host(HostMsg::GameOver(s)) => Some(*s),
        _ => None,
    });
    assert!(status.is_over());
    next_msg(&back, |m| {
        matches!(m, Msg::RecordPart { last: true, .. }).then_some(())
    });
    assert!(
        matches!(back.verdict(), Verdict::Honest { .. }),
        "{}",
        back.verdict()
    );
    // And talks on.
    back.send(&Msg::Say("again?".into())).unwrap();
    next_msg(&red, |m| {
        matches!(m, Msg::Said { from: 1, .. }).then_some(())
    });
    // A new player does not come in after the end.
    let late = Client::connect(&Request::Join {
        invite: seated.invite.clone(),
        name: "Late".into(),
        seat: None,
    });
    assert!(late.is_err());
    drop((red, back));
    wait_until("the room closes once everyone left", || h.rooms() == 0);
    h.stop();
}

/// Players who stay are told the room closed (`bye over`) once `Bounds::after_end` passed.
#[test]
fn the_room_closes_after_its_time_after_the_end() {
    let h = server_with(Bounds {
        after_end: Duration::from_millis(300),
        ..Bounds::default()
    });
    let (red, blue) = two_seats(&h);
    let (red, blue) = play_both(red, blue);
    for c in [&red, &blue] {
        let bye = next_msg(c, |m| match m {
            Msg::Bye(why) => Some(*why),
            _ => None,
        });
        assert_eq!(bye, Farewell::GameOver);
    }
    wait_until("the room closed", || h.rooms() == 0);
    assert!(
        h.log().iter().any(|l| l.contains("s after its game's end")),
        "{:?}",
        h.log()
    );
    h.stop();
}

/// Four players, two dropped: when one comes back the host's log says whom the game still
/// waits for.
#[test]
fn the_log_names_the_seats_still_away_when_one_comes_back() {
    let h = server_with(Bounds::default());
    let first = Client::connect(&Request::Create {
        addr: h.addr().to_string(),
        players: 4,
        rules: Rules::for_mode(Mode::Hidden),
        name: "South".into(),
        pin: Some(h.public_key()),
        seat: None,
    })
    .unwrap();
    let others: Vec<Client> = (0..3)
        .map(|_| {
            Client::connect(&Request::Join {
                invite: first.seated().invite.clone(),
                name: "other".into(),
                seat: None,
            })
            .unwrap()
        })
        .collect();
    let room = first.seated().invite.room;
    wait_until("the game starts", || {
        h.log().iter().any(|l| l.contains("the game starts"))
    });
    assert!(h.cut(room, 1) && h.cut(room, 2));
    next_msg(&first, |m| {
        matches!(m, Msg::Away(s) if s == &[1, 2]).then_some(())
    });
    let east = others[0].seated().clone();
    let _back = Client::connect(&Request::Rejoin {
        invite: east.invite.clone(),
        seat: east.seat,
        token: east.token.clone(),
    })
    .unwrap();
    wait_until("the rejoin's log line", || {
        h.log()
            .iter()
            .any(|l| l.ends_with("seat 2 rejoined (seat 3 still away)"))
    });
    h.stop();
}
