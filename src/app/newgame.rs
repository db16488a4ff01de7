//! The new-game dialog: mode, players, house rules (texts from `engine::rules::HouseRule`),
//! a formation for each side, and which colour sits at the bottom.

use super::settings::Occupant;
use super::settings::{LastFormation, Settings};
use crate::ai::Level;
use crate::engine::rules::{HouseRule, TurnOrder};
use crate::engine::{
    FlagTakers, Formation, Game, InfoKey, MineRule, Mode, Rules, Seat, Start, StartError,
};
use crate::i18n::{self, Lang, fill};
use std::path::PathBuf;

/// Everything needed to start a game.
#[derive(Clone, Debug)]
pub struct NewGameSpec {
    pub rules: Rules,
    /// Red's and Blue's formations (open and hidden modes).
    pub formations: Box<[FormationChoice; 2]>,
    pub bottom: Seat,
    /// Who plays Red and Blue (player 1 and 2 in flip mode): a human or the computer.
    pub seats: [Occupant; 2],
    /// Flip mode: the seed of the deal as typed; `None` deals from the operating system's random
    /// source when the game starts (nobody sees that seed before the end).
    pub flip_seed: Option<u64>,
    /// A four-player game (RULES.md 9): `seats4` and `formations4` are used instead of `seats`
    /// and `formations`, and `bottom` is a four-player seat.
    pub four: bool,
    /// Who plays South, East, North and West.
    pub seats4: [Occupant; 4],
    /// South's, East's, North's and West's formations.
    pub formations4: Box<[FormationChoice; 4]>,
    /// The command that starts the outside engine, when a seat is `Occupant::Engine` (every
    /// engine seat runs its own process of it).
    pub engine_command: Option<String>,
}

impl NewGameSpec {
    /// The seats of the game's board: Red and Blue, or South, East, North and West.
    pub fn board_seats(&self) -> &'static [Seat] {
        if self.four { &Seat::FOUR } else { &Seat::BOTH }
    }

    /// Who plays each seat of the board (in `board_seats` order).
    pub fn players(&self) -> &[Occupant] {
        if self.four { &self.seats4 } else { &self.seats }
    }

    /// Whether an outside engine plays a seat.
    pub fn has_engine(&self) -> bool {
        self.players().contains(&Occupant::Engine)
    }

    /// The formation choice of a seat.
    pub fn choice_mut(&mut self, side: Seat) -> &mut FormationChoice {
        if side.is_four() {
            &mut self.formations4[side.index()]
        } else {
            &mut self.formations[side.index()]
        }
    }

    /// Two or four players. Four never deal face down (open play is chosen then) and put the
    /// first human seat at the bottom; two put Red at the bottom in place of a four-player seat.
    pub fn set_four(&mut self, four: bool) {
        self.four = four;
        if four {
            if self.rules.mode.deals_face_down() {
                pick_mode(&mut self.rules, Mode::Open);
            }
            self.bottom = self.first_human_seat();
        } else if self.bottom.is_four() {
            self.bottom = Seat::Red;
        }
    }

    /// Four players: the seat at the bottom by default, the first human seat (South if none).
    pub fn first_human_seat(&self) -> Seat {
        Seat::FOUR
            .into_iter()
            .zip(self.seats4)
            .find(|(_, s)| *s == Occupant::Human)
            .map_or(Seat::South, |(side, _)| side)
    }

    /// The game: a deal from the seed in flip mode, else the chosen formations (each checked by
    /// the engine).
    pub fn game(&self) -> Result<Game, StartError> {
        if self.four {
            let f = self.formations4.clone().map(|c| c.formation(&self.rules));
            return Game::new(
                self.rules.clone(),
                Start::four_formations([&f[0], &f[1], &f[2], &f[3]]),
            );
        }
        if self.rules.mode.deals_face_down() {
            let seed = self.flip_seed.unwrap_or_else(crate::engine::rng::os_seed);
            let mut game = Game::new(self.rules.clone(), Start::FlipDeal { seed })?;
            if self.flip_seed.is_some() {
                // Both players may know a typed deal: the record and the end summary say so.
                game.set_info(InfoKey::Deal, "typed");
            }
            return Ok(game);
        }
        let red = self.formations[0].formation(&self.rules);
        let blue = self.formations[1].formation(&self.rules);
        Game::new(self.rules.clone(), Start::formations(&red, &blue))
    }
}

