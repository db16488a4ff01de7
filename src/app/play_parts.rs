//! The parts of the play screen that the game on one screen (`play`, drawn from a `Session`), the
//! network game (`remote::screen`, drawn from a `RemoteGame`) and the referee's tracked game
//! (`referee::tracked_board`, drawn from a `Tracked`) show alike, drawn once: the status line
//! under the board with its move clock and the last clash, the side panel's turn facts (or how
//! the game ended), the banners of the players who are out, the move list and the event log, and
//! the resignation's question. Each screen says what it shows through `Shown` (words and facts,
//! never its game), so all draw them the same, in the same sizes.

use super::board::{self, BoardWidget};
use super::dialog::Question;
use super::panel::sized;
use super::session::Looker;
use super::words::{ClashWords, move_text_worded, status_text};
use crate::engine::position::OutReason;
use crate::engine::rules::TIMEOUTS_TO_LOSE;
use crate::engine::{Board, ClashOutcome, Game, NodeId, Seat, Seen, Status};
use crate::i18n::{self, Lang, fill};

/// The status line's text size, and its clock's.
pub const STATUS_SIZE: f32 = 16.0;
/// The side panel's move clock.
pub const PANEL_CLOCK_SIZE: f32 = 20.0;
/// The side panel's "To move", the mover, and how the game ended.
const TO_MOVE_SIZE: f32 = 18.0;
const MOVER_SIZE: f32 = 22.0;
const END_SIZE: f32 = 18.0;
/// The status line is as tall as the clash notice always, so the board does not jump when one
/// shows.
pub const CLASH_NOTICE_HEIGHT: f32 = 28.0;
/// The mover's colour while it has no side yet (flip mode before colours are decided).
pub const NO_SIDE: egui::Color32 = egui::Color32::from_rgb(0x5a, 0x4a, 0x38);
/// Words that say something went wrong or waits for the player.
pub const WARN: egui::Color32 = egui::Color32::from_rgb(0xb0, 0x20, 0x10);

/// One line of the move list or the event log, in the colour of its seat (none: the text's).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub seat: Option<Seat>,
    pub text: String,
}

/// While the game is on: who is to move (in words and colour), the turn (from 1), the quiet
/// turns left and the turns left before the turn-limit draw, and with the move clock on the
/// seconds left and each seat's timeouts so far.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnFacts {
    pub mover: String,
    pub colour: egui::Color32,
    pub turn: usize,
    pub quiet_left: Option<u32>,
    pub turns_left: Option<u32>,
    pub clock: Option<f64>,
    /// Each seat's timeouts (in the board's seat order); empty when the move clock is off.
    pub timeouts: Vec<(Seat, u32)>,
}

/// The clash of the last turn as the player looking knows its pieces, and how far it has
/// faded (1: fully shown).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClashShown {
    pub at: NodeId,
    pub outcome: ClashOutcome,
    pub attacker: Seen,
    pub defender: Seen,
    pub alpha: f32,
}

/// What a play screen shows, as the shared parts draw it.
pub trait Shown {
    /// The board played on.
    fn board(&self) -> &'static Board;
    /// The status line's words, and whether they warn (drawn in red).
    fn status_words(&self, lang: Lang) -> (String, bool);
    /// Who is to move and the turn's facts; `None` once the game is over (or before it began).
    fn turn_facts(&self, lang: Lang) -> Option<TurnFacts>;
    /// How the game stands (`None`: not known yet).
    fn status(&self) -> Option<Status>;
    /// The players who are out (four players), and why.
    fn out(&self) -> Vec<(Seat, OutReason)>;
    /// The move list's lines, numbered, as the player looking may know the pieces.
    fn move_lines(&self, lang: Lang) -> Vec<Line>;
    /// The event log's lines.
    fn event_lines(&self, lang: Lang) -> Vec<Line>;
    /// The side whose resignation waits for its player's confirmation.
    fn resigning(&self) -> Option<Seat>;
}

