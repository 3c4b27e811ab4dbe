//! Pass and Play's scoreboard: scores, tiles held, whose turn ("Ben — to play"), hints used.
//!
//! One escaped HTML string, rebuilt when the game changes: a row's view code would cost the
//! wasm several times what the string does.

use super::text::seat_name;
use super::Store;
use crate::session::Session;
use leptos::prelude::*;
use molscrab_engine::markup::escape;
use std::fmt::Write;

/// The scoreboard's rows; at a table, this device's seat is "(you)".
pub fn rows_html(s: &Session) -> String {
    let g = s.game();
    let hints = g.hints_per_seat();
    let mut html = String::new();
    for seat in 0..g.players().len() {
        let to_move = !g.is_over() && g.to_move() == seat;
        let mut name = escape(&seat_name(g, seat));
        if s.table().is_some_and(|at| at.seat == seat) {
            name.push_str(" (you)");
        }
        // the turn in words too, not only the ▶ glyph: "Ben — to play"
        let (class, current, name) = if to_move {
            (
                " class=\"to-move\"",
                " aria-current=\"true\"",
                format!(
                    "<span class=\"turn-dot\" title=\"Their turn\">▶ </span>{name} — to\u{a0}play"
                ),
            )
        } else {
            ("", "", name)
        };
        let hinted = match hints.get(seat).copied().unwrap_or(0) {
            0 => String::new(),
            1 => " <span class=\"tag hint\">1 hint</span>".into(),
            n => format!(" <span class=\"tag hint\">{n} hints</span>"),
        };
        let _ = write!(
            html,
            "<tr{class}{current}><td class=\"name\">{name}{hinted}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td></tr>",
            super::text::minus(g.scores()[seat]),
            g.rack(seat).len()
        );
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
                <tbody inner_html=table.text(rows_html)></tbody>
            </table>
        </section>
    }
}
