//! The board as data: nodes with kinds, road and rail links, and the straight rail lines, built once
//! into lookup tables (RULES.md section 2). Move generation only reads these tables, so the
//! four-player board of section 9 can later be a second `Board` value for the same engine.

use super::piece::Side;
use std::sync::LazyLock;

/// Index of a node on its board.
pub type NodeId = u8;

/// Upper bound on nodes of any board this engine knows (the four-player board has 129).
pub const MAX_NODES: usize = 136;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NodeKind {
    /// 兵站: an ordinary position.
    Station,
    /// 行营: safe, holds one piece.
    Camp,
    /// 大本营: a piece that enters never moves again (unless `movable HQ`).
    Hq,
}

#[derive(Clone, Debug)]
pub struct Node {
    pub name: String,
    pub kind: NodeKind,
    /// On a rail line.
    pub rail: bool,
    /// Display coordinates: column (0 = file a) and row (0 = rank 1) in Red's view.
    pub col: u8,
    pub row: u8,
    /// Whose half the node is in.
    pub half: Side,
}

/// A set of nodes (bit set).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct NodeSet([u64; 3]);

impl NodeSet {
    #[inline]
    pub fn insert(&mut self, n: NodeId) -> bool {
        let (w, b) = (n as usize >> 6, n & 63);
        let had = self.0[w] >> b & 1 == 1;
        self.0[w] |= 1 << b;
        !had
    }
    #[inline]
    pub fn contains(&self, n: NodeId) -> bool {
        self.0[n as usize >> 6] >> (n & 63) & 1 == 1
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    pub fn iter(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..3).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some((w as u32 * 64 + b) as NodeId)
            })
        })
    }
}

pub struct Board {
    /// A short name for messages ("two-player").
    pub name: &'static str,
    pub nodes: Vec<Node>,
    /// Every neighbour along a road or rail link.
    pub links: Vec<Vec<NodeId>>,
    /// Neighbours along rail links only.
    pub rail_links: Vec<Vec<NodeId>>,
    /// The straight rail lines, each a sequence of nodes.
    pub lines: Vec<Vec<NodeId>>,
    /// For each node, the lines through it and its index on each.
    pub lines_through: Vec<Vec<(u8, u8)>>,
    /// Deployment squares per side: `[line 1..=6][column 1..=5]` in the owner's view, `None` for camps.
    pub deploy: [[[Option<NodeId>; 5]; 6]; 2],
    /// The front row (line 1) per side.
    pub front_row: [Vec<NodeId>; 2],
    pub width: u8,
    pub height: u8,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.name)
    }
}

impl Board {
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn kind(&self, n: NodeId) -> NodeKind {
        self.nodes[n as usize].kind
    }

    pub fn is_rail(&self, n: NodeId) -> bool {
        self.nodes[n as usize].rail
    }

    pub fn name(&self, n: NodeId) -> &str {
        &self.nodes[n as usize].name
    }

    pub fn node_by_name(&self, name: &str) -> Option<NodeId> {
        self.nodes
            .iter()
            .position(|n| n.name == name)
            .map(|i| i as NodeId)
    }

    pub fn node_at(&self, col: u8, row: u8) -> Option<NodeId> {
        self.nodes
            .iter()
            .position(|n| n.col == col && n.row == row)
            .map(|i| i as NodeId)
    }

    pub fn linked(&self, a: NodeId, b: NodeId) -> bool {
        self.links[a as usize].contains(&b)
    }

    pub fn rail_linked(&self, a: NodeId, b: NodeId) -> bool {
        self.rail_links[a as usize].contains(&b)
    }

    /// Line (1 = front … 6 = back) and column (1 = owner's left) of a node in its owner's half.
    pub fn owner_coords(&self, side: Side, n: NodeId) -> Option<(u8, u8)> {
        for (l, row) in self.deploy[side.index()].iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if *cell == Some(n) {
                    return Some((l as u8 + 1, c as u8 + 1));
                }
            }
        }
        None
    }

    /// All deployment nodes of one side (its 25 non-camp positions).
    pub fn deploy_nodes(&self, side: Side) -> impl Iterator<Item = NodeId> + '_ {
        self.deploy[side.index()]
            .iter()
            .flatten()
            .flatten()
            .copied()
    }

    /// The standard two-player board.
    pub fn two_player() -> &'static Board {
        static BOARD: LazyLock<Board> = LazyLock::new(build_two_player);
        &BOARD
    }
}

