//! The editor driven the way a player drives it (egui_kittest: clicks, drags, keys), plus its
//! file handling and Chinese problem text.

use super::*;
use crate::engine::formation::Formation;
use crate::i18n::Lang;
use egui::{Key, Modifiers, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

struct State {
    ed: FormationEditor,
    out: Option<EditorOutcome>,
}

fn harness_with(ed: FormationEditor) -> Harness<'static, State> {
    Harness::builder()
        .with_size(vec2(1400.0, 1000.0))
        .allow_missing_glyphs()
        .build_ui_state(
            |ui, s: &mut State| {
                if let Some(o) = s.ed.ui(ui) {
                    s.out = Some(o);
                }
            },
            State { ed, out: None },
        )
}

/// An English-language editor on a temporary library folder.
fn harness(dir: &Path) -> Harness<'static, State> {
    let mut ed = FormationEditor::new(
        dir.join("mine"),
        Some(dir.join("shipped")),
        Rules::default(),
    );
    ed.set_language(Lang::En);
    harness_with(ed)
}

fn random_formation(seed: u64) -> Formation {
    let mut f = Formation::random(&mut SplitMix64::new(seed), &Rules::default());
    f.name = "Ambush".into();
    f.notes = "bombs behind the camps\nsecond line".into();
    f
}

fn center(h: &Harness<'_, State>, label: &str) -> Pos2 {
    h.get_by_label(label).rect().center()
}

fn drag(h: &mut Harness<'_, State>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    h.hover_at(from + vec2(12.0, 12.0));
    h.run();
    h.hover_at(to);
    h.run();
    h.drop_at(to);
    h.run();
}

fn has(h: &Harness<'_, State>, label: &str) -> bool {
    h.query_by_label(label).is_some()
}

#[test]
fn keyboard_places_and_removes_on_the_cursor_square() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.event(egui::Event::Text("9".into()));
    h.run();
    assert_eq!(h.state().ed.formation().at(1, 1), Some(Rank::Marshal));
    assert!(has(&h, "line 1 column 1 a6 Field Marshal"));
    assert!(has(&h, "tray Field Marshal ×0"));
    h.key_press(Key::ArrowDown);
    h.key_press(Key::ArrowRight);
    h.run();
    // Line 2 column 2 is a camp: refused, with a message.
    h.event(egui::Event::Text("5".into()));
    h.run();
    assert_eq!(h.state().ed.formation().at(2, 2), None);
    assert!(has(&h, "b5 is a camp: camps start empty."));
    h.key_press(Key::ArrowDown);
    h.key_press(Key::ArrowDown);
    h.key_press(Key::ArrowDown);
    h.key_press(Key::ArrowDown);
    h.run();
    h.event(egui::Event::Text("f".into()));
    h.run();
    assert_eq!(h.state().ed.formation().at(6, 2), Some(Rank::Flag));
    h.key_press(Key::Delete);
    h.run();
    assert_eq!(h.state().ed.formation().at(6, 2), None);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().ed.formation().at(6, 2), Some(Rank::Flag));
}

#[test]
fn click_tray_then_square_places_and_drag_places_too() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_by_label("tray Colonel ×2").click();
    h.run();
    h.get_by_label("line 1 column 3 c6 empty").click();
    h.run();
    assert_eq!(h.state().ed.formation().at(1, 3), Some(Rank::Colonel));
    assert!(has(&h, "tray Colonel ×1"));

    let from = center(&h, "tray Bomb ×2");
    let to = center(&h, "line 3 column 1 a4 empty");
    drag(&mut h, from, to);
    assert_eq!(h.state().ed.formation().at(3, 1), Some(Rank::Bomb));
    assert!(has(&h, "tray Bomb ×1"));

    // Dropping a tray piece on a camp places nothing.
    let from = center(&h, "tray Bomb ×1");
    let to = center(&h, "line 3 column 3 c4 camp");
    drag(&mut h, from, to);
    assert_eq!(h.state().ed.formation().at(3, 3), None);
    assert!(has(&h, "tray Bomb ×1"));
}

