//! The referee for games on a physical board (issue 5, third part): people play on a real board with
//! real pieces and the program replaces the human referee, in one of two ways.
//!
//! - **Clash judge** (`JudgeTable`): at each clash the attacker, then the defender, enters their piece
//!   privately on a pad of the twelve pieces; `engine::judge::ClashJudge` announces only the outcome,
//!   keeps the losses, refuses impossible claims and declares the winner.
//! - **Tracked game** (`Tracked`): each player enters a formation privately (the formation editor or a
//!   saved file) behind a hand-over curtain; then every physical move is mirrored on a board that shows
//!   only backs, and an ordinary hidden-mode `Game` judges it.
//!
//! Privacy on a shared screen (UX.md): the pad is the same for both players (same buttons, same size,
//! same place, every button always enabled), has no hover or press highlight, disappears the moment a
//! choice is made (a neutral "received" state replaces it, and the pointer is moved off the chosen
//! button), and every choice is answered in the same frame. No label names a rank except the pad
//! itself and the losses by rank, which are off until the game ends.

use super::board::{self, BoardWidget};
use super::command::Command;
use super::formations::{self, EditorScreen};
use super::i18n::{self, Lang, Text, fill};
use super::settings::BoardOptions;
use super::words::status_text;
use super::{JunqiApp, Screen};
use crate::editor::EditorOutcome;
use crate::engine::disclosure::Disclosure;
use crate::engine::judge::{ClaimError, ClashJudge, Verdict};
use crate::engine::rules::{HouseRule, RuleValue};
use crate::engine::{
    Action, ClashOutcome, EndReason, FlagTakers, Formation, Game, GameRecord, IllegalTurn,
    MineRule, Mode, NodeId, Rank, Rules, Seen, Side, Start, Status, Turn, View, Viewer,
};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// House rules the referee offers (flip-mode and clock rules make no sense on a physical board).
fn offered(rule: HouseRule) -> bool {
    match rule {
        HouseRule::FirstEngineerDecides
        | HouseRule::MoveClock
        | HouseRule::TurnOrder
        | HouseRule::TeamView => false,
        HouseRule::Mines
        | HouseRule::FlyingBombs
        | HouseRule::MovableHq
        | HouseRule::BombsInFrontRow
        | HouseRule::FlagRevealOnMarshalLoss
        | HouseRule::EngineerScout
        | HouseRule::FlagNeedsMinesCleared
        | HouseRule::FlagTakers
        | HouseRule::RailTurnForAll
        | HouseRule::QuietLimit
        | HouseRule::TurnLimit => true,
    }
}

/// House rules that only the tracked game can enforce (movement, deployment and draw limits).
fn tracked_only(rule: HouseRule) -> bool {
    match rule {
        HouseRule::FlyingBombs
        | HouseRule::MovableHq
        | HouseRule::BombsInFrontRow
        | HouseRule::RailTurnForAll
        | HouseRule::QuietLimit
        | HouseRule::TurnLimit => true,
        HouseRule::Mines
        | HouseRule::FlagRevealOnMarshalLoss
        | HouseRule::EngineerScout
        | HouseRule::FlagNeedsMinesCleared
        | HouseRule::FlagTakers
        | HouseRule::FirstEngineerDecides
        | HouseRule::MoveClock
        | HouseRule::TurnOrder
        | HouseRule::TeamView => false,
    }
}

/// A sentence in both languages, made when the event happens (so a language switch rewrites it).
#[derive(Clone, Debug, PartialEq)]
pub struct Said {
    pub en: String,
    pub zh: String,
}

impl Said {
    fn new(f: impl Fn(Lang) -> String) -> Said {
        Said {
            en: f(Lang::En),
            zh: f(Lang::Zh),
        }
    }
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }
}

/// What leaves the board, in words that name no rank (a dug mine is "the defender leaves").
pub fn outcome_text(outcome: ClashOutcome) -> &'static Text {
    match outcome {
        ClashOutcome::DefenderRemoved | ClashOutcome::MineDug => &i18n::REF_OUT_DEFENDER,
        ClashOutcome::AttackerRemoved => &i18n::REF_OUT_ATTACKER,
        ClashOutcome::BothRemoved => &i18n::REF_OUT_BOTH,
        ClashOutcome::Bounced => &i18n::REF_OUT_BOUNCED,
        ClashOutcome::FlagTaken => &i18n::REF_OUT_FLAG,
    }
}

/// The label of a pad button: "Field Marshal 40", "司令 40", "Bomb".
pub fn pad_label(lang: Lang, rank: Rank) -> String {
    match rank.players_number() {
        Some(n) => format!("{} {n}", lang.rank(rank)),
        None => lang.rank(rank).to_string(),
    }
}

/// Why a claim is refused, in this language, in words that name no rank (issue 18.6): the
/// claimant knows which piece they entered, and a flag rule's refusal is announced to both players.
/// (`Lang::claim_error` names the rank; it is for the claimant's own eyes only, never a notice.)
fn claim_text(lang: Lang, e: &ClaimError) -> String {
    match e {
        ClaimError::NoneLeft { side, .. } => {
            fill(lang.t(&i18n::REF_NONE_LEFT), &[("side", lang.side(*side))])
        }
        ClaimError::CannotAttack { side, .. } => fill(
            lang.t(&i18n::REF_CANNOT_ATTACK),
            &[("side", lang.side(*side))],
        ),
        ClaimError::FlagProtectedByMines => lang.illegal(&IllegalTurn::FlagProtectedByMines),
        // Never the rank: the notice is public.
        ClaimError::NotAFlagTaker(_) => lang.t(&i18n::REF_NOT_TAKER).to_string(),
        ClaimError::GameOver => lang.illegal(&IllegalTurn::GameOver),
    }
}

/// The referee screen: the house rules and a choice of the two ways, then one of them.
pub struct Referee {
    pub rules: Rules,
    pub stage: Stage,
    data_dir: Option<PathBuf>,
}

pub enum Stage {
    Menu,
    Judge(Box<JudgeTable>),
    Formations(Box<FormationEntry>),
    Tracked(Box<Tracked>),
}

impl Referee {
    /// The referee menu, with the house rules last used (in hidden mode, no move clock).
    pub fn new(rules: &Rules, data_dir: Option<PathBuf>) -> Referee {
        let mut rules = rules.clone();
        rules.mode = Mode::Hidden;
        rules.move_clock = None;
        rules.first_engineer_decides = false;
        Referee {
            rules,
            stage: Stage::Menu,
            data_dir,
        }
    }

    /// The game of a tracked game in progress (for saving it like any game).
    pub fn tracked_game(&self) -> Option<&Game> {
        match &self.stage {
            Stage::Tracked(t) => Some(&t.game),
            _ => None,
        }
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        lang: Lang,
        opts: &BoardOptions,
        bottom: Side,
    ) -> Option<Command> {
        let mut cmd = None;
        match &mut self.stage {
            Stage::Menu => {
                let mut way = None;
                egui::CentralPanel::default().show(ui, |ui| {
                    way = menu(ui, lang, &mut self.rules, &mut cmd);
                });
                match way {
                    Some(Way::Judge) => {
                        self.stage = Stage::Judge(Box::new(JudgeTable::new(self.rules.clone())));
                    }
                    Some(Way::Tracked) => {
                        self.stage = Stage::Formations(Box::new(FormationEntry::new(
                            formations::library(self.data_dir.as_deref()),
                        )));
                    }
                    None => {}
                }
            }
            Stage::Judge(j) => {
                if j.ui(ui, lang) {
                    self.stage = Stage::Menu;
                }
            }
            Stage::Formations(f) => match f.ui(ui, lang, &self.rules, self.data_dir.as_deref()) {
                Some(Entered::Back) => self.stage = Stage::Menu,
                Some(Entered::Game(game)) => {
                    self.stage = Stage::Tracked(Box::new(Tracked::new(*game, bottom)));
                }
                None => {}
            },
            Stage::Tracked(t) => match t.ui(ui, lang, opts) {
                _ if std::mem::take(&mut t.save_requested) => {
                    cmd = Some(Command::Saves(super::saves::SaveCmd::SaveAs));
                }
                Some(TrackedExit::Menu) => self.stage = Stage::Menu,
                Some(TrackedExit::Again) => {
                    self.stage = Stage::Formations(Box::new(FormationEntry::new(
                        formations::library(self.data_dir.as_deref()),
                    )));
                }
                None => {}
            },
        }
        cmd
    }
}

