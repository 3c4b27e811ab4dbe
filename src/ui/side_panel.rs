//! Solitaire's side panel: score, rank and the next one, formulas, exchanges, best play.
//!
//! One HTML string from the game rather than a view per line: the same for the player, in a
//! fraction of the wasm.

use super::Store;
use crate::session::Session;
use leptos::prelude::*;
use molscrab_engine::rank::Rank;
use molscrab_engine::referee::Mode;

/// The bench's lines as a definition list.
pub fn bench_html(s: &Session) -> String {
    let g = s.game();
    let score = g.scores().first().copied().unwrap_or(0);
    let stats = g.bench_stats(0);
    let next = match (Rank::from_score(score).next(), Rank::points_to_next(score)) {
        (Some((next, _)), Some(points)) => format!("{points} to {}", next.name()),
        _ => "Top rank reached".to_string(),
    };
    let best = stats.best_play.map_or("—".to_string(), |b| b.to_string());
    let mut html = format!(
        "<dl class=\"stats\"><dt>Score</dt><dd data-testid=\"score\">{score}</dd><dt>Rank</dt>\
         <dd>{}</dd><dt>Next rank</dt><dd>{next}</dd><dt>Formulas played</dt><dd>{}</dd>\
         <dt>Exchanges left</dt><dd data-testid=\"exchanges-left\">{}</dd><dt>Best single \
         play</dt><dd>{best}</dd>",
        Rank::from_score(score).name(),
        stats.formulas_played,
        g.exchanges_left().unwrap_or(0),
    );
    if g.mode() == Mode::Theory {
        html.push_str("<dt>Hypothetical molecules</dt><dd>");
        html.push_str(&stats.hypotheticals.to_string());
        html.push_str("</dd>");
    }
    html.push_str("</dl>");
    html
}

#[component]
pub fn SidePanel() -> impl IntoView {
    let table = expect_context::<Store>();
    view! {
        <section class="panel side" aria-label="Your bench">
            <h2>"Your bench"</h2>
            <div inner_html=table.text(bench_html)></div>
        </section>
    }
}
