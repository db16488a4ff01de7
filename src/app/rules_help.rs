//! 规则 Rules: how to play, in a window over any screen (the top bar's button or F1), read as a
//! document: a table of contents that stays at the top (click a title to jump to its section),
//! then the sections under headings — first the game on screen (its mode and the house rules in
//! force, and the four-player rules when it is a four-player game), then the whole rulebook.
//! Everything
//! that could disagree with the engine is generated from the engine's own tables: the pieces and
//! their order (`Rank::ALL`, `Rank::count`, `players_number`), what each attack does under the rules
//! in force (`clash_outcome`), the board's stations, camps, HQs and rails (`Board`), the ways a game
//! ends (`EndReason`) and every house rule with its value (`HouseRule::ALL`, `HouseRule::texts`).

use crate::engine::rules::{HouseRule, RuleValue};
use crate::engine::{
    Board, ClashOutcome, EndReason, FlagTakers, MineRule, Mode, NodeKind, Rank, Rules,
    clash_outcome,
};
use crate::i18n::{self, Lang, fill};

/// Every way a game ends, in the order the rulebook lists them.
const END_REASONS: [EndReason; 8] = EndReason::ALL;

/// The rules window, while `open`. `in_game` says whether `rules` are the game's on screen (or else
/// the settings' last-used rules); `four` whether that game is a four-player one.
pub fn window(
    ctx: &egui::Context,
    open: &mut bool,
    lang: Lang,
    rules: &Rules,
    in_game: bool,
    four: bool,
) {
    egui::Window::new(lang.t(&i18n::RULES))
        .id(egui::Id::unique("junqi-rules-help"))
        .open(open)
        .default_size([620.0, 680.0])
        .vscroll(false)
        .show(ctx, |ui| document(ui, lang, rules, in_game, four));
}

/// The sections of the rules document, in the order shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Section {
    ThisGame,
    Four,
    Pieces,
    Board,
    Moving,
    Clashes,
    Deploying,
    Modes,
    End,
    HouseRules,
}

impl Section {
    /// The sections for a game (`four`: the four-player rules come second, right after the
    /// game's own).
    pub fn order(four: bool) -> Vec<Section> {
        let mut v = vec![Section::ThisGame];
        if four {
            v.push(Section::Four);
        }
        v.extend([
            Section::Pieces,
            Section::Board,
            Section::Moving,
            Section::Clashes,
            Section::Deploying,
            Section::Modes,
            Section::End,
            Section::HouseRules,
        ]);
        if !four {
            v.push(Section::Four);
        }
        v
    }

    /// The section's heading.
    pub fn title(self) -> &'static i18n::Text {
        match self {
            Section::ThisGame => &i18n::RULES_THIS_GAME,
            Section::Four => &i18n::FOUR_PLAYERS,
            Section::Pieces => &i18n::RULES_PIECES,
            Section::Board => &i18n::RULES_BOARD,
            Section::Moving => &i18n::RULES_MOVING,
            Section::Clashes => &i18n::RULES_CLASHES,
            Section::Deploying => &i18n::RULES_DEPLOY,
            Section::Modes => &i18n::RULES_MODES,
            Section::End => &i18n::RULES_END,
            Section::HouseRules => &i18n::HOUSE_RULES,
        }
    }
}

/// The table of contents (links, kept in view) over the scrolling sections; a link clicked
/// scrolls its section's heading to the top.
fn document(ui: &mut egui::Ui, lang: Lang, rules: &Rules, in_game: bool, four: bool) {
    let order = Section::order(four);
    ui.weak(lang.t(if in_game {
        &i18n::RULES_OF_GAME
    } else {
        &i18n::RULES_OF_SETTINGS
    }));
    let mut jump = None;
    ui.horizontal_wrapped(|ui| {
        ui.strong(lang.t(&i18n::RULES_CONTENTS));
        for (k, &sec) in order.iter().enumerate() {
            if ui
                .link(format!("{}. {}", k + 1, lang.t(sec.title())))
                .clicked()
            {
                jump = Some(sec);
            }
        }
    });
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("rules-help-document")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (k, &sec) in order.iter().enumerate() {
                ui.add_space(if k == 0 { 2.0 } else { 14.0 });
                if k > 0 {
                    ui.separator();
                }
                let head = ui.heading(lang.t(sec.title()));
                if jump == Some(sec) {
                    head.scroll_to_me(Some(egui::Align::TOP));
                }
                ui.add_space(4.0);
                section(ui, sec, lang, rules, four);
            }
        });
}

