//! The side panel beside a screen's centre (a board, or the referee's clash pad): its width and
//! the size of its text worked out from the window's size every frame (`Side`), F9 and its
//! toggle.

use super::board;
use crate::i18n::{self, Lang};

/// The narrowest the side panel gets before it collapses to its toggle, and the widest it gets.
pub const PANEL_MIN: f32 = 230.0;
pub const PANEL_MAX: f32 = 380.0;
/// The height of the top bar and the status line around the board.
const CHROME_HEIGHT: f32 = 64.0;
/// The window height up to which the side panel is drawn at its base sizes: the default window's.
const BASE_HEIGHT: f32 = 780.0;
/// The most the side panel's text, spacing and width grow with the window.
pub const SCALE_MAX: f32 = 1.5;

/// How much larger than its base sizes the side panel beside `centre` is drawn in a window of
/// `size`: as the board grows with the window's height past the default window's, so do the
/// panel's text and width, up to `SCALE_MAX` and as far as the room beside the centre lets a
/// panel `PANEL_MAX` wide at the base sizes grow; never below 1.
pub fn panel_scale(size: egui::Vec2, centre: Centre) -> f32 {
    let tall = (size.y - CHROME_HEIGHT) / (BASE_HEIGHT - CHROME_HEIGHT);
    let wide = room_beside(size, centre) / PANEL_MAX;
    tall.min(wide).clamp(1.0, SCALE_MAX)
}

/// The side panel's width in a window of `size` points beside `centre`: the board takes first
/// what it needs (as wide as the window's height lets it be), the panel the rest, up to
/// `PANEL_MAX` (grown by `panel_scale` in a large window); `None` when less than `PANEL_MIN` is
/// left, or when the panel would be wider than the board beside it (a small window: the board is
/// what the player came for), and the panel folds to its toggle. Worked out from the window size
/// alone every frame, so a window narrowed and widened again gets the same layout back.
pub fn panel_room(size: egui::Vec2, centre: Centre) -> Option<f32> {
    let room = room_beside(size, centre);
    let width = room.min(PANEL_MAX * panel_scale(size, centre));
    let narrower_than_board = match centre {
        Centre::Board(aspect) => width <= board_width(size, aspect),
        Centre::Width(_) => true,
    };
    (room >= PANEL_MIN && narrower_than_board).then_some(width)
}

/// The width of a board of `aspect` as tall as a window of `size` lets it be.
fn board_width(size: egui::Vec2, aspect: f32) -> f32 {
    (size.y - CHROME_HEIGHT).max(120.0) * aspect
}

/// The width left beside `centre` at its full size.
fn room_beside(size: egui::Vec2, centre: Centre) -> f32 {
    let need = match centre {
        Centre::Board(aspect) => board_width(size, aspect) + 24.0,
        Centre::Width(w) => w,
    };
    size.x - need
}

/// The panel's width when the player opens it in a window where it folded by itself: the room
/// beside the board if there is enough, else `PANEL_MIN` taken from the board.
fn peek_width(size: egui::Vec2, centre: Centre) -> f32 {
    room_beside(size, centre).clamp(PANEL_MIN, PANEL_MAX)
}

/// A side panel as drawn in one frame: its width, and how much larger than their base sizes its
/// text and spacing are (`panel_scale`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    pub width: f32,
    pub scale: f32,
}

impl Side {
    /// The panel `id` at the window's right edge, with `add_contents` drawn at this side's scale.
    pub fn show<R>(
        self,
        ui: &mut egui::Ui,
        id: &'static str,
        add_contents: impl FnOnce(&mut egui::Ui) -> R,
    ) -> R {
        egui::Panel::right(id)
            .resizable(false)
            .exact_size(self.width)
            .show(ui, |ui| {
                grow_style(ui.style_mut(), self.scale);
                add_contents(ui)
            })
            .inner
    }
}

/// `style`'s text styles and spacing grown by `scale`.
fn grow_style(style: &mut egui::Style, scale: f32) {
    if scale == 1.0 {
        return;
    }
    for font in style.text_styles.values_mut() {
        font.size *= scale;
    }
    let s = &mut style.spacing;
    s.item_spacing *= scale;
    s.button_padding *= scale;
    s.interact_size *= scale;
    s.icon_width *= scale;
    s.icon_width_inner *= scale;
    s.icon_spacing *= scale;
    s.indent *= scale;
}

