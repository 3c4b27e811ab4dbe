//! A formula's card over the game: the HTML the engine's worker wrote for it (names, drawing,
//! mass, fact, and its Close button), shown as it is. One host element and one click handler:
//! the card costs the page's wasm almost nothing, whatever it shows.

use super::Store;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The `attribute` of the element clicked, or of the nearest element around it that has one.
pub fn data_of(ev: &leptos::ev::MouseEvent, attribute: &str) -> Option<String> {
    let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let holder = target.closest(&format!("[{attribute}]")).ok()??;
    holder.get_attribute(attribute)
}

/// The card sheet: hidden while no card is open; Close, Escape or a tap beside the card close it.
#[component]
pub fn FormulaCard() -> impl IntoView {
    let table = expect_context::<Store>();
    let close = move || {
        table.close_card();
        super::focus::dialog_closed();
    };
    // Escape closes the card wherever focus is (it may not have reached the card yet)
    let escape = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && table.card_open() {
            close();
        }
    });
    on_cleanup(move || escape.remove());
    view! {
        <div
            class="card-sheet"
            hidden=table.table_flag(|t| t.told.card.is_none())
            inner_html=move || table.read(|t| t.told.card.clone().unwrap_or_default())
            on:click=move |ev| {
                // a tap on the sheet beside the card, or on the card's Close button
                if ev.target() == ev.current_target() || is_close_button(&ev) {
                    close();
                }
            }
        ></div>
    }
}

fn is_close_button(ev: &leptos::ev::MouseEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("button[data-close]").ok().flatten())
        .is_some()
}
