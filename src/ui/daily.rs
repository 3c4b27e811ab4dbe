//! The Daily Bench on screen (RULES §10.3): the Play tab's section (the day, whether
//! today's attempt is done, the streaks), its start, and the share text on the results; and
//! the table variants' checkboxes on the Play tab.
//!
//! The engine's worker writes all of it (`daily` and `variants-form` questions): the day's bag,
//! the history's reading and writing, the share text, the HTML. The page keeps the history's
//! text in localStorage (`storage::keep_history`: an unreadable one is kept aside, another
//! tab's newer one never overwritten) and shows what comes back.

use super::dom::field_values;
use super::markup::{html, Html};
use super::tables::{self, drawn, drawn_by, Asked, WorkerMarkup};
use super::{engine, focus, Store};
use crate::storage::{
    daily_copies_to_merge, keep_history, mark_daily_merged, LocalShelf, Shelf, StorageError,
    DAILY_KEY,
};
use leptos::prelude::Track;
use molscrab_engine::record::Kind;
use molscrab_engine::variants::{Variant, Variants};
use molscrab_json::Value;
use std::cell::RefCell;
use std::thread::LocalKey;

// Thread-locals, not signals: the worker's answers cached by key, as the tables' (ui/tables.rs).
thread_local! {
    /// The Daily Bench section, for the day, mode and history it was written from.
    static ENTRY: WorkerMarkup = const { RefCell::new((String::new(), None)) };
    /// The variants' checkboxes, for the mode they were written for.
    static FORM: WorkerMarkup = const { RefCell::new((String::new(), None)) };
    /// The end of a Daily Bench game: its share box, for the game it was written for.
    static SHARE: WorkerMarkup = const { RefCell::new((String::new(), None)) };
    /// What went wrong with the history, said in the section until the page is reloaded.
    static SAID: RefCell<Html> = const { RefCell::new(Html::new()) };
}

/// The section's heading and what it is; its state and button come from `section_html`.
/// (What it is, and the day's lines, come from the worker.)
const HEADING: &str = "<h2 id=\"daily-h\">Daily Bench</h2>";

/// The player's local date, `YYYY-MM-DD` (RULES §10: the app's Daily Bench uses it).
fn today() -> String {
    let now = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        now.get_full_year(),
        now.get_month() + 1,
        now.get_date()
    )
}

/// The referee chosen on the Play tab.
pub fn mode() -> &'static str {
    super::play_menu::referee().code()
}

