//! The chat beside a network game: lines from the others and one's own, bounded, with a mute
//! for the others' lines.

use crate::i18n::{Lang, Text, net};
use std::collections::VecDeque;

/// The preset phrases of the chat's buttons. A phrase of one's own is kept as its number and
/// worded in the language shown (it changes with the language, for lines already said too).
pub const PHRASES: [&Text; 5] = [
    &net::CHAT_HURRY,
    &net::CHAT_NICE,
    &net::CHAT_GG,
    &net::CHAT_AGAIN,
    &net::CHAT_THANKS,
];

/// The most chat lines kept (older ones go).
pub const MAX_LINES: usize = 200;

/// One chat line: who said it (`None`: this screen's player) and what: the words as they came,
/// or one of the `PHRASES` (its number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    pub from: Option<String>,
    pub text: String,
    pub phrase: Option<usize>,
}

impl ChatLine {
    /// The line's words in `lang`: a preset phrase in that language, else as said.
    pub fn words(&self, lang: Lang) -> &str {
        match self.phrase.and_then(|k| PHRASES.get(k)) {
            Some(p) => lang.t(p),
            None => &self.text,
        }
    }
}

/// The number of the preset phrase whose words in either language are `text`, if any.
fn phrase_of(text: &str) -> Option<usize> {
    let text = text.trim();
    PHRASES
        .iter()
        .position(|p| [Lang::En, Lang::Zh].iter().any(|l| l.t(p) == text))
}

#[derive(Default, Debug)]
pub struct Chat {
    lines: VecDeque<ChatLine>,
    /// The others' lines are not shown (they are counted).
    pub muted: bool,
    /// The others' lines that came while muted.
    pub muted_count: usize,
    /// The text being typed.
    pub draft: String,
    /// The others' lines that came since the chat was last drawn (the side panel folded): the
    /// top bar's panel toggle counts them.
    unseen: usize,
}

impl Chat {
    /// A line said (`from`: `None` for this screen's player). While muted, the others' lines are
    /// only counted. Another's line that is one of the `PHRASES` in either language (its preset
    /// button) is kept as that phrase, so it reads in the language shown here: 打得好 from a
    /// player in 中文 reads "Good game" in an English window.
    pub fn push(&mut self, from: Option<String>, text: &str) {
        let phrase = from.as_ref().and_then(|_| phrase_of(text));
        self.push_line(ChatLine {
            from,
            text: text.to_string(),
            phrase,
        });
    }

    /// One of the `PHRASES` said by this screen's player, as `text` (the words sent).
    pub fn push_phrase(&mut self, phrase: usize, text: &str) {
        self.push_line(ChatLine {
            from: None,
            text: text.to_string(),
            phrase: Some(phrase),
        });
    }

    fn push_line(&mut self, line: ChatLine) {
        if line.from.is_some() && self.muted {
            self.muted_count += 1;
            return;
        }
        if line.from.is_some() {
            self.unseen += 1;
        }
        if self.lines.len() == MAX_LINES {
            self.lines.pop_front();
        }
        self.lines.push_back(line);
    }

    pub fn lines(&self) -> impl Iterator<Item = &ChatLine> {
        self.lines.iter()
    }

    /// The others' lines not seen yet: come since the chat was last drawn.
    pub fn unseen(&self) -> usize {
        self.unseen
    }

    /// The chat was drawn: every line in it is seen.
    pub fn seen(&mut self) {
        self.unseen = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chat_is_bounded_and_mutes_the_others() {
        let mut c = Chat::default();
        for k in 0..MAX_LINES + 10 {
            c.push(Some("a".into()), &k.to_string());
        }
        assert_eq!(c.lines().count(), MAX_LINES);
        assert_eq!(c.lines().next().unwrap().text, "10");
        c.muted = true;
        c.push(Some("a".into()), "hidden");
        c.push(None, "mine");
        assert_eq!(c.muted_count, 1);
        // Unseen: the others' lines shown since it was last drawn, not one's own nor the muted.
        assert_eq!(c.unseen(), MAX_LINES + 10);
        c.seen();
        c.push(Some("a".into()), "muted again");
        assert_eq!(c.unseen(), 0);
        assert_eq!(c.lines().last().unwrap().text, "mine");
        assert!(c.lines().all(|l| l.text != "hidden"));
    }

    #[test]
    fn a_phrase_is_worded_in_the_language_shown() {
        let mut c = Chat::default();
        c.push_phrase(3, "Another game?");
        c.push(None, "Good game");
        // A number that names no phrase shows the words sent.
        c.push_phrase(99, "odd");
        let line = |k: usize| c.lines().nth(k).unwrap().clone();
        assert_eq!(line(0).words(Lang::Zh), "再来一局？");
        assert_eq!(line(0).words(Lang::En), "Another game?");
        // Typed words stay as typed.
        assert_eq!(line(1).words(Lang::Zh), "Good game");
        assert_eq!(line(2).words(Lang::Zh), "odd");
    }

    /// Another's preset phrase, said in either language, reads in the language shown; other
    /// words, and one's own typed line, stay as said.
    #[test]
    fn anothers_phrase_reads_in_the_language_shown() {
        let mut c = Chat::default();
        c.push(Some("Wang".into()), "打得好");
        c.push(Some("Li".into()), "Another game?");
        c.push(Some("Li".into()), "Good game, Wang");
        c.push(None, "谢谢");
        let line = |k: usize| c.lines().nth(k).unwrap().clone();
        assert_eq!(line(0).words(Lang::En), "Good game");
        assert_eq!(line(0).words(Lang::Zh), "打得好");
        assert_eq!(line(1).words(Lang::Zh), "再来一局？");
        assert_eq!(line(2).words(Lang::Zh), "Good game, Wang");
        assert_eq!(line(3).words(Lang::En), "谢谢");
    }
}
