//! The play screen: draws a `Session` (board, status line, side panel with the move list and the
//! event log, the resignation question) and turns clicks into `Act`s. It only reads the session;
//! the session changes in `Session::apply` and `Session::tick`, outside the UI pass.

use super::board::{self, BoardWidget};
use super::command::Command;
use super::hidden_flip;
use super::panel::{Centre, PanelState};
use super::play_parts::{self, ClashShown, Line, Shown, TurnFacts};
use super::saves;
use super::session::{Act, Message, Session};
use super::settings::Settings;
use super::words::{self, events, status_text};
use crate::engine::{OutReason, Seat, Status};
use crate::i18n::{self, Lang, fill};

/// The first screen's line for the game in play: mode, turn, players, and a way back to it.
pub fn live_game(ui: &mut egui::Ui, play: &Session, lang: Lang, out: &mut Vec<Command>) {
    let game = play.game();
    let mut parts = vec![
        saves::mode_text(game.rules().mode, lang).to_string(),
        fill(
            lang.t(&i18n::TURN),
            &[("n", &(game.position().ply() + 1).to_string())],
        ),
    ];
    for k in 0..play.computer().seats.len() {
        let who = seat_who(game, k, lang);
        let seat = play.computer().label(k, lang);
        parts.push(fill(
            lang.t(&i18n::SEAT_IS),
            &[("who", &who), ("seat", &seat)],
        ));
    }
    board::banner_frame(12).show(ui, |ui| {
        ui.set_max_width(520.0);
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(lang.t(&i18n::LIVE_GAME))
                    .size(20.0)
                    .strong(),
            );
            ui.label(parts.join(" · "));
            let button = egui::Button::new(egui::RichText::new(lang.t(&i18n::CONTINUE)).size(18.0))
                .min_size(egui::vec2(150.0, 36.0));
            if ui.add(button).clicked() {
                out.push(Command::ContinueGame);
            }
        });
    });
}

/// Who sits at seat `k`: its side, or in a flip game its player number.
fn seat_who(game: &crate::engine::Game, k: usize, lang: Lang) -> String {
    if game.rules().mode == crate::engine::Mode::Flip {
        fill(lang.t(&i18n::SEAT_PLAYER), &[("n", &(k + 1).to_string())])
    } else {
        lang.side(game.board().seats[k]).to_string()
    }
}

/// The play screen for `play`: the status line, the side panel (unless folded away), the board
/// and the questions over it.
pub fn screen(
    ui: &mut egui::Ui,
    play: &Session,
    settings: &Settings,
    panel: &mut PanelState,
    out: &mut Vec<Command>,
) {
    let lang = settings.lang;
    let centre = Centre::board(play.game().board());
    let size = panel.frame(ui, centre);
    if play.hint_offered() && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::H)) {
        out.push(Command::Play(Act::Hint));
    }
    let bottom = hidden_flip::bottom(play, settings.bottom);
    let now = ui.input(|i| i.time);
    let clock_left = play.clock_left(now).map(|left| left.max(0.0));
    // The panel folded away: its move clock shows in the status line, next to the board.
    let side = panel.side(size, centre);
    let status_clock = clock_left.filter(|_| side.is_none());
    egui::Panel::bottom("status").show(ui, |ui| {
        status_line(ui, play, settings, bottom, status_clock, out)
    });
    if let Some(side) = side {
        side.show(ui, "game-panel", |ui| {
            let list_h = list_height(ui, play);
            egui::ScrollArea::vertical()
                .id_salt("game-panel-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| side_panel(ui, play, lang, clock_left, list_h, out));
        });
    }
    egui::CentralPanel::default().show(ui, |ui| {
        board_area(ui, play, settings, bottom, clock_left, out)
    });
    hidden_flip::dialogs(ui.ctx(), play, lang, out);
    let shown = OneScreen { play, clock: None };
    if let Some(yes) = play_parts::resign_dialog(ui.ctx(), &shown, lang) {
        out.push(Command::Play(Act::ConfirmResign(yes)));
    }
}

