//! A game on screen, apart from the window: the `Table` the game is played on (a desk for each
//! person, a thinker seat for each of the computer's seats; the table owns the game, the turns,
//! the questions, the move clock and the redo list), the selection, the clash flash, the
//! hidden/flip state (who is looking, the curtain, the gate's sights, the questions shown) and
//! the computer's seats. The play screen draws a `Session` and sends it `Act`s; `Session::apply`
//! puts the person's answers on their desks after the UI pass, and `Session::tick` moves time on
//! (the animations, the move clock) and polls the table before it. No egui context is needed, so
//! sessions are tested on their own (tests/window/session.rs).

use super::board::Flash;
use super::computer;
use super::problem::EngineTrouble;
use super::settings::{ModeOptions, Occupant};
use crate::engine::{
    Action, Chair, Disclosure, Game, Grant, InfoKey, Mode, Mover, NodeId, Seat, Seen, Sight, Turn,
    Viewer,
};
use crate::i18n;
use crate::table::desk::Desk;
use crate::table::{ManualClock, Reply, Table, turns};
use std::sync::{Arc, Mutex};

mod aids;
mod looking;
mod seats;
mod takebacks;

use seats::slot_to_move;

/// How long a clash stays on screen (seconds), in the status line below the board (it hides
/// nothing and never blocks input; the next click on the board takes it away).
pub const FLASH_SECONDS: f32 = 3.0;

/// The last part of `FLASH_SECONDS`, in which the clash notice fades out.
pub const FLASH_FADE: f32 = 0.3;

/// How long the turn-over animation of a flip lasts (seconds); input is never blocked.
pub const FLIP_SECONDS: f32 = 0.35;

/// What the players ask of the game on screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Act {
    /// A click on a board node.
    Node(NodeId),
    /// A piece dragged from one node to another.
    Drop(NodeId, NodeId),
    ClearSelection,
    Undo,
    Redo,
    /// Ask before resigning (a confirmation follows).
    Resign,
    /// The answer to the resignation question: resign (true) or play on.
    ConfirmResign(bool),
    OfferDraw,
    /// A person answers a draw offer for their seat (a draw needs every player still in; each
    /// answers at the screen, whoever is to move: the offerer's opponent answers at once, before
    /// the offerer's move, which would withdraw the offer).
    AnswerDrawFor(Seat, bool),
    /// Hidden mode: the next player lifts the hand-over curtain.
    LiftCurtain,
    /// Hidden mode between people: the player who just clashed has seen the outcome and hands
    /// the screen over (the curtain comes down for the next player).
    HandOver,
    /// Hidden mode between people: the player who must answer a question (a takeback, a
    /// four-player draw offer) has come to the screen; the board stays covered.
    LiftQuestion,
    /// Ask for the referee view (a confirmation follows).
    AskRefereeView,
    /// Switch the referee view on (confirmed) or off (cancelled).
    RefereeView(bool),
    /// Switch the hand-over curtain off during a hidden game between people (confirmed), or keep
    /// it (cancelled).
    CurtainOff(bool),
    /// The other player's answer to a takeback.
    AnswerTakeback(bool),
    /// Four people: a player still in answers a takeback (it needs every other player still in).
    AnswerTakebackFor(Seat, bool),
    /// Open the tag menu on an enemy piece (drawn beside it).
    TagMenu(NodeId),
    CloseTagMenu,
    /// Write (or clear) the player's tag on an enemy piece.
    SetTag(NodeId, Option<String>),
    /// Take the clash notice away now.
    DismissClash,
    /// Ask the computer for its suggestions for the human's position (games against the computer).
    Hint,
    /// Show or hide the belief map (hidden games against the computer; an aid like the hint).
    BeliefMap,
}

/// A line of the status bar, kept as data so a language switch rewrites it.
#[derive(Clone, Debug)]
pub enum Message {
    Illegal(crate::engine::IllegalTurn),
    Refused(crate::engine::ActionError),
    Error(String),
    /// A tag refused (`Game::set_tag`).
    Tag(crate::engine::TagError),
    Note(i18n::Text),
}

/// What a tick asks of the window.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Tick {
    /// Draw again after this many seconds (something moves or a clock runs), if anything.
    pub repaint_after: Option<f64>,
}

