//! The first screen: the game in progress (if one is parked), the entries (a new game, a quick
//! start, the lessons, the formation editor, the referee, network games) and the recent games.

use super::remote::link::KeptGame;
use super::{Command, Session, board, play, saves};
use crate::i18n::{self, Lang};

/// Draw the first screen; what it asks for goes to `out`.
pub fn ui(
    ui: &mut egui::Ui,
    parked: Option<&Session>,
    kept: &[KeptGame],
    saves: &saves::Saves,
    lang: Lang,
    out: &mut Vec<Command>,
) {
    egui::CentralPanel::default().show(ui, |ui| {
        // Scrolls on small windows, so the recent games stay reachable; little room above the
        // title, so that several recent games show below the entries at the default size.
        let top = (ui.available_height() * 0.1).min(100.0);
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(top);
                ui.heading(
                    egui::RichText::new(i18n::APP_TITLE.zh)
                        .size(56.0)
                        .color(board::RED),
                );
                ui.label(egui::RichText::new(lang.t(&i18n::APP_SUBTITLE)).size(18.0));
                ui.add_space(20.0);
                if let Some(play) = parked.filter(|p| !p.game().status().is_over()) {
                    play::live_game(ui, play, lang, out);
                    ui.add_space(18.0);
                }
                for g in kept {
                    let text = i18n::fill(lang.t(&i18n::net::REJOIN_KEPT), &[("room", &g.room)]);
                    let b = egui::Button::new(egui::RichText::new(text).size(20.0).strong())
                        .min_size(egui::vec2(280.0, 44.0));
                    let tip = lang.t(&i18n::net::REJOIN_KEPT_TIP);
                    if ui.add(b).on_hover_text(tip).clicked() {
                        out.push(Command::RejoinNet(g.invite.clone()));
                    }
                    ui.add_space(10.0);
                }
                let big = |t: &str| {
                    egui::Button::new(egui::RichText::new(t).size(22.0))
                        .min_size(egui::vec2(280.0, 48.0))
                };
                if ui.add(big(lang.t(&i18n::NEW_GAME))).clicked() {
                    out.push(Command::OpenNewGame);
                }
                ui.add_space(10.0);
                if ui.add(big(lang.t(&i18n::QUICK_START))).clicked() {
                    out.push(Command::QuickStart);
                }
                ui.add_space(10.0);
                if ui.add(big(lang.t(&i18n::learn::LEARN))).clicked() {
                    out.push(Command::OpenLearn);
                }
                ui.add_space(10.0);
                if ui.add(big(lang.t(&i18n::FORMATION_EDITOR))).clicked() {
                    out.push(Command::OpenEditor);
                }
                ui.add_space(10.0);
                if ui.add(big(lang.t(&i18n::REF_HOME))).clicked() {
                    out.push(Command::OpenReferee);
                }
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    // The two network buttons side by side, centred.
                    let w = 200.0;
                    let gap = ui.spacing().item_spacing.x;
                    ui.add_space(((ui.available_width() - 2.0 * w - gap) / 2.0).max(0.0));
                    let small = |t: &str| {
                        egui::Button::new(egui::RichText::new(t).size(16.0))
                            .min_size(egui::vec2(w, 40.0))
                    };
                    if ui.add(small(lang.t(&i18n::net::JOIN))).clicked() {
                        out.push(Command::OpenJoin);
                    }
                    if ui.add(small(lang.t(&i18n::net::HOST))).clicked() {
                        out.push(Command::OpenHost);
                    }
                });
                saves::home_ui(ui, saves, lang, out);
            });
        });
    });
}
