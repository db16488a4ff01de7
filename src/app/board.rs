//! The board widget: one custom widget, written like egui's `toggle_switch` demo — allocate the
//! rect, read the responses, paint. Board and screen meet through one `RectTransform`. Every node
//! reports `widget_info` ("c6 红 团长", "c6 Red Colonel", "c6") for screen readers and tests.
//! It draws only from a `View`, so hidden and flip games draw piece backs for what a player may not see.

use super::board_cache;
use super::settings::BoardOptions;
use crate::engine::{
    Board, ClashOutcome, Game, Mover, NodeId, NodeKind, Piece, Rank, Seat, Seen, Turn, View,
};
use crate::i18n::{self, Lang};
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

pub const PURPLE: Color32 = Color32::from_rgb(0x74, 0x3c, 0x9e);
pub const GREEN: Color32 = Color32::from_rgb(0x2f, 0x7a, 0x3a);

/// The colour of a seat's pieces. Four players (seed 001): South red 红, East purple 紫, North
/// blue 蓝, West green 绿 — partners opposite. Hue is never the only sign: four-player pieces
/// also carry their seat's shape (`seat_shape`).
pub fn side_colour(side: Seat) -> Color32 {
    match side {
        Seat::Red | Seat::South => RED,
        Seat::East => PURPLE,
        Seat::Blue | Seat::North => BLUE,
        Seat::West => GREEN,
    }
}

