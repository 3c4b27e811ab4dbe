//! The game's rules, pure Rust: no web-sys, no Leptos; runs natively and in the browser.

pub mod bag;
pub mod bests;
pub mod board;
pub mod elements;
pub mod game;
pub mod json;
pub mod movegen;
pub mod placement;
pub mod record;
pub mod referee;
pub mod scoring;
pub mod selfplay;
