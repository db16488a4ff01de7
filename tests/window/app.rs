//! The window driven through its accessibility labels (egui_kittest; no GPU needed).

use crate::common;

use common::{harness, start_game};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::{JunqiApp, Screen};
use junqi::engine::NodeId;
use junqi::i18n::Lang;
use std::path::Path;

use common::node_label as label;

fn notation(h: &Harness<'static, JunqiApp>) -> String {
    h.state().play().unwrap().game().position().notation()
}

/// A legal plain move (no attack) of the side to move.
fn some_move(h: &Harness<'static, JunqiApp>) -> (NodeId, NodeId) {
    common::plain_move(common::game(h))
}

#[test]
fn click_piece_then_destination_plays_the_move() {
    let (_dir, mut h) = common::window();
    start_game(&mut h);
    let (from, to) = some_move(&h);
    let from_label = label(&h, from, Lang::En);
    let name = h
        .state()
        .play()
        .unwrap()
        .game()
        .board()
        .name(from)
        .to_string();
    let to_name = h
        .state()
        .play()
        .unwrap()
        .game()
        .board()
        .name(to)
        .to_string();
    assert_eq!(
        label(&h, to, Lang::En),
        to_name,
        "empty node is labelled by its name"
    );
    common::click(&mut h, &from_label);
    common::click(&mut h, &to_name);
    // The piece now stands on the destination and the origin is empty.
    let moved = from_label.replacen(&name, &to_name, 1);
    h.get_by_label(&moved);
    h.get_by_label(&name);
    // The move list grew.
    h.get_by_label_contains(&format!("1. {name}-{to_name} "));
    assert_eq!(h.state().play().unwrap().game().plies().len(), 1);
}

#[test]
fn illegal_click_changes_nothing_and_says_why() {
    let (_dir, mut h) = common::window();
    start_game(&mut h);
    let before = notation(&h);
    let (from, _) = some_move(&h);
    let (target, reason) = common::unreachable_empty(common::game(&h), from);
    h.get_by_label(&label(&h, from, Lang::En)).click();
    h.run();
    h.get_by_label(&label(&h, target, Lang::En)).click();
    h.run();
    assert_eq!(notation(&h), before);
    h.get_by_label(&reason.to_string());
}

#[test]
fn language_switch_changes_the_labels() {
    let (dir, mut h) = common::window();
    start_game(&mut h);
    let (from, _) = some_move(&h);
    let en = label(&h, from, Lang::En);
    let zh = label(&h, from, Lang::Zh);
    assert_ne!(en, zh);
    h.get_by_label(&en);
    common::click(&mut h, "中文");
    h.get_by_label(&zh);
    assert!(h.query_by_label(&en).is_none());
    h.get_all_by_label("新对局").next().expect("Chinese button");
    // The choice is remembered across runs.
    drop(h);
    let h = harness_keep_lang(dir.path());
    assert_eq!(h.state().settings.lang, Lang::Zh);
}

fn harness_keep_lang(dir: &Path) -> Harness<'static, JunqiApp> {
    let dir = dir.to_path_buf();
    Harness::builder()
        .with_size(egui::vec2(1200.0, 900.0))
        .build_eframe(move |cc| JunqiApp::new(cc, Some(dir)))
}

#[test]
fn undo_restores_and_redo_replays() {
    let (_dir, mut h) = common::window();
    start_game(&mut h);
    let start = notation(&h);
    let (from, to) = some_move(&h);
    let board = h.state().play().unwrap().game().board();
    h.get_by_label(&label(&h, from, Lang::En)).click();
    h.run();
    common::click(&mut h, board.name(to));
    let after = notation(&h);
    assert_ne!(after, start);
    // Two people at one screen: the other player agrees first.
    common::click(&mut h, "Undo");
    assert_eq!(notation(&h), after);
    common::click(&mut h, "Accept the takeback");
    assert_eq!(notation(&h), start);
    common::click(&mut h, "Redo");
    assert_eq!(notation(&h), after);
    // Keyboard: Ctrl+Z.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    common::click(&mut h, "Accept the takeback");
    assert_eq!(notation(&h), start);
}

/// Red resigns (the button, then its confirmation); the end banner shows.
fn resign_and_see_the_banner(h: &mut Harness<'static, JunqiApp>) {
    common::click(h, "Resign");
    common::click(h, "Yes, resign");
    h.get_all_by_label("Blue wins: resignation")
        .next()
        .expect("banner");
}

#[test]
fn resign_ends_the_game_with_a_banner() {
    let (_dir, mut h) = common::window();
    start_game(&mut h);
    resign_and_see_the_banner(&mut h);
}

