//! Formations in the app: the formation editor screen (src/editor) and the per-side formation choice
//! of the new-game dialog (random, from the library, or edited now).

use super::i18n::{self, Lang};
use crate::editor::files::{LibraryEntry, list_library};
use crate::editor::{EditorOutcome, FormationEditor};
use crate::engine::rng::SplitMix64;
use crate::engine::{Formation, Rules, Side};
use std::path::{Path, PathBuf};

/// Where a side's formation comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum FormationChoice {
    /// A random valid formation from this seed.
    Random(u64),
    /// A formation file (user library or shipped), read when chosen.
    File(PathBuf, Formation),
    /// Made in the editor for this game.
    Edited(Formation),
}

impl FormationChoice {
    /// The formation to play with.
    pub fn formation(&self, rules: &Rules) -> Formation {
        match self {
            FormationChoice::Random(seed) => Formation::random(&mut SplitMix64::new(*seed), rules),
            FormationChoice::File(_, f) | FormationChoice::Edited(f) => f.clone(),
        }
    }

    fn label(&self, lang: Lang) -> String {
        match self {
            // No part of the seed is shown: it decides the formation.
            FormationChoice::Random(_) => lang.t(&i18n::RANDOM_FORMATION).to_string(),
            FormationChoice::File(_, f) => f.name_in(lang == Lang::Zh).to_string(),
            FormationChoice::Edited(f) if f.name.is_empty() => lang.t(&i18n::EDITED).to_string(),
            FormationChoice::Edited(f) => format!(
                "{} ({})",
                f.name_in(lang == Lang::Zh),
                lang.t(&i18n::EDITED)
            ),
        }
    }
}

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
    /// Editing a side's formation for the new-game dialog.
    pub for_game: Option<(super::newgame::NewGame, Side)>,
    /// Hidden games: a hand-over curtain first, so the other player looks away.
    pub curtain: Option<Side>,
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
            for_game: None,
            curtain: None,
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, lang: Lang) -> Option<EditorOutcome> {
        self.editor.set_language(lang);
        if let Some(side) = self.curtain {
            // Nothing of the formation is drawn until its owner is at the screen.
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.3);
                let text = super::i18n::fill(
                    lang.t(&i18n::PRIVATE_FORMATION),
                    &[
                        ("side", lang.side(side)),
                        ("other", lang.side(side.other())),
                    ],
                );
                let button = egui::Button::new(
                    egui::RichText::new(text)
                        .size(24.0)
                        .color(super::board::side_colour(side)),
                )
                .min_size(egui::vec2(420.0, 80.0));
                if ui.add(button).clicked() {
                    self.curtain = None;
                }
            });
            return None;
        }
        if let Some((_, side)) = &self.for_game {
            ui.label(
                egui::RichText::new(super::i18n::fill(
                    lang.t(&i18n::EDITING_FOR),
                    &[("side", lang.side(*side))],
                ))
                .strong(),
            );
        }
        self.editor.ui(ui)
    }
}

/// The per-side formation picker of the new-game dialog. Returns true if "edit now" was clicked.
/// With `hide` (a hidden game between people) the choice reads only "chosen", and the list marks
/// none, so the other player cannot learn it from the screen.
pub fn picker(
    ui: &mut egui::Ui,
    lang: Lang,
    side: Side,
    choice: &mut FormationChoice,
    library: &[(PathBuf, Formation)],
    hide: bool,
) -> bool {
    let mut edit = false;
    ui.horizontal_wrapped(|ui| {
        let label = format!("{} {}", lang.side(side), lang.t(&i18n::FORMATIONS));
        egui::ComboBox::new(("formation", side), label)
            .selected_text(if hide {
                lang.t(&i18n::CHOSEN).to_string()
            } else {
                choice.label(lang)
            })
            .width(220.0)
            .show_ui(ui, |ui| {
                let random = FormationChoice::Random(crate::engine::rng::os_seed());
                let is_random = !hide && matches!(choice, FormationChoice::Random(_));
                if ui
                    .selectable_label(is_random, lang.t(&i18n::RANDOM_FORMATION))
                    .clicked()
                {
                    *choice = random;
                }
                for (path, f) in library {
                    let selected =
                        !hide && matches!(choice, FormationChoice::File(p, _) if p == path);
                    let zh = lang == Lang::Zh;
                    let resp = ui.selectable_label(selected, f.name_in(zh));
                    let resp = match f.notes_in(zh).lines().next() {
                        Some(note) if !note.is_empty() => resp.on_hover_text(note),
                        _ => resp,
                    };
                    if resp.clicked() {
                        *choice = FormationChoice::File(path.clone(), f.clone());
                    }
                }
            });
        if !hide
            && matches!(choice, FormationChoice::Random(_))
            && ui.button(lang.t(&i18n::REROLL)).clicked()
        {
            *choice = FormationChoice::Random(crate::engine::rng::os_seed());
        }
        if ui.button(lang.t(&i18n::EDIT_NOW)).clicked() {
            edit = true;
        }
    });
    edit
}
