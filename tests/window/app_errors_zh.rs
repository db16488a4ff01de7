//! Errors reach the player in the player's language: in 中文 no English word shows — a broken
//! file opened from the command line (a formation, a record whose turn does not replay, the
//! settings file), a deal seed that is not a number, a refused turn. Each is also checked in
//! English, so the test sees the message it looks for (not an empty screen).

use crate::common;

use common::leak::texts;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::JunqiApp;
use junqi::engine::formation::Formation;
use junqi::engine::{Action, Game, Rules, Start};
use junqi::i18n::{self, Lang};
use std::path::Path;

/// Runs of two or more ASCII letters in `text` (square names like `c6` are one letter).
fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2)
        .map(str::to_string)
        .collect()
}

/// Every text on screen that contains `marker` (once each; a label's text may also be its
/// value), with `path` (a file's name, which may be in any letters) cut out.
fn shown(h: &Harness<'static, JunqiApp>, marker: &str, path: Option<&Path>) -> Vec<String> {
    let mut out: Vec<String> = texts(h)
        .into_iter()
        .filter(|t| t.contains(marker))
        .map(|t| match path {
            Some(p) => t.replace(&p.display().to_string(), ""),
            None => t,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The one warning on screen (it starts with ⚠) in `lang`: it names something, and in Chinese
/// no English word.
fn warning_in(h: &mut Harness<'static, JunqiApp>, lang: Lang, path: &Path) -> String {
    h.state_mut().settings.lang = lang;
    h.run();
    let said = shown(h, "⚠", Some(path));
    assert!(!said.is_empty(), "a warning");
    if lang == Lang::Zh {
        for t in &said {
            assert!(english_words(t).is_empty(), "English in 中文: {t}");
        }
    }
    // The whole of it (a text cut short to fit is part of it).
    let text = said
        .iter()
        .max_by_key(|t| t.len())
        .cloned()
        .unwrap_or_default();
    assert!(text.chars().count() > 12, "a reason is given: {text}");
    text
}

#[test]
fn broken_files_are_refused_in_chinese() {
    let broken_formation = "(version: 1, name: \"Left flank\", lines: [\"9 8 7 6 5\",";
    let record = {
        let layout = Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts/rail-control.ron");
        let f = Formation::from_ron(&std::fs::read_to_string(layout).unwrap()).unwrap();
        let mut game = Game::new(Rules::default(), Start::formations(&f, &f)).unwrap();
        let turn = game.position().legal_turns(game.rules())[0];
        let board = game.board();
        let turn = Action::Turn(turn.notation(board));
        game.act(turn.clone()).unwrap();
        // The same turn again: Blue is to move, so the second does not replay.
        let mut record = game.record().clone();
        record.actions.push(turn);
        ron::to_string(&record).unwrap()
    };
    for (name, text, en) in [
        ("layout.ron", broken_formation.to_string(), "line 1"),
        ("game.ron", record, "action 2"),
    ] {
        let (dir, mut h) = common::window();
        let path = dir.path().join(name);
        std::fs::write(&path, &text).unwrap();
        h.state_mut().open_file(&path);
        h.run();
        let english = warning_in(&mut h, Lang::En, &path);
        assert!(english.contains(en), "{name}: {english}");
        let chinese = warning_in(&mut h, Lang::Zh, &path);
        assert!(chinese.contains('第'), "{name}: where it broke: {chinese}");
    }
}

#[test]
fn a_broken_settings_file_is_reported_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("settings.ron");
    std::fs::write(&file, "(version: 1, lang: Zh, rules: (mines: Sometimes))").unwrap();
    let mut h = common::harness(dir.path());
    let english = warning_in(&mut h, Lang::En, &file);
    assert!(english.contains("defaults are used"), "{english}");
    warning_in(&mut h, Lang::Zh, &file);
}

#[test]
fn a_bad_deal_seed_is_refused_in_chinese() {
    let (_dir, mut h) = common::window();
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    h.get_all_by_label(Lang::Zh.t(&i18n::NEW_GAME))
        .next()
        .expect("a New game button")
        .click();
    h.run();
    h.get_by_label_contains(Lang::Zh.t(&i18n::MODE_FLIP))
        .click();
    h.run();
    h.get_by_label(Lang::Zh.t(&i18n::DEAL_SEED)).focus();
    h.run();
    h.get_by_label(Lang::Zh.t(&i18n::DEAL_SEED))
        .type_text("twelve");
    h.run();
    let said = shown(&h, Lang::Zh.t(&i18n::SEED_INVALID), None);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(english_words(&said[0]).is_empty(), "{said:?}");
    // Nothing starts from it.
    assert!(
        h.get_by_label(Lang::Zh.t(&i18n::START))
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn a_refused_turn_says_why_in_chinese() {
    let (_dir, mut h) = common::window();
    common::start_game(&mut h);
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    let (from, _) = common::plain_move(common::game(&h));
    let (target, reason) = common::unreachable_empty(common::game(&h), from);
    let before = common::game(&h).position().notation();
    h.get_by_label(&common::node_label(&h, from, Lang::Zh))
        .click();
    h.run();
    h.get_by_label(&common::node_label(&h, target, Lang::Zh))
        .click();
    h.run();
    assert_eq!(common::game(&h).position().notation(), before);
    let why = Lang::Zh.illegal(&reason);
    let said = shown(&h, &why, None);
    assert!(!said.is_empty(), "the reason is on screen: {why}");
    for s in said {
        assert!(english_words(&s).is_empty(), "English in 中文: {s}");
    }
}
