//! The review's words (复盘): what a player reads of a reviewed turn, in the window and from
//! `junqi game review`, with no raw scores — the advantage as the piece it is worth (by the
//! evaluation's own piece values, `ai::eval::value`), a game the search sees won or lost said
//! with the turns it takes ("could win within 3 turns"), and each mistake's reason
//! (`ai::explain`) in words.

use crate::ai::eval;
use crate::ai::explain::{Better, Risk, RiskKind, Why};
use crate::ai::review::{Decided, Judgement, Mark, TurnReview};
use crate::engine::{Chair, Game, Mode, Rank, Seat};
use crate::i18n::{Lang, fill, review as words};

/// A score at least this high (in the evaluation's units) means the search sees the game won in
/// most of the deals it looked at (a game won in every deal scores ±5000).
pub const FLAG_SCORE: i32 = 4000;

/// The side a chair plays in `game` (flip mode: the colour the player drew).
pub fn chair_side(game: &Game, c: Chair) -> Option<Seat> {
    match c {
        Chair::Side(s) => Some(s),
        Chair::Player(p) => game.player_colour(p),
    }
}

/// A rank's name inside a sentence: English in lower case.
fn rank_word(rank: Rank, lang: Lang) -> String {
    match lang {
        Lang::Zh => rank.zh().to_string(),
        Lang::En => rank.en().to_lowercase(),
    }
}

/// An amount of the evaluation's units (at least 0) as the piece it is worth: "about a general's
/// worth", the nearest officer by `eval::value`; below half a lieutenant's worth "less than a
/// lieutenant's worth", above a marshal's and a half "more than a field marshal's worth".
pub fn worth(v: i32, mode: Mode, lang: Lang) -> String {
    let v = v.abs();
    let value = |r: Rank| eval::value(r, 3, mode);
    if v * 2 < value(Rank::Lieutenant) {
        return lang.t(&words::WORTH_LITTLE).to_string();
    }
    if v * 2 > value(Rank::Marshal) * 3 {
        return lang.t(&words::WORTH_MORE).to_string();
    }
    // The officers, lieutenant to marshal.
    let nearest = (Rank::ALL.into_iter())
        .filter(|r| (Rank::Lieutenant..=Rank::Marshal).contains(r))
        .min_by_key(|&r| (value(r) - v).abs())
        .unwrap_or(Rank::Lieutenant);
    let piece = match lang {
        Lang::Zh => rank_word(nearest, lang),
        Lang::En => {
            let name = rank_word(nearest, lang);
            let a = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            format!("{a} {name}")
        }
    };
    fill(lang.t(&words::WORTH_PIECE), &[("piece", &piece)])
}

/// "within 3 turns" counted from the turn judged, as `words` says it with `{n}`.
fn within(text: &crate::i18n::Text, d: Decided, lang: Lang) -> String {
    fill(lang.t(text), &[("n", &d.plies.to_string())])
}

/// How the mover stood with the best play the search saw (`j.before`, from the mover's side): a
/// game the search sees won or lost in every deal with the turns it takes, else in most deals,
/// else ahead or behind by a piece's worth.
pub fn standing(j: &Judgement, mode: Mode, lang: Lang) -> String {
    let before = j.before;
    let even = eval::value(Rank::Lieutenant, 3, mode);
    match j.best_end {
        Some(d) if d.wins => return within(&words::STAND_WINS_IN, d, lang),
        Some(d) => return within(&words::STAND_LOSES_IN, d, lang),
        None => {}
    }
    if before >= FLAG_SCORE {
        lang.t(&words::STAND_WINS).to_string()
    } else if before <= -FLAG_SCORE {
        lang.t(&words::STAND_LOSES).to_string()
    } else if before * 2 >= even {
        fill(
            lang.t(&words::STAND_AHEAD),
            &[("worth", &worth(before, mode, lang))],
        )
    } else if before * 2 <= -even {
        fill(
            lang.t(&words::STAND_BEHIND),
            &[("worth", &worth(before, mode, lang))],
        )
    } else {
        lang.t(&words::STAND_EVEN).to_string()
    }
}

