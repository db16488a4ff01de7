//! Network games in the window, driven through the accessibility labels: the join and host forms
//! and their errors, the lobby, and the game at one's own screen against a scripted host that
//! keeps the truth in the test (the screen only ever gets its seat's view and the public
//! reports). The leak checker runs after every step.

use crate::common;

use common::leak::assert_no_leak_remote;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::remote::link::{
    FarEnd, HostSeat, HostSpec, Incoming, Link, LinkError, Network, Outgoing, RoomInfo, SeatInfo,
    SeatWho, ServeFailure,
};
use junqi::app::{JunqiApp, Screen};
use junqi::engine::rng::SplitMix64;
use junqi::engine::{
    Action, Chair, Formation, Game, Mode, Rank, Rules, Seat, Seen, Start, Turn, Viewer,
};
use junqi::i18n::Lang;
use junqi::protocol::{EngineMsg, HostMsg};
use std::sync::{Arc, Mutex};

type Slot = Arc<Mutex<Option<FarEnd>>>;

/// A network whose links end in the test.
struct Scripted {
    far: Slot,
    hosted: Arc<Mutex<Option<HostSpec>>>,
}

impl Network for Scripted {
    fn join(&mut self, invite: &str, _name: &str) -> Result<Link, LinkError> {
        if !invite.starts_with("junqi://") {
            return Err(LinkError::BadInvite(junqi::net::InviteError::Scheme));
        }
        let (link, far) = Link::pair();
        *self.far.lock().unwrap() = Some(far);
        Ok(link)
    }
    fn host(&mut self, spec: &HostSpec) -> Result<Link, LinkError> {
        if spec.port == 1 {
            return Err(LinkError::CannotServe(
                "0.0.0.0:1".into(),
                ServeFailure::Other("permission denied".into()),
            ));
        }
        let (link, far) = Link::pair();
        far.send(Incoming::Invite(format!(
            "junqi://127.0.0.1:{}/ROOM42/KEY",
            spec.port
        )));
        *self.far.lock().unwrap() = Some(far);
        *self.hosted.lock().unwrap() = Some(spec.clone());
        Ok(link)
    }
}

pub(super) fn window_with_network() -> (
    tempfile::TempDir,
    Harness<'static, JunqiApp>,
    Slot,
    Arc<Mutex<Option<HostSpec>>>,
) {
    let dir = tempfile::tempdir().unwrap();
    let (h, far, hosted) = window_with_network_in(dir.path());
    (dir, h, far, hosted)
}

/// A window keeping its files in `dir` whose network ends in the test.
fn window_with_network_in(
    dir: &std::path::Path,
) -> (
    Harness<'static, JunqiApp>,
    Slot,
    Arc<Mutex<Option<HostSpec>>>,
) {
    let mut h = common::harness(dir);
    let far: Slot = Arc::default();
    let hosted = Arc::default();
    h.state_mut().network = Box::new(Scripted {
        far: far.clone(),
        hosted: Arc::clone(&hosted),
    });
    (h, far, hosted)
}

pub(super) fn type_into(h: &mut Harness<'static, JunqiApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.key_press(egui::Key::Backspace);
    h.run();
    if !text.is_empty() {
        h.get_by_label(label).type_text(text);
        h.run();
    }
}

pub(super) fn shows(h: &Harness<'static, JunqiApp>, text: &str) -> bool {
    common::leak::texts(h).iter().any(|t| t.contains(text))
}

/// The test's side of the link, playing host: the truth and the other seats.
pub(super) struct Host {
    pub(super) game: Game,
    pub(super) me: Seat,
    pub(super) far: FarEnd,
    rng: SplitMix64,
}

impl Host {
    pub(super) fn send(&self, m: HostMsg) {
        assert!(self.far.send(Incoming::Host(m)));
    }
    pub(super) fn send_view(&self) {
        let v = self.game.view(Viewer::Side(self.me));
        self.send(HostMsg::View {
            viewer: self.me,
            notation: v.notation(),
            mines: v.mines_notation(),
        });
    }
    fn start(&self) {
        self.send(HostMsg::Hello(1));
        self.send(HostMsg::NewGame);
        self.send(HostMsg::Rules(self.game.rules().clone()));
        self.send(HostMsg::Seat(Chair::Side(self.me)));
        self.send(HostMsg::Time {
            game_ms: None,
            turn_ms: None,
        });
        // A game under way: the seat is taken back, and its history comes before the view
        // (as the window's link gives it after the setup sent again).
        if !self.game.plies().is_empty() {
            assert!(self.far.send(Incoming::Past(self.history())));
        }
        self.send_view();
    }
    /// The game's history as the host told this seat: a view at every turn, and each turn's
    /// report (or timeout) before the view after it.
    fn history(&self) -> Vec<HostMsg> {
        let rules = self.game.rules();
        let view = |ply: usize| {
            let v = self
                .game
                .position_at(ply)
                .view(rules, Viewer::Side(self.me));
            HostMsg::View {
                viewer: self.me,
                notation: v.notation(),
                mines: v.mines_notation(),
            }
        };
        let mut out = vec![view(0)];
        let mut counts = [0u32; 4];
        for (i, p) in self.game.plies().iter().enumerate() {
            out.push(match &p.report {
                Some(r) => HostMsg::Report(r.clone()),
                None => {
                    let side = self.game.position_at(i).side_to_move().unwrap();
                    counts[side.index()] += 1;
                    HostMsg::Timeout {
                        side,
                        count: counts[side.index()],
                    }
                }
            });
            out.push(view(i + 1));
        }
        out
    }
    pub(super) fn outgoing(&self) -> Vec<Outgoing> {
        self.far.rx.try_iter().collect()
    }
    /// The engine messages that came from the screen (the handshake's answers left out).
    pub(super) fn answers(&self) -> Vec<EngineMsg> {
        self.outgoing()
            .into_iter()
            .filter_map(|m| match m {
                Outgoing::Engine(EngineMsg::Id { .. } | EngineMsg::Ok(_)) => None,
                Outgoing::Engine(e) => Some(e),
                _ => None,
            })
            .collect()
    }
    pub(super) fn play(&mut self, t: Turn) {
        let report = self.game.play(t).unwrap().report.clone().unwrap();
        self.send(HostMsg::Report(report));
        self.send_view();
    }
    /// Another seat's turn: a random legal one.
    pub(super) fn play_other(&mut self) {
        let turns = self.game.position().legal_turns(self.game.rules());
        let t = *self.rng.choose(&turns).expect("a legal turn");
        self.play(t);
    }
}

pub(super) fn check(h: &mut Harness<'static, JunqiApp>, host: &Host) {
    h.run();
    assert_no_leak_remote(h, &host.game, host.me);
}

pub(super) fn label_of(host: &Host, n: junqi::engine::NodeId) -> String {
    junqi::app::board::node_label(&host.game.view(Viewer::Side(host.me)), Lang::En, n)
}

/// Join from the first screen with a good invite, be seated by the host, and have the game
/// begin: the host's script for `game`, this screen at `me`.
pub(super) fn joined(
    game: Game,
    me: Seat,
) -> (tempfile::TempDir, Harness<'static, JunqiApp>, Host) {
    let dir = tempfile::tempdir().unwrap();
    let (h, host) = joined_in(dir.path(), game, me);
    (dir, h, host)
}

/// `joined`, the window keeping its files in `dir`.
fn joined_in(dir: &std::path::Path, game: Game, me: Seat) -> (Harness<'static, JunqiApp>, Host) {
    let (mut h, far, _) = window_with_network_in(dir);
    common::click(&mut h, "Join a network game…");
    type_into(
        &mut h,
        "Invite or room code",
        "junqi://127.0.0.1:7465/ROOM42/KEY",
    );
    type_into(&mut h, "Your name", "Mei");
    common::click(&mut h, "Connect");
    let far = far.lock().unwrap().take().expect("a link");
    let seats: Vec<SeatInfo> = game
        .board()
        .seats
        .iter()
        .map(|&s| SeatInfo {
            chair: Chair::Side(s),
            who: if s == me {
                SeatWho::Player("Mei".into())
            } else {
                SeatWho::Player(format!("P{}", s.index()))
            },
        })
        .collect();
    let you = game.board().seats.iter().position(|&s| s == me);
    far.send(Incoming::Room(RoomInfo {
        code: "ROOM42".into(),
        rules: Some(game.rules().clone()),
        seats,
        you,
        host: false,
        auto_start: false,
    }));
    h.run();
    assert!(shows(&h, "Room ROOM42"));
    assert!(shows(&h, "Mei (you)"));
    assert!(shows(&h, "Waiting for the host to start the game…"));
    far.send(Incoming::Started);
    let host = Host {
        game,
        me,
        far,
        rng: SplitMix64::new(11),
    };
    host.start();
    check(&mut h, &host);
    // The handshake was answered.
    let hello: Vec<Outgoing> = host.outgoing();
    assert!(
        hello.contains(&Outgoing::Engine(EngineMsg::Ok(1))),
        "{hello:?}"
    );
    (h, host)
}