/// The open draw offer's offerer and the next player to answer it, if one is open.
fn draw_answerer(game: &crate::engine::Game) -> Option<(crate::engine::Seat, crate::engine::Seat)> {
    let by = game.draw_offer()?;
    let next = crate::table::turns::answerers(game, by)
        .into_iter()
        .find(|&s| !game.draw_accepted(s))?;
    Some((by, next))
}

/// What the play screen shows of `play` to the shared parts (`play_parts`), with the move
/// clock's seconds left (`clock`) read at this frame.
struct OneScreen<'a> {
    play: &'a Session,
    clock: Option<f64>,
}

impl Shown for OneScreen<'_> {
    fn board(&self) -> &'static crate::engine::Board {
        self.play.game().board()
    }

    /// The session's message (in red), else the state of play and what to do next.
    fn status_words(&self, lang: Lang) -> (String, bool) {
        let play = self.play;
        let mover = play.side_to_move();
        let text = match &play.message() {
            Some(Message::Illegal(e)) => lang.illegal(e),
            Some(Message::Refused(e)) => lang.action_error(e),
            Some(Message::Error(e)) => e.clone(),
            Some(Message::Tag(e)) => lang.tag_error(e),
            Some(Message::Note(t)) => lang.t(t).to_string(),
            None if play.game().status().is_over() => lang.t(&i18n::GAME_OVER).to_string(),
            None if play.computer_to_move() => play.thinking_text(lang),
            // A draw offer waits for the next player to answer it (the offerer's turn waits).
            None if !play.curtain_up()
                && let Some((by, next)) = draw_answerer(play.game()) =>
            {
                fill(
                    lang.t(&i18n::DRAW_WAITS),
                    &[("side", lang.side(by)), ("other", lang.side(next))],
                )
            }
            // The mover looks at the clash: the next player does nothing yet.
            None if play.modes().handing.is_some() => fill(
                lang.t(&i18n::HAND_OVER_STATUS),
                &[("next", lang.side(mover))],
            ),
            None if play.selected().is_some() => lang.t(&i18n::HINT_DEST).to_string(),
            None => hidden_flip::hint(play, lang)
                .unwrap_or_else(|| fill(lang.t(&i18n::HINT_SELECT), &[("side", lang.side(mover))])),
        };
        (text, play.message().is_some())
    }

    fn turn_facts(&self, lang: Lang) -> Option<TurnFacts> {
        let game = self.play.game();
        if game.status().is_over() {
            return None;
        }
        let (mover, colour) = hidden_flip::mover_text(self.play, lang);
        let (quiet, turns) = play_parts::limits_left(game);
        Some(TurnFacts {
            mover,
            colour,
            turn: game.position().ply() as usize + 1,
            quiet_left: Some(quiet),
            turns_left: Some(turns),
            clock: self.clock,
            timeouts: match self.clock {
                Some(_) => (game.board().seats.iter())
                    .map(|&s| (s, game.timeouts(s)))
                    .collect(),
                None => Vec::new(),
            },
        })
    }

    fn status(&self) -> Option<Status> {
        Some(self.play.game().status())
    }

    fn out(&self) -> Vec<(Seat, OutReason)> {
        self.play.game().position().out().iter().collect()
    }

    /// The turns, in the movers' colours, as the player looking may know the pieces.
    fn move_lines(&self, lang: Lang) -> Vec<Line> {
        let clashes = words::ClashWords::Rules;
        play_parts::record_move_lines(self.play.game(), lang, self.play.looker(), clashes)
    }

    fn event_lines(&self, lang: Lang) -> Vec<Line> {
        (events(self.play.game(), lang, self.play.looker()).into_iter())
            .map(|(seat, text)| Line { seat, text })
            .collect()
    }

    fn resigning(&self) -> Option<Seat> {
        self.play
            .confirm_resign()
            .then(|| self.play.acting_side())
            .flatten()
    }
}

/// The status line at the bottom: the move clock (`clock`, when the panel is folded away), the
/// clash just fought, and the status words.
fn status_line(
    ui: &mut egui::Ui,
    play: &Session,
    settings: &Settings,
    bottom: Seat,
    clock: Option<f64>,
    out: &mut Vec<Command>,
) {
    let lang = settings.lang;
    let shown = OneScreen { play, clock };
    play_parts::status_line(ui, &shown, lang, clock, |ui| {
        let Some(f) = &play.flash() else {
            return;
        };
        let view = play.board_view();
        let still = BoardWidget::still(&view, &settings.board, lang, bottom);
        let clash = ClashShown {
            at: f.at,
            outcome: f.outcome,
            attacker: f.attacker,
            defender: f.defender,
            alpha: f.fade / super::session::FLASH_FADE,
        };
        if play_parts::clash_notice(ui, &still, &clash, play.game().board(), lang, true) {
            out.push(Command::Play(Act::DismissClash));
        }
    });
}

