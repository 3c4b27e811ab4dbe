//! Own-device tables on screen (RULES §10.4): the Play tab's "Tables on your devices" (open a
//! table, open a pasted link, this device's tables), a table game's panel (whose move it is,
//! the links), and the page's address as a link's way in.
//!
//! The engine's worker writes and reads every link and says where each table stands; the page
//! keeps the saves, asks, and shows the answers (data, in the store's keyed signals,
//! `ui/asked.rs`) as components. Copy and Share… (`data-copy`, `data-share`) and a link typed
//! into the address of an open page (`hashchange`) are plain JS in `public/sw-register.js`:
//! none of it needs the game's state.

use super::asked::{flag, line, patched, tap, typed, Answer, Asked};
use super::store::new_seed;
use super::{engine, focus, Store};
use crate::session::Notice;
use crate::storage::{put_why, LocalShelf, ENGINE_SENTENCE};
use crate::table::Table;
use crate::tables::{self, LinkAnswer};
use leptos::prelude::*;
use molscrab_engine::table_link::MAX_LINK_BYTES;
use molscrab_json::{Map, Value};
use wasm_bindgen::JsValue;

/// One of this device's tables, as the worker reads its save: its id, its players in seat
/// order ("Ada (you), Bo"), where it stands ("it's your turn", "waiting for Bo"), and whether
/// it waits for this device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    pub id: String,
    pub players: String,
    pub standing: String,
    pub yours: bool,
}

/// A text member of a worker's answer ("" when missing).
fn text_of(value: &Value, key: &str) -> String {
    value
        .get(key)
        .and_then(Value::as_long_str)
        .unwrap_or_default()
}

impl Listed {
    /// The worker's answer to `table-list`: `{"tables": [{"id", "players", "standing",
    /// "yours"}, …]}`, in the order to show.
    pub fn read(answer: &Value) -> Option<Vec<Listed>> {
        let entries = answer.get("tables")?.as_array()?;
        let read = entries.iter().map(|e| Listed {
            id: text_of(e, "id"),
            players: text_of(e, "players"),
            standing: text_of(e, "standing"),
            yours: e.get("yours").and_then(Value::as_bool) == Some(true),
        });
        Some(read.collect())
    }
}

/// A link in a table's panel: whom it is for, its box's label, its address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableLink {
    pub who: String,
    pub label: String,
    pub url: String,
}

impl TableLink {
    fn read(value: &Value) -> TableLink {
        TableLink {
            who: text_of(value, "for"),
            label: text_of(value, "label"),
            url: text_of(value, "url"),
        }
    }
}

/// A table's panel as the worker answers `table-screen` (`crates/worker`'s `tables::screen`):
/// the move link after this device's move, whom it waits for, the invitations (shown open to
/// the one inviting before the first move, else folded) and the catch-up link.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Panel {
    pub sent: Option<TableLink>,
    pub waiting: Option<String>,
    pub inviting: bool,
    pub fresh: bool,
    pub links: Vec<TableLink>,
    pub catch_up: Option<TableLink>,
}

impl Panel {
    pub fn read(answer: &Value) -> Option<Panel> {
        let flag = |key| answer.get(key).and_then(Value::as_bool) == Some(true);
        let links = answer.get("links")?.as_array()?;
        Some(Panel {
            sent: answer.get("sent").map(TableLink::read),
            waiting: answer.get("waiting").and_then(Value::as_long_str),
            inviting: flag("inviting"),
            fresh: flag("fresh"),
            links: links.iter().map(TableLink::read).collect(),
            catch_up: answer.get("catch_up").map(TableLink::read),
        })
    }
}

/// The tables' form as typed: the four names and the pasted link. Signals the fields are bound
/// to, read by Open table and Open link; kept in the store, so what was typed is still there
/// after a game.
#[derive(Clone, Copy)]
pub struct TableForm {
    pub names: [RwSignal<String>; 4],
    pub link: RwSignal<String>,
}

