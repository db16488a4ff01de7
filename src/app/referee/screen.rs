//! The referee screen's drawing: the menu (house rules and the two ways) and the first screen's
//! resume offers. Drawing changes nothing: it returns `RefereeCmd`s.

use super::{
    Referee, RefereeCmd, RefereeSaves, ResumeCmd, Stage, Way, judge_pad, offered, tracked_board,
    tracked_only,
};
use crate::app::records::info_value;
use crate::app::settings::BoardOptions;
use crate::engine::rules::HouseRule;
use crate::engine::{InfoKey, Seat};
use crate::i18n::{self, Lang, Text, fill};

/// Draw the referee screen. Only the formation editor, a widget with its own state, changes here.
pub fn ui(
    ui: &mut egui::Ui,
    referee: &mut Referee,
    lang: Lang,
    opts: &BoardOptions,
    panel: &mut crate::app::panel::PanelState,
    out: &mut Vec<RefereeCmd>,
) {
    match &mut referee.stage {
        Stage::Menu => {
            egui::CentralPanel::default()
                .show(ui, |ui| menu(ui, lang, &referee.rules, referee.four, out));
        }
        Stage::Judge(j) => judge_pad::ui(ui, j, lang, panel, out),
        Stage::Formations(f) => tracked_board::formations_ui(ui, f, lang, out),
        Stage::Tracked(t) => tracked_board::ui(ui, t, lang, opts, panel, out),
    }
}

/// The first page: house rules (names and explanations from `HouseRule`) and the two ways.
fn menu(
    ui: &mut egui::Ui,
    lang: Lang,
    rules: &crate::engine::Rules,
    four: bool,
    out: &mut Vec<RefereeCmd>,
) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.heading(lang.t(&i18n::REF_HOME));
            if ui.button(lang.t(&i18n::CANCEL)).clicked() {
                out.push(RefereeCmd::Leave);
            }
        });
        ui.label(lang.t(&i18n::REF_INTRO));
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            ui.strong(lang.t(&i18n::PLAYERS));
            for (value, text) in [(false, &i18n::TWO_PLAYERS), (true, &i18n::FOUR_PLAYERS)] {
                if ui.radio(four == value, lang.t(text)).clicked() && four != value {
                    out.push(RefereeCmd::SetFour(value));
                }
            }
        });
        ui.add_space(12.0);
        let big = |t: &str| {
            egui::Button::new(egui::RichText::new(t).size(22.0).strong())
                .min_size(egui::vec2(260.0, 48.0))
        };
        ui.horizontal_top(|ui| {
            for (w, title, explain) in [
                (Way::Judge, &i18n::REF_JUDGE, &i18n::REF_JUDGE_EXPLAIN),
                (Way::Tracked, &i18n::REF_TRACKED, &i18n::REF_TRACKED_EXPLAIN),
            ] {
                ui.allocate_ui(egui::vec2(360.0, 140.0), |ui| {
                    ui.vertical(|ui| {
                        if ui.add(big(lang.t(title))).clicked() {
                            out.push(RefereeCmd::Choose(w));
                        }
                        ui.label(lang.t(explain));
                    });
                });
                ui.add_space(24.0);
            }
        });
        ui.add_space(12.0);
        ui.separator();
        ui.strong(lang.t(&i18n::HOUSE_RULES));
        egui::Grid::new("referee-rules")
            .num_columns(2)
            .spacing([16.0, 6.0])
            .striped(true)
            .show(ui, |ui| {
                for rule in HouseRule::every().filter(|r| offered(*r, four)) {
                    let (name, explain) = lang.rule_texts(rule);
                    let name_resp = ui
                        .horizontal(|ui| {
                            let r = ui.label(egui::RichText::new(name).strong());
                            if tracked_only(rule) {
                                ui.weak(lang.t(&i18n::REF_TRACKED_ONLY));
                            }
                            r
                        })
                        .inner
                        .on_hover_text(explain);
                    ui.horizontal_wrapped(|ui| {
                        rule_control(ui, lang, rule, rules, name_resp.id, out);
                    });
                    ui.end_row();
                }
            });
    });
}

/// The control of one house rule: it edits a copy of the rules, and a change becomes a command.
fn rule_control(
    ui: &mut egui::Ui,
    lang: Lang,
    rule: HouseRule,
    rules: &crate::engine::Rules,
    name_id: egui::Id,
    out: &mut Vec<RefereeCmd>,
) {
    let mut edited = rules.clone();
    if let Some(flag) = edited.switch_mut(rule) {
        ui.checkbox(flag, lang.t(&i18n::ON)).labelled_by(name_id);
    } else {
        // The move clock is left out of the referee's list before this is called.
        crate::app::newgame::value_rule_control(ui, lang, rule, &mut edited, name_id);
    }
    let value = edited.get(rule);
    if value != rules.get(rule) {
        out.push(RefereeCmd::SetRule(rule, value));
    }
}

