//! Solitaire's side panel: score, rank and the next one, formulas, exchanges, best play.

use super::Table;
use crate::engine::game::Rank;
use crate::engine::referee::Mode;
use leptos::prelude::*;

#[component]
pub fn SidePanel() -> impl IntoView {
    let table = expect_context::<Table>();
    let facts = move || {
        table.session.with(|s| {
            s.as_ref().map(|s| {
                let g = &s.game;
                let score = g.scores().first().copied().unwrap_or(0);
                (
                    score,
                    g.bench_stats(0),
                    g.exchanges_left().unwrap_or(0),
                    g.mode(),
                )
            })
        })
    };
    move || {
        facts().map(|(score, stats, exchanges, mode)| {
            let rank = Rank::from_score(score);
            let next = match rank.next() {
                Some((next, at)) => format!("{} to {}", at - score, next.name()),
                None => "Top rank reached".to_string(),
            };
            view! {
                <section class="panel side" aria-label="Your bench">
                    <h2>"Your bench"</h2>
                    <dl class="stats">
                        <dt>"Score"</dt><dd data-testid="score">{score}</dd>
                        <dt>"Rank"</dt><dd>{rank.name()}</dd>
                        <dt>"Next rank"</dt><dd>{next}</dd>
                        <dt>"Formulas played"</dt><dd>{stats.formulas_played}</dd>
                        <dt>"Exchanges left"</dt><dd data-testid="exchanges-left">{exchanges}</dd>
                        <dt>"Best single play"</dt><dd>{stats.best_play.map_or("—".to_string(), |b| b.to_string())}</dd>
                        {(mode == Mode::Theory).then(|| view! {
                            <dt>"Hypothetical molecules"</dt><dd>{stats.hypotheticals}</dd>
                        })}
                    </dl>
                </section>
            }
        })
    }
}
