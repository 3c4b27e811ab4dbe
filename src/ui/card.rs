//! A formula's card over the game: the HTML the engine's worker wrote for it (names, drawing,
//! mass, fact, and its Close button), shown as it is. One host element and one click handler:
//! the card costs the page's wasm almost nothing, whatever it shows.

use super::markup;
use super::Store;
use crate::session::Phase;
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
    let store = expect_context::<Store>();
    let close = move || {
        store.close_card();
        super::focus::dialog_closed();
    };
    // Escape closes the card wherever focus is (it may not have reached the card yet); Tab
    // and Shift+Tab go round the card's own buttons and links, never to the page behind it
    // with no card open, Escape answers "End the game?" or "Pass your turn?" with Keep playing,
    // puts a lifted tile down and leaves an exchange, wherever focus is (the board's own keys
    // do the same when it has focus)
    let escape = window_event_listener(leptos::ev::keydown, move |ev| {
        if !store.card_open() {
            let asked = store.with_session_untracked(|s| {
                s.is_some_and(|s| {
                    matches!(s.phase(), Phase::ConfirmingEnd | Phase::ConfirmingPass)
                        || s.phase().lifted().is_some()
                        || s.phase().picked().is_some()
                })
            });
            if asked && ev.key() == "Escape" {
                let mut put_down = None;
                store.act(|s| {
                    match (s.phase().lifted(), s.phase().picked()) {
                        (Some(slot), _) => {
                            s.tap_rack(slot);
                            put_down = Some(slot);
                        }
                        (None, Some(_)) => s.cancel_exchange(),
                        (None, None) => s.keep_playing(),
                    }
                    None
                });
                // from the Wild Isotope's element row, which goes: focus to the tile put down
                let tile = put_down
                    .filter(|_| super::dom::find(".wild-picker :focus").is_some())
                    .and_then(|slot| super::dom::find(&format!(".rack [data-slot=\"{slot}\"]")))
                    .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok());
                match tile {
                    Some(tile) => drop(tile.focus()),
                    None => super::focus::restore_after_tap(),
                }
            }
            return;
        }
        match ev.key().as_str() {
            "Escape" => close(),
            "Tab" => {
                ev.prevent_default();
                keep_focus_in_card(ev.shift_key());
            }
            _ => {}
        }
    });
    on_cleanup(move || escape.remove());
    view! {
        <div
            class="card-sheet"
            hidden=store.table_flag(|t| t.from_worker.card.is_none())
            inner_html=markup::live(move || store.read(|t| t.from_worker.card.clone().unwrap_or_default()))
            on:click=move |ev| {
                // a tap on the sheet beside the card, or on the card's Close button
                if ev.target() == ev.current_target() || is_close_button(&ev) {
                    close();
                }
            }
        ></div>
    }
}

/// Moves focus to the card's next (or previous) button or link, round from the last to the first.
fn keep_focus_in_card(back: bool) {
    let Some(document) = super::dom::document() else {
        return;
    };
    let Ok(found) = document.query_selector_all(".card-sheet button, .card-sheet a[href]") else {
        return;
    };
    let stops: Vec<web_sys::HtmlElement> = (0..found.length())
        .filter_map(|i| found.item(i)?.dyn_into().ok())
        .collect();
    if stops.is_empty() {
        return;
    }
    let active = document.active_element();
    let at = stops
        .iter()
        .position(|s| active.as_ref() == Some(s.unchecked_ref::<web_sys::Element>()));
    let next = match (at, back) {
        (Some(i), false) => (i + 1) % stops.len(),
        (Some(i), true) => (i + stops.len() - 1) % stops.len(),
        (None, false) => 0,
        (None, true) => stops.len() - 1,
    };
    let _ = stops[next].focus();
}

fn is_close_button(ev: &leptos::ev::MouseEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("button[data-close]").ok().flatten())
        .is_some()
}
