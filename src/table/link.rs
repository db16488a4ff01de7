//! The line transport under an engine seat: an engine's process (`process::EngineProcess`) or a
//! network player's connection (`net::host`). `engine_seat::EngineSeat` speaks the junqi engine
//! protocol over either, with the same checks and time limits.

use super::SeatFailure;
use super::process::EngineProcess;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Lines to and from a seat that speaks the junqi engine protocol.
pub trait LineLink: Send {
    /// Send one line (without its newline); a link that cannot take it any more drops it, and
    /// the seat fails at its next read.
    fn send(&mut self, line: &str);

    /// Send one line, waiting for room until `until` or until `stop` is set.
    fn send_waiting(&mut self, line: &str, until: Instant, stop: &AtomicBool) {
        let _ = (until, stop);
        self.send(line);
    }

    /// The next line before `deadline`.
    ///
    /// # Errors
    /// No line in time (`Hung`), the link ended (`Crashed`), or a line too long or not text
    /// (`Garbage`).
    fn line(&mut self, deadline: Instant) -> Result<String, SeatFailure>;

    /// The lines exchanged so far (`> ` sent, `< ` received), if a transcript is kept.
    fn transcript(&self) -> &[String] {
        &[]
    }

    /// Keep a transcript from now on.
    fn keep_transcript(&mut self) {}
}

impl LineLink for EngineProcess {
    fn send(&mut self, line: &str) {
        EngineProcess::send(self, line);
    }

    fn send_waiting(&mut self, line: &str, until: Instant, stop: &AtomicBool) {
        EngineProcess::send_waiting(self, line, until, stop);
    }

    fn line(&mut self, deadline: Instant) -> Result<String, SeatFailure> {
        EngineProcess::line(self, deadline)
    }

    fn transcript(&self) -> &[String] {
        EngineProcess::transcript(self)
    }

    fn keep_transcript(&mut self) {
        EngineProcess::keep_transcript(self);
    }
}
