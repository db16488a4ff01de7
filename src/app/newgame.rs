//! The new-game dialog: mode, players, house rules (texts from `engine::rules::HOUSE_RULES`),
//! a formation for each side, and which colour sits at the bottom.

use super::Command;
use super::formations::{self, FormationChoice};
use super::i18n::{self, Lang};
use super::settings::Settings;
use crate::engine::rules::{HOUSE_RULES, HouseRuleInfo};
use crate::engine::{FlagTakers, Formation, Game, MineRule, Mode, Rules, Side, Start};
use std::path::PathBuf;

/// Everything needed to start a game.
#[derive(Clone, Debug)]
pub struct NewGameSpec {
    pub rules: Rules,
    /// Red's and Blue's formations.
    pub formations: Box<[FormationChoice; 2]>,
    pub bottom: Side,
}

impl NewGameSpec {
    /// The game, from the chosen formations (each checked by the engine).
    pub fn game(&self) -> Result<Game, String> {
        let red = self.formations[0].formation(&self.rules);
        let blue = self.formations[1].formation(&self.rules);
        Game::new(self.rules.clone(), Start::formations(&red, &blue))
    }
}

pub struct NewGame {
    pub spec: NewGameSpec,
    /// Formations to pick from (the user's library and the shipped ones).
    pub library: Vec<(PathBuf, Formation)>,
    seed: u64,
}

/// The boolean field of `Rules` a house rule key names.
pub(super) fn flag_mut<'a>(rules: &'a mut Rules, key: &str) -> Option<&'a mut bool> {
    Some(match key {
        "flying_bombs" => &mut rules.flying_bombs,
        "movable_hq" => &mut rules.movable_hq,
        "bombs_in_front_row" => &mut rules.bombs_in_front_row,
        "flag_reveal_on_marshal_loss" => &mut rules.flag_reveal_on_marshal_loss,
        "engineer_scout" => &mut rules.engineer_scout,
        "flag_needs_mines_cleared" => &mut rules.flag_needs_mines_cleared,
        "rail_turn_for_all" => &mut rules.rail_turn_for_all,
        "first_engineer_decides" => &mut rules.first_engineer_decides,
        _ => return None,
    })
}

/// House rules that change nothing in an open game.
fn only_other_modes(key: &str) -> bool {
    matches!(
        key,
        "flag_reveal_on_marshal_loss" | "engineer_scout" | "first_engineer_decides"
    )
}

impl NewGame {
    pub fn new(settings: &Settings, seeds: (u64, u64)) -> NewGame {
        let mut rules = settings.rules.clone();
        rules.mode = Mode::Open;
        NewGame {
            spec: NewGameSpec {
                rules,
                formations: Box::new([
                    FormationChoice::Random(seeds.0),
                    FormationChoice::Random(seeds.1),
                ]),
                bottom: settings.bottom,
            },
            library: Vec::new(),
            seed: seeds.0 ^ seeds.1.rotate_left(17),
        }
    }

    /// With the formation library to offer.
    pub fn with_library(mut self, library: Vec<(PathBuf, Formation)>) -> NewGame {
        self.library = library;
        self
    }

