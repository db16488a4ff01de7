//! `junqi engine --protocol ccgc`: the built-in computer as an engine of the CCGC 2012 军棋
//! protocol (docs/ccgc.md), so that it can enter a game on a CCGC platform.
//!
//! CCGC tells an engine far less than the junqi protocol does: its own formation is its own
//! (it sends `ARRAY`), then only the moves, each with one of four result codes, and the
//! opponent's flag square once the opponent's 司令 is gone. The engine keeps its own board from
//! that — its pieces known, the enemy's unknown (`b?`/`r?` in view notation), the enemy flag
//! known once told — and gives the computer (`AiPlayer`) the same things it gets inside the
//! program: the seat's `View` (read back with `View::from_notation`; the mines field says what the
//! engine knows of its own mines and `?` of the enemy's) and after every move a `TurnReport`
//! made from what the code allows (`protocol::ccgc::Code::clash`).
//!
//! It plays to CCGC's rules (`Rules::ccgc` with START's `steps` as the quiet limit: the player
//! making the last clash-free ply of them loses, and the computer's search sees that), and keeps
//! to START's time for the whole game: with less than a tenth of it left (at most 60 s) it
//! answers with the quick `GreedyPlayer` instead of searching. Its formation and its random
//! choices are seeded from the process id and the clock (CCGC gives no seed).
//!
//! Nothing it reads makes it panic: a line that is not a message of the protocol is ignored; like
//! the sample engines, it exits at the end of its input, at `END`, and at a line starting with a
//! character below `A` (an empty line, a digit, a space).

use super::CliResult;
use crate::ai::{AiPlayer, DEFAULT_HASH_MB, GreedyPlayer, Level, Player, ai_formation};
use crate::engine::position::write_notation;
use crate::engine::rng::SplitMix64;
use crate::engine::{
    Board, Formation, Mover, NodeId, Piece, Rank, Rules, Seat, Seen, Turn, TurnReport, View, Viewer,
};
use crate::protocol::ccgc::{Code, FromEngine, Move, Order, Square, ToEngine, array_text};
use std::time::{Duration, Instant};

/// The most of the game's time kept back for the quick answers at the end.
const MAX_RESERVE: Duration = Duration::from_secs(60);

/// The board as the engine knows it: its own pieces, the enemy's backs (and its flag once
/// told), whose turn it is and the counters of view notation.
#[derive(Clone, Debug)]
struct Tracked {
    order: Order,
    cells: Vec<Seen>,
    mover: Seat,
    quiet: u32,
    ply: u32,
}

impl Tracked {
    /// The start: `formation` on the engine's own half, 25 unknown enemy pieces on the other.
    fn new(order: Order, formation: &Formation) -> Tracked {
        let board = Board::two_player();
        let me = order.seat();
        let enemy = order.other().seat();
        let mut cells = vec![Seen::Empty; board.len()];
        for line in 1..=6u8 {
            for col in 1..=5u8 {
                // Line 1 is row G; the same square in the enemy's view holds its piece there.
                let sq = Square::new(5 + line, col - 1).expect("rows G to L");
                if let Some(r) = formation.at(line, col) {
                    cells[sq.node(order) as usize] = Seen::Known(Piece::new(me, r));
                }
                if crate::engine::formation::is_camp_square(line, col) {
                    continue;
                }
                cells[sq.node(order.other()) as usize] = Seen::Unknown(enemy);
            }
        }
        Tracked {
            order,
            cells,
            mover: Seat::Red,
            quiet: 0,
            ply: 0,
        }
    }

    fn me(&self) -> Seat {
        self.order.seat()
    }

    fn rank_at(&self, n: NodeId) -> Option<Rank> {
        match self.cells.get(n as usize) {
            Some(Seen::Known(p)) => Some(p.rank()),
            _ => None,
        }
    }

    fn find_own(&self, rank: Rank) -> Option<NodeId> {
        let me = self.me();
        (self.cells.iter())
            .position(|c| matches!(c, Seen::Known(p) if p.side() == me && p.rank() == rank))
            .map(|n| n as NodeId)
    }

