//! Puzzles (残局) in the real window, driven by their accessibility labels: open them from the
//! lesson list, solve one, fail one and see the defence that saves the flag played out, and the
//! rating and the streak move and are kept in the settings.

use crate::common;

use common::{click, harness, harness_sized};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::learn::{PuzzleRun, PuzzleSaid, Wrong};
use junqi::app::{JunqiApp, Screen, board::node_label};
use junqi::engine::{NodeId, Turn};
use junqi::i18n::{Lang, fill, puzzles as t};
use junqi::puzzles::{self, Goal, PROOF_BUDGET, Prover, Refutation};

/// The puzzle on screen.
fn run<'a>(h: &'a Harness<'static, JunqiApp>) -> &'a PuzzleRun {
    match &h.state().screen {
        Screen::Learn(l) => l.puzzle.as_ref().expect("a puzzle open"),
        _ => panic!("not the lesson screen"),
    }
}

fn click_node(h: &mut Harness<'static, JunqiApp>, n: NodeId) {
    let label = node_label(&run(h).view(), Lang::En, n);
    h.get_by_label(&label).click();
    h.run();
}

fn play(h: &mut Harness<'static, JunqiApp>, turn: Turn) {
    let Turn::Move { from, to } = turn else {
        panic!("open-mode puzzles have no flips")
    };
    click_node(h, from);
    click_node(h, to);
}

/// The first shipped flag puzzle of two or more turns, and a legal first turn of it that a defence
/// refutes (with that defence).
fn refuted() -> (usize, Turn, Turn) {
    for (i, p) in puzzles::shipped().iter().enumerate() {
        if p.depth < 2 || p.goal != Goal::Flag {
            continue;
        }
        let mut prover = Prover::new(&p.rules, PROOF_BUDGET);
        for turn in p.position.legal_turns(&p.rules) {
            if let Ok(Some(Refutation::Defence(d))) = prover.refute(&p.position, turn, p.depth) {
                return (i, turn, d);
            }
        }
    }
    panic!("no shipped puzzle of two turns or more with a refuted first turn")
}

/// The puzzles from the first screen, the open kind chosen (both kinds are offered at first).
fn open_puzzles(h: &mut Harness<'static, JunqiApp>) {
    click(h, "Learn");
    open_from_list(h);
    click(h, "Open");
}

/// The lesson list's puzzles entry, which shows the rating.
fn open_from_list(h: &mut Harness<'static, JunqiApp>) {
    let rating = format!("{:.0}", h.state().settings.puzzles.rating);
    click(h, &fill(t::PUZZLES_ENTRY.en, &[("rating", &rating)]));
}

#[test]
fn a_puzzle_solved_and_one_failed_move_the_rating_kept_in_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_puzzles(&mut h);
    assert_eq!(run(&h).index, 0);
    h.get_by_label(&format!("Puzzle 1 of {}", puzzles::shipped().len()));
    // Solved at the first try: the rating goes up, the streak is one.
    let answer = run(&h).puzzle.answer;
    play(&mut h, answer);
    h.get_by_label("Solved!");
    assert!(matches!(run(&h).said(), Some(PuzzleSaid::Solved(_))));
    assert!(
        run(&h).game().status().is_over(),
        "the forced line is played out"
    );
    let after_win = h.state().settings.puzzles.rating;
    assert!(after_win > 1200.0);
    assert_eq!(h.state().settings.puzzles.streak, 1);
    h.get_by_label("Streak 1 (best 1)");
    // A wrong try at a longer puzzle: the defence is played on the board and named.
    let (k, wrong, defence) = refuted();
    h.state_mut().settings.puzzles.next = k;
    // Esc: back to the lesson list; the puzzles open again where the settings say.
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(matches!(&h.state().screen, Screen::Learn(l) if l.puzzle.is_none()));
    open_from_list(&mut h);
    assert_eq!(run(&h).index, k);
    play(&mut h, wrong);
    let board = run(&h).game().board();
    let d = defence.notation(board);
    let side = run(&h).game().position().side_to_move().unwrap();
    assert_eq!(
        run(&h).said(),
        Some(&PuzzleSaid::Wrong(
            wrong.notation(board),
            Wrong::Defence(side.opponent().unwrap(), d.clone())
        ))
    );
    h.get_by_label(&fill(
        t::PUZZLE_DEFENCE.en,
        &[("side", side.opponent().unwrap().en()), ("defence", &d)],
    ));
    assert_eq!(
        run(&h).game().plies().len(),
        2,
        "the try and the defence are on the board"
    );
    let after_loss = h.state().settings.puzzles.rating;
    assert!(after_loss < after_win);
    assert_eq!(h.state().settings.puzzles.streak, 0);
    // R: the puzzle again; solving it now is not rated.
    h.key_press(egui::Key::R);
    h.run();
    assert!(run(&h).said().is_none());
    assert_eq!(run(&h).game().plies().len(), 0);
    let answer = run(&h).puzzle.answer;
    play(&mut h, answer);
    h.get_by_label("Solved!");
    assert_eq!(h.state().settings.puzzles.rating, after_loss);
    // N: the next puzzle.
    h.key_press(egui::Key::N);
    h.run();
    assert_eq!(run(&h).index, (k + 1) % puzzles::shipped().len());
    drop(h);
    // Kept with the settings.
    let h = harness(dir.path());
    assert_eq!(h.state().settings.puzzles.rating, after_loss);
    assert_eq!(h.state().settings.puzzles.best_streak, 1);
}

