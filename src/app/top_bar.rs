//! The top bar and what hangs from it: the screens' buttons, the language, the View menu of
//! switches, the rules window and the warning line; and the window's keyboard shortcuts.

use super::{Act, Command, JunqiApp, Screen, computer, panel, rules_help, sound};
use crate::i18n::{self, Lang, fill};

impl JunqiApp {
    /// The window's keys: Ctrl+N, F11 everywhere; the game's undo, redo and Escape in play.
    pub(super) fn shortcuts(&self, ctx: &egui::Context, out: &mut Vec<Command>) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let sc = |m, k| KeyboardShortcut::new(m, k);
        // The game's keys only where the game is: the replay takes Ctrl+Z / Ctrl+Y as its steps
        // (`replay::ui`), other screens leave them to their text fields.
        let in_play = matches!(self.screen, Screen::Play(_));
        ctx.input_mut(|i| {
            if i.consume_shortcut(&sc(Modifiers::COMMAND, Key::N)) {
                out.push(Command::OpenNewGame);
            }
            if in_play && i.consume_shortcut(&sc(Modifiers::COMMAND, Key::Z)) {
                out.push(Command::Play(Act::Undo));
            }
            if in_play && i.consume_shortcut(&sc(Modifiers::COMMAND, Key::Y)) {
                out.push(Command::Play(Act::Redo));
            }
            if i.consume_key(Modifiers::NONE, Key::F11) {
                out.push(Command::ToggleFullscreen);
            }
            if in_play && i.consume_key(Modifiers::NONE, Key::Escape) {
                out.push(Command::Play(Act::ClearSelection));
            }
        });
    }

    /// What the side panel of the screen showing stands beside, if it has one that folds away
    /// (the play screen, the replay, the referee's tracked game and clash judge): the panel's
    /// toggle is in the top bar then.
    fn panel_centre(&self) -> Option<panel::Centre> {
        match &self.screen {
            Screen::Play(p) => Some(panel::Centre::board(p.game().board())),
            Screen::Replay(r) => Some(panel::Centre::board(r.game.board())),
            Screen::Remote(r) => r.game().map(|g| panel::Centre::board(g.board())),
            Screen::Referee(r) => r.panel_centre(),
            _ => None,
        }
    }

    /// The bar across the top of every screen, and the rules window and warning line under it.
    pub(super) fn top_bar(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let lang = self.lang();
        egui::Panel::top("top-bar").show(ui, |ui| {
            // In a small window the top bar keeps to one line (the board gets the height): the
            // title and the word "Language" are left out there.
            let roomy = ui.ctx().content_rect().width() > 720.0;
            ui.horizontal_wrapped(|ui| {
                if roomy {
                    ui.strong(format!("{} Junqi", i18n::APP_TITLE.zh));
                    ui.separator();
                }
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
                egui::containers::menu::MenuButton::new(lang.t(&i18n::net::MENU)).ui(ui, |ui| {
                    if ui.button(lang.t(&i18n::net::JOIN)).clicked() {
                        out.push(Command::OpenJoin);
                        ui.close();
                    }
                    if ui.button(lang.t(&i18n::net::HOST)).clicked() {
                        out.push(Command::OpenHost);
                        ui.close();
                    }
                });
                if let Some(centre) = self.panel_centre() {
                    let unseen = match &self.screen {
                        Screen::Remote(r) => r.chat.unseen(),
                        _ => 0,
                    };
                    self.panel.toggle_button(ui, lang, centre, unseen);
                }
                ui.separator();
                if roomy {
                    ui.label(lang.t(&i18n::LANGUAGE));
                }
                ui.selectable_value(&mut self.settings.lang, Lang::Zh, "中文");
                ui.selectable_value(&mut self.settings.lang, Lang::En, "English");
                ui.separator();
                // A menu of switches: it stays open while they are ticked (a click outside or
                // Escape closes it), so each switch's effect and any note under it show at once.
                let stay = egui::containers::menu::MenuConfig::new()
                    .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
                egui::containers::menu::MenuButton::new(lang.t(&i18n::VIEW))
                    .config(stay)
                    .ui(ui, |ui| self.view_menu(ui, lang, out));
            });
        });
        if ui.input(|i| i.key_pressed(egui::Key::F1)) {
            self.rules_help = !self.rules_help;
        }
        if self.rules_help {
            self.rules_window(ui, lang);
        }
        self.warning_line(ui, lang, out);
    }

    /// The View menu's switches: how the board is drawn, the side panel, the game options, sounds,
    /// the computer's threads and full screen.
    fn view_menu(&mut self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<Command>) {
        let o = &mut self.settings.board;
        ui.checkbox(&mut o.coordinates, lang.t(&i18n::COORDINATES));
        ui.checkbox(&mut o.english_names, lang.t(&i18n::ENGLISH_NAMES));
        ui.checkbox(&mut o.rank_numbers, lang.t(&i18n::RANK_NUMBERS));
        ui.checkbox(&mut self.panel.wanted, lang.t(&i18n::SHOW_PANEL));
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
        self.sounds_row(ui, lang, out);
        self.threads_row(ui, lang);
        if ui.button(lang.t(&i18n::FULLSCREEN)).clicked() {
            out.push(Command::ToggleFullscreen);
            ui.close();
        }
    }

    /// The rules window (F1): the rules of the game on screen, or else of the next game.
    fn rules_window(&mut self, ui: &egui::Ui, lang: Lang) {
        let (rules, in_game, four) = match &self.screen {
            Screen::Play(p) => Some((p.game().rules().clone(), true, p.game().board().is_four())),
            Screen::Replay(r) => Some((r.game.rules().clone(), true, r.game.board().is_four())),
            _ => None,
        }
        .unwrap_or_else(|| (self.settings.rules.clone(), false, self.settings.four));
        rules_help::window(ui.ctx(), &mut self.rules_help, lang, &rules, in_game, four);
    }

    /// The warning under the top bar, if there is one: filled with the error and the changes not
    /// yet on disk, and its Dismiss button.
    fn warning_line(&self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<Command>) {
        if let Some(warning) = &self.warning {
            let unsaved = if warning.what == i18n::REF_AUTOSAVE_FAILED {
                let referee = match &self.screen {
                    Screen::Referee(r) => Some(&**r),
                    _ => None,
                };
                self.saves.referee.unsaved_changes(referee)
            } else {
                self.saves.unsaved_turns(self.play())
            }
            .to_string();
            let w = fill(
                lang.t(&warning.what),
                &[("e", &warning.detail(lang)), ("n", &unsaved)],
            );
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

    /// How many threads the computer thinks on: all cores but one (the default), or 1 to the
    /// machine's cores; the game on screen takes a change at once (or after its computer's turn).
    fn threads_row(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let cores = computer::cores().min(crate::ai::MAX_THREADS);
        let auto = fill(
            lang.t(&i18n::THREADS_AUTO),
            &[("n", &computer::computer_threads(0).to_string())],
        );
        let before = self.settings.threads;
        ui.label(lang.t(&i18n::THREADS_OPTION));
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.settings.threads, 0, auto);
            for n in 1..=cores as u16 {
                ui.selectable_value(&mut self.settings.threads, n, n.to_string());
            }
        });
        if self.settings.threads != before
            && let Screen::Play(p) = &mut self.screen
        {
            p.set_computer_threads(computer::computer_threads(self.settings.threads));
        }
    }

    /// The sounds setting, and under it "no sound device found" once a sound failed to open one.
    fn sounds_row(&mut self, ui: &mut egui::Ui, lang: Lang, out: &mut Vec<Command>) {
        let switched = ui
            .checkbox(&mut self.settings.sounds, lang.t(&i18n::SOUNDS_OPTION))
            .changed();
        if switched && self.settings.sounds {
            out.push(Command::TrySound);
        }
        if self.settings.sounds && self.sound.availability() == sound::Availability::Unavailable {
            ui.label(egui::RichText::new(lang.t(&i18n::NO_SOUND_DEVICE)).weak());
        }
    }
}
