//! Hidden-mode puzzles of deduction (残局, 暗棋) in the real window, driven by their
//! accessibility labels: chosen among the kinds (kept in the settings), a wrong pick answered with
//! a deployment that agrees with the reports (shown on the board on request), a right one with its
//! reasons, the safe attack made and missed, the rating and the streak moving as for open puzzles.

use crate::common;

use common::{click, harness, harness_sized};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::learn::{HiddenRun, HiddenSaid};
use junqi::app::settings::PuzzleKind;
use junqi::app::{JunqiApp, Screen, board::node_label};
use junqi::engine::{NodeId, Seen, Turn, View};
use junqi::i18n::{Lang, fill, puzzles as t};
use junqi::puzzles::hidden::{self, Answer, Question};

/// The hidden puzzle on screen.
fn run<'a>(h: &'a Harness<'static, JunqiApp>) -> &'a HiddenRun {
    match &h.state().screen {
        Screen::Learn(l) => l.hidden.as_ref().expect("a hidden puzzle open"),
        _ => panic!("not the lesson screen"),
    }
}

fn click_node(h: &mut Harness<'static, JunqiApp>, view: &View, lang: Lang, n: NodeId) {
    let label = node_label(view, lang, n);
    h.get_by_label(&label).click();
    h.run();
}

/// The puzzles opened from the first screen at the hidden puzzle of index `k`.
fn open_at(h: &mut Harness<'static, JunqiApp>, k: usize) {
    h.state_mut().settings.puzzles.next_hidden = k;
    click(h, "Learn");
    let rating = format!("{:.0}", h.state().settings.puzzles.rating);
    click(h, &fill(t::PUZZLES_ENTRY.en, &[("rating", &rating)]));
    if h.state().settings.puzzles.kind != PuzzleKind::Hidden {
        click(h, "Hidden");
    }
    assert_eq!(run(h).index, k);
}

/// The first shipped puzzle asking for `q`.
fn first(q: Question) -> usize {
    hidden::shipped()
        .iter()
        .position(|p| p.question == q)
        .expect("a shipped puzzle of each kind")
}

#[test]
fn a_rank_question_missed_shows_a_deployment_and_solved_gives_the_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let k = first(Question::Marshal);
    open_at(&mut h, k);
    assert_eq!(h.state().settings.puzzles.kind, PuzzleKind::Hidden);
    let p = run(&h).puzzle;
    let view = p.knowledge.view.clone();
    let side = p.side();
    h.get_by_label(&t::hidden_task(
        Lang::En,
        side,
        Some(junqi::engine::Rank::Marshal),
        0,
    ));
    let Answer::Piece(answer) = p.answer else {
        panic!("a rank question answers with a piece")
    };
    // A wrong pick: another unknown enemy piece.
    let wrong = (0..view.board().len() as NodeId)
        .find(|&n| n != answer && matches!(view.at(n), Seen::Unknown(_)))
        .expect("another unknown piece");
    click_node(&mut h, &view, Lang::En, wrong);
    let Some(HiddenSaid::NotForced {
        could_be,
        deployment,
        ..
    }) = run(&h).said().cloned()
    else {
        panic!(
            "a wrong pick is answered with a deployment: {:?}",
            run(&h).said()
        )
    };
    assert_ne!(could_be, junqi::engine::Rank::Marshal);
    assert!(deployment.contains(&(wrong, could_be)));
    h.get_by_label(&fill(
        t::HIDDEN_NOT_FORCED.en,
        &[
            ("at", view.board().name(wrong)),
            ("could", &t::a_rank(Lang::En, could_be)),
        ],
    ));
    assert!(h.state().settings.puzzles.rating < 1200.0);
    assert_eq!(h.state().settings.puzzles.streak, 0);
    // The deployment on the board: the picked piece shows the rank it could be.
    click(&mut h, t::HIDDEN_SHOW.en);
    let shown = run(&h).shown_view().expect("the deployment is shown");
    h.get_by_label(&node_label(&shown, Lang::En, wrong));
    h.get_by_label(t::HIDDEN_SHOWN_NOTE.en);
    click(&mut h, t::HIDDEN_HIDE.en);
    assert!(run(&h).shown_view().is_none());
    // Again (R), the right piece: solved with its reasons, not rated again.
    let rating = h.state().settings.puzzles.rating;
    h.key_press(egui::Key::R);
    h.run();
    assert!(run(&h).said().is_none());
    click_node(&mut h, &view, Lang::En, answer);
    assert!(matches!(run(&h).said(), Some(HiddenSaid::Right(_))));
    h.get_by_label("Solved!");
    h.get_by_label(&fill(
        t::HIDDEN_RIGHT_RANK.en,
        &[
            ("at", view.board().name(answer)),
            ("rank", "the field marshal"),
        ],
    ));
    assert_eq!(h.state().settings.puzzles.rating, rating);
    // N: the next hidden puzzle.
    h.key_press(egui::Key::N);
    h.run();
    assert_eq!(run(&h).index, (k + 1) % hidden::shipped().len());
    drop(h);
    // The kind offered is kept with the settings.
    let h = harness(dir.path());
    assert_eq!(h.state().settings.puzzles.kind, PuzzleKind::Hidden);
    assert_eq!(h.state().settings.puzzles.next_hidden, k + 1);
}

