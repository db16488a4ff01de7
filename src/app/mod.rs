//! The desktop window (eframe/egui 0.37): first screen, new-game dialog and open play on one screen.
//! The UI returns `Command`s and `JunqiApp::run_command` carries them out after the UI pass.

pub mod board;
pub mod computer;
pub mod fonts;
pub mod formations;
pub mod i18n;
pub mod modes;
pub mod newgame;
pub mod referee;
pub mod replay;
pub mod rules_help;
pub mod saves;
pub mod settings;

use crate::engine::game::Ply;
use crate::engine::rules::TIMEOUTS_TO_LOSE;
use crate::engine::{Action, Game, NodeId, Seen, Side, Status, Turn, Viewer};
use board::BoardWidget;
use i18n::{Lang, fill};
use newgame::{NewGame, NewGameSpec};
use settings::Settings;
use std::path::PathBuf;

/// How long a clash stays on screen (seconds); it never blocks input.
const FLASH_SECONDS: f32 = 1.6;

/// Open the window and run until it is closed.
/// Open the window; `file` (named on the command line) is opened in it: a formation in the
/// editor, anything else as a game record in the replay viewer (a warning if it is not one).
pub fn run(file: Option<PathBuf>) -> Result<(), String> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("军棋 Junqi")
            .with_inner_size([1120.0, 780.0])
            .with_min_inner_size([480.0, 400.0])
            .with_app_id(APP_ID)
            .with_icon(icon()),
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native(
        "junqi",
        options,
        Box::new(move |cc| {
            let mut app = JunqiApp::new(cc, None);
            if let Some(path) = &file {
                app.open_file(path);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| e.to_string())
}

/// The application id: the Wayland app id and X11 WM_CLASS, matching `assets/junqi.desktop`.
pub const APP_ID: &str = "junqi";

/// The window icon, embedded in the binary (`assets/icons/junqi.png`, drawn by
/// `assets/icons/make-icon.sh`).
pub fn icon() -> egui::IconData {
    eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icons/junqi.png"))
        .expect("the embedded icon is a valid PNG")
}

/// Which screen is showing.
pub enum Screen {
    Home,
    NewGame(NewGame),
    Play,
    Editor(Box<formations::EditorScreen>),
    Replay(Box<replay::Replay>),
    /// The referee for games on a physical board.
    Referee(Box<referee::Referee>),
}

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
    Node(NodeId),
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
    Timeout,
    ToggleFullscreen,
    DismissWarning,
    /// The formation editor on its own (from the first screen).
    OpenEditor,
    /// Edit a side's formation for the new-game dialog.
    EditFormation(Side),
    Saves(saves::SaveCmd),
    Replay(replay::ReplayCmd),
    /// Hidden mode: the next player lifts the hand-over curtain.
    LiftCurtain,
    /// Ask for the referee view (a confirmation follows).
    AskRefereeView,
    /// Switch the referee view on (confirmed) or off (cancelled).
    RefereeView(bool),
    /// Switch the hand-over curtain off during a hidden game between people (confirmed), or keep
    /// it (cancelled).
    CurtainOff(bool),
    /// The other player's answer to a takeback.
    AnswerTakeback(bool),
    /// Open the tag menu on an enemy piece at a screen position.
    TagMenu(NodeId, egui::Pos2),
    CloseTagMenu,
    /// Write (or clear) the player's tag on an enemy piece.
    SetTag(NodeId, Option<String>),
    /// The referee for games on a physical board (from the first screen).
    OpenReferee,
}

/// A line of the status bar, kept as data so a language switch rewrites it.
#[derive(Clone, Debug)]
pub enum Message {
    Illegal(crate::engine::IllegalTurn),
    Error(String),
    Note(i18n::Text),
}

/// A game on screen.
pub struct Play {
    pub game: Game,
    pub redo: Vec<Action>,
    pub selected: Option<NodeId>,
    pub message: Option<Message>,
    pub flash: Option<board::Flash>,
    /// When the side to move started its turn (egui time), for the move clock.
    turn_started: Option<f64>,
    /// Number of plies when `turn_started` was set.
    clock_ply: usize,
    /// Hidden and flip play: curtain, referee view, tags, flips.
    pub modes: modes::ModeState,
    /// The seats the computer plays, and its thinking.
    pub computer: computer::Seats,
    /// "Resign?" is asked.
    pub confirm_resign: bool,
}

pub struct JunqiApp {
    pub settings: Settings,
    saved: Settings,
    dir: Option<PathBuf>,
    /// Where formations (and games) are kept.
    data_dir: Option<PathBuf>,
    pub warning: Option<(i18n::Text, String)>,
    pub screen: Screen,
    pub play: Option<Play>,
    show_panel: bool,
    pub saves: saves::Saves,
    /// The rules window (规则) is open.
    pub rules_help: bool,
}

impl JunqiApp {
    /// The app, with its settings read from `settings_dir` and its saved games kept in
    /// `settings_dir/games` (tests pass a temporary directory), or else in the platform's user config
    /// and data directories.
    pub fn new(cc: &eframe::CreationContext<'_>, settings_dir: Option<PathBuf>) -> JunqiApp {
        fonts::install(&cc.egui_ctx);
        cc.egui_ctx.set_theme(egui::Theme::Light);
        // Tests pass one folder for everything; otherwise settings go to the platform's config
        // folder and formations and games to its data folder.
        let data_dir = settings_dir.clone().or_else(|| {
            directories::ProjectDirs::from("", "", "junqi").map(|d| d.data_dir().to_path_buf())
        });
        let (dir, games_dir, picker) = match settings_dir {
            Some(d) => (
                Some(d.clone()),
                Some(d.join("games")),
                saves::Picker::Unavailable,
            ),
            None => (
                settings::default_dir(),
                saves::default_dir(),
                saves::Picker::Native,
            ),
        };
        // Temporary files a killed run left in the folders written atomically.
        for d in [dir.clone(), games_dir.clone()]
            .into_iter()
            .chain([data_dir.as_deref().map(formations::library_dir)])
            .flatten()
        {
            crate::fsutil::remove_stale_temp_files(&d);
        }
        let (saves, saves_warning) = saves::Saves::open(games_dir, picker);
        let (settings, warning) = match &dir {
            Some(d) => settings::load(d),
            None => (Settings::default(), None),
        };
        let warning = warning
            .map(|w| (i18n::SETTINGS_WARNING, w))
            .or(saves_warning.map(|w| (i18n::OPEN_FAILED, w)));
        JunqiApp {
            saved: settings.clone(),
            settings,
            dir,
            data_dir,
            warning,
            screen: Screen::Home,
            play: None,
            show_panel: true,
            rules_help: false,
            saves,
        }
    }

    /// Open a file named on the command line: a formation in the editor, else a game record in
    /// the replay viewer (which warns if the file is neither).
    pub fn open_file(&mut self, path: &std::path::Path) {
        let formation = crate::fsutil::read_text(path, crate::editor::files::MAX_FILE_BYTES)
            .ok()
            .and_then(|text| crate::engine::Formation::from_ron(&text).ok());
        match formation {
            Some(f) => {
                let mut es = formations::EditorScreen::new(
                    self.data_dir.as_deref(),
                    self.settings.rules.clone(),
                    self.lang(),
                );
                es.editor = es.editor.with_formation(f);
                self.screen = Screen::Editor(Box::new(es));
            }
            None => self.run_save_command(saves::SaveCmd::Open(path.to_path_buf())),
        }
    }

    fn lang(&self) -> Lang {
        self.settings.lang
    }

    fn new_game_dialog(&self, seeds: (u64, u64)) -> NewGame {
        NewGame::new(&self.settings, seeds)
            .with_library(formations::library(self.data_dir.as_deref()))
    }

    /// The editor finished: back to the new-game dialog (with the formation) or the first screen.
    fn editor_done(&mut self, outcome: crate::editor::EditorOutcome) {
        let Screen::Editor(es) = std::mem::replace(&mut self.screen, Screen::Home) else {
            return;
        };
        let es = *es;
        match (outcome, es.for_game) {
            (crate::editor::EditorOutcome::UseInGame(f), Some((mut ng, side))) => {
                ng.spec.formations[side.index()] = formations::FormationChoice::Edited(f);
                self.screen = Screen::NewGame(ng);
            }
            (crate::editor::EditorOutcome::Close, Some((ng, _))) => {
                self.screen = Screen::NewGame(ng);
            }
            (crate::editor::EditorOutcome::UseInGame(f), None) => {
                let seeds = (self.next_seed(), self.next_seed());
                let mut ng = self.new_game_dialog(seeds);
                // Flip games deal at random: a formation needs open (or hidden) play.
                if ng.spec.rules.mode == crate::engine::Mode::Flip {
                    newgame::pick_mode(&mut ng.spec.rules, crate::engine::Mode::Open);
                }
                ng.spec.formations[0] = formations::FormationChoice::Edited(f);
                self.screen = Screen::NewGame(ng);
            }
            (crate::editor::EditorOutcome::Close, None) => {}
        }
    }

    /// A fresh seed for a random formation: from the operating system, unrelated to any other.
    fn next_seed(&mut self) -> u64 {
        crate::engine::rng::os_seed()
    }

    fn start(&mut self, spec: NewGameSpec) {
        match spec.game() {
            Ok(game) => {
                self.settings.rules = spec.rules.clone();
                self.settings.bottom = spec.bottom;
                self.settings.seats = spec.seats;
                let mut game = game;
                if let Some(text) = computer::seats_to_info(
                    &spec.seats,
                    spec.rules.mode == crate::engine::Mode::Flip,
                ) {
                    game.set_info("computer", &text);
                }
                self.play = Some(Play::new(game));
                self.screen = Screen::Play;
            }
            Err(e) => self.warning = Some((i18n::START_FAILED, e)),
        }
    }

    pub fn run_command(&mut self, ctx: &egui::Context, cmd: Command) {
        match cmd {
            Command::Home => {
                self.saves.refresh();
                self.screen = Screen::Home;
            }
            Command::ContinueGame => {
                if let Some(play) = &mut self.play {
                    // Someone else may be at the screen now: a hidden game's curtain comes down.
                    play.modes.lifted = false;
                    play.selected = None;
                    self.screen = Screen::Play;
                }
            }
            Command::OpenNewGame => {
                let seeds = (self.next_seed(), self.next_seed());
                self.screen = Screen::NewGame(self.new_game_dialog(seeds));
            }
            Command::OpenEditor => {
                let rules = self.settings.rules.clone();
                self.screen = Screen::Editor(Box::new(formations::EditorScreen::new(
                    self.data_dir.as_deref(),
                    rules,
                    self.lang(),
                )));
            }
            Command::EditFormation(side) => {
                if let Screen::NewGame(ng) = std::mem::replace(&mut self.screen, Screen::Home) {
                    let mut es = formations::EditorScreen::new(
                        self.data_dir.as_deref(),
                        ng.spec.rules.clone(),
                        self.lang(),
                    );
                    if let formations::FormationChoice::File(_, f)
                    | formations::FormationChoice::Edited(f) = &ng.spec.formations[side.index()]
                    {
                        es.editor = es.editor.with_formation(f.clone());
                    }
                    if ng.spec.rules.mode == crate::engine::Mode::Hidden {
                        es.curtain = Some(side);
                    }
                    es.for_game = Some((ng, side));
                    self.screen = Screen::Editor(Box::new(es));
                }
            }
            Command::Start(spec) => self.start(spec),
            Command::QuickStart => {
                let seeds = (self.next_seed(), self.next_seed());
                let spec = self.new_game_dialog(seeds).spec();
                self.start(spec);
            }
            Command::ToggleFullscreen => {
                let full = ctx.input(|i| i.viewport().fullscreen.unwrap_or(false));
                ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(!full));
            }
            Command::DismissWarning => self.warning = None,
            Command::Saves(c) => self.run_save_command(c),
            Command::Replay(c) => self.run_replay_command(c),
            Command::OpenReferee => self.open_referee(),
            Command::CurtainOff(false) => {
                // Cancelled: the curtain stays.
                self.settings.modes.curtain = true;
                if let Some(play) = &mut self.play {
                    play.modes.confirm_curtain = false;
                    play.modes.opts.curtain = true;
                }
            }
            cmd => {
                if let (Screen::Play, Some(play)) = (&self.screen, &mut self.play) {
                    play.command(cmd);
                }
            }
        }
    }

    fn save_settings_if_changed(&mut self) {
        if self.settings != self.saved {
            self.saved = self.settings.clone();
            if let Some(dir) = &self.dir
                && let Err(e) = settings::save(dir, &self.settings)
            {
                self.warning = Some((i18n::SETTINGS_SAVE_FAILED, e));
            }
        }
    }

    fn shortcuts(&self, ctx: &egui::Context, out: &mut Vec<Command>) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let sc = |m, k| KeyboardShortcut::new(m, k);
        ctx.input_mut(|i| {
            if i.consume_shortcut(&sc(Modifiers::COMMAND, Key::N)) {
                out.push(Command::OpenNewGame);
            }
            if i.consume_shortcut(&sc(Modifiers::COMMAND, Key::Z)) {
                out.push(Command::Undo);
            }
            if i.consume_shortcut(&sc(Modifiers::COMMAND, Key::Y)) {
                out.push(Command::Redo);
            }
            if i.consume_key(Modifiers::NONE, Key::F11) {
                out.push(Command::ToggleFullscreen);
            }
            if i.consume_key(Modifiers::NONE, Key::Escape) {
                out.push(Command::ClearSelection);
            }
        });
    }

    fn top_bar(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let lang = self.lang();
        egui::Panel::top("top-bar").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!("{} Junqi", i18n::APP_TITLE.zh));
                ui.separator();
                if ui.button(lang.t(&i18n::HOME)).clicked() {
                    out.push(Command::Home);
                }
                if ui
                    .button(lang.t(&i18n::NEW_GAME))
                    .on_hover_text("Ctrl+N")
                    .clicked()
                {
                    out.push(Command::OpenNewGame);
                }
                if ui
                    .button(lang.t(&i18n::RULES))
                    .on_hover_text(lang.t(&i18n::RULES_F1))
                    .clicked()
                {
                    self.rules_help = !self.rules_help;
                }
                ui.separator();
                ui.label(lang.t(&i18n::LANGUAGE));
                ui.selectable_value(&mut self.settings.lang, Lang::Zh, "中文");
                ui.selectable_value(&mut self.settings.lang, Lang::En, "English");
                ui.separator();
                ui.menu_button(lang.t(&i18n::VIEW), |ui| {
                    let o = &mut self.settings.board;
                    ui.checkbox(&mut o.coordinates, lang.t(&i18n::COORDINATES));
                    ui.checkbox(&mut o.english_names, lang.t(&i18n::ENGLISH_NAMES));
                    ui.checkbox(&mut o.rank_numbers, lang.t(&i18n::RANK_NUMBERS));
                    ui.checkbox(&mut self.show_panel, lang.t(&i18n::SHOW_PANEL));
                    ui.checkbox(
                        &mut self.settings.modes.curtain,
                        lang.t(&i18n::CURTAIN_OPTION),
                    );
                    ui.checkbox(
                        &mut self.settings.modes.confirm_flip,
                        lang.t(&i18n::CONFIRM_FLIP_OPTION),
                    );
                    ui.checkbox(
                        &mut self.settings.modes.takebacks_vs_computer,
                        lang.t(&i18n::TAKEBACKS_OPTION),
                    );
                    if ui.button(lang.t(&i18n::FULLSCREEN)).clicked() {
                        out.push(Command::ToggleFullscreen);
                    }
                });
            });
        });
        if ui.input(|i| i.key_pressed(egui::Key::F1)) {
            self.rules_help = !self.rules_help;
        }
        if self.rules_help {
            let (rules, in_game) = match &self.screen {
                Screen::Play => self.play.as_ref().map(|p| (p.game.rules().clone(), true)),
                Screen::Replay(r) => Some((r.game.rules().clone(), true)),
                _ => None,
            }
            .unwrap_or_else(|| (self.settings.rules.clone(), false));
            rules_help::window(ui.ctx(), &mut self.rules_help, lang, &rules, in_game);
        }
        if let Some((text, detail)) = &self.warning {
            let unsaved = self.saves.unsaved_turns(self.play.as_ref()).to_string();
            let w = fill(lang.t(text), &[("e", detail), ("n", &unsaved)]);
            egui::Panel::top("warning").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(egui::Color32::from_rgb(0xb0, 0x50, 0x00), format!("⚠ {w}"));
                    if ui.button(lang.t(&i18n::DISMISS)).clicked() {
                        out.push(Command::DismissWarning);
                    }
                });
            });
        }
    }

    fn home(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let lang = self.lang();
        egui::CentralPanel::default().show(ui, |ui| {
            // Scrolls on small windows, so the recent games stay reachable.
            let top = (ui.available_height() * 0.18).min(160.0);
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    ui.add_space(top);
                    ui.heading(
                        egui::RichText::new(i18n::APP_TITLE.zh)
                            .size(56.0)
                            .color(board::RED),
                    );
                    ui.label(egui::RichText::new(lang.t(&i18n::APP_SUBTITLE)).size(18.0));
                    ui.add_space(28.0);
                    if let Some(play) = self.play.as_ref().filter(|p| !p.game.status().is_over()) {
                        live_game(ui, play, lang, out);
                        ui.add_space(18.0);
                    }
                    let big = |t: &str| {
                        egui::Button::new(egui::RichText::new(t).size(22.0))
                            .min_size(egui::vec2(280.0, 48.0))
                    };
                    if ui.add(big(lang.t(&i18n::NEW_GAME))).clicked() {
                        out.push(Command::OpenNewGame);
                    }
                    ui.add_space(10.0);
                    if ui.add(big(lang.t(&i18n::QUICK_START))).clicked() {
                        out.push(Command::QuickStart);
                    }
                    ui.add_space(10.0);
                    if ui.add(big(lang.t(&i18n::FORMATION_EDITOR))).clicked() {
                        out.push(Command::OpenEditor);
                    }
                    ui.add_space(10.0);
                    if ui.add(big(lang.t(&i18n::REF_HOME))).clicked() {
                        out.push(Command::OpenReferee);
                    }
                    saves::home_ui(ui, &self.saves, lang, out);
                });
            });
        });
    }
}