impl Default for TableForm {
    fn default() -> TableForm {
        TableForm {
            names: std::array::from_fn(|_| RwSignal::new(String::new())),
            link: RwSignal::new(String::new()),
        }
    }
}

/// `saids` (texts, in order) with each [`ENGINE_SENTENCE`] (U+0001) replaced by the engine's
/// sentence for the matching one of `texts` (texts it refused as games, in the same order),
/// once its worker has written them ([`put_why`]); a stand-in until then. Reads the answer
/// (tracked) and asks nothing: [`ask_why_when_due`] asks. Text in, text out: the sentences may
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
    let key = why_key(texts);
    let answer = why_asked(store, import).with_for(&key, |answer| {
        let said = answer?.as_ref().ok()?;
        said.as_str().map(str::to_string)
    });
    let mut sentences = answer.as_deref().unwrap_or_default().split(ENGINE_SENTENCE);
    saids
        .iter()
        .map(|said| put_why(said, &mut sentences, import))
        .collect()
}

fn why_asked(store: Store, import: bool) -> Asked {
    let answers = store.answers();
    match import {
        true => answers.import_why,
        false => answers.notices_why,
    }
}

/// What a question for the engine's sentences is about: the refused texts, each ended by
/// [`ENGINE_SENTENCE`].
fn why_key(texts: &[String]) -> String {
    let mut key = String::new();
    for text in texts {
        key.push_str(text);
        key.push(ENGINE_SENTENCE);
    }
    key
}

/// Asks the engine's worker why each save the Play tab names as refused, and the file an import
/// refused, could not be read, whenever those texts change (an effect for as long as the
/// calling component lives): [`fill_why`] reads the answers.
pub(super) fn ask_why_when_due(store: Store) {
    let effect = RenderEffect::new(move |_| {
        let (notices, file) = store.read(|t| {
            let notices = t.notices().iter().filter_map(|n| n.refused_text());
            let file = t.import_error().and_then(|e| e.refused.clone());
            (notices.map(str::to_string).collect::<Vec<_>>(), file)
        });
        for (texts, import) in [(notices, false), (Vec::from_iter(file), true)] {
            let key = why_key(&texts);
            if texts.is_empty() || !why_asked(store, import).ask(key.clone()) {
                continue;
            }
            let texts = texts.iter().map(|t| Value::long_string(t)).collect();
            let question = engine::question([("op", "why".into()), ("texts", Value::Array(texts))]);
            ask(store, question, Question::Why(import, key));
        }
    });
    on_cleanup(move || drop(effect));
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
pub(super) enum Question {
    /// A link, pasted or from the address.
    Link { pasted: bool },
    /// A new table ("Open table").
    Table,
    /// This device's tables, for the key of the saves they were read from.
    List(String),
    /// The engine's sentences for refused saves (or, if true, a refused file), for the key.
    Why(bool, String),
    /// The table variants' boxes (`ui/daily.rs`), for the referee's code.
    Variants(String),
    /// The personal bests (`crates/worker`'s `bests`), for the question asked.
    Bests(crate::table::BestsAsk),
    /// A table's panel, for its key; asked before the table it belongs to is shown (a link's
    /// table, a new table), also what was asked first, and its answer, as they came.
    Panel(String, Option<Box<(Question, Answer)>>),
    /// The Daily Bench (`ui/daily.rs`): the history as sent, the copies of it kept aside that
    /// were sent to be merged back, and what the answer is for.
    Daily {
        history: Option<String>,
        aside: Vec<(String, String)>,
        into: super::daily::DailyFor,
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
            ask(store, question, Question::Bests(due));
        }
    }
}

pub(super) fn ask(store: Store, question: Map, asked: Question) {
    engine::ask(question, move |answer| answered(store, asked, answer));
}

const UNREADABLE_ANSWER: &str = "The engine's answer could not be read.";

