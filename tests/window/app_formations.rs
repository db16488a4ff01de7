//! Formations in the window: the editor from the first screen and "edit now" in the new-game dialog.

use crate::common;

use common::harness_wide as harness;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::{JunqiApp, Screen};
use junqi::engine::formation::Formation;
use junqi::engine::{Rank, Seat};

/// The formation a side played in the running game, read back from the start position.
fn played_formation(h: &Harness<'static, JunqiApp>, side: Seat) -> Formation {
    let game = &h.state().play().unwrap().game();
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
    assert!(matches!(h.state().screen, Screen::Editor(..)));
    // An empty formation cannot be used yet.
    h.get_by_label("Random").click();
    h.run();
    let made = match &h.state().screen {
        Screen::Editor(es, _) => es.editor.formation().grid,
        _ => panic!("still in the editor"),
    };
    h.get_by_label("Use in game").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::NewGame(_)));
    h.get_by_label("Start game").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Play(_)));
    assert_eq!(played_formation(&h, Seat::Red).grid, made);
    // Blue kept a random formation: a complete one, but not (in general) the same.
    assert_eq!(played_formation(&h, Seat::Blue).count(Rank::Flag), 1);
}

#[test]
fn editor_from_the_first_screen_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_by_label("Formation editor").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Editor(..)));
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
    // Between people each side chooses behind its own curtain.
    h.get_by_label("Blue: choose privately…").click();
    h.run();
    h.get_by_label("Blue: choose your formation (Red, look away) — press to begin")
        .click();
    h.run();
    h.get_by_label("Edit now…").click();
    h.run();
    // Blue passed the curtain already: the editor opens at once, with no second curtain
    // (its controls are there at once).
    h.get_by_label("Random").click();
    h.run();
    h.get_by_label("Use in game").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::NewGame(_)));
}

/// "Use in game" from the editor after a flip game (where formations play no part) opens the
/// new-game dialog in open mode with the formation; after a hidden game it stays hidden.
#[test]
fn use_in_game_after_a_flip_game_switches_to_a_mode_with_formations() {
    use junqi::engine::{Mode, Rules};
    for (last, expected) in [
        (Mode::Flip, Mode::Open),
        (Mode::Hidden, Mode::Hidden),
        (Mode::Open, Mode::Open),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.state_mut().settings.rules = Rules::for_mode(last);
        h.get_by_label("Formation editor").click();
        h.run();
        h.get_by_label("Random").click();
        h.run();
        let made = match &h.state().screen {
            Screen::Editor(es, _) => es.editor.formation().grid,
            _ => panic!("in the editor"),
        };
        h.get_by_label("Use in game").click();
        h.run();
        let Screen::NewGame(ng) = &h.state().screen else {
            panic!("the new-game dialog")
        };
        assert_eq!(ng.spec.rules.mode, expected, "after {last:?}");
        if expected == Mode::Open {
            assert_eq!(ng.spec.rules, Rules::for_mode(Mode::Open), "after {last:?}");
        }
        h.get_by_label("Start game").click();
        h.run();
        assert!(matches!(h.state().screen, Screen::Play(_)));
        assert_eq!(played_formation(&h, Seat::Red).grid, made, "after {last:?}");
    }
}

/// The shipped formations have a Chinese name and note, drawable with the shipped font.
#[test]
fn shipped_formations_have_chinese_names_and_notes_in_the_font() {
    use egui::epaint::text::{Fonts, TextOptions};
    let shipped = junqi::app::formations::shipped_dir().expect("layouts/");
    let list = junqi::editor::list_library(&shipped);
    assert!(list.len() >= 8);
    let mut fonts = Fonts::new(TextOptions::default(), junqi::app::fonts::definitions());
    let font = egui::FontId::proportional(14.0);
    let mut names = std::collections::HashSet::new();
    for e in list {
        let f = e.content.expect("readable");
        assert!(
            !f.name_zh.trim().is_empty() && !f.notes_zh.trim().is_empty(),
            "{}",
            e.path.display()
        );
        assert!(names.insert(f.name_zh.clone()), "duplicate {}", f.name_zh);
        let missing: String = f
            .name_zh
            .chars()
            .chain(f.notes_zh.chars())
            .filter(|&c| !fonts.has_glyph(&font, c))
            .collect();
        assert!(missing.is_empty(), "{}: {missing}", e.path.display());
    }
}

/// In 中文 the new-game dialog offers the shipped formations by their Chinese names.
#[test]
fn formation_names_in_the_new_game_dialog_follow_the_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    h.run();
    h.get_all_by_label("新对局").next().unwrap().click();
    h.run();
    h.get_by_label("红方布阵").click();
    h.run();
    assert!(h.query_by_label("Solid defence").is_none());
    h.get_by_label("防守为主").click();
    h.run();
    let Screen::NewGame(ng) = &h.state().screen else {
        panic!()
    };
    assert!(matches!(
        &ng.spec.formations[0],
        junqi::app::newgame::FormationChoice::File(_, f) if f.name == "Solid defence"
    ));
    // The picker shows the choice by its name in the interface language.
    let shown = |v| {
        egui_kittest::kittest::By::new()
            .role(egui::accesskit::Role::ComboBox)
            .value(v)
    };
    h.get(shown("防守为主"));
    h.get_by_label("English").click();
    h.run();
    h.get(shown("Solid defence"));
}

