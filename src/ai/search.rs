//! Iterative-deepening alpha-beta over engine positions: move ordering (the transposition-table
//! move, winning clashes by victim and attacker value, killers, history), a transposition table
//! with Zobrist keys, and a quiescence search over clashes. The search runs on a `Position` the
//! player built from its own view (complete in open mode, a sampled determinization otherwise).
//!
//! In flip mode the flips are not searched one by one below the root: a side may "flip somewhere"
//! (a null turn that passes the move and resets the quiet counter); the player weighs real flips at
//! the root by their expected value.

use super::eval::{can_win_by_flag, evaluate, flag_in_check, guard_squares, value};
use crate::engine::board::{MAX_NODES, NodeId};
use crate::engine::play::clash;
use crate::engine::{ClashOutcome, Mover, Piece, Position, Rules, Seat, Status, Turn};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Instant;

mod four;
mod seat_order;

/// A won game is worth this (less the plies it takes).
pub const WIN: i32 = 1_000_000;
const INF: i32 = WIN + 1000;
/// "Flip somewhere" inside the search (flip mode).
pub const NULL_FLIP: Turn = Turn::Flip(u8::MAX);
/// Deepest quiescence (plies of clashes after the horizon).
const QDEPTH: u32 = 6;
/// How much the root side dislikes a draw.
const CONTEMPT: i32 = 25;

/// Where a search stops besides its depth cap: a moment of the wall clock, or a number of nodes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stop {
    /// When the wall clock reaches this moment (checked every 512 nodes).
    At(Instant),
    /// Once the search has searched this many nodes (checked at every node): the search then
    /// depends on nothing but its inputs.
    Nodes(u64),
}

/// When to stop searching.
#[derive(Clone, Debug)]
pub struct Limits {
    pub max_depth: u32,
    /// `None`: only the depth cap and the cancel flag stop the search.
    pub stop: Option<Stop>,
    pub cancel: Option<Arc<AtomicBool>>,
}

struct Zobrist {
    cells: Vec<[u64; 48]>,
    /// Per seat index to move (index 0 hashes as nothing, as before four players).
    seat: [u64; 4],
    /// Per quiet turns left before the quiet limit, while at most `QUIET_KEYED`.
    quiet: [u64; QUIET_KEYED as usize + 1],
}

/// Positions this many quiet turns or fewer from the quiet limit are told apart by the turns
/// left (the table does not give a score searched far from the limit to one near it).
const QUIET_KEYED: u32 = 16;

fn zobrist() -> &'static Zobrist {
    static Z: LazyLock<Zobrist> = LazyLock::new(|| {
        let mut r = crate::engine::rng::SplitMix64::new(0x6A09_E667_F3BC_C908);
        Zobrist {
            cells: (0..MAX_NODES)
                .map(|_| std::array::from_fn(|_| r.next_u64()))
                .collect(),
            seat: [0, r.next_u64(), r.next_u64(), r.next_u64()],
            quiet: std::array::from_fn(|_| r.next_u64()),
        }
    });
    &Z
}

fn piece_index(p: Piece) -> usize {
    (p.rank() as usize - 1) + 12 * p.side().index() + if p.is_face_down() { 24 } else { 0 }
}

/// The Zobrist key of a position in the search: pieces, side to move and, near the quiet limit,
/// the quiet turns left.
pub fn search_hash(pos: &Position, rules: &Rules) -> u64 {
    let left = quiet_left(pos, rules);
    if left <= QUIET_KEYED {
        hash(pos) ^ zobrist().quiet[left as usize]
    } else {
        hash(pos)
    }
}

/// The quiet turns the game has left before the quiet limit ends it: the side to move makes the
/// last one when this is 1 (0: the limit is reached).
pub fn quiet_left(pos: &Position, rules: &Rules) -> u32 {
    rules.quiet_limit.saturating_sub(pos.quiet())
}

/// Whether the quiet limit loses for who reaches it (`quiet_loses`, two players).
pub fn quiet_loses(pos: &Position, rules: &Rules) -> bool {
    rules.quiet_loses && !pos.board().is_four()
}

