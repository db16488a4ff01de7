//! Our engine protocol's answering side (docs/engine-protocol.md): the built-in computer, or one
//! of the simple players, reading the host's lines one at a time and answering them, with no I/O
//! of its own — `junqi engine` puts it on standard input and output, a network seat behind a
//! connection.
//!
//! It keeps no secrets of its own: it knows what the host sends — its seat's view, the public
//! reports — and plays from that exactly as the computer does inside the program (the same
//! `AiPlayer`, fed the same views and reports in the same order, seeded by the host's `seed`),
//! so a game played through the protocol at a node budget is the game played in process.

use crate::ai::{AiPlayer, DEFAULT_HASH_MB, Level, MAX_HASH_MB, Player, PlayerSpec, ai_formation};
use crate::engine::rng::SplitMix64;
use crate::engine::{Board, Rules, Turn, TurnReport, View, Viewer};
use crate::protocol::{EngineMsg, HostMsg, VERSION, formation_text};
use crate::table::Chair;

/// The engine's state between lines.
pub struct Engine {
    level: Level,
    nodes: Option<u64>,
    /// Threads searching the deals (`--threads`).
    threads: usize,
    /// The transposition table's size in MiB (`--hash`, `setoption hash`).
    hash: usize,
    /// A simple player's spec instead of the computer (`--player`).
    simple: Option<PlayerSpec>,
    player: Box<dyn Player>,
    rules: Rules,
    chair: Chair,
    seed: u64,
    rng: SplitMix64,
    board: &'static Board,
    view: Option<View>,
    /// A report waiting for the view after it.
    pending: Option<TurnReport>,
    /// The reports learnt in this game, each with the view after it (learnt again after a
    /// takeback).
    told: Vec<(TurnReport, View)>,
}

impl Engine {
    pub fn new(level: Level, nodes: Option<u64>, simple: Option<PlayerSpec>) -> Engine {
        Engine {
            level,
            nodes,
            threads: 1,
            hash: DEFAULT_HASH_MB,
            player: Engine::player(level, nodes, 1, DEFAULT_HASH_MB, simple.as_ref()),
            simple,
            rules: Rules::default(),
            chair: Chair::Player(1),
            seed: 0,
            rng: SplitMix64::new(0),
            board: Board::two_player(),
            view: None,
            pending: None,
            told: Vec::new(),
        }
    }

    /// The same engine with the computer searching on `threads` threads with a table of `hash`
    /// MiB.
    pub fn with_threads(mut self, threads: usize, hash: usize) -> Engine {
        self.threads = threads;
        self.hash = hash;
        self.player = self.new_player();
        self
    }

    /// A fresh player as the options say.
    fn new_player(&self) -> Box<dyn Player> {
        Engine::player(
            self.level,
            self.nodes,
            self.threads,
            self.hash,
            self.simple.as_ref(),
        )
    }

    fn player(
        level: Level,
        nodes: Option<u64>,
        threads: usize,
        hash: usize,
        simple: Option<&PlayerSpec>,
    ) -> Box<dyn Player> {
        if let Some(spec) = simple {
            return spec.player();
        }
        let p = AiPlayer::new(level);
        // The default size is the table `AiPlayer::new` already has.
        let p = if hash == DEFAULT_HASH_MB {
            p
        } else {
            p.with_hash(hash)
        };
        let p = p.with_threads(threads);
        Box::new(match nodes {
            Some(n) => p.with_nodes(n),
            None => p,
        })
    }

    /// The handshake's answer: the engine's name, its options, `ok`.
    fn hello(&self, out: &mut Vec<EngineMsg>) {
        out.push(EngineMsg::Id {
            key: "name".into(),
            value: format!(
                "junqi {} ({}{})",
                env!("CARGO_PKG_VERSION"),
                self.simple
                    .as_ref()
                    .map_or(self.level.word(), PlayerSpec::text),
                self.nodes
                    .map(|n| format!(", {n} nodes"))
                    .unwrap_or_default()
            ),
        });
        out.push(EngineMsg::Id {
            key: "author".into(),
            value: "the junqi authors".into(),
        });
        out.push(EngineMsg::Option("level".into(), "easy normal hard".into()));
        out.push(EngineMsg::Option(
            "nodes".into(),
            "1..1000000000 or off".into(),
        ));
        out.push(EngineMsg::Option(
            "threads".into(),
            format!("1..{}", crate::ai::MAX_THREADS),
        ));
        out.push(EngineMsg::Option(
            "hash".into(),
            format!("1..{MAX_HASH_MB}"),
        ));
        out.push(EngineMsg::Ok(VERSION));
    }