#[test]
fn drag_on_the_board_moves_and_swaps_and_back_to_tray_removes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let mut f = Formation::default();
    f.set(1, 1, Some(Rank::Marshal));
    f.set(1, 2, Some(Rank::Engineer));
    h.state_mut().ed.formation = f;
    h.run();
    // Move onto an empty square.
    let (a, b) = (
        center(&h, "line 1 column 1 a6 Field Marshal"),
        center(&h, "line 4 column 1 a3 empty"),
    );
    drag(&mut h, a, b);
    assert_eq!(h.state().ed.formation().at(1, 1), None);
    assert_eq!(h.state().ed.formation().at(4, 1), Some(Rank::Marshal));
    // Swap two pieces.
    let (a, b) = (
        center(&h, "line 4 column 1 a3 Field Marshal"),
        center(&h, "line 1 column 2 b6 Engineer"),
    );
    drag(&mut h, a, b);
    assert_eq!(h.state().ed.formation().at(4, 1), Some(Rank::Engineer));
    assert_eq!(h.state().ed.formation().at(1, 2), Some(Rank::Marshal));
    // Back to the tray.
    let (a, b) = (
        center(&h, "line 1 column 2 b6 Field Marshal"),
        center(&h, "tray Flag ×1"),
    );
    drag(&mut h, a, b);
    assert_eq!(h.state().ed.formation().at(1, 2), None);
    assert!(has(&h, "tray Field Marshal ×1"));
    // Right-click removes.
    h.get_by_label("line 4 column 1 a3 Engineer")
        .click_secondary();
    h.run();
    assert_eq!(h.state().ed.formation().at(4, 1), None);
    assert_eq!(h.state().ed.formation().count(Rank::Engineer), 0);
}

#[test]
fn clicking_two_placed_pieces_swaps_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let f = random_formation(3);
    let (a, b) = (f.at(1, 1).unwrap(), f.at(6, 5).unwrap());
    h.state_mut().ed.formation = f;
    h.run();
    h.get_by_label(&format!("line 1 column 1 a6 {}", a.en()))
        .click();
    h.run();
    let label = format!("line 1 column 1 a6 {}", a.en());
    let node = h.get_by_label(&label);
    assert_eq!(
        node.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    h.get_by_label(&format!("line 6 column 5 e1 {}", b.en()))
        .click();
    h.run();
    assert_eq!(h.state().ed.formation().at(1, 1), Some(b));
    assert_eq!(h.state().ed.formation().at(6, 5), Some(a));
}

#[test]
fn validation_messages_appear_and_disappear() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    assert!(has(&h, "• 1 × Field Marshal not placed yet"));
    h.get_by_label("tray Landmine ×3").click();
    h.run();
    h.get_by_label("line 1 column 5 e6 empty").click();
    h.run();
    assert!(has(&h, "• mine at e6: mines only in the last two lines"));
    assert!(has(&h, "• 2 × Landmine not placed yet"));
    // Move it to the back: the rule message goes away.
    let (a, b) = (
        center(&h, "line 1 column 5 e6 Landmine"),
        center(&h, "line 6 column 5 e1 empty"),
    );
    drag(&mut h, a, b);
    assert!(!has(&h, "• mine at e6: mines only in the last two lines"));
    assert!(!has(&h, "• mine at e1: mines only in the last two lines"));
    assert!(has(&h, "• 2 × Landmine not placed yet"));
}

