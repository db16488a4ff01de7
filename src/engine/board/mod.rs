//! The board as data: nodes with kinds, road and rail links, and the straight rail lines, built once
//! into lookup tables (RULES.md section 2). Move generation only reads these tables, so the
//! four-player board of section 9.2 is a second `Board` value for the same engine.

use super::piece::{Seat, Team};
use std::sync::LazyLock;

mod build;

pub use build::four_player_xy;
use build::{build_four_player, build_two_player};

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
    /// Display coordinates: column (0 = file a) and row (0 = rank 1) in Red's (South's) view; on
    /// the four-player board the x, y of the 17 × 17 grid (row = y − 1).
    pub col: u8,
    pub row: u8,
    /// Whose half (arm) the node is in; `None` for the centre of the four-player board.
    pub half: Option<Seat>,
}

/// Words in a `NodeSet`: enough for `MAX_NODES`.
const WORDS: usize = MAX_NODES.div_ceil(64);

/// A set of nodes (bit set).
///
/// Design choice: one fixed multi-word type (`WORDS` = 3 words of 64 bits, enough for the 129-node
/// four-player board) rather than a type generic over the board. Every operation is a loop over a
/// constant number of words that the compiler unrolls into a few branch-free instructions, so the
/// two-player board (60 nodes, all in word 0) pays only two extra word operations per set
/// operation, and `Position` and the move generator stay non-generic.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct NodeSet([u64; WORDS]);

impl NodeSet {
    pub const EMPTY: NodeSet = NodeSet([0; WORDS]);

    /// The set holding only `n`.
    #[inline]
    pub fn single(n: NodeId) -> NodeSet {
        // Word by word without an indexed store: a store at a computed index, read back at once
        // as a whole set, stalls on store forwarding (it was most of `Position::set`).
        let (w, bit) = (n as usize >> 6, 1u64 << (n & 63));
        NodeSet(std::array::from_fn(|i| if i == w { bit } else { 0 }))
    }
    /// Nodes `0..n`.
    pub fn first(n: usize) -> NodeSet {
        let mut s = NodeSet::EMPTY;
        for i in 0..n.min(MAX_NODES) {
            s.insert(i as NodeId);
        }
        s
    }
    #[inline]
    pub fn insert(&mut self, n: NodeId) -> bool {
        let (w, b) = (n as usize >> 6, n & 63);
        let had = self.0[w] >> b & 1 == 1;
        self.0[w] |= 1 << b;
        !had
    }
    #[inline]
    pub fn remove(&mut self, n: NodeId) {
        self.0[n as usize >> 6] &= !(1 << (n & 63));
    }
    #[inline]
    pub fn contains(&self, n: NodeId) -> bool {
        self.0[n as usize >> 6] >> (n & 63) & 1 == 1
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |a, &w| a | w) == 0
    }
    /// Whether the two sets share a node.
    #[inline]
    pub fn intersects(&self, other: NodeSet) -> bool {
        !(*self & other).is_empty()
    }
    /// The lowest node of the set.
    #[inline]
    pub fn lowest(&self) -> Option<NodeId> {
        for (w, &bits) in self.0.iter().enumerate() {
            if bits != 0 {
                return Some((w as u32 * 64 + bits.trailing_zeros()) as NodeId);
            }
        }
        None
    }
    /// The `k`-th node (from 0) in ascending order, if the set has more than `k` nodes.
    #[inline]
    pub fn nth(&self, mut k: usize) -> Option<NodeId> {
        for (w, &bits) in self.0.iter().enumerate() {
            let c = bits.count_ones() as usize;
            if k < c {
                let mut b = bits;
                for _ in 0..k {
                    b &= b - 1;
                }
                return Some((w as u32 * 64 + b.trailing_zeros()) as NodeId);
            }
            k -= c;
        }
        None
    }
    /// The first word (nodes 0–63): the whole set on a board of at most 64 nodes.
    #[inline]
    pub fn low_word(&self) -> u64 {
        self.0[0]
    }
    /// The set of the nodes whose bits are set in `w` (nodes 0–63).
    #[inline]
    pub fn from_low_word(w: u64) -> NodeSet {
        let mut s = NodeSet::EMPTY;
        s.0[0] = w;
        s
    }
    #[inline]
    pub fn iter(&self) -> NodeSetIter {
        NodeSetIter {
            words: self.0,
            w: 0,
        }
    }
}