    pub fn spec(&self) -> NewGameSpec {
        self.spec.clone()
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, lang: Lang) -> Option<Command> {
        let mut cmd = None;
        ui.horizontal(|ui| {
            ui.heading(lang.t(&i18n::NEW_GAME));
            ui.add_space(16.0);
            if ui
                .add(egui::Button::new(
                    egui::RichText::new(lang.t(&i18n::START))
                        .size(18.0)
                        .strong(),
                ))
                .clicked()
            {
                cmd = Some(Command::Start(self.spec()));
            }
            if ui.button(lang.t(&i18n::CANCEL)).clicked() {
                cmd = Some(Command::Home);
            }
        });
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            let spec = &mut self.spec;
            egui::Grid::new("new-game-grid")
                .num_columns(2)
                .spacing([16.0, 8.0])
                .show(ui, |ui| {
                    ui.strong(lang.t(&i18n::MODE));
                    ui.radio_value(&mut spec.rules.mode, Mode::Open, lang.t(&i18n::MODE_OPEN));
                    ui.end_row();
                    ui.strong(lang.t(&i18n::PLAYERS));
                    ui.label(format!(
                        "{}: {}    {}: {}",
                        lang.side(Side::Red),
                        lang.t(&i18n::HUMAN),
                        lang.side(Side::Blue),
                        lang.t(&i18n::HUMAN)
                    ));
                    ui.end_row();
                    ui.strong(lang.t(&i18n::FORMATIONS));
                    ui.vertical(|ui| {
                        for side in Side::BOTH {
                            let choice = &mut spec.formations[side.index()];
                            if formations::picker(
                                ui,
                                lang,
                                side,
                                choice,
                                &self.library,
                                &mut self.seed,
                            ) {
                                cmd = Some(Command::EditFormation(side));
                            }
                        }
                    });
                    ui.end_row();
                    ui.strong(lang.t(&i18n::BOTTOM_SIDE));
                    ui.horizontal(|ui| {
                        for s in Side::BOTH {
                            ui.radio_value(&mut spec.bottom, s, lang.side(s));
                        }
                    });
                    ui.end_row();
                });
            ui.separator();
            ui.strong(lang.t(&i18n::HOUSE_RULES));
            for info in HOUSE_RULES {
                house_rule(ui, lang, info, &mut spec.rules);
            }
        });
        cmd
    }
}

fn house_rule(ui: &mut egui::Ui, lang: Lang, info: &HouseRuleInfo, rules: &mut Rules) {
    let (name, explain) = match lang {
        Lang::Zh => (info.zh, info.explain_zh),
        Lang::En => (info.en, info.explain_en),
    };
    let other_mode = only_other_modes(info.key);
    ui.add_space(4.0);
    ui.add_enabled_ui(!other_mode, |ui| {
        ui.horizontal_wrapped(|ui| {
            if let Some(flag) = flag_mut(rules, info.key) {
                ui.checkbox(flag, egui::RichText::new(name).strong());
            } else {
                let name_id = ui.label(egui::RichText::new(name).strong()).id;
                match info.key {
                    "mines" => {
                        for (v, t) in [
                            (MineRule::Standard, &i18n::MINES_STANDARD),
                            (MineRule::Spring, &i18n::MINES_SPRING),
                            (MineRule::Bomb, &i18n::MINES_BOMB),
                        ] {
                            ui.radio_value(&mut rules.mines, v, lang.t(t));
                        }
                    }
                    "flag_takers" => {
                        for (v, t) in [
                            (FlagTakers::Any, &i18n::TAKERS_ANY),
                            (FlagTakers::Engineer, &i18n::TAKERS_ENGINEER),
                            (FlagTakers::Smallest, &i18n::TAKERS_SMALLEST),
                        ] {
                            ui.radio_value(&mut rules.flag_takers, v, lang.t(t));
                        }
                    }
                    "quiet_limit" => {
                        ui.add(egui::DragValue::new(&mut rules.quiet_limit).range(1..=1000))
                            .labelled_by(name_id);
                    }
                    "turn_limit" => {
                        ui.add(egui::DragValue::new(&mut rules.turn_limit).range(1..=100_000))
                            .labelled_by(name_id);
                    }
                    "move_clock" => {
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
                    _ => {}
                }
            }
            if other_mode {
                ui.weak(lang.t(&i18n::OPEN_ONLY_RULE));
            }
        });
        ui.indent(info.key, |ui| ui.weak(explain));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_house_rule_has_a_control() {
        let handled = [
            "mines",
            "flag_takers",
            "quiet_limit",
            "turn_limit",
            "move_clock",
        ];
        for info in HOUSE_RULES {
            assert!(
                flag_mut(&mut Rules::default(), info.key).is_some() || handled.contains(&info.key),
                "{}",
                info.key
            );
        }
    }

    #[test]
    fn spec_makes_a_game() {
        let s = Settings::default();
        let g = NewGame::new(&s, (1, 2)).spec().game().unwrap();
        assert_eq!(g.position().pieces(Side::Red).count(), 25);
    }
}
