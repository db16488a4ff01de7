//! Choosing among the turns in open and hidden mode: the deals of what the view hides, the
//! flag's safety at the root, the risk of the unknown, and the two passes over the deals
//! (`decide`).

use super::{AiPlayer, open_position, setup_four};
use crate::ai::belief::Belief;
use crate::ai::clock::part_way;
use crate::ai::eval::value;
use crate::ai::search::{Limits, Search};
use crate::engine::board::NodeId;
use crate::engine::rng::SplitMix64;
use crate::engine::{Mode, Piece, Position, Rank, Rules, Seat, Seen, Setup, Turn, View};

impl AiPlayer {
    /// Search several sampled positions and pick the turn with the best average score: each of
    /// the first `Budget::samples` positions votes for its own best turn, and the leading turns
    /// are then scored in every position given (there may be more: `Budget::second_samples`).
    /// The decision ends at tick `end` of the turn's clock (time or nodes).
    pub(super) fn decide(
        &mut self,
        samples: &[Position],
        turns: &[Turn],
        rules: &Rules,
        me: Seat,
        end: u64,
    ) -> Option<(Turn, i32)> {
        if turns.is_empty() || samples.is_empty() {
            return None;
        }
        let with_pen: Vec<(Turn, i32)> = turns.iter().map(|&t| (t, self.penalty(t))).collect();
        let start = self.clock.now();
        let first = &samples[..self.budget.samples.clamp(1, samples.len())];
        let k = first.len();
        // First pass: each sample's own best turn, within its share of 60% of the budget left.
        let mut found = Vec::with_capacity(k);
        if k == 1 && self.threads > 1 {
            // One position (open mode, or a single deal): every thread on it at once.
            found.push(self.search_together(&first[0], &with_pen, rules, me, start, end));
        } else if self.parallel(k) {
            // Each deal its own share: with nodes, a k-th of the 60%; with time, the end of its
            // round (`threads` deals a round).
            let rounds = k.div_ceil(self.threads);
            let at = |f: f64| part_way(start, end, 0.6 * f);
            let limits: Vec<Limits> = (0..k)
                .map(|i| {
                    if self.clock.counts_nodes() {
                        self.share_limits(at(i as f64 / k as f64), at((i + 1) as f64 / k as f64))
                    } else {
                        let round = i / self.threads;
                        self.share_limits(start, at((round + 1) as f64 / rounds as f64))
                    }
                })
                .collect();
            let results = self.on_threads(k, |i, tt| {
                let mut s = Search::new(rules, tt, limits[i].clone(), me);
                (s.iterate(&first[i], &with_pen), s.nodes)
            });
            for (f, nodes) in results {
                self.clock.count(nodes);
                found.push(f);
            }
        } else {
            for (i, pos) in first.iter().enumerate() {
                let share = part_way(start, end, 0.6 * (i + 1) as f64 / k as f64);
                let limits = self.limits(share);
                let mut s = Search::new(rules, &self.tt, limits, me);
                found.push(s.iterate(pos, &with_pen));
                self.clock.count(s.nodes);
            }
        }
        let mut votes: Vec<(Turn, u32, i32)> = Vec::new();
        let mut depths = Vec::new();
        for (t, score, depth) in found.into_iter().flatten() {
            depths.push((score, depth));
            match votes.iter_mut().find(|v| v.0 == t) {
                Some(v) => {
                    v.1 += 1;
                    v.2 += score;
                }
                None => votes.push((t, 1, score)),
            }
        }
        if votes.is_empty() {
            return None;
        }
        votes.sort_by_key(|v| (std::cmp::Reverse(v.1), std::cmp::Reverse(v.2)));
        if votes.len() == 1 || k == 1 {
            let v = votes[0];
            return Some((v.0, v.2 / v.1 as i32));
        }
        // Second pass: the leading candidates scored in every sample.
        votes.truncate(4);
        let cands: Vec<Turn> = votes.iter().map(|v| v.0).collect();
        let mut depth = second_pass_depth(&depths);
        let began = self.clock.now();
        let (mut sums, mut counted, mut complete) =
            self.score_in_samples(samples, &cands, depth, (rules, me), end);
        let mut last_pass = self.clock.now().saturating_sub(began);
        // Hard goes one turn deeper while the budget left looks like enough for a whole pass (a
        // deeper pass costs several times the last one); an unfinished deeper pass is not used.
        while complete
            && self.budget.deepen
            && depth < MAX_SECOND_DEPTH
            && end.saturating_sub(self.clock.now()) >= last_pass.saturating_mul(6)
        {
            depth += 1;
            let began = self.clock.now();
            let deeper = self.score_in_samples(samples, &cands, depth, (rules, me), end);
            last_pass = self.clock.now().saturating_sub(began);
            complete = deeper.2;
            if complete {
                (sums, counted) = (deeper.0, deeper.1);
            }
        }
        if counted == 0 {
            let v = votes[0];
            return Some((v.0, v.2 / v.1 as i32));
        }
        let best = cands
            .iter()
            .zip(&sums)
            .map(|(&t, &s)| (t, (s / counted as i64) as i32 - self.penalty(t)))
            .max_by_key(|&(t, s)| (s, std::cmp::Reverse(cands.iter().position(|c| *c == t))))?;
        Some(best)
    }

