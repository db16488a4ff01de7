//! An outside engine at the table, speaking the junqi engine protocol (docs/engine-protocol.md)
//! through its own process (`process::EngineProcess`), or any other line transport
//! (`link::LineLink`: a network player's connection).
//!
//! It is sent only what its seat may know: the seat's view (`view`) and the public reports
//! (`report`). Everything it answers is checked: a line that is not a message of the protocol, an
//! answer that is not the one asked for, too many lines for one question, silence past its time,
//! or the end of the process all fail the seat, with the reason.

use super::link::LineLink;
use super::process::EngineProcess;
use super::{Chair, Clock, Reply, SeatDriver, SeatFailure, SeatStart};
use crate::engine::{Board, Formation, IllegalTurn, Seat, Status, Turn, TurnReport, View, Viewer};
use crate::protocol::{EngineMsg, HostMsg, RefusedWhy, VERSION, parse_formation};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long the handshake, a formation or a draw answer may take: this, or the table's limit
/// per turn when it has one (but at least `MIN_ANSWER_TIME`).
pub const ANSWER_TIME: Duration = Duration::from_secs(10);
const MIN_ANSWER_TIME: Duration = Duration::from_secs(1);
/// Lines an engine may send while it thinks about one turn (`info` and the answer).
pub const MAX_LINES_PER_ANSWER: usize = 10_000;
/// The most a turn may take when the table sets no limit.
const NO_LIMIT: Duration = Duration::from_secs(3600);
/// What a turn's deadline allows beyond its limit, for the pipe and the process's start.
const SLACK: Duration = Duration::from_millis(250);
/// With a cancel flag (`set_cancel`): how often a wait looks at it.
pub const CANCEL_POLL: Duration = Duration::from_millis(20);

/// An outside engine's seat.
pub struct EngineSeat {
    command: String,
    process: Option<Box<dyn LineLink>>,
    name: String,
    board: &'static Board,
    /// The view last sent (its notation and mines field), not to send it twice.
    last_view: Option<(String, String)>,
    /// How long an answer other than a turn may take (`ANSWER_TIME`).
    answer_time: Duration,
    /// The last `info` the engine sent (for a window to show).
    info: Option<String>,
    transcript: bool,
    /// The engine named itself (`id name`) in the handshake.
    named: bool,
    /// Set from elsewhere to stop waiting (`set_cancel`).
    cancel: Option<Arc<AtomicBool>>,
    /// The least time an answer other than a turn may take (`patient`: a person answers).
    patience: Duration,
    /// The count of the last `timeout` of its own side, until the engine answers it with
    /// `timeout ok <count>`: every line before that answer is the late answer to a question
    /// whose time ran out, and is not taken.
    timed_out: Option<u32>,
    /// A `go` was sent and its answer not read yet: the wait for it was interrupted
    /// (`SeatFailure::Interrupted`), and the next `choose` waits on without asking again.
    go_pending: bool,
}

impl EngineSeat {
    /// The engine started by `command` (a shell command), once the table starts the game.
    pub fn new(command: &str) -> EngineSeat {
        EngineSeat {
            command: command.to_string(),
            process: None,
            name: format!("engine:{command}"),
            board: Board::two_player(),
            last_view: None,
            answer_time: ANSWER_TIME,
            info: None,
            transcript: false,
            named: false,
            cancel: None,
            patience: Duration::ZERO,
            timed_out: None,
            go_pending: false,
        }
    }

    /// Give answers other than turns (a formation, a draw answer) at least `time`: a person
    /// at the other end of a network seat chooses a formation in minutes, not seconds.
    #[must_use]
    pub fn patient(mut self, time: Duration) -> EngineSeat {
        self.patience = time;
        self
    }

    /// A seat speaking over `link` (already open), named `name` until it names itself.
    pub fn over(link: Box<dyn LineLink>, name: &str) -> EngineSeat {
        let mut seat = EngineSeat::new("");
        seat.name = name.to_string();
        seat.process = Some(link);
        seat
    }

    /// A flag that, once set, ends any wait for the engine within `CANCEL_POLL` (the wait fails
    /// then, and the seat is not to be asked again). With it, a line sent while the engine's input
    /// is full waits for room (until the flag or the time an answer may take) instead of cutting
    /// the engine off: a long game told to a new engine at once does not overflow it.
    pub fn set_cancel(&mut self, flag: Arc<AtomicBool>) {
        self.cancel = Some(flag);
    }

    /// Whether the cancel flag is set.
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// The name the engine gave itself in the handshake (`id name`), if it gave one.
    pub fn id_name(&self) -> Option<&str> {
        self.named.then_some(self.name.as_str())
    }