enum Way {
    Judge,
    Tracked,
}

/// The first page: house rules (names and explanations from `HouseRule`) and the two ways.
fn menu(
    ui: &mut egui::Ui,
    lang: Lang,
    rules: &mut Rules,
    cmd: &mut Option<Command>,
) -> Option<Way> {
    let mut way = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.heading(lang.t(&i18n::REF_HOME));
            if ui.button(lang.t(&i18n::CANCEL)).clicked() {
                *cmd = Some(Command::Home);
            }
        });
        ui.label(lang.t(&i18n::REF_INTRO));
        ui.add_space(12.0);
        let big = |t: &str| {
            egui::Button::new(egui::RichText::new(t).size(22.0).strong())
                .min_size(egui::vec2(260.0, 48.0))
        };
        ui.horizontal_top(|ui| {
            for (w, title, explain) in [
                (Way::Judge, &i18n::REF_JUDGE, &i18n::REF_JUDGE_EXPLAIN),
                (Way::Tracked, &i18n::REF_TRACKED, &i18n::REF_TRACKED_EXPLAIN),
            ] {
                ui.allocate_ui(egui::vec2(360.0, 140.0), |ui| {
                    ui.vertical(|ui| {
                        if ui.add(big(lang.t(title))).clicked() {
                            way = Some(w);
                        }
                        ui.label(lang.t(explain));
                    });
                });
                ui.add_space(24.0);
            }
        });
        ui.add_space(12.0);
        ui.separator();
        ui.strong(lang.t(&i18n::HOUSE_RULES));
        egui::Grid::new("referee-rules")
            .num_columns(2)
            .spacing([16.0, 6.0])
            .striped(true)
            .show(ui, |ui| {
                for rule in HouseRule::ALL.into_iter().filter(|r| offered(*r)) {
                    let (name, explain) = lang.rule_texts(rule);
                    let name_resp = ui
                        .horizontal(|ui| {
                            let r = ui.label(egui::RichText::new(name).strong());
                            if tracked_only(rule) {
                                ui.weak(lang.t(&i18n::REF_TRACKED_ONLY));
                            }
                            r
                        })
                        .inner
                        .on_hover_text(explain);
                    ui.horizontal_wrapped(|ui| rule_control(ui, lang, rule, rules, name_resp.id));
                    ui.end_row();
                }
            });
    });
    way
}

fn rule_control(
    ui: &mut egui::Ui,
    lang: Lang,
    rule: HouseRule,
    rules: &mut Rules,
    name_id: egui::Id,
) {
    if let Some(flag) = rules.switch_mut(rule) {
        ui.checkbox(flag, lang.t(&i18n::ON)).labelled_by(name_id);
        return;
    }
    // The move clock is left out of the referee's list before this is called.
    super::newgame::value_rule_control(ui, lang, rule, rules, name_id);
}

// ----- the clash judge --------------------------------------------------------------------------

/// A clash being entered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pending {
    pub attacker: Side,
    attack: Option<Rank>,
    defend: Option<Rank>,
    /// Whose entry is awaited.
    pub who: Side,
    /// Whether the pad is showing (otherwise `who` is asked to come to the screen).
    pub pad_open: bool,
}

/// The last thing the judge said.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    Verdict(Said),
    Refused(Said),
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
        attacker: Side,
        attack: Rank,
        defend: Rank,
    },
    /// A flag rule forbade the attack: announced to both, taken back on the board.
    Refused {
        attacker: Side,
        attack: Rank,
        defend: Rank,
    },
    /// Both players agreed to show the losses by rank.
    ShowByRank,
    HideByRank,
    Resign(Side),
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
}

