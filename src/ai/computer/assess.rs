//! The computer as an adviser: a hint's turns (`suggest`) and a game review's view of a turn
//! played (`assess`).

use super::{AiPlayer, open_position, setup_four};
use crate::ai::Player;
use crate::ai::clock::{Clock, part_way};
use crate::ai::search::{Decided, Limits, Search, decided_in};
use crate::engine::rng::SplitMix64;
use crate::engine::{Mode, Mover, Position, Rules, Seat, Turn, View, Viewer};

impl AiPlayer {
    /// Up to `n` different turns the computer would play in `view`, best first: its choice, then
    /// its choice with the turns already named left out (a hint for a human player; the view is
    /// the human's own). What it remembers of refusals and of its recent turns is left as it was.
    pub fn suggest(
        &mut self,
        view: &View,
        rules: &Rules,
        rng: &mut SplitMix64,
        n: usize,
    ) -> Vec<Turn> {
        let (refused, recent) = (self.refused.clone(), self.recent.clone());
        let mut out = Vec::new();
        while out.len() < n {
            let Some(t) = self.choose(view, rules, rng) else {
                break;
            };
            if out.contains(&t) {
                break;
            }
            out.push(t);
            // Left out of the next choice (within this position only: `choose` forgets these
            // at the next ply).
            self.refused.push(t);
        }
        self.refused = refused;
        self.recent = recent;
        out
    }

    /// What the computer thinks, in `view`, of the turn `played` there (a game review): its own
    /// preferred turn (what `choose` would play) and the scores of both, from the mover's side in
    /// the evaluation's units (`eval::value`: a marshal 100, a lieutenant 7; ±5000 a flag taken
    /// in every deal). Both turns are scored alike: in the same positions (hidden mode: deals from
    /// the belief; flip mode: deals of the face-down pieces; open mode: the view itself), at the
    /// same depth (the deepest of 1 to 3 that half the turn's budget completes), without the
    /// repetition penalty; the same turn gets the same score. `played` then counts as this
    /// player's last turn (the memory of its recent turns). `None` before the colours of a flip
    /// game (nothing is known to prefer one flip) or when cancelled.
    pub(crate) fn assess(
        &mut self,
        view: &View,
        rules: &Rules,
        rng: &mut SplitMix64,
        played: Turn,
    ) -> Option<Assessment> {
        let recent = self.recent.clone();
        let best = self.choose(view, rules, rng);
        self.recent = recent;
        self.recent.push(played);
        if self.recent.len() > 8 {
            self.recent.remove(0);
        }
        let best = best?;
        let me = match (view.viewer(), view.mover()) {
            (_, Mover::Player(_)) => return None,
            (Viewer::Side(s), _) | (Viewer::Referee, Mover::Side(s)) => s,
        };
        let samples = self.assessment_samples(view, rules, me, rng);
        let cands: Vec<Turn> = if best == played {
            vec![best]
        } else {
            vec![best, played]
        };
        self.clock = Clock::start(self.allowance);
        let end = part_way(0, self.clock.end(), 0.5);
        let mut done: Option<(Vec<i64>, Vec<Option<Decided>>)> = None;
        for depth in 1..=ASSESS_DEPTH.min(self.budget.max_depth.max(1) as i32) {
            let mut sums = vec![0i64; cands.len()];
            let mut ends: Vec<Option<Decided>> = vec![None; cands.len()];
            let mut stopped = false;
            for (k, pos) in samples.iter().enumerate() {
                // Depth 1 always completes (only cancellation stops it).
                let limits = if depth == 1 {
                    Limits {
                        max_depth: self.budget.max_depth,
                        stop: None,
                        cancel: self.cancel.clone(),
                    }
                } else {
                    self.limits(end)
                };
                let mut s = Search::new(rules, &self.tt, limits, me);
                let scores = s.score_turns(pos, &cands, depth);
                self.clock.count(s.nodes);
                if s.stopped() {
                    stopped = true;
                    break;
                }
                for ((sum, end), sc) in sums.iter_mut().zip(&mut ends).zip(scores) {
                    *sum += sc.clamp(-5000, 5000) as i64;
                    // Before the clamp: the plies to the end, kept while every deal agrees.
                    let here = decided_in(sc);
                    *end = if k == 0 { here } else { both(*end, here) };
                }
            }
            if stopped {
                break;
            }
            done = Some((sums, ends));
        }
        let (sums, ends) = done?;
        let n = samples.len().max(1) as i64;
        let best_score = (sums[0] / n) as i32;
        let played_score = (sums[sums.len() - 1] / n) as i32;
        Some(Assessment {
            best,
            best_score,
            played_score,
            best_end: ends[0],
            played_end: ends[ends.len() - 1],
        })
    }

    /// The positions `assess` scores turns in: the view itself (open mode), or `Budget::samples`
    /// deals of what the view does not show (`deals`).
    pub(super) fn assessment_samples(
        &mut self,
        view: &View,
        rules: &Rules,
        me: Seat,
        rng: &mut SplitMix64,
    ) -> Vec<Position> {
        let four = view.board().is_four();
        match view.mode() {
            Mode::Open if four => vec![Position::stand_in(&setup_four(view))],
            Mode::Open => vec![open_position(view, rules)],
            Mode::Hidden | Mode::Flip => {
                let k = self.budget.samples.max(1);
                let setups = self.deals(view, rules, me, k, rng);
                setups.iter().map(Position::stand_in).collect()
            }
        }
    }
}

/// Two deals' ends: the same side wins in both, within the later of the two; else none.
fn both(a: Option<Decided>, b: Option<Decided>) -> Option<Decided> {
    match (a, b) {
        (Some(a), Some(b)) if a.wins == b.wins => Some(Decided {
            plies: a.plies.max(b.plies),
            wins: a.wins,
        }),
        _ => None,
    }
}

/// What `AiPlayer::assess` thinks of a turn played: its own preferred turn, and the scores of
/// that turn and of the one played, from the mover's side; and for each, the end of the game
/// the search sees forced in every deal it scored (`search::decided_in`, before the scores are
/// clamped to ±5000 and averaged): who wins, and within how many turns (the turn scored counted
/// as the first; across deals the latest).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Assessment {
    pub best: Turn,
    pub best_score: i32,
    pub played_score: i32,
    pub best_end: Option<Decided>,
    pub played_end: Option<Decided>,
}

/// The deepest `AiPlayer::assess` scores at.
const ASSESS_DEPTH: i32 = 3;
