//! Solitaire's side panel: score, rank and the next one, formulas, exchanges, best play.

use super::Store;
use crate::session::Session;
use leptos::prelude::*;
use molscrab_engine::rank::Rank;
use molscrab_engine::referee::Mode;

fn score(s: &Session) -> i32 {
    s.game().scores().first().copied().unwrap_or(0)
}

#[component]
pub fn SidePanel() -> impl IntoView {
    let table = expect_context::<Store>();
    // a game keeps its mode, and a new game builds a new panel: no need to track it
    let theory =
        table.with_session_untracked(|s| s.is_some_and(|s| s.game().mode() == Mode::Theory));
    // fixed markup with reactive text: far less wasm than re-rendering the panel
    view! {
        <section class="panel side" aria-label="Your bench">
            <h2>"Your bench"</h2>
            <dl class="stats">
                <dt>"Score"</dt><dd data-testid="score">{table.text(|s| score(s).to_string())}</dd>
                <dt>"Rank"</dt><dd>{table.text(|s| Rank::from_score(score(s)).name().to_string())}</dd>
                <dt>"Next rank"</dt>
                <dd>
                    {table.text(|s| {
                        let score = score(s);
                        match (Rank::from_score(score).next(), Rank::points_to_next(score)) {
                            (Some((next, _)), Some(points)) => format!("{points} to {}", next.name()),
                            _ => "Top rank reached".to_string(),
                        }
                    })}
                </dd>
                <dt>"Formulas played"</dt>
                <dd>{table.text(|s| s.game().bench_stats(0).formulas_played.to_string())}</dd>
                <dt>"Exchanges left"</dt>
                <dd data-testid="exchanges-left">
                    {table.text(|s| s.game().exchanges_left().unwrap_or(0).to_string())}
                </dd>
                <dt>"Best single play"</dt>
                <dd>
                    {table.text(|s| {
                        s.game().bench_stats(0).best_play.map_or("—".to_string(), |b| b.to_string())
                    })}
                </dd>
                {theory.then(|| view! {
                    <dt>"Hypothetical molecules"</dt>
                    <dd>{table.text(|s| s.game().bench_stats(0).hypotheticals.to_string())}</dd>
                })}
            </dl>
        </section>
    }
}
