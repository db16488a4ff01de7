//! The tracked game's screens: entering the formations behind the hand-over curtain, then the
//! board that shows only backs, the status line, the buttons, the move list and the event log
//! (the play screen's shared parts, `play_parts`). Drawing changes nothing
//! but the formation editor's own state: it returns commands.

use super::tracked::note_lines;
use super::widgets::{announcement, banner, consent_ui};
use super::words::losses_line;
use super::{
    FormationCmd, FormationEntry, RefereeCmd, Tracked, TrackedCmd, Way, public_reason, public_view,
};
use crate::app::board::{self, BoardWidget};
use crate::app::play_parts::{self, Line, Shown, TurnFacts};
use crate::app::session::Looker;
use crate::app::settings::BoardOptions;
use crate::app::words::{ClashWords, events_noted, status_text};
use crate::engine::position::OutReason;
use crate::engine::{Seat, Status, Viewer};
use crate::i18n::{self, Lang, fill};

/// Each player's formation, privately: the curtain, then the editor or a saved formation.
pub(super) fn formations_ui(
    ui: &mut egui::Ui,
    f: &mut FormationEntry,
    lang: Lang,
    out: &mut Vec<RefereeCmd>,
) {
    let side = f.side;
    // Four players: everyone but the player entering looks away.
    let curtain_line = if f.is_four() {
        fill(
            lang.t(&i18n::REF_FORMATION_CURTAIN4),
            &[("side", lang.side(side))],
        )
    } else {
        fill(
            lang.t(&i18n::REF_FORMATION_CURTAIN),
            &[
                ("side", lang.side(side)),
                ("other", side.opponent().map_or("", |o| lang.side(o))),
            ],
        )
    };
    if let Some(es) = &mut f.editor {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.label(
                egui::RichText::new(curtain_line)
                    .strong()
                    .color(board::side_colour(side)),
            );
            for cmd in es.ui(ui, lang) {
                out.push(RefereeCmd::Formation(FormationCmd::Edit(cmd)));
            }
        });
        return;
    }
    let f = &*f;
    egui::CentralPanel::default().show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.heading(lang.t(&i18n::REF_TRACKED));
            if ui.button(lang.t(&i18n::REF_MENU)).clicked() {
                out.push(RefereeCmd::Menu);
            }
        });
        ui.separator();
        for &seat in f.seats_in() {
            ui.label(fill(
                lang.t(&i18n::REF_FORMATION_IN),
                &[("side", lang.side(seat))],
            ));
        }
        if let Some(e) = &f.error {
            announcement(ui, e.get(lang), true);
        }
        ui.add_space(ui.available_height() * 0.12);
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(curtain_line)
                    .size(26.0)
                    .strong()
                    .color(board::side_colour(side)),
            );
            ui.add_space(20.0);
            if f.curtain {
                let t = fill(lang.t(&i18n::REF_CONTINUE_AS), &[("side", lang.side(side))]);
                let b = egui::Button::new(egui::RichText::new(t).size(22.0).strong())
                    .min_size(egui::vec2(300.0, 56.0));
                if ui.add(b).clicked() {
                    out.push(RefereeCmd::Formation(FormationCmd::Continue));
                }
                return;
            }
            let b =
                egui::Button::new(egui::RichText::new(lang.t(&i18n::REF_USE_EDITOR)).size(20.0))
                    .min_size(egui::vec2(300.0, 48.0));
            if ui.add(b).clicked() {
                out.push(RefereeCmd::Formation(FormationCmd::OpenEditor(lang)));
            }
            ui.add_space(16.0);
            ui.horizontal(|ui| {
                ui.add_space((ui.available_width() - 560.0).max(0.0) / 2.0);
                let shown = f
                    .picked
                    .and_then(|i| f.library.get(i))
                    .map_or(lang.t(&i18n::REF_CHOOSE).to_string(), |(_, f)| {
                        f.name_in(lang == Lang::Zh).to_string()
                    });
                egui::ComboBox::new("referee-saved", lang.t(&i18n::REF_USE_SAVED))
                    .selected_text(shown)
                    .width(220.0)
                    .show_ui(ui, |ui| {
                        for (i, (_, formation)) in f.library.iter().enumerate() {
                            let name = formation.name_in(lang == Lang::Zh);
                            if ui.selectable_label(f.picked == Some(i), name).clicked() {
                                out.push(RefereeCmd::Formation(FormationCmd::Pick(i)));
                            }
                        }
                    });
                if ui
                    .add_enabled(
                        f.picked.is_some(),
                        egui::Button::new(lang.t(&i18n::REF_USE_THIS)),
                    )
                    .clicked()
                {
                    out.push(RefereeCmd::Formation(FormationCmd::UseSaved));
                }
            });
            // The saved formation chosen, drawn small: the curtain is down, its owner looks.
            if let Some((_, chosen)) = f.picked.and_then(|i| f.library.get(i)) {
                ui.add_space(8.0);
                crate::editor::thumbnail::show(ui, chosen, side, board::side_colour(side), lang);
            }
        });
    });
}

