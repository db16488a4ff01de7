//! A rematch in the same room on loopback: asked for after the end, agreed by every seat, the
//! next game played with the seats one chair round and audited on its own; a decline, and a
//! seat leaving, call it off for everyone; `junqi connect --rematch 1` plays two games in one
//! room.

use crate::common::{PATIENCE, wait_until};
use crate::net_cli::{BIN, own_known_hosts, wait_out};
use crate::net_end::{next_msg, server_with, two_seats};
use junqi::engine::{Mode, Rules};
use junqi::net::audit::Verdict;
use junqi::net::client::{Client, Rematched, Request};
use junqi::net::host::{Bounds, ServerHandle};
use junqi::net::wire::Msg;
use junqi::table::answerer::builtin_answerer;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Every client played to the end by a random player, each audit honest; the clients stay.
fn play_all(clients: Vec<Client>) -> Vec<Client> {
    let threads: Vec<_> = clients
        .into_iter()
        .map(|c| {
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
        })
        .collect();
    threads.into_iter().map(|t| t.join().unwrap()).collect()
}

/// Every client asks for a rematch at once (the first asks, the others agree): how it ended
/// for each.
fn rematch_all(clients: Vec<Client>) -> Vec<(Client, Rematched)> {
    let threads: Vec<_> = clients
        .into_iter()
        .map(|c| {
            std::thread::spawn(move || {
                let r = c.rematch(&mut |_| {}).unwrap();
                (c, r)
            })
        })
        .collect();
    threads.into_iter().map(|t| t.join().unwrap()).collect()
}

/// The host's finished games of `room`, once there are `n`.
fn finished_games(h: &ServerHandle, room: &str, n: usize) -> Vec<junqi::engine::Game> {
    let games = || -> Vec<_> {
        (h.finished().into_iter())
            .filter(|f| f.room.as_str() == room)
            .map(|f| f.game)
            .collect()
    };
    wait_until("the room's games filed", || games().len() >= n);
    games()
}

/// Two players, two games in one room: after the first both agree to a rematch, the seats swap
/// (the creator plays Blue), each player gets a new token, and the second game is played and
/// audited on its own (honest); its deal and commitment are new.
#[test]
fn two_games_in_one_room_with_the_sides_swapped() {
    let h = server_with(Bounds::default());
    let (red, blue) = two_seats(&h);
    let room = red.seated().invite.room.as_str().to_string();
    let tokens = [red.seated().token, blue.seated().token];
    let played = play_all(vec![red, blue]);
    let again = rematch_all(played);
    for (_, r) in &again {
        assert_eq!(*r, Rematched::Begun);
    }
    let clients: Vec<Client> = again.into_iter().map(|(c, _)| c).collect();
    assert_eq!(clients[0].seated().seat, 1, "the creator moves to Blue");
    assert_eq!(clients[1].seated().seat, 0, "the joiner to Red");
    assert!(!tokens.contains(&clients[0].seated().token), "a new token");
    assert!(!tokens.contains(&clients[1].seated().token), "a new token");
    let played = play_all(clients);
    let games = finished_games(&h, &room, 2);
    assert_eq!(games.len(), 2);
    assert_ne!(
        games[0].start_position(),
        games[1].start_position(),
        "a new deal"
    );
    assert!(
        h.log()
            .iter()
            .any(|l| l.contains("a rematch, every player")),
        "{:?}",
        h.log()
    );
    drop(played);
    wait_until("the room closes", || h.rooms() == 0);
    h.stop();
}

/// Four players: every one moves one chair round (South to East, …, West to South).
#[test]
fn four_players_move_one_chair_round() {
    let h = server_with(Bounds::default());
    let first = Client::connect(&Request::Create {
        addr: h.addr().to_string(),
        players: 4,
        rules: Rules::for_mode(Mode::Open),
        name: "South".into(),
        pin: Some(h.public_key()),
        seat: None,
    })
    .unwrap();
    let mut clients = vec![];
    for name in ["East", "North", "West"] {
        clients.push(
            Client::connect(&Request::Join {
                invite: first.seated().invite.clone(),
                name: name.into(),
                seat: None,
            })
            .unwrap(),
        );
    }
    clients.insert(0, first);
    let again = rematch_all(play_all(clients));
    for (k, (c, r)) in again.iter().enumerate() {
        assert_eq!(*r, Rematched::Begun);
        assert_eq!(usize::from(c.seated().seat), (k + 1) % 4);
    }
    // The lobby names the players in their new chairs.
    let names = next_msg(&again[0].0, |m| match m {
        Msg::Lobby { names, .. } => Some(names.clone()),
        _ => None,
    });
    assert_eq!(names, ["West", "South", "East", "North"]);
    let clients = again.into_iter().map(|(c, _)| c).collect();
    play_all(clients);
    h.stop();
}

