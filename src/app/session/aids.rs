//! The aids of a game against the computer: hints and the belief map.

use super::*;

impl Session {
    /// Whether a hint may be asked: a game in progress against the computer (never between two
    /// people: in a hidden game that would show one player's pieces to the other's adviser).
    pub fn hint_offered(&self) -> bool {
        !self.table.game().status().is_over() && self.opponent_level().is_some()
    }

    /// Whether the belief map may be shown: as the hint, only in a game in progress against the
    /// computer (never between people), and only in hidden mode (what the human could infer of
    /// the computer's pieces, from the human's own view and the public reports).
    pub fn belief_offered(&self) -> bool {
        self.hint_offered() && self.table.game().rules().mode == crate::engine::Mode::Hidden
    }

    /// Whether the belief map is shown.
    pub fn belief_on(&self) -> bool {
        self.belief_on && self.belief_offered()
    }

    /// The belief map of the position on screen, while shown.
    pub fn beliefs(&self) -> Option<&[crate::ai::review::PieceBelief]> {
        let plies = self.table.game().plies().len();
        match &self.beliefs {
            Some((n, v)) if self.belief_on() && *n == plies => Some(v),
            _ => None,
        }
    }

    /// While the belief map is shown and the human is to move: work it out for the position on
    /// screen, as the human sees it, and note in the record the turn it is shown at (`beliefs`, like `hints`).
    pub(super) fn update_beliefs(&mut self) {
        // On the human's turns only: the map is for the position the human is to play in.
        if !self.belief_on() || !self.human_to_move(self.table.game()) {
            return;
        }
        let plies = self.table.game().plies().len();
        if self.beliefs.as_ref().is_some_and(|(n, _)| *n == plies) {
            return;
        }
        let me = self.looking_side();
        self.beliefs = Some((
            plies,
            crate::ai::review::belief_map(self.table.game(), me, plies),
        ));
        let mut noted: Vec<String> =
            crate::app::records::info_value(self.table.game().record(), InfoKey::Beliefs)
                .map(|v| v.split(',').map(str::to_string).collect())
                .unwrap_or_default();
        noted.retain(|s| !s.trim().is_empty());
        let turn = (plies + 1).to_string();
        if !noted.contains(&turn) {
            noted.push(turn);
            self.table.set_info(InfoKey::Beliefs, &noted.join(","));
        }
    }

    /// How many turns the record says the belief map was shown at.
    pub fn beliefs_used(&self) -> usize {
        crate::app::records::info_value(self.table.game().record(), InfoKey::Beliefs)
            .map_or(0, |v| v.split(',').filter(|s| !s.trim().is_empty()).count())
    }

    /// The level the computer plays at against the lone human.
    pub(super) fn opponent_level(&self) -> Option<crate::ai::Level> {
        let human = self.computer.lone_human()?;
        self.computer
            .seats
            .iter()
            .enumerate()
            .find_map(|(k, s)| match s {
                Occupant::Computer(level) if k != human => Some(*level),
                // Against an outside engine the hints are the built-in computer's, at normal.
                Occupant::Engine if k != human => Some(crate::ai::Level::Normal),
                _ => None,
            })
    }

    /// How many hints the record says were asked.
    pub fn hints_asked(&self) -> usize {
        crate::app::records::info_value(self.table.game().record(), InfoKey::Hints)
            .map_or(0, |v| v.split(',').filter(|s| !s.trim().is_empty()).count())
    }

    /// Ask the computer for its suggestions for the human's position, from the human's own sight,
    /// off the UI thread; the record notes the turn it was asked at.
    pub(super) fn ask_hint(&mut self) {
        let Some(level) = self.opponent_level().filter(|_| self.hint_offered()) else {
            return;
        };
        if self.computer_to_move() {
            self.message = Some(Message::Note(i18n::COMPUTER_THINKING));
            return;
        }
        let plies = self.table.game().plies().len();
        if self.hint_thought.is_some() || self.hint.as_ref().is_some_and(|h| h.ply == plies) {
            return;
        }
        let me = self.looking_side();
        self.hint_thought = Some(computer::HintThought::start(
            self.table.game(),
            me,
            level,
            self.computer.nodes(),
            crate::engine::rng::os_seed(),
        ));
        let mut asked: Vec<String> =
            crate::app::records::info_value(self.table.game().record(), InfoKey::Hints)
                .map(|v| v.split(',').map(str::to_string).collect())
                .unwrap_or_default();
        asked.retain(|s| !s.trim().is_empty());
        asked.push((plies + 1).to_string());
        self.table.set_info(InfoKey::Hints, &asked.join(","));
    }

    /// Whether a human seat is to move in `game`.
    pub(super) fn human_to_move(&self, game: &Game) -> bool {
        self.computer.seats[slot_to_move(game)] == Occupant::Human
    }
}
