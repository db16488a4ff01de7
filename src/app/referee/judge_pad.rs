//! The clash judge's screen: the losses and the log beside, the pad of the twelve pieces (or the
//! hand-over between the two players) in the middle. Drawing changes nothing: it returns commands.

use super::widgets::{announcement, banner, consent_ui};
use super::words::{losses_line, pad_label, rules_summary};
use super::{JudgeCmd, JudgeTable, Notice, RefereeCmd};
use crate::app::board;
use crate::app::panel::{Centre, PanelState};
use crate::app::words::status_text;
use crate::engine::{Rank, Seat};
use crate::i18n::{self, Lang, fill};

/// The width the pad and the buttons in the middle take first; the side panel gets the rest.
pub(super) const CENTRE: Centre = Centre::Width(400.0);

pub(super) fn ui(
    ui: &mut egui::Ui,
    t: &JudgeTable,
    lang: Lang,
    panel: &mut PanelState,
    out: &mut Vec<RefereeCmd>,
) {
    let result = t.judge.result();
    let over = result.is_some();
    let side = panel.right_panel(ui, CENTRE);
    if let Some(side) = side {
        side.show(ui, "judge-panel", |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(4.0);
                ui.label(
                    egui::RichText::new(losses_line(t.judge.is_four(), |s| t.lost_total(s), lang))
                        .size(crate::app::panel::sized(ui, 16.0)),
                );
                for &seat in t.seats() {
                    if t.judge.is_out(seat) {
                        ui.colored_label(
                            board::side_colour(seat),
                            format!("{} {}", lang.side(seat), lang.t(&i18n::OUT_TAG)),
                        );
                    }
                }
                if let Some(c) = by_rank_ui(ui, t, lang, over) {
                    out.push(RefereeCmd::Judge(c));
                }
                if t.by_rank || over {
                    losses_by_rank(ui, t, lang);
                }
                ui.separator();
                ui.horizontal_wrapped(|ui| {
                    for &side in t.seats() {
                        let text = fill(lang.t(&i18n::REF_RESIGNS), &[("side", lang.side(side))]);
                        let can = !over && !t.judge.is_out(side);
                        if ui.add_enabled(can, egui::Button::new(text)).clicked() {
                            out.push(RefereeCmd::Judge(JudgeCmd::Resign(side)));
                        }
                    }
                    if ui
                        .add_enabled(!over, egui::Button::new(lang.t(&i18n::REF_AGREED_DRAW)))
                        .clicked()
                    {
                        out.push(RefereeCmd::Judge(JudgeCmd::AgreedDraw));
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    if ui.button(lang.t(&i18n::REF_RESTART)).clicked() {
                        out.push(RefereeCmd::Judge(JudgeCmd::Restart));
                    }
                    if ui.button(lang.t(&i18n::REF_MENU)).clicked() {
                        out.push(RefereeCmd::Menu);
                    }
                });
                ui.separator();
                ui.strong(lang.t(&i18n::REF_LOG));
                for line in &t.log {
                    ui.label(line.get(lang));
                }
            });
        });
    }

    egui::CentralPanel::default().show(ui, |ui| {
        // One above the other: the rules line wraps in a narrow middle.
        ui.heading(lang.t(&i18n::REF_JUDGE));
        ui.weak(fill(
            lang.t(&i18n::REF_RULES_LINE),
            &[("rules", &rules_summary(t.judge.rules(), lang))],
        ));
        ui.separator();
        if let Some(status) = result
            && let Some(text) = status_text(status, lang)
        {
            banner(ui, &text);
        }
        match &t.notice {
            Some(Notice::Verdict(s)) => announcement(ui, s.get(lang), false),
            Some(Notice::Refused(s)) => announcement(ui, s.get(lang), true),
            None => {}
        }
        ui.add_space(8.0);
        if !over && let Some(c) = entry_ui(ui, t, lang) {
            out.push(RefereeCmd::Judge(c));
        }
    });
}

/// The losses by rank: shown once both players agreed, hidden by either.
fn by_rank_ui(ui: &mut egui::Ui, t: &JudgeTable, lang: Lang, over: bool) -> Option<JudgeCmd> {
    if over {
        return None;
    }
    if t.by_rank {
        return ui
            .button(lang.t(&i18n::REF_HIDE_BY_RANK))
            .clicked()
            .then_some(JudgeCmd::HideByRank);
    }
    match t.by_rank_consent {
        None => ui
            .button(lang.t(&i18n::REF_BY_RANK))
            .on_hover_text(lang.t(&i18n::REF_BY_RANK_WARN))
            .clicked()
            .then_some(JudgeCmd::AskByRank),
        Some(agreed) => consent_ui(
            ui,
            lang,
            lang.t(&i18n::REF_BY_RANK_ASK),
            (t.seats(), &agreed),
            lang.t(&i18n::REF_SHOW),
        )
        .map(JudgeCmd::ByRank),
    }
}

fn losses_by_rank(ui: &mut egui::Ui, t: &JudgeTable, lang: Lang) {
    egui::Grid::new("losses-by-rank")
        .num_columns(t.seats().len() + 1)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            for &side in t.seats() {
                ui.colored_label(board::side_colour(side), lang.side(side));
            }
            ui.end_row();
            for r in Rank::ALL {
                ui.label(lang.rank(r));
                for &side in t.seats() {
                    ui.label(format!("{}/{}", t.judge.lost(side, r), r.count()));
                }
                ui.end_row();
            }
        });
}

