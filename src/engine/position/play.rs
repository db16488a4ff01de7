//! Playing turns: clashes (RULES.md section 4), flips and colour assignment (section 6), and the end
//! of the game (section 7).

use super::movegen::IllegalTurn;
use super::{Mover, OutReason, Position, Turn};
use crate::engine::board::{NodeId, NodeSet};
use crate::engine::piece::{Piece, Rank, Seat, Team};
use crate::engine::rules::{MineRule, Rules};
use serde::{Deserialize, Serialize};

/// What a clash did, in the words a referee announces: never the ranks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ClashOutcome {
    /// The defender was removed and the attacker moved in.
    DefenderRemoved,
    /// The attacker was removed; the defender stays.
    AttackerRemoved,
    /// Both were removed.
    BothRemoved,
    /// An engineer dug a mine and moved in.
    MineDug,
    /// Spring mine: the attacker bounced back, alive; the mine stays, revealed.
    Bounced,
    /// The flag was taken.
    FlagTaken,
}

impl ClashOutcome {
    pub fn en(self) -> &'static str {
        match self {
            ClashOutcome::DefenderRemoved => "defender removed",
            ClashOutcome::AttackerRemoved => "attacker removed",
            ClashOutcome::BothRemoved => "both removed",
            ClashOutcome::MineDug => "mine dug",
            ClashOutcome::Bounced => "bounced off a mine",
            ClashOutcome::FlagTaken => "flag taken",
        }
    }
    pub fn zh(self) -> &'static str {
        match self {
            ClashOutcome::DefenderRemoved => "防守方被吃",
            ClashOutcome::AttackerRemoved => "进攻方阵亡",
            ClashOutcome::BothRemoved => "同归于尽",
            ClashOutcome::MineDug => "工兵挖雷",
            ClashOutcome::Bounced => "撞弹簧雷弹回",
            ClashOutcome::FlagTaken => "军旗被扛",
        }
    }
}

/// The public report of one turn: what every player learns.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TurnReport {
    pub turn: Turn,
    /// The side that moved (in flip mode before colours: the flipped piece's colour is public anyway).
    pub mover: Mover,
    /// For a flip: the piece turned face up (public).
    pub flipped: Option<(Seat, Rank)>,
    /// For an attack: the outcome.
    pub clash: Option<ClashOutcome>,
    /// Flags shown to both because their marshal fell (hidden mode): both when the two marshals
    /// fell in one clash. Read with `flags_revealed()`.
    pub flags_revealed: [Option<(Seat, NodeId)>; 2],
    /// The defender's node when the clash revealed it to both (a spring mine that threw the
    /// attacker back, a piece scouted by an engineer).
    pub revealed: Option<NodeId>,
    /// Colours decided by this flip: (player, colour that player takes).
    pub colours_decided: Option<(u8, Seat)>,
    /// How the game stands after the turn, when it ended with it (filled by the checked
    /// `Position::play` and so by `Game::play`; `None` from the unchecked paths of searches).
    pub result: Option<Status>,
}

impl TurnReport {
    /// The report of `turn` by `mover` before anything happened: no clash, flip, flag, reveal,
    /// colours or result yet.
    pub fn plain(turn: Turn, mover: Mover) -> TurnReport {
        TurnReport {
            turn,
            mover,
            flipped: None,
            clash: None,
            flags_revealed: [None, None],
            revealed: None,
            colours_decided: None,
            result: None,
        }
    }

    /// The flags shown to both by this turn, with their side.
    pub fn flags_revealed(&self) -> impl Iterator<Item = (Seat, NodeId)> + '_ {
        self.flags_revealed.iter().flatten().copied()
    }
}

/// Why a game ended (the `<why>` words of NOTATION.md plus the ones players cause).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum EndReason {
    Flag,
    NoPieces,
    NoMoves,
    QuietLimit,
    TurnLimit,
    Resignation,
    Agreement,
    Timeouts,
}

