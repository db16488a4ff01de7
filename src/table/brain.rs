//! The built-in computer (or any `ai::Player`) as a seat: it thinks in the caller's thread, from
//! the view it is given, with its own random generator seeded by the table.

use super::{Clock, Reply, SeatDriver, SeatFailure, SeatStart};
use crate::ai::Player;
use crate::engine::rng::SplitMix64;
use crate::engine::{IllegalTurn, Rules, Turn, TurnReport, View};

/// A computer player at the table.
pub struct Brain {
    player: Box<dyn Player>,
    /// The spec it was made from, as its name.
    name: String,
    rng: SplitMix64,
    rules: Rules,
}

impl Brain {
    /// `player`, named `name` (its spec: `ai:normal`, `random` …).
    pub fn new(player: Box<dyn Player>, name: &str) -> Brain {
        Brain {
            player,
            name: name.to_string(),
            rng: SplitMix64::new(0),
            rules: Rules::default(),
        }
    }

    /// The player of a spec (`ai::player_from_spec`), named by it.
    ///
    /// # Errors
    /// An unknown spec.
    pub fn from_spec(spec: &str) -> Result<Brain, crate::ai::BadPlayerSpec> {
        crate::ai::PlayerSpec::parse(spec).map(|p| Brain::of(&p))
    }

    /// The player of a spec already read, named by it.
    pub fn of(spec: &crate::ai::PlayerSpec) -> Brain {
        Brain::new(spec.player(), spec.text())
    }
}

impl SeatDriver for Brain {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&mut self, start: &SeatStart<'_>) -> Result<(), SeatFailure> {
        self.rng = SplitMix64::new(start.seed);
        self.rules = start.rules.clone();
        Ok(())
    }

    fn choose(&mut self, view: &View, _clock: &Clock) -> Result<Reply, SeatFailure> {
        self.player
            .choose(view, &self.rules, &mut self.rng)
            .map(Reply::Turn)
            .ok_or(SeatFailure::NoTurn)
    }

    fn refused(&mut self, turn: Turn, _why: &IllegalTurn) {
        self.player.refused(turn);
    }

    fn observe(&mut self, report: &TurnReport, view_after: &View) {
        self.player.observe(report, view_after);
    }
}
