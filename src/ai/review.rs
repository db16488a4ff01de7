//! A game review (复盘): every turn of a record judged by the computer from the mover's own view at
//! that turn only.
//!
//! One `AiPlayer` per reviewed seat (flip mode: per player) is told every public turn report in
//! order, each with that seat's view after it (`Game::view`), exactly as a seat at a table is: its
//! belief about the hidden pieces is what it could know then. Before each of the seat's turns it
//! is asked (`AiPlayer::assess`, in its view before the turn) for its own preferred turn and for
//! the scores of that turn and of the turn played. Nothing else of the record reaches it, so two
//! records whose views and public reports agree for a seat up to a turn get the same review of
//! that seat's turns up to there, whatever the pieces it never saw are.
//!
//! Scores are from the mover's side, in the evaluation's units (`eval::value`: a marshal 100, a
//! general 75, a lieutenant 7; ±5000 is a flag taken in every deal). `before` is the score of the
//! preferred turn (what the position was worth with the best play the reviewer sees), `after` the
//! score of the turn played; the loss is `before − after` (0 when the played turn scored as well or
//! better, and always 0 when it is the preferred turn).

use super::Player;
use super::computer::{AiPlayer, Level};
use super::explain::{Asked, Notes};
pub use super::mark::{BLUNDER, DUBIOUS, Mark};
pub use super::search::Decided;
use crate::engine::rng::SplitMix64;
use crate::engine::{Action, ActionError, Chair, Game, Mover, Seat, Turn, View, Viewer};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The node budget per turn a review spends by default at `level` (`AiPlayer::with_nodes`): a
/// fifth of what the level spends in play (docs/ai.md: easy about 50 000, normal 250 000, hard
/// 1 500 000 in two-player games; a quarter of that with four players, whose nodes cost about four
/// times as much), so that a 300-turn hidden game reviewed at normal takes well under a minute.
pub fn default_nodes(level: Level, four: bool) -> u64 {
    let two = match level {
        Level::Easy => 10_000,
        Level::Normal => 50_000,
        Level::Hard => 300_000,
    };
    if four { two / 4 } else { two }
}

/// The reviewer's judgement of one turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Judgement {
    /// The reviewer's own preferred turn.
    pub best: Turn,
    /// The score of `best` (the position's worth with the best play seen).
    pub before: i32,
    /// The score of the turn played.
    pub after: i32,
    /// The end of the game `best` leads to with best play, when the search sees one forced in
    /// every deal it scored: who wins, within how many turns counting this one
    /// (`AiPlayer::assess`, from the search's scores before they are clamped and averaged).
    pub best_end: Option<Decided>,
    /// The same for the turn played.
    pub played_end: Option<Decided>,
}

impl Judgement {
    /// `before − after`, at least 0; 0 when the played turn is the preferred one.
    pub fn loss(&self) -> i32 {
        (self.before - self.after).max(0)
    }
    pub fn mark(&self) -> Mark {
        Mark::of_loss(self.loss())
    }
}

/// One turn of the record, reviewed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TurnReview {
    /// The turn's number (1 = the first turn).
    pub ply: usize,
    /// Who moved: a seat, or in flip mode the player (1 moves first).
    pub who: Chair,
    /// The turn played; `None` for a turn lost to the move clock.
    pub turn: Option<Turn>,
    /// `None` for a lost turn, a flip before the colours are decided (nothing is known to prefer
    /// one flip to another) or a review cancelled during this turn.
    pub judged: Option<Judgement>,
    /// Why it lost what it lost, and what the better turn does (`explain::annotate`).
    pub notes: Notes,
}

impl TurnReview {
    /// The search's mark, or the risk's when that is worse (a careless risk that lost a piece).
    pub fn mark(&self) -> Mark {
        let searched = self.judged.map_or(Mark::None, |j| j.mark());
        let risked = self.notes.risk.map_or(Mark::None, |r| r.mark());
        searched.max(risked)
    }
}

