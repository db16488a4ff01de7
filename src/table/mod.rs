//! The game table: a game in progress and the seats that play it, with no window.
//!
//! The table owns the turn protocol. It asks the seat to move for its turn with that seat's
//! `View` only, tells every seat the public report of every turn (with its own view after it),
//! passes a refusal (a hidden flag rule) back to the proposer, offers draws to the other seats,
//! and ends the game when a seat resigns, fails or runs out of its time. With a move clock in
//! the rules, a seat that does not answer within it loses the turn (`Action::Timeout`, told to
//! every seat: `SeatDriver::timed_out`) and the game goes on. Seats are drivers behind
//! one trait, `SeatDriver`: the built-in computer (`Brain`, any `ai::Player`), an outside engine
//! process speaking the junqi engine protocol (`engine_seat`) or CCGC 2012, or a network player
//! (`engine_seat` over a `link::LineLink` of `net::host`), or a person at a screen (`desk`).
//! The arena, the network host and the physical-board referee's tracked game play every game on
//! a table; what every player agrees to at one screen out of turn (a takeback, reopening a
//! finished game) is a table action too (`consent`).
//!
//! The table does no I/O and starts no thread: `Table::poll` moves the game on as far as the
//! seats' answers allow and returns (`Polled::Waiting` while the seat to move has no answer yet:
//! `SeatDriver::poll`), so a game can be driven one poll at a time by its caller; `Table::step`
//! and `play_out` wait for the answers, as the arena and the network host's game threads do.
//!
//! A seat that fails — an engine that crashes, hangs past its time, sends a line the protocol
//! does not know, floods its output, proposes a turn its own view shows to be illegal or sends a
//! formation the rules refuse — loses that game (it resigns; with four players it goes out and
//! its partner plays on), and the reason is kept in the record (`forfeit` in its info) and in the
//! table's result.

pub mod answerer;
pub mod brain;
pub mod ccgc_seat;
pub mod consent;
mod console;
pub mod desk;
pub mod engine_player;
pub mod engine_seat;
pub mod link;
mod poll;
pub mod process;
mod questions;
pub mod thinker_seat;
pub mod turns;
mod words;

pub use crate::engine::Chair;
pub use brain::Brain;
use poll::Asking;
pub use poll::Polled;

use crate::engine::{
    Action, Formation, Game, IllegalTurn, Rules, Seat, Start, Status, Turn, TurnReport, View,
    Viewer,
};
use std::task::Poll;
use std::time::{Duration, Instant};

/// What a seat is told when a game is set up.
#[derive(Clone, Debug)]
pub struct SeatStart<'a> {
    pub rules: &'a Rules,
    pub chair: Chair,
    /// The seed of the seat's random choices (the same seed, the same choices).
    pub seed: u64,
    /// Its time for the whole game, if the table keeps one.
    pub game_time: Option<Duration>,
    /// The most one turn may take, if the table sets a limit.
    pub turn_time: Option<Duration>,
}

#[cfg(test)]
impl SeatStart<'_> {
    /// Red's start under `rules`, seed 1, no clocks (tests).
    pub fn red(rules: &Rules) -> SeatStart<'_> {
        SeatStart {
            rules,
            chair: Chair::Side(Seat::Red),
            seed: 1,
            game_time: None,
            turn_time: None,
        }
    }
}

/// The time a seat has for the turn it is asked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    /// The most the turn may take (the table's limit per turn), if any.
    pub turn: Option<Duration>,
    /// What is left of the seat's time for the whole game, if the table keeps one.
    pub left: Option<Duration>,
}

