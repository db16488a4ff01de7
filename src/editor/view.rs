//! The editor's drawing pass: it reads the editor, paints it, reads the pointer and the keys, and
//! returns what the user asked for as [`EditorCmd`]s; [`FormationEditor::apply`] carries them out
//! after the pass. The only state it changes is its own [`Widgets`]: the piece being dragged and
//! where the squares and the tray were drawn (the drop targets), which only the drawing knows.

use super::words::{Level, rank_name, sq, square_tooltip};
use super::{EditorCmd, FormationEditor, NOTE_CHARS, Pick, files};
use crate::engine::board::Board;
use crate::engine::formation::{FormationProblem, is_camp_square};
use crate::engine::piece::Rank;
use crate::i18n::{Lang, editor as t, fill};
use egui::{
    Align2, Color32, CornerRadius, FontId, Key, LayerId, Modifiers, Order, Painter, Pos2, Rect,
    Role, Sense, Stroke, StrokeKind, WidgetInfo, pos2, vec2,
};

/// What the drawing pass keeps from one frame to the next for itself: egui knows that a drag is
/// going on, not which piece it carries, and the drop targets are where this pass laid them out.
#[derive(Default)]
pub(super) struct Widgets {
    /// The piece being dragged (from the tray or a square).
    drag: Option<Pick>,
    /// Where the squares were drawn this frame.
    square_rects: Vec<((u8, u8), Rect)>,
    /// Where the tray was drawn this frame.
    tray_rect: Option<Rect>,
}

/// Draw the whole editor into `ui` (it may take a big area) and return what the user asked for.
pub(super) fn show(ed: &FormationEditor, w: &mut Widgets, ui: &mut egui::Ui) -> Vec<EditorCmd> {
    let mut pass = Pass {
        ed,
        w,
        lang: ed.lang,
        cmds: Vec::new(),
    };
    pass.poll_dialog(ui.ctx());
    pass.handle_keys(ui);
    ui.vertical(|ui| {
        pass.toolbar(ui);
        pass.status_line(ui);
        ui.separator();
        let problems = ed.formation.problems(&ed.rules);
        ui.horizontal_top(|ui| {
            let board_w = (ui.available_width() * 0.6).clamp(300.0, 760.0);
            ui.allocate_ui(vec2(board_w, ui.available_height()), |ui| {
                ui.vertical(|ui| {
                    pass.board_ui(ui, &problems);
                    ui.add_space(8.0);
                    pass.tray_ui(ui);
                });
            });
            ui.separator();
            ui.vertical(|ui| {
                egui::ScrollArea::vertical()
                    .id_salt("junqi-editor-side")
                    .show(ui, |ui| pass.side_ui(ui, &problems));
            });
        });
    });
    pass.finish_drag(ui);
    if !pass.cmds.is_empty() {
        // The commands change the editor after this pass: the next frame shows the change.
        ui.ctx().request_repaint();
    }
    pass.cmds
}

/// One drawing pass: the editor read-only, the pass's own widget state, the commands so far.
struct Pass<'a> {
    ed: &'a FormationEditor,
    w: &'a mut Widgets,
    lang: Lang,
    cmds: Vec<EditorCmd>,
}

