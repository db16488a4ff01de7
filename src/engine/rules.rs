//! Game modes and house rules (RULES.md sections 6 and 8): one serializable settings struct. The
//! deployment table (which rank may start where) is `Rules::deploy_problems`, in `formation.rs`.

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
    pub const ALL: [Mode; 3] = [Mode::Open, Mode::Hidden, Mode::Flip];

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

    // The questions the code asks of a mode, each answered for every mode here (RULES.md 6), so
    // that a new mode has to answer them.

    /// Whether each player's pieces are hidden from the others (hidden mode 暗棋: a player sees
    /// their own, the program referees the clashes; flag reveals and engineer scouting apply).
    pub fn hides_identities(self) -> bool {
        match self {
            Mode::Hidden => true,
            Mode::Open | Mode::Flip => false,
        }
    }

    /// Whether every piece is in plain view of everyone all game long (open mode 明棋).
    pub fn shows_everything(self) -> bool {
        match self {
            Mode::Open => true,
            Mode::Hidden | Mode::Flip => false,
        }
    }

    /// Whether the pieces are dealt face down instead of deployed (flip mode 翻棋): no
    /// formations, a turn may flip a face-down piece, and the players' colours are decided by
    /// the flips.
    pub fn deals_face_down(self) -> bool {
        match self {
            Mode::Flip => true,
            Mode::Open | Mode::Hidden => false,
        }
    }

    /// Whether four players may play this mode (RULES.md 9.6: open and hidden, not flip).
    pub fn offered_for_four(self) -> bool {
        match self {
            Mode::Open | Mode::Hidden => true,
            Mode::Flip => false,
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

/// Four players: the order of turns (RULES.md 9.1 and 9.8).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default, Hash)]
#[serde(rename_all = "lowercase")]
pub enum TurnOrder {
    /// South, East, North, West (each player's successor sits on their right).
    #[default]
    Counterclockwise,
    /// South, West, North, East.
    Clockwise,
}

impl TurnOrder {
    pub fn parse(s: &str) -> Option<TurnOrder> {
        match s {
            "ccw" | "counterclockwise" => Some(TurnOrder::Counterclockwise),
            "cw" | "clockwise" => Some(TurnOrder::Clockwise),
            _ => None,
        }
    }
    /// The command-line word (`ccw`, `cw`).
    pub fn word(self) -> &'static str {
        match self {
            TurnOrder::Counterclockwise => "ccw",
            TurnOrder::Clockwise => "cw",
        }
    }
    pub fn en(self) -> &'static str {
        match self {
            TurnOrder::Counterclockwise => "counterclockwise",
            TurnOrder::Clockwise => "clockwise",
        }
    }
    pub fn zh(self) -> &'static str {
        match self {
            TurnOrder::Counterclockwise => "逆时针",
            TurnOrder::Clockwise => "顺时针",
        }
    }
    pub fn is_clockwise(self) -> bool {
        self == TurnOrder::Clockwise
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
    /// Draw after this many consecutive turns without a removal or a flip (`quiet_loses`: the
    /// player who makes the last of them loses instead).
    pub quiet_limit: u32,
    /// Two players: the player who makes the `quiet_limit`-th consecutive quiet turn loses the
    /// game (`Won(opponent, QuietLimit)`) instead of drawing it (the CCGC rules: 31 clash-free
    /// plies lose). Four-player games still draw at the quiet limit. Off by default; missing from
    /// rules files and records saved before it existed.
    #[serde(default)]
    pub quiet_loses: bool,
    /// Draw after this many turns in all.
    pub turn_limit: u32,
    /// Seconds per turn; `None` is no clock. Five timeouts lose.
    pub move_clock: Option<u32>,
    /// Four players: turn order (counterclockwise by default).
    pub turn_order: TurnOrder,
    /// Four players, hidden mode: partners see each other's identities (对家明).
    pub team_view: bool,
}