/// Asks the worker's `daily` question `step` for today in `mode` (or, with a finished game's
/// `save`, for that game's day), with the history as kept now; the answer goes to
/// [`answered`], and its HTML to `drawn`'s cache and key, if given.
fn ask(
    store: Store,
    step: &str,
    mode: &str,
    save: Option<String>,
    drawn: Option<(&'static LocalKey<WorkerMarkup>, String)>,
) {
    let shelf = LocalShelf::open();
    let history = shelf.get(DAILY_KEY);
    // copies of the history kept aside earlier (by a build that could not read them) that are
    // not yet merged back: the worker merges those it can read now
    let aside = daily_copies_to_merge(&shelf);
    let mut question = engine::question([
        ("op", "daily".into()),
        ("step", step.into()),
        ("date", today().into()),
        ("mode", mode.into()),
    ]);
    for (name, text) in [("history", &history), ("save", &save)] {
        if let Some(text) = text {
            question.insert(name.into(), Value::long_string(text));
        }
    }
    if !aside.is_empty() {
        let copies = aside.iter().map(|(key, text)| {
            Value::object([
                ("key", key.as_str().into()),
                ("text", Value::long_string(text)),
            ])
        });
        question.insert("aside".into(), Value::Array(copies.collect()));
    }
    let asked = Asked::Daily {
        history,
        aside,
        drawn,
    };
    tables::ask(store, question, asked);
}

/// The worker's answer to a `daily` question asked with `history`: the history it wrote back
/// is kept, a `save` in it (begin) is the day's game, opened; its HTML (`share_html` at a
/// game's end, else the section's `html`) is returned to be shown.
pub(super) fn answered(
    store: Store,
    history: &Option<String>,
    aside: &[(String, String)],
    answer: Result<Value, String>,
) -> Option<Html> {
    let text = |a: &Value, name| a.get(name).and_then(Value::as_long_str);
    match &answer {
        Ok(a) => {
            keep(history, aside, a);
            if let Some(save) = text(a, "save") {
                let mut opened = false;
                store.update(|t| opened = t.start_daily(&mut LocalShelf::open(), &save));
                if !opened {
                    say("The day's game could not be opened.");
                }
                focus::restore_after_tap();
            }
            // the answer's markup: the share box at a game's end, else the section
            engine::markup_of(a, "share_html").or_else(|| engine::html_of(a))
        }
        Err(e) => {
            say(e);
            None
        }
    }
}

/// Says `text` in the Daily Bench section, as an alert, until the page is reloaded.
fn say(text: &str) {
    SAID.set(html!(
        "<p class=\"notice refused\" role=\"alert\">{}</p>",
        text
    ));
}

/// The Play tab's Daily Bench: what went wrong with the history if anything, today's state as
/// the worker wrote it, and the button.
pub fn section_html(store: Store) -> Html {
    if !store.lower_sections_ready() {
        return Html::new();
    }
    store.table_signal().track();
    let mode = mode();
    let history = LocalShelf::open().get(DAILY_KEY).unwrap_or_default();
    let key = format!("{} {mode} {history}", today());
    let entry = drawn_by(&ENTRY, key, |key| {
        ask(store, "entry", mode, None, Some((&ENTRY, key)))
    });
    html!(
        "{}{}<div class=\"daily-entry\">{}</div><div class=\"controls\"><button \
         class=\"btn primary\" data-act=\"daily\">Play today's bench</button></div>",
        html!(HEADING),
        SAID.with_borrow(Clone::clone),
        entry.unwrap_or_default(),
    )
}

/// Keeps the history the worker wrote back, and marks the copies kept aside that it merged
/// back (`aside`, as sent); a problem, or days brought back, is said in the section once.
fn keep(sent: &Option<String>, aside: &[(String, String)], answer: &Value) {
    let Some(new) = answer.get("history").and_then(Value::as_long_str) else {
        return;
    };
    let corrupt = answer
        .get("corrupt")
        .and_then(Value::as_str)
        .map(str::to_string);
    let mut shelf = LocalShelf::open();
    // what it means for the player (the worker's reason and where the copy went are in the
    // browser's storage for whoever looks); another tab's newer history is read next time
    match keep_history(&mut shelf, sent.as_deref(), &new, corrupt) {
        Ok(Some(unreadable)) => return say(unreadable.headline()),
        Err(StorageError::MovedOn) => return,
        Ok(None) => {}
        Err(_) => {
            return say("Your Daily Bench history was not saved: this browser refused to store it.")
        }
    }
    let Some(merged) = answer.get("merged") else {
        return;
    };
    let keys: Vec<&str> = merged
        .get("keys")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let copies: Vec<(String, String)> = aside
        .iter()
        .filter(|(key, _)| keys.contains(&key.as_str()))
        .cloned()
        .collect();
    // marked once the history holds them: the next visit neither merges nor says it again
    if mark_daily_merged(&mut shelf, &copies).is_err() {
        return;
    }
    let count = |name| merged.get(name).and_then(Value::as_i64).unwrap_or(0);
    if let Some(said) = merged_words(count("counted"), count("replaced"), count("practice")) {
        SAID.set(html!(
            "<p class=\"notice info\" role=\"status\">{}</p>",
            said
        ));
    }
}

/// What the player is told once when copies of the history kept aside came back into it:
/// `counted` days, `replaced` of them in place of a later game of the same day (which becomes
/// practice), and `practice` games.
fn merged_words(counted: i64, replaced: i64, practice: i64) -> Option<String> {
    let games = |n: i64, one: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    };
    let (what, are) = match (counted, practice) {
        (0, 0) => return None,
        (1, 0) => (games(1, "counted day"), "is"),
        (c, 0) => (games(c, "counted day"), "are"),
        (0, 1) => (games(1, "practice game"), "is"),
        (0, p) => (games(p, "practice game"), "are"),
        (c, p) => (
            format!(
                "{} and {}",
                games(c, "counted day"),
                games(p, "practice game")
            ),
            "are",
        ),
    };
    let mut said = format!(
        "Your Daily Bench history is whole again: {what} that this browser had set aside {are} \
         back in it, streaks included."
    );
    if replaced > 0 {
        said.push_str(&format!(
            " On {}, the game you played first counts again; the later one is kept as practice.",
            match replaced {
                1 => "1 day".to_string(),
                n => format!("{n} days"),
            }
        ));
    }
    Some(said)
}

