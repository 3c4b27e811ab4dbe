//! Pass and Play's scoreboard: scores, tiles held, whose turn ("Ben — to play").
//!
//! One HTML string (names escaped) rather than a view per row: the rows change with every
//! move, and a string costs the wasm a fraction of what their views would.

use super::text::seat_name;
use super::Store;
use crate::session::Session;
use leptos::prelude::*;
use molscrab_engine::markup::escape;
use std::fmt::Write;

/// The scoreboard's rows; at a table, this device's seat is "(you)".
pub fn scoreboard_html(s: &Session) -> String {
    let g = s.game();
    let mut html = String::from(
        "<table class=\"scores\"><thead><tr><th>Player</th><th>Score</th><th>Tiles</th></tr>\
         </thead><tbody>",
    );
    for seat in 0..g.players().len() {
        let to_move = !g.is_over() && g.to_move() == seat;
        let mut name = escape(&seat_name(g, seat));
        if s.table().is_some_and(|at| at.seat == seat) {
            name.push_str(" (you)");
        }
        // the turn in words too, not only the ▶ glyph: "Ben — to play"
        let (row, dot, turn) = match to_move {
            true => (
                " class=\"to-move\" aria-current=\"true\"",
                "<span class=\"turn-dot\" title=\"Their turn\">▶ </span>",
                " — to\u{a0}play",
            ),
            false => ("", "", ""),
        };
        let _ = write!(
            html,
            "<tr{row}><td class=\"name\">{dot}{name}{turn}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td></tr>",
            g.scores()[seat],
            g.rack(seat).len()
        );
    }
    html.push_str("</tbody></table>");
    html
}

#[component]
pub fn Scoreboard() -> impl IntoView {
    let table = expect_context::<Store>();
    view! {
        <section class="panel scoreboard" aria-label="Scoreboard">
            <h2>"Scoreboard"</h2>
            <div inner_html=table.text(scoreboard_html)></div>
        </section>
    }
}
