//! The board widget: one custom widget, written like egui's `toggle_switch` demo — allocate the
//! rect, read the responses, paint. Board and screen meet through one `RectTransform`. Every node
//! reports `widget_info` ("c6 红 团长", "c6 Red Colonel", "c6") for screen readers and tests.
//! It draws only from a `View`, so hidden and flip games draw piece backs for what a player may not see.

use super::i18n::{self, Lang};
use super::settings::BoardOptions;
use crate::engine::{
    Board, ClashOutcome, Game, Mover, NodeId, NodeKind, Piece, Rank, Seen, Side, Turn, View,
};
use egui::emath::RectTransform;
use egui::{
    Color32, CornerRadius, FontId, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, Vec2, pos2, vec2,
};

/// Distance between rows, in board units (one unit = the distance between files).
const ROW: f32 = 0.62;
/// Extra space of the front line (山界) between the two halves.
const GAP: f32 = 0.62;
const TILE: Vec2 = vec2(0.76, 0.46);
const CAMP_R: f32 = 0.36;
const MARGIN: f32 = 0.5;

pub const RED: Color32 = Color32::from_rgb(0xc0, 0x2a, 0x22);
pub const BLUE: Color32 = Color32::from_rgb(0x1f, 0x4e, 0xa0);
pub const BOARD_BG: Color32 = Color32::from_rgb(0xee, 0xdc, 0xb0);
const INK: Color32 = Color32::from_rgb(0x4a, 0x3a, 0x28);

pub fn side_colour(side: Side) -> Color32 {
    // Four-player seats (not drawn yet): one colour per team.
    match side {
        Side::Red | Side::South | Side::North => RED,
        Side::Blue | Side::East | Side::West => BLUE,
    }
}

/// A clash to show briefly over the board.
#[derive(Clone, Debug)]
pub struct Flash {
    pub at: NodeId,
    /// The pieces as the player looking at the screen knows them (hidden mode: backs for unknowns).
    pub attacker: Seen,
    pub defender: Seen,
    pub outcome: ClashOutcome,
    /// Seconds left to show it.
    pub fade: f32,
}

/// What the board shows besides the pieces.
pub struct BoardWidget<'a> {
    pub view: &'a View,
    pub opts: &'a BoardOptions,
    pub lang: Lang,
    pub bottom: Side,
    pub selected: Option<NodeId>,
    pub destinations: &'a [NodeId],
    /// The last turn, marked until the next one (see `last_mark`).
    pub last_move: Option<LastMark>,
    pub flash: Option<&'a Flash>,
    /// Whether pieces of the side to move may be picked up (false when the game is over).
    pub interactive: bool,
}

/// The last turn as the board marks it: the nodes a move passed through (the rail path, corners
/// included), or the one node flipped.
#[derive(Clone, Debug, PartialEq)]
pub struct LastMark {
    pub path: Vec<NodeId>,
    pub colour: Color32,
}

/// The mark of the turn that led to position `shown` of `game` (`None` at the start and after a
/// turn lost to the clock). Every screen that shows a game marks its last turn through this, so
/// moves, flips and the computer's turns all get the same mark. Only public facts are used: the
/// turn, its mover and which nodes were occupied before it.
pub fn last_mark(game: &Game, shown: usize) -> Option<LastMark> {
    let ply = game.plies().get(shown.checked_sub(1)?)?;
    let (turn, report) = (ply.turn?, ply.report.as_ref()?);
    let side = match report.mover {
        Mover::Side(s) => Some(s),
        // Flip mode before colours: the flipper's colour if this flip decided it.
        Mover::Player(p) => report
            .colours_decided
            .map(|(q, s)| if q == p { s } else { s.other() }),
    };
    let colour = side.map_or(INK, side_colour);
    let path = match turn {
        Turn::Move { from, to } => {
            let before = game.position_at(shown - 1);
            game.board().move_path(from, to, |n| before.at(n).is_none())
        }
        Turn::Flip(n) => vec![n],
    };
    Some(LastMark { path, colour })
}

