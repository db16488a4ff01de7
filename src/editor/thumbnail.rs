//! A formation drawn small: its six lines and five columns as the owner sees them from behind
//! (line 1, the front, at the top), each piece a tile in the seat's colour with its rank in one
//! character (Chinese) or its short English name, the camps as rings, the HQs arched. Wherever a
//! formation is chosen — the new-game dialog's picker, the editor's library, the referee's
//! formation entry — the chosen one shows as a thumbnail. Shown only where its owner looks: the
//! callers decide (a private formation only behind its owner's curtain).
//!
//! Screen readers read every piece on it as a board cell reads ("Red formation: c6 Red Colonel,
//! …"), so the window tests' leak checker sees what it shows.

use crate::engine::formation::{is_camp_square, is_hq_square, square_name};
use crate::engine::{Formation, Rank, Seat};
use crate::i18n::{self, Lang, fill};
use egui::{Color32, CornerRadius, FontId, Rect, Sense, Stroke, StrokeKind, Vec2, pos2, vec2};

/// The colour of the library's thumbnails (a formation file belongs to no seat: drawn as Red's,
/// the editor's own side).
pub const LIBRARY_COLOUR: Color32 = Color32::from_rgb(0xc0, 0x2a, 0x22);

/// A cell of the thumbnail, in points.
const CELL: Vec2 = vec2(30.0, 19.0);

/// The rank on a thumbnail's tile: one character in Chinese (司 军 师 旅 团 营 连 排 工 炸 雷 旗),
/// the usual short name in English.
pub fn glyph(rank: Rank, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => match rank {
            Rank::Marshal => "司",
            Rank::General => "军",
            Rank::MajorGeneral => "师",
            Rank::Brigadier => "旅",
            Rank::Colonel => "团",
            Rank::Major => "营",
            Rank::Captain => "连",
            Rank::Lieutenant => "排",
            Rank::Engineer => "工",
            Rank::Bomb => "炸",
            Rank::Mine => "雷",
            Rank::Flag => "旗",
        },
        Lang::En => match rank {
            Rank::Marshal => "FM",
            Rank::General => "Gen",
            Rank::MajorGeneral => "MG",
            Rank::Brigadier => "Bri",
            Rank::Colonel => "Col",
            Rank::Major => "Maj",
            Rank::Captain => "Cpt",
            Rank::Lieutenant => "Lt",
            Rank::Engineer => "Eng",
            Rank::Bomb => "B",
            Rank::Mine => "M",
            Rank::Flag => "F",
        },
    }
}

/// What a screen reader reads for the thumbnail of `side`'s formation `f`.
pub fn label(f: &Formation, side: Seat, lang: Lang) -> String {
    let mut pieces = Vec::new();
    for line in 1..=6u8 {
        for col in 1..=5u8 {
            if let Some(r) = f.at(line, col) {
                pieces.push(format!(
                    "{} {} {}",
                    square_name(side, line, col),
                    lang.side(side),
                    lang.rank(r)
                ));
            }
        }
    }
    fill(
        lang.t(&i18n::THUMBNAIL),
        &[
            ("side", lang.side(side)),
            (
                "pieces",
                &pieces.join(if lang == Lang::Zh { "，" } else { ", " }),
            ),
        ],
    )
}

/// Draw the thumbnail of `side`'s formation `f` in `colour` (the seat's colour on the board).
pub fn show(
    ui: &mut egui::Ui,
    f: &Formation,
    side: Seat,
    colour: Color32,
    lang: Lang,
) -> egui::Response {
    show_scaled(ui, f, side, colour, lang, 1.0)
}

/// The same, `scale` times the usual size (the library's cards are smaller).
pub fn show_scaled(
    ui: &mut egui::Ui,
    f: &Formation,
    side: Seat,
    colour: Color32,
    lang: Lang,
    scale: f32,
) -> egui::Response {
    let cell = CELL * scale;
    let pad = 4.0 * scale;
    let size = vec2(cell.x * 5.0, cell.y * 6.0) + Vec2::splat(pad * 2.0);
    let (rect, resp) = ui.allocate_exact_size(size, Sense::hover());
    let text = label(f, side, lang);
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &text));
    let painter = ui.painter_at(rect);
    painter.rect_filled(
        rect,
        CornerRadius::same(4),
        Color32::from_rgb(0xee, 0xdc, 0xb0),
    );
    let ink = Color32::from_rgb(0x4a, 0x3a, 0x28);
    let font = FontId::proportional(if lang == Lang::Zh { 12.0 } else { 10.5 } * scale.sqrt());
    for line in 1..=6u8 {
        for col in 1..=5u8 {
            let c = pos2(
                rect.left() + pad + cell.x * (col as f32 - 0.5),
                rect.top() + pad + cell.y * (line as f32 - 0.5),
            );
            let tile = Rect::from_center_size(c, cell - Vec2::splat(3.0 * scale));
            if is_camp_square(line, col) {
                painter.circle_stroke(c, cell.y * 0.38, Stroke::new(1.0, ink));
                continue;
            }
            let round = if is_hq_square(line, col) {
                CornerRadius {
                    nw: 2,
                    ne: 2,
                    sw: 8,
                    se: 8,
                }
            } else {
                CornerRadius::same(2)
            };
            match f.at(line, col) {
                Some(r) => {
                    painter.rect(
                        tile,
                        round,
                        colour,
                        Stroke::new(1.0, Color32::from_black_alpha(120)),
                        StrokeKind::Inside,
                    );
                    painter.text(
                        c,
                        egui::Align2::CENTER_CENTER,
                        glyph(r, lang),
                        font.clone(),
                        Color32::WHITE,
                    );
                }
                None => {
                    painter.rect_stroke(tile, round, Stroke::new(1.0, ink), StrokeKind::Inside);
                }
            }
        }
    }
    resp.on_hover_text(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_has_its_own_glyph_and_the_label_names_each_piece() {
        for lang in [Lang::Zh, Lang::En] {
            let mut seen: Vec<&str> = Rank::ALL.iter().map(|&r| glyph(r, lang)).collect();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), Rank::ALL.len(), "{lang:?}");
        }
        let rules = crate::engine::Rules::default();
        let f = Formation::random(&mut crate::engine::rng::SplitMix64::new(4), &rules);
        let text = label(&f, Seat::Blue, Lang::En);
        assert!(text.starts_with("Blue formation: "), "{text}");
        assert_eq!(text.matches(" Blue ").count(), 25, "{text}");
    }
}