/// The first screen's line for the game in play: mode, turn, players, and a way back to it.
fn live_game(ui: &mut egui::Ui, play: &Play, lang: Lang, out: &mut Vec<Command>) {
    let game = &play.game;
    let flip = game.rules().mode == crate::engine::Mode::Flip;
    let mut parts = vec![
        saves::mode_text(game.rules().mode, lang).to_string(),
        fill(
            lang.t(&i18n::TURN),
            &[("n", &(game.position().ply() + 1).to_string())],
        ),
    ];
    for (k, seat) in play.computer.seats.iter().enumerate() {
        let who = if flip {
            fill(lang.t(&i18n::SEAT_PLAYER), &[("n", &(k + 1).to_string())])
        } else {
            lang.side(Side::BOTH[k]).to_string()
        };
        let seat = match seat {
            computer::Seat::Human => lang.t(&i18n::HUMAN).to_string(),
            computer::Seat::Computer(l) => format!(
                "{} · {}",
                lang.t(&i18n::COMPUTER),
                lang.t(match l {
                    crate::ai::Level::Easy => &i18n::LEVEL_EASY,
                    crate::ai::Level::Normal => &i18n::LEVEL_NORMAL,
                    crate::ai::Level::Hard => &i18n::LEVEL_HARD,
                })
            ),
        };
        parts.push(fill(
            lang.t(&i18n::SEAT_IS),
            &[("who", &who), ("seat", &seat)],
        ));
    }
    board::banner_frame(12).show(ui, |ui| {
        ui.set_max_width(520.0);
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(lang.t(&i18n::LIVE_GAME))
                    .size(20.0)
                    .strong(),
            );
            ui.label(parts.join(" · "));
            let button = egui::Button::new(egui::RichText::new(lang.t(&i18n::CONTINUE)).size(18.0))
                .min_size(egui::vec2(150.0, 36.0));
            if ui.add(button).clicked() {
                out.push(Command::ContinueGame);
            }
        });
    });
}

