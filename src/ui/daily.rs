//! The Daily Bench on screen (SPEC §10, issue 15): the Play tab's section (the day, whether
//! today's attempt is done, the streaks), its start, and the share text on the results; and
//! the table variants' checkboxes on the Play tab.
//!
//! The engine's worker writes all of it (`daily` and `variants-form` questions): the day's bag,
//! the history's reading and writing, the share text, the HTML. The page keeps the history's
//! text in localStorage (`storage::keep_history`: an unreadable one is kept aside, another
//! tab's newer one never overwritten) and shows what comes back.

use super::dom::{field_values, ticked};
use super::tables::{drawn, Drawn};
use super::{engine, focus, Store};
use crate::storage::{keep_history, LocalShelf, Shelf, DAILY_KEY};
use leptos::prelude::{Notify, Track};
use molscrab_engine::markup::escape;
use molscrab_json::{Map, Value};
use std::cell::RefCell;

thread_local! {
    /// The Daily Bench section, for the day, mode and history it was written from.
    static ENTRY: Drawn = const { RefCell::new((String::new(), None)) };
    /// The variants' checkboxes, for the mode they were written for.
    static FORM: Drawn = const { RefCell::new((String::new(), None)) };
    /// The end of a Daily Bench game: its share box, for the game it was written for.
    static SHARE: Drawn = const { RefCell::new((String::new(), None)) };
    /// What went wrong with the history, said in the section until the page is reloaded.
    static SAID: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The section's heading and what it is; its state and button come from `section_html`.
pub const HEADING: &str = "<h2 id=\"daily-h\">Daily Bench</h2><p>One bag a day, the same for \
    everyone: one attempt counts, then share your score. Theory Mode as ticked above.</p>";

/// The player's local date, `YYYY-MM-DD` (SPEC §10: the app's Daily Bench uses it).
fn today() -> String {
    let now = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        now.get_full_year(),
        now.get_month() + 1,
        now.get_date()
    )
}

/// The mode ticked on the Play tab (Theory Mode when the box is not on screen).
pub fn mode() -> &'static str {
    if ticked(".menu .theory input") {
        "theory"
    } else {
        "standard"
    }
}

/// A `daily` question for today in the chosen mode, with the history as it is kept now.
fn question(step: &str, mode: &str, history: &Option<String>) -> Map {
    let mut question = engine::question([
        ("op", "daily".into()),
        ("step", step.into()),
        ("date", today().into()),
        ("mode", mode.into()),
    ]);
    if let Some(text) = history {
        question.insert("history".into(), Value::long_string(text));
    }
    question
}

/// The Play tab's Daily Bench: what went wrong with the history if anything, today's state as
/// the worker wrote it, and the button.
pub fn section_html(store: Store) -> String {
    store.table_signal().track();
    let (history, mode) = (LocalShelf::open().get(DAILY_KEY), mode());
    let key = format!("{} {mode} {}", today(), history.as_deref().unwrap_or(""));
    let entry = drawn(store, &ENTRY, key, &|| question("entry", mode, &history));
    format!(
        "{}{}<div class=\"controls\"><button class=\"btn primary\" data-act=\"daily\">Play \
         today's bench</button></div>",
        SAID.with_borrow(Clone::clone),
        entry.unwrap_or_default()
    )
}

/// Keeps the history the worker wrote back; a problem is said in the section.
fn keep(sent: &Option<String>, answer: &Value) {
    let Some(new) = answer.get("history").and_then(Value::as_long_str) else {
        return;
    };
    let corrupt = answer
        .get("corrupt")
        .and_then(Value::as_str)
        .map(str::to_string);
    let said = match keep_history(&mut LocalShelf::open(), sent.as_deref(), &new, corrupt) {
        Ok(None) => return,
        Ok(Some(unreadable)) => unreadable.to_string(),
        Err(e) => format!("Your Daily Bench history was not saved: {e}"),
    };
    SAID.set(format!(
        "<p class=\"notice refused\" role=\"alert\">{}</p>",
        escape(&said)
    ));
}

