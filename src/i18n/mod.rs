//! The interface language and every string the window shows, in Chinese and English. Names of
//! pieces, sides, end reasons and house rules come from the engine (`Rank::zh`, `HouseRule::texts` …), so
//! the rule text has one source.

use crate::engine::formation::{FormationFileError, FormationProblem};
use crate::engine::game::MAX_TAG_CHARS;
use crate::engine::judge::ClaimError;
use crate::engine::rules::{HouseRule, MAX_CLOCK_SECONDS, MAX_LIMIT, RulesError};
use crate::engine::{ActionError, IllegalTurn, Rank, Seat, TagError};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    /// The system locale's language: Chinese if `LC_ALL`, `LC_MESSAGES` or `LANG` starts with `zh`.
    pub fn from_env() -> Lang {
        Lang::from_locale(
            ["LC_ALL", "LC_MESSAGES", "LANG"]
                .iter()
                .filter_map(|k| std::env::var(k).ok())
                .find(|v| !v.is_empty())
                .as_deref(),
        )
    }

    pub fn from_locale(locale: Option<&str>) -> Lang {
        match locale {
            Some(l) if l.to_ascii_lowercase().starts_with("zh") => Lang::Zh,
            _ => Lang::En,
        }
    }

    pub fn t(self, text: &Text) -> &'static str {
        match self {
            Lang::Zh => text.zh,
            Lang::En => text.en,
        }
    }

    pub fn side(self, side: Seat) -> &'static str {
        match self {
            Lang::Zh => side.zh(),
            Lang::En => side.en(),
        }
    }

    /// The colour of a seat's pieces in words (four-player seats: red, purple, blue, green).
    pub fn seat_colour(self, seat: Seat) -> &'static str {
        self.t(match seat {
            Seat::Red | Seat::South => &COLOUR_RED,
            Seat::East => &COLOUR_PURPLE,
            Seat::Blue | Seat::North => &COLOUR_BLUE,
            Seat::West => &COLOUR_GREEN,
        })
    }

    pub fn rank(self, rank: Rank) -> &'static str {
        match self {
            Lang::Zh => rank.zh(),
            Lang::En => rank.en(),
        }
    }

    /// A house rule's name and one-line explanation, in this language.
    pub fn rule_texts(self, rule: HouseRule) -> (&'static str, &'static str) {
        let t = rule.texts();
        match self {
            Lang::Zh => (t.zh, t.explain_zh),
            Lang::En => (t.en, t.explain_en),
        }
    }

    /// A broken deployment rule of a formation, in this language.
    pub fn formation_problem(self, p: &FormationProblem) -> String {
        match self {
            Lang::En => p.to_string(),
            Lang::Zh => formation_problem_zh(p),
        }
    }

    /// Why a formation file cannot be used, in this language.
    pub fn formation_file_error(self, e: &FormationFileError) -> String {
        match self {
            Lang::En => e.to_string(),
            Lang::Zh => editor::formation_file_error_zh(e),
        }
    }

    /// Why the clash judge refuses a claim, in this language.
    pub fn claim_error(self, e: &ClaimError) -> String {
        match self {
            Lang::En => e.to_string(),
            Lang::Zh => claim_error_zh(e),
        }
    }

    /// Why the game refuses an action (`Game::act`), in this language.
    pub fn action_error(self, e: &ActionError) -> String {
        match self {
            Lang::En => e.to_string(),
            Lang::Zh => action_error_zh(e),
        }
    }

    /// Why a tag is refused (`Game::set_tag`), in this language.
    pub fn tag_error(self, e: &TagError) -> String {
        match self {
            Lang::En => e.to_string(),
            Lang::Zh => tag_error_zh(e),
        }
    }

    /// Why house rules do not fit together (`Rules::validate`), in this language.
    pub fn rules_error(self, e: &RulesError) -> String {
        match self {
            Lang::En => e.to_string(),
            Lang::Zh => rules_error_zh(e),
        }
    }

    /// The reason a turn is illegal, in this language.
    pub fn illegal(self, e: &IllegalTurn) -> String {
        match self {
            Lang::En => e.to_string(),
            Lang::Zh => illegal_zh(e),
        }
    }
}

/// One interface string in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text {
    pub zh: &'static str,
    pub en: &'static str,
}

macro_rules! texts {
    ($($name:ident = $zh:literal, $en:literal;)*) => {
        $(pub const $name: Text = Text { zh: $zh, en: $en };)*
        /// Every string of this table (`i18n::all` gathers the tables; the font test checks each
        /// is covered).
        pub const TABLE: &[Text] = &[$($name),*];
    };
}

pub mod editor;
pub mod errors;
pub mod invites;
pub mod learn;
pub mod net;
pub mod puzzles;
pub mod review;

/// Every interface string of every table.
pub fn all() -> impl Iterator<Item = &'static Text> {
    TABLE
        .iter()
        .chain(editor::TABLE)
        .chain(errors::TABLE)
        .chain(invites::TABLE)
        .chain(learn::TABLE)
        .chain(net::TABLE)
        .chain(puzzles::TABLE)
        .chain(review::TABLE)
}

