//! Painting the board's parts: the ground, the nodes, the seat tags, the pieces and their texts.

use super::geometry::{
    COORD4_FONT, GAP, ROW, cell_pos, four_coordinate_pos, four_lines, four_middle, link_points,
    node_pos,
};
use super::{BOARD_BG, BoardWidget, Flash, INK, Placed, paint_seat_shape, side_colour};
use crate::engine::{Board, NodeId, NodeKind, Rank, Seat, Seen};
use crate::i18n::{self, Lang};
use egui::emath::RectTransform;
use egui::{
    Color32, CornerRadius, FontId, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, Vec2, pos2, vec2,
};

impl BoardWidget<'_> {
    /// The ground: the board (a rectangle, or the four-player cross with each arm tinted by its
    /// seat's colour), then the roads (thin), the railways (thick black with white dashes; the
    /// four-player board's corner arcs as curves) and the two-player front line.
    pub(super) fn paint_ground(&self, d: &Placed) {
        let (board, painter, scale) = (d.board, &d.painter, d.scale);
        if board.is_four() {
            self.paint_cross(painter, &d.to_screen, scale);
        } else {
            painter.rect_filled(d.rect, CornerRadius::same((scale * 0.12) as u8), BOARD_BG);
            painter.rect_stroke(
                d.rect.shrink(scale * 0.12),
                CornerRadius::same((scale * 0.08) as u8),
                Stroke::new((scale * 0.02).max(1.0), INK),
                StrokeKind::Inside,
            );
        }
        let road = Stroke::new((scale * 0.025).max(1.0), INK);
        for a in 0..board.len() as NodeId {
            for &b in &board.links[a as usize] {
                if b > a && !board.rail_linked(a, b) {
                    painter.line_segment([d.at(a), d.at(b)], road);
                }
            }
        }
        let rail_w = (scale * 0.09).max(3.0);
        for a in 0..board.len() as NodeId {
            for &b in &board.rail_links[a as usize] {
                if b > a {
                    let points: Vec<Pos2> = link_points(board, self.bottom, a, b)
                        .into_iter()
                        .map(|p| d.to_screen.transform_pos(p))
                        .collect();
                    railway(painter, &points, rail_w, scale);
                }
            }
        }
        if !board.is_four() {
            front_line(painter, board, &d.to_screen, scale);
        }
    }

    /// Node outlines: stations as tiles, camps as circles, headquarters arched towards the
    /// board's middle. A station under a piece is hidden by it (the piece's tile is larger) and
    /// not painted: under a software renderer every shape counts in an idle frame.
    pub(super) fn paint_nodes(&self, ui: &egui::Ui, d: &Placed, id: egui::Id) {
        let (board, painter, scale, tile) = (d.board, &d.painter, d.scale, d.tile);
        let centre = d.to_screen.transform_pos(d.units.center());
        let ground = Color32::from_rgb(0xf6, 0xea, 0xc8);
        for n in 0..board.len() as NodeId {
            let p = d.at(n);
            let outline = Stroke::new((scale * 0.02).max(1.0), INK);
            match board.kind(n) {
                NodeKind::Station
                    if !matches!(self.view.at(n), Seen::Empty)
                        && !ui.ctx().is_being_dragged(id.with(n)) => {}
                NodeKind::Station => {
                    painter.rect(
                        Rect::from_center_size(p, tile * 0.9),
                        CornerRadius::same((scale * 0.04) as u8),
                        BOARD_BG,
                        outline,
                        StrokeKind::Middle,
                    );
                }
                NodeKind::Camp => {
                    painter.circle(p, d.geom.camp_r * scale, ground, outline);
                }
                NodeKind::Hq => {
                    let r = Rect::from_center_size(p, vec2(tile.x * 1.0, tile.y * 1.15));
                    let big = (tile.y * 0.55) as u8;
                    let small = (scale * 0.04) as u8;
                    let cr = arched_towards(centre - p, big, small);
                    painter.rect(r, cr, ground, outline, StrokeKind::Middle);
                }
            }
        }
    }

    /// The piece picked up, outlined in gold, and where it may go: a green dot on an empty node,
    /// a red ring round a piece it would attack.
    pub(super) fn paint_choice(&self, d: &Placed) {
        let (painter, scale) = (&d.painter, d.scale);
        if let Some(s) = self.selected {
            painter.rect_stroke(
                Rect::from_center_size(d.at(s), d.tile * 1.1),
                CornerRadius::same((scale * 0.06) as u8),
                Stroke::new((scale * 0.06).max(2.0), Color32::from_rgb(0xff, 0xc8, 0x00)),
                StrokeKind::Outside,
            );
        }
        for &n in self.destinations {
            let p = d.at(n);
            if matches!(self.view.at(n), Seen::Empty) {
                painter.circle_filled(p, scale * 0.09, Color32::from_rgb(0x1e, 0x9e, 0x3a));
            } else {
                painter.circle_stroke(
                    p,
                    scale * 0.3,
                    Stroke::new((scale * 0.06).max(2.0), Color32::from_rgb(0xe0, 0x10, 0x10)),
                );
            }
        }
    }

    /// A clash, briefly, above its node: both pieces side by side and the outcome, fading out.
    pub(super) fn paint_flash(&self, d: &Placed, f: &Flash) {
        let (painter, scale, tile) = (&d.painter, d.scale, d.tile);
        let p = d.at(f.at);
        let alpha = (f.fade / 0.3).clamp(0.0, 1.0);
        let small = tile * 0.8;
        let box_rect = Rect::from_center_size(
            p - vec2(0.0, tile.y * 1.3),
            vec2(small.x * 2.3, small.y * 1.9),
        );
        painter.rect_filled(
            box_rect,
            CornerRadius::same(6),
            Color32::from_white_alpha((235.0 * alpha) as u8),
        );
        let a = Rect::from_center_size(
            box_rect.center() - vec2(small.x * 0.58, small.y * 0.35),
            small,
        );
        let b = Rect::from_center_size(
            box_rect.center() + vec2(small.x * 0.58, -small.y * 0.35),
            small,
        );
        self.paint_seen(painter, a, f.attacker, scale * 0.8);
        self.paint_seen(painter, b, f.defender, scale * 0.8);
        let out = match self.lang {
            Lang::Zh => f.outcome.zh(),
            Lang::En => f.outcome.en(),
        };
        painter.text(
            box_rect.center() + vec2(0.0, small.y * 0.55),
            egui::Align2::CENTER_CENTER,
            out,
            FontId::proportional(scale * 0.17),
            Color32::BLACK.gamma_multiply(alpha),
        );
    }

    /// The four-player cross: one light square per arm tinted with its seat's colour and the
    /// nine-station centre, each outlined; the arm of the seat to move outlined in gold.
    pub(super) fn paint_cross(
        &self,
        painter: &egui::Painter,
        to_screen: &RectTransform,
        scale: f32,
    ) {
        let board = self.view.board();
        let outline = Stroke::new((scale * 0.03).max(1.0), INK);
        let pad = 0.55;
        let bounds = |half: Option<Seat>| {
            let mut r = Rect::NOTHING;
            for n in 0..board.len() as NodeId {
                if board.nodes[n as usize].half == half {
                    r.extend_with(node_pos(board, self.bottom, n));
                }
            }
            r.expand(pad)
        };
        let centre = bounds(None);
        painter.rect(
            to_screen.transform_rect(centre),
            CornerRadius::same((scale * 0.1) as u8),
            BOARD_BG,
            outline,
            StrokeKind::Middle,
        );
        let mover = self.view.mover().side();
        for &seat in board.seats {
            let r = to_screen.transform_rect(bounds(Some(seat)));
            // A player who is out: the arm stays (every rule still applies there), greyed.
            let tint = if self.view.out().contains(seat) {
                Color32::from_gray(120).gamma_multiply(0.3)
            } else {
                side_colour(seat).gamma_multiply(0.16)
            };
            painter.rect_filled(r, CornerRadius::same((scale * 0.1) as u8), BOARD_BG);
            painter.rect(
                r,
                CornerRadius::same((scale * 0.1) as u8),
                tint,
                outline,
                StrokeKind::Middle,
            );
            if mover == Some(seat) {
                painter.rect_stroke(
                    r.expand(scale * 0.06),
                    CornerRadius::same((scale * 0.14) as u8),
                    Stroke::new((scale * 0.1).max(3.0), Color32::from_rgb(0xf0, 0xb0, 0x00)),
                    StrokeKind::Outside,
                );
            }
        }
    }

    /// File letters and rank numbers of the four-player board, beside the outermost node of each
    /// displayed column (below it) and row (left of it), whichever way the board is turned.
    pub(super) fn four_coordinates(
        &self,
        painter: &egui::Painter,
        to_screen: &RectTransform,
        scale: f32,
    ) {
        let board = self.view.board();
        let font = FontId::monospace(scale * COORD4_FONT);
        let colour = INK.gamma_multiply(0.8);
        for (vertical, _, name, nodes) in four_lines(board, self.bottom) {
            let p = four_coordinate_pos(board, self.bottom, vertical, &nodes);
            painter.text(
                to_screen.transform_pos(p),
                egui::Align2::CENTER_CENTER,
                name,
                font.clone(),
                colour,
            );
        }
    }

    /// A tag for each seat in the corner on its arm's right (as the board is drawn): the seat's
    /// shape in its colour, its name and colour in words, and "to move" for the seat to move.
    /// Screen readers read it ("South (red) — to move").
    pub(super) fn seat_tags(
        &self,
        ui: &mut egui::Ui,
        painter: &egui::Painter,
        to_screen: &RectTransform,
        scale: f32,
    ) {
        let board = self.view.board();
        let mid = four_middle(board);
        let mover = self.view.mover().side();
        for &seat in board.seats {
            // The arm's middle, the direction from the board's middle to it, and the corner
            // beside it.
            let (mut sum, mut k) = (Vec2::ZERO, 0.0);
            for n in 0..board.len() as NodeId {
                if board.nodes[n as usize].half == Some(seat) {
                    sum += node_pos(board, self.bottom, n).to_vec2();
                    k += 1.0;
                }
            }
            let arm = (sum / k).to_pos2();
            let out = (arm - mid).normalized();
            let at = arm + out * 1.0 + out.rot90() * 4.6;
            let to_move = mover == Some(seat) && !self.finished;
            let template = if self.view.out().contains(seat) {
                &i18n::SEAT_TAG_OUT
            } else if to_move {
                &i18n::SEAT_TAG_TO_MOVE
            } else {
                &i18n::SEAT_TAG
            };
            let text = i18n::fill(
                self.lang.t(template),
                &[
                    ("seat", self.lang.side(seat)),
                    ("colour", self.lang.seat_colour(seat)),
                ],
            );
            let c = to_screen.transform_pos(at);
            let font = FontId::proportional(scale * 0.3);
            let galley = painter.layout(text.clone(), font, INK, scale * 3.6);
            let shape_r = scale * 0.2;
            let w = galley.size().x + shape_r * 3.0;
            let box_rect = Rect::from_center_size(
                c,
                vec2(w, galley.size().y.max(shape_r * 2.4)) + Vec2::splat(scale * 0.2),
            );
            let frame = if to_move {
                Stroke::new((scale * 0.07).max(2.0), Color32::from_rgb(0xf0, 0xb0, 0x00))
            } else {
                Stroke::new(1.0, INK.gamma_multiply(0.6))
            };
            painter.rect(
                box_rect,
                CornerRadius::same((scale * 0.08) as u8),
                Color32::from_rgb(0xfb, 0xf4, 0xe2),
                frame,
                StrokeKind::Middle,
            );
            let shape_c = pos2(box_rect.left() + scale * 0.1 + shape_r * 1.3, c.y);
            paint_seat_shape(painter, seat, shape_c, shape_r, side_colour(seat));
            let text_pos = pos2(shape_c.x + shape_r * 1.7, c.y - galley.size().y / 2.0);
            painter.galley(text_pos, galley, INK);
            let resp = ui.interact(
                box_rect,
                ui.make_persistent_id(("junqi-seat-tag", seat.index())),
                Sense::hover(),
            );
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
        }
    }
    /// Paint what is seen at a node in the tile `r`; returns the size of the name painted on a
    /// face-up piece (points).
    pub fn paint_seen(
        &self,
        painter: &egui::Painter,
        r: Rect,
        seen: Seen,
        scale: f32,
    ) -> Option<f32> {
        let rounding = CornerRadius::same((scale * 0.07) as u8);
        let edge = Stroke::new((scale * 0.015).max(1.0), Color32::from_black_alpha(160));
        match seen {
            Seen::Empty => {}
            Seen::Known(p) => {
                let c = side_colour(p.side());
                painter.rect(r, rounding, c, edge, StrokeKind::Inside);
                painter.rect_stroke(
                    r.shrink(scale * 0.035),
                    rounding,
                    Stroke::new(1.0, Color32::from_white_alpha(110)),
                    StrokeKind::Inside,
                );
                // Four players: the seat's shape in the top left corner.
                paint_seat_shape(
                    painter,
                    p.side(),
                    r.left_top() + Vec2::splat(r.height() * 0.16),
                    r.height() * 0.09,
                    Color32::from_white_alpha(220),
                );
                let t = piece_text(
                    painter,
                    r,
                    p.rank(),
                    self.opts.english_names,
                    self.opts.rank_numbers,
                );
                painter.text(
                    t.name_rect.center(),
                    egui::Align2::CENTER_CENTER,
                    t.name,
                    FontId::proportional(t.name_size),
                    Color32::WHITE,
                );
                if let Some((num, rect, size)) = t.number {
                    painter.text(
                        rect.center(),
                        egui::Align2::CENTER_CENTER,
                        num,
                        FontId::proportional(size),
                        Color32::from_rgb(0xff, 0xee, 0x99),
                    );
                }
                return Some(t.name_size);
            }
            Seen::Unknown(side) => {
                painter.rect(r, rounding, side_colour(side), edge, StrokeKind::Inside);
                painter.rect_stroke(
                    r.shrink(scale * 0.06),
                    rounding,
                    Stroke::new(1.5, Color32::from_white_alpha(90)),
                    StrokeKind::Inside,
                );
                // Four players: the seat's shape on its backs, so hue is not the only sign.
                paint_seat_shape(
                    painter,
                    side,
                    r.center(),
                    r.height() * 0.2,
                    Color32::from_white_alpha(200),
                );
            }
            Seen::FaceDown => {
                painter.rect(
                    r,
                    rounding,
                    Color32::from_rgb(0x6d, 0x5a, 0x44),
                    edge,
                    StrokeKind::Inside,
                );
                painter.rect_stroke(
                    r.shrink(scale * 0.06),
                    rounding,
                    Stroke::new(1.5, Color32::from_white_alpha(70)),
                    StrokeKind::Inside,
                );
            }
        }
        None
    }
}

