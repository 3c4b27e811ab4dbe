//! Speed Lab's turn timer (a table variant, RULES §10): 60 seconds for each person's turn,
//! shown under the rack, above its buttons, said to a screen reader at 10 seconds left, and when it runs out the
//! session passes the turn (`Session::time_out`: the tiles go back). It runs only while a
//! person's turn is on screen: not on the hand-off, not for a computer, not while another
//! device's seat is to move. A reload starts the turn's minute again.
//!
//! An interval four times a second writes the seconds into the page directly when they change
//! (no signal of its own).

use super::dom::set_html;
use super::markup::{html, Html};
use super::Store;
use crate::session::Screen;
use leptos::prelude::*;
use std::cell::Cell;
use std::time::Duration;

/// The seconds left at which the timer is said aloud and turns red.
const WARN_AT: i32 = 10;

// A thread-local, not a signal: the clock is written into its element once a second by the
// browser's interval, and a turn's time is not part of the game (a reload starts it afresh).
thread_local! {
    /// The turn being timed (its number; `usize::MAX` for none), when its time runs out (ms
    /// since the epoch) and the seconds left last shown.
    static TIMED: Cell<(usize, f64, i32)> = const { Cell::new((usize::MAX, 0.0, 0)) };
}

/// The timer's place, first in the turn's controls (written only for a Speed Lab game).
pub const MARKUP: &str = "<div class=\"turn-timer\"><p class=\"timer\" role=\"timer\" \
    aria-label=\"Time left in this turn\"></p><p class=\"vh timer-said\" \
    aria-live=\"assertive\"></p></div>";

/// Starts the clock of a game with a turn timer, for as long as the turn's controls are on
/// screen (they are built again for the next person's turn after a hand-off).
pub fn run(store: Store, seconds: u32) {
    TIMED.set((usize::MAX, 0.0, 0));
    let tick = move || tick(store, f64::from(seconds) * 1000.0);
    // the first tick as soon as the controls are on the page, then four a second
    super::engine::after(0, tick);
    let handle = set_interval_with_handle(tick, Duration::from_millis(250)).ok();
    on_cleanup(move || {
        if let Some(handle) = handle {
            handle.clear();
        }
    });
}

fn tick(store: Store, turn_ms: f64) {
    let now = js_sys::Date::now();
    let timed = store.with_session_untracked(|s| {
        let s = s?;
        let ours = s.screen() == Screen::Turn && s.wants_computer_move().is_none();
        ours.then(|| s.game().turns().len())
    });
    let Some(turn) = timed else {
        // no person's turn: the clock goes, once
        if TIMED.replace((usize::MAX, 0.0, 0)).0 != usize::MAX {
            set_html(".turn-timer .timer", &Html::new());
        }
        return;
    };
    let (was, mut ends, shown) = TIMED.get();
    if was != turn {
        ends = now + turn_ms;
        set_html(".turn-timer .timer-said", &Html::new());
    }
    let left = ((ends - now) / 1000.0).ceil() as i32;
    if left <= 0 {
        TIMED.set((usize::MAX, 0.0, 0));
        return store.act(|s| s.time_out());
    }
    TIMED.set((turn, ends, left));
    // the page changes once a second, and the warning is said once
    if was == turn && left == shown {
        return;
    }
    let warn = if left <= WARN_AT {
        html!(" class=\"warn\"")
    } else {
        Html::new()
    };
    let clock = format!("{}:{:02}", left / 60, left % 60);
    set_html(
        ".turn-timer .timer",
        &html!("<span{}>{}</span> left", warn, clock),
    );
    if left == WARN_AT {
        set_html(
            ".turn-timer .timer-said",
            &html!("10 seconds left in this turn."),
        );
    }
}
