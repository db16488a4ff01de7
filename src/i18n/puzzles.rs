//! The puzzle screen's words (残局): the task, what a try got, the streak and the rating.

use super::Text;

texts! {
    PUZZLES = "残局练习", "Puzzles";
    PUZZLES_HEADING = "残局 {n} / {max}", "Puzzle {n} of {max}";
    PUZZLE_TASK_1 = "{side}方走：一步取胜（夺旗，或让对方无子可动、无棋可走）。", "{side} to move: win in one turn (take the flag, or leave the enemy nothing that can move).";
    PUZZLE_TASK_N = "{side}方走：{n} 步之内必胜（夺旗或让对方无棋可走），对方怎么应都一样。只有一步能做到。", "{side} to move: win by force in {n} {n|turn|turns} (take the flag, or leave the enemy no move), whatever the defence. Only one first turn does it.";
    PUZZLE_TASK_MATERIAL_1 = "{side}方走：一步赢得关键子力（至少一个军长的价值，对方应一步也夺不回）。只有一步能做到。", "{side} to move: win decisive material in one turn (at least a general's worth, still yours after the reply). Only one turn does it.";
    PUZZLE_TASK_MATERIAL_N = "{side}方走：{n} 步之内赢得关键子力（至少一个军长的价值，对方怎么应都夺不回）。只有一步能做到。", "{side} to move: win decisive material in {n} {n|turn|turns} (at least a general's worth, kept whatever the defence). Only one first turn does it.";
    PUZZLE_RATING = "等级分 {rating}（本题 {puzzle}）", "Rating {rating} (this puzzle {puzzle})";
    PUZZLE_STREAK = "连对 {n} 题（最多 {best}）", "Streak {n} (best {best})";
    PUZZLE_SOLVED = "对了！", "Solved!";
    PUZZLE_LINE = "必胜的走法：{line}", "The forced win: {line}";
    PUZZLE_WRONG = "不对：{turn} 不能在 {n} 步内取胜。", "Not this: {turn} does not win in {n} {n|turn|turns}.";
    PUZZLE_MATERIAL_LINE = "赢得子力的走法：{line}", "The forced gain: {line}";
    PUZZLE_WON = "赢得{won}。", "Won {won}.";
    PUZZLE_WON_FOR = "赢得{won}，付出{lost}。", "Won {won} for {lost}.";
    PUZZLE_WRONG_MATERIAL = "不对：{turn} 不能在 {n} 步内赢得关键子力。", "Not this: {turn} does not win decisive material in {n} {n|turn|turns}.";
    PUZZLE_MATERIAL_DEFENCE = "{side}方应 {defence}，保住了子力（棋盘上已走出）。", "{side} answers {defence} and keeps the material (played out on the board).";
    PUZZLE_DEFENCE = "{side}方应 {defence}，军旗在剩下的步数里守住了（棋盘上已走出）。", "{side} answers {defence} and the flag holds for the turns left (played out on the board).";
    PUZZLE_ENDS = "这步棋结束了对局，但不是你赢。", "That turn ends the game, and not with your win.";
    PUZZLE_NO_TAKE = "这步不能取胜。", "That turn does not win.";
    PUZZLE_UNPROVEN = "这步的结果在限定的计算量内算不清，不算对。", "That turn could not be worked out within the search's budget: it does not count as the answer.";
    PUZZLE_RATED = "等级分 {change}", "Rating {change}";
    PUZZLE_RETRY = "再试一次 (R)", "Try again (R)";
    PUZZLE_NEXT = "下一题 (N)", "Next puzzle (N)";
    PUZZLE_BACK = "返回教程 (Esc)", "Back to lessons (Esc)";
    PUZZLE_NONE = "没有可用的残局。", "No puzzles are available.";
    PUZZLE_SOURCE = "出自：{source}", "From: {source}";
    PUZZLES_ENTRY = "残局练习（等级分 {rating}）", "Puzzles (rating {rating})";
    PUZZLE_KIND = "题型：", "Puzzles:";
    PUZZLE_KIND_OPEN = "明棋", "Open";
    PUZZLE_KIND_HIDDEN = "暗棋推理", "Hidden";
    PUZZLE_KIND_MIXED = "混合", "Mixed";
    HIDDEN_TASK_RANK = "{side}方（暗棋）：按你在对局中看到的一切，哪一个敌子一定是{rank}？点它。", "{side} (hidden game): from everything you saw in the game, which enemy piece must be {rank}? Click it.";
    HIDDEN_TASK_SAFE = "{side}方走（暗棋）：你对看不见的敌子有 {n} 种攻击，按你看到的一切，只有一种一定不会丢掉进攻的棋子。走这一步。", "{side} to move (hidden game): of your {n} attacks on enemy pieces you cannot see, exactly one cannot lose the attacker, from everything you saw. Make it.";
    HIDDEN_PICK_ENEMY = "点一个你看不见的敌子。", "Click an enemy piece you cannot see.";
    HIDDEN_NOT_ATTACK = "这步没有攻击看不见的敌子：请走一步攻击。", "That turn attacks no enemy piece you cannot see: make an attack.";
    HIDDEN_RIGHT_RANK = "{at} 的棋子一定是{rank}。", "The piece on {at} must be {rank}.";
    HIDDEN_RIGHT_SAFE = "{turn} 不会丢子：{at} 的棋子只可能是{ranks}，都挡不住你的{attacker}。", "{turn} cannot lose your piece: the piece on {at} can only be {ranks}, and none of them removes your {attacker}.";
    HIDDEN_NOT_FORCED = "不一定：有一种与你所见完全相符的布阵，{at} 的棋子在其中是{could}。", "Not certain: in a deployment that agrees with everything you saw, the piece on {at} is {could}.";
    HIDDEN_UNSAFE = "不安全：有一种与你所见完全相符的布阵，{at} 的棋子在其中是{could}，你的{attacker}攻击它：{outcome}。", "Not safe: in a deployment that agrees with everything you saw, the piece on {at} is {could}, and your {attacker} attacking it: {outcome}.";
    HIDDEN_SHOW = "在棋盘上看这种布阵", "Show that deployment on the board";
    HIDDEN_HIDE = "收起这种布阵", "Hide the deployment";
    HIDDEN_SHOWN_NOTE = "棋盘上是一种与你所见相符的布阵，不一定是实战中的。", "The board shows one deployment that agrees with all you saw, not necessarily the game's.";
    HIDDEN_WHY = "{at} 的棋子（开局在 {from}）：", "The piece on {at} (it started on {from}):";
    FACT_DEPLOYED = "开局在 {sq}，那里不能布{ranks}。", "It started on {sq}, where no {ranks} may be deployed.";
    FACT_MOVED = "走动过：不是地雷，也不是军旗。", "It has moved: no landmine and not the flag.";
    FACT_FLEW = "在铁路上拐过弯：只可能是{ranks}。", "It turned a corner on the rails: only {ranks} can.";
    FACT_CLASH_MINE = "第 {ply} 步，你的{mine}攻击它（{turn}）：{outcome}{shown}。", "Turn {ply}: your {mine} attacked it ({turn}): {outcome}{shown}.";
    FACT_CLASH_THEIRS = "第 {ply} 步，它攻击你的{mine}（{turn}）：{outcome}{shown}。", "Turn {ply}: it attacked your {mine} ({turn}): {outcome}{shown}.";
    FACT_FLAG_SHOWN = "，敌方军旗随即亮出", ", and the enemy's flag was shown";
    FACT_FLAG_NOT_SHOWN = "，敌方军旗没有亮出（它不是司令）", ", and the enemy's flag was not shown (it was not the marshal)";
    FACT_SHOWN = "它已亮明：{rank}。", "It is shown face up: {rank}.";
    FACT_LEAVES = "所以它只可能是：{ranks}。", "So it can only be: {ranks}.";
    FACT_COUNTING = "再数子：其余的可能都已被别的棋子占满（每种棋子数目有限），只剩：{ranks}。", "Counting the pieces (each rank has only so many), the others take the rest: it can only be {ranks}.";
    HIDDEN_SAW = "你看到的敌子", "What you saw of the enemy";
    HIDDEN_PIECE_AT = "{at}（开局在 {from}）：", "On {at} (started on {from}):";
    HIDDEN_PIECE_GONE = "已被吃掉（开局在 {from}）：", "Removed (started on {from}):";
    HIDDEN_NOTHING_SEEN = "其余敌子自开局以来没有动过，也没有交过手。", "The other enemy pieces have neither moved nor clashed since the start.";
    PUZZLE_FROM_SELF_PLAY = "电脑自对弈（种子 {seed}）第 {game} 局，第 {ply} 步", "the computer's self-play (seed {seed}) game {game}, turn {ply}";
    PUZZLE_FROM_RECORD = "{file}，第 {ply} 步", "{file}, turn {ply}";
    LIST_OR = "或", " or ";
    LIST_AND = "和", " and ";
    TWO_OF = "两个{rank}", "two {rank}s";
    THREE_OF = "三个{rank}", "three {rank}s";
}