impl Play {
    /// A game on screen, nothing selected.
    /// A game on screen; the computer plays the seats the record's `computer` info names.
    pub fn new(game: Game) -> Play {
        let info = game
            .record()
            .info
            .iter()
            .find(|(k, _)| k == "computer")
            .map(|(_, v)| v.clone());
        let seed = game.record().actions.len() as u64 ^ 0x00C0_FFEE;
        Play {
            game,
            redo: Vec::new(),
            selected: None,
            message: None,
            flash: None,
            turn_started: None,
            clock_ply: 0,
            modes: Default::default(),
            computer: computer::Seats::new(computer::seats_from_info(info.as_deref()), seed),
            confirm_resign: false,
        }
    }

    fn rules(&self) -> &crate::engine::Rules {
        self.game.rules()
    }

    fn command(&mut self, cmd: Command) {
        match cmd {
            Command::Node(n) => self.click(n),
            Command::Drop(from, to) => {
                self.selected = Some(from);
                self.click(to);
            }
            Command::ClearSelection => {
                self.selected = None;
                self.message = None;
                self.confirm_resign = false;
            }
            Command::Undo => self.undo_command(),
            Command::AnswerTakeback(yes) => self.answer_takeback(yes),
            Command::Redo => {
                if let Some(a) = self.redo.pop()
                    && let Err(e) = self.game.act(a)
                {
                    self.message = Some(Message::Error(e));
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
            Command::Resign => self.confirm_resign = !self.game.status().is_over(),
            Command::ConfirmResign(yes) => {
                self.confirm_resign = false;
                if yes {
                    self.act(Action::Resign);
                }
            }
            Command::OfferDraw => self.act(Action::OfferDraw),
            Command::AnswerDraw(yes) => self.act(|s| {
                if yes {
                    Action::AcceptDraw(s)
                } else {
                    Action::DeclineDraw(s)
                }
            }),
            Command::Timeout => self.act(Action::Timeout),
            cmd => self.mode_command(cmd),
        }
    }

    /// The side a resignation or a draw offer is made for: the side to move, or against the
    /// computer the human's.
    fn acting_side(&self) -> Option<Side> {
        let side = self.game.position().side_to_move()?;
        Some(if self.computer.any() {
            self.looking_side()
        } else {
            side
        })
    }

    fn act(&mut self, make: impl FnOnce(Side) -> Action) {
        let Some(side) = self.acting_side() else {
            return;
        };
        match self.game.act(make(side)) {
            Ok(()) => {
                self.redo.clear();
                self.after_change();
            }
            Err(e) => self.message = Some(Message::Error(e)),
        }
    }

    fn after_change(&mut self) {
        self.confirm_resign = false;
        self.modes.lifted = false;
        self.selected = None;
        self.flash = None;
        self.message = None;
    }

    fn click(&mut self, n: NodeId) {
        if self.computer_to_move() {
            self.message = Some(Message::Note(i18n::COMPUTER_THINKING));
            return;
        }
        if self.game.status().is_over() || self.flip_click(n) {
            return;
        }
        let view = self.game.view(Viewer::Side(self.side_to_move()));
        let mine = matches!(view.at(n), Seen::Known(p) if Some(p.side()) == view.mover.side());
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

    fn side_to_move(&self) -> Side {
        self.game.position().side_to_move().unwrap_or(Side::Red)
    }
}

/// The move list line of a ply: `a6-a11 团长×营长`.
pub fn move_text(game: &Game, ply: &Ply, lang: Lang) -> String {
    let b = game.board();
    match ply.turn {
        Some(Turn::Move { from, to }) => {
            let before = if let Some(a) = ply.effects.attacker {
                Some(a)
            } else {
                ply.after.at(to)
            };
            let name = |p: crate::engine::Piece| lang.rank(p.rank());
            match (before, ply.effects.defender) {
                (Some(a), Some(d)) => {
                    format!("{}-{} {}×{}", b.name(from), b.name(to), name(a), name(d))
                }
                (Some(a), None) => format!("{}-{} {}", b.name(from), b.name(to), name(a)),
                _ => format!("{}-{}", b.name(from), b.name(to)),
            }
        }
        Some(Turn::Flip(n)) => b.name(n).to_string(),
        // A turn lost to the move clock: the side that timed out is the one not to move after it.
        None => match ply.after.mover().side() {
            Some(s) => fill(lang.t(&i18n::EV_TIMEOUT), &[("side", lang.side(s.other()))]),
            None => String::new(),
        },
    }
}

/// The event log, rebuilt from the record (so undo and language switches need no bookkeeping).
fn events(game: &Game, lang: Lang, looker: modes::Looker) -> Vec<(Option<Side>, String)> {
    let mut out = Vec::new();
    let mut plies = game.plies().iter().enumerate().peekable();
    let mut refusals = game.refusals().iter();
    for a in game.standing_actions() {
        match a {
            Action::Turn(_) => {
                if let Some((i, ply)) = plies.next()
                    && let Some(report) = &ply.report
                {
                    modes::flip_events(report, lang, &mut out);
                    let Some(outcome) = report.clash else {
                        continue;
                    };
                    let out_text = match lang {
                        Lang::Zh => outcome.zh(),
                        Lang::En => outcome.en(),
                    };
                    out.push((
                        report.mover.side(),
                        fill(
                            lang.t(&i18n::EV_CLASH),
                            &[
                                ("n", &(i + 1).to_string()),
                                ("mv", &modes::move_text_for(game, i, ply, lang, looker)),
                                ("out", out_text),
                            ],
                        ),
                    ));
                    for (side, _) in report.flags_revealed() {
                        out.push((
                            Some(side),
                            fill(lang.t(&i18n::EV_FLAG_SHOWN), &[("side", lang.side(side))]),
                        ));
                    }
                }
            }
            Action::Timeout(s) => {
                // A timeout that did not end the game left a passing ply.
                if plies.peek().is_some_and(|(_, p)| p.turn.is_none()) {
                    plies.next();
                }
                out.push((
                    Some(*s),
                    fill(lang.t(&i18n::EV_TIMEOUT), &[("side", lang.side(*s))]),
                ));
            }
            Action::Resign(s) => out.push((
                Some(*s),
                fill(lang.t(&i18n::EV_RESIGN), &[("side", lang.side(*s))]),
            )),
            Action::OfferDraw(s) => out.push((
                Some(*s),
                fill(lang.t(&i18n::DRAW_OFFERED), &[("side", lang.side(*s))]),
            )),
            Action::DeclineDraw(s) => out.push((
                Some(*s),
                fill(lang.t(&i18n::EV_DRAW_DECLINED), &[("side", lang.side(*s))]),
            )),
            Action::AcceptDraw(_) | Action::Takeback { .. } => {}
            Action::Refused(_) => {
                // Announced to both players (a flag rule refused an attack on the flag).
                if let Some(r) = refusals.next() {
                    let by = match &r.said {
                        crate::engine::IllegalTurn::FlagAttackRefused { by, .. } => Some(*by),
                        _ => None,
                    };
                    out.push((by, lang.illegal(&r.said)));
                }
            }
        }
    }
    // Takebacks stay in the record and are listed (what they undid is no longer on the board).
    for a in &game.record().actions {
        if let Action::Takeback { by, turns } = a {
            out.push((
                Some(*by),
                fill(
                    lang.t(&i18n::EV_TAKEBACK),
                    &[("side", lang.side(*by)), ("n", &turns.to_string())],
                ),
            ));
        }
    }
    out
}

/// The end-of-game line: "红方胜：军旗被扛".
pub fn status_text(status: Status, lang: Lang) -> Option<String> {
    let why = |r: crate::engine::EndReason| match lang {
        Lang::Zh => r.zh(),
        Lang::En => r.en(),
    };
    match status {
        Status::Ongoing => None,
        Status::Won(s, r) => Some(fill(
            lang.t(&i18n::WINS),
            &[("side", lang.side(s)), ("why", why(r))],
        )),
        Status::Draw(r) => Some(fill(lang.t(&i18n::DRAW), &[("why", why(r))])),
    }
}

impl JunqiApp {
    fn play_screen(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let lang = self.lang();
        let opts = self.settings.board.clone();
        let bottom = self.settings.bottom;
        let mode_opts = self.settings.modes.clone();
        let narrow = ui.available_width() < 760.0;
        let Some(play) = &mut self.play else {
            self.screen = Screen::Home;
            return;
        };
        play.modes.opts = mode_opts;
        // Unticking the curtain during a hidden game between people is the referee view: it
        // waits for a confirmation, and the gate records it.
        if !play.modes.opts.curtain && play.hidden_hotseat() && play.modes.curtain_off.is_none() {
            play.modes.confirm_curtain = true;
        }
        let bottom = modes::bottom(play, bottom);
        let now = ui.input(|i| i.time);
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        modes::tick(play, dt, ui.ctx());
        play.computer_step(ui.ctx());
        let status = play.game.status();
        let mover = play.side_to_move();

        // The move clock.
        let mut clock_left = None;
        if let Some(secs) = play.game.rules().move_clock
            && !status.is_over()
        {
            let plies = play.game.plies().len();
            // The clock starts when the player can see the board: not behind the hand-over
            // curtain, and not while the computer thinks.
            if play.turn_started.is_none()
                || play.clock_ply != plies
                || play.curtain_up()
                || play.computer_to_move()
            {
                play.turn_started = Some(now);
                play.clock_ply = plies;
            }
            let left = secs as f64 - (now - play.turn_started.unwrap_or(now));
            if left <= 0.0 {
                out.push(Command::Timeout);
            }
            clock_left = Some(left.max(0.0));
            // Repaint when the second shown changes, not every frame.
            ui.ctx().request_repaint_after(clock_wait(left));
        }
        if let Some(f) = &mut play.flash {
            f.fade -= dt;
            if f.fade <= 0.0 {
                play.flash = None;
            } else {
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(50));
            }
        }

        // Status line at the bottom.
        egui::Panel::bottom("status").show(ui, |ui| {
            let text = match &play.message {
                Some(Message::Illegal(e)) => lang.illegal(e),
                Some(Message::Error(e)) => e.clone(),
                Some(Message::Note(t)) => lang.t(t).to_string(),
                None if status.is_over() => lang.t(&i18n::GAME_OVER).to_string(),
                None if play.computer_to_move() => fill(
                    lang.t(&i18n::COMPUTER_THINKING_SIDE),
                    &[("side", lang.side(mover))],
                ),
                None if play.selected.is_some() => lang.t(&i18n::HINT_DEST).to_string(),
                None => modes::hint(play, lang).unwrap_or_else(|| {
                    fill(lang.t(&i18n::HINT_SELECT), &[("side", lang.side(mover))])
                }),
            };
            let colour = if play.message.is_some() {
                egui::Color32::from_rgb(0xb0, 0x20, 0x10)
            } else {
                ui.visuals().text_color()
            };
            ui.label(egui::RichText::new(text).color(colour).size(16.0));
        });

        let show_panel = self.show_panel;
        if show_panel {
            let panel = board::side_panel("game-panel", narrow);
            panel.show(ui, |ui| side_panel(ui, play, lang, clock_left, out));
        }

        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(text) = status_text(status, lang) {
                board::banner_frame(8).show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        ui.label(egui::RichText::new(text).size(24.0).strong());
                    });
                });
            }
            if modes::curtain(ui, play, lang, out) {
                return;
            }
            let view = play.board_view();
            let dests = match play.selected {
                Some(s) => view.destinations_from(play.game.rules(), s),
                None => Vec::new(),
            };
            let last_move = board::last_mark(&play.game, play.game.plies().len());
            let input = BoardWidget {
                view: &view,
                opts: &opts,
                lang,
                bottom,
                selected: play.selected,
                destinations: &dests,
                last_move,
                flash: play.flash.as_ref(),
                interactive: !status.is_over(),
            }
            .show(ui);
            modes::overlays(ui, play, &view, &opts, lang, bottom, &input, out);
            if let Some((a, b)) = input.dropped {
                out.push(Command::Drop(a, b));
            } else if let Some(n) = input.clicked {
                out.push(Command::Node(n));
            }
        });
        modes::dialogs(ui.ctx(), play, lang, out);
        resign_dialog(ui.ctx(), play, lang, out);
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

