//! Unit tests of the rules engine: one or more per rule sentence of RULES.md sections 2–8, each on a
//! hand-built position. Positions are written square by square (`"a6=r5 c7=b3"`, the cells of
//! NOTATION.md) and go through the notation parser like any position a user types.

use super::board::{Board, NodeId};
use super::formation::{Formation, FormationProblem, square_name};
use super::*;

/// Both flags and one general frozen in an HQ per side: a backdrop on which the game goes on and
/// no piece of it interferes with the squares a test looks at.
const BASE: &str = "b1=rF d12=bF d1=r8 b12=b8";

fn sq(name: &str) -> NodeId {
    Board::two_player()
        .node_by_name(name)
        .unwrap_or_else(|| panic!("no square {name}"))
}

/// Notation of a position from `square=cell` items (cells as in NOTATION.md), other squares empty.
fn lay_counts(to_move: &str, quiet: u32, ply: u32, cells: &str) -> String {
    let b = Board::two_player();
    let mut grid = vec![String::from(".."); b.len()];
    for item in cells.split_whitespace() {
        let (name, cell) = item.split_once('=').expect("items are square=cell");
        let n = sq(name) as usize;
        assert_eq!(grid[n], "..", "{name} placed twice");
        assert_eq!(cell.len(), 2, "cell {cell} must be two characters");
        grid[n] = cell.to_string();
    }
    let ranks: Vec<String> = (0..b.height)
        .rev()
        .map(|row| {
            (0..b.width)
                .map(|col| grid[b.node_at(col, row).unwrap() as usize].as_str())
                .collect()
        })
        .collect();
    format!("{} {to_move} {quiet} {ply}", ranks.join("/"))
}

/// `lay_counts` with no quiet turns and no plies (other modules' tests use it too).
pub(crate) fn lay(to_move: &str, cells: &str) -> String {
    lay_counts(to_move, 0, 0, cells)
}

/// A checked position from notation under `rules` (panics with the reason if it is refused).
fn pos(rules: &Rules, text: &str) -> Position {
    Position::from_notation(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A checked position under the default (open) rules.
fn setup(text: &str) -> Position {
    pos(&Rules::default(), text)
}

/// Red to move, open rules, `BASE` plus `cells`.
fn open(cells: &str) -> Position {
    setup(&lay("r", &format!("{BASE} {cells}")))
}

fn with(edit: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = Rules::default();
    edit(&mut r);
    r
}

fn mode(m: Mode) -> Rules {
    Rules::for_mode(m)
}

/// Destinations of the piece on `from`, sorted in byte order and joined by spaces.
fn dests(p: &Position, rules: &Rules, from: &str) -> String {
    let b = p.board();
    let mut v: Vec<&str> = p
        .destinations_from(rules, sq(from))
        .into_iter()
        .map(|n| b.name(n))
        .collect();
    v.sort();
    // The move list agrees with the per-piece destinations.
    let mut from_list: Vec<String> = p
        .legal_turns(rules)
        .into_iter()
        .filter_map(|t| match t {
            Turn::Move { from: f, to } if f == sq(from) => Some(b.name(to).to_string()),
            _ => None,
        })
        .collect();
    from_list.sort();
    if !p.status(rules).is_over() {
        assert_eq!(
            v, from_list,
            "destinations_from and legal_turns disagree for {from}"
        );
    }
    v.join(" ")
}

/// Every legal turn in notation, byte order, space separated.
fn turns(p: &Position, rules: &Rules) -> String {
    let mut v: Vec<String> = p
        .legal_turns(rules)
        .into_iter()
        .map(|t| t.notation(p.board()))
        .collect();
    v.sort();
    v.join(" ")
}

fn turn(p: &Position, text: &str) -> Turn {
    Turn::parse(text, p.board()).unwrap()
}

/// Play a turn that must be legal; returns the report.
fn play(p: &mut Position, rules: &Rules, text: &str) -> TurnReport {
    let t = turn(p, text);
    match p.play(rules, t) {
        Ok((report, _)) => report,
        Err(e) => panic!("{text} refused in {}: {e}", p.notation()),
    }
}

/// A turn that must be refused: the position is unchanged, `check_turn` agrees, the move list
/// does not hold it. Returns the reason.
fn refuse(p: &Position, rules: &Rules, text: &str) -> IllegalTurn {
    let t = turn(p, text);
    let mut q = *p;
    let e = q.play(rules, t).expect_err(text);
    assert_eq!(q.notation(), p.notation(), "{text} changed the position");
    assert_eq!(p.check_turn(rules, t), Err(e.clone()));
    assert!(!p.legal_turns(rules).contains(&t));
    e
}

// ---------------------------------------------------------------------------------------------
// Section 2–3: the board and moving.

#[test]
fn rail_run_stops_before_own_piece_and_attacks_first_enemy() {
    let p = open("a4=r5 a2=r3 a9=b3 a10=b4");
    // Down the a-file: a3, then a2 is our own. Up: through the front line to the first enemy a9.
    assert_eq!(
        dests(&p, &Rules::default(), "a4"),
        "a3 a5 a6 a7 a8 a9 b3 b4 b5"
    );
    assert_eq!(
        refuse(&p, &Rules::default(), "a4-a10"),
        IllegalTurn::RailBlocked
    );
    assert_eq!(
        refuse(&p, &Rules::default(), "a4-a2"),
        IllegalTurn::OwnPieceThere("a2".into())
    );
}

#[test]
fn rail_run_along_a_row() {
    // The rank-2 rail: stop before own b2, attack enemy e2 (rank does not matter for the reach).
    let p = open("c2=r5 b2=r3 e2=b9");
    assert_eq!(dests(&p, &Rules::default(), "c2"), "b3 c1 c3 d2 d3 e2");
}

#[test]
fn non_engineers_do_not_turn_at_rail_corners() {
    let r = Rules::default();
    // a2: the rank-2 rail meets the a-file.
    let p = open("c2=r5");
    assert_eq!(dests(&p, &r, "c2"), "a2 b2 b3 c1 c3 d2 d3 e2");
    assert_eq!(refuse(&p, &r, "c2-a3"), IllegalTurn::NoRailTurn);
    assert_eq!(
        IllegalTurn::NoRailTurn.to_string(),
        "non-engineers cannot turn on the railway"
    );
    // e6 and a6 (rank 6 meets the side files), c6 (rank 6 meets c6–c7).
    let p = open("c6=r5");
    assert_eq!(dests(&p, &r, "c6"), "a6 b5 b6 c5 c7 d5 d6 e6");
    for to in ["e7", "e5", "a7", "a5", "b7", "d7"] {
        assert_eq!(
            refuse(&p, &r, &format!("c6-{to}")),
            IllegalTurn::NoRailTurn,
            "{to}"
        );
    }
    // a7: rank 7 meets the a-file.
    let p = open("c7=r5");
    assert_eq!(dests(&p, &r, "c7"), "a7 b7 b8 c6 c8 d7 d8 e7");
    assert_eq!(refuse(&p, &r, "c7-a8"), IllegalTurn::NoRailTurn);
}

#[test]
fn rail_runs_go_straight_through_the_front_line_on_the_side_files() {
    let p = open("e3=r5");
    assert_eq!(
        dests(&p, &Rules::default(), "e3"),
        "d3 e10 e11 e2 e4 e5 e6 e7 e8 e9"
    );
}

/// Own pieces block the a-file, rank 6 at b6, d7 and the e-file: the only way from a6 to e6 is
/// a7–b7–c7–c6–d6.
const LOOP_BLOCKERS: &str = "a5=r3 a8=r3 b6=r4 d7=r4 e5=r5 e8=r6";

#[test]
fn engineer_flies_round_the_rail_loop_and_across_c6_c7() {
    let r = Rules::default();
    let p = open(&format!("a6=r1 {LOOP_BLOCKERS}"));
    assert_eq!(dests(&p, &r, "a6"), "a7 b5 b7 c6 c7 d6 e6 e7");
    // A colonel on the same square has no such path.
    let p = open(&format!("a6=r5 {LOOP_BLOCKERS}"));
    assert_eq!(dests(&p, &r, "a6"), "a7 b5");
    assert_eq!(refuse(&p, &r, "a6-e6"), IllegalTurn::RailBlocked);
}

#[test]
fn engineer_attacks_an_enemy_it_reaches_but_does_not_pass_it() {
    let p = open(&format!("a6=r1 {LOOP_BLOCKERS} d6=b9"));
    assert_eq!(dests(&p, &Rules::default(), "a6"), "a7 b5 b7 c6 c7 d6");
}

#[test]
fn engineer_reaches_every_empty_rail_node_on_an_empty_railway() {
    let p = open("a6=r1");
    let b = p.board();
    let d = p.destinations_from(&Rules::default(), sq("a6"));
    let rail: Vec<NodeId> = (0..b.len() as NodeId)
        .filter(|&n| b.is_rail(n) && n != sq("a6"))
        .collect();
    assert_eq!(rail.len(), 31);
    for n in rail {
        assert!(d.contains(&n), "{}", b.name(n));
    }
    // Plus the one road neighbour that is not on a rail: the camp b5.
    assert_eq!(d.len(), 32);
    assert!(d.contains(&sq("b5")));
}

#[test]
fn mountains_cut_b6_b7_and_d6_d7() {
    let r = Rules::default();
    let p = open("b6=r5 a6=r3 c6=r4 b7=b3");
    assert_eq!(dests(&p, &r, "b6"), "b5");
    let e = refuse(&p, &r, "b6-b7");
    assert!(matches!(e, IllegalTurn::NotLinked { .. }), "{e:?}");
    // An engineer on d6 with c6 and e6 held by its own side cannot get to d7 either.
    let p = open("d6=r1 c6=r3 e6=r4 d7=b3");
    assert_eq!(dests(&p, &r, "d6"), "d5");
    let e = refuse(&p, &r, "d6-d7");
    assert!(matches!(e, IllegalTurn::NotLinked { .. }), "{e:?}");
    // With the row open the colonel runs along rank 6 but still never crosses at d.
    let p = open("d6=r5 d7=b3");
    assert_eq!(dests(&p, &r, "d6"), "a6 b6 c6 d5 e6");
}

#[test]
fn camps_link_to_their_four_diagonals_and_stations_have_no_diagonals() {
    let r = Rules::default();
    let p = open("c4=r5");
    assert_eq!(dests(&p, &r, "c4"), "b3 b4 b5 c3 c5 d3 d4 d5");
    let p = open("b4=r5");
    assert_eq!(dests(&p, &r, "b4"), "a4 b3 b5 c4");
    // b3's diagonals reach the rails: a2 steps into b3.
    let p = open("a2=r5 a3=r3 b2=r3");
    assert_eq!(dests(&p, &r, "a2"), "a1 b3");
}

#[test]
fn camps_are_safe_from_attack() {
    let r = Rules::default();
    let p = open("a4=r9 b3=b2 b5=b2");
    assert_eq!(dests(&p, &r, "a4"), "a10 a11 a2 a3 a5 a6 a7 a8 a9 b4");
    let e = refuse(&p, &r, "a4-b5");
    assert_eq!(e, IllegalTurn::CampIsSafe("b5".into()));
    assert_eq!(
        e.to_string(),
        "camps are safe: the piece on b5 cannot be attacked"
    );
    assert_eq!(
        refuse(&p, &r, "a4-b3"),
        IllegalTurn::CampIsSafe("b3".into())
    );
}

#[test]
fn a_camp_holds_one_piece() {
    let r = Rules::default();
    let p = open("a4=r9 b5=r2");
    assert!(!dests(&p, &r, "a4").contains("b5"));
    assert_eq!(
        refuse(&p, &r, "a4-b5"),
        IllegalTurn::OwnPieceThere("b5".into())
    );
    // A piece in a camp moves out normally, and attacks from there.
    let p = open("b5=r5 a6=b3");
    assert_eq!(dests(&p, &r, "b5"), "a4 a5 a6 b4 b6 c4 c5 c6");
}

#[test]
fn a_piece_in_an_hq_never_moves_again() {
    let r = Rules::default();
    let p = open("c3=r5");
    assert_eq!(dests(&p, &r, "d1"), "");
    let e = refuse(&p, &r, "d1-d2");
    assert_eq!(e, IllegalTurn::FrozenInHq("d1".into()));
    // Pieces may enter an HQ.
    let p = setup(&lay("r", "b1=rF d12=bF b12=b8 e1=r5"));
    assert_eq!(dests(&p, &r, "e1"), "d1 e2");
}

#[test]
fn movable_hq_lets_pieces_leave_but_flag_and_mines_still_stay() {
    let r = with(|r| r.movable_hq = true);
    let p = open("c3=r5 c1=rM");
    assert_eq!(dests(&p, &r, "d1"), "d2 e1");
    assert_eq!(
        refuse(&p, &r, "b1-a1"),
        IllegalTurn::CannotMove {
            square: "b1".into(),
            rank: Rank::Flag
        }
    );
}

#[test]
fn attacking_a_piece_in_an_hq_is_allowed() {
    let p = open("c12=r9");
    assert_eq!(dests(&p, &Rules::default(), "c12"), "b12 c11 d12");
}

#[test]
fn flag_and_mines_never_move() {
    let r = with(|r| r.movable_hq = true);
    let p = open("a1=rM a3=rM");
    for (from, to, rank) in [
        ("a1", "a2", Rank::Mine),
        ("a3", "a4", Rank::Mine),
        ("b1", "c1", Rank::Flag),
    ] {
        assert_eq!(dests(&p, &r, from), "");
        assert_eq!(
            refuse(&p, &r, &format!("{from}-{to}")),
            IllegalTurn::CannotMove {
                square: from.into(),
                rank
            }
        );
    }
}

#[test]
fn no_turn_moves_an_enemy_or_missing_piece() {
    let r = Rules::default();
    let p = open("c3=r5 c8=b5");
    assert_eq!(
        refuse(&p, &r, "c8-c7"),
        IllegalTurn::NotYourPiece("c8".into())
    );
    assert_eq!(refuse(&p, &r, "c5-c6"), IllegalTurn::NoPiece("c5".into()));
    assert_eq!(refuse(&p, &r, "c3"), IllegalTurn::NotFlipMode);
    // Not linked at all.
    assert_eq!(
        refuse(&p, &r, "c3-e4"),
        IllegalTurn::NotLinked {
            from: "c3".into(),
            to: "e4".into()
        }
    );
}

// ---------------------------------------------------------------------------------------------
// Section 4: clashes.

/// Red attacks `to` from `from` in `cells` (plus BASE); returns the report and the position after.
fn attack(rules: &Rules, cells: &str, t: &str) -> (TurnReport, Position) {
    let mut p = pos(rules, &lay("r", &format!("{BASE} {cells}")));
    let report = play(&mut p, rules, t);
    (report, p)
}

fn after(cells: &str, quiet: u32) -> String {
    lay_counts("b", quiet, 1, &format!("{BASE} {cells}"))
}

#[test]
fn taking_the_flag_wins() {
    let r = Rules::default();
    let (rep, p) = attack(&r, "c12=r3", "c12-d12");
    assert_eq!(rep.clash, Some(ClashOutcome::FlagTaken));
    assert_eq!(
        p.notation(),
        lay_counts("b", 0, 1, "b1=rF d1=r8 b12=b8 d12=r3")
    );
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::Flag)
    );
    assert_eq!(p.status(&r).word(), "red-wins flag");
    assert!(p.legal_turns(&r).is_empty());
}

