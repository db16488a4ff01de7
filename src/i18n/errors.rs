//! What went wrong, in both languages: files that cannot be read or written, games that cannot
//! start, records that are not records. Each typed error of the engine and of the files is worded
//! here once per language: the English is its `Display` (what the command line prints), the
//! Chinese is written here, and names no English word (a file's name and numbers are kept).

use super::{
    Lang, Text, action_error_zh, fill, formation_problem_zh, rules_error_zh, tag_error_zh,
};
use crate::engine::disclosure::Refusal;
use crate::engine::game::{MAX_RECORD_BYTES, RECORD_VERSION, RecordError, StartError};
use crate::engine::position::SetupError;
use crate::fsutil::{FileError, FileProblem};
use crate::table::SeatFailure;
use std::io::ErrorKind;

texts! {
    FILE_PROBLEM = "{path}：{why}", "{path}: {why}";
    FILE_NOT_FOUND = "找不到这个文件", "not found";
    FILE_NO_PERMISSION = "没有权限", "permission denied";
    FILE_EXISTS = "已有同名文件", "already exists";
    FILE_DISK_FULL = "磁盘空间不足", "no space left";
    FILE_READ_ONLY = "磁盘只读", "read-only";
    FILE_IS_FOLDER = "这是一个文件夹", "is a folder";
    FILE_BAD_NAME = "不是可用的文件名", "not a usable file name";
    FILE_SYSTEM_REFUSED = "系统拒绝了读写（错误码 {code}）", "the system refused ({code})";
    FILE_SYSTEM_REFUSED_NO_CODE = "系统拒绝了读写", "the system refused";
    FILE_TOO_LARGE = "文件太大（超过 {limit} 字节）", "larger than {limit} bytes";
    FILE_NOT_TEXT = "不是 UTF-8 文本（第 {offset} 字节有误）", "not UTF-8 text (bad byte at offset {offset})";
    FILE_EMPTY = "文件是空的", "the file is empty";
    FILE_NO_FREE_NAME = "{dir} 中没有可用的文件名来保存 {name}", "no free name for {name} in {dir}";
}

impl Lang {
    /// A file that could not be used, in this language.
    pub fn file_error(self, e: &FileError) -> String {
        match self {
            Lang::En => e.to_string(),
            Lang::Zh => file_error_zh(e),
        }
    }

    /// Why a game record cannot be read or played back, in this language.
    pub fn record_error(self, e: &RecordError) -> String {
        match self {
            Lang::En => e.to_string(),
            Lang::Zh => record_error_zh(e),
        }
    }

    /// Why a game cannot start, in this language.
    pub fn start_error(self, e: &StartError) -> String {
        match self {
            Lang::En => e.to_string(),
            Lang::Zh => start_error_zh(e),
        }
    }

    /// Why a start position is not allowed, in this language.
    pub fn setup_error(self, e: &SetupError) -> String {
        match self {
            Lang::En => e.to_string(),
            Lang::Zh => setup_error_zh(e),
        }
    }

    /// Why the disclosure gate refused, in this language.
    pub fn refusal(self, e: &Refusal) -> String {
        match (self, e) {
            (Lang::En, _) => e.to_string(),
            (Lang::Zh, Refusal::NeedsConfirmation) => "需要先确认".into(),
            (Lang::Zh, Refusal::NotNow) => "对局已结束：不能悔棋".into(),
        }
    }
}