/// "Red resigns and the game ends. Are you sure?" (Esc or a click outside plays on).
fn resign_dialog(ctx: &egui::Context, play: &Play, lang: Lang, out: &mut Vec<Command>) {
    if !play.confirm_resign {
        return;
    }
    let Some(side) = play.acting_side() else {
        return;
    };
    let modal = egui::Modal::new(egui::Id::unique("junqi-resign-confirm")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.label(
            egui::RichText::new(fill(
                lang.t(&i18n::RESIGN_CONFIRM),
                &[("side", lang.side(side))],
            ))
            .size(18.0),
        );
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            if ui.button(lang.t(&i18n::RESIGN_YES)).clicked() {
                out.push(Command::ConfirmResign(true));
            }
            if ui.button(lang.t(&i18n::RESIGN_NO)).clicked() {
                out.push(Command::ConfirmResign(false));
            }
        });
    });
    if modal.should_close() {
        out.push(Command::ConfirmResign(false));
    }
}

fn side_panel(
    ui: &mut egui::Ui,
    play: &Play,
    lang: Lang,
    clock_left: Option<f64>,
    out: &mut Vec<Command>,
) {
    let game = &play.game;
    let status = game.status();
    let mover = play.side_to_move();
    let looker = play.looker();
    ui.add_space(4.0);
    modes::panel_top(ui, play, lang, out);
    if !status.is_over() {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(lang.t(&i18n::TO_MOVE)).size(18.0));
            let (who, colour) = modes::mover_text(play, lang);
            ui.label(egui::RichText::new(who).size(22.0).strong().color(colour));
            ui.label(fill(
                lang.t(&i18n::TURN),
                &[("n", &(game.position().ply() + 1).to_string())],
            ));
        });
        let left = game
            .rules()
            .quiet_limit
            .saturating_sub(game.position().quiet());
        ui.label(fill(lang.t(&i18n::QUIET_LEFT), &[("n", &left.to_string())]));
        if let Some(secs) = clock_left {
            ui.label(
                egui::RichText::new(fill(
                    lang.t(&i18n::CLOCK),
                    &[("n", &format!("{}", secs.ceil() as u64))],
                ))
                .size(20.0)
                .strong()
                .color(if secs < 10.0 {
                    board::RED
                } else {
                    ui.visuals().text_color()
                }),
            );
            ui.label(fill(
                lang.t(&i18n::TIMEOUTS),
                &[
                    ("r", &game.timeouts(Side::Red).to_string()),
                    ("b", &game.timeouts(Side::Blue).to_string()),
                    ("max", &TIMEOUTS_TO_LOSE.to_string()),
                ],
            ));
        }
    } else if let Some(t) = status_text(status, lang) {
        ui.label(egui::RichText::new(t).size(18.0).strong());
    }
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        let over = status.is_over();
        if ui
            .add_enabled(
                !over && !game.standing_actions().is_empty(),
                egui::Button::new(lang.t(&i18n::UNDO)),
            )
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            out.push(Command::Undo);
        }
        if ui
            .add_enabled(
                !play.redo.is_empty(),
                egui::Button::new(lang.t(&i18n::REDO)),
            )
            .on_hover_text("Ctrl+Y")
            .clicked()
        {
            out.push(Command::Redo);
        }
        if ui
            .add_enabled(!over, egui::Button::new(lang.t(&i18n::RESIGN)))
            .clicked()
        {
            out.push(Command::Resign);
        }
        match game.draw_offer() {
            Some(s) if s != mover && !over => {
                if ui.button(lang.t(&i18n::ACCEPT_DRAW)).clicked() {
                    out.push(Command::AnswerDraw(true));
                }
                if ui.button(lang.t(&i18n::DECLINE_DRAW)).clicked() {
                    out.push(Command::AnswerDraw(false));
                }
            }
            other => {
                if ui
                    .add_enabled(
                        !over && other.is_none(),
                        egui::Button::new(lang.t(&i18n::OFFER_DRAW)),
                    )
                    .clicked()
                {
                    out.push(Command::OfferDraw);
                }
            }
        }
        if ui.button(lang.t(&i18n::NEW_GAME)).clicked() {
            out.push(Command::OpenNewGame);
        }
        // Under the hand-over curtain nobody in particular is looking: the replay waits.
        saves::play_buttons(ui, lang, !play.curtain_up(), out);
    });
    if let Some(s) = game.draw_offer() {
        ui.colored_label(
            board::side_colour(s),
            fill(lang.t(&i18n::DRAW_OFFERED), &[("side", lang.side(s))]),
        );
    }
    ui.separator();
    ui.label(egui::RichText::new(lang.t(&i18n::CAPTURED)).strong());
    for side in Side::BOTH {
        let removed = modes::removed_names(play, side, lang);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(lang.side(side))
                    .strong()
                    .color(board::side_colour(side)),
            );
            if removed.is_empty() {
                ui.weak(lang.t(&i18n::NONE_YET));
            }
            for name in removed {
                ui.label(
                    egui::RichText::new(name)
                        .color(egui::Color32::WHITE)
                        .background_color(board::side_colour(side)),
                );
            }
        });
    }
    modes::flip_counts(ui, play, lang);
    ui.separator();
    let h = (ui.available_height() / 2.0 - 24.0).max(60.0);
    ui.label(egui::RichText::new(lang.t(&i18n::MOVES)).strong());
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(h)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for (i, ply) in game.plies().iter().enumerate() {
                let colour = ply
                    .report
                    .as_ref()
                    .and_then(|r| r.mover.side())
                    .map_or(ui.visuals().text_color(), board::side_colour);
                ui.label(
                    egui::RichText::new(format!(
                        "{:>3}. {}",
                        i + 1,
                        modes::move_text_for(game, i, ply, lang, looker)
                    ))
                    .color(colour),
                );
            }
        });
    ui.separator();
    ui.label(egui::RichText::new(lang.t(&i18n::EVENTS)).strong());
    egui::ScrollArea::vertical()
        .id_salt("events")
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for (side, text) in events(game, lang, looker) {
                let colour = side.map_or(ui.visuals().text_color(), board::side_colour);
                ui.label(egui::RichText::new(text).color(colour));
            }
        });
}

