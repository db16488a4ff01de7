//! The command line and the network: the CLI tools, the engine protocols (ours and CCGC 2012), the host and its clients.
//!
//! One test binary for these files, so that the program links once for all of them (each file
//! was a binary of its own, and linking dominated the suite's build).

#[path = "../common/mod.rs"]
mod common;

mod ccgc;
mod cli_command_line;
mod cli_game4;
mod cli_puzzles;
mod cli_tools;
mod engine_protocol;
mod net;
mod net_cli;
mod net_end;
mod net_past;
mod net_rejoin;
mod net_rematch;
mod net_short;
