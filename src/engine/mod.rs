//! The rules engine: pure, no windows. Everything else in the program stands on it.

pub mod board;
pub mod disclosed;
pub mod disclosure;
pub mod errors;
pub mod formation;
pub mod game;
pub mod judge;
pub mod piece;
pub mod position;
pub mod rank_set;
pub mod rng;
pub mod rules;
pub mod view;

// Move generation and play live beneath `position` (they keep its invariants); their paths stay.
pub use position::{movegen, play};

pub use board::{Board, NodeId, NodeKind};
pub use disclosure::{Disclosure, DisclosureUse, Grant, Refusal, Sight};
pub use formation::Formation;
pub use game::{
    Action, ActionError, Chair, Game, GameRecord, InfoKey, MAX_TAG_CHARS, Start, StartError, Tag,
    TagError,
};
pub use movegen::{IllegalTurn, TurnSets};
pub use piece::{Piece, Rank, Seat, Team};
pub use play::{ClashOutcome, EndReason, Status, TurnReport, clash_outcome, perft};
pub use position::{Mover, OutList, OutReason, Position, Setup, Turn};
pub use rules::{FlagTakers, MineRule, Mode, Rules, TurnOrder};
pub use view::{Seen, View, Viewer};

#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod tests_four;
#[cfg(test)]
mod tests_game4;

/// Tests: a hidden game between two fixed random formations (seeds 1 and 2), before any turn.
#[cfg(test)]
pub(crate) fn hidden_test_game() -> Game {
    let rules = Rules::for_mode(Mode::Hidden);
    let red = Formation::random(&mut rng::SplitMix64::new(1), &rules);
    let blue = Formation::random(&mut rng::SplitMix64::new(2), &rules);
    Game::new(rules, Start::formations(&red, &blue)).unwrap()
}