/// The CCGC rules' clash-free plies that lose (`Rules::ccgc`; the 2018 event's `START … 31`).
pub const CCGC_STEPS: u32 = 31;

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
            quiet_loses: false,
            turn_limit: 1000,
            move_clock: None,
            turn_order: TurnOrder::Counterclockwise,
            team_view: false,
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
        match mode {
            Mode::Open | Mode::Hidden => {}
            Mode::Flip => {
                r.movable_hq = true;
                r.flag_needs_mines_cleared = true;
                r.flag_takers = FlagTakers::Smallest;
            }
        }
        r
    }

    /// The rules of the CCGC 军棋 event (the China Computer Games Championship's 2012 engine
    /// protocol, docs/ccgc.md): hidden mode, standard mines, no flying bombs, fixed HQs, the flag
    /// shown when its marshal falls, and the player who makes the 31st consecutive clash-free ply
    /// loses (`quiet_loses`); no turn limit (`MAX_LIMIT`). CCGC's whole-game clock and its
    /// "an illegal move loses" are the table's business (the arena's `--game-ms`; a seat whose
    /// turn its own view shows to be illegal loses).
    pub fn ccgc() -> Rules {
        Rules {
            mode: Mode::Hidden,
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
            quiet_limit: CCGC_STEPS,
            quiet_loses: true,
            turn_limit: MAX_LIMIT,
            move_clock: None,
            turn_order: TurnOrder::Counterclockwise,
            team_view: false,
        }
    }

    /// Whether the engineer-scout rule is in force (hidden mode only).
    pub fn scout_active(&self) -> bool {
        self.engineer_scout && self.mode.hides_identities()
    }

    /// Whether the flag is revealed when its marshal falls (hidden mode only).
    pub fn flag_reveal_active(&self) -> bool {
        self.flag_reveal_on_marshal_loss && self.mode.hides_identities()
    }

    /// Check limits that would make a game meaningless.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.quiet_limit == 0 {
            return Err(RulesError::NoQuietLimit);
        }
        if self.turn_limit == 0 {
            return Err(RulesError::NoTurnLimit);
        }
        if self.quiet_limit > MAX_LIMIT || self.turn_limit > MAX_LIMIT {
            return Err(RulesError::LimitTooLarge);
        }
        if let Some(s) = self.move_clock
            && !(1..=MAX_CLOCK_SECONDS).contains(&s)
        {
            return Err(RulesError::MoveClock(s));
        }
        Ok(())
    }
}

/// Why house rules do not fit together (`Rules::validate`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RulesError {
    /// A quiet limit of 0.
    NoQuietLimit,
    /// A turn limit of 0.
    NoTurnLimit,
    /// A quiet or turn limit above `MAX_LIMIT`.
    LimitTooLarge,
    /// A move clock of this many seconds, outside 1 to `MAX_CLOCK_SECONDS`.
    MoveClock(u32),
    /// A value of the wrong kind for the rule (a number for the mines rule …).
    WrongKind { rule: HouseRule, value: RuleValue },
}

impl std::fmt::Display for RulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RulesError::NoQuietLimit => f.write_str("quiet limit must be at least 1"),
            RulesError::NoTurnLimit => f.write_str("turn limit must be at least 1"),
            RulesError::LimitTooLarge => {
                write!(f, "quiet and turn limits must be at most {MAX_LIMIT}")
            }
            RulesError::MoveClock(s) => write!(
                f,
                "move clock must be 1 to {MAX_CLOCK_SECONDS} seconds, not {s}"
            ),
            RulesError::WrongKind { rule, value } => {
                write!(f, "{} cannot be set to {value:?}", rule.key())
            }
        }
    }
}
impl std::error::Error for RulesError {}

/// One house rule of RULES.md section 8. Everything that lists or sets house rules (the new-game
/// dialog, the referee's rule list, the command-line flags) goes through this enum: a new rule is a
/// new variant, and the compiler points at every place that must handle it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum HouseRule {
    Mines,
    FlyingBombs,
    MovableHq,
    BombsInFrontRow,
    FlagRevealOnMarshalLoss,
    EngineerScout,
    FlagNeedsMinesCleared,
    FlagTakers,
    RailTurnForAll,
    FirstEngineerDecides,
    QuietLimit,
    TurnLimit,
    MoveClock,
    /// Four players: counterclockwise or clockwise turns (RULES.md 9.8).
    TurnOrder,
    /// Four players, hidden mode: partners see each other's identities (RULES.md 9.8).
    TeamView,
    /// Two players: the player making the quiet limit's last quiet turn loses (the CCGC rules).
    QuietLoses,
}

/// The value of one house rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum RuleValue {
    /// A rule that is on or off.
    Switch(bool),
    Mines(MineRule),
    Takers(FlagTakers),
    /// A number of turns (quiet and turn limits).
    Turns(u32),
    /// Seconds per turn, or no clock.
    Clock(Option<u32>),
    /// Four players: the turn order.
    Order(TurnOrder),
}

