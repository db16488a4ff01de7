//! Joining by a short room code on loopback: the host's key asked of it and kept on first use,
//! the same key passing later, a changed key refused before the room hears of the player (the
//! full invite, which carries the key, mends it), and wrong codes bounded as the invite's are.

use crate::common::wait_until;
use junqi::engine::{Mode, Rules};
use junqi::net::Farewell;
use junqi::net::client::{Client, ClientError, Request, resolve};
use junqi::net::host::{Bounds, ServeOptions, Server, ServerHandle};
use junqi::net::join_code::{JoinCode, ShortCode};
use junqi::net::known_hosts::{KeyRefused, KnownHosts};
use std::time::{Duration, Instant};

fn serve(addr: &str, bounds: Bounds) -> Result<ServerHandle, String> {
    Server::bind(
        addr,
        ServeOptions {
            state: None,
            bounds,
            quiet: std::env::var_os("JUNQI_NET_LOG").is_none(),
            fault: None,
        },
    )
    .map(Server::spawn)
}

fn create(h: &ServerHandle) -> Client {
    Client::connect(&Request::Create {
        addr: h.addr().to_string(),
        players: 2,
        rules: Rules::for_mode(Mode::Hidden),
        name: "host".into(),
        pin: Some(h.public_key()),
        seat: None,
    })
    .unwrap()
}

fn join(invite: junqi::net::Invite) -> Result<Client, ClientError> {
    Client::connect(&Request::Join {
        invite,
        name: "guest".into(),
        seat: None,
    })
}

/// The short code as a player types it: the address, a blank, the four groups, a newline.
fn typed(c: &Client) -> JoinCode {
    let text = format!("  {}\n", ShortCode::of(&c.seated().invite));
    JoinCode::parse(&text).unwrap()
}

#[test]
fn a_short_code_joins_keeping_the_hosts_key_and_a_changed_key_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let known = KnownHosts::in_dir(dir.path());
    let h1 = serve("127.0.0.1:0", Bounds::default()).unwrap();
    let addr = h1.addr().to_string();
    let first = create(&h1);
    // First use: the key is asked of the host and kept; the invite is the room's whole invite.
    let code = typed(&first);
    let invite = resolve(&code, Some(&known)).unwrap();
    assert_eq!(invite, first.seated().invite);
    // The host's log says what the connection was: a key asked for, not a dropped player.
    wait_until("the host to log the key asked for", || {
        h1.log()
            .iter()
            .any(|l| l.contains("the host's key was asked for"))
    });
    assert!(
        !h1.log().iter().any(|l| l.contains("no request")),
        "{:?}",
        h1.log()
    );
    let kept = std::fs::read_to_string(known.path()).unwrap();
    assert!(
        kept.contains(&junqi::net::invite::encode(&h1.public_key())),
        "{kept}"
    );
    let guest = join(invite).unwrap();
    assert_eq!(guest.seated().seat, 1);
    guest.close();
    // The same host again: the kept key passes.
    let second = create(&h1);
    let again = resolve(&typed(&second), Some(&known)).unwrap();
    assert_eq!(again.host_key, h1.public_key());
    h1.stop();

    // Another host (another key) on the same address: refused before anything reaches a room.
    let until = Instant::now() + Duration::from_secs(30);
    let h2 = loop {
        match serve(&addr, Bounds::default()) {
            Ok(h) => break h,
            Err(e) => assert!(Instant::now() < until, "{e}"),
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let third = create(&h2);
    match resolve(&typed(&third), Some(&known)) {
        Err(ClientError::HostKey(KeyRefused::Changed(c))) => {
            assert_eq!(c.addr, addr);
            assert_eq!(c.known, junqi::net::invite::encode(&h1.public_key()));
            assert_eq!(c.offered, junqi::net::invite::encode(&h2.public_key()));
        }
        other => panic!("{other:?}"),
    }
    assert!(
        !h2.log().iter().any(|l| l.contains("wrong code")),
        "{:?}",
        h2.log()
    );
    // Without a known-hosts file the key is taken as presented.
    assert_eq!(
        resolve(&typed(&third), None).unwrap(),
        third.seated().invite
    );
    // The full invite carries the key: joining with it keeps the new key, and the short code
    // passes from then on.
    let full = JoinCode::parse(&third.seated().invite.to_string()).unwrap();
    resolve(&full, Some(&known)).unwrap();
    let invite = resolve(&typed(&third), Some(&known)).unwrap();
    join(invite).unwrap().close();
    h2.stop();
}

/// A short code holds the room's whole secret, so a guess is worth no more than a guess at the
/// invite: every wrong one costs a handshake the host counts, and past the bound the room is
/// locked against the guesser's address.
#[test]
fn wrong_short_codes_lock_the_room_as_wrong_invites_do() {
    let h = serve(
        "127.0.0.1:0",
        Bounds {
            wrong_codes: 3,
            ..Bounds::default()
        },
    )
    .unwrap();
    let first = create(&h);
    let good = ShortCode::of(&first.seated().invite);
    let guess = format!("{} {}-0000-0000", good.addr, &good.code()[..9]);
    for _ in 0..3 {
        let invite = resolve(&JoinCode::parse(&guess).unwrap(), None).unwrap();
        assert!(matches!(join(invite), Err(ClientError::Handshake(_))));
    }
    wait_until("the room to be locked", || {
        h.log().iter().any(|l| l.contains("locked"))
    });
    let invite = resolve(&JoinCode::Short(good), None).unwrap();
    match join(invite) {
        Err(ClientError::Refused(Farewell::Locked)) => {}
        other => panic!("{:?}", other.map(|_| ())),
    }
    h.stop();
}
