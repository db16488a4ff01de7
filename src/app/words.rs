//! What a game says in words, for the player looking: the move list, the event log, the end of the
//! game, the trays of removed pieces. In hidden mode only ranks the looker knew are named; every
//! sight comes from the engine's disclosure gate through `Looker`.

use super::session::{Looker, Session, seen_at};
use crate::engine::game::Ply;
use crate::engine::{
    Action, Board, ClashOutcome, Game, InfoKey, Rank, Seat, Seen, Status, Turn, TurnReport, Viewer,
};
use crate::i18n::{self, Lang, fill};

/// The move list line of a ply: `a6-a11 团长×营长`.
pub fn move_text(game: &Game, ply: &Ply, lang: Lang) -> String {
    let b = game.board();
    match ply.turn {
        Some(turn @ Turn::Move { to, .. }) => {
            let before = ply.effects.attacker.or_else(|| ply.after.at(to));
            let a = before.map_or(Seen::Empty, Seen::Known);
            turn_words(
                b,
                turn,
                None,
                a,
                ply.effects.defender.map(Seen::Known),
                lang,
            )
        }
        Some(turn @ Turn::Flip(_)) => turn_words(b, turn, None, Seen::Empty, None, lang),
        // A turn lost to the move clock: the side that timed out is the one to move before it.
        None => {
            let i = game.plies().iter().position(|p| std::ptr::eq(p, ply));
            match i.and_then(|i| game.position_at(i).mover().side()) {
                Some(s) => fill(lang.t(&i18n::EV_TIMEOUT), &[("side", lang.side(s))]),
                None => String::new(),
            }
        }
    }
}

/// The event log, rebuilt from the record (so undo and language switches need no bookkeeping).
pub fn events(game: &Game, lang: Lang, looker: Looker) -> Vec<(Option<Seat>, String)> {
    events_noted(game, lang, looker, ClashWords::Rules, &[])
}

