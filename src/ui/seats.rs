//! Who plays: the Play tab's two forms of seats, as components. Pass and Play's four seats (a
//! name, and a person or a computer level each) and Against the computer's opponent level and
//! count are held in [`Seats`], signals the fields are bound to and the Start buttons read
//! (`play_menu::start_pass_and_play`, `play_computer`); a refusal of the names is one of them.
//! They live as long as the page, so a form shows what was chosen before a game.

use super::Store;
use leptos::prelude::*;
use molscrab_engine::computer::Level;

/// The seats' fields, for the forms and the buttons that start a game from them.
#[derive(Clone, Copy)]
pub struct Seats {
    /// Pass and Play: each seat's name as typed ("" for none)...
    pub names: [RwSignal<String>; 4],
    /// ...and who plays it: a person (`None`) or a computer level.
    pub levels: [RwSignal<Option<Level>>; 4],
    /// Why the last Start pass and play was refused (the engine's sentence), shown under the
    /// seats until the next Start.
    pub refused: RwSignal<Option<String>>,
    /// Against the computer: the opponents' level and how many (1–3).
    pub opponent: RwSignal<Level>,
    pub opponents: RwSignal<usize>,
}

impl Default for Seats {
    fn default() -> Seats {
        Seats {
            names: std::array::from_fn(|_| RwSignal::new(String::new())),
            levels: std::array::from_fn(|_| RwSignal::new(None)),
            refused: RwSignal::new(None),
            opponent: RwSignal::new(Level::Chemist),
            opponents: RwSignal::new(1),
        }
    }
}

/// A level's option: "Chemist (medium)".
fn level_option(level: Level, chosen: bool) -> impl IntoView {
    view! {
        <option value=level.code() selected=chosen>
            {level.name()} " (" {level.hardness()} ")"
        </option>
    }
}

/// Pass and Play's heading and four seats: a name and who plays it; a refusal of the names
/// shows below them.
#[component]
pub fn PassAndPlaySeats() -> impl IntoView {
    let seats = expect_context::<Store>().seats();
    let seat = move |i: usize| {
        let n = i + 1;
        let chosen = seats.levels[i].get_untracked();
        view! {
            <div class="name-field">
                <label>
                    <span>"Player " {n}</span>
                    <input
                        type="text"
                        maxlength="40"
                        autocomplete="off"
                        placeholder=if n <= 2 { "Name" } else { "(optional)" }
                        aria-label=format!("Player {n}")
                        bind:value=seats.names[i]
                    />
                </label>
                <select
                    aria-label=format!("Player {n} plays as")
                    on:change=move |ev| seats.levels[i].set(Level::parse(&event_target_value(&ev)))
                >
                    <option value="" selected=chosen.is_none()>"Person"</option>
                    {Level::ALL.map(|level| level_option(level, chosen == Some(level)))}
                </select>
            </div>
        }
    };
    view! {
        <h2 id="pnp-h">"Pass and Play"</h2>
        <p>
            "2–4 players share this device; players 3 and 4 may stay blank, and any seat may be a computer player."
        </p>
        <div class="names pnp-seats">{(0..4).map(seat).collect_view()}</div>
        <div class="pnp-error">
            {move || seats.refused.get().map(|why| view! { <p class="notice refused" role="alert">{why}</p> })}
        </div>
    }
}

/// Against the computer: its level and how many opponents, and what each level is like.
#[component]
pub fn ComputerSeats() -> impl IntoView {
    let seats = expect_context::<Store>().seats();
    let (level, count) = (
        seats.opponent.get_untracked(),
        seats.opponents.get_untracked(),
    );
    view! {
        <h2 id="computer-h">"Against the computer"</h2>
        <p>"You against one to three computer players, who move by themselves. Hints are allowed."</p>
        <div class="names solo-seats">
            <label class="name-field">
                <span>"Opponent"</span>
                <select
                    aria-label="Opponent"
                    on:change=move |ev| {
                        if let Some(level) = Level::parse(&event_target_value(&ev)) {
                            seats.opponent.set(level);
                        }
                    }
                >
                    {Level::ALL.map(|l| level_option(l, l == level))}
                </select>
            </label>
            <label class="name-field">
                <span>"Opponents"</span>
                <select
                    aria-label="How many opponents"
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                            seats.opponents.set(n.clamp(1, 3));
                        }
                    }
                >
                    {[1, 2, 3].map(|n| view! { <option selected=n == count>{n}</option> })}
                </select>
            </label>
        </div>
        <ul class="levels">
            {Level::ALL
                .map(|level| {
                    view! {
                        <li>
                            <b>{level.name()}</b>
                            " (" {level.hardness()} "): " {level.about()} "."
                        </li>
                    }
                })}
        </ul>
    }
}