fn section(ui: &mut egui::Ui, sec: Section, lang: Lang, rules: &Rules, four: bool) {
    match sec {
        Section::ThisGame => this_game(ui, lang, rules, four),
        Section::Four => four_players(ui, lang),
        Section::Pieces => pieces(ui, lang, rules),
        Section::Board => board(ui, lang),
        Section::Moving => moving(ui, lang, rules),
        Section::Clashes => clashes(ui, lang, rules),
        Section::Deploying => deploying(ui, lang, rules),
        Section::Modes => modes(ui, lang, rules),
        Section::End => end(ui, lang),
        Section::HouseRules => house_rules(ui, lang, rules),
    }
}

/// The game's mode, and the value of every house rule that applies to it (those changed from
/// the mode's defaults in bold, marked).
fn this_game(ui: &mut egui::Ui, lang: Lang, rules: &Rules, four: bool) {
    let t = |x: &i18n::Text| lang.t(x);
    let mode = if four {
        format!("{} · {}", t(mode_name(rules.mode)), t(&i18n::FOUR_PLAYERS))
    } else {
        t(mode_name(rules.mode)).to_string()
    };
    ui.label(egui::RichText::new(fill(t(&i18n::RULES_THIS_MODE), &[("mode", &mode)])).strong());
    ui.label(t(mode_text(rules.mode)));
    ui.add_space(4.0);
    ui.strong(t(&i18n::RULES_IN_FORCE_LIST));
    let defaults = Rules::for_mode(rules.mode);
    let applies: Vec<HouseRule> = HouseRule::ALL
        .into_iter()
        .chain(four.then_some(HouseRule::FOUR_PLAYER).into_iter().flatten())
        .filter(|r| r.only_mode().is_none_or(|m| m == rules.mode))
        .collect();
    if applies.iter().all(|&r| rules.get(r) == defaults.get(r)) {
        ui.weak(t(&i18n::RULES_NONE_IN_FORCE));
    }
    egui::Grid::new("rules-help-this-game")
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            for rule in applies {
                let (name, _) = lang.rule_texts(rule);
                let value = value_text(lang, rules, rule);
                if rules.get(rule) == defaults.get(rule) {
                    ui.label(name);
                    ui.label(value);
                } else {
                    ui.strong(name);
                    ui.strong(format!("{value} ({})", t(&i18n::RULES_IN_FORCE)));
                }
                ui.end_row();
            }
        });
}

/// RULES.md section 9, in short.
fn four_players(ui: &mut egui::Ui, lang: Lang) {
    let b = Board::four_player();
    ui.label(lang.t(&i18n::RULES_FOUR_TEAMS));
    ui.label(fill(
        lang.t(&i18n::RULES_FOUR_BOARD),
        &[("nodes", &b.len().to_string())],
    ));
    ui.label(lang.t(&i18n::RULES_FOUR_MOVE));
    ui.label(lang.t(&i18n::RULES_FOUR_OUT));
}

fn mode_text(mode: Mode) -> &'static i18n::Text {
    match mode {
        Mode::Open => &i18n::MODE_OPEN,
        Mode::Hidden => &i18n::MODE_HIDDEN,
        Mode::Flip => &i18n::MODE_FLIP,
    }
}

fn names(lang: Lang, ranks: &[Rank]) -> String {
    let v: Vec<&str> = ranks.iter().map(|&r| lang.rank(r)).collect();
    v.join(if lang == Lang::Zh { "、" } else { ", " })
}

