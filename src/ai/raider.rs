//! `raider`: a sparring partner that goes for the flag the way a lone engineer does. It attacks
//! an enemy HQ whenever a piece of its can (one HQ holds the flag), digs the pieces on the squares
//! beside the HQs with its engineers, flies its engineers along the railway onto those squares or
//! to where they could reach one with the next flight, and otherwise plays as another player
//! (`raider`: as `greedy`; `raider:SPEC`: as SPEC, e.g. `raider:ai:normal:nodes=20000`). It sees
//! only its own view, like every player.

use super::{GreedyPlayer, Player, Refusals};
use crate::engine::board::NodeSet;
use crate::engine::rng::SplitMix64;
use crate::engine::{Mover, NodeKind, Rank, Rules, Seat, Seen, Turn, TurnReport, View, Viewer};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Raids the enemy HQs with its engineers; otherwise plays as its fallback player.
pub struct RaiderPlayer {
    refusals: Refusals,
    fallback: Box<dyn Player>,
}

impl Default for RaiderPlayer {
    fn default() -> RaiderPlayer {
        RaiderPlayer::with_fallback(Box::new(GreedyPlayer::default()))
    }
}

impl RaiderPlayer {
    /// A raider that plays as `fallback` when it has no raid to make.
    pub fn with_fallback(fallback: Box<dyn Player>) -> RaiderPlayer {
        RaiderPlayer {
            refusals: Refusals::default(),
            fallback,
        }
    }
}

/// The enemy HQs of `me` on the view's board, and the squares beside them (their guard squares).
fn targets(view: &View, me: Seat) -> (NodeSet, NodeSet) {
    let board = view.board();
    let mut hqs = NodeSet::EMPTY;
    let mut guards = NodeSet::EMPTY;
    for &e in board.seats {
        if e.team() == me.team() || view.out().contains(e) {
            continue;
        }
        for n in board.deploy_nodes(e) {
            if board.kind(n) == NodeKind::Hq {
                hqs.insert(n);
                guards |= board.tables.links[n as usize];
            }
        }
    }
    (hqs, guards - hqs)
}

/// How a raid turn ranks (higher first): 3 an attack on an HQ that may hold the flag, 2 an
/// engineer's attack on a piece beside an HQ, 1 an engineer's flight onto an empty square beside
/// an HQ, and 0 an engineer's move onto an empty square from which (the board as it would then
/// be, unknown pieces standing where they are) it could reach a square beside an HQ that it
/// could not reach from where it stands.
fn raid_rank(
    view: &View,
    rules: &Rules,
    me: Seat,
    turn: Turn,
    (hqs, guards): (NodeSet, NodeSet),
) -> Option<u8> {
    let Turn::Move { from, to } = turn else {
        return None;
    };
    let Seen::Known(mover) = view.at(from) else {
        return None;
    };
    let target = view.at(to);
    let enemy_there = match target {
        Seen::Unknown(s) => s.team() != me.team(),
        Seen::Known(p) => p.side().team() != me.team(),
        Seen::Empty | Seen::FaceDown => false,
    };
    let may_be_flag = match target {
        Seen::Unknown(s) => s.team() != me.team(),
        Seen::Known(p) => p.side().team() != me.team() && p.rank() == Rank::Flag,
        Seen::Empty | Seen::FaceDown => false,
    };
    if hqs.contains(to) && may_be_flag {
        return Some(3);
    }
    if mover.rank() != Rank::Engineer {
        return None;
    }
    if guards.contains(to) {
        return match target {
            Seen::Empty => Some(1),
            _ if enemy_there => Some(2),
            _ => None,
        };
    }
    if target != Seen::Empty {
        return None;
    }
    let here = view.proxy();
    let open = |pos: &crate::engine::Position, n| {
        let opens = |g| match view.at(g) {
            Seen::Empty => true,
            Seen::Unknown(s) => s.team() != me.team(),
            Seen::Known(p) => p.side().team() != me.team(),
            Seen::FaceDown => false,
        };
        (pos.reach(rules, n) & guards).iter().any(opens)
    };
    if open(&here, from) {
        return None;
    }
    let mut there = here;
    there.play_unchecked(rules, turn);
    open(&there, to).then_some(0)
}