/// The height of the side panel's move list and of its event log (`play_parts::list_height`;
/// before the first measure, four players' trays and 记子 tables are guessed to take more).
fn list_height(ui: &egui::Ui, play: &Session) -> f32 {
    let guess = if play.game().board().is_four() {
        520.0
    } else {
        300.0
    };
    play_parts::list_height(ui, PANEL_REST, guess)
}

/// The middle: how the game ended, the curtain or the hand-over bar, and the board with the
/// move clock's bar, the hidden and flip games' overlays, the hint and the belief map; a click
/// or a drop on it is an act.
fn board_area(
    ui: &mut egui::Ui,
    play: &Session,
    settings: &Settings,
    bottom: Seat,
    clock_left: Option<f64>,
    out: &mut Vec<Command>,
) {
    let (lang, opts) = (settings.lang, &settings.board);
    let status = play.game().status();
    if let Some(text) = status_text(status, lang) {
        board::banner_frame(8).show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(text).size(24.0).strong());
            });
        });
    }
    if hidden_flip::curtain(ui, play, lang, out) {
        return;
    }
    hidden_flip::hand_over_bar(ui, play, lang, out);
    let view = play.board_view();
    let dests = match play.selected() {
        Some(s) => view.destinations_from(play.game().rules(), s),
        None => Vec::new(),
    };
    let last_move = super::board::last_mark(play.game(), play.game().plies().len());
    let widget = BoardWidget {
        view: &view,
        opts,
        lang,
        bottom,
        selected: play.selected(),
        destinations: &dests,
        last_move,
        earlier: super::board::earlier_marks(play.game(), play.game().plies().len()),
        // Clashes show in the status line, where they hide nothing.
        flash: None,
        interactive: !status.is_over(),
        finished: status.is_over(),
    };
    let clock = clock_left
        .zip(play.game().rules().move_clock)
        .map(|(left, total)| (play.side_to_move(), left, f64::from(total)));
    let input = super::seat_clock::board_with_bar(ui, widget, clock, lang);
    hidden_flip::overlays(ui, play, &view, opts, lang, bottom, &input, out);
    hint_marks(ui, play, lang, &input);
    if let Some(beliefs) = play.beliefs() {
        super::review::belief_overlay(ui, &input, beliefs, lang);
    }
    if let Some((a, b)) = input.dropped {
        out.push(Command::Play(Act::Drop(a, b)));
    } else if let Some(n) = input.clicked {
        out.push(Command::Play(Act::Node(n)));
    }
}

/// The colour of the hint marks.
const HINT_COLOUR: egui::Color32 = egui::Color32::from_rgb(0x10, 0x90, 0x40);

/// Where a hint's arrow from the tile at `a` to the tile at `z` (each `tile` in size) starts and
/// ends: from the edge of the first tile to the edge of the second, so that neither piece's name
/// is covered; `None` when the tiles leave no room between them (the ring and the number still
/// show the suggestion).
fn hint_arrow(a: egui::Pos2, z: egui::Pos2, tile: egui::Vec2) -> Option<(egui::Pos2, egui::Pos2)> {
    let d = z - a;
    let dir = d.normalized();
    // The distance from a tile's centre to its edge (a little beyond it) along `dir`.
    let edge = (tile.x * 0.56 / dir.x.abs().max(1e-3)).min(tile.y * 0.56 / dir.y.abs().max(1e-3));
    (d.length() > 2.0 * edge + 2.0).then(|| (a + dir * edge, z - dir * edge))
}

