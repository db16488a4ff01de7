//! The computer opponent in four-player games (RULES.md section 9): search over seats and teams,
//! the team evaluation, hidden-mode beliefs about the other three players, its formations on
//! every arm, and proposals the referee never refuses.

use super::search::{Limits, Search, Tt, WIN, search_turns};
use super::{AiPlayer, Player, ai_formation};
use crate::engine::board::{Board, NodeId};
use crate::engine::formation::four_player_setup;
use crate::engine::rng::SplitMix64;
use crate::engine::{
    FlagTakers, Formation, Mode, Mover, Position, Rules, Seat, Seen, Turn, View, Viewer,
};

fn b4() -> &'static Board {
    Board::four_player()
}

fn sq(name: &str) -> NodeId {
    b4().node_by_name(name)
        .unwrap_or_else(|| panic!("no square {name}"))
}

/// Four-player notation from `square=cell` items, other squares empty.
fn lay4(to_move: &str, out: &str, cells: &str) -> String {
    let b = b4();
    let mut grid = vec![String::from(".."); b.len()];
    for item in cells.split_whitespace() {
        let (square, cell) = item.split_once('=').expect("items are square=cell");
        grid[sq(square) as usize] = cell.to_string();
    }
    format!("{} {to_move} 0 0 {out}", board4(&grid))
}

/// The board field of four-player notation from each node's cell (`..`, `s9`, …).
pub(super) fn board4(cells: &[String]) -> String {
    let b = b4();
    let ranks: Vec<String> = (0..b.height)
        .rev()
        .map(|row| {
            (0..b.width)
                .filter_map(|col| b.node_at(col, row))
                .map(|n| cells[n as usize].as_str())
                .collect()
        })
        .collect();
    ranks.join("/")
}

