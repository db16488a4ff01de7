//! An outside engine as an `ai::Player`: the window's computer seats run it on the thinker's
//! thread (`ai::Thinker`) exactly as they run the built-in computer.
//!
//! The engine (an `EngineSeat`, speaking the junqi engine protocol) is started at the first
//! `choose`, on the thinker's thread: the handshake, the rules, its chair, a seed from the
//! thinker's generator and its time, then the seat's view at the start of the game and every
//! report (with the view after it) it was told until then. `observe` and `refused` only note
//! what to tell, so the thread that calls them (the window's) never waits for the engine: all
//! of it is sent before the next `go`. Every wait for the engine comes back within
//! `engine_seat::CANCEL_POLL` of the cancel flag (`set_cancel`) being set, and the process is
//! ended on a thread of its own when the player is dropped.
//!
//! The engine is seen only through what the protocol gives it: the seat's view and the public
//! reports. Its answer is checked against its own view: a turn that view shows to be against
//! the rules fails it. When it fails (it cannot be started, crashes, hangs past its time, sends
//! garbage or an illegal turn …) or resigns, `choose` returns `None` and says why in its
//! `EngineNews`; it is not asked again. A draw offer is declined at once and the engine asked
//! for its turn again (a second offer in one turn fails it, as at the table).

use super::engine_seat::EngineSeat;
use super::turns::{Answer, OneTurn};
use super::{Chair, Clock, SeatDriver, SeatFailure, SeatStart};
use crate::ai::Player;
use crate::engine::rng::SplitMix64;
use crate::engine::{IllegalTurn, Rules, Turn, TurnReport, View};
use crate::protocol::RefusedWhy;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// Why an engine's `choose` gave no turn.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineStop {
    /// It resigned.
    Resigned,
    /// It failed, for this reason.
    Failed(SeatFailure),
}

/// What an engine player lets its owner know while it plays on another thread: the name it gave
/// itself in the handshake and why it stopped. Clones share one slot.
#[derive(Clone, Default, Debug)]
pub struct EngineNews(Arc<Mutex<News>>);

#[derive(Default, Debug)]
struct News {
    name: Option<String>,
    stop: Option<EngineStop>,
    /// The engine's last `info` line.
    info: Option<String>,
}

impl EngineNews {
    fn lock(&self) -> MutexGuard<'_, News> {
        // The slot holds plain data: a panic elsewhere cannot leave it half written.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The engine's `id name`, once its handshake is done (and if it gave one).
    pub fn name(&self) -> Option<String> {
        self.lock().name.clone()
    }

    /// Why the engine stopped, if it did.
    pub fn stop(&self) -> Option<EngineStop> {
        self.lock().stop.clone()
    }

    /// The slot made ready for the next player of the same seat: no stop and no thoughts yet,
    /// the name learnt kept (clones share it still).
    pub fn restart(&self) {
        let mut news = self.lock();
        news.stop = None;
        news.info = None;
    }

    /// A slot of its own for the next player of the same seat, knowing the name learnt here.
    pub fn renewed(&self) -> EngineNews {
        let news = EngineNews::default();
        news.lock().name = self.name();
        news
    }

    /// What the engine said it thought before its last turn, as far as the window shows it: the
    /// numbers of its last `info` line that are about its search (`depth 6 · score 35 · nodes
    /// 21344 · 90 ms`), never its free words, which could name pieces (the engine's own, to
    /// anyone looking at the screen).
    pub fn thoughts(&self) -> Option<String> {
        let info = self.lock().info.clone()?;
        let words: Vec<&str> = info.split(' ').collect();
        let mut shown = Vec::new();
        for pair in words.windows(2) {
            let number = pair[1].parse::<i64>().ok();
            match (pair[0], number) {
                ("time", Some(ms)) => shown.push(format!("{ms} ms")),
                (key @ ("depth" | "score" | "nodes"), Some(n)) => shown.push(format!("{key} {n}")),
                _ => {}
            }
        }
        (!shown.is_empty()).then(|| shown.join(" · "))
    }

    fn set_info(&self, info: &str) {
        self.lock().info = Some(info.to_string());
    }

    fn set_name(&self, name: &str) {
        self.lock().name = Some(name.to_string());
    }