#[test]
fn a_bomb_that_takes_the_flag_is_removed_and_still_wins() {
    let r = Rules::default();
    let (rep, p) = attack(&r, "c12=rB", "c12-d12");
    assert_eq!(rep.clash, Some(ClashOutcome::FlagTaken));
    assert_eq!(p.notation(), lay_counts("b", 0, 1, "b1=rF d1=r8 b12=b8"));
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::Flag)
    );
}

#[test]
fn a_bomb_removes_itself_and_what_it_meets() {
    let r = Rules::default();
    for (cells, t) in [
        ("c6=rB c7=b9", "c6-c7"),
        ("c6=r9 c7=bB", "c6-c7"),
        ("c6=rB c7=bB", "c6-c7"),
    ] {
        let (rep, p) = attack(&r, cells, t);
        assert_eq!(rep.clash, Some(ClashOutcome::BothRemoved), "{cells}");
        assert_eq!(p.notation(), after("", 0), "{cells}");
    }
}

#[test]
fn standard_mine_removes_any_attacker_but_an_engineer() {
    let r = Rules::default();
    let (rep, p) = attack(&r, "a10=r9 a11=bM", "a10-a11");
    assert_eq!(rep.clash, Some(ClashOutcome::AttackerRemoved));
    assert_eq!(p.notation(), after("a11=bM", 0));
}

#[test]
fn engineers_always_dig_mines() {
    for mines in [MineRule::Standard, MineRule::Spring, MineRule::Bomb] {
        for m in [Mode::Open, Mode::Hidden] {
            let r = Rules { mines, ..mode(m) };
            let (rep, p) = attack(&r, "a10=r1 a11=bM", "a10-a11");
            assert_eq!(rep.clash, Some(ClashOutcome::MineDug), "{mines:?}");
            assert_eq!(p.notation(), after("a11=r1", 0), "{mines:?}");
        }
    }
}

#[test]
fn bombs_and_mines_always_remove_each_other() {
    for mines in [MineRule::Standard, MineRule::Spring, MineRule::Bomb] {
        let r = Rules {
            mines,
            ..Rules::default()
        };
        let (rep, p) = attack(&r, "a10=rB a11=bM", "a10-a11");
        assert_eq!(rep.clash, Some(ClashOutcome::BothRemoved), "{mines:?}");
        assert_eq!(p.notation(), after("", 0), "{mines:?}");
    }
}

