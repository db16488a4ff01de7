//! The four-player board alone in a window, for looking at the drawing:
//! `cargo run --example board4_demo [-- east|north|west] [-- hidden] [-- en]`.

use junqi::app::board::BoardWidget;
use junqi::app::settings::BoardOptions;
use junqi::engine::formation::{Formation, four_player_setup};
use junqi::engine::rng::SplitMix64;
use junqi::engine::rules::{Mode, Rules};
use junqi::engine::{Position, Seat, Viewer};
use junqi::i18n::Lang;

fn main() -> eframe::Result {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |w: &str| args.iter().any(|a| a == w);
    let bottom = if has("east") {
        Seat::East
    } else if has("north") {
        Seat::North
    } else if has("west") {
        Seat::West
    } else {
        Seat::South
    };
    let rules = Rules::for_mode(if has("hidden") {
        Mode::Hidden
    } else {
        Mode::Open
    });
    let fs: Vec<Formation> = (1..=4)
        .map(|k| Formation::random(&mut SplitMix64::new(k), &rules))
        .collect();
    let setup = four_player_setup([&fs[0], &fs[1], &fs[2], &fs[3]], &rules).unwrap();
    let pos = Position::new(setup, &rules).unwrap();
    let view = pos.view(&rules, Viewer::Side(bottom));
    let lang = if has("en") { Lang::En } else { Lang::Zh };
    let opts = BoardOptions::default();
    eframe::run_ui_native(
        "board4",
        eframe::NativeOptions {
            viewport: egui::ViewportBuilder::default().with_inner_size([1000.0, 860.0]),
            ..Default::default()
        },
        move |ui, _frame| {
            junqi::app::fonts::install(ui.ctx());
            {
                BoardWidget {
                    interactive: true,
                    ..BoardWidget::still(&view, &opts, lang, bottom)
                }
                .show(ui);
            }
        },
    )
}
