//! The Daily Bench on screen (RULES §10.3): the Play tab's section (the day, whether
//! today's attempt is done, the streaks), its start, and the share text on the results; and
//! the table variants' checkboxes on the Play tab.
//!
//! The engine's worker answers all of it as data (`daily` and `variants-form` questions): the
//! day's bag, the history's reading and writing, the share text, the words. The page keeps the
//! history's text in localStorage (`storage::keep_history`: an unreadable one is kept aside,
//! another tab's newer one never overwritten), keeps the answers in the store's keyed signals
//! (`ui/asked.rs`), and shows them as components.

use super::asked::{line, patched, tap, Answer};
use super::tables::{self, Question};
use super::{engine, focus, Store};
use crate::storage::{
    daily_copies_to_merge, keep_history, mark_daily_merged, LocalShelf, Shelf, StorageError,
    DAILY_KEY,
};
use leptos::prelude::*;
use molscrab_engine::record::Kind;
use molscrab_engine::variants::{Variant, Variants};
use molscrab_json::Value;

/// The Daily Bench section as the worker answers it (`crates/worker`'s `daily::entry`): the
/// day in words and the referee's name, whether today's attempt is done, the streaks, and the
/// last days' scores (date, score in words).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Day {
    pub date: String,
    pub mode: String,
    pub done: String,
    pub current: String,
    pub longest: String,
    pub recent: Vec<(String, String)>,
}

impl Day {
    /// An answer's `"entry"`.
    pub fn read(answer: &Value) -> Option<Day> {
        let entry = answer.get("entry")?;
        let text = |key| entry.get(key).and_then(Value::as_str).map(str::to_string);
        let recent = entry.get("recent")?.as_array()?.iter().filter_map(|day| {
            let [date, score] = day.as_array()?.as_slice() else {
                return None;
            };
            Some((date.as_str()?.to_string(), score.as_str()?.to_string()))
        });
        Some(Day {
            date: text("date")?,
            mode: text("mode")?,
            done: text("done")?,
            current: text("current")?,
            longest: text("longest")?,
            recent: recent.collect(),
        })
    }
}

/// One table variant's box, as the worker answers `variants-form`: its code, name, and why
/// (its description where it fits the game, else the reason it does not).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantBox {
    pub code: String,
    pub name: String,
    pub why: String,
    pub fits: bool,
}

impl VariantBox {
    pub fn read(answer: &Value) -> Option<Vec<VariantBox>> {
        let boxes = answer.get("variants")?.as_array()?.iter().map(|v| {
            let text = |key| {
                v.get(key)
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string()
            };
            VariantBox {
                code: text("code"),
                name: text("name"),
                why: text("why"),
                fits: v.get("fits").and_then(Value::as_bool) == Some(true),
            }
        });
        Some(boxes.collect())
    }
}

/// What a `daily` answer is for: the section (for its key), a game's share text (for its
/// key), or the day's game begun.
pub(super) enum DailyFor {
    Section(String),
    Share(String),
    Begin,
}