texts! {
    APP_TITLE = "军棋", "Junqi";
    APP_SUBTITLE = "陆战棋 · 同屏对弈、人机对战、布阵、实体棋盘裁判", "Chinese military chess · play on one screen or against the computer, design formations, referee a real board";
    HOME = "主页", "Home";
    NEW_GAME = "新对局", "New game";
    QUICK_START = "立即开始（上次的规则）", "Start now (last rules)";
    LIVE_GAME = "对局进行中", "A game is in progress";
    CONTINUE = "继续", "Continue";
    SEAT_IS = "{who}：{seat}", "{who}: {seat}";
    RESIGN_CONFIRM = "{side}方认输，对局结束。确定？", "{side} resigns and the game ends. Are you sure?";
    RESIGN_YES = "确认认输", "Yes, resign";
    RESIGN_CONFIRM_FOUR = "{side}方认输出局，棋子全部离开棋盘。确定？", "{side} resigns and is out: all their pieces leave the board. Are you sure?";
    RESIGN_NO = "继续对局", "Keep playing";
    START = "开始对局", "Start game";
    CANCEL = "取消", "Cancel";
    LANGUAGE = "语言", "Language";
    VIEW = "显示", "View";
    COORDINATES = "显示坐标", "Show coordinates";
    ENGLISH_NAMES = "棋子用英文名", "English piece names";
    RANK_NUMBERS = "显示军衔数字 (40…32)", "Show rank numbers (40…32)";
    FULLSCREEN = "全屏 (F11)", "Full screen (F11)";
    SHOW_PANEL = "对局面板", "Game panel";
    SHOW_PANEL_UNSEEN = "对局面板（{n}）", "Game panel ({n})";
    SHOW_PANEL_UNSEEN_TIP = "F9 · 聊天里有 {n} 条新消息", "F9 · {n} new {n|line|lines} in the chat";
    ENEMY_COUNTS = "记子：{side}方棋子", "Counting {side}'s pieces (记子)";
    COUNT_RANK = "军衔", "Rank";
    COUNT_LEFT = "未明", "Left";
    COUNT_REMOVED = "已亡", "Removed";
    COUNT_SHOWN = "已见", "Seen";
    COUNT_REMOVED_UNKNOWN = "已亡（军衔未知）：{n}", "Removed, rank unknown: {n}";
    HINT = "提示 (H)", "Hint (H)";
    HINT_THINKING = "电脑正在思考…", "Thinking…";
    HINT_TIP = "电脑按你所见为你提示走法；提示记入棋谱", "The computer suggests turns from what you see; hints are noted in the record";
    HINT_LINE = "提示：{list}", "Hint: {list}";
    HINT_NONE = "电脑没有提示", "The computer has no suggestion";
    HINT_MARK = "提示 {k}：{mv}", "Hint {k}: {mv}";
    EV_HINT = "第 {n} 步：使用提示", "Turn {n}: a hint was asked";
    HINTS_ASKED = "已用提示：{n} 次", "Hints asked: {n}";
    RECENT_VS_COMPUTER = "对电脑（{level}）", "vs computer ({level})";
    RECENT_TWO_PLAYERS = "双人", "two players";
    RECENT_MOVES = "{n} 步", "{n} {n|move|moves}";
    RECENT_WON = "{side}方胜", "{side} won";
    RECENT_DRAW = "和棋", "draw";
    RECENT_UNFINISHED = "未完", "unfinished";
    RECENT_ABANDONED = "已取消：外部程序出错", "abandoned: the engine failed";
    CLASH_NOTICE = "{sq} 碰子：{out}", "Clash at {sq}: {out}";
    MODE = "模式", "Mode";
    MODE_OPEN = "明棋：所有棋子人人可见", "Open: every piece visible to everyone";
    PLAYERS = "对弈者", "Players";
    TWO_PLAYERS = "双人", "Two players";
    FOUR_PLAYERS = "四国（四人）", "Four players (四国)";
    FOUR_NO_FLIP = "四国军棋没有翻棋", "Flip is not offered for four players";
    PRIVATE_CHOICE_CURTAIN_FOUR = "{side}方选择布阵：其他人请回避 — 点此开始", "{side}: choose your formation (everyone else, look away) — press to begin";
    HUMAN = "人", "Human";
    HOUSE_RULES = "自选规则", "House rules";
    FORMATIONS = "布阵", "Formations";
    SIDE_FORMATION = "{side}方布阵", "{side}'s formation";
    RANDOM_FORMATION = "随机布阵（合法）", "Random valid formation";
    REROLL = "重新随机", "Reroll";
    BOTTOM_SIDE = "下方一方", "Side at the bottom";
    SECONDS = "秒", "seconds";
    ON = "启用", "On";
    TO_MOVE = "轮到", "To move";
    COLOUR_RED = "红", "red";
    COLOUR_PURPLE = "紫", "purple";
    COLOUR_BLUE = "蓝", "blue";
    COLOUR_GREEN = "绿", "green";
    SEAT_TAG = "{seat}（{colour}）", "{seat} ({colour})";
    SEAT_TAG_TO_MOVE = "{seat}（{colour}）— 轮到", "{seat} ({colour}) — to move";
    SEAT_TAG_OUT = "{seat}（{colour}）— 出局", "{seat} ({colour}) — out";
    TURN = "第 {n} 步", "Turn {n}";
    QUIET_LEFT = "距无吃子和棋还剩 {n} 步", "{n} {n|turn|turns} left before the quiet-limit draw";
    TURNS_LEFT = "距总步数和棋还剩 {n} 步", "{n} {n|turn|turns} left before the turn-limit draw";
    CLOCK = "本步剩余 {n} 秒", "{n} s left for this turn";
    CLOCK_AT_SEAT = "{side}方本步剩余 {n} 秒", "{side}: {n} s left for this turn";
    TIMEOUTS = "超时：红 {r} 次，蓝 {b} 次（{max} 次判负）", "Timeouts: Red {r}, Blue {b} ({max} lose)";
    UNDO = "悔棋", "Undo";
    REDO = "重做", "Redo";
    RESIGN = "认输", "Resign";
    OFFER_DRAW = "提和", "Offer draw";
    ACCEPT_DRAW = "同意和棋", "Accept draw";
    DECLINE_DRAW = "拒绝和棋", "Decline draw";
    ACCEPT_DRAW_FOR = "{side}方同意和棋", "{side} accepts the draw";
    DECLINE_DRAW_FOR = "{side}方拒绝和棋", "{side} declines the draw";
    DRAW_OFFERED = "{side}方提和", "{side} offers a draw";
    MOVES = "着法", "Moves";
    EVENTS = "事件", "Events";
    CAPTURED = "阵亡棋子", "Removed pieces";
    NONE_YET = "（暂无）", "(none yet)";
    WINS = "{side}方胜：{why}", "{side} wins: {why}";
    WIN_TEAM = "{side}方胜：{why}", "{side} win: {why}";
    DRAW = "和棋：{why}", "Draw: {why}";
    HINT_SELECT = "{side}方走棋：点击或拖动己方棋子", "{side} to move: click or drag one of your pieces";
    HINT_DEST = "选择目的地（绿点：走到；红圈：进攻），Esc 取消", "Choose a destination (green dot: move; red ring: attack), Esc cancels";
    EV_CLASH = "{n}. {mv}：{out}", "{n}. {mv}: {out}";
    EV_TIMEOUT = "{side}方超时，失去本步", "{side} timed out and loses the turn";
    EV_RESIGN = "{side}方认输", "{side} resigned";
    EV_OUT = "{side}方出局：{why}，棋子全部离开棋盘", "{side} is out: {why}; all their pieces leave the board";
    ON_BOARD = "盘上 {n} 子", "{n} on the board";
    TIMEOUTS_FOUR = "超时：{list}（{max} 次出局）", "Timeouts: {list} ({max} put a player out)";
    OUT_TAG = "出局", "out";
    EV_DRAW_DECLINED = "{side}方拒绝和棋", "{side} declined the draw";
    EV_DRAW_ACCEPTED = "{side}方同意了和棋", "{side} accepted the draw";
    EV_FLAG_SHOWN = "{side}方司令阵亡，军旗亮明", "{side}'s field marshal fell: its flag is shown";
    SETTINGS_WARNING = "设置文件无法读取，已使用默认设置：{e}", "The settings file could not be read, defaults are used: {e}";
    SETTINGS_SAVE_FAILED = "设置无法保存：{e}", "Settings could not be saved: {e}";
    START_FAILED = "无法开始对局：{e}", "The game could not start: {e}";
    DISMISS = "知道了", "Dismiss";
    OPEN_ONLY_RULE = "（仅影响暗棋/翻棋）", "(hidden/flip modes only)";
    MINES_STANDARD = "标准", "Standard";
    MINES_SPRING = "弹簧雷", "Spring";
    MINES_BOMB = "炸弹雷", "Bomb";
    TAKERS_ANY = "任意", "Any";
    TAKERS_ENGINEER = "工兵", "Engineer";
    TAKERS_SMALLEST = "最小", "Smallest";
    EMPTY_NODE = "空", "empty";
    UNKNOWN_PIECE = "未知棋子", "unknown piece";
    FACE_DOWN = "暗子", "face-down piece";
    GAME_OVER = "对局结束", "Game over";
    // Formations in the app.
    FORMATION_EDITOR = "布阵编辑", "Formation editor";
    EDIT_NOW = "现在布阵…", "Edit now…";
    EDITED = "刚编辑的", "edited";
    EDITING_FOR = "为{side}布阵：完成后点“用于对局”", "Formation for {side}: press “Use in game” when done";
    // Saved games and replay.
    RESUME_TITLE = "有一局未下完的对局", "An unfinished game was saved";
    RESUME_DETAIL = "{mode}，已走 {n} 步，轮到{side}方（开始于 {date}）", "{mode}, {n} {n|turn|turns} played, {side} to move (started {date})";
    RESUME = "继续对局", "Resume";
    DISCARD = "放弃", "Discard";
    DISCARD_HINT = "对局不会删除：它会移到最近的对局中", "Nothing is deleted: the game moves to the recent games";
    OPEN_GAME = "打开棋谱…", "Open game…";
    SAVE_AS = "另存为…", "Save as…";
    REPLAY = "复盘", "Replay";
    RECENT_GAMES = "最近的对局", "Recent games";
    UNFINISHED = "未完（{n} 步）", "unfinished ({n} {n|turn|turns})";
    UNREADABLE = "无法读取", "unreadable";
    OPEN_FAILED = "无法打开棋谱，当前对局未改变：{e}", "The game file could not be opened, nothing was changed: {e}";
    KEPT_ASIDE = "上次保存的文件无法读取，已改名保存为 {e}", "A saved file could not be read; it was kept as {e}";
    SAVE_FAILED = "对局无法保存：{e}", "The game could not be saved: {e}";
    GAME_FILE_FILTER = "军棋棋谱 (*.ron)", "Junqi game (*.ron)";
    AUTOSAVE_FAILED = "对局无法保存，还有 {n} 步未存盘：{e}", "The game could not be saved, {n} {n|turn is|turns are} not yet on disk: {e}";
    SAVED_AGAIN = "对局已重新保存，所有步都已存盘", "The game is saved again: every turn is on disk";
    REF_AUTOSAVE_FAILED = "裁判记录无法保存，还有 {n} 个改动未存盘：{e}", "The referee's record could not be saved, {n} {n|change is|changes are} not yet on disk: {e}";
    REF_SAVED_AGAIN = "裁判记录已重新保存，所有改动都已存盘", "The referee's record is saved again: every change is on disk";
    NO_DIALOG = "无法打开文件对话框：请使用首页上“最近的对局”列表{e}", "The file dialog could not open: use the recent games list on the first screen{e}";
    NO_DIALOG_SAVED = "无法打开文件对话框：对局已存入“最近的对局”，文件名 {e}", "The file dialog could not open: the game was saved to the recent games as {e}";
    CURRENT_GAME = "当前对局", "current game";
    RULES = "规则", "Rules";
    RULES_OF_GAME = "当前对局的规则", "The rules of the game on screen";
    RULES_OF_SETTINGS = "上次开局的规则（新对局的默认规则）", "The rules of the last game started (the new-game defaults)";
    RULES_PIECES = "棋子（从大到小）", "Pieces (highest first)";
    RULES_PIECES_INTRO = "每方 {n} 枚棋子。每一行：名称、数字、个数，和进攻时的结果。", "Each side has {n|piece|pieces}. Each line: the name, the number players say, how many, and what happens when it attacks.";
    RULES_BEATS = "吃：{list}", "removes: {list}";
    RULES_EVEN = "同归于尽：{list}", "both removed: {list}";
    RULES_LOSES = "阵亡：{list}", "is removed by: {list}";
    RULES_NEVER_MOVES = "不能移动", "never moves";
    RULES_BOARD = "棋盘", "The board";
    RULES_BOARD_TEXT = "{stations} 个兵站、{camps} 个行营、{hqs} 个大本营。公路上每步只走一格；铁路上可以走多格（{rail} 个点在铁路上）。前线的山界只有 a、c、e 路可以通过。", "{stations} stations (tiles), {camps} camps (circles) and {hqs} headquarters (arched). Thin lines are roads: one step at a time. Thick black-and-white lines are railways ({rail} points lie on them). The mountains of the front line can be crossed only on files a, c and e.";
    RULES_MOVING = "走棋", "Moving";
    RULES_MOVE_ROAD = "每步走一个棋子：在公路上走一格，或在铁路上直走任意格，中间不能有棋子。", "Each turn moves one piece: one step along a road, or any distance in a straight line along a railway, never over a piece.";
    RULES_MOVE_ENGINEER = "工兵在铁路上可以拐弯，走到空铁路能到的任意点。", "An engineer may turn corners on the railway and go anywhere the empty rails lead.";
    RULES_MOVE_CAMP = "行营里的棋子不能被攻击。", "A piece in a camp cannot be attacked.";
    RULES_MOVE_HQ = "进入大本营的棋子不能再移动。", "A piece that enters an HQ never moves again.";
    RULES_CLASHES = "碰子", "Clashes";
    RULES_CLASH_TEXT = "走到对方棋子上为进攻，结果如下（按当前规则）。", "Moving onto an enemy piece attacks it; the outcome is as listed (under the rules in force).";
    RULES_DEPLOY = "布阵", "Deploying";
    RULES_DEPLOY_TEXT = "开局前各方在自己一方布阵：军旗放在大本营，地雷放在最后两排，行营不放棋子。", "Before the game each side deploys in its own half: the flag in an HQ, mines in the last two lines, nothing in the camps.";
    RULES_DEPLOY_BOMBS = "炸弹不能放在第一排。", "Bombs may not stand in the front line.";
    RULES_MODES = "模式", "Modes";
    RULES_END = "对局结束", "The end of the game";
    RULES_END_TEXT = "扛走对方军旗者胜。下列结果同样结束对局：", "Taking the enemy flag wins. A game also ends by:";
    RULES_IN_FORCE = "当前", "in force";
    RULES_ONLY = "（仅{mode}）", "({mode} only)";
    RULES_OFF = "不启用", "Off";
    RULES_NONE = "不限", "none";
    RULES_SECONDS = "{n} 秒", "{n} s";
    RULES_F1 = "规则（F1）", "Rules (F1)";
    RULES_CONTENTS = "目录", "Contents";
    RULES_THIS_GAME = "本局", "This game";
    RULES_THIS_MODE = "模式：{mode}", "Mode: {mode}";
    RULES_IN_FORCE_LIST = "本局的自选规则", "House rules in force";
    RULES_NONE_IN_FORCE = "没有改动的自选规则（都是默认）", "No house rule changed (all at their defaults)";
    RULES_FOUR_TEAMS = "四人坐在十字形棋盘的四边：南、东、北、西。对家为一队：南北对东西。默认按逆时针轮流走棋：南、东、北、西。", "Four players sit at the arms of a cross: South, East, North and West. Partners sit opposite: South and North play East and West. Turns go counterclockwise by default: South, East, North, West.";
    RULES_FOUR_BOARD = "棋盘有 {nodes} 个点：四家的棋盘由中间九宫相连，相邻两家的铁路由弧线相连。行营各家共用：任何一家的棋子都可以进入空的行营。", "The board has {nodes} points: the four arms meet in the nine stations of the centre, and arcs join the rails of neighbouring arms. Camps are shared: any player's piece may enter an empty camp of any arm.";
    RULES_FOUR_MOVE = "不能走到自己或对家的棋子上；每个棋子都挡路，对家的也一样。对家之间不碰子。", "No piece moves onto its own player's or its partner's piece; every piece blocks a run, a partner's too. Partners never clash.";
    RULES_FOUR_OUT = "军旗被扛、没有能走的棋子、认输或第五次超时的一家出局，其余棋子全部离开棋盘。一队两家都出局时，另一队获胜。和棋须所有未出局的玩家同意。", "A player whose flag is taken, who has no movable piece left, who resigns or who runs out of time a fifth time is out: all their pieces leave the board. A team wins when both players of the other team are out. A draw by agreement needs every player still in.";
    MODE_NAME_OPEN = "明棋", "Open";
    MODE_NAME_HIDDEN = "暗棋", "Hidden";
    MODE_NAME_FLIP = "翻棋", "Flip";
    REPLAY_OF = "复盘：{name}", "Replay: {name}";
    REPLAY_REFEREE_USED = "（曾使用裁判视角）", "(the referee view was used)";
    TO_START = "« 开局", "« Start";
    STEP_BACK = "‹ 后退", "‹ Back";
    STEP_FORWARD = "前进 ›", "Forward ›";
    TO_END = "终局 »", "End »";
    PLAY = "▶ 播放", "▶ Play";
    PAUSE = "暂停", "Pause";
    SPEED = "每秒 {n} 步", "{n} {n|turn|turns}/s";
    SPEED_NAME = "速度", "Speed";
    TURN_SLIDER = "步数", "Turn";
    TURN_OF = "第 {n} / {max} 步", "Turn {n} / {max}";
    VIEWPOINT = "视角", "Viewpoint";
    REFEREE = "裁判", "Referee";
    CONTINUE_HERE = "从此处继续对局", "Continue from here";
    CONTINUE_CONFIRM_TITLE = "从第 {n} 回合继续？", "Continue from turn {n}?";
    CONTINUE_CONFIRM_LATER = "各方已经看到这一回合之后的着法和碰子结果：从这里继续等于悔棋。新对局的记录会注明这一点，和各方看过的每一个视角。", "The players have seen the turns after this one and their clashes: continuing from here is a takeback. The new game's record will say so, with every viewpoint that was shown.";
    CONTINUE_CONFIRM_ALL = "这一局的每一枚棋子都已经被看到过（对局已结束，或用过裁判视图或另一方的视角）。新对局的记录会注明：每一枚棋子都已被看到。", "Every piece of this game has been seen (the game is over, or the referee view or another side's viewpoint was used). The new game's record will say that every piece was seen.";
    CONTINUE_CONFIRM_YES = "继续，并记入记录", "Continue, and note it in the record";
    CONTINUE_IS_TAKEBACK = "不能从这里继续：这样等于悔棋，与电脑对局时悔棋已关闭（“显示”菜单）。", "Cannot continue from here: it would be a takeback, and takebacks against the computer are off (View menu).";
    CONTINUED_LATER = "本局从另一局的第 {n} 回合继续：各方已看到之后的着法", "Continued from turn {n} of another game: the players had seen the turns after it";
    CONTINUED_ALL = "本局从另一局的第 {n} 回合继续：每一枚棋子都已被看到", "Continued from turn {n} of another game: every piece had been seen";
    VIEWPOINT_NOT_NOTED = "没有显示这个视角：无法把它记入棋谱文件：{e}", "The viewpoint was not shown: it could not be noted in the game file: {e}";
    CLOSE_REPLAY = "关闭复盘", "Close replay";
    START_POSITION = "  0. 开局", "  0. Start";
    HINT_REPLAY = "轮到{side}方", "{side} to move";
    // Hidden and flip modes (src/app/modes.rs).
    MODE_HIDDEN = "暗棋：各方只看到自己的棋子，碰子由程序裁判，只公布结果", "Hidden: each side sees only its own pieces; the program referees clashes and announces only the outcome";
    MODE_FLIP = "翻棋：50 枚棋子背面朝上随机摆放，翻开才知是谁的", "Flip: all 50 pieces dealt face down at random; flip them to find out whose they are";
    DEAL_SEED = "发牌种子", "Deal seed";
    NEW_DEAL = "重新发牌", "New deal";
    SEED_INVALID = "种子须为 0 到 18446744073709551615 的整数", "The seed must be a whole number from 0 to 18446744073709551615";
    DEAL_REPLAY_HINT = "输入以前对局的种子即可重现同一发牌", "Enter an earlier game's seed to replay its deal";
    HIDDEN_ONLY_RULE = "（仅暗棋）", "(hidden mode only)";
    FLIP_ONLY_RULE = "（仅翻棋）", "(flip mode only)";
    FLIP_DEFAULTS_NOTE = "翻棋默认：大本营可走、排完地雷才能扛旗、最小的子扛旗（可在下方修改）", "Flip-mode defaults: movable HQ, flag needs mines cleared, smallest piece takes the flag (change them below)";
    CURTAIN = "轮到{side}方 — 点此继续", "{side} to move — press to continue";
    HAND_OVER = "交出（空格）", "Hand over (Space)";
    HAND_OVER_STATUS = "看清碰子的结果后按“交出”（空格），把屏幕交给{next}方", "When you have seen the clash, press Hand over (Space) and give the screen to {next}";
    HAND_OVER_NOTE = "{side}方：看清碰子的结果，再把屏幕交给{next}方。", "{side}: see how the clash went, then hand the screen to {next}.";
    HAND_OVER_FIRST = "先按“交出”：下一步由对方走。", "Hand over first: the next turn is the other player's.";
    CURTAIN_NOTE = "请把屏幕交给{side}方。所有棋子都已遮住。", "Hand the screen to {side}. Every piece is covered.";
    CURTAIN_PRIVATE = "上一方的棋子已遮住；请只在轮到自己时看棋盘。", "The previous player's pieces are covered; look at the board only on your own turn.";
    CURTAIN_OPTION = "暗棋换手遮挡（与电脑对弈时可关闭）", "Hand-over curtain in hidden games (switch off against the computer)";
    CONFIRM_FLIP_OPTION = "翻棋需再点一次确认", "Flipping needs a second click";
    FLIP_AGAIN = "再点一次 {sq} 即翻开", "Click {sq} again to flip it";
    REFEREE_VIEW = "裁判视图…", "Referee view…";
    REFEREE_CONFIRM_TITLE = "打开裁判视图？", "Show the referee view?";
    REFEREE_CONFIRM_TEXT = "裁判视图会把每一枚棋子显示给正在看屏幕的人。只在中立裁判、观众或复盘时使用。对局记录会注明用过裁判视图。", "This shows every piece to whoever is looking at the screen. Use it only for a neutral referee, spectators or review. The game record will note that it was used.";
    REFEREE_SHOW = "显示全部棋子", "Show every piece";
    REFEREE_ON = "裁判视图已打开：显示全部棋子", "Referee view is on: every piece is shown";
    REFEREE_OFF = "关闭裁判视图", "Turn the referee view off";
    REFEREE_USED = "本局记录注明：用过裁判视图", "The record notes that the referee view was used";
    TAG_MENU_TITLE = "标记猜测", "Tag a guess";
    TAG_CLEAR = "清除", "Clear";
    TAG_LABEL = "{sq} 标记 {tag}", "{sq} tag {tag}";
    PLAYER = "玩家{n}", "Player {n}";
    MOVER_FLIP = "{side}方（{player}）", "{side} ({player})";
    PLAYER_COLOURS = "玩家1：{c1}方 · 玩家2：{c2}方", "Player 1: {c1} · Player 2: {c2}";
    COLOURS_UNDECIDED = "玩家1 / 玩家2：颜色未定，第一次翻棋决定", "Player 1 / Player 2: colours not decided, the first flip decides";
    COLOURS_UNDECIDED_ENGINEER = "玩家1 / 玩家2：颜色未定，先翻出工兵者执其颜色", "Player 1 / Player 2: colours not decided, whoever flips an engineer takes its colour";
    DEAL = "发牌种子：{seed}", "Deal seed: {seed}";
    HINT_FLIP = "{who}走棋：点击暗子翻开，或走己方明子", "{who} to move: click a face-down piece to flip it, or move one of your face-up pieces";
    HINT_FLIP_ONLY = "{who}走棋：点击任意暗子翻开", "{who} to move: click any face-down piece to flip it";
    COUNTS = "记子（暗 / 明 / 亡）", "Piece count (face down / face up / gone)";
    COUNT_TOTAL = "{side}方：暗 {d}，明 {u}，亡 {g}", "{side}: {d} face down, {u} face up, {g} gone";
    MV_FLIP = "{sq} 翻出{side}方{rank}", "{sq} flipped: {side} {rank}";
    EV_COLOURS = "玩家{p}执{side}方，对方执{other}方", "Player {p} takes {side}, the other player {other}";
    SUMMARY = "对局小结", "Summary";
    SUMMARY_LINE = "共 {turns} 步，{clashes} 次碰子", "{turns} {turns|turn|turns}, {clashes} {clashes|clash|clashes}";
    SUMMARY_LOST = "{side}方损失 {n} 子：", "{side} lost {n}:";
    SUMMARY_TAKEBACKS = "悔棋：{list}", "Takebacks: {list}";
    DEAL_TYPED = "本局发牌种子是手动输入的：双方可能事先知道发牌", "This deal's seed was typed in: both players may have known the deal";
    DEAL_RANDOM_HINT = "空着则随机发牌", "Leave it empty for a random deal";
    CURTAIN_OFF_TITLE = "关闭换手遮挡？", "Switch the hand-over curtain off?";
    CURTAIN_OFF_TEXT = "对局进行中关闭遮挡，等于打开裁判视图：正在看屏幕的人会看到对方的棋子。对局记录会注明。", "Switching the curtain off during a hidden game between two people is the referee view: whoever looks at the screen sees the other side's pieces. The game record will note it.";
    CURTAIN_OFF_YES = "关闭遮挡", "Switch it off";
    TAKEBACK_ASK = "{side}方请{other}方同意悔棋", "{side} asks {other} to agree to take back the last turn";
    TAKEBACK_ACCEPT = "同意悔棋", "Accept the takeback";
    TAKEBACK_DECLINE = "不同意", "Decline";
    TAKEBACK_ASK_FOUR = "{side}方请其他各方同意悔棋（各方都同意才能悔棋）", "{side} asks to take back the last turn: every other player still in must agree";
    TAKEBACK_AGREE_FOR = "{side}方同意悔棋", "{side} agrees";
    TAKEBACK_DECLINE_FOR = "{side}方不同意", "{side} declines";
    TAKEBACK_AGREED_BY = "{side}方已同意", "{side} has agreed";
    TAKEBACK_DECLINED = "对方不同意悔棋", "The takeback was declined";
    TAKEBACK_ASK_TURNS = "{side}方请{other}方同意悔棋：退回{side}方上一步（共 {n} 步）", "{side} asks {other} to agree to take back {side}'s last turn and the turns after it ({n} in all)";
    NOTHING_TO_TAKE_BACK = "没有可以悔的棋", "There is no turn to take back";
    QUESTION_CALL_TAKEBACK = "{side}方请悔棋 — {other}方，点此选择同意或不同意", "{side} asks for a takeback — {other}, press to answer";
    DRAW_WAITS = "{side}方提和，等{other}方回答同意或不同意", "{side} offers a draw: {other} accepts or declines";
    QUESTION_CALL_DRAW = "{side}方提和 — {other}方，点此选择同意或不同意", "{side} offers a draw — {other}, press to answer";
    QUESTION_ANSWERING = "{other}方正在选择（棋盘仍然遮挡）", "{other} answers (the board stays covered)";
    NO_UNDO_AFTER_END = "对局已结束，不能悔棋", "The game is over: nothing can be taken back";
    TAKEBACKS_OFF = "与电脑下暗棋或翻棋时不能悔棋（可在视图菜单中打开）", "Takebacks are off in hidden and flip games against the computer (the View menu can allow them)";
    SOUNDS_OPTION = "播放提示（走子、碰子、亮旗、终局）", "Sounds (a move, a clash, a flag shown, the end)";
    NO_SOUND_DEVICE = "无法播放：本机没有可用的播放器件", "no sound device found";
    THREADS_OPTION = "电脑思考用的线程数", "Computer's threads";
    THREADS_AUTO = "留一核，其余全用（{n}）", "All cores but one ({n})";
    TAKEBACKS_OPTION = "与电脑下暗棋、翻棋时允许悔棋（记入对局记录）", "Allow takebacks in hidden and flip games against the computer (kept in the record)";
    EV_TAKEBACK = "{side}方悔棋 {n} 步", "{side} took back turns: {n}";
    SIDE_VIEW_CONFIRM_TITLE = "显示{side}方视角？", "Show {side}'s viewpoint?";
    SIDE_VIEW_CONFIRM_TEXT = "对局尚未结束：另一方看不到{side}方的棋子。对局记录会注明显示过这个视角。", "This game is not finished: {side}'s pieces are hidden from the other player. The game record will note that this viewpoint was shown.";
    SIDE_VIEW_CONFIRM_TEXT_FOUR = "对局尚未结束：对手看不到{side}方的棋子。对局记录会注明显示过这个视角。", "This game is not finished: {side}'s pieces are hidden from its opponents. The game record will note that this viewpoint was shown.";
    SIDE_VIEW_SHOW = "显示{side}方视角", "Show {side}'s pieces";
    SIDE_FORMATION_CHOSEN = "{side}方布阵：已选", "{side}'s formation: chosen";
    THUMBNAIL = "{side}方布阵：{pieces}", "{side} formation: {pieces}";
    PRIVATE_CHOICES_CLEARED = "模式或玩家改变了：暗中选好的布阵已清除（改为随机），没有显示给任何人。", "The mode or the players changed: the formations chosen privately were cleared (now random), never shown.";
    REPLAY_COVERED = "这局暗棋还没有结束，程序不知道是谁在看屏幕：请先选择视角（先确认，并记入棋谱）", "This hidden game is unfinished and the program cannot know who is looking: choose a viewpoint first (it needs a confirmation, and is noted in the game record)";
    CHOOSE_PRIVATELY = "{side}方暗中选择…", "{side}: choose privately…";
    PRIVATE_CHOICE_CURTAIN = "{side}方选择布阵：{other}方请回避 — 点此开始", "{side}: choose your formation ({other}, look away) — press to begin";
    PRIVATE_CHOICE_DONE = "完成（遮挡）", "Done (cover it)";
    // The computer opponent.
    COMPUTER_THINKING = "电脑正在思考，请稍候", "The computer is thinking: please wait";
    COMPUTER_THINKING_SIDE = "电脑（{side}方）思考中…", "The computer ({side}) is thinking…";
    COMPUTER = "电脑", "Computer";
    LEVEL_EASY = "简单", "Easy";
    LEVEL_NORMAL = "普通", "Normal";
    LEVEL_HARD = "困难", "Hard";
    SEAT_PLAYER = "玩家{n}", "Player {n}";
    PLAYED_BY = "执{who}", "as {who}";
    // An outside engine at a seat (the junqi engine protocol).
    ENGINE = "外部程序", "Engine";
    ENGINE_CHOICE = "外部程序…", "An engine…";
    ENGINE_COMMAND = "启动外部程序", "Engine command";
    ENGINE_COMMAND_HINT = "任何使用 junqi 外部程序协议的程序（docs/engine-protocol.md）；它只能看到自己一方可见的棋子。", "Any program speaking the junqi engine protocol (docs/engine-protocol.md); it sees only what its side may see.";
    ENGINE_OWN = "用本程序自带的电脑", "Use this program's own";
    ENGINE_COMMAND_EMPTY = "请输入启动外部程序的一行", "Type the command that starts the engine";
    ENGINE_NOT_FOUND = "找不到程序：{name}（外部程序没有启动，对局没有开始）", "command not found: {name} (the engine was not started, and no game began)";
    ENGINE_THINKING_SIDE = "{name}（{side}方）思考中…", "{name} ({side}) is thinking…";
    ENGINE_FAILED = "外部程序“{name}”（执{who}）{why}：{who}方认输", "The engine “{name}” ({who}) {why}: {who} resigns";
    ENGINE_FAILED_ABANDONED = "外部程序“{name}”（{who}）走第一步之前{why}：对局取消，不分胜负；请开始新对局", "The engine “{name}” ({who}) {why} before its first turn: the game is abandoned, with no result; start a new game";
    ENGINE_FAILED_STUCK = "外部程序“{name}”（{who}）{why}：对局无法继续，请开始新对局", "The engine “{name}” ({who}) {why}: the game cannot go on; start a new game";
    ENGINE_WARNING = "{e}", "{e}";
    RECENT_VS_ENGINE = "对外部程序", "vs engine";
    // Referee for a physical board (src/app/referee/).
    REF_HOME = "实体棋盘裁判", "Referee for a physical board";
    REF_INTRO = "各方在真实棋盘上用真实棋子对弈，程序代替裁判。先选好规则，再选一种裁判方式。", "You play on a real board with real pieces; the program is the referee. Pick the house rules, then one of the two ways.";
    REF_JUDGE = "碰子裁判", "Clash judge";
    REF_JUDGE_EXPLAIN = "每次碰子时，进攻方和防守方依次在按键板上暗中输入自己的棋子；程序只宣布结果，并记录各方损失。", "At each clash the attacker, then the defender, enters their piece privately on a pad; the program announces only the outcome and keeps each side's losses.";
    REF_TRACKED = "跟踪对局", "Tracked game";
    REF_TRACKED_EXPLAIN = "每位玩家各自暗中输入布阵，然后在程序的棋盘上照走每一步（只显示棋子背面）；程序判定每次碰子，拒绝违规走法。", "Each player enters a formation privately, then mirrors every move on the program's board, which shows only backs; the program judges every clash and rejects illegal moves.";
    REF_TRACKED_ONLY = "（仅跟踪对局）", "(tracked game only)";
    REF_MENU = "裁判菜单", "Referee menu";
    REF_WHO_ATTACKS = "发生碰子：谁是进攻方？", "A clash: who attacks?";
    REF_ATTACKS = "{side}方进攻", "{side} attacks";
    REF_ENTER = "{side}方：暗中输入你的棋子 —— {other}方请回避", "{side}: enter your piece privately — {other}, look away";
    REF_RECEIVED = "已收到{side}方的棋子。", "{side}'s piece is received.";
    REF_HAND_OVER = "{side}方：请到屏幕前 —— {other}方请回避", "{side}: your turn at the screen — {other}, look away";
    REF_READY = "我是{side}方：显示按键板", "I am {side}: show my pad";
    REF_CANCEL_CLASH = "取消这次碰子", "Cancel this clash";
    REF_OUT_DEFENDER = "防守方的棋子离开棋盘", "The defender's piece leaves the board";
    REF_OUT_ATTACKER = "进攻方的棋子离开棋盘", "The attacker's piece leaves the board";
    REF_OUT_BOTH = "双方的棋子都离开棋盘", "Both pieces leave the board";
    REF_OUT_BOUNCED = "进攻方的棋子弹回原处（弹簧雷，地雷亮明）", "The attacker's piece bounces back where it came from (spring mine, now shown)";
    REF_OUT_FLAG = "军旗被扛", "The flag is taken";
    REF_CLASH_LINE = "第 {n} 次碰子（{side}方进攻）：{out}", "Clash {n} ({side} attacked): {out}";
    REF_CLASH_LINE4 = "第 {n} 次碰子（{side}方进攻{other}方）：{out}", "Clash {n} ({side} attacked {other}): {out}";
    REF_WHO_DEFENDS = "{side}方进攻：谁是防守方？", "{side} attacks: who defends?";
    REF_LOSSES4 = "已失去：南 {s}，东 {e}，北 {n}，西 {w}", "Lost so far: South {s}, East {e}, North {n}, West {w}";
    REF_RESUME_JUDGE_DETAIL4 = "四人：已裁判 {n} 次碰子；已失去：南 {s}，东 {e}，北 {n2}，西 {w}（开始于 {date}）", "Four players: {n} {n|clash|clashes} judged; lost so far: South {s}, East {e}, North {n2}, West {w} (started {date})";
    REF_ENTER4 = "{side}方：暗中输入你的棋子 —— 其他人请回避", "{side}: enter your piece privately — everyone else, look away";
    REF_HAND_OVER4 = "{side}方：请到屏幕前 —— 其他人请回避", "{side}: your turn at the screen — everyone else, look away";
    REF_FORMATION_CURTAIN4 = "{side}方：输入你的布阵 —— 其他人请回避", "{side}: enter your formation — everyone else, look away";
    REF_TRACK_START4 = "四方布阵已收到：请在真实棋盘上摆好棋子。南方先走。", "All four formations are in: set up the real board. South moves first.";
    REF_SHOW_FLAG = "{side}方司令阵亡：{side}方必须亮出军旗", "{side}'s field marshal is gone: {side} must show its flag";
    REF_REFUSED = "不可能：{why}。{side}方请重新输入。", "Refused: {why}. {side}, enter your piece again.";
    REF_TAKE_BACK = "不允许：{why}。请在棋盘上撤回这一步。", "Not allowed: {why}. Take the move back on the board.";
    REF_LOSSES = "已失去：红方 {r} 子，蓝方 {b} 子", "Lost so far: Red {r} {r|piece|pieces}, Blue {b} {b|piece|pieces}";
    REF_BY_RANK = "按兵种显示损失（每位棋手都会看到）", "Show the losses by rank (every player will see them)";
    REF_BY_RANK_WARN = "按兵种的损失会透露每次碰子的棋子；对局结束后自动显示。", "Losses by rank give away the pieces of each clash; they are shown when the game ends.";
    REF_RESIGNS = "{side}方认输", "{side} resigns";
    REF_AGREED_DRAW = "各方同意和棋", "Draw by agreement";
    REF_RESTART = "重新开始（同样规则）", "Start again (same rules)";
    REF_LOG = "记录", "Log";
    REF_RULES_LINE = "规则：{rules}", "Rules: {rules}";
    REF_FORMATION_CURTAIN = "{side}方：输入你的布阵 —— {other}方请回避", "{side}: enter your formation — {other}, look away";
    REF_CONTINUE_AS = "我是{side}方：继续", "I am {side}: continue";
    REF_USE_EDITOR = "在布阵编辑器里输入…", "Enter it in the formation editor…";
    REF_USE_SAVED = "或使用保存的布阵：", "Or use a saved formation:";
    REF_CHOOSE = "（请选择）", "(choose one)";
    REF_USE_THIS = "使用这个布阵", "Use this formation";
    REF_INVALID_FORMATION = "这个布阵在当前规则下不合规：{e}", "This formation is not valid under these rules: {e}";
    REF_FORMATION_IN = "{side}方的布阵已收到。", "{side}'s formation is in.";
    REF_TRACK_START = "布阵已全部收到：请在真实棋盘上摆好棋子。红方先走。", "Every formation is in: set up the real board. Red moves first.";
    REF_TRACK_SELECT = "{side}方走棋：在这里点出你在棋盘上走的那一步（先点起点，再点终点）", "{side} to move: click the move you made on the real board (from, then to)";
    REF_TRACK_DEST = "再点终点（再点一次起点则取消）", "Now click the destination (click the piece again to cancel)";
    REF_MOVE_LINE = "第 {n} 步 {side}方 {mv}", "Turn {n}: {side} {mv}";
    REF_UNDO_MOVE = "撤销上一步（各方都同意时）", "Undo the last move (when everyone agrees)";
    REF_CANNOT_MOVE = "{sq} 上的棋子不能移动", "the piece on {sq} cannot move";
    REF_NOT_TAKER = "按当前规则，这个棋子不能扛旗", "this piece may not take the flag under these rules";
    REF_NONE_LEFT = "{side}方已经没有这种棋子了（都已离开棋盘）", "{side} has none of that piece left on the board (all of them are gone)";
    REF_CANNOT_ATTACK = "{side}方输入的棋子不能移动，所以不能进攻", "the piece {side} entered never moves, so it cannot attack";
    REF_AGREES = "{side}方同意", "{side} agrees";
    REF_BY_RANK_ASK = "必须每位棋手都同意：按兵种的损失会透露每次碰子的棋子。", "Every player must agree: the losses by rank give away the pieces of each clash.";
    REF_SHOW = "显示", "Show them";
    REF_HIDE_BY_RANK = "不再显示按兵种的损失", "Hide the losses by rank";
    REF_BY_RANK_LOG = "第 {n} 次碰子后：各方同意按兵种显示损失", "After clash {n}: every player agreed to show the losses by rank";
    REF_UNDO_ASK = "只有各方都同意才能撤销上一步。", "Undo the last move only if every player agrees.";
    REF_UNDO_AFTER_END_ASK = "对局已经结束，所有布阵都已亮明。只有各方都同意才能撤销并继续；记录中会注明。", "The game is over and every formation has been shown. Undo and play on only if every player agrees: the record will note it.";
    REF_UNDO_NOW = "确认撤销", "Undo now";
    REF_REOPENED_LOG = "对局曾结束（{end}），所有布阵已亮明；各方同意撤销并继续。", "The game ended ({end}) and every formation was shown; every player agreed to undo and play on.";
    REF_TAKEN_BACK_LOG = "各方同意撤销第 {n} 步 {mv}", "Turn {n} ({mv}) taken back with every player's consent";
    REF_RESUME_TRACKED_TITLE = "有一局未下完的跟踪对局", "An unfinished tracked game was saved";
    REF_RESUME_TRACKED = "继续跟踪对局", "Resume the tracked game";
    REF_DISCARD_TRACKED = "放弃跟踪对局", "Discard the tracked game";
    REF_RESUME_JUDGE_TITLE = "有一局未完成的碰子裁判记录", "An unfinished clash judge tally was saved";
    REF_RESUME_JUDGE_DETAIL = "已裁判 {n} 次碰子；已失去：红方 {r} 子，蓝方 {b} 子（开始于 {date}）", "{n} {n|clash|clashes} judged; lost so far: Red {r} {r|piece|pieces}, Blue {b} {b|piece|pieces} (started {date})";
    REF_RESUME_JUDGE = "继续碰子裁判", "Resume the clash judge";
    REF_DISCARD_JUDGE = "放弃碰子裁判记录", "Discard the tally";
    REF_RESUME_ENTRY_TITLE = "有一局跟踪对局的布阵未交完", "A tracked game's formation entry was left unfinished";
    REF_RESUME_ENTRY_DETAIL = "已交 {n}/{total} 份布阵，下一位：{side}（开始于 {date}）", "{n} of {total} formations in, {side} next (started {date})";
    REF_RESUME_ENTRY = "继续布阵", "Resume the formation entry";
    REF_DISCARD_ENTRY = "放弃已交的布阵", "Discard the formations entered";
}

