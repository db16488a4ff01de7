//! Why a reviewed turn was a mistake, in facts the engine can check (`annotate`): every fact is
//! taken from what the mover could know at that turn — its own view, the public reports, its
//! belief about the hidden pieces — or from what the record shows happened next.
//!
//! - A lost attack on an unknown piece (hidden mode) is weighed by what the mover's belief gave
//!   it to lose on balance (`Risk::stake`): over the belief's deals, the attacker's worth where it
//!   would be removed alone, its worth less the defender's where both would go (so a bomb, which
//!   always goes, or a marshal traded for the marshal, lose little), nothing where it would win. A
//!   careless risk is a mistake even when the search, which plays many deals, did not mind it; a
//!   reasonable one is not, and the review says which, with the odds of losing the piece.
//! - A lost attack on a piece the public reports had shown beating one of the mover's pieces at
//!   least as strong (`Why::KnownBeater`).
//! - A piece lost for nothing: it attacked a piece known to be stronger, or the enemy took it on
//!   its new square at once and nothing took the taker back (`Why::ForNothing`).
//! - The flag left open: after the turn (not after the better one) an enemy piece can reach the
//!   flag's side unanswered, now or by an engineer's flight after any reply (`ai::safety`).
//!
//! The better turn's reason: it takes a piece the mover knew (`Better::Takes`), the flag, or keeps
//! the flag safe.

use super::belief::{Belief, ranks_in};
use super::eval;
use super::mark::{BLUNDER, Mark};
use super::safety::{known_position, raid_in_two, raid_unanswered};
use crate::engine::board::{NodeId, NodeSet};
use crate::engine::rng::SplitMix64;
use crate::engine::{
    Action, ClashOutcome, Game, Mode, Mover, Position, Rank, Rules, Seat, Seen, Turn, TurnReport,
    View, Viewer, clash_outcome,
};

/// A lost attack is a careless risk when what it could be expected to lose on balance
/// (`Risk::stake`) reaches this much, a colonel's worth: the marshal removed alone (by a mine) at
/// 1 in 4, the general (by a mine or the marshal) at 1 in 3. A trade of equals never is, nor a
/// bomb's attack: the bomb goes whatever it meets, and what it takes with it is worth at least a
/// lieutenant, so it cannot lose this much on balance.
pub const CARELESS: i32 = 25;

/// How many deals of the mover's belief weigh a risk.
const RISK_DEALS: usize = 60;

/// An attack on an unknown piece that lost the attacker, as the mover could have weighed it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Risk {
    /// The piece risked (and lost).
    pub attacker: Rank,
    /// The chance, by the mover's belief then, that the attack would lose it (in hundredths).
    pub lose: u8,
    /// The part of `lose` in which the attacked piece would go too: a trade (in hundredths).
    pub trade: u8,
    /// Whether every way of losing it was a mine or a bomb (else a stronger piece could too).
    pub bombs_and_mines: bool,
    /// What the attack could be expected to lose on balance, in the evaluation's units
    /// (`eval::value`, hidden mode), averaged over the deals of the mover's belief: the attacker's
    /// worth where it would be removed alone, its worth less the defender's (never below 0) where
    /// both would go, nothing where it would win.
    pub stake: i32,
}

/// What a lost attack on an unknown piece was, as the review words it (`Risk::kind`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RiskKind {
    /// It could be expected to lose too much on balance: a mistake.
    Careless,
    /// A bomb spent: it goes whatever it meets.
    Bomb,
    /// Likely lost, but most likely taking the attacked piece with it.
    Trade,
    /// Likely lost alone, by a small piece (a major or lower): spent to learn what stood there.
    Probe,
    /// Likely lost alone, by a middle piece (a colonel, a brigadier, a major general) whose
    /// expected loss on balance was still small: a gamble, no probe.
    Gamble,
    /// Likely to win: a risk worth taking.
    Reasonable,
}

impl Risk {
    pub fn careless(&self) -> bool {
        self.stake >= CARELESS
    }