/// What to review and how hard.
#[derive(Clone, Copy, Debug)]
pub struct ReviewOptions {
    pub level: Level,
    /// Search nodes per turn (`AiPlayer::with_nodes`): the review replays exactly.
    pub nodes: u64,
    /// Only this seat's (player's) turns; all when `None`.
    pub only: Option<Chair>,
}

/// The seats of a game as the review names them: the board's seats, or in flip mode the two
/// players.
pub fn chairs(game: &Game) -> Vec<Chair> {
    if game.rules().mode.deals_face_down() {
        vec![Chair::Player(1), Chair::Player(2)]
    } else {
        game.board().seats.iter().map(|&s| Chair::Side(s)).collect()
    }
}

/// The chair to move in `g` (flip mode: the player whose colour moves).
fn chair_to_move(g: &Game) -> Option<Chair> {
    let flip = g.rules().mode.deals_face_down();
    match g.position().mover() {
        Mover::Player(p) => Some(Chair::Player(p)),
        Mover::Side(s) if flip => [1, 2]
            .into_iter()
            .find(|&p| g.player_colour(p) == Some(s))
            .map(Chair::Player),
        Mover::Side(s) => Some(Chair::Side(s)),
    }
}

/// The view of `chair` in `g`, as a seat at a table gets it (flip mode before the colours: the
/// public view, as Red's).
fn view_of(g: &Game, chair: Chair) -> View {
    let side = match chair {
        Chair::Side(s) => s,
        Chair::Player(p) => g.player_colour(p).unwrap_or(Seat::Red),
    };
    g.view(Viewer::Side(side))
}