/// Where the board drew the last-turn mark in its latest frame (kept in the context's data under
/// `LAST_MARK_ID`, for tests and tools): the nodes, their screen points and the arrowhead length.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnMark {
    pub path: Vec<NodeId>,
    pub points: Vec<Pos2>,
    pub head: f32,
}

pub const LAST_MARK_ID: &str = "junqi-last-mark";

/// Outline the first and last node of the mark and, for a move, draw the path with an arrowhead
/// sized to the board. Returns the arrowhead's length (0 for a flip).
fn draw_last_mark(
    painter: &egui::Painter,
    mark: &LastMark,
    points: &[Pos2],
    tile: Vec2,
    scale: f32,
) -> f32 {
    let c = mark.colour;
    let outline = Stroke::new((scale * 0.05).max(2.0), c);
    let ends = [points.first(), points.last()];
    for p in ends.into_iter().flatten() {
        painter.rect_stroke(
            Rect::from_center_size(*p, tile * 1.12),
            CornerRadius::same((scale * 0.06) as u8),
            outline,
            StrokeKind::Outside,
        );
    }
    if points.len() < 2 {
        return 0.0;
    }
    let line = Stroke::new((scale * 0.04).max(1.5), c.gamma_multiply(0.85));
    let head = (scale * 0.22).max(6.0);
    let (last, before) = (points[points.len() - 1], points[points.len() - 2]);
    let dir = (last - before).normalized();
    // The tip touches the destination tile's edge (pieces are painted over the mark, and the
    // piece's name stays readable), or half-way on a very short leg.
    let to_edge =
        (tile.x * 0.56 / dir.x.abs().max(1e-3)).min(tile.y * 0.56 / dir.y.abs().max(1e-3));
    let tip = last - dir * to_edge.min((last - before).length() * 0.5);
    let base = tip - dir * head;
    let mut line_points: Vec<Pos2> = points[..points.len() - 1].to_vec();
    line_points.push(base);
    painter.add(Shape::line(line_points, line));
    let side = dir.rot90() * head * 0.5;
    painter.add(Shape::convex_polygon(
        vec![tip, base + side, base - side],
        c.gamma_multiply(0.85),
        Stroke::NONE,
    ));
    head
}

/// What the player did on the board this frame.
#[derive(Default, Debug)]
pub struct BoardInput {
    pub clicked: Option<NodeId>,
    /// A piece dragged from one node and dropped on another.
    pub dropped: Option<(NodeId, NodeId)>,
    /// A right click (or long press) on a node.
    pub secondary: Option<NodeId>,
    /// Screen centre of every node, the size of a piece tile and the board scale, for overlays.
    pub centres: Vec<Pos2>,
    pub tile: Vec2,
    pub scale: f32,
}

/// The label a screen reader speaks for a node: "c6 红 团长", "c6 Red Colonel", "c6".
pub fn node_label(view: &View, lang: Lang, n: NodeId) -> String {
    let name = view.board.name(n);
    match view.at(n) {
        Seen::Empty => name.to_string(),
        Seen::Known(p) => match lang {
            Lang::Zh => format!("{name} {} {}", p.side().zh(), p.rank().zh()),
            Lang::En => format!("{name} {} {}", p.side().en(), p.rank().en()),
        },
        Seen::Unknown(s) => format!("{name} {} {}", lang.side(s), lang.t(&i18n::UNKNOWN_PIECE)),
        Seen::FaceDown => format!("{name} {}", lang.t(&i18n::FACE_DOWN)),
    }
}

/// Column and row of a node as drawn (0,0 = top left) with `bottom` at the bottom.
fn display_cell(board: &Board, bottom: Side, n: NodeId) -> (f32, f32) {
    let node = &board.nodes[n as usize];
    let (c, r) = (node.col as f32, node.row as f32);
    let (w, h) = (board.width as f32 - 1.0, board.height as f32 - 1.0);
    match bottom {
        Side::Blue => (w - c, r),
        // Red, and (not drawn yet) the four-player seats as South sees the board.
        _ => (c, h - r),
    }
}