#[test]
fn spring_mine_bounces_the_attacker_back_and_is_revealed() {
    let r = Rules {
        mines: MineRule::Spring,
        ..mode(Mode::Hidden)
    };
    // The colonel runs a6-a11 along the rail and bounces back to a6, not to a10.
    let mut p = pos(
        &r,
        &lay_counts("r", 5, 9, &format!("{BASE} a6=r5 a11=bM c8=b5")),
    );
    let mine = sq("a11");
    assert_eq!(
        p.view(&r, Viewer::Side(Seat::Red)).at(mine),
        Seen::Unknown(Seat::Blue)
    );
    let rep = play(&mut p, &r, "a6-a11");
    assert_eq!(rep.clash, Some(ClashOutcome::Bounced));
    // Back on its square, alive; the mine stays; nothing removed so the quiet counter goes on.
    assert_eq!(
        p.notation(),
        lay_counts("b", 6, 10, &format!("{BASE} a6=r5 a11=bM c8=b5"))
    );
    assert!(p.at(mine).unwrap().is_revealed());
    for side in Seat::BOTH {
        assert_eq!(
            p.view(&r, Viewer::Side(side)).at(mine),
            Seen::Known(Piece::new(Seat::Blue, Rank::Mine))
        );
    }
    assert_eq!(p.status(&r), Status::Ongoing);
}

#[test]
fn bomb_mine_removes_the_attacker_and_the_mine() {
    let r = with(|r| r.mines = MineRule::Bomb);
    let (rep, p) = attack(&r, "a10=r9 a11=bM", "a10-a11");
    assert_eq!(rep.clash, Some(ClashOutcome::BothRemoved));
    assert_eq!(p.notation(), after("", 0));
}

#[test]
fn higher_rank_removes_lower_equal_ranks_both_go() {
    let r = Rules::default();
    let (rep, p) = attack(&r, "c6=r7 c7=b6", "c6-c7");
    assert_eq!(rep.clash, Some(ClashOutcome::DefenderRemoved));
    assert_eq!(p.notation(), after("c7=r7", 0));
    let (rep, p) = attack(&r, "c6=r6 c7=b7", "c6-c7");
    assert_eq!(rep.clash, Some(ClashOutcome::AttackerRemoved));
    assert_eq!(p.notation(), after("c7=b7", 0));
    let (rep, p) = attack(&r, "c6=r6 c7=b6", "c6-c7");
    assert_eq!(rep.clash, Some(ClashOutcome::BothRemoved));
    assert_eq!(p.notation(), after("", 0));
    // Engineer against engineer: both removed too (codes compare).
    let (rep, _) = attack(&r, "c6=r1 c7=b1", "c6-c7");
    assert_eq!(rep.clash, Some(ClashOutcome::BothRemoved));
}

// ---------------------------------------------------------------------------------------------
// Section 5: deploying.

/// The Red formation of the NOTATION.md example, line 1 first.
const FORMATION: &str = r#"(version: 1, name: "example", lines: ["3 7 2 6 3", "5 + 1 + 4", "8 B + 9 2", "1 + 6 + 4", "7 M 5 B 3", "M F M 1 2"])"#;

fn formation() -> Formation {
    Formation::from_ron(FORMATION).unwrap()
}

fn problems(f: &Formation, rules: &Rules) -> Vec<(Option<(u8, u8)>, String)> {
    f.problems(rules)
        .into_iter()
        .map(|p| (p.at(), p.to_string()))
        .collect()
}

fn swap(f: &mut Formation, a: (u8, u8), b: (u8, u8)) {
    let (x, y) = (f.at(a.0, a.1), f.at(b.0, b.1));
    f.set(a.0, a.1, y);
    f.set(b.0, b.1, x);
}

#[test]
fn the_example_formation_is_valid() {
    assert!(formation().is_valid(&Rules::default()));
    assert_eq!(square_name(Seat::Red, 1, 3), "c6");
    assert_eq!(square_name(Seat::Blue, 1, 1), "e7");
    assert_eq!(square_name(Seat::Blue, 6, 2), "d12");
}

#[test]
fn no_bomb_on_the_front_line_unless_the_house_rule_allows_it() {
    let mut f = formation();
    swap(&mut f, (1, 3), (3, 2));
    assert_eq!(
        problems(&f, &Rules::default()),
        vec![(Some((1, 3)), "bomb on the front line at c6".to_string())]
    );
    assert!(f.is_valid(&with(|r| r.bombs_in_front_row = true)));
}

#[test]
fn the_flag_goes_in_an_hq() {
    let mut f = formation();
    swap(&mut f, (6, 2), (6, 1));
    assert_eq!(
        problems(&f, &Rules::default()),
        vec![(
            Some((6, 1)),
            "flag at a1: the flag goes in one of the two HQs".to_string()
        )]
    );
    // The other HQ is fine.
    let mut f = formation();
    swap(&mut f, (6, 2), (6, 4));
    assert!(f.is_valid(&Rules::default()));
}

#[test]
fn mines_only_in_the_last_two_lines() {
    let mut f = formation();
    swap(&mut f, (5, 2), (4, 1));
    assert_eq!(
        problems(&f, &Rules::default()),
        vec![(
            Some((4, 1)),
            "mine at a3: mines only in the last two lines".to_string()
        )]
    );
}

#[test]
fn formation_counts_and_camps() {
    let mut f = formation();
    f.set(1, 1, Some(Rank::Engineer));
    assert_eq!(
        problems(&f, &Rules::default()),
        vec![
            (None, "1 × Captain not placed yet".to_string()),
            (None, "4 × Engineer (only 3 allowed)".to_string()),
        ]
    );
    let mut f = formation();
    f.set(2, 2, Some(Rank::Engineer));
    let ps = problems(&f, &Rules::default());
    assert!(
        ps.contains(&(
            Some((2, 2)),
            "Engineer in a camp at b5: camps start empty".to_string()
        )),
        "{ps:?}"
    );
}

/// RULES.md 5 square by square, in the owner's terms: line 1 (front) first, columns from the
/// owner's left; `.` where the rank may start, `x` where it may not. The camps are line 2
/// columns 2 and 4, line 3 column 3 and line 4 columns 2 and 4 (Red's b5 d5, c4, b3 d3); the HQs
/// line 6 columns 2 and 4 (b1 d1).
const ANY_PIECE_MAY_START: [&str; 6] = [
    ". . . . .",
    ". x . x .",
    ". . x . .",
    ". x . x .",
    ". . . . .",
    ". . . . .",
];
const BOMBS_MAY_START: [&str; 6] = [
    "x x x x x",
    ". x . x .",
    ". . x . .",
    ". x . x .",
    ". . . . .",
    ". . . . .",
];
const MINES_MAY_START: [&str; 6] = [
    "x x x x x",
    "x x x x x",
    "x x x x x",
    "x x x x x",
    ". . . . .",
    ". . . . .",
];
const THE_FLAG_MAY_START: [&str; 6] = [
    "x x x x x",
    "x x x x x",
    "x x x x x",
    "x x x x x",
    "x x x x x",
    "x . x . x",
];

#[test]
fn the_deployment_table_is_rules_section_5_for_every_rank_and_square() {
    for front in [false, true] {
        let rules = with(|r| r.bombs_in_front_row = front);
        for rank in Rank::ALL {
            let grid = match rank {
                Rank::Flag => THE_FLAG_MAY_START,
                Rank::Mine => MINES_MAY_START,
                Rank::Bomb if !front => BOMBS_MAY_START,
                _ => ANY_PIECE_MAY_START,
            };
            for line in 1..=6u8 {
                let row: Vec<&str> = grid[line as usize - 1].split(' ').collect();
                for col in 1..=5u8 {
                    let expect = row[col as usize - 1] == ".";
                    let at =
                        format!("{rank:?} on line {line} column {col}, bombs in front {front}");
                    assert_eq!(rules.may_deploy(rank, line, col), expect, "{at}");
                    let found: Vec<FormationProblem> =
                        rules.deploy_problems(rank, line, col).collect();
                    assert_eq!(found.is_empty(), expect, "{at}: {found:?}");
                    assert!(found.iter().all(|p| p.at() == Some((line, col))), "{at}");
                }
            }
        }
    }
}

#[test]
fn the_deployment_table_names_every_rule_a_square_breaks() {
    use FormationProblem::*;
    let plain = Rules::default();
    let front = with(|r| r.bombs_in_front_row = true);
    let found = |rules: &Rules, rank, line, col| -> Vec<FormationProblem> {
        rules.deploy_problems(rank, line, col).collect()
    };
    // A flag or a mine in a camp breaks two rules, in the order a formation reports them.
    assert_eq!(
        found(&plain, Rank::Flag, 2, 2),
        [
            CampNotEmpty {
                rank: Rank::Flag,
                line: 2,
                col: 2
            },
            FlagOutsideHq { line: 2, col: 2 }
        ]
    );
    assert_eq!(
        found(&plain, Rank::Mine, 3, 3),
        [
            CampNotEmpty {
                rank: Rank::Mine,
                line: 3,
                col: 3
            },
            MineTooFarForward { line: 3, col: 3 }
        ]
    );
    assert_eq!(
        found(&plain, Rank::Marshal, 4, 4),
        [CampNotEmpty {
            rank: Rank::Marshal,
            line: 4,
            col: 4
        }]
    );
    assert_eq!(
        found(&plain, Rank::Flag, 5, 2),
        [FlagOutsideHq { line: 5, col: 2 }]
    );
    assert_eq!(found(&plain, Rank::Flag, 6, 4), []);
    assert_eq!(
        found(&plain, Rank::Bomb, 1, 5),
        [BombOnFrontLine { line: 1, col: 5 }]
    );
    assert_eq!(found(&front, Rank::Bomb, 1, 5), []);
    // The house rule is about bombs only.
    assert_eq!(
        found(&front, Rank::Mine, 1, 5),
        [MineTooFarForward { line: 1, col: 5 }]
    );
    assert_eq!(
        found(&front, Rank::Bomb, 2, 4),
        [CampNotEmpty {
            rank: Rank::Bomb,
            line: 2,
            col: 4
        }]
    );
}

