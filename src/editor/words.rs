//! The editor's words: English or Chinese text and the names players give the squares of their own
//! half. The engine's formation problems are worded by the crate's language tables (`i18n`).

use crate::engine::board::Board;
use crate::engine::formation::{is_camp_square, is_hq_square, square_name};
use crate::engine::piece::{Rank, Seat};
use crate::engine::rules::Rules;
use crate::i18n::{Lang, Text};

/// Pick the Chinese or the English text.
pub(crate) fn tr(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    lang.t(&Text { zh, en })
}

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
    let mut out = if lang == Lang::Zh {
        format!("第 {line} 线 第 {col} 列（{}）", sq(line, col))
    } else {
        format!("line {line}, column {col} ({})", sq(line, col))
    };
    let mut names: Vec<&str> = Vec::new();
    if is_camp_square(line, col) {
        names.push(tr(
            lang,
            "行营 camp: a piece in it cannot be attacked; it starts empty",
            "行营：里面的棋子不能被攻击；开局必须空着",
        ));
    }
    if line == 1 {
        names.push(tr(
            lang,
            "锋线 front line, next to the middle of the board",
            "锋线：第一线，挨着两军之间",
        ));
        if col == 2 || col == 4 {
            names.push(tr(
                lang,
                "棋眉: front-line station beside the centre",
                "棋眉：锋线上中路两侧的兵站",
            ));
        }
    }
    if line == 5 && (col == 2 || col == 4) {
        names.push(tr(
            lang,
            "旗台 / 虚台: the station above an HQ",
            "旗台 / 虚台：大本营正上方的兵站",
        ));
    }
    if is_hq_square(line, col) {
        names.push(tr(
            lang,
            "大本营 HQ: the flag goes in one of the two; a piece here never moves",
            "大本营：军旗放在两个大本营之一；进了大本营的棋子不再移动",
        ));
    }
    if line == 6 && (col == 1 || col == 5) {
        names.push(tr(lang, "底角 back corner", "底角：最后一线的角"));
    }
    let board = Board::two_player();
    if let Some(n) = board.node_by_name(&sq(line, col))
        && board.is_rail(n)
    {
        names.push(tr(lang, "on the railway", "在铁路线上"));
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
                out.push_str(tr(lang, "Not here: ", "不可放："));
                out.push_str(&lang.formation_problem(&p));
            }
        }
    }
    out
}
