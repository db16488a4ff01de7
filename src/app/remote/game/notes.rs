//! The player's own notes on a network game at this screen: tags on enemy pieces (moved with
//! their pieces as the one-screen game moves them), 记子 counted from the pieces this seat saw
//! removed and its view (`jizi::Removed`, as the one-screen game counts), and what is kept of both
//! on this machine for a window that takes the seat back (`kept_tags`).

use super::RemoteGame;
use crate::app::remote::kept_tags;
use crate::engine::{ClashOutcome, MAX_TAG_CHARS, NodeId, Seat, Seen, TagError, Turn, TurnReport};

impl RemoteGame {
    /// Whether the view shows an enemy's piece on `n` (neither this seat's nor its partner's):
    /// one this seat may tag.
    pub fn enemy_at(&self, n: NodeId) -> bool {
        let (Some(v), Some(me)) = (&self.view, self.seat()) else {
            return false;
        };
        let side = match v.at(n) {
            Seen::Known(p) if !p.is_face_down() => p.side(),
            Seen::Unknown(s) => s,
            _ => return false,
        };
        side != me && Some(side) != me.partner()
    }

    /// Tags follow their piece through a turn: moved with a piece that moved in, dropped with a
    /// piece removed (the view that follows drops any left on a square with no enemy piece).
    pub(super) fn move_tags(&mut self, r: &TurnReport) {
        let Turn::Move { from, to } = r.turn else {
            return;
        };
        let (attacker_stays, defender_stays) = match r.clash {
            None => (true, true),
            Some(ClashOutcome::AttackerRemoved) => (false, true),
            Some(ClashOutcome::Bounced) => (true, true),
            Some(ClashOutcome::BothRemoved) => (false, false),
            Some(
                ClashOutcome::DefenderRemoved | ClashOutcome::MineDug | ClashOutcome::FlagTaken,
            ) => (true, false),
        };
        let bounced = r.clash == Some(ClashOutcome::Bounced);
        self.tags.retain_mut(|(n, _)| {
            if *n == from {
                if !bounced {
                    *n = to;
                }
                attacker_stays
            } else if *n == to {
                defender_stays
            } else {
                true
            }
        });
        if self.tag_menu.is_some_and(|n| n == from || n == to) {
            self.tag_menu = None;
        }
    }

    /// Put back tags kept on this machine (a window closed mid-game and joined again): those
    /// that still sit on an enemy piece.
    pub fn restore_tags(&mut self, tags: Vec<(NodeId, String)>) {
        for (n, t) in tags {
            let _ = self.set_tag(n, Some(&t));
        }
    }

    /// Whether tags are offered: a hidden game going on (flip mode's face-down pieces are
    /// nobody's yet, and its turned pieces are known to all).
    pub fn tags_offered(&self) -> bool {
        !self.over()
            && self
                .rules
                .as_ref()
                .is_some_and(|r| r.mode.hides_identities())
    }

    /// Write (or with `None` or an empty text, erase) this seat's tag on the enemy piece on `n`,
    /// as the one-screen game does (`Game::set_tag`): on this machine only.
    pub(super) fn set_tag(&mut self, n: NodeId, text: Option<&str>) -> Result<(), TagError> {
        let square = self.board().name(n).to_string();
        let text = text.map(str::trim).filter(|t| !t.is_empty());
        self.tags.retain(|(m, _)| *m != n);
        let Some(text) = text else { return Ok(()) };
        if text.chars().count() > MAX_TAG_CHARS {
            return Err(TagError::TooLong);
        }
        if !self.tags_offered() || !self.enemy_at(n) {
            return Err(TagError::NoEnemyPiece(square));
        }
        self.tags.push((n, text.to_string()));
        Ok(())
    }