impl JudgeRecord {
    pub fn info(&self, key: &str) -> Option<&str> {
        self.info
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The record's file text.
    pub fn to_ron(&self) -> Result<String, String> {
        let body = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        Ok(format!(
            "// Junqi clash judge tally (RON): the rules and every event, replayed to rebuild the tally.\n{body}\n"
        ))
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
fn new_identity() -> (String, String) {
    let now = std::time::SystemTime::now();
    let nanos = now
        .duration_since(std::time::SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let started = super::saves::date_text(now);
    let stamp = started.replace([' ', ':', '-'], "");
    (format!("{stamp}{:04x}", nanos & 0xffff), started)
}

pub struct JudgeTable {
    pub judge: ClashJudge,
    pub pending: Option<Pending>,
    pub notice: Option<Notice>,
    /// Every announcement so far, newest last.
    pub log: Vec<Said>,
    pub by_rank: bool,
    /// Asking both players before the losses by rank are shown: who has agreed.
    pub by_rank_consent: Option<[bool; 2]>,
    /// Everything that happened, autosaved and replayed after a crash.
    pub record: JudgeRecord,
    /// Where the pad was drawn last frame (the pointer is moved there after a choice).
    pad_rect: Option<egui::Rect>,
}

impl JudgeTable {
    pub fn new(rules: Rules) -> JudgeTable {
        let (id, started) = new_identity();
        JudgeTable {
            judge: ClashJudge::new(rules.clone()),
            pending: None,
            notice: None,
            log: Vec::new(),
            by_rank: false,
            by_rank_consent: None,
            record: JudgeRecord {
                version: JUDGE_RECORD_VERSION,
                rules,
                events: Vec::new(),
                info: vec![("id".into(), id), ("started".into(), started)],
            },
            pad_rect: None,
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
        record.rules.validate()?;
        let mut t = JudgeTable::new(record.rules.clone());
        for (i, ev) in record.events.iter().enumerate() {
            t.apply(*ev)
                .map_err(|e| format!("event {} ({ev:?}): {e}", i + 1))?;
        }
        t.notice = None;
        t.record = record;
        Ok(t)
    }

    /// Carry out an event (from the window or a record) and note it. A clash the judge refuses
    /// as impossible is an error and changes nothing.
    fn apply(&mut self, ev: JudgeEvent) -> Result<(), String> {
        let over = self.judge.result().is_some();
        match ev {
            JudgeEvent::Clash {
                attacker,
                attack,
                defend,
            } => {
                let v = self
                    .judge
                    .judge(attacker, attack, defend)
                    .map_err(|e| e.to_string())?;
                let said = verdict_text(&v, attacker, self.judge.clashes());
                self.log.push(said.clone());
                self.notice = Some(Notice::Verdict(said));
            }
            JudgeEvent::Refused {
                attacker,
                attack,
                defend,
            } => {
                // A flag rule forbids the attack itself: it is announced to both players, written
                // in the log, and taken back on the board (issue 18.1: never a silent probe).
                let mut probe = self.judge.clone();
                let e = match probe.judge(attacker, attack, defend) {
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
                self.judge
                    .end(Status::Won(side.other().team(), EndReason::Resignation));
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

    /// Pieces `side` has lost in all.
    pub fn lost_total(&self, side: Side) -> u32 {
        Rank::ALL
            .iter()
            .map(|r| u32::from(self.judge.lost(side, *r)))
            .sum()
    }

    /// A side tapped a piece on the pad.
    pub fn enter(&mut self, rank: Rank) {
        let Some(mut p) = self.pending else {
            return;
        };
        let refuse = move |e: ClaimError, who: Side| {
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
        let (Some(a), Some(d)) = (p.attack, p.defend) else {
            // Hand the screen over to the defender.
            self.notice = None;
            p.who = p.attacker.other();
            p.pad_open = false;
            self.pending = Some(p);
            return;
        };
        // Ask a copy first: a refused claim changes nothing.
        match self.judge.clone().judge(p.attacker, a, d) {
            Ok(_) => {
                let ev = JudgeEvent::Clash {
                    attacker: p.attacker,
                    attack: a,
                    defend: d,
                };
                if let Err(e) = self.apply(ev) {
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
                };
                if let Err(e) = self.apply(ev) {
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

    fn restart(&mut self) {
        *self = JudgeTable::new(self.judge.rules().clone());
    }

    /// The losses by rank: shown once both players agreed, hidden by either.
    fn by_rank_ui(&mut self, ui: &mut egui::Ui, lang: Lang, over: bool) {
        if over {
            return;
        }
        if self.by_rank {
            if ui.button(lang.t(&i18n::REF_HIDE_BY_RANK)).clicked() {
                let _ = self.apply(JudgeEvent::HideByRank);
            }
            return;
        }
        match &mut self.by_rank_consent {
            None => {
                if ui
                    .button(lang.t(&i18n::REF_BY_RANK))
                    .on_hover_text(lang.t(&i18n::REF_BY_RANK_WARN))
                    .clicked()
                {
                    self.by_rank_consent = Some([false, false]);
                }
            }
            Some(agreed) => match consent_ui(
                ui,
                lang,
                lang.t(&i18n::REF_BY_RANK_ASK),
                agreed,
                lang.t(&i18n::REF_SHOW),
            ) {
                Some(true) => {
                    self.by_rank_consent = None;
                    let _ = self.apply(JudgeEvent::ShowByRank);
                }
                Some(false) => self.by_rank_consent = None,
                None => {}
            },
        }
    }

    /// Returns true to go back to the referee menu.
    fn ui(&mut self, ui: &mut egui::Ui, lang: Lang) -> bool {
        let mut back = false;
        let result = self.judge.result();
        let over = result.is_some();
        let narrow = ui.available_width() < 760.0;
        let panel = super::board::side_panel("judge-panel", narrow);
        panel.show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(4.0);
                ui.label(
                    egui::RichText::new(fill(
                        lang.t(&i18n::REF_LOSSES),
                        &[
                            ("r", &self.lost_total(Side::Red).to_string()),
                            ("b", &self.lost_total(Side::Blue).to_string()),
                        ],
                    ))
                    .size(16.0),
                );
                self.by_rank_ui(ui, lang, over);
                if self.by_rank || over {
                    self.losses_by_rank(ui, lang);
                }
                ui.separator();
                ui.horizontal_wrapped(|ui| {
                    for side in Side::BOTH {
                        let t = fill(lang.t(&i18n::REF_RESIGNS), &[("side", lang.side(side))]);
                        if ui.add_enabled(!over, egui::Button::new(t)).clicked() {
                            let _ = self.apply(JudgeEvent::Resign(side));
                            self.pending = None;
                        }
                    }
                    if ui
                        .add_enabled(!over, egui::Button::new(lang.t(&i18n::REF_AGREED_DRAW)))
                        .clicked()
                    {
                        let _ = self.apply(JudgeEvent::AgreedDraw);
                        self.pending = None;
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    if ui.button(lang.t(&i18n::REF_RESTART)).clicked() {
                        self.restart();
                    }
                    if ui.button(lang.t(&i18n::REF_MENU)).clicked() {
                        back = true;
                    }
                });
                ui.separator();
                ui.strong(lang.t(&i18n::REF_LOG));
                for line in &self.log {
                    ui.label(line.get(lang));
                }
            });
        });

        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(lang.t(&i18n::REF_JUDGE));
                ui.weak(fill(
                    lang.t(&i18n::REF_RULES_LINE),
                    &[("rules", &rules_summary(self.judge.rules(), lang))],
                ));
            });
            ui.separator();
            if let Some(status) = result
                && let Some(text) = status_text(status, lang)
            {
                banner(ui, &text);
            }
            match &self.notice {
                Some(Notice::Verdict(s)) => announcement(ui, s.get(lang), false),
                Some(Notice::Refused(s)) => announcement(ui, s.get(lang), true),
                None => {}
            }
            ui.add_space(8.0);
            if !over {
                self.entry_ui(ui, lang);
            }
        });
        back
    }

    fn losses_by_rank(&self, ui: &mut egui::Ui, lang: Lang) {
        egui::Grid::new("losses-by-rank")
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                ui.label("");
                for side in Side::BOTH {
                    ui.colored_label(board::side_colour(side), lang.side(side));
                }
                ui.end_row();
                for r in Rank::ALL {
                    ui.label(lang.rank(r));
                    for side in Side::BOTH {
                        ui.label(format!("{}/{}", self.judge.lost(side, r), r.count()));
                    }
                    ui.end_row();
                }
            });
    }

    /// Who attacks, the pad, or the hand-over between the two players.
    fn entry_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let Some(p) = self.pending else {
            ui.label(egui::RichText::new(lang.t(&i18n::REF_WHO_ATTACKS)).size(20.0));
            ui.horizontal(|ui| {
                for side in Side::BOTH {
                    let t = fill(lang.t(&i18n::REF_ATTACKS), &[("side", lang.side(side))]);
                    let b = egui::Button::new(
                        egui::RichText::new(t)
                            .size(22.0)
                            .strong()
                            .color(egui::Color32::WHITE),
                    )
                    .fill(board::side_colour(side))
                    .min_size(egui::vec2(200.0, 56.0));
                    if ui.add(b).clicked() {
                        self.notice = None;
                        self.pending = Some(Pending {
                            attacker: side,
                            attack: None,
                            defend: None,
                            who: side,
                            pad_open: true,
                        });
                    }
                }
            });
            return;
        };
        let who = p.who;
        let other = who.other();
        if p.pad_open {
            ui.label(
                egui::RichText::new(fill(
                    lang.t(&i18n::REF_ENTER),
                    &[("side", lang.side(who)), ("other", lang.side(other))],
                ))
                .size(20.0)
                .strong()
                .color(board::side_colour(who)),
            );
            ui.add_space(6.0);
            if let Some(rank) = self.pad(ui, lang) {
                self.enter(rank);
                // Take the pointer off the chosen button, so nobody reads the choice from it.
                if let Some(r) = self.pad_rect {
                    ui.ctx()
                        .send_viewport_cmd(egui::ViewportCommand::CursorPosition(r.center()));
                }
            }
        } else {
            // The neutral "received" state: nothing of the choice stays on screen.
            ui.label(
                egui::RichText::new(fill(
                    lang.t(&i18n::REF_RECEIVED),
                    &[("side", lang.side(other))],
                ))
                .size(18.0),
            );
            ui.label(
                egui::RichText::new(fill(
                    lang.t(&i18n::REF_HAND_OVER),
                    &[("side", lang.side(who)), ("other", lang.side(other))],
                ))
                .size(20.0)
                .strong()
                .color(board::side_colour(who)),
            );
            ui.add_space(6.0);
            let size = self.pad_size(ui);
            ui.allocate_ui(size, |ui| {
                ui.centered_and_justified(|ui| {
                    let t = fill(lang.t(&i18n::REF_READY), &[("side", lang.side(who))]);
                    let b = egui::Button::new(egui::RichText::new(t).size(22.0).strong())
                        .min_size(egui::vec2(size.x.min(320.0), 56.0));
                    if ui.add(b).clicked()
                        && let Some(p) = &mut self.pending
                    {
                        p.pad_open = true;
                    }
                });
            });
        }
        ui.add_space(10.0);
        if ui.button(lang.t(&i18n::REF_CANCEL_CLASH)).clicked() {
            self.pending = None;
            self.notice = None;
        }
    }

    fn pad_size(&self, ui: &egui::Ui) -> egui::Vec2 {
        let w = ui.available_width().clamp(280.0, 720.0);
        egui::vec2(w, (w / 4.0 * 0.55).clamp(44.0, 90.0) * 3.0 + 16.0)
    }

    /// The pad of the twelve pieces: the same for both players, every button alike and enabled,
    /// no highlight on hover or press.
    fn pad(&mut self, ui: &mut egui::Ui, lang: Lang) -> Option<Rank> {
        let size = self.pad_size(ui);
        let cell = egui::vec2((size.x - 3.0 * 8.0) / 4.0, (size.y - 16.0) / 3.0);
        let mut chosen = None;
        let resp = ui.allocate_ui(size, |ui| {
            let v = ui.visuals_mut();
            v.widgets.hovered = v.widgets.inactive;
            v.widgets.active = v.widgets.inactive;
            ui.spacing_mut().item_spacing = egui::vec2(8.0, 8.0);
            egui::Grid::new("referee-pad")
                .spacing([8.0, 8.0])
                .show(ui, |ui| {
                    for (i, r) in Rank::ALL.iter().enumerate() {
                        let b =
                            egui::Button::new(egui::RichText::new(pad_label(lang, *r)).size(20.0))
                                .min_size(cell);
                        if ui.add_sized(cell, b).clicked() {
                            chosen = Some(*r);
                        }
                        if i % 4 == 3 {
                            ui.end_row();
                        }
                    }
                });
        });
        self.pad_rect = Some(resp.response.rect);
        chosen
    }
}

/// The announcement of a verdict: what leaves the board, the flag to show, the result.
fn verdict_text(v: &Verdict, attacker: Side, n: u32) -> Said {
    Said::new(|l| {
        let mut s = fill(
            l.t(&i18n::REF_CLASH_LINE),
            &[
                ("n", &n.to_string()),
                ("side", l.side(attacker)),
                ("out", l.t(outcome_text(v.outcome))),
            ],
        );
        for &side in &v.show_flags {
            s.push_str(if l == Lang::Zh { "。" } else { ". " });
            s.push_str(&fill(l.t(&i18n::REF_SHOW_FLAG), &[("side", l.side(side))]));
        }
        if let Some(status) = v.result
            && let Some(t) = status_text(status, l)
        {
            s.push_str(if l == Lang::Zh { "。" } else { ". " });
            s.push_str(&t);
        }
        s
    })
}

/// A short list of the rules that differ from the defaults.
fn rules_summary(rules: &Rules, lang: Lang) -> String {
    let mut parts = Vec::new();
    let mines = match rules.mines {
        MineRule::Standard => &i18n::MINES_STANDARD,
        MineRule::Spring => &i18n::MINES_SPRING,
        MineRule::Bomb => &i18n::MINES_BOMB,
    };
    let takers = match rules.flag_takers {
        FlagTakers::Any => &i18n::TAKERS_ANY,
        FlagTakers::Engineer => &i18n::TAKERS_ENGINEER,
        FlagTakers::Smallest => &i18n::TAKERS_SMALLEST,
    };
    for rule in HouseRule::ALL.into_iter().filter(|r| offered(*r)) {
        let (name, _) = lang.rule_texts(rule);
        match rules.get(rule) {
            RuleValue::Mines(_) => parts.push(format!("{name} {}", lang.t(mines))),
            RuleValue::Takers(_) => parts.push(format!("{name} {}", lang.t(takers))),
            RuleValue::Switch(on) => {
                if on {
                    parts.push(name.to_string());
                }
            }
            RuleValue::Turns(_) | RuleValue::Clock(_) | RuleValue::Order(_) => {}
        }
    }
    parts.join(if lang == Lang::Zh { "，" } else { ", " })
}

/// Both players' consent on the shared screen: the question, one box per player, then confirm
/// (enabled once both agreed) or cancel. `Some(true)` when confirmed, `Some(false)` when cancelled.
fn consent_ui(
    ui: &mut egui::Ui,
    lang: Lang,
    question: &str,
    agreed: &mut [bool; 2],
    confirm: &str,
) -> Option<bool> {
    let mut out = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(egui::RichText::new(question).strong());
        ui.horizontal_wrapped(|ui| {
            for side in Side::BOTH {
                let t = fill(lang.t(&i18n::REF_AGREES), &[("side", lang.side(side))]);
                ui.checkbox(&mut agreed[side.index()], t);
            }
        });
        ui.horizontal(|ui| {
            let both = agreed.iter().all(|a| *a);
            if ui.add_enabled(both, egui::Button::new(confirm)).clicked() {
                out = Some(true);
            }
            if ui.button(lang.t(&i18n::CANCEL)).clicked() {
                out = Some(false);
            }
        });
    });
    out
}

fn banner(ui: &mut egui::Ui, text: &str) {
    super::board::banner_frame(8).show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(egui::RichText::new(text).size(24.0).strong());
        });
    });
}

