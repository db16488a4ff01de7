//! The widgets the referee's two ways share: every player's consent, the big banner and the
//! announcement of a clash or a refusal.

use super::Consent;
use crate::engine::Seat;
use crate::i18n::{self, Lang, fill};

/// Every player's consent on the shared screen: the question, one box per player (`seats`, with
/// who agreed by seat index), then confirm (enabled once all agreed) or cancel.
pub(super) fn consent_ui(
    ui: &mut egui::Ui,
    lang: Lang,
    question: &str,
    (seats, agreed): (&[Seat], &[bool]),
    confirm: &str,
) -> Option<Consent> {
    let mut out = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(egui::RichText::new(question).strong());
        ui.horizontal_wrapped(|ui| {
            for &side in seats {
                let t = fill(lang.t(&i18n::REF_AGREES), &[("side", lang.side(side))]);
                let mut yes = agreed[side.index()];
                if ui.checkbox(&mut yes, t).changed() {
                    out = Some(Consent::Agree(side, yes));
                }
            }
        });
        ui.horizontal(|ui| {
            let both = seats.iter().all(|s| agreed[s.index()]);
            if ui.add_enabled(both, egui::Button::new(confirm)).clicked() {
                out = Some(Consent::Confirm);
            }
            if ui.button(lang.t(&i18n::CANCEL)).clicked() {
                out = Some(Consent::Cancel);
            }
        });
    });
    out
}

pub(super) fn banner(ui: &mut egui::Ui, text: &str) {
    crate::app::board::banner_frame(8).show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(egui::RichText::new(text).size(24.0).strong());
        });
    });
}

pub(super) fn announcement(ui: &mut egui::Ui, text: &str, refused: bool) {
    let (fill_c, stroke_c) = if refused {
        (
            egui::Color32::from_rgb(0xfd, 0xe4, 0xe0),
            egui::Color32::from_rgb(0xb0, 0x20, 0x10),
        )
    } else {
        (
            egui::Color32::from_rgb(0xe6, 0xf0, 0xfa),
            egui::Color32::from_rgb(0x1f, 0x4e, 0xa0),
        )
    };
    egui::Frame::new()
        .fill(fill_c)
        .stroke(egui::Stroke::new(1.5, stroke_c))
        .corner_radius(6)
        .inner_margin(10)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(egui::RichText::new(text).size(20.0));
        });
}
