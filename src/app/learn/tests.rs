//! The lessons: every file reads, its position is legal, its answers are accepted and its
//! stated wrong tries refused with a reason, by the engine and by the lesson's model.

use super::lesson::{self, Lesson, LessonError};
use super::{Learn, LearnCmd, LearnOutcome, LessonRun, Said, meets};
use crate::engine::{Rank, Seen, Turn};

fn lessons() -> Vec<&'static Lesson> {
    lesson::all()
        .iter()
        .zip(lesson::file_names())
        .map(|(l, name)| {
            l.as_ref()
                .unwrap_or_else(|e| panic!("{name} does not read: {e}"))
        })
        .collect()
}

#[test]
fn every_lesson_file_reads_and_its_position_is_legal() {
    let all = lessons();
    assert_eq!(all.len(), 12);
    let ids: Vec<&str> = all.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "roads",
            "rails",
            "engineers",
            "camps",
            "headquarters",
            "ranks",
            "bombs",
            "mines",
            "flag",
            "hidden",
            "flip",
            "four"
        ]
    );
    for l in all {
        let game = l.game().unwrap();
        assert!(!game.status().is_over(), "{}: over at the start", l.id);
        for w in l.texts() {
            assert!(!w.zh.is_empty() && !w.en.is_empty(), "{}: {w:?}", l.id);
            assert!(!w.zh.is_ascii(), "{}: Chinese text in English: {w:?}", l.id);
        }
        for s in &l.steps {
            assert!(!s.hint.is_empty(), "{}: a step without a hint", l.id);
        }
    }
}

/// Each step of each lesson, on the engine alone: every stated wrong try is refused (by the
/// engine when it gives no reason of its own, else allowed but missing the goal); the answer is
/// allowed and meets the goal; the replies are legal.
#[test]
fn answers_are_accepted_and_wrong_tries_refused_with_a_reason() {
    for l in lessons() {
        let mut game = l.game().unwrap();
        let player = game.position().side_to_move().unwrap();
        for (k, s) in l.steps.iter().enumerate() {
            let at = format!("{} step {}", l.id, k + 1);
            assert!(!s.wrong.is_empty(), "{at}: no wrong try stated");
            for w in &s.wrong {
                let mut g = game.clone();
                let played = g.play(w.turn);
                match &w.why {
                    None => assert!(played.is_err(), "{at}: the engine allows {:?}", w.turn),
                    Some(_) => {
                        assert!(played.is_ok(), "{at}: {:?} refused: {played:?}", w.turn);
                        assert!(!meets(&s.goal, w.turn, &g, player), "{at}: {:?}", w.turn);
                    }
                }
            }
            game.play(s.answer)
                .unwrap_or_else(|e| panic!("{at}: the answer is refused: {e}"));
            assert!(meets(&s.goal, s.answer, &game, player), "{at}: answer");
            for &r in &s.reply {
                game.play(r)
                    .unwrap_or_else(|e| panic!("{at}: reply {r:?}: {e}"));
            }
        }
    }
}

/// The nodes a turn's clicks touch: a move's two squares, a flip's one.
fn clicks(t: Turn) -> Vec<u8> {
    match t {
        Turn::Move { from, to } => vec![from, to],
        Turn::Flip(n) => vec![n],
    }
}

/// Each lesson through its model, by clicks: wrong tries get a reason and change nothing, the
/// answers finish the lesson and say it was learnt.
#[test]
fn every_lesson_is_learnt_by_clicks() {
    for (i, l) in lessons().into_iter().enumerate() {
        let mut learn = Learn::default();
        assert_eq!(learn.apply(LearnCmd::Open(i)), LearnOutcome::Stay);
        for (k, s) in l.steps.iter().enumerate() {
            let at = format!("{} step {}", l.id, k + 1);
            for w in &s.wrong {
                let before = learn.open.as_ref().unwrap().game().position().notation();
                for n in clicks(w.turn) {
                    learn.apply(LearnCmd::Node(n));
                }
                let run = learn.open.as_ref().unwrap();
                match (run.said(), &w.why) {
                    (Some(Said::Illegal(_)), None) => {}
                    (Some(Said::Miss(said)), Some(why)) => assert_eq!(said, why, "{at}"),
                    (said, _) => panic!("{at}: {:?} said {said:?}", w.turn),
                }
                assert_eq!(run.game().position().notation(), before, "{at}");
                // Start the step's clicks afresh.
                if let Some(sel) = run.selected() {
                    learn.apply(LearnCmd::Node(sel));
                }
            }
            learn.apply(LearnCmd::Hint);
            assert_eq!(learn.open.as_ref().unwrap().hint(), Some(&s.hint[..]));
            let mut outcome = LearnOutcome::Stay;
            for n in clicks(s.answer) {
                outcome = learn.apply(LearnCmd::Node(n));
            }
            let run = learn.open.as_ref().unwrap();
            assert!(
                matches!(run.said(), Some(Said::Good(_))),
                "{at}: {:?}",
                run.said()
            );
            let last = k + 1 == l.steps.len();
            assert_eq!(run.done(), last, "{at}");
            let want = if last {
                LearnOutcome::Learnt(l.id.clone())
            } else {
                LearnOutcome::Stay
            };
            assert_eq!(outcome, want, "{at}");
        }
        // Done: clicks change nothing more, the hint is gone.
        learn.apply(LearnCmd::Hint);
        assert_eq!(learn.open.as_ref().unwrap().hint(), None);
    }
}

