//! The browser UI: Leptos components that show the game and send intents to the engine.
//!
//! One file per thing the player sees. State lives in [`Table`] (signals around a plain
//! [`session::Session`]); components read it and call intents, never re-implementing a rule.

pub mod announce;
pub mod asked;
pub mod board;
pub mod buttons;
pub mod card;
pub mod daily;
pub mod dom;
pub mod drag;
pub mod drawn;
pub mod engine;
pub mod focus;
pub mod game_screen;
pub mod handoff;
pub mod hindsight;
pub mod lazy;
pub mod markup;
pub mod notebook;
pub mod page;
pub mod play_menu;
pub mod rack;
pub mod results;
pub mod scoreboard;
pub mod seats;
pub mod side_panel;
pub mod store;
pub mod substances;
pub mod tables;
pub mod text;
pub mod timer;
pub mod transfer;
pub mod unseen;

pub use board::BoardView;
pub use store::Store;

use drawn::IntoDrawn;
use leptos::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Play,
    HowToPlay,
    Reference,
}

impl Tab {
    const ALL: [Tab; 3] = [Tab::Play, Tab::HowToPlay, Tab::Reference];
    fn label(self) -> &'static str {
        match self {
            Tab::Play => "Play",
            Tab::HowToPlay => "How to play",
            Tab::Reference => "Reference card",
        }
    }
    /// The id of the tab's article that is fetched when the tab first opens (`page::open`).
    fn page(self) -> Option<&'static str> {
        match self {
            Tab::Play => None,
            Tab::HowToPlay => Some("rules"),
            Tab::Reference => Some("card"),
        }
    }
}

/// A key on the tab list: arrows (round the ends), Home and End choose a tab and focus it.
fn tab_key(ev: leptos::ev::KeyboardEvent) {
    use wasm_bindgen::JsCast;
    let Some(list) = ev
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let tabs = list.children();
    let n = tabs.length();
    // the key's target: the focused tab
    let key_on = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let Some(at) = (0..n).find(|&i| tabs.item(i) == key_on) else {
        return;
    };
    let to = match ev.key().as_str() {
        "ArrowRight" => (at + 1) % n,
        "ArrowLeft" => (at + n - 1) % n,
        "Home" => 0,
        "End" => n - 1,
        _ => return,
    };
    ev.prevent_default();
    if let Some(tab) = tabs
        .item(to)
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
    {
        tab.click();
        let _ = tab.focus();
    }
}

/// Whether `t` is not the chosen tab: one closure type for the three panels' `hidden`.
fn hidden(tab: RwSignal<Tab>, t: Tab) -> impl Fn() -> bool + Copy + Send + Sync {
    move || tab.get() != t
}

/// The game below the page's own masthead (Index.html): tabs, and the chosen tab's content, on
/// `store` (opened here if not given: the page opens it in a task before the mount's,
/// `src/main.rs`).
#[component]
pub fn App(#[prop(optional)] store: Option<Store>) -> impl IntoView {
    let store = store.unwrap_or_else(Store::open);
    provide_context(store);
    let tab = RwSignal::new(Tab::Play);
    // a link in the address (own-device tables), opened on the Play tab the app starts on
    tables::start(store);
    // the page's own listener, as long as the page lives: a link opened in the address of the
    // running page (`public/sw-register.js`, whose listener was added first, has taken it out of
    // the address), opened on the Play tab
    std::mem::forget(window_event_listener(leptos::ev::hashchange, move |_| {
        if tables::start(store) {
            tab.set(Tab::Play);
        }
    }));
    // a memo: the game screen is built once per game (and kind), not again on every tap
    let in_game = Memo::new(move |_| store.with_session(|s| s.map(|s| s.game().kind())));
    // the game screen's code, fetched once the first screen is up (a no-op where it is built in)
    lazy::fetch_soon();
    view! {
        // a landmark around the tab list (axe: all content in landmarks); a tablist role on the
        // nav itself would hide the landmark
        <nav class="tabs" aria-label="Sections">
        // the WAI-ARIA tabs pattern: one Tab stop, the chosen tab's; arrow keys, Home and End
        // move along the tabs and choose
        <div class="tablist" role="tablist" aria-label="Sections" on:keydown=tab_key>
            {Tab::ALL
                .into_iter()
                .map(|t| {
                    view! {
                        <button
                            role="tab"
                            class="tab"
                            tabindex=move || if tab.get() == t { "0" } else { "-1" }
                            aria-selected=move || (tab.get() == t).to_string()
                            on:click=move |_| {
                                tab.set(t);
                                if let Some(id) = t.page() {
                                    page::open(id);
                                }
                            }
                        >
                            {t.label()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
        </nav>
        <main class="content">
            // the screen reader's one live region, built once for the page's life
            <announce::LiveRegion />
            // every panel is built once and hidden when its tab is not chosen (the WAI-ARIA tabs
            // pattern): far less wasm than a switch that rebuilds each screen
            <div role="tabpanel" aria-label="Play" hidden=hidden(tab, Tab::Play)>
                // drawn afresh when the game begins or ends (a view that patched one screen
                // into the other would carry ~14 KB of wasm that never runs)
                {move || match in_game.get() {
                    Some(_) => view! { <lazy::GameScreen /> }.drawn(),
                    None => view! { <play_menu::PlayMenu /> }.drawn(),
                }}
            </div>
            <div role="tabpanel" aria-label="How to play" hidden=hidden(tab, Tab::HowToPlay)>
                <article id="rules" class="prose" data-src="lazy/rules.html">
                    <p>"Loading…"</p>
                </article>
            </div>
            <div role="tabpanel" aria-label="Reference card" hidden=hidden(tab, Tab::Reference)>
                <article id="card" class="prose wide" data-src="lazy/card.html">
                    <p>"Loading…"</p>
                </article>
            </div>
        </main>
    }
}
