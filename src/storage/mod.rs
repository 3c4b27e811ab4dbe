//! Saves and personal bests in the browser's localStorage: the only code that touches it.
//!
//! Nothing read from storage is trusted: an unreadable save is moved aside under
//! `<key>.unreadable` (never deleted) and the slot is freed, so a new game can always start.

use std::fmt;

use molscrab_engine::record::Kind;

mod saver;
mod shelf;
mod unreadable;

pub use saver::*;
pub use shelf::*;
pub use unreadable::*;

pub const SOLITAIRE_KEY: &str = "molscrab.save.solitaire";
pub const PASS_AND_PLAY_KEY: &str = "molscrab.save.pass-and-play";
pub const BESTS_KEY: &str = "molscrab.bests";
/// The Daily Bench history (RULES §10): its text is read and written by the engine's worker
/// (`daily` question); the page only keeps it.
pub const DAILY_KEY: &str = "molscrab.daily";

/// The referee last chosen on the Play tab (`standard`, `theory` or `chemist`): a
/// preference, not a game; anything else in it reads as Theory Mode, the default.
pub const REFEREE_KEY: &str = "molscrab.referee";

/// The referee last chosen on this device (Theory Mode when none, or unreadable).
pub fn referee_preference(shelf: &dyn Shelf) -> molscrab_engine::referee::Mode {
    use molscrab_engine::referee::Mode;
    shelf
        .get(REFEREE_KEY)
        .and_then(|code| code.parse().ok())
        .unwrap_or(Mode::Theory)
}

/// Keeps the referee chosen for the next visit.
pub fn keep_referee_preference(
    shelf: &mut dyn Shelf,
    mode: molscrab_engine::referee::Mode,
) -> Result<(), StorageError> {
    shelf.set(REFEREE_KEY, mode.code())
}

/// How many copies of unreadable text are kept aside under one key before we stop.
pub(crate) const MAX_KEPT_ASIDE: usize = 99;

/// The save slot of a kind of game.
pub fn slot_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Solitaire => SOLITAIRE_KEY,
        Kind::PassAndPlay => PASS_AND_PLAY_KEY,
    }
}

pub(crate) fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Solitaire => "Solitaire",
        Kind::PassAndPlay => "Pass and Play",
    }
}

/// Why storage did not take what was written; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// The browser offers no localStorage (some private modes, or it is disabled).
    NoStorage,
    /// The browser refused the write: storage full or disabled.
    Refused,
    /// Too many unreadable texts are already kept aside under this key.
    TooManyKeptAside,
    /// The slot changed since this page last read or wrote it (another tab moved the game on,
    /// started another, or finished it): it is not replaced.
    MovedOn,
    /// Unreadable text is in the way and no copy of it could be kept, so it is not replaced.
    UnreadableInTheWay {
        /// "the save slot holds an unreadable game", "the stored bests are unreadable text"
        what: &'static str,
        cause: Box<StorageError>,
    },
}

impl fmt::Display for StorageError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::NoStorage => out.write_str("this browser offers no local storage"),
            StorageError::Refused => {
                out.write_str("the browser refused to save (storage full or disabled)")
            }
            StorageError::MovedOn => out.write_str("it was changed in another tab"),
            StorageError::TooManyKeptAside => {
                out.write_str("too many unreadable saves are already kept aside")
            }
            StorageError::UnreadableInTheWay { what, cause } => write!(
                out,
                "{what} that could not be kept aside ({cause}), and it is not overwritten"
            ),
        }
    }
}

impl std::error::Error for StorageError {}

/// A string store: localStorage in the browser, a map in tests.
pub trait Shelf {
    fn get(&self, key: &str) -> Option<String>;
    /// Whether `key` holds exactly `text`. A shelf may answer without reading the text out
    /// (localStorage: [`LocalShelf`] compares in the browser with what it last read or wrote).
    fn holds_exactly(&self, key: &str, text: &str) -> bool {
        self.get(key).as_deref() == Some(text)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError>;
    fn remove(&mut self, key: &str);
    /// Every key it holds (the Play tab lists the tables saved under theirs).
    fn keys(&self) -> Vec<String>;
}

#[cfg(test)]
mod tests;
