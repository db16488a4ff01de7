//! The end of a network game in the window, over the real network on loopback: the chat stays
//! open after the end (the room waits for its players to leave).

use crate::app_remote::{
    audited_and_revealed, click_to_the_end, join_in_window, loopback_server, short_hidden_rules,
    shows, type_into,
};
use crate::common;
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
        let mut answer = junqi::table::answerer::builtin_answerer("random");
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
