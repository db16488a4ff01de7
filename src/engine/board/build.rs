//! The two boards built from their rules: nodes, links, rail lines, deployment rows (RULES.md 2
//! and 9.2).

use super::{Board, Node, NodeId, NodeKind};
use crate::engine::piece::{Seat, Team};

/// The two-player board of RULES.md: five files, twelve ranks, the front line between ranks 6
/// and 7.
pub(super) fn build_two_player() -> Board {
    const W: u8 = 5;
    const H: u8 = 12;
    let id = |file: u8, rank: u8| -> NodeId { (rank - 1) * W + file };
    let camps = [
        (1, 3),
        (3, 3),
        (2, 4),
        (1, 5),
        (3, 5),
        (1, 8),
        (3, 8),
        (2, 9),
        (1, 10),
        (3, 10),
    ];
    let rail_rank = |r: u8| matches!(r, 2 | 6 | 7 | 11);
    let rail_file = |f: u8, r: u8| (f == 0 || f == 4) && (2..=11).contains(&r);
    let mut nodes = Vec::new();
    for rank in 1..=H {
        for file in 0..W {
            let kind = if (file == 1 || file == 3) && (rank == 1 || rank == 12) {
                NodeKind::Hq
            } else if camps.contains(&(file, rank)) {
                NodeKind::Camp
            } else {
                NodeKind::Station
            };
            nodes.push(Node {
                name: format!("{}{}", (b'a' + file) as char, rank),
                kind,
                rail: rail_rank(rank)
                    || rail_file(file, rank)
                    || (file == 2 && (rank == 6 || rank == 7)),
                col: file,
                row: rank - 1,
                half: Some(if rank <= 6 { Seat::Red } else { Seat::Blue }),
            });
        }
    }
    let n = nodes.len();
    let mut l = Links::new(n);
    for rank in 1..=H {
        for file in 0..W {
            if file + 1 < W {
                l.join(id(file, rank), id(file + 1, rank), rail_rank(rank));
            }
            if rank < H {
                if rank == 6 {
                    // The front line: only files a, c and e cross, on rails; mountains on b and d.
                    if file % 2 == 0 {
                        l.join(id(file, rank), id(file, rank + 1), true);
                    }
                } else {
                    let rail = rail_file(file, rank) && rail_file(file, rank + 1);
                    l.join(id(file, rank), id(file, rank + 1), rail);
                }
            }
        }
    }
    for &(f, r) in &camps {
        for (df, dr) in [(-1i8, -1i8), (1, -1), (-1, 1), (1, 1)] {
            let (nf, nr) = (f as i8 + df, r as i8 + dr);
            let (nf, nr) = (nf as u8, nr as u8);
            let a = id(f, r);
            let b = id(nf, nr);
            // The diagonals between two camps (c4 and each camp round it, c9 likewise) are met
            // from both camps and listed twice in `links`.
            l.join(a, b, false);
        }
    }
    let mut lines: Vec<Vec<NodeId>> = Vec::new();
    for r in [2, 6, 7, 11] {
        lines.push((0..W).map(|f| id(f, r)).collect());
    }
    for f in [0, 4] {
        lines.push((2..=11).map(|r| id(f, r)).collect());
    }
    lines.push(vec![id(2, 6), id(2, 7)]);
    let mut deploy = [[[None; 5]; 6]; 4];
    for l in 1..=6u8 {
        for c in 1..=5u8 {
            let red = id(c - 1, 7 - l);
            let blue = id(4 - (c - 1), 6 + l);
            for (s, node) in [(0, red), (1, blue)] {
                if nodes[node as usize].kind != NodeKind::Camp {
                    deploy[s][l as usize - 1][c as usize - 1] = Some(node);
                }
            }
        }
    }
    let front_row = [
        (0..W).map(|f| id(f, 6)).collect(),
        (0..W).map(|f| id(f, 7)).collect(),
        Vec::new(),
        Vec::new(),
    ];
    Board::assemble(
        "two-player",
        &Seat::BOTH,
        &[Team::Red, Team::Blue],
        nodes,
        l.links,
        l.rail_links,
        lines,
        deploy,
        front_row,
        W,
        H,
    )
}

/// The grid x, y (x = file index a = 0 … q = 16, y = rank) of own file `f` (a = 0 … e = 4) and own
/// rank `r` of a four-player seat: the table of RULES.md 9.2 (r = 7, 9, 11 give the centre
/// stations straight ahead of own files a, c, e).
pub fn four_player_xy(seat: Seat, f: u8, r: u8) -> (u8, u8) {
    match seat {
        Seat::South => (6 + f, r),
        Seat::East => (17 - r, 7 + f),
        Seat::North => (10 - f, 18 - r),
        Seat::West => (r - 1, 11 - f),
        Seat::Red | Seat::Blue => unreachable!("a four-player seat"),
    }
}