/// The random generator for the assessment of turn `ply` (the same whatever the record hides).
fn rng_for(ply: usize) -> SplitMix64 {
    SplitMix64::new(0x5EED_5EED ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Review the standing turns of `game` (taken-back turns are not reviewed). `progress(done,
/// total)` is called after each turn (total: the turns of the record); once `cancel` is set the
/// turns reviewed so far are returned.
///
/// # Errors
/// An action of the record that does not replay from its start (a record `Game::from_ron`
/// accepted replays).
pub fn review_game(
    game: &Game,
    opts: &ReviewOptions,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &Arc<AtomicBool>,
) -> Result<Vec<TurnReview>, ActionError> {
    let rules = game.rules().clone();
    let total = game.plies().len();
    let mut g = Game::new(rules.clone(), game.record().start.clone())
        .expect("a replayed game's start is valid");
    let mut seats: Vec<(Chair, AiPlayer)> = chairs(game)
        .into_iter()
        .filter(|c| opts.only.is_none_or(|o| o == *c))
        .map(|c| {
            let mut p = AiPlayer::new(opts.level).with_nodes(opts.nodes);
            p.set_cancel(cancel.clone());
            (c, p)
        })
        .collect();
    let mut out = Vec::new();
    for action in game.standing_actions() {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let who = chair_to_move(&g);
        match action {
            Action::Turn(text) => {
                let turn = Turn::parse(text, g.board()).map_err(ActionError::Notation)?;
                let ply = g.plies().len() + 1;
                let mut judged = None;
                let mut reviewed = false;
                if let Some(who) = who
                    && let Some((_, p)) = seats.iter_mut().find(|(c, _)| *c == who)
                {
                    reviewed = true;
                    let view = view_of(&g, who);
                    judged = p
                        .assess(&view, &rules, &mut rng_for(ply), turn)
                        .map(|a| Judgement {
                            best: a.best,
                            before: a.best_score,
                            after: a.played_score,
                            best_end: a.best_end,
                            played_end: a.played_end,
                        });
                }
                g.act(action.clone())?;
                let report = g.plies().last().and_then(|p| p.report.clone());
                if let Some(report) = report {
                    for (c, p) in &mut seats {
                        p.observe(&report, &view_of(&g, *c));
                    }
                }
                if let (true, Some(who)) = (reviewed, who) {
                    out.push(TurnReview {
                        ply,
                        who,
                        turn: Some(turn),
                        judged,
                        notes: Notes::default(),
                    });
                }
                progress(ply, total);
            }
            Action::Refused(text) => {
                // Public: the flag is shown to all; the attacker was told and moves again.
                let turn = Turn::parse(text, g.board()).map_err(ActionError::Notation)?;
                if let Some(who) = who
                    && let Some((_, p)) = seats.iter_mut().find(|(c, _)| *c == who)
                {
                    p.refused(turn);
                }
                g.act(action.clone())?;
            }
            Action::Timeout(_) => {
                g.act(action.clone())?;
                let ply = g.plies().len();
                if let Some(who) = who
                    && seats.iter().any(|(c, _)| *c == who)
                {
                    out.push(TurnReview {
                        ply,
                        who,
                        turn: None,
                        judged: None,
                        notes: Notes::default(),
                    });
                }
                progress(ply, total);
            }
            _ => g.act(action.clone())?,
        }
    }
    annotate(game, &mut out, &mut |_| {});
    Ok(out)
}

/// Fill the `notes` of each turn of `reviews` (`explain::annotate`), calling `progress(turns)`
/// as it goes through the record.
fn annotate(game: &Game, reviews: &mut [TurnReview], progress: &mut dyn FnMut(usize)) {
    let asked: Vec<Asked> = reviews
        .iter()
        .filter_map(|r| {
            Some(Asked {
                ply: r.ply,
                turn: r.turn?,
                mistake: r.judged.map(|j| (j.mark() != Mark::None, j.best)),
            })
        })
        .collect();
    let notes = super::explain::annotate_with(game, &asked, progress);
    for (a, n) in asked.iter().zip(notes) {
        if let Some(r) = reviews.iter_mut().find(|r| r.ply == a.ply) {
            r.notes = n;
        }
    }
}

/// The review's word for a seat: `red`, `blue`; `south`, `east`, `north`, `west`; flip mode
/// `player1`, `player2`.
pub fn chair_word(c: Chair) -> String {
    match c {
        Chair::Side(s) => s.en().to_lowercase(),
        Chair::Player(p) => format!("player{p}"),
    }
}

/// A signed score: `+35`, `-120`, `+0`.
fn signed(v: i32) -> String {
    format!("{v:+}")
}

/// One line of the review: `12 blue e9-e8 before=+35 after=-120 best=d9-d8 ??` (the mark, if
/// any, last), `1 player1 c7 unjudged` for a turn not judged, `40 red timeout` for a lost turn.
pub fn line(game: &Game, r: &TurnReview) -> String {
    let who = chair_word(r.who);
    let Some(turn) = r.turn else {
        return format!("{} {who} timeout", r.ply);
    };
    let board = game.board();
    let turn = turn.notation(board);
    let Some(j) = r.judged else {
        return format!("{} {who} {turn} unjudged", r.ply);
    };
    let mut s = format!(
        "{} {who} {turn} before={} after={} best={}",
        r.ply,
        signed(j.before),
        signed(j.after),
        j.best.notation(board)
    );
    let mark = r.mark().symbol();
    if !mark.is_empty() {
        s.push(' ');
        s.push_str(mark);
    }
    s
}

/// The format of a review kept in a record (`CACHE_KEY`); a kept review of another format, another
/// program version, level or node budget is not read (the game is reviewed again).
pub const CACHE_FORMAT: &str = "review2";

/// The program version a kept review names: a review by another version may judge differently.
pub const CACHE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// An end of the game as a kept review writes it: `w3` won within 3 turns, `l2` lost within 2,
/// `-` none seen.
fn end_word(end: Option<Decided>) -> String {
    match end {
        Some(d) => format!("{}{}", if d.wins { 'w' } else { 'l' }, d.plies),
        None => "-".into(),
    }
}

/// The inverse of `end_word`; `None` for a word that is not one (`Some(None)` for `-`).
fn end_of_word(w: &str) -> Option<Option<Decided>> {
    if w == "-" {
        return Some(None);
    }
    let wins = match w.as_bytes().first()? {
        b'w' => true,
        b'l' => false,
        _ => return None,
    };
    let digits = &w[1..];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let plies: u32 = digits.parse().ok().filter(|&n| n >= 1)?;
    Some(Some(Decided { plies, wins }))
}

/// A review as a record keeps it (the record's `review` info): `review2 VERSION LEVEL NODES`,
/// then `;` and one entry per turn: `PLY WHO TURN BEST BEFORE AFTER BEST_END PLAYED_END` (each end
/// `w3`, `l2` or `-`: `end_word`), `PLY WHO TURN -` for a turn not judged, `PLY WHO timeout` for
/// a lost turn (docs/formats.md).
pub fn cache_text(game: &Game, level: Level, nodes: u64, reviews: &[TurnReview]) -> String {
    let board = game.board();
    let mut s = format!("{CACHE_FORMAT} {CACHE_VERSION} {} {nodes}", level.word());
    for r in reviews {
        s.push(';');
        let who = chair_word(r.who);
        match (r.turn, r.judged) {
            (None, _) => s.push_str(&format!("{} {who} timeout", r.ply)),
            (Some(t), None) => s.push_str(&format!("{} {who} {} -", r.ply, t.notation(board))),
            (Some(t), Some(j)) => s.push_str(&format!(
                "{} {who} {} {} {} {} {} {}",
                r.ply,
                t.notation(board),
                j.best.notation(board),
                j.before,
                j.after,
                end_word(j.best_end),
                end_word(j.played_end)
            )),
        }
    }
    s
}

/// A kept review of `game` (`cache_text`) made at `level` with `nodes` by this version of the
/// program, checked against the record: `None` when it is of another format, version, level or
/// budget, or does not fit the record's turns (then the game is reviewed again).
pub fn from_cache(game: &Game, text: &str, level: Level, nodes: u64) -> Option<Vec<TurnReview>> {
    from_cache_with(game, text, level, nodes, &mut |_| {})
}

/// `from_cache`, calling `progress(turns)` as the reasons are worked out again turn by turn
/// (`explain::annotate`: the kept text holds the scores, not the reasons).
pub fn from_cache_with(
    game: &Game,
    text: &str,
    level: Level,
    nodes: u64,
    progress: &mut dyn FnMut(usize),
) -> Option<Vec<TurnReview>> {
    let mut parts = text.split(';');
    let head: Vec<&str> = parts.next()?.split(' ').collect();
    let expect = [
        CACHE_FORMAT,
        CACHE_VERSION,
        level.word(),
        &nodes.to_string(),
    ];
    if head != expect {
        return None;
    }
    let board = game.board();
    let chairs = chairs(game);
    let plies = game.plies();
    let mut out: Vec<TurnReview> = Vec::new();
    for entry in parts {
        let w: Vec<&str> = entry.split(' ').collect();
        let ply: usize = w.first()?.parse().ok()?;
        if ply == 0 || ply > plies.len() || out.last().is_some_and(|r| r.ply >= ply) {
            return None;
        }
        let who = *chairs
            .iter()
            .find(|&&c| Some(chair_word(c).as_str()) == w.get(1).copied())?;
        let played = plies[ply - 1].turn;
        let (turn, judged) = match &w[2..] {
            ["timeout"] => (None, None),
            [t, "-"] => (Some(Turn::parse(t, board).ok()?), None),
            [t, best, before, after, best_end, played_end] => (
                Some(Turn::parse(t, board).ok()?),
                Some(Judgement {
                    best: Turn::parse(best, board).ok()?,
                    before: before.parse().ok()?,
                    after: after.parse().ok()?,
                    best_end: end_of_word(best_end)?,
                    played_end: end_of_word(played_end)?,
                }),
            ),
            _ => return None,
        };
        if turn != played {
            return None;
        }
        out.push(TurnReview {
            ply,
            who,
            turn,
            judged,
            notes: Notes::default(),
        });
    }
    annotate(game, &mut out, progress);
    Some(out)
}

/// What one side could know of one enemy piece at a turn (the belief map): where it stands, the
/// share of each rank among the belief's deals (in hundredths, by `Rank as usize`), and whether
/// the belief allows one rank only (deduced or seen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceBelief {
    pub node: crate::engine::NodeId,
    pub odds: [u8; 13],
    pub certain: bool,
}

impl PieceBelief {
    /// The most likely rank and its share (in hundredths).
    pub fn likeliest(&self) -> (crate::engine::Rank, u8) {
        crate::engine::Rank::ALL
            .into_iter()
            .map(|r| (r, self.odds[r as usize]))
            .max_by_key(|&(r, o)| (o, std::cmp::Reverse(r as u8)))
            .unwrap_or((crate::engine::Rank::Lieutenant, 0))
    }

    /// The ranks with a share, likeliest first.
    pub fn ranked(&self) -> Vec<(crate::engine::Rank, u8)> {
        let mut v: Vec<_> = crate::engine::Rank::ALL
            .into_iter()
            .map(|r| (r, self.odds[r as usize]))
            .filter(|&(_, o)| o > 0)
            .collect();
        v.sort_by_key(|&(r, o)| (std::cmp::Reverse(o), r as u8));
        v
    }
}

/// How many deals the belief map counts.
pub const BELIEF_DEALS: usize = 60;

/// What `side` could know, after the first `ply` turns of a hidden game, of every enemy piece on
/// the board (four players: of every other seat's hidden pieces): a belief (`ai::belief`) fed
/// only that side's views and the public reports of those turns, as its computer at the table is,
/// then `BELIEF_DEALS` deals from it counted. Empty in open and flip games (nothing is tracked
/// by identity there). The deals' random generator depends on the turn only, so the map is the
/// same whatever the record hides.
pub fn belief_map(game: &Game, side: Seat, ply: usize) -> Vec<PieceBelief> {
    use super::belief::{Belief, ranks_in};
    let rules = game.rules();
    if rules.mode != crate::engine::Mode::Hidden || !game.board().seats.contains(&side) {
        return Vec::new();
    }
    let mut beliefs: Vec<Belief> = if game.board().is_four() {
        game.board()
            .seats
            .iter()
            .filter(|&&s| s != side)
            .map(|&s| Belief::about(s))
            .collect()
    } else {
        vec![Belief::default()]
    };
    let Ok(mut g) = Game::new(rules.clone(), game.record().start.clone()) else {
        return Vec::new();
    };
    let start = g.view(Viewer::Side(side));
    for b in &mut beliefs {
        b.start(&start, rules, side);
    }
    for action in game.standing_actions() {
        if g.plies().len() >= ply {
            break;
        }
        let mover = g.position().mover();
        let refused = match action {
            Action::Refused(text) if mover == Mover::Side(side) => {
                Turn::parse(text, g.board()).ok()
            }
            _ => None,
        };
        if g.act(action.clone()).is_err() {
            break;
        }
        if let Some(Turn::Move { to, .. }) = refused {
            for b in &mut beliefs {
                b.learn_flag_at(to);
            }
        }
        if matches!(action, Action::Turn(_))
            && let Some(report) = g.plies().last().and_then(|p| p.report.clone())
        {
            let after = g.view(Viewer::Side(side));
            for b in &mut beliefs {
                b.observe(&report, &after, rules);
            }
        }
    }
    let mut out = Vec::new();
    let mut rng = rng_for(ply ^ 0xBE11_EF00);
    for b in &beliefs {
        let deals = b.samples(BELIEF_DEALS, false, &mut rng);
        for t in b.pieces.iter() {
            let Some(n) = t.node else { continue };
            let mut counts = [0u32; 13];
            for deal in &deals {
                if let Some(&(_, r)) = deal.iter().find(|(m, _)| *m == n) {
                    counts[r as usize] += 1;
                }
            }
            let total: u32 = counts.iter().sum::<u32>().max(1);
            let mut odds = [0u8; 13];
            for (o, c) in odds.iter_mut().zip(counts) {
                *o = ((c * 100 + total / 2) / total) as u8;
            }
            out.push(PieceBelief {
                node: n,
                odds,
                certain: ranks_in(t.may_be).count() == 1,
            });
        }
    }
    out.sort_by_key(|p| p.node);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::ai_formation;
    use crate::engine::{Formation, Mode, Rules, Start};

    /// `f` with two pairs of movable pieces of different ranks (lines 2 to 5) swapped, still a
    /// valid formation.
    fn swapped(mut f: Formation, rules: &Rules) -> Formation {
        let places: Vec<(u8, u8)> = (2..=5).flat_map(|l| (1..=5).map(move |c| (l, c))).collect();
        let mut swaps = 0;
        let mut used: Vec<(u8, u8)> = Vec::new();
        for (i, &(l1, c1)) in places.iter().enumerate() {
            for &(l2, c2) in &places[i + 1..] {
                if swaps == 2 || used.contains(&(l1, c1)) || used.contains(&(l2, c2)) {
                    continue;
                }
                let (Some(a), Some(b)) = (f.at(l1, c1), f.at(l2, c2)) else {
                    continue;
                };
                if a == b || !a.is_movable() || !b.is_movable() {
                    continue;
                }
                let mut g = f.clone();
                g.set(l1, c1, Some(b));
                g.set(l2, c2, Some(a));
                if g.is_valid(rules) {
                    f = g;
                    swaps += 1;
                    used.extend([(l1, c1), (l2, c2)]);
                }
            }
        }
        assert_eq!(swaps, 2);
        f
    }

    /// Two hidden games, the second with two pairs of one enemy seat's pieces swapped.
    fn two_truths(four: bool) -> [Game; 2] {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut rng = SplitMix64::new(21);
        let n = if four { 4 } else { 2 };
        let f: Vec<Formation> = (0..n).map(|_| ai_formation(&mut rng, &rules)).collect();
        let other = swapped(f[1].clone(), &rules);
        assert!(other.is_valid(&rules), "{:?}", other.problems(&rules));
        let starts = if four {
            [
                Start::four_formations([&f[0], &f[1], &f[2], &f[3]]),
                Start::four_formations([&f[0], &other, &f[2], &f[3]]),
            ]
        } else {
            [
                Start::formations(&f[0], &f[1]),
                Start::formations(&f[0], &other),
            ]
        };
        starts.map(|s| Game::new(rules.clone(), s).unwrap())
    }

    /// Play up to `plies` turns in both games: each a random plain move (to an empty square) that
    /// is legal in both truths and moves the same piece in both, checking that `seat`'s views
    /// stay equal. Returns the turns played.
    fn play_alike(games: &mut [Game; 2], seat: Seat, plies: usize) -> usize {
        let rules = games[0].rules().clone();
        let mut rng = SplitMix64::new(4);
        for k in 0..plies {
            let (a, b) = (games[0].position(), games[1].position());
            let bt = b.legal_turns(&rules);
            let common: Vec<Turn> = a
                .legal_turns(&rules)
                .into_iter()
                .filter(|t| {
                    bt.contains(t)
                        && matches!(*t, Turn::Move { from, to }
                            if a.at(to).is_none() && b.at(to).is_none() && a.at(from) == b.at(from))
                })
                .collect();
            let Some(&t) = rng.choose(&common) else {
                return k;
            };
            for g in games.iter_mut() {
                g.play(t).unwrap();
            }
            if games[0].status().is_over() {
                return k + 1;
            }
            let views = games.each_ref().map(|g| g.view(Viewer::Side(seat)));
            assert_eq!(views[0].cells(), views[1].cells(), "turn {}", k + 1);
        }
        plies
    }

    fn review_of(game: &Game, only: Chair) -> Vec<TurnReview> {
        let opts = ReviewOptions {
            level: Level::Easy,
            nodes: 3000,
            only: Some(only),
        };
        let cancel = Arc::new(AtomicBool::new(false));
        review_game(game, &opts, &mut |_, _| {}, &cancel).unwrap()
    }

    fn same_view_same_review(four: bool, seat: Seat) {
        let mut games = two_truths(four);
        assert_ne!(
            games[0].position().notation(),
            games[1].position().notation()
        );
        let played = play_alike(&mut games, seat, 16);
        assert!(played >= 8, "only {played} turns alike");
        let reviews = games.each_ref().map(|g| review_of(g, Chair::Side(seat)));
        assert_eq!(reviews[0], reviews[1]);
        let lines =
            |k: usize| -> Vec<String> { reviews[k].iter().map(|r| line(&games[k], r)).collect() };
        assert_eq!(lines(0), lines(1));
        let seats = games[0].board().seats.len();
        assert!(reviews[0].len() >= played / seats, "{:?}", lines(0));
        assert!(reviews[0].iter().all(|r| r.who == Chair::Side(seat)));
        for r in &reviews[0] {
            let j = r.judged.expect("judged");
            if Some(j.best) == r.turn {
                assert_eq!(
                    (j.before, j.after, j.mark()),
                    (j.after, j.before, Mark::None)
                );
            }
        }
    }

    #[test]
    fn review_is_the_same_behind_the_same_view_with_two_players() {
        same_view_same_review(false, Seat::Red);
    }

    #[test]
    fn review_is_the_same_behind_the_same_view_with_four_players() {
        same_view_same_review(true, Seat::South);
    }

    /// The belief map of a side is the same behind the same view whatever the truth, narrows
    /// with what was seen, and the kept review reads back only as it was written.
    #[test]
    fn belief_map_and_kept_review_depend_on_the_view_only() {
        for (four, seat) in [(false, Seat::Red), (true, Seat::South)] {
            let mut games = two_truths(four);
            let played = play_alike(&mut games, seat, 12);
            let maps = games.each_ref().map(|g| belief_map(g, seat, played));
            assert_eq!(maps[0], maps[1]);
            let enemies = if four { 75 } else { 25 };
            assert_eq!(maps[0].len(), enemies);
            for b in &maps[0] {
                let sum: u32 = b.odds.iter().map(|&o| o as u32).sum();
                assert!((95..=105).contains(&sum), "{b:?}");
            }
            // At the start the flag may be only in an HQ: an enemy piece off the HQs is never it.
            let start = belief_map(&games[0], seat, 0);
            assert!(
                start
                    .iter()
                    .any(|b| b.odds[crate::engine::Rank::Flag as usize] == 0)
            );
        }
        let mut games = two_truths(false);
        let played = play_alike(&mut games, Seat::Red, 6);
        let g = &games[0];
        let reviews = review_of(g, Chair::Side(Seat::Red));
        let text = cache_text(g, Level::Easy, 3000, &reviews);
        assert_eq!(
            from_cache(g, &text, Level::Easy, 3000),
            Some(reviews.clone())
        );
        // Read back with its progress: turn by turn up to the record's last.
        let mut seen = Vec::new();
        let read = from_cache_with(g, &text, Level::Easy, 3000, &mut |n| seen.push(n));
        assert_eq!(read, Some(reviews.clone()));
        assert_eq!(seen, (1..=g.plies().len()).collect::<Vec<_>>());
        assert_eq!(from_cache(g, &text, Level::Easy, 3001), None);
        // The ends of a judged turn are read back as written, and a bad one is refused.
        for (word, end) in [
            (
                "w3",
                Some(Decided {
                    plies: 3,
                    wins: true,
                }),
            ),
            (
                "l12",
                Some(Decided {
                    plies: 12,
                    wins: false,
                }),
            ),
            ("-", None),
        ] {
            assert_eq!(end_of_word(word), Some(end));
            assert_eq!(end_word(end), word);
        }
        for bad in ["w", "x3", "w0", "l-2", "w3x", ""] {
            assert_eq!(end_of_word(bad), None, "{bad}");
        }
        assert_eq!(from_cache(g, &text, Level::Normal, 3000), None);
        assert!(from_cache(&games[1], &text, Level::Easy, 3000).is_some());
        assert!(played >= 4);
        for bad in [
            "",
            "review2",
            &text.replace(";1 ", ";0 "),
            &format!("{text};x"),
        ] {
            assert_eq!(from_cache(g, bad, Level::Easy, 3000), None, "{bad}");
        }
    }

    #[test]
    fn review_marks_losses_by_thresholds() {
        assert_eq!(Mark::of_loss(0), Mark::None);
        assert_eq!(Mark::of_loss(DUBIOUS - 1), Mark::None);
        assert_eq!(Mark::of_loss(DUBIOUS), Mark::Dubious);
        assert_eq!(Mark::of_loss(BLUNDER), Mark::Blunder);
        let board = crate::engine::Board::two_player();
        let t = Turn::parse("a4-a5", board).unwrap();
        let j = Judgement {
            best: t,
            before: 10,
            after: 30,
            best_end: None,
            played_end: None,
        };
        assert_eq!((j.loss(), j.mark().symbol()), (0, ""));
        let rules = Rules::default();
        let g = Game::new(rules.clone(), Start::random(&rules, 1)).unwrap();
        let r = TurnReview {
            ply: 12,
            who: Chair::Side(Seat::Blue),
            turn: Some(t),
            judged: Some(Judgement {
                best: t,
                before: 35,
                after: -120,
                best_end: None,
                played_end: None,
            }),
            notes: Notes::default(),
        };
        assert_eq!(
            line(&g, &r),
            "12 blue a4-a5 before=+35 after=-120 best=a4-a5 ??"
        );
    }

    /// Flip mode: the players are reviewed, the flips before the colours are not judged.
    #[test]
    fn review_of_a_flip_game_names_the_players() {
        let rules = Rules::for_mode(Mode::Flip);
        let mut g = Game::new(rules.clone(), Start::FlipDeal { seed: 3 }).unwrap();
        let mut rng = SplitMix64::new(2);
        for _ in 0..8 {
            let t = *rng.choose(&g.position().legal_turns(&rules)).unwrap();
            g.play(t).unwrap();
        }
        let opts = ReviewOptions {
            level: Level::Easy,
            nodes: 2000,
            only: None,
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let r = review_game(&g, &opts, &mut |_, _| {}, &cancel).unwrap();
        assert_eq!(r.len(), 8);
        assert_eq!(r[0].who, Chair::Player(1));
        assert_eq!(r[1].who, Chair::Player(2));
        assert!(r[0].judged.is_none(), "the first flip decides the colours");
        assert!(line(&g, &r[0]).ends_with(" unjudged"));
        assert!(r.iter().skip(2).any(|x| x.judged.is_some()));
    }

    /// The review of a hidden game in which Red lost its marshal and its general to bombs: each
    /// loss weighed from Red's information then, a careless risk marked a mistake, a reasonable
    /// one said to be one, and not "no mistakes" overall.
    #[test]
    fn marshal_and_general_lost_to_bombs_are_weighed() {
        let (game, bombed) = crate::ai::explain::tests::reckless_game(24);
        assert_eq!(bombed.len(), 2, "the marshal and the general fell to bombs");
        let opts = ReviewOptions {
            level: Level::Easy,
            nodes: 3000,
            only: Some(Chair::Side(Seat::Red)),
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let reviews = review_game(&game, &opts, &mut |_, _| {}, &cancel).unwrap();
        for r in &reviews {
            eprintln!(
                "{} {:?} {:?} {:?}",
                r.ply,
                r.judged.map(|j| (j.before, j.after, j.mark())),
                r.notes,
                r.mark()
            );
        }
        for &ply in &bombed {
            let r = reviews.iter().find(|r| r.ply == ply).expect("reviewed");
            let risk = r
                .notes
                .risk
                .expect("a lost attack on an unknown piece is weighed");
            assert!(risk.lose > 0, "{risk:?}");
            assert_eq!(risk.careless(), risk.mark() != Mark::None);
            assert!(r.mark() >= risk.mark());
        }
        let mistakes = reviews.iter().filter(|r| r.mark() != Mark::None).count();
        assert!(mistakes > 0, "reviewed as no mistakes");
    }
}
