//! The end of a game: Solitaire's final score and rank, or Pass and Play's results.

use super::notebook::escape;
use super::play_menu::{asking, Place, ReplaceConfirm};
use super::text::seat_name;
use super::Store;
use leptos::either::Either;
use leptos::prelude::*;
use molscrab_engine::rank::Rank;
use molscrab_engine::record::Kind;

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
    let (score, leftover, how) = table
        .with_session_untracked(|s| {
            s.map(|s| {
                let score = s.game().scores().first().copied().unwrap_or(0);
                let leftover = s.game().leftovers().first().copied().unwrap_or(0);
                let how = s.game().ending_text().unwrap_or_default();
                (score, leftover, how)
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
            <p class="how">{how}</p>
            <p class="final">"Final score: " <strong data-testid="final-score">{score}</strong></p>
            {(leftover != 0).then(|| view! { <p>"Tiles left on your rack: " {leftover} " points"</p> })}
            <p class="rank">"Rank: " <strong>{Rank::from_score(score).name()}</strong></p>
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

#[component]
fn PassAndPlayResults() -> impl IntoView {
    let table = expect_context::<Store>();
    let (headline, how, rows) = table
        .with_session_untracked(|s| {
            s.map(|s| {
                let g = s.game();
                let winners = g.winners().unwrap_or_default();
                let names: Vec<String> = winners.iter().map(|w| seat_name(g, *w)).collect();
                let headline = match names.as_slice() {
                    [one] => format!("{one} wins!"),
                    [] => "No winner".to_string(),
                    many => format!("A tie between {}", many.join(" and ")),
                };
                let how = g.ending_text().unwrap_or_default();
                let rows: Vec<(String, i32, i32, bool)> = (0..g.players().len())
                    .map(|seat| {
                        (
                            seat_name(g, seat),
                            g.leftovers().get(seat).copied().unwrap_or(0),
                            g.scores().get(seat).copied().unwrap_or(0),
                            winners.contains(&seat),
                        )
                    })
                    .collect();
                (headline, how, rows)
            })
        })
        .unwrap_or_default();
    let rows_html = rows
        .into_iter()
        .map(|(name, leftover, score, won)| {
            let adj = if leftover > 0 {
                format!("+{leftover}")
            } else {
                leftover.to_string()
            };
            format!(
                "<tr{}><td class=\"name\">{}</td><td class=\"num\" data-testid=\"leftover\">\
                 {adj}</td><td class=\"num\" data-testid=\"final\">{score}</td></tr>",
                if won { " class=\"won\"" } else { "" },
                escape(&name)
            )
        })
        .collect::<String>();
    view! {
        <div class="results" role="region" aria-label="Results">
            <h2 data-testid="winner">{headline}</h2>
            <p class="how">{how}</p>
            <table class="scores">
                <thead>
                    <tr><th>"Player"</th><th>"Leftover"</th><th>"Final score"</th></tr>
                </thead>
                // escaped HTML (names are a person's text): data, not a view's code
                <tbody inner_html=rows_html></tbody>
            </table>
            <div class="controls" hidden=asking(table, Place::Rematch)>
                <button class="btn primary" on:click=table.on_tap_store(Store::rematch)>"Rematch"</button>
                <button class="btn" on:click=table.on_tap_store(Store::leave)>"New game"</button>
                <button class="btn quiet" on:click=table.on_tap_store(Store::export)>"Export game"</button>
            </div>
            <ReplaceConfirm place=Place::Rematch />
        </div>
    }
}
