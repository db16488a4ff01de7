//! The editor's words: English or Chinese text and the names players give the squares of their own
//! half. The engine's formation problems are worded by the crate's language tables (`i18n`).

use crate::engine::board::Board;
use crate::engine::formation::{Formation, is_camp_square, square_name};
use crate::engine::piece::{Rank, Seat};
use crate::engine::rules::Rules;
use crate::i18n::{Lang, editor as t, fill};

/// A piece's name in the chosen language.
pub(crate) fn rank_name(lang: Lang, r: Rank) -> &'static str {
    lang.rank(r)
}

/// A square as named on the board (Red's view, like the engine's problem messages), e.g. `c6`.
pub(crate) fn sq(line: u8, col: u8) -> String {
    square_name(Seat::Red, line, col)
}

/// What players call a square of their own half (line 1 front … 6 back, columns from the left),
/// with what the engine says may not go there. Only names in common use; most squares have none.
pub fn square_tooltip(line: u8, col: u8, rules: &Rules, lang: Lang) -> String {
    let mut out = fill(
        lang.t(&t::TIP_SQUARE),
        &[
            ("line", &line.to_string()),
            ("col", &col.to_string()),
            ("sq", &sq(line, col)),
        ],
    );
    let mut names: Vec<&str> = Vec::new();
    if is_camp_square(line, col) {
        names.push(lang.t(&t::TIP_CAMP));
    }
    if line == 1 {
        names.push(lang.t(&t::TIP_FRONT_LINE));
        if col == 2 || col == 4 {
            names.push(lang.t(&t::TIP_EYEBROW));
        }
    }
    if line == 5 && (col == 2 || col == 4) {
        names.push(lang.t(&t::TIP_FLAG_STAND));
    }
    if line == 6 && (col == 2 || col == 4) {
        names.push(lang.t(&t::TIP_HQ));
    }
    if line == 6 && (col == 1 || col == 5) {
        names.push(lang.t(&t::TIP_BACK_CORNER));
    }
    let board = Board::two_player();
    if let Some(n) = board.node_by_name(&sq(line, col))
        && board.is_rail(n)
    {
        names.push(lang.t(&t::TIP_RAIL));
    }
    for n in names {
        out.push('\n');
        out.push_str(n);
    }
    if !is_camp_square(line, col) {
        // Ask the engine, piece by piece, what may not stand here alone.
        for r in [Rank::Flag, Rank::Mine, Rank::Bomb] {
            let mut f = Formation::default();
            f.set(line, col, Some(r));
            for p in f
                .problems(rules)
                .iter()
                .filter(|p| p.at() == Some((line, col)))
            {
                out.push('\n');
                out.push_str(&fill(
                    lang.t(&t::TIP_NOT_HERE),
                    &[("why", &lang.formation_problem(p))],
                ));
            }
        }
    }
    out
}