/// The Zobrist key of a position (pieces and side to move).
pub fn hash(pos: &Position) -> u64 {
    let z = zobrist();
    let mut h = 0;
    for (i, c) in pos.cells().iter().enumerate() {
        if let Some(p) = c {
            h ^= z.cells[i][piece_index(*p)];
        }
    }
    if let Mover::Side(s) = pos.mover() {
        h ^= z.seat[s.index()];
    }
    h
}

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Entry {
    key: u64,
    score: i32,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower bound, 3 upper bound.
    bound: u8,
    from: u8,
    to: u8,
}

impl Entry {
    /// Everything but the key in one word: the score, the depth, the bound and the move.
    fn data(&self) -> u64 {
        (self.score as u32 as u64)
            | (self.depth as u8 as u64) << 32
            | (self.bound as u64) << 40
            | (self.from as u64) << 48
            | (self.to as u64) << 56
    }
    fn from_words(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u32 as i32,
            depth: (data >> 32) as u8 as i8,
            bound: (data >> 40) as u8,
            from: (data >> 48) as u8,
            to: (data >> 56) as u8,
        }
    }
}

/// The transposition table (kept by a player from move to move), shared by the threads of a
/// parallel search without locks: each entry is two `AtomicU64` words, the key XOR the data and
/// the data. Two threads writing one slot at once may leave one's key word beside the other's
/// data word; the key read back (the first word XOR the second) then matches neither position's
/// key and the slot reads as a miss, so a torn entry is never used. Relaxed loads and stores:
/// on x86_64 they are the plain moves an unshared table would use.
pub struct Tt {
    entries: Vec<[AtomicU64; 2]>,
}

/// The bytes of one table entry.
pub const TT_ENTRY_BYTES: usize = std::mem::size_of::<[AtomicU64; 2]>();

impl Tt {
    pub fn new(bits: u32) -> Tt {
        Tt {
            entries: (0..1usize << bits)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }
    /// The largest table of at most `mb` MiB (at least 2^10 entries).
    pub fn with_megabytes(mb: usize) -> Tt {
        Tt::new(bits_for_megabytes(mb))
    }
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }
    fn load(&self, slot: usize) -> Entry {
        let [k, d] = &self.entries[slot];
        let data = d.load(Ordering::Relaxed);
        let key = k.load(Ordering::Relaxed) ^ data;
        Entry::from_words(key, data)
    }
    fn store(&self, slot: usize, e: Entry) {
        let data = e.data();
        let [k, d] = &self.entries[slot];
        k.store(e.key ^ data, Ordering::Relaxed);
        d.store(data, Ordering::Relaxed);
    }
    pub fn clear(&mut self) {
        for [k, d] in &mut self.entries {
            *k.get_mut() = 0;
            *d.get_mut() = 0;
        }
    }
    /// The table holds 2^bits entries.
    pub fn bits(&self) -> u32 {
        self.entries.len().trailing_zeros()
    }
    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * TT_ENTRY_BYTES
    }
}

/// The bits of the largest table of at most `mb` MiB: 2^bits entries of `TT_ENTRY_BYTES` each,
/// at least 2^10 entries (16 KiB) and at most 2^30.
pub fn bits_for_megabytes(mb: usize) -> u32 {
    let entries = (mb.max(1) << 20) / TT_ENTRY_BYTES;
    (usize::BITS - 1 - entries.leading_zeros()).clamp(10, 30)
}

/// A score at least this far from 0 is a won or lost game (`WIN` less the plies to it).
pub const DECIDED: i32 = WIN - 1000;

/// A score as the table keeps it: a won or lost game counted in plies from the node it is stored
/// at, not from the root, so that the same position reached at another ply (another search, a
/// transposition) reads back the true distance to the flag.
fn to_table(score: i32, ply: u32) -> i32 {
    if score >= DECIDED {
        score + ply as i32
    } else if score <= -DECIDED {
        score - ply as i32
    } else {
        score
    }
}

/// A score read from the table at `ply`: the inverse of `to_table`.
fn from_table(score: i32, ply: u32) -> i32 {
    if score >= DECIDED {
        score - ply as i32
    } else if score <= -DECIDED {
        score + ply as i32
    } else {
        score
    }
}

/// A game the search sees decided with best play on both sides: the side it scores for `wins`
/// or loses, at the `plies`-th turn counting the turn scored as the first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Decided {
    pub plies: u32,
    pub wins: bool,
}

