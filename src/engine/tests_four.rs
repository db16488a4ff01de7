//! Unit tests of the four-player game (RULES.md section 9, NOTATION.md's four-player part): the
//! board against the lists of 9.2 (copied below as text and parsed), the notation and its
//! well-formedness rules, moving (9.3), clashes (9.4), deploying (9.5) and going out (9.7), each
//! on a hand-built position written square by square (`"g6=s5 f7=w3"`).

use super::board::{Board, NodeId, NodeKind, four_player_xy};
use super::formation::{Formation, four_player_setup, square_name};
use super::position::SetupError;
use super::*;
use std::collections::BTreeSet;

/// The link lists of RULES.md 9.2, verbatim.
const RULES_LINKS: &str = r#"
Rail links (92):
- South's arm (16): g2-h2 g2-g3 h2-i2 i2-j2 j2-k2 k2-k3 g3-g4 k3-k4 g4-g5 k4-k5 g5-g6 k5-k6 g6-h6 h6-i6 i6-j6 j6-k6
- East's arm (16): l7-m7 l7-l8 m7-n7 n7-o7 o7-p7 p7-p8 l8-l9 p8-p9 l9-l10 p9-p10 l10-l11 p10-p11 l11-m11 m11-n11 n11-o11 o11-p11
- North's arm (16): g12-h12 g12-g13 h12-i12 i12-j12 j12-k12 k12-k13 g13-g14 k13-k14 g14-g15 k14-k15 g15-g16 k15-k16 g16-h16 h16-i16 i16-j16 j16-k16
- West's arm (16): b7-c7 b7-b8 c7-d7 d7-e7 e7-f7 f7-f8 b8-b9 f8-f9 b9-b10 f9-f10 b10-b11 f10-f11 b11-c11 c11-d11 d11-e11 e11-f11
- centre (12): g7-i7 g7-g9 i7-k7 i7-i9 k7-k9 g9-i9 g9-g11 i9-k9 i9-i11 k9-k11 g11-i11 i11-k11
- arm to centre (12): g6-g7 i6-i7 k6-k7 f7-g7 k7-l7 f9-g9 k9-l9 f11-g11 g11-g12 i11-i12 k11-l11 k11-k12
- arcs (4): g6-f7 k6-l7 f11-g12 l11-k12

Road links (196):
- South, orthogonal (33): g1-h1 g1-g2 h1-i1 h1-h2 i1-j1 i1-i2 j1-k1 j1-j2 k1-k2 h2-h3 i2-i3 j2-j3 g3-h3 h3-i3 h3-h4 i3-j3 i3-i4 j3-k3 j3-j4 g4-h4 h4-i4 h4-h5 i4-j4 i4-i5 j4-k4 j4-j5 g5-h5 h5-i5 h5-h6 i5-j5 i5-i6 j5-k5 j5-j6
- South, camp diagonals (16): g2-h3 i2-h3 i2-j3 k2-j3 h3-g4 h3-i4 j3-i4 j3-k4 g4-h5 i4-h5 i4-j5 k4-j5 h5-g6 h5-i6 j5-i6 j5-k6
- East, orthogonal (33): m7-m8 n7-n8 o7-o8 p7-q7 q7-q8 l8-m8 m8-n8 m8-m9 n8-o8 n8-n9 o8-p8 o8-o9 p8-q8 q8-q9 l9-m9 m9-n9 m9-m10 n9-o9 n9-n10 o9-p9 o9-o10 p9-q9 q9-q10 l10-m10 m10-n10 m10-m11 n10-o10 n10-n11 o10-p10 o10-o11 p10-q10 q10-q11 p11-q11
- East, camp diagonals (16): l7-m8 n7-m8 n7-o8 p7-o8 m8-l9 m8-n9 o8-n9 o8-p9 l9-m10 n9-m10 n9-o10 p9-o10 m10-l11 m10-n11 o10-n11 o10-p11
- North, orthogonal (33): h12-h13 i12-i13 j12-j13 g13-h13 h13-i13 h13-h14 i13-j13 i13-i14 j13-k13 j13-j14 g14-h14 h14-i14 h14-h15 i14-j14 i14-i15 j14-k14 j14-j15 g15-h15 h15-i15 h15-h16 i15-j15 i15-i16 j15-k15 j15-j16 g16-g17 h16-h17 i16-i17 j16-j17 k16-k17 g17-h17 h17-i17 i17-j17 j17-k17
- North, camp diagonals (16): g12-h13 i12-h13 i12-j13 k12-j13 h13-g14 h13-i14 j13-i14 j13-k14 g14-h15 i14-h15 i14-j15 k14-j15 h15-g16 h15-i16 j15-i16 j15-k16
- West, orthogonal (33): a7-b7 a7-a8 c7-c8 d7-d8 e7-e8 a8-b8 a8-a9 b8-c8 c8-d8 c8-c9 d8-e8 d8-d9 e8-f8 e8-e9 a9-b9 a9-a10 b9-c9 c9-d9 c9-c10 d9-e9 d9-d10 e9-f9 e9-e10 a10-b10 a10-a11 b10-c10 c10-d10 c10-c11 d10-e10 d10-d11 e10-f10 e10-e11 a11-b11
- West, camp diagonals (16): b7-c8 d7-c8 d7-e8 f7-e8 c8-b9 c8-d9 e8-d9 e8-f9 b9-c10 d9-c10 d9-e10 f9-e10 c10-b11 c10-d11 e10-d11 e10-f11
"#;

