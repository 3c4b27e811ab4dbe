//! The Reference card tab: the 42 formulas in tile order, the starters, tiles and valences.

use crate::engine::elements::{Element, WILD_COUNT};
use crate::engine::referee::{formula_text, CARD, STARTERS};
use leptos::prelude::*;

fn tile_order(tiles: &[Element]) -> String {
    tiles
        .iter()
        .map(|e| e.symbol())
        .collect::<Vec<_>>()
        .join(" · ")
}

#[component]
pub fn ReferenceCard() -> impl IntoView {
    let formulas = CARD
        .iter()
        .map(|f| {
            view! {
                <tr>
                    <td class="formula">{formula_text(f.tiles)}</td>
                    <td>{f.name}</td>
                    <td class="tiles-order">{tile_order(f.tiles)}</td>
                </tr>
            }
        })
        .collect_view();
    let starters = STARTERS
        .iter()
        .filter_map(|i| CARD.get(*i))
        .map(|f| view! { <li><b>{formula_text(f.tiles)}</b>" " {f.name} " — " {tile_order(f.tiles)}</li> })
        .collect_view();
    let elements = Element::ALL
        .into_iter()
        .map(|e| {
            let valences = if e.valences().is_empty() {
                "no bonds".to_string()
            } else {
                e.valences()
                    .iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            };
            view! {
                <tr>
                    <td class="sym">{e.symbol()}</td>
                    <td>{e.name()}</td>
                    <td class="num">{e.points()}</td>
                    <td class="num">{e.count()}</td>
                    <td>{valences}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <article class="prose wide">
            <h2>"Reference card"</h2>
            <p>"Standard Mode accepts exactly these 42 formulas, in this tile order. In Theory Mode they count as known in any order."</p>
            <div class="table-wrap">
                <table class="tiles card">
                    <thead><tr><th>"Formula"</th><th>"Name"</th><th>"Tiles to play"</th></tr></thead>
                    <tbody>{formulas}</tbody>
                </table>
            </div>
            <h3>"Ten molecules to start with"</h3>
            <ol class="starters">{starters}</ol>
            <h3>"Tiles and valences"</h3>
            <p>{format!("116 tiles: 112 element tiles in 33 elements, plus {WILD_COUNT} Wild Isotopes (0 points) that play as any element.")}</p>
            <div class="table-wrap">
                <table class="tiles">
                    <thead>
                        <tr><th>"Tile"</th><th>"Element"</th><th>"Points"</th><th>"Count"</th><th>"Valences"</th></tr>
                    </thead>
                    <tbody>{elements}</tbody>
                </table>
            </div>
        </article>
    }
}
