//! Player aids and desktop polish: the idle move clock, the in-app rules, the optional sounds.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::board::node_label;
use junqi::app::sound::{Recording, Sound};
use junqi::app::{JunqiApp, clock_wait};
use junqi::engine::rules::HouseRule;
use junqi::engine::{Seat, Viewer};
use junqi::i18n::Lang;

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
    let desktop = include_str!("../../assets/junqi.desktop");
    assert!(desktop.contains(&format!("StartupWMClass={}", junqi::app::APP_ID)));
    assert!(desktop.contains("Icon=junqi\n"));
}

/// The board is drawn from its picture only while it paints the same shapes: a still board asks
/// for a screenshot; once delivered, the picture stands in; a selection changes the board and its
/// shapes are drawn at once; the picture of the old board is never used again for the new one.
#[test]
fn the_board_is_drawn_from_its_picture_only_while_it_is_unchanged() {
    let (_dir, mut h) = common::window();
    common::start_game(&mut h);
    h.run();
    assert!(
        h.state().board_cache.is_waiting(),
        "a still board asks for a screenshot"
    );
    // No renderer runs here: deliver one as eframe would (its colour is never on the real board).
    let picture = || egui::ColorImage::filled([3000, 3000], egui::Color32::from_rgb(200, 0, 200));
    h.step();
    h.state().board_cache.deliver(picture());
    h.step();
    let used = h.state().board_cache.frames_from_picture;
    assert!(
        used >= 1,
        "the delivered picture stands in for the still board"
    );
    h.step();
    assert_eq!(h.state().board_cache.frames_from_picture, used + 1);
    // Select a piece: the board changes, and its shapes are drawn from then on.
    let game = common::game(&h);
    let (from, _) = common::plain_move(game);
    let label = node_label(&game.view(Viewer::Side(Seat::Red)), Lang::En, from);
    // (Frames before the click lands still show the old board, and may use its picture.)
    h.get_by_label(&label).click();
    h.run();
    assert!(h.state().play().unwrap().selected().is_some());
    let after = h.state().board_cache.frames_from_picture;
    for _ in 0..3 {
        h.step();
    }
    assert_eq!(
        h.state().board_cache.frames_from_picture,
        after,
        "the old picture was drawn for a changed board"
    );
    // The new board is still: a new screenshot is asked for, and once delivered after the frame
    // it is of, used.
    assert!(h.state().board_cache.is_waiting());
    for _ in 0..6 {
        h.step();
        h.state().board_cache.deliver(picture());
        h.step();
        if h.state().board_cache.frames_from_picture > after {
            break;
        }
    }
    assert!(h.state().board_cache.frames_from_picture > after);
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

// ----- sounds ------------------------------------------------------------------------------------

/// The app's sounds go to a recording sink from now on.
fn record_sounds(h: &mut Harness<'static, JunqiApp>) -> Recording {
    let rec = Recording::default();
    h.state_mut().sound = Box::new(rec.clone());
    rec
}

/// Play one plain move of the side to move by clicking its piece and its destination.
fn click_a_move(h: &mut Harness<'static, JunqiApp>) {
    let (from_label, to_name) = {
        let game = common::game(h);
        let (from, to) = common::plain_move(game);
        let side = game.position().side_to_move().unwrap();
        (
            node_label(&game.view(Viewer::Side(side)), Lang::En, from),
            game.board().name(to).to_string(),
        )
    };
    common::click(h, &from_label);
    common::click(h, &to_name);
}

#[test]
fn with_sounds_on_a_move_sounds_as_a_move_and_resigning_as_the_end() {
    let (_dir, mut h) = common::window();
    common::start_game(&mut h);
    let rec = record_sounds(&mut h);
    h.state_mut().settings.sounds = true;
    h.run();
    assert_eq!(rec.sounds(), vec![], "starting a game makes no sound");
    click_a_move(&mut h);
    assert_eq!(common::game(&h).plies().len(), 1);
    assert_eq!(rec.sounds(), vec![Sound::Move]);
    // Frames without a new turn stay silent.
    h.run();
    assert_eq!(rec.sounds(), vec![Sound::Move]);
    common::click(&mut h, "Resign");
    common::click(&mut h, "Yes, resign");
    assert_eq!(rec.sounds(), vec![Sound::Move, Sound::End]);
}

#[test]
fn with_sounds_off_nothing_sounds() {
    let (_dir, mut h) = common::window();
    assert!(!h.state().settings.sounds, "sounds are off by default");
    common::start_game(&mut h);
    let rec = record_sounds(&mut h);
    click_a_move(&mut h);
    click_a_move(&mut h);
    common::click(&mut h, "Resign");
    common::click(&mut h, "Yes, resign");
    assert_eq!(common::game(&h).plies().len(), 2);
    assert_eq!(rec.sounds(), vec![]);
    // Switched on afterwards, what happened while off is not played late.
    h.state_mut().settings.sounds = true;
    h.run();
    assert_eq!(rec.sounds(), vec![]);
}

#[test]
fn the_replay_viewer_stays_silent() {
    let (_dir, mut h) = common::window();
    common::start_game(&mut h);
    h.state_mut().settings.sounds = true;
    click_a_move(&mut h);
    click_a_move(&mut h);
    let rec = record_sounds(&mut h);
    h.get_all_by_label("Replay")
        .next()
        .expect("a Replay button")
        .click();
    h.run();
    assert!(matches!(h.state().screen, junqi::app::Screen::Replay(_)));
    for key in [
        egui::Key::ArrowLeft,
        egui::Key::ArrowLeft,
        egui::Key::ArrowRight,
    ] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(rec.sounds(), vec![]);
}

#[test]
fn switching_sounds_on_tries_a_sound_and_says_when_no_device_was_found() {
    const SOUNDS: &str = "Sounds (a move, a clash, a flag shown, the end)";
    let (_dir, mut h) = common::window();
    // The tests' own sink is silent and reports no device, like a machine without one. The View
    // menu stays open while its switches are ticked: the row under the switch says at once what
    // happened.
    common::click(&mut h, "View");
    assert!(h.query_by_label("no sound device found").is_none());
    common::click(&mut h, SOUNDS);
    assert!(h.state().settings.sounds);
    h.get_by_label("no sound device found");
    // In Chinese too.
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    h.get_by_label("无法播放：本机没有可用的播放器件");
    h.state_mut().settings.lang = Lang::En;
    h.run();
    // Off: the row says nothing more.
    common::click(&mut h, SOUNDS);
    assert!(!h.state().settings.sounds);
    if h.query_by_label(SOUNDS).is_none() {
        common::click(&mut h, "View");
    }
    assert!(h.query_by_label("no sound device found").is_none());
    // On again, with a device: a first sound and no note.
    let rec = record_sounds(&mut h);
    common::click(&mut h, SOUNDS);
    assert_eq!(rec.sounds(), vec![Sound::Move]);
    if h.query_by_label(SOUNDS).is_none() {
        common::click(&mut h, "View");
    }
    assert!(h.query_by_label("no sound device found").is_none());
}
