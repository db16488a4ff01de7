//! The recent games on the first screen: a game that ends is listed at once, and a row's tooltip
//! (its file) leaves the other rows readable.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::JunqiApp;
use junqi::app::board::node_label;
use junqi::engine::Viewer;
use junqi::i18n::Lang;

fn click_a_move(h: &mut Harness<'static, JunqiApp>) {
    let (from_label, to_name) = {
        let g = common::game(h);
        let side = g.position().side_to_move().unwrap();
        let (from, to) = common::plain_move(g);
        (
            node_label(&g.view(Viewer::Side(side)), Lang::En, from),
            g.board().name(to).to_string(),
        )
    };
    h.get_by_label(&from_label).click();
    h.run();
    h.get_by_label(&to_name).click();
    h.run();
}

/// A one-screen game that ends is among the recent games as soon as one goes back to the first
/// screen, not only once another game starts (or the program starts again).
#[test]
fn a_finished_game_is_listed_as_soon_as_it_ends() {
    let (_dir, mut h) = common::window();
    h.get_by_label("Start now (last rules)").click();
    h.run();
    click_a_move(&mut h);
    common::click(&mut h, "Resign");
    common::click(&mut h, "Yes, resign");
    common::click(&mut h, "Home");
    h.get_by_label_contains("Open · two players · 1 move · Red won · ");
    assert_eq!(h.state().saves.recent.len(), 1);
    // A new game keeps it listed once (the file moved among the recent games).
    h.get_by_label("Start now (last rules)").click();
    h.run();
    click_a_move(&mut h);
    common::click(&mut h, "Home");
    h.get_by_label_contains("Open · two players · 1 move · Red won · ");
    assert_eq!(h.state().saves.recent.len(), 1);
}

/// A game of `turns` random legal turns.
fn sample(seed: u64, turns: usize) -> junqi::engine::Game {
    use junqi::engine::{Formation, Game, Mode, Rules, Start};
    let rules = Rules::for_mode(Mode::Open);
    let mut rng = junqi::engine::rng::SplitMix64::new(seed);
    let red = Formation::random(&mut rng, &rules);
    let blue = Formation::random(&mut rng, &rules);
    let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
    while g.plies().len() < turns {
        let legal = g.position().legal_turns(&rules);
        let Some(&t) = rng.choose(&legal) else { break };
        if g.play(t).is_err() || g.status().is_over() {
            break;
        }
    }
    g
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
        std::fs::write(&p, sample(k as u64 + 1, turns).to_ron()).unwrap();
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
