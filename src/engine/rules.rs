//! Game modes and house rules (RULES.md sections 6 and 8): one serializable settings struct.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// 明棋: everything visible.
    #[default]
    Open,
    /// 暗棋: each side sees its own pieces; the program referees.
    Hidden,
    /// 翻棋: all pieces start face down.
    Flip,
}

impl Mode {
    pub fn word(self) -> &'static str {
        match self {
            Mode::Open => "open",
            Mode::Hidden => "hidden",
            Mode::Flip => "flip",
        }
    }

    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "open" => Some(Mode::Open),
            "hidden" => Some(Mode::Hidden),
            "flip" => Some(Mode::Flip),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default, Hash)]
#[serde(rename_all = "lowercase")]
pub enum MineRule {
    /// A non-engineer attacker is removed; the mine stays.
    #[default]
    Standard,
    /// 弹簧雷: a non-engineer attacker bounces back alive; the mine stays and is revealed.
    Spring,
    /// 炸弹雷: a non-engineer attacker and the mine are both removed.
    Bomb,
}

impl MineRule {
    pub fn parse(s: &str) -> Option<MineRule> {
        match s {
            "standard" => Some(MineRule::Standard),
            "spring" => Some(MineRule::Spring),
            "bomb" => Some(MineRule::Bomb),
            _ => None,
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            MineRule::Standard => "standard",
            MineRule::Spring => "spring",
            MineRule::Bomb => "bomb",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default, Hash)]
#[serde(rename_all = "lowercase")]
pub enum FlagTakers {
    /// Any movable piece.
    #[default]
    Any,
    /// 工兵扛旗: only an engineer.
    Engineer,
    /// Only a piece of the attacker side's lowest rank among its codes 1–9 (face up in flip mode).
    Smallest,
}

impl FlagTakers {
    pub fn parse(s: &str) -> Option<FlagTakers> {
        match s {
            "any" => Some(FlagTakers::Any),
            "engineer" => Some(FlagTakers::Engineer),
            "smallest" => Some(FlagTakers::Smallest),
            _ => None,
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            FlagTakers::Any => "any",
            FlagTakers::Engineer => "engineer",
            FlagTakers::Smallest => "smallest",
        }
    }
}

/// Every setting a game is played under. Saved with each game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
#[serde(default)]
pub struct Rules {
    pub mode: Mode,
    pub mines: MineRule,
    /// 炸弹满天飞: bombs move like engineers on the railway.
    pub flying_bombs: bool,
    /// 大本营可走: pieces in an HQ may move out again.
    pub movable_hq: bool,
    /// Bombs may be deployed in line 1.
    pub bombs_in_front_row: bool,
    /// Hidden mode: a side's flag is shown to both once its field marshal is removed.
    pub flag_reveal_on_marshal_loss: bool,
    /// Hidden mode: an engineer attacking anything but a mine, bomb or flag dies and reveals the defender.
    pub engineer_scout: bool,
    /// The flag cannot be attacked while its owner has a mine on the board.
    pub flag_needs_mines_cleared: bool,
    pub flag_takers: FlagTakers,
    /// 任何子可拐一个弯: every piece may make one right-angle turn in a rail run.
    pub rail_turn_for_all: bool,
    /// Flip mode: flipping goes on until an engineer is flipped; its flipper takes its colour.
    pub first_engineer_decides: bool,
    /// Draw after this many consecutive turns without a removal or a flip.
    pub quiet_limit: u32,
    /// Draw after this many turns in all.
    pub turn_limit: u32,
    /// Seconds per turn; `None` is no clock. Five timeouts lose.
    pub move_clock: Option<u32>,
}

/// Timeouts that lose the game under the move clock (RULES.md section 7).
pub const TIMEOUTS_TO_LOSE: u32 = 5;

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            mode: Mode::Open,
            mines: MineRule::Standard,
            flying_bombs: false,
            movable_hq: false,
            bombs_in_front_row: false,
            flag_reveal_on_marshal_loss: true,
            engineer_scout: false,
            flag_needs_mines_cleared: false,
            flag_takers: FlagTakers::Any,
            rail_turn_for_all: false,
            first_engineer_decides: false,
            quiet_limit: 70,
            turn_limit: 1000,
            move_clock: None,
        }
    }
}

