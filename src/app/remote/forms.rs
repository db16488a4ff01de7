//! The forms before a network game: "Join a network game" (an invite and a name), "Host a network
//! game" (players, mode, house rules, who sits where, the port) and the lobby (who has joined,
//! which seat is ours, the invite to pass on, Start).

use super::link::{HostSeat, HostSpec, LinkError, SeatWho, ServeFailure};
use super::{CopyWhat, JoinForm, Remote, RemoteCmd};
use crate::ai::Level;
use crate::app::newgame;
use crate::app::settings::{ListenOn, NetOptions};
use crate::engine::{Mode, Rules, Seat};
use crate::i18n::{self, Lang, fill, invites, net};
use crate::net::invite::Part;
use crate::net::join_code::{JoinCode, ShortCode};
use crate::net::{Farewell, InviteError};

/// What the host chooses before opening a room.
pub struct HostForm {
    pub rules: Rules,
    pub four: bool,
    /// Who sits in each seat, in the board's seat order.
    pub seats: Vec<HostSeat>,
    /// The port as typed.
    pub port: String,
    pub name: String,
    /// Where the room listens: every network, this computer only, or `listen_addr`.
    pub listen: ListenOn,
    /// The address to listen on as typed (for `ListenOn::Typed`).
    pub listen_addr: String,
}

/// The port a host form offers first.
pub const DEFAULT_PORT: u16 = 7465;

impl HostForm {
    /// The form for `rules`, the player's `name` and where the last room listened (`net`).
    pub fn new(rules: &Rules, four: bool, name: &str, net: &NetOptions) -> HostForm {
        let mut rules = rules.clone();
        if four && !rules.mode.offered_for_four() {
            newgame::pick_mode(&mut rules, Mode::Open);
        }
        HostForm {
            rules,
            four,
            seats: super::default_seats(four),
            port: DEFAULT_PORT.to_string(),
            name: name.into(),
            listen: net.listen,
            listen_addr: net.listen_addr.clone(),
        }
    }

    /// The board's seats.
    pub fn board_seats(&self) -> &'static [Seat] {
        if self.four { &Seat::FOUR } else { &Seat::BOTH }
    }

    /// The spec of the room, or why the form is not complete.
    ///
    /// # Errors
    /// A bad port, address to listen on or name, or not exactly one seat at this screen.
    pub fn spec(&self) -> Result<HostSpec, LinkError> {
        let port = self
            .port
            .trim()
            .parse::<u16>()
            .map_err(|_| LinkError::BadPort)?;
        let listen = self.listen_ip()?;
        if self.seats.iter().filter(|s| **s == HostSeat::Here).count() != 1 {
            return Err(LinkError::OneHere);
        }
        let name = super::link::clean_name(&self.name)?;
        let mut rules = self.rules.clone();
        if self.four && !rules.mode.offered_for_four() {
            newgame::pick_mode(&mut rules, Mode::Open);
        }
        Ok(HostSpec {
            rules,
            four: self.four,
            seats: self.seats.clone(),
            listen,
            port,
            name,
        })
    }

    /// The address to listen on: every network (0.0.0.0), this computer (127.0.0.1), or the
    /// typed IPv4 or IPv6 address (brackets around it are dropped).
    ///
    /// # Errors
    /// The typed address is not an IP address.
    pub fn listen_ip(&self) -> Result<std::net::IpAddr, LinkError> {
        use std::net::{IpAddr, Ipv4Addr};
        match self.listen {
            ListenOn::All => Ok(IpAddr::V4(Ipv4Addr::UNSPECIFIED)),
            ListenOn::Local => Ok(IpAddr::V4(Ipv4Addr::LOCALHOST)),
            ListenOn::Typed => {
                let typed = self.listen_addr.trim();
                let bare = typed
                    .strip_prefix('[')
                    .and_then(|t| t.strip_suffix(']'))
                    .unwrap_or(typed);
                bare.parse()
                    .map_err(|_| LinkError::BadListen(crate::protocol::clip(typed)))
            }
        }
    }
}

