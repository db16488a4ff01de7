//! Formations in the app: where they are kept (the user's library, the shipped ones) and the
//! formation editor screen (src/editor). The new-game dialog's per-side choice lives in newgame.rs.

use crate::editor::files::{LibraryEntry, list_library};
use crate::editor::{EditorCmd, FormationEditor};
use crate::engine::{Formation, Rules, Seat};
use crate::i18n::{self, Lang};
use std::path::{Path, PathBuf};

/// The formations shipped with the program (`layouts/` beside the sources or the executable).
pub fn shipped_dir() -> Option<PathBuf> {
    let beside_sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts");
    if beside_sources.is_dir() {
        return Some(beside_sources);
    }
    let exe = std::env::current_exe().ok()?;
    let beside_exe = exe.parent()?.join("layouts");
    beside_exe.is_dir().then_some(beside_exe)
}

/// The user's formation folder under the app's data folder.
pub fn library_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("formations")
}

/// The formations a player can pick: the user's, then the shipped ones (unreadable files left out).
pub fn library(data_dir: Option<&Path>) -> Vec<(PathBuf, Formation)> {
    let mut dirs: Vec<PathBuf> = data_dir.map(library_dir).into_iter().collect();
    dirs.extend(shipped_dir());
    dirs.iter()
        .flat_map(|d| list_library(d))
        .filter_map(|LibraryEntry { path, content }| Some((path, content.ok()?)))
        .collect()
}

/// The editor on its own screen, and where to go back to when it is done.
pub struct EditorScreen {
    pub editor: FormationEditor,
    /// Editing this side's formation for the new-game dialog (which waits in `Screen::Editor`).
    pub for_side: Option<Seat>,
}

impl EditorScreen {
    pub fn new(data_dir: Option<&Path>, rules: Rules, lang: Lang) -> EditorScreen {
        let lib = data_dir
            .map(library_dir)
            .unwrap_or_else(|| std::env::temp_dir().join("junqi-formations"));
        let mut editor = FormationEditor::new(lib, shipped_dir(), rules);
        editor.set_language(lang);
        EditorScreen {
            editor,
            for_side: None,
        }
    }

    /// Draw the editor; what it asks for is carried out after the UI pass (`FormationEditor::apply`).
    pub fn ui(&mut self, ui: &mut egui::Ui, lang: Lang) -> Vec<EditorCmd> {
        self.editor.set_language(lang);
        if let Some(side) = &self.for_side {
            ui.label(
                egui::RichText::new(crate::i18n::fill(
                    lang.t(&i18n::EDITING_FOR),
                    &[("side", lang.side(*side))],
                ))
                .strong(),
            );
        }
        self.editor.show(ui)
    }
}
