//! What the computer believes about pieces it cannot see.
//!
//! Hidden mode: every enemy piece is tracked by identity as it moves, with the set of ranks it may
//! still be. The set starts from the deployment rules (flag in an HQ, mines in the last two lines,
//! bombs not in line 1) and shrinks with movement (a piece that moved is no mine or flag; one that
//! went where a plain piece could not is an engineer, or a bomb with `flying bombs`), with every
//! clash outcome (each rank is tried against the engine's own clash rule with our known piece), with
//! a flag shown after a marshal falls, and with pieces revealed on the board. Sampling then deals
//! full identities consistent with all of it and with the counts of each rank (the removed pieces
//! take their share too).
//!
//! Flip mode: the face-down pieces are a random deal from the pieces not yet seen; what left the
//! board is counted from the public reports.
//!
//! Everything here is learned from the player's own views and the public turn reports.

use super::formation::{guard_squares, usual_ranks};
use crate::engine::board::NodeId;
use crate::engine::play::clash;
use crate::engine::rng::SplitMix64;
use crate::engine::{
    ClashOutcome, Mover, Piece, Position, Rank, Rules, Seat, Seen, Turn, TurnReport, View,
};

use crate::engine::rank_set::augment;
pub use crate::engine::rank_set::{ALL_RANKS, RankSet, bit, ranks_in};

/// How much more usual a formation is for each mine beside its flag's HQ (`Belief::samples`).
/// About what the computer's own formations show (nearly always three guards, where mines
/// spread evenly over the last two lines would put one or two there), and what players are taught:
/// strong enough to point at the flag once mines are found, mild enough that a formation without
/// guards is still dealt.
pub const GUARD_FACTOR: f64 = 3.0;

/// The least factor one revealed piece changes the odds of "deploys like the computer" by
/// (`Belief::likeness`).
const MIN_RATIO: f64 = 0.1;

/// `Belief::likeness` stays within these: no number of revealed pieces makes it sure.
const LIKENESS_BOUNDS: (f64, f64) = (0.05, 0.95);

/// How many deals are made for each one kept when deals are weighed (`Belief::samples`).
pub const GUARD_POOL: usize = 8;

/// One enemy piece, followed through the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tracked {
    /// Where it stands; `None` once removed.
    pub node: Option<NodeId>,
    /// The ranks it may be.
    pub may_be: RankSet,
    pub moved: bool,
    /// Where it stood when the belief started (for a mine or the flag, which never move: where
    /// it was deployed); `None` for a piece picked up again later.
    pub origin: Option<NodeId>,
    /// It attacked with its first move, or within the game's first `BOLD_PLIES` plies: a piece
    /// thrown at the enemy at once is most often a big one (`BOLD_WEIGHT`).
    pub bold: bool,
    /// It stepped, with no clash, to where it could attack a piece of mine that only a bomb
    /// could remove (my marshal once the enemy's is gone): most often it is that bomb
    /// (`STALKER_WEIGHT`).
    pub stalker: bool,
}

/// An attack, or a move into the enemy's half, within this many plies of the start makes the
/// piece bold.
pub const BOLD_PLIES: u32 = 12;

/// How much likelier each rank is, by `Rank as usize`, for a bold piece (one that attacked with
/// its first move or early in the game, or moved into the enemy's half early): the marshal and the general charge, small pieces seldom
/// do.
const BOLD_WEIGHT: [u64; 13] = {
    let mut w = [1; 13];
    w[Rank::Marshal as usize] = 6;
    w[Rank::General as usize] = 4;
    w[Rank::MajorGeneral as usize] = 2;
    w
};

/// How much likelier each rank is, by `Rank as usize`, for a stalker (`Tracked::stalker`): a
/// piece that walks up to a piece of mine that beats every rank it may be but the bomb is that
/// bomb about half of the time (counted in hard's games against the `charger`: 24 of the 47
/// pieces that stepped beside hard's marshal once the charger's was gone), where the counts
/// alone give a bomb one time in six to ten.
const STALKER_WEIGHT: [u64; 13] = {
    let mut w = [1; 13];
    w[Rank::Bomb as usize] = 6;
    w
};

/// The hidden-mode belief about the enemy's 25 pieces.
#[derive(Clone, Debug, Default)]
pub struct Belief {
    me: Option<Seat>,
    /// The player this belief is about (two players: the enemy, `me.opponent()`; four players: one
    /// of the other three, partner included when its pieces are hidden).
    about: Option<Seat>,
    pub pieces: Vec<Tracked>,
    /// My last view's cells (to know my own piece in a clash and to judge reachability).
    last: Option<View>,
}

/// The ranks the deployment rules allow on `n` for `side`.
fn deploy_mask(view: &View, rules: &Rules, side: Seat, n: NodeId) -> RankSet {
    let Some((line, col)) = view.board().owner_coords(side, n) else {
        return ALL_RANKS;
    };
    ranks_in(ALL_RANKS)
        .filter(|&r| rules.may_deploy(r, line, col))
        .fold(0, |m, r| m | bit(r))
}

/// A stand-in position of a view (the engine's `View::proxy`): only for questions of reachability.
pub fn proxy(view: &View) -> Position {
    view.proxy()
}

