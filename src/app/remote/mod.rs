//! Network games in the window: joining a room from an invite, hosting one, the lobby, and the
//! game at one's own screen. The screen holds no truth: everything it shows comes through its
//! `link::Link` — its seat's view and the public reports (the junqi engine protocol's `HostMsg`s)
//! and the room's news — and everything it does goes out through it. `Remote` changes only in
//! `apply` (after the UI pass) and `tick` (before it, taking what came in); `ui` draws it.

pub mod chat;
mod end;
mod forms;
pub mod game;
pub mod kept_tags;
pub mod link;
pub mod net_link;
mod screen;
mod seats;

use crate::engine::{Formation, Rules, Seat};
use chat::Chat;
use game::{GameAct, RemoteGame};
use link::{HostSeat, Incoming, Link, LinkError, Network, Outgoing, RematchNews, RoomInfo};
use std::path::PathBuf;

pub use forms::HostForm;
pub use screen::ui;

/// The form that leads to a room.
pub enum Form {
    Join(JoinForm),
    Host(HostForm),
}

/// "Join a network game": the invite and the player's name.
#[derive(Default)]
pub struct JoinForm {
    pub invite: String,
    pub name: String,
}

/// Where the screen is.
pub enum Phase {
    /// Filling in the form (again after an error).
    Form,
    /// Connected (or connecting): the room, until the game starts.
    Lobby,
    /// The game at this screen.
    Game(Box<RemoteGame>),
}

/// What the network screens ask for, carried out by `Remote::apply` after the UI pass.
#[derive(Debug, Clone, PartialEq)]
pub enum RemoteCmd {
    /// Join with the form's invite and name.
    Connect,
    /// Open the room of the host form.
    OpenRoom,
    /// The host starts the game.
    Start,
    /// The invite, its link or its short code was copied to the clipboard (the button says so).
    Copied(CopyWhat),
    /// Send the chat field's text.
    SendChat,
    /// Send one of the chat's preset phrases (`chat::PHRASES`), in the sender's language.
    SendPhrase {
        phrase: usize,
        text: String,
    },
    /// A random formation, when the host asks for one.
    RandomFormation,
    Game(GameAct),
    /// Back to the first screen (the link closes).
    Leave,
    /// Review the finished game (its record, kept among the recent games) in the replay.
    Review,
    /// After the end: ask for or agree to a rematch (`true`), or decline it.
    Rematch(bool),
}

/// A rematch after the end, as this screen shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum RematchAsk {
    /// None asked for.
    #[default]
    None,
    /// `by` asked for one; whether this screen's player agreed (or asked).
    Asked { by: String, agreed: bool },
    /// Called off: `who` declined, or left (`left`).
    Off { who: String, left: bool },
}

/// What the lobby copies for the other players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyWhat {
    /// The full invite, `junqi://ADDR:PORT/ROOM-SECRET/HOSTKEY`.
    Invite,
    /// Its `junqi://join/` link.
    Link,
    /// The address and the short room code.
    Code,
}

/// What `apply` leads to.
#[derive(Debug, PartialEq, Eq)]
pub enum RemoteOutcome {
    Stay,
    Home,
    /// The replay of the record kept at this path.
    Review(PathBuf),
}

/// A network game screen.
pub struct Remote {
    pub form: Form,
    pub phase: Phase,
    link: Option<Link>,
    /// The room as the server last told it.
    pub room: Option<RoomInfo>,
    /// The invite of a room this window opened.
    pub invite: Option<String>,
    pub chat: Chat,
    /// Why the form could not go on, or why the connection ended.
    pub problem: Option<LinkError>,
    /// What was copied last (its button says so).
    pub copied: Option<CopyWhat>,
    /// The formations the player may send when asked (the library's, by file name).
    pub library: Vec<(String, Formation)>,
    /// The audit of the host, once the game ended and the host revealed.
    pub audit: Option<crate::net::audit::Verdict>,
    /// The game the host revealed at the end, read from its record (taken by `take_record`).
    pub record: Option<crate::engine::Game>,
    /// The connection broke and the seat is being taken back (why it broke).
    pub rejoining: Option<String>,
    /// The other seats nobody holds now (their players dropped; the game waits for them), each
    /// with the tick time it was first told away.
    pub away: Vec<(usize, f64)>,
    /// Where the record was kept (among the recent games), or why it could not be.
    pub kept: Option<Result<PathBuf, crate::fsutil::FileError>>,
    /// A rematch asked for after the end.
    pub rematch: RematchAsk,
    /// The games played in this room so far, this one too (rematches).
    games: u32,
    /// The folder where the player's tags are kept during a game (`kept_tags`), if any.
    tags_dir: Option<PathBuf>,
    /// The tags as last kept, and whether the kept ones were read back for this game.
    tags_kept: Option<kept_tags::Kept>,
    tags_read: bool,
}