    /// Ask the engine to end (`quit`); the process is ended when the seat is dropped.
    pub fn quit(&mut self) {
        self.send(&HostMsg::Quit);
    }

    /// Tell the engine the referee refused `turn` for `why` (`SeatDriver::refused` in words).
    pub fn refused_because(&mut self, turn: Turn, why: RefusedWhy) {
        let t = turn.notation(self.board);
        self.send(&HostMsg::Refused(t, why));
        // The view before the next `go`, even one equal to the last (a second refusal of an
        // attack on a flag already shown changes nothing): the protocol promises one.
        self.last_view = None;
    }

    /// Keep a transcript of the lines exchanged (`transcript`).
    pub fn keep_transcript(mut self) -> EngineSeat {
        self.transcript = true;
        self
    }

    /// The lines exchanged so far (`> ` sent, `< ` received), if a transcript is kept.
    pub fn transcript(&self) -> &[String] {
        self.process.as_ref().map_or(&[], |p| p.transcript())
    }

    /// The last `info` line's words.
    pub fn info(&self) -> Option<&str> {
        self.info.as_deref()
    }

    fn process(&mut self) -> Result<&mut Box<dyn LineLink>, SeatFailure> {
        self.process.as_mut().ok_or(SeatFailure::NotStarted)
    }

    fn send(&mut self, msg: &HostMsg) {
        let line = msg.line(self.board);
        let until = Instant::now() + self.answer_time;
        if let Some(p) = &mut self.process {
            match &self.cancel {
                Some(flag) => p.send_waiting(&line, until, flag),
                None => p.send(&line),
            }
        }
    }

    /// The next line before `deadline`; with a cancel flag, waited for in slices of
    /// `CANCEL_POLL`, failing as soon as the flag is seen.
    fn line(&mut self, deadline: Instant) -> Result<String, SeatFailure> {
        let Some(flag) = self.cancel.clone() else {
            return self.process()?.line(deadline);
        };
        loop {
            if flag.load(Ordering::Relaxed) {
                return Err(SeatFailure::Cancelled);
            }
            let slice = (Instant::now() + CANCEL_POLL).min(deadline);
            match self.process()?.line(slice) {
                Err(SeatFailure::Hung(_)) if slice < deadline => {}
                got => return got,
            }
        }
    }

    /// The next message other than `info` (kept) before `deadline`; at most
    /// `MAX_LINES_PER_ANSWER` lines are read. After its own side's timeout, the lines up to the
    /// engine's `timeout ok` are read first and dropped.
    fn next(&mut self, deadline: Instant) -> Result<EngineMsg, SeatFailure> {
        if let Some(count) = self.timed_out {
            self.drop_late(count, deadline)?;
        }
        for _ in 0..MAX_LINES_PER_ANSWER {
            let line = self.line(deadline)?;
            match EngineMsg::parse(&line) {
                Ok(EngineMsg::Info(i)) => self.info = Some(i),
                Ok(EngineMsg::Error(e)) => return Err(SeatFailure::Reported(e)),
                Ok(m) => return Ok(m),
                Err(_) => return Err(SeatFailure::Garbage(crate::protocol::clip(&line))),
            }
        }
        Err(SeatFailure::Flood)
    }

    /// Read up to the engine's `timeout ok <count>`, dropping what came before it (a late turn,
    /// its `info`, an older `timeout ok`).
    fn drop_late(&mut self, count: u32, deadline: Instant) -> Result<(), SeatFailure> {
        for _ in 0..MAX_LINES_PER_ANSWER {
            let line = self.line(deadline)?;
            match EngineMsg::parse(&line) {
                Ok(EngineMsg::TimeoutOk(n)) if n == count => {
                    self.timed_out = None;
                    return Ok(());
                }
                Ok(EngineMsg::Error(e)) => return Err(SeatFailure::Reported(e)),
                Ok(_) => {}
                Err(_) => return Err(SeatFailure::Garbage(crate::protocol::clip(&line))),
            }
        }
        Err(SeatFailure::Flood)
    }

    fn send_view(&mut self, view: &View) {
        let Viewer::Side(viewer) = view.viewer() else {
            return;
        };
        let now = (view.notation(), view.mines_notation());
        if self.last_view.as_ref() == Some(&now) {
            return;
        }
        self.send(&HostMsg::View {
            viewer,
            notation: now.0.clone(),
            mines: now.1.clone(),
        });
        self.last_view = Some(now);
    }

    /// A message that is not the answer asked for.
    fn unexpected(m: &EngineMsg, asked: &str) -> SeatFailure {
        SeatFailure::Garbage(format!("'{}' where {asked} was asked for", m.line()))
    }

