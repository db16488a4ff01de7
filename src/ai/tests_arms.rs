//! Every arm of the four-player board is judged alike: the board turned a quarter (South's arm
//! onto East's, East's onto North's, …) with the seats turned with it is the same game, so the
//! evaluation, the flag's safety and the search must give the turned position the same scores.

use super::eval::evaluate_four;
use super::safety::team_raids;
use super::tests_four::{board4, search, start};
use crate::engine::board::{Board, NodeId};
use crate::engine::rng::SplitMix64;
use crate::engine::{Mover, Position, Rules, Seat, Turn};

fn b4() -> &'static Board {
    Board::four_player()
}

/// The node a quarter turn away: own square (f, r) of South is own square (f, r) of East
/// (`four_player_xy`), that is grid (x, y) goes to (17 − y, x + 1), or column, row to
/// (16 − row, column).
fn quarter(n: NodeId) -> NodeId {
    let node = &b4().nodes[n as usize];
    b4().node_at(16 - node.row, node.col)
        .expect("the four-player board turns onto itself")
}

fn seat_letter_quarter(c: char) -> char {
    match c {
        's' => 'e',
        'e' => 'n',
        'n' => 'w',
        'w' => 's',
        other => other,
    }
}

/// `pos` turned a quarter, its seats with it (the player to move and the players out too).
fn turned(pos: &Position, rules: &Rules) -> Position {
    let b = b4();
    let text = pos.notation();
    let fields: Vec<&str> = text.split(' ').collect();
    let mut cells = vec![String::from(".."); b.len()];
    let mut rows = fields[0].split('/');
    for row in (0..b.height).rev() {
        let rank = rows.next().expect("a rank per row");
        let nodes: Vec<NodeId> = (0..b.width).filter_map(|c| b.node_at(c, row)).collect();
        for (k, &n) in nodes.iter().enumerate() {
            let cell = &rank[2 * k..2 * k + 2];
            let mut it = cell.chars();
            let (s, p) = (it.next().unwrap(), it.next().unwrap());
            cells[quarter(n) as usize] = format!("{}{p}", seat_letter_quarter(s));
        }
    }
    let mover: String = fields[1].chars().map(seat_letter_quarter).collect();
    let out: String = fields[4]
        .chars()
        .enumerate()
        .map(|(k, c)| {
            if k % 2 == 0 {
                seat_letter_quarter(c)
            } else {
                c
            }
        })
        .collect();
    let text = format!(
        "{} {mover} {} {} {out}",
        board4(&cells),
        fields[2],
        fields[3]
    );
    Position::from_notation(&text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn seat_quarter(s: Seat) -> Seat {
    let seats = b4().seats;
    seats[(s.index() + 1) % 4]
}

fn turn_quarter(t: Turn) -> Turn {
    match t {
        Turn::Move { from, to } => Turn::Move {
            from: quarter(from),
            to: quarter(to),
        },
        Turn::Flip(n) => Turn::Flip(quarter(n)),
    }
}

#[test]
fn a_quarter_turn_maps_the_board_onto_itself() {
    let b = b4();
    for n in 0..b.len() as NodeId {
        let q = quarter(n);
        assert_eq!(quarter(quarter(quarter(quarter(n)))), n);
        assert_eq!(b.kind(q), b.kind(n), "{}", b.name(n));
        assert_eq!(b.is_rail(q), b.is_rail(n), "{}", b.name(n));
        assert_eq!(
            b.nodes[q as usize].half,
            b.nodes[n as usize].half.map(seat_quarter)
        );
        for table in [&b.links, &b.rail_links] {
            let mut links: Vec<NodeId> = table[n as usize].iter().map(|&m| quarter(m)).collect();
            let mut there = table[q as usize].clone();
            links.sort();
            there.sort();
            assert_eq!(links, there, "{}", b.name(n));
        }
    }
}

#[test]
fn every_arm_is_judged_alike() {
    let rules = Rules::default();
    let mut rng = SplitMix64::new(17);
    let mut checked = 0;
    for seed in 0..4 {
        let mut pos = start(&rules, 40 + seed, false);
        for ply in 0..160 {
            let Mover::Side(me) = pos.mover() else { break };
            if pos.status(&rules).is_over() {
                break;
            }
            if ply % 8 == 3 {
                let mut t = turned(&pos, &rules);
                let mut them = seat_quarter(me);
                for k in 0..3 {
                    let what = format!("game {seed} ply {ply}, turned {} times", k + 1);
                    assert_eq!(
                        t.legal_turns(&rules).len(),
                        pos.legal_turns(&rules).len(),
                        "{what}"
                    );
                    for s in b4().seats {
                        assert_eq!(
                            evaluate_four(&t, &rules, seat_quarter_n(*s, k + 1)),
                            evaluate_four(&pos, &rules, *s),
                            "the evaluation, {what}, {s:?}"
                        );
                    }
                    assert_eq!(
                        team_raids(&t, &rules, them),
                        team_raids(&pos, &rules, me),
                        "the raids, {what}"
                    );
                    // Deeper searches cost much more in a debug build: a few suffice.
                    let depths: &[u32] = match ply % 64 {
                        3 => &[1, 2],
                        35 => &[1],
                        _ => &[],
                    };
                    for &depth in depths {
                        let (best, score) = search(&pos, &rules, depth);
                        let best = (0..=k).fold(best, |b, _| turn_quarter(b));
                        assert_eq!(
                            search(&t, &rules, depth),
                            (best, score),
                            "depth {depth}, {what}"
                        );
                    }
                    t = turned(&t, &rules);
                    them = seat_quarter(them);
                }
                checked += 1;
            }
            let turns = pos.legal_turns(&rules);
            let t = turns[rng.below(turns.len() as u64) as usize];
            pos.play_unchecked(&rules, t);
        }
    }
    assert!(checked >= 40, "{checked} positions checked");
}

fn seat_quarter_n(s: Seat, k: usize) -> Seat {
    (0..k).fold(s, |s, _| seat_quarter(s))
}
