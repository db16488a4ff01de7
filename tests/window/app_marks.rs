//! The last-turn mark on the board: rail runs drawn along the rails, flips marked like moves.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::board::{DrawnMark, LAST_MARK_ID};
use junqi::app::{JunqiApp, Session};
use junqi::engine::{Game, Mode, Rules, Start};

/// A red engineer on a5, the flags in their HQs, nothing else.
const ENGINEER: &str = "..bF..b1../........../........../........../........../........../\
                        ........../r1......../........../........../........../..rF...... r 0 0";

fn drawn(h: &Harness<'static, JunqiApp>) -> Option<DrawnMark> {
    h.ctx
        .data(|d| d.get_temp::<DrawnMark>(egui::Id::unique(LAST_MARK_ID)))
}

fn names(h: &Harness<'static, JunqiApp>, m: &DrawnMark) -> String {
    let b = h.state().play().unwrap().game().board();
    m.path
        .iter()
        .map(|&n| b.name(n))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn rail_run_arrow_follows_the_rails_round_the_corner() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1200.0, 900.0);
    let game = Game::new(
        Rules::for_mode(Mode::Open),
        Start::Position(ENGINEER.to_string()),
    )
    .unwrap();
    h.state_mut().show_game(Session::new(game));
    h.run();
    assert!(drawn(&h).is_none(), "no mark before the first turn");
    h.get_by_label("a5 Red Engineer").click();
    h.run();
    h.get_by_label("c6").click();
    h.run();
    assert_eq!(h.state().play().unwrap().game().plies().len(), 1);
    let m = drawn(&h).expect("the move is marked");
    // Up file a to the corner a6, then along the front row: not straight across b5's camp.
    assert_eq!(names(&h, &m), "a5 a6 b6 c6");
    assert_eq!(m.points.len(), 4);
    let (a5, a6, c6) = (m.points[0], m.points[1], m.points[3]);
    assert!(
        (a5.x - a6.x).abs() < 0.5 && a6.y < a5.y,
        "first leg goes up file a"
    );
    assert!(
        (a6.y - c6.y).abs() < 0.5 && c6.x > a6.x,
        "second leg runs along row 6"
    );
    // The arrowhead is sized to the board: a fraction of the distance between files.
    let file = m.points[2].x - m.points[1].x;
    assert!(
        m.head > file * 0.1 && m.head < file * 0.4,
        "head {} vs file {file}",
        m.head
    );
}

#[test]
fn a_flip_gets_the_last_turn_mark() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1200.0, 900.0);
    let game = Game::new(Rules::for_mode(Mode::Flip), Start::FlipDeal { seed: 7 }).unwrap();
    h.state_mut().show_game(Session::new(game));
    h.run();
    h.get_by_label("a8 face-down piece").click();
    h.run();
    assert_eq!(h.state().play().unwrap().game().plies().len(), 1);
    let m = drawn(&h).expect("the flip is marked");
    assert_eq!(names(&h, &m), "a8");
    assert_eq!(m.head, 0.0, "a flip has no arrow");
}
