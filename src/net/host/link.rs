//! A network seat's line link to its table (`NetLink`): the lines the table sends a seat,
//! held while its player is away and sent again on a rejoin, and the lines the player answers.

use super::*;

/// How often a wait for a seat's turn looks for resignations made out of turn.
pub(super) const RESIGN_POLL: Duration = Duration::from_millis(50);

pub(super) fn is_question(line: &str) -> bool {
    line.starts_with("junqi ")
        || line == "go"
        || line.starts_with("go ")
        || line.starts_with("draw offered")
        || line.starts_with("takeback asked ")
        || line == "formation?"
}

/// Whether `line` belongs to the game's history as a seat is told it (`wire::is_past`): a
/// view, a report, a takeback made, a timeout, a refusal.
pub(super) fn is_past_line(line: &str) -> bool {
    is_told(line) || line.starts_with("view ") || line.starts_with("refused ")
}

/// The count of `line` if it is a `timeout` of the seat's own side (the side of its last view):
/// a question its player answers with `timeout ok <count>`.
pub(super) fn own_timeout(line: &str, last_view: Option<&str>) -> Option<u32> {
    let mut words = line.strip_prefix("timeout ")?.split(' ');
    let (side, count) = (words.next()?, words.next()?);
    let viewer = last_view?.strip_prefix("view ")?.split(' ').next()?;
    (side == viewer).then(|| count.parse().ok()).flatten()
}

/// A network seat's lines, for `EngineSeat`.
pub(super) struct NetLink {
    pub(super) shared: Arc<LinkShared>,
    pub(super) host: Arc<Inner>,
    pub(super) seat: u8,
    pub(super) board: &'static Board,
    /// The room's rules (what a `Fault` needs to make up a legal turn).
    pub(super) rules: Rules,
    /// A lie told (`Fault`).
    pub(super) lied: bool,
    /// `go`s and reports sent to the seat (when a `Fault` lies).
    pub(super) gos: usize,
    pub(super) reports: usize,
    /// An answer a `Fault` makes up for the seat, given to the table before any line of its.
    pub(super) canned: Option<String>,
    /// The room's resignations made out of turn: one breaks off the wait for this seat's turn.
    pub(super) resigned: Arc<Mutex<Vec<u8>>>,
}

/// The `go` of the seat's turn at which a `Fault` lies (its third: the game is under way).
pub(super) const FAULT_AT: usize = 3;

impl NetLink {
    /// The host's fault, if it lies to this seat and has not lied yet.
    pub(super) fn fault(&self) -> Option<Fault> {
        self.host
            .fault
            .filter(|f| f.seat() == self.seat && !self.lied)
    }

    /// The line as a host with a `Fault` sends it (none: not sent at all).
    pub(super) fn faulty(&mut self, line: &str) -> Option<Option<String>> {
        use crate::engine::ClashOutcome as C;
        use crate::protocol::HostMsg;
        let is_go = line == "go" || line.starts_with("go ");
        self.gos += usize::from(is_go);
        self.reports += usize::from(line.starts_with("report "));
        let fault = self.fault()?;
        let (lie, canned): (Option<String>, Option<&str>) = match fault {
            Fault::LieAboutAClash { .. } if line.starts_with("report ") => {
                let Ok(HostMsg::Report(mut r)) = HostMsg::parse(line, self.board) else {
                    return None;
                };
                let c = r.clash.as_mut()?;
                *c = match *c {
                    C::DefenderRemoved => C::AttackerRemoved,
                    C::AttackerRemoved | C::Bounced => C::BothRemoved,
                    C::BothRemoved | C::MineDug | C::FlagTaken => C::DefenderRemoved,
                };
                (Some(HostMsg::Report(r).line(self.board)), None)
            }
            // The view before the last report, shown again after it.
            Fault::StaleView { .. } if line.starts_with("view ") && self.reports >= FAULT_AT => {
                let last = lock(&self.shared.state).last_view.clone();
                (last.filter(|l| l != line), None)
            }
            Fault::InventedResignation { .. } if is_go && self.gos >= FAULT_AT => {
                (None, Some("resign"))
            }
            Fault::InventedDrawAnswer { .. } if line.starts_with("draw offered ") => {
                (None, Some("draw accept"))
            }
            Fault::InventedTakebackAnswer { .. } if line.starts_with("takeback asked ") => {
                (None, Some("takeback accept"))
            }
            _ => return None,
        };
        if let Some(answer) = canned {
            // The seat is not asked; the host answers for it.
            self.lied = true;
            self.canned = Some(answer.to_string());
            return Some(None);
        }
        let lie = lie?;
        self.lied = true;
        Some(Some(lie))
    }

    /// The seat's answer as a host with a `Fault` takes it (none: it is not taken, and the seat
    /// is asked again).
    pub(super) fn faulty_answer(&mut self, answer: String) -> Option<String> {
        let Some(fault) = self.fault() else {
            return Some(answer);
        };
        let turn = answer
            .strip_prefix("turn ")
            .filter(|_| self.gos >= FAULT_AT);
        match (fault, turn) {
            (Fault::MadeUpRefusal { .. }, Some(t)) => {
                // Refused as a flag rule would refuse it, though the game never sees it.
                self.lied = true;
                let t = t.to_string();
                let why = crate::protocol::RefusedWhy::FlagRank("the flag: refused".into());
                self.send(&crate::protocol::HostMsg::Refused(t, why).line(self.board));
                self.send("go");
                None
            }
            (Fault::SwappedTurn { .. }, Some(t)) => {
                let other = self.another_turn(t);
                self.lied |= other.is_some();
                Some(other.map_or(answer, |o| format!("turn {o}")))
            }
            (Fault::ChangedFormation { .. }, _) if answer.starts_with("formation ") => {
                let changed = (answer.strip_prefix("formation "))
                    .and_then(|f| crate::protocol::parse_formation(f).ok())
                    .and_then(|f| swapped_formation(&f));
                self.lied |= changed.is_some();
                Some(changed.map_or(answer, |f| {
                    format!("formation {}", crate::protocol::formation_text(&f))
                }))
            }
            _ => Some(answer),
        }
    }

