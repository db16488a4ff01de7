//! The computer opponent (`ai:easy`, `ai:normal`, `ai:hard`): it decides from its own `View` and
//! the public turn reports it has observed, never from the position behind them.
//!
//! - Open mode: the view is complete; it is turned into a `Position` and searched.
//! - Hidden mode: `belief` keeps what each enemy piece may be; several complete positions are
//!   sampled from it (determinization), each is searched, the best turns of the samples become
//!   candidates, and every candidate is then scored in every sample; the best average wins.
//! - Flip mode: moves of face-up pieces are searched the same way over deals of the face-down
//!   pieces; each possible flip is scored by its expected value over the pieces still face down
//!   (each identity weighted by how many such pieces are unseen), followed by the clashes it allows.
//!
//! A turn spends the level's time (`Budget::time`) or, with `AiPlayer::with_nodes`, a number of
//! search nodes (`clock`): the same shares of either, so a node budget makes the player's turns
//! repeatable.
//!
//! With `AiPlayer::with_threads`, the searches of the deals (both passes, hidden and flip mode)
//! run on several threads, each taking the next deal, and a single position (open mode) is
//! searched by every thread at once (Lazy SMP, `search_together`); all the threads share the
//! player's one transposition table. See `with_threads` for what that keeps repeatable.

use super::Player;
use super::belief::{Belief, FlipPool, proxy};
use super::clock::{Allowance, Clock, part_way};
use super::eval::value;
use super::search::{Limits, Search, Tt, WIN};
use crate::engine::board::NodeId;
use crate::engine::rng::SplitMix64;
use crate::engine::{
    Mode, Mover, Piece, Position, Rank, Rules, Seat, Seen, Setup, Turn, TurnReport, View, Viewer,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How hard the computer thinks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "easy" => Some(Level::Easy),
            "normal" => Some(Level::Normal),
            "hard" => Some(Level::Hard),
            _ => None,
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

/// What a level may spend on one turn (`time` unless the player has a node budget:
/// `AiPlayer::with_nodes`).
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub time: Duration,
    pub max_depth: u32,
    /// Determinizations in hidden mode (flip mode uses fewer: identities matter less there).
    pub samples: usize,
    /// Whether the second pass of a sampled decision goes on one turn deeper while the budget
    /// left (time, or nodes with `AiPlayer::with_nodes`) allows (hard), rather than stopping at
    /// the first pass's depth.
    pub deepen: bool,
    /// Four-player hidden games: how many deals the second pass scores the leading turns in —
    /// the first pass's own and fresh ones (hard: three times as many), so that the choice
    /// between a few turns averages over more of what the hidden pieces may be.
    pub second_samples: usize,
    /// Hidden mode: whether deals follow how usual their formation is (ranks by the squares they
    /// usually stand on, mines guarding the flag: `Belief::samples`) rather than dealing every
    /// consistent formation alike (hard).
    pub usual_formations: bool,
}

impl Budget {
    pub fn of(level: Level) -> Budget {
        match level {
            Level::Easy => Budget {
                time: Duration::from_millis(50),
                max_depth: 2,
                samples: 4,
                deepen: false,
                second_samples: 4,
                usual_formations: false,
            },
            Level::Normal => Budget {
                time: Duration::from_millis(250),
                max_depth: 32,
                samples: 6,
                deepen: false,
                second_samples: 6,
                usual_formations: false,
            },
            Level::Hard => Budget {
                time: Duration::from_millis(1500),
                max_depth: 32,
                samples: 10,
                deepen: true,
                second_samples: 30,
                usual_formations: true,
            },
        }
    }
}

pub struct AiPlayer {
    level: Level,
    budget: Budget,
    /// What a turn spends: the level's time, a number of search nodes (`with_nodes`), or only
    /// the depth cap (`fixed_depth`).
    allowance: Allowance,
    /// The current (or last) turn's spending.
    clock: Clock,
    tt: Tt,
    belief: Belief,
    /// Four players, hidden mode: a belief about each of the other three players' pieces.
    others: Vec<Belief>,
    pool: FlipPool,
    rules: Option<Rules>,
    /// Reports seen before the rules were known (the first `choose` brings them).
    pending: Vec<(TurnReport, View)>,
    last_ply: Option<u32>,
    refused: Vec<Turn>,
    refused_ply: u32,
    recent: Vec<Turn>,
    cancel: Option<Arc<AtomicBool>>,
    /// How many threads search (`with_threads`; 1: all on the calling thread). Every thread
    /// reads and fills the one table `tt`.
    threads: usize,
    /// Whether the root leaves out turns that let a raid on the flag go unanswered
    /// (`safety::safest_turns`; off only in tests that show what it changes).
    flag_safety: bool,
    /// This turn's risk penalties (`risky_attacks`): big pieces attacking unknown pieces that may
    /// well be a mine or a bomb.
    risk: Vec<(Turn, i32)>,
}

