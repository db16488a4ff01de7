//! Four players: what standing pat is worth in the quiescence search. Between two turns of a
//! player's the three others move, so a piece can hang to a player who moves before its owner
//! can save it: the partner's piece to the enemy moving next, the next enemy's piece to the
//! partner. A static evaluation at the side to move sees neither (at the search's usual depth
//! the enemy moving third is past the horizon). So a stand-pat lets the next players in turn
//! take such a piece or pass.

use super::{Search, clash_gain, tie_key, tie_order};
use crate::ai::eval::evaluate;
use crate::engine::{ClashOutcome, Mover, Position, Turn};

/// How many players in a row may pass after the side to move stands pat: the next player (an
/// enemy) may take a piece of the player after it (the partner), and then that player a piece of
/// the one after it (the other enemy); the player after that has had no turn since its pieces
/// were last safe-guarded by their owners, so the chain stops there.
const PASSES: u32 = 2;

/// The chain is looked at in the first `CHAIN_QD` levels of the quiescence search (at the horizon
/// and after one clash), and the player to take may take one of its `CHAIN_TAKES` best: a chain
/// at every level multiplies the clashes tried by three players' and grows too fast.
const CHAIN_QD: u32 = 1;
const CHAIN_TAKES: usize = 2;

impl Search<'_> {
    /// Four players: the score, for the mover of `pos`, of a quiet turn of its (standing pat in
    /// the quiescence search, window `alpha`..`beta`): the evaluation, unless the player moving
    /// next can take a piece of the player moving after it, who has no turn in between to save
    /// it (a gain, a flag, a trade that wins). Then that player may take it or pass in turn, and
    /// so may the one after it (`PASSES`). Captures of the passing players' own pieces are not
    /// tried: its quiet turn is taken to have saved them, as a stand-pat does with two players.
    pub(super) fn stand_four(
        &mut self,
        pos: &Position,
        ply: u32,
        (alpha, beta): (i32, i32),
        qd: u32,
        passes: u32,
    ) -> i32 {
        let Mover::Side(me) = pos.mover() else {
            return 0;
        };
        let eval = |s: &Self| evaluate(pos, s.rules, me);
        if !self.pass_chain || passes >= PASSES || qd > CHAIN_QD {
            return eval(self);
        }
        let mut next = *pos;
        next.pass_turn_in(self.rules, false);
        let (Mover::Side(y), true) = (next.mover(), next.out() == pos.out()) else {
            return eval(self);
        };
        let Some(victim) = next.next_in(self.rules, y) else {
            return eval(self);
        };
        if y.team() == me.team() || victim.team() == y.team() {
            return eval(self);
        }
        let targets = next.pieces_set(victim);
        let mut moves = Vec::with_capacity(64);
        next.pseudo_turns(self.rules, &mut moves);
        let mut caps: Vec<(i32, Turn)> = moves
            .iter()
            .filter_map(|&t| {
                let Turn::Move { from, to } = t else {
                    return None;
                };
                if !targets.contains(to) {
                    return None;
                }
                let (o, g) = clash_gain(&next, self.rules, from, to)?;
                match o {
                    ClashOutcome::FlagTaken => Some((g, t)),
                    ClashOutcome::DefenderRemoved
                    | ClashOutcome::MineDug
                    | ClashOutcome::BothRemoved
                        if g > 0 =>
                    {
                        Some((g, t))
                    }
                    _ => None,
                }
            })
            .collect();
        self.nodes += 1;
        // `y` is on the other team: its score is the negated one, its window the swapped one.
        let (mut a, b) = (-beta, -alpha);
        let mut best = self.stand_four(&next, ply + 1, (a, b), qd, passes + 1);
        if self.stopped {
            return 0;
        }
        if best >= b || caps.is_empty() {
            return -best;
        }
        a = a.max(best);
        let ties = tie_order(&next);
        caps.sort_by_key(|&(g, t)| (-g, tie_key(ties, t)));
        for &(_, t) in caps.iter().take(CHAIN_TAKES) {
            let mut child = next;
            child.play_unchecked_fast(self.rules, t);
            let s = self.quiet_child(&next, &child, y, ply + 1, a, b, qd);
            if self.stopped {
                return 0;
            }
            best = best.max(s);
            if s >= b {
                break;
            }
            a = a.max(s);
        }
        -best
    }
}
