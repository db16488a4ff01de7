//! 记子 (counting the enemy's pieces): the table a player keeps of another seat's pieces in a
//! hidden game — how many of each rank were seen removed, are seen on the board now, and are left —
//! and its panel. One count for both screens: the pieces a seat saw removed (`Removed`, each
//! clash read through `clash_pieces` from what the seat knew before it) settled with the seat's
//! view at hand (`Removed::counts`). The one-screen game reads the clashes from its record through
//! the gate (`hidden_flip::seat_counts`), the network screen from the reports it was told
//! (`remote::game::RemoteGame::counts_of`), so that the same record gives the same table.

use super::board;
use crate::engine::{ClashOutcome, NodeId, Piece, Rank, Seat, Seen};
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

/// The two pieces of a clash as a seat may know them once it is over, from what it saw before
/// (`attacker`, `defender`: `Seen::Unknown` where it did not know the piece) and the public facts
/// of the outcome: a dug mine was a landmine, and a removed piece of a side whose flag the clash
/// showed (`flags_shown`) was that side's field marshal — the flag is shown because it fell.
pub fn clash_pieces(
    outcome: ClashOutcome,
    attacker: Seen,
    defender: Seen,
    flags_shown: &[Seat],
) -> (Seen, Seen) {
    let (attacker_out, defender_out) = removed_sides(outcome);
    let marshal = |s: Seen, out: bool| match s {
        Seen::Unknown(side) if out && flags_shown.contains(&side) => {
            Seen::Known(Piece::new(side, Rank::Marshal))
        }
        s => s,
    };
    let defender = match defender {
        Seen::Unknown(side) if outcome == ClashOutcome::MineDug => {
            Seen::Known(Piece::new(side, Rank::Mine))
        }
        d => marshal(d, defender_out),
    };
    (marshal(attacker, attacker_out), defender)
}

/// Whether a clash with `outcome` removed the attacker, and the defender.
pub fn removed_sides(outcome: ClashOutcome) -> (bool, bool) {
    match outcome {
        ClashOutcome::DefenderRemoved | ClashOutcome::MineDug | ClashOutcome::FlagTaken => {
            (false, true)
        }
        ClashOutcome::AttackerRemoved => (true, false),
        ClashOutcome::BothRemoved => (true, true),
        ClashOutcome::Bounced => (false, false),
    }
}

/// The pieces a clash removed, as a seat may know them (`clash_pieces`).
pub fn clash_removed(
    outcome: ClashOutcome,
    attacker: Seen,
    defender: Seen,
    flags_shown: &[Seat],
) -> Vec<Seen> {
    let (a, d) = clash_pieces(outcome, attacker, defender, flags_shown);
    let (a_out, d_out) = removed_sides(outcome);
    [(a, a_out), (d, d_out)]
        .into_iter()
        .filter_map(|(s, out)| out.then_some(s))
        .collect()
}

/// The pieces a seat saw removed so far, of every seat: by rank where it learnt the rank (index
/// `rank - 1`), else counted as unknown. With the seat's view this is all its 记子 needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    known: [[u8; 12]; 4],
    unknown: [u32; 4],
}

impl Removed {
    /// Count what one clash removed, from the pieces as the seat knew them before it
    /// (`Seen::Unknown` where it did not) and the clash's public facts (`clash_removed`).
    pub fn add_clash(
        &mut self,
        outcome: ClashOutcome,
        attacker: Seen,
        defender: Seen,
        flags_shown: &[Seat],
    ) {
        for s in clash_removed(outcome, attacker, defender, flags_shown) {
            match s {
                Seen::Known(p) => {
                    let k = &mut self.known[p.side().index()][p.rank() as usize - 1];
                    *k = k.saturating_add(1);
                }
                Seen::Unknown(side) => {
                    let k = &mut self.unknown[side.index()];
                    *k = k.saturating_add(1);
                }
                Seen::Empty | Seen::FaceDown => {}
            }
        }
    }

    /// Those of `seat`: how many of each rank (index `rank - 1`), and how many of unknown rank.
    pub fn of(&self, seat: Seat) -> ([u8; 12], u32) {
        (self.known[seat.index()], self.unknown[seat.index()])
    }

    /// Set those of `seat` (a tally kept on disk and read back).
    pub fn set(&mut self, seat: Seat, known: [u8; 12], unknown: u32) {
        self.known[seat.index()] = known;
        self.unknown[seat.index()] = unknown;
    }

