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

/// Blue: a lieutenant on a12, the flag on d12. Red: a captain on d11 (beside the flag), the
/// flag on b1.
const ONE_TAKER: &str = "b2....bF../......r3../........../........../........../........../........../........../........../........../........../..rF...... r 0 0";
/// As `ONE_TAKER` with a second red piece beside the flag (e12).
const TWO_TAKERS: &str = "b2....bFr4/......r3../........../........../........../........../........../........../........../........../........../..rF...... r 0 0";
/// Red's engineer on a3 can fly the railway to the squares beside Blue's flag; Blue's lieutenant
/// stands on c12.
const FLIGHT: &str = "....b2bF../........../........../........../........../........../........../........../........../r1......../........../..rF...... r 0 0";

/// The plain definition, searched without any shortcut: the mover wins within `n` turns.
fn naive_wins(rules: &Rules, p: &Position, n: u32) -> bool {
    let me = p.side_to_move().unwrap().team();
    p.legal_turns(rules).into_iter().any(|t| {
        let mut a = *p;
        a.play_unchecked_fast(rules, t);
        match a.status(rules) {
            Status::Won(team, _) => team == me,
            Status::Draw(_) => false,
            Status::Ongoing => {
                n > 1
                    && a.legal_turns(rules).into_iter().all(|d| {
                        let mut b = a;
                        b.play_unchecked_fast(rules, d);
                        match b.status(rules) {
                            Status::Won(team, _) => team == me,
                            Status::Draw(_) => false,
                            Status::Ongoing => naive_wins(rules, &b, n - 1),
                        }
                    })
            }
        }
    })
}

#[test]
fn the_only_taker_beside_the_flag_is_a_puzzle_in_one() {
    let rules = open();
    let p = pos(ONE_TAKER);
    let mut prover = Prover::new(&rules, 1_000_000);
    let s = prover.puzzle(&p, 3).unwrap().expect("a puzzle");
    assert_eq!((s.answer, s.depth), (turn(&p, "d11-d12"), 1));
    assert_eq!(s.line, vec![turn(&p, "d11-d12")]);
}

#[test]
fn two_first_turns_that_win_make_no_puzzle() {
    let rules = open();
    let p = pos(TWO_TAKERS);
    let mut prover = Prover::new(&rules, 1_000_000);
    match prover.verdict(&p, 3).unwrap() {
        Verdict::Wins { depth: 1, turns } => assert_eq!(turns.len(), 2),
        v => panic!("{v:?}"),
    }
    assert_eq!(prover.puzzle(&p, 3).unwrap(), None);
}

#[test]
fn prover_agrees_with_the_plain_definition() {
    let rules = open();
    for text in [ONE_TAKER, TWO_TAKERS, FLIGHT] {
        let p = pos(text);
        for n in 1..=2 {
            let mut prover = Prover::new(&rules, 10_000_000);
            let found = match prover.verdict(&p, n).unwrap() {
                Verdict::Wins { .. } => true,
                Verdict::NoWin => false,
            };
            assert_eq!(found, naive_wins(&rules, &p, n), "{text} within {n}");
        }
    }
}

#[test]
fn a_wrong_first_turn_gets_the_defence_that_holds() {
    let rules = open();
    let p = pos(FLIGHT);
    let mut prover = Prover::new(&rules, 10_000_000);
    let v = prover.verdict(&p, 3).unwrap();
    let Verdict::Wins { depth, turns } = v else {
        panic!("the engineer's flight wins: {v:?}")
    };
    // A turn that is not among the winners has a refutation; a winner has none.
    let other = p
        .legal_turns(&rules)
        .into_iter()
        .find(|t| !turns.contains(t))
        .expect("a turn that does not win");
    let why = prover.refute(&p, other, depth).unwrap();
    assert!(why.is_some(), "{}", other.notation(p.board()));
    if let Some(Refutation::Defence(d)) = why {
        let mut a = p;
        a.play(&rules, other).unwrap();
        a.play(&rules, d).unwrap();
        assert!(!naive_wins(&rules, &a, depth - 1) || depth == 1);
    }
    assert_eq!(prover.refute(&p, turns[0], depth).unwrap(), None);
}

#[test]
fn a_search_over_its_budget_proves_nothing() {
    let rules = open();
    let p = pos(FLIGHT);
    let mut prover = Prover::new(&rules, 5);
    assert_eq!(prover.verdict(&p, 3), Err(OutOfBudget));
}

