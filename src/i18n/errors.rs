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
