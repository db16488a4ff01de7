//! The recent games on the first screen: a game that ends is listed at once, and a row's tooltip
//! (its file) leaves the other rows readable.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::JunqiApp;
use junqi::app::board::node_label;
use junqi::engine::Viewer;
use junqi::i18n::Lang;

fn click_a_move(h: &mut Harness<'static, JunqiApp>) {
    let (from_label, to_name) = {
        let g = common::game(h);
        let side = g.position().side_to_move().unwrap();
        let (from, to) = common::plain_move(g);
        (
            node_label(&g.view(Viewer::Side(side)), Lang::En, from),
            g.board().name(to).to_string(),
        )
    };
    h.get_by_label(&from_label).click();
    h.run();
    h.get_by_label(&to_name).click();
    h.run();
}

/// A one-screen game that ends is among the recent games as soon as one goes back to the first
/// screen, not only once another game starts (or the program starts again).
#[test]
fn a_finished_game_is_listed_as_soon_as_it_ends() {
    let (_dir, mut h) = common::window();
    h.get_by_label("Start now (last rules)").click();
    h.run();
    click_a_move(&mut h);
    common::click(&mut h, "Resign");
    common::click(&mut h, "Yes, resign");
    common::click(&mut h, "Home");
    h.get_by_label_contains("Open · two players · 1 move · Red won · ");
    assert_eq!(h.state().saves.recent.len(), 1);
    // A new game keeps it listed once (the file moved among the recent games).
    h.get_by_label("Start now (last rules)").click();
    h.run();
    click_a_move(&mut h);
    common::click(&mut h, "Home");
    h.get_by_label_contains("Open · two players · 1 move · Red won · ");
    assert_eq!(h.state().saves.recent.len(), 1);
}
