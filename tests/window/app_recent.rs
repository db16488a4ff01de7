//! The recent games on the first screen: a game that ends is listed at once, and a row's tooltip
//! (its file) leaves the other rows readable.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::JunqiApp;

/// A one-screen game that ends is among the recent games as soon as one goes back to the first
/// screen, not only once another game starts (or the program starts again).
#[test]
fn a_finished_game_is_listed_as_soon_as_it_ends() {
    let (_dir, mut h) = common::window();
    h.get_by_label("Start now (last rules)").click();
    h.run();
    common::click_a_plain_move(&mut h);
    common::click(&mut h, "Resign");
    common::click(&mut h, "Yes, resign");
    common::click(&mut h, "Home");
    h.get_by_label_contains("Open · two players · 1 move · Red won · ");
    assert_eq!(h.state().saves.recent.len(), 1);
    // A new game keeps it listed once (the file moved among the recent games).
    h.get_by_label("Start now (last rules)").click();
    h.run();
    common::click_a_plain_move(&mut h);
    common::click(&mut h, "Home");
    h.get_by_label_contains("Open · two players · 1 move · Red won · ");
    assert_eq!(h.state().saves.recent.len(), 1);
}

/// Hovering a recent game shows its file beside the row (or above it), not over the row below.
#[test]
fn a_rows_tooltip_leaves_the_next_row_readable() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let mut paths = Vec::new();
    for (k, turns) in [4, 6, 8].into_iter().enumerate() {
        let p = games.join(format!("evening-{k}.ron"));
        std::fs::write(
            &p,
            common::sample_game(junqi::engine::Mode::Open, k as u64 + 1, turns).to_ron(),
        )
        .unwrap();
        paths.push(p);
    }
    let mut h = common::harness(dir.path());
    let row = |h: &Harness<'static, JunqiApp>, n: usize| {
        h.get_by_label_contains(&format!("Open · two players · {n} moves · "))
            .rect()
    };
    // The rows newest first: 8, 6, 4 moves (the files' times may tie: found by their words).
    let rows: Vec<egui::Rect> = [4, 6, 8].iter().map(|&n| row(&h, n)).collect();
    let below = |r: egui::Rect| {
        rows.iter()
            .copied()
            .filter(|o| o.min.y >= r.max.y - 1.0)
            .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
    };
    for (k, n) in [4, 6, 8].into_iter().enumerate() {
        h.get_by_label_contains(&format!("Open · two players · {n} moves · "))
            .hover();
        let path = paths[k].display().to_string();
        common::step_until(&mut h, "the tooltip", |h| h.query_by_label(&path).is_some());
        let tip = h.get_by_label(&path).rect();
        if let Some(next) = below(rows[k]) {
            assert!(
                !tip.intersects(next.shrink(1.0)),
                "the tooltip {tip:?} covers the row below {next:?}"
            );
        }
    }
}