/// Why the form cannot go on, or why the connection ended, in `lang`.
pub fn problem_text(e: &LinkError, lang: Lang) -> String {
    match e {
        LinkError::BadInvite(why) => fill(
            lang.t(&net::ERR_BAD_INVITE),
            &[("e", &invite_error_text(why, lang))],
        ),
        LinkError::Refused(why) => farewell_text(*why, lang),
        LinkError::Broken => lang.t(&net::ERR_BROKEN).into(),
        LinkError::BadName => fill(
            lang.t(&net::ERR_NAME),
            &[("n", &super::link::MAX_NAME_CHARS.to_string())],
        ),
        LinkError::Unreachable(addr, why) => {
            fill(lang.t(&net::ERR_UNREACHABLE), &[("addr", addr), ("e", why)])
        }
        LinkError::WrongCode => lang.t(&net::ERR_WRONG_CODE).into(),
        LinkError::WrongKey => lang.t(&net::ERR_WRONG_KEY).into(),
        LinkError::HostKeyChanged(c) => fill(
            lang.t(&net::ERR_HOST_KEY_CHANGED),
            &[
                ("addr", c.addr.as_str()),
                ("known", c.known.as_str()),
                ("offered", c.offered.as_str()),
                ("file", &c.file.display().to_string()),
            ],
        ),
        LinkError::RoomFull => lang.t(&net::ERR_FULL).into(),
        LinkError::CannotServe(addr, why) => {
            let addr = &[("addr", addr.as_str())];
            match why {
                ServeFailure::InUse => fill(lang.t(&invites::ERR_LISTEN_IN_USE), addr),
                ServeFailure::NotHere => fill(lang.t(&invites::ERR_LISTEN_NOT_HERE), addr),
                ServeFailure::Other(e) => fill(
                    lang.t(&invites::ERR_LISTEN),
                    &[("addr", addr[0].1), ("e", e)],
                ),
            }
        }
        LinkError::BadListen(addr) => fill(lang.t(&invites::ERR_LISTEN_ADDR), &[("addr", addr)]),
        LinkError::BadLink(e) => fill(
            lang.t(&invites::ERR_BAD_LINK),
            &[("e", &invite_error_text(e, lang))],
        ),
        // The connection's own words are the program's English (or the system's): the
        // Chinese screen says only that it closed.
        LinkError::Closed(_) if lang == Lang::Zh => lang.t(&net::ERR_CLOSED_PLAIN).into(),
        LinkError::Closed(why) => fill(lang.t(&net::ERR_CLOSED), &[("e", why)]),
        LinkError::Other(why) => fill(lang.t(&net::ERR_OTHER), &[("e", why)]),
        LinkError::BadPort => lang.t(&net::ERR_PORT).into(),
        LinkError::OneHere => lang.t(&net::ERR_ONE_HERE).into(),
    }
}

/// Why the host refused or ended the connection, in `lang`. Seats are counted from 1 here, as
/// the screen counts them (the wire counts from 0).
pub fn farewell_text(why: Farewell, lang: Lang) -> String {
    let seat = |key: &crate::i18n::Text, k: u8| {
        fill(
            lang.t(key),
            &[("n", &crate::net::farewell::seat_number(k).to_string())],
        )
    };
    let key = match why {
        Farewell::SeatTaken(k) => return seat(&net::BYE_SEAT_TAKEN, k),
        Farewell::NoSeat(k) => return seat(&net::BYE_NO_SEAT, k),
        Farewell::WrongToken(k) => return seat(&net::BYE_TOKEN, k),
        Farewell::NoSuchRoom => &net::BYE_NO_ROOM,
        Farewell::Locked => &net::BYE_LOCKED,
        Farewell::OtherVersion => &net::BYE_VERSION,
        Farewell::HostBusy => &net::BYE_BUSY,
        Farewell::TooManyRooms => &net::BYE_ROOMS,
        Farewell::GameOver => &net::BYE_OVER,
        Farewell::RoomFull => &net::ERR_FULL,
        Farewell::BadRules => &net::BYE_RULES,
        Farewell::FourPlayerFlip => &net::BYE_FOUR_FLIP,
        Farewell::Replaced => &net::BYE_REPLACED,
        Farewell::Flood => &net::BYE_FLOOD,
        Farewell::OutOfPlace => &net::BYE_OUT_OF_PLACE,
        Farewell::Refused => &net::BYE_REFUSED,
    };
    lang.t(key).into()
}