fn announcement(ui: &mut egui::Ui, text: &str, refused: bool) {
    let (fill_c, stroke_c) = if refused {
        (
            egui::Color32::from_rgb(0xfd, 0xe4, 0xe0),
            egui::Color32::from_rgb(0xb0, 0x20, 0x10),
        )
    } else {
        (
            egui::Color32::from_rgb(0xe6, 0xf0, 0xfa),
            egui::Color32::from_rgb(0x1f, 0x4e, 0xa0),
        )
    };
    egui::Frame::new()
        .fill(fill_c)
        .stroke(egui::Stroke::new(1.5, stroke_c))
        .corner_radius(6)
        .inner_margin(10)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(egui::RichText::new(text).size(20.0));
        });
}

// ----- the tracked game: formations ---------------------------------------------------------------

/// Each player enters a formation privately, Red first.
pub struct FormationEntry {
    /// Whose formation is being entered.
    pub side: Side,
    /// The hand-over curtain is up.
    pub curtain: bool,
    red: Option<Formation>,
    pub editor: Option<Box<EditorScreen>>,
    library: Vec<(PathBuf, Formation)>,
    picked: Option<usize>,
    error: Option<Said>,
}

enum Entered {
    Back,
    Game(Box<Game>),
}

impl FormationEntry {
    fn new(library: Vec<(PathBuf, Formation)>) -> FormationEntry {
        FormationEntry {
            side: Side::Red,
            curtain: true,
            red: None,
            editor: None,
            library,
            picked: None,
            error: None,
        }
    }

    /// The formation of `self.side` is in.
    fn accept(&mut self, f: Formation, rules: &Rules) -> Option<Entered> {
        self.editor = None;
        self.picked = None;
        let problems = f.problems(rules);
        if !problems.is_empty() {
            self.error = Some(Said::new(|l| {
                let e = problems
                    .iter()
                    .map(|p| l.formation_problem(p))
                    .collect::<Vec<_>>()
                    .join("; ");
                fill(l.t(&i18n::REF_INVALID_FORMATION), &[("e", &e)])
            }));
            return None;
        }
        self.error = None;
        match self.red.take() {
            None => {
                self.red = Some(f);
                self.side = Side::Blue;
                self.curtain = true;
                None
            }
            Some(red) => match Game::new(rules.clone(), Start::formations(&red, &f)) {
                Ok(mut game) => {
                    game.set_info("referee", "tracked game on a physical board");
                    Some(Entered::Game(Box::new(game)))
                }
                Err(e) => {
                    self.red = Some(red);
                    self.error = Some(Said::new(|l| {
                        fill(l.t(&i18n::REF_INVALID_FORMATION), &[("e", &e.to_string())])
                    }));
                    None
                }
            },
        }
    }

    fn ui(
        &mut self,
        ui: &mut egui::Ui,
        lang: Lang,
        rules: &Rules,
        data_dir: Option<&std::path::Path>,
    ) -> Option<Entered> {
        let side = self.side;
        let other = side.other();
        let mut out = None;
        if let Some(es) = &mut self.editor {
            let mut done = None;
            egui::CentralPanel::default().show(ui, |ui| {
                ui.label(
                    egui::RichText::new(fill(
                        lang.t(&i18n::REF_FORMATION_CURTAIN),
                        &[("side", lang.side(side)), ("other", lang.side(other))],
                    ))
                    .strong()
                    .color(board::side_colour(side)),
                );
                done = es.ui(ui, lang);
            });
            match done {
                Some(EditorOutcome::UseInGame(f)) => out = self.accept(f, rules),
                Some(EditorOutcome::Close) => self.editor = None,
                None => {}
            }
            return out;
        }
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(lang.t(&i18n::REF_TRACKED));
                if ui.button(lang.t(&i18n::REF_MENU)).clicked() {
                    out = Some(Entered::Back);
                }
            });
            ui.separator();
            if self.red.is_some() {
                ui.label(fill(
                    lang.t(&i18n::REF_FORMATION_IN),
                    &[("side", lang.side(Side::Red))],
                ));
            }
            if let Some(e) = &self.error {
                announcement(ui, e.get(lang), true);
            }
            ui.add_space(ui.available_height() * 0.12);
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(fill(
                        lang.t(&i18n::REF_FORMATION_CURTAIN),
                        &[("side", lang.side(side)), ("other", lang.side(other))],
                    ))
                    .size(26.0)
                    .strong()
                    .color(board::side_colour(side)),
                );
                ui.add_space(20.0);
                if self.curtain {
                    let t = fill(lang.t(&i18n::REF_CONTINUE_AS), &[("side", lang.side(side))]);
                    let b = egui::Button::new(egui::RichText::new(t).size(22.0).strong())
                        .min_size(egui::vec2(300.0, 56.0));
                    if ui.add(b).clicked() {
                        self.curtain = false;
                    }
                    return;
                }
                let b = egui::Button::new(
                    egui::RichText::new(lang.t(&i18n::REF_USE_EDITOR)).size(20.0),
                )
                .min_size(egui::vec2(300.0, 48.0));
                if ui.add(b).clicked() {
                    self.editor = Some(Box::new(EditorScreen::new(data_dir, rules.clone(), lang)));
                }
                ui.add_space(16.0);
                ui.horizontal(|ui| {
                    ui.add_space((ui.available_width() - 560.0).max(0.0) / 2.0);
                    let shown = self
                        .picked
                        .and_then(|i| self.library.get(i))
                        .map_or(lang.t(&i18n::REF_CHOOSE).to_string(), |(_, f)| {
                            f.name_in(lang == Lang::Zh).to_string()
                        });
                    egui::ComboBox::new("referee-saved", lang.t(&i18n::REF_USE_SAVED))
                        .selected_text(shown)
                        .width(220.0)
                        .show_ui(ui, |ui| {
                            for (i, (_, f)) in self.library.iter().enumerate() {
                                let name = f.name_in(lang == Lang::Zh);
                                ui.selectable_value(&mut self.picked, Some(i), name);
                            }
                        });
                    if ui
                        .add_enabled(
                            self.picked.is_some(),
                            egui::Button::new(lang.t(&i18n::REF_USE_THIS)),
                        )
                        .clicked()
                        && let Some(f) = self
                            .picked
                            .and_then(|i| self.library.get(i))
                            .map(|(_, f)| f.clone())
                    {
                        out = self.accept(f, rules);
                    }
                });
            });
        });
        out
    }
}