#[test]
fn random_formations_are_valid_and_deterministic() {
    for seed in 0..20 {
        let r = Rules::default();
        let f = Formation::random(&mut rng::SplitMix64::new(seed), &r);
        assert!(f.is_valid(&r), "seed {seed}: {:?}", f.problems(&r));
        assert_eq!(f, Formation::random(&mut rng::SplitMix64::new(seed), &r));
    }
}

// ---------------------------------------------------------------------------------------------
// Position::new checks.

#[test]
fn position_new_refuses_impossible_setups() {
    let r = Rules::default();
    let e = |text: &str, rules: &Rules| {
        Position::from_notation(text, rules)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        e(&lay("r", &format!("{BASE} a7=b1 b7=b1 c7=b1 e7=b1")), &r),
        "Blue has 4 engineers (at most 3)"
    );
    assert_eq!(
        e(&lay("r", &format!("{BASE} a6=rB b6=rB c2=rB")), &r),
        "Red has 3 bombs (at most 2)"
    );
    assert_eq!(
        e(&lay("r", &format!("{BASE} a7=B3")), &r),
        "face-down piece on a7 outside flip mode"
    );
    assert_eq!(
        e(&lay("r", &format!("{BASE} a7=B3")), &mode(Mode::Hidden)),
        "face-down piece on a7 outside flip mode"
    );
    assert!(
        Position::from_notation(&lay("r", &format!("{BASE} a7=B3")), &mode(Mode::Flip)).is_ok()
    );
    assert!(e(&lay("1", &format!("{BASE} c3=r5")), &r).contains("only for flip mode"));
    assert!(
        e(&lay("1", &format!("{BASE} c3=r5")), &mode(Mode::Flip)).contains("no piece is face down")
    );
    assert_eq!(e(&lay("r", "c3=r5 c8=b5"), &r), "neither side has a flag");
    assert_eq!(
        e(&lay_counts("r", 5, 4, BASE), &r),
        "quiet counter 5 is larger than the ply counter 4"
    );
}

// ---------------------------------------------------------------------------------------------
// Section 6: modes, views and what is revealed.

#[test]
fn hidden_mode_views_show_only_own_identities() {
    let r = mode(Mode::Hidden);
    let p = pos(&r, &lay("r", &format!("{BASE} c6=r5 c7=b3")));
    let red = p.view(&r, Viewer::Side(Seat::Red));
    assert_eq!(
        red.at(sq("c6")),
        Seen::Known(Piece::new(Seat::Red, Rank::Colonel))
    );
    assert_eq!(red.at(sq("c7")), Seen::Unknown(Seat::Blue));
    assert_eq!(red.at(sq("d12")), Seen::Unknown(Seat::Blue));
    assert_eq!(red.at(sq("c5")), Seen::Empty);
    assert_eq!(
        red.notation(),
        lay("r", "b1=rF d12=b? d1=r8 b12=b? c6=r5 c7=b?")
    );
    let blue = p.view(&r, Viewer::Side(Seat::Blue));
    assert_eq!(
        blue.notation(),
        lay("r", "b1=r? d12=bF d1=r? b12=b8 c6=r? c7=b3")
    );
    let referee = p.view(&r, Viewer::Referee);
    assert_eq!(referee.notation(), p.notation());
    // Open mode: everyone sees everything.
    let o = Rules::default();
    let q = pos(&o, &p.notation());
    for v in [
        Viewer::Side(Seat::Red),
        Viewer::Side(Seat::Blue),
        Viewer::Referee,
    ] {
        assert_eq!(q.view(&o, v).notation(), q.notation());
    }
}

#[test]
fn a_view_just_after_the_opening_turn_rewinds_to_the_start() {
    let r = mode(Mode::Hidden);
    let blue = Viewer::Side(Seat::Blue);
    for (cells, t) in [
        // A quiet move, and an attack that removed the attacker.
        (format!("{BASE} c6=r5 c7=b3"), "c6-c5"),
        (format!("{BASE} c6=r3 c7=b5"), "c6-c7"),
    ] {
        let start = pos(&r, &lay("r", &cells));
        let mut p = start;
        let report = play(&mut p, &r, t);
        let after = p.view(&r, blue);
        let before = after
            .before_opening_turn(&report)
            .expect("Red's opening turn");
        assert_eq!(before.notation(), start.view(&r, blue).notation(), "{t}");
        // The mover's own view, the referee's and a later turn's cannot be rewound so.
        assert!(
            p.view(&r, Viewer::Side(Seat::Red))
                .before_opening_turn(&report)
                .is_none()
        );
        assert!(
            p.view(&r, Viewer::Referee)
                .before_opening_turn(&report)
                .is_none()
        );
    }
    let mut p = pos(&r, &lay_counts("r", 0, 4, &format!("{BASE} c6=r5 c7=b3")));
    let report = play(&mut p, &r, "c6-c5");
    assert!(p.view(&r, blue).before_opening_turn(&report).is_none());
}

#[test]
fn the_public_view_shows_backs_but_what_both_players_saw() {
    let r = mode(Mode::Hidden);
    let cells = format!("{BASE} c6=rB c7=b9 a6=r3 e10=b2");
    let mut g = Game::new(r, Start::Position(lay("r", &cells))).unwrap();
    assert_eq!(g.public_view().viewer(), Viewer::Referee);
    assert_eq!(
        g.public_view().notation(),
        lay("r", "b1=r? d12=b? d1=r? b12=b? c6=r? c7=b? a6=r? e10=b?")
    );
    // The bomb takes Blue's marshal with it: Blue's flag is shown to both.
    g.play(turn(g.position(), "c6-c7")).unwrap();
    assert_eq!(
        g.public_view().notation(),
        lay_counts("b", 0, 1, "b1=r? d12=bF d1=r? b12=b? a6=r? e10=b?")
    );
}

#[test]
fn flip_mode_face_down_pieces_are_unknown_to_both_players() {
    let r = mode(Mode::Flip);
    let p = pos(&r, &lay("r", &format!("{BASE} c6=r5 c7=B3 a3=R1")));
    let expect = lay("r", &format!("{BASE} c6=r5 c7=?? a3=??"));
    for side in Seat::BOTH {
        let v = p.view(&r, Viewer::Side(side));
        assert_eq!(v.at(sq("c7")), Seen::FaceDown);
        assert_eq!(v.at(sq("a3")), Seen::FaceDown);
        assert_eq!(v.notation(), expect);
    }
    assert_eq!(p.view(&r, Viewer::Referee).notation(), p.notation());
    assert_eq!(
        p.view(&r, Viewer::Referee).at(sq("c7")),
        Seen::Known(Piece::face_down(Seat::Blue, Rank::Captain))
    );
}

#[test]
fn flag_shown_to_the_enemy_when_its_marshal_falls_in_hidden_mode() {
    let r = mode(Mode::Hidden);
    let cells = format!("{BASE} c6=rB c7=b9 c8=b5");
    let mut p = pos(&r, &lay("r", &cells));
    let flag = sq("d12");
    assert_eq!(
        p.view(&r, Viewer::Side(Seat::Red)).at(flag),
        Seen::Unknown(Seat::Blue)
    );
    let rep = play(&mut p, &r, "c6-c7");
    assert_eq!(rep.flags_revealed, [Some((Seat::Blue, flag)), None]);
    assert_eq!(
        p.view(&r, Viewer::Side(Seat::Red)).at(flag),
        Seen::Known(Piece::new(Seat::Blue, Rank::Flag))
    );
    // Red's own flag stays hidden from Blue: Red's marshal did not fall.
    assert_eq!(
        p.view(&r, Viewer::Side(Seat::Blue)).at(sq("b1")),
        Seen::Unknown(Seat::Red)
    );
    // The reveal stays for the rest of the game.
    play(&mut p, &r, "c8-c9");
    assert_eq!(
        p.view(&r, Viewer::Side(Seat::Red)).at(flag),
        Seen::Known(Piece::new(Seat::Blue, Rank::Flag))
    );
}

#[test]
fn flag_reveal_is_off_with_the_house_rule_off_and_idle_in_open_mode() {
    let hidden_off = Rules {
        flag_reveal_on_marshal_loss: false,
        ..mode(Mode::Hidden)
    };
    let mut p = pos(&hidden_off, &lay("r", &format!("{BASE} c6=rB c7=b9")));
    let rep = play(&mut p, &hidden_off, "c6-c7");
    assert_eq!(rep.flags_revealed().count(), 0);
    assert_eq!(
        p.view(&hidden_off, Viewer::Side(Seat::Red)).at(sq("d12")),
        Seen::Unknown(Seat::Blue)
    );
    assert!(!p.at(sq("d12")).unwrap().is_revealed());
    // Open mode: nothing to reveal (everything is visible), and nothing is marked.
    let o = Rules::default();
    let mut p = pos(&o, &lay("r", &format!("{BASE} c6=rB c7=b9")));
    let rep = play(&mut p, &o, "c6-c7");
    assert_eq!(rep.flags_revealed().count(), 0);
    assert_eq!(
        p.view(&o, Viewer::Side(Seat::Red)).at(sq("d12")),
        Seen::Known(Piece::new(Seat::Blue, Rank::Flag))
    );
}

