//! A computer seat that thinks on a thread of its own: the built-in computer, or an outside
//! engine behind `engine_player::EnginePlayer`, played through `ai::Thinker`. Asked for its turn
//! (`SeatDriver::poll`) it starts thinking and answers `Poll::Pending` until the thought is
//! over, so a table driven by `Table::poll` (the window's) never waits for it.
//!
//! The seat keeps what it was told of the game (each turn's public report with its view after
//! it). When the game goes back — a takeback, an undo — or the turn it was thinking about is
//! gone (the move clock, a seat out), the thought is dropped (cancelled) and a fresh player
//! (from the seat's maker) is told the game again up to the position now, as the window did
//! with its computer players. The screen can ask for fresh players the same way
//! (`ThinkerLink::renew`: new thread or node settings), taken when the seat is not thinking.
//!
//! An outside engine that gives no turn resigned or failed, as its `EngineNews` says: the seat
//! resigns or fails with that reason, and is not asked again. Asked again all the same (a flip
//! game before the colours are decided, where the table cannot make it resign), it has no
//! answer (`Poll::Pending`): the game waits, until fresh players are made. So does a seat whose
//! maker cannot make a player yet.

use super::engine_player::{EngineNews, EngineStop};
use super::{Clock, Reply, SeatDriver, SeatFailure, SeatStart};
use crate::ai::{Player, Thinker};
use crate::engine::rng::SplitMix64;
use crate::engine::{IllegalTurn, Rules, Seat, Status, Turn, TurnReport, View};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::Poll;

/// Makes the seat's player for a game whose first view for the seat is the one given: at the
/// start, and again whenever the seat needs a fresh one. `None` while it cannot be made yet
/// (an outside engine whose command is not chosen yet): the seat has no answer and the game
/// waits.
pub type MakePlayer = Box<dyn FnMut(&View) -> Option<Box<dyn Player>> + Send>;

/// What the screen shares with a thinker seat (cheap to clone): whether it is thinking, and a
/// request for fresh players.
#[derive(Clone, Default, Debug)]
pub struct ThinkerLink(Arc<LinkState>);

#[derive(Default, Debug)]
struct LinkState {
    thinking: AtomicBool,
    renew: AtomicBool,
    /// The seat's name, when the screen gives it one after the seat was made.
    name: std::sync::Mutex<Option<String>>,
}

impl ThinkerLink {
    /// Whether the seat is thinking now.
    pub fn is_thinking(&self) -> bool {
        self.0.thinking.load(Ordering::SeqCst)
    }

    /// Fresh players, told the game again, the next time the seat is asked while not
    /// thinking (new thread or node settings of the maker).
    pub fn renew(&self) {
        self.0.renew.store(true, Ordering::SeqCst);
    }

    /// Name the seat `name` from now on (in the record and the summary): an outside engine's
    /// seat, named after the command chosen once the seat is made.
    pub fn set_name(&self, name: &str) {
        *self.0.name.lock().unwrap_or_else(|e| e.into_inner()) = Some(name.to_string());
    }

    fn set_thinking(&self, on: bool) {
        self.0.thinking.store(on, Ordering::SeqCst);
    }
}

/// A computer seat thinking on its own thread.
pub struct ThinkerSeat {
    name: String,
    make: MakePlayer,
    /// The player, between thoughts (`None` while it thinks, or before it is made).
    player: Option<Box<dyn Player>>,
    thinking: Option<Thinker>,
    rules: Rules,
    rng: SplitMix64,
    /// The seat's view at the start of the game.
    start: Option<View>,
    /// What the seat was told: each turn's report and its view after it, in order.
    history: Vec<(TurnReport, View)>,
    /// An outside engine's news: why it gave no turn.
    news: Option<EngineNews>,
    /// It resigned or failed (an outside engine): it is not asked again.
    stopped: bool,
    link: ThinkerLink,
}

impl ThinkerSeat {
    /// A seat named `name` whose players `make` makes.
    pub fn new(name: &str, make: MakePlayer) -> ThinkerSeat {
        ThinkerSeat {
            name: name.to_string(),
            make,
            player: None,
            thinking: None,
            rules: Rules::default(),
            rng: SplitMix64::new(0),
            start: None,
            history: Vec::new(),
            news: None,
            stopped: false,
            link: ThinkerLink::default(),
        }
    }

    /// An outside engine's seat: `news` is the slot its players report to (the maker gives it
    /// to each: `EnginePlayer::with_news`).
    pub fn with_news(mut self, news: EngineNews) -> ThinkerSeat {
        self.news = Some(news);
        self
    }

    /// A game already under way (a saved game resumed): the seat's view at its start and what
    /// the seat would have been told since, which its player is told before its first turn.
    pub fn with_history(mut self, start: View, history: Vec<(TurnReport, View)>) -> ThinkerSeat {
        self.start = Some(start);
        self.history = history;
        self
    }

    /// The screen's end: whether it thinks, and fresh players on request.
    pub fn link(&self) -> ThinkerLink {
        self.link.clone()
    }

