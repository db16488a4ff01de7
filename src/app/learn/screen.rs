//! The lesson screens' drawing: the list of lessons with their marks, and a lesson (its board
//! drawn by the board widget, its text, task and messages beside it). It reads the model and the
//! settings and returns `LearnCmd`s.

use super::{Learn, LearnCmd, LessonRun, Said, lesson, practice};
use crate::app::settings::{BoardOptions, Settings};
use crate::i18n::{self, Lang, fill, learn as t};

/// The colour of the hint's frames and of good news.
const GREEN: egui::Color32 = egui::Color32::from_rgb(0x10, 0x80, 0x38);
/// The colour of a refusal.
const WRONG: egui::Color32 = egui::Color32::from_rgb(0xb0, 0x20, 0x10);

/// Draw the lesson screen showing (the list, or the lesson open) and its keys.
pub fn ui(ui: &mut egui::Ui, learn: &Learn, settings: &Settings, out: &mut Vec<LearnCmd>) {
    keys(ui.ctx(), learn.open.is_some(), out);
    if let Some(p) = &learn.puzzle {
        super::puzzle_screen::ui(ui, p, learn.place, settings, out);
        return;
    }
    if let Some(p) = &learn.hidden {
        super::deduction_screen::ui(ui, p, learn.place, settings, out);
        return;
    }
    match &learn.open {
        None => list(ui, settings, out),
        Some(run) => lesson_screen(ui, run, settings, out),
    }
}

/// Esc: back (to the list, or from it to the first screen); in a lesson H the hint, N the next.
fn keys(ctx: &egui::Context, in_lesson: bool, out: &mut Vec<LearnCmd>) {
    use egui::{Key, Modifiers};
    ctx.input_mut(|i| {
        if i.consume_key(Modifiers::NONE, Key::Escape) {
            out.push(LearnCmd::Back);
        }
        if in_lesson && i.consume_key(Modifiers::NONE, Key::H) {
            out.push(LearnCmd::Hint);
        }
        if in_lesson && i.consume_key(Modifiers::NONE, Key::N) {
            out.push(LearnCmd::Next);
        }
    });
}

/// The list: every lesson as a button, the learnt ones marked.
fn list(ui: &mut egui::Ui, settings: &Settings, out: &mut Vec<LearnCmd>) {
    let lang = settings.lang;
    let lessons = lesson::all();
    let learnt = |id: &str| settings.lessons_done.iter().any(|d| d == id);
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(12.0);
                ui.heading(egui::RichText::new(lang.t(&t::LEARN_TITLE)).size(26.0));
                ui.label(lang.t(&t::LEARN_INTRO));
                let n = lessons
                    .iter()
                    .filter(|l| l.as_ref().is_ok_and(|l| learnt(&l.id)))
                    .count();
                let max = lessons.len().to_string();
                ui.label(fill(
                    lang.t(&t::LESSONS_DONE),
                    &[("n", &n.to_string()), ("max", &max)],
                ));
                ui.add_space(10.0);
                let width = (ui.available_width() - 24.0).clamp(200.0, 460.0);
                let rating = format!("{:.0}", settings.puzzles.rating);
                let entry = fill(
                    lang.t(&crate::i18n::puzzles::PUZZLES_ENTRY),
                    &[("rating", &rating)],
                );
                let button = egui::Button::new(egui::RichText::new(entry).size(16.0).strong())
                    .min_size(egui::vec2(width, 30.0));
                let any = !super::catalogue(crate::app::settings::PuzzleKind::Mixed).is_empty();
                if any && ui.add(button).clicked() {
                    out.push(LearnCmd::OpenPuzzles);
                }
                ui.add_space(6.0);
                for (i, l) in lessons.iter().enumerate() {
                    let number = (i + 1).to_string();
                    match l {
                        Ok(l) => {
                            let title = l.title.get(lang);
                            let text = fill(
                                lang.t(&t::LESSON_ENTRY),
                                &[("n", &number), ("title", title)],
                            );
                            ui.horizontal(|ui| {
                                let mark = lang.t(&t::LESSON_DONE_MARK);
                                let left = (ui.available_width() - width) / 2.0;
                                ui.add_space(left.max(0.0));
                                let button =
                                    egui::Button::new(egui::RichText::new(text).size(16.0))
                                        .min_size(egui::vec2(width, 30.0));
                                if ui.add(button).clicked() {
                                    out.push(LearnCmd::Open(i));
                                }
                                if learnt(&l.id) {
                                    ui.label(egui::RichText::new(mark).color(GREEN));
                                }
                            });
                        }
                        Err(e) => {
                            ui.colored_label(
                                WRONG,
                                fill(
                                    lang.t(&t::LESSON_BROKEN),
                                    &[("n", &number), ("why", &e.to_string())],
                                ),
                            );
                        }
                    }
                }
                ui.add_space(10.0);
                if ui.button(lang.t(&i18n::HOME)).clicked() {
                    out.push(LearnCmd::Back);
                }
            });
        });
    });
}

