//! `FormationEditor::apply` alone, without a window: each command and what it changes (the
//! formation, the pick, the cursor, the status line, the files).

use super::files::{DialogKind, DialogResult, PendingDialog};
use super::*;
use crate::engine::formation::FormationFileError;

/// An English editor on `dir/mine` with `dir/shipped` as the shipped folder.
fn editor(dir: &Path) -> FormationEditor {
    let mut ed = FormationEditor::new(
        dir.join("mine"),
        Some(dir.join("shipped")),
        Rules::default(),
    );
    ed.set_language(Lang::En);
    ed
}

fn valid(seed: u64) -> Formation {
    let mut f = Formation::random(&mut SplitMix64::new(seed), &Rules::default());
    f.name = "Wall".into();
    f
}

/// Apply commands that finish nothing.
fn run(ed: &mut FormationEditor, cmds: impl IntoIterator<Item = EditorCmd>) {
    for c in cmds {
        let cmd = format!("{c:?}");
        assert_eq!(ed.apply(c), None, "{cmd}");
    }
}

#[test]
fn click_square_places_the_tray_pick_swaps_a_square_pick_or_picks() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    // An empty square with nothing picked: only the cursor moves.
    run(&mut ed, [EditorCmd::ClickSquare(4, 5)]);
    assert_eq!((ed.cursor, ed.selected), ((4, 5), None));
    run(
        &mut ed,
        [
            EditorCmd::ClickTray(Rank::Colonel),
            EditorCmd::ClickSquare(1, 3),
        ],
    );
    assert_eq!(ed.formation.at(1, 3), Some(Rank::Colonel));
    assert_eq!((ed.cursor, ed.selected), ((1, 3), None));
    assert!(ed.dirty && ed.undo.len() == 1);
    // A piece clicked is picked; a second square swaps with it.
    ed.formation.set(6, 1, Some(Rank::Engineer));
    run(&mut ed, [EditorCmd::ClickSquare(1, 3)]);
    assert_eq!(ed.selected, Some(Pick::Square(1, 3)));
    run(&mut ed, [EditorCmd::ClickSquare(6, 1)]);
    assert_eq!(ed.formation.at(1, 3), Some(Rank::Engineer));
    assert_eq!(ed.formation.at(6, 1), Some(Rank::Colonel));
    assert_eq!(ed.selected, None);
}

#[test]
fn click_on_a_camp_with_a_pick_says_why_and_keeps_the_pick() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    run(
        &mut ed,
        [
            EditorCmd::ClickTray(Rank::Bomb),
            EditorCmd::ClickSquare(3, 3),
        ],
    );
    assert_eq!(ed.formation, Formation::default());
    assert_eq!(ed.message(), Some(&Message::Camp(3, 3)));
    assert_eq!(ed.selected, Some(Pick::Tray(Rank::Bomb)));
    assert!(!ed.dirty && ed.undo.is_empty());
    // With nothing picked a camp says nothing.
    run(&mut ed, [EditorCmd::Unpick, EditorCmd::DismissMessage]);
    run(&mut ed, [EditorCmd::ClickSquare(2, 2)]);
    assert_eq!((ed.message(), ed.selected), (None, None));
}

#[test]
fn squares_off_the_half_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    ed.formation = valid(1);
    let before = ed.formation.clone();
    run(
        &mut ed,
        [
            EditorCmd::ClickSquare(0, 1),
            EditorCmd::ClickSquare(7, 1),
            EditorCmd::ClearSquare(1, 6),
            EditorCmd::ClearSquare(255, 255),
            EditorCmd::DropTray {
                rank: Rank::Flag,
                at: (0, 0),
            },
            EditorCmd::DropSquare {
                from: (1, 1),
                to: (9, 9),
            },
            EditorCmd::DropOnTray((6, 0)),
        ],
    );
    assert_eq!(ed.formation, before);
    assert_eq!(ed.cursor, (1, 1));
}

#[test]
fn clear_square_moves_the_cursor_and_puts_the_piece_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    ed.formation = valid(2);
    let piece = ed.formation.at(5, 5).unwrap();
    run(
        &mut ed,
        [
            EditorCmd::ClickTray(Rank::Bomb),
            EditorCmd::ClearSquare(5, 5),
        ],
    );
    assert_eq!(ed.formation.at(5, 5), None);
    assert_eq!(ed.remaining(piece), 1);
    assert_eq!((ed.cursor, ed.selected), ((5, 5), None));
}