/// The seats over the board: each name with its state at a glance; a seat whose player dropped
/// reads "dropped" and a notice says the game waits for it (counting), gone when it is back;
/// another seat's draw offer is a banner over the board with its answers there — also at
/// 640×480, where the side panel folds away (F9 opens it).
#[test]
fn seats_show_names_states_a_drop_and_a_request_over_the_board() {
    for (w, height) in [(1200.0, 900.0), (640.0, 480.0)] {
        let rules = Rules::for_mode(Mode::Hidden);
        let game = Game::new(rules.clone(), Start::random(&rules, 4)).unwrap();
        let (_dir, mut h, mut host) = joined(game, Seat::Blue);
        h.set_size(egui::vec2(w, height));
        check(&mut h, &host);
        // Red is to move: its player thinks, this screen's seat is online.
        assert!(shows(&h, "● Red P0 — thinking…"), "{w}");
        assert!(shows(&h, "● Blue Mei (you) — online"), "{w}");
        let folded = w < 700.0;
        assert_eq!(h.query_by_label("Moves").is_none(), folded, "{w}");
        host.far.send(Incoming::Away(vec![0]));
        check(&mut h, &host);
        assert!(shows(&h, "● Red P0 — dropped"), "{w}");
        assert!(shows(&h, "Red dropped — the game waits (0:0"), "{w}");
        host.far.send(Incoming::Away(Vec::new()));
        check(&mut h, &host);
        assert!(!shows(&h, "the game waits"), "{w}");
        // Red offers a draw (before Blue's turn): the banner asks, the answer goes from there.
        host.play_other();
        host.send(HostMsg::DrawOffered(Seat::Red));
        check(&mut h, &host);
        assert!(shows(&h, "Red offers a draw"), "{w}");
        common::click(&mut h, "Decline draw");
        let answers = host.answers();
        assert!(
            answers
                .iter()
                .any(|a| matches!(a, EngineMsg::DrawAnswer(false))),
            "{answers:?}"
        );
        // F9 shows the folded panel, and hides it again.
        if folded {
            h.key_press(egui::Key::F9);
            h.run();
            h.get_by_label("Moves");
        }
    }
}

/// This screen's turn: the host says go, the player clicks a piece and a destination its view
/// allows (an attack now and then), the turn goes to the host, who plays it.
fn my_turn(h: &mut Harness<'static, JunqiApp>, host: &mut Host, k: usize) {
    host.send(HostMsg::Go {
        turn_ms: None,
        left_ms: None,
    });
    check(h, host);
    assert!(shows(h, "Your turn"));
    let view = host.game.view(Viewer::Side(host.me));
    let rules = host.game.rules().clone();
    let turns: Vec<Turn> = view
        .candidate_turns(&rules)
        .into_iter()
        .filter(|t| host.game.position().check_turn(&rules, *t).is_ok())
        .collect();
    let attacks: Vec<Turn> = turns
        .iter()
        .copied()
        .filter(|t| matches!(t, Turn::Move { to, .. } if view.at(*to) != Seen::Empty))
        .collect();
    let t = if k.is_multiple_of(3) && !attacks.is_empty() {
        *host.rng.choose(&attacks).unwrap()
    } else {
        *host.rng.choose(&turns).expect("a turn")
    };
    let Turn::Move { from, to } = t else {
        panic!("no flips in these games")
    };
    h.get_by_label(&label_of(host, from)).click();
    check(h, host);
    h.get_by_label(&label_of(host, to)).click();
    check(h, host);
    let sent = host.answers();
    assert_eq!(
        sent,
        vec![EngineMsg::Turn(t.notation(host.game.board()))],
        "the clicked turn went to the host"
    );
    host.play(t);
    check(h, host);
}

/// A hidden two-player game from the join form to the end: turns by clicking, the others' turns,
/// a refused click, a click out of turn, a draw offer declined each way, chat and its mute, and the
/// resignation with its question; every piece shows once the host sends the last view.
#[test]
fn a_hidden_game_at_ones_own_screen() {
    let rules = Rules::for_mode(Mode::Hidden);
    let mut rng = SplitMix64::new(5);
    let (r, b) = (
        Formation::random(&mut rng, &rules),
        Formation::random(&mut rng, &rules),
    );
    let game = Game::new(rules, Start::formations(&r, &b)).unwrap();
    let (_dir, mut h, mut host) = joined(game, Seat::Blue);
    assert!(shows(&h, "You play Blue"));
    // Red moves first: a click now is out of turn.
    let mine = (0..host.game.board().len() as u8)
        .find(|&n| {
            matches!(host.game.view(Viewer::Side(Seat::Blue)).at(n),
                Seen::Known(p) if p.side() == Seat::Blue && p.rank() == Rank::Flag)
        })
        .unwrap();
    h.get_by_label(&label_of(&host, mine)).click();
    check(&mut h, &host);
    assert!(shows(&h, "It is not your turn yet"));
    // Chat from the other player (a preset phrase in Chinese), a preset phrase back.
    host.far.send(Incoming::Chat {
        from: "Li".into(),
        text: "快点吧".into(),
    });
    check(&mut h, &host);
    // A preset phrase reads in this window's language.
    assert!(shows(&h, "Li: Hurry up"));
    common::click(&mut h, "Good game");
    assert!(
        host.outgoing()
            .contains(&Outgoing::Chat("Good game".into()))
    );
    for k in 0..24 {
        if host.game.status().is_over() {
            break;
        }
        if host.game.position().side_to_move() == Some(Seat::Blue) {
            if k == 3 {
                // The flag never moves: said at once, nothing sent.
                host.send(HostMsg::Go {
                    turn_ms: None,
                    left_ms: None,
                });
                check(&mut h, &host);
                h.get_by_label(&label_of(&host, mine)).click();
                check(&mut h, &host);
                let view = host.game.view(Viewer::Side(Seat::Blue));
                let why = view
                    .check_turn(
                        host.game.rules(),
                        Turn::Move {
                            from: mine,
                            to: mine,
                        },
                    )
                    .unwrap_err();
                assert!(shows(&h, &Lang::En.illegal(&why)));
                // A draw offered: the host asks the other seat, which declines, and says go.
                common::click(&mut h, "Offer draw");
                assert_eq!(host.answers(), vec![EngineMsg::OfferDraw]);
                assert!(shows(&h, "You offered a draw: waiting for the answer…"));
                host.game.act(Action::OfferDraw(Seat::Blue)).unwrap();
                host.game.act(Action::DeclineDraw(Seat::Red)).unwrap();
            }
            my_turn(&mut h, &mut host, k);
            if k == 3 {
                assert!(shows(&h, "Your draw offer was declined"));
            }
        } else {
            if k == 6 {
                host.game.act(Action::OfferDraw(Seat::Red)).unwrap();
                host.send(HostMsg::DrawOffered(Seat::Red));
                check(&mut h, &host);
                assert!(shows(&h, "Red offers a draw"));
                common::click(&mut h, "Decline draw");
                assert_eq!(host.answers(), vec![EngineMsg::DrawAnswer(false)]);
                host.game.act(Action::DeclineDraw(Seat::Blue)).unwrap();
            }
            host.play_other();
            check(&mut h, &host);
        }
        if k == 8 {
            h.get_by_label("Mute the others' chat").click();
            check(&mut h, &host);
            host.far.send(Incoming::Chat {
                from: "Li".into(),
                text: "seen?".into(),
            });
            check(&mut h, &host);
            assert!(!shows(&h, "Li: seen?"));
            assert!(shows(&h, "1 muted"));
        }
    }
    // The move list and the log name what Blue knew; the last turn is in the list.
    let n = host.game.plies().len();
    assert!(
        shows(&h, &format!("{n:>3}. ")),
        "the move list has every turn"
    );
    if !host.game.status().is_over() {
        while host.game.position().side_to_move() != Some(Seat::Blue) {
            host.play_other();
            check(&mut h, &host);
        }
        host.send(HostMsg::Go {
            turn_ms: None,
            left_ms: None,
        });
        check(&mut h, &host);
        common::click(&mut h, "Resign");
        assert!(shows(&h, "Blue resigns and the game ends. Are you sure?"));
        common::click(&mut h, "Yes, resign");
        assert_eq!(host.answers(), vec![EngineMsg::Resign]);
        host.game.act(Action::Resign(Seat::Blue)).unwrap();
        host.send(HostMsg::GameOver(host.game.status()));
        host.send_view();
        check(&mut h, &host);
    }
    let end = junqi::app::status_text(host.game.status(), Lang::En).unwrap();
    assert!(shows(&h, &end), "the end: {end}");
    // Every piece of Red is shown now (the last view reveals the board).
    let red_known = (0..host.game.board().len() as u8).any(|n| {
        matches!(host.game.view(Viewer::Side(Seat::Blue)).at(n), Seen::Known(p) if p.side() == Seat::Red)
    });
    assert!(red_known);
    common::click(&mut h, "Leave");
    assert!(matches!(h.state().screen, Screen::Home));
    assert!(host.outgoing().contains(&Outgoing::Leave));
}

