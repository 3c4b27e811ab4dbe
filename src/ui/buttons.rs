//! Buttons that run an intent: one typed [`Intent`] per button and one function that builds
//! every such button, so the page holds one copy of a button's code however many there are
//! (a button's view written out in each screen cost the first load far more).

use super::Store;
use crate::session::Session;
use leptos::prelude::*;
use molscrab_engine::turn::Turn;

/// What a button does: an intent of the session (Submit, Recall …), or of the store (Hint,
/// Export, Save and leave …).
#[derive(Clone, Copy)]
pub enum Intent {
    Session(fn(&mut Session) -> Option<Turn>),
    Store(fn(&Store)),
}

/// A button: its class, its words and what it does.
#[derive(Clone, Copy)]
pub struct Button {
    pub class: &'static str,
    pub label: &'static str,
    pub intent: Intent,
}

impl Store {
    /// Runs `intent`, then mends keyboard focus (a button that hid itself, a screen that
    /// changed).
    pub fn run(&self, intent: Intent) {
        match intent {
            Intent::Session(f) => self.act(f),
            Intent::Store(f) => f(self),
        }
        super::focus::restore_after_tap();
    }
}

/// The button `b`.
pub fn button(store: Store, b: Button) -> impl IntoView {
    view! { <button class=b.class on:click=move |_| store.run(b.intent)>{b.label}</button> }
}

/// The buttons `list`, in order.
pub fn buttons(store: Store, list: &[Button]) -> impl IntoView {
    list.iter().map(|&b| button(store, b)).collect_view()
}
