//! Flip mode: moves searched over deals of the face-down pieces, each flip scored by its
//! expected value over the pieces still unseen.

use super::AiPlayer;
use crate::ai::clock::part_way;
use crate::ai::search::{Search, WIN};
use crate::engine::rng::SplitMix64;
use crate::engine::{Piece, Position, Rules, Seat, Setup, Turn, View};

impl AiPlayer {
    pub(super) fn choose_flip(
        &mut self,
        view: &View,
        rules: &Rules,
        me: Seat,
        turns: &[Turn],
        rng: &mut SplitMix64,
        end: u64,
    ) -> Option<Turn> {
        let k = (self.budget.samples / 3).max(1);
        let setups = self.deals(view, rules, me, k, rng);
        let samples: Vec<Position> = setups.iter().map(Position::stand_in).collect();
        let moves: Vec<Turn> = turns
            .iter()
            .copied()
            .filter(|t| matches!(t, Turn::Move { .. }))
            .collect();
        let flips: Vec<Turn> = turns
            .iter()
            .copied()
            .filter(|t| matches!(t, Turn::Flip(_)))
            .collect();
        // Moves get 70% of the budget left when there are flips to weigh too.
        let move_end = if flips.is_empty() {
            end
        } else {
            part_way(self.clock.now(), end, 0.7)
        };
        let best_move = self.decide(&samples, &moves, rules, me, move_end);
        let best_flip = self.best_flip(&setups[0], view, &flips, rules, me, rng, end);
        match (best_move, best_flip) {
            (Some((m, ms)), Some((f, fs))) => Some(if fs > ms { f } else { m }),
            (Some((m, _)), None) => Some(m),
            (None, Some((f, _))) => Some(f),
            (None, None) => turns.first().copied(),
        }
    }

    /// The flip with the best expected score: each unseen identity in turn on the flipped node,
    /// weighted by how many such pieces are unseen, then the opponent's clashes.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn best_flip(
        &mut self,
        setup: &Setup,
        view: &View,
        flips: &[Turn],
        rules: &Rules,
        me: Seat,
        rng: &mut SplitMix64,
        end: u64,
    ) -> Option<(Turn, i32)> {
        let unseen = self.pool.unseen(view);
        if flips.is_empty() || unseen.is_empty() {
            return flips.first().map(|&f| (f, 0));
        }
        let mut kinds: Vec<(Piece, u32)> = Vec::new();
        for p in &unseen {
            match kinds.iter_mut().find(|k| k.0 == *p) {
                Some(k) => k.1 += 1,
                None => kinds.push((*p, 1)),
            }
        }
        let total: u32 = kinds.iter().map(|k| k.1).sum();
        let limits = self.limits(end);
        let mut s = Search::new(rules, &self.tt, limits, me);
        let mut best: Option<(Turn, i32)> = None;
        let mut order = flips.to_vec();
        rng.shuffle(&mut order);
        for f in order {
            let Turn::Flip(n) = f else { continue };
            let mut ev: i64 = 0;
            for &(p, c) in &kinds {
                // The sample with `p` face down on `n`, then the flip played.
                let mut imagined = setup.clone();
                imagined.cells[n as usize] = Some(p.with_face_down(true));
                let mut child = Position::stand_in(&imagined);
                child.play_unchecked_fast(rules, f);
                let v = -s.quiesce(&child, 1, -WIN, WIN, 0);
                ev += v as i64 * c as i64;
            }
            if s.stopped() {
                break;
            }
            let ev = (ev / total as i64) as i32;
            if best.is_none_or(|b| ev > b.1) {
                best = Some((f, ev));
            }
        }
        self.clock.count(s.nodes);
        best.or_else(|| flips.first().map(|&f| (f, 0)))
    }
}
