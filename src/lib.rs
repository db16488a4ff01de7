//! junqi: Junqi (军棋 / 陆战棋) — a rules engine, headless tools and a desktop app.

pub mod engine;
pub mod ai;
pub mod cli;