/// Ascending iteration over a `NodeSet`.
pub struct NodeSetIter {
    words: [u64; WORDS],
    w: usize,
}

impl Iterator for NodeSetIter {
    type Item = NodeId;
    #[inline]
    fn next(&mut self) -> Option<NodeId> {
        while self.w < WORDS {
            let bits = self.words[self.w];
            if bits != 0 {
                self.words[self.w] = bits & (bits - 1);
                return Some((self.w as u32 * 64 + bits.trailing_zeros()) as NodeId);
            }
            self.w += 1;
        }
        None
    }
}

macro_rules! set_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl std::ops::$tr for NodeSet {
            type Output = NodeSet;
            #[inline]
            fn $f(self, o: NodeSet) -> NodeSet {
                let mut r = self;
                for i in 0..WORDS {
                    r.0[i] = self.0[i] $op o.0[i];
                }
                r
            }
        }
        impl std::ops::$atr for NodeSet {
            #[inline]
            fn $af(&mut self, o: NodeSet) {
                for i in 0..WORDS {
                    self.0[i] = self.0[i] $op o.0[i];
                }
            }
        }
    };
}
set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);

/// Set difference: `a - b` holds the nodes of `a` not in `b`.
impl std::ops::Sub for NodeSet {
    type Output = NodeSet;
    #[inline]
    fn sub(self, o: NodeSet) -> NodeSet {
        let mut r = self;
        for i in 0..WORDS {
            r.0[i] = self.0[i] & !o.0[i];
        }
        r
    }
}
impl std::ops::SubAssign for NodeSet {
    #[inline]
    fn sub_assign(&mut self, o: NodeSet) {
        for i in 0..WORDS {
            self.0[i] &= !o.0[i];
        }
    }
}

impl FromIterator<NodeId> for NodeSet {
    fn from_iter<I: IntoIterator<Item = NodeId>>(it: I) -> NodeSet {
        let mut s = NodeSet::EMPTY;
        for n in it {
            s.insert(n);
        }
        s
    }
}

/// A straight rail run from a node: the nodes of one rail line in one direction, nearest first.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    /// The line it runs along (index into `Board::lines`).
    pub line: u8,
    /// Its nodes are `Board::ray_nodes[start..start + len]`.
    pub start: u16,
    pub len: u8,
    /// All its nodes.
    pub mask: NodeSet,
}

/// Lookup tables derived from a board's node, link and line tables (never from its geometry), for
/// bit-set move generation.
#[derive(Clone, Debug)]
pub struct Tables {
    /// Every node of the board.
    pub all: NodeSet,
    /// Per node: neighbours along any link (road or rail).
    pub links: Vec<NodeSet>,
    /// Per node: neighbours along rail links.
    pub rail_links: Vec<NodeSet>,
    pub camps: NodeSet,
    pub hqs: NodeSet,
    /// Nodes on a rail line.
    pub rail: NodeSet,
    /// Per line: its nodes.
    pub line_masks: Vec<NodeSet>,
    /// Per node `n`: its rays are `rays[ray_start[n]..ray_start[n + 1]]` (two per line through it,
    /// empty ones left out).
    pub ray_start: Vec<u16>,
    pub rays: Vec<Ray>,
    pub ray_nodes: Vec<NodeId>,
    /// Per node: the first node of each of its rays (where every rail run starts).
    pub run_first: Vec<NodeSet>,
    /// The same tables as single words, for a board of at most 64 nodes (the two-player board).
    pub narrow: Option<Narrow>,
}

/// `Tables` as single 64-bit words (bit `n` = node `n`), for boards of at most 64 nodes: the move
/// generator's fast path. Derived from `Tables`, so it says the same.
#[derive(Clone, Debug)]
pub struct Narrow {
    pub links: Vec<u64>,
    pub rail_links: Vec<u64>,
    pub rail: u64,
    /// Per ray of `Tables::rays` (same index): its mask and how its node ids run.
    pub rays: Vec<NarrowRay>,
    /// Per node: its rays by the order of their node ids, when it has at most two rising and two
    /// falling rays and no mixed one (`None`: walk `rays`). Unused entries are empty masks.
    pub node_rays: Vec<Option<NodeRays>>,
}

/// A node's rail rays as masks: those whose node ids rise from the node, and those whose ids
/// fall. An empty mask stands for no ray (a run along it is empty).
#[derive(Clone, Copy, Debug, Default)]
pub struct NodeRays {
    pub rising: [u64; 2],
    pub falling: [u64; 2],
}

