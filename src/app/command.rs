//! What the interface asks for: screens return `Command`s during the UI pass and the app
//! (`JunqiApp::run_command`) carries them out after it. Commands for the game on screen are
//! `session::Act`s; a `match` with no catch-all arm handles each kind.

use super::newgame::NewGameSpec;
use super::session::Act;
use crate::engine::{Disclosure, Seat};
use std::path::PathBuf;

/// Something the interface asked for, carried out after the UI pass.
#[must_use]
#[derive(Debug)]
pub enum Command {
    Home,
    OpenNewGame,
    /// Back to the game in play (from the first screen).
    ContinueGame,
    Start(NewGameSpec),
    QuickStart,
    /// Something for the game on screen.
    Play(Act),
    ToggleFullscreen,
    DismissWarning,
    /// The sounds setting was switched on: play a first sound (which finds out whether the
    /// machine can play any).
    TrySound,
    /// The formation editor on its own (from the first screen).
    OpenEditor,
    /// Edit a side's formation for the new-game dialog.
    EditFormation(Seat),
    /// Something for the formation editor on screen (which may be done with it: use its
    /// formation in a game, or close it).
    Editor(crate::editor::EditorCmd),
    Saves(SaveCmd),
    Replay(ReplayCmd),
    /// The referee for games on a physical board (from the first screen).
    OpenReferee,
    /// Something for the referee screen.
    Referee(super::referee::RefereeCmd),
    /// "Join a network game…" (the first screen, the Network menu).
    OpenJoin,
    /// "Rejoin the game in progress" (the first screen): join this invite, whose seat is kept.
    RejoinNet(String),
    /// "Host a network game…".
    OpenHost,
    /// Something for the network screen.
    Remote(super::remote::RemoteCmd),
    /// The lessons (from the first screen).
    OpenLearn,
    /// Something for the lesson screen.
    Learn(super::learn::LearnCmd),
}

/// Something the save/open interface asked for.
#[derive(Debug)]
pub enum SaveCmd {
    Resume,
    Discard,
    OpenDialog,
    Open(PathBuf),
    SaveAs,
    /// Watch the current game in the replay viewer.
    ReplayCurrent,
    /// Resume or discard what the referee left (a tracked game, a clash judge's tally).
    Referee(super::referee::ResumeCmd),
}

/// Something the replay viewer asks for: its own moves through the game (carried out by
/// `Replay::apply`) and what only the app can do (a new game, a viewpoint noted in a file).
#[derive(Debug)]
pub enum ReplayCmd {
    /// Show the position after this many turns (clamped to the last).
    Jump(usize),
    /// One turn forward (`true`) or back.
    Step(bool),
    /// Play the turns one after another, or pause.
    TogglePlay,
    /// Turns per second while playing.
    Speed(f32),
    /// Ask the gate for a viewpoint: a free one shows at once, another asks for a confirmation.
    ChooseViewer(crate::engine::Viewer),
    /// The viewpoint's confirmation cancelled.
    CancelViewpoint,
    /// Start a new game from the position after this many turns (a confirmation comes first when
    /// the new game carries knowledge from beyond that turn).
    ContinueFrom(usize),
    /// The confirmation of "Continue from here" at this turn.
    ContinueConfirmed(usize),
    /// "Continue from here" cancelled at its confirmation.
    CancelContinue,
    /// A viewpoint was confirmed: the gate grants and records it.
    Confirmed(Disclosure),
    /// Leave the viewer (to the game in play, or the first screen).
    Close,
    /// Something for the game's review (`app::review`).
    Review(super::review::ReviewCmd),
}