/// A rank as a hidden puzzle's words name it: Chinese the rank's name; English with its article
/// ("the field marshal", "a bomb", "an engineer").
pub fn a_rank(lang: super::Lang, r: crate::engine::Rank) -> String {
    match lang {
        super::Lang::Zh => r.zh().to_string(),
        super::Lang::En => {
            let name = r.en().to_lowercase();
            let article = if r.count() == 1 {
                "the"
            } else if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            format!("{article} {name}")
        }
    }
}

/// Ranks listed in words: "a bomb, a landmine or the flag" / "炸弹、地雷或军旗".
pub fn ranks_list(lang: super::Lang, ranks: &[crate::engine::Rank]) -> String {
    list_of(lang, ranks.iter().map(|r| a_rank(lang, *r)).collect())
}

/// Ranks listed in words without articles: "bomb, landmine or flag" / "炸弹、地雷或军旗".
pub fn ranks_bare(lang: super::Lang, ranks: &[crate::engine::Rank]) -> String {
    list_of(
        lang,
        ranks.iter().map(|r| lang.rank(*r).to_lowercase()).collect(),
    )
}

/// What a material puzzle's forced line wins: the enemy's pieces taken (`won`) and, if any, the
/// mover's own given for them (`lost`), each list highest rank first with equal ranks together:
/// "Won the general for a captain." / "赢得军长，付出连长。"
pub fn won_words(
    lang: super::Lang,
    won: &[crate::engine::Rank],
    lost: &[crate::engine::Rank],
) -> String {
    // Each rank once, with its number when more than one: "two captains" / "两个连长".
    let list = |ranks: &[crate::engine::Rank]| {
        let mut names = Vec::new();
        let mut rest = ranks;
        while let Some(&r) = rest.first() {
            let n = rest.iter().take_while(|&&q| q == r).count();
            rest = &rest[n..];
            let name = match lang {
                super::Lang::Zh => r.zh().to_string(),
                super::Lang::En => r.en().to_lowercase(),
            };
            names.push(match n {
                1 => a_rank(lang, r),
                2 => super::fill(lang.t(&TWO_OF), &[("rank", &name)]),
                _ => super::fill(lang.t(&THREE_OF), &[("rank", &name)]),
            });
        }
        joined(lang, names, lang.t(&LIST_AND))
    };
    if lost.is_empty() {
        super::fill(lang.t(&PUZZLE_WON), &[("won", &list(won))])
    } else {
        super::fill(
            lang.t(&PUZZLE_WON_FOR),
            &[("won", &list(won)), ("lost", &list(lost))],
        )
    }
}