#[test]
fn the_safe_attack_made_and_an_unsafe_one_refuted() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), 640.0, 480.0);
    let k = first(Question::SafeAttack);
    open_at(&mut h, k);
    let p = run(&h).puzzle;
    let view = p.knowledge.view.clone();
    let Answer::Attack(Turn::Move { from, to }) = p.answer else {
        panic!("the safe attack answers with an attack")
    };
    // A move onto an empty square is no attack: said so, not rated.
    let empty = view
        .destinations_from(&p.knowledge.rules, from)
        .into_iter()
        .find(|&n| view.at(n) == Seen::Empty);
    if let Some(e) = empty {
        click_node(&mut h, &view, Lang::En, from);
        click_node(&mut h, &view, Lang::En, e);
        assert_eq!(run(&h).said(), Some(&HiddenSaid::NotAnAttack));
        assert_eq!(run(&h).change(), None);
        click_node(&mut h, &view, Lang::En, from);
    }
    click_node(&mut h, &view, Lang::En, from);
    click_node(&mut h, &view, Lang::En, to);
    assert!(matches!(run(&h).said(), Some(HiddenSaid::Right(_))));
    h.get_by_label("Solved!");
    assert!(h.state().settings.puzzles.rating > 1200.0);
    assert_eq!(h.state().settings.puzzles.streak, 1);
    // Another safe-attack puzzle, tried with an attack that is not the answer.
    let next = hidden::shipped()
        .iter()
        .enumerate()
        .skip(k + 1)
        .find(|(_, p)| p.question == Question::SafeAttack)
        .map(|(i, _)| i)
        .expect("two safe-attack puzzles");
    let (wrong, _, _) = hidden::attacks(&hidden::shipped()[next].knowledge)
        .into_iter()
        .find(|(t, _, _)| Answer::Attack(*t) != hidden::shipped()[next].answer)
        .expect("another attack");
    // Esc: back to the lesson list, and the puzzles again at the one the settings name.
    h.key_press(egui::Key::Escape);
    h.run();
    h.state_mut().settings.puzzles.next_hidden = next;
    let rating = format!("{:.0}", h.state().settings.puzzles.rating);
    click(&mut h, &fill(t::PUZZLES_ENTRY.en, &[("rating", &rating)]));
    assert_eq!(run(&h).index, next);
    let view = run(&h).view().clone();
    let Turn::Move { from, to } = wrong else {
        unreachable!()
    };
    click_node(&mut h, &view, Lang::En, from);
    click_node(&mut h, &view, Lang::En, to);
    let Some(HiddenSaid::Unsafe {
        could_be,
        attacker,
        outcome,
        ..
    }) = run(&h).said().cloned()
    else {
        panic!("an unsafe attack is refuted: {:?}", run(&h).said())
    };
    let lost = junqi::engine::clash_outcome(&run(&h).puzzle.knowledge.rules, attacker, could_be);
    assert_eq!(lost, outcome);
    assert!(matches!(
        lost,
        junqi::engine::ClashOutcome::AttackerRemoved | junqi::engine::ClashOutcome::BothRemoved
    ));
    h.get_by_label(&fill(
        t::HIDDEN_UNSAFE.en,
        &[
            ("at", view.board().name(to)),
            ("could", &t::a_rank(Lang::En, could_be)),
            ("attacker", attacker.en()),
            ("outcome", outcome.en()),
        ],
    ));
    assert_eq!(h.state().settings.puzzles.streak, 0);
    // At 640 × 480 the buttons are there.
    h.get_by_label("Try again (R)");
    h.get_by_label("Next puzzle (N)");
}

#[test]
fn a_hidden_puzzle_speaks_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), 640.0, 480.0);
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    let k = first(Question::Mine);
    h.state_mut().settings.puzzles.next_hidden = k;
    h.state_mut().settings.puzzles.kind = PuzzleKind::Hidden;
    click(&mut h, junqi::i18n::learn::LEARN.zh);
    let rating = format!("{:.0}", h.state().settings.puzzles.rating);
    click(&mut h, &fill(t::PUZZLES_ENTRY.zh, &[("rating", &rating)]));
    let p = run(&h).puzzle;
    h.get_by_label(&t::hidden_task(
        Lang::Zh,
        p.side(),
        Some(junqi::engine::Rank::Mine),
        0,
    ));
    h.get_by_label(&fill(
        t::PUZZLE_SOURCE.zh,
        &[("source", &t::source(Lang::Zh, &p.source))],
    ));
    assert!(t::source(Lang::Zh, &p.source).contains("第"));
}