/// The event log with its clashes worded as `clashes` says, and `notes` of the screen's own among
/// its lines: each `(ply, line)` where `ply` turns had been played (in the order given at the
/// same `ply`; those past the last turn at the end).
pub fn events_noted(
    game: &Game,
    lang: Lang,
    looker: Looker,
    clashes: ClashWords,
    notes: &[(usize, (Option<Seat>, String))],
) -> Vec<(Option<Seat>, String)> {
    let mut out = Vec::new();
    // The notes of each number of turns played up to `played`, once.
    let mut noted = 0usize;
    let mut notes_until = |played: usize, out: &mut Vec<(Option<Seat>, String)>| {
        while noted <= played {
            out.extend(notes.iter().filter(|n| n.0 == noted).map(|n| n.1.clone()));
            noted += 1;
        }
    };
    let mut plies = game.plies().iter().enumerate().peekable();
    let mut refusals = game.refusals().iter();
    // Each takeback in the order it happened: it took back the last standing actions, so it
    // stands after the first `k` of those standing now (`k`: how many stood once it was made).
    let mut takebacks = Vec::new();
    let mut standing = 0usize;
    for a in &game.record().actions {
        match a {
            Action::Takeback { by, turns } => {
                standing = standing.saturating_sub(*turns as usize);
                takebacks.push((standing, *by, *turns));
            }
            _ => standing += 1,
        }
    }
    let mut takebacks = takebacks.into_iter().peekable();
    let mut takebacks_until = |k: usize, out: &mut Vec<(Option<Seat>, String)>| {
        while let Some((_, by, turns)) = takebacks.next_if(|t| t.0 <= k) {
            out.push((
                Some(by),
                fill(
                    lang.t(&i18n::EV_TAKEBACK),
                    &[("side", lang.side(by)), ("n", &turns.to_string())],
                ),
            ));
        }
    };
    // Four players: who is out is said once, when they go out (a resignation between turns is
    // not said again at the next turn).
    let mut said_out: Vec<Seat> = Vec::new();
    for (j, a) in game.standing_actions().iter().enumerate() {
        takebacks_until(j, &mut out);
        notes_until(plies.peek().map_or(game.plies().len(), |p| p.0), &mut out);
        match a {
            Action::Turn(_) => {
                if let Some((i, ply)) = plies.next()
                    && let Some(report) = &ply.report
                {
                    flip_events(report, lang, &mut out);
                    let Some(outcome) = report.clash else {
                        out_events(game, i, lang, &mut said_out, &mut out);
                        continue;
                    };
                    let out_text = clashes.outcome(outcome, lang);
                    out.push((
                        report.mover.side(),
                        fill(
                            lang.t(&i18n::EV_CLASH),
                            &[
                                ("n", &(i + 1).to_string()),
                                ("mv", &move_text_worded(game, i, ply, lang, looker, clashes)),
                                ("out", out_text),
                            ],
                        ),
                    ));
                    for (side, _) in report.flags_revealed() {
                        out.push((
                            Some(side),
                            fill(lang.t(&i18n::EV_FLAG_SHOWN), &[("side", lang.side(side))]),
                        ));
                    }
                    out_events(game, i, lang, &mut said_out, &mut out);
                }
            }
            Action::Timeout(s) => {
                // A timeout that did not end the game left a passing ply.
                out.push((
                    Some(*s),
                    fill(lang.t(&i18n::EV_TIMEOUT), &[("side", lang.side(*s))]),
                ));
                if plies.peek().is_some_and(|(_, p)| p.turn.is_none()) {
                    let (i, _) = plies.next().expect("peeked");
                    out_events(game, i, lang, &mut said_out, &mut out);
                }
            }
            Action::Resign(s) => {
                out.push((
                    Some(*s),
                    fill(lang.t(&i18n::EV_RESIGN), &[("side", lang.side(*s))]),
                ));
                // Four players: a player who resigns is out (their pieces leave the board) and
                // the game goes on.
                if game.board().is_four() {
                    said_out.push(*s);
                    let why = crate::engine::EndReason::Resignation;
                    let why = if lang == Lang::Zh { why.zh() } else { why.en() };
                    out.push((
                        Some(*s),
                        fill(
                            lang.t(&i18n::EV_OUT),
                            &[("side", lang.side(*s)), ("why", why)],
                        ),
                    ));
                }
            }
            Action::OfferDraw(s) => out.push((
                Some(*s),
                fill(lang.t(&i18n::DRAW_OFFERED), &[("side", lang.side(*s))]),
            )),
            Action::DeclineDraw(s) => out.push((
                Some(*s),
                fill(lang.t(&i18n::EV_DRAW_DECLINED), &[("side", lang.side(*s))]),
            )),
            Action::AcceptDraw(s) => out.push((
                Some(*s),
                fill(lang.t(&i18n::EV_DRAW_ACCEPTED), &[("side", lang.side(*s))]),
            )),
            Action::Takeback { .. } => {}
            Action::Refused(_) => {
                // Announced to both players (a flag rule refused an attack on the flag).
                if let Some(r) = refusals.next() {
                    let by = match &r.said {
                        crate::engine::IllegalTurn::FlagAttackRefused { by, .. } => Some(*by),
                        _ => None,
                    };
                    out.push((by, lang.illegal(&r.said)));
                }
            }
        }
    }
    // Takebacks stay in the record and are listed (what they undid is no longer on the board).
    takebacks_until(usize::MAX, &mut out);
    let played = game.plies().len();
    notes_until(played, &mut out);
    out.extend(notes.iter().filter(|n| n.0 > played).map(|n| n.1.clone()));
    // Hints asked against the computer, noted in the record's info: listed for everyone.
    if let Some(turns) = super::records::info_value(game.record(), InfoKey::Hints) {
        for n in turns.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            out.push((None, fill(lang.t(&i18n::EV_HINT), &[("n", n)])));
        }
    }
    out
}