/// What a piece of rank `a` does when it attacks each rank but the flag: (removes, both removed,
/// is removed by).
fn attacks(rules: &Rules, a: Rank) -> (Vec<Rank>, Vec<Rank>, Vec<Rank>) {
    let (mut beats, mut even, mut loses) = (Vec::new(), Vec::new(), Vec::new());
    // The flag is left out: who may take it is the flag-taker rule's business (Clashes below).
    for d in Rank::ALL.into_iter().filter(|&d| d != Rank::Flag) {
        match clash_outcome(rules, a, d) {
            ClashOutcome::DefenderRemoved | ClashOutcome::MineDug | ClashOutcome::FlagTaken => {
                beats.push(d)
            }
            ClashOutcome::BothRemoved => even.push(d),
            ClashOutcome::AttackerRemoved | ClashOutcome::Bounced => loses.push(d),
        }
    }
    (beats, even, loses)
}

fn mode_name(mode: Mode) -> &'static i18n::Text {
    match mode {
        Mode::Open => &i18n::MODE_NAME_OPEN,
        Mode::Hidden => &i18n::MODE_NAME_HIDDEN,
        Mode::Flip => &i18n::MODE_NAME_FLIP,
    }
}

/// A house rule's value under `rules`, in words.
pub fn value_text(lang: Lang, rules: &Rules, rule: HouseRule) -> String {
    match rules.get(rule) {
        RuleValue::Switch(on) => lang
            .t(if on { &i18n::ON } else { &i18n::RULES_OFF })
            .to_string(),
        RuleValue::Mines(m) => lang
            .t(match m {
                MineRule::Standard => &i18n::MINES_STANDARD,
                MineRule::Spring => &i18n::MINES_SPRING,
                MineRule::Bomb => &i18n::MINES_BOMB,
            })
            .to_string(),
        RuleValue::Takers(t) => lang
            .t(match t {
                FlagTakers::Any => &i18n::TAKERS_ANY,
                FlagTakers::Engineer => &i18n::TAKERS_ENGINEER,
                FlagTakers::Smallest => &i18n::TAKERS_SMALLEST,
            })
            .to_string(),
        RuleValue::Turns(0) | RuleValue::Clock(None) => lang.t(&i18n::RULES_NONE).to_string(),
        RuleValue::Turns(n) => n.to_string(),
        RuleValue::Clock(Some(s)) => fill(lang.t(&i18n::RULES_SECONDS), &[("n", &s.to_string())]),
        RuleValue::Order(o) => match lang {
            Lang::Zh => o.zh(),
            _ => o.en(),
        }
        .to_string(),
    }
}

fn pieces(ui: &mut egui::Ui, lang: Lang, rules: &Rules) {
    let t = |x: &i18n::Text| lang.t(x);
    let sep = if lang == Lang::Zh { "；" } else { "; " };
    let total: u32 = Rank::ALL.iter().map(|r| r.count() as u32).sum();
    ui.label(fill(
        t(&i18n::RULES_PIECES_INTRO),
        &[("n", &total.to_string())],
    ));
    for r in Rank::ALL {
        let number = r
            .players_number()
            .map(|n| format!(" {n}"))
            .unwrap_or_default();
        let head = format!("{}{number} ×{}", lang.rank(r), r.count());
        let what = if r.is_movable() {
            let (beats, even, loses) = attacks(rules, r);
            let mut parts = Vec::new();
            for (list, text) in [
                (beats, &i18n::RULES_BEATS),
                (even, &i18n::RULES_EVEN),
                (loses, &i18n::RULES_LOSES),
            ] {
                if !list.is_empty() {
                    parts.push(fill(t(text), &[("list", &names(lang, &list))]));
                }
            }
            parts.join(sep)
        } else {
            t(&i18n::RULES_NEVER_MOVES).to_string()
        };
        ui.horizontal_wrapped(|ui| {
            ui.strong(head);
            ui.label(what);
        });
    }
}

