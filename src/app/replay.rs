//! The replay viewer: step through a game turn by turn (buttons, ←/→, a slider, a clickable move
//! list), play it at a chosen speed, from Red's, Blue's or the referee's point of view, and continue
//! a new game from any turn. It shows the view of `game.position_at(n)` through a `Sight` from the
//! gate (`engine::disclosure`): what the chosen viewer knew at that turn.
//!
//! The program cannot know who looks at the screen, so while a hidden game is unfinished no
//! viewpoint is free, with two exceptions: the replay of the game in play opened from behind its
//! lifted curtain (the player who lifted it), and the one person of a game whose every other seat is
//! the computer (nobody is hidden from). Any other viewpoint, of a file, a copy or an autosave,
//! needs a confirmation, and the gate's note goes into that very file (written before anything is
//! shown) and into the game in play when it is the same game. A game continued from here carries
//! what its players saw beyond this turn: it is written into the new game's record, and it counts
//! as a takeback (refused where takebacks against the computer are off).

use super::board::{self, BoardWidget};
use super::command::Command;
pub use super::command::ReplayCmd;
use super::dialog::Question;
use super::problem::{Problem, Warning};
use super::saves;
use super::session::Session;
use super::settings::BoardOptions;
use crate::engine::game::Ply;
use crate::engine::{Disclosure, Game, GameRecord, Grant, InfoKey, Seat, Sight, Turn, Viewer};
use crate::i18n::{self, Lang, fill};
use std::path::PathBuf;

/// Replay speeds, in turns per second.
pub const SPEEDS: [f32; 5] = [0.5, 1.0, 2.0, 4.0, 8.0];

pub struct Replay {
    pub game: Game,
    /// Turns shown (0 = the start).
    pub ply: usize,
    /// The viewpoint shown, granted by the gate.
    sight: Sight,
    /// The player the replay is for (whose own viewpoint is free), if known.
    pub owner: Option<Seat>,
    /// No viewpoint is open yet (an unfinished hidden game whose owner is unknown): the board and
    /// the move list stay covered until one is confirmed.
    pub covered: bool,
    pub playing: bool,
    /// Turns per second while playing.
    pub speed: f32,
    /// egui time of the last automatic step.
    last_step: Option<f64>,
    /// Where the game came from (a file name, or "current game").
    pub source: String,
    /// Whether this is the game in play (so a referee view is recorded in it too).
    pub is_current: bool,
    /// A viewpoint asked for that waits for the confirmation.
    pub confirm: Option<Disclosure>,
    /// The file the game was read from: a confirmed viewpoint is noted in it.
    pub path: Option<PathBuf>,
    /// "Continue from here" at this turn waits for a confirmation: the new game carries knowledge
    /// from beyond it (`true`: every piece was seen).
    pub confirm_continue: Option<(usize, bool)>,
    /// The game's review (复盘分析) and the belief map.
    pub review: super::review::Review,
}

/// What the window knows that a replay command may need: whether takebacks against the computer
/// are allowed (View menu), and whether this game is known to have gone on past its last turn
/// (the game in play or a saved game with the same id and more turns: this is a copy).
#[derive(Clone, Copy, Debug, Default)]
pub struct ReplayContext {
    pub takebacks_vs_computer: bool,
    pub went_on: bool,
}

impl Replay {
    /// The replay of `game` for `owner` (the player looking, or the side that saved the file).
    pub fn new(game: Game, source: String, is_current: bool, owner: Option<Seat>) -> Replay {
        // The board's first seat (Red, or South in a four-player game).
        let first = game.board().seats[0];
        let owner = owner.filter(|s| game.board().seats.contains(s));
        let (sight, covered) = match owner {
            Some(s) => (game.own_sight(s), false),
            None => match game.free_sight(Viewer::Side(first), None) {
                Some(s) => (s, false),
                // A placeholder never drawn while covered.
                None => (game.own_sight(first), true),
            },
        };
        Replay {
            review: super::review::Review::new(&game),
            covered,
            ply: game.plies().len(),
            game,
            sight,
            owner,
            playing: false,
            speed: 1.0,
            last_step: None,
            source,
            is_current,
            confirm: None,
            path: None,
            confirm_continue: None,
        }
    }

