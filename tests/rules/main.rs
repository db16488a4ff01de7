//! The rules and the records: golden cases, reference move generation, perft, property tests, the shipped layouts, the module tree's import rule, and the sizes of files and functions.
//!
//! One test binary for these files, so that the program links once for all of them (each file
//! was a binary of its own, and linking dominated the suite's build).

#[path = "../common/mod.rs"]
mod common;

mod four_props;
mod game4_props;
mod golden;
mod import_cycles;
mod layouts;
mod movegen_reference;
mod perft;
mod props;
mod records;
mod sizes;