impl Clock {
    /// The time this turn may take: the smaller of the two limits.
    pub fn limit(&self) -> Option<Duration> {
        match (self.turn, self.left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// A seat's answer when asked for its turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reply {
    Turn(Turn),
    Resign,
    /// It offers a draw; it is asked for its turn again if the offer is declined.
    OfferDraw,
    /// It asks to take back its own last turn and the turns after it; every other seat still in
    /// must agree. It is asked for its turn again (in the position after the takeback if it was
    /// made); at most once per turn.
    AskTakeback,
}

/// Why a seat lost the game without the rules deciding it. `Display` gives the English the
/// arena's summary and the records keep.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SeatFailure {
    /// The process could not be started.
    Spawn(String),
    /// The process ended (its exit status, or how the connection ended).
    Crashed(String),
    /// The process closed its output and did not end within the grace the table gives.
    ClosedOutput,
    /// No answer within the time it had.
    Hung(Duration),
    /// Its time for the whole game ran out.
    OutOfTime,
    /// A line the protocol does not know.
    Garbage(String),
    /// A line longer than the protocol allows (`process::MAX_LINE`).
    LineTooLong,
    /// A line that is not UTF-8 text.
    NotText,
    /// More output than a turn may bring.
    Flood,
    /// A turn its own view shows to be against the rules (or not a turn at all).
    Illegal { turn: String, why: String },
    /// A formation the rules refuse.
    BadFormation(String),
    /// It said it has no turn while the game goes on.
    NoTurn,
    /// It kept proposing turns the referee refused.
    RefusedTooOften,
    /// It offered a draw twice in one turn.
    DrawOfferedTwice,
    /// It asked for a takeback twice in one turn.
    TakebackAskedTwice,
    /// It resigned before the colours were decided (flip games): it has no side to resign.
    ResignedBeforeColours,
    /// It was asked to play before it was started.
    NotStarted,
    /// Its wait was cancelled (the game it played was given up).
    Cancelled,
    /// It speaks another version of the protocol (the version it said).
    OtherVersion(u32),
    /// An error the engine reported, or another reason in the program's English words.
    Reported(String),
    /// Not a failure: the wait for the seat's turn was broken off so that the table can take
    /// another seat's resignation (`Table::resignations`); the seat's `go` still stands, and
    /// the next `choose` goes on waiting for its answer without asking again.
    Interrupted,
}

impl std::fmt::Display for SeatFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatFailure::Spawn(e) => write!(f, "could not be started ({e})"),
            SeatFailure::Crashed(how) => write!(f, "crashed ({how})"),
            SeatFailure::ClosedOutput => f.write_str("crashed (it closed its output)"),
            SeatFailure::Hung(d) => write!(f, "gave no answer within {} ms", d.as_millis()),
            SeatFailure::OutOfTime => f.write_str("ran out of time"),
            SeatFailure::Garbage(line) => {
                write!(f, "sent a line the protocol does not know: {line}")
            }
            SeatFailure::LineTooLong => write!(
                f,
                "sent a line the protocol does not know: a line longer than {} bytes",
                process::MAX_LINE
            ),
            SeatFailure::NotText => {
                f.write_str("sent a line the protocol does not know: a line that is not UTF-8 text")
            }
            SeatFailure::Flood => f.write_str("flooded its output"),
            SeatFailure::Illegal { turn, why } => write!(f, "sent an illegal turn {turn} ({why})"),
            SeatFailure::BadFormation(why) => {
                write!(f, "sent a formation the rules refuse ({why})")
            }
            SeatFailure::NoTurn => f.write_str("found no turn although the game goes on"),
            SeatFailure::RefusedTooOften => f.write_str("kept proposing turns the referee refused"),
            SeatFailure::DrawOfferedTwice => {
                f.write_str("reported an error: offered a draw twice in one turn")
            }
            SeatFailure::TakebackAskedTwice => {
                f.write_str("reported an error: asked for a takeback twice in one turn")
            }
            SeatFailure::ResignedBeforeColours => {
                f.write_str("reported an error: resigned before the colours were decided")
            }
            SeatFailure::NotStarted => f.write_str("reported an error: not started"),
            SeatFailure::Cancelled => f.write_str("reported an error: cancelled"),
            SeatFailure::OtherVersion(v) => write!(
                f,
                "reported an error: it speaks version {v} of the protocol, not {}",
                crate::protocol::VERSION
            ),
            SeatFailure::Reported(e) => write!(f, "reported an error: {e}"),
            SeatFailure::Interrupted => f.write_str("was interrupted by a resignation"),
        }
    }
}
impl std::error::Error for SeatFailure {}