/// The hint's suggestions on the board: a numbered dashed arrow for each move (a numbered ring for
/// a flip), each readable by screen readers as "Hint 1: c4-c5".
fn hint_marks(ui: &mut egui::Ui, play: &Session, lang: Lang, input: &board::BoardInput) {
    let Some(hint) = play.hint().filter(|h| h.ply == play.game().plies().len()) else {
        return;
    };
    if input.centres.is_empty() {
        return;
    }
    let painter = ui.painter().clone();
    let stroke = egui::Stroke::new((input.scale * 0.05).max(2.0), HINT_COLOUR);
    let b = play.game().board();
    for (k, turn) in hint.turns.iter().enumerate() {
        let (from, to) = match *turn {
            crate::engine::Turn::Move { from, to } => (from, to),
            crate::engine::Turn::Flip(n) => (n, n),
        };
        let (a, z) = (input.centres[from as usize], input.centres[to as usize]);
        if from != to
            && let Some((start, tip)) = hint_arrow(a, z, input.tile)
        {
            let dir = (z - a).normalized();
            painter.extend(egui::Shape::dashed_line(
                &[start, tip],
                stroke,
                input.scale * 0.12,
                input.scale * 0.08,
            ));
            let head = (input.scale * 0.18).max(6.0).min((tip - start).length());
            let side = dir.rot90() * head * 0.5;
            painter.add(egui::Shape::convex_polygon(
                vec![tip, tip - dir * head + side, tip - dir * head - side],
                HINT_COLOUR,
                egui::Stroke::NONE,
            ));
        }
        painter.rect_stroke(
            egui::Rect::from_center_size(z, input.tile * 1.18),
            4,
            stroke,
            egui::StrokeKind::Outside,
        );
        // The number, half-way along the arrow (two suggestions may share a destination), or
        // at the corner of a flipped piece.
        let r = (input.tile.y * 0.3).max(7.0);
        let at = if from != to {
            a + (z - a) * 0.5
        } else {
            z + egui::vec2(-input.tile.x * 0.5, -input.tile.y * 0.5)
        };
        painter.circle_filled(at, r, HINT_COLOUR);
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            (k + 1).to_string(),
            egui::FontId::proportional(r * 1.3),
            egui::Color32::WHITE,
        );
        let label = fill(
            lang.t(&i18n::HINT_MARK),
            &[("k", &(k + 1).to_string()), ("mv", &turn.notation(b))],
        );
        ui.interact(
            egui::Rect::from_center_size(at, egui::vec2(r, r) * 2.0),
            ui.make_persistent_id(("junqi-hint", k)),
            egui::Sense::hover(),
        )
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
    }
}

/// Where the side panel keeps the height of what is not its move list or event log (egui's
/// memory, from one frame to the next).
const PANEL_REST: &str = "game-panel-rest";

/// The game's side panel, top to bottom: the outside engines, whose turn, the players who are out,
/// the game's buttons, the hint and the belief map, the captured pieces, the move list and the
/// event log (each `list_h` high at most). Notes in egui's memory how high the rest was.
fn side_panel(
    ui: &mut egui::Ui,
    play: &Session,
    lang: Lang,
    clock_left: Option<f64>,
    list_h: f32,
    out: &mut Vec<Command>,
) {
    let shown = OneScreen {
        play,
        clock: clock_left,
    };
    let top = ui.cursor().top();
    ui.add_space(4.0);
    hidden_flip::panel_top(ui, play, lang, out);
    engine_seats(ui, play, lang);
    play_parts::turn_facts(ui, &shown, lang);
    play_parts::out_banners(ui, &shown, lang);
    ui.separator();
    ui.horizontal_wrapped(|ui| game_buttons(ui, play, lang, out));
    hint_and_offer(ui, play, lang);
    ui.separator();
    captured(ui, play, lang);
    hidden_flip::flip_counts(ui, play, lang);
    let fit = hidden_flip::Fit {
        top,
        // Room is kept for the lists at their least height: the table comes before any more.
        below: play_parts::lists_height(ui, super::panel::sized(ui, play_parts::LIST_MIN)),
    };
    hidden_flip::enemy_count_panel(ui, play, lang, fit);
    let lists = play_parts::move_and_event_lists(ui, &shown, lang, list_h);
    play_parts::note_rest(ui, PANEL_REST, top, lists);
}

