//! Player aids and desktop polish: the idle move clock, the in-app rules.

mod common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::i18n::Lang;
use junqi::app::{JunqiApp, clock_wait};
use junqi::engine::rules::HouseRule;

#[test]
fn move_clock_repaints_only_when_the_shown_second_changes() {
    let ms = |left: f64| clock_wait(left).as_secs_f64() * 1000.0;
    // 25.3 s left shows 26 until 25.0: wait 0.3 s (and a hair more), not a frame.
    assert!((ms(25.3) - 305.0).abs() < 1.0, "{}", ms(25.3));
    // On a whole second the next change is a full second away.
    assert!((ms(25.0) - 1005.0).abs() < 1.0, "{}", ms(25.0));
    assert!((ms(0.2) - 205.0).abs() < 1.0, "{}", ms(0.2));
    // Run out: repaint at once (the timeout is handled on that frame).
    assert!(ms(0.0) < 10.0 && ms(-1.0) < 10.0);
}

#[test]
fn window_icon_is_embedded_and_square() {
    let icon = junqi::app::icon();
    assert_eq!((icon.width, icon.height), (256, 256));
    assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    // The desktop file names the same application id and icon.
    let desktop = include_str!("../assets/junqi.desktop");
    assert!(desktop.contains(&format!("StartupWMClass={}", junqi::app::APP_ID)));
    assert!(desktop.contains("Icon=junqi\n"));
}

/// The rules window is open and lists every house rule by name, with the pieces section.
fn rules_window_lists_every_house_rule(h: &Harness<'static, JunqiApp>) {
    h.get_by_label("Pieces (highest first)");
    for rule in HouseRule::ALL {
        let (name, _) = Lang::En.rule_texts(rule);
        assert!(
            h.query_all_by_label(name).next().is_some(),
            "the rules window does not name the house rule '{name}'"
        );
    }
}

#[test]
fn rules_window_opens_from_the_first_screen_and_from_play() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1200.0, 900.0);
    assert!(h.query_by_label("Pieces (highest first)").is_none());
    // From the first screen: the Rules button.
    h.get_all_by_label("Rules")
        .next()
        .expect("a Rules button")
        .click();
    h.run();
    rules_window_lists_every_house_rule(&h);
    h.get_by_label("The rules of the last game started (the new-game defaults)");
    // F1 closes it again.
    h.key_press(egui::Key::F1);
    h.run();
    assert!(h.query_by_label("Pieces (highest first)").is_none());
    // From play: F1 opens it with the game's rules.
    common::start_game(&mut h);
    h.key_press(egui::Key::F1);
    h.run();
    rules_window_lists_every_house_rule(&h);
    h.get_by_label("The rules of the game on screen");
    // The engine's outcome table: a field marshal is removed only by a bomb or a mine.
    h.get_by_label_contains("both removed: Field Marshal, Bomb");
    h.get_by_label_contains("is removed by: Landmine");
}
