use super::connection::WRONG_CODE_SOURCES;
use super::persist::{save_lobby, save_room};
use super::rooms::make_room;
use super::*;
use crate::engine::{Formation, Mode};

/// Wrong codes lock a room against the address they come from, not another (so junk from
/// one place keeps nobody else out), for `lock_time`; from many addresses together they
/// lock it against every one; the addresses kept are bounded.
#[test]
fn wrong_codes_lock_the_address_they_come_from_then_the_room() {
    let bounds = Bounds {
        wrong_codes: 3,
        room_wrong_codes: 20,
        lock_time: Duration::from_secs(60),
        ..Bounds::default()
    };
    let t0 = Instant::now();
    let ip = |k: u32| IpAddr::V4(Ipv4Addr::from(0x0A00_0000 + k));
    let mut w = WrongCodes::default();
    assert_eq!(w.failed(ip(1), t0, &bounds), None);
    assert_eq!(w.failed(ip(1), t0, &bounds), None);
    assert!(!w.locked(ip(1), t0));
    assert_eq!(w.failed(ip(1), t0, &bounds), Some("10.0.0.1".into()));
    assert!(w.locked(ip(1), t0));
    assert!(!w.locked(ip(2), t0));
    assert!(!w.locked(ip(1), t0 + bounds.lock_time));
    // 17 more from as many addresses: 20 in all lock the room.
    for k in 2..18 {
        assert_eq!(w.failed(ip(k), t0, &bounds), None);
    }
    assert_eq!(w.failed(ip(18), t0, &bounds), Some("every address".into()));
    assert!(w.locked(ip(99), t0));
    assert!(!w.locked(ip(99), t0 + bounds.lock_time));
    // Many addresses: only so many are kept.
    let many = Bounds {
        room_wrong_codes: u32::MAX,
        ..bounds
    };
    let mut w = WrongCodes::default();
    for k in 0..1000 {
        w.failed(ip(k), t0, &many);
    }
    assert!(w.by_source.len() <= WRONG_CODE_SOURCES);
}

/// Wrong codes are counted by IPv4 address, by IPv6 /64, an IPv4 address mapped into IPv6
/// as itself.
#[test]
fn wrong_codes_are_counted_by_address_or_ipv6_prefix() {
    let v6 = |s: &str| source_of(s.parse().unwrap());
    assert_eq!(v6("2001:db8:1:2:aaaa::1"), v6("2001:db8:1:2:bbbb::2"));
    assert_ne!(v6("2001:db8:1:2::1"), v6("2001:db8:1:3::1"));
    assert_eq!(v6("::ffff:192.0.2.7"), v6("192.0.2.7"));
    assert_ne!(v6("192.0.2.7"), v6("192.0.2.8"));
}

/// A hidden two-player game after `plies` random turns.
/// A quiet host on 127.0.0.1 saving its rooms in `dir`.
fn quiet_server_in(dir: &std::path::Path) -> Server {
    let opts = ServeOptions {
        state: Some(dir.to_path_buf()),
        quiet: true,
        ..ServeOptions::default()
    };
    Server::bind("127.0.0.1:0", opts).unwrap()
}

fn game_after(plies: usize) -> Game {
    let rules = Rules::for_mode(Mode::Hidden);
    let mut rng = crate::engine::rng::SplitMix64::new(5);
    let (red, blue) = (
        Formation::random(&mut rng, &rules),
        Formation::random(&mut rng, &rules),
    );
    let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
    crate::ai::RandomPlayer::default().play_on(&mut g, &mut rng, plies, |_, _| {});
    g
}

/// A room saved by an earlier version (`junqi room 1`, the record whole, no `act` lines).
fn version_1_file(game: &Game) -> String {
    let salt = to_hex(&[7u8; SALT_LEN]);
    format!(
        "junqi room 1\nroom {}\nsecret {}\nplayers 2\nsalts {salt} {salt}\nseat a {}\nseat b {}\nrecord\n{}",
        RoomId::random(),
        Secret::random().as_str(),
        random_token(),
        random_token(),
        game.to_ron()
    )
}