/// A hidden four-player game at South's screen: the other three seats play random turns, South
/// clicks its own; after a while South resigns (it goes out, its pieces leave the board) and the
/// partner's resignation ends the game.
/// The move clock in a room: the host says `go turn <ms>` (the screen counts it down), then
/// that the time ran out. The turn is lost: the screen says so in the status line and the event
/// log ("Time ran out: Blue loses the turn (1 of 5)"), answers `timeout ok 1`, clears the turn
/// and sends nothing for a click after it; the other side's timeout is noted too, and the game
/// plays on. The leak checker runs after every step.
#[test]
fn a_turn_lost_to_the_move_clock_is_noted_and_nothing_is_sent_late() {
    let mut rules = Rules::for_mode(Mode::Hidden);
    rules.move_clock = Some(30);
    let mut rng = SplitMix64::new(8);
    let (r, b) = (
        Formation::random(&mut rng, &rules),
        Formation::random(&mut rng, &rules),
    );
    let game = Game::new(rules, Start::formations(&r, &b)).unwrap();
    let (_dir, mut h, mut host) = joined(game, Seat::Blue);
    host.play_other();
    check(&mut h, &host);
    host.send(HostMsg::Go {
        turn_ms: Some(30_000),
        left_ms: None,
    });
    check(&mut h, &host);
    assert!(shows(&h, "Your turn"));
    // The turn's clock runs as a bar at this seat's side of the board, as on one screen.
    let bars = |h: &Harness<'static, JunqiApp>| -> Vec<String> {
        h.query_all_by_role(egui::accesskit::Role::ProgressIndicator)
            .filter_map(|n| n.accesskit_node().label())
            .filter(|l| l.contains(" s left for this turn"))
            .collect()
    };
    let now = bars(&h);
    assert!(
        now.len() == 1 && now[0].starts_with("Blue: "),
        "the bar at Blue's side: {now:?}"
    );
    // A piece picked up, then the time runs out.
    let view = host.game.view(Viewer::Side(Seat::Blue));
    let rules = host.game.rules().clone();
    let Some(&Turn::Move { from, to }) = view
        .candidate_turns(&rules)
        .iter()
        .find(|t| host.game.position().check_turn(&rules, **t).is_ok())
    else {
        panic!("a move")
    };
    h.get_by_label(&label_of(&host, from)).click();
    check(&mut h, &host);
    host.game.act(Action::Timeout(Seat::Blue)).unwrap();
    host.send(HostMsg::Timeout {
        side: Seat::Blue,
        count: 1,
    });
    host.send_view();
    check(&mut h, &host);
    assert!(shows(&h, "Time ran out: Blue loses the turn (1 of 5)"));
    assert!(!shows(&h, "Your turn"));
    assert!(bars(&h).is_empty(), "no bar while the other side moves");
    assert_eq!(host.answers(), vec![EngineMsg::TimeoutOk(1)]);
    // The click that would have finished the turn sends nothing now.
    h.get_by_label(&label_of(&host, to)).click();
    check(&mut h, &host);
    assert!(host.answers().is_empty(), "nothing sent after the timeout");
    assert!(shows(&h, "It is not your turn yet"));
    // Red's time runs out too: noted, nothing to answer.
    host.game.act(Action::Timeout(Seat::Red)).unwrap();
    host.send(HostMsg::Timeout {
        side: Seat::Red,
        count: 1,
    });
    host.send_view();
    check(&mut h, &host);
    assert!(shows(&h, "Time ran out: Red loses the turn (1 of 5)"));
    assert!(host.answers().is_empty());
    // The move list numbers the lost turns with the others.
    assert!(shows(&h, "  2. Time ran out: Blue loses the turn (1 of 5)"));
    assert!(shows(&h, "  3. Time ran out: Red loses the turn (1 of 5)"));
    // Blue plays on.
    for k in 0..4 {
        my_turn(&mut h, &mut host, k);
        host.play_other();
        check(&mut h, &host);
    }
    assert!(!host.game.status().is_over());
    assert_eq!(host.game.timeouts(Seat::Blue), 1);
    assert!(shows(&h, "  4. "), "the next turn is the fourth");
}

#[test]
fn a_four_player_hidden_game_at_ones_own_screen() {
    let rules = Rules::for_mode(Mode::Hidden);
    let game = Game::new(rules.clone(), Start::random_four(&rules, 9)).unwrap();
    let (_dir, mut h, mut host) = joined(game, Seat::South);
    assert!(shows(&h, "You play South"));
    for k in 0..28 {
        if host.game.status().is_over() {
            break;
        }
        if host.game.position().side_to_move() == Some(Seat::South) {
            my_turn(&mut h, &mut host, k);
        } else {
            host.play_other();
            check(&mut h, &host);
        }
    }
    if !host.game.status().is_over() {
        while host.game.position().side_to_move() != Some(Seat::South)
            && !host.game.status().is_over()
        {
            host.play_other();
            check(&mut h, &host);
        }
    }
    if !host.game.status().is_over() {
        host.send(HostMsg::Go {
            turn_ms: None,
            left_ms: None,
        });
        check(&mut h, &host);
        common::click(&mut h, "Resign");
        common::click(&mut h, "Yes, resign");
        assert_eq!(host.answers(), vec![EngineMsg::Resign]);
        host.game.act(Action::Resign(Seat::South)).unwrap();
        host.send_view();
        check(&mut h, &host);
        assert!(shows(&h, "South is out"));
        if !host.game.status().is_over() {
            host.game.act(Action::Resign(Seat::North)).unwrap();
            host.send_view();
            check(&mut h, &host);
        }
        host.send(HostMsg::GameOver(host.game.status()));
        check(&mut h, &host);
    }
    let end = junqi::app::status_text(host.game.status(), Lang::En).unwrap();
    assert!(shows(&h, &end), "the end: {end}");
}

/// 记子 at one's own screen after a marshal trade (Red's marshal takes on Blue's at the first
/// turn: both fall, both flags are shown): the screen counts Red's marshal removed, as the
/// one-screen game's counter does for the same record, its move list names both marshals and its
/// status line the clash; a new window that takes the seat back (the host sends it the game's
/// history, the setup and the view) counts the same.
#[test]
fn the_piece_counter_after_a_marshal_trade_agrees_before_and_after_a_rejoin() {
    let rules = Rules::for_mode(Mode::Hidden);
    let lines: Vec<String> = [
        "4 3 9 3 5",
        "B + 2 + B",
        "6 1 + 1 8",
        "7 + 5 + 7",
        "3 M 6 4 2",
        "M F M 2 1",
    ]
    .iter()
    .map(|l| l.to_string())
    .collect();
    let start = Start::Formations {
        red: lines.clone(),
        blue: lines,
    };
    let game = Game::new(rules, start).unwrap();
    let (_dir, mut h, mut host) = joined(game, Seat::Blue);
    let trade = Turn::parse("c6-c7", host.game.board()).unwrap();
    host.play(trade);
    check(&mut h, &host);
    let truth = junqi::app::hidden_flip::seat_counts(&host.game, Seat::Blue, Seat::Red);
    let marshal = truth.rows.iter().find(|r| r.rank == Rank::Marshal).unwrap();
    assert_eq!((marshal.removed, marshal.left), (1, 0));
    let counts = |h: &Harness<'static, JunqiApp>| {
        let Screen::Remote(r) = &h.state().screen else {
            panic!("not the network screen")
        };
        r.game().and_then(|g| g.counts_of(Seat::Red))
    };
    assert_eq!(counts(&h).as_ref(), Some(&truth));
    assert!(shows(&h, "c6-c7 Field Marshal×Field Marshal"));
    // The status line's notice of the last clash, as the play screen's.
    assert!(shows(&h, "Clash at c7: both removed"));
    // Taken back in a new window on another folder: the history, the setup and the view.
    let (_dir2, h2, _host2) = joined(host.game.clone(), Seat::Blue);
    assert_eq!(counts(&h2).as_ref(), Some(&truth));
    assert!(shows(&h2, "c6-c7 Field Marshal×Field Marshal"));
}

/// 记子 keeps a dug mine across a new window: Blue's engineer digs one of Red's mines (the clash
/// names it), Blue's window closes, and a new window takes the seat back: the host sends it the
/// game's history as it told it, so on the same data folder (whose notes add nothing then) and
/// on another folder alike it counts as the one-screen game counts for the same record, the
/// mine a mine, and its move list holds every turn.
#[test]
fn the_piece_counter_keeps_a_dug_mine_across_a_new_window() {
    use junqi::engine::ClashOutcome;
    // Hidden games with attacks first, until Blue digs a mine (the game still on).
    let rules = Rules::for_mode(Mode::Hidden);
    let (start, turns) = (1..200)
        .find_map(|seed| {
            let start = Start::random(&rules, seed);
            let mut g = Game::new(rules.clone(), start.clone()).unwrap();
            let mut rng = SplitMix64::new(seed);
            while g.plies().len() < 300 && !g.status().is_over() {
                let pos = g.position();
                let turns = pos.legal_turns(g.rules());
                let attacks: Vec<Turn> = (turns.iter().copied())
                    .filter(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_some()))
                    .collect();
                let pick = if attacks.is_empty() { &turns } else { &attacks };
                let t = *rng.choose(pick).unwrap();
                let blue = pos.side_to_move() == Some(Seat::Blue);
                let report = g.play(t).unwrap().report.clone().unwrap();
                if blue && report.clash == Some(ClashOutcome::MineDug) && !g.status().is_over() {
                    let turns: Vec<Turn> = g.plies().iter().filter_map(|p| p.turn).collect();
                    return Some((start, turns));
                }
            }
            None
        })
        .expect("a game where Blue digs a mine");
    let game = Game::new(rules.clone(), start).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let counts = |h: &Harness<'static, JunqiApp>| {
        let Screen::Remote(r) = &h.state().screen else {
            panic!("not the network screen")
        };
        r.game().and_then(|g| g.counts_of(Seat::Red))
    };
    let (truth, played) = {
        let (mut h, mut host) = joined_in(dir.path(), game, Seat::Blue);
        for &t in &turns {
            host.play(t);
        }
        check(&mut h, &host);
        let truth = junqi::app::hidden_flip::seat_counts(&host.game, Seat::Blue, Seat::Red);
        assert_eq!(counts(&h).as_ref(), Some(&truth));
        (truth, host.game)
    }; // the window is gone
    let mines = |c: &junqi::app::jizi::EnemyCounts| {
        c.rows
            .iter()
            .find(|r| r.rank == Rank::Mine)
            .unwrap()
            .removed
    };
    assert!(mines(&truth) >= 1, "{truth:?}");
    let (h, _host) = joined_in(dir.path(), played.clone(), Seat::Blue);
    assert_eq!(counts(&h).as_ref(), Some(&truth));
    // Nothing kept on another folder: the history alone counts the mine.
    let turns_seen = |h: &Harness<'static, JunqiApp>| {
        let Screen::Remote(r) = &h.state().screen else {
            panic!("not the network screen")
        };
        r.game().map_or(0, |g| g.plies().len())
    };
    assert_eq!(turns_seen(&h), played.plies().len());
    let (_elsewhere, h, _host) = joined(played.clone(), Seat::Blue);
    let fresh = counts(&h).unwrap();
    assert!(mines(&fresh) >= 1, "{fresh:?}");
    assert_eq!(fresh, truth);
    assert_eq!(turns_seen(&h), played.plies().len());
}

