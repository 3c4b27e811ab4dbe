//! The device's saves as this page last read or wrote them (`Saver`): the two slots, the
//! tables' keys and the bests, each replaced only when it is this page's own text or readable.

use molscrab_engine::game::Game;
use molscrab_engine::record::Kind;

use super::*;
use crate::tables::{self, SavedTable};

/// The game part of a save's text: all but the app's `"ui"` part, which the record's writer
/// puts last (and JSON escapes every quote inside a string, so `,"ui":` is only ever a key).
fn game_part(text: &str) -> &[u8] {
    // a byte search: `str::find` brings a general substring searcher, ~1 KB of wasm
    let bytes = text.trim_ascii_end().as_bytes();
    match bytes.windows(6).position(|w| w == b",\"ui\":") {
        Some(at) => &bytes[..at],
        // no "ui": the object's closing brace is not part of the game either
        None => bytes.strip_suffix(b"}").unwrap_or(bytes),
    }
}

/// What a table's key holds.
#[derive(Clone, Debug)]
pub enum TableSlot {
    Empty,
    Saved(Box<SavedTable>),
    /// It could not be read; the message says why and where its text was kept.
    Unreadable(Unreadable),
    /// A table under the chemist's referee, read once the table of documented substances is
    /// installed; left where it is meanwhile.
    WaitsForTable,
}

/// Whether a game was refused only because the chemist's referee has no table of documented
/// substances yet (the page installs it after the first screen): such a save is no unreadable
/// one, and is left where it is.
pub fn waits_for_table(why: &NotASave) -> bool {
    use molscrab_engine::error::LoadError;
    use molscrab_engine::record::RecordError;
    matches!(
        why,
        NotASave::NotAGame(LoadError::Record(RecordError::NoSubstanceTable))
    )
}

/// The ids of the tables saved on this device (`molscrab.table.<id>`), in the shelf's order.
pub fn table_ids(shelf: &dyn Shelf) -> Vec<String> {
    let keys = shelf.keys();
    keys.iter()
        .filter_map(|k| tables::id_of_key(k))
        .map(str::to_string)
        .collect()
}

/// The device's saves as this page last read or wrote them. It remembers each text, so a
/// save it wrote itself is replaced without reading it back (a tap late in a long game would
/// otherwise replay the whole game first), and an unchanged save is not written again.
#[derive(Clone, Debug, Default)]
pub struct Saver {
    /// The text last read or written under each key a game is saved in (the two slots, the
    /// tables' keys).
    texts: Vec<(String, String)>,
    bests: Option<String>,
    /// Unreadable bests that could not be kept aside: never written over until they can be.
    bests_in_the_way: Option<String>,
}

/// Whether a slot's text is a readable game of its kind (else it is kept aside, not replaced).
fn readable_in(kind: Kind) -> impl Fn(&str) -> bool {
    move |raw| Game::load(raw).is_ok_and(|l| l.game.kind() == kind)
}

const SLOT_UNREADABLE: &str = "the save slot holds an unreadable game";

