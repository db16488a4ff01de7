//! The chat beside a network game: lines from the others and one's own, bounded, with a mute
//! for the others' lines.

use std::collections::VecDeque;

/// The most chat lines kept (older ones go).
pub const MAX_LINES: usize = 200;

/// One chat line: who said it (`None`: this screen's player) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    pub from: Option<String>,
    pub text: String,
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
}

impl Chat {
    /// A line said (`from`: `None` for this screen's player). While muted, the others' lines are
    /// only counted.
    pub fn push(&mut self, from: Option<String>, text: &str) {
        if from.is_some() && self.muted {
            self.muted_count += 1;
            return;
        }
        if self.lines.len() == MAX_LINES {
            self.lines.pop_front();
        }
        self.lines.push_back(ChatLine {
            from,
            text: text.to_string(),
        });
    }

    pub fn lines(&self) -> impl Iterator<Item = &ChatLine> {
        self.lines.iter()
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
        assert_eq!(c.lines().last().unwrap().text, "mine");
        assert!(c.lines().all(|l| l.text != "hidden"));
    }
}