    /// The replay of a file, whose record takes the notes of confirmed viewpoints.
    pub fn with_path(mut self, path: Option<PathBuf>) -> Replay {
        self.path = path;
        self
    }

    /// What a game continued from turn `n` carries beyond what its players knew at that turn:
    /// `None` for nothing (an open game, or the last turn of an unfinished game that went no
    /// further), else whether every piece was seen (a finished game shows all; the referee view or
    /// another side's viewpoint in its record).
    pub fn carried(&self, n: usize, went_on: bool) -> Option<bool> {
        if self.game.rules().mode.shows_everything() {
            return None;
        }
        if self.game.status().is_over() {
            return Some(true);
        }
        (n < self.last() || went_on).then(|| self.game.record().referee_view_used())
    }

    /// The viewpoint shown.
    pub fn viewer(&self) -> Viewer {
        self.sight.viewer()
    }

    pub fn last(&self) -> usize {
        self.game.plies().len()
    }

    pub fn jump(&mut self, n: usize) {
        self.ply = n.min(self.last());
        self.last_step = None;
    }

    pub fn step(&mut self, forward: bool) {
        let n = if forward {
            self.ply + 1
        } else {
            self.ply.saturating_sub(1)
        };
        self.jump(n);
    }

    /// Before each frame, at egui time `now`: while playing, one turn every 1/speed seconds,
    /// stopping at the last. Returns in how many seconds the next turn is due (the window
    /// repaints then), or `None` when not playing.
    pub fn tick(&mut self, now: f64) -> Option<f64> {
        let side = super::review::belief_side(&self.game, self.viewer());
        let reviewing = self
            .review
            .tick(&mut self.game, self.path.as_deref(), self.ply, side);
        let playing = self.tick_play(now);
        match (reviewing, playing) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The automatic steps of `tick`.
    fn tick_play(&mut self, now: f64) -> Option<f64> {
        if !self.playing {
            return None;
        }
        let every = 1.0 / f64::from(self.speed.max(0.1));
        match self.last_step {
            Some(t) if now - t >= every => {
                self.ply = (self.ply + 1).min(self.last());
                self.last_step = Some(now);
            }
            None => self.last_step = Some(now),
            _ => {}
        }
        if self.ply >= self.last() {
            self.playing = false;
            self.last_step = None;
            return None;
        }
        let wait = every - (now - self.last_step.unwrap_or(now));
        Some(wait.max(0.01))
    }

    /// Ask for a viewpoint through the gate: a free one is shown at once, another waits for the
    /// confirmation.
    pub fn choose_viewer(&mut self, v: Viewer) {
        if v == self.viewer() && !self.covered {
            return;
        }
        match self.game.free_sight(v, self.owner) {
            Some(s) => self.sight = s,
            None => {
                self.confirm = Some(match v {
                    Viewer::Referee => Disclosure::RefereeView,
                    Viewer::Side(s) => Disclosure::SideView(s),
                })
            }
        }
    }

    /// The confirmed viewpoint: granted by the gate and noted in this game's record.
    pub fn confirmed(&mut self, what: Disclosure) {
        self.confirm = None;
        if let Ok(Grant::Sight(s)) = self.game.disclose(what, self.owner, true) {
            self.sight = s;
            self.covered = false;
        }
    }

    /// The position shown, as the chosen viewer saw it.
    pub fn shown_view(&self) -> crate::engine::View {
        self.game.sight_view(self.sight, self.ply)
    }
}

/// The move-list line of a ply as `viewer` may read it: in a hidden game in progress the ranks in a
/// clash are not shown to a player (only the squares and the public outcome).
fn ply_text(game: &Game, ply: &Ply, viewer: Viewer, lang: Lang) -> String {
    let secret = game.rules().mode.hides_identities()
        && viewer != Viewer::Referee
        && !game.status().is_over();
    match (ply.turn, secret) {
        (Some(Turn::Move { from, to }), true) => {
            let b = game.board();
            let outcome = ply
                .report
                .as_ref()
                .and_then(|r| r.clash)
                .map(|o| match lang {
                    Lang::Zh => o.zh(),
                    Lang::En => o.en(),
                });
            match outcome {
                Some(o) => format!("{}-{} {o}", b.name(from), b.name(to)),
                None => format!("{}-{}", b.name(from), b.name(to)),
            }
        }
        _ => super::words::move_text(game, ply, lang),
    }
}

/// The record of a new game continuing from the position after `n` turns: the old record cut
/// there, so the new game keeps the history, what each side learned and (flip mode) who plays which
/// colour. Turns past `n` are dropped, and so are tags unless nothing is dropped.
pub fn record_until(game: &Game, n: usize) -> Result<Game, Problem> {
    let full = game.record();
    let mut probe = Game::new(full.rules.clone(), full.start.clone())?;
    let mut keep = 0;
    if n >= game.plies().len() {
        keep = full.actions.len();
    } else {
        for a in &full.actions {
            if probe.plies().len() == n {
                break;
            }
            probe.act(a.clone())?;
            keep += 1;
        }
    }
    let mut record = GameRecord {
        actions: full.actions[..keep].to_vec(),
        ..full.clone()
    };
    if keep < full.actions.len() {
        record.tags.clear();
    }
    let source = super::records::info_value(full, InfoKey::Id)
        .unwrap_or("?")
        .to_string();
    let dropped = [
        InfoKey::Id,
        InfoKey::Started,
        InfoKey::Redo,
        InfoKey::SavedBy,
        InfoKey::ContinuedFrom,
    ];
    record
        .info
        .retain(|(k, _)| !dropped.iter().any(|d| k == d.as_str()));
    record.info.push((
        InfoKey::ContinuedFrom.as_str().into(),
        format!("{source} turn {n}"),
    ));
    Game::from_record(record).map_err(|error| Problem::Record {
        path: PathBuf::new(),
        error,
    })
}

/// Where a replay command leads; the window switches screens.
pub enum ReplayOutcome {
    /// The replay stays on screen.
    Stay,
    /// Back to the game in play (parked behind the replay), or the first screen if there is none.
    BackToGame,
    /// The first screen.
    Home,
    /// A new game continued from a turn of the replay.
    Continue(Box<Session>),
    /// Refused or failed: the warning to show (nothing changed).
    Warn(Warning),
}

/// Whether two games are the same game (the same `id` in their records).
pub fn same_game(a: &Game, b: &Game) -> bool {
    let id = |g: &Game| super::records::info_value(g.record(), InfoKey::Id).map(str::to_string);
    id(a).is_some() && id(a) == id(b)
}

/// Whether a record has a computer seat.
fn against_computer(game: &Game) -> bool {
    let info = super::records::info_value(game.record(), InfoKey::Computer);
    super::computer::seats_from_info(info, game.board().seats.len())
        .iter()
        .any(|s| *s != super::settings::Occupant::Human)
}

impl Replay {
    /// Carry out a replay command; `in_play` is the game in play (parked behind the replay).
    pub fn apply(
        &mut self,
        cmd: ReplayCmd,
        in_play: Option<&mut Session>,
        ctx: ReplayContext,
    ) -> ReplayOutcome {
        match cmd {
            ReplayCmd::Jump(n) => {
                self.jump(n);
                ReplayOutcome::Stay
            }
            ReplayCmd::Step(forward) => {
                self.step(forward);
                ReplayOutcome::Stay
            }
            ReplayCmd::TogglePlay => {
                self.playing = !self.playing && self.ply < self.last();
                self.last_step = None;
                ReplayOutcome::Stay
            }
            ReplayCmd::Speed(s) => {
                if SPEEDS.contains(&s) {
                    self.speed = s;
                }
                ReplayOutcome::Stay
            }
            ReplayCmd::ChooseViewer(v) => {
                self.choose_viewer(v);
                ReplayOutcome::Stay
            }
            ReplayCmd::CancelViewpoint => {
                self.confirm = None;
                ReplayOutcome::Stay
            }
            ReplayCmd::Confirmed(what) => {
                self.confirm = None;
                // The note goes into the file first: nothing is shown that is not written down.
                let mut noted = self.game.clone();
                let Ok(Grant::Sight(s)) = noted.disclose(what, self.owner, true) else {
                    return ReplayOutcome::Stay;
                };
                if let Some(path) = &self.path
                    && noted.record().disclosures != self.game.record().disclosures
                    && let Err(e) = crate::fsutil::atomic_write(path, noted.to_ron().as_bytes())
                {
                    return ReplayOutcome::Warn(Warning::new(i18n::VIEWPOINT_NOT_NOTED, e));
                }
                if let Some(p) = in_play
                    && (self.is_current || same_game(p.game(), &self.game))
                {
                    // The game in play keeps the note too.
                    p.note_disclosure(what, self.owner);
                }
                self.game = noted;
                self.sight = s;
                self.covered = false;
                ReplayOutcome::Stay
            }
            ReplayCmd::Close if self.is_current && in_play.is_some() => ReplayOutcome::BackToGame,
            ReplayCmd::Close => ReplayOutcome::Home,
            ReplayCmd::ContinueFrom(n) => {
                let n = n.min(self.last());
                if self.is_current
                    && n == self.last()
                    && in_play.is_some_and(|p| p.game().plies().len() == n)
                {
                    // The end of the game in play: just go back to it.
                    return ReplayOutcome::BackToGame;
                }
                match self.carried(n, ctx.went_on) {
                    None => self.continue_from(n, None),
                    Some(_) if against_computer(&self.game) && !ctx.takebacks_vs_computer => {
                        ReplayOutcome::Warn(Warning::plain(i18n::CONTINUE_IS_TAKEBACK))
                    }
                    Some(all) => {
                        self.confirm_continue = Some((n, all));
                        ReplayOutcome::Stay
                    }
                }
            }
            ReplayCmd::ContinueConfirmed(n) => match self.confirm_continue.take() {
                Some((k, all)) if k == n => self.continue_from(n, Some(all)),
                _ => ReplayOutcome::Stay,
            },
            ReplayCmd::CancelContinue => {
                self.confirm_continue = None;
                ReplayOutcome::Stay
            }
            ReplayCmd::Review(c) => {
                self.review.apply(c, &self.game);
                ReplayOutcome::Stay
            }
        }
    }