impl Saver {
    fn last(&self, key: &str) -> Option<&str> {
        self.texts
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, text)| text.as_str())
    }

    pub(super) fn note(&mut self, key: &str, text: Option<String>) {
        self.texts.retain(|(k, _)| k != key);
        if let Some(text) = text {
            self.texts.push((key.to_string(), text));
        }
    }

    /// Reads a slot; an unreadable save is moved aside and the slot freed.
    pub fn read_slot(&mut self, shelf: &mut dyn Shelf, kind: Kind) -> Slot {
        let key = slot_key(kind);
        let Some(raw) = shelf.get(key) else {
            self.note(key, None);
            return Slot::Empty;
        };
        let why = match Game::load(&raw) {
            Ok(saved) if saved.game.kind() == kind => {
                self.note(key, Some(raw));
                return Slot::Saved(Box::new(saved));
            }
            Ok(_) => NotASave::OtherKind,
            Err(e) => NotASave::NotAGame(e),
        };
        if waits_for_table(&why) {
            return Slot::WaitsForTable;
        }
        let kept = move_aside(shelf, key, &raw);
        Slot::Unreadable(Unreadable::new(kind_name(kind), why, kept, &raw))
    }

    /// Reads the table `id` from its key; an unreadable save is moved aside and the key freed.
    pub fn read_table(&mut self, shelf: &mut dyn Shelf, id: &str) -> TableSlot {
        let key = tables::key(id);
        let Some(raw) = shelf.get(&key) else {
            self.note(&key, None);
            return TableSlot::Empty;
        };
        let why = match tables::read_save(&raw) {
            Ok(saved) if saved.at.id == id => {
                self.note(&key, Some(raw));
                return TableSlot::Saved(Box::new(saved));
            }
            Ok(_) => NotASave::NotATable("its table id is not the one its key names"),
            Err(why) => why,
        };
        if waits_for_table(&why) {
            return TableSlot::WaitsForTable;
        }
        let kept = move_aside(shelf, &key, &raw);
        TableSlot::Unreadable(Unreadable::new("table", why, kept, &raw))
    }

    /// The text this page last read or wrote under `key`.
    pub fn last_text(&self, key: &str) -> Option<&str> {
        self.last(key)
    }

    /// Whether `key` still holds the game this page last read or wrote there. Only the game
    /// counts: another tab's unsubmitted tiles (the `"ui"` part) are its own business.
    pub fn is_current(&self, shelf: &dyn Shelf, key: &str) -> bool {
        let now = shelf.get(key);
        self.holds(key, now.as_deref())
    }

    fn holds(&self, key: &str, now: Option<&str>) -> bool {
        match (now, self.last(key)) {
            (None, None) => true,
            (Some(now), Some(last)) => game_part(now) == game_part(last),
            _ => false,
        }
    }

    /// Before `key` is replaced or cleared, given what it holds `now`: Ok if that is the game
    /// this page last read or wrote, or unreadable text (kept aside now); `MovedOn` if another
    /// page put a game there or removed it since.
    fn may_write(
        &mut self,
        shelf: &mut dyn Shelf,
        key: &str,
        now: Option<&str>,
        readable: &dyn Fn(&str) -> bool,
        what: &'static str,
    ) -> Result<(), StorageError> {
        if self.holds(key, now) {
            return Ok(());
        }
        match now {
            Some(raw) if !readable(raw) => keep_in_the_way(shelf, key, raw, what),
            // a game this page has not seen, or none where it had one
            _ => Err(StorageError::MovedOn),
        }
    }

    /// Writes a game's `text` under `key`, unless the key moved on under this page (another
    /// tab): a write never replaces a save this page has not seen. Unreadable text is kept
    /// aside first. The key is read once: a tap late in a long game writes without replaying.
    fn write(
        &mut self,
        shelf: &mut dyn Shelf,
        key: &str,
        text: String,
        readable: &dyn Fn(&str) -> bool,
        what: &'static str,
    ) -> Result<(), StorageError> {
        // most writes: the key holds what this page last read or wrote there, and the shelf
        // can say so without the text being read out (a tap late in a long game reads no save)
        let unchanged = self
            .last(key)
            .is_some_and(|last| shelf.holds_exactly(key, last));
        // what the key holds, read out only when it may have changed
        let now = if unchanged {
            None
        } else {
            let now = shelf.get(key);
            self.may_write(shelf, key, now.as_deref(), readable, what)?;
            now
        };
        // nothing new from this page: the key may hold another tab's unsubmitted tiles over
        // the same game, and writing ours back would only start the two tabs answering each
        // other's writes without end
        if self.last(key) == Some(text.as_str()) {
            return Ok(());
        }
        if now.as_deref() != Some(text.as_str()) {
            shelf.set(key, &text)?;
        }
        self.note(key, Some(text));
        Ok(())
    }

    /// Writes a game to its kind's slot (see [`Saver::write`]).
    pub fn write_slot_text(
        &mut self,
        shelf: &mut dyn Shelf,
        kind: Kind,
        text: String,
    ) -> Result<(), StorageError> {
        let readable = readable_in(kind);
        self.write(shelf, slot_key(kind), text, &readable, SLOT_UNREADABLE)
    }

    /// Writes `record` to its kind's slot, as [`Saver::write_slot_text`] writes its text.
    #[cfg(test)]
    pub fn write_slot(
        &mut self,
        shelf: &mut dyn Shelf,
        record: &molscrab_engine::record::GameRecord,
    ) -> Result<(), StorageError> {
        self.write_slot_text(shelf, record.kind, record.to_json())
    }

    /// Writes a table's save (`tables::save_text`) under its own key, as a slot is written.
    pub fn write_table(
        &mut self,
        shelf: &mut dyn Shelf,
        id: &str,
        text: String,
    ) -> Result<(), StorageError> {
        let readable = |raw: &str| tables::read_save(raw).is_ok();
        let what = "the table's save is unreadable text";
        self.write(shelf, &tables::key(id), text, &readable, what)
    }

    /// Removes a table from this device: the player asked, and confirmed.
    pub fn remove_table(&mut self, shelf: &mut dyn Shelf, id: &str) {
        let key = tables::key(id);
        shelf.remove(&key);
        self.note(&key, None);
    }

    /// Empties the slot once its game is over; a save that moved on under this page, or an
    /// unreadable one that has no copy aside, stays.
    pub fn clear_slot(&mut self, shelf: &mut dyn Shelf, kind: Kind) {
        let key = slot_key(kind);
        let now = shelf.get(key);
        let readable = readable_in(kind);
        if now.is_some()
            && self
                .may_write(shelf, key, now.as_deref(), &readable, SLOT_UNREADABLE)
                .is_ok()
        {
            shelf.remove(key);
            self.note(key, None);
        }
    }

    /// Writes the bests when they changed; unreadable ones already there are kept aside
    /// first, and are never overwritten when that fails.
    pub fn write_bests(&mut self, shelf: &mut dyn Shelf, text: &str) -> Result<(), StorageError> {
        if self.bests.as_deref() == Some(text) {
            return Ok(());
        }
        if let Some(raw) = shelf
            .get(BESTS_KEY)
            .filter(|raw| self.bests_in_the_way.as_ref() == Some(raw))
        {
            keep_in_the_way(
                shelf,
                BESTS_KEY,
                &raw,
                "the stored bests are unreadable text",
            )?;
            self.bests_in_the_way = None;
        }
        shelf.set(BESTS_KEY, text)?;
        self.bests = Some(text.to_string());
        Ok(())
    }

    /// The bests' text as read at start, so it is not written back unchanged.
    pub fn note_bests(&mut self, text: Option<&str>) {
        self.bests = text.map(str::to_string);
    }

    /// Unreadable bests' text that could not be kept aside: it is kept aside before bests are
    /// written over it, and never overwritten while that fails.
    pub fn bests_in_the_way(&mut self, raw: &str) {
        self.bests_in_the_way = Some(raw.to_string());
    }
}
