//! The formation editor's words, and the Chinese wording of a formation file that cannot be used
//! (the English is the engine's `Display`, which the command line prints).

use super::Text;
use crate::engine::formation::{FORMATION_VERSION, FormationFileError};

texts! {
    // The toolbar.
    TITLE = "布阵", "Formation";
    UNDO = "撤销", "Undo";
    RANDOM = "随机布阵", "Random";
    RANDOM_TIP = "整盘换成一个随机的合规布阵", "Replace everything with a random valid formation";
    FILL_REST = "随机补齐", "Fill the rest";
    FILL_REST_TIP = "把托盘里的棋子随机放到空位上", "Put the tray's pieces on the empty squares at random";
    MIRROR = "左右镜像", "Mirror";
    CLEAR = "清空", "Clear";
    OPEN = "打开…", "Open…";
    SAVE = "保存", "Save";
    SAVE_AS = "另存为…", "Save as…";
    LIBRARY = "布阵库", "Library";
    USE_IN_GAME = "用于对局", "Use in game";
    USE_IN_GAME_DISABLED = "只有完整且合规的布阵才能用于对局：见问题列表。", "Only a complete, valid formation can be used in a game: see the problems.";
    CLOSE = "关闭", "Close";
    UNSAVED = "这个布阵有未保存的修改。", "This formation has unsaved changes.";
    CLOSE_WITHOUT_SAVING = "不保存，关闭", "Close without saving";
    KEEP_EDITING = "继续编辑", "Keep editing";
    // The status line.
    FILE_LINE = "文件：{file}", "File: {file}";
    NOT_SAVED_YET = "尚未保存", "not saved yet";
    UNSAVED_MARK = " • 有未保存的修改", " • unsaved changes";
    DIALOG_OPEN = "文件对话框已打开（如果没有出现，请使用布阵库）。", "The file dialog is open (if none appeared, use the library).";
    STOP_WAITING = "不再等待", "Stop waiting";
    DISMISS = "关闭提示", "Dismiss";
    // The board and the tray.
    FRONT_LINE = "▲ 前线（对面是敌方）", "▲ front line (the enemy is beyond)";
    CAMP = "行营", "camp";
    EMPTY = "空", "empty";
    HQ = "大本营", "HQ";
    TRAY = "托盘：把棋子拖到棋盘上，或先点棋子再点格子", "Tray: drag a piece onto the board, or click it and then a square";
    KEY = "按键 {code}", "key {code}";
    // The side panel.
    NAME = "名称", "Name";
    NAME_HINT = "布阵名称", "name of this formation";
    NOTES = "说明", "Notes";
    NOTES_HINT = "这个布阵的思路", "the idea of this formation";
    VALID = "完整且合规：可以用于对局。", "Complete and valid: ready for a game.";
    PROBLEMS = "问题（{n}）", "Problems ({n})";
    KEYBOARD = "键盘", "Keyboard";
    KEYBOARD_HELP = "方向键移动蓝色光标。输入棋子代码放到光标处：9 司令 … 1 工兵，B 炸弹，M 地雷，F 军旗。Delete 删除，Ctrl+Z 撤销。点两个棋子可互换；右键移除。", "Arrow keys move the blue cursor. Type a piece code to place it there: 9 Field Marshal … 1 Engineer, B bomb, M landmine, F flag. Delete removes. Ctrl+Z undoes. Click two pieces to swap them; right-click removes.";
    REFRESH = "刷新", "Refresh";
    SAVE_IN_LIBRARY = "保存到布阵库", "Save in library";
    MY_FORMATIONS = "我的布阵", "My formations";
    SHIPPED_FORMATIONS = "自带布阵（只读）", "Shipped formations (read-only)";
    NONE_YET = "（暂无）", "(none yet)";
    // Messages.
    NOTHING_TO_UNDO = "没有可撤销的操作。", "Nothing to undo.";
    IS_CAMP = "{sq} 是行营：开局必须空着。", "{sq} is a camp: camps start empty.";
    NONE_LEFT = "托盘里没有{rank}了。", "No {rank} left in the tray.";
    FILLED_BUT_INVALID = "已补齐空位，但已摆的棋子使布阵仍不合规：见下方问题。", "Filled the empty squares, but the pieces already placed keep it from being valid: see the problems.";
    SAVED = "已保存到 {file}", "Saved to {file}";
    SAVED_UNFINISHED = "已作为未完成的布阵保存到 {file}：还有 {n} 个问题，解决后才能用于对局。", "Saved as work in progress to {file}: {n} {n|problem|problems} left; it can be used in a game once complete and valid.";
    SAVE_FAILED = "保存失败（原文件未改动）：{e}", "Could not save (the old file is untouched): {e}";
    OPENED = "已打开 {file}", "Opened {file}";
    OPENED_SHIPPED = "已打开自带布阵 {file}（只读：保存会另存一份）", "Opened the shipped formation {file} (read-only: saving makes a copy)";
    FILE_ERROR = "{file}：{e}", "{file}: {e}";
    FILE_FILTER = "军棋布阵 (*.ron)", "Junqi formation (*.ron)";
    OPEN_FAILED = "无法打开（编辑器内容未改动）：{e}", "Could not open (nothing changed): {e}";
    SHIPPED_READ_ONLY = "自带布阵是只读的：请选择其他文件夹。", "The shipped formations are read-only: choose another folder.";
    NO_DIALOG = "这里打不开系统文件对话框（没有桌面门户或 zenity）。请改用布阵库：它在你的布阵文件夹里打开和保存布阵。", "The system file dialog could not open here (no desktop portal or zenity). Use the library panel instead: it opens and saves formations in your formation folder.";
    // What players call the squares (tooltips).
    TIP_SQUARE = "第 {line} 线 第 {col} 列（{sq}）", "line {line}, column {col} ({sq})";
    TIP_CAMP = "行营：里面的棋子不能被攻击；开局必须空着", "行营 camp: a piece in it cannot be attacked; it starts empty";
    TIP_FRONT_LINE = "锋线：第一线，挨着两军之间", "锋线 front line, next to the middle of the board";
    TIP_EYEBROW = "棋眉：锋线上中路两侧的兵站", "棋眉: front-line station beside the centre";
    TIP_FLAG_STAND = "旗台 / 虚台：大本营正上方的兵站", "旗台 / 虚台: the station above an HQ";
    TIP_HQ = "大本营：军旗放在两个大本营之一；进了大本营的棋子不再移动", "大本营 HQ: the flag goes in one of the two; a piece here never moves";
    TIP_BACK_CORNER = "底角：最后一线的角", "底角 back corner";
    TIP_RAIL = "在铁路线上", "on the railway";
    TIP_NOT_HERE = "不可放：{why}", "Not here: {why}";
}

