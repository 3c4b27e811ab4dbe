//! The How to play and Reference card tabs.

use crate::engine::elements::Element;
use leptos::prelude::*;

#[component]
pub fn HowToPlay() -> impl IntoView {
    view! {
        <article class="prose">
            <h2>"How to play"</h2>
            <p>"Spell chemical formulas with element tiles, across or down, crossword style."</p>
        </article>
    }
}

#[component]
pub fn ReferenceCard() -> impl IntoView {
    let rows = Element::ALL
        .into_iter()
        .map(|e| {
            let valences = if e.valences().is_empty() {
                "no bonds".to_string()
            } else {
                e.valences()
                    .iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            view! {
                <tr>
                    <td class="sym">{e.symbol()}</td>
                    <td>{e.name()}</td>
                    <td>{e.points()}</td>
                    <td>{e.count()}</td>
                    <td>{valences}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <article class="prose">
            <h2>"Reference card"</h2>
            <table class="tiles">
                <thead>
                    <tr><th>"Tile"</th><th>"Element"</th><th>"Points"</th><th>"Count"</th><th>"Valences"</th></tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </article>
    }
}