#[test]
fn a_puzzle_file_round_trips_and_re_proves() {
    let rules = open();
    let p = pos(ONE_TAKER);
    let s = Prover::new(&rules, 1_000_000)
        .puzzle(&p, 3)
        .unwrap()
        .unwrap();
    let file = PuzzleFile {
        version: PUZZLE_VERSION,
        puzzles: vec![PuzzleEntry::new(
            "t1".into(),
            &p,
            &rules,
            Goal::Flag,
            &s,
            "test".into(),
        )],
    };
    let back = PuzzleFile::parse(&file.to_ron()).unwrap();
    assert_eq!(back, file);
    let puzzles = back.puzzles().unwrap();
    puzzles[0].prove(1_000_000).unwrap();
    // The same position said to be won by another turn is refused by the prover.
    let mut wrong = file.puzzles[0].clone();
    wrong.answer = "a12-a11".into();
    wrong.line = vec!["a12-a11".into()];
    assert!(matches!(wrong.check(), Err(PuzzleError::Entry(..))));
    let mut wrong = file.puzzles[0].clone();
    wrong.position = TWO_TAKERS.into();
    let e = wrong.check().unwrap().prove(1_000_000).unwrap_err();
    assert!(matches!(e, PuzzleError::NotProven(..)), "{e}");
}

#[test]
fn bad_files_say_what_is_wrong() {
    assert!(matches!(
        PuzzleFile::parse("(version: 7, puzzles: [])"),
        Err(PuzzleError::Version(7))
    ));
    assert!(matches!(
        PuzzleFile::parse("not ron"),
        Err(PuzzleError::Format(_))
    ));
}

#[test]
fn ratings_grow_with_depth_and_defences() {
    assert!(rating(1, 10) < rating(2, 10));
    assert!(rating(2, 10) < rating(2, 10_000));
    assert!(rating(1, 0) >= 1200);
}

#[test]
fn elo_moves_by_k_times_the_surprise() {
    // Equal ratings: half of K either way.
    assert!((elo(1200.0, 1200.0, true) - 1216.0).abs() < 1e-9);
    assert!((elo(1200.0, 1200.0, false) - 1184.0).abs() < 1e-9);
    // A hard puzzle solved gains more than an easy one.
    assert!(elo(1200.0, 1600.0, true) - 1200.0 > elo(1200.0, 1000.0, true) - 1200.0);
}

/// Every shipped puzzle of both goals reads and is proven again: its answer the only first turn
/// that wins its goal within its depth, none winning sooner, its line ending in the win (or the
/// gain).
#[test]
fn every_shipped_puzzle_is_proven() {
    let [flag, material] = shipped_texts().map(|t| {
        let file = PuzzleFile::parse(t).expect("the shipped file reads");
        file.puzzles().expect("every shipped puzzle reads")
    });
    assert!(flag.iter().all(|p| p.goal == Goal::Flag));
    assert!(material.iter().all(|p| p.goal == Goal::Material));
    assert!(flag.len() >= 300, "{} shipped flag puzzles", flag.len());
    assert!(material.len() >= 60, "{} material puzzles", material.len());
    assert_eq!(shipped().len(), flag.len() + material.len());
    assert!(shipped().is_sorted_by_key(|p| p.rating), "easiest first");
    let puzzles: Vec<Puzzle> = flag.into_iter().chain(material).collect();
    let mut ids = std::collections::BTreeSet::new();
    // A debug build proves every puzzle of one or two turns and every twentieth of three (the full
    // set takes minutes unoptimised); `cargo test --release` and `junqi puzzles check
    // puzzles/open.ron` prove them all.
    let sample =
        |k: usize, p: &Puzzle| !cfg!(debug_assertions) || p.depth < 3 || k.is_multiple_of(20);
    for (k, p) in puzzles.iter().enumerate() {
        assert!(ids.insert(p.id.clone()), "puzzle {} twice", p.id);
        if sample(k, p) {
            p.prove(PROOF_BUDGET).unwrap_or_else(|e| panic!("{e}"));
        }
        // A material puzzle is no flag puzzle: that one would have been made instead (a debug
        // build looks at every tenth: the flag's search of three turns is the slow part).
        if p.goal == Goal::Material && (!cfg!(debug_assertions) || k.is_multiple_of(10)) {
            let flag = Prover::new(&p.rules, PROOF_BUDGET).puzzle(&p.position, MAX_DEPTH);
            assert_eq!(flag, Ok(None), "material puzzle {} is a flag puzzle", p.id);
        }
        assert_eq!(p.rating, rating(p.depth, p.defences), "puzzle {}", p.id);
    }
}
