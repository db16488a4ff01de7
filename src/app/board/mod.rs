//! The board widget: one custom widget, written like egui's `toggle_switch` demo — allocate the
//! rect, read the responses, paint. Board and screen meet through one `RectTransform`. Every node
//! reports `widget_info` ("c6 红 团长", "c6 Red Colonel", "c6") for screen readers and tests.
//! It draws only from a `View`, so hidden and flip games draw piece backs for what a player may not see.

mod geometry;
mod paint;

pub use geometry::{aspect, fitted};
pub use paint::{PieceText, banner_frame, piece_text, short_en};

use super::board_cache;
use super::settings::BoardOptions;
use crate::engine::{Board, ClashOutcome, Game, Mover, NodeId, Piece, Seat, Seen, Turn, View};
use crate::i18n::{self, Lang};
use egui::emath::RectTransform;
use egui::{Color32, CornerRadius, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, Vec2, vec2};
use geometry::{Geom, board_units, geom, link_points, node_pos};
use paint::two_coordinates;

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

/// Where `BoardWidget::show` notes the smallest piece name it painted this frame.
const SMALLEST_NAME_ID: &str = "junqi-board-smallest-name";

/// The size (points) of the smallest piece name the board painted in the last frame, if it
/// painted a face-up piece (the layout tests check that names stay readable).
pub fn smallest_name(ctx: &egui::Context) -> Option<f32> {
    ctx.data(|d| d.get_temp::<f32>(egui::Id::unique(SMALLEST_NAME_ID)))
}

/// Where this frame's board lies on the screen: what every part of `BoardWidget::show` that
/// paints or reads the pointer shares.
struct Placed<'b> {
    board: &'b Board,
    bottom: Seat,
    /// The board's extent in board units.
    units: Rect,
    /// The board drawing's rectangle on the screen.
    rect: Rect,
    to_screen: RectTransform,
    /// Points per board unit.
    scale: f32,
    geom: Geom,
    /// The size of a piece tile, in points.
    tile: Vec2,
    painter: egui::Painter,
}

impl Placed<'_> {
    /// The screen centre of node `n`.
    fn at(&self, n: NodeId) -> Pos2 {
        self.to_screen
            .transform_pos(node_pos(self.board, self.bottom, n))
    }

    /// The screen points of a turn's path drawn along the rails: round a corner arc rather than
    /// across the corner.
    fn path_points(&self, path: &[NodeId]) -> Vec<Pos2> {
        let mut drawn: Vec<Pos2> = path.first().map(|&n| self.at(n)).into_iter().collect();
        for w in path.windows(2) {
            let legs = link_points(self.board, self.bottom, w[0], w[1]);
            drawn.extend(legs[1..].iter().map(|&p| self.to_screen.transform_pos(p)));
        }
        drawn
    }
}

/// What the pieces' pass of a frame leaves for the rest of it.
struct PiecesDrawn {
    /// The piece being dragged (painted last, under the pointer) and the node it left.
    dragging: Option<(NodeId, Piece)>,
    /// The size of the smallest face-up piece name painted.
    smallest_name: Option<f32>,
    pointer: Option<Pos2>,
}

