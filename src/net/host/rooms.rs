//! Rooms and seats: making a room, taking a seat (new, or back with its token), the seats'
//! chairs, and closing rooms nobody comes back to.

use super::persist::{room_path, save_lobby};
use super::room_game::run_room;
use super::*;

pub(super) fn make_room(
    host: &Arc<Inner>,
    players: u8,
    rules: Rules,
) -> Result<Arc<Room>, Dropped> {
    let mut rooms = lock(&host.rooms);
    close_abandoned_rooms(host, &mut rooms);
    if rooms.len() >= host.bounds.max_rooms {
        return Err(Dropped::from(Farewell::TooManyRooms));
    }
    let mut id = RoomId::random();
    while rooms.contains_key(&id) {
        id = RoomId::random();
    }
    let seats = (0..players)
        .map(|_| SeatSlot {
            name: None,
            token: random_token(),
            link: new_link(host),
        })
        .collect();
    let room = Room::new(id, Secret::random(), players, rules, seats, false, None);
    rooms.insert(id, room.clone());
    Ok(room)
}

/// The seat a connection asks for.
pub(super) enum Claim {
    /// A free seat: this one, or (none) the first.
    New(Option<u8>),
    /// One's own seat again, with its token.
    Back(u8, String),
}

/// Seat `out` as it claims.
pub(super) fn take_seat(
    host: &Arc<Inner>,
    room: &Arc<Room>,
    out: &ConnOut,
    claim: Claim,
    name: &str,
) -> Result<u8, Dropped> {
    let mut st = lock(&room.state);
    let rejoin = matches!(claim, Claim::Back(..));
    // After the game's end the room stays open for its players (their chat), not for others,
    // until it closes.
    if st.over && (!rejoin || st.ended.is_none()) {
        return Err(Farewell::GameOver.into());
    }
    let seat = match &claim {
        Claim::Back(seat, token) => {
            let Some(slot) = st.seats.get(usize::from(*seat)) else {
                return Err(Farewell::NoSeat(*seat).into());
            };
            if slot.name.is_none() || !same(&slot.token, token) {
                return Err(Farewell::WrongToken(*seat).into());
            }
            *seat
        }
        Claim::New(Some(seat)) => match st.seats.get(usize::from(*seat)) {
            None => {
                return Err(Farewell::NoSeat(*seat).into());
            }
            Some(slot) if slot.name.is_some() => {
                return Err(Farewell::SeatTaken(*seat).into());
            }
            Some(_) => *seat,
        },
        Claim::New(None) => match st.seats.iter().position(|s| s.name.is_none()) {
            Some(k) => k as u8,
            None => return Err(Farewell::RoomFull.into()),
        },
    };
    let k = usize::from(seat);
    if !rejoin {
        st.seats[k].name = Some(clean_name(name));
        // A room still waiting for players is saved before the seat is told it has it; with
        // its last seat taken it is saved so too (the formations may take minutes), and the
        // game's first save replaces the file.
        if !st.started {
            save_lobby(host, room, &st);
        }
    }
    let token = st.seats[k].token.clone();
    // A connection still holding the seat is replaced.
    let link = st.seats[k].link.clone();
    let old = {
        let mut ls = lock(&link.state);
        let old = ls.conn.replace(out.clone());
        out.push(
            Msg::Seated {
                seat,
                players: room.players,
                token,
            }
            .encode(room.board()),
            host,
        );
        send_again(host, room, out, (seat, &link), &mut ls, rejoin);
        if let Some(seal) = &st.seal {
            out.push(Msg::Commit(seal.hashes.clone()).encode(room.board()), host);
        }
        // Back after the end: the reveal and the record, for the player's audit.
        for line in super::room_game::reveal_lines(host, room, &st, seat) {
            out.push(line, host);
        }
        old
    };
    if let Some(old) = old {
        host.log(format!(
            "room {}: seat {}: connection {} replaced by {}",
            room.id,
            seat_number(seat),
            old.id,
            out.id
        ));
        st.conns.retain(|(_, c)| c.id != old.id);
        old.close();
    }
    st.conns.push((seat, out.clone()));
    let lobby = room.lobby(&st);
    room.broadcast(&st, &lobby, host);
    if rejoin {
        room.tell_away(&st, host);
    }
    // Back while others are still away: the log says whom the game still waits for.
    let still_away: Vec<String> = (0..room.players)
        .filter(|k| st.started && !st.over && !st.conns.iter().any(|(s, _)| s == k))
        .map(|k| seat_number(k).to_string())
        .collect();
    host.log(format!(
        "room {}: seat {} {}{}",
        room.id,
        seat_number(seat),
        if rejoin { "rejoined" } else { "taken" },
        match still_away.len() {
            0 => String::new(),
            1 => format!(" (seat {} still away)", still_away[0]),
            _ => format!(" (seats {} still away)", still_away.join(", ")),
        }
    ));
    start_when_full(host, room, &mut st)?;
    Ok(seat)
}