/// The name of a rank on a piece in English: the usual military abbreviations, short enough to
/// stay legible on a tile (the full name is in the tooltip and the screen-reader label).
pub fn short_en(rank: Rank) -> &'static str {
    match rank {
        Rank::Marshal => "FM",
        Rank::General => "Gen",
        Rank::MajorGeneral => "MGen",
        Rank::Brigadier => "Brig",
        Rank::Colonel => "Col",
        Rank::Major => "Maj",
        Rank::Captain => "Capt",
        Rank::Lieutenant => "Lt",
        Rank::Engineer => "Eng",
        Rank::Bomb => "Bomb",
        Rank::Mine => "Mine",
        Rank::Flag => "Flag",
    }
}

/// The texts on a face-up piece, placed: the name and, with rank numbers on, the number beside
/// it, side by side and centred, both shrunk together only if they would not fit.
#[derive(Debug)]
pub struct PieceText {
    pub name: &'static str,
    pub name_rect: Rect,
    pub name_size: f32,
    pub number: Option<(String, Rect, f32)>,
}

pub fn piece_text(
    painter: &egui::Painter,
    r: Rect,
    rank: Rank,
    english: bool,
    numbers: bool,
) -> PieceText {
    let name = if english { short_en(rank) } else { rank.zh() };
    let number = rank
        .players_number()
        .filter(|_| numbers)
        .map(|n| n.to_string());
    let measure = |t: &str, size: f32| {
        painter
            .layout_no_wrap(t.to_string(), FontId::proportional(size), Color32::WHITE)
            .size()
    };
    let (mut name_size, mut num_size) = (r.height() * 0.5, r.height() * 0.36);
    let gap = if number.is_some() {
        r.width() * 0.05
    } else {
        0.0
    };
    let room = r.width() * 0.88;
    let name_w = measure(name, name_size).x;
    let num_w = number.as_deref().map_or(0.0, |n| measure(n, num_size).x);
    let total = name_w + gap + num_w;
    let k = (room / total).min(1.0);
    name_size *= k;
    num_size *= k;
    let name_dim = measure(name, name_size);
    let left = r.center().x - total * k / 2.0;
    let name_rect = Rect::from_min_size(pos2(left, r.center().y - name_dim.y / 2.0), name_dim);
    let number = number.map(|n| {
        let d = measure(&n, num_size);
        let rect = Rect::from_min_size(
            pos2(name_rect.right() + gap * k, r.center().y - d.y / 2.0),
            d,
        );
        (n, rect, num_size)
    });
    PieceText {
        name,
        name_rect,
        name_size,
        number,
    }
}

