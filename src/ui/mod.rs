//! The browser UI: Leptos components that show the game and send intents to the engine.

mod board;
mod tabs;

pub use board::BoardView;

use leptos::prelude::*;
use tabs::{HowToPlay, ReferenceCard};

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
    let tab = RwSignal::new(Tab::Play);
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
            {move || match tab.get() {
                Tab::Play => view! { <BoardView /> }.into_any(),
                Tab::HowToPlay => view! { <HowToPlay /> }.into_any(),
                Tab::Reference => view! { <ReferenceCard /> }.into_any(),
            }}
        </main>
    }
}