impl BoardWidget<'_> {
    /// Draw the board in all the room `ui` has left, as big as fits, and report what the player
    /// did on it.
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
        let geom = geom(board);
        let d = Placed {
            board,
            bottom: self.bottom,
            units,
            rect,
            to_screen,
            scale,
            geom,
            tile: geom.tile * scale,
            painter,
        };
        let mut input = BoardInput {
            clicked: None,
            dropped: None,
            secondary: None,
            centres: Vec::new(),
            rect,
            tile: d.tile,
            scale,
        };
        let id = ui.make_persistent_id("junqi-board");

        self.paint_ground(&d);
        self.paint_nodes(ui, &d, id);
        if self.opts.coordinates {
            if board.is_four() {
                self.four_coordinates(&d.painter, &d.to_screen, scale);
            } else {
                two_coordinates(&d.painter, board, &d.to_screen, units, scale, &|n| d.at(n));
            }
        }
        // Four players: a tag per seat beside its arm, the seat to move marked.
        if board.is_four() {
            self.seat_tags(ui, &d.painter, &d.to_screen, scale);
        }
        self.paint_marks(ui, &d);
        let drawn = self.pieces(ui, &d, id, &mut input);
        self.paint_choice(&d);
        if let Some(f) = self.flash {
            self.paint_flash(&d, f);
        }
        // The dragged piece follows the pointer.
        if let (Some((_, piece)), Some(pos)) = (drawn.dragging, drawn.pointer) {
            self.paint_seen(
                &d.painter,
                Rect::from_center_size(pos, d.tile * 1.08),
                Seen::Known(piece),
                scale * 1.08,
            );
        }
        board_cache::record(
            ui.ctx(),
            board_cache::BoardPaint {
                layer: d.painter.layer_id(),
                start: first_shape,
                end: board_cache::next_shape(ui.ctx(), d.painter.layer_id()),
                rect: d.painter.clip_rect(),
            },
        );
        ui.ctx().data_mut(|data| match drawn.smallest_name {
            Some(size) => {
                data.insert_temp(egui::Id::unique(SMALLEST_NAME_ID), size);
            }
            None => data.remove::<f32>(egui::Id::unique(SMALLEST_NAME_ID)),
        });
        input.centres = (0..board.len() as NodeId).map(|n| d.at(n)).collect();
        input
    }

    /// The marks of the turns: four players' earlier turns of the other seats, fainter, oldest
    /// first; then the last turn in the mover's colour (the path a move took, or the node
    /// flipped), noted in the context's data under `LAST_MARK_ID`.
    fn paint_marks(&self, ui: &egui::Ui, d: &Placed) {
        for mark in self.earlier.iter().rev() {
            draw_last_mark(
                &d.painter,
                mark,
                &d.path_points(&mark.path),
                d.tile,
                d.scale,
            );
        }
        let mark_id = egui::Id::unique(LAST_MARK_ID);
        if let Some(mark) = &self.last_move {
            let points: Vec<Pos2> = mark.path.iter().map(|&n| d.at(n)).collect();
            let head = draw_last_mark(
                &d.painter,
                mark,
                &d.path_points(&mark.path),
                d.tile,
                d.scale,
            );
            ui.ctx().data_mut(|data| {
                data.insert_temp(
                    mark_id,
                    DrawnMark {
                        path: mark.path.clone(),
                        points,
                        head,
                    },
                )
            });
        } else {
            ui.ctx().data_mut(|data| data.remove::<DrawnMark>(mark_id));
        }
    }

    /// Each node's click area (with its screen-reader label) and the piece on it: records clicks,
    /// right clicks and drops in `input`, and leaves a piece being dragged unpainted.
    fn pieces(
        &self,
        ui: &egui::Ui,
        d: &Placed,
        id: egui::Id,
        input: &mut BoardInput,
    ) -> PiecesDrawn {
        let board = d.board;
        let pointer = ui.input(|i| i.pointer.interact_pos());
        let mut dragging: Option<(NodeId, Piece)> = None;
        let mut smallest_name: Option<f32> = None;
        for n in 0..board.len() as NodeId {
            let p = d.at(n);
            let hit = Rect::from_center_size(p, vec2(d.tile.x, d.geom.hit_h * d.scale));
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
                && let Some(target) = self.node_at_screen(&d.to_screen, pos)
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
            let tile_rect = Rect::from_center_size(p, d.tile);
            if let Some(size) = self.paint_seen(&d.painter, tile_rect, seen, d.scale) {
                smallest_name = Some(smallest_name.map_or(size, |m: f32| m.min(size)));
            }
            if let Seen::Known(piece) = seen {
                resp.on_hover_text(self.piece_tip(board.name(n), piece));
            }
        }
        PiecesDrawn {
            dragging,
            smallest_name,
            pointer,
        }
    }

    /// The tooltip of a face-up piece: "c6: 团长 Colonel (32)" (both languages, the player's
    /// first, and the rank's number where it has one).
    fn piece_tip(&self, node: &str, piece: Piece) -> String {
        let tip = match self.lang {
            Lang::Zh => format!("{} {}", piece.rank().zh(), piece.rank().en()),
            Lang::En => format!("{} {}", piece.rank().en(), piece.rank().zh()),
        };
        let number = piece
            .rank()
            .players_number()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
        format!("{node}: {tip}{number}")
    }

    /// The node nearest the screen point `pos`, if one is near enough to take a dropped piece.
    fn node_at_screen(&self, to_screen: &RectTransform, pos: Pos2) -> Option<NodeId> {
        let board = self.view.board();
        let u = to_screen.inverse().transform_pos(pos);
        (0..board.len() as NodeId)
            .map(|n| (n, node_pos(board, self.bottom, n).distance(u)))
            .filter(|&(_, d)| d < 0.45)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(n, _)| n)
    }
}

#[cfg(test)]
mod tests {
    use super::geometry::*;
    use super::*;
    use crate::engine::{NodeKind, Rank};
    use egui::pos2;

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
