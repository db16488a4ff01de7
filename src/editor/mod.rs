//! The formation editor 布阵: one side's half (6 lines × 5 columns in the owner's view) and a tray
//! of the pieces not yet placed, with live validation by the engine, helpers, and formation files.
//!
//! A self-contained widget in two halves, like the window: [`FormationEditor::show`] draws it
//! (reading the editor, never changing it: `view.rs`) and returns the [`EditorCmd`]s the user
//! asked for; after the UI pass [`FormationEditor::apply`] carries each out — it alone changes the
//! formation, the status line and the files — and returns an [`EditorOutcome`] when the user is
//! done. [`FormationEditor::ui`] does both, for a window without a command loop of its own. Every
//! deployment rule comes from `engine::formation`; this module only arranges pieces and shows
//! what the engine says.

pub mod files;
pub mod thumbnail;
mod view;
mod words;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_apply;

pub use files::{
    LibraryEntry, LoadError, MAX_FILE_BYTES, file_stem, list_library, load_formation,
    save_formation,
};
pub use words::{Level, Message, square_tooltip};

use crate::engine::formation::{Formation, is_camp_square};
use crate::engine::piece::Rank;
use crate::engine::rng::SplitMix64;
use crate::engine::rules::Rules;
use crate::i18n::Lang;
use files::{DialogKind, DialogResult, PendingDialog};
use std::path::{Path, PathBuf};

type Grid = [[Option<Rank>; 5]; 6];

/// The longest note shown in the library list (the whole note is in the formation's Notes field).
const NOTE_CHARS: usize = 120;

/// The most steps kept for undo.
const UNDO_LIMIT: usize = 500;

/// The longest name and notes a formation file may hold (`Formation::from_ron` refuses longer).
const MAX_NAME_CHARS: usize = 200;
const MAX_NOTES_CHARS: usize = 10_000;

/// What the user finished the editor with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorOutcome {
    /// A complete, valid formation to play with, and the file it is saved in when it is exactly
    /// that file (saved, or opened, and not changed since).
    UseInGame(Formation, Option<PathBuf>),
    Close,
}

/// Something the editor's interface asks for, carried out by [`FormationEditor::apply`] after the
/// UI pass. Squares are (line, column) of the owner's half, line 1 (front) to 6, column 1 to 5; a
/// square off the half changes nothing.
#[must_use]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorCmd {
    /// A square clicked: the tray piece picked goes there, the square picked moves or swaps with
    /// it, or, with nothing picked, its piece is picked.
    ClickSquare(u8, u8),
    /// A square right-clicked: the cursor goes there and its piece back to the tray.
    ClearSquare(u8, u8),
    /// A tray piece clicked: picked, or put down if it was picked.
    ClickTray(Rank),
    /// Nothing picked any more (Escape, or a drag started).
    Unpick,
    /// A tray piece dragged onto a square.
    DropTray {
        rank: Rank,
        at: (u8, u8),
    },
    /// A square's piece dragged onto another square: moved, or swapped with the piece there.
    DropSquare {
        from: (u8, u8),
        to: (u8, u8),
    },
    /// A square's piece dragged back to the tray.
    DropOnTray((u8, u8)),
    /// The arrow keys: the cursor moves by lines and columns (it stays on the half).
    MoveCursor {
        lines: i8,
        cols: i8,
    },
    /// A piece code typed: the piece goes on the cursor's square.
    PlaceAtCursor(Rank),
    /// Delete: the cursor square's piece back to the tray.
    ClearAtCursor,
    Undo,
    /// Everything replaced by a random valid formation.
    Random,
    /// The tray's pieces on the empty squares at random.
    FillRest,
    Mirror,
    Clear,
    /// The system dialog to open a formation file.
    Open,
    /// Save over the current file (Save as… if there is none).
    Save,
    /// The system dialog to save under a new name.
    SaveAs,
    /// Save in the library folder.
    SaveInLibrary,
    /// Show or hide the library panel (showing it reads the folders again).
    ShowLibrary(bool),
    /// Read the library folders again.
    RefreshLibrary,
    /// Open this file (a library entry).
    OpenFile(PathBuf),
    /// The system dialog answered.
    DialogAnswered(DialogResult),
    /// Stop waiting for a dialog that did not appear (its answer is ignored).
    StopWaiting,
    /// Finish with the formation (only a complete, valid one).
    UseInGame,
    /// Finish without a formation (asks first when there are unsaved changes).
    Close,
    CloseWithoutSaving,
    KeepEditing,
    /// The status line's message dismissed.
    DismissMessage,
    /// The name field's new text, edited from the name in the interface language: it becomes the
    /// name in both languages (a translation of the old name would no longer match).
    SetName(String),
    /// The notes field's new text, likewise.
    SetNotes(String),
}

