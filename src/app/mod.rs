//! The desktop window (eframe/egui 0.37): first screen, new-game dialog and open play on one screen.
//! The UI returns `Command`s and `JunqiApp::run_command` carries them out after the UI pass.

pub mod board;
pub mod board_cache;
pub mod command;
pub mod computer;
pub mod dialog;
pub mod fonts;
pub mod formations;
pub mod hidden_flip;
pub mod home;
pub mod jizi;
pub mod learn;
pub mod newgame;
pub mod panel;
pub mod play;
pub mod play_parts;
pub mod problem;
pub mod records;
pub mod referee;
pub mod remote;
pub mod replay;
pub mod review;
pub mod review_graph;
pub mod rules_help;
mod run;
pub mod saves;
pub mod seat_clock;
pub mod session;
pub mod settings;
pub mod sound;
pub mod tags;
mod top_bar;
pub mod words;

use crate::engine::InfoKey;
use crate::i18n::{self, Lang};
pub use command::Command;
use newgame::{NewGame, NewGameSpec};
use problem::Warning;
pub use session::{Act, Message, Session, clock_wait};
use settings::Settings;
use std::path::PathBuf;
pub use words::status_text;

/// What the window opens with, from the command line.
pub enum Opening {
    /// A game record or a formation file (or nothing: the first screen).
    File(Option<PathBuf>),
    /// The join form, filled in from a `junqi:` link.
    Link(String),
}

/// Open the window with `opening`: a file named on the command line (a formation in the editor,
/// anything else as a game record in the replay viewer, a warning if it is not one), or the
/// join form filled in from a link.
pub fn run(opening: Opening) -> Result<(), String> {
    keep_freed_memory();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("军棋 Junqi")
            .with_inner_size([1120.0, 780.0])
            .with_min_inner_size([480.0, 400.0])
            .with_app_id(APP_ID)
            .with_icon(icon()),
        renderer: eframe::Renderer::Glow,
        // Dithering costs a software renderer a sixth of each frame; the window has no gradients.
        dithering: false,
        ..Default::default()
    };
    eframe::run_native(
        "junqi",
        options,
        Box::new(move |cc| {
            let mut app = JunqiApp::new(cc, None);
            match &opening {
                Opening::File(Some(path)) => app.open_file(path),
                Opening::File(None) => {}
                Opening::Link(link) => app.open_link(link),
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| e.to_string())
}

/// Every frame frees a few hundred kilobytes at the top of the heap; glibc's default gives them back
/// to the system at once and takes them again, page fault by page fault, on the next frame (a third
/// of an idle frame's time on the main thread with the move clock on, docs/idle-cpu.md). Keeping up
/// to 32 MiB of freed memory for reuse ends that.
fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
        }
        const M_TRIM_THRESHOLD: std::ffi::c_int = -1;
        // SAFETY: `mallopt` takes plain integers and only changes a tuning value of glibc's
        // allocator (under the allocator's own lock).
        unsafe {
            mallopt(M_TRIM_THRESHOLD, 32 << 20);
        }
    }
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
    /// The game in play, on screen. While another screen shows, it waits in `JunqiApp::parked`.
    Play(Box<Session>),
    /// The formation editor; with the new-game dialog it goes back to, if it edits for a game.
    Editor(Box<formations::EditorScreen>, Option<Box<NewGame>>),
    Replay(Box<replay::Replay>),
    /// The referee for games on a physical board.
    Referee(Box<referee::Referee>),
    /// A network game: joining or hosting, the lobby, the game at this screen.
    Remote(Box<remote::Remote>),
    /// The lessons: their list, or one lesson.
    Learn(Box<learn::Learn>),
}

pub struct JunqiApp {
    pub settings: Settings,
    saved: Settings,
    dir: Option<PathBuf>,
    /// Where formations (and games) are kept.
    data_dir: Option<PathBuf>,
    pub warning: Option<Warning>,
    pub screen: Screen,
    /// The game in play while another screen shows: the first screen offers to continue it.
    pub parked: Option<Box<Session>>,
    /// The play screen's side panel: wanted, opened from its toggle while collapsed.
    pub panel: panel::PanelState,
    pub saves: saves::Saves,
    /// The rules window (规则) is open.
    pub rules_help: bool,
    /// Where sounds go when the setting is on: the machine's sound output, or (in tests, which
    /// pass a folder) a silent sink that tests may replace with a recording one.
    pub sound: Box<dyn sound::SoundSink>,
    /// The board drawn from a picture of itself while it does not change.
    pub board_cache: board_cache::BoardCache,
    /// What makes network links (tests put a scripted one here).
    pub network: Box<dyn remote::link::Network>,
    /// A node budget per turn for the computer seats and the hint instead of their level's time:
    /// tests set it, so that the computer plays the same whatever the machine's load. `None` in
    /// the program.
    pub computer_nodes: Option<u64>,
}