    /// Both tallies together (one for the turns an earlier window saw, one for the rest).
    pub fn plus(mut self, other: &Removed) -> Removed {
        for (a, b) in self.known.iter_mut().zip(&other.known) {
            for (x, y) in a.iter_mut().zip(b) {
                *x = x.saturating_add(*y);
            }
        }
        for (a, b) in self.unknown.iter_mut().zip(&other.unknown) {
            *a = a.saturating_add(*b);
        }
        self
    }

    /// Whether nothing was seen removed.
    pub fn is_empty(&self) -> bool {
        *self == Removed::default()
    }

    /// 记子 of `enemy` as the seat whose `view` this is can account for it: these removals,
    /// settled with the view (`counts_table`). Both screens count with this.
    pub fn counts(&self, enemy: Seat, view: &crate::engine::View) -> EnemyCounts {
        let (known, unknown) = self.of(enemy);
        counts_table(enemy, known, unknown, view)
    }
}

/// The 记子 table of `enemy`: its pieces seen removed (`removed` by rank, index `rank - 1`; and
/// how many whose rank was never learnt), the ones `view` shows face up now, and what is left.
///
/// The view settles what the turns seen leave open: pieces of `enemy` gone from the board that
/// no turn seen accounts for (a screen that came back to a game after a break saw only the
/// view) count as removed, rank unknown; and a shown flag of `enemy` whose field marshal is
/// not counted removed yet makes one of those the marshal. A seat that is out (its pieces left
/// the board with it) is not settled so.
pub fn counts_table(
    enemy: Seat,
    mut removed: [u8; 12],
    mut removed_unknown: u32,
    view: &crate::engine::View,
) -> EnemyCounts {
    let mut shown = [0u8; 12];
    let mut on_board = 0u32;
    let mut flag_shown = false;
    for n in 0..view.board().len() as NodeId {
        match view.at(n) {
            Seen::Known(p) if p.side() == enemy => {
                on_board += 1;
                if !p.is_face_down() {
                    shown[p.rank() as usize - 1] += 1;
                    flag_shown |= p.rank() == Rank::Flag;
                }
            }
            Seen::Unknown(s) if s == enemy => on_board += 1,
            _ => {}
        }
    }
    if !view.out().contains(enemy) {
        let total: u32 = Rank::ALL.iter().map(|r| u32::from(r.count())).sum();
        let counted = removed.iter().map(|&k| u32::from(k)).sum::<u32>() + removed_unknown;
        removed_unknown += total.saturating_sub(on_board + counted);
        let marshal = Rank::Marshal as usize - 1;
        if flag_shown && removed[marshal] == 0 && shown[marshal] == 0 && removed_unknown > 0 {
            removed[marshal] = 1;
            removed_unknown -= 1;
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

/// Where the 记子 tables stand in their side panel: `top`, where the panel's content began, and
/// `below`, how high what must stay in view beneath them is (the move list and the event log).
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    pub top: f32,
    pub below: f32,
}

impl Fit {
    /// The same, for a table with `later` more tables after it in the panel, each at least its
    /// heading high, which must stay in view too.
    fn before(self, later: usize, ui: &egui::Ui) -> Fit {
        let heading = ui.spacing().interact_size.y + ui.spacing().item_spacing.y + 6.0;
        Fit {
            below: self.below + later as f32 * heading,
            ..self
        }
    }

    /// How high a table's rows may be at the cursor: what the panel's view leaves above `below`,
    /// but never under five rows (then the panel scrolls as a whole). A table that would take
    /// more scrolls within itself, so that mid-game the move list and the event log keep their
    /// lines in view beside the board.
    fn room(&self, ui: &egui::Ui) -> f32 {
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        let above = ui.cursor().top() - self.top;
        // The line under the rows: the pieces removed with their rank unknown.
        let rest = ui.clip_rect().height() - above - self.below - line;
        rest.max(5.0 * line)
    }
}

/// The 记子 tables of a side panel, one per enemy in `tables`: the first open at the start if
/// `open_first`, the others folded; each fitted so that what follows it (the headings of the
/// later tables, the lists) stays in view.
pub fn count_panels(
    ui: &mut egui::Ui,
    lang: Lang,
    tables: &[EnemyCounts],
    open_first: bool,
    fit: Fit,
) {
    for (k, counts) in tables.iter().enumerate() {
        let fit = fit.before(tables.len() - 1 - k, ui);
        count_panel(ui, lang, counts, k == 0 && open_first, fit);
    }
}

/// One seat's 记子 table.
fn count_panel(ui: &mut egui::Ui, lang: Lang, counts: &EnemyCounts, open: bool, fit: Fit) {
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
        // sideways rather than cutting the last one off; a short one scrolls the rows (`Fit`)
        // under the column heads, which stay put.
        let narrow = ui.available_width() < super::panel::sized(ui, 320.0);
        let gap = super::panel::sized(ui, if narrow { 8.0 } else { 18.0 });
        let room = fit.room(ui);
        let heads = [
            &i18n::COUNT_RANK,
            &i18n::COUNT_LEFT,
            &i18n::COUNT_REMOVED,
            &i18n::COUNT_SHOWN,
        ]
        .map(|h| lang.t(h));
        // The heads and the rows are two grids: each column as wide as its widest cell in
        // either, so that every head stands over its column.
        let widths = column_widths(ui, lang, counts, &heads);
        egui::ScrollArea::horizontal()
            .id_salt(("enemy-counts-scroll", counts.enemy))
            .show(ui, |ui| {
                egui::Grid::new(("enemy-counts-heads", counts.enemy))
                    .spacing([gap, 2.0])
                    .show(ui, |ui| {
                        for (k, head) in heads.iter().enumerate() {
                            cell(ui, widths[k], RichText::new(*head).strong());
                        }
                        ui.end_row();
                    });
                let head = ui.text_style_height(&egui::TextStyle::Body) + 2.0;
                egui::ScrollArea::vertical()
                    .id_salt(("enemy-counts-rows", counts.enemy))
                    .max_height(room - head)
                    .auto_shrink([true, true])
                    .show(ui, |ui| {
                        egui::Grid::new(("enemy-counts-grid", counts.enemy))
                            .striped(true)
                            .spacing([gap, 2.0])
                            .show(ui, |ui| count_rows(ui, lang, counts, &widths));
                    });
            });
        ui.label(fill(
            lang.t(&i18n::COUNT_REMOVED_UNKNOWN),
            &[("n", &counts.removed_unknown.to_string())],
        ));
    });
}

