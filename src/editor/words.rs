//! The editor's words: English or Chinese text and the names players give the squares of their own
//! half. The engine's formation problems are worded by the crate's language tables (`i18n`).

use super::files::LoadError;
use crate::engine::board::Board;
use crate::engine::formation::{FormationFileError, is_camp_square, is_hq_square, square_name};
use crate::engine::piece::{Rank, Seat};
use crate::engine::rules::Rules;
use crate::i18n::{Lang, editor as t, fill};
use std::path::{Path, PathBuf};

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
    if is_hq_square(line, col) {
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
        // Ask the engine's deployment table, piece by piece, what may not stand here.
        for r in [Rank::Flag, Rank::Mine, Rank::Bomb] {
            for p in rules.deploy_problems(r, line, col) {
                out.push('\n');
                out.push_str(&fill(
                    lang.t(&t::TIP_NOT_HERE),
                    &[("why", &lang.formation_problem(&p))],
                ));
            }
        }
    }
    out
}

/// How much a message matters (its colour on the status line).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Level {
    Info,
    Warning,
    Error,
}

/// A message of the editor's status line, kept as what happened and worded when drawn, so that
/// switching the language re-words it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Message {
    NothingToUndo,
    /// A piece refused on a camp (line, column): camps start empty.
    Camp(u8, u8),
    /// The tray has no piece of this rank left.
    NoneLeft(Rank),
    /// Fill the rest placed every piece, but those already placed keep the formation invalid.
    FilledButInvalid,
    /// Saved, complete and valid.
    Saved(PathBuf),
    /// Saved with this many problems left.
    SavedUnfinished(PathBuf, usize),
    /// Saving failed; the old file is untouched.
    SaveFailed(FormationFileError),
    Opened(PathBuf),
    /// A shipped formation opened: read-only, saving makes a copy.
    OpenedShipped(PathBuf),
    /// Opening failed; nothing changed.
    OpenFailed(LoadError),
    /// Save as… chose the shipped folder.
    ShippedReadOnly,
    /// No system file dialog could open.
    NoDialog,
}

impl Message {
    pub fn level(&self) -> Level {
        use Message::*;
        match self {
            NothingToUndo | Saved(_) | Opened(_) | OpenedShipped(_) => Level::Info,
            Camp(..) | NoneLeft(_) | FilledButInvalid | SavedUnfinished(..) | NoDialog => {
                Level::Warning
            }
            SaveFailed(_) | OpenFailed(_) | ShippedReadOnly => Level::Error,
        }
    }

    /// The message in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        use Message::*;
        let file = |p: &Path| p.display().to_string();
        match self {
            NothingToUndo => lang.t(&t::NOTHING_TO_UNDO).into(),
            Camp(line, col) => fill(lang.t(&t::IS_CAMP), &[("sq", &sq(*line, *col))]),
            NoneLeft(r) => fill(lang.t(&t::NONE_LEFT), &[("rank", rank_name(lang, *r))]),
            FilledButInvalid => lang.t(&t::FILLED_BUT_INVALID).into(),
            Saved(p) => fill(lang.t(&t::SAVED), &[("file", &file(p))]),
            SavedUnfinished(p, n) => fill(
                lang.t(&t::SAVED_UNFINISHED),
                &[("file", &file(p)), ("n", &n.to_string())],
            ),
            SaveFailed(e) => fill(
                lang.t(&t::SAVE_FAILED),
                &[("e", &lang.formation_file_error(e))],
            ),
            Opened(p) => fill(lang.t(&t::OPENED), &[("file", &file(p))]),
            OpenedShipped(p) => fill(lang.t(&t::OPENED_SHIPPED), &[("file", &file(p))]),
            OpenFailed(e) => fill(lang.t(&t::OPEN_FAILED), &[("e", &e.in_lang(lang))]),
            ShippedReadOnly => lang.t(&t::SHIPPED_READ_ONLY).into(),
            NoDialog => lang.t(&t::NO_DIALOG).into(),
        }
    }
}
