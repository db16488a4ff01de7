//! The junqi engine protocol (docs/engine-protocol.md): the lines a host (the game table) and an
//! engine process send each other, each read and written in one place. `HostMsg` is what the host
//! sends, `EngineMsg` what the engine answers; `parse` never panics and refuses anything that is
//! not exactly a message of the protocol, with the reason in English.

use crate::engine::rules::{HouseRule, RuleValue};
use crate::engine::{
    Board, Chair, ClashOutcome, EndReason, Formation, Mode, Mover, Rank, Rules, Seat, Status, Team,
    Turn, TurnReport,
};

pub mod ccgc;

/// The protocol's version (`junqi 1`).
pub const VERSION: u32 = 1;

/// The longest line either side sends (bytes).
pub const MAX_LINE: usize = 16 * 1024;

/// A line that is not a message of the protocol, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ProtocolError(pub String);

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for ProtocolError {}

fn bad<T>(m: impl Into<String>) -> Result<T, ProtocolError> {
    Err(ProtocolError(m.into()))
}

/// Why the referee refused a turn, as `refused` tells it: a code a program reads, then the
/// reason in English words for a person reading the lines (a screen words the code in its own
/// language and never reads the words).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RefusedWhy {
    /// `flag-mines`: an attack on the flag while its owner still has mines.
    FlagMines(String),
    /// `flag-rank`: the attacking piece may not take the flag under the rules in force.
    FlagRank(String),
    /// `rule`: any other reason.
    Rule(String),
}

impl RefusedWhy {
    /// The reason the engine gave for refusing a turn.
    pub fn of(why: &crate::engine::IllegalTurn) -> RefusedWhy {
        let words = why.to_string();
        match why {
            crate::engine::IllegalTurn::FlagAttackRefused { mines: true, .. } => {
                RefusedWhy::FlagMines(words)
            }
            crate::engine::IllegalTurn::FlagAttackRefused { mines: false, .. } => {
                RefusedWhy::FlagRank(words)
            }
            _ => RefusedWhy::Rule(words),
        }
    }

    /// The code on the wire.
    pub fn code(&self) -> &'static str {
        match self {
            RefusedWhy::FlagMines(_) => "flag-mines",
            RefusedWhy::FlagRank(_) => "flag-rank",
            RefusedWhy::Rule(_) => "rule",
        }
    }

    /// The reason in English words (possibly none).
    pub fn words(&self) -> &str {
        match self {
            RefusedWhy::FlagMines(w) | RefusedWhy::FlagRank(w) | RefusedWhy::Rule(w) => w,
        }
    }

    /// A flag rule's refusal: whether because the flag's owner still has mines (otherwise the
    /// attacker's rank may not take it); none for another reason.
    pub fn flag_mines(&self) -> Option<bool> {
        match self {
            RefusedWhy::FlagMines(_) => Some(true),
            RefusedWhy::FlagRank(_) => Some(false),
            RefusedWhy::Rule(_) => None,
        }
    }

    /// Read a code and its words.
    ///
    /// # Errors
    /// A code that is not one of the protocol's.
    pub fn parse(code: &str, words: &str) -> Result<RefusedWhy, ProtocolError> {
        let words = words.to_string();
        match code {
            "flag-mines" => Ok(RefusedWhy::FlagMines(words)),
            "flag-rank" => Ok(RefusedWhy::FlagRank(words)),
            "rule" => Ok(RefusedWhy::Rule(words)),
            _ => bad(format!(
                "refused: '{code}' is not a reason's code (flag-mines, flag-rank or rule)"
            )),
        }
    }
}

/// A side's word: `red`, `blue`, `south`, `east`, `north`, `west`.
pub fn seat_word(s: Seat) -> &'static str {
    match s {
        Seat::Red => "red",
        Seat::Blue => "blue",
        Seat::South => "south",
        Seat::East => "east",
        Seat::North => "north",
        Seat::West => "west",
    }
}

/// The side of a word of `seat_word`.
pub fn seat_of_word(w: &str) -> Option<Seat> {
    Seat::ALL.into_iter().find(|s| seat_word(*s) == w)
}