/// The four-player grid's width and height: files a to q, ranks 1 to 17.
const FOUR_W: u8 = 17;
const FOUR_H: u8 = 17;

/// A board's links while it is built: every link, and the rail links among them.
struct Links {
    links: Vec<Vec<NodeId>>,
    rail_links: Vec<Vec<NodeId>>,
}

impl Links {
    /// No links yet between `n` nodes.
    fn new(n: usize) -> Self {
        Links {
            links: vec![Vec::new(); n],
            rail_links: vec![Vec::new(); n],
        }
    }

    /// Link `a` and `b` both ways, by rail too if `rail`, even if they are linked already.
    fn join(&mut self, a: NodeId, b: NodeId, rail: bool) {
        self.links[a as usize].push(b);
        self.links[b as usize].push(a);
        if rail {
            self.rail_links[a as usize].push(b);
            self.rail_links[b as usize].push(a);
        }
    }

    /// Link `a` and `b` as `join` does, unless they are linked already (on the four-player board
    /// a camp's diagonal to the camp of own c4 is met from both camps).
    fn join_once(&mut self, a: NodeId, b: NodeId, rail: bool) {
        if !self.links[a as usize].contains(&b) {
            self.join(a, b, rail);
        }
    }
}

/// The four-player board's node ids by grid x, y, while the board is built.
struct FourGrid {
    id_at: Vec<Option<NodeId>>,
}

impl FourGrid {
    /// The node at grid x, y.
    fn id(&self, (x, y): (u8, u8)) -> NodeId {
        self.id_at[y as usize * FOUR_W as usize + x as usize].expect("a node")
    }

    /// The node at own file `f` (a = 0) and own rank `r` of `seat`'s arm.
    fn own(&self, seat: Seat, f: u8, r: u8) -> NodeId {
        self.id(four_player_xy(seat, f, r))
    }

    /// `seat`'s own rank `r`, own files a to e.
    fn row(&self, seat: Seat, r: u8) -> Vec<NodeId> {
        (0..5).map(|f| self.own(seat, f, r)).collect()
    }
}

/// The four-player board of RULES.md 9.2, built from the arm formulas: each arm is a two-player
/// half in its owner's terms; rails join arms to the centre, the centre stations to each other,
/// and each arm's own a6 to own e6 of the arm on its owner's left (the corner arcs).
pub(super) fn build_four_player() -> Board {
    let (mut nodes, grid) = four_player_nodes();
    let links = four_player_links(&grid, nodes.len());
    let lines = four_player_rail_lines(&grid);
    for line in &lines {
        for &v in line {
            nodes[v as usize].rail = true;
        }
    }
    let mut deploy = [[[None; 5]; 6]; 4];
    let mut front_row: [Vec<NodeId>; 4] = Default::default();
    for seat in Seat::FOUR {
        for l in 1..=6u8 {
            for c in 1..=5u8 {
                let node = grid.own(seat, c - 1, 7 - l);
                if nodes[node as usize].kind != NodeKind::Camp {
                    deploy[seat.index()][l as usize - 1][c as usize - 1] = Some(node);
                }
            }
        }
        front_row[seat.index()] = grid.row(seat, 6);
    }
    Board::assemble(
        "four-player",
        &Seat::FOUR,
        &[Team::SouthNorth, Team::EastWest],
        nodes,
        links.links,
        links.rail_links,
        lines,
        deploy,
        front_row,
        FOUR_W,
        FOUR_H,
    )
}

/// The four-player board's nodes, row by row (their kinds and arms from the arm formulas, none
/// on a rail yet), and where each is on the grid.
fn four_player_nodes() -> (Vec<Node>, FourGrid) {
    const W: u8 = FOUR_W;
    const H: u8 = FOUR_H;
    let exists = |x: u8, y: u8| -> bool {
        match y {
            1..=6 | 12..=17 => (6..=10).contains(&x),
            7 | 9 | 11 => x <= 6 || x == 8 || (10..=16).contains(&x),
            8 | 10 => x <= 5 || (11..=16).contains(&x),
            _ => false,
        }
    };
    let own_camp = |f: u8, r: u8| matches!((f, r), (1, 3) | (3, 3) | (2, 4) | (1, 5) | (3, 5));
    let own_hq = |f: u8, r: u8| r == 1 && (f == 1 || f == 3);
    // Kinds and arms from the arm formulas.
    let mut kind_at = vec![None::<(NodeKind, Option<Seat>)>; W as usize * (H as usize + 1)];
    for seat in Seat::FOUR {
        for f in 0..5 {
            for r in 1..=6 {
                let (x, y) = four_player_xy(seat, f, r);
                let kind = if own_hq(f, r) {
                    NodeKind::Hq
                } else if own_camp(f, r) {
                    NodeKind::Camp
                } else {
                    NodeKind::Station
                };
                kind_at[y as usize * W as usize + x as usize] = Some((kind, Some(seat)));
            }
        }
    }
    let mut nodes = Vec::new();
    let mut id_at = vec![None::<NodeId>; W as usize * (H as usize + 1)];
    for y in 1..=H {
        for x in 0..W {
            if !exists(x, y) {
                continue;
            }
            let (kind, half) =
                kind_at[y as usize * W as usize + x as usize].unwrap_or((NodeKind::Station, None));
            id_at[y as usize * W as usize + x as usize] = Some(nodes.len() as NodeId);
            nodes.push(Node {
                name: format!("{}{}", (b'a' + x) as char, y),
                kind,
                rail: false,
                col: x,
                row: y - 1,
                half,
            });
        }
    }
    (nodes, FourGrid { id_at })
}