/// A size of `points` (text, or a height counted in lines of text) as drawn in `ui`: grown as
/// `ui`'s text is (a side panel's in a large window, `Side::show`), else as it is.
pub fn sized(ui: &egui::Ui, points: f32) -> f32 {
    let body = |s: &egui::Style| s.text_styles.get(&egui::TextStyle::Body).map(|f| f.size);
    match (body(ui.style()), body(&ui.ctx().global_style())) {
        (Some(here), Some(base)) if base > 0.0 => points * here / base,
        _ => points,
    }
}

/// What a screen shows beside its side panel, which takes first the width it needs: a board of
/// this aspect (width / height, `board::aspect`) as tall as the window lets it be, or a fixed
/// width (the referee's clash pad).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Centre {
    Board(f32),
    Width(f32),
}

impl Centre {
    /// A board's drawing.
    pub fn board(board: &crate::engine::Board) -> Centre {
        Centre::Board(board::aspect(board))
    }
}

/// The play screen's side panel: whether the player wants it (false once folded by hand in a
/// window where it fits), and whether it was opened from its toggle while it had folded by itself
/// (a small window; it then takes the room beside the board, at least `PANEL_MIN`). A window
/// grown to fit the panel again shows it unless the player folded it by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelState {
    pub wanted: bool,
    pub peek: bool,
}

impl Default for PanelState {
    fn default() -> Self {
        PanelState {
            wanted: true,
            peek: false,
        }
    }
}

impl PanelState {
    /// The panel's width in a window of `size` beside a board of `aspect`, or `None` if it is
    /// hidden.
    pub fn width(&self, size: egui::Vec2, centre: Centre) -> Option<f32> {
        self.side(size, centre).map(|s| s.width)
    }

    /// The panel in a window of `size` beside `centre`: its width and scale, or `None` if it is
    /// hidden. Opened from its toggle where it had folded, it is drawn at the base sizes.
    pub fn side(&self, size: egui::Vec2, centre: Centre) -> Option<Side> {
        match panel_room(size, centre) {
            Some(width) => self.wanted.then(|| Side {
                width,
                scale: panel_scale(size, centre),
            }),
            None => self.peek.then(|| Side {
                width: peek_width(size, centre),
                scale: 1.0,
            }),
        }
    }

    /// Show or hide the panel (F9, or its toggle button).
    pub fn toggle(&mut self, size: egui::Vec2, centre: Centre) {
        if panel_room(size, centre).is_some() {
            self.wanted = !self.wanted;
        } else {
            self.peek = !self.peek;
        }
    }