/// Something picked up: a piece in the tray or a board square (line, column).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Pick {
    Tray(Rank),
    Square(u8, u8),
}

enum UndoStep {
    Grid(Grid),
    Whole(Formation, Option<PathBuf>),
}

/// The library panel's two lists, read when the editor opens and again after a save, a refresh
/// or when the panel is shown (never while drawing).
#[derive(Default)]
struct Library {
    mine: Vec<LibraryEntry>,
    shipped: Vec<LibraryEntry>,
}

pub struct FormationEditor {
    formation: Formation,
    rules: Rules,
    lang: Lang,
    library_dir: PathBuf,
    shipped_dir: Option<PathBuf>,
    /// The file that Save writes (never a shipped one).
    current_path: Option<PathBuf>,
    dirty: bool,
    undo: Vec<UndoStep>,
    cursor: (u8, u8),
    selected: Option<Pick>,
    status: Option<Message>,
    show_library: bool,
    library: Library,
    dialog: Option<PendingDialog>,
    confirm_close: bool,
    rng: SplitMix64,
    /// The drawing pass's own state (the piece being dragged, the drop targets).
    widgets: view::Widgets,
}

impl FormationEditor {
    /// `library_dir`: the user's formation folder (created on first save); `shipped_dir`: the
    /// read-only `layouts/` folder.
    pub fn new(library_dir: PathBuf, shipped_dir: Option<PathBuf>, rules: Rules) -> Self {
        // Random formations decide hidden pieces: a seed from the OS, never the clock.
        let seed = crate::engine::rng::os_seed();
        let mut ed = FormationEditor {
            formation: Formation::default(),
            rules,
            lang: Lang::Zh,
            library_dir,
            shipped_dir,
            current_path: None,
            dirty: false,
            undo: Vec::new(),
            cursor: (1, 1),
            selected: None,
            status: None,
            show_library: true,
            library: Library::default(),
            dialog: None,
            confirm_close: false,
            rng: SplitMix64::new(seed),
            widgets: view::Widgets::default(),
        };
        ed.read_library();
        ed
    }

    pub fn with_formation(mut self, f: Formation) -> Self {
        self.formation = f;
        self.undo.clear();
        self.dirty = false;
        self
    }

    /// Open a formation file at the start, as Open… would: Save writes it afterwards (a shipped
    /// one stays read-only); a file that cannot be used leaves the editor empty with the reason
    /// on the status line.
    pub fn with_file(mut self, path: &Path) -> Self {
        self.open_path(path);
        // Nothing to undo back to: the editor starts with this file.
        self.undo.clear();
        self
    }

    pub fn set_language(&mut self, lang: Lang) {
        self.lang = lang;
    }

    pub fn formation(&self) -> &Formation {
        &self.formation
    }

    /// The message on the status line, if any.
    pub fn message(&self) -> Option<&Message> {
        self.status.as_ref()
    }

    // ----- the two halves ------------------------------------------------------------------

