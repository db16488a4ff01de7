//! Network games: a host (`junqi serve`, `host::Server`) holds rooms and referees their games
//! on a `table::Table`; each player connects from their own machine (`client::Client`, `junqi
//! connect`) and answers for their seat. docs/network.md describes the whole.
//!
//! - `invite`: the invite line (`junqi://ADDR:PORT/ROOM-SECRET/HOSTKEY`) and its codes.
//! - `join_code`: what a player gives to join: the invite, a short room code (the address and
//!   16 characters, the host's key kept on first use) or a `junqi://join/` link.
//! - `wire`: frames and the messages inside them, decoded in one place.
//! - `conn`: TCP with the Noise protocol (`snow`): the preamble, the handshakes, the two halves
//!   of a connection.
//! - `host`: rooms, seats, tokens, bounds; a network seat is an `EngineSeat` over a `NetLink`.
//! - `audit`: the commitments to the formations at the start, their reveal and the record at
//!   the end, and each player's check that the host told the truth.
//! - `client`: connect, take a seat, the seat's messages as events, answers sent back.
//! - `known_hosts`: the key each host presented first, for rooms created without `--host-key`.
//! - `kept_seat`: the seat a player took, kept on its machine so that it is taken back after the
//!   program ended mid-game.
//!
//! The wire carries only what the seat may know: the host sends a seat the engine protocol's
//! lines the table gives that seat (its view, the public reports) and the lobby's and chat's
//! messages, nothing else.

pub mod audit;
pub mod client;
pub mod conn;
pub mod farewell;
pub mod host;
pub mod invite;
pub mod join_code;
pub mod kept_seat;
pub mod known_hosts;
pub mod wire;

pub use farewell::Farewell;
pub use invite::{Invite, InviteError};
