//! The rack of the player to move, the Wild Isotope's element row, and exchange picking.

use super::text::tile_name;
use super::Store;
use leptos::prelude::*;
use molscrab_engine::elements::{Element, Tile};

/// The player's tiles: tap to lift (or, while exchanging, to pick for the exchange).
#[component]
pub fn Rack() -> impl IntoView {
    let table = expect_context::<Store>();
    let tiles = move || {
        table.with_session(|s| {
            let Some(s) = s else {
                return Vec::new();
            };
            let picked = s.phase().picked().map(<[usize]>::to_vec);
            s.rack_slots()
                .into_iter()
                .map(|(slot, tile)| {
                    let chosen = match &picked {
                        Some(p) => p.contains(&slot),
                        None => s.phase().lifted() == Some(slot),
                    };
                    (slot, tile, chosen)
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="rack" role="group" aria-label="Your rack">
            {move || {
                tiles()
                    .into_iter()
                    .map(|(slot, tile, chosen)| {
                        let pts = tile.points().to_string();
                        view! {
                            <button
                                class=format!(
                                    "tile{}{}",
                                    if chosen { " chosen" } else { "" },
                                    if tile == Tile::Wild { " wild" } else { "" },
                                )
                                data-symbol=tile.symbol()
                                data-pts=pts
                                aria-pressed=chosen.to_string()
                                aria-label=tile_name(tile)
                                on:click=move |_| {
                                    table.act(|s| {
                                        s.tap_rack(slot);
                                        None
                                    })
                                }
                            >
                                // the points are drawn by the stylesheet: the text is the
                                // symbol, which the name starts with (axe's label-in-name)
                                {tile.symbol()}
                            </button>
                        }
                    })
                    .collect_view()
            }}
        </div>
    }
}

/// Below the rack when a Wild Isotope is lifted: one button per element.
#[component]
pub fn WildPicker() -> impl IntoView {
    let table = expect_context::<Store>();
    let chosen = move || table.with_session(|s| s.and_then(|s| s.phase().wild_element()));
    view! {
        // built with the rack and hidden until a Wild Isotope is lifted: the same for the
        // player as building it then, in less wasm than a view rebuilt by a closure
        <div
            class="wild-picker"
            role="group"
            aria-label="Play the Wild Isotope as"
            hidden=table.flag(|s| !s.needs_wild_choice())
        >
            <p class="hint">"Choose the element this Wild Isotope plays as, then tap a square:"</p>
            <div class="elements">
                // only elements that can bond: helium and neon are in no valid formula
                {Element::ALL
                    .into_iter()
                    .filter(|el| el.forms_bonds())
                    .map(|el| {
                        view! {
                            <button
                                class="el"
                                title=el.name()
                                aria-pressed=move || (chosen() == Some(el)).to_string()
                                on:click=move |_| {
                                    table.act(|s| {
                                        s.choose_wild(el);
                                        None
                                    })
                                }
                            >
                                {el.symbol()}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </div>
    }
}
