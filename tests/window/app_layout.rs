//! The board wins the space: at every window size the board stays readable, the side panel takes
//! what is left (and collapses to its toggle when too little is), and no interactive widget
//! overlaps another or leaves the window — on the first screen, in an open game and in a hidden
//! game.

use crate::common;

use common::layout::{Widget, assert_tidy, interactive};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::settings::Occupant;
use junqi::app::{JunqiApp, Screen};
use junqi::engine::{Mode, Rules};

const SIZES: [(f32, f32); 4] = [
    (640.0, 480.0),
    (1120.0, 780.0),
    (1400.0, 950.0),
    (1920.0, 1080.0),
];

/// The board's cells (their labels start with a node name: "c6", "c6 Red Colonel").
fn cells(h: &Harness<'static, JunqiApp>) -> Vec<Widget> {
    cells_of(h, junqi::engine::Board::two_player())
}

/// The cells of `board` on screen.
fn cells_of(h: &Harness<'static, JunqiApp>, board: &junqi::engine::Board) -> Vec<Widget> {
    interactive(h)
        .into_iter()
        .filter(|w| {
            let sq = w.label.split(' ').next().unwrap_or("");
            board.node_by_name(sq).is_some() && w.role == egui::accesskit::Role::Button
        })
        .collect()
}

/// All 60 cells on screen, each at least 6% of the window's height wide (at 800 × 600 that is
/// 36 points: the height decides the board's size, the panel gets what is left).
fn assert_board_readable(h: &Harness<'static, JunqiApp>, size: egui::Vec2, what: &str) {
    let cells = cells(h);
    assert_eq!(cells.len(), 60, "{what}: the whole board on screen");
    let narrowest = cells
        .iter()
        .map(|c| c.rect.width())
        .fold(f32::INFINITY, f32::min);
    assert!(
        narrowest >= size.y * 0.06,
        "{what}: board cells only {narrowest} points wide in a {size:?} window"
    );
}

fn start_now(h: &mut Harness<'static, JunqiApp>) {
    h.get_by_label("Start now (last rules)").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Play(_)));
}

fn check_all(h: &mut Harness<'static, JunqiApp>, what: &str) {
    for (w, hh) in SIZES {
        let size = egui::vec2(w, hh);
        h.set_size(size);
        h.run();
        let what = format!("{what} at {w}×{hh}");
        assert_tidy(h, size, &what);
        if matches!(h.state().screen, Screen::Play(_)) {
            assert_board_readable(h, size, &what);
            // The panel fits beside the board at every one of these sizes but the smallest,
            // where it would be wider than the board and folds by itself.
            let panel = h.query_by_label("Undo").is_some() || h.query_by_label("悔棋").is_some();
            assert_eq!(panel, w > 640.0, "{what}: side panel shown: {panel}");
        }
    }
}

#[test]
fn layout_is_tidy_and_the_board_readable_at_every_size() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 640.0, 480.0);
    check_all(&mut h, "first screen");
    start_now(&mut h);
    check_all(&mut h, "open game");
    h.get_by_label("Home").click();
    h.run();
    h.state_mut().settings.rules = Rules::for_mode(Mode::Hidden);
    h.state_mut().settings.seats[1] = Occupant::Computer(junqi::ai::Level::Easy);
    start_now(&mut h);
    assert_eq!(common::game(&h).rules().mode, Mode::Hidden);
    check_all(&mut h, "hidden game");
    common::leak::assert_no_leak(&h);
    // Chinese labels are laid out differently: the same checks.
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    check_all(&mut h, "hidden game in Chinese");
    h.get_by_label("主页").click();
    h.run();
    check_all(&mut h, "first screen in Chinese");
    // A flip game (its count panel is the longest).
    h.state_mut().settings.lang = junqi::i18n::Lang::En;
    h.state_mut().settings.rules = Rules::for_mode(Mode::Flip);
    h.state_mut().settings.seats[1] = Occupant::Human;
    h.run();
    start_now(&mut h);
    check_all(&mut h, "flip game");
}

/// The left edge of the side panel's Undo button and the width of a board cell.
fn panel_and_cell(h: &Harness<'static, JunqiApp>) -> (f32, f32) {
    let undo = h.get_by_label("Undo").rect().left();
    (undo, cells(h)[0].rect.width())
}