/// What is wrong with an invite, in `lang`.
pub fn invite_error_text(e: &InviteError, lang: Lang) -> String {
    let part = |p: Part| {
        lang.t(match p {
            Part::Room => &net::PART_ROOM,
            Part::Secret => &net::PART_SECRET,
            Part::HostKey => &net::PART_KEY,
            Part::Code => &invites::PART_CODE,
        })
        .to_string()
    };
    let t = |key| lang.t(key).to_string();
    match e {
        InviteError::TooLong(n) => fill(lang.t(&net::INV_TOO_LONG), &[("n", &n.to_string())]),
        InviteError::Scheme => t(&net::INV_SCHEME),
        InviteError::Parts => t(&net::INV_PARTS),
        InviteError::NoDash => t(&net::INV_NO_DASH),
        InviteError::Char {
            part: p,
            ch,
            lookalike,
        } => fill(
            lang.t(if *lookalike {
                &net::INV_LOOKALIKE
            } else {
                &net::INV_CHAR
            }),
            &[("part", &part(*p)), ("ch", &ch.to_string())],
        ),
        InviteError::Length {
            part: p,
            has,
            needs,
        } => fill(
            lang.t(&net::INV_LENGTH),
            &[
                ("part", &part(*p)),
                ("has", &has.to_string()),
                ("needs", &needs.to_string()),
            ],
        ),
        InviteError::Ending(p) => fill(lang.t(&net::INV_ENDING), &[("part", &part(*p))]),
        InviteError::NoPort(addr) => fill(lang.t(&net::INV_NO_PORT), &[("addr", addr)]),
        InviteError::BadPort(port) => fill(lang.t(&net::INV_BAD_PORT), &[("port", port)]),
        InviteError::BadHost(host) => fill(lang.t(&net::INV_BAD_HOST), &[("host", host)]),
        InviteError::NoAddress => t(&invites::INV_NO_ADDRESS),
        InviteError::NoCode(addr) => fill(lang.t(&invites::INV_NO_CODE), &[("addr", addr)]),
    }
}

const ERROR_COLOUR: egui::Color32 = egui::Color32::from_rgb(0xb0, 0x20, 0x10);

fn problem_line(ui: &mut egui::Ui, problem: Option<&LinkError>, lang: Lang) {
    if let Some(e) = problem {
        ui.colored_label(ERROR_COLOUR, problem_text(e, lang));
    }
}

/// A labelled one-line text field; the label names it for screen readers.
fn field(ui: &mut egui::Ui, label: &str, text: &mut String, width: f32, limit: usize) {
    let id = ui.strong(label).id;
    ui.add(
        egui::TextEdit::singleline(text)
            .desired_width(width)
            .char_limit(limit),
    )
    .labelled_by(id);
    ui.end_row();
}

/// "Join a network game".
pub fn join_form(
    ui: &mut egui::Ui,
    form: &mut JoinForm,
    problem: Option<&LinkError>,
    lang: Lang,
    out: &mut Vec<RemoteCmd>,
) {
    ui.heading(lang.t(&net::JOIN_TITLE));
    ui.weak(lang.t(&invites::JOIN_HINT));
    ui.add_space(8.0);
    egui::Grid::new("join-grid")
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            // Monospace, so that 0 and O, 1 and I are told apart.
            let id = ui.strong(lang.t(&invites::INVITE_OR_CODE)).id;
            ui.add(
                egui::TextEdit::singleline(&mut form.invite)
                    .font(egui::TextStyle::Monospace)
                    .desired_width(520.0_f32.min(ui.available_width()))
                    .char_limit(crate::net::invite::MAX_INVITE),
            )
            .labelled_by(id);
            ui.end_row();
            field(
                ui,
                lang.t(&net::NAME),
                &mut form.name,
                220.0,
                super::link::MAX_NAME_CHARS,
            );
        });
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        let go = egui::Button::new(egui::RichText::new(lang.t(&net::CONNECT)).size(18.0));
        if ui.add_enabled(!form.invite.trim().is_empty(), go).clicked() {
            out.push(RemoteCmd::Connect);
        }
        if ui.button(lang.t(&net::BACK)).clicked() {
            out.push(RemoteCmd::Leave);
        }
    });
    problem_line(ui, problem, lang);
}