// ----- the tracked game: play --------------------------------------------------------------------

/// A hidden-mode game that mirrors the physical board.
pub struct Tracked {
    pub game: Game,
    /// "Save as…" was pressed: the app saves the game like any other.
    pub save_requested: bool,
    pub selected: Option<NodeId>,
    /// Why the last move was refused.
    pub message: Option<IllegalTurn>,
    /// Asking both players before a move (or the end) is undone: who has agreed.
    pub undo_consent: Option<[bool; 2]>,
    bottom: Side,
}

enum TrackedExit {
    Menu,
    Again,
}

/// Something the tracked game's record notes beside its actions (kept in `GameRecord.info` under
/// `NOTES_KEY`, so it is saved, autosaved and replayed with the game). `ply` is the number of turns
/// played when it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrackedNote {
    /// A turn taken back with both players' consent.
    TakenBack { ply: usize, turn: String },
    /// The game had ended, which showed both formations to both players, and was reopened with
    /// both players' consent (issue 18.7).
    Reopened { ply: usize, status: Status },
}

impl TrackedNote {
    fn ply(&self) -> usize {
        match self {
            TrackedNote::TakenBack { ply, .. } | TrackedNote::Reopened { ply, .. } => *ply,
        }
    }
}

/// The `info` key of a tracked game's notes.
pub const NOTES_KEY: &str = "referee_notes";

/// The notes of a tracked game's record, oldest first (an unreadable entry reads as none).
pub fn tracked_notes(game: &Game) -> Vec<TrackedNote> {
    super::saves::info_value(game.record(), NOTES_KEY)
        .and_then(|t| ron::from_str(t).ok())
        .unwrap_or_default()
}

fn add_note(game: &mut Game, note: TrackedNote) {
    let mut notes = tracked_notes(game);
    notes.push(note);
    if let Ok(text) = ron::to_string(&notes) {
        game.set_info(NOTES_KEY, &text);
    }
}

/// The end of a tracked game showed every piece to both players, and the players reopened it:
/// the record says so — through the engine's disclosure gate, as the referee view used (both
/// players agreed), and a note for the log.
fn record_reveal(game: &mut Game, ply: usize, status: Status) {
    let _ = game.disclose(Disclosure::RefereeView, None, true);
    add_note(game, TrackedNote::Reopened { ply, status });
}

/// The board as both players may see it: backs only, except pieces revealed to both (a flag after
/// its marshal fell, a sprung mine, a scouted piece); everything once the game is over.
pub fn public_view(game: &Game) -> View {
    let mut v = game.view(Viewer::Referee);
    if !game.status().is_over() {
        for c in &mut v.cells {
            if let Seen::Known(p) = *c {
                *c = if p.is_revealed() {
                    Seen::Known(p.with_revealed(false))
                } else {
                    Seen::Unknown(p.side())
                };
            }
        }
    }
    v
}

/// Why a move is illegal, in words that name no rank (the opponent reads the screen too).
pub fn public_reason(lang: Lang, e: &IllegalTurn) -> String {
    match e {
        IllegalTurn::CannotMove { square, .. } => {
            fill(lang.t(&i18n::REF_CANNOT_MOVE), &[("sq", square)])
        }
        IllegalTurn::NotAFlagTaker(_) => lang.t(&i18n::REF_NOT_TAKER).to_string(),
        e => lang.illegal(e),
    }
}

impl Tracked {
    pub fn new(game: Game, bottom: Side) -> Tracked {
        Tracked {
            save_requested: false,
            game,
            selected: None,
            message: None,
            undo_consent: None,
            bottom,
        }
    }

    fn mover(&self) -> Side {
        self.game.position().side_to_move().unwrap_or(Side::Red)
    }

    /// A click on a node of the board.
    pub fn click(&mut self, n: NodeId) {
        if self.game.status().is_over() {
            return;
        }
        let mover = self.mover();
        let own = self
            .game
            .position()
            .at(n)
            .is_some_and(|p| p.side() == mover);
        match self.selected {
            Some(from) if from == n => self.selected = None,
            Some(_) if own => self.selected = Some(n),
            Some(from) => {
                let turn = Turn::Move { from, to: n };
                match self.game.play(turn) {
                    Ok(_) => {
                        self.selected = None;
                        self.message = None;
                    }
                    // The engine answers from the mover's view; an attack only a flag rule
                    // refuses is public and recorded (`Action::Refused`, issue 18.1).
                    Err(e) => self.message = Some(e),
                }
            }
            None if own => {
                self.selected = Some(n);
                self.message = None;
            }
            None => {
                // An empty node or an enemy piece: say why it cannot be moved (names no rank).
                let why = self
                    .game
                    .position()
                    .check_turn(self.game.rules(), Turn::Move { from: n, to: n });
                self.message = why.err();
            }
        }
    }

    /// Undo the last action, which both players agreed to. During the game it is a takeback through
    /// the engine's gate (kept in the record as `Action::Takeback`). After the end — which showed
    /// both formations — the players may still agree to reopen the game (a resignation by a slip of
    /// the hand): the ending action goes, and the reveal is recorded.
    fn undo_agreed(&mut self) {
        let status = self.game.status();
        let last_turn = self.game.standing_actions().last().and_then(|a| match a {
            Action::Turn(t) => Some(t.clone()),
            _ => None,
        });
        if !status.is_over() {
            // The side that made the last move asks; the other agreed too.
            let by = self.mover().other();
            let done = self
                .game
                .disclose(Disclosure::Takeback, Some(by), true)
                .map_err(|e| e.to_string())
                .and_then(|grant| self.game.take_back(grant, by, 1).map_err(|e| e.to_string()));
            if done.is_ok()
                && let Some(turn) = last_turn
            {
                let ply = self.game.plies().len();
                add_note(&mut self.game, TrackedNote::TakenBack { ply, turn });
            }
        } else if let Some(last) = self.game.undo() {
            // An agreed draw is an offer and its acceptance, made together here: both go.
            if matches!(last, Action::AcceptDraw(_))
                && matches!(
                    self.game.record().actions.last(),
                    Some(Action::OfferDraw(_))
                )
            {
                self.game.undo();
            }
            let ply = self.game.plies().len();
            record_reveal(&mut self.game, ply, status);
            if let Action::Turn(turn) = last {
                add_note(&mut self.game, TrackedNote::TakenBack { ply, turn });
            }
        }
        self.selected = None;
        self.message = None;
    }

