//! Own-device tables on screen (RULES §10.4): the Play tab's "Tables on your devices" (open a
//! table, open a pasted link, this device's tables), a table game's panel (whose move it is,
//! the links), and the page's address as a link's way in.
//!
//! The engine's worker writes every link and all of this HTML (names escaped); the page keeps
//! the saves, asks, and shows what comes back under the store's one delegated click handler
//! type. Copy, Share…, Remove's question and a link typed into the address of an open page
//! (`hashchange`) are plain JS in `public/sw-register.js`: none of it needs the game's state.

use super::dom::take_field;
use super::markup::{self, html, Html};
use super::store::new_seed;
use super::{engine, focus, Store};
use crate::session::Notice;
use crate::storage::{put_why, LocalShelf, ENGINE_SENTENCE};
use crate::table::Table;
use crate::tables::{self, LinkAnswer};
use leptos::prelude::*;
use molscrab_engine::table_link::MAX_LINK_BYTES;
use molscrab_json::{Map, Value};
use std::cell::RefCell;
use std::thread::LocalKey;
use wasm_bindgen::JsValue;

/// What the worker last answered to a question that is asked once per key: the key, and the
/// answer once in.
pub(super) type Cache<T> = LocalKey<RefCell<(String, Option<T>)>>;

/// The worker's markup as last asked for: what it was asked about, and its answer once in.
pub(super) type WorkerMarkup = RefCell<(String, Option<Html>)>;

/// The worker's text as last asked for (the engine's sentences for refused saves or files):
/// what it was asked about, and its answer once in.
pub(super) type WorkerText = RefCell<(String, Option<String>)>;

// Thread-locals, not signals: each caches the worker's answer for the key it was asked about,
// so a redraw never asks twice; an answer coming in notifies the table's signal (`fill`), and
// what reads the cache redraws with everything else that reads the table.
thread_local! {
    /// The Play tab's list of tables, for the saves it was written from.
    static LIST: WorkerMarkup = const { RefCell::new((String::new(), None)) };
    /// The table panel, for the table and the number of moves it was written for.
    static PANEL: WorkerMarkup = const { RefCell::new((String::new(), None)) };
    /// The engine's sentences for the Play tab's notices' refused saves, and for a refused
    /// import (`fill_why`), for the texts they were asked about.
    static NOTICES_WHY: WorkerText = const { RefCell::new((String::new(), None)) };
    static IMPORT_WHY: WorkerText = const { RefCell::new((String::new(), None)) };
}

/// `saids` (texts, in order) with each [`ENGINE_SENTENCE`] (U+0001) replaced by the engine's sentence for
/// the matching one of `texts` (texts it refused as games, in the same order), once its worker
/// has written them ([`put_why`]); a stand-in until then. Text in, text out: the sentences may
/// quote the refused text, and are escaped with the rest where they are shown.
pub(super) fn fill_why(
    store: Store,
    saids: &[String],
    texts: &[String],
    import: bool,
) -> Vec<String> {
    if texts.is_empty() {
        return saids.to_vec();
    }
    let cache = if import { &IMPORT_WHY } else { &NOTICES_WHY };
    let mut key = String::new();
    for text in texts {
        key.push_str(text);
        key.push(ENGINE_SENTENCE);
    }
    let question = || {
        let texts = texts.iter().map(|t| Value::long_string(t)).collect();
        engine::question([("op", "why".into()), ("texts", Value::Array(texts))])
    };
    // no answer (or a failure): the stand-in stays
    let answer = drawn_by(cache, key, |key| {
        ask(store, question(), Asked::Why(cache, key))
    });
    let mut sentences = answer.as_deref().unwrap_or_default().split(ENGINE_SENTENCE);
    saids
        .iter()
        .map(|said| put_why(said, &mut sentences, import))
        .collect()
}

/// Opens the link that was in the page's address, if there is one: as the game starts, and
/// when a link is opened in the address of the running page (`App`'s `hashchange` listener).
/// True when there was one.
pub fn start(store: Store) -> bool {
    let link = take_address_link();
    let found = link.is_some();
    if let Some(text) = link {
        open_link(store, text, false);
    }
    found
}

/// The text that was after `#` in the page's address: `public/sw-register.js` takes it out of
/// the address (a reload must not open it again) into `window.tableLink`, read here once.
fn take_address_link() -> Option<String> {
    let global = js_sys::global();
    let key = JsValue::from_str("tableLink");
    let text = js_sys::Reflect::get(&global, &key).ok()?.as_string()?;
    let _ = js_sys::Reflect::delete_property(&global, &key);
    Some(text)
}