/// Fill `{name}` placeholders of a template. `{name|one|many}` is the word for a count: `one` when
/// the value of `name` is 1, else `many` ("{n} {n|turn|turns}" reads "1 turn", "3 turns").
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut s = template.to_string();
    for (k, v) in args {
        s = s.replace(&format!("{{{k}}}"), v);
        let open = format!("{{{k}|");
        while let Some(start) = s.find(&open) {
            let body = start + open.len();
            let Some(len) = s[body..].find('}') else {
                break;
            };
            let forms = &s[body..body + len];
            let (one, many) = forms.split_once('|').unwrap_or((forms, forms));
            let word = if *v == "1" { one } else { many }.to_string();
            s.replace_range(start..body + len + 1, &word);
        }
    }
    s
}

/// The Chinese wording of each reason a turn is illegal.
/// A formation problem in Chinese (the English is the engine's `Display`).
pub fn formation_problem_zh(p: &FormationProblem) -> String {
    use FormationProblem::*;
    let s = p.square().unwrap_or_default();
    match *p {
        CampNotEmpty { rank, .. } => format!("{}在行营 {s}：行营开局必须空着", rank.zh()),
        FlagOutsideHq { .. } => format!("军旗在 {s}：军旗只能放在两个大本营之一"),
        MineTooFarForward { .. } => format!("地雷在 {s}：地雷只能放在最后两线"),
        BombOnFrontLine { .. } => format!("炸弹在第一线 {s}：炸弹不能放在第一线"),
        TooMany { rank, have } => {
            format!("{} 有 {have} 个（只允许 {} 个）", rank.zh(), rank.count())
        }
        Missing { rank, missing } => format!("{} 还有 {missing} 个没摆", rank.zh()),
    }
}

