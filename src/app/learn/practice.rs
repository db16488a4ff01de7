//! The board of a lesson or a puzzle, drawn the same way for both.

use crate::app::board::{self, BoardWidget};
use crate::app::settings::BoardOptions;
use crate::i18n::Lang;

/// Where the piece `selected` may go in `view`, while the board takes moves.
pub(super) fn destinations(
    view: &crate::engine::View,
    game: &crate::engine::Game,
    selected: Option<crate::engine::NodeId>,
    interactive: bool,
) -> Vec<crate::engine::NodeId> {
    selected
        .filter(|_| interactive)
        .map(|s| view.destinations_from(game.rules(), s))
        .unwrap_or_default()
}

/// What the player is doing on a practice board: the piece picked up, where it may go, whose
/// side is at the bottom, and whether the board takes moves.
pub(super) struct Place<'a> {
    pub selected: Option<crate::engine::NodeId>,
    pub destinations: &'a [crate::engine::NodeId],
    pub player: crate::engine::Seat,
    pub interactive: bool,
}

/// The board of a lesson or a puzzle: `view` with `game`'s last turn marked and its end shown
/// when a game stands behind it (a hidden puzzle has only the view).
pub(super) fn board(
    ui: &mut egui::Ui,
    game: Option<&crate::engine::Game>,
    view: &crate::engine::View,
    at: Place<'_>,
    opts: &BoardOptions,
    lang: Lang,
) -> board::BoardInput {
    BoardWidget {
        view,
        opts,
        lang,
        bottom: at.player,
        selected: at.selected,
        destinations: at.destinations,
        last_move: game.and_then(|g| board::last_mark(g, g.plies().len())),
        earlier: Vec::new(),
        flash: None,
        interactive: at.interactive,
        finished: game.is_some_and(|g| g.status().is_over()),
    }
    .show(ui)
}

/// The clicks of a practice board as the screen's commands (`node` makes one): a drag is a click
/// on the piece (unless it is picked up already, `selected`), then one where it was dropped.
pub(super) fn clicks<C>(
    input: &board::BoardInput,
    selected: Option<crate::engine::NodeId>,
    node: impl Fn(crate::engine::NodeId) -> C,
    out: &mut Vec<C>,
) {
    if let Some(n) = input.clicked {
        out.push(node(n));
    }
    if let Some((a, b)) = input.dropped {
        if selected != Some(a) {
            out.push(node(a));
        }
        out.push(node(b));
    }
}