    /// Pieces `side` has lost.
    pub fn lost_total(&self, side: Side) -> usize {
        self.game
            .plies()
            .iter()
            .flat_map(|p| p.effects.removed.iter())
            .filter(|(_, p)| p.side() == side)
            .count()
    }

    /// The public announcements, one per turn, and the record's notes where they happened; newest
    /// last.
    pub fn announcements(&self, lang: Lang) -> Vec<(Side, String)> {
        let board = self.game.board();
        let notes = tracked_notes(&self.game);
        let stop = if lang == Lang::Zh { "。" } else { ". " };
        let colon = if lang == Lang::Zh { "：" } else { ": " };
        let note_line = |note: &TrackedNote| -> (Side, String) {
            match note {
                TrackedNote::TakenBack { ply, turn } => (
                    Side::Red,
                    fill(
                        lang.t(&i18n::REF_TAKEN_BACK_LOG),
                        &[("n", &(ply + 1).to_string()), ("mv", turn)],
                    ),
                ),
                TrackedNote::Reopened { status, .. } => (
                    Side::Red,
                    fill(
                        lang.t(&i18n::REF_REOPENED_LOG),
                        &[("end", &status_text(*status, lang).unwrap_or_default())],
                    ),
                ),
            }
        };
        let mut out = Vec::new();
        // Attacks refused by a flag rule are announced too, where they happened.
        let refused = |after: usize, out: &mut Vec<(Side, String)>| {
            for r in self.game.refusals().iter().filter(|r| r.after == after) {
                if let IllegalTurn::FlagAttackRefused { by, .. } = r.said {
                    out.push((by, public_reason(lang, &r.said)));
                }
            }
        };
        let plies = self.game.plies();
        for i in 0..=plies.len() {
            out.extend(notes.iter().filter(|n| n.ply() == i).map(note_line));
            refused(i, &mut out);
            let Some(ply) = plies.get(i) else {
                continue;
            };
            let (Some(turn), Some(report)) = (ply.turn, &ply.report) else {
                continue;
            };
            let side = report.mover.side().unwrap_or(Side::Red);
            let mut line = fill(
                lang.t(&i18n::REF_MOVE_LINE),
                &[
                    ("n", &(i + 1).to_string()),
                    ("side", lang.side(side)),
                    ("mv", &turn.notation(board)),
                ],
            );
            if let Some(o) = report.clash {
                line.push_str(colon);
                line.push_str(lang.t(outcome_text(o)));
            }
            for (s, _) in report.flags_revealed() {
                line.push_str(stop);
                line.push_str(&fill(
                    lang.t(&i18n::REF_SHOW_FLAG),
                    &[("side", lang.side(s))],
                ));
            }
            out.push((side, line));
        }
        // Notes past the last turn (a note on a turn later taken back).
        out.extend(
            notes
                .iter()
                .filter(|n| n.ply() > plies.len())
                .map(note_line),
        );
        out
    }

    fn ui(&mut self, ui: &mut egui::Ui, lang: Lang, opts: &BoardOptions) -> Option<TrackedExit> {
        let mut exit = None;
        let status = self.game.status();
        let over = status.is_over();
        let mover = self.mover();
        let narrow = ui.available_width() < 760.0;

        egui::Panel::bottom("tracked-status").show(ui, |ui| {
            let (text, colour) = match &self.message {
                Some(e) => (
                    public_reason(lang, e),
                    egui::Color32::from_rgb(0xb0, 0x20, 0x10),
                ),
                None => (
                    if over {
                        lang.t(&i18n::GAME_OVER).to_string()
                    } else if self.selected.is_some() {
                        lang.t(&i18n::REF_TRACK_DEST).to_string()
                    } else {
                        fill(
                            lang.t(&i18n::REF_TRACK_SELECT),
                            &[("side", lang.side(mover))],
                        )
                    },
                    ui.visuals().text_color(),
                ),
            };
            ui.label(egui::RichText::new(text).color(colour).size(16.0));
        });

        let announcements = self.announcements(lang);
        let panel = super::board::side_panel("tracked-panel", narrow);
        panel.show(ui, |ui| {
            ui.add_space(4.0);
            if !over {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(lang.t(&i18n::TO_MOVE)).size(18.0));
                    ui.label(
                        egui::RichText::new(lang.side(mover))
                            .size(22.0)
                            .strong()
                            .color(board::side_colour(mover)),
                    );
                    ui.label(fill(
                        lang.t(&i18n::TURN),
                        &[("n", &(self.game.position().ply() + 1).to_string())],
                    ));
                });
                let rules = self.game.rules();
                let pos = self.game.position();
                let quiet = rules.quiet_limit.saturating_sub(pos.quiet());
                let turns = rules.turn_limit.saturating_sub(pos.ply());
                ui.label(fill(
                    lang.t(&i18n::QUIET_LEFT),
                    &[("n", &quiet.to_string())],
                ));
                ui.label(fill(
                    lang.t(&i18n::REF_TURNS_LEFT),
                    &[("n", &turns.to_string())],
                ));
            } else if let Some(t) = status_text(status, lang) {
                ui.label(egui::RichText::new(t).size(18.0).strong());
            }
            ui.label(fill(
                lang.t(&i18n::REF_LOSSES),
                &[
                    ("r", &self.lost_total(Side::Red).to_string()),
                    ("b", &self.lost_total(Side::Blue).to_string()),
                ],
            ));
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                // Undo needs both players' consent (issue 18.7): after the end, both formations
                // have been shown, and the record notes the reopening.
                if ui
                    .add_enabled(
                        !self.game.record().actions.is_empty() && self.undo_consent.is_none(),
                        egui::Button::new(lang.t(&i18n::REF_UNDO_MOVE)),
                    )
                    .clicked()
                {
                    self.undo_consent = Some([false, false]);
                }
                if ui.button(lang.t(&i18n::SAVE_AS)).clicked() {
                    self.save_requested = true;
                }
                for side in Side::BOTH {
                    let t = fill(lang.t(&i18n::REF_RESIGNS), &[("side", lang.side(side))]);
                    if ui.add_enabled(!over, egui::Button::new(t)).clicked() {
                        let _ = self.game.act(Action::Resign(side));
                        self.selected = None;
                    }
                }
                if ui
                    .add_enabled(!over, egui::Button::new(lang.t(&i18n::REF_AGREED_DRAW)))
                    .clicked()
                    && self.game.act(Action::OfferDraw(mover)).is_ok()
                {
                    let _ = self.game.act(Action::AcceptDraw(mover.other()));
                    self.selected = None;
                }
            });
            if let Some(agreed) = &mut self.undo_consent {
                let ask = if over {
                    &i18n::REF_UNDO_AFTER_END_ASK
                } else {
                    &i18n::REF_UNDO_ASK
                };
                match consent_ui(ui, lang, lang.t(ask), agreed, lang.t(&i18n::REF_UNDO_NOW)) {
                    Some(true) => {
                        self.undo_consent = None;
                        self.undo_agreed();
                    }
                    Some(false) => self.undo_consent = None,
                    None => {}
                }
            }
            ui.horizontal_wrapped(|ui| {
                if ui.button(lang.t(&i18n::REF_RESTART)).clicked() {
                    exit = Some(TrackedExit::Again);
                }
                if ui.button(lang.t(&i18n::REF_MENU)).clicked() {
                    exit = Some(TrackedExit::Menu);
                }
            });
            ui.separator();
            ui.strong(lang.t(&i18n::REF_LOG));
            egui::ScrollArea::vertical()
                .id_salt("tracked-log")
                .stick_to_bottom(true)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    for (side, line) in &announcements {
                        ui.colored_label(board::side_colour(*side), line);
                    }
                });
        });

        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(text) = status_text(status, lang) {
                banner(ui, &text);
            } else {
                match announcements.last() {
                    Some((_, line)) => announcement(ui, line, false),
                    None => announcement(ui, lang.t(&i18n::REF_TRACK_START), false),
                }
            }
            let view = public_view(&self.game);
            let input = BoardWidget {
                view: &view,
                opts,
                lang,
                bottom: self.bottom,
                selected: self.selected,
                destinations: &[],
                last_move: super::board::last_mark(&self.game, self.game.plies().len()),
                flash: None,
                interactive: !over,
            }
            .show(ui);
            if let Some((a, b)) = input.dropped {
                self.selected = Some(a);
                self.click(b);
            } else if let Some(n) = input.clicked {
                self.click(n);
            }
        });
        exit
    }
}

