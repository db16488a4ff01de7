use super::*;
use crate::engine::rng::SplitMix64;
use crate::engine::{Game, Start, Viewer};
use proptest::prelude::*;

/// Every message the host sends comes back from its line as itself.
#[test]
fn host_messages_come_back_from_their_lines() {
    let board = Board::two_player();
    let mut rules = Rules::for_mode(Mode::Hidden);
    rules.mines = crate::engine::MineRule::Spring;
    rules.move_clock = Some(30);
    let mut rng = SplitMix64::new(4);
    let f = parse_formation(&formation_text(&Formation::random(&mut rng, &rules))).unwrap();
    let msgs = vec![
        HostMsg::Hello(1),
        HostMsg::SetOption("level".into(), "hard".into()),
        HostMsg::NewGame,
        HostMsg::Rules(rules.clone()),
        HostMsg::Rules(Rules::for_mode(Mode::Flip)),
        HostMsg::Seat(Chair::Side(Seat::Blue)),
        HostMsg::Seat(Chair::Player(2)),
        HostMsg::Seed(u64::MAX),
        HostMsg::Time {
            game_ms: Some(1_800_000),
            turn_ms: None,
        },
        HostMsg::AskFormation,
        HostMsg::Formation(f.clone()),
        HostMsg::Go {
            turn_ms: Some(500),
            left_ms: None,
        },
        HostMsg::Go {
            turn_ms: None,
            left_ms: None,
        },
        HostMsg::Refused(
            "a11-a12".into(),
            RefusedWhy::FlagMines("Red attacked a12, the flag: refused".into()),
        ),
        HostMsg::Refused("a11-a12".into(), RefusedWhy::FlagRank(String::new())),
        HostMsg::Refused(
            "a6-a7".into(),
            RefusedWhy::Rule("refused by the referee".into()),
        ),
        HostMsg::DrawOffered(Seat::Red),
        HostMsg::TakebackAsked(Seat::Blue, 2),
        HostMsg::TakebackAsked(Seat::West, 5),
        HostMsg::TakenBack(Seat::Red, 1),
        HostMsg::TakenBack(Seat::North, 12),
        HostMsg::TakebackDeclined,
        HostMsg::GameOver(Status::Won(Team::Red, EndReason::Flag)),
        HostMsg::GameOver(Status::Draw(EndReason::QuietLimit)),
        HostMsg::Error("no".into()),
        HostMsg::Quit,
    ];
    for m in msgs {
        let line = m.line(board);
        assert_eq!(HostMsg::parse(&line, board).as_ref(), Ok(&m), "{line}");
    }
}

/// The reports and views of whole games (two and four players, every mode) come back from
/// their lines.
#[test]
fn reports_and_views_of_games_come_back_from_their_lines() {
    for (mode, four) in [
        (Mode::Open, false),
        (Mode::Hidden, false),
        (Mode::Flip, false),
        (Mode::Hidden, true),
    ] {
        let rules = Rules::for_mode(mode);
        let start = match (mode, four) {
            (Mode::Flip, _) => Start::FlipDeal { seed: 2 },
            (_, true) => Start::random_four(&rules, 2),
            _ => Start::random(&rules, 2),
        };
        let mut game = Game::new(rules.clone(), start).unwrap();
        let mut rng = SplitMix64::new(9);
        let board = game.board();
        let mut reports = 0;
        while !game.status().is_over() && reports < 300 {
            let turns = game.position().legal_turns(&rules);
            let Some(&t) = rng.choose(&turns) else { break };
            let report = game.play(t).unwrap().report.clone().unwrap();
            let m = HostMsg::Report(report);
            let line = m.line(board);
            assert_eq!(HostMsg::parse(&line, board).as_ref(), Ok(&m), "{line}");
            reports += 1;
            for &s in board.seats {
                let v = game.view(Viewer::Side(s));
                let m = HostMsg::View {
                    viewer: s,
                    notation: v.notation(),
                    mines: v.mines_notation(),
                };
                assert_eq!(HostMsg::parse(&m.line(board), board).as_ref(), Ok(&m));
            }
        }
        assert!(reports > 10);
    }
}

#[test]
fn engine_messages_come_back_from_their_lines() {
    for m in [
        EngineMsg::Id {
            key: "name".into(),
            value: "Some Engine 2".into(),
        },
        EngineMsg::Option("level".into(), "easy normal hard".into()),
        EngineMsg::Ok(1),
        EngineMsg::Formation("3B2M4/8+.+5/....../".into()),
        EngineMsg::Turn("a6-a7".into()),
        EngineMsg::Resign,
        EngineMsg::OfferDraw,
        EngineMsg::DrawAnswer(true),
        EngineMsg::DrawAnswer(false),
        EngineMsg::AskTakeback,
        EngineMsg::TakebackAnswer(true),
        EngineMsg::TakebackAnswer(false),
        EngineMsg::Info("depth 3 score 12 pv a6-a7".into()),
        EngineMsg::Error("what".into()),
    ] {
        assert_eq!(EngineMsg::parse(&m.line()), Ok(m.clone()));
    }
}