#[test]
fn random_fills_a_valid_formation_and_use_in_game_needs_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    assert!(h.get_by_label("Use in game").accesskit_node().is_disabled());
    h.get_by_label("Use in game").click();
    h.run();
    assert_eq!(h.state().out, None);
    h.get_by_label("Random").click();
    h.run();
    assert!(h.state().ed.formation().is_valid(&Rules::default()));
    assert!(has(&h, "Complete and valid: ready for a game."));
    assert!(!h.get_by_label("Use in game").accesskit_node().is_disabled());
    // One piece off: not usable again.
    h.get_by_label_contains("line 1 column 1 a6")
        .click_secondary();
    h.run();
    assert!(h.get_by_label("Use in game").accesskit_node().is_disabled());
    h.get_by_label("Fill the rest").click();
    h.run();
    assert!(h.state().ed.formation().is_valid(&Rules::default()));
    h.get_by_label("Use in game").click();
    h.run();
    let f = h.state().ed.formation().clone();
    assert!(matches!(&h.state().out, Some(EditorOutcome::UseInGame(g, _)) if *g == f));
}

#[test]
fn mirror_clear_and_undo() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let f = random_formation(11);
    h.state_mut().ed.formation = f.clone();
    h.run();
    h.get_by_label("Mirror").click();
    h.run();
    assert_eq!(h.state().ed.formation().grid, f.mirrored().grid);
    h.get_by_label("Clear").click();
    h.run();
    assert!(
        h.state()
            .ed
            .formation()
            .grid
            .iter()
            .flatten()
            .all(|c| c.is_none())
    );
    h.get_by_label("Undo").click();
    h.run();
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(h.state().ed.formation().grid, f.grid);
}

#[test]
fn save_in_library_then_load_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let f = random_formation(5);
    h.state_mut().ed.formation = f.clone();
    h.run();
    h.get_by_label("Save in library").click();
    h.run();
    let saved = dir.path().join("mine").join("ambush.ron");
    assert!(saved.is_file(), "{:?}", h.state().ed.status);
    assert_eq!(load_formation(&saved).unwrap(), f);
    h.get_by_label("Clear").click();
    h.run();
    // The library lists it with its note; clicking loads it back.
    assert!(has(&h, "bombs behind the camps"));
    h.get_by_label("Ambush").click();
    h.run();
    assert_eq!(h.state().ed.formation(), &f);
    assert!(!h.state().ed.dirty);
    // Saving again goes over the same file, not a second copy.
    h.key_press(Key::Delete);
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let wip = load_formation(&saved).unwrap();
    assert_eq!(wip.at(1, 1), None);
    assert!(!wip.is_complete());
    assert_eq!(
        std::fs::read_dir(dir.path().join("mine")).unwrap().count(),
        1
    );
    let m = h.state().ed.status.clone().unwrap();
    let (level, text) = (m.level(), m.words(Lang::En));
    assert_eq!(level, Level::Warning);
    assert!(text.contains("work in progress"), "{text}");
}

fn lines_file(lines: [&str; 6]) -> Vec<u8> {
    let quoted: Vec<String> = lines.iter().map(|l| format!("{l:?}")).collect();
    format!("(version: 1, name: \"x\", lines: [{}])", quoted.join(", ")).into_bytes()
}