impl Rules {
    /// The defaults of a mode: flip mode brings movable HQ, flag-needs-mines-cleared and smallest
    /// flag takers (RULES.md section 8).
    pub fn for_mode(mode: Mode) -> Rules {
        let mut r = Rules {
            mode,
            ..Rules::default()
        };
        if mode == Mode::Flip {
            r.movable_hq = true;
            r.flag_needs_mines_cleared = true;
            r.flag_takers = FlagTakers::Smallest;
        }
        r
    }

    /// Whether the engineer-scout rule is in force (hidden mode only).
    pub fn scout_active(&self) -> bool {
        self.engineer_scout && self.mode == Mode::Hidden
    }

    /// Whether the flag is revealed when its marshal falls (hidden mode only).
    pub fn flag_reveal_active(&self) -> bool {
        self.flag_reveal_on_marshal_loss && self.mode == Mode::Hidden
    }

    /// Check limits that would make a game meaningless.
    pub fn validate(&self) -> Result<(), String> {
        if self.quiet_limit == 0 {
            return Err("quiet limit must be at least 1".into());
        }
        if self.turn_limit == 0 {
            return Err("turn limit must be at least 1".into());
        }
        if self.quiet_limit > 1_000_000 || self.turn_limit > 1_000_000 {
            return Err("quiet and turn limits must be at most 1000000".into());
        }
        if let Some(s) = self.move_clock
            && !(1..=3600).contains(&s)
        {
            return Err(format!("move clock must be 1 to 3600 seconds, not {s}"));
        }
        Ok(())
    }
}

/// One house rule as the interface lists it: the description comes from here, so the in-app
/// rulebook and the tooltips match the engine.
pub struct HouseRuleInfo {
    pub key: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
    pub explain_zh: &'static str,
    pub explain_en: &'static str,
}