/// Who attacks, the pad, or the hand-over between the two players.
fn entry_ui(ui: &mut egui::Ui, t: &JudgeTable, lang: Lang) -> Option<JudgeCmd> {
    let mut cmd = None;
    let Some(p) = t.pending else {
        ui.label(egui::RichText::new(lang.t(&i18n::REF_WHO_ATTACKS)).size(20.0));
        ui.horizontal_wrapped(|ui| {
            for side in t.seats().iter().copied().filter(|s| !t.judge.is_out(*s)) {
                let text = fill(lang.t(&i18n::REF_ATTACKS), &[("side", lang.side(side))]);
                if ui.add(seat_button(&text, side, 200.0)).clicked() {
                    cmd = Some(JudgeCmd::Attacks(side));
                }
            }
        });
        return cmd;
    };
    let Some(defender) = p.defender else {
        // Four players: the seat attacked, among the attacker's opponents still in.
        ui.label(
            egui::RichText::new(fill(
                lang.t(&i18n::REF_WHO_DEFENDS),
                &[("side", lang.side(p.attacker))],
            ))
            .size(20.0),
        );
        ui.horizontal_wrapped(|ui| {
            for side in t.judge.opponents(p.attacker) {
                if ui.add(seat_button(lang.side(side), side, 120.0)).clicked() {
                    cmd = Some(JudgeCmd::Defends(side));
                }
            }
        });
        ui.add_space(10.0);
        if ui.button(lang.t(&i18n::REF_CANCEL_CLASH)).clicked() {
            cmd = Some(JudgeCmd::CancelClash);
        }
        return cmd;
    };
    let who = p.who;
    let other = if who == p.attacker {
        defender
    } else {
        p.attacker
    };
    // Four players: everyone but the player at the screen looks away.
    let four = t.judge.is_four();
    let (enter, hand_over) = if four {
        (&i18n::REF_ENTER4, &i18n::REF_HAND_OVER4)
    } else {
        (&i18n::REF_ENTER, &i18n::REF_HAND_OVER)
    };
    if p.pad_open {
        ui.label(
            egui::RichText::new(fill(
                lang.t(enter),
                &[("side", lang.side(who)), ("other", lang.side(other))],
            ))
            .size(20.0)
            .strong()
            .color(board::side_colour(who)),
        );
        ui.add_space(6.0);
        let (chosen, pad_rect) = pad(ui, lang);
        if let Some(rank) = chosen {
            cmd = Some(JudgeCmd::Enter(rank));
            // Take the pointer off the chosen button, so nobody reads the choice from it.
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::CursorPosition(pad_rect.center()));
        }
    } else {
        // The neutral "received" state: nothing of the choice stays on screen.
        ui.label(
            egui::RichText::new(fill(
                lang.t(&i18n::REF_RECEIVED),
                &[("side", lang.side(other))],
            ))
            .size(18.0),
        );
        ui.label(
            egui::RichText::new(fill(
                lang.t(hand_over),
                &[("side", lang.side(who)), ("other", lang.side(other))],
            ))
            .size(20.0)
            .strong()
            .color(board::side_colour(who)),
        );
        ui.add_space(6.0);
        let size = pad_size(ui);
        ui.allocate_ui(size, |ui| {
            ui.centered_and_justified(|ui| {
                let text = fill(lang.t(&i18n::REF_READY), &[("side", lang.side(who))]);
                let b = egui::Button::new(egui::RichText::new(text).size(22.0).strong())
                    .min_size(egui::vec2(size.x.min(320.0), 56.0));
                if ui.add(b).clicked() {
                    cmd = Some(JudgeCmd::Ready);
                }
            });
        });
    }
    ui.add_space(10.0);
    if ui.button(lang.t(&i18n::REF_CANCEL_CLASH)).clicked() {
        cmd = Some(JudgeCmd::CancelClash);
    }
    cmd
}

/// A big button in a seat's colour (who attacks, who is attacked).
fn seat_button(text: &str, side: Seat, width: f32) -> egui::Button<'static> {
    egui::Button::new(
        egui::RichText::new(text)
            .size(22.0)
            .strong()
            .color(egui::Color32::WHITE),
    )
    .fill(board::side_colour(side))
    .min_size(egui::vec2(width, 56.0))
}

fn pad_size(ui: &egui::Ui) -> egui::Vec2 {
    let w = ui.available_width().clamp(280.0, 720.0);
    egui::vec2(w, (w / 4.0 * 0.55).clamp(44.0, 90.0) * 3.0 + 16.0)
}

/// The pad of the twelve pieces: the same for both players, every button alike and enabled,
/// no highlight on hover or press. The piece chosen, and where the pad is.
fn pad(ui: &mut egui::Ui, lang: Lang) -> (Option<Rank>, egui::Rect) {
    let size = pad_size(ui);
    let cell = egui::vec2((size.x - 3.0 * 8.0) / 4.0, (size.y - 16.0) / 3.0);
    let mut chosen = None;
    let resp = ui.allocate_ui(size, |ui| {
        let v = ui.visuals_mut();
        v.widgets.hovered = v.widgets.inactive;
        v.widgets.active = v.widgets.inactive;
        ui.spacing_mut().item_spacing = egui::vec2(8.0, 8.0);
        egui::Grid::new("referee-pad")
            .spacing([8.0, 8.0])
            .show(ui, |ui| {
                for (i, r) in Rank::ALL.iter().enumerate() {
                    let b = egui::Button::new(egui::RichText::new(pad_label(lang, *r)).size(20.0))
                        .min_size(cell);
                    if ui.add_sized(cell, b).clicked() {
                        chosen = Some(*r);
                    }
                    if i % 4 == 3 {
                        ui.end_row();
                    }
                }
            });
    });
    (chosen, resp.response.rect)
}
