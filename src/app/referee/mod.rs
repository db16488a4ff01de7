//! The referee for games on a physical board: people play on a real board with real pieces
//! and the program replaces the human referee, in one of two ways.
//!
//! - **Clash judge** (`JudgeTable`): at each clash the attacker, then the defender, enters their piece
//!   privately on a pad of the twelve pieces; `engine::judge::ClashJudge` announces only the outcome,
//!   keeps the losses, refuses impossible claims and declares the winner.
//! - **Tracked game** (`Tracked`): each player enters a formation privately (the formation editor or a
//!   saved file) behind a hand-over curtain; then every physical move is mirrored on a board that shows
//!   only backs, and a hidden-mode game on a `table::Table` judges it, every seat a desk that this
//!   screen fills.
//!
//! Privacy on a shared screen (UX.md): the pad is the same for both players (same buttons, same size,
//! same place, every button always enabled), has no hover or press highlight, disappears the moment a
//! choice is made (a neutral "received" state replaces it, and the pointer is moved off the chosen
//! button), and every choice is answered in the same frame. No label names a rank except the pad
//! itself and the losses by rank, which are off until the game ends.
//!
//! The model and the drawing are apart: `Referee` (this file) holds the screen's state and changes
//! only in `Referee::apply`, which takes a `RefereeCmd`; the drawing (`screen`, `judge_pad`,
//! `tracked_board`) reads it and returns commands. The model: `judge` (the clash judge's tally),
//! `tracked` (formations and the tracked game), `autosave` (the files and the first screen's resume
//! offers), `words` (announcements that name no hidden rank).

mod autosave;
mod judge;
mod judge_pad;
mod screen;
mod tracked;
mod tracked_board;
mod widgets;
mod words;

pub use autosave::{
    Autosaved, ENTRY_FILE, JUDGE_FILE, RefereeSaves, ResumeCmd, Resumed, TRACKED_FILE, folder_in,
};
pub use judge::{
    JUDGE_RECORD_VERSION, JudgeCmd, JudgeEvent, JudgeRecord, JudgeTable, Notice, Pending,
};
pub use screen::{home_offers, ui};
pub use tracked::{
    FormationCmd, FormationEntry, SealedEntry, Tracked, TrackedCmd, TrackedNote, public_view,
    tracked_notes,
};
pub use words::{Said, outcome_text, pad_label, public_reason};

use crate::engine::rules::{HouseRule, RuleValue, TurnOrder};
use crate::engine::{Game, Mode, Rules, Seat};
use std::path::PathBuf;

/// House rules the referee offers (flip-mode and clock rules make no sense on a physical board;
/// team view is what the players show each other at the table, nothing for the referee to decide).
/// The turn order is offered for four-player tables only: the tracked game follows it. The CCGC
/// rule set's own rule (`quiet loses`) is the command line's, not offered here.
fn offered(rule: HouseRule, four: bool) -> bool {
    match rule {
        HouseRule::TurnOrder => four,
        HouseRule::FirstEngineerDecides
        | HouseRule::MoveClock
        | HouseRule::TeamView
        | HouseRule::QuietLoses => false,
        HouseRule::Mines
        | HouseRule::FlyingBombs
        | HouseRule::MovableHq
        | HouseRule::BombsInFrontRow
        | HouseRule::FlagRevealOnMarshalLoss
        | HouseRule::EngineerScout
        | HouseRule::FlagNeedsMinesCleared
        | HouseRule::FlagTakers
        | HouseRule::RailTurnForAll
        | HouseRule::QuietLimit
        | HouseRule::TurnLimit => true,
    }
}

/// House rules that only the tracked game can enforce (movement, deployment and draw limits).
fn tracked_only(rule: HouseRule) -> bool {
    match rule {
        HouseRule::FlyingBombs
        | HouseRule::MovableHq
        | HouseRule::BombsInFrontRow
        | HouseRule::RailTurnForAll
        | HouseRule::QuietLimit
        | HouseRule::QuietLoses
        | HouseRule::TurnLimit => true,
        HouseRule::Mines
        | HouseRule::FlagRevealOnMarshalLoss
        | HouseRule::EngineerScout
        | HouseRule::FlagNeedsMinesCleared
        | HouseRule::FlagTakers
        | HouseRule::FirstEngineerDecides
        | HouseRule::MoveClock
        | HouseRule::TeamView => false,
        // Only the tracked game knows whose turn it is.
        HouseRule::TurnOrder => true,
    }
}

/// The referee screen: the house rules and a choice of the two ways, then one of them.
pub struct Referee {
    pub rules: Rules,
    pub stage: Stage,
    data_dir: Option<PathBuf>,
    /// The side at the bottom of a tracked game's board.
    pub bottom: Seat,
    /// Four players at the table (South, East, North, West) rather than two.
    pub four: bool,
}

pub enum Stage {
    Menu,
    Judge(Box<JudgeTable>),
    Formations(Box<FormationEntry>),
    Tracked(Box<Tracked>),
}

/// The two ways of the referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    Judge,
    Tracked,
}