/// What the turn played gave up against the better one: a game lost that was not (within how
/// many turns, when the search sees it in every deal), a win missed, or the material as a
/// piece's worth.
pub fn loss(j: &Judgement, mode: Mode, lang: Lang) -> String {
    let (before, after) = (j.before, j.after);
    let loses = |e: Option<Decided>| e.is_some_and(|d| !d.wins);
    let wins = |e: Option<Decided>| e.is_some_and(|d| d.wins);
    match (j.best_end, j.played_end) {
        (b, Some(d)) if !d.wins && !loses(b) => return within(&words::LOSS_LOSES_IN, d, lang),
        (Some(d), p) if d.wins && !wins(p) => return within(&words::LOSS_WIN_IN, d, lang),
        _ => {}
    }
    if after <= -FLAG_SCORE && before > -FLAG_SCORE {
        lang.t(&words::LOSS_FLAG).to_string()
    } else if before >= FLAG_SCORE && after < FLAG_SCORE {
        lang.t(&words::LOSS_WIN).to_string()
    } else {
        fill(
            lang.t(&words::LOSS_WORTH),
            &[("worth", &worth(before - after, mode, lang))],
        )
    }
}

/// "1 in 3", "7 in 10" (hundredths in).
fn odds(pct: u8, lang: Lang) -> String {
    let p = pct.max(1) as u32;
    if p >= 95 {
        lang.t(&words::ODDS_SURE).to_string()
    } else if p <= 50 {
        let n = ((100 + p / 2) / p).to_string();
        fill(lang.t(&words::ODDS_ONE_IN), &[("n", &n)])
    } else {
        let k = ((p + 5) / 10).to_string();
        fill(lang.t(&words::ODDS_TENTHS), &[("k", &k)])
    }
}

/// A lost attack on an unknown piece, weighed: careless or reasonable, with the odds. One that
/// was no mistake is said for what it was: a bomb spent (it goes whatever it meets), an exchange
/// (the piece would most likely go with the one it attacked), a probe (a small piece likely lost
/// to learn what stood there), a gamble (a middle piece likely lost, little at stake on balance),
/// or a risk worth taking.
pub fn risk_text(risk: &Risk, lang: Lang) -> String {
    let what = if risk.bombs_and_mines {
        &words::RISK_BOMB_MINE
    } else {
        &words::RISK_ANY
    };
    let text = match risk.kind() {
        RiskKind::Careless => &words::RISK_CARELESS,
        RiskKind::Bomb => &words::RISK_BOMB,
        RiskKind::Trade => &words::RISK_TRADE,
        RiskKind::Probe => &words::RISK_PROBE,
        RiskKind::Gamble => &words::RISK_GAMBLE,
        RiskKind::Reasonable => &words::RISK_REASONABLE,
    };
    fill(
        lang.t(text),
        &[
            ("attacker", &rank_word(risk.attacker, lang)),
            ("odds", &odds(risk.lose, lang)),
            ("what", lang.t(what)),
        ],
    )
}

fn why_text(why: Why, lang: Lang) -> String {
    match why {
        Why::KnownBeater { attacker, beaten } => fill(
            lang.t(&words::WHY_KNOWN_BEATER),
            &[
                ("attacker", &rank_word(attacker, lang)),
                ("beaten", &rank_word(beaten, lang)),
            ],
        ),
        Why::ForNothing { rank } => fill(
            lang.t(&words::WHY_FOR_NOTHING),
            &[("rank", &rank_word(rank, lang))],
        ),
        Why::FlagOpen { in_two: false } => lang.t(&words::WHY_FLAG_NOW).to_string(),
        Why::FlagOpen { in_two: true } => lang.t(&words::WHY_FLAG_TWO).to_string(),
    }
}

/// What the better turn does, if the review knows.
pub fn better_text(r: &TurnReview, lang: Lang) -> Option<String> {
    Some(match r.notes.better? {
        Better::Takes(rank) => fill(
            lang.t(&words::BETTER_TAKES),
            &[("rank", &rank_word(rank, lang))],
        ),
        Better::TakesFlag => lang.t(&words::BETTER_TAKES_FLAG).to_string(),
        Better::KeepsFlag => lang.t(&words::BETTER_KEEPS_FLAG).to_string(),
        Better::ThreatensFlag => lang.t(&words::BETTER_THREATENS_FLAG).to_string(),
    })
}