/// What a question to the worker was about: its answer goes where it belongs. One closure
/// type for every question the tables ask.
pub(super) enum Asked {
    /// A link, pasted or from the address.
    Link { pasted: bool },
    /// A new table ("Open table").
    Table,
    /// Markup to show, for the cache and key it was asked for.
    Html(&'static LocalKey<WorkerMarkup>, String),
    /// The engine's sentences for refused saves or a refused file, for the cache and key.
    Why(&'static LocalKey<WorkerText>, String),
    /// The personal bests (`crates/worker`'s `bests`), for the question asked.
    Bests(crate::table::BestsAsk),
    /// A table's panel, asked for before the table it belongs to is shown (a link's table, a
    /// new table): then what was asked first, and its answer, as they came.
    Panel(String, Box<(Asked, Result<Value, String>)>),
    /// The Daily Bench (`ui/daily.rs`): the history as sent, the copies of it kept aside that
    /// were sent to be merged back, and where its HTML goes, if anywhere.
    Daily {
        history: Option<String>,
        aside: Vec<(String, String)>,
        drawn: Option<(&'static LocalKey<WorkerMarkup>, String)>,
    },
}

/// Asks the engine's worker about the personal bests when a question is due (at start, after
/// a Solitaire move): it reads, raises and writes them; the page keeps their text.
pub(super) fn ask_bests(store: Store) {
    let due = store
        .table_signal()
        .try_update_untracked(|t| t.take_bests_question(&LocalShelf::open()))
        .flatten();
    if let Some(due) = due {
        if let Value::Object(question) = due.question() {
            ask(store, question, Asked::Bests(due));
        }
    }
}

pub(super) fn ask(store: Store, question: Map, asked: Asked) {
    engine::ask(question, move |answer| answered(store, asked, answer));
}

const UNREADABLE_ANSWER: &str = "The engine's answer could not be read.";

fn answered(store: Store, asked: Asked, answer: Result<Value, String>) {
    // a table to show (a link's, a new one's): its panel first, so that the game shows whole;
    // written a moment after the game, it would move the side of a wide screen down (CLS 0.04)
    if let (Asked::Link { .. } | Asked::Table, Ok(a)) = (&asked, &answer) {
        if let Some((key, question)) = panel_question(a) {
            if PANEL.with_borrow(|(drawn_for, _)| *drawn_for != key) {
                return ask(
                    store,
                    question,
                    Asked::Panel(key, Box::new((asked, answer))),
                );
            }
        }
    }
    match asked {
        Asked::Link { pasted } => {
            let answer = answer
                .and_then(|a| LinkAnswer::from_value(&a).ok_or_else(|| UNREADABLE_ANSWER.into()));
            store.update(|t| t.link_opened(&mut LocalShelf::open(), answer, pasted));
            // a pasted link was opened with a tap: keyboard focus follows what it showed
            if !pasted {
                return;
            }
        }
        Asked::Table => {
            let save = answer.and_then(|a| {
                let save = a.get("table").and_then(Value::as_long_str);
                save.ok_or_else(|| UNREADABLE_ANSWER.into())
            });
            store.update(|t| t.table_opened(save));
        }
        Asked::Bests(asked) => {
            // written at once; the page is drawn again only when it has something to show
            // (most answers, during a game, change nothing on screen)
            let table = store.table_signal();
            let shown = table.try_update_untracked(|t| {
                t.bests_answered(&mut LocalShelf::open(), &asked, answer)
            });
            if shown == Some(true) {
                table.notify();
            }
            return;
        }
        Asked::Html(cache, key) => {
            return fill(store, Some((cache, key)), Some(answer_markup(answer)))
        }
        Asked::Why(cache, key) => {
            let said = answer.ok().and_then(|a| a.get("text")?.as_long_str());
            return fill(store, Some((cache, key)), said);
        }
        Asked::Panel(key, then) => {
            let html = answer_markup(answer);
            PANEL.set((key, Some(html)));
            let (asked, answer) = *then;
            return answered(store, asked, answer);
        }
        Asked::Daily {
            history,
            aside,
            drawn,
        } => {
            let html = super::daily::answered(store, &history, &aside, answer);
            return fill(store, drawn, html);
        }
    }
    focus::restore_after_tap();
}

/// An answer's `"html"`, or its failure said as markup.
fn answer_markup(answer: Result<Value, String>) -> Html {
    match answer {
        Ok(a) => engine::html_of(&a).unwrap_or_default(),
        Err(e) => html!("<p class=\"notice refused\">{}</p>", e),
    }
}

/// The worker's HTML about `key` once it has answered; until then `None`, and the question
/// (`ask`) goes out once. The answer redraws the page (a failure is said as HTML too).
pub(super) fn drawn(
    store: Store,
    cache: &'static LocalKey<WorkerMarkup>,
    key: String,
    question: &dyn Fn() -> Map,
) -> Option<Html> {
    drawn_by(cache, key, |key| {
        ask(store, question(), Asked::Html(cache, key))
    })
}

/// What `cache` holds for `key` once in; until then `None`, and `ask` sends the question for
/// `key` once (its answer goes to [`fill`]).
pub(super) fn drawn_by<T: Clone + 'static>(
    cache: &'static Cache<T>,
    key: String,
    ask: impl FnOnce(String),
) -> Option<T> {
    let known = cache.with_borrow(|(asked, html)| (*asked == key).then(|| html.clone()));
    if let Some(known) = known {
        return known;
    }
    cache.set((key.clone(), None));
    ask(key);
    None
}

/// An answer's HTML into the cache it was asked for (unless a newer question took its place
/// meanwhile), and the page redrawn.
fn fill<T: 'static>(store: Store, drawn: Option<(&'static Cache<T>, String)>, html: Option<T>) {
    if let Some((cache, key)) = drawn {
        cache.with_borrow_mut(|drawn| {
            if drawn.0 == key {
                drawn.1 = html;
            }
        });
    }
    store.table_signal().notify();
}

