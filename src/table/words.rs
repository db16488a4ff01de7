//! A seat's failure in the player's language (the window's words; the command line and the logs
//! use the English `Display`).

use super::SeatFailure;
use crate::i18n::Lang;

impl SeatFailure {
    /// Why an outside engine stopped playing its seat, in this language, as the window says it:
    /// in the program's words only. Whatever the engine wrote itself (a line the protocol does
    /// not know, its `error` text, the turn or formation it sent and why it is wrong) is never
    /// shown: it could spell out pieces to whoever looks at the screen (with team view, its
    /// partner's). The window writes it to the engine log instead (`EngineTrouble::log_line`).
    pub fn in_lang(&self, lang: Lang) -> String {
        let e = self;
        let zh = lang == Lang::Zh;
        let say = |en: &str, zh_words: &str| if zh { zh_words } else { en }.to_string();
        match e {
            SeatFailure::Spawn(why) if zh => format!("无法启动（{why}）"),
            // Not its exit status either: the engine chooses that number.
            SeatFailure::ClosedOutput => say("closed its output", "关闭了输出"),
            SeatFailure::Crashed(_) => say("crashed", "已退出"),
            SeatFailure::Hung(d) if zh => format!("{} 秒内未响应", seconds(*d)),
            // The program's own words (the system's, for a process that could not start).
            SeatFailure::Spawn(_) | SeatFailure::Hung(_) => e.to_string(),
            SeatFailure::OutOfTime => say("ran out of time", "用完了对局时间"),
            SeatFailure::LineTooLong => say("sent a line that is too long", "发出的一行太长"),
            SeatFailure::NotText => say(
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
            SeatFailure::DrawOfferedTwice => {
                say("offered a draw twice in one turn", "一步内两次提出和棋")
            }
            SeatFailure::TakebackAskedTwice => say(
                "asked for a takeback twice in one turn",
                "一步内两次提出悔棋",
            ),
            SeatFailure::ResignedBeforeColours => {
                say("resigned before the colours were decided", "颜色未定时认输")
            }
            SeatFailure::NotStarted => say("was not started", "没有启动"),
            SeatFailure::Cancelled => say("was cancelled", "已取消"),
            SeatFailure::OtherVersion(_) => say(
                "speaks another version of the protocol",
                "使用另一版本的协议",
            ),
            // Whatever the engine reported, or the program's English words for a setup that
            // cannot be played.
            SeatFailure::Reported(_) => say("reported an error", "出错"),
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
            (SeatFailure::ClosedOutput, "关闭了输出", "closed its output"),
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
            (SeatFailure::LineTooLong, "太长", "too long"),
            (SeatFailure::NotText, "UTF-8", "UTF-8"),
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
                SeatFailure::DrawOfferedTwice,
                "两次提出和棋",
                "offered a draw twice",
            ),
            (SeatFailure::OtherVersion(7), "另一版本", "another version"),
            (
                SeatFailure::TakebackAskedTwice,
                "两次提出悔棋",
                "asked for a takeback twice",
            ),
            (
                SeatFailure::ResignedBeforeColours,
                "颜色未定时认输",
                "before the colours were decided",
            ),
            (SeatFailure::NotStarted, "没有启动", "was not started"),
            (SeatFailure::Cancelled, "已取消", "was cancelled"),
            (
                SeatFailure::Reported(secret.into()),
                "出错",
                "reported an error",
            ),
        ];
        for (e, zh, en) in cases {
            let (zh_words, en_words) = (e.in_lang(Lang::Zh), e.in_lang(Lang::En));
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

    /// The program's own reasons are typed, and their English words (the record's and the
    /// command line's) are the words they always had.
    #[test]
    fn the_programs_own_reasons_keep_their_english_words() {
        let cases = [
            (SeatFailure::ClosedOutput, "crashed (it closed its output)"),
            (
                SeatFailure::LineTooLong,
                "sent a line the protocol does not know: a line longer than 16384 bytes",
            ),
            (
                SeatFailure::NotText,
                "sent a line the protocol does not know: a line that is not UTF-8 text",
            ),
            (
                SeatFailure::DrawOfferedTwice,
                "reported an error: offered a draw twice in one turn",
            ),
            (
                SeatFailure::TakebackAskedTwice,
                "reported an error: asked for a takeback twice in one turn",
            ),
            (
                SeatFailure::ResignedBeforeColours,
                "reported an error: resigned before the colours were decided",
            ),
            (SeatFailure::NotStarted, "reported an error: not started"),
            (SeatFailure::Cancelled, "reported an error: cancelled"),
            (
                SeatFailure::OtherVersion(7),
                "reported an error: it speaks version 7 of the protocol, not 1",
            ),
        ];
        for (e, words) in cases {
            assert_eq!(e.to_string(), words);
        }
    }
}