/// The four-player board's links among its `n` nodes: inside each arm as on a two-player half,
/// the arms to the centre and round the corners, and the centre's stations to each other.
fn four_player_links(grid: &FourGrid, n: usize) -> Links {
    let own = |seat: Seat, f: u8, r: u8| grid.own(seat, f, r);
    let mut l = Links::new(n);
    for (i, &seat) in Seat::FOUR.iter().enumerate() {
        // Inside the arm: as a two-player half in own terms.
        for f in 0..5u8 {
            for r in 1..=6u8 {
                if f < 4 {
                    let rail = r == 2 || r == 6;
                    l.join_once(own(seat, f, r), own(seat, f + 1, r), rail);
                }
                if r < 6 {
                    let rail = (f == 0 || f == 4) && r >= 2;
                    l.join_once(own(seat, f, r), own(seat, f, r + 1), rail);
                }
            }
        }
        for (f, r) in [(1u8, 3u8), (3, 3), (2, 4), (1, 5), (3, 5)] {
            for (df, dr) in [(-1i8, -1i8), (1, -1), (-1, 1), (1, 1)] {
                let (nf, nr) = ((f as i8 + df) as u8, (r as i8 + dr) as u8);
                l.join_once(own(seat, f, r), own(seat, nf, nr), false);
            }
        }
        // Arm to centre: own a6, c6, e6 to the centre station straight ahead.
        for f in [0, 2, 4] {
            l.join_once(own(seat, f, 6), own(seat, f, 7), true);
        }
        // The corner arc: own a6 to own e6 of the arm on the owner's left (the seat before in
        // counterclockwise order).
        let left = Seat::FOUR[(i + 3) % 4];
        l.join_once(own(seat, 0, 6), own(left, 4, 6), true);
    }
    // The centre: each station to the next in its rank or file.
    for a in [7u8, 9, 11] {
        for b in [7u8, 9] {
            // Along rank a (x = b − 1 to b + 1) and along file x = a − 1 (y = b to b + 2).
            l.join_once(grid.id((b - 1, a)), grid.id((b + 1, a)), true);
            l.join_once(grid.id((a - 1, b)), grid.id((a - 1, b + 2)), true);
        }
    }
    l
}

/// The four-player board's 18 rail lines, in the order of RULES.md 9.2.
fn four_player_rail_lines(grid: &FourGrid) -> Vec<Vec<NodeId>> {
    let own = |seat: Seat, f: u8, r: u8| grid.own(seat, f, r);
    let (s, e, no, w) = (Seat::South, Seat::East, Seat::North, Seat::West);
    let row = |seat: Seat, r: u8| grid.row(seat, r);
    let up = |seat: Seat, f: u8| -> Vec<NodeId> { (2..=6).map(|r| own(seat, f, r)).collect() };
    let down =
        |seat: Seat, f: u8| -> Vec<NodeId> { (2..=6).rev().map(|r| own(seat, f, r)).collect() };
    let centre =
        |seat: Seat, f: u8| -> Vec<NodeId> { [7, 9, 11].map(|r| own(seat, f, r)).to_vec() };
    let cat = |parts: &[Vec<NodeId>]| -> Vec<NodeId> { parts.concat() };
    vec![
        row(s, 2),
        row(s, 6),
        row(e, 2),
        row(e, 6),
        row(no, 2),
        row(no, 6),
        row(w, 2),
        row(w, 6),
        cat(&[up(s, 0), centre(s, 0), down(no, 4)]),
        cat(&[up(s, 4), centre(s, 4), down(no, 0)]),
        cat(&[vec![own(s, 2, 6)], centre(s, 2), vec![own(no, 2, 6)]]),
        cat(&[up(w, 0), centre(w, 0), down(e, 4)]),
        cat(&[up(w, 4), centre(w, 4), down(e, 0)]),
        cat(&[vec![own(w, 2, 6)], centre(w, 2), vec![own(e, 2, 6)]]),
        cat(&[up(s, 0), down(w, 4)]),
        cat(&[up(e, 0), down(s, 4)]),
        cat(&[up(no, 0), down(e, 4)]),
        cat(&[up(w, 0), down(no, 4)]),
    ]
}