/// A seat at the table. The table calls `start` once, `formation` when it leaves the formation
/// to the seat, `begin` when the game is set up, then `choose` on the seat's turns with that
/// seat's view only, `refused` when the referee refused its proposal, `observe` after every
/// turn (every seat's), `draw_offered` when another seat offers a draw, and `finish` at the end.
pub trait SeatDriver: Send {
    /// The seat's name, as the summary and the record show it.
    fn name(&self) -> String;

    /// A game is being set up.
    ///
    /// # Errors
    /// The seat cannot play it (an engine that did not start, or refuses the rules).
    fn start(&mut self, start: &SeatStart<'_>) -> Result<(), SeatFailure>;

    /// Its own formation, when the table leaves the formation to the seat (`Ok(None)`: it has
    /// none of its own and the table deals one).
    ///
    /// # Errors
    /// The seat failed while asked.
    fn formation(&mut self) -> Result<Option<Formation>, SeatFailure> {
        Ok(None)
    }

    /// The game is set up: the seat's view before the first turn.
    ///
    /// # Errors
    /// The seat failed while told.
    fn begin(&mut self, _view: &View) -> Result<(), SeatFailure> {
        Ok(())
    }

    /// The seat's turn.
    ///
    /// # Errors
    /// The seat failed: it loses the game.
    fn choose(&mut self, view: &View, clock: &Clock) -> Result<Reply, SeatFailure>;

    /// The seat's turn, without waiting for it: `Poll::Pending` while the seat has no answer
    /// yet (a person at a screen, a computer thinking on its own thread), and the table asks
    /// again with the same view at its next `Table::poll`. Asked again after a refusal or a
    /// declined offer, it is a new question. By default the seat answers at once (`choose`).
    fn poll(&mut self, view: &View, clock: &Clock) -> Poll<Result<Reply, SeatFailure>> {
        Poll::Ready(self.choose(view, clock))
    }

    /// The referee refused `turn`, proposed in the position of the last `choose`, for `why`.
    fn refused(&mut self, turn: Turn, why: &IllegalTurn);

    /// The public report of a turn (any seat's) and this seat's view after it.
    fn observe(&mut self, report: &TurnReport, view_after: &View);

    /// Another seat (`by`) offers a draw: whether this seat accepts.
    ///
    /// # Errors
    /// The seat failed while asked.
    fn draw_offered(&mut self, _by: Seat, _view: &View) -> Result<bool, SeatFailure> {
        Ok(false)
    }

    /// Another seat (`by`) asks to take back its last `turns` turns: whether this seat agrees.
    /// The built-in computer and outside engines that do not know the question decline.
    ///
    /// # Errors
    /// The seat failed while asked.
    fn takeback_asked(
        &mut self,
        _by: Seat,
        _turns: u32,
        _view: &View,
    ) -> Result<bool, SeatFailure> {
        Ok(false)
    }

    /// Another seat's draw offer, without waiting: `Poll::Pending` while the seat has no answer
    /// yet (a person at a screen), and the table asks again at its next `Table::poll`, the game
    /// unchanged meanwhile. By default the seat answers at once (`draw_offered`).
    fn poll_draw(&mut self, by: Seat, view: &View) -> Poll<Result<bool, SeatFailure>> {
        Poll::Ready(self.draw_offered(by, view))
    }

    /// Another seat's takeback ask, without waiting, as `poll_draw` (by default
    /// `takeback_asked`).
    fn poll_takeback(
        &mut self,
        by: Seat,
        turns: u32,
        view: &View,
    ) -> Poll<Result<bool, SeatFailure>> {
        Poll::Ready(self.takeback_asked(by, turns, view))
    }

    /// The takeback `by` asked for was made: the last `turns` turns are taken back, and this
    /// seat's view after it.
    fn taken_back(&mut self, _by: Seat, _turns: u32, _view: &View) {}

    /// The game was put back (an undo at a screen, `Table::undo_until`): this seat's view now.
    /// Whatever it was thinking about is gone.
    fn rewound(&mut self, _view: &View) {}

    /// This seat's own ask for a takeback was declined (or there was nothing to take back).
    fn takeback_declined(&mut self) {}

    /// The finished game was reopened with every player's consent (`Table::reopen_agreed`):
    /// the action that ended it is gone, and this seat's view now.
    fn reopened(&mut self, _view: &View) {}

    /// The game is over: how it ended, and this seat's view at the end.
    fn finish(&mut self, _status: Status, _view: &View) {}

    /// Four players: a seat went out (it resigned, or failed) and the game goes on without it;
    /// this seat's view after it (the pieces gone, the next seat in to move). Told at once, to
    /// the seat that went out too, so that no screen shows the old position until the next turn.
    fn seat_out(&mut self, _view_after: &View) {}

    /// The move clock ran out on `side`'s turn (any seat's): it lost the turn, and it has now
    /// timed out `count` times in the game; this seat's view after it. The seat that timed out
    /// is told as well: whatever it was still thinking about is not its turn any more.
    fn timed_out(&mut self, _side: Seat, _count: u32, _view_after: &View) {}
}

/// The kinds of seat a spec names: `engine:CMD` an outside engine speaking the junqi engine
/// protocol, `ccgc:CMD` one speaking the CCGC 2012 protocol (`ccgc_seat`), anything else a
/// player of `ai::player_from_spec` (`random`, `greedy`, `ai:normal` …).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SeatSpec {
    Engine(String),
    Ccgc(String),
    Builtin(crate::ai::PlayerSpec),
}