pub const HOUSE_RULES: &[HouseRuleInfo] = &[
    HouseRuleInfo {
        key: "mines",
        zh: "地雷规则",
        en: "Mines",
        explain_zh: "标准：非工兵撞雷阵亡；弹簧雷：撞雷者弹回原处，地雷亮明；炸弹雷：撞雷者与地雷同归于尽。",
        explain_en: "Standard: a non-engineer dies on a mine. Spring: it bounces back and the mine is shown. Bomb: both are removed.",
    },
    HouseRuleInfo {
        key: "flying_bombs",
        zh: "炸弹满天飞",
        en: "Flying bombs",
        explain_zh: "炸弹在铁路上像工兵一样可以拐弯飞行。",
        explain_en: "Bombs move like engineers on the railway.",
    },
    HouseRuleInfo {
        key: "movable_hq",
        zh: "大本营可走",
        en: "Movable HQ",
        explain_zh: "进入大本营的棋子还可以再走出来（军旗、地雷仍不能动）。",
        explain_en: "Pieces in an HQ may move out again (flag and mines still never move).",
    },
    HouseRuleInfo {
        key: "bombs_in_front_row",
        zh: "炸弹可放第一排",
        en: "Bombs in front row",
        explain_zh: "布阵时炸弹可以放在第一排。",
        explain_en: "Bombs may be deployed in the front row.",
    },
    HouseRuleInfo {
        key: "flag_reveal_on_marshal_loss",
        zh: "司令阵亡亮军旗",
        en: "Flag shown when marshal falls",
        explain_zh: "暗棋：司令阵亡后，该方军旗对双方亮明。",
        explain_en: "Hidden mode: when a side's field marshal is removed, its flag is shown to both.",
    },
    HouseRuleInfo {
        key: "engineer_scout",
        zh: "工兵侦察",
        en: "Engineer scout",
        explain_zh: "暗棋：工兵进攻地雷、炸弹、军旗以外的棋子时阵亡，被攻击者亮明。",
        explain_en: "Hidden mode: an engineer attacking anything but a mine, bomb or flag dies and reveals the defender.",
    },
    HouseRuleInfo {
        key: "flag_needs_mines_cleared",
        zh: "排完地雷才能扛旗",
        en: "Flag needs mines cleared",
        explain_zh: "一方的地雷还在棋盘上时，不能攻击其军旗。",
        explain_en: "A flag cannot be attacked while its owner still has a mine on the board.",
    },
    HouseRuleInfo {
        key: "flag_takers",
        zh: "扛旗棋子",
        en: "Flag takers",
        explain_zh: "任意：任何可动棋子；工兵：只有工兵；最小：只有己方最小的军官（翻棋中只看已翻开的）。",
        explain_en: "Any movable piece; engineers only; or only your lowest-ranked officer (face-up ones in flip).",
    },
    HouseRuleInfo {
        key: "rail_turn_for_all",
        zh: "任何子可拐一个弯",
        en: "One rail turn for all",
        explain_zh: "所有棋子在铁路上行进时可以拐一个直角弯（工兵不限）。",
        explain_en: "Every piece may make one right-angle turn in a rail run (engineers stay unlimited).",
    },
    HouseRuleInfo {
        key: "first_engineer_decides",
        zh: "先翻工兵定颜色",
        en: "First engineer decides",
        explain_zh: "翻棋：一直翻到有人翻出工兵，该玩家执工兵的颜色。",
        explain_en: "Flip mode: flipping goes on until someone flips an engineer; that player takes its colour.",
    },
    HouseRuleInfo {
        key: "quiet_limit",
        zh: "无吃子和棋步数",
        en: "Quiet limit",
        explain_zh: "连续这么多步没有吃子或翻棋，判和。",
        explain_en: "Draw after this many turns in a row with no piece removed and nothing flipped.",
    },
    HouseRuleInfo {
        key: "turn_limit",
        zh: "总步数上限",
        en: "Turn limit",
        explain_zh: "总步数达到上限，判和。",
        explain_en: "Draw after this many turns in all.",
    },
    HouseRuleInfo {
        key: "move_clock",
        zh: "走棋限时",
        en: "Move clock",
        explain_zh: "每步限时；超时则失去该步，超时五次判负。",
        explain_en: "Seconds per turn; a timeout loses the turn, five timeouts lose the game.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_rules_md() {
        let r = Rules::default();
        assert_eq!(r.mines, MineRule::Standard);
        assert!(!r.flying_bombs && !r.movable_hq && !r.bombs_in_front_row);
        assert!(r.flag_reveal_on_marshal_loss && !r.engineer_scout);
        assert!(!r.flag_needs_mines_cleared && r.flag_takers == FlagTakers::Any);
        assert!(!r.rail_turn_for_all && !r.first_engineer_decides);
        assert_eq!(
            (r.quiet_limit, r.turn_limit, r.move_clock),
            (70, 1000, None)
        );
        let f = Rules::for_mode(Mode::Flip);
        assert!(f.movable_hq && f.flag_needs_mines_cleared);
        assert_eq!(f.flag_takers, FlagTakers::Smallest);
    }

    #[test]
    fn every_rule_field_is_listed_for_the_interface() {
        // One entry per house-rule field of `Rules` (mode excluded).
        assert_eq!(HOUSE_RULES.len(), 13);
    }

    #[test]
    fn ron_round_trip() {
        let r = Rules::for_mode(Mode::Flip);
        let s = ron::to_string(&r).unwrap();
        assert_eq!(ron::from_str::<Rules>(&s).unwrap(), r);
        // Missing fields take defaults.
        let partial: Rules = ron::from_str("(mode: hidden, mines: spring)").unwrap();
        assert_eq!(partial.mines, MineRule::Spring);
        assert_eq!(partial.quiet_limit, 70);
    }
}
