//! The leak checker: after a step of a window test, read every label and value on screen and fail
//! if one shows a piece the player looking may not know.
//!
//! Who is looking is worked out from the game, not from the app's own bookkeeping: a finished
//! game, an open game or the referee view shows everything; a flip game in progress shows what both
//! players see; against the computer the human looks; in a hidden game between people the curtain
//! down means nobody in particular (only what both players know), lifted the side to move.
//! Board cells must read exactly as `node_label` of that looker's view; any other text may name a
//! piece (side and rank, in English or Chinese) only if the looker knew it at some turn (its own
//! pieces, a revealed flag, a flipped piece, a dug mine).
#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use junqi::app::board::node_label;
use junqi::app::settings::Occupant;
use junqi::app::{JunqiApp, Screen};
use junqi::engine::{
    ClashOutcome, Disclosure, Game, Mode, NodeId, Piece, Rank, Seat, Seen, Turn, View, Viewer,
};
use junqi::i18n::Lang;
use std::collections::HashSet;

/// Who looks at the screen, as the leak checker works it out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Looking {
    /// Everything may be shown.
    All,
    /// What this viewer knows (a side in a hidden game, Red's view = everyone's in a flip game).
    Viewer(Viewer),
    /// Only what both players know; no board cell at all (the curtain is down).
    Nobody,
}

/// Every label and value on screen.
pub fn texts(h: &Harness<'static, JunqiApp>) -> Vec<String> {
    let mut out = Vec::new();
    for node in h.query_all(By::new()) {
        let n = node.accesskit_node();
        out.extend(n.label());
        out.extend(n.value());
        out.extend(n.description());
    }
    out
}

/// The (side, rank) pairs `looking` may know in `game`: every piece it saw at any turn up to `upto`
/// (plies), its own side, mines dug (announced to both) and field marshals whose fall showed
/// their flag (the flag is shown because the marshal fell).
fn knowable(game: &Game, looking: Looking, upto: usize) -> Option<HashSet<(Seat, Rank)>> {
    let rules = game.rules();
    let mut set = HashSet::new();
    let add_known = |set: &mut HashSet<(Seat, Rank)>, v: &View, other: Option<&View>| {
        for n in 0..v.board().len() as NodeId {
            if let Seen::Known(p) = v.at(n)
                && !p.is_face_down()
                && other.is_none_or(|o| matches!(o.at(n), Seen::Known(_)))
            {
                set.insert((p.side(), p.rank()));
            }
        }
    };
    for k in 0..=upto.min(game.plies().len()) {
        let pos = game.position_at(k);
        match looking {
            Looking::All => return None,
            Looking::Viewer(Viewer::Referee) => return None,
            Looking::Viewer(v) => add_known(&mut set, &pos.view(rules, v), None),
            Looking::Nobody => {
                // What every seat knows: a piece known to the first seat and all the others.
                let seats = game.board().seats;
                let views: Vec<View> = seats
                    .iter()
                    .map(|&s| pos.view(rules, Viewer::Side(s)))
                    .collect();
                for n in 0..views[0].board().len() as NodeId {
                    if let Seen::Known(p) = views[0].at(n)
                        && !p.is_face_down()
                        && views.iter().all(|v| matches!(v.at(n), Seen::Known(_)))
                    {
                        set.insert((p.side(), p.rank()));
                    }
                }
            }
        }
    }
    if let Looking::Viewer(Viewer::Side(me)) = looking
        && rules.mode == Mode::Hidden
    {
        for r in Rank::ALL {
            set.insert((me, r));
        }
    }
    for (i, ply) in game.plies().iter().enumerate().take(upto) {
        if let (Some(Turn::Move { to, .. }), Some(rep)) = (ply.turn, &ply.report)
            && rep.clash == Some(ClashOutcome::MineDug)
            && let Some(d) = game.position_at(i).at(to)
        {
            set.insert((d.side(), Rank::Mine));
        }
        for (side, _) in ply.report.iter().flat_map(|r| r.flags_revealed()) {
            set.insert((side, Rank::Marshal));
        }
    }
    Some(set)
}

