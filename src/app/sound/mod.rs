//! Optional sounds (off by default, `Settings::sounds`): a move, a clash, a flag shown, the end of
//! a game. The four sounds are small WAVs made by `assets/sounds/make-sounds.py` (CC0 1.0),
//! embedded in the binary.
//!
//! Which sound a turn makes is a pure function of the turn's **public** report (`sound_for`): the
//! same for every player, so a sound never tells anyone what the rules hide (a clash sounds the
//! same whoever won it; only a flag the report shows to both sounds as a flag). The game on screen
//! keeps a `Heard` mark of what it already sounded; the window plays through a `SoundSink`:
//! ALSA loaded at run time on Linux (`alsa`; no system library is needed to build), nothing
//! elsewhere, a recording sink in tests.

#[cfg(target_os = "linux")]
mod alsa;
pub mod wav;

use crate::engine::{Game, Rank, TurnReport};
use std::sync::{Arc, Mutex};

/// A sound of the game, in increasing importance: when one frame brings several, the most
/// important plays.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Sound {
    /// A move or a flip (a soft wooden click).
    Move,
    /// Two pieces met (a low thud), whatever the outcome.
    Clash,
    /// A flag was shown to every player (a two-note chime).
    Flag,
    /// The game is over (a short rising arpeggio), whoever won and however.
    End,
}

impl Sound {
    pub const ALL: [Sound; 4] = [Sound::Move, Sound::Clash, Sound::Flag, Sound::End];

    /// The embedded WAV file of this sound.
    pub fn wav(self) -> &'static [u8] {
        SOUND_FILES[self as usize]
    }
}

/// The embedded files, in the order of `Sound::ALL`.
pub(crate) static SOUND_FILES: [&[u8]; 4] = [
    include_bytes!("../../../assets/sounds/move.wav"),
    include_bytes!("../../../assets/sounds/clash.wav"),
    include_bytes!("../../../assets/sounds/flag.wav"),
    include_bytes!("../../../assets/sounds/end.wav"),
];

/// The sound of one turn, from its public report alone: a flag shown to every player (a fallen
/// marshal's flag, a flag turned face up in a flip game) → `Flag`; any clash → `Clash`; else a
/// move or flip → `Move`; a turn that ended the game → `End`.
pub fn turn_sound(report: &TurnReport) -> Sound {
    if report.result.is_some_and(|s| s.is_over()) {
        Sound::End
    } else if report.flags_revealed().next().is_some()
        || matches!(report.flipped, Some((_, Rank::Flag)))
    {
        Sound::Flag
    } else if report.clash.is_some() {
        Sound::Clash
    } else {
        Sound::Move
    }
}

/// The one sound for the turns just played (their public reports; `None` for a turn lost to the
/// move clock) and whether the game just ended (also by resignation, agreement or timeouts): the
/// most important of them, or none.
pub fn sound_for<'a>(
    reports: impl IntoIterator<Item = Option<&'a TurnReport>>,
    ended: bool,
) -> Option<Sound> {
    let turns = reports.into_iter().flatten().map(turn_sound).max();
    if ended { Some(Sound::End) } else { turns }
}

/// What a game on screen has already sounded: its number of turns and whether it was over. A
/// game starts heard as it is (opening a saved game or continuing one makes no sound).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Heard {
    plies: usize,
    over: bool,
}

impl Heard {
    /// Everything in `game` so far counts as heard.
    pub fn of(game: &Game) -> Heard {
        Heard {
            plies: game.plies().len(),
            over: game.status().is_over(),
        }
    }

    /// The sound of what `game` did since the last call (or since `Heard::of`), and mark it heard.
    /// Turns taken back make no sound; turns played again after an undo (redo) do.
    pub fn take(&mut self, game: &Game) -> Option<Sound> {
        let now = Heard::of(game);
        let new = game.plies().get(self.plies..).unwrap_or_default();
        let sound = sound_for(
            new.iter().map(|p| p.report.as_ref()),
            now.over && !self.over,
        );
        *self = now;
        sound
    }
}

/// Whether sounds can be heard on this machine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Availability {
    /// Nothing was played yet.
    Unknown,
    /// The last sound opened the device.
    Ready,
    /// No sound library or device (the settings row says so).
    Unavailable,
}

/// Where the window's sounds go. `play` never blocks: a sound that cannot be played now may be
/// dropped.
pub trait SoundSink {
    fn play(&mut self, sound: Sound);
    fn availability(&self) -> Availability;
}

/// The machine's sound output: ALSA's `libasound.so.2` on Linux, loaded when the first sound plays
/// (a missing library or device makes it `Unavailable`, silently); nothing on other systems.
/// `wake` is called from the sound thread when the availability changes (the window repaints).
pub fn system_sink(wake: impl Fn() + Send + 'static) -> Box<dyn SoundSink> {
    #[cfg(target_os = "linux")]
    {
        Box::new(alsa::AlsaSink::new(Box::new(wake)))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = wake;
        Box::new(Silent)
    }
}

/// A sink that plays nothing and reports that sounds are unavailable (other systems than Linux;
/// the window tests).
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl SoundSink for Silent {
    fn play(&mut self, _sound: Sound) {}
    fn availability(&self) -> Availability {
        Availability::Unavailable
    }
}

/// A sink that keeps the sounds asked of it, for tests (clones share the list).
#[derive(Clone, Debug, Default)]
pub struct Recording {
    pub played: Arc<Mutex<Vec<Sound>>>,
}

impl Recording {
    /// The sounds played so far.
    pub fn sounds(&self) -> Vec<Sound> {
        self.played.lock().map(|v| v.clone()).unwrap_or_default()
    }
}

impl SoundSink for Recording {
    fn play(&mut self, sound: Sound) {
        if let Ok(mut v) = self.played.lock() {
            v.push(sound);
        }
    }
    fn availability(&self) -> Availability {
        Availability::Ready
    }
}

#[cfg(test)]
mod tests;
