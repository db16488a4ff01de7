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