/// The join form's errors, each said in words: not an invite, no name, a wrong room code and an
/// unreachable address from the network (back at the form), in English and in Chinese.
#[test]
fn the_join_form_says_what_is_wrong() {
    let (_dir, mut h, far, _) = window_with_network();
    common::click(&mut h, "Join a network game…");
    type_into(&mut h, "Invite or room code", "http://example.com");
    common::click(&mut h, "Connect");
    assert!(shows(
        &h,
        "This is not an invite or room code: it does not start with junqi://"
    ));
    type_into(
        &mut h,
        "Invite or room code",
        "junqi://10.0.0.9:7465/NOPE/KEY",
    );
    type_into(&mut h, "Your name", "");
    common::click(&mut h, "Connect");
    assert!(shows(&h, "A name needs 1 to 24 characters"));
    type_into(&mut h, "Your name", "Mei");
    common::click(&mut h, "Connect");
    let end = far.lock().unwrap().take().unwrap();
    end.send(Incoming::Closed(LinkError::WrongCode));
    h.run();
    assert!(shows(&h, "The server has no such room"));
    assert!(h.query_by_label("Connect").is_some(), "back at the form");
    common::click(&mut h, "Connect");
    let end = far.lock().unwrap().take().unwrap();
    end.send(Incoming::Closed(LinkError::Unreachable(
        "10.0.0.9:7465".into(),
        "connection refused".into(),
    )));
    h.run();
    assert!(shows(&h, "Cannot reach 10.0.0.9:7465: connection refused"));
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    assert!(shows(&h, "连不上 10.0.0.9:7465"));
    assert!(h.query_by_label("连接").is_some());
    // The host's refusal comes as a code, worded in the player's language.
    common::click(&mut h, "连接");
    let end = far.lock().unwrap().take().unwrap();
    end.send(Incoming::Closed(LinkError::Refused(
        junqi::net::Farewell::SeatTaken(1),
    )));
    h.run();
    assert!(shows(&h, "第 2 个座位已有人"));
    type_into(&mut h, "邀请或房间码", "http://example.com");
    common::click(&mut h, "连接");
    assert!(shows(&h, "这不是邀请或房间码：开头不是 junqi://"));
}

/// Hosting: the form (players, mode, seats, port), its errors, the room opened, the invite and
/// its Copy button, the lobby as seats fill, and Start once every seat is taken.
#[test]
fn hosting_a_room() {
    let (_dir, mut h, far, hosted) = window_with_network();
    common::click(&mut h, "Host a network game…");
    common::click(&mut h, "Four players (四国)");
    h.get_by_label_contains("Hidden:").click();
    h.run();
    type_into(&mut h, "Port", "70000");
    common::click(&mut h, "Open the room");
    assert!(shows(&h, "A port is a number from 0 to 65535"));
    type_into(&mut h, "Port", "1");
    common::click(&mut h, "Open the room");
    assert!(shows(
        &h,
        "Cannot open a server on 0.0.0.0:1: permission denied"
    ));
    // East is the computer.
    h.get_by_label("as East").click();
    h.run();
    h.get_by_label("Computer · Normal").click();
    h.run();
    // The move clock, as in the new-game dialog: on, 30 seconds.
    h.get_by_label("On").scroll_to_me();
    h.run();
    h.get_by_label("On").click();
    h.run();
    type_into(&mut h, "Port", "0");
    common::click(&mut h, "Open the room");
    let spec = hosted.lock().unwrap().clone().expect("a room opened");
    assert_eq!(spec.rules.move_clock, Some(30));
    assert!(spec.four);
    assert_eq!(spec.rules.mode, Mode::Hidden);
    assert_eq!(spec.seats[0], HostSeat::Here);
    assert_eq!(spec.seats[1], HostSeat::Computer(junqi::ai::Level::Normal));
    assert!(shows(&h, "junqi://127.0.0.1:0/ROOM42/KEY"));
    common::click(&mut h, "Copy the invite");
    assert!(shows(&h, "Copied"));
    let far = far.lock().unwrap().take().unwrap();
    let room = |who: Vec<SeatWho>| RoomInfo {
        code: "ROOM42".into(),
        rules: Some(spec.rules.clone()),
        seats: Seat::FOUR
            .iter()
            .zip(who)
            .map(|(&s, who)| SeatInfo {
                chair: Chair::Side(s),
                who,
            })
            .collect(),
        you: Some(0),
        host: true,
        auto_start: false,
    };
    far.send(Incoming::Room(room(vec![
        SeatWho::Player("Mei".into()),
        SeatWho::Computer("ai:normal".into()),
        SeatWho::Free,
        SeatWho::Player("Li".into()),
    ])));
    h.run();
    assert!(shows(&h, "North: free"));
    assert!(shows(&h, "East: computer (ai:normal)"));
    assert!(shows(&h, "South: Mei (you)"));
    assert!(shows(&h, "Seats are free"));
    common::click(&mut h, "Start the game");
    assert!(
        !far.rx.try_iter().any(|m| m == Outgoing::Start),
        "no start with a free seat"
    );
    far.send(Incoming::Room(room(vec![
        SeatWho::Player("Mei".into()),
        SeatWho::Computer("ai:normal".into()),
        SeatWho::Player("Wu".into()),
        SeatWho::Player("Li".into()),
    ])));
    h.run();
    common::click(&mut h, "Start the game");
    assert!(far.rx.try_iter().any(|m| m == Outgoing::Start));
    // The connection lost: said in the lobby.
    far.send(Incoming::Closed(LinkError::Closed("reset by peer".into())));
    h.run();
    assert!(shows(&h, "The connection closed: reset by peer"));
}

/// The system's clipboard: eframe is built with its `clipboard` feature (and `links`), which
/// carries egui's copied text to the system and the system's text into Ctrl+V and
/// Shift+Insert as paste events. The invite's Copy button puts the invite into the frame's
/// copied text (`OutputCommand::CopyText`), and a paste into the Join form's invite field fills it.
#[test]
fn the_invite_goes_to_the_clipboard_and_a_paste_fills_the_join_form() {
    let manifest = include_str!("../../Cargo.toml");
    let eframe = manifest
        .lines()
        .find(|l| l.starts_with("eframe ="))
        .expect("eframe in Cargo.toml");
    for feature in ["\"clipboard\"", "\"links\""] {
        assert!(eframe.contains(feature), "{feature} missing: {eframe}");
    }
    let invite = "junqi://127.0.0.1:0/ROOM42/KEY";
    let (_dir, mut h, _far, _) = window_with_network();
    common::click(&mut h, "Host a network game…");
    type_into(&mut h, "Port", "0");
    common::click(&mut h, "Open the room");
    assert!(shows(&h, invite));
    h.get_by_label("Copy the invite").click();
    h.step();
    let copied: Vec<&egui::OutputCommand> = h.output().platform_output.commands.iter().collect();
    assert!(
        copied
            .iter()
            .any(|c| matches!(c, egui::OutputCommand::CopyText(t) if t == invite)),
        "{copied:?}"
    );
    h.run();
    assert!(shows(&h, "Copied"));
    // Another window pastes it into the Join form.
    let (_dir2, mut j, _, _) = window_with_network();
    common::click(&mut j, "Join a network game…");
    type_into(&mut j, "Invite or room code", "");
    j.get_by_label("Invite or room code").focus();
    j.run();
    j.event(egui::Event::Paste(invite.into()));
    j.run();
    let value = |j: &Harness<'static, JunqiApp>| {
        j.get_by_label("Invite or room code")
            .accesskit_node()
            .value()
            .unwrap_or_default()
    };
    assert_eq!(value(&j), invite);
}

// ---- The real network: an in-process server, a headless client, the window. ----

use junqi::app::remote::game::Event as RemoteEvent;
use junqi::app::remote::{Form, Phase};
use junqi::net::client::{Client, Request};
use junqi::net::host::{ServeOptions, Server, ServerHandle};

pub(super) fn loopback_server() -> ServerHandle {
    Server::bind(
        "127.0.0.1:0",
        ServeOptions {
            quiet: true,
            fault: None,
            ..ServeOptions::default()
        },
    )
    .unwrap()
    .spawn()
}

/// The seat's own view and rules on the network screen, when it is to move.
fn my_move(h: &Harness<'static, JunqiApp>) -> Option<(junqi::engine::View, Rules)> {
    let Screen::Remote(r) = &h.state().screen else {
        return None;
    };
    let g = r.game()?;
    if !g.to_move() || g.over() {
        return None;
    }
    Some((g.view()?.clone(), g.rules()?.clone()))
}

