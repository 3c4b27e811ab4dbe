//! Solitaire's side panel: score, rank and the next one, formulas, exchanges, best play, hints.
//!
//! One HTML string from the engine's numbers (nothing a player typed), rebuilt when the game
//! changes: far less wasm than a view per line.

use super::Store;
use leptos::prelude::*;
use molscrab_engine::elements::Element;
use molscrab_engine::game::Game;
use molscrab_engine::rank::Rank;
use molscrab_engine::referee::Mode;

/// The bench's lines, as a definition list's items. Hypothetical molecules count the distinct
/// formulas off the card that are not documented substances (`named`: what the engine's
/// worker found, see `Store::named`).
pub fn bench_html(g: &Game, named: &[(String, String)]) -> String {
    let score = g.scores().first().copied().unwrap_or(0);
    let stats = g.bench_stats(0);
    let next = match (Rank::from_score(score).next(), Rank::points_to_next(score)) {
        (Some((next, _)), Some(points)) => format!("{points} to {}", next.name()),
        _ => "Top rank reached".to_string(),
    };
    let best = stats.best_play.map_or("—".to_string(), |b| b.to_string());
    let mut html = format!(
        "<dt>Score</dt><dd data-testid=\"score\">{}</dd><dt>Rank</dt><dd>{}</dd>\
         <dt>Next rank</dt><dd>{next}</dd><dt>Formulas played</dt><dd>{}</dd>\
         <dt>Exchanges left</dt><dd data-testid=\"exchanges-left\">{}</dd>\
         <dt>Best single play</dt><dd>{best}</dd>",
        super::text::minus(score),
        Rank::from_score(score).name(),
        stats.formulas_played,
        g.exchanges_left().unwrap_or(0)
    );
    if g.mode() == Mode::Theory {
        let documented = named
            .iter()
            .filter(|(_, name)| !name.is_empty())
            .map(|(tiles, _)| multiset(tiles.split(' ').filter_map(Element::from_symbol)))
            .collect::<Vec<_>>();
        let mut played = Vec::new();
        for f in g
            .turns()
            .iter()
            .filter(|t| t.seat == 0)
            .flat_map(|t| &t.formulas)
        {
            let key = multiset(f.tiles.iter().copied());
            if !f.known && !played.contains(&key) {
                played.push(key);
            }
        }
        let hypothetical = played.iter().filter(|k| !documented.contains(k)).count();
        html.push_str(&format!(
            "<dt>Hypothetical molecules</dt><dd data-testid=\"hypotheticals\">{hypothetical}</dd>"
        ));
    }
    let hints = g.hints_per_seat().first().copied().unwrap_or(0);
    if hints > 0 {
        html.push_str(&format!(
            "<dt>Hints used</dt><dd data-testid=\"hints-used\">{hints}</dd>"
        ));
    }
    html
}

/// The bench of the game in play ("" when there is none): a few lines, written on every
/// change of the table and put on the page only when they differ from what it shows.
fn bench(store: Store) -> String {
    store.read(|t| {
        t.session()
            .map(|s| bench_html(s.game(), &t.told.named))
            .unwrap_or_default()
    })
}

/// A formula's tiles whatever their order: how many of each element.
fn multiset(tiles: impl Iterator<Item = Element>) -> [u8; Element::COUNT] {
    let mut counts = [0u8; Element::COUNT];
    for e in tiles {
        counts[e.index()] = counts[e.index()].saturating_add(1);
    }
    counts
}

#[component]
pub fn SidePanel() -> impl IntoView {
    let table = expect_context::<Store>();
    view! {
        <section class="panel side" aria-label="Your bench">
            <h2>"Your bench"</h2>
            <dl class="stats" inner_html=table.html(bench)></dl>
        </section>
    }
}