// ----- nothing lost: autosave and resume (issue 11) ----------------------------------------------

/// The tracked game in progress, autosaved after every change (in `<games>/referee/`, apart from
/// the played game's `current.ron`).
pub const TRACKED_FILE: &str = "tracked.ron";
/// The clash judge's tally in progress.
pub const JUDGE_FILE: &str = "judge.ron";
const FOLDER: &str = "referee";

/// A clash judge's record is small; anything larger is refused before parsing.
const MAX_JUDGE_BYTES: u64 = 512 * 1024;

/// What the referee left behind: the files written after every change, and what the first screen
/// offers to resume (after a crash, or after leaving a game unfinished).
#[derive(Default)]
pub struct RefereeSaves {
    /// The games folder (`None`: nothing is saved).
    games: Option<PathBuf>,
    pub tracked_offer: Option<Game>,
    pub judge_offer: Option<JudgeRecord>,
    /// What `tracked.ron` / `judge.ron` hold now.
    tracked_saved: Option<GameRecord>,
    judge_saved: Option<JudgeRecord>,
}

/// The first screen's resume buttons for the referee.
#[derive(Debug)]
pub enum RefereeCmd {
    ResumeTracked,
    DiscardTracked,
    ResumeJudge,
    DiscardJudge,
}

/// A name for an archived record: `<prefix>-<started>-<id>.ron`, not taken yet in `dir`.
fn archive_name(dir: &Path, prefix: &str, started: Option<&str>, id: Option<&str>) -> PathBuf {
    let (new_id, now) = new_identity();
    let started = started.unwrap_or(&now).replace([' ', ':', '-'], "");
    let id = id.unwrap_or(&new_id);
    let mut target = dir.join(format!("{prefix}-{started}-{id}.ron"));
    for k in 2..100 {
        if !target.exists() {
            break;
        }
        target = dir.join(format!("{prefix}-{started}-{id}-{k}.ron"));
    }
    target
}

impl RefereeSaves {
    /// Read what a previous run left in `games/referee/`: an unfinished tracked game or tally is
    /// offered for resume; a finished tracked game joins the recent games; an unreadable file is set
    /// aside (renamed) with a warning.
    pub fn open(games: Option<&Path>) -> (RefereeSaves, Option<String>) {
        let mut saves = RefereeSaves {
            games: games.map(Path::to_path_buf),
            ..Default::default()
        };
        let Some(dir) = saves.folder() else {
            return (saves, None);
        };
        let mut warnings = Vec::new();
        let set_aside = |path: &Path, e: String| {
            let stem = path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().to_string());
            let aside = archive_name(&dir, &format!("unreadable-{stem}"), None, None);
            match std::fs::rename(path, &aside) {
                Ok(()) => format!("{e} (kept as {})", aside.display()),
                Err(_) => e,
            }
        };
        let tracked = dir.join(TRACKED_FILE);
        if tracked.exists() {
            match super::saves::load_game(&tracked) {
                Ok(game) => {
                    saves.tracked_saved = Some(game.record().clone());
                    if game.status().is_over() {
                        if let Err(e) = saves.archive_tracked() {
                            warnings.push(e);
                        }
                    } else {
                        saves.tracked_offer = Some(game);
                    }
                }
                Err(e) => warnings.push(set_aside(&tracked, e)),
            }
        }
        let judge = dir.join(JUDGE_FILE);
        if judge.exists() {
            let read = crate::fsutil::read_text(&judge, MAX_JUDGE_BYTES).and_then(|t| {
                JudgeRecord::from_ron(&t).map_err(|e| format!("{}: {e}", judge.display()))
            });
            match read {
                Ok(record) => {
                    let over = JudgeTable::from_record(record.clone())
                        .is_ok_and(|t| t.judge.result().is_some());
                    saves.judge_saved = Some(record.clone());
                    if over {
                        if let Err(e) = saves.archive_judge() {
                            warnings.push(e);
                        }
                    } else {
                        saves.judge_offer = Some(record);
                    }
                }
                Err(e) => warnings.push(set_aside(&judge, e)),
            }
        }
        let warning = (!warnings.is_empty()).then(|| warnings.join("; "));
        (saves, warning)
    }

    fn folder(&self) -> Option<PathBuf> {
        self.games.as_ref().map(|g| g.join(FOLDER))
    }

    /// Move `tracked.ron` among the recent games (one with no action is simply dropped).
    fn archive_tracked(&mut self) -> Result<(), String> {
        let (Some(dir), Some(games)) = (self.folder(), self.games.clone()) else {
            return Ok(());
        };
        let file = dir.join(TRACKED_FILE);
        let last = self.tracked_saved.take();
        if !file.exists() {
            return Ok(());
        }
        let Some(record) = last.filter(|r| !r.actions.is_empty()) else {
            let _ = std::fs::remove_file(&file);
            return Ok(());
        };
        let target = archive_name(
            &games,
            "tracked",
            super::saves::info_value(&record, "started"),
            super::saves::info_value(&record, "id"),
        );
        std::fs::rename(&file, &target).map_err(|e| format!("{}: {e}", file.display()))
    }

    /// Keep `judge.ron` aside as `judge-<started>-<id>.ron` in the same folder (one with no event is
    /// simply dropped).
    fn archive_judge(&mut self) -> Result<(), String> {
        let Some(dir) = self.folder() else {
            return Ok(());
        };
        let file = dir.join(JUDGE_FILE);
        let last = self.judge_saved.take();
        if !file.exists() {
            return Ok(());
        }
        let Some(record) = last.filter(|r| !r.events.is_empty()) else {
            let _ = std::fs::remove_file(&file);
            return Ok(());
        };
        let target = archive_name(&dir, "judge", record.info("started"), record.info("id"));
        std::fs::rename(&file, &target).map_err(|e| format!("{}: {e}", file.display()))
    }

    fn write(&self, name: &str, text: &str) -> Result<(), String> {
        let Some(dir) = self.folder() else {
            return Ok(());
        };
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        // Both formations (or every clash's pieces) in plain text: readable by the owner only.
        crate::fsutil::atomic_write_private_with(&dir.join(name), text.as_bytes(), |_| Ok(()))
    }

    /// The tracked game on screen (if any) changed: write it. A different game first moves the
    /// previous one among the recent games. With none on screen, an unfinished saved one is offered
    /// on the first screen and a finished one joins the recent games. Returns whether the recent
    /// games changed.
    fn autosave_tracked(&mut self, game: Option<&mut Game>) -> Result<bool, String> {
        let Some(game) = game else {
            let Some(saved) = &self.tracked_saved else {
                return Ok(false);
            };
            if self.tracked_offer.is_some() {
                return Ok(false);
            }
            match Game::from_record(saved.clone()) {
                Ok(g) if !g.status().is_over() => {
                    self.tracked_offer = Some(g);
                    return Ok(false);
                }
                _ => {
                    self.archive_tracked()?;
                    return Ok(true);
                }
            }
        };
        if super::saves::info_value(game.record(), "id").is_none() {
            let (id, started) = new_identity();
            game.set_info("id", &id);
            game.set_info("started", &started);
        }
        let record = game.record();
        if self.tracked_saved.as_ref() == Some(record) {
            return Ok(false);
        }
        let id = |r: &GameRecord| super::saves::info_value(r, "id").map(str::to_string);
        let mut recent_changed = false;
        if let Some(old) = &self.tracked_saved
            && id(old) != id(record)
        {
            self.archive_tracked()?;
            recent_changed = true;
        }
        // A game on screen is offered no more: it is resumed, or another replaced it (and went to
        // the recent games above).
        self.tracked_offer = None;
        self.write(TRACKED_FILE, &game.to_ron())?;
        self.tracked_saved = Some(record.clone());
        Ok(recent_changed)
    }

    /// The clash judge on screen (if any) changed: write its record (once it has an event). A new
    /// tally first keeps the previous one aside. With none on screen, an unfinished saved tally is
    /// offered on the first screen, a finished one kept aside.
    fn autosave_judge(&mut self, record: Option<&JudgeRecord>) -> Result<(), String> {
        let Some(record) = record else {
            let Some(saved) = &self.judge_saved else {
                return Ok(());
            };
            if self.judge_offer.is_some() {
                return Ok(());
            }
            let over =
                JudgeTable::from_record(saved.clone()).map_or(true, |t| t.judge.result().is_some());
            if over {
                self.archive_judge()?;
            } else {
                self.judge_offer = Some(saved.clone());
            }
            return Ok(());
        };
        if record.events.is_empty() || self.judge_saved.as_ref() == Some(record) {
            return Ok(());
        }
        if let Some(old) = &self.judge_saved
            && old.info("id") != record.info("id")
        {
            self.archive_judge()?;
        }
        self.judge_offer = None;
        self.write(JUDGE_FILE, &record.to_ron()?)?;
        self.judge_saved = Some(record.clone());
        Ok(())
    }
}

