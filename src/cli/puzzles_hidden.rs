//! `junqi puzzles make --mode hidden`: deduction puzzles 残局 (暗棋) from hidden games, each
//! question answered exactly from what the side to move knew (`puzzles::deduce`).

use crate::engine::{Game, Rank, Seat};
use crate::puzzles::deduce::Knowledge;
use crate::puzzles::hidden::{
    Answer, HIDDEN_KIND, HIDDEN_VERSION, HiddenEntry, HiddenFile, Question, solve_all, usable,
};
use std::collections::BTreeSet;

/// The first ply a puzzle may stand at (the opening tells too little to ask about).
const FIRST_PLY: usize = 8;

/// What the search of the games found so far.
#[derive(Default)]
pub struct Found {
    pub entries: Vec<HiddenEntry>,
    /// Turns looked at.
    pub positions: usize,
    pub games: usize,
}

/// Search one hidden game: at every turn from [`FIRST_PLY`] on, the side to move's knowledge,
/// and each question it answers that was not asked earlier in the game (the same piece, the same
/// attack) becomes a puzzle. Every knowledge is first checked against the game's truth.
///
/// # Errors
/// The game is not one deduction takes (not hidden, another board, a lost turn), or what was
/// learned does not hold for the truth.
pub fn search_game(game: &Game, source: &str, found: &mut Found) -> Result<(), String> {
    let start = game.position_at(0);
    let truth = |k: &Knowledge| -> Vec<Rank> {
        k.pieces
            .iter()
            .map(|p| start.at(p.origin).map_or(Rank::Flag, |x| x.rank()))
            .collect()
    };
    let mut asked: BTreeSet<(Seat, Question, String)> = BTreeSet::new();
    let mut unsound = None;
    let mut new = Vec::new();
    let mut positions = 0;
    Knowledge::each_turn(game, game.plies().len(), |k, n| {
        if n < FIRST_PLY || unsound.is_some() {
            return;
        }
        positions += 1;
        if !k.holds(&truth(k)) {
            unsound = Some(n);
            return;
        }
        if !usable(k) {
            return;
        }
        for s in solve_all(k) {
            let key = match s.answer {
                Answer::Piece(at) => k.piece_at(at).map(|i| k.pieces[i].origin),
                Answer::Attack(crate::engine::Turn::Move { to, .. }) => {
                    k.piece_at(to).map(|i| k.pieces[i].origin)
                }
                Answer::Attack(_) => None,
            };
            let Some(key) = key else { continue };
            if !asked.insert((k.side, s.question, format!("{key}"))) {
                continue;
            }
            let from = format!("{source}, ply {n}");
            new.push(HiddenEntry::new(String::new(), k, &s, from));
        }
    })
    .map_err(|e| format!("{source}: {}", e.0))?;
    if let Some(n) = unsound {
        return Err(format!(
            "{source}: what was learned by ply {n} does not hold for the game's truth"
        ));
    }
    found.games += 1;
    found.positions += positions;
    found.entries.extend(new);
    Ok(())
}

/// The file of the puzzles found: at most `count`, the question kinds taken in turn so that
/// each is represented, easiest first, numbered in that order.
pub fn file(mut entries: Vec<HiddenEntry>, count: usize) -> HiddenFile {
    let mut by_kind: Vec<Vec<HiddenEntry>> = Question::ALL.iter().map(|_| Vec::new()).collect();
    for e in entries.drain(..) {
        let k = Question::ALL
            .iter()
            .position(|q| *q == e.question)
            .expect("a question");
        by_kind[k].push(e);
    }
    for v in &mut by_kind {
        v.reverse();
    }
    let mut chosen = Vec::new();
    while chosen.len() < count && by_kind.iter().any(|v| !v.is_empty()) {
        for v in &mut by_kind {
            if chosen.len() < count
                && let Some(e) = v.pop()
            {
                chosen.push(e);
            }
        }
    }
    chosen.sort_by_key(|e| e.rating);
    for (k, e) in chosen.iter_mut().enumerate() {
        e.id = format!("hidden-{:04}", k + 1);
    }
    HiddenFile {
        version: HIDDEN_VERSION,
        kind: HIDDEN_KIND.to_string(),
        puzzles: chosen,
    }
}
