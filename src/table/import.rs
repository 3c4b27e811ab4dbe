//! Import: a file chosen by the player opens as a game, or is refused with the reason and
//! nothing changes.

use crate::storage::Shelf;
use crate::transfer::{read_import, ImportError};

use super::{Table, Waiting};

/// A file refused by Import; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportRefused {
    pub file: String,
    pub why: ImportError,
    /// The file's text, when the engine refused it as a game: its worker says why, where
    /// [`crate::storage::ENGINE_SENTENCE`] is in the message.
    pub refused: Option<String>,
}

impl std::fmt::Display for ImportRefused {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            out,
            "Could not import “{}”. {} Your saved games are unchanged.",
            self.file, self.why
        )
    }
}

impl Table {
    pub fn import_error(&self) -> Option<&ImportRefused> {
        self.import_error.as_ref()
    }

    /// A file chosen for import, as read: a game that replays opens (asking first if it would
    /// replace a save); anything else is refused with the reason, and nothing changes.
    pub fn import(&mut self, shelf: &mut dyn Shelf, name: &str, text: Result<String, ImportError>) {
        let loaded = match text {
            Ok(t) => read_import(&t).map_err(|why| {
                // the text is kept for the worker's sentence only when the engine refused it
                let refused = matches!(why, ImportError::NotAGame(_)).then_some(t);
                (why, refused)
            }),
            Err(why) => Err((why, None)),
        };
        match loaded {
            Ok(loaded) => {
                self.import_error = None;
                self.begin(shelf, loaded, true);
            }
            Err((ImportError::NotAGame(e), Some(text))) if super::needs_substances(&e) => {
                let name = name.to_string();
                self.import_error = None;
                self.wait_for_substances(Waiting::Import { name, text });
            }
            Err((why, refused)) => {
                self.replacing = None;
                self.import_error = Some(ImportRefused {
                    file: name.to_string(),
                    why,
                    refused,
                });
            }
        }
    }
}
