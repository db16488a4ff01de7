//! An outside engine at the table speaking the CCGC 2012 军棋 protocol (docs/ccgc.md), through
//! its own process (`process::EngineProcess`): the table referees it as a CCGC platform does.
//!
//! The seat sends exactly the forms ccgc.md gives — `INFO 1.0`, `START <0|1> <time> <steps>`,
//! `GO <move> <r> <flag>`, `RESULT <r> <flag>`, `END <w>`, fixed columns, never a blank line —
//! with every square in the engine's own view (the board turned 180° for the second player).
//! What the engine answers is checked like the junqi protocol's: a line that is not the answer
//! asked for, silence past its time, or the end of the process fail the seat with the reason;
//! its ARRAY is checked against the deployment rules by the table and its BESTMOVE against its
//! own view (an illegal move loses, as on the platform).
//!
//! Readings of the protocol, where ccgc.md leaves a choice:
//! - CCGC engines always send their own formation: the seat answers the table's `formation`
//!   with the engine's ARRAY, and a table that deals it one instead is refused at `begin`.
//! - Any line answers `INFO` as the engine's name (`NAME ` taken off when there).
//! - `START`'s time is the table's time for the whole game in whole seconds (9999, the most the
//!   four digits hold, when the table keeps none); its steps the quiet limit.
//! - After the move that ends the game at the quiet limit no `RESULT` is sent (the 2018 logs stop
//!   right after the 31st clash-free BESTMOVE); after any other last move the mover gets its
//!   `RESULT` (the example's `RESULT 1 A1` before `END`).
//! - `END 1` to the winner, `END 0` to the loser, `END 2` for a draw and to an engine whose game
//!   never started or stopped without a result (the platform's `END 2` after a bad formation).
//! - The flag field carries the opponent's flag square from the report that showed it (its
//!   司令 fell) on.

use super::process::EngineProcess;
use super::{Chair, Clock, Reply, SeatDriver, SeatFailure, SeatStart};
use crate::engine::Formation;
use crate::engine::{IllegalTurn, Mover, NodeId, Rules, Seat, Status, Turn, TurnReport, View};
use crate::protocol::ccgc::{
    self, Code, End, FromEngine, Move, Order, Square, ToEngine, parse_array,
};
use std::time::{Duration, Instant};

/// How long the name and the ARRAY may take: this, or the table's limit per turn when it has
/// one (but at least `MIN_ANSWER_TIME`).
pub const ANSWER_TIME: Duration = Duration::from_secs(10);
const MIN_ANSWER_TIME: Duration = Duration::from_secs(1);
/// Lines an engine may send for one answer (blank lines, skipped, and the answer).
const MAX_LINES_PER_ANSWER: usize = 10_000;
/// The most a turn may take when the table sets no limit.
const NO_LIMIT: Duration = Duration::from_secs(3600);
/// What a turn's deadline allows beyond its limit, for the pipe and the process's start.
const SLACK: Duration = Duration::from_millis(250);

/// Why a game cannot be played by CCGC engines (`None`: it can): two players, the CCGC rules
/// (`protocol::ccgc::rules_problem`).
pub fn refuses(rules: &Rules, players: u8) -> Option<String> {
    if players != 2 {
        return Some("CCGC engines play two-player games only".into());
    }
    ccgc::rules_problem(rules)
}

/// A CCGC engine's seat.
pub struct CcgcSeat {
    command: String,
    process: Option<EngineProcess>,
    name: String,
    order: Order,
    answer_time: Duration,
    /// The opponent's last move and its code, in the engine's view, for the next GO.
    last: Option<(Move, Code)>,
    /// The opponent's flag, once shown.
    enemy_flag: Option<NodeId>,
    asked_formation: bool,
    ended: bool,
    transcript: bool,
}