impl JunqiApp {
    /// The app, with its settings read from `settings_dir` and its saved games kept in
    /// `settings_dir/games` (tests pass a temporary directory), or else in the platform's user config
    /// and data directories.
    pub fn new(cc: &eframe::CreationContext<'_>, settings_dir: Option<PathBuf>) -> JunqiApp {
        fonts::install(&cc.egui_ctx);
        cc.egui_ctx.set_theme(egui::Theme::Light);
        // Panels paint no background of their own: the window is cleared to their colour
        // (`clear_color`), which costs a software renderer a whole shaded pass a frame less.
        cc.egui_ctx
            .all_styles_mut(|s| s.visuals.panel_fill = egui::Color32::TRANSPARENT);
        // Scroll bars take their own room rather than float over text and buttons.
        cc.egui_ctx
            .all_styles_mut(|s| s.spacing.scroll = egui::style::ScrollStyle::solid());
        // Tests pass one folder for everything; otherwise settings go to the platform's config
        // folder and formations and games to its data folder.
        let data_dir = settings_dir.clone().or_else(|| {
            directories::ProjectDirs::from("", "", "junqi").map(|d| d.data_dir().to_path_buf())
        });
        let sound: Box<dyn sound::SoundSink> = if settings_dir.is_some() {
            Box::new(sound::Silent)
        } else {
            let ctx = cc.egui_ctx.clone();
            sound::system_sink(move || ctx.request_repaint())
        };
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
        let referee_dir = games_dir.as_deref().map(referee::folder_in);
        for d in [dir.clone(), games_dir.clone(), referee_dir]
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
            .map(|w| Warning::new(i18n::SETTINGS_WARNING, w))
            .or(saves_warning);
        let network = Box::new(remote::net_link::NetNetwork::in_dir(data_dir.as_deref()));
        JunqiApp {
            saved: settings.clone(),
            settings,
            dir,
            data_dir,
            warning,
            screen: Screen::Home,
            parked: None,
            panel: panel::PanelState::default(),
            rules_help: false,
            saves,
            sound,
            board_cache: board_cache::BoardCache::default(),
            network,
            computer_nodes: None,
        }
    }

    /// Open a file named on the command line: a formation in the editor, else a game record in
    /// the replay viewer (which warns if the file is neither).
    pub fn open_file(&mut self, path: &std::path::Path) {
        let formation = crate::fsutil::read_text(path, crate::editor::files::MAX_FILE_BYTES)
            .is_ok_and(|text| crate::engine::Formation::from_ron(&text).is_ok());
        if formation {
            let mut es = formations::EditorScreen::new(
                self.data_dir.as_deref(),
                self.settings.rules.clone(),
                self.lang(),
            );
            // The editor opens the file itself, so that Save writes it.
            es.editor = es.editor.with_file(path);
            self.show(Screen::Editor(Box::new(es), None));
        } else {
            self.run_save_command(saves::SaveCmd::Open(path.to_path_buf()));
        }
    }

    /// The game in play: on screen, or parked behind another screen.
    pub fn play(&self) -> Option<&Session> {
        match &self.screen {
            Screen::Play(s) => Some(s),
            _ => self.parked.as_deref(),
        }
    }

    /// The game in play, to change.
    pub fn play_mut(&mut self) -> Option<&mut Session> {
        live_session(&mut self.screen, &mut self.parked)
    }

    /// Show another screen. The game in play, if it was on screen, is parked (the first screen
    /// offers to continue it); a new game on screen replaces the parked one. A game whose engine
    /// seats have no command yet (new, resumed, opened, continued from the replay) gets the one
    /// in the settings, or this program's own engine.
    pub fn show(&mut self, mut screen: Screen) {
        if let Screen::Play(play) = &mut screen {
            self.parked = None;
            play.set_computer_threads(computer::computer_threads(self.settings.threads));
            play.set_computer_nodes(self.computer_nodes);
            if play.computer().engine_command().is_none() {
                let command = (self.settings.engine_command.clone())
                    .unwrap_or_else(computer::default_engine_command);
                play.set_engine_command(&command);
            }
        }
        if let Screen::Play(s) = std::mem::replace(&mut self.screen, screen) {
            self.parked = Some(s);
        }
    }