impl Belief {
    /// A belief about `seat`'s pieces (four players: one per other seat).
    pub fn about(seat: Seat) -> Belief {
        Belief {
            about: Some(seat),
            ..Belief::default()
        }
    }

    /// The seat this belief is about, once known (`None` only for a two-player belief held by
    /// a four-player seat, which faces two opponents: those are made with `about`).
    fn enemy(&self, me: Seat) -> Option<Seat> {
        self.about.or_else(|| me.opponent())
    }

    /// Whether this belief is about `seat`'s pieces (a two-player belief is about the enemy).
    pub fn is_about(&self, seat: Seat) -> bool {
        match (self.about, self.me) {
            (Some(a), _) => a == seat,
            (None, Some(me)) => me != seat,
            (None, None) => true,
        }
    }

    pub fn is_started(&self) -> bool {
        self.me.is_some()
    }

    fn at(&self, n: NodeId) -> Option<usize> {
        self.pieces.iter().position(|t| t.node == Some(n))
    }

    /// Start from a view: the enemy pieces where they stand (deployment rules apply at the start;
    /// later, to mines and the flag only, which never move).
    pub fn start(&mut self, view: &View, rules: &Rules, me: Seat) {
        let Some(enemy) = self.enemy(me) else {
            return;
        };
        self.me = Some(me);
        self.pieces.clear();
        for (i, s) in view.cells().iter().enumerate() {
            let n = i as NodeId;
            let mask = match *s {
                Seen::Unknown(side) if side == enemy => {
                    if view.ply() == 0 {
                        deploy_mask(view, rules, enemy, n)
                    } else {
                        // Joined late: the pieces may have moved, but mines and the flag never
                        // do, so they still stand where the deployment rules put them.
                        let fixed = bit(Rank::Mine) | bit(Rank::Flag);
                        (ALL_RANKS & !fixed) | (deploy_mask(view, rules, enemy, n) & fixed)
                    }
                }
                Seen::Known(p) if p.side() == enemy => bit(p.rank()),
                _ => continue,
            };
            self.pieces.push(Tracked {
                node: Some(n),
                may_be: mask,
                moved: false,
                origin: Some(n),
                bold: false,
                stalker: false,
            });
        }
        // Pieces already gone when we start watching (a game joined late).
        while self.pieces.len() < 25 {
            self.pieces.push(Tracked {
                node: None,
                may_be: ALL_RANKS,
                moved: true,
                origin: None,
                bold: false,
                stalker: false,
            });
        }
        self.last = Some(view.clone());
    }

    /// Keep the set of ranks of piece `i` to those passing `keep`, unless that leaves none (which
    /// would mean a house rule this belief does not model: then the knowledge is dropped).
    fn narrow(&mut self, i: usize, keep: impl Fn(Rank) -> bool) {
        let m = ranks_in(self.pieces[i].may_be)
            .filter(|r| keep(*r))
            .fold(0, |m, r| m | bit(r));
        if m != 0 {
            self.pieces[i].may_be = m;
        }
    }

    /// Learn from one turn's public report and the view after it.
    pub fn observe(&mut self, report: &TurnReport, after: &View, rules: &Rules) {
        let Some(Viewer(me)) = viewer_side(after) else {
            return;
        };
        let Some(enemy) = self.enemy(me) else {
            return;
        };
        if !self.is_started() {
            match after.before_opening_turn(report) {
                Some(before) => self.start(&before, rules, me),
                None => {
                    self.start(after, rules, me);
                    return;
                }
            }
        }
        let last = self.last.take().expect("started");
        if let Turn::Move { from, to } = report.turn {
            let by_enemy = report.mover == Mover::Side(enemy);
            if by_enemy {
                if let Some(e) = self.at(from) {
                    let early = after.ply() <= BOLD_PLIES;
                    // A charge: an attack with its first move or early in the game, or an early
                    // move onto a square of my formation (my half, camps aside).
                    let into_my_half = after.board().owner_coords(me, to).is_some();
                    if (report.clash.is_some() && (!self.pieces[e].moved || early))
                        || (early && into_my_half)
                    {
                        self.pieces[e].bold = true;
                    }
                    self.pieces[e].moved = true;
                    self.narrow(e, |r| r.is_movable());
                    if !walker_reaches(&last, rules, enemy, from, to) {
                        self.narrow(e, |r| {
                            r == Rank::Engineer || (r == Rank::Bomb && rules.flying_bombs)
                        });
                    }
                    match (report.clash, last.at(to)) {
                        (None, _) => {
                            self.pieces[e].node = Some(to);
                            if !after.board().is_four() && self.stalks(e, after, rules, me) {
                                self.pieces[e].stalker = true;
                            }
                        }
                        (Some(o), Seen::Known(mine)) => {
                            self.narrow(e, |r| clash(rules, Piece::new(enemy, r), mine).0 == o);
                            self.pieces[e].node = match o {
                                ClashOutcome::DefenderRemoved
                                | ClashOutcome::MineDug
                                | ClashOutcome::FlagTaken => Some(to),
                                ClashOutcome::Bounced => Some(from),
                                ClashOutcome::AttackerRemoved | ClashOutcome::BothRemoved => None,
                            };
                            self.marshal_fell(report, enemy, e);
                        }
                        // A clash with a piece this viewer cannot see (four players: the
                        // partner's or another player's): where the attacker is now, at least.
                        (Some(o), _) => {
                            self.pieces[e].node = match o {
                                ClashOutcome::DefenderRemoved
                                | ClashOutcome::MineDug
                                | ClashOutcome::FlagTaken => Some(to),
                                ClashOutcome::Bounced => Some(from),
                                ClashOutcome::AttackerRemoved | ClashOutcome::BothRemoved => None,
                            };
                        }
                    }
                }
            } else if let (Some(o), Seen::Known(mine)) = (report.clash, last.at(from))
                && let Some(e) = self.at(to)
            {
                self.narrow(e, |r| clash(rules, mine, Piece::new(enemy, r)).0 == o);
                if matches!(
                    o,
                    ClashOutcome::DefenderRemoved
                        | ClashOutcome::MineDug
                        | ClashOutcome::FlagTaken
                        | ClashOutcome::BothRemoved
                ) {
                    self.pieces[e].node = None;
                }
                self.marshal_fell(report, enemy, e);
            }
        }
        for (side, n) in report.flags_revealed() {
            if side == enemy
                && let Some(f) = self.at(n)
            {
                self.pieces[f].may_be = bit(Rank::Flag);
            }
        }
        self.sync(after, enemy);
        self.last = Some(after.clone());
    }

