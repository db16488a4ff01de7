//! The deduction of hidden-mode puzzles: the exact solver against plain enumeration, hand-built
//! knowledge (a unique answer found, an ambiguous question refused, a report that forces a rank,
//! an answer found only by counting), what is learned from real games against their truth, and
//! every shipped hidden puzzle proven again.

use super::deduce::{ALL_RANKS, Knowledge, RankSet, Solver, bit, ranks_in};
use super::hidden::{self, Answer, HiddenEntry, HiddenFile, PieceEntry, Question, solve_all};
use crate::engine::rng::SplitMix64;
use crate::engine::{ClashOutcome, Formation, Game, Mode, Rank, Rules, Start, Turn};

/// Red's 25 deployment squares (Red is the enemy in these hand-built puzzles; Blue moves).
const RED_SQUARES: [&str; 25] = [
    "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "c3", "e3", "a4", "b4", "d4",
    "e4", "a5", "c5", "e5", "a6", "b6", "c6", "d6", "e6",
];

/// Blue's view: its marshal on a7, general on c7, major general on e7, flag and a mine at the
/// back; Red's pieces on every square of `on` (unknown, or as `shown`), Blue to move.
fn view(on: &[&str], shown: &[(&str, char)]) -> String {
    let mut rows = Vec::new();
    for rank in (1..=12).rev() {
        let mut row = String::new();
        for file in ['a', 'b', 'c', 'd', 'e'] {
            let sq = format!("{file}{rank}");
            let cell = match sq.as_str() {
                "a7" => "b9".to_string(),
                "c7" => "b8".to_string(),
                "e7" => "b7".to_string(),
                "b12" => "bF".to_string(),
                "a12" => "bM".to_string(),
                s if shown.iter().any(|(q, _)| *q == s) => {
                    format!("r{}", shown.iter().find(|(q, _)| *q == s).unwrap().1)
                }
                s if on.contains(&s) => "r?".to_string(),
                _ => "..".to_string(),
            };
            row.push_str(&cell);
        }
        rows.push(row);
    }
    format!("{} b 0 40", rows.join("/"))
}

/// A clash of the file format.
fn clash(turn: &str, mine: char, by_me: bool, outcome: ClashOutcome) -> hidden::ClashEntry {
    hidden::ClashEntry {
        ply: 20,
        turn: turn.into(),
        mine,
        by_me,
        outcome,
        flag_shown: false,
    }
}

/// A hand-built puzzle: Red's pieces all where they were deployed except `removed`, every piece
/// of the front line moved (so Red has moved pieces), the clashes and shown pieces given.
fn entry(
    removed: &[&str],
    clashes: &[(&str, hidden::ClashEntry)],
    shown: &[(&str, char)],
    question: Question,
    answer: &str,
) -> HiddenEntry {
    let on: Vec<&str> = RED_SQUARES
        .iter()
        .copied()
        .filter(|s| !removed.contains(s))
        .collect();
    let pieces = RED_SQUARES
        .iter()
        .map(|&s| PieceEntry {
            from: s.into(),
            at: (!removed.contains(&s)).then(|| s.into()),
            moved: s.ends_with('6'),
            flew: false,
            shown: shown.iter().find(|(q, _)| *q == s).map(|x| x.1),
            clashes: clashes
                .iter()
                .filter(|(q, _)| *q == s)
                .map(|x| x.1.clone())
                .collect(),
        })
        .collect();
    HiddenEntry {
        id: "test".into(),
        rules: None,
        view: view(&on, shown),
        pieces,
        question,
        answer: answer.into(),
        rating: 1000,
        source: String::new(),
    }
}

/// Every answer `solve_all` finds, as the file writes it.
fn answers(e: &HiddenEntry) -> Vec<(Question, String, bool)> {
    let p = e.check().expect("reads");
    let board = p.knowledge.view.board();
    solve_all(&p.knowledge)
        .into_iter()
        .map(|s| {
            let a = match s.answer {
                Answer::Piece(n) => board.name(n).to_string(),
                Answer::Attack(t) => t.notation(board),
            };
            (s.question, a, s.counting)
        })
        .collect()
}

/// Red's marshal fell to a bomb (its flag shown on b1): the marshal attacking the front line
/// cannot be lost (no bomb, mine or flag is deployed there, and no marshal is left: counting),
/// the general and the major general can: exactly one safe attack, and nothing else is certain.
#[test]
fn the_one_safe_attack_is_found() {
    let mut bomb = clash("c8-d2", 'B', true, ClashOutcome::BothRemoved);
    bomb.flag_shown = true;
    let e = entry(
        &["d2"],
        &[("d2", bomb)],
        &[("b1", 'F')],
        Question::SafeAttack,
        "a7-a6",
    );
    assert_eq!(
        answers(&e),
        vec![(Question::SafeAttack, "a7-a6".to_string(), true)]
    );
    e.check().unwrap().prove().unwrap();
    let mut wrong = e.clone();
    wrong.answer = "c7-c6".into();
    assert!(wrong.check().unwrap().prove().is_err());
}

