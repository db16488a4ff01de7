//! The formation editor's words, and the Chinese wording of a formation file that cannot be used
//! (the English is the engine's `Display`, which the command line prints).

use super::Text;
use crate::engine::formation::{FORMATION_VERSION, FormationFileError};

texts! {}

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
        File(message) => format!("文件无法读取或保存：{message}"),
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
        let file = FormationFileError::File("/x/a.ron: file is larger than 5 bytes".into());
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