    /// The second pass at one depth: each candidate's score summed over the samples, how many
    /// samples were counted, and whether every sample was (the end of the budget, tick `end`,
    /// may stop it first). On several threads every sample is searched, each with its own share
    /// of what is left (`with_threads`), and the samples whose search finished are counted.
    pub(super) fn score_in_samples(
        &mut self,
        samples: &[Position],
        cands: &[Turn],
        depth: i32,
        (rules, me): (&Rules, Seat),
        end: u64,
    ) -> (Vec<i64>, usize, bool) {
        let mut sums = vec![0i64; cands.len()];
        let mut counted = 0;
        // Wins and losses are certain in a sample, not in the game: cap them.
        let add = |sums: &mut [i64], scores: Vec<i32>| {
            for (sum, sc) in sums.iter_mut().zip(scores) {
                *sum += sc.clamp(-5000, 5000) as i64;
            }
        };
        if self.parallel(samples.len()) {
            let n = samples.len();
            let began = self.clock.now();
            let limits: Vec<Limits> = (0..n)
                .map(|i| {
                    if self.clock.counts_nodes() {
                        let at = |j: usize| part_way(began, end, j as f64 / n as f64);
                        self.share_limits(at(i), at(i + 1))
                    } else {
                        self.share_limits(began, end)
                    }
                })
                .collect();
            let results = self.on_threads(n, |i, tt| {
                let mut s = Search::new(rules, tt, limits[i].clone(), me);
                let scores = s.score_turns(&samples[i], cands, depth);
                (scores, s.stopped(), s.nodes)
            });
            let mut complete = true;
            for (scores, stopped, nodes) in results {
                self.clock.count(nodes);
                if stopped {
                    complete = false;
                } else {
                    add(&mut sums, scores);
                    counted += 1;
                }
            }
            return (sums, counted, complete);
        }
        for pos in samples {
            let limits = self.limits(end);
            let mut s = Search::new(rules, &self.tt, limits, me);
            let scores = s.score_turns(pos, cands, depth);
            self.clock.count(s.nodes);
            if s.stopped() {
                return (sums, counted, false);
            }
            add(&mut sums, scores);
            counted += 1;
        }
        (sums, counted, true)
    }

    pub(super) fn choose_open(
        &mut self,
        view: &View,
        rules: &Rules,
        me: Seat,
        turns: &[Turn],
        end: u64,
    ) -> Option<Turn> {
        let pos = if view.board().is_four() {
            Position::stand_in(&setup_four(view))
        } else {
            open_position(view, rules)
        };
        self.decide(&[pos], turns, rules, me, end).map(|x| x.0)
    }