    /// Put `session` on screen as the game in play.
    pub fn show_game(&mut self, session: Session) {
        self.show(Screen::Play(Box::new(session)));
    }

    /// Back to the parked game in play, if there is one.
    fn show_parked(&mut self) -> bool {
        match self.parked.take() {
            Some(s) => {
                self.show(Screen::Play(s));
                true
            }
            None => false,
        }
    }

    fn lang(&self) -> Lang {
        self.settings.lang
    }

    fn new_game_dialog(&self, seeds: (u64, u64)) -> NewGame {
        NewGame::new(&self.settings, seeds)
            .with_library(formations::library(self.data_dir.as_deref()))
            .with_last(&self.settings.last_formations)
    }

    /// The editor finished: back to the new-game dialog (with the formation) or the first screen.
    fn editor_done(&mut self, outcome: crate::editor::EditorOutcome) {
        if !matches!(self.screen, Screen::Editor(..)) {
            return;
        }
        let Screen::Editor(es, back) = std::mem::replace(&mut self.screen, Screen::Home) else {
            return;
        };
        let for_game = back.zip(es.for_side);
        match (outcome, for_game) {
            (crate::editor::EditorOutcome::UseInGame(f, file), Some((mut ng, side))) => {
                *ng.spec.choice_mut(side) = newgame::FormationChoice::of_editor(f, file);
                self.show(Screen::NewGame(*ng));
            }
            (crate::editor::EditorOutcome::Close, Some((ng, _))) => {
                self.show(Screen::NewGame(*ng));
            }
            (crate::editor::EditorOutcome::UseInGame(f, file), None) => {
                let seeds = (self.next_seed(), self.next_seed());
                let mut ng = self.new_game_dialog(seeds);
                // Flip games deal at random: a formation needs open (or hidden) play.
                if ng.spec.rules.mode == crate::engine::Mode::Flip {
                    newgame::pick_mode(&mut ng.spec.rules, crate::engine::Mode::Open);
                }
                ng.spec.formations[0] = newgame::FormationChoice::of_editor(f, file);
                self.show(Screen::NewGame(ng));
            }
            (crate::editor::EditorOutcome::Close, None) => {}
        }
    }

    /// A fresh seed for a random formation: from the operating system, unrelated to any other.
    fn next_seed(&mut self) -> u64 {
        crate::engine::rng::os_seed()
    }

    /// Drop a warning about starting a game or about the last game's engine: it does not
    /// belong above the next game's dialog, nor above the next game.
    fn clear_game_warnings(&mut self) {
        let of_a_game = [
            i18n::ENGINE_COMMAND_EMPTY,
            i18n::ENGINE_WARNING,
            i18n::START_FAILED,
        ];
        if self
            .warning
            .as_ref()
            .is_some_and(|w| of_a_game.contains(&w.what))
        {
            self.warning = None;
        }
    }

    fn start(&mut self, spec: NewGameSpec) {
        if spec.has_engine() && spec.engine_command.is_none() {
            self.warning = Some(Warning::plain(i18n::ENGINE_COMMAND_EMPTY));
            return;
        }
        // A command whose program does not exist is refused here, not found out after the
        // first turn: no game starts and nothing is recorded.
        if spec.has_engine()
            && let Some(name) = (spec.engine_command.as_deref()).and_then(computer::missing_program)
        {
            self.warning = Some(Warning::new(
                i18n::ENGINE_WARNING,
                problem::Problem::CommandNotFound(name),
            ));
            return;
        }
        match spec.game() {
            Ok(game) => {
                self.clear_game_warnings();
                self.settings.rules = spec.rules.clone();
                self.settings.four = spec.four;
                if spec.four {
                    self.settings.seats4 = spec.seats4;
                } else {
                    self.settings.bottom = spec.bottom;
                    self.settings.seats = spec.seats;
                }
                if let Some(last) = newgame::last_formations(&spec) {
                    self.settings.last_formations = last;
                }
                if let Some(command) = &spec.engine_command {
                    self.settings.engine_command = Some(command.clone());
                }
                let mut game = game;
                if let Some(text) = computer::seats_to_info(
                    spec.players(),
                    spec.rules.mode == crate::engine::Mode::Flip,
                ) {
                    game.set_info(InfoKey::Computer, &text);
                }
                if spec.four {
                    // In the record, so a resumed or reopened game keeps its bottom seat.
                    game.set_info(InfoKey::Bottom, &spec.bottom.en().to_lowercase());
                }
                self.show_game(Session::new(game));
            }
            Err(e) => self.warning = Some(Warning::new(i18n::START_FAILED, e)),
        }
    }

