//! Who plays: the Play tab's two forms of seats, as components. Pass and Play's four seats (a
//! name, and a person or a computer level each) and Against the computer's opponent level and
//! count are held in [`Seats`], signals that the Start buttons read
//! (`play_menu::start_pass_and_play`, `play_computer`); a refusal of the names is one of them,
//! drawn from it. The fields are fixed markup (each with its `data-field`): the form's one
//! `input` handler ([`taken`]) keeps each change in its signal, so nothing is read back from
//! the page. (Fields written as views cost 6 KB of the first load's gzip, measured: more than
//! the budget had.) The Pass and Play form starts empty each time the Play tab is built;
//! Against the computer shows the choice made before.

use super::markup::{self, html, Html};
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
    /// Takes a field's value into its signal; `field` is the field's `data-field`: `name0`…
    /// `name3`, `level0`… `level3`, `opponent` or `opponents`. Anything else changes nothing.
    /// A refusal of the seats goes once a name or a seat's player changes: it spoke of the
    /// seats as they were.
    pub fn take(self, field: &str, value: String) {
        let seat = |prefix: &str| {
            field
                .strip_prefix(prefix)
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|&n| n < 4)
        };
        if let Some(i) = seat("name") {
            self.names[i].set(value);
            self.mended();
        } else if let Some(i) = seat("level") {
            self.levels[i].set(Level::parse(&value));
            self.mended();
        } else if field == "opponent" {
            if let Some(level) = Level::parse(&value) {
                self.opponent.set(level);
            }
        } else if field == "opponents" {
            if let Ok(n) = value.parse::<usize>() {
                self.opponents.set(n.clamp(1, 3));
            }
        }
    }
}

impl Seats {
    /// The seats changed: a refusal showing goes.
    fn mended(self) {
        if self.refused.with_untracked(Option::is_some) {
            self.refused.set(None);
        }
    }
}

/// The forms' one handler, on each form's container: a field's `input` event (a select fires
/// one too) says which field (`data-field`) and its value, and [`Seats::take`] keeps it.
fn taken(seats: Seats) -> impl FnMut(leptos::ev::Event) + 'static {
    move |ev| {
        use wasm_bindgen::JsCast;
        let field = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("data-field"));
        if let Some(field) = field {
            seats.take(&field, event_target_value(&ev));
        }
    }
}

/// The options of who plays a seat: a person (where `person`) or a computer level ("Chemist
/// (medium)"), `chosen` selected. Fixed words: markup, written once.
fn level_options(person: bool, chosen: Option<Level>) -> Html {
    let selected = |yes: bool| match yes {
        true => Html::lit(" selected"),
        false => Html::new(),
    };
    let mut html = Html::new();
    if person {
        html.push(&html!(
            "<option value=\"\"{}>Person</option>",
            selected(chosen.is_none())
        ));
    }
    for level in Level::ALL {
        html.push(&html!(
            "<option value={}{}>{} ({})</option>",
            level.code(),
            selected(chosen == Some(level)),
            level.name(),
            level.hardness()
        ));
    }
    html
}

/// Pass and Play's four seats: a name field and who plays it, each with its `data-field`
/// ([`Seats::take`]). Fixed markup, written once: what is typed lives in [`Seats`].
fn seats_html() -> Html {
    (1..=4)
        .map(|n| {
            let placeholder = if n <= 2 { "Name" } else { "(optional)" };
            html!(
                "<div class=\"name-field\"><label><span>Player {}</span><input type=\"text\" \
                 maxlength=\"40\" autocomplete=\"off\" placeholder={} aria-label=\"Player \
                 {}\" data-field=\"name{}\"></label><select aria-label=\"Player {} plays as\" \
                 data-field=\"level{}\">{}</select></div>",
                n,
                placeholder,
                n,
                n - 1,
                n,
                n - 1,
                level_options(true, None)
            )
        })
        .collect()
}

/// Pass and Play's heading and four seats; a refusal of the names shows below them.
#[component]
pub fn PassAndPlaySeats() -> impl IntoView {
    let seats = expect_context::<Store>().seats();
    // a new form each time the Play tab is built (after a game): empty, as its fields are
    for (name, level) in seats.names.iter().zip(&seats.levels) {
        name.update_untracked(String::clear);
        level.update_untracked(|l| *l = None);
    }
    let refused = seats.refused;
    refused.update_untracked(|r| *r = None);
    view! {
        <div inner_html=markup::fixed(html!(PASS_AND_PLAY))></div>
        <div class="names pnp-seats" on:input=taken(seats) inner_html=markup::fixed(seats_html())></div>
        <div class="pnp-error" inner_html=markup::live(move || {
            refused.with(|why| why.as_deref().map(super::play_menu::refusal_html).unwrap_or_default())
        })></div>
    }
}

const PASS_AND_PLAY: &str = "<h2 id=\"pnp-h\">Pass and Play</h2><p>2–4 players share this \
    device; players 3 and 4 may stay blank, and any seat may be a computer player.</p>";

const AGAINST_THE_COMPUTER: &str = "<h2 id=\"computer-h\">Against the computer</h2><p>You \
    against one to three computer players, who move by themselves. Hints are allowed.</p>";

/// Against the computer: its level and how many opponents, and what each level is like.
#[component]
pub fn ComputerSeats() -> impl IntoView {
    let seats = expect_context::<Store>().seats();
    let count = seats.opponents.get_untracked();
    let counts: Html = (1..=3)
        .map(|n| match n == count {
            true => html!("<option selected>{}</option>", n),
            false => html!("<option>{}</option>", n),
        })
        .collect();
    view! {
        <div inner_html=markup::fixed(html!(AGAINST_THE_COMPUTER))></div>
        <div class="names solo-seats" on:input=taken(seats)>
            <label class="name-field">
                <span>"Opponent"</span>
                <select
                    aria-label="Opponent"
                    data-field="opponent"
                    inner_html=markup::fixed(level_options(false, Some(seats.opponent.get_untracked())))
                ></select>
            </label>
            <label class="name-field">
                <span>"Opponents"</span>
                <select
                    aria-label="How many opponents"
                    data-field="opponents"
                    inner_html=markup::fixed(counts)
                ></select>
            </label>
        </div>
        <ul class="levels" inner_html=markup::fixed(crate::pages::level_items(""))></ul>
    }
}