/// The corners of a headquarters' tile: `big` (arched) on the side towards `towards` (from the
/// tile to the board's middle), `small` on the other.
fn arched_towards(towards: Vec2, big: u8, small: u8) -> CornerRadius {
    let pick = |arched: bool| if arched { big } else { small };
    if towards.y.abs() >= towards.x.abs() {
        let down = towards.y > 0.0;
        CornerRadius {
            nw: pick(!down),
            ne: pick(!down),
            sw: pick(down),
            se: pick(down),
        }
    } else {
        let right = towards.x > 0.0;
        CornerRadius {
            nw: pick(!right),
            sw: pick(!right),
            ne: pick(right),
            se: pick(right),
        }
    }
}

/// A railway along a polyline: a thick black line with white dashes along it.
pub(super) fn railway(painter: &egui::Painter, points: &[Pos2], width: f32, scale: f32) {
    painter.add(Shape::line(
        points.to_vec(),
        Stroke::new(width, Color32::from_rgb(0x20, 0x1a, 0x14)),
    ));
    let dash = (scale * 0.12).max(4.0);
    let white = Stroke::new(width * 0.5, Color32::from_rgb(0xf4, 0xef, 0xe2));
    // Walk the polyline, painting every other dash-length piece white.
    let mut travelled = 0.0_f32;
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = a.distance(b);
        if len <= 0.0 {
            continue;
        }
        let dir = (b - a) / len;
        let mut t = 0.0;
        while t < len {
            let k = ((travelled + t) / dash).floor();
            let next = ((k + 1.0) * dash - travelled).min(len);
            if (k as i64) % 2 == 0 {
                painter.line_segment([a + dir * t, a + dir * next], white);
            }
            t = next.max(t + 1e-3);
        }
        travelled += len;
    }
}