    /// What the attack was: careless, else by the attacker and the odds (a trade when at least
    /// half the chance of losing the piece is a trade; likely lost alone, a probe by a small
    /// piece and a gamble by a bigger one).
    pub fn kind(&self) -> RiskKind {
        if self.careless() {
            RiskKind::Careless
        } else if self.attacker == Rank::Bomb {
            RiskKind::Bomb
        } else if self.lose < 50 {
            RiskKind::Reasonable
        } else if self.trade as u32 * 2 >= self.lose as u32 {
            RiskKind::Trade
        } else if self.attacker <= Rank::Major {
            RiskKind::Probe
        } else {
            RiskKind::Gamble
        }
    }

    /// A careless risk is `?`, or `??` when the stake reaches half a blunder; a reasonable one is
    /// no mistake.
    pub fn mark(&self) -> Mark {
        if !self.careless() {
            Mark::None
        } else if self.stake * 2 >= BLUNDER {
            Mark::Blunder
        } else {
            Mark::Dubious
        }
    }
}

/// Why a turn lost what it lost.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Why {
    /// It attacked a piece that had already beaten the mover's `beaten` (at least as strong as
    /// the `attacker`), and lost the attacker.
    KnownBeater { attacker: Rank, beaten: Rank },
    /// The `rank` was lost and nothing taken for it.
    ForNothing { rank: Rank },
    /// After it an enemy piece can reach the flag unanswered: at once, or (`in_two`) by an
    /// engineer's flight whatever the reply.
    FlagOpen { in_two: bool },
}

/// What the better turn does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Better {
    /// It takes an enemy piece the mover knew to be this rank.
    Takes(Rank),
    /// It takes the enemy flag.
    TakesFlag,
    /// It keeps the flag safe where the turn played left it open.
    KeepsFlag,
    /// After it the mover can attack the enemy flag (seen) next turn, as after the turn played
    /// it cannot.
    ThreatensFlag,
}

/// What `annotate` found about one turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Notes {
    pub risk: Option<Risk>,
    pub why: Option<Why>,
    pub better: Option<Better>,
}

/// One side's belief about the hidden enemy pieces (four players: one per other seat), fed that
/// side's views and the public reports only.
pub struct SideBeliefs {
    pub side: Seat,
    pub beliefs: Vec<Belief>,
}

impl SideBeliefs {
    /// `side`'s beliefs at the start of `g` (hidden mode).
    pub fn start(g: &Game, side: Seat) -> SideBeliefs {
        let mut beliefs: Vec<Belief> = if g.board().is_four() {
            g.board()
                .seats
                .iter()
                .filter(|&&s| s != side)
                .map(|&s| Belief::about(s))
                .collect()
        } else {
            vec![Belief::default()]
        };
        let view = g.view(Viewer::Side(side));
        for b in &mut beliefs {
            b.start(&view, g.rules(), side);
        }
        SideBeliefs { side, beliefs }
    }

    /// Learn from `action`, just carried out in `g` (`mover` moved it).
    pub fn learn(&mut self, g: &Game, action: &Action, mover: Mover) {
        match action {
            Action::Refused(text) if mover == Mover::Side(self.side) => {
                if let Ok(Turn::Move { to, .. }) = Turn::parse(text, g.board()) {
                    for b in &mut self.beliefs {
                        b.learn_flag_at(to);
                    }
                }
            }
            Action::Turn(_) => {
                if let Some(report) = g.plies().last().and_then(|p| p.report.as_ref()) {
                    let after = g.view(Viewer::Side(self.side));
                    for b in &mut self.beliefs {
                        b.observe(report, &after, g.rules());
                    }
                }
            }
            _ => {}
        }
    }

    /// `n` deals of every piece the beliefs track: (node, rank) pairs per deal.
    pub fn deals(&self, n: usize, rng: &mut SplitMix64) -> Vec<Vec<(NodeId, Rank)>> {
        let mut out: Vec<Vec<(NodeId, Rank)>> = vec![Vec::new(); n];
        for b in &self.beliefs {
            for (all, deal) in out.iter_mut().zip(b.samples(n, false, rng)) {
                all.extend(deal);
            }
        }
        out
    }

    /// The rank of the enemy piece on `n` when the beliefs allow one only.
    pub fn sure(&self, n: NodeId, owner: Seat) -> Option<Rank> {
        let b = self.beliefs.iter().find(|b| b.is_about(owner))?;
        let mut ranks = ranks_in(b.may_be_at(n));
        let r = ranks.next()?;
        ranks.next().is_none().then_some(r)
    }
}