impl Tick {
    fn want(&mut self, secs: f64) {
        self.repaint_after = Some(self.repaint_after.map_or(secs, |s| s.min(secs)));
    }
}

/// The per-game state of hidden and flip play.
#[derive(Default, Debug)]
pub struct ModeState {
    /// Copied from the settings every frame (`Session::set_options`).
    pub opts: ModeOptions,
    /// The player to move has lifted the hand-over curtain for this turn.
    pub lifted: bool,
    /// A hidden game between people: the player whose turn just ended in a clash still looks
    /// at the board (their own view, the clash's outcome on it) until they hand over; the
    /// curtain and the next player's clock wait for it.
    pub handing: Option<Seat>,
    /// The referee view is on (the true position is shown): the gate's grant.
    pub referee: Option<Sight>,
    /// The curtain was switched off during a hidden game between people: the gate's grant.
    pub curtain_off: Option<Sight>,
    /// The curtain setting was unticked and waits for the confirmation.
    pub confirm_curtain: bool,
    /// A takeback asked by this side, waiting for the other player's answer.
    pub takeback_asked: Option<Seat>,
    /// How many turns the takeback asked goes back: to the asker's own last turn.
    pub takeback_turns: u32,
    /// A hidden game between people: the player who answers the open question now (a takeback,
    /// a four-player draw offer), and whether they pressed "answer" on the covered board. Every
    /// such question is answered seat by seat behind the curtain.
    pub answering: Option<(Seat, bool)>,
    /// Four people: the players who have agreed to the takeback asked (it is made when every
    /// other player still in has agreed).
    pub takeback_agreed: Vec<Seat>,
    /// The confirmation before the referee view is showing.
    pub confirm_referee: bool,
    /// The tag menu is open on this enemy piece, at this screen position.
    pub tag_menu: Option<NodeId>,
    /// A flip being animated: the node and the seconds left.
    pub flipping: Option<(NodeId, f32)>,
    /// A face-down piece clicked once (when flips need a second click).
    pub pending_flip: Option<NodeId>,
}

/// Who is looking at the screen, for what the interface may show.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Looker {
    /// Everything public is everything: open and flip modes, the referee view, a finished game.
    /// The sight comes from the gate (`Game::disclose` / `Game::free_sight`).
    All(Sight),
    /// The player to move in a hidden game (the curtain is lifted or switched off).
    Side(Seat),
    /// Nobody in particular: the curtain is down, only what both players know is shown.
    Nobody,
}

/// A game on screen.
pub struct Session {
    /// The table the game is played on: a desk for each person, a thinker seat for each of the
    /// computer's seats.
    table: Table,
    /// The people's desks, by player slot (none for the computer's seats).
    desks: Vec<Option<Desk>>,
    /// The table's move clock: moved on by `tick` while the clock is not frozen.
    clock: ManualClock,
    /// Resignations made out of turn, by player slot, for the table to take.
    resigning: Arc<Mutex<Vec<usize>>>,
    /// Answers to a draw offer given before the table asked their seat (four people in an
    /// open game answer in any order).
    held: Vec<(Seat, bool)>,
    /// The number of plies when the player to move last offered a draw (one offer a turn: the
    /// table's rule; forgotten when the game goes back).
    offered: Option<usize>,
    selected: Option<NodeId>,
    message: Option<Message>,
    flash: Option<Flash>,
    /// When the side to move started its turn (tick time), for the move clock.
    turn_started: Option<f64>,
    /// Number of plies when `turn_started` was set.
    clock_ply: usize,
    /// The time of the last tick, for the animations.
    last_tick: Option<f64>,
    /// The time of the last tick, for the move clock.
    last_tick_before: Option<f64>,
    /// Hidden and flip play: curtain, referee view, tags, flips.
    modes: ModeState,
    /// The seats the computer plays, and its thinking.
    computer: computer::Seats,
    /// "Resign?" is asked.
    confirm_resign: bool,
    /// The computer's suggestions for the position on screen (asked for with `Act::Hint`).
    hint: Option<Hint>,
    /// A hint being thought out.
    hint_thought: Option<computer::HintThought>,
    /// The belief map is shown (`Act::BeliefMap`), and the map last worked out: for how many
    /// plies, and its pieces.
    belief_on: bool,
    beliefs: Option<(usize, Vec<crate::ai::review::PieceBelief>)>,
    /// Four players: the seat drawn at the bottom when nobody's own eyes decide it (chosen in the
    /// new-game dialog; South by default).
    bottom4: Seat,
    /// What of the game already made its sound (a game starts heard as it is).
    heard: super::sound::Heard,
    /// The outside engine that stopped playing its seat, and whether the window has yet to be
    /// told (`take_engine_trouble`).
    engine_trouble: Option<(EngineTrouble, bool)>,
}

