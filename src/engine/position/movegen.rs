//! Legal turns (RULES.md sections 3 and 6): road steps, rail runs, engineer flights, flips.

use super::{Mover, Position, Turn};
use crate::engine::board::{Narrow, NodeId, NodeKind, NodeSet, Ray, RayOrder};
use crate::engine::piece::{Piece, Rank, Seat};
use crate::engine::rules::{FlagTakers, Rules};

/// Why a turn is not legal: shown to players ("camps are safe"), so phrased for them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IllegalTurn {
    GameOver,
    NoPiece(String),
    NotYourPiece(String),
    FaceDown(String),
    CannotMove {
        square: String,
        rank: Rank,
    },
    FrozenInHq(String),
    OwnPieceThere(String),
    /// Four players: the partner's piece stands there (partners never clash).
    PartnerPieceThere(String),
    CampOccupied(String),
    CampIsSafe(String),
    FaceDownTarget(String),
    FlagProtectedByMines,
    NotAFlagTaker(Rank),
    NotLinked {
        from: String,
        to: String,
    },
    NoRailTurn,
    RailBlocked,
    OnlyFlipsUntilColours,
    NotFlipMode,
    AlreadyFaceUp(String),
    Unreachable {
        from: String,
        to: String,
    },
    /// A reachable attack on a piece the mover could not know was the flag, refused by a flag
    /// rule: announced to both players and written in the record (`Action::Refused`), so it is
    /// never a silent probe. `mines`: refused because `by`'s enemy still has mines; otherwise
    /// because the attacker may not take the flag (the attacker's rank is not named).
    FlagAttackRefused {
        by: Seat,
        square: String,
        mines: bool,
    },
}

impl IllegalTurn {
    /// Whether this says the piece can never move where it stands (a mine, the flag, a piece
    /// frozen in a headquarters): the answer to the null move `n`→`n`, which the play screens
    /// ask when a piece is picked, to say so at once.
    pub fn is_immobile(&self) -> bool {
        matches!(
            self,
            IllegalTurn::CannotMove { .. } | IllegalTurn::FrozenInHq(_)
        )
    }
}

impl std::fmt::Display for IllegalTurn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use IllegalTurn::*;
        match self {
            GameOver => write!(f, "the game is over"),
            NoPiece(s) => write!(f, "there is no piece on {s}"),
            NotYourPiece(s) => write!(f, "the piece on {s} is not yours"),
            FaceDown(s) => write!(f, "the piece on {s} is face down: flip it instead"),
            CannotMove { square, rank } => {
                write!(
                    f,
                    "the {} on {square} never moves",
                    rank.en().to_lowercase()
                )
            }
            FrozenInHq(s) => write!(f, "a piece in an HQ never moves again ({s})"),
            OwnPieceThere(s) => write!(f, "your own piece stands on {s}"),
            PartnerPieceThere(s) => {
                write!(
                    f,
                    "your partner's piece stands on {s}: partners never clash"
                )
            }
            CampOccupied(s) => write!(f, "the camp {s} is occupied: camps hold one piece"),
            CampIsSafe(s) => write!(f, "camps are safe: the piece on {s} cannot be attacked"),
            FaceDownTarget(s) => write!(f, "face-down pieces cannot be attacked ({s})"),
            FlagProtectedByMines => {
                write!(
                    f,
                    "the flag cannot be attacked while its owner still has mines"
                )
            }
            NotAFlagTaker(r) => write!(
                f,
                "a {} may not take the flag under these rules",
                r.en().to_lowercase()
            ),
            NotLinked { from, to } => write!(f, "{from} and {to} are not linked by road or rail"),
            NoRailTurn => write!(f, "non-engineers cannot turn on the railway"),
            RailBlocked => write!(f, "the railway is blocked by a piece on the way"),
            OnlyFlipsUntilColours => write!(f, "colours are not decided yet: flip a piece"),
            NotFlipMode => write!(f, "flips exist only in flip mode"),
            AlreadyFaceUp(s) => write!(f, "the piece on {s} is already face up"),
            Unreachable { from, to } => write!(f, "the piece on {from} cannot reach {to}"),
            FlagAttackRefused { by, square, mines } => {
                write!(f, "{by} attacked {square}, the flag: refused, ")?;
                match (*mines, by.opponent()) {
                    // Four players: any of three opponents may own the flag.
                    (true, None) => write!(f, "the flag's owner still has mines")?,
                    (true, Some(them)) => write!(f, "{them} still has mines")?,
                    (false, _) => write!(f, "this piece may not take the flag under these rules")?,
                }
                write!(f, "; {by} moves again")
            }
        }
    }
}
impl std::error::Error for IllegalTurn {}

/// Why an attack is refused (named in players' words by `attack_check`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Refusal {
    OwnPiece,
    PartnerPiece,
    FaceDown,
    Camp,
    FlagMines,
    FlagTaker,
}