/// The outside engines at the table, by the names they gave themselves.
fn engine_seats(ui: &mut egui::Ui, play: &Session, lang: Lang) {
    let game = play.game();
    for k in 0..play.computer().seats.len() {
        if play.computer().seats[k] == super::settings::Occupant::Engine {
            let who = seat_who(game, k, lang);
            let seat = play.computer().label(k, lang);
            ui.label(fill(
                lang.t(&i18n::SEAT_IS),
                &[("who", &who), ("seat", &seat)],
            ));
        }
    }
}

/// The game's buttons: undo, redo, resign, the draw's, the hint, the belief map, a new game and
/// the saves'.
fn game_buttons(ui: &mut egui::Ui, play: &Session, lang: Lang, out: &mut Vec<Command>) {
    let game = play.game();
    let over = game.status().is_over();
    if ui
        .add_enabled(
            !over && !game.standing_actions().is_empty(),
            egui::Button::new(lang.t(&i18n::UNDO)),
        )
        .on_hover_text("Ctrl+Z")
        .clicked()
    {
        out.push(Command::Play(Act::Undo));
    }
    if ui
        .add_enabled(
            !play.redo().is_empty(),
            egui::Button::new(lang.t(&i18n::REDO)),
        )
        .on_hover_text("Ctrl+Y")
        .clicked()
    {
        out.push(Command::Play(Act::Redo));
    }
    // Under the hand-over curtain nobody in particular looks: a resignation or a draw offer
    // waits for the player to move to lift it.
    let covered = play.curtain_up();
    if ui
        .add_enabled(!over && !covered, egui::Button::new(lang.t(&i18n::RESIGN)))
        .clicked()
    {
        out.push(Command::Play(Act::Resign));
    }
    draw_buttons(ui, play, lang, out);
    if play.hint_offered() {
        let thinking = play.hint_pending();
        let text = if thinking {
            lang.t(&i18n::HINT_THINKING)
        } else {
            lang.t(&i18n::HINT)
        };
        if ui
            .add_enabled(
                !thinking && !play.computer_to_move(),
                egui::Button::new(text),
            )
            .on_hover_text(lang.t(&i18n::HINT_TIP))
            .clicked()
        {
            out.push(Command::Play(Act::Hint));
        }
    }
    if play.belief_offered()
        && ui
            .selectable_label(play.belief_on(), lang.t(&i18n::review::BELIEF_MAP))
            .on_hover_text(lang.t(&i18n::review::BELIEF_MAP_TIP))
            .clicked()
    {
        out.push(Command::Play(Act::BeliefMap));
    }
    if ui.button(lang.t(&i18n::NEW_GAME)).clicked() {
        out.push(Command::OpenNewGame);
    }
    // Under the hand-over curtain nobody in particular is looking: the replay waits.
    saves::play_buttons(ui, lang, !play.curtain_up(), out);
}

/// The draw's buttons: offer one, or answer the one offered (four players: each person at the
/// screen for their own seat).
fn draw_buttons(ui: &mut egui::Ui, play: &Session, lang: Lang, out: &mut Vec<Command>) {
    let game = play.game();
    let over = game.status().is_over();
    let covered = play.curtain_up();
    match game.draw_offer() {
        // People in a hidden game: each answers behind the curtain, called seat by seat.
        Some(_) if play.curtain_guarded() => {}
        // Every other player still in answers now, while the offerer's turn waits (people at
        // the screen, each for their own seat; the computer declines at once).
        Some(s) if !over => {
            for seat in game.seats_in() {
                let human = play.computer().seats.get(seat.index())
                    == Some(&super::settings::Occupant::Human);
                if seat == s || !human || game.draw_accepted(seat) {
                    continue;
                }
                let (yes, no) = (&i18n::ACCEPT_DRAW_FOR, &i18n::DECLINE_DRAW_FOR);
                if let Some(a) = super::words::seat_answer(ui, lang, seat, yes, no) {
                    out.push(Command::Play(Act::AnswerDrawFor(seat, a)));
                }
            }
        }
        other => {
            if ui
                .add_enabled(
                    !over && !covered && other.is_none() && play.may_offer_draw(),
                    egui::Button::new(lang.t(&i18n::OFFER_DRAW)),
                )
                .clicked()
            {
                out.push(Command::Play(Act::OfferDraw));
            }
        }
    }
}