/// A ray as one word, with the order of its node ids: when they rise (or fall) all along it, the
/// first piece on it is the lowest (highest) bit of its occupied nodes.
#[derive(Clone, Copy, Debug)]
pub struct NarrowRay {
    pub mask: u64,
    pub order: RayOrder,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RayOrder {
    Rising,
    Falling,
    /// Neither: walked node by node.
    Mixed,
}

impl Narrow {
    fn build(t: &Tables, n: usize) -> Option<Narrow> {
        if n > 64 {
            return None;
        }
        let w = |s: &NodeSet| s.low_word();
        let rays = t
            .rays
            .iter()
            .map(|r| {
                let nodes = t.ray_nodes(r);
                let order = if nodes.windows(2).all(|p| p[0] < p[1]) {
                    RayOrder::Rising
                } else if nodes.windows(2).all(|p| p[0] > p[1]) {
                    RayOrder::Falling
                } else {
                    RayOrder::Mixed
                };
                NarrowRay {
                    mask: w(&r.mask),
                    order,
                }
            })
            .collect();
        let node_rays = (0..n)
            .map(|i| {
                let mut nr = NodeRays::default();
                let (mut up, mut down) = (0, 0);
                for r in t.rays_of(i as NodeId) {
                    let nodes = t.ray_nodes(r);
                    let mask = w(&r.mask);
                    if nodes.windows(2).all(|p| p[0] < p[1]) && nodes[0] as usize > i {
                        *nr.rising.get_mut(up)? = mask;
                        up += 1;
                    } else if nodes.windows(2).all(|p| p[0] > p[1]) && (nodes[0] as usize) < i {
                        *nr.falling.get_mut(down)? = mask;
                        down += 1;
                    } else {
                        return None;
                    }
                }
                Some(nr)
            })
            .collect();
        Some(Narrow {
            node_rays,
            links: t.links.iter().map(w).collect(),
            rail_links: t.rail_links.iter().map(w).collect(),
            rail: w(&t.rail),
            rays,
        })
    }
}

impl Tables {
    fn build(
        n: usize,
        kinds: &[NodeKind],
        links: &[Vec<NodeId>],
        rail_links: &[Vec<NodeId>],
        lines: &[Vec<NodeId>],
        lines_through: &[Vec<(u8, u8)>],
    ) -> Tables {
        assert!(n <= MAX_NODES, "a board has at most {MAX_NODES} nodes");
        let of_kind = |k| {
            (0..n)
                .filter(|&i| kinds[i] == k)
                .map(|i| i as NodeId)
                .collect()
        };
        let mut rays = Vec::new();
        let mut ray_nodes: Vec<NodeId> = Vec::new();
        let mut ray_start = vec![0u16];
        for through in lines_through.iter().take(n) {
            for &(line, idx) in through {
                let nodes = &lines[line as usize];
                let (idx, len) = (idx as usize, nodes.len());
                let forward: Vec<NodeId> = nodes[idx + 1..].to_vec();
                let backward: Vec<NodeId> = nodes[..idx].iter().rev().copied().collect();
                for ray in [backward, forward] {
                    if ray.is_empty() {
                        continue;
                    }
                    debug_assert!(ray.len() < len);
                    rays.push(Ray {
                        line,
                        start: ray_nodes.len() as u16,
                        len: ray.len() as u8,
                        mask: ray.iter().copied().collect(),
                    });
                    ray_nodes.extend(ray);
                }
            }
            ray_start.push(rays.len() as u16);
        }
        let run_first = (0..n)
            .map(|i| {
                let rs = &rays[ray_start[i] as usize..ray_start[i + 1] as usize];
                rs.iter().map(|r| ray_nodes[r.start as usize]).collect()
            })
            .collect();
        let mut t = Tables {
            narrow: None,
            run_first,
            all: NodeSet::first(n),
            links: links.iter().map(|l| l.iter().copied().collect()).collect(),
            rail_links: rail_links
                .iter()
                .map(|l| l.iter().copied().collect())
                .collect(),
            camps: of_kind(NodeKind::Camp),
            hqs: of_kind(NodeKind::Hq),
            rail: (0..n)
                .filter(|&i| !lines_through[i].is_empty())
                .map(|i| i as NodeId)
                .collect(),
            line_masks: lines.iter().map(|l| l.iter().copied().collect()).collect(),
            ray_start,
            rays,
            ray_nodes,
        };
        t.narrow = Narrow::build(&t, n);
        t
    }

