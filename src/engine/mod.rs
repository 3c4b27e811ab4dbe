//! The game's rules, pure Rust: no web-sys, no Leptos; runs natively and in the browser.

pub mod elements;
pub mod referee;