    /// A new game from the position after `n` turns; `carried` (every piece seen, or not) is
    /// written into its record through the gate.
    fn continue_from(&mut self, n: usize, carried: Option<bool>) -> ReplayOutcome {
        match record_until(&self.game, n) {
            Ok(mut game) => {
                game.set_info(InfoKey::Seat, "hotseat");
                if let Some(all_seen) = carried {
                    let _ = game.disclose(Disclosure::Continued { all_seen }, None, true);
                }
                ReplayOutcome::Continue(Box::new(Session::new(game)))
            }
            Err(e) => ReplayOutcome::Warn(Warning::new(i18n::START_FAILED, e)),
        }
    }
}

/// The replay screen. Drawing changes nothing: every button, key and click is a `ReplayCmd`.
pub fn ui(
    ui: &mut egui::Ui,
    r: &Replay,
    lang: Lang,
    opts: &BoardOptions,
    bottom: Seat,
    panel: &mut super::panel::PanelState,
    out: &mut Vec<Command>,
) {
    let mut asked = Vec::new();
    keys(ui, &mut asked);
    egui::Panel::top("replay-title").show(ui, |ui| title_bar(ui, r, lang));
    let mut save_as = false;
    egui::Panel::bottom("replay-controls").show(ui, |ui| {
        ui.add_space(4.0);
        if !r.covered {
            review_controls(ui, r, lang, &mut asked);
        }
        step_buttons(ui, r, lang, &mut asked);
        turn_slider(ui, r, lang, &mut asked);
        save_as = viewpoint_row(ui, r, lang, &mut asked);
        ui.add_space(4.0);
    });
    let moves = panel.right_panel(ui, super::panel::Centre::board(r.game.board()));
    if let Some(moves) = moves {
        moves.show(ui, "replay-moves", |ui| {
            moves_panel(ui, r, lang, &mut asked)
        });
    }
    egui::CentralPanel::default().show(ui, |ui| board_area(ui, r, lang, opts, bottom));
    if let Some((n, all)) = r.confirm_continue {
        confirm_continue(ui.ctx(), n, all, lang, &mut asked);
    }
    if let Some(what) = r.confirm {
        confirm_viewpoint(ui.ctx(), what, lang, &mut asked);
    }
    out.extend(asked.into_iter().map(Command::Replay));
    if save_as {
        out.push(Command::Saves(saves::SaveCmd::SaveAs));
    }
}

/// The replay's keys: ← and → step (Ctrl+Z and Ctrl+Y too, as in the game).
fn keys(ui: &egui::Ui, asked: &mut Vec<ReplayCmd>) {
    ui.ctx().input_mut(|i| {
        use egui::{Key, KeyboardShortcut, Modifiers};
        if i.consume_key(Modifiers::NONE, Key::ArrowLeft)
            || i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Z))
        {
            asked.push(ReplayCmd::Step(false));
        }
        if i.consume_key(Modifiers::NONE, Key::ArrowRight)
            || i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Y))
        {
            asked.push(ReplayCmd::Step(true));
        }
    });
}