/// The seat of a notation letter (`r b s e n w`).
fn seat_of_letter(c: char) -> Option<Seat> {
    match c {
        'r' => Some(Seat::Red),
        'b' => Some(Seat::Blue),
        c => Seat::from_four_letter(c),
    }
}

/// A clash outcome's word: `defender-removed`, `attacker-removed`, `both-removed`, `mine-dug`,
/// `bounced`, `flag-taken`.
pub fn outcome_word(o: ClashOutcome) -> &'static str {
    match o {
        ClashOutcome::DefenderRemoved => "defender-removed",
        ClashOutcome::AttackerRemoved => "attacker-removed",
        ClashOutcome::BothRemoved => "both-removed",
        ClashOutcome::MineDug => "mine-dug",
        ClashOutcome::Bounced => "bounced",
        ClashOutcome::FlagTaken => "flag-taken",
    }
}

fn outcome_of_word(w: &str) -> Option<ClashOutcome> {
    [
        ClashOutcome::DefenderRemoved,
        ClashOutcome::AttackerRemoved,
        ClashOutcome::BothRemoved,
        ClashOutcome::MineDug,
        ClashOutcome::Bounced,
        ClashOutcome::FlagTaken,
    ]
    .into_iter()
    .find(|o| outcome_word(*o) == w)
}

/// A status in the words of `Status::word` (`red-wins flag`, `draw quiet-limit`, `ongoing`).
pub fn parse_status(words: &[&str]) -> Result<Status, ProtocolError> {
    let reason = |w: &str| {
        EndReason::ALL
            .into_iter()
            .find(|r| r.word() == w || r.word_four() == w)
    };
    match words {
        ["ongoing"] => Ok(Status::Ongoing),
        ["draw", why] => reason(why)
            .map(Status::Draw)
            .ok_or_else(|| ProtocolError(format!("'{why}' is not a reason the game ends"))),
        [wins, why] => {
            let team = [Team::Red, Team::Blue, Team::SouthNorth, Team::EastWest]
                .into_iter()
                .find(|t| wins.strip_suffix("-wins") == Some(t.word()));
            match (team, reason(why)) {
                (Some(t), Some(r)) => Ok(Status::Won(t, r)),
                _ => bad(format!("'{wins} {why}' is not a result")),
            }
        }
        _ => bad(format!("'{}' is not a result", words.join(" "))),
    }
}

/// The text of a rule's value (`on`, `off`, `spring`, `70`, `off` for no clock, `ccw`).
fn value_text(v: RuleValue) -> String {
    match v {
        RuleValue::Switch(on) => if on { "on" } else { "off" }.into(),
        RuleValue::Mines(m) => m.word().into(),
        RuleValue::Takers(t) => t.word().into(),
        RuleValue::Turns(n) => n.to_string(),
        RuleValue::Clock(None) => "off".into(),
        RuleValue::Clock(Some(s)) => s.to_string(),
        RuleValue::Order(o) => o.word().into(),
    }
}

/// The words of a `rules` line: `mode=hidden`, then every house rule as `key=value`.
pub fn rules_words(rules: &Rules) -> Vec<String> {
    let mut w = vec![format!("mode={}", rules.mode.word())];
    for r in HouseRule::every() {
        w.push(format!("{}={}", r.key(), value_text(rules.get(r))));
    }
    w
}

/// Rules from the words of a `rules` line. `mode` comes first (it brings its defaults); a rule
/// not named keeps the mode's default.
pub fn parse_rules(words: &[&str]) -> Result<Rules, ProtocolError> {
    let mut rules = Rules::default();
    for (i, w) in words.iter().enumerate() {
        let Some((key, value)) = w.split_once('=') else {
            return bad(format!("rules: '{w}' is not key=value"));
        };
        if key == "mode" {
            if i != 0 {
                return bad("rules: mode= must come first");
            }
            let Some(m) = Mode::parse(value) else {
                return bad(format!(
                    "rules: '{value}' is not a mode (open, hidden, flip)"
                ));
            };
            rules = Rules::for_mode(m);
            continue;
        }
        let Some(rule) = HouseRule::every().find(|r| r.key() == key) else {
            return bad(format!("rules: '{key}' is not a house rule"));
        };
        let v = if rule == HouseRule::MoveClock && value == "off" {
            RuleValue::Clock(None)
        } else {
            rule.parse_value(value)
                .map_err(|e| ProtocolError(format!("rules: {key} {e}")))?
        };
        rules
            .set(rule, v)
            .map_err(|e| ProtocolError(format!("rules: {e}")))?;
    }
    rules
        .validate()
        .map_err(|e| ProtocolError(format!("rules: {e}")))?;
    Ok(rules)
}

