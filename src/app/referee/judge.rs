//! The clash judge's model: at each clash the attacker, then the defender, enters their piece
//! privately; `engine::judge::ClashJudge` announces only the outcome, keeps the losses, refuses
//! impossible claims and declares the winner. Everything that happens is a `JudgeEvent` in the
//! tally's record, autosaved and replayed after a crash.

use super::Consent;
use super::words::{Said, claim_text, out_said, verdict_text};
use crate::engine::judge::{ClaimError, ClashJudge};
use crate::engine::{EndReason, InfoKey, Rank, Rules, Seat, Status};
use crate::i18n::{self, fill};
use serde::{Deserialize, Serialize};

/// A clash being entered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pending {
    pub attacker: Seat,
    /// The seat attacked: at once with two players; four players choose it after the attacker.
    pub defender: Option<Seat>,
    attack: Option<Rank>,
    defend: Option<Rank>,
    /// Whose entry is awaited.
    pub who: Seat,
    /// Whether the pad is showing (otherwise `who` is asked to come to the screen).
    pub pad_open: bool,
}

/// The last thing the judge said.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    Verdict(Said),
    Refused(Said),
}

/// Something the clash judge's screen asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JudgeCmd {
    /// A side presses its colour: it attacks, and the pad opens for it (four players: the seat
    /// attacked is chosen first).
    Attacks(Seat),
    /// Four players: the seat attacked; the pad opens for the attacker.
    Defends(Seat),
    /// The player at the pad entered a piece.
    Enter(Rank),
    /// The player asked to come to the screen is there: the pad opens.
    Ready,
    CancelClash,
    Resign(Seat),
    AgreedDraw,
    /// Ask both players before the losses by rank are shown.
    AskByRank,
    /// The answer to that question.
    ByRank(Consent),
    /// Hide the losses by rank (either player may).
    HideByRank,
    /// A new tally with the same rules.
    Restart,
}

/// Version of the clash judge's record (`judge.ron`).
pub const JUDGE_RECORD_VERSION: u32 = 1;
/// More events than a judged game can have: such a record is refused.
const MAX_JUDGE_EVENTS: usize = 5_000;

/// One thing that happened at the clash judge, in the order it happened. Replaying the events
/// through `engine::judge::ClashJudge` rebuilds the tally and the log, so the record is the tally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JudgeEvent {
    /// A clash judged.
    Clash {
        attacker: Seat,
        attack: Rank,
        defend: Rank,
        /// Four players: the seat attacked (two players: the other side).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        defender: Option<Seat>,
    },
    /// A flag rule forbade the attack: announced to both, taken back on the board.
    Refused {
        attacker: Seat,
        attack: Rank,
        defend: Rank,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        defender: Option<Seat>,
    },
    /// Both players agreed to show the losses by rank.
    ShowByRank,
    HideByRank,
    Resign(Seat),
    AgreedDraw,
}

/// The clash judge's record: the rules and every event, plus `info` (`id`, `started`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeRecord {
    pub version: u32,
    pub rules: Rules,
    pub events: Vec<JudgeEvent>,
    #[serde(default)]
    pub info: Vec<(String, String)>,
    /// A four-player table (South, East, North, West).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub four: bool,
}

impl JudgeRecord {
    pub fn info(&self, key: InfoKey) -> Option<&str> {
        self.info
            .iter()
            .find(|(k, _)| k == key.as_str())
            .map(|(_, v)| v.as_str())
    }

    /// The record's file text.
    pub fn to_ron(&self) -> String {
        // Plain data: RON writes any of it.
        let body = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a judge record serializes");
        format!(
            "// Junqi clash judge tally (RON): the rules and every event, replayed to rebuild the tally.\n{body}\n"
        )
    }

    /// Parse and check a record's text (the events must replay).
    pub fn from_ron(text: &str) -> Result<JudgeRecord, String> {
        let record: JudgeRecord = ron::from_str(text).map_err(|e| {
            format!(
                "line {}, column {}: {}",
                e.span.start.line, e.span.start.col, e.code
            )
        })?;
        JudgeTable::from_record(record.clone())?;
        Ok(record)
    }
}