#[test]
fn side_panel_gives_width_back_after_the_window_is_narrowed_and_widened() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1280.0, 860.0);
    start_now(&mut h);
    let wide = panel_and_cell(&h);
    for (w, hh) in [(640.0, 480.0), (520.0, 700.0), (1280.0, 860.0)] {
        h.set_size(egui::vec2(w, hh));
        h.run();
    }
    assert_eq!(panel_and_cell(&h), wide);
}

#[test]
fn side_panel_collapses_to_a_toggle_in_a_tall_narrow_window() {
    let dir = tempfile::tempdir().unwrap();
    let size = egui::vec2(520.0, 800.0);
    let mut h = common::harness_sized(dir.path(), size.x, size.y);
    h.state_mut().settings.rules.move_clock = Some(30);
    start_now(&mut h);
    // The board keeps its width: no panel beside it, only its toggle in the top bar.
    assert!(
        h.query_by_label("Undo").is_none(),
        "the panel did not collapse"
    );
    // The move clock stays next to the board, in the status line (and at the seat to move).
    let clocks: Vec<String> = h
        .query_all_by_label_contains(" s left for this turn")
        .filter_map(|n| {
            let n = n.accesskit_node();
            n.label().or_else(|| n.value())
        })
        .collect();
    assert!(
        clocks.iter().any(|c| !c.starts_with("Red: ")),
        "no clock in the status line: {clocks:?}"
    );
    assert_board_readable(&h, size, "collapsed");
    assert_tidy(&h, size, "collapsed");
    // F9 opens it (the player asked: the board gives up room), the toggle closes it again.
    h.key_press(egui::Key::F9);
    h.run();
    assert!(
        h.query_by_label("Undo").is_some(),
        "F9 did not open the panel"
    );
    assert_tidy(&h, size, "opened");
    h.get_by_label("Game panel").click();
    h.run();
    assert!(
        h.query_by_label("Undo").is_none(),
        "the toggle did not close it"
    );
    // In a wide window the same toggle hides and shows the panel.
    let wide = egui::vec2(1280.0, 860.0);
    h.set_size(wide);
    h.run();
    assert!(h.query_by_label("Undo").is_some());
    h.get_by_label("Game panel").click();
    h.run();
    assert!(h.query_by_label("Undo").is_none());
    assert_board_readable(&h, wide, "panel hidden");
    h.key_press(egui::Key::F9);
    h.run();
    assert!(h.query_by_label("Undo").is_some());
}

/// The side panel's Undo button, its "Removed pieces" heading and its move clock, and a board
/// cell's width.
fn panel_sizes(h: &Harness<'static, JunqiApp>) -> (egui::Rect, f32, f32, f32) {
    let clock = h
        .query_all_by_label_contains(" s left for this turn")
        .map(|n| n.rect().height())
        .fold(0.0, f32::max);
    let removed = h.get_by_label("Removed pieces").rect().height();
    (
        h.get_by_label("Undo").rect(),
        removed,
        clock,
        cells(h)[0].rect.width(),
    )
}

/// At 1920 × 1080 the board is larger than at the default 1120 × 780, and the side panel beside it
/// grows with it: wider, its buttons, words and move clock larger, about as much as the board's
/// cells (and no more than half again); back at the default size it is as it was.
#[test]
fn side_panel_grows_with_the_board_in_a_large_window() {
    let dir = tempfile::tempdir().unwrap();
    let (w, hh) = (1120.0, 780.0);
    let mut h = common::harness_sized(dir.path(), w, hh);
    h.state_mut().settings.rules.move_clock = Some(30);
    start_now(&mut h);
    let (undo, removed, clock, cell) = panel_sizes(&h);
    assert!(clock > 0.0, "no move clock in the side panel");
    let big = egui::vec2(1920.0, 1080.0);
    h.set_size(big);
    h.run();
    assert_tidy(&h, big, "1920×1080");
    let (big_undo, big_removed, big_clock, big_cell) = panel_sizes(&h);
    let board = big_cell / cell;
    assert!(board > 1.3, "the board grew by only {board}");
    let grew = [
        ("panel width", (big.x - big_undo.left()) / (w - undo.left())),
        ("Undo", big_undo.height() / undo.height()),
        ("Removed pieces", big_removed / removed),
        ("move clock", big_clock / clock),
    ];
    for (what, by) in grew {
        assert!(
            by > 1.25 && by <= 1.55 && by <= board * 1.1,
            "{what} grew by {by} while the board grew by {board}"
        );
    }
    h.set_size(egui::vec2(w, hh));
    h.run();
    assert_eq!(panel_sizes(&h), (undo, removed, clock, cell));
}

