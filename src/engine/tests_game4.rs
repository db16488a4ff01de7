//! Unit tests of four-player games (`Game`, views per seat, the disclosure gate, records):
//! RULES.md 9.6 and 9.7 (resign, draw by agreement, timeouts), NOTATION.md's four-player part.

use super::tests_four::{BASE4, FOUR_START, lay4};
use super::*;

fn hidden(edit: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = Rules::for_mode(Mode::Hidden);
    edit(&mut r);
    r
}

fn game(rules: &Rules, text: &str) -> Game {
    Game::new(rules.clone(), Start::Position(text.into())).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A hidden four-player game from random formations (seed 7).
fn hidden_game(rules: &Rules) -> Game {
    Game::new(rules.clone(), Start::random_four(rules, 7)).unwrap()
}

fn sq(g: &Game, name: &str) -> NodeId {
    g.board().node_by_name(name).unwrap()
}

fn mv(g: &Game, from: &str, to: &str) -> Turn {
    Turn::Move {
        from: sq(g, from),
        to: sq(g, to),
    }
}

/// A legal turn of the player to move that attacks nobody.
fn plain_turn(g: &Game) -> Turn {
    let pos = g.position();
    pos.legal_turns(g.rules())
        .into_iter()
        .find(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_none()))
        .expect("a plain turn")
}

fn mover(g: &Game) -> Seat {
    g.position().side_to_move().unwrap()
}