/// The texts of a house rule, in both languages; the in-app rulebook, the tooltips and the
/// command line's help all show these.
pub struct HouseRuleTexts {
    pub zh: &'static str,
    pub en: &'static str,
    pub explain_zh: &'static str,
    pub explain_en: &'static str,
}

impl HouseRule {
    /// Every house rule, in the order of RULES.md section 8 (the order the interface lists them).
    pub const ALL: [HouseRule; 13] = [
        HouseRule::Mines,
        HouseRule::FlyingBombs,
        HouseRule::MovableHq,
        HouseRule::BombsInFrontRow,
        HouseRule::FlagRevealOnMarshalLoss,
        HouseRule::EngineerScout,
        HouseRule::FlagNeedsMinesCleared,
        HouseRule::FlagTakers,
        HouseRule::RailTurnForAll,
        HouseRule::FirstEngineerDecides,
        HouseRule::QuietLimit,
        HouseRule::TurnLimit,
        HouseRule::MoveClock,
    ];

    /// The house rules of the four-player game only (RULES.md 9.8); not in `ALL`, which lists
    /// the rules of the two-player game the window offers.
    pub const FOUR_PLAYER: [HouseRule; 2] = [HouseRule::TurnOrder, HouseRule::TeamView];

    /// The house rules of the CCGC rule set (`Rules::ccgc`) that RULES.md section 8 does not
    /// offer; not in `ALL` either: the window's dialogs do not offer them, the command line and
    /// the saved files know them.
    pub const CCGC: [HouseRule; 1] = [HouseRule::QuietLoses];

    /// Every house rule: `ALL`, then `FOUR_PLAYER`, then `CCGC` (the command-line flags, saved
    /// files, the engine protocol's `rules` line).
    pub fn every() -> impl Iterator<Item = HouseRule> {
        HouseRule::ALL
            .into_iter()
            .chain(HouseRule::FOUR_PLAYER)
            .chain(HouseRule::CCGC)
    }

