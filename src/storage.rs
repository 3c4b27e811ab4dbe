//! Saves and personal bests in the browser's localStorage: the only code that touches it.
//!
//! Nothing read from storage is trusted: an unreadable save is moved aside under
//! `<key>.unreadable` (never deleted) and the slot is freed, so a new game can always start.

use std::fmt;

use molscrab_engine::error::LoadError;
use molscrab_engine::game::{Game, Loaded};
use molscrab_engine::record::Kind;

use crate::tables::{self, SavedTable};

pub const SOLITAIRE_KEY: &str = "molscrab.save.solitaire";
pub const PASS_AND_PLAY_KEY: &str = "molscrab.save.pass-and-play";
pub const BESTS_KEY: &str = "molscrab.bests";
/// The Daily Bench history (SPEC §10): its text is read and written by the engine's worker
/// (`daily` question); the page only keeps it.
pub const DAILY_KEY: &str = "molscrab.daily";

/// How many copies of unreadable text are kept aside under one key before we stop.
const MAX_KEPT_ASIDE: usize = 99;

/// The save slot of a kind of game.
pub fn slot_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Solitaire => SOLITAIRE_KEY,
        Kind::PassAndPlay => PASS_AND_PLAY_KEY,
    }
}

fn kind_name(kind: Kind) -> &'static str {
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

/// What is wrong with a slot's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotASave {
    /// Not a game record, or a move in it breaks the rules.
    NotAGame(LoadError),
    /// A game of the other kind (Solitaire in the Pass and Play slot, or the other way).
    OtherKind,
    /// A table's save whose `"table"` part is missing or wrong: says what is wrong.
    NotATable(&'static str),
}

impl fmt::Display for NotASave {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // the engine's sentence is its worker's to write (`crates/worker`'s `why`): the
            // page carries none of the record's error sentences, and puts it where U+0001 is
            NotASave::NotAGame(_) => fmt::Write::write_char(out, WHY),
            NotASave::OtherKind => out.write_str("it holds a different kind of game"),
            NotASave::NotATable(why) => out.write_str(why),
        }
    }
}

/// Where the engine's sentence for a text it refused as a game goes: the page asks its worker
/// for it (`crates/worker`'s `why`, `ui::tables::fill_why`).
pub const WHY: char = '\u{1}';

/// `said` with each [`WHY`] replaced by the matching one of `sentences` (the engine's worker's
/// answer to `why`: a sentence for each text, each ending in [`WHY`]); until it is in (or with
/// no worker), by a stand-in. In a notice's detail (`import` false) the sentence is the middle
/// of a sentence: its full stop is left out.
pub fn put_why(said: &str, sentences: Option<&str>, import: bool) -> String {
    let mut sentences = sentences.unwrap_or_default().split(WHY);
    let mut out = String::new();
    for (at, part) in said.split(WHY).enumerate() {
        if at > 0 {
            let why = sentences.next().filter(|s| !s.is_empty());
            let why = why.unwrap_or(match import {
                true => "It is not a game record this version can read.",
                false => "it is not a game record this version can read",
            });
            out.push_str(if import {
                why
            } else {
                why.trim_end_matches('.')
            });
        }
        out.push_str(part);
    }
    out
}

/// `said` as the browser shows it once the engine's worker has answered `why` about `texts`
/// (for tests: the worker answers natively here).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn with_worker_why(said: &str, texts: &[&str], import: bool) -> String {
    use molscrab_json::Value;
    let texts = texts.iter().map(|t| Value::long_string(t)).collect();
    let question = Value::object([("op", "why".into()), ("texts", Value::Array(texts))]);
    let answer = molscrab_json::parse(&molscrab_worker::answer(&question.to_string())).unwrap();
    let said_why = answer.get("ok").and_then(|ok| ok.get("html"));
    put_why(
        said,
        said_why.and_then(Value::as_long_str).as_deref(),
        import,
    )
}

/// Why a saved game could not be opened; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// "Solitaire", "Pass and Play" or "table": what the save held.
    what: &'static str,
    why: NotASave,
    /// Where its text was kept, or why it could not be.
    kept: Result<String, StorageError>,
    /// The text the engine refused as a game: its worker says why, where [`WHY`] is.
    refused: Option<String>,
}