/// The turns the network screen has seen.
pub(super) fn plies(h: &Harness<'static, JunqiApp>) -> usize {
    match &h.state().screen {
        Screen::Remote(r) => r.game().map_or(0, |g| g.plies().len()),
        _ => 0,
    }
}

fn remote_over(h: &Harness<'static, JunqiApp>) -> bool {
    matches!(&h.state().screen, Screen::Remote(r) if r.game().is_some_and(|g| g.over()))
}

/// What the screen showed once its view had caught up with its reports: the texts, the turns
/// seen, whether the game was over.
pub(super) type Snapshot = (Vec<String>, usize, bool);

fn snapshot(h: &Harness<'static, JunqiApp>, shots: &mut Vec<Snapshot>) {
    if let Some(ply) = caught_up(h) {
        shots.push((common::leak::texts(h), ply, remote_over(h)));
    }
}

/// The turns seen, if the screen's view has caught up with its reports (the view after a
/// report comes a moment after it).
fn caught_up(h: &Harness<'static, JunqiApp>) -> Option<usize> {
    let Screen::Remote(r) = &h.state().screen else {
        return None;
    };
    // Turns seen: those reported and those lost to the move clock.
    let lost = (g_events(r)).filter(|e| matches!(e, RemoteEvent::TimedOut(..)));
    let lost = lost.count();
    let g = r.game()?;
    let v = g.view()?;
    (v.ply() as usize == g.plies().len() + lost).then_some(v.ply() as usize)
}

/// The network screen's event log.
fn g_events(r: &junqi::app::remote::Remote) -> impl Iterator<Item = &RemoteEvent> {
    r.game().into_iter().flat_map(|g| g.events())
}

/// Play the window's seat by clicking until the game is over (bounded), each turn a random one
/// of the seat's own view's candidates; what the screen showed along the way.
pub(super) fn click_to_the_end(h: &mut Harness<'static, JunqiApp>, seed: u64) -> Vec<Snapshot> {
    click_until(h, seed, &remote_over)
}

