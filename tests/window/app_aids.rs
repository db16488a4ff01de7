//! Player aids in the window: the 记子 panel of hidden games, the hint against the computer.

use crate::common;

use common::leak::run_checked;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::{JunqiApp, Session};
use junqi::engine::rng::SplitMix64;
use junqi::engine::{
    ClashOutcome, Formation, Game, InfoKey, Mode, Rules, Seat, Seen, Start, Turn, Viewer,
};

/// A hidden game between two people after `plies` turns, attacks first (pieces come off).
fn hidden_game_with_clashes(plies: usize) -> Game {
    let rules = Rules::for_mode(Mode::Hidden);
    let red = Formation::random(&mut SplitMix64::new(1), &rules);
    let blue = Formation::random(&mut SplitMix64::new(2), &rules);
    let mut g = Game::new(rules, Start::formations(&red, &blue)).unwrap();
    let mut rng = SplitMix64::new(11);
    while g.plies().len() < plies && !g.status().is_over() {
        let pos = g.position();
        let turns = pos.legal_turns(g.rules());
        let attacks: Vec<Turn> = turns
            .iter()
            .copied()
            .filter(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_some()))
            .collect();
        let pick = if attacks.is_empty() { &turns } else { &attacks };
        let t = *rng.choose(pick).unwrap();
        g.play(t).unwrap();
    }
    g
}

/// Blue's pieces removed so far whose rank Red never saw: worked out from Red's view of each
/// position before the clash (a dug mine is named by the clash itself).
fn blue_removed_unknown_to_red(g: &Game) -> usize {
    let mut n = 0;
    for (i, ply) in g.plies().iter().enumerate() {
        let before = g.position_at(i).view(g.rules(), Viewer::Side(Seat::Red));
        let dug = ply.report.as_ref().and_then(|r| r.clash) == Some(ClashOutcome::MineDug);
        for &(at, p) in &ply.effects.removed {
            let named = matches!(before.at(at), Seen::Known(_))
                || (dug && matches!(ply.turn, Some(Turn::Move { to, .. }) if to == at));
            if p.side() == Seat::Blue && !named {
                n += 1;
            }
        }
    }
    n
}

fn show(h: &mut Harness<'static, JunqiApp>, g: Game) {
    h.state_mut().show_game(Session::new(g));
    run_checked(h);
}

#[test]
fn hidden_game_counts_enemy_pieces_from_the_players_own_view() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1280.0, 860.0);
    // Even plies: Red to move.
    let g = hidden_game_with_clashes(40);
    assert_eq!(g.position().side_to_move(), Some(Seat::Red));
    let unknown = blue_removed_unknown_to_red(&g);
    assert!(unknown > 0, "the test game removed no blue piece unseen");
    show(&mut h, g);
    // Behind the curtain nobody in particular looks: no count.
    assert!(h.query_by_label_contains("(记子)").is_none());
    h.get_by_label_contains("Red to move — press").click();
    run_checked(&mut h);
    h.get_by_label("Counting Blue's pieces (记子)");
    h.get_by_label(&format!("Removed, rank unknown: {unknown}"));
    // Every rank has its row (the rank's name in the panel as well as the trays).
    h.get_by_label("Left");
    h.get_by_label("Seen");
    common::layout::assert_tidy(&h, egui::vec2(1280.0, 860.0), "记子 panel");
    // In Chinese too.
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    h.run();
    h.get_by_label("记子：蓝方棋子");
    h.get_by_label(&format!("已亡（军衔未知）：{unknown}"));
}