    /// `by` played `turn` and the referee gave `code`: the board after it and the turn's report
    /// as far as this engine can tell (`Code::clash`; when its own 司令 falls, its flag shown to
    /// both, as the program's rules do).
    fn play(&mut self, by: Seat, turn: Turn, code: Code) -> TurnReport {
        let (from, to) = match turn {
            Turn::Move { from, to } => (from as usize, to as usize),
            Turn::Flip(n) => (n as usize, n as usize),
        };
        let me = self.me();
        let (attacker, defender) = (self.rank_at(from as NodeId), self.rank_at(to as NodeId));
        let mut clash = code.clash(attacker, defender);
        let moving = match self.cells.get(from) {
            Some(&Seen::Known(p)) if p.side() == by => Seen::Known(p),
            // Our tracking did not have the mover there (a referee that skipped a line): it is
            // followed from where it arrives.
            _ if by == me => Seen::Empty,
            _ => Seen::Unknown(by),
        };
        let mut own_lost = Vec::new();
        if from < self.cells.len() && to < self.cells.len() {
            let was_at_to = self.cells[to];
            if was_at_to == Seen::Empty && code != Code::NoClash {
                // A clash with nothing: read as far as it goes, without a clash to report.
                clash = None;
            }
            self.cells[from] = Seen::Empty;
            match code {
                Code::NoClash | Code::DefenderRemoved => self.cells[to] = moving,
                Code::MoverRemoved => {}
                Code::BothRemoved => self.cells[to] = Seen::Empty,
            }
            let gone_attacker = matches!(code, Code::MoverRemoved | Code::BothRemoved);
            let gone_defender = matches!(code, Code::DefenderRemoved | Code::BothRemoved);
            if gone_attacker && by == me {
                own_lost.extend(attacker);
            }
            if gone_defender
                && let Seen::Known(p) = was_at_to
                && p.side() == me
            {
                own_lost.push(p.rank());
            }
        }
        let mut report = TurnReport {
            clash,
            ..TurnReport::plain(turn, Mover::Side(by))
        };
        if own_lost.contains(&Rank::Marshal)
            && let Some(f) = self.find_own(Rank::Flag)
        {
            report.flags_revealed[0] = Some((me, f));
        }
        self.quiet = if code == Code::NoClash {
            self.quiet + 1
        } else {
            0
        };
        self.ply += 1;
        self.mover = by.opponent().unwrap_or(Seat::Red);
        report
    }

    /// The flag field names the enemy's flag square: its piece there is known to be the flag.
    /// Whether this is news (the first time).
    fn learn_flag(&mut self, flag: Option<Square>) -> Option<NodeId> {
        let enemy = self.order.other().seat();
        let n = flag?.node(self.order);
        match self.cells[n as usize] {
            Seen::Unknown(s) if s == enemy => {
                self.cells[n as usize] = Seen::Known(Piece::new(enemy, Rank::Flag));
                Some(n)
            }
            _ => None,
        }
    }

    /// The engine's view now, through view notation.
    fn view(&self, rules: &Rules) -> Option<View> {
        let board = Board::two_player();
        let text =
            write_notation(
                board,
                Mover::Side(self.mover),
                self.quiet,
                self.ply,
                |n| match self.cells[n as usize] {
                    Seen::Empty => None,
                    Seen::Known(p) => Some(p.notation()),
                    Seen::Unknown(s) => Some([s.char(), '?']),
                    Seen::FaceDown => Some(['?', '?']),
                },
            );
        let me = self.me();
        let mines: String = (board.seats.iter())
            .map(|&s| match (s == me, self.find_own(Rank::Mine).is_some()) {
                (true, true) => 'y',
                (true, false) => 'n',
                (false, _) => '?',
            })
            .collect();
        View::from_notation(&text, Viewer::Side(me), rules, &mines).ok()
    }
}

/// The engine between lines.
struct CcgcEngine {
    level: Level,
    player: Box<dyn Player>,
    quick: GreedyPlayer,
    rng: SplitMix64,
    rules: Rules,
    board: Option<Tracked>,
    /// Its last BESTMOVE, until the RESULT for it.
    sent: Option<Turn>,
    /// The node budget per turn, if any (`--nodes`).
    nodes: Option<u64>,
    /// Threads searching the deals (`--threads`).
    threads: usize,
    /// The transposition table's size in MiB (`--hash`).
    hash: usize,
    /// Its time for the whole game (START), and how much of it it has used.
    time: Duration,
    used: Duration,
}

