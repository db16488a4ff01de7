//! The editor's words: English or Chinese text, the engine's formation problems in Chinese, and the
//! names players give the squares of their own half.

use crate::engine::board::Board;
use crate::engine::formation::{Formation, FormationProblem, is_camp_square, square_name};
use crate::engine::piece::{Rank, Side};
use crate::engine::rules::Rules;

/// Pick the Chinese or the English text.
pub(crate) fn tr(zh: bool, en: &'static str, zh_text: &'static str) -> &'static str {
    if zh { zh_text } else { en }
}

/// A piece's name in the chosen language.
pub(crate) fn rank_name(zh: bool, r: Rank) -> &'static str {
    if zh { r.zh() } else { r.en() }
}

/// A square as named on the board (Red's view, like the engine's problem messages), e.g. `c6`.
pub(crate) fn sq(line: u8, col: u8) -> String {
    square_name(Side::Red, line, col)
}

/// One engine problem in words. English is the engine's own message; Chinese is matched kind by
/// kind against the engine's messages, falling back to the engine's English when nothing matches
/// (a test checks that every kind the engine produces is matched).
pub fn problem_text(p: &FormationProblem, f: &Formation, zh: bool) -> String {
    if !zh {
        return p.message.clone();
    }
    translate_zh(p, f).unwrap_or_else(|| p.message.clone())
}

pub(crate) fn translate_zh(p: &FormationProblem, f: &Formation) -> Option<String> {
    match p.at {
        Some((l, c)) => {
            let r = f.at(l, c)?;
            let s = sq(l, c);
            let kinds = [
                (
                    format!("{} in a camp at {s}: camps start empty", r.en()),
                    format!("{}在行营 {s}：行营开局必须空着", r.zh()),
                ),
                (
                    format!("flag at {s}: the flag goes in one of the two HQs"),
                    format!("军旗在 {s}：军旗只能放在两个大本营之一"),
                ),
                (
                    format!("mine at {s}: mines only in the last two lines"),
                    format!("地雷在 {s}：地雷只能放在最后两线"),
                ),
                (
                    format!("bomb on the front line at {s}"),
                    format!("炸弹在第一线 {s}：炸弹不能放在第一线"),
                ),
            ];
            kinds
                .into_iter()
                .find(|(en, _)| *en == p.message)
                .map(|(_, zh)| zh)
        }
        None => Rank::ALL.iter().find_map(|&r| {
            let have = f.count(r);
            let n = r.count();
            if have > n && p.message == format!("{have} × {} (only {n} allowed)", r.en()) {
                Some(format!("{} 有 {have} 个（只允许 {n} 个）", r.zh()))
            } else if have < n && p.message == format!("{} × {} not placed yet", n - have, r.en())
            {
                Some(format!("{} 还有 {} 个没摆", r.zh(), n - have))
            } else {
                None
            }
        }),
    }
}

/// What players call a square of their own half (line 1 front … 6 back, columns from the left),
/// with what the engine says may not go there. Only names in common use; most squares have none.
pub fn square_tooltip(line: u8, col: u8, rules: &Rules, zh: bool) -> String {
    let mut out = if zh {
        format!("第 {line} 线 第 {col} 列（{}）", sq(line, col))
    } else {
        format!("line {line}, column {col} ({})", sq(line, col))
    };
    let mut names: Vec<&str> = Vec::new();
    if is_camp_square(line, col) {
        names.push(tr(
            zh,
            "行营 camp: a piece in it cannot be attacked; it starts empty",
            "行营：里面的棋子不能被攻击；开局必须空着",
        ));
    }
    if line == 1 {
        names.push(tr(
            zh,
            "锋线 front line, next to the middle of the board",
            "锋线：第一线，挨着两军之间",
        ));
        if col == 2 || col == 4 {
            names.push(tr(
                zh,
                "棋眉: front-line station beside the centre",
                "棋眉：锋线上中路两侧的兵站",
            ));
        }
    }
    if line == 5 && (col == 2 || col == 4) {
        names.push(tr(
            zh,
            "旗台 / 虚台: the station above an HQ",
            "旗台 / 虚台：大本营正上方的兵站",
        ));
    }
    if line == 6 && (col == 2 || col == 4) {
        names.push(tr(
            zh,
            "大本营 HQ: the flag goes in one of the two; a piece here never moves",
            "大本营：军旗放在两个大本营之一；进了大本营的棋子不再移动",
        ));
    }
    if line == 6 && (col == 1 || col == 5) {
        names.push(tr(zh, "底角 back corner", "底角：最后一线的角"));
    }
    let board = Board::two_player();
    if let Some(n) = board.node_by_name(&sq(line, col))
        && board.is_rail(n)
    {
        names.push(tr(zh, "on the railway", "在铁路线上"));
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
                .filter(|p| p.at == Some((line, col)))
            {
                out.push('\n');
                out.push_str(tr(zh, "Not here: ", "不可放："));
                out.push_str(&problem_text(p, &f, zh));
            }
        }
    }
    out
}
