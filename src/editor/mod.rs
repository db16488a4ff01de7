//! The formation editor 布阵: one side's half (6 lines × 5 columns in the owner's view) and a tray
//! of the pieces not yet placed, with live validation by the engine, helpers, and formation files.
//!
//! A self-contained widget: the app creates a [`FormationEditor`], calls [`FormationEditor::ui`]
//! every frame, and acts on the [`EditorOutcome`] it returns. Every deployment rule comes from
//! `engine::formation`; this module only arranges pieces and shows what the engine says.

pub mod files;
mod words;

#[cfg(test)]
mod tests;

pub use files::{
    LibraryEntry, MAX_FILE_BYTES, file_stem, list_library, load_formation, save_formation,
};
pub use words::square_tooltip;

use crate::engine::board::Board;
use crate::engine::formation::{Formation, FormationProblem, is_camp_square};
use crate::engine::piece::Rank;
use crate::engine::rng::SplitMix64;
use crate::engine::rules::Rules;
use crate::i18n::{Lang, editor as t, fill};
use egui::{
    Align2, Color32, CornerRadius, FontId, Key, LayerId, Modifiers, Order, Painter, Pos2, Rect,
    Role, Sense, Stroke, StrokeKind, WidgetInfo, pos2, vec2,
};
use files::{DialogKind, DialogResult, PendingDialog};
use std::path::{Path, PathBuf};
pub use words::{Level, Message};
use words::{rank_name, sq};

type Grid = [[Option<Rank>; 5]; 6];

/// The longest note shown in the library list (the whole note is in the formation's Notes field).
const NOTE_CHARS: usize = 120;

/// The most steps kept for undo.
const UNDO_LIMIT: usize = 500;

/// What the user finished the editor with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorOutcome {
    /// A complete, valid formation to play with.
    UseInGame(Formation),
    Close,
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
    drag: Option<Pick>,
    status: Option<Message>,
    show_library: bool,
    library: Option<(Vec<LibraryEntry>, Vec<LibraryEntry>)>,
    dialog: Option<PendingDialog>,
    confirm_close: bool,
    rng: SplitMix64,
    /// Where the squares and the tray were drawn this frame (drop targets).
    square_rects: Vec<((u8, u8), Rect)>,
    tray_rect: Option<Rect>,
}

impl FormationEditor {
    /// `library_dir`: the user's formation folder (created on first save); `shipped_dir`: the
    /// read-only `layouts/` folder.
    pub fn new(library_dir: PathBuf, shipped_dir: Option<PathBuf>, rules: Rules) -> Self {
        // Random formations decide hidden pieces: a seed from the OS, never the clock.
        let seed = crate::engine::rng::os_seed();
        FormationEditor {
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
            drag: None,
            status: None,
            show_library: true,
            library: None,
            dialog: None,
            confirm_close: false,
            rng: SplitMix64::new(seed),
            square_rects: Vec::new(),
            tray_rect: None,
        }
    }

    pub fn with_formation(mut self, f: Formation) -> Self {
        self.formation = f;
        self.undo.clear();
        self.dirty = false;
        self
    }

    pub fn set_language(&mut self, lang: Lang) {
        self.lang = lang;
    }

    pub fn formation(&self) -> &Formation {
        &self.formation
    }

    // ----- changes -------------------------------------------------------------------------

    fn say(&mut self, message: Message) {
        self.status = Some(message);
    }

    /// The message on the status line, if any.
    pub fn message(&self) -> Option<&Message> {
        self.status.as_ref()
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

    fn is_shipped(&self, path: &Path) -> bool {
        self.shipped_dir
            .as_deref()
            .is_some_and(|d| path.starts_with(d))
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
                self.library = None;
            }
            Err(e) => {
                self.say(Message::SaveFailed(e));
            }
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
            Err(e) => {
                self.say(Message::OpenFailed(e));
            }
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
        self.dialog = Some(PendingDialog::start(kind, &self.library_dir, &file_name));
    }

