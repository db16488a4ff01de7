//! The one gate between the truth and the players (RULES.md section 6). A player's own view is
//! always theirs; everything that can show more — the referee view, another seat's viewpoint, the
//! hand-over curtain switched off, a takeback, the flip deal's seed, the reveal at the end — is asked
//! for here. The gate checks that the request is allowed now (a finished game is open to everyone;
//! an open game hides nothing; otherwise a confirmation or the other player's consent is needed),
//! writes each granted use into the game record, and hands back a `Sight` (a right to a view) that
//! only it can make.

pub use super::disclosed::{Disclosure, DisclosureUse};
use super::game::Game;
use super::piece::Seat;
use super::view::{View, Viewer};

/// Why the gate refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// Allowed only after a confirmation (or the other player's consent).
    NeedsConfirmation,
    /// Not allowed at all now (a takeback once the game is over).
    NotNow,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refusal::NeedsConfirmation => "this needs a confirmation first",
            Refusal::NotNow => "the game is over: nothing can be taken back",
        })
    }
}

/// A right to a view, made only by the gate: the looker's own, or one the gate granted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sight {
    viewer: Viewer,
}

impl Sight {
    pub fn viewer(self) -> Viewer {
        self.viewer
    }
}

/// What `disclose` grants.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Grant {
    /// A view (referee, a side, the end reveal, the curtain off: the referee's).
    Sight(Sight),
    /// The flip deal's seed.
    Seed(u64),
    /// A takeback may be made.
    Takeback,
    /// The knowledge a continued game carries is written down.
    Noted,
}

impl Game {
    /// Whether `what` is open to anyone now without a confirmation and without a note in the
    /// record: a finished game shows everything, an open game hides nothing, a player's own
    /// viewpoint is theirs.
    pub fn disclosure_is_free(&self, what: Disclosure, by: Option<Seat>) -> bool {
        let over = self.status().is_over();
        match what {
            Disclosure::Takeback => !over && self.rules().mode.shows_everything(),
            Disclosure::EndReveal => over,
            Disclosure::SideView(s) if by == Some(s) => true,
            // Four players under `team view`: partners see each other's identities anyway.
            Disclosure::SideView(s)
                if self.rules().team_view && by.is_some_and(|b| b.partner() == Some(s)) =>
            {
                true
            }
            // Open and flip modes: both players see the same (face-down pieces stay unknown to
            // both).
            Disclosure::SideView(_) if !self.rules().mode.hides_identities() => true,
            Disclosure::DealSeed => {
                over || !matches!(self.record().start, super::Start::FlipDeal { .. })
            }
            _ => over || self.rules().mode.shows_everything(),
        }
    }

    /// The gate. Grants `what` to `by` if it is free now, or if `confirmed` (the confirmation, or
    /// for a takeback the other player's consent or the setting that allows it against the
    /// computer) where a confirmation is enough; each granted use that is not free is written into
    /// the record. Nothing changes when it refuses.
    ///
    /// # Errors
    /// `NeedsConfirmation` without the confirmation; `NotNow` for what is never allowed now (a
    /// takeback after the end, the end reveal before it).
    pub fn disclose(
        &mut self,
        what: Disclosure,
        by: Option<Seat>,
        confirmed: bool,
    ) -> Result<Grant, Refusal> {
        let over = self.status().is_over();
        match what {
            Disclosure::Takeback if over => return Err(Refusal::NotNow),
            Disclosure::EndReveal if !over => return Err(Refusal::NotNow),
            _ => {}
        }
        if !self.disclosure_is_free(what, by) {
            if !confirmed {
                return Err(Refusal::NeedsConfirmation);
            }
            // A takeback is written as its own action (`Action::Takeback`) when it is made.
            if what != Disclosure::Takeback {
                let ply = self.plies().len() as u32;
                self.record_disclosure(DisclosureUse { what, by, ply });
            }
        }
        Ok(match what {
            Disclosure::RefereeView | Disclosure::CurtainOff | Disclosure::EndReveal => {
                Grant::Sight(Sight {
                    viewer: Viewer::Referee,
                })
            }
            Disclosure::SideView(s) => Grant::Sight(Sight {
                viewer: Viewer::Side(s),
            }),
            Disclosure::DealSeed => match self.record().start {
                super::Start::FlipDeal { seed } => Grant::Seed(seed),
                _ => Grant::Seed(0),
            },
            Disclosure::Takeback => Grant::Takeback,
            Disclosure::Continued { .. } => Grant::Noted,
        })
    }

    /// A player's own sight: always theirs, never recorded.
    pub fn own_sight(&self, side: Seat) -> Sight {
        Sight {
            viewer: Viewer::Side(side),
        }
    }

    /// A view through the gate, without a confirmation: free disclosures only (`None` otherwise).
    pub fn free_sight(&self, viewer: Viewer, by: Option<Seat>) -> Option<Sight> {
        let what = match viewer {
            Viewer::Referee if self.status().is_over() => Disclosure::EndReveal,
            Viewer::Referee => Disclosure::RefereeView,
            Viewer::Side(s) => Disclosure::SideView(s),
        };
        self.disclosure_is_free(what, by)
            .then_some(Sight { viewer })
    }

    /// What a sight shows of the position after `n` turns (0 = the start): what its viewer knew
    /// then (the replay).
    pub fn sight_view(&self, sight: Sight, n: usize) -> View {
        self.position_at(n).view(self.rules(), sight.viewer)
    }