/// Four players: the event-log lines of the players who went out in ply `i` (who and why; their
/// pieces leave the board), each player once (`said_out`: those already said).
fn out_events(
    game: &Game,
    i: usize,
    lang: Lang,
    said_out: &mut Vec<Seat>,
    out: &mut Vec<(Option<Seat>, String)>,
) {
    if !game.board().is_four() {
        return;
    }
    let before = game.position_at(i).out();
    for (seat, why) in game.position_at(i + 1).out().iter() {
        // A resignation is said where it stands among the actions (the position it changed
        // is the last turn's, so it would show here too).
        if before.contains(seat)
            || said_out.contains(&seat)
            || why == crate::engine::position::OutReason::Resigned
        {
            continue;
        }
        said_out.push(seat);
        let why = match lang {
            Lang::Zh => why.end_reason().zh(),
            Lang::En => why.end_reason().en(),
        };
        out.push((
            Some(seat),
            fill(
                lang.t(&i18n::EV_OUT),
                &[("side", lang.side(seat)), ("why", why)],
            ),
        ));
    }
}

/// The name of a team in the interface: a colour (two players) or "South and North".
pub fn team_name(team: crate::engine::Team, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => team.zh(),
        Lang::En => team.en(),
    }
}

/// The end-of-game line: "红方胜：军旗被扛", "南北方胜：军旗被扛".
pub fn status_text(status: Status, lang: Lang) -> Option<String> {
    let why = |r: crate::engine::EndReason| match lang {
        Lang::Zh => r.zh(),
        Lang::En => r.en(),
    };
    match status {
        Status::Ongoing => None,
        Status::Won(t, r) => Some(fill(
            // A team of two seats wins ("South and North win"), a colour wins ("Red wins").
            lang.t(match t {
                crate::engine::Team::Red | crate::engine::Team::Blue => &i18n::WINS,
                crate::engine::Team::SouthNorth | crate::engine::Team::EastWest => &i18n::WIN_TEAM,
            }),
            &[("side", team_name(t, lang)), ("why", why(r))],
        )),
        Status::Draw(r) => Some(fill(lang.t(&i18n::DRAW), &[("why", why(r))])),
    }
}

pub fn seen_name(seen: Seen, lang: Lang) -> &'static str {
    match seen {
        Seen::Known(p) => lang.rank(p.rank()),
        _ => "?",
    }
}

/// How a screen words the clashes of the record.
#[derive(Clone, Copy, Debug)]
pub enum ClashWords {
    /// The rules' own: the outcome as the engine names it ("mine dug"), and the pieces as the
    /// looker may know them once the clash is over (a dug mine was a landmine, a removed piece
    /// of a side whose flag it showed its field marshal).
    Rules,
    /// A referee's for a physical board, which announces a clash by what leaves the board only:
    /// a dug mine is worded as any defender removed, and the pieces are named as the looker knew
    /// them before the clash, nothing inferred from the outcome.
    OutcomeOnly,
}

impl ClashWords {
    /// The outcome of a clash in these words.
    pub fn outcome(self, outcome: ClashOutcome, lang: Lang) -> &'static str {
        let said = match (self, outcome) {
            (ClashWords::OutcomeOnly, ClashOutcome::MineDug) => ClashOutcome::DefenderRemoved,
            _ => outcome,
        };
        match lang {
            Lang::Zh => said.zh(),
            Lang::En => said.en(),
        }
    }
}

/// The move-list text of ply `i` for `looker`: in hidden mode, ranks only where the looker knew
/// them; flips name the piece turned up. Four players: the mover's seat first ("East l11-k12 ?×?").
pub fn move_text_for(game: &Game, i: usize, ply: &Ply, lang: Lang, looker: Looker) -> String {
    move_text_worded(game, i, ply, lang, looker, ClashWords::Rules)
}

/// `move_text_for` with the clashes worded as `clashes` says.
pub fn move_text_worded(
    game: &Game,
    i: usize,
    ply: &Ply,
    lang: Lang,
    looker: Looker,
    clashes: ClashWords,
) -> String {
    let b = game.board();
    let text = match (ply.turn, &ply.report) {
        (
            Some(turn @ Turn::Flip(_)),
            Some(TurnReport {
                flipped: flipped @ Some(_),
                ..
            }),
        ) => turn_words(b, turn, *flipped, Seen::Empty, None, lang),
        (Some(turn @ Turn::Move { from, to }), Some(report))
            if game.rules().mode.hides_identities()
                && !matches!(looker, Looker::All(s) if s.viewer() == Viewer::Referee) =>
        {
            let a = seen_at(game, i, looker, from);
            let (a, d) = match report.clash {
                Some(outcome) => {
                    let flags: Vec<Seat> = report.flags_revealed().map(|(s, _)| s).collect();
                    let d = seen_at(game, i, looker, to);
                    let (a, d) = match clashes {
                        ClashWords::Rules => super::jizi::clash_pieces(outcome, a, d, &flags),
                        ClashWords::OutcomeOnly => (a, d),
                    };
                    (a, Some(d))
                }
                None => (a, None),
            };
            turn_words(b, turn, None, a, d, lang)
        }
        _ => move_text(game, ply, lang),
    };
    let seat = (game.position_at(i).mover().side()).filter(|_| ply.turn.is_some());
    with_seat(b, seat, text, lang)
}