/// Per node, the pieces (side, rank) the piece standing there has beaten, from the public
/// reports and each side's knowledge of its own pieces.
struct Victories(Vec<Vec<(Seat, Rank)>>);

impl Victories {
    fn update(&mut self, before: &Position, report: &TurnReport) {
        let Turn::Move { from, to } = report.turn else {
            return;
        };
        let (from, to) = (from as usize, to as usize);
        let (a, d) = (before.at(from as NodeId), before.at(to as NodeId));
        let mut moved = std::mem::take(&mut self.0[from]);
        match report.clash {
            None | Some(ClashOutcome::FlagTaken) | Some(ClashOutcome::MineDug) => {
                self.0[to] = moved
            }
            Some(ClashOutcome::DefenderRemoved) => {
                moved.extend(d.map(|d| (d.side(), d.rank())));
                self.0[to] = moved;
            }
            Some(ClashOutcome::AttackerRemoved) => {
                self.0[to].extend(a.map(|a| (a.side(), a.rank())));
            }
            Some(ClashOutcome::BothRemoved) => self.0[to].clear(),
            Some(ClashOutcome::Bounced) => self.0[from] = moved,
        }
    }

    /// The strongest of `side`'s pieces that the piece on `n` has beaten, if at least as strong
    /// as `attacker`.
    fn beaten(&self, n: NodeId, side: Seat, attacker: Rank) -> Option<Rank> {
        self.0[n as usize]
            .iter()
            .filter(|(s, r)| *s == side && r.is_officer() && *r as u8 >= attacker as u8)
            .map(|&(_, r)| r)
            .max_by_key(|&r| r as u8)
    }
}

/// A turn to annotate: its number, the turn played and, when judged, whether the search marked
/// it and its better turn.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    pub ply: usize,
    pub turn: Turn,
    pub mistake: Option<(bool, Turn)>,
}

/// The notes of each of `asked` (turns of `game`), in the same order; a turn that does not fit the
/// record gets none.
pub fn annotate(game: &Game, asked: &[Asked]) -> Vec<Notes> {
    annotate_with(game, asked, &mut |_| {})
}

/// `annotate`, calling `progress(turns)` after each turn of the record is gone through.
pub fn annotate_with(game: &Game, asked: &[Asked], progress: &mut dyn FnMut(usize)) -> Vec<Notes> {
    let mut out = vec![Notes::default(); asked.len()];
    let rules = game.rules();
    let Ok(mut g) = Game::new(rules.clone(), game.record().start.clone()) else {
        return out;
    };
    let mut sides: Vec<SideBeliefs> = if rules.mode == Mode::Hidden {
        g.board()
            .seats
            .iter()
            .map(|&s| SideBeliefs::start(&g, s))
            .collect()
    } else {
        Vec::new()
    };
    let mut wins = Victories(vec![Vec::new(); g.board().nodes.len()]);
    for action in game.standing_actions() {
        let ply = g.plies().len() + 1;
        let mover = g.position().mover();
        if let (Action::Turn(text), Mover::Side(s)) = (action, mover)
            && let Ok(turn) = Turn::parse(text, g.board())
            && let Some(k) = asked.iter().position(|a| a.ply == ply && a.turn == turn)
        {
            let side = sides.iter().find(|b| b.side == s);
            out[k] = notes_of(game, &g, (turn, ply), side, &wins, asked[k].mistake);
        }
        let before = *g.position();
        if g.act(action.clone()).is_err() {
            return out;
        }
        for b in &mut sides {
            b.learn(&g, action, mover);
        }
        if let Action::Turn(_) = action
            && let Some(report) = g.plies().last().and_then(|p| p.report.as_ref())
        {
            wins.update(&before, report);
        }
        progress(g.plies().len());
    }
    out
}

