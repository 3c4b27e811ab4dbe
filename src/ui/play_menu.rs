//! The Play tab: start, resume or import Solitaire and Pass and Play, Theory Mode, personal bests.

use super::transfer;
use super::Store;
use crate::table::Table;
use leptos::prelude::*;
use molscrab_engine::markup::escape;
use molscrab_engine::players::pass_and_play_names;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;
use std::fmt::Write;

/// The names' fields, written once as HTML (a view of four inputs costs ~2 KB of wasm); Start
/// reads them (`dom::take_field`).
const NAMES: &str = "<label class=\"name-field\"><span>Player 1</span><input id=\"pnp-name-0\" \
    maxlength=\"40\" autocomplete=\"off\" placeholder=\"Name\"></label><label \
    class=\"name-field\"><span>Player 2</span><input id=\"pnp-name-1\" maxlength=\"40\" \
    autocomplete=\"off\" placeholder=\"Name\"></label><label class=\"name-field\"><span>Player \
    3</span><input id=\"pnp-name-2\" maxlength=\"40\" autocomplete=\"off\" \
    placeholder=\"(optional)\"></label><label class=\"name-field\"><span>Player 4</span><input \
    id=\"pnp-name-3\" maxlength=\"40\" autocomplete=\"off\" placeholder=\"(optional)\"></label>";

#[component]
pub fn PlayMenu() -> impl IntoView {
    let table = expect_context::<Store>();
    let theory = RwSignal::new(true);
    let form_error = RwSignal::new(None::<String>);
    let saved_solitaire = move || table.saved(Kind::Solitaire).is_some();
    let saved_pnp = move || table.saved(Kind::PassAndPlay);

    let start_pnp = move |_| {
        let inputs: Vec<String> = (0..4)
            .map(|i| super::dom::take_field(&format!("pnp-name-{i}"), false))
            .collect();
        match pass_and_play_names(&inputs) {
            Ok(players) => {
                form_error.set(None);
                table.start_pass_and_play(theory.get_untracked(), players);
                super::focus::mend();
            }
            Err(e) => form_error.set(Some(e.to_string())),
        }
    };

    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        transfer::read_chosen_file(&input, move |name, text| {
            table.import(&name, text);
            super::focus::mend();
        });
    };

    view! {
        <div class="menu">
            // one HTML string (words escaped) and its Dismiss: less wasm than a view per notice
            <div
                inner_html=move || table.read(notices_html)
                on:click=move |ev| {
                    if super::card::data_of(&ev, "data-dismiss").is_some() {
                        table.dismiss_notices();
                        super::focus::mend();
                    }
                }
            ></div>
            <label class="theory">
                <input
                    type="checkbox"
                    prop:checked=move || theory.get()
                    on:change=move |ev| theory.set(event_target_checked(&ev))
                />
                " Theory Mode "
                <span class="hint">"— any molecule you could draw counts, in any order. Off: Standard Mode, the 42 card formulas in card order."</span>
            </label>
            <div class="cards">
                <section class="card-panel" aria-labelledby="solo-h">
                    <h2 id="solo-h">"Solitaire"</h2>
                    <p>"Practise at your own bench: score as much as you can from one bag, with three exchanges."</p>
                    <div class="controls" hidden=asking(table, Place::Solitaire)>
                        <button class="btn primary" on:click=move |_| { table.start_solitaire(theory.get_untracked()); super::focus::mend(); }>
                            "Start solitaire"
                        </button>
                        <button
                            class="btn"
                            hidden=move || !saved_solitaire()
                            on:click=table.on_tap_store(|t| t.resume(Kind::Solitaire))
                        >
                            "Resume game"
                        </button>
                    </div>
                    <ReplaceConfirm place=Place::Solitaire />
                </section>
                <section class="card-panel" aria-labelledby="pnp-h">
                    <h2 id="pnp-h">"Pass and Play"</h2>
                    <p>"2–4 players share this device. Players 3 and 4 may stay blank."</p>
                    <div class="names" inner_html=NAMES></div>
                    {move || form_error.get().map(|e| view! { <p class="notice refused" role="alert">{e}</p> })}
                    <div class="controls" hidden=asking(table, Place::PassAndPlay)>
                        <button class="btn primary" on:click=start_pnp>"Start pass and play"</button>
                        {move || saved_pnp().map(|r| {
                            let who = r.game.players().join(", ");
                            view! {
                                <button class="btn" on:click=table.on_tap_store(|t| t.resume(Kind::PassAndPlay))>
                                    "Resume pass and play"
                                </button>
                                <span class="hint">{who}</span>
                            }
                        })}
                    </div>
                    <ReplaceConfirm place=Place::PassAndPlay />
                </section>
            </div>
            <section class="card-panel" aria-labelledby="import-h">
                <h2 id="import-h">"Import a game"</h2>
                <p>"Open a game saved with Export game (a .json file). It becomes your saved game of its kind."</p>
                <div class="controls" hidden=asking(table, Place::Import)>
                    <label class="btn file">
                        "Choose a file…"
                        <input type="file" accept=".json,application/json" aria-label="Import a game from a file" on:change=import />
                    </label>
                </div>
                {move || table.read(|t| t.import_error().map(ToString::to_string)).map(|e| view! { <p class="notice refused" role="alert">{e}</p> })}
                <ReplaceConfirm place=Place::Import />
            </section>
            <section class="card-panel bests" aria-labelledby="bests-h">
                <h2 id="bests-h">"Personal bests"</h2>
                <table class="scores">
                    <thead><tr><th>"Solitaire"</th><th>"Best score"</th><th>"Best single play"</th></tr></thead>
                    <tbody inner_html=move || table.read(bests_html)></tbody>
                </table>
            </section>
        </div>
    }
}