    /// Whether enemy piece `e`, where it now stands in `view`, could attack a piece of mine
    /// that every rank it may still be loses to, but the bomb (ranks whose every copy is pinned
    /// on another piece left out: once the enemy's marshal is known gone, my marshal is such a
    /// piece).
    fn stalks(&self, e: usize, view: &View, rules: &Rules, me: Seat) -> bool {
        let (Some(at), Some(enemy)) = (self.pieces[e].node, self.enemy(me)) else {
            return false;
        };
        let may = self.pieces[e].may_be;
        if may & bit(Rank::Bomb) == 0 || may == bit(Rank::Bomb) {
            return false;
        }
        let pinned = |r: Rank| {
            self.pieces
                .iter()
                .enumerate()
                .filter(|&(i, t)| i != e && t.may_be == bit(r))
                .count()
                >= r.count() as usize
        };
        let others: Vec<Rank> = ranks_in(may)
            .filter(|&r| r != Rank::Bomb && !pinned(r))
            .collect();
        let targets = walker_destinations(view, rules, enemy, at);
        targets.into_iter().any(|n| match view.at(n) {
            Seen::Known(mine) if mine.side() == me => others.iter().all(|&r| {
                clash(rules, Piece::new(enemy, r), mine).0 == ClashOutcome::AttackerRemoved
            }),
            _ => false,
        })
    }

    /// The enemy's flag was shown this turn: its marshal fell, and piece `e` was the one removed.
    fn marshal_fell(&mut self, report: &TurnReport, enemy: Seat, e: usize) {
        if report.flags_revealed().any(|(s, _)| s == enemy) && self.pieces[e].node.is_none() {
            self.narrow(e, |r| r == Rank::Marshal);
        }
    }

    /// Agree with the view: revealed enemy pieces, and any enemy piece the tracking lost (only
    /// possible if turns were missed) is followed again from where it stands.
    fn sync(&mut self, view: &View, enemy: Seat) {
        for (i, s) in view.cells().iter().enumerate() {
            let n = i as NodeId;
            let known = match *s {
                Seen::Unknown(side) if side == enemy => None,
                Seen::Known(p) if p.side() == enemy => Some(p.rank()),
                _ => {
                    if let Some(t) = self.at(n) {
                        // Our tracking says an enemy is here but the view disagrees.
                        self.pieces[t].node = None;
                    }
                    continue;
                }
            };
            let t = match self.at(n) {
                Some(t) => t,
                None => {
                    // Re-adopt: take a removed slot with the widest set.
                    let Some(t) = self.pieces.iter().position(|p| p.node.is_none()) else {
                        continue;
                    };
                    self.pieces[t] = Tracked {
                        node: Some(n),
                        may_be: ALL_RANKS,
                        moved: true,
                        origin: None,
                        bold: false,
                        stalker: false,
                    };
                    t
                }
            };
            if let Some(r) = known {
                self.pieces[t].may_be = bit(r);
            }
        }
    }