#[test]
fn click_tray_picks_and_puts_down_and_an_empty_slot_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    run(&mut ed, [EditorCmd::ClickTray(Rank::Marshal)]);
    assert_eq!(ed.selected, Some(Pick::Tray(Rank::Marshal)));
    run(&mut ed, [EditorCmd::ClickTray(Rank::Marshal)]);
    assert_eq!(ed.selected, None);
    run(
        &mut ed,
        [EditorCmd::ClickTray(Rank::Marshal), EditorCmd::Unpick],
    );
    assert_eq!(ed.selected, None);
    ed.formation.set(1, 1, Some(Rank::Marshal));
    run(&mut ed, [EditorCmd::ClickTray(Rank::Marshal)]);
    assert_eq!(ed.selected, None);
    assert_eq!(ed.message(), Some(&Message::NoneLeft(Rank::Marshal)));
}

#[test]
fn drops_place_move_swap_and_remove() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    run(
        &mut ed,
        [EditorCmd::DropTray {
            rank: Rank::Mine,
            at: (6, 5),
        }],
    );
    assert_eq!(ed.formation.at(6, 5), Some(Rank::Mine));
    assert_eq!(ed.cursor, (6, 5));
    run(
        &mut ed,
        [EditorCmd::DropTray {
            rank: Rank::Mine,
            at: (2, 4),
        }],
    );
    assert_eq!(ed.formation.at(2, 4), None);
    assert_eq!(ed.message(), Some(&Message::Camp(2, 4)));
    run(
        &mut ed,
        [EditorCmd::DropSquare {
            from: (6, 5),
            to: (5, 1),
        }],
    );
    assert_eq!(ed.formation.at(6, 5), None);
    assert_eq!(ed.formation.at(5, 1), Some(Rank::Mine));
    assert_eq!(ed.cursor, (5, 1));
    // Onto a camp, or out of one: refused with the camp named.
    run(
        &mut ed,
        [EditorCmd::DropSquare {
            from: (5, 1),
            to: (4, 2),
        }],
    );
    assert_eq!(ed.formation.at(5, 1), Some(Rank::Mine));
    assert_eq!(ed.message(), Some(&Message::Camp(4, 2)));
    run(&mut ed, [EditorCmd::DropOnTray((5, 1))]);
    assert_eq!(ed.formation, Formation::default());
    // A placement clears the message about the board before it.
    assert_eq!(ed.message(), None);
}

#[test]
fn keys_move_the_cursor_on_the_half_and_place_and_clear_there() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    run(
        &mut ed,
        [EditorCmd::MoveCursor {
            lines: -1,
            cols: -1,
        }],
    );
    assert_eq!(ed.cursor, (1, 1));
    run(
        &mut ed,
        [EditorCmd::MoveCursor {
            lines: i8::MAX,
            cols: i8::MAX,
        }],
    );
    assert_eq!(ed.cursor, (6, 5));
    run(
        &mut ed,
        [
            EditorCmd::MoveCursor {
                lines: i8::MIN,
                cols: -3,
            },
            EditorCmd::PlaceAtCursor(Rank::Captain),
        ],
    );
    assert_eq!(ed.cursor, (1, 2));
    assert_eq!(ed.formation.at(1, 2), Some(Rank::Captain));
    // The same piece again changes nothing; another replaces it.
    run(&mut ed, [EditorCmd::PlaceAtCursor(Rank::Captain)]);
    assert_eq!(ed.undo.len(), 1);
    run(&mut ed, [EditorCmd::PlaceAtCursor(Rank::General)]);
    assert_eq!(ed.formation.at(1, 2), Some(Rank::General));
    assert_eq!(ed.remaining(Rank::Captain), 3);
    run(&mut ed, [EditorCmd::ClearAtCursor]);
    assert_eq!(ed.formation, Formation::default());
}

#[test]
fn undo_steps_back_and_says_when_there_is_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    run(&mut ed, [EditorCmd::Undo]);
    assert_eq!(ed.message(), Some(&Message::NothingToUndo));
    run(
        &mut ed,
        [
            EditorCmd::PlaceAtCursor(Rank::Major),
            EditorCmd::Random,
            EditorCmd::Undo,
        ],
    );
    let mut one = Formation::default();
    one.set(1, 1, Some(Rank::Major));
    assert_eq!(ed.formation, one);
    run(&mut ed, [EditorCmd::Undo]);
    assert_eq!(ed.formation, Formation::default());
}