/// The computer at `level`, at a node budget if one is given, on `threads` threads, with a
/// table of `hash` MiB.
fn computer(level: Level, nodes: Option<u64>, threads: usize, hash: usize) -> AiPlayer {
    let p = AiPlayer::new(level);
    let p = if hash == DEFAULT_HASH_MB {
        p
    } else {
        p.with_hash(hash)
    };
    let p = p.with_threads(threads);
    match nodes {
        Some(n) => p.with_nodes(n),
        None => p,
    }
}

impl CcgcEngine {
    fn new(level: Level, nodes: Option<u64>, threads: usize, seed: u64) -> CcgcEngine {
        CcgcEngine {
            level,
            nodes,
            threads,
            hash: DEFAULT_HASH_MB,
            player: Box::new(computer(level, nodes, threads, DEFAULT_HASH_MB)),
            quick: GreedyPlayer::default(),
            rng: SplitMix64::new(seed),
            rules: Rules::ccgc(),
            board: None,
            sent: None,
            time: Duration::from_secs(1800),
            used: Duration::ZERO,
        }
    }

    fn name(&self) -> String {
        format!(
            "junqi {} ({})",
            env!("CARGO_PKG_VERSION"),
            self.level.word()
        )
    }

    /// The answers to one line, and whether to stop.
    fn answer(&mut self, line: &str) -> (Vec<String>, bool) {
        // Like the sample engines: a line starting below 'A' ends the engine.
        if line.as_bytes().first().is_none_or(|&b| b < b'A') {
            return (Vec::new(), true);
        }
        let Ok(msg) = ToEngine::parse(line) else {
            return (Vec::new(), false);
        };
        let mut out = Vec::new();
        match msg {
            ToEngine::Info(_) => out.push(FromEngine::Name(self.name()).line()),
            ToEngine::Start { order, time, steps } => {
                let mut rules = Rules::ccgc();
                if steps > 0 {
                    rules.quiet_limit = steps;
                }
                self.rules = rules;
                if time > 0 {
                    self.time = Duration::from_secs(u64::from(time));
                }
                self.used = Duration::ZERO;
                let mut frng = SplitMix64::new(self.rng.next_u64());
                let f = ai_formation(&mut frng, &self.rules);
                self.board = Some(Tracked::new(order, &f));
                self.player = Box::new(computer(self.level, self.nodes, self.threads, self.hash));
                self.quick = GreedyPlayer::default();
                self.sent = None;
                out.push(FromEngine::Array(array_text(&f)).line());
            }
            ToEngine::Go { last, flag } => {
                let t0 = Instant::now();
                if self.board.is_none() {
                    return (out, false);
                }
                if let Some(turn) = self.sent.take() {
                    // No RESULT came for our move: read as a plain move when it went to an
                    // empty square, else as both removed (nothing tells).
                    let empty = self.board.as_ref().is_some_and(|b| match turn {
                        Turn::Move { to, .. } => b.cells[to as usize] == Seen::Empty,
                        Turn::Flip(_) => true,
                    });
                    let code = if empty {
                        Code::NoClash
                    } else {
                        Code::BothRemoved
                    };
                    self.learn_own(turn, code, None);
                }
                if let Some((mv, code)) = last {
                    self.learn_theirs(mv, code, flag);
                } else {
                    self.learn_flag_alone(flag);
                }
                // No move at all (the referee should have ended the game): `0000`, a move that
                // is none, rather than silence.
                let mv = self
                    .choose()
                    .map_or_else(|| "0000".to_string(), |m| m.to_string());
                out.push(FromEngine::BestMove(mv).line());
                self.used += t0.elapsed();
            }
            ToEngine::Result { code, flag } => {
                if let Some(turn) = self.sent.take() {
                    self.learn_own(turn, code, flag);
                }
            }
            ToEngine::End(_) => return (out, true),
        }
        (out, false)
    }

    /// Tell the computer a report and the view after it.
    fn tell(&mut self, report: &TurnReport) {
        let Some(b) = &self.board else { return };
        if let Some(v) = b.view(&self.rules) {
            self.player.observe(report, &v);
            self.quick.observe(report, &v);
        }
    }