    /// `n` deals of every enemy piece a rank consistent with the belief and the counts (each: the
    /// ranks of the pieces on the board, by node). With `usual`, the deals follow how usual their
    /// formation is rather than dealing every consistent formation alike: each piece's rank is
    /// drawn with the weight its starting square gives that rank in usual formations
    /// (`usual_weights`), and mines guarding the flag weigh the whole deal (`guard_weight`):
    /// `GUARD_POOL` times as many deals as asked for are made, each weighed, and `n` of them drawn
    /// without replacement by weight (Efraimidis–Spirakis keys).
    pub fn samples(&self, n: usize, usual: bool, rng: &mut SplitMix64) -> Vec<Vec<(NodeId, Rank)>> {
        if self.pieces.iter().all(|t| t.node.is_none()) {
            // A player who is out (four players): nothing on the board to deal.
            return vec![Vec::new(); n];
        }
        if !usual {
            return (0..n)
                .map(|_| self.on_board(self.deal(rng, None)))
                .collect();
        }
        let like = self.likeness();
        let prior = self.usual_weights(like);
        let mut keyed: Vec<(f64, Vec<Option<Rank>>)> = (0..n * GUARD_POOL)
            .map(|_| {
                let deal = self.deal(rng, Some(&prior));
                let w = self.guard_weight(&deal, like);
                // u^(1/w) for u uniform in (0, 1]: the largest keys are a weighted draw.
                let u = ((rng.next_u64() >> 11) as f64 + 1.0) / (1u64 << 53) as f64;
                (u.ln() / w, deal)
            })
            .collect();
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
        keyed
            .into_iter()
            .take(n)
            .map(|(_, deal)| self.on_board(deal))
            .collect()
    }

    /// How usual a deal's formation is, by the oldest advice of 布阵: mines guard the flag. Each
    /// mine dealt on a square beside the dealt flag's HQ (left, right or in front, in the owner's
    /// terms) multiplies the weight by `GUARD_FACTOR`. A mine found there — or a piece that moved
    /// from there, so no mine — thus tells which HQ holds the flag, as it tells a player.
    /// The factor is `GUARD_FACTOR` for an opponent as likely to deploy like the computer as
    /// not (`likeness` 0.5), none for one who does not, and `2 × GUARD_FACTOR − 1` for one who
    /// surely does.
    fn guard_weight(&self, deal: &[Option<Rank>], like: f64) -> f64 {
        let coords = |i: usize| self.origin_coords(i);
        let Some((_, flag_col)) = (0..deal.len())
            .find(|&i| deal[i] == Some(Rank::Flag))
            .and_then(coords)
        else {
            return 1.0;
        };
        let guards = (0..deal.len())
            .filter(|&i| deal[i] == Some(Rank::Mine))
            .filter_map(coords)
            .filter(|sq| guard_squares(flag_col).contains(sq))
            .count();
        let factor = 1.0 + 2.0 * like * (GUARD_FACTOR - 1.0);
        factor.powi(guards as i32)
    }

    /// How likely it is, from what this belief has learnt, that the enemy deploys like the
    /// computer (`formation::ai_formation`) rather than anyhow: the chance of the "half like the
    /// computer" of `usual_ranks`, 0.5 before anything is known. Each enemy piece whose rank is
    /// known and whose starting square is known is evidence: the computer puts that rank on that
    /// square `ratio` times as often as a uniform formation (`usual_ranks`' weight `w` is
    /// `50 + 50 × ratio`), so the odds are multiplied by `ratio` (at least `MIN_RATIO`: the
    /// table's sample never saw some placements). The weights so adapt to the opponent: they fade
    /// against a human's formations (pieces found where the computer seldom puts them) and grow
    /// against the computer's own. Kept within `LIKENESS_BOUNDS`: never sure either way.
    pub fn likeness(&self) -> f64 {
        let table = usual_ranks();
        let mut log_odds = 0.0f64;
        for (i, t) in self.pieces.iter().enumerate() {
            if t.may_be.count_ones() != 1 {
                continue;
            }
            let Some((line, col)) = self.origin_coords(i) else {
                continue;
            };
            let Some(r) = ranks_in(t.may_be).next() else {
                continue;
            };
            let w = table[line as usize - 1][col as usize - 1][r as usize] as f64;
            let ratio = ((w - 50.0) / 50.0).max(MIN_RATIO);
            log_odds += ratio.ln();
        }
        let like = 1.0 / (1.0 + (-log_odds).exp());
        like.clamp(LIKENESS_BOUNDS.0, LIKENESS_BOUNDS.1)
    }

    /// For each tracked piece, how usual each rank is on the square it started from
    /// (`formation::usual_ranks`, in hundredths); 100 for every rank of a piece whose start is
    /// not known or not on its owner's arm. Only a weight: the belief's sets and the counts still
    /// decide which ranks a piece may be dealt.
    ///
    /// `like` (`likeness`) mixes the table's two halves anew: at 0.5 the weights are the table's,
    /// at 0 all 100 (every formation alike), towards 1 the computer's own placements
    /// (`100 + 2 × like × (w − 100)`, at least 1).
    fn usual_weights(&self, like: f64) -> Vec<[u32; 13]> {
        let table = usual_ranks();
        (0..self.pieces.len())
            .map(|i| match self.origin_coords(i) {
                Some((line, col)) => table[line as usize - 1][col as usize - 1]
                    .map(|w| (100.0 + 2.0 * like * (w as f64 - 100.0)).round().max(1.0) as u32),
                None => [100; 13],
            })
            .collect()
    }

    /// Where tracked piece `i` started, in its owner's terms (line, column), if known and on the
    /// owner's arm.
    fn origin_coords(&self, i: usize) -> Option<(u8, u8)> {
        let (view, me) = (self.last.as_ref()?, self.me?);
        view.board()
            .owner_coords(self.enemy(me)?, self.pieces[i].origin?)
    }