pub struct NewGame {
    pub spec: NewGameSpec,
    /// The flip deal's seed as typed.
    pub seed_text: String,
    /// Formations to pick from (the user's library and the shipped ones).
    pub library: Vec<(PathBuf, Formation)>,
    /// A hidden game between people: the side choosing its formation behind the hand-over curtain
    /// now, and whether it has lifted the curtain (the rest of the dialog is covered meanwhile).
    pub private: Option<(Seat, bool)>,
    /// Each side's formation was pre-selected from the last game (not chosen in this dialog).
    preselected: [bool; 2],
    /// The seats that chose their formation privately (behind their curtain): their choice stays
    /// private until the game starts. A change of mode or players clears it (`reseal`), since the
    /// dialog would then show it to whoever is looking.
    sealed: Vec<Seat>,
    /// The mode and players the private choices were made under.
    sealed_under: PrivacyKey,
    /// Said once a change cleared private choices.
    pub cleared_note: bool,
    /// The outside engine's command as typed (offered: the last one chosen, or this program's
    /// own engine).
    pub engine_command: String,
}

/// What decides whether formations are chosen privately: the mode and who plays each seat.
type PrivacyKey = (Mode, bool, [Occupant; 2], [Occupant; 4]);

fn privacy_key(spec: &NewGameSpec) -> PrivacyKey {
    (spec.rules.mode, spec.four, spec.seats, spec.seats4)
}

/// Private choices survive only while the mode and the players stay as they were: any change (to
/// open or flip play, a seat given to the computer, two players or four) puts each private choice
/// back to a fresh random formation before anything is drawn, and notes it; a choice is never shown.
fn reseal(spec: &mut NewGameSpec, sealed: &mut Vec<Seat>, under: &mut PrivacyKey, note: &mut bool) {
    let key = privacy_key(spec);
    if key == *under {
        return;
    }
    *under = key;
    for side in std::mem::take(sealed) {
        *spec.choice_mut(side) = FormationChoice::Random(crate::engine::rng::os_seed());
        *note = true;
    }
}

/// A hidden game between people: each side chooses its formation privately.
/// Four players: whenever two or more seats are human (each chooses behind its own curtain).
pub fn private_choices(spec: &NewGameSpec) -> bool {
    spec.rules.mode.hides_identities()
        && if spec.four {
            spec.seats4
                .iter()
                .filter(|s| **s == Occupant::Human)
                .count()
                > 1
        } else {
            spec.seats.iter().all(|s| *s == Occupant::Human)
        }
}

/// The formations of `spec` to offer again next time (none for a random one). Only from an open
/// game: a hidden game's formation is kept nowhere outside its game record (the settings file is
/// not a game record, and anyone who reads it would learn the formation), and flip games deal.
pub fn last_formations(spec: &NewGameSpec) -> Option<[Option<LastFormation>; 2]> {
    if !spec.rules.mode.shows_everything() || spec.four {
        return None;
    }
    Some(spec.formations.clone().map(|c| match c {
        FormationChoice::Random(_) => None,
        FormationChoice::File(p, _) => Some(LastFormation::File(p)),
        FormationChoice::Edited(f) => Some(LastFormation::Edited(f.to_ron())),
    }))
}

/// Picking a mode brings that mode's defaults for the rules whose default depends on the mode
/// (RULES.md section 8: movable HQ, flag needs mines cleared, flag takers); the others stay.
/// The mode's radio buttons (those not played by four players greyed out with four), a change
/// through `pick_mode`.
pub(super) fn mode_buttons(ui: &mut egui::Ui, lang: Lang, rules: &mut Rules, four: bool) {
    for (m, t) in [
        (Mode::Open, &i18n::MODE_OPEN),
        (Mode::Hidden, &i18n::MODE_HIDDEN),
        (Mode::Flip, &i18n::MODE_FLIP),
    ] {
        let offered = !four || m.offered_for_four();
        if ui
            .add_enabled(offered, egui::RadioButton::new(rules.mode == m, lang.t(t)))
            .clicked()
            && rules.mode != m
        {
            pick_mode(rules, m);
        }
    }
}