#[test]
fn an_illegal_try_says_why_and_is_not_rated() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), 640.0, 480.0);
    open_puzzles(&mut h);
    let p = run(&h).puzzle;
    // A piece of the player's sent two squares along a road, or anywhere it cannot go.
    let from = p.answer_from();
    let to = (0..p.position.board().len() as NodeId)
        .find(|&n| {
            n != from
                && p.position.at(n).is_none()
                && p.position
                    .check_turn(&p.rules, Turn::Move { from, to: n })
                    .is_err()
        })
        .expect("a square the piece cannot reach");
    click_node(&mut h, from);
    click_node(&mut h, to);
    assert!(matches!(run(&h).said(), Some(PuzzleSaid::Illegal(_))));
    assert_eq!(run(&h).change(), None);
    assert_eq!(h.state().settings.puzzles.rating, 1200.0);
    // At 640 × 480 the buttons are there.
    h.get_by_label("Try again (R)");
    h.get_by_label("Next puzzle (N)");
}

/// The first shipped puzzle of the material goal of two turns or more (else of one), and a legal
/// first turn of it that a defence refutes (with that defence).
fn material_refuted() -> (usize, Turn, Turn) {
    let material = |p: &&puzzles::Puzzle| p.goal == Goal::Material;
    let (i, p) = puzzles::shipped()
        .iter()
        .enumerate()
        .filter(|(_, p)| material(p))
        .max_by_key(|(i, p)| (p.depth, std::cmp::Reverse(*i)))
        .expect("shipped material puzzles");
    let mut prover = Prover::with_goal(&p.rules, PROOF_BUDGET, Goal::Material);
    for turn in p.position.legal_turns(&p.rules) {
        if let Ok(Some(Refutation::Defence(d))) = prover.refute(&p.position, turn, p.depth) {
            return (i, turn, d);
        }
    }
    panic!("no refuted first turn in material puzzle {}", p.id)
}

#[test]
fn a_material_puzzle_asks_for_material_is_solved_and_says_what_was_won() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_sized(dir.path(), 640.0, 480.0);
    let (k, wrong, defence) = material_refuted();
    h.state_mut().settings.puzzles.next = k;
    open_puzzles(&mut h);
    assert_eq!(run(&h).index, k);
    let p = run(&h).puzzle;
    let side = p.mover();
    let task = if p.depth == 1 {
        fill(t::PUZZLE_TASK_MATERIAL_1.en, &[("side", side.en())])
    } else {
        let n = p.depth.to_string();
        fill(
            t::PUZZLE_TASK_MATERIAL_N.en,
            &[("side", side.en()), ("n", &n)],
        )
    };
    h.get_by_label(&task);
    // A wrong try: the defence that keeps the material is played out and named.
    play(&mut h, wrong);
    let d = defence.notation(run(&h).game().board());
    h.get_by_label(&fill(
        t::PUZZLE_MATERIAL_DEFENCE.en,
        &[("side", side.opponent().unwrap().en()), ("defence", &d)],
    ));
    assert_eq!(run(&h).game().plies().len(), 2);
    // Again, and the answer: the forced gain is played out and what it won is said.
    h.key_press(egui::Key::R);
    h.run();
    let answer = run(&h).puzzle.answer;
    play(&mut h, answer);
    h.get_by_label("Solved!");
    let Some(PuzzleSaid::Solved(line)) = run(&h).said() else {
        panic!("{:?}", run(&h).said())
    };
    assert_eq!(line.len(), p.line.len());
    let (won, lost) = p.won_along_line();
    assert!(!won.is_empty());
    h.get_by_label(&t::won_words(Lang::En, &won, &lost));
    let small = egui::vec2(640.0, 480.0);
    common::layout::assert_tidy(&h, small, "a material puzzle solved at 640×480");
    // In Chinese too.
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    h.get_by_label(&t::won_words(Lang::Zh, &won, &lost));
    common::layout::assert_tidy(&h, small, "a material puzzle solved at 640×480, in Chinese");
}