/// The title line: which game, its mode and result, and the notes its record carries (the
/// referee's view used, takebacks, continued from another game).
fn title_bar(ui: &mut egui::Ui, r: &Replay, lang: Lang) {
    ui.horizontal_wrapped(|ui| {
        ui.heading(fill(lang.t(&i18n::REPLAY_OF), &[("name", &r.source)]));
        ui.label(saves::mode_text(r.game.rules().mode, lang));
        if let Some(t) = super::words::status_text(r.game.status(), lang) {
            ui.label(egui::RichText::new(t).strong());
        }
        if r.game.record().referee_view_used() {
            ui.weak(lang.t(&i18n::REPLAY_REFEREE_USED));
        }
        if let Some(t) = super::words::takebacks_text(&r.game, lang) {
            ui.weak(t);
        }
        if let Some(t) = super::words::continued_text(&r.game, lang) {
            ui.weak(t);
        }
    });
}

/// The review's buttons and its graph of the game (a click on the graph jumps to that turn),
/// unless the graph is folded (by itself in a small window, or by hand).
fn review_controls(ui: &mut egui::Ui, r: &Replay, lang: Lang, asked: &mut Vec<ReplayCmd>) {
    let mut reviewing = Vec::new();
    super::review::controls(ui, &r.review, &r.game, lang, &mut reviewing);
    asked.extend(reviewing.into_iter().map(ReplayCmd::Review));
    if !r.review.graph.shown(ui.ctx().content_rect().height()) {
        return;
    }
    if let Some(n) = super::review_graph::graph(ui, &r.review, &r.game, r.ply, lang) {
        asked.push(ReplayCmd::Jump(n));
    }
}

