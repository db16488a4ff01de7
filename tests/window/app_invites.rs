//! Invites that travel, in the window: the program opened with a `junqi:` link fills the join
//! form (a bad link says what is wrong), the host form chooses where the room listens (and says
//! why an address cannot be listened on) and remembers the name, the lobby offers the link and
//! the short room code, and another window joins by the short code pasted with blanks around it.

use crate::common;
use crate::common::step_until;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::settings::ListenOn;
use junqi::app::{JunqiApp, Screen};
use junqi::i18n::Lang;

use super::app_remote::{shows, type_into};

fn field_value(h: &Harness<'static, JunqiApp>, label: &str) -> String {
    h.get_by_label(label)
        .accesskit_node()
        .value()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn a_link_fills_the_join_form_and_a_bad_link_says_what_is_wrong() {
    let (_dir, mut h) = common::window();
    h.state_mut()
        .open_link("junqi://join/192.0.2.7:7474/k7m2-qx8d-3fz9-wq4r/");
    h.run();
    assert_eq!(
        field_value(&h, "Invite or room code"),
        "192.0.2.7:7474 K7M2-QX8D-3FZ9-WQ4R"
    );
    assert!(h.query_by_label("Connect").is_some());
    assert!(!shows(&h, "cannot be opened"));
    // The full invite's link fills in the invite.
    let invite = format!(
        "junqi://192.0.2.7:7474/K7M2QX-8D3FZ9WQ4R/{}",
        "0".repeat(52)
    );
    h.state_mut()
        .open_link(&invite.replace("junqi://", "junqi://join/"));
    h.run();
    assert_eq!(field_value(&h, "Invite or room code"), invite);
    // A link cut short: shown as given, with what is wrong, in either language.
    let bad = "junqi://join/192.0.2.7:7474/K7M2-QX8D";
    h.state_mut().open_link(bad);
    h.run();
    assert_eq!(field_value(&h, "Invite or room code"), bad);
    assert!(shows(
        &h,
        "This link cannot be opened: the room code has 8 characters, not 16"
    ));
    h.state_mut().settings.lang = Lang::Zh;
    h.state_mut().open_link(bad);
    h.run();
    assert!(shows(&h, "这个链接打不开：房间码有 8 个字符，应为 16 个"));
}

/// Type into the "This address" field (its radio button bears the same name).
fn type_listen_address(h: &mut Harness<'static, JunqiApp>, text: &str) {
    let field = || {
        egui_kittest::kittest::By::new()
            .role(egui::accesskit::Role::TextInput)
            .label("This address")
    };
    h.get(field()).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.key_press(egui::Key::Backspace);
    h.run();
    h.get(field()).type_text(text);
    h.run();
}

fn open_room(h: &mut Harness<'static, JunqiApp>) {
    common::click(h, "Open the room");
}

/// The host form over the real network: a port in use, an address not this computer's and one
/// that is not an address are each refused with why; this computer only opens the room on
/// 127.0.0.1, whose lobby offers the invite, its link and the short code; the name and the
/// choice are remembered; another window joins by the short code pasted with blanks around it,
/// keeping the host's key.
#[test]
fn the_host_form_chooses_where_to_listen_and_a_second_window_joins_by_short_code() {
    let (_dir, mut h) = common::window();
    common::click(&mut h, "Host a network game…");
    assert!(
        h.query_by_label("All networks (other computers can join)")
            .is_some()
    );
    common::click(&mut h, "This computer only (127.0.0.1)");
    type_into(&mut h, "Your name", "Mei");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    type_into(&mut h, "Port", &port.to_string());
    open_room(&mut h);
    assert!(
        shows(
            &h,
            &format!("Cannot open a server on 127.0.0.1:{port}: the port is in use")
        ),
        "{:?}",
        common::leak::texts(&h)
    );
    drop(taken);
    // Typing an address chooses it.
    type_listen_address(&mut h, "not-an-address");
    open_room(&mut h);
    assert!(shows(
        &h,
        "'not-an-address' is not an IP address to listen on"
    ));
    type_listen_address(&mut h, "192.0.2.1");
    open_room(&mut h);
    assert!(
        shows(
            &h,
            &format!(
                "Cannot open a server on 192.0.2.1:{port}: that address is not one of this \
                 computer's"
            )
        ),
        "{:?}",
        common::leak::texts(&h)
    );
    common::click(&mut h, "This computer only (127.0.0.1)");
    type_into(&mut h, "Port", "0");
    open_room(&mut h);
    step_until(
        &mut h,
        "the room's invite",
        |h| matches!(&h.state().screen, Screen::Remote(r) if r.invite.is_some()),
    );
    h.run();
    let invite = match &h.state().screen {
        Screen::Remote(r) => r.invite.clone().unwrap(),
        _ => unreachable!(),
    };
    assert!(invite.starts_with("junqi://127.0.0.1:"), "{invite}");
    let net = h.state().settings.net.clone();
    assert_eq!(net.name.as_deref(), Some("Mei"));
    assert_eq!(net.listen, ListenOn::Local);
    let parsed = junqi::net::Invite::parse(&invite).unwrap();
    let short = junqi::net::join_code::ShortCode::of(&parsed);
    assert!(shows(&h, &short.code()));
    h.get_by_label("Copy link").click();
    h.step();
    let link = format!("junqi://join/{}", &invite["junqi://".len()..]);
    assert!(
        h.output()
            .platform_output
            .commands
            .iter()
            .any(|c| matches!(c, egui::OutputCommand::CopyText(t) if *t == link)),
        "{link}"
    );
    h.run();
    // Another window, its own data folder, joins by the code pasted with a newline around it.
    let (dir2, mut j) = common::window();
    common::click(&mut j, "Join a network game…");
    type_into(&mut j, "Your name", "Li");
    type_into(&mut j, "Invite or room code", "");
    j.get_by_label("Invite or room code").focus();
    j.run();
    j.event(egui::Event::Paste(format!("\n {short} \n")));
    j.run();
    common::click(&mut j, "Connect");
    step_until(&mut j, "the seat taken by short code", |j| {
        j.run();
        matches!(&j.state().screen, Screen::Remote(r)
            if r.room.as_ref().is_some_and(|room| room.you == Some(1)))
    });
    let known = std::fs::read_to_string(dir2.path().join(junqi::net::known_hosts::FILE))
        .expect("the host's key kept");
    assert!(known.contains(&junqi::net::invite::encode(&parsed.host_key)));
    step_until(&mut h, "the host to see Li at Blue's seat", |h| {
        h.run();
        shows(h, "Blue Li")
    });
    // The joiner's lobby comes on its own connection: wait for it, not for the host's.
    step_until(&mut j, "the joiner to see Mei at Red's seat", |j| {
        j.run();
        shows(j, "Red Mei")
    });
}

/// The name and where the room listens are offered again: after a room opened as "Mei" on this
/// computer only, the join form and the host form fill in "Mei", and the host form has this
/// computer chosen.
#[test]
fn the_forms_offer_the_name_and_listening_choice_given_last() {
    let (_dir, mut h, _far, hosted) = super::app_remote::window_with_network();
    common::click(&mut h, "Host a network game…");
    type_into(&mut h, "Your name", "Mei");
    common::click(&mut h, "This computer only (127.0.0.1)");
    type_into(&mut h, "Port", "0");
    open_room(&mut h);
    let spec = hosted.lock().unwrap().clone().expect("a room opened");
    assert_eq!(spec.listen, std::net::IpAddr::from([127, 0, 0, 1]));
    common::click(&mut h, "Leave");
    common::click(&mut h, "Join a network game…");
    assert_eq!(field_value(&h, "Your name"), "Mei");
    common::click(&mut h, "Back");
    common::click(&mut h, "Host a network game…");
    assert_eq!(field_value(&h, "Your name"), "Mei");
    let local = h.get_by_label("This computer only (127.0.0.1)");
    assert_eq!(
        local.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
}