/// The pieces a text names: "Red Colonel" / "红 团长" / "红团长", "South Colonel" / "南 团长"
/// (the longest rank name wins, so "Major General" is not read as "Major").
pub fn named_pieces(text: &str) -> Vec<(Seat, Rank)> {
    let mut out = Vec::new();
    let mut ranks: Vec<Rank> = Rank::ALL.to_vec();
    ranks.sort_by_key(|r| std::cmp::Reverse(r.en().len()));
    for side in Seat::ALL {
        for (word, zh) in [(side.en(), false), (side.zh(), true)] {
            for (i, _) in text.match_indices(word) {
                let rest = &text[i + word.len()..];
                let rest = if zh {
                    rest.strip_prefix(' ').unwrap_or(rest)
                } else {
                    match rest.strip_prefix(' ') {
                        Some(r) => r,
                        None => continue,
                    }
                };
                if let Some(r) = ranks.iter().find(|r| {
                    if zh {
                        rest.starts_with(r.zh())
                    } else {
                        rest.starts_with(r.en())
                    }
                }) {
                    out.push((side, *r));
                }
            }
        }
    }
    out
}

/// If `label` has the shape of a board cell's label ("b2", "b2 Red Colonel", "b2 Red unknown
/// piece", "b2 face-down piece"), its node.
fn cell_of(game: &Game, label: &str) -> Option<NodeId> {
    let (sq, rest) = label.split_once(' ').unwrap_or((label, ""));
    let n = game.board().node_by_name(sq)?;
    let cell_shape = rest.is_empty()
        || rest == "face-down piece"
        || Seat::ALL.iter().any(|s| {
            rest.strip_prefix(s.en())
                .and_then(|r| r.strip_prefix(' '))
                .is_some_and(|r| r == "unknown piece" || Rank::ALL.iter().any(|k| k.en() == r))
        });
    cell_shape.then_some(n)
}

/// The pieces a move-list or event-log line names: "  7. b6-b7 Colonel×?" or "7. b6-b7 Colonel×Major:
/// …" — the first rank is the mover's, the second its opponent's.
fn move_line_pieces(game: &Game, text: &str) -> Vec<(Seat, Rank)> {
    let mut out = Vec::new();
    let Some((num, rest)) = text.trim_start().split_once(". ") else {
        return out;
    };
    let Ok(n) = num.parse::<usize>() else {
        return out;
    };
    let Some(mover) = game
        .plies()
        .get(n.wrapping_sub(1))
        .and_then(|p| p.report.as_ref())
        .and_then(|r| r.mover.side())
    else {
        return out;
    };
    // Four players: the mover's seat comes first ("East l11-k12 ?×?").
    let rest = Seat::ALL
        .iter()
        .find_map(|s| {
            rest.strip_prefix(s.en())
                .or_else(|| rest.strip_prefix(s.zh()))
                .and_then(|r| r.strip_prefix(' '))
        })
        .unwrap_or(rest);
    let Some((_mv, ranks)) = rest.split_once(' ') else {
        return out;
    };
    let ranks = ranks.split([':', '：']).next().unwrap_or("").trim();
    let rank_of = |w: &str| {
        Rank::ALL
            .into_iter()
            .find(|r| r.en() == w.trim() || r.zh() == w.trim())
    };
    let (a, d) = match ranks.split_once('×') {
        Some((a, d)) => (a, Some(d)),
        None => (ranks, None),
    };
    if let Some(r) = rank_of(a) {
        out.push((mover, r));
    }
    // The defender: whoever stood on the destination before the turn (any of three opponents in
    // a four-player game).
    let defender = match game.plies()[n - 1].turn {
        Some(Turn::Move { to, .. }) => game.position_at(n - 1).at(to).map(|p| p.side()),
        _ => None,
    };
    if let (Some(r), Some(side)) = (d.and_then(rank_of), defender) {
        out.push((side, r));
    }
    out
}

/// The pieces the trays name: after "Removed pieces", "Red" then its rank names, "Blue" then its.
fn tray_pieces(texts: &[String]) -> Vec<(Seat, Rank)> {
    let mut out = Vec::new();
    let Some(start) = texts.iter().position(|t| t == "Removed pieces") else {
        return out;
    };
    let mut side = None;
    let mut last: Option<&String> = None;
    for t in &texts[start + 1..] {
        // A label's text is read as its label and as its value: once is enough.
        if last == Some(t) || t == "Removed pieces" {
            continue;
        }
        last = Some(t);
        if let Some(s) = Seat::ALL.into_iter().find(|s| s.en() == t) {
            if side == Some(Seat::Blue) || side == Some(Seat::West) {
                break;
            }
            side = Some(s);
            continue;
        }
        let Some(s) = side else { break };
        if t == "?" || t == "(none yet)" {
            continue;
        }
        match Rank::ALL.into_iter().find(|r| r.en() == t) {
            Some(r) => out.push((s, r)),
            None => break,
        }
    }
    out
}

