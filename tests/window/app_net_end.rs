//! The end of a network game in the window, over the real network on loopback: the chat stays
//! open after the end (the room waits for its players to leave).

use crate::app_remote::{
    audited_and_revealed, click_to_the_end, join_in_window, loopback_server, short_hidden_rules,
    shows, type_into,
};
use crate::common;
use egui_kittest::kittest::Queryable;
use junqi::net::client::{Client, Event, Request};
use junqi::net::wire::Msg;

/// A headless creator plays the game out against the window, then says "good game" and waits
/// for an answer: the window shows the line beside the end (the audit's verdict there) and
/// sends its own with the chat field, which the creator receives.
#[test]
fn the_chat_stays_open_at_the_end_of_a_network_game() {
    let server = loopback_server();
    let creator = Client::connect(&Request::Create {
        addr: server.addr().to_string(),
        players: 2,
        rules: short_hidden_rules(),
        name: "Li".into(),
        pin: Some(server.public_key()),
        seat: None,
    })
    .unwrap();
    let invite = creator.seated().invite.to_string();
    let headless = std::thread::spawn(move || {
        let mut answer = junqi::table::answerer::builtin_answerer(&"random".parse().unwrap());
        let status = creator.play(&mut answer, &mut |_| {}).unwrap();
        assert!(status.is_over());
        creator.send(&Msg::Say("good game".into())).unwrap();
        let until = std::time::Instant::now() + common::PATIENCE;
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            match creator.next_event(left) {
                Some(Event::Msg(Msg::Said { from: 1, text })) => return text,
                Some(Event::Closed(why)) => panic!("closed: {why}"),
                None => panic!("no answer in the chat"),
                _ => {}
            }
        }
    });
    let (_dir, mut h) = common::window();
    h.state_mut().network = Box::new(junqi::app::remote::net_link::NetNetwork::default());
    join_in_window(&mut h, &invite);
    click_to_the_end(&mut h, 5);
    audited_and_revealed(&mut h);
    common::step_until(&mut h, "the other's chat line", |h| {
        shows(h, "Li: good game")
    });
    type_into(&mut h, "Chat message", "thanks, again?");
    common::click(&mut h, "Send");
    assert_eq!(headless.join().unwrap(), "thanks, again?");
    assert!(shows(&h, "me: thanks, again?"));
    server.stop();
}

fn two_player_game() -> junqi::engine::Game {
    use junqi::engine::{Formation, Game, Mode, Rules, Start};
    let rules = Rules::for_mode(Mode::Hidden);
    let mut rng = junqi::engine::rng::SplitMix64::new(5);
    let (r, b) = (
        Formation::random(&mut rng, &rules),
        Formation::random(&mut rng, &rules),
    );
    Game::new(rules, Start::formations(&r, &b)).unwrap()
}

/// The end screen's rematch against a scripted host: the button asks; one's own request waits
/// for the others; a decline is told, and the button is back; another's request is a banner
/// with Accept and Decline, each sending its answer; once every seat agreed the screen moves
/// into the next game (a new screen, nothing of the last game's end on it). In Chinese the
/// button reads 再来一局.
#[test]
fn the_end_screen_asks_for_a_rematch_and_answers_anothers() {
    use crate::app_remote::{check, joined};
    use junqi::app::remote::link::{Incoming, Outgoing, RematchNews};
    use junqi::engine::{EndReason, Seat, Status};
    use junqi::protocol::HostMsg;
    let (_dir, mut h, host) = joined(two_player_game(), Seat::Blue);
    assert!(h.query_by_label("Rematch").is_none(), "not during the game");
    host.send(HostMsg::GameOver(Status::Draw(EndReason::Agreement)));
    check(&mut h, &host);
    let _ = host.outgoing();
    common::click(&mut h, "Rematch");
    assert_eq!(host.outgoing(), [Outgoing::Rematch(true)]);
    let news = |h: &mut egui_kittest::Harness<'static, junqi::app::JunqiApp>, n| {
        assert!(host.far.send(Incoming::Rematch(n)));
        check(h, &host);
    };
    news(
        &mut h,
        RematchNews::Asked {
            who: "Mei".into(),
            you: true,
        },
    );
    assert!(shows(&h, "Waiting for the others to agree to a rematch…"));
    assert!(h.query_by_label("Rematch").is_none());
    news(
        &mut h,
        RematchNews::Off {
            who: "P0".into(),
            left: false,
        },
    );
    assert!(shows(&h, "P0 declined the rematch"));
    h.get_by_label("Rematch");
    // Another asks: the banner, answered.
    for (button, yes) in [("Decline", false), ("Accept", true)] {
        news(
            &mut h,
            RematchNews::Asked {
                who: "P0".into(),
                you: false,
            },
        );
        assert!(shows(&h, "P0 asks for a rematch"));
        common::click(&mut h, button);
        assert_eq!(host.outgoing(), [Outgoing::Rematch(yes)]);
    }
    news(
        &mut h,
        RematchNews::Agreed {
            who: "Mei".into(),
            you: true,
        },
    );
    assert!(shows(&h, "Waiting for the others to agree to a rematch…"));
    // The end banner moved on; the event log keeps the decline.
    assert!(shows(&h, "P0 declined the rematch"), "the event log");
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    news(
        &mut h,
        RematchNews::Off {
            who: "P0".into(),
            left: true,
        },
    );
    assert!(shows(&h, "P0已离开：不再来一局"));
    assert!(shows(&h, "P0不想再来一局"), "the event log, in Chinese");
    assert!(shows(&h, "再来一局"));
    {
        use junqi::app::remote::game::Event;
        let junqi::app::Screen::Remote(r) = &h.state().screen else {
            panic!("not the network screen")
        };
        let offs: Vec<&Event> = (r.game().unwrap().events().iter())
            .filter(|e| matches!(e, Event::RematchOff { .. }))
            .collect();
        assert_eq!(
            offs,
            [
                &Event::RematchOff {
                    who: "P0".into(),
                    left: false
                },
                &Event::RematchOff {
                    who: "P0".into(),
                    left: true
                }
            ]
        );
    }
    h.state_mut().settings.lang = junqi::i18n::Lang::En;
    // Every seat agreed: the next game.
    assert!(host.far.send(Incoming::Rematched));
    h.run();
    assert!(h.query_by_label("Rematch").is_none());
    assert!(
        shows(&h, "Game 2 in this room, the seats moved one chair round"),
        "{:?}",
        common::leak::texts(&h)
    );
    assert!(!shows(&h, "Game over"));
    let junqi::app::Screen::Remote(r) = &h.state().screen else {
        panic!("not the network screen")
    };
    assert!(r.game().is_some_and(|g| !g.over() && g.view().is_none()));
    assert!(r.audit.is_none());
}