#[test]
fn random_fill_mirror_and_clear() {
    let rules = Rules::default();
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    run(&mut ed, [EditorCmd::Random]);
    assert!(ed.formation.is_valid(&rules));
    let random = ed.formation.clone();
    run(&mut ed, [EditorCmd::Mirror]);
    assert_eq!(ed.formation.grid, random.mirrored().grid);
    run(&mut ed, [EditorCmd::Clear]);
    assert_eq!(ed.formation.grid, Formation::default().grid);
    // Fill the rest keeps what is placed.
    run(&mut ed, [EditorCmd::PlaceAtCursor(Rank::Marshal)]);
    run(&mut ed, [EditorCmd::FillRest]);
    assert!(ed.formation.is_valid(&rules));
    assert_eq!(ed.formation.at(1, 1), Some(Rank::Marshal));
    assert_eq!(ed.message(), None);
    // A mine on the front line cannot be mended by filling: said so.
    run(
        &mut ed,
        [
            EditorCmd::Clear,
            EditorCmd::PlaceAtCursor(Rank::Mine),
            EditorCmd::FillRest,
        ],
    );
    assert!(ed.formation.is_complete() && !ed.formation.is_valid(&rules));
    assert_eq!(ed.message(), Some(&Message::FilledButInvalid));
}

#[test]
fn open_file_loads_names_the_file_and_undo_goes_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    let path = dir.path().join("wall.ron");
    save_formation(&path, &valid(3)).unwrap();
    run(&mut ed, [EditorCmd::PlaceAtCursor(Rank::Flag)]);
    let before = ed.formation.clone();
    run(&mut ed, [EditorCmd::OpenFile(path.clone())]);
    assert_eq!(ed.formation, valid(3));
    assert_eq!(ed.current_path.as_deref(), Some(path.as_path()));
    assert_eq!(ed.message(), Some(&Message::Opened(path.clone())));
    assert!(!ed.dirty);
    run(&mut ed, [EditorCmd::Undo]);
    assert_eq!((&ed.formation, &ed.current_path), (&before, &None));
    // A file that is no formation: the reason, and nothing changed.
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "(version: 1, name: \"x\", lines: [\"1 2\"])").unwrap();
    run(&mut ed, [EditorCmd::OpenFile(bad.clone())]);
    assert_eq!(ed.formation, before);
    assert_eq!(
        ed.message(),
        Some(&Message::OpenFailed(LoadError {
            path: bad,
            error: FormationFileError::LineCount(1),
        }))
    );
    let missing = dir.path().join("none.ron");
    run(&mut ed, [EditorCmd::OpenFile(missing)]);
    assert!(matches!(
        ed.message(),
        Some(Message::OpenFailed(LoadError {
            error: FormationFileError::File(_),
            ..
        }))
    ));
    assert_eq!(ed.formation, before);
}

#[test]
fn a_shipped_file_opens_read_only_however_its_path_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = dir.path().join("shipped");
    save_formation(&shipped.join("wall.ron"), &valid(4)).unwrap();
    std::fs::create_dir_all(dir.path().join("mine")).unwrap();
    let mut ed = editor(dir.path());
    let round_about = dir.path().join("mine/../shipped/wall.ron");
    assert!(!round_about.starts_with(&shipped));
    run(&mut ed, [EditorCmd::OpenFile(round_about.clone())]);
    assert_eq!(ed.formation, valid(4));
    assert_eq!(ed.current_path, None);
    assert_eq!(ed.message(), Some(&Message::OpenedShipped(round_about)));
}

#[test]
fn save_writes_the_current_file_and_save_in_library_a_free_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    let path = dir.path().join("wall.ron");
    save_formation(&path, &valid(5)).unwrap();
    run(
        &mut ed,
        [
            EditorCmd::OpenFile(path.clone()),
            EditorCmd::ClearSquare(1, 1),
        ],
    );
    assert!(ed.dirty);
    run(&mut ed, [EditorCmd::Save]);
    assert_eq!(load_formation(&path).unwrap(), ed.formation);
    assert_eq!(
        ed.message(),
        Some(&Message::SavedUnfinished(path.clone(), 1))
    );
    assert!(!ed.dirty);
    // Into the library: a new file named after the formation, listed at once.
    run(&mut ed, [EditorCmd::FillRest, EditorCmd::SaveInLibrary]);
    let in_library = dir.path().join("mine").join("wall.ron");
    assert_eq!(ed.message(), Some(&Message::Saved(in_library.clone())));
    assert_eq!(ed.current_path.as_deref(), Some(in_library.as_path()));
    assert_eq!(ed.library.mine.len(), 1);
    // Again: over the same file.
    run(&mut ed, [EditorCmd::Mirror, EditorCmd::SaveInLibrary]);
    assert_eq!(load_formation(&in_library).unwrap(), ed.formation);
    assert_eq!(ed.library.mine.len(), 1);
}