/// To the start, a step back, play or pause, a step forward, to the end, and the speed.
fn step_buttons(ui: &mut egui::Ui, r: &Replay, lang: Lang, asked: &mut Vec<ReplayCmd>) {
    let last = r.last();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(r.ply > 0, egui::Button::new(lang.t(&i18n::TO_START)))
            .clicked()
        {
            asked.push(ReplayCmd::Jump(0));
        }
        if ui
            .add_enabled(r.ply > 0, egui::Button::new(lang.t(&i18n::STEP_BACK)))
            .on_hover_text("←")
            .clicked()
        {
            asked.push(ReplayCmd::Step(false));
        }
        let play_text = if r.playing {
            lang.t(&i18n::PAUSE)
        } else {
            lang.t(&i18n::PLAY)
        };
        if ui
            .add_enabled(r.playing || r.ply < last, egui::Button::new(play_text))
            .clicked()
        {
            asked.push(ReplayCmd::TogglePlay);
        }
        if ui
            .add_enabled(r.ply < last, egui::Button::new(lang.t(&i18n::STEP_FORWARD)))
            .on_hover_text("→")
            .clicked()
        {
            asked.push(ReplayCmd::Step(true));
        }
        if ui
            .add_enabled(r.ply < last, egui::Button::new(lang.t(&i18n::TO_END)))
            .clicked()
        {
            asked.push(ReplayCmd::Jump(last));
        }
        ui.separator();
        egui::ComboBox::from_label(lang.t(&i18n::SPEED_NAME))
            .selected_text(fill(lang.t(&i18n::SPEED), &[("n", &r.speed.to_string())]))
            .show_ui(ui, |ui| {
                for s in SPEEDS {
                    let text = fill(lang.t(&i18n::SPEED), &[("n", &s.to_string())]);
                    if ui.selectable_label(r.speed == s, text).clicked() {
                        asked.push(ReplayCmd::Speed(s));
                    }
                }
            });
    });
}

