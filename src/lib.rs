//! Molecular Scrabble, Public Edition: the browser app. The rules live in `molscrab-engine`
//! (crates/engine); this crate holds what the player sees and the browser's storage.

pub mod arrange;
pub mod keys;
pub mod pages;
pub mod session;
pub mod storage;
pub mod table;
pub mod tables;
pub mod transfer;
pub mod ui;
