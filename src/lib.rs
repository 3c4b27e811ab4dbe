//! Molecular Scrabble, Public Edition: the engine (pure rules) and the browser UI.

pub mod cli;
pub mod engine;
pub mod storage;
pub mod ui;
