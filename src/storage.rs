//! Saves and personal bests in the browser's localStorage: the only code that touches it.
//!
//! Nothing read from storage is trusted: an unreadable save is moved aside under
//! `<key>.unreadable` (never deleted) and the slot is freed, so a new game can always start.

use molscrab_engine::bests::Bests;
use molscrab_engine::game::Game;
use molscrab_engine::record::{GameRecord, Kind};

pub const SOLITAIRE_KEY: &str = "molscrab.save.solitaire";
pub const PASS_AND_PLAY_KEY: &str = "molscrab.save.pass-and-play";
pub const BESTS_KEY: &str = "molscrab.bests";

/// The save slot of a kind of game.
pub fn slot_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Solitaire => SOLITAIRE_KEY,
        Kind::PassAndPlay => PASS_AND_PLAY_KEY,
    }
}

/// A string store: localStorage in the browser, a map in tests.
pub trait Shelf {
    fn get(&self, key: &str) -> Option<String>;
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;
    fn remove(&mut self, key: &str);
}

/// What a save slot holds.
#[derive(Clone, Debug)]
pub enum Slot {
    Empty,
    Saved(Box<GameRecord>),
    /// It could not be read; the message says why and where its text was kept.
    Unreadable(String),
}

/// A save's text as a record that replays, or why not.
pub fn read_record(raw: &str) -> Result<GameRecord, String> {
    let record = GameRecord::parse(raw).map_err(|e| e.to_string())?;
    Game::replay(&record).map_err(|e| e.to_string())?;
    Ok(record)
}

/// Keeps unreadable text aside without overwriting anything kept before.
fn keep_aside(shelf: &mut dyn Shelf, key: &str, raw: &str) -> Result<String, String> {
    for n in 1..100 {
        let aside = if n == 1 {
            format!("{key}.unreadable")
        } else {
            format!("{key}.unreadable.{n}")
        };
        match shelf.get(&aside) {
            Some(kept) if kept == raw => return Ok(aside),
            Some(_) => continue,
            None => {
                shelf.set(&aside, raw)?;
                return Ok(aside);
            }
        }
    }
    Err("too many unreadable saves are already kept aside".into())
}

/// Reads a slot; an unreadable save is moved aside and the slot freed.
pub fn read_slot(shelf: &mut dyn Shelf, kind: Kind) -> Slot {
    let key = slot_key(kind);
    let Some(raw) = shelf.get(key) else {
        return Slot::Empty;
    };
    match read_record(&raw) {
        Ok(record) if record.kind == kind => Slot::Saved(Box::new(record)),
        outcome => {
            let why = match outcome {
                Ok(_) => "it holds a different kind of game".to_string(),
                Err(e) => e,
            };
            let what = match kind {
                Kind::Solitaire => "Solitaire",
                Kind::PassAndPlay => "Pass and Play",
            };
            match keep_aside(shelf, key, &raw) {
                Ok(aside) => {
                    shelf.remove(key);
                    Slot::Unreadable(format!(
                        "Your saved {what} game could not be read ({why}). Its text is kept in \
                         this browser under “{aside}”; you can start a new game."
                    ))
                }
                // could not keep a copy: leave the slot alone rather than lose it
                Err(e) => Slot::Unreadable(format!(
                    "Your saved {what} game could not be read ({why}) and could not be moved \
                     aside ({e}); it is left untouched, and new {what} games can't be saved \
                     over it until this browser has room to keep a copy."
                )),
            }
        }
    }
}

/// Before `key` is overwritten or removed: its present text, unless `readable`, gets a copy kept
/// aside (made now if it has to be). When no copy can be kept (storage full), the text stays
/// where it is and the error says why; `what` names it ("the save slot holds an unreadable
/// game").
fn keep_before_replacing(
    shelf: &mut dyn Shelf,
    key: &str,
    readable: &dyn Fn(&str) -> bool,
    what: &str,
) -> Result<(), String> {
    match shelf.get(key) {
        Some(raw) if !readable(&raw) => keep_aside(shelf, key, &raw).map(|_| ()).map_err(|e| {
            format!("{what} that could not be kept aside ({e}), and it is not overwritten")
        }),
        _ => Ok(()),
    }
}

