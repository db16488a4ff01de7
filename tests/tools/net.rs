//! Network games on loopback: an in-process host (`net::host::Server` on 127.0.0.1, port 0) and
//! clients playing their seats through the real transport, each game to its end; the leak check
//! over every message the host sent; refused codes; a client dropped mid-game rejoining; bad
//! input from a seated client (it is dropped, rejoins, and the game ends normally); takebacks by
//! consent, agreed and declined.

use crate::common::{PATIENCE, wait_until};
use junqi::engine::{Board, Game, Mode, Rules, Seat, Status, View, Viewer};
use junqi::net::Farewell;
use junqi::net::audit::{Lie, Verdict};
use junqi::net::client::{Client, ClientError, Event, Request};
use junqi::net::host::{Bounds, Fault, ServeOptions, Server, ServerHandle};
use junqi::net::wire::Msg;
use junqi::protocol::{EngineMsg, HostMsg};
use junqi::table::answerer::builtin_answerer;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

fn server_with(bounds: Bounds) -> ServerHandle {
    server_lying(bounds, None)
}

pub(super) fn server_lying(bounds: Bounds, fault: Option<Fault>) -> ServerHandle {
    Server::bind(
        "127.0.0.1:0",
        ServeOptions {
            state: None,
            bounds,
            quiet: std::env::var_os("JUNQI_NET_LOG").is_none(),
            fault,
        },
    )
    .unwrap()
    .spawn()
}

/// A host's options with a state folder (rooms saved there).
fn state_options(dir: &std::path::Path) -> ServeOptions {
    ServeOptions {
        state: Some(dir.to_path_buf()),
        bounds: Bounds::default(),
        quiet: std::env::var_os("JUNQI_NET_LOG").is_none(),
        fault: None,
    }
}

fn server() -> ServerHandle {
    server_with(Bounds::default())
}

pub(super) fn create(h: &ServerHandle, players: u8, rules: Rules) -> Client {
    Client::connect_keeping(
        &Request::Create {
            addr: h.addr().to_string(),
            players,
            rules,
            name: "creator".into(),
            pin: Some(h.public_key()),
            seat: None,
        },
        true,
    )
    .unwrap()
}

pub(super) fn join(first: &Client) -> Client {
    Client::connect_keeping(
        &Request::Join {
            invite: first.seated().invite.clone(),
            name: "joiner".into(),
            seat: None,
        },
        true,
    )
    .unwrap()
}

/// Play `c` with a random player to the end; its messages.
fn play(c: Client) -> (Result<Status, String>, Vec<Msg>) {
    let (r, msgs, _) = play_audited(c);
    (r, msgs)
}

/// `play`, with the audit's verdict at the end.
fn play_audited(c: Client) -> (Result<Status, String>, Vec<Msg>, Verdict) {
    play_audited_as(c, "random")
}

/// `c` played to the end by the built-in player `spec` (`charger` where a test needs a clash:
/// its marshal marches at once, where two random players may end a game at the quiet limit
/// without one).
fn play_audited_as(c: Client, spec: &str) -> (Result<Status, String>, Vec<Msg>, Verdict) {
    let mut answer = builtin_answerer(&spec.parse().unwrap());
    let r = c.play(&mut answer, &mut |_| {}).map_err(|e| e.to_string());
    (r, c.received(), c.verdict())
}