    /// The rule's field name in `Rules` and in saved rules files.
    pub fn key(self) -> &'static str {
        match self {
            HouseRule::Mines => "mines",
            HouseRule::FlyingBombs => "flying_bombs",
            HouseRule::MovableHq => "movable_hq",
            HouseRule::BombsInFrontRow => "bombs_in_front_row",
            HouseRule::FlagRevealOnMarshalLoss => "flag_reveal_on_marshal_loss",
            HouseRule::EngineerScout => "engineer_scout",
            HouseRule::FlagNeedsMinesCleared => "flag_needs_mines_cleared",
            HouseRule::FlagTakers => "flag_takers",
            HouseRule::RailTurnForAll => "rail_turn_for_all",
            HouseRule::FirstEngineerDecides => "first_engineer_decides",
            HouseRule::QuietLimit => "quiet_limit",
            HouseRule::TurnLimit => "turn_limit",
            HouseRule::MoveClock => "move_clock",
            HouseRule::TurnOrder => "turn_order",
            HouseRule::TeamView => "team_view",
            HouseRule::QuietLoses => "quiet_loses",
        }
    }

    /// The command-line flag (without `--`) of the headless commands. A yes/no rule's flag sets
    /// it to the opposite of its default in `Rules::default()` (so `--no-flag-reveal` turns the
    /// flag reveal off); the others take a value, read by `parse_value`.
    pub fn flag(self) -> &'static str {
        match self {
            HouseRule::Mines => "mines",
            HouseRule::FlyingBombs => "flying-bombs",
            HouseRule::MovableHq => "movable-hq",
            HouseRule::BombsInFrontRow => "bombs-in-front-row",
            HouseRule::FlagRevealOnMarshalLoss => "no-flag-reveal",
            HouseRule::EngineerScout => "engineer-scout",
            HouseRule::FlagNeedsMinesCleared => "flag-needs-mines-cleared",
            HouseRule::FlagTakers => "flag-takers",
            HouseRule::RailTurnForAll => "rail-turn-for-all",
            HouseRule::FirstEngineerDecides => "first-engineer-decides",
            HouseRule::QuietLimit => "quiet-limit",
            HouseRule::TurnLimit => "turn-limit",
            HouseRule::MoveClock => "move-clock",
            HouseRule::TurnOrder => "order",
            HouseRule::TeamView => "team-view",
            HouseRule::QuietLoses => "quiet-loses",
        }
    }

    /// The rule's name and one-line explanation in both languages.
    pub fn texts(self) -> &'static HouseRuleTexts {
        match self {
            HouseRule::Mines => &HouseRuleTexts {
                zh: "地雷规则",
                en: "Mines",
                explain_zh: "标准：非工兵撞雷阵亡；弹簧雷：撞雷者弹回原处，地雷亮明；炸弹雷：撞雷者与地雷同归于尽。",
                explain_en: "Standard: a non-engineer dies on a mine. Spring: it bounces back and the mine is shown. Bomb: both are removed.",
            },
            HouseRule::FlyingBombs => &HouseRuleTexts {
                zh: "炸弹满天飞",
                en: "Flying bombs",
                explain_zh: "炸弹在铁路上像工兵一样可以拐弯飞行。",
                explain_en: "Bombs move like engineers on the railway.",
            },
            HouseRule::MovableHq => &HouseRuleTexts {
                zh: "大本营可走",
                en: "Movable HQ",
                explain_zh: "进入大本营的棋子还可以再走出来（军旗、地雷仍不能动）。",
                explain_en: "Pieces in an HQ may move out again (flag and mines still never move).",
            },
            HouseRule::BombsInFrontRow => &HouseRuleTexts {
                zh: "炸弹可放第一排",
                en: "Bombs in front row",
                explain_zh: "布阵时炸弹可以放在第一排。",
                explain_en: "Bombs may be deployed in the front row.",
            },
            HouseRule::FlagRevealOnMarshalLoss => &HouseRuleTexts {
                zh: "司令阵亡亮军旗",
                en: "Flag shown when marshal falls",
                explain_zh: "暗棋：司令阵亡后，该方军旗对所有人亮明。",
                explain_en: "Hidden mode: when a side's field marshal is removed, its flag is shown to everyone.",
            },
            HouseRule::EngineerScout => &HouseRuleTexts {
                zh: "工兵侦察",
                en: "Engineer scout",
                explain_zh: "暗棋：工兵进攻地雷、炸弹、军旗以外的棋子时阵亡，被攻击者亮明。",
                explain_en: "Hidden mode: an engineer attacking anything but a mine, bomb or flag dies and reveals the defender.",
            },
            HouseRule::FlagNeedsMinesCleared => &HouseRuleTexts {
                zh: "排完地雷才能扛旗",
                en: "Flag needs mines cleared",
                explain_zh: "一方的地雷还在棋盘上时，不能攻击其军旗。",
                explain_en: "A flag cannot be attacked while its owner still has a mine on the board.",
            },
            HouseRule::FlagTakers => &HouseRuleTexts {
                zh: "扛旗棋子",
                en: "Flag takers",
                explain_zh: "任意：任何可动棋子；工兵：只有工兵；最小：只有己方最小的军官（翻棋中只看已翻开的）。",
                explain_en: "Any movable piece; engineers only; or only your lowest-ranked officer (face-up ones in flip).",
            },
            HouseRule::RailTurnForAll => &HouseRuleTexts {
                zh: "任何子可拐一个弯",
                en: "One rail turn for all",
                explain_zh: "所有棋子在铁路上行进时可以拐一个直角弯（工兵不限）。",
                explain_en: "Every piece may make one right-angle turn in a rail run (engineers stay unlimited).",
            },
            HouseRule::FirstEngineerDecides => &HouseRuleTexts {
                zh: "先翻工兵定颜色",
                en: "First engineer decides",
                explain_zh: "翻棋：一直翻到有人翻出工兵，该玩家执工兵的颜色。",
                explain_en: "Flip mode: flipping goes on until someone flips an engineer; that player takes its colour.",
            },
            HouseRule::QuietLimit => &HouseRuleTexts {
                zh: "无吃子和棋步数",
                en: "Quiet limit",
                explain_zh: "连续这么多步没有吃子或翻棋，判和。",
                explain_en: "Draw after this many turns in a row with no piece removed and nothing flipped.",
            },
            HouseRule::TurnLimit => &HouseRuleTexts {
                zh: "总步数上限",
                en: "Turn limit",
                explain_zh: "总步数达到上限，判和。",
                explain_en: "Draw after this many turns in all.",
            },
            HouseRule::MoveClock => &HouseRuleTexts {
                zh: "走棋限时",
                en: "Move clock",
                explain_zh: "每步限时；超时则失去该步，超时五次判负。",
                explain_en: "Seconds per turn; a timeout loses the turn, five timeouts lose the game.",
            },
            HouseRule::TurnOrder => &HouseRuleTexts {
                zh: "走棋顺序",
                en: "Turn order",
                explain_zh: "四国军棋：逆时针（南、东、北、西）或顺时针（南、西、北、东）。",
                explain_en: "Four players: counterclockwise (South, East, North, West) or clockwise (South, West, North, East).",
            },
            HouseRule::TeamView => &HouseRuleTexts {
                zh: "对家明",
                en: "Team view",
                explain_zh: "四国暗棋：对家之间可以看到彼此的棋子。",
                explain_en: "Four players, hidden mode: partners see each other's pieces.",
            },
            HouseRule::QuietLoses => &HouseRuleTexts {
                zh: "无吃子步数判负",
                en: "Quiet limit loses",
                explain_zh: "两人对局：连续无吃子步数达到上限时，走出最后一步的一方判负，而非和棋（CCGC 规则）。",
                explain_en: "Two players: the player making the quiet limit's last quiet turn loses instead of drawing (the CCGC rules).",
            },
        }
    }

    /// The one mode a house rule matters in, if it is mode-specific.
    pub fn only_mode(self) -> Option<Mode> {
        match self {
            HouseRule::FlagRevealOnMarshalLoss | HouseRule::EngineerScout => Some(Mode::Hidden),
            HouseRule::FirstEngineerDecides => Some(Mode::Flip),
            HouseRule::Mines
            | HouseRule::FlyingBombs
            | HouseRule::MovableHq
            | HouseRule::BombsInFrontRow
            | HouseRule::FlagNeedsMinesCleared
            | HouseRule::FlagTakers
            | HouseRule::RailTurnForAll
            | HouseRule::QuietLimit
            | HouseRule::TurnLimit
            | HouseRule::MoveClock
            | HouseRule::TurnOrder
            | HouseRule::QuietLoses => None,
            HouseRule::TeamView => Some(Mode::Hidden),
        }
    }

    /// The words a value of this rule may be written as, for rules with a fixed set of values
    /// (mines, flag takers); empty for the others.
    pub fn words(self) -> &'static [&'static str] {
        match Rules::default().get(self) {
            RuleValue::Mines(_) => &["standard", "spring", "bomb"],
            RuleValue::Takers(_) => &["any", "engineer", "smallest"],
            RuleValue::Order(_) => &["ccw", "cw"],
            RuleValue::Switch(_) | RuleValue::Turns(_) | RuleValue::Clock(_) => &[],
        }
    }

    /// Read a value of this rule from its command-line text: a word of `words()` or a number of
    /// turns or seconds. A yes/no rule's text is `on` or `off`.
    pub fn parse_value(self, text: &str) -> Result<RuleValue, ValueError> {
        let number = |lo: u32, hi: u32, unit: &'static str| {
            text.parse::<u32>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or(ValueError::Number { lo, hi, unit })
        };
        match Rules::default().get(self) {
            RuleValue::Switch(_) => match text {
                "on" => Ok(RuleValue::Switch(true)),
                "off" => Ok(RuleValue::Switch(false)),
                _ => Err(ValueError::OnOff),
            },
            RuleValue::Mines(_) => MineRule::parse(text)
                .map(RuleValue::Mines)
                .ok_or(ValueError::Word(self.words())),
            RuleValue::Takers(_) => FlagTakers::parse(text)
                .map(RuleValue::Takers)
                .ok_or(ValueError::Word(self.words())),
            RuleValue::Turns(_) => number(1, MAX_LIMIT, "turns").map(RuleValue::Turns),
            RuleValue::Clock(_) => {
                number(1, MAX_CLOCK_SECONDS, "seconds").map(|s| RuleValue::Clock(Some(s)))
            }
            RuleValue::Order(_) => TurnOrder::parse(text)
                .map(RuleValue::Order)
                .ok_or(ValueError::Word(self.words())),
        }
    }
}