/// The move clock's seconds left, `size` points high (grown in a large side panel), red under
/// ten seconds.
pub fn clock_text(ui: &egui::Ui, lang: Lang, secs: f64, size: f32) -> egui::RichText {
    egui::RichText::new(fill(
        lang.t(&i18n::CLOCK),
        &[("n", &format!("{}", secs.ceil() as u64))],
    ))
    .size(sized(ui, size))
    .strong()
    .color(if secs < 10.0 {
        board::RED
    } else {
        ui.visuals().text_color()
    })
}

/// The status line at the bottom: the move clock (`clock`, when the panel that shows it is
/// folded away or the screen wants it there), what `notice` draws (the last clash), and the
/// status words.
pub fn status_line(
    ui: &mut egui::Ui,
    shown: &dyn Shown,
    lang: Lang,
    clock: Option<f64>,
    notice: impl FnOnce(&mut egui::Ui),
) {
    let (text, warn) = shown.status_words(lang);
    let colour = if warn {
        WARN
    } else {
        ui.visuals().text_color()
    };
    ui.set_min_height(CLASH_NOTICE_HEIGHT);
    ui.horizontal_wrapped(|ui| {
        if let Some(secs) = clock {
            ui.label(clock_text(ui, lang, secs, STATUS_SIZE));
        }
        notice(ui);
        ui.label(egui::RichText::new(text).color(colour).size(STATUS_SIZE));
    });
}

/// The clash of the last turn in the status line, below the board: both pieces as the player
/// looking knows them (painted by `still`, a board widget of that player's view) and the
/// outcome, faded by `clash.alpha`. With `dismiss` a click on it is answered (`true`) and a tip
/// says so.
pub fn clash_notice(
    ui: &mut egui::Ui,
    still: &BoardWidget,
    clash: &ClashShown,
    board: &Board,
    lang: Lang,
    dismiss: bool,
) -> bool {
    let outcome = match lang {
        Lang::Zh => clash.outcome.zh(),
        Lang::En => clash.outcome.en(),
    };
    let label = fill(
        lang.t(&i18n::CLASH_NOTICE),
        &[("sq", board.name(clash.at)), ("out", outcome)],
    );
    let alpha = clash.alpha.clamp(0.0, 1.0);
    let tile = egui::vec2(40.0, CLASH_NOTICE_HEIGHT - 4.0);
    let font = egui::FontId::proportional(15.0);
    let text = ui.painter().layout_no_wrap(
        label.clone(),
        font,
        ui.visuals().text_color().gamma_multiply(alpha),
    );
    let size = egui::vec2(tile.x * 2.0 + 18.0 + text.size().x + 8.0, tile.y + 4.0);
    let sense = if dismiss {
        egui::Sense::click()
    } else {
        egui::Sense::hover()
    };
    let (rect, resp) = ui.allocate_exact_size(size, sense);
    let role = if dismiss {
        egui::Role::Button
    } else {
        egui::Role::Label
    };
    resp.widget_info(|| egui::WidgetInfo::labeled(role, true, &label));
    let clicked = dismiss && resp.on_hover_text(lang.t(&i18n::DISMISS)).clicked();
    let painter = ui.painter_at(rect);
    painter.rect_filled(
        rect,
        4,
        egui::Color32::from_rgb(0xff, 0xf2, 0xc0).gamma_multiply(alpha),
    );
    let left = rect.left_center() + egui::vec2(2.0 + tile.x / 2.0, 0.0);
    let scale = tile.x / 0.76;
    still.paint_seen(
        &painter,
        egui::Rect::from_center_size(left, tile),
        clash.attacker,
        scale,
    );
    painter.text(
        left + egui::vec2(tile.x / 2.0 + 7.0, 0.0),
        egui::Align2::CENTER_CENTER,
        "×",
        egui::FontId::proportional(16.0),
        ui.visuals().text_color().gamma_multiply(alpha),
    );
    let right = left + egui::vec2(tile.x + 14.0, 0.0);
    still.paint_seen(
        &painter,
        egui::Rect::from_center_size(right, tile),
        clash.defender,
        scale,
    );
    painter.galley(
        egui::pos2(
            right.x + tile.x / 2.0 + 6.0,
            rect.center().y - text.size().y / 2.0,
        ),
        text,
        ui.visuals().text_color(),
    );
    clicked
}

