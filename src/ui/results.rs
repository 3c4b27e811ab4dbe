//! The end of a game: Solitaire's final score and rank, or Pass and Play's results.
//!
//! A finished game does not change: the results are one escaped HTML string (names are what
//! players typed) and the buttons another, whose `data-act` the game screen's one delegated
//! click handler reads (`ui/action.rs`).

use super::markup::{self, html, Html};
use super::play_menu::{question_html, Place};
use super::text::{minus, seat_name};
use super::Store;
use crate::table::Table;
use leptos::prelude::*;
use molscrab_engine::game::Game;
use molscrab_engine::rank::Rank;
use molscrab_engine::record::Kind;

fn hints_line(n: usize) -> Html {
    match n {
        0 => Html::new(),
        1 => html!("<p class=\"hints-used\">Played with 1 hint.</p>"),
        n => html!("<p class=\"hints-used\">Played with {} hints.</p>", n),
    }
}

/// Solitaire's end: final score, tiles left, rank, the personal best line, hints used.
fn solitaire_html(g: &Game, t: &Table) -> Html {
    let score = g.scores().first().copied().unwrap_or(0);
    let leftover = g.leftovers().first().copied().unwrap_or(0);
    let mut html = html!(
        "<h2>Game over</h2><p class=\"how\">{}</p><p class=\"final\">Final score: <strong \
         data-testid=\"final-score\">{}</strong></p>",
        g.ending_text().unwrap_or_default(),
        minus(score)
    );
    if leftover != 0 {
        html.push(&html!(
            "<p>Tiles left on your rack: {} points</p>",
            minus(leftover)
        ));
    }
    let hinted = g.hints_per_seat().first().is_some_and(|&n| n > 0);
    let best = match t.solitaire_end() {
        // a game with hints is kept apart (the bests' "with hints" column)
        Some(b) if hinted => format!(
            "Played with hints, so kept apart from your personal best ({}).",
            b.previous_best.map_or("—".to_string(), minus)
        ),
        Some(b) if b.new_best => match b.previous_best {
            Some(prev) => format!("A new personal best! (previous best {})", minus(prev)),
            None if score > 0 => "A new personal best!".to_string(),
            None => format!(
                "Your first finished game sets your personal best: {}.",
                minus(score)
            ),
        },
        Some(b) => format!(
            "Your personal best is still {}.",
            b.previous_best.map_or("—".to_string(), minus)
        ),
        None => String::new(),
    };
    html.push(&html!(
        "<p class=\"rank\">Rank: <strong>{}</strong></p><p class=\"best\" \
         data-testid=\"best-line\">{}</p>{}",
        Rank::from_score(score).name(),
        best,
        hints_line(g.hints_per_seat().first().copied().unwrap_or(0))
    ));
    html
}

/// Pass and Play's results: the winner(s), and each player's leftover and final score.
fn pass_and_play_html(g: &Game) -> Html {
    let winners = g.winners().unwrap_or_default();
    let names: Vec<String> = winners.iter().map(|w| seat_name(g, *w)).collect();
    let headline = match names.as_slice() {
        [one] if one == molscrab_engine::players::SOLITAIRE_PLAYER => "You win!".to_string(),
        [one] => format!("{one} wins!"),
        [] => "No winner".to_string(),
        many => format!("A tie between {}", many.join(" and ")),
    };
    let mut html = html!(
        "<h2 data-testid=\"winner\">{}</h2><p class=\"how\">{}</p><table class=\"scores\">\
         <thead><tr><th>Player</th><th>Leftover</th><th>Final score</th></tr></thead><tbody>",
        headline,
        g.ending_text().unwrap_or_default()
    );
    for seat in 0..g.players().len() {
        let leftover = g.leftovers().get(seat).copied().unwrap_or(0);
        // the notebook's minus sign, not a hyphen
        let adj = match leftover {
            n if n > 0 => format!("+{n}"),
            n => minus(n),
        };
        let won = if winners.contains(&seat) {
            html!(" class=\"won\"")
        } else {
            Html::new()
        };
        html.push(&html!(
            "<tr{}><td class=\"name\">{}</td><td class=\"num\" data-testid=\"leftover\">{}</td>\
             <td class=\"num\" data-testid=\"final\">{}</td></tr>",
            won,
            seat_name(g, seat),
            adj,
            minus(g.scores().get(seat).copied().unwrap_or(0))
        ));
    }
    html.push_lit("</tbody></table>");
    let hints: usize = g.hints_per_seat().iter().sum();
    html.push(&hints_line(hints));
    html
}

/// The buttons under the results (Rematch, New game, Export game), or Rematch's question.
/// A table has no Rematch: a new table is opened from the Play tab.
fn buttons_html(store: Store) -> Html {
    store.read(|t| {
        if let Some(question) = question_html(t, Place::Rematch) {
            return question;
        }
        let s = t.session();
        let again = match (
            s.map(|s| s.game().kind()),
            s.is_some_and(|s| s.table().is_some()),
        ) {
            (_, true) => Html::new(),
            // a Daily Bench game again: today's bench, as practice
            _ if s.is_some_and(|s| s.daily().is_some()) => html!(
                "<button class=\"btn primary\" data-act=\"daily-again\">Play again for \
                 practice</button>"
            ),
            (Some(Kind::Solitaire), _) => {
                html!("<button class=\"btn primary\" data-act=\"rematch\">Play again</button>")
            }
            _ => html!("<button class=\"btn primary\" data-act=\"rematch\">Rematch</button>"),
        };
        html!(
            "<div class=\"controls\">{}<button class=\"btn\" data-act=\"leave\">New \
             game</button><button class=\"btn quiet\" data-act=\"export\">Export \
             game</button></div>",
            again
        )
    })
}

/// The results (one string; the buttons another, their taps go to the game's one handler).
fn results_html(store: Store) -> Html {
    // the personal best is recorded as the game ends: read with the table
    let mut html = store.read(|t| match t.session() {
        Some(s) if s.game().kind() == Kind::Solitaire => solitaire_html(s.game(), t),
        Some(s) => pass_and_play_html(s.game()),
        None => Html::new(),
    });
    // a Daily Bench game's share text, once the worker has written it
    html.push(&super::daily::share_html(store));
    html
}

#[component]
pub fn Results() -> impl IntoView {
    let store = expect_context::<Store>();
    view! {
        <div class="results" role="region" aria-label="Results">
            <div inner_html=markup::live(store.html(results_html))></div>
            <div inner_html=markup::live(store.html(buttons_html))></div>
        </div>
    }
}
