//! Pass and Play's hand-off: "Pass the device to …", the last move, and no rack in sight.

use super::text::{describe_turn, seat_name};
use super::Table;
use leptos::prelude::*;

#[component]
pub fn Handoff() -> impl IntoView {
    let table = expect_context::<Table>();
    let facts = move || {
        table.session.with(|s| {
            s.as_ref().map(|s| {
                let name = seat_name(&s.game, s.game.to_move());
                let last = s.game.turns().last().map(|t| describe_turn(&s.game, t));
                (name, last)
            })
        })
    };
    move || {
        facts().map(|(name, last)| {
            let button = format!("I'm {name} — show my tiles");
            view! {
                <div class="handoff" role="region" aria-label="Hand-off">
                    <h2>"Pass the device to " <span class="name">{name.clone()}</span></h2>
                    <p class="last-move">
                        {last.unwrap_or_else(|| format!("{name} makes the first move."))}
                    </p>
                    <button class="btn primary big" on:click=move |_| table.act(|s| { s.reveal(); None })>
                        {button}
                    </button>
                    <button class="btn quiet" on:click=move |_| table.leave()>"Save and leave"</button>
                </div>
            }
        })
    }
}
