//! Pass and Play's scoreboard: scores, tiles held, whose turn ("Ben — to play"), hints used.
//!
//! One escaped HTML string, rebuilt when the game changes: a row's view code would cost the
//! wasm several times what the string does.

use super::markup::{self, html, Html};
use super::text::seat_name;
use super::Store;
use crate::session::Session;
use leptos::prelude::*;

/// The scoreboard's rows; at a table, this device's seat is "(you)".
pub fn rows_html(s: &Session) -> Html {
    let g = s.game();
    let hints = g.hints_per_seat();
    let mut html = Html::new();
    for seat in 0..g.players().len() {
        let to_move = !g.is_over() && g.to_move() == seat;
        let mut name = Html::text(&seat_name(g, seat));
        if s.table().is_some_and(|at| at.seat == seat) {
            name.push_lit(" (you)");
        }
        // the turn in words too, not only the ▶ glyph: "Ben — to play"
        let (class, name) = if to_move {
            (
                html!(" class=\"to-move\" aria-current=\"true\""),
                html!(
                    "<span class=\"turn-dot\" title=\"Their turn\">▶ </span>{} — to\u{a0}play",
                    name
                ),
            )
        } else {
            (Html::new(), name)
        };
        let hinted = match hints.get(seat).copied().unwrap_or(0) {
            0 => Html::new(),
            1 => html!(" <span class=\"tag hint\">1 hint</span>"),
            n => html!(" <span class=\"tag hint\">{} hints</span>", n),
        };
        html.push(&html!(
            "<tr{}><td class=\"name\">{}{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td></tr>",
            class,
            name,
            hinted,
            super::text::minus(g.scores()[seat]),
            g.rack(seat).len()
        ));
    }
    html
}

#[component]
pub fn Scoreboard() -> impl IntoView {
    let table = expect_context::<Store>();
    view! {
        <section class="panel scoreboard" aria-label="Scoreboard">
            <h2>"Scoreboard"</h2>
            <table class="scores">
                <thead>
                    <tr><th>"Player"</th><th>"Score"</th><th>"Tiles"</th></tr>
                </thead>
                <tbody inner_html=markup::live(table.markup(rows_html))></tbody>
            </table>
        </section>
    }
}