/// The rail lines of RULES.md 9.2, verbatim.
const RULES_LINES: &str = r#"
1. South back rail (5): g2 h2 i2 j2 k2
2. South front row (5): g6 h6 i6 j6 k6
3. East back rail (5): p7 p8 p9 p10 p11
4. East front row (5): l7 l8 l9 l10 l11
5. North back rail (5): k16 j16 i16 h16 g16
6. North front row (5): k12 j12 i12 h12 g12
7. West back rail (5): b11 b10 b9 b8 b7
8. West front row (5): f11 f10 f9 f8 f7
9. file g: South's a-side rail, centre, North's e-side rail (13): g2 g3 g4 g5 g6 g7 g9 g11 g12 g13 g14 g15 g16
10. file k: South's e-side rail, centre, North's a-side rail (13): k2 k3 k4 k5 k6 k7 k9 k11 k12 k13 k14 k15 k16
11. file i: South's c6, centre, North's c6 (5): i6 i7 i9 i11 i12
12. rank 11: West's a-side rail, centre, East's e-side rail (13): b11 c11 d11 e11 f11 g11 i11 k11 l11 m11 n11 o11 p11
13. rank 7: West's e-side rail, centre, East's a-side rail (13): b7 c7 d7 e7 f7 g7 i7 k7 l7 m7 n7 o7 p7
14. rank 9: West's c6, centre, East's c6 (5): f9 g9 i9 k9 l9
15. arc SW: South's a-side rail, arc g6-f7, West's e-side rail (10): g2 g3 g4 g5 g6 f7 e7 d7 c7 b7
16. arc SE: East's a-side rail, arc l7-k6, South's e-side rail (10): p7 o7 n7 m7 l7 k6 k5 k4 k3 k2
17. arc NE: North's a-side rail, arc k12-l11, East's e-side rail (10): k16 k15 k14 k13 k12 l11 m11 n11 o11 p11
18. arc NW: West's a-side rail, arc f11-g12, North's e-side rail (10): b11 c11 d11 e11 f11 g12 g13 g14 g15 g16
"#;

fn b4() -> &'static Board {
    Board::four_player()
}

fn sq(name: &str) -> NodeId {
    b4().node_by_name(name)
        .unwrap_or_else(|| panic!("no square {name}"))
}

fn name(n: NodeId) -> &'static str {
    b4().name(n)
}

/// Flags in one HQ of each arm, a general frozen in the other, and a free lieutenant on each
/// arm's own a1 (so every player still has a turn): a backdrop that keeps all four players in.
pub(super) const BASE4: &str =
    "h1=sF j1=s8 g1=s2 q8=eF q10=e8 q7=e2 j17=nF h17=n8 k17=n2 a10=wF a8=w8 a11=w2";

/// Four-player notation from `square=cell` items, other squares empty.
pub(super) fn lay4(to_move: &str, quiet: u32, ply: u32, out: &str, cells: &str) -> String {
    let b = b4();
    let mut grid = vec![String::from(".."); b.len()];
    for item in cells.split_whitespace() {
        let (square, cell) = item.split_once('=').expect("items are square=cell");
        let n = sq(square) as usize;
        assert_eq!(grid[n], "..", "{square} placed twice");
        grid[n] = cell.to_string();
    }
    let ranks: Vec<String> = (0..b.height)
        .rev()
        .map(|row| {
            (0..b.width)
                .filter_map(|col| b.node_at(col, row))
                .map(|n| grid[n as usize].as_str())
                .collect()
        })
        .collect();
    format!("{} {to_move} {quiet} {ply} {out}", ranks.join("/"))
}

