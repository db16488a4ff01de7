//! Where the board's nodes, links and coordinates lie, in board units (one unit = the distance
//! between files), whichever seat sits at the bottom.

use crate::engine::{Board, NodeId, Seat};
use egui::{Pos2, Rect, Vec2, pos2, vec2};

/// Distance between rows, in board units (one unit = the distance between files).
pub(super) const ROW: f32 = 0.62;
/// Extra space of the front line (山界) between the two halves.
pub(super) const GAP: f32 = 0.62;
const TILE: Vec2 = vec2(0.76, 0.46);
const CAMP_R: f32 = 0.36;
const MARGIN: f32 = 0.5;

/// Column and row of a node as drawn (0,0 = top left) with `bottom` at the bottom. The
/// four-player board is turned a quarter at a time so the `bottom` seat's arm is at the bottom.
pub(super) fn display_cell(board: &Board, bottom: Seat, n: NodeId) -> (f32, f32) {
    let (c, r) = board.cell_seen_by(bottom, n);
    (c as f32, (board.height - 1 - r) as f32)
}

/// The sizes of a board drawing, in board units (one unit = the distance between files).
#[derive(Clone, Copy)]
pub(super) struct Geom {
    pub(super) tile: Vec2,
    pub(super) camp_r: f32,
    /// The height of a node's click area.
    pub(super) hit_h: f32,
}

pub(super) fn geom(board: &Board) -> Geom {
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

/// Tile of the four-player board (its grid is square: arms turn with their owners); as big as
/// the grid leaves room for, so names stay readable on the 17-line board (14 points at 1400 × 950).
const TILE4: Vec2 = vec2(0.9, 0.6);
/// Extra space between the four-player centre and each arm.
const GAP4: f32 = 0.45;
/// Room around the four-player cross for the seat tags and coordinates.
const MARGIN4: f32 = 0.75;
/// The four-player coordinates' font size (board units).
pub(super) const COORD4_FONT: f32 = 0.24;

/// Where a four-player line's coordinate is centred (board units): below the line's lowest node
/// (a file) or left of its leftmost one (a rank).
pub(super) fn four_coordinate_pos(
    board: &Board,
    bottom: Seat,
    vertical: bool,
    nodes: &[NodeId],
) -> Pos2 {
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
pub(super) fn cell_pos(board: &Board, col: f32, row: f32) -> Pos2 {
    if board.is_four() {
        // The arms stand a little apart from the centre, so the corner arcs show as curves.
        let spread =
            |v: f32| v + if v > 5.5 { GAP4 } else { 0.0 } + if v > 10.5 { GAP4 } else { 0.0 };
        return pos2(spread(col), spread(row));
    }
    let half = board.height as f32 / 2.0;
    pos2(col, row * ROW + if row >= half { GAP } else { 0.0 })
}

/// Where node `n` is drawn, in board units, with `bottom` at the bottom.
pub(super) fn node_pos(board: &Board, bottom: Seat, n: NodeId) -> Pos2 {
    let (c, r) = display_cell(board, bottom, n);
    cell_pos(board, c, r)
}

/// The points (board units) of a link as drawn: a straight segment, or for a corner arc 弧线 of
/// the four-player board a quarter circle round the empty corner between the two arms.
pub(super) fn link_points(board: &Board, bottom: Seat, a: NodeId, b: NodeId) -> Vec<Pos2> {
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
pub(super) fn four_middle(board: &Board) -> Pos2 {
    let m = (board.width as f32 - 1.0) / 2.0;
    cell_pos(board, m, m)
}

/// The board's extent in board units (coordinates need a little room on the left and bottom).
pub(super) fn board_units(board: &Board) -> Rect {
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
/// The name parts of a node: file letter and rank number.
pub(super) fn file_and_rank(name: &str) -> (&str, &str) {
    name.split_at(1)
}

/// The four-player board's displayed rows and columns (as turned for `bottom`), each with the
/// nodes on it and the one coordinate they share (a file letter or a rank number).
pub(super) fn four_lines(board: &Board, bottom: Seat) -> Vec<(bool, f32, String, Vec<NodeId>)> {
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
