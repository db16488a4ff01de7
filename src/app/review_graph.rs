//! The review's evaluation graph (复盘曲线): a line per side (per team with four players) through
//! each of its turns' evaluation before the turn, over a turn axis (ticks and numbers every few
//! turns, as many as the width holds) and an advantage axis in pieces' worth (even, a brigadier's
//! and a marshal's worth either way, a game won or lost), the turn shown marked on both, the
//! marked turns as `?` / `??` (each an accessible button). A click or a drag goes to a turn.
//!
//! In a small window the graph folds away by itself (the board keeps its room), like the side
//! panel; its toggle in the review's line shows it all the same.

use super::board;
pub use super::review::Fold;
use super::review::{Mark, Review};
use crate::ai::eval;
use crate::ai::review::TurnReview;
use crate::engine::{Chair, Game, Mode, Rank, Seat};
use crate::i18n::{Lang, fill, review as words};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, pos2, vec2};

/// The turn axis's step: the smallest of 1, 2, 5, 10, 20, 50 … turns whose ticks lie at least
/// `gap` points apart on an axis `width` points wide for `last` turns.
pub fn tick_step(last: usize, width: f32, gap: f32) -> usize {
    let per_turn = width / last.max(1) as f32;
    let mut base = 1;
    loop {
        for k in [1, 2, 5] {
            let step = base * k;
            if step as f32 * per_turn >= gap || step >= last.max(1) {
                return step;
            }
        }
        base *= 10;
    }
}

/// The ticks of the turn axis: 0 and every `step` turns up to `last`.
pub fn ticks(last: usize, step: usize) -> Vec<usize> {
    (0..=last).step_by(step.max(1)).collect()
}

/// The graph's value of a score: squeezed into (−1, 1), so that a piece or two stands out and a
/// game won (±5000) stays on the graph.
fn squeeze(v: i32) -> f32 {
    let v = v as f32;
    v / (v.abs() + 150.0)
}

/// The advantage axis's lines, most wanted first: even, a game won and lost, a marshal's and a
/// brigadier's worth either way (by the evaluation's values, `eval::value`), each with its label.
fn advantage_lines(mode: Mode, lang: Lang) -> Vec<(i32, String)> {
    let piece = |r: Rank| match (r, lang) {
        (_, Lang::Zh) => r.zh().to_string(),
        (Rank::Marshal, Lang::En) => "marshal".to_string(),
        (_, Lang::En) => r.en().to_lowercase(),
    };
    let mut lines = vec![
        (0, lang.t(&words::AXIS_EVEN).to_string()),
        (5000, lang.t(&words::AXIS_WON).to_string()),
        (-5000, lang.t(&words::AXIS_LOST).to_string()),
    ];
    for r in [Rank::Marshal, Rank::Brigadier] {
        let v = eval::value(r, 3, mode);
        let p = piece(r);
        lines.push((v, fill(lang.t(&words::AXIS_AHEAD), &[("piece", &p)])));
        lines.push((-v, fill(lang.t(&words::AXIS_BEHIND), &[("piece", &p)])));
    }
    lines
}

/// The graph's series a chair belongs to: its seat, or with four players its team's first seat.
fn series_of(game: &Game, c: Chair) -> Option<Seat> {
    let s = crate::commentary::chair_side(game, c)?;
    Some(match s {
        Seat::North if game.board().is_four() => Seat::South,
        Seat::West if game.board().is_four() => Seat::East,
        s => s,
    })
}

/// The name of a series: a side, or a team with four players.
fn series_name(game: &Game, s: Seat, lang: Lang) -> String {
    if game.board().is_four() {
        super::words::team_name(s.team(), lang).to_string()
    } else {
        lang.side(s).to_string()
    }
}

/// The colour of a mark.
fn mark_colour(m: Mark) -> Color32 {
    match m {
        Mark::Blunder => Color32::from_rgb(0xd0, 0x10, 0x10),
        _ => Color32::from_rgb(0xe0, 0x80, 0x00),
    }
}

/// The font of the axes' labels.
const AXIS_FONT: f32 = 11.0;
/// The height of the turn axis's strip under the plot.
const AXIS_STRIP: f32 = 15.0;

/// Where the graph's parts lie: the whole, the plot, the turn axis's strip, and the turn at a
/// point across.
struct Frame {
    rect: Rect,
    plot: Rect,
    last: usize,
}

