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
}