fn check(texts: &[String], game: &Game, looking: Looking, cells: Option<&View>, upto: usize) {
    let allowed = knowable(game, looking, upto);
    if let Some(allowed) = &allowed {
        for piece in tray_pieces(texts) {
            assert!(
                allowed.contains(&piece),
                "leak: a tray names {piece:?}, unknown to {looking:?}"
            );
        }
    }
    for t in texts {
        if let Some(n) = cell_of(game, t) {
            match cells {
                None => panic!("leak: board cell {t:?} on screen while nobody in particular looks"),
                Some(v) => {
                    let want = node_label(v, Lang::En, n);
                    assert_eq!(t, &want, "leak: board cell for {looking:?}");
                }
            }
            continue;
        }
        if let Some(allowed) = &allowed {
            for piece in named_pieces(t).into_iter().chain(move_line_pieces(game, t)) {
                assert!(
                    allowed.contains(&piece),
                    "leak: {t:?} names {piece:?}, unknown to {looking:?}"
                );
            }
        }
    }
}

/// The gate's note for a viewpoint beyond the owner's own must be in the record.
fn assert_noted(game: &Game, what: Disclosure) {
    assert!(
        game.record().disclosures.iter().any(|d| d.what == what),
        "{what:?} shown without a note in the record"
    );
}

/// Who looks at the play screen.
pub fn play_looking(app: &JunqiApp) -> Looking {
    let play = app.play().expect("a game in play");
    let game = &play.game();
    if game.status().is_over() || game.rules().mode == Mode::Open {
        return Looking::All;
    }
    if play.modes().referee.is_some() {
        assert_noted(game, Disclosure::RefereeView);
        return Looking::All;
    }
    if game.rules().mode == Mode::Flip {
        return Looking::Viewer(Viewer::Side(Seat::Red));
    }
    let seats = &play.computer().seats;
    // Against the computer the human looks, unless people who must not see each other share
    // the screen (four players: then the curtain decides, as between two people).
    if seats.iter().any(|s| *s != Occupant::Human) && !play.hidden_hotseat() {
        let k = seats
            .iter()
            .position(|s| *s == Occupant::Human)
            .unwrap_or(0);
        return Looking::Viewer(Viewer::Side(game.board().seats[k]));
    }
    if let Some(mover) = play.modes().handing {
        // The player who just clashed still looks, until they hand over: only after a clash,
        // and only the one who made it.
        let report = (game.plies().last())
            .and_then(|p| p.report.as_ref())
            .expect("handing over after a turn");
        assert!(
            report.clash.is_some(),
            "handing over after a turn with no clash"
        );
        assert_eq!(
            report.mover,
            junqi::engine::Mover::Side(mover),
            "handing over by another seat than the mover"
        );
        return Looking::Viewer(Viewer::Side(mover));
    }
    let to_move = game.position().side_to_move().unwrap_or(Seat::Red);
    if play.modes().curtain_off.is_some() {
        assert_noted(game, Disclosure::CurtainOff);
        return Looking::Viewer(Viewer::Side(to_move));
    }
    if play.modes().lifted {
        Looking::Viewer(Viewer::Side(to_move))
    } else {
        Looking::Nobody
    }
}