/// Why a rule's value given as text (`HouseRule::parse_value`) is refused. `Display` gives the
/// English the command line prints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueError {
    /// A yes/no rule takes `on` or `off`.
    OnOff,
    /// One of these words.
    Word(&'static [&'static str]),
    /// A whole number of `unit`s from `lo` to `hi`.
    Number {
        lo: u32,
        hi: u32,
        unit: &'static str,
    },
}

impl std::fmt::Display for ValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ValueError::OnOff => f.write_str("must be on or off"),
            ValueError::Word(words) => match words {
                [] => f.write_str("must be a known word"),
                [one] => write!(f, "must be {one}"),
                [init @ .., last] => write!(f, "must be {} or {last}", init.join(", ")),
            },
            ValueError::Number { lo, hi, unit } => {
                write!(f, "needs a whole number of {unit} from {lo} to {hi}")
            }
        }
    }
}
impl std::error::Error for ValueError {}

/// The largest quiet limit and turn limit.
pub const MAX_LIMIT: u32 = 1_000_000;
/// The longest move clock, in seconds.
pub const MAX_CLOCK_SECONDS: u32 = 3600;

impl Rules {
    /// The value of one house rule.
    pub fn get(&self, rule: HouseRule) -> RuleValue {
        match rule {
            HouseRule::Mines => RuleValue::Mines(self.mines),
            HouseRule::FlagTakers => RuleValue::Takers(self.flag_takers),
            HouseRule::QuietLimit => RuleValue::Turns(self.quiet_limit),
            HouseRule::TurnLimit => RuleValue::Turns(self.turn_limit),
            HouseRule::MoveClock => RuleValue::Clock(self.move_clock),
            HouseRule::TurnOrder => RuleValue::Order(self.turn_order),
            HouseRule::FlyingBombs
            | HouseRule::MovableHq
            | HouseRule::BombsInFrontRow
            | HouseRule::FlagRevealOnMarshalLoss
            | HouseRule::EngineerScout
            | HouseRule::FlagNeedsMinesCleared
            | HouseRule::RailTurnForAll
            | HouseRule::FirstEngineerDecides
            | HouseRule::TeamView
            | HouseRule::QuietLoses => {
                RuleValue::Switch(*self.switch(rule).expect("a yes/no rule"))
            }
        }
    }

