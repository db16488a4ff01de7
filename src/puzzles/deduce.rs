//! Deduction in hidden mode (暗棋): what one side of a game knew of the enemy's 25 pieces at one
//! turn, and what follows from it with certainty.
//!
//! **What the side knew** ([`Knowledge`]): its own pieces, where every enemy piece was deployed
//! (every turn is public, so each enemy piece is followed from its square by its moves), whether
//! it moved, whether it went where only an engineer could (a turn on the rails), every clash it
//! had with the side's pieces (which of the side's pieces, who attacked, the public outcome,
//! whether the enemy's flag was shown by it) and any enemy piece shown face up (the flag after
//! the marshal fell, a spring mine that threw an attacker back). Nothing else: no hidden truth.
//!
//! **What each fact allows** ([`Fact::allows`]): the deployment rules on its first square (flag
//! in an HQ, mines in the last two lines, bombs not in line 1), a moved piece is no mine or flag,
//! a flight makes an engineer (or a bomb under `flying bombs`), a clash keeps the ranks that the
//! engine's own clash rule (`engine::clash_outcome`) would have given that outcome against the
//! side's piece, and under `flag reveal on marshal loss` an enemy piece removed in a clash was the
//! marshal exactly when its flag was shown then. Every fact is about one piece, so a deployment
//! is consistent with the reports exactly when each piece gets a rank its facts allow and each
//! rank is used as many times as a side has it (RULES.md section 1): an assignment of 25 pieces
//! to 25 rank slots, a bipartite matching ([`Solver`]).
//!
//! **Exact and bounded.** `Solver::possible` finds, for every piece, every rank it has in at
//! least one consistent deployment: one matching, then for each piece and rank one augmenting
//! path from it (at most 25 × 12 searches of a 25 × 25 graph). Nothing is sampled or guessed,
//! and every position is decided within that bound.
//!
//! The game must still be going on at the turn asked about, and only the two-player board under
//! house rules whose refusals and reveals are modelled here is taken ([`supported`]).

use crate::engine::{
    ClashOutcome, Game, Mover, Rank, Rules, Seat, Seen, Turn, View, Viewer, clash_outcome,
};
use crate::engine::{FlagTakers, Mode, NodeId};

use crate::ai::belief::walker_reaches;
use crate::engine::rank_set::augment;
pub use crate::engine::rank_set::{ALL_RANKS, RankSet, bit, ranks_in};

/// Whether deduction is modelled under `rules`: hidden mode, without the refusals of the flag
/// rules and without engineer scouting.
pub fn supported(rules: &Rules) -> bool {
    rules.mode == Mode::Hidden
        && !rules.engineer_scout
        && !rules.flag_needs_mines_cleared
        && rules.flag_takers == FlagTakers::Any
}

/// One clash of an enemy piece with a piece of the side's, as both were told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The ply the clash was (1 is the game's first turn).
    pub ply: u32,
    pub turn: Turn,
    /// The side's piece in it.
    pub mine: Rank,
    /// The side's piece attacked (else the enemy piece did).
    pub by_me: bool,
    pub outcome: ClashOutcome,
    /// The enemy's flag was shown after this clash (its marshal fell).
    pub flag_shown: bool,
}

/// What the side knew of one enemy piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnemyPiece {
    /// Where it was deployed.
    pub origin: NodeId,
    /// Where it stands; `None` once removed.
    pub at: Option<NodeId>,
    pub moved: bool,
    /// It once went where no piece but an engineer could (a turn on the rails).
    pub flew: bool,
    /// Shown face up to both (the flag after the marshal fell, a revealed mine).
    pub shown: Option<Rank>,
    pub clashes: Vec<Clash>,
}

/// One fact about an enemy piece, which keeps some ranks and rules out the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// Its first square's line and column (the owner's terms): the deployment rules.
    Deployed(NodeId),
    Moved,
    Flew,
    Shown(Rank),
    Clash(Clash),
}