/// The shape that marks a four-player seat besides its colour (for colour-blind players): South
/// a circle, East a triangle, North a square, West a diamond.
pub fn paint_seat_shape(painter: &egui::Painter, seat: Seat, c: Pos2, r: f32, fill: Color32) {
    let stroke = Stroke::new((r * 0.18).max(1.0), Color32::from_black_alpha(140));
    match seat {
        Seat::South => {
            painter.circle(c, r, fill, stroke);
        }
        Seat::East => {
            let pts = vec![
                c + vec2(0.0, -r * 1.1),
                c + vec2(r * 1.0, r * 0.75),
                c + vec2(-r * 1.0, r * 0.75),
            ];
            painter.add(Shape::convex_polygon(pts, fill, stroke));
        }
        Seat::North => {
            painter.rect(
                Rect::from_center_size(c, Vec2::splat(r * 1.7)),
                CornerRadius::ZERO,
                fill,
                stroke,
                StrokeKind::Middle,
            );
        }
        Seat::West => {
            let pts = vec![
                c + vec2(0.0, -r * 1.2),
                c + vec2(r * 1.2, 0.0),
                c + vec2(0.0, r * 1.2),
                c + vec2(-r * 1.2, 0.0),
            ];
            painter.add(Shape::convex_polygon(pts, fill, stroke));
        }
        Seat::Red | Seat::Blue => {}
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
    pub bottom: Seat,
    pub selected: Option<NodeId>,
    pub destinations: &'a [NodeId],
    /// The last turn, marked until the next one (see `last_mark`).
    pub last_move: Option<LastMark>,
    /// Four players: the turns of the other seats before it since the seat to move last moved,
    /// older ones fainter (`earlier_marks`), drawn under the last turn's mark.
    pub earlier: Vec<LastMark>,
    pub flash: Option<&'a Flash>,
    /// Whether pieces of the side to move may be picked up (false when the game is over).
    pub interactive: bool,
    /// The game is over at the position shown: no seat is marked "to move".
    pub finished: bool,
}

impl<'a> BoardWidget<'a> {
    /// The board of `view` with nothing picked up, marked or flashing, and no piece to pick up:
    /// a still picture (the demos, the pieces painted over a board already drawn).
    pub fn still(view: &'a View, opts: &'a BoardOptions, lang: Lang, bottom: Seat) -> Self {
        BoardWidget {
            view,
            opts,
            lang,
            bottom,
            selected: None,
            destinations: &[],
            last_move: None,
            earlier: Vec::new(),
            flash: None,
            interactive: false,
            finished: false,
        }
    }
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
            .and_then(|(q, s)| if q == p { Some(s) } else { s.opponent() }),
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

/// Four players: the marks of the turns before the last one at position `shown`, back to the
/// seat to move's own last turn (at most two: every other seat's turn since then), newest first,
/// each fainter than the one after it. Two players: none (the last turn is the opponent's).
/// Public facts only, as `last_mark`.
pub fn earlier_marks(game: &Game, shown: usize) -> Vec<LastMark> {
    let mut out = Vec::new();
    if !game.board().is_four() || shown < 2 {
        return out;
    }
    let to_move = game.position_at(shown).mover();
    for (age, at) in (1..shown).rev().take(2).enumerate() {
        let Some(report) = game.plies()[at - 1].report.as_ref() else {
            break;
        };
        if report.mover == to_move {
            break;
        }
        if let Some(mut mark) = last_mark(game, at) {
            mark.colour = mark
                .colour
                .gamma_multiply(if age == 0 { 0.7 } else { 0.45 });
            out.push(mark);
        }
    }
    out
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
#[derive(Debug)]
pub struct BoardInput {
    pub clicked: Option<NodeId>,
    /// A piece dragged from one node and dropped on another.
    pub dropped: Option<(NodeId, NodeId)>,
    /// A right click (or long press) on a node.
    pub secondary: Option<NodeId>,
    /// Screen centre of every node, the size of a piece tile and the board scale, for overlays.
    pub centres: Vec<Pos2>,
    /// The board drawing's rectangle (the board itself, not the room around it; `Rect::ZERO`
    /// until drawn).
    pub rect: Rect,
    pub tile: Vec2,
    pub scale: f32,
}

/// The label a screen reader speaks for a node: "c6 红 团长", "c6 Red Colonel", "c6".
pub fn node_label(view: &View, lang: Lang, n: NodeId) -> String {
    let name = view.board().name(n);
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

/// Column and row of a node as drawn (0,0 = top left) with `bottom` at the bottom. The
/// four-player board is turned a quarter at a time so the `bottom` seat's arm is at the bottom.
fn display_cell(board: &Board, bottom: Seat, n: NodeId) -> (f32, f32) {
    let node = &board.nodes[n as usize];
    let (c, r) = (node.col as f32, node.row as f32);
    let (w, h) = (board.width as f32 - 1.0, board.height as f32 - 1.0);
    if board.is_four() {
        // As South sees it, then a quarter turn per seat after South (East's arm on the right
        // comes to the bottom: (x, y) -> (h - y, x)).
        let (mut x, mut y) = (c, h - r);
        let turns = if bottom.is_four() { bottom.index() } else { 0 };
        for _ in 0..turns {
            (x, y) = (h - y, x);
        }
        return (x, y);
    }
    match bottom {
        Seat::Blue => (w - c, r),
        _ => (c, h - r),
    }
}

/// The sizes of a board drawing, in board units (one unit = the distance between files).
#[derive(Clone, Copy)]
struct Geom {
    tile: Vec2,
    camp_r: f32,
    /// The height of a node's click area.
    hit_h: f32,
}

fn geom(board: &Board) -> Geom {
    if board.is_four() {
        Geom {
            tile: TILE4,
            camp_r: 0.33,
            hit_h: 0.8,
        }
    } else {
        Geom {
            tile: TILE,
            camp_r: CAMP_R,
            hit_h: ROW.min(TILE.y * 1.3),
        }
    }
}

/// Where `BoardWidget::show` notes the smallest piece name it painted this frame.
const SMALLEST_NAME_ID: &str = "junqi-board-smallest-name";

/// The size (points) of the smallest piece name the board painted in the last frame, if it
/// painted a face-up piece (the layout tests check that names stay readable).
pub fn smallest_name(ctx: &egui::Context) -> Option<f32> {
    ctx.data(|d| d.get_temp::<f32>(egui::Id::unique(SMALLEST_NAME_ID)))
}

/// Tile of the four-player board (its grid is square: arms turn with their owners); as big as
/// the grid leaves room for, so names stay readable on the 17-line board (14 points at 1400 × 950).
const TILE4: Vec2 = vec2(0.9, 0.6);
/// Extra space between the four-player centre and each arm.
const GAP4: f32 = 0.45;
/// Room around the four-player cross for the seat tags and coordinates.
const MARGIN4: f32 = 0.75;
/// The four-player coordinates' font size (board units).
const COORD4_FONT: f32 = 0.24;

/// Where a four-player line's coordinate is centred (board units): below the line's lowest node
/// (a file) or left of its leftmost one (a rank).
fn four_coordinate_pos(board: &Board, bottom: Seat, vertical: bool, nodes: &[NodeId]) -> Pos2 {
    let ps = nodes.iter().map(|&n| node_pos(board, bottom, n));
    if vertical {
        let p = ps.max_by(|a, b| a.y.total_cmp(&b.y)).expect("a node");
        p + vec2(0.0, 0.62)
    } else {
        let p = ps.min_by(|a, b| a.x.total_cmp(&b.x)).expect("a node");
        p - vec2(0.66, 0.0)
    }
}

/// Board units of a displayed cell.
fn cell_pos(board: &Board, col: f32, row: f32) -> Pos2 {
    if board.is_four() {
        // The arms stand a little apart from the centre, so the corner arcs show as curves.
        let spread =
            |v: f32| v + if v > 5.5 { GAP4 } else { 0.0 } + if v > 10.5 { GAP4 } else { 0.0 };
        return pos2(spread(col), spread(row));
    }
    let half = board.height as f32 / 2.0;
    pos2(col, row * ROW + if row >= half { GAP } else { 0.0 })
}

fn node_pos(board: &Board, bottom: Seat, n: NodeId) -> Pos2 {
    let (c, r) = display_cell(board, bottom, n);
    cell_pos(board, c, r)
}

/// The points (board units) of a link as drawn: a straight segment, or for a corner arc 弧线 of
/// the four-player board a quarter circle round the empty corner between the two arms.
fn link_points(board: &Board, bottom: Seat, a: NodeId, b: NodeId) -> Vec<Pos2> {
    let (pa, pb) = (node_pos(board, bottom, a), node_pos(board, bottom, b));
    let arc = board.is_four()
        && matches!((board.nodes[a as usize].half, board.nodes[b as usize].half),
            (Some(x), Some(y)) if x != y);
    if !arc {
        return vec![pa, pb];
    }
    let mid = four_middle(board);
    let corner = [pos2(pa.x, pb.y), pos2(pb.x, pa.y)]
        .into_iter()
        .max_by(|p, q| p.distance(mid).total_cmp(&q.distance(mid)))
        .expect("two corners");
    let (ta, tb) = ((pa - corner).angle(), (pb - corner).angle());
    let mut d = tb - ta;
    if d > std::f32::consts::PI {
        d -= std::f32::consts::TAU;
    } else if d < -std::f32::consts::PI {
        d += std::f32::consts::TAU;
    }
    let r = pa.distance(corner);
    (0..=12)
        .map(|i| {
            let t = ta + d * i as f32 / 12.0;
            corner + vec2(t.cos(), t.sin()) * r
        })
        .collect()
}

/// The middle of the four-player board (the middle palace 中宫), in board units.
fn four_middle(board: &Board) -> Pos2 {
    let m = (board.width as f32 - 1.0) / 2.0;
    cell_pos(board, m, m)
}

/// The board's extent in board units (coordinates need a little room on the left and bottom).
fn board_units(board: &Board) -> Rect {
    let w = board.width as f32 - 1.0;
    if board.is_four() {
        // A little more on the left: the West arm's two-digit rank numbers stand there.
        let far = cell_pos(board, w, w);
        return Rect::from_min_max(pos2(-MARGIN4 - 0.12, -MARGIN4), far + Vec2::splat(MARGIN4));
    }
    let h = (board.height as f32 - 1.0) * ROW + GAP;
    Rect::from_min_max(
        pos2(-MARGIN - 0.25, -MARGIN),
        pos2(w + MARGIN, h + MARGIN + 0.25),
    )
}

/// The size of `board`'s drawing in `avail` points: as big as fits, its aspect kept (never
/// smaller than 120 points tall).
pub fn fitted(board: &Board, avail: Vec2) -> Vec2 {
    let aspect = aspect(board);
    let size = if avail.x / avail.y.max(1.0) > aspect {
        vec2(avail.y * aspect, avail.y)
    } else {
        vec2(avail.x, avail.x / aspect)
    };
    size.max(vec2(120.0 * aspect, 120.0))
}

/// Width / height of the board drawing.
pub fn aspect(board: &Board) -> f32 {
    let r = board_units(board);
    r.width() / r.height()
}

impl BoardWidget<'_> {
    pub fn show(self, ui: &mut egui::Ui) -> BoardInput {
        let board = self.view.board();
        let units = board_units(board);
        let avail = ui.available_size();
        let size = fitted(board, avail);
        let (outer, _) = ui.allocate_exact_size(avail.max(size), Sense::hover());
        let rect = Rect::from_center_size(outer.center(), size);
        let to_screen = RectTransform::from_to(units, rect);
        let scale = rect.width() / units.width();
        let painter = ui.painter_at(outer);
        let first_shape = board_cache::next_shape(ui.ctx(), painter.layer_id());
        let at = |n: NodeId| to_screen.transform_pos(node_pos(board, self.bottom, n));
        let mut input = BoardInput {
            clicked: None,
            dropped: None,
            secondary: None,
            centres: Vec::new(),
            rect,
            tile: Vec2::ZERO,
            scale: 0.0,
        };

        let g = geom(board);
        let tile = g.tile * scale;

        // Board background: a rectangle, or the four-player cross with each arm tinted by its
        // seat's colour.
        if board.is_four() {
            self.paint_cross(&painter, &to_screen, scale);
        } else {
            painter.rect_filled(rect, CornerRadius::same((scale * 0.12) as u8), BOARD_BG);
            painter.rect_stroke(
                rect.shrink(scale * 0.12),
                CornerRadius::same((scale * 0.08) as u8),
                Stroke::new((scale * 0.02).max(1.0), INK),
                StrokeKind::Inside,
            );
        }

        // Roads first (thin), then railways (thick black with white dashes); the four-player
        // board's corner arcs as curves.
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
                    let points: Vec<Pos2> = link_points(board, self.bottom, a, b)
                        .into_iter()
                        .map(|p| to_screen.transform_pos(p))
                        .collect();
                    railway(&painter, &points, rail_w, scale);
                }
            }
        }

        if !board.is_four() {
            front_line(&painter, board, &to_screen, scale);
        }

        // Node outlines: stations as tiles, camps as circles, HQs arched towards the board's
        // middle. A station under a piece is hidden by it (the piece's tile is larger) and not
        // painted: under a software renderer every shape counts in an idle frame.
        let id = ui.make_persistent_id("junqi-board");
        let centre = to_screen.transform_pos(units.center());
        for n in 0..board.len() as NodeId {
            let p = at(n);
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
                    painter.circle(
                        p,
                        g.camp_r * scale,
                        Color32::from_rgb(0xf6, 0xea, 0xc8),
                        outline,
                    );
                }
                NodeKind::Hq => {
                    let r = Rect::from_center_size(p, vec2(tile.x * 1.0, tile.y * 1.15));
                    let big = (tile.y * 0.55) as u8;
                    let small = (scale * 0.04) as u8;
                    let d = centre - p;
                    let cr = if d.y.abs() >= d.x.abs() {
                        if d.y > 0.0 {
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
                        }
                    } else if d.x > 0.0 {
                        CornerRadius {
                            nw: small,
                            sw: small,
                            ne: big,
                            se: big,
                        }
                    } else {
                        CornerRadius {
                            nw: big,
                            sw: big,
                            ne: small,
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
            if board.is_four() {
                self.four_coordinates(&painter, &to_screen, scale);
            } else {
                two_coordinates(&painter, board, &to_screen, units, scale, &at);
            }
        }

        // Four players: a tag per seat beside its arm, the seat to move marked.
        if board.is_four() {
            self.seat_tags(ui, &painter, &to_screen, scale);
        }

        // Four players: the other seats' turns before it, fainter, oldest first.
        for mark in self.earlier.iter().rev() {
            let mut drawn: Vec<Pos2> = mark.path.first().map(|&n| at(n)).into_iter().collect();
            for w in mark.path.windows(2) {
                let legs = link_points(board, self.bottom, w[0], w[1]);
                drawn.extend(legs[1..].iter().map(|&p| to_screen.transform_pos(p)));
            }
            draw_last_mark(&painter, mark, &drawn, tile, scale);
        }

        // The last turn, in the mover's colour: the path a move took, or the node flipped.
        let mark_id = egui::Id::unique(LAST_MARK_ID);
        if let Some(mark) = &self.last_move {
            let points: Vec<Pos2> = mark.path.iter().map(|&n| at(n)).collect();
            // Drawn along the rails: round a corner arc rather than across the corner.
            let mut drawn = points.first().copied().into_iter().collect::<Vec<_>>();
            for w in mark.path.windows(2) {
                let legs = link_points(board, self.bottom, w[0], w[1]);
                drawn.extend(legs[1..].iter().map(|&p| to_screen.transform_pos(p)));
            }
            let head = draw_last_mark(&painter, mark, &drawn, tile, scale);
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
        let pointer = ui.input(|i| i.pointer.interact_pos());
        let mut dragging: Option<(NodeId, Piece)> = None;
        let mut smallest_name: Option<f32> = None;
        for n in 0..board.len() as NodeId {
            let p = at(n);
            let hit = Rect::from_center_size(p, vec2(tile.x, g.hit_h * scale));
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
                && Some(piece.side()) == self.view.mover().side()
            {
                dragging = Some((n, piece));
                continue;
            }
            let tile_rect = Rect::from_center_size(p, tile);
            if let Some(size) = self.paint_seen(&painter, tile_rect, seen, scale) {
                smallest_name = Some(smallest_name.map_or(size, |m: f32| m.min(size)));
            }
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
        board_cache::record(
            ui.ctx(),
            board_cache::BoardPaint {
                layer: painter.layer_id(),
                start: first_shape,
                end: board_cache::next_shape(ui.ctx(), painter.layer_id()),
                rect: painter.clip_rect(),
            },
        );
        ui.ctx().data_mut(|d| match smallest_name {
            Some(size) => {
                d.insert_temp(egui::Id::unique(SMALLEST_NAME_ID), size);
            }
            None => d.remove::<f32>(egui::Id::unique(SMALLEST_NAME_ID)),
        });
        input.centres = (0..board.len() as NodeId).map(at).collect();
        input.rect = rect;
        input.tile = tile;
        input.scale = scale;
        input
    }

    /// The four-player cross: one light square per arm tinted with its seat's colour and the
    /// nine-station centre, each outlined; the arm of the seat to move outlined in gold.
    fn paint_cross(&self, painter: &egui::Painter, to_screen: &RectTransform, scale: f32) {
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
    fn four_coordinates(&self, painter: &egui::Painter, to_screen: &RectTransform, scale: f32) {
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
    fn seat_tags(
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

    fn node_at_screen(&self, to_screen: &RectTransform, pos: Pos2) -> Option<NodeId> {
        let board = self.view.board();
        let u = to_screen.inverse().transform_pos(pos);
        (0..board.len() as NodeId)
            .map(|n| (n, node_pos(board, self.bottom, n).distance(u)))
            .filter(|&(_, d)| d < 0.45)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(n, _)| n)
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

/// A railway along a polyline: a thick black line with white dashes along it.
fn railway(painter: &egui::Painter, points: &[Pos2], width: f32, scale: f32) {
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
fn front_line(painter: &egui::Painter, board: &Board, to_screen: &RectTransform, scale: f32) {
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
fn two_coordinates(
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

/// The name parts of a node: file letter and rank number.
fn file_and_rank(name: &str) -> (&str, &str) {
    name.split_at(1)
}

/// The four-player board's displayed rows and columns (as turned for `bottom`), each with the
/// nodes on it and the one coordinate they share (a file letter or a rank number).
fn four_lines(board: &Board, bottom: Seat) -> Vec<(bool, f32, String, Vec<NodeId>)> {
    let mut out = Vec::new();
    let size = board.width.max(board.height) as i32;
    for vertical in [true, false] {
        for k in 0..size {
            let nodes: Vec<NodeId> = (0..board.len() as NodeId)
                .filter(|&n| {
                    let (c, r) = display_cell(board, bottom, n);
                    (if vertical { c } else { r }).round() as i32 == k
                })
                .collect();
            let Some(&first) = nodes.first() else {
                continue;
            };
            let (f0, r0) = file_and_rank(board.name(first));
            let name = if nodes.iter().all(|&n| file_and_rank(board.name(n)).0 == f0) {
                f0.to_string()
            } else {
                r0.to_string()
            };
            out.push((vertical, k as f32, name, nodes));
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Four players: the other seats' turns since the seat to move last moved are marked too,
    /// fainter with age; two players mark only the last turn.
    #[test]
    fn earlier_marks_are_the_other_seats_turns_since_yours() {
        use crate::engine::{Rules, Start};
        let rules = Rules::default();
        let mut g = Game::new(rules.clone(), Start::random_four(&rules, 1)).unwrap();
        let mut rng = crate::engine::rng::SplitMix64::new(2);
        assert!(earlier_marks(&g, 0).is_empty());
        for _ in 0..6 {
            let turns = g.position().legal_turns(&rules);
            g.play(*rng.choose(&turns).unwrap()).unwrap();
        }
        let n = g.plies().len();
        let marks = earlier_marks(&g, n);
        assert_eq!(marks.len(), 2);
        assert_eq!(marks[0].path, last_mark(&g, n - 1).unwrap().path);
        assert_eq!(marks[1].path, last_mark(&g, n - 2).unwrap().path);
        assert!(
            marks[0].colour.a() > marks[1].colour.a(),
            "older is fainter"
        );
        assert_eq!(earlier_marks(&g, 1).len(), 0);
        assert_eq!(earlier_marks(&g, 2).len(), 1);
        let two = Game::new(rules.clone(), Start::random(&rules, 1)).unwrap();
        let mut two = two;
        for _ in 0..4 {
            let turns = two.position().legal_turns(&rules);
            two.play(*rng.choose(&turns).unwrap()).unwrap();
        }
        assert!(earlier_marks(&two, 4).is_empty());
    }

    #[test]
    fn turning_the_board_mirrors_it() {
        let b = Board::two_player();
        let a1 = b.node_by_name("a1").unwrap();
        let e12 = b.node_by_name("e12").unwrap();
        assert_eq!(node_pos(b, Seat::Red, a1), node_pos(b, Seat::Blue, e12));
        // Red at the bottom: a1 is bottom left.
        let p = node_pos(b, Seat::Red, a1);
        assert!(p.x == 0.0 && p.y > node_pos(b, Seat::Red, e12).y);
    }

    #[test]
    fn front_line_gap_is_wider_than_a_row() {
        let b = Board::two_player();
        let n = |s: &str| node_pos(b, Seat::Red, b.node_by_name(s).unwrap());
        assert!((n("a6").y - n("a7").y) > (n("a5").y - n("a6").y));
    }

    #[test]
    fn four_player_board_turns_so_the_bottom_seat_sits_at_the_bottom() {
        let b = Board::four_player();
        for bottom in Seat::FOUR {
            // The bottom seat's HQs are the lowest nodes drawn; its own a1 is at the left.
            let lowest = (0..b.len() as NodeId)
                .map(|n| node_pos(b, bottom, n).y)
                .fold(f32::MIN, f32::max);
            for n in b.deploy_nodes(bottom) {
                if b.kind(n) == NodeKind::Hq {
                    assert_eq!(node_pos(b, bottom, n).y, lowest, "{bottom:?} {}", b.name(n));
                }
            }
            let own = |f: u8| {
                let (x, y) = crate::engine::board::four_player_xy(bottom, f, 1);
                b.node_at(x, y - 1).unwrap()
            };
            assert!(node_pos(b, bottom, own(0)).x < node_pos(b, bottom, own(4)).x);
            // The partner sits at the top, the seat on the bottom seat's right at the right.
            let partner = bottom.partner().unwrap();
            let top = b
                .deploy_nodes(partner)
                .map(|n| node_pos(b, bottom, n).y)
                .fold(f32::MAX, f32::min);
            assert!(
                top < 1.0,
                "{partner:?} on top when {bottom:?} is at the bottom"
            );
        }
        // South at the bottom: as RULES.md 9.2 draws it (West left, East right).
        let p = |s: &str| node_pos(b, Seat::South, b.node_by_name(s).unwrap());
        assert!(p("a9").x < p("i9").x && p("i9").x < p("q9").x);
        assert!(p("i17").y < p("i9").y && p("i9").y < p("i1").y);
        // East at the bottom: South's arm on the left.
        let e = |s: &str| node_pos(b, Seat::East, b.node_by_name(s).unwrap());
        assert!(e("i1").x < e("i9").x && e("q9").y > e("i9").y);
    }

    #[test]
    fn corner_arcs_are_drawn_as_curves_round_the_empty_corner() {
        let b = Board::four_player();
        let n = |s: &str| b.node_by_name(s).unwrap();
        for bottom in Seat::FOUR {
            for (x, y) in [("g6", "f7"), ("k6", "l7"), ("k12", "l11"), ("g12", "f11")] {
                let pts = link_points(b, bottom, n(x), n(y));
                assert!(pts.len() > 2, "{x}-{y} is a curve");
                let (a, z) = (pts[0], *pts.last().unwrap());
                assert!(a.distance(node_pos(b, bottom, n(x))) < 1e-4);
                assert!(z.distance(node_pos(b, bottom, n(y))) < 1e-4);
                // It bulges towards the middle of the board, away from the empty corner.
                let mid = four_middle(b);
                let chord_mid = pos2((a.x + z.x) / 2.0, (a.y + z.y) / 2.0);
                let arc_mid = pts[pts.len() / 2];
                assert!(arc_mid.distance(mid) < chord_mid.distance(mid), "{x}-{y}");
            }
            // Other links are straight.
            assert_eq!(link_points(b, bottom, n("g6"), n("g7")).len(), 2);
            assert_eq!(link_points(b, bottom, n("h3"), n("g2")).len(), 2);
        }
    }

    /// Every four-player coordinate is drawn inside the board's extent (the painter clips what
    /// is outside: the West arm's "11" read as "L1"), whichever seat is at the bottom.
    #[test]
    fn four_player_coordinates_lie_inside_the_board() {
        let b = Board::four_player();
        let units = board_units(b);
        for &bottom in b.seats {
            for (vertical, _, name, nodes) in four_lines(b, bottom) {
                let p = four_coordinate_pos(b, bottom, vertical, &nodes);
                // A monospace digit is about 0.6 of the font size wide and at most the size tall.
                let half = vec2(0.6 * COORD4_FONT * name.len() as f32, COORD4_FONT) / 2.0;
                let r = Rect::from_center_size(p, half * 2.0);
                assert!(units.contains_rect(r), "{name} at {r:?}, board {units:?}");
            }
        }
    }

    #[test]
    fn four_player_coordinates_name_each_drawn_line() {
        let b = Board::four_player();
        let lines = four_lines(b, Seat::South);
        let names = |vertical: bool| -> Vec<String> {
            lines
                .iter()
                .filter(|l| l.0 == vertical)
                .map(|l| l.2.clone())
                .collect()
        };
        assert_eq!(names(true).concat(), "abcdefghijklmnopq");
        let rows: Vec<String> = (1..=17).rev().map(|r: u32| r.to_string()).collect();
        assert_eq!(names(false), rows);
        // Turned a quarter (East at the bottom): the columns are ranks, the rows files.
        let lines = four_lines(b, Seat::East);
        assert!(
            lines
                .iter()
                .filter(|l| l.0)
                .all(|l| l.2.parse::<u32>().is_ok())
        );
        assert!(
            lines
                .iter()
                .filter(|l| !l.0)
                .all(|l| l.2.parse::<u32>().is_err())
        );
    }

    #[test]
    fn seats_have_four_colours_and_the_two_player_colours_stay() {
        let c: Vec<Color32> = Seat::FOUR.iter().map(|&s| side_colour(s)).collect();
        for i in 0..4 {
            for j in 0..i {
                assert_ne!(c[i], c[j]);
            }
        }
        assert_eq!(side_colour(Seat::Red), RED);
        assert_eq!(side_colour(Seat::Blue), BLUE);
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
