//! A room's game: the thread running its `Table` over the network seats, from the deal to the
//! reveal and the record.

use super::link::NetLink;
use super::persist::{room_path, save_room};
use super::*;

/// Play a room's games (the first from `resume`, a saved game, if given), each followed by the
/// time the room stays open for its players, and another game while they all agree to one
/// (`rematch`); then close the room.
pub(super) fn run_room(host: &Arc<Inner>, room: &Arc<Room>, resume: Option<Game>) {
    let mut resume = resume;
    loop {
        let finished = play_game(host, room, resume.take());
        if !end_game(host, room, finished) {
            break;
        }
    }
    lock(&host.rooms).remove(&room.id);
}

/// Play one game on a table (from `resume` if given), saving it after every turn when the host
/// has a state folder; the game as it ended, if it could start.
fn play_game(host: &Arc<Inner>, room: &Arc<Room>, resume: Option<Game>) -> Option<Finished> {
    let seats = network_seats(host, room);
    // Each seat's seed (its `seed` line, sent over the wire) and the flip deal: independent draws
    // from the operating system, so that no seat can compute the deal or another seat's choices
    // (the computer's formation) from its own.
    let seeds: Vec<u64> = (0..room.players)
        .map(|_| crate::engine::rng::os_seed())
        .collect();
    let table = match resume {
        Some(game) => Table::resume(game, seats, &seeds, Limits::default()),
        None => {
            let deal = if room.rules.mode.deals_face_down() {
                Deal::Start(Start::FlipDeal {
                    seed: crate::engine::rng::os_seed(),
                })
            } else {
                Deal::Formations(vec![None; usize::from(room.players)])
            };
            host.log(format!("room {}: the game starts", room.id));
            Table::open(&room.rules, seats, &seeds, deal, Limits::default())
        }
    };
    match table {
        Ok(mut table) => {
            table.clock_second(host.bounds.clock_second);
            {
                let resigned = room.resigned.clone();
                let (host, id) = (host.clone(), room.id);
                table.resignations(Box::new(move || {
                    let seats: Vec<usize> = lock(&resigned).drain(..).map(usize::from).collect();
                    for seat in &seats {
                        host.log(format!(
                            "room {id}: seat {}'s resignation is taken",
                            seat_number(*seat)
                        ));
                    }
                    seats
                }));
            }
            commit(host, room, table.game());
            save_room(host, room, table.game());
            {
                let (host, room) = (host.clone(), room.clone());
                table.on_turn(Box::new(move |g| save_room(&host, &room, g)));
            }
            let end = loop {
                if let Some(end) = table.step() {
                    break end;
                }
                save_room(host, room, table.game());
            };
            let forfeit = end.forfeit.map(|(k, why)| (k, why.to_string()));
            let game = table.into_game();
            host.log(format!(
                "room {}: over after {} plies: {}{}",
                room.id,
                game.plies().len(),
                game.status().word(),
                forfeit
                    .as_ref()
                    .map(|(k, w)| format!(" (seat {} {w})", seat_number(*k)))
                    .unwrap_or_default()
            ));
            Some(Finished {
                room: room.id,
                game,
                forfeit,
            })
        }
        Err(e) => {
            host.log(format!("room {}: the game could not start: {e:?}", room.id));
            None
        }
    }
}

/// After a game: its file removed, the reveal and the record to every player, the game filed
/// among the host's finished ones, then the room open for its players (`stay_open`). Whether
/// they agreed to another game.
fn end_game(host: &Arc<Inner>, room: &Arc<Room>, finished: Option<Finished>) -> bool {
    if let Some(dir) = &host.state {
        // Closed first: an open file cannot be removed everywhere.
        *lock(&room.journal) = None;
        let _ = std::fs::remove_file(room_path(dir, room.id));
    }
    {
        // The reveal and the record, so that every player can check the host (`audit`); a
        // seat taken back from now on is sent them too (`take_seat`).
        let mut st = lock(&room.state);
        st.over = true;
        st.ended = finished.as_ref().map(|f| f.game.clone());
        for (seat, c) in &st.conns {
            for line in reveal_lines(host, room, &st, *seat) {
                c.push(line, host);
            }
        }
    }
    if let Some(f) = finished {
        let mut fs = lock(&host.finished);
        if fs.len() >= FINISHED_KEEP {
            fs.remove(0);
        }
        fs.push(f);
    }
    stay_open(host, room)
}