#[test]
fn a_failed_save_says_why_and_keeps_the_changes() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    // A folder where the file should be: the write fails.
    let path = dir.path().join("wall.ron");
    std::fs::create_dir_all(&path).unwrap();
    ed.current_path = Some(path);
    run(&mut ed, [EditorCmd::Random, EditorCmd::Save]);
    assert!(matches!(
        ed.message(),
        Some(Message::SaveFailed(FormationFileError::File(_)))
    ));
    assert!(ed.dirty);
}

#[test]
fn a_dialog_waiting_is_not_started_twice_and_save_without_a_file_waits_for_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    ed.dialog = Some(PendingDialog::waiting(DialogKind::Open));
    run(
        &mut ed,
        [
            EditorCmd::Random,
            EditorCmd::SaveAs,
            EditorCmd::Save,
            EditorCmd::Open,
        ],
    );
    assert_eq!(ed.dialog.as_ref().map(|d| d.kind), Some(DialogKind::Open));
    assert_eq!(ed.message(), None);
    assert!(!dir.path().join("mine").exists());
    run(&mut ed, [EditorCmd::StopWaiting]);
    assert!(ed.dialog.is_none());
}

#[test]
fn dialog_answers_open_save_or_point_to_the_library() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    // No dialog waiting (it was given up on): the answer is ignored.
    let path = dir.path().join("wall.ron");
    save_formation(&path, &valid(6)).unwrap();
    run(
        &mut ed,
        [EditorCmd::DialogAnswered(DialogResult::Picked(
            path.clone(),
        ))],
    );
    assert_eq!(ed.formation, Formation::default());

    ed.dialog = Some(PendingDialog::waiting(DialogKind::Open));
    run(
        &mut ed,
        [EditorCmd::DialogAnswered(DialogResult::Picked(
            path.clone(),
        ))],
    );
    assert_eq!(ed.formation, valid(6));
    assert!(ed.dialog.is_none());

    // Save as: the .ron extension added.
    ed.dialog = Some(PendingDialog::waiting(DialogKind::SaveAs));
    let copy = dir.path().join("copy");
    run(
        &mut ed,
        [EditorCmd::DialogAnswered(DialogResult::Picked(copy))],
    );
    let copy = dir.path().join("copy.ron");
    assert_eq!(load_formation(&copy).unwrap(), valid(6));
    assert_eq!(ed.current_path.as_deref(), Some(copy.as_path()));

    // Never into the shipped folder.
    ed.dialog = Some(PendingDialog::waiting(DialogKind::SaveAs));
    let shipped = dir.path().join("shipped").join("x.ron");
    run(
        &mut ed,
        [EditorCmd::DialogAnswered(DialogResult::Picked(
            shipped.clone(),
        ))],
    );
    assert_eq!(ed.message(), Some(&Message::ShippedReadOnly));
    assert!(!shipped.exists());

    ed.dialog = Some(PendingDialog::waiting(DialogKind::Open));
    run(&mut ed, [EditorCmd::DismissMessage]);
    run(
        &mut ed,
        [EditorCmd::DialogAnswered(DialogResult::Cancelled)],
    );
    assert!(ed.dialog.is_none() && ed.message().is_none());

    ed.dialog = Some(PendingDialog::waiting(DialogKind::Open));
    run(&mut ed, [EditorCmd::ShowLibrary(false)]);
    run(
        &mut ed,
        [EditorCmd::DialogAnswered(DialogResult::Unavailable)],
    );
    assert!(ed.show_library);
    assert_eq!(ed.message(), Some(&Message::NoDialog));
}

#[test]
fn the_library_is_read_again_when_shown_or_refreshed() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    assert!(ed.library.mine.is_empty());
    let mine = dir.path().join("mine");
    save_formation(&mine.join("a.ron"), &valid(7)).unwrap();
    run(&mut ed, [EditorCmd::ShowLibrary(false)]);
    assert!(!ed.show_library && ed.library.mine.is_empty());
    run(&mut ed, [EditorCmd::ShowLibrary(true)]);
    assert!(ed.show_library);
    assert_eq!(ed.library.mine.len(), 1);
    save_formation(&mine.join("b.ron"), &valid(8)).unwrap();
    run(&mut ed, [EditorCmd::RefreshLibrary]);
    assert_eq!(ed.library.mine.len(), 2);
}