/// Every table's save on this device, as the worker reads them; a save that no longer reads
/// is moved aside and named on the Play tab (as `Store::saved` reads a slot).
fn saves(store: Store) -> Vec<String> {
    store.storage_written().track();
    let read = store.table_signal().try_update_untracked(|t| {
        let notices = t.notices().len();
        (
            t.table_saves(&mut LocalShelf::open()),
            notices != t.notices().len(),
        )
    });
    let (saves, named) = read.unwrap_or_default();
    if named {
        store.table_signal().notify();
    }
    saves
}

/// Saves as the worker takes them: texts longer than one JSON string may be go in pieces.
fn saves_value(saves: &[String]) -> Value {
    Value::Array(saves.iter().map(|s| Value::long_string(s)).collect())
}

/// Opens a link's text (from the address, or pasted) against this device's tables: the
/// worker answers, and the table is saved and shown, or the refusal said.
fn open_link(store: Store, text: String, pasted: bool) {
    let mut question = engine::question([
        ("op", "table-open".into()),
        ("tables", saves_value(&saves(store))),
    ]);
    // a text past the cap is not sent at all: the worker says how long it was
    let (key, link) = match text.len() {
        n if n > MAX_LINK_BYTES => ("link_bytes", n.into()),
        _ => ("link", Value::long_string(&text)),
    };
    question.insert(key.into(), link);
    if !pasted {
        store.update(Table::link_asked);
    }
    ask(store, question, Asked::Link { pasted });
}

/// Open table: the form as typed, and the Play tab's one choice of referee; the worker checks the
/// names (the engine's rule) and makes the table, this device at the first seat and who moves
/// first drawn by lot.
pub(super) fn open_table_form(store: Store) {
    let names = (0..4).map(|i| take_field(&format!("table-name-{i}")).into());
    let mut question = engine::question([
        ("op", "table-create".into()),
        ("names", Value::Array(names.collect())),
    ]);
    let mode = super::play_menu::referee();
    question.insert("mode".into(), mode.code().into());
    let variants = super::dom::field_values(".variants input:checked");
    let variants = variants.into_iter().map(Value::String).collect();
    question.insert("variants".into(), Value::Array(variants));
    for key in ["first", "seed", "nonce"] {
        question.insert(key.into(), new_seed().into());
    }
    ask(store, question, Asked::Table);
}

/// Open link: the pasted text, or why there is none. True when it was said at once (focus
/// follows), false when the worker was asked.
pub(super) fn open_pasted_link(store: Store) -> bool {
    match take_field("table-link") {
        text if text.trim().is_empty() => {
            let why = "Paste a table link into the box first.".to_string();
            store.update(|t| t.tell_tables(why));
            true
        }
        text => {
            open_link(store, text, true);
            false
        }
    }
}

/// A notice as markup: green news, or a red refusal.
fn notice_html(notice: Option<&Notice>) -> Html {
    match notice {
        // the tables' refusals are one sentence each
        Some(Notice::Refused(why)) => html!(
            "<p class=\"notice refused\" role=\"alert\">{}</p>",
            why.first().map_or("", String::as_str)
        ),
        Some(Notice::Info(news)) => html!("<p class=\"notice info\" role=\"status\">{}</p>", news),
        None => Html::new(),
    }
}