    pub(super) fn set_stop(&self, stop: EngineStop) {
        self.lock().stop = Some(stop);
    }
}

/// What the engine is to be told before its next turn, in order.
enum Told {
    Report(TurnReport, View),
    Refused(Turn, RefusedWhy),
}

/// An outside engine playing one seat for a window.
pub struct EnginePlayer {
    command: String,
    chair: Chair,
    /// The seat's view at the start of the game (sent once the engine is started).
    start_view: View,
    turn_time: Option<Duration>,
    seat: Option<EngineSeat>,
    told: Vec<Told>,
    cancel: Arc<AtomicBool>,
    news: EngineNews,
    /// It failed, resigned or was cancelled: it is not asked again.
    done: bool,
    /// The ply of the position last asked about, and its turn so far (offers, asks and
    /// refusals: `turns::OneTurn`).
    ply: Option<u32>,
    turn: OneTurn,
    /// The referee refused too many of its turns in this position (`refused_because`).
    refused_out: Option<SeatFailure>,
}

impl EnginePlayer {
    /// The engine that `command` (a shell command) starts, playing `chair` from the start of a
    /// game whose first view for that seat is `start_view`; `turn_time` is the most one turn
    /// may take (told to the engine, and the bound of the wait for its answer).
    pub fn new(
        command: &str,
        chair: Chair,
        start_view: View,
        turn_time: Option<Duration>,
    ) -> EnginePlayer {
        EnginePlayer {
            command: command.to_string(),
            chair,
            start_view,
            turn_time,
            seat: None,
            told: Vec::new(),
            cancel: Arc::new(AtomicBool::new(false)),
            news: EngineNews::default(),
            done: false,
            ply: None,
            turn: OneTurn::default(),
            refused_out: None,
        }
    }

    /// With `news` as the slot it reports to.
    pub fn with_news(mut self, news: EngineNews) -> EnginePlayer {
        self.news = news;
        self
    }

    /// The slot it reports to (a clone shares it).
    pub fn news(&self) -> EngineNews {
        self.news.clone()
    }

    /// Why it failed, if it did.
    pub fn failure(&self) -> Option<SeatFailure> {
        match self.news.stop() {
            Some(EngineStop::Failed(why)) => Some(why),
            _ => None,
        }
    }

    /// Start the engine and show it the start of the game.
    fn start(&mut self, rules: &Rules, seed: u64) -> Result<(), SeatFailure> {
        let mut seat = EngineSeat::new(&self.command);
        seat.set_cancel(self.cancel.clone());
        let start = SeatStart {
            rules,
            chair: self.chair,
            seed,
            game_time: None,
            turn_time: self.turn_time,
        };
        let started = seat.start(&start);
        // Kept even when it failed, so that `close` ends whatever was started.
        let seat = self.seat.insert(seat);
        started?;
        if let Some(name) = seat.id_name() {
            self.news.set_name(name);
        }
        seat.begin(&self.start_view)
    }

    /// The engine's answer for `view`: a turn, or `None` when it resigns.
    fn ask(
        &mut self,
        view: &View,
        rules: &Rules,
        rng: &mut SplitMix64,
    ) -> Result<Option<Turn>, SeatFailure> {
        if self.ply != Some(view.ply()) {
            self.ply = Some(view.ply());
            self.turn = OneTurn::default();
            self.refused_out = None;
        }
        if let Some(e) = self.refused_out.take() {
            return Err(e);
        }
        if self.seat.is_none() {
            self.start(rules, rng.next_u64())?;
        }
        let seat = self.seat.as_mut().expect("started above");
        for told in self.told.drain(..) {
            match told {
                Told::Report(report, after) => seat.observe(&report, &after),
                Told::Refused(turn, why) => seat.refused_because(turn, why),
            }
        }
        let clock = Clock {
            turn: self.turn_time,
            left: None,
        };
        loop {
            let reply = seat.choose(view, &clock);
            if let Some(info) = seat.info() {
                self.news.set_info(info);
            }
            match self.turn.answer(reply?, view, rules)? {
                Answer::Play(turn) => return Ok(Some(turn)),
                Answer::Resign => return Ok(None),
                // Declined at once: the engine is asked for its turn again.
                Answer::OfferDraw => {}
                // Declined at once (an engine's takeback is not put to the person at the
                // window): the engine is told and asked for its turn again.
                Answer::AskTakeback => seat.takeback_declined(),
            }
        }
    }

