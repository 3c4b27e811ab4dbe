//! The lab notebook: every turn, newest first, with formulas, scores, bonuses and tags.
//!
//! Written as one HTML string from the game (names escaped) rather than as a view per entry:
//! the notebook is rebuilt only when a turn is added, and a string costs the wasm a fraction
//! of what an entry's view code does. A formula is a button: the notebook's one click handler
//! opens its card.

use super::store::Written;
use super::text::seat_name;
use super::Store;
use leptos::prelude::*;
use molscrab_engine::game::Game;
use molscrab_engine::markup::escape;
use molscrab_engine::referee::formula_label;
use molscrab_engine::turn::TurnKind;
use std::cell::RefCell;
use std::fmt::Write;

thread_local! {
    /// The notebook last written, and from what.
    static WRITTEN: Written = const { RefCell::new(None) };
}

/// The notebook's HTML: "No turns yet.", or the turns newest first. `named` holds the
/// documented names the engine's worker found for formulas off the card: those show their name
/// and are tagged "documented"; the rest stay Hypothetical.
pub fn notebook_html(g: &Game, named: &[(String, String)]) -> String {
    if g.turns().is_empty() {
        return "<p class=\"empty\">No turns yet.</p>".into();
    }
    let mut html = String::from("<ol class=\"turns\" reversed>");
    for (i, t) in g.turns().iter().enumerate().rev() {
        // End game's own score is 0: what it costs is the rack's points, which the engine
        // books as the player's leftover
        let what = match t.kind {
            TurnKind::Play => format!("scored {}", t.score),
            TurnKind::Exchange => format!(
                "exchanged {} tile{}",
                t.exchanged,
                if t.exchanged == 1 { "" } else { "s" }
            ),
            TurnKind::Pass => "passed".to_string(),
            TurnKind::End => match g.leftovers().get(t.seat).copied().unwrap_or(0) {
                left if left < 0 => format!("ended the game (−{} for the tiles left)", -left),
                _ => "ended the game".to_string(),
            },
        };
        let _ = write!(
            html,
            "<li class=\"entry\" value=\"{}\"><div class=\"entry-head\"><span class=\"who\">{}\
             </span> <span class=\"what\">{what}</span>{}</div>",
            i + 1,
            escape(&seat_name(g, t.seat)),
            if g.hinted_before(i) {
                " <span class=\"tag hint\">hint</span>"
            } else {
                ""
            }
        );
        if !t.formulas.is_empty() {
            html.push_str("<ul class=\"formulas\">");
            for f in &t.formulas {
                let tiles = molscrab_engine::referee::spaced(&f.tiles);
                let name = named
                    .iter()
                    .find(|(k, n)| *k == tiles && !n.is_empty())
                    .map(|(_, n)| n.as_str());
                let (label, tag) = match name {
                    _ if f.known => (
                        formula_label(&f.tiles),
                        "<span class=\"tag known\">known</span>",
                    ),
                    Some(name) => (
                        format!("{} — {name}", formula_label(&f.tiles)),
                        "<span class=\"tag documented\">documented</span>",
                    ),
                    None => (
                        formula_label(&f.tiles),
                        "<span class=\"tag hypo\">Hypothetical</span>",
                    ),
                };
                let _ = write!(
                    html,
                    "<li><button class=\"formula\" aria-haspopup=\"dialog\" data-tiles=\"{tiles}\">{}\
                     </button> <span class=\"score\">{}</span> {tag}</li>",
                    escape(&label),
                    f.score
                );
            }
            html.push_str("</ul>");
        }
        let bonus = t.bonus_names().join(", ");
        if !bonus.is_empty() {
            let _ = write!(html, "<p class=\"bonus\">{}</p>", escape(&bonus));
        }
        html.push_str("</li>");
    }
    html.push_str("</ol>");
    html
}

#[component]
pub fn Notebook() -> impl IntoView {
    let table = expect_context::<Store>();
    // the entries change only when a turn is added, another game opens or the worker names a
    // formula: a tap that lifts or places a tile hands back the HTML written before (a long
    // game's notebook, written and escaped, was most of such a tap's script)
    let html = move || {
        table.hindsight().unwrap_or_else(|| {
            table.game_html(
                &WRITTEN,
                // the turns' points too: two records with one seed and as many turns (an
                // edited file imported, say) are still told apart
                |g| {
                    let points = g.turns().iter().map(|t| i64::from(t.score)).sum::<i64>();
                    [
                        g.seed(),
                        g.players().len() as u64,
                        g.turns().len() as u64,
                        points as u64,
                    ]
                },
                notebook_html,
            )
        })
    };
    let over = table.flag(|s| s.game().is_over());
    view! {
        <section class="panel notebook" aria-label="Lab notebook" on:click=move |ev| {
            if let Some(tiles) = super::card::data_of(&ev, "data-tiles") {
                table.explain(tiles);
                super::focus::dialog_opened(".formula-card button");
            } else if let Some(moves) = super::card::data_of(&ev, "data-look") {
                let play = super::card::data_of(&ev, "data-play").unwrap_or_default();
                table.look_back(moves.parse().unwrap_or(usize::MAX), &play);
            }
        }>
            <div class="panel-head">
                <h2>"Lab notebook"</h2>
                <button class="btn quiet" hidden=move || !over() aria-pressed=move || table.hindsight().is_some().to_string()
                    on:click=table.on_tap_store(Store::toggle_hindsight)>
                    "Hindsight"
                </button>
            </div>
            <div class="notebook-body" inner_html=html></div>
        </section>
    }
}