impl Fact {
    /// The ranks this fact allows the piece.
    pub fn allows(&self, rules: &Rules, enemy: Seat) -> RankSet {
        match *self {
            Fact::Deployed(n) => deploy_mask(rules, enemy, n),
            Fact::Moved => ranks_in(ALL_RANKS)
                .filter(|r| r.is_movable())
                .fold(0, |m, r| m | bit(r)),
            Fact::Flew => {
                let bomb = if rules.flying_bombs {
                    bit(Rank::Bomb)
                } else {
                    0
                };
                bit(Rank::Engineer) | bomb
            }
            Fact::Shown(r) => bit(r),
            Fact::Clash(c) => ranks_in(ALL_RANKS)
                .filter(|&r| clash_allows(rules, &c, r))
                .fold(0, |m, r| m | bit(r)),
        }
    }
}

impl Clash {
    /// Whether the enemy piece was removed in it.
    pub fn enemy_removed(&self) -> bool {
        match self.outcome {
            ClashOutcome::BothRemoved => true,
            ClashOutcome::DefenderRemoved | ClashOutcome::MineDug => self.by_me,
            ClashOutcome::AttackerRemoved => !self.by_me,
            ClashOutcome::Bounced | ClashOutcome::FlagTaken => false,
        }
    }
}

/// Whether the enemy piece being `r` agrees with clash `c`.
fn clash_allows(rules: &Rules, c: &Clash, r: Rank) -> bool {
    let outcome = if c.by_me {
        clash_outcome(rules, c.mine, r)
    } else {
        clash_outcome(rules, r, c.mine)
    };
    if outcome != c.outcome {
        return false;
    }
    if rules.flag_reveal_on_marshal_loss && c.enemy_removed() {
        (r == Rank::Marshal) == c.flag_shown
    } else {
        true
    }
}

/// The ranks the deployment rules allow `enemy` on `n`.
fn deploy_mask(rules: &Rules, enemy: Seat, n: NodeId) -> RankSet {
    let board = crate::engine::Board::two_player();
    let Some((line, col)) = board.owner_coords(enemy, n) else {
        return 0;
    };
    ranks_in(ALL_RANKS)
        .filter(|&r| rules.may_deploy(r, line, col))
        .fold(0, |m, r| m | bit(r))
}

impl EnemyPiece {
    /// Its facts, in the order they were learned (deployment first).
    pub fn facts(&self) -> Vec<Fact> {
        let mut out = vec![Fact::Deployed(self.origin)];
        if self.moved {
            out.push(Fact::Moved);
        }
        if self.flew {
            out.push(Fact::Flew);
        }
        out.extend(self.clashes.iter().map(|c| Fact::Clash(*c)));
        if let Some(r) = self.shown {
            out.push(Fact::Shown(r));
        }
        out
    }

    /// The ranks all its facts allow.
    pub fn mask(&self, rules: &Rules, enemy: Seat) -> RankSet {
        self.facts()
            .iter()
            .fold(ALL_RANKS, |m, f| m & f.allows(rules, enemy))
    }

    /// The first fact that rules out `r`, if one does alone.
    pub fn rules_out(&self, rules: &Rules, enemy: Seat, r: Rank) -> Option<Fact> {
        self.facts()
            .into_iter()
            .find(|f| f.allows(rules, enemy) & bit(r) == 0)
    }
}

/// What one side knew at one turn: its view (the side to move) and the enemy's 25 pieces.
#[derive(Clone, Debug)]
pub struct Knowledge {
    pub rules: Rules,
    pub view: View,
    pub side: Seat,
    pub pieces: Vec<EnemyPiece>,
}

/// Why a game's turn gives no knowledge to deduce from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotDeducible(pub String);

impl Knowledge {
    /// The enemy.
    pub fn enemy(&self) -> Seat {
        self.side.opponent().expect("two players")
    }

    /// What the side to move after `n` plies of `game` knew then, from its own views and the
    /// public reports of the turns (never the enemy's identities).
    ///
    /// # Errors
    /// As [`Knowledge::each_turn`], or the game over or nobody to move at ply `n`.
    pub fn from_game(game: &Game, n: usize) -> Result<Knowledge, NotDeducible> {
        let mut found = None;
        Knowledge::each_turn(game, n, |k, at| {
            if at == n {
                found = Some(k.clone());
            }
        })?;
        found.ok_or_else(|| NotDeducible("the game is over or nobody is to move there".into()))
    }