impl Remote {
    fn new(form: Form, library: Vec<(PathBuf, Formation)>) -> Remote {
        Remote {
            form,
            phase: Phase::Form,
            link: None,
            room: None,
            invite: None,
            chat: Chat::default(),
            problem: None,
            copied: None,
            audit: None,
            record: None,
            kept: None,
            rejoining: None,
            away: Vec::new(),
            rematch: RematchAsk::None,
            games: 1,
            tags_dir: None,
            tags_kept: None,
            tags_read: false,
            library: library
                .into_iter()
                .map(|(p, f)| {
                    let name = p
                        .file_stem()
                        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
                    (name, f)
                })
                .collect(),
        }
    }

    /// The join form, with the player's name filled in.
    pub fn join(name: &str, library: Vec<(PathBuf, Formation)>) -> Remote {
        Remote::new(
            Form::Join(JoinForm {
                invite: String::new(),
                name: name.into(),
            }),
            library,
        )
    }

    /// The host form, starting from `rules` (the last rules used).
    pub fn host(
        rules: &Rules,
        four: bool,
        name: &str,
        net: &crate::app::settings::NetOptions,
        library: Vec<(PathBuf, Formation)>,
    ) -> Remote {
        Remote::new(Form::Host(HostForm::new(rules, four, name, net)), library)
    }

    /// Put `invite` in the join form (a game rejoined from the first screen).
    pub fn set_invite(&mut self, invite: &str) {
        if let Form::Join(f) = &mut self.form {
            f.invite = invite.to_string();
        }
    }

    /// Fill the join form from a `junqi:` link the program was opened with: the invite or short
    /// code it holds, or (a link that is not one) the link as given and what is wrong with it.
    pub fn fill_from_link(&mut self, link: &str) {
        match crate::net::join_code::JoinCode::parse(link) {
            Ok(crate::net::join_code::JoinCode::Invite(i)) => self.set_invite(&i.to_string()),
            Ok(crate::net::join_code::JoinCode::Short(s)) => self.set_invite(&s.to_string()),
            Err(e) => {
                self.set_invite(link.trim());
                self.problem = Some(LinkError::BadLink(e));
            }
        }
    }

    /// Keep the form's choices to offer them next time: the player's name (when it is one)
    /// and, from the host form, where the room listens.
    pub fn remember(&self, net: &mut crate::app::settings::NetOptions) {
        let name = match &self.form {
            Form::Join(f) => &f.name,
            Form::Host(f) => {
                net.listen = f.listen;
                net.listen_addr = f.listen_addr.trim().to_string();
                &f.name
            }
        };
        if let Ok(name) = link::clean_name(name) {
            net.name = Some(name);
        }
    }

    /// Keep the player's tags in `dir` during the game (the window's data folder's `net-tags`).
    pub fn keeping_tags_in(mut self, dir: Option<PathBuf>) -> Remote {
        self.tags_dir = dir;
        self
    }

    /// Keep the tags if they changed, read back the kept ones once the game's first view came
    /// (a window joined again mid-game), and drop the file when the game is over.
    fn keep_tags(&mut self) {
        let (Some(dir), Some(room)) = (&self.tags_dir, &self.room) else {
            return;
        };
        let (Phase::Game(g), Some(path)) = (&mut self.phase, kept_tags::path(dir, &room.code))
        else {
            return;
        };
        if g.over() {
            if self.tags_read {
                self.tags_read = false;
                let _ = std::fs::remove_file(&path);
            }
            return;
        }
        if g.view().is_none() {
            return;
        }
        if !self.tags_read {
            self.tags_read = true;
            g.restore_kept(kept_tags::read(&path, g.board()));
        }
        // Written again when the notes change, or a turn passed with some (the ply says how
        // many turns a rejoin missed).
        let Some(now) = g.kept() else {
            return;
        };
        let empty = |k: &kept_tags::Kept| k.tags.is_empty() && k.removed.is_empty();
        let unchanged = self
            .tags_kept
            .as_ref()
            .is_some_and(|k| *k == now || (empty(k) && empty(&now)));
        if !unchanged {
            kept_tags::write(&path, &now, g.board());
            self.tags_kept = Some(now);
        }
    }

    /// The game at this screen, once it started.
    pub fn game(&self) -> Option<&RemoteGame> {
        match &self.phase {
            Phase::Game(g) => Some(g),
            _ => None,
        }
    }

    /// Whether a link is open.
    pub fn connected(&self) -> bool {
        self.link.is_some()
    }

    /// Put a link in place (the form's room is joined or opened). `wake` asks for a frame when
    /// something comes in.
    fn attach(&mut self, link: Link, wake: Option<Box<dyn Fn() + Send>>) {
        if let Some(w) = wake {
            link.set_waker(w);
        }
        self.link = Some(link);
        self.phase = Phase::Lobby;
        self.problem = None;
        self.room = None;
        self.chat = Chat::default();
    }