/// A file problem in Chinese: the file's name, then why.
pub fn file_error_zh(e: &FileError) -> String {
    let lang = Lang::Zh;
    let why = match e.problem() {
        FileProblem::Io { kind, code, .. } => match kind {
            ErrorKind::NotFound => lang.t(&FILE_NOT_FOUND).to_string(),
            ErrorKind::PermissionDenied => lang.t(&FILE_NO_PERMISSION).to_string(),
            ErrorKind::AlreadyExists => lang.t(&FILE_EXISTS).to_string(),
            ErrorKind::StorageFull | ErrorKind::QuotaExceeded => {
                lang.t(&FILE_DISK_FULL).to_string()
            }
            ErrorKind::ReadOnlyFilesystem => lang.t(&FILE_READ_ONLY).to_string(),
            ErrorKind::IsADirectory => lang.t(&FILE_IS_FOLDER).to_string(),
            ErrorKind::InvalidFilename | ErrorKind::InvalidInput => {
                lang.t(&FILE_BAD_NAME).to_string()
            }
            _ => match code {
                Some(c) => fill(lang.t(&FILE_SYSTEM_REFUSED), &[("code", &c.to_string())]),
                None => lang.t(&FILE_SYSTEM_REFUSED_NO_CODE).to_string(),
            },
        },
        FileProblem::NotAFileName => lang.t(&FILE_BAD_NAME).to_string(),
        FileProblem::TooLarge { limit } => {
            fill(lang.t(&FILE_TOO_LARGE), &[("limit", &limit.to_string())])
        }
        FileProblem::NotText { offset } => {
            fill(lang.t(&FILE_NOT_TEXT), &[("offset", &offset.to_string())])
        }
        FileProblem::Empty => lang.t(&FILE_EMPTY).to_string(),
        FileProblem::NoFreeName { name, dir } => fill(
            lang.t(&FILE_NO_FREE_NAME),
            &[("name", name), ("dir", &dir.display().to_string())],
        ),
    };
    fill(
        lang.t(&FILE_PROBLEM),
        &[("path", &e.path().display().to_string()), ("why", &why)],
    )
}

/// A record problem in Chinese.
pub fn record_error_zh(e: &RecordError) -> String {
    match e {
        RecordError::TooLarge(n) => {
            format!("文件有 {n} 字节，对局记录不会这么大（上限 {MAX_RECORD_BYTES} 字节）")
        }
        RecordError::Syntax { line, col, .. } => {
            format!("第 {line} 行第 {col} 列：不是对局记录的格式")
        }
        RecordError::Version(v) => {
            format!("不支持对局记录版本 {v}（本程序读取版本 {RECORD_VERSION}）")
        }
        RecordError::TooManyActions(n) => format!("有 {n} 个动作：一局棋不会有这么多"),
        RecordError::Start(s) => format!("开局：{}", start_error_zh(s)),
        RecordError::Action { number, error, .. } => {
            format!("第 {number} 个动作：{}", action_error_zh(error))
        }
        RecordError::TagSquare(sq) => format!("标记所在的「{sq}」不是棋盘上的位置"),
        RecordError::Tag { square, error } => format!("{square} 的标记：{}", tag_error_zh(error)),
    }
}

/// Why a game cannot start, in Chinese.
pub fn start_error_zh(e: &StartError) -> String {
    match e {
        StartError::Rules(r) => rules_error_zh(r),
        StartError::FormationsInFlip => "翻棋从发牌开始，不用布阵".into(),
        StartError::DealOutsideFlip => "只有翻棋才有发牌".into(),
        StartError::FormationText { side, .. } => format!("{}方布阵的格式不对", side.zh()),
        StartError::Formation { side, problem } => {
            format!("{}方布阵：{}", side.zh(), formation_problem_zh(problem))
        }
        StartError::Notation(_) => "开局局面的记法不对".into(),
        StartError::Setup(s) => setup_error_zh(s),
    }
}