#[test]
fn hostile_files_give_a_message_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine");
    std::fs::create_dir_all(&mine).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "syntax.ron",
            b"(version: 1, name: \"x\",\n lines: [\"1 2\" ".to_vec(),
            "line 2, column",
        ),
        (
            "counts.ron",
            lines_file([
                "9 9 9 9 9",
                "9 + 9 + 9",
                "9 9 + 9 9",
                "9 + 9 + 9",
                "9 9 9 9 9",
                "9 F 9 9 9",
            ]),
            "Field Marshal but a side has only 1",
        ),
        (
            "unknown.ron",
            lines_file([
                ". . . . .",
                ". + . + .",
                ". . + . .",
                ". + X + .",
                ". . . . .",
                ". . . . .",
            ]),
            "unknown piece 'X'",
        ),
        (
            "camp.ron",
            lines_file([
                ". . . . .",
                ". 5 . + .",
                ". . + . .",
                ". + . + .",
                ". . . . .",
                ". . . . .",
            ]),
            "camp at line 2 column 2",
        ),
        ("huge.ron", vec![b' '; 200_000], "larger than"),
        (
            "latin1.ron",
            b"(version: 1, name: \"caf\xe9\", lines: [])".to_vec(),
            "not UTF-8",
        ),
    ];
    for (name, bytes, _) in &cases {
        std::fs::write(mine.join(name), bytes).unwrap();
    }
    let mut h = harness(dir.path());
    let before = random_formation(2);
    h.state_mut().ed.formation = before.clone();
    h.run();
    for (name, _, expect) in &cases {
        let path = mine.join(name);
        h.state_mut().ed.open_path(&path);
        h.run();
        assert_eq!(h.state().ed.formation(), &before, "{name}");
        let m = h.state().ed.status.clone().unwrap();
        let (level, text) = (m.level(), m.words(Lang::En));
        assert_eq!(level, Level::Error, "{name}");
        assert!(text.contains(&path.display().to_string()), "{name}: {text}");
        assert!(text.contains(expect), "{name}: {text}");
        assert!(has(&h, &text), "{name}: the message is on screen");
    }
    // The library lists each bad file with its problem instead of a button.
    let listed = list_library(&mine);
    assert_eq!(listed.len(), cases.len());
    assert!(listed.iter().all(|e| e.content.is_err()), "{listed:?}");
    assert!(has(&h, &listed[0].content.clone().unwrap_err().to_string()));
}

#[test]
fn close_asks_before_dropping_unsaved_changes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_by_label("Close").click();
    h.run();
    assert_eq!(h.state().out, Some(EditorOutcome::Close));
    h.state_mut().out = None;
    h.get_by_label("Random").click();
    h.run();
    h.get_by_label("Close").click();
    h.run();
    assert_eq!(h.state().out, None);
    h.get_by_label("Keep editing").click();
    h.run();
    assert_eq!(h.state().out, None);
    h.get_by_label("Close").click();
    h.run();
    h.get_by_label("Close without saving").click();
    h.run();
    assert_eq!(h.state().out, Some(EditorOutcome::Close));
}

#[test]
fn chinese_labels_and_shipped_files_are_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = dir.path().join("shipped");
    std::fs::create_dir_all(&shipped).unwrap();
    let f = random_formation(4);
    save_formation(&shipped.join("ambush.ron"), &f).unwrap();
    let ed = FormationEditor::new(
        dir.path().join("mine"),
        Some(shipped.clone()),
        Rules::default(),
    );
    let mut h = harness_with(ed);
    h.run();
    assert!(has(&h, "tray 团长 ×2"));
    assert!(has(&h, "line 1 column 3 c6 空"));
    assert!(has(&h, "用于对局"));
    h.get_by_label("Ambush").click();
    h.run();
    assert_eq!(h.state().ed.formation(), &f);
    assert_eq!(
        h.state().ed.current_path,
        None,
        "a shipped file is never saved over"
    );
    h.get_by_label("保存到布阵库").click();
    h.run();
    assert!(dir.path().join("mine").join("ambush.ron").is_file());
    assert_eq!(load_formation(&shipped.join("ambush.ron")).unwrap(), f);
}

#[test]
fn every_engine_problem_kind_reads_in_chinese() {
    let rules = Rules::default();
    let mut f = Formation::default();
    f.set(2, 2, Some(Rank::Colonel)); // camp
    f.set(1, 1, Some(Rank::Flag)); // flag outside an HQ
    f.set(1, 2, Some(Rank::Mine)); // mine too far forward
    f.set(1, 3, Some(Rank::Bomb)); // bomb on the front line
    f.set(1, 4, Some(Rank::Marshal));
    f.set(1, 5, Some(Rank::Marshal)); // too many
    let problems = f.problems(&rules);
    assert!(problems.len() >= 6);
    for p in &problems {
        let zh = Lang::Zh.formation_problem(p);
        assert!(!zh.is_ascii(), "no Chinese for {p:?}: {zh}");
        assert_eq!(Lang::En.formation_problem(p), p.to_string());
    }
    let text: Vec<String> = problems
        .iter()
        .map(|p| Lang::Zh.formation_problem(p))
        .collect();
    assert!(
        text.iter().any(|t| t == "司令 有 2 个（只允许 1 个）"),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|t| t == "炸弹在第一线 c6：炸弹不能放在第一线"),
        "{text:?}"
    );
    // Every kind, with the English the command line prints.
    let en: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    for want in [
        "Colonel in a camp at b5: camps start empty",
        "flag at a6: the flag goes in one of the two HQs",
        "mine at b6: mines only in the last two lines",
        "bomb on the front line at c6",
        "2 × Field Marshal (only 1 allowed)",
        "3 × Engineer not placed yet",
    ] {
        assert!(en.iter().any(|t| t == want), "{want}: {en:?}");
    }
}