/// The first screen's offers to resume a tracked game, a tracked game's formation entry or a clash
/// judge's tally.
pub fn home_offers(ui: &mut egui::Ui, saves: &RefereeSaves, lang: Lang) -> Option<ResumeCmd> {
    let mut out = None;
    let mut offer =
        |ui: &mut egui::Ui, title: &Text, detail: String, buttons: [(&Text, ResumeCmd); 2]| {
            ui.add_space(18.0);
            crate::app::board::banner_frame(12).show(ui, |ui| {
                ui.set_max_width(520.0);
                ui.vertical_centered(|ui| {
                    ui.label(egui::RichText::new(lang.t(title)).size(20.0).strong());
                    ui.label(detail);
                    ui.horizontal(|ui| {
                        let w = 2.0 * 200.0 + ui.spacing().item_spacing.x;
                        ui.add_space(((ui.available_width() - w) / 2.0).max(0.0));
                        for (text, cmd) in buttons {
                            let b = egui::Button::new(egui::RichText::new(lang.t(text)).size(16.0))
                                .min_size(egui::vec2(200.0, 36.0));
                            if ui.add(b).clicked() {
                                out = Some(cmd);
                            }
                        }
                    });
                });
            });
        };
    if let Some(game) = &saves.tracked_offer {
        let side = game.position().side_to_move().map_or("", |s| lang.side(s));
        let detail = fill(
            lang.t(&i18n::RESUME_DETAIL),
            &[
                ("mode", lang.t(&i18n::REF_TRACKED)),
                ("n", &game.plies().len().to_string()),
                ("side", side),
                (
                    "date",
                    info_value(game.record(), InfoKey::Started).unwrap_or("?"),
                ),
            ],
        );
        offer(
            ui,
            &i18n::REF_RESUME_TRACKED_TITLE,
            detail,
            [
                (&i18n::REF_RESUME_TRACKED, ResumeCmd::ResumeTracked),
                (&i18n::REF_DISCARD_TRACKED, ResumeCmd::DiscardTracked),
            ],
        );
    }
    if let Some(sealed) = &saves.entry_offer {
        // Whose formations are in, how many, who is next: never what they are.
        let seats: &[Seat] = if sealed.four {
            &Seat::FOUR
        } else {
            &Seat::BOTH
        };
        let n = sealed.entered.len();
        let detail = fill(
            lang.t(&i18n::REF_RESUME_ENTRY_DETAIL),
            &[
                ("n", &n.to_string()),
                ("total", &seats.len().to_string()),
                ("side", seats.get(n).map_or("", |&s| lang.side(s))),
                ("date", &sealed.started),
            ],
        );
        offer(
            ui,
            &i18n::REF_RESUME_ENTRY_TITLE,
            detail,
            [
                (&i18n::REF_RESUME_ENTRY, ResumeCmd::ResumeEntry),
                (&i18n::REF_DISCARD_ENTRY, ResumeCmd::DiscardEntry),
            ],
        );
    }
    if let Some(record) = &saves.judge_offer
        && let Ok(t) = super::JudgeTable::from_record(record.clone())
    {
        let lost = |s: Seat| t.lost_total(s).to_string();
        let detail = if t.judge.is_four() {
            fill(
                lang.t(&i18n::REF_RESUME_JUDGE_DETAIL4),
                &[
                    ("n", &t.judge.clashes().to_string()),
                    ("s", &lost(Seat::South)),
                    ("e", &lost(Seat::East)),
                    ("n2", &lost(Seat::North)),
                    ("w", &lost(Seat::West)),
                    ("date", record.info(InfoKey::Started).unwrap_or("?")),
                ],
            )
        } else {
            fill(
                lang.t(&i18n::REF_RESUME_JUDGE_DETAIL),
                &[
                    ("n", &t.judge.clashes().to_string()),
                    ("r", &lost(Seat::Red)),
                    ("b", &lost(Seat::Blue)),
                    ("date", record.info(InfoKey::Started).unwrap_or("?")),
                ],
            )
        };
        offer(
            ui,
            &i18n::REF_RESUME_JUDGE_TITLE,
            detail,
            [
                (&i18n::REF_RESUME_JUDGE, ResumeCmd::ResumeJudge),
                (&i18n::REF_DISCARD_JUDGE, ResumeCmd::DiscardJudge),
            ],
        );
    }
    out
}
