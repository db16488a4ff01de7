//! The referee's words: announcements made in both languages when they happen (so a language switch
//! rewrites them), and the wordings that must name no rank a player may not know.

use super::offered;
use crate::app::words::status_text;
use crate::engine::judge::{ClaimError, Verdict};
use crate::engine::rules::RuleValue;
use crate::engine::{
    ClashOutcome, EndReason, FlagTakers, IllegalTurn, MineRule, Rank, Rules, Seat,
};
use crate::i18n::{self, Lang, Text, fill};

/// A sentence in both languages, made when the event happens (so a language switch rewrites it).
#[derive(Clone, Debug, PartialEq)]
pub struct Said {
    pub en: String,
    pub zh: String,
}

impl Said {
    pub(super) fn new(f: impl Fn(Lang) -> String) -> Said {
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

/// Why a claim is refused, in this language, in words that name no rank: the
/// claimant knows which piece they entered, and a flag rule's refusal is announced to both players.
/// (`Lang::claim_error` names the rank; it is for the claimant's own eyes only, never a notice.)
pub(super) fn claim_text(lang: Lang, e: &ClaimError) -> String {
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
        // These name seats only.
        ClaimError::NotOpponents { .. } | ClaimError::SeatOut(_) | ClaimError::NotAtTable(_) => {
            lang.claim_error(e)
        }
    }
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

/// Four players: a player is out (why; their pieces leave the board).
pub(super) fn out_said(seat: Seat, why: EndReason) -> Said {
    Said::new(|l| {
        let why = if l == Lang::Zh { why.zh() } else { why.en() };
        fill(l.t(&i18n::EV_OUT), &[("side", l.side(seat)), ("why", why)])
    })
}

/// The announcement of a verdict: what leaves the board, the flag to show, a player who is out
/// (four players), the result. `defender` is named at a four-player table.
pub(super) fn verdict_text(v: &Verdict, attacker: Seat, defender: Option<Seat>, n: u32) -> Said {
    Said::new(|l| {
        let mut s = match defender {
            None => fill(
                l.t(&i18n::REF_CLASH_LINE),
                &[
                    ("n", &n.to_string()),
                    ("side", l.side(attacker)),
                    ("out", l.t(outcome_text(v.outcome))),
                ],
            ),
            Some(d) => fill(
                l.t(&i18n::REF_CLASH_LINE4),
                &[
                    ("n", &n.to_string()),
                    ("side", l.side(attacker)),
                    ("other", l.side(d)),
                    ("out", l.t(outcome_text(v.outcome))),
                ],
            ),
        };
        for &side in &v.show_flags {
            s.push_str(if l == Lang::Zh { "。" } else { ". " });
            s.push_str(&fill(l.t(&i18n::REF_SHOW_FLAG), &[("side", l.side(side))]));
        }
        for &(seat, why) in &v.out {
            s.push_str(if l == Lang::Zh { "。" } else { ". " });
            s.push_str(out_said(seat, why).get(l));
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
pub(super) fn rules_summary(rules: &Rules, lang: Lang) -> String {
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
    // The turn order is offered for four-player tables only, and reset for two (`SetFour`).
    for rule in crate::engine::rules::HouseRule::every().filter(|r| offered(*r, true)) {
        let (name, _) = lang.rule_texts(rule);
        match rules.get(rule) {
            RuleValue::Mines(_) => parts.push(format!("{name} {}", lang.t(mines))),
            RuleValue::Takers(_) => parts.push(format!("{name} {}", lang.t(takers))),
            RuleValue::Switch(on) => {
                if on {
                    parts.push(name.to_string());
                }
            }
            RuleValue::Order(order) => {
                if order != crate::engine::rules::TurnOrder::default() {
                    let o = if lang == Lang::Zh {
                        order.zh()
                    } else {
                        order.en()
                    };
                    parts.push(format!("{name} {o}"));
                }
            }
            RuleValue::Turns(_) | RuleValue::Clock(_) => {}
        }
    }
    parts.join(if lang == Lang::Zh { "，" } else { ", " })
}

/// "Lost so far: Red 3, Blue 5" (four players: every seat), from how many pieces each seat lost.
pub(super) fn losses_line<N: std::fmt::Display>(
    four: bool,
    lost: impl Fn(Seat) -> N,
    lang: Lang,
) -> String {
    let n = |s: Seat| lost(s).to_string();
    if four {
        fill(
            lang.t(&i18n::REF_LOSSES4),
            &[
                ("s", &n(Seat::South)),
                ("e", &n(Seat::East)),
                ("n", &n(Seat::North)),
                ("w", &n(Seat::West)),
            ],
        )
    } else {
        fill(
            lang.t(&i18n::REF_LOSSES),
            &[("r", &n(Seat::Red)), ("b", &n(Seat::Blue))],
        )
    }
}
