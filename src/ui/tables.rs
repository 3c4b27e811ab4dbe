//! Own-device tables on screen (issue 14): the Play tab's "Tables on your devices" (open a
//! table, open a pasted link, this device's tables), a table game's panel (whose move it is,
//! the links with Copy and Share…), and the page's address as a link's way in.
//!
//! The engine's worker writes every link and all of this HTML (names escaped); the page keeps
//! the saves, asks, and shows what comes back under one click handler reading `data-*`: a
//! fraction of the wasm that views of as many elements would cost the first load.

use super::card::data_of;
use super::dom::{document, take_field, ticked};
use super::store::{new_seed, random_u64};
use super::{engine, focus, Store};
use crate::session::Notice;
use crate::storage::LocalShelf;
use crate::tables::{self, LinkAnswer};
use leptos::prelude::*;
use molscrab_engine::markup::escape;
use molscrab_engine::players::{pass_and_play_names, NamesError};
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_engine::table_link::MAX_LINK_BYTES;
use molscrab_json::{Map, Value};
use std::cell::RefCell;
use std::thread::LocalKey;
use wasm_bindgen::{JsCast, JsValue};

/// The worker's HTML as last asked for: what it was asked about, and its answer once in.
type Drawn = RefCell<(String, Option<String>)>;

thread_local! {
    /// The Play tab's list of tables, for the saves it was written from.
    static LIST: Drawn = const { RefCell::new((String::new(), None)) };
    /// The table panel, for the table and the number of moves it was written for.
    static PANEL: Drawn = const { RefCell::new((String::new(), None)) };
}

/// Opens the link in the page's address, now and on every `hashchange` (`show_play` brings
/// the Play tab forward).
pub fn start(store: Store, show_play: impl Fn() + Copy + 'static) {
    let open_address = move || {
        if let Some(text) = take_address_link() {
            show_play();
            open_link(store, text, false);
        }
    };
    open_address();
    std::mem::forget(window_event_listener(leptos::ev::hashchange, move |_| {
        open_address()
    }));
}

/// The text after `#` in the page's address, which leaves the address: a reload must not
/// open the link again.
fn take_address_link() -> Option<String> {
    let window = web_sys::window()?;
    let href = window.location().href().ok()?;
    let (here, text) = href.split_once('#').filter(|(_, t)| !t.is_empty())?;
    let history = window.history().ok()?;
    let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(here));
    Some(text.to_string())
}

/// The worker's HTML about `key` once it has answered; until then `None`, and the question
/// (`ask`) goes out once. The answer redraws the page (a failure is said as HTML too).
fn drawn(
    store: Store,
    cache: &'static LocalKey<Drawn>,
    key: String,
    ask: &dyn Fn() -> Map,
) -> Option<String> {
    let known = cache.with_borrow(|(asked, html)| (*asked == key).then(|| html.clone()));
    if let Some(known) = known {
        return known;
    }
    cache.set((key.clone(), None));
    engine::ask(ask(), move |answer| {
        let html = match answer {
            Ok(a) => a
                .get("html")
                .and_then(Value::as_long_str)
                .unwrap_or_default(),
            Err(e) => format!("<p class=\"notice refused\">{}</p>", escape(&e)),
        };
        cache.with_borrow_mut(|drawn| {
            if drawn.0 == key {
                drawn.1 = Some(html);
            }
        });
        store.table_signal().notify();
    });
    None
}

/// Every table's save on this device, as the worker reads them; a save that no longer reads
/// is moved aside and named on the Play tab.
fn saves(store: Store) -> Vec<String> {
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

const UNREADABLE_ANSWER: &str = "The engine's answer could not be read.";

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
    engine::ask(question, move |answer| {
        let answer =
            answer.and_then(|a| LinkAnswer::from_value(&a).ok_or_else(|| UNREADABLE_ANSWER.into()));
        store.update(|t| t.link_opened(&mut LocalShelf::open(), answer, pasted));
        // a pasted link was opened with a tap: keyboard focus follows what it showed
        if pasted {
            focus::mend();
        }
    });
}

/// "Open table": a new table of these players, this device at the first seat; the worker
/// makes it (its id), and it is saved and shown with its invitations.
fn open_new_table(store: Store, theory: bool, names: Vec<String>) {
    let first = (random_u64() % names.len() as u64) as usize;
    let record = GameRecord::new_game(Kind::PassAndPlay, theory, names, first, new_seed());
    let question = engine::question([
        ("op", "table-create".into()),
        ("record", record.to_value()),
        ("seat", 0u64.into()),
        ("nonce", new_seed().into()),
    ]);
    engine::ask(question, move |answer| {
        let save = answer.and_then(|a| {
            let save = a.get("table").and_then(Value::as_long_str);
            save.ok_or_else(|| UNREADABLE_ANSWER.into())
        });
        store.update(|t| t.table_opened(save));
        focus::mend();
    });
}

