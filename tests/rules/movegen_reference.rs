//! The bit-set move generator against a straightforward reference generator.
//!
//! The reference is the engine's earlier generator, written from the board's link and line tables
//! only (`Board::links`, `rail_links`, `lines`, `lines_through`, node kinds) and the cells of the
//! position: road steps to linked nodes, rail runs node by node along each line (with one turn
//! onto a crossing line under `rail turn for all`), engineer and flying-bomb flights as a search
//! along rail links through empty nodes, and the attack rules of RULES.md checked piece by piece.
//! On positions from random games in all three modes under several house-rule combinations, the
//! engine must give the same turns in the same order, the same `has_turn` for both sides, the same
//! `status`, and the same destinations for every node; random playouts must match a reference
//! playout turn for turn.

use junqi::ai::random_playout;
use junqi::engine::board::NodeId;
use junqi::engine::rng::SplitMix64;
use junqi::engine::{
    EndReason, FlagTakers, Game, MineRule, Mode, Mover, NodeKind, Piece, Position, Rank, Rules,
    Seat, Start, Status, Turn,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Whether `attacker` (of side `me`) may attack the piece on the occupied node `n`.
fn ref_may_attack(pos: &Position, rules: &Rules, me: Seat, attacker: Piece, n: NodeId) -> bool {
    let d = pos.at(n).expect("occupied");
    if d.side() == me || d.is_face_down() || pos.board().kind(n) == NodeKind::Camp {
        return false;
    }
    if d.rank() != Rank::Flag {
        return true;
    }
    let enemy_has_mine = pos
        .cells()
        .iter()
        .flatten()
        .any(|p| p.side() != me && p.rank() == Rank::Mine);
    if rules.flag_needs_mines_cleared && enemy_has_mine {
        return false;
    }
    match rules.flag_takers {
        FlagTakers::Any => true,
        FlagTakers::Engineer => attacker.rank() == Rank::Engineer,
        FlagTakers::Smallest => {
            let lowest = pos
                .cells()
                .iter()
                .flatten()
                .filter(|p| {
                    p.side() == me
                        && p.rank().is_officer()
                        && (rules.mode != Mode::Flip || !p.is_face_down())
                })
                .map(|p| p.rank() as u8)
                .min();
            Some(attacker.rank() as u8) == lowest
        }
    }
}

fn ref_can_enter(pos: &Position, rules: &Rules, me: Seat, p: Piece, n: NodeId) -> bool {
    pos.at(n).is_none() || ref_may_attack(pos, rules, me, p, n)
}

/// Runs both ways along `line` from index `idx`; with `turn`, one turn at any empty node reached.
#[allow(clippy::too_many_arguments)]
fn ref_run(
    pos: &Position,
    rules: &Rules,
    me: Seat,
    p: Piece,
    line: usize,
    idx: usize,
    turn: bool,
    out: &mut BTreeSet<NodeId>,
) {
    let b = pos.board();
    let nodes = &b.lines[line];
    for dir in [-1i32, 1] {
        let mut i = idx as i32 + dir;
        while i >= 0 && (i as usize) < nodes.len() {
            let v = nodes[i as usize];
            if pos.at(v).is_none() {
                out.insert(v);
                if turn {
                    for &(l2, i2) in &b.lines_through[v as usize] {
                        if l2 as usize != line {
                            ref_run(pos, rules, me, p, l2 as usize, i2 as usize, false, out);
                        }
                    }
                }
            } else {
                if ref_may_attack(pos, rules, me, p, v) {
                    out.insert(v);
                }
                break;
            }
            i += dir;
        }
    }
}

/// Every destination of the piece on `from`, if it is a piece of `me` that may move.
fn ref_destinations(pos: &Position, rules: &Rules, me: Seat, from: NodeId) -> BTreeSet<NodeId> {
    let b = pos.board();
    let mut out = BTreeSet::new();
    let Some(p) = pos.at(from) else { return out };
    if p.side() != me || p.is_face_down() || !p.rank().is_movable() {
        return out;
    }
    if b.kind(from) == NodeKind::Hq && !rules.movable_hq {
        return out;
    }
    for &n in &b.links[from as usize] {
        if ref_can_enter(pos, rules, me, p, n) {
            out.insert(n);
        }
    }
    if !b.is_rail(from) {
        return out;
    }
    let flies = p.rank() == Rank::Engineer || (p.rank() == Rank::Bomb && rules.flying_bombs);
    if flies {
        let mut seen = BTreeSet::from([from]);
        let mut todo = vec![from];
        while let Some(u) = todo.pop() {
            for &v in &b.rail_links[u as usize] {
                if !seen.insert(v) {
                    continue;
                }
                if pos.at(v).is_none() {
                    out.insert(v);
                    todo.push(v);
                } else if ref_may_attack(pos, rules, me, p, v) {
                    out.insert(v);
                }
            }
        }
    } else {
        for &(line, idx) in &b.lines_through[from as usize] {
            ref_run(
                pos,
                rules,
                me,
                p,
                line as usize,
                idx as usize,
                rules.rail_turn_for_all,
                &mut out,
            );
        }
    }
    out
}

/// The turns of `me` (flips first in flip mode), in the engine's order.
fn ref_turns_of(pos: &Position, rules: &Rules, me: Option<Seat>) -> Vec<Turn> {
    let mut out = Vec::new();
    if rules.mode == Mode::Flip {
        for (i, c) in pos.cells().iter().enumerate() {
            if c.is_some_and(|p| p.is_face_down()) {
                out.push(Turn::Flip(i as NodeId));
            }
        }
    }
    let Some(me) = me else { return out };
    for from in 0..pos.board().len() as NodeId {
        for to in ref_destinations(pos, rules, me, from) {
            out.push(Turn::Move { from, to });
        }
    }
    out
}

fn ref_turns(pos: &Position, rules: &Rules) -> Vec<Turn> {
    ref_turns_of(pos, rules, pos.mover().side())
}

/// The end-of-game checks of RULES.md section 7, in order, by scanning the cells.
fn ref_status(pos: &Position, rules: &Rules) -> Status {
    let mut has_flag = [false; 2];
    let mut movable = [false; 2];
    for p in pos.cells().iter().flatten() {
        match p.rank() {
            Rank::Flag => has_flag[p.side().index()] = true,
            Rank::Mine => {}
            _ => movable[p.side().index()] = true,
        }
    }
    for side in Seat::BOTH {
        if !has_flag[side.index()] {
            return Status::Won(side.team().other(), EndReason::Flag);
        }
    }
    match movable {
        [false, false] => return Status::Draw(EndReason::NoPieces),
        [false, true] => return Status::Won(junqi::engine::Team::Blue, EndReason::NoPieces),
        [true, false] => return Status::Won(junqi::engine::Team::Red, EndReason::NoPieces),
        _ => {}
    }
    let has = |s: Seat| !ref_turns_of(pos, rules, Some(s)).is_empty();
    if let Mover::Side(me) = pos.mover()
        && !has(me)
    {
        return match me.opponent() {
            Some(them) if has(them) => Status::Won(them.team(), EndReason::NoMoves),
            _ => Status::Draw(EndReason::NoMoves),
        };
    }
    if pos.quiet() >= rules.quiet_limit {
        return Status::Draw(EndReason::QuietLimit);
    }
    if pos.ply() >= rules.turn_limit {
        return Status::Draw(EndReason::TurnLimit);
    }
    Status::Ongoing
}

/// Rule sets covering the three modes and the house rules that change generation.
fn rule_set(i: usize) -> Rules {
    let mut r = match i {
        0..=4 => Rules::for_mode(Mode::Open),
        5..=6 => Rules::for_mode(Mode::Hidden),
        _ => Rules::for_mode(Mode::Flip),
    };
    match i {
        1 => {
            r.rail_turn_for_all = true;
            r.flying_bombs = true;
        }
        2 => {
            r.movable_hq = true;
            r.flag_takers = FlagTakers::Engineer;
            r.flag_needs_mines_cleared = true;
            r.mines = MineRule::Spring;
        }
        3 => {
            r.flag_takers = FlagTakers::Smallest;
            r.rail_turn_for_all = true;
            r.mines = MineRule::Bomb;
        }
        4 => {
            r.flag_needs_mines_cleared = true;
            r.flying_bombs = true;
            r.movable_hq = true;
            r.rail_turn_for_all = true;
        }
        6 => {
            r.flag_takers = FlagTakers::Smallest;
            r.flag_needs_mines_cleared = true;
            r.engineer_scout = true;
            r.flying_bombs = true;
        }
        8 => {
            r.first_engineer_decides = true;
            r.flying_bombs = true;
            r.rail_turn_for_all = true;
            r.movable_hq = true;
        }
        9 => {
            r.flag_takers = FlagTakers::Smallest;
            r.flag_needs_mines_cleared = true;
            r.mines = MineRule::Spring;
        }
        10 => {
            r.flag_takers = FlagTakers::Engineer;
            r.quiet_limit = 30;
        }
        _ => {}
    }
    r
}
const RULE_SETS: usize = 11;

fn start(rules: &Rules, seed: u64) -> Position {
    let start = Start::random(rules, seed);
    *Game::new(rules.clone(), start)
        .expect("random starts are valid")
        .position()
}

/// Every check of this file on one position.
fn compare(pos: &Position, rules: &Rules) -> Vec<Turn> {
    let want = ref_turns(pos, rules);
    let mut got = Vec::new();
    pos.pseudo_turns(rules, &mut got);
    assert_eq!(got, want, "turns of {pos:?}");
    let sets = pos.turn_sets(rules);
    assert_eq!(sets.len(), want.len());
    let listed: Vec<Turn> = (0..sets.len()).filter_map(|k| sets.nth(k)).collect();
    assert_eq!(listed, want, "turn sets of {pos:?}");
    assert_eq!(sets.nth(want.len()), None);
    for side in Seat::BOTH {
        let has = !ref_turns_of(pos, rules, Some(side)).is_empty();
        assert_eq!(pos.has_turn(rules, side), has, "has_turn {side} in {pos:?}");
        let set: BTreeSet<NodeId> = pos.pieces(side).map(|(n, _)| n).collect();
        assert_eq!(
            pos.pieces_set(side).iter().collect::<BTreeSet<_>>(),
            set,
            "{side}'s bit set in {pos:?}"
        );
    }
    let status = ref_status(pos, rules);
    assert_eq!(pos.status(rules), status, "status of {pos:?}");
    assert_eq!(
        pos.status_with(rules, Some(!want.is_empty())),
        status,
        "status_with of {pos:?}"
    );
    let legal = pos.legal_turns(rules);
    if status.is_over() {
        assert!(legal.is_empty());
    } else {
        assert_eq!(legal, want);
    }
    if let Some(me) = pos.mover().side() {
        for from in 0..pos.board().len() as NodeId {
            let d: BTreeSet<NodeId> = pos.destinations_from(rules, from).into_iter().collect();
            assert_eq!(
                d,
                ref_destinations(pos, rules, me, from),
                "destinations from {} in {pos:?}",
                pos.board().name(from)
            );
        }
    }
    want
}

/// Plays a random game from a random start, comparing at every ply; returns the plies played.
fn check_game(rules: &Rules, seed: u64, max_plies: u32) -> u32 {
    let mut pos = start(rules, seed);
    let mut rng = SplitMix64::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    for ply in 0..max_plies {
        let turns = compare(&pos, rules);
        if ref_status(&pos, rules).is_over() {
            return ply;
        }
        let t = turns[rng.below(turns.len() as u64) as usize];
        // Every generated turn passes the checked path, and both play paths agree.
        let mut checked = pos;
        checked.play(rules, t).expect("generated turns are legal");
        let mut fast = pos;
        let report = fast.play_unchecked_fast(rules, t);
        let (report2, _) = pos.play_unchecked(rules, t);
        assert_eq!(report, report2);
        assert_eq!(fast, pos);
        assert_eq!(checked, pos);
    }
    max_plies
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn generation_matches_the_reference(seed in any::<u64>(), set in 0..RULE_SETS) {
        let rules = rule_set(set);
        check_game(&rules, seed, 400);
    }
}

#[test]
fn every_rule_set_reaches_an_end_against_the_reference() {
    for set in 0..RULE_SETS {
        let rules = rule_set(set);
        let mut ended = 0;
        for seed in 0..3 {
            if check_game(&rules, seed, 3000) < 3000 {
                ended += 1;
            }
        }
        assert_eq!(ended, 3, "rule set {set}: every game ends");
    }
}

/// The reference playout: reference turns, the checked `play`, the reference status.
fn ref_playout(pos: &Position, rules: &Rules, rng: &mut SplitMix64) -> (Status, u32) {
    let mut p = *pos;
    let mut played = 0;
    loop {
        let turns = ref_turns(&p, rules);
        let status = ref_status(&p, rules);
        if status.is_over() {
            return (status, played);
        }
        let t = turns[rng.below(turns.len() as u64) as usize];
        p.play(rules, t).expect("legal");
        played += 1;
    }
}

#[test]
fn random_playouts_match_the_reference_playout() {
    for set in [0, 1, 3, 5, 7, 8] {
        let rules = rule_set(set);
        for seed in 0..4 {
            let pos = start(&rules, seed);
            let (mut a, mut b) = (SplitMix64::new(seed), SplitMix64::new(seed));
            assert_eq!(
                random_playout(&pos, &rules, &mut a),
                ref_playout(&pos, &rules, &mut b),
                "rule set {set}, seed {seed}"
            );
        }
    }
}

/// A position's notation from the non-empty ranks (rank number, ten characters).
fn notation(rows: &[(u8, &str)], tail: &str) -> String {
    let ranks: Vec<&str> = (1..=12u8)
        .rev()
        .map(|r| {
            rows.iter()
                .find(|(n, _)| *n == r)
                .map_or("..........", |(_, s)| *s)
        })
        .collect();
    format!("{} {tail}", ranks.join("/"))
}

/// Hand-built corners the random games may miss: a flag behind mines, the smallest flag taker,
/// face-down blockers, a side with nothing to move.
#[test]
fn hand_built_positions_match_the_reference() {
    let cases: Vec<(Rules, String)> = vec![
        (
            Rules {
                flag_needs_mines_cleared: true,
                ..Rules::default()
            },
            notation(
                &[(12, "bMbF......"), (11, "r1..b9...."), (1, "rF........")],
                "r 0 0",
            ),
        ),
        (
            Rules {
                flag_needs_mines_cleared: true,
                ..Rules::default()
            },
            notation(
                &[(12, "..bF......"), (11, "r1..b9...."), (1, "rF........")],
                "r 0 0",
            ),
        ),
        (
            Rules {
                flag_takers: FlagTakers::Smallest,
                rail_turn_for_all: true,
                ..Rules::default()
            },
            notation(
                &[
                    (12, "..bF......"),
                    (11, "r4..r3...."),
                    (6, "r2........"),
                    (1, "rF........"),
                ],
                "r 0 0",
            ),
        ),
        (
            Rules::for_mode(Mode::Flip),
            notation(
                &[(12, "BF..BM...."), (11, "R1..b9...."), (1, "RF........")],
                "r 0 4",
            ),
        ),
        (
            Rules::default(),
            notation(
                &[(12, "bF........"), (2, "rMrM......"), (1, "rFrM......")],
                "r 0 0",
            ),
        ),
        (
            Rules::default(),
            notation(&[(12, "....b9bF.."), (1, "..r9..rF..")], "r 0 0"),
        ),
        (
            Rules {
                movable_hq: true,
                ..Rules::default()
            },
            notation(&[(12, "....b9bF.."), (1, "..r9..rF..")], "r 0 0"),
        ),
    ];
    for (rules, text) in &cases {
        let pos = match Position::from_notation(text, rules) {
            Ok(p) => p,
            Err(e) => panic!("{text}: {e}"),
        };
        compare(&pos, rules);
    }
}
