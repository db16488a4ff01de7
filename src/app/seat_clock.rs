//! The move clock at the seat to move: a bar along the board's edge on that seat's side, as long
//! as the seat's half (two players) or arm (four players), shrinking as the turn's time runs out
//! and red in its last seconds; screen readers read "Red: 23 s left for this turn". The panel's
//! clock text stays as it is.
//!
//! The bar lies in a strip kept round the board (`board_area`), outside the board's own drawing,
//! so the picture the board is drawn from while nothing on it changes (board_cache) stays valid
//! while the bar counts down.

use super::board::{self, BoardInput, BoardWidget};
use crate::engine::{Board, NodeId, Seat};
use crate::i18n::{self, Lang, fill};
use egui::{Color32, CornerRadius, Pos2, Rect, Vec2, vec2};

/// The strip kept round the board for the bar, in points.
pub const STRIP: f32 = 14.0;
/// The bar's thickness.
const BAR: f32 = 8.0;
/// Seconds left under which the bar turns red.
pub const LOW: f64 = 10.0;
/// The bar's colour while there is time.
const TIME_COLOUR: Color32 = Color32::from_rgb(0xe0, 0xa0, 0x00);

/// The board's rectangle inside `full`, a strip of `STRIP` kept free on every side.
pub fn board_area(board: &Board, full: Rect) -> Rect {
    let inner = full.shrink(STRIP);
    Rect::from_center_size(
        inner.center(),
        board::fitted(board, inner.size().max(Vec2::splat(1.0))),
    )
}

/// The edge of the board drawing `input` nearest the nodes of `seat`'s half or arm, and the
/// extent of those nodes along it: (outward direction, from, to).
fn seat_edge(board: &Board, seat: Seat, input: &BoardInput) -> Option<(Vec2, Pos2, Pos2)> {
    let own: Vec<Pos2> = (0..board.len() as NodeId)
        .filter(|&n| board.nodes[n as usize].half == Some(seat))
        .filter_map(|n| input.centres.get(n as usize).copied())
        .collect();
    if own.is_empty() {
        return None;
    }
    let mut span = Rect::NOTHING;
    for &p in &own {
        span.extend_with(p);
    }
    let span = span.expand2(input.tile * 0.5);
    let d = span.center() - input.rect.center();
    let r = input.rect;
    let gap = (STRIP - BAR) / 2.0;
    Some(if d.y.abs() >= d.x.abs() {
        if d.y > 0.0 {
            let y = r.bottom() + gap + BAR / 2.0;
            (
                Vec2::DOWN,
                Pos2::new(span.left(), y),
                Pos2::new(span.right(), y),
            )
        } else {
            let y = r.top() - gap - BAR / 2.0;
            (
                Vec2::UP,
                Pos2::new(span.left(), y),
                Pos2::new(span.right(), y),
            )
        }
    } else if d.x > 0.0 {
        let x = r.right() + gap + BAR / 2.0;
        (
            Vec2::RIGHT,
            Pos2::new(x, span.top()),
            Pos2::new(x, span.bottom()),
        )
    } else {
        let x = r.left() - gap - BAR / 2.0;
        (
            Vec2::LEFT,
            Pos2::new(x, span.top()),
            Pos2::new(x, span.bottom()),
        )
    })
}

/// The bar's colour with `left` seconds left: red in the last seconds.
pub fn colour(left: f64) -> Color32 {
    if left < LOW { board::RED } else { TIME_COLOUR }
}

/// The words a screen reader reads for the bar.
pub fn label(lang: Lang, seat: Seat, left: f64) -> String {
    fill(
        lang.t(&i18n::CLOCK_AT_SEAT),
        &[
            ("side", lang.side(seat)),
            ("n", &format!("{}", left.max(0.0).ceil() as u64)),
        ],
    )
}

/// Show the board `widget`. With the move clock running (`clock`: the seat to move, its seconds
/// left and the turn's seconds), the board leaves a strip round it for the bar at that seat
/// (outside the board's drawing, which stays the same while the clock counts).
pub fn board_with_bar(
    ui: &mut egui::Ui,
    widget: BoardWidget,
    clock: Option<(Seat, f64, f64)>,
    lang: Lang,
) -> BoardInput {
    let board = widget.view.board();
    let input = match clock {
        Some(_) => {
            let full = ui.available_rect_before_wrap();
            let area = board_area(board, full);
            let input = ui
                .scope_builder(egui::UiBuilder::new().max_rect(area), |ui| widget.show(ui))
                .inner;
            ui.advance_cursor_after_rect(full);
            input
        }
        None => widget.show(ui),
    };
    if let Some((seat, left, total)) = clock {
        show(ui, board, seat, left, total, lang, &input);
    }
    input
}

/// The bar for `seat`, to move with `left` of `total` seconds, beside the board drawn as `input`.
pub fn show(
    ui: &mut egui::Ui,
    board: &Board,
    seat: Seat,
    left: f64,
    total: f64,
    lang: Lang,
    input: &BoardInput,
) {
    let Some((out, from, to)) = seat_edge(board, seat, input) else {
        return;
    };
    let across = vec2(out.x.abs(), out.y.abs()) * BAR;
    let track = Rect::from_two_pos(from, to).expand2(across / 2.0);
    let part = (left / total.max(1.0)).clamp(0.0, 1.0) as f32;
    // The bar shrinks towards its start (left, or top for the side arms).
    let fill_rect = Rect::from_min_size(
        track.min,
        if out.y != 0.0 {
            vec2(track.width() * part, track.height())
        } else {
            vec2(track.width(), track.height() * part)
        },
    );
    let colour = if left < LOW { board::RED } else { TIME_COLOUR };
    let painter = ui.painter();
    let round = CornerRadius::same((BAR / 2.0) as u8);
    painter.rect_filled(track, round, Color32::from_black_alpha(40));
    painter.rect_filled(fill_rect, round, colour);
    let text = label(lang, seat, left);
    let resp = ui.interact(
        track,
        ui.make_persistent_id("junqi-seat-clock"),
        egui::Sense::hover(),
    );
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ProgressIndicator, true, &text));
    resp.on_hover_text(text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_turns_red_in_the_last_seconds_and_reads_whole_seconds() {
        assert_eq!(colour(30.0), TIME_COLOUR);
        assert_eq!(colour(LOW), TIME_COLOUR);
        assert_eq!(colour(9.9), board::RED);
        assert_eq!(colour(0.0), board::RED);
        assert_eq!(
            label(Lang::En, Seat::Red, 22.3),
            "Red: 23 s left for this turn"
        );
        assert_eq!(label(Lang::Zh, Seat::North, -1.0), "北方本步剩余 0 秒");
    }

    /// The board leaves the strip free on every side.
    #[test]
    fn the_board_leaves_a_strip_for_the_bar() {
        for board in [Board::two_player(), Board::four_player()] {
            let full = Rect::from_min_size(Pos2::new(10.0, 20.0), vec2(700.0, 500.0));
            let area = board_area(board, full);
            assert!(full.shrink(STRIP - 0.01).contains_rect(area), "{area:?}");
        }
    }
}