impl SeatSpec {
    /// Read a spec (nothing is started).
    ///
    /// # Errors
    /// An unknown player, or an engine spec without a command.
    pub fn parse(spec: &str) -> Result<SeatSpec, String> {
        let command = |cmd: &str, kind: &str| {
            if cmd.trim().is_empty() {
                Err(format!("'{spec}': {kind} needs a command after the colon"))
            } else {
                Ok(cmd.to_string())
            }
        };
        if let Some(cmd) = spec.strip_prefix("engine:") {
            return command(cmd, "engine").map(SeatSpec::Engine);
        }
        if let Some(cmd) = spec.strip_prefix("ccgc:") {
            return command(cmd, "ccgc").map(SeatSpec::Ccgc);
        }
        crate::ai::PlayerSpec::parse(spec)
            .map(SeatSpec::Builtin)
            .map_err(|e| match e {
                crate::ai::BadPlayerSpec::Unknown(spec) => format!(
                    "unknown player '{spec}' (known: {}, engine:CMD, ccgc:CMD)",
                    crate::ai::PLAYER_SPECS.join(", ")
                ),
                e => e.to_string(),
            })
    }

    /// Whether the seat is an outside process.
    pub fn is_outside(&self) -> bool {
        !matches!(self, SeatSpec::Builtin(_))
    }

    /// The seat's driver (an outside engine is started at the table's `start`).
    pub fn driver(&self) -> Box<dyn SeatDriver> {
        match self {
            SeatSpec::Engine(cmd) => Box::new(engine_seat::EngineSeat::new(cmd)),
            SeatSpec::Ccgc(cmd) => Box::new(ccgc_seat::CcgcSeat::new(cmd)),
            SeatSpec::Builtin(spec) => Box::new(Brain::of(spec)),
        }
    }
}

/// How the game at a table ended.
#[derive(Clone, Debug)]
pub struct TableEnd {
    /// The game's status at the end (a forfeit before colours are decided in flip mode leaves
    /// it `Ongoing`: see `forfeit`).
    pub status: Status,
    /// The seat (its index at the table) that failed, and why, if one did. With four players a
    /// failed seat goes out and the game goes on: the first failure is kept here.
    pub forfeit: Option<(usize, SeatFailure)>,
}

/// The table's limits.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// The most one turn may take.
    pub turn_time: Option<Duration>,
    /// Each seat's time for the whole game.
    pub game_time: Option<Duration>,
}

