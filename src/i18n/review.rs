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
    MARK_DUBIOUS = "第 {n} 步，{side}：疑问手（?）：{why}", "Turn {n}, {side}: dubious (?): {why}";
    MARK_BLUNDER = "第 {n} 步，{side}：败着（??）：{why}", "Turn {n}, {side}: blunder (??): {why}";
    TURN_OWN_CHOICE = "{side}走 {turn}，正是电脑的选择", "{side} played {turn}, the computer's own choice";
    TURN_AS_GOOD = "{side}走 {turn}，不比电脑的选择 {best} 差", "{side} played {turn}, as good as the computer's choice {best}";
    TURN_WORSE = "{side}走 {turn}：{loss}；更好的一步 {best}", "{side} played {turn}: {loss}; better {best}";
    TURN_STANDING = "走之前{side}{standing}", "before it {side} {standing}";
    STAND_AHEAD = "领先{worth}", "was ahead by {worth}";
    STAND_BEHIND = "落后{worth}", "was behind by {worth}";
    STAND_EVEN = "与对方大致持平", "was about even";
    STAND_WINS = "已能扛旗取胜（电脑的搜索看到对方军旗失守）", "could win: the search sees the enemy flag fall";
    STAND_LOSES = "军旗已难保（电脑的搜索看到己方军旗失守）", "could not save the flag: the search sees it fall";
    WORTH_PIECE = "约一个{piece}的价值", "about {a} {piece}'s worth";
    WORTH_MORE = "超过一个司令的价值", "more than a field marshal's worth";
    WORTH_LITTLE = "不到一个排长的价值", "less than a lieutenant's worth";
    LOSS_WORTH = "损失{worth}", "gives up {worth}";
    LOSS_FLAG = "让己方军旗失守（电脑的搜索看到军旗被扛）", "lets the flag fall (the search sees it taken)";
    LOSS_WIN = "错过了扛旗取胜", "misses taking the enemy flag";
    WHY_SEARCH = "电脑往后看几步，发现这一步{loss}", "the computer's look-ahead finds it {loss}";
    WHY_KNOWN_BEATER = "{attacker}撞上了一个已经吃掉过你的{beaten}的棋子", "the {attacker} walked into a piece that had already beaten your {beaten}";
    WHY_FOR_NOTHING = "白白丢掉{rank}", "loses the {rank} for nothing";
    WHY_FLAG_NOW = "敌子下一步就能到军旗旁，无子可拦", "leaves the flag open to a raid next turn";
    WHY_FLAG_TWO = "敌方工兵两步之内能飞到军旗旁", "leaves the flag open to an engineer's flight in two turns";
    RISK_CARELESS = "轻率的冒险：{attacker}进攻一个未知的棋子，按你当时所知，{odds}是{what}", "a careless risk: the {attacker} attacked an unknown piece; from what you knew, {odds} it was {what}";
    RISK_REASONABLE = "合理的冒险，不算错：{attacker}进攻一个未知的棋子，按你当时所知，只有{odds}是{what}", "a reasonable risk, no mistake: the {attacker} attacked an unknown piece; from what you knew, only {odds} it was {what}";
    RISK_BOMB_MINE = "炸弹或地雷", "a mine or a bomb";
    RISK_ANY = "炸弹、地雷或不弱于它的棋子", "a mine, a bomb or a piece as strong";
    ODDS_ONE_IN = "约 1/{n} 的可能", "1 in {n}";
    ODDS_TENTHS = "约 {k}/10 的可能", "{k} in 10";
    BETTER_TAKES = "吃掉{rank}", "takes the {rank}";
    BETTER_TAKES_FLAG = "扛旗", "takes the flag";
    BETTER_KEEPS_FLAG = "守住军旗", "keeps the flag safe";
    REVIEW_UNJUDGED = "这一步未评估", "This turn is not judged";
    REVIEW_ARROW = "更好的一步：{best}", "Better turn: {best}";
    REVIEW_ARROW_WHY = "更好的一步：{best}（{why}）", "Better turn: {best} ({why})";
    BELIEF_MAP = "推测图", "Belief map";
    BELIEF_MAP_TIP = "每个敌子：这一方当时能推测出的可能军衔", "Each enemy piece: the ranks this side could infer at that turn";
    BELIEF_FOR = "{side}当时的推测", "What {side} could know then";
    BELIEF_PIECE = "{node}：{ranks}", "{node}: {ranks}";
    BELIEF_CERTAIN = "{node}：确定是{rank}", "{node}: certainly {rank}";
    BELIEF_TRUE = "（实为{rank}）", "(truly {rank})";
    BELIEF_NONE = "这种模式下没有需要推测的棋子", "Nothing to infer in this mode";
}