#[test]
fn flag_reveal_follows_the_marshal_whoever_removes_it() {
    // Blue's marshal attacks Red's marshal: both fall, both flags are shown.
    let r = mode(Mode::Hidden);
    let mut p = pos(&r, &lay("b", &format!("{BASE} c6=r9 c7=b9")));
    play(&mut p, &r, "c7-c6");
    for (viewer, flag) in [(Seat::Red, "d12"), (Seat::Blue, "b1")] {
        assert!(matches!(
            p.view(&r, Viewer::Side(viewer)).at(sq(flag)),
            Seen::Known(_)
        ));
    }
}

#[test]
fn engineer_scout_in_hidden_mode_removes_the_engineer_and_reveals_the_defender() {
    let r = Rules {
        engineer_scout: true,
        ..mode(Mode::Hidden)
    };
    let cells = "c6=r1 c7=b1";
    let (rep, p) = attack(&r, cells, "c6-c7");
    assert_eq!(rep.clash, Some(ClashOutcome::AttackerRemoved));
    assert_eq!(p.notation(), after("c7=b1", 0));
    assert_eq!(
        p.view(&r, Viewer::Side(Seat::Red)).at(sq("c7")),
        Seen::Known(Piece::new(Seat::Blue, Rank::Engineer))
    );
    // Mines are still dug and flags still taken by a scouting engineer.
    let (rep, _) = attack(&r, "a10=r1 a11=bM", "a10-a11");
    assert_eq!(rep.clash, Some(ClashOutcome::MineDug));
    let (rep, _) = attack(&r, "c12=r1", "c12-d12");
    assert_eq!(rep.clash, Some(ClashOutcome::FlagTaken));
    let (rep, _) = attack(&r, "c6=r1 c7=bB", "c6-c7");
    assert_eq!(rep.clash, Some(ClashOutcome::BothRemoved));
    // Only in hidden mode: in open mode the engineers compare as usual.
    let o = Rules {
        engineer_scout: true,
        ..Rules::default()
    };
    let (rep, p) = attack(&o, cells, "c6-c7");
    assert_eq!(rep.clash, Some(ClashOutcome::BothRemoved));
    assert_eq!(p.notation(), after("", 0));
}

#[test]
fn flip_first_flip_gives_the_flipper_that_colour() {
    let r = mode(Mode::Flip);
    let cells = "b1=RF d12=BF a6=R1 e7=B3 c3=R5 e8=B1";
    // Player 1 flips a red piece: player 1 is Red, Blue (player 2) moves next.
    let mut p = pos(&r, &lay("1", cells));
    let rep = play(&mut p, &r, "a6");
    assert_eq!(rep.colours_decided, Some((1, Seat::Red)));
    assert_eq!(rep.flipped, Some((Seat::Red, Rank::Engineer)));
    assert_eq!(
        p.notation(),
        lay_counts("b", 0, 1, &cells.replace("a6=R1", "a6=r1"))
    );
    // Player 1 flips a blue piece: player 1 is Blue, Red moves next.
    let mut p = pos(&r, &lay("1", cells));
    let rep = play(&mut p, &r, "e7");
    assert_eq!(rep.colours_decided, Some((1, Seat::Blue)));
    assert_eq!(p.mover(), Mover::Side(Seat::Red));
    // Through a game record.
    let mut g = Game::new(r.clone(), Start::Position(lay("1", cells))).unwrap();
    g.act(Action::Turn("e7".into())).unwrap();
    assert_eq!(g.player_colour(1), Some(Seat::Blue));
    assert_eq!(g.player_colour(2), Some(Seat::Red));
}

#[test]
fn first_engineer_decides_keeps_flipping_until_an_engineer() {
    let r = Rules {
        first_engineer_decides: true,
        ..mode(Mode::Flip)
    };
    let cells = "b1=RF d12=BF a6=R1 e7=B3 c3=R5 e8=B1";
    let mut p = pos(&r, &lay("1", cells));
    let rep = play(&mut p, &r, "c3");
    assert_eq!(rep.colours_decided, None);
    assert_eq!(p.mover(), Mover::Player(2));
    assert_eq!(refuse(&p, &r, "c3-c4"), IllegalTurn::OnlyFlipsUntilColours);
    let rep = play(&mut p, &r, "e7");
    assert_eq!(rep.colours_decided, None);
    assert_eq!(p.mover(), Mover::Player(1));
    // Player 1 flips Blue's engineer: player 1 is Blue and Red (player 2) moves.
    let rep = play(&mut p, &r, "e8");
    assert_eq!(rep.colours_decided, Some((1, Seat::Blue)));
    assert_eq!(p.mover(), Mover::Side(Seat::Red));
    assert_eq!(p.quiet(), 0);
    assert_eq!(p.ply(), 3);
}

#[test]
fn flip_only_flips_until_colours_are_decided() {
    let r = mode(Mode::Flip);
    let p = pos(&r, &lay("1", "b1=RF d12=BF a6=r1 c3=R5 e8=B1"));
    assert_eq!(turns(&p, &r), "b1 c3 d12 e8");
    assert_eq!(refuse(&p, &r, "a6-a7"), IllegalTurn::OnlyFlipsUntilColours);
    assert_eq!(
        refuse(&p, &r, "a6"),
        IllegalTurn::AlreadyFaceUp("a6".into())
    );
    assert_eq!(refuse(&p, &r, "a5"), IllegalTurn::NoPiece("a5".into()));
}

#[test]
fn flip_face_down_pieces_block_rail_runs_and_cannot_be_attacked() {
    let r = mode(Mode::Flip);
    let p = pos(&r, &lay("r", "b1=rF d12=bF a6=r5 a9=BB c8=b3 e8=B1"));
    assert_eq!(dests(&p, &r, "a6"), "a2 a3 a4 a5 a7 a8 b5 b6 c6 d6 e6");
    assert_eq!(
        refuse(&p, &r, "a6-a9"),
        IllegalTurn::FaceDownTarget("a9".into())
    );
    assert_eq!(refuse(&p, &r, "a6-a10"), IllegalTurn::RailBlocked);
    // A flip is a turn for either side once colours are decided, and resets the quiet counter.
    assert_eq!(
        turns(&p, &r)
            .split(' ')
            .filter(|t| !t.contains('-'))
            .collect::<Vec<_>>(),
        vec!["a9", "e8"]
    );
    // Face-down pieces count as movable pieces: Blue (only a face-down engineer besides face-up
    // pieces here) is not out of pieces.
    assert_eq!(p.status(&r), Status::Ongoing);
}

#[test]
fn flip_face_down_engineer_cannot_be_moved() {
    let r = mode(Mode::Flip);
    let p = pos(&r, &lay("r", "b1=rF d12=bF a6=R1 c8=b3 e8=B1"));
    assert_eq!(refuse(&p, &r, "a6-a7"), IllegalTurn::FaceDown("a6".into()));
}

#[test]
fn flag_needs_mines_cleared_counts_face_down_mines() {
    let r = mode(Mode::Flip);
    assert!(r.flag_needs_mines_cleared);
    let cells = "b1=rF d12=bF e12=r3 b12=b8 a6=r5";
    let p = pos(&r, &lay("r", &format!("{cells} a11=BM")));
    assert_eq!(refuse(&p, &r, "e12-d12"), IllegalTurn::FlagProtectedByMines);
    let p = pos(&r, &lay("r", &format!("{cells} a11=bM")));
    assert_eq!(refuse(&p, &r, "e12-d12"), IllegalTurn::FlagProtectedByMines);
    // Once all are gone the flag can be taken.
    let mut p = pos(&r, &lay("r", cells));
    play(&mut p, &r, "e12-d12");
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::Flag)
    );
    // Open mode: off by default, on as a house rule.
    let open_cells = format!("{BASE} c12=r5 a11=bM");
    let p = setup(&lay("r", &open_cells));
    assert!(dests(&p, &Rules::default(), "c12").contains("d12"));
    let on = with(|r| r.flag_needs_mines_cleared = true);
    let p = pos(&on, &lay("r", &open_cells));
    assert_eq!(dests(&p, &on, "c12"), "b12 c11");
    assert_eq!(
        refuse(&p, &on, "c12-d12"),
        IllegalTurn::FlagProtectedByMines
    );
}