fn answered(store: Store, asked: Question, answer: Answer) {
    // a table to show (a link's, a new one's): its panel first, so that the game shows whole;
    // written a moment after the game, it would move the side of a wide screen down (CLS 0.04)
    if let (Question::Link { .. } | Question::Table, Ok(a)) = (&asked, &answer) {
        if let Some((key, question)) = panel_question(a) {
            // the panel showing meanwhile stays until this one is in
            if store.answers().panel.key() != key {
                let then = Some(Box::new((asked, answer)));
                return ask(store, question, Question::Panel(key, then));
            }
        }
    }
    match asked {
        Question::Link { pasted } => {
            let answer = answer
                .and_then(|a| LinkAnswer::from_value(&a).ok_or_else(|| UNREADABLE_ANSWER.into()));
            store.update(|t| t.link_opened(&mut LocalShelf::open(), answer, pasted));
            // a pasted link was opened with a tap: keyboard focus follows what it showed
            if !pasted {
                return;
            }
        }
        Question::Table => {
            let save = answer.and_then(|a| {
                let save = a.get("table").and_then(Value::as_long_str);
                save.ok_or_else(|| UNREADABLE_ANSWER.into())
            });
            store.update(|t| t.table_opened(save));
        }
        Question::Bests(asked) => {
            // written at once; the page is drawn again only when it has something to show
            // (most answers, during a game, change nothing on screen), hence the hand notify
            let table = store.table_signal();
            let shown = table.try_update_untracked(|t| {
                t.bests_answered(&mut LocalShelf::open(), &asked, answer)
            });
            if shown == Some(true) {
                table.notify();
            }
            return;
        }
        Question::List(key) => {
            return store.answers().tables.fill(&key, answer);
        }
        Question::Why(import, key) => {
            // no answer (or a failure): the stand-in stays
            if let Some(said) = answer.ok().and_then(|a| a.get("text")?.as_long_str()) {
                why_asked(store, import).fill(&key, Ok(Value::String(said)));
            }
            return;
        }
        Question::Variants(key) => return super::daily::variants_answered(store, &key, answer),
        Question::Panel(key, then) => {
            let panels = store.answers().panel;
            let Some(then) = then else {
                return panels.fill(&key, answer);
            };
            // asked ahead of its table: it is the panel from now on, and the table follows
            panels.put(key, answer);
            let (asked, answer) = *then;
            return answered(store, asked, answer);
        }
        Question::Daily {
            history,
            aside,
            into,
        } => return super::daily::answered(store, &history, &aside, into, answer),
    }
    focus::restore_after_tap();
}

/// Every table's save on this device, as the worker reads them; a save that no longer reads
/// is moved aside and named on the Play tab (as `Store::saved` reads a slot). Read where
/// storage is known to have changed (an effect tracking `storage_written`), never in a render.
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
        // read untracked (reading notes each save's text, no change to show); a save named as
        // unreadable is a change the Play tab's notices show
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
    ask(store, question, Question::Link { pasted });
}

/// Open table: the form as typed, and the Play tab's one choice of referee; the worker checks the
/// names (the engine's rule) and makes the table, this device at the first seat and who moves
/// first drawn by lot.
pub(super) fn open_table_form(store: Store) {
    let form = store.answers().table_form;
    let names = form.names.map(|name| Value::from(name.get_untracked()));
    let mut question = engine::question([
        ("op", "table-create".into()),
        ("names", Value::Array(names.into())),
    ]);
    let mode = super::play_menu::referee();
    question.insert("mode".into(), mode.code().into());
    question.insert("variants".into(), super::daily::chosen(store).to_value());
    for key in ["first", "seed", "nonce"] {
        question.insert(key.into(), new_seed().into());
    }
    ask(store, question, Question::Table);
}

