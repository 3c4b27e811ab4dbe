//! Who plays: the Play tab's two forms of seats, as components. Pass and Play's four seats (a
//! name, and a person or a computer level each) and Against the computer's opponent level and
//! count are held in [`Seats`], signals that the Start buttons read
//! (`play_menu::start_pass_and_play`, `play_computer`); a refusal of the names is one of them,
//! drawn from it. Each field's `input` event keeps its value in its signal, so nothing is read
//! back from the page. The Pass and Play form starts empty each time the Play tab is built;
//! Against the computer shows the choice made before.

use super::play_menu::{level_options, said};
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
    /// seats until they change or the next Start.
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

impl Seats {
    /// Seat `i`'s name, as typed.
    pub fn name_typed(self, i: usize, name: String) {
        if let Some(seat) = self.names.get(i) {
            seat.set(name);
            self.mended();
        }
    }

    /// Who plays seat `i`, as chosen: a level's code, or anything else for a person.
    pub fn player_chosen(self, i: usize, code: &str) {
        if let Some(seat) = self.levels.get(i) {
            seat.set(Level::parse(code));
            self.mended();
        }
    }

    /// The seats changed: a refusal showing goes (it spoke of the seats as they were).
    fn mended(self) {
        if self.refused.with_untracked(Option::is_some) {
            self.refused.set(None);
        }
    }
}

/// Pass and Play's seat `i`: a name field and who plays it.
fn seat(seats: Seats, i: usize) -> impl IntoView {
    let n = i + 1;
    let placeholder = if n <= 2 { "Name" } else { "(optional)" };
    view! {
        <div class="name-field">
            <label>
                <span>{format!("Player {n}")}</span>
                <input
                    type="text"
                    maxlength="40"
                    autocomplete="off"
                    placeholder=placeholder
                    aria-label=format!("Player {n}")
                    on:input=move |ev| seats.name_typed(i, event_target_value(&ev))
                />
            </label>
            <select
                aria-label=format!("Player {n} plays as")
                on:input=move |ev| seats.player_chosen(i, &event_target_value(&ev))
            >
                {level_options(true, None)}
            </select>
        </div>
    }
}

/// Pass and Play's heading and four seats; a refusal of the names shows below them.
#[component]
pub fn PassAndPlaySeats() -> impl IntoView {
    let seats = expect_context::<Store>().seats();
    // a new form each time the Play tab is built (after a game): empty, as its fields are
    for (name, level) in seats.names.iter().zip(&seats.levels) {
        name.set(String::new());
        level.set(None);
    }
    seats.refused.set(None);
    view! {
        <h2 id="pnp-h">"Pass and Play"</h2>
        <p>"2–4 players share this device; players 3 and 4 may stay blank, and any seat may be a computer player."</p>
        <div class="names pnp-seats">{(0..4).map(|i| seat(seats, i)).collect_view()}</div>
        <div class="pnp-error">{said(Box::new(move || seats.refused.get().map(|why| (true, why))))}</div>
    }
}

/// Against the computer: its level and how many opponents, and what each level is like.
#[component]
pub fn ComputerSeats() -> impl IntoView {
    let seats = expect_context::<Store>().seats();
    let count = seats.opponents.get_untracked();
    let opponent = move |ev| {
        if let Some(level) = Level::parse(&event_target_value(&ev)) {
            seats.opponent.set(level);
        }
    };
    let opponents = move |ev| {
        if let Ok(n) = event_target_value(&ev).parse::<usize>() {
            seats.opponents.set(n.clamp(1, 3));
        }
    };
    let about = |level: Level| {
        view! {
            <li><b>{level.name()}</b>{format!(" ({}): {}.", level.hardness(), level.about())}</li>
        }
    };
    view! {
        <h2 id="computer-h">"Against the computer"</h2>
        <p>"You against one to three computer players, who move by themselves. Hints are allowed."</p>
        <div class="names solo-seats">
            <label class="name-field">
                <span>"Opponent"</span>
                <select aria-label="Opponent" on:input=opponent>
                    {level_options(false, Some(seats.opponent.get_untracked()))}
                </select>
            </label>
            <label class="name-field">
                <span>"Opponents"</span>
                <select aria-label="How many opponents" on:input=opponents>
                    {[1, 2, 3].map(|n| view! { <option selected=n == count>{n}</option> })}
                </select>
            </label>
        </div>
        <ul class="levels">{Level::ALL.map(about)}</ul>
    }
}