#[test]
fn tooltips_name_positions_and_take_rules_from_the_engine() {
    let rules = Rules::default();
    let t = square_tooltip(1, 2, &rules, Lang::En);
    assert!(
        t.contains("棋眉") && t.contains("锋线") && t.contains("b6"),
        "{t}"
    );
    assert!(t.contains("bomb on the front line at b6"), "{t}");
    assert!(t.contains("mine at b6"), "{t}");
    let t = square_tooltip(6, 2, &rules, Lang::En);
    assert!(t.contains("大本营") && !t.contains("flag at"), "{t}");
    let t = square_tooltip(6, 1, &rules, Lang::Zh);
    assert!(t.contains("底角") && t.contains("军旗在 a1"), "{t}");
    let house = Rules {
        bombs_in_front_row: true,
        ..Rules::default()
    };
    assert!(!square_tooltip(1, 2, &house, Lang::En).contains("bomb"));
    assert!(square_tooltip(2, 2, &rules, Lang::En).contains("camp"));
}

#[test]
fn file_names_from_formation_names() {
    assert_eq!(file_stem("Bomb Ambush!"), "bomb-ambush");
    assert_eq!(file_stem("  "), "formation");
    assert_eq!(file_stem("../../etc/passwd"), "etc-passwd");
    assert_eq!(file_stem("铁桶阵 2"), "铁桶阵-2");
    let dir = tempfile::tempdir().unwrap();
    let p = files::free_path(dir.path(), "x");
    std::fs::write(&p, "").unwrap();
    assert_eq!(
        files::free_path(dir.path(), "x"),
        dir.path().join("x-2.ron")
    );
}

#[test]
fn typing_in_the_name_field_places_no_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Name")
        .focus();
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Name")
        .type_text("B9 wall");
    h.run();
    assert_eq!(h.state().ed.formation().name, "B9 wall");
    assert_eq!(h.state().ed.formation().count(Rank::Bomb), 0);
    assert_eq!(h.state().ed.formation().count(Rank::Marshal), 0);
    assert!(h.state().ed.dirty);
}

/// A message about a refused placement describes the board it was refused on: Clear (or any later
/// change of the board) takes it away.
#[test]
fn camp_message_goes_away_on_clear() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.key_press(Key::ArrowDown);
    h.key_press(Key::ArrowRight);
    h.run();
    h.event(egui::Event::Text("5".into()));
    h.run();
    assert!(has(&h, "b5 is a camp: camps start empty."));
    // Even with nothing on the board to clear.
    h.get_by_label("Clear").click();
    h.run();
    assert!(!has(&h, "b5 is a camp: camps start empty."));
    // And after a change of the board.
    h.event(egui::Event::Text("5".into()));
    h.run();
    assert!(has(&h, "b5 is a camp: camps start empty."));
    h.key_press(Key::ArrowRight);
    h.run();
    h.event(egui::Event::Text("5".into()));
    h.run();
    assert_eq!(h.state().ed.formation().at(2, 3), Some(Rank::Colonel));
    assert!(!has(&h, "b5 is a camp: camps start empty."));
}