#[test]
fn four_formations_start_a_four_player_game_deployed_by_the_arm_mapping() {
    let rules = Rules::default();
    let mut rng = rng::SplitMix64::new(3);
    let f: Vec<Formation> = (0..4)
        .map(|_| Formation::random(&mut rng, &rules))
        .collect();
    let start = Start::four_formations([&f[0], &f[1], &f[2], &f[3]]);
    let g = Game::new(rules.clone(), start).unwrap();
    let setup = formation::four_player_setup([&f[0], &f[1], &f[2], &f[3]], &rules).expect("valid");
    assert_eq!(
        g.position().notation(),
        Position::new(setup, &rules).unwrap().notation()
    );
    assert!(g.board().is_four());
    assert_eq!(g.position().side_to_move(), Some(Seat::South));
    // The notation start of NOTATION.md starts a game too; flip mode does not.
    let g = game(&rules, FOUR_START);
    assert_eq!(g.position().legal_turns(&rules).len(), 42);
    let flip = Rules::for_mode(Mode::Flip);
    assert!(Game::new(flip.clone(), Start::Position(FOUR_START.into())).is_err());
    assert!(Game::new(flip, Start::random_four(&rules, 1)).is_err());
    // A bad formation names its seat.
    let mut bad = f[2].clone();
    bad.set(1, 1, Some(Rank::Bomb));
    let e = Game::new(rules, Start::four_formations([&f[0], &f[1], &bad, &f[3]])).unwrap_err();
    assert!(
        matches!(
            e,
            StartError::Formation {
                side: Seat::North,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn resign_of_one_player_does_not_end_the_game_the_partners_resign_does() {
    let rules = hidden(|_| {});
    let mut g = hidden_game(&rules);
    g.play(plain_turn(&g)).unwrap();
    assert_eq!(mover(&g), Seat::East);
    // North resigns out of turn: out, East still to move.
    g.act(Action::Resign(Seat::North)).unwrap();
    assert_eq!(g.status(), Status::Ongoing);
    assert!(g.position().out().contains(Seat::North));
    assert_eq!(g.position().pieces(Seat::North).count(), 0);
    assert_eq!(mover(&g), Seat::East);
    assert!(g.position().notation().ends_with(" nr"));
    // North can do nothing more.
    assert_eq!(
        g.act(Action::Resign(Seat::North)),
        Err(ActionError::NotInGame(Seat::North))
    );
    assert!(g.act(Action::OfferDraw(Seat::North)).is_err());
    // North is skipped.
    g.play(plain_turn(&g)).unwrap();
    assert_eq!(mover(&g), Seat::West);
    g.play(plain_turn(&g)).unwrap();
    assert_eq!(mover(&g), Seat::South);
    // South, to move, resigns: the team is out, East and West win.
    g.act(Action::Resign(Seat::South)).unwrap();
    assert_eq!(
        g.status(),
        Status::Won(Team::EastWest, EndReason::Resignation)
    );
    assert_eq!(g.status().word(), "ew-wins resign");
    assert_eq!(
        g.act(Action::Resign(Seat::East)),
        Err(ActionError::GameOver)
    );
    // A seat of the other board is not in this game.
    let mut g = hidden_game(&rules);
    assert_eq!(
        g.act(Action::Resign(Seat::Red)),
        Err(ActionError::NotInGame(Seat::Red))
    );
}

#[test]
fn resign_of_the_player_to_move_passes_the_turn() {
    let rules = hidden(|_| {});
    let mut g = hidden_game(&rules);
    let ply = g.position().ply();
    g.act(Action::Resign(Seat::South)).unwrap();
    assert_eq!(mover(&g), Seat::East);
    // Not a turn: the counters stay.
    assert_eq!(g.position().ply(), ply);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn a_draw_by_agreement_needs_every_player_still_in() {
    let rules = hidden(|_| {});
    let mut g = hidden_game(&rules);
    g.act(Action::OfferDraw(Seat::East)).unwrap();
    assert_eq!(
        g.act(Action::OfferDraw(Seat::South)),
        Err(ActionError::DrawOfferOpen)
    );
    // The offerer does not answer its own offer.
    assert_eq!(
        g.act(Action::AcceptDraw(Seat::East)),
        Err(ActionError::NoDrawOffer(Seat::East))
    );
    g.act(Action::AcceptDraw(Seat::South)).unwrap();
    g.act(Action::AcceptDraw(Seat::North)).unwrap();
    assert_eq!(g.status(), Status::Ongoing);
    assert!(g.draw_accepted(Seat::North) && !g.draw_accepted(Seat::West));
    // Accepting twice is refused.
    assert!(g.act(Action::AcceptDraw(Seat::North)).is_err());
    g.act(Action::AcceptDraw(Seat::West)).unwrap();
    assert_eq!(g.status(), Status::Draw(EndReason::Agreement));
    assert_eq!(g.status().word(), "draw agreement");

    // A decline withdraws it; so does any turn.
    let mut g = hidden_game(&rules);
    g.act(Action::OfferDraw(Seat::North)).unwrap();
    g.act(Action::AcceptDraw(Seat::South)).unwrap();
    g.act(Action::DeclineDraw(Seat::West)).unwrap();
    assert_eq!(g.draw_offer(), None);
    assert!(g.act(Action::AcceptDraw(Seat::East)).is_err());
    g.act(Action::OfferDraw(Seat::North)).unwrap();
    g.play(plain_turn(&g)).unwrap();
    assert_eq!(g.draw_offer(), None);
    assert!(g.act(Action::AcceptDraw(Seat::East)).is_err());

    // With West out, the three still in decide.
    g.act(Action::Resign(Seat::West)).unwrap();
    g.act(Action::OfferDraw(Seat::South)).unwrap();
    g.act(Action::AcceptDraw(Seat::East)).unwrap();
    assert_eq!(
        g.act(Action::AcceptDraw(Seat::West)),
        Err(ActionError::NotInGame(Seat::West))
    );
    assert_eq!(g.status(), Status::Ongoing);
    g.act(Action::AcceptDraw(Seat::North)).unwrap();
    assert_eq!(g.status(), Status::Draw(EndReason::Agreement));
}

#[test]
fn timeouts_count_per_seat_a_lost_turn_passes_and_the_fifth_puts_the_player_out() {
    let rules = hidden(|r| r.move_clock = Some(30));
    let mut g = hidden_game(&rules);
    assert_eq!(
        g.act(Action::Timeout(Seat::East)),
        Err(ActionError::NotToMove(Seat::East))
    );
    // Four rounds of everyone timing out, then South and East once more.
    for round in 0..4 {
        for seat in Seat::FOUR {
            assert_eq!(mover(&g), seat, "round {round}");
            g.act(Action::Timeout(seat)).unwrap();
        }
    }
    assert_eq!(g.position().ply(), 16);
    assert_eq!(g.position().quiet(), 16);
    for seat in Seat::FOUR {
        assert_eq!(g.timeouts(seat), 4);
    }
    assert!(g.position().out().is_empty());
    // South's fifth: South is out (`t`), East moves; the game goes on.
    g.act(Action::Timeout(Seat::South)).unwrap();
    assert_eq!(g.timeouts(Seat::South), 5);
    assert!(
        g.position().notation().ends_with(" e 0 17 st"),
        "{}",
        g.position().notation()
    );
    assert_eq!(g.position().pieces(Seat::South).count(), 0);
    assert_eq!(g.status(), Status::Ongoing);
    // East's fifth: out, North (South is out, but its partner North is in) moves.
    g.act(Action::Timeout(Seat::East)).unwrap();
    assert_eq!(mover(&g), Seat::North);
    // North's fifth: South and North out, East and West win on timeouts.
    g.act(Action::Timeout(Seat::North)).unwrap();
    assert_eq!(g.status(), Status::Won(Team::EastWest, EndReason::Timeouts));
    assert_eq!(g.status().word(), "ew-wins timeout");
    let back = Game::from_ron(&g.to_ron()).unwrap();
    assert_eq!(back.status(), g.status());
    assert_eq!(back.position().notation(), g.position().notation());
    assert_eq!(back.timeouts(Seat::South), 5);
}

#[test]
fn hidden_view_shows_own_pieces_partners_only_under_team_view() {
    for team_view in [false, true] {
        let rules = hidden(|r| r.team_view = team_view);
        let g = hidden_game(&rules);
        for me in Seat::FOUR {
            let v = g.view(Viewer::Side(me));
            for (n, seen) in v.cells().iter().enumerate() {
                let truth = g.position().at(n as NodeId);
                let may_know = |s: Seat| s == me || (team_view && me.partner() == Some(s));
                match (*seen, truth) {
                    (Seen::Empty, None) => {}
                    (Seen::Known(p), Some(t)) => {
                        assert!(may_know(t.side()), "{me:?} sees {t:?}");
                        assert_eq!(p, t);
                    }
                    (Seen::Unknown(s), Some(t)) => {
                        assert_eq!(s, t.side());
                        assert!(!may_know(s), "{me:?} does not see its own {t:?}");
                    }
                    other => panic!("{me:?}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn view_notation_writes_unknown_pieces_with_their_seat_letter() {
    let rules = hidden(|_| {});
    let g = game(&rules, FOUR_START);
    let v = g.view(Viewer::Side(Seat::East)).notation();
    // East's own pieces by name, the others as `s?`, `n?`, `w?`; the `<out>` field is there.
    assert!(v.contains("e9") && v.contains("eF"), "{v}");
    for hidden in ["s?", "n?", "w?"] {
        assert!(v.contains(hidden), "{hidden} in {v}");
    }
    for known in ["s9", "sF", "n9", "w9"] {
        assert!(!v.contains(known), "{known} in {v}");
    }
    assert!(!v.contains("e?"), "{v}");
    assert!(v.ends_with(" s 0 0 -"), "{v}");
    assert_eq!(g.view(Viewer::Referee).notation(), g.position().notation());
}

#[test]
fn a_flag_shown_by_marshal_loss_is_seen_by_every_seat() {
    let rules = hidden(|_| {});
    let mut g = game(
        &rules,
        &lay4("s", 0, 0, "-", &format!("{BASE4} p9=s9 q9=e9")),
    );
    g.play(mv(&g, "p9", "q9")).unwrap();
    let (sf, ef) = (sq(&g, "h1"), sq(&g, "q8"));
    for me in Seat::FOUR {
        let v = g.view(Viewer::Side(me));
        assert_eq!(v.at(sf), Seen::Known(Piece::new(Seat::South, Rank::Flag)));
        assert_eq!(v.at(ef), Seen::Known(Piece::new(Seat::East, Rank::Flag)));
    }
    // North's and West's flags stay hidden from the others.
    let v = g.view(Viewer::Side(Seat::South));
    assert_eq!(v.at(sq(&g, "j17")), Seen::Unknown(Seat::North));
    assert_eq!(v.at(sq(&g, "a10")), Seen::Unknown(Seat::West));
}

#[test]
fn a_player_who_is_out_sees_no_more_than_before() {
    let rules = hidden(|_| {});
    let mut g = hidden_game(&rules);
    g.play(plain_turn(&g)).unwrap();
    g.act(Action::Resign(Seat::South)).unwrap();
    assert_eq!(g.status(), Status::Ongoing);
    let v = g.view(Viewer::Side(Seat::South));
    for (n, seen) in v.cells().iter().enumerate() {
        match (*seen, g.position().at(n as NodeId)) {
            (Seen::Empty, None) => {}
            (Seen::Unknown(s), Some(t)) if s == t.side() && !t.is_revealed() => {}
            other => panic!("South, out, at {}: {other:?}", g.board().name(n as NodeId)),
        }
    }
    // Nor does the gate open other seats' views to it.
    assert!(
        g.free_sight(Viewer::Side(Seat::North), Some(Seat::South))
            .is_none()
    );
    assert!(g.free_sight(Viewer::Referee, Some(Seat::South)).is_none());
}

#[test]
fn mines_known_has_a_place_for_every_seat() {
    // West is out; North's mines are South's partner's (team view), East's unknown.
    let rules = hidden(|r| r.team_view = true);
    let g = game(
        &rules,
        &lay4(
            "s",
            0,
            0,
            "wr",
            "h1=sF j1=s8 g1=s2 q8=eF q10=e8 q7=e2 p7=eM j17=nF h17=n8 k17=n2 g16=nM",
        ),
    );
    let v = g.view(Viewer::Side(Seat::South));
    assert_eq!(
        Seat::FOUR.map(|s| v.mines_known(s)),
        [Some(false), None, Some(true), Some(false)]
    );
    // South started without a mine: East knows it has none.
    let v = g.view(Viewer::Side(Seat::East));
    assert_eq!(
        Seat::FOUR.map(|s| v.mines_known(s)),
        [Some(false), Some(true), None, Some(false)]
    );
}

#[test]
fn may_be_refused_and_candidate_turns_judge_each_flag_owners_mines() {
    // `flag needs mines cleared`: East started without mines (South knows it has none left),
    // West has one; South's attacks on unknown pieces of each.
    let rules = hidden(|r| r.flag_needs_mines_cleared = true);
    let g = game(
        &rules,
        &lay4(
            "s",
            0,
            0,
            "-",
            &format!("{BASE4} p9=s5 q9=e3 b9=s6 a9=w3 a7=wM"),
        ),
    );
    let v = g.view(Viewer::Side(Seat::South));
    assert_eq!(v.mines_known(Seat::East), Some(false));
    assert_eq!(v.mines_known(Seat::West), None);
    let candidates = v.candidate_turns(&rules);
    let east = mv(&g, "p9", "q9");
    let west = mv(&g, "b9", "a9");
    assert!(candidates.contains(&east) && candidates.contains(&west));
    assert!(!v.may_be_refused(&rules, east, |_| true));
    assert!(v.may_be_refused(&rules, west, |_| true));
    assert!(v.check_turn(&rules, west).is_ok());
    let dest = v.destinations_from(&rules, sq(&g, "b9"));
    assert!(dest.contains(&sq(&g, "a9")));
}

#[test]
fn a_refused_flag_attack_is_announced_to_every_seat_and_the_mover_moves_again() {
    let rules = hidden(|r| r.flag_needs_mines_cleared = true);
    let mut g = game(
        &rules,
        &lay4("s", 0, 0, "-", &format!("{BASE4} b10=s6 a7=wM")),
    );
    let said = g.play(mv(&g, "b10", "a10")).unwrap_err();
    assert!(
        matches!(
            said,
            IllegalTurn::FlagAttackRefused {
                by: Seat::South,
                ..
            }
        ),
        "{said:?}"
    );
    assert_eq!(g.refusals().len(), 1);
    assert_eq!(mover(&g), Seat::South);
    let flag = sq(&g, "a10");
    for me in Seat::FOUR {
        assert_eq!(
            g.view(Viewer::Side(me)).at(flag),
            Seen::Known(Piece::new(Seat::West, Rank::Flag))
        );
    }
    let back = Game::from_ron(&g.to_ron()).unwrap();
    assert_eq!(back.refusals().len(), 1);
    assert_eq!(back.position().notation(), g.position().notation());
}

#[test]
fn side_view_of_another_seat_is_free_only_for_its_player_and_a_partner_under_team_view() {
    for team_view in [false, true] {
        let rules = hidden(|r| r.team_view = team_view);
        let mut g = hidden_game(&rules);
        g.play(plain_turn(&g)).unwrap();
        for seat in Seat::FOUR {
            assert!(g.disclosure_is_free(Disclosure::SideView(seat), Some(seat)));
            let partner = seat.partner().unwrap();
            assert_eq!(
                g.disclosure_is_free(Disclosure::SideView(partner), Some(seat)),
                team_view
            );
            for other in Seat::FOUR {
                if other != seat && other != partner {
                    assert!(!g.disclosure_is_free(Disclosure::SideView(other), Some(seat)));
                }
            }
        }
        // Granted with a confirmation, and recorded.
        assert_eq!(
            g.disclose(Disclosure::SideView(Seat::East), Some(Seat::North), false),
            Err(disclosure::Refusal::NeedsConfirmation)
        );
        let Ok(Grant::Sight(s)) =
            g.disclose(Disclosure::SideView(Seat::East), Some(Seat::North), true)
        else {
            panic!("granted")
        };
        assert_eq!(s.viewer(), Viewer::Side(Seat::East));
        assert_eq!(g.record().disclosures.len(), 1);
        // The end reveal: everything, to everyone.
        g.act(Action::Resign(Seat::East)).unwrap();
        g.act(Action::Resign(Seat::West)).unwrap();
        assert!(g.status().is_over());
        assert!(g.disclose(Disclosure::EndReveal, None, false).is_ok());
        let v = g.view(Viewer::Side(Seat::South));
        assert!(v.cells().iter().all(|c| !matches!(c, Seen::Unknown(_))));
    }
}

#[test]
fn takebacks_work_per_seat_in_four_player_games() {
    let rules = hidden(|_| {});
    let mut g = hidden_game(&rules);
    let start = g.position().notation();
    g.play(plain_turn(&g)).unwrap();
    let after_one = g.position().notation();
    g.play(plain_turn(&g)).unwrap();
    g.act(Action::Resign(Seat::West)).unwrap();
    let grant = g
        .disclose(Disclosure::Takeback, Some(Seat::North), true)
        .unwrap();
    // Takes back West's resignation and East's turn.
    g.take_back(grant, Seat::North, 2).unwrap();
    assert_eq!(g.position().notation(), after_one);
    assert_eq!(g.takebacks(Seat::North), 1);
    let back = Game::from_ron(&g.to_ron()).unwrap();
    assert_eq!(back.position().notation(), after_one);
    g.act(Action::Takeback {
        by: Seat::West,
        turns: 1,
    })
    .unwrap();
    assert_eq!(g.position().notation(), start);
}

#[test]
fn four_player_records_round_trip_with_who_went_out_and_why() {
    let rules = hidden(|r| {
        r.move_clock = Some(20);
        r.turn_order = TurnOrder::Clockwise;
        r.team_view = true;
    });
    let mut g = hidden_game(&rules);
    assert_eq!(mover(&g), Seat::South);
    g.play(plain_turn(&g)).unwrap();
    // Clockwise: West moves after South.
    assert_eq!(mover(&g), Seat::West);
    g.act(Action::Timeout(Seat::West)).unwrap();
    assert_eq!(mover(&g), Seat::North);
    g.act(Action::Resign(Seat::East)).unwrap();
    g.play(plain_turn(&g)).unwrap();
    g.set_info(InfoKey::Id, "test");
    let text = g.to_ron();
    assert!(text.contains("FourFormations"), "{text}");
    let back = Game::from_ron(&text).unwrap();
    assert_eq!(back.record(), g.record());
    assert_eq!(back.position().notation(), g.position().notation());
    assert_eq!(back.position().out(), g.position().out());
    assert_eq!(
        back.position().out().reason(Seat::East),
        Some(OutReason::Resigned)
    );
    assert_eq!(back.timeouts(Seat::West), 1);
    assert_eq!(back.rules().turn_order, TurnOrder::Clockwise);
    assert_eq!(back.status(), g.status());
}

#[test]
fn tags_go_on_enemy_pieces_only_never_on_a_partners() {
    let rules = hidden(|_| {});
    let mut g = game(&rules, FOUR_START);
    // g1 is South's, k17 North's (South's partner), q7 East's.
    let (own, partner, enemy) = (sq(&g, "g1"), sq(&g, "k17"), sq(&g, "q7"));
    assert!(g.set_tag(Seat::South, own, Some("40?")).is_err());
    assert!(g.set_tag(Seat::South, partner, Some("40?")).is_err());
    g.set_tag(Seat::South, enemy, Some("40?")).unwrap();
    assert_eq!(g.tags(Seat::South), vec![(enemy, "40?")]);
    let back = Game::from_ron(&g.to_ron()).unwrap();
    assert_eq!(back.tags(Seat::South), vec![(enemy, "40?")]);
}

#[test]
fn a_partners_unknown_pieces_are_never_targets_of_a_view() {
    // Hidden, no team view: South sees North's piece on g7 as `n?`, yet never attacks it.
    let rules = hidden(|_| {});
    let g = game(
        &rules,
        &lay4("s", 0, 0, "-", &format!("{BASE4} g6=s5 g7=n3 f7=w3")),
    );
    let v = g.view(Viewer::Side(Seat::South));
    let (g6, g7, f7) = (sq(&g, "g6"), sq(&g, "g7"), sq(&g, "f7"));
    assert_eq!(v.at(g7), Seen::Unknown(Seat::North));
    let candidates = v.candidate_turns(&rules);
    assert!(
        !candidates
            .iter()
            .any(|t| matches!(t, Turn::Move { to, .. } if *to == g7))
    );
    assert!(candidates.contains(&Turn::Move { from: g6, to: f7 }));
    assert_eq!(
        v.check_turn(&rules, Turn::Move { from: g6, to: g7 }),
        Err(IllegalTurn::PartnerPieceThere("g7".into()))
    );
    assert!(!v.destinations_from(&rules, g6).contains(&g7));
    assert_eq!(
        candidates.len(),
        g.position().legal_turns(&rules).len(),
        "South's view allows exactly the legal turns here"
    );
}
