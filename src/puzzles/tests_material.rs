//! The material goal on hand-built open positions, against a plain search of its definition.

use super::*;
use crate::engine::Status;

fn open() -> Rules {
    Rules::for_mode(Mode::Open)
}

fn pos(text: &str) -> Position {
    Position::from_notation(text, &open()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn turn(p: &Position, t: &str) -> Turn {
    Turn::parse(t, p.board()).unwrap()
}

/// Blue: the general on e7, the flag on b12 between two mines, a lieutenant on e12, captains on
/// a10 and c10. Red: the marshal on e2, which runs up file e and takes the general; nothing of Blue's can take it back.
const GENERAL_HANGS: &str = "bMbFbM..b2/........../b3..b3..../........../........../........b8/........../........../........../........../........r9/..rF...... r 0 0";
/// As `GENERAL_HANGS` with a blue bomb on d7, beside the general on the rail: the marshal that
/// takes the general is bombed (a general's worth won, a marshal's given, a bomb's taken back).
const GENERAL_GUARDED: &str = "bMbFbM..b2/........../b3..b3..../........../........../......bBb8/........../........../........../........../........r9/..rF...... r 0 0";
/// As `GENERAL_HANGS` with a red lieutenant on b11, beside Blue's flag: two first turns win.
const TWO_WINS: &str = "bMbFbM..b2/..r2....../b3..b3..../........../........../........b8/........../........../........../........../........r9/..rF...... r 0 0";
/// Blue's general in the corner a12, shut in by its mines (b12, c12) and the flag on d12 behind
/// a mine (e12) and a lieutenant (d11). Red's marshal on a2 runs up to a11 and the general has
/// nowhere to go: taken the turn after, a general's worth in two.
const GENERAL_SHUT_IN: &str = "b8bMbMbFbM/......b2../........../........../........../........../........../........../........../........../r9......../..rF...... r 0 0";

/// The plain definition of the material goal, searched without any shortcut: the mover of `p`
/// wins within `n` turns when a turn wins the game, or leads to a position in which every
/// defence loses the game, leaves the mover `DECISIVE` ahead of `base`, or (n > 1) leaves a
/// position it wins within `n - 1`.
fn naive_material(rules: &Rules, p: &Position, base: i32, n: u32) -> bool {
    let me = p.side_to_move().unwrap();
    p.legal_turns(rules).into_iter().any(|t| {
        let mut a = *p;
        a.play_unchecked_fast(rules, t);
        match a.status(rules) {
            Status::Won(team, _) => team == me.team(),
            Status::Draw(_) => false,
            Status::Ongoing => a.legal_turns(rules).into_iter().all(|d| {
                let mut b = a;
                b.play_unchecked_fast(rules, d);
                match b.status(rules) {
                    Status::Won(team, _) => team == me.team(),
                    Status::Draw(_) => false,
                    Status::Ongoing => {
                        material(&b, me) - base >= DECISIVE
                            || (n > 1 && naive_material(rules, &b, base, n - 1))
                    }
                }
            }),
        }
    })
}

fn prover(rules: &Rules) -> Prover<'_> {
    Prover::with_goal(rules, 10_000_000, Goal::Material)
}

#[test]
fn material_counts_the_computers_piece_values() {
    let p = pos(GENERAL_HANGS);
    // Red: marshal 100, flag 0, no mines of its own; Blue: general 75, lieutenant 7, two
    // captains (10 each), two mines (8 each), flag 0.
    assert_eq!(material(&p, Seat::Red), 100 - (75 + 7 + 20 + 16));
    assert_eq!(material(&p, Seat::Blue), -material(&p, Seat::Red));
}

#[test]
fn the_general_taken_with_nothing_to_take_back_is_a_puzzle_in_one() {
    let rules = open();
    let p = pos(GENERAL_HANGS);
    let s = prover(&rules).puzzle(&p, 3).unwrap().expect("a puzzle");
    assert_eq!((s.answer, s.depth), (turn(&p, "e2-e7"), 1));
    // The line shows the defender's reply too: the gain stands after it.
    assert_eq!(s.line.len(), 2, "{:?}", s.line);
    // No flag puzzle here: the flag goal finds nothing within three turns.
    assert_eq!(Prover::new(&rules, 10_000_000).puzzle(&p, 3).unwrap(), None);
}

#[test]
fn a_trade_that_gives_the_piece_back_is_no_win() {
    let rules = open();
    let p = pos(GENERAL_GUARDED);
    let mut prover = prover(&rules);
    assert_eq!(prover.verdict(&p, 1).unwrap(), Verdict::NoWin);
    // Taking the general is refuted by the bomb that takes the marshal back.
    assert_eq!(
        prover.refute(&p, turn(&p, "e2-e7"), 1).unwrap(),
        Some(Refutation::Defence(turn(&p, "d7-e7")))
    );
    // Without the bomb the same turn has no refutation.
    let free = pos(GENERAL_HANGS);
    assert_eq!(prover.refute(&free, turn(&free, "e2-e7"), 1).unwrap(), None);
}

#[test]
fn two_first_turns_that_win_make_no_puzzle() {
    let rules = open();
    let p = pos(TWO_WINS);
    let mut prover = prover(&rules);
    // The flag taken counts as a win of the material goal too: two winners, no material puzzle.
    match prover.verdict(&p, 3).unwrap() {
        Verdict::Wins { depth: 1, turns } => {
            assert_eq!(turns.len(), 2);
            assert!(turns.contains(&turn(&p, "b11-b12")));
            assert!(turns.contains(&turn(&p, "e2-e7")));
        }
        v => panic!("{v:?}"),
    }
    assert_eq!(prover.puzzle(&p, 3).unwrap(), None);
    // … while the flag goal has its one answer: a flag puzzle, as it stays.
    let flag = Prover::new(&rules, 1_000_000).puzzle(&p, 3).unwrap();
    assert_eq!(flag.map(|s| s.answer), Some(turn(&p, "b11-b12")));
}

#[test]
fn a_general_with_nowhere_to_go_is_won_in_two() {
    let rules = open();
    let p = pos(GENERAL_SHUT_IN);
    let s = prover(&rules).puzzle(&p, 3).unwrap().expect("a puzzle");
    assert_eq!((s.answer, s.depth), (turn(&p, "a2-a11"), 2));
    let board = p.board();
    let line: Vec<String> = s.line.iter().map(|t| t.notation(board)).collect();
    assert_eq!(line.len(), 4, "{line:?}");
    assert_eq!(line[2], "a11-a12", "{line:?}");
    // Not won in one: nothing reaches the corner at once.
    assert_eq!(prover(&rules).verdict(&p, 1).unwrap(), Verdict::NoWin);
    // A wrong first turn gets the defence that keeps the general.
    let wrong = turn(&p, "a2-b2");
    match prover(&rules).refute(&p, wrong, 2).unwrap() {
        Some(Refutation::Defence(_)) => {}
        r => panic!("{r:?}"),
    }
}

#[test]
fn the_material_prover_agrees_with_the_plain_definition() {
    let rules = open();
    for text in [GENERAL_HANGS, GENERAL_GUARDED, TWO_WINS, GENERAL_SHUT_IN] {
        let p = pos(text);
        let base = material(&p, p.side_to_move().unwrap());
        for n in 1..=2 {
            let found = match prover(&rules).verdict(&p, n).unwrap() {
                Verdict::Wins { .. } => true,
                Verdict::NoWin => false,
            };
            assert_eq!(
                found,
                naive_material(&rules, &p, base, n),
                "{text} within {n}"
            );
        }
    }
}

#[test]
fn a_material_puzzle_round_trips_and_says_what_was_won() {
    let rules = open();
    let p = pos(GENERAL_HANGS);
    let s = prover(&rules).puzzle(&p, 3).unwrap().unwrap();
    let entry = PuzzleEntry::new("m1".into(), &p, &rules, Goal::Material, &s, "test".into());
    let file = PuzzleFile {
        version: PUZZLE_VERSION,
        puzzles: vec![entry],
    };
    let text = file.to_ron();
    assert!(text.contains("goal: material"), "{text}");
    let back = PuzzleFile::parse(&text).unwrap();
    assert_eq!(back, file);
    let puzzle = &back.puzzles().unwrap()[0];
    puzzle.prove(1_000_000).unwrap();
    assert_eq!(puzzle.won_along_line(), (vec![Rank::General], Vec::new()));
    // The same position read as a flag puzzle is not one.
    let mut flag = back.puzzles[0].clone();
    flag.goal = Goal::Flag;
    assert!(matches!(
        flag.check().unwrap().prove(1_000_000),
        Err(PuzzleError::NotProven(..))
    ));
    // A file that does not say its goal reads as the flag's.
    let old = text.replace("            goal: material,\n", "");
    assert_ne!(old, text);
    assert_eq!(PuzzleFile::parse(&old).unwrap().puzzles[0].goal, Goal::Flag);
}

#[test]
fn what_a_line_won_is_worded_in_both_languages() {
    use crate::i18n::{Lang, puzzles::won_words};
    let (g, c, l) = (Rank::General, Rank::Captain, Rank::Lieutenant);
    assert_eq!(won_words(Lang::En, &[g], &[]), "Won the general.");
    assert_eq!(won_words(Lang::Zh, &[g], &[]), "赢得军长。");
    assert_eq!(
        won_words(Lang::En, &[g, c, c], &[l]),
        "Won the general and two captains for a lieutenant."
    );
    assert_eq!(
        won_words(Lang::Zh, &[g, c, c], &[l]),
        "赢得军长和两个连长，付出排长。"
    );
    let mg = Rank::MajorGeneral;
    assert_eq!(
        won_words(Lang::En, &[mg, mg, Rank::Engineer], &[]),
        "Won two major generals and an engineer."
    );
}