/// `click_to_the_end`, stopping when `stop` holds (or the game is over).
pub(super) fn click_until(
    h: &mut Harness<'static, JunqiApp>,
    seed: u64,
    stop: &dyn Fn(&Harness<'static, JunqiApp>) -> bool,
) -> Vec<Snapshot> {
    let mut shots = Vec::new();
    let mut rng = SplitMix64::new(seed);
    let deadline = std::time::Instant::now() + common::PATIENCE;
    while !stop(h) && !remote_over(h) {
        assert!(
            std::time::Instant::now() < deadline,
            "the game did not end: {:?}",
            common::leak::texts(h)
        );
        h.run();
        snapshot(h, &mut shots);
        // The stop is asked again before a turn is played: the frame just run may have brought
        // the awaited turn (a report can come a frame before the question to move).
        if stop(h) {
            break;
        }
        if h.query_by_label("A random formation").is_some() {
            common::click(h, "A random formation");
            continue;
        }
        let Some((view, rules)) = my_move(h) else {
            std::thread::sleep(std::time::Duration::from_millis(5));
            continue;
        };
        let cands = view.candidate_turns(&rules);
        let Some(&Turn::Move { from, to }) = rng.choose(&cands) else {
            panic!("flip turns in a hidden game")
        };
        h.get_by_label(&junqi::app::board::node_label(&view, Lang::En, from))
            .click();
        h.run();
        snapshot(h, &mut shots);
        h.get_by_label(&junqi::app::board::node_label(&view, Lang::En, to))
            .click();
        h.run();
    }
    h.run();
    snapshot(h, &mut shots);
    shots
}

/// Every snapshot against the host's finished game.
fn check_snapshots(shots: &[Snapshot], game: &Game, seat: Seat) {
    assert!(shots.len() > 3, "the screen was looked at along the way");
    for (texts, ply, over) in shots {
        // A turn lost to the move clock can end the game (the quiet limit) with no report to
        // say so: the view after it shows every piece before the `gameover` line comes.
        let over = *over || (*ply >= game.plies().len() && game.status().is_over());
        common::leak::assert_no_leak_remote_at(texts, game, seat, *ply, over);
    }
}

/// The headless seat's result and the host's finished game, which must agree.
fn both_ended(
    headless: std::thread::JoinHandle<Result<junqi::engine::Status, String>>,
    server: &ServerHandle,
) -> (junqi::engine::Status, Game) {
    let status = headless
        .join()
        .unwrap()
        .expect("the headless seat played to the end");
    let game = finished_game(server);
    assert_eq!(game.status(), status);
    (status, game)
}

/// The finished game of a room on `server`, waiting for it.
pub(super) fn finished_game(server: &ServerHandle) -> Game {
    let until = std::time::Instant::now() + common::PATIENCE;
    loop {
        if let Some(f) = server.finished().into_iter().next() {
            return f.game;
        }
        assert!(std::time::Instant::now() < until, "no finished game");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

pub(super) fn short_hidden_rules() -> Rules {
    let mut rules = Rules::for_mode(Mode::Hidden);
    rules.quiet_limit = 8;
    rules
}

/// A server on 127.0.0.1 and a room on it made by a headless random player (short hidden
/// rules): the server, the room, its invite, and the headless player's thread (its result).
fn room_with_a_random_creator() -> (
    ServerHandle,
    junqi::net::invite::RoomId,
    String,
    std::thread::JoinHandle<Result<junqi::engine::Status, String>>,
) {
    room_with_a_random_creator_of(short_hidden_rules())
}

/// `room_with_a_random_creator` with `rules`.
pub(super) fn room_with_a_random_creator_of(
    rules: Rules,
) -> (
    ServerHandle,
    junqi::net::invite::RoomId,
    String,
    std::thread::JoinHandle<Result<junqi::engine::Status, String>>,
) {
    let server = loopback_server();
    let creator = Client::connect(&Request::Create {
        addr: server.addr().to_string(),
        players: 2,
        rules,
        name: "Li".into(),
        pin: Some(server.public_key()),
        seat: None,
    })
    .unwrap();
    let room = creator.seated().invite.room;
    let invite = creator.seated().invite.to_string();
    let headless = std::thread::spawn(move || {
        let mut answer = junqi::table::answerer::builtin_answerer(&"random".parse().unwrap());
        creator
            .play(&mut answer, &mut |_| {})
            .map_err(|e| e.to_string())
    });
    (server, room, invite, headless)
}

/// Join `invite` from the window's form as "Mei".
pub(super) fn join_in_window(h: &mut Harness<'static, JunqiApp>, invite: &str) {
    common::click(h, "Join a network game…");
    type_into(h, "Invite or room code", invite);
    type_into(h, "Your name", "Mei");
    common::click(h, "Connect");
}

/// A hidden game over the real network: a server on 127.0.0.1 (port 0) in this process, a
/// headless client (a random player) that opens the room, and the window that joins it with the
/// invite typed into its form and plays its seat to the end by clicking. The end shows, and the
/// screen names no piece its seat did not know (checked against the host's finished game).
#[test]
fn a_hidden_network_game_joined_and_played_to_the_end() {
    let (server, _, invite, headless) = room_with_a_random_creator();
    let (_dir, mut h) = common::window();
    h.state_mut().network = Box::new(junqi::app::remote::net_link::NetNetwork::default());
    join_in_window(&mut h, &invite);
    let shots = click_to_the_end(&mut h, 3);
    let (status, game) = both_ended(headless, &server);
    check_snapshots(&shots, &game, Seat::Blue);
    let end = junqi::app::status_text(status, Lang::En).unwrap();
    assert!(shows(&h, &end), "the end: {end}");
    assert!(shows(&h, "You play Blue"));
    // The end's reveal (every piece) may still be on its way: the screen is checked once the
    // audit has read it.
    audited_and_revealed(&mut h);
    assert_no_leak_remote(&h, &game, Seat::Blue);
    server.stop();
}

/// The move clock over the real network: a room with 5 seconds a turn (real seconds: every
/// turn the window clicks must be made in time on a loaded machine too), a headless random
/// creator, and the window that joins and lets its first turn run out. It sees "Time ran out: Blue loses the turn (1 of 5)", then plays on by clicking
/// to the end; the screen names no piece its seat did not know along the way, and the audit,
/// with the timeout in the record, passes.
#[test]
fn a_window_in_a_room_with_a_move_clock_loses_a_turn_and_plays_on() {
    let mut rules = short_hidden_rules();
    rules.move_clock = Some(5);
    let (server, _, invite, headless) = room_with_a_random_creator_of(rules);
    let (_dir, mut h) = common::window();
    h.state_mut().network = Box::new(junqi::app::remote::net_link::NetNetwork::default());
    join_in_window(&mut h, &invite);
    // The first turn: the clock counts down and nothing is clicked.
    let mut shots = Vec::new();
    let deadline = std::time::Instant::now() + common::PATIENCE;
    let mut saw_clock = false;
    while !shows(&h, "Time ran out: Blue loses the turn (1 of 5)") {
        assert!(
            std::time::Instant::now() < deadline,
            "no timeout: {:?}",
            common::leak::texts(&h)
        );
        h.run();
        if h.query_by_label("A random formation").is_some() {
            common::click(&mut h, "A random formation");
            continue;
        }
        saw_clock |= my_move(&h).is_some()
            && matches!(&h.state().screen, Screen::Remote(r)
                if r.game().is_some_and(|g| g.clock_left(0.0).is_some()));
        snapshot(&h, &mut shots);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(saw_clock, "the turn had the clock's limit");
    shots.extend(click_to_the_end(&mut h, 6));
    let (_, game) = both_ended(headless, &server);
    assert!(game.timeouts(Seat::Blue) >= 1);
    assert!(
        shots
            .iter()
            .any(|(_, ply, _)| *ply > 1 + game.timeouts(Seat::Blue) as usize),
        "looked at after the timeout"
    );
    check_snapshots(&shots, &game, Seat::Blue);
    // The end's reveal (every piece) may still be on its way: the screen is checked once the
    // audit has read it.
    audited_and_revealed(&mut h);
    assert_no_leak_remote(&h, &game, Seat::Blue);
    server.stop();
}

/// The window's connection breaks mid-game (the host cuts it, as a broken network would): the
/// window takes its seat back by itself, keeps the moves it had, and plays on to the end; the
/// audit covers both stretches of the connection.
#[test]
fn a_window_whose_connection_breaks_takes_its_seat_back() {
    let (server, room, invite, headless) = room_with_a_random_creator();
    let (_dir, mut h) = common::window();
    h.state_mut().network = Box::new(junqi::app::remote::net_link::NetNetwork::default());
    join_in_window(&mut h, &invite);
    let mut shots = click_until(&mut h, 5, &|h| plies(h) >= 4);
    let before = plies(&h);
    assert!(before >= 4 && !remote_over(&h));
    assert!(server.cut(room, 1), "{:?}", server.log());
    let deadline = std::time::Instant::now() + common::PATIENCE;
    while !server.log().iter().any(|l| l.contains("seat 2 rejoined")) {
        assert!(std::time::Instant::now() < deadline, "{:?}", server.log());
        h.run();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run();
    assert!(
        plies(&h) >= before,
        "the moves seen before the break are kept"
    );
    shots.extend(click_to_the_end(&mut h, 6));
    let (_, game) = both_ended(headless, &server);
    check_snapshots(&shots, &game, Seat::Blue);
    audited_and_revealed(&mut h);
    server.stop();
}

/// A window closed mid-game (its program ended): a new window on the same data folder joins the
/// same invite and takes the seat back (the token was kept), then plays on to the end.
#[test]
fn a_window_closed_mid_game_takes_its_seat_back_with_the_same_invite() {
    let (server, _, invite, headless) = room_with_a_random_creator();
    let dir = tempfile::tempdir().unwrap();
    // The tag Blue writes before the window goes, on a Red piece.
    let tag;
    {
        let mut h = common::harness(dir.path());
        join_in_window(&mut h, &invite);
        click_until(&mut h, 7, &|h| plies(h) >= 4 && my_move(h).is_some());
        assert!(!remote_over(&h));
        let (view, _) = my_move(&h).expect("Blue to move");
        let red = (0..view.board().len() as u8)
            .find(|&n| view.at(n) == Seen::Unknown(Seat::Red))
            .unwrap();
        h.get_by_label(&junqi::app::board::node_label(&view, Lang::En, red))
            .click_secondary();
        h.run();
        common::click(&mut h, "40");
        tag = format!("{} tag 40", view.board().name(red));
        h.get_by_label(&tag);
    } // the window is gone, its connection with it
    let mut h = common::harness(dir.path());
    join_in_window(&mut h, &invite);
    // Blue's turn waited for it: no turn passed, and the tag is back on its piece.
    let deadline = std::time::Instant::now() + common::PATIENCE;
    while h.query_by_label(&tag).is_none() {
        assert!(std::time::Instant::now() < deadline, "the tag came back");
        h.run();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    click_to_the_end(&mut h, 8);
    assert!(
        server.log().iter().any(|l| l.contains("seat 2 rejoined")),
        "{:?}",
        server.log()
    );
    let (_, game) = both_ended(headless, &server);
    // The new window learnt the game from its view at the rejoin: its move list starts there,
    // so the screen is checked at the end (every piece is shown then).
    // The end's reveal (every piece) may still be on its way: the screen is checked once the
    // audit has read it.
    audited_and_revealed(&mut h);
    assert_no_leak_remote(&h, &game, Seat::Blue);
    // The game is over: neither the seat nor the tags are kept.
    for folder in ["net-seats", "net-tags"] {
        assert_eq!(
            std::fs::read_dir(dir.path().join(folder))
                .map(|d| d.count())
                .unwrap_or(0),
            0,
            "{folder}"
        );
    }
    server.stop();
}

/// A window closed mid-game leaves its seat kept on disk: the next window's first screen offers
/// "Rejoin the game in progress (room CODE)", one click takes the seat back and the game goes on
/// to its end; then the first screen offers it no more.
#[test]
fn the_first_screen_offers_to_rejoin_a_game_in_progress() {
    let (server, room, invite, headless) = room_with_a_random_creator();
    let dir = tempfile::tempdir().unwrap();
    let offer = format!("Rejoin the game in progress (room {room})");
    {
        let mut h = common::harness(dir.path());
        assert!(h.query_by_label(&offer).is_none(), "no seat kept yet");
        join_in_window(&mut h, &invite);
        click_until(&mut h, 7, &|h| plies(h) >= 2 && my_move(h).is_some());
        assert!(!remote_over(&h));
    } // the window is gone, its connection with it
    let mut h = common::harness(dir.path());
    common::click(&mut h, &offer);
    common::wait_until("the seat taken back", || {
        h.run();
        server.log().iter().any(|l| l.contains("seat 2 rejoined"))
    });
    click_to_the_end(&mut h, 9);
    let _ = both_ended(headless, &server);
    audited_and_revealed(&mut h);
    // The end: the pieces each side lost, and the game to review.
    assert!(shows(&h, "Pieces lost:"));
    common::click(&mut h, "Review the game");
    assert!(matches!(h.state().screen, Screen::Replay(_)));
    common::click(&mut h, "Home");
    assert!(
        h.query_by_label(&offer).is_none(),
        "the game is over: no offer"
    );
    server.stop();
}

/// At the end the host reveals its commitment's salts and the record: the screen says the audit
/// passed, keeps the record among the recent games, and shows every piece of the last position.
pub(super) fn audited_and_revealed(h: &mut Harness<'static, JunqiApp>) {
    let deadline = std::time::Instant::now() + common::PATIENCE;
    while !shows(h, "Checked: ") {
        assert!(
            std::time::Instant::now() < deadline,
            "no audit: {:?}",
            common::leak::texts(h)
        );
        h.run();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(
        shows(
            h,
            "the game replayed by the rules from the formations committed"
        ),
        "{:?}",
        common::leak::texts(h)
    );
    assert!(shows(h, "The record is kept among the recent games"));
    let Screen::Remote(r) = &h.state().screen else {
        panic!("not the network screen")
    };
    let Some(Ok(path)) = &r.kept else {
        panic!("the record was not kept: {:?}", r.kept)
    };
    let kept = junqi::engine::Game::from_ron(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(kept.status().is_over());
    let v = r.game().and_then(|g| g.view()).unwrap();
    let board = kept.board();
    assert!(
        (0..board.len() as u8).all(|n| !matches!(v.at(n), junqi::engine::Seen::Unknown(_))),
        "every piece is shown at the end"
    );
}

/// Hosting over the real network: the window opens a room on a server of its own (any free
/// port), shows the invite; a headless client joins with it; the game starts by itself and the
/// window plays its seat to the end by clicking.
#[test]
fn a_room_hosted_in_the_window_played_to_the_end() {
    let (_dir, mut h) = hidden_host_form(None);
    short_quiet_limit(&mut h);
    type_into(&mut h, "Port", "0");
    common::click(&mut h, "Open the room");
    let deadline = std::time::Instant::now() + common::PATIENCE;
    let invite = loop {
        h.run();
        if let Screen::Remote(r) = &h.state().screen
            && let Some(i) = &r.invite
            && r.room.is_some()
        {
            break i.clone();
        }
        assert!(std::time::Instant::now() < deadline, "no room opened");
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    assert!(shows(&h, &invite));
    assert!(shows(&h, "The game starts as soon as every seat is taken"));
    // The invite names this machine's address; the test joins on loopback.
    let mut inv = junqi::net::Invite::parse(&invite).unwrap();
    inv.addr = format!("127.0.0.1:{}", inv.addr.rsplit(':').next().unwrap());
    let joiner = Client::connect(&Request::Join {
        invite: inv,
        name: "Li".into(),
        seat: None,
    })
    .unwrap();
    let headless = std::thread::spawn(move || {
        let mut answer = junqi::table::answerer::builtin_answerer(&"random".parse().unwrap());
        joiner
            .play(&mut answer, &mut |_| {})
            .map_err(|e| e.to_string())
    });
    let mut shots = click_to_the_end(&mut h, 4);
    let status = headless
        .join()
        .unwrap()
        .expect("the headless seat played to the end");
    // The view after the last report may still be on its way: the screen at the end is looked
    // at once it has come.
    common::step_until(&mut h, "the last view", |h| caught_up(h).is_some());
    snapshot(&h, &mut shots);
    assert!(shots.iter().any(|(_, _, over)| *over));
    let end = junqi::app::status_text(status, Lang::En).unwrap();
    assert!(shows(&h, &end), "the end: {end}");
    assert!(shows(&h, "You play Red"));
    assert!(matches!(&h.state().screen, Screen::Remote(r) if matches!(r.phase, Phase::Game(_))));
    audited_and_revealed(&mut h);
    common::click(&mut h, "Leave");
    // The first screen lists the game among the recent games.
    assert_eq!(h.state().saves.recent.len(), 1);
    h.get_by_label_contains("Hidden · two players · ");
}

/// A room hosted with the computer in the other seat: it joins by itself, the game starts, and
/// the window plays to the end by clicking.
#[test]
fn a_room_hosted_against_the_computer() {
    let (_dir, mut h) = hidden_host_form(Some("Computer · Easy"));
    short_quiet_limit(&mut h);
    type_into(&mut h, "Port", "0");
    common::click(&mut h, "Open the room");
    let shots = click_to_the_end(&mut h, 5);
    assert!(
        shots.iter().any(|(_, ply, _)| *ply > 0),
        "turns were played"
    );
    let Screen::Remote(r) = &h.state().screen else {
        panic!("the network screen")
    };
    let status = r.game().and_then(|g| g.status()).expect("the end");
    let end = junqi::app::status_text(status, Lang::En).unwrap();
    assert!(shows(&h, &end), "the end: {end}");
    assert!(shows(&h, "You play Red"));
}

/// The window's seat in a real network room asks for a takeback and the other seat (a headless
/// random player that agrees) allows it: the board and the move list go back to the position of
/// the window's last turn, the log says so, the window plays on and resigns; the record keeps
/// the takeback, the audit passes and the screen never named a piece its seat did not know.
#[test]
fn a_takeback_asked_in_the_window_and_allowed_over_the_network() {
    let server = loopback_server();
    let creator = Client::connect(&Request::Create {
        addr: server.addr().to_string(),
        players: 2,
        rules: Rules::for_mode(Mode::Hidden),
        name: "Li".into(),
        pin: Some(server.public_key()),
        seat: None,
    })
    .unwrap();
    let invite = creator.seated().invite.to_string();
    let asked = Arc::new(Mutex::new(Vec::<String>::new()));
    let asked_seen = asked.clone();
    let headless = std::thread::spawn(move || {
        let mut inner = junqi::table::answerer::builtin_answerer(&"random".parse().unwrap());
        let mut answer = |line: &str| {
            if line.starts_with("takeback asked ") {
                asked_seen.lock().unwrap().push(line.to_string());
                return (vec!["takeback accept".to_string()], false);
            }
            inner(line)
        };
        creator
            .play(&mut answer, &mut |_| {})
            .map_err(|e| e.to_string())
    });
    let (_dir, mut h) = common::window();
    h.state_mut().network = Box::new(junqi::app::remote::net_link::NetNetwork::default());
    join_in_window(&mut h, &invite);
    let mine = |h: &Harness<'static, JunqiApp>| match &h.state().screen {
        Screen::Remote(r) => r.game().map_or(0, |g| {
            g.plies()
                .iter()
                .filter(|p| p.seat == Some(Seat::Blue))
                .count()
        }),
        _ => 0,
    };
    // Blue plays three turns by clicking; the view and the turns seen at its last one are kept.
    let mut rng = SplitMix64::new(4);
    let mut last: Option<(String, usize)> = None;
    let mut before: Vec<Snapshot> = Vec::new();
    let deadline = std::time::Instant::now() + common::PATIENCE;
    loop {
        assert!(
            std::time::Instant::now() < deadline,
            "{:?}",
            common::leak::texts(&h)
        );
        assert!(!remote_over(&h), "the game ended before the takeback");
        h.run();
        snapshot(&h, &mut before);
        if h.query_by_label("A random formation").is_some() {
            common::click(&mut h, "A random formation");
            continue;
        }
        let Some((view, rules)) = my_move(&h) else {
            std::thread::sleep(std::time::Duration::from_millis(5));
            continue;
        };
        if mine(&h) == 3 {
            break;
        }
        last = Some((view.notation(), plies(&h)));
        let cands = view.candidate_turns(&rules);
        let Some(&Turn::Move { from, to }) = rng.choose(&cands) else {
            panic!("flip turns in a hidden game")
        };
        h.get_by_label(&junqi::app::board::node_label(&view, Lang::En, from))
            .click();
        h.run();
        h.get_by_label(&junqi::app::board::node_label(&view, Lang::En, to))
            .click();
        h.run();
    }
    let (then, then_plies) = last.unwrap();
    assert!(plies(&h) > then_plies);
    common::click(&mut h, "Take back");
    // Asked of the other seat; once it allows, the position of Blue's last turn is back.
    let deadline = std::time::Instant::now() + common::PATIENCE;
    while !(plies(&h) == then_plies && my_move(&h).is_some()) {
        assert!(
            std::time::Instant::now() < deadline,
            "{:?}",
            common::leak::texts(&h)
        );
        h.run();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let (view, _) = my_move(&h).unwrap();
    assert_eq!(view.notation(), then, "the board shows the position before");
    let turns = plies_taken(&asked.lock().unwrap());
    assert_eq!(turns, (before.last().unwrap().1 - then_plies) as u32);
    assert!(
        shows(&h, &format!("Blue took back {turns} turn")),
        "{:?}",
        common::leak::texts(&h)
    );
    assert!(shows(&h, &format!("{then_plies:>3}. ")) || then_plies == 0);
    assert!(
        !shows(&h, &format!("{:>3}. ", then_plies + 1)),
        "the move list follows"
    );
    let mut after = Vec::new();
    snapshot(&h, &mut after);
    // Blue's turn again: it resigns, and the game ends.
    common::click(&mut h, "Resign");
    common::click(&mut h, "Yes, resign");
    let (_, game) = both_ended(headless, &server);
    assert_eq!(game.takebacks(Seat::Blue), 1, "{:?}", game.record().actions);
    // What the screen showed before the takeback, up to the turns that stand, and after it.
    for (texts, ply, over) in before.iter().filter(|s| s.1 <= then_plies).chain(&after) {
        common::leak::assert_no_leak_remote_at(texts, &game, Seat::Blue, *ply, *over);
    }
    // A resignation's end reveal comes with the record.
    audited_and_revealed(&mut h);
    assert_no_leak_remote(&h, &game, Seat::Blue);
    server.stop();
}

/// The turns of the one `takeback asked <side> <turns>` line the other seat was asked.
fn plies_taken(asked: &[String]) -> u32 {
    let [line] = asked else {
        panic!("asked {asked:?}")
    };
    line.rsplit(' ').next().unwrap().parse().unwrap()
}

/// Another seat asks for a takeback at this screen: the question shows beside the board (which
/// is still drawn), Y allows it and the board and move list follow the takeback; the next ask is
/// refused with the button. One's own ask by Ctrl+Z is sent only with a turn of one's own to
/// take back; refused, the screen says so.
#[test]
fn a_takeback_asked_of_the_window_is_answered_on_its_own_screen() {
    let rules = Rules::for_mode(Mode::Hidden);
    let game = Game::new(rules.clone(), Start::random(&rules, 21)).unwrap();
    let (_dir, mut h, mut host) = joined(game, Seat::Blue);
    host.play_other();
    check(&mut h, &host);
    // Blue's first turn: nothing of its own to take back, Ctrl+Z sends nothing.
    host.send(HostMsg::Go {
        turn_ms: None,
        left_ms: None,
    });
    check(&mut h, &host);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    check(&mut h, &host);
    assert!(host.answers().is_empty());
    assert!(shows(&h, "Your turn"), "{:?}", common::leak::texts(&h));
    // Blue's turn is answered by clicking (`my_turn` says go again; the first one stands).
    my_turn(&mut h, &mut host, 1);
    host.play_other();
    check(&mut h, &host);
    my_turn(&mut h, &mut host, 2);
    host.play_other();
    check(&mut h, &host);
    assert_eq!(host.game.plies().len(), 5);
    // Hidden mode: Blue's own 记子 of Red's pieces, beside the board (the leak checker above
    // reads it with every other text).
    assert!(shows(&h, "Counting Red's pieces (记子)"));
    // Red asks: the question on Blue's screen, the board still there.
    host.send(HostMsg::TakebackAsked(Seat::Red, 2));
    check(&mut h, &host);
    assert!(shows(&h, "Red asks to take back 2 turns"));
    assert!(h.query_by_label("Allow (Y)").is_some());
    // The status line asks too, before any note.
    assert!(shows(
        &h,
        "Red asks to take back 2 turns — Allow (Y) / Refuse (N)"
    ));
    assert!(
        h.query_by_label(&label_of(&host, 0)).is_some(),
        "the board is drawn"
    );
    h.key_press(egui::Key::Y);
    check(&mut h, &host);
    assert_eq!(host.answers(), vec![EngineMsg::TakebackAnswer(true)]);
    assert!(h.query_by_label("Allow (Y)").is_none());
    let grant = host
        .game
        .disclose(junqi::engine::Disclosure::Takeback, Some(Seat::Red), true)
        .unwrap();
    host.game.take_back(grant, Seat::Red, 2).unwrap();
    host.send(HostMsg::TakenBack(Seat::Red, 2));
    host.send_view();
    check(&mut h, &host);
    assert!(shows(&h, "Red took back 2 turns"));
    assert!(
        shows(&h, "  3. ") && !shows(&h, "  4. "),
        "the move list follows"
    );
    assert_eq!(plies(&h), 3);
    let screen_view = match &h.state().screen {
        Screen::Remote(r) => r.game().and_then(|g| g.view()).unwrap().notation(),
        _ => panic!("not the network screen"),
    };
    assert_eq!(
        screen_view,
        host.game.view(Viewer::Side(Seat::Blue)).notation()
    );
    // Red plays again and asks again: refused with the button.
    host.play_other();
    check(&mut h, &host);
    host.send(HostMsg::TakebackAsked(Seat::Red, 1));
    check(&mut h, &host);
    assert!(shows(&h, "Red asks to take back 1 turn"));
    common::click(&mut h, "Refuse (N)");
    check(&mut h, &host);
    assert_eq!(host.answers(), vec![EngineMsg::TakebackAnswer(false)]);
    // Blue's own ask by Ctrl+Z, refused: said on its screen, and go comes again.
    host.send(HostMsg::Go {
        turn_ms: None,
        left_ms: None,
    });
    check(&mut h, &host);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    check(&mut h, &host);
    assert_eq!(host.answers(), vec![EngineMsg::AskTakeback]);
    assert!(shows(&h, "You asked to take back: waiting for the answer…"));
    host.send(HostMsg::TakebackDeclined);
    check(&mut h, &host);
    assert!(shows(&h, "Your takeback was refused"));
    host.send(HostMsg::Go {
        turn_ms: None,
        left_ms: None,
    });
    check(&mut h, &host);
    assert!(my_move(&h).is_some(), "asked for its turn again");
}

/// Tags at one's own screen: a right click on an enemy piece (at any moment: nobody else looks
/// at this screen) opens the menu, the guess is drawn beside the piece, follows it when it moves,
/// and nothing of it goes to the host. The leak checker runs after every step.
#[test]
fn tags_on_enemy_pieces_are_kept_at_ones_own_screen_and_follow_them() {
    let rules = Rules::for_mode(Mode::Hidden);
    let mut rng = SplitMix64::new(21);
    let (r, b) = (
        Formation::random(&mut rng, &rules),
        Formation::random(&mut rng, &rules),
    );
    let game = Game::new(rules, Start::formations(&r, &b)).unwrap();
    let (_dir, mut h, mut host) = joined(game, Seat::Blue);
    // Red to move: a Red piece that can step to an empty square.
    let rules = host.game.rules().clone();
    let (from, to) = host
        .game
        .position()
        .legal_turns(&rules)
        .into_iter()
        .find_map(|t| match t {
            Turn::Move { from, to } if host.game.position().at(to).is_none() => Some((from, to)),
            _ => None,
        })
        .expect("a plain move");
    let board = host.game.board();
    let name = |n| board.name(n).to_string();
    h.get_by_label(&label_of(&host, from)).click_secondary();
    check(&mut h, &host);
    assert!(shows(&h, "Tag a guess"), "the menu opens out of turn too");
    common::click(&mut h, "40");
    check(&mut h, &host);
    h.get_by_label(&format!("{} tag 40", name(from)));
    assert!(!shows(&h, "Tag a guess"), "the menu closes");
    assert!(host.answers().is_empty(), "a tag is never sent");
    // Blue's own piece takes no tag.
    let (own, _) = host.game.position().pieces(Seat::Blue).next().unwrap();
    h.get_by_label(&label_of(&host, own)).click_secondary();
    check(&mut h, &host);
    assert!(!shows(&h, "Tag a guess"));
    // The piece moves: its tag goes with it.
    host.play(Turn::Move { from, to });
    check(&mut h, &host);
    assert!(
        h.query_by_label(&format!("{} tag 40", name(from)))
            .is_none()
    );
    h.get_by_label(&format!("{} tag 40", name(to)));
    // Changed, then cleared.
    h.get_by_label(&label_of(&host, to)).click_secondary();
    check(&mut h, &host);
    common::click(&mut h, "炸");
    check(&mut h, &host);
    h.get_by_label(&format!("{} tag 炸", name(to)));
    h.get_by_label(&label_of(&host, to)).click_secondary();
    check(&mut h, &host);
    common::click(&mut h, "Clear");
    check(&mut h, &host);
    assert!(h.query_by_label(&format!("{} tag 炸", name(to))).is_none());
    assert!(host.answers().is_empty());
}

/// The one who hosts sits where they choose: "This screen (me)" picked for Blue moves them there
/// (Red, left, goes to the network), Red is then given to the computer, which joins its own seat;
/// the window plays Blue to the end, its board turned with Blue at the bottom.
#[test]
fn a_host_who_sits_at_the_second_seat() {
    let (_dir, mut h) = hidden_host_form(Some("This screen (me)"));
    let seats = |h: &Harness<'static, JunqiApp>| match &h.state().screen {
        Screen::Remote(r) => match &r.form {
            Form::Host(f) => f.seats.clone(),
            _ => panic!("the host form"),
        },
        _ => panic!("the network screen"),
    };
    assert_eq!(seats(&h), [HostSeat::Remote, HostSeat::Here]);
    h.get_by_label("as Red").click();
    h.run();
    h.get_by_label("Computer · Easy").click();
    h.run();
    assert_eq!(
        seats(&h),
        [HostSeat::Computer(junqi::ai::Level::Easy), HostSeat::Here]
    );
    if let Screen::Remote(r) = &mut h.state_mut().screen
        && let Form::Host(f) = &mut r.form
    {
        f.rules.quiet_limit = 8;
    }
    type_into(&mut h, "Port", "0");
    common::click(&mut h, "Open the room");
    let shots = click_to_the_end(&mut h, 6);
    assert!(
        shots.iter().any(|(_, ply, _)| *ply > 0),
        "turns were played"
    );
    assert!(shows(&h, "You play Blue"));
    let Screen::Remote(r) = &h.state().screen else {
        panic!("the network screen")
    };
    assert_eq!(r.my_seat(), Some(Seat::Blue));
    assert!(r.game().is_some_and(|g| g.over()));
}

/// Resigning and offering a draw while another seat is to move: the draw offer waits for this
/// seat's turn (said in the log) and goes as the answer to its `go`; Resign (with its question)
/// sends the network's own `resign` at once, and the end shows when the host says so.
#[test]
fn resigning_and_offering_a_draw_while_another_is_to_move() {
    let rules = Rules::for_mode(Mode::Hidden);
    let game = Game::new(rules.clone(), Start::random(&rules, 33)).unwrap();
    let (_dir, mut h, mut host) = joined(game, Seat::Blue);
    check(&mut h, &host);
    // Red to move, no `go` for Blue.
    assert_eq!(host.game.position().side_to_move(), Some(Seat::Red));
    common::click(&mut h, "Offer draw");
    check(&mut h, &host);
    assert!(shows(
        &h,
        "Your draw offer goes to the others when your turn comes"
    ));
    assert!(host.answers().is_empty(), "nothing is sent before the turn");
    host.play_other();
    check(&mut h, &host);
    host.send(HostMsg::Go {
        turn_ms: None,
        left_ms: None,
    });
    check(&mut h, &host);
    assert_eq!(host.answers(), vec![EngineMsg::OfferDraw]);
    assert!(shows(&h, "You offered a draw: waiting for the answer…"));
    // Declined: the host asks for the turn again; Blue plays one.
    host.send(HostMsg::Go {
        turn_ms: None,
        left_ms: None,
    });
    check(&mut h, &host);
    assert!(shows(&h, "Your draw offer was declined"));
    let (view, rules) = my_move(&h).expect("Blue to move");
    let Turn::Move { from, to } = view.candidate_turns(&rules)[0] else {
        panic!("a move")
    };
    h.get_by_label(&label_of(&host, from)).click();
    check(&mut h, &host);
    h.get_by_label(&label_of(&host, to)).click();
    check(&mut h, &host);
    let turn = host.answers();
    let [EngineMsg::Turn(t)] = &turn[..] else {
        panic!("{turn:?}")
    };
    host.play(Turn::parse(t, host.game.board()).unwrap());
    check(&mut h, &host);
    // Red to move again: Blue resigns.
    common::click(&mut h, "Resign");
    assert!(shows(&h, "Blue resigns and the game ends. Are you sure?"));
    common::click(&mut h, "Yes, resign");
    check(&mut h, &host);
    assert_eq!(host.outgoing(), vec![Outgoing::Resign]);
    assert!(shows(&h, "You resigned"));
    host.game.act(Action::Resign(Seat::Blue)).unwrap();
    host.send(HostMsg::GameOver(host.game.status()));
    host.send_view();
    check(&mut h, &host);
    let end = junqi::app::status_text(host.game.status(), Lang::En).unwrap();
    assert!(shows(&h, &end), "the end: {end}");
}

/// A window with the real network on the form that hosts a hidden two-player room; with
/// `blue`, the Blue seat is given to that choice ("Computer · Easy", "This screen (me)").
pub(super) fn hidden_host_form(
    blue: Option<&str>,
) -> (tempfile::TempDir, Harness<'static, JunqiApp>) {
    let (dir, mut h) = common::window();
    h.state_mut().network = Box::new(junqi::app::remote::net_link::NetNetwork::default());
    common::click(&mut h, "Host a network game…");
    h.get_by_label_contains("Hidden:").click();
    h.run();
    if let Some(choice) = blue {
        h.get_by_label("as Blue").click();
        h.run();
        h.get_by_label(choice).click();
        h.run();
    }
    (dir, h)
}

/// The host form's quiet limit made short (8 turns), so that games end soon.
pub(super) fn short_quiet_limit(h: &mut Harness<'static, JunqiApp>) {
    if let Screen::Remote(r) = &mut h.state_mut().screen
        && let Form::Host(f) = &mut r.form
    {
        f.rules.quiet_limit = 8;
    }
}