#[test]
fn corrupt_settings_give_defaults_and_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("settings.ron"),
        "(version: 1, lang: \u{0}garbage",
    )
    .unwrap();
    let mut h = harness(dir.path());
    assert!(h.state().warning.is_some());
    assert_eq!(h.state().settings.board, Default::default());
    h.get_by_label_contains("defaults are used");
    // The app still works.
    start_game(&mut h);
}

/// Play one plain move by clicking its piece and its destination.
fn play_a_move(h: &mut Harness<'static, JunqiApp>) {
    let (from, to) = some_move(h);
    let to_name = h
        .state()
        .play()
        .unwrap()
        .game()
        .board()
        .name(to)
        .to_string();
    h.get_by_label(&label(h, from, Lang::En)).click();
    h.run();
    common::click(h, &to_name);
}

#[test]
fn a_live_game_is_reachable_from_the_first_screen_after_leaving_it() {
    let (_dir, mut h) = common::window();
    // No game yet: nothing to continue.
    assert!(h.query_by_label("Continue").is_none());
    start_game(&mut h);
    play_a_move(&mut h);
    let before = notation(&h);
    // Home, then back.
    common::click(&mut h, "Home");
    assert!(matches!(h.state().screen, Screen::Home));
    h.get_by_label("A game is in progress");
    h.get_by_label("Open · Turn 2 · Red: Human · Blue: Human");
    common::click(&mut h, "Continue");
    assert!(matches!(h.state().screen, Screen::Play(_)));
    assert_eq!(notation(&h), before);
    // New game, then Cancel: the game is still there.
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    common::click(&mut h, "Cancel");
    assert!(matches!(h.state().screen, Screen::Home));
    common::click(&mut h, "Continue");
    assert!(matches!(h.state().screen, Screen::Play(_)));
    assert_eq!(notation(&h), before);
    // A finished game is not "in progress".
    common::click(&mut h, "Resign");
    common::click(&mut h, "Yes, resign");
    common::click(&mut h, "Home");
    assert!(h.query_by_label("Continue").is_none());
}

#[test]
fn the_live_game_line_names_the_computer_and_is_in_chinese() {
    let (_dir, mut h) = common::window();
    h.state_mut().settings.seats[1] =
        junqi::app::settings::Occupant::Computer(junqi::ai::Level::Easy);
    start_game(&mut h);
    common::click(&mut h, "Home");
    h.get_by_label("Open · Turn 1 · Red: Human · Blue: Computer · Easy");
    common::click(&mut h, "中文");
    h.get_by_label("对局进行中");
    h.get_by_label("明棋 · 第 1 步 · 红：人 · 蓝：电脑 · 简单");
    common::click(&mut h, "继续");
    assert!(matches!(h.state().screen, Screen::Play(_)));
}

#[test]
fn resign_asks_for_confirmation_and_no_or_escape_plays_on() {
    let (_dir, mut h) = common::window();
    start_game(&mut h);
    let before = notation(&h);
    common::click(&mut h, "Resign");
    h.get_by_label("Red resigns and the game ends. Are you sure?");
    assert!(h.state().play().unwrap().game().record().actions.is_empty());
    // "Keep playing" closes the question and changes nothing.
    common::click(&mut h, "Keep playing");
    assert!(h.query_by_label("Yes, resign").is_none());
    assert!(!h.state().play().unwrap().game().status().is_over());
    // Esc too.
    common::click(&mut h, "Resign");
    h.get_by_label("Yes, resign");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label("Yes, resign").is_none());
    assert!(!h.state().play().unwrap().game().status().is_over());
    assert_eq!(notation(&h), before);
    // Yes resigns.
    resign_and_see_the_banner(&mut h);
}

/// Whoever comes back to a hidden game between two players at one screen meets the hand-over
/// curtain again, not the board as the last player left it.
#[test]
fn continuing_a_hidden_game_brings_the_curtain_down() {
    let (_dir, mut h) = common::window();
    h.state_mut().settings.rules = junqi::engine::Rules::for_mode(junqi::engine::Mode::Hidden);
    start_game(&mut h);
    let curtain = "Red to move — press to continue";
    common::click(&mut h, curtain);
    assert!(h.query_by_label(curtain).is_none());
    common::click(&mut h, "Home");
    h.get_by_label("Hidden · Turn 1 · Red: Human · Blue: Human");
    common::click(&mut h, "Continue");
    assert!(matches!(h.state().screen, Screen::Play(_)));
    h.get_by_label(curtain);
}
