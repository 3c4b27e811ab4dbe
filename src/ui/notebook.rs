//! The lab notebook: every turn, newest first, with formulas, scores, bonuses and tags.
//!
//! A memo of the entries, worked out from the game natively ([`entries`]), shown as a keyed
//! list: a new turn adds its row at the top and the rows already on the page stay as they are
//! (a long game's notebook written again was most of a Submit's work on a phone). A formula is
//! a button that opens its card.

use super::drawn::{redrawn, IntoDrawn};
use super::hindsight::HindsightView;
use super::text::{minus, seat_name};
use super::Store;
use crate::session::Session;
use leptos::prelude::*;
use molscrab_engine::display;
use molscrab_engine::turn::TurnKind;

/// A formula's line in an entry.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Formula {
    /// Its tiles' symbols, separated by spaces: what its card is asked about.
    tiles: String,
    /// As the notebook shows it: its name, or the formula written out.
    label: String,
    score: i32,
    /// The tag's class and word (Card, Documented, Hypothetical …).
    tag: (&'static str, &'static str),
}

/// A turn's entry.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Entry {
    /// The turn's number, from 1.
    n: usize,
    who: String,
    /// What the turn did ("scored 12", "passed" …).
    what: String,
    hinted: bool,
    formulas: Vec<Formula>,
    /// The bonuses' names, joined ("" for none).
    bonus: String,
}

/// The entry of the game's turn `i` (from 0). The documented names the engine's worker found
/// for formulas off the card show as names, tagged Documented; the rest stay Hypothetical.
fn entry(s: &Session, i: usize) -> Entry {
    let g = s.game();
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
            left if left < 0 => {
                format!("ended the game ({} for the tiles left)", minus(left))
            }
            _ => "ended the game".to_string(),
        },
    };
    let formulas = t
        .formulas
        .iter()
        .map(|f| {
            let name = s.documented_name(&f.tiles);
            let shown = display::shown(&f.tiles, f.known, f.charge, name);
            Formula {
                tiles: molscrab_engine::referee::spaced(&f.tiles),
                label: shown.label.to_string(),
                score: f.score,
                tag: (shown.tag.code(), shown.tag.word()),
            }
        })
        .collect();
    Entry {
        n: i + 1,
        who: seat_name(g, t.seat),
        what,
        hinted: g.hinted_before(i),
        formulas,
        bonus: t.bonus_names().join(", "),
    }
}

/// The notebook's entries worked out so far, oldest first, and what they were made from (the
/// game's seed, the names found).
type Kept = (Option<(u64, usize)>, Vec<Entry>);

/// A turn's entry on the page.
fn entry_view(store: Store, entry: Entry) -> impl IntoView {
    view! {
        <li class="entry">
            <div class="entry-head">
                <span class="n">{entry.n}"."</span>
                <span class="who">{entry.who}</span>" "
                <span class="what">{entry.what}</span>
                {entry.hinted.then(|| view! { " "<span class="tag hint">"hint"</span> })}
            </div>
            {(!entry.formulas.is_empty()).then(|| view! {
                <ul class="formulas">
                    {entry.formulas.into_iter().map(|f| {
                        let tiles = f.tiles.clone();
                        view! {
                            <li>
                                <button class="formula" aria-haspopup="dialog" data-tiles=f.tiles
                                    on:click=move |_| {
                                        store.explain(tiles.clone());
                                        super::focus::dialog_opened(".formula-card button");
                                    }>
                                    {f.label}
                                </button>
                                " "<span class="score">{f.score}</span>" "
                                <span class=format!("tag {}", f.tag.0)>{f.tag.1}</span>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            })}
            {(!entry.bonus.is_empty()).then(|| view! { <p class="bonus">{entry.bonus}</p> })}
        </li>
    }
}

#[component]
pub fn Notebook() -> impl IntoView {
    let store = expect_context::<Store>();
    // what the entries are made of, cheap to read at every change of the session (each tap):
    // the game, its turns and the names found; the entries themselves (every formula's label
    // written: ~7 ms a tap late in a game, on this machine at full speed) are worked out again
    // only when that changes
    let made_of = Memo::new(move |_| {
        store.with_session(|s| {
            s.map(|s| {
                let g = s.game();
                let last = g.turns().last().map(|t| (t.seat, t.score));
                (g.seed(), g.turns().len(), last, s.names_found())
            })
        })
    });
    // the entries worked out so far, oldest first: a Submit adds its turn's entry alone, and
    // the list starts again when the game, or the names found, are not those it was made from
    let kept: StoredValue<Kept> = StoredValue::new((None, Vec::new()));
    let shown = Memo::new(move |_| {
        // read, not only tracked: a memo never read has not yet subscribed to the session
        made_of.with(|_| ());
        store.with_session_untracked(|s| {
            let Some(s) = s else {
                return Vec::new();
            };
            let made = Some((s.game().seed(), s.names_found()));
            let turns = s.game().turns().len();
            kept.update_value(|(from, list)| {
                // the same game: its last kept turn reads as it did
                let same = *from == made
                    && list.len() <= turns
                    && list
                        .last()
                        .is_none_or(|last| *last == entry(s, list.len() - 1));
                if !same {
                    *from = made;
                    list.clear();
                }
                for i in list.len()..turns {
                    list.push(entry(s, i));
                }
            });
            kept.with_value(|(_, list)| list.iter().rev().cloned().collect())
        })
    });
    let empty = Memo::new(move |_| shown.with(Vec::is_empty));
    let over = store.flag(|s| s.game().is_over());
    view! {
        <section class="panel notebook" aria-label="Lab notebook">
            <div class="panel-head">
                <h2>"Lab notebook"</h2>
                <button class="btn quiet" hidden=move || !over() aria-pressed=move || store.hindsight_on().to_string()
                    on:click=store.on_tap_store(Store::toggle_hindsight)>
                    "Hindsight"
                </button>
            </div>
            <div class="notebook-body" hidden=move || store.hindsight_on()>
                {redrawn(Box::new(move || empty.get().then(|| view! { <p class="empty">"No turns yet."</p> }).drawn()))}
                <ol class="turns" hidden=empty>
                    // keyed by the whole entry: a new turn adds its row, a name found rewrites
                    // its own row, and the rest stay
                    <For each=move || shown.get() key=|entry| entry.clone() children=move |entry| entry_view(store, entry) />
                </ol>
            </div>
            <HindsightView />
        </section>
    }
}
