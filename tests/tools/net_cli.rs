//! `junqi serve` and `junqi connect` as processes on loopback: a game created and joined through
//! the built binary, played to its end; bad invites and unreachable hosts exit 2 with a message;
//! the host's key outlives a restart with the same `--state`.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_junqi");

/// A host on a free port; the child and its address and key (from its first log line).
fn serve(state: Option<&std::path::Path>) -> (Child, String, String) {
    let mut cmd = Command::new(BIN);
    cmd.args(["serve", "--listen", "127.0.0.1:0"]);
    if let Some(s) = state {
        cmd.arg("--state").arg(s);
    }
    let mut child = cmd
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    // "serve: listening on 127.0.0.1:PORT, host key KEY"
    let addr = listening_addr(&line);
    let key = line.split("host key ").nth(1).unwrap().trim().to_string();
    // Keep draining the log so the host never blocks on it.
    std::thread::spawn(move || for _ in err.lines() {});
    (child, addr, key)
}

/// The address in the host's first log line ("serve: listening on 127.0.0.1:PORT, host key
/// KEY").
pub(crate) fn listening_addr(line: &str) -> String {
    let after = line
        .split("listening on ")
        .nth(1)
        .expect("a listening line");
    after.split(',').next().unwrap_or(after).to_string()
}

/// `--known-hosts` in a folder of the test's own: hosts on random ports present new keys each
/// run, which must neither touch the user's file nor meet an old key for a reused port.
pub(crate) fn own_known_hosts(dir: &tempfile::TempDir) -> [String; 2] {
    [
        "--known-hosts".into(),
        dir.path().join("known-hosts").display().to_string(),
    ]
}

