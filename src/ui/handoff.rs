//! Pass and Play's hand-off: "Pass the device to …", the last move, and no rack in sight.

use super::markup::{self, html, Html};
use super::text::seat_name;
use super::Store;
use crate::session::{Notice, Session, TIME_UP};
use leptos::prelude::*;

/// The hand-off as one escaped HTML string; its buttons go through the game's one click
/// handler (`data-act`, ui/game_screen.rs): far less wasm than a view with reactive parts.
fn handoff_html(s: &Session) -> Html {
    let next = seat_name(s.game(), s.game().to_move());
    let mut last = match s.game().turns().last() {
        Some(t) => s.summary(t, t.seat),
        None => format!("{next} makes the first move."),
    };
    // why the turn ended, when it was not the player's doing (Speed Lab's time running out)
    if s.notice() == Some(&Notice::Info(TIME_UP.to_string())) {
        last = format!("{TIME_UP} {last}");
    }
    html!(
        concat!(
            r#"<h2>Pass the device to <span class="name">{}</span></h2><p class="last-move">{}</p>"#,
            r#"<button class="btn primary big" data-act="reveal">I'm {} — show my tiles</button>"#,
            r#"<button class="btn quiet" data-act="leave">Save and leave</button>"#,
        ),
        next,
        last,
        next
    )
}

#[component]
pub fn Handoff() -> impl IntoView {
    let store = expect_context::<Store>();
    view! {
        <div
            class="handoff"
            role="region"
            aria-label="Hand-off"
            inner_html=markup::live(store.markup(handoff_html))
        ></div>
    }
}
