//! Tags (标记): a player's guesses written on enemy pieces in a hidden game ("40?", "炸?"), drawn
//! beside the piece and chosen from a small menu. Only the writer's own screen shows them. Drawn
//! for the one-screen game (`hidden_flip::overlays`, tags kept in the record through `Game::set_tag`)
//! and for the network screen (`remote::game::RemoteGame`, tags kept on the player's own machine).

use super::board::BoardInput;
use crate::engine::{Board, NodeId};
use crate::i18n::{self, Lang, fill};
use egui::{Color32, vec2};

/// The guesses offered when tagging an enemy piece (UX.md "Hidden games").
pub const TAG_CHOICES: [&str; 13] = [
    "40", "39", "38", "37", "36", "35", "34", "33", "工", "炸", "雷", "旗", "小",
];

/// What the tag menu asked this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuChoice {
    /// Write this guess on the piece.
    Set(String),
    /// Erase the tag on the piece.
    Clear,
    /// Close the menu (a click elsewhere).
    Close,
}

/// Draw `tags` (node, text) over the board drawn in `input`, each a small yellow note at the top
/// right of its piece, with a label ("b3 tag 40") for screen readers and tests.
pub fn draw_tags<'a>(
    ui: &mut egui::Ui,
    input: &BoardInput,
    board: &Board,
    tags: impl IntoIterator<Item = (NodeId, &'a str)>,
    lang: Lang,
) {
    let painter = ui.painter().clone();
    for (n, text) in tags {
        let Some(&c) = input.centres.get(n as usize) else {
            continue;
        };
        let font = egui::FontId::proportional((input.tile.y * 0.42).max(9.0));
        let galley = painter.layout_no_wrap(format!("{text}?"), font, Color32::BLACK);
        let size = galley.size() + vec2(6.0, 2.0);
        let r = egui::Rect::from_min_size(
            c + vec2(
                input.tile.x * 0.5 - size.x * 0.8,
                -input.tile.y * 0.5 - size.y * 0.45,
            ),
            size,
        );
        painter.rect(
            r,
            3,
            Color32::from_rgb(0xff, 0xe0, 0x40),
            egui::Stroke::new(1.0, Color32::from_black_alpha(180)),
            egui::StrokeKind::Inside,
        );
        painter.galley(r.min + vec2(3.0, 1.0), galley, Color32::BLACK);
        let label = fill(
            lang.t(&i18n::TAG_LABEL),
            &[("sq", board.name(n)), ("tag", text)],
        );
        ui.interact(
            r,
            ui.make_persistent_id(("junqi-tag", n)),
            egui::Sense::hover(),
        )
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
    }
}

/// The tag menu beside the piece on `n` (wherever the board is drawn this frame): the guesses,
/// "Clear", and a click elsewhere closes it.
pub fn tag_menu(
    ui: &mut egui::Ui,
    input: &BoardInput,
    board: &Board,
    n: NodeId,
    lang: Lang,
) -> Option<MenuChoice> {
    let c = *input.centres.get(n as usize)?;
    let pos = c + vec2(input.tile.x * 0.5, 0.0);
    let mut choice = None;
    let area = egui::Area::new(egui::Id::unique("junqi-tag-menu"))
        .order(egui::Order::Foreground)
        .fixed_pos(pos)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(200.0);
                ui.strong(format!(
                    "{} {}",
                    board.name(n),
                    lang.t(&i18n::TAG_MENU_TITLE)
                ));
                ui.horizontal_wrapped(|ui| {
                    for t in TAG_CHOICES {
                        if ui.button(t).clicked() {
                            choice = Some(MenuChoice::Set(t.to_string()));
                        }
                    }
                });
                if ui.button(lang.t(&i18n::TAG_CLEAR)).clicked() {
                    choice = Some(MenuChoice::Clear);
                }
            });
        });
    if choice.is_none() && area.response.clicked_elsewhere() {
        choice = Some(MenuChoice::Close);
    }
    choice
}
