//! The Chinese font shipped with the program (a subset of Noto Sans CJK SC, SIL OFL 1.1; see
//! `assets/make-font-subset.sh` and `assets/fonts/OFL.txt`), added after egui's default fonts.

use egui::{FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

pub const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/JunqiSansSC-Subset.otf");
const NAME: &str = "junqi-sans-sc-subset";

/// egui's default fonts with the Chinese subset as the last fallback of both families.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts
        .font_data
        .insert(NAME.to_owned(), Arc::new(FontData::from_static(CJK_FONT)));
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push(NAME.to_owned());
    }
    fonts
}

pub fn install(ctx: &egui::Context) {
    ctx.set_fonts(definitions());
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::FontId;
    use egui::epaint::text::{Fonts, TextOptions};

    /// Every character outside ASCII in the program's sources (string tables, engine names, house
    /// rule texts, reasons) must be drawable: rerun `assets/make-font-subset.sh` after adding text.
    #[test]
    fn font_covers_every_ui_string() {
        let mut fonts = Fonts::new(TextOptions::default(), definitions());
        let font = FontId::proportional(14.0);
        let mut texts: Vec<String> = crate::i18n::all()
            .flat_map(|t| [t.zh.to_string(), t.en.to_string()])
            .collect();
        for r in crate::engine::Rank::ALL {
            texts.push(r.zh().into());
        }
        for rule in crate::engine::rules::HouseRule::ALL {
            let h = rule.texts();
            texts.extend([h.zh, h.explain_zh, h.en, h.explain_en].map(String::from));
        }
        // The lessons' texts (their files are data beside the sources).
        for lesson in crate::app::learn::lesson::all().iter().flatten() {
            texts.extend(
                lesson
                    .texts()
                    .into_iter()
                    .flat_map(|w| [w.zh.clone(), w.en.clone()]),
            );
        }
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut stack = vec![src];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    // Only CJK text and its punctuation: the sources' box drawing and arrows
                    // in comments need not be in the font.
                    texts.push(
                        text.chars()
                            .filter(|&c| {
                                ('\u{3000}'..='\u{9fff}').contains(&c)
                                    || ('\u{ff00}'..='\u{ffef}').contains(&c)
                            })
                            .collect(),
                    );
                }
            }
        }
        let mut missing: Vec<char> = texts
            .iter()
            .flat_map(|t| t.chars())
            .filter(|&c| !c.is_control() && !fonts.has_glyph(&font, c))
            .collect();
        missing.sort();
        missing.dedup();
        assert!(
            missing.is_empty(),
            "characters missing from the font: {missing:?}"
        );
    }

    #[test]
    fn font_is_small() {
        assert!(CJK_FONT.len() < 1024 * 1024, "{} bytes", CJK_FONT.len());
    }
}