pub(super) fn pick_mode(rules: &mut Rules, mode: Mode) {
    let d = Rules::for_mode(mode);
    rules.mode = mode;
    rules.movable_hq = d.movable_hq;
    rules.flag_needs_mines_cleared = d.flag_needs_mines_cleared;
    rules.flag_takers = d.flag_takers;
}

impl NewGame {
    pub fn new(settings: &Settings, seeds: (u64, u64)) -> NewGame {
        let mut ng = NewGame::with_settings(settings, seeds);
        ng.sealed_under = privacy_key(&ng.spec);
        if ng.spec.four {
            // As the last game: four players (never flip), the first human seat at the bottom.
            ng.spec.set_four(true);
        }
        ng
    }

    fn with_settings(settings: &Settings, seeds: (u64, u64)) -> NewGame {
        let rules = settings.rules.clone();
        NewGame {
            spec: NewGameSpec {
                rules,
                formations: Box::new([
                    FormationChoice::Random(seeds.0),
                    FormationChoice::Random(seeds.1),
                ]),
                bottom: settings.bottom,
                seats: settings.seats,
                flip_seed: None,
                four: settings.four,
                seats4: settings.seats4,
                formations4: Box::new(
                    [(); 4].map(|_| FormationChoice::Random(crate::engine::rng::os_seed())),
                ),
                engine_command: None,
            },
            seed_text: String::new(),
            library: Vec::new(),
            private: None,
            preselected: [false; 2],
            sealed: Vec::new(),
            sealed_under: (settings.rules.mode, false, settings.seats, settings.seats4),
            cleared_note: false,
            engine_command: settings
                .engine_command
                .clone()
                .unwrap_or_else(super::computer::default_engine_command),
        }
    }

    /// With the formations of the last game offered again (pre-selected): a library file still
    /// in the library, or a formation made in the editor. Not in a hidden game between people,
    /// where each side chooses behind its own curtain.
    pub fn with_last(mut self, last: &[Option<LastFormation>; 2]) -> NewGame {
        for (k, choice) in last.iter().enumerate() {
            let found = match choice {
                Some(LastFormation::File(path)) => self
                    .library
                    .iter()
                    .find(|(p, _)| p == path)
                    .map(|(p, f)| FormationChoice::File(p.clone(), f.clone())),
                Some(LastFormation::Edited(text)) => {
                    Formation::from_ron(text).ok().map(FormationChoice::Edited)
                }
                None => None,
            };
            if let Some(c) = found {
                self.spec.formations[k] = c;
                self.preselected[k] = true;
            }
        }
        self.forget_preselected_if_private();
        self
    }

    /// A hidden game between people: the formations pre-selected from the last game go back to
    /// random ones (a formation must not be offered to whoever sits at that side now).
    fn forget_preselected_if_private(&mut self) {
        if !private_choices(&self.spec) {
            return;
        }
        for k in 0..2 {
            if std::mem::take(&mut self.preselected[k]) {
                self.spec.formations[k] = FormationChoice::Random(crate::engine::rng::os_seed());
            }
        }
    }

    /// With the formation library to offer.
    pub fn with_library(mut self, library: Vec<(PathBuf, Formation)>) -> NewGame {
        self.library = library;
        self
    }

    /// The game to start, with the engine's command when a seat is an outside engine.
    pub fn spec(&self) -> NewGameSpec {
        let mut spec = self.spec.clone();
        let command = self.engine_command.trim();
        spec.engine_command = (spec.has_engine() && !command.is_empty()).then(|| command.into());
        spec
    }