/// Under the buttons: the belief map's list, the hint's turns, how many hints were asked, and a
/// draw offered.
fn hint_and_offer(ui: &mut egui::Ui, play: &Session, lang: Lang) {
    let game = play.game();
    // The belief map's list: what the human could infer of each enemy piece (no truth: the game
    // is on, and `belief_list` shows it only through the gate's end reveal).
    if let Some(beliefs) = play.beliefs() {
        let n = game.plies().len();
        egui::ScrollArea::vertical()
            .id_salt("play-beliefs")
            .max_height(180.0)
            .show(ui, |ui| {
                super::review::belief_list(ui, game, n, play.looking_side(), beliefs, lang);
            });
    }
    if let Some(h) = play.hint().filter(|h| h.ply == game.plies().len()) {
        let list = if h.turns.is_empty() {
            lang.t(&i18n::HINT_NONE).to_string()
        } else {
            h.turns
                .iter()
                .enumerate()
                .map(|(k, t)| format!("{}. {}", k + 1, t.notation(game.board())))
                .collect::<Vec<_>>()
                .join("  ")
        };
        ui.colored_label(
            HINT_COLOUR,
            fill(lang.t(&i18n::HINT_LINE), &[("list", &list)]),
        );
    }
    let asked = play.hints_asked();
    if asked > 0 {
        ui.weak(fill(
            lang.t(&i18n::HINTS_ASKED),
            &[("n", &asked.to_string())],
        ));
    }
    if let Some(s) = game.draw_offer() {
        ui.colored_label(
            board::side_colour(s),
            fill(lang.t(&i18n::DRAW_OFFERED), &[("side", lang.side(s))]),
        );
    }
}

/// The pieces each seat has lost, as chips in its colour (four players: also how many it has on
/// the board and whether it is out).
fn captured(ui: &mut egui::Ui, play: &Session, lang: Lang) {
    let game = play.game();
    ui.label(egui::RichText::new(lang.t(&i18n::CAPTURED)).strong());
    for &side in game.board().seats {
        let removed = words::removed_names(play, side, lang);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(lang.side(side))
                    .strong()
                    .color(board::side_colour(side)),
            );
            if game.board().is_four() {
                // Four players: pieces on the board (public: every piece's place is seen), and
                // whether the player is out.
                let on_board = game.position().pieces(side).count();
                ui.weak(fill(
                    lang.t(&i18n::ON_BOARD),
                    &[("n", &on_board.to_string())],
                ));
                if game.position().out().contains(side) {
                    ui.colored_label(
                        egui::Color32::from_rgb(0xb0, 0x20, 0x10),
                        lang.t(&i18n::OUT_TAG),
                    );
                }
            }
            if removed.is_empty() {
                ui.weak(lang.t(&i18n::NONE_YET));
            }
            // Each piece's chip whole on one line ("Engineer ×2" never split across two).
            for name in removed {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(name)
                            .color(egui::Color32::WHITE)
                            .background_color(board::side_colour(side)),
                    )
                    .extend(),
                );
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::hint_arrow;
    use egui::{Pos2, Rect, pos2, vec2};

    /// A hint's arrow starts and ends outside both tiles, so no piece's name is under it.
    #[test]
    fn a_hint_arrow_covers_neither_tile() {
        let tile = vec2(40.0, 22.0);
        for (a, z) in [
            (pos2(0.0, 0.0), pos2(0.0, 50.0)),
            (pos2(0.0, 0.0), pos2(50.0, 0.0)),
            (pos2(0.0, 0.0), pos2(60.0, 60.0)),
            (pos2(0.0, 0.0), pos2(0.0, 300.0)),
        ] {
            let (start, tip) = hint_arrow(a, z, tile).expect("room between the tiles");
            for c in [a, z] {
                let r = Rect::from_center_size(c, tile);
                for p in [start, tip] {
                    assert!(!r.contains(p), "{p:?} inside the tile at {c:?}");
                }
            }
            assert!((tip - start).length() > 0.0);
        }
        // Touching tiles: no arrow, only the ring and the number.
        assert_eq!(hint_arrow(Pos2::ZERO, pos2(0.0, 22.0), tile), None);
    }
}