    /// The rays from node `n`.
    #[inline]
    pub fn rays_of(&self, n: NodeId) -> &[Ray] {
        let (a, b) = (
            self.ray_start[n as usize] as usize,
            self.ray_start[n as usize + 1] as usize,
        );
        &self.rays[a..b]
    }

    /// The nodes of a ray, nearest first.
    #[inline]
    pub fn ray_nodes(&self, r: &Ray) -> &[NodeId] {
        &self.ray_nodes[r.start as usize..r.start as usize + r.len as usize]
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
    /// The seats, in counterclockwise turn order (Red, Blue / South, East, North, West).
    pub seats: &'static [Seat],
    /// The teams (two-player: each colour a team of one).
    pub teams: &'static [Team],
    /// Deployment squares per seat (`seat.index()`): `[line 1..=6][column 1..=5]` in the owner's
    /// view, `None` for camps. Unused seats of a two-player board stay all `None`.
    pub deploy: [[[Option<NodeId>; 5]; 6]; 4],
    /// The front row (line 1) per seat (`seat.index()`).
    pub front_row: [Vec<NodeId>; 4],
    pub width: u8,
    pub height: u8,
    /// Per grid cell (`row * width + col`): the node there, if any.
    grid: Vec<Option<NodeId>>,
    /// Bit-set tables derived from the ones above.
    pub tables: Tables,
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
        if col >= self.width || row >= self.height {
            return None;
        }
        self.grid[row as usize * self.width as usize + col as usize]
    }

    /// Column and row of node `n` as `seat` sees the board, its own arm at the bottom (row 0 the
    /// bottom row, as `Node::col` and `row` are in Red's and South's view): the two-player board
    /// turned a half for Blue, the four-player one a quarter turn for each seat after South
    /// (column, row to row, 16 − column). A seat of the other board sees it as Red or South.
    pub fn cell_seen_by(&self, seat: Seat, n: NodeId) -> (u8, u8) {
        let node = &self.nodes[n as usize];
        let (mut col, mut row) = (node.col, node.row);
        let (w, h) = (self.width - 1, self.height - 1);
        if self.is_four() {
            let quarters = if seat.is_four() { seat.index() } else { 0 };
            for _ in 0..quarters {
                (col, row) = (row, w - col);
            }
        } else if seat == Seat::Blue {
            (col, row) = (w - col, h - row);
        }
        (col, row)
    }

    /// Whether this is the four-player board (four seats).
    pub fn is_four(&self) -> bool {
        self.seats.len() == 4
    }

    /// The seat of a notation letter on this board.
    pub fn seat_of_letter(&self, c: char) -> Option<Seat> {
        self.seats.iter().copied().find(|s| s.letter() == c)
    }

    pub fn linked(&self, a: NodeId, b: NodeId) -> bool {
        self.links[a as usize].contains(&b)
    }

    pub fn rail_linked(&self, a: NodeId, b: NodeId) -> bool {
        self.rail_links[a as usize].contains(&b)
    }

