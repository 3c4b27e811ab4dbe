//! The rack of the player to move, the Wild Isotope's element row, and exchange picking.

use super::text::tile_name;
use super::{drag, Store};
use crate::arrange;
use crate::session::Session;
use leptos::prelude::*;
use molscrab_engine::elements::{Element, Tile, RACK_SIZE};

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

/// A rack button's class for the tile it shows.
fn tile_class(chosen: bool, wild: bool) -> &'static str {
    match (chosen, wild) {
        (false, false) => "tile",
        (true, false) => "tile chosen",
        (false, true) => "tile wild",
        (true, true) => "tile chosen wild",
    }
}

/// One of the rack's seven buttons: the tile in its place, or hidden when the rack holds
/// fewer. A button stays the same element while its tile changes, so keyboard focus survives
/// a tap.
fn rack_button(store: Store, tile: Memo<Option<Showing>>) -> impl IntoView {
    let on = move |f: fn(Showing) -> String| move || tile.get().map(f);
    // the text: the tile last shown, kept while the button is hidden, so a tile taken back
    // shows again without a new text (which lays the rack out again)
    let last =
        Memo::new(move |was: Option<&Option<Showing>>| tile.get().or(was.copied().flatten()));
    let symbol = move || last.with(|l| l.map(|(_, t, _)| t.symbol()));
    view! {
        <button
            hidden=move || tile.with(Option::is_none)
            class=move || tile.get().map_or("tile", |(_, t, chosen)| tile_class(chosen, t == Tile::Wild))
            aria-pressed=on(|(_, _, chosen)| chosen.to_string())
            data-slot=on(|(slot, _, _)| slot.to_string())
            data-symbol=on(|(_, t, _)| t.symbol().to_string())
            // the points are drawn by the stylesheet: the text is the symbol, which the name
            // starts with (axe's label-content-name-mismatch)
            data-pts=on(|(_, t, _)| t.points().to_string())
            aria-label=on(|(_, t, _)| tile_name(t))
            on:click=move |_| {
                if let Some((slot, _, _)) = tile.get_untracked().filter(|_| !drag::dropped()) {
                    store.act(|s| {
                        s.tap_rack(slot);
                        None
                    });
                }
            }
        >
            {symbol}
        </button>
    }
}

/// The player's tiles: tap to lift (or, while exchanging, to pick for the exchange), drag to
/// place or rearrange (ui/drag.rs).
#[component]
pub fn Rack() -> impl IntoView {
    let store = expect_context::<Store>();
    // each place's tile, in the player's order: a tap elsewhere (most taps) changes none of
    // them, and no button is touched
    let buttons = (0..RACK_SIZE)
        .map(|i| {
            rack_button(
                store,
                Memo::new(move |_| store.with_session(|s| shown(s).get(i).copied())),
            )
        })
        .collect_view();
    view! {
        <div class="rack" role="group" aria-label="Your rack">{buttons}</div>
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
    let chosen =
        Memo::new(move |_| store.with_session(|s| s.and_then(|s| s.phase().wild_element())));
    // only elements that can bond: helium and neon are in no valid formula
    let buttons = Element::ALL
        .into_iter()
        .filter(|el| el.forms_bonds())
        .map(|el| {
            view! {
                <button
                    class="el"
                    title=el.name()
                    data-el=el.index()
                    aria-pressed=move || (chosen.get() == Some(el)).to_string()
                    on:click=move |_| {
                        store.act(|s| {
                            s.choose_wild(el);
                            None
                        })
                    }
                >
                    {el.symbol()}
                </button>
            }
        })
        .collect_view();
    view! {
        // built with the rack and hidden until a Wild Isotope is lifted
        <div
            class="wild-picker"
            role="group"
            aria-label="Play the Wild Isotope as"
            hidden=store.flag(|s| !s.needs_wild_choice())
        >
            <p class="hint">"Choose this Wild Isotope's element:"</p>
            <div class="elements">{buttons}</div>
        </div>
    }
}