#[test]
fn flag_takers_smallest_counts_face_up_pieces_only_in_flip() {
    let r = mode(Mode::Flip);
    assert_eq!(r.flag_takers, FlagTakers::Smallest);
    let cells = "b1=rF d12=bF c12=r5 e12=r3 b12=b8";
    let p = pos(&r, &lay("r", &format!("{cells} a3=R1")));
    assert_eq!(
        refuse(&p, &r, "c12-d12"),
        IllegalTurn::NotAFlagTaker(Rank::Colonel)
    );
    assert!(p.check_turn(&r, turn(&p, "e12-d12")).is_ok());
    // A face-up engineer makes the captain too big.
    let p = pos(&r, &lay("r", &format!("{cells} a3=r1")));
    assert_eq!(
        refuse(&p, &r, "e12-d12"),
        IllegalTurn::NotAFlagTaker(Rank::Captain)
    );
    // Open mode with the house rule: every officer on the board counts; bombs never take.
    let s = with(|r| r.flag_takers = FlagTakers::Smallest);
    let p = pos(
        &s,
        &lay("r", "b1=rF d12=bF c12=r5 e12=r3 b12=b8 d11=rB a3=r1"),
    );
    assert_eq!(dests(&p, &s, "e12"), "e11");
    assert_eq!(
        refuse(&p, &s, "d11-d12"),
        IllegalTurn::NotAFlagTaker(Rank::Bomb)
    );
    let p = pos(&s, &lay("r", "b1=rF d12=bF c12=r5 e12=r3 b12=b8"));
    assert_eq!(dests(&p, &s, "e12"), "d12 e11");
}

#[test]
fn flag_takers_engineer_only() {
    let e = with(|r| r.flag_takers = FlagTakers::Engineer);
    let p = pos(&e, &lay("r", "b1=rF d12=bF c12=r9 e12=r1 b12=b8"));
    assert_eq!(
        refuse(&p, &e, "c12-d12"),
        IllegalTurn::NotAFlagTaker(Rank::Marshal)
    );
    assert_eq!(dests(&p, &e, "e12"), "d12 e11");
    let o = Rules::default();
    let p = pos(&o, &lay("r", "b1=rF d12=bF c12=r9 e12=r1 b12=b8"));
    assert_eq!(dests(&p, &o, "c12"), "b12 c11 d12");
}

#[test]
fn rail_turn_for_all_allows_exactly_one_right_angle_turn() {
    let r = with(|r| r.rail_turn_for_all = true);
    let p = open("c6=r5");
    assert_eq!(
        dests(&p, &r, "c6"),
        "a10 a11 a2 a3 a4 a5 a6 a7 a8 a9 b5 b6 b7 c5 c7 d5 d6 d7 \
         e10 e11 e2 e3 e4 e5 e6 e7 e8 e9"
    );
    // A second turn (a11 onto rank 11, a2 onto rank 2) is not allowed.
    assert_eq!(refuse(&p, &r, "c6-b11"), IllegalTurn::NoRailTurn);
    // The turn needs an empty corner: blocked at a6 by an own piece, the a-file is out of reach.
    let p = open("c6=r5 a6=r3");
    let d = dests(&p, &r, "c6");
    assert!(
        d.contains("a7") && !d.contains("a8") && !d.contains("a5"),
        "{d}"
    );
    // Engineers stay unlimited.
    let p = open("c6=r1");
    assert!(dests(&p, &r, "c6").contains("b11"));
}

#[test]
fn flying_bombs_move_like_engineers() {
    let fly = with(|r| r.flying_bombs = true);
    let p = open(&format!("a6=rB {LOOP_BLOCKERS}"));
    assert_eq!(dests(&p, &fly, "a6"), "a7 b5 b7 c6 c7 d6 e6 e7");
    assert_eq!(dests(&p, &Rules::default(), "a6"), "a7 b5");
}

// ---------------------------------------------------------------------------------------------
// Section 7: end of the game, and its order.

#[test]
fn flag_capture_that_also_leaves_the_loser_without_movable_pieces_is_flag() {
    // Red's last movable piece is a bomb; it takes Blue's flag and is removed with it.
    let r = Rules::default();
    let mut p = setup(&lay("r", "b1=rF a1=rM d12=bF c12=rB c7=b5"));
    play(&mut p, &r, "c12-d12");
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::Flag)
    );
    // Blue takes the flag with its last movable piece while Red has pieces: still flag.
    let mut p = setup(&lay("b", "b1=rF d12=bF c1=b3 c6=r5"));
    play(&mut p, &r, "c1-b1");
    assert_eq!(p.status(&r).word(), "blue-wins flag");
}

#[test]
fn a_side_without_movable_pieces_loses_and_both_without_draw() {
    let r = Rules::default();
    // Red's colonel removes Blue's last movable piece.
    let mut p = setup(&lay("r", "b1=rF d12=bF a11=bM c6=r5 c7=b3"));
    play(&mut p, &r, "c6-c7");
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::NoPieces)
    );
    assert_eq!(p.status(&r).word(), "red-wins no-pieces");
    // Red's last piece, a bomb, meets Blue's last piece: both sides are out of movable pieces.
    let mut p = setup(&lay("r", "b1=rF d12=bF c6=rB c7=b3"));
    play(&mut p, &r, "c6-c7");
    assert_eq!(p.status(&r), Status::Draw(EndReason::NoPieces));
    assert!(p.legal_turns(&r).is_empty());
}

#[test]
fn no_pieces_is_checked_before_no_moves() {
    // Red to move has no turn (its general is frozen) and Blue has no movable piece at all.
    let r = Rules::default();
    let p = setup(&lay("r", "b1=rF d12=bF d1=r8"));
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::NoPieces)
    );
}

#[test]
fn side_to_move_without_a_legal_turn_loses_both_without_draw() {
    let r = Rules::default();
    // Blue's only movable piece is frozen in its HQ; Red can move.
    let p = setup(&lay("b", &format!("{BASE} c3=r5")));
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::NoMoves)
    );
    assert_eq!(turns(&p, &r), "");
    // Both frozen.
    let p = setup(&lay("b", BASE));
    assert_eq!(p.status(&r), Status::Draw(EndReason::NoMoves));
    // Hemmed in by its own mines rather than frozen: the same.
    let p = setup(&lay("b", "b1=rF d12=bF c3=r5 a12=b5 a11=bM b12=bM"));
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::NoMoves)
    );
    // And movable HQ frees them.
    let m = with(|r| r.movable_hq = true);
    assert_eq!(setup(&lay("b", BASE)).status(&m), Status::Ongoing);
}

#[test]
fn no_moves_is_checked_before_the_quiet_and_turn_limits() {
    let r = Rules::default();
    let p = setup(&lay_counts("b", 70, 1000, &format!("{BASE} c3=r5")));
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::NoMoves)
    );
}

#[test]
fn quiet_limit_draws_after_seventy_quiet_turns() {
    let r = Rules::default();
    let mut p = setup(&lay_counts("r", 69, 100, &format!("{BASE} c3=r5 c8=b5")));
    assert_eq!(p.status(&r), Status::Ongoing);
    play(&mut p, &r, "c3-c2");
    assert_eq!(p.quiet(), 70);
    assert_eq!(p.status(&r), Status::Draw(EndReason::QuietLimit));
    assert_eq!(p.status(&r).word(), "draw quiet-limit");
    // A house-rule limit of 40.
    let forty = with(|r| r.quiet_limit = 40);
    let mut p = pos(
        &forty,
        &lay_counts("r", 39, 100, &format!("{BASE} c3=r5 c8=b5")),
    );
    play(&mut p, &forty, "c3-c2");
    assert_eq!(p.status(&forty), Status::Draw(EndReason::QuietLimit));
}

/// `quiet loses` (the CCGC rules): the player making the last quiet turn of the limit loses; a
/// clash on that turn resets the count instead; four players still draw.
#[test]
fn quiet_loses_gives_the_game_to_the_other_side() {
    let r = Rules::ccgc();
    assert_eq!((r.quiet_limit, r.quiet_loses), (31, true));
    // Red makes the 31st quiet ply: Blue wins.
    let mut p = pos(
        &r,
        &lay_counts("r", 30, 100, &format!("{BASE} c3=r5 c8=b5")),
    );
    assert_eq!(p.status(&r), Status::Ongoing);
    play(&mut p, &r, "c3-c2");
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Blue, EndReason::QuietLimit)
    );
    assert_eq!(p.status(&r).word(), "blue-wins quiet-limit");
    // Blue makes it: Red wins.
    let mut p = pos(
        &r,
        &lay_counts("b", 30, 100, &format!("{BASE} c3=r5 c8=b5")),
    );
    play(&mut p, &r, "c8-c9");
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::QuietLimit)
    );
    // A clash on the 31st ply resets the count.
    let mut p = pos(
        &r,
        &lay_counts("r", 30, 100, &format!("{BASE} c3=r5 c2=b4 c8=b5")),
    );
    play(&mut p, &r, "c3-c2");
    assert_eq!((p.quiet(), p.status(&r)), (0, Status::Ongoing));
    // Without the rule the same ply draws.
    let draw = with(|r| {
        r.quiet_limit = 31;
    });
    let mut p = pos(
        &draw,
        &lay_counts("r", 30, 100, &format!("{BASE} c3=r5 c8=b5")),
    );
    play(&mut p, &draw, "c3-c2");
    assert_eq!(p.status(&draw), Status::Draw(EndReason::QuietLimit));
}