/// The slot may be replaced: it is empty, holds a readable save of this kind, or an unreadable
/// one now kept aside.
fn may_replace(shelf: &mut dyn Shelf, kind: Kind) -> Result<(), String> {
    let readable = |raw: &str| read_record(raw).is_ok_and(|r| r.kind == kind);
    keep_before_replacing(
        shelf,
        slot_key(kind),
        &readable,
        "the save slot holds an unreadable game",
    )
}

pub fn write_slot(shelf: &mut dyn Shelf, record: &GameRecord) -> Result<(), String> {
    may_replace(shelf, record.kind)?;
    shelf.set(slot_key(record.kind), &record.to_json())
}

/// Empties the slot once its game is over; an unreadable save that has no copy aside stays.
pub fn clear_slot(shelf: &mut dyn Shelf, kind: Kind) {
    if may_replace(shelf, kind).is_ok() {
        shelf.remove(slot_key(kind));
    }
}

/// Personal bests; unreadable ones are moved aside and start afresh, with a message.
pub fn read_bests(shelf: &mut dyn Shelf) -> (Bests, Option<String>) {
    let Some(raw) = shelf.get(BESTS_KEY) else {
        return (Bests::default(), None);
    };
    match Bests::parse(&raw) {
        Ok(bests) => (bests, None),
        Err(why) => {
            let message = match keep_aside(shelf, BESTS_KEY, &raw) {
                Ok(aside) => {
                    shelf.remove(BESTS_KEY);
                    format!(
                        "Your personal bests could not be fully read ({why}); their text is kept \
                         in this browser under “{aside}”."
                    )
                }
                Err(e) => format!(
                    "Your personal bests could not be fully read ({why}) and could not be moved \
                     aside ({e}); they are left untouched, and new bests can't be saved until \
                     this browser has room to keep a copy."
                ),
            };
            // keep whatever part of them still reads
            (Bests::parse_lenient(&raw), Some(message))
        }
    }
}

/// Writes the bests; unreadable ones already there are kept aside first, and are never
/// overwritten when that fails.
pub fn write_bests(shelf: &mut dyn Shelf, bests: &Bests) -> Result<(), String> {
    let readable = |raw: &str| Bests::parse(raw).is_ok();
    keep_before_replacing(
        shelf,
        BESTS_KEY,
        &readable,
        "the stored bests are unreadable text",
    )?;
    shelf.set(BESTS_KEY, &bests.to_json())
}

/// The browser's localStorage; every failure (private mode, quota, disabled) is an error value.
pub struct LocalShelf(Option<web_sys::Storage>);

impl LocalShelf {
    pub fn open() -> LocalShelf {
        LocalShelf(web_sys::window().and_then(|w| w.local_storage().ok().flatten()))
    }
}