/// Fail if anything on screen shows a piece the player looking may not know.
pub fn assert_no_leak(h: &Harness<'static, JunqiApp>) {
    let app = h.state();
    let texts = texts(h);
    match &app.screen {
        Screen::Play(play) => {
            let game = &play.game();
            let looking = play_looking(app);
            let cells = match looking {
                Looking::Nobody => None,
                Looking::All if !game.status().is_over() && game.rules().mode != Mode::Open => {
                    Some(game.position().view(game.rules(), Viewer::Referee))
                }
                Looking::All => Some(game.view(Viewer::Referee)),
                Looking::Viewer(v) => Some(game.view(v)),
            };
            check(&texts, game, looking, cells.as_ref(), game.plies().len());
        }
        Screen::Replay(r) if r.covered => {
            // Nothing of any side: no board cell and no piece named anywhere.
            check(&texts, &r.game, Looking::Nobody, None, r.game.plies().len());
        }
        Screen::Replay(r) => {
            let game = &r.game;
            let viewer = r.viewer();
            let freed = replay_freed(r);
            let free = game.status().is_over()
                || game.rules().mode == Mode::Open
                || freed.is_some_and(|s| viewer == Viewer::Side(s))
                || (game.rules().mode == Mode::Flip && viewer != Viewer::Referee);
            if !free {
                assert_noted(
                    game,
                    match viewer {
                        Viewer::Referee => Disclosure::RefereeView,
                        Viewer::Side(s) => Disclosure::SideView(s),
                    },
                );
            }
            let looking = if game.status().is_over() {
                Looking::All
            } else {
                Looking::Viewer(viewer)
            };
            let cells = game.position_at(r.ply).view(game.rules(), viewer);
            check(&texts, game, looking, Some(&cells), game.plies().len());
        }
        Screen::Referee(r) => {
            // A tracked game on a physical board: the screen is for every player at the table
            // (backs and what all know) until the end.
            if let junqi::app::referee::Stage::Tracked(t) = &r.stage {
                let game = t.game();
                let (looking, cells) = if game.status().is_over() {
                    (Looking::All, game.view(Viewer::Referee))
                } else {
                    (Looking::Nobody, junqi::app::referee::public_view(game))
                };
                check(&texts, game, looking, Some(&cells), game.plies().len());
            }
            // A tracked game's formations being entered: behind the curtain no square of any
            // formation shows (the ones in are sealed; the screen only says whose are in).
            if let junqi::app::referee::Stage::Formations(f) = &r.stage
                && f.curtain
                && f.editor.is_none()
            {
                let squares: Vec<_> = texts
                    .iter()
                    .filter(|t| t.starts_with("line ") && t.contains(" column "))
                    .collect();
                assert!(
                    squares.is_empty(),
                    "formation squares on the entry screen: {squares:?}"
                );
            }
        }
        _ => {}
    }
}

/// `Harness::run` followed by the leak check.
pub fn run_checked(h: &mut Harness<'static, JunqiApp>) {
    h.run();
    assert_no_leak(h);
}

/// Click the widget labelled `label`, let the window settle, and check for leaks.
pub fn click(h: &mut Harness<'static, JunqiApp>, label: &str) {
    h.get_by_label(label).click();
    run_checked(h);
}

/// A piece's words as the English board labels them, for messages.
pub fn piece_words(p: Piece) -> String {
    format!("{} {}", p.side().en(), p.rank().en())
}

/// The people of a game: its seats that no computer plays (`computer` info; every seat of a
/// tracked physical-board game).
pub fn people(game: &Game) -> Vec<Seat> {
    let info = game
        .record()
        .info
        .iter()
        .find(|(k, _)| k == "computer")
        .map(|(_, v)| v.as_str());
    let seats = junqi::app::computer::seats_from_info(info, game.board().seats.len());
    game.board()
        .seats
        .iter()
        .zip(seats)
        .filter(|(_, o)| *o == Occupant::Human)
        .map(|(s, _)| *s)
        .collect()
}

/// The seat whose own viewpoint a replay may show freely. A file's "owner" is not trusted: only
/// the lone person of a game against the computer, or the game in play's replay opened from behind
/// its lifted curtain (whose owner is the player who lifted it).
fn replay_freed(r: &junqi::app::replay::Replay) -> Option<Seat> {
    let lone = people(&r.game);
    if lone.len() == 1 {
        Some(lone[0])
    } else if r.is_current {
        r.owner
    } else {
        None
    }
}

/// The game on screen and how far it is shown, for the every-seat check; and the seat whose view the
/// live game's lifted curtain (or a lone person's game against the computer) frees.
fn screen_game(app: &JunqiApp) -> Option<(&Game, usize, Option<Seat>)> {
    match &app.screen {
        Screen::Play(play) => {
            let game = &play.game();
            let lone = people(game);
            let freed = if lone.len() == 1 {
                Some(lone[0])
            } else if play.curtain_up() {
                None
            } else if play.modes().lifted {
                // Behind the lifted curtain: the player to move, who lifted it.
                game.position().side_to_move()
            } else if play.computer().any() && !play.hidden_hotseat() {
                // Partners under team view against the computer.
                Some(play.looking_side())
            } else {
                None
            };
            Some((game, game.plies().len(), freed))
        }
        Screen::Replay(r) => Some((&r.game, r.game.plies().len(), replay_freed(r))),
        Screen::Referee(r) => match &r.stage {
            junqi::app::referee::Stage::Tracked(t) => {
                Some((t.game(), t.game().plies().len(), None))
            }
            _ => None,
        },
        _ => None,
    }
}