/// The notes of `turn` (turn number `ply`), about to be played in `g` (the record's `game`
/// replayed up to it). `mistake`: whether the search marked it, and its better turn.
fn notes_of(
    game: &Game,
    g: &Game,
    (turn, ply): (Turn, usize),
    beliefs: Option<&SideBeliefs>,
    wins: &Victories,
    mistake: Option<(bool, Turn)>,
) -> Notes {
    let rules = g.rules();
    let pos = g.position();
    let mut notes = Notes::default();
    let Mover::Side(me) = pos.mover() else {
        return notes;
    };
    let view = g.view(Viewer::Side(me));
    let report = game.plies().get(ply - 1).and_then(|p| p.report.as_ref());
    let clash = report.and_then(|r| r.clash);
    if let Turn::Move { from, to } = turn
        && let Some(a) = pos.at(from)
    {
        let lost = matches!(
            clash,
            Some(ClashOutcome::AttackerRemoved | ClashOutcome::BothRemoved)
        );
        if lost {
            match view.at(to) {
                Seen::Unknown(_) => {
                    notes.risk = beliefs.and_then(|b| risk(b, rules, to, a.rank(), ply));
                }
                Seen::Known(_) if clash == Some(ClashOutcome::AttackerRemoved) => {
                    notes.why = Some(Why::ForNothing { rank: a.rank() });
                }
                _ => {}
            }
            if let Some(beaten) = wins.beaten(to, me, a.rank()) {
                notes.why = Some(Why::KnownBeater {
                    attacker: a.rank(),
                    beaten,
                });
            }
        } else if clash.is_none() && taken_for_nothing(game, ply, to, me) {
            notes.why = Some(Why::ForNothing { rank: a.rank() });
        }
    }
    let Some((marked, best)) = mistake else {
        return notes;
    };
    notes.better = takes(&view, pos, rules, best, beliefs);
    if marked && best != turn {
        let known = known_position(&view, |n, owner| beliefs.and_then(|b| b.sure(n, owner)));
        let played = flag_open_after(&known, rules, me, turn);
        if played.is_some() && flag_open_after(&known, rules, me, best).is_none() {
            if notes.why.is_none() {
                notes.why = played.map(|in_two| Why::FlagOpen { in_two });
            }
            notes.better = notes.better.or(Some(Better::KeepsFlag));
        }
        if notes.better.is_none()
            && threatens_flag(&known, rules, me, best)
            && !threatens_flag(&known, rules, me, turn)
        {
            notes.better = Some(Better::ThreatensFlag);
        }
    }
    notes
}

/// Whether the piece that moved to `to` at turn `ply` (a plain move) was taken there by the
/// enemy's next turn while no piece of `me`'s team took the taker back within a round.
fn taken_for_nothing(game: &Game, ply: usize, to: NodeId, me: Seat) -> bool {
    let plies = game.plies();
    let Some(reply) = plies.get(ply).and_then(|p| p.report.as_ref()) else {
        return false;
    };
    let enemy = reply.mover.side().is_some_and(|s| s.team() != me.team());
    let taken = matches!(reply.turn, Turn::Move { to: t, .. } if t == to)
        && reply.clash == Some(ClashOutcome::DefenderRemoved);
    if !(enemy && taken) {
        return false;
    }
    let seats = game.board().seats.len();
    let retaken = plies.iter().skip(ply + 1).take(seats).any(|p| {
        p.report.as_ref().is_some_and(|r| {
            r.mover.side().is_some_and(|s| s.team() == me.team())
                && matches!(r.turn, Turn::Move { to: t, .. } if t == to)
                && matches!(
                    r.clash,
                    Some(ClashOutcome::DefenderRemoved | ClashOutcome::BothRemoved)
                )
        })
    });
    !retaken
}

