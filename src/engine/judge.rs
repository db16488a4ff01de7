//! The clash judge for games on a physical board. The players keep the position on
//! their real board; at each clash the attacker, then the defender, tells the judge their piece
//! privately. The judge announces only the outcome, keeps each side's losses, refuses impossible
//! claims, says when a side must show its flag, and declares the winner.
//!
//! Four players (RULES.md 9): the attacker's and the defender's seats are named (never partners,
//! never a player who is out); a taken flag puts its owner out, a player left with no movable
//! piece is out, and a team wins when both players of the other team are out (9.7, steps 1-2;
//! step 3, a player with no legal turn, needs the board: the players resign for it).

use super::piece::{Piece, Rank, Seat, Team};
use super::play::{ClashOutcome, EndReason, Status, clash};
use super::rules::{FlagTakers, Rules};

/// A claim the judge refuses, with the reason in players' words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ClaimError {
    /// All of that piece are already off the board ("a fourth engineer").
    NoneLeft {
        side: Seat,
        rank: Rank,
    },
    /// Mines and the flag never move, so they cannot attack.
    CannotAttack {
        side: Seat,
        rank: Rank,
    },
    /// The flag may not be attacked while its owner still has mines (`flag needs mines cleared`).
    FlagProtectedByMines,
    /// This piece may not take the flag under the house rules (`flag takers`).
    NotAFlagTaker(Rank),
    GameOver,
    /// Four players: partners never clash, and nobody attacks their own piece.
    NotOpponents {
        attacker: Seat,
        defender: Seat,
    },
    /// Four players: this player is out and has no piece on the board.
    SeatOut(Seat),
    /// The seat does not play at this table (a four-player seat at a two-player table …).
    NotAtTable(Seat),
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
            ClaimError::NotOpponents { attacker, defender } => {
                write!(f, "{attacker} and {defender} are not opponents")
            }
            ClaimError::SeatOut(s) => write!(f, "{s} is out and has no piece on the board"),
            ClaimError::NotAtTable(s) => write!(f, "{s} does not play at this table"),
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
    pub show_flags: Vec<Seat>,
    /// Four players: the players who went out with this clash (flag taken, no movable piece
    /// left), with the reason; their pieces leave the board.
    pub out: Vec<(Seat, EndReason)>,
    /// The game ended with this clash.
    pub result: Option<Status>,
}

#[derive(Clone, Debug)]
pub struct ClashJudge {
    rules: Rules,
    /// The seats at the table: `Seat::BOTH` or `Seat::FOUR`.
    seats: &'static [Seat],
    lost: [[u8; 13]; 4],
    /// Four players: why each seat went out (indexed by `Seat::index`).
    out: [Option<EndReason>; 4],
    result: Option<Status>,
    clashes: u32,
}

impl ClashJudge {
    /// A judge for two players (Red and Blue).
    pub fn new(rules: Rules) -> ClashJudge {
        ClashJudge {
            rules,
            seats: &Seat::BOTH,
            lost: [[0; 13]; 4],
            out: [None; 4],
            result: None,
            clashes: 0,
        }
    }

    /// A judge for four players (South, East, North, West; RULES.md 9).
    pub fn four(rules: Rules) -> ClashJudge {
        ClashJudge {
            seats: &Seat::FOUR,
            ..ClashJudge::new(rules)
        }
    }