    /// The pieces this seat saw removed: those of the turns an earlier window at this seat saw
    /// (kept on this machine and read back on a rejoin, `restore_removed`) and those of the
    /// turns seen here, each clash as the seat knew its pieces before it (`Played::pieces`).
    pub fn removed(&self) -> crate::app::jizi::Removed {
        let mut seen = crate::app::jizi::Removed::default();
        for p in &self.plies {
            let Some(o) = p.report.clash else { continue };
            let (a, d) = p.pieces();
            let flags: Vec<Seat> = p.report.flags_revealed().map(|(s, _)| s).collect();
            seen.add_clash(o, a, d, &flags);
        }
        self.removed_before.plus(&seen)
    }

    /// A window that took the seat back mid-game: the removals the window before it saw, kept
    /// on this machine at its view's turn `ply`. Taken only when that turn is not after this
    /// view's (a takeback meanwhile would make them wrong); the turns played while no window
    /// looked stay unknown to this seat.
    fn restore_removed(&mut self, removed: crate::app::jizi::Removed, ply: u32) {
        // The host's history of the game knows every turn: the notes would count them twice.
        if !self.past_taken && self.view.as_ref().is_some_and(|v| ply <= v.ply()) {
            self.removed_before = removed;
        }
    }

    /// What this screen keeps on this machine for a rejoin (`kept_tags`): its view's turn,
    /// its tags (with whose piece each is on) and the pieces it saw removed. `None` before a view.
    pub fn kept(&self) -> Option<kept_tags::Kept> {
        let v = self.view.as_ref()?;
        Some(kept_tags::Kept {
            ply: v.ply(),
            tags: self
                .tags()
                .filter_map(|(n, t)| Some((n, kept_tags::side_at(v, n)?, t.to_string())))
                .collect(),
            removed: self.removed(),
        })
    }

    /// A window that took the seat back mid-game, at its first view: the notes the window
    /// before it kept (`kept`) go back where they still hold — the tags that cannot have landed
    /// on another piece (`kept_tags::restorable`) and the pieces seen removed (`restore_removed`).
    pub fn restore_kept(&mut self, kept: kept_tags::Kept) {
        let (Some(v), Some(me)) = (&self.view, self.seat()) else {
            return;
        };
        let (ply, removed) = (kept.ply, kept.removed);
        let back = kept_tags::restorable(kept, v, me);
        self.restore_tags(back);
        self.restore_removed(removed, ply);
    }

    /// The game's history as the host told this seat, sent again when the seat was taken back
    /// (`Msg::Past`, from the game's first view), before the view and the question sent again:
    /// the turns this screen did not see go into its move list, its event log and 记子 as if
    /// told live. When what this screen was told is where the history begins (a window whose
    /// connection broke), only the rest is taken; otherwise (a new window) the game's course is
    /// read from the history alone. Nothing is answered (a timeout of this seat's missed while
    /// away is answered by the host), and nothing said of a turn stays on the status line.
    pub fn take_past(&mut self, lines: Vec<crate::protocol::HostMsg>) {
        if self.rules.is_none() || lines.is_empty() {
            return;
        }
        let seen = self.told.len();
        let from = if lines.len() >= seen && self.told[..] == lines[..seen] {
            seen
        } else {
            self.view = None;
            self.plies.clear();
            self.lost.clear();
            self.told.clear();
            self.events
                .retain(|e| matches!(e, super::Event::NextGame(_)));
            0
        };
        self.removed_before = crate::app::jizi::Removed::default();
        self.past_taken = true;
        for m in lines.into_iter().skip(from) {
            let _ = self.receive(m, 0.0);
        }
        self.to_move = false;
        self.go = None;
        self.note = None;
        self.selected = None;
        self.pending_flip = None;
    }

    /// 记子 of `enemy`'s pieces as this seat can account for them in a hidden game
    /// (`jizi::Removed::counts`, as the one-screen game counts): the pieces it saw removed
    /// (`removed`) and its own view now — nothing but what this seat was told, kept on this
    /// machine. `None` outside hidden mode or before a view came.
    pub fn counts_of(&self, enemy: Seat) -> Option<crate::app::jizi::EnemyCounts> {
        let (view, rules) = (self.view.as_ref()?, self.rules.as_ref()?);
        if !rules.mode.hides_identities() {
            return None;
        }
        Some(self.removed().counts(enemy, view))
    }
}