fn build_two_player() -> Board {
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
                half: if rank <= 6 { Side::Red } else { Side::Blue },
            });
        }
    }
    let n = nodes.len();
    let mut links = vec![Vec::new(); n];
    let mut rail_links = vec![Vec::new(); n];
    let mut link = |a: NodeId, b: NodeId, rail: bool| {
        links[a as usize].push(b);
        links[b as usize].push(a);
        if rail {
            rail_links[a as usize].push(b);
            rail_links[b as usize].push(a);
        }
    };
    for rank in 1..=H {
        for file in 0..W {
            if file + 1 < W {
                link(id(file, rank), id(file + 1, rank), rail_rank(rank));
            }
            if rank < H {
                if rank == 6 {
                    // The front line: only files a, c and e cross, on rails; mountains on b and d.
                    if file % 2 == 0 {
                        link(id(file, rank), id(file, rank + 1), true);
                    }
                } else {
                    let rail = rail_file(file, rank) && rail_file(file, rank + 1);
                    link(id(file, rank), id(file, rank + 1), rail);
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
            // Two camps are never diagonal neighbours on this board, so each diagonal is added once.
            link(a, b, false);
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
    let mut lines_through = vec![Vec::new(); n];
    for (li, line) in lines.iter().enumerate() {
        for (i, &node) in line.iter().enumerate() {
            lines_through[node as usize].push((li as u8, i as u8));
        }
    }
    let mut deploy = [[[None; 5]; 6]; 2];
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
    ];
    Board {
        name: "two-player",
        nodes,
        links,
        rail_links,
        lines,
        lines_through,
        deploy,
        front_row,
        width: W,
        height: H,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b() -> &'static Board {
        Board::two_player()
    }
    fn n(s: &str) -> NodeId {
        b().node_by_name(s).unwrap()
    }

    #[test]
    fn kinds_counts() {
        let count = |k| b().nodes.iter().filter(|x| x.kind == k).count();
        assert_eq!(b().len(), 60);
        assert_eq!(count(NodeKind::Hq), 4);
        assert_eq!(count(NodeKind::Camp), 10);
        assert_eq!(count(NodeKind::Station), 46);
        for s in ["b1", "d1", "b12", "d12"] {
            assert_eq!(b().kind(n(s)), NodeKind::Hq, "{s}");
        }
        for s in ["b3", "d3", "c4", "b5", "d5", "b8", "d8", "c9", "b10", "d10"] {
            assert_eq!(b().kind(n(s)), NodeKind::Camp, "{s}");
        }
    }

    #[test]
    fn mountains_cut_b_and_d() {
        assert!(!b().linked(n("b6"), n("b7")));
        assert!(!b().linked(n("d6"), n("d7")));
        assert!(b().rail_linked(n("a6"), n("a7")));
        assert!(b().rail_linked(n("c6"), n("c7")));
        assert!(b().rail_linked(n("e6"), n("e7")));
    }

    #[test]
    fn camp_diagonals() {
        for (camp, diag) in [
            ("b3", ["a2", "c2", "a4", "c4"]),
            ("c4", ["b3", "d3", "b5", "d5"]),
            ("b5", ["a4", "c4", "a6", "c6"]),
            ("c9", ["b8", "d8", "b10", "d10"]),
        ] {
            for d in diag {
                assert!(b().linked(n(camp), n(d)), "{camp}-{d}");
                assert!(!b().rail_linked(n(camp), n(d)));
            }
        }
        // A station that is not a camp has no diagonal links.
        assert!(!b().linked(n("a2"), n("b1")));
        assert!(!b().linked(n("c2"), n("d3")) || b().kind(n("d3")) == NodeKind::Camp);
    }

    #[test]
    fn rails_and_roads() {
        // 32 rail nodes: ranks 2, 6, 7, 11 (20) plus a3-a5, a8-a10, e3-e5, e8-e10 (12).
        assert_eq!(b().nodes.iter().filter(|x| x.rail).count(), 32);
        assert!(b().rail_linked(n("a2"), n("a3")));
        assert!(!b().rail_linked(n("a1"), n("a2")) && b().linked(n("a1"), n("a2")));
        assert!(!b().rail_linked(n("c2"), n("c3")) && b().linked(n("c2"), n("c3")));
        assert!(!b().linked(n("a5"), n("b4")));
        assert_eq!(b().lines.len(), 7);
        for node in 0..60u8 {
            assert_eq!(
                b().is_rail(node),
                !b().lines_through[node as usize].is_empty()
            );
        }
    }

    #[test]
    fn deployment_mapping() {
        // Red line L column C -> file a+(C-1), rank 7-L; Blue -> file e-(C-1), rank 6+L.
        assert_eq!(b().deploy[0][0][0], Some(n("a6")));
        assert_eq!(b().deploy[0][5][1], Some(n("b1")));
        assert_eq!(b().deploy[1][0][0], Some(n("e7")));
        assert_eq!(b().deploy[1][5][1], Some(n("d12")));
        assert_eq!(b().deploy[0][1][2], Some(n("c5")));
        assert_eq!(b().deploy[0][2][2], None); // c4 is a camp
        for s in Side::BOTH {
            assert_eq!(b().deploy_nodes(s).count(), 25);
        }
    }
}