    /// The seats at the table.
    pub fn seats(&self) -> &'static [Seat] {
        self.seats
    }

    pub fn is_four(&self) -> bool {
        self.seats.len() == 4
    }

    /// Why `seat` is out (four players), if it is.
    pub fn out_reason(&self, seat: Seat) -> Option<EndReason> {
        self.out[seat.index()]
    }

    pub fn is_out(&self, seat: Seat) -> bool {
        self.out_reason(seat).is_some()
    }

    /// The opponents `attacker` may attack now (four players: the other team's players still in).
    pub fn opponents(&self, attacker: Seat) -> Vec<Seat> {
        self.seats
            .iter()
            .copied()
            .filter(|s| s.team() != attacker.team() && !self.is_out(*s))
            .collect()
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Pieces of `rank` that `side` has lost.
    pub fn lost(&self, side: Seat, rank: Rank) -> u8 {
        self.lost[side.index()][rank as usize]
    }

    pub fn left(&self, side: Seat, rank: Rank) -> u8 {
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

    /// A player resigns: two players, the other side wins; four players, the player is out and
    /// the other team wins if this leaves the player's team with both players out (9.7).
    ///
    /// # Errors
    /// The game is over, the seat is not at the table or already out; nothing changes.
    pub fn resign(&mut self, seat: Seat) -> Result<Option<Status>, ClaimError> {
        if self.result.is_some() {
            return Err(ClaimError::GameOver);
        }
        self.check_seat(seat)?;
        if !self.is_four() {
            self.result = Some(Status::Won(seat.team().other(), EndReason::Resignation));
            return Ok(self.result);
        }
        self.out[seat.index()] = Some(EndReason::Resignation);
        if self.team_out(seat.team()) {
            self.result = Some(Status::Won(seat.team().other(), EndReason::Resignation));
        }
        Ok(self.result)
    }

    fn team_out(&self, team: Team) -> bool {
        team.seats().iter().all(|s| self.is_out(*s))
    }

    fn check_seat(&self, seat: Seat) -> Result<(), ClaimError> {
        if !self.seats.contains(&seat) {
            return Err(ClaimError::NotAtTable(seat));
        }
        if self.is_out(seat) {
            return Err(ClaimError::SeatOut(seat));
        }
        Ok(())
    }

    fn check_exists(&self, side: Seat, rank: Rank) -> Result<(), ClaimError> {
        if self.left(side, rank) == 0 {
            return Err(ClaimError::NoneLeft { side, rank });
        }
        Ok(())
    }

    /// Judge a clash of two players: `attacker` side's piece `a` attacks the other side's piece `d`.
    ///
    /// # Errors
    /// An impossible claim, which changes nothing.
    pub fn judge(&mut self, attacker: Seat, a: Rank, d: Rank) -> Result<Verdict, ClaimError> {
        match attacker.opponent() {
            Some(defender) if !self.is_four() => self.judge_between(attacker, defender, a, d),
            _ => Err(ClaimError::NotAtTable(attacker)),
        }
    }

    /// Judge a clash: `attacker`'s piece `a` attacks `defender`'s piece `d` (four players: any
    /// two opponents still in).
    ///
    /// # Errors
    /// An impossible claim, which changes nothing.
    pub fn judge_between(
        &mut self,
        attacker: Seat,
        defender: Seat,
        a: Rank,
        d: Rank,
    ) -> Result<Verdict, ClaimError> {
        if self.result.is_some() {
            return Err(ClaimError::GameOver);
        }
        self.check_seat(attacker)?;
        self.check_seat(defender)?;
        if attacker.team() == defender.team() {
            return Err(ClaimError::NotOpponents { attacker, defender });
        }
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
        let mut out = Vec::new();
        if self.is_four() {
            self.result = self.status_four(outcome, attacker, defender, &mut out);
            // A player who went out has no flag left to show.
            show_flags.retain(|s| !self.is_out(*s));
        } else {
            self.result = self.status_now(outcome, attacker);
        }
        Ok(Verdict {
            outcome,
            attacker_removed,
            defender_removed,
            show_flags,
            out,
            result: self.result,
        })
    }

    /// Four players, after a clash: RULES.md 9.7 steps 1 (flag) and 2 (no pieces).
    fn status_four(
        &mut self,
        outcome: ClashOutcome,
        attacker: Seat,
        defender: Seat,
        went_out: &mut Vec<(Seat, EndReason)>,
    ) -> Option<Status> {
        if outcome == ClashOutcome::FlagTaken {
            self.out[defender.index()] = Some(EndReason::Flag);
            went_out.push((defender, EndReason::Flag));
            if self.team_out(defender.team()) {
                return Some(Status::Won(attacker.team(), EndReason::Flag));
            }
        }
        for &s in self.seats {
            if !self.is_out(s) && !self.has_movable(s) {
                self.out[s.index()] = Some(EndReason::NoPieces);
                went_out.push((s, EndReason::NoPieces));
            }
        }
        match (
            self.team_out(Team::SouthNorth),
            self.team_out(Team::EastWest),
        ) {
            (true, true) => Some(Status::Draw(EndReason::NoPieces)),
            (true, false) => Some(Status::Won(Team::EastWest, EndReason::NoPieces)),
            (false, true) => Some(Status::Won(Team::SouthNorth, EndReason::NoPieces)),
            (false, false) => None,
        }
    }

    fn has_movable(&self, side: Seat) -> bool {
        Rank::ALL
            .iter()
            .any(|r| r.is_movable() && self.left(side, *r) > 0)
    }

    fn status_now(&self, outcome: ClashOutcome, attacker: Seat) -> Option<Status> {
        if outcome == ClashOutcome::FlagTaken {
            return Some(Status::Won(attacker.team(), EndReason::Flag));
        }
        match (self.has_movable(Seat::Red), self.has_movable(Seat::Blue)) {
            (false, false) => Some(Status::Draw(EndReason::NoPieces)),
            (false, true) => Some(Status::Won(Seat::Blue.team(), EndReason::NoPieces)),
            (true, false) => Some(Status::Won(Seat::Red.team(), EndReason::NoPieces)),
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
        let v = j.judge(Seat::Red, Rank::Colonel, Rank::Major).unwrap();
        assert_eq!(v.outcome, ClashOutcome::DefenderRemoved);
        assert!(!v.attacker_removed && v.defender_removed);
        assert_eq!(j.lost(Seat::Blue, Rank::Major), 1);
        let v = j.judge(Seat::Blue, Rank::Bomb, Rank::Marshal).unwrap();
        assert_eq!(v.outcome, ClashOutcome::BothRemoved);
        assert_eq!(v.show_flags, vec![Seat::Red]);
        let v = j.judge(Seat::Red, Rank::Engineer, Rank::Mine).unwrap();
        assert_eq!(v.outcome, ClashOutcome::MineDug);
        assert!(v.result.is_none());
    }

    #[test]
    fn marshal_takes_marshal_in_the_judge_shows_both_flags() {
        let mut j = ClashJudge::new(Rules::default());
        let v = j.judge(Seat::Blue, Rank::Marshal, Rank::Marshal).unwrap();
        assert_eq!(v.outcome, ClashOutcome::BothRemoved);
        assert!(v.attacker_removed && v.defender_removed);
        assert_eq!(v.show_flags, vec![Seat::Blue, Seat::Red]);
        assert_eq!(v.result, None);
        // A bomb on a marshal: only the marshal's side.
        let v = j.judge(Seat::Red, Rank::Bomb, Rank::General).unwrap();
        assert!(v.show_flags.is_empty());
    }

    #[test]
    fn refuses_impossible_claims() {
        let mut j = ClashJudge::new(Rules::default());
        for _ in 0..3 {
            j.judge(Seat::Red, Rank::Engineer, Rank::Marshal).unwrap();
        }
        let e = j.judge(Seat::Red, Rank::Engineer, Rank::Major).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Red has no engineer left on the board (all 3 are gone)"
        );
        let e = j.judge(Seat::Blue, Rank::Mine, Rank::Major).unwrap_err();
        assert!(matches!(e, ClaimError::CannotAttack { .. }), "{e}");
        // A refused claim changes nothing.
        assert_eq!(j.lost(Seat::Red, Rank::Engineer), 3);
        assert_eq!(j.clashes(), 3);
        j.judge(Seat::Blue, Rank::Marshal, Rank::Marshal).unwrap();
        assert!(j.judge(Seat::Red, Rank::Major, Rank::Marshal).is_err());
    }

    #[test]
    fn flag_rules_and_winner() {
        let rules = Rules {
            flag_needs_mines_cleared: true,
            mines: MineRule::Bomb,
            ..Rules::default()
        };
        let mut j = ClashJudge::new(rules);
        let e = j.judge(Seat::Red, Rank::Major, Rank::Flag).unwrap_err();
        assert_eq!(e, ClaimError::FlagProtectedByMines);
        assert_eq!(
            e.to_string(),
            "the flag cannot be attacked while its owner still has mines"
        );
        for _ in 0..3 {
            j.judge(Seat::Red, Rank::Engineer, Rank::Mine).unwrap();
        }
        let v = j.judge(Seat::Red, Rank::Major, Rank::Flag).unwrap();
        assert_eq!(
            v.result,
            Some(Status::Won(crate::engine::Team::Red, EndReason::Flag))
        );
        assert_eq!(
            j.judge(Seat::Red, Rank::Major, Rank::Major),
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
        let e = j.judge(Seat::Red, Rank::Major, Rank::Flag).unwrap_err();
        assert_eq!(e, ClaimError::NotAFlagTaker(Rank::Major));
        assert_eq!(
            e.to_string(),
            "a major may not take the flag under these rules"
        );
        assert_eq!(j.lost(Seat::Blue, Rank::Flag), 0);
    }

    #[test]
    fn no_movable_pieces_loses() {
        let mut j = ClashJudge::new(Rules::default());
        // Blue loses all 21 movable pieces to Red's bombs and officers trading equally.
        for r in Rank::ALL.iter().filter(|r| r.is_movable()) {
            for _ in 0..r.count() {
                let v = j.judge(Seat::Red, *r, *r).unwrap();
                if j.result().is_some() {
                    assert_eq!(v.result, Some(Status::Draw(EndReason::NoPieces)));
                }
            }
        }
        assert_eq!(j.result(), Some(Status::Draw(EndReason::NoPieces)));
    }

    #[test]
    fn four_player_judge_refuses_partners_and_players_out() {
        let mut j = ClashJudge::four(Rules::default());
        assert_eq!(
            j.judge_between(Seat::South, Seat::North, Rank::Major, Rank::Major),
            Err(ClaimError::NotOpponents {
                attacker: Seat::South,
                defender: Seat::North
            })
        );
        assert_eq!(
            j.judge_between(Seat::South, Seat::Red, Rank::Major, Rank::Major),
            Err(ClaimError::NotAtTable(Seat::Red))
        );
        assert!(j.judge(Seat::South, Rank::Major, Rank::Major).is_err());
        assert_eq!(j.clashes(), 0);
        assert_eq!(j.opponents(Seat::South), vec![Seat::East, Seat::West]);
        // West's flag is taken by South: West is out, the game goes on.
        let v = j
            .judge_between(Seat::South, Seat::West, Rank::Engineer, Rank::Flag)
            .unwrap();
        assert_eq!(v.outcome, ClashOutcome::FlagTaken);
        assert_eq!(v.out, vec![(Seat::West, EndReason::Flag)]);
        assert_eq!(v.result, None);
        assert!(j.is_out(Seat::West));
        assert_eq!(j.opponents(Seat::North), vec![Seat::East]);
        // West plays no more: neither attacks nor is attacked.
        let lost = j.lost(Seat::South, Rank::Major);
        assert_eq!(
            j.judge_between(Seat::West, Seat::South, Rank::Major, Rank::Major),
            Err(ClaimError::SeatOut(Seat::West))
        );
        assert_eq!(
            j.judge_between(Seat::North, Seat::West, Rank::Major, Rank::Major),
            Err(ClaimError::SeatOut(Seat::West))
        );
        assert_eq!(j.lost(Seat::South, Rank::Major), lost);
        // Losses are kept per seat: a fourth engineer of South is refused, East's are all there.
        for _ in 0..3 {
            j.judge_between(Seat::South, Seat::East, Rank::Engineer, Rank::Marshal)
                .unwrap();
        }
        assert_eq!(j.lost(Seat::South, Rank::Engineer), 3);
        assert_eq!(
            j.judge_between(Seat::South, Seat::East, Rank::Engineer, Rank::Major),
            Err(ClaimError::NoneLeft {
                side: Seat::South,
                rank: Rank::Engineer
            })
        );
        j.judge_between(Seat::East, Seat::North, Rank::Engineer, Rank::Captain)
            .unwrap();
        assert_eq!(j.lost(Seat::East, Rank::Engineer), 1);
        // East's flag: the east-west team is out, South and North win.
        let v = j
            .judge_between(Seat::North, Seat::East, Rank::Major, Rank::Flag)
            .unwrap();
        assert_eq!(v.out, vec![(Seat::East, EndReason::Flag)]);
        assert_eq!(
            v.result,
            Some(Status::Won(Team::SouthNorth, EndReason::Flag))
        );
        assert_eq!(
            j.judge_between(Seat::North, Seat::East, Rank::Major, Rank::Major),
            Err(ClaimError::GameOver)
        );
    }

    #[test]
    fn four_player_judge_shows_the_flag_of_a_fallen_marshal_and_puts_out_a_player_with_no_movable_pieces()
     {
        let mut j = ClashJudge::four(Rules::default());
        let v = j
            .judge_between(Seat::East, Seat::South, Rank::Marshal, Rank::Marshal)
            .unwrap();
        assert_eq!(v.show_flags, vec![Seat::East, Seat::South]);
        assert!(v.out.is_empty());
        // North and West trade every movable piece: both are out (no pieces), one of each team,
        // so the game goes on.
        let mut last = None;
        for r in Rank::ALL.iter().filter(|r| r.is_movable()) {
            for _ in 0..r.count() {
                last = Some(j.judge_between(Seat::North, Seat::West, *r, *r).unwrap());
            }
        }
        let v = last.unwrap();
        assert_eq!(
            v.out,
            vec![
                (Seat::North, EndReason::NoPieces),
                (Seat::West, EndReason::NoPieces)
            ]
        );
        assert_eq!(v.result, None);
        assert_eq!(j.out_reason(Seat::North), Some(EndReason::NoPieces));
        // South resigns: both of its team are out, East and West win.
        assert_eq!(
            j.resign(Seat::South),
            Ok(Some(Status::Won(Team::EastWest, EndReason::Resignation)))
        );
        assert_eq!(j.resign(Seat::East), Err(ClaimError::GameOver));
    }

    #[test]
    fn four_player_resignation_puts_one_player_out() {
        let mut j = ClashJudge::four(Rules::default());
        assert_eq!(j.resign(Seat::West), Ok(None));
        assert_eq!(j.resign(Seat::West), Err(ClaimError::SeatOut(Seat::West)));
        assert_eq!(j.resign(Seat::Red), Err(ClaimError::NotAtTable(Seat::Red)));
        let mut two = ClashJudge::new(Rules::default());
        assert_eq!(
            two.resign(Seat::Red),
            Ok(Some(Status::Won(Team::Blue, EndReason::Resignation)))
        );
    }
}
