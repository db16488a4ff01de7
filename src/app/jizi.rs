//! 记子 (counting the enemy's pieces): the table a player keeps of another seat's pieces in a
//! hidden game — how many of each rank were seen removed, are seen on the board now, and are left —
//! and its panel. Counted by the one-screen game through the gate (`hidden_flip::seat_counts`) and
//! by the network screen from its own view and the reports (`remote::game::RemoteGame::counts_of`).

use super::board;
use crate::engine::{NodeId, Rank, Seat, Seen};
use crate::i18n::{self, Lang, fill};
use egui::RichText;

/// One rank of the 记子 panel: how many of the enemy's pieces of that rank there were at the start,
/// were seen removed, are seen on the board (a flag shown after its marshal fell, say), and are not
/// yet accounted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountRow {
    pub rank: Rank,
    pub start: u8,
    pub removed: u8,
    pub shown: u8,
    pub left: u8,
}

/// 记子: the enemy's pieces as `me` can account for them in a hidden game, from `me`'s own sight
/// only (the gate's `own_sight`: never the true position). Removed pieces whose rank `me` never
/// learnt are counted apart, in `removed_unknown` (they are still among the rows' `left`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnemyCounts {
    pub enemy: Seat,
    pub rows: Vec<CountRow>,
    pub removed_unknown: u32,
}

/// The 记子 table of `enemy`: its pieces seen removed (`removed` by rank, index `rank - 1`; and
/// how many whose rank was never learnt), the ones `view` shows face up now, and what is left.
pub fn counts_table(
    enemy: Seat,
    removed: [u8; 12],
    removed_unknown: u32,
    view: &crate::engine::View,
) -> EnemyCounts {
    let mut shown = [0u8; 12];
    for n in 0..view.board().len() as NodeId {
        if let Seen::Known(p) = view.at(n)
            && p.side() == enemy
            && !p.is_face_down()
        {
            shown[p.rank() as usize - 1] += 1;
        }
    }
    let rows = Rank::ALL
        .iter()
        .map(|&rank| {
            let i = rank as usize - 1;
            CountRow {
                rank,
                start: rank.count(),
                removed: removed[i],
                shown: shown[i],
                left: rank.count().saturating_sub(removed[i] + shown[i]),
            }
        })
        .collect();
    EnemyCounts {
        enemy,
        rows,
        removed_unknown,
    }
}

/// One seat's 记子 table.
pub fn count_panel(ui: &mut egui::Ui, lang: Lang, counts: &EnemyCounts, open: bool) {
    let colour = board::side_colour(counts.enemy);
    ui.separator();
    egui::CollapsingHeader::new(
        RichText::new(fill(
            lang.t(&i18n::ENEMY_COUNTS),
            &[("side", lang.side(counts.enemy))],
        ))
        .strong(),
    )
    .id_salt(("enemy-counts", counts.enemy))
    .default_open(open)
    .show(ui, |ui| {
        // A narrow panel (the network screen at 800×600) closes the columns up and scrolls
        // sideways rather than cutting the last one off.
        let gap = if ui.available_width() < 320.0 {
            8.0
        } else {
            18.0
        };
        egui::ScrollArea::horizontal()
            .id_salt(("enemy-counts-scroll", counts.enemy))
            .show(ui, |ui| {
                egui::Grid::new(("enemy-counts-grid", counts.enemy))
                    .striped(true)
                    .spacing([gap, 2.0])
                    .show(ui, |ui| {
                        for head in [
                            &i18n::COUNT_RANK,
                            &i18n::COUNT_LEFT,
                            &i18n::COUNT_REMOVED,
                            &i18n::COUNT_SHOWN,
                        ] {
                            ui.label(RichText::new(lang.t(head)).strong());
                        }
                        ui.end_row();
                        for row in &counts.rows {
                            ui.label(lang.rank(row.rank));
                            let left = RichText::new(row.left.to_string()).monospace().strong();
                            ui.label(if row.left == 0 {
                                left.weak()
                            } else {
                                left.color(colour)
                            });
                            ui.label(RichText::new(row.removed.to_string()).monospace());
                            ui.label(RichText::new(row.shown.to_string()).monospace());
                            ui.end_row();
                        }
                    });
            });
        ui.label(fill(
            lang.t(&i18n::COUNT_REMOVED_UNKNOWN),
            &[("n", &counts.removed_unknown.to_string())],
        ));
    });
}
