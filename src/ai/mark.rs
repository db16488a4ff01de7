//! How a reviewed turn is marked: `?` dubious, `??` a blunder (`ai::review`, `ai::explain`).

/// A loss of at least this much marks a turn `?` (about a brigadier's worth: 35).
pub const DUBIOUS: i32 = 40;
/// A loss of at least this much marks a turn `??` (a marshal's worth, or the flag put in danger).
pub const BLUNDER: i32 = 100;

/// How a turn is marked by its loss (or, in a hidden game, by a careless risk: `explain::Risk`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Mark {
    /// Lost less than `DUBIOUS`.
    None,
    /// `?`: lost at least `DUBIOUS`.
    Dubious,
    /// `??`: lost at least `BLUNDER`.
    Blunder,
}

impl Mark {
    pub fn of_loss(loss: i32) -> Mark {
        if loss >= BLUNDER {
            Mark::Blunder
        } else if loss >= DUBIOUS {
            Mark::Dubious
        } else {
            Mark::None
        }
    }
    /// `""`, `"?"` or `"??"`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Dubious => "?",
            Mark::Blunder => "??",
        }
    }
}