/// The side panel's facts of the turn while the game is on (who is to move, the turn, the quiet
/// turns left, the clock and the timeouts), else how the game ended.
pub fn turn_facts(ui: &mut egui::Ui, shown: &dyn Shown, lang: Lang) {
    let Some(f) = shown.turn_facts(lang) else {
        if let Some(t) = shown.status().and_then(|s| status_text(s, lang)) {
            ui.label(egui::RichText::new(t).size(sized(ui, END_SIZE)).strong());
        }
        return;
    };
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(lang.t(&i18n::TO_MOVE)).size(sized(ui, TO_MOVE_SIZE)));
        ui.label(
            egui::RichText::new(&f.mover)
                .size(sized(ui, MOVER_SIZE))
                .strong()
                .color(f.colour),
        );
        ui.label(fill(lang.t(&i18n::TURN), &[("n", &f.turn.to_string())]));
    });
    if let Some(left) = f.quiet_left {
        ui.label(fill(lang.t(&i18n::QUIET_LEFT), &[("n", &left.to_string())]));
    }
    if let Some(left) = f.turns_left {
        ui.label(fill(lang.t(&i18n::TURNS_LEFT), &[("n", &left.to_string())]));
    }
    if let Some(secs) = f.clock {
        ui.label(clock_text(ui, lang, secs, PANEL_CLOCK_SIZE));
    }
    let max = TIMEOUTS_TO_LOSE.to_string();
    match f.timeouts.as_slice() {
        [] => {}
        [(_, r), (_, b)] => {
            ui.label(fill(
                lang.t(&i18n::TIMEOUTS),
                &[("r", &r.to_string()), ("b", &b.to_string()), ("max", &max)],
            ));
        }
        all => {
            let list: Vec<String> = all
                .iter()
                .map(|&(s, n)| format!("{} {n}", lang.side(s)))
                .collect();
            ui.label(fill(
                lang.t(&i18n::TIMEOUTS_FOUR),
                &[("list", &list.join(", ")), ("max", &max)],
            ));
        }
    }
}

/// Four players: a banner for each player who is out, who and why (their pieces have left the
/// board).
pub fn out_banners(ui: &mut egui::Ui, shown: &dyn Shown, lang: Lang) {
    for (seat, why) in shown.out() {
        let why = why.end_reason();
        let why = if lang == Lang::Zh { why.zh() } else { why.en() };
        board::banner_frame(6).show(ui, |ui| {
            ui.label(
                egui::RichText::new(fill(
                    lang.t(&i18n::EV_OUT),
                    &[("side", lang.side(seat)), ("why", why)],
                ))
                .strong()
                .color(board::side_colour(seat)),
            );
        });
    }
}

/// The quiet turns left and the turns left before the turn-limit draw in `game` as it stands.
pub fn limits_left(game: &Game) -> (u32, u32) {
    let (rules, pos) = (game.rules(), game.position());
    (
        rules.quiet_limit.saturating_sub(pos.quiet()),
        rules.turn_limit.saturating_sub(pos.ply()),
    )
}

/// The move list of `game` (every turn, numbered, in its mover's colour) as `looker` may know
/// the pieces, its clashes worded as `clashes` says.
pub fn record_move_lines(
    game: &Game,
    lang: Lang,
    looker: Looker,
    clashes: ClashWords,
) -> Vec<Line> {
    (game.plies().iter().enumerate())
        .map(|(i, ply)| {
            let text = move_text_worded(game, i, ply, lang, looker, clashes);
            Line {
                seat: ply.report.as_ref().and_then(|r| r.mover.side()),
                text: format!("{:>3}. {text}", i + 1),
            }
        })
        .collect()
}

/// In a list that sticks to its bottom (`stick_to_bottom`), called after its `count` entries:
/// when entries came, the pass is drawn again at once, so that the newest entry shows in this
/// frame (the scroll area reaches the bottom only after a pass that drew the longer list, and
/// nothing else may draw another frame before the next input). A player who scrolled up stays
/// where they are.
pub fn follow_newest(ui: &egui::Ui, list: &str, count: usize) {
    let id = egui::Id::unique("follow-newest").with(list);
    let seen: Option<usize> = ui.data_mut(|d| {
        let seen = d.get_temp(id);
        d.insert_temp(id, count);
        seen
    });
    if seen.is_some_and(|s| s < count) {
        ui.ctx()
            .request_discard("new entries in a list that follows its newest");
        if !ui.ctx().will_discard() {
            ui.ctx().request_repaint();
        }
    }
}