/// "Host a network game".
pub fn host_form(
    ui: &mut egui::Ui,
    form: &mut HostForm,
    problem: Option<&LinkError>,
    lang: Lang,
    out: &mut Vec<RemoteCmd>,
) {
    ui.horizontal(|ui| {
        ui.heading(lang.t(&net::HOST_TITLE));
        ui.add_space(16.0);
        let go = egui::Button::new(
            egui::RichText::new(lang.t(&net::OPEN_ROOM))
                .size(18.0)
                .strong(),
        );
        if ui.add(go).clicked() {
            out.push(RemoteCmd::OpenRoom);
        }
        if ui.button(lang.t(&net::BACK)).clicked() {
            out.push(RemoteCmd::Leave);
        }
    });
    problem_line(ui, problem, lang);
    ui.separator();
    egui::ScrollArea::vertical().show(ui, |ui| {
        egui::Grid::new("host-grid")
            .num_columns(2)
            .spacing([16.0, 8.0])
            .show(ui, |ui| {
                ui.strong(lang.t(&i18n::PLAYERS));
                ui.horizontal(|ui| {
                    for (four, t) in [(false, &i18n::TWO_PLAYERS), (true, &i18n::FOUR_PLAYERS)] {
                        if ui.radio(form.four == four, lang.t(t)).clicked() && form.four != four {
                            form.four = four;
                            form.seats = super::default_seats(four);
                            if four && !form.rules.mode.offered_for_four() {
                                newgame::pick_mode(&mut form.rules, Mode::Open);
                            }
                        }
                    }
                });
                ui.end_row();
                ui.strong(lang.t(&i18n::MODE));
                ui.vertical(|ui| {
                    newgame::mode_buttons(ui, lang, &mut form.rules, form.four);
                });
                ui.end_row();
                ui.strong(lang.t(&net::SEATS));
                ui.vertical(|ui| {
                    let seats = form.board_seats();
                    let flip = form.rules.mode.deals_face_down();
                    for (k, &side) in seats.iter().enumerate() {
                        let who = if flip {
                            fill(lang.t(&i18n::SEAT_PLAYER), &[("n", &(k + 1).to_string())])
                        } else {
                            lang.side(side).to_string()
                        };
                        let who = fill(lang.t(&i18n::PLAYED_BY), &[("who", &who)]);
                        // The one who opens the room sits at one seat, any: choosing another
                        // moves them there (the seat left goes to a player on the network).
                        let before = form.seats[k];
                        seat_picker(ui, lang, &who, k, &mut form.seats[k]);
                        if form.seats[k] == HostSeat::Here && before != HostSeat::Here {
                            for (j, s) in form.seats.iter_mut().enumerate() {
                                if j != k && *s == HostSeat::Here {
                                    *s = HostSeat::Remote;
                                }
                            }
                        }
                    }
                });
                ui.end_row();
                ui.strong(lang.t(&invites::LISTEN));
                listen_choice(ui, form, lang);
                ui.end_row();
                field(ui, lang.t(&net::PORT), &mut form.port, 90.0, 5);
                field(
                    ui,
                    lang.t(&net::NAME),
                    &mut form.name,
                    220.0,
                    super::link::MAX_NAME_CHARS,
                );
            });
        ui.separator();
        ui.strong(lang.t(&i18n::HOUSE_RULES));
        for rule in crate::engine::rules::HouseRule::ALL {
            newgame::house_rule(ui, lang, rule, &mut form.rules);
        }
        if form.four {
            for rule in crate::engine::rules::HouseRule::FOUR_PLAYER {
                newgame::house_rule(ui, lang, rule, &mut form.rules);
            }
        }
    });
}

/// Where the room listens: every network, this computer only, or a typed address (typing in
/// its field chooses it).
fn listen_choice(ui: &mut egui::Ui, form: &mut HostForm, lang: Lang) {
    ui.vertical(|ui| {
        ui.radio_value(
            &mut form.listen,
            ListenOn::All,
            lang.t(&invites::LISTEN_ALL),
        );
        ui.radio_value(
            &mut form.listen,
            ListenOn::Local,
            lang.t(&invites::LISTEN_LOCAL),
        );
        ui.horizontal(|ui| {
            let radio = ui.radio_value(
                &mut form.listen,
                ListenOn::Typed,
                lang.t(&invites::LISTEN_TYPED),
            );
            let typed = ui
                .add(
                    egui::TextEdit::singleline(&mut form.listen_addr)
                        .desired_width(200.0)
                        .char_limit(64)
                        .hint_text("192.168.1.5"),
                )
                .labelled_by(radio.id)
                .on_hover_text(lang.t(&invites::LISTEN_FIELD));
            if typed.changed() {
                form.listen = ListenOn::Typed;
            }
        });
    });
}

/// The words of who sits in a seat.
fn host_seat_text(s: HostSeat, lang: Lang) -> String {
    match s {
        HostSeat::Remote => lang.t(&net::SEAT_REMOTE).into(),
        HostSeat::Here => lang.t(&net::SEAT_HERE).into(),
        HostSeat::Computer(l) => {
            crate::app::computer::occupant_label(crate::app::settings::Occupant::Computer(l), lang)
        }
    }
}