/// The slider over the turns and "turn n of max".
fn turn_slider(ui: &mut egui::Ui, r: &Replay, lang: Lang, asked: &mut Vec<ReplayCmd>) {
    let last = r.last();
    ui.horizontal(|ui| {
        let mut n = r.ply;
        let name = ui.label(lang.t(&i18n::TURN_SLIDER)).id;
        ui.spacing_mut().slider_width = (ui.available_width() - 160.0).max(120.0);
        if ui
            .add(egui::Slider::new(&mut n, 0..=last).show_value(false))
            .labelled_by(name)
            .changed()
        {
            asked.push(ReplayCmd::Jump(n));
        }
        ui.label(
            egui::RichText::new(fill(
                lang.t(&i18n::TURN_OF),
                &[("n", &r.ply.to_string()), ("max", &last.to_string())],
            ))
            .strong(),
        );
    });
}

/// The viewpoints (each seat's and the referee's), then "continue from here", "save as" and
/// "close". Returns whether "save as" was clicked.
fn viewpoint_row(ui: &mut egui::Ui, r: &Replay, lang: Lang, asked: &mut Vec<ReplayCmd>) -> bool {
    let last = r.last();
    let mut save_as = false;
    ui.horizontal_wrapped(|ui| {
        ui.label(lang.t(&i18n::VIEWPOINT));
        let seats = r.game.board().seats.iter();
        let viewpoints = seats
            .map(|&s| (Viewer::Side(s), lang.side(s)))
            .chain([(Viewer::Referee, lang.t(&i18n::REFEREE))]);
        for (v, text) in viewpoints {
            if ui
                .selectable_label(!r.covered && r.viewer() == v, text)
                .clicked()
            {
                asked.push(ReplayCmd::ChooseViewer(v));
            }
        }
        ui.separator();
        // From an earlier turn of an unfinished hidden or flip game, or from a finished one,
        // the new game carries what its players saw: a confirmation follows, and the record
        // notes it.
        let over_here = r.game.position_at(r.ply).status(r.game.rules()).is_over()
            || (r.ply == last && r.game.status().is_over());
        if ui
            .add_enabled(!over_here, egui::Button::new(lang.t(&i18n::CONTINUE_HERE)))
            .clicked()
        {
            asked.push(ReplayCmd::ContinueFrom(r.ply));
        }
        if ui.button(lang.t(&i18n::SAVE_AS)).clicked() {
            save_as = true;
        }
        if ui.button(lang.t(&i18n::CLOSE_REPLAY)).clicked() {
            asked.push(ReplayCmd::Close);
        }
    });
    save_as
}