/// The computer's suggestions for the human's position after `ply` plies, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub ply: usize,
    pub turns: Vec<Turn>,
}

impl Session {
    /// The game on screen.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// The piece picked up, waiting for its destination.
    pub fn selected(&self) -> Option<NodeId> {
        self.selected
    }

    /// The line under the board: why a click was refused, what just happened.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// Hidden and flip play: the curtain, the referee view, tags, flips, the questions asked.
    pub fn modes(&self) -> &ModeState {
        &self.modes
    }

    /// The clash being shown on the board, fading.
    pub fn flash(&self) -> Option<&Flash> {
        self.flash.as_ref()
    }

    /// Note in the game's record a disclosure granted elsewhere (the replay of this very game
    /// showed a viewpoint after its confirmation): the gate grants and records it again here.
    pub fn note_disclosure(&mut self, what: Disclosure, by: Option<Seat>) {
        let _ = self.table.disclose(what, by, true);
    }

    /// Write an entry of the game record's info (the saves' id and dates).
    pub fn set_info(&mut self, key: InfoKey, value: &str) {
        self.table.set_info(key, value);
    }

    /// The actions undone, newest last (Redo plays them again).
    pub fn redo(&self) -> &[Action] {
        self.table.redo_list()
    }

    /// The session resumed with the actions that were undone before it was saved (checked
    /// against the game by whoever read them: `saves::split_redo`).
    pub fn with_redo(mut self, redo: Vec<Action>) -> Session {
        self.table.set_redo(redo);
        self
    }

    /// Whether "Resign?" is being asked.
    pub fn confirm_resign(&self) -> bool {
        self.confirm_resign
    }

    /// The computer's suggestions for the position on screen, once thought out.
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// Whether a hint is being thought out.
    pub fn hint_pending(&self) -> bool {
        self.hint_thought.is_some()
    }

    /// Four players: the seat drawn at the bottom when nobody's own eyes decide it.
    pub fn bottom4(&self) -> Seat {
        self.bottom4
    }

    /// The seats and what plays each (a person or the computer).
    pub fn computer(&self) -> &computer::Seats {
        &self.computer
    }

    /// The sound of what the game did since the last call, if anything (each once).
    pub fn take_sound(&mut self) -> Option<super::sound::Sound> {
        self.heard.take(self.table.game())
    }

    /// A game on screen, nothing selected; the computer plays the seats the record's `computer`
    /// info names.
    pub fn new(game: Game) -> Session {
        let info = super::records::info_value(game.record(), InfoKey::Computer).map(str::to_string);
        let seats = computer::seats_from_info(info.as_deref(), game.board().seats.len());
        let bottom4 = super::records::info_value(game.record(), InfoKey::Bottom)
            .and_then(|v| {
                game.board()
                    .seats
                    .iter()
                    .copied()
                    .find(|s| s.is_four() && s.en().eq_ignore_ascii_case(v))
            })
            .unwrap_or(Seat::South);
        let mut computer = computer::Seats::new(seats);
        let clock = ManualClock::default();
        let resigning = Arc::new(Mutex::new(Vec::new()));
        let heard = super::sound::Heard::of(&game);
        let (table, desks) = seats::table_of(game, &mut computer, &clock, &resigning);
        Session {
            table,
            desks,
            clock,
            resigning,
            held: Vec::new(),
            offered: None,
            selected: None,
            message: None,
            flash: None,
            turn_started: None,
            clock_ply: 0,
            last_tick: None,
            last_tick_before: None,
            modes: Default::default(),
            computer,
            confirm_resign: false,
            hint: None,
            hint_thought: None,
            belief_on: false,
            beliefs: None,
            bottom4,
            heard,
            engine_trouble: None,
        }
    }