fn seat_picker(ui: &mut egui::Ui, lang: Lang, who: &str, k: usize, seat: &mut HostSeat) {
    egui::ComboBox::new(("net-seat", k), who)
        .selected_text(host_seat_text(*seat, lang))
        .show_ui(ui, |ui| {
            for s in [
                HostSeat::Here,
                HostSeat::Remote,
                HostSeat::Computer(Level::Easy),
                HostSeat::Computer(Level::Normal),
                HostSeat::Computer(Level::Hard),
            ] {
                ui.selectable_value(seat, s, host_seat_text(s, lang));
            }
        });
}

/// A copy button for `text`: "Copied" once it was the last copied.
fn copy_button(
    ui: &mut egui::Ui,
    text: &str,
    (what, label): (CopyWhat, &str),
    copied: Option<CopyWhat>,
    lang: Lang,
    out: &mut Vec<RemoteCmd>,
) {
    let shown = if copied == Some(what) {
        lang.t(&net::COPIED)
    } else {
        label
    };
    if ui.button(shown).clicked() {
        ui.ctx().copy_text(text.to_string());
        out.push(RemoteCmd::Copied(what));
    }
}

/// The room's invite to pass on, with Copy the invite and Copy link, and the address and short
/// room code to read out (with Copy the code).
fn invite_lines(
    ui: &mut egui::Ui,
    invite: &str,
    copied: Option<CopyWhat>,
    lang: Lang,
    out: &mut Vec<RemoteCmd>,
) {
    ui.add_space(6.0);
    ui.label(lang.t(&net::INVITE_IS));
    let parsed = crate::net::Invite::parse(invite).ok();
    ui.add(egui::Label::new(
        egui::RichText::new(invite).monospace().size(15.0),
    ));
    ui.horizontal_wrapped(|ui| {
        copy_button(
            ui,
            invite,
            (CopyWhat::Invite, lang.t(&net::COPY)),
            copied,
            lang,
            out,
        );
        if let Some(i) = &parsed {
            let link = JoinCode::Invite(i.clone()).link();
            let label = lang.t(&invites::COPY_LINK);
            copy_button(ui, &link, (CopyWhat::Link, label), copied, lang, out);
        }
    });
    let Some(i) = parsed else {
        return;
    };
    let short = ShortCode::of(&i);
    ui.add_space(4.0);
    ui.label(lang.t(&invites::SHORT_IS))
        .on_hover_text(lang.t(&invites::SHORT_TIP));
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::Label::new(
            egui::RichText::new(&short.addr).monospace().size(18.0),
        ));
        ui.add(egui::Label::new(
            egui::RichText::new(short.code())
                .monospace()
                .size(22.0)
                .strong(),
        ))
        .on_hover_text(lang.t(&invites::SHORT_TIP));
        let label = lang.t(&invites::COPY_CODE);
        let text = short.to_string();
        copy_button(ui, &text, (CopyWhat::Code, label), copied, lang, out);
    });
}