/// The cheater's check: for every person of the game on screen in turn, nothing on screen may
/// name a piece that person may not know — unless the game's own record notes a disclosure that
/// allows it (the referee view, the curtain off, that side's viewpoint, a continued game whose
/// every piece was seen), or the screen is the live game's lifted curtain (or a game against the
/// computer) showing the one looking. The app's idea of who looks (a file's owner) is not used.
pub fn assert_no_leak_for_every_seat(h: &Harness<'static, JunqiApp>) {
    let app = h.state();
    let Some((game, upto, freed)) = screen_game(app) else {
        return;
    };
    if game.status().is_over() || game.rules().mode == Mode::Open {
        return;
    }
    let mut extra: Vec<Seat> = freed.into_iter().collect();
    for d in &game.record().disclosures {
        match d.what {
            Disclosure::RefereeView | Disclosure::CurtainOff | Disclosure::EndReveal => return,
            Disclosure::Continued { all_seen: true } => return,
            Disclosure::SideView(s) => extra.push(s),
            Disclosure::Takeback | Disclosure::DealSeed | Disclosure::Continued { .. } => {}
        }
    }
    let texts = texts(h);
    for seat in people(game) {
        let mut allowed =
            knowable(game, Looking::Viewer(Viewer::Side(seat)), upto).unwrap_or_default();
        for &x in &extra {
            allowed
                .extend(knowable(game, Looking::Viewer(Viewer::Side(x)), upto).unwrap_or_default());
        }
        for piece in tray_pieces(&texts) {
            assert!(
                allowed.contains(&piece),
                "leak: a tray names {piece:?}, unknown to {seat:?} (no recorded disclosure)"
            );
        }
        for t in &texts {
            for piece in named_pieces(t).into_iter().chain(move_line_pieces(game, t)) {
                assert!(
                    allowed.contains(&piece),
                    "leak: {t:?} names {piece:?}, unknown to {seat:?} (no recorded disclosure)"
                );
            }
        }
    }
}

/// Both checks: the screen's own looker, and every person in turn.
pub fn assert_no_leak_as_anyone(h: &Harness<'static, JunqiApp>) {
    assert_no_leak(h);
    assert_no_leak_for_every_seat(h);
}

/// Fail (naming `what`) if any text on screen names a piece of a seat not in `seats` (a
/// formation's thumbnail, say, where only its owner looks).
pub fn assert_pieces_only_of(h: &Harness<'static, JunqiApp>, seats: &[Seat], what: &str) {
    for t in texts(h) {
        for (seat, rank) in named_pieces(&t) {
            assert!(
                seats.contains(&seat),
                "{what}: {seat:?} {rank:?} shown in {t:?} (only {seats:?} may be)"
            );
        }
    }
}

/// The network game screen: it holds only `seat`'s view and the public reports, so nothing on it
/// may name a piece `seat` may not know in `game` (the truth, kept by the test that plays host),
/// and every board cell must read as `seat`'s view of `game` now (every piece once it is over).
pub fn assert_no_leak_remote(h: &Harness<'static, JunqiApp>, game: &Game, seat: Seat) {
    assert!(
        matches!(h.state().screen, Screen::Remote(_)),
        "the network screen"
    );
    let texts = texts(h);
    let looking = if game.status().is_over() {
        Looking::All
    } else {
        Looking::Viewer(Viewer::Side(seat))
    };
    let cells = game.view(Viewer::Side(seat));
    check(&texts, game, looking, Some(&cells), game.plies().len());
}

/// The network screen's texts as they were when its seat had seen `ply` turns of `game` (the
/// host's finished game): nothing may name a piece `seat` did not know then, and every board
/// cell must read as `seat`'s view after those turns (every piece once the game was over).
pub fn assert_no_leak_remote_at(texts: &[String], game: &Game, seat: Seat, ply: usize, over: bool) {
    let rules = game.rules();
    let (looking, cells) = if over {
        (Looking::All, game.view(Viewer::Side(seat)))
    } else {
        (
            Looking::Viewer(Viewer::Side(seat)),
            game.position_at(ply).view(rules, Viewer::Side(seat)),
        )
    };
    check(texts, game, looking, Some(&cells), ply);
}