/// The end of the game a root turn's score says (a won game scores `WIN − ply` at the ply it is
/// won, the root's turn being ply 1; a lost one the negation): `None` for a score that decides
/// nothing.
pub fn decided_in(score: i32) -> Option<Decided> {
    if score >= DECIDED {
        Some(Decided {
            plies: (WIN - score).max(1) as u32,
            wins: true,
        })
    } else if score <= -DECIDED {
        Some(Decided {
            plies: (WIN + score).max(1) as u32,
            wins: false,
        })
    } else {
        None
    }
}

/// One search: the rules, the table, the limits and counters.
pub struct Search<'a> {
    rules: &'a Rules,
    tt: &'a Tt,
    limits: Limits,
    /// The side the search plays for (draws are scored against it).
    root: Seat,
    pub nodes: u64,
    /// `Stop::Nodes`'s count (the largest count otherwise): from there on every node checks.
    node_cap: u64,
    stopped: bool,
    /// Ignore the stop (the first iteration must finish); cancellation still stops.
    ignore_deadline: bool,
    history: Vec<[i32; MAX_NODES]>,
    killers: [[Option<Turn>; 2]; 64],
    /// A helper of a parallel search (`Search::helper`): stop when this is set too.
    halt: Option<&'a AtomicBool>,
    /// A helper's iterations start this many plies deeper (`Search::helper`).
    skew: u32,
    /// Four players: standing pat lets the next players take what hangs to them
    /// (`Search::stand_four`); off only in tests.
    pass_chain: bool,
}

/// Apply a turn inside the search (the null flip passes the move).
pub fn apply(pos: &mut Position, rules: &Rules, t: Turn) {
    if t == NULL_FLIP {
        pos.pass_turn(true);
    } else {
        pos.play_unchecked_fast(rules, t);
    }
}

/// The legal turns of the search: flips folded into one null flip.
pub fn search_turns(pos: &Position, rules: &Rules, out: &mut Vec<Turn>) -> bool {
    pos.pseudo_turns(rules, out);
    let any = !out.is_empty();
    if rules.mode.deals_face_down() {
        let had = out.iter().any(|t| matches!(t, Turn::Flip(_)));
        out.retain(|t| matches!(t, Turn::Move { .. }));
        if had {
            out.push(NULL_FLIP);
        }
    }
    any
}

/// Whether the score changes sign from a position whose mover is `parent` to one whose mover is
/// `child`: the movers are on different teams (always so for two players; four players may see
/// one team move twice in a row once a player is out, RULES.md 9.1).
fn sign_flips(parent: Mover, child: Mover) -> bool {
    match (parent, child) {
        (Mover::Side(a), Mover::Side(b)) => a.team() != b.team(),
        _ => true,
    }
}

/// Material change for the mover of a clash with a known outcome, and the outcome.
fn clash_gain(pos: &Position, rules: &Rules, from: u8, to: u8) -> Option<(ClashOutcome, i32)> {
    let a = pos.at(from)?;
    let d = pos.at(to)?;
    let (o, _, _) = clash(rules, a, d);
    let va = value(a.rank(), 3, rules.mode);
    let vd = value(d.rank(), 3, rules.mode);
    Some(match o {
        ClashOutcome::FlagTaken => (o, WIN),
        ClashOutcome::DefenderRemoved | ClashOutcome::MineDug => (o, vd),
        ClashOutcome::BothRemoved => (o, vd - va),
        ClashOutcome::AttackerRemoved => (o, -va),
        ClashOutcome::Bounced => (o, -1),
    })
}

