//! The puzzle screen's drawing (残局): the board of the puzzle on screen, and beside it the task,
//! what the last try got, the rating and the streak. It returns `LearnCmd`s.

use super::deduction_screen::{GREEN, WRONG, header, keys, line, score};
use super::{LearnCmd, PuzzleRun, PuzzleSaid, Wrong};
use crate::app::settings::{BoardOptions, Settings};
use crate::i18n::{self, Lang, fill, puzzles as t};
use crate::puzzles::Goal;

/// Draw the open puzzle at `place` and take its keys (N the next, R again; Esc is the lesson
/// screen's).
pub fn ui(
    ui: &mut egui::Ui,
    run: &PuzzleRun,
    place: usize,
    settings: &Settings,
    out: &mut Vec<LearnCmd>,
) {
    keys(ui, out);
    let lang = settings.lang;
    let width = (ui.available_width() * 0.4).clamp(200.0, 420.0);
    egui::Panel::right("puzzle-panel")
        .resizable(false)
        .exact_size(width)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("puzzle-panel-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| panel(ui, run, place, settings, lang, out));
        });
    let opts = BoardOptions {
        rank_numbers: true,
        ..settings.board.clone()
    };
    egui::CentralPanel::default().show(ui, |ui| {
        let view = run.view();
        // Destinations even after the end, as before (the selection is kept on a solved puzzle).
        let dests = super::practice::destinations(&view, run.game(), run.selected(), true);
        let input = super::practice::board(
            ui,
            Some(run.game()),
            &view,
            super::practice::Place {
                selected: run.selected(),
                destinations: &dests,
                player: run.player(),
                interactive: !run.finished(),
            },
            &opts,
            lang,
        );
        super::practice::clicks(&input, run.selected(), LearnCmd::PuzzleNode, out);
    });
}

/// The words beside the board: heading, buttons, task, the last try, the score.
fn panel(
    ui: &mut egui::Ui,
    run: &PuzzleRun,
    place: usize,
    settings: &Settings,
    lang: Lang,
    out: &mut Vec<LearnCmd>,
) {
    let puzzle = run.puzzle;
    header(ui, place, settings, out);
    let side = lang.side(run.player());
    let (one, many) = match puzzle.goal {
        Goal::Flag => (&t::PUZZLE_TASK_1, &t::PUZZLE_TASK_N),
        Goal::Material => (&t::PUZZLE_TASK_MATERIAL_1, &t::PUZZLE_TASK_MATERIAL_N),
    };
    let task = if puzzle.depth == 1 {
        fill(lang.t(one), &[("side", side)])
    } else {
        fill(
            lang.t(many),
            &[("side", side), ("n", &puzzle.depth.to_string())],
        )
    };
    ui.label(egui::RichText::new(task).size(16.0));
    ui.add_space(6.0);
    said(ui, run, lang);
    score(ui, run.change(), puzzle.rating, &puzzle.source, settings);
}

/// What the last click got.
fn said(ui: &mut egui::Ui, run: &PuzzleRun, lang: Lang) {
    let Some(s) = run.said() else { return };
    let material = run.puzzle.goal == Goal::Material;
    match s {
        PuzzleSaid::PickFirst => line(
            ui,
            lang.t(&i18n::learn::LESSON_PICK),
            ui.visuals().text_color(),
        ),
        PuzzleSaid::Illegal(e) => line(ui, &lang.illegal(e), WRONG),
        PuzzleSaid::Solved(turns) => {
            ui.label(
                egui::RichText::new(lang.t(&t::PUZZLE_SOLVED))
                    .size(18.0)
                    .strong()
                    .color(GREEN),
            );
            let words = if material {
                &t::PUZZLE_MATERIAL_LINE
            } else {
                &t::PUZZLE_LINE
            };
            let text = fill(lang.t(words), &[("line", &turns.join(" "))]);
            line(ui, &text, ui.visuals().text_color());
            if material {
                let (won, lost) = run.puzzle.won_along_line();
                let text = t::won_words(lang, &won, &lost);
                line(ui, &text, ui.visuals().text_color());
            }
        }
        PuzzleSaid::Wrong(turn, why) => {
            let n = run.puzzle.depth.to_string();
            let (wrong, defence) = if material {
                (&t::PUZZLE_WRONG_MATERIAL, &t::PUZZLE_MATERIAL_DEFENCE)
            } else {
                (&t::PUZZLE_WRONG, &t::PUZZLE_DEFENCE)
            };
            let head = fill(lang.t(wrong), &[("turn", turn), ("n", &n)]);
            line(ui, &head, WRONG);
            let reason = match why {
                Wrong::Defence(side, d) => fill(
                    lang.t(defence),
                    &[("side", lang.side(*side)), ("defence", d)],
                ),
                Wrong::EndsGame => lang.t(&t::PUZZLE_ENDS).to_string(),
                Wrong::NoTake => lang.t(&t::PUZZLE_NO_TAKE).to_string(),
                Wrong::Unproven => lang.t(&t::PUZZLE_UNPROVEN).to_string(),
            };
            line(ui, &reason, ui.visuals().text_color());
        }
    }
}
