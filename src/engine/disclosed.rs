//! What can be shown beyond a player's own view, and the note of each granted use that the game
//! record keeps. The gate that grants them is `engine::disclosure`; these are only its words, so
//! the game record can hold them without knowing the gate.

use super::piece::Seat;
use serde::{Deserialize, Serialize};

/// Something beyond a player's own view.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Disclosure {
    /// Every piece, shown to whoever is looking at the screen.
    RefereeView,
    /// What a seat sees, shown to someone who may be another player (the replay's viewpoints).
    SideView(Seat),
    /// The hand-over curtain switched off during a hidden game between two people: each side's
    /// pieces stay in view while the other player looks, so it counts as the referee view.
    CurtainOff,
    /// A turn taken back in a hidden or flip game: its result (a clash, a flip) was seen.
    Takeback,
    /// The seed of the flip deal: it decides every face-down piece.
    DealSeed,
    /// Every piece at the end of the game.
    EndReveal,
    /// This game was continued from an earlier turn of another game (a replay's "Continue from
    /// here"), so its players carry knowledge from beyond that turn: the later turns of an
    /// unfinished game (a takeback), or, with `all_seen`, every piece (the source was finished,
    /// or its referee view was used).
    Continued { all_seen: bool },
}

impl Disclosure {
    /// Whether this use lets someone see pieces the rules hide (everything but a takeback).
    pub fn shows_pieces(self) -> bool {
        match self {
            Disclosure::Takeback => false,
            Disclosure::Continued { all_seen } => all_seen,
            _ => true,
        }
    }
}

/// A granted use of a disclosure, kept in the game record.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DisclosureUse {
    pub what: Disclosure,
    /// The player who asked (or on whose screen it happened), when known.
    #[serde(default)]
    pub by: Option<Seat>,
    /// Turns played when it was granted.
    #[serde(default)]
    pub ply: u32,
}