/// Open link: the pasted text, or why there is none. True when it was said at once (focus
/// follows), false when the worker was asked. The box keeps its text: a refused link can be
/// mended where it was pasted.
pub(super) fn open_pasted_link(store: Store) -> bool {
    match store.answers().table_form.link.get_untracked() {
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

/// A notice: green news, or a red refusal (the tables' refusals are one sentence each).
fn notice_line(notice: Option<Notice>) -> AnyView {
    match notice {
        Some(Notice::Refused(why)) => {
            let why = why.into_iter().next().unwrap_or_default();
            line("notice refused", Some("alert"), why)
        }
        Some(Notice::Info(news)) => line("notice info", Some("status"), news),
        None => ().into_any(),
    }
}

/// An answer that is a failure, said where its section would be.
fn failure(why: &str) -> AnyView {
    line("notice refused", None, why.to_string())
}

/// The page's address without its `#` part: the links' base.
fn base() -> String {
    let get = |target: &JsValue, key: &str| js_sys::Reflect::get(target, &key.into());
    let href = get(&js_sys::global(), "location").and_then(|l| get(&l, "href"));
    let href = href.ok().and_then(|h| h.as_string()).unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// The question for the panel of the table in a worker's answer that has one (`"table"`, its
/// save), and its key as [`TablePanel`] will look for it.
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

/// A table game's panel beside its board (hidden in any other game): what the last link did,
/// whose move it is (no rack shows while another device is to move), and the table's links.
/// An effect asks the worker for the panel whenever its key (table, seat, moves) changes.
#[component]
pub fn TablePanel() -> impl IntoView {
    let store = expect_context::<Store>();
    let key = Memo::new(move |_| {
        store.with_session(|s| {
            let s = s?;
            let at = s.table()?;
            Some(panel_key(&at.id, at.seat, s.game().moves().len()))
        })
    });
    let effect = RenderEffect::new(move |_| {
        let Some(key) = key.get() else {
            return;
        };
        if !store.answers().panel.ask(key.clone()) {
            return;
        }
        let save = store.with_session_untracked(|s| {
            let s = s?;
            Some(tables::save_text(&s.to_record(), s.table()?))
        });
        let question = engine::question([
            ("op", "table-screen".into()),
            ("table", Value::long_string(&save.unwrap_or_default())),
            ("base", base().into()),
        ]);
        ask(store, question, Question::Panel(key, None));
    });
    on_cleanup(move || drop(effect));
    // a memo: the live line is written again only when what it says changes, not on every tap
    let news = Memo::new(move |_| store.read(|t| t.link_news().cloned()));
    let panel = move || {
        if key.with(Option::is_none) {
            return ().into_any();
        }
        store.answers().panel.with(|panel| match panel {
            None => line("hint", None, "Writing this table's links…".into()),
            Some(Err(why)) => failure(why),
            Some(Ok(answer)) => match Panel::read(answer) {
                Some(panel) => panel_view(store, panel),
                None => failure(UNREADABLE_ANSWER),
            },
        })
    };
    view! {
        <section class="panel table-links" aria-label="Table" hidden=flag(move || key.with(Option::is_none))>
            <div>
                {patched(move || notice_line(news.get()))}
                {patched(panel)}
                // where Copy says how it went (`public/sw-register.js`)
                <p class="notice info" role="status" data-said></p>
            </div>
        </section>
    }
    .into_any()
}

/// One link in a box to select, with Copy and Share… (shown where the browser has a share
/// sheet: the page marks itself `can-share`); `public/sw-register.js` copies and shares.
fn link_row(link: TableLink) -> AnyView {
    let TableLink { label, url, .. } = link;
    view! {
        <div class="link-row">
            <input class="link" readonly aria-label=label value=url.clone() />
            <button class="btn primary" data-copy=url.clone()>"Copy"</button>
            <button class="btn share" data-share=url>"Share…"</button>
        </div>
    }
    .into_any()
}

const PEEKING: &str = "For friends: no one here checks for peeking. Every device could work out \
    the others' tiles from the shared game; each shows only its own.";

/// A table's panel as the worker answered it: Send this to the table (after this device's
/// move), Waiting for … (with Export game and Save and leave), and the invitations and
/// catch-up link, open to the one inviting before the first move, else folded.
fn panel_view(store: Store, panel: Panel) -> AnyView {
    let Panel {
        sent,
        waiting,
        inviting,
        fresh,
        links,
        catch_up,
    } = panel;
    let sent = sent.map(|link| {
        view! {
            <h2>"Send this to the table"</h2>
            <p>"Your move is saved on this device. Send this link to the others in any messenger \
                (a group chat works): whoever opens it gets every move they missed."</p>
            {link_row(link)}
        }
    });
    let waiting = waiting.map(|who| {
        view! {
            <div class="handoff waiting" role="region" aria-label="Waiting">
                <h2>"Waiting for " {who.clone()}</h2>
                <p>{who} " plays next, on their own device. Open the link they send you: their \
                    move comes with it, and your rack shows when it is your turn."</p>
                <div class="controls">
                    <button class="btn quiet" on:click=tap(move || store.export())>"Export game"</button>
                    <button class="btn quiet" on:click=tap(move || {
                        store.leave();
                        focus::restore_after_tap();
                    })>"Save and leave"</button>
                </div>
            </div>
        }
    });
    let mut rows = vec![line("hint", None, PEEKING.into())];
    let catch_up = catch_up.map(|link| ("Catch-up link".to_string(), link));
    let links = links.into_iter().map(|link| (link.who.clone(), link));
    for (who, link) in links.chain(catch_up) {
        rows.push(line("link-for", None, who));
        rows.push(link_row(link));
    }
    let invitations = match (inviting, fresh) {
        (true, _) => view! {
            <h2>"Invite the players"</h2>
            <p>"Send each player their own link: opening it on their device gives them their \
                seat at this table."</p>
            {rows}
        }
        .into_any(),
        (false, fresh) => {
            let (summary, intro) = match fresh {
                true => ("Invitations", None),
                false => (
                    "Invitations and the catch-up link",
                    Some(
                        "A player on a new device opens their invitation there; a player who \
                         lost track opens the catch-up link, which carries the whole game.",
                    ),
                ),
            };
            let intro = intro.map(|intro| line("", None, intro.into()));
            view! { <details><summary>{summary}</summary>{intro}{rows}</details> }.into_any()
        }
    };
    view! { {sent} {waiting} {invitations} }.into_any()
}

/// The Play tab's "Tables on your devices": the form (names and a pasted link, bound to the
/// store's [`TableForm`]), what it said, and this device's tables as the worker lists them.
/// An effect reads the saves whenever storage changes and asks for the list when they differ.
#[component]
pub fn Tables() -> impl IntoView {
    let store = expect_context::<Store>();
    let form = store.answers().table_form;
    let effect = RenderEffect::new(move |_| {
        if !store.lower_sections_ready() {
            return;
        }
        store.storage_written().track();
        let saves = saves(store);
        let key = match saves.is_empty() {
            true => String::new(),
            false => saves_key(&saves),
        };
        if store.answers().tables.ask(key.clone()) && !saves.is_empty() {
            let question =
                engine::question([("op", "table-list".into()), ("tables", saves_value(&saves))]);
            ask(store, question, Question::List(key));
        }
    });
    on_cleanup(move || drop(effect));
    const LABELS: [(&str, bool); 4] = [
        ("Your name", false),
        ("Friend 1", false),
        ("Friend 2", true),
        ("Friend 3", true),
    ];
    // each field as typed before (the store keeps the form), then feeding its signal
    let fields = LABELS.into_iter().zip(form.names).enumerate();
    let fields = fields.map(|(i, ((label, optional), name))| {
        view! {
            <label class="name-field">
                <span>{label}</span>
                <input
                    id=format!("table-name-{i}")
                    maxlength="40"
                    placeholder=optional.then_some("(optional)")
                    value=name.get_untracked()
                    on:input=typed(name)
                />
            </label>
        }
    });
    // a memo: the live line is written again only when what it says changes
    let notice = Memo::new(move |_| store.read(|t| t.tables_notice().cloned()));
    let list = move || {
        store.answers().tables.with(|list| match list {
            None => ().into_any(),
            Some(Err(why)) => failure(why),
            Some(Ok(answer)) => match Listed::read(answer) {
                Some(list) if list.is_empty() => ().into_any(),
                Some(list) => TableList(TableListProps { list }).into_any(),
                None => failure(UNREADABLE_ANSWER),
            },
        })
    };
    view! {
        <div>
            <h2 id="tables-h">"Tables on your devices"</h2>
            <p>"2–4 players, each on their own phone, no server: every move travels as a link in \
                any messenger. Who moves first is drawn by lot."</p>
            <div class="names">{fields.collect_view()}</div>
            <p class="hint">"The referee as chosen above. For friends: no one here checks for \
                peeking; each device shows only its own tiles."</p>
            <div class="controls">
                <button class="btn primary" on:click=tap(move || open_table_form(store))>"Open table"</button>
            </div>
            <div class="link-row">
                <label class="name-field">
                    <span>"Got a link? Open it, or paste it here"</span>
                    <input id="table-link" value=form.link.get_untracked() on:input=typed(form.link) />
                </label>
                <button class="btn" on:click=tap(move || {
                    if open_pasted_link(store) {
                        focus::restore_after_tap();
                    }
                })>"Open link"</button>
            </div>
        </div>
        <div>
            {patched(move || notice_line(notice.get()))}
            {patched(list)}
        </div>
    }
    .into_any()
}

/// What a list of tables was read from: every save's text, as one FNV-1a hash.
fn saves_key(saves: &[String]) -> String {
    let mut key: u64 = 0xcbf2_9ce4_8422_2325;
    for b in saves.iter().flat_map(|s| s.bytes()) {
        key = (key ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    key.to_string()
}

/// This device's tables, those waiting for it first, each with Open and Remove (Remove asks
/// first: "Remove table" or "Keep it").
#[component]
pub fn TableList(list: Vec<Listed>) -> impl IntoView {
    let store = expect_context::<Store>();
    let entries: Vec<AnyView> = list.into_iter().map(|l| table_entry(store, l)).collect();
    view! {
        <h3>"Tables on this device"</h3>
        <ul class="table-list">{entries}</ul>
    }
    .into_any()
}

fn table_entry(store: Store, listed: Listed) -> AnyView {
    let Listed {
        id,
        players,
        standing,
        yours,
    } = listed;
    let asking = RwSignal::new(false);
    let remove = NodeRef::<leptos::html::Button>::new();
    let keep = NodeRef::<leptos::html::Button>::new();
    // Remove asks (focus on "Keep it"), Keep it puts the question away (focus back on Remove),
    // once the page shows the change
    let ask_remove = move |on: bool| {
        asking.set(on);
        request_animation_frame(move || {
            let to = if on { keep.get() } else { remove.get() };
            if let Some(button) = to {
                let _ = button.focus();
            }
        });
    };
    let (open_id, remove_id) = (id.clone(), id);
    let class = if yours {
        "table-entry your-turn"
    } else {
        "table-entry"
    };
    view! {
        <li class=class>
            <p><strong>{players}</strong> " — " {standing}</p>
            <div class="controls">
                <button class="btn" on:click=tap(move || {
                    store.update(|t| {
                        t.open_table(&mut LocalShelf::open(), &open_id);
                    });
                    focus::restore_after_tap();
                })>"Open"</button>
                <button class="btn quiet" node_ref=remove on:click=tap(move || ask_remove(true))>"Remove"</button>
            </div>
            <div class="controls confirm" role="alertdialog" aria-label="Remove this table?" hidden=flag(move || !asking.get())>
                <p>"Remove this table from this device? Its game is lost here; the others keep theirs."</p>
                <button class="btn danger" on:click=tap(move || {
                    store.update(|t| t.remove_table(&mut LocalShelf::open(), &remove_id));
                    focus::restore_after_tap();
                })>"Remove table"</button>
                <button class="btn" node_ref=keep on:click=tap(move || ask_remove(false))>"Keep it"</button>
            </div>
        </li>
    }
    .into_any()
}