/// The lobby: the room's code and rules, every seat and who sits there, the invite (for the
/// host, with a Copy button), Start (for the host, once every seat is taken) and Leave.
pub fn lobby(ui: &mut egui::Ui, remote: &Remote, lang: Lang, out: &mut Vec<RemoteCmd>) {
    ui.heading(lang.t(&net::LOBBY));
    if let Some(invite) = &remote.invite {
        invite_lines(ui, invite, remote.copied, lang, out);
    }
    ui.add_space(8.0);
    match &remote.room {
        None if remote.connected() => {
            ui.label(lang.t(&net::CONNECTING));
        }
        None => {}
        Some(room) => {
            ui.label(
                egui::RichText::new(fill(lang.t(&net::ROOM), &[("code", &room.code)])).strong(),
            );
            if let Some(rules) = &room.rules {
                ui.label(lang.t(match rules.mode {
                    Mode::Open => &i18n::MODE_NAME_OPEN,
                    Mode::Hidden => &i18n::MODE_NAME_HIDDEN,
                    Mode::Flip => &i18n::MODE_NAME_FLIP,
                }));
            }
            let flip = room
                .rules
                .as_ref()
                .is_some_and(|r| r.mode.deals_face_down());
            for (k, s) in room.seats.iter().enumerate() {
                let seat = match s.chair {
                    crate::engine::Chair::Side(side) if !flip => lang.side(side).to_string(),
                    crate::engine::Chair::Side(_) => {
                        fill(lang.t(&i18n::SEAT_PLAYER), &[("n", &(k + 1).to_string())])
                    }
                    crate::engine::Chair::Player(p) => {
                        fill(lang.t(&i18n::SEAT_PLAYER), &[("n", &p.to_string())])
                    }
                };
                let who = match &s.who {
                    SeatWho::Free => lang.t(&net::SEAT_FREE).to_string(),
                    SeatWho::Player(n) if room.you == Some(k) => {
                        fill(lang.t(&net::SEAT_YOU), &[("name", n)])
                    }
                    SeatWho::Player(n) => n.clone(),
                    SeatWho::Computer(spec) => fill(lang.t(&net::SEAT_COMPUTER), &[("spec", spec)]),
                };
                let colour = match s.chair {
                    crate::engine::Chair::Side(side) if !flip => {
                        crate::app::board::side_colour(side)
                    }
                    _ => ui.visuals().text_color(),
                };
                ui.colored_label(
                    colour,
                    fill(lang.t(&net::SEAT_LINE), &[("seat", &seat), ("who", &who)]),
                );
            }
            ui.add_space(8.0);
            if room.auto_start {
                ui.label(lang.t(&net::STARTS_WHEN_FULL));
            } else if room.host {
                if !room.full() {
                    ui.weak(lang.t(&net::WAITING_SEATS));
                }
                let start =
                    egui::Button::new(egui::RichText::new(lang.t(&net::START)).size(18.0).strong());
                if ui.add_enabled(room.full(), start).clicked() {
                    out.push(RemoteCmd::Start);
                }
            } else {
                ui.label(lang.t(&net::WAITING_HOST));
            }
        }
    }
    ui.add_space(8.0);
    if ui.button(lang.t(&net::LEAVE)).clicked() {
        out.push(RemoteCmd::Leave);
    }
    problem_line(ui, remote.problem.as_ref(), lang);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The host's refusals and what is wrong with an invite, in Chinese, use no English word:
    /// each is a code worded here, not the host's or the parser's English.
    #[test]
    fn refusals_and_invite_errors_are_worded_in_chinese() {
        use crate::net::invite::Part;
        for f in crate::net::farewell::ALL {
            let zh = farewell_text(f, Lang::Zh);
            assert!(!zh.chars().any(|c| c.is_ascii_alphabetic()), "{f:?}: {zh}");
            assert!(!farewell_text(f, Lang::En).is_empty());
        }
        assert_eq!(
            farewell_text(Farewell::SeatTaken(0), Lang::En),
            "Seat 1 is taken"
        );
        let errors = [
            InviteError::TooLong(401),
            InviteError::Parts,
            InviteError::NoDash,
            InviteError::Char {
                part: Part::Secret,
                ch: 'O',
                lookalike: true,
            },
            InviteError::Char {
                part: Part::Room,
                ch: '#',
                lookalike: false,
            },
            InviteError::Length {
                part: Part::HostKey,
                has: 3,
                needs: 52,
            },
            InviteError::Ending(Part::HostKey),
            InviteError::NoAddress,
            InviteError::NoCode("192.0.2.7:7465".into()),
            InviteError::Length {
                part: Part::Code,
                has: 15,
                needs: 16,
            },
        ];
        for e in errors {
            let zh = invite_error_text(&e, Lang::Zh);
            // Only the names of the invite's own parts and letters may be Latin.
            let words: String = zh
                .replace("junqi://", "")
                .replace("A-Z", "")
                .chars()
                .filter(|c| c.is_ascii_alphabetic())
                .collect();
            assert!(words.chars().all(|c| "ILOU".contains(c)), "{e:?}: {zh}");
            assert_eq!(
                invite_error_text(&e, Lang::En),
                e.to_string().trim_start_matches("not an invite: ")
            );
        }
    }

    /// A host whose key changed is named in both languages with both keys, the file and what
    /// to do about it.
    #[test]
    fn a_changed_host_key_reads_in_both_languages() {
        let e = LinkError::HostKeyChanged(crate::net::known_hosts::KeyChanged {
            addr: "192.0.2.7:7474".into(),
            known: "OLDKEY".into(),
            offered: "NEWKEY".into(),
            file: "/data/known-hosts".into(),
        });
        for (lang, todo) in [(Lang::En, "full invite"), (Lang::Zh, "删去")] {
            let words = problem_text(&e, lang);
            for part in [
                "192.0.2.7:7474",
                "OLDKEY",
                "NEWKEY",
                "/data/known-hosts",
                todo,
            ] {
                assert!(words.contains(part), "no {part} in {words}");
            }
        }
    }
}