    /// What a sight shows now; once the game is over every piece is revealed (the end reveal).
    pub fn sight_now(&self, sight: Sight) -> View {
        self.view(sight.viewer)
    }

    /// The flip deal's seed when it is open to everyone (the game is over), else `None`.
    pub fn free_seed(&self) -> Option<u64> {
        match self.record().start {
            super::Start::FlipDeal { seed }
                if self.disclosure_is_free(Disclosure::DealSeed, None) =>
            {
                Some(seed)
            }
            _ => None,
        }
    }

    /// Take back the last `turns` standing actions for `by`, with the gate's grant; the record
    /// keeps the taken-back turns and notes the takeback after them.
    ///
    /// # Errors
    /// Not a takeback grant, or fewer actions than `turns`.
    pub fn take_back(
        &mut self,
        grant: Grant,
        by: Seat,
        turns: u32,
    ) -> Result<(), super::game::ActionError> {
        if grant != Grant::Takeback {
            return Err(super::game::ActionError::NoTakebackGrant);
        }
        self.act(super::Action::Takeback { by, turns })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, Turn};

    use crate::engine::hidden_test_game as hidden_game;

    fn plain_turn(g: &Game) -> Turn {
        let pos = g.position();
        pos.legal_turns(g.rules())
            .into_iter()
            .find(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_none()))
            .unwrap()
    }

    #[test]
    fn gate_refuses_referee_view_without_confirmation_and_records_a_granted_one() {
        let mut g = hidden_game();
        g.play(plain_turn(&g)).unwrap();
        assert_eq!(
            g.disclose(Disclosure::RefereeView, Some(Seat::Blue), false),
            Err(Refusal::NeedsConfirmation)
        );
        assert_eq!(
            g.disclose(Disclosure::SideView(Seat::Red), Some(Seat::Blue), false),
            Err(Refusal::NeedsConfirmation)
        );
        assert!(g.record().disclosures.is_empty());
        assert!(g.free_sight(Viewer::Referee, None).is_none());
        // A player's own viewpoint is free.
        assert!(
            g.free_sight(Viewer::Side(Seat::Blue), Some(Seat::Blue))
                .is_some()
        );
        let Ok(Grant::Sight(s)) = g.disclose(Disclosure::RefereeView, Some(Seat::Blue), true)
        else {
            panic!("granted")
        };
        assert_eq!(s.viewer(), Viewer::Referee);
        assert_eq!(
            g.record().disclosures,
            vec![DisclosureUse {
                what: Disclosure::RefereeView,
                by: Some(Seat::Blue),
                ply: 1
            }]
        );
        assert!(g.record().referee_view_used());
        // It survives the file.
        let back = Game::from_ron(&g.to_ron()).unwrap();
        assert_eq!(back.record().disclosures, g.record().disclosures);
    }

    #[test]
    fn a_finished_game_opens_everything_without_a_note() {
        let mut g = hidden_game();
        g.act(Action::Resign(Seat::Red)).unwrap();
        assert!(g.disclose(Disclosure::RefereeView, None, false).is_ok());
        assert!(g.disclose(Disclosure::EndReveal, None, false).is_ok());
        assert!(g.record().disclosures.is_empty());
        assert_eq!(
            g.disclose(Disclosure::Takeback, Some(Seat::Red), true),
            Err(Refusal::NotNow)
        );
    }

    #[test]
    fn old_records_with_referee_view_used_are_read_into_disclosures() {
        let g = hidden_game();
        let text = g.to_ron().replace(
            "    disclosures: [],",
            "    referee_view_used: true,\n    disclosures: [],",
        );
        assert!(text.contains("referee_view_used: true"), "{text}");
        let back = Game::from_ron(&text).unwrap();
        assert!(back.record().referee_view_used());
        assert_eq!(back.record().disclosures[0].what, Disclosure::RefereeView);
        assert!(!back.to_ron().contains("referee_view_used"));
    }

    #[test]
    fn takeback_is_kept_in_the_record_and_replays() {
        let mut g = hidden_game();
        let start = g.position().notation();
        g.play(plain_turn(&g)).unwrap();
        let after_one = g.position().notation();
        g.play(plain_turn(&g)).unwrap();
        // Not without the gate's grant.
        assert!(g.take_back(Grant::Seed(0), Seat::Blue, 1).is_err());
        let grant = g
            .disclose(Disclosure::Takeback, Some(Seat::Blue), true)
            .unwrap();
        g.take_back(grant, Seat::Blue, 1).unwrap();
        assert_eq!(g.position().notation(), after_one);
        assert_eq!(g.record().actions.len(), 3);
        assert_eq!(g.standing_actions().len(), 1);
        assert_eq!(g.takebacks(Seat::Blue), 1);
        let back = Game::from_ron(&g.to_ron()).unwrap();
        assert_eq!(back.position().notation(), after_one);
        assert_eq!(back.plies().len(), 1);
        // More turns than stand: refused, nothing changes.
        assert!(
            g.act(Action::Takeback {
                by: Seat::Red,
                turns: 2
            })
            .is_err()
        );
        g.act(Action::Takeback {
            by: Seat::Red,
            turns: 1,
        })
        .unwrap();
        assert_eq!(g.position().notation(), start);
        // No takeback after the end.
        g.act(Action::Resign(Seat::Red)).unwrap();
        assert!(
            g.act(Action::Takeback {
                by: Seat::Red,
                turns: 1
            })
            .is_err()
        );
    }
}