/// The tracked game: status line, side panel (turn, limits, losses, buttons, the move list and
/// the event log) and the board. The status line, the turn facts, the out banners and the two
/// lists are the play screen's own (`play_parts`), drawn from `TrackedShown`.
pub(super) fn ui(
    ui: &mut egui::Ui,
    t: &Tracked,
    lang: Lang,
    opts: &BoardOptions,
    panel: &mut crate::app::panel::PanelState,
    out: &mut Vec<RefereeCmd>,
) {
    let shown = TrackedShown { t };
    egui::Panel::bottom("tracked-status").show(ui, |ui| status_line(ui, &shown, lang));
    let side = panel.right_panel(ui, crate::app::panel::Centre::board(t.game().board()));
    if let Some(side) = side {
        side.show(ui, "tracked-panel", |ui| {
            let guess = if t.seats().len() == 4 { 320.0 } else { 280.0 };
            let list_h = play_parts::list_height(ui, PANEL_REST, guess);
            egui::ScrollArea::vertical()
                .id_salt("tracked-panel-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| side_panel(ui, &shown, lang, list_h, out));
        });
    }
    let announcements = t.announcements(lang);
    egui::CentralPanel::default().show(ui, |ui| board_area(ui, t, lang, opts, &announcements, out));
}

/// Where the side panel keeps the height of what is not its move list or event log.
const PANEL_REST: &str = "tracked-panel-rest";

/// The referee words a clash by what leaves the board only (a dug mine as any defender
/// removed): the other players at a physical board see no more.
const CLASHES: ClashWords = ClashWords::OutcomeOnly;

/// What the tracked game shows to the play screen's shared parts (`play_parts`): the board as
/// every player may know it (`public_view`; everything once the game is over).
struct TrackedShown<'a> {
    t: &'a Tracked,
}

impl TrackedShown<'_> {
    /// Who looks: nobody in particular while the game is on (only what every player knows), the
    /// end reveal's sight once it is over.
    fn looker(&self) -> Looker {
        let game = self.t.game();
        match game.free_sight(Viewer::Referee, None) {
            Some(sight) if game.status().is_over() => Looker::All(sight),
            _ => Looker::Nobody,
        }
    }
}

impl Shown for TrackedShown<'_> {
    fn board(&self) -> &'static crate::engine::Board {
        self.t.game().board()
    }

    /// The last refusal (in red), else what to do next.
    fn status_words(&self, lang: Lang) -> (String, bool) {
        let t = self.t;
        match &t.message {
            Some(e) => (public_reason(lang, e), true),
            None if t.game().status().is_over() => (lang.t(&i18n::GAME_OVER).to_string(), false),
            None if t.selected.is_some() => (lang.t(&i18n::REF_TRACK_DEST).to_string(), false),
            None => (
                fill(
                    lang.t(&i18n::REF_TRACK_SELECT),
                    &[("side", lang.side(t.mover()))],
                ),
                false,
            ),
        }
    }

    fn turn_facts(&self, lang: Lang) -> Option<TurnFacts> {
        let game = self.t.game();
        if game.status().is_over() {
            return None;
        }
        let mover = self.t.mover();
        let (quiet, turns) = play_parts::limits_left(game);
        Some(TurnFacts {
            mover: lang.side(mover).to_string(),
            colour: board::side_colour(mover),
            turn: game.position().ply() as usize + 1,
            quiet_left: Some(quiet),
            turns_left: Some(turns),
            // A physical board has no move clock.
            clock: None,
            timeouts: Vec::new(),
        })
    }

    fn status(&self) -> Option<Status> {
        Some(self.t.game().status())
    }

    fn out(&self) -> Vec<(Seat, OutReason)> {
        self.t.game().position().out().iter().collect()
    }

    fn move_lines(&self, lang: Lang) -> Vec<Line> {
        play_parts::record_move_lines(self.t.game(), lang, self.looker(), CLASHES)
    }

    /// The events as the one-screen game words them for nobody in particular (clashes by their
    /// outcome), with the referee's notes (a turn taken back, the end undone) where they came.
    fn event_lines(&self, lang: Lang) -> Vec<Line> {
        let game = self.t.game();
        let notes = note_lines(game, lang);
        (events_noted(game, lang, self.looker(), CLASHES, &notes).into_iter())
            .map(|(seat, text)| Line { seat, text })
            .collect()
    }

    /// A resignation is entered at once with its seat's button: no question.
    fn resigning(&self) -> Option<Seat> {
        None
    }
}

/// The status line: the last refusal (in red), or what to do next. (The last clash is announced
/// over the board, in the referee's words.)
fn status_line(ui: &mut egui::Ui, shown: &TrackedShown, lang: Lang) {
    play_parts::status_line(ui, shown, lang, None, |_| {});
}