    fn reveal(report: &mut TurnReport, enemy: Seat, flag: Option<NodeId>) {
        if let Some(n) = flag {
            let k = usize::from(report.flags_revealed[0].is_some());
            report.flags_revealed[k] = Some((enemy, n));
        }
    }

    /// Our move `turn` had `code`; `flag` is the message's flag field.
    fn learn_own(&mut self, turn: Turn, code: Code, flag: Option<Square>) {
        let Some(b) = &mut self.board else { return };
        let me = b.me();
        let mut report = b.play(me, turn, code);
        let news = b.learn_flag(flag);
        CcgcEngine::reveal(&mut report, b.order.other().seat(), news);
        self.tell(&report);
    }

    /// The opponent's move `mv` (in our view) had `code`.
    fn learn_theirs(&mut self, mv: Move, code: Code, flag: Option<Square>) {
        let Some(b) = &mut self.board else { return };
        let enemy = b.order.other().seat();
        let mut report = b.play(enemy, mv.turn(b.order), code);
        let news = b.learn_flag(flag);
        CcgcEngine::reveal(&mut report, enemy, news);
        self.tell(&report);
    }

    /// A flag field without a move to go with it (the first GO): learnt, nothing to report.
    fn learn_flag_alone(&mut self, flag: Option<Square>) {
        if let Some(b) = &mut self.board {
            b.learn_flag(flag);
        }
    }

    /// Our move, in our view: the computer's choice (the quick player's when time is short).
    fn choose(&mut self) -> Option<Move> {
        let b = self.board.as_mut()?;
        // It is our turn whatever the tracking said (a GO is the referee's word).
        b.mover = b.me();
        let order = b.order;
        let view = b.view(&self.rules)?;
        let reserve = (self.time / 10).min(MAX_RESERVE);
        let short = self.time.saturating_sub(self.used) < reserve;
        let turn = if short {
            self.quick.choose(&view, &self.rules, &mut self.rng)
        } else {
            self.player.choose(&view, &self.rules, &mut self.rng)
        }?;
        self.sent = Some(turn);
        Move::of_turn(turn, order)
    }
}

/// A seed from the process id and the clock (CCGC gives the engine none).
fn seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut r = SplitMix64::new(nanos ^ (u64::from(std::process::id()) << 32));
    r.next_u64()
}

