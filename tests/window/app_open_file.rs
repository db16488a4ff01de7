//! `junqi FILE`: the file named on the command line opens in the window — a formation in the
//! editor, a game record in the replay viewer, anything else with a warning and the first screen.

use crate::common;

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

/// A formation named on the command line is the editor's file: the status line
/// names it, and Save writes it (atomically, private to its owner) without asking for a file.
#[test]
fn formation_from_the_command_line_is_saved_back_to_its_file() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("my wall.ron");
    let mut f = Formation::random(
        &mut junqi::engine::rng::SplitMix64::new(9),
        &Rules::default(),
    );
    f.name = "My wall".into();
    std::fs::write(&path, f.to_ron()).unwrap();
    let mut h = common::harness_wide(dir.path());
    h.state_mut().open_file(&path);
    h.run();
    let shown = path.display().to_string();
    h.get_by_label(&format!("File: {shown}"));
    h.get_by_label(&format!("Opened {shown}"));
    // One piece back to the tray, then Save.
    h.get_by_label_contains("line 1 column 1 a6")
        .click_secondary();
    h.run();
    h.get_by_label(&format!("File: {shown} • unsaved changes"));
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label(&format!(
        "Saved as work in progress to {shown}: 1 problem left; it can be used in a game once \
         complete and valid."
    ));
    h.get_by_label(&format!("File: {shown}"));
    let saved = Formation::from_ron(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved.at(1, 1), None);
    assert_eq!(saved.name, "My wall");
    match &h.state().screen {
        Screen::Editor(es, _) => assert_eq!(es.editor.formation(), &saved),
        _ => panic!("the editor is not showing"),
    }
    // Written through a temporary file that is gone, and private to its owner.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}

/// A shipped formation named on the command line stays read-only, even by a path that goes
/// round about: the status line says so and the editor has no file to save over.
#[test]
fn shipped_formation_from_the_command_line_stays_read_only() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("tests/../layouts/rail-control.ron");
    let mut h = common::harness_wide(dir.path());
    h.state_mut().open_file(&path);
    h.run();
    h.get_by_label(&format!(
        "Opened the shipped formation {} (read-only: saving makes a copy)",
        path.display()
    ));
    h.get_by_label("File: not saved yet");
}
