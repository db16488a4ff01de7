//! Who looks at the screen: whose eyes the board shows, the hand-over curtain, the questions
//! answered seat by seat behind it, and what a turn just played leaves on screen.

use super::*;

impl Session {
    pub fn side_to_move(&self) -> Seat {
        self.table
            .game()
            .position()
            .side_to_move()
            .unwrap_or(Seat::Red)
    }

    /// A hidden game between two people on one screen, still in progress: the hand-over curtain
    /// guards it.
    pub fn hidden_hotseat(&self) -> bool {
        self.mode().hides_identities()
            && self.humans_apart()
            && !self.table.game().status().is_over()
    }

    /// Whether two or more people play seats that must not see each other's pieces: two people
    /// in a two-player game; four players, any two humans except two partners under team view
    /// (who may share the screen).
    pub fn humans_apart(&self) -> bool {
        let humans: Vec<Seat> = self.computer.humans().map(|k| self.side_of(k)).collect();
        if humans.len() < 2 {
            return false;
        }
        let partners = humans.len() == 2 && humans[0].partner() == Some(humans[1]);
        !(self.table.game().board().is_four() && self.table.game().rules().team_view && partners)
    }

    /// Whether the hand-over curtain covers the board now: between turns, and while a question is
    /// answered seat by seat (whoever answers must not see the board of whoever asked).
    pub fn curtain_up(&self) -> bool {
        self.curtain_guarded()
            && (self.modes.answering.is_some()
                || (self.modes.handing.is_none() && !self.modes.lifted))
    }

    /// The player who must hand over after seeing a clash's outcome (`ModeState::handing`): the
    /// person who made the last turn, when it was a clash in a hidden game between people whose
    /// curtain is in use. A plain move hands over at once, as before.
    pub(super) fn hands_over_after_clash(&self) -> Option<Seat> {
        let report = self.table.game().plies().last()?.report.as_ref()?;
        report.clash?;
        let Mover::Side(mover) = report.mover else {
            return None;
        };
        let human = self.computer.humans().any(|k| self.side_of(k) == mover);
        (human && self.curtain_guarded()).then_some(mover)
    }

    /// Whether `seat` may answer the open question now: in a hidden game between people only the
    /// seat called to the covered board, after pressing "answer"; otherwise anyone at the screen.
    pub(super) fn may_answer(&self, seat: Seat) -> bool {
        match self.modes.answering {
            Some(called) => called == (seat, true),
            None => !self.curtain_guarded(),
        }
    }

    /// A hidden game between people whose curtain is in use (not switched off, no referee view).
    pub fn curtain_guarded(&self) -> bool {
        self.hidden_hotseat()
            && (self.modes.opts.curtain || self.modes.curtain_off.is_none())
            && self.modes.referee.is_none()
    }

    /// The question is answered or withdrawn: nobody is called any more, and the curtain stays
    /// down until the player to move lifts it.
    pub(super) fn end_question(&mut self) {
        if self.modes.answering.take().is_some() {
            self.modes.lifted = false;
            self.selected = None;
        }
    }

    /// Who is looking at the screen. Beyond a player's own pieces, every sight comes from the gate.
    pub fn looker(&self) -> Looker {
        if let Some(s) = self.modes.referee {
            return Looker::All(s);
        }
        if let Some(s) = self.table.game().free_sight(Viewer::Referee, None) {
            // Open mode, or a finished game.
            return Looker::All(s);
        }
        if self.mode().deals_face_down() {
            // Flip mode: both players see the same, face-down pieces stay unknown.
            return Looker::All(self.table.game().own_sight(self.looking_side()));
        }
        if self.curtain_up() {
            Looker::Nobody
        } else {
            Looker::Side(self.looking_side())
        }
    }

    /// What the board shows: the referee view when granted, else the view of the player looking
    /// (the engine's view reveals everything once the game is over).
    pub fn board_view(&self) -> crate::engine::View {
        let sight = self
            .modes
            .referee
            .unwrap_or_else(|| self.table.game().own_sight(self.looking_side()));
        self.table.game().sight_now(sight)
    }

    /// The player asking for something through the gate: the one looking, if known.
    pub fn asking_side(&self) -> Option<Seat> {
        match self.looker() {
            Looker::Side(s) => Some(s),
            _ if self.computer.any() => Some(self.looking_side()),
            _ => None,
        }
    }

    /// After a turn was played: clear the selection, lower the curtain, show the clash.
    pub(in crate::app) fn after_turn(&mut self) {
        // A game abandoned because an engine failed that goes on after all (after an undo) is
        // no longer abandoned; the `forfeit` entry keeps what happened.
        self.table.remove_info(InfoKey::Abandoned);
        self.hint = None;
        self.hint_thought = None;
        self.selected = None;
        self.message = None;
        self.modes.lifted = false;
        self.modes.pending_flip = None;
        self.modes.tag_menu = None;
        self.modes.handing = self.hands_over_after_clash();
        self.flash = if self.curtain_up() {
            None
        } else {
            flash_for(self.table.game(), self.looker())
        };
    }

    /// Flip mode: a click on a face-down piece with nothing selected flips it (after a second click
    /// if that option is on). Returns whether the click was used.
    pub(super) fn flip_click(&mut self, n: NodeId) -> bool {
        if !self.mode().deals_face_down() {
            return false;
        }
        let face_down = self.board_view().at(n) == Seen::FaceDown;
        if !face_down {
            self.modes.pending_flip = None;
            return false;
        }
        // A face-down piece clicked with a piece selected: flip it (a face-down piece is never a
        // destination), as players expect.
        self.selected = None;
        if self.modes.opts.confirm_flip && self.modes.pending_flip != Some(n) {
            self.modes.pending_flip = Some(n);
            self.message = None;
            return true;
        }
        self.reply(Reply::Turn(Turn::Flip(n)));
        true
    }
}