/// A red engineer on a5 facing a blue piece on a6, the flags in their HQs.
const CLASH: &str = "..bF..b1../........../........../........../........../........../\
                     b9......../r1......../........../........../........../..rF...... r 0 0";

#[test]
fn clash_notice_hides_nothing_on_the_board_and_goes_at_the_next_click() {
    let dir = tempfile::tempdir().unwrap();
    let size = egui::vec2(800.0, 600.0);
    let mut h = common::harness_sized(dir.path(), size.x, size.y);
    let game = junqi::engine::Game::new(
        Rules::for_mode(Mode::Open),
        junqi::engine::Start::Position(CLASH.to_string()),
    )
    .unwrap();
    h.state_mut().show_game(junqi::app::Session::new(game));
    h.run();
    h.get_by_label_contains("a5 Red").click();
    h.run();
    h.get_by_label_contains("a6 Blue").click();
    // The click's frame plays the turn, the next shows the notice.
    h.step();
    h.step();
    let notice = h.get_by_label_contains("Clash at a6: ").rect();
    for c in cells(&h) {
        assert!(
            !notice.intersects(c.rect),
            "the clash notice at {notice:?} covers {} at {:?}",
            c.label,
            c.rect
        );
    }
    assert_tidy(&h, size, "clash notice up");
    // The next click on the board takes it away at once.
    h.get_by_label_contains("b12").click();
    h.step();
    h.step();
    assert!(h.query_by_label_contains("Clash at a6: ").is_none());
}

/// A four-player game between four people, open (no curtain between turns).
fn four_player_game() -> junqi::app::Session {
    let rules = Rules::for_mode(Mode::Open);
    let start = junqi::engine::Start::random_four(&rules, 7);
    junqi::app::Session::new(junqi::engine::Game::new(rules, start).unwrap())
}

/// The four-player board is square: the side panel takes only the room the board leaves, so the
/// board is as big as the window's height lets it be, at every size (the panel folds away when
/// too little is left).
#[test]
fn four_player_board_keeps_its_size_and_the_panel_takes_what_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 640.0, 480.0);
    h.state_mut().show_game(four_player_game());
    h.run();
    let board = junqi::engine::Board::four_player();
    for (w, hh) in SIZES {
        let size = egui::vec2(w, hh);
        h.set_size(size);
        h.run();
        let what = format!("four-player game at {w}×{hh}");
        assert_tidy(&h, size, &what);
        let cells = cells_of(&h, board);
        assert_eq!(
            cells.len(),
            board.len(),
            "{what}: the whole board on screen"
        );
        let narrowest = cells
            .iter()
            .map(|c| c.rect.width())
            .fold(f32::INFINITY, f32::min);
        // 17 rows in the window's height less the top bar and status line: a cell 3.5% of the
        // window's height or more when the board has all the height (2.4% when the panel took
        // room from the board at 640 × 480).
        assert!(
            narrowest >= size.y * 0.035,
            "{what}: board cells only {narrowest} points wide"
        );
        // At these sizes the panel fits beside the board except in the smallest window.
        let panel = h.query_by_label("Undo").is_some();
        assert_eq!(panel, w > 640.0, "{what}: side panel shown: {panel}");
    }
}

/// A finished-or-not open game of a few turns, opened from its file in the replay viewer.
fn open_replay(h: &mut Harness<'static, JunqiApp>, dir: &std::path::Path) {
    let rules = Rules::for_mode(Mode::Open);
    let mut game =
        junqi::engine::Game::new(rules.clone(), junqi::engine::Start::random(&rules, 4)).unwrap();
    for _ in 0..4 {
        let (from, to) = common::plain_move(&game);
        game.play(junqi::engine::Turn::Move { from, to }).unwrap();
    }
    let path = dir.join("replayed.ron");
    std::fs::write(&path, game.to_ron()).unwrap();
    h.state_mut().open_file(&path);
    h.run();
    assert!(matches!(h.state().screen, Screen::Replay(_)));
}

/// A hidden game tracked by the referee, on the referee screen.
fn open_tracked(h: &mut Harness<'static, JunqiApp>) {
    use junqi::app::referee::{Referee, Stage, Tracked};
    let rules = Rules::for_mode(Mode::Hidden);
    let game =
        junqi::engine::Game::new(rules.clone(), junqi::engine::Start::random(&rules, 9)).unwrap();
    let mut r = Referee::new(&rules, None);
    r.stage = Stage::Tracked(Box::new(Tracked::new(game, junqi::engine::Seat::Red)));
    h.state_mut().screen = Screen::Referee(Box::new(r));
    h.run();
}