    /// Follow both sides' knowledge through the first `last` plies of `game`, handing `f` the
    /// knowledge of the side to move after each ply (0 to `last`) at which the game goes on.
    ///
    /// # Errors
    /// Not a two-player hidden game under supported rules, an enemy that did not start with 25
    /// pieces, or a turn lost to the clock.
    pub fn each_turn(
        game: &Game,
        last: usize,
        mut f: impl FnMut(&Knowledge, usize),
    ) -> Result<(), NotDeducible> {
        let no = |m: &str| Err(NotDeducible(m.to_string()));
        let rules = game.rules();
        if game.board().is_four() || !supported(rules) {
            return no("deduction needs a two-player hidden game under the default flag rules");
        }
        let mut sides = Vec::with_capacity(2);
        for side in Seat::BOTH {
            let enemy = side.opponent().expect("two players");
            let view = game.position_at(0).view(rules, Viewer::Side(side));
            let pieces: Vec<EnemyPiece> = (0..view.cells().len())
                .filter(|&i| matches!(view.cells()[i], Seen::Unknown(e) if e == enemy))
                .map(|i| EnemyPiece {
                    origin: i as NodeId,
                    at: Some(i as NodeId),
                    moved: false,
                    flew: false,
                    shown: None,
                    clashes: Vec::new(),
                })
                .collect();
            if pieces.len() != 25 {
                return no("the enemy did not start with 25 pieces");
            }
            sides.push(Knowledge {
                rules: rules.clone(),
                view,
                side,
                pieces,
            });
        }
        for k in 0..=last.min(game.plies().len()) {
            if k > 0 {
                let Some(report) = &game.plies()[k - 1].report else {
                    return no("a turn lost to the clock");
                };
                for know in &mut sides {
                    let after = game.position_at(k).view(rules, Viewer::Side(know.side));
                    let before = std::mem::replace(&mut know.view, after);
                    follow(
                        &mut know.pieces,
                        rules,
                        know.side,
                        k as u32,
                        report,
                        &before,
                        &know.view,
                    );
                }
            }
            let pos = game.position_at(k);
            if let Mover::Side(s) = pos.mover()
                && !pos.status(rules).is_over()
                && let Some(know) = sides.iter().find(|x| x.side == s)
            {
                f(know, k);
            }
        }
        Ok(())
    }

    /// Each piece's ranks by its own facts.
    pub fn masks(&self) -> Vec<RankSet> {
        let enemy = self.enemy();
        self.pieces
            .iter()
            .map(|p| p.mask(&self.rules, enemy))
            .collect()
    }

    /// The piece standing on `n`.
    pub fn piece_at(&self, n: NodeId) -> Option<usize> {
        self.pieces.iter().position(|p| p.at == Some(n))
    }

    /// Whether the enemy piece `i` stands on the board and the side does not see its rank.
    pub fn is_unknown(&self, i: usize) -> bool {
        self.pieces[i]
            .at
            .is_some_and(|n| matches!(self.view.at(n), Seen::Unknown(_)))
    }

    /// Whether the facts agree with `truth`, the enemy's true ranks by piece (a check that what
    /// was learned holds).
    pub fn holds(&self, truth: &[Rank]) -> bool {
        self.masks()
            .iter()
            .zip(truth)
            .all(|(m, r)| m & bit(*r) != 0)
    }
}

