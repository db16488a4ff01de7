//! 规则 Rules: how to play, in a window over any screen (the top bar's button or F1). Everything
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
/// the settings' last-used rules).
pub fn window(ctx: &egui::Context, open: &mut bool, lang: Lang, rules: &Rules, in_game: bool) {
    egui::Window::new(lang.t(&i18n::RULES))
        .id(egui::Id::unique("junqi-rules-help"))
        .open(open)
        .default_size([560.0, 640.0])
        .vscroll(true)
        .show(ctx, |ui| content(ui, lang, rules, in_game));
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

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add_space(10.0);
    ui.heading(text);
}

fn content(ui: &mut egui::Ui, lang: Lang, rules: &Rules, in_game: bool) {
    let t = |x: &i18n::Text| lang.t(x);
    let sep = if lang == Lang::Zh { "；" } else { "; " };
    ui.weak(t(if in_game {
        &i18n::RULES_OF_GAME
    } else {
        &i18n::RULES_OF_SETTINGS
    }));

    // Pieces and what each attack does.
    heading(ui, t(&i18n::RULES_PIECES));
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

    // The board, counted from the engine's board.
    heading(ui, t(&i18n::RULES_BOARD));
    let b = Board::two_player();
    let count = |k: NodeKind| (0..b.len()).filter(|&n| b.kind(n as _) == k).count();
    let rail = (0..b.len()).filter(|&n| b.is_rail(n as _)).count();
    ui.label(fill(
        t(&i18n::RULES_BOARD_TEXT),
        &[
            ("stations", &count(NodeKind::Station).to_string()),
            ("camps", &count(NodeKind::Camp).to_string()),
            ("hqs", &count(NodeKind::Hq).to_string()),
            ("rail", &rail.to_string()),
        ],
    ));

    // Moving, with the house rules that change it.
    heading(ui, t(&i18n::RULES_MOVING));
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

    // Clashes: the outcomes above, and the rules that change them.
    heading(ui, t(&i18n::RULES_CLASHES));
    ui.label(t(&i18n::RULES_CLASH_TEXT));
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

    // Deploying.
    heading(ui, t(&i18n::RULES_DEPLOY));
    ui.label(t(&i18n::RULES_DEPLOY_TEXT));
    if rules.bombs_in_front_row {
        ui.label(lang.rule_texts(HouseRule::BombsInFrontRow).1);
    } else {
        ui.label(t(&i18n::RULES_DEPLOY_BOMBS));
    }

    // Modes.
    heading(ui, t(&i18n::RULES_MODES));
    for (mode, text) in [
        (Mode::Open, &i18n::MODE_OPEN),
        (Mode::Hidden, &i18n::MODE_HIDDEN),
        (Mode::Flip, &i18n::MODE_FLIP),
    ] {
        if mode == rules.mode {
            ui.strong(format!("{} ({})", t(text), t(&i18n::RULES_IN_FORCE)));
        } else {
            ui.label(t(text));
        }
    }

    // The end.
    heading(ui, t(&i18n::RULES_END));
    ui.label(t(&i18n::RULES_END_TEXT));
    for r in END_REASONS {
        ui.label(format!(
            "• {}",
            match lang {
                Lang::Zh => r.zh(),
                Lang::En => r.en(),
            }
        ));
    }

    // Every house rule with its value.
    heading(ui, t(&i18n::HOUSE_RULES));
    egui::Grid::new("rules-help-house")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            for rule in HouseRule::ALL {
                let (name, explain) = lang.rule_texts(rule);
                let only = rule
                    .only_mode()
                    .map(|m| fill(t(&i18n::RULES_ONLY), &[("mode", t(mode_name(m)))]))
                    .unwrap_or_default();
                ui.strong(name);
                ui.label(value_text(lang, rules, rule));
                ui.add(egui::Label::new(format!("{explain}{only}")).wrap());
                ui.end_row();
            }
        });
}