/// Why a formation file cannot be used, in Chinese: no English words but the piece codes, the
/// parser's position and the file system's own message (`File`, which names the file).
pub fn formation_file_error_zh(e: &FormationFileError) -> String {
    use FormationFileError::*;
    match e {
        TooLarge => "文件过大，不可能是布阵文件".into(),
        Syntax { line, col, .. } => format!("文件第 {line} 行第 {col} 列：格式不对"),
        Version(v) => format!("布阵文件格式 {v} 无法读取（本程序读取格式 {FORMATION_VERSION}）"),
        LineCount(n) => format!("一个布阵是 6 线，这个文件有 {n} 线"),
        TooLong => "名称或说明过长".into(),
        SquareCount { line, found } => {
            format!("布阵第 {line} 线是 5 格，文件里有 {found} 格")
        }
        UnknownPiece { line, col, token } => {
            format!("第 {line} 线第 {col} 列：未知棋子“{token}”（可用 1-9、B、M、F、. 或 +）")
        }
        TooMany { rank, have } => format!("{have} 个{}，但每方只有 {} 个", rank.zh(), rank.count()),
        PieceInCamp { line, col } => {
            format!("第 {line} 线第 {col} 列的行营里有棋子：行营开局必须空着")
        }
        File(e) => super::errors::file_error_zh(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rank;
    use crate::i18n::Lang;

    fn every_kind() -> Vec<FormationFileError> {
        use FormationFileError::*;
        vec![
            TooLarge,
            Syntax {
                line: 2,
                col: 7,
                message: "Expected opening `(`".into(),
            },
            Version(7),
            LineCount(1),
            TooLong,
            SquareCount { line: 3, found: 4 },
            UnknownPiece {
                line: 4,
                col: 3,
                token: "X".into(),
            },
            TooMany {
                rank: Rank::Marshal,
                have: 2,
            },
            PieceInCamp { line: 2, col: 2 },
        ]
    }

    /// The English is the text the command line has always printed.
    #[test]
    fn formation_file_errors_keep_their_english() {
        let en: Vec<String> = every_kind().iter().map(|e| e.to_string()).collect();
        assert_eq!(
            en,
            [
                "file is too large for a formation (over 64 KiB)",
                "line 2, column 7: Expected opening `(`",
                "formation version 7 is not supported (this program reads version 1)",
                "a formation has 6 lines, found 1",
                "name or notes are too long",
                "line 3 of the formation needs 5 squares, found 4",
                "line 4 column 3: unknown piece 'X' (use 1-9, B, M, F, . or +)",
                "2 × Field Marshal but a side has only 1",
                "a piece in the camp at line 2 column 2; camps start empty",
            ]
        );
        for e in every_kind() {
            assert_eq!(Lang::En.formation_file_error(&e), e.to_string());
        }
        let file = FormationFileError::File(crate::fsutil::FileError::new(
            std::path::Path::new("/x/a.ron"),
            crate::fsutil::FileProblem::TooLarge { limit: 5 },
        ));
        assert_eq!(file.to_string(), "/x/a.ron: file is larger than 5 bytes");
    }

    /// In Chinese no English word is left (the piece codes B, M, F are single letters), and no
    /// two kinds read alike.
    #[test]
    fn formation_file_errors_read_in_chinese() {
        let zh: Vec<String> = every_kind()
            .iter()
            .map(|e| Lang::Zh.formation_file_error(e))
            .collect();
        for (i, s) in zh.iter().enumerate() {
            let words = s
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| w.len() > 1)
                .collect::<Vec<_>>();
            assert!(words.is_empty(), "English in {s:?}: {words:?}");
            assert!(zh[..i].iter().all(|t| t != s), "two kinds read alike: {s}");
        }
        assert!(zh[1].contains('2') && zh[1].contains('7'), "{}", zh[1]);
        assert!(zh[6].contains("“X”"), "{}", zh[6]);
    }
}