impl CcgcSeat {
    /// The engine started by `command` (a shell command), once the table starts the game.
    pub fn new(command: &str) -> CcgcSeat {
        CcgcSeat {
            command: command.to_string(),
            process: None,
            name: format!("ccgc:{command}"),
            order: Order::First,
            answer_time: ANSWER_TIME,
            last: None,
            enemy_flag: None,
            asked_formation: false,
            ended: false,
            transcript: false,
        }
    }

    /// Keep a transcript of the lines exchanged (`transcript`).
    pub fn keep_transcript(mut self) -> CcgcSeat {
        self.transcript = true;
        self
    }

    /// The lines exchanged so far (`> ` sent, `< ` received), if a transcript is kept.
    pub fn transcript(&self) -> &[String] {
        self.process.as_ref().map_or(&[], |p| p.transcript())
    }

    fn send(&mut self, msg: &ToEngine) {
        if let Some(p) = &mut self.process {
            p.send(&msg.line());
        }
    }

    /// The next line that is not blank, before `deadline`.
    fn next_line(&mut self, deadline: Instant, limit: Duration) -> Result<String, SeatFailure> {
        let p = (self.process.as_mut()).ok_or(SeatFailure::NotStarted)?;
        for _ in 0..MAX_LINES_PER_ANSWER {
            let line = p.line(deadline).map_err(|e| match e {
                SeatFailure::Hung(_) => SeatFailure::Hung(limit),
                e => e,
            })?;
            if !line.trim().is_empty() {
                return Ok(line);
            }
        }
        Err(SeatFailure::Flood)
    }

    /// The flag field for the engine: its opponent's flag square in its view, once shown.
    fn flag(&self) -> Option<Square> {
        self.enemy_flag.and_then(|n| Square::of_node(n, self.order))
    }

    fn me(&self) -> Seat {
        self.order.seat()
    }

    fn unexpected(line: &str, asked: &str) -> SeatFailure {
        SeatFailure::Garbage(format!(
            "'{}' where {asked} was asked for",
            crate::protocol::clip(line)
        ))
    }
}