    /// The referee refused `turn` for `why`: told before the next turn, and counted.
    fn refused_because(&mut self, turn: Turn, why: RefusedWhy) {
        if let Err(e) = self.turn.refused() {
            self.refused_out = Some(e);
        }
        if !self.done {
            self.told.push(Told::Refused(turn, why));
        }
    }

    /// End the engine's process on a thread of its own (ending it may wait for it).
    fn close(&mut self) {
        let Some(mut seat) = self.seat.take() else {
            return;
        };
        // Without a thread the seat is dropped here, which only takes longer.
        let _ = std::thread::Builder::new()
            .name("junqi-engine-end".into())
            .spawn(move || {
                seat.quit();
                drop(seat);
            });
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> &'static str {
        "engine"
    }

    fn choose(&mut self, view: &View, rules: &Rules, rng: &mut SplitMix64) -> Option<Turn> {
        if self.done {
            return None;
        }
        let answer = self.ask(view, rules, rng);
        if let Ok(Some(turn)) = answer {
            return Some(turn);
        }
        self.done = true;
        match answer {
            Ok(_) => self.news.set_stop(EngineStop::Resigned),
            // Cancelled: nobody waits for this answer; the engine is not blamed.
            Err(_) if self.cancel.load(Ordering::Relaxed) => self.close(),
            Err(why) => {
                self.news.set_stop(EngineStop::Failed(why));
                self.close();
            }
        }
        None
    }

    fn refused(&mut self, turn: Turn) {
        self.refused_because(turn, RefusedWhy::Rule("refused by the referee".into()));
    }

    fn refused_for(&mut self, turn: Turn, why: &IllegalTurn) {
        self.refused_because(turn, RefusedWhy::of(why));
    }

    fn observe(&mut self, report: &TurnReport, view_after: &View) {
        if !self.done {
            self.told
                .push(Told::Report(report.clone(), view_after.clone()));
        }
    }

    fn set_cancel(&mut self, flag: Arc<AtomicBool>) {
        if let Some(seat) = &mut self.seat {
            seat.set_cancel(flag.clone());
        }
        self.cancel = flag;
    }
}