impl Frame {
    fn x_of(&self, p: usize) -> f32 {
        self.plot.left() + self.plot.width() * p as f32 / self.last as f32
    }
    fn y_of(&self, v: i32) -> f32 {
        self.plot.center().y - squeeze(v) * self.plot.height() * 0.5
    }
    fn turn_at(&self, x: f32) -> usize {
        let f = ((x - self.plot.left()) / self.plot.width()).clamp(0.0, 1.0);
        (f * self.last as f32).round() as usize
    }
    fn strip(&self) -> Rect {
        Rect::from_min_max(
            pos2(self.plot.left(), self.plot.bottom() + 2.0),
            pos2(self.rect.right(), self.rect.bottom()),
        )
    }
}

/// The graph of a done review (see the module's text), as wide as the line, its height from the
/// window's. Returns the turn clicked or dragged to.
pub fn graph(ui: &mut egui::Ui, rv: &Review, game: &Game, ply: usize, lang: Lang) -> Option<usize> {
    let reviews = rv.done()?;
    let last = game.plies().len().max(1);
    let width = ui.available_width();
    let height = (ui.ctx().content_rect().height() * 0.14).clamp(70.0, 130.0);
    let (rect, resp) = ui.allocate_exact_size(vec2(width, height), Sense::click_and_drag());
    let graph_label = lang.t(&words::REVIEW_GRAPH).to_string();
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &graph_label));
    let painter = ui.painter_at(rect);
    let font = FontId::proportional(AXIS_FONT);
    let lines = advantage_lines(game.rules().mode, lang);
    let weak = ui.visuals().weak_text_color();
    let gutter = lines
        .iter()
        .chain([&(0, lang.t(&words::AXIS_TURN).to_string())])
        .map(|(_, t)| {
            painter
                .layout_no_wrap(t.clone(), font.clone(), weak)
                .size()
                .x
        })
        .fold(0.0f32, f32::max)
        + 8.0
        + AXIS_FONT * 0.35;
    let plot = Rect::from_min_max(
        pos2(rect.left() + gutter, rect.top() + 9.0),
        pos2(rect.right() - 10.0, rect.bottom() - AXIS_STRIP - 2.0),
    );
    let f = Frame { rect, plot, last };
    let mut jump = None;
    if (resp.clicked() || resp.dragged())
        && let Some(p) = resp.interact_pointer_pos()
    {
        jump = Some(f.turn_at(p.x));
    }
    painter.rect_filled(rect, 4.0, ui.visuals().extreme_bg_color);
    advantage_axis(ui, &painter, &f, &lines, lang);
    turn_axis(ui, &painter, &f, ply, lang);
    series(&painter, &f, reviews, game, lang);
    if let Some(p) = marks(ui, &painter, &f, reviews, game, lang) {
        jump = Some(p);
    }
    jump
}

/// The advantage axis: its lines across the plot and their labels in the gutter, each shown
/// where it has room (most wanted first), with an accessible label naming them top to bottom.
fn advantage_axis(
    ui: &egui::Ui,
    painter: &egui::Painter,
    f: &Frame,
    lines: &[(i32, String)],
    lang: Lang,
) {
    let font = FontId::proportional(AXIS_FONT);
    let weak = ui.visuals().weak_text_color();
    let mut placed: Vec<(f32, i32, &str)> = Vec::new();
    for (v, text) in lines {
        let y = f.y_of(*v);
        if placed
            .iter()
            .all(|(py, _, _)| (py - y).abs() >= AXIS_FONT + 1.0)
        {
            placed.push((y, *v, text));
        }
    }
    placed.sort_by(|a, b| a.0.total_cmp(&b.0));
    for &(y, v, text) in &placed {
        let stroke = if v == 0 {
            Stroke::new(1.0, weak)
        } else {
            Stroke::new(0.5, weak.gamma_multiply(0.5))
        };
        painter.line_segment([pos2(f.plot.left(), y), pos2(f.plot.right(), y)], stroke);
        painter.text(
            pos2(f.plot.left() - 4.0, y),
            Align2::RIGHT_CENTER,
            text,
            font.clone(),
            weak,
        );
    }
    let names: Vec<String> = placed.iter().map(|(_, _, t)| t.to_string()).collect();
    let label = fill(
        lang.t(&words::AXIS_ADVANTAGE),
        &[("ticks", &names.join(", "))],
    );
    let area = Rect::from_min_max(f.rect.min, pos2(f.plot.left(), f.plot.bottom()));
    let id = egui::Id::unique("review-graph-advantage-axis");
    let r = ui.interact(area, id, Sense::hover());
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
}