    /// After each UI pass: write the referee's tracked game or clash judge tally if it changed.
    fn autosave_referee(&mut self) {
        let on_screen = match &mut self.screen {
            Screen::Referee(r) => Some(&mut **r),
            _ => None,
        };
        let out = self.saves.referee.autosave(on_screen);
        if out.recent_changed {
            self.saves.refresh();
        }
        // As for the game in play: a failure warns (with the changes not on disk), the next
        // success says so.
        match out.error {
            Some(e) => self.warning = Some(Warning::new(i18n::REF_AUTOSAVE_FAILED, e)),
            None => {
                if matches!(&self.warning, Some(w) if w.what == i18n::REF_AUTOSAVE_FAILED) {
                    self.warning = Some(Warning::plain(i18n::REF_SAVED_AGAIN));
                }
            }
        }
    }

    /// After each UI pass: write the game in progress if it changed. A failure warns (with the
    /// number of turns not on disk); the next success replaces that warning with "saved again".
    fn autosave(&mut self) {
        match self
            .saves
            .autosave(live_session(&mut self.screen, &mut self.parked))
        {
            Err(e) => self.warning = Some(Warning::new(i18n::AUTOSAVE_FAILED, e)),
            Ok(()) => {
                if matches!(&self.warning, Some(w) if w.what == i18n::AUTOSAVE_FAILED) {
                    self.warning = Some(Warning::plain(i18n::SAVED_AGAIN));
                }
            }
        }
        self.autosave_referee();
    }

    fn save_settings_if_changed(&mut self) {
        if self.settings != self.saved {
            self.saved = self.settings.clone();
            if let Some(dir) = &self.dir
                && let Err(e) = settings::save(dir, &self.settings)
            {
                self.warning = Some(Warning::new(i18n::SETTINGS_SAVE_FAILED, e));
            }
        }
    }

    /// After each UI pass: the sound of what the game on screen (or the referee's tracked game)
    /// just did, from its public reports, if sounds are on. The replay stays silent; what happens
    /// while sounds are off is marked heard all the same.
    fn listen(&mut self) {
        let heard = match &mut self.screen {
            Screen::Play(p) => p.take_sound(),
            Screen::Referee(r) => r.take_sound(),
            _ => None,
        };
        if let Some(s) = heard
            && self.settings.sounds
        {
            self.sound.play(s);
        }
    }
}

/// The game in play, from the app's fields (so another field can be borrowed beside it).
fn live_session<'a>(
    screen: &'a mut Screen,
    parked: &'a mut Option<Box<Session>>,
) -> Option<&'a mut Session> {
    match screen {
        Screen::Play(s) => Some(s),
        _ => parked.as_deref_mut(),
    }
}

/// Write what a failed engine said (its `id name`, its garbled line or `error` text) to the engine
/// log in the data folder, the one place it goes: the screen says what failed in the program's
/// words only. Without a data folder, or when the log cannot be written, it is not kept: the
/// warning on screen says what failed all the same.
fn log_engine_trouble(data_dir: Option<&std::path::Path>, trouble: &problem::EngineTrouble) {
    let Some(dir) = data_dir else { return };
    let line = trouble.log_line(std::time::SystemTime::now());
    let _ = crate::fsutil::create_private_dir_all(dir).and_then(|()| {
        crate::fsutil::append_line(
            &dir.join(problem::ENGINE_LOG),
            &line,
            problem::ENGINE_LOG_LIMIT,
        )
    });
}