/// The rows of a 记子 table, one a rank, each cell as wide as its column (`column_widths`).
fn count_rows(ui: &mut egui::Ui, lang: Lang, counts: &EnemyCounts, widths: &[f32; 4]) {
    let colour = board::side_colour(counts.enemy);
    for row in &counts.rows {
        cell(ui, widths[0], RichText::new(lang.rank(row.rank)));
        let left = RichText::new(row.left.to_string()).monospace().strong();
        let left = if row.left == 0 {
            left.weak()
        } else {
            left.color(colour)
        };
        cell(ui, widths[1], left);
        let removed = RichText::new(row.removed.to_string()).monospace();
        cell(ui, widths[2], removed);
        cell(
            ui,
            widths[3],
            RichText::new(row.shown.to_string()).monospace(),
        );
        ui.end_row();
    }
}

/// One cell of a 记子 table, at least `width` wide.
fn cell(ui: &mut egui::Ui, width: f32, text: RichText) {
    ui.scope(|ui| {
        ui.set_min_width(width);
        ui.label(text);
    });
}

/// How wide each column of a 记子 table must be for its widest cell, head or row (the heads in
/// the body font, the counts in the monospace one).
fn column_widths(ui: &egui::Ui, lang: Lang, counts: &EnemyCounts, heads: &[&str; 4]) -> [f32; 4] {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let mono = egui::TextStyle::Monospace.resolve(ui.style());
    let width = |text: String, font: &egui::FontId| {
        let galley = ui
            .painter()
            .layout_no_wrap(text, font.clone(), egui::Color32::WHITE);
        galley.size().x
    };
    let mut w = heads.map(|h| width(h.to_string(), &body));
    for row in &counts.rows {
        w[0] = w[0].max(width(lang.rank(row.rank).to_string(), &body));
        for (k, n) in [row.left, row.removed, row.shown].into_iter().enumerate() {
            w[k + 1] = w[k + 1].max(width(n.to_string(), &mono));
        }
    }
    w
}