/// The turn axis: a tick and its number every few turns (`tick_step`, as many as the width
/// holds), the axis's name in the gutter's corner, and the turn shown as a line across the plot
/// with its number boxed on the axis; an accessible label names the numbers and the turn shown.
fn turn_axis(ui: &egui::Ui, painter: &egui::Painter, f: &Frame, ply: usize, lang: Lang) {
    let font = FontId::proportional(AXIS_FONT);
    let visuals = ui.visuals();
    let weak = visuals.weak_text_color();
    let strong = visuals.strong_text_color();
    let digits = f.last.to_string().len() as f32;
    let gap = digits * AXIS_FONT * 0.6 + 16.0;
    let step = tick_step(f.last, f.plot.width(), gap);
    let ticks = ticks(f.last, step);
    let strip = f.strip();
    let ply = ply.min(f.last);
    let current = f.x_of(ply);
    let boxed = digits * AXIS_FONT * 0.6 + 8.0;
    painter.line_segment(
        [
            pos2(f.plot.left(), f.plot.bottom()),
            pos2(f.plot.right(), f.plot.bottom()),
        ],
        Stroke::new(1.0, weak),
    );
    for &t in &ticks {
        let x = f.x_of(t);
        painter.line_segment(
            [pos2(x, f.plot.bottom()), pos2(x, f.plot.bottom() + 3.0)],
            Stroke::new(1.0, weak),
        );
        if (x - current).abs() >= boxed {
            painter.text(
                pos2(x, strip.center().y),
                Align2::CENTER_CENTER,
                t.to_string(),
                font.clone(),
                weak,
            );
        }
    }
    // The axis's name in the gutter's corner, clear of the first number (centred on the plot's
    // left edge).
    let half_zero = AXIS_FONT * 0.35;
    painter.text(
        pos2(f.plot.left() - half_zero - 5.0, strip.center().y),
        Align2::RIGHT_CENTER,
        lang.t(&words::AXIS_TURN),
        font.clone(),
        weak,
    );
    // The turn shown: a line across the plot, its number boxed on the axis.
    painter.line_segment(
        [pos2(current, f.plot.top()), pos2(current, f.plot.bottom())],
        Stroke::new(1.5, strong),
    );
    let text = painter.layout_no_wrap(ply.to_string(), font, visuals.extreme_bg_color);
    let size = text.size() + vec2(6.0, 0.0);
    let at = pos2(
        current.clamp(
            f.plot.left() + size.x / 2.0 - 8.0,
            f.rect.right() - size.x / 2.0,
        ),
        strip.center().y,
    );
    let r = Rect::from_center_size(at, size);
    painter.rect_filled(r, 3.0, strong);
    painter.galley(r.min + vec2(3.0, 0.0), text, strong);
    let numbers: Vec<String> = ticks.iter().map(|t| t.to_string()).collect();
    let label = fill(
        lang.t(&words::AXIS_TURNS),
        &[("ticks", &numbers.join(", ")), ("n", &ply.to_string())],
    );
    let id = egui::Id::unique("review-graph-turn-axis");
    let r = ui.interact(strip, id, Sense::hover());
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
}

/// A line per side through its turns' evaluations before the turn, and the sides' names at the
/// plot's top right.
fn series(painter: &egui::Painter, f: &Frame, reviews: &[TurnReview], game: &Game, lang: Lang) {
    let mut series: Vec<(Seat, Vec<Pos2>)> = Vec::new();
    for r in reviews {
        let (Some(j), Some(s)) = (r.judged, series_of(game, r.who)) else {
            continue;
        };
        let p = pos2(f.x_of(r.ply), f.y_of(j.before));
        match series.iter_mut().find(|(t, _)| *t == s) {
            Some((_, pts)) => pts.push(p),
            None => series.push((s, vec![p])),
        }
    }
    for (s, pts) in &series {
        painter.add(egui::Shape::line(
            pts.clone(),
            Stroke::new(2.0, board::side_colour(*s)),
        ));
    }
    for (k, (s, _)) in series.iter().enumerate() {
        painter.text(
            pos2(f.plot.right() - 2.0, f.plot.top() + 1.0 + 13.0 * k as f32),
            Align2::RIGHT_TOP,
            fill(
                lang.t(&words::REVIEW_GRAPH_SIDE),
                &[("side", &series_name(game, *s, lang))],
            ),
            FontId::proportional(AXIS_FONT),
            board::side_colour(*s),
        );
    }
}