/// Words joined as a list in `lang`: "a, b or c".
fn list_of(lang: super::Lang, names: Vec<String>) -> String {
    joined(lang, names, lang.t(&LIST_OR))
}

/// Words joined as a list in `lang` with `last` before the last: "a, b and c".
fn joined(lang: super::Lang, names: Vec<String>, last_word: &str) -> String {
    let sep = match lang {
        super::Lang::Zh => "、",
        super::Lang::En => ", ",
    };
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{}{last_word}{last}", rest.join(sep)),
    }
}

/// A hidden puzzle's one-line task, from its question: the rank asked for, or (none) the safe
/// attack among `attacks`.
pub fn hidden_task(
    lang: super::Lang,
    side: crate::engine::Seat,
    rank: Option<crate::engine::Rank>,
    attacks: usize,
) -> String {
    match rank {
        Some(r) => super::fill(
            lang.t(&HIDDEN_TASK_RANK),
            &[("side", lang.side(side)), ("rank", &a_rank(lang, r))],
        ),
        None => super::fill(
            lang.t(&HIDDEN_TASK_SAFE),
            &[("side", lang.side(side)), ("n", &attacks.to_string())],
        ),
    }
}

/// Where a puzzle came from, in words: "self-play seed S game G, ply N" and "FILE, ply N" as
/// puzzle files write them; anything else as it stands.
pub fn source(lang: super::Lang, source: &str) -> String {
    let Some((head, ply)) = source.rsplit_once(", ply ") else {
        return source.to_string();
    };
    let self_play = head
        .strip_prefix("self-play seed ")
        .and_then(|rest| rest.split_once(" game "));
    match self_play {
        Some((seed, game)) => super::fill(
            lang.t(&PUZZLE_FROM_SELF_PLAY),
            &[("seed", seed), ("game", game), ("ply", ply)],
        ),
        None => super::fill(lang.t(&PUZZLE_FROM_RECORD), &[("file", head), ("ply", ply)]),
    }
}
