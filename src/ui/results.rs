//! The end of a game: Solitaire's final score and rank, or Pass and Play's results.

use super::play_menu::{asking, Place, ReplaceConfirm};
use super::text::seat_name;
use super::Store;
use leptos::either::Either;
use leptos::prelude::*;
use molscrab_engine::markup::escape;
use molscrab_engine::rank::Rank;
use molscrab_engine::record::Kind;
use std::fmt::Write;

#[component]
pub fn Results() -> impl IntoView {
    let table = expect_context::<Store>();
    // a game keeps its kind, and a new game builds new results
    let kind = table.with_session_untracked(|s| s.map(|s| s.game().kind()));
    match kind {
        Some(Kind::Solitaire) => Either::Left(view! { <SolitaireEnd /> }),
        _ => Either::Right(view! { <PassAndPlayResults /> }),
    }
}

// A finished game no longer changes, so both result screens read it once and show fixed
// markup: much less wasm than views re-rendered by closures.

#[component]
fn SolitaireEnd() -> impl IntoView {
    let table = expect_context::<Store>();
    // how it ended, the final score, the leftover and the rank: fixed, so one HTML string
    let html = table
        .with_session_untracked(|s| {
            s.map(|s| {
                let g = s.game();
                let score = g.scores().first().copied().unwrap_or(0);
                let mut html = format!(
                    "<p class=\"how\">{}</p><p class=\"final\">Final score: <strong \
                     data-testid=\"final-score\">{score}</strong></p>",
                    escape(&g.ending_text().unwrap_or_default())
                );
                match g.leftovers().first().copied().unwrap_or(0) {
                    0 => {}
                    left => {
                        let _ = write!(html, "<p>Tiles left on your rack: {left} points</p>");
                    }
                }
                let rank = Rank::from_score(score).name();
                let _ = write!(html, "<p class=\"rank\">Rank: <strong>{rank}</strong></p>");
                html
            })
        })
        .unwrap_or_default();
    // the personal best is recorded as the game ends, so this line stays reactive
    let best_line = move || match table.read(|t| t.solitaire_end()) {
        Some(b) if b.new_best => match b.previous_best {
            Some(prev) => format!("A new personal best! (previous best {prev})"),
            None => "A new personal best!".to_string(),
        },
        Some(b) => format!(
            "Your personal best is still {}.",
            b.previous_best.map_or("—".to_string(), |p| p.to_string())
        ),
        None => String::new(),
    };
    view! {
        <div class="results" role="region" aria-label="Results">
            <h2>"Game over"</h2>
            <div class="part" inner_html=html></div>
            <p class="best" data-testid="best-line">{best_line}</p>
            <div class="controls" hidden=asking(table, Place::Rematch)>
                <button class="btn primary" on:click=table.on_tap_store(Store::rematch)>"Play again"</button>
                <button class="btn" on:click=table.on_tap_store(Store::leave)>"New game"</button>
                <button class="btn quiet" on:click=table.on_tap_store(Store::export)>"Export game"</button>
            </div>
            <ReplaceConfirm place=Place::Rematch />
        </div>
    }
}

/// Pass and Play's results table: each player's leftover and final score, winners marked.
/// A finished game no longer changes: written once, as HTML (names escaped).
fn results_html(g: &molscrab_engine::game::Game) -> String {
    let winners = g.winners().unwrap_or_default();
    let mut html = String::from(
        "<table class=\"scores\"><thead><tr><th>Player</th><th>Leftover</th><th>Final score\
         </th></tr></thead><tbody>",
    );
    for seat in 0..g.players().len() {
        let leftover = g.leftovers().get(seat).copied().unwrap_or(0);
        let sign = if leftover > 0 { "+" } else { "" };
        let _ = write!(
            html,
            "<tr{}><td class=\"name\">{}</td><td class=\"num\" data-testid=\"leftover\">\
             {sign}{leftover}</td><td class=\"num\" data-testid=\"final\">{}</td></tr>",
            if winners.contains(&seat) {
                " class=\"won\""
            } else {
                ""
            },
            escape(&seat_name(g, seat)),
            g.scores().get(seat).copied().unwrap_or(0)
        );
    }
    html.push_str("</tbody></table>");
    html
}

#[component]
fn PassAndPlayResults() -> impl IntoView {
    let table = expect_context::<Store>();
    // a table's rematch would be a new table: opened from the Play tab
    let at_table = table.with_session_untracked(|s| s.is_some_and(|s| s.table().is_some()));
    let (headline, how, rows) = table
        .with_session_untracked(|s| {
            s.map(|s| {
                let g = s.game();
                let names: Vec<String> = g
                    .winners()
                    .unwrap_or_default()
                    .iter()
                    .map(|w| seat_name(g, *w))
                    .collect();
                let headline = match names.as_slice() {
                    [one] => format!("{one} wins!"),
                    [] => "No winner".to_string(),
                    many => format!("A tie between {}", many.join(" and ")),
                };
                (
                    headline,
                    g.ending_text().unwrap_or_default(),
                    results_html(g),
                )
            })
        })
        .unwrap_or_default();
    view! {
        <div class="results" role="region" aria-label="Results">
            <h2 data-testid="winner">{headline}</h2>
            <p class="how">{how}</p>
            <div class="part" inner_html=rows></div>
            <div class="controls" hidden=asking(table, Place::Rematch)>
                <button class="btn primary" hidden=at_table on:click=table.on_tap_store(Store::rematch)>"Rematch"</button>
                <button class="btn" on:click=table.on_tap_store(Store::leave)>"New game"</button>
                <button class="btn quiet" on:click=table.on_tap_store(Store::export)>"Export game"</button>
            </div>
            <ReplaceConfirm place=Place::Rematch />
        </div>
    }
}