/// Step the window until `done` holds (the computer thinks on its own thread).
fn wait_for(
    h: &mut Harness<'static, JunqiApp>,
    done: impl Fn(&Harness<'static, JunqiApp>) -> bool,
) {
    common::step_until(h, "the computer", |h| done(h));
}

fn hint_info(h: &Harness<'static, JunqiApp>) -> Option<String> {
    common::game(h)
        .record()
        .info
        .iter()
        .find(|(k, _)| k == "hints")
        .map(|(_, v)| v.clone())
}

#[test]
fn hint_against_the_computer_marks_its_suggestions_and_is_noted_in_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1280.0, 860.0);
    h.state_mut().settings.rules = Rules::for_mode(Mode::Hidden);
    h.state_mut().settings.seats[1] =
        junqi::app::settings::Occupant::Computer(junqi::ai::Level::Easy);
    h.get_by_label("Start now (last rules)").click();
    run_checked(&mut h);
    assert_eq!(hint_info(&h), None);
    h.get_by_label("Hint (H)").click();
    h.run();
    wait_for(&mut h, |h| h.state().play().unwrap().hint().is_some());
    run_checked(&mut h);
    let hint = h.state().play().unwrap().hint().cloned().unwrap();
    assert!(!hint.turns.is_empty() && hint.turns.len() <= 3);
    let g = common::game(&h);
    let legal = g.position().legal_turns(g.rules());
    for (k, t) in hint.turns.iter().enumerate() {
        assert!(legal.contains(t), "hint {t:?} is not a legal turn");
        h.get_by_label(&format!("Hint {}: {}", k + 1, t.notation(g.board())));
    }
    h.get_by_label_contains("Hint: 1. ");
    assert_eq!(hint_info(&h).as_deref(), Some("1"));
    h.get_by_label("Hints asked: 1");
    // The event log says so too.
    h.get_by_label("Turn 1: a hint was asked");
    common::layout::assert_tidy(&h, egui::vec2(1280.0, 860.0), "hint marks");
    // Play the first suggestion: the marks go; the computer answers; H asks again.
    if let Turn::Move { from, to } = hint.turns[0] {
        let cell = |h: &Harness<'static, JunqiApp>, n| {
            let view = common::game(h).view(Viewer::Side(Seat::Red));
            junqi::app::board::node_label(&view, junqi::i18n::Lang::En, n)
        };
        let (a, z) = (cell(&h, from), cell(&h, to));
        h.get_by_label(&a).click();
        h.run();
        h.get_by_label(&z).click();
        h.run();
    }
    assert!(
        !common::game(&h).plies().is_empty(),
        "the suggestion was played"
    );
    assert!(h.query_by_label_contains("Hint 1: ").is_none());
    wait_for(&mut h, |h| !h.state().play().unwrap().computer_to_move());
    run_checked(&mut h);
    let plies = common::game(&h).plies().len();
    h.key_press(egui::Key::H);
    wait_for(&mut h, |h| h.state().play().unwrap().hint().is_some());
    assert_eq!(
        hint_info(&h),
        Some(format!("1,{}", plies + 1)),
        "each hint is noted with its turn"
    );
    h.get_by_label("Hints asked: 2");
}

#[test]
fn no_hint_between_two_people_in_a_hidden_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1280.0, 860.0);
    h.state_mut().settings.rules = Rules::for_mode(Mode::Hidden);
    h.get_by_label("Start now (last rules)").click();
    run_checked(&mut h);
    h.get_by_label_contains("Red to move — press").click();
    run_checked(&mut h);
    assert!(h.query_by_label("Hint (H)").is_none());
    h.key_press(egui::Key::H);
    h.run();
    h.run();
    assert!(!h.state().play().unwrap().hint_pending());
    assert_eq!(hint_info(&h), None);
}

#[test]
fn recent_games_read_as_games_not_file_ids() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let mut g = hidden_game_with_clashes(6);
    g.set_info(InfoKey::Computer, "blue:normal");
    g.set_info(InfoKey::Started, "2026-11-30 15:56");
    g.act(junqi::engine::Action::Resign(Seat::Blue)).unwrap();
    std::fs::write(games.join("20261130155600ab12.ron"), g.to_ron()).unwrap();
    let mut h = common::harness_sized(dir.path(), 1280.0, 860.0);
    h.run();
    h.get_by_label("Hidden · vs computer (normal) · 6 moves · Red won · 11-30 15:56");
    assert!(h.query_by_label_contains("20261130155600ab12").is_none());
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    h.run();
    h.get_by_label("暗棋 · 对电脑（普通） · 6 步 · 红方胜 · 11-30 15:56");
}

/// The formation picker of `side` shows `name`.
fn picker_shows(h: &Harness<'static, JunqiApp>, name: &str) -> bool {
    h.query(
        egui_kittest::kittest::By::new()
            .role(egui::accesskit::Role::ComboBox)
            .value(name),
    )
    .is_some()
}

#[test]
fn the_last_used_formation_is_offered_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1280.0, 860.0);
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    assert!(!picker_shows(&h, "Solid defence"));
    h.get_by_label("Red's formation").click();
    h.run();
    h.get_by_label("Solid defence").click();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_label("Start game").click();
    h.run();
    // Next time (and after a restart) the dialog offers it again, pre-selected.
    drop(h);
    let mut h = common::harness_sized(dir.path(), 1280.0, 860.0);
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    assert!(picker_shows(&h, "Solid defence"), "not pre-selected");
    let junqi::app::Screen::NewGame(ng) = &h.state().screen else {
        panic!("the dialog")
    };
    assert!(matches!(
        &ng.spec.formations[0],
        junqi::app::newgame::FormationChoice::File(_, f) if f.name == "Solid defence"
    ));
    // Blue used a random formation: random again.
    assert!(matches!(
        &ng.spec.formations[1],
        junqi::app::newgame::FormationChoice::Random(_)
    ));
    // A hidden game between people chooses behind curtains: nothing is pre-selected there.
    h.get_by_label_contains("Hidden:").click();
    h.run();
    let junqi::app::Screen::NewGame(ng) = &h.state().screen else {
        panic!("the dialog")
    };
    assert!(matches!(
        &ng.spec.formations[0],
        junqi::app::newgame::FormationChoice::Random(_)
    ));
}