fn navigator() -> JsValue {
    js_sys::Reflect::get(&js_sys::global(), &"navigator".into()).unwrap_or_default()
}

/// Calls `target.method(arg…)` when the browser has it; never throws into Rust.
fn call(target: &JsValue, method: &str, args: &[JsValue]) -> Option<JsValue> {
    let f = js_sys::Reflect::get(target, &method.into()).ok()?;
    let f: js_sys::Function = f.dyn_into().ok()?;
    js_sys::Reflect::apply(&f, target, &args.iter().collect()).ok()
}

/// Sets (or with `None` removes) an attribute of the element matching `selector`.
fn set_on(selector: &str, attribute: &str, value: Option<&str>) {
    let found = document().and_then(|d| d.query_selector(selector).ok().flatten());
    if let Some(element) = found {
        let _ = match value {
            Some(value) => element.set_attribute(attribute, value),
            None => element.remove_attribute(attribute),
        };
    }
}

const COPY_BY_HAND: &str =
    "This browser did not let the game copy: select the link in its box and copy it.";

/// Says `text` in the table panel's status line.
fn say(text: &str) {
    let line = document().and_then(|d| d.query_selector("[data-said]").ok().flatten());
    if let Some(line) = line {
        line.set_text_content(Some(text));
    }
}

/// The one click handler of the tables' HTML: the Play tab's form and list, and a table
/// game's panel.
fn clicked(store: Store, ev: &leptos::ev::MouseEvent) {
    let shelf = &mut LocalShelf::open();
    let data = |name| data_of(ev, name);
    if let Some(url) = data("data-copy") {
        let clipboard = js_sys::Reflect::get(&navigator(), &"clipboard".into());
        match call(&clipboard.unwrap_or_default(), "writeText", &[url.into()]) {
            Some(copying) => {
                let copied = move || say("Link copied.");
                let copied = wasm_bindgen::closure::Closure::once_into_js(copied);
                let failed = wasm_bindgen::closure::Closure::once_into_js(|| say(COPY_BY_HAND));
                let _ = call(&copying, "then", &[copied, failed]);
            }
            None => say(COPY_BY_HAND),
        }
        return;
    }
    if let Some(url) = data("data-share") {
        let shared = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&shared, &"url".into(), &url.into());
        // a cancelled share changes nothing
        let _ = call(&navigator(), "share", &[shared.into()]);
        return;
    }
    if let Some(id) = data("data-open") {
        store.update(|t| {
            t.open_table(shelf, &id);
        });
    } else if let Some(id) = data("data-remove") {
        set_on(&format!("[data-confirm=\"{id}\"]"), "hidden", None);
    } else if let Some(id) = data("data-keep") {
        set_on(&format!("[data-confirm=\"{id}\"]"), "hidden", Some(""));
    } else if let Some(id) = data("data-remove-yes") {
        store.update(|t| t.remove_table(shelf, &id));
    } else {
        match data("data-act").as_deref() {
            Some("export") => store.export(),
            Some("leave") => store.leave(),
            Some("open-table") => {
                let fields: Vec<String> = (0..4)
                    .map(|i| take_field(&format!("table-name-{i}"), false))
                    .collect();
                // the engine's rule, in this form's words where its own would name "players 1
                // and 2"
                match pass_and_play_names(&fields) {
                    // the Play tab's one Theory Mode box, above
                    Ok(names) => open_new_table(store, ticked(".menu .theory input"), names),
                    Err(NamesError::FirstTwoNeeded) => store.update(|t| {
                        t.tell_tables("Type your name and at least one friend's.".into())
                    }),
                    Err(e) => store.update(|t| t.tell_tables(e.to_string())),
                }
            }
            Some("open-link") => match take_field("table-link", true) {
                text if text.trim().is_empty() => {
                    let why = "Paste a table link into the box first.".to_string();
                    store.update(|t| t.tell_tables(why));
                }
                text => open_link(store, text, true),
            },
            _ => return,
        }
    }
    focus::mend();
}

/// [`clicked`] as a handler: one closure type for both sections, one copy of its binding code.
fn clicks(store: Store) -> impl Fn(leptos::ev::MouseEvent) + Copy + 'static {
    move |ev| clicked(store, &ev)
}