/// "Play today's bench" in `mode`: the worker writes the day down as begun and gives its
/// record; the game starts (as Solitaire, asking first if another Solitaire game is saved).
pub fn begin(store: Store, mode: &str) {
    let history = LocalShelf::open().get(DAILY_KEY);
    engine::ask(question("begin", mode, &history), move |answer| {
        let save = answer.map(|a| {
            keep(&history, &a);
            a.get("save")
                .and_then(Value::as_long_str)
                .unwrap_or_default()
        });
        let mut said = None;
        store.update(|t| match save {
            Ok(save) if t.start_daily(&mut LocalShelf::open(), &save) => {}
            Ok(_) => said = Some("The engine's answer could not be read.".to_string()),
            Err(e) => said = Some(e),
        });
        if let Some(said) = said {
            SAID.set(format!(
                "<p class=\"notice refused\" role=\"alert\">{}</p>",
                escape(&said)
            ));
            store.table_signal().notify();
        }
        focus::mend();
    });
}

/// The end of a Daily Bench game: the worker writes the day's result into the history (once
/// per game shown) and the share text, shown here with Copy and Share…; "" for other games.
pub fn share_html(store: Store) -> String {
    let asked = store.with_session(|s| {
        let s = s.filter(|s| s.game().is_over())?;
        let daily = s.daily()?;
        let date = daily.get("date").and_then(Value::as_str)?;
        let theory = s.game().mode() == molscrab_engine::referee::Mode::Theory;
        // this game: its day, seed and number of moves
        let key = format!("{date} {} {}", s.game().seed(), s.game().moves().len());
        let question = engine::question([
            ("op", "daily".into()),
            ("step", "finish".into()),
            ("mode", if theory { "theory" } else { "standard" }.into()),
            ("date", date.into()),
            ("save", Value::long_string(&s.to_record().to_json())),
            (
                "practice",
                daily.get("practice").cloned().unwrap_or(Value::Bool(true)),
            ),
        ]);
        Some((key, question))
    });
    let Some((key, mut question)) = asked else {
        return String::new();
    };
    let known = SHARE.with_borrow(|(asked, html)| (*asked == key).then(|| html.clone()));
    if let Some(known) = known {
        return known.unwrap_or_default();
    }
    SHARE.set((key.clone(), None));
    let history = LocalShelf::open().get(DAILY_KEY);
    if let Some(text) = &history {
        question.insert("history".into(), Value::long_string(text));
    }
    engine::ask(question, move |answer| {
        let html = match answer {
            Ok(a) => {
                keep(&history, &a);
                let share = a.get("share").and_then(Value::as_long_str);
                share_box(&share.unwrap_or_default())
            }
            Err(e) => format!("<p class=\"notice refused\">{}</p>", escape(&e)),
        };
        SHARE.with_borrow_mut(|drawn| {
            if drawn.0 == key {
                drawn.1 = Some(html);
            }
        });
        store.table_signal().notify();
    });
    String::new()
}

/// The share text in a box to read and select, with Copy and Share… (the page's plain JS,
/// `public/sw-register.js`, as for the tables' links).
fn share_box(share: &str) -> String {
    let text = escape(share);
    format!(
        "<section class=\"daily-share\" aria-labelledby=\"share-h\"><h3 id=\"share-h\">Share \
         your Daily Bench</h3><textarea readonly rows=\"5\" aria-labelledby=\"share-h\" \
         data-testid=\"share-text\">{text}</textarea><div class=\"controls\"><button \
         class=\"btn primary\" data-copy=\"{text}\" data-copied=\"Copied.\">Copy</button>\
         <button class=\"btn share\" data-share-text=\"{text}\">Share…</button></div><p \
         class=\"hint\" data-said aria-live=\"polite\"></p></section>"
    )
}

/// The Play tab's table variants (the worker writes the boxes for the mode ticked above, the
/// ones ticked kept ticked), for any new game.
pub fn variants_html(store: Store) -> String {
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

/// The variants ticked on the Play tab, by their codes.
pub fn chosen() -> molscrab_engine::variants::Variants {
    use molscrab_engine::variants::{Variant, Variants};
    let codes = field_values(".variants input:checked");
    let chosen: Vec<Variant> = codes.iter().filter_map(|c| Variant::from_code(c)).collect();
    Variants::of(&chosen)
}