/// The board, counted from the engine's board.
fn board(ui: &mut egui::Ui, lang: Lang) {
    let b = Board::two_player();
    let count = |k: NodeKind| (0..b.len()).filter(|&n| b.kind(n as _) == k).count();
    let rail = (0..b.len()).filter(|&n| b.is_rail(n as _)).count();
    ui.label(fill(
        lang.t(&i18n::RULES_BOARD_TEXT),
        &[
            ("stations", &count(NodeKind::Station).to_string()),
            ("camps", &count(NodeKind::Camp).to_string()),
            ("hqs", &count(NodeKind::Hq).to_string()),
            ("rail", &rail.to_string()),
        ],
    ));
}

/// Moving, with the house rules that change it.
fn moving(ui: &mut egui::Ui, lang: Lang, rules: &Rules) {
    let t = |x: &i18n::Text| lang.t(x);
    ui.label(t(&i18n::RULES_MOVE_ROAD));
    ui.label(t(&i18n::RULES_MOVE_ENGINEER));
    for rule in [HouseRule::FlyingBombs, HouseRule::RailTurnForAll] {
        if rules.get(rule) == RuleValue::Switch(true) {
            ui.label(lang.rule_texts(rule).1);
        }
    }
    ui.label(t(&i18n::RULES_MOVE_CAMP));
    if rules.movable_hq {
        ui.label(lang.rule_texts(HouseRule::MovableHq).1);
    } else {
        ui.label(t(&i18n::RULES_MOVE_HQ));
    }
}

/// Clashes: the outcomes of the pieces' section, and the rules that change them.
fn clashes(ui: &mut egui::Ui, lang: Lang, rules: &Rules) {
    ui.label(lang.t(&i18n::RULES_CLASH_TEXT));
    for rule in [
        HouseRule::Mines,
        HouseRule::FlagTakers,
        HouseRule::FlagNeedsMinesCleared,
    ] {
        let (name, explain) = lang.rule_texts(rule);
        ui.label(format!(
            "{name} ({}): {explain}",
            value_text(lang, rules, rule)
        ));
    }
}

fn deploying(ui: &mut egui::Ui, lang: Lang, rules: &Rules) {
    ui.label(lang.t(&i18n::RULES_DEPLOY_TEXT));
    if rules.bombs_in_front_row {
        ui.label(lang.rule_texts(HouseRule::BombsInFrontRow).1);
    } else {
        ui.label(lang.t(&i18n::RULES_DEPLOY_BOMBS));
    }
}

fn modes(ui: &mut egui::Ui, lang: Lang, rules: &Rules) {
    let t = |x: &i18n::Text| lang.t(x);
    for mode in [Mode::Open, Mode::Hidden, Mode::Flip] {
        if mode == rules.mode {
            ui.strong(format!(
                "{} ({})",
                t(mode_text(mode)),
                t(&i18n::RULES_IN_FORCE)
            ));
        } else {
            ui.label(t(mode_text(mode)));
        }
    }
}

fn end(ui: &mut egui::Ui, lang: Lang) {
    ui.label(lang.t(&i18n::RULES_END_TEXT));
    for r in END_REASONS {
        ui.label(format!(
            "• {}",
            match lang {
                Lang::Zh => r.zh(),
                Lang::En => r.en(),
            }
        ));
    }
}

/// Every house rule with its value.
fn house_rules(ui: &mut egui::Ui, lang: Lang, rules: &Rules) {
    egui::Grid::new("rules-help-house")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            for rule in HouseRule::ALL {
                let (name, explain) = lang.rule_texts(rule);
                let only = rule
                    .only_mode()
                    .map(|m| fill(lang.t(&i18n::RULES_ONLY), &[("mode", lang.t(mode_name(m)))]))
                    .unwrap_or_default();
                ui.strong(name);
                ui.label(value_text(lang, rules, rule));
                ui.add(egui::Label::new(format!("{explain}{only}")).wrap());
                ui.end_row();
            }
        });
}