impl eframe::App for JunqiApp {
    /// The colour panels would have painted: the light theme's (the window's own visuals have a
    /// transparent panel fill; see `JunqiApp::new`).
    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        egui::Visuals::light().panel_fill.to_normalized_gamma_f32()
    }

    /// Before each UI pass: the game on screen takes its options from the settings and moves on in
    /// time (animations, the computer's turns, the move clock).
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        let now = ctx.input(|i| i.time);
        let repaint_after = match &mut self.screen {
            Screen::Play(play) => {
                play.set_options(self.settings.modes.clone());
                let repaint = play.tick(now).repaint_after;
                // An outside engine that stopped: which one and why, above the screen until
                // dismissed (the game itself says who resigned).
                if let Some(trouble) = play.take_engine_trouble() {
                    log_engine_trouble(self.data_dir.as_deref(), &trouble);
                    self.warning = Some(Warning::new(
                        i18n::ENGINE_WARNING,
                        problem::Problem::Engine(Box::new(trouble)),
                    ));
                }
                repaint
            }
            Screen::Replay(r) => {
                let wait = r.tick(now);
                // A review just made of the game in play: its record keeps it too.
                if let Some(text) = r.review.take_fresh()
                    && let Some(p) = self.parked.as_deref_mut()
                    && (r.is_current || replay::same_game(p.game(), &r.game))
                {
                    p.set_info(crate::engine::InfoKey::Review, &text);
                }
                wait
            }
            Screen::Remote(r) => {
                let wait = r.tick(now, self.settings.modes.confirm_flip);
                // The record the host revealed at the end: kept among the recent games.
                if let Some((mut game, room)) = r.take_record() {
                    r.kept = match self.saves.keep_network_game(&mut game, &room) {
                        Ok(Some(p)) => Some(Ok(p)),
                        Ok(None) => None,
                        Err(e) => Some(Err(e)),
                    };
                }
                wait
            }
            _ => None,
        };
        if let Some(secs) = repaint_after {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(secs));
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let mut commands = Vec::new();
        self.shortcuts(&ctx, &mut commands);
        self.top_bar(ui, &mut commands);
        match &mut self.screen {
            Screen::Home => {
                let parked = self.parked.as_deref();
                let kept = self.network.games_in_progress();
                home::ui(
                    ui,
                    parked,
                    &kept,
                    &self.saves,
                    self.settings.lang,
                    &mut commands,
                );
            }
            Screen::NewGame(dialog) => {
                let lang = self.settings.lang;
                egui::CentralPanel::default().show(ui, |ui| {
                    if let Some(c) = dialog.ui(ui, lang) {
                        commands.push(match c {
                            newgame::NewGameCmd::Start(spec) => Command::Start(spec),
                            newgame::NewGameCmd::Cancel => Command::Home,
                            newgame::NewGameCmd::EditFormation(side) => {
                                Command::EditFormation(side)
                            }
                        });
                    }
                });
            }
            Screen::Play(play) => {
                play::screen(ui, play, &self.settings, &mut self.panel, &mut commands)
            }
            Screen::Editor(es, _) => {
                let lang = self.settings.lang;
                egui::CentralPanel::default().show(ui, |ui| {
                    commands.extend(es.ui(ui, lang).into_iter().map(Command::Editor));
                });
            }
            Screen::Replay(r) => {
                let (lang, bottom) = (self.settings.lang, self.settings.bottom);
                let opts = &self.settings.board;
                replay::ui(ui, r, lang, opts, bottom, &mut self.panel, &mut commands);
            }
            Screen::Referee(r) => {
                let mut asked = Vec::new();
                let (lang, opts) = (self.settings.lang, &self.settings.board);
                referee::ui(ui, r, lang, opts, &mut self.panel, &mut asked);
                commands.extend(asked.into_iter().map(Command::Referee));
            }
            Screen::Remote(r) => {
                let mut asked = Vec::new();
                remote::ui(ui, r, &self.settings, &mut self.panel, &mut asked);
                commands.extend(asked.into_iter().map(Command::Remote));
            }
            Screen::Learn(l) => {
                let mut asked = Vec::new();
                learn::screen::ui(ui, l, &self.settings, &mut asked);
                commands.extend(asked.into_iter().map(Command::Learn));
            }
        }
        for c in commands {
            self.run_command(&ctx, c);
        }
        self.board_cache.end_frame(&ctx);
        self.listen();
        self.save_settings_if_changed();
        let warning = self.warning.clone();
        self.autosave();
        if self.warning != warning {
            // Shown at once, not at the next input.
            ctx.request_repaint();
        }
    }
}
