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
use super::formations::{self, EditorScreen};
use super::i18n::{self, Lang, Text, fill};
use super::settings::BoardOptions;
use super::{Command, JunqiApp, Screen, status_text};
use crate::editor::EditorOutcome;
use crate::engine::judge::{ClaimError, ClashJudge, Verdict};
use crate::engine::rules::{HouseRule, RuleValue};
use crate::engine::{
    Action, ClashOutcome, EndReason, FlagTakers, Formation, Game, IllegalTurn, MineRule, Mode,
    NodeId, Rank, Rules, Seen, Side, Start, Status, Turn, View, Viewer,
};
use std::path::PathBuf;

/// House rules the referee offers (flip-mode and clock rules make no sense on a physical board).
fn offered(rule: HouseRule) -> bool {
    match rule {
        HouseRule::FirstEngineerDecides | HouseRule::MoveClock => false,
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
        | HouseRule::MoveClock => false,
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

/// Why a claim is refused, in this language. `attack` is the attacker's claimed piece and `judge`
/// the judge the claim was put to (a refused claim changes nothing in it).
fn claim_text(
    lang: Lang,
    e: &ClaimError,
    judge: &ClashJudge,
    attacker: Side,
    attack: Rank,
) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::Zh => match e {
            ClaimError::NoneLeft { side, rank } => format!(
                "{}方已经没有{}了（{} 个都已离开棋盘）",
                side.zh(),
                rank.zh(),
                rank.count()
            ),
            ClaimError::CannotAttack { side, rank } => {
                format!("{}方的{}不能移动，所以不能进攻", side.zh(), rank.zh())
            }
            ClaimError::FlagRule(_) => {
                // The judge checks the mines first, then who may take the flag.
                if judge.rules().flag_needs_mines_cleared
                    && judge.left(attacker.other(), Rank::Mine) > 0
                {
                    i18n::illegal_zh(&IllegalTurn::FlagProtectedByMines)
                } else {
                    i18n::illegal_zh(&IllegalTurn::NotAFlagTaker(attack))
                }
            }
            ClaimError::GameOver => i18n::illegal_zh(&IllegalTurn::GameOver),
        },
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

pub struct JudgeTable {
    pub judge: ClashJudge,
    pub pending: Option<Pending>,
    pub notice: Option<Notice>,
    /// Every announcement so far, newest last.
    pub log: Vec<Said>,
    pub by_rank: bool,
    /// Where the pad was drawn last frame (the pointer is moved there after a choice).
    pad_rect: Option<egui::Rect>,
}

impl JudgeTable {
    pub fn new(rules: Rules) -> JudgeTable {
        JudgeTable {
            judge: ClashJudge::new(rules),
            pending: None,
            notice: None,
            log: Vec::new(),
            by_rank: false,
            pad_rect: None,
        }
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
        let attacker = p.attacker;
        let refuse = move |e: ClaimError, t: &JudgeTable, who: Side, attack: Rank| {
            let why = Said::new(|l| claim_text(l, &e, &t.judge, attacker, attack));
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
                self.notice = Some(Notice::Refused(refuse(e, self, p.attacker, rank)));
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
        match self.judge.judge(p.attacker, a, d) {
            Ok(v) => {
                let said = verdict_text(&v, p.attacker, self.judge.clashes());
                self.log.push(said.clone());
                self.notice = Some(Notice::Verdict(said));
                self.pending = None;
            }
            Err(ClaimError::NoneLeft { side, rank }) => {
                // That side enters again; the other side's claim stands.
                let e = ClaimError::NoneLeft { side, rank };
                self.notice = Some(Notice::Refused(refuse(e, self, side, a)));
                if side == p.attacker {
                    p.attack = None;
                } else {
                    p.defend = None;
                }
                p.pad_open = side == p.who;
                p.who = side;
                self.pending = Some(p);
            }
            Err(e) => {
                // A flag rule forbids the attack itself: it is taken back on the board.
                let why = Said::new(|l| claim_text(l, &e, &self.judge, p.attacker, a));
                self.notice = Some(Notice::Refused(Said::new(|l| {
                    fill(l.t(&i18n::REF_TAKE_BACK), &[("why", why.get(l))])
                })));
                self.pending = None;
            }
        }
    }

    fn restart(&mut self) {
        *self = JudgeTable::new(self.judge.rules().clone());
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
                ui.checkbox(&mut self.by_rank, lang.t(&i18n::REF_BY_RANK))
                    .on_hover_text(lang.t(&i18n::REF_BY_RANK_WARN));
                if self.by_rank || over {
                    self.losses_by_rank(ui, lang);
                }
                ui.separator();
                ui.horizontal_wrapped(|ui| {
                    for side in Side::BOTH {
                        let t = fill(lang.t(&i18n::REF_RESIGNS), &[("side", lang.side(side))]);
                        if ui.add_enabled(!over, egui::Button::new(t)).clicked() {
                            self.judge
                                .end(Status::Won(side.other(), EndReason::Resignation));
                            self.pending = None;
                        }
                    }
                    if ui
                        .add_enabled(!over, egui::Button::new(lang.t(&i18n::REF_AGREED_DRAW)))
                        .clicked()
                    {
                        self.judge.end(Status::Draw(EndReason::Agreement));
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
            RuleValue::Turns(_) | RuleValue::Clock(_) => {}
        }
    }
    parts.join(if lang == Lang::Zh { "，" } else { ", " })
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
            let e = problems
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("; ");
            self.error = Some(Said::new(|l| {
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
                        fill(l.t(&i18n::REF_INVALID_FORMATION), &[("e", &e)])
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
    bottom: Side,
}

enum TrackedExit {
    Menu,
    Again,
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
    fn new(game: Game, bottom: Side) -> Tracked {
        Tracked {
            save_requested: false,
            game,
            selected: None,
            message: None,
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

    /// Pieces `side` has lost.
    pub fn lost_total(&self, side: Side) -> usize {
        self.game
            .plies()
            .iter()
            .flat_map(|p| p.effects.removed.iter())
            .filter(|(_, p)| p.side() == side)
            .count()
    }

    /// The public announcements, one per turn with a clash or a flag shown; newest last.
    pub fn announcements(&self, lang: Lang) -> Vec<(Side, String)> {
        let board = self.game.board();
        let mut out = Vec::new();
        // Attacks refused by a flag rule are announced too, where they happened.
        let refused = |after: usize, out: &mut Vec<(Side, String)>| {
            for r in self.game.refusals().iter().filter(|r| r.after == after) {
                if let IllegalTurn::FlagAttackRefused { by, .. } = r.said {
                    out.push((by, public_reason(lang, &r.said)));
                }
            }
        };
        let n = self.game.plies().len();
        for (i, ply) in self.game.plies().iter().enumerate() {
            refused(i, &mut out);
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
                line.push_str(if lang == Lang::Zh { "：" } else { ": " });
                line.push_str(lang.t(outcome_text(o)));
            }
            for (s, _) in report.flags_revealed() {
                line.push_str(if lang == Lang::Zh { "。" } else { ". " });
                line.push_str(&fill(
                    lang.t(&i18n::REF_SHOW_FLAG),
                    &[("side", lang.side(s))],
                ));
            }
            out.push((side, line));
        }
        refused(n, &mut out);
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
                if ui
                    .add_enabled(
                        !self.game.record().actions.is_empty(),
                        egui::Button::new(lang.t(&i18n::REF_UNDO_MOVE)),
                    )
                    .clicked()
                {
                    self.game.undo();
                    self.selected = None;
                    self.message = None;
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

impl JunqiApp {
    /// The tracked game of the referee screen, if one is in progress (it is an ordinary hidden-mode
    /// `Game`, so it can be saved and replayed like the `Play` game).
    pub fn referee_game(&self) -> Option<&Game> {
        match &self.screen {
            Screen::Referee(r) => r.tracked_game(),
            _ => None,
        }
    }

    pub(super) fn open_referee(&mut self) {
        self.screen = Screen::Referee(Box::new(Referee::new(
            &self.settings.rules,
            self.data_dir.clone(),
        )));
    }
}