    /// One side of a hidden game between people chooses its formation: first the hand-over
    /// curtain (the other player looks away), then that side's picker alone; "Done" covers it
    /// again and returns to the dialog, which shows the choice only as "chosen".
    fn private_choice(
        &mut self,
        ui: &mut egui::Ui,
        lang: Lang,
        side: Seat,
        lifted: bool,
    ) -> Option<NewGameCmd> {
        let other = side.opponent().map_or("", |o| lang.side(o));
        let names = [("side", lang.side(side)), ("other", other)];
        if !lifted {
            let curtain = if side.is_four() {
                &i18n::PRIVATE_CHOICE_CURTAIN_FOUR
            } else {
                &i18n::PRIVATE_CHOICE_CURTAIN
            };
            let text = fill(lang.t(curtain), &names);
            ui.add_space(ui.available_height() * 0.3);
            ui.vertical_centered(|ui| {
                let button = egui::Button::new(egui::RichText::new(text).size(22.0).strong())
                    .min_size(egui::vec2(360.0, 90.0));
                if ui.add(button).clicked() {
                    self.private = Some((side, true));
                    if !self.sealed.contains(&side) {
                        self.sealed.push(side);
                    }
                    self.sealed_under = privacy_key(&self.spec);
                }
            });
            return None;
        }
        let mut cmd = None;
        ui.heading(format!(
            "{} — {}",
            lang.side(side),
            lang.t(&i18n::FORMATIONS)
        ));
        ui.separator();
        let rules = self.spec.rules.clone();
        let choice = self.spec.choice_mut(side);
        // Behind this side's curtain: its owner alone sees the thumbnail.
        if picker(ui, lang, side, choice, &self.library, Some(&rules)) {
            // The editor brings its own curtain for this side.
            self.private = None;
            cmd = Some(NewGameCmd::EditFormation(side));
        }
        ui.add_space(12.0);
        if ui.button(lang.t(&i18n::PRIVATE_CHOICE_DONE)).clicked() {
            self.private = None;
        }
        cmd
    }