    /// The command that starts the outside engine of the engine seats (`Occupant::Engine`); until
    /// it is set they wait. Each engine seat plays from the start of the game: its chair (its
    /// side, or in a flip game its player number), its view then, and the most a turn may take:
    /// the move clock's seconds, or `computer::ENGINE_TURN_TIME` without one.
    /// The computer seats search on `threads` threads (`computer::Seats::set_threads`).
    pub fn set_computer_threads(&mut self, threads: usize) {
        self.computer.set_threads(threads);
    }

    /// The computer seats (and the hint) think `nodes` nodes a turn instead of their level's
    /// time (`computer::Seats::set_nodes`; tests).
    pub fn set_computer_nodes(&mut self, nodes: Option<u64>) {
        self.computer.set_nodes(nodes);
    }

    pub fn set_engine_command(&mut self, command: &str) {
        if !self.computer.seats.contains(&Occupant::Engine)
            || self.computer.engine_command() == Some(command)
        {
            return;
        }
        let rules = self.table.game().rules();
        let turn_time = rules.move_clock.map_or(computer::ENGINE_TURN_TIME, |secs| {
            std::time::Duration::from_secs(u64::from(secs))
        });
        self.computer.set_engine(computer::EngineSetup {
            command: command.to_string(),
            turn_time,
        });
    }

    /// The outside engine that stopped playing its seat in this game, if one did.
    pub fn engine_trouble(&self) -> Option<&EngineTrouble> {
        self.engine_trouble.as_ref().map(|(t, _)| t)
    }

    /// The engine's trouble once, for the window to show as a warning.
    pub fn take_engine_trouble(&mut self) -> Option<EngineTrouble> {
        match &mut self.engine_trouble {
            Some((t, fresh)) if *fresh => {
                *fresh = false;
                Some(t.clone())
            }
            _ => None,
        }
    }

    /// What the status line says while the computer or an engine is to move: who is thinking,
    /// or why a stopped engine holds the game.
    pub fn thinking_text(&self, lang: crate::i18n::Lang) -> String {
        let seat = self.seat_to_move();
        let side = lang.side(self.side_to_move());
        if self.computer.engine_stop(seat).is_some()
            && let Some(t) = self.engine_trouble()
        {
            return t.words(lang);
        }
        match self.computer.seats.get(seat) {
            Some(Occupant::Engine) => crate::i18n::fill(
                lang.t(&i18n::ENGINE_THINKING_SIDE),
                &[("name", &self.computer.label(seat, lang)), ("side", side)],
            ),
            _ => crate::i18n::fill(lang.t(&i18n::COMPUTER_THINKING_SIDE), &[("side", side)]),
        }
    }

    /// The options of hidden and flip play, from the settings (every frame). Unticking the
    /// curtain during a hidden game between people is the referee view: it waits for a
    /// confirmation, and the gate records it.
    pub fn set_options(&mut self, opts: ModeOptions) {
        self.modes.opts = opts;
        if !self.modes.opts.curtain && self.hidden_hotseat() && self.modes.curtain_off.is_none() {
            self.modes.confirm_curtain = true;
        }
    }

    /// Someone else may be at the screen now (back from the first screen): a hidden game's
    /// curtain comes down and nothing is selected.
    pub fn resume(&mut self) {
        self.modes.lifted = false;
        self.selected = None;
    }