    /// The dealt ranks of the pieces on the board, by node.
    fn on_board(&self, deal: Vec<Option<Rank>>) -> Vec<(NodeId, Rank)> {
        self.pieces
            .iter()
            .zip(deal)
            .filter_map(|(t, r)| Some((t.node?, r?)))
            .collect()
    }

    /// One rank for every tracked piece (removed ones too), consistent with the sets and counts.
    /// Each piece's rank is drawn in proportion to how many of that rank are left, times the
    /// piece's weight for it in `usual` (from `usual_weights`) when given.
    fn deal(&self, rng: &mut SplitMix64, usual: Option<&[[u32; 13]]>) -> Vec<Option<Rank>> {
        let mut counts = [0u8; 13];
        for r in Rank::ALL {
            counts[r as usize] = r.count();
        }
        // A removed piece was never the flag (the game would be over).
        let masks: Vec<RankSet> = self
            .pieces
            .iter()
            .map(|t| match t.node {
                None if t.may_be != bit(Rank::Flag) => t.may_be & !bit(Rank::Flag),
                _ => t.may_be,
            })
            .collect();
        let mut order: Vec<usize> = (0..masks.len()).collect();
        rng.shuffle(&mut order);
        order.sort_by_key(|&i| masks[i].count_ones());
        let mut assigned: Vec<Option<Rank>> = vec![None; masks.len()];
        let mut strict = feasible(&masks, &assigned, &counts);
        for &i in &order {
            let mut options: Vec<Rank> = ranks_in(if strict { masks[i] } else { ALL_RANKS })
                .filter(|r| counts[*r as usize] > 0)
                .collect();
            if options.is_empty() {
                options = Rank::ALL
                    .into_iter()
                    .filter(|r| counts[*r as usize] > 0)
                    .collect();
            }
            let mut chosen = None;
            // How many of rank `r` are left, times the piece's usual weight for it.
            // What the piece has done makes some ranks likelier (`BOLD_WEIGHT`, `STALKER_WEIGHT`).
            let (bold, stalker) = (self.pieces[i].bold, self.pieces[i].stalker);
            let habit = |on: bool, w: &[u64; 13], r: Rank| if on { w[r as usize] } else { 1 };
            let weight = |counts: &[u8; 13], r: Rank| {
                counts[r as usize] as u64
                    * usual.map_or(1, |u| u[i][r as usize] as u64)
                    * habit(bold, &BOLD_WEIGHT, r)
                    * habit(stalker, &STALKER_WEIGHT, r)
            };
            while !options.is_empty() {
                let total: u64 = options.iter().map(|r| weight(&counts, *r)).sum();
                let mut x = rng.below(total.max(1));
                let mut k = 0;
                for (j, r) in options.iter().enumerate() {
                    let c = weight(&counts, *r);
                    if x < c {
                        k = j;
                        break;
                    }
                    x -= c;
                }
                let r = options[k];
                assigned[i] = Some(r);
                counts[r as usize] -= 1;
                if !strict || feasible(&masks, &assigned, &counts) {
                    chosen = Some(r);
                    break;
                }
                counts[r as usize] += 1;
                assigned[i] = None;
                options.swap_remove(k);
            }
            if chosen.is_none() {
                // Inconsistent knowledge (a rule this belief does not model): deal the rest freely.
                strict = false;
                let r = Rank::ALL
                    .into_iter()
                    .find(|r| counts[*r as usize] > 0)
                    .unwrap_or(Rank::Lieutenant);
                counts[r as usize] = counts[r as usize].saturating_sub(1);
                assigned[i] = Some(r);
            }
        }
        assigned
    }

    /// The chance that the piece on `n` is of rank `r`, by the counts alone: 1 if it surely is,
    /// 0 if it cannot be, else the pieces of that rank not yet pinned on a piece, shared among
    /// the pieces (on the board or removed) that may still be one. Cheap (no deal is made): a
    /// never-moved piece in the last two lines, while mines are left, shares the mines with the
    /// few others there.
    pub fn chance_at(&self, n: NodeId, r: Rank) -> f64 {
        let Some(i) = self.at(n) else {
            return 0.0;
        };
        let b = bit(r);
        let may = self.pieces[i].may_be;
        if may & b == 0 {
            return 0.0;
        }
        if may == b {
            return 1.0;
        }
        let sure = self.pieces.iter().filter(|t| t.may_be == b).count();
        let open = self
            .pieces
            .iter()
            .filter(|t| t.may_be & b != 0 && t.may_be != b)
            .count();
        let left = (r.count() as usize).saturating_sub(sure);
        (left as f64 / open.max(1) as f64).min(1.0)
    }

    /// The referee refused an attack on `n`: only a flag rule does that, so it is the flag.
    pub fn learn_flag_at(&mut self, n: NodeId) {
        if let Some(t) = self.at(n) {
            self.narrow(t, |r| r == Rank::Flag);
        }
    }

    /// The ranks piece on `n` may be (all ranks if it is not tracked).
    pub fn may_be_at(&self, n: NodeId) -> RankSet {
        self.at(n).map_or(ALL_RANKS, |t| self.pieces[t].may_be)
    }
}