/// The left edge of the widget labelled `label` (in the side panel) and a board cell's width.
fn edge_and_cell(h: &Harness<'static, JunqiApp>, label: &str) -> (f32, f32) {
    (
        h.get_by_label(label).rect().left(),
        cells(h)[0].rect.width(),
    )
}

/// The replay and the referee's tracked game lay out like the play screen: tidy at every size,
/// the whole board readable, the side panel's width worked out from the window every frame
/// (narrowed and widened, the window gets its layout back) and folded away to the top bar's
/// toggle in a tall narrow window.
#[test]
fn replay_and_tracked_game_panels_follow_the_window_like_the_play_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1280.0, 860.0);
    for (what, in_panel) in [("replay", "Moves"), ("tracked game", "Referee menu")] {
        h.set_size(egui::vec2(1280.0, 860.0));
        h.run();
        if what == "replay" {
            open_replay(&mut h, dir.path());
        } else {
            open_tracked(&mut h);
        }
        for (w, hh) in SIZES {
            let size = egui::vec2(w, hh);
            h.set_size(size);
            h.run();
            let what = format!("{what} at {w}×{hh}");
            assert_tidy(&h, size, &what);
            assert_eq!(cells(&h).len(), 60, "{what}: the whole board on screen");
            let narrowest = cells(&h)
                .iter()
                .map(|c| c.rect.width())
                .fold(f32::INFINITY, f32::min);
            assert!(
                narrowest >= size.y * 0.04,
                "{what}: board cells only {narrowest} points wide"
            );
            assert_eq!(
                h.query_by_label(in_panel).is_some(),
                w > 640.0,
                "{what}: side panel shown or not"
            );
        }
        h.set_size(egui::vec2(1280.0, 860.0));
        h.run();
        let wide = edge_and_cell(&h, in_panel);
        for (w, hh) in [(640.0, 480.0), (520.0, 700.0), (1280.0, 860.0)] {
            h.set_size(egui::vec2(w, hh));
            h.run();
        }
        assert_eq!(
            edge_and_cell(&h, in_panel),
            wide,
            "{what}: layout not given back"
        );
        // Tall and narrow: the board keeps its width, the panel folds away to its toggle.
        let tall = egui::vec2(520.0, 800.0);
        h.set_size(tall);
        h.run();
        // The bottom controls wrap into more rows: they settle in the next frames.
        for _ in 0..3 {
            h.step();
        }
        assert!(
            h.query_by_label(in_panel).is_none(),
            "{what}: the panel did not fold away"
        );
        assert_tidy(&h, tall, &format!("{what} folded"));
        h.get_by_label("Game panel").click();
        h.run();
        assert!(
            h.query_by_label(in_panel).is_some(),
            "{what}: toggle did not open it"
        );
        assert_tidy(&h, tall, &format!("{what} opened"));
        h.key_press(egui::Key::F9);
        h.run();
        assert!(
            h.query_by_label(in_panel).is_none(),
            "{what}: F9 did not close it"
        );
    }
}

/// The referee's clash judge: the same, its pad in the middle taking first the width it needs.
#[test]
fn clash_judge_panel_follows_the_window_like_the_play_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1280.0, 860.0);
    common::click(&mut h, "Referee for a physical board");
    common::click(&mut h, "Clash judge");
    let in_panel = "Referee menu";
    for (w, hh) in SIZES {
        let size = egui::vec2(w, hh);
        h.set_size(size);
        h.run();
        let what = format!("clash judge at {w}×{hh}");
        assert_tidy(&h, size, &what);
        assert!(
            h.query_by_label(in_panel).is_some(),
            "{what}: no side panel"
        );
        // The pad's first question stays in the middle, clear of the panel.
        let attacks = h.get_by_label("Red attacks").rect();
        let panel = h.get_by_label(in_panel).rect();
        assert!(
            attacks.right() <= panel.left(),
            "{what}: pad under the panel"
        );
    }
    let edge = |h: &Harness<'static, JunqiApp>| h.get_by_label(in_panel).rect().left();
    h.set_size(egui::vec2(1280.0, 860.0));
    h.run();
    let wide = edge(&h);
    for (w, hh) in [(640.0, 480.0), (520.0, 700.0), (1280.0, 860.0)] {
        h.set_size(egui::vec2(w, hh));
        h.run();
    }
    assert_eq!(edge(&h), wide, "layout not given back");
    let tall = egui::vec2(520.0, 800.0);
    h.set_size(tall);
    h.run();
    assert!(
        h.query_by_label(in_panel).is_none(),
        "the panel did not fold away"
    );
    assert_tidy(&h, tall, "clash judge folded");
    h.get_by_label("Game panel").click();
    h.run();
    assert!(
        h.query_by_label(in_panel).is_some(),
        "toggle did not open it"
    );
    assert_tidy(&h, tall, "clash judge opened");
    h.key_press(egui::Key::F9);
    h.run();
    assert!(h.query_by_label(in_panel).is_none(), "F9 did not close it");
}

