//! `junqi FILE`: the file named on the command line opens in the window — a formation in the
//! editor, a game record in the replay viewer, anything else with a warning and the first screen.

mod common;

use junqi::app::Screen;
use junqi::engine::formation::Formation;
use junqi::engine::{Game, Rules, Start};
use junqi::i18n::Lang;

#[test]
fn file_from_the_command_line_opens_a_formation_in_the_editor() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts/rail-control.ron");
    let formation = Formation::from_ron(&std::fs::read_to_string(&shipped).unwrap()).unwrap();
    let mut h = common::harness_sized(dir.path(), 1200.0, 900.0);
    h.state_mut().open_file(&shipped);
    h.run();
    match &h.state().screen {
        Screen::Editor(es, _) => assert_eq!(es.editor.formation().grid, formation.grid),
        _ => panic!("the editor is not showing"),
    }
    assert!(h.state().warning.is_none());
}

#[test]
fn file_from_the_command_line_opens_a_game_record_in_the_replay_viewer() {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::default();
    let f = Formation::from_ron(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts/rail-control.ron"),
        )
        .unwrap(),
    )
    .unwrap();
    let game = Game::new(rules, Start::formations(&f, &f)).unwrap();
    let path = dir.path().join("a game.ron");
    std::fs::write(&path, game.to_ron()).unwrap();
    let mut h = common::harness_sized(dir.path(), 1200.0, 900.0);
    h.state_mut().open_file(&path);
    h.run();
    assert!(matches!(h.state().screen, Screen::Replay(_)));
    assert!(h.state().warning.is_none());

    // Neither a formation nor a game: a warning naming the file, and the first screen.
    let junk = dir.path().join("notes.txt");
    std::fs::write(&junk, "hello").unwrap();
    let mut h = common::harness_sized(dir.path(), 1200.0, 900.0);
    h.state_mut().open_file(&junk);
    h.run();
    assert!(matches!(h.state().screen, Screen::Home));
    let msg = h
        .state()
        .warning
        .clone()
        .expect("a warning")
        .detail(Lang::En);
    assert!(msg.contains("notes.txt"), "{msg}");
}