/// The page's address without its `#` part: the links' base.
fn base() -> String {
    let get = |target: &JsValue, key: &str| js_sys::Reflect::get(target, &key.into());
    let href = get(&js_sys::global(), "location").and_then(|l| get(&l, "href"));
    let href = href.ok().and_then(|h| h.as_string()).unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// A table game's panel: what the last link did, whose move it is (no rack shows while
/// another device is to move), and the table's links. Read on every change of the table (a
/// tap too): the page's HTML is set only when it changed.
fn panel_html(store: Store) -> Html {
    let (playing, news) = store.read(|t| {
        let s = t.session().filter(|s| s.table().is_some());
        let playing = s.map(|s| (s.table().cloned(), s.game().moves().len()));
        (playing, notice_html(t.link_news()))
    });
    let mut html = news;
    let Some((Some(at), moves)) = playing else {
        return html;
    };
    let question = || {
        let save =
            store.with_session_untracked(|s| s.map(|s| tables::save_text(&s.to_record(), &at)));
        engine::question([
            ("op", "table-screen".into()),
            ("table", Value::long_string(&save.unwrap_or_default())),
            ("base", base().into()),
        ])
    };
    let key = panel_key(&at.id, at.seat, moves);
    let panel = drawn(store, &PANEL, key, &question);
    html.push(&panel.unwrap_or_else(|| html!("<p class=\"hint\">Writing this table's links…</p>")));
    // where Copy says how it went
    html.push_lit("<p class=\"notice info\" role=\"status\" data-said></p>");
    html
}

/// The question for the panel of the table in a worker's answer that has one (`"table"`, its
/// save), and its key in [`PANEL`] as [`panel_html`] will look for it.
fn panel_question(answer: &Value) -> Option<(String, Map)> {
    let text = answer.get("table")?.as_long_str()?;
    let save = molscrab_json::parse(&text).ok()?;
    let at = save.get("table")?;
    let id = at.get("id")?.as_str()?;
    let seat = usize::try_from(at.get("seat")?.as_u64()?).ok()?;
    let moves = save.get("moves")?.as_array()?.len();
    let question = engine::question([
        ("op", "table-screen".into()),
        ("table", Value::long_string(&text)),
        ("base", base().into()),
    ]);
    Some((panel_key(id, seat, moves), question))
}

/// A table's panel is written for its table, this device's seat and its number of moves.
fn panel_key(id: &str, seat: usize, moves: usize) -> String {
    format!("{id} {seat} {moves}")
}

/// A table game's panel beside its board (hidden in any other game).
#[component]
pub fn TablePanel() -> impl IntoView {
    let store = expect_context::<Store>();
    view! {
        <section
            class="panel table-links"
            aria-label="Table"
            hidden=store.flag(|s| s.table().is_none())
        >
            <div inner_html=markup::live(store.html(panel_html))></div>
        </section>
    }
}

/// The Play tab's form, written once and never redrawn, so what is typed stays.
pub const FORM: &str = "<h2 \
    id=\"tables-h\">Tables on your devices</h2><p>2–4 players, each \
    on their own phone, no server: every move travels as a link in any messenger. Who moves \
    first is drawn by lot.</p><div class=\"names\"><label class=\"name-field\"><span>Your name\
    </span><input id=\"table-name-0\" maxlength=\"40\"></label><label class=\"name-field\">\
    <span>Friend 1</span><input id=\"table-name-1\" maxlength=\"40\"></label><label \
    class=\"name-field\"><span>Friend 2</span><input id=\"table-name-2\" maxlength=\"40\" \
    placeholder=\"(optional)\"></label><label class=\"name-field\"><span>Friend 3</span>\
    <input id=\"table-name-3\" maxlength=\"40\" placeholder=\"(optional)\"></label></div>\
    <p class=\"hint\">The referee as chosen above. For friends: no one here checks for \
    peeking; each device shows only its own tiles.</p><div class=\"controls\"><button \
    class=\"btn primary\" data-act=\"open-table\">Open table</button></div><div \
    class=\"link-row\"><label class=\"name-field\"><span>Got a link? Open it, or paste it \
    here</span><input id=\"table-link\"></label><button class=\"btn\" data-act=\"open-link\">\
    Open link</button></div>";

/// The Play tab's tables: the form's refusal, and this device's tables with whose turn it
/// is, each to open or remove (written by the worker from the saves).
pub fn list_html(store: Store) -> Html {
    if !store.lower_sections_ready() {
        return Html::new();
    }
    let mut html = store.read(|t| notice_html(t.tables_notice()));
    let saves = saves(store);
    if !saves.is_empty() {
        // what the list was written from: every save's text, as one FNV-1a hash
        let mut key: u64 = 0xcbf2_9ce4_8422_2325;
        for b in saves.iter().flat_map(|s| s.bytes()) {
            key = (key ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        let question =
            || engine::question([("op", "table-list".into()), ("tables", saves_value(&saves))]);
        html.push(&drawn(store, &LIST, key.to_string(), &question).unwrap_or_default());
    }
    html
}
