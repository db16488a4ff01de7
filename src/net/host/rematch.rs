//! Another game in the same room after the end: asked for by a seat, agreed to by every seat (a
//! decline, or a seat leaving, calls it off, told to everyone), then begun with the seats moved
//! one chair round — two players swap sides — and everything of the game new: the seats' tokens
//! and links, and (`room_game::play_game`) the seeds, the deal and the commitment, each drawn
//! from the operating system as for the first game, so nothing of the game before tells a seat
//! anything of the next.

use super::*;

/// Seat `seat` asks for or agrees to a rematch (`yes`), or declines it. Only after a game's end
/// (before it, or with the next game agreed already, nothing happens).
pub(super) fn answer(host: &Inner, room: &Room, st: &mut RoomState, seat: u8, yes: bool) {
    if !st.over || st.ended.is_none() || st.rematch_agreed {
        return;
    }
    let board = room.board();
    if !yes {
        if st.rematch.take().is_some() {
            host.log(format!(
                "room {}: seat {} declined the rematch",
                room.id,
                seat_number(seat)
            ));
            let off = Msg::RematchOff { seat, left: false };
            room.broadcast(st, &off.encode(board), host);
        }
        return;
    }
    let k = usize::from(seat);
    let told = match &mut st.rematch {
        Some(agreed) if agreed[k] => return,
        Some(agreed) => {
            agreed[k] = true;
            Msg::RematchAgreed(seat)
        }
        None => {
            // Every seat must be there to agree: one that left is named to the asker.
            let gone = (0..room.players).find(|j| !st.conns.iter().any(|(s, _)| s == j));
            if let Some(gone) = gone {
                let off = Msg::RematchOff {
                    seat: gone,
                    left: true,
                };
                for (s, c) in &st.conns {
                    if *s == seat {
                        c.push(off.encode(board), host);
                    }
                }
                return;
            }
            let mut agreed = vec![false; usize::from(room.players)];
            agreed[k] = true;
            st.rematch = Some(agreed);
            host.log(format!(
                "room {}: seat {} asks for a rematch",
                room.id,
                seat_number(seat)
            ));
            Msg::RematchAsked(seat)
        }
    };
    room.broadcast(st, &told.encode(board), host);
    if st.rematch.as_ref().is_some_and(|a| a.iter().all(|&a| a)) {
        st.rematch_agreed = true;
        room.changed.notify_all();
    }
}

/// Seat `seat`'s last connection left the room: a rematch asked is off (agreed by every seat
/// too, if the room's thread has not begun it yet: the player gone would not learn its new
/// seat's token).
pub(super) fn left(host: &Inner, room: &Room, st: &mut RoomState, seat: u8) {
    st.rematch_agreed = false;
    if st.rematch.take().is_none() {
        return;
    }
    host.log(format!(
        "room {}: no rematch, seat {} left",
        room.id,
        seat_number(seat)
    ));
    let off = Msg::RematchOff { seat, left: true };
    room.broadcast(st, &off.encode(room.board()), host);
}

/// The next game agreed: every player moves one chair round (seat K to K+1; two players swap
/// sides), each seat new (a new token, told with `seated`, and a new link: nothing of the last
/// game is sent again on a rejoin), the commitment and the end forgotten, and everyone told
/// the seats (`lobby started`). The room's thread then plays the game.
pub(super) fn next_game(host: &Inner, room: &Room, st: &mut RoomState) {
    let n = room.players;
    let mut seats: Vec<SeatSlot> = (0..n)
        .map(|_| SeatSlot {
            name: None,
            token: random_token(),
            link: new_link(host),
        })
        .collect();
    for (k, old) in st.seats.drain(..).enumerate() {
        seats[(k + 1) % usize::from(n)].name = old.name;
    }
    st.seats = seats;
    st.seal = None;
    st.ended = None;
    st.over = false;
    st.rematch = None;
    st.rematch_agreed = false;
    lock(&room.resigned).clear();
    room.games.fetch_add(1, Ordering::SeqCst);
    for (seat, _) in &mut st.conns {
        *seat = (*seat + 1) % n;
    }
    for (seat, c) in &st.conns {
        let slot = &st.seats[usize::from(*seat)];
        lock(&slot.link.state).conn = Some(c.clone());
        let seated = Msg::Seated {
            seat: *seat,
            players: n,
            token: slot.token.clone(),
        };
        c.push(seated.encode(room.board()), host);
    }
    let lobby = room.lobby(st);
    room.broadcast(st, &lobby, host);
    host.log(format!(
        "room {}: a rematch, every player one chair round",
        room.id
    ));
}