impl EndReason {
    /// Every way a game ends, in the order the rulebook lists them.
    pub const ALL: [EndReason; 8] = [
        EndReason::Flag,
        EndReason::NoPieces,
        EndReason::NoMoves,
        EndReason::QuietLimit,
        EndReason::TurnLimit,
        EndReason::Resignation,
        EndReason::Agreement,
        EndReason::Timeouts,
    ];

    pub fn word(self) -> &'static str {
        match self {
            EndReason::Flag => "flag",
            EndReason::NoPieces => "no-pieces",
            EndReason::NoMoves => "no-moves",
            EndReason::QuietLimit => "quiet-limit",
            EndReason::TurnLimit => "turn-limit",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Timeouts => "timeouts",
        }
    }
    /// The word in a four-player `result:` line (NOTATION.md: `resign`, `timeout`; the others
    /// as for two players, whose records keep `resignation` and `timeouts`).
    pub fn word_four(self) -> &'static str {
        match self {
            EndReason::Resignation => "resign",
            EndReason::Timeouts => "timeout",
            other => other.word(),
        }
    }
    pub fn en(self) -> &'static str {
        match self {
            EndReason::Flag => "the flag was taken",
            EndReason::NoPieces => "no movable pieces left",
            EndReason::NoMoves => "no legal turn",
            EndReason::QuietLimit => "quiet limit reached",
            EndReason::TurnLimit => "turn limit reached",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "draw agreed",
            EndReason::Timeouts => "five timeouts",
        }
    }
    pub fn zh(self) -> &'static str {
        match self {
            EndReason::Flag => "军旗被扛",
            EndReason::NoPieces => "无子可动",
            EndReason::NoMoves => "无路可走",
            EndReason::QuietLimit => "长时间无吃子",
            EndReason::TurnLimit => "达到总步数上限",
            EndReason::Resignation => "认输",
            EndReason::Agreement => "协议和棋",
            EndReason::Timeouts => "超时五次",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Status {
    Ongoing,
    /// The team that won (two players: a team of one colour, `Team::side`).
    Won(Team, EndReason),
    Draw(EndReason),
}

impl Status {
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }

    /// `ongoing`, `red-wins flag`, `draw quiet-limit` … as `junqi apply` prints after `result: `.
    pub fn word(self) -> String {
        match self {
            Status::Ongoing => "ongoing".into(),
            Status::Won(t, why) if t.seats().len() == 2 => {
                format!("{}-wins {}", t.word(), why.word_four())
            }
            Status::Won(t, why) => format!("{}-wins {}", t.word(), why.word()),
            Status::Draw(why) => format!("draw {}", why.word()),
        }
    }
}

/// What happened on the board in one turn (for animation, trays and the move list).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Effects {
    /// Pieces removed, with the node they were on.
    pub removed: Vec<(NodeId, Piece)>,
    pub attacker: Option<Piece>,
    pub defender: Option<Piece>,
}

impl Position {
    /// Play a legal turn; an illegal one returns the reason and leaves the position untouched.
    pub fn play(
        &mut self,
        rules: &Rules,
        turn: Turn,
    ) -> Result<(TurnReport, Effects), IllegalTurn> {
        self.check_turn(rules, turn)?;
        let (mut report, fx) = self.play_unchecked(rules, turn);
        report.result = Some(self.status(rules)).filter(|s| s.is_over());
        Ok((report, fx))
    }

    /// Play a turn known to be legal (from `legal_turns`).
    pub fn play_unchecked(&mut self, rules: &Rules, turn: Turn) -> (TurnReport, Effects) {
        let (report, played) = self.play_core(rules, turn);
        let fx = Effects {
            removed: played.removed.iter().flatten().copied().collect(),
            attacker: played.attacker,
            defender: played.defender,
        };
        (report, fx)
    }

    /// `play_unchecked` without the `Effects`: allocates nothing (for playouts and searches).
    pub fn play_unchecked_fast(&mut self, rules: &Rules, turn: Turn) -> TurnReport {
        self.play_core(rules, turn).0
    }