/// The Play tab's messages about this device's saves: what each means first, the reader's
/// words behind "Details", and Dismiss. Empty when there are none.
fn notices_html(t: &Table) -> String {
    if t.notices().is_empty() {
        return String::new();
    }
    let mut html = String::from("<div class=\"notice refused\" role=\"alert\">");
    for n in t.notices() {
        let _ = write!(html, "<p>{}</p>", escape(&n.headline()));
        let detail = n.detail();
        if !detail.is_empty() {
            let _ = write!(
                html,
                "<details class=\"detail\"><summary>Details</summary><p>{}</p></details>",
                escape(&detail)
            );
        }
    }
    html.push_str("<button class=\"btn quiet\" data-dismiss>Dismiss</button></div>");
    html
}

/// The personal bests' rows, one per mode.
fn bests_html(t: &Table) -> String {
    let show = |n: Option<i32>| n.map_or("—".to_string(), |n| n.to_string());
    let mut html = String::new();
    for (mode, name, code) in [
        (Mode::Theory, "Theory Mode", "theory"),
        (Mode::Standard, "Standard Mode", "standard"),
    ] {
        let best = t.bests().get(mode);
        let _ = write!(
            html,
            "<tr><td>{name}</td><td class=\"num\" data-testid=\"best-score-{code}\">{}</td>\
             <td class=\"num\">{}</td></tr>",
            show(best.score),
            show(best.play)
        );
    }
    html
}

/// Where "Replace your saved game?" is asked: beside the button that led to it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Solitaire,
    PassAndPlay,
    Import,
    /// On a finished game's results, for its rematch.
    Rematch,
}

/// Whether the question is being asked at `place`: one closure type for every `hidden=`.
pub(super) fn asking(table: Store, place: Place) -> impl Fn() -> bool + Copy + Send + Sync {
    move || {
        table.read(|t| {
            t.replacing().is_some_and(|r| {
                place
                    == match (r.from_file, r.session.game().kind()) {
                        // a rematch asks on the results, which stay on screen meanwhile
                        _ if t.session().is_some() => Place::Rematch,
                        (true, _) => Place::Import,
                        (false, Kind::Solitaire) => Place::Solitaire,
                        (false, Kind::PassAndPlay) => Place::PassAndPlay,
                    }
            })
        })
    }
}

/// "Replace your saved game? It will be lost." Built once per place and hidden, like End
/// game's question.
#[component]
pub(super) fn ReplaceConfirm(place: Place) -> impl IntoView {
    let table = expect_context::<Store>();
    let asks = asking(table, place);
    let question = move || {
        table.read(|t| match t.replacing().map(|r| r.session.game().kind()) {
            Some(Kind::PassAndPlay) => "Replace your saved Pass and Play game? It will be lost.",
            _ => "Replace your saved Solitaire game? It will be lost.",
        })
    };
    view! {
        <div class="controls confirm" role="alertdialog" aria-label="Replace your saved game?" hidden=move || !asks()>
            <p>{question}</p>
            <button class="btn danger" on:click=table.on_tap_store(Store::confirm_replace)>
                {if place == Place::Import { "Open imported game" } else { "Start new game" }}
            </button>
            <button class="btn" on:click=table.on_tap_store(Store::keep_save)>
                "Keep it"
            </button>
        </div>
    }
}