/// A formation as the protocol writes it: its six lines, front first, each five characters (a
/// piece code, `.` empty, `+` a camp), joined by `/`.
pub fn formation_text(f: &Formation) -> String {
    f.lines()
        .iter()
        .map(|l| l.split(' ').collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// A formation from `formation_text` (its shape only: the table checks the deployment rules).
pub fn parse_formation(text: &str) -> Result<Formation, ProtocolError> {
    let lines: Vec<&str> = text.split('/').collect();
    if lines.len() != 6 {
        return bad(format!(
            "formation '{text}' needs 6 lines joined by '/', found {}",
            lines.len()
        ));
    }
    let mut f = Formation::default();
    for (l, line) in (1u8..).zip(&lines) {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() != 5 {
            return bad(format!("formation line {l} '{line}' needs 5 characters"));
        }
        for (c, ch) in (1u8..).zip(chars) {
            let cell = match ch {
                '.' | '+' => None,
                ch => match Rank::from_code(ch) {
                    Some(r) => Some(r),
                    None => {
                        return bad(format!(
                            "formation line {l}: '{ch}' is not a piece code (1-9, B, M, F), . or +"
                        ));
                    }
                },
            };
            f.set(l, c, cell);
        }
    }
    Ok(f)
}

/// A chair's words: `red`, `south`, `player 1`.
pub fn chair_words(c: Chair) -> String {
    match c {
        Chair::Side(s) => seat_word(s).into(),
        Chair::Player(p) => format!("player {p}"),
    }
}

fn parse_chair(words: &[&str]) -> Result<Chair, ProtocolError> {
    match words {
        ["player", "1"] => Ok(Chair::Player(1)),
        ["player", "2"] => Ok(Chair::Player(2)),
        [w] => seat_of_word(w)
            .map(Chair::Side)
            .ok_or_else(|| ProtocolError(format!("seat: '{w}' is not a side"))),
        _ => bad(format!("seat: '{}' is not a seat", words.join(" "))),
    }
}

/// The words of a report line after `report`.
pub fn report_words(r: &TurnReport, board: &Board) -> String {
    let mut w = vec![r.mover.notation().to_string(), r.turn.notation(board)];
    if let Some(o) = r.clash {
        w.push(format!("clash {}", outcome_word(o)));
    }
    if let Some((s, rank)) = r.flipped {
        w.push(format!("flip {}{}", s.letter(), rank.code()));
    }
    let flags: Vec<String> = r
        .flags_revealed()
        .map(|(s, n)| format!("{}{}", s.letter(), board.name(n)))
        .collect();
    if !flags.is_empty() {
        w.push(format!("flags {}", flags.join(",")));
    }
    if let Some(n) = r.revealed {
        w.push(format!("revealed {}", board.name(n)));
    }
    if let Some((p, s)) = r.colours_decided {
        w.push(format!("colours {p}{}", s.letter()));
    }
    if let Some(st) = r.result {
        w.push(format!("result {}", st.word()));
    }
    w.join(" ")
}

fn parse_report(words: &[&str], board: &'static Board) -> Result<TurnReport, ProtocolError> {
    let node = |t: &str| {
        board
            .node_by_name(t)
            .ok_or_else(|| ProtocolError(format!("report: '{t}' is not a square")))
    };
    let [mover, turn, rest @ ..] = words else {
        return bad("report needs a mover and a turn");
    };
    let mover = match *mover {
        "1" => Mover::Player(1),
        "2" => Mover::Player(2),
        m => {
            let mut c = m.chars();
            match (c.next().and_then(seat_of_letter), c.next()) {
                (Some(s), None) => Mover::Side(s),
                _ => return bad(format!("report: '{m}' is not a mover (r b s e n w 1 2)")),
            }
        }
    };
    let turn = Turn::parse(turn, board).map_err(|e| ProtocolError(format!("report: {e}")))?;
    let mut r = TurnReport::plain(turn, mover);
    let mut i = 0;
    while i < rest.len() {
        let (key, value) = (rest[i], rest.get(i + 1).copied());
        let Some(value) = value else {
            return bad(format!("report: '{key}' needs a value"));
        };
        i += 2;
        match key {
            "clash" => {
                r.clash = Some(outcome_of_word(value).ok_or_else(|| {
                    ProtocolError(format!("report: '{value}' is not a clash outcome"))
                })?);
            }
            "flip" => {
                let mut c = value.chars();
                match (
                    c.next().and_then(seat_of_letter),
                    c.next().and_then(Rank::from_code),
                    c.next(),
                ) {
                    (Some(s), Some(rank), None) => r.flipped = Some((s, rank)),
                    _ => return bad(format!("report: flip '{value}' is not a piece")),
                }
            }
            "flags" => {
                let list: Vec<&str> = value.split(',').collect();
                if list.len() > 2 {
                    return bad("report: more than two flags");
                }
                for (k, f) in list.iter().enumerate() {
                    let mut c = f.chars();
                    let Some(s) = c.next().and_then(seat_of_letter) else {
                        return bad(format!("report: flag '{f}' needs a seat letter"));
                    };
                    r.flags_revealed[k] = Some((s, node(c.as_str())?));
                }
            }
            "revealed" => r.revealed = Some(node(value)?),
            "colours" => {
                let mut c = value.chars();
                match (c.next(), c.next().and_then(seat_of_letter), c.next()) {
                    (Some(p @ ('1' | '2')), Some(s), None) => {
                        r.colours_decided = Some((p as u8 - b'0', s));
                    }
                    _ => return bad(format!("report: colours '{value}' is not 1r, 2b …")),
                }
            }
            "result" => {
                let st = parse_status(&rest[i - 1..(i + 1).min(rest.len())])?;
                r.result = Some(st);
                i += 1;
                if i < rest.len() {
                    return bad("report: nothing may follow the result");
                }
            }
            k => return bad(format!("report: '{k}' is not a field")),
        }
    }
    Ok(r)
}

/// What the host sends an engine.
#[derive(Clone, PartialEq, Debug)]
pub enum HostMsg {
    /// `junqi 1`: the protocol and its version; the engine answers `id` lines and `junqiok 1`.
    Hello(u32),
    /// `setoption <name> <value>`.
    SetOption(String, String),
    /// `newgame`: a game is being set up (the `rules`, `seat`, `seed` and `time` lines follow).
    NewGame,
    Rules(Rules),
    Seat(Chair),
    /// `seed <n>`: the seed of the engine's random choices.
    Seed(u64),
    /// `time game <ms>|none turn <ms>|none`: the seat's time for the game and the most a turn
    /// may take.
    Time {
        game_ms: Option<u64>,
        turn_ms: Option<u64>,
    },
    /// `formation?`: send your formation.
    AskFormation,
    /// `formation <text>`: the formation the host dealt you.
    Formation(Formation),
    /// `view <viewer> <position notation> mines <m>`: the seat's view now.
    View {
        viewer: Seat,
        notation: String,
        mines: String,
    },
    /// `report <mover> <turn> …`: the public report of a turn.
    Report(TurnReport),
    /// `go [turn <ms>] [left <ms>]`: your turn.
    Go {
        turn_ms: Option<u64>,
        left_ms: Option<u64>,
    },
    /// `refused <turn> <code> <words>`: the referee refused it; another `view` and `go` follow.
    Refused(String, RefusedWhy),
    /// `draw offered <side>`: answer `draw accept` or `draw decline`.
    DrawOffered(Seat),
    /// `takeback asked <side> <turns>`: another seat asks to take back its last `turns` turns;
    /// answer `takeback accept` or `takeback decline`.
    TakebackAsked(Seat, u32),
    /// `takeback <side> <turns>`: the takeback `side` asked for was made, the last `turns`
    /// turns are taken back (a `view` line follows).
    TakenBack(Seat, u32),
    /// `takeback declined`: your ask for a takeback was declined (`go` follows).
    TakebackDeclined,
    /// `gameover <result>`.
    GameOver(Status),
    /// `error <text>`: the host refused the engine's last message (the game is lost then).
    Error(String),
    Quit,
    /// `timeout <side> <count>`: the move clock ran out on `side`'s turn, its `count`th timeout
    /// of the game: it lost the turn (a `view` follows). The engine of that side answers
    /// `timeout ok <count>`.
    Timeout {
        side: Seat,
        count: u32,
    },
}

impl HostMsg {
    /// The line (without its newline). `board` writes the squares of reports.
    pub fn line(&self, board: &Board) -> String {
        match self {
            HostMsg::Hello(v) => format!("junqi {v}"),
            HostMsg::SetOption(n, v) => format!("setoption {n} {v}"),
            HostMsg::NewGame => "newgame".into(),
            HostMsg::Rules(r) => format!("rules {}", rules_words(r).join(" ")),
            HostMsg::Seat(c) => format!("seat {}", chair_words(*c)),
            HostMsg::Seed(s) => format!("seed {s}"),
            HostMsg::Time { game_ms, turn_ms } => {
                let ms = |v: &Option<u64>| v.map_or("none".to_string(), |v| v.to_string());
                format!("time game {} turn {}", ms(game_ms), ms(turn_ms))
            }
            HostMsg::AskFormation => "formation?".into(),
            HostMsg::Formation(f) => format!("formation {}", formation_text(f)),
            HostMsg::View {
                viewer,
                notation,
                mines,
            } => format!("view {} {notation} mines {mines}", seat_word(*viewer)),
            HostMsg::Report(r) => format!("report {}", report_words(r, board)),
            HostMsg::Go { turn_ms, left_ms } => {
                let mut s = String::from("go");
                if let Some(t) = turn_ms {
                    s.push_str(&format!(" turn {t}"));
                }
                if let Some(l) = left_ms {
                    s.push_str(&format!(" left {l}"));
                }
                s
            }
            HostMsg::Refused(t, why) => match why.words() {
                "" => format!("refused {t} {}", why.code()),
                words => format!("refused {t} {} {}", why.code(), one_line(words)),
            },
            HostMsg::DrawOffered(s) => format!("draw offered {}", seat_word(*s)),
            HostMsg::TakebackAsked(s, n) => format!("takeback asked {} {n}", seat_word(*s)),
            HostMsg::TakenBack(s, n) => format!("takeback {} {n}", seat_word(*s)),
            HostMsg::TakebackDeclined => "takeback declined".into(),
            HostMsg::GameOver(st) => format!("gameover {}", st.word()),
            HostMsg::Error(e) => format!("error {}", one_line(e)),
            HostMsg::Quit => "quit".into(),
            HostMsg::Timeout { side, count } => format!("timeout {} {count}", seat_word(*side)),
        }
    }

    /// Read a line the host sent. `board` reads the squares of reports (the game's board, known
    /// from the `view` lines; the two-player board before the first one).
    ///
    /// # Errors
    /// Not a message of the protocol.
    pub fn parse(line: &str, board: &'static Board) -> Result<HostMsg, ProtocolError> {
        if line.len() > MAX_LINE {
            return bad("line too long");
        }
        let words: Vec<&str> = line.split(' ').collect();
        let number = |w: &str, what: &str| {
            w.parse::<u64>()
                .map_err(|_| ProtocolError(format!("{what}: '{w}' is not a whole number")))
        };
        let ms = |w: &str| {
            if w == "none" {
                Ok(None)
            } else {
                number(w, "time").map(Some)
            }
        };
        Ok(match words.as_slice() {
            ["junqi", v] => HostMsg::Hello(
                u32::try_from(number(v, "junqi")?)
                    .map_err(|_| ProtocolError("junqi: version too large".into()))?,
            ),
            ["setoption", name, value @ ..] if !value.is_empty() => {
                HostMsg::SetOption((*name).into(), value.join(" "))
            }
            ["newgame"] => HostMsg::NewGame,
            ["rules", rest @ ..] => HostMsg::Rules(parse_rules(rest)?),
            ["seat", rest @ ..] => HostMsg::Seat(parse_chair(rest)?),
            ["seed", s] => HostMsg::Seed(number(s, "seed")?),
            ["time", "game", g, "turn", t] => HostMsg::Time {
                game_ms: ms(g)?,
                turn_ms: ms(t)?,
            },
            ["formation?"] => HostMsg::AskFormation,
            ["formation", f] => HostMsg::Formation(parse_formation(f)?),
            ["view", viewer, rest @ ..] => {
                let Some(viewer) = seat_of_word(viewer) else {
                    return bad(format!("view: '{viewer}' is not a side"));
                };
                let Some(m) = rest.iter().position(|w| *w == "mines") else {
                    return bad("view: no mines field");
                };
                if !(4..=5).contains(&m) {
                    return bad("view: the position needs 4 fields (5 for four players)");
                }
                if m + 2 != rest.len() {
                    return bad("view: mines needs one value, last");
                }
                HostMsg::View {
                    viewer,
                    notation: rest[..m].join(" "),
                    mines: rest[m + 1].into(),
                }
            }
            ["report", rest @ ..] => HostMsg::Report(parse_report(rest, board)?),
            ["go", rest @ ..] => {
                let (mut turn_ms, mut left_ms) = (None, None);
                for pair in rest.chunks(2) {
                    match pair {
                        ["turn", v] if turn_ms.is_none() => turn_ms = Some(number(v, "go")?),
                        ["left", v] if left_ms.is_none() => left_ms = Some(number(v, "go")?),
                        _ => {
                            return bad(format!(
                                "go: '{}' is not turn <ms> or left <ms>",
                                pair.join(" ")
                            ));
                        }
                    }
                }
                HostMsg::Go { turn_ms, left_ms }
            }
            ["refused", t, code, words @ ..] => {
                HostMsg::Refused((*t).into(), RefusedWhy::parse(code, &words.join(" "))?)
            }
            ["draw", "offered", s] => HostMsg::DrawOffered(
                seat_of_word(s)
                    .ok_or_else(|| ProtocolError(format!("draw: '{s}' is not a side")))?,
            ),
            ["takeback", "declined"] => HostMsg::TakebackDeclined,
            ["takeback", "asked", s, n] => {
                HostMsg::TakebackAsked(takeback_side(s)?, takeback_turns(n)?)
            }
            ["takeback", s, n] => HostMsg::TakenBack(takeback_side(s)?, takeback_turns(n)?),
            ["gameover", rest @ ..] => HostMsg::GameOver(parse_status(rest)?),
            ["error", rest @ ..] => HostMsg::Error(rest.join(" ")),
            ["quit"] => HostMsg::Quit,
            ["timeout", s, n] => HostMsg::Timeout {
                side: seat_of_word(s)
                    .ok_or_else(|| ProtocolError(format!("timeout: '{s}' is not a side")))?,
                count: u32::try_from(number(n, "timeout")?)
                    .map_err(|_| ProtocolError("timeout: count too large".into()))?,
            },
            _ => {
                return bad(format!(
                    "not a message of the junqi engine protocol: {}",
                    clip(line)
                ));
            }
        })
    }
}

/// What an engine sends the host.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineMsg {
    /// `id name <name>`, `id author <text>`.
    Id {
        key: String,
        value: String,
    },
    /// `option <name> <description>`: an option `setoption` may set.
    Option(String, String),
    /// `junqiok <version>`: the handshake is done.
    Ok(u32),
    /// `formation <text>`.
    Formation(String),
    /// `turn <turn>`.
    Turn(String),
    Resign,
    /// `draw offer`.
    OfferDraw,
    /// `draw accept` / `draw decline`.
    DrawAnswer(bool),
    /// `takeback ask`: it asks to take back its own last turn and the turns after it,
    /// answering `go`; `go` comes again after the answer.
    AskTakeback,
    /// `takeback accept` / `takeback decline`, answering `takeback asked`.
    TakebackAnswer(bool),
    /// `info <anything>`: the engine's thoughts (depth, score, principal variation …).
    Info(String),
    /// `error <text>`.
    Error(String),
    /// `timeout ok <count>`: answering `timeout <its side> <count>`; whatever the engine sent
    /// before it (a late answer to the `go` that timed out) is not taken.
    TimeoutOk(u32),
}

impl EngineMsg {
    pub fn line(&self) -> String {
        match self {
            EngineMsg::Id { key, value } => format!("id {key} {}", one_line(value)),
            EngineMsg::Option(n, d) => format!("option {n} {}", one_line(d)),
            EngineMsg::Ok(v) => format!("junqiok {v}"),
            EngineMsg::Formation(f) => format!("formation {f}"),
            EngineMsg::Turn(t) => format!("turn {t}"),
            EngineMsg::Resign => "resign".into(),
            EngineMsg::OfferDraw => "draw offer".into(),
            EngineMsg::DrawAnswer(yes) => if *yes { "draw accept" } else { "draw decline" }.into(),
            EngineMsg::AskTakeback => "takeback ask".into(),
            EngineMsg::TakebackAnswer(yes) => if *yes {
                "takeback accept"
            } else {
                "takeback decline"
            }
            .into(),
            EngineMsg::Info(i) => format!("info {}", one_line(i)),
            EngineMsg::Error(e) => format!("error {}", one_line(e)),
            EngineMsg::TimeoutOk(n) => format!("timeout ok {n}"),
        }
    }

    /// Read a line an engine sent.
    ///
    /// # Errors
    /// Not a message of the protocol.
    pub fn parse(line: &str) -> Result<EngineMsg, ProtocolError> {
        if line.len() > MAX_LINE {
            return bad("line too long");
        }
        let words: Vec<&str> = line.split(' ').collect();
        Ok(match words.as_slice() {
            ["id", key @ ("name" | "author"), value @ ..] if !value.is_empty() => EngineMsg::Id {
                key: (*key).into(),
                value: value.join(" "),
            },
            ["option", name, d @ ..] => EngineMsg::Option((*name).into(), d.join(" ")),
            ["junqiok", v] => EngineMsg::Ok(
                v.parse()
                    .map_err(|_| ProtocolError(format!("junqiok: '{v}' is not a version")))?,
            ),
            ["formation", f] => EngineMsg::Formation((*f).into()),
            ["turn", t] => EngineMsg::Turn((*t).into()),
            ["resign"] => EngineMsg::Resign,
            ["draw", "offer"] => EngineMsg::OfferDraw,
            ["draw", "accept"] => EngineMsg::DrawAnswer(true),
            ["draw", "decline"] => EngineMsg::DrawAnswer(false),
            ["takeback", "ask"] => EngineMsg::AskTakeback,
            ["takeback", "accept"] => EngineMsg::TakebackAnswer(true),
            ["takeback", "decline"] => EngineMsg::TakebackAnswer(false),
            ["info", rest @ ..] => EngineMsg::Info(rest.join(" ")),
            ["error", rest @ ..] => EngineMsg::Error(rest.join(" ")),
            ["timeout", "ok", n] => EngineMsg::TimeoutOk(
                n.parse()
                    .map_err(|_| ProtocolError(format!("timeout ok: '{n}' is not a count")))?,
            ),
            _ => {
                return bad(format!(
                    "not a message of the junqi engine protocol: {}",
                    clip(line)
                ));
            }
        })
    }
}

/// The side of a `takeback` line.
fn takeback_side(w: &str) -> Result<Seat, ProtocolError> {
    seat_of_word(w).ok_or_else(|| ProtocolError(format!("takeback: '{w}' is not a side")))
}

/// The turns of a `takeback` line: a whole number from 1.
fn takeback_turns(w: &str) -> Result<u32, ProtocolError> {
    match w.parse::<u32>() {
        Ok(n) if n > 0 && w.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => bad(format!(
            "takeback: '{w}' is not a number of turns (1 or more)"
        )),
    }
}

/// Text on one line (newlines and other control characters as spaces).
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// At most 80 characters of a line, for messages.
pub fn clip(line: &str) -> String {
    let mut s: String = one_line(line).chars().take(80).collect();
    if line.chars().count() > 80 {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests;