    fn play_core(&mut self, rules: &Rules, turn: Turn) -> (TurnReport, Played) {
        let mut report = TurnReport::plain(turn, self.mover);
        let mut fx = Played::default();
        let mut flag_owner = None;
        match turn {
            Turn::Flip(n) => {
                let p = self.at(n).expect("flip of a piece").with_face_down(false);
                self.set(n, Some(p));
                report.flipped = Some((p.side(), p.rank()));
                let decided = match self.mover {
                    Mover::Player(pl)
                        if !rules.first_engineer_decides || p.rank() == Rank::Engineer =>
                    {
                        report.colours_decided = Some((pl, p.side()));
                        true
                    }
                    _ => false,
                };
                self.pass_turn(true);
                if decided && let Some(next) = p.side().opponent() {
                    self.mover = Mover::Side(next);
                }
                return (report, fx);
            }
            Turn::Move { from, to } => {
                let a = self.at(from).expect("mover's piece");
                self.set(from, None);
                match self.at(to) {
                    None => self.set(to, Some(a)),
                    Some(d) => {
                        fx.attacker = Some(a);
                        fx.defender = Some(d);
                        let (outcome, at_from, at_to) = clash(rules, a, d);
                        report.clash = Some(outcome);
                        if outcome == ClashOutcome::FlagTaken {
                            flag_owner = Some(d.seat());
                        }
                        self.set(from, at_from);
                        self.set(to, at_to);
                        if at_from.is_none() && at_to != Some(a) {
                            fx.push((from, a));
                        }
                        if at_to.is_none_or(|p| !p.same_piece(d)) {
                            fx.push((to, d));
                        } else if at_to.is_some_and(|p| p.is_revealed() && !d.is_revealed()) {
                            report.revealed = Some(to);
                        }
                    }
                }
            }
        }
        if rules.flag_reveal_active() {
            for &(_, p) in fx.removed.iter().flatten() {
                if p.rank() == Rank::Marshal
                    && let Some(f) = self.find(p.side(), Rank::Flag)
                {
                    let flag = self.at(f).expect("found");
                    if !flag.is_revealed() {
                        self.set(f, Some(flag.with_revealed(true)));
                        let k = usize::from(report.flags_revealed[0].is_some());
                        report.flags_revealed[k] = Some((p.side(), f));
                    }
                }
            }
        }
        if self.board.is_four() {
            self.end_turn_four(rules, fx.n_removed > 0, flag_owner);
        } else {
            self.pass_turn(fx.n_removed > 0);
        }
        (report, fx)
    }

    /// A turn ends without a move (a lost turn: the move clock ran out; the search's null move):
    /// two players, the other side moves; four players, steps 2–3 of RULES.md 9.7 follow (the
    /// next player still in; one with no legal turn goes out). `ply` grows by one; `quiet` is
    /// reset if `reset_quiet` or if a player went out with pieces, else grows by one.
    pub fn pass_turn_in(&mut self, rules: &Rules, reset_quiet: bool) {
        if self.board.is_four() {
            self.end_turn_four(rules, reset_quiet, None);
        } else {
            self.pass_turn(reset_quiet);
        }
    }

    /// Four players: `seat` goes out outside a turn (RULES.md 9.7: resigned, `r`, or a fifth
    /// timeout, `t`): all its pieces leave the board at once. If it was that player's turn and
    /// the game goes on, step 3 follows from them (the next player still in; one with no legal
    /// turn goes out). Not a turn: `ply` and `quiet` stay (reading: only turns count; a timeout's
    /// lost turn is counted by `pass_turn_in` before the fifth one puts the player out). Nothing
    /// happens on a two-player board or for a seat already out.
    pub fn put_out(&mut self, rules: &Rules, seat: Seat, why: OutReason) {
        if !self.board.is_four() || self.out.contains(seat) || !self.board.seats.contains(&seat) {
            return;
        }
        self.go_out(seat, why);
        if self.mover != Mover::Side(seat) {
            return;
        }
        if self.some_team_out() {
            if let Some(next) = self.next_in(rules, seat) {
                self.mover = Mover::Side(next);
            }
            return;
        }
        let (quiet, ply) = (self.quiet, self.ply);
        self.end_turn_four(rules, false, None);
        (self.quiet, self.ply) = (quiet, ply);
    }