/// The general attacked the piece on b4 and was removed: only the marshal beats a general, and
/// no mine stands in line 3, so b4 must be the marshal. Then no other piece can be the marshal,
/// so the marshal's attack on a6 is safe too, which only counting the ranks shows.
#[test]
fn a_report_forces_the_marshal_and_counting_finds_the_safe_attack() {
    let lost = clash("c5-b4", '8', true, ClashOutcome::AttackerRemoved);
    let e = entry(&[], &[("b4", lost)], &[], Question::Marshal, "b4");
    assert_eq!(
        answers(&e),
        vec![
            (Question::Marshal, "b4".to_string(), false),
            (Question::SafeAttack, "a7-a6".to_string(), true)
        ]
    );
    e.check().unwrap().prove().unwrap();
}

/// The same clash with a piece of the second line from the back: a mine there would also have
/// stopped the general, so no piece must be the marshal, and a file asking it is refused.
#[test]
fn an_ambiguous_question_is_refused() {
    let lost = clash("a3-a2", '8', true, ClashOutcome::AttackerRemoved);
    let e = entry(&[], &[("a2", lost)], &[], Question::Marshal, "a2");
    assert!(answers(&e).iter().all(|a| a.0 != Question::Marshal));
    let err = e.check().unwrap().prove().unwrap_err().to_string();
    assert!(err.contains("do not force exactly one answer"), "{err}");
    let p = e.check().unwrap();
    let solver = p.solver().unwrap();
    let a2 = p.knowledge.piece_at(node("a2")).unwrap();
    assert_eq!(solver.possible(a2), bit(Rank::Marshal) | bit(Rank::Mine));
}

/// A captain attacked the HQ d1 and was removed: d1 is no flag (the flag would have been
/// taken), so the flag is on b1, the only other HQ: found by counting, b1's own facts allow more.
#[test]
fn the_flag_is_found_by_counting() {
    let lost = clash("d2-d1", '3', true, ClashOutcome::AttackerRemoved);
    let e = entry(&[], &[("d1", lost)], &[], Question::Flag, "b1");
    assert!(answers(&e).contains(&(Question::Flag, "b1".to_string(), true)));
    e.check().unwrap().prove().unwrap();
}

/// A file whose pieces do not agree with its view is refused with the square named.
#[test]
fn pieces_that_disagree_with_the_view_are_refused() {
    let mut e = entry(&[], &[], &[], Question::Flag, "b1");
    e.pieces[0].at = None;
    let err = e.check().unwrap_err().to_string();
    assert!(err.contains("at a1"), "{err}");
}

fn node(s: &str) -> crate::engine::NodeId {
    crate::engine::Board::two_player().node_by_name(s).unwrap()
}

/// The solver against plain enumeration: random rank sets for a few free pieces, the rest fixed
/// to the remaining ranks; every rank the solver calls possible is in some full assignment, and
/// every rank in one is called possible.
#[test]
fn the_solver_agrees_with_enumeration() {
    let mut rng = SplitMix64::new(7);
    let mut slots: Vec<Rank> = Vec::new();
    for r in Rank::ALL {
        for _ in 0..r.count() {
            slots.push(r);
        }
    }
    for _ in 0..300 {
        // Seven free pieces over the last seven slots of a shuffled deal.
        let mut deal = slots.clone();
        rng.shuffle(&mut deal);
        let free = 7;
        let mut masks: Vec<RankSet> = deal.iter().map(|r| bit(*r)).collect();
        for m in masks.iter_mut().take(free) {
            *m = (rng.next_u64() as RankSet) & ALL_RANKS;
        }
        let pool: Vec<Rank> = deal[..free].to_vec();
        let mut seen = vec![0 as RankSet; free];
        let mut any = false;
        enumerate(&masks[..free], &pool, &mut Vec::new(), &mut |a| {
            any = true;
            for (i, r) in a.iter().enumerate() {
                seen[i] |= bit(*r);
            }
        });
        match Solver::new(masks.clone()) {
            None => assert!(!any, "the solver found none where enumeration did"),
            Some(s) => {
                assert!(any, "the solver found one where enumeration did not");
                for (i, want) in seen.iter().enumerate() {
                    assert_eq!(s.possible(i), *want, "piece {i}");
                }
                let d = s.deployment();
                assert!(d.iter().zip(&masks).all(|(r, m)| m & bit(*r) != 0));
            }
        }
    }
}