/// After the game's end the room stays open for its players' chat, until every one has left or
/// `Bounds::after_end` passed (or the host stops); then the last connections are told the room
/// closed (`bye over`). The room's thread sleeps meanwhile, woken when a connection leaves or
/// every seat agreed to a rematch: then the next game's seats are set (`rematch::next_game`)
/// and it returns `true`.
fn stay_open(host: &Inner, room: &Room) -> bool {
    let until = Instant::now() + host.bounds.after_end;
    let mut st = lock(&room.state);
    // A game that could not start: nothing to stay for.
    let stay = st.ended.is_some();
    if stay && !st.conns.is_empty() {
        host.log(format!(
            "room {}: open for its players' chat until they leave (at most {} s)",
            room.id,
            host.bounds.after_end.as_secs()
        ));
    }
    while stay && !st.conns.is_empty() && !host.stop.load(Ordering::Relaxed) {
        if st.rematch_agreed {
            super::rematch::next_game(host, room, &mut st);
            return true;
        }
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            host.log(format!(
                "room {}: closed {} s after its game's end",
                room.id,
                host.bounds.after_end.as_secs()
            ));
            break;
        }
        st = match room.changed.wait_timeout(st, left) {
            Ok((st, _)) => st,
            Err(p) => p.into_inner().0,
        };
    }
    for (_, c) in &st.conns {
        c.push(Msg::Bye(Farewell::GameOver).encode(room.board()), host);
    }
    st.conns.clear();
    // Closed: a rejoin is refused from now on (`take_seat`).
    st.ended = None;
    false
}

/// The commitment, before the first turn (a resumed room keeps the salts it saved), to every
/// seat connected.
pub(super) fn commit(host: &Arc<Inner>, room: &Arc<Room>, game: &Game) {
    let start = &crate::net::audit::dealt(game);
    let mut st = lock(&room.state);
    let s = match st.seal.take() {
        Some(old) => Seal::with_salts(room.id, start, old.salts),
        None => Seal::new(room.id, start),
    };
    room.broadcast(
        &st,
        &Msg::Commit(s.hashes.clone()).encode(room.board()),
        host,
    );
    st.seal = Some(s);
}

/// The seats of a room's table: each an `EngineSeat` over the seat's network link.
fn network_seats(host: &Arc<Inner>, room: &Arc<Room>) -> Vec<(Chair, Box<dyn SeatDriver>)> {
    let links: Vec<(String, Arc<LinkShared>)> = {
        let st = lock(&room.state);
        st.seats
            .iter()
            .map(|s| (s.name.clone().unwrap_or_default(), s.link.clone()))
            .collect()
    };
    chairs(room)
        .into_iter()
        .zip(links)
        .enumerate()
        .map(|(k, (chair, (name, link)))| {
            let link = NetLink {
                shared: link,
                host: host.clone(),
                seat: k as u8,
                board: room.board(),
                rules: room.rules.clone(),
                lied: false,
                gos: 0,
                reports: 0,
                canned: None,
                resigned: room.resigned.clone(),
            };
            (
                chair,
                Box::new(EngineSeat::over(Box::new(link), &name).patient(host.bounds.answer_time))
                    as Box<dyn SeatDriver>,
            )
        })
        .collect()
}

/// At the end, for seat `seat`: the commitment's salts and the game's record (none before the
/// end, or without a commitment). A host made to lie (`Fault::OtherRecord`) sends that seat
/// the record less its last action.
pub(super) fn reveal_lines(host: &Inner, room: &Room, st: &RoomState, seat: u8) -> Vec<String> {
    let (Some(seal), Some(game)) = (&st.seal, &st.ended) else {
        return Vec::new();
    };
    let lied = match host.fault {
        Some(Fault::OtherRecord { seat: s }) if s == seat => {
            let mut r = game.record().clone();
            r.actions.pop();
            Game::from_record(r).ok()
        }
        _ => None,
    };
    let parts = record_parts(lied.as_ref().unwrap_or(game));
    let n = parts.len();
    let mut lines = vec![Msg::Reveal(seal.salts.clone()).encode(room.board())];
    lines.extend(parts.into_iter().enumerate().map(|(i, text)| {
        Msg::RecordPart {
            text,
            last: i + 1 == n,
        }
        .encode(room.board())
    }));
    lines
}