/// Learn from one turn: follow the moving piece, note its clash, its flight, a shown flag.
fn follow(
    pieces: &mut [EnemyPiece],
    rules: &Rules,
    side: Seat,
    ply: u32,
    report: &crate::engine::TurnReport,
    before: &View,
    after: &View,
) {
    let enemy = side.opponent().expect("two players");
    let at = |pieces: &[EnemyPiece], n: NodeId| pieces.iter().position(|p| p.at == Some(n));
    let flag_shown = report.flags_revealed().any(|(s, _)| s == enemy);
    if let Turn::Move { from, to } = report.turn {
        if report.mover == Mover::Side(enemy) {
            if let Some(e) = at(pieces, from) {
                pieces[e].moved = true;
                if !walker_reaches(before, rules, enemy, from, to) {
                    pieces[e].flew = true;
                }
                match (report.clash, before.at(to)) {
                    (None, _) => pieces[e].at = Some(to),
                    (Some(o), Seen::Known(mine)) => {
                        pieces[e].clashes.push(Clash {
                            ply,
                            turn: report.turn,
                            mine: mine.rank(),
                            by_me: false,
                            outcome: o,
                            flag_shown,
                        });
                        pieces[e].at = match o {
                            ClashOutcome::DefenderRemoved
                            | ClashOutcome::MineDug
                            | ClashOutcome::FlagTaken => Some(to),
                            ClashOutcome::Bounced => Some(from),
                            ClashOutcome::AttackerRemoved | ClashOutcome::BothRemoved => None,
                        };
                    }
                    (Some(_), _) => {}
                }
            }
        } else if let (Some(o), Seen::Known(mine)) = (report.clash, before.at(from))
            && let Some(e) = at(pieces, to)
        {
            pieces[e].clashes.push(Clash {
                ply,
                turn: report.turn,
                mine: mine.rank(),
                by_me: true,
                outcome: o,
                flag_shown,
            });
            if !matches!(o, ClashOutcome::AttackerRemoved | ClashOutcome::Bounced) {
                pieces[e].at = None;
            }
        }
    }
    for (i, s) in after.cells().iter().enumerate() {
        if let Seen::Known(p) = s
            && p.side() == enemy
            && let Some(e) = at(pieces, i as NodeId)
        {
            pieces[e].shown = Some(p.rank());
        }
    }
}

/// The exact solver: pieces matched to rank slots (each rank as many slots as a side has).
pub struct Solver {
    masks: Vec<RankSet>,
    slots: Vec<Rank>,
    /// A consistent deployment: the slot of each piece.
    slot_of: Vec<usize>,
}

impl Solver {
    /// A solver for these masks, if any deployment is consistent with them.
    pub fn new(masks: Vec<RankSet>) -> Option<Solver> {
        let mut slots = Vec::with_capacity(25);
        for r in Rank::ALL {
            for _ in 0..r.count() {
                slots.push(r);
            }
        }
        if masks.len() != slots.len() {
            return None;
        }
        let mut owner: Vec<Option<usize>> = vec![None; slots.len()];
        for p in 0..masks.len() {
            let mut seen = vec![false; slots.len()];
            if !augment(p, &masks, &slots, &mut owner, &mut seen) {
                return None;
            }
        }
        let mut slot_of = vec![0; masks.len()];
        for (s, o) in owner.iter().enumerate() {
            slot_of[o.expect("a perfect matching")] = s;
        }
        Some(Solver {
            masks,
            slots,
            slot_of,
        })
    }

    /// One consistent deployment: each piece's rank.
    pub fn deployment(&self) -> Vec<Rank> {
        self.slot_of.iter().map(|&s| self.slots[s]).collect()
    }

    /// A consistent deployment in which piece `i` is `r`, if there is one.
    pub fn with(&self, i: usize, r: Rank) -> Option<Vec<Rank>> {
        if self.masks[i] & bit(r) == 0 {
            return None;
        }
        if self.slots[self.slot_of[i]] == r {
            return Some(self.deployment());
        }
        let mut masks = self.masks.clone();
        masks[i] = bit(r);
        let mut owner: Vec<Option<usize>> = vec![None; self.slots.len()];
        for (p, &s) in self.slot_of.iter().enumerate() {
            if p != i {
                owner[s] = Some(p);
            }
        }
        let mut seen = vec![false; self.slots.len()];
        if !augment(i, &masks, &self.slots, &mut owner, &mut seen) {
            return None;
        }
        let mut ranks = vec![Rank::Flag; masks.len()];
        for (s, o) in owner.iter().enumerate() {
            if let Some(p) = o {
                ranks[*p] = self.slots[s];
            }
        }
        Some(ranks)
    }

    /// A consistent deployment in which piece `i` is not `r`, if there is one.
    pub fn without(&self, i: usize, r: Rank) -> Option<Vec<Rank>> {
        ranks_in(self.masks[i] & !bit(r)).find_map(|o| self.with(i, o))
    }

    /// Every rank piece `i` has in some consistent deployment.
    pub fn possible(&self, i: usize) -> RankSet {
        ranks_in(self.masks[i])
            .filter(|&r| self.with(i, r).is_some())
            .fold(0, |m, r| m | bit(r))
    }
}
