//! One play screen for every game: the same turns of a hidden game shown on one screen and at
//! one's own screen over the network (a server on loopback) give the same turn facts, the same
//! move list and the same 记子, label for label, in both languages.

use crate::app_remote::{
    click_until, finished_game, join_in_window, plies, room_with_a_random_creator_of,
};
use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use junqi::app::{JunqiApp, Session};
use junqi::engine::{Game, Mode, Rules, Seat};
use junqi::i18n::{self, Lang, fill};

/// The window's size for both screens (the side panel open).
const SIZE: (f32, f32) = (1280.0, 860.0);

/// The labels on screen, in order: each widget's label, or a text's (its runs left out).
pub(crate) fn labels(h: &Harness<'static, JunqiApp>) -> Vec<String> {
    (h.query_all(By::new()))
        .map(|n| n.accesskit_node())
        .filter(|n| n.role() != egui::accesskit::Role::TextRun)
        .filter_map(|n| n.label().or_else(|| n.value()))
        .collect()
}

/// What both screens must show alike, from the labels on screen: the turn facts (who is to move,
/// the turn, the quiet turns left), the move list's lines, and the 记子 panel from its heading to
/// its count of pieces of unknown rank.
fn shared_labels(texts: &[String], game: &Game, lang: Lang) -> Vec<String> {
    let ply = game.plies().len();
    let quiet = game.rules().quiet_limit - game.position().quiet();
    let facts = [
        lang.t(&i18n::TO_MOVE).to_string(),
        fill(lang.t(&i18n::TURN), &[("n", &(ply + 1).to_string())]),
        fill(lang.t(&i18n::QUIET_LEFT), &[("n", &quiet.to_string())]),
    ];
    let mut out = Vec::new();
    for f in facts {
        assert!(texts.contains(&f), "{f:?} not on screen: {texts:?}");
        out.push(f);
    }
    // The move list: "  1. a6-a7", numbered lines.
    let numbered = |t: &&String| {
        t.get(..3)
            .is_some_and(|n| n.trim_start().chars().all(|c| c.is_ascii_digit()))
            && t.get(3..5) == Some(". ")
    };
    let moves: Vec<String> = texts.iter().filter(numbered).cloned().collect();
    assert_eq!(moves.len(), ply, "the move list: {moves:?}");
    out.extend(moves);
    // 记子 of Red, as Blue counts it.
    let head = fill(
        lang.t(&i18n::ENEMY_COUNTS),
        &[("side", lang.side(Seat::Red))],
    );
    let start = texts.iter().position(|t| *t == head);
    let start = start.unwrap_or_else(|| panic!("no {head:?} on screen: {texts:?}"));
    let unknown = fill(lang.t(&i18n::COUNT_REMOVED_UNKNOWN), &[("n", "")]);
    let end = (texts.iter().skip(start))
        .position(|t| t.starts_with(&unknown))
        .expect("the count of pieces of unknown rank");
    // The heading, four column heads, twelve rows of four, the unknown count.
    assert_eq!(end, 1 + 4 + 12 * 4, "{:?}", &texts[start..=start + end]);
    out.extend(texts[start..=start + end].iter().cloned());
    out
}

/// A hidden game over the network on loopback: a headless random player opens the room (Red),
/// the window joins it as Blue and clicks random turns until at least 12 were played, one of
/// them a clash, and it is Blue's turn; what it shows then is kept. Then Blue resigns, and the host's record of the game
/// goes on one screen, cut at that turn, Blue looking (its curtain lifted): the turn facts, the
/// move list and 记子 are the same labels as the network screen's, in English and in Chinese.
#[test]
fn the_same_turns_show_the_same_on_one_screen_and_over_the_network() {
    let rules = Rules::for_mode(Mode::Hidden);
    let (server, _, invite, headless) = room_with_a_random_creator_of(rules.clone());
    let dir = tempfile::tempdir().unwrap();
    let mut net = common::harness_sized(dir.path(), SIZE.0, SIZE.1);
    net.state_mut().network = Box::new(junqi::app::remote::net_link::NetNetwork::default());
    join_in_window(&mut net, &invite);
    let blue_to_move = |h: &Harness<'static, JunqiApp>| {
        let junqi::app::Screen::Remote(r) = &h.state().screen else {
            return false;
        };
        r.game().is_some_and(|g| {
            g.to_move()
                && g.view()
                    .is_some_and(|v| v.ply() as usize == g.plies().len())
        }) && plies(h) >= 12
            && r.game()
                .is_some_and(|g| g.plies().iter().any(|p| p.report.clash.is_some()))
    };
    click_until(&mut net, 7, &blue_to_move);
    assert!(
        blue_to_move(&net),
        "the game ended before a clash and 12 turns"
    );
    net.run();
    let ply = plies(&net);
    let shown_net = |h: &mut Harness<'static, JunqiApp>, lang: Lang| {
        h.state_mut().settings.lang = lang;
        h.run();
        labels(h)
    };
    let net_texts = [shown_net(&mut net, Lang::En), shown_net(&mut net, Lang::Zh)];
    net.state_mut().settings.lang = Lang::En;
    net.run();
    common::click(&mut net, "Resign");
    common::click(&mut net, "Yes, resign");
    let record = finished_game(&server);
    headless
        .join()
        .unwrap()
        .expect("the headless seat played to the end");
    server.stop();

    // The same turns on one screen.
    let start = record.record().start.clone();
    let mut game = Game::new(record.rules().clone(), start).unwrap();
    for p in &record.plies()[..ply] {
        game.play(p.turn.expect("a turn")).unwrap();
    }
    assert_eq!(game.position().side_to_move(), Some(Seat::Blue));
    let dir = tempfile::tempdir().unwrap();
    let mut one = common::harness_sized(dir.path(), SIZE.0, SIZE.1);
    one.state_mut().show_game(Session::new(game.clone()));
    one.run();
    one.get_by_label_contains("Blue to move — press").click();
    common::leak::run_checked(&mut one);
    for (lang, net_texts) in [Lang::En, Lang::Zh].into_iter().zip(net_texts) {
        one.state_mut().settings.lang = lang;
        one.run();
        let one_texts = labels(&one);
        assert_eq!(
            shared_labels(&net_texts, &game, lang),
            shared_labels(&one_texts, &game, lang),
            "{lang:?}"
        );
    }
}