    /// A frame of a screen with `centre` beside the panel: F9 shows or hides the
    /// panel, and a window wide enough for it again closes a peek. Returns the window's size.
    pub fn frame(&mut self, ui: &mut egui::Ui, centre: Centre) -> egui::Vec2 {
        let size = ui.ctx().content_rect().size();
        if panel_room(size, centre).is_some() {
            self.peek = false;
        }
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F9)) {
            self.toggle(size, centre);
        }
        size
    }

    /// The side panel of a screen without a status clock (replay, the referee's ways) for this
    /// frame: as wide and as large as the play screen's (from the window's size, every frame), or
    /// `None` when it is folded away to its toggle.
    pub fn right_panel(&mut self, ui: &mut egui::Ui, centre: Centre) -> Option<Side> {
        let size = self.frame(ui, centre);
        self.side(size, centre)
    }

    /// The toggle in the top bar: "Game panel", selected while the panel shows; while it is
    /// folded, the number of chat lines come unseen in it ("Game panel (2)", in red).
    pub fn toggle_button(&mut self, ui: &mut egui::Ui, lang: Lang, centre: Centre, unseen: usize) {
        let size = ui.ctx().content_rect().size();
        let shown = self.width(size, centre).is_some();
        let (text, tip) = if shown || unseen == 0 {
            (
                egui::RichText::new(lang.t(&i18n::SHOW_PANEL)),
                "F9".to_string(),
            )
        } else {
            let count = unseen.to_string();
            let n = [("n", count.as_str())];
            (
                egui::RichText::new(i18n::fill(lang.t(&i18n::SHOW_PANEL_UNSEEN), &n))
                    .color(egui::Color32::from_rgb(0xb0, 0x20, 0x10))
                    .strong(),
                i18n::fill(lang.t(&i18n::SHOW_PANEL_UNSEEN_TIP), &n),
            )
        };
        if ui
            .selectable_label(shown, text)
            .on_hover_text(tip)
            .clicked()
        {
            self.toggle(size, centre);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::vec2;

    const TWO: Centre = Centre::Board(0.604);
    const FOUR: Centre = Centre::Board(1.0);

    /// At 640 × 480 the panel would be wider than the board: it folds by itself, and a window
    /// grown again shows it — unless the player folded it by hand.
    #[test]
    fn the_panel_folds_where_it_would_be_wider_than_the_board() {
        let small = vec2(640.0, 480.0);
        let big = vec2(1400.0, 950.0);
        for c in [TWO, FOUR] {
            assert_eq!(panel_room(small, c), None, "{c:?}");
            assert!(panel_room(big, c).is_some(), "{c:?}");
        }
        let mut p = PanelState::default();
        assert_eq!(p.width(small, TWO), None);
        assert!(p.width(big, TWO).is_some());
        // Opened by hand in the small window: the room beside the board, not the board's.
        p.toggle(small, TWO);
        let w = p.width(small, TWO).expect("opened");
        assert!(w + board_width(small, 0.604) <= small.x, "{w}");
        // Folded by hand in the big window: it stays folded through small and big again.
        let mut p = PanelState::default();
        p.toggle(big, TWO);
        assert_eq!(p.width(big, TWO), None);
        assert_eq!(p.width(small, TWO), None);
        assert_eq!(p.width(big, TWO), None);
    }

    /// The panel keeps its base sizes up to the default window, grows with the board's height
    /// past it (bounded), and never grows wider than the room beside the board.
    #[test]
    fn the_panel_grows_with_the_board_past_the_default_window() {
        for c in [TWO, FOUR] {
            assert_eq!(panel_scale(vec2(640.0, 480.0), c), 1.0, "{c:?}");
            assert_eq!(panel_scale(vec2(1120.0, 780.0), c), 1.0, "{c:?}");
            assert_eq!(panel_room(vec2(1120.0, 780.0), c), Some(PANEL_MAX), "{c:?}");
            let big = vec2(1920.0, 1080.0);
            let grown = panel_scale(big, c);
            let board = board_width(big, 0.604) / board_width(vec2(1120.0, 780.0), 0.604);
            assert!(
                grown > 1.3 && grown <= board,
                "{c:?}: {grown} for a board {board}"
            );
            assert_eq!(panel_room(big, c), Some(PANEL_MAX * grown), "{c:?}");
            assert_eq!(panel_scale(vec2(4000.0, 3000.0), c), SCALE_MAX, "{c:?}");
            // Tall but with little room beside the board: the width bounds it.
            let narrow = vec2(1100.0, 1080.0);
            let w = panel_room(narrow, c).unwrap_or(0.0);
            assert!(w <= room_beside(narrow, c), "{c:?}: {w}");
            let room = room_beside(narrow, c).max(PANEL_MAX);
            assert!(panel_scale(narrow, c) * PANEL_MAX <= room + 0.01, "{c:?}");
        }
        let mut p = PanelState::default();
        p.toggle(vec2(640.0, 480.0), TWO);
        let peek = p.side(vec2(640.0, 480.0), TWO).expect("opened");
        assert_eq!(peek.scale, 1.0);
    }

    /// The clash judge's pad is not a board: its panel folds only for want of room.
    #[test]
    fn a_fixed_centre_keeps_its_panel_while_there_is_room() {
        assert!(panel_room(vec2(640.0, 480.0), Centre::Width(300.0)).is_some());
        assert_eq!(panel_room(vec2(500.0, 480.0), Centre::Width(300.0)), None);
    }
}