    /// The seat after `seat` in the rules' turn order that is not out (RULES.md 9.1), if any
    /// other seat is in.
    pub fn next_in(&self, rules: &Rules, seat: Seat) -> Option<Seat> {
        let seats = self.board.seats;
        let n = seats.len();
        let i = seats.iter().position(|&s| s == seat)?;
        (1..n)
            .map(|k| {
                if rules.turn_order.is_clockwise() {
                    seats[(i + n - k) % n]
                } else {
                    seats[(i + k) % n]
                }
            })
            .find(|&s| !self.out.contains(s))
    }

    /// Put a four-player seat out: all its pieces leave the board at once (RULES.md 9.7).
    /// Whether any piece left.
    pub(crate) fn go_out(&mut self, seat: Seat, why: OutReason) -> bool {
        let gone: NodeSet = self.side_set[seat.index()];
        for n in gone.iter() {
            self.set(n, None);
        }
        self.out.push(seat, why);
        !gone.is_empty()
    }

    /// Whether a seat has a movable piece (codes 1–9, B) on the board.
    fn has_movable(&self, seat: Seat) -> bool {
        !(self.side_set[seat.index()] - self.flag_set - self.mine_set).is_empty()
    }

    fn some_team_out(&self) -> bool {
        self.board.teams.iter().any(|&t| self.out.team_out(t))
    }

    /// The end of a four-player turn, steps 1–3 of RULES.md 9.7 in order (they are part of the
    /// turn), then the counters: `ply` + 1, `quiet` 0 if any piece left the board.
    ///
    /// Readings: when step 1 or 2 ends the game the turn stays with the player who moved (the
    /// NOTATION.md examples), unless that player went out and someone is still in (then the
    /// next player still in, so the position stays well formed). When step 3 puts a player out
    /// and so ends the game, the turn passes to the next player still in after them and nothing
    /// more is checked (golden cases 34, 36, 41).
    fn end_turn_four(&mut self, rules: &Rules, mut removed: bool, flag_owner: Option<Seat>) {
        let Mover::Side(mover) = self.mover else {
            unreachable!("four-player games have seats to move")
        };
        let mut over = false;
        // 1. A taken flag puts its owner out.
        if let Some(owner) = flag_owner {
            removed |= self.go_out(owner, OutReason::Flag);
            over = self.out.team_out(owner.team());
        }
        // 2. Players still in with no movable piece, in turn order from the mover.
        if !over {
            let mut seat = Some(mover);
            for _ in 0..self.board.seats.len() {
                let Some(s) = seat else { break };
                if !self.out.contains(s) && !self.has_movable(s) {
                    removed |= self.go_out(s, OutReason::NoPieces);
                }
                seat = self.next_seat(rules, s);
            }
            over = self.some_team_out();
        }
        if over {
            if self.out.contains(mover)
                && let Some(next) = self.next_in(rules, mover)
            {
                self.mover = Mover::Side(next);
            }
        } else {
            // 3. The next player still in; one with no legal turn goes out (unless nobody in
            // has a legal turn: a draw, and the turn rests with that player).
            let mut cur = mover;
            while let Some(next) = self.next_in(rules, cur) {
                self.mover = Mover::Side(next);
                if self.has_turn(rules, next) {
                    break;
                }
                let anyone = self
                    .board
                    .seats
                    .iter()
                    .any(|&s| s != next && !self.out.contains(s) && self.has_turn(rules, s));
                if !anyone {
                    break;
                }
                removed |= self.go_out(next, OutReason::NoMoves);
                if self.out.team_out(next.team()) {
                    if let Some(after) = self.next_in(rules, next) {
                        self.mover = Mover::Side(after);
                    }
                    break;
                }
                cur = next;
            }
        }
        self.quiet = if removed { 0 } else { self.quiet + 1 };
        self.ply += 1;
    }