    /// The dialog (or, while a side chooses its formation privately, that side's choice alone).
    /// Returns what the player asked for this frame.
    pub fn ui(&mut self, ui: &mut egui::Ui, lang: Lang) -> Option<NewGameCmd> {
        self.reseal();
        self.forget_preselected_if_private();
        if let Some((side, lifted)) = self.private {
            return self.private_choice(ui, lang, side, lifted);
        }
        let seed_ok = self.take_seed();
        // An engine seat needs a command: Start waits for one (the field says so).
        let command_ok = !self.spec.has_engine() || !self.engine_command.trim().is_empty();
        let mut cmd = self.title_row(ui, lang, seed_ok && command_ok);
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("new-game-grid")
                .num_columns(2)
                .spacing([16.0, 8.0])
                .show(ui, |ui| {
                    self.mode_row(ui, lang);
                    self.players_row(ui, lang);
                    if self.spec.has_engine() {
                        let name_id = ui.strong(lang.t(&i18n::ENGINE_COMMAND)).id;
                        engine_command_field(ui, lang, &mut self.engine_command, name_id);
                        ui.end_row();
                    }
                    if self.spec.rules.mode.deals_face_down() {
                        self.seed_row(ui, lang, seed_ok);
                    }
                    // A mode or a seat changed above in this very frame: private choices go
                    // before the pickers below could show them.
                    self.reseal();
                    if let Some(c) = self.formations_row(ui, lang) {
                        cmd = Some(c);
                    }
                    ui.strong(lang.t(&i18n::BOTTOM_SIDE));
                    ui.horizontal(|ui| {
                        for &s in self.spec.board_seats() {
                            ui.radio_value(&mut self.spec.bottom, s, lang.side(s));
                        }
                    });
                    ui.end_row();
                });
            ui.separator();
            ui.strong(lang.t(&i18n::HOUSE_RULES));
            let spec = &mut self.spec;
            for rule in HouseRule::ALL {
                house_rule(ui, lang, rule, &mut spec.rules);
            }
            if spec.four {
                for rule in HouseRule::FOUR_PLAYER {
                    house_rule(ui, lang, rule, &mut spec.rules);
                }
            }
        });
        cmd
    }

    /// Private choices sealed again if the mode or the seats changed (see `reseal`).
    fn reseal(&mut self) {
        reseal(
            &mut self.spec,
            &mut self.sealed,
            &mut self.sealed_under,
            &mut self.cleared_note,
        );
    }

    /// The deal's seed as typed, into the spec: a number, or none (an empty field) for a random
    /// deal. Returns false when the field holds something else and the mode deals face down.
    fn take_seed(&mut self) -> bool {
        let typed = self.seed_text.trim();
        match typed.parse::<u64>() {
            Ok(v) => {
                self.spec.flip_seed = Some(v);
                true
            }
            Err(_) if typed.is_empty() => {
                self.spec.flip_seed = None;
                true
            }
            Err(_) => !self.spec.rules.mode.deals_face_down(),
        }
    }

    /// The heading with Start (enabled when `can_start`) and Cancel.
    fn title_row(&self, ui: &mut egui::Ui, lang: Lang, can_start: bool) -> Option<NewGameCmd> {
        let mut cmd = None;
        ui.horizontal(|ui| {
            ui.heading(lang.t(&i18n::NEW_GAME));
            ui.add_space(16.0);
            if ui
                .add_enabled(
                    can_start,
                    egui::Button::new(
                        egui::RichText::new(lang.t(&i18n::START))
                            .size(18.0)
                            .strong(),
                    ),
                )
                .clicked()
            {
                cmd = Some(NewGameCmd::Start(self.spec()));
            }
            if ui.button(lang.t(&i18n::CANCEL)).clicked() {
                cmd = Some(NewGameCmd::Cancel);
            }
        });
        cmd
    }

    /// The grid's mode row: the modes and their notes.
    fn mode_row(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let spec = &mut self.spec;
        ui.strong(lang.t(&i18n::MODE));
        ui.vertical(|ui| {
            mode_buttons(ui, lang, &mut spec.rules, spec.four);
            if spec.rules.mode.deals_face_down() {
                ui.weak(lang.t(&i18n::FLIP_DEFAULTS_NOTE));
            }
            if spec.four {
                ui.weak(lang.t(&i18n::FOUR_NO_FLIP));
            }
        });
        ui.end_row();
    }

    /// The grid's players row: two or four players, and who plays each seat.
    fn players_row(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let spec = &mut self.spec;
        ui.strong(lang.t(&i18n::PLAYERS));
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                for (four, t) in [(false, &i18n::TWO_PLAYERS), (true, &i18n::FOUR_PLAYERS)] {
                    if ui.radio(spec.four == four, lang.t(t)).clicked() && spec.four != four {
                        spec.set_four(four);
                    }
                }
            });
            if spec.four {
                for (k, side) in Seat::FOUR.into_iter().enumerate() {
                    let who = format!("{} ({})", lang.side(side), lang.seat_colour(side));
                    let who = fill(lang.t(&i18n::PLAYED_BY), &[("who", &who)]);
                    let before = spec.seats4[k];
                    seat_picker(ui, lang, &who, 10 + k, &mut spec.seats4[k]);
                    if spec.seats4[k] != before {
                        spec.bottom = spec.first_human_seat();
                    }
                }
                return;
            }
            for k in 0..2 {
                let who = if spec.rules.mode.deals_face_down() {
                    fill(lang.t(&i18n::SEAT_PLAYER), &[("n", &(k + 1).to_string())])
                } else {
                    lang.side(Seat::BOTH[k]).to_string()
                };
                // Reads "Human as Red" / "人 执红".
                let who = fill(lang.t(&i18n::PLAYED_BY), &[("who", &who)]);
                seat_picker(ui, lang, &who, k, &mut spec.seats[k]);
            }
        });
        ui.end_row();
    }

    /// The grid's deal row (modes that deal face down): the seed field, a new deal, and what the
    /// seed means (or that it is not a number).
    fn seed_row(&mut self, ui: &mut egui::Ui, lang: Lang, seed_ok: bool) {
        let seed_text = &mut self.seed_text;
        let name_id = ui.strong(lang.t(&i18n::DEAL_SEED)).id;
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                ui.add(
                    egui::TextEdit::singleline(seed_text)
                        .desired_width(190.0)
                        .char_limit(24),
                )
                .labelled_by(name_id);
                if ui.button(lang.t(&i18n::NEW_DEAL)).clicked() {
                    // An empty field: a random deal made when the game starts.
                    seed_text.clear();
                }
            });
            if seed_ok {
                ui.weak(lang.t(&i18n::DEAL_RANDOM_HINT));
                ui.weak(lang.t(&i18n::DEAL_REPLAY_HINT));
            } else {
                ui.colored_label(
                    egui::Color32::from_rgb(0xb0, 0x20, 0x10),
                    lang.t(&i18n::SEED_INVALID),
                );
            }
        });
        ui.end_row();
    }

    /// The grid's formations row: a picker per seat, or in hidden games between people only
    /// "chosen" and a button to choose behind the seat's own curtain. Returns the command to edit
    /// a formation if one was asked for.
    fn formations_row(&mut self, ui: &mut egui::Ui, lang: Lang) -> Option<NewGameCmd> {
        let mut cmd = None;
        let (spec, library, private) = (&mut self.spec, &self.library, &mut self.private);
        let cleared_note = self.cleared_note;
        ui.strong(lang.t(&i18n::FORMATIONS));
        // Hidden games between people: each side's choice shows only as "chosen".
        let hide = private_choices(spec);
        ui.add_enabled_ui(!spec.rules.mode.deals_face_down(), |ui| {
            ui.vertical(|ui| {
                if cleared_note {
                    ui.label(lang.t(&i18n::PRIVATE_CHOICES_CLEARED));
                }
                for &side in spec.board_seats() {
                    let human = spec.players()[side.index()] == Occupant::Human;
                    if hide && human {
                        // Each side chooses behind its own curtain; here only "chosen" shows,
                        // and nobody can change another's choice.
                        if chosen_privately(ui, lang, side) {
                            *private = Some((side, false));
                        }
                        continue;
                    }
                    // A thumbnail of the choice where it is no secret: an open game, or a
                    // person's own choice against the computer (never a computer's formation
                    // in a hidden game).
                    let rules = spec.rules.clone();
                    let thumb = (!rules.mode.hides_identities() || human).then_some(&rules);
                    let choice = spec.choice_mut(side);
                    if picker(ui, lang, side, choice, library, thumb) {
                        cmd = Some(NewGameCmd::EditFormation(side));
                    }
                }
            })
        });
        ui.end_row();
        cmd
    }
}