/// The least chance of a mine or a bomb that makes a big piece's attack on an unknown piece
/// pay a penalty (`AiPlayer::risky_attacks`).
const RISK_FROM: f64 = 0.25;

/// The most threads a player searches on (`AiPlayer::with_threads`).
pub const MAX_THREADS: usize = 64;

/// The transposition table's default size in MiB (2^18 entries of 16 bytes; `AiPlayer::with_hash`).
pub const DEFAULT_HASH_MB: usize = 4;

/// The largest transposition table a player may be given, in MiB (`AiPlayer::with_hash`).
pub const MAX_HASH_MB: usize = 1024;

impl AiPlayer {
    pub fn new(level: Level) -> AiPlayer {
        let budget = Budget::of(level);
        let allowance = Allowance::Time(budget.time);
        AiPlayer {
            level,
            budget,
            allowance,
            clock: Clock::start(allowance),
            tt: Tt::with_megabytes(DEFAULT_HASH_MB),
            belief: Belief::default(),
            others: Vec::new(),
            pool: FlipPool::default(),
            rules: None,
            pending: Vec::new(),
            last_ply: None,
            refused: Vec::new(),
            refused_ply: u32::MAX,
            recent: Vec::new(),
            cancel: None,
            threads: 1,
            flag_safety: true,
            risk: Vec::new(),
        }
    }

    /// A player searching to a fixed depth without a deadline (repeatable, for tests).
    pub fn fixed_depth(depth: u32, samples: usize) -> AiPlayer {
        let mut p = AiPlayer::new(Level::Easy);
        p.budget = Budget {
            time: Duration::from_secs(3600),
            max_depth: depth,
            samples,
            deepen: false,
            second_samples: samples,
            usual_formations: false,
        };
        p.allowance = Allowance::Depth;
        p.clock = Clock::start(Allowance::Depth);
        p.tt = Tt::new(14);
        p
    }

    /// The same player spending `nodes` search nodes per turn (at least 1) instead of its
    /// level's time: every share of the budget its time would be split into becomes the same
    /// share of the nodes, so its turns depend only on what it is given (view, rules, random
    /// generator) and what it remembers, never on the machine's speed. Cancellation still stops
    /// it.
    pub fn with_nodes(mut self, nodes: u64) -> AiPlayer {
        self.allowance = Allowance::Nodes(nodes.max(1));
        self.clock = Clock::start(self.allowance);
        self
    }

    /// The same player spending `time` of wall time per turn (at least 1 ms) instead of its
    /// level's (`Budget::time`): every share of the budget is the same share of this time. For
    /// measuring the levels at a common clock (`ai:LEVEL:ms=N`, e.g. one thread against two).
    pub fn with_time(mut self, time: Duration) -> AiPlayer {
        self.allowance = Allowance::Time(time.max(Duration::from_millis(1)));
        self.clock = Clock::start(self.allowance);
        self
    }

    /// The same player searching on up to `threads` threads (1 to `MAX_THREADS`; 1, the
    /// default, searches its deals one after another as every player did before threads). In
    /// hidden and flip mode the first pass's searches (one per deal) and each second pass's (one
    /// per deal) run at once, each thread taking the next deal not yet taken; results are
    /// combined in deal order. One position (open mode, or flip mode's single deal at easy) is
    /// searched by all the threads at once (`search_together`). In every mode all the threads
    /// read and fill the player's one transposition table, as one thread searching the deals in
    /// turn does (a table per thread was slower: docs/measurements.md). The flips of flip mode are
    /// searched on the calling thread.
    ///
    /// With more than one thread each deal's search gets a share of the budget of its own: with
    /// a node budget, the first pass gives each of its `k` deals a `k`-th of its 60% and a second
    /// pass each of its deals an equal part of what is left (on one thread a search may also use
    /// what the ones before it left); with a time budget, the first pass's deals end by rounds
    /// (`threads` deals a round) and a second pass's deals all at the turn's end. What a search
    /// finds in the shared table depends on how far the others got, so with more than one thread
    /// a turn depends on how the threads were scheduled, even at a node budget: only one thread
    /// makes a node budget's turns repeatable. With a time budget the turn depends on the
    /// machine's speed and load anyway, and more is searched in the same time. The cancel flag
    /// stops every thread.
    pub fn with_threads(mut self, threads: usize) -> AiPlayer {
        self.threads = threads.clamp(1, MAX_THREADS);
        self
    }