impl Unreadable {
    fn new(
        what: &'static str,
        why: NotASave,
        kept: Result<String, StorageError>,
        raw: &str,
    ) -> Self {
        let refused = matches!(why, NotASave::NotAGame(_)).then(|| raw.to_string());
        Unreadable {
            what,
            why,
            kept,
            refused,
        }
    }

    /// The text the engine refused as a game, if that is why: [`Unreadable::detail`] has
    /// [`WHY`] where the engine's worker's sentence for it goes.
    pub fn refused_text(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// What it means for the player, first.
    pub fn headline(&self) -> String {
        let what = self.what;
        match &self.kept {
            Ok(_) => format!(
                "Your saved {what} game could not be read, so it can't be resumed. A copy is \
                 kept in this browser; you can start a new game."
            ),
            Err(_) => format!(
                "Your saved {what} game could not be read, and this browser has no room to keep \
                 a copy: it is left untouched, and new {what} games can't be saved over it until \
                 there is room."
            ),
        }
    }

    /// What went wrong and where the text is, for whoever wants to look.
    pub fn detail(&self) -> String {
        detail(&self.why.to_string(), &self.kept, "it")
    }
}

impl fmt::Display for Unreadable {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(out, "{} {}", self.headline(), self.detail())
    }
}

/// "What went wrong: …" and where unreadable text was kept (or why moving `it` / `them`
/// aside failed): the detail under a save's or the bests' headline.
fn detail(why: &str, kept: &Result<String, StorageError>, it: &str) -> String {
    // the reason is the middle of a sentence: without the full stop it may end with
    let why = why.trim_end_matches('.');
    match kept {
        Ok(aside) => format!("What went wrong: {why}. The copy is kept under “{aside}”."),
        Err(e) => format!("What went wrong: {why}. Moving {it} aside failed: {e}."),
    }
}

/// What a save slot holds.
#[derive(Clone, Debug)]
pub enum Slot {
    Empty,
    Saved(Box<Loaded>),
    /// It could not be read; the message says why and where its text was kept.
    Unreadable(Unreadable),
}

/// Keeps unreadable text aside without overwriting anything kept before.
fn keep_aside(shelf: &mut dyn Shelf, key: &str, raw: &str) -> Result<String, StorageError> {
    for n in 1..=MAX_KEPT_ASIDE {
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
    Err(StorageError::TooManyKeptAside)
}

/// Moves unreadable text out of `key` into a copy kept aside; when no copy can be kept, the
/// text stays where it is rather than be lost.
fn move_aside(shelf: &mut dyn Shelf, key: &str, raw: &str) -> Result<String, StorageError> {
    let kept = keep_aside(shelf, key, raw)?;
    shelf.remove(key);
    Ok(kept)
}

/// Before `key` is overwritten or removed: its unreadable text `raw` gets a copy kept aside
/// (made now if it has to be). When no copy can be kept (storage full), the text stays where it
/// is and the error says why; `what` names it ("the save slot holds an unreadable game").
fn keep_in_the_way(
    shelf: &mut dyn Shelf,
    key: &str,
    raw: &str,
    what: &'static str,
) -> Result<(), StorageError> {
    keep_aside(shelf, key, raw)
        .map(|_| ())
        .map_err(|e| StorageError::UnreadableInTheWay {
            what,
            cause: Box::new(e),
        })
}

/// Personal bests that could not be fully read; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestsUnreadable {
    why: String,
    /// Where their text was kept, or why it could not be.
    kept: Result<String, StorageError>,
}

impl BestsUnreadable {
    /// What it means for the player, first.
    pub fn headline(&self) -> String {
        match &self.kept {
            Ok(_) => "Your personal bests could not be fully read: what could be read is kept, \
                      and a copy of the rest is kept in this browser."
                .to_string(),
            Err(_) => "Your personal bests could not be fully read, and this browser has no room \
                       to keep a copy: they are left untouched, and new bests can't be saved \
                       until there is room."
                .to_string(),
        }
    }