/// More than the pieces a side may have (25).
const MAX_MOVERS: usize = 32;

/// The turns of the side to move as sets, from `Position::turn_sets`.
#[derive(Clone, Copy, Debug)]
pub struct TurnSets {
    flips: NodeSet,
    moves: [(NodeId, NodeSet); MAX_MOVERS],
    /// Per mover: the number of turns up to and including its last one (flips first, then each
    /// mover's destinations), so that `nth` finds its mover by counting instead of a walk.
    ends: [u16; MAX_MOVERS],
    movers: usize,
    total: usize,
}

impl Default for TurnSets {
    fn default() -> Self {
        Self::new()
    }
}

impl TurnSets {
    /// No turns (to be filled by `Position::turn_sets_in`).
    pub fn new() -> TurnSets {
        TurnSets {
            flips: NodeSet::EMPTY,
            moves: [(0, NodeSet::EMPTY); MAX_MOVERS],
            ends: [0; MAX_MOVERS],
            movers: 0,
            total: 0,
        }
    }

    /// How many turns (the length of `pseudo_turns`).
    pub fn len(&self) -> usize {
        self.total
    }

    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The `k`-th turn in the order of `pseudo_turns`, if `k < len()`.
    pub fn nth(&self, k: usize) -> Option<Turn> {
        let f = self.flips.len();
        if k < f {
            return self.flips.nth(k).map(Turn::Flip);
        }
        // The mover of turn `k`: the number of movers whose turns all come before it.
        let i = self.ends[..self.movers]
            .iter()
            .map(|&e| usize::from(e as usize <= k))
            .sum::<usize>();
        let &(from, d) = self.moves[..self.movers].get(i)?;
        let start = if i == 0 { f } else { self.ends[i - 1] as usize };
        d.nth(k - start).map(|to| Turn::Move { from, to })
    }
}

/// Facts about the seat to move that attack checks need, computed once per generation from the
/// position's bit sets. The same for both boards: "enemy" is every piece that is neither the
/// mover's nor the partner's (four players, RULES.md 9.3).
struct Ctx<'a> {
    rules: &'a Rules,
    me: Seat,
    /// Lowest officer rank of mine (face up in flip mode), for `flag takers = smallest`.
    my_lowest: u8,
    /// Whether each seat (by `Seat::index`) still has a mine, when given instead of read from
    /// the position (a view's proxy does not hold the enemies' hidden mines).
    enemy_mine: MineBelief,
    /// Empty nodes.
    empty: NodeSet,
    /// Nodes any attacker of mine may attack: face-up enemy pieces outside camps, flags excepted.
    targets: NodeSet,
    /// Enemy flags a flag taker of mine may attack (face up, outside camps, not mine-protected).
    flag_targets: NodeSet,
}

/// Whether each seat (by `Seat::index`) still has a mine on the board, as a view judges it;
/// `None`: read from the position.
pub(crate) type MineBelief = Option<[bool; 4]>;

/// The sets of `Ctx` as single words, for the narrow tables (a board of at most 64 nodes).
struct NarrowCtx {
    empty: u64,
    targets: u64,
    flag_targets: u64,
}

impl NarrowCtx {
    #[inline]
    fn of(cx: &Ctx) -> NarrowCtx {
        NarrowCtx {
            empty: cx.empty.low_word(),
            targets: cx.targets.low_word(),
            flag_targets: cx.flag_targets.low_word(),
        }
    }
}

impl Ctx<'_> {
    /// Whether `attacker` may take a flag under the flag-taker rule.
    #[inline]
    fn flag_taker(&self, attacker: Piece) -> bool {
        match self.rules.flag_takers {
            FlagTakers::Any => true,
            FlagTakers::Engineer => attacker.rank() == Rank::Engineer,
            FlagTakers::Smallest => attacker.rank() as u8 == self.my_lowest,
        }
    }

    /// The nodes `attacker` may attack.
    #[inline]
    fn targets_of(&self, attacker: Piece) -> NodeSet {
        if self.flag_targets.is_empty() || !self.flag_taker(attacker) {
            self.targets
        } else {
            self.targets | self.flag_targets
        }
    }
}