    /// Move time on to `now` (seconds): the flash and the flip animation fade, the computer thinks
    /// and plays its turns, the move clock runs and a turn that ran out is lost.
    pub fn tick(&mut self, now: f64) -> Tick {
        let mut out = Tick::default();
        let elapsed = self.last_tick.map_or(0.0, |t| (now - t).max(0.0) as f32);
        let dt = elapsed.min(0.1);
        self.last_tick = Some(now);
        if let Some((n, left)) = self.modes.flipping {
            let left = left - dt;
            self.modes.flipping = (left > 0.0).then_some((n, left));
            out.want(0.0);
        }
        if let Some(f) = &mut self.flash {
            // Wall time, not the animation step: the window sleeps until the fade begins.
            f.fade -= elapsed;
            if f.fade <= 0.0 {
                self.flash = None;
            } else if f.fade > FLASH_FADE {
                out.want((f.fade - FLASH_FADE) as f64);
            } else {
                out.want(0.05);
            }
        }
        // The move clock runs when the player can see the board: not behind the hand-over
        // curtain, not while a player looks at a clash before handing over, and not while the
        // computer thinks. The table reads it and takes a turn that ran out.
        let frozen = self.curtain_up() || self.modes.handing.is_some() || self.computer_to_move();
        if !frozen && let Some(t) = self.last_tick_before {
            self.clock
                .advance(std::time::Duration::from_secs_f64((now - t).max(0.0)));
        }
        self.last_tick_before = Some(now);
        // The clock shown starts afresh with each turn, and waits while frozen.
        let plies = self.table.game().plies().len();
        if self.turn_started.is_none() || self.clock_ply != plies || frozen {
            self.turn_started = Some(now);
            self.clock_ply = plies;
        }
        if let Some(secs) = self.drive() {
            out.want(secs);
        }
        self.update_beliefs();
        if let Some(thought) = &self.hint_thought {
            match thought.poll() {
                Some(turns) => {
                    if thought.ply == self.table.game().plies().len() {
                        self.hint = Some(Hint {
                            ply: thought.ply,
                            turns,
                        });
                    }
                    self.hint_thought = None;
                    out.want(0.0);
                }
                None => out.want(0.04),
            }
        }
        // The clock shown.
        if self.table.game().rules().move_clock.is_some() && !self.table.game().status().is_over() {
            let frozen =
                self.curtain_up() || self.modes.handing.is_some() || self.computer_to_move();
            // Repaint when the second shown changes, not every frame; a frozen clock shows the
            // same number until a click lifts the curtain or the computer's turn (which repaints)
            // hands the move back.
            if !frozen && let Some(left) = self.clock_left(now) {
                out.want(clock_wait(left).as_secs_f64());
            }
        }
        out
    }

    /// Seconds left on the move clock at `now`, if the game has one and is not over.
    pub fn clock_left(&self, now: f64) -> Option<f64> {
        let secs = self.table.game().rules().move_clock?;
        if self.table.game().status().is_over() {
            return None;
        }
        Some(secs as f64 - (now - self.turn_started.unwrap_or(now)))
    }

    /// Carry out what a player asked.
    pub fn apply(&mut self, act: Act) {
        match act {
            Act::Node(n) => {
                // The clash notice goes at the next click.
                self.flash = None;
                self.click(n);
            }
            Act::DismissClash => self.flash = None,
            Act::Hint => self.ask_hint(),
            Act::BeliefMap => {
                self.belief_on = !self.belief_on && self.belief_offered();
                self.update_beliefs();
            }
            Act::Drop(from, to) => {
                self.selected = Some(from);
                self.click(to);
            }
            Act::ClearSelection => {
                self.selected = None;
                self.message = None;
                self.confirm_resign = false;
            }
            Act::Undo => self.undo_command(),
            Act::AnswerTakeback(yes) => self.answer_takeback(yes),
            Act::AnswerTakebackFor(seat, yes) => self.answer_takeback_for(seat, yes),
            Act::Redo => {
                // Redo past the computer's answer too.
                let humans: Vec<usize> = self.computer.humans().collect();
                let against_computer = self.computer.any();
                let done = self
                    .table
                    .redo_until(|g| !against_computer || humans.contains(&slot_to_move(g)));
                if let Err(e) = done {
                    self.message = Some(Message::Refused(e));
                }
                self.after_change();
                self.drive();
            }
            Act::Resign => {
                self.confirm_resign = !self.table.game().status().is_over() && !self.curtain_up()
            }
            Act::ConfirmResign(yes) => {
                // Only the answer to the question asked (never a resignation nobody confirmed).
                if yes
                    && self.confirm_resign
                    && let Some(side) = self.acting_side()
                {
                    let k = self.seat_of(side);
                    self.resigning
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(k);
                    self.drive();
                    self.after_change();
                }
                self.confirm_resign = false;
            }
            Act::OfferDraw if self.curtain_up() || !self.may_offer_draw() => {}
            Act::OfferDraw => {
                self.offered = Some(self.table.game().plies().len());
                self.reply(Reply::OfferDraw);
            }
            Act::AnswerDrawFor(seat, yes) => self.answer_draw_for(seat, yes),
            // Four players: the curtain stays down while a computer seat plays (nobody at the
            // screen is to move).
            Act::LiftCurtain if self.computer_to_move() => {}
            Act::HandOver => {
                self.modes.handing = None;
                self.flash = None;
            }
            Act::LiftCurtain => {
                self.modes.lifted = true;
                self.flash = flash_for(self.table.game(), self.looker());
            }
            Act::LiftQuestion => {
                if let Some((seat, _)) = self.modes.answering {
                    self.modes.answering = Some((seat, true));
                }
            }
            a @ (Act::AskRefereeView
            | Act::RefereeView(_)
            | Act::CurtainOff(_)
            | Act::TagMenu(_)
            | Act::CloseTagMenu
            | Act::SetTag(..)) => self.apply_sight(a),
        }
    }