#[test]
fn use_in_game_only_with_a_valid_formation_and_close_asks_when_changed() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    assert_eq!(ed.apply(EditorCmd::UseInGame), None);
    assert_eq!(ed.apply(EditorCmd::Close), Some(EditorOutcome::Close));
    run(&mut ed, [EditorCmd::Random]);
    assert_eq!(
        ed.apply(EditorCmd::UseInGame),
        Some(EditorOutcome::UseInGame(ed.formation.clone(), None))
    );
    assert_eq!(ed.apply(EditorCmd::Close), None);
    assert!(ed.confirm_close);
    run(&mut ed, [EditorCmd::KeepEditing]);
    assert!(!ed.confirm_close);
    run(&mut ed, [EditorCmd::Close]);
    assert_eq!(
        ed.apply(EditorCmd::CloseWithoutSaving),
        Some(EditorOutcome::Close)
    );
    assert!(!ed.confirm_close);
}

#[test]
fn dismiss_takes_the_message_away() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    run(&mut ed, [EditorCmd::Undo]);
    assert!(ed.message().is_some());
    run(&mut ed, [EditorCmd::DismissMessage]);
    assert_eq!(ed.message(), None);
}

#[test]
fn name_and_notes_are_edited_from_the_interface_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    let mut f = valid(9);
    f.name = "Solid defence".into();
    f.name_zh = "防守为主".into();
    f.notes = "Mines round the flag".into();
    f.notes_zh = "地雷守住军旗".into();
    ed = ed.with_formation(f.clone());
    // The field's own text sent back changes nothing.
    ed.set_language(Lang::Zh);
    run(
        &mut ed,
        [
            EditorCmd::SetName("防守为主".into()),
            EditorCmd::SetNotes("地雷守住军旗".into()),
        ],
    );
    assert_eq!(ed.formation, f);
    assert!(!ed.dirty);
    // An edit becomes the text in both languages.
    run(&mut ed, [EditorCmd::SetName("防守为主 2".into())]);
    assert_eq!(ed.formation.name, "防守为主 2");
    assert!(ed.formation.name_zh.is_empty());
    assert!(ed.dirty);
    ed.set_language(Lang::En);
    run(&mut ed, [EditorCmd::SetNotes("Mines all round".into())]);
    assert_eq!(ed.formation.notes, "Mines all round");
    assert!(ed.formation.notes_zh.is_empty());
    // Never longer than a file may hold.
    run(
        &mut ed,
        [
            EditorCmd::SetName("x".repeat(500)),
            EditorCmd::SetNotes("y".repeat(20_000)),
        ],
    );
    assert_eq!(ed.formation.name.chars().count(), MAX_NAME_CHARS);
    assert_eq!(ed.formation.notes.chars().count(), MAX_NOTES_CHARS);
    assert!(Formation::from_ron(&ed.formation.to_ron()).is_ok());
}

/// In 中文 a file that cannot be opened reads with no English word but its name.
#[test]
fn a_file_that_cannot_be_opened_is_named_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    ed.set_language(Lang::Zh);
    let cases = [
        (
            "lines.ron",
            "(version: 1, name: \"x\", lines: [\"1 2\"])".to_string(),
        ),
        (
            "syntax.ron",
            "(version: 1, name: \"x\",\n lines: [".to_string(),
        ),
        (
            "version.ron",
            "(version: 7, name: \"x\", lines: [])".to_string(),
        ),
        (
            "camp.ron",
            "(version: 1, name: \"x\", lines: [\". . . . .\", \". 5 . + .\", \". . + . .\", \
             \". + . + .\", \". . . . .\", \". . . . .\"])"
                .to_string(),
        ),
    ];
    for (name, text) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        run(&mut ed, [EditorCmd::OpenFile(path.clone())]);
        let shown = ed.message().unwrap().words(Lang::Zh);
        let rest = shown.replace(&path.display().to_string(), "");
        assert!(
            rest.len() < shown.len(),
            "{name}: the file is named: {shown}"
        );
        let english: Vec<&str> = rest
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 1)
            .collect();
        assert!(english.is_empty(), "{name}: {shown}");
        assert!(
            shown.starts_with("无法打开（编辑器内容未改动）："),
            "{shown}"
        );
        // The English is what it always was.
        let en = ed.message().unwrap().words(Lang::En);
        assert!(
            en.starts_with(&format!(
                "Could not open (nothing changed): {}: ",
                path.display()
            )),
            "{en}"
        );
    }
}