impl SeatDriver for CcgcSeat {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&mut self, start: &SeatStart<'_>) -> Result<(), SeatFailure> {
        self.order = match start.chair {
            Chair::Side(s) => Order::of_seat(s),
            Chair::Player(_) => None,
        }
        .ok_or_else(|| {
            SeatFailure::Reported("CCGC engines play two-player hidden games only".into())
        })?;
        if let Some(why) = ccgc::rules_problem(start.rules) {
            return Err(SeatFailure::Reported(why));
        }
        let mut p = EngineProcess::start(&self.command)?;
        if self.transcript {
            p.keep_transcript();
        }
        self.process = Some(p);
        self.answer_time = start
            .turn_time
            .map_or(ANSWER_TIME, |t| t.max(MIN_ANSWER_TIME));
        self.send(&ToEngine::Info(ccgc::VERSION.into()));
        let t = self.answer_time;
        let line = self.next_line(Instant::now() + t, t)?;
        let name = FromEngine::name_of(&line);
        if !name.is_empty() {
            self.name = name;
        }
        // Whole seconds, in START's four digits.
        let time = start
            .game_time
            .map_or(9999, |d| d.as_secs().clamp(1, 9999) as u32);
        self.send(&ToEngine::Start {
            order: self.order,
            time,
            steps: start.rules.quiet_limit,
        });
        Ok(())
    }

    fn formation(&mut self) -> Result<Option<Formation>, SeatFailure> {
        self.asked_formation = true;
        let t = self.answer_time;
        let line = self.next_line(Instant::now() + t, t)?;
        match FromEngine::parse(&line) {
            Ok(FromEngine::Array(a)) => parse_array(&a)
                .map(Some)
                .map_err(|e| SeatFailure::BadFormation(e.to_string())),
            _ if line.starts_with("ARRAY") => Err(SeatFailure::BadFormation(format!(
                "'{}' is not ARRAY and 25 piece letters",
                crate::protocol::clip(&line)
            ))),
            _ => Err(CcgcSeat::unexpected(&line, "ARRAY")),
        }
    }

    fn begin(&mut self, _view: &View) -> Result<(), SeatFailure> {
        if self.asked_formation {
            Ok(())
        } else {
            Err(SeatFailure::Reported(
                "a CCGC engine deploys its own formation (ARRAY), not one the table deals".into(),
            ))
        }
    }

    fn choose(&mut self, _view: &View, clock: &Clock) -> Result<Reply, SeatFailure> {
        let go = ToEngine::Go {
            last: self.last.take(),
            flag: self.flag(),
        };
        self.send(&go);
        let limit = clock.limit().unwrap_or(NO_LIMIT);
        let line = self.next_line(Instant::now() + limit + SLACK, limit)?;
        match FromEngine::parse(&line) {
            Ok(FromEngine::BestMove(m)) => match Move::parse(&m) {
                Some(mv) => Ok(Reply::Turn(mv.turn(self.order))),
                None => Err(SeatFailure::Illegal {
                    turn: crate::protocol::clip(&m),
                    why: "not a move YXYX of the CCGC protocol".into(),
                }),
            },
            _ => Err(CcgcSeat::unexpected(&line, "BESTMOVE")),
        }
    }

    /// The CCGC rules have no turn the referee refuses for what the engine cannot see (no flag
    /// rules): nothing to tell.
    fn refused(&mut self, _turn: Turn, _why: &IllegalTurn) {}

    fn observe(&mut self, report: &TurnReport, _view_after: &View) {
        let me = self.me();
        for (side, n) in report.flags_revealed() {
            if side != me {
                self.enemy_flag = Some(n);
            }
        }
        let code = Code::of_clash(report.clash);
        if report.mover == Mover::Side(me) {
            let quiet_end = matches!(
                report.result,
                Some(Status::Won(_, crate::engine::EndReason::QuietLimit))
                    | Some(Status::Draw(crate::engine::EndReason::QuietLimit))
            );
            if !quiet_end {
                let flag = self.flag();
                self.send(&ToEngine::Result { code, flag });
            }
        } else {
            self.last = Move::of_turn(report.turn, self.order).map(|m| (m, code));
        }
    }

    fn finish(&mut self, status: Status, _view: &View) {
        let end = match status {
            Status::Won(t, _) if t == self.me().team() => End::Won,
            Status::Won(..) => End::Lost,
            Status::Draw(_) | Status::Ongoing => End::Abnormal,
        };
        self.send(&ToEngine::End(end));
        self.ended = true;
    }
}

impl Drop for CcgcSeat {
    /// A game that stopped before its end (a seat failed while it was set up: a bad formation)
    /// ends with `END 2` for an engine that was started.
    fn drop(&mut self) {
        if !self.ended && self.process.is_some() {
            self.send(&ToEngine::End(End::Abnormal));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Start, Viewer};

    /// A seat over an engine that names itself, sends an ARRAY and then writes everything it is
    /// sent to `log`.
    fn seat(log: &std::path::Path) -> CcgcSeat {
        CcgcSeat::new(&format!(
            "printf 'NAME logger\\nARRAY abccddeeffggghhhiiijjkklj\\n'; exec cat > '{}'",
            log.display()
        ))
    }

    fn start(rules: &Rules, chair: Chair) -> SeatStart<'_> {
        SeatStart {
            rules,
            chair,
            seed: 0,
            game_time: Some(Duration::from_secs(60)),
            turn_time: None,
        }
    }