    /// The same player with a transposition table of `mb` MiB (1 to `MAX_HASH_MB`; the
    /// largest power of two of 16-byte entries that fits): the one table all its threads share,
    /// in every mode. The default is `DEFAULT_HASH_MB`. A bigger table keeps more from turn to
    /// turn and changes the turns chosen (a node budget on one thread still replays at the same
    /// size).
    pub fn with_hash(mut self, mb: usize) -> AiPlayer {
        self.tt = Tt::with_megabytes(mb.clamp(1, MAX_HASH_MB));
        self
    }

    /// The size of the player's own table in bytes (`with_hash`).
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// How many threads search the deals (`with_threads`).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The search nodes of the last turn chosen (or of the one being chosen), every search of it
    /// counted.
    pub fn last_nodes(&self) -> u64 {
        self.clock.nodes()
    }

    /// The same player scoring its second pass in `deals` deals in four-player hidden games.
    #[cfg(test)]
    pub(crate) fn with_second_samples(mut self, deals: usize) -> AiPlayer {
        self.budget.second_samples = deals;
        self
    }

    /// The same player without the root's flag safety (`safety::safest_turns`), to show what it
    /// changes.
    #[cfg(test)]
    pub(crate) fn without_flag_safety(mut self) -> AiPlayer {
        self.flag_safety = false;
        self
    }

    /// The same player weighing its hidden-mode deals by formation (as hard does).
    #[cfg(test)]
    pub(crate) fn with_usual_formations(mut self) -> AiPlayer {
        self.budget.usual_formations = true;
        self
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The belief about the enemy's pieces (hidden mode).
    pub fn belief(&self) -> &Belief {
        &self.belief
    }

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
        let mut done: Option<Vec<i64>> = None;
        for depth in 1..=ASSESS_DEPTH.min(self.budget.max_depth.max(1) as i32) {
            let mut sums = vec![0i64; cands.len()];
            let mut stopped = false;
            for pos in &samples {
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
                for (sum, sc) in sums.iter_mut().zip(scores) {
                    *sum += sc.clamp(-5000, 5000) as i64;
                }
            }
            if stopped {
                break;
            }
            done = Some(sums);
        }
        let sums = done?;
        let n = samples.len().max(1) as i64;
        let best_score = (sums[0] / n) as i32;
        let played_score = (sums[sums.len() - 1] / n) as i32;
        Some(Assessment {
            best,
            best_score,
            played_score,
        })
    }