/// The marked turns, `?` and `??` at the played turn's evaluation, each an accessible button
/// with its reason. Returns the turn of a mark clicked.
fn marks(
    ui: &egui::Ui,
    painter: &egui::Painter,
    f: &Frame,
    reviews: &[TurnReview],
    game: &Game,
    lang: Lang,
) -> Option<usize> {
    let mut jump = None;
    for r in reviews {
        let Some(label) = crate::commentary::mark_label(game, r, lang) else {
            continue;
        };
        let m = r.mark();
        let centre = pos2(f.x_of(r.ply), f.y_of(r.judged.map_or(0, |j| j.after)));
        let hit = Rect::from_center_size(centre, vec2(14.0, 14.0)).intersect(f.rect);
        let id = egui::Id::unique("review-mark").with(r.ply);
        let mresp = ui.interact(hit, id, Sense::click());
        mresp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        let mresp = mresp.on_hover_text(&label);
        if mresp.clicked() {
            jump = Some(r.ply);
        }
        painter.circle_filled(centre, 3.0, mark_colour(m));
        // Above the dot, or below it at the graph's top edge.
        let (at, align) = if centre.y - 18.0 < f.rect.top() {
            (centre + vec2(0.0, 4.0), Align2::CENTER_TOP)
        } else {
            (centre + vec2(0.0, -4.0), Align2::CENTER_BOTTOM)
        };
        painter.text(
            at,
            align,
            m.symbol(),
            FontId::proportional(12.0),
            mark_colour(m),
        );
    }
    jump
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The turn axis's step: numbers far enough apart for the width, the smallest step that is.
    #[test]
    fn the_turn_axis_has_as_many_ticks_as_the_width_holds() {
        // 58 turns over 1000 points, labels 30 points apart: every 2 turns would be 34 points.
        assert_eq!(tick_step(58, 1000.0, 30.0), 2);
        // The same game in 400 points: every 5 turns.
        assert_eq!(tick_step(58, 400.0, 30.0), 5);
        // 300 turns in 600 points: every 20 (40 points; 10 would be 20).
        assert_eq!(tick_step(300, 600.0, 30.0), 20);
        // A short game: every turn.
        assert_eq!(tick_step(6, 600.0, 30.0), 1);
        // Never more than the game: 3 turns in 20 points have one step of 3 at most.
        assert!(tick_step(3, 20.0, 30.0) <= 5);
        assert_eq!(ticks(58, 10), vec![0, 10, 20, 30, 40, 50]);
        assert_eq!(ticks(0, 1), vec![0]);
        for (last, width) in [(1, 300.0), (40, 300.0), (146, 900.0), (1000, 1800.0)] {
            let step = tick_step(last, width, 30.0);
            let apart = step as f32 * width / last as f32;
            assert!(apart >= 30.0 || step >= last, "{last} {width}: {step}");
            let ts = ticks(last, step);
            assert!(ts.len() >= 2 || last < step, "{last} {width}: {ts:?}");
        }
    }

    /// The graph folds by itself in a small window and shows in a large one; its toggle opens it
    /// in the small one and folds it by hand in the large one.
    #[test]
    fn the_graph_folds_in_a_small_window() {
        let mut f = Fold::default();
        assert!(!f.shown(480.0));
        assert!(f.shown(780.0));
        f.toggle(Fold::fits(480.0));
        assert!(f.shown(480.0));
        let mut f = Fold::default();
        f.toggle(Fold::fits(1080.0));
        assert!(!f.shown(1080.0));
        assert!(!f.shown(480.0));
    }

    /// The advantage axis names pieces' worth, not figures.
    #[test]
    fn the_advantage_axis_speaks_of_pieces() {
        let en: Vec<String> = advantage_lines(Mode::Open, Lang::En)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        assert_eq!(
            en,
            [
                "even",
                "won",
                "lost",
                "+marshal",
                "−marshal",
                "+brigadier",
                "−brigadier"
            ]
        );
        let zh: Vec<String> = advantage_lines(Mode::Hidden, Lang::Zh)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        assert_eq!(zh, ["均势", "胜", "负", "+司令", "−司令", "+旅长", "−旅长"]);
    }
}
