//! The rack of the player to move, the Wild Isotope's element row, and exchange picking.

use super::markup::{self, html, Html};
use super::text::tile_name;
use super::{drag, Store};
use crate::arrange;
use crate::session::Session;
use leptos::prelude::*;
use molscrab_engine::elements::{Element, Tile, RACK_SIZE};
use wasm_bindgen::JsCast;

/// The tiles on the rack, in the order the player arranged them: slot, tile, and whether it
/// is lifted (or picked for an exchange).
fn shown(s: Option<&Session>) -> Vec<Showing> {
    // a computer's rack stays hidden while it plays
    let Some(s) = s.filter(|s| s.wants_computer_move().is_none()) else {
        return Vec::new();
    };
    let picked = s.phase().picked();
    let placed: Vec<usize> = s.tentative().iter().map(|t| t.slot).collect();
    arrange::display(s.rack(), s.order())
        .into_iter()
        .filter(|slot| !placed.contains(slot))
        .filter_map(|slot| {
            let tile = *s.rack().get(slot)?;
            let chosen = match picked {
                Some(p) => p.contains(&slot),
                None => s.phase().lifted() == Some(slot),
            };
            Some((slot, tile, chosen))
        })
        .collect()
}

/// A tile the rack shows: its slot, the tile, and whether it is lifted (or picked).
type Showing = (usize, Tile, bool);

/// One of the rack's buttons, as the tile it now shows, or hidden when the rack holds fewer;
/// `before` is what it showed, if anything. Little is read back from the page, since each
/// call into it costs more than the Rust around it: only the text of a button shown again.
fn paint(button: &web_sys::Element, tile: Option<Showing>, before: Option<Showing>) {
    let Some((slot, tile, chosen)) = tile else {
        let _ = button.set_attribute("hidden", "");
        let _ = button.remove_attribute("data-symbol");
        let _ = button.remove_attribute("data-slot");
        return;
    };
    let pressed = if chosen { "true" } else { "false" };
    let _ = button.remove_attribute("hidden");
    let _ = button.set_attribute("aria-pressed", pressed);
    button.set_class_name(match (chosen, tile == Tile::Wild) {
        (false, false) => "tile",
        (true, false) => "tile chosen",
        (false, true) => "tile wild",
        (true, true) => "tile chosen wild",
    });
    let _ = button.set_attribute("data-slot", &slot.to_string());
    // lifted or put down: the same tile, its text kept (a new text lays the rack out again)
    if before.is_some_and(|(_, was, _)| was == tile) {
        return;
    }
    let _ = button.set_attribute("data-symbol", tile.symbol());
    // shown again as it was before being hidden (a tile taken back): its text, points and name
    // are still there, and a new text would lay the rack out again
    if button.text_content().as_deref() == Some(tile.symbol()) {
        return;
    }
    // the points are drawn by the stylesheet: the text is the symbol, which the name starts
    // with (axe's label-content-name-mismatch)
    let _ = button.set_attribute("data-pts", &tile.points().to_string());
    let _ = button.set_attribute("aria-label", &tile_name(tile));
    button.set_text_content(Some(tile.symbol()));
}