impl<'a> Search<'a> {
    pub fn new(rules: &'a Rules, tt: &'a Tt, limits: Limits, root: Seat) -> Search<'a> {
        let node_cap = match limits.stop {
            Some(Stop::Nodes(n)) => n,
            _ => u64::MAX,
        };
        Search {
            rules,
            tt,
            limits,
            root,
            nodes: 0,
            node_cap,
            stopped: false,
            ignore_deadline: false,
            history: vec![[0; MAX_NODES]; MAX_NODES],
            killers: [[None; 2]; 64],
            halt: None,
            skew: 0,
            pass_chain: true,
        }
    }

    /// This search with a four-player stand-pat that is the evaluation alone (tests: what the
    /// pass chain of `Search::stand_four` changes).
    #[cfg(test)]
    pub fn without_pass_chain(mut self) -> Search<'a> {
        self.pass_chain = false;
        self
    }

    /// This search as a helper of a parallel search over a shared table (Lazy SMP): it also
    /// stops when `halt` is set (the main search has finished), and its iterative deepening
    /// starts `skew` plies deeper, so that helpers are not all on the main search's iteration.
    pub fn helper(mut self, halt: &'a AtomicBool, skew: u32) -> Search<'a> {
        self.halt = Some(halt);
        self.skew = skew;
        self
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    fn check_stop(&mut self) {
        if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
            || self.halt.is_some_and(|h| h.load(Ordering::Relaxed))
        {
            self.stopped = true;
        }
        if !self.ignore_deadline {
            match self.limits.stop {
                Some(Stop::At(d)) if Instant::now() >= d => self.stopped = true,
                Some(Stop::Nodes(n)) if self.nodes >= n => self.stopped = true,
                _ => {}
            }
        }
    }

    /// Whether the search must stop: its stop reached (the deadline passed, or the nodes spent)
    /// or the search cancelled.
    pub fn out_of_time(&mut self) -> bool {
        let keep = self.ignore_deadline;
        self.ignore_deadline = false;
        self.check_stop();
        self.ignore_deadline = keep;
        self.stopped
    }

    fn terminal(&self, st: Status, mover: Seat, ply: u32) -> i32 {
        match st {
            Status::Won(s, _) => {
                if s == mover.team() {
                    WIN - ply as i32
                } else {
                    -(WIN - ply as i32)
                }
            }
            _ => {
                if mover.team() == self.root.team() {
                    -CONTEMPT
                } else {
                    CONTEMPT
                }
            }
        }
    }

    fn order(&self, pos: &Position, moves: &mut [Turn], tt_move: Option<Turn>, ply: u32) {
        let killers = self.killers[(ply as usize).min(63)];
        // Under `quiet_loses`, a side that will make the losing quiet turn unless a piece is
        // removed first tries every clash before the quiet moves, even one its attacker loses.
        let left = quiet_left(pos, self.rules);
        let must_clash = left % 2 == 1 && left <= 3 && quiet_loses(pos, self.rules);
        let ties = tie_order(pos);
        let mut keyed: Vec<(i32, (NodeId, NodeId), Turn)> = moves
            .iter()
            .map(|&t| {
                let k = if Some(t) == tt_move {
                    10_000_000
                } else if let Turn::Move { from, to } = t {
                    match clash_gain(pos, self.rules, from, to) {
                        Some((ClashOutcome::FlagTaken, _)) => 9_000_000,
                        Some((ClashOutcome::AttackerRemoved, g)) if must_clash => 600_000 + g,
                        Some((ClashOutcome::AttackerRemoved | ClashOutcome::Bounced, g)) => {
                            -1_000_000 + g
                        }
                        Some((_, g)) => 1_000_000 + 100 * g,
                        None => {
                            if killers.contains(&Some(t)) {
                                500_000
                            } else {
                                self.history[from as usize][to as usize].min(400_000)
                            }
                        }
                    }
                } else {
                    // The null flip: after the killers, before ordinary quiet moves.
                    400_001
                };
                (-k, tie_key(ties, t), t)
            })
            .collect();
        keyed.sort_by_key(|&(k, tie, _)| (k, tie));
        for (m, (_, _, t)) in moves.iter_mut().zip(keyed) {
            *m = t;
        }
    }

    /// The score of `child` for the mover of `parent`, searched with the window (`alpha`, `beta`)
    /// of the parent's mover: negamax between teams, the same window when one team moves again.
    fn child(
        &mut self,
        parent: &Position,
        child: &Position,
        depth: i32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if sign_flips(parent.mover(), child.mover()) {
            -self.node(child, depth, ply, -beta, -alpha)
        } else {
            self.node(child, depth, ply, alpha, beta)
        }
    }

    /// Negamax with alpha-beta; the score is for the side to move (its team).
    pub fn node(&mut self, pos: &Position, depth: i32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 511 == 0 || self.nodes >= self.node_cap {
            self.check_stop();
        }
        if self.stopped {
            return 0;
        }
        let Mover::Side(me) = pos.mover() else {
            return 0;
        };
        let mut moves = Vec::with_capacity(64);
        let any = search_turns(pos, self.rules, &mut moves);
        let st = pos.status_with(self.rules, Some(any));
        if st.is_over() {
            return self.terminal(st, me, ply);
        }
        if depth <= 0 {
            return self.quiesce(pos, ply, alpha, beta, 0);
        }
        let key = search_hash(pos, self.rules);
        let slot = self.tt.slot(key);
        let e = self.tt.load(slot);
        let mut tt_move = None;
        if e.bound != 0 && e.key == key {
            tt_move = Some(if e.from == u8::MAX {
                NULL_FLIP
            } else {
                Turn::Move {
                    from: e.from,
                    to: e.to,
                }
            });
            if e.depth as i32 >= depth && ply > 0 {
                let score = from_table(e.score, ply);
                match e.bound {
                    1 => return score,
                    2 if score >= beta => return score,
                    3 if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        self.order(pos, &mut moves, tt_move, ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for &t in &moves {
            let mut child = *pos;
            apply(&mut child, self.rules, t);
            let s = self.child(pos, &child, depth - 1, ply + 1, alpha, beta);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(t);
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                if let Turn::Move { from, to } = t
                    && pos.at(to).is_none()
                {
                    let k = &mut self.killers[(ply as usize).min(63)];
                    if k[0] != Some(t) {
                        k[1] = k[0];
                        k[0] = Some(t);
                    }
                    self.history[from as usize][to as usize] += depth * depth;
                }
                break;
            }
        }
        let bound = if best <= alpha0 {
            3
        } else if best >= beta {
            2
        } else {
            1
        };
        let (from, to) = match best_move {
            Some(Turn::Move { from, to }) => (from, to),
            _ => (u8::MAX, u8::MAX),
        };
        if e.key != key || depth as i8 >= e.depth || e.bound == 0 {
            self.tt.store(
                slot,
                Entry {
                    key,
                    score: to_table(best, ply),
                    depth: depth as i8,
                    bound,
                    from,
                    to,
                },
            );
        }
        best
    }

    /// Clashes only, until the position is quiet: the side to move may stand pat — unless its
    /// flag is attacked (an enemy piece could take it next), when every turn is tried (the flag
    /// is saved or the game lost). Moves that attack the enemy flag's guard squares are tried at
    /// the first level even when quiet (an engineer landing beside the HQ), and never pruned.
    pub fn quiesce(&mut self, pos: &Position, ply: u32, mut alpha: i32, beta: i32, qd: u32) -> i32 {
        self.nodes += 1;
        if self.nodes & 511 == 0 || self.nodes >= self.node_cap {
            self.check_stop();
        }
        if self.stopped {
            return 0;
        }
        let Mover::Side(me) = pos.mover() else {
            return 0;
        };
        if can_win_by_flag(pos, self.rules, me) {
            return WIN - ply as i32 - 1;
        }
        let in_check = qd <= QDEPTH && flag_in_check(pos, self.rules, me);
        if in_check {
            return self.evade(pos, ply, alpha, beta, qd);
        }
        // At the quiet limit's last turn a quiet move ends the game (a loss under `quiet_loses`,
        // else a draw): standing pat is that end, and every clash that removes a piece is tried.
        let left = quiet_left(pos, self.rules);
        let last_quiet = left <= 1;
        let stand = if !last_quiet {
            if pos.board().is_four() {
                let s = self.stand_four(pos, ply, (alpha, beta), qd, 0);
                if self.stopped {
                    return 0;
                }
                s
            } else {
                evaluate(pos, self.rules, me)
            }
        } else if left == 0 {
            return self.terminal(Status::Draw(crate::engine::EndReason::QuietLimit), me, ply);
        } else if quiet_loses(pos, self.rules) {
            -(WIN - ply as i32 - 1)
        } else {
            self.terminal(Status::Draw(crate::engine::EndReason::QuietLimit), me, ply)
        };
        if stand >= beta || qd >= QDEPTH {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = Vec::with_capacity(64);
        pos.pseudo_turns(self.rules, &mut moves);
        // The enemy flags' guard squares: a piece there may take the flag next.
        let mut guards = crate::engine::board::NodeSet::EMPTY;
        for &e in pos.board().seats {
            if e.team() != me.team() {
                guards |= guard_squares(pos, e);
            }
        }
        let mut caps: Vec<(i32, bool, Turn)> = moves
            .iter()
            .filter_map(|&t| {
                let Turn::Move { from, to } = t else {
                    return None;
                };
                let near = guards.contains(to);
                let Some((o, g)) = clash_gain(pos, self.rules, from, to) else {
                    // A quiet move onto a guard square, at the first level only.
                    return (near && qd == 0).then_some((0, true, t));
                };
                match o {
                    ClashOutcome::Bounced => None,
                    _ if last_quiet => Some((g, true, t)),
                    ClashOutcome::AttackerRemoved => None,
                    ClashOutcome::BothRemoved if g < -5 && !near => None,
                    _ => Some((g, near, t)),
                }
            })
            .collect();
        let ties = tie_order(pos);
        caps.sort_by_key(|&(g, _, t)| (-g, tie_key(ties, t)));
        for (g, near, t) in caps {
            if g >= WIN {
                return WIN - ply as i32 - 1;
            }
            // Delta pruning: even winning this clash cannot lift the score to alpha (a move onto
            // a guard square may threaten the flag: never pruned).
            if !near && stand + g + 40 < alpha {
                continue;
            }
            let mut child = *pos;
            child.play_unchecked_fast(self.rules, t);
            let s = self.quiet_child(pos, &child, me, ply, alpha, beta, qd);
            if self.stopped {
                return 0;
            }
            if s >= beta {
                return s;
            }
            alpha = alpha.max(s);
        }
        alpha
    }

    /// The score of a quiescence child for the mover of `pos`.
    #[allow(clippy::too_many_arguments)]
    fn quiet_child(
        &mut self,
        pos: &Position,
        child: &Position,
        me: Seat,
        ply: u32,
        alpha: i32,
        beta: i32,
        qd: u32,
    ) -> i32 {
        let st = child.status_with(self.rules, Some(true));
        if let Status::Won(team, _) = st {
            return if team == me.team() {
                WIN - ply as i32 - 1
            } else {
                -(WIN - ply as i32 - 1)
            };
        }
        if sign_flips(pos.mover(), child.mover()) {
            -self.quiesce(child, ply + 1, -beta, -alpha, qd + 1)
        } else {
            self.quiesce(child, ply + 1, alpha, beta, qd + 1)
        }
    }

    /// Quiescence with the flag attacked: no standing pat, every move is tried (captures of the
    /// attacker first). If none saves the flag the score is the loss the next turn brings.
    fn evade(&mut self, pos: &Position, ply: u32, mut alpha: i32, beta: i32, qd: u32) -> i32 {
        let Mover::Side(me) = pos.mover() else {
            return 0;
        };
        let mut moves = Vec::with_capacity(64);
        search_turns(pos, self.rules, &mut moves);
        moves.retain(|t| matches!(t, Turn::Move { .. }));
        if moves.is_empty() {
            return evaluate(pos, self.rules, me);
        }
        self.order(pos, &mut moves, None, ply);
        let mut best = -INF;
        for t in moves {
            let mut child = *pos;
            child.play_unchecked_fast(self.rules, t);
            let s = self.quiet_child(pos, &child, me, ply, alpha, beta, qd);
            if self.stopped {
                return 0;
            }
            best = best.max(s);
            if s >= beta {
                return s;
            }
            alpha = alpha.max(s);
        }
        best
    }

    /// Score each root turn with a full window at `depth` (for comparing across samples); `pen`
    /// is subtracted from each turn's score (repetition penalties).
    pub fn score_turns(&mut self, pos: &Position, turns: &[Turn], depth: i32) -> Vec<i32> {
        turns
            .iter()
            .map(|&t| {
                let mut child = *pos;
                apply(&mut child, self.rules, t);
                self.child(pos, &child, depth - 1, 1, -INF, INF)
            })
            .collect()
    }

    /// Iterative deepening from the root over `turns` (a subset of the legal turns, each with a
    /// penalty). Returns the best turn, its score and the depth completed.
    pub fn iterate(&mut self, pos: &Position, turns: &[(Turn, i32)]) -> Option<(Turn, i32, u32)> {
        let mut order: Vec<(Turn, i32)> = turns.to_vec();
        {
            let mut ts: Vec<Turn> = order.iter().map(|x| x.0).collect();
            self.order(pos, &mut ts, None, 0);
            order = ts
                .iter()
                .map(|t| *turns.iter().find(|x| x.0 == *t).expect("same turns"))
                .collect();
        }
        let mut result: Option<(Turn, i32, u32)> = None;
        let max_depth = self.limits.max_depth.max(1);
        let first = (1 + self.skew).min(max_depth);
        for depth in first..=max_depth {
            self.ignore_deadline = depth == first;
            let mut alpha = -INF;
            let mut best: Option<(Turn, i32)> = None;
            let mut scored: Vec<(i32, (Turn, i32))> = Vec::with_capacity(order.len());
            for &(t, pen) in &order {
                let mut child = *pos;
                apply(&mut child, self.rules, t);
                let s = self.child(pos, &child, depth as i32 - 1, 1, alpha + pen, INF) - pen;
                if self.stopped {
                    break;
                }
                scored.push((s, (t, pen)));
                if best.is_none_or(|b| s > b.1) {
                    best = Some((t, s));
                    alpha = s;
                }
            }
            self.ignore_deadline = false;
            if self.stopped {
                // A partial iteration counts if its first (previous best) turn was searched and
                // something beat it.
                if let (Some((t, s)), Some(r)) = (best, result)
                    && s > r.1
                {
                    result = Some((t, s, r.2));
                }
                break;
            }
            let (t, s) = best?;
            result = Some((t, s, depth));
            if s.abs() >= WIN - 1000 {
                break;
            }
            // Best first next time; the rest in their scored order.
            scored.sort_by_key(|&(s, _)| -s);
            order = scored.into_iter().map(|(_, x)| x).collect();
            if self.out_of_time() {
                break;
            }
        }
        result
    }
}

/// The order of turns the search cannot tell apart in `pos`: the same for every seat
/// (`seat_order`), so that no seat plays its own habits where the evaluation is indifferent.
/// Each turn's key is `tie_key` of it.
fn tie_order(pos: &Position) -> &'static [NodeId] {
    let seat = match pos.mover() {
        Mover::Side(s) => s,
        Mover::Player(_) => Seat::Red,
    };
    seat_order::places_for(pos.board(), seat)
}

/// A turn's place among equal turns, by the places of `tie_order`.
#[inline]
fn tie_key(places: &[NodeId], t: Turn) -> (NodeId, NodeId) {
    let place = |n| seat_order::place(places, n);
    match t {
        Turn::Move { from, to } => (place(from), place(to)),
        Turn::Flip(n) => (place(n), 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(notation: &str, rules: &Rules, depth: u32) -> String {
        let pos = Position::from_notation(notation, rules).unwrap();
        let tt = Tt::new(14);
        let me = pos.mover().side().unwrap();
        let mut s = Search::new(
            rules,
            &tt,
            Limits {
                max_depth: depth,
                stop: None,
                cancel: None,
            },
            me,
        );
        let mut moves = Vec::new();
        search_turns(&pos, rules, &mut moves);
        let turns: Vec<(Turn, i32)> = moves.iter().map(|&t| (t, 0)).collect();
        let (t, _, _) = s.iterate(&pos, &turns).unwrap();
        t.notation(pos.board())
    }

    #[test]
    fn takes_a_free_piece() {
        let rules = Rules::default();
        // Red general on c6 can take Blue's undefended major general on c7. (Red's flag is
        // guarded by mines: unguarded, Blue's marshal would take it in three turns whatever Red
        // does, and the search sees that.)
        let pos = "bF......../........../........../........../.....b9.../....b7..../....r8..../........../........../........../rM......../rFrM...... r 0 0";
        let pos = pos.replace(".....b9...", "........b9");
        assert_eq!(best(&pos, &rules, 3), "c6-c7");
    }

    #[test]
    fn takes_the_flag_in_one() {
        let rules = Rules::default();
        let pos = "bF......../r3...b9..../........../........../........../........../........../........../........../........../........../rF........ r 0 0";
        let pos = pos.replace("r3...b9....", "r3..b9....");
        assert_eq!(best(&pos, &rules, 4), "a11-a12");
    }

    #[test]
    fn hash_tells_sides_apart() {
        let rules = Rules::default();
        let a = Position::from_notation("bF......../........../........../........../........../........../........../........../........../........../........../rF........ r 0 0", &rules).unwrap();
        let b = Position::from_notation("bF......../........../........../........../........../........../........../........../........../........../........../rF........ b 0 0", &rules).unwrap();
        assert_ne!(hash(&a), hash(&b));
    }

    #[test]
    fn a_table_entry_reads_back_as_written() {
        let tt = Tt::new(10);
        for (score, depth, bound, from, to) in [
            (0, 1, 1, 0, 0),
            (-WIN, 31, 3, u8::MAX, u8::MAX),
            (INF, 127, 2, 128, 7),
            (i32::MIN, -1, 1, 5, 200),
        ] {
            let e = Entry {
                key: 0xDEAD_BEEF_0123_4567 ^ score as u64,
                score,
                depth,
                bound,
                from,
                to,
            };
            let slot = tt.slot(e.key);
            tt.store(slot, e);
            assert_eq!(tt.load(slot), e);
        }
        // An empty slot reads as no entry.
        assert_eq!(Tt::new(10).load(3).bound, 0);
    }

    #[test]
    fn a_torn_entry_reads_as_another_key() {
        // One write's key word beside another's data word (two threads on one slot at once).
        let tt = Tt::new(10);
        let a = Entry {
            key: 0x1111_0000_0000_0005,
            score: 40,
            depth: 3,
            bound: 1,
            from: 1,
            to: 2,
        };
        let b = Entry {
            key: 0x2222_0000_0000_0005,
            score: -7,
            depth: 5,
            bound: 2,
            from: 3,
            to: 4,
        };
        tt.store(5, a);
        tt.entries[5][1].store(b.data(), Ordering::Relaxed);
        let torn = tt.load(5);
        assert_ne!(torn.key, a.key);
        assert_ne!(torn.key, b.key);
    }

    #[test]
    fn the_table_size_follows_the_megabytes() {
        assert_eq!(TT_ENTRY_BYTES, 16);
        assert_eq!(bits_for_megabytes(4), 18);
        assert_eq!(bits_for_megabytes(64), 22);
        assert_eq!(bits_for_megabytes(100), 22);
        assert_eq!(bits_for_megabytes(0), 16);
        assert_eq!(bits_for_megabytes(1), 16);
        assert_eq!(Tt::with_megabytes(16).bytes(), 16 << 20);
        assert_eq!(bits_for_megabytes(usize::MAX >> 20), 30);
    }

    /// Two searches of one position over one table at once (the helper of a parallel search)
    /// find the turn one search finds, and the helper stops when told to.
    #[test]
    fn a_helper_shares_the_table_and_stops_when_halted() {
        let rules = Rules::default();
        let pos = "bF......../r3...b9..../........../........../........../........../........../........../........../........../........../rF........ r 0 0";
        let pos =
            Position::from_notation(&pos.replace("r3...b9....", "r3..b9...."), &rules).unwrap();
        let tt = Tt::new(14);
        let me = pos.mover().side().unwrap();
        let mut moves = Vec::new();
        search_turns(&pos, &rules, &mut moves);
        let turns: Vec<(Turn, i32)> = moves.iter().map(|&t| (t, 0)).collect();
        let halt = AtomicBool::new(false);
        let limits = Limits {
            max_depth: 4,
            stop: None,
            cancel: None,
        };
        let found = std::thread::scope(|scope| {
            let helper = scope.spawn(|| {
                let deep = Limits {
                    max_depth: 60,
                    ..limits.clone()
                };
                let mut s = Search::new(&rules, &tt, deep, me).helper(&halt, 1);
                s.iterate(&pos, &turns);
                s.stopped()
            });
            let mut s = Search::new(&rules, &tt, limits.clone(), me);
            let found = s.iterate(&pos, &turns);
            halt.store(true, Ordering::Relaxed);
            // The helper either finished (a flag taken ends its deepening) or was halted.
            let _ = helper.join().unwrap();
            found
        });
        let (t, _, _) = found.unwrap();
        assert_eq!(t.notation(pos.board()), "a11-a12");
    }
}