#[test]
fn a_room_file_grows_by_a_line_a_turn_and_reads_back_whole() {
    let dir = tempfile::tempdir().unwrap();
    let server = quiet_server_in(dir.path());
    let host = &server.inner;
    let old = dir.path().join("old.room");
    let early = game_after(6);
    std::fs::write(&old, version_1_file(&early)).unwrap();
    let (room, read) = load_room(&old, host).unwrap();
    assert_eq!(
        read.unwrap().record(),
        early.record(),
        "an earlier version's file"
    );

    // Written whole once, then one line a turn; read back, the same game.
    let path = room_path(dir.path(), room.id);
    save_room(host, &room, &early);
    let whole = std::fs::read_to_string(&path).unwrap();
    assert!(whole.starts_with("junqi room 2\n") && !whole.contains("\nact "));
    let later = game_after(10);
    save_room(host, &room, &later);
    save_room(host, &room, &later); // nothing new: nothing written
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("\nact ").count(), 4, "{text}");
    assert!(text.starts_with(&whole), "appended, not rewritten");
    assert_eq!(
        load_room(&path, host).unwrap().1.unwrap().record(),
        later.record()
    );
    assert_eq!(lock(&host.unsynced).as_slice(), std::slice::from_ref(&path));

    // A line the host was writing when it was killed (no newline yet): not played.
    let mut torn = text.clone();
    torn.push_str("act Turn(\"a");
    std::fs::write(&path, &torn).unwrap();
    assert_eq!(
        load_room(&path, host).unwrap().1.unwrap().record(),
        later.record()
    );
    // A whole line that is not an action, or one the game refuses: the file is refused.
    for bad in ["act nonsense\n", "act Turn(\"a1-a9\")\n"] {
        std::fs::write(&path, format!("{text}{bad}")).unwrap();
        let e = load_room(&path, host).err().unwrap();
        assert!(e.contains("action 5 after the record"), "{e}");
    }

    // Anything but new actions (here: an earlier game) writes the file whole again.
    std::fs::write(&path, &text).unwrap();
    save_room(host, &room, &early);
    let again = std::fs::read_to_string(&path).unwrap();
    assert!(!again.contains("\nact "), "{again}");
    assert_eq!(
        load_room(&path, host).unwrap().1.unwrap().record(),
        early.record()
    );
}

/// A waiting room's file: written each time a seat is taken, read back with its rules and
/// the seats taken (a free one stays free; all taken, all kept); a file whose rules do not
/// read is refused.
#[test]
fn a_waiting_room_is_saved_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let server = quiet_server_in(dir.path());
    let host = &server.inner;
    let mut rules = Rules::for_mode(Mode::Hidden);
    rules.quiet_limit = 40;
    let room = make_room(&server.inner, 4, rules.clone()).unwrap();
    {
        let mut st = lock(&room.state);
        st.seats[2].name = Some("Mei".into());
        save_lobby(host, &room, &st);
    }
    let path = room_path(dir.path(), room.id);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\nlobby\n"), "{text}");
    let (read, game) = load_room(&path, host).unwrap();
    assert!(game.is_none());
    assert_eq!((read.id, read.players, &read.rules), (room.id, 4, &rules));
    assert_eq!(read.secret.as_str(), room.secret.as_str());
    let st = lock(&read.state);
    let names: Vec<_> = st.seats.iter().map(|s| s.name.clone()).collect();
    assert_eq!(names, [None, None, Some("Mei".to_string()), None]);
    assert!(!st.started);
    assert_eq!(st.seats[2].token, lock(&room.state).seats[2].token);
    drop(st);
    // Every seat taken (the formations were being chosen): read back with every seat.
    let full = text.replace("seat - ", "seat Li ");
    std::fs::write(&path, full).unwrap();
    let (read, game) = load_room(&path, host).unwrap();
    assert!(game.is_none());
    assert!(lock(&read.state).seats.iter().all(|s| s.name.is_some()));
    // Rules that do not read: refused.
    let bad = format!(
        "{}lobby\n(nonsense)\n",
        text.split("lobby\n").next().unwrap()
    );
    std::fs::write(&path, bad).unwrap();
    assert!(load_room(&path, host).is_err());
}

/// A seat taken back at the moment the game's commitment is made: `take_seat` holds the room's
/// state while it sends the seat what it missed, the commitment among it, and the room's thread
/// makes the commitment and tells the seats. Both need the room whole; with the commitment
/// under a lock of its own, taken before the state's, each waited for the other for ever (the
/// room dead, every player told nothing more). Here the rejoin holds the room as it does and
/// reads the commitment (not made yet); the commitment waits for it, then is made, and a seat
/// taken after it is sent it.
#[test]
fn a_rejoin_while_the_commitment_is_made_does_not_stop_the_room() {
    let opts = ServeOptions {
        quiet: true,
        ..ServeOptions::default()
    };
    let server = Server::bind("127.0.0.1:0", opts).unwrap();
    let host = server.inner.clone();
    let room = make_room(&host, 2, Rules::for_mode(Mode::Hidden)).unwrap();
    let game = game_after(0);
    let st = lock(&room.state); // a rejoin, mid-way through `take_seat`
    let committing = {
        let (host, room) = (host.clone(), room.clone());
        std::thread::spawn(move || super::room_game::commit(&host, &room, &game))
    };
    assert!(
        st.seal.is_none(),
        "the rejoin reads the commitment: none yet"
    );
    drop(st);
    let until = Instant::now() + Duration::from_secs(60);
    while !committing.is_finished() {
        assert!(Instant::now() < until, "the commitment never made");
        std::thread::sleep(Duration::from_millis(5));
    }
    committing.join().unwrap();
    let hashes = lock(&room.state).seal.as_ref().map(|s| s.hashes.len());
    assert_eq!(
        hashes,
        Some(2),
        "one commitment a side, for the seats taken after"
    );
}