    pub(super) fn choose_hidden(
        &mut self,
        view: &View,
        rules: &Rules,
        me: Seat,
        turns: &[Turn],
        rng: &mut SplitMix64,
        end: u64,
    ) -> Option<Turn> {
        let k = if view.board().is_four() {
            self.budget.second_samples.max(self.budget.samples)
        } else {
            self.budget.samples
        };
        let setups = self.deals(view, rules, me, k.max(1), rng);
        // After the deals: with four players they start the beliefs about the other seats.
        self.risk = self.risky_attacks(view, rules, me, turns);
        let samples: Vec<Position> = setups.iter().map(Position::stand_in).collect();
        self.decide(&samples, turns, rules, me, end).map(|x| x.0)
    }

    /// The risk of the unknown (hidden mode, two and four players): each turn in which our marshal or
    /// general attacks an unknown piece, with the chance that the piece is a mine (the attacker
    /// lost for nothing) or a bomb (both lost) by the belief's sets and the counts
    /// (`Belief::chance_at`), pays the expected loss, `p(mine) × attacker + p(bomb) × (attacker −
    /// bomb)`, once that chance is `RISK_FROM` or more: back-row pieces that never moved, while
    /// mines are left, are often mines. The search weighs the same outcomes in its own deals,
    /// but with few deals a single one showing a small piece there can carry the vote; this keeps
    /// the big pieces off such gambles. (Counting the chance over deals of the belief cost more
    /// than the rest of a turn at small node budgets.)
    pub(crate) fn risky_attacks(
        &mut self,
        view: &View,
        rules: &Rules,
        me: Seat,
        turns: &[Turn],
    ) -> Vec<(Turn, i32)> {
        let attacks: Vec<(Turn, Rank, NodeId)> = turns
            .iter()
            .filter_map(|&t| {
                let Turn::Move { from, to } = t else {
                    return None;
                };
                let Seen::Known(p) = view.at(from) else {
                    return None;
                };
                let big = matches!(p.rank(), Rank::Marshal | Rank::General) && p.side() == me;
                (big && matches!(view.at(to), Seen::Unknown(s) if s.team() != me.team()))
                    .then_some((t, p.rank(), to))
            })
            .collect();
        if attacks.is_empty() {
            return Vec::new();
        }
        let four = view.board().is_four();
        if four {
            for b in self.others_of(view).iter_mut() {
                if !b.is_started() {
                    b.start(view, rules, me);
                }
            }
        } else if !self.belief.is_started() {
            self.belief.start(view, rules, me);
        }
        let (belief, others) = (&self.belief, &self.others);
        attacks
            .into_iter()
            .filter_map(|(t, rank, to)| {
                // Four players: the belief about the target's owner.
                let belief = match view.at(to) {
                    Seen::Unknown(s) if four => others.iter().find(|b| b.is_about(s))?,
                    _ => belief,
                };
                let pm = belief.chance_at(to, Rank::Mine);
                let pb = belief.chance_at(to, Rank::Bomb);
                if pm + pb < RISK_FROM {
                    return None;
                }
                let v = value(rank, 3, rules.mode) as f64;
                let bomb = value(Rank::Bomb, 3, rules.mode) as f64;
                Some((t, (pm * v + pb * (v - bomb)).round() as i32))
            })
            .collect()
    }

