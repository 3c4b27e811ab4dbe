//! The Play tab: start or resume Solitaire and Pass and Play, Theory Mode, personal bests.

use super::Table;
use crate::engine::record::{pass_and_play_names, Kind};
use crate::engine::referee::Mode;
use leptos::prelude::*;

#[component]
pub fn PlayMenu() -> impl IntoView {
    let table = expect_context::<Table>();
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
            }
            Err(e) => form_error.set(Some(e.to_string())),
        }
    };

    view! {
        <div class="menu">
            {move || {
                let notices = table.notices.get();
                (!notices.is_empty()).then(|| view! {
                    <div class="notice refused" role="alert">
                        {notices.into_iter().map(|n| view! { <p>{n}</p> }).collect_view()}
                        <button class="btn quiet" on:click=table.on_tap_table(|t| t.notices.set(Vec::new()))>"Dismiss"</button>
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
                    <div class="controls">
                        <button class="btn primary" on:click=move |_| table.start_solitaire(theory.get_untracked())>
                            "Start solitaire"
                        </button>
                        <button
                            class="btn"
                            hidden=move || !saved_solitaire()
                            on:click=table.on_tap_table(|t| t.resume(Kind::Solitaire))
                        >
                            "Resume game"
                        </button>
                    </div>
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
                    <div class="controls">
                        <button class="btn primary" on:click=start_pnp>"Start pass and play"</button>
                        {move || saved_pnp().map(|r| {
                            let who = r.players.join(", ");
                            view! {
                                <button class="btn" on:click=table.on_tap_table(|t| t.resume(Kind::PassAndPlay))>
                                    "Resume pass and play"
                                </button>
                                <span class="hint">{who}</span>
                            }
                        })}
                    </div>
                </section>
            </div>
            <section class="card-panel bests" aria-labelledby="bests-h">
                <h2 id="bests-h">"Personal bests"</h2>
                <table class="scores">
                    <thead><tr><th>"Solitaire"</th><th>"Best score"</th><th>"Best single play"</th></tr></thead>
                    <tbody>
                        {[Mode::Theory, Mode::Standard]
                            .into_iter()
                            .map(|mode| {
                                let best = move || table.bests.with(|b| b.get(mode));
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