    /// Carry out what a player asked of the sight: the referee view, the curtain switched off,
    /// the tags on enemy pieces.
    fn apply_sight(&mut self, act: Act) {
        match act {
            Act::AskRefereeView => self.modes.confirm_referee = true,
            Act::RefereeView(on) => {
                self.modes.confirm_referee = false;
                self.modes.referee = None;
                if on {
                    let by = self.asking_side();
                    if let Ok(Grant::Sight(s)) =
                        self.table.disclose(Disclosure::RefereeView, by, true)
                    {
                        self.modes.referee = Some(s);
                    }
                    self.modes.tag_menu = None;
                }
            }
            Act::CurtainOff(true) => {
                self.modes.confirm_curtain = false;
                if let Ok(Grant::Sight(s)) = self.table.disclose(Disclosure::CurtainOff, None, true)
                {
                    self.modes.curtain_off = Some(s);
                }
            }
            Act::CurtainOff(false) => {
                // Cancelled: the curtain stays (the window ticks the setting again).
                self.modes.confirm_curtain = false;
                self.modes.opts.curtain = true;
            }
            Act::TagMenu(n) => self.modes.tag_menu = Some(n),
            Act::CloseTagMenu => self.modes.tag_menu = None,
            Act::SetTag(n, text) => {
                self.modes.tag_menu = None;
                if let Looker::Side(me) = self.looker()
                    && let Err(e) = self.table.set_tag(me, n, text.as_deref())
                {
                    self.message = Some(Message::Tag(e));
                }
            }
            _ => {}
        }
    }

    pub fn rules(&self) -> &crate::engine::Rules {
        self.table.game().rules()
    }

    pub fn mode(&self) -> Mode {
        self.table.game().rules().mode
    }

    /// The side a resignation or a draw offer is made for: the side to move, or against the
    /// computer the human's.
    pub fn acting_side(&self) -> Option<Seat> {
        let side = self.table.game().position().side_to_move()?;
        Some(if self.computer.any() {
            self.looking_side()
        } else {
            side
        })
    }

    /// Whether the person to move may offer a draw now: on their own turn (not while the
    /// computer thinks), one offer a turn (a declined offer leaves the turn with the offerer,
    /// who plays on).
    pub fn may_offer_draw(&self) -> bool {
        let game = self.table.game();
        self.desk_to_move().is_some()
            && self.offered != Some(game.plies().len())
            && game.draw_offer().is_none()
    }

    /// A person answers the draw offer for `seat`: on its desk when the table asks it, else
    /// kept until it does (four people in an open game answer in any order).
    fn answer_draw_for(&mut self, seat: Seat, yes: bool) {
        let human = self.computer.seats.get(self.seat_of(seat)) == Some(&Occupant::Human);
        let Some(by) = self.table.game().draw_offer() else {
            return;
        };
        if !human || !self.may_answer(seat) || seat == by {
            return;
        }
        self.message = None;
        let k = self.seat_of(seat);
        let asked = self
            .desks
            .get(k)
            .and_then(Option::as_ref)
            .map(|d| d.asked());
        match asked {
            Some(Some(crate::table::desk::Asked::Draw { .. })) => {
                if let Some(desk) = &self.desks[k] {
                    let _ = desk.answer(yes);
                }
            }
            _ if !self.held.iter().any(|(s, _)| *s == seat) => self.held.push((seat, yes)),
            _ => {}
        }
        self.drive();
    }

