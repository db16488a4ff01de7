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

/// The board of a lesson or a puzzle: `game` as `view` shows it, `player` at the bottom, the
/// last turn marked, taking moves while `interactive`.
#[allow(clippy::too_many_arguments)]
pub(super) fn board(
    ui: &mut egui::Ui,
    game: &crate::engine::Game,
    view: &crate::engine::View,
    selected: Option<crate::engine::NodeId>,
    destinations: &[crate::engine::NodeId],
    player: crate::engine::Seat,
    interactive: bool,
    opts: &BoardOptions,
    lang: Lang,
) -> board::BoardInput {
    BoardWidget {
        view,
        opts,
        lang,
        bottom: player,
        selected,
        destinations,
        last_move: board::last_mark(game, game.plies().len()),
        earlier: Vec::new(),
        flash: None,
        interactive,
        finished: game.status().is_over(),
    }
    .show(ui)
}

/// The board of a hidden puzzle: `view` alone (no game behind it on screen, no last turn).
#[allow(clippy::too_many_arguments)]
pub(super) fn view_board(
    ui: &mut egui::Ui,
    view: &crate::engine::View,
    selected: Option<crate::engine::NodeId>,
    destinations: &[crate::engine::NodeId],
    player: crate::engine::Seat,
    interactive: bool,
    opts: &BoardOptions,
    lang: Lang,
) -> board::BoardInput {
    BoardWidget {
        view,
        opts,
        lang,
        bottom: player,
        selected,
        destinations,
        last_move: None,
        earlier: Vec::new(),
        flash: None,
        interactive,
        finished: false,
    }
    .show(ui)
}