impl Shelf for LocalShelf {
    fn get(&self, key: &str) -> Option<String> {
        self.0.as_ref()?.get_item(key).ok().flatten()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let store = self
            .0
            .as_ref()
            .ok_or("this browser offers no local storage")?;
        store
            .set_item(key, value)
            .map_err(|_| "the browser refused to save (storage full or disabled)".to_string())
    }
    fn remove(&mut self, key: &str) {
        if let Some(store) = self.0.as_ref() {
            let _ = store.remove_item(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(Default)]
    struct MapShelf(BTreeMap<String, String>);
    impl Shelf for MapShelf {
        fn get(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
            self.0.insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&mut self, key: &str) {
            self.0.remove(key);
        }
    }

    fn solitaire() -> GameRecord {
        GameRecord::new_game(Kind::Solitaire, true, vec!["You".into()], 0, 7)
    }

    /// Storage with no room for the copies kept aside.
    #[derive(Default)]
    struct FullShelf(MapShelf);
    impl Shelf for FullShelf {
        fn get(&self, key: &str) -> Option<String> {
            self.0.get(key)
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
            if key.contains(".unreadable") {
                return Err("the storage quota is exceeded".into());
            }
            self.0.set(key, value)
        }
        fn remove(&mut self, key: &str) {
            self.0.remove(key);
        }
    }

    #[test]
    fn an_unreadable_save_that_cannot_be_kept_aside_is_never_overwritten() {
        let mut shelf = FullShelf::default();
        shelf.0.set(SOLITAIRE_KEY, "not a record").unwrap();
        let Slot::Unreadable(message) = read_slot(&mut shelf, Kind::Solitaire) else {
            panic!("reported");
        };
        assert!(message.contains("left untouched"), "{message}");
        assert_eq!(shelf.get(SOLITAIRE_KEY).as_deref(), Some("not a record"));
        // a new game can't be saved over it, nor can finishing one clear it
        let refused = write_slot(&mut shelf, &solitaire());
        assert!(refused.is_err_and(|e| e.contains("not overwritten")));
        clear_slot(&mut shelf, Kind::Solitaire);
        assert_eq!(shelf.get(SOLITAIRE_KEY).as_deref(), Some("not a record"));
        // once a copy can be kept, saving goes ahead and the copy holds the old text
        let mut roomy = MapShelf::default();
        roomy.set(SOLITAIRE_KEY, "not a record").unwrap();
        write_slot(&mut roomy, &solitaire()).unwrap();
        assert_eq!(
            roomy.get("molscrab.save.solitaire.unreadable").as_deref(),
            Some("not a record")
        );
        assert!(matches!(
            read_slot(&mut roomy, Kind::Solitaire),
            Slot::Saved(_)
        ));
    }

    #[test]
    fn unreadable_bests_that_cannot_be_kept_aside_are_never_overwritten() {
        let mut shelf = FullShelf::default();
        shelf.0.set(BESTS_KEY, "{\"theory\": 12").unwrap();
        let (bests, message) = read_bests(&mut shelf);
        assert_eq!(bests, Bests::default());
        assert!(message.is_some_and(|m| m.contains("left untouched")));
        let refused = write_bests(&mut shelf, &Bests::default());
        assert!(refused.is_err_and(|e| e.contains("not overwritten")));
        assert_eq!(shelf.get(BESTS_KEY).as_deref(), Some("{\"theory\": 12"));
    }

    #[test]
    fn a_save_reads_back_as_the_same_record() {
        let mut shelf = MapShelf::default();
        write_slot(&mut shelf, &solitaire()).unwrap();
        match read_slot(&mut shelf, Kind::Solitaire) {
            Slot::Saved(r) => assert_eq!(*r, solitaire()),
            other => panic!("expected the save, got {other:?}"),
        }
        assert!(matches!(
            read_slot(&mut shelf, Kind::PassAndPlay),
            Slot::Empty
        ));
    }

    #[test]
    fn a_corrupt_save_is_kept_aside_and_the_slot_freed() {
        let mut shelf = MapShelf::default();
        shelf
            .set(SOLITAIRE_KEY, "{\"format\": \"molscrab-game/1\", trunc")
            .unwrap();
        let Slot::Unreadable(message) = read_slot(&mut shelf, Kind::Solitaire) else {
            panic!("a corrupt save must be reported");
        };
        assert!(
            message.contains("molscrab.save.solitaire.unreadable"),
            "{message}"
        );
        assert_eq!(shelf.get(SOLITAIRE_KEY), None);
        assert_eq!(
            shelf.get("molscrab.save.solitaire.unreadable").as_deref(),
            Some("{\"format\": \"molscrab-game/1\", trunc")
        );
        // a second corrupt save never overwrites the first one kept
        shelf.set(SOLITAIRE_KEY, "garbage two").unwrap();
        assert!(matches!(
            read_slot(&mut shelf, Kind::Solitaire),
            Slot::Unreadable(_)
        ));
        assert_eq!(
            shelf.get("molscrab.save.solitaire.unreadable.2").as_deref(),
            Some("garbage two")
        );
        assert!(shelf
            .get("molscrab.save.solitaire.unreadable")
            .unwrap()
            .contains("trunc"));
    }

    #[test]
    fn a_save_from_a_newer_version_is_kept_aside() {
        let mut shelf = MapShelf::default();
        let newer = solitaire()
            .to_json()
            .replace("molscrab-game/1", "molscrab-game/2");
        shelf.set(SOLITAIRE_KEY, &newer).unwrap();
        assert!(matches!(
            read_slot(&mut shelf, Kind::Solitaire),
            Slot::Unreadable(_)
        ));
        assert_eq!(shelf.get("molscrab.save.solitaire.unreadable"), Some(newer));
    }

    #[test]
    fn corrupt_bests_start_afresh_and_are_kept() {
        let mut shelf = MapShelf::default();
        shelf.set(BESTS_KEY, "[1,2").unwrap();
        let (bests, message) = read_bests(&mut shelf);
        assert_eq!(bests, Bests::default());
        assert!(message.is_some());
        assert_eq!(
            shelf.get("molscrab.bests.unreadable").as_deref(),
            Some("[1,2")
        );
    }
}