/// Over the real network: after the end the headless creator asks for a rematch; the window
/// shows the request, accepts it, and moves into the next game with the sides swapped (it
/// played Blue, it now plays Red), plays it to its end and checks the host again.
#[test]
fn a_window_accepts_a_rematch_and_plays_the_next_game_as_the_other_side() {
    use junqi::net::client::Rematched;
    let server = loopback_server();
    let creator = Client::connect(&Request::Create {
        addr: server.addr().to_string(),
        players: 2,
        rules: short_hidden_rules(),
        name: "Li".into(),
        pin: Some(server.public_key()),
        seat: None,
    })
    .unwrap();
    let invite = creator.seated().invite.to_string();
    let headless = std::thread::spawn(move || {
        let mut answer = junqi::table::answerer::builtin_answerer(&"random".parse().unwrap());
        assert!(creator.play(&mut answer, &mut |_| {}).unwrap().is_over());
        assert_eq!(creator.rematch(&mut |_| {}).unwrap(), Rematched::Begun);
        assert_eq!(creator.seated().seat, 1, "the creator plays Blue now");
        let mut answer = junqi::table::answerer::builtin_answerer(&"random".parse().unwrap());
        let second = creator.play(&mut answer, &mut |_| {}).unwrap();
        assert!(matches!(
            creator.verdict(),
            junqi::net::audit::Verdict::Honest { .. }
        ));
        second
    });
    let (_dir, mut h) = common::window();
    h.state_mut().network = Box::new(junqi::app::remote::net_link::NetNetwork::default());
    join_in_window(&mut h, &invite);
    click_to_the_end(&mut h, 7);
    audited_and_revealed(&mut h);
    assert!(shows(&h, "You play Blue"));
    common::step_until(&mut h, "the rematch asked", |h| {
        shows(h, "Li asks for a rematch")
    });
    common::click(&mut h, "Accept");
    common::step_until(&mut h, "the next game, as Red", |h| {
        shows(h, "You play Red") && !shows(h, "Li asks for a rematch")
    });
    assert!(shows(
        &h,
        "Game 2 in this room, the seats moved one chair round: you play Red"
    ));
    click_to_the_end(&mut h, 8);
    assert!(headless.join().unwrap().is_over());
    audited_and_revealed(&mut h);
    assert_eq!(h.state().saves.recent.len(), 2, "both games kept");
    server.stop();
}

/// A room hosted in the window against the computer: after the end "Rematch" asks, the
/// computer seat agrees, and the window plays the next game as Blue (it played Red).
#[test]
fn the_computer_agrees_to_a_rematch_in_a_room_hosted_in_the_window() {
    let (_dir, mut h) = crate::app_remote::hidden_host_form(Some("Computer · Easy"));
    crate::app_remote::short_quiet_limit(&mut h);
    type_into(&mut h, "Port", "0");
    common::click(&mut h, "Open the room");
    click_to_the_end(&mut h, 9);
    assert!(shows(&h, "You play Red"));
    common::step_until(&mut h, "the audit", |h| shows(h, "Checked: "));
    common::click(&mut h, "Rematch");
    common::step_until(&mut h, "the next game, as Blue", |h| {
        shows(h, "You play Blue")
    });
    click_to_the_end(&mut h, 10);
    common::step_until(&mut h, "the second game's audit", |h| shows(h, "Checked: "));
}

