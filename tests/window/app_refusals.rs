//! Refusal messages in a hidden game tell a player only what that player may know, driven through
//! the window's accessibility labels (egui_kittest).

use crate::common;

use common::harness;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::JunqiApp;
use junqi::app::board::node_label;
use junqi::engine::{Game, Mode, NodeId, Rules, Seat, Start, Viewer};
use junqi::i18n::Lang;

fn node(g: &Game, name: &str) -> NodeId {
    g.board().node_by_name(name).unwrap()
}

/// Click node `name` as Red sees it.
fn click(h: &mut Harness<'static, JunqiApp>, name: &str) {
    let g = &h.state().play().unwrap().game();
    let label = node_label(&g.view(Viewer::Side(Seat::Red)), Lang::En, node(g, name));
    h.get_by_label(&label).click();
    h.run();
}

/// A hidden game between two people: Blue's flag on d12, a general on b12 (the two HQs), a Blue
/// mine on a11; Red's colonel far away on a6 and another beside both HQs on c12.
fn hidden_game(h: &mut Harness<'static, JunqiApp>) {
    let rules = Rules {
        flag_needs_mines_cleared: true,
        ..Rules::for_mode(Mode::Hidden)
    };
    let pos = "..b8r5bF../bM......../........../........../........../........b3/r5......../\
               ........../........../........../........../..rF..r8.. r 0 0";
    let g = Game::new(rules, Start::Position(pos.into())).unwrap();
    h.state_mut().show_game(junqi::app::Session::new(g));
    h.run();
    h.get_by_label("Red to move — press to continue").click();
    h.run();
}

#[test]
fn far_click_on_the_flag_gives_the_same_message_as_on_another_hq_piece() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    hidden_game(&mut h);
    click(&mut h, "a6");
    click(&mut h, "d12");
    h.get_by_label("a6 and d12 are not linked by road or rail");
    click(&mut h, "b12");
    h.get_by_label("a6 and b12 are not linked by road or rail");
    assert!(
        h.query_by_label_contains("flag cannot be attacked")
            .is_none()
    );
    // Nothing was written in the record.
    let g = &h.state().play().unwrap().game();
    assert!(g.record().actions.is_empty());
}

#[test]
fn reachable_refused_flag_attack_is_announced_to_both_players() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    hidden_game(&mut h);
    click(&mut h, "c12");
    click(&mut h, "d12");
    let said = "Red attacked d12, the flag: refused, Blue still has mines; Red moves again";
    // In the status line and the event log.
    assert_eq!(h.get_all_by_label(said).count(), 2);
    // Red moves again; then Blue, behind the curtain, reads it in the log too.
    click(&mut h, "a6");
    click(&mut h, "a5");
    h.get_by_label("Blue to move — press to continue").click();
    h.run();
    h.get_by_label(said);
    let g = &h.state().play().unwrap().game();
    assert_eq!(g.refusals().len(), 1);
    assert_eq!(g.plies().len(), 1);
}