impl Position {
    fn ctx<'a>(&self, rules: &'a Rules, me: Seat) -> Ctx<'a> {
        self.ctx_with(rules, me, None)
    }

    /// `ctx`, with whether the enemy has a mine on the board given instead of read from the
    /// position (a view's proxy does not hold the enemy's hidden or face-down mines).
    fn ctx_with<'a>(&self, rules: &'a Rules, me: Seat, enemy_mine: MineBelief) -> Ctx<'a> {
        let t = &self.board.tables;
        let mut friends = self.side_set[me.index()];
        if let Some(partner) = me.partner() {
            friends |= self.side_set[partner.index()];
        }
        let enemy = self.occ_set - friends;
        let mut my_lowest = u8::MAX;
        // Only `flag takers = smallest` needs the lowest officer: skip the scan otherwise.
        if rules.flag_takers == FlagTakers::Smallest {
            let mut mine = self.side_set[me.index()] - self.flag_set - self.mine_set;
            if rules.mode.deals_face_down() {
                mine -= self.down_set;
            }
            for n in mine.iter() {
                let r = self.cells[n as usize].expect("in the side's set").rank();
                if r.is_officer() {
                    my_lowest = my_lowest.min(r as u8);
                }
            }
        }
        let attackable = enemy - self.down_set - t.camps;
        let mut flag_targets = attackable & self.flag_set;
        if rules.flag_needs_mines_cleared && !flag_targets.is_empty() {
            // Each flag looks at its owner's mines (RULES.md 9.8).
            for &s in self.board.seats {
                let own = self.side_set[s.index()];
                if own.intersects(enemy) && self.owner_has_mine(s, enemy_mine) {
                    flag_targets -= own;
                }
            }
        }
        Ctx {
            rules,
            me,
            my_lowest,
            enemy_mine,
            empty: t.all - self.occupied(),
            targets: attackable - self.flag_set,
            flag_targets,
        }
    }

    /// Whether `owner` still has a mine on the board (or, given, as the view believes).
    #[inline]
    fn owner_has_mine(&self, owner: Seat, enemy_mine: MineBelief) -> bool {
        enemy_mine.map_or_else(
            || self.mine_set.intersects(self.side_set[owner.index()]),
            |m| m[owner.index()],
        )
    }

    /// Why `attacker` may not attack node `n` (occupied by `d`), piece by piece: for explaining a
    /// refused turn (generation uses the bit sets of `Ctx`, which say the same).
    fn attack_refusal(&self, cx: &Ctx, attacker: Piece, n: NodeId, d: Piece) -> Option<Refusal> {
        // Face down first: a face-down piece's colour is unknown to both players.
        if d.is_face_down() {
            return Some(Refusal::FaceDown);
        }
        if d.side() == cx.me {
            return Some(Refusal::OwnPiece);
        }
        if Some(d.side()) == cx.me.partner() {
            return Some(Refusal::PartnerPiece);
        }
        if self.board.kind(n) == NodeKind::Camp {
            return Some(Refusal::Camp);
        }
        if d.rank() == Rank::Flag {
            if cx.rules.flag_needs_mines_cleared && self.owner_has_mine(d.side(), cx.enemy_mine) {
                return Some(Refusal::FlagMines);
            }
            if !cx.flag_taker(attacker) {
                return Some(Refusal::FlagTaker);
            }
        }
        None
    }

    /// Why `attacker` may not attack node `n` (occupied by a piece), or `Ok` if it may.
    fn attack_check(&self, cx: &Ctx, attacker: Piece, n: NodeId) -> Result<(), IllegalTurn> {
        let d = self.at(n).expect("occupied");
        let name = || self.board.name(n).to_string();
        match self.attack_refusal(cx, attacker, n, d) {
            None => Ok(()),
            Some(Refusal::OwnPiece) => Err(IllegalTurn::OwnPieceThere(name())),
            Some(Refusal::PartnerPiece) => Err(IllegalTurn::PartnerPieceThere(name())),
            Some(Refusal::FaceDown) => Err(IllegalTurn::FaceDownTarget(name())),
            Some(Refusal::Camp) => Err(IllegalTurn::CampIsSafe(name())),
            Some(Refusal::FlagMines) => Err(IllegalTurn::FlagProtectedByMines),
            Some(Refusal::FlagTaker) => Err(IllegalTurn::NotAFlagTaker(attacker.rank())),
        }
    }

    /// Whether `attacker` may attack the piece `d` on node `n`.
    /// Why the piece on `from` cannot move at all, if it cannot.
    fn mobility_check(&self, rules: &Rules, me: Seat, from: NodeId) -> Result<Piece, IllegalTurn> {
        let name = || self.board.name(from).to_string();
        let p = self.at(from).ok_or_else(|| IllegalTurn::NoPiece(name()))?;
        if p.is_face_down() {
            return Err(IllegalTurn::FaceDown(name()));
        }
        if p.side() != me {
            return Err(IllegalTurn::NotYourPiece(name()));
        }
        if !p.rank().is_movable() {
            return Err(IllegalTurn::CannotMove {
                square: name(),
                rank: p.rank(),
            });
        }
        if self.board.kind(from) == NodeKind::Hq && !rules.movable_hq {
            return Err(IllegalTurn::FrozenInHq(name()));
        }
        Ok(p)
    }

    fn flies(rules: &Rules, p: Piece) -> bool {
        p.rank() == Rank::Engineer || (p.rank() == Rank::Bomb && rules.flying_bombs)
    }

    /// Every destination of the piece on `from` (assumed movable and the mover's).
    fn destinations(&self, cx: &Ctx, from: NodeId, p: Piece) -> NodeSet {
        let t = &self.board.tables;
        let targets = cx.targets_of(p);
        let mut dests = t.links[from as usize] & (cx.empty | targets);
        if !t.rail.contains(from) {
            return dests;
        }
        if Self::flies(cx.rules, p) {
            // Any path along rail links through empty nodes: flood fill from `from`, then every
            // rail neighbour of a reached node that may be attacked.
            let start = NodeSet::single(from);
            let mut reached = start;
            let mut frontier = start;
            loop {
                let mut next = NodeSet::EMPTY;
                for u in frontier.iter() {
                    next |= t.rail_links[u as usize];
                }
                dests |= next & targets;
                frontier = (next & cx.empty) - reached;
                if frontier.is_empty() {
                    break;
                }
                reached |= frontier;
            }
            dests |= reached - start;
        } else {
            let turn = cx.rules.rail_turn_for_all;
            for ray in t.rays_of(from) {
                self.run(cx, targets, ray, turn, &mut dests);
            }
        }
        dests
    }

    /// `destinations` on the narrow tables (a board of at most 64 nodes, no `rail turn for all`):
    /// the same set as one word. A rail run along a ray whose node ids rise (fall) stops at the
    /// lowest (highest) occupied node of the ray, found with one bit scan instead of a walk.
    #[inline(always)]
    fn destinations_narrow(
        &self,
        nt: &Narrow,
        cx: &Ctx,
        ncx: &NarrowCtx,
        from: NodeId,
        p: Piece,
    ) -> u64 {
        debug_assert!(!cx.rules.rail_turn_for_all);
        let targets = if ncx.flag_targets == 0 || !cx.flag_taker(p) {
            ncx.targets
        } else {
            ncx.targets | ncx.flag_targets
        };
        let empty = ncx.empty;
        let f = from as usize;
        let mut dests = nt.links[f] & (empty | targets);
        if nt.rail >> f & 1 == 0 {
            return dests;
        }
        if Self::flies(cx.rules, p) {
            // Flood fill along rail links through empty nodes, as in `destinations`.
            let start = 1u64 << f;
            let mut reached = start;
            let mut frontier = start;
            loop {
                let mut next = 0;
                let mut fr = frontier;
                while fr != 0 {
                    next |= nt.rail_links[fr.trailing_zeros() as usize];
                    fr &= fr - 1;
                }
                dests |= next & targets;
                frontier = next & empty & !reached;
                if frontier == 0 {
                    break;
                }
                reached |= frontier;
            }
            dests |= reached & !start;
        } else if let Some(nr) = &nt.node_rays[f] {
            // Without branches: a run stops before the first occupied node of its ray (the
            // lowest of a rising ray's, the highest of a falling ray's), which it attacks if it
            // may; with no piece on the ray the run is the whole ray.
            let occupied = !empty;
            for m in nr.rising {
                let first = m & occupied;
                let first = first & first.wrapping_neg();
                dests |= (m & first.wrapping_sub(1)) | (first & targets);
            }
            for m in nr.falling {
                // `lz` leading zeros: the highest occupied node is bit 63 - lz, and the run the
                // `lz` bits above it (all 64 when the ray is empty, none when bit 63 is taken).
                let lz = (m & occupied).leading_zeros();
                let first = (1u64 << 63).checked_shr(lz).unwrap_or(0);
                let above = u64::MAX.checked_shl(64 - lz).unwrap_or(0);
                dests |= (m & above) | (first & targets);
            }
        } else {
            let t = &self.board.tables;
            let (a, b) = (t.ray_start[f] as usize, t.ray_start[f + 1] as usize);
            for (i, r) in nt.rays[a..b].iter().enumerate() {
                let blockers = r.mask & !empty;
                if blockers == 0 {
                    dests |= r.mask;
                    continue;
                }
                match r.order {
                    RayOrder::Rising => {
                        let first = 1u64 << blockers.trailing_zeros();
                        dests |= (r.mask & (first - 1)) | (first & targets);
                    }
                    RayOrder::Falling => {
                        let first = 1u64 << (63 - blockers.leading_zeros());
                        dests |= (r.mask & !(first | (first - 1))) | (first & targets);
                    }
                    RayOrder::Mixed => {
                        for &v in t.ray_nodes(&t.rays[a + i]) {
                            let bit = 1u64 << v;
                            if empty & bit == 0 {
                                dests |= bit & targets;
                                break;
                            }
                            dests |= bit;
                        }
                    }
                }
            }
        }
        dests
    }

    /// Every mover of `me` with a destination, in ascending node order: `f(from, destinations,
    /// their number)`. On a board of at most 64 nodes (without `rail turn for all`) the sets are
    /// computed on the narrow tables, else by `destinations`; the same sets either way.
    #[inline(always)]
    fn each_destination_set(
        &self,
        rules: &Rules,
        me: Seat,
        enemy_mine: MineBelief,
        mut f: impl FnMut(NodeId, NodeSet, usize),
    ) {
        let cx = self.ctx_with(rules, me, enemy_mine);
        let movers = self.movers(rules, me);
        match &self.board.tables.narrow {
            Some(nt) if !rules.rail_turn_for_all => {
                let ncx = NarrowCtx::of(&cx);
                let mut m = movers.low_word();
                while m != 0 {
                    let from = m.trailing_zeros() as NodeId;
                    m &= m - 1;
                    let p = self.cells[from as usize].expect("a mover's node holds a piece");
                    let d = self.destinations_narrow(nt, &cx, &ncx, from, p);
                    if d != 0 {
                        f(from, NodeSet::from_low_word(d), d.count_ones() as usize);
                    }
                }
            }
            _ => {
                for from in movers.iter() {
                    let p = self.cells[from as usize].expect("a mover's node holds a piece");
                    let d = self.destinations(&cx, from, p);
                    if !d.is_empty() {
                        f(from, d, d.len());
                    }
                }
            }
        }
    }

    /// A straight run along `ray` up to the first piece (included if it may be attacked); with
    /// `turn`, one turn onto another line through any empty node reached is allowed, in either
    /// direction except back towards the node the run came from (RULES.md 8 and 9.8: on the
    /// four-player board an arm's side rail belongs to two lines, so "another line" may also
    /// carry on straight ahead).
    #[inline]
    fn run(&self, cx: &Ctx, targets: NodeSet, ray: &Ray, turn: bool, dests: &mut NodeSet) {
        let t = &self.board.tables;
        if !turn && (ray.mask - cx.empty).is_empty() {
            *dests |= ray.mask;
            return;
        }
        let nodes = t.ray_nodes(ray);
        for (i, &v) in nodes.iter().enumerate() {
            if cx.empty.contains(v) {
                dests.insert(v);
                if turn {
                    let prev = if i == 0 { None } else { Some(nodes[i - 1]) };
                    for r2 in t.rays_of(v) {
                        if r2.line != ray.line
                            && (prev.is_none() || Some(t.ray_nodes(r2)[0]) != prev)
                        {
                            self.run(cx, targets, r2, false, dests);
                        }
                    }
                }
            } else {
                if targets.contains(v) {
                    dests.insert(v);
                }
                break;
            }
        }
    }

    /// The nodes of `side`'s pieces that may move at all: face up, not a mine or flag, and not
    /// frozen in an HQ.
    #[inline]
    fn movers(&self, rules: &Rules, side: Seat) -> NodeSet {
        let m = self.side_set[side.index()] - self.down_set - self.flag_set - self.mine_set;
        if rules.movable_hq {
            m
        } else {
            m - self.board.tables.hqs
        }
    }

    /// Whether the piece on `from` has any destination: every road step, rail run and flight
    /// starts with a step to a neighbour (a link, the first node of a run, a rail link), and that
    /// step is a destination itself when the node is empty or may be attacked.
    #[inline]
    fn has_destination(&self, cx: &Ctx, from: NodeId, p: Piece) -> bool {
        let t = &self.board.tables;
        let mut first = t.links[from as usize];
        if t.rail.contains(from) {
            first |= if Self::flies(cx.rules, p) {
                t.rail_links[from as usize]
            } else {
                t.run_first[from as usize]
            };
        }
        first.intersects(cx.empty | cx.targets_of(p))
    }

    /// The side whose pieces the mover moves, if colours are decided.
    pub fn side_to_move(&self) -> Option<Seat> {
        self.mover.side()
    }

    /// All legal turns of the side to move, ignoring whether the game has ended (see `legal_turns`).
    pub fn pseudo_turns(&self, rules: &Rules, out: &mut Vec<Turn>) {
        self.pseudo_turns_with(rules, out, None);
    }

    /// `pseudo_turns`, with whether the enemy has a mine on the board given (for a view's proxy).
    pub(crate) fn pseudo_turns_with(
        &self,
        rules: &Rules,
        out: &mut Vec<Turn>,
        enemy_mine: MineBelief,
    ) {
        out.clear();
        if rules.mode.deals_face_down() {
            out.extend(self.down_set.iter().map(Turn::Flip));
        }
        let Mover::Side(me) = self.mover else { return };
        self.moves_of(rules, me, out, enemy_mine);
    }

    fn moves_of(&self, rules: &Rules, me: Seat, out: &mut Vec<Turn>, enemy_mine: MineBelief) {
        if self.board.tables.narrow.is_some() && !rules.rail_turn_for_all {
            self.each_destination_set(rules, me, enemy_mine, |from, d, _| {
                for to in d.iter() {
                    out.push(Turn::Move { from, to });
                }
            });
            return;
        }
        // The node-set path as it was (the four-player board).
        let cx = self.ctx_with(rules, me, enemy_mine);
        for from in self.movers(rules, me).iter() {
            let p = self.cells[from as usize].expect("a mover's node holds a piece");
            for to in self.destinations(&cx, from, p).iter() {
                out.push(Turn::Move { from, to });
            }
        }
    }

    /// The turns of `pseudo_turns` as sets (flips, then each mover's destinations), for choosing
    /// one without listing them all: `TurnSets::nth(k)` is `pseudo_turns(..)[k]`.
    pub fn turn_sets(&self, rules: &Rules) -> TurnSets {
        let mut ts = TurnSets::new();
        self.turn_sets_in(rules, &mut ts);
        ts
    }

    /// `turn_sets` written into `ts` (whatever it held before), so that a loop can keep one
    /// `TurnSets` instead of making and copying one per position.
    pub fn turn_sets_in(&self, rules: &Rules, ts: &mut TurnSets) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("lzcnt")
        {
            // SAFETY: the CPU has the `popcnt` and `lzcnt` instructions (checked just above).
            unsafe { self.turn_sets_popcnt(rules, ts) };
            return;
        }
        self.turn_sets_core(rules, ts);
    }

    /// `turn_sets_core` compiled with the `popcnt` and `lzcnt` instructions (counting the sets is
    /// a large part of the work; without `popcnt` a count is a dozen instructions).
    ///
    /// # Safety
    /// Only on a CPU with `popcnt` and `lzcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt")]
    unsafe fn turn_sets_popcnt(&self, rules: &Rules, ts: &mut TurnSets) {
        self.turn_sets_core(rules, ts);
    }

    #[inline(always)]
    fn turn_sets_core(&self, rules: &Rules, ts: &mut TurnSets) {
        ts.flips = NodeSet::EMPTY;
        ts.movers = 0;
        ts.total = 0;
        if rules.mode.deals_face_down() {
            ts.flips = self.down_set;
            ts.total = ts.flips.len();
        }
        let Mover::Side(me) = self.mover else {
            return;
        };
        self.each_destination_set(rules, me, None, |from, d, c| {
            // A side has at most 25 pieces (checked by `Position::new`).
            ts.moves[ts.movers] = (from, d);
            ts.total += c;
            ts.ends[ts.movers] = ts.total as u16;
            ts.movers += 1;
        });
    }

    /// The number of turns of `pseudo_turns` (`turn_sets(..).len()`), without keeping the sets.
    pub fn turn_count(&self, rules: &Rules) -> usize {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("lzcnt")
        {
            // SAFETY: the CPU has the `popcnt` and `lzcnt` instructions (checked just above).
            return unsafe { self.turn_count_popcnt(rules) };
        }
        self.turn_count_core(rules)
    }

    /// `turn_count_core` compiled with the `popcnt` and `lzcnt` instructions.
    ///
    /// # Safety
    /// Only on a CPU with `popcnt` and `lzcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt")]
    unsafe fn turn_count_popcnt(&self, rules: &Rules) -> usize {
        self.turn_count_core(rules)
    }

    #[inline(always)]
    fn turn_count_core(&self, rules: &Rules) -> usize {
        let mut n = 0;
        if rules.mode.deals_face_down() {
            n = self.down_set.len();
        }
        let Mover::Side(me) = self.mover else {
            return n;
        };
        self.each_destination_set(rules, me, None, |_, _, c| n += c);
        n
    }

    /// Whether `side` would have any legal turn if it were to move (flips count in flip mode).
    pub fn has_turn(&self, rules: &Rules, side: Seat) -> bool {
        if rules.mode.deals_face_down() && !self.down_set.is_empty() {
            return true;
        }
        let cx = self.ctx(rules, side);
        self.movers(rules, side).iter().any(|from| {
            let p = self.cells[from as usize].expect("a mover's node holds a piece");
            self.has_destination(&cx, from, p)
        })
    }

    /// Whether `by` could attack the piece on node `n` with one move if it were `by`'s turn: the
    /// piece is `by`'s enemy's, outside a camp, face up, and (a flag) the flag rules let one of
    /// the pieces that reach it take it. Turn order is ignored (the computer asks it of the side
    /// not to move: is my flag attacked?).
    pub fn can_attack(&self, rules: &Rules, by: Seat, n: NodeId) -> bool {
        let t = &self.board.tables;
        if self.cells[n as usize].is_none() {
            return false;
        }
        let cx = self.ctx(rules, by);
        if !(cx.targets | cx.flag_targets).contains(n) {
            return false;
        }
        let movers = self.movers(rules, by);
        let near = t.links[n as usize] & movers;
        for from in near.iter() {
            let p = self.cells[from as usize].expect("a mover's node holds a piece");
            if cx.targets_of(p).contains(n) {
                return true;
            }
        }
        if t.rail.contains(n) {
            for from in ((movers & t.rail) - near).iter() {
                let p = self.cells[from as usize].expect("a mover's node holds a piece");
                if self.destinations(&cx, from, p).contains(n) {
                    return true;
                }
            }
        }
        false
    }

    /// The nodes the piece on `from` could move to or attack with one move if it were its
    /// owner's turn (empty when it cannot move: a mine, a flag, face down, frozen in an HQ).
    pub fn reach(&self, rules: &Rules, from: NodeId) -> NodeSet {
        let Some(p) = self.cells[from as usize] else {
            return NodeSet::EMPTY;
        };
        if !self.movers(rules, p.side()).contains(from) {
            return NodeSet::EMPTY;
        }
        self.destinations(&self.ctx(rules, p.side()), from, p)
    }

    /// Legal turns: none once the game has ended.
    pub fn legal_turns(&self, rules: &Rules) -> Vec<Turn> {
        let mut out = Vec::with_capacity(64);
        if self.status(rules).is_over() {
            return out;
        }
        self.pseudo_turns(rules, &mut out);
        out
    }

    /// Destinations of the piece on `from` for the side to move (for highlighting in a window).
    pub fn destinations_from(&self, rules: &Rules, from: NodeId) -> Vec<NodeId> {
        self.destinations_from_with(rules, from, None)
    }

    /// `destinations_from`, with whether the enemy has a mine on the board given (for a proxy).
    pub(crate) fn destinations_from_with(
        &self,
        rules: &Rules,
        from: NodeId,
        enemy_mine: MineBelief,
    ) -> Vec<NodeId> {
        let Some(me) = self.side_to_move() else {
            return Vec::new();
        };
        match self.mobility_check(rules, me, from) {
            Ok(p) => self
                .destinations(&self.ctx_with(rules, me, enemy_mine), from, p)
                .iter()
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    /// `Ok` if the turn is legal (game not over), else the reason in players' words.
    ///
    /// The reasons are tried in the order a player can know them: the piece's own mobility, what
    /// stands on the target that the mover can see (own piece, occupied camp, face-down piece),
    /// then whether the target can be reached at all (an unreachable target is "not reachable"
    /// whatever stands there), and only then the flag rules, which depend on the target's true
    /// identity. A window must not show that last kind of reason to a player who cannot know it:
    /// `Game::play` turns it into a public refused attack.
    pub fn check_turn(&self, rules: &Rules, turn: Turn) -> Result<(), IllegalTurn> {
        if self.status(rules).is_over() {
            return Err(IllegalTurn::GameOver);
        }
        self.check_turn_with(rules, turn, None)
    }

    /// `check_turn` without the end-of-game check, with whether the enemy has a mine on the board
    /// given instead of read from the position (for a view's proxy, whose end-of-game status means
    /// nothing: its unknown pieces are stand-ins).
    pub(crate) fn check_turn_with(
        &self,
        rules: &Rules,
        turn: Turn,
        enemy_mine: MineBelief,
    ) -> Result<(), IllegalTurn> {
        let b = self.board;
        let on_board = |n: NodeId| (n as usize) < b.len();
        match turn {
            Turn::Flip(n) if !on_board(n) => Err(IllegalTurn::NoPiece("?".into())),
            Turn::Move { from, to } if !on_board(from) || !on_board(to) => {
                Err(IllegalTurn::NoPiece("?".into()))
            }
            Turn::Flip(n) => {
                if !rules.mode.deals_face_down() {
                    return Err(IllegalTurn::NotFlipMode);
                }
                let name = b.name(n).to_string();
                match self.at(n) {
                    None => Err(IllegalTurn::NoPiece(name)),
                    Some(p) if !p.is_face_down() => Err(IllegalTurn::AlreadyFaceUp(name)),
                    Some(_) => Ok(()),
                }
            }
            Turn::Move { from, to } => {
                let Mover::Side(me) = self.mover else {
                    return Err(IllegalTurn::OnlyFlipsUntilColours);
                };
                let p = self.mobility_check(rules, me, from)?;
                let cx = self.ctx_with(rules, me, enemy_mine);
                if self.destinations(&cx, from, p).contains(to) {
                    return Ok(());
                }
                // Explain why not: first what the mover sees on the target.
                let to_name = b.name(to).to_string();
                if let Some(d) = self.at(to) {
                    if d.side() == me && !d.is_face_down() {
                        return Err(IllegalTurn::OwnPieceThere(to_name));
                    }
                    if Some(d.side()) == me.partner() {
                        return Err(IllegalTurn::PartnerPieceThere(to_name));
                    }
                    if b.kind(to) == NodeKind::Camp {
                        return Err(if d.is_face_down() || d.side() == me {
                            IllegalTurn::CampOccupied(to_name)
                        } else {
                            IllegalTurn::CampIsSafe(to_name)
                        });
                    }
                    if d.is_face_down() {
                        return Err(IllegalTurn::FaceDownTarget(to_name));
                    }
                    // Then reachability, as if any piece there could be attacked: only a target
                    // the piece reaches is judged by what it truly is (the flag rules).
                    let reach = Ctx {
                        targets: cx.targets | self.occupied(),
                        ..cx
                    };
                    if self.destinations(&reach, from, p).contains(to) {
                        self.attack_check(&cx, p, to)?;
                    }
                }
                let from_name = b.name(from).to_string();
                let (f, t) = (&b.nodes[from as usize], &b.nodes[to as usize]);
                if f.col.abs_diff(t.col) + f.row.abs_diff(t.row) == 1 && !b.linked(from, to) {
                    // Orthogonal neighbours on the grid with no link: the mountains of the front line.
                    return Err(IllegalTurn::NotLinked {
                        from: from_name,
                        to: to_name,
                    });
                }
                if b.is_rail(from) && b.is_rail(to) && !Self::flies(rules, p) {
                    let same_line = b.lines_through[from as usize]
                        .iter()
                        .any(|(l, _)| b.lines_through[to as usize].iter().any(|(l2, _)| l == l2));
                    return Err(if same_line {
                        IllegalTurn::RailBlocked
                    } else {
                        IllegalTurn::NoRailTurn
                    });
                }
                if b.is_rail(from) && b.is_rail(to) {
                    return Err(IllegalTurn::RailBlocked);
                }
                if !b.is_rail(from) || !b.is_rail(to) {
                    return Err(IllegalTurn::NotLinked {
                        from: from_name,
                        to: to_name,
                    });
                }
                Err(IllegalTurn::Unreachable {
                    from: from_name,
                    to: to_name,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::SplitMix64;
    use crate::engine::rules::Mode;
    use crate::engine::{Game, Start};

    /// The one-word path (`destinations_narrow`) gives every mover the set `destinations` gives,
    /// and the dispatched `turn_sets_in` and `turn_count` (with `popcnt` and `lzcnt` where the
    /// CPU has them) agree with their plain cores, along random games under several rule sets.
    #[test]
    fn narrow_tables_agree_with_the_node_sets() {
        let mut rule_sets = Vec::new();
        for mode in [Mode::Open, Mode::Hidden, Mode::Flip] {
            for (flying, hq, takers) in [
                (false, false, FlagTakers::Any),
                (true, true, FlagTakers::Engineer),
                (true, false, FlagTakers::Smallest),
            ] {
                let rules = Rules {
                    mode,
                    flying_bombs: flying,
                    movable_hq: hq,
                    flag_takers: takers,
                    ..Rules::default()
                };
                rule_sets.push(rules);
            }
        }
        let board = crate::engine::board::Board::two_player();
        let nt = board
            .tables
            .narrow
            .as_ref()
            .expect("the two-player board is narrow");
        assert!(nt.node_rays.iter().all(Option::is_some));
        assert!(
            crate::engine::board::Board::four_player()
                .tables
                .narrow
                .is_none()
        );
        let mut rng = SplitMix64::new(7);
        let (mut ts, mut ts_core) = (TurnSets::new(), TurnSets::new());
        for rules in &rule_sets {
            for _ in 0..3 {
                let start = Start::random(rules, rng.next_u64());
                let mut p = *Game::new(rules.clone(), start)
                    .expect("random starts are valid")
                    .position();
                for _ in 0..400 {
                    for side in Seat::BOTH {
                        let cx = p.ctx(rules, side);
                        let ncx = NarrowCtx::of(&cx);
                        for from in p.movers(rules, side).iter() {
                            let piece = p.at(from).expect("a mover");
                            let wide = p.destinations(&cx, from, piece);
                            let narrow = p.destinations_narrow(nt, &cx, &ncx, from, piece);
                            assert_eq!(NodeSet::from_low_word(narrow), wide, "{p:?} {from}");
                        }
                    }
                    p.turn_sets_in(rules, &mut ts);
                    p.turn_sets_core(rules, &mut ts_core);
                    assert_eq!(ts.len(), ts_core.len());
                    assert_eq!(p.turn_count(rules), ts.len());
                    assert_eq!(p.turn_count_core(rules), ts.len());
                    let mut listed = Vec::new();
                    p.pseudo_turns(rules, &mut listed);
                    assert_eq!(listed.len(), ts.len());
                    for (k, &t) in listed.iter().enumerate() {
                        assert_eq!(ts.nth(k), Some(t));
                        assert_eq!(ts_core.nth(k), Some(t));
                    }
                    assert_eq!(ts.nth(ts.len()), None);
                    if p.status_with(rules, Some(!ts.is_empty())).is_over() {
                        break;
                    }
                    let t = ts.nth(rng.below(ts.len() as u64) as usize).expect("a turn");
                    p.play_unchecked_fast(rules, t);
                }
            }
        }
    }
}