    /// The seat after `seat` in the rules' turn order, out or not.
    fn next_seat(&self, rules: &Rules, seat: Seat) -> Option<Seat> {
        let seats = self.board.seats;
        let n = seats.len();
        let i = seats.iter().position(|&s| s == seat)?;
        Some(if rules.turn_order.is_clockwise() {
            seats[(i + n - 1) % n]
        } else {
            seats[(i + 1) % n]
        })
    }

    /// The end-of-game checks of RULES.md section 7, in order, on this position.
    pub fn status(&self, rules: &Rules) -> Status {
        self.status_with(rules, None)
    }

    /// `status`, given (if known) whether the side to move has a legal turn, to save regenerating.
    pub fn status_with(&self, rules: &Rules, mover_has_turn: Option<bool>) -> Status {
        if self.board.is_four() {
            return self.status_four(rules, mover_has_turn);
        }
        // 1. A flag taken.
        for side in Seat::BOTH {
            if !self.side_set[side.index()].intersects(self.flag_set) {
                return Status::Won(side.team().other(), EndReason::Flag);
            }
        }
        // 2. No movable pieces (face up or face down).
        let fixed = self.flag_set | self.mine_set;
        let movable = Seat::BOTH.map(|s| !(self.side_set[s.index()] - fixed).is_empty());
        match movable {
            [false, false] => return Status::Draw(EndReason::NoPieces),
            [false, true] => return Status::Won(Team::Blue, EndReason::NoPieces),
            [true, false] => return Status::Won(Team::Red, EndReason::NoPieces),
            _ => {}
        }
        // 3. The side to move has no legal turn.
        if let Mover::Side(me) = self.mover
            && !mover_has_turn.unwrap_or_else(|| self.has_turn(rules, me))
        {
            return match me.opponent() {
                Some(them) if self.has_turn(rules, them) => {
                    Status::Won(them.team(), EndReason::NoMoves)
                }
                _ => Status::Draw(EndReason::NoMoves),
            };
        }
        // 4. Quiet limit, 5. turn limit.
        if self.quiet >= rules.quiet_limit {
            // `quiet loses` (the CCGC rules): the player who made the last quiet turn loses, so
            // the side to move now wins. Flip mode before colours has no side to win: a draw.
            if rules.quiet_loses
                && let Mover::Side(me) = self.mover
            {
                return Status::Won(me.team(), EndReason::QuietLimit);
            }
            return Status::Draw(EndReason::QuietLimit);
        }
        if self.ply >= rules.turn_limit {
            return Status::Draw(EndReason::TurnLimit);
        }
        Status::Ongoing
    }
}

impl Position {
    /// How a four-player game stands (RULES.md 9.7; steps 1–3 were applied by the turn that
    /// caused them, so the out list says who is out): a team with both players out has lost
    /// (`<why>` = why its last player went out); both teams out is a draw; the player to move
    /// with no legal turn means nobody in has one (a draw, `no-moves`); then the limits.
    fn status_four(&self, rules: &Rules, mover_has_turn: Option<bool>) -> Status {
        let teams = self.board.teams;
        let out_teams: Vec<Team> = teams
            .iter()
            .copied()
            .filter(|&t| self.out.team_out(t))
            .collect();
        let last_out = |t: Option<Team>| {
            self.out
                .iter()
                .filter(|(s, _)| t.is_none_or(|t| s.team() == t))
                .last()
                .map_or(EndReason::NoPieces, |(_, why)| why.end_reason())
        };
        match out_teams[..] {
            [] => {}
            [lost] => return Status::Won(lost.other(), last_out(Some(lost))),
            _ => return Status::Draw(last_out(None)),
        }
        if let Mover::Side(me) = self.mover
            && !mover_has_turn.unwrap_or_else(|| self.has_turn(rules, me))
        {
            return Status::Draw(EndReason::NoMoves);
        }
        if self.quiet >= rules.quiet_limit {
            return Status::Draw(EndReason::QuietLimit);
        }
        if self.ply >= rules.turn_limit {
            return Status::Draw(EndReason::TurnLimit);
        }
        Status::Ongoing
    }
}

