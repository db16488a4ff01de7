//! The puzzle screen's words (残局): the task, what a try got, the streak and the rating.

use super::Text;

texts! {
    PUZZLES = "残局练习", "Puzzles";
    PUZZLES_HEADING = "残局 {n} / {max}", "Puzzle {n} of {max}";
    PUZZLE_TASK_1 = "{side}方走：一步取胜（夺旗，或让对方无子可动、无棋可走）。", "{side} to move: win in one turn (take the flag, or leave the enemy nothing that can move).";
    PUZZLE_TASK_N = "{side}方走：{n} 步之内必胜（夺旗或让对方无棋可走），对方怎么应都一样。只有一步能做到。", "{side} to move: win by force in {n} {n|turn|turns} (take the flag, or leave the enemy no move), whatever the defence. Only one first turn does it.";
    PUZZLE_RATING = "等级分 {rating}（本题 {puzzle}）", "Rating {rating} (this puzzle {puzzle})";
    PUZZLE_STREAK = "连对 {n} 题（最多 {best}）", "Streak {n} (best {best})";
    PUZZLE_SOLVED = "对了！", "Solved!";
    PUZZLE_LINE = "必胜的走法：{line}", "The forced win: {line}";
    PUZZLE_WRONG = "不对：{turn} 不能在 {n} 步内取胜。", "Not this: {turn} does not win in {n} {n|turn|turns}.";
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
}