    fn poll_dialog(&mut self, ctx: &egui::Context) {
        let Some(d) = &self.dialog else { return };
        let kind = d.kind;
        match d.poll() {
            None => ctx.request_repaint_after(std::time::Duration::from_millis(150)),
            Some(r) => {
                self.dialog = None;
                match (r, kind) {
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
                        self.library = None;
                        self.say(Message::NoDialog);
                    }
                }
            }
        }
        ctx.request_repaint();
    }

    // ----- input ---------------------------------------------------------------------------

    fn click_square(&mut self, line: u8, col: u8) {
        self.cursor = (line, col);
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

    fn handle_keys(&mut self, ui: &egui::Ui) {
        if ui.ctx().text_edit_focused() {
            return;
        }
        let (undo, esc, del, moves, text) = ui.input_mut(|i| {
            let undo = i.consume_key(Modifiers::COMMAND, Key::Z);
            let esc = i.consume_key(Modifiers::NONE, Key::Escape);
            let del = i.consume_key(Modifiers::NONE, Key::Delete)
                | i.consume_key(Modifiers::NONE, Key::Backspace);
            let mut moves = Vec::new();
            for (k, d) in [
                (Key::ArrowUp, (-1i8, 0i8)),
                (Key::ArrowDown, (1, 0)),
                (Key::ArrowLeft, (0, -1)),
                (Key::ArrowRight, (0, 1)),
            ] {
                if i.consume_key(Modifiers::NONE, k) {
                    moves.push(d);
                }
            }
            let text: String = i
                .events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::Text(t) => Some(t.as_str()),
                    _ => None,
                })
                .collect();
            (undo, esc, del, moves, text)
        });
        if undo {
            self.undo();
        }
        if esc {
            self.selected = None;
            self.drag = None;
        }
        for (dl, dc) in moves {
            let (l, c) = self.cursor;
            self.cursor = (
                (l as i8 + dl).clamp(1, 6) as u8,
                (c as i8 + dc).clamp(1, 5) as u8,
            );
        }
        let (l, c) = self.cursor;
        if del {
            self.remove(l, c);
        }
        for ch in text.chars() {
            if let Some(r) = Rank::from_code(ch.to_ascii_uppercase()) {
                self.place(l, c, r);
            }
        }
    }

    fn finish_drag(&mut self, ui: &egui::Ui) {
        let Some(src) = self.drag else { return };
        let (released, down, pos) = ui.input(|i| {
            (
                i.pointer.any_released(),
                i.pointer.primary_down(),
                i.pointer.interact_pos(),
            )
        });
        if released {
            self.drag = None;
            let Some(pos) = pos else { return };
            let target = self
                .square_rects
                .iter()
                .find(|(_, r)| r.contains(pos))
                .map(|(s, _)| *s);
            match (src, target) {
                (Pick::Tray(r), Some((l, c))) => {
                    self.cursor = (l, c);
                    self.place(l, c, r);
                }
                (Pick::Square(l0, c0), Some(to)) => {
                    self.cursor = to;
                    self.move_or_swap((l0, c0), to);
                }
                (Pick::Square(l0, c0), None) => {
                    if self.tray_rect.is_some_and(|t| t.contains(pos)) {
                        self.remove(l0, c0);
                    }
                }
                (Pick::Tray(_), None) => {}
            }
            ui.ctx().request_repaint();
        } else if !down {
            self.drag = None;
        } else if let Some(pos) = pos {
            let rank = match src {
                Pick::Tray(r) => Some(r),
                Pick::Square(l, c) => self.formation.at(l, c),
            };
            if let (Some(r), Some((_, rect))) = (rank, self.square_rects.first()) {
                let painter = ui.ctx().layer_painter(LayerId::new(
                    Order::Tooltip,
                    ui.scope_id().with("junqi-editor-drag"),
                ));
                let rect = Rect::from_center_size(pos, rect.size());
                paint_tile(&painter, rect, r, self.lang, TileLook::Floating);
            }
        }
    }

    // ----- drawing -------------------------------------------------------------------------

    /// Draw the whole editor into `ui` (it may take a big area); returns an outcome when the user
    /// is done.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> Option<EditorOutcome> {
        self.poll_dialog(ui.ctx());
        self.handle_keys(ui);
        let mut outcome = None;
        ui.vertical(|ui| {
            outcome = self.toolbar(ui);
            self.status_line(ui);
            ui.separator();
            let problems = self.formation.problems(&self.rules);
            ui.horizontal_top(|ui| {
                let board_w = (ui.available_width() * 0.6).clamp(300.0, 760.0);
                ui.allocate_ui(vec2(board_w, ui.available_height()), |ui| {
                    ui.vertical(|ui| {
                        self.board_ui(ui, &problems);
                        ui.add_space(8.0);
                        self.tray_ui(ui);
                    });
                });
                ui.separator();
                ui.vertical(|ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("junqi-editor-side")
                        .show(ui, |ui| self.side_ui(ui, &problems));
                });
            });
        });
        self.finish_drag(ui);
        outcome
    }

    fn toolbar(&mut self, ui: &mut egui::Ui) -> Option<EditorOutcome> {
        let lang = self.lang;
        let mut outcome = None;
        ui.horizontal_wrapped(|ui| {
            ui.heading(lang.t(&t::TITLE));
            ui.separator();
            if ui
                .add_enabled(!self.undo.is_empty(), egui::Button::new(lang.t(&t::UNDO)))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.undo();
            }
            if ui
                .button(lang.t(&t::RANDOM))
                .on_hover_text(lang.t(&t::RANDOM_TIP))
                .clicked()
            {
                self.random();
            }
            if ui
                .button(lang.t(&t::FILL_REST))
                .on_hover_text(lang.t(&t::FILL_REST_TIP))
                .clicked()
            {
                self.fill_rest();
            }
            if ui.button(lang.t(&t::MIRROR)).clicked() {
                self.mirror();
            }
            if ui.button(lang.t(&t::CLEAR)).clicked() {
                self.clear();
            }
            ui.separator();
            let idle = self.dialog.is_none();
            if ui
                .add_enabled(idle, egui::Button::new(lang.t(&t::OPEN)))
                .clicked()
            {
                self.start_dialog(DialogKind::Open);
            }
            if ui
                .add_enabled(idle, egui::Button::new(lang.t(&t::SAVE)))
                .clicked()
            {
                self.save();
            }
            if ui
                .add_enabled(idle, egui::Button::new(lang.t(&t::SAVE_AS)))
                .clicked()
            {
                self.start_dialog(DialogKind::SaveAs);
            }
            if ui
                .toggle_value(&mut self.show_library, lang.t(&t::LIBRARY))
                .clicked()
            {
                self.library = None;
            }
            ui.separator();
            let valid = self.formation.is_valid(&self.rules);
            let use_btn = ui
                .add_enabled(valid, egui::Button::new(lang.t(&t::USE_IN_GAME)))
                .on_disabled_hover_text(lang.t(&t::USE_IN_GAME_DISABLED));
            if use_btn.clicked() && valid {
                outcome = Some(EditorOutcome::UseInGame(self.formation.clone()));
            }
            if ui.button(lang.t(&t::CLOSE)).clicked() {
                if self.dirty {
                    self.confirm_close = true;
                } else {
                    outcome = Some(EditorOutcome::Close);
                }
            }
        });
        if self.confirm_close {
            ui.horizontal(|ui| {
                ui.colored_label(Color32::from_rgb(200, 120, 0), lang.t(&t::UNSAVED));
                if ui.button(lang.t(&t::CLOSE_WITHOUT_SAVING)).clicked() {
                    self.confirm_close = false;
                    outcome = Some(EditorOutcome::Close);
                }
                if ui.button(lang.t(&t::KEEP_EDITING)).clicked() {
                    self.confirm_close = false;
                }
            });
        }
        outcome
    }

    fn status_line(&mut self, ui: &mut egui::Ui) {
        let lang = self.lang;
        ui.horizontal_wrapped(|ui| {
            let file = match &self.current_path {
                Some(p) => p.display().to_string(),
                None => lang.t(&t::NOT_SAVED_YET).to_string(),
            };
            let mut line = fill(lang.t(&t::FILE_LINE), &[("file", &file)]);
            if self.dirty {
                line.push_str(lang.t(&t::UNSAVED_MARK));
            }
            ui.weak(line);
            if self.dialog.is_some() {
                ui.label(lang.t(&t::DIALOG_OPEN));
                if ui.small_button(lang.t(&t::STOP_WAITING)).clicked() {
                    // The dialog's thread cannot be stopped; its answer is simply ignored.
                    self.dialog = None;
                }
            }
        });
        if let Some(message) = &self.status {
            let text = message.words(lang);
            let color = match message.level() {
                Level::Info => ui.visuals().text_color(),
                Level::Warning => Color32::from_rgb(200, 120, 0),
                Level::Error => Color32::from_rgb(210, 40, 40),
            };
            let mut dismiss = false;
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(color, text);
                dismiss = ui
                    .small_button("×")
                    .on_hover_text(lang.t(&t::DISMISS))
                    .clicked();
            });
            if dismiss {
                self.status = None;
            }
        } else {
            // Keep the board where it is when a message comes and goes.
            ui.add_space(ui.spacing().interact_size.y + ui.spacing().item_spacing.y);
        }
    }

    fn board_ui(&mut self, ui: &mut egui::Ui, problems: &[FormationProblem]) {
        let lang = self.lang;
        let avail = ui.available_width();
        let tile_w = ((avail - 60.0) / 5.0 / 1.3).clamp(50.0, 100.0);
        let tile = vec2(tile_w, (tile_w * 0.52).max(28.0));
        let pitch = vec2(tile.x * 1.3, tile.y * 1.75);
        let margin = vec2(28.0, 26.0);
        let size = vec2(
            4.0 * pitch.x + tile.x + 2.0 * margin.x,
            5.0 * pitch.y + tile.y + 2.0 * margin.y,
        );
        let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
        let painter = ui.painter_at(rect);
        let origin = rect.min + margin + tile / 2.0;
        let center =
            |l: u8, c: u8| origin + vec2((c - 1) as f32 * pitch.x, (l - 1) as f32 * pitch.y);

        painter.rect_filled(rect, 8.0, BOARD_BG);
        painter.text(
            pos2(rect.center().x, rect.min.y + 4.0),
            Align2::CENTER_TOP,
            lang.t(&t::FRONT_LINE),
            FontId::proportional(12.0),
            LINE_COLOR,
        );
        // Roads and rails, from the engine's board (Red's half: ranks 1–6).
        let board = Board::two_player();
        let owner = |n: usize| -> Option<(u8, u8)> {
            let node = &board.nodes[n];
            (node.row <= 5).then(|| (6 - node.row, node.col + 1))
        };
        for a in 0..board.len() {
            let Some(pa) = owner(a) else { continue };
            for &b in &board.links[a] {
                let Some(pb) = owner(b as usize) else {
                    continue;
                };
                if (b as usize) < a {
                    continue;
                }
                let rail = board.rail_linked(a as u8, b);
                let stroke = if rail {
                    Stroke::new(3.0, RAIL_COLOR)
                } else {
                    Stroke::new(1.2, LINE_COLOR)
                };
                painter.line_segment([center(pa.0, pa.1), center(pb.0, pb.1)], stroke);
            }
        }
        // File letters and rank numbers, as squares are named on the board.
        for c in 1..=5u8 {
            let name = sq(6, c);
            painter.text(
                pos2(center(6, c).x, rect.max.y - 3.0),
                Align2::CENTER_BOTTOM,
                &name[..1],
                FontId::proportional(12.0),
                LINE_COLOR,
            );
        }
        for l in 1..=6u8 {
            painter.text(
                pos2(rect.min.x + 6.0, center(l, 1).y),
                Align2::LEFT_CENTER,
                &sq(l, 1)[1..],
                FontId::proportional(12.0),
                LINE_COLOR,
            );
        }

        let bad: Vec<(u8, u8)> = problems.iter().filter_map(|p| p.at()).collect();
        let pointer = ui.input(|i| i.pointer.interact_pos());
        self.square_rects.clear();
        for l in 1..=6u8 {
            for c in 1..=5u8 {
                let r = Rect::from_center_size(center(l, c), tile);
                self.square_rects.push(((l, c), r));
                self.square_ui(ui, &painter, r, l, c, bad.contains(&(l, c)), pointer);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn square_ui(
        &mut self,
        ui: &mut egui::Ui,
        painter: &Painter,
        r: Rect,
        l: u8,
        c: u8,
        bad: bool,
        pointer: Option<Pos2>,
    ) {
        let lang = self.lang;
        let camp = is_camp_square(l, c);
        let hq = l == 6 && (c == 2 || c == 4);
        let piece = self.formation.at(l, c);
        let id = ui.scope_id().with(("junqi-editor-square", l, c));
        let sense = if camp {
            Sense::hover()
        } else {
            Sense::click_and_drag()
        };
        let resp = ui.interact(r, id, sense);
        let what = match (camp, piece) {
            (_, Some(p)) => rank_name(lang, p).to_string(),
            (true, None) => lang.t(&t::CAMP).to_string(),
            (false, None) => lang.t(&t::EMPTY).to_string(),
        };
        let label = format!("line {l} column {c} {} {what}", sq(l, c));
        let selected = self.selected == Some(Pick::Square(l, c));
        resp.widget_info(|| WidgetInfo::selected(Role::Button, !camp, selected, &label));

        // Background of the square.
        if camp {
            painter.circle(
                r.center(),
                r.height() * 0.62,
                CAMP_BG,
                Stroke::new(1.5, LINE_COLOR),
            );
        } else if hq {
            painter.rect(
                r.expand(3.0),
                CornerRadius::same((r.height() * 0.5) as u8),
                BOARD_BG,
                Stroke::new(1.5, LINE_COLOR),
                StrokeKind::Outside,
            );
        } else {
            painter.rect(
                r,
                3.0,
                BOARD_BG,
                Stroke::new(1.0, LINE_COLOR),
                StrokeKind::Inside,
            );
        }
        if self.drag.is_some() && !camp && pointer.is_some_and(|p| r.contains(p)) {
            painter.rect_filled(r.expand(4.0), 4.0, DROP_HINT);
        }
        match piece {
            Some(p) => {
                let look = if self.drag == Some(Pick::Square(l, c)) {
                    TileLook::Ghost
                } else if selected {
                    TileLook::Selected
                } else {
                    TileLook::Normal
                };
                paint_tile(painter, r, p, lang, look);
            }
            None if hq => {
                painter.text(
                    r.center(),
                    Align2::CENTER_CENTER,
                    lang.t(&t::HQ),
                    FontId::proportional(r.height() * 0.3),
                    LINE_COLOR,
                );
            }
            None => {}
        }
        if bad {
            painter.rect_stroke(
                r.expand(2.0),
                4.0,
                Stroke::new(3.0, BAD),
                StrokeKind::Outside,
            );
        }
        if self.cursor == (l, c) {
            painter.rect_stroke(
                r.expand(5.0),
                5.0,
                Stroke::new(2.0, CURSOR),
                StrokeKind::Outside,
            );
        }

        let rules = &self.rules;
        let resp = resp.on_hover_ui(|ui| {
            ui.label(square_tooltip(l, c, rules, lang));
        });
        if camp {
            return;
        }
        if resp.drag_started() && piece.is_some() {
            self.drag = Some(Pick::Square(l, c));
            self.selected = None;
        } else if resp.clicked() {
            self.click_square(l, c);
        } else if resp.secondary_clicked() {
            self.cursor = (l, c);
            self.selected = None;
            self.remove(l, c);
        }
    }

    fn tray_ui(&mut self, ui: &mut egui::Ui) {
        let lang = self.lang;
        ui.label(lang.t(&t::TRAY));
        let avail = ui.available_width();
        let per_row = if avail >= 12.0 * 64.0 { 12 } else { 6 };
        let w = ((avail - 8.0) / per_row as f32 - 8.0).clamp(48.0, 90.0);
        let tile = vec2(w, (w * 0.52).max(28.0));
        let rows = 12 / per_row;
        let size = vec2(
            per_row as f32 * (tile.x + 8.0) + 8.0,
            rows as f32 * (tile.y + 14.0) + 8.0,
        );
        let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
        self.tray_rect = Some(rect);
        let painter = ui.painter_at(rect.expand(2.0));
        let dropping_here = matches!(self.drag, Some(Pick::Square(..)))
            && ui
                .input(|i| i.pointer.interact_pos())
                .is_some_and(|p| rect.contains(p));
        painter.rect(
            rect,
            6.0,
            if dropping_here { DROP_HINT } else { TRAY_BG },
            Stroke::new(1.0, LINE_COLOR),
            StrokeKind::Inside,
        );
        for (i, &rank) in Rank::ALL.iter().enumerate() {
            let (row, col) = (i / per_row, i % per_row);
            let min = rect.min
                + vec2(
                    8.0 + col as f32 * (tile.x + 8.0),
                    10.0 + row as f32 * (tile.y + 14.0),
                );
            let r = Rect::from_min_size(min, tile);
            let left = self.remaining(rank);
            let id = ui.scope_id().with(("junqi-editor-tray", i));
            let sense = if left > 0 {
                Sense::click_and_drag()
            } else {
                Sense::hover()
            };
            let resp = ui.interact(r, id, sense);
            let label = format!("tray {} ×{left}", rank_name(lang, rank));
            let selected = self.selected == Some(Pick::Tray(rank));
            resp.widget_info(|| WidgetInfo::selected(Role::Button, left > 0, selected, &label));
            let look = if left == 0 {
                TileLook::Empty
            } else if selected {
                TileLook::Selected
            } else {
                TileLook::Normal
            };
            paint_tile(&painter, r, rank, lang, look);
            // Count badge.
            let badge = pos2(r.max.x - 2.0, r.min.y + 2.0);
            painter.circle_filled(badge, 9.0, if left > 0 { BADGE } else { Color32::GRAY });
            painter.text(
                badge,
                Align2::CENTER_CENTER,
                left.to_string(),
                FontId::proportional(11.0),
                Color32::WHITE,
            );
            let tip = match rank.players_number() {
                Some(n) => format!("{} · {} · {n}", rank.zh(), rank.en()),
                None => format!("{} · {}", rank.zh(), rank.en()),
            };
            let key = fill(lang.t(&t::KEY), &[("code", &rank.code().to_string())]);
            let resp = resp.on_hover_text(format!("{tip}\n{key}"));
            if left == 0 {
                continue;
            }
            if resp.drag_started() {
                self.drag = Some(Pick::Tray(rank));
                self.selected = None;
            } else if resp.clicked() {
                self.selected = if selected {
                    None
                } else {
                    Some(Pick::Tray(rank))
                };
            }
        }
    }

    fn side_ui(&mut self, ui: &mut egui::Ui, problems: &[FormationProblem]) {
        let lang = self.lang;
        let label = ui.label(lang.t(&t::NAME));
        let name = ui
            .add(
                egui::TextEdit::singleline(&mut self.formation.name)
                    .char_limit(200)
                    .desired_width(f32::INFINITY)
                    .hint_text(lang.t(&t::NAME_HINT)),
            )
            .labelled_by(label.id);
        if name.changed() {
            self.dirty = true;
            // A translation of the old name would no longer match.
            self.formation.name_zh.clear();
        }
        let label = ui.label(lang.t(&t::NOTES));
        let notes = ui
            .add(
                egui::TextEdit::multiline(&mut self.formation.notes)
                    .char_limit(10_000)
                    .desired_width(f32::INFINITY)
                    .desired_rows(3)
                    .hint_text(lang.t(&t::NOTES_HINT)),
            )
            .labelled_by(label.id);
        if notes.changed() {
            self.dirty = true;
            self.formation.notes_zh.clear();
        }
        ui.add_space(6.0);

        if problems.is_empty() {
            ui.colored_label(Color32::from_rgb(30, 140, 60), lang.t(&t::VALID));
        } else {
            let head = fill(lang.t(&t::PROBLEMS), &[("n", &problems.len().to_string())]);
            ui.strong(head);
            for p in problems {
                let color = if p.at().is_some() {
                    BAD
                } else {
                    Color32::from_rgb(200, 120, 0)
                };
                ui.colored_label(color, format!("• {}", lang.formation_problem(p)));
            }
        }
        ui.add_space(6.0);
        ui.collapsing(lang.t(&t::KEYBOARD), |ui| {
            ui.label(lang.t(&t::KEYBOARD_HELP));
        });
        if self.show_library {
            ui.separator();
            self.library_ui(ui);
        }
    }

    fn library_ui(&mut self, ui: &mut egui::Ui) {
        let lang = self.lang;
        ui.horizontal(|ui| {
            ui.strong(lang.t(&t::LIBRARY));
            if ui.button(lang.t(&t::REFRESH)).clicked() {
                self.library = None;
            }
            if ui
                .button(lang.t(&t::SAVE_IN_LIBRARY))
                .on_hover_text(self.library_dir.display().to_string())
                .clicked()
            {
                self.save_in_library();
            }
        });
        let (mine, shipped) = match self.library.take() {
            Some(lists) => lists,
            None => (
                list_library(&self.library_dir),
                self.shipped_dir
                    .as_deref()
                    .map(list_library)
                    .unwrap_or_default(),
            ),
        };
        let mut open = None;
        for (title, entries, dir) in [
            (
                lang.t(&t::MY_FORMATIONS),
                &mine,
                Some(self.library_dir.as_path()),
            ),
            (
                lang.t(&t::SHIPPED_FORMATIONS),
                &shipped,
                self.shipped_dir.as_deref(),
            ),
        ] {
            let Some(dir) = dir else { continue };
            ui.label(egui::RichText::new(title).strong())
                .on_hover_text(dir.display().to_string());
            if entries.is_empty() {
                ui.weak(lang.t(&t::NONE_YET));
            }
            for e in entries {
                let file = e
                    .path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                match &e.content {
                    Ok(f) => {
                        let name = f.name_in(lang == Lang::Zh);
                        let shown = if name.trim().is_empty() { &file } else { name };
                        let note = files::short_note(f.notes_in(lang == Lang::Zh), NOTE_CHARS);
                        ui.horizontal_wrapped(|ui| {
                            if ui.button(shown).on_hover_text(&file).clicked() {
                                open = Some(e.path.clone());
                            }
                            if !note.is_empty() {
                                ui.weak(note);
                            }
                        });
                    }
                    Err(err) => {
                        ui.colored_label(BAD, err.in_lang(lang));
                    }
                }
            }
        }
        self.library = Some((mine, shipped));
        if let Some(p) = open {
            self.open_path(&p);
        }
    }
}

const BOARD_BG: Color32 = Color32::from_rgb(236, 226, 196);
const TRAY_BG: Color32 = Color32::from_rgb(222, 214, 190);
const CAMP_BG: Color32 = Color32::from_rgb(214, 228, 200);
const LINE_COLOR: Color32 = Color32::from_rgb(110, 96, 70);
const RAIL_COLOR: Color32 = Color32::from_rgb(60, 50, 40);
const TILE_BG: Color32 = Color32::from_rgb(252, 246, 232);
const TILE_TEXT: Color32 = Color32::from_rgb(178, 24, 24);
const BAD: Color32 = Color32::from_rgb(220, 30, 30);
const CURSOR: Color32 = Color32::from_rgb(30, 100, 230);
const BADGE: Color32 = Color32::from_rgb(178, 24, 24);
const DROP_HINT: Color32 = Color32::from_rgba_premultiplied(60, 120, 220, 70);

#[derive(Clone, Copy, PartialEq, Eq)]
enum TileLook {
    Normal,
    Selected,
    /// Being dragged away: drawn faint where it was.
    Ghost,
    /// Following the pointer.
    Floating,
    /// A tray slot with none left.
    Empty,
}

/// A piece: a cream tile with its name in red, the players' number small in the corner.
fn paint_tile(p: &Painter, r: Rect, rank: Rank, lang: Lang, look: TileLook) {
    let (bg, text, border) = match look {
        TileLook::Normal | TileLook::Floating => (TILE_BG, TILE_TEXT, Stroke::new(1.5, TILE_TEXT)),
        TileLook::Selected => (
            Color32::from_rgb(255, 226, 120),
            TILE_TEXT,
            Stroke::new(3.0, Color32::from_rgb(200, 140, 0)),
        ),
        TileLook::Ghost | TileLook::Empty => (
            Color32::from_rgba_unmultiplied(252, 246, 232, 90),
            Color32::from_rgba_unmultiplied(178, 24, 24, 90),
            Stroke::new(1.0, Color32::from_rgba_unmultiplied(178, 24, 24, 90)),
        ),
    };
    if look == TileLook::Floating {
        p.rect_filled(
            r.translate(vec2(3.0, 4.0)),
            5.0,
            Color32::from_black_alpha(60),
        );
    }
    p.rect(r, 5.0, bg, border, StrokeKind::Inside);
    let name = rank_name(lang, rank);
    let size = if lang == Lang::Zh {
        r.height() * 0.5
    } else {
        (r.height() * 0.38).min(1.75 * r.width() / name.chars().count().max(4) as f32)
    };
    p.text(
        r.center(),
        Align2::CENTER_CENTER,
        name,
        FontId::proportional(size),
        text,
    );
    if let Some(n) = rank.players_number() {
        p.text(
            r.right_bottom() + vec2(-3.0, -1.0),
            Align2::RIGHT_BOTTOM,
            n.to_string(),
            FontId::proportional((r.height() * 0.22).max(8.0)),
            text.gamma_multiply(0.7),
        );
    }
}