/// The engine's reasons for a marked turn (`ai::explain`): a careless risk, a known beater, a
/// piece lost for nothing, the flag left open.
fn engine_reasons(r: &TurnReview, lang: Lang) -> Vec<String> {
    let mut parts = Vec::new();
    match r.notes.risk {
        Some(risk) if risk.careless() => parts.push(risk_text(&risk, lang)),
        // No careless risk, yet the search marked the turn: the odds are still part of why.
        Some(risk) => parts.push(fill(
            lang.t(&words::RISK_FACT),
            &[
                ("attacker", &rank_word(risk.attacker, lang)),
                ("odds", &odds(risk.lose, lang)),
            ],
        )),
        None => {}
    }
    if let Some(why) = r.notes.why {
        parts.push(why_text(why, lang));
    }
    parts
}

fn separator(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "；",
        Lang::En => "; ",
    }
}

/// Why a marked turn is a mistake, in words: the engine's reasons, or else what the search's
/// look-ahead found it gave up. `None` for an unmarked turn.
pub fn reason(game: &Game, r: &TurnReview, lang: Lang) -> Option<String> {
    if r.mark() == Mark::None {
        return None;
    }
    let mut parts = engine_reasons(r, lang);
    if parts.is_empty()
        && let Some(j) = r.judged
    {
        let mode = game.rules().mode;
        parts.push(fill(
            lang.t(&words::WHY_SEARCH),
            &[("loss", &loss(&j, mode, lang))],
        ));
    }
    (!parts.is_empty()).then(|| parts.join(separator(lang)))
}

/// The accessible label (and hover text) of a marked turn: its number, the side that moved, the
/// mark and why.
pub fn mark_label(game: &Game, r: &TurnReview, lang: Lang) -> Option<String> {
    let text = match r.mark() {
        Mark::None => return None,
        Mark::Dubious => &words::MARK_DUBIOUS,
        Mark::Blunder => &words::MARK_BLUNDER,
    };
    let side = chair_side(game, r.who).map_or("?", |s| lang.side(s));
    Some(fill(
        lang.t(text),
        &[
            ("n", &r.ply.to_string()),
            ("side", side),
            ("why", &reason(game, r, lang)?),
        ],
    ))
}

