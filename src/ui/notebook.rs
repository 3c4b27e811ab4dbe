//! The lab notebook: every turn, newest first, with formulas, scores, bonuses and tags.
//!
//! Written as HTML strings from the game (names escaped) rather than as a view per entry: a
//! string costs the wasm a fraction of what an entry's view code does. A turn added to the game
//! is written alone and put at the top of the list; the entries already on the page stay as
//! they are (a long game's notebook written again, ~22 KB of HTML parsed, styled, laid out and
//! painted anew, was most of a Submit's work on a phone). A formula is a button: the notebook's
//! one click handler opens its card.

use super::hindsight::HindsightView;
use super::markup::{self, html, Html};
use super::text::{minus, seat_name};
use super::Store;
use crate::session::Session;
use leptos::prelude::*;
use molscrab_engine::display;
use molscrab_engine::turn::TurnKind;
use std::ops::Range;

/// What the notebook's body shows.
enum Shown {
    /// The turns `..turns` of the game `key` (seed, seats, the names found), whose points add
    /// up to `points`: a game that has only added turns since gets just the new entries.
    Turns {
        key: [u64; 3],
        turns: usize,
        points: i64,
    },
    /// Other HTML: nothing, when no game is open or Hindsight shows instead.
    Html(Html),
}

/// The notebook's HTML: "No turns yet.", or the turns newest first. `named` holds the
/// documented names the engine's worker found for formulas off the card: those show their name
/// and are tagged Documented; the rest stay Hypothetical.
pub fn notebook_html(s: &Session) -> Html {
    let g = s.game();
    if g.turns().is_empty() {
        return html!("<p class=\"empty\">No turns yet.</p>");
    }
    let mut html = html!("<ol class=\"turns\">");
    entries_html(&mut html, s, 0..g.turns().len());
    html.push_lit("</ol>");
    html
}

/// The entries of the turns `turns`, newest first.
fn entries_html(html: &mut Html, s: &Session, turns: Range<usize>) {
    let g = s.game();
    for i in turns.rev() {
        let t = &g.turns()[i];
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
                left if left < 0 => format!("ended the game ({} for the tiles left)", minus(left)),
                _ => "ended the game".to_string(),
            },
        };
        let hinted = if g.hinted_before(i) {
            html!(" <span class=\"tag hint\">hint</span>")
        } else {
            Html::new()
        };
        html.push(&html!(
            "<li class=\"entry\"><div class=\"entry-head\"><span class=\"n\">{}.</span>\
             <span class=\"who\">{}</span> <span class=\"what\">{}</span>{}</div>",
            i + 1,
            seat_name(g, t.seat),
            what,
            hinted
        ));
        if !t.formulas.is_empty() {
            html.push_lit("<ul class=\"formulas\">");
            for f in &t.formulas {
                let tiles = molscrab_engine::referee::spaced(&f.tiles);
                let name = s.documented_name(&f.tiles);
                let shown = display::shown(&f.tiles, f.known, f.charge, name);
                let tag = html!(
                    "<span class=\"tag {}\">{}</span>",
                    shown.tag.code(),
                    shown.tag.word()
                );
                let label = shown.label;
                html.push(&html!(
                    "<li><button class=\"formula\" aria-haspopup=\"dialog\" data-tiles={}>{}\
                     </button> <span class=\"score\">{}</span> {}</li>",
                    tiles,
                    label,
                    f.score,
                    tag
                ));
            }
            html.push_lit("</ul>");
        }
        let bonus = t.bonus_names().join(", ");
        if !bonus.is_empty() {
            html.push(&html!("<p class=\"bonus\">{}</p>", bonus));
        }
        html.push_lit("</li>");
    }
}

/// Writes the notebook into `body`: only the entries of turns added since the last write when
/// the game is the same and its earlier turns unchanged, else the whole of it.
fn write(body: &web_sys::Element, store: Store, shown: &mut Option<Shown>) {
    if store.hindsight_on() {
        return show_html(body, Html::new(), shown);
    }
    store.read(|t| {
        let Some(s) = t.session() else {
            return show_html(body, Html::new(), shown);
        };
        let (g, named) = (s.game(), s.named());
        // the names only grow: a formula is noted as asked (no name yet), then its name is
        // filled in once; only a name found changes what an entry says
        let found = named.iter().filter(|(_, name)| !name.is_empty()).count();
        let letters: usize = named.iter().map(|(_, name)| name.len()).sum();
        let key = [
            g.seed(),
            g.players().len() as u64,
            ((found as u64) << 32) + letters as u64,
        ];
        let turns = g.turns().len();
        let points = |n: usize| {
            g.turns()[..n]
                .iter()
                .map(|t| i64::from(t.score))
                .sum::<i64>()
        };
        match shown {
            Some(Shown::Turns {
                key: k,
                turns: n,
                points: p,
            }) if *k == key && (1..=turns).contains(n) && points(*n) == *p => {
                if *n < turns {
                    let mut html = Html::new();
                    entries_html(&mut html, s, *n..turns);
                    if let Some(list) = body.first_element_child() {
                        markup::prepend(&list, &html);
                    }
                }
            }
            _ => markup::set(body, &notebook_html(s)),
        }
        *shown = Some(Shown::Turns {
            key,
            turns,
            points: points(turns),
        });
    });
}

/// Shows `html` (nothing) in the notebook's body, unless it shows it already.
fn show_html(body: &web_sys::Element, html: Html, shown: &mut Option<Shown>) {
    if !matches!(shown, Some(Shown::Html(was)) if *was == html) {
        markup::set(body, &html);
        *shown = Some(Shown::Html(html));
    }
}

#[component]
pub fn Notebook() -> impl IntoView {
    let store = expect_context::<Store>();
    let body = NodeRef::<leptos::html::Div>::new();
    // runs on every change of the table, but a tap that lifts or places a tile compares a few
    // numbers and writes nothing; a new turn writes its entry alone
    let mut shown = None;
    let effect = RenderEffect::new(move |_| {
        if let Some(body) = body.get() {
            write(&body, store, &mut shown);
        }
    });
    on_cleanup(move || drop(effect));
    let over = store.flag(|s| s.game().is_over());
    view! {
        <section class="panel notebook" aria-label="Lab notebook" on:click=move |ev| {
            if let Some(tiles) = super::card::data_of(&ev, "data-tiles") {
                store.explain(tiles);
                super::focus::dialog_opened(".formula-card button");
            }
        }>
            <div class="panel-head">
                <h2>"Lab notebook"</h2>
                <button class="btn quiet" hidden=move || !over() aria-pressed=move || store.hindsight_on().to_string()
                    on:click=store.on_tap_store(Store::toggle_hindsight)>
                    "Hindsight"
                </button>
            </div>
            <div class="notebook-body" node_ref=body hidden=move || store.hindsight_on()></div>
            <HindsightView />
        </section>
    }
}
