//! The formation editor alone in a window: `cargo run --example editor_demo [-- en] [-- random]`.
//! Uses a system CJK font if one is found (the app ships its own).

use junqi::editor::{EditorOutcome, FormationEditor};
use junqi::engine::formation::Formation;
use junqi::engine::rng::SplitMix64;
use junqi::engine::rules::Rules;
use std::path::PathBuf;

fn cjk_font() -> Option<Vec<u8>> {
    [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    ]
    .iter()
    .find_map(|p| std::fs::read(p).ok())
}

fn main() -> eframe::Result {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let zh = !args.iter().any(|a| a == "en");
    let library = std::env::temp_dir().join("junqi-editor-demo");
    let shipped = PathBuf::from("layouts");
    let mut editor = FormationEditor::new(
        library,
        shipped.is_dir().then_some(shipped),
        Rules::default(),
    );
    if args.iter().any(|a| a == "random") {
        let mut f = Formation::random(&mut SplitMix64::new(7), &Rules::default());
        // Leave a few pieces in the tray and break a rule, to show validation.
        f.set(1, 1, None);
        f.set(1, 3, None);
        // Swap a landmine into line 1 (mines belong in the last two lines).
        if let Some((l, c)) = (5..=6u8)
            .flat_map(|l| (1..=5u8).map(move |c| (l, c)))
            .find(|&(l, c)| f.at(l, c) == Some(junqi::engine::piece::Rank::Mine))
        {
            let front = f.at(1, 2);
            f.set(1, 2, Some(junqi::engine::piece::Rank::Mine));
            f.set(l, c, front);
        }
        f.name = "demo".into();
        editor = editor.with_formation(f);
    }
    editor.set_language(if zh {
        junqi::i18n::Lang::Zh
    } else {
        junqi::i18n::Lang::En
    });
    let mut fonts_done = false;
    eframe::run_ui_native(
        "junqi formation editor",
        eframe::NativeOptions {
            viewport: egui::ViewportBuilder::default().with_inner_size([1380.0, 880.0]),
            ..Default::default()
        },
        move |ui, _frame| {
            if !fonts_done && let Some(font) = cjk_font() {
                let mut fonts = egui::FontDefinitions::default();
                fonts
                    .font_data
                    .insert("cjk".into(), egui::FontData::from_owned(font).into());
                for fam in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
                    fonts.families.entry(fam).or_default().push("cjk".into());
                }
                fonts
                    .families
                    .insert(egui::FontFamily::Name("cjk".into()), vec!["cjk".into()]);
                ui.ctx().set_fonts(fonts);
            }
            fonts_done = true;
            egui::CentralPanel::default().show(ui, |ui| match editor.ui(ui) {
                Some(EditorOutcome::UseInGame(f, _)) => println!("use in game:\n{}", f.to_ron()),
                Some(EditorOutcome::Close) => {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close)
                }
                None => {}
            });
        },
    )
}