/// "Play today's bench" in `mode`: the day's game saved unfinished is resumed; otherwise the
/// worker writes the day down as begun and gives its save, and the game starts (as Solitaire,
/// asking first if another Solitaire game is saved).
pub fn begin(store: Store, mode: &str) {
    // today's game saved unfinished (in the Solitaire slot) goes on: it is the day's attempt
    let saved = store.saved(Kind::Solitaire).and_then(|l| l.ui);
    let day = saved
        .as_ref()
        .and_then(|ui| ui.get("daily")?.get("date")?.as_str());
    if day == Some(&today()) {
        return store.resume(Kind::Solitaire);
    }
    // its answer's HTML is the section for the history as begun: the section asks anew
    ask(store, "begin", mode, None, None);
}

/// The end of a Daily Bench game: the worker writes the day's result into the history (once
/// per game shown) and the share text in its box with Copy and Share…; "" for other games.
pub fn share_html(store: Store) -> Html {
    let key = store.with_session(|s| {
        let s = s.filter(|s| s.game().is_over() && s.daily().is_some())?;
        Some(format!("{} {}", s.game().seed(), s.game().moves().len()))
    });
    let Some(key) = key else {
        return Html::new();
    };
    drawn_by(&SHARE, key, |key| {
        let save = store.with_session_untracked(|s| s.map(|s| s.to_record().to_json()));
        ask(store, "finish", "", save, Some((&SHARE, key)))
    })
    .unwrap_or_default()
}

/// The Play tab's table variants (the worker writes the boxes for the referee chosen above, the
/// ones ticked kept ticked), for any new game.
pub fn variants_html(store: Store) -> Html {
    if !store.lower_sections_ready() {
        return Html::new();
    }
    store.table_signal().track();
    let mode = mode();
    let chosen = field_values(".variants input:checked");
    let question = || {
        let chosen = Value::Array(chosen.iter().map(|c| c.as_str().into()).collect());
        engine::question([
            ("op", "variants-form".into()),
            ("kind", "pass-and-play".into()),
            ("mode", mode.into()),
            ("chosen", chosen),
        ])
    };
    drawn(store, &FORM, mode.to_string(), &question).unwrap_or_default()
}

/// The variants ticked on the Play tab, by their boxes' codes.
pub fn chosen() -> Variants {
    let codes = field_values(".variants input:checked");
    let ticked = Variant::ALL
        .into_iter()
        .filter(|v| codes.iter().any(|c| c == v.code()));
    Variants::of(&ticked.collect::<Vec<_>>())
}

#[cfg(test)]
mod tests {
    use super::merged_words;

    #[test]
    fn days_brought_back_are_said_in_words() {
        assert_eq!(merged_words(0, 0, 0), None);
        assert_eq!(
            merged_words(1, 0, 0).as_deref(),
            Some(
                "Your Daily Bench history is whole again: 1 counted day that this browser had \
                 set aside is back in it, streaks included."
            )
        );
        let both = merged_words(3, 1, 2).unwrap_or_default();
        assert!(
            both.contains(
                "3 counted days and 2 practice games that this browser had set aside are back"
            ),
            "{both}"
        );
        assert!(
            both.ends_with(
                "On 1 day, the game you played first counts again; the later one is kept as practice."
            ),
            "{both}"
        );
    }
}