    fn after_change(&mut self) {
        self.offered = None;
        self.hint = None;
        self.hint_thought = None;
        self.confirm_resign = false;
        self.modes.lifted = false;
        self.modes.handing = None;
        self.selected = None;
        self.flash = None;
        self.message = None;
    }

    fn click(&mut self, n: NodeId) {
        if self.modes.handing.is_some() {
            self.message = Some(Message::Note(i18n::HAND_OVER_FIRST));
            return;
        }
        if self.computer_to_move() {
            self.message = Some(Message::Note(i18n::COMPUTER_THINKING));
            return;
        }
        if self.table.game().status().is_over() || self.flip_click(n) {
            return;
        }
        let view = self.table.game().view(Viewer::Side(self.side_to_move()));
        let mine = matches!(view.at(n), Seen::Known(p) if Some(p.side()) == view.mover().side());
        if mine && self.selected != Some(n) {
            // A piece that cannot move at all (a mine, the flag, a piece shut in an HQ): say so
            // at once rather than select it. The mover's own piece: nothing hidden is told.
            let why = self
                .table
                .game()
                .position()
                .check_turn(self.rules(), Turn::Move { from: n, to: n });
            if let Err(e) = why
                && e.is_immobile()
            {
                self.selected = None;
                self.message = Some(Message::Illegal(e));
                return;
            }
        }
        match self.selected {
            Some(from) if from == n => self.selected = None,
            Some(_) if mine => {
                self.selected = Some(n);
                self.message = None;
            }
            Some(from) => {
                let turn = Turn::Move { from, to: n };
                match view.check_turn(self.rules(), turn) {
                    Ok(()) => self.reply(Reply::Turn(turn)),
                    Err(e) => self.message = Some(Message::Illegal(e)),
                }
            }
            None => {
                if mine {
                    self.selected = Some(n);
                    self.message = None;
                } else if view.at(n) != Seen::Empty {
                    let why = self
                        .table
                        .game()
                        .position()
                        .check_turn(self.rules(), Turn::Move { from: n, to: n });
                    if let Err(e) = why {
                        self.message = Some(Message::Illegal(e));
                    }
                }
            }
        }
    }
}

/// What `looker` knew of node `n` before ply `before` (0-based) was played.
pub fn seen_at(game: &Game, before: usize, looker: Looker, n: NodeId) -> Seen {
    let pos = game.position_at(before);
    let rules = game.rules();
    match looker {
        Looker::All(sight) => game.sight_view(sight, before).at(n),
        Looker::Side(s) => game.sight_view(game.own_sight(s), before).at(n),
        // Public: a piece is known only if its opponent knows it too.
        // (Four players: known only if every seat knows it.)
        Looker::Nobody => {
            let seats = game.board().seats;
            let own = pos.view(rules, Viewer::Side(seats[0])).at(n);
            match own {
                Seen::Known(_) => seats[1..]
                    .iter()
                    .map(|&s| pos.view(rules, Viewer::Side(s)).at(n))
                    .find(|v| !matches!(v, Seen::Known(_)))
                    .unwrap_or(own),
                other => other,
            }
        }
    }
}

/// The clash of the last turn as `looker` may see it: unknown pieces as backs.
fn flash_for(game: &Game, looker: Looker) -> Option<Flash> {
    let i = game.plies().len().checked_sub(1)?;
    let ply = &game.plies()[i];
    let (Some(Turn::Move { from, to }), Some(report)) = (ply.turn, &ply.report) else {
        return None;
    };
    Some(Flash {
        at: to,
        attacker: seen_at(game, i, looker, from),
        defender: seen_at(game, i, looker, to),
        outcome: report.clash?,
        fade: FLASH_SECONDS,
    })
}

/// How long until the move clock, `left` seconds from running out and shown rounded up to whole
/// seconds, shows another number (a little after, so the next frame sees the new second).
pub fn clock_wait(left: f64) -> std::time::Duration {
    let left = left.max(0.0);
    let shown = left.ceil();
    let until = if shown > 0.0 {
        left - (shown - 1.0)
    } else {
        0.0
    };
    std::time::Duration::from_secs_f64(until + 0.005)
}