    /// Set one house rule. A value of the wrong kind for the rule (a number for the mines rule …)
    /// is refused and nothing changes.
    pub fn set(&mut self, rule: HouseRule, value: RuleValue) -> Result<(), RulesError> {
        match (rule, value) {
            (HouseRule::Mines, RuleValue::Mines(m)) => self.mines = m,
            (HouseRule::FlagTakers, RuleValue::Takers(t)) => self.flag_takers = t,
            (HouseRule::QuietLimit, RuleValue::Turns(n)) => self.quiet_limit = n,
            (HouseRule::TurnLimit, RuleValue::Turns(n)) => self.turn_limit = n,
            (HouseRule::MoveClock, RuleValue::Clock(c)) => self.move_clock = c,
            (HouseRule::TurnOrder, RuleValue::Order(o)) => self.turn_order = o,
            (rule, RuleValue::Switch(on)) if self.switch_mut(rule).is_some() => {
                *self.switch_mut(rule).expect("checked") = on;
            }
            (rule, value) => return Err(RulesError::WrongKind { rule, value }),
        }
        Ok(())
    }

    fn switch(&self, rule: HouseRule) -> Option<&bool> {
        Some(match rule {
            HouseRule::FlyingBombs => &self.flying_bombs,
            HouseRule::MovableHq => &self.movable_hq,
            HouseRule::BombsInFrontRow => &self.bombs_in_front_row,
            HouseRule::FlagRevealOnMarshalLoss => &self.flag_reveal_on_marshal_loss,
            HouseRule::EngineerScout => &self.engineer_scout,
            HouseRule::FlagNeedsMinesCleared => &self.flag_needs_mines_cleared,
            HouseRule::RailTurnForAll => &self.rail_turn_for_all,
            HouseRule::FirstEngineerDecides => &self.first_engineer_decides,
            HouseRule::TeamView => &self.team_view,
            HouseRule::QuietLoses => &self.quiet_loses,
            HouseRule::Mines
            | HouseRule::FlagTakers
            | HouseRule::QuietLimit
            | HouseRule::TurnLimit
            | HouseRule::MoveClock
            | HouseRule::TurnOrder => return None,
        })
    }