    /// `setoption NAME VALUE`: taken, or an error line.
    fn set_option(&mut self, name: &str, value: &str, out: &mut Vec<EngineMsg>) {
        match (name, value) {
            ("level", v) if Level::parse(v).is_some() => {
                self.level = Level::parse(v).expect("checked");
            }
            ("nodes", "off") => self.nodes = None,
            ("nodes", v)
                if v.parse::<u64>()
                    .is_ok_and(|n| (1..=1_000_000_000).contains(&n)) =>
            {
                self.nodes = v.parse().ok();
            }
            ("threads", v)
                if v.bytes().all(|b| b.is_ascii_digit())
                    && v.parse::<usize>()
                        .is_ok_and(|t| (1..=crate::ai::MAX_THREADS).contains(&t)) =>
            {
                self.threads = v.parse().expect("checked");
            }
            ("hash", v)
                if v.bytes().all(|b| b.is_ascii_digit())
                    && v.parse::<usize>()
                        .is_ok_and(|mb| (1..=MAX_HASH_MB).contains(&mb)) =>
            {
                self.hash = v.parse().expect("checked");
            }
            _ => out.push(EngineMsg::Error(format!(
                "setoption {name}: '{value}' is not a value it takes"
            ))),
        }
    }

    /// The answers to one line from the host, and whether to stop.
    pub fn answer(&mut self, line: &str) -> (Vec<EngineMsg>, bool) {
        let msg = match HostMsg::parse(line, self.board) {
            Ok(m) => m,
            Err(e) => return (vec![EngineMsg::Error(e.to_string())], false),
        };
        let mut out = Vec::new();
        match msg {
            HostMsg::Hello(_) => self.hello(&mut out),
            HostMsg::SetOption(name, value) => self.set_option(&name, &value, &mut out),
            HostMsg::NewGame => {
                self.player = self.new_player();
                self.view = None;
                self.pending = None;
                self.told.clear();
                self.board = Board::two_player();
            }
            HostMsg::Rules(r) => self.rules = r,
            HostMsg::Seat(c) => {
                self.chair = c;
                self.board = match c {
                    Chair::Side(s) if s.is_four() => Board::four_player(),
                    _ => Board::two_player(),
                };
            }
            HostMsg::Seed(s) => {
                self.seed = s;
                self.rng = SplitMix64::new(s);
            }
            HostMsg::Time { .. } => {}
            HostMsg::AskFormation => {
                // Its own generator, so that a formation asked for leaves the turns' one as it is.
                let mut rng =
                    SplitMix64::new(crate::engine::rng::derive(self.seed, "engine formation", 0));
                let f = ai_formation(&mut rng, &self.rules);
                out.push(EngineMsg::Formation(formation_text(&f)));
            }
            HostMsg::Formation(_) => {}
            HostMsg::View {
                viewer,
                notation,
                mines,
            } => match View::from_notation(&notation, Viewer::Side(viewer), &self.rules, &mines) {
                Ok(v) => {
                    self.board = v.board();
                    if let Some(r) = self.pending.take() {
                        self.player.observe(&r, &v);
                        self.told.push((r, v.clone()));
                    }
                    self.view = Some(v);
                }
                Err(e) => out.push(EngineMsg::Error(format!("view: {e}"))),
            },
            HostMsg::Report(r) => {
                if let Some(before) = self.pending.replace(r)
                    && let Some(v) = &self.view
                {
                    // Two reports without a view between them: the first is learnt with the
                    // view there was.
                    self.player.observe(&before, v);
                    self.told.push((before, v.clone()));
                }
            }
            HostMsg::Go { .. } => match &self.view {
                None => out.push(EngineMsg::Error("go before any view".into())),
                Some(v) => {
                    let v = v.clone();
                    let t0 = std::time::Instant::now();
                    let turn = self.player.choose(&v, &self.rules, &mut self.rng);
                    if let Some(words) = self.player.thoughts() {
                        out.push(EngineMsg::Info(format!(
                            "{words} time {}",
                            t0.elapsed().as_millis()
                        )));
                    }
                    match turn {
                        Some(t) => out.push(EngineMsg::Turn(t.notation(v.board()))),
                        None => out.push(EngineMsg::Resign),
                    }
                }
            },
            HostMsg::Refused(t, _) => match Turn::parse(&t, self.board) {
                Ok(t) => self.player.refused(t),
                Err(e) => out.push(EngineMsg::Error(format!("refused: {e}"))),
            },
            HostMsg::DrawOffered(_) => out.push(EngineMsg::DrawAnswer(false)),
            // The computer declines another seat's takeback, as the built-in seat does.
            HostMsg::TakebackAsked(..) => out.push(EngineMsg::TakebackAnswer(false)),
            // Made: the player learns the game again from its start up to the turns that stand
            // (the view after the takeback follows).
            HostMsg::TakenBack(_, turns) => {
                let keep = self.told.len().saturating_sub(turns as usize);
                self.told.truncate(keep);
                self.pending = None;
                self.player = self.new_player();
                for (r, v) in &self.told {
                    self.player.observe(r, v);
                }
            }
            HostMsg::TakebackDeclined => {}
            HostMsg::GameOver(_) | HostMsg::Error(_) => {}
            HostMsg::Quit => return (out, true),
            // Its own side's turn was lost: it answers (its late answer, if it sent one, came
            // before this and is not taken). The view after follows.
            HostMsg::Timeout { side, count } => {
                if self.view.as_ref().map(View::viewer) == Some(Viewer::Side(side)) {
                    out.push(EngineMsg::TimeoutOk(count));
                }
            }
        }
        (out, false)
    }
}