/// A two-player open game between two people.
fn two_player_game() -> junqi::app::Session {
    let rules = Rules::for_mode(Mode::Open);
    let start = junqi::engine::Start::random(&rules, 7);
    junqi::app::Session::new(junqi::engine::Game::new(rules, start).unwrap())
}

/// The rectangle the board's cells cover.
fn cells_span(cells: &[Widget]) -> egui::Rect {
    cells
        .iter()
        .fold(egui::Rect::NOTHING, |r, c| r.union(c.rect))
}

/// The board fills the window: for two and four players, at 640 × 480 … 1920 × 1080, the whole
/// board inside the window with nothing clipped or overlapping, piece names at least 14 points
/// on the four-player board from 1400 × 950 up (10 on the two-player board everywhere); with the
/// panel folded (F9) the board sits in the middle of the whole window and takes its height. At
/// 640 × 480 the panel folds by itself and comes back when the window grows — unless the player
/// folded it by hand.
#[test]
fn the_board_fills_the_window_for_two_and_four_players() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1120.0, 780.0);
    for four in [false, true] {
        let board = if four {
            junqi::engine::Board::four_player()
        } else {
            junqi::engine::Board::two_player()
        };
        h.state_mut().show_game(if four {
            four_player_game()
        } else {
            two_player_game()
        });
        h.run();
        for (w, hh) in SIZES {
            let size = egui::vec2(w, hh);
            h.set_size(size);
            h.run();
            for folded in [false, true] {
                let what = format!(
                    "{} players at {w}×{hh}{}",
                    if four { 4 } else { 2 },
                    if folded { ", panel folded" } else { "" }
                );
                let panel = h.query_by_label("Undo").is_some();
                if folded && panel {
                    h.key_press(egui::Key::F9);
                    h.run();
                }
                let panel = h.query_by_label("Undo").is_some();
                assert_eq!(panel, !folded && w > 640.0, "{what}: panel shown: {panel}");
                assert_tidy(&h, size, &what);
                let cells = cells_of(&h, board);
                assert_eq!(cells.len(), board.len(), "{what}: the whole board");
                let span = cells_span(&cells);
                let name = junqi::app::board::smallest_name(&h.ctx).expect("pieces drawn");
                let least = match (four, w) {
                    (true, 1400.0..) => 14.0,
                    (true, 1000.0..) => 11.0,
                    (true, _) => 5.5,
                    (false, _) => 10.0,
                };
                assert!(name >= least, "{what}: piece names {name} points");
                if !panel {
                    // The board has the whole window: in its middle, as tall as it lets it be.
                    // (The two-player board keeps a little more room on the left, for the rank
                    // numbers.)
                    let middle = span.center().x - w / 2.0;
                    let cell = cells[0].rect.width();
                    assert!(
                        middle.abs() < cell * 0.2,
                        "{what}: board off centre by {middle}"
                    );
                    let tall = span.height() / hh;
                    assert!(
                        tall > if four { 0.8 } else { 0.78 },
                        "{what}: board {tall} of the height"
                    );
                }
                if folded && !panel && w > 640.0 {
                    // Back for the next size.
                    h.key_press(egui::Key::F9);
                    h.run();
                }
            }
        }
        // Folded by hand in a big window, it stays folded through a small one and back.
        h.set_size(egui::vec2(1400.0, 950.0));
        h.run();
        h.key_press(egui::Key::F9);
        h.run();
        for (w, hh) in [(640.0, 480.0), (1400.0, 950.0)] {
            h.set_size(egui::vec2(w, hh));
            h.run();
            assert!(h.query_by_label("Undo").is_none(), "unfolded at {w}×{hh}");
        }
        h.key_press(egui::Key::F9);
        h.run();
        assert!(h.query_by_label("Undo").is_some());
    }
}