/// The host's finished game of the room of `c`'s invite, waiting for it.
fn finished(h: &ServerHandle, c_room: &str) -> junqi::net::host::Finished {
    let until = Instant::now() + PATIENCE;
    loop {
        if let Some(f) = h.finished().into_iter().find(|f| f.room.as_str() == c_room) {
            return f;
        }
        assert!(
            Instant::now() < until,
            "no finished game; log {:?}",
            h.log()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Play a room of `players` to its end, every seat random; each seat's messages and the game.
/// Every seat's audit of the host passes.
fn play_room(players: u8, rules: Rules) -> (Vec<(u8, Vec<Msg>)>, Game) {
    let (out, game, verdicts) = play_room_on(&server(), players, rules);
    for (seat, v) in verdicts {
        assert!(matches!(v, Verdict::Honest { .. }), "seat {seat}: {v}");
    }
    (out, game)
}

/// Each seat's messages, the game and each seat's verdict.
type RoomPlayed = (Vec<(u8, Vec<Msg>)>, Game, Vec<(u8, Verdict)>);

/// `play_room` on host `h`: each seat's messages, the game and each seat's verdict.
fn play_room_on(h: &ServerHandle, players: u8, rules: Rules) -> RoomPlayed {
    play_room_as(h, players, rules, "random")
}

/// A room of `players` on `h`, every seat played by the built-in player `spec`.
fn play_room_as(h: &ServerHandle, players: u8, rules: Rules, spec: &'static str) -> RoomPlayed {
    let first = create(h, players, rules);
    let room = first.seated().invite.room.as_str().to_string();
    let mut clients = vec![first];
    for _ in 1..players {
        clients.push(join(&clients[0]));
    }
    let seats: Vec<u8> = clients.iter().map(|c| c.seated().seat).collect();
    let handles: Vec<_> = clients
        .into_iter()
        .map(|c| std::thread::spawn(move || play_audited_as(c, spec)))
        .collect();
    let mut out = Vec::new();
    let mut verdicts = Vec::new();
    for (seat, t) in seats.into_iter().zip(handles) {
        let (r, msgs, verdict) = t.join().unwrap();
        let status = r.unwrap();
        assert!(status.is_over(), "{status:?}");
        out.push((seat, msgs));
        verdicts.push((seat, verdict));
    }
    let f = finished(h, &room);
    assert!(f.forfeit.is_none(), "{:?}", f.forfeit);
    assert!(f.game.status().is_over());
    (out, f.game, verdicts)
}

/// The leak check: every view a seat received is, piece by piece, that seat's view of the true
/// game at that turn (the turns reported so far), and every report is the game's public report
/// of that turn, in order.
fn check_wire(seat_msgs: &[(u8, Vec<Msg>)], game: &Game) {
    let rules = game.rules();
    let board = game.board();
    let reported: Vec<usize> = (game.plies().iter().enumerate())
        .filter(|(_, p)| p.report.is_some())
        .map(|(i, _)| i)
        .collect();
    // The game's timeouts: the plies with no report, by side and count.
    let mut counts = [0u32; 4];
    let mut timeouts = Vec::new();
    for (i, p) in game.plies().iter().enumerate() {
        if p.report.is_none() {
            let side = game.position_at(i).side_to_move().unwrap();
            counts[side.index()] += 1;
            timeouts.push((side, counts[side.index()], i));
        }
    }
    for (seat, msgs) in seat_msgs {
        let mut k = 0usize;
        let mut views = 0;
        let mut mine: Option<Seat> = None;
        // The ply after the last timeout told since the last report.
        let mut after_timeout: Option<usize> = None;
        for m in msgs {
            let Msg::Host(hm) = m else { continue };
            match hm {
                HostMsg::Report(r) => {
                    let i = reported[k];
                    assert_eq!(
                        Some(r),
                        game.plies()[i].report.as_ref(),
                        "seat {seat}: report {k}"
                    );
                    k += 1;
                    after_timeout = None;
                }
                HostMsg::Timeout { side, count } => {
                    // The game's timeout, told between the same reports (a fifth that ends a
                    // two-player game has no ply).
                    let ply = match timeouts.iter().find(|t| (t.0, t.1) == (*side, *count)) {
                        Some(&(_, _, i)) => i,
                        None => {
                            assert_eq!(*count, 5, "seat {seat}: a timeout the game lacks");
                            game.plies().len()
                        }
                    };
                    let before = reported.iter().filter(|&&i| i < ply).count();
                    assert_eq!(before, k, "seat {seat}: timeout {side:?} {count} misplaced");
                    after_timeout = Some(ply + 1);
                }
                HostMsg::View {
                    viewer,
                    notation,
                    mines,
                } => {
                    views += 1;
                    if rules.mode != Mode::Flip {
                        // A seat is always shown its own side.
                        assert_eq!(
                            *mine.get_or_insert(*viewer),
                            *viewer,
                            "seat {seat}: another side's view"
                        );
                        assert_eq!(*viewer, board.seats[usize::from(*seat)]);
                    }
                    let got =
                        View::from_notation(notation, Viewer::Side(*viewer), rules, mines).unwrap();
                    let mut ply = if k == 0 { 0 } else { reported[k - 1] + 1 };
                    ply = ply.max(after_timeout.unwrap_or(0));
                    if ply >= game.plies().len() && game.status().is_over() {
                        continue; // the end: every piece is revealed to everyone
                    }
                    let truth = game.position_at(ply).view(rules, Viewer::Side(*viewer));
                    for n in 0..board.len() as u8 {
                        assert_eq!(
                            got.at(n),
                            truth.at(n),
                            "seat {seat}: node {n} after {k} reports"
                        );
                    }
                }
                HostMsg::Formation(_) => panic!("a formation crossed the wire to seat {seat}"),
                _ => {}
            }
        }
        assert!(
            views > 0 && k == reported.len(),
            "seat {seat}: {views} views, {k} reports of {}",
            reported.len()
        );
    }
}

#[test]
fn a_two_player_hidden_game_over_the_wire_shows_each_seat_only_its_view() {
    let (msgs, game) = play_room(2, Rules::for_mode(Mode::Hidden));
    assert!(game.plies().len() > 10);
    check_wire(&msgs, &game);
}

#[test]
fn a_two_player_flip_game_is_played_to_its_end() {
    let (msgs, game) = play_room(2, Rules::for_mode(Mode::Flip));
    check_wire(&msgs, &game);
}

#[test]
fn a_four_player_hidden_game_over_the_wire_shows_each_seat_only_its_view() {
    let (msgs, game) = play_room(4, Rules::for_mode(Mode::Hidden));
    assert_eq!(game.board().seats.len(), 4);
    check_wire(&msgs, &game);
}

#[test]
fn a_four_player_open_game_is_played_to_its_end() {
    let (msgs, game) = play_room(4, Rules::for_mode(Mode::Open));
    check_wire(&msgs, &game);
}

#[test]
fn a_host_made_to_lie_about_a_clash_is_named_by_that_player_only() {
    // Hidden mode, so that the liar is caught by the replay, not by the pieces on show.
    let h = server_lying(Bounds::default(), Some(Fault::LieAboutAClash { seat: 1 }));
    let (_, game, verdicts) = play_room_as(&h, 2, Rules::for_mode(Mode::Hidden), "charger");
    assert!(
        game.plies()
            .iter()
            .any(|p| p.report.as_ref().is_some_and(|r| r.clash.is_some()))
    );
    for (seat, v) in verdicts {
        if seat == 1 {
            match &v {
                Verdict::Lied(Lie::Report { said, truth, .. }) => {
                    assert_ne!(Some(said), truth.as_ref());
                    assert!(v.to_string().contains("the host lied"), "{v}");
                }
                other => panic!("seat 1: {other}"),
            }
        } else {
            assert!(matches!(v, Verdict::Honest { .. }), "seat {seat}: {v}");
        }
    }
}

#[test]
fn a_wrong_room_code_or_host_key_is_refused() {
    let h = server();
    let first = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let mut wrong = first.seated().invite.clone();
    wrong.secret = junqi::net::invite::Secret(*b"0000000000");
    match Client::connect(&Request::Join {
        invite: wrong,
        name: "x".into(),
        seat: None,
    }) {
        Err(ClientError::Handshake(_)) => {}
        other => panic!("{:?}", other.map(|_| ())),
    }
    let mut wrong_key = first.seated().invite.clone();
    wrong_key.host_key[0] ^= 1;
    assert!(matches!(
        Client::connect(&Request::Join {
            invite: wrong_key,
            name: "x".into(),
            seat: None,
        }),
        Err(ClientError::Handshake(_))
    ));
    let mut no_room = first.seated().invite.clone();
    no_room.room = junqi::net::invite::RoomId(*b"ZZZZZZ");
    match Client::connect(&Request::Join {
        invite: no_room,
        name: "x".into(),
        seat: None,
    }) {
        Err(ClientError::Refused(Farewell::NoSuchRoom)) => {}
        other => panic!("{:?}", other.map(|_| ())),
    }
    // The host counts a wrong code just after it closes the connection.
    wait_until("the wrong code in the host's log", || {
        h.log().iter().any(|l| l.contains("wrong code"))
    });
    // The right code still joins.
    let second = join(&first);
    assert_eq!(second.seated().seat, 1);
}

#[test]
fn too_many_wrong_codes_lock_the_room() {
    let h = server_with(Bounds {
        wrong_codes: 3,
        ..Bounds::default()
    });
    let first = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let mut wrong = first.seated().invite.clone();
    wrong.secret = junqi::net::invite::Secret(*b"0000000000");
    for _ in 0..3 {
        assert!(
            Client::connect(&Request::Join {
                invite: wrong.clone(),
                name: "x".into(),
                seat: None,
            })
            .is_err()
        );
    }
    // The host counts a wrong code just after it closes the connection.
    wait_until("the room to be locked", || {
        h.log().iter().any(|l| l.contains("locked"))
    });
    match Client::connect(&Request::Join {
        invite: first.seated().invite.clone(),
        name: "x".into(),
        seat: None,
    }) {
        Err(ClientError::Refused(Farewell::Locked)) => {}
        other => panic!("{:?}", other.map(|_| ())),
    }
}

/// Take `seated`'s seat back with its token, carrying on `audit`.
fn rejoin(
    seated: &junqi::net::client::Seated,
    audit: junqi::net::client::SharedAudit,
) -> Result<Client, ClientError> {
    let req = Request::Rejoin {
        invite: seated.invite.clone(),
        seat: seated.seat,
        token: seated.token.clone(),
    };
    Client::connect_with(&req, false, Some(audit))
}

/// Play `c` for `turns` of its turns, then misbehave with `bad` (or just drop the connection);
/// returns whether the host ended the connection. `misbehaving` is set before the turn at which
/// it misbehaves is answered.
fn play_then(
    c: &Client,
    turns: usize,
    answer_first: bool,
    misbehaving: &AtomicBool,
    bad: &dyn Fn(&Client),
) -> bool {
    let mut answer = builtin_answerer(&"random".parse().unwrap());
    let mut gos = 0;
    let until = Instant::now() + PATIENCE;
    while Instant::now() < until {
        match c.next_event(PATIENCE) {
            Some(Event::Msg(Msg::Host(m))) => {
                let is_go = matches!(m, HostMsg::Go { .. });
                if is_go && gos == turns {
                    misbehaving.store(true, Ordering::SeqCst);
                    if answer_first {
                        for l in answer(&m.line(c.board())).0 {
                            c.answer(EngineMsg::parse(&l).unwrap()).unwrap();
                        }
                    }
                    bad(c);
                    // The host drops the connection: its reader sees the end.
                    let until = Instant::now() + PATIENCE;
                    while let Some(left) = until.checked_duration_since(Instant::now()) {
                        match c.next_event(left) {
                            Some(Event::Closed(_)) | Some(Event::Msg(Msg::Bye(_))) => return true,
                            _ => {}
                        }
                    }
                    return false;
                }
                gos += usize::from(is_go);
                for l in answer(&m.line(c.board())).0 {
                    c.answer(EngineMsg::parse(&l).unwrap()).unwrap();
                }
            }
            Some(Event::Closed(why)) => panic!("closed early: {why}"),
            _ => {}
        }
    }
    false
}

/// The seat `seated` taken back (its audit carried on) and played to the end, the other seat's
/// game (`other`, joined once this one is over) over too: the audit passes, nobody forfeits.
fn rejoin_and_play_out(
    h: &ServerHandle,
    seated: &junqi::net::client::Seated,
    audit: junqi::net::client::SharedAudit,
    other: std::thread::JoinHandle<(Result<Status, String>, Vec<Msg>)>,
    room: &str,
) {
    let back = rejoin(seated, audit).unwrap();
    assert_eq!(back.seated().seat, seated.seat);
    let (r, _, verdict) = play_audited(back);
    assert!(r.unwrap().is_over());
    // The audit covers both stretches of the connection.
    assert!(matches!(verdict, Verdict::Honest { .. }), "{verdict}");
    assert!(other.join().unwrap().0.unwrap().is_over());
    let f = finished(h, room);
    assert!(f.forfeit.is_none(), "{:?}", f.forfeit);
}

/// A two-player hidden game where the joiner misbehaves (`bad`) after a few turns; it must be
/// dropped with `reason` in the log, rejoin with its token and the game end normally.
fn misbehave(bad: &dyn Fn(&Client), reason: &str) {
    misbehave_after(false, bad, reason);
}

/// `misbehave`, answering the turn first when `answer_first`.
fn misbehave_after(answer_first: bool, bad: &dyn Fn(&Client), reason: &str) {
    let h = server();
    let first = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let room = first.seated().invite.room.as_str().to_string();
    let second = join(&first);
    let seated = second.seated().clone();
    let misbehaving = Arc::new(AtomicBool::new(false));
    // With the turn answered first, the other seat, once the misbehaving seat is at it, answers
    // only after the host has read the line out of turn and dropped the connection: the host's
    // next `go` to the misbehaving seat then cannot come before that line is read (it would be
    // taken as that `go`'s answer, an illegal turn that loses the game).
    let seen = misbehaving.clone();
    let log = h.clone();
    let dropped_for = reason.to_string();
    let t = std::thread::spawn(move || {
        if answer_first {
            let mut inner = builtin_answerer(&"random".parse().unwrap());
            let mut answer = |line: &str| {
                if line.starts_with("go") && seen.load(Ordering::SeqCst) {
                    wait_until("the host to drop the misbehaving seat", || {
                        log.log().iter().any(|l| l.contains(&dropped_for))
                    });
                }
                inner(line)
            };
            let r = first
                .play(&mut answer, &mut |_| {})
                .map_err(|e| e.to_string());
            (r, first.received())
        } else {
            play(first)
        }
    });
    let dropped = play_then(&second, 5, answer_first, &misbehaving, bad);
    let audit = second.audit();
    second.close();
    drop(second);
    assert!(dropped, "not dropped; log {:?}", h.log());
    rejoin_and_play_out(&h, &seated, audit, t, &room);
    assert!(
        h.log().iter().any(|l| l.contains(reason)),
        "no '{reason}' in {:?}",
        h.log()
    );
}

#[test]
fn a_client_dropped_mid_game_rejoins_its_seat_and_the_game_ends_normally() {
    misbehave(&|c| c.close(), "rejoined");
}

#[test]
fn a_malformed_message_drops_the_connection_and_the_game_goes_on() {
    misbehave(
        &|c| c.sender().send_text(b"\xff\xfe nonsense").unwrap(),
        "not UTF-8",
    );
}

#[test]
fn an_unknown_message_drops_the_connection() {
    misbehave(
        &|c| c.sender().send_text(b"move a1 a2").unwrap(),
        "unknown message",
    );
}

#[test]
fn an_oversized_chat_line_drops_the_connection() {
    misbehave(
        &|c| {
            c.sender()
                .send_text(format!("say {}", "x".repeat(5000)).as_bytes())
                .unwrap()
        },
        "too long",
    );
}

#[test]
fn an_oversized_frame_drops_the_connection() {
    // A frame of the largest length that is not a Noise message of this connection.
    misbehave(
        &|c| {
            let mut bytes = vec![0xff, 0xff];
            bytes.extend(std::iter::repeat_n(7u8, 65_535));
            c.sender().send_raw(&bytes).unwrap();
        },
        "does not decrypt",
    );
}

#[test]
fn a_turn_out_of_turn_drops_the_connection() {
    // The turn is answered, then another turn follows that nobody asked for.
    misbehave_after(
        true,
        &|c| c.answer(EngineMsg::Turn("a1-a2".into())).unwrap(),
        "when nothing was asked",
    );
}

#[test]
fn an_answer_nobody_asked_for_drops_the_connection() {
    misbehave(
        &|c| {
            c.answer(EngineMsg::DrawAnswer(true)).unwrap();
        },
        "no draw was offered",
    );
}

#[test]
fn a_replayed_frame_drops_the_connection() {
    misbehave(
        &|c| {
            let frame = c.sender().seal(b"ping").unwrap();
            c.sender().send_raw(&frame).unwrap();
            c.sender().send_raw(&frame).unwrap();
        },
        "does not decrypt",
    );
}

#[test]
fn a_flood_drops_the_connection() {
    misbehave(
        &|c| {
            for _ in 0..2000 {
                if c.send(&Msg::Ping).is_err() {
                    break;
                }
            }
        },
        "flood",
    );
}

#[test]
fn claiming_another_seat_or_a_full_room_is_refused() {
    let h = server();
    let first = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let invite = first.seated().invite.clone();
    // Seat 1 is free: it cannot be rejoined, it was never taken.
    for (seat, token) in [(0, "A".repeat(26)), (1, first.seated().token.clone())] {
        match Client::connect(&Request::Rejoin {
            invite: invite.clone(),
            seat,
            token,
        }) {
            Err(ClientError::Refused(Farewell::WrongToken(s))) => assert_eq!(s, seat),
            other => panic!("{:?}", other.map(|_| ())),
        }
    }
    let second = join(&first);
    match Client::connect(&Request::Join {
        invite: invite.clone(),
        name: "third".into(),
        seat: None,
    }) {
        Err(ClientError::Refused(Farewell::RoomFull)) => {}
        other => panic!("{:?}", other.map(|_| ())),
    }
    let t = std::thread::spawn(move || play(first));
    let (r, _) = play(second);
    assert!(r.unwrap().is_over());
    assert!(t.join().unwrap().0.unwrap().is_over());
    let _ = Board::two_player();
}

/// The leak check of a game with takebacks: each seat's reports and takebacks, in order, are
/// the record's course replayed action by action, and every view is that seat's view of the
/// game at that point (before or after the refusals and offers that follow it, which change no
/// turn).
fn check_wire_with_takebacks(seat_msgs: &[(u8, Vec<Msg>)], game: &Game) {
    use junqi::engine::Action;
    let rules = game.rules();
    let record = game.record();
    for (seat, msgs) in seat_msgs {
        let mut g = Game::new(rules.clone(), record.start.clone()).unwrap();
        let mut next = 0usize;
        let (mut views, mut backs) = (0, 0);
        for m in msgs {
            let Msg::Host(hm) = m else { continue };
            match hm {
                HostMsg::Report(r) => {
                    // Up to the next turn that reports.
                    loop {
                        let a = record.actions.get(next).cloned();
                        let a =
                            a.unwrap_or_else(|| panic!("seat {seat}: a report past the record"));
                        assert!(
                            !matches!(a, Action::Takeback { .. }),
                            "seat {seat}: report where the record takes back"
                        );
                        next += 1;
                        let plies = g.plies().len();
                        g.act(a).unwrap();
                        if g.plies().len() > plies && g.plies().last().unwrap().report.is_some() {
                            break;
                        }
                    }
                    assert_eq!(
                        Some(r),
                        g.plies().last().unwrap().report.as_ref(),
                        "seat {seat}"
                    );
                }
                HostMsg::TakenBack(by, turns) => {
                    loop {
                        let a = record.actions.get(next).cloned();
                        let a =
                            a.unwrap_or_else(|| panic!("seat {seat}: a takeback past the record"));
                        assert!(
                            !matches!(a, Action::Turn(_)),
                            "seat {seat}: takeback where the record plays"
                        );
                        next += 1;
                        let plies = g.plies().len();
                        let back = matches!(a, Action::Takeback { by: b, .. } if b == *by);
                        g.act(a).unwrap();
                        if back {
                            assert_eq!(plies - g.plies().len(), *turns as usize, "seat {seat}");
                            break;
                        }
                    }
                    backs += 1;
                }
                HostMsg::View {
                    viewer,
                    notation,
                    mines,
                } => {
                    views += 1;
                    assert_eq!(*viewer, game.board().seats[usize::from(*seat)]);
                    let got =
                        View::from_notation(notation, Viewer::Side(*viewer), rules, mines).unwrap();
                    if next == record.actions.len() && g.status().is_over() {
                        continue; // the end: every piece is revealed to everyone
                    }
                    // The same game with the actions that are no turn and no takeback after it.
                    let mut later = g.clone();
                    for a in &record.actions[next..] {
                        if matches!(a, Action::Turn(_) | Action::Takeback { .. }) {
                            break;
                        }
                        let _ = later.act(a.clone());
                    }
                    let fits = |truth: &Game| {
                        let v = truth.view(Viewer::Side(*viewer));
                        (0..game.board().len() as u8).all(|n| got.at(n) == v.at(n))
                    };
                    assert!(
                        fits(&g) || fits(&later),
                        "seat {seat}: view {views} otherwise"
                    );
                }
                HostMsg::Formation(_) => panic!("a formation crossed the wire to seat {seat}"),
                _ => {}
            }
        }
        assert!(views > 0, "seat {seat}: no views");
        let in_record = (record.actions.iter())
            .filter(|a| matches!(a, Action::Takeback { .. }))
            .count();
        assert_eq!(backs, in_record, "seat {seat}: takebacks told");
    }
}

/// Each seat's messages, the verdicts, the game, and whether the asker was told it was declined.
type TakebackRoom = (Vec<(u8, Vec<Msg>)>, Vec<Verdict>, Game, bool);

/// Red (the room's creator, the `charger` sparring partner: a clash comes at once) asks for a
/// takeback at its first turn after a clash; Blue (charger too) answers `accept` when
/// `blue_agrees`, else declines as the built-in player does. Both seats' messages, their
/// verdicts, the game, and whether Red was told `takeback declined`.
fn takeback_room(blue_agrees: bool) -> TakebackRoom {
    let h = server();
    let first = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let room = first.seated().invite.room.as_str().to_string();
    let second = join(&first);
    let red = std::thread::spawn(move || {
        let mut inner = builtin_answerer(&"charger".parse().unwrap());
        let (mut clash, mut asked, mut declined) = (false, false, false);
        let mut answer = |line: &str| {
            clash |= line.starts_with("report ") && line.contains(" clash ");
            declined |= line == "takeback declined";
            if line.starts_with("go") && clash && !asked {
                asked = true;
                return (vec!["takeback ask".to_string()], false);
            }
            inner(line)
        };
        let r = first
            .play(&mut answer, &mut |_| {})
            .map_err(|e| e.to_string());
        assert!(asked, "no clash in the game");
        (r, first.received(), first.verdict(), declined)
    });
    let blue = std::thread::spawn(move || {
        let mut inner = builtin_answerer(&"charger".parse().unwrap());
        let mut answer = |line: &str| {
            if blue_agrees && line.starts_with("takeback asked ") {
                return (vec!["takeback accept".to_string()], false);
            }
            inner(line)
        };
        let r = second
            .play(&mut answer, &mut |_| {})
            .map_err(|e| e.to_string());
        (r, second.received(), second.verdict())
    });
    let (r0, m0, v0, declined) = red.join().unwrap();
    let (r1, m1, v1) = blue.join().unwrap();
    assert!(r0.unwrap().is_over() && r1.unwrap().is_over());
    let f = finished(&h, &room);
    assert!(f.forfeit.is_none(), "{:?}", f.forfeit);
    (vec![(0, m0), (1, m1)], vec![v0, v1], f.game, declined)
}

/// A hidden game where Red asks for a takeback after a clash and Blue agrees: both are told,
/// the game goes on to its end, the record keeps the takeback, both audits find the host honest
/// and no view shows a seat more than its own.
#[test]
fn a_takeback_agreed_over_the_wire_is_audited_and_leaks_nothing() {
    let (msgs, verdicts, game, declined) = takeback_room(true);
    assert!(!declined);
    assert!(game.status().is_over());
    assert_eq!(game.takebacks(Seat::Red), 1, "{:?}", game.record().actions);
    for (seat, m) in &msgs {
        let told = m
            .iter()
            .filter(|m| matches!(m, Msg::Host(HostMsg::TakenBack(Seat::Red, _))))
            .count();
        assert_eq!(told, 1, "seat {seat}");
    }
    let asked = msgs[1]
        .1
        .iter()
        .filter(|m| matches!(m, Msg::Host(HostMsg::TakebackAsked(Seat::Red, _))))
        .count();
    assert_eq!(asked, 1);
    for v in &verdicts {
        assert!(matches!(v, Verdict::Honest { .. }), "{v}");
    }
    check_wire_with_takebacks(&msgs, &game);
}

/// The same ask declined: Red is told, nothing is taken back, the game goes on to its end and
/// the audits pass.
#[test]
fn a_takeback_declined_over_the_wire_changes_nothing() {
    let (msgs, verdicts, game, declined) = takeback_room(false);
    assert!(declined);
    assert_eq!(game.takebacks(Seat::Red), 0);
    for (_, m) in &msgs {
        assert!(
            !m.iter()
                .any(|m| matches!(m, Msg::Host(HostMsg::TakenBack(..))))
        );
    }
    for v in &verdicts {
        assert!(matches!(v, Verdict::Honest { .. }), "{v}");
    }
    check_wire(&msgs, &game);
    check_wire_with_takebacks(&msgs, &game);
}

/// A takeback answer nobody asked for drops the connection (the seat rejoins, the game ends).
#[test]
fn a_takeback_answer_nobody_asked_for_drops_the_connection() {
    misbehave(
        &|c| {
            c.answer(EngineMsg::TakebackAnswer(true)).unwrap();
        },
        "no takeback was asked",
    );
}

/// The second of the move clock in these tests: a real one, so that an instant answer is on time
/// on a loaded machine too (a late answer waits for the timeout itself, so only the turns let
/// run out cost their time).
const CLOCK_SECOND: Duration = Duration::from_secs(1);

/// A host whose move clock counts seconds of `second` (tests keep the clock short).
fn clocked_server(second: Duration) -> ServerHandle {
    server_with(Bounds {
        clock_second: second,
        ..Bounds::default()
    })
}

fn clocked_rules(secs: u32) -> Rules {
    let mut rules = Rules::for_mode(Mode::Hidden);
    rules.move_clock = Some(secs);
    rules
}

/// A random player that counts into `told` the `timeout blue …` lines it is told.
fn counting_blue_timeouts(told: Arc<AtomicUsize>) -> impl FnMut(&str) -> (Vec<String>, bool) {
    let mut inner = builtin_answerer(&"random".parse().unwrap());
    move |line: &str| {
        if line.starts_with("timeout blue ") {
            told.fetch_add(1, Ordering::SeqCst);
        }
        inner(line)
    }
}

/// `play_audited` with the player `answer`.
fn play_audited_by(
    c: Client,
    mut answer: impl FnMut(&str) -> (Vec<String>, bool),
) -> (Result<Status, String>, Vec<Msg>, Verdict) {
    let r = c.play(&mut answer, &mut |_| {}).map_err(|e| e.to_string());
    (r, c.received(), c.verdict())
}

/// A random player that answers its `go`s numbered (from 0) in `late` only once the other seat
/// has been told that this one's time ran out (`told`, counted by `counting_blue_timeouts`):
/// its answer then comes after the move clock ran out, whatever the machine's load.
fn late_at(
    late: &'static [usize],
    told: Arc<AtomicUsize>,
) -> impl FnMut(&str) -> (Vec<String>, bool) {
    let mut inner = builtin_answerer(&"random".parse().unwrap());
    let mut gos = 0;
    move |line: &str| {
        if line.starts_with("go") {
            if let Some(k) = late.iter().position(|&g| g == gos) {
                wait_until("the other seat to be told of the timeout", || {
                    told.load(Ordering::SeqCst) > k
                });
            }
            gos += 1;
        }
        inner(line)
    }
}

/// A hidden game with a move clock where Blue lets its time run out twice, each time answering
/// late (the late turn crosses the `timeout` line): Blue loses those turns, is not dropped, the
/// game goes on to its end, every seat was told and both audits pass.
#[test]
fn a_seat_that_lets_its_clock_run_out_loses_the_turn_and_the_game_goes_on() {
    // 3 seconds a turn (and 0.25 s for the line), which Red's instant answers keep on a loaded
    // machine too; Blue's late turns wait for the timeout itself.
    let h = clocked_server(CLOCK_SECOND);
    let first = create(&h, 2, clocked_rules(3));
    let room = first.seated().invite.room.as_str().to_string();
    let second = join(&first);
    let told = Arc::new(AtomicUsize::new(0));
    let red_player = counting_blue_timeouts(told.clone());
    let red = std::thread::spawn(move || play_audited_by(first, red_player));
    let mut answer = late_at(&[2, 5], told);
    let r = second
        .play(&mut answer, &mut |_| {})
        .map_err(|e| e.to_string());
    let blue = (r, second.received(), second.verdict());
    let red = red.join().unwrap();
    let f = finished(&h, &room);
    assert!(f.forfeit.is_none(), "{:?}", f.forfeit);
    let game = f.game;
    assert!(game.status().is_over());
    assert_eq!(game.timeouts(Seat::Blue), 2, "log {:?}", h.log());
    assert_eq!(game.timeouts(Seat::Red), 0);
    assert!(
        !h.log().iter().any(|l| l.contains("dropped")),
        "{:?}",
        h.log()
    );
    let mut msgs = Vec::new();
    for (seat, (r, m, v)) in [(0u8, red), (1, blue)] {
        assert!(r.unwrap().is_over());
        assert!(matches!(v, Verdict::Honest { .. }), "seat {seat}: {v}");
        let told: Vec<(Seat, u32)> = (m.iter())
            .filter_map(|m| match m {
                Msg::Host(HostMsg::Timeout { side, count }) => Some((*side, *count)),
                _ => None,
            })
            .collect();
        assert_eq!(told, [(Seat::Blue, 1), (Seat::Blue, 2)], "seat {seat}");
        msgs.push((seat, m));
    }
    check_wire(&msgs, &game);
}

/// The clock runs for a player who is gone: Blue leaves after a few turns and never comes back,
/// times out turn after turn, and its fifth timeout loses the game; Red's audit passes.
#[test]
fn an_absent_player_times_out_turn_after_turn_and_five_timeouts_lose() {
    let h = clocked_server(CLOCK_SECOND);
    let first = create(&h, 2, clocked_rules(2));
    let room = first.seated().invite.room.as_str().to_string();
    let second = join(&first);
    let red = std::thread::spawn(move || play_audited(first));
    assert!(play_then(
        &second,
        3,
        false,
        &AtomicBool::new(false),
        &|c| { c.close() }
    ));
    drop(second);
    let (r, msgs, verdict) = red.join().unwrap();
    assert_eq!(
        r.unwrap(),
        Status::Won(Seat::Red.team(), junqi::engine::EndReason::Timeouts)
    );
    assert!(matches!(verdict, Verdict::Honest { .. }), "{verdict}");
    let f = finished(&h, &room);
    assert!(f.forfeit.is_none(), "{:?}", f.forfeit);
    assert_eq!(f.game.timeouts(Seat::Blue), 5);
    check_wire(&[(0, msgs)], &f.game);
}

/// A player who left while its `go` was waiting, timed out while away and came back: the
/// host answers the timeout it missed for it, the player answers the question it is shown,
/// and the game ends normally with the audit of both stretches passing.
#[test]
fn a_player_back_after_a_timeout_plays_on() {
    let h = clocked_server(CLOCK_SECOND);
    let first = create(&h, 2, clocked_rules(3));
    let room = first.seated().invite.room.as_str().to_string();
    let second = join(&first);
    let seated = second.seated().clone();
    let told = Arc::new(AtomicUsize::new(0));
    let red_player = counting_blue_timeouts(told.clone());
    let red = std::thread::spawn(move || play_audited_by(first, red_player));
    assert!(play_then(
        &second,
        3,
        false,
        &AtomicBool::new(false),
        &|c| { c.close() }
    ));
    let audit = second.audit();
    drop(second);
    // Away until its time has run out once.
    wait_until("Blue's time to run out while it is away", || {
        told.load(Ordering::SeqCst) >= 1
    });
    let back = rejoin(&seated, audit).unwrap();
    let (r, _, verdict) = play_audited(back);
    assert!(r.unwrap().is_over());
    assert!(matches!(verdict, Verdict::Honest { .. }), "{verdict}");
    let (r, msgs, verdict) = red.join().unwrap();
    assert!(r.unwrap().is_over());
    assert!(matches!(verdict, Verdict::Honest { .. }), "{verdict}");
    let f = finished(&h, &room);
    assert!(f.forfeit.is_none(), "{:?}", f.forfeit);
    let n = f.game.timeouts(Seat::Blue);
    assert!((1..5).contains(&n), "{n} timeouts; log {:?}", h.log());
    check_wire(&[(0, msgs)], &f.game);
}

/// Seats by choice: the creator of a four-player room sits at seat 2 (North), a player asking
/// for seat 0 gets it, one asking for a seat taken or one the room lacks is refused, and players
/// who name no seat fill the first free ones; the game is played to the end with every seat
/// where it was taken (each seat's views are its own side's), and every audit passes.
#[test]
fn seats_are_taken_by_choice_or_in_order() {
    let h = server();
    let connect = |req: &Request| Client::connect_keeping(req, true);
    let first = connect(&Request::Create {
        addr: h.addr().to_string(),
        players: 4,
        rules: Rules::for_mode(Mode::Hidden),
        name: "creator".into(),
        pin: Some(h.public_key()),
        seat: Some(2),
    })
    .unwrap();
    assert_eq!(first.seated().seat, 2);
    let invite = first.seated().invite.clone();
    let join_at = |seat: Option<u8>| {
        connect(&Request::Join {
            invite: invite.clone(),
            name: "joiner".into(),
            seat,
        })
    };
    match join_at(Some(2)) {
        // Sent counting from 0, said counting from 1 as `junqi connect --seat` counts: North is
        // seat 3.
        Err(ClientError::Refused(f @ Farewell::SeatTaken(2))) => {
            assert_eq!(f.to_string(), "seat 3 is taken");
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
    let mut clients = vec![first, join_at(Some(0)).unwrap()];
    clients.push(join_at(None).unwrap());
    clients.push(join_at(None).unwrap());
    let seats: Vec<u8> = clients.iter().map(|c| c.seated().seat).collect();
    assert_eq!(seats, [2, 0, 1, 3]);
    let handles: Vec<_> = clients
        .into_iter()
        .map(|c| std::thread::spawn(move || play_audited(c)))
        .collect();
    for (seat, t) in seats.into_iter().zip(handles) {
        let (r, msgs, verdict) = t.join().unwrap();
        assert!(r.unwrap().is_over());
        assert!(
            matches!(verdict, Verdict::Honest { .. }),
            "seat {seat}: {verdict}"
        );
        let side = Seat::FOUR[usize::from(seat)];
        let views = msgs
            .iter()
            .filter_map(|m| match m {
                Msg::Host(HostMsg::View { viewer, .. }) => Some(*viewer),
                _ => None,
            })
            .collect::<Vec<_>>();
        assert!(
            !views.is_empty() && views.iter().all(|v| *v == side),
            "seat {seat}"
        );
    }
    finished(&h, invite.room.as_str());
    // A seat the room lacks.
    let two = create(&h, 2, Rules::for_mode(Mode::Hidden));
    match connect(&Request::Join {
        invite: two.seated().invite.clone(),
        name: "x".into(),
        seat: Some(3),
    }) {
        Err(ClientError::Refused(f @ Farewell::NoSeat(3))) => {
            assert_eq!(f.to_string(), "the room has no seat 4");
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
    h.stop();
}

/// A player who thinks long: `random`, except that on its `at`th `go` it first waits until
/// `release` is set (at most `PATIENCE`), after telling `asked`.
fn slow_at(
    at: u32,
    asked: std::sync::mpsc::Sender<()>,
    release: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> impl FnMut(&str) -> (Vec<String>, bool) {
    let mut inner = builtin_answerer(&"random".parse().unwrap());
    let mut gos = 0;
    move |line: &str| {
        if line == "go" || line.starts_with("go ") {
            gos += 1;
            if gos == at {
                let _ = asked.send(());
                let until = Instant::now() + PATIENCE;
                while !release.load(std::sync::atomic::Ordering::Relaxed) && Instant::now() < until
                {
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        }
        inner(line)
    }
}

/// A player resigns while the other thinks (the network's `resign`, out of turn): the host
/// breaks off the wait, the game ends at once by that resignation, both players are told, and
/// both audits pass.
#[test]
fn a_player_resigns_while_the_other_thinks() {
    resign_while_the_other_thinks(false);
}

/// The same, and the thinking player's connection breaks before it answers (as when the host
/// is killed after the end): its late answer cannot be sent, and it still ends with the result
/// the host sent before.
#[test]
fn a_late_answer_on_a_broken_connection_still_ends_with_the_result() {
    resign_while_the_other_thinks(true);
}

fn resign_while_the_other_thinks(break_first: bool) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let h = server();
    let red = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let blue = join(&red);
    // Sent past the client (which is busy playing): the audit is told too.
    let blue_says = blue.sender().clone();
    let blue_audit = blue.audit();
    let red_line = red.sender().clone();
    let room = red.seated().invite.room.as_str().to_string();
    let (asked_tx, asked) = std::sync::mpsc::channel();
    let release = Arc::new(AtomicBool::new(false));
    let red_t = {
        let release = release.clone();
        std::thread::spawn(move || {
            let mut answer = slow_at(3, asked_tx, release);
            let r = red.play(&mut answer, &mut |_| {});
            (r.map_err(|e| e.to_string()), red.verdict())
        })
    };
    let blue_t = std::thread::spawn(move || {
        let mut answer = builtin_answerer(&"random".parse().unwrap());
        let r = blue.play(&mut answer, &mut |_| {});
        (r.map_err(|e| e.to_string()), blue.verdict())
    });
    asked.recv_timeout(PATIENCE).expect("Red thinks");
    let t0 = Instant::now();
    blue_audit.lock().unwrap().sent(&Msg::Resign);
    blue_says.send(&Msg::Resign, Board::two_player()).unwrap();
    let (b, b_verdict) = blue_t.join().unwrap();
    let waited = t0.elapsed();
    let won = Status::Won(
        junqi::engine::Team::Red,
        junqi::engine::EndReason::Resignation,
    );
    let f = finished(&h, &room);
    assert_eq!(f.game.status(), won);
    assert!(f.forfeit.is_none(), "{:?}", f.forfeit);
    // Red thinks on past the end: the room stays open while Red is in it (for the chat), its
    // late answer is dropped (or cannot be sent, the connection broken), and it ends with the
    // result all the same.
    assert_eq!(h.rooms(), 1, "the room stays open while a player is in it");
    if break_first {
        red_line.close();
    }
    release.store(true, Ordering::Relaxed);
    let (r, r_verdict) = red_t.join().unwrap();
    assert_eq!(b.unwrap(), won);
    assert_eq!(r.unwrap(), won);
    assert!(
        waited < Duration::from_secs(30),
        "ended at once: {waited:?}"
    );
    assert!(matches!(b_verdict, Verdict::Honest { .. }), "{b_verdict}");
    // Both gone: the room closes.
    let until = Instant::now() + PATIENCE;
    while h.rooms() > 0 {
        assert!(
            Instant::now() < until,
            "the room stays open with nobody in it"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    if !break_first {
        // (With the connection broken before Red read the reveal, Red's audit may lack it.)
        assert!(matches!(r_verdict, Verdict::Honest { .. }), "{r_verdict}");
    }
    h.stop();
}

/// Four players: East resigns out of turn while South thinks; East is out, South's question
/// stands (its turn is taken when it comes), and the game is played to its end with every
/// audit passing.
#[test]
fn a_four_player_seat_resigns_out_of_turn_and_the_game_goes_on() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let h = server();
    let south = create(&h, 4, Rules::for_mode(Mode::Hidden));
    let room = south.seated().invite.room.as_str().to_string();
    let others: Vec<Client> = (0..3).map(|_| join(&south)).collect();
    assert_eq!(others[0].seated().seat, 1, "East");
    // Sent past the client (which is busy playing): the audit is told too.
    let east_says = others[0].sender().clone();
    let east_audit = others[0].audit();
    let (asked_tx, asked) = std::sync::mpsc::channel();
    let release = Arc::new(AtomicBool::new(false));
    let mut threads = Vec::new();
    {
        let release = release.clone();
        threads.push(std::thread::spawn(move || {
            let mut answer = slow_at(2, asked_tx, release);
            let r = south.play(&mut answer, &mut |_| {});
            (r.map_err(|e| e.to_string()), south.verdict())
        }));
    }
    for c in others {
        threads.push(std::thread::spawn(move || {
            let mut answer = builtin_answerer(&"random".parse().unwrap());
            let r = c.play(&mut answer, &mut |_| {});
            (r.map_err(|e| e.to_string()), c.verdict())
        }));
    }
    asked.recv_timeout(PATIENCE).expect("South thinks");
    east_audit.lock().unwrap().sent(&Msg::Resign);
    east_says.send(&Msg::Resign, Board::four_player()).unwrap();
    // The table takes it while South still thinks.
    wait_until("the resignation to be taken", || {
        h.log()
            .iter()
            .any(|l| l.contains("seat 2's resignation is taken"))
    });
    release.store(true, Ordering::Relaxed);
    for t in threads {
        let (r, v) = t.join().unwrap();
        assert!(r.unwrap().is_over());
        assert!(matches!(v, Verdict::Honest { .. }), "{v}");
    }
    let f = finished(&h, &room);
    assert!(f.forfeit.is_none(), "{:?}", f.forfeit);
    // Taken while South thought over its second turn: after four turns, before South's.
    let actions = &f.game.record().actions;
    let at = actions
        .iter()
        .position(|a| *a == junqi::engine::Action::Resign(Seat::East))
        .unwrap_or_else(|| panic!("{actions:?}"));
    let turns = actions[..at]
        .iter()
        .filter(|a| matches!(a, junqi::engine::Action::Turn(_)))
        .count();
    assert_eq!(turns, 4, "{actions:?}");
    h.stop();
}

/// A host keeping its state in `dir`, whose waiting rooms live `life` once nobody is in them.
fn host_with_waiting_life(dir: &std::path::Path, life: Duration) -> ServerHandle {
    let mut opts = state_options(dir);
    opts.bounds.waiting_life = life;
    Server::bind("127.0.0.1:0", opts).unwrap().spawn()
}

/// How many rooms the host keeps in its state folder `dir`.
fn room_files(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir.join("rooms")).unwrap().count()
}

/// Whether the host's log says `room` was closed as abandoned.
fn closed_as_abandoned(h: &ServerHandle, room: &str) -> bool {
    h.log()
        .iter()
        .any(|l| l.contains(&format!("room {room}: closed, its game never started")))
}

/// A room whose game never started and to which nobody has been connected for the host's
/// `waiting_life` is closed (by the next room made, or by the host's sweep, whichever comes
/// first): its file is removed, its invite finds no room, and a room someone is still in stays.
#[test]
fn an_abandoned_waiting_room_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let h = host_with_waiting_life(dir.path(), Duration::from_millis(300));
    let left = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let (seat, token, invite) = (
        left.seated().seat,
        left.seated().token.clone(),
        left.seated().invite.clone(),
    );
    assert_eq!(room_files(dir.path()), 1);
    left.close();
    let stays = create(&h, 2, Rules::for_mode(Mode::Hidden));
    // Closed once its life has passed since the host saw its creator go (by the sweep, or by the
    // next room made): whenever that is on a loaded machine.
    wait_until("the abandoned room to be closed", || {
        closed_as_abandoned(&h, invite.room.as_str())
    });
    // The abandoned room is gone, not the one its creator is still in.
    let _third = create(&h, 2, Rules::for_mode(Mode::Hidden));
    assert_eq!(room_files(dir.path()), 2, "{:?}", h.log());
    assert!(
        closed_as_abandoned(&h, invite.room.as_str()),
        "{:?}",
        h.log()
    );
    let back = Client::connect_keeping(
        &Request::Rejoin {
            invite,
            seat,
            token,
        },
        true,
    );
    assert!(
        matches!(back, Err(ClientError::Refused(Farewell::NoSuchRoom))),
        "{:?}",
        back.err()
    );
    let joined = Client::connect_keeping(
        &Request::Join {
            invite: stays.seated().invite.clone(),
            name: "joiner".into(),
            seat: None,
        },
        true,
    );
    assert!(joined.is_ok(), "{:?}", joined.err());
    h.stop();
}

/// The host's sweep closes an abandoned waiting room with no other room made: its file goes, and
/// the log says so, within a few of the sweep's rounds.
#[test]
fn the_host_sweeps_abandoned_rooms_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let h = host_with_waiting_life(dir.path(), Duration::from_millis(200));
    let left = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let room = left.seated().invite.room.as_str().to_string();
    assert_eq!(room_files(dir.path()), 1);
    left.close();
    wait_until("the sweep to close the room", || {
        closed_as_abandoned(&h, &room)
    });
    assert_eq!(room_files(dir.path()), 0);
    h.stop();
}

/// A room whose game has not started is saved: a host that restarts on its state folder keeps
/// it (the same invite, on the host's new address), the creator takes its seat back with its
/// token, the other player joins, and the game is played to the end with both audits passing.
#[test]
fn a_waiting_room_outlives_a_host_restart() {
    let dir = tempfile::tempdir().unwrap();
    let opts = || state_options(dir.path());
    let h1 = Server::bind("127.0.0.1:0", opts()).unwrap().spawn();
    let first = create(&h1, 2, Rules::for_mode(Mode::Hidden));
    let (seat, token, mut invite) = (
        first.seated().seat,
        first.seated().token.clone(),
        first.seated().invite.clone(),
    );
    first.close();
    h1.stop();
    let server = Server::bind("127.0.0.1:0", opts()).unwrap();
    assert_eq!(server.resume_rooms(), 1);
    let h2 = server.spawn();
    invite.addr = h2.addr().to_string();
    let back = Client::connect_keeping(
        &Request::Rejoin {
            invite: invite.clone(),
            seat,
            token,
        },
        true,
    )
    .unwrap();
    let other = Client::connect_keeping(
        &Request::Join {
            invite,
            name: "joiner".into(),
            seat: None,
        },
        true,
    )
    .unwrap();
    assert_eq!(other.seated().seat, 1 - seat);
    let threads = [back, other].map(|c| std::thread::spawn(move || play_audited(c)));
    for t in threads {
        let (r, _, v) = t.join().unwrap();
        assert!(r.unwrap().is_over());
        assert!(matches!(v, Verdict::Honest { .. }), "{v}");
    }
    assert!(
        h2.log()
            .iter()
            .any(|l| l.contains("waiting for its players again")),
        "{:?}",
        h2.log()
    );
    h2.stop();
}

/// A host that stops while the players of a full room choose their formations (the game not yet
/// begun, nothing of it saved but the room): started again on its state folder, the game begins
/// again, both players take their seats back with their tokens and play it to the end.
#[test]
fn a_room_whose_formations_were_being_chosen_begins_again_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let opts = || state_options(dir.path());
    let h1 = Server::bind("127.0.0.1:0", opts()).unwrap().spawn();
    let first = create(&h1, 2, Rules::for_mode(Mode::Hidden));
    let second = join(&first);
    // Neither answers `formation?`: the game waits for them.
    wait_until("the game to start", || {
        h1.log().iter().any(|l| l.contains("the game starts"))
    });
    let seats: Vec<(u8, String)> = [&first, &second]
        .iter()
        .map(|c| (c.seated().seat, c.seated().token.clone()))
        .collect();
    let mut invite = first.seated().invite.clone();
    first.close();
    second.close();
    h1.stop();
    let server = Server::bind("127.0.0.1:0", opts()).unwrap();
    assert_eq!(server.resume_rooms(), 1);
    let h2 = server.spawn();
    invite.addr = h2.addr().to_string();
    let threads: Vec<_> = seats
        .into_iter()
        .map(|(seat, token)| {
            let c = Client::connect_keeping(
                &Request::Rejoin {
                    invite: invite.clone(),
                    seat,
                    token,
                },
                true,
            )
            .unwrap();
            std::thread::spawn(move || play_audited(c))
        })
        .collect();
    for t in threads {
        let (r, _, v) = t.join().unwrap();
        assert!(r.unwrap().is_over());
        assert!(matches!(v, Verdict::Honest { .. }), "{v}");
    }
    assert!(
        h2.log().iter().any(|l| l.contains("the game begins again")),
        "{:?}",
        h2.log()
    );
    h2.stop();
}

/// A raw connection to `h` that has sent the preamble for `kind` (`J` a room named `room`, `C`
/// to create one).
fn raw_preamble(h: &ServerHandle, kind: u8, room: &str) -> std::net::TcpStream {
    use std::io::Write;
    let mut s = std::net::TcpStream::connect(h.addr()).unwrap();
    let mut pre = junqi::net::conn::MAGIC.to_vec();
    pre.push(junqi::net::wire::NET_VERSION);
    pre.push(kind);
    pre.extend_from_slice(room.as_bytes());
    s.write_all(&pre).unwrap();
    s
}

/// Whether the host closes `s`, sending it `trickle` a byte at a time meanwhile (a byte every
/// tenth of a second): read until the end, within 30 s.
fn closed_by_host(s: &mut std::net::TcpStream, trickle: &[u8]) -> bool {
    use std::io::{ErrorKind, Read, Write};
    s.set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let mut bytes = trickle.iter();
    let mut buf = [0u8; 256];
    let until = Instant::now() + Duration::from_secs(30);
    while Instant::now() < until {
        if let Some(b) = bytes.next()
            && s.write_all(&[*b]).is_err()
        {
            return true;
        }
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return true,
        }
    }
    false
}

/// Wait (`PATIENCE` at most) for a line of `h`'s log holding `words`.
fn wait_for_log(h: &ServerHandle, words: &str) {
    wait_until(&format!("'{words}' in the host's log"), || {
        h.log().iter().any(|l| l.contains(words))
    });
}

/// Junk handshakes naming a room lock it: a new player is refused meanwhile, and so is a rejoin
/// with a wrong token (it learns no more than a wrong code does). But the player whose
/// connection broke proves its seat's token inside the handshake, takes its seat back, and the
/// game ends normally with its audit passing.
#[test]
fn junk_handshakes_naming_a_room_do_not_lock_its_player_out() {
    use std::io::{Read, Write};
    let h = server_with(Bounds {
        wrong_codes: 3,
        lock_time: Duration::from_secs(3600),
        ..Bounds::default()
    });
    let first = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let room = first.seated().invite.room.as_str().to_string();
    let second = join(&first);
    let seated = second.seated().clone();
    let other = std::thread::spawn(move || play(first));
    assert!(
        play_then(&second, 3, false, &AtomicBool::new(false), &|c| c.close()),
        "{:?}",
        h.log()
    );
    let audit = second.audit();
    drop(second);
    for _ in 0..3 {
        let mut s = raw_preamble(&h, b'J', &room);
        let mut answer = [0u8; 1];
        s.read_exact(&mut answer).unwrap();
        assert_eq!(answer[0], junqi::net::conn::PREAMBLE_OK);
        // Junk where the handshake's first message goes (its length: a key and a tag).
        s.write_all(&[0, 48]).unwrap();
        s.write_all(&[7u8; 48]).unwrap();
        assert!(closed_by_host(&mut s, &[]));
    }
    wait_for_log(&h, &format!("room {room}: locked for"));
    let refused_locked = |req: &Request| match Client::connect(req) {
        Err(ClientError::Refused(Farewell::Locked)) => {}
        other => panic!("{:?}", other.map(|_| ())),
    };
    refused_locked(&Request::Join {
        invite: seated.invite.clone(),
        name: "x".into(),
        seat: None,
    });
    let mut wrong = seated.token.clone();
    let c = if wrong.starts_with('0') { "1" } else { "0" };
    wrong.replace_range(..1, c);
    refused_locked(&Request::Rejoin {
        invite: seated.invite.clone(),
        seat: seated.seat,
        token: wrong,
    });
    rejoin_and_play_out(&h, &seated, audit, other, &room);
    assert!(
        h.log()
            .iter()
            .any(|l| l.contains("let in while the room is locked")),
        "{:?}",
        h.log()
    );
}

/// The preamble, the handshake and the first request have one deadline in all, not one a read:
/// a client trickling its bytes, and one that sends a create handshake's first message and
/// then nothing, are both closed by it, while a game on the same host goes on to its end.
#[test]
fn a_trickling_or_silent_handshake_is_closed_by_its_deadline_while_a_game_goes_on() {
    use std::io::{Read, Write};
    let h = server_with(Bounds {
        handshake_time: Duration::from_secs(5),
        ..Bounds::default()
    });
    let first = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let room = first.seated().invite.room.as_str().to_string();
    let second = join(&first);
    // The first player holds its first turn until both connections are closed: the game goes on
    // meanwhile (and the room is there to be named).
    let (closed_tx, closed_rx) = std::sync::mpsc::channel::<()>();
    let held = std::thread::spawn(move || {
        let mut inner = builtin_answerer(&"random".parse().unwrap());
        let mut waited = false;
        let mut answer = |line: &str| {
            if line.starts_with("go") && !waited {
                waited = true;
                closed_rx.recv_timeout(Duration::from_secs(60)).unwrap();
            }
            inner(line)
        };
        first
            .play(&mut answer, &mut |_| {})
            .map_err(|e| e.to_string())
    });
    let other = std::thread::spawn(move || play(second).0);
    // The preamble and a frame of 1000 bytes, a byte every tenth of a second.
    let mut trickle = junqi::net::conn::MAGIC.to_vec();
    trickle.push(junqi::net::wire::NET_VERSION);
    trickle.push(b'J');
    trickle.extend_from_slice(room.as_bytes());
    trickle.extend_from_slice(&[0x03, 0xE8]);
    trickle.extend_from_slice(&[9u8; 1000]);
    let mut s = std::net::TcpStream::connect(h.addr()).unwrap();
    assert!(closed_by_host(&mut s, &trickle), "{:?}", h.log());
    // A create handshake's first message (an ephemeral key), the host's answer read, then
    // nothing: no request comes.
    let mut s = raw_preamble(&h, b'C', "------");
    let mut answer = [0u8; 1];
    s.read_exact(&mut answer).unwrap();
    assert_eq!(answer[0], junqi::net::conn::PREAMBLE_OK);
    s.write_all(&[0, 32]).unwrap();
    s.write_all(&[5u8; 32]).unwrap();
    assert!(closed_by_host(&mut s, &[]), "{:?}", h.log());
    closed_tx.send(()).unwrap();
    for g in [held, other] {
        assert!(g.join().unwrap().unwrap().is_over());
    }
    let timed_out = h.log().iter().filter(|l| l.contains("timed out")).count();
    assert!(timed_out >= 2, "{:?}", h.log());
}

/// A host killed between writing a file and renaming it leaves the temporary file (a room's
/// holds its secret, tokens and formations): the next start removes it, and its key's too.
#[test]
fn a_restarted_host_removes_the_temporary_files_a_killed_one_left() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = dir.path().join("rooms");
    std::fs::create_dir_all(&rooms).unwrap();
    // A process id no system gives (on Linux at most 2^22), written long ago (elsewhere only an
    // old file counts as left).
    let stale = [
        rooms.join(".ABCDEF.room.4000000000.tmp"),
        dir.path().join(".host-key.4000000000.tmp"),
    ];
    for p in &stale {
        std::fs::write(p, "room ABCDEF\nsecret 0123456789\n").unwrap();
        let long_ago = std::time::SystemTime::now() - Duration::from_secs(3 * 24 * 3600);
        std::fs::File::options()
            .write(true)
            .open(p)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
    }
    let server = Server::bind("127.0.0.1:0", state_options(dir.path())).unwrap();
    assert_eq!(server.resume_rooms(), 0);
    for p in &stale {
        assert!(!p.exists(), "{} left", p.display());
    }
    assert!(
        server
            .handle()
            .log()
            .iter()
            .any(|l| l.contains("temporary files")),
        "{:?}",
        server.handle().log()
    );
}

/// A room's file copied under another name is one room: resumed once (the copy removed), and a
/// room whose file alone was renamed is resumed from it under its own name again; its player
/// takes the seat back.
#[test]
fn a_room_file_under_another_name_is_resumed_once() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = dir.path().join("rooms");
    let h1 = Server::bind("127.0.0.1:0", state_options(dir.path()))
        .unwrap()
        .spawn();
    let first = create(&h1, 2, Rules::for_mode(Mode::Hidden));
    let (seat, token, mut invite) = (
        first.seated().seat,
        first.seated().token.clone(),
        first.seated().invite.clone(),
    );
    first.close();
    h1.stop();
    let own = rooms.join(format!("{}.room", invite.room));
    std::fs::copy(&own, rooms.join("copy.room")).unwrap();
    let server = Server::bind("127.0.0.1:0", state_options(dir.path())).unwrap();
    assert_eq!(server.resume_rooms(), 1, "{:?}", server.handle().log());
    assert_eq!(room_files(dir.path()), 1);
    assert!(own.exists());
    let h2 = server.spawn();
    assert!(
        h2.log().iter().any(|l| l.contains("another file of room")),
        "{:?}",
        h2.log()
    );
    h2.stop();
    std::fs::rename(&own, rooms.join("moved.room")).unwrap();
    let server = Server::bind("127.0.0.1:0", state_options(dir.path())).unwrap();
    assert_eq!(server.resume_rooms(), 1, "{:?}", server.handle().log());
    assert_eq!(room_files(dir.path()), 1);
    assert!(own.exists());
    let h3 = server.spawn();
    invite.addr = h3.addr().to_string();
    let back = Client::connect(&Request::Rejoin {
        invite,
        seat,
        token,
    });
    assert!(back.is_ok(), "{:?}", back.err());
    h3.stop();
}

/// A room created without a pinned key keeps the key the host presented first: the same key
/// passes; a host at that address presenting another key is refused, naming both keys, before
/// any room is made on it; accepting the new key makes the room, and keeps that key.
#[test]
fn a_hosts_first_key_is_kept_and_a_changed_one_refused() {
    use junqi::net::known_hosts::{KeyRefused, KnownHosts};
    let dir = tempfile::tempdir().unwrap();
    let known = KnownHosts::in_dir(dir.path());
    let h1 = server();
    let addr = h1.addr();
    let req = Request::Create {
        addr: addr.to_string(),
        players: 2,
        rules: Rules::for_mode(Mode::Hidden),
        name: "creator".into(),
        pin: None,
        seat: None,
    };
    Client::connect_known(&req, &known).unwrap().close();
    assert!(dir.path().join(junqi::net::known_hosts::FILE).exists());
    Client::connect_known(&req, &known).unwrap().close();
    assert_eq!(h1.rooms(), 2);
    h1.stop();
    // Another host (another key) on the same address, once the first has let it go.
    let until = Instant::now() + Duration::from_secs(30);
    let h2 = loop {
        match Server::bind(&addr.to_string(), ServeOptions::default()) {
            Ok(s) => break s.spawn(),
            Err(e) => assert!(Instant::now() < until, "{e}"),
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let enc = junqi::net::invite::encode;
    match Client::connect_known(&req, &known) {
        Err(ClientError::HostKey(KeyRefused::Changed(c))) => {
            assert_eq!(c.known, enc(&h1.public_key()));
            assert_eq!(c.offered, enc(&h2.public_key()));
            let words = ClientError::HostKey(KeyRefused::Changed(c)).to_string();
            assert!(words.contains("--accept-new-host-key"), "{words}");
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
    assert_eq!(h2.rooms(), 0);
    Client::connect_known(&req, &known.clone().accepting_new())
        .unwrap()
        .close();
    Client::connect_known(&req, &known).unwrap().close();
    assert_eq!(h2.rooms(), 2);
    h2.stop();
}

/// What one seat of a room was told and answered through its answerer, line by line.
type Said = Vec<(String, Vec<String>)>;

/// `Said`, shared with the seat's thread.
type Talk = std::sync::Arc<std::sync::Mutex<Said>>;

/// A room of `specs.len()` players on a fresh host, seat k played by the built-in player
/// `specs[k]`, every line each seat was told and its answers kept; the host's finished game and
/// each seat's talk (by seat).
fn play_room_talking(rules: Rules, specs: &[&str]) -> (Game, Vec<Said>) {
    let h = server();
    let players = specs.len() as u8;
    let first = create(&h, players, rules);
    let room = first.seated().invite.room.as_str().to_string();
    let mut clients = vec![first];
    for _ in 1..players {
        clients.push(join(&clients[0]));
    }
    let talks: Vec<Talk> = specs.iter().map(|_| Talk::default()).collect();
    let handles: Vec<_> = clients
        .into_iter()
        .map(|c| {
            let k = usize::from(c.seated().seat);
            let (spec, talk) = (specs[k].to_string(), talks[k].clone());
            std::thread::spawn(move || {
                let mut inner = builtin_answerer(&spec.parse().unwrap());
                let mut answer = |line: &str| {
                    let (out, stop) = inner(line);
                    talk.lock().unwrap().push((line.to_string(), out.clone()));
                    (out, stop)
                };
                let r = c.play(&mut answer, &mut |_| {});
                assert!(r.unwrap().is_over());
            })
        })
        .collect();
    for t in handles {
        t.join().unwrap();
    }
    let f = finished(&h, &room);
    let talks = talks.iter().map(|t| t.lock().unwrap().clone()).collect();
    (f.game, talks)
}

/// The `seed` line a seat was told.
fn told_seed(talk: &[(String, Vec<String>)]) -> u64 {
    talk.iter()
        .find_map(|(l, _)| l.strip_prefix("seed ")?.parse().ok())
        .expect("a seed line")
}

/// The seed the host once gave seat `k` of a room: the deal's seed XOR a constant. The attack
/// undoes it: from seat `a`'s seed, the deal's seed and seat `b`'s as that scheme made them.
fn old_scheme(seed_a: u64, a: usize, b: usize) -> (u64, u64) {
    let deal = seed_a ^ (0x5EA7_0000 + a as u64);
    (deal, deal ^ (0x5EA7_0000 + b as u64))
}

/// A seat's seed is not its deal's seed, nor a simple offset or mask of it or of another seat's.
fn unrelated(a: u64, b: u64) {
    for d in [a ^ b, a.wrapping_sub(b), b.wrapping_sub(a)] {
        assert!(d > u64::from(u32::MAX), "{a} and {b} differ by {d}");
    }
}

/// A flip room: from the seed a seat is told, the old scheme's deal is not the game's deal, and
/// no seat's seed is related to the deal's or to the other seat's.
#[test]
fn a_seats_seed_over_the_wire_does_not_give_away_the_flip_deal() {
    let rules = Rules::for_mode(Mode::Flip);
    let (game, talks) = play_room_talking(rules.clone(), &["random", "random"]);
    let junqi::engine::Start::FlipDeal { seed: deal } = game.record().start.clone() else {
        panic!("a flip deal");
    };
    let seeds: Vec<u64> = talks.iter().map(|t| told_seed(t)).collect();
    for (a, &s) in seeds.iter().enumerate() {
        let (guess, _) = old_scheme(s, a, a);
        let guessed = junqi::engine::Start::FlipDeal { seed: guess }.position(&rules);
        assert_ne!(&guessed.unwrap(), game.start_position(), "seat {a}");
        unrelated(s, deal);
        for &t in &seeds[a + 1..] {
            unrelated(s, t);
        }
    }
}

/// A hidden room with a computer seat: from what every other seat is told, the computer's
/// seed by the old scheme, fed to the computer as its `seed` line, does not make the formation
/// the computer sent; no two seats' seeds are related.
fn no_seat_computes_the_computers_formation(specs: &[&str], computer: usize) {
    let rules = Rules::for_mode(Mode::Hidden);
    let (_, talks) = play_room_talking(rules, specs);
    let seeds: Vec<u64> = talks.iter().map(|t| told_seed(t)).collect();
    // What the computer sent when asked for its formation, and the lines before that.
    let talk = &talks[computer];
    let asked = talk.iter().position(|(l, _)| l == "formation?").unwrap();
    let sent = talk[asked].1.clone();
    assert!(sent[0].starts_with("formation "), "{sent:?}");
    for (a, &s) in seeds.iter().enumerate() {
        if a == computer {
            continue;
        }
        let (_, guess) = old_scheme(s, a, computer);
        // The attack: the computer's own program, told the guessed seed, asked for a formation.
        let mut engine = builtin_answerer(&specs[computer].parse().unwrap());
        let mut made = Vec::new();
        for (line, _) in &talk[..=asked] {
            let line = if line.starts_with("seed ") {
                format!("seed {guess}")
            } else {
                line.clone()
            };
            made = engine(&line).0;
        }
        assert!(made[0].starts_with("formation "), "{made:?}");
        assert_ne!(made, sent, "seat {a} computed the computer's formation");
    }
    for (a, &s) in seeds.iter().enumerate() {
        for &t in &seeds[a + 1..] {
            unrelated(s, t);
        }
    }
}

#[test]
fn a_seats_seed_over_the_wire_does_not_give_away_the_computers_formation() {
    no_seat_computes_the_computers_formation(&["random", "ai:easy:nodes=300"], 1);
}

#[test]
fn a_seats_seed_over_the_wire_does_not_give_away_a_four_player_computers_formation() {
    no_seat_computes_the_computers_formation(
        &["random", "random", "ai:easy:nodes=300", "random"],
        2,
    );
}

/// A random player that answers its `n`th `go` with `line` instead (once), if given.
fn random_but(n: usize, line: Option<&'static str>) -> impl FnMut(&str) -> (Vec<String>, bool) {
    let mut inner = builtin_answerer(&"random".parse().unwrap());
    let mut gos = 0;
    move |l: &str| {
        if l.starts_with("go") {
            gos += 1;
            if let (true, Some(line)) = (gos == n, line) {
                return (vec![line.to_string()], false);
            }
        }
        inner(l)
    }
}

/// A two-player room on a host lying to seat 1 with `fault`, played to its end at random (seat 0
/// answering its third `go` with `first` if given): seat 1 names the host a liar (`named` says
/// how), seat 0 finds it honest.
fn lied_to_seat_1(
    fault: Fault,
    mode: Mode,
    first: Option<&'static str>,
    named: impl Fn(&Lie) -> bool,
) {
    let h = server_lying(Bounds::default(), Some(fault));
    let a = create(&h, 2, Rules::for_mode(mode));
    let b = join(&a);
    assert_eq!(b.seated().seat, 1);
    let t = std::thread::spawn(move || {
        let mut answer = random_but(3, first);
        let _ = a.play(&mut answer, &mut |_| {});
        a.verdict()
    });
    let (_, _, vb) = play_audited(b);
    let va = t.join().unwrap();
    assert!(matches!(va, Verdict::Honest { .. }), "seat 0: {va}");
    assert!(matches!(&vb, Verdict::Lied(l) if named(l)), "seat 1: {vb}");
}

/// The act the record gives the player, if the lie named is one.
fn acted(l: &Lie) -> Option<&junqi::engine::Action> {
    match l {
        Lie::Acted { what, .. } => Some(what),
        _ => None,
    }
}

#[test]
fn a_host_that_shows_a_stale_view_is_named_by_that_player() {
    let fault = Fault::StaleView { seat: 1 };
    lied_to_seat_1(fault, Mode::Hidden, None, |l| matches!(l, Lie::View { .. }));
}

#[test]
fn a_host_that_makes_up_a_refusal_is_named_by_that_player() {
    let fault = Fault::MadeUpRefusal { seat: 1 };
    lied_to_seat_1(fault, Mode::Hidden, None, |l| {
        matches!(l, Lie::Refusal { .. })
    });
}

#[test]
fn a_host_that_changes_a_formation_is_named_by_that_player() {
    let fault = Fault::ChangedFormation { seat: 1 };
    lied_to_seat_1(fault, Mode::Hidden, None, |l| {
        *l == Lie::Formation(Seat::Blue)
    });
}

#[test]
fn a_host_that_swaps_a_turn_is_named_by_that_player() {
    let fault = Fault::SwappedTurn { seat: 1 };
    lied_to_seat_1(fault, Mode::Flip, None, |l| {
        matches!(acted(l), Some(junqi::engine::Action::Turn(_)))
    });
}

#[test]
fn a_host_that_resigns_for_a_player_is_named_by_that_player() {
    let fault = Fault::InventedResignation { seat: 1 };
    lied_to_seat_1(fault, Mode::Hidden, None, |l| {
        matches!(acted(l), Some(junqi::engine::Action::Resign(_)))
    });
}

#[test]
fn a_host_that_accepts_a_draw_for_a_player_is_named_by_that_player() {
    let fault = Fault::InventedDrawAnswer { seat: 1 };
    lied_to_seat_1(fault, Mode::Hidden, Some("draw offer"), |l| {
        matches!(acted(l), Some(junqi::engine::Action::AcceptDraw(_)))
    });
}

#[test]
fn a_host_that_agrees_to_a_takeback_for_a_player_is_named_by_that_player() {
    let fault = Fault::InventedTakebackAnswer { seat: 1 };
    lied_to_seat_1(fault, Mode::Hidden, Some("takeback ask"), |l| {
        matches!(acted(l), Some(junqi::engine::Action::Takeback { .. }))
    });
}

#[test]
fn a_host_that_sends_another_record_is_named_by_that_player() {
    let fault = Fault::OtherRecord { seat: 1 };
    lied_to_seat_1(fault, Mode::Hidden, None, |_| true);
}

/// How one seat of `random_room` plays: a random player that now and then offers a draw, asks
/// for a takeback, resigns (on its turn or out of it, once) and answers draw offers and
/// takeback asks at random, and whose connection drops at random moments (at most twice) and
/// is taken back with its token. The verdict at the end (`None` if the game ended while the
/// seat was away: its rejoin refused, nothing revealed to check) and how many times it rejoined.
/// With `JUNQI_AUDIT_DUMP` set, a verdict other than honest writes the audit to
/// `/tmp/audit-dump-SEED.txt`.
fn chaotic_seat(c: Client, seed: u64) -> (Option<Verdict>, usize) {
    use junqi::engine::rng::SplitMix64;
    let mut rng = SplitMix64::new(seed);
    let mut inner = builtin_answerer(&"random".parse().unwrap());
    let seated = c.seated().clone();
    let mut c = c;
    let (mut drops, mut resigned, mut over) = (0, false, false);
    // The last `go` was answered with something other than a turn (a draw offer, a takeback
    // ask): the next one is answered with a turn (one of each per turn).
    let mut asked_once = false;
    let mut last_view: Option<HostMsg> = None;
    // Refusals told since the last report: an attack refused twice is not tried again.
    let mut refused = 0;
    let mut rules: Option<Rules> = None;
    let until = Instant::now() + Duration::from_secs(300);
    loop {
        assert!(Instant::now() < until, "seat {} hangs", seated.seat);
        let Some(ev) = c.next_event(Duration::from_secs(60)) else {
            panic!("seat {}: the host is silent", seated.seat);
        };
        let closed = match ev {
            Event::Msg(Msg::Host(m)) => {
                over |=
                    matches!(&m, HostMsg::GameOver(s) if s.is_over()) || matches!(m, HostMsg::Quit);
                let line = m.line(c.board());
                let roll = rng.below(1000);
                match &m {
                    HostMsg::View { .. } => last_view = Some(m.clone()),
                    HostMsg::Rules(r) => rules = Some(r.clone()),
                    HostMsg::Refused(..) => refused += 1,
                    HostMsg::Report(_) | HostMsg::TakenBack(..) | HostMsg::Timeout { .. } => {
                        refused = 0;
                    }
                    _ => {}
                }
                // Toward the enemy's headquarters, and into them, to draw refusals.
                let bold = match &m {
                    HostMsg::Go { .. } if roll < 900 && refused < 2 => {
                        toward_hq(&last_view, &rules, roll < 500)
                    }
                    _ => None,
                };
                let lines = match &m {
                    HostMsg::Go { .. } if !asked_once && roll < 15 => {
                        asked_once = true;
                        vec!["draw offer".to_string()]
                    }
                    HostMsg::Go { .. } if !asked_once && roll < 40 => {
                        asked_once = true;
                        vec!["takeback ask".to_string()]
                    }
                    HostMsg::Go { .. } if !resigned && roll < 41 => {
                        resigned = true;
                        vec!["resign".to_string()]
                    }
                    HostMsg::Go { .. } if bold.is_some() => {
                        asked_once = false;
                        inner(&line); // the engine expects its answer; this one is ours
                        vec![format!("turn {}", bold.unwrap())]
                    }
                    HostMsg::DrawOffered(_) => {
                        vec![format!(
                            "draw {}",
                            if roll < 100 { "accept" } else { "decline" }
                        )]
                    }
                    HostMsg::TakebackAsked(..) => {
                        vec![format!(
                            "takeback {}",
                            if roll < 500 { "accept" } else { "decline" }
                        )]
                    }
                    _ => {
                        if matches!(m, HostMsg::Go { .. }) {
                            asked_once = false;
                        }
                        inner(&line).0
                    }
                };
                let mut broke = false;
                for l in lines {
                    broke |= c.answer(EngineMsg::parse(&l).unwrap()).is_err();
                }
                broke
            }
            Event::Msg(Msg::Bye(_)) | Event::Closed(_) => true,
            Event::Msg(_) => false,
        };
        // The game over and revealed: the seat leaves (the room stays open for the chat).
        if over && c.audit().lock().unwrap().revealed() {
            let v = c.verdict();
            if !matches!(v, Verdict::Honest { .. })
                && std::env::var_os("JUNQI_AUDIT_DUMP").is_some()
            {
                let dump = format!("{:#?}", c.audit().lock().unwrap());
                std::fs::write(format!("/tmp/audit-dump-{seed}.txt"), dump).unwrap();
            }
            c.close();
            return (Some(v), drops);
        }
        if !closed {
            if !over && !resigned && rng.below(10_000) < 3 {
                resigned = true;
                let _ = c.send(&Msg::Resign);
                continue;
            }
            if over || drops >= 2 || rng.below(1000) >= 4 {
                continue;
            }
        }
        // The connection drops (or broke): the seat is taken back with its token.
        drops += 1;
        let audit = c.audit();
        c.close();
        match rejoin(&seated, audit) {
            Ok(b) => c = b,
            // The game ended meanwhile: nothing to check.
            Err(ClientError::Refused(_)) => return (None, drops),
            Err(e) => panic!("seat {}: {e}", seated.seat),
        }
    }
}

/// A turn the view allows that attacks an enemy piece in a headquarters (where a flag may be
/// refused by the flag rules), or, if `march`, one that brings a piece nearest to one.
fn toward_hq(view: &Option<HostMsg>, rules: &Option<Rules>, march: bool) -> Option<String> {
    use junqi::engine::{NodeKind, Seen, Turn};
    let (
        Some(HostMsg::View {
            viewer,
            notation,
            mines,
        }),
        Some(rules),
    ) = (view, rules)
    else {
        return None;
    };
    let v = View::from_notation(notation, Viewer::Side(*viewer), rules, mines).ok()?;
    let board = v.board();
    let enemy = |s: Seat| s != *viewer && Some(s) != viewer.partner();
    let hqs: Vec<_> = (0..board.len() as u8)
        .filter(|&n| {
            board.kind(n) == NodeKind::Hq && board.nodes[n as usize].half.is_some_and(enemy)
        })
        .collect();
    let dist = |n: u8| {
        let a = &board.nodes[n as usize];
        (hqs.iter())
            .map(|&h| {
                let b = &board.nodes[h as usize];
                a.col.abs_diff(b.col) + a.row.abs_diff(b.row)
            })
            .min()
            .unwrap_or(0)
    };
    let moves: Vec<(u8, u8)> = (v.candidate_turns(rules).into_iter())
        .filter(|&t| v.check_turn(rules, t).is_ok())
        .filter_map(|t| match t {
            Turn::Move { from, to } => Some((from, to)),
            Turn::Flip(_) => None,
        })
        .collect();
    let attack = moves.iter().find(|&&(_, to)| {
        hqs.contains(&to)
            && match v.at(to) {
                Seen::Unknown(s) => enemy(s),
                Seen::Known(p) => enemy(p.side()),
                _ => false,
            }
    });
    let nearer = || {
        (moves.iter())
            .filter(|&&(from, to)| dist(to) < dist(from))
            .min_by_key(|&&(_, to)| dist(to))
    };
    let (from, to) = match attack {
        Some(m) => *m,
        None if march => *nearer()?,
        None => return None,
    };
    Some(Turn::Move { from, to }.notation(board))
}

/// One random game on host `h` (`seed` chooses two or four players, hidden or flip, the flag
/// rules), every seat chaotic (`chaotic_seat`): each seat's verdict.
fn random_room(h: &ServerHandle, seed: u64) -> Vec<(u8, (Option<Verdict>, usize))> {
    use junqi::engine::FlagTakers;
    let players = if seed % 3 == 2 { 4 } else { 2 };
    let mode = if players == 2 && seed % 2 == 1 {
        Mode::Flip
    } else {
        Mode::Hidden
    };
    let mut rules = Rules::for_mode(mode);
    // Both refusal reasons: mines left, the wrong piece on the flag.
    rules.flag_needs_mines_cleared = seed % 4 < 2;
    rules.flag_takers =
        [FlagTakers::Any, FlagTakers::Engineer, FlagTakers::Smallest][(seed / 4 % 3) as usize];
    if rules.validate().is_err() {
        rules = Rules::for_mode(mode);
    }
    let first = create(h, players, rules);
    let mut clients = vec![first];
    for _ in 1..players {
        clients.push(join(&clients[0]));
    }
    let handles: Vec<_> = clients
        .into_iter()
        .enumerate()
        .map(|(k, c)| {
            let seat = c.seated().seat;
            let s = seed.wrapping_mul(31).wrapping_add(k as u64);
            std::thread::spawn(move || (seat, chaotic_seat(c, s)))
        })
        .collect();
    let out: Vec<_> = handles.into_iter().map(|t| t.join()).collect();
    // A seat that failed (a host silent for a minute …): the host's log says where it stood.
    if out.iter().any(|r| r.is_err()) {
        let log = h.log();
        let tail = &log[log.len().saturating_sub(60)..];
        panic!(
            "seed {seed}: a seat failed; the host's log ends:\n{}",
            tail.join("\n")
        );
    }
    out.into_iter().map(|r| r.unwrap()).collect()
}

/// The audit never accuses an honest host: random two- and four-player hidden and flip games
/// through the real host, with refusals, takebacks, draw offers, resignations in and out of
/// turn, drops and rejoins; every seat's verdict is honest (or, for a seat away at the end,
/// unchecked). `JUNQI_AUDIT_GAMES` plays more (the release run: 500).
#[test]
fn the_audit_never_accuses_an_honest_host() {
    let games: u64 = std::env::var("JUNQI_AUDIT_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(8);
    let h = server();
    let (mut honest, mut away, mut rejoins) = (0, 0, 0);
    for seed in 0..games {
        for (seat, (v, drops)) in random_room(&h, seed) {
            rejoins += drops;
            match v {
                Some(Verdict::Honest { .. }) => honest += 1,
                None => away += 1,
                Some(v) => panic!("game {seed}, seat {seat}: {v}"),
            }
        }
    }
    // What the games held (the host's finished games and its log).
    use junqi::engine::Action;
    let mut count = std::collections::BTreeMap::<&str, usize>::new();
    // (The host files a game as finished once it has sent the reveal, a moment after the end.)
    let until = Instant::now() + Duration::from_secs(30);
    while h.finished().len() < games as usize && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    let finished = h.finished();
    for f in &finished {
        let four = f.game.board().is_four();
        let games = if four { "games: four" } else { "games: two" };
        *count.entry(games).or_default() += 1;
        for r in f.game.refusals() {
            if let junqi::engine::IllegalTurn::FlagAttackRefused { mines, .. } = r.said {
                let why = if mines {
                    "refused: mines"
                } else {
                    "refused: taker"
                };
                *count.entry(why).or_default() += 1;
                if four {
                    *count.entry("refused: four players").or_default() += 1;
                }
            }
        }
        for a in &f.game.record().actions {
            let kind = match a {
                Action::Turn(_) => "turns",
                Action::Refused(_) => "refusals",
                Action::Resign(_) => "resignations",
                Action::OfferDraw(_) => "draw offers",
                Action::AcceptDraw(_) => "draws accepted",
                Action::DeclineDraw(_) => "draws declined",
                Action::Timeout(_) => "timeouts",
                Action::Takeback { .. } => "takebacks",
            };
            *count.entry(kind).or_default() += 1;
        }
    }
    eprintln!(
        "{games} games ({} finished): {honest} honest verdicts, {away} seats away at the end, \
         {rejoins} rejoins, {count:?}",
        finished.len()
    );
    assert!(honest > 0);
}

/// The next `Msg::Away` `c` receives (other messages passed over), within `PATIENCE`.
fn next_away(c: &Client) -> Vec<u8> {
    let until = Instant::now() + PATIENCE;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "no away message");
        match c.next_event(left) {
            Some(Event::Msg(Msg::Away(seats))) => return seats,
            Some(Event::Closed(why)) => panic!("closed: {why}"),
            _ => {}
        }
    }
}

/// Once the game started, every player hears which seats are away after a drop (`away 1`)
/// and after the rejoin (`away`, nobody).
#[test]
fn players_hear_of_a_drop_and_of_the_rejoin() {
    let h = server();
    let red = create(&h, 2, Rules::for_mode(Mode::Hidden));
    let blue = join(&red);
    wait_for_log(&h, "the game starts");
    let seated = blue.seated().clone();
    let audit = blue.audit();
    blue.close();
    assert_eq!(next_away(&red), [1]);
    let back = rejoin(&seated, audit).unwrap();
    assert_eq!(next_away(&red), Vec::<u8>::new());
    assert_eq!(next_away(&back), Vec::<u8>::new());
    red.close();
    assert_eq!(next_away(&back), [0]);
    h.stop();
}
