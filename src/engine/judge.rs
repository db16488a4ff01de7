//! The clash judge for games on a physical board (issue: referee). The players keep the position on
//! their real board; at each clash the attacker, then the defender, tells the judge their piece
//! privately. The judge announces only the outcome, keeps each side's losses, refuses impossible
//! claims, says when a side must show its flag, and declares the winner.

use super::piece::{Piece, Rank, Side};
use super::play::{ClashOutcome, EndReason, Status, clash};
use super::rules::{FlagTakers, Rules};

/// A claim the judge refuses, with the reason in players' words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ClaimError {
    /// All of that piece are already off the board ("a fourth engineer").
    NoneLeft {
        side: Side,
        rank: Rank,
    },
    /// Mines and the flag never move, so they cannot attack.
    CannotAttack {
        side: Side,
        rank: Rank,
    },
    /// The flag may not be attacked while its owner still has mines (`flag needs mines cleared`).
    FlagProtectedByMines,
    /// This piece may not take the flag under the house rules (`flag takers`).
    NotAFlagTaker(Rank),
    GameOver,
}

impl std::fmt::Display for ClaimError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClaimError::NoneLeft { side, rank } => write!(
                f,
                "{side} has no {} left on the board (all {} are gone)",
                rank.en().to_lowercase(),
                rank.count()
            ),
            ClaimError::CannotAttack { side, rank } => write!(
                f,
                "{side}'s {} never moves, so it cannot attack",
                rank.en().to_lowercase()
            ),
            ClaimError::FlagProtectedByMines => {
                f.write_str("the flag cannot be attacked while its owner still has mines")
            }
            ClaimError::NotAFlagTaker(r) => write!(
                f,
                "a {} may not take the flag under these rules",
                r.en().to_lowercase()
            ),
            ClaimError::GameOver => f.write_str("the game is over"),
        }
    }
}
impl std::error::Error for ClaimError {}

/// What the judge announces after a clash.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    pub outcome: ClashOutcome,
    pub attacker_removed: bool,
    pub defender_removed: bool,
    /// The sides that lost their field marshal in this clash and must show their flag (when the
    /// house rule is on): both when the two marshals fell together.
    pub show_flags: Vec<Side>,
    /// The game ended with this clash.
    pub result: Option<Status>,
}

#[derive(Clone, Debug)]
pub struct ClashJudge {
    rules: Rules,
    lost: [[u8; 13]; 2],
    result: Option<Status>,
    clashes: u32,
}