/// A move-list line with the mover's seat first when four play ("East l11-k12 ?×?").
pub fn with_seat(b: &Board, seat: Option<Seat>, text: String, lang: Lang) -> String {
    match seat {
        Some(seat) if b.is_four() => format!("{} {text}", lang.side(seat)),
        _ => text,
    }
}

/// The move-list words of a turn from what the looker knows of it, for every play screen: a
/// flip names the piece turned up (`flipped`); a move its squares and, in a clash (`defender`),
/// both pieces as known (`a6-a7 团长×?`), else the mover's rank when known (`attacker`).
pub fn turn_words(
    b: &Board,
    turn: Turn,
    flipped: Option<(Seat, Rank)>,
    attacker: Seen,
    defender: Option<Seen>,
    lang: Lang,
) -> String {
    match (turn, flipped) {
        (Turn::Flip(n), Some((side, rank))) => fill(
            lang.t(&i18n::MV_FLIP),
            &[
                ("sq", b.name(n)),
                ("side", lang.side(side)),
                ("rank", lang.rank(rank)),
            ],
        ),
        (Turn::Flip(n), None) => b.name(n).to_string(),
        (Turn::Move { from, to }, _) => {
            let mv = format!("{}-{}", b.name(from), b.name(to));
            match (attacker, defender) {
                (a, Some(d)) => format!("{mv} {}×{}", seen_name(a, lang), seen_name(d, lang)),
                (Seen::Known(p), None) => format!("{mv} {}", lang.rank(p.rank())),
                _ => mv,
            }
        }
    }
}

/// Event-log lines of a flip: colours decided.
pub fn flip_events(report: &TurnReport, lang: Lang, out: &mut Vec<(Option<Seat>, String)>) {
    if let Some((player, side)) = report.colours_decided {
        out.push((
            Some(side),
            fill(
                lang.t(&i18n::EV_COLOURS),
                &[
                    ("p", &player.to_string()),
                    ("side", lang.side(side)),
                    ("other", side.opponent().map_or("", |o| lang.side(o))),
                ],
            ),
        ));
    }
}

/// The pieces of `side` removed so far, as `looker` may know them.
pub fn removed_seen(game: &Game, looker: Looker, side: Seat) -> Vec<Seen> {
    let mut out = Vec::new();
    for (i, ply) in game.plies().iter().enumerate() {
        if matches!(looker, Looker::All(_)) {
            out.extend(
                ply.effects
                    .removed
                    .iter()
                    .filter(|(_, p)| p.side() == side)
                    .map(|&(_, p)| Seen::Known(p)),
            );
            continue;
        }
        let (Some(Turn::Move { from, to }), Some(report)) = (ply.turn, &ply.report) else {
            continue;
        };
        let Some(outcome) = report.clash else {
            continue;
        };
        let flags: Vec<Seat> = report.flags_revealed().map(|(s, _)| s).collect();
        let gone = super::jizi::clash_removed(
            outcome,
            seen_at(game, i, looker, from),
            seen_at(game, i, looker, to),
            &flags,
        );
        out.extend(gone.into_iter().filter(|s| seen_side(*s) == Some(side)));
    }
    out
}

fn seen_side(s: Seen) -> Option<Seat> {
    match s {
        Seen::Known(p) => Some(p.side()),
        Seen::Unknown(s) => Some(s),
        _ => None,
    }
}

/// Names for the tray of `side`'s removed pieces: "?" where the player looking may not know.
pub fn removed_names(play: &Session, side: Seat, lang: Lang) -> Vec<String> {
    grouped_names(&removed_seen(play.game(), play.looker(), side), lang)
}