/// A notice as HTML: green news, or a red refusal.
fn notice_html(notice: Option<&Notice>) -> String {
    match notice {
        // the tables' refusals are one sentence each
        Some(Notice::Refused(why)) => format!(
            "<p class=\"notice refused\" role=\"alert\">{}</p>",
            escape(why.first().map_or("", String::as_str))
        ),
        Some(Notice::Info(news)) => {
            format!(
                "<p class=\"notice info\" role=\"status\">{}</p>",
                escape(news)
            )
        }
        None => String::new(),
    }
}

/// A table game's panel beside its board: what the last link did, whose move it is (no rack
/// shows while another device is to move), and the table's links.
#[component]
pub fn TablePanel() -> impl IntoView {
    let store = expect_context::<Store>();
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let base = base.split('#').next().unwrap_or_default().to_string();
    let share = js_sys::Reflect::has(&navigator(), &"share".into()) == Ok(true);
    // read on every change of the table (a tap too): the page's HTML is set only when it changed
    let html = move || {
        let (playing, mut html) = store.read(|t| {
            let s = t.session().filter(|s| s.table().is_some());
            let playing = s.map(|s| (s.table().cloned(), s.game().moves().len()));
            (playing, notice_html(t.link_news()))
        });
        let Some((Some(at), moves)) = playing else {
            return String::new();
        };
        let ask = || {
            let save =
                store.with_session_untracked(|s| s.map(|s| tables::save_text(&s.to_record(), &at)));
            engine::question([
                ("op", "table-screen".into()),
                ("table", Value::long_string(&save.unwrap_or_default())),
                ("base", base.as_str().into()),
                ("share", share.into()),
            ])
        };
        let key = format!("{} {} {moves}", at.id, at.seat);
        let panel = drawn(store, &PANEL, key, &ask);
        html.push_str(
            panel
                .as_deref()
                .unwrap_or("<p class=\"hint\">Writing this table's links…</p>"),
        );
        html
    };
    view! {
        <section
            class="panel table-links"
            aria-label="Table"
            hidden=store.flag(|s| s.table().is_none())
            on:click=clicks(store)
        >
            <div inner_html=html></div>
            <p class="notice info" role="status" data-said=""></p>
        </section>
    }
}

/// The Play tab's form, written once and never redrawn, so what is typed stays.
const FORM: &str = "<h2 id=\"tables-h\">Tables on your devices</h2><p>2–4 players, each on \
    their own phone, no server: every move travels as a link in any messenger. Who moves first \
    is drawn by lot.</p><div class=\"names\"><label class=\"name-field\"><span>Your name</span><input \
    id=\"table-name-0\" maxlength=\"40\"></label><label class=\"name-field\"><span>Friend 1\
    </span><input id=\"table-name-1\" maxlength=\"40\"></label><label class=\"name-field\">\
    <span>Friend 2</span><input id=\"table-name-2\" maxlength=\"40\" \
    placeholder=\"(optional)\"></label><label class=\"name-field\"><span>Friend 3</span>\
    <input id=\"table-name-3\" maxlength=\"40\" placeholder=\"(optional)\"></label></div>\
    <p class=\"hint\">Theory Mode as ticked above. For friends: no one here checks for \
    peeking; each device shows only its own tiles.</p><div class=\"controls\"><button \
    class=\"btn primary\" data-act=\"open-table\">Open table</button></div><div \
    class=\"link-row\"><label class=\"name-field\"><span>Got a link? Open it, or paste it \
    here</span><input id=\"table-link\"></label><button class=\"btn\" data-act=\"open-link\">\
    Open link</button></div>";

/// The Play tab's "Tables on your devices": open a table, open a pasted link, and this
/// device's tables with whose turn it is, each to open or remove.
#[component]
pub fn TablesPanel() -> impl IntoView {
    let store = expect_context::<Store>();
    let html = move || {
        store.saves_changed().track();
        let mut html = store.read(|t| notice_html(t.tables_notice()));
        let saves = saves(store);
        if !saves.is_empty() {
            // what the list was written from: every save's text, as one FNV-1a hash
            let mut key: u64 = 0xcbf2_9ce4_8422_2325;
            for b in saves.iter().flat_map(|s| s.bytes()) {
                key = (key ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
            let ask =
                || engine::question([("op", "table-list".into()), ("tables", saves_value(&saves))]);
            html.push_str(&drawn(store, &LIST, key.to_string(), &ask).unwrap_or_default());
        }
        html
    };
    view! {
        <section class="card-panel tables" aria-labelledby="tables-h" on:click=clicks(store)>
            <div inner_html=FORM></div>
            <div inner_html=html></div>
        </section>
    }
}