    /// A turn the seat's last view allows, other than `turn`.
    pub(super) fn another_turn(&self, turn: &str) -> Option<String> {
        use crate::protocol::HostMsg;
        let last = lock(&self.shared.state).last_view.clone()?;
        let Ok(HostMsg::View {
            viewer,
            notation,
            mines,
        }) = HostMsg::parse(&last, self.board)
        else {
            return None;
        };
        let viewer = crate::engine::Viewer::Side(viewer);
        let view =
            crate::engine::View::from_notation(&notation, viewer, &self.rules, &mines).ok()?;
        (view.candidate_turns(&self.rules).into_iter())
            .filter(|&t| view.check_turn(&self.rules, t).is_ok())
            .map(|t| t.notation(self.board))
            .find(|t| t != turn)
    }
}

/// `f` with two pieces of one line swapped (neither the flag, of different ranks): as valid as
/// `f` (the rules place pieces by line, and the flag by square), and another formation.
pub(super) fn swapped_formation(f: &crate::engine::Formation) -> Option<crate::engine::Formation> {
    use crate::engine::Rank;
    for line in 1..=6u8 {
        for a in 1..=5u8 {
            for b in a + 1..=5u8 {
                let (x, y) = (f.at(line, a), f.at(line, b));
                if let (Some(x), Some(y)) = (x, y)
                    && x != y
                    && x != Rank::Flag
                    && y != Rank::Flag
                {
                    let mut g = f.clone();
                    g.set(line, a, Some(y));
                    g.set(line, b, Some(x));
                    return Some(g);
                }
            }
        }
    }
    None
}

impl LineLink for NetLink {
    fn send(&mut self, line: &str) {
        let faulty = match self.faulty(line) {
            Some(None) => return,
            Some(Some(lie)) => Some(lie),
            None => None,
        };
        let line = faulty.as_deref().unwrap_or(line);
        let mut st = lock(&self.shared.state);
        if is_told(line) {
            st.told += 1;
            st.refused = 0;
        } else if line.starts_with("refused ") {
            st.refused += 1;
        }
        if is_past_line(line) {
            st.past.push(line);
        }
        if line.starts_with("view ") {
            st.last_view = Some(line.to_string());
            st.view_mark = (st.told, st.refused);
        } else if st.last_view.is_none()
            && st.setup.len() < 64
            && (line.starts_with("junqi ") || !is_question(line))
        {
            st.setup.push(line.to_string());
        }
        if line.starts_with("gameover ") || !st.end.is_empty() {
            // The end: nothing is asked any more.
            if st.end.len() < 4 {
                st.end.push(line.to_string());
            }
            st.pending = None;
            st.late_gos = 0;
        } else if is_question(line) {
            st.pending = Some(line.to_string());
        }
        if let Some(count) = own_timeout(line, st.last_view.as_deref()) {
            // The `go` whose time ran out is no longer asked; its answer may still come.
            if st.pending.as_deref().is_some_and(|p| p.starts_with("go")) {
                st.pending = None;
                st.late_gos += 1;
            }
            st.owed_timeout = Some(count);
        }
        if let Some(c) = &st.conn {
            c.push(format!("h {line}"), &self.host);
        }
    }

    fn line(&mut self, deadline: Instant) -> Result<String, SeatFailure> {
        if let Some(answer) = self.canned.take() {
            return Ok(answer);
        }
        loop {
            let answer = self.next_line(deadline)?;
            if let Some(answer) = self.faulty_answer(answer) {
                return Ok(answer);
            }
        }
    }
}

impl NetLink {
    /// The seat's next line (`LineLink::line`, before a `Fault` sees it).
    pub(super) fn next_line(&mut self, deadline: Instant) -> Result<String, SeatFailure> {
        let inbox = lock(&self.shared.inbox);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match inbox.recv_timeout(left.min(RESIGN_POLL)) {
                // Every line here was taken by `relay` from the connection holding the seat
                // then, as the answer to the question waiting: it stands even if that
                // connection broke since (the question is not asked again after a rejoin).
                Ok((_conn, line)) => return Ok(line),
                Err(RecvTimeoutError::Timeout) if left <= RESIGN_POLL => {
                    return Err(SeatFailure::Hung(Duration::ZERO));
                }
                Err(RecvTimeoutError::Timeout) => {
                    // Another seat resigned while this one is asked for its turn: the table
                    // takes the resignation, and the `go` stands.
                    let asked_to_move = lock(&self.shared.state)
                        .pending
                        .as_deref()
                        .is_some_and(|p| p == "go" || p.starts_with("go "));
                    if asked_to_move && !lock(&self.resigned).is_empty() {
                        return Err(SeatFailure::Interrupted);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(SeatFailure::Crashed("the room closed".into()));
                }
            }
        }
    }
}