/// Why a start position is not allowed, in Chinese.
pub fn setup_error_zh(e: &SetupError) -> String {
    match e {
        SetupError::TooMany { side, rank, count } => format!(
            "{}方有 {count} 个{}（最多 {} 个）",
            side.zh(),
            rank.zh(),
            rank.count()
        ),
        SetupError::FaceDownOutsideFlip { square } => {
            format!("{square} 有背面朝上的棋子，但这不是翻棋")
        }
        SetupError::PlayerOutsideFlip => "只有翻棋在颜色未定时才由玩家 1、2 走棋".into(),
        SetupError::UndecidedWithoutFaceDown => "颜色未定，却没有背面朝上的棋子".into(),
        SetupError::NoSuchNode => "有棋子在棋盘之外".into(),
        SetupError::NoFlags => "双方都没有军旗".into(),
        SetupError::QuietAbovePly { quiet, ply } => {
            format!("未吃子步数 {quiet} 大于总步数 {ply}")
        }
        SetupError::OutHasPieces { seat } => {
            format!("{}方已出局，棋盘上却还有它的棋子", seat.zh())
        }
        SetupError::InWithoutFlag { seat, flags } => {
            format!("{}方未出局，却有 {flags} 面军旗（应有一面）", seat.zh())
        }
        SetupError::MoverOut { seat } => format!("轮到{}方走棋，但它已出局", seat.zh()),
        SetupError::InWithoutMovable { seat } => {
            format!("{}方未出局，却没有能走的棋子", seat.zh())
        }
        SetupError::MoverWithoutTurn { seat } => {
            format!("轮到{}方，但它无棋可走，而别的在局玩家有棋可走", seat.zh())
        }
        SetupError::WrongSeat { seat } => format!("{}方不在这个棋盘上", seat.zh()),
        SetupError::FourPlayerFlip => "四国军棋不提供翻棋".into(),
    }
}

impl Lang {
    /// Why an outside engine stopped playing its seat, in this language, as the window says it:
    /// in the program's words only. Whatever the engine wrote itself (a line the protocol does
    /// not know, its `error` text, the turn or formation it sent and why it is wrong) is never
    /// shown: it could spell out pieces to whoever looks at the screen (with team view, its
    /// partner's). The window writes it to the engine log instead (`EngineTrouble::log_line`).
    pub fn seat_failure(self, e: &SeatFailure) -> String {
        let zh = self == Lang::Zh;
        let say = |en: &str, zh_words: &str| if zh { zh_words } else { en }.to_string();
        match e {
            SeatFailure::Spawn(why) if zh => format!("无法启动（{why}）"),
            // Not its exit status either: the engine chooses that number.
            SeatFailure::Crashed(how) if how.contains("closed its output") => {
                say("closed its output", "关闭了输出")
            }
            SeatFailure::Crashed(_) => say("crashed", "已退出"),
            SeatFailure::Hung(d) if zh => format!("{} 秒内未响应", seconds(*d)),
            // The program's own words (the system's, for a process that could not start).
            SeatFailure::Spawn(_) | SeatFailure::Hung(_) => e.to_string(),
            SeatFailure::OutOfTime => say("ran out of time", "用完了对局时间"),
            SeatFailure::Garbage(line) if line.starts_with("a line longer than") => {
                say("sent a line that is too long", "发出的一行太长")
            }
            SeatFailure::Garbage(line) if line.ends_with("not UTF-8 text") => say(
                "sent a line that is not UTF-8 text",
                "发出的一行不是 UTF-8 文本",
            ),
            SeatFailure::Garbage(_) => {
                say("sent a line the protocol does not know", "没有按协议回应")
            }
            SeatFailure::Flood => say("flooded its output", "输出过多"),
            SeatFailure::Illegal { .. } => say("sent an illegal turn", "走了非法的一步"),
            SeatFailure::BadFormation(_) => {
                say("sent a formation the rules refuse", "布阵不合规则")
            }
            SeatFailure::NoTurn => say(
                "found no turn although the game goes on",
                "无子可走，但对局还没有结束",
            ),
            SeatFailure::RefusedTooOften => say(
                "kept proposing turns the referee refused",
                "一再提出被拒绝的走法",
            ),
            SeatFailure::Interrupted => say("was interrupted by a resignation", "被认输打断"),
            // The program's own reasons, by their fixed words; anything else is the engine's.
            SeatFailure::Reported(what) => match what.as_str() {
                "offered a draw twice in one turn" => {
                    say("offered a draw twice in one turn", "一步内两次提出和棋")
                }
                "asked for a takeback twice in one turn" => say(
                    "asked for a takeback twice in one turn",
                    "一步内两次提出悔棋",
                ),
                "resigned" => say("resigned", "认输"),
                "not started" => say("was not started", "没有启动"),
                "cancelled" => say("was cancelled", "已取消"),
                w if w.starts_with("it speaks version ") => say(
                    "speaks another version of the protocol",
                    "使用另一版本的协议",
                ),
                _ => say("reported an error", "出错"),
            },
        }
    }
}

