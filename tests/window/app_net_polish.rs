//! The network screen's finish: one's own preset chat lines worded in the language shown, and
//! the event log following its newest entry.

use crate::app_remote::{check, joined, shows};
use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::JunqiApp;
use junqi::app::remote::link::Outgoing;
use junqi::engine::rng::SplitMix64;
use junqi::engine::{Formation, Game, Mode, Rules, Seat, Start};
use junqi::i18n::Lang;
use junqi::protocol::HostMsg;

fn two_player_game() -> Game {
    let rules = Rules::for_mode(Mode::Hidden);
    let mut rng = SplitMix64::new(5);
    let (r, b) = (
        Formation::random(&mut rng, &rules),
        Formation::random(&mut rng, &rules),
    );
    Game::new(rules, Start::formations(&r, &b)).unwrap()
}

/// A preset phrase of one's own is kept as the phrase, not its words: after a switch of the
/// language the line already in the chat is worded in the new language (and back).
#[test]
fn ones_own_preset_chat_lines_follow_the_language() {
    let (_dir, mut h, host) = joined(two_player_game(), Seat::Blue);
    common::click(&mut h, "Another game?");
    assert!(
        host.outgoing()
            .contains(&Outgoing::Chat("Another game?".into()))
    );
    assert!(shows(&h, "me: Another game?"));
    h.state_mut().settings.lang = Lang::Zh;
    check(&mut h, &host);
    assert!(shows(&h, "我：再来一局？"), "the line in Chinese");
    assert!(!shows(&h, "Another game?"));
    common::click(&mut h, "打得好");
    h.state_mut().settings.lang = Lang::En;
    check(&mut h, &host);
    assert!(shows(&h, "me: Another game?"));
    assert!(shows(&h, "me: Good game"));
    assert!(!shows(&h, "打得好"));
}

/// The event log scrolls to its newest entry as entries come.
#[test]
fn the_event_log_follows_its_newest_entry() {
    let (_dir, mut h, host) = joined(two_player_game(), Seat::Blue);
    let heading = |h: &Harness<'static, JunqiApp>| h.get_by_label("Events").rect();
    for k in 0..30 {
        host.send(HostMsg::Error(format!("note {k}")));
        // One frame, as the window draws when something comes in: the entry shows in it (a
        // frame later would be at the next input, not at once).
        h.step();
        let last = h.get_by_label_contains(&format!("note {k}")).rect();
        let top = heading(&h).max.y;
        assert!(
            last.max.y <= top + 150.0 && last.min.y >= top,
            "entry {k} at {last:?}, the log begins at {top}"
        );
    }
}

/// Four players: a resignation on one's own turn, the host's view after it (the seat out, the
/// next seat to move; the host sends it at once, `SeatDriver::seat_out`) shows at once: not one's
/// turn, the next seat to move, Resign and Offer draw idle.
#[test]
fn a_four_player_resignation_on_ones_own_turn_shows_at_once() {
    use egui_kittest::kittest::NodeT;
    use junqi::engine::Action;
    use junqi::protocol::EngineMsg;
    let rules = Rules::for_mode(Mode::Hidden);
    let game = Game::new(rules.clone(), Start::random_four(&rules, 9)).unwrap();
    let (_dir, mut h, mut host) = joined(game, Seat::South);
    while host.game.position().side_to_move() != Some(Seat::South) {
        host.play_other();
        check(&mut h, &host);
    }
    host.send(HostMsg::Go {
        turn_ms: None,
        left_ms: None,
    });
    check(&mut h, &host);
    assert!(shows(&h, "Your turn"));
    common::click(&mut h, "Resign");
    common::click(&mut h, "Yes, resign");
    assert_eq!(host.answers(), vec![EngineMsg::Resign]);
    host.game.act(Action::Resign(Seat::South)).unwrap();
    host.send_view();
    check(&mut h, &host);
    assert!(shows(&h, "South is out"));
    assert!(!shows(&h, "Your turn"));
    let next = host.game.position().side_to_move().unwrap();
    assert_ne!(next, Seat::South);
    assert!(shows(&h, Lang::En.side(next)));
    for b in ["Resign", "Offer draw"] {
        assert!(h.get_by_label(b).accesskit_node().is_disabled(), "{b}");
    }
}
