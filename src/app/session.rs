//! A game on screen, apart from the window: the `Game`, the selection, the redo stack, the move
//! clock, the clash flash, the hidden/flip state (who is looking, the curtain, the gate's sights,
//! takeback requests) and the computer's seats and thinking. The play screen draws a `Session` and
//! sends it `Act`s; `Session::apply` carries them out after the UI pass, and `Session::tick` moves
//! time on (the clock, the animations, the computer's turns) before it. No egui context is needed,
//! so sessions are tested on their own (tests/window/session.rs).

use super::board::Flash;
use super::computer;
use super::problem::EngineTrouble;
use super::settings::{ModeOptions, Occupant};
use crate::ai::Thinker;
use crate::engine::{
    Action, Chair, Disclosure, Game, Grant, InfoKey, Mode, Mover, NodeId, Seat, Seen, Sight, Turn,
    Viewer,
};
use crate::i18n;
use crate::table::engine_player::EngineStop;

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
    AnswerDraw(bool),
    /// Four people: a seat still in answers a draw offer (a draw needs every player still in;
    /// each answers at the screen, whoever is to move).
    AnswerDrawFor(Seat, bool),
    /// The move clock ran out for the side to move.
    Timeout,
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
    game: Game,
    redo: Vec<Action>,
    selected: Option<NodeId>,
    message: Option<Message>,
    flash: Option<Flash>,
    /// When the side to move started its turn (tick time), for the move clock.
    turn_started: Option<f64>,
    /// Number of plies when `turn_started` was set.
    clock_ply: usize,
    /// The time of the last tick, for the animations.
    last_tick: Option<f64>,
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
        &self.game
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
        let _ = self.game.disclose(what, by, true);
    }

    /// Write an entry of the game record's info (the saves' id and dates).
    pub fn set_info(&mut self, key: InfoKey, value: &str) {
        self.game.set_info(key, value);
    }

    /// The actions undone, newest last (Redo plays them again).
    pub fn redo(&self) -> &[Action] {
        &self.redo
    }

    /// The session resumed with the actions that were undone before it was saved (checked
    /// against the game by whoever read them: `saves::split_redo`).
    pub fn with_redo(mut self, redo: Vec<Action>) -> Session {
        self.redo = redo;
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
        self.heard.take(&self.game)
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
        Session {
            redo: Vec::new(),
            selected: None,
            message: None,
            flash: None,
            turn_started: None,
            clock_ply: 0,
            last_tick: None,
            modes: Default::default(),
            computer: computer::Seats::new(seats),
            confirm_resign: false,
            hint: None,
            hint_thought: None,
            belief_on: false,
            beliefs: None,
            bottom4,
            heard: super::sound::Heard::of(&game),
            engine_trouble: None,
            game,
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
        let rules = self.game.rules();
        let start = self.game.position_at(0);
        let seats = self.game.board().seats;
        let starts = (0..self.computer.seats.len())
            .map(|k| {
                let (chair, side) = if rules.mode.deals_face_down() {
                    // Before the colours are decided both players see Red's view.
                    (Chair::Player(k as u8 + 1), Seat::Red)
                } else {
                    (Chair::Side(seats[k]), seats[k])
                };
                (chair, start.view(rules, Viewer::Side(side)))
            })
            .collect();
        let turn_time = rules.move_clock.map_or(computer::ENGINE_TURN_TIME, |secs| {
            std::time::Duration::from_secs(u64::from(secs))
        });
        self.computer.set_engine(computer::EngineSetup {
            command: command.to_string(),
            starts,
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
        if let Some(secs) = self.computer_step() {
            out.want(secs);
        }
        self.update_beliefs();
        if let Some(thought) = &self.hint_thought {
            match thought.poll() {
                Some(turns) => {
                    if thought.ply == self.game.plies().len() {
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
        // The move clock.
        if self.game.rules().move_clock.is_some() && !self.game.status().is_over() {
            let plies = self.game.plies().len();
            // The clock starts when the player can see the board: not behind the hand-over
            // curtain, and not while the computer thinks.
            let frozen =
                self.curtain_up() || self.modes.handing.is_some() || self.computer_to_move();
            if self.turn_started.is_none() || self.clock_ply != plies || frozen {
                self.turn_started = Some(now);
                self.clock_ply = plies;
            }
            if self.clock_left(now).is_some_and(|left| left <= 0.0) {
                self.apply(Act::Timeout);
            }
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
        let secs = self.game.rules().move_clock?;
        if self.game.status().is_over() {
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
                if let Some(a) = self.redo.pop()
                    && let Err(e) = self.game.act(a)
                {
                    self.message = Some(Message::Refused(e));
                    self.redo.clear();
                }
                // Redo past the computer's answer too, then let it relearn the game.
                while self.computer_to_move()
                    && let Some(a) = self.redo.pop()
                {
                    if self.game.act(a).is_err() {
                        self.redo.clear();
                    }
                }
                self.computer.reset();
                self.after_change();
            }
            Act::Resign => {
                self.confirm_resign = !self.game.status().is_over() && !self.curtain_up()
            }
            Act::ConfirmResign(yes) => {
                // Only the answer to the question asked (never a resignation nobody confirmed).
                if yes && self.confirm_resign {
                    self.act(Action::Resign);
                }
                self.confirm_resign = false;
            }
            Act::OfferDraw if self.curtain_up() => {}
            Act::OfferDraw => {
                self.act(Action::OfferDraw);
                self.ask_next_draw_answer();
            }
            Act::AnswerDraw(yes) => self.act(|s| {
                if yes {
                    Action::AcceptDraw(s)
                } else {
                    Action::DeclineDraw(s)
                }
            }),
            Act::AnswerDrawFor(seat, yes) => {
                let action = if yes {
                    Action::AcceptDraw(seat)
                } else {
                    Action::DeclineDraw(seat)
                };
                let human = self.computer.seats.get(seat.index()) == Some(&Occupant::Human);
                if !self.game.board().is_four() || !human || !self.may_answer(seat) {
                    return;
                }
                match self.game.act(action) {
                    Ok(()) => {
                        self.redo.clear();
                        self.message = None;
                    }
                    Err(e) => self.message = Some(Message::Refused(e)),
                }
                if yes {
                    self.ask_next_draw_answer();
                } else {
                    self.end_question();
                }
            }
            Act::Timeout => self.act(Action::Timeout),
            // Four players: the curtain stays down while a computer seat plays (nobody at the
            // screen is to move).
            Act::LiftCurtain if self.computer_to_move() => {}
            // Four people: a draw offer still waiting (a resumed game) is answered seat by seat
            // before the player to move looks.
            Act::LiftCurtain
                if self.game.board().is_four()
                    && self.game.draw_offer().is_some()
                    && self.curtain_guarded()
                    && self.modes.answering.is_none() =>
            {
                self.ask_next_draw_answer()
            }
            Act::HandOver => {
                self.modes.handing = None;
                self.flash = None;
            }
            Act::LiftCurtain => {
                self.modes.lifted = true;
                self.flash = flash_for(&self.game, self.looker());
            }
            Act::LiftQuestion => {
                if let Some((seat, _)) = self.modes.answering {
                    self.modes.answering = Some((seat, true));
                }
            }
            Act::AskRefereeView => self.modes.confirm_referee = true,
            Act::RefereeView(on) => {
                self.modes.confirm_referee = false;
                self.modes.referee = None;
                if on {
                    let by = self.asking_side();
                    if let Ok(Grant::Sight(s)) =
                        self.game.disclose(Disclosure::RefereeView, by, true)
                    {
                        self.modes.referee = Some(s);
                    }
                    self.modes.tag_menu = None;
                }
            }
            Act::CurtainOff(true) => {
                self.modes.confirm_curtain = false;
                if let Ok(Grant::Sight(s)) = self.game.disclose(Disclosure::CurtainOff, None, true)
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
                    && let Err(e) = self.game.set_tag(me, n, text.as_deref())
                {
                    self.message = Some(Message::Tag(e));
                }
            }
        }
    }

    pub fn rules(&self) -> &crate::engine::Rules {
        self.game.rules()
    }

    pub fn mode(&self) -> Mode {
        self.game.rules().mode
    }

    /// The side a resignation or a draw offer is made for: the side to move, or against the
    /// computer the human's.
    pub fn acting_side(&self) -> Option<Seat> {
        let side = self.game.position().side_to_move()?;
        Some(if self.computer.any() {
            self.looking_side()
        } else {
            side
        })
    }

    fn act(&mut self, make: impl FnOnce(Seat) -> Action) {
        let Some(side) = self.acting_side() else {
            return;
        };
        match self.game.act(make(side)) {
            Ok(()) => {
                self.redo.clear();
                self.after_change();
            }
            Err(e) => self.message = Some(Message::Refused(e)),
        }
    }

    fn after_change(&mut self) {
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
        if self.game.status().is_over() || self.flip_click(n) {
            return;
        }
        let view = self.game.view(Viewer::Side(self.side_to_move()));
        let mine = matches!(view.at(n), Seen::Known(p) if Some(p.side()) == view.mover().side());
        if mine && self.selected != Some(n) {
            // A piece that cannot move at all (a mine, the flag, a piece shut in an HQ): say so
            // at once rather than select it. The mover's own piece: nothing hidden is told.
            let why = self
                .game
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
                match self.game.play(turn) {
                    Ok(_) => self.after_turn(),
                    Err(e) => self.message = Some(Message::Illegal(e)),
                }
            }
            None => {
                if mine {
                    self.selected = Some(n);
                    self.message = None;
                } else if view.at(n) != Seen::Empty {
                    let why = self
                        .game
                        .position()
                        .check_turn(self.rules(), Turn::Move { from: n, to: n });
                    if let Err(e) = why {
                        self.message = Some(Message::Illegal(e));
                    }
                }
            }
        }
    }

    pub fn side_to_move(&self) -> Seat {
        self.game.position().side_to_move().unwrap_or(Seat::Red)
    }

    /// A hidden game between two people on one screen, still in progress: the hand-over curtain
    /// guards it.
    pub fn hidden_hotseat(&self) -> bool {
        self.mode().hides_identities() && self.humans_apart() && !self.game.status().is_over()
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
        !(self.game.board().is_four() && self.game.rules().team_view && partners)
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
    fn hands_over_after_clash(&self) -> Option<Seat> {
        let report = self.game.plies().last()?.report.as_ref()?;
        report.clash?;
        let Mover::Side(mover) = report.mover else {
            return None;
        };
        let human = self.computer.humans().any(|k| self.side_of(k) == mover);
        (human && self.curtain_guarded()).then_some(mover)
    }

    /// Whether `seat` may answer the open question now: in a hidden game between people only the
    /// seat called to the covered board, after pressing "answer"; otherwise anyone at the screen.
    fn may_answer(&self, seat: Seat) -> bool {
        match self.modes.answering {
            Some(called) => called == (seat, true),
            None => !self.curtain_guarded(),
        }
    }

    /// A hidden game between people whose curtain is in use (not switched off, no referee view).
    fn curtain_guarded(&self) -> bool {
        self.hidden_hotseat()
            && (self.modes.opts.curtain || self.modes.curtain_off.is_none())
            && self.modes.referee.is_none()
    }

    /// Four people, a hidden game: the next seat to answer the draw offer behind the curtain (the
    /// players still in who have not yet agreed, in turn order after the offerer).
    fn ask_next_draw_answer(&mut self) {
        if !self.game.board().is_four() || !self.curtain_guarded() {
            return;
        }
        let Some(offerer) = self.game.draw_offer() else {
            return self.end_question();
        };
        let next = self
            .seats_after(offerer)
            .into_iter()
            .find(|&s| !self.game.draw_accepted(s));
        match next {
            Some(s) => {
                self.modes.answering = Some((s, false));
                // A question called to the covered board ends the look at the clash.
                self.modes.handing = None;
                self.modes.lifted = false;
                self.selected = None;
            }
            None => self.end_question(),
        }
    }

    /// The other seats still in, in the board's order starting after `seat` (who answers a
    /// question first: the next seat round the table).
    fn seats_after(&self, seat: Seat) -> Vec<Seat> {
        let seats = self.game.board().seats;
        let k = seats.iter().position(|&s| s == seat).unwrap_or(0);
        let still_in = self.game.seats_in();
        (1..seats.len())
            .map(|i| seats[(k + i) % seats.len()])
            .filter(|s| still_in.contains(s))
            .collect()
    }

    /// The question is answered or withdrawn: nobody is called any more, and the curtain stays
    /// down until the player to move lifts it.
    fn end_question(&mut self) {
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
        if let Some(s) = self.game.free_sight(Viewer::Referee, None) {
            // Open mode, or a finished game.
            return Looker::All(s);
        }
        if self.mode().deals_face_down() {
            // Flip mode: both players see the same, face-down pieces stay unknown.
            return Looker::All(self.game.own_sight(self.looking_side()));
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
            .unwrap_or_else(|| self.game.own_sight(self.looking_side()));
        self.game.sight_now(sight)
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
    pub(super) fn after_turn(&mut self) {
        // A game abandoned because an engine failed that goes on after all (after an undo) is
        // no longer abandoned; the `forfeit` entry keeps what happened.
        self.game.remove_info(InfoKey::Abandoned);
        self.hint = None;
        self.hint_thought = None;
        self.redo.clear();
        self.selected = None;
        self.message = None;
        self.modes.lifted = false;
        self.modes.pending_flip = None;
        self.modes.tag_menu = None;
        self.modes.handing = self.hands_over_after_clash();
        self.flash = if self.curtain_up() {
            None
        } else {
            flash_for(&self.game, self.looker())
        };
    }

    /// Flip mode: a click on a face-down piece with nothing selected flips it (after a second click
    /// if that option is on). Returns whether the click was used.
    fn flip_click(&mut self, n: NodeId) -> bool {
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
        match self.game.play(Turn::Flip(n)) {
            Ok(_) => {
                self.after_turn();
                self.modes.flipping = Some((n, FLIP_SECONDS));
            }
            Err(e) => self.message = Some(Message::Illegal(e)),
        }
        true
    }

    /// Undo, by the rules of fairness: nothing after the end; open games against the computer
    /// undo as always; hidden and flip games against the computer only with the setting that
    /// allows takebacks (each one recorded); between two people on one screen the other player
    /// answers first.
    fn undo_command(&mut self) {
        if self.game.status().is_over() {
            self.message = Some(Message::Note(i18n::NO_UNDO_AFTER_END));
            return;
        }
        if self.game.standing_actions().is_empty() {
            return;
        }
        if self.computer.any() {
            if self.mode().shows_everything() {
                self.plain_undo();
            } else if self.modes.opts.takebacks_vs_computer {
                self.take_back(self.looking_side());
            } else {
                self.message = Some(Message::Note(i18n::TAKEBACKS_OFF));
            }
            return;
        }
        // Who asks: the player looking (behind the lifted curtain: the player to move, who takes
        // back their own last turn and the turns after it); with nobody in particular looking
        // (the curtain down, or everything open) the player who moved last.
        let asker = match self.looker() {
            Looker::Side(s) => Some(s),
            _ => {
                let mut probe = self.game.clone();
                let by = self.side_to_move();
                let back = probe.act(Action::Takeback { by, turns: 1 }).is_ok();
                back.then(|| probe.position().side_to_move()).flatten()
            }
        };
        let Some((asker, turns)) = asker.and_then(|a| self.turns_back_to(a).map(|t| (a, t))) else {
            self.message = Some(Message::Note(i18n::NOTHING_TO_TAKE_BACK));
            return;
        };
        self.modes.takeback_asked = Some(asker);
        self.modes.takeback_turns = turns;
        self.modes.takeback_agreed.clear();
        self.selected = None;
        self.modes.answering = None;
        self.call_next_takeback_answer();
    }

    /// How many standing turns go back to `asker`'s own last turn (the fewest after which `asker`
    /// is to move again), if `asker` has a turn to take back.
    fn turns_back_to(&self, asker: Seat) -> Option<u32> {
        let standing = self.game.standing_actions().len() as u32;
        (1..=standing.min(64)).find(|&turns| {
            let mut probe = self.game.clone();
            probe.act(Action::Takeback { by: asker, turns }).is_ok()
                && probe.position().side_to_move() == Some(asker)
        })
    }

    /// A hidden game between people: call the next player who must answer the takeback to the
    /// covered board (two players: the other; four: every other player still in, in turn).
    fn call_next_takeback_answer(&mut self) {
        let Some(asker) = self.modes.takeback_asked else {
            return self.end_question();
        };
        if !self.curtain_guarded() {
            return;
        }
        let next = if self.game.board().is_four() {
            let agreed = &self.modes.takeback_agreed;
            self.seats_after(asker)
                .into_iter()
                .find(|s| !agreed.contains(s))
        } else if self.modes.answering.is_none() {
            asker.opponent()
        } else {
            None
        };
        match next {
            Some(s) => {
                self.modes.answering = Some((s, false));
                // A question called to the covered board ends the look at the clash.
                self.modes.handing = None;
                self.modes.lifted = false;
            }
            None => self.end_question(),
        }
    }

    /// The other player's answer to a takeback (two players), or the last answer of four.
    fn answer_takeback(&mut self, yes: bool) {
        let Some(asker) = self.modes.takeback_asked else {
            return;
        };
        // Two players behind the curtain: only the player called to the covered board answers
        // (a "no" by closing the question is always taken).
        if yes && asker.opponent().is_some_and(|o| !self.may_answer(o)) {
            return;
        }
        self.modes.takeback_asked = None;
        self.modes.takeback_agreed.clear();
        self.end_question();
        if !yes {
            self.message = Some(Message::Note(i18n::TAKEBACK_DECLINED));
            return;
        }
        let turns = self.modes.takeback_turns.max(1);
        if self.mode().shows_everything() {
            for _ in 0..turns {
                if let Some(a) = self.game.undo() {
                    self.redo.push(a);
                }
            }
            self.after_change();
        } else {
            self.take_back_turns(asker, turns);
        }
    }

    /// Four people: one player's answer to the takeback asked. A "no" ends the question; the
    /// takeback is made once every other player still in has said yes.
    fn answer_takeback_for(&mut self, seat: Seat, yes: bool) {
        let Some(asker) = self.modes.takeback_asked else {
            return;
        };
        let still_in = self.game.seats_in();
        if !self.game.board().is_four() || seat == asker || !still_in.contains(&seat) {
            return;
        }
        if !self.may_answer(seat) {
            return;
        }
        if yes && !self.modes.takeback_agreed.contains(&seat) {
            self.modes.takeback_agreed.push(seat);
        }
        let agreed = &self.modes.takeback_agreed;
        if !yes || still_in.iter().all(|s| *s == asker || agreed.contains(s)) {
            // The last answer: the same as the one answer between two players.
            self.modes.answering = None;
            self.answer_takeback(yes);
        } else {
            self.call_next_takeback_answer();
        }
    }

    /// Today's undo of open games: the last action goes onto the redo list.
    fn plain_undo(&mut self) {
        if let Some(a) = self.game.undo() {
            self.redo.push(a);
        }
        self.undo_to_human();
        self.after_change();
    }

    /// Hidden and flip games against the computer: a takeback through the gate, kept in the
    /// record, back to the human's turn.
    fn take_back(&mut self, by: Seat) {
        let standing = self.game.standing_actions().len() as u32;
        let mut turns = 1;
        while turns < standing {
            let mut probe = self.game.clone();
            let _ = probe.act(Action::Takeback { by, turns });
            if self.human_to_move(&probe) {
                break;
            }
            turns += 1;
        }
        self.take_back_turns(by, turns);
    }

    /// A takeback of `turns` through the gate, kept in the record.
    fn take_back_turns(&mut self, by: Seat, turns: u32) {
        let done = self
            .game
            .disclose(Disclosure::Takeback, Some(by), true)
            .map_err(|e| Message::Error(e.to_string()))
            .and_then(|grant| {
                self.game
                    .take_back(grant, by, turns)
                    .map_err(Message::Refused)
            });
        match done {
            Ok(()) => {
                self.redo.clear();
                self.computer.reset();
                self.after_change();
            }
            Err(m) => self.message = Some(m),
        }
    }

    /// Whether a hint may be asked: a game in progress against the computer (never between two
    /// people: in a hidden game that would show one player's pieces to the other's adviser).
    pub fn hint_offered(&self) -> bool {
        !self.game.status().is_over() && self.opponent_level().is_some()
    }

    /// Whether the belief map may be shown: as the hint, only in a game in progress against the
    /// computer (never between people), and only in hidden mode (what the human could infer of
    /// the computer's pieces, from the human's own view and the public reports).
    pub fn belief_offered(&self) -> bool {
        self.hint_offered() && self.game.rules().mode == crate::engine::Mode::Hidden
    }

    /// Whether the belief map is shown.
    pub fn belief_on(&self) -> bool {
        self.belief_on && self.belief_offered()
    }

    /// The belief map of the position on screen, while shown.
    pub fn beliefs(&self) -> Option<&[crate::ai::review::PieceBelief]> {
        let plies = self.game.plies().len();
        match &self.beliefs {
            Some((n, v)) if self.belief_on() && *n == plies => Some(v),
            _ => None,
        }
    }

    /// While the belief map is shown and the human is to move: work it out for the position on
    /// screen, as the human sees it, and note in the record the turn it is shown at (`beliefs`, like `hints`).
    fn update_beliefs(&mut self) {
        // On the human's turns only: the map is for the position the human is to play in.
        if !self.belief_on() || !self.human_to_move(&self.game) {
            return;
        }
        let plies = self.game.plies().len();
        if self.beliefs.as_ref().is_some_and(|(n, _)| *n == plies) {
            return;
        }
        let me = self.looking_side();
        self.beliefs = Some((plies, crate::ai::review::belief_map(&self.game, me, plies)));
        let mut noted: Vec<String> =
            super::records::info_value(self.game.record(), InfoKey::Beliefs)
                .map(|v| v.split(',').map(str::to_string).collect())
                .unwrap_or_default();
        noted.retain(|s| !s.trim().is_empty());
        let turn = (plies + 1).to_string();
        if !noted.contains(&turn) {
            noted.push(turn);
            self.game.set_info(InfoKey::Beliefs, &noted.join(","));
        }
    }

    /// How many turns the record says the belief map was shown at.
    pub fn beliefs_used(&self) -> usize {
        super::records::info_value(self.game.record(), InfoKey::Beliefs)
            .map_or(0, |v| v.split(',').filter(|s| !s.trim().is_empty()).count())
    }

    /// The level the computer plays at against the lone human.
    fn opponent_level(&self) -> Option<crate::ai::Level> {
        let human = self.computer.lone_human()?;
        self.computer
            .seats
            .iter()
            .enumerate()
            .find_map(|(k, s)| match s {
                Occupant::Computer(level) if k != human => Some(*level),
                // Against an outside engine the hints are the built-in computer's, at normal.
                Occupant::Engine if k != human => Some(crate::ai::Level::Normal),
                _ => None,
            })
    }

    /// How many hints the record says were asked.
    pub fn hints_asked(&self) -> usize {
        super::records::info_value(self.game.record(), InfoKey::Hints)
            .map_or(0, |v| v.split(',').filter(|s| !s.trim().is_empty()).count())
    }

    /// Ask the computer for its suggestions for the human's position, from the human's own sight,
    /// off the UI thread; the record notes the turn it was asked at.
    fn ask_hint(&mut self) {
        let Some(level) = self.opponent_level().filter(|_| self.hint_offered()) else {
            return;
        };
        if self.computer_to_move() {
            self.message = Some(Message::Note(i18n::COMPUTER_THINKING));
            return;
        }
        let plies = self.game.plies().len();
        if self.hint_thought.is_some() || self.hint.as_ref().is_some_and(|h| h.ply == plies) {
            return;
        }
        let me = self.looking_side();
        self.hint_thought = Some(computer::HintThought::start(
            &self.game,
            me,
            level,
            self.computer.nodes(),
            crate::engine::rng::os_seed(),
        ));
        let mut asked: Vec<String> = super::records::info_value(self.game.record(), InfoKey::Hints)
            .map(|v| v.split(',').map(str::to_string).collect())
            .unwrap_or_default();
        asked.retain(|s| !s.trim().is_empty());
        asked.push((plies + 1).to_string());
        self.game.set_info(InfoKey::Hints, &asked.join(","));
    }

    /// Whether a human seat is to move in `game`.
    fn human_to_move(&self, game: &Game) -> bool {
        self.computer.seats[slot_to_move(game)] == Occupant::Human
    }
}

/// The player slot (the index into the seats' occupants) that plays `side` in `game`: the
/// board's seat order, except in a flip game, where player 1 is slot 0 whatever colour it drew.
fn slot_of(game: &Game, side: Seat) -> usize {
    match game.rules().mode {
        Mode::Flip => usize::from(game.player_colour(1) != Some(side)),
        Mode::Open | Mode::Hidden => side.index(),
    }
}

/// The player slot to move in `game` (a flip game's player 1 or 2 before the colours are
/// decided).
fn slot_to_move(game: &Game) -> usize {
    match game.position().mover() {
        Mover::Player(p) => usize::from(p == 2),
        Mover::Side(s) => slot_of(game, s),
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

/// The computer's seats in the session: whose turn, whose eyes, its turns played in `tick`.
impl Session {
    /// The seat (0 or 1) of the side to move.
    fn seat_to_move(&self) -> usize {
        slot_to_move(&self.game)
    }

    /// The seat that plays `side`.
    fn seat_of(&self, side: Seat) -> usize {
        slot_of(&self.game, side)
    }

    /// The colour a seat plays (Red before the colours of a flip game are decided: the views of
    /// both players are the same then).
    fn side_of(&self, seat: usize) -> Seat {
        if self.game.rules().mode.deals_face_down() {
            self.game.player_colour(seat as u8 + 1).unwrap_or(Seat::Red)
        } else {
            self.game.board().seats[seat]
        }
    }

    /// Whether an outside engine is to move.
    pub fn engine_to_move(&self) -> bool {
        self.computer_to_move() && self.computer.seats[self.seat_to_move()] == Occupant::Engine
    }

    /// Whether the computer is to move (human input waits).
    pub fn computer_to_move(&self) -> bool {
        !self.game.status().is_over() && self.computer.seats[self.seat_to_move()] != Occupant::Human
    }

    /// Whose eyes the screen shows: the human's against the computer, else the side to move.
    pub fn looking_side(&self) -> Seat {
        if let Some(mover) = self.modes.handing {
            return mover;
        }
        if let Some(seat) = self.computer.lone_human() {
            return self.side_of(seat);
        }
        let to_move = self.game.position().side_to_move();
        let board = self.game.board();
        match to_move {
            // Four players, a computer to move: the people at the screen keep their own eyes
            // (partners under team view share them; otherwise the curtain is down).
            Some(s) if board.is_four() && self.computer.seats[s.index()] != Occupant::Human => {
                self.computer.humans().next().map_or(s, |k| self.side_of(k))
            }
            Some(s) => s,
            None => board.seats[0],
        }
    }

    /// After undo: go back to a human's turn, and let the computer players relearn the game.
    pub fn undo_to_human(&mut self) {
        if !self.computer.any() {
            return;
        }
        self.computer.thinking = None;
        while self.computer_to_move() && !self.game.record().actions.is_empty() {
            match self.game.undo() {
                Some(a) => self.redo.push(a),
                None => break,
            }
        }
        self.computer.reset();
    }

    /// One step of the computer: tell it what happened, start or finish its thinking (its turn
    /// is played here). Returns when to look again (seconds), if the computer plays.
    pub(super) fn computer_step(&mut self) -> Option<f64> {
        if !self.computer.any() {
            return None;
        }
        if self.game.status().is_over() {
            self.computer.thinking = None;
            return None;
        }
        // The computer answers a draw offer by declining it (it plays on).
        if let Some(offerer) = self.game.draw_offer() {
            let board = self.game.board();
            let others = board.seats.iter().copied().filter(|&s| s != offerer);
            for other in others.collect::<Vec<_>>() {
                if board.is_four() && self.game.position().out().contains(other) {
                    continue;
                }
                if self.computer.seats[self.seat_of(other)] != Occupant::Human {
                    let _ = self.game.act(Action::DeclineDraw(other));
                    break;
                }
            }
        }
        self.observe_new_plies();
        let seat = self.seat_to_move();
        // A human's turn; or an engine that stopped and could not resign (a flip game before
        // the colours are decided): the game waits, and the status line says why.
        let stopped = self.computer.thinking.is_none() && self.computer.engine_stop(seat).is_some();
        if self.computer.seats[seat] == Occupant::Human || stopped {
            return None;
        }
        match &mut self.computer.thinking {
            None => {
                let player = self.computer.players[seat].take()?;
                let view = self.game.view(Viewer::Side(self.side_of(seat)));
                // A fresh seed a turn from the operating system: an engine seat's seed (drawn
                // from it) tells nothing of another seat's.
                let seed = crate::engine::rng::os_seed();
                let thinker = Thinker::start(player, view, self.game.rules().clone(), seed);
                self.computer.thinking = Some((seat, thinker));
            }
            Some((s, thinker)) => {
                let s = *s;
                if let Some(answer) = thinker.poll() {
                    let (_, thinker) = self.computer.thinking.take().expect("thinking");
                    let mut player = thinker.into_player();
                    if answer.is_none() && self.computer.seats[s] == Occupant::Engine {
                        self.computer.players[s] = player;
                        self.engine_stopped(s);
                        return Some(0.0);
                    }
                    if let Some(turn) = answer {
                        match self.game.play(turn) {
                            Ok(_) => {
                                self.after_turn();
                                if let crate::engine::Turn::Flip(n) = turn {
                                    self.modes.flipping = Some((n, FLIP_SECONDS));
                                }
                            }
                            Err(why) => {
                                // Only a flag rule in hidden mode refuses a candidate: the
                                // player learns it and thinks again.
                                if let Some(p) = player.as_mut() {
                                    p.refused_for(turn, &why);
                                }
                            }
                        }
                    }
                    self.computer.players[s] = player;
                }
            }
        }
        Some(if self.computer.thinking.is_some() {
            0.04
        } else {
            0.0
        })
    }

    /// The engine of seat `k` gave no turn: it resigned or failed (its `EngineNews` says which).
    ///
    /// A failure loses the game for the engine, as at the table (docs/engine-protocol.md, "What
    /// loses a game") and as a desktop game treats an opponent that is gone: its side resigns
    /// (four players: it goes out and the game goes on), the reason goes into the record's
    /// `forfeit` entry, and the window shows which engine stopped and why. In a flip game before
    /// the colours are decided there is no colour to resign: the game waits with the reason in
    /// the status line, and undo or a new game go on from there. No engine is asked again after
    /// it stopped, so nothing loops.
    fn engine_stopped(&mut self, k: usize) {
        let Some(stop) = self.computer.engine_stop(k) else {
            return;
        };
        let side = if self.mode().deals_face_down() {
            self.game.player_colour(k as u8 + 1)
        } else {
            Some(self.game.board().seats[k])
        };
        let failure = match stop {
            EngineStop::Resigned => match side {
                // A resignation, as any player's.
                Some(s) if self.game.act(Action::Resign(s)).is_ok() => {
                    self.redo.clear();
                    self.after_change();
                    return;
                }
                // No colour to resign yet: it stops the game as a failure does.
                _ => crate::table::SeatFailure::Reported("resigned".into()),
            },
            EngineStop::Failed(why) => why,
        };
        // An engine that never played a turn (its handshake or its first answer failed) has
        // not played this game: the game is abandoned with no result rather than won.
        let abandoned = !self.seat_has_played(k);
        let command = self.computer.engine_command().unwrap_or("").to_string();
        let mut trouble = EngineTrouble {
            name: computer::command_name(&command),
            who: side.ok_or(k as u8 + 1),
            failure,
            resigned: false,
            abandoned,
            command,
            id_name: self.computer.engine_id_name(k),
        };
        // The record says it in the program's words too (a record is shown and passed on):
        // what the engine wrote itself goes to the engine log only.
        let mut text = format!(
            "{} ({}): {}",
            trouble.chair(),
            trouble.name.as_deref().unwrap_or("engine"),
            trouble.failure.in_lang(crate::i18n::Lang::En)
        );
        // Four players: a second engine may fail later in the game; both are kept.
        if let Some(before) = super::records::info_value(self.game.record(), InfoKey::Forfeit) {
            text = format!("{before}; {text}");
        }
        self.game.set_info(InfoKey::Forfeit, &text);
        if abandoned {
            self.game.set_info(InfoKey::Abandoned, "engine");
        }
        trouble.resigned =
            !abandoned && side.is_some_and(|s| self.game.act(Action::Resign(s)).is_ok());
        if trouble.resigned {
            self.redo.clear();
            self.after_change();
        }
        self.engine_trouble = Some((trouble, true));
    }

    /// Whether seat `k` played a turn of this game (a turn lost to the move clock is none).
    fn seat_has_played(&self, k: usize) -> bool {
        let flip = self.mode().deals_face_down();
        let side = self.game.board().seats.get(k).copied();
        (0..self.game.plies().len())
            .filter(|&i| self.game.plies()[i].turn.is_some())
            .any(|i| match self.game.position_at(i).mover() {
                Mover::Player(p) => flip && usize::from(p) == k + 1,
                Mover::Side(s) if flip => self.game.player_colour(k as u8 + 1) == Some(s),
                Mover::Side(s) => Some(s) == side,
            })
    }

    /// Tell every computer player the public report of each new ply, with its own view after it.
    fn observe_new_plies(&mut self) {
        let plies = self.game.plies().len();
        if self.computer.observed > plies {
            self.computer.reset();
        }
        while self.computer.observed < plies {
            let i = self.computer.observed;
            if let Some(report) = self.game.plies()[i].report.clone() {
                let after = self.game.position_at(i + 1);
                for k in 0..self.computer.seats.len() {
                    let side = self.side_of(k);
                    if let Some(p) = self.computer.players[k].as_mut() {
                        p.observe(&report, &after.view(self.game.rules(), Viewer::Side(side)));
                    }
                }
            }
            self.computer.observed += 1;
        }
    }
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