    /// The field of a yes/no house rule (`None` for the others), for a checkbox.
    pub fn switch_mut(&mut self, rule: HouseRule) -> Option<&mut bool> {
        Some(match rule {
            HouseRule::FlyingBombs => &mut self.flying_bombs,
            HouseRule::MovableHq => &mut self.movable_hq,
            HouseRule::BombsInFrontRow => &mut self.bombs_in_front_row,
            HouseRule::FlagRevealOnMarshalLoss => &mut self.flag_reveal_on_marshal_loss,
            HouseRule::EngineerScout => &mut self.engineer_scout,
            HouseRule::FlagNeedsMinesCleared => &mut self.flag_needs_mines_cleared,
            HouseRule::RailTurnForAll => &mut self.rail_turn_for_all,
            HouseRule::FirstEngineerDecides => &mut self.first_engineer_decides,
            HouseRule::TeamView => &mut self.team_view,
            HouseRule::QuietLoses => &mut self.quiet_loses,
            HouseRule::Mines
            | HouseRule::FlagTakers
            | HouseRule::QuietLimit
            | HouseRule::TurnLimit
            | HouseRule::MoveClock
            | HouseRule::TurnOrder => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mode_answers_the_modes_questions_as_rules_section_6_says() {
        // (hides identities, shows everything, deals face down, offered for four)
        let answers = |m: Mode| {
            (
                m.hides_identities(),
                m.shows_everything(),
                m.deals_face_down(),
                m.offered_for_four(),
            )
        };
        assert_eq!(answers(Mode::Open), (false, true, false, true));
        assert_eq!(answers(Mode::Hidden), (true, false, false, true));
        assert_eq!(answers(Mode::Flip), (false, false, true, false));
        // Only hidden mode scouts and reveals the flag.
        let both_on = |m: Mode| Rules {
            engineer_scout: true,
            flag_reveal_on_marshal_loss: true,
            ..Rules::for_mode(m)
        };
        assert_eq!(
            [Mode::Open, Mode::Hidden, Mode::Flip].map(|m| {
                let r = both_on(m);
                (r.scout_active(), r.flag_reveal_active())
            }),
            [(false, false), (true, true), (false, false)]
        );
    }

    #[test]
    fn validate_refuses_with_a_typed_error() {
        // `Rules::validate` once answered with a `String`; its refusals are typed.
        let bad = |f: fn(&mut Rules)| {
            let mut r = Rules::default();
            f(&mut r);
            r.validate()
        };
        assert_eq!(bad(|_| {}), Ok(()));
        assert_eq!(bad(|r| r.quiet_limit = 0), Err(RulesError::NoQuietLimit));
        assert_eq!(bad(|r| r.turn_limit = 0), Err(RulesError::NoTurnLimit));
        assert_eq!(
            bad(|r| r.turn_limit = MAX_LIMIT + 1),
            Err(RulesError::LimitTooLarge)
        );
        assert_eq!(
            bad(|r| r.move_clock = Some(0)),
            Err(RulesError::MoveClock(0))
        );
        // The English wording is the one the command line has always printed.
        assert_eq!(
            RulesError::NoQuietLimit.to_string(),
            "quiet limit must be at least 1"
        );
        assert_eq!(
            RulesError::MoveClock(0).to_string(),
            format!("move clock must be 1 to {MAX_CLOCK_SECONDS} seconds, not 0")
        );
    }

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
        // One entry per house-rule field of `Rules` (mode excluded), each key a field name of the
        // saved rules file, each flag different.
        assert_eq!(HouseRule::ALL.len(), 13);
        let text = ron::to_string(&Rules::default()).unwrap();
        let mut flags = std::collections::HashSet::new();
        for rule in HouseRule::every() {
            assert!(text.contains(&format!("{}:", rule.key())), "{}", rule.key());
            assert!(flags.insert(rule.flag()), "{}", rule.flag());
            let t = rule.texts();
            for s in [t.zh, t.en, t.explain_zh, t.explain_en] {
                assert!(!s.is_empty() && !s.contains('\n'), "{}", rule.key());
            }
        }
        // Fields are the rules plus the mode.
        assert_eq!(
            text.matches(':').count(),
            HouseRule::every().count() + 1,
            "{text}"
        );
    }

    #[test]
    fn house_rule_get_set_round_trip() {
        for rule in HouseRule::every() {
            let mut r = Rules::default();
            let changed = match r.get(rule) {
                RuleValue::Switch(on) => RuleValue::Switch(!on),
                RuleValue::Mines(_) => RuleValue::Mines(MineRule::Bomb),
                RuleValue::Takers(_) => RuleValue::Takers(FlagTakers::Engineer),
                RuleValue::Turns(n) => RuleValue::Turns(n + 1),
                RuleValue::Clock(_) => RuleValue::Clock(Some(42)),
                RuleValue::Order(_) => RuleValue::Order(TurnOrder::Clockwise),
            };
            r.set(rule, changed).unwrap();
            assert_eq!(r.get(rule), changed, "{}", rule.key());
            // Only that rule changed.
            for other in HouseRule::every().filter(|o| *o != rule) {
                assert_eq!(r.get(other), Rules::default().get(other), "{}", other.key());
            }
            // A value of the wrong kind is refused and changes nothing.
            let wrong = match changed {
                RuleValue::Turns(_) => RuleValue::Mines(MineRule::Spring),
                _ => RuleValue::Turns(5),
            };
            let before = r.clone();
            assert!(r.set(rule, wrong).is_err(), "{}", rule.key());
            assert_eq!(r, before);
            assert_eq!(
                r.switch_mut(rule).is_some(),
                matches!(changed, RuleValue::Switch(_))
            );
        }
    }

    #[test]
    fn rules_files_without_the_four_player_rules_still_load() {
        // A rules file saved before `turn_order` and `team_view` existed.
        let old = "(mode:hidden,mines:spring,flying_bombs:true,movable_hq:false,bombs_in_front_row:false,flag_reveal_on_marshal_loss:true,engineer_scout:false,flag_needs_mines_cleared:false,flag_takers:any,rail_turn_for_all:false,first_engineer_decides:false,quiet_limit:70,turn_limit:1000,move_clock:None)";
        let r: Rules = ron::from_str(old).unwrap();
        assert_eq!((r.mode, r.mines), (Mode::Hidden, MineRule::Spring));
        assert_eq!(r.turn_order, TurnOrder::Counterclockwise);
        assert!(!r.team_view);
        // And the new fields round-trip.
        let mut n = r.clone();
        n.turn_order = TurnOrder::Clockwise;
        n.team_view = true;
        let back: Rules = ron::from_str(&ron::to_string(&n).unwrap()).unwrap();
        assert_eq!(back, n);
        assert_eq!(
            HouseRule::TurnOrder.parse_value("cw"),
            Ok(RuleValue::Order(TurnOrder::Clockwise))
        );
        assert!(HouseRule::TurnOrder.parse_value("up").is_err());
    }

    #[test]
    fn rules_files_without_quiet_loses_still_load_and_ccgc_is_valid() {
        // A rules file saved before `quiet_loses` existed: the limit draws, as it did.
        let old = "(mode:hidden,mines:standard,quiet_limit:40,turn_limit:1000,move_clock:None,turn_order:ccw,team_view:false)";
        let old = old.replace("ccw", "counterclockwise");
        let r: Rules = ron::from_str(&old).unwrap();
        assert!(!r.quiet_loses);
        assert_eq!(r.quiet_limit, 40);
        let c = Rules::ccgc();
        assert_eq!(c.validate(), Ok(()));
        assert_eq!(
            (c.mode, c.quiet_limit, c.turn_limit),
            (Mode::Hidden, 31, MAX_LIMIT)
        );
        assert!(c.quiet_loses && c.flag_reveal_on_marshal_loss);
        let back: Rules = ron::from_str(&ron::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c);
        // Not offered by the window's dialogs (`ALL`), known to everything else (`every`).
        assert!(!HouseRule::ALL.contains(&HouseRule::QuietLoses));
        assert!(HouseRule::every().any(|r| r == HouseRule::QuietLoses));
        assert_eq!(HouseRule::QuietLoses.flag(), "quiet-loses");
    }

    #[test]
    fn house_rule_values_read_from_text() {
        assert_eq!(
            HouseRule::Mines.parse_value("spring"),
            Ok(RuleValue::Mines(MineRule::Spring))
        );
        assert_eq!(
            HouseRule::FlagTakers.parse_value("smallest"),
            Ok(RuleValue::Takers(FlagTakers::Smallest))
        );
        assert_eq!(
            HouseRule::QuietLimit.parse_value("12"),
            Ok(RuleValue::Turns(12))
        );
        assert_eq!(
            HouseRule::MoveClock.parse_value("30"),
            Ok(RuleValue::Clock(Some(30)))
        );
        assert_eq!(
            HouseRule::MovableHq.parse_value("on"),
            Ok(RuleValue::Switch(true))
        );
        for (rule, bad) in [
            (HouseRule::Mines, "chess"),
            (HouseRule::FlagTakers, ""),
            (HouseRule::QuietLimit, "0"),
            (HouseRule::TurnLimit, "1000001"),
            (HouseRule::MoveClock, "-5"),
            (HouseRule::FlyingBombs, "yes"),
        ] {
            assert!(rule.parse_value(bad).is_err(), "{} {bad}", rule.key());
        }
        // Every word of a rule reads back as a value.
        for rule in HouseRule::ALL {
            for w in rule.words() {
                assert!(rule.parse_value(w).is_ok(), "{} {w}", rule.key());
            }
        }
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