#[test]
fn quiet_limit_is_checked_before_the_turn_limit() {
    let r = Rules::default();
    let mut p = setup(&lay_counts("r", 69, 999, &format!("{BASE} c3=r5 c8=b5")));
    play(&mut p, &r, "c3-c2");
    assert_eq!((p.quiet(), p.ply()), (70, 1000));
    assert_eq!(p.status(&r), Status::Draw(EndReason::QuietLimit));
}

#[test]
fn turn_limit_draws_after_a_thousand_turns() {
    let r = Rules::default();
    let mut p = setup(&lay_counts("r", 0, 999, &format!("{BASE} c3=r5 c8=b5")));
    play(&mut p, &r, "c3-c2");
    assert_eq!(p.status(&r), Status::Draw(EndReason::TurnLimit));
    assert_eq!(p.status(&r).word(), "draw turn-limit");
    let short = with(|r| r.turn_limit = 10);
    let mut p = pos(
        &short,
        &lay_counts("r", 0, 9, &format!("{BASE} c3=r5 c8=b5")),
    );
    play(&mut p, &short, "c3-c2");
    assert_eq!(p.status(&short), Status::Draw(EndReason::TurnLimit));
}

#[test]
fn quiet_counter_resets_on_removal_and_flip_not_on_a_bounce() {
    let r = Rules::default();
    let mut p = setup(&lay_counts(
        "r",
        12,
        40,
        &format!("{BASE} c6=r5 c7=b3 e3=r4"),
    ));
    play(&mut p, &r, "c6-c7");
    assert_eq!((p.quiet(), p.ply()), (0, 41));
    // A quiet move counts up.
    let mut p = setup(&lay_counts("r", 12, 40, &format!("{BASE} c6=r5 c8=b3")));
    play(&mut p, &r, "c6-c5");
    assert_eq!((p.quiet(), p.ply()), (13, 41));
    // An attack in which the attacker alone dies is a removal too.
    let mut p = setup(&lay_counts(
        "r",
        12,
        40,
        &format!("{BASE} c6=r2 c7=b3 e3=r4"),
    ));
    play(&mut p, &r, "c6-c7");
    assert_eq!(p.quiet(), 0);
    // A flip resets it.
    let f = mode(Mode::Flip);
    let mut p = pos(
        &f,
        &lay_counts("r", 12, 40, "b1=rF d12=bF c6=r5 c8=b3 e8=B1"),
    );
    play(&mut p, &f, "e8");
    assert_eq!((p.quiet(), p.ply()), (0, 41));
    // A spring-mine bounce removes nothing.
    let s = with(|r| r.mines = MineRule::Spring);
    let mut p = pos(
        &s,
        &lay_counts("r", 12, 40, &format!("{BASE} a10=r5 a11=bM")),
    );
    play(&mut p, &s, "a10-a11");
    assert_eq!((p.quiet(), p.ply()), (13, 41));
}

#[test]
fn finished_games_have_no_turns_and_refuse_them() {
    let r = Rules::default();
    let p = setup(&lay("r", "b1=rF d1=r8 b12=b8 c3=r5"));
    assert_eq!(
        p.status(&r),
        Status::Won(crate::engine::Team::Red, EndReason::Flag)
    );
    assert_eq!(turns(&p, &r), "");
    assert_eq!(refuse(&p, &r, "c3-c2"), IllegalTurn::GameOver);
    assert_eq!(perft(&p, &r, 1), 0);
    assert_eq!(perft(&p, &r, 0), 1);
}

// ---------------------------------------------------------------------------------------------
// Records and notation.

#[test]
fn notation_round_trips_through_positions_and_views() {
    let text = lay_counts("b", 3, 17, &format!("{BASE} c6=r5 a9=b1 e2=rM"));
    let p = setup(&text);
    assert_eq!(p.notation(), text);
    assert_eq!(format!("{p:?}"), text);
}

#[test]
fn info_keys_are_written_as_the_file_format_names_them() {
    // docs/formats.md, `info`: these texts are in every saved game and may not change.
    let keys = [
        (InfoKey::Id, "id"),
        (InfoKey::Started, "started"),
        (InfoKey::Seat, "seat"),
        (InfoKey::Computer, "computer"),
        (InfoKey::Bottom, "bottom"),
        (InfoKey::Hints, "hints"),
        (InfoKey::Deal, "deal"),
        (InfoKey::Redo, "redo"),
        (InfoKey::SavedBy, "saved_by"),
        (InfoKey::ContinuedFrom, "continued_from"),
        (InfoKey::Referee, "referee"),
        (InfoKey::RefereeNotes, "referee_notes"),
        (InfoKey::ArenaGame, "arena-game"),
        (InfoKey::ArenaSeed, "arena-seed"),
        (InfoKey::ArenaSeat(Seat::Red), "red"),
        (InfoKey::ArenaSeat(Seat::Blue), "blue"),
        (InfoKey::ArenaSeat(Seat::South), "south"),
        (InfoKey::ArenaSeat(Seat::East), "east"),
        (InfoKey::ArenaSeat(Seat::North), "north"),
        (InfoKey::ArenaSeat(Seat::West), "west"),
        (InfoKey::ArenaFirst, "first"),
        (InfoKey::ArenaSecond, "second"),
        (InfoKey::Forfeit, "forfeit"),
        (InfoKey::Abandoned, "abandoned"),
        (InfoKey::Review, "review"),
        (InfoKey::Beliefs, "beliefs"),
    ];
    for (key, text) in keys {
        assert_eq!(key.as_str(), text);
    }
    // Setting a key replaces its entry and puts it last; other entries stay.
    let mut g = hidden_test_game();
    g.set_info(InfoKey::Id, "a");
    g.set_info(InfoKey::Started, "b");
    g.set_info(InfoKey::Id, "c");
    assert_eq!(
        g.record().info,
        [("started".into(), "b".into()), ("id".into(), "c".into())]
    );
}

#[test]
fn out_of_range_turns_are_refused_without_panicking() {
    let r = mode(Mode::Flip);
    let p = pos(&r, &lay("r", "b1=rF d12=bF c6=r5 c8=b3 e8=B1"));
    for t in [
        Turn::Flip(60),
        Turn::Flip(NodeId::MAX),
        Turn::Move { from: 200, to: 3 },
        Turn::Move {
            from: sq("c6"),
            to: 90,
        },
    ] {
        let mut q = p;
        assert!(q.play(&r, t).is_err(), "{t:?}");
        assert_eq!(q.notation(), p.notation());
    }
}

// ---------------------------------------------------------------------------------------------
// Fair refusals and complete announcements.

/// A hidden game from a position (`BASE` plus `cells`, Red to move) under `rules`.
fn hidden_game(rules: &Rules, cells: &str) -> Game {
    Game::new(
        rules.clone(),
        Start::Position(lay("r", &format!("{BASE} {cells}"))),
    )
    .unwrap()
}

#[test]
fn refusal_from_far_away_gives_the_reachability_reason_for_flag_and_non_flag_alike() {
    // Blue's flag on d12, a general on b12 (both HQs). A Red colonel far away on a6 clicks each.
    for rules in [
        with(|r| {
            r.mode = Mode::Hidden;
            r.flag_needs_mines_cleared = true;
        }),
        with(|r| {
            r.mode = Mode::Hidden;
            r.flag_takers = FlagTakers::Engineer;
        }),
        with(|r| {
            r.mode = Mode::Hidden;
            r.flag_takers = FlagTakers::Smallest;
        }),
    ] {
        let mut g = hidden_game(&rules, "a6=r5 c6=r3 a11=bM e7=b3");
        let before = g.record().clone();
        let e_flag = g.play(turn(g.position(), "a6-d12")).unwrap_err();
        let e_other = g.play(turn(g.position(), "a6-b12")).unwrap_err();
        let unreachable = |to: &str| IllegalTurn::NotLinked {
            from: "a6".into(),
            to: to.into(),
        };
        assert_eq!(e_flag, unreachable("d12"), "{rules:?}");
        assert_eq!(e_other, unreachable("b12"), "{rules:?}");
        // Nothing recorded, nothing revealed.
        assert_eq!(g.record(), &before);
        assert_eq!(
            g.view(Viewer::Side(Seat::Red)).at(sq("d12")),
            Seen::Unknown(Seat::Blue)
        );
        // The position's own reason (the referee's) is the same: reachability first.
        assert_eq!(
            g.position()
                .check_turn(&rules, turn(g.position(), "a6-d12")),
            Err(unreachable("d12"))
        );
    }
}

