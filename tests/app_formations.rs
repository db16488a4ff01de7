//! Formations in the window: the editor from the first screen and "edit now" in the new-game dialog.

mod common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::{JunqiApp, Screen};
use junqi::engine::formation::Formation;
use junqi::engine::{Rank, Side};
use std::path::Path;

fn harness(dir: &Path) -> Harness<'static, JunqiApp> {
    common::harness_sized(dir, 1300.0, 950.0)
}

/// The formation a side played in the running game, read back from the start position.
fn played_formation(h: &Harness<'static, JunqiApp>, side: Side) -> Formation {
    let game = &h.state().play.as_ref().unwrap().game;
    let b = game.board();
    let mut f = Formation::default();
    for l in 1..=6u8 {
        for c in 1..=5u8 {
            if let Some(n) = b.deploy[side.index()][l as usize - 1][c as usize - 1] {
                f.set(l, c, game.start_position().at(n).map(|p| p.rank()));
            }
        }
    }
    f
}

#[test]
fn edit_now_puts_the_edited_formation_into_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    // Red's "Edit now…" (the first of the two).
    h.get_all_by_label("Edit now…").next().unwrap().click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Editor(_)));
    // An empty formation cannot be used yet.
    h.get_by_label("Random").click();
    h.run();
    let made = match &h.state().screen {
        Screen::Editor(es) => es.editor.formation().grid,
        _ => panic!("still in the editor"),
    };
    h.get_by_label("Use in game").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::NewGame(_)));
    h.get_by_label("Start game").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Play));
    assert_eq!(played_formation(&h, Side::Red).grid, made);
    // Blue kept a random formation: a complete one, but not (in general) the same.
    assert_eq!(played_formation(&h, Side::Blue).count(Rank::Flag), 1);
}

#[test]
fn editor_from_the_first_screen_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_by_label("Formation editor").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Editor(_)));
    h.get_by_label("Random").click();
    h.run();
    h.get_by_label("Use in game").click();
    h.run();
    // Using a formation from the editor opens the new-game dialog with it for Red.
    assert!(matches!(h.state().screen, Screen::NewGame(_)));
}

#[test]
fn library_formations_are_offered_in_the_new_game_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("formations");
    std::fs::create_dir_all(&lib).unwrap();
    let rules = junqi::engine::Rules::default();
    let mut f = Formation::random(&mut junqi::engine::rng::SplitMix64::new(5), &rules);
    f.name = "My wall".into();
    std::fs::write(lib.join("wall.ron"), f.to_ron()).unwrap();
    let mut h = harness(dir.path());
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    let Screen::NewGame(ng) = &h.state().screen else {
        panic!()
    };
    assert!(ng.library.iter().any(|(_, x)| x.name == "My wall"));
    // The shipped formations are offered too.
    assert!(ng.library.len() > 1);
}

#[test]
fn hidden_games_enter_formations_behind_a_curtain() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.rules = junqi::engine::Rules::for_mode(junqi::engine::Mode::Hidden);
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    h.get_all_by_label("Edit now…").nth(1).unwrap().click();
    h.run();
    // Blue's formation: the curtain first, and no editor control until Blue presses it.
    let curtain = "Blue: enter your formation (Red, look away) — press to begin";
    assert!(h.query_by_label("Random").is_none());
    h.get_by_label(curtain).click();
    h.run();
    h.get_by_label("Random").click();
    h.run();
    h.get_by_label("Use in game").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::NewGame(_)));
}