impl Pass<'_> {
    fn ask(&mut self, cmd: EditorCmd) {
        self.cmds.push(cmd);
    }

    /// The native dialog's answer, once it comes (its thread sends it on a channel).
    fn poll_dialog(&mut self, ctx: &egui::Context) {
        let Some(d) = &self.ed.dialog else { return };
        match d.poll() {
            None => ctx.request_repaint_after(std::time::Duration::from_millis(150)),
            Some(answer) => self.ask(EditorCmd::DialogAnswered(answer)),
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
            self.ask(EditorCmd::Undo);
        }
        if esc {
            self.w.drag = None;
            if self.ed.selected.is_some() {
                self.ask(EditorCmd::Unpick);
            }
        }
        for (lines, cols) in moves {
            self.ask(EditorCmd::MoveCursor { lines, cols });
        }
        if del {
            self.ask(EditorCmd::ClearAtCursor);
        }
        for ch in text.chars() {
            if let Some(r) = Rank::from_code(ch.to_ascii_uppercase()) {
                self.ask(EditorCmd::PlaceAtCursor(r));
            }
        }
    }

    /// A drag ends where the pointer is released: on a square, on the tray, or nowhere.
    fn finish_drag(&mut self, ui: &egui::Ui) {
        let Some(src) = self.w.drag else { return };
        let (released, down, pos) = ui.input(|i| {
            (
                i.pointer.any_released(),
                i.pointer.primary_down(),
                i.pointer.interact_pos(),
            )
        });
        if released {
            self.w.drag = None;
            let Some(pos) = pos else { return };
            let target = self
                .w
                .square_rects
                .iter()
                .find(|(_, r)| r.contains(pos))
                .map(|(s, _)| *s);
            match (src, target) {
                (Pick::Tray(rank), Some(at)) => self.ask(EditorCmd::DropTray { rank, at }),
                (Pick::Square(l, c), Some(to)) => {
                    self.ask(EditorCmd::DropSquare { from: (l, c), to })
                }
                (Pick::Square(l, c), None) => {
                    if self.w.tray_rect.is_some_and(|t| t.contains(pos)) {
                        self.ask(EditorCmd::DropOnTray((l, c)));
                    }
                }
                (Pick::Tray(_), None) => {}
            }
            ui.ctx().request_repaint();
        } else if !down {
            self.w.drag = None;
        } else if let Some(pos) = pos {
            let rank = match src {
                Pick::Tray(r) => Some(r),
                Pick::Square(l, c) => self.ed.formation.at(l, c),
            };
            if let (Some(r), Some((_, rect))) = (rank, self.w.square_rects.first()) {
                let painter = ui.ctx().layer_painter(LayerId::new(
                    Order::Tooltip,
                    ui.scope_id().with("junqi-editor-drag"),
                ));
                let rect = Rect::from_center_size(pos, rect.size());
                paint_tile(&painter, rect, r, self.lang, TileLook::Floating);
            }
        }
    }

    fn toolbar(&mut self, ui: &mut egui::Ui) {
        let (ed, lang) = (self.ed, self.lang);
        ui.horizontal_wrapped(|ui| {
            ui.heading(lang.t(&t::TITLE));
            ui.separator();
            if ui
                .add_enabled(!ed.undo.is_empty(), egui::Button::new(lang.t(&t::UNDO)))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.ask(EditorCmd::Undo);
            }
            if ui
                .button(lang.t(&t::RANDOM))
                .on_hover_text(lang.t(&t::RANDOM_TIP))
                .clicked()
            {
                self.ask(EditorCmd::Random);
            }
            if ui
                .button(lang.t(&t::FILL_REST))
                .on_hover_text(lang.t(&t::FILL_REST_TIP))
                .clicked()
            {
                self.ask(EditorCmd::FillRest);
            }
            if ui.button(lang.t(&t::MIRROR)).clicked() {
                self.ask(EditorCmd::Mirror);
            }
            if ui.button(lang.t(&t::CLEAR)).clicked() {
                self.ask(EditorCmd::Clear);
            }
            ui.separator();
            let idle = ed.dialog.is_none();
            if ui
                .add_enabled(idle, egui::Button::new(lang.t(&t::OPEN)))
                .clicked()
            {
                self.ask(EditorCmd::Open);
            }
            if ui
                .add_enabled(idle, egui::Button::new(lang.t(&t::SAVE)))
                .clicked()
            {
                self.ask(EditorCmd::Save);
            }
            if ui
                .add_enabled(idle, egui::Button::new(lang.t(&t::SAVE_AS)))
                .clicked()
            {
                self.ask(EditorCmd::SaveAs);
            }
            let mut show_library = ed.show_library;
            if ui
                .toggle_value(&mut show_library, lang.t(&t::LIBRARY))
                .clicked()
            {
                self.ask(EditorCmd::ShowLibrary(show_library));
            }
            ui.separator();
            let valid = ed.formation.is_valid(&ed.rules);
            let use_btn = ui
                .add_enabled(valid, egui::Button::new(lang.t(&t::USE_IN_GAME)))
                .on_disabled_hover_text(lang.t(&t::USE_IN_GAME_DISABLED));
            if use_btn.clicked() && valid {
                self.ask(EditorCmd::UseInGame);
            }
            if ui.button(lang.t(&t::CLOSE)).clicked() {
                self.ask(EditorCmd::Close);
            }
        });
        if ed.confirm_close {
            ui.horizontal(|ui| {
                ui.colored_label(Color32::from_rgb(200, 120, 0), lang.t(&t::UNSAVED));
                if ui.button(lang.t(&t::CLOSE_WITHOUT_SAVING)).clicked() {
                    self.ask(EditorCmd::CloseWithoutSaving);
                }
                if ui.button(lang.t(&t::KEEP_EDITING)).clicked() {
                    self.ask(EditorCmd::KeepEditing);
                }
            });
        }
    }

    fn status_line(&mut self, ui: &mut egui::Ui) {
        let (ed, lang) = (self.ed, self.lang);
        ui.horizontal_wrapped(|ui| {
            let file = match &ed.current_path {
                Some(p) => p.display().to_string(),
                None => lang.t(&t::NOT_SAVED_YET).to_string(),
            };
            let mut line = fill(lang.t(&t::FILE_LINE), &[("file", &file)]);
            if ed.dirty {
                line.push_str(lang.t(&t::UNSAVED_MARK));
            }
            ui.weak(line);
            if ed.dialog.is_some() {
                ui.label(lang.t(&t::DIALOG_OPEN));
                if ui.small_button(lang.t(&t::STOP_WAITING)).clicked() {
                    self.ask(EditorCmd::StopWaiting);
                }
            }
        });
        if let Some(message) = &ed.status {
            let text = message.words(lang);
            let color = match message.level() {
                Level::Info => ui.visuals().text_color(),
                Level::Warning => Color32::from_rgb(200, 120, 0),
                Level::Error => Color32::from_rgb(210, 40, 40),
            };
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(color, text);
                if ui
                    .small_button("×")
                    .on_hover_text(lang.t(&t::DISMISS))
                    .clicked()
                {
                    self.ask(EditorCmd::DismissMessage);
                }
            });
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
        self.w.square_rects.clear();
        for l in 1..=6u8 {
            for c in 1..=5u8 {
                let r = Rect::from_center_size(center(l, c), tile);
                self.w.square_rects.push(((l, c), r));
                self.square_ui(ui, &painter, r, (l, c), bad.contains(&(l, c)), pointer);
            }
        }
    }

    fn square_ui(
        &mut self,
        ui: &mut egui::Ui,
        painter: &Painter,
        r: Rect,
        (l, c): (u8, u8),
        bad: bool,
        pointer: Option<Pos2>,
    ) {
        let (ed, lang) = (self.ed, self.lang);
        let camp = is_camp_square(l, c);
        let hq = l == 6 && (c == 2 || c == 4);
        let piece = ed.formation.at(l, c);
        let id = ui.scope_id().with(("junqi-editor-square", l, c));
        // A camp takes clicks too (never drags): placing a piece there is refused with the reason.
        let sense = if camp {
            Sense::click()
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
        let selected = ed.selected == Some(Pick::Square(l, c));
        resp.widget_info(|| WidgetInfo::selected(Role::Button, true, selected, &label));

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
        if self.w.drag.is_some() && !camp && pointer.is_some_and(|p| r.contains(p)) {
            painter.rect_filled(r.expand(4.0), 4.0, DROP_HINT);
        }
        match piece {
            Some(p) => {
                let look = if self.w.drag == Some(Pick::Square(l, c)) {
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
        if ed.cursor == (l, c) {
            painter.rect_stroke(
                r.expand(5.0),
                5.0,
                Stroke::new(2.0, CURSOR),
                StrokeKind::Outside,
            );
        }

        let resp = resp.on_hover_ui(|ui| {
            ui.label(square_tooltip(l, c, &ed.rules, lang));
        });
        if camp {
            if resp.clicked() {
                self.ask(EditorCmd::ClickSquare(l, c));
            }
            return;
        }
        if resp.drag_started() && piece.is_some() {
            self.w.drag = Some(Pick::Square(l, c));
            if ed.selected.is_some() {
                self.ask(EditorCmd::Unpick);
            }
        } else if resp.clicked() {
            self.ask(EditorCmd::ClickSquare(l, c));
        } else if resp.secondary_clicked() {
            self.ask(EditorCmd::ClearSquare(l, c));
        }
    }

    fn tray_ui(&mut self, ui: &mut egui::Ui) {
        let (ed, lang) = (self.ed, self.lang);
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
        self.w.tray_rect = Some(rect);
        let painter = ui.painter_at(rect.expand(2.0));
        let dropping_here = matches!(self.w.drag, Some(Pick::Square(..)))
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
            let left = ed.remaining(rank);
            let id = ui.scope_id().with(("junqi-editor-tray", i));
            let sense = if left > 0 {
                Sense::click_and_drag()
            } else {
                Sense::hover()
            };
            let resp = ui.interact(r, id, sense);
            let label = format!("tray {} ×{left}", rank_name(lang, rank));
            let selected = ed.selected == Some(Pick::Tray(rank));
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
                self.w.drag = Some(Pick::Tray(rank));
                if ed.selected.is_some() {
                    self.ask(EditorCmd::Unpick);
                }
            } else if resp.clicked() {
                self.ask(EditorCmd::ClickTray(rank));
            }
        }
    }

    fn side_ui(&mut self, ui: &mut egui::Ui, problems: &[FormationProblem]) {
        let (ed, lang) = (self.ed, self.lang);
        // The text fields edit a copy of the model's text each frame (egui keeps the cursor and
        // the selection by the field's id): a change is asked for and applied after the pass.
        // They show the name and notes in the interface language (the shipped formations have
        // both).
        let zh = lang == Lang::Zh;
        let label = ui.label(lang.t(&t::NAME));
        let mut name = ed.formation.name_in(zh).to_string();
        let edited = ui
            .add(
                egui::TextEdit::singleline(&mut name)
                    .char_limit(super::MAX_NAME_CHARS)
                    .desired_width(f32::INFINITY)
                    .hint_text(lang.t(&t::NAME_HINT)),
            )
            .labelled_by(label.id);
        if edited.changed() {
            self.ask(EditorCmd::SetName(name));
        }
        let label = ui.label(lang.t(&t::NOTES));
        let mut notes = ed.formation.notes_in(zh).to_string();
        let edited = ui
            .add(
                egui::TextEdit::multiline(&mut notes)
                    .char_limit(super::MAX_NOTES_CHARS)
                    .desired_width(f32::INFINITY)
                    .desired_rows(3)
                    .hint_text(lang.t(&t::NOTES_HINT)),
            )
            .labelled_by(label.id);
        if edited.changed() {
            self.ask(EditorCmd::SetNotes(notes));
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
        if ed.show_library {
            ui.separator();
            self.library_ui(ui);
        }
    }

    fn library_ui(&mut self, ui: &mut egui::Ui) {
        let (ed, lang) = (self.ed, self.lang);
        ui.horizontal(|ui| {
            ui.strong(lang.t(&t::LIBRARY));
            if ui.button(lang.t(&t::REFRESH)).clicked() {
                self.ask(EditorCmd::RefreshLibrary);
            }
            if ui
                .button(lang.t(&t::SAVE_IN_LIBRARY))
                .on_hover_text(ed.library_dir.display().to_string())
                .clicked()
            {
                self.ask(EditorCmd::SaveInLibrary);
            }
        });
        for (title, entries, dir) in [
            (
                lang.t(&t::MY_FORMATIONS),
                &ed.library.mine,
                Some(ed.library_dir.as_path()),
            ),
            (
                lang.t(&t::SHIPPED_FORMATIONS),
                &ed.library.shipped,
                ed.shipped_dir.as_deref(),
            ),
        ] {
            let Some(dir) = dir else { continue };
            ui.label(egui::RichText::new(title).strong())
                .on_hover_text(dir.display().to_string());
            if entries.is_empty() {
                ui.weak(lang.t(&t::NONE_YET));
            }
            // Cards side by side, as many to a row as fit: each formation drawn small over its
            // name (a click on the name opens it).
            let gap = ui.spacing().item_spacing.x;
            let per_row = (((ui.available_width() + gap) / (LIBRARY_CARD + gap)) as usize).max(1);
            for row in entries.chunks(per_row) {
                ui.horizontal_top(|ui| {
                    for e in row {
                        self.library_card(ui, e);
                    }
                });
            }
        }
    }

    /// One formation of the library: its thumbnail, its name (a button that opens it; the file
    /// in its tooltip) and the start of its notes, or why the file cannot be read.
    fn library_card(&mut self, ui: &mut egui::Ui, e: &files::LibraryEntry) {
        let lang = self.lang;
        let file = e
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        ui.vertical(|ui| {
            ui.set_width(LIBRARY_CARD);
            match &e.content {
                Ok(f) => {
                    let name = f.name_in(lang == Lang::Zh);
                    let shown = if name.trim().is_empty() { &file } else { name };
                    let note = files::short_note(f.notes_in(lang == Lang::Zh), NOTE_CHARS);
                    super::thumbnail::show_scaled(
                        ui,
                        f,
                        crate::engine::Seat::Red,
                        super::thumbnail::LIBRARY_COLOUR,
                        lang,
                        0.7,
                    );
                    if ui.button(shown).on_hover_text(&file).clicked() {
                        self.ask(EditorCmd::OpenFile(e.path.clone()));
                    }
                    if !note.is_empty() {
                        ui.add(egui::Label::new(egui::RichText::new(note).weak().small()).wrap());
                    }
                }
                Err(err) => {
                    ui.add(
                        egui::Label::new(egui::RichText::new(err.in_lang(lang)).color(BAD)).wrap(),
                    );
                }
            }
        });
    }
}

/// The width of a formation's card in the library.
const LIBRARY_CARD: f32 = 116.0;

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