/// One list of the side panel under its heading, at most `height` high, kept at its newest line.
/// Returns its height.
fn list(ui: &mut egui::Ui, heading: &str, salt: &str, lines: &[Line], height: f32) -> f32 {
    ui.separator();
    ui.label(egui::RichText::new(heading).strong());
    let shown = egui::ScrollArea::vertical()
        .id_salt(salt)
        .max_height(height)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for l in lines {
                let colour = l.seat.map_or(ui.visuals().text_color(), board::side_colour);
                ui.label(egui::RichText::new(&l.text).color(colour));
            }
            follow_newest(ui, salt, lines.len());
        });
    shown.inner_rect.height()
}

/// The height of a side panel's move list and of its event log: they share what the rest of the
/// panel leaves (measured at the last frame under `rest_key`, else `guess` at the base sizes),
/// each at least seven lines and at most some twenty: the panel scrolls as a whole below that.
pub fn list_height(ui: &egui::Ui, rest_key: &str, guess: f32) -> f32 {
    let rest = ui
        .ctx()
        .data(|d| d.get_temp::<f32>(egui::Id::unique(rest_key)))
        .unwrap_or_else(|| sized(ui, guess));
    ((ui.available_height() - rest) / 2.0).clamp(sized(ui, LIST_MIN), sized(ui, 400.0))
}

/// The least height of the side panel's move list and of its event log (seven lines), at the
/// base sizes.
pub const LIST_MIN: f32 = 130.0;

/// Note in egui's memory, under `rest_key`, how high the side panel's parts other than its two
/// lists were this frame (`top`: where the panel began; `lists`: the two lists' height).
pub fn note_rest(ui: &egui::Ui, rest_key: &str, top: f32, lists: f32) {
    let rest = (ui.cursor().top() - top - lists).max(0.0);
    let id = egui::Id::unique(rest_key);
    let before = ui.ctx().data_mut(|d| {
        let before = d.get_temp::<f32>(id);
        d.insert_temp(id, rest);
        before
    });
    // The lists were sized from the last frame's measure: when it changed (the window resized,
    // a table opened or folded), draw once more so that they fit now, not at the next input.
    if before.is_none_or(|b| (b - rest).abs() > 0.5) {
        ui.ctx().request_repaint();
    }
}

/// How high the move list and the event log are together, each `height` high with its heading
/// and the separator above it (what a 记子 table leaves in view below it, `jizi::Fit`).
pub fn lists_height(ui: &egui::Ui, height: f32) -> f32 {
    let heading = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let separator = 6.0 + ui.spacing().item_spacing.y;
    2.0 * (height + heading + separator)
}

/// The move list and the event log, each at most `height` high and kept at its newest line, in
/// the seats' colours. Returns their heights together.
pub fn move_and_event_lists(ui: &mut egui::Ui, shown: &dyn Shown, lang: Lang, height: f32) -> f32 {
    let moves = shown.move_lines(lang);
    let events = shown.event_lines(lang);
    list(ui, lang.t(&i18n::MOVES), "moves", &moves, height)
        + list(ui, lang.t(&i18n::EVENTS), "events", &events, height)
}

/// "Red resigns and the game ends. Are you sure?" (Esc or a click outside plays on): the
/// player's answer, if one came.
pub fn resign_dialog(ctx: &egui::Context, shown: &dyn Shown, lang: Lang) -> Option<bool> {
    let side = shown.resigning()?;
    let text = fill(
        lang.t(if shown.board().is_four() {
            &i18n::RESIGN_CONFIRM_FOUR
        } else {
            &i18n::RESIGN_CONFIRM
        }),
        &[("side", lang.side(side))],
    );
    Question {
        id: "junqi-resign-confirm",
        width: 420.0,
        title: None,
        text: &text,
        text_size: Some(18.0),
        yes: lang.t(&i18n::RESIGN_YES),
        no: lang.t(&i18n::RESIGN_NO),
    }
    .show(ctx)
}
