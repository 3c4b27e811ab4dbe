//! What is wrong with a stored text, and keeping it aside (never deleted): an unreadable save,
//! bests or Daily Bench history, and the engine's sentence for why a save is no game.

use std::fmt;

use molscrab_engine::error::LoadError;
use molscrab_engine::game::Loaded;

use super::*;

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
            NotASave::NotAGame(_) => fmt::Write::write_char(out, ENGINE_SENTENCE),
            NotASave::OtherKind => out.write_str("it holds a different kind of game"),
            NotASave::NotATable(why) => out.write_str(why),
        }
    }
}

/// Where the engine's sentence for a text it refused as a game goes: the page asks its worker
/// for it (`crates/worker`'s `why`, `ui::tables::fill_why`).
pub const ENGINE_SENTENCE: char = '\u{1}';

/// `said` with each [`ENGINE_SENTENCE`] replaced by the next of `sentences` (the engine's worker's answer to
/// `why`, split at [`ENGINE_SENTENCE`]: a sentence for each text); until it is in (or with no worker), by a
/// stand-in. In a notice's detail (`import` false) the sentence is the middle of a sentence:
/// its full stop is left out. Text in, text out: the page escapes it where it shows it.
pub fn put_why<'a>(
    said: &str,
    sentences: &mut impl Iterator<Item = &'a str>,
    import: bool,
) -> String {
    let mut out = String::new();
    for (at, part) in said.split(ENGINE_SENTENCE).enumerate() {
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
    let said_why = answer.get("ok").and_then(|ok| ok.get("text"));
    let sentences = said_why.and_then(Value::as_long_str).unwrap_or_default();
    put_why(said, &mut sentences.split(ENGINE_SENTENCE), import)
}

/// Why a saved game could not be opened; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// "Solitaire", "Pass and Play" or "table": what the save held.
    what: &'static str,
    why: NotASave,
    /// Where its text was kept, or why it could not be.
    kept: Result<String, StorageError>,
    /// The text the engine refused as a game: its worker says why, where [`ENGINE_SENTENCE`] is.
    refused: Option<String>,
}

impl Unreadable {
    pub(crate) fn new(
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
    /// [`ENGINE_SENTENCE`] where the engine's worker's sentence for it goes.
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
pub(crate) fn detail(why: &str, kept: &Result<String, StorageError>, it: &str) -> String {
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
    /// A game under the chemist's referee, read once the page has installed the table of
    /// documented substances (RULES §11); left where it is meanwhile.
    WaitsForTable,
}

/// Where the `n`th copy of `key`'s unreadable text is kept (from 1): `<key>.unreadable`, then
/// `<key>.unreadable.2`, …
fn aside_key(key: &str, n: usize) -> String {
    match n {
        1 => format!("{key}.unreadable"),
        n => format!("{key}.unreadable.{n}"),
    }
}

/// Keeps unreadable text aside without overwriting anything kept before.
pub(crate) fn keep_aside(
    shelf: &mut dyn Shelf,
    key: &str,
    raw: &str,
) -> Result<String, StorageError> {
    for n in 1..=MAX_KEPT_ASIDE {
        let aside = aside_key(key, n);
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
pub(crate) fn move_aside(
    shelf: &mut dyn Shelf,
    key: &str,
    raw: &str,
) -> Result<String, StorageError> {
    let kept = keep_aside(shelf, key, raw)?;
    shelf.remove(key);
    Ok(kept)
}

/// Before `key` is overwritten or removed: its unreadable text `raw` gets a copy kept aside
/// (made now if it has to be). When no copy can be kept (storage full), the text stays where it
/// is and the error says why; `what` names it ("the save slot holds an unreadable game").
pub(crate) fn keep_in_the_way(
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

/// Where the copies of the Daily Bench history that were merged back are listed (each key with
/// a hash of its text), so that none is merged or said twice: the copies themselves stay kept.
pub const DAILY_MERGED_KEY: &str = "molscrab.daily.merged";

/// The format of [`DAILY_MERGED_KEY`]'s text.
const MERGED_FORMAT: &str = "molscrab-merged/1";

// FNV-1a: a copy's text, named in the list of merged copies (the same key could one day hold
// another text if the browser's storage was cleared in between)
fn text_hash(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

// the copies listed as merged: (key, hash); an unreadable list reads as none (merging a copy
// again changes nothing, so the worst is one notice more)
fn merged_copies(shelf: &dyn Shelf) -> Vec<(String, String)> {
    use molscrab_json::Value;
    let Some(text) = shelf.get(DAILY_MERGED_KEY) else {
        return Vec::new();
    };
    let Ok(value) = molscrab_json::parse(&text) else {
        return Vec::new();
    };
    if value.get("format").and_then(Value::as_str) != Some(MERGED_FORMAT) {
        return Vec::new();
    }
    let copies = value.get("copies").and_then(Value::as_array);
    copies
        .into_iter()
        .flatten()
        .take(MAX_KEPT_ASIDE)
        .filter_map(|c| {
            let key = c.get("key")?.as_str()?;
            let hash = c.get("hash")?.as_str()?;
            Some((key.to_string(), hash.to_string()))
        })
        .collect()
}

/// The copies of the Daily Bench history kept aside (`molscrab.daily.unreadable`, `….2`, …)
/// that are not yet merged back: `(key, text)`, in the order they were kept.
pub fn daily_copies_to_merge(shelf: &dyn Shelf) -> Vec<(String, String)> {
    let merged = merged_copies(shelf);
    let held = shelf.keys();
    (1..=MAX_KEPT_ASIDE)
        .map(|n| aside_key(DAILY_KEY, n))
        .filter(|key| held.contains(key))
        .filter_map(|key| {
            let text = shelf.get(&key)?;
            let hash = text_hash(&text);
            let done = merged.iter().any(|(k, h)| *k == key && *h == hash);
            (!done).then_some((key, text))
        })
        .collect()
}

/// Lists these copies (`(key, text)`) as merged back into the Daily Bench history.
pub fn mark_daily_merged(
    shelf: &mut dyn Shelf,
    copies: &[(String, String)],
) -> Result<(), StorageError> {
    use molscrab_json::Value;
    let mut list = merged_copies(shelf);
    for (key, text) in copies {
        let entry = (key.clone(), text_hash(text));
        if !list.contains(&entry) {
            list.push(entry);
        }
    }
    let copies = list
        .into_iter()
        .map(|(key, hash)| Value::object([("key", key.into()), ("hash", hash.into())]));
    let text = Value::object([
        ("format", MERGED_FORMAT.into()),
        ("copies", Value::Array(copies.collect())),
    ]);
    shelf.set(DAILY_MERGED_KEY, &text.to_string())
}
