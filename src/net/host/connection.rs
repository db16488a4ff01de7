//! A connection's life: the preamble, the handshake and the first request, the seat it takes,
//! then relaying its messages under the host's bounds; why it ends, for the player and the log.

use super::rooms::{Claim, make_room, take_seat};
use super::*;

/// Source addresses a room keeps wrong codes for (past it, only the count over all of them).
pub(super) const WRONG_CODE_SOURCES: usize = 256;

/// A room's wrong codes: by source address and in all, and the locks they set. A lock holds
/// for `Bounds::lock_time`; while it holds, nothing more is counted against what it locks.
#[derive(Default)]
pub(super) struct WrongCodes {
    /// Each address's wrong codes since its last lock, and until when it is locked.
    pub(super) by_source: HashMap<IpAddr, (u32, Option<Instant>)>,
    /// Wrong codes from every address since the room's last lock.
    pub(super) total: u32,
    /// Until when the room is locked against every address.
    pub(super) room_until: Option<Instant>,
}

impl WrongCodes {
    /// Whether the room is locked against `from` at `now`.
    pub(super) fn locked(&self, from: IpAddr, now: Instant) -> bool {
        let held = |until: Option<Instant>| until.is_some_and(|t| now < t);
        held(self.room_until) || self.by_source.get(&from).is_some_and(|s| held(s.1))
    }

    /// Count a wrong code from `from` at `now`; what it locked the room against, if anything.
    pub(super) fn failed(&mut self, from: IpAddr, now: Instant, bounds: &Bounds) -> Option<String> {
        let until = Some(now + bounds.lock_time);
        self.total += 1;
        if self.total >= bounds.room_wrong_codes {
            self.total = 0;
            self.room_until = until;
            return Some("every address".into());
        }
        if !self.by_source.contains_key(&from) && self.by_source.len() >= WRONG_CODE_SOURCES {
            // Forget the addresses not locked now; if all are, count this one only in all.
            self.by_source
                .retain(|_, (_, t)| t.is_some_and(|t| now < t));
            if self.by_source.len() >= WRONG_CODE_SOURCES {
                return None;
            }
        }
        let (count, locked) = self.by_source.entry(from).or_insert((0, None));
        *count += 1;
        if *count < bounds.wrong_codes {
            return None;
        }
        *count = 0;
        *locked = until;
        Some(from.to_string())
    }
}

/// A token bucket for one connection's messages.
pub(super) struct Rate {
    pub(super) tokens: f64,
    pub(super) last: Instant,
    pub(super) burst: f64,
    pub(super) per_second: f64,
}