/// Both players' answer on the shared screen before something that needs both (showing the losses
/// by rank, undoing a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Consent {
    /// A player ticks (or unticks) "agrees".
    Agree(Seat, bool),
    /// Go ahead (only once both agreed).
    Confirm,
    Cancel,
}

/// Something the referee screen asks for.
#[derive(Debug)]
pub enum RefereeCmd {
    /// Leave the referee for the first screen.
    Leave,
    /// A house rule changed in the menu's list.
    SetRule(HouseRule, RuleValue),
    /// Two players or four, in the menu.
    SetFour(bool),
    /// Start one of the two ways afresh, with the referee's rules.
    Choose(Way),
    /// Back to the referee menu.
    Menu,
    /// Save the tracked game like any game ("Save as…").
    SaveAs,
    Judge(JudgeCmd),
    Formation(FormationCmd),
    Tracked(TrackedCmd),
}

/// What the window does after a referee command.
#[derive(Debug, PartialEq, Eq)]
pub enum RefereeOutcome {
    Stay,
    /// Back to the first screen.
    Leave,
    /// Save the tracked game (`Referee::tracked_game`) like any game.
    SaveAs,
}

impl Referee {
    /// The referee menu, with the house rules last used (in hidden mode, no move clock).
    pub fn new(rules: &Rules, data_dir: Option<PathBuf>) -> Referee {
        let mut rules = rules.clone();
        rules.mode = Mode::Hidden;
        rules.move_clock = None;
        rules.first_engineer_decides = false;
        Referee {
            rules,
            stage: Stage::Menu,
            data_dir,
            bottom: Seat::Red,
            four: false,
        }
    }

    /// With this side at the bottom of a tracked game's board.
    pub fn with_bottom(mut self, bottom: Seat) -> Referee {
        self.bottom = bottom;
        self
    }

    /// What the side panel stands beside, on the stages that have one that folds away: the
    /// tracked game's board, the clash judge's pad.
    pub fn panel_centre(&self) -> Option<crate::app::panel::Centre> {
        match &self.stage {
            Stage::Tracked(t) => Some(crate::app::panel::Centre::board(t.game().board())),
            Stage::Judge(_) => Some(judge_pad::CENTRE),
            _ => None,
        }
    }

    /// The game of a tracked game in progress (for saving it like any game).
    pub fn tracked_game(&self) -> Option<&Game> {
        match &self.stage {
            Stage::Tracked(t) => Some(t.game()),
            _ => None,
        }
    }

    /// The sound of what the tracked game did since the last call (its public reports only).
    pub fn take_sound(&mut self) -> Option<crate::app::sound::Sound> {
        match &mut self.stage {
            Stage::Tracked(t) => t.take_sound(),
            _ => None,
        }
    }

    /// Carry out a command of the screen. A command for another stage than the one showing
    /// changes nothing.
    pub fn apply(&mut self, cmd: RefereeCmd) -> RefereeOutcome {
        match cmd {
            RefereeCmd::Leave => return RefereeOutcome::Leave,
            RefereeCmd::SetRule(rule, value) => {
                if matches!(self.stage, Stage::Menu) && offered(rule, self.four) {
                    // A value of the wrong kind is refused and changes nothing.
                    let _ = self.rules.set(rule, value);
                }
            }
            RefereeCmd::SetFour(four) => {
                if matches!(self.stage, Stage::Menu) {
                    self.four = four;
                    if !four {
                        // Two players take turns either way.
                        self.rules.turn_order = TurnOrder::default();
                    }
                }
            }
            RefereeCmd::Choose(Way::Judge) => {
                self.stage = Stage::Judge(Box::new(JudgeTable::with_players(
                    self.rules.clone(),
                    self.four,
                )));
            }
            RefereeCmd::Choose(Way::Tracked) => {
                let library = crate::app::formations::library(self.data_dir.as_deref());
                self.stage =
                    Stage::Formations(Box::new(FormationEntry::with_players(library, self.four)));
            }
            RefereeCmd::Menu => self.stage = Stage::Menu,
            RefereeCmd::SaveAs => {
                if matches!(self.stage, Stage::Tracked(_)) {
                    return RefereeOutcome::SaveAs;
                }
            }
            RefereeCmd::Judge(c) => {
                if let Stage::Judge(j) = &mut self.stage {
                    j.apply(c);
                }
            }
            RefereeCmd::Formation(c) => {
                if let Stage::Formations(f) = &mut self.stage
                    && let Some(entered) = f.apply(c, &self.rules, self.data_dir.as_deref())
                {
                    match Tracked::open(&self.rules, entered, self.bottom) {
                        Ok(t) => self.stage = Stage::Tracked(Box::new(t)),
                        Err(why) => f.refused(&why),
                    }
                }
            }
            RefereeCmd::Tracked(c) => {
                if let Stage::Tracked(t) = &mut self.stage {
                    t.apply(c);
                }
            }
        }
        RefereeOutcome::Stay
    }
}

#[cfg(test)]
mod tests;
