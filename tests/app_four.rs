//! Four players in the window (issue 14): the cross-shaped board drawn from the board data, its
//! labels for screen readers and tests, its seat tags.

mod common;

use common::leak::named_pieces;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use junqi::app::board::{BoardWidget, node_label};
use junqi::app::i18n::Lang;
use junqi::app::settings::BoardOptions;
use junqi::engine::formation::{Formation, four_player_setup};
use junqi::engine::rng::SplitMix64;
use junqi::engine::rules::{Mode, Rules};
use junqi::engine::{NodeId, Position, Seat, Seen, View, Viewer};

fn four_position(mode: Mode) -> (Rules, Position) {
    let rules = Rules::for_mode(mode);
    let fs: Vec<Formation> = (1..=4)
        .map(|k| Formation::random(&mut SplitMix64::new(k), &rules))
        .collect();
    let setup = four_player_setup([&fs[0], &fs[1], &fs[2], &fs[3]], &rules).unwrap();
    let pos = Position::new(setup, &rules).unwrap();
    (rules, pos)
}

fn board_harness(view: View, bottom: Seat, lang: Lang) -> Harness<'static> {
    let opts = BoardOptions::default();
    Harness::builder()
        .with_size(egui::vec2(1000.0, 900.0))
        .build_ui(move |ui| {
            junqi::app::fonts::install(ui.ctx());
            BoardWidget {
                view: &view,
                opts: &opts,
                lang,
                bottom,
                selected: None,
                destinations: &[],
                last_move: None,
                flash: None,
                interactive: true,
            }
            .show(ui);
        })
}

fn labels(h: &Harness<'_>) -> Vec<String> {
    h.query_all(By::new())
        .flat_map(|n| {
            let n = n.accesskit_node();
            n.label().into_iter().chain(n.value())
        })
        .collect()
}

#[test]
fn four_player_board_labels_every_node_as_its_seat_sees_it() {
    let (rules, pos) = four_position(Mode::Hidden);
    for looker in [Seat::South, Seat::West] {
        let view = pos.view(&rules, Viewer::Side(looker));
        for lang in [Lang::En, Lang::Zh] {
            let h = board_harness(view.clone(), looker, lang);
            let got = labels(&h);
            for n in 0..view.board.len() as NodeId {
                let want = node_label(&view, lang, n);
                assert!(got.contains(&want), "no label {want:?}");
            }
            // Only the looker's own ranks are named; the others are backs of their seat.
            for t in &got {
                for (seat, _) in named_pieces(t) {
                    assert_eq!(seat, looker, "{t:?} names another seat's piece");
                }
            }
            let backs = (0..view.board.len() as NodeId)
                .filter(|&n| matches!(view.at(n), Seen::Unknown(_)))
                .count();
            assert_eq!(backs, 75);
        }
    }
}

#[test]
fn four_player_board_tags_each_seat_with_colour_and_marks_the_seat_to_move() {
    let (rules, pos) = four_position(Mode::Open);
    let view = pos.view(&rules, Viewer::Referee);
    let h = board_harness(view, Seat::East, Lang::En);
    let got = labels(&h);
    for tag in [
        "South (red) — to move",
        "East (purple)",
        "North (blue)",
        "West (green)",
    ] {
        assert!(got.iter().any(|t| t == tag), "no tag {tag:?} in {got:?}");
    }
    let h = board_harness(pos.view(&rules, Viewer::Referee), Seat::South, Lang::Zh);
    let got = labels(&h);
    for tag in ["南（红）— 轮到", "东（紫）", "北（蓝）", "西（绿）"] {
        assert!(got.iter().any(|t| t == tag), "no tag {tag:?}");
    }
    // Open game: every piece named with its seat, e.g. South's flag.
    assert!(got.iter().any(|t| t.ends_with("南 军旗")));
}
