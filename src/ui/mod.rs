//! The browser UI: Leptos components that show the game and send intents to the engine.
//!
//! One file per thing the player sees. State lives in [`Table`] (signals around a plain
//! [`session::Session`]); components read it and call intents, never re-implementing a rule.

pub mod board;
pub mod game_screen;
pub mod handoff;
pub mod notebook;
pub mod play_menu;
pub mod rack;
pub mod reference;
pub mod results;
pub mod rules;
pub mod scoreboard;
pub mod session;
pub mod side_panel;
pub mod table;
pub mod text;

pub use board::BoardView;
pub use table::Table;

use leptos::either::EitherOf4;
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
}

/// The whole page: title, tabs, and the chosen tab's content.
#[component]
pub fn App() -> impl IntoView {
    let table = Table::open();
    provide_context(table);
    let tab = RwSignal::new(Tab::Play);
    // a memo: the game screen is built once per game (and kind), not again on every tap
    let in_game = Memo::new(move |_| table.session.with(|s| s.as_ref().map(|s| s.game.kind())));
    view! {
        <header class="masthead">
            <h1>"Molecular Scrabble"</h1>
            <p class="edition">"Public Edition"</p>
        </header>
        <nav class="tabs" role="tablist" aria-label="Sections">
            {Tab::ALL
                .into_iter()
                .map(|t| {
                    view! {
                        <button
                            role="tab"
                            class="tab"
                            aria-selected=move || (tab.get() == t).to_string()
                            on:click=move |_| tab.set(t)
                        >
                            {t.label()}
                        </button>
                    }
                })
                .collect_view()}
        </nav>
        <main class="content">
            // EitherOf4 rather than `.into_any()`: the same switch in far less wasm
            {move || match tab.get() {
                Tab::Play if in_game.get().is_some() => EitherOf4::A(view! { <game_screen::GameScreen /> }),
                Tab::Play => EitherOf4::B(view! { <play_menu::PlayMenu /> }),
                Tab::HowToPlay => EitherOf4::C(view! { <rules::HowToPlay /> }),
                Tab::Reference => EitherOf4::D(view! { <reference::ReferenceCard /> }),
            }}
        </main>
    }
}
