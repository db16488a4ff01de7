//! The game review's words (复盘分析): the review panel, its graph and marks, the belief map.

use super::Text;

texts! {
    REVIEW = "分析本局", "Review the game";
    REVIEW_TIP = "电脑逐步评估每一步，只用走棋一方当时所知", "The computer judges every turn from what its mover knew then";
    REVIEW_LEVEL = "分析水平", "Review level";
    REVIEW_RUNNING = "正在分析：第 {n} / {max} 步", "Reviewing: turn {n} of {max}";
    REVIEW_CANCEL = "取消分析", "Cancel the review";
    REVIEW_CANCELLED = "分析已取消", "Review cancelled";
    REVIEW_DONE = "分析完成：{n} 步，{q} 个疑问手，{qq} 个败着", "Reviewed: {n} {n|turn|turns}, {q} dubious, {qq} {qq|blunder|blunders}";
    REVIEW_FAILED = "无法分析这局：{why}", "This game cannot be reviewed: {why}";
    REVIEW_NOT_KEPT = "分析结果未能存入文件：{why}", "The review could not be kept in the file: {why}";
    REVIEW_GRAPH = "评估曲线：点击或拖动以跳到某一步", "Evaluation graph: click or drag to go to a turn";
    REVIEW_GRAPH_SIDE = "{side}的评估", "{side}'s evaluation";
    MARK_DUBIOUS = "第 {n} 步，{side}：疑问手（?），损失 {loss}，更好的一步 {best}", "Turn {n}, {side}: dubious (?), lost {loss}, better {best}";
    MARK_BLUNDER = "第 {n} 步，{side}：败着（??），损失 {loss}，更好的一步 {best}", "Turn {n}, {side}: blunder (??), lost {loss}, better {best}";
    REVIEW_TURN = "评估 {before} → {after}，电脑会走 {best}", "Evaluation {before} → {after}, the computer would play {best}";
    REVIEW_TURN_BEST = "评估 {before}，正是电脑会走的一步", "Evaluation {before}, the computer's own choice";
    REVIEW_UNJUDGED = "这一步未评估", "This turn is not judged";
    REVIEW_ARROW = "更好的一步：{best}", "Better turn: {best}";
    BELIEF_MAP = "推测图", "Belief map";
    BELIEF_MAP_TIP = "每个敌子：这一方当时能推测出的可能军衔", "Each enemy piece: the ranks this side could infer at that turn";
    BELIEF_FOR = "{side}当时的推测", "What {side} could know then";
    BELIEF_PIECE = "{node}：{ranks}", "{node}: {ranks}";
    BELIEF_CERTAIN = "{node}：确定是{rank}", "{node}: certainly {rank}";
    BELIEF_TRUE = "（实为{rank}）", "(truly {rank})";
    BELIEF_NONE = "这种模式下没有需要推测的棋子", "Nothing to infer in this mode";
}