/// A side's formation chosen privately: "chosen", and a button to choose again behind the side's
/// own curtain. Returns whether it was clicked.
fn chosen_privately(ui: &mut egui::Ui, lang: Lang, side: Seat) -> bool {
    ui.horizontal(|ui| {
        ui.label(fill(
            lang.t(&i18n::SIDE_FORMATION_CHOSEN),
            &[("side", lang.side(side))],
        ));
        ui.button(fill(
            lang.t(&i18n::CHOOSE_PRIVATELY),
            &[("side", lang.side(side))],
        ))
        .clicked()
    })
    .inner
}

pub(super) fn house_rule(ui: &mut egui::Ui, lang: Lang, rule: HouseRule, rules: &mut Rules) {
    let (name, explain) = lang.rule_texts(rule);
    let only = rule.only_mode();
    let other_mode = only.is_some_and(|m| m != rules.mode);
    ui.add_space(4.0);
    ui.add_enabled_ui(!other_mode, |ui| {
        ui.horizontal_wrapped(|ui| {
            if let Some(flag) = rules.switch_mut(rule) {
                ui.checkbox(flag, egui::RichText::new(name).strong());
            } else {
                let name_id = ui.label(egui::RichText::new(name).strong()).id;
                value_rule_control(ui, lang, rule, rules, name_id);
            }
            if let Some(m) = only {
                ui.weak(lang.t(if m.hides_identities() {
                    &i18n::HIDDEN_ONLY_RULE
                } else {
                    &i18n::FLIP_ONLY_RULE
                }));
            }
        });
        ui.indent(rule.key(), |ui| ui.weak(explain));
    });
}