impl ClashJudge {
    pub fn new(rules: Rules) -> ClashJudge {
        ClashJudge {
            rules,
            lost: [[0; 13]; 2],
            result: None,
            clashes: 0,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Pieces of `rank` that `side` has lost.
    pub fn lost(&self, side: Side, rank: Rank) -> u8 {
        self.lost[side.index()][rank as usize]
    }

    pub fn left(&self, side: Side, rank: Rank) -> u8 {
        rank.count() - self.lost(side, rank)
    }

    pub fn result(&self) -> Option<Status> {
        self.result
    }

    pub fn clashes(&self) -> u32 {
        self.clashes
    }

    /// A side resigns (or the players agree the game is over another way).
    pub fn end(&mut self, status: Status) {
        self.result = Some(status);
    }

    fn check_exists(&self, side: Side, rank: Rank) -> Result<(), ClaimError> {
        if self.left(side, rank) == 0 {
            return Err(ClaimError::NoneLeft { side, rank });
        }
        Ok(())
    }

    /// Judge a clash: `attacker` side's piece `a` attacks the other side's piece `d`.
    ///
    /// # Errors
    /// An impossible claim, which changes nothing.
    pub fn judge(&mut self, attacker: Side, a: Rank, d: Rank) -> Result<Verdict, ClaimError> {
        if self.result.is_some() {
            return Err(ClaimError::GameOver);
        }
        let defender = attacker.other();
        self.check_exists(attacker, a)?;
        self.check_exists(defender, d)?;
        if !a.is_movable() {
            return Err(ClaimError::CannotAttack {
                side: attacker,
                rank: a,
            });
        }
        if d == Rank::Flag {
            if self.rules.flag_needs_mines_cleared && self.left(defender, Rank::Mine) > 0 {
                return Err(ClaimError::FlagProtectedByMines);
            }
            let lowest = Rank::ALL
                .iter()
                .rev()
                .find(|r| r.is_officer() && self.left(attacker, **r) > 0);
            let ok = match self.rules.flag_takers {
                FlagTakers::Any => true,
                FlagTakers::Engineer => a == Rank::Engineer,
                FlagTakers::Smallest => Some(&a) == lowest,
            };
            if !ok {
                return Err(ClaimError::NotAFlagTaker(a));
            }
        }
        let (outcome, at_from, at_to) = clash(
            &self.rules,
            Piece::new(attacker, a),
            Piece::new(defender, d),
        );
        let attacker_removed = at_from.is_none() && at_to.is_none_or(|p| p.side() != attacker);
        let defender_removed = at_to.is_none_or(|p| p.side() != defender);
        let mut show_flags = Vec::new();
        if attacker_removed {
            self.lost[attacker.index()][a as usize] += 1;
            if a == Rank::Marshal {
                show_flags.push(attacker);
            }
        }
        if defender_removed {
            self.lost[defender.index()][d as usize] += 1;
            if d == Rank::Marshal {
                show_flags.push(defender);
            }
        }
        if !self.rules.flag_reveal_on_marshal_loss {
            show_flags.clear();
        }
        self.clashes += 1;
        self.result = self.status_now(outcome, attacker);
        Ok(Verdict {
            outcome,
            attacker_removed,
            defender_removed,
            show_flags,
            result: self.result,
        })
    }

    fn has_movable(&self, side: Side) -> bool {
        Rank::ALL
            .iter()
            .any(|r| r.is_movable() && self.left(side, *r) > 0)
    }

    fn status_now(&self, outcome: ClashOutcome, attacker: Side) -> Option<Status> {
        if outcome == ClashOutcome::FlagTaken {
            return Some(Status::Won(attacker.team(), EndReason::Flag));
        }
        match (self.has_movable(Side::Red), self.has_movable(Side::Blue)) {
            (false, false) => Some(Status::Draw(EndReason::NoPieces)),
            (false, true) => Some(Status::Won(Side::Blue.team(), EndReason::NoPieces)),
            (true, false) => Some(Status::Won(Side::Red.team(), EndReason::NoPieces)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::MineRule;

    #[test]
    fn announces_outcomes_and_counts_losses() {
        let mut j = ClashJudge::new(Rules::default());
        let v = j.judge(Side::Red, Rank::Colonel, Rank::Major).unwrap();
        assert_eq!(v.outcome, ClashOutcome::DefenderRemoved);
        assert!(!v.attacker_removed && v.defender_removed);
        assert_eq!(j.lost(Side::Blue, Rank::Major), 1);
        let v = j.judge(Side::Blue, Rank::Bomb, Rank::Marshal).unwrap();
        assert_eq!(v.outcome, ClashOutcome::BothRemoved);
        assert_eq!(v.show_flags, vec![Side::Red]);
        let v = j.judge(Side::Red, Rank::Engineer, Rank::Mine).unwrap();
        assert_eq!(v.outcome, ClashOutcome::MineDug);
        assert!(v.result.is_none());
    }

    #[test]
    fn marshal_takes_marshal_in_the_judge_shows_both_flags() {
        let mut j = ClashJudge::new(Rules::default());
        let v = j.judge(Side::Blue, Rank::Marshal, Rank::Marshal).unwrap();
        assert_eq!(v.outcome, ClashOutcome::BothRemoved);
        assert!(v.attacker_removed && v.defender_removed);
        assert_eq!(v.show_flags, vec![Side::Blue, Side::Red]);
        assert_eq!(v.result, None);
        // A bomb on a marshal: only the marshal's side.
        let v = j.judge(Side::Red, Rank::Bomb, Rank::General).unwrap();
        assert!(v.show_flags.is_empty());
    }

    #[test]
    fn refuses_impossible_claims() {
        let mut j = ClashJudge::new(Rules::default());
        for _ in 0..3 {
            j.judge(Side::Red, Rank::Engineer, Rank::Marshal).unwrap();
        }
        let e = j.judge(Side::Red, Rank::Engineer, Rank::Major).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Red has no engineer left on the board (all 3 are gone)"
        );
        let e = j.judge(Side::Blue, Rank::Mine, Rank::Major).unwrap_err();
        assert!(matches!(e, ClaimError::CannotAttack { .. }), "{e}");
        // A refused claim changes nothing.
        assert_eq!(j.lost(Side::Red, Rank::Engineer), 3);
        assert_eq!(j.clashes(), 3);
        j.judge(Side::Blue, Rank::Marshal, Rank::Marshal).unwrap();
        assert!(j.judge(Side::Red, Rank::Major, Rank::Marshal).is_err());
    }

    #[test]
    fn flag_rules_and_winner() {
        let rules = Rules {
            flag_needs_mines_cleared: true,
            mines: MineRule::Bomb,
            ..Rules::default()
        };
        let mut j = ClashJudge::new(rules);
        let e = j.judge(Side::Red, Rank::Major, Rank::Flag).unwrap_err();
        assert_eq!(e, ClaimError::FlagProtectedByMines);
        assert_eq!(
            e.to_string(),
            "the flag cannot be attacked while its owner still has mines"
        );
        for _ in 0..3 {
            j.judge(Side::Red, Rank::Engineer, Rank::Mine).unwrap();
        }
        let v = j.judge(Side::Red, Rank::Major, Rank::Flag).unwrap();
        assert_eq!(
            v.result,
            Some(Status::Won(crate::engine::Team::Red, EndReason::Flag))
        );
        assert_eq!(
            j.judge(Side::Red, Rank::Major, Rank::Major),
            Err(ClaimError::GameOver)
        );
    }

    #[test]
    fn judge_names_the_piece_that_may_not_take_the_flag() {
        let rules = Rules {
            flag_takers: FlagTakers::Engineer,
            ..Rules::default()
        };
        let mut j = ClashJudge::new(rules);
        let e = j.judge(Side::Red, Rank::Major, Rank::Flag).unwrap_err();
        assert_eq!(e, ClaimError::NotAFlagTaker(Rank::Major));
        assert_eq!(
            e.to_string(),
            "a major may not take the flag under these rules"
        );
        assert_eq!(j.lost(Side::Blue, Rank::Flag), 0);
    }

    #[test]
    fn no_movable_pieces_loses() {
        let mut j = ClashJudge::new(Rules::default());
        // Blue loses all 21 movable pieces to Red's bombs and officers trading equally.
        for r in Rank::ALL.iter().filter(|r| r.is_movable()) {
            for _ in 0..r.count() {
                let v = j.judge(Side::Red, *r, *r).unwrap();
                if j.result().is_some() {
                    assert_eq!(v.result, Some(Status::Draw(EndReason::NoPieces)));
                }
            }
        }
        assert_eq!(j.result(), Some(Status::Draw(EndReason::NoPieces)));
    }
}