pub(crate) struct Killed(pub(crate) Child);
impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub(crate) fn wait_out(mut c: Child, limit: Duration) -> (i32, String, String) {
    let until = Instant::now() + limit;
    loop {
        if let Some(st) = c.try_wait().unwrap() {
            let mut out = String::new();
            let mut err = String::new();
            use std::io::Read;
            if let Some(mut o) = c.stdout.take() {
                o.read_to_string(&mut out).unwrap();
            }
            if let Some(mut e) = c.stderr.take() {
                e.read_to_string(&mut err).unwrap();
            }
            return (st.code().unwrap_or(-1), out, err);
        }
        if Instant::now() > until {
            let _ = c.kill();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_game_created_and_joined_by_the_binary_ends_with_a_result_line() {
    let (host, addr, key) = serve(None);
    let _host = Killed(host);
    // (The key given is kept as the address's: in a file of the test's own.)
    let known = tempfile::tempdir().unwrap();
    let mut a = Command::new(BIN)
        .args([
            "connect",
            &addr,
            "--create",
            "--players",
            "2",
            "--mode",
            "hidden",
            "--as",
            "random",
        ])
        .args(["--host-key", &key])
        .args(own_known_hosts(&known))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(a.stdout.take().unwrap());
    let mut invite = String::new();
    out.read_line(&mut invite).unwrap();
    let invite = invite.trim().to_string();
    assert!(invite.starts_with(&format!("junqi://{addr}/")), "{invite}");
    assert!(invite.ends_with(&key));
    // The other seat joins by the address and room code, as read out: the host's key is asked
    // of the host and kept.
    let short = junqi::net::join_code::ShortCode::of(&junqi::net::Invite::parse(&invite).unwrap());
    let b_known = tempfile::tempdir().unwrap();
    let b = Command::new(BIN)
        .args(["connect", &short.to_string(), "--as", "random"])
        .args(own_known_hosts(&b_known))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (code, b_out, b_err) = wait_out(b, Duration::from_secs(60));
    assert_eq!(code, 0, "{b_err}");
    assert!(
        b_out
            .trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("result: "),
        "{b_out}"
    );
    let mut rest = String::new();
    use std::io::Read;
    out.read_to_string(&mut rest).unwrap();
    assert!(rest.trim_end().starts_with("audit: honest: "), "{rest}");
    assert_eq!(
        last_line(&rest),
        last_line(&b_out),
        "both seats print the same result"
    );
    // Each seat checked the host: the same reports, each its own views.
    for out in [&rest, &b_out] {
        assert!(out.contains("audit: honest: "), "{out}");
    }
    assert!(a.wait().unwrap().success());
    let kept = std::fs::read_to_string(b_known.path().join(junqi::net::known_hosts::FILE)).unwrap();
    assert!(kept.contains(&key), "{kept}");
}

/// An outside engine plays a network seat (`--as engine:CMD`, here the program's own `junqi
/// engine`), in a room with a move clock, to the end against a built-in player.
#[test]
fn an_outside_engine_plays_a_network_seat_to_the_end() {
    let (host, addr, _) = serve(None);
    let _host = Killed(host);
    let engine = format!("engine:{BIN} engine --level easy --nodes 200");
    let known = tempfile::tempdir().unwrap();
    let mut a = Command::new(BIN)
        .args(["connect", &addr, "--create", "--mode", "hidden"])
        .args(own_known_hosts(&known))
        .args(["--move-clock", "30", "--as", &engine])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(a.stdout.take().unwrap());
    let mut invite = String::new();
    out.read_line(&mut invite).unwrap();
    let b = Command::new(BIN)
        .args(["connect", invite.trim(), "--as", "random"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (code, b_out, b_err) = wait_out(b, Duration::from_secs(120));
    assert_eq!(code, 0, "{b_err}");
    let mut rest = String::new();
    use std::io::Read;
    out.read_to_string(&mut rest).unwrap();
    let mut err = String::new();
    a.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(a.wait().unwrap().success(), "{err}");
    assert_eq!(last_line(&rest), last_line(&b_out), "{rest}\n{err}");
    assert!(last_line(&rest).starts_with("result: "), "{rest}");
    // A game played, not one lost by a seat that failed.
    assert!(
        !rest.contains("forfeit") && !err.contains("refused"),
        "{rest}\n{err}"
    );
    for out in [&rest, &b_out] {
        assert!(out.contains("audit: honest: "), "{out}");
    }
}

#[test]
fn bad_invites_unreachable_hosts_and_wrong_codes_exit_2_with_a_message() {
    let run = |args: &[&str]| {
        let c = Command::new(BIN)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        wait_out(c, Duration::from_secs(30))
    };
    let (code, out, err) = run(&[
        "connect",
        "junqi://127.0.0.1:9/AAAAAA-BBBBBBBBBB/X",
        "--as",
        "random",
    ]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("host key"), "{err}");
    let (code, _, err) = run(&["connect", "127.0.0.1", "--create", "--as", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("port"), "{err}");
    // A port nobody listens on.
    let free = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let (code, _, err) = run(&["connect", &free.to_string(), "--create", "--as", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("connect"), "{err}");
    let (code, _, err) = run(&["connect", &free.to_string(), "--create", "--as", "nobody"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown player"), "{err}");
    // A seat the room does not have, or no seat at all.
    let (code, out, err) = run(&[
        "connect",
        &free.to_string(),
        "--create",
        "--seat",
        "3",
        "--as",
        "random",
    ]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("--seat: 3 is not a seat of 2 players"),
        "{err}"
    );
    let (code, _, err) = run(&[
        "connect",
        &free.to_string(),
        "--seat",
        "0",
        "--as",
        "random",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--seat"), "{err}");
    // A waiting room's life out of bounds: nothing listens.
    for hours in ["0", "8761", "a day"] {
        let (code, out, err) = run(&["serve", "--listen", "127.0.0.1:0", "--waiting-hours", hours]);
        assert_eq!(code, 2, "{hours}");
        assert!(out.is_empty());
        assert!(err.contains("--waiting-hours"), "{err}");
        assert!(err.contains("1 to 8760"), "{err}");
    }
    // A wrong code on a real host.
    let (host, addr, key) = serve(None);
    let _host = Killed(host);
    let known = tempfile::tempdir().unwrap();
    let mut a = Command::new(BIN)
        .args(["connect", &addr, "--create", "--as", "random"])
        .args(own_known_hosts(&known))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut invite = String::new();
    BufReader::new(a.stdout.take().unwrap())
        .read_line(&mut invite)
        .unwrap();
    let room = invite
        .trim()
        .split('/')
        .nth(3)
        .unwrap()
        .split('-')
        .next()
        .unwrap()
        .to_string();
    let wrong = format!("junqi://{addr}/{room}-0000000000/{key}");
    let (code, _, err) = run(&["connect", &wrong, "--as", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("handshake"), "{err}");
    let _ = a.kill();
    let _ = a.wait();
}

#[test]
fn the_host_key_outlives_a_restart_with_the_same_state_folder() {
    let dir = tempfile::tempdir().unwrap();
    let (h1, _, key1) = serve(Some(dir.path()));
    drop(Killed(h1));
    let (h2, _, key2) = serve(Some(dir.path()));
    drop(Killed(h2));
    assert_eq!(key1, key2);
    assert_eq!(key1.len(), 52);
    let (h3, _, key3) = serve(None);
    drop(Killed(h3));
    assert_ne!(key1, key3);
}

/// A host on `listen` with `--state`, its log lines sent on a channel.
pub(crate) fn serve_logged(
    listen: &str,
    state: &std::path::Path,
) -> (Child, std::sync::mpsc::Receiver<String>) {
    let mut child = Command::new(BIN)
        .args(["serve", "--listen", listen, "--state"])
        .arg(state)
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let err = BufReader::new(child.stderr.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in err.lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    (child, rx)
}

#[test]
fn a_host_killed_mid_game_resumes_from_its_state_and_the_clients_rejoin() {
    let dir = tempfile::tempdir().unwrap();
    let (mut host, log) = serve_logged("127.0.0.1:0", dir.path());
    let first = log.recv_timeout(crate::common::PATIENCE).unwrap();
    let addr = listening_addr(&first);
    // Seats slow enough to be caught mid-game: the computer at a small node budget.
    let spec = "ai:easy:nodes=300";
    let known = tempfile::tempdir().unwrap();
    let mut a = Command::new(BIN)
        .args([
            "connect", &addr, "--create", "--mode", "hidden", "--as", spec, "--retry", "30",
        ])
        .args(own_known_hosts(&known))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut a_out = BufReader::new(a.stdout.take().unwrap());
    let mut invite = String::new();
    a_out.read_line(&mut invite).unwrap();
    let b = Command::new(BIN)
        .args(["connect", invite.trim(), "--as", spec, "--retry", "30"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the room's file to hold a few turns, then kill the host outright.
    let rooms = dir.path().join("rooms");
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let plies = std::fs::read_dir(&rooms)
            .ok()
            .and_then(|mut d| d.next())
            .and_then(|e| std::fs::read_to_string(e.ok()?.path()).ok())
            .map_or(0, |t| {
                t.matches("Turn(").count() + t.matches("turn:").count()
            });
        if plies >= 4 {
            break;
        }
        assert!(Instant::now() < until, "no saved turns");
        std::thread::sleep(Duration::from_millis(10));
    }
    host.kill().unwrap(); // SIGKILL
    host.wait().unwrap();
    let (host2, log2) = serve_logged(&addr, dir.path());
    let _host2 = Killed(host2);
    let (code, b_out, _) = wait_out(b, Duration::from_secs(90));
    assert_eq!(code, 0);
    assert!(
        b_out
            .trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("result: "),
        "{b_out}"
    );
    let mut rest = String::new();
    use std::io::Read;
    a_out.read_to_string(&mut rest).unwrap();
    assert!(a.wait().unwrap().success());
    assert_eq!(last_line(&rest), last_line(&b_out));
    // The host that restarted kept its commitment (the salts are in its state folder): both
    // players' audits pass over both stretches of their connections.
    for out in [&rest, &b_out] {
        assert!(out.contains("audit: honest: "), "{out}");
    }
    let lines: Vec<String> = log2.try_iter().collect();
    assert!(
        lines.iter().any(|l| l.contains("resumed after")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("rejoined")), "{lines:?}");
}

/// The last line of a command's output.
pub(crate) fn last_line(out: &str) -> &str {
    out.trim_end().lines().last().unwrap_or("")
}

/// `junqi connect --create` refuses a host presenting another key than the one kept for its
/// address (`--known-hosts`): exit 2, the message naming both keys and how to accept the new
/// one, the file left as it was.
#[test]
fn connect_refuses_a_host_whose_key_changed() {
    let (host, addr, key) = serve(None);
    let _host = Killed(host);
    let known = tempfile::tempdir().unwrap();
    let [flag, file] = own_known_hosts(&known);
    let old = "0".repeat(52);
    let text = format!("junqi known hosts 1\n{addr} {old}\n");
    std::fs::write(&file, &text).unwrap();
    let c = Command::new(BIN)
        .args(["connect", &addr, "--create", "--as", "random", &flag, &file])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (code, out, err) = wait_out(c, Duration::from_secs(30));
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    for words in [key.as_str(), &old, "--accept-new-host-key"] {
        assert!(err.contains(words), "no {words} in {err}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
}

/// An engine for `--as engine:…` that answers the handshake and the formation and never a `go`:
/// its seat's turn waits (it ends when its input closes).
pub(crate) fn never_moves() -> String {
    "engine:sh -c 'while IFS= read -r l; do case \"$l\" in \"junqi \"*) echo \"junqiok 1\";; \
     \"formation?\") echo \"formation 43635/B+2+B/91+18/7+5+7/3M642/MFM21\";; esac; done'"
        .into()
}

/// Lines of a child's standard error, as they come.
pub(crate) fn lines_of(
    r: impl std::io::Read + Send + 'static,
) -> std::sync::mpsc::Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(r).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    rx
}

/// Wait for a line containing `text` on `rx`, keeping every line seen in `seen`.
pub(crate) fn wait_for_line(
    rx: &std::sync::mpsc::Receiver<String>,
    seen: &mut Vec<String>,
    text: &str,
) {
    crate::common::wait_until(&format!("a line with {text:?} in {seen:?}"), || {
        seen.extend(rx.try_iter());
        seen.iter().any(|l| l.contains(text))
    });
}

/// Seats count from 1 for people on both sides: `junqi connect --seat 1` asking for the seat
/// the room's creator took is refused as "seat 1 is taken", and the host's log names the joiner
/// seat 2. A `junqi connect` killed with `kill -9` mid-game keeps its seat on disk (privately:
/// 0600, in a 0700 folder of the data folder, keyed by the room): started again with the same
/// invite it takes the seat back, and the host says "seat 2 rejoined".
#[test]
fn a_connect_killed_mid_game_takes_its_seat_back_with_the_same_invite() {
    let state = tempfile::tempdir().unwrap();
    let (host, log) = serve_logged("127.0.0.1:0", state.path());
    let _host = Killed(host);
    let mut seen = Vec::new();
    wait_for_line(&log, &mut seen, "listening on ");
    let first = seen.iter().find(|l| l.contains("listening on ")).unwrap();
    let addr = &listening_addr(first);
    let (data_a, data_b, known) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    let connect = |data: &tempfile::TempDir, args: &[&str]| {
        Command::new(BIN)
            .arg("connect")
            .args(args)
            .env("XDG_DATA_HOME", data.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    // Red (seat 1) never moves: the game waits on it.
    let red_as = never_moves();
    let [kh, kh_file] = own_known_hosts(&known);
    let mut a = connect(
        &data_a,
        &[
            addr, "--create", "--mode", "hidden", "--as", &red_as, &kh, &kh_file,
        ],
    );
    let mut a_out = BufReader::new(a.stdout.take().unwrap());
    let mut invite = String::new();
    a_out.read_line(&mut invite).unwrap();
    let invite = invite.trim().to_string();
    let _a = Killed(a);
    // Seat 1 is Red's: said so, counted as --seat counts.
    let taken = connect(&data_b, &[&invite, "--seat", "1", "--as", "random"]);
    let (code, _, err) = wait_out(taken, crate::common::PATIENCE);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("seat 1 is taken"), "{err}");
    // Blue joins, and is killed outright once the game waits on Red.
    let mut b = connect(&data_b, &[&invite, "--as", "random"]);
    let b_err = lines_of(b.stderr.take().unwrap());
    wait_for_line(&log, &mut seen, "seat 2 taken");
    let mut b_seen = Vec::new();
    wait_for_line(&b_err, &mut b_seen, "connect: seat 2 of 2");
    let seats = data_b.path().join("junqi").join("connect-seats");
    let kept = || {
        std::fs::read_dir(&seats)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|x| x == "seat"))
    };
    crate::common::wait_until("the seat kept", || kept().is_some());
    let file = kept().unwrap();
    let room = invite
        .rsplit('/')
        .nth(1)
        .unwrap()
        .split('-')
        .next()
        .unwrap();
    assert_eq!(file.file_stem().unwrap().to_str(), Some(room), "{file:?}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("junqi seat 1\n1 "), "{text}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&file), 0o600);
        assert_eq!(mode(&seats), 0o700);
    }
    b.kill().unwrap(); // SIGKILL
    b.wait().unwrap();
    // Started again with the same invite: the seat is taken back.
    let mut b2 = connect(&data_b, &[&invite, "--as", "random"]);
    let b2_err = lines_of(b2.stderr.take().unwrap());
    let _b2 = Killed(b2);
    let mut b2_seen = Vec::new();
    wait_for_line(&b2_err, &mut b2_seen, "connect: seat 2 of 2 (taken back)");
    wait_for_line(&log, &mut seen, "seat 2 rejoined");
}
