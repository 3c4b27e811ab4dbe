//! The end of a game: Solitaire's final score and rank, or Pass and Play's results.
//!
//! A finished game no longer changes: what it says is written once, as one HTML string (names
//! escaped), under one view for both kinds. Only the personal best's line stays reactive (it is
//! recorded as the game ends).

use super::play_menu::{asking, Place, ReplaceConfirm};
use super::text::seat_name;
use super::Store;
use leptos::prelude::*;
use molscrab_engine::game::Game;
use molscrab_engine::markup::escape;
use molscrab_engine::rank::Rank;
use molscrab_engine::record::Kind;
use std::fmt::Write;

/// Solitaire's end: how it ended, the final score, the tiles left and the rank.
fn solitaire_html(g: &Game) -> String {
    let score = g.scores().first().copied().unwrap_or(0);
    let mut html = format!(
        "<h2>Game over</h2><p class=\"how\">{}</p><p class=\"final\">Final score: <strong \
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
}

/// Pass and Play's results: the winner or a tie, how it ended, and each player's leftover and
/// final score, winners marked.
fn pass_and_play_html(g: &Game) -> String {
    let winners = g.winners().unwrap_or_default();
    let names: Vec<String> = winners.iter().map(|w| seat_name(g, *w)).collect();
    let headline = match names.as_slice() {
        [one] => format!("{one} wins!"),
        [] => "No winner".to_string(),
        many => format!("A tie between {}", many.join(" and ")),
    };
    let mut html = format!(
        "<h2 data-testid=\"winner\">{}</h2><p class=\"how\">{}</p><table class=\"scores\">\
         <thead><tr><th>Player</th><th>Leftover</th><th>Final score</th></tr></thead><tbody>",
        escape(&headline),
        escape(&g.ending_text().unwrap_or_default())
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
pub fn Results() -> impl IntoView {
    let table = expect_context::<Store>();
    // a game keeps its kind, and a new game builds new results: read once
    let (solitaire, at_table, html) = table
        .with_session_untracked(|s| {
            s.map(|s| {
                let g = s.game();
                let solitaire = g.kind() == Kind::Solitaire;
                let html = match solitaire {
                    true => solitaire_html(g),
                    false => pass_and_play_html(g),
                };
                (solitaire, s.table().is_some(), html)
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
            <div class="part" inner_html=html></div>
            <p class="best" data-testid="best-line" hidden=!solitaire>{best_line}</p>
            <div class="controls" hidden=asking(table, Place::Rematch)>
                // a table's rematch would be a new table: opened from the Play tab
                <button class="btn primary" hidden=at_table on:click=table.on_tap_store(Store::rematch)>
                    {if solitaire { "Play again" } else { "Rematch" }}
                </button>
                <button class="btn" on:click=table.on_tap_store(Store::leave)>"New game"</button>
                <button class="btn quiet" on:click=table.on_tap_store(Store::export)>"Export game"</button>
            </div>
            <ReplaceConfirm place=Place::Rematch />
        </div>
    }
}