    /// The positions `assess` scores turns in: the view itself (open mode), or `Budget::samples`
    /// deals of what the view does not show (`deals`).
    fn assessment_samples(
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

    /// `k` deals of what `view` does not show, each the view filled in: hidden mode, ranks for
    /// the enemy's unknown pieces from the belief (four players: from the belief about each
    /// other seat, each deal filling only that seat's pieces); flip mode, the face-down pieces
    /// from the pool of unseen ones. Open mode: `k` copies of the view.
    fn deals(
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
    fn safest_turns(&self, view: &View, rules: &Rules, me: Seat, turns: &[Turn]) -> Vec<Turn> {
        let sure = |set: super::belief::RankSet| {
            (set.count_ones() == 1)
                .then(|| super::belief::ranks_in(set).next())
                .flatten()
        };
        let known = super::safety::known_position(view, |n, owner| {
            if !view.mode().hides_identities() {
                return None;
            }
            if view.board().is_four() {
                self.others
                    .iter()
                    .find(|b| b.is_about(owner))
                    .and_then(|b| sure(b.may_be_at(n)))
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
        super::safety::safest_turns(&known, rules, me, turns, (engineers, &cancelled))
    }

    fn reset(&mut self) {
        self.tt.clear();
        self.belief = Belief::default();
        self.others.clear();
        self.pool = FlipPool::default();
        self.recent.clear();
        self.refused.clear();
        self.last_ply = None;
    }

    /// Four players: the beliefs about the other three seats, made on first use.
    fn others_of(&mut self, view: &View) -> &mut Vec<Belief> {
        if self.others.is_empty()
            && let Viewer::Side(me) = view.viewer()
        {
            self.others = view
                .board()
                .seats
                .iter()
                .filter(|&&s| s != me)
                .map(|&s| Belief::about(s))
                .collect();
        }
        &mut self.others
    }

    fn learn(&mut self, report: &TurnReport, after: &View, rules: &Rules) {
        match after.mode() {
            Mode::Hidden if after.board().is_four() => {
                for b in self.others_of(after).iter_mut() {
                    b.observe(report, after, rules);
                }
            }
            Mode::Hidden => self.belief.observe(report, after, rules),
            Mode::Flip => self.pool.observe(report, after),
            Mode::Open => {}
        }
    }

    /// Limits for a search begun now that must end at tick `until` of the turn's clock.
    fn limits(&self, until: u64) -> Limits {
        Limits {
            max_depth: self.budget.max_depth,
            stop: self.clock.stop_at(until),
            cancel: self.cancel.clone(),
        }
    }

    /// Limits for a search of its own running ticks `from` to `to` of the turn beside others
    /// (`Clock::share`).
    fn share_limits(&self, from: u64, to: u64) -> Limits {
        Limits {
            max_depth: self.budget.max_depth,
            stop: self.clock.share(from, to),
            cancel: self.cancel.clone(),
        }
    }

    /// Whether `n` searches run on several threads.
    fn parallel(&self, n: usize) -> bool {
        self.threads > 1 && n > 1
    }

    /// `job` done for deals `0..n` at once on up to `threads` threads, each taking the next deal
    /// not yet taken (so a thread whose deals searched fast takes more of them), all with the
    /// player's one table; the results in deal order.
    fn on_threads<R: Send>(&self, n: usize, job: impl Fn(usize, &Tt) -> R + Sync) -> Vec<R> {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let tt = &self.tt;
        let mut out: Vec<Option<R>> = (0..n).map(|_| None).collect();
        std::thread::scope(|scope| {
            let (job, next) = (&job, &next);
            let workers: Vec<_> = (0..self.threads.min(n))
                .map(|_| {
                    scope.spawn(move || {
                        let mut done = Vec::new();
                        loop {
                            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            if i >= n {
                                break done;
                            }
                            done.push((i, job(i, tt)));
                        }
                    })
                })
                .collect();
            for worker in workers {
                for (i, r) in worker.join().expect("a search thread panicked") {
                    out[i] = Some(r);
                }
            }
        });
        out.into_iter()
            .map(|r| r.expect("every deal searched"))
            .collect()
    }

    /// One position searched on every thread at once over the player's one table (Lazy SMP):
    /// the calling thread runs the search whose answer is used, exactly as on one thread; each
    /// helper runs the same iterative deepening from the same root with killers and history of
    /// its own, the odd ones an iteration ahead, and all of them read and fill the shared table,
    /// so the main search finds much of its tree already searched. Helpers stop when the main
    /// search ends (or at their own stop, or on the cancel flag). The stop: with a node budget
    /// each thread a `threads`-th of the 60% (a turn's nodes about those of one thread); with a
    /// time budget every thread until 60% of the time, as on one thread. What the main search
    /// reads in the table depends on how far the helpers got, so the turn depends on how the
    /// threads were scheduled, a node budget or not.
    fn search_together(
        &mut self,
        pos: &Position,
        turns: &[(Turn, i32)],
        rules: &Rules,
        me: Seat,
        start: u64,
        end: u64,
    ) -> Option<(Turn, i32, u32)> {
        let t = self.threads;
        let at = |f: f64| part_way(start, end, 0.6 * f);
        let limits: Vec<Limits> = (0..t)
            .map(|i| {
                if self.clock.counts_nodes() {
                    self.share_limits(at(i as f64 / t as f64), at((i + 1) as f64 / t as f64))
                } else {
                    self.share_limits(start, at(1.0))
                }
            })
            .collect();
        let halt = AtomicBool::new(false);
        let tt = &self.tt;
        let (found, nodes) = std::thread::scope(|scope| {
            let helpers: Vec<_> = limits[1..]
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let (l, halt) = (l.clone(), &halt);
                    scope.spawn(move || {
                        let mut s = Search::new(rules, tt, l, me).helper(halt, (i as u32 + 1) % 2);
                        s.iterate(pos, turns);
                        s.nodes
                    })
                })
                .collect();
            let mut s = Search::new(rules, tt, limits[0].clone(), me);
            let found = s.iterate(pos, turns);
            halt.store(true, Ordering::Relaxed);
            let helped: u64 = helpers
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .sum();
            (found, s.nodes + helped)
        });
        self.clock.count(nodes);
        found
    }

    /// Penalty for turns that undo or repeat recent ones (a shuffling player only draws), and for
    /// a big piece's attack on an unknown piece that may well be a mine or a bomb (`risk`).
    fn penalty(&self, t: Turn) -> i32 {
        let Turn::Move { from, to } = t else { return 0 };
        let mut pen = self.risk.iter().find(|r| r.0 == t).map_or(0, |r| r.1);
        for (i, r) in self.recent.iter().rev().enumerate() {
            if let Turn::Move { from: f, to: tt } = *r {
                if i < 2 && f == to && tt == from {
                    pen += 12;
                }
                if f == from && tt == to {
                    pen += 6;
                }
            }
        }
        pen
    }

    /// Search several sampled positions and pick the turn with the best average score: each of
    /// the first `Budget::samples` positions votes for its own best turn, and the leading turns
    /// are then scored in every position given (there may be more: `Budget::second_samples`).
    /// The decision ends at tick `end` of the turn's clock (time or nodes).
    fn decide(
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
    fn score_in_samples(
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

    fn choose_open(
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

    fn choose_hidden(
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
        if !view.board().is_four() {
            self.risk = self.risky_attacks(view, rules, me, turns);
        }
        let setups = self.deals(view, rules, me, k.max(1), rng);
        let samples: Vec<Position> = setups.iter().map(Position::stand_in).collect();
        self.decide(&samples, turns, rules, me, end).map(|x| x.0)
    }

    /// The risk of the unknown (two players, hidden mode): each turn in which our marshal or
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
        if !self.belief.is_started() {
            self.belief.start(view, rules, me);
        }
        let belief = &self.belief;
        attacks
            .into_iter()
            .filter_map(|(t, rank, to)| {
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

    fn choose_flip(
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
    fn best_flip(
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

/// What `AiPlayer::assess` thinks of a turn played: its own preferred turn, and the scores of
/// that turn and of the one played, from the mover's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Assessment {
    pub best: Turn,
    pub best_score: i32,
    pub played_score: i32,
}

/// The deepest `AiPlayer::assess` scores at.
const ASSESS_DEPTH: i32 = 3;

/// The deepest second pass (hard only; see `Budget::deepen`).
const MAX_SECOND_DEPTH: i32 = 8;

/// The depth at which the second pass scores the leading turns in every sample: the least depth
/// the first pass completed in a sample (at most 4). A sample whose search ended early on a certain
/// win or loss (it sees a flag taken) says nothing about the depth the time allows and is left
/// out: counted, one such sample in ten made hard's final choice a one-turn look in four-player
/// hidden games.
fn second_pass_depth(first_pass: &[(i32, u32)]) -> i32 {
    first_pass
        .iter()
        .filter(|(score, _)| score.abs() < super::search::WIN - 1000)
        .map(|&(_, depth)| depth)
        .min()
        .unwrap_or(1)
        .clamp(1, 4) as i32
}

/// Four players: the view as a setup (unknown pieces as lieutenants, the players who are out).
pub fn setup_four(view: &View) -> Setup {
    view.proxy_setup()
}

/// The complete position an open-mode view shows (every piece known).
pub fn open_position(view: &View, rules: &Rules) -> Position {
    let mut setup = Setup::empty(view.board());
    for (i, s) in view.cells().iter().enumerate() {
        setup.cells[i] = match *s {
            Seen::Known(p) => Some(p),
            Seen::Empty => None,
            // Not in open mode; keep the square occupied all the same.
            Seen::Unknown(side) => Some(Piece::new(side, Rank::Lieutenant)),
            Seen::FaceDown => Some(Piece::face_down(Seat::Red, Rank::Lieutenant)),
        };
    }
    setup.mover = view.mover();
    setup.quiet = view.quiet();
    setup.ply = view.ply();
    Position::new(setup, rules).unwrap_or_else(|_| proxy(view))
}

impl Player for AiPlayer {
    fn name(&self) -> &'static str {
        match self.level {
            Level::Easy => "ai:easy",
            Level::Normal => "ai:normal",
            Level::Hard => "ai:hard",
        }
    }

    fn choose(&mut self, view: &View, rules: &Rules, rng: &mut SplitMix64) -> Option<Turn> {
        self.clock = Clock::start(self.allowance);
        let end = self.clock.end();
        if self.last_ply.is_some_and(|p| view.ply() < p) {
            // A new game (or an undo): start over.
            self.reset();
        }
        self.rules = Some(rules.clone());
        for (report, after) in std::mem::take(&mut self.pending) {
            self.learn(&report, &after, rules);
        }
        self.last_ply = Some(view.ply());
        let me = match (view.viewer(), view.mover()) {
            (Viewer::Side(s), _) => s,
            (Viewer::Referee, Mover::Side(s)) => s,
            (Viewer::Referee, Mover::Player(_)) => Seat::Red,
        };
        if self.refused_ply != view.ply() {
            self.refused.clear();
            self.refused_ply = view.ply();
        }
        self.risk.clear();
        let mut turns = view.candidate_turns(rules);
        turns.retain(|t| !self.refused.contains(t));
        if view.mode().hides_identities() && view.mover().side() == Some(me) {
            // Propose only turns the referee cannot refuse: no attack on an unknown piece that
            // may be the flag unless the flag rules let this piece take it now. (If nothing else
            // is left, the attempt is allowed: a refusal is public and the turn is not spent.)
            let flag = super::belief::bit(Rank::Flag);
            let sure: Vec<Turn> = if view.board().is_four() {
                for b in self.others_of(view).iter_mut() {
                    if !b.is_started() {
                        b.start(view, rules, me);
                    }
                }
                let others = &self.others;
                turns
                    .iter()
                    .copied()
                    .filter(|&t| {
                        !view.may_be_refused(rules, t, |n| {
                            let Seen::Unknown(owner) = view.at(n) else {
                                return true;
                            };
                            others
                                .iter()
                                .filter(|b| b.is_about(owner))
                                .all(|b| b.may_be_at(n) & flag != 0)
                        })
                    })
                    .collect()
            } else {
                if !self.belief.is_started() {
                    self.belief.start(view, rules, me);
                }
                let belief = &self.belief;
                turns
                    .iter()
                    .copied()
                    .filter(|&t| {
                        !view.may_be_refused(rules, t, |n| belief.may_be_at(n) & flag != 0)
                    })
                    .collect()
            };
            if !sure.is_empty() {
                turns = sure;
            }
        }
        if turns.len() <= 1 {
            return turns.first().copied();
        }
        if self.flag_safety && view.mover().side() == Some(me) && view.mode() != Mode::Flip {
            turns = self.safest_turns(view, rules, me, &turns);
            if turns.len() <= 1 {
                return turns.first().copied();
            }
        }
        let choice = match (view.mode(), view.mover()) {
            // Flip mode before colours: only flips, and nothing is known yet to prefer one.
            (_, Mover::Player(_)) => rng.choose(&turns).copied(),
            (Mode::Open, _) => self.choose_open(view, rules, me, &turns, end),
            (Mode::Hidden, _) => self.choose_hidden(view, rules, me, &turns, rng, end),
            (Mode::Flip, _) => self.choose_flip(view, rules, me, &turns, rng, end),
        };
        let choice = choice
            .filter(|t| turns.contains(t))
            .or_else(|| rng.choose(&turns).copied());
        if let Some(t) = choice {
            self.recent.push(t);
            if self.recent.len() > 8 {
                self.recent.remove(0);
            }
        }
        choice
    }

    fn refused(&mut self, turn: Turn) {
        self.refused.push(turn);
        // In hidden mode only an attack on the flag is refused (a flag rule): the target is the flag.
        if let Turn::Move { to, .. } = turn {
            self.belief.learn_flag_at(to);
            for b in &mut self.others {
                b.learn_flag_at(to);
            }
        }
    }

    fn observe(&mut self, report: &TurnReport, view_after: &View) {
        if self.last_ply.is_some_and(|p| view_after.ply() <= p) {
            self.reset();
        }
        match self.rules.clone() {
            Some(rules) => self.learn(report, view_after, &rules),
            // Before the first choice (the opponent moved first): keep it until the rules are
            // known. At most a few reports wait, and only until our first turn.
            None => {
                if self.pending.len() < 4 {
                    self.pending.push((report.clone(), view_after.clone()));
                }
            }
        }
    }

    fn thoughts(&self) -> Option<String> {
        Some(format!("nodes {}", self.last_nodes()))
    }

    fn set_cancel(&mut self, flag: Arc<AtomicBool>) {
        self.cancel = Some(flag);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Formation, Game, Start};

    fn open_choice(notation: &str, depth: u32) -> String {
        let rules = Rules::default();
        let pos = Position::from_notation(notation, &rules).unwrap();
        let side = pos.mover().side().unwrap();
        let view = pos.view(&rules, Viewer::Side(side));
        let mut p = AiPlayer::fixed_depth(depth, 1);
        let t = p.choose(&view, &rules, &mut SplitMix64::new(3)).unwrap();
        t.notation(view.board())
    }

    #[test]
    fn second_pass_depth_ignores_samples_that_ended_on_a_win_or_loss() {
        use super::super::search::WIN;
        assert_eq!(second_pass_depth(&[(10, 4), (WIN - 3, 1), (-5, 3)]), 3);
        assert_eq!(second_pass_depth(&[(10, 4), (-(WIN - 7), 2)]), 4);
        assert_eq!(second_pass_depth(&[(10, 6), (12, 5)]), 4, "at most 4");
        assert_eq!(
            second_pass_depth(&[(WIN - 1, 1)]),
            1,
            "only certain results: 1"
        );
        assert_eq!(second_pass_depth(&[]), 1);
    }

    /// Two deals vote for two different flag captures; the third deal, scored only in the second
    /// pass, decides between them.
    #[test]
    fn the_second_pass_counts_the_extra_deals() {
        let rest = "/........../........../........../........../........../........../........../........../........../rF........ r 0 0";
        // Blue's general on c11 answers the captain left beside the flag after the other one's
        // attack (else either attack wins in every deal: the other captain takes the flag next).
        let flag_left = format!("bF......b4/r3..b8..r3{rest}");
        let flag_right = format!("b4......bF/r3..b8..r3{rest}");
        let rules = Rules::default();
        let choice = |third: &str| {
            let deals: Vec<Position> = [&flag_left, &flag_right, third]
                .iter()
                .map(|n| Position::from_notation(n, &rules).unwrap())
                .collect();
            let turns = deals[0].legal_turns(&rules);
            let mut p = AiPlayer::fixed_depth(1, 2).with_second_samples(3);
            let end = p.clock.end();
            let (t, _) = p.decide(&deals, &turns, &rules, Seat::Red, end).unwrap();
            t.notation(deals[0].board())
        };
        assert_eq!(choice(&flag_left), "a11-a12");
        assert_eq!(choice(&flag_right), "e11-e12");
    }

    #[test]
    fn a_time_per_turn_replaces_the_levels() {
        let p = AiPlayer::new(Level::Hard);
        assert_eq!(p.allowance, Allowance::Time(Duration::from_millis(1500)));
        let p = p.with_time(Duration::from_millis(300));
        assert_eq!(p.allowance, Allowance::Time(Duration::from_millis(300)));
        assert_eq!(p.clock.end(), 300_000_000);
        let p = AiPlayer::new(Level::Normal).with_time(Duration::ZERO);
        assert_eq!(p.allowance, Allowance::Time(Duration::from_millis(1)));
    }

    #[test]
    fn takes_a_free_piece_and_the_flag() {
        let free = "bF......../........../........../....b9..../........../....b7..../....r8..../........../........../........../........../rF........ r 0 0";
        assert_eq!(open_choice(free, 3), "c6-c7");
        let flag = "bF......../r3b9......../........../........../........../........../........../........../........../........../........../rF........ r 0 0"
            .replace("r3b9........", "r3b9......");
        assert_eq!(open_choice(&flag, 3), "a11-a12");
    }

    #[test]
    fn suggestions_are_the_choice_first_then_other_legal_turns() {
        let free = "bF......../........../........../....b9..../........../....b7..../....r8..../........../........../........../........../rF........ r 0 0";
        let rules = Rules::default();
        let pos = Position::from_notation(free, &rules).unwrap();
        let view = pos.view(&rules, Viewer::Side(Seat::Red));
        let mut p = AiPlayer::fixed_depth(3, 1);
        let hints = p.suggest(&view, &rules, &mut SplitMix64::new(3), 3);
        let names: Vec<String> = hints.iter().map(|t| t.notation(view.board())).collect();
        assert_eq!(names.len(), 3, "{names:?}");
        assert_eq!(names[0], "c6-c7", "the computer's own choice first");
        assert!(names[1] != names[0] && names[2] != names[0] && names[1] != names[2]);
        let legal = view.candidate_turns(&rules);
        assert!(hints.iter().all(|t| legal.contains(t)));
        // Nothing is left behind: the same player chooses as before.
        let t = p.choose(&view, &rules, &mut SplitMix64::new(3)).unwrap();
        assert_eq!(t.notation(view.board()), "c6-c7");
    }

    #[test]
    fn marshal_does_not_walk_into_a_known_bomb() {
        // Red marshal on c6 faces a Blue bomb on c7; it must do anything else.
        let pos = "bF......../........../........../....b4..../........../....bB..../....r9..../........../........../........../........../rF........ r 0 0";
        for depth in [1, 2, 3] {
            assert_ne!(open_choice(pos, depth), "c6-c7", "depth {depth}");
        }
    }

    #[test]
    fn engineer_digs_the_mine_before_the_flag() {
        // Blue's flag on b12 behind mines on a12, c12 and b11. Red's engineer on a4 can fly to
        // b11 and dig; a colonel on d11 could only die on c12.
        let pos = "bMbFbM..../..bM..r5../........../....b2..../........../........../........../........../r1......../........../........../..rF...... r 0 0";
        assert_eq!(open_choice(pos, 4), "a4-b11");
    }

    fn hidden_game(blue_swap: bool) -> Game {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut rng = SplitMix64::new(42);
        let red = Formation::random(&mut rng, &rules);
        let mut blue = super::super::ai_formation(&mut rng, &rules);
        if blue_swap {
            // Two different truths behind the same view: swap pieces of different ranks.
            let (a, b) = ((2, 1), (3, 5));
            let (ra, rb) = (blue.at(a.0, a.1), blue.at(b.0, b.1));
            assert_ne!(ra, rb);
            blue.set(a.0, a.1, rb);
            blue.set(b.0, b.1, ra);
            let (m, f) = ((4, 1), (5, 5));
            let (rm, rf) = (blue.at(m.0, m.1), blue.at(f.0, f.1));
            blue.set(m.0, m.1, rf);
            blue.set(f.0, f.1, rm);
            assert!(blue.is_valid(&rules), "{:?}", blue.problems(&rules));
        }
        Game::new(rules, Start::formations(&red, &blue)).unwrap()
    }

    /// Play `turn` in both games; each player observes its game's report as Red.
    fn play_in_both(games: &mut [Game; 2], players: &mut [AiPlayer; 2], turn: Turn) {
        for (g, p) in games.iter_mut().zip(players.iter_mut()) {
            let r = g
                .play(turn)
                .unwrap()
                .report
                .clone()
                .expect("a played turn has a report");
            p.observe(&r, &g.view(Viewer::Side(Seat::Red)));
        }
    }

    #[test]
    fn same_view_and_history_same_choice_whatever_the_truth() {
        for guarded in [false, true] {
            let mut games = [hidden_game(false), hidden_game(true)];
            assert_ne!(
                games[0].position().notation(),
                games[1].position().notation()
            );
            let rules = games[0].rules().clone();
            // Deals alike (easy, normal) and weighed by formation (hard).
            let player = || {
                let p = AiPlayer::fixed_depth(2, 3);
                if guarded {
                    p.with_usual_formations()
                } else {
                    p
                }
            };
            let mut players = [player(), player()];
            // Red plays, then Blue steps a piece that moves in both truths; both players observe.
            for _ in 0..2 {
                let views: Vec<View> = games
                    .iter()
                    .map(|g| g.view(Viewer::Side(Seat::Red)))
                    .collect();
                assert_eq!(views[0].cells(), views[1].cells());
                let choices: Vec<Turn> = (0..2)
                    .map(|k| {
                        players[k]
                            .choose(&views[k], &rules, &mut SplitMix64::new(9))
                            .unwrap()
                    })
                    .collect();
                assert_eq!(choices[0], choices[1]);
                let red = choices[0];
                let plain = |g: &Game, t: Turn| matches!(t, Turn::Move { to, .. } if g.position().at(to).is_none());
                if !plain(&games[0], red) {
                    break;
                }
                play_in_both(&mut games, &mut players, red);
                let a = games[0].position().legal_turns(&rules);
                let b = games[1].position().legal_turns(&rules);
                let Some(&blue) = a.iter().find(|t| b.contains(t) && plain(&games[0], **t)) else {
                    break;
                };
                play_in_both(&mut games, &mut players, blue);
            }
        }
    }

    #[test]
    fn plays_whole_games_in_every_mode() {
        for mode in Mode::ALL {
            let rules = Rules::for_mode(mode);
            let start = match mode {
                Mode::Flip => Start::FlipDeal { seed: 4 },
                Mode::Open | Mode::Hidden => {
                    let mut rng = SplitMix64::new(4);
                    let red = super::super::ai_formation(&mut rng, &rules);
                    let blue = super::super::ai_formation(&mut rng, &rules);
                    Start::formations(&red, &blue)
                }
            };
            let mut g = Game::new(rules.clone(), start).unwrap();
            let mut players = [AiPlayer::fixed_depth(1, 2), AiPlayer::fixed_depth(1, 2)];
            let mut rng = SplitMix64::new(1);
            for _ in 0..60 {
                if g.status().is_over() {
                    break;
                }
                let side = match g.position().mover() {
                    Mover::Side(s) => s,
                    Mover::Player(_) => Seat::Red,
                };
                let k = side.index();
                let t = players[k]
                    .choose(&g.view(Viewer::Side(side)), &rules, &mut rng)
                    .expect("a turn while the game goes on");
                let r = g
                    .play(t)
                    .expect("a legal turn")
                    .report
                    .clone()
                    .expect("a played turn has a report");
                for s in Seat::BOTH {
                    players[s.index()].observe(&r, &g.view(Viewer::Side(s)));
                }
            }
        }
    }
}