/// Pieces as a tray lists them: grouped by rank, highest first, with a count where there are
/// more than one ("工兵 ×2"); pieces whose rank the looker does not know ("?") last.
pub fn grouped_names(seen: &[Seen], lang: Lang) -> Vec<String> {
    let count = |r: Rank| {
        seen.iter()
            .filter(|s| matches!(s, Seen::Known(p) if p.rank() == r))
            .count()
    };
    let unknown = seen.iter().filter(|s| !matches!(s, Seen::Known(_))).count();
    let named = |name: &str, n: usize| match n {
        1 => name.to_string(),
        n => format!("{name} ×{n}"),
    };
    Rank::ALL
        .into_iter()
        .map(|r| (lang.rank(r), count(r)))
        .chain([("?", unknown)])
        .filter(|&(_, n)| n > 0)
        .map(|(name, n)| named(name, n))
        .collect()
}

/// The record's note that the game was continued from another game's turn, and what its players
/// carried from beyond it ("Continued from turn 12 of another game: every piece had been seen").
pub fn continued_text(game: &crate::engine::Game, lang: Lang) -> Option<String> {
    game.record().disclosures.iter().find_map(|d| match d.what {
        crate::engine::Disclosure::Continued { all_seen } => Some(fill(
            lang.t(if all_seen {
                &i18n::CONTINUED_ALL
            } else {
                &i18n::CONTINUED_LATER
            }),
            &[("n", &d.ply.to_string())],
        )),
        _ => None,
    })
}

/// How many takebacks each player made ("Takebacks: Red 1, Blue 0"), if any was made.
pub fn takebacks_text(game: &crate::engine::Game, lang: Lang) -> Option<String> {
    let seats = &game.board().seats;
    let counts: Vec<(Seat, usize)> = seats.iter().map(|&s| (s, game.takebacks(s))).collect();
    if counts.iter().all(|&(_, n)| n == 0) {
        return None;
    }
    let list: Vec<String> = counts
        .iter()
        .map(|&(s, n)| match lang {
            Lang::Zh => format!("{}方 {n} 次", lang.side(s)),
            Lang::En => format!("{} {n}", lang.side(s)),
        })
        .collect();
    let sep = match lang {
        Lang::Zh => "，",
        Lang::En => ", ",
    };
    Some(fill(
        lang.t(&i18n::SUMMARY_TAKEBACKS),
        &[("list", &list.join(sep))],
    ))
}