fn pos(rules: &Rules, text: &str) -> Position {
    Position::from_notation(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `BASE4` plus `cells`, `to_move` to move, nobody out, open default rules.
fn open4(to_move: &str, cells: &str) -> Position {
    pos(
        &Rules::default(),
        &lay4(to_move, 0, 0, "-", &format!("{BASE4} {cells}")),
    )
}

fn with(edit: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = Rules::default();
    edit(&mut r);
    r
}

/// Destinations of the piece on `from` (its owner to move), byte order, space separated; the
/// move list and `check_turn` agree with them.
fn dests(p: &Position, rules: &Rules, from: &str) -> String {
    let mut v: Vec<&str> = p
        .destinations_from(rules, sq(from))
        .into_iter()
        .map(name)
        .collect();
    v.sort();
    let mut listed: Vec<&str> = p
        .legal_turns(rules)
        .into_iter()
        .filter_map(|t| match t {
            Turn::Move { from: f, to } if f == sq(from) => Some(name(to)),
            _ => None,
        })
        .collect();
    listed.sort();
    assert_eq!(
        v, listed,
        "destinations_from and legal_turns disagree for {from}"
    );
    for &to in &v {
        let t = Turn::Move {
            from: sq(from),
            to: sq(to),
        };
        assert_eq!(p.check_turn(rules, t), Ok(()), "{from}-{to}");
    }
    v.join(" ")
}

fn has(dests: &str, square: &str) -> bool {
    dests.split(' ').any(|d| d == square)
}

fn turn(text: &str) -> Turn {
    Turn::parse(text, b4()).unwrap()
}

fn play(p: &mut Position, rules: &Rules, text: &str) -> TurnReport {
    match p.play(rules, turn(text)) {
        Ok((report, _)) => report,
        Err(e) => panic!("{text} refused in {}: {e}", p.notation()),
    }
}

fn refuse(p: &Position, rules: &Rules, text: &str) -> IllegalTurn {
    let mut q = *p;
    let e = q.play(rules, turn(text)).expect_err(text);
    assert_eq!(q, *p, "{text} changed the position");
    e
}

/// Unordered pairs `a-b` of a text list.
fn pairs(text: &str) -> BTreeSet<(String, String)> {
    text.split_whitespace()
        // Link words `a-b` (not the list bullets `-` nor the headings).
        .filter(|w| w.len() > 2 && w.contains('-') && !w.ends_with(':'))
        .map(|w| {
            let (a, b) = w.split_once('-').unwrap();
            let (a, b) = (a.to_string(), b.to_string());
            if a < b { (a, b) } else { (b, a) }
        })
        .collect()
}

/// The board's links as unordered pairs of names: rail ones, or road ones (links not rail).
fn board_pairs(rail: bool) -> BTreeSet<(String, String)> {
    let b = b4();
    let mut out = BTreeSet::new();
    for a in 0..b.len() as NodeId {
        for &c in &b.links[a as usize] {
            if b.rail_linked(a, c) == rail {
                let (x, y) = (name(a).to_string(), name(c).to_string());
                out.insert(if x < y { (x, y) } else { (y, x) });
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// 9.2 The board.

#[test]
fn four_board_has_129_nodes_with_the_rank_counts_of_9_2() {
    let b = b4();
    assert_eq!(b.len(), 129);
    let counts = "17:5 16:5 15:5 14:5 13:5 12:5 11:15 10:12 9:15 8:12 7:15 6:5 5:5 4:5 3:5 2:5 1:5";
    for item in counts.split(' ') {
        let (rank, n) = item.split_once(':').unwrap();
        let rank: u8 = rank.parse().unwrap();
        let got = b.nodes.iter().filter(|x| x.row + 1 == rank).count();
        assert_eq!(got.to_string(), n, "rank {rank}");
    }
    // Drawing coordinates are the 17 × 17 grid: x = file index, row = rank − 1.
    let g6 = &b.nodes[sq("g6") as usize];
    assert_eq!((g6.col, g6.row), (6, 5));
    assert_eq!(b.node_at(6, 5), Some(sq("g6")));
    assert_eq!(b.node_at(7, 6), None, "nothing stands on h7");
    assert_eq!(b.node_at(6, 7), None, "nothing stands on g8");
    assert_eq!((b.width, b.height), (17, 17));
    assert_eq!(b.seats, Seat::FOUR);
    assert_eq!(b.teams, [Team::SouthNorth, Team::EastWest]);
    // The centre and the arms.
    for c in ["g7", "i7", "k7", "g9", "i9", "k9", "g11", "i11", "k11"] {
        assert_eq!(b.nodes[sq(c) as usize].half, None, "{c}");
    }
    assert_eq!(b.nodes[sq("f7") as usize].half, Some(Seat::West));
    assert_eq!(b.nodes[sq("l11") as usize].half, Some(Seat::East));
}

#[test]
fn four_board_kinds_8_hqs_20_camps_101_stations() {
    let b = b4();
    let kind_names = |k| -> BTreeSet<&str> {
        (0..b.len() as NodeId)
            .filter(|&n| b.kind(n) == k)
            .map(name)
            .collect()
    };
    let set = |s: &'static str| -> BTreeSet<&str> { s.split(' ').collect() };
    assert_eq!(kind_names(NodeKind::Hq), set("h1 j1 q8 q10 j17 h17 a10 a8"));
    assert_eq!(
        kind_names(NodeKind::Camp),
        set("h3 j3 i4 h5 j5 o8 o10 n9 m8 m10 j15 h15 i14 j13 h13 c10 c8 d9 e10 e8")
    );
    assert_eq!(kind_names(NodeKind::Station).len(), 101);
}

#[test]
fn four_board_links_are_exactly_the_92_rail_and_196_road_links_of_9_2() {
    let (rail_text, road_text) = RULES_LINKS.split_once("Road links (196):").unwrap();
    let rail = pairs(rail_text);
    let road = pairs(road_text);
    assert_eq!((rail.len(), road.len()), (92, 196), "the lists as copied");
    assert_eq!(board_pairs(true), rail);
    assert_eq!(board_pairs(false), road);
    // The link lists hold each pair once.
    let b = b4();
    for a in 0..b.len() {
        let mut l = b.links[a].clone();
        l.sort();
        l.dedup();
        assert_eq!(l.len(), b.links[a].len(), "{}", name(a as NodeId));
    }
    // No centre link to an arm's own b6 or d6 (h6, j6 for South), no roads in the centre.
    assert!(!b.linked(sq("h6"), sq("i7")) && !b.linked(sq("h6"), sq("g7")));
    for c in ["g7", "i7", "k7", "g9", "i9", "k9", "g11", "i11", "k11"] {
        assert_eq!(b.links[sq(c) as usize], b.rail_links[sq(c) as usize], "{c}");
    }
}

#[test]
fn four_board_rail_lines_are_the_18_lines_of_9_2() {
    let b = b4();
    let lines: Vec<Vec<&str>> = RULES_LINES
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.rsplit_once("): ").unwrap().1.split(' ').collect())
        .collect();
    assert_eq!(lines.len(), 18);
    let got: Vec<Vec<&str>> = b
        .lines
        .iter()
        .map(|l| l.iter().map(|&n| name(n)).collect())
        .collect();
    assert_eq!(got, lines);
    // Each line is a path of rail links.
    for l in &b.lines {
        for w in l.windows(2) {
            assert!(b.rail_linked(w[0], w[1]), "{}-{}", name(w[0]), name(w[1]));
        }
    }
    // 73 rail nodes, all stations: 16 per arm and the 9 centre stations.
    let rail: Vec<NodeId> = (0..b.len() as NodeId).filter(|&n| b.is_rail(n)).collect();
    assert_eq!(rail.len(), 73);
    assert!(rail.iter().all(|&n| b.kind(n) == NodeKind::Station));
    for seat in Seat::FOUR {
        let arm = rail
            .iter()
            .filter(|&&n| b.nodes[n as usize].half == Some(seat))
            .count();
        assert_eq!(arm, 16, "{seat}");
    }
    // A side rail belongs to two lines: straight across the centre and round the arc.
    assert_eq!(b.lines_through[sq("g4") as usize].len(), 2);
    assert_eq!(b.lines_through[sq("i9") as usize].len(), 2);
}

#[test]
fn four_board_arm_table_and_deploy_mapping_of_9_5() {
    let b = b4();
    // The 9.2 examples: South's own a6 is g6, West's own e6 is f7; r = 7 is straight ahead.
    assert_eq!(four_player_xy(Seat::South, 0, 6), (6, 6));
    assert_eq!(four_player_xy(Seat::West, 4, 6), (5, 7));
    assert_eq!(four_player_xy(Seat::East, 2, 9), (8, 9));
    let file = |x: i32| ((b'a' as i32 + x) as u8) as char;
    for seat in Seat::FOUR {
        let mut count = 0;
        for l in 1..=6i32 {
            for c in 1..=5i32 {
                // The table of 9.5.
                let want = match seat {
                    Seat::South => format!("{}{}", file(6 + c - 1), 7 - l),
                    Seat::East => format!("{}{}", file(11 + l - 1), 6 + c),
                    Seat::North => format!("{}{}", file(10 - (c - 1)), 11 + l),
                    Seat::West => format!("{}{}", file(5 - (l - 1)), 12 - c),
                    _ => unreachable!(),
                };
                assert_eq!(
                    square_name(seat, l as u8, c as u8),
                    want,
                    "{seat} L{l} C{c}"
                );
                match b.deploy[seat.index()][l as usize - 1][c as usize - 1] {
                    Some(n) => {
                        count += 1;
                        assert_eq!(name(n), want);
                        assert_ne!(b.kind(n), NodeKind::Camp);
                        assert_eq!(b.owner_coords(seat, n), Some((l as u8, c as u8)));
                    }
                    None => assert_eq!(b.kind(sq(&want)), NodeKind::Camp, "{want}"),
                }
            }
        }
        assert_eq!(count, 25, "{seat}");
        assert_eq!(b.deploy_nodes(seat).count(), 25);
        // Line 1 is the front row; the flag goes in own b1 or d1 (the arm's HQs).
        let front: Vec<&str> = b.front_row[seat.index()].iter().map(|&n| name(n)).collect();
        let want_front: Vec<String> = (1..=5).map(|c| square_name(seat, 1, c)).collect();
        assert_eq!(front, want_front);
        for c in [2, 4] {
            assert_eq!(b.kind(sq(&square_name(seat, 6, c))), NodeKind::Hq);
        }
    }
    assert_eq!(square_name(Seat::West, 1, 5), "f7");
    // The two-player board keeps its two seats; its tables for the other two are empty.
    let two = Board::two_player();
    assert_eq!(two.seats, Seat::BOTH);
    assert!(two.front_row[2].is_empty() && two.deploy[3][0][0].is_none());
}

#[test]
fn same_formation_deploys_on_every_arm() {
    let rules = Rules::default();
    let f = Formation::random(&mut rng::SplitMix64::new(7), &rules);
    let setup = four_player_setup([&f, &f, &f, &f], &rules).unwrap();
    let p = Position::new(setup, &rules).unwrap();
    for seat in Seat::FOUR {
        for l in 1..=6u8 {
            for c in 1..=5u8 {
                let n = sq(&square_name(seat, l, c));
                assert_eq!(
                    p.at(n).map(|x| (x.seat(), x.rank())),
                    f.at(l, c).map(|r| (seat, r)),
                    "{seat} L{l} C{c}"
                );
            }
        }
    }
    assert_eq!(p.mover(), Mover::Side(Seat::South));
    assert!(p.out().is_empty());
    assert!(p.notation().ends_with(" s 0 0 -"));
}

// ---------------------------------------------------------------------------------------------
// NOTATION.md: the four-player notation.

pub(super) const FOUR_START: &str = "n2n1nMnFnM/n3nBn5nMn7/n4..n6..n1/n2n9..nBn8/n4..n1..n5/n3n6n2n7n3/wMw7w1w8w5w3......e3e4e2e4e3e2/wFwM..wB..w7e6..e9..eBe1/wMw5w6..w1w2......e2e1..e6e5eM/w1wB..w9..w6e7..eB..eMeF/w2w3w4w2w4w3......e3e5e8e1e7eM/s3s7s2s6s3/s5..s1..s4/s8sB..s9s2/s1..s6..s4/s7sMs5sBs3/sMsFsMs1s2 s 0 0 -";

#[test]
fn four_player_start_of_notation_md() {
    let rules = Rules::default();
    let p = pos(&rules, FOUR_START);
    assert_eq!(p.notation(), FOUR_START);
    // Each flag on its owner's own b1.
    for (seat, sq_name) in [
        (Seat::South, "h1"),
        (Seat::East, "q8"),
        (Seat::North, "j17"),
        (Seat::West, "a10"),
    ] {
        assert_eq!(p.at(sq(sq_name)), Some(Piece::new(seat, Rank::Flag)));
    }
    let mut got: Vec<String> = p
        .legal_turns(&rules)
        .iter()
        .map(|t| t.notation(b4()))
        .collect();
    got.sort();
    assert_eq!(
        got.join(" "),
        "g2-h3 g3-h3 g4-h3 g4-h5 g5-h5 g6-f7 g6-g11 g6-g7 g6-g9 g6-h5 h4-h3 h4-h5 h4-i4 h6-h5 i2-h3 i2-j3 i3-h3 i3-i4 i3-j3 i5-h5 i5-i4 i5-j5 i6-h5 i6-i11 i6-i7 i6-i9 i6-j5 j2-j3 j4-i4 j4-j3 j4-j5 j6-j5 k2-j3 k3-j3 k4-j3 k4-j5 k5-j5 k6-j5 k6-k11 k6-k7 k6-k9 k6-l7"
    );
    assert_eq!(perft(&p, &rules, 2), 1762);
    assert_eq!(perft(&p, &rules, 3), 73458);
}

#[test]
fn four_notation_well_formedness_is_checked_with_typed_errors() {
    let r = Rules::default();
    let err = |text: &str| -> SetupError {
        let setup = Setup::parse(text).unwrap_or_else(|e| panic!("{text}: syntax {e}"));
        Position::new(setup, &r).expect_err(text)
    };
    let base = |to_move: &str, out: &str, cells: &str| lay4(to_move, 0, 0, out, cells);
    // A player listed out still has pieces.
    assert_eq!(
        err(&base("s", "ep", BASE4)),
        SetupError::OutHasPieces { seat: Seat::East }
    );
    // A flagless player still in.
    let no_east_flag = BASE4.replace("q8=eF ", "");
    assert_eq!(
        err(&base("s", "-", &no_east_flag)),
        SetupError::InWithoutFlag {
            seat: Seat::East,
            flags: 0
        }
    );
    // The player to move is out.
    let no_east = "h1=sF g1=s2 j17=nF k17=n2 a10=wF a11=w2";
    assert_eq!(
        err(&base("e", "er", no_east)),
        SetupError::MoverOut { seat: Seat::East }
    );
    // ... unless all four are (the draw of NOTATION.md's second example).
    assert!(Position::new(Setup::parse(&base("s", "nfwmspep", "")).unwrap(), &r).is_ok());
    // A player still in with no movable piece while neither team is out.
    let east_flag_only = "h1=sF g1=s2 q8=eF j17=nF k17=n2 a10=wF a11=w2";
    assert_eq!(
        err(&base("s", "-", east_flag_only)),
        SetupError::InWithoutMovable { seat: Seat::East }
    );
    // The player to move has no legal turn while another player in has one.
    let south_stuck = "h1=sF j1=s8 q8=eF q7=e2 j17=nF k17=n2 a10=wF a11=w2";
    assert_eq!(
        err(&base("s", "-", south_stuck)),
        SetupError::MoverWithoutTurn { seat: Seat::South }
    );
    // Too many pieces of a code.
    assert_eq!(
        err(&base("s", "-", &format!("{BASE4} g3=s8"))),
        SetupError::TooMany {
            side: Seat::South,
            rank: Rank::General,
            count: 2
        }
    );
    // Flip mode is not offered for four players.
    let flip = Rules::for_mode(Mode::Flip);
    let setup = Setup::parse(&base("s", "-", BASE4)).unwrap();
    assert_eq!(
        Position::new(setup, &flip).unwrap_err(),
        SetupError::FourPlayerFlip
    );
    // Every error is one readable line.
    for e in [
        SetupError::OutHasPieces { seat: Seat::East },
        SetupError::MoverOut { seat: Seat::East },
    ] {
        assert!(!e.to_string().contains('\n') && e.to_string().contains("East"));
    }
}

#[test]
fn four_notation_syntax_errors_name_the_problem() {
    let e = |t: &str| Setup::parse(t).unwrap_err().to_string();
    let good = lay4("s", 0, 0, "-", BASE4);
    let fields: Vec<&str> = good.split(' ').collect();
    assert!(
        e(&fields[..4].join(" ")).contains("5 fields"),
        "fifth field missing"
    );
    assert!(e(&good.replace(" s 0 0 -", " r 0 0 -")).contains("turn 'r'"));
    assert!(e(&good.replace(" s 0 0 -", " s 0 0 sx")).contains("reason"));
    assert!(e(&good.replace(" s 0 0 -", " s 0 0 xf")).contains("seat letter"));
    assert!(e(&good.replace(" s 0 0 -", " s 0 0 efef")).contains("twice"));
    assert!(e(&good.replace(" s 0 0 -", " s 0 0 e")).contains("out field"));
    assert!(e(&good.replace("sF", "SF")).contains("face down"));
    assert!(e(&good.replace("sF", "rF")).contains("not a cell"));
    let short_rank = good.replacen("/", "../", 1);
    assert!(e(&short_rank).contains("rank 17"), "{}", e(&short_rank));
    // Two-player notation is unchanged and still needs its four fields.
    assert!(e("x r 0 0").contains("12 ranks"));
}

#[test]
fn four_out_field_round_trips_in_order() {
    let r = Rules::default();
    let text = lay4("s", 0, 0, "nfwm", "h1=sF g1=s2 q8=eF q7=e2");
    let p = pos(&r, &text);
    assert_eq!(p.notation(), text);
    let out: Vec<(Seat, OutReason)> = p.out().iter().collect();
    assert_eq!(
        out,
        [
            (Seat::North, OutReason::Flag),
            (Seat::West, OutReason::NoMoves)
        ]
    );
    for why in OutReason::ALL {
        assert_eq!(OutReason::from_letter(why.letter()), Some(why));
    }
}

// ---------------------------------------------------------------------------------------------
// 9.3 Moving.

#[test]
fn arcs_are_ridden_by_any_piece_and_count_as_straight() {
    let r = Rules::default();
    // A colonel on South's a-side rail: up file g across the centre, or round the arc onto West's
    // e-side rail, in one straight run.
    let p = open4("s", "g4=s5");
    let d = dests(&p, &r, "g4");
    for s in [
        "f7", "e7", "d7", "c7", "b7", "g7", "g9", "g11", "g12", "g16", "g2",
    ] {
        assert!(has(&d, s), "{s} in {d}");
    }
    // No turn: not along West's front row or the centre's ranks.
    for s in ["f8", "i7", "b8"] {
        assert!(!has(&d, s), "{s} in {d}");
    }
    // The other arcs: East's a-side rail round onto South's e-side rail.
    let p = open4("e", "n7=e5");
    let d = dests(&p, &r, "n7");
    for s in ["l7", "k6", "k2", "m7", "p7", "k7", "g7", "b7"] {
        assert!(has(&d, s), "{s} in {d}");
    }
}

#[test]
fn centre_crossings_run_straight_into_the_opposite_arm() {
    let r = Rules::default();
    let p = open4("s", "i6=s5");
    assert_eq!(dests(&p, &r, "i6"), "g6 h5 h6 i11 i12 i5 i7 i9 j5 j6 k6");
    // Not round a corner of the centre.
    let p = open4("w", "f9=w5");
    let d = dests(&p, &r, "f9");
    assert!(has(&d, "l9") && !has(&d, "g7") && !has(&d, "i7"), "{d}");
}

#[test]
fn own_b6_and_d6_have_no_link_to_the_centre() {
    let r = Rules::default();
    let p = open4("s", "h6=s5");
    // Only along the front row and the road behind.
    assert_eq!(dests(&p, &r, "h6"), "g6 h5 i6 j6 k6");
    let p = open4("n", "j12=n5");
    assert_eq!(dests(&p, &r, "j12"), "g12 h12 i12 j13 k12");
}

#[test]
fn partner_pieces_block_runs_and_are_never_destinations() {
    let r = Rules::default();
    // North's piece on g9 stops South's run up file g; South may not attack it.
    let p = open4("s", "g6=s5 g9=n3");
    let d = dests(&p, &r, "g6");
    assert!(has(&d, "g7") && !has(&d, "g9") && !has(&d, "g11"), "{d}");
    assert_eq!(
        refuse(&p, &r, "g6-g9"),
        IllegalTurn::PartnerPieceThere("g9".into())
    );
    // A partner beside: no road step onto it either.
    let p = open4("s", "g5=s5 g4=n3");
    assert!(!has(&dests(&p, &r, "g5"), "g4"));
    // An enemy of either opponent stops the run and may be attacked.
    for enemy in ["e3", "w3"] {
        let p = open4("s", &format!("g6=s5 g9={enemy}"));
        let d = dests(&p, &r, "g6");
        assert!(has(&d, "g9") && !has(&d, "g11"), "{enemy}: {d}");
    }
}

#[test]
fn engineer_flights_use_every_rail_link_and_stop_at_any_piece() {
    let r = Rules::default();
    // From South's back rail round the arc, across the centre and into East's arm.
    let p = open4("s", "k2=s1");
    let d = dests(&p, &r, "k2");
    for s in ["f7", "b7", "p7", "p11", "k16", "i12", "l9", "g16", "b11"] {
        assert!(has(&d, s), "{s} in {d}");
    }
    // Every piece blocks: a partner on k6 and an enemy on g6 close South's arm; the enemy may
    // be attacked, the partner not, and nothing beyond either is reached.
    let p = open4("s", "k2=s1 k6=n3 g6=e3");
    let d = dests(&p, &r, "k2");
    assert!(has(&d, "g6") && has(&d, "g5") && has(&d, "k5"), "{d}");
    for s in ["k6", "f7", "h6", "k7", "p7", "i7"] {
        assert!(!has(&d, s), "{s} in {d}");
    }
}

#[test]
fn camps_are_shared_and_safe_for_everyone() {
    let r = Rules::default();
    // South enters East's camp m8 from l7 (road diagonal)...
    let mut p = open4("s", "l7=s5 m10=w4");
    assert!(has(&dests(&p, &r, "l7"), "m8"));
    play(&mut p, &r, "l7-m8");
    // ... where East cannot attack it, nor West (East moves next, then North, then West).
    let q = pos(&r, &lay4("e", 0, 0, "-", &format!("{BASE4} m8=s5 l8=e9")));
    assert_eq!(
        refuse(&q, &r, "l8-m8"),
        IllegalTurn::CampIsSafe("m8".into())
    );
    // A camp holds one piece: West's piece in East's camp m10 keeps South out.
    let q = open4("s", "l11=s5 m10=w4");
    assert_eq!(
        refuse(&q, &r, "l11-m10"),
        IllegalTurn::CampIsSafe("m10".into())
    );
}

#[test]
fn any_hq_freezes_a_piece_unless_movable_hq() {
    let r = Rules::default();
    // A South piece in East's HQ q10 (beside East's flag q8's arm).
    let p = pos(
        &r,
        &lay4(
            "s",
            0,
            0,
            "-",
            "h1=sF g1=s2 q8=eF q7=e2 j17=nF k17=n2 a10=wF a11=w2 q10=s5",
        ),
    );
    assert_eq!(dests(&p, &r, "q10"), "");
    assert_eq!(
        refuse(&p, &r, "q10-q11"),
        IllegalTurn::FrozenInHq("q10".into())
    );
    let m = with(|r| r.movable_hq = true);
    assert_eq!(dests(&p, &m, "q10"), "p10 q11 q9");
    // Attacking a piece in an HQ is allowed.
    let p = open4("s", "p10=s5");
    assert!(has(&dests(&p, &r, "p10"), "q10"));
}

#[test]
fn flag_needs_mines_cleared_looks_at_the_flag_owner() {
    let r = with(|r| r.flag_needs_mines_cleared = true);
    // South beside East's flag q8; West (East's partner) has a mine, East none: allowed.
    let p = pos(&r, &lay4("s", 0, 0, "-", &format!("{BASE4} p8=s5 b11=wM")));
    assert!(has(&dests(&p, &r, "p8"), "q8"));
    // East has a mine: refused.
    let p = pos(&r, &lay4("s", 0, 0, "-", &format!("{BASE4} p8=s5 p11=eM")));
    assert!(!has(&dests(&p, &r, "p8"), "q8"));
    assert_eq!(
        p.check_turn(&r, turn("p8-q8")),
        Err(IllegalTurn::FlagProtectedByMines)
    );
}

#[test]
fn flag_takers_smallest_looks_at_the_attackers_own_pieces() {
    let r = with(|r| r.flag_takers = FlagTakers::Smallest);
    // South's lowest officer is its lieutenant on g1 (2); North's engineer does not count.
    let p = pos(&r, &lay4("s", 0, 0, "-", &format!("{BASE4} p8=s5 i14=n1")));
    assert!(!has(&dests(&p, &r, "p8"), "q8"));
    let p = pos(&r, &lay4("s", 0, 0, "-", &format!("{BASE4} p8=s2 i14=n1")));
    assert!(has(&dests(&p, &r, "p8"), "q8"));
}

#[test]
fn rail_turn_for_all_changes_line_once_never_back() {
    let r = with(|r| r.rail_turn_for_all = true);
    // From i6: up file i to i9, then along rank 9 either way.
    let p = open4("s", "i6=s5");
    let d = dests(&p, &r, "i6");
    for s in ["g9", "f9", "k9", "l9", "g7", "k11"] {
        assert!(has(&d, s), "{s} in {d}");
    }
    // One turn only: not on to West's front row from f9.
    assert!(!has(&d, "f8") && !has(&d, "f10"), "{d}");
    // Down file g from g9 to g5, the arc line through g5 may not be taken back up towards g6
    // and round the arc... but f7 is reached by turning at g6 itself.
    let p = open4("w", "g9=w5");
    let d = dests(&p, &r, "g9");
    assert!(has(&d, "f7") && has(&d, "b7") && has(&d, "g2"), "{d}");
    // Without the house rule no turn at all.
    let d = dests(&p, &Rules::default(), "g9");
    assert!(!has(&d, "f7") && has(&d, "g2") && has(&d, "l9"), "{d}");
}

#[test]
fn the_arm_of_a_player_who_is_out_stays_part_of_the_board() {
    let r = Rules::default();
    // West is out (no pieces); South runs round the arc through West's empty arm.
    let text = lay4(
        "s",
        0,
        0,
        "wr",
        "h1=sF g1=s2 g4=s5 q8=eF q7=e2 j17=nF k17=n2 b8=s4",
    );
    let p = pos(&r, &text);
    let d = dests(&p, &r, "g4");
    assert!(has(&d, "b7"), "{d}");
    assert!(
        has(&dests(&p, &r, "b8"), "a8"),
        "a West HQ is still an HQ to enter"
    );
}

// ---------------------------------------------------------------------------------------------
// 9.4 and 9.7: clashes, going out, the end of the game.

#[test]
fn a_taken_flag_puts_its_owner_out_at_once() {
    let r = Rules::default();
    let mut p = pos(
        &r,
        &lay4("s", 4, 9, "-", &format!("{BASE4} p8=s5 o11=e3 l9=e6")),
    );
    let report = play(&mut p, &r, "p8-q8");
    assert_eq!(report.clash, Some(ClashOutcome::FlagTaken));
    // Every East piece left the board; nobody captured them; quiet resets.
    assert!(p.pieces(Seat::East).next().is_none());
    assert_eq!(
        p.out().iter().collect::<Vec<_>>(),
        [(Seat::East, OutReason::Flag)]
    );
    assert_eq!((p.quiet(), p.ply()), (0, 10));
    // East is skipped: North moves; the game goes on (West is still in).
    assert_eq!(p.mover(), Mover::Side(Seat::North));
    assert_eq!(p.status(&r), Status::Ongoing);
    assert!(p.notation().ends_with(" n 0 10 ef"));
}

#[test]
fn flag_decides_even_if_the_takers_last_piece_fell() {
    // NOTATION.md worked example 1.
    let r = Rules::default();
    let mut p = pos(
        &r,
        "........../........../........../........../........../........../............................../......................../..................e1........../....................sBeF/............................../........../........../........../........../........../..sF...... s 0 0 nfwm",
    );
    play(&mut p, &r, "p8-q8");
    assert_eq!(
        p.notation(),
        "........../........../........../........../........../........../............................../......................../............................../......................../............................../........../........../........../........../........../..sF...... s 0 1 nfwmef"
    );
    assert_eq!(p.status(&r), Status::Won(Team::SouthNorth, EndReason::Flag));
    assert_eq!(p.status(&r).word(), "sn-wins flag");
}

#[test]
fn last_movable_pieces_of_both_teams_falling_together_is_a_draw() {
    // NOTATION.md worked example 2: out in turn order from the mover (South, then East).
    let r = Rules::default();
    let mut p = pos(
        &r,
        "........../........../........../........../........../........../............................../......................../............................../......................eF/..............e5............../....s5..../........../........../........../........../..sF...... s 0 0 nfwm",
    );
    play(&mut p, &r, "i6-i7");
    assert!(
        p.notation().ends_with(" s 0 1 nfwmspep"),
        "{}",
        p.notation()
    );
    assert_eq!(p.status(&r).word(), "draw no-pieces");
}

#[test]
fn next_player_without_a_legal_turn_goes_out_and_is_skipped() {
    // NOTATION.md worked example 3: East has only a piece in an HQ.
    let r = Rules::default();
    let mut p = pos(
        &r,
        "......nF../........../........../........../........../....n2..../............................../wF....................e9/..........w4................../......................eF/............................../..s3....../........../........../........../........../..sF...... s 0 0 -",
    );
    play(&mut p, &r, "h6-h5");
    assert_eq!(
        p.notation(),
        "......nF../........../........../........../........../....n2..../............................../wF....................../..........w4................../......................../............................../........../..s3....../........../........../........../..sF...... n 0 1 em"
    );
    assert_eq!(p.status(&r), Status::Ongoing);
}

#[test]
fn nobody_still_in_can_move_is_a_draw() {
    // NOTATION.md worked example 4: the turn rests with East, who cannot move.
    let r = Rules::default();
    let mut p = pos(
        &r,
        "........../........../........../........../........../........../............................../......................e9/............................../......................eF/............................../........../........../........../........../........../..sFs9.... s 0 0 nfwm",
    );
    play(&mut p, &r, "i1-j1");
    assert!(p.notation().ends_with(" e 1 1 nfwm"), "{}", p.notation());
    assert_eq!(p.status(&r).word(), "draw no-moves");
    assert!(p.legal_turns(&r).is_empty());
}

#[test]
fn clockwise_order_puts_west_after_south() {
    // NOTATION.md worked example 5 (`--order cw`), and the same turn counterclockwise.
    let text = "......nF../........../........../........../........../....n2..../............................../wF....................../..........w4................../............e3........eF/............................../..s3....../........../........../........../........../..sF...... s 0 0 -";
    let cw = with(|r| r.turn_order = TurnOrder::Clockwise);
    let mut p = pos(&cw, text);
    play(&mut p, &cw, "h6-h5");
    assert!(p.notation().ends_with(" w 1 1 -"));
    let ccw = Rules::default();
    let mut p = pos(&ccw, text);
    play(&mut p, &ccw, "h6-h5");
    assert!(p.notation().ends_with(" e 1 1 -"));
    // The full rounds.
    let p = pos(&ccw, &lay4("s", 0, 0, "-", BASE4));
    let round = |r: &Rules| -> Vec<Seat> {
        let mut s = Seat::South;
        (0..4)
            .map(|_| {
                s = p.next_in(r, s).unwrap();
                s
            })
            .collect()
    };
    assert_eq!(
        round(&ccw),
        [Seat::East, Seat::North, Seat::West, Seat::South]
    );
    assert_eq!(
        round(&cw),
        [Seat::West, Seat::North, Seat::East, Seat::South]
    );
}

#[test]
fn players_who_are_out_are_skipped() {
    let r = Rules::default();
    // East and North out: after South comes West, after West South.
    let text = lay4("s", 0, 0, "ernr", "h1=sF g1=s2 a10=wF a11=w2");
    let mut p = pos(&r, &text);
    play(&mut p, &r, "g1-g2");
    assert_eq!(p.mover(), Mover::Side(Seat::West));
    play(&mut p, &r, "a11-b11");
    assert_eq!(p.mover(), Mover::Side(Seat::South));
}

#[test]
fn going_out_order_is_flag_owner_first_then_turn_order_from_the_mover() {
    let r = Rules::default();
    // South's bomb takes West's flag: West is out (f); the bomb was South's last movable piece,
    // so South goes out (p) after West.
    let text = lay4(
        "s",
        0,
        0,
        "-",
        "h1=sF b10=sB a10=wF a8=w8 q8=eF q7=e2 j17=nF k17=n2",
    );
    let mut p = pos(&r, &text);
    play(&mut p, &r, "b10-a10");
    assert!(p.notation().ends_with(" e 0 1 wfsp"), "{}", p.notation());
    assert_eq!(p.status(&r), Status::Ongoing);
    // Two players out in one turn with no pieces: in turn order from the mover (clockwise too).
    let text = lay4(
        "e",
        0,
        0,
        "-",
        "h1=sF i6=sB i7=e5 q8=eF a10=wF a11=w2 j17=nF k17=n2",
    );
    for (rules, want) in [
        (Rules::default(), " n 0 1 epsp"),
        (with(|r| r.turn_order = TurnOrder::Clockwise), " w 0 1 epsp"),
    ] {
        let mut p = pos(&rules, &text);
        play(&mut p, &rules, "i7-i6");
        assert!(p.notation().ends_with(want), "{}", p.notation());
    }
}

#[test]
fn a_team_wins_when_both_its_opponents_are_out_by_no_moves() {
    // West to move after South, East out; North still in: West's only piece walks into an HQ
    // and... the next player North has a turn. Then North moves and West has none: West out,
    // South and North win `no-moves` (the reason the last East/West player went out).
    let r = Rules::default();
    let text = lay4("n", 0, 0, "em", "h1=sF g1=s2 j17=nF k17=n2 a10=wF a8=w8");
    let mut p = pos(&r, &text);
    play(&mut p, &r, "k17-k16");
    assert!(p.out().contains(Seat::West));
    assert_eq!(
        p.status(&r),
        Status::Won(Team::SouthNorth, EndReason::NoMoves)
    );
    // The turn passed on to the next player still in after West.
    assert_eq!(p.mover(), Mover::Side(Seat::South));
    assert!(p.legal_turns(&r).is_empty());
}

#[test]
fn quiet_and_turn_limits_count_the_turns_of_all_players() {
    let r = with(|r| {
        r.quiet_limit = 3;
        r.turn_limit = 1000
    });
    let mut p = pos(&r, &lay4("s", 0, 0, "-", BASE4));
    for t in ["g1-g2", "q7-p7", "k17-k16"] {
        assert_eq!(p.status(&r), Status::Ongoing);
        play(&mut p, &r, t);
    }
    assert_eq!(p.quiet(), 3);
    assert_eq!(p.status(&r).word(), "draw quiet-limit");
    let t = with(|r| r.turn_limit = 2);
    let mut p = pos(&t, &lay4("s", 0, 0, "-", BASE4));
    play(&mut p, &t, "g1-g2");
    play(&mut p, &t, "q7-p7");
    assert_eq!(p.status(&t).word(), "draw turn-limit");
}

#[test]
fn two_player_results_keep_their_words() {
    assert_eq!(
        Status::Won(Team::Red, EndReason::Flag).word(),
        "red-wins flag"
    );
    assert_eq!(
        Status::Won(Team::Blue, EndReason::NoMoves).word(),
        "blue-wins no-moves"
    );
    assert_eq!(
        Status::Won(Team::EastWest, EndReason::NoPieces).word(),
        "ew-wins no-pieces"
    );
}

#[test]
fn a_resigning_player_goes_out_and_the_turn_passes_on() {
    let r = Rules::default();
    let mut p = pos(&r, &lay4("s", 5, 9, "-", BASE4));
    p.put_out(&r, Seat::South, OutReason::Resigned);
    assert!(p.pieces(Seat::South).next().is_none());
    assert_eq!(p.mover(), Mover::Side(Seat::East));
    assert!(p.notation().ends_with(" e 5 9 sr"), "{}", p.notation());
    assert_eq!(p.status(&r), Status::Ongoing);
    // Not its turn: only the pieces go. Then North resigns too: East and West win.
    p.put_out(&r, Seat::North, OutReason::Resigned);
    assert_eq!(p.mover(), Mover::Side(Seat::East));
    assert_eq!(
        p.status(&r),
        Status::Won(Team::EastWest, EndReason::Resignation)
    );
    // Going out twice changes nothing.
    let before = p;
    p.put_out(&r, Seat::North, OutReason::Timeouts);
    assert_eq!(p, before);
}

#[test]
fn a_lost_turn_counts_and_passes_to_the_next_player_still_in() {
    let r = Rules::default();
    // North is out: South's lost turn (timeout) goes to East, then East's to West.
    let text = lay4("s", 2, 7, "nr", "h1=sF g1=s2 q8=eF q7=e2 a10=wF a11=w2");
    let mut p = pos(&r, &text);
    p.pass_turn_in(&r, false);
    assert!(p.notation().ends_with(" e 3 8 nr"), "{}", p.notation());
    p.pass_turn_in(&r, false);
    assert!(p.notation().ends_with(" w 4 9 nr"), "{}", p.notation());
    // A next player with no legal turn goes out (step 3): West's only piece is frozen in an HQ.
    let text = lay4("s", 2, 7, "nr", "h1=sF g1=s2 q8=eF q7=e2 a10=wF a8=w2");
    let mut p = pos(&r, &text);
    p.pass_turn_in(&r, false);
    p.pass_turn_in(&r, false);
    assert!(p.notation().ends_with(" s 0 9 nrwm"), "{}", p.notation());
}

#[test]
fn a_spring_mine_bounce_removes_nothing_and_the_quiet_count_grows() {
    let r = with(|r| r.mines = MineRule::Spring);
    let mut p = pos(&r, &lay4("s", 4, 9, "-", &format!("{BASE4} p9=s5 q9=eM")));
    let report = play(&mut p, &r, "p9-q9");
    assert_eq!(report.clash, Some(ClashOutcome::Bounced));
    assert_eq!((p.quiet(), p.ply()), (5, 10));
    assert!(p.out().is_empty());
    // A clash that removes a piece resets it.
    let r = Rules::default();
    let mut p = pos(&r, &lay4("s", 4, 9, "-", &format!("{BASE4} p9=s5 q9=e4")));
    play(&mut p, &r, "p9-q9");
    assert_eq!((p.quiet(), p.ply()), (0, 10));
}
