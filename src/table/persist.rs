//! Saving: what this device keeps is written to storage only when it changed.

use crate::session::{Screen, Session};
use crate::storage::{slot_key, Shelf, StorageError};
use crate::tables::{self};

use super::Table;

/// Why saving did not work; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveProblem {
    Game(StorageError),
    Bests(StorageError),
}

impl std::fmt::Display for SaveProblem {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveProblem::Game(e) => write!(out, "This game could not be saved: {e}"),
            SaveProblem::Bests(e) => write!(out, "Personal bests not saved: {e}"),
        }
    }
}

/// Where a session is saved (its kind's slot, or its table's key) and the text saved there.
pub(super) fn save_of(s: &Session) -> (String, String) {
    match s.table() {
        Some(at) => (tables::key(&at.id), tables::save_text(&s.to_record(), at)),
        None => (
            slot_key(s.game().kind()).to_string(),
            s.to_record().to_json(),
        ),
    }
}

impl Table {
    /// Writes what this device keeps to storage: the game in play to its slot (a finished
    /// game's slot is cleared once its results show) and the bests, each only when it changed.
    /// `ui::Store` calls this from one effect whenever the table changes.
    pub fn persist(&mut self, shelf: &mut dyn Shelf) -> Result<(), SaveProblem> {
        let bests = match &self.bests {
            Some(text) => self.saver.write_bests(shelf, text),
            None => Ok(()),
        }
        .map_err(SaveProblem::Bests);
        let in_slot = self
            .session
            .as_ref()
            .filter(|s| s.in_slot() && !self.moved_on);
        if let Some(s) = in_slot {
            // a table's save stays when its game is over: its results are there to look at
            if let Some(at) = s.table() {
                let written = self.saver.write_table(shelf, &at.id, save_of(s).1);
                if written == Err(StorageError::MovedOn) {
                    self.moved_on = true;
                }
                written.map_err(SaveProblem::Game)?;
            } else if s.screen() == Screen::Results {
                self.saver.clear_slot(shelf, s.game().kind());
            } else {
                let brief = Some(s.save_brief());
                if brief == self.saved_brief {
                    return bests;
                }
                let text = s.save_text(&mut self.saved_head);
                let written = self.saver.write_slot_text(shelf, s.game().kind(), text);
                if written == Err(StorageError::MovedOn) {
                    self.moved_on = true;
                }
                written.map_err(SaveProblem::Game)?;
                self.saved_brief = brief;
            }
        }
        bests
    }
}