    fn send(&mut self, out: Vec<Outgoing>) {
        if let Some(l) = &self.link {
            for m in out {
                l.send(m);
            }
        }
    }

    /// Carry out a command. `wake` is what the link calls when something comes in.
    pub fn apply(
        &mut self,
        cmd: RemoteCmd,
        network: &mut dyn Network,
        wake: Option<Box<dyn Fn() + Send>>,
    ) -> RemoteOutcome {
        match cmd {
            RemoteCmd::Connect => {
                let Form::Join(f) = &self.form else {
                    return RemoteOutcome::Stay;
                };
                let joined =
                    link::clean_name(&f.name).and_then(|name| network.join(f.invite.trim(), &name));
                match joined {
                    Ok(l) => self.attach(l, wake),
                    Err(e) => self.problem = Some(e),
                }
            }
            RemoteCmd::OpenRoom => {
                let Form::Host(f) = &self.form else {
                    return RemoteOutcome::Stay;
                };
                let hosted = f.spec().and_then(|spec| network.host(&spec));
                match hosted {
                    Ok(l) => {
                        self.attach(l, wake);
                        self.invite = None;
                        self.copied = None;
                    }
                    Err(e) => self.problem = Some(e),
                }
            }
            RemoteCmd::Start => {
                if self
                    .room
                    .as_ref()
                    .is_some_and(|r| r.host && r.full() && !r.auto_start)
                {
                    self.send(vec![Outgoing::Start]);
                }
            }
            RemoteCmd::Copied(what) => self.copied = self.invite.is_some().then_some(what),
            RemoteCmd::SendChat => {
                let text = std::mem::take(&mut self.chat.draft);
                self.say(&text);
            }
            RemoteCmd::SendPhrase { phrase, text } => {
                if let Some(t) = link::clean_chat(&text)
                    && self.link.is_some()
                {
                    self.chat.push_phrase(phrase, &t);
                    self.send(vec![Outgoing::Chat(t)]);
                }
            }
            RemoteCmd::RandomFormation => {
                if let Some(rules) = self.game().and_then(|g| g.rules()).cloned() {
                    let mut rng =
                        crate::engine::rng::SplitMix64::new(crate::engine::rng::os_seed());
                    let f = Formation::random(&mut rng, &rules);
                    return self.apply(RemoteCmd::Game(GameAct::Formation(f)), network, None);
                }
            }
            RemoteCmd::Game(act) => {
                if let Phase::Game(g) = &mut self.phase {
                    let out = g.apply(act);
                    self.send(out);
                }
                self.keep_tags();
            }
            RemoteCmd::Review => {
                if let Some(Ok(p)) = &self.kept {
                    let p = p.clone();
                    self.link = None;
                    return RemoteOutcome::Review(p);
                }
            }
            RemoteCmd::Rematch(yes) => {
                if self.game().is_some_and(RemoteGame::over) {
                    self.send(vec![Outgoing::Rematch(yes)]);
                }
            }
            RemoteCmd::Leave => {
                // Dropping the link tells the far end (`Outgoing::Leave`).
                self.link = None;
                return RemoteOutcome::Home;
            }
        }
        RemoteOutcome::Stay
    }

    fn say(&mut self, text: &str) {
        if let Some(t) = link::clean_chat(text)
            && self.link.is_some()
        {
            self.chat.push(None, &t);
            self.send(vec![Outgoing::Chat(t)]);
        }
    }