    /// Drop the thought under way, if any (the position it was about is gone): the next turn
    /// is thought by a fresh player, told the game again.
    pub fn cancel(&mut self) {
        if self.thinking.is_some() {
            self.forget();
        }
    }

    /// A fresh player, told the game as the seat knows it.
    fn fresh_player(&mut self) -> Option<Box<dyn Player>> {
        let start = self.start.as_ref()?;
        let mut player = (self.make)(start)?;
        for (report, after) in &self.history {
            player.observe(report, after);
        }
        Some(player)
    }

    /// Drop the players: the next turn is thought by a fresh one, told the game again (a
    /// thought under way is cancelled).
    fn forget(&mut self) {
        self.thinking = None;
        self.player = None;
        self.stopped = false;
        self.link.set_thinking(false);
    }

    /// The thought came back with `answer`.
    fn answered(&mut self, answer: Option<Turn>) -> Result<Reply, SeatFailure> {
        if let Some(turn) = answer {
            return Ok(Reply::Turn(turn));
        }
        match self.news.as_ref().and_then(EngineNews::stop) {
            Some(EngineStop::Resigned) => {
                self.stopped = true;
                Ok(Reply::Resign)
            }
            Some(EngineStop::Failed(why)) => {
                self.stopped = true;
                Err(why)
            }
            None => Err(SeatFailure::NoTurn),
        }
    }
}

impl SeatDriver for ThinkerSeat {
    fn name(&self) -> String {
        let named = self.link.0.name.lock().unwrap_or_else(|e| e.into_inner());
        named.clone().unwrap_or_else(|| self.name.clone())
    }

    fn start(&mut self, start: &SeatStart<'_>) -> Result<(), SeatFailure> {
        self.rules = start.rules.clone();
        self.rng = SplitMix64::new(start.seed);
        Ok(())
    }

    fn begin(&mut self, view: &View) -> Result<(), SeatFailure> {
        if self.start.is_none() {
            self.start = Some(view.clone());
        }
        Ok(())
    }

    /// Waits for the thought (a table driven by `Table::step`); a seat that stopped or has no
    /// player yet has no turn.
    fn choose(&mut self, view: &View, clock: &Clock) -> Result<Reply, SeatFailure> {
        loop {
            if let Poll::Ready(r) = self.poll(view, clock) {
                return r;
            }
            if !self.link.is_thinking() {
                // Stopped, or no player can be made: waiting would never end.
                return Err(SeatFailure::NoTurn);
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }

    fn poll(&mut self, view: &View, _: &Clock) -> Poll<Result<Reply, SeatFailure>> {
        if let Some(thinker) = &mut self.thinking {
            let Some(answer) = thinker.poll() else {
                return Poll::Pending;
            };
            let thinker = self.thinking.take().expect("thinking");
            self.player = thinker.into_player();
            self.link.set_thinking(false);
            return Poll::Ready(self.answered(answer));
        }
        if self.link.0.renew.swap(false, Ordering::SeqCst) {
            self.forget();
        }
        if self.stopped {
            // Asked again after it stopped: the game waits.
            return Poll::Pending;
        }
        if self.player.is_none() {
            if self.start.is_none() {
                self.start = Some(view.clone());
            }
            self.player = self.fresh_player();
        }
        let Some(player) = self.player.take() else {
            // No player can be made yet: the game waits.
            return Poll::Pending;
        };
        let seed = self.rng.next_u64();
        self.thinking = Some(Thinker::start(
            player,
            view.clone(),
            self.rules.clone(),
            seed,
        ));
        self.link.set_thinking(true);
        Poll::Pending
    }

    fn refused(&mut self, turn: Turn, why: &IllegalTurn) {
        if let Some(p) = self.player.as_mut() {
            p.refused_for(turn, why);
        }
    }

    fn observe(&mut self, report: &TurnReport, view_after: &View) {
        self.history.push((report.clone(), view_after.clone()));
        match (self.player.as_mut(), self.thinking.is_some()) {
            (Some(p), false) => p.observe(report, view_after),
            // Told of a turn while thinking: that thought is about a position gone.
            (_, true) => self.forget(),
            (None, false) => {}
        }
    }

    fn taken_back(&mut self, _by: Seat, _turns: u32, view: &View) {
        self.rewound(view);
    }

    fn rewound(&mut self, view: &View) {
        let ply = view.ply();
        self.history.retain(|(_, after)| after.ply() <= ply);
        self.forget();
    }

    fn reopened(&mut self, view: &View) {
        self.rewound(view);
    }

    fn finish(&mut self, _status: Status, _view: &View) {
        self.thinking = None;
        self.link.set_thinking(false);
    }

    fn seat_out(&mut self, _view_after: &View) {
        if self.thinking.is_some() {
            self.forget();
        }
    }

    fn timed_out(&mut self, _side: Seat, _count: u32, _view_after: &View) {
        if self.thinking.is_some() {
            self.forget();
        }
    }
}

#[cfg(test)]
mod tests;