/// A built-in player (any spec of `ai::player_from_spec`: `ai:normal`, `random` …) answering
/// the host's lines exactly as `junqi engine` does: a network seat played by the program
/// (`junqi connect --as SPEC`). Returns each line's answers and whether to stop.
pub fn builtin_answerer(spec: &PlayerSpec) -> impl FnMut(&str) -> (Vec<String>, bool) + use<> {
    let mut engine = Engine::new(Level::Normal, None, Some(spec.clone()));
    move |line| {
        let (answers, stop) = engine.answer(line);
        (answers.iter().map(EngineMsg::line).collect(), stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_handshake_names_the_engine_and_ends_with_junqiok() {
        let mut e = Engine::new(Level::Easy, None, None);
        let (out, stop) = e.answer("junqi 1");
        assert!(!stop);
        assert_eq!(out.last(), Some(&EngineMsg::Ok(1)));
        assert!(matches!(&out[0], EngineMsg::Id { key, .. } if key == "name"));
        let (out, _) = e.answer("hello there");
        assert!(matches!(&out[..], [EngineMsg::Error(_)]));
        let (out, _) = e.answer("go");
        assert_eq!(out, [EngineMsg::Error("go before any view".into())]);
        let (_, stop) = e.answer("quit");
        assert!(stop);
    }

    /// `setoption threads T` takes 1 to 64 (the next `newgame`'s player searches on T threads)
    /// and refuses anything else, leaving the count as it was.
    #[test]
    fn setoption_threads_takes_one_to_sixty_four() {
        let mut e = Engine::new(Level::Easy, None, None);
        let (out, _) = e.answer("junqi 1");
        assert!(out.contains(&EngineMsg::Option("threads".into(), "1..64".into())));
        let (out, _) = e.answer("setoption threads 3");
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(e.threads, 3);
        for bad in ["0", "65", "+2", "two", "2 2", "99999999999999999999"] {
            let (out, _) = e.answer(&format!("setoption threads {bad}"));
            assert!(matches!(&out[..], [EngineMsg::Error(_)]), "{bad}: {out:?}");
            assert_eq!(e.threads, 3, "{bad}");
        }
        e.answer("newgame");
        assert_eq!(e.threads, 3);
    }

    /// `setoption hash MB` takes 1 to 1024 (the next `newgame`'s player has a table of MB MiB)
    /// and refuses anything else, leaving the size as it was.
    #[test]
    fn setoption_hash_takes_one_to_1024_megabytes() {
        let mut e = Engine::new(Level::Easy, None, None);
        assert_eq!(e.hash, DEFAULT_HASH_MB);
        let (out, _) = e.answer("junqi 1");
        assert!(out.contains(&EngineMsg::Option("hash".into(), "1..1024".into())));
        let (out, _) = e.answer("setoption hash 16");
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(e.hash, 16);
        for bad in [
            "0",
            "4097",
            "+2",
            "lots",
            "2 2",
            "99999999999999999999",
            "-1",
        ] {
            let (out, _) = e.answer(&format!("setoption hash {bad}"));
            assert!(matches!(&out[..], [EngineMsg::Error(_)]), "{bad}: {out:?}");
            assert_eq!(e.hash, 16, "{bad}");
        }
        let (out, _) = e.answer("newgame");
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(e.hash, 16);
    }

    /// Told a hidden game's rules, its seat and its view, the engine answers `go` with a turn its
    /// view allows, then an `info` line; a refusal and a report are taken in.
    #[test]
    fn told_a_view_it_answers_go_with_a_turn_its_view_allows() {
        use crate::engine::{Game, Seat, Start};
        use crate::protocol::HostMsg;
        let rules = Rules::for_mode(crate::engine::Mode::Hidden);
        let mut game = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
        let mut e = Engine::new(Level::Easy, Some(300), None);
        let board = game.board();
        let say = |e: &mut Engine, m: HostMsg| e.answer(&m.line(board)).0;
        assert!(say(&mut e, HostMsg::NewGame).is_empty());
        assert!(say(&mut e, HostMsg::Rules(rules.clone())).is_empty());
        assert!(say(&mut e, HostMsg::Seat(Chair::Side(Seat::Blue))).is_empty());
        assert!(say(&mut e, HostMsg::Seed(9)).is_empty());
        let first = game.position().legal_turns(&rules)[0];
        let report = game.play(first).unwrap().report.clone().unwrap();
        let v = game.view(Viewer::Side(Seat::Blue));
        assert!(say(&mut e, HostMsg::Report(report)).is_empty());
        let view = HostMsg::View {
            viewer: Seat::Blue,
            notation: v.notation(),
            mines: v.mines_notation(),
        };
        assert!(say(&mut e, view).is_empty());
        let out = say(
            &mut e,
            HostMsg::Go {
                turn_ms: None,
                left_ms: None,
            },
        );
        let [EngineMsg::Info(info), EngineMsg::Turn(t)] = &out[..] else {
            panic!("{out:?}")
        };
        assert!(info.starts_with("nodes "), "{info}");
        let t = Turn::parse(t, board).unwrap();
        assert!(v.candidate_turns(&rules).contains(&t));
        assert!(
            say(
                &mut e,
                HostMsg::Refused(
                    t.notation(board),
                    crate::protocol::RefusedWhy::Rule("no".into())
                )
            )
            .is_empty()
        );
        let out = say(&mut e, HostMsg::DrawOffered(Seat::Red));
        assert_eq!(out, [EngineMsg::DrawAnswer(false)]);
        // A timeout of its own side is answered with its count; another side's is only told.
        let timeout = |side, count| HostMsg::Timeout { side, count };
        assert_eq!(
            say(&mut e, timeout(Seat::Blue, 2)),
            [EngineMsg::TimeoutOk(2)]
        );
        assert!(say(&mut e, timeout(Seat::Red, 1)).is_empty());
        let out = say(&mut e, HostMsg::AskFormation);
        let [EngineMsg::Formation(f)] = &out[..] else {
            panic!("{out:?}")
        };
        assert!(
            crate::protocol::parse_formation(f)
                .unwrap()
                .is_valid(&rules)
        );
    }

    /// Asked for a takeback, the engine declines; told one was made, it forgets the turns taken
    /// back and answers `go` in the position before them.
    #[test]
    fn it_declines_a_takeback_and_learns_one_made() {
        use crate::engine::{Disclosure, Game, Seat, Start};
        use crate::protocol::HostMsg;
        let rules = Rules::for_mode(crate::engine::Mode::Hidden);
        let mut game = Game::new(rules.clone(), Start::random(&rules, 5)).unwrap();
        let mut e = Engine::new(Level::Easy, Some(200), None);
        let board = game.board();
        let say = |e: &mut Engine, m: HostMsg| e.answer(&m.line(board)).0;
        let view = |g: &Game| {
            let v = g.view(Viewer::Side(Seat::Red));
            HostMsg::View {
                viewer: Seat::Red,
                notation: v.notation(),
                mines: v.mines_notation(),
            }
        };
        say(&mut e, HostMsg::NewGame);
        say(&mut e, HostMsg::Rules(rules.clone()));
        say(&mut e, HostMsg::Seat(Chair::Side(Seat::Red)));
        say(&mut e, view(&game));
        for _ in 0..2 {
            let t = game.position().legal_turns(&rules)[0];
            let report = game.play(t).unwrap().report.clone().unwrap();
            assert!(say(&mut e, HostMsg::Report(report)).is_empty());
            assert!(say(&mut e, view(&game)).is_empty());
        }
        assert_eq!(e.told.len(), 2);
        let out = say(&mut e, HostMsg::TakebackAsked(Seat::Blue, 1));
        assert_eq!(out, [EngineMsg::TakebackAnswer(false)]);
        assert!(say(&mut e, HostMsg::TakebackDeclined).is_empty());
        let grant = game
            .disclose(Disclosure::Takeback, Some(Seat::Red), true)
            .unwrap();
        game.take_back(grant, Seat::Red, 2).unwrap();
        assert!(say(&mut e, HostMsg::TakenBack(Seat::Red, 2)).is_empty());
        assert!(e.told.is_empty());
        assert!(say(&mut e, view(&game)).is_empty());
        assert!(
            e.told.is_empty(),
            "the view after a takeback is no report's"
        );
        let go = HostMsg::Go {
            turn_ms: None,
            left_ms: None,
        };
        let out = say(&mut e, go);
        let Some(EngineMsg::Turn(t)) = out.last() else {
            panic!("{out:?}")
        };
        let t = Turn::parse(t, board).unwrap();
        assert!(game.position().legal_turns(&rules).contains(&t));
    }
}