    /// Take what came in (at most a frame's worth), at tick time `now`. Returns after how many
    /// seconds to draw again (a turn's clock runs), if at all.
    pub fn tick(&mut self, now: f64, confirm_flip: bool) -> Option<f64> {
        if let Phase::Game(g) = &mut self.phase {
            g.confirm_flip = confirm_flip;
        }
        let Some(link) = &mut self.link else {
            return None;
        };
        let got = link.poll();
        let mut answers = Vec::new();
        for m in got {
            match m {
                Incoming::Host(h) => {
                    if !matches!(self.phase, Phase::Game(_)) {
                        self.phase = Phase::Game(Box::default());
                    }
                    if let Phase::Game(g) = &mut self.phase {
                        answers.extend(g.receive(h, now));
                    }
                }
                Incoming::Past(lines) => {
                    if !matches!(self.phase, Phase::Game(_)) {
                        self.phase = Phase::Game(Box::default());
                    }
                    if let Phase::Game(g) = &mut self.phase {
                        g.take_past(lines);
                    }
                }
                Incoming::Room(r) => {
                    self.room = Some(r);
                }
                Incoming::Invite(i) => self.invite = Some(i),
                Incoming::Started => {
                    if !matches!(self.phase, Phase::Game(_)) {
                        self.phase = Phase::Game(Box::default());
                    }
                }
                Incoming::Chat { from, text } => {
                    if let (Some(from), Some(text)) =
                        (link::clean_name(&from).ok(), link::clean_chat(&text))
                    {
                        self.chat.push(Some(from), &text);
                    }
                }
                Incoming::Audit { verdict, record } => {
                    // Read once; what does not read is neither shown nor kept.
                    let game = record.and_then(|r| crate::engine::Game::from_ron(&r).ok());
                    if let (Phase::Game(g), Some(game)) = (&mut self.phase, &game) {
                        g.reveal_end(game);
                    }
                    self.audit = Some(verdict);
                    self.record = game;
                }
                Incoming::Rejoining(why) => {
                    // The question waiting is asked again once the seat is taken back.
                    if let Phase::Game(g) = &mut self.phase {
                        g.connection_lost();
                    }
                    self.rejoining = Some(why);
                }
                Incoming::Rejoined => self.rejoining = None,
                Incoming::Away(seats) => {
                    let before = std::mem::take(&mut self.away);
                    self.away = (seats.into_iter().map(usize::from))
                        .map(|k| (k, before.iter().find(|(j, _)| *j == k).map_or(now, |a| a.1)))
                        .collect();
                }
                Incoming::Rematch(news) => self.rematch_news(news),
                Incoming::Rematched => self.next_game(),
                Incoming::Closed(e) => {
                    self.rejoining = None;
                    // Before the room was reached: back to the form, which says why.
                    if self.room.is_none() && matches!(self.phase, Phase::Lobby) {
                        self.phase = Phase::Form;
                    }
                    self.problem = Some(e);
                    self.link = None;
                    break;
                }
            }
        }
        self.send(answers);
        self.keep_tags();
        match &self.phase {
            Phase::Game(g) if g.over() => None,
            // A seat away: its wait counts up on the screen.
            Phase::Game(g) => {
                (g.clock_left(now).map(|_| 0.25)).or((!self.away.is_empty()).then_some(1.0))
            }
            _ => None,
        }
    }

    /// What the room said of a rematch.
    fn rematch_news(&mut self, news: RematchNews) {
        if let (RematchNews::Off { who, left }, Phase::Game(g)) = (&news, &mut self.phase) {
            g.rematch_off(who, *left);
        }
        self.rematch = match (news, std::mem::take(&mut self.rematch)) {
            (RematchNews::Asked { who, you }, _) => RematchAsk::Asked {
                by: who,
                agreed: you,
            },
            (RematchNews::Agreed { you, .. }, RematchAsk::Asked { by, agreed }) => {
                RematchAsk::Asked {
                    by,
                    agreed: agreed || you,
                }
            }
            (RematchNews::Agreed { .. }, before) => before,
            (RematchNews::Off { who, left }, _) => RematchAsk::Off { who, left },
        };
    }

    /// Every seat agreed to a rematch: the next game, on a screen new (the last game's record
    /// is among the recent games already).
    fn next_game(&mut self) {
        self.games += 1;
        self.phase = Phase::Game(Box::new(RemoteGame::next_game(self.games)));
        self.audit = None;
        self.record = None;
        self.kept = None;
        self.away.clear();
        self.rematch = RematchAsk::None;
        self.tags_kept = None;
        self.tags_read = false;
    }

    /// The record revealed at the end and the room's code, once, to keep among the recent games.
    pub fn take_record(&mut self) -> Option<(crate::engine::Game, String)> {
        let game = self.record.take()?;
        let room = self
            .room
            .as_ref()
            .map_or_else(|| "room".into(), |r| r.code.clone());
        Some((game, room))
    }

    /// This screen's seat in the room, if the server gave one.
    pub fn my_seat(&self) -> Option<Seat> {
        if let Some(s) = self.game().and_then(RemoteGame::seat) {
            return Some(s);
        }
        let room = self.room.as_ref()?;
        match room.seats.get(room.you?)?.chair {
            crate::engine::Chair::Side(s) => Some(s),
            crate::engine::Chair::Player(_) => None,
        }
    }
}

/// The seats a host form starts with: this screen first, the others on the network.
pub fn default_seats(four: bool) -> Vec<HostSeat> {
    let n = if four { 4 } else { 2 };
    (0..n)
        .map(|k| {
            if k == 0 {
                HostSeat::Here
            } else {
                HostSeat::Remote
            }
        })
        .collect()
}

/// The name a form starts with: the system's user name, or "Player".
pub fn default_name() -> String {
    ["USER", "USERNAME"]
        .iter()
        .filter_map(|k| std::env::var(k).ok())
        .find_map(|n| link::clean_name(&n).ok())
        .unwrap_or_else(|| "Player".into())
}