    /// The next message, within the time an answer other than a turn may take.
    fn answer(&mut self) -> Result<EngineMsg, SeatFailure> {
        let t = self.answer_time;
        self.next(Instant::now() + t).map_err(|e| match e {
            SeatFailure::Hung(_) => SeatFailure::Hung(t),
            e => e,
        })
    }
}

impl SeatDriver for EngineSeat {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&mut self, start: &SeatStart<'_>) -> Result<(), SeatFailure> {
        if self.process.is_none() {
            let p: Box<dyn LineLink> = Box::new(EngineProcess::start(&self.command)?);
            self.process = Some(p);
        }
        if self.transcript
            && let Some(p) = &mut self.process
        {
            p.keep_transcript();
        }
        self.board = match start.chair {
            Chair::Side(s) if s.is_four() => Board::four_player(),
            _ => Board::two_player(),
        };
        self.answer_time = start
            .turn_time
            .map_or(ANSWER_TIME, |t| t.max(MIN_ANSWER_TIME))
            .max(self.patience);
        self.send(&HostMsg::Hello(VERSION));
        let deadline = Instant::now() + self.answer_time;
        loop {
            let got = self.next(deadline).map_err(|e| match e {
                SeatFailure::Hung(_) => SeatFailure::Hung(self.answer_time),
                e => e,
            })?;
            match got {
                EngineMsg::Id { key, value } if key == "name" => {
                    self.name = crate::protocol::clip(&value);
                    self.named = true;
                }
                EngineMsg::Id { .. } | EngineMsg::Option(..) => {}
                EngineMsg::Ok(v) if v == VERSION => break,
                EngineMsg::Ok(v) => {
                    return Err(SeatFailure::OtherVersion(v));
                }
                m => return Err(EngineSeat::unexpected(&m, "the handshake")),
            }
        }
        let ms = |d: Option<Duration>| d.map(|d| d.as_millis() as u64);
        self.send(&HostMsg::NewGame);
        self.send(&HostMsg::Rules(start.rules.clone()));
        self.send(&HostMsg::Seat(start.chair));
        self.send(&HostMsg::Seed(start.seed));
        self.send(&HostMsg::Time {
            game_ms: ms(start.game_time),
            turn_ms: ms(start.turn_time),
        });
        Ok(())
    }

    fn formation(&mut self) -> Result<Option<Formation>, SeatFailure> {
        self.send(&HostMsg::AskFormation);
        match self.answer()? {
            EngineMsg::Formation(text) => parse_formation(&text)
                .map(Some)
                .map_err(|e| SeatFailure::BadFormation(e.to_string())),
            m => Err(EngineSeat::unexpected(&m, "a formation")),
        }
    }

    fn begin(&mut self, view: &View) -> Result<(), SeatFailure> {
        self.send_view(view);
        Ok(())
    }

    fn choose(&mut self, view: &View, clock: &Clock) -> Result<Reply, SeatFailure> {
        self.send_view(view);
        if !self.go_pending {
            let ms = |d: Option<Duration>| d.map(|d| d.as_millis() as u64);
            self.send(&HostMsg::Go {
                turn_ms: ms(clock.turn),
                left_ms: ms(clock.left),
            });
            self.go_pending = true;
        }
        let limit = clock.limit().unwrap_or(NO_LIMIT);
        let deadline = Instant::now() + limit + SLACK;
        let answer = self.next(deadline);
        if !matches!(answer, Err(SeatFailure::Interrupted)) {
            self.go_pending = false;
        }
        let answer = answer.map_err(|e| match e {
            SeatFailure::Hung(_) => SeatFailure::Hung(limit),
            e => e,
        })?;
        match answer {
            EngineMsg::Turn(t) => match Turn::parse(&t, view.board()) {
                Ok(t) => Ok(Reply::Turn(t)),
                Err(e) => Err(SeatFailure::Illegal {
                    turn: crate::protocol::clip(&t),
                    why: e.to_string(),
                }),
            },
            EngineMsg::Resign => Ok(Reply::Resign),
            EngineMsg::OfferDraw => Ok(Reply::OfferDraw),
            EngineMsg::AskTakeback => Ok(Reply::AskTakeback),
            m => Err(EngineSeat::unexpected(&m, "a turn")),
        }
    }

    fn refused(&mut self, turn: Turn, why: &IllegalTurn) {
        self.refused_because(turn, RefusedWhy::of(why));
    }

    fn seat_out(&mut self, view_after: &View) {
        self.send_view(view_after);
    }

    fn observe(&mut self, report: &TurnReport, view_after: &View) {
        self.send(&HostMsg::Report(report.clone()));
        // The view after every report, even one equal to the last (the engine learns the
        // report with it).
        self.last_view = None;
        self.send_view(view_after);
    }

    fn draw_offered(&mut self, by: Seat, view: &View) -> Result<bool, SeatFailure> {
        self.send_view(view);
        self.send(&HostMsg::DrawOffered(by));
        match self.answer()? {
            EngineMsg::DrawAnswer(yes) => Ok(yes),
            m => Err(EngineSeat::unexpected(&m, "a draw answer")),
        }
    }

    fn takeback_asked(&mut self, by: Seat, turns: u32, view: &View) -> Result<bool, SeatFailure> {
        self.send_view(view);
        self.send(&HostMsg::TakebackAsked(by, turns));
        match self.answer()? {
            EngineMsg::TakebackAnswer(yes) => Ok(yes),
            m => Err(EngineSeat::unexpected(&m, "a takeback answer")),
        }
    }

    fn taken_back(&mut self, by: Seat, turns: u32, view: &View) {
        self.send(&HostMsg::TakenBack(by, turns));
        // The view after the takeback, even one equal to the last (the engine learns the
        // takeback with it).
        self.last_view = None;
        self.send_view(view);
    }

    fn takeback_declined(&mut self) {
        self.send(&HostMsg::TakebackDeclined);
    }

    fn timed_out(&mut self, side: Seat, count: u32, view_after: &View) {
        self.send(&HostMsg::Timeout { side, count });
        if view_after.viewer() == Viewer::Side(side) {
            self.timed_out = Some(count);
            self.go_pending = false;
        }
        // The view after it, even one equal to the last (the side to move changed).
        self.last_view = None;
        self.send_view(view_after);
    }

    fn finish(&mut self, status: Status, _view: &View) {
        self.send(&HostMsg::GameOver(status));
        self.send(&HostMsg::Quit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Mode, Rules, Start};
    use std::collections::VecDeque;
    use std::sync::Mutex;

    /// A link whose answers are written in advance; what it was sent is kept.
    struct Canned {
        sent: Arc<Mutex<Vec<String>>>,
        answers: VecDeque<String>,
    }

    impl LineLink for Canned {
        fn send(&mut self, line: &str) {
            self.sent.lock().unwrap().push(line.to_string());
        }
        fn line(&mut self, _: Instant) -> Result<String, SeatFailure> {
            self.answers
                .pop_front()
                .ok_or(SeatFailure::Hung(Duration::ZERO))
        }
    }

    fn seat(answers: &[&str]) -> (EngineSeat, Arc<Mutex<Vec<String>>>) {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let link = Canned {
            sent: sent.clone(),
            answers: answers.iter().map(|s| s.to_string()).collect(),
        };
        (EngineSeat::over(Box::new(link), "canned"), sent)
    }

    /// The takeback lines: asked (with the view first) and answered, told made (the view
    /// after it, even if unchanged) and declined; `takeback ask` answers `go`; any other answer
    /// to `takeback asked` fails the seat.
    #[test]
    fn the_takeback_lines_go_out_and_their_answers_come_back() {
        let rules = Rules::for_mode(Mode::Hidden);
        let game = Game::new(rules.clone(), Start::random(&rules, 2)).unwrap();
        let view = game.view(Viewer::Side(Seat::Blue));
        let view_line = format!(
            "view blue {} mines {}",
            view.notation(),
            view.mines_notation()
        );
        let (mut s, sent) = seat(&["takeback accept", "takeback decline", "draw accept"]);
        assert_eq!(s.takeback_asked(Seat::Red, 2, &view), Ok(true));
        assert_eq!(s.takeback_asked(Seat::Red, 1, &view), Ok(false));
        assert!(matches!(
            s.takeback_asked(Seat::Red, 1, &view),
            Err(SeatFailure::Garbage(_))
        ));
        assert_eq!(
            sent.lock().unwrap()[..3],
            [
                view_line.clone(),
                "takeback asked red 2".into(),
                "takeback asked red 1".into()
            ]
        );
        sent.lock().unwrap().clear();
        s.taken_back(Seat::Red, 2, &view);
        s.takeback_declined();
        assert_eq!(
            *sent.lock().unwrap(),
            [
                "takeback red 2".to_string(),
                view_line,
                "takeback declined".into()
            ]
        );
        let (mut s, _) = seat(&["takeback ask"]);
        assert_eq!(s.choose(&view, &Clock::default()), Ok(Reply::AskTakeback));
    }
}