    /// The nodes a move from `from` to `to` passes through, both ends included: a step along a
    /// link, a straight rail run, a rail run with one right-angle turn, or else a flight along the
    /// rails with the fewest links (an engineer's, corners included). Only nodes for which `empty`
    /// holds are passed through (`to` may hold a piece: an attack). The path depends only on which
    /// nodes are occupied, never on the piece that moved, so drawing it tells no one more than the
    /// move itself. `[from, to]` when no such path exists.
    pub fn move_path(
        &self,
        from: NodeId,
        to: NodeId,
        empty: impl Fn(NodeId) -> bool,
    ) -> Vec<NodeId> {
        if from == to || self.linked(from, to) {
            return vec![from, to];
        }
        let t = &self.tables;
        // The nodes of `ray` up to `to`, if every node before `to` is empty.
        let run_to = |ray: &Ray| -> Option<Vec<NodeId>> {
            let nodes = t.ray_nodes(ray);
            let i = nodes.iter().position(|&v| v == to)?;
            nodes[..i]
                .iter()
                .all(|&v| empty(v))
                .then(|| nodes[..=i].to_vec())
        };
        for ray in t.rays_of(from) {
            if let Some(rest) = run_to(ray) {
                return std::iter::once(from).chain(rest).collect();
            }
        }
        for ray in t.rays_of(from) {
            let nodes = t.ray_nodes(ray);
            for (i, &v) in nodes.iter().enumerate() {
                if !empty(v) {
                    break;
                }
                for r2 in t.rays_of(v) {
                    if r2.line != ray.line
                        && let Some(rest) = run_to(r2)
                    {
                        return std::iter::once(from)
                            .chain(nodes[..=i].iter().copied())
                            .chain(rest)
                            .collect();
                    }
                }
            }
        }
        // Breadth first along rail links through empty nodes.
        let mut came = vec![None::<NodeId>; self.len()];
        let mut queue = std::collections::VecDeque::from([from]);
        came[from as usize] = Some(from);
        while let Some(u) = queue.pop_front() {
            for &v in &self.rail_links[u as usize] {
                if came[v as usize].is_some() {
                    continue;
                }
                if v == to {
                    let mut path = vec![to, u];
                    let mut w = u;
                    while w != from {
                        w = came[w as usize].expect("reached");
                        path.push(w);
                    }
                    path.reverse();
                    return path;
                }
                if empty(v) {
                    came[v as usize] = Some(u);
                    queue.push_back(v);
                }
            }
        }
        vec![from, to]
    }

    /// Line (1 = front … 6 = back) and column (1 = owner's left) of a node in its owner's half.
    pub fn owner_coords(&self, side: Seat, n: NodeId) -> Option<(u8, u8)> {
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
    pub fn deploy_nodes(&self, side: Seat) -> impl Iterator<Item = NodeId> + '_ {
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

    /// The four-player board of RULES.md section 9.2.
    pub fn four_player() -> &'static Board {
        static BOARD: LazyLock<Board> = LazyLock::new(build_four_player);
        &BOARD
    }

    /// Assemble a board from its node, link and line tables.
    #[allow(clippy::too_many_arguments)]
    fn assemble(
        name: &'static str,
        seats: &'static [Seat],
        teams: &'static [Team],
        nodes: Vec<Node>,
        links: Vec<Vec<NodeId>>,
        rail_links: Vec<Vec<NodeId>>,
        lines: Vec<Vec<NodeId>>,
        deploy: [[[Option<NodeId>; 5]; 6]; 4],
        front_row: [Vec<NodeId>; 4],
        width: u8,
        height: u8,
    ) -> Board {
        let n = nodes.len();
        let mut lines_through = vec![Vec::new(); n];
        for (li, line) in lines.iter().enumerate() {
            for (i, &node) in line.iter().enumerate() {
                lines_through[node as usize].push((li as u8, i as u8));
            }
        }
        let mut grid = vec![None; width as usize * height as usize];
        for (i, node) in nodes.iter().enumerate() {
            grid[node.row as usize * width as usize + node.col as usize] = Some(i as NodeId);
        }
        let kinds: Vec<NodeKind> = nodes.iter().map(|x| x.kind).collect();
        let tables = Tables::build(n, &kinds, &links, &rail_links, &lines, &lines_through);
        Board {
            tables,
            name,
            nodes,
            links,
            rail_links,
            lines,
            lines_through,
            seats,
            teams,
            deploy,
            front_row,
            width,
            height,
            grid,
        }
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
        for s in Seat::BOTH {
            assert_eq!(b().deploy_nodes(s).count(), 25);
        }
    }

    #[test]
    fn node_sets_span_every_word() {
        // Nodes beyond 64 (the four-player board has 129) use the further words.
        let nodes = [0u8, 5, 63, 64, 100, 127, 128, (MAX_NODES - 1) as u8];
        let s: NodeSet = nodes.iter().copied().collect();
        assert_eq!(s.len(), nodes.len());
        assert_eq!(s.iter().collect::<Vec<_>>(), nodes);
        for (k, &n) in nodes.iter().enumerate() {
            assert!(s.contains(n));
            assert_eq!(s.nth(k), Some(n));
        }
        assert_eq!(s.nth(nodes.len()), None);
        assert_eq!(s.lowest(), Some(0));
        let t: NodeSet = [64u8, 65, 128].into_iter().collect();
        assert_eq!((s & t).iter().collect::<Vec<_>>(), [64, 128]);
        assert_eq!((s - t).len(), nodes.len() - 2);
        assert_eq!((s | t).len(), nodes.len() + 1);
        assert!(s.intersects(t) && !(s - t).intersects(t));
        let mut u = s;
        u.remove(100);
        u -= NodeSet::single(128);
        assert_eq!(u.len(), nodes.len() - 2);
        assert!(!u.contains(100) && !u.contains(128) && u.contains(127));
        assert_eq!((t - s).lowest(), Some(65));
        assert!(NodeSet::EMPTY.is_empty() && NodeSet::EMPTY.lowest().is_none());
        assert_eq!(NodeSet::first(MAX_NODES).len(), MAX_NODES);
    }

