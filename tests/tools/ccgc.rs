//! The CCGC 2012 军棋 protocol both ways (docs/ccgc.md): `junqi engine --protocol ccgc` plays legal
//! games against a scripted platform, the arena referees CCGC engines to a result, and a CCGC
//! engine that misbehaves loses with the reason while nothing hangs.

use crate::common;

use common::cli::{junqi, text};
use junqi::ai::ai_formation;
use junqi::engine::rng::SplitMix64;
use junqi::engine::{EndReason, Game, NodeId, Rules, Seat, Start, Status, Viewer};
use junqi::protocol::ccgc::{Code, End, FromEngine, Move, Order, Square, ToEngine, parse_array};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// How long the engine may take for one answer here.
const ANSWER: Duration = Duration::from_secs(60);

/// Our engine as a process, spoken to in lines with bounded waits; killed and reaped when
/// dropped.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_junqi"))
            .args([
                "engine",
                "--protocol",
                "ccgc",
                "--level",
                "easy",
                "--nodes",
                "2000",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            log: Vec::new(),
        }
    }

    fn send(&mut self, msg: &ToEngine) {
        let line = msg.line();
        self.log.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("input open");
        writeln!(stdin, "{line}").expect("the engine reads");
        stdin.flush().unwrap();
    }

    fn read(&mut self) -> String {
        let line = (self.lines.recv_timeout(ANSWER))
            .unwrap_or_else(|e| panic!("no answer ({e}); {}", self.tail()));
        self.log.push(format!("< {line}"));
        line
    }

    fn tail(&self) -> String {
        let from = self.log.len().saturating_sub(12);
        self.log[from..].join(" | ")
    }

    /// Wait (bounded) for the process to end by itself.
    fn wait_exit(&mut self) -> bool {
        self.stdin = None;
        let until = Instant::now() + crate::common::PATIENCE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A platform game: our engine plays `order`, a random player the other side, our `Game` under
/// the CCGC rules referees, for at most `max_plies` plies. Every BESTMOVE must be legal. The
/// status at the end (or `Ongoing` at the bound).
fn platform_game(order: Order, seed: u64, max_plies: u32) -> Status {
    let rules = Rules::ccgc();
    let mut rng = SplitMix64::new(seed);
    let mut e = Engine::start();
    e.send(&ToEngine::Info("1.0".into()));
    let name = FromEngine::name_of(&e.read());
    assert!(name.starts_with("junqi"), "{name}");
    e.send(&ToEngine::Start {
        order,
        time: 1800,
        steps: 31,
    });
    let array = e.read();
    let Ok(FromEngine::Array(letters)) = FromEngine::parse(&array) else {
        panic!("not an ARRAY: {array}");
    };
    let ours = parse_array(&letters).unwrap();
    assert!(ours.is_valid(&rules), "{letters}");
    let theirs = ai_formation(&mut rng, &rules);
    let (red, blue) = match order {
        Order::First => (&ours, &theirs),
        Order::Second => (&theirs, &ours),
    };
    let mut game = Game::new(rules.clone(), Start::formations(red, blue)).unwrap();
    let me = order.seat();
    // The opponent's last move for the next GO, and its flag once shown (in our engine's view).
    let mut last: Option<(Move, Code)> = None;
    let mut their_flag: Option<NodeId> = None;
    let flag_field = |f: Option<NodeId>| f.and_then(|n| Square::of_node(n, order));
    let mut plies = 0;
    let mut engine_moves = 0;
    while !game.status().is_over() && plies < max_plies {
        let side = game.position().side_to_move().unwrap();
        let report = if side == me {
            e.send(&ToEngine::Go {
                last: last.take(),
                flag: flag_field(their_flag),
            });
            let answer = e.read();
            let Ok(FromEngine::BestMove(m)) = FromEngine::parse(&answer) else {
                panic!("not a BESTMOVE: {answer}; {}", e.tail());
            };
            let mv = Move::parse(&m).unwrap_or_else(|| panic!("not a move: {m}"));
            let turn = mv.turn(order);
            let view = game.view(Viewer::Side(me));
            assert!(
                view.check_turn(&rules, turn).is_ok()
                    && game.position().legal_turns(&rules).contains(&turn),
                "illegal BESTMOVE {m} ({}) in {}; {}",
                turn.notation(game.board()),
                game.position().notation(),
                e.tail()
            );
            engine_moves += 1;
            game.play(turn).unwrap().report.clone().unwrap()
        } else {
            let turns = game.position().legal_turns(&rules);
            let t = *rng.choose(&turns).unwrap();
            game.play(t).unwrap().report.clone().unwrap()
        };
        plies += 1;
        for (s, n) in report.flags_revealed() {
            if s != me {
                their_flag = Some(n);
            }
        }
        let code = Code::of_clash(report.clash);
        if side == me {
            let quiet_end = matches!(report.result, Some(Status::Won(_, EndReason::QuietLimit)));
            if !quiet_end {
                e.send(&ToEngine::Result {
                    code,
                    flag: flag_field(their_flag),
                });
            }
        } else {
            last = Some((Move::of_turn(report.turn, order).unwrap(), code));
        }
    }
    assert!(engine_moves > 0);
    let end = match game.status() {
        Status::Won(t, _) if t == me.team() => End::Won,
        Status::Won(..) => End::Lost,
        _ => End::Abnormal,
    };
    e.send(&ToEngine::End(end));
    assert!(e.wait_exit(), "the engine did not exit after END");
    game.status()
}

#[test]
fn our_engine_plays_legal_games_as_first_and_as_second() {
    let mut ended = 0;
    for (order, seed) in [
        (Order::First, 1),
        (Order::Second, 2),
        (Order::First, 3),
        (Order::Second, 4),
    ] {
        let status = platform_game(order, seed, 240);
        if status.is_over() {
            ended += 1;
        }
    }
    // Against a random player most games end well within the bound.
    assert!(ended >= 2, "only {ended} games ended");
}

/// The engine ends at the end of its input and at a line starting below 'A', and ignores lines
/// it does not know, as the sample engines do.
#[test]
fn our_engine_survives_what_is_not_the_protocol() {
    for stop in ["", "1", " GO 0000 0 00"] {
        let mut e = Engine::start();
        let stdin = e.stdin.as_mut().unwrap();
        for l in ["hello", "GO", "RESULT 9 ZZ", "START 7 x y", "GO 0000 0 00"] {
            writeln!(stdin, "{l}").unwrap();
        }
        writeln!(stdin, "INFO 1.0").unwrap();
        writeln!(stdin, "{stop}").unwrap();
        stdin.flush().unwrap();
        assert!(e.read().starts_with("NAME "), "{stop:?}");
        // Its input is still open: the stop line alone ends it.
        let until = Instant::now() + crate::common::PATIENCE;
        while e.child.try_wait().unwrap().is_none() {
            assert!(Instant::now() < until, "{stop:?}: still running");
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(e.lines.recv_timeout(Duration::from_millis(200)).is_err());
    }
    let mut e = Engine::start();
    assert!(e.wait_exit(), "the end of its input ends it");
}

fn ccgc_spec() -> String {
    format!(
        "ccgc:{} engine --protocol ccgc --level easy --nodes 2000",
        env!("CARGO_BIN_EXE_junqi")
    )
}

/// The arena plays two `junqi engine --protocol ccgc` processes to results. What the referee
/// sent A's engine (logged by `tee` in front of it) is exactly the forms of ccgc.md, and every
/// opponent move in its GO lines is the recorded turn in A's view (the board turned for Blue).
#[test]
fn the_arena_referees_two_ccgc_engines() {
    let spec = ccgc_spec();
    let dir = std::env::temp_dir().join(format!("junqi-ccgc-arena-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("a-input.log");
    let logged = format!(
        "ccgc:tee -a '{}' | {} engine --protocol ccgc --level easy --nodes 2000",
        log.display(),
        env!("CARGO_BIN_EXE_junqi")
    );
    let records = dir.join("records");
    let out = junqi(&[
        "arena",
        "--a",
        &logged,
        "--b",
        &spec,
        "--games",
        "2",
        "--threads",
        "1",
        "--rules-set",
        "ccgc",
        "--record",
        &records.display().to_string(),
    ]);
    let (so, se) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{se}");
    assert!(so.starts_with("arena: games=2 "), "{so}");
    assert!(!se.contains("by failing"), "{se}");
    let sent = std::fs::read_to_string(&log).unwrap();
    let games: Vec<&str> = sent.split_inclusive("END ").collect();
    // Each game: INFO, START, GO and RESULT, END; nothing else, no blank line.
    let square = |t: &str| Square::parse(t).is_some();
    let flag = |t: &str| t == "00" || square(t);
    for line in sent.lines() {
        let w: Vec<&str> = line.split(' ').collect();
        let ok = match w.as_slice() {
            ["INFO", "1.0"] => true,
            ["START", o, t, st] => ["0", "1"].contains(o) && *t == "1800" && *st == "31",
            ["GO", m, r, f] => {
                (*m == "0000" && *r == "0" || Move::parse(m).is_some())
                    && r.len() == 1
                    && "0123".contains(*r)
                    && flag(f)
            }
            ["RESULT", r, f] => r.len() == 1 && "0123".contains(*r) && flag(f),
            ["END", e] => ["0", "1", "2"].contains(e),
            _ => false,
        };
        assert!(ok, "not a form of ccgc.md: '{line}'");
    }
    assert_eq!(sent.matches("INFO 1.0\n").count(), 2, "{sent}");
    // The records keep the CCGC rules; each game has a result; A's GO lines name B's turns.
    for i in 1..=2 {
        let f = records.join(format!("game-{i:04}.ron"));
        let g = Game::from_ron(&std::fs::read_to_string(&f).unwrap()).unwrap();
        assert_eq!(g.rules(), &Rules::ccgc());
        assert!(g.status().is_over(), "{:?}", g.status());
        assert!(g.record().info.iter().any(|(_, v)| v.contains("ccgc:")));
        // Game 1: A is Red (first), game 2 Blue.
        let (order, theirs) = if i == 1 {
            (Order::First, 1)
        } else {
            (Order::Second, 0)
        };
        let b_turns: Vec<String> = (g.record().actions.iter())
            .filter_map(|a| match a {
                junqi::engine::Action::Turn(t) => Some(t.clone()),
                _ => None,
            })
            .skip(theirs)
            .step_by(2)
            .collect();
        let lines = games[i - 1];
        let start = format!("START {} 1800 31", if i == 1 { 0 } else { 1 });
        assert!(lines.contains(&start), "{lines}");
        let gos: Vec<String> = (lines.lines())
            .filter_map(|l| l.strip_prefix("GO "))
            .map(|l| l[..4].to_string())
            .filter(|m| m != "0000")
            .map(|m| Move::parse(&m).unwrap().turn(order).notation(g.board()))
            .collect();
        assert!(!gos.is_empty());
        assert_eq!(gos[..], b_turns[..gos.len()], "game {i}");
        assert!(b_turns.len() - gos.len() <= 1, "game {i}");
        if i == 1 {
            assert!(lines.contains("GO 0000 0 00"), "{lines}");
        } else {
            assert!(!lines.contains("GO 0000"), "{lines}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ccgc_engines_that_misbehave_lose_with_the_reason() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/ccgc_bad.sh");
    let cases = [
        ("crash", "crashed (it exited: exit status: 3)"),
        ("hang", "gave no answer within 400 ms"),
        ("garbage", "'hello' where BESTMOVE was asked for"),
        ("illegal", "sent an illegal turn"),
        ("badmove", "sent an illegal turn Z9Z9 (not a move YXYX"),
        ("badarray", "sent a formation the rules refuse"),
        ("shortarray", "ARRAY needs 25 piece letters"),
        ("silent", "gave no answer within 1000 ms"),
    ];
    for (mode, reason) in cases {
        let t0 = Instant::now();
        let spec = format!("ccgc:sh {} {mode}", script.display());
        let out = junqi(&[
            "arena",
            "--a",
            &spec,
            "--b",
            "random",
            "--games",
            "2",
            "--rules-set",
            "ccgc",
            "--turn-ms",
            "400",
        ]);
        common::cli::assert_a_lost_both_by_failing(&out, mode, reason, t0);
    }
}

#[test]
fn ccgc_seats_play_two_player_hidden_games_only() {
    let spec = ccgc_spec();
    for flags in [
        &["--mode", "flip"][..],
        &["--mode", "open"],
        &["--rules-set", "ccgc", "--players", "4"],
        &["--rules-set", "ccgc", "--mines", "spring"],
    ] {
        let mut args = vec!["arena", "--a", &spec, "--b", "random", "--games", "1"];
        args.extend(flags);
        let out = junqi(&args);
        assert_eq!(out.status.code(), Some(2), "{flags:?}");
        let se = text(&out.stderr);
        assert!(se.contains("CCGC engines play"), "{flags:?}: {se}");
    }
    let out = junqi(&["arena", "--a", "ccgc:", "--b", "random", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("needs a command"));
}

/// The red side of the example game's first move reaches Blue's engine turned, whoever
/// plays it: the codec and the board agree.
#[test]
fn the_example_move_is_the_same_square_for_both() {
    let m = Move::parse("G0F0").unwrap();
    let t = m.turn(Order::First);
    assert_eq!(Move::of_turn(t, Order::Second).unwrap().to_string(), "F4G4");
    assert_eq!(Order::of_seat(Seat::Blue), Some(Order::Second));
}