/// The front line of the two-player board: mountains on files b and d, 山界 between.
pub(super) fn front_line(
    painter: &egui::Painter,
    board: &Board,
    to_screen: &RectTransform,
    scale: f32,
) {
    let mid_y = cell_pos(board, 0.0, board.height as f32 / 2.0 - 1.0).y + (ROW + GAP) / 2.0;
    for col in [1.0, 3.0] {
        let c = to_screen.transform_pos(pos2(col, mid_y));
        let s = scale * 0.26;
        let mountain = |dx: f32, h: f32| {
            Shape::convex_polygon(
                vec![
                    c + vec2(dx - s * 0.7, s * 0.45),
                    c + vec2(dx, s * 0.45 - h),
                    c + vec2(dx + s * 0.7, s * 0.45),
                ],
                Color32::from_rgb(0x8a, 0x6a, 0x3a),
                Stroke::new(1.0, INK),
            )
        };
        painter.add(mountain(-s * 0.45, s * 0.8));
        painter.add(mountain(s * 0.4, s * 1.1));
    }
    let shan = to_screen.transform_pos(pos2(2.5, mid_y));
    let jie = to_screen.transform_pos(pos2(1.5, mid_y));
    for (p, t) in [(jie, "山"), (shan, "界")] {
        painter.text(
            p,
            egui::Align2::CENTER_CENTER,
            t,
            FontId::proportional(scale * 0.26),
            INK.gamma_multiply(0.55),
        );
    }
}