    /// `k` deals of what `view` does not show, each the view filled in: hidden mode, ranks for
    /// the enemy's unknown pieces from the belief (four players: from the belief about each
    /// other seat, each deal filling only that seat's pieces); flip mode, the face-down pieces
    /// from the pool of unseen ones. Open mode: `k` copies of the view.
    pub(super) fn deals(
        &mut self,
        view: &View,
        rules: &Rules,
        me: Seat,
        k: usize,
        rng: &mut SplitMix64,
    ) -> Vec<Setup> {
        let mut setups: Vec<Setup> = (0..k).map(|_| view.proxy_setup()).collect();
        match view.mode() {
            Mode::Hidden => {
                let usual = self.budget.usual_formations;
                let beliefs: &mut [Belief] = if view.board().is_four() {
                    self.others_of(view)
                } else {
                    std::slice::from_mut(&mut self.belief)
                };
                for b in beliefs.iter_mut() {
                    if !b.is_started() {
                        b.start(view, rules, me);
                    }
                }
                for b in beliefs.iter() {
                    for (setup, deal) in setups.iter_mut().zip(b.samples(k, usual, rng)) {
                        for (n, r) in deal {
                            if let Some(Seen::Unknown(s)) = view.cells().get(n as usize)
                                && b.is_about(*s)
                            {
                                setup.cells[n as usize] = Some(Piece::new(*s, r));
                            }
                        }
                    }
                }
            }
            Mode::Flip => {
                for setup in &mut setups {
                    for (n, p) in self.pool.deal(view, rng) {
                        setup.cells[n as usize] = Some(p);
                    }
                }
            }
            Mode::Open => {}
        }
        setups
    }

    /// The turns that keep the flag safest (`safety::safest_turns`), in the position this player
    /// knows: what the view shows, and the enemy pieces whose rank the belief is sure of.
    pub(super) fn safest_turns(
        &self,
        view: &View,
        rules: &Rules,
        me: Seat,
        turns: &[Turn],
    ) -> Vec<Turn> {
        let sure = |set: crate::ai::belief::RankSet| {
            (set.count_ones() == 1)
                .then(|| crate::ai::belief::ranks_in(set).next())
                .flatten()
        };
        let known = crate::ai::safety::known_position(view, |n, owner| {
            if !view.mode().hides_identities() {
                return None;
            }
            if view.board().is_four() {
                let set = self
                    .others
                    .iter()
                    .find(|b| b.is_about(owner))
                    .map_or(crate::ai::belief::ALL_RANKS, |b| b.may_be_at(n));
                // An enemy piece that may be a captain or bigger stands in as a captain: it
                // beats an engineer or a lieutenant holding a door and then takes the flag (a
                // lieutenant standing in only traded with one there, and that raid went unseen).
                let beats_small = crate::ai::belief::ranks_in(set)
                    .any(|r| r == Rank::Bomb || (r.is_officer() && r as u8 >= Rank::Captain as u8));
                sure(set).or_else(|| {
                    (self.captain_stand_ins && owner.team() != me.team() && beats_small)
                        .then_some(Rank::Captain)
                })
            } else if self.belief.is_started() {
                sure(self.belief.may_be_at(n))
            } else {
                None
            }
        });
        let engineers: crate::engine::board::NodeSet = known
            .cells()
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                c.is_some_and(|p| p.rank() == Rank::Engineer && p.side().team() != me.team())
            })
            .map(|(i, _)| i as crate::engine::NodeId)
            .collect();
        let cancelled = || {
            self.cancel
                .as_ref()
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        };
        crate::ai::safety::safest_turns(&known, rules, me, turns, (engineers, &cancelled))
    }
}

/// The deepest second pass (hard only; see `Budget::deepen`).
const MAX_SECOND_DEPTH: i32 = 8;

/// The depth at which the second pass scores the leading turns in every sample: the least depth
/// the first pass completed in a sample (at most 4). A sample whose search ended early on a certain
/// win or loss (it sees a flag taken) says nothing about the depth the time allows and is left
/// out: counted, one such sample in ten made hard's final choice a one-turn look in four-player
/// hidden games.
pub(super) fn second_pass_depth(first_pass: &[(i32, u32)]) -> i32 {
    first_pass
        .iter()
        .filter(|(score, _)| score.abs() < crate::ai::search::WIN - 1000)
        .map(|&(_, depth)| depth)
        .min()
        .unwrap_or(1)
        .clamp(1, 4) as i32
}

/// The least chance of a mine or a bomb that makes a big piece's attack on an unknown piece
/// pay a penalty (`AiPlayer::risky_attacks`).
const RISK_FROM: f64 = 0.25;
