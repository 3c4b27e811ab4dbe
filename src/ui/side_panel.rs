//! Solitaire's side panel: score, rank and the next one, formulas, exchanges, best play, hints.
//!
//! A memo of the bench's lines from the engine's numbers, shown as a list keyed by line: a
//! Submit writes only the values that changed.

use super::Store;
use leptos::prelude::*;
use molscrab_engine::elements::Element;
use molscrab_engine::game::Game;
use molscrab_engine::rank::Rank;

/// One line of the bench: what it counts, its value, and its test id ("" for none).
type Line = (&'static str, String, &'static str);

/// The bench's lines. Hypothetical molecules count the distinct formulas off the card that
/// are not documented substances (`named`: what the engine's worker found, see
/// `Session::named`).
fn bench_lines(g: &Game, named: &[(String, String)]) -> Vec<Line> {
    let score = g.scores().first().copied().unwrap_or(0);
    let stats = g.seat_stats(0);
    let next = match (Rank::from_score(score).next(), Rank::points_to_next(score)) {
        (Some((next, _)), Some(points)) => format!("{points} to {}", next.name()),
        _ => "Top rank reached".to_string(),
    };
    let best = stats.best_play.map_or("—".to_string(), |b| b.to_string());
    let exchanges = g.exchanges_left().unwrap_or(0).to_string();
    let mut lines = vec![
        ("Score", super::text::minus(score), "score"),
        ("Rank", Rank::from_score(score).name().to_string(), ""),
        ("Next rank", next, ""),
        ("Formulas played", stats.formulas_played.to_string(), ""),
        ("Exchanges left", exchanges, "exchanges-left"),
        ("Best single play", best, ""),
    ];
    if g.mode().by_valency() {
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
        lines.push((
            "Hypothetical molecules",
            hypothetical.to_string(),
            "hypotheticals",
        ));
    }
    let hints = g.hints_per_seat().first().copied().unwrap_or(0);
    if hints > 0 {
        lines.push(("Hints used", hints.to_string(), "hints-used"));
    }
    lines
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
    let store = expect_context::<Store>();
    // the lines as they are now; a tap that changes no value changes nothing on screen
    let lines = Memo::new(move |_| {
        store.read(|t| {
            let lines = t.session().map(|s| bench_lines(s.game(), s.named()));
            lines.unwrap_or_default()
        })
    });
    view! {
        <section class="panel side" aria-label="Your bench">
            <h2>"Your bench"</h2>
            <dl class="stats">
                // keyed by the line: a Submit writes only the values that changed, into the
                // elements already there
                <For
                    each=move || lines.get()
                    key=|line| line.0
                    children=move |(label, _, id)| {
                        let value = move || lines.with(|l| {
                            l.iter().find(|l| l.0 == label).map(|l| l.1.clone()).unwrap_or_default()
                        });
                        view! {
                            <dt>{label}</dt>
                            <dd data-testid=(!id.is_empty()).then_some(id)>{value}</dd>
                        }
                    }
                />
            </dl>
        </section>
    }
}
