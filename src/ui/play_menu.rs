//! The Play tab: start, resume or import Solitaire and Pass and Play, Theory Mode, personal bests.

use super::transfer;
use super::Store;
use leptos::prelude::*;
use molscrab_engine::players::pass_and_play_names;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;

#[component]
pub fn PlayMenu() -> impl IntoView {
    let table = expect_context::<Store>();
    let theory = RwSignal::new(true);
    let names: [RwSignal<String>; 4] = std::array::from_fn(|_| RwSignal::new(String::new()));
    let form_error = RwSignal::new(None::<String>);
    let saved_solitaire = move || table.saved(Kind::Solitaire).is_some();
    let saved_pnp = move || table.saved(Kind::PassAndPlay);

    let start_pnp = move |_| {
        let inputs: Vec<String> = names.iter().map(|n| n.get_untracked()).collect();
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
            {move || {
                let notices = table.read(|t| t.notices().iter().map(|n| (n.headline(), n.detail())).collect::<Vec<_>>());
                (!notices.is_empty()).then(|| view! {
                    <div class="notice refused" role="alert">
                        // what it means first; the reader's words behind "Details"
                        {notices.into_iter().map(|(headline, detail)| {
                            let none = detail.is_empty();
                            view! {
                            <p>{headline}</p>
                            <details class="detail" hidden=none>
                                <summary>"Details"</summary>
                                <p>{detail}</p>
                            </details>
                        }}).collect_view()}
                        <button class="btn quiet" on:click=table.on_tap_store(Store::dismiss_notices)>"Dismiss"</button>
                    </div>
                })
            }}
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
                    <div class="names">
                        {names
                            .into_iter()
                            .enumerate()
                            .map(|(i, name)| {
                                let label = format!("Player {}", i + 1);
                                view! {
                                    <label class="name-field">
                                        <span>{label.clone()}</span>
                                        <input
                                            type="text"
                                            maxlength="40"
                                            autocomplete="off"
                                            placeholder=if i < 2 { "Name" } else { "(optional)" }
                                            aria-label=label
                                            prop:value=move || name.get()
                                            on:input=move |ev| name.set(event_target_value(&ev))
                                        />
                                    </label>
                                }
                            })
                            .collect_view()}
                    </div>
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
            <super::tables::TablesPanel />
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
                    <tbody>
                        {[Mode::Theory, Mode::Standard]
                            .into_iter()
                            .map(|mode| {
                                let best = move || table.read(|t| t.bests().get(mode));
                                let show = |n: Option<i32>| n.map_or("—".to_string(), |n| n.to_string());
                                view! {
                                    <tr>
                                        <td>{if mode == Mode::Theory { "Theory Mode" } else { "Standard Mode" }}</td>
                                        <td class="num" data-testid=format!("best-score-{}", if mode == Mode::Theory { "theory" } else { "standard" })>
                                            {move || show(best().score)}
                                        </td>
                                        <td class="num">{move || show(best().play)}</td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </section>
        </div>
    }
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
