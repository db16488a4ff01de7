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

mod assess;
mod decide;
mod flip;
#[cfg(test)]
mod tests;
mod threads;

pub use assess::Assessment;

use super::Player;
use super::belief::{Belief, FlipPool, proxy};
use super::clock::{Allowance, Clock};
use super::search::Tt;
use crate::engine::rng::SplitMix64;
use crate::engine::{
    Mode, Mover, Piece, Position, Rank, Rules, Seat, Seen, Setup, Turn, TurnReport, View, Viewer,
};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
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
    /// Four players, hidden mode: whether the flag's safety lets an unknown enemy piece that may
    /// be a captain or bigger stand in as a captain (`AiPlayer::safest_turns`; off only in tests).
    captain_stand_ins: bool,
    /// This turn's risk penalties (`risky_attacks`): big pieces attacking unknown pieces that may
    /// well be a mine or a bomb.
    risk: Vec<(Turn, i32)>,
}

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
            captain_stand_ins: true,
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

    /// The same player letting unknown enemy pieces stand in as lieutenants in the flag's safety
    /// with four players too, to show what the captains change.
    #[cfg(test)]
    pub(crate) fn with_lieutenant_stand_ins(mut self) -> AiPlayer {
        self.captain_stand_ins = false;
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