    /// Draw the editor into `ui` (it may take a big area) and return what the user asked for, to
    /// give to [`FormationEditor::apply`] after the UI pass. Drawing changes nothing but the
    /// drawing pass's own state (which piece is being dragged, where the drop targets are); a
    /// file dialog's answer is taken off its channel and handed on as a command.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Vec<EditorCmd> {
        let mut widgets = std::mem::take(&mut self.widgets);
        let cmds = view::show(self, &mut widgets, ui);
        self.widgets = widgets;
        cmds
    }

    /// Draw, then carry out what was asked: for a window without a command loop of its own.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> Option<EditorOutcome> {
        let mut outcome = None;
        for cmd in self.show(ui) {
            outcome = self.apply(cmd).or(outcome);
        }
        outcome
    }

    /// Carry out one command: change the formation, the status line or the files. Returns an
    /// outcome when the user is done (a valid formation to use, or closing).
    pub fn apply(&mut self, cmd: EditorCmd) -> Option<EditorOutcome> {
        use EditorCmd::*;
        match cmd {
            ClickSquare(l, c) => {
                if on_half((l, c)) {
                    self.click_square(l, c);
                }
            }
            ClearSquare(l, c) => {
                if on_half((l, c)) {
                    self.cursor = (l, c);
                    self.selected = None;
                    self.remove(l, c);
                }
            }
            ClickTray(r) => {
                self.selected = if self.selected == Some(Pick::Tray(r)) {
                    None
                } else if self.remaining(r) == 0 {
                    self.say(Message::NoneLeft(r));
                    None
                } else {
                    Some(Pick::Tray(r))
                };
            }
            Unpick => self.selected = None,
            DropTray { rank, at } => {
                if on_half(at) {
                    self.cursor = at;
                    self.place(at.0, at.1, rank);
                }
            }
            DropSquare { from, to } => {
                if on_half(from) && on_half(to) {
                    self.cursor = to;
                    self.move_or_swap(from, to);
                }
            }
            DropOnTray(from) => {
                if on_half(from) {
                    self.remove(from.0, from.1);
                }
            }
            MoveCursor { lines, cols } => {
                let (l, c) = self.cursor;
                self.cursor = (
                    (l as i8).saturating_add(lines).clamp(1, 6) as u8,
                    (c as i8).saturating_add(cols).clamp(1, 5) as u8,
                );
            }
            PlaceAtCursor(r) => {
                let (l, c) = self.cursor;
                self.place(l, c, r);
            }
            ClearAtCursor => {
                let (l, c) = self.cursor;
                self.remove(l, c);
            }
            Undo => self.undo(),
            Random => self.random(),
            FillRest => self.fill_rest(),
            Mirror => self.mirror(),
            Clear => self.clear(),
            Open => self.start_dialog(DialogKind::Open),
            Save => self.save(),
            SaveAs => self.start_dialog(DialogKind::SaveAs),
            SaveInLibrary => self.save_in_library(),
            ShowLibrary(on) => {
                self.show_library = on;
                if on {
                    self.read_library();
                }
            }
            RefreshLibrary => self.read_library(),
            OpenFile(p) => self.open_path(&p),
            DialogAnswered(answer) => self.dialog_answered(answer),
            StopWaiting => {
                // The dialog's thread cannot be stopped; its answer is simply ignored.
                self.dialog = None;
            }
            UseInGame => {
                if self.formation.is_valid(&self.rules) {
                    let file = self.current_path.clone().filter(|_| !self.dirty);
                    return Some(EditorOutcome::UseInGame(self.formation.clone(), file));
                }
            }
            Close => {
                if !self.dirty {
                    return Some(EditorOutcome::Close);
                }
                self.confirm_close = true;
            }
            CloseWithoutSaving => {
                self.confirm_close = false;
                return Some(EditorOutcome::Close);
            }
            KeepEditing => self.confirm_close = false,
            DismissMessage => self.status = None,
            SetName(text) => {
                if text != self.formation.name_in(self.lang == Lang::Zh) {
                    self.formation.name = text.chars().take(MAX_NAME_CHARS).collect();
                    self.formation.name_zh.clear();
                    self.dirty = true;
                }
            }
            SetNotes(text) => {
                if text != self.formation.notes_in(self.lang == Lang::Zh) {
                    self.formation.notes = text.chars().take(MAX_NOTES_CHARS).collect();
                    self.formation.notes_zh.clear();
                    self.dirty = true;
                }
            }
        }
        None
    }

    // ----- changes -------------------------------------------------------------------------

    fn say(&mut self, message: Message) {
        self.status = Some(message);
    }

    /// Apply a change to the grid, keeping an undo step if anything changed.
    fn change(&mut self, f: impl FnOnce(&mut Grid)) -> bool {
        let before = self.formation.grid;
        f(&mut self.formation.grid);
        if self.formation.grid == before {
            return false;
        }
        self.push_undo(UndoStep::Grid(before));
        self.dirty = true;
        // A message is about the board before this change.
        self.status = None;
        true
    }

    fn push_undo(&mut self, step: UndoStep) {
        if self.undo.len() >= UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.undo.push(step);
    }

    fn undo(&mut self) {
        match self.undo.pop() {
            Some(UndoStep::Grid(g)) => {
                self.formation.grid = g;
                self.dirty = true;
                self.status = None;
            }
            Some(UndoStep::Whole(f, path)) => {
                self.formation = f;
                self.current_path = path;
                self.dirty = true;
                self.status = None;
            }
            None => self.say(Message::NothingToUndo),
        }
        self.selected = None;
    }

    fn remaining(&self, r: Rank) -> u8 {
        r.count().saturating_sub(self.formation.count(r))
    }

    fn click_square(&mut self, line: u8, col: u8) {
        self.cursor = (line, col);
        if is_camp_square(line, col) {
            // Nothing goes there: say why, and keep what is picked for another square.
            if self.selected.is_some() {
                self.say(Message::Camp(line, col));
            }
            return;
        }
        match self.selected.take() {
            Some(Pick::Tray(r)) => self.place(line, col, r),
            Some(Pick::Square(l0, c0)) => {
                if (l0, c0) != (line, col) {
                    self.move_or_swap((l0, c0), (line, col));
                }
            }
            None => {
                if self.formation.at(line, col).is_some() {
                    self.selected = Some(Pick::Square(line, col));
                }
            }
        }
    }

    /// Put a piece from the tray on a square; a piece already there goes back to the tray.
    fn place(&mut self, line: u8, col: u8, r: Rank) {
        if is_camp_square(line, col) {
            self.say(Message::Camp(line, col));
            return;
        }
        if self.formation.at(line, col) == Some(r) {
            return;
        }
        if self.remaining(r) == 0 {
            self.say(Message::NoneLeft(r));
            return;
        }
        self.change(|g| g[line as usize - 1][col as usize - 1] = Some(r));
    }

    /// Move a piece to another square, swapping with whatever is there.
    fn move_or_swap(&mut self, from: (u8, u8), to: (u8, u8)) {
        if from == to {
            return;
        }
        if is_camp_square(to.0, to.1) || is_camp_square(from.0, from.1) {
            let camp = if is_camp_square(to.0, to.1) { to } else { from };
            self.say(Message::Camp(camp.0, camp.1));
            return;
        }
        self.change(|g| {
            let a = g[from.0 as usize - 1][from.1 as usize - 1];
            let b = g[to.0 as usize - 1][to.1 as usize - 1];
            g[from.0 as usize - 1][from.1 as usize - 1] = b;
            g[to.0 as usize - 1][to.1 as usize - 1] = a;
        });
    }

    fn remove(&mut self, line: u8, col: u8) {
        self.change(|g| g[line as usize - 1][col as usize - 1] = None);
    }

    fn random(&mut self) {
        let f = Formation::random(&mut self.rng, &self.rules);
        self.change(|g| *g = f.grid);
        self.selected = None;
    }

    fn fill_rest(&mut self) {
        let mut f = self.formation.clone();
        let ok = f.fill_random(&mut self.rng, &self.rules);
        self.change(|g| *g = f.grid);
        if !ok {
            self.say(Message::FilledButInvalid);
        }
        self.selected = None;
    }

    fn clear(&mut self) {
        self.change(|g| *g = Grid::default());
        self.status = None;
        self.selected = None;
    }

    fn mirror(&mut self) {
        let m = self.formation.mirrored();
        self.change(|g| *g = m.grid);
        self.selected = None;
    }

    // ----- files ---------------------------------------------------------------------------

    fn read_library(&mut self) {
        self.library = Library {
            mine: list_library(&self.library_dir),
            shipped: self
                .shipped_dir
                .as_deref()
                .map(list_library)
                .unwrap_or_default(),
        };
    }

    /// A file in the shipped folder, however its path is written (relative, through `..` or a
    /// link): it is never saved over.
    fn is_shipped(&self, path: &Path) -> bool {
        let Some(dir) = self.shipped_dir.as_deref() else {
            return false;
        };
        path.starts_with(dir) || real_path(path).starts_with(real_path(dir))
    }

    fn save_to(&mut self, path: PathBuf) {
        match save_formation(&path, &self.formation) {
            Ok(()) => {
                let problems = self.formation.problems(&self.rules).len();
                self.say(if problems == 0 {
                    Message::Saved(path.clone())
                } else {
                    Message::SavedUnfinished(path.clone(), problems)
                });
                self.current_path = Some(path);
                self.dirty = false;
                self.read_library();
            }
            Err(e) => self.say(Message::SaveFailed(e)),
        }
    }

    fn open_path(&mut self, path: &Path) {
        match load_formation(path) {
            Ok(f) => {
                let old = std::mem::replace(&mut self.formation, f);
                let old_path = self.current_path.take();
                self.push_undo(UndoStep::Whole(old, old_path));
                self.selected = None;
                self.dirty = false;
                if self.is_shipped(path) {
                    self.say(Message::OpenedShipped(path.to_path_buf()));
                } else {
                    self.current_path = Some(path.to_path_buf());
                    self.say(Message::Opened(path.to_path_buf()));
                }
            }
            Err(e) => self.say(Message::OpenFailed(e)),
        }
    }

    /// Save into the library folder: over the current file if it lives there, else a new name.
    fn save_in_library(&mut self) {
        let path = match &self.current_path {
            Some(p) if p.parent() == Some(self.library_dir.as_path()) => p.clone(),
            _ => files::free_path(&self.library_dir, &self.formation.name),
        };
        self.save_to(path);
    }

    fn save(&mut self) {
        match self.current_path.clone() {
            Some(p) => self.save_to(p),
            None => self.start_dialog(DialogKind::SaveAs),
        }
    }

    fn start_dialog(&mut self, kind: DialogKind) {
        if self.dialog.is_some() {
            return;
        }
        // The dialog opens in the library folder, so it must exist.
        let _ = crate::fsutil::create_private_dir_all(&self.library_dir);
        let file_name = format!("{}.ron", file_stem(&self.formation.name));
        let filter = self.lang.t(&crate::i18n::editor::FILE_FILTER);
        self.dialog = Some(PendingDialog::start(
            kind,
            &self.library_dir,
            &file_name,
            filter,
        ));
    }

    /// The dialog's answer: open or save the file picked. An answer with no dialog waiting (it
    /// was given up on) is ignored.
    fn dialog_answered(&mut self, answer: DialogResult) {
        let Some(d) = self.dialog.take() else { return };
        match (answer, d.kind) {
            (DialogResult::Picked(p), DialogKind::Open) => self.open_path(&p),
            (DialogResult::Picked(mut p), DialogKind::SaveAs) => {
                if p.extension().is_none_or(|x| x != "ron") {
                    p.set_extension("ron");
                }
                if self.is_shipped(&p) {
                    self.say(Message::ShippedReadOnly);
                } else {
                    self.save_to(p);
                }
            }
            (DialogResult::Cancelled, _) => {}
            (DialogResult::Unavailable, _) => {
                self.show_library = true;
                self.read_library();
                self.say(Message::NoDialog);
            }
        }
    }
}

/// The path with links and `..` resolved, as far as it exists (a file about to be created: its
/// folder resolved); as given if nothing of it can be resolved.
fn real_path(path: &Path) -> PathBuf {
    if let Ok(p) = std::fs::canonicalize(path) {
        return p;
    }
    match (path.parent(), path.file_name()) {
        (Some(dir), Some(name)) => std::fs::canonicalize(dir)
            .map(|d| d.join(name))
            .unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}

/// A square of the owner's half: line 1–6, column 1–5.
fn on_half((line, col): (u8, u8)) -> bool {
    (1..=6).contains(&line) && (1..=5).contains(&col)
}