/// What the review says of turn `ply`: the side that moved it and the turn, how it compares with
/// the computer's choice (a better turn only when the choice scored higher), how the mover stood,
/// and, for a lost attack in a hidden game, whether it was a careless or a reasonable risk.
pub fn turn_line(game: &Game, r: &TurnReview, lang: Lang) -> String {
    let Some(j) = r.judged else {
        return lang.t(&words::REVIEW_UNJUDGED).to_string();
    };
    let board = game.board();
    let mode = game.rules().mode;
    let side = chair_side(game, r.who).map_or("?", |s| lang.side(s));
    let turn = r.turn.map(|t| t.notation(board)).unwrap_or_default();
    let best = j.best.notation(board);
    let head = if Some(j.best) == r.turn {
        fill(
            lang.t(&words::TURN_OWN_CHOICE),
            &[("side", side), ("turn", &turn)],
        )
    } else if j.after >= j.before {
        fill(
            lang.t(&words::TURN_AS_GOOD),
            &[("side", side), ("turn", &turn), ("best", &best)],
        )
    } else {
        let best = match better_text(r, lang) {
            Some(why) => match lang {
                Lang::Zh => format!("{best}（{why}）"),
                Lang::En => format!("{best} ({why})"),
            },
            None => best,
        };
        fill(
            lang.t(&words::TURN_WORSE),
            &[
                ("side", side),
                ("turn", &turn),
                ("best", &best),
                ("loss", &loss(&j, mode, lang)),
            ],
        )
    };
    let stand = fill(
        lang.t(&words::TURN_STANDING),
        &[("side", side), ("standing", &standing(&j, mode, lang))],
    );
    let sep = separator(lang);
    let mut text = format!("{head}{sep}{stand}");
    let mark = match r.mark() {
        Mark::None => {
            // A lost attack that was no mistake: say why it was not.
            if let Some(risk) = r.notes.risk {
                text.push_str(sep);
                text.push_str(&risk_text(&risk, lang));
            }
            return text;
        }
        Mark::Dubious => &words::MARK_WORD_DUBIOUS,
        Mark::Blunder => &words::MARK_WORD_BLUNDER,
    };
    text.push_str(sep);
    text.push_str(lang.t(mark));
    let reasons = engine_reasons(r, lang);
    if !reasons.is_empty() {
        text.push_str(match lang {
            Lang::Zh => "：",
            Lang::En => ": ",
        });
        text.push_str(&reasons.join(sep));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::explain::Notes;
    use crate::engine::{Rules, Start};

    /// An open game of two turns (Red's, then Blue's) and a review of them as `judged` says.
    fn reviewed(judged: [(i32, i32, bool); 2]) -> (Game, Vec<TurnReview>) {
        reviewed_ends(judged.map(|(b, a, own)| (b, a, own, None, None)))
    }

    type Judged = (i32, i32, bool, Option<Decided>, Option<Decided>);

    /// As `reviewed`, with the ends of the game the search saw for each turn's best and played.
    fn reviewed_ends(judged: [Judged; 2]) -> (Game, Vec<TurnReview>) {
        let rules = Rules::default();
        let mut g = Game::new(rules.clone(), Start::random(&rules, 5)).unwrap();
        let mut out = Vec::new();
        for (k, &(before, after, own, best_end, played_end)) in judged.iter().enumerate() {
            let turns = g.position().legal_turns(&rules);
            let (played, other) = (turns[0], turns[1]);
            out.push(TurnReview {
                ply: k + 1,
                who: Chair::Side(if k == 0 { Seat::Red } else { Seat::Blue }),
                turn: Some(played),
                judged: Some(Judgement {
                    best: if own { played } else { other },
                    before,
                    after,
                    best_end,
                    played_end,
                }),
                notes: Notes::default(),
            });
            g.play(played).unwrap();
        }
        (g, out)
    }

    fn line_at(rv: &[TurnReview], g: &Game, ply: usize, lang: Lang) -> String {
        let r = rv.iter().find(|r| r.ply == ply).unwrap();
        turn_line(g, r, lang)
    }

    /// The line at a turn names the side that moved it (not the side to move after it) and, when
    /// the turn played scored as well as the computer's choice or better, offers no better turn.
    #[test]
    fn review_line_names_the_mover_and_no_worse_better_turn() {
        let (g, rv) = reviewed([(-16, 3, false), (16, 16, true)]);
        let red = line_at(&rv, &g, 1, Lang::En);
        assert!(red.starts_with("Red played "), "{red}");
        assert!(red.contains("as good as the computer's choice"), "{red}");
        assert!(
            !red.contains("better") && !red.contains("would play"),
            "{red}"
        );
        // From the mover's side: Red stood behind before its turn.
        assert!(
            red.contains("Red was behind by about a major's worth"),
            "{red}"
        );
        let blue = line_at(&rv, &g, 2, Lang::En);
        assert!(blue.starts_with("Blue played "), "{blue}");
        assert!(blue.contains("the computer's own choice"), "{blue}");
        assert!(
            blue.contains("Blue was ahead by about a major's worth"),
            "{blue}"
        );
        let zh = line_at(&rv, &g, 1, Lang::Zh);
        assert!(zh.starts_with("红走 "), "{zh}");
        assert!(!zh.contains("更好"), "{zh}");
        // A turn that scored lower has its better turn.
        let (g, rv) = reviewed([(60, -15, false), (0, 0, true)]);
        let red = line_at(&rv, &g, 1, Lang::En);
        assert!(
            red.contains("gives up about a general's worth; better "),
            "{red}"
        );
        assert_eq!(rv[0].mark(), Mark::Dubious);
    }

    /// No raw figures on screen: advantages as pieces, a flag the search sees fall as such.
    #[test]
    fn review_words_have_no_raw_scores() {
        let mode = Mode::Open;
        assert_eq!(worth(75, mode, Lang::En), "about a general's worth");
        assert_eq!(worth(-24, mode, Lang::En), "about a colonel's worth");
        assert_eq!(worth(26, mode, Lang::Zh), "约一个团长的价值");
        assert_eq!(worth(7, mode, Lang::En), "about a lieutenant's worth");
        assert_eq!(worth(2, mode, Lang::En), "less than a lieutenant's worth");
        assert_eq!(
            worth(4933, mode, Lang::En),
            "more than a field marshal's worth"
        );
        let j = |before, after| Judgement {
            best: crate::engine::Turn::Flip(0),
            before,
            after,
            best_end: None,
            played_end: None,
        };
        assert_eq!(
            loss(&j(35, -4933), mode, Lang::En),
            "loses the game in most of what the search looked at"
        );
        assert_eq!(
            loss(&j(5000, 120), mode, Lang::En),
            "misses a win the search sees in most of what it looked at"
        );
        assert_eq!(
            loss(&j(50, 0), mode, Lang::En),
            "gives up about a major general's worth"
        );
        assert_eq!(
            standing(&j(4950, 0), mode, Lang::En),
            "could win: the search sees a win in most of what it looked at"
        );
        for (before, after) in [(35, -4933), (-5000, -5000), (4933, 12), (120, -35)] {
            let (g, rv) = reviewed([(before, after, false), (0, 0, true)]);
            for lang in [Lang::En, Lang::Zh] {
                let text = line_at(&rv, &g, 1, lang);
                for n in [before, after, before - after] {
                    let raw = n.abs().to_string();
                    assert!(!text.contains(&raw), "{raw} in {text}");
                }
            }
        }
    }

    /// A game the search sees won or lost in every deal is said with the turns it takes,
    /// counting the turn judged as the first: "the flag falls in N" rather than "winning".
    #[test]
    fn a_forced_end_is_said_with_its_turns() {
        let mode = Mode::Hidden;
        let end = |plies, wins| Some(Decided { plies, wins });
        let j = |best_end, played_end| Judgement {
            best: crate::engine::Turn::Flip(0),
            before: 5000,
            after: 5000,
            best_end,
            played_end,
        };
        let say = |j: &Judgement, lang| (standing(j, mode, lang), loss(j, mode, lang));
        let won = j(end(3, true), end(5, true));
        assert_eq!(
            standing(&won, mode, Lang::En),
            "could win within 3 turns: the search sees it forced"
        );
        assert_eq!(
            standing(&won, mode, Lang::Zh),
            "可在 3 回合内取胜（电脑的搜索看到必胜）"
        );
        assert_eq!(
            standing(&j(end(1, true), None), mode, Lang::En),
            "could win within 1 turn: the search sees it forced"
        );
        let missed = j(end(3, true), None);
        assert_eq!(say(&missed, Lang::En).1, "misses a win within 3 turns");
        assert_eq!(say(&missed, Lang::Zh).1, "错过了 3 回合内取胜的机会");
        let thrown = j(None, end(2, false));
        assert_eq!(say(&thrown, Lang::En).1, "loses the game within 2 turns");
        assert_eq!(say(&thrown, Lang::Zh).1, "会在 2 回合内落败");
        let lost = j(end(4, false), end(2, false));
        assert_eq!(
            say(&lost, Lang::En).0,
            "would lose within 4 turns whatever it played: the search sees it forced"
        );
        // Lost either way: what it gave up is the material, not the game.
        assert!(say(&lost, Lang::En).1.starts_with("gives up "));
        // On the line above the board, with no raw figure.
        let (g, rv) = reviewed_ends([
            (5000, -5000, false, end(3, true), end(2, false)),
            (0, 0, true, None, None),
        ]);
        let en = line_at(&rv, &g, 1, Lang::En);
        assert!(
            en.contains(": loses the game within 2 turns; better "),
            "{en}"
        );
        assert!(
            en.contains("before it Red could win within 3 turns"),
            "{en}"
        );
        let zh = line_at(&rv, &g, 1, Lang::Zh);
        assert!(zh.contains("会在 2 回合内落败"), "{zh}");
        assert!(zh.contains("走之前红可在 3 回合内取胜"), "{zh}");
        for text in [en, zh] {
            assert!(!text.contains("5000"), "{text}");
        }
    }

    /// The hidden game in which Red lost its marshal and its general to bombs: each loss is said
    /// to be a careless or a reasonable risk, with the odds Red could know, and the count of
    /// mistakes is not nil.
    #[test]
    fn review_of_a_bombed_marshal_says_which_risk() {
        let (game, bombed) = crate::ai::explain::tests::reckless_game(24);
        let opts = crate::ai::review::ReviewOptions {
            level: crate::ai::Level::Easy,
            nodes: 3000,
            only: Some(Chair::Side(Seat::Red)),
        };
        let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let v = crate::ai::review::review_game(&game, &opts, &mut |_, _| {}, &cancel).unwrap();
        let rv = v;
        let at = |p: usize| rv.iter().find(|r| r.ply == p);
        let mark = |p: usize| at(p).map_or(Mark::None, |r| r.mark());
        for &ply in &bombed {
            let r = at(ply).unwrap();
            let risk = r.notes.risk.unwrap();
            let en = line_at(&rv, &game, ply, Lang::En);
            let zh = line_at(&rv, &game, ply, Lang::Zh);
            let (word_en, word_zh) = match risk.kind() {
                RiskKind::Careless => ("a careless risk: the ", "轻率的冒险"),
                // No mistake as a risk, but the search found a better turn: its reason stands.
                _ if r.mark() != Mark::None => continue,
                RiskKind::Bomb => ("a bomb spent, no mistake: ", "以炸弹换子"),
                RiskKind::Trade => ("an exchange, no mistake: the ", "兑子"),
                RiskKind::Probe => ("a probe, no mistake: the ", "试探，不算错"),
                RiskKind::Gamble => ("a gamble, no mistake: the ", "冒险一试，不算错"),
                RiskKind::Reasonable => ("a reasonable risk, no mistake: the ", "合理的冒险"),
            };
            assert!(en.contains(word_en), "{en}");
            if risk.attacker != Rank::Bomb {
                assert!(en.contains("from what you knew, "), "{en}");
            }
            assert!(zh.contains(word_zh), "{zh}");
        }
        // Every mistake carries a reason in both languages.
        for p in 1..=game.plies().len() {
            if mark(p) != Mark::None {
                let r = at(p).unwrap();
                for lang in [Lang::En, Lang::Zh] {
                    assert!(reason(&game, r, lang).is_some_and(|t| !t.is_empty()));
                    assert!(mark_label(&game, r, lang).is_some());
                }
            }
        }
        let marked = (1..=game.plies().len())
            .filter(|&p| mark(p) != Mark::None)
            .count();
        assert!(marked > 0);
    }

    /// A risk that lost a piece but little on balance is worded for what it was, in both
    /// languages: a bomb spent, an exchange of equals, a middle piece's gamble; a "probe" with a
    /// "small piece" only for a major or lower.
    #[test]
    fn a_bomb_or_an_exchange_is_no_probe() {
        let risk = |attacker, lose, trade, stake| Risk {
            attacker,
            lose,
            trade,
            bombs_and_mines: false,
            stake,
        };
        let bomb = risk(Rank::Bomb, 100, 100, 7);
        let en = risk_text(&bomb, Lang::En);
        assert!(en.starts_with("a bomb spent, no mistake: "), "{en}");
        assert!(!en.contains("small piece"), "{en}");
        assert!(risk_text(&bomb, Lang::Zh).starts_with("以炸弹换子，不算错"));
        let equals = risk(Rank::Marshal, 100, 100, 0);
        let en = risk_text(&equals, Lang::En);
        assert!(
            en.starts_with("an exchange, no mistake: the field marshal "),
            "{en}"
        );
        assert!(en.contains("almost certainly it would be lost, most likely taking the piece"));
        assert!(risk_text(&equals, Lang::Zh).starts_with("兑子，不算错：司令"));
        // Lost alone more often than traded: a probe, as before.
        let probe = risk(Rank::Lieutenant, 80, 20, 6);
        assert!(risk_text(&probe, Lang::En).starts_with("a probe, no mistake: "));
        // Lost alone by a middle piece: a gamble, never a "small piece" spent.
        for rank in [Rank::Colonel, Rank::Brigadier, Rank::MajorGeneral] {
            let gamble = risk(rank, 60, 20, 20);
            let en = risk_text(&gamble, Lang::En);
            assert!(en.starts_with("a gamble, no mistake: the "), "{en}");
            assert!(!en.contains("small piece"), "{en}");
            let zh = risk_text(&gamble, Lang::Zh);
            assert!(zh.starts_with("冒险一试，不算错："), "{zh}");
            assert!(!zh.contains("以小子"), "{zh}");
        }
        let major = risk(Rank::Major, 60, 20, 10);
        assert!(risk_text(&major, Lang::En).starts_with("a probe, no mistake: "));
        // A careless risk stays careless whatever part of it is a trade.
        let careless = risk(Rank::Marshal, 40, 10, 30);
        assert!(risk_text(&careless, Lang::En).starts_with("a careless risk: "));
    }
}
