//! The layout checker: every interactive widget on screen (anything that takes a click, focus or
//! a value) lies inside the window, and no two of them overlap.
#![allow(dead_code)]

use egui::accesskit::{Action, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use junqi::app::JunqiApp;
use std::collections::HashMap;

/// An interactive widget as the accessibility tree reports it.
#[derive(Debug, Clone)]
pub struct Widget {
    pub label: String,
    pub role: Role,
    pub rect: egui::Rect,
}

/// The viewport of every scroll area with a scroll bar, for each node inside it: a widget scrolled
/// partly out of view is seen only within the viewport (egui reports its whole rect).
fn scroll_clips(h: &Harness<'static, JunqiApp>) -> HashMap<String, egui::Rect> {
    let mut clips: HashMap<String, egui::Rect> = HashMap::new();
    for bar in h.query_all(By::new()) {
        if bar.accesskit_node().role() != Role::ScrollBar {
            continue;
        }
        let r = bar.rect();
        let inf = f32::INFINITY;
        let view = if r.height() > r.width() {
            egui::Rect::from_x_y_ranges(-inf..=inf, r.y_range())
        } else {
            egui::Rect::from_x_y_ranges(r.x_range(), -inf..=inf)
        };
        let Some(area) = bar.parent() else { continue };
        for inside in area.children_recursive() {
            let id = format!("{:?}", inside.accesskit_node().id());
            let clip = clips.get(&id).map_or(view, |c| c.intersect(view));
            clips.insert(id, clip);
        }
    }
    clips
}

/// Every widget that takes a click or focus, with the rect of it that shows (in points); widgets
/// scrolled wholly out of view are left out.
pub fn interactive(h: &Harness<'static, JunqiApp>) -> Vec<Widget> {
    let clips = scroll_clips(h);
    let mut out = Vec::new();
    for node in h.query_all(By::new()) {
        let ak = node.accesskit_node();
        let data = ak.data();
        let takes_input =
            data.supports_action(Action::Click) || data.supports_action(Action::Focus);
        if !takes_input || ak.is_hidden() || ak.bounding_box().is_none() {
            continue;
        }
        let mut rect = node.rect();
        if let Some(clip) = clips.get(&format!("{:?}", ak.id())) {
            rect = rect.intersect(*clip);
        }
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            continue;
        }
        out.push(Widget {
            label: ak.label().or_else(|| ak.value()).unwrap_or_default(),
            role: ak.role(),
            rect,
        });
    }
    out
}

/// Fail (naming `what`) if an interactive widget sticks out of the `size` window or two of them
/// overlap (touching edges and sub-pixel rounding are allowed).
pub fn assert_tidy(h: &Harness<'static, JunqiApp>, size: egui::Vec2, what: &str) {
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size).expand(0.5);
    let widgets = interactive(h);
    assert!(!widgets.is_empty(), "{what}: no interactive widget at all");
    for w in &widgets {
        assert!(
            window.contains_rect(w.rect),
            "{what}: {:?} '{}' at {:?} is not inside the {size:?} window",
            w.role,
            w.label,
            w.rect
        );
    }
    for (i, a) in widgets.iter().enumerate() {
        for b in &widgets[i + 1..] {
            let both = a.rect.intersect(b.rect);
            let overlap = both.width() > 1.0 && both.height() > 1.0;
            assert!(
                !overlap,
                "{what}: {:?} '{}' at {:?} overlaps {:?} '{}' at {:?}",
                a.role, a.label, a.rect, b.role, b.label, b.rect
            );
        }
    }
}