/// File letters below and rank numbers left of the two-player board.
pub(super) fn two_coordinates(
    painter: &egui::Painter,
    board: &Board,
    to_screen: &RectTransform,
    units: Rect,
    scale: f32,
    at: &dyn Fn(NodeId) -> Pos2,
) {
    let font = FontId::monospace(scale * 0.2);
    let colour = INK.gamma_multiply(0.8);
    for col in 0..board.width {
        let n = board.node_at(col, 0).expect("rectangular board");
        let x = at(n).x;
        let y = to_screen.transform_pos(pos2(0.0, units.max.y - 0.22)).y;
        painter.text(
            pos2(x, y),
            egui::Align2::CENTER_CENTER,
            board.name(n)[..1].to_string(),
            font.clone(),
            colour,
        );
    }
    for row in 0..board.height {
        let n = board.node_at(0, row).expect("rectangular board");
        let y = at(n).y;
        let x = to_screen.transform_pos(pos2(units.min.x + 0.22, 0.0)).x;
        painter.text(
            pos2(x, y),
            egui::Align2::CENTER_CENTER,
            (row + 1).to_string(),
            font.clone(),
            colour,
        );
    }
}

/// The frame of announcements (end-of-game banner, resume offer, referee verdicts).
pub fn banner_frame(margin: i8) -> egui::Frame {
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(0xff, 0xf2, 0xc0))
        .stroke(egui::Stroke::new(
            2.0,
            egui::Color32::from_rgb(0xc0, 0x90, 0x20),
        ))
        .corner_radius(6)
        .inner_margin(margin)
}