/// Where a table reads the time its seats take to answer: the machine's clock (the default),
/// or in tests a clock the test moves (`ManualClock`), so that whether a seat ran out of time
/// depends on what the test says, not on the machine's load.
pub trait Stopwatch: Send {
    /// The time now, from any fixed start.
    fn now(&self) -> Duration;
}

/// The machine's clock.
struct Wall(Instant);

impl Stopwatch for Wall {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// A clock that moves only when told: a test's seats "take" time by moving it, and the table
/// (`Table::stopwatch`) reads it.
#[derive(Clone, Debug, Default)]
pub struct ManualClock(std::sync::Arc<std::sync::atomic::AtomicU64>);

impl ManualClock {
    /// Move the clock on by `d`.
    pub fn advance(&self, d: Duration) {
        let nanos = u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        self.0.fetch_add(nanos, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Stopwatch for ManualClock {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.0.load(std::sync::atomic::Ordering::SeqCst))
    }
}

/// One seat at the table.
struct Place {
    chair: Chair,
    driver: Box<dyn SeatDriver>,
    /// Thinking time used so far.
    used: Duration,
    /// The seat failed (four players: it is out and never asked again).
    failed: bool,
}

impl Place {
    /// The places of `seats`, in order, nothing used and none failed.
    fn all(seats: Vec<(Chair, Box<dyn SeatDriver>)>) -> Vec<Place> {
        (seats.into_iter())
            .map(|(chair, driver)| Place {
                chair,
                driver,
                used: Duration::ZERO,
                failed: false,
            })
            .collect()
    }
}

/// A game and its seats.
pub struct Table {
    game: Game,
    places: Vec<Place>,
    limits: Limits,
    /// Thinking times per turn of each seat (milliseconds).
    times: Vec<Vec<f64>>,
    /// Turns the referee refused.
    refusals: u32,
    forfeit: Option<(usize, SeatFailure)>,
    /// Called with the game after each turn is played and before any seat is told of it
    /// (`on_turn`).
    on_turn: Option<OnTurn>,
    /// The length of one second of the rules' move clock (`clock_second`).
    clock_second: Duration,
    /// Resignations made out of turn (`resignations`).
    resignations: Option<Resignations>,
    /// Where the seats' thinking time is read (`stopwatch`).
    stopwatch: Box<dyn Stopwatch>,
    /// The turn being asked, kept from one `poll` to the next until it is played (or the game
    /// moved on otherwise).
    asking: Option<Asking>,
    /// A draw offer or a takeback ask going round the other seats, kept from one `poll` to the
    /// next until every seat asked has answered.
    question: Option<questions::Question>,
    /// What a game on one screen does beyond the turn protocol (console.rs).
    console: console::Console,
}

/// What a table calls after each turn, before telling the seats (a host's autosave).
pub type OnTurn = Box<dyn FnMut(&Game) + Send>;

/// Where a table learns of resignations made while another seat is to move (a network
/// player's "resign" at any time): the seats (indices) that resigned since it last asked.
pub type Resignations = Box<dyn FnMut() -> Vec<usize> + Send>;

/// The deal of a table's game.
pub enum Deal {
    /// A start already made (a flip deal, a position, formations the caller chose).
    Start(Start),
    /// Formations by seat index: `None` asks the seat for its own; every seat of a two- or
    /// four-player board (the chairs name sides).
    Formations(Vec<Option<Formation>>),
}

/// Why a table could not be set up.
#[derive(Clone, Debug)]
pub enum SetupFailure {
    /// A seat failed while the game was set up (seat index, why).
    Seat(usize, SeatFailure),
    /// The start is not a game (a program error of the caller, in English).
    Start(String),
}

impl Table {
    /// Set up a game: start every seat (`seeds` by seat index), ask for the formations the deal
    /// leaves to the seats and check them, make the game and show every seat its view.
    ///
    /// # Errors
    /// A seat that failed while asked, or sent a formation the rules refuse.
    pub fn open(
        rules: &Rules,
        seats: Vec<(Chair, Box<dyn SeatDriver>)>,
        seeds: &[u64],
        deal: Deal,
        limits: Limits,
    ) -> Result<Table, SetupFailure> {
        let mut places = Place::all(seats);
        for (k, p) in places.iter_mut().enumerate() {
            let start = SeatStart {
                rules,
                chair: p.chair,
                seed: seeds.get(k).copied().unwrap_or(k as u64),
                game_time: limits.game_time,
                turn_time: limits.turn_time,
            };
            p.driver
                .start(&start)
                .map_err(|e| SetupFailure::Seat(k, e))?;
        }
        let start = match deal {
            Deal::Start(s) => s,
            Deal::Formations(given) => {
                let mut fs = Vec::with_capacity(places.len());
                for (k, (p, f)) in places.iter_mut().zip(given).enumerate() {
                    let f = match f {
                        Some(f) => f,
                        None => match p.driver.formation().map_err(|e| SetupFailure::Seat(k, e))? {
                            Some(f) => {
                                let problems = f.problems(rules);
                                if !problems.is_empty() {
                                    let why = problems
                                        .iter()
                                        .map(ToString::to_string)
                                        .collect::<Vec<_>>()
                                        .join("; ");
                                    return Err(SetupFailure::Seat(
                                        k,
                                        SeatFailure::BadFormation(why),
                                    ));
                                }
                                f
                            }
                            None => {
                                return Err(SetupFailure::Start(format!(
                                    "seat {k} has no formation of its own and none was dealt"
                                )));
                            }
                        },
                    };
                    fs.push(f);
                }
                // By side: the seat whose chair is each side of the board, in board order.
                let board = if fs.len() == 4 {
                    crate::engine::Board::four_player()
                } else {
                    crate::engine::Board::two_player()
                };
                let by_side: Option<Vec<&Formation>> = (board.seats.iter())
                    .map(|&side| {
                        let k = places.iter().position(|p| p.chair == Chair::Side(side))?;
                        fs.get(k)
                    })
                    .collect();
                match by_side.as_deref() {
                    Some([red, blue]) => Start::formations(red, blue),
                    Some([s, e, n, w]) => Start::four_formations([s, e, n, w]),
                    _ => {
                        return Err(SetupFailure::Start(format!(
                            "{} formations for chairs that are not the board's sides",
                            fs.len()
                        )));
                    }
                }
            }
        };
        let game =
            Game::new(rules.clone(), start).map_err(|e| SetupFailure::Start(e.to_string()))?;
        let n = places.len();
        let mut table = Table::new(game, places, limits);
        for k in 0..n {
            let view = table.view_of(k);
            if let Err(e) = table.places[k].driver.begin(&view) {
                return Err(SetupFailure::Seat(k, e));
            }
        }
        Ok(table)
    }