/// A lesson: its words in a panel at the side, its board in the middle.
fn lesson_screen(ui: &mut egui::Ui, run: &LessonRun, settings: &Settings, out: &mut Vec<LearnCmd>) {
    let lang = settings.lang;
    // The four-player board is square and crowded: it gets more of a small window.
    let share = if run.game().board().is_four() {
        0.3
    } else {
        0.4
    };
    let width = (ui.available_width() * share).clamp(200.0, 420.0);
    egui::Panel::right("lesson-panel")
        .resizable(false)
        .exact_size(width)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("lesson-panel-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| panel(ui, run, lang, out));
        });
    // The rank numbers (40 … 32) the lessons speak of, on the pieces.
    let opts = BoardOptions {
        rank_numbers: true,
        ..settings.board.clone()
    };
    egui::CentralPanel::default().show(ui, |ui| {
        let view = run.view();
        let dests = practice::destinations(&view, run.game(), run.selected(), !run.done());
        let input = practice::board(
            ui,
            Some(run.game()),
            &view,
            practice::Place {
                selected: run.selected(),
                destinations: &dests,
                player: run.player(),
                interactive: !run.done(),
            },
            &opts,
            lang,
        );
        if let Some(squares) = run.hint()
            && !input.centres.is_empty()
        {
            let stroke = egui::Stroke::new((input.scale * 0.05).max(2.0), GREEN);
            for &n in squares {
                ui.painter().rect_stroke(
                    egui::Rect::from_center_size(input.centres[n as usize], input.tile * 1.2),
                    4,
                    stroke,
                    egui::StrokeKind::Outside,
                );
            }
        }
        practice::clicks(&input, run.selected(), LearnCmd::Node, out);
    });
}

/// The lesson's words: title, explanation, the task, what the last try got, the buttons.
fn panel(ui: &mut egui::Ui, run: &LessonRun, lang: Lang, out: &mut Vec<LearnCmd>) {
    let lesson = run.lesson;
    let number = (run.index + 1).to_string();
    ui.add_space(6.0);
    ui.heading(fill(
        lang.t(&t::LESSON_HEADING),
        &[("n", &number), ("title", lesson.title.get(lang))],
    ));
    // The buttons first, so that they stay where they are when a message shows; then the task
    // (seen without scrolling in a small window), what the last try got, the explanation.
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        let hint = egui::Button::new(lang.t(&t::LESSON_HINT));
        if ui.add_enabled(!run.done(), hint).clicked() {
            out.push(LearnCmd::Hint);
        }
        if ui.button(lang.t(&t::LESSON_RESET)).clicked() {
            out.push(LearnCmd::Reset);
        }
        if run.index + 1 < lesson::all().len() && ui.button(lang.t(&t::LESSON_NEXT)).clicked() {
            out.push(LearnCmd::Next);
        }
        if ui.button(lang.t(&t::LESSON_BACK)).clicked() {
            out.push(LearnCmd::Back);
        }
    });
    ui.separator();
    let steps = lesson.steps.len();
    let heading = if steps > 1 {
        fill(
            lang.t(&t::LESSON_STEP),
            &[
                ("n", &(run.step() + 1).to_string()),
                ("max", &steps.to_string()),
            ],
        )
    } else {
        lang.t(&t::LESSON_TASK).to_string()
    };
    ui.label(egui::RichText::new(heading).strong());
    ui.label(egui::RichText::new(lesson.steps[run.step()].task.get(lang)).size(16.0));
    ui.add_space(6.0);
    said(ui, run, lang);
    if let Some(squares) = run.hint() {
        let names: Vec<&str> = squares
            .iter()
            .map(|&n| run.game().board().name(n))
            .collect();
        let text = fill(
            lang.t(&t::LESSON_HINT_SHOWN),
            &[("squares", &names.join(", "))],
        );
        line(ui, &text, GREEN);
    }
    if run.done() {
        ui.add_space(6.0);
        ui.label(
            egui::RichText::new(lang.t(&t::LESSON_DONE))
                .size(18.0)
                .strong()
                .color(GREEN),
        );
        ui.label(egui::RichText::new(lesson.done.get(lang)).size(15.0));
        if run.index + 1 >= lesson::all().len() {
            ui.label(lang.t(&t::LESSON_ALL_DONE));
        }
    }
    ui.separator();
    ui.label(egui::RichText::new(lesson.text.get(lang)).size(15.0));
    ui.label(
        egui::RichText::new(fill(
            lang.t(&t::LESSON_YOU_PLAY),
            &[("side", lang.side(run.player()))],
        ))
        .italics(),
    );
}

/// What the last click got: a refusal and its reason, a miss and why, or the step done.
fn said(ui: &mut egui::Ui, run: &LessonRun, lang: Lang) {
    let Some(s) = run.said() else { return };
    match s {
        Said::PickFirst => line(ui, lang.t(&t::LESSON_PICK), ui.visuals().text_color()),
        // The engine's own reason, worded as the play screen words it.
        Said::Illegal(e) => {
            line(ui, &lang.illegal(e), WRONG);
        }
        Said::Miss(why) => {
            let text = fill(lang.t(&t::LESSON_MISS), &[("why", why.get(lang))]);
            line(ui, &text, WRONG);
        }
        Said::Good(replies) => {
            line(ui, lang.t(&t::LESSON_GOOD), GREEN);
            for (seat, turn) in replies {
                let text = fill(
                    lang.t(&t::LESSON_REPLY),
                    &[("side", lang.side(*seat)), ("turn", turn)],
                );
                line(ui, &text, ui.visuals().text_color());
            }
        }
        Said::BrokenReply(turn, e) => {
            ui.colored_label(
                WRONG,
                fill(
                    lang.t(&t::LESSON_BROKEN_REPLY),
                    &[("turn", turn), ("why", &lang.illegal(e))],
                ),
            );
        }
    }
}

/// One line of what the lesson says, in `colour`.
fn line(ui: &mut egui::Ui, text: &str, colour: egui::Color32) {
    ui.label(egui::RichText::new(text).size(15.0).color(colour));
}