#[test]
fn reachable_refused_flag_attack_is_public_and_recorded() {
    let rules = with(|r| {
        r.mode = Mode::Hidden;
        r.flag_needs_mines_cleared = true;
    });
    // Red's colonel on c12 beside Blue's flag (d12) and general (b12); a Blue mine on a11.
    let mut g = hidden_game(&rules, "c12=r5 a6=r3 a11=bM e7=b3");
    assert_eq!(
        g.view(Viewer::Side(Seat::Red)).mines_known(Seat::Blue),
        None
    );
    let e = g.play(turn(g.position(), "c12-d12")).unwrap_err();
    let said = IllegalTurn::FlagAttackRefused {
        by: Seat::Red,
        square: "d12".into(),
        mines: true,
    };
    assert_eq!(e, said);
    assert_eq!(
        e.to_string(),
        "Red attacked d12, the flag: refused, Blue still has mines; Red moves again"
    );
    // Public: in the record, in the refusals, the flag shown to both; the turn is not spent.
    assert_eq!(g.record().actions, vec![Action::Refused("c12-d12".into())]);
    assert_eq!(g.refusals().len(), 1);
    assert_eq!(g.refusals()[0].said, said);
    assert_eq!(g.refusals()[0].after, 0);
    for s in Seat::BOTH {
        assert_eq!(
            g.view(Viewer::Side(s)).at(sq("d12")),
            Seen::Known(Piece::new(Seat::Blue, Rank::Flag))
        );
    }
    assert_eq!(g.position().side_to_move(), Some(Seat::Red));
    // Again on the now-known flag: the view cannot tell whether Blue still has mines, so the
    // referee refuses in public again.
    assert!(matches!(
        g.play(turn(g.position(), "c12-d12")),
        Err(IllegalTurn::FlagAttackRefused { .. })
    ));
    g.play(turn(g.position(), "c12-b12")).unwrap();
    // The record replays to the same game.
    let again = Game::from_ron(&g.to_ron()).unwrap();
    assert_eq!(again.refusals(), g.refusals());
    assert_eq!(again.record().actions, g.record().actions);
    assert!(again.position().at(sq("d12")).unwrap().is_revealed());
    // A record that claims a refusal of a legal turn is rejected.
    let mut bad = hidden_game(&rules, "c12=r5 a6=r3 a11=bM e7=b3")
        .record()
        .clone();
    bad.actions.push(Action::Refused("c12-b12".into()));
    let n = bad.actions.len();
    let e = Game::from_record(bad).unwrap_err();
    assert!(
        matches!(
            &e,
            super::game::RecordError::Action {
                number,
                error: super::game::ActionError::NotRefusable(t),
                ..
            } if *number == n && t == "c12-b12"
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        format!(
            "action {n} (Refused(\"c12-b12\")): c12-b12 is legal: the referee would not refuse it"
        )
    );
    // Flag takers: the announcement names no rank.
    let eng = with(|r| {
        r.mode = Mode::Hidden;
        r.flag_takers = FlagTakers::Engineer;
    });
    let mut g = hidden_game(&eng, "c12=r5 a6=r3 e7=b3");
    let e = g.play(turn(g.position(), "c12-d12")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Red attacked d12, the flag: refused, this piece may not take the flag under these rules; Red moves again"
    );
}

#[test]
fn refusal_a_player_can_know_is_not_announced() {
    // Blue has no mine at all: Red's view knows it, and a known flag rule is a private reason.
    let eng = with(|r| {
        r.mode = Mode::Hidden;
        r.flag_takers = FlagTakers::Engineer;
        r.flag_needs_mines_cleared = true;
    });
    let g = hidden_game(&eng, "c12=r5 a6=r3 e7=b3");
    assert_eq!(
        Seat::BOTH.map(|s| g.view(Viewer::Side(Seat::Red)).mines_known(s)),
        [Some(false); 2]
    );
    // Red's own mine is known to Red; Blue does not know it.
    let g = hidden_game(&eng, "c12=r5 a6=r3 a1=rM e7=b3");
    assert_eq!(
        Seat::BOTH.map(|s| g.view(Viewer::Side(Seat::Red)).mines_known(s)),
        [Some(true), Some(false)]
    );
    assert_eq!(
        Seat::BOTH.map(|s| g.view(Viewer::Side(Seat::Blue)).mines_known(s)),
        [None, Some(false)]
    );
    // Open mode: the flag and the mines are in plain view, so nothing is announced.
    let on = with(|r| r.flag_needs_mines_cleared = true);
    let mut g = Game::new(
        on,
        Start::Position(lay("r", &format!("{BASE} c12=r5 a11=bM a6=r3 e7=b3"))),
    )
    .unwrap();
    assert_eq!(
        g.play(turn(g.position(), "c12-d12")).unwrap_err(),
        IllegalTurn::FlagProtectedByMines
    );
    assert!(g.record().actions.is_empty());
}

#[test]
fn flip_candidates_never_attack_the_flag_while_face_down_mines_may_remain() {
    let r = mode(Mode::Flip);
    assert!(r.flag_needs_mines_cleared);
    // Blue's flag face up on d12, Red's smallest piece (captain) beside it; a Blue mine face down.
    let cells = "b1=rF d12=bF e12=r3 b12=b8 a6=r5 a11=BM";
    let p = pos(&r, &lay("r", cells));
    let v = p.view(&r, Viewer::Side(Seat::Red));
    assert_eq!(v.mines_known(Seat::Blue), Some(true));
    let attack = turn(&p, "e12-d12");
    assert!(!v.candidate_turns(&r).contains(&attack));
    assert!(!v.destinations_from(&r, sq("e12")).contains(&sq("d12")));
    assert_eq!(
        v.check_turn(&r, attack),
        Err(IllegalTurn::FlagProtectedByMines)
    );
    // Every candidate is legal, and every legal turn a candidate.
    let mut c = v.candidate_turns(&r);
    let mut l = p.legal_turns(&r);
    c.sort_by_key(|t| format!("{t:?}"));
    l.sort_by_key(|t| format!("{t:?}"));
    assert_eq!(c, l);
}

#[test]
fn face_down_piece_target_is_never_called_own() {
    // Flip mode: a face-down Red piece beside a Red face-up piece is "face down", not "your own".
    let r = mode(Mode::Flip);
    let p = pos(&r, &lay("r", "b1=rF d12=bF c6=r5 c7=R3 b12=b8"));
    assert_eq!(
        refuse(&p, &r, "c6-c7"),
        IllegalTurn::FaceDownTarget("c7".into())
    );
}

#[test]
fn marshal_takes_marshal_reveals_both_flags() {
    let r = mode(Mode::Hidden);
    let mut g = hidden_game(&r, "c6=r9 c7=b9 a6=r3 e7=b3");
    let ply = g.play(turn(g.position(), "c6-c7")).unwrap();
    let report = ply.report.clone().unwrap();
    assert_eq!(report.clash, Some(ClashOutcome::BothRemoved));
    assert_eq!(
        report.flags_revealed().collect::<Vec<_>>(),
        vec![(Seat::Red, sq("b1")), (Seat::Blue, sq("d12"))]
    );
    assert_eq!(report.result, None);
    for s in Seat::BOTH {
        let v = g.view(Viewer::Side(s));
        assert_eq!(
            v.at(sq("b1")),
            Seen::Known(Piece::new(Seat::Red, Rank::Flag))
        );
        assert_eq!(
            v.at(sq("d12")),
            Seen::Known(Piece::new(Seat::Blue, Rank::Flag))
        );
    }
}

#[test]
fn turn_report_carries_the_revealed_mine_and_the_end() {
    let spring = with(|r| {
        r.mode = Mode::Hidden;
        r.mines = MineRule::Spring;
    });
    let mut p = pos(&spring, &lay("r", &format!("{BASE} c6=r5 c7=bM e7=b3")));
    let rep = play(&mut p, &spring, "c6-c7");
    assert_eq!(rep.clash, Some(ClashOutcome::Bounced));
    assert_eq!(rep.revealed, Some(sq("c7")));
    // The last Blue piece that could move goes (its general is frozen in the HQ): the game ends.
    let r = mode(Mode::Hidden);
    let mut p = pos(&r, &lay("r", &format!("{BASE} c6=r5 c7=b3 a6=r3")));
    let rep = play(&mut p, &r, "c6-c7");
    assert_eq!(
        rep.result,
        Some(Status::Won(crate::engine::Team::Red, EndReason::NoMoves))
    );
}

#[test]
fn start_errors_are_typed_and_keep_their_english() {
    use super::formation::FormationProblem;
    use super::game::StartError;
    let rules = Rules::default();
    let good = formation();
    let mut bad = good.clone();
    bad.set(6, 2, Some(Rank::Engineer)); // the flag's HQ now holds an engineer: no flag, 4 engineers
    let e = Game::new(rules.clone(), Start::formations(&good, &bad)).unwrap_err();
    match &e {
        StartError::Formation { side, problem } => {
            assert_eq!(*side, Seat::Blue);
            assert!(
                matches!(
                    problem,
                    FormationProblem::TooMany { .. } | FormationProblem::Missing { .. }
                ),
                "{problem:?}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().starts_with("Blue formation: "), "{e}");
    let flip = Rules::for_mode(Mode::Flip);
    let e = Game::new(flip, Start::formations(&good, &good)).unwrap_err();
    assert_eq!(e, StartError::FormationsInFlip);
    assert_eq!(
        e.to_string(),
        "a flip game starts from a deal, not formations"
    );
    let e = Game::new(rules.clone(), Start::FlipDeal { seed: 1 }).unwrap_err();
    assert_eq!(e.to_string(), "a deal is only for flip mode");
    let lines = Start::Formations {
        red: vec!["x".into()],
        blue: good.lines(),
    };
    let e = Game::new(rules, lines).unwrap_err();
    assert!(
        matches!(
            e,
            StartError::FormationText {
                side: Seat::Red,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("red formation: "), "{e}");
}