#[test]
fn long_notes_are_cut_at_a_word_boundary_with_an_ellipsis() {
    let note = "Engineers on the front-rail corners fly along the side rails";
    // Room for "Engineers on the front-rail corn": cut before "corners", not inside it.
    assert_eq!(files::short_note(note, 33), "Engineers on the front-rail…");
    assert_eq!(files::short_note(note, 200), note);
    // Only the first line.
    assert_eq!(files::short_note("one\ntwo", 200), "one");
    // Punctuation before the cut goes.
    assert_eq!(
        files::short_note("Flag left, mines round it", 12),
        "Flag left…"
    );
    // One word longer than the room is cut where it must.
    assert_eq!(files::short_note("Abcdefghijkl", 6), "Abcde…");
    // Chinese breaks between any two characters.
    assert_eq!(
        files::short_note("军旗在左侧大本营，用 3 个地雷守住", 9),
        "军旗在左侧大本营…"
    );
}

/// The library list shows every shipped formation's note whole or cut at a word, in the language
/// of the interface, with the formation's name in that language.
#[test]
fn library_shows_shipped_formations_in_the_interface_language() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts");
    let ed = FormationEditor::new(
        dir.path().join("mine"),
        Some(shipped.clone()),
        Rules::default(),
    );
    let mut h = harness_with(ed);
    h.state_mut().ed.set_language(Lang::En);
    h.run();
    let solid = load_formation(&shipped.join("solid-defence.ron")).unwrap();
    assert!(has(&h, "Solid defence"));
    let shown = files::short_note(&solid.notes, NOTE_CHARS);
    assert!(shown.ends_with('…') && shown.chars().count() <= NOTE_CHARS);
    let kept = shown.trim_end_matches('…');
    assert!(
        solid.notes.starts_with(kept)
            && solid.notes[kept.len()..].starts_with(|c: char| !c.is_alphanumeric()),
        "cut inside a word: {shown}"
    );
    assert!(has(&h, &shown), "{shown}");
    h.state_mut().ed.set_language(Lang::Zh);
    h.run();
    assert!(has(&h, "防守为主"));
    assert!(has(&h, &files::short_note(&solid.notes_zh, NOTE_CHARS)));
    assert!(!has(&h, "Solid defence"));
}

/// Random draws its seed from the operating system's random source like every
/// other random formation (`engine::rng::os_seed`), never from the clock, which a player could
/// guess (the start time of the program is no secret).
#[test]
fn editor_random_seed_comes_from_the_os_not_the_clock() {
    let source = include_str!("mod.rs");
    let new = &source[source.find("pub fn new(").expect("FormationEditor::new")..];
    let new = &new[..new.find("\n    }\n").expect("end of new")];
    assert!(
        !new.contains("SystemTime") && !new.contains("Instant"),
        "the editor's seed comes from the clock:\n{new}"
    );
    assert!(new.contains("os_seed()"), "{new}");
    // And the two editors opened one after the other deal different Random formations.
    let dir = tempfile::tempdir().unwrap();
    let mut a = FormationEditor::new(dir.path().join("mine"), None, Rules::default());
    let mut b = FormationEditor::new(dir.path().join("mine"), None, Rules::default());
    assert_ne!(a.rng.next_u64(), b.rng.next_u64());
}

/// The status line keeps what happened, not its words: switching the language re-words it.
#[test]
fn status_message_is_reworded_when_the_language_changes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.key_press(Key::ArrowDown);
    h.key_press(Key::ArrowRight);
    h.run();
    h.event(egui::Event::Text("5".into()));
    h.run();
    assert_eq!(h.state().ed.message(), Some(&Message::Camp(2, 2)));
    assert!(has(&h, "b5 is a camp: camps start empty."));
    h.state_mut().ed.set_language(Lang::Zh);
    h.run();
    assert!(has(&h, "b5 是行营：开局必须空着。"));
    assert!(!has(&h, "b5 is a camp: camps start empty."));
    h.state_mut().ed.set_language(Lang::En);
    h.run();
    assert!(has(&h, "b5 is a camp: camps start empty."));
}