impl eframe::App for JunqiApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let mut commands = Vec::new();
        self.shortcuts(&ctx, &mut commands);
        self.top_bar(ui, &mut commands);
        match &mut self.screen {
            Screen::Home => self.home(ui, &mut commands),
            Screen::NewGame(dialog) => {
                let lang = self.settings.lang;
                egui::CentralPanel::default().show(ui, |ui| {
                    if let Some(c) = dialog.ui(ui, lang) {
                        commands.push(c);
                    }
                });
            }
            Screen::Play => self.play_screen(ui, &mut commands),
            Screen::Editor(es) => {
                let lang = self.settings.lang;
                let mut done = None;
                egui::CentralPanel::default().show(ui, |ui| done = es.ui(ui, lang));
                if let Some(outcome) = done {
                    self.editor_done(outcome);
                }
            }
            Screen::Replay(r) => {
                let (lang, bottom) = (self.settings.lang, self.settings.bottom);
                replay::ui(ui, r, lang, &self.settings.board, bottom, &mut commands);
            }
            Screen::Referee(r) => {
                let (lang, bottom) = (self.settings.lang, self.settings.bottom);
                if let Some(c) = r.ui(ui, lang, &self.settings.board, bottom) {
                    commands.push(c);
                }
            }
        }
        for c in commands {
            self.run_command(&ctx, c);
        }
        self.save_settings_if_changed();
        let warning = self.warning.clone();
        self.autosave();
        if self.warning != warning {
            // Shown at once, not at the next input.
            ctx.request_repaint();
        }
    }
}