    /// What went wrong and where the text is, for whoever wants to look.
    pub fn detail(&self) -> String {
        detail(&self.why, &self.kept, "them")
    }

    /// Where their text was kept, or why it could not be.
    pub fn kept(&self) -> &Result<String, StorageError> {
        &self.kept
    }
}

impl fmt::Display for BestsUnreadable {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(out, "{} {}", self.headline(), self.detail())
    }
}

/// Personal bests the engine's worker could not fully read (`why`; it goes on with what still
/// reads): their text `raw` is moved aside, if it is still what is stored. `None` when it is
/// not (then it was said already).
pub fn keep_bests_aside(shelf: &mut dyn Shelf, raw: &str, why: String) -> Option<BestsUnreadable> {
    if shelf.get(BESTS_KEY).as_deref() != Some(raw) {
        return None;
    }
    let kept = move_aside(shelf, BESTS_KEY, raw);
    Some(BestsUnreadable { why, kept })
}

/// A Daily Bench history that could not be fully read; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryUnreadable {
    why: String,
    /// Where its text was kept, or why it could not be.
    kept: Result<String, StorageError>,
}

impl HistoryUnreadable {
    /// What it means for the player, first.
    pub fn headline(&self) -> &'static str {
        match &self.kept {
            Ok(_) => {
                "Your Daily Bench history could not be fully read: what could be read is kept, \
                 and a copy of the rest is kept in this browser."
            }
            Err(_) => {
                "Your Daily Bench history could not be fully read, and this browser has no room \
                 to keep a copy: it is left untouched, and new days can't be saved until there \
                 is room."
            }
        }
    }

    /// What went wrong and where the text is, for whoever wants to look.
    pub fn detail(&self) -> String {
        detail(&self.why, &self.kept, "it")
    }
}

impl fmt::Display for HistoryUnreadable {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(out, "{} {}", self.headline(), self.detail())
    }
}

/// Keeps the Daily Bench history the worker wrote (`new`), after a question asked with `sent`
/// (the text read from the shelf then, `None` when there was none). `corrupt` is the worker's
/// word that `sent` could not be fully read: that text is kept aside first, and when no copy
/// can be kept nothing is written (a history is never wiped). Another tab's history written
/// since `sent` was read is not overwritten either (`MovedOn`): the next question reads it.
pub fn keep_history(
    shelf: &mut dyn Shelf,
    sent: Option<&str>,
    new: &str,
    corrupt: Option<String>,
) -> Result<Option<HistoryUnreadable>, StorageError> {
    let now = shelf.get(DAILY_KEY);
    if now.as_deref() != sent {
        return Err(StorageError::MovedOn);
    }
    let unreadable = match (corrupt, sent) {
        (Some(why), Some(raw)) => {
            let kept = keep_aside(shelf, DAILY_KEY, raw);
            let failed = kept.is_err();
            let unreadable = HistoryUnreadable { why, kept };
            if failed {
                return Ok(Some(unreadable));
            }
            Some(unreadable)
        }
        _ => None,
    };
    if sent != Some(new) {
        shelf.set(DAILY_KEY, new)?;
    }
    Ok(unreadable)
}

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

    fn note(&mut self, key: &str, text: Option<String>) {
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

/// The browser's localStorage; every failure (private mode, quota, disabled) is an error value.
pub struct LocalShelf(Option<web_sys::Storage>);

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// localStorage, with two of its methods bound as this page needs them.
    type RawStorage;
    /// `getItem`, its string (or null) left in the browser: not copied into the wasm.
    #[wasm_bindgen(method, js_name = getItem)]
    fn item(this: &RawStorage, key: &str) -> wasm_bindgen::JsValue;
    /// `setItem` with a string already in the browser.
    #[wasm_bindgen(method, catch, js_name = setItem)]
    fn set_value(
        this: &RawStorage,
        key: &str,
        value: &wasm_bindgen::JsValue,
    ) -> Result<(), wasm_bindgen::JsValue>;
}

fn raw(store: &web_sys::Storage) -> &RawStorage {
    wasm_bindgen::JsCast::unchecked_ref(store)
}