    /// A table of `places` round `game`, nothing played on it yet: no times, refusals,
    /// question or failure, the wall's clock.
    fn new(game: Game, places: Vec<Place>, limits: Limits) -> Table {
        Table {
            times: vec![Vec::new(); places.len()],
            game,
            places,
            limits,
            refusals: 0,
            forfeit: None,
            on_turn: None,
            clock_second: Duration::from_secs(1),
            resignations: None,
            stopwatch: Box::new(Wall(Instant::now())),
            asking: None,
            question: None,
            console: Default::default(),
        }
    }

    /// Go on with `game`, a game saved part way (a host that restarted): start every seat and
    /// show it its view; the table then plays from the game's position (a draw offer open in
    /// it is put again to the seats that have not answered it).
    ///
    /// # Errors
    /// A seat that failed while set up.
    pub fn resume(
        game: Game,
        seats: Vec<(Chair, Box<dyn SeatDriver>)>,
        seeds: &[u64],
        limits: Limits,
    ) -> Result<Table, SetupFailure> {
        let n = seats.len();
        let mut table = Table::new(game, Place::all(seats), limits);
        let rules = table.game.rules().clone();
        for k in 0..n {
            let start = SeatStart {
                rules: &rules,
                chair: table.places[k].chair,
                seed: seeds.get(k).copied().unwrap_or(k as u64),
                game_time: limits.game_time,
                turn_time: limits.turn_time,
            };
            table.places[k]
                .driver
                .start(&start)
                .map_err(|e| SetupFailure::Seat(k, e))?;
        }
        for k in 0..n {
            let view = table.view_of(k);
            if let Err(e) = table.places[k].driver.begin(&view) {
                return Err(SetupFailure::Seat(k, e));
            }
        }
        table.reopen_draw_offer();
        Ok(table)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to keep (its record names the forfeit, if any).
    pub fn into_game(self) -> Game {
        self.game
    }

    /// Call `f` with the game after each turn is played, before any seat is told of it: what
    /// a host saves there is never behind what a player was told (a host killed between the
    /// two would otherwise go on from before a turn its players saw).
    pub fn on_turn(&mut self, f: OnTurn) {
        self.on_turn = Some(f);
    }

    /// Count the rules' move clock in seconds of `second` instead of whole seconds (tests keep
    /// their clocks short).
    /// Take resignations made out of turn from `source`: it is asked before every turn and
    /// whenever a seat's wait for its turn is interrupted (`SeatFailure::Interrupted`).
    pub fn resignations(&mut self, source: Resignations) {
        self.resignations = Some(source);
    }

    /// Seat `k` resigns (four players: it is out and the game goes on unless its team is out).
    /// Flip mode before colours there is no colour to resign: the game stops as after a
    /// failure, which names the player. The end, if the game is over.
    fn resign(&mut self, k: usize) -> Option<TableEnd> {
        match self.known_side(k) {
            Some(s) if !self.game.seats_in().contains(&s) => None,
            Some(s) if self.game.act(Action::Resign(s)).is_ok() => {
                if self.game.status().is_over() {
                    return Some(self.end());
                }
                self.tell_out();
                None
            }
            _ => self.fail(k, SeatFailure::ResignedBeforeColours),
        }
    }

    /// Four players, a seat out and the game going on: every seat that has not failed is told
    /// its view after it.
    fn tell_out(&mut self) {
        for j in 0..self.places.len() {
            if !self.places[j].failed {
                let view = self.view_of(j);
                self.places[j].driver.seat_out(&view);
            }
        }
    }

    /// Take the resignations made out of turn: the end if one ended the game.
    fn take_resignations(&mut self) -> Option<TableEnd> {
        let seats = self.resignations.as_mut().map(|f| f()).unwrap_or_default();
        for k in seats {
            if k < self.places.len()
                && !self.places[k].failed
                && let Some(end) = self.resign(k)
            {
                return Some(end);
            }
        }
        None
    }

    pub fn clock_second(&mut self, second: Duration) {
        self.clock_second = second;
    }

    /// Read the seats' thinking time from `stopwatch` instead of the machine's clock (tests: a
    /// `ManualClock` their seats move).
    pub fn stopwatch(&mut self, stopwatch: Box<dyn Stopwatch>) {
        self.stopwatch = stopwatch;
    }

    /// The length of a turn on the rules' move clock, if they have one.
    pub fn move_clock(&self) -> Option<Duration> {
        (self.game.rules().move_clock).map(|secs| self.clock_second * secs)
    }

    /// Each seat's thinking times per turn (milliseconds), by seat index.
    pub fn times(&self) -> &[Vec<f64>] {
        &self.times
    }

    /// How many proposed turns the referee refused.
    pub fn refusals(&self) -> u32 {
        self.refusals
    }

    /// The names of the seats, by seat index.
    pub fn names(&self) -> Vec<String> {
        self.places.iter().map(|p| p.driver.name()).collect()
    }

    /// The chair of seat `k`.
    pub fn chair(&self, k: usize) -> Chair {
        self.places[k].chair
    }

    /// The side seat `k` plays: its side, or in flip mode its player's colour (Red's view
    /// before colours are decided: the same for both players then).
    pub fn side_of(&self, k: usize) -> Seat {
        self.known_side(k).unwrap_or(Seat::Red)
    }

    /// Seat `k`'s side, if known (flip mode before the colours are decided: none).
    fn known_side(&self, k: usize) -> Option<Seat> {
        turns::side_of_chair(&self.game, self.places[k].chair)
    }

    /// The seat (index) whose chair is the side or player to move.
    fn seat_to_move(&self) -> Option<usize> {
        turns::chair_to_move(&self.game, self.places.iter().map(|p| p.chair))
    }

    fn view_of(&self, k: usize) -> View {
        self.game.view(Viewer::Side(self.side_of(k)))
    }

    /// Play the game to its end.
    pub fn play_out(&mut self) -> TableEnd {
        while !self.game.status().is_over() {
            if let Some(end) = self.step() {
                return end;
            }
        }
        self.end()
    }

    fn end(&mut self) -> TableEnd {
        let status = self.game.status();
        for k in 0..self.places.len() {
            let view = self.view_of(k);
            self.places[k].driver.finish(status, &view);
        }
        TableEnd {
            status,
            forfeit: self.forfeit.clone(),
        }
    }

    /// Seat `k` failed: it resigns (four players: it is out and the game goes on). Returns the
    /// end when the game cannot go on.
    fn fail(&mut self, k: usize, why: SeatFailure) -> Option<TableEnd> {
        self.places[k].failed = true;
        let (chair, name) = (self.places[k].chair, self.places[k].driver.name());
        let abandon = self.console.abandon_unplayed;
        let reason = if self.console.plain_reasons {
            why.in_lang(crate::i18n::Lang::En)
        } else {
            why.to_string()
        };
        let forfeit = turns::forfeit(&mut self.game, chair, &name, &reason, abandon);
        self.console.forfeited = Some((k, why.clone(), forfeit));
        if self.forfeit.is_none() {
            self.forfeit = Some((k, why));
        }
        match forfeit {
            turns::Forfeit::Resigned if !self.game.status().is_over() => {
                self.tell_out();
                None
            }
            // Flip mode before colours: no colour to resign; the game stops here and
            // `TableEnd::forfeit` says who lost.
            _ => Some(self.end()),
        }
    }

    /// Play one turn (or a seat's resignation or failure), waiting for the seats' answers.
    /// Returns the end once the game is over.
    pub fn step(&mut self) -> Option<TableEnd> {
        loop {
            match self.poll() {
                // A seat with no answer yet (one that answers only through `poll`): look again
                // shortly. The table's own seats answer at once.
                Polled::Waiting(_) => std::thread::sleep(Duration::from_millis(2)),
                Polled::Again => {}
                Polled::Moved => return None,
                Polled::Over(end) => return Some(end),
            }
        }
    }

    /// How many standing actions go back to seat `k`'s own last turn (the fewest after which
    /// its side is to move again), and how many turns (plies) that takes back; `None` when it
    /// has no turn to take back.
    pub fn takeback_of(&self, k: usize) -> Option<(u32, u32)> {
        turns::takeback_span(&self.game, self.side_of(k))
    }

    /// Seat `k` let the move clock (`clock`) run out: it loses the turn (`Action::Timeout`), every
    /// seat is told with its view after it, and the game goes on unless that was the side's
    /// last timeout. Flip mode before colours are decided (no side to time out): it fails as a
    /// seat that hung.
    fn time_out(&mut self, k: usize, clock: Duration) -> Option<TableEnd> {
        let Some(side) = self.game.position().side_to_move() else {
            return self.fail(k, SeatFailure::Hung(clock));
        };
        let Some(count) = turns::time_out(&mut self.game) else {
            return self.fail(k, SeatFailure::Hung(clock));
        };
        self.saved_then_told(|d, v| d.timed_out(side, count, v));
        self.game.status().is_over().then(|| self.end())
    }

    /// The game changed (a turn played, taken back or lost to the clock): the host's save
    /// (`on_turn`) first, then every seat told with its own view after it.
    fn saved_then_told(&mut self, tell: impl Fn(&mut dyn SeatDriver, &View)) {
        if let Some(f) = &mut self.on_turn {
            f(&self.game);
        }
        for j in 0..self.places.len() {
            let v = self.view_of(j);
            tell(self.places[j].driver.as_mut(), &v);
        }
    }
}

#[cfg(test)]
mod tests;