/// A rematch asked for and declined: everyone is told, nothing begins, and the room stays for
/// the chat; asked again and one player leaves: everyone left is told.
#[test]
fn a_declined_rematch_and_a_player_leaving_call_it_off() {
    let h = server_with(Bounds::default());
    let (red, blue) = two_seats(&h);
    let mut played = play_all(vec![red, blue]);
    let blue = played.pop().unwrap();
    let red = played.pop().unwrap();
    let asker = std::thread::spawn(move || {
        let r = red.rematch(&mut |_| {}).unwrap();
        (red, r)
    });
    next_msg(&blue, |m| matches!(m, Msg::RematchAsked(0)).then_some(()));
    blue.send(&Msg::Rematch(false)).unwrap();
    let (red, r) = asker.join().unwrap();
    assert_eq!(
        r,
        Rematched::Off {
            seat: 1,
            left: false
        }
    );
    next_msg(&blue, |m| {
        matches!(
            m,
            Msg::RematchOff {
                seat: 1,
                left: false
            }
        )
        .then_some(())
    });
    assert_eq!(red.seated().seat, 0, "nothing moved");
    assert!(
        h.log()
            .iter()
            .any(|l| l.contains("seat 2 declined the rematch"))
    );
    // Asked again; Blue leaves instead of answering.
    let asker = std::thread::spawn(move || {
        let r = red.rematch(&mut |_| {}).unwrap();
        (red, r)
    });
    next_msg(&blue, |m| matches!(m, Msg::RematchAsked(0)).then_some(()));
    drop(blue);
    let (red, r) = asker.join().unwrap();
    assert_eq!(
        r,
        Rematched::Off {
            seat: 1,
            left: true
        }
    );
    // With a seat gone, a rematch asked for is off at once.
    assert_eq!(
        red.rematch(&mut |_| {}).unwrap(),
        Rematched::Off {
            seat: 1,
            left: true
        }
    );
    drop(red);
    wait_until("the room closes", || h.rooms() == 0);
    assert_eq!(h.finished().len(), 1, "one game only");
    h.stop();
}

/// `junqi connect --rematch 1` on both seats: two games in one room, each seat printing an
/// honest audit and a result for each, then leaving.
#[test]
fn two_connects_with_rematch_play_two_games_in_one_room() {
    let h = server_with(Bounds::default());
    let key = junqi::net::invite::encode(&h.public_key());
    let known = tempfile::tempdir().unwrap();
    let mut a = Command::new(BIN)
        .args([
            "connect",
            &h.addr().to_string(),
            "--create",
            "--mode",
            "hidden",
        ])
        .args(["--as", "random", "--rematch", "1", "--host-key", &key])
        .args(own_known_hosts(&known))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(a.stdout.take().unwrap());
    let mut invite = String::new();
    out.read_line(&mut invite).unwrap();
    let b = Command::new(BIN)
        .args(["connect", invite.trim(), "--as", "random", "--rematch", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (code, b_out, b_err) = wait_out(b, PATIENCE);
    assert_eq!(code, 0, "{b_err}");
    let mut a_out = String::new();
    use std::io::Read;
    out.read_to_string(&mut a_out).unwrap();
    assert!(a.wait().unwrap().success());
    for out in [&a_out, &b_out] {
        assert_eq!(out.matches("audit: honest: ").count(), 2, "{out}");
        assert_eq!(out.matches("result: ").count(), 2, "{out}");
    }
    assert!(b_err.contains("connect: a rematch: seat 1 of 2"), "{b_err}");
    let room = invite.trim().split('/').nth(3).unwrap()[..6].to_string();
    assert_eq!(finished_games(&h, &room, 2).len(), 2);
    h.stop();
}
