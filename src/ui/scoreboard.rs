//! Pass and Play's scoreboard: scores, tiles held, whose turn ("Ben — to play").

use super::notebook::escape;
use super::text::seat_name;
use super::Store;
use leptos::prelude::*;

#[component]
pub fn Scoreboard() -> impl IntoView {
    let table = expect_context::<Store>();
    let rows = move || {
        table.with_session(|s| {
            s.map(|s| {
                let g = s.game();
                (0..g.players().len())
                    .map(|seat| {
                        let to_move = !g.is_over() && g.to_move() == seat;
                        // the turn in words too, not only the ▶ glyph: "Ben — to play"
                        let name = seat_name(g, seat);
                        (
                            if to_move {
                                format!("{name} — to\u{a0}play")
                            } else {
                                name
                            },
                            g.scores()[seat],
                            g.rack(seat).len(),
                            to_move,
                        )
                    })
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
        })
    };
    // the rows as escaped HTML (names are a person's text): markup is data that compresses,
    // a view per row is code (README: Size and speed)
    let html = move || {
        rows()
            .into_iter()
            .map(|(name, score, tiles, to_move)| {
                let (class, dot) = match to_move {
                    true => (
                        " class=\"to-move\" aria-current=\"true\"",
                        "<span class=\"turn-dot\" title=\"Their turn\">▶ </span>",
                    ),
                    false => ("", ""),
                };
                format!(
                    "<tr{class}><td class=\"name\">{dot}{}</td><td class=\"num\">{score}</td>\
                     <td class=\"num\">{tiles}</td></tr>",
                    escape(&name)
                )
            })
            .collect::<String>()
    };
    view! {
        <section class="panel scoreboard" aria-label="Scoreboard">
            <h2>"Scoreboard"</h2>
            <table class="scores">
                <thead>
                    <tr><th>"Player"</th><th>"Score"</th><th>"Tiles"</th></tr>
                </thead>
                <tbody inner_html=html></tbody>
            </table>
        </section>
    }
}