thread_local! {
    /// Each key's text as this page last read or wrote it, beside the same text as the
    /// browser's string: whether the key still holds it is then one comparison of two strings
    /// in the browser, where reading it out would copy and decode the whole save (~1 ms late
    /// in a long game at 4× slowdown, on every tap).
    static SEEN: std::cell::RefCell<Vec<(String, String, wasm_bindgen::JsValue)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Notes (or, with `None`, forgets) what `key` holds, as text and as the browser's string.
fn seen(key: &str, text: Option<(&str, wasm_bindgen::JsValue)>) {
    SEEN.with_borrow_mut(|seen| {
        seen.retain(|(k, _, _)| k != key);
        if let Some((text, value)) = text {
            seen.push((key.to_string(), text.to_string(), value));
        }
    });
}

impl LocalShelf {
    pub fn open() -> LocalShelf {
        LocalShelf(web_sys::window().and_then(|w| w.local_storage().ok().flatten()))
    }
}

impl Shelf for LocalShelf {
    fn get(&self, key: &str) -> Option<String> {
        let value = raw(self.0.as_ref()?).item(key);
        let text = value.as_string();
        seen(key, text.as_deref().map(|t| (t, value)));
        text
    }
    fn holds_exactly(&self, key: &str, text: &str) -> bool {
        let Some(store) = self.0.as_ref() else {
            return false;
        };
        let held = SEEN.with_borrow(|seen| {
            let found = seen.iter().find(|(k, t, _)| k == key && t == text);
            found.map(|(_, _, value)| raw(store).item(key) == *value)
        });
        // not seen as this text: read it out
        held.unwrap_or_else(|| self.get(key).as_deref() == Some(text))
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
        let store = self.0.as_ref().ok_or(StorageError::NoStorage)?;
        let string = wasm_bindgen::JsValue::from_str(value);
        let set = raw(store).set_value(key, &string);
        // refused (quota, private mode): what the key holds now is not known
        seen(key, set.is_ok().then_some((value, string)));
        set.map_err(|_| StorageError::Refused)
    }
    fn remove(&mut self, key: &str) {
        seen(key, None);
        if let Some(store) = self.0.as_ref() {
            let _ = store.remove_item(key);
        }
    }
    fn keys(&self) -> Vec<String> {
        let Some(store) = self.0.as_ref() else {
            return Vec::new();
        };
        let count = store.length().unwrap_or(0);
        (0..count)
            .filter_map(|i| store.key(i).ok().flatten())
            .collect()
    }
}

/// A shelf in memory: the test shelf of the app's plain-Rust tests.
#[derive(Clone, Debug, Default)]
pub struct MemoryShelf(pub std::collections::BTreeMap<String, String>);

impl Shelf for MemoryShelf {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
        self.0.insert(key.into(), value.into());
        Ok(())
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.0.keys().cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molscrab_engine::bests::Bests;
    use molscrab_engine::record::GameRecord;

    type MapShelf = MemoryShelf;

    fn read_slot(shelf: &mut dyn Shelf, kind: Kind) -> Slot {
        Saver::default().read_slot(shelf, kind)
    }
    /// A page that writes at once, as if it had just read the slot as it is.
    fn write_slot(shelf: &mut dyn Shelf, record: &GameRecord) -> Result<(), StorageError> {
        let mut saver = Saver::default();
        let key = slot_key(record.kind);
        saver.note(key, shelf.get(key).filter(|raw| Game::load(raw).is_ok()));
        saver.write_slot(shelf, record)
    }
    fn clear_slot(shelf: &mut dyn Shelf, kind: Kind) {
        let mut saver = Saver::default();
        let key = slot_key(kind);
        saver.note(key, shelf.get(key).filter(|raw| Game::load(raw).is_ok()));
        saver.clear_slot(shelf, kind)
    }
    /// Why the engine's worker says `raw` can't be fully read as bests (its reader's words).
    fn bests_why(raw: &str) -> String {
        Bests::parse(raw).expect_err("unreadable bests")
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
        fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
            if key.contains(".unreadable") {
                return Err(StorageError::Refused);
            }
            self.0.set(key, value)
        }
        fn remove(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn keys(&self) -> Vec<String> {
            self.0.keys()
        }
    }

    #[test]
    fn the_daily_history_is_kept_as_the_worker_wrote_it() {
        let mut shelf = MapShelf::default();
        assert_eq!(keep_history(&mut shelf, None, "{\"a\":1}", None), Ok(None));
        assert_eq!(shelf.get(DAILY_KEY).as_deref(), Some("{\"a\":1}"));
        // another tab wrote in between: not overwritten
        assert_eq!(
            keep_history(&mut shelf, None, "{\"b\":2}", None),
            Err(StorageError::MovedOn)
        );
        assert_eq!(shelf.get(DAILY_KEY).as_deref(), Some("{\"a\":1}"));
    }

    #[test]
    fn an_unreadable_daily_history_is_kept_aside_and_never_wiped() {
        let mut shelf = MapShelf::default();
        shelf.set(DAILY_KEY, "{broken").unwrap();
        let said = keep_history(
            &mut shelf,
            Some("{broken"),
            "{\"ok\":true}",
            Some("The Daily Bench history is not JSON (x).".into()),
        );
        let Ok(Some(unreadable)) = said else {
            panic!("{said:?}");
        };
        let message = unreadable.to_string();
        assert!(message.contains("copy of the rest is kept"), "{message}");
        assert!(message.contains("molscrab.daily.unreadable"), "{message}");
        assert_eq!(
            shelf.get("molscrab.daily.unreadable").as_deref(),
            Some("{broken")
        );
        assert_eq!(shelf.get(DAILY_KEY).as_deref(), Some("{\"ok\":true}"));
        // no room for the copy: the unreadable text stays where it is
        let mut full = FullShelf::default();
        full.0.set(DAILY_KEY, "{broken").unwrap();
        let said = keep_history(&mut full, Some("{broken"), "{}", Some("why".into()));
        let Ok(Some(unreadable)) = said else {
            panic!("{said:?}");
        };
        assert!(unreadable.to_string().contains("left untouched"));
        assert_eq!(full.get(DAILY_KEY).as_deref(), Some("{broken"));
    }

    #[test]
    fn an_unreadable_save_that_cannot_be_kept_aside_is_never_overwritten() {
        let mut shelf = FullShelf::default();
        shelf.0.set(SOLITAIRE_KEY, "not a record").unwrap();
        let Slot::Unreadable(message) = read_slot(&mut shelf, Kind::Solitaire) else {
            panic!("reported");
        };
        let message = message.to_string();
        assert!(message.contains("left untouched"), "{message}");
        assert_eq!(shelf.get(SOLITAIRE_KEY).as_deref(), Some("not a record"));
        // a new game can't be saved over it, nor can finishing one clear it
        let refused = write_slot(&mut shelf, &solitaire());
        assert!(refused.is_err_and(|e| e.to_string().contains("not overwritten")));
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
        let raw = "{\"theory\": 12";
        shelf.0.set(BESTS_KEY, raw).unwrap();
        let message = keep_bests_aside(&mut shelf, raw, bests_why(raw)).expect("said");
        assert!(message.to_string().contains("left untouched"), "{message}");
        assert!(message.kept().is_err());
        // as `Table` does: the saver is told, and never writes over them
        let mut saver = Saver::default();
        saver.bests_in_the_way(raw);
        let refused = saver.write_bests(&mut shelf, &Bests::default().to_json());
        assert!(refused.is_err_and(|e| e.to_string().contains("not overwritten")));
        assert_eq!(shelf.get(BESTS_KEY).as_deref(), Some("{\"theory\": 12"));
    }

    #[test]
    fn a_save_reads_back_as_the_same_record() {
        let mut shelf = MapShelf::default();
        write_slot(&mut shelf, &solitaire()).unwrap();
        match read_slot(&mut shelf, Kind::Solitaire) {
            Slot::Saved(r) => assert_eq!(r.game.record(), solitaire()),
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
        let raw = "{\"format\": \"molscrab-game/1\", trunc";
        shelf.set(SOLITAIRE_KEY, raw).unwrap();
        let Slot::Unreadable(message) = read_slot(&mut shelf, Kind::Solitaire) else {
            panic!("a corrupt save must be reported");
        };
        assert_eq!(message.refused_text(), Some(raw));
        // the reader's words are the engine's worker's (the page asks it): until they come,
        // a stand-in
        let waiting = put_why(&message.detail(), None, false);
        assert!(
            waiting.starts_with("What went wrong: it is not a game record this version can read. "),
            "{waiting}"
        );
        let detail = with_worker_why(&message.detail(), &[raw], false);
        // what it means first; the parser's words and the key only in the detail
        assert!(
            message.headline().starts_with(
                "Your saved Solitaire game could not be read, so it can't be resumed."
            ),
            "{}",
            message.headline()
        );
        assert!(!message.headline().contains("line 1"));
        assert!(!message.headline().contains("molscrab.save"));
        assert!(detail.contains("not JSON"), "{detail}");
        assert!(detail.contains("line 1"), "{detail}");
        assert!(!detail.contains(".."), "{detail}");
        let message = message.to_string();
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
        let message = keep_bests_aside(&mut shelf, "[1,2", bests_why("[1,2"));
        assert!(message.is_some_and(|m| m.detail().contains("What went wrong")));
        assert_eq!(shelf.get(BESTS_KEY), None);
        // said once: the text is no longer there to keep
        assert!(keep_bests_aside(&mut shelf, "[1,2", bests_why("[1,2")).is_none());
        assert_eq!(
            shelf.get("molscrab.bests.unreadable").as_deref(),
            Some("[1,2")
        );
    }

    #[test]
    fn the_saver_writes_only_changes_and_checks_text_it_did_not_write() {
        let mut shelf = MapShelf::default();
        let mut saver = Saver::default();
        let record = solitaire();
        saver.write_slot(&mut shelf, &record).unwrap();
        // unchanged: nothing is written (a foreign text put under it would stay)
        shelf.set(SOLITAIRE_KEY, &record.to_json()).unwrap();
        saver.write_slot(&mut shelf, &record).unwrap();
        // text this saver did not write, and unreadable: kept aside before it is replaced
        shelf.set(SOLITAIRE_KEY, "left by something else").unwrap();
        let mut moved = record.clone();
        moved.moves.push(molscrab_engine::record::Move::End);
        saver.write_slot(&mut shelf, &moved).unwrap();
        assert_eq!(
            shelf.get("molscrab.save.solitaire.unreadable").as_deref(),
            Some("left by something else")
        );
        assert_eq!(shelf.get(SOLITAIRE_KEY), Some(moved.to_json()));
        // a finished game's slot is cleared; bests are written once, then only when changed
        saver.clear_slot(&mut shelf, Kind::Solitaire);
        assert_eq!(shelf.get(SOLITAIRE_KEY), None);
        let bests = Bests::default().to_json();
        saver.write_bests(&mut shelf, &bests).unwrap();
        shelf.set(BESTS_KEY, "untouched").unwrap();
        saver.write_bests(&mut shelf, &bests).unwrap();
        assert_eq!(shelf.get(BESTS_KEY).as_deref(), Some("untouched"));
    }

    #[test]
    fn a_save_that_moved_on_in_another_tab_is_never_replaced() {
        let mut shelf = MapShelf::default();
        let (mut tab_a, mut tab_b) = (Saver::default(), Saver::default());
        let start = solitaire();
        tab_a.write_slot(&mut shelf, &start).unwrap();
        // tab B opens the same save
        assert!(matches!(
            tab_b.read_slot(&mut shelf, Kind::Solitaire),
            Slot::Saved(_)
        ));
        // tab A moves on
        let mut a_moved = start.clone();
        a_moved.moves.push(molscrab_engine::record::Move::End);
        tab_a.write_slot(&mut shelf, &a_moved).unwrap();
        // tab B's next write is refused, and A's save stays
        let mut b_moved = start.clone();
        b_moved.players = vec!["B".into()];
        assert_eq!(
            tab_b.write_slot(&mut shelf, &b_moved),
            Err(StorageError::MovedOn)
        );
        assert!(!tab_b.is_current(&shelf, SOLITAIRE_KEY));
        tab_b.clear_slot(&mut shelf, Kind::Solitaire);
        assert_eq!(shelf.get(SOLITAIRE_KEY), Some(a_moved.to_json()));
        // once B reads the slot again it may write
        assert!(matches!(
            tab_b.read_slot(&mut shelf, Kind::Solitaire),
            Slot::Saved(_)
        ));
        tab_b.write_slot(&mut shelf, &b_moved).unwrap();
        // a slot emptied by the other tab (its game finished) is not filled again either
        shelf.remove(SOLITAIRE_KEY);
        assert_eq!(
            tab_b.write_slot(&mut shelf, &b_moved),
            Err(StorageError::MovedOn)
        );
    }

    /// A shelf that, like the browser's, says whether a key holds a text without reading it
    /// out, and counts what is read out.
    #[derive(Default)]
    struct CountingShelf(MapShelf, std::cell::Cell<usize>);
    impl Shelf for CountingShelf {
        fn get(&self, key: &str) -> Option<String> {
            self.1.set(self.1.get() + 1);
            self.0.get(key)
        }
        fn holds_exactly(&self, key: &str, text: &str) -> bool {
            self.0 .0.get(key).is_some_and(|held| held == text)
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
            self.0.set(key, value)
        }
        fn remove(&mut self, key: &str) {
            self.0.remove(key)
        }
        fn keys(&self) -> Vec<String> {
            self.0.keys()
        }
    }

    #[test]
    fn a_save_unchanged_since_this_page_wrote_it_is_not_read_out_again() {
        let mut shelf = CountingShelf::default();
        let (mut tab_a, mut tab_b) = (Saver::default(), Saver::default());
        let mut game = solitaire();
        tab_a.write_slot(&mut shelf, &game).unwrap();
        let read_out = shelf.1.get();
        // tab A's taps: each write replaces its own save without reading it out
        for player in ["A", "AA", "AAA"] {
            game.players = vec![player.into()];
            tab_a.write_slot(&mut shelf, &game).unwrap();
        }
        assert_eq!(shelf.1.get(), read_out, "nothing read out");
        assert_eq!(shelf.get(SOLITAIRE_KEY), Some(game.to_json()));
        // another tab moves the game on: A reads the save out, and leaves it
        assert!(matches!(
            tab_b.read_slot(&mut shelf, Kind::Solitaire),
            Slot::Saved(_)
        ));
        let mut moved = game.clone();
        moved.moves.push(molscrab_engine::record::Move::End);
        tab_b.write_slot(&mut shelf, &moved).unwrap();
        let read_out = shelf.1.get();
        game.players = vec!["A again".into()];
        assert_eq!(
            tab_a.write_slot(&mut shelf, &game),
            Err(StorageError::MovedOn)
        );
        assert!(shelf.1.get() > read_out, "read out once it changed");
        assert_eq!(shelf.get(SOLITAIRE_KEY), Some(moved.to_json()));
    }

    #[test]
    fn a_tab_with_nothing_new_never_writes_over_another_tabs_tiles() {
        let mut shelf = MapShelf::default();
        let (mut tab_a, mut tab_b) = (Saver::default(), Saver::default());
        let mut a = solitaire();
        tab_a.write_slot(&mut shelf, &a).unwrap();
        assert!(matches!(
            tab_b.read_slot(&mut shelf, Kind::Solitaire),
            Slot::Saved(_)
        ));
        // B writes its own unsubmitted tiles (the "ui" part) over the same game
        let mut b = solitaire();
        b.ui = molscrab_json::parse(r#"{"tentative": [], "screen": "turn"}"#).ok();
        tab_b.write_slot(&mut shelf, &b).unwrap();
        let bs = shelf.get(SOLITAIRE_KEY);
        // A has nothing new: its save is not written again (that is how two tabs would answer
        // each other's writes for ever)
        tab_a.write_slot(&mut shelf, &a).unwrap();
        assert_eq!(shelf.get(SOLITAIRE_KEY), bs);
        // once A has something new, it writes
        a.ui = molscrab_json::parse(r#"{"screen": "turn"}"#).ok();
        tab_a.write_slot(&mut shelf, &a).unwrap();
        assert_eq!(shelf.get(SOLITAIRE_KEY), Some(a.to_json()));
    }
}