fn pos4(rules: &Rules, to_move: &str, out: &str, cells: &str) -> Position {
    let text = lay4(to_move, out, cells);
    Position::from_notation(&text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The root score and best turn of a fixed-depth search.
pub(super) fn search(pos: &Position, rules: &Rules, depth: u32) -> (Turn, i32) {
    let tt = Tt::new(14);
    let me = pos.mover().side().unwrap();
    let limits = Limits {
        max_depth: depth,
        stop: None,
        cancel: None,
    };
    let mut s = Search::new(rules, &tt, limits, me);
    let mut moves = Vec::new();
    search_turns(pos, rules, &mut moves);
    let turns: Vec<(Turn, i32)> = moves.iter().map(|&t| (t, 0)).collect();
    let (t, score, _) = s.iterate(pos, &turns).unwrap();
    (t, score)
}

fn choice(pos: &Position, rules: &Rules, depth: u32) -> String {
    let me = pos.mover().side().unwrap();
    let view = pos.view(rules, Viewer::Side(me));
    let mut p = AiPlayer::fixed_depth(depth, 2);
    let t = p.choose(&view, rules, &mut SplitMix64::new(5)).unwrap();
    t.notation(b4())
}

#[test]
fn search_sees_the_partner_move_next_when_a_player_is_out() {
    // East is out: after South comes North (same team), whose lieutenant beside West's flag
    // takes it and puts the last East-West player out. Whatever South does, its team wins.
    let rules = Rules::default();
    let pos = pos4(
        &rules,
        "s",
        "ep",
        "h1=sF j1=s8 g1=s2 j17=nF h17=n8 k17=n2 b10=n3 a10=wF a8=w8 a11=w2",
    );
    let (_, score) = search(&pos, &rules, 2);
    assert!(
        score > WIN - 10,
        "score {score}: the partner's win was not seen"
    );
}

#[test]
fn search_sees_an_enemy_move_twice_in_a_row() {
    // North is out: after South's turn East and West move in a row. West's captain beside
    // South's flag wins for East-West unless South's general takes it now.
    let rules = Rules::default();
    let pos = pos4(
        &rules,
        "s",
        "np",
        "h1=sF j1=s8 g1=s2 i2=s7 q8=eF q10=e8 q7=e2 a10=wF a8=w8 a11=w2 i1=w3",
    );
    let (t, score) = search(&pos, &rules, 3);
    assert_eq!(t.notation(b4()), "i2-i1");
    assert!(score > -WIN + 1000, "score {score}");
}

#[test]
fn defends_the_partners_threatened_flag() {
    // East's captain on j16 stands beside North's flag (HQ j17) and takes it next turn (East
    // moves after South). South's brigadier on k16 can take the captain; its major general on
    // g6 could take a West colonel on f7 instead. South must save its partner's flag.
    let rules = Rules::default();
    let pos = pos4(
        &rules,
        "s",
        "-",
        "h1=sF j1=s8 g1=s2 k16=s6 g6=s7 q8=eF q10=e8 q7=e2 j16=e3 j17=nF h17=n8 k17=n2 \
         a10=wF a8=w8 a11=w2 f7=w5",
    );
    assert_eq!(choice(&pos, &rules, 2), "k16-j16");
}

#[test]
fn ai_formations_deploy_on_every_arm() {
    for mode in [Mode::Open, Mode::Hidden] {
        let rules = Rules::for_mode(mode);
        let mut rng = SplitMix64::new(17);
        for _ in 0..50 {
            let f: Vec<Formation> = (0..4).map(|_| ai_formation(&mut rng, &rules)).collect();
            let setup = four_player_setup([&f[0], &f[1], &f[2], &f[3]], &rules)
                .expect("valid on every arm");
            Position::new(setup, &rules).expect("a four-player start");
        }
    }
}

/// A four-player start: the computer's formations from `seed` on every arm (with `swap_east`,
/// two pairs of East's pieces trade places).
pub(super) fn start(rules: &Rules, seed: u64, swap_east: bool) -> Position {
    let mut rng = SplitMix64::new(seed);
    let mut f: Vec<Formation> = (0..4).map(|_| ai_formation(&mut rng, rules)).collect();
    if swap_east {
        // Another truth behind the same view: two of East's movable pieces of different ranks
        // (lines 2 and 3, column 1 and 5) trade places, and two in lines 3 and 4.
        let e = &mut f[1];
        for ((l1, c1), (l2, c2)) in [((3, 1), (3, 5)), ((4, 1), (4, 5))] {
            let (a, b) = (e.at(l1, c1), e.at(l2, c2));
            e.set(l1, c1, b);
            e.set(l2, c2, a);
        }
        assert!(e.is_valid(rules), "{:?}", e.problems(rules));
    }
    let setup = four_player_setup([&f[0], &f[1], &f[2], &f[3]], rules).unwrap();
    Position::new(setup, rules).unwrap()
}

#[test]
fn same_four_player_view_same_choice_whatever_the_truth() {
    let rules = Rules::for_mode(Mode::Hidden);
    let mut games = [start(&rules, 8, false), start(&rules, 8, true)];
    assert_ne!(games[0].notation(), games[1].notation());
    // South is the computer in both games; the others play the same plain moves in both.
    // Two deals vote, four are scored in the second pass, and deals are weighed by formation (as
    // hard does with more of each).
    let mut souths = [
        AiPlayer::fixed_depth(1, 2)
            .with_second_samples(4)
            .with_usual_formations(),
        AiPlayer::fixed_depth(1, 2)
            .with_second_samples(4)
            .with_usual_formations(),
    ];
    let mut south_turns = 0;
    for _ in 0..12 {
        let Mover::Side(seat) = games[0].mover() else {
            break;
        };
        let views: Vec<View> = games
            .iter()
            .map(|g| g.view(&rules, Viewer::Side(Seat::South)))
            .collect();
        assert_eq!(views[0].cells(), views[1].cells());
        let turn = if seat == Seat::South {
            let c: Vec<Turn> = (0..2)
                .map(|k| {
                    souths[k]
                        .choose(&views[k], &rules, &mut SplitMix64::new(9))
                        .unwrap()
                })
                .collect();
            assert_eq!(c[0], c[1], "different choices behind the same view");
            south_turns += 1;
            c[0]
        } else {
            let a = games[0].legal_turns(&rules);
            let b = games[1].legal_turns(&rules);
            let plain =
                |g: &Position, t: &Turn| matches!(t, Turn::Move { to, .. } if g.at(*to).is_none());
            match a
                .iter()
                .find(|t| b.contains(t) && plain(&games[0], t) && plain(&games[1], t))
            {
                Some(&t) => t,
                None => break,
            }
        };
        // A clash between pieces that differ in the two truths may go differently: stop there.
        if let Turn::Move { from, to } = turn
            && (games[0].at(from) != games[1].at(from) || games[0].at(to) != games[1].at(to))
        {
            break;
        }
        for (k, g) in games.iter_mut().enumerate() {
            let (report, _) = g.play(&rules, turn).expect("legal in both truths");
            souths[k].observe(&report, &g.view(&rules, Viewer::Side(Seat::South)));
        }
    }
    assert!(south_turns >= 2, "South chose only {south_turns} times");
}

/// Four computer players (fixed depth) play `plies` turns from `pos`; returns the refusals.
fn play_four(pos: &mut Position, rules: &Rules, plies: usize, seed: u64) -> u32 {
    let mut players: Vec<AiPlayer> = (0..4).map(|_| AiPlayer::fixed_depth(1, 2)).collect();
    let mut rng = SplitMix64::new(seed);
    let mut refused = 0;
    for _ in 0..plies {
        if pos.status(rules).is_over() {
            break;
        }
        let Mover::Side(seat) = pos.mover() else {
            break;
        };
        let view = pos.view(rules, Viewer::Side(seat));
        let legal = pos.legal_turns(rules);
        assert!(view.candidate_turns(rules).iter().all(|t| legal.contains(t)
            || matches!(t, Turn::Move { to, .. } if matches!(view.at(*to), Seen::Unknown(_)))));
        let t = players[seat.index()]
            .choose(&view, rules, &mut rng)
            .expect("a turn while the game goes on");
        match pos.play(rules, t) {
            Ok((report, _)) => {
                for (k, p) in players.iter_mut().enumerate() {
                    p.observe(&report, &pos.view(rules, Viewer::Side(b4().seats[k])));
                }
            }
            Err(_) => {
                refused += 1;
                players[seat.index()].refused(t);
            }
        }
    }
    refused
}

#[test]
fn four_player_computer_proposes_no_refused_turn() {
    // Flag rules that make the referee refuse attacks on a hidden flag.
    for (k, takers) in [FlagTakers::Engineer, FlagTakers::Smallest]
        .into_iter()
        .enumerate()
    {
        let mut rules = Rules::for_mode(Mode::Hidden);
        rules.flag_takers = takers;
        rules.flag_needs_mines_cleared = true;
        // Attackers beside hidden flags: West's lieutenant next to South's HQs, South's colonel
        // next to East's.
        let mut pos = pos4(
            &rules,
            "s",
            "-",
            "h1=sF j1=s8 g1=s2 i1=w2 p8=s5 q8=eF q10=e8 q7=e2 j17=nF h17=n8 k17=n2 \
             a10=wF a8=w8 a11=w2",
        );
        assert_eq!(play_four(&mut pos, &rules, 24, k as u64), 0);
        let mut whole = start(&rules, 3 + k as u64, false);
        assert_eq!(play_four(&mut whole, &rules, 40, k as u64), 0);
    }
}

#[test]
fn plays_four_player_games_in_open_and_hidden_mode() {
    for mode in [Mode::Open, Mode::Hidden] {
        let rules = Rules::for_mode(mode);
        let mut pos = start(&rules, 21, false);
        assert_eq!(play_four(&mut pos, &rules, 40, 2), 0);
        assert!(pos.ply() >= 40 || pos.status(&rules).is_over());
    }
}

/// Four players, open mode: East's engineer on k2 can fly along South's rank 2 onto h2, beside
/// South's flag on h1, and take it at East's next turn; nothing of South's could take it on h2.
/// South's marshal on g6 may take West's general on f7 instead (the bait: a smaller one, a
/// colonel, no longer tempts the evaluation, which weighs the raid itself). South must leave no
/// such raid (taking the engineer, or closing the way); without the root's flag safety the same
/// player at a small node budget takes the bait.
#[test]
fn parries_an_engineer_raid_on_its_own_flag() {
    let rules = Rules::default();
    let pos = pos4(
        &rules,
        "s",
        "-",
        "h1=sF j1=s8 g1=s2 g6=s9 k2=e1 q8=eF q10=e8 q7=e2 j17=nF h17=n8 k17=n2 \
         a10=wF a8=w7 a11=w2 f7=w8",
    );
    let view = pos.view(&rules, Viewer::Side(Seat::South));
    let after = |p: &mut AiPlayer| {
        let t = p.choose(&view, &rules, &mut SplitMix64::new(2)).unwrap();
        let mut next = pos;
        next.play_unchecked(&rules, t);
        (
            t.notation(b4()),
            super::safety::raid_unanswered(&next, &rules, Seat::South),
        )
    };
    for nodes in [300, 3_000] {
        let (t, open) = after(&mut AiPlayer::new(super::Level::Normal).with_nodes(nodes));
        assert!(!open, "nodes {nodes}: {t} leaves the raid");
    }
    let (t, open) = after(
        &mut AiPlayer::new(super::Level::Normal)
            .with_nodes(300)
            .without_flag_safety(),
    );
    assert!(open, "without the safety: {t}");
}

/// The turn `Normal` chooses for South at `nodes` nodes in `pos`, and how many raids on its
/// team's flags it leaves unanswered (`safety::team_raids`).
fn normal_choice(pos: &Position, rules: &Rules, nodes: u64) -> (String, u8) {
    let view = pos.view(rules, Viewer::Side(Seat::South));
    let mut p = AiPlayer::new(super::Level::Normal).with_nodes(nodes);
    let t = p.choose(&view, rules, &mut SplitMix64::new(2)).unwrap();
    let mut next = *pos;
    next.play_unchecked(rules, t);
    (
        t.notation(b4()),
        super::safety::team_raids(&next, rules, Seat::South),
    )
}

/// Four players, open mode: West (which moves third after South) has a lieutenant in the camp
/// on h3, from where it steps onto h2 beside South's flag on h1 and takes it at its next turn;
/// no piece of South's or North's could take it on h2. The bait: South's marshal on g6 may take
/// West's general on f7. South must close the door or watch it (its major on i3 to i2, or a
/// piece onto h2). The root's safety used to look only at the enemy moving next (East).
#[test]
fn parries_a_raid_by_the_enemy_that_moves_third() {
    let rules = Rules::default();
    let pos = pos4(
        &rules,
        "s",
        "-",
        "h1=sF j1=s3 g1=sM i1=sM g6=s9 i3=s4 h3=w2 q8=eF q10=e8 q7=e2 \
         j17=nF h17=n8 k17=n2 a10=wF a8=w7 a11=w2 f7=w8",
    );
    for nodes in [300, 3_000] {
        let (t, raids) = normal_choice(&pos, &rules, nodes);
        assert_eq!(raids, 0, "nodes {nodes}: {t} leaves the raid");
    }
}

/// Four players, open mode: West's lieutenant in the camp on h15 steps onto h16 beside North's
/// flag on h17 and takes it at West's next turn; North has nothing near to answer, and South's
/// brigadier on g13 could answer only from g16 (beside h16), by a rail run. The bait: South's
/// marshal on g6 may take West's general on f7. A partner's flag under a raid is South's to
/// defend too (North moves before West but has nothing to parry with).
#[test]
fn guards_the_partners_flag_against_a_raid() {
    let rules = Rules::default();
    let pos = pos4(
        &rules,
        "s",
        "-",
        "h1=sF j1=s3 g1=sM i1=sM h2=sM g6=s9 g13=s6 q8=eF q10=e8 q7=e2 \
         h17=nF j17=n8 g17=nM i17=nM h15=w2 a10=wF a8=w7 a11=w2 f7=w8",
    );
    for nodes in [300, 3_000] {
        let (t, raids) = normal_choice(&pos, &rules, nodes);
        assert_eq!(
            raids, 0,
            "nodes {nodes}: {t} leaves the partner's flag open"
        );
    }
}

/// Four players, open mode: South's only piece that may move is its bomb on g6 (its captain is
/// held in the HQ on j1); taking West's general on f7 with it wins material but leaves South
/// with no turn, and out, at its next turn. It keeps the bomb.
#[test]
fn keeps_its_last_piece_that_may_move() {
    let rules = Rules::default();
    let pos = pos4(
        &rules,
        "s",
        "-",
        "h1=sF j1=s3 g1=sM i1=sM h2=sM g6=sB q8=eF q10=e8 q7=e2 \
         j17=nF h17=n8 k17=n2 a10=wF a8=w7 a11=w2 f7=w8",
    );
    for depth in [1, 2, 3] {
        assert_ne!(choice(&pos, &rules, depth), "g6-f7", "depth {depth}");
    }
}

/// The best turn of a fixed-depth search, with the four-player stand-pat's pass chain or without.
fn search_chain(pos: &Position, rules: &Rules, depth: u32, chain: bool) -> String {
    let tt = Tt::new(14);
    let me = pos.mover().side().unwrap();
    let limits = Limits {
        max_depth: depth,
        stop: None,
        cancel: None,
    };
    let s = Search::new(rules, &tt, limits, me);
    let mut s = if chain { s } else { s.without_pass_chain() };
    let mut moves = Vec::new();
    search_turns(pos, rules, &mut moves);
    let turns: Vec<(Turn, i32)> = moves.iter().map(|&t| (t, 0)).collect();
    s.iterate(pos, &turns).unwrap().0.notation(b4())
}

/// Four players, open mode: South's general on g6 may take East's lieutenant on the centre
/// station g7, where West's marshal on g9 (blocked by that lieutenant until then) takes it at
/// West's turn, the third after South's: East and North move in between, and North can do
/// nothing about it. At depths 1 and 2 the enemy moving third is past the horizon; the
/// quiescence search's stand-pat sees the general hang to it (`Search::stand_four`), and South
/// leaves the lieutenant. Without the pass chain it takes it.
#[test]
fn sees_a_piece_hang_to_the_enemy_that_moves_third() {
    let rules = Rules::default();
    let pos = pos4(
        &rules,
        "s",
        "-",
        "h1=sF j1=s3 g1=sM i1=sM h2=sM g6=s8 g7=e2 q8=eF q10=e8 q7=e2 \
         j17=nF h17=n8 k17=n2 a10=wF a8=w7 a11=w2 g9=w9",
    );
    for depth in [1, 2] {
        assert_ne!(
            search_chain(&pos, &rules, depth, true),
            "g6-g7",
            "depth {depth}"
        );
        assert_eq!(
            search_chain(&pos, &rules, depth, false),
            "g6-g7",
            "depth {depth}, without the pass chain"
        );
    }
}

/// The risk of the unknown with four players: at the start (the computer's formations on every
/// arm), South's marshal stands in East's empty camp on o10. Its attacks on p9, p10 and p11 (East's
/// second line, where its mines may stand) each pay the expected loss, by the belief about East;
/// those on o9, o11 and n10 (lines 3 and 4: never a mine) pay none.
#[test]
fn the_marshal_pays_for_the_mines_it_may_hit_with_four_players() {
    use crate::engine::position::Setup;
    use crate::engine::{Game, Rank, Start};
    let rules = Rules::for_mode(Mode::Hidden);
    let pos = start(&rules, 5, false);
    let mut setup = Setup::empty(b4());
    setup.cells = pos.cells().to_vec();
    setup.mover = Mover::Side(Seat::South);
    let marshal = setup
        .cells
        .iter()
        .position(|c| c.is_some_and(|p| p.side() == Seat::South && p.rank() == Rank::Marshal))
        .unwrap();
    assert!(setup.cells[sq("o10") as usize].is_none(), "a camp is empty");
    setup.cells[sq("o10") as usize] = setup.cells[marshal].take();
    let text = Position::stand_in(&setup).notation();
    let game = Game::new(rules.clone(), Start::Position(text)).unwrap();
    let view = game.view(Viewer::Side(Seat::South));
    let mut p = AiPlayer::new(super::Level::Normal);
    let turns = view.candidate_turns(&rules);
    let named: Vec<(String, i32)> = p
        .risky_attacks(&view, &rules, Seat::South, &turns)
        .iter()
        .map(|(t, pen)| (t.notation(b4()), *pen))
        .collect();
    for t in ["o10-p9", "o10-p10", "o10-p11"] {
        let pen = named.iter().find(|r| r.0 == t).map(|r| r.1);
        assert!(pen.is_some_and(|p| p >= 20), "{t}: {named:?}");
    }
    for t in ["o10-o9", "o10-o11", "o10-n10"] {
        assert!(turns.iter().any(|x| x.notation(b4()) == t), "{t} is a turn");
        assert!(!named.iter().any(|r| r.0 == t), "{t}: {named:?}");
    }
}