/// What a connection that took a seat is sent again: on a rejoin the game's history as the
/// seat was told it and where the game is (`At`), then the handshake, the setup, the view and
/// the question waiting, and the end if it came.
fn send_again(
    host: &Arc<Inner>,
    room: &Arc<Room>,
    out: &ConnOut,
    (seat, link): (u8, &LinkShared),
    ls: &mut LinkState,
    rejoin: bool,
) {
    if rejoin {
        // The game's history as this seat was told it, so that a program new at the seat
        // knows every turn (its audit checks these lines as told live), then where the
        // game is, for the player's audit.
        if let Some(lines) = ls.past.lines() {
            let mut past = lines.to_vec();
            if host.fault == Some(Fault::ChangedPast { seat }) {
                let first = past.iter().position(|l| l.starts_with("report "));
                if let Some(k) =
                    first.filter(|k| past.get(k + 1).is_some_and(|l| l.starts_with("view ")))
                {
                    past.remove(k + 1);
                }
            }
            for m in crate::net::wire::past_messages(&past) {
                out.push(m, host);
            }
        }
        let at = Msg::At {
            told: ls.told as u32,
            refused: ls.refused as u32,
        };
        out.push(at.encode(room.board()), host);
    }
    if !ls.setup.is_empty() {
        // A rejoin: the handshake, the setup, the view and the question waiting, again.
        // The table itself waits for the handshake's answer when the game is being set
        // up (or taken up again after a restart): then it is the table's.
        ls.replaying = !ls
            .pending
            .as_deref()
            .is_some_and(|p| p.starts_with("junqi "));
        // A new connection answers only what it is shown. A timeout the old one did not
        // answer is answered here: every line of the old connection is in the table's
        // inbox already (it no longer holds the seat), so what follows this answer there
        // is the new connection's.
        ls.late_gos = 0;
        if let Some(n) = ls.owed_timeout.take() {
            let ok = crate::protocol::EngineMsg::TimeoutOk(n).line();
            let _ = link.inbox_tx.try_send((out.id, ok));
        }
        // A view sent before the last report or refusal is not sent again: the view after
        // it is on its way (the table sends one after each).
        let view = ls
            .last_view
            .iter()
            .filter(|_| ls.view_mark == (ls.told, ls.refused));
        for line in ls
            .setup
            .iter()
            .chain(view)
            .chain(ls.pending.iter().filter(|p| !p.starts_with("junqi ")))
            .chain(&ls.end)
        {
            out.push(format!("h {line}"), host);
        }
    }
}

/// With every seat taken, the room's game starts on a thread of its own (once).
fn start_when_full(host: &Arc<Inner>, room: &Arc<Room>, st: &mut RoomState) -> Result<(), Dropped> {
    if st.started || !st.seats.iter().all(|s| s.name.is_some()) {
        return Ok(());
    }
    st.started = true;
    let lobby = room.lobby(st);
    room.broadcast(st, &lobby, host);
    let room = room.clone();
    let host = host.clone();
    std::thread::Builder::new()
        .name("junqi-room".into())
        .spawn(move || run_room(&host, &room, None))
        .map_err(|e| Dropped::broken(e.to_string()))?;
    Ok(())
}

/// Close the rooms whose game never started and to which nobody has been connected for
/// `Bounds::waiting_life`: out of the host's rooms, their files removed, a line in the log. (A
/// room whose state is locked at this moment is busy, so not abandoned: it is left.)
pub(super) fn close_abandoned_rooms(host: &Inner, rooms: &mut HashMap<RoomId, Arc<Room>>) {
    let life = host.bounds.waiting_life;
    let abandoned: Vec<RoomId> = rooms
        .values()
        .filter(|room| {
            room.state.try_lock().is_ok_and(|st| {
                !st.started && st.conns.is_empty() && st.empty_since.elapsed() >= life
            })
        })
        .map(|room| room.id)
        .collect();
    for id in abandoned {
        if let Some(room) = rooms.remove(&id) {
            if let Some(dir) = &host.state {
                *lock(&room.journal) = None;
                let _ = std::fs::remove_file(room_path(dir, id));
            }
            host.log(format!(
                "room {id}: closed, its game never started and nobody came for {} s",
                life.as_secs()
            ));
        }
    }
}

/// How often the host looks for abandoned rooms: a quarter of their life, at most a minute (a
/// room is closed at most that long after its life ends), at least 10 ms.
pub(super) fn sweep_every(life: Duration) -> Duration {
    (life / 4).clamp(Duration::from_millis(10), Duration::from_secs(60))
}

/// Close abandoned rooms (`close_abandoned_rooms`) every `sweep_every`, until the host stops:
/// without it a room would be closed only when another is made. Wakes once a round (once a
/// minute with the default life: a window hosting a game stays idle), so it may outlive a stop
/// by one round; it holds no strong reference to the host meanwhile.
pub(super) fn sweep_rooms(host: &std::sync::Weak<Inner>) {
    let every = match host.upgrade() {
        Some(h) => sweep_every(h.bounds.waiting_life),
        None => return,
    };
    loop {
        std::thread::sleep(every);
        let Some(host) = host.upgrade() else { return };
        if host.stop.load(Ordering::Relaxed) {
            return;
        }
        close_abandoned_rooms(&host, &mut lock(&host.rooms));
    }
}
