//! The lessons (教程) in the real window, driven by their accessibility labels: open Learn from
//! the first screen, learn every lesson by clicking its answer, see a wrong try's reason, and
//! find the progress marks kept in the settings.

use crate::common;

use common::{click, harness};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::learn::lesson::{self, Lesson};
use junqi::app::learn::{LessonRun, Said};
use junqi::app::{JunqiApp, Screen, board::node_label};
use junqi::engine::{NodeId, Turn};
use junqi::i18n::{Lang, fill, learn as t};

/// The lesson open on screen.
fn run<'a>(h: &'a Harness<'static, JunqiApp>) -> &'a LessonRun {
    match &h.state().screen {
        Screen::Learn(l) => l.open.as_ref().expect("a lesson open"),
        _ => panic!("not the lesson screen"),
    }
}

/// Click board node `n` by its label, as the lesson's player sees it.
fn click_node(h: &mut Harness<'static, JunqiApp>, n: NodeId, lang: Lang) {
    let label = node_label(&run(h).view(), lang, n);
    h.get_by_label(&label).click();
    h.run();
}

/// Play `turn` by clicks: a move's two squares, a flip's one.
fn play(h: &mut Harness<'static, JunqiApp>, turn: Turn, lang: Lang) {
    match turn {
        Turn::Move { from, to } => {
            click_node(h, from, lang);
            click_node(h, to, lang);
        }
        Turn::Flip(n) => click_node(h, n, lang),
    }
}

fn lessons() -> Vec<&'static Lesson> {
    lesson::all().iter().map(|l| l.as_ref().unwrap()).collect()
}

fn entry(i: usize, l: &Lesson, lang: Lang) -> String {
    fill(
        lang.t(&t::LESSON_ENTRY),
        &[("n", &(i + 1).to_string()), ("title", l.title.get(lang))],
    )
}

/// Every wrong try of the step on screen shows its reason (the engine's, worded as the play
/// screen words it, or the lesson's own) and changes nothing.
fn wrong_tries(h: &mut Harness<'static, JunqiApp>, step: usize, lang: Lang) {
    let wrong = run(h).lesson.steps[step].wrong.clone();
    for w in wrong {
        let before = run(h).game().position().notation();
        play(h, w.turn, lang);
        let shown = match (run(h).said(), &w.why) {
            (Some(Said::Illegal(e)), None) => lang.illegal(e),
            (Some(Said::Miss(_)), Some(why)) => {
                fill(lang.t(&t::LESSON_MISS), &[("why", why.get(lang))])
            }
            (said, _) => panic!("{:?} said {said:?}", w.turn),
        };
        h.get_by_label(&shown);
        assert_eq!(run(h).game().position().notation(), before);
        if let Some(sel) = run(h).selected() {
            click_node(h, sel, lang);
        }
    }
}

#[test]
fn every_lesson_is_learnt_by_clicks_and_the_marks_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let lang = Lang::En;
    click(&mut h, "Learn");
    assert!(matches!(&h.state().screen, Screen::Learn(l) if l.open.is_none()));
    h.get_by_label("0 of 12 lessons learnt");
    for (i, l) in lessons().into_iter().enumerate() {
        click(&mut h, &entry(i, l, lang));
        h.get_by_label(&l.steps[0].task.en);
        for (k, s) in l.steps.iter().enumerate() {
            wrong_tries(&mut h, k, lang);
            play(&mut h, s.answer, lang);
            h.get_by_label("Right!");
        }
        h.get_by_label("Lesson learnt!");
        h.get_by_label(&l.done.en);
        assert!(h.state().settings.lessons_done.contains(&l.id));
        // Esc: back to the list, where the lesson is marked.
        h.key_press(egui::Key::Escape);
        h.run();
        assert!(matches!(&h.state().screen, Screen::Learn(l) if l.open.is_none()));
        assert_eq!(h.get_all_by_label("learnt").count(), i + 1);
    }
    h.get_by_label("12 of 12 lessons learnt");
    // Esc from the list: the first screen.
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(matches!(h.state().screen, Screen::Home));
    drop(h);
    // The marks were saved with the settings: a new start shows them.
    let mut h = harness(dir.path());
    assert_eq!(h.state().settings.lessons_done.len(), 12);
    click(&mut h, "Learn");
    assert_eq!(h.get_all_by_label("learnt").count(), 12);
}

#[test]
fn keys_give_the_hint_and_the_next_lesson() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    click(&mut h, "Learn");
    let first = lessons()[0];
    click(&mut h, &entry(0, first, Lang::En));
    h.key_press(egui::Key::H);
    h.run();
    h.get_by_label("Hint: look at c3, c4, framed in green on the board");
    // N: the next lesson; Esc: the list.
    h.key_press(egui::Key::N);
    h.run();
    assert_eq!(run(&h).index, 1);
    h.get_by_label(&lessons()[1].steps[0].task.en);
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(matches!(&h.state().screen, Screen::Learn(l) if l.open.is_none()));
    assert!(h.state().settings.lessons_done.is_empty());
}

#[test]
fn a_wrong_try_reads_in_chinese_in_the_chinese_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    click(&mut h, "教程");
    let l = lessons()[4];
    click(&mut h, &entry(4, l, Lang::Zh));
    // d1 holds a general in the headquarters: it says so at once, in Chinese.
    wrong_tries(&mut h, 0, Lang::Zh);
    h.get_by_label("进入大本营的棋子不能再移动（d1）");
    play(&mut h, l.steps[0].answer, Lang::Zh);
    h.get_by_label("本课学会了！");
}

/// At the smallest window the program is made for and at its default size, in both languages, the
/// list and every lesson keep their buttons and board inside the window, none over another.
#[test]
fn the_lessons_fit_small_and_default_windows_in_both_languages() {
    use common::layout::assert_tidy;
    for (w, hgt) in [(640.0, 480.0), (1120.0, 780.0)] {
        for lang in [Lang::En, Lang::Zh] {
            let dir = tempfile::tempdir().unwrap();
            let mut h = common::harness_sized(dir.path(), w, hgt);
            h.state_mut().settings.lang = lang;
            h.run();
            click(&mut h, lang.t(&t::LEARN));
            let size = egui::vec2(w, hgt);
            assert_tidy(&h, size, &format!("the list at {w}x{hgt} in {lang:?}"));
            for (i, l) in lessons().into_iter().enumerate() {
                let ctx = h.ctx.clone();
                let open = junqi::app::learn::LearnCmd::Open(i);
                h.state_mut()
                    .run_command(&ctx, junqi::app::Command::Learn(open));
                h.run();
                let what = format!("lesson {} at {w}x{hgt} in {lang:?}", l.id);
                assert_tidy(&h, size, &what);
            }
        }
    }
}
