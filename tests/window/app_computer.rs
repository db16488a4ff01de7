//! Playing the computer in the window: the seat picker, its answer arriving off the UI thread,
//! undo back to the human's turn, and a hidden game that never shows the computer's pieces.

use crate::common;

use common::harness;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::board::node_label;
use junqi::app::{JunqiApp, Screen};
use junqi::engine::{Mode, Seat, Seen, Viewer};
use junqi::i18n::Lang;

fn plies(h: &Harness<'static, JunqiApp>) -> usize {
    h.state().play().unwrap().game().plies().len()
}

/// Step the window until the game has `n` plies (the computer answers on its own thread).
fn wait_for_plies(h: &mut Harness<'static, JunqiApp>, n: usize) {
    common::step_until(h, &format!("{n} plies"), |h| plies(h) >= n);
}

/// Open the new-game dialog, make Blue the computer (easy) through the seat picker, start.
fn start_against_computer(h: &mut Harness<'static, JunqiApp>, mode: Option<Mode>) {
    common::choose_for_blue(h, mode, "Computer · Easy");
    h.get_by_label("Start game").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Play(_)));
}

/// Play a plain legal move of Red by clicking it on the board.
fn human_move(h: &mut Harness<'static, JunqiApp>) {
    let (from, to, from_label, to_name) = {
        let game = &h.state().play().unwrap().game();
        let (from, to) = common::plain_move(game);
        let view = game.view(Viewer::Side(Seat::Red));
        (
            from,
            to,
            node_label(&view, Lang::En, from),
            game.board().name(to).to_string(),
        )
    };
    let _ = (from, to);
    h.get_by_label(&from_label).click();
    h.run();
    h.get_by_label(&to_name).click();
    h.run();
}

#[test]
fn the_computer_answers_and_undo_returns_to_the_human() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_against_computer(&mut h, None);
    human_move(&mut h);
    // The human's move is played at once; the computer's answer, thought on its own thread,
    // may already be there on a fast machine or not yet on a slow one.
    let first = h.state().play().unwrap().game().plies()[0].report.clone();
    assert_eq!(
        first.map(|r| r.mover),
        Some(junqi::engine::Mover::Side(Seat::Red))
    );
    wait_for_plies(&mut h, 2);
    let game = &h.state().play().unwrap().game();
    assert_eq!(game.position().side_to_move(), Some(Seat::Red));
    assert!(
        game.record()
            .info
            .iter()
            .any(|(k, v)| k == "computer" && v == "blue:easy")
    );
    // Undo takes back the computer's answer and the human's move: Red to move at the start.
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(plies(&h), 0);
    // And the game goes on: the computer answers the next move too.
    human_move(&mut h);
    wait_for_plies(&mut h, 2);
}

#[test]
fn the_computers_turns_sound_too() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let rec = junqi::app::sound::Recording::default();
    h.state_mut().sound = Box::new(rec.clone());
    h.state_mut().settings.sounds = true;
    start_against_computer(&mut h, Some(Mode::Hidden));
    human_move(&mut h);
    // The human's move sounds at once (the computer's answer may follow in the same frames).
    assert_eq!(rec.sounds().first(), Some(&junqi::app::sound::Sound::Move));
    wait_for_plies(&mut h, 2);
    h.run();
    let game = &h.state().play().unwrap().game();
    let report = game.plies()[1].report.as_ref().unwrap();
    assert_eq!(
        rec.sounds(),
        vec![
            junqi::app::sound::Sound::Move,
            junqi::app::sound::turn_sound(report)
        ]
    );
}

#[test]
fn a_hidden_game_against_the_computer_never_shows_its_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_against_computer(&mut h, Some(Mode::Hidden));
    common::leak::assert_no_leak(&h);
    // No curtain against the computer: the human's pieces are shown at once.
    human_move(&mut h);
    common::leak::assert_no_leak(&h);
    wait_for_plies(&mut h, 2);
    common::leak::run_checked(&mut h);
    // A few more turns, checked after each.
    for k in 0..3 {
        human_move(&mut h);
        common::leak::assert_no_leak(&h);
        wait_for_plies(&mut h, 4 + 2 * k);
        common::leak::run_checked(&mut h);
    }
    let play = h.state().play().unwrap();
    assert!(!play.curtain_up());
    let view = play.game().view(Viewer::Side(Seat::Red));
    let board = play.game().board();
    for n in 0..board.len() as u8 {
        let label = node_label(&view, Lang::En, n);
        // A piece Red legitimately knows (Blue's flag shown after Blue's marshal fell, a revealed
        // mine) may be named; any other Blue identity may not.
        if let Some(p) = play.game().position().at(n)
            && p.side() == Seat::Blue
            && !matches!(view.at(n), Seen::Known(_))
        {
            // Blue's identities never appear on the board labels.
            assert!(
                !label.contains(p.rank().en()),
                "{label} shows Blue's {}",
                p.rank().en()
            );
        }
        h.get_by_label(&label);
    }
}
