//! The computer's threads in the window: the View menu's setting (all cores but one unless
//! chosen) reaches the computer seats of the game on screen and of the games started after.

use crate::common;

use egui_kittest::kittest::Queryable;
use junqi::app::Screen;
use junqi::app::computer::{computer_threads, cores};

#[test]
fn the_view_menu_sets_the_computers_threads() {
    let (_dir, mut h) = common::window();
    assert_eq!(
        h.state().settings.threads,
        0,
        "all cores but one by default"
    );
    common::choose_for_blue(&mut h, None, "Computer · Easy");
    h.get_by_label("Start game").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Play(_)));
    let threads = |h: &egui_kittest::Harness<'static, junqi::app::JunqiApp>| {
        h.state().play().unwrap().computer().threads()
    };
    assert_eq!(threads(&h), computer_threads(0));
    common::click(&mut h, "View");
    h.get_by_label("Computer's threads");
    let auto = format!("All cores but one ({})", computer_threads(0));
    assert!(
        h.query_all_by_label(&auto).count() >= 1,
        "the default is offered"
    );
    // The row offers 1 to the machine's cores besides; one thread is chosen.
    assert!(h.query_all_by_label("1").count() >= 1);
    h.get_all_by_label("1").last().unwrap().click();
    h.run();
    assert_eq!(h.state().settings.threads, 1);
    assert_eq!(threads(&h), 1, "the game on screen takes it");
    assert!(cores() >= 1);
}