/// The side panel: what the chosen side believed at this turn (once reviewed), then the moves.
fn moves_panel(ui: &mut egui::Ui, r: &Replay, lang: Lang, asked: &mut Vec<ReplayCmd>) {
    let side = super::review::belief_side(&r.game, r.viewer());
    if !r.covered
        && let Some(beliefs) = r.review.beliefs(r.ply, side)
    {
        egui::ScrollArea::vertical()
            .id_salt("replay-beliefs")
            .max_height(ui.available_height() * 0.45)
            .show(ui, |ui| {
                super::review::belief_list(ui, &r.game, r.ply, side, beliefs, lang);
            });
        ui.separator();
    }
    ui.label(egui::RichText::new(lang.t(&i18n::MOVES)).strong());
    egui::ScrollArea::vertical()
        .id_salt("replay-move-list")
        .auto_shrink([false, false])
        .show(ui, |ui| move_list(ui, r, lang, asked));
}

/// The start and every turn, in its mover's colour with the review's mark (a click jumps to it),
/// and how the game ended after the last turn.
fn move_list(ui: &mut egui::Ui, r: &Replay, lang: Lang, asked: &mut Vec<ReplayCmd>) {
    let start = ui.selectable_label(r.ply == 0, lang.t(&i18n::START_POSITION));
    if start.clicked() {
        asked.push(ReplayCmd::Jump(0));
    }
    let mut jump = None;
    for (i, ply) in r.game.plies().iter().enumerate() {
        if r.covered {
            break;
        }
        let colour = ply
            .report
            .as_ref()
            .and_then(|p| p.mover.side())
            .map_or(ui.visuals().text_color(), board::side_colour);
        let mark = r.review.mark(i + 1);
        let text = egui::RichText::new(format!(
            "{:>3}. {}{}",
            i + 1,
            ply_text(&r.game, ply, r.viewer(), lang),
            match mark.symbol() {
                "" => String::new(),
                m => format!(" {m}"),
            }
        ))
        .color(colour);
        let resp = ui.selectable_label(r.ply == i + 1, text);
        let resp = match r
            .review
            .turn(i + 1)
            .and_then(|t| super::review::mark_label(&r.game, t, lang))
        {
            Some(label) => resp.on_hover_text(label),
            None => resp,
        };
        if r.ply == i + 1 && r.playing {
            resp.scroll_to_me(None);
        }
        if resp.clicked() {
            jump = Some(i + 1);
        }
    }
    if let Some(n) = jump {
        asked.push(ReplayCmd::Jump(n));
    }
    // Actions that are not turns (resignation, draws) at the end of the game.
    if let Some(t) = super::words::status_text(r.game.status(), lang)
        && r.ply == r.last()
    {
        ui.weak(t);
    }
}

/// The middle: the turn's line (who moves, or how the game ended, and the review's word on the
/// turn) over the board as the chosen viewer saw it, with the review's beliefs and arrow on it;
/// or, while no viewpoint is open, a cover.
fn board_area(ui: &mut egui::Ui, r: &Replay, lang: Lang, opts: &BoardOptions, bottom: Seat) {
    if r.covered {
        ui.add_space(ui.available_height() * 0.3);
        ui.vertical_centered(|ui| {
            ui.heading(lang.t(&i18n::REPLAY_COVERED));
        });
        return;
    }
    let last = r.last();
    let pos = r.game.position_at(r.ply);
    let view = r.shown_view();
    let last_move = super::board::last_mark(&r.game, r.ply);
    turn_line(ui, r, lang);
    let input = BoardWidget {
        view: &view,
        opts,
        lang,
        bottom,
        selected: None,
        destinations: &[],
        last_move,
        earlier: super::board::earlier_marks(&r.game, r.ply),
        flash: None,
        interactive: false,
        finished: pos.status(r.game.rules()).is_over()
            || (r.ply == last && r.game.status().is_over()),
    }
    .show(ui);
    if let Some(beliefs) = r
        .review
        .beliefs(r.ply, super::review::belief_side(&r.game, r.viewer()))
    {
        super::review::belief_overlay(ui, &input, beliefs, lang);
    }
    super::review::arrow(ui, &input, &r.review, &r.game, r.ply, lang);
}