impl Rate {
    pub(super) fn allow(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_second)
            .min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Whether the other end closed the connection (cleanly, or by resetting it).
fn closed(e: &ConnError) -> bool {
    match e {
        ConnError::Closed => true,
        ConnError::Io(e) => matches!(
            e.kind(),
            std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::ConnectionAborted
        ),
        _ => false,
    }
}

/// One connection from its preamble to its end. The preamble, the handshake and the first
/// request have `Bounds::handshake_time` in all. `Err`: why it was dropped.
pub(super) fn serve_connection(
    host: &Arc<Inner>,
    stream: TcpStream,
    id: u64,
) -> Result<(), String> {
    let until = Instant::now() + host.bounds.handshake_time;
    let pre = conn::read_preamble(&stream, until).map_err(|e| format!("dropped: {e}"))?;
    let (sender, mut receiver, room) = match pre {
        Preamble::Create => {
            let (s, r) = conn::accept(
                stream,
                &host.private,
                None,
                conn::PREAMBLE_OK,
                until,
                &mut |_| true,
            )
            .map_err(|e| format!("dropped: {e}"))?;
            (s, r, None)
        }
        Preamble::Join(rid) => {
            let room = lock(&host.rooms).get(&rid).cloned();
            let Some(room) = room else {
                conn::refuse(stream, conn::NO_SUCH_ROOM);
                return Err(format!("refused: no room {rid}"));
            };
            let from = source(&stream);
            let locked = lock(&room.state).wrong_codes.locked(from, Instant::now());
            // A locked room lets in only a rejoin whose claim (in the handshake's first
            // message, readable only with the room's code) names a seat with its token.
            let code = if locked {
                conn::LOCKED
            } else {
                conn::PREAMBLE_OK
            };
            let mut admit = |payload: &[u8]| !locked || room.proves_seat(payload);
            match conn::accept(
                stream,
                &host.private,
                Some(room.secret.psk(rid)),
                code,
                until,
                &mut admit,
            ) {
                Ok((s, r)) if locked => {
                    host.log(format!(
                        "room {rid}: a rejoin let in while the room is locked"
                    ));
                    (s, r, Some((room, true)))
                }
                Ok((s, r)) => (s, r, Some((room, false))),
                // Nothing is counted while the room is locked (and nothing told).
                Err(e) if locked => {
                    return Err(format!(
                        "refused: room {rid} is locked after wrong codes ({e})"
                    ));
                }
                Err(e) => {
                    let locked =
                        lock(&room.state)
                            .wrong_codes
                            .failed(from, Instant::now(), &host.bounds);
                    if let Some(against) = locked {
                        host.log(format!(
                            "room {rid}: locked for {} s after wrong codes, against {against}",
                            host.bounds.lock_time.as_secs()
                        ));
                    }
                    return Err(format!("refused: a wrong code for room {rid} ({e})"));
                }
            }
        }
    };
    let creating = room.is_none();
    let first = match receiver.recv_by(until) {
        Ok(first) => first,
        // A short room code's player asks for the host's key this way (`client::host_key_of`):
        // the handshake proves the key, then the connection closes. No room is made.
        Err(e) if creating && closed(&e) => {
            host.log(format!(
                "connection {id}: the host's key was asked for (closed before any request)"
            ));
            return Ok(());
        }
        Err(e) => return Err(format!("dropped: no request: {e}")),
    };
    receiver.set_timeout(host.bounds.idle);
    // The writer: a bounded queue drained on a thread of its own, pinging when idle.
    let (queue, out_rx) = sync_channel::<String>(host.bounds.out_queue);
    let closed = Arc::new(AtomicBool::new(false));
    let out = ConnOut {
        id,
        queue,
        sender: sender.clone(),
        closed: closed.clone(),
    };
    {
        let sender = sender.clone();
        let closed = closed.clone();
        let board = Board::two_player();
        std::thread::Builder::new()
            .name("junqi-conn-out".into())
            .stack_size(128 * 1024)
            .spawn(move || {
                loop {
                    let text = match out_rx.recv_timeout(PING) {
                        Ok(t) => t,
                        Err(RecvTimeoutError::Timeout) => Msg::Ping.encode(board),
                        Err(RecvTimeoutError::Disconnected) => return,
                    };
                    if closed.load(Ordering::Relaxed) || sender.send_text(text.as_bytes()).is_err()
                    {
                        closed.store(true, Ordering::Relaxed);
                        sender.close();
                        return;
                    }
                }
            })
            .map_err(|e| e.to_string())?;
    }
    let result = seated_loop(host, &out, &mut receiver, first, room);
    if let Err(Dropped { bye: Some(why), .. }) = &result {
        let _ = out
            .queue
            .try_send(Msg::Bye(*why).encode(Board::two_player()));
        // Give the writer a moment to send the reason before the connection closes.
        std::thread::sleep(Duration::from_millis(50));
    }
    out.close();
    result.map_err(|why| format!("dropped: {}", why.detail))
}

/// Take a seat as `first` asks (creating the room first if asked; `room`: the room joined, and
/// whether it was locked, when only a rejoin may come in), then relay the seat's messages.
pub(super) fn seated_loop(
    host: &Arc<Inner>,
    out: &ConnOut,
    receiver: &mut Receiver,
    first: Msg,
    room: Option<(Arc<Room>, bool)>,
) -> Result<(), Dropped> {
    let (room, seat) = match (first, room) {
        (
            Msg::Create {
                players,
                rules,
                name,
                seat,
            },
            None,
        ) => {
            if let Err(e) = rules.validate() {
                return Err(Dropped::told(
                    Farewell::BadRules,
                    format!("rules that do not fit together: {e}"),
                ));
            }
            if players == 4 && rules.mode.deals_face_down() {
                return Err(Dropped::from(Farewell::FourPlayerFlip));
            }
            let room = make_room(host, players, rules)?;
            let invite = Invite {
                addr: out.sender_local_addr(),
                room: room.id,
                secret: room.secret,
                host_key: host.public,
            };
            out.push(
                Msg::Created {
                    invite: invite.to_string(),
                }
                .encode(room.board()),
                host,
            );
            host.log(format!(
                "room {}: made for {players} players ({})",
                room.id,
                room.rules.mode.word()
            ));
            let seat = take_seat(host, &room, out, Claim::New(seat), &name)?;
            (room, seat)
        }
        (Msg::Join { .. }, Some((_, true))) => {
            return Err(Dropped::told(
                Farewell::Locked,
                "a join into a room locked after wrong codes",
            ));
        }
        (Msg::Join { name, seat }, Some((room, false))) => {
            let seat = take_seat(host, &room, out, Claim::New(seat), &name)?;
            (room, seat)
        }
        (Msg::Rejoin { seat, token }, Some((room, _))) => {
            let seat = take_seat(host, &room, out, Claim::Back(seat, token), "")?;
            (room, seat)
        }
        (m, _) => {
            return Err(Dropped::told(
                Farewell::OutOfPlace,
                format!(
                    "'{}' where a create, join or rejoin was expected",
                    crate::protocol::clip(&m.encode(Board::two_player()))
                ),
            ));
        }
    };
    receiver.board = room.board();
    let mut held = Held {
        games: room.games.load(Ordering::SeqCst),
        seat,
        link: lock(&room.state).seats[usize::from(seat)].link.clone(),
    };
    let mut rate = Rate {
        tokens: f64::from(host.bounds.burst),
        last: Instant::now(),
        burst: f64::from(host.bounds.burst),
        per_second: f64::from(host.bounds.per_second),
    };
    let result = relay(host, &room, out, receiver, &mut held, &mut rate);
    let Held { link, .. } = held;
    // Leave the seat (it waits for a rejoin), unless another connection took it already.
    {
        let mut st = lock(&room.state);
        let before = st.conns.len();
        let seat = st
            .conns
            .iter()
            .find(|(_, c)| c.id == out.id)
            .map(|(s, _)| *s);
        st.conns.retain(|(_, c)| c.id != out.id);
        if st.conns.is_empty() {
            st.empty_since = Instant::now();
        }
        if let Some(seat) = seat
            && !st.conns.iter().any(|(s, _)| *s == seat)
        {
            super::rematch::left(host, &room, &mut st, seat);
        }
        if st.conns.len() < before {
            room.tell_away(&st, host);
            room.changed.notify_all();
        }
        let mut ls = lock(&link.state);
        if ls.conn.as_ref().is_some_and(|c| c.id == out.id) {
            ls.conn = None;
        }
    }
    result
}

impl ConnOut {
    pub(super) fn sender_local_addr(&self) -> String {
        self.sender
            .local_addr()
            .map(|a| a.to_string())
            .unwrap_or_else(|| "127.0.0.1:0".into())
    }
}

/// The seat a connection holds, and its link, as of the room's game `games` (a rematch moves
/// every player one chair round).
pub(super) struct Held {
    games: u64,
    seat: u8,
    link: Arc<LinkShared>,
}

impl Held {
    /// Read the seat again if the room began another game since.
    fn follow(&mut self, room: &Room, out: &ConnOut) {
        let games = room.games.load(Ordering::SeqCst);
        if games == self.games {
            return;
        }
        let st = lock(&room.state);
        self.games = room.games.load(Ordering::SeqCst);
        if let Some((seat, _)) = st.conns.iter().find(|(_, c)| c.id == out.id) {
            self.seat = *seat;
            self.link = st.seats[usize::from(*seat)].link.clone();
        }
    }
}

/// Relay what the seated connection sends until it ends or breaks a rule.
pub(super) fn relay(
    host: &Arc<Inner>,
    room: &Arc<Room>,
    out: &ConnOut,
    receiver: &mut Receiver,
    held: &mut Held,
    rate: &mut Rate,
) -> Result<(), Dropped> {
    loop {
        let msg = match receiver.recv() {
            Ok(m) => m,
            Err(ConnError::Closed) => return Ok(()),
            Err(e) if out.closed.load(Ordering::Relaxed) => {
                return Err(Dropped::broken(format!("closed ({e})")));
            }
            Err(e) => return Err(Dropped::broken(e.to_string())),
        };
        // Only what the player sends unasked counts against the bucket (pings, chat, an
        // engine's `info`): answers come one a question, however fast the questions come (two
        // quick computer players answer hundreds of turns a second).
        held.follow(room, out);
        let (seat, link) = (held.seat, held.link.clone());
        // After the game's end nothing is asked.
        let asked = matches!(
            &msg,
            Msg::Engine(m) if !matches!(
                m,
                EngineMsg::Id { .. } | EngineMsg::Option(..) | EngineMsg::Info(_)
            )
        ) && lock(&link.state).end.is_empty();
        if !asked && !rate.allow() {
            return Err(Dropped::from(Farewell::Flood));
        }
        match msg {
            Msg::Ping => {}
            Msg::Engine(m) => engine_line(&link, out, m)?,
            Msg::Resign => {
                // Out of turn (on its turn a seat may also answer `go` with `resign`): the
                // table takes it before the next turn, or at once if a seat is thinking.
                if lock(&link.state)
                    .conn
                    .as_ref()
                    .is_none_or(|c| c.id != out.id)
                {
                    return Err(Dropped::told(
                        Farewell::Replaced,
                        "a seat it no longer holds",
                    ));
                }
                let mut q = lock(&room.resigned);
                if !q.contains(&seat) {
                    q.push(seat);
                    host.log(format!(
                        "room {}: seat {} resigns",
                        room.id,
                        seat_number(seat)
                    ));
                }
            }
            Msg::Say(text) => {
                let st = lock(&room.state);
                let m = Msg::Said { from: seat, text }.encode(room.board());
                room.broadcast(&st, &m, host);
            }
            Msg::SayPreset(preset) => {
                let st = lock(&room.state);
                let m = Msg::SaidPreset { from: seat, preset }.encode(room.board());
                room.broadcast(&st, &m, host);
            }
            Msg::Rematch(yes) => {
                let mut st = lock(&room.state);
                super::rematch::answer(host, room, &mut st, seat, yes);
            }
            m => {
                return Err(Dropped::told(
                    Farewell::OutOfPlace,
                    format!(
                        "'{}' out of place",
                        crate::protocol::clip(&m.encode(room.board()))
                    ),
                ));
            }
        }
    }
}

/// A line of the engine protocol from the seat's player: checked against what its seat was
/// asked, then passed to the table.
fn engine_line(link: &LinkShared, out: &ConnOut, m: EngineMsg) -> Result<(), Dropped> {
    let mut ls = lock(&link.state);
    if ls.conn.as_ref().is_none_or(|c| c.id != out.id) {
        return Err(Dropped::told(
            Farewell::Replaced,
            "a seat it no longer holds",
        ));
    }
    if !ls.end.is_empty() {
        // After the game's end: a late answer (a player that thought on past it), or the
        // answers to the handshake sent again to a player back after it. Nothing takes them.
        return Ok(());
    }
    if ls.replaying {
        match m {
            EngineMsg::Id { .. } | EngineMsg::Option(..) | EngineMsg::Info(_) => {
                return Ok(());
            }
            EngineMsg::Ok(_) => {
                ls.replaying = false;
                return Ok(());
            }
            m => {
                return Err(Dropped::told(
                    Farewell::OutOfPlace,
                    format!("'{}' during the handshake", m.line()),
                ));
            }
        }
    }
    if let EngineMsg::TimeoutOk(n) = m {
        match ls.owed_timeout {
            Some(owed) if n <= owed => {
                if n == owed {
                    ls.owed_timeout = None;
                }
            }
            _ => {
                return Err(Dropped::told(
                    Farewell::OutOfPlace,
                    format!("'timeout ok {n}' to no timeout of its side"),
                ));
            }
        }
        // Sent while the seat is held: a rejoin (`take_seat`) comes before or
        // after it, never between.
        pass_on(link, out, &m)?;
        drop(ls);
        return Ok(());
    }
    let late = matches!(
        m,
        EngineMsg::Turn(_) | EngineMsg::Resign | EngineMsg::OfferDraw | EngineMsg::AskTakeback
    ) && ls.late_gos > 0
        && !ls.pending.as_deref().is_some_and(|p| p.starts_with("go"));
    if late {
        // The answer to a `go` whose time ran out: the table drops it.
        ls.late_gos -= 1;
        // Sent while the seat is held: a rejoin (`take_seat`) comes before or
        // after it, never between.
        pass_on(link, out, &m)?;
        drop(ls);
        return Ok(());
    }
    let Some(pending) = ls.pending.clone() else {
        return Err(Dropped::told(
            Farewell::OutOfPlace,
            format!(
                "'{}' when nothing was asked",
                crate::protocol::clip(&m.line())
            ),
        ));
    };
    // Each answer and the question it answers (the pending line's start); the words for one
    // that comes unasked.
    let asked = |question: &str| pending.starts_with(question);
    let unasked = |ok: bool, why: &dyn Fn() -> String| (!ok).then(why);
    let (answers, out_of_place) = match &m {
        EngineMsg::Id { .. }
        | EngineMsg::Option(..)
        | EngineMsg::Info(_)
        | EngineMsg::TimeoutOk(_) => (false, None),
        EngineMsg::Error(_) => (true, None),
        EngineMsg::Ok(_) => (
            true,
            unasked(asked("junqi "), &|| {
                "'ok' to a question other than the handshake".into()
            }),
        ),
        EngineMsg::Turn(_) | EngineMsg::Resign | EngineMsg::OfferDraw | EngineMsg::AskTakeback => (
            true,
            unasked(asked("go"), &|| {
                format!("'{}' when no turn was asked", m.line())
            }),
        ),
        EngineMsg::DrawAnswer(_) => (
            true,
            unasked(asked("draw offered"), &|| {
                "a draw answer when no draw was offered".into()
            }),
        ),
        EngineMsg::TakebackAnswer(_) => (
            true,
            unasked(asked("takeback asked "), &|| {
                "a takeback answer when no takeback was asked".into()
            }),
        ),
        EngineMsg::Formation(_) => (
            true,
            unasked(pending == "formation?", &|| {
                "a formation when none was asked".into()
            }),
        ),
    };
    if let Some(why) = out_of_place {
        return Err(Dropped::told(Farewell::OutOfPlace, why));
    }
    if answers {
        ls.pending = None;
    }
    drop(ls);
    pass_on(link, out, &m)
}

/// Pass a line of the seat's player on to its table (bounded: a player that sends more than the
/// table takes is flooding).
fn pass_on(link: &LinkShared, out: &ConnOut, m: &EngineMsg) -> Result<(), Dropped> {
    link.inbox_tx
        .try_send((out.id, m.line()))
        .map_err(|_| Dropped::told(Farewell::Flood, "more lines than the table takes (a flood)"))
}
