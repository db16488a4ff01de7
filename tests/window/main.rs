//! The window's tests (egui_kittest drives the real app by its accessibility labels) and the window's session.
//!
//! One test binary for these files, so that the program links once for all of them (each file
//! was a binary of its own, and linking dominated the suite's build).

#[path = "../common/mod.rs"]
mod common;

mod app;
mod app_aids;
mod app_computer;
mod app_engine;
mod app_errors_zh;
mod app_expectations;
mod app_files;
mod app_formations;
mod app_four;
mod app_hidden_puzzles;
mod app_invites;
mod app_layout;
mod app_learn;
mod app_marks;
mod app_modes;
mod app_net_end;
mod app_net_polish;
mod app_one_table;
mod app_open_file;
mod app_polish;
mod app_puzzles;
mod app_recent;
mod app_referee;
mod app_refusals;
mod app_remote;
mod app_review;
mod app_saves;
mod app_threads;
mod app_who_looks;
mod session;
