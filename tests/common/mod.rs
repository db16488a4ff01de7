//! Shared by the window tests: the real app in an egui_kittest harness, in English, with its
//! settings and saved games in a temporary folder.

use egui_kittest::Harness;
use junqi::app::JunqiApp;
use junqi::app::i18n::Lang;
use std::path::Path;

/// The app at a window size of `w` × `h` points, after its first frames.
pub fn harness_sized(dir: &Path, w: f32, h: f32) -> Harness<'static, JunqiApp> {
    let dir = dir.to_path_buf();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(w, h))
        .with_max_steps(64)
        .build_eframe(move |cc| JunqiApp::new(cc, Some(dir)));
    harness.state_mut().settings.lang = Lang::En;
    harness.run();
    harness
}

pub mod leak;