/// The referee's tracked game offers the saved formations by their names in the interface language.
#[test]
fn referee_offers_saved_formations_in_the_interface_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    h.run();
    for label in [
        "实体棋盘裁判",
        "跟踪对局",
        "我是红方：继续",
        "或使用保存的布阵：",
    ] {
        h.get_by_label(label).click();
        h.run();
    }
    assert!(h.query_by_label("Solid defence").is_none());
    h.get_by_label("防守为主").click();
    h.run();
    let shown = egui_kittest::kittest::By::new()
        .role(egui::accesskit::Role::ComboBox)
        .value("防守为主");
    h.get(shown);
}

/// The text in the editor's name or notes field.
fn field(h: &Harness<'static, JunqiApp>, role: egui::accesskit::Role, label: &str) -> String {
    h.get_by_role_and_label(role, label)
        .accesskit_node()
        .value()
        .unwrap_or_default()
}

/// A shipped formation opened in the editor shows its name and notes in the
/// interface language, in 中文 the Chinese ones; switching the language switches them, and
/// showing them changes nothing.
#[test]
fn shipped_formation_in_the_editor_shows_its_names_in_the_interface_language() {
    use egui::accesskit::Role;
    let dir = tempfile::tempdir().unwrap();
    let shipped = junqi::app::formations::shipped_dir().expect("layouts/");
    let solid = junqi::editor::load_formation(&shipped.join("solid-defence.ron")).unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    h.run();
    h.get_by_label("布阵编辑").click();
    h.run();
    h.get_by_label("防守为主").click();
    h.run();
    assert_eq!(field(&h, Role::TextInput, "名称"), "防守为主");
    assert_eq!(
        field(&h, Role::MultilineTextInput, "说明"),
        solid.notes_zh.as_str()
    );
    h.get_by_label("English").click();
    h.run();
    assert_eq!(field(&h, Role::TextInput, "Name"), "Solid defence");
    assert_eq!(
        field(&h, Role::MultilineTextInput, "Notes"),
        solid.notes.as_str()
    );
    h.get_by_label("File: not saved yet");
    match &h.state().screen {
        Screen::Editor(es, _) => assert_eq!(es.editor.formation(), &solid),
        _ => panic!("the editor is not showing"),
    }
}

/// A camp clicked with a tray piece picked says why nothing goes there, changes
/// nothing (the piece stays picked for another square); the message follows a language switch.
#[test]
fn a_camp_clicked_with_a_tray_piece_says_camps_start_empty() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_by_label("Formation editor").click();
    h.run();
    h.get_by_label("tray Colonel ×2").click();
    h.run();
    h.get_by_label("line 2 column 2 b5 camp").click();
    h.run();
    h.get_by_label("b5 is a camp: camps start empty.");
    let editor = |h: &Harness<'static, JunqiApp>| match &h.state().screen {
        Screen::Editor(es, _) => es.editor.formation().clone(),
        _ => panic!("the editor is not showing"),
    };
    assert_eq!(editor(&h), Formation::default());
    // The colonel is still picked: the next square takes it.
    h.get_by_label("line 2 column 1 a5 empty").click();
    h.run();
    assert_eq!(editor(&h).at(2, 1), Some(Rank::Colonel));
    assert!(
        h.query_by_label("b5 is a camp: camps start empty.")
            .is_none()
    );

    // Switching the language re-words the message on screen.
    h.get_by_label("tray Colonel ×1").click();
    h.run();
    h.get_by_label("line 3 column 3 c4 camp").click();
    h.run();
    h.get_by_label("c4 is a camp: camps start empty.");
    h.get_by_label("中文").click();
    h.run();
    h.get_by_label("c4 是行营：开局必须空着。");
    assert!(
        h.query_by_label("c4 is a camp: camps start empty.")
            .is_none()
    );
    h.get_by_label("English").click();
    h.run();
    h.get_by_label("c4 is a camp: camps start empty.");
}

/// From the new-game dialog: Red's "Edit now…", the editor's buttons `steps` in turn, "Use in
/// game"; the formation chosen for Red once back in the dialog.
fn edit_red_and_use(
    h: &mut egui_kittest::Harness<'static, junqi::app::JunqiApp>,
    steps: &[&str],
) -> junqi::app::newgame::FormationChoice {
    h.get_all_by_label("Edit now…").next().unwrap().click();
    h.run();
    for step in steps.iter().chain(&["Use in game"]) {
        h.get_by_label(step).click();
        h.run();
    }
    let Screen::NewGame(ng) = &h.state().screen else {
        panic!("back in the new-game dialog")
    };
    ng.spec.formations[0].clone()
}

#[test]
fn a_formation_saved_then_used_is_named_as_its_file_not_edited() {
    use junqi::app::newgame::FormationChoice;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    let saved = edit_red_and_use(&mut h, &["Random", "Save in library"]);
    assert!(
        matches!(saved, FormationChoice::File(..)),
        "the saved file is the choice"
    );
    assert!(h.query_by_label_contains("(edited)").is_none());
    // Changed after saving: an edited formation again.
    let changed = edit_red_and_use(&mut h, &["Mirror"]);
    assert!(matches!(changed, FormationChoice::Edited(_)));
}