/// The side panel: whose turn and the limits (or how the game ended), the players who are out,
/// the losses, the buttons, the undo's consent, the move list and the event log (each `list_h`
/// high at most). Notes in egui's memory how high the rest was.
fn side_panel(
    ui: &mut egui::Ui,
    shown: &TrackedShown,
    lang: Lang,
    list_h: f32,
    out: &mut Vec<RefereeCmd>,
) {
    let t = shown.t;
    let over = t.game().status().is_over();
    let top = ui.cursor().top();
    ui.add_space(4.0);
    play_parts::turn_facts(ui, shown, lang);
    play_parts::out_banners(ui, shown, lang);
    ui.label(losses_line(t.seats().len() == 4, |s| t.lost_total(s), lang));
    ui.separator();
    ui.horizontal_wrapped(|ui| game_buttons(ui, t, lang, out));
    if let Some(agreed) = t.undo_consent {
        let ask = if over {
            &i18n::REF_UNDO_AFTER_END_ASK
        } else {
            &i18n::REF_UNDO_ASK
        };
        if let Some(c) = consent_ui(
            ui,
            lang,
            lang.t(ask),
            (t.seats(), &agreed),
            lang.t(&i18n::REF_UNDO_NOW),
        ) {
            out.push(RefereeCmd::Tracked(TrackedCmd::Undo(c)));
        }
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button(lang.t(&i18n::REF_RESTART)).clicked() {
            out.push(RefereeCmd::Choose(Way::Tracked));
        }
        if ui.button(lang.t(&i18n::REF_MENU)).clicked() {
            out.push(RefereeCmd::Menu);
        }
    });
    let lists = play_parts::move_and_event_lists(ui, shown, lang, list_h);
    play_parts::note_rest(ui, PANEL_REST, top, lists);
}

/// Undo (asks both players), save as, each seat's resignation and an agreed draw.
fn game_buttons(ui: &mut egui::Ui, t: &Tracked, lang: Lang, out: &mut Vec<RefereeCmd>) {
    let over = t.game().status().is_over();
    // Undo needs both players' consent: after the end, both formations
    // have been shown, and the record notes the reopening.
    if ui
        .add_enabled(
            !t.game().record().actions.is_empty() && t.undo_consent.is_none(),
            egui::Button::new(lang.t(&i18n::REF_UNDO_MOVE)),
        )
        .clicked()
    {
        out.push(RefereeCmd::Tracked(TrackedCmd::AskUndo));
    }
    if ui.button(lang.t(&i18n::SAVE_AS)).clicked() {
        out.push(RefereeCmd::SaveAs);
    }
    for &side in t.seats() {
        let text = fill(lang.t(&i18n::REF_RESIGNS), &[("side", lang.side(side))]);
        let can = !over && !t.is_out(side);
        if ui.add_enabled(can, egui::Button::new(text)).clicked() {
            out.push(RefereeCmd::Tracked(TrackedCmd::Resign(side)));
        }
    }
    if ui
        .add_enabled(!over, egui::Button::new(lang.t(&i18n::REF_AGREED_DRAW)))
        .clicked()
    {
        out.push(RefereeCmd::Tracked(TrackedCmd::AgreedDraw));
    }
}

/// The middle: how the game ended (else the last announcement, or how to start), over the board
/// of backs; a click or a drop on it is a command.
fn board_area(
    ui: &mut egui::Ui,
    t: &Tracked,
    lang: Lang,
    opts: &BoardOptions,
    announcements: &[(crate::engine::Seat, String)],
    out: &mut Vec<RefereeCmd>,
) {
    let over = t.game().status().is_over();
    if let Some(text) = status_text(t.game().status(), lang) {
        banner(ui, &text);
    } else {
        match announcements.last() {
            Some((_, line)) => announcement(ui, line, false),
            None => {
                let start = if t.seats().len() == 4 {
                    &i18n::REF_TRACK_START4
                } else {
                    &i18n::REF_TRACK_START
                };
                announcement(ui, lang.t(start), false);
            }
        }
    }
    let view = public_view(t.game());
    let input = BoardWidget {
        view: &view,
        opts,
        lang,
        bottom: t.bottom,
        selected: t.selected,
        destinations: &[],
        last_move: board::last_mark(t.game(), t.game().plies().len()),
        earlier: board::earlier_marks(t.game(), t.game().plies().len()),
        flash: None,
        interactive: !over,
        finished: over,
    }
    .show(ui);
    if let Some((a, b)) = input.dropped {
        out.push(RefereeCmd::Tracked(TrackedCmd::Drop(a, b)));
    } else if let Some(n) = input.clicked {
        out.push(RefereeCmd::Tracked(TrackedCmd::Click(n)));
    }
}