    #[test]
    fn tables_follow_the_link_and_line_tables() {
        let b = b();
        let t = &b.tables;
        assert_eq!(t.all.len(), b.len());
        for i in 0..b.len() {
            let node = i as NodeId;
            let links: NodeSet = b.links[i].iter().copied().collect();
            let rail: NodeSet = b.rail_links[i].iter().copied().collect();
            assert_eq!(t.links[i], links);
            assert_eq!(t.rail_links[i], rail);
            assert_eq!(t.rail.contains(node), b.is_rail(node));
            assert_eq!(t.camps.contains(node), b.kind(node) == NodeKind::Camp);
            assert_eq!(t.hqs.contains(node), b.kind(node) == NodeKind::Hq);
            // Two rays per line through the node, minus those that start at a line's end; each
            // runs along its line away from the node, one rail link at a time.
            let rays = t.rays_of(node);
            let ends = b.lines_through[i]
                .iter()
                .map(|&(l, k)| {
                    usize::from(k == 0) + usize::from(k as usize + 1 == b.lines[l as usize].len())
                })
                .sum::<usize>();
            assert_eq!(rays.len(), 2 * b.lines_through[i].len() - ends);
            let mut first = NodeSet::EMPTY;
            for r in rays {
                let nodes = t.ray_nodes(r);
                assert_eq!(nodes.iter().copied().collect::<NodeSet>(), r.mask);
                assert!(t.line_masks[r.line as usize].contains(nodes[0]));
                let mut prev = node;
                for &v in nodes {
                    assert!(b.rail_linked(prev, v), "{}-{}", b.name(prev), b.name(v));
                    assert!(t.line_masks[r.line as usize].contains(v));
                    prev = v;
                }
                first.insert(nodes[0]);
            }
            assert_eq!(t.run_first[i], first);
        }
        // a6 runs: along rank 6 to e6, along file a down to a2 and up to a11.
        let names = |r: &Ray| {
            t.ray_nodes(r)
                .iter()
                .map(|&v| b.name(v).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut runs: Vec<String> = t.rays_of(n("a6")).iter().map(names).collect();
        runs.sort();
        assert_eq!(runs, ["a5 a4 a3 a2", "a7 a8 a9 a10 a11", "b6 c6 d6 e6"]);
    }

    #[test]
    fn move_path_follows_the_rails_round_corners() {
        let b = Board::two_player();
        let n = |s: &str| b.node_by_name(s).unwrap();
        let names = |p: Vec<NodeId>| p.iter().map(|&v| b.name(v)).collect::<Vec<_>>().join(" ");
        let all_empty = |_: NodeId| true;
        // A road step and a straight run.
        assert_eq!(names(b.move_path(n("b1"), n("b2"), all_empty)), "b1 b2");
        assert_eq!(
            names(b.move_path(n("a2"), n("a5"), all_empty)),
            "a2 a3 a4 a5"
        );
        // One corner: up file a, along row 6.
        assert_eq!(
            names(b.move_path(n("a5"), n("c6"), all_empty)),
            "a5 a6 b6 c6"
        );
        // With a6 taken, the only way round is the loop of the red half (an engineer's flight).
        let a6 = n("a6");
        assert_eq!(
            names(b.move_path(n("a5"), n("c6"), |v| v != a6)),
            "a5 a4 a3 a2 b2 c2 d2 e2 e3 e4 e5 e6 d6 c6"
        );
        // An attack at the end of a run passes only empty nodes.
        let c6 = n("c6");
        assert_eq!(names(b.move_path(n("a6"), c6, |v| v != c6)), "a6 b6 c6");
        // Not reachable along the rails: the two ends.
        assert_eq!(names(b.move_path(n("b3"), n("d5"), all_empty)), "b3 d5");
    }
}