/// What `play_core` removed and who clashed, without allocating (at most two pieces go).
#[derive(Default)]
struct Played {
    removed: [Option<(NodeId, Piece)>; 2],
    n_removed: usize,
    attacker: Option<Piece>,
    defender: Option<Piece>,
}

impl Played {
    fn push(&mut self, r: (NodeId, Piece)) {
        self.removed[self.n_removed] = Some(r);
        self.n_removed += 1;
    }
}

/// The outcome when a piece of rank `attacker` attacks one of rank `defender` under `rules` (the
/// clash rules alone: whether the attack is allowed at all is movegen's business). The in-app
/// rulebook is generated from this, so it says what the engine does.
pub fn clash_outcome(rules: &Rules, attacker: Rank, defender: Rank) -> ClashOutcome {
    let a = Piece::new(Seat::Red, attacker);
    let d = Piece::new(Seat::Blue, defender);
    clash(rules, a, d).0
}

/// Resolve a clash: the outcome and what is left on the attacker's and the defender's node.
pub(crate) fn clash(
    rules: &Rules,
    a: Piece,
    d: Piece,
) -> (ClashOutcome, Option<Piece>, Option<Piece>) {
    use ClashOutcome::*;
    let (ar, dr) = (a.rank(), d.rank());
    // 1. The flag: taken (a bomb taking it is removed too).
    if dr == Rank::Flag {
        return (FlagTaken, None, (ar != Rank::Bomb).then_some(a));
    }
    // 2. A bomb removes itself and whatever it meets.
    if ar == Rank::Bomb || dr == Rank::Bomb {
        return (BothRemoved, None, None);
    }
    // 3. Mines.
    if dr == Rank::Mine {
        if ar == Rank::Engineer {
            return (MineDug, None, Some(a));
        }
        return match rules.mines {
            MineRule::Standard => (AttackerRemoved, None, Some(d)),
            MineRule::Spring => (Bounced, Some(a), Some(d.with_revealed(true))),
            MineRule::Bomb => (BothRemoved, None, None),
        };
    }
    // Engineer scout (hidden mode house rule): the engineer dies, the defender is revealed.
    if rules.scout_active() && ar == Rank::Engineer {
        return (AttackerRemoved, None, Some(d.with_revealed(true)));
    }
    // 4. Compare ranks.
    match (ar as u8).cmp(&(dr as u8)) {
        std::cmp::Ordering::Greater => (DefenderRemoved, None, Some(a)),
        std::cmp::Ordering::Less => (AttackerRemoved, None, Some(d)),
        std::cmp::Ordering::Equal => (BothRemoved, None, None),
    }
}

/// Count the turn sequences of length `depth` (finished games have no turns). The last ply is
/// counted in bulk: its turns are counted from the destination sets (`turn_count`), neither listed
/// nor played.
pub fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let n = pos.turn_count(rules);
        return if pos.status_with(rules, Some(n > 0)).is_over() {
            0
        } else {
            n as u64
        };
    }
    let mut moves = Vec::with_capacity(64);
    pos.pseudo_turns(rules, &mut moves);
    if pos.status_with(rules, Some(!moves.is_empty())).is_over() {
        return 0;
    }
    moves
        .iter()
        .map(|&t| {
            let mut p = *pos;
            p.play_unchecked_fast(rules, t);
            perft(&p, rules, depth - 1)
        })
        .sum()
}