/// The line over the board: who is to move (at the end of a finished game, how it ended), and
/// the review's word on the turn shown.
fn turn_line(ui: &mut egui::Ui, r: &Replay, lang: Lang) {
    let pos = r.game.position_at(r.ply);
    ui.horizontal(|ui| {
        // At the end of a finished game: how it ended, not who would move.
        let ended = (r.ply == r.last())
            .then(|| super::words::status_text(r.game.status(), lang))
            .flatten();
        match (ended, pos.side_to_move()) {
            (Some(t), _) => ui.label(egui::RichText::new(t).strong()),
            (None, Some(s)) => {
                ui.label(fill(lang.t(&i18n::HINT_REPLAY), &[("side", lang.side(s))]))
            }
            (None, None) => ui.label(""),
        };
        super::review::turn_header(ui, &r.review, &r.game, r.ply, lang);
    });
}

/// The question before continuing from turn `n`: the new game carries what its players saw
/// (`all`: everything, else only what came later).
fn confirm_continue(
    ctx: &egui::Context,
    n: usize,
    all: bool,
    lang: Lang,
    asked: &mut Vec<ReplayCmd>,
) {
    let title = fill(
        lang.t(&i18n::CONTINUE_CONFIRM_TITLE),
        &[("n", &n.to_string())],
    );
    let question = Question {
        id: "confirm-continue",
        width: 440.0,
        title: Some(&title),
        text: lang.t(if all {
            &i18n::CONTINUE_CONFIRM_ALL
        } else {
            &i18n::CONTINUE_CONFIRM_LATER
        }),
        text_size: None,
        yes: lang.t(&i18n::CONTINUE_CONFIRM_YES),
        no: lang.t(&i18n::CANCEL),
    };
    match question.show(ctx) {
        Some(true) => asked.push(ReplayCmd::ContinueConfirmed(n)),
        Some(false) => asked.push(ReplayCmd::CancelContinue),
        None => {}
    }
}

/// The question before showing a viewpoint the gate asks to confirm (a seat's, or the referee's).
fn confirm_viewpoint(
    ctx: &egui::Context,
    what: Disclosure,
    lang: Lang,
    asked: &mut Vec<ReplayCmd>,
) {
    let (title, text, yes) = match what {
        Disclosure::SideView(s) => {
            let side = [("side", lang.side(s))];
            (
                fill(lang.t(&i18n::SIDE_VIEW_CONFIRM_TITLE), &side),
                // Four players: two opponents (and, under team view, a partner who sees them).
                fill(
                    lang.t(if s.partner().is_some() {
                        &i18n::SIDE_VIEW_CONFIRM_TEXT_FOUR
                    } else {
                        &i18n::SIDE_VIEW_CONFIRM_TEXT
                    }),
                    &side,
                ),
                fill(lang.t(&i18n::SIDE_VIEW_SHOW), &side),
            )
        }
        _ => (
            lang.t(&i18n::REFEREE_CONFIRM_TITLE).to_string(),
            lang.t(&i18n::REFEREE_CONFIRM_TEXT).to_string(),
            lang.t(&i18n::REFEREE_SHOW).to_string(),
        ),
    };
    let question = Question {
        id: "confirm-viewpoint",
        width: 420.0,
        title: Some(&title),
        text: &text,
        text_size: None,
        yes: &yes,
        no: lang.t(&i18n::CANCEL),
    };
    match question.show(ctx) {
        Some(true) => asked.push(ReplayCmd::Confirmed(what)),
        Some(false) => asked.push(ReplayCmd::CancelViewpoint),
        None => {}
    }
}