/// The odds `beliefs` gave, before turn `ply`, that a `attacker` attacking the unknown piece on
/// `to` would be lost, and what it would lose on balance (`Risk::stake`).
fn risk(
    beliefs: &SideBeliefs,
    rules: &Rules,
    to: NodeId,
    attacker: Rank,
    ply: usize,
) -> Option<Risk> {
    let mut rng = SplitMix64::new(0x0DD5_0DD5 ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let deals = beliefs.deals(RISK_DEALS, &mut rng);
    let worth = |r: Rank| eval::value(r, 3, Mode::Hidden);
    let (mut counted, mut lose, mut trade, mut by_other) = (0u32, 0u32, 0u32, 0u32);
    let mut cost = 0i32;
    for deal in &deals {
        let Some(&(_, d)) = deal.iter().find(|(n, _)| *n == to) else {
            continue;
        };
        counted += 1;
        cost += match clash_outcome(rules, attacker, d) {
            ClashOutcome::AttackerRemoved => worth(attacker),
            ClashOutcome::BothRemoved => {
                trade += 1;
                (worth(attacker) - worth(d)).max(0)
            }
            _ => continue,
        };
        lose += 1;
        if !matches!(d, Rank::Bomb | Rank::Mine) {
            by_other += 1;
        }
    }
    if counted == 0 {
        return None;
    }
    let pct = |k: u32| ((k * 100 + counted / 2) / counted) as u8;
    Some(Risk {
        attacker,
        lose: pct(lose),
        trade: pct(trade),
        bombs_and_mines: by_other == 0,
        stake: (cost + counted as i32 / 2) / counted as i32,
    })
}

/// Whether `best` takes an enemy piece `me` knew (seen, or sure by the belief), or the flag.
fn takes(
    view: &View,
    pos: &Position,
    rules: &Rules,
    best: Turn,
    beliefs: Option<&SideBeliefs>,
) -> Option<Better> {
    let Turn::Move { from, to } = best else {
        return None;
    };
    let a = pos.at(from)?;
    let d = match view.at(to) {
        Seen::Known(p) if p.side().team() != a.side().team() => p.rank(),
        Seen::Unknown(owner) => beliefs?.sure(to, owner)?,
        _ => return None,
    };
    match clash_outcome(rules, a.rank(), d) {
        ClashOutcome::DefenderRemoved | ClashOutcome::MineDug => Some(Better::Takes(d)),
        ClashOutcome::FlagTaken => Some(Better::TakesFlag),
        _ => None,
    }
}

/// In `known` (the position `me` knows, `me` to move), whether after `turn` a piece of `me`'s
/// could attack an enemy flag it knows the place of with its next move.
fn threatens_flag(known: &Position, rules: &Rules, me: Seat, turn: Turn) -> bool {
    if known.check_turn(rules, turn).is_err() {
        return false;
    }
    let mut after = *known;
    after.play_unchecked(rules, turn);
    known.board().seats.iter().any(|&e| {
        e.team() != me.team()
            && after
                .flag_node(e)
                .is_some_and(|f| after.can_attack(rules, me, f))
    })
}

/// In `known` (the position `me` knows, `me` to move), whether after `turn` an enemy can reach
/// the flag unanswered: `Some(false)` at once, `Some(true)` by a known engineer's flight whatever
/// the reply, `None` when neither.
fn flag_open_after(known: &Position, rules: &Rules, me: Seat, turn: Turn) -> Option<bool> {
    if known.check_turn(rules, turn).is_err() {
        return None;
    }
    let mut after = *known;
    after.play_unchecked(rules, turn);
    if after.status(rules).is_over() {
        return None;
    }
    if raid_unanswered(&after, rules, me) {
        return Some(false);
    }
    let mut engineers = NodeSet::EMPTY;
    for (i, c) in after.cells().iter().enumerate() {
        if c.is_some_and(|p| p.side().team() != me.team() && p.rank() == Rank::Engineer) {
            engineers.insert(i as NodeId);
        }
    }
    raid_in_two(&after, rules, me, (engineers, &|| false)).then_some(true)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::Start;

    /// A hidden game from `seed` in which Red throws its marshal and general at Blue's pieces
    /// (the deepest rows first) and Blue moves at random without attacking, until Red has lost
    /// both. Returns the game and the plies at which each fell to a bomb.
    pub(crate) fn reckless_game(seed: u64) -> (Game, Vec<usize>) {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut g = Game::new(rules.clone(), Start::random(&rules, seed)).unwrap();
        let mut rng = SplitMix64::new(seed ^ 0xABCD);
        let mut to_bombs = Vec::new();
        let big = |p: Option<crate::engine::Piece>| {
            p.is_some_and(|p| {
                p.side() == Seat::Red && matches!(p.rank(), Rank::Marshal | Rank::General)
            })
        };
        for _ in 0..400 {
            if g.status().is_over() {
                break;
            }
            let pos = *g.position();
            let turns = pos.legal_turns(&rules);
            let attack = |t: &Turn| matches!(*t, Turn::Move { to, .. } if pos.at(to).is_some());
            let red = pos.mover() == Mover::Side(Seat::Red);
            let pick: Vec<Turn> = if red {
                let bigs: Vec<Turn> = turns
                    .iter()
                    .copied()
                    .filter(|t| matches!(*t, Turn::Move { from, .. } if big(pos.at(from))))
                    .collect();
                let hits: Vec<Turn> = bigs.iter().copied().filter(attack).collect();
                let deepest = hits
                    .iter()
                    .filter_map(|t| match *t {
                        Turn::Move { to, .. } => {
                            g.board().owner_coords(Seat::Blue, to).map(|c| c.0)
                        }
                        _ => None,
                    })
                    .max();
                let deep: Vec<Turn> = hits
                    .iter()
                    .copied()
                    .filter(|t| {
                        matches!(*t, Turn::Move { to, .. }
                        if g.board().owner_coords(Seat::Blue, to).map(|c| c.0) == deepest)
                    })
                    .collect();
                if !deep.is_empty() {
                    deep
                } else if !bigs.is_empty() {
                    bigs
                } else {
                    turns.clone()
                }
            } else {
                let quiet: Vec<Turn> = turns.iter().copied().filter(|t| !attack(t)).collect();
                if quiet.is_empty() {
                    turns.clone()
                } else {
                    quiet
                }
            };
            let Some(&t) = rng.choose(&pick) else { break };
            let ply = g.plies().len() + 1;
            let bombed = matches!(t, Turn::Move { from, to }
                if big(pos.at(from)) && pos.at(to).is_some_and(|d| d.rank() == Rank::Bomb));
            if g.play(t).is_err() {
                break;
            }
            if bombed {
                to_bombs.push(ply);
            }
            let alive = g.position().cells().iter().any(|c| big(*c));
            if !alive {
                break;
            }
        }
        (g, to_bombs)
    }

    /// `start` (notation) played through `turns`, with the turn at each `judged` ply judged
    /// (`(ply, best, before, after)`), annotated.
    fn annotated(
        mode: Mode,
        start: &str,
        turns: &[&str],
        judged: &[(usize, &str, i32, i32)],
    ) -> Vec<Notes> {
        let rules = Rules::for_mode(mode);
        let mut g = Game::new(rules, Start::Position(start.into())).unwrap();
        let board = g.board();
        let mut asked = Vec::new();
        for (k, t) in turns.iter().enumerate() {
            let turn = Turn::parse(t, board).unwrap();
            if let Some(&(ply, best, before, after)) = judged.iter().find(|j| j.0 == k + 1) {
                let mark = super::super::mark::Mark::of_loss(before - after);
                asked.push(Asked {
                    ply,
                    turn,
                    mistake: Some((mark != Mark::None, Turn::parse(best, board).unwrap())),
                });
            }
            g.play(turn).unwrap();
        }
        annotate(&g, &asked)
    }

    /// Red's brigadier steps beside a known major general and is taken at once, nothing taking
    /// the taker back: lost for nothing.
    #[test]
    fn piece_taken_at_once_is_lost_for_nothing() {
        let start = "..bF....../........../........../........../........../....b7..../........../....r6..../....r1..../........../........../..rF...... r 0 0";
        let r = annotated(
            Mode::Open,
            start,
            &["c5-c6", "c7-c6"],
            &[(1, "c4-c3", 0, -40)],
        );
        assert_eq!(
            r[0].why,
            Some(Why::ForNothing {
                rank: Rank::Brigadier
            })
        );
        assert_eq!(r[0].risk, None);
    }

    /// Red's colonel attacks the piece that had just beaten Red's brigadier (hidden: Red never
    /// saw what it was, only the public report of the clash).
    #[test]
    fn attack_on_a_known_beater_is_named() {
        let start = "..bF....b1/........../........../........../....b8..../....r6..../....r5..../........../........../........../........../..rF...... r 0 0";
        let r = annotated(
            Mode::Hidden,
            start,
            &["c7-c8", "e12-e11", "c6-c7", "e11-e12", "c7-c8"],
            &[(5, "c7-c6", 0, -30)],
        );
        assert_eq!(
            r[0].why,
            Some(Why::KnownBeater {
                attacker: Rank::Colonel,
                beaten: Rank::Brigadier
            })
        );
    }

    /// Red's colonel leaves the square from which it guarded the flag's side: the flag is open to
    /// a raid next turn, and the better turn keeps it safe.
    #[test]
    fn guard_leaving_opens_the_flag() {
        let start = "..bF....b3/........../........../........../........../........../........../........../....r3..../..b2....../....r5..../..rF...... r 0 0";
        let r = annotated(Mode::Open, start, &["c2-c3"], &[(1, "c4-c5", 0, -60)]);
        assert_eq!(r[0].why, Some(Why::FlagOpen { in_two: false }));
        assert_eq!(r[0].better, Some(Better::KeepsFlag));
    }

    /// The risk noted for the single turn of `turns` judged at `ply`.
    fn risk_at(start: &str, turns: &[&str], ply: usize) -> Risk {
        let best = turns[ply - 1];
        let notes = annotated(Mode::Hidden, start, turns, &[(ply, best, 0, 0)]);
        notes[0]
            .risk
            .expect("a lost attack on an unknown piece is weighed")
    }

    /// Red's bomb attacks Blue's front-line piece, which may be the marshal (it is): the bomb is
    /// surely lost, but it takes the piece with it, and what that is worth is set against it.
    #[test]
    fn bomb_attacking_an_unknown_piece_is_no_careless_risk() {
        let start = "..bF....../........../........../........../........../....b9..../....rB..../........../........../........../........../..rF...... r 0 0";
        let risk = risk_at(start, &["c6-c7"], 1);
        assert_eq!(risk.attacker, Rank::Bomb);
        assert_eq!((risk.lose, risk.trade), (100, 100), "{risk:?}");
        assert!(!risk.careless(), "{risk:?}");
        assert_eq!(risk.mark(), Mark::None);
        assert!(risk.stake < eval::BOMB_HIDDEN, "{risk:?}");
    }

    /// Red's marshal, on Blue's camp d10 at the start of a full game, attacks the unmoved piece
    /// on d11, where the mines must lie: still a careless risk, though where it would meet a bomb
    /// (or the marshal) the piece it takes along counts against the loss.
    #[test]
    fn marshal_attacking_a_likely_mine_is_still_careless() {
        let start = "b2b1bMbFbM/b3bBb5bMb7/b4..b6r9b1/b2b9..bBb8/b4..b1..b5/b3b6b2b7b3/r3r7r2r6r3/r5..r1..r4/r8rB....r2/r1..r6..r4/r7rMr5rBr3/rMrFrMr1r2 r 0 0";
        let risk = risk_at(start, &["d10-d11"], 1);
        let worth = eval::value(Rank::Marshal, 3, Mode::Hidden);
        assert!(risk.careless(), "{risk:?}");
        assert_ne!(risk.mark(), Mark::None);
        assert!(risk.lose < 100 && risk.trade > 0, "{risk:?}");
        // Below what losing the marshal alone every time it is lost would cost.
        assert!(
            risk.stake * 100 + worth < worth * risk.lose as i32,
            "{risk:?}"
        );
    }

    /// Blue's front-line piece beat Red's general, so it is the marshal (no mine stands in the
    /// front line at the start): Red's marshal attacks it and both go, an even trade.
    #[test]
    fn trade_of_equals_is_no_careless_risk() {
        let start = "..bF....b1/........../........../........../........../....b9..../....r8..../....r9..../........../........../........../..rF...... r 0 0";
        let turns = ["c6-c7", "e12-e11", "c5-c6", "e11-e12", "c6-c7"];
        let risk = risk_at(start, &turns, 5);
        assert_eq!(risk.attacker, Rank::Marshal);
        assert_eq!((risk.lose, risk.trade), (100, 100), "{risk:?}");
        assert_eq!(risk.stake, 0);
        assert!(!risk.careless());
        assert_eq!(risk.mark(), Mark::None);
    }

    /// The better turn takes a piece Red knew to be weaker.
    #[test]
    fn better_turn_that_takes_is_named() {
        let start = "..bF....b3/........../........../........../........../........../....b2..../....r5..../........../........../........../..rF...... r 0 0";
        let r = annotated(Mode::Open, start, &["c5-c4"], &[(1, "c5-c6", 10, -30)]);
        assert_eq!(r[0].better, Some(Better::Takes(Rank::Lieutenant)));
        assert_eq!(r[0].why, None);
    }
}