/// Board units of a displayed cell.
fn cell_pos(board: &Board, col: f32, row: f32) -> Pos2 {
    let half = board.height as f32 / 2.0;
    pos2(col, row * ROW + if row >= half { GAP } else { 0.0 })
}

fn node_pos(board: &Board, bottom: Side, n: NodeId) -> Pos2 {
    let (c, r) = display_cell(board, bottom, n);
    cell_pos(board, c, r)
}

/// The board's extent in board units (coordinates need a little room on the left and bottom).
fn board_units(board: &Board) -> Rect {
    let w = board.width as f32 - 1.0;
    let h = (board.height as f32 - 1.0) * ROW + GAP;
    Rect::from_min_max(
        pos2(-MARGIN - 0.25, -MARGIN),
        pos2(w + MARGIN, h + MARGIN + 0.25),
    )
}

/// Width / height of the board drawing.
pub fn aspect(board: &Board) -> f32 {
    let r = board_units(board);
    r.width() / r.height()
}

impl BoardWidget<'_> {
    pub fn show(self, ui: &mut egui::Ui) -> BoardInput {
        let board = self.view.board;
        let units = board_units(board);
        let avail = ui.available_size();
        let aspect = units.width() / units.height();
        let size = if avail.x / avail.y.max(1.0) > aspect {
            vec2(avail.y * aspect, avail.y)
        } else {
            vec2(avail.x, avail.x / aspect)
        };
        let size = size.max(vec2(120.0 * aspect, 120.0));
        let (outer, _) = ui.allocate_exact_size(avail.max(size), Sense::hover());
        let rect = Rect::from_center_size(outer.center(), size);
        let to_screen = RectTransform::from_to(units, rect);
        let scale = rect.width() / units.width();
        let painter = ui.painter_at(outer);
        let at = |n: NodeId| to_screen.transform_pos(node_pos(board, self.bottom, n));
        let mut input = BoardInput::default();

        // Board background.
        painter.rect_filled(rect, CornerRadius::same((scale * 0.12) as u8), BOARD_BG);
        painter.rect_stroke(
            rect.shrink(scale * 0.12),
            CornerRadius::same((scale * 0.08) as u8),
            Stroke::new((scale * 0.02).max(1.0), INK),
            StrokeKind::Inside,
        );

        // Roads first (thin), then railways (thick black with white dashes).
        let road = Stroke::new((scale * 0.025).max(1.0), INK);
        for a in 0..board.len() as NodeId {
            for &b in &board.links[a as usize] {
                if b > a && !board.rail_linked(a, b) {
                    painter.line_segment([at(a), at(b)], road);
                }
            }
        }
        let rail_w = (scale * 0.09).max(3.0);
        for a in 0..board.len() as NodeId {
            for &b in &board.rail_links[a as usize] {
                if b > a {
                    railway(&painter, at(a), at(b), rail_w, scale);
                }
            }
        }

        // The front line: mountains on files b and d.
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

        // Node outlines: stations as tiles, camps as circles, HQs arched.
        let tile = TILE * scale;
        for n in 0..board.len() as NodeId {
            let p = at(n);
            let outline = Stroke::new((scale * 0.02).max(1.0), INK);
            match board.kind(n) {
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
                    painter.circle(
                        p,
                        CAMP_R * scale,
                        Color32::from_rgb(0xf6, 0xea, 0xc8),
                        outline,
                    );
                }
                NodeKind::Hq => {
                    let r = Rect::from_center_size(p, vec2(tile.x * 1.0, tile.y * 1.15));
                    let big = (tile.y * 0.55) as u8;
                    let small = (scale * 0.04) as u8;
                    let top = display_cell(board, self.bottom, n).1 < 1.0;
                    let cr = if top {
                        CornerRadius {
                            nw: small,
                            ne: small,
                            sw: big,
                            se: big,
                        }
                    } else {
                        CornerRadius {
                            nw: big,
                            ne: big,
                            sw: small,
                            se: small,
                        }
                    };
                    painter.rect(
                        r,
                        cr,
                        Color32::from_rgb(0xf6, 0xea, 0xc8),
                        outline,
                        StrokeKind::Middle,
                    );
                }
            }
        }

        // Coordinates.
        if self.opts.coordinates {
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

        // The last turn, in the mover's colour: the path a move took, or the node flipped.
        let mark_id = egui::Id::unique(LAST_MARK_ID);
        if let Some(mark) = &self.last_move {
            let points: Vec<Pos2> = mark.path.iter().map(|&n| at(n)).collect();
            let head = draw_last_mark(&painter, mark, &points, tile, scale);
            ui.ctx().data_mut(|d| {
                d.insert_temp(
                    mark_id,
                    DrawnMark {
                        path: mark.path.clone(),
                        points,
                        head,
                    },
                )
            });
        } else {
            ui.ctx().data_mut(|d| d.remove::<DrawnMark>(mark_id));
        }

        // Interaction and pieces.
        let id = ui.make_persistent_id("junqi-board");
        let pointer = ui.input(|i| i.pointer.interact_pos());
        let mut dragging: Option<(NodeId, Piece)> = None;
        for n in 0..board.len() as NodeId {
            let p = at(n);
            let hit = Rect::from_center_size(p, vec2(tile.x, (ROW * scale).min(tile.y * 1.3)));
            let resp = ui.interact(hit, id.with(n), Sense::click_and_drag());
            let label = node_label(self.view, self.lang, n);
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, self.interactive, &label)
            });
            if resp.clicked() {
                input.clicked = Some(n);
            }
            if resp.secondary_clicked() || resp.long_touched() {
                input.secondary = Some(n);
            }
            if resp.drag_stopped()
                && let Some(pos) = pointer
                && let Some(target) = self.node_at_screen(&to_screen, pos)
                && target != n
            {
                input.dropped = Some((n, target));
            }
            let seen = self.view.at(n);
            if resp.dragged()
                && self.interactive
                && let Seen::Known(piece) = seen
                && Some(piece.side()) == self.view.mover.side()
            {
                dragging = Some((n, piece));
                continue;
            }
            let tile_rect = Rect::from_center_size(p, tile);
            self.paint_seen(&painter, tile_rect, seen, scale);
            if let Seen::Known(piece) = seen {
                let tip = match self.lang {
                    Lang::Zh => format!("{} {}", piece.rank().zh(), piece.rank().en()),
                    Lang::En => format!("{} {}", piece.rank().en(), piece.rank().zh()),
                };
                let number = piece
                    .rank()
                    .players_number()
                    .map(|n| format!(" ({n})"))
                    .unwrap_or_default();
                resp.on_hover_text(format!("{}: {tip}{number}", board.name(n)));
            }
        }

        // Selection and destinations.
        if let Some(s) = self.selected {
            painter.rect_stroke(
                Rect::from_center_size(at(s), tile * 1.1),
                CornerRadius::same((scale * 0.06) as u8),
                Stroke::new((scale * 0.06).max(2.0), Color32::from_rgb(0xff, 0xc8, 0x00)),
                StrokeKind::Outside,
            );
        }
        for &d in self.destinations {
            let p = at(d);
            if matches!(self.view.at(d), Seen::Empty) {
                painter.circle_filled(p, scale * 0.09, Color32::from_rgb(0x1e, 0x9e, 0x3a));
            } else {
                painter.circle_stroke(
                    p,
                    scale * 0.3,
                    Stroke::new((scale * 0.06).max(2.0), Color32::from_rgb(0xe0, 0x10, 0x10)),
                );
            }
        }

        // A clash, briefly: both pieces side by side and the outcome.
        if let Some(f) = self.flash {
            let p = at(f.at);
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
            let d = Rect::from_center_size(
                box_rect.center() + vec2(small.x * 0.58, -small.y * 0.35),
                small,
            );
            self.paint_seen(&painter, a, f.attacker, scale * 0.8);
            self.paint_seen(&painter, d, f.defender, scale * 0.8);
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

        // The dragged piece follows the pointer.
        if let (Some((_, piece)), Some(pos)) = (dragging, pointer) {
            self.paint_seen(
                &painter,
                Rect::from_center_size(pos, tile * 1.08),
                Seen::Known(piece),
                scale * 1.08,
            );
        }
        input.centres = (0..board.len() as NodeId).map(at).collect();
        input.tile = tile;
        input.scale = scale;
        input
    }

    fn node_at_screen(&self, to_screen: &RectTransform, pos: Pos2) -> Option<NodeId> {
        let board = self.view.board;
        let u = to_screen.inverse().transform_pos(pos);
        (0..board.len() as NodeId)
            .map(|n| (n, node_pos(board, self.bottom, n).distance(u)))
            .filter(|&(_, d)| d < 0.45)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(n, _)| n)
    }

    pub fn paint_seen(&self, painter: &egui::Painter, r: Rect, seen: Seen, scale: f32) {
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
            }
            Seen::Unknown(side) => {
                painter.rect(r, rounding, side_colour(side), edge, StrokeKind::Inside);
                painter.rect_stroke(
                    r.shrink(scale * 0.06),
                    rounding,
                    Stroke::new(1.5, Color32::from_white_alpha(90)),
                    StrokeKind::Inside,
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

/// A railway between two points: a thick black line with white dashes along it.
fn railway(painter: &egui::Painter, a: Pos2, b: Pos2, width: f32, scale: f32) {
    painter.line_segment(
        [a, b],
        Stroke::new(width, Color32::from_rgb(0x20, 0x1a, 0x14)),
    );
    let len = a.distance(b);
    let dash = (scale * 0.12).max(4.0);
    let steps = (len / dash).floor() as usize;
    let dir = (b - a) / len.max(1e-3);
    let white = Stroke::new(width * 0.5, Color32::from_rgb(0xf4, 0xef, 0xe2));
    for i in (0..steps).step_by(2) {
        let s = a + dir * (i as f32 * dash);
        let e = a + dir * ((i as f32 + 1.0) * dash).min(len);
        painter.line_segment([s, e], white);
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

/// The side panel of a game screen: to the right, or below the board on narrow windows.
pub fn side_panel(id: &'static str, narrow: bool) -> egui::Panel {
    if narrow {
        egui::Panel::bottom(id).resizable(true).default_size(210.0)
    } else {
        egui::Panel::right(id)
            .resizable(true)
            .default_size(330.0)
            .min_size(250.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_the_board_mirrors_it() {
        let b = Board::two_player();
        let a1 = b.node_by_name("a1").unwrap();
        let e12 = b.node_by_name("e12").unwrap();
        assert_eq!(node_pos(b, Side::Red, a1), node_pos(b, Side::Blue, e12));
        // Red at the bottom: a1 is bottom left.
        let p = node_pos(b, Side::Red, a1);
        assert!(p.x == 0.0 && p.y > node_pos(b, Side::Red, e12).y);
    }

    #[test]
    fn front_line_gap_is_wider_than_a_row() {
        let b = Board::two_player();
        let n = |s: &str| node_pos(b, Side::Red, b.node_by_name(s).unwrap());
        assert!((n("a6").y - n("a7").y) > (n("a5").y - n("a6").y));
    }

    #[test]
    fn piece_names_with_numbers_stay_legible_and_apart() {
        // A tile of the default window (1120 × 780): about 62 × 37 points.
        let ctx = egui::Context::default();
        super::super::fonts::install(&ctx);
        let mut checked = 0;
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.painter();
            let r = Rect::from_min_size(pos2(0.0, 0.0), vec2(62.0, 37.0));
            for english in [true, false] {
                for rank in Rank::ALL {
                    let t = piece_text(painter, r, rank, english, true);
                    let what = format!("{rank:?} english={english}: {t:?}");
                    assert!(t.name_size >= 14.0, "too small: {what}");
                    assert!(r.contains_rect(t.name_rect), "outside the tile: {what}");
                    if let Some((_, n, size)) = &t.number {
                        assert!(*size >= 10.0, "number too small: {what}");
                        assert!(r.contains_rect(*n), "number outside: {what}");
                        assert!(!t.name_rect.intersects(*n), "overlap: {what}");
                    }
                    checked += 1;
                }
            }
        });
        out.textures_delta.clear();
        assert_eq!(checked, 24);
    }
}