/// The first screen's offers to resume a tracked game or a clash judge's tally.
pub fn home_offers(ui: &mut egui::Ui, saves: &RefereeSaves, lang: Lang, out: &mut Vec<Command>) {
    let offer = |ui: &mut egui::Ui,
                 out: &mut Vec<Command>,
                 title: &Text,
                 detail: String,
                 buttons: [(&Text, RefereeCmd); 2]| {
        ui.add_space(18.0);
        super::board::banner_frame(12).show(ui, |ui| {
            ui.set_max_width(520.0);
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(lang.t(title)).size(20.0).strong());
                ui.label(detail);
                ui.horizontal(|ui| {
                    let w = 2.0 * 200.0 + ui.spacing().item_spacing.x;
                    ui.add_space(((ui.available_width() - w) / 2.0).max(0.0));
                    for (text, cmd) in buttons {
                        let b = egui::Button::new(egui::RichText::new(lang.t(text)).size(16.0))
                            .min_size(egui::vec2(200.0, 36.0));
                        if ui.add(b).clicked() {
                            out.push(Command::Saves(super::saves::SaveCmd::Referee(cmd)));
                        }
                    }
                });
            });
        });
    };
    if let Some(game) = &saves.tracked_offer {
        let side = game.position().side_to_move().map_or("", |s| lang.side(s));
        let detail = fill(
            lang.t(&i18n::RESUME_DETAIL),
            &[
                ("mode", lang.t(&i18n::REF_TRACKED)),
                ("n", &game.plies().len().to_string()),
                ("side", side),
                (
                    "date",
                    super::saves::info_value(game.record(), "started").unwrap_or("?"),
                ),
            ],
        );
        offer(
            ui,
            out,
            &i18n::REF_RESUME_TRACKED_TITLE,
            detail,
            [
                (&i18n::REF_RESUME_TRACKED, RefereeCmd::ResumeTracked),
                (&i18n::REF_DISCARD_TRACKED, RefereeCmd::DiscardTracked),
            ],
        );
    }
    if let Some(record) = &saves.judge_offer
        && let Ok(t) = JudgeTable::from_record(record.clone())
    {
        let detail = fill(
            lang.t(&i18n::REF_RESUME_JUDGE_DETAIL),
            &[
                ("n", &t.judge.clashes().to_string()),
                ("r", &t.lost_total(Side::Red).to_string()),
                ("b", &t.lost_total(Side::Blue).to_string()),
                ("date", record.info("started").unwrap_or("?")),
            ],
        );
        offer(
            ui,
            out,
            &i18n::REF_RESUME_JUDGE_TITLE,
            detail,
            [
                (&i18n::REF_RESUME_JUDGE, RefereeCmd::ResumeJudge),
                (&i18n::REF_DISCARD_JUDGE, RefereeCmd::DiscardJudge),
            ],
        );
    }
}

impl JunqiApp {
    pub(super) fn open_referee(&mut self) {
        self.show(Screen::Referee(Box::new(Referee::new(
            &self.settings.rules,
            self.data_dir.clone(),
        ))));
    }

    /// After each UI pass: write the tracked game or the clash judge's tally if it changed.
    pub(super) fn autosave_referee(&mut self) {
        let (game, judge) = match &mut self.screen {
            Screen::Referee(r) => match &mut r.stage {
                Stage::Tracked(t) => (Some(&mut t.game), None),
                Stage::Judge(j) => (None, Some(&j.record)),
                _ => (None, None),
            },
            _ => (None, None),
        };
        let saves = &mut self.saves.referee;
        let tracked = saves.autosave_tracked(game);
        let judged = saves.autosave_judge(judge);
        match tracked {
            Ok(true) => self.saves.refresh(),
            Ok(false) => {}
            Err(e) => self.warning = Some((i18n::SAVE_FAILED, e)),
        }
        if let Err(e) = judged {
            self.warning = Some((i18n::SAVE_FAILED, e));
        }
    }

    pub(super) fn run_referee_command(&mut self, cmd: RefereeCmd) {
        let mut referee = Referee::new(&self.settings.rules, self.data_dir.clone());
        match cmd {
            RefereeCmd::ResumeTracked => {
                let Some(game) = self.saves.referee.tracked_offer.take() else {
                    return;
                };
                referee.rules = game.rules().clone();
                referee.stage = Stage::Tracked(Box::new(Tracked::new(game, self.settings.bottom)));
            }
            RefereeCmd::ResumeJudge => {
                let Some(record) = self.saves.referee.judge_offer.take() else {
                    return;
                };
                match JudgeTable::from_record(record) {
                    Ok(t) => {
                        referee.rules = t.judge.rules().clone();
                        referee.stage = Stage::Judge(Box::new(t));
                    }
                    Err(e) => {
                        self.warning = Some((i18n::OPEN_FAILED, e));
                        return;
                    }
                }
            }
            RefereeCmd::DiscardTracked => {
                if self.saves.referee.tracked_offer.take().is_some() {
                    if let Err(e) = self.saves.referee.archive_tracked() {
                        self.warning = Some((i18n::SAVE_FAILED, e));
                    }
                    self.saves.refresh();
                }
                return;
            }
            RefereeCmd::DiscardJudge => {
                if self.saves.referee.judge_offer.take().is_some()
                    && let Err(e) = self.saves.referee.archive_judge()
                {
                    self.warning = Some((i18n::SAVE_FAILED, e));
                }
                return;
            }
        }
        self.screen = Screen::Referee(Box::new(referee));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `text` names `rank`, in either language.
    fn names(text: &str, rank: Rank) -> bool {
        text.to_lowercase().contains(&rank.en().to_lowercase()) || text.contains(rank.zh())
    }

    /// Issue 18.6: every public notice of the clash judge (verdicts, refusals, the log) names no
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
                        attacker: Side::Red,
                        attack: None,
                        defend: None,
                        who: Side::Red,
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
        ClashJudge::new(rules.clone()).judge(Side::Red, a, d).ok()
    }

    #[test]
    fn a_judge_record_replays_to_the_same_tally_and_log() {
        let mut t = JudgeTable::new(Rules::default());
        for ev in [
            JudgeEvent::Clash {
                attacker: Side::Red,
                attack: Rank::Colonel,
                defend: Rank::Major,
            },
            JudgeEvent::ShowByRank,
            JudgeEvent::Clash {
                attacker: Side::Blue,
                attack: Rank::Bomb,
                defend: Rank::Marshal,
            },
            JudgeEvent::Resign(Side::Blue),
        ] {
            t.apply(ev).unwrap();
        }
        let text = t.record.to_ron().unwrap();
        let again = JudgeTable::from_record(JudgeRecord::from_ron(&text).unwrap()).unwrap();
        assert_eq!(again.log, t.log);
        assert_eq!(again.record, t.record);
        assert!(again.by_rank);
        assert_eq!(again.judge.lost(Side::Red, Rank::Marshal), 1);
        assert_eq!(
            again.judge.result(),
            Some(Status::Won(
                crate::engine::Team::Red,
                EndReason::Resignation
            ))
        );
        // A record that does not replay is refused with the event's number.
        let mut bad = t.record.clone();
        bad.events.insert(
            0,
            JudgeEvent::Clash {
                attacker: Side::Red,
                attack: Rank::Mine,
                defend: Rank::Major,
            },
        );
        let e = JudgeTable::from_record(bad).err().unwrap();
        assert!(e.starts_with("event 1 "), "{e}");
    }
}
