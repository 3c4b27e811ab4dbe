//! Speed Lab's turn timer (a table variant, RULES §10): 60 seconds for each person's turn,
//! shown under the rack, above its buttons, said to a screen reader at 10 seconds left, and when it runs out the
//! session passes the turn (`Session::time_out`: the tiles go back). It runs only while a
//! person's turn is on screen: not on the hand-off, not for a computer, not while another
//! device's seat is to move. A reload starts the turn's minute again.
//!
//! An interval four times a second sets the seconds left, a signal of the component's own,
//! when they change.

use super::drawn::{redrawn, IntoDrawn};
use super::Store;
use crate::session::Screen;
use leptos::prelude::*;
use std::time::Duration;

/// The seconds left at which the timer is said aloud and turns red.
const WARN_AT: i32 = 10;

/// The clock, first in the turn's controls of a Speed Lab game: it runs for as long as the
/// controls are on screen (they are built again for the next person's turn after a hand-off).
#[component]
pub fn TurnTimer(seconds: u32) -> impl IntoView {
    let store = expect_context::<Store>();
    // the seconds left shown (none between a person's turns)
    let left = RwSignal::new(None::<i32>);
    // the turn being timed (its number; `usize::MAX` for none) and when its time runs out (ms
    // since the epoch): bookkeeping nothing shows
    let timed = StoredValue::new((usize::MAX, 0.0));
    let turn_ms = f64::from(seconds) * 1000.0;
    let tick = move || tick(store, turn_ms, timed, left);
    // the first tick as soon as the controls are on the page, then four a second
    super::engine::after(0, tick);
    let handle = set_interval_with_handle(tick, Duration::from_millis(250)).ok();
    on_cleanup(move || {
        if let Some(handle) = handle {
            handle.clear();
        }
    });
    view! {
        <div class="turn-timer">
            <p class="timer" role="timer" aria-label="Time left in this turn">
                {redrawn(Box::new(move || left.get().map(|left| view! {
                    <span class:warn=left <= WARN_AT>{format!("{}:{:02}", left / 60, left % 60)}</span>
                    " left"
                }).drawn()))}
            </p>
            // said once, at ten seconds left: the text then stays until the turn ends
            <p class="vh timer-said" aria-live="assertive">
                {move || left.get().is_some_and(|left| left <= WARN_AT).then_some("10 seconds left in this turn.")}
            </p>
        </div>
    }
}

/// One look at the clock: the seconds left are set when they change, and the session passes the
/// turn when they run out.
fn tick(store: Store, turn_ms: f64, timed: StoredValue<(usize, f64)>, left: RwSignal<Option<i32>>) {
    // the controls were taken off the page (the turn ended) while this tick was due: the
    // clock has gone with them
    let Some((was, mut ends)) = timed.try_get_value() else {
        return;
    };
    let now = js_sys::Date::now();
    let turn = store.with_session_untracked(|s| {
        let s = s?;
        let ours = s.screen() == Screen::Turn && s.wants_computer_move().is_none();
        ours.then(|| s.game().turns().len())
    });
    let Some(turn) = turn else {
        // no person's turn: the clock goes
        timed.try_set_value((usize::MAX, 0.0));
        if left.try_get_untracked().flatten().is_some() {
            left.try_set(None);
        }
        return;
    };
    if was != turn {
        ends = now + turn_ms;
        timed.try_set_value((turn, ends));
    }
    let seconds = ((ends - now) / 1000.0).ceil() as i32;
    if seconds <= 0 {
        timed.try_set_value((usize::MAX, 0.0));
        return store.act(|s| s.time_out());
    }
    // the page changes once a second
    if left.try_get_untracked() != Some(Some(seconds)) {
        left.try_set(Some(seconds));
    }
}