/// A refused judge claim in Chinese (the English is the engine's `Display`).
pub fn claim_error_zh(e: &ClaimError) -> String {
    match *e {
        ClaimError::NoneLeft { side, rank } => format!(
            "{}方已经没有{}了（{} 个都已离开棋盘）",
            side.zh(),
            rank.zh(),
            rank.count()
        ),
        ClaimError::CannotAttack { side, rank } => {
            format!("{}方的{}不能移动，所以不能进攻", side.zh(), rank.zh())
        }
        ClaimError::FlagProtectedByMines => illegal_zh(&IllegalTurn::FlagProtectedByMines),
        ClaimError::NotAFlagTaker(r) => illegal_zh(&IllegalTurn::NotAFlagTaker(r)),
        ClaimError::GameOver => illegal_zh(&IllegalTurn::GameOver),
        ClaimError::NotOpponents { attacker, defender } => {
            format!("{}方和{}方不是对手", attacker.zh(), defender.zh())
        }
        ClaimError::SeatOut(s) => format!("{}方已出局，棋盘上没有它的棋子", s.zh()),
        ClaimError::NotAtTable(s) => format!("{}方不在本局中", s.zh()),
    }
}

/// A refused action in Chinese (the English is the engine's `Display`).
pub fn action_error_zh(e: &ActionError) -> String {
    match e {
        ActionError::GameOver => illegal_zh(&IllegalTurn::GameOver),
        ActionError::Notation(n) => format!("棋步格式不对：{n}"),
        ActionError::Illegal(i) => illegal_zh(i),
        ActionError::NotRefusable(t) => format!("{t} 是合法的一步：裁判不会拒绝"),
        ActionError::DrawOfferOpen => "已经有一方提和，还没有回复".into(),
        ActionError::NoDrawOffer(s) => format!("对方没有提和，{}方无需回复", s.zh()),
        ActionError::NotInGame(s) => format!("{}方不在本局中", s.zh()),
        ActionError::NoMoveClock => "本局没有每步限时".into(),
        ActionError::NotToMove(s) => format!("现在不是{}方走棋，不能超时", s.zh()),
        ActionError::TakebackTooLong {
            by,
            turns,
            standing,
        } => format!("{}方不能悔棋 {turns} 步：只走了 {standing} 步", by.zh()),
        ActionError::NoTakebackGrant => "悔棋需经对方同意".into(),
    }
}