/// Where the end goes: in a column beside the revealed board when the window has room there
/// (640×480 with the side panel folded, 1120×780 and 1920×1080 beside the panel), over the board
/// when it has not (1000×780, the side panel open). Either way the whole end is in the window and off the board, its
/// buttons side by side (Review the game / Rematch, Accept / Decline), and beside the board the
/// board keeps the screen's height it had during the game. Where the side panel is folded its
/// toggle counts the chat lines come unseen; another's preset chat phrase reads in the window's
/// language.
#[test]
fn the_end_sits_beside_the_board_when_the_window_has_room() {
    use crate::app_remote::{check, joined, label_of};
    use junqi::app::remote::link::{Incoming, RematchNews};
    use junqi::engine::{EndReason, Seat, Status, Team};
    use junqi::protocol::HostMsg;
    let (_dir, mut h, host) = joined(two_player_game(), Seat::Blue);
    let corners = |h: &egui_kittest::Harness<'static, junqi::app::JunqiApp>| {
        let b = host.game.board();
        let (lo, hi) = (
            b.node_by_name("a1").unwrap(),
            b.node_by_name("e12").unwrap(),
        );
        h.get_by_label(&label_of(&host, lo))
            .rect()
            .union(h.get_by_label(&label_of(&host, hi)).rect())
    };
    // The window's sizes, and whether the end goes beside the board there.
    let sizes = [
        (640.0, 480.0, true),
        (1000.0, 780.0, false),
        (1120.0, 780.0, true),
        (1920.0, 1080.0, true),
    ];
    let mut playing = Vec::new();
    for (w, hh, _) in sizes {
        h.set_size(egui::vec2(w, hh));
        h.run();
        playing.push(corners(&h));
    }
    host.send(HostMsg::GameOver(Status::Won(
        Team::Red,
        EndReason::Resignation,
    )));
    check(&mut h, &host);
    for (k, (w, hh, beside)) in sizes.into_iter().enumerate() {
        h.set_size(egui::vec2(w, hh));
        h.run();
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, hh));
        let board = corners(&h);
        // The result is also the side panel's heading, right of the board: the banner's is the
        // leftmost.
        let title = h
            .query_all_by_label("Red wins: resignation")
            .map(|n| n.rect())
            .min_by(|a, b| a.left().total_cmp(&b.left()))
            .unwrap();
        let rematch = h.get_by_label("Rematch").rect();
        for part in [title, rematch] {
            assert!(
                window.contains_rect(part),
                "{w}×{hh}: {part:?} out of the window"
            );
            assert!(
                !part.intersects(board),
                "{w}×{hh}: {part:?} over the board {board:?}"
            );
        }
        if beside {
            assert!(rematch.right() < board.left(), "{w}×{hh}: beside the board");
            assert!(
                board.height() >= playing[k].height() - 1.0,
                "{w}×{hh}: the board as tall as during the game ({board:?}, {:?})",
                playing[k]
            );
        } else {
            assert!(rematch.bottom() < board.top(), "{w}×{hh}: over the board");
        }
        assert!(h.query_by_label("Rematch").is_some());
    }
    // Another asks for a rematch: Accept and Decline side by side, in the window.
    assert!(host.far.send(Incoming::Rematch(RematchNews::Asked {
        who: "P0".into(),
        you: false,
    })));
    for (w, hh) in [(640.0, 480.0), (1920.0, 1080.0)] {
        h.set_size(egui::vec2(w, hh));
        check(&mut h, &host);
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, hh));
        let (yes, no) = (
            h.get_by_label("Accept").rect(),
            h.get_by_label("Decline").rect(),
        );
        assert!(
            window.contains_rect(yes) && window.contains_rect(no),
            "{w}×{hh}"
        );
        assert!(yes.right() <= no.left() && (yes.center().y - no.center().y).abs() < 1.0);
        assert!(
            !yes.union(no).intersects(corners(&h)),
            "{w}×{hh}: off the board"
        );
    }
    // After the end the chat goes on. At 640×480 the side panel is folded: its toggle counts
    // the lines come unseen, and opening it shows them. The others' preset phrases read in this
    // window's language, whichever language they were said in; other words stay as said.
    h.set_size(egui::vec2(640.0, 480.0));
    check(&mut h, &host);
    assert!(
        h.query_by_label("Chat message").is_none(),
        "the panel folded"
    );
    for text in ["打得好", "Well played!"] {
        assert!(host.far.send(Incoming::Chat {
            from: "P0".into(),
            text: text.into(),
        }));
    }
    check(&mut h, &host);
    common::click(&mut h, "Game panel (2)");
    assert!(shows(&h, "P0: Good game"), "{:?}", common::leak::texts(&h));
    assert!(shows(&h, "P0: Well played!"));
    h.get_by_label("Game panel");
    h.get_by_label("Chat message");
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    check(&mut h, &host);
    assert!(shows(&h, "P0：打得好"), "{:?}", common::leak::texts(&h));
}