/// Run the engine on standard input and output until `END`, the end of the input or a line
/// starting below `A`.
pub fn cmd_engine_ccgc(level: Level, nodes: Option<u64>, threads: usize, hash: usize) -> CliResult {
    let mut engine = CcgcEngine::new(level, nodes, threads, seed());
    if hash != DEFAULT_HASH_MB {
        engine.hash = hash;
        engine.player = Box::new(computer(level, nodes, threads, hash));
    }
    // An overlong line is skipped, unanswered.
    super::lines::serve_lines(|line| match line {
        Some(line) => engine.answer(line),
        None => (Vec::new(), false),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{ClashOutcome, Game, Start};
    use crate::protocol::ccgc::parse_array;

    #[test]
    fn the_handshake_names_it_and_start_brings_a_valid_array() {
        let mut e = CcgcEngine::new(Level::Easy, None, 1, 1);
        let (out, stop) = e.answer("INFO 1.0");
        assert!(!stop);
        assert!(out[0].starts_with("NAME junqi "), "{out:?}");
        let (out, _) = e.answer("INFORMATION 1.0");
        assert_eq!(out.len(), 1);
        let (out, _) = e.answer("START 0 1800 31");
        let array = out[0].strip_prefix("ARRAY ").unwrap();
        let f = parse_array(array).unwrap();
        assert!(f.is_valid(&Rules::ccgc()), "{array}");
        // The first player's first turn.
        let (out, _) = e.answer("GO 0000 0 00");
        let mv = out[0].strip_prefix("BESTMOVE ").unwrap();
        let mv = Move::parse(mv).unwrap();
        // One of its own pieces moves (the board changes with the RESULT).
        let b = e.board.as_ref().unwrap();
        assert!(matches!(
            b.cells[mv.from.node(Order::First) as usize],
            Seen::Known(p) if p.side() == Seat::Red && p.rank().is_movable()
        ));
        // A plain move, or an attack (a rail run to the front) that wins here.
        let attack = b.cells[mv.to.node(Order::First) as usize] != Seen::Empty;
        e.answer(if attack { "RESULT 1 00" } else { "RESULT 3 00" });
        let b = e.board.as_ref().unwrap();
        assert!(matches!(
            b.cells[mv.to.node(Order::First) as usize],
            Seen::Known(_)
        ));
        assert_eq!(b.cells[mv.from.node(Order::First) as usize], Seen::Empty);
        assert_eq!(
            (b.ply, b.quiet, b.mover),
            (1, u32::from(!attack), Seat::Blue)
        );
        // Lines that are not messages are ignored; one starting below 'A' ends it.
        for l in [
            "hello",
            "GO",
            "GO 9999 9 99",
            "RESULT",
            "START x y z",
            "Zzz",
        ] {
            assert_eq!(e.answer(l), (Vec::new(), false), "{l}");
        }
        for l in ["", " GO 0000 0 00", "1", "\u{1}"] {
            assert!(e.answer(l).1, "{l:?}");
        }
        assert!(e.answer("END 1").1);
    }

    /// Under the CCGC rules the computer's search sees that the 31st clash-free ply loses: with 30
    /// behind it, it attacks the one enemy piece it can reach (a bomb, unknown to it) rather
    /// than moving quietly.
    #[test]
    fn the_computer_does_not_make_the_losing_quiet_ply() {
        let rules = Rules::ccgc();
        let pos = "..b8..bF../........../........../........../........../........../........../........../........../bB......../r5......../..rF..r8.. r 30 100";
        let game = Game::new(rules.clone(), Start::Position(pos.into())).unwrap();
        let view = game.view(Viewer::Side(Seat::Red));
        for seed in 0..3 {
            let mut p = AiPlayer::new(Level::Easy);
            let t = p.choose(&view, &rules, &mut SplitMix64::new(seed)).unwrap();
            assert_eq!(t.notation(view.board()), "a2-a3", "seed {seed}");
        }
    }

    /// The engine's tracked view agrees with the referee's view of its seat after every move of
    /// a game (the enemy's pieces unknown, its flag once its marshal fell; the counters), and its
    /// reports say what the referee's said, but for what the codes cannot tell.
    #[test]
    fn the_tracked_board_is_the_seats_view() {
        let rules = Rules::ccgc();
        for seed in 0..4u64 {
            let mut rng = SplitMix64::new(seed);
            let red = ai_formation(&mut rng, &rules);
            let blue = ai_formation(&mut rng, &rules);
            let mut game = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
            let mut tracked = [
                Tracked::new(Order::First, &red),
                Tracked::new(Order::Second, &blue),
            ];
            let mut flags: [Option<NodeId>; 2] = [None, None];
            for _ in 0..300 {
                if game.status().is_over() {
                    break;
                }
                let side = game.position().side_to_move().unwrap();
                let turns = game.position().legal_turns(&rules);
                let t = *rng.choose(&turns).unwrap();
                let report = game.play(t).unwrap().report.clone().unwrap();
                let code = Code::of_clash(report.clash);
                for (k, tr) in tracked.iter_mut().enumerate() {
                    let mine = tr.play(side, t, code);
                    // The flag field: the enemy's flag once its marshal is gone.
                    let enemy = tr.order.other().seat();
                    let revealed = report
                        .flags_revealed()
                        .find(|(s, _)| *s == enemy)
                        .map(|(_, n)| n);
                    flags[k] = flags[k].or(revealed);
                    let field = flags[k].and_then(|n| Square::of_node(n, tr.order));
                    tr.learn_flag(field);
                    let got = tr.view(&rules).unwrap();
                    if game.status().is_over() {
                        // A finished game shows every piece.
                        continue;
                    }
                    let want = game.view(Viewer::Side(tr.me()));
                    assert_eq!(got.notation(), want.notation(), "seed {seed}");
                    // Reports: a mine dug, a flag taken by the other side, a plain win agree.
                    let o = mine.clash;
                    match report.clash {
                        Some(ClashOutcome::FlagTaken) if side == tr.me() => {}
                        Some(ClashOutcome::MineDug) if side != tr.me() => {
                            assert_eq!(o, Some(ClashOutcome::MineDug))
                        }
                        r => assert_eq!(o, r, "seed {seed}"),
                    }
                }
            }
        }
    }
}