/// A duration in seconds, without a fraction when it has none ("60", "0.3").
fn seconds(d: std::time::Duration) -> String {
    if d.subsec_millis() == 0 {
        d.as_secs().to_string()
    } else {
        format!("{:.1}", d.as_secs_f64())
    }
}

#[cfg(test)]
mod seat_failure_tests {
    use super::*;
    use std::time::Duration;

    /// Every failure has words in both languages, the program's own: nothing the engine wrote
    /// (its garbled line, its `error` text, its illegal turn and why) is in them.
    #[test]
    fn every_seat_failure_is_told_in_the_programs_words_only() {
        let secret = "a6 is my marshal";
        let cases = [
            (
                SeatFailure::Spawn("sh: 1: x: not found".into()),
                "无法启动",
                "could not be started",
            ),
            (
                SeatFailure::Crashed("it exited: exit status: 73".into()),
                "已退出",
                "crashed",
            ),
            (
                SeatFailure::Crashed("it closed its output".into()),
                "关闭了输出",
                "closed its output",
            ),
            (
                SeatFailure::Hung(Duration::from_secs(60)),
                "60 秒内未响应",
                "60000 ms",
            ),
            (
                SeatFailure::Hung(Duration::from_millis(300)),
                "0.3 秒内未响应",
                "300 ms",
            ),
            (SeatFailure::OutOfTime, "用完了对局时间", "ran out of time"),
            (
                SeatFailure::Garbage(format!("bestmove {secret}")),
                "没有按协议回应",
                "sent a line the protocol does not know",
            ),
            (
                SeatFailure::Garbage(format!("'info {secret}' where a formation was asked for")),
                "没有按协议回应",
                "sent a line the protocol does not know",
            ),
            (
                SeatFailure::Garbage("a line longer than 16384 bytes".into()),
                "太长",
                "too long",
            ),
            (
                SeatFailure::Garbage("a line that is not UTF-8 text".into()),
                "UTF-8",
                "UTF-8",
            ),
            (SeatFailure::Flood, "输出过多", "flooded"),
            (SeatFailure::NoTurn, "无子可走", "found no turn"),
            (SeatFailure::RefusedTooOften, "被拒绝", "refused"),
            (
                SeatFailure::BadFormation(secret.into()),
                "布阵不合规则",
                "sent a formation the rules refuse",
            ),
            (
                SeatFailure::Illegal {
                    turn: secret.into(),
                    why: secret.into(),
                },
                "走了非法的一步",
                "sent an illegal turn",
            ),
            (
                SeatFailure::Reported("offered a draw twice in one turn".into()),
                "两次提出和棋",
                "offered a draw twice",
            ),
            (
                SeatFailure::Reported("it speaks version 7 of the protocol, not 1".into()),
                "另一版本",
                "another version",
            ),
            (
                SeatFailure::Reported(secret.into()),
                "出错",
                "reported an error",
            ),
        ];
        for (e, zh, en) in cases {
            let (zh_words, en_words) = (Lang::Zh.seat_failure(&e), Lang::En.seat_failure(&e));
            assert!(zh_words.contains(zh), "{e:?}: {zh_words}");
            assert!(en_words.contains(en), "{e:?}: {en_words}");
            for words in [&zh_words, &en_words] {
                assert!(
                    !words.contains("a6") && !words.contains('7'),
                    "{e:?}: {words}"
                );
            }
        }
    }
}