/// Four people: a seat's yes/no buttons for a question every player still in answers (a draw, a
/// takeback); the answer clicked, if any.
pub fn seat_answer(
    ui: &mut egui::Ui,
    lang: Lang,
    seat: Seat,
    yes: &i18n::Text,
    no: &i18n::Text,
) -> Option<bool> {
    let names = [("side", lang.side(seat))];
    let mut answer = None;
    if ui.button(fill(lang.t(yes), &names)).clicked() {
        answer = Some(true);
    }
    if ui.button(fill(lang.t(no), &names)).clicked() {
        answer = Some(false);
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Piece;
    use crate::engine::rng::SplitMix64;

    use crate::engine::hidden_test_game as hidden_game;

    /// Play turns until some clash happened; return its ply index.
    fn play_to_clash(g: &mut Game) -> usize {
        let mut rng = SplitMix64::new(7);
        for _ in 0..2000 {
            let turns = g.position().legal_turns(g.rules());
            let attacks: Vec<_> = turns
                .iter()
                .copied()
                .filter(|t| matches!(t, Turn::Move { to, .. } if g.position().at(*to).is_some()))
                .collect();
            let pick = rng.choose(if attacks.is_empty() { &turns } else { &attacks });
            let t = *pick.expect("a legal turn");
            g.play(t).unwrap();
            if g.plies()
                .last()
                .unwrap()
                .report
                .as_ref()
                .unwrap()
                .clash
                .is_some()
            {
                return g.plies().len() - 1;
            }
        }
        panic!("no clash");
    }

    /// Quiet turns (no clash): turns that add nothing to the event log.
    fn quiet_turns(g: &mut Game, n: usize) {
        for _ in 0..n {
            let pos = g.position();
            let t = pos
                .legal_turns(g.rules())
                .into_iter()
                .find(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_none()))
                .expect("a quiet turn");
            g.play(t).unwrap();
        }
    }

    #[test]
    fn events_are_listed_in_the_order_they_happened_each_once() {
        use crate::engine::{Disclosure, Formation, Rules, Start};
        let rules = Rules::default();
        let mut rng = SplitMix64::new(5);
        // Two players: a takeback, then a resignation — listed in that order.
        let (red, blue) = (
            Formation::random(&mut rng, &rules),
            Formation::random(&mut rng, &rules),
        );
        let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
        quiet_turns(&mut g, 3);
        let _ = g.disclose(Disclosure::Takeback, Some(Seat::Red), true);
        g.act(Action::Takeback {
            by: Seat::Red,
            turns: 1,
        })
        .unwrap();
        g.act(Action::Resign(Seat::Blue)).unwrap();
        let said: Vec<String> = events(&g, Lang::En, Looker::Nobody)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        assert_eq!(said, ["Red took back turns: 1", "Blue resigned"]);
        // Four players: East resigns between turns and is out; said once, not again at the
        // next turn.
        let f: Vec<Formation> = (0..4)
            .map(|_| Formation::random(&mut rng, &rules))
            .collect();
        let start = Start::four_formations([&f[0], &f[1], &f[2], &f[3]]);
        let mut g = Game::new(rules, start).unwrap();
        quiet_turns(&mut g, 1);
        g.act(Action::Resign(Seat::East)).unwrap();
        quiet_turns(&mut g, 2);
        let outs = events(&g, Lang::En, Looker::Nobody)
            .into_iter()
            .filter(|(_, t)| t.starts_with("East is out"))
            .count();
        assert_eq!(outs, 1, "{:?}", events(&g, Lang::En, Looker::Nobody));
    }

    #[test]
    fn trays_group_pieces_by_rank_highest_first() {
        let p = |r| Seen::Known(Piece::new(Seat::Red, r));
        let seen = [
            p(Rank::Engineer),
            Seen::Unknown(Seat::Red),
            p(Rank::Marshal),
            p(Rank::Engineer),
            Seen::Unknown(Seat::Red),
        ];
        assert_eq!(
            grouped_names(&seen, Lang::En),
            ["Field Marshal", "Engineer ×2", "? ×2"]
        );
        assert!(grouped_names(&[], Lang::Zh).is_empty());
    }

    #[test]
    fn a_team_of_four_players_wins_in_the_plural() {
        use crate::engine::{EndReason, Status, Team};
        let t = status_text(Status::Won(Team::EastWest, EndReason::Flag), Lang::En).unwrap();
        assert!(t.starts_with("East and West win: "), "{t}");
        let t = status_text(Status::Won(Team::Red, EndReason::Flag), Lang::En).unwrap();
        assert!(t.starts_with("Red wins: "), "{t}");
        let t = status_text(Status::Won(Team::EastWest, EndReason::Flag), Lang::Zh).unwrap();
        assert!(t.starts_with("东西方胜"), "{t}");
    }

    #[test]
    fn public_knowledge_hides_both_sides() {
        let mut g = hidden_game();
        let i = play_to_clash(&mut g);
        let ply = &g.plies()[i];
        let Some(Turn::Move { from, to }) = ply.turn else {
            panic!()
        };
        assert!(matches!(
            seen_at(&g, i, Looker::Nobody, from),
            Seen::Unknown(_)
        ));
        assert!(matches!(
            seen_at(&g, i, Looker::Nobody, to),
            Seen::Unknown(_)
        ));
        let mover = ply.report.as_ref().unwrap().mover.side().unwrap();
        assert!(matches!(
            seen_at(&g, i, Looker::Side(mover), from),
            Seen::Known(_)
        ));
        assert!(matches!(
            seen_at(&g, i, Looker::Side(mover), to),
            Seen::Unknown(_)
        ));
        // The move list names no rank the looker does not know.
        let text = move_text_for(&g, i, ply, Lang::En, Looker::Nobody);
        assert!(text.ends_with("?×?"), "{text}");
    }

    /// A referee for a physical board words a dug mine as any defender removed, and names no
    /// piece from a clash's outcome; the rules' own words say the mine was dug and name it.
    #[test]
    fn a_dug_mine_is_worded_by_what_leaves_the_board_only() {
        let empty = "..........";
        let mut ranks = [empty; 12];
        ranks[0] = "..bF....b5"; // rank 12
        ranks[5] = "bM........"; // rank 7
        ranks[6] = "r1........"; // rank 6: an engineer
        ranks[11] = "..rF......"; // rank 1
        let text = format!("{} r 0 0", ranks.join("/"));
        let rules = crate::engine::Rules::for_mode(crate::engine::Mode::Hidden);
        let mut g = Game::new(rules, crate::engine::Start::Position(text)).unwrap();
        let b = g.board();
        let (a6, a7) = (b.node_by_name("a6").unwrap(), b.node_by_name("a7").unwrap());
        g.play(Turn::Move { from: a6, to: a7 }).unwrap();
        assert_eq!(
            g.plies()[0].report.as_ref().unwrap().clash,
            Some(ClashOutcome::MineDug)
        );
        let ply = &g.plies()[0];
        let said = |clashes| {
            let text = move_text_worded(&g, 0, ply, Lang::En, Looker::Nobody, clashes);
            let events = events_noted(&g, Lang::En, Looker::Nobody, clashes, &[]);
            (text, events[0].1.clone())
        };
        let (mv, event) = said(ClashWords::OutcomeOnly);
        assert_eq!(mv, "a6-a7 ?×?");
        assert_eq!(
            event,
            format!("1. a6-a7 ?×?: {}", ClashOutcome::DefenderRemoved.en())
        );
        let (mv, event) = said(ClashWords::Rules);
        assert_eq!(mv, format!("a6-a7 ?×{}", Lang::En.rank(Rank::Mine)));
        assert!(event.ends_with(ClashOutcome::MineDug.en()), "{event}");
        assert!(
            !event.ends_with(ClashOutcome::DefenderRemoved.en()),
            "{event}"
        );
    }

    /// The screen's own notes come among the events where they were made, in their order, and
    /// those made past the last turn at the end.
    #[test]
    fn notes_come_where_they_were_made() {
        let mut g = hidden_game();
        quiet_turns(&mut g, 2);
        let i = play_to_clash(&mut g);
        let note = |k: usize, t: &str| (k, (None, t.to_string()));
        let notes = [
            note(0, "before any turn"),
            note(i + 1, "after the clash"),
            note(0, "also before"),
            note(i + 5, "past the end"),
        ];
        let lines: Vec<String> =
            events_noted(&g, Lang::En, Looker::Nobody, ClashWords::Rules, &notes)
                .into_iter()
                .map(|l| l.1)
                .collect();
        let plain: Vec<String> = events(&g, Lang::En, Looker::Nobody)
            .into_iter()
            .map(|l| l.1)
            .collect();
        assert_eq!(lines.len(), plain.len() + 4, "{lines:?}");
        assert_eq!(lines[..2], ["before any turn", "also before"]);
        let clash = lines
            .iter()
            .position(|l| l.starts_with(&format!("{}. ", i + 1)))
            .expect("the clash");
        assert_eq!(lines[clash + 1], "after the clash", "{lines:?}");
        assert_eq!(lines.last().unwrap(), "past the end");
    }

    #[test]
    fn trays_count_every_removal_but_name_only_known_pieces() {
        let mut g = hidden_game();
        play_to_clash(&mut g);
        for (side, other) in [(Seat::Red, Seat::Blue), (Seat::Blue, Seat::Red)] {
            let truth = removed_seen(&g, Looker::All(g.own_sight(Seat::Red)), side).len();
            let public = removed_seen(&g, Looker::Nobody, side);
            assert_eq!(public.len(), truth);
            let own = removed_seen(&g, Looker::Side(side), side);
            assert!(own.iter().all(|s| matches!(s, Seen::Known(_))));
            let enemy = removed_seen(&g, Looker::Side(other), side);
            assert_eq!(enemy.len(), truth);
        }
    }
}
