//! Nobody falls out of a network game: `junqi connect` takes its seat back through handshakes
//! cut mid-way, after a pause longer than the host waits for a silent connection (a laptop
//! asleep), and a host killed after saving a game's last turn, before telling anyone, ends the
//! game for every player when it starts again. All on loopback, with the built binary.

use crate::net_cli::{
    BIN, Killed, last_line, lines_of, listening_addr, never_moves, own_known_hosts, wait_for_line,
    wait_out,
};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// `junqi serve` on 127.0.0.1 (`listen`: a port, or 0 for a free one) with `--state` and
/// `extra`; the child, its address, and its log: the lines up to the one naming the address,
/// and the rest as they come.
fn serve(
    listen: &str,
    state: &std::path::Path,
    extra: &[&str],
) -> (Child, String, (Vec<String>, Receiver<String>)) {
    let mut child = Command::new(BIN)
        .args(["serve", "--listen", listen, "--state"])
        .arg(state)
        .args(extra)
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let log = lines_of(child.stderr.take().unwrap());
    let mut seen = Vec::new();
    wait_for_line(&log, &mut seen, "listening on ");
    let first = seen.iter().find(|l| l.contains("listening on ")).unwrap();
    let addr = listening_addr(first);
    (child, addr, (seen, log))
}

/// `junqi connect ARGS` with a data folder of its own, its output piped.
fn connect(data: &tempfile::TempDir, args: &[&str]) -> Child {
    Command::new(BIN)
        .arg("connect")
        .args(args)
        .env("XDG_DATA_HOME", data.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The creator of a room: its process, the room's invite, and the rest of its standard output
/// (read on a thread of its own).
struct Creator {
    child: Child,
    invite: String,
    out: std::thread::JoinHandle<String>,
}

/// Create a hidden two-player room on `addr`, its seat played by `spec`.
fn create(data: &tempfile::TempDir, known: &tempfile::TempDir, addr: &str, spec: &str) -> Creator {
    let [kh, kh_file] = own_known_hosts(known);
    let mut a = connect(
        data,
        &[
            addr, "--create", "--mode", "hidden", "--as", spec, "--retry", "60", &kh, &kh_file,
        ],
    );
    let mut out = BufReader::new(a.stdout.take().unwrap());
    let mut invite = String::new();
    out.read_line(&mut invite).unwrap();
    let out = std::thread::spawn(move || {
        let mut rest = String::new();
        let _ = out.read_to_string(&mut rest);
        rest
    });
    Creator {
        child: a,
        invite: invite.trim().to_string(),
        out,
    }
}

/// The invite with its address replaced by `addr`.
fn through(invite: &str, addr: &str) -> String {
    let rest = invite.strip_prefix("junqi://").unwrap();
    let (_, tail) = rest.split_once('/').unwrap();
    format!("junqi://{addr}/{tail}")
}

/// Copy `from` into `to` until either ends, then end both; the count of bytes copied is
/// watched by `cut`, which ends both once it says so.
fn pipe(mut from: TcpStream, mut to: TcpStream, cut: impl Fn(usize) -> bool + Send + 'static) {
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        let mut total = 0usize;
        loop {
            match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if to.write_all(&buf[..n]).is_err() {
                        break;
                    }
                    total += n;
                    if cut(total) {
                        break;
                    }
                }
            }
        }
        let _ = from.shutdown(Shutdown::Both);
        let _ = to.shutdown(Shutdown::Both);
    });
}

/// A connection's handshake cut mid-way: the preamble and its answer pass, then the client's
/// first handshake message, and the line goes dead before the host's answer.
fn cut_mid_handshake(mut client: TcpStream, mut host: TcpStream) {
    let mut pre = [0u8; 11];
    let mut answer = [0u8; 1];
    let mut len = [0u8; 2];
    let _ = (|| -> std::io::Result<()> {
        client.read_exact(&mut pre)?;
        host.write_all(&pre)?;
        host.read_exact(&mut answer)?;
        client.write_all(&answer)?;
        client.read_exact(&mut len)?;
        let mut frame = vec![0u8; usize::from(u16::from_be_bytes(len))];
        client.read_exact(&mut frame)?;
        host.write_all(&len)?;
        host.write_all(&frame)
    })();
    let _ = client.shutdown(Shutdown::Both);
    let _ = host.shutdown(Shutdown::Both);
}