/// Every assignment of `pool` (a multiset) to pieces with `masks`.
fn enumerate(masks: &[RankSet], pool: &[Rank], at: &mut Vec<Rank>, f: &mut impl FnMut(&[Rank])) {
    let i = at.len();
    if i == masks.len() {
        f(at);
        return;
    }
    let mut left = pool.to_vec();
    for r in at.iter() {
        let k = left.iter().position(|x| x == r).unwrap();
        left.remove(k);
    }
    left.sort();
    left.dedup();
    for r in ranks_in(masks[i]).filter(|r| left.contains(r)) {
        at.push(r);
        enumerate(masks, pool, at, f);
        at.pop();
    }
}

/// Random hidden games: at every turn, what the side to move learned holds for the truth, and
/// every question answered there holds for it too (the answer's rank, the safe attack's clash).
#[test]
fn what_is_learned_holds_for_the_truth() {
    let rules = Rules::for_mode(Mode::Hidden);
    let mut answered = 0;
    for seed in 0..6 {
        let mut rng = SplitMix64::new(seed);
        let red = Formation::random(&mut rng, &rules);
        let blue = Formation::random(&mut rng, &rules);
        let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
        for _ in 0..160 {
            if g.status().is_over() {
                break;
            }
            let legal = g.position().legal_turns(&rules);
            g.play(*rng.choose(&legal).unwrap()).unwrap();
        }
        let start = *g.position_at(0);
        Knowledge::each_turn(&g, g.plies().len(), |k, _| {
            let truth: Vec<Rank> = k
                .pieces
                .iter()
                .map(|p| start.at(p.origin).unwrap().rank())
                .collect();
            assert!(k.holds(&truth));
            for s in solve_all(k) {
                answered += 1;
                match (s.question.rank(), s.answer) {
                    (Some(r), Answer::Piece(n)) => {
                        assert_eq!(truth[k.piece_at(n).unwrap()], r);
                    }
                    (None, Answer::Attack(Turn::Move { from, to })) => {
                        let mine = k.view.at(from);
                        let crate::engine::Seen::Known(mine) = mine else {
                            panic!("not the side's piece")
                        };
                        let theirs = truth[k.piece_at(to).unwrap()];
                        let o = crate::engine::clash_outcome(&rules, mine.rank(), theirs);
                        assert!(!matches!(
                            o,
                            ClashOutcome::AttackerRemoved | ClashOutcome::BothRemoved
                        ));
                    }
                    other => panic!("an answer of the wrong kind: {other:?}"),
                }
            }
        })
        .unwrap();
    }
    assert!(answered > 0, "no question answered in six games");
}

/// The shipped hidden set: it reads, has at least 100 puzzles with ids in order, every kind of
/// question, and each is proven again.
#[test]
fn every_shipped_hidden_puzzle_is_proven() {
    let file = HiddenFile::parse(hidden::shipped_text()).expect("the shipped file reads");
    let puzzles = file.puzzles().expect("every shipped puzzle reads");
    assert!(puzzles.len() >= 100, "{} hidden puzzles", puzzles.len());
    assert_eq!(hidden::shipped().len(), puzzles.len());
    for q in Question::ALL {
        assert!(puzzles.iter().any(|p| p.question == q), "no {q:?} puzzle");
    }
    for (k, p) in puzzles.iter().enumerate() {
        assert_eq!(p.id, format!("hidden-{:04}", k + 1));
        p.prove().unwrap();
    }
}

/// Where a puzzle came from, in both languages: self-play and a record file as the maker writes
/// them; anything else as it stands.
#[test]
fn a_puzzles_source_is_worded_in_both_languages() {
    use crate::i18n::{Lang, puzzles::source};
    let sp = "self-play seed 1 game 63, ply 16";
    assert_eq!(
        source(Lang::En, sp),
        "the computer's self-play (seed 1) game 63, turn 16"
    );
    assert_eq!(
        source(Lang::Zh, sp),
        "电脑自对弈（种子 1）第 63 局，第 16 步"
    );
    let rec = "game-0001.ron, ply 40";
    assert_eq!(source(Lang::En, rec), "game-0001.ron, turn 40");
    assert_eq!(source(Lang::Zh, rec), "game-0001.ron，第 40 步");
    assert_eq!(source(Lang::Zh, "a friend"), "a friend");
}
