//! The puzzle screen's drawing (残局): the board of the puzzle on screen, and beside it the task,
//! what the last try got, the rating and the streak. It returns `LearnCmd`s.

use super::{LearnCmd, PuzzleRun, PuzzleSaid, Wrong};
use crate::app::settings::{BoardOptions, Settings};
use crate::i18n::{self, Lang, fill, puzzles as t};

/// The colour of good news.
const GREEN: egui::Color32 = egui::Color32::from_rgb(0x10, 0x80, 0x38);
/// The colour of a wrong try.
const WRONG: egui::Color32 = egui::Color32::from_rgb(0xb0, 0x20, 0x10);

/// Draw the puzzle and take its keys (N the next, R again; Esc is the lesson screen's).
pub fn ui(ui: &mut egui::Ui, run: &PuzzleRun, settings: &Settings, out: &mut Vec<LearnCmd>) {
    use egui::{Key, Modifiers};
    ui.ctx().input_mut(|i| {
        if i.consume_key(Modifiers::NONE, Key::N) {
            out.push(LearnCmd::PuzzleNext);
        }
        if i.consume_key(Modifiers::NONE, Key::R) {
            out.push(LearnCmd::PuzzleRetry);
        }
    });
    let lang = settings.lang;
    let width = (ui.available_width() * 0.4).clamp(200.0, 420.0);
    egui::Panel::right("puzzle-panel")
        .resizable(false)
        .exact_size(width)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("puzzle-panel-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| panel(ui, run, settings, lang, out));
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
            run.game(),
            &view,
            run.selected(),
            &dests,
            run.player(),
            !run.finished(),
            &opts,
            lang,
        );
        if let Some(n) = input.clicked {
            out.push(LearnCmd::PuzzleNode(n));
        }
        if let Some((a, b)) = input.dropped {
            if run.selected() != Some(a) {
                out.push(LearnCmd::PuzzleNode(a));
            }
            out.push(LearnCmd::PuzzleNode(b));
        }
    });
}

/// The words beside the board: heading, buttons, task, the last try, the score.
fn panel(
    ui: &mut egui::Ui,
    run: &PuzzleRun,
    settings: &Settings,
    lang: Lang,
    out: &mut Vec<LearnCmd>,
) {
    let puzzle = run.puzzle;
    let max = crate::puzzles::shipped().len().to_string();
    ui.add_space(6.0);
    ui.heading(fill(
        lang.t(&t::PUZZLES_HEADING),
        &[("n", &(run.index + 1).to_string()), ("max", &max)],
    ));
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        if ui.button(lang.t(&t::PUZZLE_RETRY)).clicked() {
            out.push(LearnCmd::PuzzleRetry);
        }
        if ui.button(lang.t(&t::PUZZLE_NEXT)).clicked() {
            out.push(LearnCmd::PuzzleNext);
        }
        if ui.button(lang.t(&t::PUZZLE_BACK)).clicked() {
            out.push(LearnCmd::Back);
        }
    });
    ui.separator();
    let side = lang.side(run.player());
    let task = if puzzle.depth == 1 {
        fill(lang.t(&t::PUZZLE_TASK_1), &[("side", side)])
    } else {
        fill(
            lang.t(&t::PUZZLE_TASK_N),
            &[("side", side), ("n", &puzzle.depth.to_string())],
        )
    };
    ui.label(egui::RichText::new(task).size(16.0));
    ui.add_space(6.0);
    said(ui, run, lang);
    if let Some(change) = run.change() {
        let change = format!("{change:+.0}");
        let colour = if change.starts_with('-') {
            WRONG
        } else {
            GREEN
        };
        line(
            ui,
            &fill(lang.t(&t::PUZZLE_RATED), &[("change", &change)]),
            colour,
        );
    }
    ui.separator();
    let score = &settings.puzzles;
    ui.label(fill(
        lang.t(&t::PUZZLE_RATING),
        &[
            ("rating", &format!("{:.0}", score.rating)),
            ("puzzle", &puzzle.rating.to_string()),
        ],
    ));
    ui.label(fill(
        lang.t(&t::PUZZLE_STREAK),
        &[
            ("n", &score.streak.to_string()),
            ("best", &score.best_streak.to_string()),
        ],
    ));
    if !puzzle.source.is_empty() {
        ui.label(
            egui::RichText::new(fill(
                lang.t(&t::PUZZLE_SOURCE),
                &[("source", &puzzle.source)],
            ))
            .small()
            .weak(),
        );
    }
}

/// What the last click got.
fn said(ui: &mut egui::Ui, run: &PuzzleRun, lang: Lang) {
    let Some(s) = run.said() else { return };
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
            let text = fill(lang.t(&t::PUZZLE_LINE), &[("line", &turns.join(" "))]);
            line(ui, &text, ui.visuals().text_color());
        }
        PuzzleSaid::Wrong(turn, why) => {
            let n = run.puzzle.depth.to_string();
            let head = fill(lang.t(&t::PUZZLE_WRONG), &[("turn", turn), ("n", &n)]);
            line(ui, &head, WRONG);
            let reason = match why {
                Wrong::Defence(side, d) => fill(
                    lang.t(&t::PUZZLE_DEFENCE),
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

/// One line of what the puzzle says, in `colour`.
fn line(ui: &mut egui::Ui, text: &str, colour: egui::Color32) {
    ui.label(egui::RichText::new(text).size(15.0).color(colour));
}