/// The player's tiles: tap to lift (or, while exchanging, to pick for the exchange), drag to
/// place or rearrange (ui/drag.rs). Seven fixed buttons painted by one effect, like the board:
/// a button stays the same element, so keyboard focus survives a tap, and the wasm holds no
/// view code per tile.
#[component]
pub fn Rack() -> impl IntoView {
    let store = expect_context::<Store>();
    let rack = NodeRef::<leptos::html::Div>::new();
    // paints the buttons whose tile changed since its last run: a tap elsewhere (most taps)
    // touches none of them, and reads nothing of the page
    let mut painted: Vec<Option<Showing>> = Vec::new();
    let effect = RenderEffect::new(move |_| {
        let tiles = store.with_session(shown);
        let now: Vec<Option<Showing>> = (0..RACK_SIZE).map(|i| tiles.get(i).copied()).collect();
        let Some(rack) = rack.get() else {
            return painted.clear();
        };
        let buttons = rack.get_elements_by_tag_name("button");
        for (i, tile) in now.iter().enumerate() {
            let was = painted.get(i).copied();
            if was != Some(*tile) {
                if let Some(button) = buttons.item(i as u32) {
                    paint(&button, *tile, was.flatten());
                }
            }
        }
        painted = now;
    });
    on_cleanup(move || drop(effect));
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let slot = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("[data-slot]").ok().flatten())
            .and_then(|t| t.get_attribute("data-slot")?.parse::<usize>().ok());
        if let Some(slot) = slot.filter(|_| !drag::dropped()) {
            store.act(|s| {
                s.tap_rack(slot);
                None
            });
        }
    };
    view! {
        <div
            class="rack"
            role="group"
            aria-label="Your rack"
            node_ref=rack
            on:click=on_click
            inner_html=markup::fixed((0..RACK_SIZE).map(|_| html!("<button class=\"tile\" hidden></button>")).collect())
        ></div>
        <div class="rack-tools" role="group" aria-label="Arrange your rack" hidden=store.flag(|s| s.wants_computer_move().is_some())>
            <button class="btn quiet" on:click=store.on_tap(|s| {
                let order = arrange::shuffled(s.rack(), drag::random());
                s.arrange(arrange::tiles(s.rack(), &order));
                None
            })>"Shuffle"</button>
            <button class="btn quiet" on:click=store.on_tap(|s| {
                s.arrange(arrange::tiles(s.rack(), &arrange::sorted(s.rack())));
                None
            })>"Sort"</button>
        </div>
    }
}

/// Below the rack when a Wild Isotope is lifted: one button per element.
#[component]
pub fn WildPicker() -> impl IntoView {
    let store = expect_context::<Store>();
    let elements = NodeRef::<leptos::html::Div>::new();
    // the chosen element's button shows pressed; one effect, over fixed buttons
    let mut painted = None;
    let effect = RenderEffect::new(move |_| {
        let chosen = store.with_session(|s| s.and_then(|s| s.phase().wild_element()));
        let Some(elements) = elements.get() else {
            return;
        };
        // unchanged (every tap but a choice): no button touched or read back from the page
        if painted.replace(chosen) == Some(chosen) {
            return;
        }
        let buttons = elements.get_elements_by_tag_name("button");
        for i in 0..buttons.length() {
            if let Some(b) = buttons.item(i) {
                let on = chosen
                    .is_some_and(|c| b.get_attribute("data-el") == Some(c.index().to_string()));
                let _ = b.set_attribute("aria-pressed", if on { "true" } else { "false" });
            }
        }
    });
    on_cleanup(move || drop(effect));
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let el = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.get_attribute("data-el")?.parse::<usize>().ok())
            .and_then(|i| Element::ALL.get(i).copied());
        if let Some(el) = el {
            store.act(|s| {
                s.choose_wild(el);
                None
            });
        }
    };
    // only elements that can bond: helium and neon are in no valid formula; the buttons are
    // HTML (fixed names and symbols), one click handler serves them all
    let buttons: Html = Element::ALL
        .into_iter()
        .filter(|el| el.forms_bonds())
        .map(|el| {
            html!(
                "<button class=\"el\" title={} data-el={} aria-pressed=\"false\">{}</button>",
                el.name(),
                el.index(),
                el.symbol()
            )
        })
        .collect();
    view! {
        // built with the rack and hidden until a Wild Isotope is lifted: the same for the
        // player as building it then, in less wasm than a view rebuilt by a closure
        <div
            class="wild-picker"
            role="group"
            aria-label="Play the Wild Isotope as"
            hidden=store.flag(|s| !s.needs_wild_choice())
        >
            <p class="hint">"Choose this Wild Isotope's element:"</p>
            <div class="elements" node_ref=elements on:click=on_click inner_html=markup::fixed(buttons)></div>
        </div>
    }
}