/// The control of a house rule that is not a plain yes/no (mines, flag takers, limits, the move
/// clock), labelled by the rule's name; shared by the new-game dialog and the referee's rule list.
/// A yes/no rule has its checkbox from `Rules::switch_mut` and nothing here.
pub(super) fn value_rule_control(
    ui: &mut egui::Ui,
    lang: Lang,
    rule: HouseRule,
    rules: &mut Rules,
    name_id: egui::Id,
) {
    match rule {
        HouseRule::Mines => {
            for (v, t) in [
                (MineRule::Standard, &i18n::MINES_STANDARD),
                (MineRule::Spring, &i18n::MINES_SPRING),
                (MineRule::Bomb, &i18n::MINES_BOMB),
            ] {
                ui.radio_value(&mut rules.mines, v, lang.t(t));
            }
        }
        HouseRule::FlagTakers => {
            for (v, t) in [
                (FlagTakers::Any, &i18n::TAKERS_ANY),
                (FlagTakers::Engineer, &i18n::TAKERS_ENGINEER),
                (FlagTakers::Smallest, &i18n::TAKERS_SMALLEST),
            ] {
                ui.radio_value(&mut rules.flag_takers, v, lang.t(t));
            }
        }
        HouseRule::QuietLimit => {
            ui.add(egui::DragValue::new(&mut rules.quiet_limit).range(1..=1000))
                .labelled_by(name_id);
        }
        HouseRule::TurnLimit => {
            ui.add(egui::DragValue::new(&mut rules.turn_limit).range(1..=100_000))
                .labelled_by(name_id);
        }
        HouseRule::MoveClock => {
            let mut on = rules.move_clock.is_some();
            if ui.checkbox(&mut on, lang.t(&i18n::ON)).changed() {
                rules.move_clock = on.then_some(30);
            }
            if let Some(secs) = &mut rules.move_clock {
                ui.add(egui::DragValue::new(secs).range(5..=3600))
                    .labelled_by(name_id);
                ui.label(lang.t(&i18n::SECONDS));
            }
        }
        HouseRule::FlyingBombs
        | HouseRule::MovableHq
        | HouseRule::BombsInFrontRow
        | HouseRule::FlagRevealOnMarshalLoss
        | HouseRule::EngineerScout
        | HouseRule::FlagNeedsMinesCleared
        | HouseRule::RailTurnForAll
        | HouseRule::FirstEngineerDecides
        | HouseRule::TeamView
        | HouseRule::QuietLoses => {}
        HouseRule::TurnOrder => {
            for v in [TurnOrder::Counterclockwise, TurnOrder::Clockwise] {
                let t = if lang == Lang::Zh { v.zh() } else { v.en() };
                ui.radio_value(&mut rules.turn_order, v, t);
            }
        }
    }
}

/// Human, computer (with its level) or an outside engine for one seat.
fn seat_picker(ui: &mut egui::Ui, lang: Lang, who: &str, k: usize, seat: &mut Occupant) {
    egui::ComboBox::new(("seat", k), who)
        .selected_text(super::computer::occupant_label(*seat, lang))
        .show_ui(ui, |ui| {
            for s in [
                Occupant::Human,
                Occupant::Computer(Level::Easy),
                Occupant::Computer(Level::Normal),
                Occupant::Computer(Level::Hard),
                Occupant::Engine,
            ] {
                let text = match s {
                    Occupant::Engine => lang.t(&i18n::ENGINE_CHOICE).to_string(),
                    s => super::computer::occupant_label(s, lang),
                };
                ui.selectable_value(seat, s, text);
            }
        });
}

/// The outside engine's command (labelled by `name_id`): a shell command line, this program's
/// own engine a click away, and a note while it is empty (the dialog then does not start).
fn engine_command_field(ui: &mut egui::Ui, lang: Lang, command: &mut String, name_id: egui::Id) {
    ui.vertical(|ui| {
        // The button goes under the field in a narrow window.
        ui.horizontal_wrapped(|ui| {
            let width = (ui.available_width() - 12.0).clamp(160.0, 420.0);
            ui.add(
                egui::TextEdit::singleline(command)
                    .desired_width(width)
                    .char_limit(2000),
            )
            .labelled_by(name_id);
            if ui.button(lang.t(&i18n::ENGINE_OWN)).clicked() {
                *command = super::computer::default_engine_command();
            }
        });
        if command.trim().is_empty() {
            ui.colored_label(
                egui::Color32::from_rgb(0xb0, 0x20, 0x10),
                lang.t(&i18n::ENGINE_COMMAND_EMPTY),
            );
        } else {
            ui.weak(lang.t(&i18n::ENGINE_COMMAND_HINT));
        }
    });
}

/// Where a side's formation comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum FormationChoice {
    /// A random valid formation from this seed.
    Random(u64),
    /// A formation file (user library or shipped), read when chosen.
    File(PathBuf, Formation),
    /// Made in the editor for this game.
    Edited(Formation),
}