impl Player for RaiderPlayer {
    fn name(&self) -> &'static str {
        "raider"
    }

    fn choose(&mut self, view: &View, rules: &Rules, rng: &mut SplitMix64) -> Option<Turn> {
        let me = match (view.viewer(), view.mover()) {
            (Viewer::Side(s), _) | (Viewer::Referee, Mover::Side(s)) => s,
            // Flip mode before the colours: nothing to raid yet.
            (Viewer::Referee, Mover::Player(_)) => return self.fallback.choose(view, rules, rng),
        };
        let candidates = self.refusals.candidates(view, rules);
        let aims = targets(view, me);
        let ranked: Vec<(u8, Turn)> = candidates
            .iter()
            .filter_map(|&t| raid_rank(view, rules, me, t, aims).map(|r| (r, t)))
            .collect();
        if let Some(top) = ranked.iter().map(|r| r.0).max() {
            let best: Vec<Turn> = ranked.iter().filter(|r| r.0 == top).map(|r| r.1).collect();
            return rng.choose(&best).copied();
        }
        // Nothing to raid with: the fallback (told of every refusal, so it leaves them out).
        self.fallback.choose(view, rules, rng)
    }

    fn refused(&mut self, turn: Turn) {
        self.refusals.add(turn);
        self.fallback.refused(turn);
    }

    fn observe(&mut self, report: &TurnReport, view_after: &View) {
        self.fallback.observe(report, view_after);
    }

    fn set_cancel(&mut self, flag: Arc<AtomicBool>) {
        self.fallback.set_cancel(flag);
    }

    fn thoughts(&self) -> Option<String> {
        self.fallback.thoughts()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Mode, Position};

    fn choice(notation: &str, mode: Mode, seed: u64) -> String {
        let rules = Rules::for_mode(mode);
        let pos = Position::from_notation(notation, &rules).unwrap();
        let view = pos.view(&rules, Viewer::Side(Seat::Blue));
        RaiderPlayer::default()
            .choose(&view, &rules, &mut SplitMix64::new(seed))
            .unwrap()
            .notation(view.board())
    }

    /// Blue's engineer on a7 flies down file a and along rank 2 onto the mine on b2 beside Red's
    /// HQ on b1 (the square beside an HQ before a flight that only comes nearer).
    #[test]
    fn flies_an_engineer_beside_the_hq() {
        let pos = "..bF....../........../........../........../........../b1..b8..../....r9..../........../........../........../..rM....../rMrFrM.... b 0 40";
        for seed in 0..8 {
            assert_eq!(choice(pos, Mode::Hidden, seed), "a7-b2", "seed {seed}");
        }
    }

    /// Nothing can reach a square beside an HQ yet: the engineer in the camp on b8 goes where
    /// its next flight could (b7, a8, …: down file a to a2 and along rank 2 onto the mine on b2).
    #[test]
    fn stages_an_engineer_one_flight_from_the_hq() {
        let pos = "..bF....../........../........../........../..b1....../........../....r9..../........../........../........../..rM....../rMrFrM.... b 0 40";
        let rules = Rules::for_mode(Mode::Hidden);
        let p = Position::from_notation(pos, &rules).unwrap();
        let view = p.view(&rules, Viewer::Side(Seat::Blue));
        let aims = targets(&view, Seat::Blue);
        let t = |s: &str| {
            let (a, b) = s.split_once('-').unwrap();
            let n = |x| view.board().node_by_name(x).unwrap();
            Turn::Move {
                from: n(a),
                to: n(b),
            }
        };
        assert_eq!(raid_rank(&view, &rules, Seat::Blue, t("b8-b9"), aims), None);
        for seed in 0..8 {
            let c = choice(pos, Mode::Hidden, seed);
            assert_eq!(
                raid_rank(&view, &rules, Seat::Blue, t(&c), aims),
                Some(0),
                "{c}"
            );
        }
    }

    /// A piece beside an enemy HQ attacks it (it may hold the flag).
    #[test]
    fn attacks_an_hq_it_stands_beside() {
        let pos = "..bF....../........../........../........../........../b1..b8..../....r9..../........../........../........../..b2....../rMrFrM.... b 0 40";
        for seed in 0..8 {
            assert_eq!(choice(pos, Mode::Hidden, seed), "b2-b1", "seed {seed}");
        }
    }

    /// Without an engineer or a piece beside an HQ it plays as greedy: the free clash first.
    #[test]
    fn otherwise_plays_greedy() {
        let pos = "..bF....../........../........../........../........../....b8..../....r2..../........../........../........../........../rMrFrM.... b 0 40";
        assert_eq!(choice(pos, Mode::Open, 1), "c7-c6");
    }
}