#[test]
fn rules_and_formations_are_written_and_read_back() {
    for mode in Mode::ALL {
        let mut rules = Rules::for_mode(mode);
        rules.flying_bombs = true;
        rules.quiet_limit = 31;
        let words = rules_words(&rules);
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        assert_eq!(parse_rules(&w), Ok(rules));
    }
    let rules = Rules::default();
    let f = Formation::random(&mut SplitMix64::new(1), &rules);
    let text = formation_text(&f);
    assert_eq!(text.len(), 6 * 5 + 5, "{text}");
    assert_eq!(parse_formation(&text).unwrap().lines(), f.lines());
    for bad in [
        "",
        "12345",
        "12345/12345/12345/12345/12345/1234X",
        "a/b/c/d/e/f",
    ] {
        assert!(parse_formation(bad).is_err(), "{bad}");
    }
    for bad in [
        &["mines=spring", "mode=open"][..],
        &["mode=chess"],
        &["quiet_limit=0"],
        &["nonsense=1"],
        &["flying_bombs"],
        &["flying_bombs=maybe"],
    ] {
        assert!(parse_rules(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn lines_that_are_not_messages_are_refused() {
    let b = Board::two_player();
    for l in [
        "",
        "junqi",
        "junqi x",
        "go turn",
        "go turn 1 turn 2",
        "go nodes 5",
        "seat purple",
        "view red mines yy",
        "view red r1 r 0 0",
        "report",
        "report r a1-z9",
        "report r a6-a7 clash great",
        "report r a6-a7 result red-wins",
        "report r a6-a7 result red-wins flag extra",
        "gameover nobody-wins",
        "refused a11-a12",
        "refused a11-a12 the flag: refused",
        "refused a11-a12 Flag-mines",
        "Go",
    ] {
        assert!(HostMsg::parse(l, b).is_err(), "{l:?}");
    }
    for l in [
        "",
        "turn",
        "turn a b",
        "draw",
        "draw maybe",
        "junqiok x",
        "id",
        "bestmove a6a7",
    ] {
        assert!(EngineMsg::parse(l).is_err(), "{l:?}");
    }
    assert!(HostMsg::parse(&"x".repeat(MAX_LINE + 1), b).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// No line makes either parser panic.
    #[test]
    fn parsers_never_panic(line in "\\PC{0,200}") {
        let _ = HostMsg::parse(&line, Board::two_player());
        let _ = HostMsg::parse(&line, Board::four_player());
        let _ = EngineMsg::parse(&line);
    }

    /// Lines made of the protocol's own words, in any order, never make a parser panic.
    #[test]
    fn parsers_never_panic_on_protocol_words(
        words in proptest::collection::vec(
            proptest::sample::select(vec![
                "junqi", "1", "go", "turn", "left", "view", "red", "blue", "south", "mines",
                "y?", "report", "r", "a6-a7", "clash", "bounced", "flags", "ra1", "result",
                "red-wins", "flag", "draw", "offer", "offered", "rules", "mode=flip",
                "mines=spring", "seat", "player", "2", "formation", "formation?", "colours",
                "1r", "revealed", "c7", "flip", "b9", "gameover", "time", "game", "none",
                "e?", "??", "r1", "/", "..", "0", "-",
            ]),
            0..12,
        )
    ) {
        let line = words.join(" ");
        let _ = HostMsg::parse(&line, Board::two_player());
        let _ = HostMsg::parse(&line, Board::four_player());
        let _ = EngineMsg::parse(&line);
    }
}

/// The takeback lines: written and read back above; anything else refused with a reason.
#[test]
fn takeback_lines_that_are_not_the_protocol_are_refused() {
    let board = crate::engine::Board::two_player();
    assert_eq!(
        HostMsg::parse("takeback asked red 2", board),
        Ok(HostMsg::TakebackAsked(Seat::Red, 2))
    );
    assert_eq!(
        HostMsg::parse("takeback blue 1", board),
        Ok(HostMsg::TakenBack(Seat::Blue, 1))
    );
    for bad in [
        "takeback",
        "takeback red",
        "takeback asked red",
        "takeback asked green 1",
        "takeback red 0",
        "takeback red -1",
        "takeback red +1",
        "takeback red 1 2",
        "takeback asked red x",
        "takeback declined now",
    ] {
        assert!(HostMsg::parse(bad, board).is_err(), "{bad}");
    }
    for bad in [
        "takeback",
        "takeback yes",
        "takeback ask now",
        "takeback accept 1",
    ] {
        assert!(EngineMsg::parse(bad).is_err(), "{bad}");
    }
}

/// The move clock's lines: `timeout <side> <count>` and its answer `timeout ok <count>`.
#[test]
fn timeout_lines_come_back_and_bad_ones_are_refused() {
    let b = Board::two_player();
    for m in [
        HostMsg::Timeout {
            side: Seat::Red,
            count: 1,
        },
        HostMsg::Timeout {
            side: Seat::West,
            count: 5,
        },
    ] {
        let line = m.line(b);
        assert_eq!(HostMsg::parse(&line, b).as_ref(), Ok(&m), "{line}");
    }
    assert_eq!(
        HostMsg::Timeout {
            side: Seat::Blue,
            count: 2
        }
        .line(b),
        "timeout blue 2"
    );
    assert_eq!(EngineMsg::TimeoutOk(3).line(), "timeout ok 3");
    assert_eq!(
        EngineMsg::parse("timeout ok 3"),
        Ok(EngineMsg::TimeoutOk(3))
    );
    for l in [
        "timeout",
        "timeout red",
        "timeout purple 1",
        "timeout red -1",
        "timeout red 1 2",
        "timeout red 99999999999",
    ] {
        assert!(HostMsg::parse(l, b).is_err(), "{l:?}");
    }
    for l in ["timeout", "timeout ok", "timeout ok x", "timeout red 1"] {
        assert!(EngineMsg::parse(l).is_err(), "{l:?}");
    }
}