impl FormationChoice {
    /// The formation to play with.
    pub fn formation(&self, rules: &Rules) -> Formation {
        match self {
            FormationChoice::Random(seed) => {
                Formation::random(&mut crate::engine::rng::SplitMix64::new(*seed), rules)
            }
            FormationChoice::File(_, f) | FormationChoice::Edited(f) => f.clone(),
        }
    }

    /// What the formation editor hands back: the file it is saved in, named as the file is,
    /// or an edited formation not saved as it is.
    pub fn of_editor(f: Formation, file: Option<PathBuf>) -> FormationChoice {
        match file {
            Some(path) => FormationChoice::File(path, f),
            None => FormationChoice::Edited(f),
        }
    }

    fn label(&self, lang: Lang) -> String {
        match self {
            // No part of the seed is shown: it decides the formation.
            FormationChoice::Random(_) => lang.t(&i18n::RANDOM_FORMATION).to_string(),
            FormationChoice::File(_, f) => f.name_in(lang == Lang::Zh).to_string(),
            FormationChoice::Edited(f) if f.name.is_empty() => lang.t(&i18n::EDITED).to_string(),
            FormationChoice::Edited(f) => format!(
                "{} ({})",
                f.name_in(lang == Lang::Zh),
                lang.t(&i18n::EDITED)
            ),
        }
    }
}

/// The per-side formation picker of the new-game dialog, with a thumbnail of the choice under
/// `thumb`'s rules (`None`: no thumbnail, the formation is not for whoever looks). Returns true if
/// "edit now" was clicked. In a hidden game between people it is shown only behind that side's
/// curtain (`NewGame::private_choice`); the dialog itself then reads only "chosen".
pub fn picker(
    ui: &mut egui::Ui,
    lang: Lang,
    side: Seat,
    choice: &mut FormationChoice,
    library: &[(PathBuf, Formation)],
    thumb: Option<&Rules>,
) -> bool {
    let mut edit = false;
    ui.horizontal_wrapped(|ui| {
        let label = i18n::fill(lang.t(&i18n::SIDE_FORMATION), &[("side", lang.side(side))]);
        egui::ComboBox::new(("formation", side), label)
            .selected_text(choice.label(lang))
            .width(220.0)
            .show_ui(ui, |ui| {
                let random = FormationChoice::Random(crate::engine::rng::os_seed());
                let is_random = matches!(choice, FormationChoice::Random(_));
                if ui
                    .selectable_label(is_random, lang.t(&i18n::RANDOM_FORMATION))
                    .clicked()
                {
                    *choice = random;
                }
                for (path, f) in library {
                    let selected = matches!(choice, FormationChoice::File(p, _) if p == path);
                    let zh = lang == Lang::Zh;
                    let resp = ui.selectable_label(selected, f.name_in(zh));
                    let resp = match f.notes_in(zh).lines().next() {
                        Some(note) if !note.is_empty() => resp.on_hover_text(note),
                        _ => resp,
                    };
                    if resp.clicked() {
                        *choice = FormationChoice::File(path.clone(), f.clone());
                    }
                }
            });
        if matches!(choice, FormationChoice::Random(_))
            && ui.button(lang.t(&i18n::REROLL)).clicked()
        {
            *choice = FormationChoice::Random(crate::engine::rng::os_seed());
        }
        if ui.button(lang.t(&i18n::EDIT_NOW)).clicked() {
            edit = true;
        }
    });
    if let Some(rules) = thumb.filter(|r| !r.mode.deals_face_down()) {
        let f = choice.formation(rules);
        crate::editor::thumbnail::show(ui, &f, side, super::board::side_colour(side), lang);
    }
    edit
}

/// What the new-game dialog asks for.
#[derive(Debug)]
pub enum NewGameCmd {
    Start(NewGameSpec),
    /// Back to the first screen.
    Cancel,
    /// Edit a side's formation in the editor, then come back.
    EditFormation(Seat),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_makes_a_game() {
        let s = Settings::default();
        let g = NewGame::new(&s, (1, 2)).spec().game().unwrap();
        assert_eq!(g.position().pieces(Seat::Red).count(), 25);
    }
}