/// The player's local date, `YYYY-MM-DD` (RULES §10: the app's Daily Bench uses it).
pub fn today() -> String {
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
/// [`answered`], for what it is asked `into`.
fn ask(store: Store, step: &str, mode: &str, save: Option<String>, into: DailyFor) {
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
    let asked = Question::Daily {
        history,
        aside,
        into,
    };
    tables::ask(store, question, asked);
}

/// The worker's answer to a `daily` question asked with `history`: the history it wrote back
/// is kept, a `save` in it (begin) is the day's game, opened; the section or the share text
/// goes into its keyed signal.
pub(super) fn answered(
    store: Store,
    history: &Option<String>,
    aside: &[(String, String)],
    into: DailyFor,
    answer: Answer,
) {
    let answer = match answer {
        Ok(answer) => answer,
        Err(e) => return say(store, &e),
    };
    keep(store, history, aside, &answer);
    if let Some(save) = answer.get("save").and_then(Value::as_long_str) {
        let mut opened = false;
        store.update(|t| opened = t.start_daily(&mut LocalShelf::open(), &save));
        if !opened {
            say(store, "The day's game could not be opened.");
        }
        focus::restore_after_tap();
    }
    let answers = store.answers();
    match into {
        DailyFor::Section(key) => answers.daily.fill(&key, Ok(answer)),
        DailyFor::Share(key) => {
            if let Some(share) = answer.get("share").and_then(Value::as_long_str) {
                answers.share.fill(&key, Ok(Value::String(share)));
            }
        }
        DailyFor::Begin => {}
    }
}

/// Says `text` in the Daily Bench section, as an alert, until the page is reloaded.
fn say(store: Store, text: &str) {
    store
        .answers()
        .daily_said
        .put(String::new(), Err(text.to_string()));
}

/// The Play tab's Daily Bench: what went wrong with the history if anything, today's state as
/// the worker answered it, and the button. An effect asks for the section whenever the day,
/// the referee or the history changes.
#[component]
pub fn DailySection() -> impl IntoView {
    let store = expect_context::<Store>();
    let effect = RenderEffect::new(move |_| {
        if !store.lower_sections_ready() {
            return;
        }
        // the referee is chosen with a change to the table; the history is in storage
        store.table_signal().track();
        store.storage_written().track();
        let mode = mode();
        let history = LocalShelf::open().get(DAILY_KEY).unwrap_or_default();
        let key = format!("{} {mode} {history}", today());
        if store.answers().daily.ask(key.clone()) {
            ask(store, "entry", mode, None, DailyFor::Section(key));
        }
    });
    on_cleanup(move || drop(effect));
    let said = move || {
        store.answers().daily_said.with(|said| match said {
            Some(Err(why)) => line("notice refused", Some("alert"), why.clone()),
            Some(Ok(news)) => {
                let news = news.as_str().unwrap_or_default().to_string();
                line("notice info", Some("status"), news)
            }
            None => ().into_any(),
        })
    };
    let day = move || {
        store.answers().daily.with(|day| {
            let day = day.and_then(|d| Day::read(d.as_ref().ok()?));
            day.map_or_else(|| ().into_any(), day_view)
        })
    };
    // written with the sections under the cards (`Store::lower_sections_ready`), in a task of
    // their own
    patched(move || {
        if !store.lower_sections_ready() {
            return ().into_any();
        }
        view! {
            <h2 id="daily-h">"Daily Bench"</h2>
            {patched(said)}
            <div class="daily-entry">{patched(day)}</div>
            <div class="controls">
                <button class="btn primary" on:click=tap(move || begin(store, mode()))>
                    "Play today's bench"
                </button>
            </div>
        }
        .into_any()
    })
}

/// The day as the worker answered it: what the bench is, the date and referee, whether
/// today's attempt is done, the streaks and the last days' scores.
fn day_view(day: Day) -> AnyView {
    let Day {
        date,
        mode,
        done,
        current,
        longest,
        recent,
    } = day;
    let days = (!recent.is_empty()).then(|| {
        let days: Vec<AnyView> = recent
            .into_iter()
            .map(|(date, score)| view! { <li>{date} ": " {score}</li> }.into_any())
            .collect();
        view! { <ul class="daily-days">{days}</ul> }
    });
    view! {
        <p>"One bag a day for each referee, the same for everyone: one attempt counts, then \
            share your score. Played under the referee chosen above."</p>
        <p class="daily-date"><strong>{date}</strong> " · " {mode}</p>
        <p class="daily-done">{done}</p>
        <p class="daily-streaks">
            "Current streak: " <strong>{current}</strong> " · Longest: " <strong>{longest}</strong>
        </p>
        {days}
    }
    .into_any()
}

/// Keeps the history the worker wrote back, and marks the copies kept aside that it merged
/// back (`aside`, as sent); a problem, or days brought back, is said in the section once.
fn keep(store: Store, sent: &Option<String>, aside: &[(String, String)], answer: &Value) {
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
        Ok(Some(unreadable)) => return say(store, unreadable.headline()),
        Err(StorageError::MovedOn) => return,
        Ok(None) => {}
        Err(_) => {
            return say(
                store,
                "Your Daily Bench history was not saved: this browser refused to store it.",
            )
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
        store
            .answers()
            .daily_said
            .put(String::new(), Ok(Value::String(said)));
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
    // the history as begun changes the section's key: the section asks anew
    ask(store, "begin", mode, None, DailyFor::Begin);
}

/// The end of a Daily Bench game: the worker writes the day's result into the history (asked
/// once per game, by an effect) and the share text, shown in its box with Copy and Share…
/// (`public/sw-register.js`); nothing for other games.
#[component]
pub fn DailyShare() -> impl IntoView {
    let store = expect_context::<Store>();
    let key = Memo::new(move |_| {
        store.with_session(|s| {
            let s = s.filter(|s| s.game().is_over() && s.daily().is_some())?;
            Some(format!("{} {}", s.game().seed(), s.game().moves().len()))
        })
    });
    let effect = RenderEffect::new(move |_| {
        let Some(key) = key.get() else {
            return;
        };
        if store.answers().share.ask(key.clone()) {
            let save = store.with_session_untracked(|s| s.map(|s| s.to_record().to_json()));
            ask(store, "finish", "", save, DailyFor::Share(key));
        }
    });
    on_cleanup(move || drop(effect));
    patched(move || {
        let share = key.get().and_then(|key| {
            let share = store.answers().share.with_for(&key, |s| s?.clone().ok());
            share?.as_str().map(str::to_string)
        });
        let Some(share) = share else {
            return ().into_any();
        };
        view! {
            <section class="daily-share" aria-labelledby="share-h">
                <h3 id="share-h">"Share your Daily Bench"</h3>
                <textarea readonly rows="5" aria-labelledby="share-h" data-testid="share-text">{share.clone()}</textarea>
                <div class="controls">
                    <button class="btn primary" data-copy=share.clone() data-copied="Copied.">"Copy"</button>
                    <button class="btn share" data-share-text=share>"Share…"</button>
                </div>
                <p class="hint" data-said aria-live="polite"></p>
            </section>
        }
        .into_any()
    })
}

/// The Play tab's table variants: a box for each (the worker's words, for the referee chosen
/// above), bound to the store's ticked codes, for any new game. An effect asks for the boxes
/// when the referee changes.
#[component]
pub fn VariantsForm() -> impl IntoView {
    let store = expect_context::<Store>();
    let answers = store.answers();
    let effect = RenderEffect::new(move |_| {
        if !store.lower_sections_ready() {
            return;
        }
        // the referee is chosen with a change to the table
        store.table_signal().track();
        let mode = mode();
        if answers.variants.ask(mode.to_string()) {
            let question = engine::question([
                ("op", "variants-form".into()),
                ("kind", "pass-and-play".into()),
                ("mode", mode.into()),
            ]);
            let asked = Question::Variants(mode.to_string());
            tables::ask(store, question, asked);
        }
    });
    on_cleanup(move || drop(effect));
    let boxes = move || {
        answers.variants.with(|boxes| {
            let boxes = boxes.and_then(|b| VariantBox::read(b.as_ref().ok()?));
            let boxes = boxes.unwrap_or_default().into_iter();
            boxes
                .map(|b| variant_check(store, b))
                .collect::<Vec<_>>()
                .into_any()
        })
    };
    view! {
        <legend class="vh">"Table variants"</legend>
        {patched(boxes)}
    }
    .into_any()
}

/// Whether `code` is among the codes `ticked` (each followed by a space).
fn is_ticked(ticked: &str, code: &str) -> bool {
    ticked.split(' ').any(|c| c == code)
}

fn variant_check(store: Store, variant: VariantBox) -> AnyView {
    let ticked = store.answers().ticked;
    let VariantBox {
        code,
        name,
        why,
        fits,
    } = variant;
    let hint = format!("variant-{code}");
    // built again whenever the boxes are answered anew; between, the box itself keeps its tick
    let checked = fits && ticked.with_untracked(|t| is_ticked(t, &code));
    let tick = {
        let code = code.clone();
        tap(move || {
            ticked.update(|t| match is_ticked(t, &code) {
                true => *t = t.replace(&format!("{code} "), ""),
                false => t.push_str(&format!("{code} ")),
            });
        })
    };
    view! {
        <label class="variant">
            <input type="checkbox" name="variant" value=code checked=checked disabled=!fits aria-describedby=hint.clone() on:click=tick />
            " " {name}
        </label>
        <p class="hint" id=hint>{why}</p>
    }
    .into_any()
}

/// The variants' boxes as the worker answered them for the referee `key`: kept, and a variant
/// ticked that does not fit that referee is unticked (as its box shows it).
pub(super) fn variants_answered(store: Store, key: &str, answer: Answer) {
    let Ok(answer) = answer else {
        return;
    };
    let Some(boxes) = VariantBox::read(&answer) else {
        return;
    };
    let answers = store.answers();
    let fits = |code: &str| boxes.iter().any(|b| b.fits && b.code == code);
    let ticked = answers.ticked.get_untracked();
    let fitting: String = ticked
        .split_terminator(' ')
        .filter(|c| fits(c))
        .map(|c| format!("{c} "))
        .collect();
    if fitting != ticked {
        answers.ticked.set(fitting);
    }
    answers.variants.fill(key, Ok(answer));
}

/// The variants ticked on the Play tab.
pub fn chosen(store: Store) -> Variants {
    let codes = store.answers().ticked.get_untracked();
    let ticked = Variant::ALL
        .into_iter()
        .filter(|v| is_ticked(&codes, v.code()));
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