struct Viewer(Seat);

fn viewer_side(v: &View) -> Option<Viewer> {
    match v.viewer() {
        crate::engine::Viewer::Side(s) => Some(Viewer(s)),
        crate::engine::Viewer::Referee => None,
    }
}

/// Whether a plain (non-flying) piece of `side` on `from` could have reached `to` in `view`
/// (a piece that could not was an engineer flying round a corner of the railway).
pub fn walker_reaches(view: &View, rules: &Rules, side: Seat, from: NodeId, to: NodeId) -> bool {
    walker_destinations(view, rules, side, from).contains(&to)
}

/// Where a plain (non-flying) piece of `side` on `from` could move in `view`, attacks included.
fn walker_destinations(view: &View, rules: &Rules, side: Seat, from: NodeId) -> Vec<NodeId> {
    let mut setup = view.proxy_setup();
    setup.cells[from as usize] = Some(Piece::new(side, Rank::Lieutenant));
    setup.mover = Mover::Side(side);
    let pos = Position::stand_in(&setup);
    let mut r = rules.clone();
    r.movable_hq = true;
    pos.destinations_from(&r, from)
}

/// Whether the unassigned pieces can still all be given ranks from their sets with `counts` left
/// (a bipartite matching of pieces to the remaining copies of each rank).
fn feasible(masks: &[RankSet], assigned: &[Option<Rank>], counts: &[u8; 13]) -> bool {
    let mut slots: Vec<Rank> = Vec::with_capacity(25);
    for r in Rank::ALL {
        for _ in 0..counts[r as usize] {
            slots.push(r);
        }
    }
    let free: Vec<usize> = (0..masks.len())
        .filter(|&i| assigned[i].is_none())
        .collect();
    if free.len() > slots.len() {
        return false;
    }
    let mut owner: Vec<Option<usize>> = vec![None; slots.len()];
    for &p in &free {
        let mut seen = vec![false; slots.len()];
        if !augment(p, masks, &slots, &mut owner, &mut seen) {
            return false;
        }
    }
    true
}

/// Flip mode: the pieces still face down, as counts by side and rank, learned from the reports.
#[derive(Clone, Debug, Default)]
pub struct FlipPool {
    /// Pieces known to have left the board, by side and rank.
    removed: [[u8; 13]; 2],
    last: Option<View>,
}

fn face_up_counts(view: &View) -> [[u8; 13]; 2] {
    let mut c = [[0u8; 13]; 2];
    for s in view.cells() {
        if let Seen::Known(p) = s {
            c[p.side().index()][p.rank() as usize] += 1;
        }
    }
    c
}

impl FlipPool {
    pub fn observe(&mut self, report: &TurnReport, after: &View) {
        if let Some(before) = &self.last {
            let b = face_up_counts(before);
            let a = face_up_counts(after);
            let mut flipped = [[0u8; 13]; 2];
            if let Some((s, r)) = report.flipped {
                flipped[s.index()][r as usize] += 1;
            }
            for s in 0..2 {
                for r in 0..13 {
                    let gone = (b[s][r] + flipped[s][r]).saturating_sub(a[s][r]);
                    self.removed[s][r] += gone;
                }
            }
        }
        self.last = Some(after.clone());
    }

    /// The face-down pieces' possible identities: every piece not face up and not known removed.
    pub fn unseen(&self, view: &View) -> Vec<Piece> {
        let up = face_up_counts(view);
        let mut out = Vec::new();
        for side in Seat::BOTH {
            for r in Rank::ALL {
                let n = r
                    .count()
                    .saturating_sub(up[side.index()][r as usize])
                    .saturating_sub(self.removed[side.index()][r as usize]);
                for _ in 0..n {
                    out.push(Piece::new(side, r));
                }
            }
        }
        out
    }