impl Drop for EnginePlayer {
    fn drop(&mut self) {
        self.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Thinker;
    use crate::engine::{Formation, Game, Mode, Seat, Start, Viewer};
    use std::time::Instant;

    /// `tests/engines/bad.sh MODE`: an engine that misbehaves at its first `go` (any other
    /// word: it resigns).
    fn bad(mode: &str) -> String {
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/bad.sh");
        format!("sh '{}' {mode}", script.display())
    }

    fn game(mode: Mode) -> Game {
        let rules = Rules::for_mode(mode);
        let mut rng = SplitMix64::new(9);
        let red = Formation::random(&mut rng, &rules);
        let blue = Formation::random(&mut rng, &rules);
        Game::new(rules, Start::formations(&red, &blue)).unwrap()
    }

    /// Blue's engine, asked for its turn after one turn of Red's (told through `observe`).
    fn asked(command: &str, turn_time: Duration) -> (EnginePlayer, Option<Turn>) {
        let mut g = game(Mode::Hidden);
        let blue = |g: &Game| g.view(Viewer::Side(Seat::Blue));
        let mut p = EnginePlayer::new(command, Chair::Side(Seat::Blue), blue(&g), Some(turn_time));
        let red_turn = g.position().legal_turns(g.rules())[0];
        let report = g.play(red_turn).unwrap().report.clone().unwrap();
        p.observe(&report, &blue(&g));
        let rules = g.rules().clone();
        let turn = p.choose(&blue(&g), &rules, &mut SplitMix64::new(1));
        (p, turn)
    }

    #[test]
    fn a_resigning_engine_gives_no_turn_and_says_so() {
        let (p, turn) = asked(&bad("resign"), Duration::from_secs(5));
        assert_eq!(turn, None);
        assert_eq!(p.news().stop(), Some(EngineStop::Resigned));
        assert_eq!(p.news().name().as_deref(), Some("bad-resign"));
        assert_eq!(p.failure(), None);
    }

    #[test]
    fn a_failing_engine_gives_no_turn_and_keeps_the_reason() {
        /// Whether a failure is the one expected.
        type Check = fn(&SeatFailure) -> bool;
        let cases: [(&str, Check); 4] = [
            (
                "crash",
                |f| matches!(f, SeatFailure::Crashed(how) if how.contains('3')),
            ),
            ("garbage", |f| {
                *f == SeatFailure::Garbage("bestmove a6a7".into())
            }),
            (
                "illegal",
                |f| matches!(f, SeatFailure::Illegal { turn, .. } if turn == "a1-e12"),
            ),
            ("hang", |f| {
                *f == SeatFailure::Hung(Duration::from_millis(300))
            }),
        ];
        for (mode, expected) in cases {
            // Time enough for any engine to answer on a loaded machine, but the one that hangs.
            let turn_time = if mode == "hang" {
                Duration::from_millis(300)
            } else {
                Duration::from_secs(60)
            };
            let (mut p, turn) = asked(&bad(mode), turn_time);
            assert_eq!(turn, None, "{mode}");
            let why = p.failure().unwrap_or_else(|| panic!("{mode}: no failure"));
            assert!(expected(&why), "{mode}: {why:?}");
            assert!(p.seat.is_none(), "{mode}: its process is closed");
            // It is not asked again: the next question has no turn and starts no engine.
            let g = game(Mode::Hidden);
            let view = g.view(Viewer::Side(Seat::Blue));
            assert_eq!(p.choose(&view, g.rules(), &mut SplitMix64::new(2)), None);
            assert!(p.seat.is_none(), "{mode}: not started again");
            assert_eq!(p.failure(), Some(why), "{mode}");
        }
        // The hanging one is ended on a thread of its own: let it go before the tests end.
        wait_for_the_engines_to_end();
        // A command that is no program: the shell says so and ends at once.
        let (p, _) = asked("/nonexistent/junqi-engine", Duration::from_secs(5));
        assert!(
            matches!(p.failure(), Some(SeatFailure::Crashed(_))),
            "{:?}",
            p.failure()
        );
    }

    #[test]
    fn a_cancelled_engine_comes_back_at_once_and_is_not_blamed() {
        let g = game(Mode::Open);
        let view = g.view(Viewer::Side(Seat::Red));
        // It hangs at its first `go` for a minute.
        let p = EnginePlayer::new(&bad("hang"), Chair::Side(Seat::Red), view.clone(), None);
        let news = p.news();
        let mut t = Thinker::start(Box::new(p), view, g.rules().clone(), 1);
        // The handshake is done and `go` sent before the name is known; then it hangs.
        let t1 = Instant::now() + PATIENCE;
        while news.name().is_none() {
            assert!(Instant::now() < t1, "no handshake");
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(t.poll(), None, "still thinking");
        // Cancelled, it comes back without waiting for the engine's minute (on another thread,
        // so that a wait for the engine fails the test instead of holding it).
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(t.into_player().is_some());
        });
        let back = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("back before the engine's minute");
        assert!(back);
        assert_eq!(news.stop(), None);
        // Its process is ended on a thread of its own: let it go before the tests end.
        wait_for_the_engines_to_end();
    }

    /// How long a test waits for what an engine process does (a hang only reaches it).
    const PATIENCE: Duration = Duration::from_secs(90);

    /// Wait until no engine process of this program runs (those given up are ended on threads
    /// of their own, half a second after their input is closed).
    fn wait_for_the_engines_to_end() {
        let until = Instant::now() + PATIENCE;
        while crate::table::process::running() > 0 {
            assert!(Instant::now() < until, "engine processes still running");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The window shows the numbers of an engine's `info`, never its free words.
    #[test]
    fn only_the_numbers_of_an_info_line_are_shown() {
        let news = EngineNews::default();
        assert_eq!(news.thoughts(), None);
        news.set_info("depth 6 score -35 nodes 21344 time 90 pv a6-a7 string my flag is on b1");
        assert_eq!(
            news.thoughts().as_deref(),
            Some("depth 6 · score -35 · nodes 21344 · 90 ms")
        );
        news.set_info("string my flag is on b1 and my marshal on c6");
        assert_eq!(news.thoughts(), None);
    }
}
