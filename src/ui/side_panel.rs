//! Solitaire's side panel: score, rank and the next one, formulas, exchanges, best play.

use super::Store;
use crate::session::Session;
use leptos::prelude::*;
use molscrab_engine::rank::Rank;
use molscrab_engine::referee::Mode;

fn score(s: &Session) -> i32 {
    s.game().scores().first().copied().unwrap_or(0)
}

/// The bench's figures as HTML: the engine's numbers and fixed words only (no person's text).
/// One string read again on each change and set only when it differs (tachys compares): less
/// wasm than a view of fourteen elements.
fn stats_html(s: &Session) -> String {
    let g = s.game();
    let score = score(s);
    let stats = g.bench_stats(0);
    let next = match (Rank::from_score(score).next(), Rank::points_to_next(score)) {
        (Some((next, _)), Some(points)) => format!("{points} to {}", next.name()),
        _ => "Top rank reached".to_string(),
    };
    let best = stats.best_play.map_or("—".to_string(), |b| b.to_string());
    let mut html = format!(
        "<dt>Score</dt><dd data-testid=\"score\">{score}</dd>\
         <dt>Rank</dt><dd>{}</dd>\
         <dt>Next rank</dt><dd>{next}</dd>\
         <dt>Formulas played</dt><dd>{}</dd>\
         <dt>Exchanges left</dt><dd data-testid=\"exchanges-left\">{}</dd>\
         <dt>Best single play</dt><dd>{best}</dd>",
        Rank::from_score(score).name(),
        stats.formulas_played,
        g.exchanges_left().unwrap_or(0),
    );
    if g.mode() == Mode::Theory {
        html.push_str(&format!(
            "<dt>Hypothetical molecules</dt><dd>{}</dd>",
            stats.hypotheticals
        ));
    }
    html
}

#[component]
pub fn SidePanel() -> impl IntoView {
    let table = expect_context::<Store>();
    view! {
        <section class="panel side" aria-label="Your bench">
            <h2>"Your bench"</h2>
            <dl class="stats" inner_html=table.text(stats_html)></dl>
        </section>
    }
}