#[test]
fn a_legal_move_that_misses_says_the_steps_own_reason() {
    let mut learn = Learn::default();
    learn.apply(LearnCmd::Open(0));
    let b = learn.open.as_ref().unwrap().game().board();
    let sq = |s: &str| b.node_by_name(s).unwrap();
    // c3-b3 is a legal road step, not c3-c4.
    learn.apply(LearnCmd::Node(sq("c3")));
    learn.apply(LearnCmd::Node(sq("b3")));
    let run = learn.open.as_ref().unwrap();
    assert_eq!(
        run.said(),
        Some(&Said::Miss(run.lesson.steps[0].miss.clone()))
    );
    // An empty square with nothing selected: pick a piece first.
    learn.apply(LearnCmd::Node(sq("c3")));
    learn.apply(LearnCmd::Node(sq("e5")));
    learn.apply(LearnCmd::Node(sq("a5")));
    assert_eq!(learn.open.as_ref().unwrap().said(), Some(&Said::PickFirst));
}

#[test]
fn in_the_hidden_flag_lesson_the_flag_shows_once_the_marshal_falls() {
    let mut run = LessonRun::new(8).unwrap();
    let b = run.game().board();
    let d12 = b.node_by_name("d12").unwrap();
    assert!(matches!(run.view().at(d12), Seen::Unknown(_)));
    let step = run.lesson.steps[0].answer;
    assert!(!run.try_turn(step));
    match run.view().at(d12) {
        Seen::Known(p) => assert_eq!(p.rank(), Rank::Flag),
        other => panic!("d12 shows {other:?}"),
    }
}

#[test]
fn next_back_and_reset_move_between_lessons_and_the_list() {
    let mut learn = Learn::default();
    assert_eq!(learn.apply(LearnCmd::Back), LearnOutcome::Home);
    learn.apply(LearnCmd::Open(0));
    learn.apply(LearnCmd::Next);
    assert_eq!(learn.open.as_ref().unwrap().index, 1);
    learn.apply(LearnCmd::Open(11));
    learn.apply(LearnCmd::Next);
    assert_eq!(
        learn.open.as_ref().unwrap().index,
        11,
        "no lesson after the last"
    );
    learn.apply(LearnCmd::Open(99));
    assert!(learn.open.is_none(), "no such lesson: the list");
    learn.apply(LearnCmd::Open(3));
    let s = learn.open.as_ref().unwrap().lesson.steps[0].answer;
    for n in clicks(s) {
        learn.apply(LearnCmd::Node(n));
    }
    assert_eq!(learn.open.as_ref().unwrap().step(), 1);
    learn.apply(LearnCmd::Reset);
    assert_eq!(learn.open.as_ref().unwrap().step(), 0);
    assert_eq!(learn.apply(LearnCmd::Back), LearnOutcome::Stay);
    assert!(learn.open.is_none());
}

#[test]
fn bad_lesson_files_are_refused_with_a_reason() {
    let good = include_str!("../../../lessons/01-roads.ron");
    assert!(matches!(
        Lesson::parse("(nonsense"),
        Err(LessonError::Syntax(_))
    ));
    let v2 = good.replace("version: 1", "version: 2");
    assert_eq!(Lesson::parse(&v2).unwrap_err(), LessonError::Version(2));
    let square = good.replace("Reach(\"c4\")", "Reach(\"z9\")");
    assert!(matches!(
        Lesson::parse(&square),
        Err(LessonError::Notation(_))
    ));
    let position = good.replace("..rF...... r 0 0", "..rF...... x 0 0");
    assert!(matches!(
        Lesson::parse(&position),
        Err(LessonError::Position(_))
    ));
    let turn = good.replace("answer: \"c3-c4\"", "answer: \"c3-\"");
    assert!(matches!(
        Lesson::parse(&turn),
        Err(LessonError::Notation(_))
    ));
    for e in [
        Lesson::parse(&v2).unwrap_err(),
        Lesson::parse(&square).unwrap_err(),
    ] {
        assert!(!e.to_string().is_empty());
    }
}
