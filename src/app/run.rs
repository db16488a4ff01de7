//! Carrying out the commands the screens return after each UI pass: each one's effect on the
//! window, and the screen it leads to.

use super::{
    Act, Command, JunqiApp, Screen, formations, learn, newgame, referee, remote, replay, saves,
    sound,
};

impl JunqiApp {
    /// Carry out `cmd`: the one place where what the screens asked for changes the window.
    pub fn run_command(&mut self, ctx: &egui::Context, cmd: Command) {
        match cmd {
            Command::Home => {
                self.saves.refresh();
                self.show(Screen::Home);
            }
            Command::ContinueGame => {
                if let Some(play) = &mut self.parked {
                    // Someone else may be at the screen now: a hidden game's curtain comes down.
                    play.resume();
                    self.show_parked();
                }
            }
            Command::OpenNewGame => {
                self.clear_game_warnings();
                let seeds = (self.next_seed(), self.next_seed());
                self.show(Screen::NewGame(self.new_game_dialog(seeds)));
            }
            Command::OpenEditor => {
                let rules = self.settings.rules.clone();
                self.show(Screen::Editor(
                    Box::new(formations::EditorScreen::new(
                        self.data_dir.as_deref(),
                        rules,
                        self.lang(),
                    )),
                    None,
                ));
            }
            Command::EditFormation(side) => self.edit_formation(side),
            Command::Editor(cmd) => {
                if let Screen::Editor(es, _) = &mut self.screen
                    && let Some(outcome) = es.editor.apply(cmd)
                {
                    self.editor_done(outcome);
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
            // The setting was switched on: a first sound, which also tells whether a device opens.
            Command::TrySound => self.sound.play(sound::Sound::Move),
            Command::Saves(c) => self.run_save_command(c),
            Command::Replay(c) => self.run_replay_command(c),
            Command::OpenReferee => {
                let referee = self.new_referee();
                self.show(Screen::Referee(Box::new(referee)));
            }
            Command::Referee(c) => self.run_referee_command(ctx, c),
            Command::OpenJoin => {
                let library = formations::library(self.data_dir.as_deref());
                self.open_remote(remote::Remote::join(&self.net_name(), library));
            }
            Command::RejoinNet(invite) => {
                self.run_command(ctx, Command::OpenJoin);
                if let Screen::Remote(r) = &mut self.screen {
                    r.set_invite(&invite);
                }
                self.run_command(ctx, Command::Remote(remote::RemoteCmd::Connect));
            }
            Command::OpenHost => {
                let library = formations::library(self.data_dir.as_deref());
                self.open_remote(remote::Remote::host(
                    &self.settings.rules,
                    self.settings.four,
                    &self.net_name(),
                    &self.settings.net,
                    library,
                ));
            }
            Command::Remote(c) => self.run_remote_command(ctx, c),
            Command::OpenLearn => self.show(Screen::Learn(Box::default())),
            Command::Learn(c) => self.run_learn_command(c),
            Command::Play(act) => self.run_act(act),
        }
    }

    /// Open the formation editor from the new-game dialog for `side`'s formation (the one chosen
    /// there, if any, to start from); the dialog waits behind the editor.
    fn edit_formation(&mut self, side: crate::engine::Seat) {
        if !matches!(self.screen, Screen::NewGame(_)) {
            return;
        }
        if let Screen::NewGame(mut ng) = std::mem::replace(&mut self.screen, Screen::Home) {
            let mut es = formations::EditorScreen::new(
                self.data_dir.as_deref(),
                ng.spec.rules.clone(),
                self.lang(),
            );
            if let newgame::FormationChoice::File(_, f) | newgame::FormationChoice::Edited(f) =
                ng.spec.choice_mut(side)
            {
                es.editor = es.editor.with_formation(f.clone());
            }
            // No curtain here: between people a hidden game's formation is edited from
            // the private choice, whose curtain the player has already passed; against
            // the computer nobody needs to look away.
            es.for_side = Some(side);
            self.show(Screen::Editor(Box::new(es), Some(Box::new(ng))));
        }
    }

    /// Show the network screen `r` (joining or hosting), its players' tags kept in the data folder.
    /// The name the network forms offer: the one last given, else the system's user name.
    fn net_name(&self) -> String {
        (self.settings.net.name.clone()).unwrap_or_else(remote::default_name)
    }

    /// Open the join form filled in from a `junqi:` link (the program was started with one):
    /// the player checks it and connects; a link that is not one is shown with what is wrong.
    pub fn open_link(&mut self, link: &str) {
        let library = formations::library(self.data_dir.as_deref());
        let mut r = remote::Remote::join(&self.net_name(), library);
        r.fill_from_link(link);
        self.open_remote(r);
    }

    fn open_remote(&mut self, r: remote::Remote) {
        let r = r.keeping_tags_in(self.data_dir.as_ref().map(|d| d.join("net-tags")));
        self.show(Screen::Remote(Box::new(r)));
    }

    /// A command of the network screen: the screen carries it out (waking the window when the
    /// network has news), and leaving it goes home.
    fn run_remote_command(&mut self, ctx: &egui::Context, c: remote::RemoteCmd) {
        if let Screen::Remote(r) = &mut self.screen {
            if matches!(c, remote::RemoteCmd::Connect | remote::RemoteCmd::OpenRoom) {
                r.remember(&mut self.settings.net);
            }
            let ctx = ctx.clone();
            let wake: Box<dyn Fn() + Send> = Box::new(move || ctx.request_repaint());
            match r.apply(c, &mut *self.network, Some(wake)) {
                remote::RemoteOutcome::Home => {
                    self.saves.refresh();
                    self.show(Screen::Home);
                }
                remote::RemoteOutcome::Review(p) => {
                    self.run_save_command(saves::SaveCmd::Open(p));
                }
                remote::RemoteOutcome::Stay => {}
            }
        }
    }

    /// A command of the lessons: a lesson learnt is remembered in the settings.
    fn run_learn_command(&mut self, c: learn::LearnCmd) {
        if let Screen::Learn(l) = &mut self.screen {
            match l.apply_with(c, &mut self.settings.puzzles) {
                learn::LearnOutcome::Stay => {}
                learn::LearnOutcome::Home => self.show(Screen::Home),
                learn::LearnOutcome::Learnt(id) => {
                    if !self.settings.lessons_done.contains(&id) {
                        self.settings.lessons_done.push(id);
                    }
                }
            }
        }
    }

    /// An act of the game in play (from the play screen and its keys).
    fn run_act(&mut self, act: Act) {
        if act == Act::CurtainOff(false) {
            // Cancelled: the curtain setting stays on.
            self.settings.modes.curtain = true;
        }
        // Acts come from the play screen and its keys (`shortcuts` sends none elsewhere);
        // the curtain setting cancelled in the View menu, which any screen shows, also
        // reaches the game in play when it is parked.
        if let Screen::Play(play) = &mut self.screen {
            play.apply(act);
        } else if let (Act::CurtainOff(false), Some(play)) = (&act, &mut self.parked) {
            play.apply(act);
        }
    }

    /// A save command: the saves carry it out, the window shows what it opened.
    pub fn run_save_command(&mut self, cmd: saves::SaveCmd) {
        if let saves::SaveCmd::Referee(c) = cmd {
            return self.resume_referee(c);
        }
        let on_screen = match &self.screen {
            Screen::Replay(r) => Some(&r.game),
            Screen::Referee(r) => r.tracked_game(),
            // Under the hand-over curtain nobody in particular looks: no Save as.
            Screen::Play(s) if s.curtain_up() => None,
            Screen::Play(s) => Some(s.game()),
            _ => None,
        };
        let in_play = match &self.screen {
            Screen::Play(s) => Some(&**s),
            _ => self.parked.as_deref(),
        };
        let out = self.saves.run(cmd, on_screen, in_play, self.settings.lang);
        if let Some(w) = out.warning {
            self.warning = Some(w);
        }
        match out.show {
            None => {}
            Some(saves::Show::Home) => self.show(Screen::Home),
            Some(saves::Show::Game(s)) => self.show(Screen::Play(s)),
            Some(saves::Show::Replay {
                game,
                name,
                current,
                owner,
                path,
            }) => self.show(Screen::Replay(Box::new(
                replay::Replay::new(*game, name, current, owner).with_path(path),
            ))),
        }
    }

    /// A replay command: the replay carries it out, the window shows where it leads.
    fn run_replay_command(&mut self, cmd: replay::ReplayCmd) {
        let Screen::Replay(r) = &mut self.screen else {
            return;
        };
        let went_on = matches!(cmd, replay::ReplayCmd::ContinueFrom(_))
            && (self
                .parked
                .as_deref()
                .is_some_and(|p| went_on(&r.game, p.game()))
                || self.saves.known_games().iter().any(|g| went_on(&r.game, g)));
        let ctx = replay::ReplayContext {
            takebacks_vs_computer: self.settings.modes.takebacks_vs_computer,
            went_on,
        };
        match r.apply(cmd, self.parked.as_deref_mut(), ctx) {
            replay::ReplayOutcome::Stay => {}
            replay::ReplayOutcome::BackToGame => {
                if !self.show_parked() {
                    self.show(Screen::Home);
                }
            }
            replay::ReplayOutcome::Home => self.show(Screen::Home),
            replay::ReplayOutcome::Continue(s) => self.show(Screen::Play(s)),
            replay::ReplayOutcome::Warn(w) => self.warning = Some(w),
        }
    }

    /// A referee screen with the rules last used.
    fn new_referee(&self) -> referee::Referee {
        referee::Referee::new(&self.settings.rules, self.data_dir.clone())
            .with_bottom(self.settings.bottom)
    }

    /// A command of the referee screen: the referee carries it out, the window goes where it leads.
    fn run_referee_command(&mut self, ctx: &egui::Context, cmd: referee::RefereeCmd) {
        let Screen::Referee(r) = &mut self.screen else {
            return;
        };
        match r.apply(cmd) {
            referee::RefereeOutcome::Stay => {}
            referee::RefereeOutcome::Leave => self.run_command(ctx, Command::Home),
            referee::RefereeOutcome::SaveAs => self.run_save_command(saves::SaveCmd::SaveAs),
        }
    }

    /// A first-screen button for what the referee left: resume it on the referee screen, or
    /// discard it.
    fn resume_referee(&mut self, cmd: referee::ResumeCmd) {
        let fresh = self.new_referee();
        let out = self.saves.referee.resume(cmd, fresh);
        if out.recent_changed {
            self.saves.refresh();
        }
        if let Some(w) = out.warning {
            self.warning = Some(w);
        }
        if let Some(r) = out.referee {
            self.show(Screen::Referee(Box::new(r)));
        }
    }
}

/// Whether `other` is the same game as `copy` gone on past `copy`'s last action (so `copy` is an
/// earlier copy, and its players have seen more than it holds).
fn went_on(copy: &crate::engine::Game, other: &crate::engine::Game) -> bool {
    let (a, b) = (&copy.record().actions, &other.record().actions);
    replay::same_game(copy, other) && b.len() > a.len() && b.starts_with(a)
}
