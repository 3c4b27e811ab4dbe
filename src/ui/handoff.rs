//! Pass and Play's hand-off: "Pass the device to …", the last move, and no rack in sight.

use super::text::seat_name;
use super::Store;
use crate::session::Session;
use leptos::prelude::*;

fn next_player(s: &Session) -> String {
    seat_name(s.game(), s.game().to_move())
}

#[component]
pub fn Handoff() -> impl IntoView {
    let table = expect_context::<Store>();
    // fixed markup with reactive text: far less wasm than re-rendering the whole hand-off
    view! {
        <div class="handoff" role="region" aria-label="Hand-off">
            <h2>"Pass the device to " <span class="name">{table.text(next_player)}</span></h2>
            <p class="last-move">
                {table.text(|s| match s.game().turns().last() {
                    Some(t) => t.summary(&seat_name(s.game(), t.seat)),
                    None => format!("{} makes the first move.", next_player(s)),
                })}
            </p>
            <button class="btn primary big" on:click=table.on_tap(|s| { s.reveal(); None })>
                {table.text(|s| format!("I'm {} — show my tiles", next_player(s)))}
            </button>
            <button class="btn quiet" on:click=table.on_tap_store(Store::leave)>"Save and leave"</button>
        </div>
    }
}
