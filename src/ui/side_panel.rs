//! Solitaire's side panel: score, rank and the next one, formulas, exchanges, best play, hints.
//!
//! One HTML string from the engine's numbers (nothing a player typed), written when the lines
//! change, and only the values that changed when the lines stay: far less wasm than a view per
//! line.

use super::markup::{self, html, Html};
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

/// The lines as a definition list's items (numbers and the engine's names: nothing a player
/// typed).
fn bench_html(lines: &[Line]) -> Html {
    let mut html = Html::new();
    for (label, value, id) in lines {
        let id = if id.is_empty() {
            Html::new()
        } else {
            html!(" data-testid={}", id)
        };
        html.push(&html!("<dt>{}</dt><dd{}>{}</dd>", label, id, value));
    }
    html
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
    let stats = NodeRef::<leptos::html::Dl>::new();
    // the lines as they were: when only values changed (a Submit), just those values are
    // written and the list's elements stay (new ones are styled and laid out afresh)
    let mut shown: Vec<Line> = Vec::new();
    let effect = RenderEffect::new(move |_| {
        let now = store.read(|t| {
            let lines = t.session().map(|s| bench_lines(s.game(), s.named()));
            lines.unwrap_or_default()
        });
        // not on the page yet: written in full once it is
        let Some(dl) = stats.get() else {
            return shown.clear();
        };
        if shown == now {
            return;
        }
        let same_lines =
            shown.len() == now.len() && shown.iter().zip(&now).all(|(a, b)| a.0 == b.0);
        if !same_lines {
            markup::set(&dl, &bench_html(&now));
        } else {
            let values = dl.get_elements_by_tag_name("dd");
            for (i, (line, was)) in now.iter().zip(&shown).enumerate() {
                if line.1 != was.1 {
                    if let Some(dd) = values.item(i as u32) {
                        dd.set_text_content(Some(&line.1));
                    }
                }
            }
        }
        shown = now;
    });
    on_cleanup(move || drop(effect));
    view! {
        <section class="panel side" aria-label="Your bench">
            <h2>"Your bench"</h2>
            <dl class="stats" node_ref=stats></dl>
        </section>
    }
}