    /// Play `turns` from `position` with the seat as Red: what it sent.
    fn sent(name: &str, position: &str, turns: &[&str]) -> Vec<String> {
        let log =
            std::env::temp_dir().join(format!("junqi-ccgc-seat-{}-{name}.log", std::process::id()));
        let rules = Rules::ccgc();
        let mut s = seat(&log);
        s.start(&start(&rules, Chair::Side(Seat::Red))).unwrap();
        assert_eq!(s.name(), "logger");
        let f = s.formation().unwrap().unwrap();
        assert!(f.is_valid(&rules));
        let mut game = Game::new(rules.clone(), Start::Position(position.into())).unwrap();
        s.begin(&game.view(Viewer::Side(Seat::Red))).unwrap();
        for t in turns {
            let t = Turn::parse(t, game.board()).unwrap();
            let report = game.play(t).unwrap().report.clone().unwrap();
            s.observe(&report, &game.view(Viewer::Side(Seat::Red)));
        }
        s.finish(game.status(), &game.view(Viewer::Side(Seat::Red)));
        drop(s);
        let text = std::fs::read_to_string(&log).unwrap();
        let _ = std::fs::remove_file(&log);
        text.lines().map(String::from).collect()
    }

    #[test]
    fn results_go_to_the_mover_and_none_after_the_quiet_limit() {
        // Red's 5 takes Blue's 4, Blue's marshal steps forward, Red's marshal meets it: both
        // removed, and Blue's flag (d12, A3 for Red) goes with that RESULT; Blue, left with a
        // piece frozen in its HQ, has no move and Red wins.
        let pos = "..b8..bF../........../........../........../....b9..../........../....r9..../....b4..../....r5..../........../........../..rF..r8.. r 0 0";
        assert_eq!(
            sent("results", pos, &["c4-c5", "c8-c7", "c6-c7"]),
            [
                "INFO 1.0",
                "START 0 0060 31",
                "RESULT 1 00",
                "RESULT 2 A3",
                "END 1"
            ]
            .map(String::from)
        );
        // The 31st clash-free ply, Red's: no RESULT, END 0 (Blue wins).
        let pos = "..b8..bF../........../........../........../....b5..../........../........../........../........../....r5..../........../..rF..r8.. r 30 100";
        assert_eq!(
            sent("quiet", pos, &["c3-c2"]),
            ["INFO 1.0", "START 0 0060 31", "END 0"].map(String::from)
        );
    }

    /// A game that never began (the other seat's formation was refused) ends with END 2, and a
    /// table that deals the engine a formation is refused.
    #[test]
    fn a_game_that_stops_at_its_setup_ends_abnormally() {
        let log =
            std::env::temp_dir().join(format!("junqi-ccgc-seat-{}-setup.log", std::process::id()));
        let rules = Rules::ccgc();
        let mut s = seat(&log);
        s.start(&start(&rules, Chair::Side(Seat::Blue))).unwrap();
        let game = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
        let e = s.begin(&game.view(Viewer::Side(Seat::Blue))).unwrap_err();
        assert!(e.to_string().contains("its own formation"), "{e}");
        drop(s);
        let text = std::fs::read_to_string(&log).unwrap();
        let _ = std::fs::remove_file(&log);
        assert_eq!(text, "INFO 1.0\nSTART 1 0060 31\nEND 2\n");
    }

    #[test]
    fn only_two_player_hidden_games_under_the_ccgc_rules() {
        let log = std::env::temp_dir().join("junqi-ccgc-seat-never.log");
        let ccgc = Rules::ccgc();
        let e = seat(&log)
            .start(&start(&ccgc, Chair::Side(Seat::South)))
            .unwrap_err();
        assert!(e.to_string().contains("two-player"), "{e}");
        let flip = Rules::for_mode(crate::engine::Mode::Flip);
        let e = seat(&log)
            .start(&start(&flip, Chair::Player(1)))
            .unwrap_err();
        assert!(e.to_string().contains("two-player"), "{e}");
        let e = seat(&log)
            .start(&start(&flip, Chair::Side(Seat::Red)))
            .unwrap_err();
        assert!(e.to_string().contains("flip mode"), "{e}");
        assert!(refuses(&ccgc, 4).is_some() && refuses(&ccgc, 2).is_none());
        assert!(!log.exists(), "nothing was started");
    }
}
