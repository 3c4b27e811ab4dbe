//! Hindsight in the notebook, a component over the look back the engine's worker told
//! (`session::LookBack`): each person's summary, and each turn's one sentence, whose formulas
//! are buttons that open their cards, with "Show on board" for the best play.

use super::Store;
use crate::session::{Hindsight, LookBack, Part, TurnLook};
use leptos::prelude::*;

/// A formula in a sentence: its name as the notebook writes it, a button that opens its card.
fn formula(store: Store, tiles: String, text: String) -> impl IntoView {
    view! {
        <button class="formula" aria-haspopup="dialog" on:click=move |_| {
            store.explain(tiles.clone());
            super::focus::dialog_opened(".formula-card button");
        }>{text}</button>
    }
}

fn turn(store: Store, t: TurnLook) -> impl IntoView {
    let said = t
        .said
        .into_iter()
        .map(|p| match p {
            Part::Text(said) => said.into_any(),
            Part::Formula { tiles, text } => formula(store, tiles, text).into_any(),
        })
        .collect_view();
    let look = t.look.map(|(moves, play)| {
        view! {
            " "
            <button class="btn quiet look" on:click=move |_| {
                store.look_back(moves, play.clone());
                // the board and its "looking back" line come into view (the button sits
                // below them)
                if let Some(game) = super::dom::find(".game") {
                    game.scroll_into_view();
                }
            }>"Show on board"</button>
        }
    });
    view! { <li value=t.n>{said}{look}</li> }
}

fn looked_back(store: Store, looked: LookBack) -> impl IntoView {
    let seats = looked
        .seats
        .into_iter()
        .map(|s| view! { <p class="hs-summary"><strong>{s.head}</strong>" — "{s.said}</p> })
        .collect_view();
    let turns = looked
        .turns
        .into_iter()
        .map(|t| turn(store, t))
        .collect_view();
    view! {
        {seats}
        <ol class="hs-turns">{turns}</ol>
    }
}

/// The notebook's Hindsight: nothing while it is off.
#[component]
pub fn HindsightView() -> impl IntoView {
    let store = expect_context::<Store>();
    let looked = Memo::new(move |_| store.hindsight());
    move || {
        looked.get().map(|h| {
            let inside = match h {
                Hindsight::Waiting => {
                    view! { <p class="empty">"Looking back over the game…"</p> }.into_any()
                }
                Hindsight::Failed => {
                    view! { <p class="empty">"Hindsight could not be worked out."</p> }.into_any()
                }
                Hindsight::Ready(looked) => looked_back(store, looked).into_any(),
            };
            view! { <div class="hindsight">{inside}</div> }
        })
    }
}