/// A refused tag in Chinese (the English is the engine's `Display`).
pub fn tag_error_zh(e: &TagError) -> String {
    match e {
        TagError::TooLong => format!("标记最多 {MAX_TAG_CHARS} 个字"),
        TagError::NoEnemyPiece(s) => format!("{s} 上没有对方的棋子可以标记"),
    }
}

/// Rules that do not fit together, in Chinese (the English is the engine's `Display`).
pub fn rules_error_zh(e: &RulesError) -> String {
    let name = |r: HouseRule| r.texts().zh;
    match e {
        RulesError::NoQuietLimit => format!("{}必须大于 0", name(HouseRule::QuietLimit)),
        RulesError::NoTurnLimit => format!("{}必须大于 0", name(HouseRule::TurnLimit)),
        RulesError::LimitTooLarge => format!(
            "{}和{}不能超过 {MAX_LIMIT}",
            name(HouseRule::QuietLimit),
            name(HouseRule::TurnLimit)
        ),
        RulesError::MoveClock(s) => {
            format!("每步限时必须在 1 到 {MAX_CLOCK_SECONDS} 秒之间，不是 {s}")
        }
        RulesError::WrongKind { rule, .. } => format!("{}不能这样设定", name(*rule)),
    }
}

pub fn illegal_zh(e: &IllegalTurn) -> String {
    use IllegalTurn::*;
    match e {
        GameOver => "对局已经结束".into(),
        NoPiece(s) => format!("{s} 上没有棋子"),
        NotYourPiece(s) => format!("{s} 上的棋子不是你的"),
        FaceDown(s) => format!("{s} 上的棋子尚未翻开：请翻棋"),
        CannotMove { square, rank } => format!("{square} 上的{}不能移动", rank.zh()),
        FrozenInHq(s) => format!("进入大本营的棋子不能再移动（{s}）"),
        OwnPieceThere(s) => format!("{s} 上是自己的棋子"),
        PartnerPieceThere(s) => format!("{s} 上是对家的棋子"),
        CampOccupied(s) => format!("行营 {s} 已有棋子：行营只能容纳一子"),
        CampIsSafe(s) => format!("行营里的棋子不能被攻击（{s}）"),
        FaceDownTarget(s) => format!("未翻开的棋子不能被攻击（{s}）"),
        FlagProtectedByMines => "对方还有地雷，不能攻击军旗".into(),
        NotAFlagTaker(r) => format!("按当前规则，{}不能扛旗", r.zh()),
        NotLinked { from, to } => format!("{from} 与 {to} 之间没有公路或铁路相连"),
        NoRailTurn => "只有工兵能在铁路上拐弯".into(),
        RailBlocked => "铁路上有棋子挡路".into(),
        OnlyFlipsUntilColours => "颜色尚未确定：请翻棋".into(),
        NotFlipMode => "只有翻棋模式才能翻棋".into(),
        AlreadyFaceUp(s) => format!("{s} 上的棋子已经翻开"),
        Unreachable { from, to } => format!("{from} 上的棋子走不到 {to}"),
        FlagAttackRefused { by, square, mines } => {
            let why = match (*mines, by.opponent()) {
                (true, None) => "军旗的主人还有地雷，不能攻击军旗".to_string(),
                (true, Some(them)) => format!("{}方还有地雷，不能攻击军旗", them.zh()),
                (false, _) => "按当前规则，这个棋子不能扛旗".to_string(),
            };
            format!(
                "{}方攻击 {square} 被拒绝：那是军旗，{why}。{}方重新走棋",
                by.zh(),
                by.zh()
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_and_rules_errors_read_in_both_languages() {
        // These were once English strings, shown as is in the Chinese window.
        use crate::engine::TagError;
        use crate::engine::rules::RulesError;
        let tags = [TagError::TooLong, TagError::NoEnemyPiece("c5".into())];
        let rules = [
            RulesError::NoQuietLimit,
            RulesError::NoTurnLimit,
            RulesError::LimitTooLarge,
            RulesError::MoveClock(0),
        ];
        let mut zh = Vec::new();
        for e in &tags {
            assert_eq!(Lang::En.tag_error(e), e.to_string());
            zh.push(Lang::Zh.tag_error(e));
        }
        for e in &rules {
            assert_eq!(Lang::En.rules_error(e), e.to_string());
            zh.push(Lang::Zh.rules_error(e));
        }
        for (i, s) in zh.iter().enumerate() {
            assert!(!s.is_ascii(), "{s}");
            assert!(zh[..i].iter().all(|t| t != s), "two errors read alike: {s}");
        }
        assert!(zh[1].contains("c5"), "{}", zh[1]);
    }

    #[test]
    fn locale_picks_language() {
        assert_eq!(Lang::from_locale(Some("zh_CN.UTF-8")), Lang::Zh);
        assert_eq!(Lang::from_locale(Some("en_GB.UTF-8")), Lang::En);
        assert_eq!(Lang::from_locale(None), Lang::En);
    }

    #[test]
    fn every_text_has_both_languages() {
        for t in all() {
            assert!(!t.zh.is_empty() && !t.en.is_empty(), "{t:?}");
            // Placeholders agree between the languages.
            let holes = |s: &str| {
                let mut v: Vec<String> = s
                    .split('{')
                    .skip(1)
                    .filter_map(|p| p.split_once('}').map(|(k, _)| k.to_string()))
                    .map(|k| k.split('|').next().unwrap_or_default().to_string())
                    .collect();
                v.sort();
                v.dedup();
                v
            };
            assert_eq!(holes(t.zh), holes(t.en), "{t:?}");
        }
    }

    #[test]
    fn counts_take_the_singular_for_one() {
        let t = "Red {r} {r|piece|pieces}, Blue {b} {b|piece|pieces}";
        assert_eq!(
            fill(t, &[("r", "2"), ("b", "1")]),
            "Red 2 pieces, Blue 1 piece"
        );
        assert_eq!(
            fill(t, &[("r", "0"), ("b", "11")]),
            "Red 0 pieces, Blue 11 pieces"
        );
        assert_eq!(
            fill(REF_LOSSES.en, &[("r", "0"), ("b", "1")]),
            "Lost so far: Red 0 pieces, Blue 1 piece"
        );
        assert_eq!(
            fill(REF_LOSSES.zh, &[("r", "0"), ("b", "1")]),
            "已失去：红方 0 子，蓝方 1 子"
        );
        assert_eq!(fill(UNFINISHED.en, &[("n", "1")]), "unfinished (1 turn)");
        assert_eq!(
            fill(SUMMARY_LINE.en, &[("turns", "1"), ("clashes", "1")]),
            "1 turn, 1 clash"
        );
        assert_eq!(
            fill(SUMMARY_LINE.en, &[("turns", "40"), ("clashes", "3")]),
            "40 turns, 3 clashes"
        );
    }

    /// No English count reads "1 turns" or "1 pieces": every count string uses `{n|one|many}`.
    #[test]
    fn every_english_count_agrees_with_its_number() {
        for t in all() {
            let args: Vec<(String, String)> =
                t.en.split('{')
                    .skip(1)
                    .filter_map(|p| p.split_once('}'))
                    .map(|(k, _)| (k.split('|').next().unwrap().to_string(), "1".to_string()))
                    .collect();
            let args: Vec<(&str, &str)> =
                args.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            let text = fill(t.en, &args);
            for plural in [
                "turns", "pieces", "clashes", "seconds", "timeouts", "problems",
            ] {
                assert!(
                    !text.contains(&format!("1 {plural}")),
                    "{text:?} from {:?}",
                    t.en
                );
            }
        }
    }

    #[test]
    fn rail_turn_reason_in_chinese() {
        assert_eq!(
            Lang::Zh.illegal(&IllegalTurn::NoRailTurn),
            "只有工兵能在铁路上拐弯"
        );
        assert_eq!(
            Lang::En.illegal(&IllegalTurn::NoRailTurn),
            "non-engineers cannot turn on the railway"
        );
    }

    #[test]
    fn claim_flag_refusals_name_their_rule_in_chinese() {
        assert_eq!(
            Lang::Zh.claim_error(&ClaimError::FlagProtectedByMines),
            "对方还有地雷，不能攻击军旗"
        );
        assert_eq!(
            Lang::Zh.claim_error(&ClaimError::NotAFlagTaker(Rank::Major)),
            format!("按当前规则，{}不能扛旗", Rank::Major.zh())
        );
        assert_eq!(
            Lang::En.claim_error(&ClaimError::NotAFlagTaker(Rank::Major)),
            "a major may not take the flag under these rules"
        );
    }

    #[test]
    fn refused_actions_read_in_both_languages() {
        use crate::engine::{Action, Game, Rules, Start};
        let mut g = Game::new(Rules::default(), Start::random(&Rules::default(), 7)).unwrap();
        let e = g.act(Action::AcceptDraw(Seat::Red)).unwrap_err();
        assert_eq!(e, ActionError::NoDrawOffer(Seat::Red));
        assert_eq!(Lang::En.action_error(&e), "Red has no draw offer to answer");
        assert_eq!(Lang::Zh.action_error(&e), "对方没有提和，红方无需回复");
        let e = g.act(Action::Turn("a1-a1".into())).unwrap_err();
        assert!(matches!(e, ActionError::Illegal(_)), "{e:?}");
        assert_eq!(
            Lang::Zh.action_error(&e),
            match &e {
                ActionError::Illegal(i) => illegal_zh(i),
                _ => unreachable!(),
            }
        );
        let e = g.act(Action::Turn("z9".into())).unwrap_err();
        assert!(matches!(e, ActionError::Notation(_)), "{e:?}");
        assert!(!Lang::Zh.action_error(&e).is_ascii());
        assert_eq!(
            Lang::En.action_error(&ActionError::NoTakebackGrant),
            "a takeback needs the gate's grant"
        );
        let e = g.act(Action::Resign(Seat::West)).unwrap_err();
        assert_eq!(e, ActionError::NotInGame(Seat::West));
        assert_eq!(Lang::En.action_error(&e), "West is not in the game");
        assert_eq!(Lang::Zh.action_error(&e), "西方不在本局中");
    }
}
