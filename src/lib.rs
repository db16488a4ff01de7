//! junqi: Junqi (军棋 / 陆战棋) — a rules engine, headless tools and a desktop app.

pub mod ai;
pub mod app;
pub mod cli;
pub mod commentary;
pub mod editor;
pub mod engine;
pub mod fsutil;
pub mod i18n;
pub mod library;
pub mod net;
pub mod protocol;
pub mod puzzles;
pub mod table;