/// A proxy on loopback to `target`: its first connection is cut once the host has sent it
/// `cut_after` bytes (mid-game), the next `cut_handshakes` are cut mid-handshake, and the rest
/// pass. Its address.
fn cutting_proxy(target: String, cut_after: usize, cut_handshakes: usize) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for (k, client) in listener.incoming().enumerate() {
            let Ok(client) = client else { return };
            let Ok(host) = TcpStream::connect(&target) else {
                return;
            };
            if (1..=cut_handshakes).contains(&k) {
                std::thread::spawn(move || cut_mid_handshake(client, host));
                continue;
            }
            let (c2, h2) = (client.try_clone().unwrap(), host.try_clone().unwrap());
            let limit = if k == 0 { cut_after } else { usize::MAX };
            pipe(client, host, |_| false);
            pipe(h2, c2, move |n| n >= limit);
        }
    });
    addr
}

/// A player's program ended (exit 0) with `result:` after an honest audit: its standard output
/// and error.
fn ended_honestly(c: Child) -> (String, String) {
    let (code, out, err) = wait_out(c, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    assert!(last_line(&out).starts_with("result: "), "{out}");
    assert!(out.contains("audit: honest: "), "{out}");
    (out, err)
}

/// Both players ended with the same `result:` line, each after an honest audit; the joiner's
/// standard error.
fn both_ended_honestly(a: Creator, b: Child) -> String {
    let (out_b, err_b) = ended_honestly(b);
    let (code_a, _, err_a) = wait_out(a.child, Duration::from_secs(120));
    assert_eq!(code_a, 0, "{err_a}");
    let out_a = a.out.join().unwrap();
    assert!(out_a.contains("audit: honest: "), "{out_a}");
    assert_eq!(last_line(&out_a), last_line(&out_b));
    err_b
}

/// A rejoin whose handshakes are cut (twice in a row, after the connection broke mid-game)
/// tries again, with a growing pause, and takes its seat back: the game ends for both players
/// with the same result and honest audits. (It gave up at the first cut handshake, exit 2.)
#[test]
fn a_rejoin_survives_handshakes_cut_mid_way() {
    let state = tempfile::tempdir().unwrap();
    let (host, addr, (mut seen, log)) = serve("127.0.0.1:0", state.path(), &[]);
    let _host = Killed(host);
    let (data_a, data_b, known) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    let a = create(&data_a, &known, &addr, "random");
    let proxy = cutting_proxy(addr.clone(), 3000, 2);
    let b = connect(
        &data_b,
        &[
            &through(&a.invite, &proxy),
            "--as",
            "random",
            "--retry",
            "60",
        ],
    );
    let err = both_ended_honestly(a, b);
    assert!(err.contains("the connection broke"), "{err}");
    assert_eq!(
        err.matches("rejoining: refused: the handshake failed")
            .count(),
        2,
        "{err}"
    );
    wait_for_line(&log, &mut seen, "seat 2 rejoined");
}

/// Stop (`SIGSTOP`) or continue (`SIGCONT`) a process.
fn signal(c: &Child, sig: &str) {
    let ok = Command::new("kill")
        .args([sig, &c.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
}

/// Wait until the room file in `state` holds `plies` turns or more.
fn saved_turns(state: &std::path::Path, plies: usize) {
    let rooms = state.join("rooms");
    crate::common::wait_until(&format!("{plies} saved turns"), || {
        std::fs::read_dir(&rooms)
            .ok()
            .and_then(|mut d| d.next())
            .and_then(|e| std::fs::read_to_string(e.ok()?.path()).ok())
            .is_some_and(|t| t.matches("Turn(").count() + t.matches("turn:").count() >= plies)
    });
}

/// A player whose program stops longer than the host waits for a silent connection (a laptop
/// asleep: `SIGSTOP`, with `junqi serve --idle-seconds 20` standing for the 60 s a host waits
/// and 90 s of sleep) finds its connection dropped when it wakes (`SIGCONT`), takes its seat
/// back with its token, and the game ends for both with the same result and honest audits.
#[test]
fn a_player_paused_past_the_hosts_patience_takes_its_seat_back() {
    let state = tempfile::tempdir().unwrap();
    let (host, addr, (mut seen, log)) =
        serve("127.0.0.1:0", state.path(), &["--idle-seconds", "20"]);
    let _host = Killed(host);
    let (data_a, data_b, known) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    // Seats slow enough to be caught mid-game: the computer at a small node budget.
    let spec = "ai:easy:nodes=300";
    let a = create(&data_a, &known, &addr, spec);
    let b = connect(&data_b, &[&a.invite, "--as", spec, "--retry", "60"]);
    saved_turns(state.path(), 4);
    signal(&b, "-STOP");
    wait_for_line(&log, &mut seen, "dropped: timed out");
    signal(&b, "-CONT");
    let err = both_ended_honestly(a, b);
    assert!(
        err.contains("rejoining") || err.contains("the connection broke"),
        "{err}"
    );
    wait_for_line(&log, &mut seen, "seat 2 rejoined");
}

/// A host killed after saving a game's last turn and before telling anyone (here: the room's
/// file holds Red's resignation as its last action, which no player heard of) takes the room
/// up over when it starts again: both players rejoin and end with `result:` and an honest
/// audit. (It said "not resumed: the game is over", and the players got "no such room".)
#[test]
fn a_game_saved_over_but_untold_ends_for_every_player_after_a_restart() {
    let state = tempfile::tempdir().unwrap();
    let (mut host, addr, (mut seen, log)) = serve("127.0.0.1:0", state.path(), &[]);
    let (data_a, data_b, known) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    // Red never moves: the game waits on its first turn.
    let a = create(&data_a, &known, &addr, &never_moves());
    let b = connect(&data_b, &[&a.invite, "--as", "random", "--retry", "60"]);
    let rooms = state.path().join("rooms");
    let room_file = || {
        std::fs::read_dir(&rooms)
            .ok()?
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|x| x == "room"))
    };
    crate::common::wait_until("the game saved", || {
        room_file()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .is_some_and(|t| t.contains("\nrecord\n"))
    });
    wait_for_line(&log, &mut seen, "the game starts");
    host.kill().unwrap(); // SIGKILL
    host.wait().unwrap();
    // Red's program waits on its engine, which never answers: it is killed too, and started
    // again (it takes its seat back, kept on disk, once the host is back).
    let Creator {
        child: mut red,
        invite,
        ..
    } = a;
    red.kill().unwrap();
    red.wait().unwrap();
    // The last action saved, nobody told.
    let path = room_file().unwrap();
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    f.write_all(b"act Resign(Red)\n").unwrap();
    drop(f);
    let (host2, _, (mut seen2, log2)) = serve(&addr, state.path(), &[]);
    let _host2 = Killed(host2);
    let red = connect(&data_a, &[&invite, "--as", &never_moves(), "--retry", "60"]);
    let (out_b, err_b) = ended_honestly(b);
    assert!(err_b.contains("rejoining"), "{err_b}");
    let (out_red, err_red) = ended_honestly(red);
    assert!(err_red.contains("(taken back)"), "{err_red}");
    assert_eq!(last_line(&out_red), last_line(&out_b));
    assert_eq!(last_line(&out_b), "result: blue-wins resignation");
    wait_for_line(&log2, &mut seen2, "resumed over after");
    wait_for_line(&log2, &mut seen2, "plies: ");
    assert!(!path.exists(), "the finished game's file is removed");
}