    /// Deal the face-down cells of `view` from the unseen pieces. If the record is short (a game
    /// joined late), pieces are drawn from the unseen ones anyway, without replacement.
    pub fn deal(&self, view: &View, rng: &mut SplitMix64) -> Vec<(NodeId, Piece)> {
        let mut pool = self.unseen(view);
        rng.shuffle(&mut pool);
        let down: Vec<NodeId> = (0..view.cells().len())
            .filter(|&i| view.cells()[i] == Seen::FaceDown)
            .map(|i| i as NodeId)
            .collect();
        down.into_iter()
            .zip(
                pool.into_iter()
                    .chain(std::iter::repeat(Piece::new(Seat::Red, Rank::Lieutenant))),
            )
            .map(|(n, p)| (n, p.with_face_down(true)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Formation, Game, Mode, Start, Viewer as V};

    fn hidden_game(seed: u64) -> Game {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut rng = SplitMix64::new(seed);
        let red = Formation::random(&mut rng, &rules);
        let blue = Formation::random(&mut rng, &rules);
        Game::new(rules, Start::formations(&red, &blue)).unwrap()
    }

    /// Red's belief about Blue at the start of hidden game `seed`, with Red's view.
    fn belief_at_start(seed: u64) -> (Belief, View) {
        let g = hidden_game(seed);
        let view = g.view(V::Side(Seat::Red));
        let mut b = Belief::default();
        b.start(&view, g.rules(), Seat::Red);
        (b, view)
    }

    /// Play random turns, keeping Red's belief; after each turn the truth must stay in every set.
    #[test]
    fn belief_always_holds_the_truth() {
        for seed in 0..6 {
            let mut g = hidden_game(seed);
            let rules = g.rules().clone();
            let mut b = Belief::default();
            b.start(&g.view(V::Side(Seat::Red)), &rules, Seat::Red);
            let mut rng = SplitMix64::new(seed);
            for _ in 0..300 {
                if g.status().is_over() {
                    break;
                }
                let legal = g.position().legal_turns(&rules);
                let t = *rng.choose(&legal).unwrap();
                let report = g
                    .play(t)
                    .unwrap()
                    .report
                    .clone()
                    .expect("a played turn has a report");
                if g.status().is_over() {
                    break;
                }
                b.observe(&report, &g.view(V::Side(Seat::Red)), &rules);
                let pos = g.position();
                let mut alive = 0;
                for t in &b.pieces {
                    let Some(n) = t.node else { continue };
                    alive += 1;
                    let p = pos.at(n).expect("tracked piece is there");
                    assert_eq!(p.side(), Seat::Blue);
                    assert!(
                        t.may_be & bit(p.rank()) != 0,
                        "{:?} not in {:b}",
                        p,
                        t.may_be
                    );
                    if t.moved {
                        assert!(p.rank().is_movable());
                        assert!(t.may_be & (bit(Rank::Mine) | bit(Rank::Flag)) == 0);
                    }
                }
                assert_eq!(alive, pos.pieces(Seat::Blue).count());
                // Samples agree with the counts and the sets, dealt alike or as usual.
                for usual in [false, true] {
                    let s = b.samples(1, usual, &mut rng).remove(0);
                    assert_eq!(s.len(), alive);
                    for (n, r) in s {
                        assert!(b.may_be_at(n) & bit(r) != 0);
                    }
                }
            }
        }
    }

    /// Two mines found beside Blue's left HQ (as a clash would show them): weighed deals put the
    /// flag in that HQ far more often than the other; deals all alike do not.
    #[test]
    fn mines_beside_an_hq_point_the_weighed_deals_at_its_flag() {
        let (mut b, view) = belief_at_start(7);
        let coords = |n: NodeId| view.board().owner_coords(Seat::Blue, n).unwrap();
        for i in 0..b.pieces.len() {
            let Some(n) = b.pieces[i].node else { continue };
            if matches!(coords(n), (6, 1) | (5, 2)) {
                b.pieces[i].may_be = bit(Rank::Mine);
            }
        }
        let left_share = |guarded: bool| {
            let mut rng = SplitMix64::new(3);
            let deals = b.samples(400, guarded, &mut rng);
            assert_eq!(deals.len(), 400);
            let left = deals
                .iter()
                .filter(|d| {
                    d.iter()
                        .any(|&(n, r)| r == Rank::Flag && coords(n) == (6, 2))
                })
                .count();
            left as f64 / 400.0
        };
        let alike = left_share(false);
        let weighed = left_share(true);
        assert!((0.35..0.65).contains(&alike), "deals alike: {alike}");
        assert!(weighed > 0.75, "weighed deals: {weighed}");
    }

    /// The weights adapt to the opponent: pieces found where the computer never puts them make
    /// "deploys like the computer" unlikely and the usual weights fade towards every formation
    /// alike; pieces found where it usually puts them make it likely. Before anything is known
    /// the table is used as it is (0.5).
    #[test]
    fn the_usual_weights_adapt_to_the_pieces_found() {
        let (b, view) = belief_at_start(13);
        assert_eq!(b.likeness(), 0.5);
        assert_eq!(b.usual_weights(0.5)[0], {
            let (l, c) = b.origin_coords(0).unwrap();
            usual_ranks()[l as usize - 1][c as usize - 1]
        });
        let table = usual_ranks();
        // Four pieces of the front lines found as the rank the computer puts there least, or
        // most, often.
        let found = |most: bool| {
            let mut b = b.clone();
            let mut k = 0;
            for i in 0..b.pieces.len() {
                let Some(n) = b.pieces[i].node else { continue };
                let (line, col) = view.board().owner_coords(Seat::Blue, n).unwrap();
                if line > 2 || k == 4 {
                    continue;
                }
                let w = &table[line as usize - 1][col as usize - 1];
                let movable = Rank::ALL.into_iter().filter(|r| r.is_movable());
                let r = if most {
                    movable.max_by_key(|r| w[*r as usize])
                } else {
                    movable.min_by_key(|r| w[*r as usize])
                };
                b.pieces[i].may_be = bit(r.unwrap());
                k += 1;
            }
            b
        };
        let human = found(false);
        let computer = found(true);
        assert!(human.likeness() < 0.1, "{}", human.likeness());
        assert!(computer.likeness() > 0.9, "{}", computer.likeness());
        // Against the human the weights are nearly those of every formation alike.
        let w = human.usual_weights(human.likeness());
        assert!(
            w.iter().flatten().all(|&x| (90..=170).contains(&x)),
            "{w:?}"
        );
        assert_eq!(human.usual_weights(0.0)[3], [100; 13]);
    }

    /// At the start, usual deals put Blue's marshal in its front line (where formations usually
    /// have it) and a captain in an HQ far more often than deals all alike; and they still deal
    /// the marshal somewhere unusual now and then (a human's formation is never ruled out).
    #[test]
    fn usual_deals_put_the_marshal_forward() {
        let (b, view) = belief_at_start(11);
        let coords = |n: NodeId| view.board().owner_coords(Seat::Blue, n).unwrap();
        let shares = |usual: bool| {
            let mut rng = SplitMix64::new(5);
            let deals = b.samples(400, usual, &mut rng);
            let count = |f: &dyn Fn(NodeId, Rank) -> bool| {
                deals
                    .iter()
                    .filter(|d| d.iter().any(|&(n, r)| f(n, r)))
                    .count() as f64
                    / 400.0
            };
            (
                count(&|n, r| r == Rank::Marshal && coords(n).0 == 1),
                count(&|n, r| r == Rank::Marshal && coords(n).0 >= 4),
                count(&|n, r| r == Rank::Captain && coords(n).0 == 6 && coords(n).1 % 2 == 0),
            )
        };
        let (front_alike, back_alike, hq_alike) = shares(false);
        let (front, back, hq) = shares(true);
        assert!((0.12..0.3).contains(&front_alike), "alike: {front_alike}");
        assert!(
            front > 2.0 * front_alike,
            "usual {front}, alike {front_alike}"
        );
        assert!(hq > 1.2 * hq_alike, "usual {hq}, alike {hq_alike}");
        assert!(
            back > 0.0 && back < back_alike,
            "usual {back}, alike {back_alike}"
        );
    }

    #[test]
    fn clash_outcome_narrows_the_defender() {
        let rules = Rules::for_mode(Mode::Hidden);
        // Red colonel on c6 attacks the unknown Blue piece on c7 and removes it.
        let pos = Position::from_notation(
            "bF......../........../........../........../........../....b4..../....r5..../........../........../........../........../rF........ r 0 0",
            &rules,
        )
        .unwrap();
        let mut g = Game::new(rules.clone(), Start::Position(pos.notation())).unwrap();
        let mut b = Belief::default();
        b.start(&g.view(V::Side(Seat::Red)), &rules, Seat::Red);
        let c7 = pos.board().node_by_name("c7").unwrap();
        let c6 = pos.board().node_by_name("c6").unwrap();
        let report = g
            .play(Turn::Move { from: c6, to: c7 })
            .unwrap()
            .report
            .clone()
            .expect("a played turn has a report");
        b.observe(&report, &g.view(V::Side(Seat::Red)), &rules);
        let dead = b
            .pieces
            .iter()
            .find(|t| t.node.is_none() && t.may_be != ALL_RANKS)
            .unwrap();
        let expect =
            bit(Rank::Engineer) | bit(Rank::Lieutenant) | bit(Rank::Captain) | bit(Rank::Major);
        assert_eq!(dead.may_be, expect);
    }

    #[test]
    fn a_moved_piece_is_never_a_mine_or_flag_and_a_turn_on_the_rail_makes_an_engineer() {
        let rules = Rules::for_mode(Mode::Hidden);
        let pos = Position::from_notation(
            "bF......../b1b5....../........../........../........../........../........../........../........../........../........../rF..r3.... b 0 0",
            &rules,
        )
        .unwrap();
        let mut g = Game::new(rules.clone(), Start::Position(pos.notation())).unwrap();
        let mut b = Belief::default();
        b.start(&g.view(V::Side(Seat::Red)), &rules, Seat::Red);
        let n = |s: &str| pos.board().node_by_name(s).unwrap();
        // The engineer on a11 flies round the corner to e2 (along file a, rank 2 … no: a11 → a2 → e2).
        let report = g
            .play(Turn::Move {
                from: n("a11"),
                to: n("e2"),
            })
            .unwrap()
            .report
            .clone()
            .expect("a played turn has a report");
        b.observe(&report, &g.view(V::Side(Seat::Red)), &rules);
        assert_eq!(b.may_be_at(n("e2")), bit(Rank::Engineer));
        // The colonel on b11 steps to b10: moved, so no mine or flag.
        let red_turn = g.position().legal_turns(&rules)[0];
        let report = g
            .play(red_turn)
            .unwrap()
            .report
            .clone()
            .expect("a played turn has a report");
        b.observe(&report, &g.view(V::Side(Seat::Red)), &rules);
        let report = g
            .play(Turn::Move {
                from: n("b11"),
                to: n("b10"),
            })
            .unwrap()
            .report
            .clone()
            .expect("a played turn has a report");
        b.observe(&report, &g.view(V::Side(Seat::Red)), &rules);
        let m = b.may_be_at(n("b10"));
        assert_eq!(m & (bit(Rank::Mine) | bit(Rank::Flag)), 0);
        assert_ne!(m & bit(Rank::Colonel), 0);
    }
}