/// An id and a start date for a new record (the same form as the played games').
pub(super) fn new_identity() -> (String, String) {
    let now = std::time::SystemTime::now();
    let nanos = now
        .duration_since(std::time::SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let started = crate::app::records::date_text(now);
    let stamp = started.replace([' ', ':', '-'], "");
    (format!("{stamp}{:04x}", nanos & 0xffff), started)
}

/// The clash judge's tally: the judge, the clash being entered, what was said.
pub struct JudgeTable {
    pub judge: ClashJudge,
    pub pending: Option<Pending>,
    pub notice: Option<Notice>,
    /// Every announcement so far, newest last.
    pub log: Vec<Said>,
    pub by_rank: bool,
    /// Asking every player before the losses by rank are shown: who has agreed (by seat index).
    pub by_rank_consent: Option<[bool; 4]>,
    /// Everything that happened, autosaved and replayed after a crash.
    pub record: JudgeRecord,
}

impl JudgeTable {
    /// A two-player table.
    pub fn new(rules: Rules) -> JudgeTable {
        JudgeTable::with_players(rules, false)
    }

    /// A two-player table, or a four-player one.
    pub fn with_players(rules: Rules, four: bool) -> JudgeTable {
        let (id, started) = new_identity();
        JudgeTable {
            judge: if four {
                ClashJudge::four(rules.clone())
            } else {
                ClashJudge::new(rules.clone())
            },
            pending: None,
            notice: None,
            log: Vec::new(),
            by_rank: false,
            by_rank_consent: None,
            record: JudgeRecord {
                version: JUDGE_RECORD_VERSION,
                rules,
                events: Vec::new(),
                info: vec![
                    (InfoKey::Id.as_str().into(), id),
                    (InfoKey::Started.as_str().into(), started),
                ],
                four,
            },
        }
    }

    /// Rebuild a judge table from its record, checking every event.
    pub fn from_record(record: JudgeRecord) -> Result<JudgeTable, String> {
        if record.version != JUDGE_RECORD_VERSION {
            return Err(format!(
                "clash judge record version {} is not supported (this program reads version {JUDGE_RECORD_VERSION})",
                record.version
            ));
        }
        if record.events.len() > MAX_JUDGE_EVENTS {
            return Err(format!(
                "{} events: more than a judged game can have",
                record.events.len()
            ));
        }
        record.rules.validate().map_err(|e| e.to_string())?;
        let mut t = JudgeTable::with_players(record.rules.clone(), record.four);
        for (i, ev) in record.events.iter().enumerate() {
            t.apply_event(*ev)
                .map_err(|e| format!("event {} ({ev:?}): {e}", i + 1))?;
        }
        t.notice = None;
        t.record = record;
        Ok(t)
    }

    /// The seats at the table.
    pub fn seats(&self) -> &'static [Seat] {
        self.judge.seats()
    }

    /// Whether the judged game is over.
    pub fn is_over(&self) -> bool {
        self.judge.result().is_some()
    }

    /// Carry out a command of the screen. One that does not fit the moment (a piece entered with
    /// no pad open, a resignation after the end …) changes nothing.
    pub fn apply(&mut self, cmd: JudgeCmd) {
        let over = self.is_over();
        match cmd {
            JudgeCmd::Attacks(side) => {
                let four = self.judge.is_four();
                if !over
                    && self.pending.is_none()
                    && self.seats().contains(&side)
                    && !self.judge.is_out(side)
                {
                    self.notice = None;
                    self.pending = Some(Pending {
                        attacker: side,
                        defender: if four { None } else { side.opponent() },
                        attack: None,
                        defend: None,
                        who: side,
                        pad_open: !four,
                    });
                }
            }
            JudgeCmd::Defends(seat) => {
                if let Some(p) = &mut self.pending
                    && p.defender.is_none()
                    && self.judge.opponents(p.attacker).contains(&seat)
                {
                    p.defender = Some(seat);
                    p.pad_open = true;
                }
            }
            JudgeCmd::Enter(rank) => {
                if !over
                    && self
                        .pending
                        .is_some_and(|p| p.pad_open && p.defender.is_some())
                {
                    self.enter(rank);
                }
            }
            JudgeCmd::Ready => {
                if let Some(p) = &mut self.pending
                    && p.defender.is_some()
                {
                    p.pad_open = true;
                }
            }
            JudgeCmd::CancelClash => {
                if self.pending.take().is_some() {
                    self.notice = None;
                }
            }
            JudgeCmd::Resign(side) => {
                if self.apply_event(JudgeEvent::Resign(side)).is_ok() {
                    self.pending = None;
                }
            }
            JudgeCmd::AgreedDraw => {
                if self.apply_event(JudgeEvent::AgreedDraw).is_ok() {
                    self.pending = None;
                }
            }
            JudgeCmd::AskByRank => {
                if !over && !self.by_rank && self.by_rank_consent.is_none() {
                    self.by_rank_consent = Some([false; 4]);
                }
            }
            JudgeCmd::ByRank(answer) => match (answer, &mut self.by_rank_consent) {
                (_, None) => {}
                (Consent::Agree(side, yes), Some(agreed)) => agreed[side.index()] = yes,
                (Consent::Confirm, Some(agreed)) => {
                    if !over && self.judge.seats().iter().all(|s| agreed[s.index()]) {
                        self.by_rank_consent = None;
                        let _ = self.apply_event(JudgeEvent::ShowByRank);
                    }
                }
                (Consent::Cancel, Some(_)) => self.by_rank_consent = None,
            },
            JudgeCmd::HideByRank => {
                if !over && self.by_rank {
                    let _ = self.apply_event(JudgeEvent::HideByRank);
                }
            }
            JudgeCmd::Restart => {
                *self = JudgeTable::with_players(self.judge.rules().clone(), self.judge.is_four());
            }
        }
    }

    /// Carry out an event (from the screen or a record) and note it. A clash the judge refuses
    /// as impossible is an error and changes nothing.
    pub fn apply_event(&mut self, ev: JudgeEvent) -> Result<(), String> {
        let over = self.is_over();
        match ev {
            JudgeEvent::Clash {
                attacker,
                attack,
                defend,
                defender,
            } => {
                let v = self
                    .judge
                    .judge_between(attacker, self.defender(attacker, defender)?, attack, defend)
                    .map_err(|e| e.to_string())?;
                let said = verdict_text(&v, attacker, defender, self.judge.clashes());
                self.log.push(said.clone());
                self.notice = Some(Notice::Verdict(said));
            }
            JudgeEvent::Refused {
                attacker,
                attack,
                defend,
                defender,
            } => {
                // A flag rule forbids the attack itself: it is announced to both players, written
                // in the log, and taken back on the board (never a silent probe).
                let mut probe = self.judge.clone();
                let d_seat = self.defender(attacker, defender)?;
                let e = match probe.judge_between(attacker, d_seat, attack, defend) {
                    Err(e @ (ClaimError::FlagProtectedByMines | ClaimError::NotAFlagTaker(_))) => e,
                    Err(e) => return Err(e.to_string()),
                    Ok(_) => return Err("no flag rule forbids this attack".into()),
                };
                let why = Said::new(|l| claim_text(l, &e));
                let said = Said::new(|l| fill(l.t(&i18n::REF_TAKE_BACK), &[("why", why.get(l))]));
                self.log.push(said.clone());
                self.notice = Some(Notice::Refused(said));
            }
            JudgeEvent::ShowByRank => {
                let n = self.judge.clashes().to_string();
                self.log.push(Said::new(|l| {
                    fill(l.t(&i18n::REF_BY_RANK_LOG), &[("n", &n)])
                }));
                self.by_rank = true;
            }
            JudgeEvent::HideByRank => self.by_rank = false,
            JudgeEvent::Resign(side) if !over => {
                self.judge.resign(side).map_err(|e| e.to_string())?;
                if self.judge.is_four() {
                    // The player is out (their pieces leave the board); the game may go on.
                    self.log.push(out_said(side, EndReason::Resignation));
                    if let Some(status) = self.judge.result() {
                        self.log.push(Said::new(|l| {
                            crate::app::words::status_text(status, l).unwrap_or_default()
                        }));
                    }
                }
            }
            JudgeEvent::AgreedDraw if !over => {
                self.judge.end(Status::Draw(EndReason::Agreement));
            }
            JudgeEvent::Resign(_) | JudgeEvent::AgreedDraw => {
                return Err("the game is already over".into());
            }
        }
        self.record.events.push(ev);
        Ok(())
    }

    /// The seat attacked in an event: named with four players, the other side with two.
    fn defender(&self, attacker: Seat, defender: Option<Seat>) -> Result<Seat, String> {
        if !self.judge.seats().contains(&attacker) {
            return Err(ClaimError::NotAtTable(attacker).to_string());
        }
        match (self.judge.is_four(), defender) {
            (true, Some(d)) => Ok(d),
            (false, None) => attacker
                .opponent()
                .ok_or_else(|| ClaimError::NotAtTable(attacker).to_string()),
            (true, None) => Err("a four-player clash needs the seat attacked".into()),
            // A two-player record never names the seat attacked.
            (false, Some(d)) => Err(ClaimError::NotAtTable(d).to_string()),
        }
    }

    /// Pieces `side` has lost in all.
    pub fn lost_total(&self, side: Seat) -> u32 {
        Rank::ALL
            .iter()
            .map(|r| u32::from(self.judge.lost(side, *r)))
            .sum()
    }

    /// The player at the pad entered a piece.
    fn enter(&mut self, rank: Rank) {
        let Some(mut p) = self.pending else {
            return;
        };
        let refuse = move |e: ClaimError, who: Seat| {
            let why = Said::new(|l| claim_text(l, &e));
            Said::new(|l| {
                fill(
                    l.t(&i18n::REF_REFUSED),
                    &[("why", why.get(l)), ("side", l.side(who))],
                )
            })
        };
        if p.who == p.attacker {
            // The attacker's own claim can be checked at once.
            let e = if self.judge.left(p.attacker, rank) == 0 {
                Some(ClaimError::NoneLeft {
                    side: p.attacker,
                    rank,
                })
            } else if !rank.is_movable() {
                Some(ClaimError::CannotAttack {
                    side: p.attacker,
                    rank,
                })
            } else {
                None
            };
            if let Some(e) = e {
                self.notice = Some(Notice::Refused(refuse(e, p.attacker)));
                p.pad_open = true;
                self.pending = Some(p);
                return;
            }
            p.attack = Some(rank);
        } else {
            p.defend = Some(rank);
        }
        let Some(defender) = p.defender else {
            return;
        };
        let (Some(a), Some(d)) = (p.attack, p.defend) else {
            // Hand the screen over to the defender.
            self.notice = None;
            p.who = defender;
            p.pad_open = false;
            self.pending = Some(p);
            return;
        };
        // Ask a copy first: a refused claim changes nothing.
        let named = self.judge.is_four().then_some(defender);
        match self.judge.clone().judge_between(p.attacker, defender, a, d) {
            Ok(_) => {
                let ev = JudgeEvent::Clash {
                    attacker: p.attacker,
                    attack: a,
                    defend: d,
                    defender: named,
                };
                if let Err(e) = self.apply_event(ev) {
                    debug_assert!(false, "a clash the judge accepted: {e}");
                }
                self.pending = None;
            }
            Err(ClaimError::NoneLeft { side, rank }) => {
                // That side enters again; the other side's claim stands.
                let e = ClaimError::NoneLeft { side, rank };
                self.notice = Some(Notice::Refused(refuse(e, side)));
                if side == p.attacker {
                    p.attack = None;
                } else {
                    p.defend = None;
                }
                p.pad_open = side == p.who;
                p.who = side;
                self.pending = Some(p);
            }
            Err(ClaimError::FlagProtectedByMines | ClaimError::NotAFlagTaker(_)) => {
                let ev = JudgeEvent::Refused {
                    attacker: p.attacker,
                    attack: a,
                    defend: d,
                    defender: named,
                };
                if let Err(e) = self.apply_event(ev) {
                    debug_assert!(false, "a flag rule refusal: {e}");
                }
                self.pending = None;
            }
            Err(e) => {
                self.notice = Some(Notice::Refused(refuse(e, p.who)));
                self.pending = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::judge::Verdict;
    use crate::engine::{ClashOutcome, FlagTakers, MineRule};

    /// Whether `text` names `rank`, in either language.
    fn names(text: &str, rank: Rank) -> bool {
        text.to_lowercase().contains(&rank.en().to_lowercase()) || text.contains(rank.zh())
    }

    /// Every public notice of the clash judge (verdicts, refusals, the log) names no
    /// rank a player may not know, whatever the clash and the house rules. Public by the rules:
    /// the flag when it is the piece attacked (a flag rule's refusal, a flag taken), a sprung mine,
    /// a fallen marshal whose flag must be shown.
    #[test]
    fn judge_public_notices_never_name_a_hidden_rank() {
        let mut variants = Vec::new();
        for takers in [FlagTakers::Any, FlagTakers::Engineer, FlagTakers::Smallest] {
            for mines_first in [false, true] {
                for mines in [MineRule::Standard, MineRule::Spring, MineRule::Bomb] {
                    variants.push(Rules {
                        flag_takers: takers,
                        flag_needs_mines_cleared: mines_first,
                        mines,
                        ..Rules::default()
                    });
                }
            }
        }
        let mut checked = 0;
        for rules in variants {
            for a in Rank::ALL.iter().copied().filter(|r| r.is_movable()) {
                for d in Rank::ALL {
                    let mut t = JudgeTable::new(rules.clone());
                    t.pending = Some(Pending {
                        attacker: Seat::Red,
                        defender: Some(Seat::Blue),
                        attack: None,
                        defend: None,
                        who: Seat::Red,
                        pad_open: true,
                    });
                    t.enter(a);
                    t.enter(d);
                    let mut said: Vec<Said> = t.log.clone();
                    match &t.notice {
                        Some(Notice::Verdict(s) | Notice::Refused(s)) => said.push(s.clone()),
                        None => panic!("no notice after {a:?} on {d:?}"),
                    }
                    let verdict = rules_verdict(&rules, a, d);
                    for s in &said {
                        for text in [&s.en, &s.zh] {
                            for r in [a, d] {
                                let public = match r {
                                    Rank::Flag => r == d,
                                    Rank::Mine => verdict
                                        .as_ref()
                                        .is_some_and(|v| v.outcome == ClashOutcome::Bounced),
                                    Rank::Marshal => {
                                        verdict.as_ref().is_some_and(|v| !v.show_flags.is_empty())
                                    }
                                    _ => false,
                                };
                                assert!(
                                    public || !names(text, r),
                                    "{a:?} on {d:?} under {rules:?}: {text:?} names {r:?}"
                                );
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    fn rules_verdict(rules: &Rules, a: Rank, d: Rank) -> Option<Verdict> {
        ClashJudge::new(rules.clone()).judge(Seat::Red, a, d).ok()
    }

    #[test]
    fn a_judge_record_replays_to_the_same_tally_and_log() {
        let mut t = JudgeTable::new(Rules::default());
        for ev in [
            JudgeEvent::Clash {
                attacker: Seat::Red,
                attack: Rank::Colonel,
                defend: Rank::Major,
                defender: None,
            },
            JudgeEvent::ShowByRank,
            JudgeEvent::Clash {
                attacker: Seat::Blue,
                attack: Rank::Bomb,
                defend: Rank::Marshal,
                defender: None,
            },
            JudgeEvent::Resign(Seat::Blue),
        ] {
            t.apply_event(ev).unwrap();
        }
        let text = t.record.to_ron();
        let again = JudgeTable::from_record(JudgeRecord::from_ron(&text).unwrap()).unwrap();
        assert_eq!(again.log, t.log);
        assert_eq!(again.record, t.record);
        assert!(again.by_rank);
        assert_eq!(again.judge.lost(Seat::Red, Rank::Marshal), 1);
        assert_eq!(
            again.judge.result(),
            Some(Status::Won(Seat::Red.team(), EndReason::Resignation))
        );
        // A record that does not replay is refused with the event's number.
        let mut bad = t.record.clone();
        bad.events.insert(
            0,
            JudgeEvent::Clash {
                attacker: Seat::Red,
                attack: Rank::Mine,
                defend: Rank::Major,
                defender: None,
            },
        );
        let e = JudgeTable::from_record(bad).err().unwrap();
        assert!(e.starts_with("event 1 "), "{e}");
    }
}
